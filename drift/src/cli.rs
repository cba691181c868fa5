//! `drift --base REV | --old DIR --new DIR [--format text|json|markdown|github]
//! [--config FILE] [--allowlist FILE] [--default-dialect DIALECT]`

use crate::{report, Allowlist, Config, SchemaFile};
use std::path::Path;
use std::process::Command;

const USAGE: &str = "usage: drift (--base REV | --old DIR --new DIR | --upstream DIR | --families DIR)
             [--format text|json|markdown|github] [--config FILE] [--allowlist FILE]
             [--default-dialect draft-04|draft-06|draft-07|2019-09|2020-12]

Compares the schemas/ directory at git revision REV with the working tree's
(or two directories), classifies each change by whom it breaks, and checks the
declared versions. --upstream DIR compares the vendored schemas/ with a newer
upstream release unpacked in DIR and names where each was vendored from.
--families DIR reports every family of schemas in DIR that differ only by the
version in their file name (the drift-in-the-wild report).
--default-dialect says how schemas without `$schema` are read (default: the
config's `default.default_dialect`, else the generator's, 2020-12); `schemas`
entries of the config that set `default_dialect` still win for their files.
Exit 0: nothing breaks beyond what versions, policy and the allowlist permit;
1: drift (a removed schema counts, unless allowlisted or the policy allows
removal); 2: usage or input error, or a schema that could not be read (each
such schema is reported with its error, and every other one is compared).
Defaults: --config drift.config.json and --allowlist drift-allowlist.json
in the repository root, when they exist.";

/// Runs the drift gate; `args` excludes the program name. Returns the exit code.
pub fn run_cli(args: &[String], repo_root: &Path) -> i32 {
    run_cli_with(args, repo_root, &contracts_codegen::Settings::new())
}

/// [`run_cli`] reading schemas with `settings` (where referenced documents
/// are found: `Settings::with_local_schemas`, `with_retriever`); the
/// config's `format_assertion` and dialects still apply.
pub fn run_cli_with(args: &[String], repo_root: &Path, settings: &contracts_codegen::Settings) -> i32 {
    match run(args, repo_root, settings) {
        Ok((text, code)) => {
            print!("{text}");
            code
        }
        Err(e) => {
            eprintln!("drift: {e}");
            2
        }
    }
}

struct Opts {
    base: Option<String>,
    old: Option<String>,
    new: Option<String>,
    format: String,
    config: Option<String>,
    allowlist: Option<String>,
    upstream: Option<String>,
    families: Option<String>,
    default_dialect: Option<contracts_codegen::Dialect>,
}

fn parse(args: &[String]) -> Result<Opts, String> {
    let mut o =
        Opts { base: None, old: None, new: None, format: "text".into(), config: None, allowlist: None, upstream: None, families: None, default_dialect: None };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let (flag, inline) = match a.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f.to_owned(), Some(v.to_owned())),
            _ => (a.clone(), None),
        };
        if flag == "-h" || flag == "--help" {
            return Err(USAGE.into());
        }
        let mut value = || inline.clone().or_else(|| it.next().cloned()).ok_or(format!("{flag} needs a value\n{USAGE}"));
        match flag.as_str() {
            "--base" => o.base = Some(value()?),
            "--old" => o.old = Some(value()?),
            "--new" => o.new = Some(value()?),
            "--format" => o.format = value()?,
            "--config" => o.config = Some(value()?),
            "--allowlist" => o.allowlist = Some(value()?),
            "--upstream" => o.upstream = Some(value()?),
            "--families" => o.families = Some(value()?),
            "--default-dialect" => o.default_dialect = Some(crate::config::parse_dialect(&value()?).map_err(|e| format!("--default-dialect: {e}\n{USAGE}"))?),
            other => return Err(format!("unknown argument `{other}`\n{USAGE}")),
        }
    }
    if !matches!(o.format.as_str(), "text" | "json" | "markdown" | "github") {
        return Err(format!("--format must be text, json, markdown or github\n{USAGE}"));
    }
    match (&o.base, &o.old, &o.new, &o.upstream, &o.families) {
        (Some(_), None, None, None, None) | (None, Some(_), Some(_), None, None) | (None, None, None, Some(_), None) | (None, None, None, None, Some(_)) => {
            Ok(o)
        }
        _ => Err(format!("give one of --base REV, --old DIR with --new DIR, --upstream DIR, --families DIR\n{USAGE}")),
    }
}

fn run(args: &[String], root: &Path, settings: &contracts_codegen::Settings) -> Result<(String, i32), String> {
    let o = parse(args)?;
    if let Some(dir) = &o.families {
        let steps = crate::families::steps(&root.join(dir))?;
        return Ok((crate::families::markdown(dir, &steps), 0));
    }
    let mut config = match &o.config {
        Some(p) => Config::parse(&read(&root.join(p))?).map_err(|e| format!("{p}: {e}"))?,
        None => {
            let p = root.join("drift.config.json");
            if p.is_file() {
                Config::parse(&read(&p)?).map_err(|e| format!("drift.config.json: {e}"))?
            } else {
                Config::default()
            }
        }
    };
    if let Some(d) = o.default_dialect {
        config.default.default_dialect = d;
    }
    let allowlist = match &o.allowlist {
        Some(p) => Allowlist::parse(&read(&root.join(p))?).map_err(|e| format!("{p}: {e}"))?,
        None => {
            let p = root.join("drift-allowlist.json");
            if p.is_file() {
                Allowlist::parse(&read(&p)?).map_err(|e| format!("drift-allowlist.json: {e}"))?
            } else {
                Allowlist::default()
            }
        }
    };
    let mut header = String::new();
    let (old, new) = match (&o.base, &o.old, &o.new, &o.upstream) {
        (Some(rev), _, _, _) => (git_schemas(root, rev)?, read_dir(&root.join("schemas"), "schemas")?),
        (_, Some(a), Some(b), _) => (read_dir(&root.join(a), a)?, read_dir(&root.join(b), b)?),
        (_, _, _, Some(up)) => {
            header = vendored_header(root, up);
            (read_dir(&root.join("schemas"), "schemas")?, read_dir(&root.join(up), up)?)
        }
        _ => return Err(USAGE.into()),
    };
    let r = crate::compare_sets_with(&old, &new, &config, &allowlist, settings)?;
    let text = match o.format.as_str() {
        "json" => format!("{}\n", serde_json::to_string_pretty(&report::to_json(&r)).unwrap_or_default()),
        "markdown" => report::to_markdown(&r),
        "github" => report::to_github(&r),
        _ => report::to_text(&r),
    };
    let text = if matches!(o.format.as_str(), "text" | "markdown") { format!("{header}{text}") } else { text };
    Ok((text, r.exit_code()))
}

/// What the lock file says each schema was vendored from, for `--upstream`.
fn vendored_header(root: &Path, upstream: &str) -> String {
    let lock: serde_json::Value =
        std::fs::read_to_string(root.join("generated/schemas.lock.json")).ok().and_then(|t| serde_json::from_str(&t).ok()).unwrap_or_default();
    let mut out = format!("Vendored schemas against the upstream release in {upstream}:\n");
    for s in lock.get("schemas").and_then(|s| s.as_array()).into_iter().flatten() {
        let from = &s["vendored_from"];
        let versions: Vec<String> = s["declared_versions"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|v| format!("{} {}", v["source"].as_str().unwrap_or(""), v["version"].as_str().unwrap_or("")))
            .collect();
        out.push_str(&format!(
            "  {} vendored from {} {}; declares {}\n",
            s["path"].as_str().unwrap_or("?"),
            from["package"].as_str().unwrap_or("(unknown)"),
            from["version"].as_str().unwrap_or(""),
            if versions.is_empty() { "no version".to_owned() } else { versions.join(", ") }
        ));
    }
    out.push('\n');
    out
}

fn read(p: &Path) -> Result<String, String> {
    std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))
}

/// The `*.json` files directly in `dir`, reported as `shown/NAME`.
pub fn read_dir(dir: &Path, shown: &str) -> Result<Vec<SchemaFile>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut names: Vec<String> = entries
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_file())
        .filter_map(|e| e.file_name().to_str().map(str::to_owned))
        .filter(|n| n.ends_with(".json"))
        .collect();
    names.sort();
    let shown = shown.trim_end_matches('/');
    names
        .into_iter()
        .map(|n| {
            let text = read(&dir.join(&n))?;
            Ok(SchemaFile { path: format!("{shown}/{n}"), rel: n, text })
        })
        .collect()
}

fn git(root: &Path, args: &[&str]) -> Result<String, String> {
    let out = Command::new("git").arg("-C").arg(root).args(args).output().map_err(|e| format!("cannot run git: {e}"))?;
    if !out.status.success() {
        return Err(format!("git {}: {}", args.join(" "), String::from_utf8_lossy(&out.stderr).trim()));
    }
    String::from_utf8(out.stdout).map_err(|_| format!("git {}: output is not UTF-8", args.join(" ")))
}

/// The `schemas/*.json` files at `rev`.
pub fn git_schemas(root: &Path, rev: &str) -> Result<Vec<SchemaFile>, String> {
    if rev.starts_with('-') {
        return Err(format!("`{rev}` is not a revision"));
    }
    git(root, &["rev-parse", "--verify", "--quiet", &format!("{rev}^{{commit}}")]).map_err(|_| format!("unknown git revision `{rev}`"))?;
    let list = git(root, &["ls-tree", "--name-only", &format!("{rev}:schemas")]).unwrap_or_default();
    let mut names: Vec<&str> = list.lines().filter(|n| n.ends_with(".json") && !n.contains('/')).collect();
    names.sort();
    let mut out = Vec::new();
    for n in names {
        let text = git(root, &["show", &format!("{rev}:schemas/{n}")])?;
        out.push(SchemaFile { rel: n.to_owned(), path: format!("schemas/{n}"), text });
    }
    Ok(out)
}
