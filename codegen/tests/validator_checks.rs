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

/// A member whose schema is its `type` alone is read by the runtime's
/// reader for that type (its type's, unsaid) and validated by
/// `types::only`; one whose schema adds a condition keeps a reader and a
/// validator of its own, named on the member. An enum member is read by
/// `Listed<E>` where its list is all the place says.
#[test]
fn a_type_alone_is_the_runtimes_and_a_type_with_more_is_the_modules() {
    let code = generated(
        r##"{"type": "object", "properties": {
            "flag": {"type": "boolean"},
            "on": {"type": "boolean", "const": true},
            "name": {"type": "string"},
            "short": {"type": "string", "maxLength": 3},
            "level": {"$ref": "#/$defs/level"},
            "loud": {"allOf": [{"$ref": "#/$defs/level"}], "maxLength": 4}
        }, "$defs": {"level": {"enum": ["warn", "error"]}}}"##,
    );
    // A member names its reader (`#[json(read = …)]`, the line above it)
    // only when it is not the one its type reads with (`rt::fast::Reads`).
    let attribute = |field: &str| {
        let at = code.find(&format!("pub {field}: ")).unwrap_or_else(|| panic!("no field {field}: {code}"));
        let line = code[..at].trim_end().lines().last().unwrap_or_default().trim().to_owned();
        if line.starts_with("#[json(") {
            line
        } else {
            String::new()
        }
    };
    for field in ["flag", "name", "level"] {
        assert!(!attribute(field).contains("read ="), "{field}: {}", attribute(field));
    }
    // The module's types say what they read with: the enum `Listed<E>`
    // (its list is all its places say), the bounded strings their own leaves.
    assert!(code.contains("Level => Listed<CheckLevel>"), "{code}");
    assert!(code.contains("Short => LeafRead<Leaf"), "{code}");
    assert!(code.contains("Loud => LeafRead<Leaf") || attribute("loud").contains("read = LeafRead<Leaf"), "{code}");
    // A place that adds a rule to its type names a reader of its own.
    assert!(attribute("on").contains("read = LeafRead<Leaf"), "{code}");
    assert!(code.contains("rt::Check = only::<BOOLEAN>;"), "{code}");
}
