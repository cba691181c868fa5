//! The example documents in `schemas/examples/<schema>/{valid,invalid}/`:
//! every valid one parses into the typed API and serialises back to an
//! equal document; every invalid one is refused with an error at the
//! expected place and keyword.

use contracts::commands::CommandEnvelope;
use contracts::launch_request::LaunchRequest;
use contracts::{Contract, ParseError};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn examples(schema: &str, kind: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("schemas/examples").join(schema).join(kind);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json") && p.file_name().is_some_and(|n| n != "expected.json"))
        .collect();
    files.sort();
    files
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Parses every valid example with `T` and checks the round trip.
fn round_trip<T: Contract>(schema: &str, min: usize) {
    let files = examples(schema, "valid");
    assert!(files.len() >= min, "{schema}: only {} valid examples", files.len());
    for f in files {
        let text = read(&f);
        let original: Value = serde_json::from_str(&text).unwrap();
        let typed = T::from_json_str(&text).unwrap_or_else(|e| panic!("{} should be valid: {e}", f.display()));
        let back = serde_json::to_value(&typed).unwrap();
        assert_eq!(back, original, "{}: the round trip changed the document", f.display());
        typed.validate().unwrap_or_else(|e| panic!("{}: validate() on the parsed value: {e}", f.display()));
    }
}

/// Every invalid example is refused with an error at its expected location.
fn refused<T: Contract + std::fmt::Debug>(schema: &str, min: usize) {
    let files = examples(schema, "invalid");
    assert!(files.len() >= min, "{schema}: only {} invalid examples", files.len());
    let expected_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("schemas/examples").join(schema).join("invalid/expected.json");
    let expected: Value = serde_json::from_str(&read(&expected_path)).unwrap();
    for f in files {
        let name = f.file_name().unwrap().to_str().unwrap().to_owned();
        let want = &expected[&name];
        assert!(want.is_object(), "{name}: no entry in expected.json");
        let err = match T::from_json_str(&read(&f)) {
            Ok(v) => panic!("{name} should be invalid, parsed as {v:?}"),
            Err(ParseError::Invalid(e)) => e,
            Err(e) => panic!("{name}: expected validation errors, got {e}"),
        };
        let (loc, kw) = (want["instance_location"].as_str().unwrap(), want["keyword"].as_str().unwrap());
        // Member names below `answers` (`x-sensitivity: local`) are redacted in errors.
        let loc = &redacted_below_answers(loc);
        assert!(err.iter().any(|e| e.instance_location == *loc && e.keyword == kw), "{name}: expected `{kw}` at `{loc}`, got:\n{err}");
        for e in err.iter() {
            assert!(!e.message.is_empty() && e.keyword_location.ends_with(&*e.keyword), "{name}: {e:?}");
            assert!(!e.to_string().contains('\n'), "{name}: an error is one line of text output: {e}");
        }
        // One mistake, one explanation: text output (one line per error,
        // then the summary line) stays within 3 lines.
        assert!(err.len() <= 2, "{name}: {} lines of errors for one mistake:\n{err}", err.len());
    }
}

#[test]
fn commands_valid_examples_round_trip() {
    round_trip::<CommandEnvelope>("commands", 40);
}

#[test]
fn launch_request_valid_examples_round_trip() {
    round_trip::<LaunchRequest>("launch-request", 40);
}

#[test]
fn commands_invalid_examples_are_refused_at_the_right_place() {
    refused::<CommandEnvelope>("commands", 30);
}

#[test]
fn launch_request_invalid_examples_are_refused_at_the_right_place() {
    refused::<LaunchRequest>("launch-request", 30);
}

/// A tagged union whose tag names no branch is one mistake, reported once
/// (with the values the branches take), not once per branch.
#[test]
fn an_unknown_tag_is_one_error() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("schemas/examples/commands/invalid");
    let err = match CommandEnvelope::from_json_str(&read(&dir.join("inspect-target-kind-unknown.json"))) {
        Err(ParseError::Invalid(e)) => e,
        other => panic!("expected validation errors, got {other:?}"),
    };
    let lines: Vec<String> = err.iter().map(|e| format!("{}: {}", e.instance_location, e.message)).collect();
    assert_eq!(
        lines,
        // The envelope's tag (`type`) chose the `inspect` branch, whose
        // target's tag names no branch: that alone is the mistake.
        ["/payload/target/kind: `kind` must be one of \"agent\", \"context\", \"approval\", \"effect\", \"snapshot\", \"locks\", \"diff\", \"artifact\", got \"bogus\"",
        ]
    );
}

/// An untagged union reports the branch that came closest (here the one
/// whose error lies deepest in the value) and names the others in one line;
/// their errors stay available in `other_branches`.
#[test]
fn an_untagged_union_reports_the_closest_branch() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("schemas/examples/commands/invalid");
    let errors = |file: &str| match CommandEnvelope::from_json_str(&read(&dir.join(file))) {
        Err(ParseError::Invalid(e)) => e,
        other => panic!("{file}: expected validation errors, got {other:?}"),
    };
    let err = errors("start-review-target-run-id-bad.json");
    let lines: Vec<String> = err.iter().map(|e| format!("{}: {}", e.instance_location, e.message)).collect();
    assert_eq!(
        lines,
        [
            "/payload/reviewTarget: `reviewTarget` matches none of the allowed shapes; closest is branch 2 (below), and branches 0 and 1 fail too (3 errors)",
            "/payload/reviewTarget/runId: `runId` must match `^run_[0-9a-f]{32}$`, got \"run_123\"",
        ]
    );
    let others: Vec<(&str, &str)> =
        err.0[0].other_branches.iter().map(|e| (e.keyword_location.rsplit_once("/anyOf/").unwrap().1, e.message.as_str())).collect();
    assert_eq!(
        others,
        [
            ("0/required", "`reviewTarget` is missing required member `ref`"),
            ("1/required", "`reviewTarget` is missing required member `base`"),
            ("1/required", "`reviewTarget` is missing required member `head`"),
        ]
    );
    // The JSON output keeps them, nested under the union's error.
    assert_eq!(err.to_basic_output()["errors"][0]["errors"].as_array().map(Vec::len), Some(3));

    // A union of string constants is one `must be one of`.
    let err = errors("model-overrides-capability-huge.json");
    assert_eq!(err.len(), 1, "{err}");
    assert_eq!(err.0[0].message, "`capability` must be one of \"fast\", \"coding\", \"reasoning\", \"vision\", \"cheap\", got \"huge\"");
    assert!(err.0[0].keyword_location.ends_with("/capability/anyOf"), "{err}");
}

/// `/answers/KEY/…` as the validators write it: `/answers/<redacted>/…`.
fn redacted_below_answers(loc: &str) -> String {
    match loc.strip_prefix("/answers/") {
        Some(rest) => match rest.split_once('/') {
            Some((_, tail)) => format!("/answers/<redacted>/{tail}"),
            None => "/answers/<redacted>".to_owned(),
        },
        None => loc.to_owned(),
    }
}
