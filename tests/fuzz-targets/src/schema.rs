//! Arbitrary JSON Schemas (2020-12) from fuzzer bytes: a small grammar of
//! the keywords the generator and the drift engine read, names and literals
//! from short lists (so that members, `required` and `$ref`s meet), nesting
//! bounded.

use arbitrary::{Result, Unstructured};
use serde_json::{json, Map, Value};

/// How deep subschemas nest (beyond it a leaf: `true`, a type or a `$ref`).
const MAX_DEPTH: usize = 5;

/// Member names: plain, keyword-like, needing escapes, empty.
const NAMES: &[&str] = &["a", "b", "type", "payload", "id", "x-y", "", "~/", "é", "$ref", "$serde_json::private::Number"];

/// Patterns: anchored, unanchored, classes, alternation, a back-reference.
const PATTERNS: &[&str] = &["^a", "^[a-z]+$", "b$", "^(a|b)*$", "\\d", "^.{2,}$", "^[0-9a-f]{4}$", "(a)\\1", "^x-", ""];

const FORMATS: &[&str] = &["date-time", "date", "email", "uri", "uuid", "ipv4", "hostname", "regex", "unknown-format"];

const TYPES: &[&str] = &["null", "boolean", "integer", "number", "string", "array", "object"];

/// A literal for `const`, `enum`, bounds.
pub fn literal(u: &mut Unstructured) -> Result<Value> {
    Ok(match u.int_in_range(0..=9)? {
        0 => Value::Null,
        1 => Value::Bool(u.arbitrary()?),
        2 | 3 => json!(u.int_in_range(-3i64..=12)?),
        4 => number(u)?,
        5 | 6 => json!(*u.choose(NAMES)?),
        7 => json!([literal_leaf(u)?, literal_leaf(u)?]),
        8 => json!({ *u.choose(NAMES)?: literal_leaf(u)? }),
        _ => json!(u.arbitrary::<i64>()?),
    })
}

fn literal_leaf(u: &mut Unstructured) -> Result<Value> {
    Ok(match u.int_in_range(0..=3)? {
        0 => Value::Null,
        1 => json!(u.int_in_range(-2i64..=3)?),
        2 => json!(*u.choose(NAMES)?),
        _ => number(u)?,
    })
}

/// A number written as JSON can write it: halves, exponents, `-0`, beyond `u64`.
pub fn number(u: &mut Unstructured) -> Result<Value> {
    const TEXTS: &[&str] = &["0.5", "1.0", "-0", "1e2", "2.5e-1", "18446744073709551616", "1e400", "-1e400", "0.1", "3", "-7.25", "1e-400"];
    let text = if u.ratio(1, 2)? { (*u.choose(TEXTS)?).to_owned() } else { format!("{}", u.int_in_range(-40i32..=40)? as f64 / 4.0) };
    Ok(serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// A whole schema document: a root subschema and sometimes `$defs` it and
/// its parts refer to.
pub fn arbitrary_schema(u: &mut Unstructured) -> Result<Value> {
    let defs = u.int_in_range(0..=2)?;
    let mut g = Gen { defs };
    let mut root = g.subschema(u, 0)?;
    if defs > 0 {
        let mut m = Map::new();
        for i in 0..defs {
            m.insert(format!("d{i}"), g.subschema(u, 1)?);
        }
        match &mut root {
            Value::Object(o) => {
                o.insert("$defs".into(), Value::Object(m));
            }
            other => *other = json!({"allOf": [other.clone()], "$defs": m}),
        }
    }
    Ok(root)
}

struct Gen {
    defs: usize,
}

impl Gen {
    fn subschema(&mut self, u: &mut Unstructured, depth: usize) -> Result<Value> {
        if depth >= MAX_DEPTH || u.is_empty() {
            return self.leaf(u);
        }
        let mut s = Map::new();
        let keywords = u.int_in_range(1..=4)?;
        for _ in 0..keywords {
            self.keyword(u, depth, &mut s)?;
        }
        Ok(Value::Object(s))
    }

    fn leaf(&mut self, u: &mut Unstructured) -> Result<Value> {
        Ok(match u.int_in_range(0..=3)? {
            0 => Value::Bool(u.ratio(3, 4)?),
            1 if self.defs > 0 => json!({"$ref": format!("#/$defs/d{}", u.int_in_range(0..=self.defs - 1)?)}),
            _ => json!({"type": *u.choose(TYPES)?}),
        })
    }

    fn boxed(&mut self, u: &mut Unstructured, depth: usize) -> Result<Value> {
        self.subschema(u, depth + 1)
    }

    fn list(&mut self, u: &mut Unstructured, depth: usize) -> Result<Value> {
        let n = u.int_in_range(1..=3)?;
        let mut v = Vec::new();
        for _ in 0..n {
            v.push(self.boxed(u, depth)?);
        }
        Ok(Value::Array(v))
    }

    fn keyword(&mut self, u: &mut Unstructured, depth: usize, s: &mut Map<String, Value>) -> Result<()> {
        let small = |u: &mut Unstructured| -> Result<Value> { Ok(json!(u.int_in_range(0u8..=4)?)) };
        match u.int_in_range(0..=33)? {
            0 | 1 => {
                if u.ratio(1, 3)? {
                    let n = u.int_in_range(1..=3)?;
                    let mut ts = Vec::new();
                    for _ in 0..n {
                        ts.push(json!(*u.choose(TYPES)?));
                    }
                    s.insert("type".into(), Value::Array(ts));
                } else {
                    s.insert("type".into(), json!(*u.choose(TYPES)?));
                }
            }
            2 | 3 => {
                let n = u.int_in_range(1..=3)?;
                let mut props = Map::new();
                for _ in 0..n {
                    props.insert((*u.choose(NAMES)?).to_owned(), self.boxed(u, depth)?);
                }
                s.insert("properties".into(), Value::Object(props));
            }
            4 => {
                let n = u.int_in_range(1..=2)?;
                let mut names = Vec::new();
                for _ in 0..n {
                    names.push(json!(*u.choose(NAMES)?));
                }
                s.insert("required".into(), Value::Array(names));
            }
            5 => {
                s.insert("additionalProperties".into(), self.boxed(u, depth)?);
            }
            6 => {
                let mut m = Map::new();
                m.insert((*u.choose(PATTERNS)?).to_owned(), self.boxed(u, depth)?);
                s.insert("patternProperties".into(), Value::Object(m));
            }
            7 => {
                s.insert("propertyNames".into(), self.boxed(u, depth)?);
            }
            8 => {
                s.insert("items".into(), self.boxed(u, depth)?);
            }
            9 => {
                s.insert("prefixItems".into(), self.list(u, depth)?);
            }
            10 => {
                s.insert("contains".into(), self.boxed(u, depth)?);
            }
            11 => {
                s.insert((*u.choose(&["minItems", "maxItems", "minProperties", "maxProperties", "minContains", "maxContains"])?).into(), small(u)?);
            }
            12 => {
                s.insert((*u.choose(&["minLength", "maxLength"])?).into(), small(u)?);
            }
            13 => {
                s.insert("pattern".into(), json!(*u.choose(PATTERNS)?));
            }
            14 => {
                s.insert("format".into(), json!(*u.choose(FORMATS)?));
            }
            15 | 16 => {
                s.insert((*u.choose(&["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"])?).into(), number(u)?);
            }
            17 => {
                s.insert("multipleOf".into(), json!(*u.choose(&[0.5, 2.0, 3.0, 0.25, 1.5])?));
            }
            18 => {
                s.insert("const".into(), literal(u)?);
            }
            19 | 20 => {
                let n = u.int_in_range(1..=4)?;
                let mut v = Vec::new();
                for _ in 0..n {
                    v.push(literal(u)?);
                }
                s.insert("enum".into(), Value::Array(v));
            }
            21 | 22 => {
                let kw = *u.choose(&["anyOf", "oneOf", "allOf"])?;
                s.insert(kw.into(), self.list(u, depth)?);
            }
            23 => {
                s.insert("not".into(), self.boxed(u, depth)?);
            }
            24 => {
                s.insert("if".into(), self.boxed(u, depth)?);
                if u.arbitrary()? {
                    s.insert("then".into(), self.boxed(u, depth)?);
                }
                if u.arbitrary()? {
                    s.insert("else".into(), self.boxed(u, depth)?);
                }
            }
            25 => {
                s.insert("uniqueItems".into(), Value::Bool(u.arbitrary()?));
            }
            26 => {
                s.insert((*u.choose(&["unevaluatedProperties", "unevaluatedItems"])?).into(), self.boxed(u, depth)?);
            }
            27 => {
                let mut m = Map::new();
                m.insert((*u.choose(NAMES)?).to_owned(), json!([*u.choose(NAMES)?]));
                s.insert("dependentRequired".into(), Value::Object(m));
            }
            28 => {
                let mut m = Map::new();
                m.insert((*u.choose(NAMES)?).to_owned(), self.boxed(u, depth)?);
                s.insert("dependentSchemas".into(), Value::Object(m));
            }
            29 if self.defs > 0 => {
                s.insert("$ref".into(), json!(format!("#/$defs/d{}", u.int_in_range(0..=self.defs - 1)?)));
            }
            30 => {
                s.insert("$ref".into(), json!(*u.choose(&["#", "#/properties/a", "#/$defs/missing", "other.json"])?));
            }
            31 => {
                // The seeds' extension keywords: open sets, sensitivity.
                let kw = *u.choose(&["x-cohorte-known", "x-sensitivity", "title", "description", "default", "deprecated"])?;
                let v = match kw {
                    "x-cohorte-known" => json!([*u.choose(NAMES)?, *u.choose(NAMES)?]),
                    "x-sensitivity" => json!(*u.choose(&["local", "public"])?),
                    "deprecated" => json!(u.arbitrary::<bool>()?),
                    _ => literal(u)?,
                };
                s.insert(kw.into(), v);
            }
            32 => {
                s.insert((*u.choose(&["contentEncoding", "contentMediaType"])?).into(), json!(*u.choose(&["base64", "application/json"])?));
            }
            _ => {
                // A keyword in a wrong form: the generator must say so, not panic.
                let kw = *u.choose(&["type", "required", "minLength", "properties", "items", "enum", "pattern", "multipleOf", "$ref", "anyOf"])?;
                s.insert(kw.into(), literal(u)?);
            }
        }
        Ok(())
    }
}

/// Any JSON value from fuzzer bytes (documents for the drift target).
pub fn arbitrary_value(u: &mut Unstructured, depth: usize) -> Result<Value> {
    if depth >= 4 {
        return literal_leaf(u);
    }
    Ok(match u.int_in_range(0..=5)? {
        0 | 1 => literal(u)?,
        2 => {
            let n = u.int_in_range(0..=3)?;
            let mut v = Vec::new();
            for _ in 0..n {
                v.push(arbitrary_value(u, depth + 1)?);
            }
            Value::Array(v)
        }
        _ => {
            let n = u.int_in_range(0..=3)?;
            let mut m = Map::new();
            for _ in 0..n {
                m.insert((*u.choose(NAMES)?).to_owned(), arbitrary_value(u, depth + 1)?);
            }
            Value::Object(m)
        }
    })
}

/// `v` with one change at a random place: a keyword removed, replaced by a
/// fresh one, or a subschema replaced (the drift target's "new" side).
pub fn mutate(u: &mut Unstructured, mut v: Value) -> Result<Value> {
    let defs = v.get("$defs").and_then(Value::as_object).map_or(0, |m| m.len());
    let mut g = Gen { defs };
    // Walk down a few steps through objects and arrays (positions first,
    // then one mutable descent).
    let mut path = Vec::new();
    let mut here = &v;
    for _ in 0..u.int_in_range(0..=4)? {
        let len = match here {
            Value::Object(m) => m.len(),
            Value::Array(a) => a.len(),
            _ => 0,
        };
        if len == 0 {
            break;
        }
        let i = u.choose_index(len)?;
        let next = match here {
            Value::Object(m) => m.values().nth(i),
            Value::Array(a) => a.get(i),
            _ => None,
        };
        match next {
            Some(n) if n.is_object() || n.is_array() => {
                path.push(i);
                here = n;
            }
            _ => break,
        }
    }
    let mut at = &mut v;
    for i in path {
        at = match at {
            Value::Object(m) => m.values_mut().nth(i).expect("a position seen above"),
            Value::Array(a) => &mut a[i],
            _ => unreachable!("the path goes through objects and arrays"),
        };
    }
    match at {
        Value::Object(m) => match u.int_in_range(0..=3)? {
            0 if !m.is_empty() => {
                let i = u.choose_index(m.len())?;
                let k = m.keys().nth(i).cloned().unwrap_or_default();
                m.shift_remove(&k);
            }
            1 | 2 => g.keyword(u, 2, m)?,
            _ => *at = g.subschema(u, 2)?,
        },
        other => *other = g.subschema(u, 2)?,
    }
    Ok(v)
}
