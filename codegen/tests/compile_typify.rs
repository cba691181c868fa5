//! Every typify snapshot (`tests/typify.rs`) compiles with warnings denied.
#![deny(warnings)]
// typify's schemas name members `foo`/`baz` (clippy's placeholder names).
#![allow(clippy::disallowed_names)]

pub mod arrays_and_tuples {
    include!("snapshots/typify/arrays_and_tuples.rs");
}
pub mod deny_list {
    include!("snapshots/typify/deny_list.rs");
}
pub mod example {
    include!("snapshots/typify/example.rs");
}
pub mod extraneous_enum {
    include!("snapshots/typify/extraneous_enum.rs");
}
pub mod github {
    include!("snapshots/typify/github.rs");
}
pub mod id_or_name {
    include!("snapshots/typify/id_or_name.rs");
}
pub mod maps {
    include!("snapshots/typify/maps.rs");
}
pub mod merged_schemas {
    include!("snapshots/typify/merged_schemas.rs");
}
pub mod more_types {
    include!("snapshots/typify/more_types.rs");
}
pub mod multiple_instance_types {
    include!("snapshots/typify/multiple_instance_types.rs");
}
pub mod noisy_types {
    include!("snapshots/typify/noisy_types.rs");
}
pub mod property_pattern {
    include!("snapshots/typify/property_pattern.rs");
}
pub mod reflexive {
    include!("snapshots/typify/reflexive.rs");
}
pub mod rust_collisions {
    include!("snapshots/typify/rust_collisions.rs");
}
pub mod simple_types {
    include!("snapshots/typify/simple_types.rs");
}
pub mod string_enum_with_default {
    include!("snapshots/typify/string_enum_with_default.rs");
}
pub mod type_with_modified_generation {
    include!("snapshots/typify/type_with_modified_generation.rs");
}
pub mod types_with_defaults {
    include!("snapshots/typify/types_with_defaults.rs");
}
pub mod types_with_more_impls {
    include!("snapshots/typify/types_with_more_impls.rs");
}
pub mod untyped_enum_with_null {
    include!("snapshots/typify/untyped_enum_with_null.rs");
}
pub mod various_enums {
    include!("snapshots/typify/various_enums.rs");
}
pub mod vega {
    include!("snapshots/typify/vega.rs");
}
pub mod x_rust_type {
    include!("snapshots/typify/x_rust_type.rs");
}

use contracts_runtime::Contract;
use serde_json::{json, Value};

/// Parses `doc` as `T`, serialises it back and checks nothing changed.
fn round_trip<T: Contract + std::fmt::Debug>(doc: Value) -> T {
    let typed = T::from_json_value(doc.clone()).unwrap_or_else(|e| panic!("{doc}: {e}"));
    assert_eq!(serde_json::to_value(&typed).unwrap(), doc, "round trip changed the document");
    typed
}

#[test]
fn a_tag_spelled_as_a_single_value_enum_or_a_const_picks_the_variant() {
    use various_enums::EnumAndConstant;
    // A struct variant, as one writes it: the tag is the variant, not a field.
    let dog: EnumAndConstant = round_trip(json!({"petType": "dog", "bark": "woof"}));
    assert!(matches!(&dog, EnumAndConstant::Dog { bark, extra } if bark == "woof" && extra.is_empty()), "{dog:?}");
    let fish: EnumAndConstant = round_trip(json!({"petType": "fish", "float": "yes"}));
    assert!(matches!(fish, EnumAndConstant::Fish { .. }));
    // Members the schema does not name are kept, in document order, after the tag and the named ones.
    let cat: EnumAndConstant = round_trip(json!({"petType": "cat", "purr": "rr", "lives": 9, "a": [1.0]}));
    assert!(matches!(&cat, EnumAndConstant::Cat { extra, .. } if extra.iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>() == ["lives", "a"]), "{cat:?}");
    // Both reading paths (the one-pass reader of `from_json_str` and the value path) agree.
    let text = r#"{"bark": "woof", "petType": "dog", "x": 1e400}"#;
    let (fast, slow) = (EnumAndConstant::from_json_str(text).unwrap(), EnumAndConstant::from_json_slice_via_value(text.as_bytes()).unwrap());
    assert_eq!(fast, slow);
    assert_eq!(serde_json::to_string(&fast).unwrap(), r#"{"petType":"dog","bark":"woof","x":1e400}"#);
    // A dog must bark; a value naming no pet is refused.
    assert!(EnumAndConstant::from_json_value(json!({"petType": "dog", "purr": "x"})).is_err());
    assert!(EnumAndConstant::from_json_value(json!({"petType": "bird"})).is_err());
}

#[test]
fn a_default_is_an_accessor_and_the_document_is_unchanged() {
    use types_with_defaults::{MrDefaultNumbers, TestBed};
    let absent: MrDefaultNumbers = round_trip(json!({}));
    assert!(absent.little_u8.is_none());
    assert_eq!(absent.little_u8(), 2i64);
    assert_eq!(absent.little_u16(), 3i64);
    // A draft-04 schema: `3.0` is not an integer there (its text has a fraction).
    assert!(MrDefaultNumbers::from_json_str(r#"{"little_u16": 3.0}"#).is_err());
    let given = MrDefaultNumbers::from_json_str(r#"{"little_u8": 7, "little_u16": 30000000000000000000000}"#).unwrap();
    assert_eq!(given.little_u8(), 7i64);
    // The number as written is kept: the accessor reads it, serialisation writes it.
    assert_eq!(given.little_u16().to_string(), "30000000000000000000000");
    assert_eq!(serde_json::to_string(&given).unwrap(), r#"{"little_u8":7,"little_u16":30000000000000000000000}"#);
    let bed: TestBed = round_trip(json!({"any": []}));
    assert_eq!(bed.id(), "abc123-is-this-a-uuid");
}

#[test]
fn a_fixed_length_array_is_a_tuple() {
    use arrays_and_tuples::{SimpleTwoTuple, UnsimpleTwoTuple};
    use contracts_runtime::{FromValue, Integer};
    let pair: SimpleTwoTuple = FromValue::from_value(json!(["a", "b"])).unwrap();
    assert_eq!(pair, ("a".to_owned(), "b".to_owned()));
    assert_eq!(serde_json::to_value(&pair).unwrap(), json!(["a", "b"]));
    // The item after the listed one is typed by `additionalItems`.
    let _: UnsimpleTwoTuple = pair.clone();
    for bad in [json!(["a"]), json!(["a", "b", "c"]), json!(["a", 1]), json!({"0": "a"})] {
        assert!(<SimpleTwoTuple as FromValue>::from_value(bad.clone()).is_err(), "{bad}");
    }
    // Numbers in a tuple are kept as written.
    let t: (Integer, String) = FromValue::from_value(serde_json::from_str(r#"[1.0, "x"]"#).unwrap()).unwrap();
    assert_eq!(serde_json::to_string(&t).unwrap(), r#"[1.0,"x"]"#);
}

#[test]
fn an_unsatisfiable_enum_is_a_type_nothing_parses_into() {
    for doc in [json!({"action": "foo"}), json!({"action": "bar"}), json!({})] {
        assert!(merged_schemas::Unsatisfiable2::from_json_value(doc.clone()).is_err(), "{doc}");
    }
}

#[test]
fn each_github_event_is_typed_as_its_own_union() {
    // Every event of the root union holds its definition's type (nothing is `Value`).
    let _: fn(github::CheckRunEvent) -> github::Github = github::Github::CheckRunEvent;
    // An event's actions are struct variants, the `action` tag their name.
    let _ = |e: &github::CheckRunEvent| match e {
        github::CheckRunEvent::Completed { check_run, .. } => Some(check_run.clone()),
        _ => None,
    };
    let _: fn(github::PushEvent) -> github::Github = github::Github::PushEvent;
}
