//! What a schema's assertions require, in words: "1 to 200 characters",
//! "matches `^cmd_[0-9a-f]{32}$`", "at most 50 items", "integer ≥ 0",
//! "one of `a`, `b`".
//!
//! The reference pages and rustdoc share these phrases. Each phrase is a
//! lowercase fragment without a final period, in Markdown (values and
//! patterns in code spans); [`as_sentence`] makes one a sentence for
//! rustdoc.
//!
//! * [`describe`] reads one schema object's own keywords;
//! * [`describe_nodes`] reads a conjunction of subschemas through the IR:
//!   it follows `$ref` and `allOf`, and says what `items`,
//!   `propertyNames`, `additionalProperties`, `not` and unions of
//!   constants require.

use super::markdown::{code, value_code};
use crate::ir::{Body, Ir, Keywords, NodeId};
use crate::keywords::format::Format;
use crate::keywords::{pattern, values};
use serde_json::Value;

/// How deep [`describe_nodes`] follows `items`, `propertyNames` and the
/// like into nested schemas.
const MAX_DEPTH: usize = 2;

/// The constraints one schema object's own keywords state, in schema
/// order of importance: constants and enumerations, string length,
/// pattern and format, numeric range, array and object sizes, dependent
/// members, open sets (`x-…-known`). Subschemas (`items`, `not`, …) are
/// not followed: use [`describe_nodes`] for that.
pub fn describe(k: &Keywords) -> Vec<String> {
    let mut out: Vec<String> = values::describe(k.const_.as_ref(), k.enum_.as_deref()).collect();
    out.extend(k.length.describe());
    out.extend(k.pattern.as_deref().map(pattern::describe));
    out.extend(Format::of(k, false).describe());
    out.extend(k.numbers.describe(k.types));
    out.extend(k.array.describe());
    out.extend(k.object.describe());
    for (name, needs) in &k.dependent_required {
        if !needs.is_empty() {
            let list: Vec<String> = needs.iter().map(|n| code(n)).collect();
            out.push(format!("with {}, also {}", code(name), list.join(", ")));
        }
    }
    for (name, v) in &k.extensions {
        if let Some(values) = known_values(name, v) {
            let list: Vec<String> = values.iter().map(|s| code(s)).collect();
            out.push(format!("known values {}; other values are allowed ({})", list.join(", "), code(name)));
        }
    }
    out
}

/// The values an open-set extension (`x-…-known`: an array of strings) lists.
pub fn known_values(name: &str, v: &Value) -> Option<Vec<String>> {
    if !(name.starts_with("x-") && name.ends_with("-known")) {
        return None;
    }
    let values: Vec<String> = v.as_array()?.iter().filter_map(Value::as_str).map(str::to_owned).collect();
    (!values.is_empty()).then_some(values)
}

/// The constraints of a value every node in `nodes` applies to, following
/// `$ref` and `allOf`, and (a level or two deep) `items`, `propertyNames`,
/// `additionalProperties`, `patternProperties`, `contains` and `not`;
/// a union whose branches are all constants reads "one of …". Each phrase
/// appears once.
pub fn describe_nodes(ir: &Ir, nodes: &[NodeId]) -> Vec<String> {
    describe_nodes_with(ir, nodes, true)
}

/// [`describe_nodes`], leaving out what the shape of objects requires
/// (members that must be present, nested members, "no other members")
/// when `objects` is `false`: for a value whose objects are generated
/// types, documented on their own.
pub fn describe_nodes_with(ir: &Ir, nodes: &[NodeId], objects: bool) -> Vec<String> {
    let mut out = Vec::new();
    describe_into(ir, nodes, 0, objects, &mut out);
    out
}

/// Makes a phrase a sentence: capital first letter (unless it starts with
/// code) and a final period.
pub fn as_sentence(phrase: &str) -> String {
    let mut chars = phrase.chars();
    let mut s: String = match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => return String::new(),
    };
    if !s.ends_with('.') {
        s.push('.');
    }
    s
}

fn push(out: &mut Vec<String>, s: String) {
    if !out.contains(&s) {
        out.push(s);
    }
}

fn describe_into(ir: &Ir, nodes: &[NodeId], depth: usize, objects: bool, out: &mut Vec<String>) {
    for n in ir.expand(nodes) {
        let k = match ir.nodes.get(n).map(|x| &x.body) {
            Some(Body::Schema(k)) => k,
            Some(Body::Bool(false)) => {
                push(out, "no value is allowed".to_owned());
                continue;
            }
            _ => continue,
        };
        for s in describe(k) {
            push(out, s);
        }
        for branches in [&k.any_of, &k.one_of] {
            if let Some(values) = constant_branches(ir, branches) {
                push(out, values::one_of(&values));
            }
        }
        if let Some(not) = k.not {
            push(out, negation(ir, not));
        }
        if depth >= MAX_DEPTH {
            continue;
        }
        let nested = |node: NodeId, prefix: &str, out: &mut Vec<String>| {
            let mut inner = Vec::new();
            describe_into(ir, &[node], depth + 1, objects, &mut inner);
            match inner.as_slice() {
                [] => {}
                [one] => push(out, format!("{prefix}: {one}")),
                many => push(out, format!("{prefix}: ({})", many.join("; "))),
            }
        };
        if depth > 0 && objects {
            // Nested objects have no table of their own: say what they need.
            let names: Vec<String> = k.object.required.iter().map(|r| code(r)).collect();
            if !names.is_empty() {
                push(out, format!("must have {}", and_list(&names)));
            }
            for (name, p) in &k.properties {
                nested(*p, &code(name), out);
            }
        }
        if !k.prefix_items.is_empty() {
            let n = k.prefix_items.len() as u64;
            push(
                out,
                format!(
                    "the first {n} {} {} a schema of {}",
                    plural(n, "item", "items"),
                    if n == 1 { "has" } else { "each have" },
                    if n == 1 { "its own" } else { "their own" }
                ),
            );
        }
        if let Some(items) = k.items {
            if matches!(ir.nodes.get(items).map(|x| &x.body), Some(Body::Bool(false))) {
                push(out, if k.prefix_items.is_empty() { "no items".to_owned() } else { "no further items".to_owned() });
            } else {
                nested(items, if k.prefix_items.is_empty() { "each item" } else { "each further item" }, out);
            }
        }
        if let Some(c) = k.contains {
            let at_least = k.min_contains.unwrap_or(1);
            let mut inner = Vec::new();
            describe_into(ir, &[c], depth + 1, objects, &mut inner);
            let what = if inner.is_empty() { "match `contains`".to_owned() } else { inner.join(", ") };
            let range = match (at_least, k.max_contains) {
                (lo, Some(hi)) if lo == hi => format!("exactly {lo} {}", plural(lo, "item", "items")),
                (lo, Some(hi)) => format!("{lo} to {hi} items"),
                (lo, None) => format!("at least {lo} {}", plural(lo, "item", "items")),
            };
            push(out, format!("{range}: {what}"));
        }
        if let Some(p) = k.property_names {
            nested(p, "member names", out);
        }
        for (re, p) in &k.pattern_properties {
            nested(*p, &format!("members named like {}", code(re)), out);
        }
        match k.additional_properties {
            Some(a) if matches!(ir.nodes.get(a).map(|x| &x.body), Some(Body::Bool(false))) => {
                let what = if k.pattern_properties.is_empty() { "those listed" } else { "those listed or named by a pattern" };
                if objects {
                    push(out, format!("no members other than {what}"));
                }
            }
            Some(a) => nested(a, if k.properties.is_empty() && k.pattern_properties.is_empty() { "each member" } else { "each other member" }, out),
            None => {}
        }
        if let Some(u) = k.unevaluated_properties {
            if matches!(ir.nodes.get(u).map(|x| &x.body), Some(Body::Bool(false))) {
                push(out, "no members the schema does not evaluate (`unevaluatedProperties`)".to_owned());
            }
        }
        if let Some(u) = k.unevaluated_items {
            if matches!(ir.nodes.get(u).map(|x| &x.body), Some(Body::Bool(false))) {
                push(out, "no items the schema does not evaluate (`unevaluatedItems`)".to_owned());
            }
        }
        if k.if_.is_some() && (k.then_.is_some() || k.else_.is_some()) {
            push(out, "more rules apply depending on the value (`if`/`then`/`else`)".to_owned());
        }
        for (name, _) in &k.dependent_schemas {
            push(out, format!("with {}, more rules apply ({})", code(name), code(k.dependent_schemas_keyword)));
        }
    }
}

/// The constants of a union whose every branch is a `const` (or a
/// one-value `enum`), if it is one.
fn constant_branches(ir: &Ir, branches: &[NodeId]) -> Option<Vec<Value>> {
    if branches.is_empty() {
        return None;
    }
    let mut values = Vec::new();
    for b in branches {
        let v = ir
            .expand(&[*b])
            .into_iter()
            .filter_map(|n| ir.keywords(n))
            .find_map(|k| k.const_.clone().or_else(|| k.enum_.as_ref().filter(|e| e.len() == 1).and_then(|e| e.first().cloned())))?;
        values.push(v);
    }
    Some(values)
}

/// What a `not` forbids.
fn negation(ir: &Ir, not: NodeId) -> String {
    match ir.nodes.get(not).map(|x| &x.body) {
        Some(Body::Bool(true)) => "no value is allowed".to_owned(),
        Some(Body::Bool(false)) | None => "any value".to_owned(),
        Some(Body::Schema(k)) => {
            if let Some(values) = &k.enum_ {
                let list: Vec<String> = values.iter().map(value_code).collect();
                format!("not one of {}", list.join(", "))
            } else if let Some(c) = &k.const_ {
                format!("not {}", value_code(c))
            } else {
                let inner = describe(k);
                if inner.is_empty() {
                    "must not match the schema under `not`".to_owned()
                } else {
                    format!("must not be: {}", inner.join(", "))
                }
            }
        }
    }
}

/// "`a`", "`a` and `b`", "`a`, `b` and `c`".
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

fn plural<'a>(n: u64, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 {
        one
    } else {
        many
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ir, load, SchemaInput, Settings};

    fn phrases(schema: &str) -> Vec<String> {
        let settings = Settings::new();
        let docs = load::load(&settings, &[SchemaInput::new("t.json", schema)]).expect("loads");
        let ir = ir::build(&settings, &docs).expect("builds");
        describe_nodes(&ir, &[ir.roots[0]])
    }

    #[test]
    fn patterns_and_formats() {
        assert_eq!(phrases(r#"{"pattern": "^cmd_[0-9a-f]{32}$"}"#), ["matches `^cmd_[0-9a-f]{32}$`"]);
        assert_eq!(phrases(r#"{"pattern": "a`b"}"#), ["matches `` a`b ``"]);
        assert_eq!(phrases(r#"{"format": "date-time"}"#), ["format `date-time`"]);
    }

    #[test]
    fn numbers() {
        assert_eq!(phrases(r#"{"type": "integer", "minimum": 0}"#), ["integer ≥ 0"]);
        assert_eq!(phrases(r#"{"type": "integer", "minimum": 1, "maximum": 3145728}"#), ["integer from 1 to 3145728"]);
        assert_eq!(phrases(r#"{"type": "number", "exclusiveMinimum": 0, "maximum": 1}"#), ["number > 0 and ≤ 1"]);
        assert_eq!(phrases(r#"{"maximum": 5, "exclusiveMaximum": 5}"#), ["number < 5"]);
        assert_eq!(phrases(r#"{"multipleOf": 0.5}"#), ["a multiple of 0.5"]);
        let draft4 = r#"{"$schema": "http://json-schema.org/draft-04/schema#", "type": "integer", "minimum": 0, "exclusiveMinimum": true}"#;
        assert_eq!(phrases(draft4), ["integer > 0"]);
    }

    #[test]
    fn arrays() {
        assert_eq!(phrases(r#"{"type": "array", "maxItems": 50}"#), ["at most 50 items"]);
        assert_eq!(phrases(r#"{"minItems": 1}"#), ["at least 1 item"]);
        assert_eq!(phrases(r#"{"uniqueItems": true}"#), ["no two items equal"]);
        assert_eq!(
            phrases(r#"{"type": "array", "maxItems": 50, "items": {"type": "string", "minLength": 1, "maxLength": 200}}"#),
            ["at most 50 items", "each item: 1 to 200 characters"]
        );
        assert_eq!(phrases(r#"{"items": {"enum": ["A", "B"]}}"#), ["each item: one of `A`, `B`"]);
        assert_eq!(phrases(r#"{"contains": {"const": 1}, "minContains": 2}"#), ["at least 2 items: always `1`"]);
    }

    #[test]
    fn enums_consts_and_unions_of_constants() {
        assert_eq!(phrases(r#"{"enum": ["a", "b"]}"#), ["one of `a`, `b`"]);
        assert_eq!(phrases(r#"{"enum": ["only"]}"#), ["always `only`"]);
        assert_eq!(phrases(r#"{"const": "1.0"}"#), ["always `1.0`"]);
        assert_eq!(phrases(r#"{"const": 3}"#), ["always `3`"]);
        assert_eq!(phrases(r#"{"anyOf": [{"const": "fast"}, {"const": "cheap"}]}"#), ["one of `fast`, `cheap`"]);
        assert_eq!(phrases(r#"{"anyOf": [{"const": "fast"}, {"type": "integer"}]}"#), Vec::<String>::new());
        assert_eq!(phrases(r#"{"not": {"enum": ["start", "stop"]}}"#), ["not one of `start`, `stop`"]);
    }

    #[test]
    fn objects() {
        assert_eq!(phrases(r#"{"propertyNames": {"pattern": "^[a-z][a-z0-9-]*$"}}"#), ["member names: matches `^[a-z][a-z0-9-]*$`"]);
        assert_eq!(phrases(r#"{"properties": {"a": {}}, "additionalProperties": false}"#), ["no members other than those listed"]);
        assert_eq!(phrases(r#"{"maxProperties": 3}"#), ["at most 3 members"]);
        assert_eq!(phrases(r#"{"dependentRequired": {"a": ["b", "c"]}}"#), ["with `a`, also `b`, `c`"]);
        assert_eq!(phrases(r#"{"additionalProperties": {"minLength": 1}}"#), ["each member: at least 1 character"]);
    }

    #[test]
    fn nested_objects_say_what_they_need() {
        assert_eq!(
            phrases(
                r#"{"type": "object", "patternProperties": {"^.*$": {"type": "object", "required": ["provider", "model"],
                "properties": {"capability": {"anyOf": [{"const": "fast"}, {"const": "cheap"}]}}}}}"#
            ),
            ["members named like `^.*$`: (must have `provider` and `model`; `capability`: one of `fast`, `cheap`)"]
        );
        // At the top level, members have a table of their own.
        assert_eq!(phrases(r#"{"required": ["a"], "properties": {"a": {"minLength": 1}}}"#), Vec::<String>::new());
    }

    #[test]
    fn open_sets_and_refs() {
        assert_eq!(phrases(r#"{"type": "string", "x-cohorte-known": ["cli"]}"#), ["known values `cli`; other values are allowed (`x-cohorte-known`)"]);
        assert_eq!(
            phrases(r##"{"$defs": {"id": {"pattern": "^x$"}}, "allOf": [{"$ref": "#/$defs/id"}], "maxLength": 9}"##),
            ["at most 9 characters", "matches `^x$`"]
        );
    }

    #[test]
    fn recursion_is_bounded() {
        let p = phrases(r##"{"items": {"$ref": "#"}, "maxItems": 2}"##);
        assert_eq!(p[0], "at most 2 items");
        assert!(p.len() <= 2, "{p:?}");
    }

    #[test]
    fn sentences() {
        assert_eq!(as_sentence("integer ≥ 0"), "Integer ≥ 0.");
        assert_eq!(as_sentence("`a` first"), "`a` first.");
        assert_eq!(as_sentence(""), "");
    }
}
