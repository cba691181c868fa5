//! Crafted schema pairs around the places drift's merged view is least
//! exact (`oneOf` nested in or beside other groups, catch-all branches,
//! `additionalProperties`/`unevaluated*` scopes through `$ref`, `allOf`,
//! conditionals), each checked both ways as the drift fuzz target checks
//! its findings: when drift says a direction does not break, the
//! `jsonschema` crate agrees on the listed and on generated documents.

use serde_json::{json, Value};

/// 100 string branches of one length each, then `last` (whose own groups
/// are past drift's limit on alternatives).
fn many_branches(last: Value) -> Value {
    let mut branches: Vec<Value> = (0..100).map(|k| json!({"type": "string", "minLength": k, "maxLength": k})).collect();
    branches.push(last);
    json!({"anyOf": branches})
}

/// (old, new, documents to try besides the generated ones).
fn pairs() -> Vec<(Value, Value, Vec<Value>)> {
    let strs = || vec![json!(""), json!("a"), json!("ab"), json!("abcd"), json!("abcdef"), json!(1), json!(-1), json!(2.5), json!(null), json!({}), json!([])];
    let objs = || {
        vec![
            json!({}),
            json!({"a": 1}),
            json!({"b": 2}),
            json!({"a": 1, "b": 2}),
            json!({"a": "x", "b": "y"}),
            json!({"c": 1}),
            json!({"x": "s"}),
            json!({"x": 1}),
            json!({"k": "a"}),
            json!({"k": "b"}),
        ]
    };
    let listed =
        || vec![json!(true), json!(false), json!("type"), json!("a"), json!(0), json!(1), json!(2), json!(3), json!(1.5), json!(null), json!({}), json!([])];
    let arrs = || vec![json!([]), json!([1]), json!([1, "a"]), json!(["a", "b"]), json!([1, 2, 3])];
    vec![
        (
            json!({"oneOf": [{"oneOf": [{"type": "string"}, {"maxLength": 3}]}, {"type": "integer"}]}),
            json!({"oneOf": [{"oneOf": [{"type": "string"}, {"maxLength": 5}]}, {"type": "integer"}]}),
            strs(),
        ),
        (
            json!({"oneOf": [{"oneOf": [{"type": "string"}, {"maxLength": 3}]}, {"type": "integer"}]}),
            json!({"oneOf": [{"anyOf": [{"type": "string"}, {"maxLength": 3}]}, {"type": "integer"}]}),
            strs(),
        ),
        (
            json!({"anyOf": [{"oneOf": [{"type": "string"}, {"maxLength": 3}]}, {"type": "string", "minLength": 2}]}),
            json!({"oneOf": [{"type": "string"}, {"maxLength": 3}]}),
            strs(),
        ),
        (
            json!({"oneOf": [{"type": "string"}, {"maxLength": 3}], "anyOf": [{"minLength": 1}, {"type": "integer"}]}),
            json!({"oneOf": [{"type": "string"}, {"maxLength": 3}], "anyOf": [{"minLength": 2}, {"type": "integer"}]}),
            strs(),
        ),
        (
            json!({"oneOf": [{"type": "string"}, {"maxLength": 3}], "anyOf": [{"minLength": 1}, {"type": "integer"}]}),
            json!({"oneOf": [{"type": "string"}, {"maxLength": 4}], "anyOf": [{"minLength": 1}, {"type": "integer"}]}),
            strs(),
        ),
        (
            json!({"oneOf": [{"oneOf": [{"minLength": 1}, {"maxLength": 3}]}, {"oneOf": [{"minLength": 2}, {"maxLength": 4}]}]}),
            json!({"type": "string"}),
            strs(),
        ),
        (
            json!({"type": "string"}),
            json!({"oneOf": [{"oneOf": [{"minLength": 1}, {"maxLength": 3}]}, {"oneOf": [{"minLength": 2}, {"maxLength": 4}]}]}),
            strs(),
        ),
        (
            json!({"allOf": [{"properties": {"a": {}}, "unevaluatedProperties": false}], "properties": {"b": {}}}),
            json!({"allOf": [{"properties": {"a": {}}}], "properties": {"b": {}}}),
            objs(),
        ),
        (
            json!({"allOf": [{"properties": {"a": {}}}], "properties": {"b": {}}}),
            json!({"allOf": [{"properties": {"a": {}}, "unevaluatedProperties": false}], "properties": {"b": {}}}),
            objs(),
        ),
        (
            json!({"$ref": "#/$defs/d", "unevaluatedProperties": false, "$defs": {"d": {"additionalProperties": {"type": "integer"}}}}),
            json!({"$ref": "#/$defs/d", "unevaluatedProperties": false, "$defs": {"d": {"additionalProperties": {"type": "string"}}}}),
            objs(),
        ),
        (
            json!({"properties": {"a": {"type": "integer"}}, "allOf": [{"additionalProperties": {"type": "string"}}]}),
            json!({"properties": {"a": {"type": "integer"}}}),
            objs(),
        ),
        (
            json!({"properties": {"a": {"type": "integer"}}}),
            json!({"properties": {"a": {"type": "integer"}}, "allOf": [{"additionalProperties": {"type": "string"}}]}),
            objs(),
        ),
        (
            json!({"properties": {"a": {}}, "allOf": [{"properties": {"b": {}}, "additionalProperties": false}]}),
            json!({"properties": {"a": {}}, "allOf": [{"properties": {"b": {}, "a": {}}, "additionalProperties": false}]}),
            objs(),
        ),
        (
            json!({"anyOf": [{"properties": {"a": {"type": "integer"}}}, {"properties": {"b": {"type": "integer"}}}], "unevaluatedProperties": false}),
            json!({"anyOf": [{"properties": {"a": {"type": "integer"}}}, {"properties": {"b": {"type": "integer"}}}], "unevaluatedProperties": {"type": "string"}}),
            objs(),
        ),
        (json!({"prefixItems": [{}], "allOf": [{"unevaluatedItems": false}]}), json!({"prefixItems": [{}]}), arrs()),
        (json!({"prefixItems": [{}]}), json!({"prefixItems": [{}], "allOf": [{"unevaluatedItems": false}]}), arrs()),
        (
            json!({"allOf": [{"prefixItems": [{}], "unevaluatedItems": false}], "prefixItems": [{}, {}]}),
            json!({"allOf": [{"prefixItems": [{}]}], "prefixItems": [{}, {}]}),
            arrs(),
        ),
        (
            json!({"properties": {"p": {"$ref": "#/$defs/d"}}, "$defs": {"d": {"properties": {"a": {}}, "unevaluatedProperties": false}}}),
            json!({"properties": {"p": {"$ref": "#/$defs/d"}}, "$defs": {"d": {"properties": {"a": {}}}}}),
            vec![json!({"p": {"a": 1, "b": 2}}), json!({"p": {"a": 1}})],
        ),
        (
            json!({"type": "object", "required": ["k"], "oneOf": [{"properties": {"k": {"const": "a"}}}, {"properties": {"k": {"not": {"enum": ["a"]}}}}]}),
            json!({"type": "object", "required": ["k"], "oneOf": [{"properties": {"k": {"const": "a"}}}, {"properties": {"k": {"not": {"enum": ["a", "b"]}}}}]}),
            objs(),
        ),
        (
            json!({"type": "object", "oneOf": [{"properties": {"k": {"const": "a"}}}, {"properties": {"k": {"not": {"enum": ["a"]}}}}]}),
            json!({"type": "object", "required": ["k"], "oneOf": [{"properties": {"k": {"const": "a"}}}, {"properties": {"k": {"not": {"enum": ["a"]}}}}]}),
            objs(),
        ),
        (
            json!({"type": "object", "required": ["k"], "oneOf": [{"properties": {"k": {"const": "a"}}}, {"properties": {"k": {"type": "string", "not": {"enum": ["a"]}}}}]}),
            json!({"type": "object", "required": ["k"], "oneOf": [{"properties": {"k": {"const": "a"}}}, {"properties": {"k": {"not": {"enum": ["a"], "maxLength": 0}}}}]}),
            objs(),
        ),
        (
            json!({"anyOf": [{"oneOf": [{"type": "string"}, {"maxLength": 3}]}, {"oneOf": [{"type": "integer"}, {"minimum": 0}]}]}),
            json!({"anyOf": [{"oneOf": [{"type": "string"}, {"maxLength": 4}]}, {"oneOf": [{"type": "integer"}, {"minimum": 1}]}]}),
            vec![json!("abcd"), json!("abc"), json!(0), json!(1), json!(-1), json!(0.5), json!(2)],
        ),
        (
            json!({"if": {"required": ["a"]}, "then": {"properties": {"b": {}}, "unevaluatedProperties": false}}),
            json!({"if": {"required": ["a"]}, "then": {"properties": {"b": {}}}}),
            objs(),
        ),
        (
            json!({"properties": {"a": {}}, "if": {"required": ["a"]}, "then": {"properties": {"b": {}}}, "unevaluatedProperties": false}),
            json!({"properties": {"a": {}}, "unevaluatedProperties": false}),
            objs(),
        ),
        (
            json!({"patternProperties": {"^x": {"type": "string"}}, "allOf": [{"additionalProperties": {"type": "integer"}}]}),
            json!({"patternProperties": {"^x": {"type": "string"}}}),
            objs(),
        ),
        (
            json!({"dependentSchemas": {"a": {"properties": {"b": {}}, "unevaluatedProperties": false}}}),
            json!({"dependentSchemas": {"a": {"properties": {"b": {}}}}}),
            objs(),
        ),
        (
            json!({"oneOf": [{"$ref": "#/$defs/s"}, {"maxLength": 3}], "$defs": {"s": {"type": "string", "oneOf": [{"minLength": 1}, {"maxLength": 2}]}}}),
            json!({"oneOf": [{"$ref": "#/$defs/s"}, {"maxLength": 3}], "$defs": {"s": {"type": "string", "anyOf": [{"minLength": 1}, {"maxLength": 2}]}}}),
            strs(),
        ),
        (
            json!({"type": "object", "required": ["k"], "properties": {"k": {"type": "string", "minLength": 1}}, "oneOf": [{"properties": {"k": {"const": "a"}, "p": {"oneOf": [{"type": "string"}, {"maxLength": 2}]}}}, {"properties": {"k": {"not": {"enum": ["a"]}}}}]}),
            json!({"type": "object", "required": ["k"], "properties": {"k": {"type": "string", "minLength": 1}}, "oneOf": [{"properties": {"k": {"const": "a"}, "p": {"anyOf": [{"type": "string"}, {"maxLength": 2}]}}}, {"properties": {"k": {"not": {"enum": ["a"]}}}}]}),
            vec![json!({"k": "a", "p": "x"}), json!({"k": "a", "p": "xyz"}), json!({"k": "b", "p": "x"})],
        ),
        (
            json!({"type": "object", "required": ["k"], "properties": {"k": {"type": "string", "minLength": 1}}, "oneOf": [{"properties": {"k": {"const": "a"}}}, {"properties": {"k": {"not": {"enum": ["a"]}}}}]}),
            json!({"type": "object", "required": ["k"], "properties": {"k": {"type": "string", "minLength": 2}}, "oneOf": [{"properties": {"k": {"const": "a"}}}, {"properties": {"k": {"not": {"enum": ["a"]}}}}]}),
            vec![json!({"k": "a"}), json!({"k": "b"}), json!({"k": "bb"})],
        ),
        (
            json!({"type": "object", "required": ["k"], "oneOf": [{"properties": {"k": {"const": "a"}}}, {"properties": {"k": {"const": "b"}}}, {"properties": {"k": {"not": {"enum": ["a", "b"]}}}}]}),
            json!({"type": "object", "required": ["k"], "oneOf": [{"properties": {"k": {"const": "a"}}}, {"properties": {"k": {"not": {"enum": ["a"]}}}}]}),
            objs(),
        ),
        (json!({"additionalProperties": false, "allOf": [{"properties": {"a": {}}}]}), json!({"additionalProperties": false, "properties": {"a": {}}}), objs()),
        (json!({"additionalProperties": false, "properties": {"a": {}}}), json!({"additionalProperties": false, "allOf": [{"properties": {"a": {}}}]}), objs()),
        (
            json!({"$ref": "#/$defs/d", "properties": {"a": {}}, "$defs": {"d": {"additionalProperties": false}}}),
            json!({"properties": {"a": {}}, "additionalProperties": false}),
            objs(),
        ),
        (
            json!({"$ref": "#/$defs/d", "properties": {"a": {}}, "$defs": {"d": {"properties": {"b": {}}, "additionalProperties": false}}}),
            json!({"$ref": "#/$defs/d", "properties": {"a": {}}, "$defs": {"d": {"properties": {"b": {}, "a": {}}, "additionalProperties": false}}}),
            objs(),
        ),
        (
            json!({"$ref": "#/$defs/d", "properties": {"a": {}}, "unevaluatedProperties": false, "$defs": {"d": {"properties": {"b": {}}}}}),
            json!({"$ref": "#/$defs/d", "properties": {"a": {}}, "unevaluatedProperties": false, "$defs": {"d": {"properties": {"c": {}}}}}),
            objs(),
        ),
        (
            json!({"properties": {"p": {"prefixItems": [{"type": "integer"}], "unevaluatedItems": {"type": "string"}}}}),
            json!({"properties": {"p": {"prefixItems": [{"type": "integer"}], "items": {"type": "string"}}}}),
            vec![json!({"p": [1, "a"]}), json!({"p": [1, 2]})],
        ),
        (
            json!({"allOf": [{"oneOf": [{"type": "string"}, {"maxLength": 3}]}, {"oneOf": [{"minLength": 1}, {"type": "integer"}]}]}),
            json!({"allOf": [{"oneOf": [{"type": "string"}, {"maxLength": 4}]}, {"oneOf": [{"minLength": 1}, {"type": "integer"}]}]}),
            strs(),
        ),
        (
            json!({"allOf": [{"oneOf": [{"type": "string"}, {"maxLength": 3}]}, {"oneOf": [{"minLength": 1}, {"type": "integer"}]}]}),
            json!({"allOf": [{"oneOf": [{"type": "string"}, {"maxLength": 3}]}, {"anyOf": [{"minLength": 1}, {"type": "integer"}]}]}),
            strs(),
        ),
        (
            json!({"oneOf": [{"type": "string", "anyOf": [{"oneOf": [{"minLength": 1}, {"maxLength": 2}]}, {"pattern": "^z"}]}, {"maxLength": 3}]}),
            json!({"oneOf": [{"type": "string", "anyOf": [{"anyOf": [{"minLength": 1}, {"maxLength": 2}]}, {"pattern": "^z"}]}, {"maxLength": 3}]}),
            strs(),
        ),
        (
            json!({"anyOf": [{"oneOf": [{"type": "string"}, {"maxLength": 3}]}, {"type": "string", "maxLength": 2}]}),
            json!({"anyOf": [{"oneOf": [{"type": "string"}, {"maxLength": 3}]}, {"type": "string", "maxLength": 1}]}),
            strs(),
        ),
        (
            json!({"anyOf": [{"oneOf": [{"type": "string"}, {"maxLength": 3}]}, {"type": "string", "maxLength": 1}]}),
            json!({"anyOf": [{"oneOf": [{"type": "string"}, {"maxLength": 3}]}, {"type": "string", "maxLength": 2}]}),
            strs(),
        ),
        (
            json!({"anyOf": [{"oneOf": [{"type": "string"}, {"maxLength": 3}]}, {"type": "integer"}]}),
            json!({"anyOf": [{"oneOf": [{"type": "string"}, {"maxLength": 2}]}, {"type": "integer"}]}),
            strs(),
        ),
        (json!({"oneOf": [{"type": "string"}, {"maxLength": 3}, {"minLength": 5}]}), json!({"oneOf": [{"type": "string"}, {"maxLength": 3}]}), strs()),
        (json!({"oneOf": [{"type": "string"}, {"maxLength": 3}]}), json!({"oneOf": [{"type": "string"}, {"maxLength": 3}, {"minLength": 5}]}), strs()),
        (
            json!({"oneOf": [{"type": "string"}, {"maxLength": 3}], "minLength": 1}),
            json!({"oneOf": [{"type": "string"}, {"maxLength": 3}], "minLength": 2}),
            strs(),
        ),
        (
            json!({"type": "array", "items": {"oneOf": [{"type": "string"}, {"maxLength": 3}]}}),
            json!({"type": "array", "items": {"anyOf": [{"type": "string"}, {"maxLength": 3}]}}),
            vec![json!(["a"]), json!([1]), json!(["abcd"])],
        ),
        // A branch listing values beside one that takes them too: the
        // `oneOf` refuses exactly those values (`fuzz/regressions/drift/catch-all-branch-beside-listed-values.json`).
        (json!({"oneOf": [{"enum": [true, "type"]}, {}]}), json!({}), listed()),
        (json!({"oneOf": [{"const": 1}, {"type": "integer"}]}), json!({"type": "integer"}), listed()),
        (json!({"oneOf": [{"enum": [1, 2]}, {"type": "integer"}]}), json!({"oneOf": [{"enum": [1]}, {"type": "integer"}]}), listed()),
        (json!({"oneOf": [{"type": "boolean"}, {"type": "boolean", "not": {"const": false}}]}), json!({"type": "boolean"}), listed()),
        (json!({"oneOf": [{"not": {"enum": [1, 2]}}, {}]}), json!({"enum": [1, 2]}), listed()),
        (
            json!({"type": "array", "items": {"$ref": "#/$defs/x"}, "$defs": {"x": {"oneOf": [{"const": "a"}, {"type": "string"}]}}}),
            json!({"type": "array", "items": {"type": "string"}}),
            vec![json!(["a"]), json!(["b"]), json!([1]), json!([])],
        ),
        (json!({"enum": [1, 2, 3], "oneOf": [{"const": 1}, {"type": "integer"}]}), json!({"enum": [2, 3]}), listed()),
        // Past the limit on alternatives, a group left whole is not decided.
        (many_branches(json!({"oneOf": [{"const": true}, {}]})), many_branches(json!({})), listed()),
        (
            json!({"properties": {"p": {"oneOf": [{"type": "string"}, {"maxLength": 3}]}}, "oneOf": [{"required": ["p"]}, {"required": ["q"]}]}),
            json!({"properties": {"p": {"oneOf": [{"type": "string"}, {"maxLength": 4}]}}, "oneOf": [{"required": ["p"]}, {"required": ["q"]}]}),
            vec![json!({"p": "abcd"}), json!({"p": "abcd", "q": 1}), json!({"q": 1}), json!({"p": 1})],
        ),
    ]
}

#[test]
fn crafted_pairs_are_sound_both_ways() {
    for (o, n, docs) in pairs() {
        contracts_fuzz_targets::drift::check(&o, &n, docs.clone());
        contracts_fuzz_targets::drift::check(&n, &o, docs);
    }
}
