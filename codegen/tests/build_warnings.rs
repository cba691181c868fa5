//! Build-script warnings: each said once, and by default summarised in one
//! `cargo::warning` line that names the file holding the list.

use contracts_codegen::{cargo_warnings, generate, BuildWarnings, SchemaInput, Settings};
use std::path::Path;

/// Two schemas that both reach a union the plan can only type loosely.
fn inputs() -> Vec<SchemaInput> {
    let shared = r#"{"$id": "https://example.com/shared.json", "anyOf": [
        {"type": "object", "properties": {"a": {"type": "string"}}},
        {"type": "object", "properties": {"b": {"type": "string"}}}]}"#;
    vec![
        SchemaInput::new("one.json", r#"{"$id": "https://example.com/one.json", "type": "object", "properties": {"x": {"$ref": "shared.json"}}}"#),
        SchemaInput::new("two.json", r#"{"$id": "https://example.com/two.json", "type": "object", "properties": {"y": {"$ref": "shared.json"}}}"#),
        SchemaInput::new("shared.json", shared).referenced_only(),
    ]
}

#[test]
fn a_warning_reached_from_two_inputs_is_said_once() {
    let out = generate(&Settings::new(), &inputs()).unwrap();
    let loose: Vec<String> = out.warnings.iter().filter(|w| w.message.contains("no distinct names")).map(|w| w.to_string()).collect();
    assert_eq!(loose.len(), 1, "{loose:?}");
}

#[test]
fn the_default_is_one_summary_line_and_the_setting_chooses() {
    let list = Path::new("/out/contracts-codegen-warnings.txt");
    let summary = generate(&Settings::new(), &inputs()).unwrap();
    let n = summary.warnings.len();
    assert!(n >= 1);
    let lines = cargo_warnings(&summary, list);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].contains(&format!("{n} note")) && lines[0].contains("/out/contracts-codegen-warnings.txt"), "{}", lines[0]);
    let each = generate(&Settings::new().with_build_warnings(BuildWarnings::Each), &inputs()).unwrap();
    assert_eq!(cargo_warnings(&each, list), each.warnings.iter().map(|w| w.to_string()).collect::<Vec<_>>());
    let off = generate(&Settings::new().with_build_warnings(BuildWarnings::Off), &inputs()).unwrap();
    assert!(cargo_warnings(&off, list).is_empty());
}

/// Two definitions whose keys spell the same name (`a-b`, `a_b` → `AB`) and
/// that have no other: each is numbered, with a warning naming its pointer.
#[test]
fn a_numbered_name_is_a_warning_naming_the_place() {
    let schema = r#"{"$defs": {
        "a-b": {"type": "object", "properties": {"x": {"type": "string"}}, "required": ["x"]},
        "a_b": {"type": "object", "properties": {"y": {"type": "integer"}}, "required": ["y"]}}}"#;
    let out = generate(&Settings::new(), &[SchemaInput::new("names.json", schema)]).unwrap();
    let numbered: Vec<(String, String)> =
        out.warnings.iter().filter(|w| w.message.contains("is another type's")).map(|w| (w.pointer.clone(), w.message.clone())).collect();
    assert_eq!(numbered.len(), 2, "{:?}", out.warnings);
    assert_eq!(numbered[0].0, "/$defs/a-b");
    assert!(numbered[0].1.starts_with("type named `AB2`"), "{}", numbered[0].1);
    assert_eq!(numbered[1].0, "/$defs/a_b");
    assert!(out.files[0].contents.contains("pub struct AB2") && out.files[0].contents.contains("pub struct AB3"));
}

/// A schema that constrains values in a way no Rust type says (`not`) is a
/// JSON value with a warning saying why, at its place; one that says nothing
/// (`{}`) is a JSON value exactly, without one.
#[test]
fn a_json_value_that_stands_for_a_constraint_says_why() {
    let schema = r#"{"type": "object", "properties": {
        "anything": {},
        "notNull": {"not": {"type": "null"}},
        "pair": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}]},
        "fixedPair": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}], "minItems": 2, "items": false}}}"#;
    let out = generate(&Settings::new(), &[SchemaInput::new("values.json", schema)]).unwrap();
    let at = |pointer: &str| out.warnings.iter().filter(|w| w.pointer == pointer).map(|w| w.message.clone()).collect::<Vec<_>>();
    assert!(at("/properties/anything").is_empty(), "{:?}", out.warnings);
    assert_eq!(at("/properties/notNull"), ["typed as a JSON value (validation is exact): `not` has no Rust shape"]);
    assert_eq!(at("/properties/pair").len(), 1, "{:?}", out.warnings);
    assert!(at("/properties/pair")[0].contains("only a tuple of a fixed length"), "{:?}", out.warnings);
    // A fixed length is a Rust tuple, without a warning.
    assert!(at("/properties/fixedPair").is_empty(), "{:?}", out.warnings);
    assert!(out.files[0].contents.contains("pub fixed_pair: Option<(String, rt::Integer)>"), "{}", out.files[0].contents);
}
