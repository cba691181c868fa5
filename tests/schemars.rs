//! With the `schemars` feature, each generated type's `JsonSchema` is its
//! source subschema: the schema schemars produces for a root type accepts and
//! rejects the same example documents as the source schema (judged by the
//! `jsonschema` crate, an independent validator).
#![cfg(feature = "schemars")]

use serde_json::Value;
use std::path::Path;

fn examples(schema: &str, kind: &str) -> Vec<(String, Value)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("schemas/examples").join(schema).join(kind);
    let mut out: Vec<(String, Value)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json") && p.file_name().is_some_and(|n| n != "expected.json"))
        .map(|p| (p.display().to_string(), serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap()))
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

fn same_verdicts<T: schemars::JsonSchema>(schema_file: &str, stem: &str) {
    let from_schemars = serde_json::to_value(schemars::schema_for!(T)).unwrap();
    let source: Value =
        serde_json::from_str(&std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("schemas").join(schema_file)).unwrap()).unwrap();
    let ours = jsonschema::draft202012::new(&from_schemars).unwrap_or_else(|e| panic!("schemars output does not compile: {e}\n{from_schemars:#}"));
    let theirs = jsonschema::draft202012::new(&source).unwrap();
    let mut n = 0;
    for kind in ["valid", "invalid"] {
        for (file, doc) in examples(stem, kind) {
            assert_eq!(ours.is_valid(&doc), theirs.is_valid(&doc), "{file}: schemars schema and source schema disagree");
            assert_eq!(ours.is_valid(&doc), kind == "valid", "{file}");
            n += 1;
        }
    }
    assert!(n >= 70, "{stem}: only {n} examples");
}

#[test]
fn commands_schema_from_schemars_matches_the_source() {
    same_verdicts::<contracts::commands::CommandEnvelope>("commands.schema.json", "commands");
}

#[test]
fn launch_request_schema_from_schemars_matches_the_source() {
    same_verdicts::<contracts::launch_request::LaunchRequest>("launch-request.schema.json", "launch-request");
}

#[test]
fn nested_types_embed_their_references() {
    #[derive(schemars::JsonSchema)]
    #[allow(dead_code)]
    struct MyApi {
        tool_call: contracts::commands::RunToolPayload,
    }
    let s = serde_json::to_value(schemars::schema_for!(MyApi)).unwrap();
    let v = jsonschema::draft202012::new(&s).unwrap();
    assert!(v.is_valid(&serde_json::json!({"tool_call": {"tool": "x", "input": {"any": [1, null]}, "justification": "y"}})));
    assert!(!v.is_valid(&serde_json::json!({"tool_call": {"tool": "", "input": 1, "justification": "y"}})));
    assert!(s["$defs"].get("commands.JsonValue").is_some(), "{s:#}");
}
