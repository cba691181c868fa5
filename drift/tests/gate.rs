//! The gate around the comparison: the default dialect (policy file and
//! `--default-dialect`), schemas that cannot be read (reported in every
//! format while the others are compared; exit 2), removed and moved
//! schemas, and self-references read as the generator reads them.

use contracts_codegen::Dialect;
use contracts_drift::{compare_sets, report, run_cli, Allowlist, Breaks, Config, Report, SchemaFile, Status};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

fn file(name: &str, v: &Value) -> SchemaFile {
    SchemaFile { rel: name.into(), path: format!("schemas/{name}"), text: serde_json::to_string_pretty(v).unwrap() }
}

fn compare(old: &[SchemaFile], new: &[SchemaFile], config: &Config) -> Report {
    compare_sets(old, new, config, &Allowlist::default()).expect("compare")
}

fn breaks(r: &Report) -> Breaks {
    r.schemas.iter().flat_map(|s| &s.changes).fold(Breaks::NONE, |a, c| a.or(c.breaks))
}

/// A scratch directory with `old/` and `new/` holding the given files.
struct Scratch(PathBuf);

impl Scratch {
    fn new(tag: &str, old: &[(&str, &str)], new: &[(&str, &str)]) -> Scratch {
        let dir = std::env::temp_dir().join(format!("drift-gate-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for (side, files) in [("old", old), ("new", new)] {
            std::fs::create_dir_all(dir.join(side)).unwrap();
            for (name, text) in files {
                std::fs::write(dir.join(side).join(name), text).unwrap();
            }
        }
        Scratch(dir)
    }
    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn args(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

const TUPLE_OLD: &str = r#"{"type": "array", "items": [{"type": "string"}], "additionalItems": false}"#;
const TUPLE_NEW: &str = r#"{"type": "array", "items": [{"type": "string"}]}"#;

#[test]
fn tuple_items_without_schema_need_a_default_dialect_and_the_error_names_the_setting() {
    let (old, new) = (file("t.json", &serde_json::from_str(TUPLE_OLD).unwrap()), file("t.json", &serde_json::from_str(TUPLE_NEW).unwrap()));
    let r = compare(std::slice::from_ref(&old), std::slice::from_ref(&new), &Config::default());
    assert_eq!(r.exit_code(), 2);
    let e = r.schemas[0].error_message().unwrap();
    for part in ["schemas/t.json#/items", "must be a schema", "draft-04 to 2019-09", "2020-12", "default_dialect", "--default-dialect"] {
        assert!(e.contains(part), "`{part}` missing from: {e}");
    }
    // Read as draft-07, the removed `additionalItems: false` lets more items in.
    let mut config = Config::default();
    config.default.default_dialect = Dialect::Draft7;
    let r = compare(&[old], &[new], &config);
    assert_eq!(r.exit_code(), 1, "{}", report::to_text(&r));
    assert_eq!(breaks(&r), Breaks::R);
    assert!(r.schemas[0].changes.iter().any(|c| c.kind == "items-opened"), "{}", report::to_text(&r));
}

#[test]
fn declared_schema_wins_over_the_default_dialect() {
    let mut v: Value = serde_json::from_str(TUPLE_OLD).unwrap();
    v["$schema"] = json!("https://json-schema.org/draft/2020-12/schema");
    let mut config = Config::default();
    config.default.default_dialect = Dialect::Draft7;
    let r = compare(&[file("t.json", &v)], &[file("t.json", &v)], &config);
    let e = r.schemas[0].error_message().unwrap();
    assert!(e.contains("declares 2020-12 with `$schema`"), "{e}");
}

#[test]
fn default_dialect_per_glob_in_the_policy_file() {
    let cfg =
        Config::parse(r#"{"default": {"default_dialect": "2020-12"}, "schemas": [{"glob": "schemas/legacy-*.json", "default_dialect": "draft-07"}]}"#).unwrap();
    let tuple_old: Value = serde_json::from_str(TUPLE_OLD).unwrap();
    let tuple_new: Value = serde_json::from_str(TUPLE_NEW).unwrap();
    let r = compare(&[file("legacy-t.json", &tuple_old), file("t.json", &tuple_old)], &[file("legacy-t.json", &tuple_new), file("t.json", &tuple_new)], &cfg);
    let legacy = r.schemas.iter().find(|s| s.file == "schemas/legacy-t.json").unwrap();
    let other = r.schemas.iter().find(|s| s.file == "schemas/t.json").unwrap();
    assert!(legacy.errors.is_empty() && legacy.changes.iter().any(|c| c.kind == "items-opened"), "{}", report::to_text(&r));
    assert!(other.error_message().is_some_and(|e| e.contains("#/items")), "{}", report::to_text(&r));
    for bad in
        [r#"{"default": {"default_dialect": "draft-99"}}"#, r#"{"schemas": [{"glob": "*", "default_dialect": 7}]}"#, r#"{"default": {"removal": "sometimes"}}"#]
    {
        let e = Config::parse(bad).unwrap_err();
        assert!(e.starts_with("/default") || e.starts_with("/schemas/0"), "{bad}: {e}");
    }
    assert!(Config::parse(r#"{"default": {"default_dialect": "draft-99"}}"#).unwrap_err().contains("draft-07"), "the error lists the dialects");
    assert_eq!(
        Config::parse(r#"{"default": {"default_dialect": "http://json-schema.org/draft-04/schema#"}}"#).unwrap().default.default_dialect,
        Dialect::Draft4
    );
}

#[test]
fn default_dialect_flag() {
    let s = Scratch::new("flag", &[("t.json", TUPLE_OLD)], &[("t.json", TUPLE_NEW)]);
    assert_eq!(run_cli(&args(&["--old", "old", "--new", "new"]), s.path()), 2);
    assert_eq!(run_cli(&args(&["--old", "old", "--new", "new", "--default-dialect", "draft-07"]), s.path()), 1);
    assert_eq!(run_cli(&args(&["--old", "old", "--new", "new", "--default-dialect=draft-07"]), s.path()), 1);
    assert_eq!(run_cli(&args(&["--old", "old", "--new", "new", "--default-dialect", "draft-99"]), s.path()), 2);
    // The flag sets the default; a policy entry naming the file still wins.
    std::fs::write(s.path().join("cfg.json"), r#"{"schemas": [{"glob": "t.json", "default_dialect": "2020-12"}]}"#).unwrap();
    assert_eq!(run_cli(&args(&["--old", "old", "--new", "new", "--default-dialect", "draft-07", "--config", "cfg.json"]), s.path()), 2);
}

#[test]
fn an_unreadable_schema_is_reported_in_every_format_and_the_others_are_compared() {
    let good_old = file("a.json", &json!({"type": "object"}));
    let good_new = file("a.json", &json!({"type": "object", "required": ["x"]}));
    let bad = file("b.json", &json!({"type": "object", "properties": {"p": {"minLength": "three"}}}));
    let r = compare(&[good_old, bad.clone()], &[good_new, bad], &Config::default());
    assert_eq!(r.exit_code(), 2);
    assert_eq!(r.unreadable(), 1);
    let a = r.schemas.iter().find(|s| s.file == "schemas/a.json").unwrap();
    assert!(a.changes.iter().any(|c| c.kind == "required-added"), "the readable schema is still compared");
    assert!(a.fails());
    let b = r.schemas.iter().find(|s| s.file == "schemas/b.json").unwrap();
    assert_eq!(b.errors.len(), 2, "both sides named");
    assert_eq!(b.errors[1].at.pointer, "/properties/p/minLength");
    let msg = b.error_message().unwrap();
    assert!(msg.contains("old: schemas/b.json#/properties/p/minLength") && msg.contains("new: "), "{msg}");

    let j = report::to_json(&r);
    let jb = j["schemas"].as_array().unwrap().iter().find(|s| s["file"] == "schemas/b.json").unwrap();
    assert!(jb["error"].as_str().is_some_and(|e| e.contains("minLength")), "{jb}");
    let ja = j["schemas"].as_array().unwrap().iter().find(|s| s["file"] == "schemas/a.json").unwrap();
    assert_eq!(ja["error"], Value::Null);
    assert_eq!(j["exit_code"], 2);

    let text = report::to_text(&r);
    assert!(text.contains("schemas/b.json (modified)\n  error: old: schemas/b.json#/properties/p/minLength"), "{text}");
    assert!(text.contains("required-added") && text.ends_with("drift: ERROR (1 schema could not be read; the others were compared)\n"), "{text}");

    let md = report::to_markdown(&r);
    assert!(md.contains("❌ 1 schema(s) could not be read") && md.contains("❌ **error**: old: schemas/b.json#/properties/p/minLength"), "{md}");

    let gh = report::to_github(&r);
    let line = serde_json::to_string_pretty(&json!({"type": "object", "properties": {"p": {"minLength": "three"}}}))
        .unwrap()
        .lines()
        .position(|l| l.contains("minLength"))
        .unwrap()
        + 1;
    assert!(gh.contains(&format!("::error file=schemas/b.json,line={line},title=schema-unreadable::new side: schemas/b.json#/properties/p/minLength")), "{gh}");
}

#[test]
fn a_schema_referencing_an_unreadable_one_fails_in_turn() {
    let lib = file("lib.json", &json!({"$id": "https://x.dev/lib.json", "type": "string", "maxLength": -1}));
    let user = file("user.json", &json!({"type": "object", "properties": {"a": {"$ref": "https://x.dev/lib.json"}}}));
    let r = compare(&[lib.clone(), user.clone()], &[lib, user], &Config::default());
    assert_eq!(r.unreadable(), 2, "{}", report::to_text(&r));
    let u = r.schemas.iter().find(|s| s.file == "schemas/user.json").unwrap();
    assert!(u.error_message().unwrap().contains("https://x.dev/lib.json"), "{}", report::to_text(&r));
}

#[test]
fn a_removed_schema_fails_the_gate_unless_allowed() {
    let a = file("a.json", &json!({"type": "string"}));
    let r = compare(std::slice::from_ref(&a), &[], &Config::default());
    assert_eq!(r.schemas[0].status, Status::Removed);
    assert!(r.schemas[0].drift.iter().any(|d| d.kind == "schema-removed" && d.severity == "error"), "{}", report::to_text(&r));
    assert_eq!(r.exit_code(), 1);
    assert!(report::to_text(&r).ends_with("drift: FAILED (breaking changes without the version bump or allowlist entry they need)\n"));
    // The policy allows removal for this file.
    let cfg = Config::parse(r#"{"schemas": [{"glob": "schemas/a.json", "removal": "allowed"}]}"#).unwrap();
    assert_eq!(compare(std::slice::from_ref(&a), &[], &cfg).exit_code(), 0);
    // An allowlist entry permits it.
    let allow = Allowlist::parse(r#"{"allow": [{"schema": "schemas/a.json", "kind": "schema-removed", "reason": "retired in #7"}]}"#).unwrap();
    let r = compare_sets(&[a], &[], &Config::default(), &allow).unwrap();
    assert_eq!(r.exit_code(), 0, "{}", report::to_text(&r));
    assert!(r.unused_allowlist.is_empty());
}

#[test]
fn removing_every_schema_fails_on_the_cli() {
    let s = Scratch::new("empty", &[("a.json", r#"{"type": "string"}"#)], &[]);
    assert_eq!(run_cli(&args(&["--old", "old", "--new", "new"]), s.path()), 1);
}

#[test]
fn a_renamed_file_with_the_same_id_is_a_move() {
    let v = json!({"$id": "https://x.dev/schemas/s.json", "type": "string"});
    let r = compare(&[file("s.json", &v)], &[file("moved.json", &v)], &Config::default());
    assert_eq!(r.schemas.len(), 1, "{}", report::to_text(&r));
    assert_eq!(r.schemas[0].status, Status::Renamed);
    assert_eq!(r.schemas[0].old_file.as_deref(), Some("schemas/s.json"));
    assert_eq!(breaks(&r), Breaks::NONE);
    assert_eq!(r.exit_code(), 0);
}

#[test]
fn an_id_change_breaks_nobody_by_itself() {
    let r = compare(
        &[file("s.json", &json!({"$id": "something", "type": "string"}))],
        &[file("s.json", &json!({"$id": "something_else", "type": "string"}))],
        &Config::default(),
    );
    let c = r.schemas[0].changes.iter().find(|c| c.kind == "id-changed").unwrap();
    assert_eq!(c.breaks, Breaks::NONE);
    assert_eq!(r.exit_code(), 0);
}

#[test]
fn self_reference_without_descending_is_refused_as_the_generator_refuses_it() {
    let v = json!({"$ref": "#"});
    let r = compare(&[file("s.json", &json!({"type": "string"}))], &[file("s.json", &v)], &Config::default());
    assert_eq!(r.exit_code(), 2);
    let e = r.schemas[0].error_message().unwrap();
    assert!(e.starts_with("new: schemas/s.json: reference cycle"), "{e}");
    // The generator refuses the same schema.
    let g = contracts_codegen::generate(&contracts_codegen::Settings::new(), &[contracts_codegen::SchemaInput::new("schemas/s.json", v.to_string())]);
    assert!(g.is_err_and(|e| e.to_string().contains("reference cycle")));
}

#[test]
fn a_self_branch_asserting_beside_its_reference_is_a_read_error() {
    // Found by fuzzing: the generator read the branch as `false`, the
    // `jsonschema` crate the cycle as `true`, and drift saw no change.
    let v = json!({"anyOf": [{"$ref": "#", "const": 3}]});
    let r = compare(&[file("s.json", &json!({"anyOf": [{"$ref": "#"}]}))], &[file("s.json", &v)], &Config::default());
    assert_eq!(r.exit_code(), 2);
    let e = r.schemas[0].error_message().unwrap();
    assert!(e.starts_with("new: schemas/s.json: reference cycle"), "{e}");
}

#[test]
fn a_family_release_that_cannot_be_read_is_not_compared() {
    let s = Scratch::new("families", &[("app-1.json", r#"{"type": "string"}"#), ("app-2.json", r#"{"type": "string", "minLength": "x"}"#)], &[]);
    let steps = contracts_drift::families::steps(&s.path().join("old")).unwrap();
    let step = &steps["app"][0];
    assert!(step.error.as_deref().is_some_and(|e| e.contains("app-2.json#/minLength")), "{:?}", step.error);
}

#[test]
fn many_conditionals_compare_without_giving_up() {
    // Each conditional whose `if` moved compares its branches alone: with the
    // rest of the schema, every conditional would multiply the work of the others.
    let conds = |key: &str| -> Vec<Value> {
        (0..14)
            .map(|i| json!({"if": {"required": [format!("{key}{i}")]}, "then": {"required": [format!("t{i}")]}, "else": {"required": [format!("e{i}")]}}))
            .collect()
    };
    let old = json!({"type": "object", "allOf": conds("a")});
    let new = json!({"type": "object", "allOf": conds("b")});
    let r = compare(&[file("s.json", &old)], &[file("s.json", &new)], &Config::default());
    let kinds: Vec<&str> = r.schemas[0].changes.iter().map(|c| c.kind).collect();
    assert!(!kinds.contains(&"comparison-unknown"), "{}", report::to_text(&r));
    assert_eq!(kinds.iter().filter(|k| **k == "conditional-changed").count(), 14, "{}", report::to_text(&r));
    assert_eq!(breaks(&r), Breaks::BOTH);
    // The same `if`s, every `then` narrowed: each region is compared once.
    let narrowed: Vec<Value> = (0..14)
        .map(|i| json!({"if": {"required": [format!("a{i}")]}, "then": {"required": [format!("t{i}"), "z"]}, "else": {"required": [format!("e{i}")]}}))
        .collect();
    let r = compare(&[file("s.json", &old)], &[file("s.json", &json!({"type": "object", "allOf": narrowed}))], &Config::default());
    assert!(r.schemas[0].changes.iter().all(|c| c.kind != "comparison-unknown"), "{}", report::to_text(&r));
    assert_eq!(breaks(&r), Breaks::W, "{}", report::to_text(&r));
}
