//! `cargo xtask corpus`: the generator on real schemas (a directory laid out
//! like SchemaStore: `schemas/`, `support-schemas/`, `test/`, `negative_test/`).
//!
//! 1. generate each schema alone, in a child process with a time limit;
//! 2. compile every generated module in one temporary crate under
//!    `target/corpus/` (its own target dir), leaving out modules the
//!    compiler refuses, with their error;
//! 3. put every test document through the module's parse-and-validate
//!    (`from_json_value` on the root type, else `validate`): positives must
//!    be accepted, negatives rejected;
//! 4. report: a table, the top failure reasons, `--json FILE`; `--compare`
//!    adds the `jsonschema` crate's verdicts and typify 0.8's (`typify.rs`)
//!    on the same documents, side by side; `--typify-only` runs typify alone.
//!
//! From `schema-validation.jsonc` it honours `skiptest` (those schemas are
//! left out, as SchemaStore leaves them out) and `externalSchema` (references
//! to other SchemaStore schemas are retrieved by file name); `unknownFormat`
//! and `unknownKeywords` need nothing (unknown formats and keywords are
//! annotations here); `ajvNotStrictMode` is about ajv's schema lint. The
//! schemas themselves are read as ajv reads them
//! (`layout::schemastore_settings`): `format` asserted, the keywords beside
//! a draft-07 `$ref` applied.

mod build;
mod generate;
mod layout;
mod oracle;
mod typify;

pub(crate) use generate::run_limited;
pub(crate) use generate::settings as generator_settings;
pub(crate) use typify::build_program as build_typify_compare;

use anyhow::{bail, Context, Result};
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

struct Args {
    root: PathBuf,
    json: Option<PathBuf>,
    jobs: usize,
    only: Option<String>,
    compare: bool,
    typify_only: bool,
    /// Generate and count lines only: no compile, no documents.
    generate_only: bool,
    timeout: u64,
    /// Seconds one document may take in the runner (`--doc-timeout`).
    doc_timeout: f64,
    known: Option<PathBuf>,
}

pub fn run(args: &[String]) -> Result<ExitCode> {
    let repo = crate::check::root();
    let mut a = Args {
        root: PathBuf::new(),
        json: None,
        jobs: std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2),
        only: None,
        compare: false,
        typify_only: false,
        generate_only: false,
        timeout: 60,
        doc_timeout: 10.0,
        known: Some(repo.join("xtask/corpus-known-failures.txt")),
    };
    let (mut gen_one, mut out, mut module, mut root) = (None, None, None, None);
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut val = || it.next().cloned().with_context(|| format!("{arg} needs a value"));
        match arg.as_str() {
            "--root" => root = Some(PathBuf::from(val()?)),
            "--json" => a.json = Some(PathBuf::from(val()?)),
            "--jobs" => a.jobs = val()?.parse().context("--jobs")?,
            "--only" => a.only = Some(val()?),
            "--timeout" => a.timeout = val()?.parse().context("--timeout")?,
            "--doc-timeout" => a.doc_timeout = val()?.parse().context("--doc-timeout")?,
            "--known-failures" => a.known = Some(PathBuf::from(val()?)),
            "--compare" => a.compare = true,
            "--typify-only" => a.typify_only = true,
            "--generate-only" => a.generate_only = true,
            "--gen-one" => gen_one = Some(val()?),
            "--out" => out = Some(PathBuf::from(val()?)),
            "--module" => module = Some(val()?),
            other => bail!("unknown argument `{other}`"),
        }
    }
    // No default: the repository holds only the sample tests/corpus-sample
    // runs, and a guessed path outside it would differ from machine to machine.
    a.root = root.or_else(|| std::env::var_os("CONTRACTS_SCHEMASTORE").map(PathBuf::from)).context(
        "cargo xtask corpus needs a SchemaStore checkout laid out as schemas/, support-schemas/, test/, negative_test/: \
         give --root DIR or set CONTRACTS_SCHEMASTORE (tests/data/schemastore-sample holds only the sample tests/corpus-sample runs)",
    )?;
    if let Some(name) = gen_one {
        let out = out.context("--gen-one needs --out")?;
        let module = module.context("--gen-one needs --module")?;
        return generate::gen_one(&a.root, &repo, &name, &out, &module);
    }
    if a.typify_only {
        return typify::standalone(&repo, &a.root, a.only.as_deref(), a.jobs, a.json.as_deref());
    }
    run_corpus(&repo, &a)
}

/// The module name of a schema file in the temporary crate.
pub(crate) fn module_of(name: &str) -> String {
    let stem = name.trim_end_matches(".json");
    let mut s = String::from("s_");
    s.extend(stem.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '_' }));
    s
}

#[derive(Default)]
struct SchemaReport {
    name: String,
    generated: bool,
    compiled: bool,
    gen_millis: f64,
    lines: usize,
    reason: Option<String>,
    error: Option<String>,
    root_type: Option<String>,
    positives: usize,
    positives_accepted: usize,
    negatives: usize,
    negatives_rejected: usize,
    failures: Vec<Value>,
    oracle: Option<(usize, usize, usize, usize)>,
    oracle_error: Option<String>,
}

fn run_corpus(repo: &Path, a: &Args) -> Result<ExitCode> {
    let started = Instant::now();
    let root = &a.root;
    let exceptions = layout::Exceptions::read(root)?;
    let all = layout::schemas(root, a.only.as_deref())?;
    let skipped: Vec<&String> = all.iter().filter(|n| exceptions.skip.contains(*n)).collect();
    let names: Vec<String> = all.iter().filter(|n| !exceptions.skip.contains(*n)).cloned().collect();
    if names.is_empty() {
        bail!("no schemas under {}", root.join("schemas").display());
    }
    eprintln!("corpus: {} schemas ({} skipped by schema-validation.jsonc skiptest)", names.len(), skipped.len());
    let work = repo.join("target/corpus");
    let krate = build::TempCrate::new(&work, build::Flavor::contracts(repo))?;

    // 1. Generate, `jobs` children at a time.
    let child = generate::child_program(repo)?;
    let gen_start = Instant::now();
    let next = AtomicUsize::new(0);
    let results: Mutex<BTreeMap<usize, generate::GenResult>> = Mutex::new(BTreeMap::new());
    let timeout = Duration::from_secs(a.timeout);
    let bar = progress(names.len(), "generating");
    std::thread::scope(|s| {
        for _ in 0..a.jobs.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(name) = names.get(i) else { break };
                let r = generate::run_child(&child, root, name, &krate.gen_dir(), &module_of(name), timeout);
                let mut res = results.lock().unwrap();
                res.insert(i, r);
                let done = res.len();
                bar.inc(1);
                if bar.is_hidden() && (done.is_multiple_of(50) || done == names.len()) {
                    eprintln!("corpus: generated {done}/{} ({:.1} s)", names.len(), gen_start.elapsed().as_secs_f64());
                }
            });
        }
    });
    bar.finish_and_clear();
    let gen_wall = gen_start.elapsed();
    let results = results.into_inner().unwrap();
    let mut reports: Vec<SchemaReport> = names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let r = &results[&i];
            SchemaReport {
                name: n.clone(),
                generated: r.ok,
                gen_millis: r.millis,
                lines: r.lines,
                reason: r.reason.clone(),
                error: r.error.clone(),
                root_type: r.root_type.clone(),
                ..Default::default()
            }
        })
        .collect();

    if a.generate_only {
        return report_generation(root, &reports, gen_wall, a.json.as_deref(), &read_known(a.known.as_deref()));
    }

    // Modules of earlier runs that this run did not generate go (a module
    // that failed to generate must not be compiled from a stale file); the
    // others were rewritten only if they changed.
    let wanted: BTreeSet<String> = reports.iter().filter(|r| r.generated).map(|r| format!("{}.rs", module_of(&r.name))).collect();
    build::remove_stale(&krate.gen_dir(), &wanted)?;

    // 2. Compile.
    let compile_start = Instant::now();
    let modules: Vec<build::Module> =
        reports.iter().filter(|r| r.generated).map(|r| build::Module { name: module_of(&r.name), root_type: r.root_type.clone() }).collect();
    let excluded = krate.compile(&modules, a.jobs)?;
    let compile_wall = compile_start.elapsed();
    for r in reports.iter_mut().filter(|r| r.generated) {
        match excluded.get(&module_of(&r.name)) {
            Some(err) => {
                r.reason = Some(compile_reason(err));
                r.error = Some(err.clone());
            }
            None => r.compiled = true,
        }
    }

    // 3. Documents.
    let run_start = Instant::now();
    let mut cases: Vec<(String, Value)> = Vec::new();
    // (schema index, document name, expected valid, case index or parse error)
    let mut meta: Vec<(usize, String, bool, Result<usize, String>)> = Vec::new();
    for (si, r) in reports.iter().enumerate() {
        let stem = r.name.trim_end_matches(".json");
        for (dir, valid) in [("test", true), ("negative_test", false)] {
            for d in layout::test_docs(root, dir, stem) {
                let place = match d.value {
                    Ok(v) if r.compiled => {
                        cases.push((module_of(&r.name), v));
                        Ok(cases.len() - 1)
                    }
                    Ok(_) => Err(String::new()),
                    Err(e) => Err(e),
                };
                meta.push((si, format!("{dir}/{stem}/{}", d.name), valid, place));
            }
        }
    }
    eprintln!("corpus: running {} documents", cases.len());
    let verdicts = krate.run(&cases, Duration::from_secs_f64(a.doc_timeout))?;
    let run_wall = run_start.elapsed();

    // --compare: the jsonschema crate on the same documents.
    let mut oracle: BTreeMap<usize, Result<Vec<Option<bool>>, String>> = BTreeMap::new();
    if a.compare {
        eprintln!("corpus: running the jsonschema crate");
        // Re-read documents per schema (cases hold only compiled schemas').
        for (si, r) in reports.iter().enumerate() {
            let stem = r.name.trim_end_matches(".json");
            let mut docs: Vec<Value> = Vec::new();
            for dir in ["test", "negative_test"] {
                for d in layout::test_docs(root, dir, stem) {
                    docs.push(d.value.unwrap_or(Value::Null));
                }
            }
            let refs: Vec<&Value> = docs.iter().collect();
            oracle.insert(si, oracle::verdicts(root, repo, &r.name, &refs));
        }
    }
    // --compare: typify 0.8 on the same schemas and documents.
    let typify_report = if a.compare { Some(typify::run(repo, root, &names, a.jobs)?) } else { None };

    let known = read_known(a.known.as_deref());
    let mut doc_ix: BTreeMap<usize, usize> = BTreeMap::new();
    let mut by_reason: BTreeMap<String, usize> = BTreeMap::new();
    let mut unknown_failures: Vec<String> = Vec::new();
    for (si, name, valid, place) in &meta {
        let n = doc_ix.entry(*si).or_insert(0);
        let k = *n;
        *n += 1;
        let r = &mut reports[*si];
        let oracle_verdict = oracle.get(si).and_then(|o| o.as_ref().ok()).and_then(|v| v.get(k).copied().flatten());
        if let Some(ov) = oracle_verdict {
            let o = r.oracle.get_or_insert((0, 0, 0, 0));
            if *valid {
                o.0 += 1;
                o.1 += ov as usize;
            } else {
                o.2 += 1;
                o.3 += (!ov) as usize;
            }
        }
        if let Some(Err(e)) = oracle.get(si) {
            r.oracle_error = Some(e.clone());
        }
        if *valid {
            r.positives += 1;
        } else {
            r.negatives += 1;
        }
        let (ok, reason, detail) = match place {
            Err(e) if !e.is_empty() => (false, "document: cannot be read".to_owned(), e.clone()),
            Err(_) => (false, r.reason.clone().unwrap_or_default(), String::new()),
            Ok(ci) => match (&verdicts[*ci], valid) {
                (Ok(()), true) => (true, String::new(), String::new()),
                (Err(_), false) => (true, String::new(), String::new()),
                (Err((kw, msg)), true) => (false, format!("positive rejected: {kw}"), msg.clone()),
                (Ok(()), false) => (false, "negative accepted".to_owned(), String::new()),
            },
        };
        if ok {
            if *valid {
                r.positives_accepted += 1;
            } else {
                r.negatives_rejected += 1;
            }
        } else {
            *by_reason.entry(reason.clone()).or_default() += 1;
            // A document of a schema that did not compile is counted under the schema.
            let schema_failed = matches!(place, Err(e) if e.is_empty());
            if !schema_failed && !known.contains(name.as_str()) {
                unknown_failures.push(format!("{name}: {reason}"));
            }
            r.failures.push(json!({"document": name, "expected_valid": valid, "reason": reason, "detail": detail, "jsonschema": oracle_verdict}));
        }
    }
    for r in &reports {
        if !r.compiled {
            let reason = r.reason.clone().unwrap_or_default();
            *by_reason.entry(format!("schema: {reason}")).or_default() += 1;
            if !known.contains(r.name.as_str()) {
                unknown_failures.push(format!("{}: {reason}", r.name));
            }
        }
    }

    let total = started.elapsed();
    let sum = |f: &dyn Fn(&SchemaReport) -> usize| reports.iter().map(f).sum::<usize>();
    let (schemas, generated, compiled) = (reports.len(), sum(&|r| r.generated as usize), sum(&|r| r.compiled as usize));
    let (pos, pos_ok, neg, neg_ok) = (sum(&|r| r.positives), sum(&|r| r.positives_accepted), sum(&|r| r.negatives), sum(&|r| r.negatives_rejected));
    let gen_cpu: f64 = reports.iter().map(|r| r.gen_millis).sum::<f64>() / 1000.0;
    let lines = sum(&|r| r.lines);

    // Report.
    let pct = |a: usize, b: usize| if b == 0 { 100.0 } else { 100.0 * a as f64 / b as f64 };
    println!();
    println!("corpus: {}", root.display());
    println!("{:<28} {:>8} {:>8} {:>8}", "", "count", "of", "%");
    println!("{:<28} {:>8} {:>8} {:>7.1}%", "schemas generated", generated, schemas, pct(generated, schemas));
    println!("{:<28} {:>8} {:>8} {:>7.1}%", "schemas compiled", compiled, schemas, pct(compiled, schemas));
    println!("{:<28} {:>8}", "generated lines", lines);
    println!("{:<28} {:>8} {:>8} {:>7.2}%", "positives accepted", pos_ok, pos, pct(pos_ok, pos));
    println!("{:<28} {:>8} {:>8} {:>7.2}%", "negatives rejected", neg_ok, neg, pct(neg_ok, neg));
    println!(
        "time: generate {:.1} s wall ({:.1} s in the generator), compile {:.1} s, documents {:.1} s, total {:.1} s",
        gen_wall.as_secs_f64(),
        gen_cpu,
        compile_wall.as_secs_f64(),
        run_wall.as_secs_f64(),
        total.as_secs_f64()
    );
    if let Some(t) = &typify_report {
        let o: Vec<(usize, usize, usize, usize)> = reports.iter().filter_map(|r| r.oracle).collect();
        let (op, opa, on, onr) = o.iter().fold((0, 0, 0, 0), |s, x| (s.0 + x.0, s.1 + x.1, s.2 + x.2, s.3 + x.3));
        let built = reports.iter().filter(|r| r.oracle_error.is_none()).count();
        let run = reports.iter().filter(|r| r.compiled && r.positives + r.negatives > 0).count();
        let ours =
            typify::Figures { schemas, generated, compiled, run, positives: pos, positives_accepted: pos_ok, negatives: neg, negatives_rejected: neg_ok };
        let js = typify::Figures {
            schemas,
            generated: built,
            compiled: built,
            run: o.len(),
            positives: op,
            positives_accepted: opa,
            negatives: on,
            negatives_rejected: onr,
        };
        let by_name: BTreeMap<&str, &SchemaReport> = reports.iter().filter(|r| r.compiled).map(|r| (r.name.as_str(), r)).collect();
        let others = |name: &str| {
            let r = by_name.get(name)?;
            let j = r.oracle.map(|o| typify::Figures::tally(o.0, o.1, o.2, o.3))?;
            Some((typify::Figures::tally(r.positives, r.positives_accepted, r.negatives, r.negatives_rejected), j))
        };
        typify::print_table(Some(ours), t, Some(js), &others);
    }
    println!();
    println!("top failure reasons:");
    let mut reasons: Vec<(&String, &usize)> = by_reason.iter().collect();
    reasons.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    for (reason, n) in reasons.iter().take(15) {
        println!("  {n:>5}  {reason}");
    }
    if let Some(path) = &a.json {
        let per_schema: Vec<Value> = reports
            .iter()
            .map(|r| {
                json!({
                    "schema": r.name, "generated": r.generated, "compiled": r.compiled,
                    "generate_millis": (r.gen_millis * 10.0).round() / 10.0,
                    "generated_lines": r.lines,
                    "reason": r.reason, "error": r.error, "root_type": r.root_type,
                    "positives": r.positives, "positives_accepted": r.positives_accepted,
                    "negatives": r.negatives, "negatives_rejected": r.negatives_rejected,
                    "failures": r.failures,
                    "jsonschema": r.oracle.map(|o| json!({"positives": o.0, "positives_accepted": o.1, "negatives": o.2, "negatives_rejected": o.3})),
                    "jsonschema_error": r.oracle_error,
                })
            })
            .collect();
        let report = json!({
            "root": root.display().to_string(),
            "schemas": schemas, "generated": generated, "compiled": compiled, "generated_lines": lines,
            "positives": pos, "positives_accepted": pos_ok, "negatives": neg, "negatives_rejected": neg_ok,
            "skipped": skipped,
            "seconds": {"generate_wall": gen_wall.as_secs_f64(), "generate_cpu": gen_cpu, "compile": compile_wall.as_secs_f64(), "documents": run_wall.as_secs_f64(), "total": total.as_secs_f64()},
            "per_schema": per_schema,
            "failures_by_reason": by_reason,
            "typify": typify_report.as_ref().map(typify::Report::to_json),
        });
        std::fs::write(path, serde_json::to_string_pretty(&report)? + "\n").with_context(|| format!("{}", path.display()))?;
    }
    if !unknown_failures.is_empty() {
        println!();
        println!("{} failures not in the known-failures list:", unknown_failures.len());
        for f in unknown_failures.iter().take(30) {
            println!("  {f}");
        }
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

/// `--generate-only`: what generation gave, with the generated lines per
/// schema and in all (the size users compile), largest first.
fn report_generation(root: &Path, reports: &[SchemaReport], wall: Duration, json_path: Option<&Path>, known: &BTreeSet<String>) -> Result<ExitCode> {
    let generated = reports.iter().filter(|r| r.generated).count();
    let lines: usize = reports.iter().map(|r| r.lines).sum();
    let mut largest: Vec<&SchemaReport> = reports.iter().filter(|r| r.generated).collect();
    largest.sort_by(|a, b| b.lines.cmp(&a.lines).then(a.name.cmp(&b.name)));
    println!();
    println!("corpus: {} (generation only)", root.display());
    println!("schemas generated: {generated} of {}", reports.len());
    println!("generated lines: {lines} in all; largest:");
    for r in largest.iter().take(10) {
        println!("  {:>8}  {}", r.lines, r.name);
    }
    println!("time: generate {:.1} s wall", wall.as_secs_f64());
    let unknown: Vec<String> = reports
        .iter()
        .filter(|r| !r.generated && !known.contains(r.name.as_str()))
        .map(|r| format!("{}: {}", r.name, r.reason.clone().unwrap_or_default()))
        .collect();
    if let Some(path) = json_path {
        let per_schema: Vec<Value> = reports
            .iter()
            .map(|r| json!({"schema": r.name, "generated": r.generated, "generated_lines": r.lines, "generate_millis": (r.gen_millis * 10.0).round() / 10.0, "reason": r.reason, "error": r.error}))
            .collect();
        let report =
            json!({"root": root.display().to_string(), "schemas": reports.len(), "generated": generated, "generated_lines": lines, "per_schema": per_schema});
        std::fs::write(path, serde_json::to_string_pretty(&report)? + "\n").with_context(|| format!("{}", path.display()))?;
    }
    if !unknown.is_empty() {
        println!("{} schemas failed to generate and are not in the known-failures list:", unknown.len());
        for f in unknown.iter().take(30) {
            println!("  {f}");
        }
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

/// A progress bar on a terminal (hidden when stderr is not one).
fn progress(len: usize, what: &str) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(len as u64);
    if let Ok(style) = indicatif::ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} {elapsed} (eta {eta})") {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_message(format!("corpus: {what}"));
    bar
}

/// A short category for a compiler error.
fn compile_reason(err: &str) -> String {
    let code = err.split("error[").nth(1).and_then(|s| s.split(']').next());
    match code {
        Some(c) => format!("compile: {c}"),
        None => "compile: error".to_owned(),
    }
}

/// The known-failures list: one entry a line (`schema.json` or
/// `test/NAME/doc`), then ` -- reason`; `#` starts a comment.
fn read_known(path: Option<&Path>) -> BTreeSet<String> {
    let Some(text) = path.and_then(|p| std::fs::read_to_string(p).ok()) else { return BTreeSet::new() };
    text.lines().map(|l| l.split('#').next().unwrap_or("").split(" -- ").next().unwrap_or("").trim().to_owned()).filter(|l| !l.is_empty()).collect()
}
