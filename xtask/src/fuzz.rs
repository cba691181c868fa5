//! `cargo xtask fuzz TARGET [--minutes N]`: runs one cargo-fuzz target
//! (`fuzz/`, nightly) for N minutes (default 5) and reports executions,
//! CPU time and findings.
//!
//! The committed corpus `fuzz/corpus/TARGET/` seeds the run and is only
//! read; what libFuzzer adds goes to `fuzz/work/TARGET/` (not committed).
//! A finding (a panic, a disagreement, a timeout over 20 s, more than 4 GB)
//! is written to `fuzz/artifacts/TARGET/`; minimise it with
//! `cargo +nightly fuzz tmin TARGET FILE` (in `fuzz/`), then keep the
//! minimised input in `fuzz/regressions/TARGET/`, where `cargo test
//! --workspace` replays it on stable (`tests/fuzz-targets`).

use anyhow::{bail, Context, Result};
use std::process::{Command, ExitCode};
use std::time::Instant;

const TARGETS: &[&str] = &["document", "generate", "drift"];

pub fn run(args: &[String]) -> Result<ExitCode> {
    let usage = "usage: cargo xtask fuzz TARGET [--minutes N]   (TARGET: document, generate, drift)";
    let mut target = None;
    let mut minutes: f64 = 5.0;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--minutes" => minutes = it.next().context("--minutes needs a value")?.parse().context("--minutes")?,
            t if !t.starts_with('-') && target.is_none() => target = Some(t.to_owned()),
            other => bail!("unknown argument `{other}`\n{usage}"),
        }
    }
    let Some(target) = target else { bail!("{usage}") };
    if !TARGETS.contains(&target.as_str()) {
        bail!("unknown target `{target}`\n{usage}");
    }
    let fuzz = crate::check::root().join("fuzz");
    let work = fuzz.join("work").join(&target);
    let artifacts = fuzz.join("artifacts").join(&target);
    std::fs::create_dir_all(&work)?;
    std::fs::create_dir_all(&artifacts)?;
    let seconds = (minutes * 60.0).round().max(1.0) as u64;
    let before = children_cpu_seconds();
    let started = Instant::now();
    let status = Command::new("cargo")
        .args(["+nightly", "fuzz", "run", "-O", &target])
        .arg(&work)
        .arg(fuzz.join("corpus").join(&target))
        .arg("--")
        .arg(format!("-max_total_time={seconds}"))
        .args(["-timeout=20", "-rss_limit_mb=4096", "-print_final_stats=1"])
        .arg(format!("-artifact_prefix={}/", artifacts.display()))
        // Allocations alive at exit (statics, caches) make LeakSanitizer
        // report leaks that would count as a finding (libFuzzer's `-detect_leaks=0`
        // does not reach it).
        .env("ASAN_OPTIONS", "detect_leaks=0")
        .current_dir(&fuzz)
        .status()
        .context("running `cargo +nightly fuzz` (install it with `cargo install cargo-fuzz`)")?;
    let cpu = children_cpu_seconds().zip(before).map(|(a, b)| a - b);
    let findings = std::fs::read_dir(&artifacts).map(|d| d.count()).unwrap_or(0);
    println!(
        "fuzz {target}: {:.0} s wall{}; {findings} finding(s) in {} (see `stat::number_of_executed_units` above for executions)",
        started.elapsed().as_secs_f64(),
        cpu.map(|c| format!(", {c:.0} s CPU (build included)")).unwrap_or_default(),
        artifacts.strip_prefix(crate::check::root()).unwrap_or(&artifacts).display()
    );
    if !status.success() {
        println!("a finding: minimise it with `cd fuzz && cargo +nightly fuzz tmin {target} FILE` and keep the result in fuzz/regressions/{target}/");
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

/// CPU seconds (user + system) of the children this process waited for,
/// from `/proc/self/stat` (Linux; `None` elsewhere).
fn children_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which may hold spaces) start at `)`.
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // cutime and cstime are fields 16 and 17 of the whole line: 14th and
    // 15th after the name (state is the 1st).
    let ticks: f64 = fields.get(13)?.parse::<f64>().ok()? + fields.get(14)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}
