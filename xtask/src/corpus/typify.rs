//! `--compare`: typify 0.8 (types only) on the same schemas and documents.
//!
//! typify lives in its own cargo project, `xtask/typify-compare/` (own
//! workspace, lock file and target dir), so it never enters the main
//! workspace's dependency graph. Its binary generates one schema; like our
//! generator it runs one child process per schema with a time limit, since
//! typify panics or hangs on many schemas. Failures are categorised: `schema
//! not parsed` (not a schemars 0.8 `RootSchema`), `error` (typify returned an
//! error), `panic` (or `stack overflow`, `crash`), `time limit`.
//!
//! The modules are compiled together in `target/corpus-typify/` (the same
//! temporary-crate machinery as ours, `build.rs`), and each readable test
//! document is deserialised into the root type with `serde_json::from_value`:
//! `Ok` is typify's "accepted" (serde acceptance is its verdict). typify only
//! emits a root type for a root schema with a `title` (named after it); a
//! root without one is given the title `TypifyCorpusRoot` first. A module
//! that still has no root type (a boolean schema) runs no documents.

use super::build::{Flavor, Module, TempCrate};
use super::generate::run_limited;
use super::layout;
use anyhow::{bail, Context, Result};
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// typify's time limit per schema (the baseline used 20 s).
pub const TIMEOUT: Duration = Duration::from_secs(20);

/// The title given to a root schema without one.
const FALLBACK_ROOT: &str = "TypifyCorpusRoot";

/// typify on one schema.
#[derive(Default)]
pub struct SchemaResult {
    pub name: String,
    pub generated: bool,
    pub compiled: bool,
    /// `typify: panic`, `typify: error`, `typify: time limit`, `typify:
    /// schema not parsed`, `typify: compile: E0xxx`, ...
    pub reason: Option<String>,
    pub error: Option<String>,
    pub root_type: Option<String>,
    /// Whether the schema had its own title (else the fallback name).
    pub titled: bool,
    pub millis: f64,
    pub positives: usize,
    pub positives_accepted: usize,
    pub negatives: usize,
    pub negatives_rejected: usize,
    /// Positives rejected (with serde's message) and negatives accepted.
    pub failures: Vec<Value>,
}

/// typify on the corpus.
pub struct Report {
    pub schemas: Vec<SchemaResult>,
    pub generate_wall: f64,
    pub compile_wall: f64,
    pub documents_wall: f64,
}

/// Totals, for the side-by-side table.
#[derive(Clone, Copy, Default)]
pub struct Figures {
    pub schemas: usize,
    pub generated: usize,
    pub compiled: usize,
    /// Schemas whose documents were run (compiled, with a root type, with at
    /// least one readable test document).
    pub run: usize,
    pub positives: usize,
    pub positives_accepted: usize,
    pub negatives: usize,
    pub negatives_rejected: usize,
}

impl Figures {
    /// One schema's document counts.
    pub fn tally(positives: usize, positives_accepted: usize, negatives: usize, negatives_rejected: usize) -> Figures {
        Figures { run: 1, positives, positives_accepted, negatives, negatives_rejected, ..Figures::default() }
    }

    fn add(&mut self, o: &Figures) {
        self.run += o.run;
        self.positives += o.positives;
        self.positives_accepted += o.positives_accepted;
        self.negatives += o.negatives;
        self.negatives_rejected += o.negatives_rejected;
    }
}

impl Report {
    pub fn figures(&self) -> Figures {
        let mut f = Figures { schemas: self.schemas.len(), ..Figures::default() };
        for s in &self.schemas {
            f.generated += s.generated as usize;
            f.compiled += s.compiled as usize;
            f.run += (s.positives + s.negatives > 0) as usize;
            f.positives += s.positives;
            f.positives_accepted += s.positives_accepted;
            f.negatives += s.negatives;
            f.negatives_rejected += s.negatives_rejected;
        }
        f
    }

    /// How many schemas failed for each reason.
    pub fn reasons(&self) -> BTreeMap<String, usize> {
        let mut m = BTreeMap::new();
        for s in &self.schemas {
            if let Some(r) = &s.reason {
                *m.entry(r.clone()).or_default() += 1;
            }
        }
        m
    }

    /// The `typify` object of the `--json` report.
    pub fn to_json(&self) -> Value {
        let f = self.figures();
        let per_schema: Vec<Value> = self
            .schemas
            .iter()
            .map(|s| {
                json!({
                    "schema": s.name, "generated": s.generated, "compiled": s.compiled,
                    "reason": s.reason, "error": s.error, "root_type": s.root_type, "titled": s.titled,
                    "generate_millis": (s.millis * 10.0).round() / 10.0,
                    "positives": s.positives, "positives_accepted": s.positives_accepted,
                    "negatives": s.negatives, "negatives_rejected": s.negatives_rejected,
                    "failures": s.failures,
                })
            })
            .collect();
        json!({
            "version": "0.8",
            "timeout_seconds": TIMEOUT.as_secs(),
            "schemas": f.schemas, "generated": f.generated, "compiled": f.compiled, "schemas_run": f.run,
            "positives": f.positives, "positives_accepted": f.positives_accepted,
            "negatives": f.negatives, "negatives_rejected": f.negatives_rejected,
            "failures_by_reason": self.reasons(),
            "seconds": {"generate_wall": self.generate_wall, "compile": self.compile_wall, "documents": self.documents_wall},
            "per_schema": per_schema,
        })
    }
}

/// The temporary crate's flavour for typify's output: plain serde types
/// (plus `regress` for patterns, `chrono` and `uuid` for formats), versions
/// pinned by typify-compare's lock file; the verdict is serde's.
fn flavor(repo: &Path) -> Flavor {
    Flavor {
        label: "typify",
        deps: concat!(
            "serde = { version = \"1\", features = [\"derive\"] }\n",
            "serde_json = \"1\"\n",
            "regress = \"0.12\"\n",
            "chrono = { version = \"0.4\", default-features = false, features = [\"serde\", \"std\"] }\n",
            "uuid = { version = \"1\", default-features = false, features = [\"serde\", \"std\"] }\n",
        )
        .to_owned(),
        lock: project(repo).join("Cargo.lock"),
        sources: Vec::new(),
        check: |m| match &m.root_type {
            Some(t) => format!("::serde_json::from_value::<{t}>(v).map(|_| ()).map_err(|e| (\"serde\".to_owned(), e.to_string()))"),
            None => "{ let _ = v; Err((\"(no root type)\".to_owned(), String::new())) }".to_owned(),
        },
    }
}

fn project(repo: &Path) -> PathBuf {
    repo.join("xtask/typify-compare")
}

/// Builds typify-compare (release, its own target dir) and returns the
/// binary (also for `cargo xtask build-time --compile`).
pub(crate) fn build_program(repo: &Path) -> Result<PathBuf> {
    let dir = project(repo);
    let target = dir.join("target");
    eprintln!("typify: building xtask/typify-compare (release)");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let status = Command::new(cargo)
        .current_dir(&dir)
        .args(["build", "--quiet", "--release", "--locked", "--target-dir"])
        .arg(&target)
        .env_remove("RUSTFLAGS")
        .status()
        .context("cannot run cargo")?;
    if !status.success() {
        bail!("building xtask/typify-compare failed");
    }
    let exe = target.join("release").join(format!("typify-compare{}", std::env::consts::EXE_SUFFIX));
    if !exe.exists() {
        bail!("{} is missing after the build", exe.display());
    }
    Ok(exe)
}

/// Runs typify-compare on one schema with the time limit.
fn generate_one(exe: &Path, root: &Path, name: &str, out: &Path) -> SchemaResult {
    let r = SchemaResult { name: name.to_owned(), ..SchemaResult::default() };
    let fail = |mut r: SchemaResult, reason: &str, error: String| {
        r.reason = Some(format!("typify: {reason}"));
        r.error = Some(error);
        r
    };
    let mut cmd = Command::new(exe);
    cmd.arg(root.join("schemas").join(name)).arg(out).arg(FALLBACK_ROOT);
    let run = match run_limited(cmd, TIMEOUT) {
        Ok(run) => run,
        Err(e) => return fail(r, "cannot start", e.to_string()),
    };
    let Some(status) = run.status else {
        return fail(r, "time limit", format!("no result after {} s", TIMEOUT.as_secs()));
    };
    match run.json_line() {
        Some(v) if v["ok"] == true => {
            let root_type = v["root"].as_str().map(str::to_owned);
            SchemaResult {
                generated: true,
                reason: root_type.is_none().then(|| "typify: no root type".to_owned()),
                root_type,
                titled: v["titled"] == true,
                millis: v["millis"].as_f64().unwrap_or(0.0),
                ..r
            }
        }
        Some(v) => {
            let stage = if v["stage"] == "parse" { "schema not parsed" } else { "error" };
            let error = v["error"].as_str().unwrap_or("").to_owned();
            fail(r, stage, error)
        }
        None => {
            let (kind, msg) = run.crash(status);
            fail(r, kind, msg)
        }
    }
}

/// typify on `names` (schema files under `root/schemas`): generate, compile,
/// run every readable test document.
pub fn run(repo: &Path, root: &Path, names: &[String], jobs: usize) -> Result<Report> {
    let exe = build_program(repo)?;
    let krate = TempCrate::new(&repo.join("target/corpus-typify"), flavor(repo))?;

    // 1. Generate, `jobs` children at a time.
    let start = Instant::now();
    let next = AtomicUsize::new(0);
    let results: Mutex<BTreeMap<usize, SchemaResult>> = Mutex::new(BTreeMap::new());
    let gen_dir = krate.gen_dir();
    std::thread::scope(|s| {
        for _ in 0..jobs.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(name) = names.get(i) else { break };
                // Written beside the module, then moved over it only when
                // it changed (cargo reuses the shards of unchanged modules).
                let out = gen_dir.join(format!("{}.rs", super::module_of(name)));
                let fresh = gen_dir.join(format!("{}.rs.new", super::module_of(name)));
                let mut r = generate_one(&exe, root, name, &fresh);
                if r.generated {
                    if let Err(e) = super::build::replace_if_changed(&fresh, &out) {
                        r.generated = false;
                        r.reason = Some("typify: cannot write the module".to_owned());
                        r.error = Some(e.to_string());
                    }
                }
                let mut res = results.lock().unwrap();
                res.insert(i, r);
                let done = res.len();
                if done.is_multiple_of(50) || done == names.len() {
                    eprintln!("typify: generated {done}/{} ({:.1} s)", names.len(), start.elapsed().as_secs_f64());
                }
            });
        }
    });
    let mut schemas: Vec<SchemaResult> = results.into_inner().unwrap().into_values().collect();
    let generate_wall = start.elapsed().as_secs_f64();
    let wanted: BTreeSet<String> = schemas.iter().filter(|s| s.generated).map(|s| format!("{}.rs", super::module_of(&s.name))).collect();
    super::build::remove_stale(&gen_dir, &wanted)?;

    // 2. Compile.
    let start = Instant::now();
    let modules: Vec<Module> =
        schemas.iter().filter(|s| s.generated).map(|s| Module { name: super::module_of(&s.name), root_type: s.root_type.clone() }).collect();
    let excluded = if modules.is_empty() { BTreeMap::new() } else { krate.compile(&modules, jobs)? };
    for s in schemas.iter_mut().filter(|s| s.generated) {
        match excluded.get(&super::module_of(&s.name)) {
            Some(err) => {
                s.reason = Some(format!("typify: {}", super::compile_reason(err)));
                s.error = Some(err.clone());
            }
            None => s.compiled = true,
        }
    }
    let compile_wall = start.elapsed().as_secs_f64();

    // 3. Documents: the readable ones (the same values our side runs).
    let start = Instant::now();
    let mut cases: Vec<(String, Value)> = Vec::new();
    let mut meta: Vec<(usize, bool, String)> = Vec::new();
    for (si, s) in schemas.iter().enumerate() {
        if !s.compiled || s.root_type.is_none() {
            continue;
        }
        let stem = s.name.trim_end_matches(".json");
        for (dir, valid) in [("test", true), ("negative_test", false)] {
            for d in layout::test_docs(root, dir, stem) {
                if let Ok(v) = d.value {
                    cases.push((super::module_of(&s.name), v));
                    meta.push((si, valid, format!("{dir}/{stem}/{}", d.name)));
                }
            }
        }
    }
    eprintln!("typify: running {} documents", cases.len());
    let verdicts = if cases.is_empty() { Vec::new() } else { krate.run(&cases, std::time::Duration::from_secs(10))? };
    for ((si, valid, doc), verdict) in meta.iter().zip(&verdicts) {
        let s = &mut schemas[*si];
        if *valid {
            s.positives += 1;
            s.positives_accepted += verdict.is_ok() as usize;
        } else {
            s.negatives += 1;
            s.negatives_rejected += verdict.is_err() as usize;
        }
        match verdict {
            Err((kind, msg)) if *valid => s.failures.push(json!({"document": doc, "reason": format!("positive rejected: {kind}"), "detail": msg})),
            Ok(()) if !*valid => s.failures.push(json!({"document": doc, "reason": "negative accepted"})),
            _ => {}
        }
    }
    let documents_wall = start.elapsed().as_secs_f64();
    Ok(Report { schemas, generate_wall, compile_wall, documents_wall })
}

/// `cargo xtask corpus --typify-only [--only GLOB] [--json FILE]`: typify
/// alone (quick iterations on a subset), with the same skiptest rule.
pub fn standalone(repo: &Path, root: &Path, only: Option<&str>, jobs: usize, json_out: Option<&Path>) -> Result<ExitCode> {
    let exceptions = layout::Exceptions::read(root)?;
    let names: Vec<String> = layout::schemas(root, only)?.into_iter().filter(|n| !exceptions.skip.contains(n)).collect();
    if names.is_empty() {
        bail!("no schemas under {}", root.join("schemas").display());
    }
    eprintln!("typify: {} schemas", names.len());
    let report = run(repo, root, &names, jobs)?;
    print_table(None, &report, None, &|_| None);
    if let Some(path) = json_out {
        let v = json!({"root": root.display().to_string(), "typify": report.to_json()});
        std::fs::write(path, serde_json::to_string_pretty(&v)? + "\n").with_context(|| format!("{}", path.display()))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Ours, typify's and the `jsonschema` crate's document counts over the
/// schemas all three ran documents of.
fn common(typify: &Report, others: &dyn Fn(&str) -> Option<(Figures, Figures)>) -> [Figures; 3] {
    let mut common = [Figures::default(); 3];
    for s in typify.schemas.iter().filter(|s| s.positives + s.negatives > 0) {
        if let Some((o, j)) = others(&s.name).filter(|(o, j)| o.positives + o.negatives > 0 && j.positives + j.negatives > 0) {
            common[0].add(&o);
            common[1].add(&Figures::tally(s.positives, s.positives_accepted, s.negatives, s.negatives_rejected));
            common[2].add(&j);
        }
    }
    common
}

/// The side-by-side table (ours, typify, the `jsonschema` crate), then
/// typify's failure categories. For the `jsonschema` crate "generated" and
/// "compiled" both mean that it built a validator. `others`, given a schema
/// file name, returns ours and the `jsonschema` crate's document counts when
/// both ran it: the last rows compare the three on the schemas all three ran
/// (the totals above are each over the schemas that tool could run).
pub fn print_table(ours: Option<Figures>, typify: &Report, jsonschema: Option<Figures>, others: &dyn Fn(&str) -> Option<(Figures, Figures)>) {
    let t = typify.figures();
    let common = common(typify, others);
    let cols: Vec<(&str, Figures)> =
        [ours.map(|f| ("contracts", f)), Some(("typify 0.8", t)), jsonschema.map(|f| ("jsonschema 0.61", f))].into_iter().flatten().collect();
    let pct = |a: usize, b: usize| if b == 0 { "-".to_owned() } else { format!("{:.1}%", 100.0 * a as f64 / b as f64) };
    let row = |label: &str, cell: &dyn Fn(&Figures) -> String| {
        let mut line = format!("{label:<26}");
        for (_, f) in &cols {
            line.push_str(&format!(" {:>24}", cell(f)));
        }
        println!("{line}");
    };
    println!();
    let mut head = format!("{:<26}", "");
    for (name, _) in &cols {
        head.push_str(&format!(" {name:>24}"));
    }
    println!("{head}");
    row("schemas generated", &|f| format!("{}/{} {}", f.generated, f.schemas, pct(f.generated, f.schemas)));
    row("schemas compiled", &|f| format!("{}/{} {}", f.compiled, f.schemas, pct(f.compiled, f.schemas)));
    row("schemas run with tests", &|f| format!("{}", f.run));
    row("positives accepted", &|f| format!("{}/{} {}", f.positives_accepted, f.positives, pct(f.positives_accepted, f.positives)));
    row("negatives rejected", &|f| format!("{}/{} {}", f.negatives_rejected, f.negatives, pct(f.negatives_rejected, f.negatives)));
    if ours.is_some() && jsonschema.is_some() {
        println!("on the {} schemas all three ran with tests:", common[1].run);
        let line = |label: &str, f: fn(&Figures) -> (usize, usize)| {
            let mut l = format!("{label:<26}");
            for c in &common {
                let (a, b) = f(c);
                l.push_str(&format!(" {:>24}", format!("{a}/{b} {}", pct(a, b))));
            }
            println!("{l}");
        };
        line("  positives accepted", |f| (f.positives_accepted, f.positives));
        line("  negatives rejected", |f| (f.negatives_rejected, f.negatives));
    }
    let mut reasons: Vec<(String, usize)> = typify.reasons().into_iter().collect();
    reasons.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let list: Vec<String> = reasons.iter().map(|(r, n)| format!("{n} {}", r.trim_start_matches("typify: "))).collect();
    println!(
        "typify failures: {} (time limit {} s); generate {:.1} s, compile {:.1} s, documents {:.1} s",
        if list.is_empty() { "none".to_owned() } else { list.join(", ") },
        TIMEOUT.as_secs(),
        typify.generate_wall,
        typify.compile_wall,
        typify.documents_wall
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schema(name: &str, counts: (usize, usize, usize, usize)) -> SchemaResult {
        SchemaResult {
            name: name.to_owned(),
            generated: true,
            compiled: true,
            positives: counts.0,
            positives_accepted: counts.1,
            negatives: counts.2,
            negatives_rejected: counts.3,
            ..SchemaResult::default()
        }
    }

    #[test]
    fn common_rows_count_only_schemas_all_three_ran() {
        let report = Report {
            schemas: vec![schema("a.json", (2, 1, 1, 1)), schema("b.json", (3, 3, 0, 0)), schema("c.json", (0, 0, 0, 0))],
            generate_wall: 0.0,
            compile_wall: 0.0,
            documents_wall: 0.0,
        };
        let others = |name: &str| match name {
            "a.json" => Some((Figures::tally(2, 2, 1, 0), Figures::tally(2, 2, 1, 1))),
            "c.json" => Some((Figures::tally(1, 1, 0, 0), Figures::tally(1, 1, 0, 0))),
            _ => None,
        };
        let [o, t, j] = common(&report, &others);
        assert_eq!((o.run, o.positives, o.positives_accepted, o.negatives, o.negatives_rejected), (1, 2, 2, 1, 0));
        assert_eq!((t.run, t.positives, t.positives_accepted, t.negatives, t.negatives_rejected), (1, 2, 1, 1, 1));
        assert_eq!((j.run, j.positives_accepted, j.negatives_rejected), (1, 2, 1));
        let f = report.figures();
        assert_eq!((f.schemas, f.generated, f.compiled, f.run, f.positives, f.positives_accepted), (3, 3, 3, 2, 5, 4));
    }
}
