//! `cargo xtask fuzz-diff [--seed N] [--count N]`: the long differential run.
//!
//! Generated documents for both seeds (valid ones and mutants), our verdicts
//! (`is_valid`, `validate`, the typed `from_json_value`) against the
//! `jsonschema` crate's. Prints the counts per seed; every disagreement is
//! minimised and kept under `tests/differential/regressions/<seed>/` (the
//! test replays them once triaged); exit 1 on any disagreement.
//! `cargo test --test differential` runs the same harness on fewer documents.

#[path = "../../tests/support/differential.rs"]
mod differential;
#[path = "../../tests/support/docgen.rs"]
mod docgen;

use anyhow::{bail, Context, Result};
use std::process::ExitCode;
use std::time::Instant;

/// Regression files written per seed and run, at most (one bug tends to show
/// up many times).
const MAX_WRITTEN: usize = 20;

pub fn run(args: &[String]) -> Result<ExitCode> {
    let mut seed: u64 = 1;
    let mut count: usize = 100_000;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().with_context(|| format!("{name} needs a value"));
        match a.as_str() {
            "--seed" => seed = value("--seed")?.parse().context("--seed")?,
            "--count" => count = value("--count")?.parse().context("--count")?,
            other => bail!("unknown argument `{other}` (usage: cargo xtask fuzz-diff [--seed N] [--count N])"),
        }
    }
    let root = crate::check::root();
    let started = Instant::now();
    let mut total_disagreements = 0;
    println!("fuzz-diff: seed {seed}, {count} documents per seed schema");
    for s in differential::seeds(&root) {
        let t = Instant::now();
        let mut findings = Vec::new();
        let stats = differential::run(&s, seed, count, MAX_WRITTEN, &mut findings);
        println!(
            "{:<15} documents {:>7}  valid {:>7}  invalid {:>7}  disagreements {:>4}  known oracle bugs {:>4}  ({:.1?})",
            s.name,
            stats.documents,
            stats.valid,
            stats.invalid,
            stats.disagreements,
            stats.known_oracle_bugs,
            t.elapsed()
        );
        if stats.generated_valid < stats.generated_valid_attempts {
            println!(
                "  note: {} of {} unmutated documents are invalid (a generator gap, not a disagreement)",
                stats.generated_valid_attempts - stats.generated_valid,
                stats.generated_valid_attempts
            );
        }
        total_disagreements += stats.disagreements;
        let mut written = 0;
        for f in &findings {
            if written >= MAX_WRITTEN {
                println!("  ... more disagreements not written (fix or triage these first)");
                break;
            }
            let minimal = serde_json::to_string(&f.minimal).unwrap_or_default();
            println!("  document {} ({}): {}\n    minimal: {minimal}", f.index, f.mutation, f.verdict);
            if let Some(p) = differential::write_regression(&root, f)? {
                written += 1;
                println!("    kept as {}", p.strip_prefix(&root).unwrap_or(&p).display());
            }
        }
    }
    println!("fuzz-diff: {total_disagreements} disagreement(s) in {:.1?}", started.elapsed());
    Ok(if total_disagreements == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}
