//! Type names where several types could claim one: a definition keeps its
//! own key, and a value merged from several definitions is named for its
//! place rather than for the first of them.

use contracts_codegen::{generate, SchemaInput, Settings};

/// The schema pointer in the `/// Schema:` line of the type `name`.
fn pointer_of(code: &str, name: &str) -> Option<String> {
    let lines: Vec<&str> = code.lines().collect();
    let at = lines.iter().position(|l| l.starts_with(&format!("pub struct {name} ")) || l.starts_with(&format!("pub enum {name} ")))?;
    lines[..at].iter().rev().take(4).find_map(|l| l.strip_prefix("/// Schema: `")).map(|l| l.trim_end_matches('`').to_owned())
}

fn generated(schema: &str) -> String {
    let out = generate(&Settings::new(), &[SchemaInput::new("names.json", schema)]).unwrap();
    out.files.into_iter().map(|f| f.contents).collect()
}

/// `scale` is both a definition and, elsewhere, a member whose own schema
/// is another shape: the definition is `Scale`, the member's type is named
/// from its place.
#[test]
fn a_definition_keeps_its_key_against_a_name_taken_from_a_place() {
    let schema = r##"{"type": "object", "properties": {
        "scale": {"type": "object", "properties": {"factor": {"type": "number"}}, "required": ["factor"]},
        "scales": {"type": "array", "items": {"$ref": "#/$defs/scale"}}},
      "$defs": {"scale": {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}}}"##;
    let code = generated(schema);
    assert_eq!(pointer_of(&code, "Scale").as_deref(), Some("names.json#/$defs/scale"), "{code}");
    assert!(code.contains("pub scales: Option<Vec<Scale>>"), "{code}");
}

/// ESLint's `rules` is an `allOf` of nine definitions of another file: the
/// merged object is `Rules`, not `PossibleErrors`; one definition refined by
/// an `allOf` still takes the definition's name.
#[test]
fn a_merge_of_several_definitions_is_named_for_its_place() {
    let root = r#"{"$id": "https://example.com/root.json", "type": "object", "properties": {
        "rules": {"allOf": [{"$ref": "defs.json#/definitions/possibleErrors"}, {"$ref": "defs.json#/definitions/style"}]},
        "refined": {"$ref": "defs.json#/definitions/refined"}}}"#;
    let defs = r##"{"$id": "https://example.com/defs.json", "definitions": {
        "possibleErrors": {"type": "object", "properties": {"no-console": {"type": "string"}}},
        "style": {"type": "object", "properties": {"indent": {"type": "integer"}}},
        "refined": {"allOf": [{"$ref": "#/definitions/style"}, {"required": ["indent"]}]}}}"##;
    let inputs = [SchemaInput::new("root.json", root), SchemaInput::new("defs.json", defs).referenced_only()];
    let code: String = generate(&Settings::new(), &inputs).unwrap().files.into_iter().map(|f| f.contents).collect();
    assert!(code.contains("pub rules: Option<Rules>"), "{code}");
    assert!(!code.contains("PossibleErrors"), "{code}");
    assert!(code.contains("pub refined: Option<Refined>"), "{code}");
}

/// A namespaced member (`@typescript-eslint/naming-convention`) is named by
/// its last segment; where two namespaces give one segment two different
/// shapes, each is qualified by its namespace.
#[test]
fn a_namespaced_member_is_named_by_its_last_segment() {
    let schema = r##"{"type": "object", "properties": {
        "@typescript-eslint/naming-convention": {"type": "object", "properties": {"selector": {"type": "string"}}},
        "vue/comma-dangle": {"type": "object", "properties": {"always": {"type": "boolean"}}},
        "@typescript-eslint/comma-dangle": {"type": "object", "properties": {"never": {"type": "boolean"}}}}}"##;
    let code = generated(schema);
    assert!(code.contains("pub typescript_eslint_naming_convention: Option<NamingConvention>"), "{code}");
    assert!(code.contains("pub vue_comma_dangle: Option<VueCommaDangle>"), "{code}");
    assert!(code.contains("pub typescript_eslint_comma_dangle: Option<TypescriptEslintCommaDangle>"), "{code}");
}

/// Branches that require the same member, each referring to a definition
/// of its own, are named by those definitions, not by their place.
#[test]
fn branches_are_named_by_the_definitions_their_member_refers_to() {
    let schema = r##"{"type": "object", "properties": {"color": {"oneOf": [
        {"type": "object", "properties": {"value": {"$ref": "#/$defs/linearGradient"}}, "required": ["value"], "additionalProperties": false},
        {"type": "object", "properties": {"value": {"$ref": "#/$defs/radialGradient"}}, "required": ["value"], "additionalProperties": false}]}},
      "$defs": {
        "linearGradient": {"type": "object", "properties": {"x1": {"type": "number"}}, "required": ["x1"]},
        "radialGradient": {"type": "object", "properties": {"r1": {"type": "number"}}, "required": ["r1"]}}}"##;
    let code = generated(schema);
    assert!(code.contains("    LinearGradient { value: LinearGradient },"), "{code}");
    assert!(code.contains("    RadialGradient { value: RadialGradient },"), "{code}");
    assert!(!code.contains("Variant0"), "{code}");
}

/// A generic union that a definition shares with places of other meanings
/// is named for its shape: package.json's `bugs` and `bin` are `string |
/// object` as its `person` is, and they are no persons.
#[test]
fn a_generic_shared_by_a_definition_and_other_places_is_named_for_its_shape() {
    let schema = r##"{"type": "object", "properties": {
        "author": {"$ref": "#/$defs/person"},
        "bugs": {"oneOf": [{"type": "string"}, {"type": "object", "properties": {"url": {"type": "string"}}}]},
        "bin": {"oneOf": [{"type": "string"}, {"type": "object", "additionalProperties": {"type": "string"}}]}},
      "$defs": {"person": {"oneOf": [{"type": "string"}, {"type": "object", "properties": {"name": {"type": "string"}}}]}}}"##;
    // Only what the root reaches (as `cargo xtask corpus` generates): a
    // definition that is API stays a type of its own.
    let settings = Settings::new().with_all_definitions(false);
    let code: String = generate(&settings, &[SchemaInput::new("names.json", schema)]).unwrap().files.into_iter().map(|f| f.contents).collect();
    assert!(code.contains("pub enum StringOrObject<T> {"), "{code}");
    assert!(!code.contains("Person<"), "{code}");
    assert!(code.contains("pub bin: Option<StringOrObject<rt::Map<String, String>>>"), "{code}");
}
