//! Every snapshot compiles with warnings denied, and behaves as its schema says.
#![deny(warnings)]

pub mod allof_self {
    include!("snapshots/allof_self.rs");
}
pub mod anyof_self {
    include!("snapshots/anyof_self.rs");
}
pub mod annotated_refs {
    include!("snapshots/annotated_refs.rs");
}
pub mod arrays {
    include!("snapshots/arrays.rs");
}
pub mod closed_envelope {
    include!("snapshots/closed_envelope.rs");
}
pub mod awkward_names {
    include!("snapshots/awkward_names.rs");
}
pub mod dynamic_scope {
    include!("snapshots/dynamic_scope.rs");
}
pub mod draft4_const {
    include!("snapshots/draft4_const.rs");
}
pub mod draft4_tuple {
    include!("snapshots/draft4_tuple.rs");
}
pub mod integer_enums {
    include!("snapshots/integer_enums.rs");
}
pub mod member_names {
    include!("snapshots/member_names.rs");
}
pub mod objects {
    include!("snapshots/objects.rs");
}
pub mod recursive {
    include!("snapshots/recursive.rs");
}
pub mod refs {
    include!("snapshots/refs.rs");
}
pub mod ref_siblings {
    include!("snapshots/ref_siblings.rs");
}
pub mod root_ref {
    include!("snapshots/root_ref.rs");
}
pub mod scalars {
    include!("snapshots/scalars.rs");
}
pub mod sensitive {
    include!("snapshots/sensitive.rs");
}
pub mod shared_rules {
    include!("snapshots/shared_rules.rs");
}
pub mod unions {
    include!("snapshots/unions.rs");
}

use contracts_runtime::{Contract, ParseError};
use serde_json::{json, Value};

/// Parses `doc` as `T`, serialises it back and checks nothing changed.
fn round_trip<T: Contract + std::fmt::Debug>(doc: Value) -> T {
    let typed = T::from_json_value(doc.clone()).unwrap_or_else(|e| panic!("{doc}: {e}"));
    assert_eq!(serde_json::to_value(&typed).unwrap(), doc, "round trip changed the document");
    typed
}

#[test]
fn any_string_or_named_ones_is_an_enum_with_a_catch_all() {
    let u: unions::Unions = round_trip(json!({"license": "Apache-2.0", "parser": "espree"}));
    assert_eq!(u.license, Some(unions::License::Apache20));
    assert_eq!(u.parser, Some(unions::Parser::Other("espree".to_owned())));
    let u: unions::Unions = round_trip(json!({"license": "GPL-3.0"}));
    assert_eq!(u.license, Some(unions::License::Other("GPL-3.0".to_owned())));
    // The catch-all's own rules are the validators': `minLength: 1`.
    let u: unions::Unions = round_trip(json!({"reporter": "csv", "manager": "bun"}));
    assert_eq!(u.reporter, Some(unions::Reporter::Other("csv".to_owned())));
    assert_eq!(u.manager, Some(unions::Manager::Bun));
    let u: unions::Unions = round_trip(json!({"manager": "npm@10"}));
    assert_eq!(u.manager, Some(unions::Manager::Other("npm@10".to_owned())));
    // Refused: a named value `oneOf` also matches as any string (two
    // branches), a number, and strings the catch-all's rules refuse.
    for doc in [json!({"parser": "babel"}), json!({"license": 1}), json!({"reporter": ""}), json!({"manager": "yarn"})] {
        assert!(!unions::is_valid(&doc), "{doc}");
        assert!(unions::Unions::from_json_value(doc.clone()).is_err(), "{doc}");
        assert!(unions::Unions::from_json_slice(doc.to_string().as_bytes()).is_err(), "{doc}");
    }
}

#[test]
fn overlapping_any_of_takes_the_first_valid_branch_and_loses_nothing() {
    let u: unions::Unions = round_trip(json!({"overlapping": {"id": "x", "path": "p"}}));
    match u.overlapping {
        Some(unions::Overlapping::Id { extra, .. }) => assert_eq!(extra["path"], json!("p")),
        other => panic!("{other:?}"),
    }
    let u: unions::Unions = round_trip(json!({"overlapping": {"path": "p"}}));
    assert!(matches!(u.overlapping, Some(unions::Overlapping::Path { .. })));
}

#[test]
fn tagged_unions_one_or_many_and_enums() {
    let u: unions::Unions = round_trip(json!({"shape": {"kind": "square", "side": 2}, "oneOrMany": ["a", "b"], "level": "high", "titled": 3}));
    assert!(matches!(u.shape, Some(unions::Shape::Square { ref side, .. }) if side.as_f64() == Some(2.0)));
    assert!(matches!(u.one_or_many, Some(unions::OneOrMany::Many(ref v)) if v.len() == 2));
    assert_eq!(u.level, Some(unions::Level::High));
    assert!(matches!(u.titled, Some(unions::Titled::ByNumber(_))));
    let u: unions::Unions = round_trip(json!({"oneOrMany": "a", "titled": "x"}));
    assert!(matches!(u.one_or_many, Some(unions::OneOrMany::One(_))));
    assert!(unions::Unions::from_json_value(json!({"shape": {"kind": "triangle"}})).is_err());
}

#[test]
fn envelopes_keep_unknown_commands_verbatim() {
    let doc = json!({"envelope": {"type": "archived", "data": [1, {"a": null}], "at": "now"}});
    let u: unions::Unions = round_trip(doc);
    let e = u.envelope.unwrap();
    assert!(!e.event_body.is_known());
    assert_eq!(e.event_body.type_name(), "archived");
    let u: unions::Unions = round_trip(json!({"envelope": {"type": "created", "data": {"by": "ada"}}}));
    assert!(matches!(u.envelope.unwrap().event_body, unions::EventBody::Created(ref c) if c.by == "ada"));
    // A known type with the wrong payload is refused, not read as unknown.
    assert!(unions::Unions::from_json_value(json!({"envelope": {"type": "created", "data": {}}})).is_err());
}

#[test]
fn envelopes_without_a_catch_all_read_known_commands_and_refuse_others() {
    let e: closed_envelope::Event = round_trip(json!({"type": "deleted", "data": {"reason": "spam"}, "at": "now"}));
    assert_eq!(e.at.as_deref(), Some("now"));
    // A payload that breaks its command's rule hands the object up, and the
    // validators report it where it is.
    let bad = json!({"type": "created", "data": {}, "at": "now"});
    assert!(closed_envelope::Event::from_json_value(bad.clone()).is_err());
    let errors = closed_envelope::validate(&bad).unwrap_err();
    assert!(errors.0.iter().any(|e| e.instance_location == "/data"), "{errors:?}");
    assert!(!closed_envelope::is_valid(&json!({"type": "archived", "data": {}})));
}

#[test]
fn conditionals_merges_and_not() {
    assert!(unions::is_valid(&json!({"conditional": {"country": "NL", "postcode": "1234AB"}})));
    assert!(!unions::is_valid(&json!({"conditional": {"country": "NL", "postcode": "12345"}})));
    assert!(unions::is_valid(&json!({"conditional": {"country": "DE", "postcode": "12345"}})));
    assert!(!unions::is_valid(&json!({"merged": {"a": "x"}})));
    let u: unions::Unions = round_trip(json!({"merged": {"a": "x", "b": 2}}));
    assert_eq!(u.merged.unwrap().b, 2i64);
    assert!(!unions::is_valid(&json!({"notEmpty": ""})));
}

#[test]
fn awkward_member_names_round_trip() {
    let doc = json!({"type": "t", "fn": "f", "self": "s", "Self": "S", "crate": "c", "": "e", "a": "a", "A": "A",
        "extra": "x", "2fast": "2", "option": {"some": true}, "string": "st", "result": "ok", "value": {"Vec": ["ab"]}, "other": 1});
    let a: awkward_names::AwkwardNames = round_trip(doc);
    assert_eq!(a.self__.as_deref(), Some("S"));
    assert_eq!(a.extra_["other"], json!(1));
    assert_eq!(a.result, Some(awkward_names::Result::Ok2));
    assert!(awkward_names::String::new("x").is_err());
}

/// The derive names members as the generator did: by the struct's rule,
/// under a prefix, or by the name a member says.
#[test]
fn members_are_named_by_rule_prefix_or_name() {
    let doc = json!({"comma-dangle": "always", "no-console": 2, "max-len": 120, "@scope/rule-one": true, "@scope/rule-two": false,
        "@other/only": true, "devDependencies": {"a": "1"}, "type": "t", "nested": {"fooBar": "f", "plain": "p"}, "unknown": 1});
    let m: member_names::MemberNames = round_trip(doc);
    assert_eq!(m.comma_dangle.as_deref(), Some("always"));
    assert_eq!((m.scope_rule_one, m.scope_rule_two, m.other_only), (Some(true), Some(false), Some(true)));
    assert_eq!(m.dev_dependencies.as_ref().map(|d| d["a"].as_str()), Some("1"));
    assert_eq!(m.r#type.as_deref(), Some("t"));
    let nested = m.nested.unwrap();
    assert_eq!((nested.foo_bar.as_str(), nested.baz_qux()), ("f", "q"));
    assert_eq!(m.extra["unknown"], json!(1));
    // A member under no name the struct knows is refused where it is closed.
    assert!(member_names::MemberNames::from_json_value(json!({"nested": {"fooBar": "f", "foo-bar": "g"}})).is_err());
    assert!(member_names::MemberNames::from_json_value(json!({"nested": {"plain": "p"}})).is_err());
    // Written back under the same names.
    let one = member_names::MemberNames::from_json_value(json!({"@scope/rule-two": true})).unwrap();
    assert_eq!(serde_json::to_string(&one).unwrap(), r#"{"@scope/rule-two":true}"#);
}

#[test]
fn integers_keep_their_written_form_and_numbers_their_value() {
    let s: scalars::Scalars = round_trip(json!({"count": 2.0, "ratio": 0.5, "step": 0.75, "maybeText": null, "textOrNumber": 3}));
    assert_eq!(s.count.clone().unwrap(), 2i64);
    assert_eq!(serde_json::to_string(&s).unwrap(), r#"{"count":2.0,"ratio":0.5,"step":0.75,"maybeText":null,"textOrNumber":3}"#);
    assert!(!scalars::is_valid(&json!({"count": 2.5})));
    assert!(!scalars::is_valid(&json!({"step": 0.3})));
    assert!(!scalars::is_valid(&json!({"never": 1})));
    assert!(scalars::Code::new("ABC").is_ok() && scalars::Code::new("abc").is_err());
    let p: scalars::Scalars = round_trip(json!({"protocol": "quic"}));
    assert_eq!(p.protocol.unwrap().as_str(), "quic");
}

#[test]
fn sensitive_values_never_reach_debug_or_errors() {
    let s: sensitive::Sensitive = round_trip(json!({"user": "ada", "token": "hunter2hunter2", "profile": {"email": "a@b.c"}}));
    let shown = format!("{s:?}");
    assert!(shown.contains("ada") && !shown.contains("hunter2") && !shown.contains("a@b.c"), "{shown}");
    let err = sensitive::Sensitive::from_json_value(json!({"user": "ada", "token": "hunter2"})).unwrap_err();
    assert!(matches!(err, ParseError::Invalid(_)));
    assert!(!err.to_string().contains("hunter2"), "{err}");
}

#[test]
fn references_recursion_and_cross_file() {
    let r: refs::Refs = round_trip(json!({
        "escaped": "s", "percent": 3, "anchored": {"amount": 1.5}, "embedded": {"inner": true},
        "crossFile": {"street": "Main"}, "tree": {"value": 1, "children": [{"value": 2}], "parent": {"value": 0}},
        "withSibling": "abc"
    }));
    assert_eq!(r.tree.unwrap().parent.unwrap().value.unwrap(), 0i64);
    assert!(!refs::is_valid(&json!({"withSibling": "abcd"})));
    assert!(!refs::is_valid(&json!({"embedded": {"inner": 1}})));
    assert!(!refs::is_valid(&json!({"crossFile": {}})));
    let _: recursive::Recursive = round_trip(json!({"payload": {"a": [1, "x", null, {"b": false}]}, "list": {"head": 1, "tail": {"head": 2}}}));
    // A union that holds itself: read by a reader of its own.
    let _: recursive::Recursive = round_trip(json!({"tree": ["a", ["b", []], "c"]}));
    assert!(recursive::Recursive::from_json_slice(br#"{"tree": ["a", [""]]}"#).is_err());
    assert!(!recursive::is_valid(&json!({"tree": ["a", [1]]})));
}

/// A map read on past its first invalid member (`rt::fast::MapOf`): that
/// member's object comes back from its own reader with placeholders for
/// its valid members, which must not count as errors when the reader
/// decides how many members to keep. Past the error cap, both paths list the
/// same errors and count the same rest.
#[test]
fn an_invalid_map_of_objects_lists_what_the_full_path_lists() {
    for (entries, name) in [(1500, "\"n\""), (1500, "\"\""), (40, "\"n\"")] {
        let members: Vec<String> = (0..entries).map(|i| format!("\"e{i}\":{{\"name\":{name},\"size\":{}}}", 11 + i)).collect();
        let text = format!("{{\"id\":\"x\",\"closed\":{{}},\"entries\":{{\"ok\":{{\"name\":\"n\"}},{}}}}}", members.join(","));
        let errors = |e: ParseError| e.validation_errors().map(|e| e.to_basic_output().to_string()).unwrap_or_else(|| panic!("{e}"));
        let fast = errors(objects::Objects::from_json_str(&text).unwrap_err());
        let full = errors(objects::Objects::from_json_slice_via_value(text.as_bytes()).unwrap_err());
        assert_eq!(fast, full, "{entries} entries named {name}");
    }
}

/// A union told apart by JSON type whose object branch breaks: the reader
/// hands the object up with the members it read and checked left out
/// (`rt::fast::Settled`), all of them when the object broke only at `}`.
/// `required` still finds them, and the string branch's `enum` message,
/// kept with the union's error, still counts them: every error is the full
/// path's.
#[test]
fn a_handed_up_object_still_has_the_members_left_out() {
    for (text, shown) in [
        (r#"{"pick": {"name": "n", "size": "big"}}"#, "an object with 2 members"),
        (r#"{"pick": {"name": "n", "note": "x"}}"#, "an object with 2 members"),
        (r#"{"pick": {"note": "x", "name": 2, "size": 1}}"#, "an object with 3 members"),
    ] {
        let fast = unions::Unions::from_json_slice(text.as_bytes()).unwrap_err();
        let full = unions::Unions::from_json_slice_via_value(text.as_bytes()).unwrap_err();
        let (fast, full) = (format!("{fast:?}"), format!("{full:?}"));
        assert_eq!(fast, full, "{text}");
        assert!(fast.contains(shown), "{text}: {fast}");
    }
}

#[test]
fn objects_arrays_and_draft4() {
    let o: objects::Objects = round_trip(
        json!({"id": "x", "closed": {"a": 1}, "counts": {"a": 1, "b": 2}, "labels": {"x-a": "1", "name": "n"}, "typedExtra": {"fixed": 1, "more": "s"}}),
    );
    assert_eq!(o.counts.unwrap().keys().map(|k| k.as_str()).collect::<Vec<_>>(), ["a", "b"]);
    assert!(!objects::is_valid(&json!({"id": "x", "closed": {"c": 1}})));
    assert!(!objects::is_valid(&json!({"id": "x", "closed": {}, "counts": {"A": 1}})));
    let o: objects::Objects = round_trip(json!({"id": "x", "closed": {}, "byKeyShape": {"": "src", "pkg": "lib"}}));
    assert_eq!(o.by_key_shape.as_ref().map(|m| m.len()), Some(2));
    assert!(!objects::is_valid(&json!({"id": "x", "closed": {}, "byKeyShape": {"Pkg": "lib"}})));
    assert!(!objects::is_valid(&json!({"id": "x", "closed": {}, "dependent": {"card": "1"}})));
    assert!(!objects::is_valid(&json!({"id": "x", "closed": {}, "minMax": {}})));
    // Each kind of default has its accessor; the document keeps only what it held.
    let o: objects::Objects = round_trip(json!({"id": "x", "closed": {}, "defaults": {"mode": "fast", "blockSize": 512}}));
    let d = o.defaults.as_ref().unwrap();
    assert_eq!((d.mode(), d.validate_or_default(), d.block_size(), d.label()), (objects::Mode::Fast, true, objects::BlockSize::V512, "none"));
    let o: objects::Objects = round_trip(json!({"id": "x", "closed": {}, "defaults": {"validate": false, "label": "l"}}));
    let d = o.defaults.as_ref().unwrap();
    assert_eq!((d.mode(), d.validate_or_default(), d.block_size(), d.label()), (objects::Mode::Slow, false, objects::BlockSize::V2048, "l"));
    assert!(d.mode.is_none() && d.block_size.is_none());
    let _: arrays::Arrays = round_trip(json!({"tags": ["a"], "pair": ["a", 1], "withContains": [1, 2], "matrix": [[1.5]], "things": [{"name": "n"}]}));
    assert!(!arrays::is_valid(&json!({"tags": ["a", "a"]})));
    assert!(!arrays::is_valid(&json!({"pair": ["a", 1, 2]})));
    assert!(!arrays::is_valid(&json!({"withContains": [1, 1, 1]})));
    assert!(draft4_tuple::is_valid(&json!({"limit": 9.9, "point": [1, 2], "ref": 1})));
    assert!(!draft4_tuple::is_valid(&json!({"limit": 10})));
    assert!(!draft4_tuple::is_valid(&json!({"ref": 0})));
    assert!(!draft4_tuple::is_valid(&json!({"point": [1, 2, 3]})));
    // A fixed-length array is a tuple; both reading paths agree, numbers stay as written.
    let text = r#"{"point": [1], "pair": [1.50, 2]}"#;
    let fast = draft4_tuple::Draft4Tuple::from_json_str(text).unwrap();
    let slow = draft4_tuple::Draft4Tuple::from_json_slice_via_value(text.as_bytes()).unwrap();
    assert_eq!(fast, slow);
    assert_eq!(fast.pair.as_ref().map(|(a, b)| (a.to_string(), b.to_string())), Some(("1.50".to_owned(), "2".to_owned())));
    assert_eq!(serde_json::to_string(&fast).unwrap(), r#"{"point":[1],"pair":[1.50,2]}"#);
    assert!(draft4_tuple::Draft4Tuple::from_json_str(r#"{"pair": [1]}"#).is_err());
    // A tuple read item by item (`TupleOf`) that is too short, too long or
    // holds a bad item is handed up whole: the errors are the full path's.
    for text in [
        r#"{"pair": [1]}"#,
        r#"{"pair": [1, 2, 3]}"#,
        r#"{"pair": [1, 2.5]}"#,
        r#"{"pair": ["a", 2], "limit": 11}"#,
        r#"{"point": [1, "x", 3]}"#,
        r#"{"pair": []}"#,
    ] {
        let fast = draft4_tuple::Draft4Tuple::from_json_str(text).unwrap_err();
        let slow = draft4_tuple::Draft4Tuple::from_json_slice_via_value(text.as_bytes()).unwrap_err();
        assert_eq!(fast.to_string(), slow.to_string(), "{text}");
        assert!(!keyword_locations(&fast).is_empty(), "{text}: {fast}");
    }
    assert!(!draft4_tuple::is_valid(&json!({"deps": {"a": 1}})));
    assert!(!draft4_tuple::is_valid(&json!({"deps": {"c": 1}})));
}

#[test]
fn draft4_const_is_enforced() {
    // Without `const`, `{"type": "http"}` would match both branches of the oneOf.
    assert!(draft4_const::is_valid(&json!({"binding": {"type": "http"}})));
    assert!(draft4_const::is_valid(&json!({"binding": {"type": "sql", "table": "t"}})));
    assert!(!draft4_const::is_valid(&json!({"binding": {"type": "queue"}})));
    assert!(!draft4_const::is_valid(&json!({"binding": {"type": "sql", "table": 1}})));
    // Branches told apart by a required member's values are named by them.
    let d: draft4_const::Draft4Const = round_trip(json!({"binding": {"type": "timer"}}));
    assert!(matches!(d.binding, Some(draft4_const::Binding::HttpOrTimer { .. })), "{d:?}");
    let d: draft4_const::Draft4Const = round_trip(json!({"binding": {"type": "sql", "table": "t"}}));
    assert!(matches!(d.binding, Some(draft4_const::Binding::Sql { ref table, .. }) if table.as_deref() == Some("t")), "{d:?}");
}

#[test]
fn an_all_of_that_includes_its_own_definition_adds_nothing() {
    assert!(allof_self::is_valid(&json!({"vm": {"os": "linux"}})));
    assert!(allof_self::is_valid(&json!({"vm": {"os": "linux", "size": 2}})));
    assert!(!allof_self::is_valid(&json!({"vm": {"size": 2}})));
    assert!(!allof_self::is_valid(&json!({"vm": {"os": 1}})));
    assert!(!allof_self::is_valid(&json!({"vm": {"os": "linux", "size": 0}})));
}

#[test]
fn an_any_of_branch_that_only_applies_its_own_definition_adds_nothing() {
    assert!(anyof_self::is_valid(&json!({})));
    assert!(anyof_self::is_valid(&json!({"value": "leaf"})));
    assert!(anyof_self::is_valid(&json!({"value": 3})));
    assert!(!anyof_self::is_valid(&json!({"value": -1})));
    assert!(!anyof_self::is_valid(&json!({"value": 1.5})));
    assert!(!anyof_self::is_valid(&json!({"value": null})));
    assert!(!anyof_self::is_valid(&json!({"value": ["leaf"]})));
    assert!(!anyof_self::is_valid(&json!({"other": 1})));
}

/// The keyword locations of a parse error's validation errors.
fn keyword_locations(e: &ParseError) -> Vec<String> {
    let errors = e.validation_errors().unwrap_or_else(|| panic!("not a validation error: {e}"));
    errors.0.iter().map(|e| e.keyword_location.clone()).collect()
}

#[test]
fn a_root_type_reached_through_ref_reports_the_modules_errors() {
    // The root is `{"$ref": "#/$defs/item"}`: the root type is the
    // definition's, and its errors are the module's (`/$ref/…`).
    let doc = json!({"lineEnd": "ab"});
    let by_module: Vec<String> = root_ref::validate(&doc).unwrap_err().0.iter().map(|e| e.keyword_location.clone()).collect();
    assert!(by_module.iter().all(|l| l.starts_with("/$ref/")), "{by_module:?}");
    let by_value = root_ref::Item::from_json_value(doc.clone()).unwrap_err();
    assert_eq!(keyword_locations(&by_value), by_module);
    let by_slice = root_ref::Item::from_json_slice(doc.to_string().as_bytes()).unwrap_err();
    assert_eq!(keyword_locations(&by_slice), by_module);
    let item = root_ref::Item::from_json_value(json!({"id": "x", "lineEnd": "a\rb"})).unwrap();
    assert!(item.line_end.is_some());
}

#[test]
fn a_root_that_binds_a_dynamic_anchor_is_not_its_ref_target() {
    // `$dynamicRef: "#element"` in list.json resolves to the root's strict
    // element, not list.json's own anything-goes one.
    let strict = json!({"elements": [{"b": 1}]});
    assert!(!dynamic_scope::is_valid(&strict));
    let by_value = dynamic_scope::List::from_json_value(strict.clone()).unwrap_err();
    let by_slice = dynamic_scope::List::from_json_slice(strict.to_string().as_bytes()).unwrap_err();
    assert_eq!(keyword_locations(&by_value), keyword_locations(&by_slice));
    round_trip::<dynamic_scope::List>(json!({"elements": [{"a": 1}]}));
}

#[test]
fn a_type_shared_by_places_with_different_schemas_is_validated_by_each_place() {
    use shared_rules::{PluginRules, RuleNumberOrStringOrArray as Rule};
    let r: PluginRules = round_trip(json!({"html-quotes": [1, "x"], "key-spacing": [2, {"before": true}]}));
    assert!(matches!(r.html_quotes, Some(Rule::Array(ref a)) if a.len() == 2));
    assert!(matches!(r.key_spacing, Some(Rule::Array(_))));
    let r: PluginRules = round_trip(json!({"html-quotes": "warn", "key-spacing": 2}));
    assert!(matches!(r.html_quotes, Some(Rule::RuleString(_))));
    // Each place's own rule: two items for `html-quotes`, a boolean `before` for `key-spacing`,
    // through the full path and the one-pass reader alike.
    for doc in [json!({"html-quotes": [1]}), json!({"key-spacing": [2, {"before": "no"}]}), json!({"html-quotes": 3})] {
        let full = PluginRules::from_json_value(doc.clone()).expect_err("invalid at its place");
        let one_pass = PluginRules::from_json_slice(doc.to_string().as_bytes()).expect_err("invalid at its place");
        assert_eq!(format!("{full:?}"), format!("{one_pass:?}"), "{doc}");
    }
    // What one place refuses the other may take.
    assert!(PluginRules::from_json_value(json!({"key-spacing": [1]})).is_ok());
}

#[test]
fn a_generic_rule_takes_the_options_and_keeps_the_level_it_shares() {
    use shared_rules::{ArrayLenItem0 as Level, PluginRules, RuleNumberOrArray as Rule};
    // `[level, options]` at each place: the level the same everywhere, in
    // the generic type; the options each place's own (`T`).
    let r: PluginRules = round_trip(json!({"max-len": [2, {"code": 80}], "indent": [1, {"tabs": true}], "quotes": 0}));
    assert!(matches!(&r.max_len, Some(Rule::Array((Level::RuleNumber(_), o))) if o.code.is_some()));
    assert!(matches!(&r.indent, Some(Rule::Array((_, o))) if o.tabs == Some(true)));
    assert!(matches!(r.quotes, Some(Rule::RuleNumber(_))));
    // Each place's options refuse what the others take, by both paths alike.
    for doc in [json!({"max-len": [2, {"tabs": true}]}), json!({"indent": [1, {"code": 0}]}), json!({"quotes": [3, {}]})] {
        let full = PluginRules::from_json_value(doc.clone()).expect_err("invalid at its place");
        let one_pass = PluginRules::from_json_slice(doc.to_string().as_bytes()).expect_err("invalid at its place");
        assert_eq!(format!("{full:?}"), format!("{one_pass:?}"), "{doc}");
        assert!(!shared_rules::is_valid(&doc), "{doc}");
    }
}

#[test]
fn integer_enums_are_rust_enums_that_keep_the_numbers_as_written() {
    use integer_enums::{IntegerEnums, Level, Priority, Size};
    let text = r#"{"size":5.12e2,"level":-0,"priority":3.0,"retries":3,"maybeSize":null,"sizes":[512,2048.0,4.096e3],"mode":1E0,"bits":16.00}"#;
    // The one-pass reader and the full path read the same value, and both write the document back as it was.
    let fast = IntegerEnums::from_json_str(text).unwrap_or_else(|e| panic!("{e}"));
    let full = IntegerEnums::from_json_slice_via_value(text.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(fast, full);
    assert_eq!(serde_json::to_string(&fast).unwrap(), text);
    assert!(matches!(*fast.size, Size::V512));
    assert_eq!(fast.size.spelling(), Some("5.12e2"));
    assert!(fast.level.as_ref().is_some_and(|l| *l == Level::V0 && l.spelling() == Some("-0")));
    assert!(fast.priority.as_ref().is_some_and(|p| *p == Priority::High));
    assert_eq!(fast.sizes.as_ref().unwrap().iter().map(|s| s.value()).collect::<Vec<_>>(), [Size::V512, Size::V2048, Size::V4096]);
    assert_eq!(fast.mode(), integer_enums::Mode::V1);
    assert_eq!(IntegerEnums::from_json_str(r#"{"size":512}"#).unwrap().mode(), integer_enums::Mode::V2);
    // Plain values carry no spelling; a value built in code is written plainly.
    let plain = IntegerEnums::from_json_str(r#"{"size":4096}"#).unwrap();
    assert_eq!(plain.size.spelling(), None);
    let built = IntegerEnums { size: Size::V2048.into(), ..plain };
    assert_eq!(serde_json::to_string(&built).unwrap(), r#"{"size":2048}"#);
    assert!(built.validate().is_ok());
    // A value not in the enum (or beyond `i64`, or with a fraction) is the validators' `enum` error, on both paths.
    for (doc, pointer) in [
        (r#"{"size":513}"#, "/size"),
        (r#"{"size":1e400}"#, "/size"),
        (r#"{"size":-9223372036854775809}"#, "/size"),
        (r#"{"size":512.5}"#, "/size"),
        (r#"{"size":512,"priority":4}"#, "/priority"),
        (r#"{"size":512,"sizes":[512,1]}"#, "/sizes/1"),
    ] {
        let fast = IntegerEnums::from_json_str(doc).unwrap_err().to_string();
        let full = IntegerEnums::from_json_slice_via_value(doc.as_bytes()).unwrap_err().to_string();
        assert_eq!(fast, full, "{doc}");
        assert!(fast.contains(pointer), "{doc}: {fast}");
    }
    // The enum's own contract is on `Spelled<T>`, which keeps the text too.
    let s = contracts_runtime::Spelled::<Size>::from_json_str("2.048e3").unwrap();
    assert_eq!((s.value(), serde_json::to_string(&s).unwrap()), (Size::V2048, "2.048e3".to_owned()));
    assert!(contracts_runtime::Spelled::<Size>::from_json_str("2049").is_err());
}

#[test]
fn draft4_integers_have_no_fraction_in_their_text() {
    use draft4_tuple::Draft4Tuple;
    // Draft 4 (as Python's `jsonschema` reads it): `2.0` and `2e0` are numbers, not integers; both reading paths refuse them alike.
    for doc in [r#"{"ref": 2.0}"#, r#"{"ref": 2e0}"#, r#"{"pair": [1, 2.0]}"#] {
        let fast = Draft4Tuple::from_json_str(doc).unwrap_err().to_string();
        let full = Draft4Tuple::from_json_slice_via_value(doc.as_bytes()).unwrap_err().to_string();
        assert_eq!(fast, full, "{doc}");
        assert!(fast.contains("must be an integer written without a fraction or exponent (draft-04), got 2"), "{doc}: {fast}");
    }
    let fast = Draft4Tuple::from_json_str(r#"{"pair": [1.0, -0], "ref": 2}"#).unwrap();
    assert_eq!(serde_json::to_string(&fast).unwrap(), r#"{"pair":[1.0,-0],"ref":2}"#);
    // Later drafts: `2.0` is an integer.
    assert!(scalars::Scalars::from_json_str(r#"{"count": 2.0}"#).is_ok());
}

#[test]
fn a_reference_typed_as_its_target_still_applies_its_own_keywords() {
    use ref_siblings::Config;
    // `child` is `{"$ref": "#", "type": "object", "items": …}`: the root's type.
    let c: Config = round_trip(json!({"name": "a", "child": {"name": "b", "child": {}}}));
    let child: &Config = c.child.as_deref().expect("a child");
    assert_eq!(child.name.as_deref(), Some("b"));
    for doc in [json!({"child": []}), json!({"child": {"name": 1}}), json!({"level": "info"}), json!({"short": "error"}), json!({"closed": {"x": 1}})] {
        let full = ref_siblings::validate(&doc).expect_err("invalid").to_string();
        let one_pass = Config::from_json_slice(doc.to_string().as_bytes()).expect_err("invalid").to_string();
        let via_value = Config::from_json_value(doc.clone()).expect_err("invalid").to_string();
        assert_eq!(one_pass, full, "{doc}");
        assert_eq!(via_value, full, "{doc}");
    }
    // An array where an object belongs breaks the root's `type` and the
    // member's own (both reported), and no `items` rule (arrays are refused).
    let errors = ref_siblings::validate(&json!({"child": ["x"]})).expect_err("invalid").to_string();
    assert_eq!(errors.matches("type").count(), 2, "{errors}");
    // `additionalProperties: false` beside the reference sees none of the
    // root's `properties`: the closed member admits only `{}`.
    let _: Config = round_trip(json!({"level": "warn", "short": "warn", "closed": {}}));
}
