//! `cargo xtask build-time [--runs N] [--release]`: how long the root crate's
//! `build.rs` takes (the generator over `schemas/`, with the profile's
//! `build-override` settings). Builds the crate, finds the build script's
//! executable in cargo's JSON messages, then runs it N times into a scratch
//! `OUT_DIR` and prints the median (wall time of the process: what a build
//! waits for). Compilation is not included: it happens once per change of
//! the generator, the script runs at every schema change.

use anyhow::{bail, Context, Result};
use serde_json::Value;
use std::path::PathBuf;
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

pub fn run(args: &[String]) -> Result<ExitCode> {
    let mut runs = 11usize;
    let mut release = false;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--runs" => runs = it.next().context("--runs needs a number")?.parse().context("--runs needs a number")?,
            "--release" => release = true,
            other => bail!("unknown argument `{other}` (usage: cargo xtask build-time [--runs N] [--release])"),
        }
    }
    if runs == 0 {
        bail!("--runs must be at least 1");
    }
    let root = crate::check::root();
    let script = build_script(&root, release)?;
    let out_dir = std::env::temp_dir().join(format!("contracts-build-time-{}", std::process::id()));
    std::fs::create_dir_all(&out_dir).with_context(|| format!("creating {}", out_dir.display()))?;
    let mut times = Vec::with_capacity(runs);
    for _ in 0..runs {
        let start = Instant::now();
        let status = Command::new(&script)
            .current_dir(&root)
            .env("OUT_DIR", &out_dir)
            .stdout(Stdio::null())
            .status()
            .with_context(|| format!("running {}", script.display()))?;
        times.push(start.elapsed().as_secs_f64() * 1e3);
        if !status.success() {
            bail!("{} failed ({status})", script.display());
        }
    }
    // Best effort: a scratch directory left behind is harmless.
    let _ = std::fs::remove_dir_all(&out_dir);
    times.sort_by(f64::total_cmp);
    let median = if runs % 2 == 1 { times[runs / 2] } else { (times[runs / 2 - 1] + times[runs / 2]) / 2.0 };
    println!(
        "build.rs ({} profile): median {median:.1} ms over {runs} runs (min {:.1}, max {:.1})",
        if release { "release" } else { "dev" },
        times[0],
        times[runs - 1]
    );
    Ok(ExitCode::SUCCESS)
}

/// Builds the root crate and returns its build script's executable.
fn build_script(root: &std::path::Path, release: bool) -> Result<PathBuf> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let mut cmd = Command::new(cargo);
    cmd.current_dir(root).args(["build", "-p", "contracts", "--message-format=json"]);
    if release {
        cmd.arg("--release");
    }
    let out = cmd.stderr(Stdio::inherit()).output().context("running cargo build")?;
    if !out.status.success() {
        bail!("cargo build -p contracts failed ({})", out.status);
    }
    let manifest = root.join("Cargo.toml");
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let Ok(msg) = serde_json::from_str::<Value>(line) else { continue };
        let is_script = msg["reason"] == "compiler-artifact"
            && msg["target"]["kind"].as_array().is_some_and(|k| k.iter().any(|k| k == "custom-build"))
            && msg["manifest_path"].as_str().is_some_and(|p| std::path::Path::new(p) == manifest);
        if let (true, Some(exe)) = (is_script, msg["executable"].as_str().or(msg["filenames"][0].as_str())) {
            return Ok(PathBuf::from(exe));
        }
    }
    bail!("cargo build -p contracts reported no build script for {}", manifest.display())
}
