//! Hostile schemas: each gives correct code or a clear error naming the
//! file, the JSON Pointer and the reason. Never a panic, never a hang.

use contracts_codegen::{generate, Error, SchemaInput, Settings};

fn run(text: &str) -> Result<contracts_codegen::Output, Error> {
    generate(&Settings::new(), &[SchemaInput::new("hostile.json", text)])
}

#[test]
fn ref_cycles_that_never_descend_are_refused() {
    for text in [
        r##"{"$ref": "#"}"##,
        r##"{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"}"##,
        r##"{"not": {"$ref": "#"}}"##,
        r##"{"if": {"$ref": "#"}, "then": {"type": "string"}}"##,
        r##"{"$defs": {"a": {"allOf": [{"anyOf": [{"$ref": "#/$defs/a"}]}]}}, "$ref": "#/$defs/a"}"##,
        r##"{"anyOf": [{"allOf": [{"$ref": "#"}, {"type": "string"}]}, {"type": "integer"}]}"##,
        r##"{"anyOf": [{"not": {"$ref": "#"}}, {"type": "string"}]}"##,
        // Two disjunctions on one cycle (a = b ∨ string, b = a ∨ integer): no one branch can go.
        r##"{"$defs": {"a": {"anyOf": [{"$ref": "#/$defs/b"}, {"type": "string"}]}, "b": {"oneOf": [{"$ref": "#/$defs/a"}, {"type": "integer"}]}}, "$ref": "#/$defs/a"}"##,
        // A self-branch that also asserts something beside the `$ref`: validators disagree on it.
        r##"{"anyOf": [{"$ref": "#", "const": 3}]}"##,
        r##"{"$defs": {"a": {"oneOf": [{"$ref": "#/$defs/a", "minimum": 1}, {"type": "string"}]}}, "$ref": "#/$defs/a"}"##,
    ] {
        let e = run(text).unwrap_err();
        assert_eq!(e.file, "hostile.json");
        assert!(e.reason.contains("reference cycle"), "{e}");
    }
}

#[test]
fn recursion_through_members_is_fine() {
    let out = run(r##"{"type": "object", "properties": {"next": {"$ref": "#"}, "items": {"type": "array", "items": {"$ref": "#"}}}}"##).unwrap();
    let code = &out.files[0].contents;
    assert!(code.contains("Box<Hostile>"), "{code}");
}

#[test]
fn missing_targets_name_the_place() {
    let e = run(r##"{"properties": {"a": {"$ref": "#/$defs/missing"}}}"##).unwrap_err();
    assert_eq!((e.file.as_str(), e.pointer.as_str()), ("hostile.json", "/properties/a/$ref"));
    assert!(e.to_string().starts_with("hostile.json#/properties/a/$ref: "), "{e}");
    let e = run(r##"{"$ref": "other.json#/x"}"##).unwrap_err();
    assert!(e.reason.contains("no schema is known"), "{e}");
    let e = run(r##"{"$ref": "#nope"}"##).unwrap_err();
    assert!(e.reason.contains("no anchor"), "{e}");
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let depth = 5000;
    let text = format!("{}{}", r#"{"items":"#.repeat(depth), "}".repeat(depth));
    let text = text.replacen(r#"{"items":}"#, r#"{"items":{}}"#, 1);
    let e = run(&text).unwrap_err();
    assert_eq!(e.file, "hostile.json");
    // Valid JSON, past what the parser reads: said so, not "not valid JSON".
    assert!(e.reason.starts_with("nested 128 arrays/objects deep or more at line 1 column "), "{e}");
    assert!(e.reason.contains("the generator reads at most 127 levels"), "{e}");
    let e = run(r#"{"type": "string""#).unwrap_err();
    assert!(e.reason.contains("not valid JSON"), "{e}");
}

#[test]
fn malformed_keywords_are_errors() {
    for (text, pointer) in [
        (r#"{"type": 5}"#, "/type"),
        (r#"{"properties": []}"#, "/properties"),
        (r#"{"required": "a"}"#, "/required"),
        (r#"{"pattern": "(?<"}"#, "/pattern"),
        (r#"{"patternProperties": {"[": {}}}"#, "/patternProperties"),
        (r#"{"multipleOf": 0}"#, "/multipleOf"),
        (r#"{"allOf": []}"#, "/allOf"),
        (r#"{"items": 3}"#, "/items"),
        (r#"{"properties": {"a": 3}}"#, "/properties/a"),
    ] {
        let e = run(text).unwrap_err();
        assert_eq!(e.pointer, pointer, "{text}: {e}");
    }
    assert!(run("[1, 2]").is_err());
    assert!(run("").is_err());
}

#[test]
fn a_thousand_properties_and_a_long_ref_chain() {
    let props: Vec<String> = (0..1000).map(|i| format!(r#""p{i}": {{"type": "integer"}}"#)).collect();
    let out = run(&format!(r#"{{"type": "object", "properties": {{{}}}}}"#, props.join(","))).unwrap();
    assert!(out.files[0].contents.contains("p999"));
    let defs: Vec<String> = (0..300).map(|i| format!(r##""d{i}": {{"$ref": "#/$defs/d{}"}}"##, i + 1)).collect();
    let text = format!(r##"{{"$ref": "#/$defs/d0", "$defs": {{{}, "d300": {{"type": "string"}}}}}}"##, defs.join(","));
    run(&text).unwrap();
}

#[test]
fn draft4_const_is_applied_with_a_warning() {
    let text = r#"{"$schema": "http://json-schema.org/draft-04/schema#", "properties": {"kind": {"const": "a"}}}"#;
    let out = run(text).unwrap();
    let w: Vec<_> = out.warnings.iter().filter(|w| w.message.contains("`const`")).collect();
    assert_eq!(w.len(), 1, "{:?}", out.warnings);
    assert_eq!((w[0].file.as_str(), w[0].pointer.as_str()), ("hostile.json", "/properties/kind/const"));
    assert!(w[0].message.contains("draft-04"), "{}", w[0]);
    assert!(out.files[0].contents.contains("\"a\""), "the const is in the generated code");
    // Draft 6 and later: no warning.
    let out = run(r#"{"$schema": "http://json-schema.org/draft-06/schema#", "properties": {"kind": {"const": "a"}}}"#).unwrap();
    assert!(out.warnings.iter().all(|w| !w.message.contains("`const`")), "{:?}", out.warnings);
}

#[test]
fn an_all_of_that_includes_itself_adds_nothing_with_a_warning() {
    for (text, pointer) in [
        (r##"{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"allOf": [{"$ref": "#/$defs/a"}]}}, "$ref": "#/$defs/a"}"##, "/$defs/b/allOf/0/$ref"),
        (r##"{"type": "object", "allOf": [{"$ref": "#"}, {"required": ["a"]}]}"##, "/allOf/0/$ref"),
        (
            r##"{"$schema": "http://json-schema.org/draft-07/schema#", "properties": {"vm": {"$ref": "#/definitions/vm"}}, "definitions": {"vm": {"allOf": [{"$ref": "#/definitions/vm"}, {"required": ["os"]}]}}}"##,
            "/definitions/vm/allOf/0/$ref",
        ),
    ] {
        let out = run(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let w: Vec<_> = out.warnings.iter().filter(|w| w.message.contains("reference cycle")).collect();
        assert_eq!(w.len(), 1, "{text}: {:?}", out.warnings);
        assert_eq!((w[0].file.as_str(), w[0].pointer.as_str()), ("hostile.json", pointer), "{text}");
        assert!(w[0].message.contains("`$ref`") && w[0].message.contains("`allOf`"), "{}", w[0]);
    }
}

#[test]
fn an_unknown_schema_uri_is_a_warning_naming_file_and_pointer() {
    let out = run(r#"{"$schema": "https://example.com/my-dialect", "type": "string"}"#).unwrap();
    let w = out.warnings.iter().find(|w| w.pointer == "/$schema").unwrap_or_else(|| panic!("{:?}", out.warnings));
    assert_eq!(w.file, "hostile.json");
    assert!(w.message.contains("https://example.com/my-dialect") && w.message.contains("read as 2020-12"), "{w}");
    // Known dialects say nothing.
    let out = run(r#"{"$schema": "http://json-schema.org/draft-07/schema#", "type": "string"}"#).unwrap();
    assert!(out.warnings.iter().all(|w| w.pointer != "/$schema"), "{:?}", out.warnings);
}

#[test]
fn an_asserted_unknown_format_is_not_named_non_empty() {
    let settings = Settings::new().with_format_assertion(true);
    let out = generate(&settings, &[SchemaInput::new("hostile.json", r#"{"type": "string", "format": "x"}"#)]).unwrap();
    let code = &out.files[0].contents;
    assert!(!code.contains("NonEmptyString"), "{code}");
    // `minLength: 1` alone still is.
    let out =
        generate(&settings, &[SchemaInput::new("hostile.json", r#"{"type": "object", "properties": {"a": {"type": "string", "minLength": 1}}}"#)]).unwrap();
    assert!(out.files[0].contents.contains("NonEmptyString"), "{}", out.files[0].contents);
}

#[test]
fn an_any_of_branch_that_only_applies_itself_adds_nothing_with_a_warning() {
    for (text, pointer, keyword) in [
        (r##"{"anyOf": [{"type": "string"}, {"$ref": "#"}]}"##, "/anyOf/1", "anyOf"),
        (r##"{"oneOf": [{"type": "string"}, {"$ref": "#"}]}"##, "/oneOf/1", "oneOf"),
        (
            r##"{"$defs": {"v": {"anyOf": [{"$ref": "#/$defs/v"}, {"type": "string"}]}}, "properties": {"value": {"$ref": "#/$defs/v"}}}"##,
            "/$defs/v/anyOf/0",
            "anyOf",
        ),
        (
            r##"{"$defs": {"a": {"anyOf": [{"$ref": "#/$defs/b"}, {"type": "string"}]}, "b": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"}"##,
            "/$defs/a/anyOf/0",
            "anyOf",
        ),
    ] {
        let out = run(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let w: Vec<_> = out.warnings.iter().filter(|w| w.message.contains("reference cycle")).collect();
        assert_eq!(w.len(), 1, "{text}: {:?}", out.warnings);
        assert_eq!((w[0].file.as_str(), w[0].pointer.as_str()), ("hostile.json", pointer), "{text}");
        assert!(w[0].message.contains(&format!("`{keyword}`")) && w[0].message.contains("read as `false`"), "{}", w[0]);
    }
}

#[test]
fn a_chain_of_choices_that_each_reference_the_next_many_times_is_quick() {
    // Twenty definitions, each an `anyOf` of twelve references to the next:
    // 12^20 paths. A member referencing the first with a `type` beside it
    // asks which types the chain admits; each definition is looked at once.
    let defs: Vec<String> =
        (0..20).map(|i| format!(r##""d{i}": {{"anyOf": [{}]}}"##, vec![format!(r##"{{"$ref": "#/$defs/d{}"}}"##, i + 1); 12].join(","))).collect();
    let text = format!(
        r##"{{"type": "object", "properties": {{"a": {{"$ref": "#/$defs/d0", "type": "string"}}}}, "$defs": {{{}, "d20": {{"type": "string"}}}}}}"##,
        defs.join(",")
    );
    let out = run(&text).unwrap();
    assert!(out.files[0].contents.contains("pub a: "), "no field for `a`");
}
