//! `cargo xtask bench [--quick] [--json FILE]`: runs the criterion benches in
//! `bench/` (their own workspace and target dir), then the memory probe (one
//! process per measurement), and prints one table: ns per document and MB/s
//! (median, ± median absolute deviation), ratios to the floor (bytes →
//! `serde_json::Value`) and to `jsonschema`, and peak RSS. Last, the ratios
//! the targets are stated in, timed the way that holds on a shared machine:
//! ours and the floor alternating round by round in one process (`paired`).

use anyhow::{bail, Context, Result};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// The floor every row is compared with.
const FLOOR: &str = "serde_json::Value";

pub fn run(args: &[String]) -> Result<ExitCode> {
    let mut quick = false;
    let mut json_out: Option<PathBuf> = None;
    let mut skip_memory = false;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--quick" => quick = true,
            "--json" => json_out = Some(it.next().context("--json needs a file")?.into()),
            "--no-memory" => skip_memory = true,
            other => bail!("unknown argument `{other}` (usage: cargo xtask bench [--quick] [--json FILE] [--no-memory])"),
        }
    }
    let root = crate::check::root();
    let bench = root.join("bench");
    let manifest = bench.join("Cargo.toml");

    let mut cmd = Command::new(cargo());
    cmd.arg("bench").arg("--manifest-path").arg(&manifest).arg("--bench").arg("validate").arg("--");
    if quick {
        cmd.arg("--quick");
    }
    let status = cmd.status().context("running cargo bench")?;
    if !status.success() {
        bail!("cargo bench failed ({status})");
    }

    let cases = collect(&bench)?;
    let memory = if skip_memory { Value::Null } else { memory(&bench, &manifest)? };
    print_table(&cases, &memory);
    let paired = paired(&bench, &manifest, if quick { 200 } else { 1000 })?;
    if let Some(path) = json_out {
        let doc = json!({ "cases": cases, "memory": memory, "paired": paired });
        std::fs::write(&path, serde_json::to_string_pretty(&doc)? + "\n").with_context(|| format!("writing {}", path.display()))?;
        println!("\nwrote {}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}

fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned())
}

/// Every benchmark criterion wrote, by (group, function): its directory.
fn criterion_dirs(dir: &Path, out: &mut BTreeMap<(String, String), PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            let meta = p.join("new/benchmark.json");
            if let Some(v) = std::fs::read_to_string(&meta).ok().and_then(|t| serde_json::from_str::<Value>(&t).ok()) {
                let group = v["group_id"].as_str().unwrap_or_default().to_owned();
                let function = v["function_id"].as_str().unwrap_or_default().to_owned();
                out.insert((group, function), p.join("new"));
            } else {
                criterion_dirs(&p, out);
            }
        }
    }
}

/// Joins the bench's manifest of document sets with criterion's estimates.
fn collect(bench: &Path) -> Result<Vec<Value>> {
    let manifest_path = bench.join("target/contracts-bench/cases.json");
    let sets: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(&manifest_path).with_context(|| format!("reading {}", manifest_path.display()))?)?;
    let mut dirs = BTreeMap::new();
    criterion_dirs(&bench.join("target/criterion"), &mut dirs);
    let mut cases = Vec::new();
    for set in &sets {
        let group = set["group"].as_str().unwrap_or_default();
        let count = set["count"].as_f64().unwrap_or(1.0).max(1.0);
        let bytes = set["bytes"].as_f64().unwrap_or(0.0);
        let estimate = |function: &str| -> Option<(f64, f64)> {
            let dir = dirs.get(&(group.to_owned(), function.to_owned()))?;
            let est: Value = serde_json::from_str(&std::fs::read_to_string(dir.join("estimates.json")).ok()?).ok()?;
            Some((est["median"]["point_estimate"].as_f64()?, est["median_abs_dev"]["point_estimate"].as_f64()?))
        };
        let floor = estimate(FLOOR).map(|e| e.0);
        let reference = if set["docs"] == "invalid" { "jsonschema iter_errors" } else { "jsonschema is_valid" };
        let jsonschema = estimate(reference).map(|e| e.0);
        for imp in set["impls"].as_array().into_iter().flatten() {
            let imp = imp.as_str().unwrap_or_default();
            let Some((median, mad)) = estimate(imp) else { continue };
            let ns_per_doc = median / count;
            let mb_per_s = if median > 0.0 { bytes / median * 1e3 } else { 0.0 };
            cases.push(json!({
                "schema": set["schema"],
                "docs": set["docs"],
                "impl": imp,
                "ns_per_doc": round(ns_per_doc, 1),
                "mb_per_s": round(mb_per_s, 1),
                "ns_per_doc_mad": round(mad / count, 1),
                "documents": set["count"],
                "bytes": set["bytes"],
                "ratio_to_floor": floor.map(|f| round(median / f, 3)),
                "ratio_to_jsonschema": jsonschema.map(|j| round(median / j, 3)),
            }));
        }
    }
    // The generator on the seeds (what build.rs does).
    if let Some(dir) = dirs.get(&("codegen".to_owned(), "seeds".to_owned())) {
        if let Some(est) = std::fs::read_to_string(dir.join("estimates.json")).ok().and_then(|t| serde_json::from_str::<Value>(&t).ok()) {
            let median = est["median"]["point_estimate"].as_f64().unwrap_or(0.0);
            cases.push(json!({
                "schema": "commands+launch_request",
                "docs": "schemas",
                "impl": "contracts-codegen generate (build.rs)",
                "ns_per_doc": round(median, 1),
                "mb_per_s": Value::Null,
                "ns_per_doc_mad": round(est["median_abs_dev"]["point_estimate"].as_f64().unwrap_or(0.0), 1),
            }));
        }
    }
    Ok(cases)
}

fn round(x: f64, digits: i32) -> f64 {
    let p = 10f64.powi(digits);
    (x * p).round() / p
}

/// The ways of reading the stream whose peak RSS is measured: the lines
/// alone, validated one at a time, and every envelope kept as ours, as
/// `serde_json::Value`, as typify's types and as the hand-written model.
const MEMORY_MODES: [&str; 6] = ["read-lines", "validate-lines", "keep-typed", "keep-value", "keep-typify", "keep-hand-written"];

/// Peak RSS of each way of reading the 100,000-envelope stream, each in its
/// own process.
fn memory(bench: &Path, manifest: &Path) -> Result<Value> {
    build_bin(manifest, "memory")?;
    let probe = bench.join("target/release/memory");
    let stream = bench.join("target/contracts-bench/stream.jsonl");
    if !stream.exists() {
        eprintln!("writing {} (100,000 envelopes)", stream.display());
        let status = Command::new(&probe).arg("gen").arg(&stream).arg("100000").status()?;
        if !status.success() {
            bail!("generating the stream failed ({status})");
        }
    }
    let mut out = serde_json::Map::new();
    out.insert("stream_bytes".to_owned(), json!(std::fs::metadata(&stream)?.len()));
    for mode in MEMORY_MODES {
        let o = Command::new(&probe).arg(mode).arg(&stream).output()?;
        if !o.status.success() {
            bail!("memory {mode}: {}", String::from_utf8_lossy(&o.stderr));
        }
        let v: Value = serde_json::from_slice(&o.stdout).with_context(|| format!("memory {mode} output"))?;
        out.insert(mode.to_owned(), v);
    }
    Ok(Value::Object(out))
}

/// Ours against the floors, each pair of rounds (400 documents each) timed
/// back to back, alternating which goes first: criterion times one
/// implementation after another, and this machine's speed drifts by tens
/// of percent in between. The median of the per-pair ratios. The floors:
/// bytes → `Value`; a hand-written serde model that validates nothing (what
/// a user writes instead); and the scan (`IgnoredAny`: read every byte,
/// build nothing), which nothing that reads the document can beat.
fn paired(bench: &Path, manifest: &Path, rounds: usize) -> Result<Value> {
    build_bin(manifest, "profile")?;
    let profile = bench.join("target/release/profile");
    println!(
        "
ours / the floors, alternating rounds in one process (median of {rounds} pair ratios):"
    );
    // (workloads, target): valid documents against `Value` and against the
    // hand-written model; invalid documents (every error) against `Value`;
    // the floors themselves for scale.
    const PAIRS: [(&str, Option<f64>); 5] =
        [("typed/value", Some(0.6)), ("typed/handwritten", Some(1.0)), ("errors/invalid-value", Some(1.3)), ("handwritten/value", None), ("scan/value", None)];
    let mut out = Vec::new();
    for schema in ["commands", "launch_request"] {
        for (pair, target) in PAIRS {
            let o = Command::new(&profile).arg(schema).arg(pair).arg(rounds.to_string()).output()?;
            let text = String::from_utf8_lossy(&o.stdout);
            let ratio = text.trim_end().strip_suffix('x').and_then(|t| t.rsplit(' ').next()).and_then(|r| r.parse::<f64>().ok());
            let (true, Some(ratio)) = (o.status.success(), ratio) else {
                bail!("profile {schema} {pair}: {}{}", text, String::from_utf8_lossy(&o.stderr));
            };
            let goal = target.map_or("(a floor)".to_owned(), |t| format!("(target ≤ {t:.1}×)"));
            println!("  {schema:<15} {pair:<21} {ratio:.2}× {goal}");
            out.push(json!({ "schema": schema, "workloads": pair, "ratio": round(ratio, 3), "target": target, "rounds": rounds }));
        }
    }
    Ok(Value::Array(out))
}

/// Builds one of the bench's binaries (release).
fn build_bin(manifest: &Path, name: &str) -> Result<()> {
    let status = Command::new(cargo())
        .args(["build", "--release", "--bin", name, "--manifest-path"])
        .arg(manifest)
        .status()
        .with_context(|| format!("building bench binary `{name}`"))?;
    if !status.success() {
        bail!("building bench binary `{name}` failed ({status})");
    }
    Ok(())
}

fn print_table(cases: &[Value], memory: &Value) {
    println!("\n| schema | documents | implementation | ns/doc (median ± MAD) | MB/s | × floor | × jsonschema |");
    println!("| --- | --- | --- | ---: | ---: | ---: | ---: |");
    for c in cases {
        let ratio = |k: &str| c[k].as_f64().map_or("".to_owned(), |r| format!("{r:.2}"));
        println!(
            "| {} | {} | {} | {:.0} ± {:.0} | {} | {} | {} |",
            c["schema"].as_str().unwrap_or_default(),
            c["docs"].as_str().unwrap_or_default(),
            c["impl"].as_str().unwrap_or_default(),
            c["ns_per_doc"].as_f64().unwrap_or(0.0),
            c["ns_per_doc_mad"].as_f64().unwrap_or(0.0),
            c["mb_per_s"].as_f64().map_or("".to_owned(), |m| format!("{m:.1}")),
            ratio("ratio_to_floor"),
            ratio("ratio_to_jsonschema"),
        );
    }
    if let Value::Object(m) = memory {
        let mib = |mode: &str| m.get(mode).and_then(|v| v["vm_hwm_kib"].as_f64()).map(|k| k / 1024.0);
        println!(
            "\npeak RSS over the {:.1} MB stream ({} lines):",
            m.get("stream_bytes").and_then(Value::as_f64).unwrap_or(0.0) / 1e6,
            m.get("read-lines").map(|v| v["lines"].clone()).unwrap_or(Value::Null)
        );
        for mode in MEMORY_MODES {
            if let Some(x) = mib(mode) {
                println!("  {mode:<15} {x:8.1} MiB");
            }
        }
        if let (Some(r), Some(v), Some(t), Some(j)) = (mib("read-lines"), mib("validate-lines"), mib("keep-typed"), mib("keep-value")) {
            println!("  validating line by line costs {:.2} MiB over reading the lines alone (target ≤ 2 MiB)", v - r);
            println!("  typed values kept: {:.2} of serde_json::Value kept (target ≤ 0.5)", (t - r) / (j - r));
        }
        if let (Some(r), Some(t), Some(y)) = (mib("read-lines"), mib("keep-typed"), mib("keep-typify")) {
            println!("  typed values kept: {:.2} of typify's types kept (target ≤ 1.0)", (t - r) / (y - r));
        }
    }
}
