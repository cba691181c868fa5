//! A flattened view of a conjunction of IR nodes: `$ref`s followed, `allOf`
//! merged, `const` read as a one-value `enum`, and the keywords of every
//! member gathered with the node they came from (for pointers).

use contracts_codegen::ir::{Body, Ir, Keywords, NodeId, TypeSet};
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
    /// A keyword whose meaning this merged view cannot hold (its scope is
    /// not the whole conjunction, see `settle_scopes`): comparisons of
    /// objects or arrays here are not decided.
    pub undecided: Option<(NodeId, &'static str)>,
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
    let mut additional_props: Vec<(NodeId, NodeId)> = Vec::new();
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
        let numbers = &k.numbers;
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
        if let Some(m) = numbers.multiple_of.as_ref().and_then(|m| m.as_f64()) {
            f.multiple_of = Some(match f.multiple_of {
                Some((c, s)) if (c / m).fract().abs() < 1e-9 => (c, s),
                Some((c, _)) if (m / c).fract().abs() < 1e-9 => (m, id),
                Some((c, s)) => (c * m, s), // a common multiple: good enough for comparison
                None => (m, id),
            });
        }
        k.length.tighten(id, &mut f.min_len, &mut f.max_len);
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
        if let Some(v) = k.array.min {
            tighter_min(&mut f.min_items, v, id);
        }
        if let Some(v) = k.array.max {
            tighter_max(&mut f.max_items, v, id);
        }
        if k.array.unique {
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
            additional_props.push((c, id));
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
        for r in &k.object.required {
            f.required.entry(r.clone()).or_insert(id);
        }
        if let Some(v) = k.object.min {
            tighter_min(&mut f.min_props, v, id);
        }
        if let Some(v) = k.object.max {
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
    settle_scopes(ir, &mut f, &additional_props, unevaluated_props, unevaluated_items);
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

/// Gives `additionalProperties`, `unevaluatedProperties` and
/// `unevaluatedItems` (each as (its schema, the node it is on)) their
/// meaning in the merged view, where each keyword's scope is not the
/// conjunction's:
///
/// - `additionalProperties` applies to the members its own node's
///   `properties`/`patternProperties` do not name. The merged view applies
///   it to members no node names; a member only another node names gets it
///   too, added to that member (exact when its node has no
///   `patternProperties`; not decided when it has, or when another node has
///   `patternProperties`).
/// - `unevaluatedProperties` applies to the members nothing in its own
///   node's in-place scope (its `$ref`s, `allOf`, and the branches taken of
///   its `anyOf`/`oneOf`/conditionals) evaluated, not its referrer's or its
///   siblings'. Nothing is left when an `additionalProperties` or another
///   `unevaluatedProperties` is in that scope. When the scope is the whole
///   conjunction, it takes the place of `additionalProperties`; when
///   nothing in the scope names members, it applies to every member; else
///   not decided.
/// - `unevaluatedItems` likewise for items after the longest
///   `prefixItems`: the place of `items` when its scope is the whole
///   conjunction, nothing when an `items` is in its scope, else not
///   decided. (Items that only `contains` matched count as unevaluated
///   here: a `contains` beside `unevaluatedItems` is read as if it
///   evaluated nothing.)
fn settle_scopes(ir: &Ir, f: &mut Flat, additional: &[(NodeId, NodeId)], props: Vec<(NodeId, NodeId)>, items: Vec<(NodeId, NodeId)>) {
    let keywords = |id: NodeId| match &ir.nodes[id].body {
        Body::Schema(k) => Some(k),
        Body::Bool(_) => None,
    };
    let names_members = |id: NodeId| keywords(id).is_some_and(|k| !k.properties.is_empty() || !k.pattern_properties.is_empty());
    let naming: Vec<NodeId> = f.members.iter().copied().filter(|m| names_members(*m)).collect();
    for &(c, id) in additional {
        if matches!(ir.nodes[c].body, Body::Bool(true)) {
            continue;
        }
        let Some(k) = keywords(id) else { continue };
        for &m in naming.iter().filter(|m| **m != id) {
            let Some(other) = keywords(m) else { continue };
            if !k.pattern_properties.is_empty() || !other.pattern_properties.is_empty() {
                f.undecided.get_or_insert((id, "additionalProperties"));
                continue;
            }
            for (name, _) in other.properties.iter().filter(|(n, _)| !k.properties.iter().any(|(own, _)| own == n)) {
                push_child(&mut f.props, name, c);
            }
        }
    }
    let members: BTreeSet<NodeId> = f.members.iter().copied().collect();
    // What evaluates members or items: in the scope but not merged here (an
    // `anyOf` branch not taken, which a value may match too, a conditional's
    // `if`/`then`/`else`, a `dependentSchemas` entry), it leaves the scope
    // undecided.
    let evaluates_members =
        |id: NodeId| names_members(id) || keywords(id).is_some_and(|k| k.additional_properties.is_some() || k.unevaluated_properties.is_some());
    let evaluates_items =
        |id: NodeId| keywords(id).is_some_and(|k| !k.prefix_items.is_empty() || k.items.is_some() || k.contains.is_some() || k.unevaluated_items.is_some());
    let mut unevaluated: Vec<NodeId> = Vec::new();
    for (c, id) in props {
        let whole = in_place_scope(ir, id, &members);
        let scope: BTreeSet<NodeId> = whole.intersection(&members).copied().collect();
        let covered = scope.iter().any(|m| keywords(*m).is_some_and(|k| k.additional_properties.is_some() || (*m != id && k.unevaluated_properties.is_some())));
        if covered {
            continue;
        }
        if whole.difference(&members).any(|m| evaluates_members(*m)) {
            f.undecided.get_or_insert((id, "unevaluatedProperties"));
        } else if scope == members {
            unevaluated.push(c);
            f.additional_src.get_or_insert(id);
        } else if !scope.iter().any(|m| names_members(*m)) {
            for (_, list) in f.props.iter_mut().chain(f.pprops.iter_mut()) {
                list.push(c);
            }
            if f.additional.is_none() {
                f.additional_src = Some(id);
                f.additional_kw = "unevaluatedProperties";
            }
            f.additional.get_or_insert_with(Vec::new).push(c);
        } else {
            f.undecided.get_or_insert((id, "unevaluatedProperties"));
        }
    }
    if !unevaluated.is_empty() && f.additional.is_none() {
        f.additional_kw = "unevaluatedProperties";
        f.additional = Some(unevaluated);
    }
    let mut unevaluated: Vec<(NodeId, NodeId)> = Vec::new();
    for (c, id) in items {
        let whole = in_place_scope(ir, id, &members);
        let scope: BTreeSet<NodeId> = whole.intersection(&members).copied().collect();
        if scope.iter().any(|m| keywords(*m).is_some_and(|k| k.items.is_some() || (*m != id && k.unevaluated_items.is_some()))) {
            continue;
        }
        // (Items that `contains` matched are evaluated: not held here either.)
        let contains = scope.iter().any(|m| keywords(*m).is_some_and(|k| k.contains.is_some()));
        if contains || whole.difference(&members).any(|m| evaluates_items(*m)) {
            f.undecided.get_or_insert((id, "unevaluatedItems"));
        } else if scope == members {
            unevaluated.push((c, id));
        } else {
            f.undecided.get_or_insert((id, "unevaluatedItems"));
        }
    }
    if f.items.is_none() && !unevaluated.is_empty() {
        f.items_src = Some(unevaluated[0].1);
        f.items = Some(unevaluated.into_iter().map(|(c, _)| c).collect());
    }
}

/// The nodes that apply to the same instance as `id` (itself included):
/// what an `unevaluated*` keyword on `id` sees the annotations of. Of a
/// `oneOf` only the branches `taken` holds count when it holds any (a valid
/// value matches exactly one branch: the others add no annotations).
fn in_place_scope(ir: &Ir, id: NodeId, taken: &BTreeSet<NodeId>) -> BTreeSet<NodeId> {
    let mut seen = BTreeSet::new();
    let mut stack = vec![id];
    while let Some(n) = stack.pop() {
        if n >= ir.nodes.len() || !seen.insert(n) || seen.len() > 10_000 {
            continue;
        }
        let Body::Schema(k) = &ir.nodes[n].body else { continue };
        stack.extend(k.reference.as_ref().map(|r| r.target));
        stack.extend(k.dynamic_reference.as_ref().map(|r| r.target));
        stack.extend(k.all_of.iter().chain(&k.any_of));
        if k.one_of.iter().any(|b| taken.contains(b)) {
            stack.extend(k.one_of.iter().filter(|b| taken.contains(b)));
        } else {
            stack.extend(&k.one_of);
        }
        stack.extend([k.if_, k.then_, k.else_].into_iter().flatten());
        stack.extend(k.dependent_schemas.iter().map(|(_, c)| *c));
    }
    seen
}

/// Whether the conjunctions `a` (in `ia`) and `b` (in `ib`) are the same
/// schema written the same way: the same keywords with the same values,
/// annotations aside, and children that are the same in turn (a pair met
/// again is taken as the same, so recursive schemas end). Past `budget`
/// node pairs the answer is `false` ("may differ").
pub fn same(ia: &Ir, a: &[NodeId], ib: &Ir, b: &[NodeId], budget: usize) -> bool {
    let mut seen: BTreeSet<(NodeId, NodeId)> = BTreeSet::new();
    let mut stack: Vec<(NodeId, NodeId)> = a.iter().copied().zip(b.iter().copied()).collect();
    if a.len() != b.len() {
        return false;
    }
    while let Some((x, y)) = stack.pop() {
        if !seen.insert((x, y)) {
            continue;
        }
        if seen.len() > budget || x >= ia.nodes.len() || y >= ib.nodes.len() {
            return false;
        }
        let (nx, ny) = (&ia.nodes[x], &ib.nodes[y]);
        if nx.dialect != ny.dialect {
            return false;
        }
        match (&nx.body, &ny.body) {
            (Body::Bool(p), Body::Bool(q)) if p == q => {}
            (Body::Schema(kx), Body::Schema(ky)) => {
                let (cx, cy) = (children(kx), children(ky));
                if cx.len() != cy.len() || format!("{:?}", skeleton(kx)) != format!("{:?}", skeleton(ky)) {
                    return false;
                }
                stack.extend(cx.into_iter().zip(cy));
            }
            _ => return false,
        }
    }
    true
}

/// Every child schema of `k`, in a fixed order.
fn children(k: &Keywords) -> Vec<NodeId> {
    let mut out: Vec<NodeId> = Vec::new();
    out.extend(k.reference.as_ref().map(|r| r.target));
    out.extend(k.dynamic_reference.as_ref().map(|r| r.target));
    out.extend(k.all_of.iter().chain(&k.any_of).chain(&k.one_of));
    out.extend([k.not, k.if_, k.then_, k.else_].into_iter().flatten());
    out.extend(k.dependent_schemas.iter().map(|(_, c)| *c));
    out.extend(k.properties.iter().chain(&k.pattern_properties).map(|(_, c)| *c));
    out.extend([k.additional_properties, k.property_names, k.unevaluated_properties].into_iter().flatten());
    out.extend(k.prefix_items.iter().copied());
    out.extend([k.items, k.contains, k.unevaluated_items].into_iter().flatten());
    out
}

/// `k` without its children's ids and its annotations: what two schemas
/// written the same way share.
fn skeleton(k: &Keywords) -> Keywords {
    let mut s = k.clone();
    let blank = |r: &mut Option<contracts_codegen::ir::Ref>| {
        if let Some(r) = r {
            r.target = 0;
        }
    };
    blank(&mut s.reference);
    blank(&mut s.dynamic_reference);
    for v in [&mut s.all_of, &mut s.any_of, &mut s.one_of, &mut s.prefix_items] {
        v.iter_mut().for_each(|c| *c = 0);
    }
    for o in [&mut s.not, &mut s.if_, &mut s.then_, &mut s.else_, &mut s.additional_properties, &mut s.property_names, &mut s.unevaluated_properties] {
        o.iter_mut().for_each(|c| *c = 0);
    }
    for o in [&mut s.items, &mut s.contains, &mut s.unevaluated_items] {
        o.iter_mut().for_each(|c| *c = 0);
    }
    for v in [&mut s.dependent_schemas, &mut s.properties, &mut s.pattern_properties] {
        v.iter_mut().for_each(|(_, c)| *c = 0);
    }
    (s.title, s.description, s.default, s.examples, s.deprecated, s.read_only, s.write_only, s.extensions) =
        (None, None, None, Vec::new(), false, false, false, Vec::new());
    s
}
