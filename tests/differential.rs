//! Differential test: our generated validators against the `jsonschema`
//! crate (the oracle) on generated documents for both seeds. Our three
//! verdicts (`is_valid`, `validate`, the typed `from_json_value`) and the
//! oracle's must all agree. The long run is `cargo xtask fuzz-diff`.

#[path = "support/differential.rs"]
mod differential;
#[path = "support/docgen.rs"]
mod docgen;

use std::path::Path;

/// Documents per seed in the normal test run.
const COUNT: usize = 3_000;
/// Fixed, so a failure reproduces: `cargo xtask fuzz-diff --seed 1 --count 3000`.
const SEED: u64 = 1;

/// Runs the harness on one seed; fails with every disagreement, minimised.
fn agree_with_the_oracle(name: &str) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let seed = differential::seeds(root).into_iter().find(|s| s.name == name).unwrap();
    let mut findings = Vec::new();
    let stats = differential::run(&seed, SEED, COUNT, 10, &mut findings);
    eprintln!("{name}: {stats:?}");
    assert_eq!(stats.documents, COUNT);
    // The generator must mostly build valid documents, and the mutants must
    // mostly be invalid, or the comparison says little.
    assert!(
        stats.generated_valid * 10 >= stats.generated_valid_attempts * 8,
        "{name}: only {} of {} generated documents are valid",
        stats.generated_valid,
        stats.generated_valid_attempts
    );
    assert!(stats.invalid * 4 >= stats.documents, "{name}: too few invalid documents: {stats:?}");
    let report: Vec<String> = findings
        .iter()
        .map(|f| format!("document {} (mutation {}): {}\n  minimal: {}", f.index, f.mutation, f.verdict, serde_json::to_string(&f.minimal).unwrap_or_default()))
        .collect();
    assert!(
        report.is_empty(),
        "{name}: {} disagreement(s); `cargo xtask fuzz-diff --seed {SEED} --count {COUNT}` keeps them as regression cases:\n{}",
        report.len(),
        report.join("\n")
    );
}

#[test]
fn commands_agree_with_the_oracle() {
    agree_with_the_oracle("commands");
}

#[test]
fn launch_request_agrees_with_the_oracle() {
    agree_with_the_oracle("launch-request");
}

#[test]
fn regression_cases_replay() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let seeds = differential::seeds(root);
    let (n, failures) = differential::replay(root, &seeds);
    eprintln!("{n} regression case(s)");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The generator's pattern subset produces strings the seeds' patterns match.
#[test]
fn pattern_generator_matches_the_seed_patterns() {
    let patterns = [
        r"^cmd_[0-9a-f]{32}$",
        r"^agt_[A-Za-z0-9.-]+_[A-Za-z0-9_.-]+$",
        r"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z$",
        r"^[a-z][a-z0-9-]*$",
        r"^1\.[0-9]+\.[0-9]+$",
        r"^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$",
        r"^.*$",
    ];
    let mut rng = docgen::Rng::new(7);
    for p in patterns {
        let schema = serde_json::json!({ "type": "string", "pattern": p });
        let oracle = jsonschema::draft202012::new(&schema).unwrap();
        for target in [None, Some(1), Some(40), Some(128)] {
            for _ in 0..50 {
                let s = rng.gen_pattern(p, target).unwrap_or_else(|| panic!("{p}: outside the generator's subset"));
                assert!(oracle.is_valid(&serde_json::Value::String(s.clone())), "{p} does not match {s:?}");
            }
        }
    }
}

/// A planted bug (our side counting UTF-16 units for `maxLength`, as
/// JavaScript does) is found and minimised to the string that shows it.
#[test]
fn the_harness_finds_and_minimises_a_planted_bug() {
    fn utf16_lengths(v: &serde_json::Value) -> [bool; 3] {
        let ok = contracts::launch_request::is_valid(v)
            && v.get("input").and_then(|s| s.as_str()).is_none_or(|s| s.encode_utf16().count() <= 4000)
            && v.get("answers").and_then(|a| a.as_object()).is_none_or(|a| {
                a.values().all(|x| match x {
                    serde_json::Value::String(s) => s.encode_utf16().count() <= 200,
                    serde_json::Value::Array(items) => items.iter().all(|i| i.as_str().is_none_or(|s| s.encode_utf16().count() <= 200)),
                    _ => true,
                })
            });
        [ok; 3]
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let seed = differential::seeds(root).pop().unwrap().with_ours(utf16_lengths);
    assert_eq!(seed.name, "launch-request");
    let mut findings = Vec::new();
    let stats = differential::run(&seed, SEED, 1_000, 1, &mut findings);
    assert!(stats.disagreements > 0, "{stats:?}");
    if let Some(f) = findings.first() {
        // Minimal: the four required members, the long string, nothing else.
        let text = serde_json::to_string(&f.minimal).unwrap();
        let longest = text.split('"').map(|s| s.chars().count()).max().unwrap();
        assert!(longest > 100, "{text}");
        assert!(f.minimal["answers"].as_object().is_some_and(|a| a.len() <= 1), "{text}");
    }
}
