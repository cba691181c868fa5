//! A flattened view of a conjunction of IR nodes: `$ref`s followed, `allOf`
//! merged, `const` read as a one-value `enum`, and the keywords of every
//! member gathered with the node they came from (for pointers).

use contracts_codegen::ir::{Body, Ir, NodeId, TypeSet};
use contracts_codegen::keywords::{numeric, string_length};
use contracts_runtime::number::order;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// Type bits: the IR's, except that bit 8 means *non-integer* numbers, so
/// `number` is `INT | FRAC`.
pub const NULL: u8 = TypeSet::NULL;
pub const BOOL: u8 = TypeSet::BOOLEAN;
pub const INT: u8 = TypeSet::INTEGER;
pub const FRAC: u8 = TypeSet::NUMBER;
pub const STR: u8 = TypeSet::STRING;
pub const ARR: u8 = TypeSet::ARRAY;
pub const OBJ: u8 = TypeSet::OBJECT;
pub const ALL: u8 = TypeSet::ALL;
pub const NUM: u8 = INT | FRAC;

/// The categories a schema is split into for comparison.
pub const CATS: [(u8, &str); 6] = [(NULL, "null"), (BOOL, "boolean"), (NUM, "number"), (STR, "string"), (ARR, "array"), (OBJ, "object")];

/// A numeric bound.
#[derive(Clone, Debug)]
pub struct Bnd {
    /// The bound as an `f64` (±infinity beyond its range) ...
    pub v: f64,
    /// ... and exactly, as written.
    pub exact: serde_json::Number,
    pub excl: bool,
    pub src: NodeId,
    pub kw: &'static str,
}

/// An `anyOf`/`oneOf` group.
#[derive(Clone, Debug)]
pub struct Group {
    pub kw: &'static str,
    pub branches: Vec<NodeId>,
    pub src: NodeId,
}

/// The merged keywords of a conjunction.
#[derive(Clone, Debug, Default)]
pub struct Flat {
    pub members: Vec<NodeId>,
    pub falsy: bool,
    pub types: u8,
    pub types_src: Option<NodeId>,
    pub enum_: Option<Vec<Value>>,
    pub enum_src: Option<(NodeId, &'static str)>,
    pub lower: Option<Bnd>,
    pub upper: Option<Bnd>,
    pub multiple_of: Option<(f64, NodeId)>,
    pub min_len: Option<(u64, NodeId)>,
    pub max_len: Option<(u64, NodeId)>,
    pub patterns: Vec<(String, NodeId)>,
    pub format: Option<(String, NodeId)>,
    /// What `contentEncoding`/`contentMediaType` assert (draft-06/07 only, as
    /// the generated validators check them): the value must be base64, and
    /// (after decoding) a JSON document. Other encodings and media types
    /// assert nothing.
    pub base64: Option<NodeId>,
    pub json_content: Option<NodeId>,
    pub prefix: Vec<Vec<NodeId>>,
    pub prefix_src: Option<NodeId>,
    pub items: Option<Vec<NodeId>>,
    pub items_src: Option<NodeId>,
    pub min_items: Option<(u64, NodeId)>,
    pub max_items: Option<(u64, NodeId)>,
    pub unique: Option<NodeId>,
    pub contains: Vec<NodeId>,
    pub min_contains: Option<(u64, NodeId)>,
    pub max_contains: Option<(u64, NodeId)>,
    pub props: Vec<(String, Vec<NodeId>)>,
    pub pprops: Vec<(String, Vec<NodeId>)>,
    pub additional: Option<Vec<NodeId>>,
    pub additional_src: Option<NodeId>,
    /// The keyword `additional` came from: `additionalProperties` or `unevaluatedProperties`.
    pub additional_kw: &'static str,
    pub pnames: Vec<NodeId>,
    pub required: BTreeMap<String, NodeId>,
    pub min_props: Option<(u64, NodeId)>,
    pub max_props: Option<(u64, NodeId)>,
    pub dep_req: BTreeMap<String, (BTreeSet<String>, NodeId)>,
    pub dep_schemas: Vec<(String, Vec<NodeId>)>,
    pub groups: Vec<Group>,
    pub nots: Vec<NodeId>,
    pub conds: Vec<(NodeId, Option<NodeId>, Option<NodeId>, NodeId)>,
    pub annotations: BTreeMap<String, (Value, NodeId)>,
}

impl Flat {
    /// The names this conjunction requires, when requiring them is all it
    /// asserts (annotations aside).
    fn only_required(&self) -> Option<Vec<String>> {
        let f = self;
        let scalar = !f.falsy && f.types == ALL && f.enum_.is_none() && f.lower.is_none() && f.upper.is_none() && f.multiple_of.is_none();
        let string =
            f.min_len.is_none() && f.max_len.is_none() && f.patterns.is_empty() && f.format.is_none() && f.base64.is_none() && f.json_content.is_none();
        let array = f.prefix.is_empty() && f.items.is_none() && f.min_items.is_none() && f.max_items.is_none() && f.unique.is_none() && f.contains.is_empty();
        let object = f.props.is_empty()
            && f.pprops.is_empty()
            && f.additional.is_none()
            && f.pnames.is_empty()
            && f.min_props.is_none()
            && f.max_props.is_none()
            && f.dep_req.is_empty()
            && f.dep_schemas.is_empty();
        let applicators = f.groups.is_empty() && f.nots.is_empty() && f.conds.is_empty();
        (scalar && string && array && object && applicators && !f.required.is_empty()).then(|| f.required.keys().cloned().collect())
    }
}

fn push_child(list: &mut Vec<(String, Vec<NodeId>)>, name: &str, id: NodeId) {
    if let Some((_, v)) = list.iter_mut().find(|(n, _)| n == name) {
        v.push(id);
    } else {
        list.push((name.to_owned(), vec![id]));
    }
}

fn tighter_min(cur: &mut Option<(u64, NodeId)>, v: u64, src: NodeId) {
    if cur.as_ref().is_none_or(|(c, _)| v > *c) {
        *cur = Some((v, src));
    }
}
fn tighter_max(cur: &mut Option<(u64, NodeId)>, v: u64, src: NodeId) {
    if cur.as_ref().is_none_or(|(c, _)| v < *c) {
        *cur = Some((v, src));
    }
}

/// Whether two JSON values are equal as JSON Schema sees them (numbers by
/// value, exactly: the runtime's rule).
pub fn json_eq(a: &Value, b: &Value) -> bool {
    contracts_runtime::json_equal(a, b)
}

/// The type bit of a value.
pub fn value_type(v: &Value) -> u8 {
    match v {
        Value::Null => NULL,
        Value::Bool(_) => BOOL,
        Value::Number(n) if contracts_runtime::number::is_integer(n) => INT,
        Value::Number(_) => FRAC,
        Value::String(_) => STR,
        Value::Array(_) => ARR,
        Value::Object(_) => OBJ,
    }
}

/// Flattens the conjunction `nodes` of `ir`.
pub fn flatten(ir: &Ir, nodes: &[NodeId]) -> Flat {
    let mut f = Flat { types: ALL, ..Flat::default() };
    let mut stack: Vec<NodeId> = nodes.iter().rev().copied().collect();
    let mut seen: BTreeSet<NodeId> = BTreeSet::new();
    // (the keyword's schema, the node it is on)
    let mut unevaluated_props: Vec<(NodeId, NodeId)> = Vec::new();
    let mut unevaluated_items: Vec<(NodeId, NodeId)> = Vec::new();
    while let Some(id) = stack.pop() {
        if id >= ir.nodes.len() || !seen.insert(id) || seen.len() > 10_000 {
            continue;
        }
        f.members.push(id);
        let k = match &ir.nodes[id].body {
            Body::Bool(true) => continue,
            Body::Bool(false) => {
                f.falsy = true;
                continue;
            }
            Body::Schema(k) => k,
        };
        // Later pushes pop first: keep document order for references then allOf.
        for c in k.all_of.iter().rev() {
            stack.push(*c);
        }
        if let Some(r) = &k.dynamic_reference {
            stack.push(r.target);
        }
        if let Some(r) = &k.reference {
            stack.push(r.target);
        }
        if let Some(t) = k.types {
            let mut bits = t.0;
            if bits & TypeSet::NUMBER != 0 {
                bits |= INT;
            }
            if f.types_src.is_none() {
                f.types_src = Some(id);
            }
            f.types &= bits;
        }
        let mut vals: Option<(Vec<Value>, &'static str)> = None;
        if let Some(e) = &k.enum_ {
            vals = Some((e.clone(), "enum"));
        }
        if let Some(c) = &k.const_ {
            vals = Some((vec![c.clone()], "const"));
        }
        if let Some((vals, kw)) = vals {
            match &mut f.enum_ {
                None => {
                    f.enum_ = Some(vals);
                    f.enum_src = Some((id, kw));
                }
                Some(cur) => {
                    cur.retain(|v| vals.iter().any(|w| json_eq(v, w)));
                    if kw == "const" {
                        f.enum_src = Some((id, kw));
                    }
                }
            }
        }
        let bnd = |b: &contracts_codegen::ir::Bound, excl: bool| {
            let beyond = if b.value.as_str().starts_with('-') { f64::NEG_INFINITY } else { f64::INFINITY };
            Some(Bnd { v: b.value.as_f64().unwrap_or(beyond), exact: b.value.clone(), excl, src: id, kw: b.keyword })
        };
        let numbers = numeric::Numeric::of(k);
        for (b, excl) in numbers.lower_bounds() {
            if let Some(b) = b.and_then(|b| bnd(b, excl)) {
                if f.lower.as_ref().is_none_or(|c| order(&b.exact, &c.exact).then((b.excl as u8).cmp(&(c.excl as u8))).is_gt()) {
                    f.lower = Some(b);
                }
            }
        }
        for (b, excl) in numbers.upper_bounds() {
            if let Some(b) = b.and_then(|b| bnd(b, excl)) {
                if f.upper.as_ref().is_none_or(|c| order(&c.exact, &b.exact).then((b.excl as u8).cmp(&(c.excl as u8))).is_gt()) {
                    f.upper = Some(b);
                }
            }
        }
        if let Some(m) = numbers.multiple_of.and_then(|m| m.as_f64()) {
            f.multiple_of = Some(match f.multiple_of {
                Some((c, s)) if (c / m).fract().abs() < 1e-9 => (c, s),
                Some((c, _)) if (m / c).fract().abs() < 1e-9 => (m, id),
                Some((c, s)) => (c * m, s), // a common multiple: good enough for comparison
                None => (m, id),
            });
        }
        string_length::Length::of(k).tighten(id, &mut f.min_len, &mut f.max_len);
        if let Some(p) = &k.pattern {
            f.patterns.push((p.clone(), id));
        }
        if k.content_assertion {
            if k.content_encoding.as_deref().is_some_and(|e| e.eq_ignore_ascii_case("base64")) {
                f.base64.get_or_insert(id);
            }
            if k.content_media_type.as_deref().is_some_and(|m| m.eq_ignore_ascii_case("application/json")) {
                f.json_content.get_or_insert(id);
            }
        }
        if let Some(fm) = &k.format {
            if f.format.is_none() {
                f.format = Some((fm.clone(), id));
            }
        }
        if !k.prefix_items.is_empty() {
            if f.prefix_src.is_none() {
                f.prefix_src = Some(id);
            }
            for (i, c) in k.prefix_items.iter().enumerate() {
                if f.prefix.len() <= i {
                    f.prefix.push(Vec::new());
                }
                f.prefix[i].push(*c);
            }
        }
        if let Some(c) = k.items {
            f.items.get_or_insert_with(Vec::new).push(c);
            f.items_src.get_or_insert(id);
        }
        if let Some(v) = k.min_items {
            tighter_min(&mut f.min_items, v, id);
        }
        if let Some(v) = k.max_items {
            tighter_max(&mut f.max_items, v, id);
        }
        if k.unique_items {
            f.unique.get_or_insert(id);
        }
        if let Some(c) = k.contains {
            f.contains.push(c);
            if let Some(v) = k.min_contains {
                tighter_min(&mut f.min_contains, v, id);
            }
            if let Some(v) = k.max_contains {
                tighter_max(&mut f.max_contains, v, id);
            }
        }
        for (n, c) in &k.properties {
            push_child(&mut f.props, n, *c);
        }
        for (n, c) in &k.pattern_properties {
            push_child(&mut f.pprops, n, *c);
        }
        if let Some(c) = k.additional_properties {
            f.additional.get_or_insert_with(Vec::new).push(c);
            f.additional_src.get_or_insert(id);
            f.additional_kw = "additionalProperties";
        }
        if let Some(c) = k.unevaluated_properties {
            unevaluated_props.push((c, id));
        }
        if let Some(c) = k.unevaluated_items {
            unevaluated_items.push((c, id));
        }
        if let Some(c) = k.property_names {
            f.pnames.push(c);
        }
        for r in &k.required {
            f.required.entry(r.clone()).or_insert(id);
        }
        if let Some(v) = k.min_properties {
            tighter_min(&mut f.min_props, v, id);
        }
        if let Some(v) = k.max_properties {
            tighter_max(&mut f.max_props, v, id);
        }
        for (n, names) in &k.dependent_required {
            let e = f.dep_req.entry(n.clone()).or_insert((BTreeSet::new(), id));
            e.0.extend(names.iter().cloned());
        }
        for (n, c) in &k.dependent_schemas {
            // `{"a": {"required": ["b"]}}` is `{"a": ["b"]}` (draft-07's
            // `dependencies` takes both forms): compare it as one.
            match flatten(ir, &[*c]).only_required() {
                Some(names) => f.dep_req.entry(n.clone()).or_insert((BTreeSet::new(), id)).0.extend(names),
                None => push_child(&mut f.dep_schemas, n, *c),
            }
        }
        if !k.any_of.is_empty() {
            f.groups.push(Group { kw: "anyOf", branches: k.any_of.clone(), src: id });
        }
        if !k.one_of.is_empty() {
            f.groups.push(Group { kw: "oneOf", branches: k.one_of.clone(), src: id });
        }
        if let Some(c) = k.not {
            f.nots.push(c);
        }
        if let Some(c) = k.if_ {
            f.conds.push((c, k.then_, k.else_, id));
        }
        let mut ann = |name: &str, v: Option<Value>| {
            if let Some(v) = v {
                f.annotations.entry(name.to_owned()).or_insert((v, id));
            }
        };
        ann("title", k.title.clone().map(Value::String));
        ann("description", k.description.clone().map(Value::String));
        ann("default", k.default.clone());
        ann("examples", (!k.examples.is_empty()).then(|| Value::Array(k.examples.clone())));
        ann("deprecated", k.deprecated.then_some(Value::Bool(true)));
        ann("readOnly", k.read_only.then_some(Value::Bool(true)));
        ann("writeOnly", k.write_only.then_some(Value::Bool(true)));
        for (name, v) in &k.extensions {
            ann(name, Some(v.clone()));
        }
    }
    cover_unevaluated(&mut f, unevaluated_props, unevaluated_items);
    settle_equivalents(&mut f);
    f
}

/// Reads keywords that say the same thing in one form: `multipleOf: 1` is
/// "an integer" (for numbers); a dependency on a required name is itself
/// required.
fn settle_equivalents(f: &mut Flat) {
    if f.multiple_of.is_some_and(|(m, _)| m == 1.0) {
        f.types &= !FRAC;
        f.types_src = f.types_src.or(f.multiple_of.map(|(_, id)| id));
        f.multiple_of = None;
    }
    while let Some(name) = f.dep_req.keys().find(|n| f.required.contains_key(*n)).cloned() {
        if let Some((names, id)) = f.dep_req.remove(&name) {
            for n in names {
                f.required.entry(n).or_insert(id);
            }
        }
    }
}

/// `unevaluatedProperties`/`unevaluatedItems` apply to what no keyword of
/// the conjunction evaluated: members that no `properties`,
/// `patternProperties` or `additionalProperties` covers, and items after the
/// longest `prefixItems` when no `items` applies. In the flattened view that
/// is exactly the place of `additionalProperties` and of `items`, so they
/// take it when it is free; when it is taken, everything was evaluated and
/// they constrain nothing. (Items that only `contains` matched count as
/// unevaluated here: a `contains` beside `unevaluatedItems` is read as if it
/// evaluated nothing.)
fn cover_unevaluated(f: &mut Flat, props: Vec<(NodeId, NodeId)>, items: Vec<(NodeId, NodeId)>) {
    if f.additional.is_none() && !props.is_empty() {
        f.additional_src = Some(props[0].1);
        f.additional_kw = "unevaluatedProperties";
        f.additional = Some(props.into_iter().map(|(c, _)| c).collect());
    }
    if f.items.is_none() && !items.is_empty() {
        f.items_src = Some(items[0].1);
        f.items = Some(items.into_iter().map(|(c, _)| c).collect());
    }
}
