//! Stage 3, plan: decide the Rust shape and the name of every type.
//!
//! A type is planned from a *conjunction* of subschemas that all apply to
//! the same value (a property's schema, plus what `$ref` and `allOf` add,
//! plus the branch of a union). The rule that keeps typing sound: a type
//! must be able to hold every value the conjunction accepts; validation,
//! generated separately, enforces the exact constraints. Where no precise
//! shape exists the type is `serde_json::Value`, still validated.
//!
//! The model the stage produces is in `model` (re-exported here); planning
//! is split by what it decides: `facts` (what a conjunction admits),
//! `objects`, `unions`, `envelope`, then `dedup` (equal shapes become one
//! type) and `names` (one stable name per type).

mod dedup;
mod envelope;
mod facts;
mod generics;
mod model;
mod names;
mod objects;
mod unions;

pub use dedup::duplicate_shapes;
pub use model::*;

use crate::ident::type_name;
use crate::ir::{Ir, Keywords, NodeId, TypeSet};
use crate::keywords::types::{type_of, widen};
use crate::load::DocId;
use crate::{Error, Settings, Warning};
use facts::{primitive_of, Facts};
use model::{collect_named, remap_kind, remap_ref};
use names::{integer_enum, root_candidates, string_enum, type_variant_name};
use serde_json::Value;
use std::collections::{BTreeMap, HashMap, HashSet};

/// Plans every generated document.
pub fn plan(settings: &Settings, ir: &Ir) -> Result<Plan, Error> {
    let mut modules = Vec::new();
    let mut warnings = Vec::new();
    for (doc, &root) in ir.roots.iter().enumerate() {
        let Some(path) = ir.doc_paths.get(doc) else { continue };
        if !is_generated(ir, doc) {
            continue;
        }
        if !settings.types {
            modules.push(ModulePlan { doc, root: TypeRef::Value, types: Vec::new(), definitions: Vec::new() });
            continue;
        }
        let mut p = Planner::new(settings, ir);
        let root_names = root_candidates(ir, root, path);
        let root_ty = p.plan(vec![root], &root_names, Ctx::default());
        // The root and every definition that is API get a name, even when
        // they plan to a plain Rust type (a map, a `String`): an alias.
        // (Not a root that says nothing, as a definitions library's.)
        let says_nothing =
            ir.keywords(root).is_none_or(|k| k.reference.is_none() && k.any_of.is_empty() && k.one_of.is_empty() && k.only_references_and_choices());
        let root_ty = if says_nothing && root_ty == TypeRef::Value { root_ty } else { p.named(root_ty, root, &root_names) };
        let mut entries = vec![root_ty];
        for (key, node) in ir.definitions.get(doc).into_iter().flatten() {
            let names: Vec<String> = type_name(key).into_iter().collect();
            let t = p.plan(vec![*node], &names, Ctx::default());
            entries.push(p.named(t, *node, &names));
        }
        let (types, entries) = p.finish(&entries);
        let keys = ir.definitions.get(doc).into_iter().flatten().map(|(key, _)| key.clone());
        let definitions = keys.zip(entries.iter().skip(1).cloned()).collect();
        warnings.extend(p.warnings);
        modules.push(ModulePlan { doc, root: entries[0].clone(), types, definitions });
    }
    Ok(Plan { modules, warnings })
}

/// The longest tuple typed as one (the runtime reads tuples up to this length).
const MAX_TUPLE: usize = 12;

/// How deeply `Option`, `Vec` and maps nest in `t`.
fn nesting(t: &TypeRef) -> usize {
    match t {
        TypeRef::Nullable(x) | TypeRef::Vec(x) => 1 + nesting(x),
        TypeRef::Tuple(items) => 1 + items.iter().map(nesting).max().unwrap_or(0),
        TypeRef::Map(k, v) => 1 + nesting(k).max(nesting(v)),
        _ => 0,
    }
}

fn is_generated(ir: &Ir, doc: DocId) -> bool {
    ir.generated.get(doc).copied().unwrap_or(false)
}

/// What a planned type is memoised by: the expanded conjunction and the context.
type Key = (Vec<NodeId>, Ctx);

/// Planning context: what the enclosing planning already decided.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
struct Ctx {
    /// Restrict to these JSON types (a variant of a union by type).
    restrict: Option<u8>,
    /// Union choices already taken (do not branch on them again).
    no_choices: bool,
    /// Nodes whose choices are already taken (an enclosing union's), sorted:
    /// a union branch's own `oneOf`/`anyOf` is still a choice to make.
    taken: Vec<NodeId>,
    /// A tag member to leave out (it is written by the enclosing union).
    omit: Option<String>,
    /// Planned under a member marked sensitive: values are redacted in `Debug`.
    sensitive: bool,
}

struct Planner<'a> {
    settings: &'a Settings,
    ir: &'a Ir,
    types: Vec<TypeDef>,
    memo: HashMap<Key, TypeRef>,
    warnings: Vec<Warning>,
    depth: usize,
    shapes: &'a [[u8; 32]],
    /// The subschemas being planned, before `$ref`/`allOf` expansion: the
    /// type's validator runs these.
    origin: Vec<NodeId>,
    /// `patternProperties` regexes, compiled once.
    regexes: HashMap<String, Option<regress::Regex>>,
    /// How many sensitive members enclose what is being planned.
    sensitive_depth: usize,
}

impl<'a> Planner<'a> {
    fn new(settings: &'a Settings, ir: &'a Ir) -> Self {
        Planner {
            settings,
            ir,
            types: Vec::new(),
            memo: HashMap::new(),
            warnings: Vec::new(),
            depth: 0,
            shapes: ir.shapes(settings.format_assertion),
            origin: Vec::new(),
            regexes: HashMap::new(),
            sensitive_depth: 0,
        }
    }

    pub(super) fn warn(&mut self, node: NodeId, message: impl Into<String>) {
        let n = &self.ir.nodes[node];
        self.warnings.push(Warning { file: self.ir.doc_paths[n.doc].clone(), pointer: n.pointer.clone(), message: message.into() });
    }

    /// Adds `node` and everything `$ref` and `allOf` bring in.
    pub(super) fn expand(&self, nodes: &[NodeId]) -> Vec<NodeId> {
        self.ir.expand(nodes)
    }

    /// The type for values that every node in `nodes` accepts.
    pub(super) fn plan(&mut self, nodes: Vec<NodeId>, names: &[String], ctx: Ctx) -> TypeRef {
        // Everything under a sensitive member is sensitive too.
        let sensitive = self.sensitive_depth > 0 || nodes.iter().any(|n| self.is_sensitive(*n));
        let nodes = self.through_annotated_references(nodes);
        let ctx = Ctx { sensitive, ..ctx };
        self.sensitive_depth += usize::from(sensitive);
        let origin = std::mem::replace(&mut self.origin, nodes.clone());
        let t = self.plan_expanded(nodes, names, ctx);
        self.origin = origin;
        self.sensitive_depth -= usize::from(sensitive);
        t
    }

    /// `nodes` with each `$ref` that only adds annotations replaced by its
    /// target: 800 properties `{"$ref": "#/definitions/Lint", "description":
    /// …}` are one type, `Lint`, documented by the definition, while each
    /// property's own text stays on its field. So is a `$ref` whose other
    /// keywords accept all its target accepts ([`Ir::reference_adds_nothing`]).
    /// (A sensitive reference stays: the marking is not its target's.)
    fn through_annotated_references(&self, nodes: Vec<NodeId>) -> Vec<NodeId> {
        let mut out: Vec<NodeId> = Vec::with_capacity(nodes.len());
        for mut n in nodes {
            // Bounded: a chain of references longer than the arena is a cycle.
            for _ in 0..self.ir.nodes.len() {
                // A resource that declares dynamic anchors changes how the
                // target's `$dynamicRef`s resolve: it is not its target.
                let binds_scope = self.ir.nodes[n].is_resource && self.ir.resource_anchors.contains_key(&n);
                match self.ir.keywords(n) {
                    Some(k) if (k.is_annotated_reference() || self.ir.reference_adds_nothing(n)) && !self.is_sensitive(n) && !binds_scope => {
                        n = k.reference.as_ref().map_or(n, |r| r.target)
                    }
                    _ => break,
                }
            }
            if !out.contains(&n) {
                out.push(n);
            }
        }
        out
    }

    fn plan_expanded(&mut self, nodes: Vec<NodeId>, names: &[String], ctx: Ctx) -> TypeRef {
        let nodes = self.expand(&nodes);
        let key = (nodes.clone(), ctx.clone());
        if let Some(t) = self.memo.get(&key) {
            if let TypeRef::Named(id) = t {
                let id = *id;
                for n in names {
                    if !self.types[id].candidates.contains(n) {
                        self.types[id].candidates.push(n.clone());
                    }
                }
            }
            return t.clone();
        }
        if self.depth > 200 {
            self.warn(nodes[0], "nesting too deep to type; kept as a JSON value");
            return TypeRef::Value;
        }
        self.depth += 1;
        let t = self.plan_uncached(&nodes, names, &ctx, &key);
        self.depth -= 1;
        self.memo.insert(key, t.clone());
        t
    }

    /// `t`, or when it is not a generated type, an alias naming it (planned
    /// from `node` with `names`).
    fn named(&mut self, t: TypeRef, node: NodeId, names: &[String]) -> TypeRef {
        if matches!(t, TypeRef::Named(_)) {
            return t;
        }
        // An array of arrays of itself with no named type in between nests
        // until the planner's depth limit: no alias spells that out.
        let t = if nesting(&t) > 32 {
            self.warn(node, "a recursive array or map with no named type inside: its alias is a JSON value (validation is exact)");
            TypeRef::Value
        } else {
            t
        };
        let nodes = self.expand(&[node]);
        let id = self.new_type(&nodes, names, false);
        // The alias takes the name (`OneOfSeveral = Option<…>`); a type it
        // wraps, planned from the same schema, reads as its value.
        let mut inner = Vec::new();
        collect_named(&t, &mut inner);
        for i in inner {
            if self.types[i].candidates == self.types[id].candidates {
                let value = self.types[id].candidates.iter().map(|c| format!("{c}Value")).collect::<Vec<_>>();
                self.types[i].candidates.extend(value);
            }
        }
        self.types[id].kind = Kind::Alias(t);
        TypeRef::Named(id)
    }

    /// Reserves a named type (so recursion through it terminates).
    pub(super) fn reserve(&mut self, nodes: &[NodeId], names: &[String], key: &Key) -> TypeId {
        let id = self.new_type(nodes, names, key.1.sensitive);
        self.memo.insert(key.clone(), TypeRef::Named(id));
        id
    }

    /// The nodes of `nodes` (expanded) reached through an `allOf` of
    /// several members: parts of the value rather than the value itself.
    fn all_of_parts(&self, nodes: &[NodeId]) -> HashSet<NodeId> {
        let parts: HashSet<NodeId> =
            nodes.iter().filter_map(|n| self.ir.keywords(*n)).filter(|k| k.all_of.len() > 1).flat_map(|k| self.ir.expand(&k.all_of)).collect();
        // A node that is also the value itself (a root of `nodes`) stays whole.
        parts.into_iter().filter(|p| nodes.first().is_none_or(|f| f != p)).collect()
    }

    /// A new type for `nodes`, its kind yet to be decided.
    fn new_type(&mut self, nodes: &[NodeId], names: &[String], sensitive: bool) -> TypeId {
        let id = self.types.len();
        let doc = self.doc_text(nodes);
        let mut candidates: Vec<String> = Vec::new();
        // A `$defs`/`definitions` entry names itself; one that is only a
        // part of an `allOf` of several names the whole after the place
        // does (ESLint's merged `rules` is `Rules`, not `PossibleErrors`).
        let parts = self.all_of_parts(nodes);
        let mut part_names = Vec::new();
        for &n in nodes {
            if let Some(name) = names::def_name(self.ir, n) {
                if parts.contains(&n) {
                    part_names.push(name);
                } else {
                    candidates.push(name);
                }
            }
        }
        let mut overridden = false;
        if !self.settings.type_names.is_empty() {
            for &n in nodes {
                let loc = self.ir.location(n);
                // The override may name the file by path or by file name alone.
                let (path, pointer) = loc.split_once('#').unwrap_or((&loc, ""));
                let file = format!("{}#{pointer}", path.rsplit('/').next().unwrap_or(path));
                for l in [loc, file] {
                    if let Some(name) = self.settings.type_names.get(&l) {
                        overridden = true;
                        candidates.insert(0, name.clone());
                    }
                }
            }
        }
        // One definition refined by an `allOf` still names the value; two
        // or more merged do not.
        if part_names.len() < 2 {
            candidates.append(&mut part_names);
        }
        // The type owns its first name when a settings override gives it, or
        // when it is one definition alone (a conjunction that starts with a
        // definition is not that definition).
        let owns_first_candidate = !candidates.is_empty() && (overridden || nodes.first().is_some_and(|f| self.expand(&[*f]) == nodes));
        candidates.extend(names.iter().cloned());
        candidates.extend(part_names);
        if candidates.is_empty() {
            candidates.push("Unnamed".to_owned());
        }
        let sensitive = sensitive || nodes.iter().any(|n| self.is_sensitive(*n));
        // A node that is only a `$ref` means what its target (also in
        // `nodes`) means: leave it out, so `{"$ref": "#"}` is the root's type.
        let mut shape: Vec<String> =
            nodes.iter().filter(|n| !self.ir.keywords(**n).is_some_and(Keywords::is_annotated_reference)).map(|n| dedup::hex(&self.shapes[*n])).collect();
        shape.sort();
        shape.dedup();
        let origin = if self.origin.is_empty() { nodes.to_vec() } else { self.origin.clone() };
        let format = nodes.iter().filter_map(|n| self.ir.keywords(*n)).find_map(|k| k.format.clone());
        self.types.push(TypeDef {
            name: String::new(),
            validation: Validation::Own(origin),
            doc,
            kind: Kind::Alias(TypeRef::Value),
            candidates,
            owns_first_candidate,
            sensitive,
            shape: format!("{};{format:?}", shape.join(",")),
            format,
        });
        id
    }

    pub(super) fn is_sensitive(&self, n: NodeId) -> bool {
        self.ir.sensitivity.get(&n).is_some_and(|v| v == "local")
    }

    pub(super) fn doc_text(&self, nodes: &[NodeId]) -> DocText {
        let mut d = DocText { source: nodes.first().map(|n| self.ir.location(*n)).unwrap_or_default(), ..DocText::default() };
        for &n in nodes {
            if let Some(k) = self.ir.keywords(n) {
                d.title = d.title.take().or_else(|| k.title.clone());
                d.description = d.description.take().or_else(|| k.description.clone());
                d.default = d.default.take().or_else(|| k.default.clone());
                if d.examples.is_empty() {
                    d.examples = k.examples.clone();
                }
                d.deprecated |= k.deprecated;
                d.read_only |= k.read_only;
                d.write_only |= k.write_only;
                for e in &k.extensions {
                    if !d.extensions.iter().any(|(n, _)| n == &e.0) {
                        d.extensions.push(e.clone());
                    }
                }
            }
        }
        d
    }

    fn plan_uncached(&mut self, nodes: &[NodeId], names: &[String], ctx: &Ctx, key: &Key) -> TypeRef {
        let f = self.facts(nodes, ctx);
        if f.never {
            // `false` says so itself; a contradiction (`string` and `object`) is worth a note.
            if !nodes.iter().any(|n| matches!(self.ir.nodes[*n].body, crate::ir::Body::Bool(false))) && ctx.restrict.is_none() {
                self.warn(
                    nodes[0],
                    "no value satisfies this schema (its types or constants contradict each other): typed as a JSON value, which validation refuses",
                );
            }
            return TypeRef::Value;
        }
        if f.dynamic {
            self.warn(nodes[0], "a dynamic reference is typed as a JSON value (validation is exact)");
            return TypeRef::Value;
        }
        // `const`: a string constant gets a type of its own.
        if let Some(c) = f.consts.first() {
            return match c {
                Value::String(s) => {
                    let id = self.reserve(nodes, names, key);
                    self.types[id].kind = Kind::Const(s.clone());
                    TypeRef::Named(id)
                }
                v => primitive_of(type_of(v)),
            };
        }
        // `enum` of strings (and perhaps null).
        if let Some(values) = f.enums.first() {
            let strings: Vec<&str> = values.iter().filter_map(Value::as_str).collect();
            let has_null = values.iter().any(Value::is_null) && f.types & TypeSet::NULL != 0;
            if !strings.is_empty() && strings.len() + usize::from(values.iter().any(Value::is_null)) == values.len() {
                let allowed: Vec<String> =
                    strings.iter().filter(|s| f.enums.iter().all(|e| e.iter().any(|v| v.as_str() == Some(**s)))).map(|s| (*s).to_owned()).collect();
                if allowed.is_empty() {
                    self.warn(nodes[0], "no string satisfies this schema (its `enum`s have none in common): typed as an enum with no values");
                }
                let id = self.reserve(nodes, names, key);
                self.types[id].kind = string_enum(&allowed, false);
                let t = TypeRef::Named(id);
                return if has_null { TypeRef::Nullable(Box::new(t)) } else { t };
            }
            // `enum` of integers (and perhaps null): an integer enum.
            let integers: Vec<i64> = values.iter().filter_map(facts::integer_value).collect();
            let nulls = usize::from(values.iter().any(Value::is_null));
            if !integers.is_empty() && integers.len() + nulls == values.len() && widen(f.types) & TypeSet::INTEGER != 0 {
                let allowed: Vec<(i64, Option<String>)> =
                    integers.iter().filter(|v| f.enums.iter().all(|e| e.iter().any(|x| facts::integer_value(x) == Some(**v)))).map(|v| (*v, None)).collect();
                if allowed.is_empty() {
                    self.warn(nodes[0], "no integer satisfies this schema (its `enum`s have none in common): typed as an enum with no values");
                }
                let id = self.reserve(nodes, names, key);
                self.types[id].kind = integer_enum(&allowed);
                let t = TypeRef::Named(id);
                return if has_null { TypeRef::Nullable(Box::new(t)) } else { t };
            }
            return self.by_types(&f, nodes, names, ctx, key, true);
        }
        if let Some(branches) = f.choices.first().cloned() {
            if widen(f.types) & TypeSet::OBJECT != 0 {
                if let Some(t) = self.envelope(nodes, &branches, names, key) {
                    return t;
                }
            }
            return self.union(&f, nodes, &branches, names, ctx, key);
        }
        self.by_types(&f, nodes, names, ctx, key, false)
    }

    /// Types by the JSON types the conjunction admits.
    fn by_types(&mut self, f: &Facts, nodes: &[NodeId], names: &[String], ctx: &Ctx, key: &Key, enum_values: bool) -> TypeRef {
        let t = f.types;
        let nullable = t & TypeSet::NULL != 0;
        let kinds: Vec<u8> = [TypeSet::BOOLEAN, TypeSet::NUMBER, TypeSet::STRING, TypeSet::ARRAY, TypeSet::OBJECT]
            .into_iter()
            .filter(|k| if *k == TypeSet::NUMBER { t & (TypeSet::NUMBER | TypeSet::INTEGER) != 0 } else { t & k != 0 })
            .collect();
        if t == TypeSet::ALL | TypeSet::INTEGER {
            if let Some(why) = self.value_reason(nodes) {
                self.warn(nodes[0], format!("typed as a JSON value (validation is exact): {why}"));
            }
            return TypeRef::Value;
        }
        let inner = match kinds.as_slice() {
            [] => return TypeRef::Null,
            [k] => self.single(*k, f, nodes, names, ctx, key, enum_values),
            _ => {
                // Several JSON types: a union by type.
                let id = self.reserve(nodes, names, key);
                let base = self.types[id].candidates.first().cloned().unwrap_or_default();
                let mut variants = Vec::new();
                for k in kinds {
                    let restrict = if k == TypeSet::NUMBER { t & (TypeSet::NUMBER | TypeSet::INTEGER) } else { k };
                    let vname = type_variant_name(restrict);
                    let sub = Ctx { restrict: Some(restrict), ..ctx.clone() };
                    let ty = self.plan(nodes.to_vec(), &[format!("{base}{vname}")], sub);
                    variants.push(Variant { name: vname.to_owned(), ty, select: Select::JsonType(restrict), doc: DocText::default() });
                }
                self.types[id].kind = Kind::Union { variants, tag: None };
                TypeRef::Named(id)
            }
        };
        if nullable {
            TypeRef::Nullable(Box::new(inner))
        } else {
            inner
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn single(&mut self, kind: u8, f: &Facts, nodes: &[NodeId], names: &[String], ctx: &Ctx, key: &Key, enum_values: bool) -> TypeRef {
        let kws: Vec<Keywords> = nodes.iter().filter_map(|n| self.ir.keywords(*n).cloned()).collect();
        match kind {
            TypeSet::BOOLEAN => TypeRef::Bool,
            TypeSet::NUMBER => {
                if f.types & TypeSet::NUMBER == 0 {
                    TypeRef::Integer
                } else {
                    TypeRef::Number
                }
            }
            TypeSet::STRING => {
                if enum_values {
                    return TypeRef::String;
                }
                let known: Vec<String> = kws
                    .iter()
                    .flat_map(|k| k.extensions.iter())
                    .filter(|(name, v)| name.ends_with("-known") && v.is_array())
                    .flat_map(|(_, v)| v.as_array().into_iter().flatten().filter_map(Value::as_str).map(str::to_owned))
                    .collect();
                if !known.is_empty() {
                    let id = self.reserve(nodes, names, key);
                    self.types[id].kind = string_enum(&known, true);
                    return TypeRef::Named(id);
                }
                let constrained =
                    kws.iter().any(|k| k.pattern.is_some() || k.length.refuses_some_string() || (self.settings.format_assertion && k.format.is_some()));
                if constrained {
                    // "NonEmptyString" only when `minLength: 1` is the whole constraint
                    // (not, say, an asserted `format` that accepts "").
                    let asserted_format = |k: &Keywords| self.settings.format_assertion && k.format.is_some();
                    let only_min1 = kws.iter().any(|k| k.length.min == Some(1))
                        && kws.iter().all(|k| k.pattern.is_none() && k.length.at_most_non_empty() && !asserted_format(k));
                    let mut names = names.to_vec();
                    if only_min1 {
                        names.insert(0, "NonEmptyString".to_owned());
                    }
                    let id = self.reserve(nodes, &names, key);
                    self.types[id].kind = Kind::Newtype;
                    return TypeRef::Named(id);
                }
                TypeRef::String
            }
            TypeSet::ARRAY => {
                let has_prefix = kws.iter().any(|k| !k.prefix_items.is_empty());
                let items: Vec<NodeId> = kws.iter().filter_map(|k| k.items).collect();
                if has_prefix {
                    if let Some(t) = self.tuple(&kws, names) {
                        return t;
                    }
                    self.warn(
                        nodes[0],
                        "typed as a list of JSON values (validation is exact): only a tuple of a fixed length (`minItems` and `maxItems` its items' count, or no items past them) of at most 12 items is a Rust tuple",
                    );
                    return TypeRef::Vec(Box::new(TypeRef::Value));
                }
                if items.is_empty() {
                    return TypeRef::Vec(Box::new(TypeRef::Value));
                }
                let item_names: Vec<String> = names.iter().map(|n| type_name(&names::singular(n)).unwrap_or_else(|| n.clone())).collect();
                let item_names =
                    if item_names.iter().zip(names).all(|(a, b)| a == b) { names.iter().map(|n| format!("{n}Item")).collect() } else { item_names };
                let t = self.plan(items, &item_names, Ctx::default());
                TypeRef::Vec(Box::new(t))
            }
            _ => self.object(nodes, &kws, names, ctx, key),
        }
    }

    /// A fixed-length array whose items `prefixItems` (or draft 7's array
    /// `items`) types one by one: a Rust tuple (`(String, String)`). The
    /// length is fixed when `minItems` and `maxItems` agree, or when no
    /// item may follow the listed ones and `minItems` asks for them all;
    /// item `i` is planned from the `i`th listed subschema, or past the list
    /// from the schema for the items after it (`items`, `additionalItems`).
    /// `None` when the length is not fixed, is over [`MAX_TUPLE`], or
    /// another schema's `items` applies to every item, or two lists apply.
    fn tuple(&mut self, kws: &[Keywords], names: &[String]) -> Option<TypeRef> {
        let with_prefix: Vec<&Keywords> = kws.iter().filter(|k| !k.prefix_items.is_empty()).collect();
        let [k] = with_prefix.as_slice() else { return None };
        let listed = u64::try_from(k.prefix_items.len()).ok()?;
        let min = kws.iter().filter_map(|k| k.array.min).max().unwrap_or(0);
        let max = kws.iter().filter_map(|k| k.array.max).min();
        let none_after = k.items.is_some_and(|i| matches!(self.ir.nodes[i].body, crate::ir::Body::Bool(false)));
        let len = match max {
            Some(m) if m == min => m,
            _ if none_after && min == listed => listed,
            _ => return None,
        };
        let items_for_all = kws.iter().any(|o| o.prefix_items.is_empty() && o.items.is_some());
        let len = usize::try_from(len).ok().filter(|n| (1..=MAX_TUPLE).contains(n))?;
        if items_for_all || (len > k.prefix_items.len() && none_after) {
            return None;
        }
        let (prefix, after) = (k.prefix_items.clone(), k.items);
        let mut items = Vec::with_capacity(len);
        for i in 0..len {
            let node = match (prefix.get(i).copied(), after) {
                (Some(n), _) | (None, Some(n)) => vec![n],
                (None, None) => Vec::new(),
            };
            let item_names: Vec<String> = names.iter().map(|name| format!("{name}Item{i}")).collect();
            items.push(if node.is_empty() { TypeRef::Value } else { self.plan(node, &item_names, Ctx::default()) });
        }
        Some(TypeRef::Tuple(items))
    }

    /// Names, deduplication and ordering.
    fn finish(&mut self, entries: &[TypeRef]) -> (Vec<TypeDef>, Vec<TypeRef>) {
        let mut types = std::mem::take(&mut self.types);
        // Retired helper types are dropped; everything else is kept if reachable.
        // The root and the definitions are API: each keeps its own schema
        // (and `Contract`), whatever places share its shape.
        let named = |t: &TypeRef| match t {
            TypeRef::Named(id) => Some(*id),
            _ => None,
        };
        let root_id = entries.first().and_then(named);
        let api: Vec<usize> = entries.iter().filter_map(named).collect();
        let rep = dedup::share(&types, root_id, &api);
        let same_validation = dedup::dedup(&types);
        share_validation(self.ir, &mut types, &rep, &same_validation);
        let remap = |t: &TypeRef| remap_ref(t, &rep);
        for t in types.iter_mut() {
            remap_kind(&mut t.kind, &rep);
        }
        let mut entries: Vec<TypeRef> = entries.iter().map(remap).collect();
        // Unions that differ only in what one variant holds: one generic type.
        let live: Vec<usize> = (0..types.len()).filter(|i| rep[*i] == *i).collect();
        let pinned: HashSet<usize> = root_id.iter().chain(&api).map(|i| rep[*i]).collect();
        let mut rep = rep;
        for g in generics::generalize(self.ir, &mut types, &mut entries, &live, &pinned) {
            rep.push(g);
        }
        // Merge name candidates into representatives.
        let mut merged: BTreeMap<usize, Vec<String>> = BTreeMap::new();
        for (i, t) in types.iter().enumerate() {
            let r = rep[i];
            let entry = merged.entry(r).or_default();
            for c in &t.candidates {
                entry.push(c.clone());
            }
        }
        // Reachable types from the root, then from each definition, in first-visit order.
        let mut order: Vec<usize> = Vec::new();
        let mut stack: Vec<TypeRef> = entries.iter().rev().cloned().collect();
        while let Some(t) = stack.pop() {
            let mut refs = Vec::new();
            collect_named(&t, &mut refs);
            for id in refs {
                if order.contains(&id) {
                    continue;
                }
                order.push(id);
                let mut inner: Vec<TypeRef> = kind_refs(&types[id].kind);
                inner.reverse();
                stack.extend(inner);
            }
        }
        let (chosen, numbered) = names::choose(&order, &merged, &types);
        for id in numbered {
            let node = match &types[id].validation {
                Validation::Own(nodes) => nodes.first(),
                Validation::PerLocation(places) => places.first().and_then(|p| p.first()),
            };
            if let (Some(node), Some(name)) = (node.copied(), chosen.get(&id)) {
                let mut wanted: Vec<&str> = Vec::new();
                for c in merged.get(&id).into_iter().flatten() {
                    if !wanted.contains(&c.as_str()) {
                        wanted.push(c);
                    }
                }
                let wanted = wanted.join(", ");
                self.warn(
                    node,
                    format!("type named `{name}`: every name its place suggests ({wanted}) is another type's; `Settings::with_type_name` can name it"),
                );
            }
        }
        // Renumber in first-visit order.
        let new_index: HashMap<usize, usize> = order.iter().enumerate().map(|(i, id)| (*id, i)).collect();
        let renumber: Vec<usize> = (0..types.len()).map(|i| new_index.get(&i).copied().unwrap_or(0)).collect();
        let mut out = Vec::new();
        for id in &order {
            let mut t = types[*id].clone();
            t.name = chosen.get(id).cloned().unwrap_or_else(|| "Type".to_owned());
            remap_kind(&mut t.kind, &renumber);
            out.push(t);
        }
        (out, entries.iter().map(|t| remap_ref(t, &renumber)).collect())
    }
}

/// Marks each type that [`dedup::share`] made stand for places of different
/// validation ([`Validation::PerLocation`]): what those places do not agree
/// on (the type's own text, a variant's, a member's constraints) is the
/// places' own, so it leaves the shared type; the fields holding it keep
/// their descriptions.
fn share_validation(ir: &Ir, types: &mut [TypeDef], rep: &[usize], same_validation: &[usize]) {
    let mut classes: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for (i, r) in rep.iter().enumerate() {
        classes.entry(*r).or_default().push(i);
    }
    for (r, members) in classes {
        let validations: std::collections::BTreeSet<usize> = members.iter().map(|m| same_validation[*m]).collect();
        if validations.len() < 2 {
            continue;
        }
        let mut places: Vec<Vec<NodeId>> = Vec::new();
        for m in &members {
            if let Some(nodes) = types[*m].validation.own() {
                if !places.iter().any(|p| p.as_slice() == nodes) {
                    places.push(nodes.to_vec());
                }
            }
        }
        let docs: Vec<DocText> = members.iter().map(|m| types[*m].doc.clone()).collect();
        let variant_docs: Vec<Vec<DocText>> = members
            .iter()
            .map(|m| match &types[*m].kind {
                Kind::Union { variants, .. } => variants.iter().map(|v| v.doc.clone()).collect(),
                _ => Vec::new(),
            })
            .collect();
        let own: Vec<(&[NodeId], &[String])> =
            members.iter().map(|m| (types[*m].validation.own().unwrap_or_default(), types[*m].candidates.as_slice())).collect();
        let variant_names: Vec<String> = match &types[r].kind {
            Kind::Union { variants, .. } => variants.iter().map(|v| v.name.clone()).collect(),
            _ => Vec::new(),
        };
        let name = names::shared_name(ir, &own, &variant_names);
        let t = &mut types[r];
        if let Some(name) = name {
            t.candidates.retain(|c| *c != name);
            t.candidates.insert(0, name);
        }
        t.validation = Validation::PerLocation(places);
        t.doc = common_doc(&docs);
        match &mut t.kind {
            Kind::Union { variants, .. } => {
                for (j, v) in variants.iter_mut().enumerate() {
                    let of_j: Vec<DocText> = variant_docs.iter().filter_map(|d| d.get(j).cloned()).collect();
                    v.doc = common_doc(&of_j);
                }
            }
            // A member's schema differs from place to place: no constraints of one place on the field.
            Kind::Struct { fields, .. } => fields.iter_mut().for_each(|f| f.node = None),
            _ => {}
        }
    }
}

/// The text every one of `docs` agrees on (title, description, default,
/// examples); the source is no single place's.
pub(super) fn common_doc(docs: &[DocText]) -> DocText {
    let Some(first) = docs.first() else { return DocText::default() };
    let agree = |f: &dyn Fn(&DocText) -> String| docs.iter().all(|d| f(d) == f(first));
    let text = |d: &DocText| format!("{:?}{:?}", d.title, d.description);
    let values = |d: &DocText| format!("{:?}{:?}", d.default, d.examples);
    let mut out = DocText { deprecated: docs.iter().all(|d| d.deprecated), ..DocText::default() };
    if agree(&text) {
        out.title = first.title.clone();
        out.description = first.description.clone();
    }
    if agree(&values) {
        out.default = first.default.clone();
        out.examples = first.examples.clone();
    }
    out
}
