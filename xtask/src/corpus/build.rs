//! The temporary crate: every generated module, compiled together (modules
//! that fail to compile are left out with their compiler error, and the rest
//! compiled again), and a runner binary that puts each test document through
//! the module's parse-and-validate. The same machinery compiles our modules
//! (`target/corpus/`) and, for `--compare`, typify's (`target/corpus-typify/`):
//! a [`Flavor`] says what the crates depend on and how a module checks a
//! document.

use anyhow::{bail, Context, Result};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::hash::{Hash, Hasher};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// One module of the temporary crate.
pub struct Module {
    pub name: String,
    /// The root type, when the module has one (`from_json_value` on it);
    /// otherwise the module's `validate`.
    pub root_type: Option<String>,
}

/// What differs between the temporary crates of different generators.
pub struct Flavor {
    /// What progress messages start with (`corpus`, `typify`).
    pub label: &'static str,
    /// The `[dependencies]` lines of every crate (they must include
    /// `serde_json`, which the dispatch table uses).
    pub deps: String,
    /// A lock file copied in before the first build (pins versions).
    pub lock: PathBuf,
    /// The body of `fn __corpus_check(v: ::serde_json::Value) ->
    /// Result<(), (String, String)>` for a module: `Ok` when the document is
    /// accepted, else a keyword (or category) and a message.
    pub check: fn(&Module) -> String,
    /// Source directories the modules are compiled against (path
    /// dependencies): a module left out by the previous run is left out
    /// again without compiling it only if these did not change either.
    pub sources: Vec<PathBuf>,
}

impl Flavor {
    /// Our modules: `from_json_value` on the root type, else `validate`.
    /// With a root type the document also goes through the one-pass reader
    /// (`from_json_slice` on its bytes), whose answer must be the full
    /// path's (an equal value, or the same errors); where it is not, the
    /// verdict is turned round so that the document counts as a failure,
    /// with the reason `(one-pass reader)` on a positive.
    pub fn contracts(repo: &Path) -> Flavor {
        let runtime = repo.join("runtime").display().to_string();
        Flavor {
            label: "corpus",
            deps: format!(
                "contracts-runtime = {{ path = {runtime:?} }}\nserde_json = {{ version = \"1\", features = [\"preserve_order\", \"float_roundtrip\"] }}\n"
            ),
            lock: repo.join("Cargo.lock"),
            sources: vec![repo.join("runtime")],
            check: |m| {
                match &m.root_type {
                Some(t) => format!(
                    "let bytes = ::serde_json::to_vec(&v).unwrap_or_default();\n    let one_pass = <{t} as ::contracts_runtime::Contract>::from_json_slice(&bytes);\n    let full = {t}::from_json_value(v);\n    let same = match (&one_pass, &full) {{\n        (Ok(a), Ok(b)) => ::serde_json::to_value(a).ok() == ::serde_json::to_value(b).ok(),\n        (Err(a), Err(b)) => format!(\"{{a:?}}\") == format!(\"{{b:?}}\"),\n        _ => false,\n    }};\n    if !same {{\n        return match full {{\n            Ok(_) => Err((\"(one-pass reader)\".to_owned(), format!(\"from_json_slice disagrees with the full path: {{one_pass:?}}\"))),\n            Err(_) => Ok(()),\n        }};\n    }}\n    full.map(|_| ()).map_err(|e| match e.validation_errors() {{\n        Some(errs) => (errs.iter().next().map(|e| e.keyword.to_string()).unwrap_or_default(), e.to_string()),\n        None => (\"(shape)\".to_owned(), e.to_string()),\n    }})"
                ),
                None => "validate(&v).map_err(|errs| (errs.iter().next().map(|e| e.keyword.to_string()).unwrap_or_default(), errs.to_string()))".to_owned(),
            }
            },
        }
    }
}

/// The crate's directory layout under `work` (e.g. `target/corpus`).
pub struct TempCrate {
    pub dir: PathBuf,
    pub target: PathBuf,
    flavor: Flavor,
}

impl TempCrate {
    pub fn new(work: &Path, flavor: Flavor) -> Result<TempCrate> {
        let dir = work.join("crate");
        std::fs::create_dir_all(dir.join("src/gen"))?;
        std::fs::create_dir_all(dir.join("src/m"))?;
        Ok(TempCrate { dir, target: work.join("target"), flavor })
    }

    pub fn gen_dir(&self) -> PathBuf {
        self.dir.join("src/gen")
    }

    fn write_manifest(&self) -> Result<()> {
        let members: Vec<String> = (0..SHARDS).map(|i| format!("\"shards/s{i:02}\"")).collect();
        let manifest = format!(
            "[workspace]\nmembers = [\"runner\", {}]\nresolver = \"2\"\n\n[profile.dev]\nopt-level = 0\ndebug = false\nincremental = false\n",
            members.join(", ")
        );
        write_if_changed(&self.dir.join("Cargo.toml"), &manifest)?;
        let lock = &self.flavor.lock;
        if !self.dir.join("Cargo.lock").exists() && lock.exists() {
            std::fs::copy(lock, self.dir.join("Cargo.lock"))?;
        }
        let deps = &self.flavor.deps;
        let mut runner_deps = deps.clone();
        let mut tables = String::new();
        for i in 0..SHARDS {
            let d = self.dir.join(format!("shards/s{i:02}"));
            std::fs::create_dir_all(d.join("src/m"))?;
            write_if_changed(
                &d.join("Cargo.toml"),
                &format!("[package]\nname = \"corpus-s{i:02}\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n[dependencies]\n{deps}"),
            )?;
            runner_deps.push_str(&format!("corpus-s{i:02} = {{ path = \"../shards/s{i:02}\" }}\n"));
            tables.push_str(&format!("        corpus_s{i:02}::TABLE,\n"));
        }
        std::fs::create_dir_all(self.dir.join("runner/src"))?;
        write_if_changed(
            &self.dir.join("runner/Cargo.toml"),
            &format!("[package]\nname = \"corpus-run\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n[dependencies]\n{runner_deps}"),
        )?;
        write_if_changed(&self.dir.join("runner/src/main.rs"), &RUNNER.replace("TABLES", &tables))
    }

    fn write_modules(&self, modules: &[&Module]) -> Result<()> {
        let mut libs: Vec<String> =
            vec![String::from("#![allow(warnings, clippy::all)]\n//! Generated modules, and the table the runner dispatches on.\n\n"); SHARDS];
        let mut tables: Vec<String> = vec![String::from("pub static TABLE: &[(&str, fn(serde_json::Value) -> Result<(), (String, String)>)] = &[\n"); SHARDS];
        for m in modules {
            let shard = shard_of(&m.name);
            let check = (self.flavor.check)(m);
            let wrapper = format!(
                "include!(\"../../../../src/gen/{n}.rs\");\n\n#[doc(hidden)]\npub fn __corpus_check(v: ::serde_json::Value) -> ::std::result::Result<(), (::std::string::String, ::std::string::String)> {{\n    {check}\n}}\n",
                n = m.name
            );
            write_if_changed(&self.dir.join(format!("shards/s{shard:02}/src/m/{}.rs", m.name)), &wrapper)?;
            libs[shard].push_str(&format!("#[path = \"m/{n}.rs\"]\npub mod {n};\n", n = m.name));
            tables[shard].push_str(&format!("    ({n:?}, {n}::__corpus_check),\n", n = m.name));
        }
        for i in 0..SHARDS {
            let lib = format!("{}{}];\n", libs[i], tables[i]);
            write_if_changed(&self.dir.join(format!("shards/s{i:02}/src/lib.rs")), &lib)?;
        }
        Ok(())
    }

    /// Compiles the crate with `modules`, leaving out each module the
    /// compiler refuses; returns those with their first error.
    ///
    /// A module the previous run left out is left out again, with the same
    /// error, when neither it nor what it is compiled against changed (see
    /// [`Flavor::sources`]): a rerun then rebuilds no shard just to find the
    /// same errors again.
    pub fn compile(&self, modules: &[Module], jobs: usize) -> Result<BTreeMap<String, String>> {
        self.write_manifest()?;
        let label = self.flavor.label;
        let env = self.environment();
        let key = |m: &Module| -> Option<String> {
            let code = std::fs::read(self.gen_dir().join(format!("{}.rs", m.name))).ok()?;
            let mut h = std::hash::DefaultHasher::new();
            (&env, (self.flavor.check)(m), code).hash(&mut h);
            Some(format!("{:016x}", h.finish()))
        };
        let cache_file = self.dir.with_file_name("excluded.json");
        let cache: BTreeMap<String, (String, String)> =
            std::fs::read_to_string(&cache_file).ok().and_then(|t| serde_json::from_str(&t).ok()).unwrap_or_default();
        let mut excluded: BTreeMap<String, String> = BTreeMap::new();
        for m in modules {
            if let Some((k, err)) = cache.get(&m.name) {
                if key(m).as_ref() == Some(k) {
                    excluded.insert(m.name.clone(), err.clone());
                }
            }
        }
        if !excluded.is_empty() {
            eprintln!("{label}: {} modules left out as in the previous run (unchanged, same error)", excluded.len());
        }
        let result = self.compile_rounds(modules, jobs, excluded);
        if let Ok(excluded) = &result {
            let cache: BTreeMap<&String, (String, &String)> =
                excluded.iter().filter_map(|(name, err)| Some((name, (key(modules.iter().find(|m| &m.name == name)?)?, err)))).collect();
            write_if_changed(&cache_file, &(serde_json::to_string_pretty(&cache)? + "\n"))?;
        }
        result
    }

    /// What every module is compiled against: the dependencies and the
    /// contents of [`Flavor::sources`].
    fn environment(&self) -> u64 {
        let mut h = std::hash::DefaultHasher::new();
        self.flavor.deps.hash(&mut h);
        let mut stack: Vec<PathBuf> = self.flavor.sources.clone();
        let mut files: Vec<PathBuf> = Vec::new();
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
                let p = e.path();
                if p.is_dir() {
                    if p.file_name().is_some_and(|n| n != "target" && n != ".git") {
                        stack.push(p);
                    }
                } else {
                    files.push(p);
                }
            }
        }
        files.sort();
        for f in files {
            (f.display().to_string(), std::fs::read(&f).unwrap_or_default()).hash(&mut h);
        }
        h.finish()
    }

    fn compile_rounds(&self, modules: &[Module], jobs: usize, mut excluded: BTreeMap<String, String>) -> Result<BTreeMap<String, String>> {
        let label = self.flavor.label;
        for round in 1..=8 {
            let kept: Vec<&Module> = modules.iter().filter(|m| !excluded.contains_key(&m.name)).collect();
            self.write_modules(&kept)?;
            eprintln!("{label}: compiling {} modules in {SHARDS} crates (round {round})", kept.len());
            let out = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
                .args(["build", "--quiet", "--keep-going", "--message-format=json", "--bin", "corpus-run", "-j", &jobs.to_string()])
                .current_dir(&self.dir)
                .env("CARGO_TARGET_DIR", &self.target)
                .env_remove("RUSTFLAGS")
                .stderr(Stdio::inherit())
                .output()
                .context("running cargo build for the corpus crate")?;
            if out.status.success() {
                return Ok(excluded);
            }
            let names: BTreeSet<&str> = kept.iter().map(|m| m.name.as_str()).collect();
            let mut new = 0;
            for line in String::from_utf8_lossy(&out.stdout).lines() {
                let Ok(v) = serde_json::from_str::<Value>(line) else { continue };
                if v["reason"] != "compiler-message" || v["message"]["level"] != "error" {
                    continue;
                }
                let text = v["message"].to_string();
                let rendered = v["message"]["rendered"].as_str().unwrap_or("").to_owned();
                for module in modules_named(&text) {
                    if names.contains(module.as_str()) && !excluded.contains_key(&module) {
                        excluded.insert(module, first_lines(&rendered, 6));
                        new += 1;
                    }
                }
            }
            if new == 0 {
                bail!(
                    "the {label} crate does not compile and no module is to blame:\n{}",
                    String::from_utf8_lossy(&out.stdout).chars().take(4000).collect::<String>()
                );
            }
        }
        bail!("the {label} crate still does not compile after 8 rounds")
    }

    /// Runs every case through the runner; restarts it after a crash (the
    /// case it was on is recorded as a crash) or after a case took longer
    /// than `per_document` (recorded as a timeout). Returns, per case index,
    /// `Ok(())` or `Err((keyword, message))`.
    pub fn run(&self, cases: &[(String, Value)], per_document: Duration) -> Result<Vec<Result<(), (String, String)>>> {
        let exe = self.target.join("debug/corpus-run");
        let file = self.dir.join("../cases.jsonl");
        {
            let mut w = std::io::BufWriter::new(std::fs::File::create(&file)?);
            for (m, doc) in cases {
                serde_json::to_writer(&mut w, &serde_json::json!([m, doc]))?;
                w.write_all(b"\n")?;
            }
        }
        let mut results: Vec<Option<Result<(), (String, String)>>> = vec![None; cases.len()];
        let mut next = 0;
        while next < cases.len() {
            let mut child = Command::new(&exe).arg(&file).arg(next.to_string()).stdout(Stdio::piped()).stderr(Stdio::null()).spawn()?;
            let stdout = child.stdout.take().unwrap();
            // Lines come through a channel so that a case that runs too long
            // can be noticed (and its runner killed) while it runs.
            let (tx, rx) = std::sync::mpsc::channel();
            let reader = std::thread::spawn(move || {
                for line in BufReader::new(stdout).lines().map_while(|l| l.ok()) {
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            });
            let mut timed_out = false;
            loop {
                match rx.recv_timeout(per_document) {
                    Ok(line) => {
                        let Ok(v) = serde_json::from_str::<Value>(&line) else { continue };
                        let i = v[0].as_u64().unwrap_or(0) as usize;
                        if i < results.len() {
                            results[i] =
                                Some(if v[1] == true { Ok(()) } else { Err((v[2].as_str().unwrap_or("").to_owned(), v[3].as_str().unwrap_or("").to_owned())) });
                            next = i + 1;
                        }
                    }
                    Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                        timed_out = true;
                        let _ = child.kill();
                        break;
                    }
                    Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
                }
            }
            let status = child.wait()?;
            let _ = reader.join();
            if next < cases.len() {
                results[next] = Some(Err(if timed_out {
                    ("(timeout)".to_owned(), format!("no verdict within {} s (--doc-timeout)", per_document.as_secs_f64()))
                } else {
                    ("(crash)".to_owned(), format!("the runner died: {status}"))
                }));
                next += 1;
            }
        }
        Ok(results.into_iter().map(|r| r.unwrap_or(Err(("(crash)".to_owned(), "no result".to_owned())))).collect())
    }
}

/// How many crates the modules are shared among: a compiler error costs a
/// rebuild of one, and cargo builds them in parallel.
const SHARDS: usize = 16;

fn shard_of(name: &str) -> usize {
    // FNV-1a: stable across runs and machines.
    let mut h: u64 = 0xcbf29ce484222325;
    for b in name.bytes() {
        h = (h ^ b as u64).wrapping_mul(0x100000001b3);
    }
    (h % SHARDS as u64) as usize
}

fn modules_named(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for pat in ["src/gen/", "src/m/", "src\\\\gen\\\\", "src\\\\m\\\\"] {
        for part in text.split(pat).skip(1) {
            let name: String = part.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            if !name.is_empty() {
                out.push(name);
            }
        }
    }
    out
}

fn first_lines(s: &str, n: usize) -> String {
    s.lines().take(n).collect::<Vec<_>>().join("\n")
}

/// Writes `contents` to `path` unless the file already holds them, so its
/// modification time (cargo's fingerprint) changes only with its contents.
pub fn write_if_changed(path: &Path, contents: &str) -> Result<()> {
    if std::fs::read_to_string(path).ok().as_deref() == Some(contents) {
        return Ok(());
    }
    std::fs::write(path, contents).with_context(|| format!("{}", path.display()))
}

/// Moves `fresh` over `path` when their contents differ, else removes
/// `fresh` (leaving `path` and its modification time alone).
pub fn replace_if_changed(fresh: &Path, path: &Path) -> Result<()> {
    let (a, b) = (std::fs::read(fresh).with_context(|| format!("{}", fresh.display()))?, std::fs::read(path).ok());
    if b.as_deref() == Some(a.as_slice()) {
        std::fs::remove_file(fresh)?;
    } else {
        std::fs::rename(fresh, path).with_context(|| format!("{}", path.display()))?;
    }
    Ok(())
}

/// Removes the files of `dir` not named in `wanted` (modules of earlier
/// runs no longer generated); the others are kept, untouched, so cargo
/// reuses the shards whose modules did not change.
pub fn remove_stale(dir: &Path, wanted: &BTreeSet<String>) -> Result<usize> {
    let mut n = 0;
    for e in std::fs::read_dir(dir)?.flatten() {
        if !wanted.contains(e.file_name().to_string_lossy().as_ref()) {
            std::fs::remove_file(e.path())?;
            n += 1;
        }
    }
    Ok(n)
}

/// The runner: reads `[module, document]` lines from the file in argv[1],
/// starting at line argv[2], and prints `[index, accepted, keyword, message]`
/// for each, flushing every line (so a crash loses nothing before it).
const RUNNER: &str = r#"//! Puts each corpus case through its module's parse-and-validate.
use std::io::{BufRead, Write};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let file = args[1].clone();
    let skip: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(0);
    std::panic::set_hook(Box::new(|_| {}));
    let h = std::thread::Builder::new().stack_size(1 << 29).spawn(move || {
        let tables: &[&[(&str, fn(serde_json::Value) -> Result<(), (String, String)>)]] = &[
TABLES        ];
        let table: std::collections::HashMap<&str, fn(serde_json::Value) -> Result<(), (String, String)>> =
            tables.iter().flat_map(|t| t.iter().copied()).collect();
        let f = std::io::BufReader::new(std::fs::File::open(&file).expect("cases file"));
        let out = std::io::stdout();
        let mut out = out.lock();
        for (i, line) in f.lines().enumerate() {
            let line = line.expect("read");
            if i < skip {
                continue;
            }
            let (m, doc): (String, serde_json::Value) = serde_json::from_str(&line).expect("case");
            let verdict = match table.get(m.as_str()) {
                None => serde_json::json!([i, false, "(no module)", ""]),
                Some(check) => match std::panic::catch_unwind(|| check(doc)) {
                    Ok(Ok(())) => serde_json::json!([i, true]),
                    Ok(Err((kw, msg))) => serde_json::json!([i, false, kw, msg.chars().take(300).collect::<String>()]),
                    Err(_) => serde_json::json!([i, false, "(panic)", "the validator panicked"]),
                },
            };
            writeln!(out, "{verdict}").unwrap();
            out.flush().unwrap();
        }
    });
    h.unwrap().join().unwrap();
}
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unchanged_modules_keep_their_files_and_stale_ones_go() {
        let dir = std::env::temp_dir().join(format!("corpus-build-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (a, b) = (dir.join("s_a.rs"), dir.join("s_b.rs"));
        write_if_changed(&a, "a").unwrap();
        write_if_changed(&b, "b").unwrap();
        let before = std::fs::metadata(&a).unwrap().modified().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        write_if_changed(&a, "a").unwrap();
        assert_eq!(std::fs::metadata(&a).unwrap().modified().unwrap(), before, "same contents: not rewritten");
        std::fs::write(dir.join("s_a.rs.new"), "a").unwrap();
        replace_if_changed(&dir.join("s_a.rs.new"), &a).unwrap();
        assert_eq!(std::fs::metadata(&a).unwrap().modified().unwrap(), before);
        assert!(!dir.join("s_a.rs.new").exists());
        std::fs::write(dir.join("s_a.rs.new"), "a2").unwrap();
        replace_if_changed(&dir.join("s_a.rs.new"), &a).unwrap();
        assert_eq!(std::fs::read_to_string(&a).unwrap(), "a2");
        let wanted: BTreeSet<String> = ["s_a.rs".to_owned()].into();
        assert_eq!(remove_stale(&dir, &wanted).unwrap(), 1);
        assert!(a.exists() && !b.exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
