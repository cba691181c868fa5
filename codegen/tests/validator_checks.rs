//! What the generated validators check, read from the generated text:
//! nothing is called for a schema that accepts every value.

use contracts_codegen::{generate, SchemaInput, Settings};

fn generated(schema: &str) -> String {
    let out = generate(&Settings::new(), &[SchemaInput::new("checks.json", schema)]).unwrap();
    out.files.into_iter().map(|f| f.contents).collect()
}

/// Members whose schema is `true`, `{}` or only a description are left
/// out of an object's checks, in a chain of calls and in a table alike;
/// a member with an assertion stays.
#[test]
fn members_that_accept_everything_are_not_checked() {
    for count in [3, 20] {
        let mut members: Vec<String> = (0..count).map(|i| format!(r#""free{i}": {{"description": "anything"}}"#)).collect();
        members.push(r#""open": true"#.to_owned());
        members.push(r#""empty": {}"#.to_owned());
        members.push(r#""size": {"type": "integer"}"#.to_owned());
        let schema = format!(r#"{{"type": "object", "properties": {{{}}}}}"#, members.join(", "));
        let code = generated(&schema);
        let validators = &code[code.find("mod validators").unwrap()..];
        assert!(validators.contains("\"size\""), "{count}: {validators}");
        for name in ["\"free0\"", "\"open\"", "\"empty\""] {
            assert!(!validators.contains(name), "{count}: {name} is checked: {validators}");
        }
    }
}

/// `additionalProperties` that accepts every value is no loop over the
/// members; one that checks something is.
#[test]
fn additional_properties_that_accept_everything_are_not_a_loop() {
    let free = generated(r#"{"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": {"description": "anything"}}"#);
    assert!(!free.contains("for (key, v) in x"), "{free}");
    let typed = generated(r#"{"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": {"type": "string"}}"#);
    assert!(typed.contains("for (key, v) in x"), "{typed}");
}
