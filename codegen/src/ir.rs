//! Stage 2, IR: one owned schema model. Every subschema becomes a [`Node`]
//! that knows its file and JSON Pointer; keywords are parsed into typed
//! fields with the dialect's meaning applied (draft-04's boolean
//! `exclusiveMaximum`, tuple `items`, `dependencies`, …); every reference is
//! resolved to a node. Cycles are fine: nodes live in an arena.

use crate::keywords::array_bounds::{self, ArrayBounds};
use crate::keywords::object_bounds::{self, ObjectBounds};
use crate::keywords::{format, non_negative_integer, numeric, pattern, string_length, types, values};
use crate::load::{self, Dialect, DocId, Place, Sources};
use crate::{Error, Settings, Warning};
use serde_json::{Number, Value};
use std::collections::{HashMap, HashSet, VecDeque};

/// Index of a node in [`Ir::nodes`].
pub type NodeId = usize;

/// One subschema.
#[derive(Clone, Debug)]
pub struct Node {
    /// The document it is in.
    pub doc: DocId,
    /// Its JSON Pointer in that document.
    pub pointer: String,
    /// The base URI of its resource.
    pub base: String,
    /// Its pointer relative to its resource's root.
    pub resource_pointer: String,
    /// Its dialect.
    pub dialect: Dialect,
    /// It is the root of a schema resource (a document root, or it has `$id`).
    pub is_resource: bool,
    /// `true`/`false` schema, or keywords.
    pub body: Body,
}

impl Node {
    /// A schema resource of its own below its document's root (`$id`):
    /// validators reach it by a call that sets its base URI, not through a
    /// table row or `Ctx::prop`.
    pub fn is_inner_resource(&self) -> bool {
        self.is_resource && !self.pointer.is_empty()
    }
}

/// A schema's content.
#[derive(Clone, Debug)]
pub enum Body {
    /// The boolean schemas `true` and `false`.
    Bool(bool),
    /// A schema object.
    Schema(Box<Keywords>),
}

/// A reference keyword resolved to its target.
#[derive(Clone, Debug)]
pub struct Ref {
    /// `$ref`, `$dynamicRef` or `$recursiveRef`.
    pub keyword: &'static str,
    /// The target (for dynamic references: the initial target).
    pub target: NodeId,
    /// For `$dynamicRef` to a `$dynamicAnchor`: the anchor name, resolved
    /// through the dynamic scope. For `$recursiveRef`: `Some("")` when the
    /// target has `$recursiveAnchor: true`.
    pub dynamic: Option<String>,
}

/// A numeric bound with the keyword it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Bound {
    /// The bound.
    pub value: Number,
    /// The keyword to report (draft-04's boolean exclusive forms report
    /// `exclusiveMaximum`/`exclusiveMinimum`).
    pub keyword: &'static str,
}

/// Every keyword of one schema object.
#[derive(Clone, Debug, Default)]
pub struct Keywords {
    // --- references
    /// `$ref`
    pub reference: Option<Ref>,
    /// `$dynamicRef` / `$recursiveRef`
    pub dynamic_reference: Option<Ref>,

    // --- in-place applicators
    /// `allOf`
    pub all_of: Vec<NodeId>,
    /// `anyOf`
    pub any_of: Vec<NodeId>,
    /// `oneOf`
    pub one_of: Vec<NodeId>,
    /// `not`
    pub not: Option<NodeId>,
    /// `if`
    pub if_: Option<NodeId>,
    /// `then`
    pub then_: Option<NodeId>,
    /// `else`
    pub else_: Option<NodeId>,
    /// `dependentSchemas` (and draft-07's schema form of `dependencies`),
    /// with the keyword used.
    pub dependent_schemas: Vec<(String, NodeId)>,
    /// `dependencies` or `dependentSchemas`.
    pub dependent_schemas_keyword: &'static str,

    // --- object applicators
    /// `properties`, in schema order.
    pub properties: Vec<(String, NodeId)>,
    /// `patternProperties`, in schema order.
    pub pattern_properties: Vec<(String, NodeId)>,
    /// `additionalProperties`
    pub additional_properties: Option<NodeId>,
    /// `propertyNames`
    pub property_names: Option<NodeId>,
    /// `unevaluatedProperties`
    pub unevaluated_properties: Option<NodeId>,

    // --- array applicators
    /// `prefixItems` (or draft-04…2019-09 array `items`).
    pub prefix_items: Vec<NodeId>,
    /// The schema for items after the prefix: 2020-12 `items`, or earlier
    /// `items` (object form) / `additionalItems` (after an array `items`).
    pub items: Option<NodeId>,
    /// `contains`
    pub contains: Option<NodeId>,
    /// `unevaluatedItems`
    pub unevaluated_items: Option<NodeId>,

    // --- assertions
    /// `type` as a set of [`TypeSet`] bits.
    pub types: Option<TypeSet>,
    /// `integer` in `type` admits only numbers written without a fraction
    /// or exponent (draft-04: `2`, not `2.0`; see [`Dialect::integer_by_text`](crate::Dialect::integer_by_text)).
    pub integer_by_text: bool,
    /// `enum`
    pub enum_: Option<Vec<Value>>,
    /// `const`
    pub const_: Option<Value>,
    /// `minimum`, `maximum`, their exclusive forms and `multipleOf`
    pub numbers: numeric::Numeric,
    /// `minLength` and `maxLength`
    pub length: string_length::Length,
    /// `pattern`
    pub pattern: Option<String>,
    /// `format`
    pub format: Option<String>,
    /// `format` is an assertion here whatever the settings say (the
    /// document's metaschema uses the format-assertion vocabulary).
    pub format_assertion: bool,
    /// `contentEncoding`
    pub content_encoding: Option<String>,
    /// `contentMediaType`
    pub content_media_type: Option<String>,
    /// The content keywords are checked (draft-06/07, where a validator may
    /// assert them; later drafts make them annotations only).
    pub content_assertion: bool,
    /// `minItems`, `maxItems` and `uniqueItems`
    pub array: ArrayBounds,
    /// `maxContains`
    pub max_contains: Option<u64>,
    /// `minContains`
    pub min_contains: Option<u64>,
    /// `minProperties`, `maxProperties` and `required`
    pub object: ObjectBounds,
    /// `dependentRequired` (and draft-04/07's array form of `dependencies`).
    pub dependent_required: Vec<(String, Vec<String>)>,
    /// `dependentRequired` or `dependencies`.
    pub dependent_required_keyword: &'static str,

    // --- annotations
    /// `title`
    pub title: Option<String>,
    /// `description`
    pub description: Option<String>,
    /// `default`
    pub default: Option<Value>,
    /// `examples`
    pub examples: Vec<Value>,
    /// `deprecated`
    pub deprecated: bool,
    /// `readOnly`
    pub read_only: bool,
    /// `writeOnly`
    pub write_only: bool,
    /// `$recursiveAnchor: true`
    pub recursive_anchor: bool,
    /// `$dynamicAnchor`
    pub dynamic_anchor: Option<String>,
    /// `x-` extensions, in schema order.
    pub extensions: Vec<(String, Value)>,
}

impl Keywords {
    /// Whether nothing here but `$ref`, `anyOf` and `oneOf` says anything
    /// about values or their Rust type: every other keyword present is an
    /// annotation (`title`, `description`, `default`, `examples`, …): no
    /// `type`, and nothing [`Keywords::asserting_on`] sorts to a JSON type.
    /// `format` counts as meaningful even where it only annotates: it picks
    /// the Rust type (`date-time` strings get their own), and so do open-set
    /// extensions (`x-…-known`) and dynamic anchors (they bind the dynamic scope).
    pub fn only_references_and_choices(&self) -> bool {
        self.types.is_none() && self.asserting_on() == 0
    }

    /// Whether every keyword here is an annotation: no reference, choice or
    /// assertion, so the schema accepts every value.
    pub fn only_annotations(&self) -> bool {
        self.reference.is_none() && self.any_of.is_empty() && self.one_of.is_empty() && self.only_references_and_choices()
    }

    /// The JSON types ([`TypeSet`] bits) whose values the keywords here
    /// other than `$ref`, `anyOf`, `oneOf`, `type` and the annotations may
    /// refuse or look into: `items` only arrays, `maxLength` only strings;
    /// every type for one that applies to any value (`enum`, `allOf`, `not`).
    ///
    /// Every field is named (no `..`), so a keyword added to [`Keywords`]
    /// does not compile until it says which values it applies to (or that
    /// it is an annotation).
    pub fn asserting_on(&self) -> u8 {
        let Keywords {
            reference: _,
            dynamic_reference,
            all_of,
            // Choices: what their branches admit is the caller's to ask.
            any_of: _,
            one_of: _,
            not,
            if_,
            then_,
            else_,
            dependent_schemas,
            dependent_schemas_keyword: _,
            properties,
            pattern_properties,
            additional_properties,
            property_names,
            unevaluated_properties,
            prefix_items,
            items,
            contains,
            unevaluated_items,
            types: _,
            integer_by_text: _,
            enum_,
            const_,
            numbers,
            length,
            pattern,
            format,
            format_assertion: _,
            content_encoding,
            content_media_type,
            content_assertion: _,
            array,
            max_contains,
            min_contains,
            object,
            dependent_required,
            dependent_required_keyword: _,
            title: _,
            description: _,
            default: _,
            examples: _,
            deprecated: _,
            read_only: _,
            write_only: _,
            recursive_anchor,
            dynamic_anchor,
            extensions,
        } = self;
        let any_value = dynamic_reference.is_some()
            || !all_of.is_empty()
            || not.is_some()
            || if_.is_some()
            || then_.is_some()
            || else_.is_some()
            || enum_.is_some()
            || const_.is_some()
            || *recursive_anchor
            || dynamic_anchor.is_some()
            || extensions.iter().any(|(name, _)| name.ends_with("-known"));
        if any_value {
            return TypeSet::ALL;
        }
        let objects = !dependent_schemas.is_empty()
            || !properties.is_empty()
            || !pattern_properties.is_empty()
            || additional_properties.is_some()
            || property_names.is_some()
            || unevaluated_properties.is_some()
            || object.min.is_some()
            || object.max.is_some()
            || !object.required.is_empty()
            || !dependent_required.is_empty();
        let arrays = !prefix_items.is_empty()
            || items.is_some()
            || contains.is_some()
            || unevaluated_items.is_some()
            || array.min.is_some()
            || array.max.is_some()
            || array.unique
            || max_contains.is_some()
            || min_contains.is_some();
        let strings = length.present().next().is_some() || pattern.is_some() || content_encoding.is_some() || content_media_type.is_some();
        let numbers = numbers.present().next().is_some();
        // Formats name strings, and a few (`int32`, `double`) numbers.
        let formatted = format.is_some();
        let on = |yes: bool, bits: u8| if yes { bits } else { 0 };
        on(objects, TypeSet::OBJECT)
            | on(arrays, TypeSet::ARRAY)
            | on(strings || formatted, TypeSet::STRING)
            | on(numbers || formatted, TypeSet::INTEGER | TypeSet::NUMBER)
    }

    /// Whether this is a `$ref` with annotations only: it accepts exactly
    /// what its target accepts, and types the same way.
    pub fn is_annotated_reference(&self) -> bool {
        self.reference.is_some() && self.any_of.is_empty() && self.one_of.is_empty() && self.only_references_and_choices()
    }
}

/// The set of JSON types a `type` keyword allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TypeSet(pub u8);

impl TypeSet {
    /// `null`
    pub const NULL: u8 = 1;
    /// `boolean`
    pub const BOOLEAN: u8 = 2;
    /// `integer`
    pub const INTEGER: u8 = 4;
    /// `number`
    pub const NUMBER: u8 = 8;
    /// `string`
    pub const STRING: u8 = 16;
    /// `array`
    pub const ARRAY: u8 = 32;
    /// `object`
    pub const OBJECT: u8 = 64;
    /// Every type.
    pub const ALL: u8 = 127;

    /// Each type's bit and its name in `type` (the runtime's `types`
    /// constants are these names in capitals).
    pub const NAMES: [(u8, &'static str); 7] = [
        (Self::NULL, "null"),
        (Self::BOOLEAN, "boolean"),
        (Self::INTEGER, "integer"),
        (Self::NUMBER, "number"),
        (Self::STRING, "string"),
        (Self::ARRAY, "array"),
        (Self::OBJECT, "object"),
    ];

    /// The bit of type `name` (`"string"` → [`Self::STRING`]).
    pub fn from_name(name: &str) -> Option<u8> {
        Self::NAMES.iter().find(|(_, n)| *n == name).map(|(bit, _)| *bit)
    }

    /// Whether the set admits `bit` (with `number` admitting integers).
    pub fn admits(self, bit: u8) -> bool {
        self.0 & bit != 0 || (bit == Self::INTEGER && self.0 & Self::NUMBER != 0)
    }
}

/// The whole model.
#[derive(Debug)]
pub struct Ir {
    /// Every node; references point into this arena.
    pub nodes: Vec<Node>,
    /// The root node of each document.
    pub roots: Vec<NodeId>,
    /// Node by place.
    pub by_place: HashMap<Place, NodeId>,
    /// For each resource root node: the dynamic anchors it declares
    /// (name → node), and whether it has `$recursiveAnchor: true`.
    pub resource_anchors: HashMap<NodeId, Vec<(String, NodeId)>>,
    /// Paths of documents, for messages.
    pub doc_paths: Vec<String>,
    /// The sensitivity keyword's value on each node that carries one.
    pub sensitivity: HashMap<NodeId, String>,
    /// Whether each document gets a module.
    pub generated: Vec<bool>,
    /// For each document: the entries of its root's `$defs`/`definitions`
    /// (key, node) that are API, each to get a named type
    /// ([`Settings::with_all_definitions`]); empty for documents without a
    /// module or when only what the root reaches is generated.
    pub definitions: Vec<Vec<(String, NodeId)>>,
    /// Notes about keywords read other than their dialect says (draft-04
    /// `const`), each naming file, JSON Pointer and keyword.
    pub warnings: Vec<Warning>,
    /// [`Ir::shapes`], without and with `format` assertion.
    shape_cache: [std::sync::OnceLock<Vec<[u8; 32]>>; 2],
    /// [`Ir::admitted_types`], per node.
    admitted_cache: std::sync::OnceLock<Vec<u8>>,
}

impl Ir {
    /// The keywords of `id`, or `None` for a boolean schema.
    pub fn keywords(&self, id: NodeId) -> Option<&Keywords> {
        match &self.nodes[id].body {
            Body::Schema(k) => Some(k),
            Body::Bool(_) => None,
        }
    }

    /// Whether `$ref` node `id` accepts exactly what its target accepts
    /// although keywords beside the reference apply (as in 2019-09 and
    /// later, or as ajv reads draft-07): its `type` admits every type the
    /// target's `type` admits, and its other keywords look only at values
    /// of types the target refuses. Renovate's 132 managers are each
    /// `{"$ref": "#", "type": "object", "items": …}`: each is the root's
    /// type, not a copy of it. Its validator still applies every keyword
    /// (so the errors are the same); only its Rust type is the target's.
    pub fn reference_adds_nothing(&self, id: NodeId) -> bool {
        let Some(k) = self.keywords(id) else { return false };
        let Some(r) = k.reference.as_ref().filter(|_| k.any_of.is_empty() && k.one_of.is_empty()) else { return false };
        let admitted = self.admitted_types(r.target);
        // Draft-04's `integer` (no `2.0`) admits less than a later draft's.
        let same_integers =
            !k.integer_by_text || self.keywords(r.target).is_some_and(|t| t.integer_by_text) || k.types.is_some_and(|t| t.0 & TypeSet::NUMBER != 0);
        let type_adds_nothing = k.types.is_none_or(|t| types::widen(t.0) & admitted == admitted && same_integers);
        type_adds_nothing && k.asserting_on() & admitted == 0
    }

    /// The JSON types ([`TypeSet`] bits) schema `id` may accept, at most:
    /// those its `type` names, its `enum` or `const` values have, its
    /// `anyOf` or `oneOf` branches accept together, and its `$ref` and
    /// `allOf` parts accept, all at once (`number` counts `integer` in; an
    /// integer value counts as `integer` alone). Computed once for every
    /// node, each node once: a chain of choices that each reference the next
    /// several times costs its length, not its paths.
    pub fn admitted_types(&self, id: NodeId) -> u8 {
        self.admitted_cache.get_or_init(|| {
            let mut memo = vec![None; self.nodes.len()];
            (0..self.nodes.len()).map(|n| self.admitted(n, &mut memo)).collect()
        })[id]
    }

    /// [`Ir::admitted_types`] of `id`, `memo` holding those found so far;
    /// a node met again on its own path (`Some(ALL)` meanwhile) bounds
    /// nothing, which keeps the result an upper bound.
    fn admitted(&self, id: NodeId, memo: &mut Vec<Option<u8>>) -> u8 {
        if let Some(bits) = memo[id] {
            return bits;
        }
        let k = match &self.nodes[id].body {
            Body::Bool(b) => return if *b { TypeSet::ALL } else { 0 },
            Body::Schema(k) => k,
        };
        memo[id] = Some(TypeSet::ALL);
        // `2` and `2.0` are integers, and admitted by `integer`.
        let narrowest = |v: &Value| match types::type_of(v) {
            t if t & TypeSet::INTEGER != 0 => TypeSet::INTEGER,
            t => t,
        };
        let mut bits = k.types.map_or(TypeSet::ALL, |t| types::widen(t.0));
        if k.const_.is_some() || k.enum_.is_some() {
            bits &= k.const_.iter().chain(k.enum_.iter().flatten()).fold(0, |union, v| union | narrowest(v));
        }
        for branches in [&k.any_of, &k.one_of] {
            if !branches.is_empty() {
                bits &= branches.iter().fold(0, |union, b| union | self.admitted(*b, memo));
            }
        }
        for part in k.reference.iter().map(|r| r.target).chain(k.all_of.iter().copied()) {
            bits &= self.admitted(part, memo);
        }
        memo[id] = Some(bits);
        bits
    }

    /// Whether schema `id` accepts every value: `true`, or keywords that
    /// are all annotations (no reference, choice or assertion).
    pub fn checks_nothing(&self, id: NodeId) -> bool {
        match &self.nodes[id].body {
            Body::Bool(b) => *b,
            Body::Schema(k) => k.only_annotations(),
        }
    }

    /// "file#pointer" for messages.
    pub fn location(&self, id: NodeId) -> String {
        let n = &self.nodes[id];
        format!("{}#{}", self.doc_paths[n.doc], n.pointer)
    }

    /// Every node `nodes` stands for: themselves plus what `$ref` and `allOf`
    /// bring in, each once, in visiting order (the conjunction the plan and the
    /// docs reason about).
    pub fn expand(&self, nodes: &[NodeId]) -> Vec<NodeId> {
        let mut out: Vec<NodeId> = Vec::new();
        let mut seen: HashSet<NodeId> = HashSet::new();
        let mut stack: Vec<NodeId> = nodes.iter().rev().copied().collect();
        while let Some(n) = stack.pop() {
            if n >= self.nodes.len() || !seen.insert(n) {
                continue;
            }
            out.push(n);
            if let Some(k) = self.keywords(n) {
                for c in k.all_of.iter().rev() {
                    stack.push(*c);
                }
                if let Some(r) = &k.reference {
                    stack.push(r.target);
                }
            }
        }
        out
    }

    /// A Merkle hash of each node's validation-relevant content (annotations
    /// left out): equal hashes validate alike, so they can share code and types.
    /// Computed once per setting; the plan and every module's validators share it.
    pub fn shapes(&self, format_assertion: bool) -> &[[u8; 32]] {
        self.shape_cache[usize::from(format_assertion)].get_or_init(|| self.compute_shapes(format_assertion))
    }

    fn compute_shapes(&self, format_assertion: bool) -> Vec<[u8; 32]> {
        let sensitive: HashSet<NodeId> = self.sensitivity.iter().filter(|(_, v)| v.as_str() == "local").map(|(k, _)| *k).collect();
        let mut memo = vec![None; self.nodes.len()];
        (0..self.nodes.len()).map(|id| self.shape(id, format_assertion, &sensitive, &mut memo)).collect()
    }

    /// A Merkle hash of the node's validation-relevant content.
    fn shape(&self, id: NodeId, format_assertion: bool, sensitive: &HashSet<NodeId>, memo: &mut Vec<Option<[u8; 32]>>) -> [u8; 32] {
        if let Some(h) = memo[id] {
            return h;
        }
        use sha2::Digest;
        let mut h = sha2::Sha256::new();
        let node = &self.nodes[id];
        h.update(format!("sens:{};", sensitive.contains(&id)));
        // Nodes whose resource declares dynamic anchors are kept apart: their
        // identity changes the dynamic scope.
        if node.is_resource && self.resource_anchors.contains_key(&id) {
            h.update(format!("resource:{id};"));
        }
        match &node.body {
            Body::Bool(b) => h.update(format!("bool:{b}")),
            Body::Schema(k) => {
                let mut kids: Vec<(String, NodeId)> = Vec::new();
                if let Some(r) = &k.reference {
                    let t = &self.nodes[r.target];
                    h.update(format!("ref:{}:{}:{};", r.target, t.base, t.resource_pointer));
                }
                if let Some(r) = &k.dynamic_reference {
                    h.update(format!("dref:{}:{}:{:?};", r.keyword, r.target, r.dynamic));
                }
                for (tag, list) in [("allOf", &k.all_of), ("anyOf", &k.any_of), ("oneOf", &k.one_of), ("prefix", &k.prefix_items)] {
                    for c in list {
                        kids.push((tag.to_string(), *c));
                    }
                }
                for (tag, c) in [
                    ("not", k.not),
                    ("if", k.if_),
                    ("then", k.then_),
                    ("else", k.else_),
                    ("addl", k.additional_properties),
                    ("pnames", k.property_names),
                    ("uprops", k.unevaluated_properties),
                    ("items", k.items),
                    ("contains", k.contains),
                    ("uitems", k.unevaluated_items),
                ] {
                    if let Some(c) = c {
                        kids.push((tag.to_string(), c));
                    }
                }
                for (tag, list) in [("props", &k.properties), ("pprops", &k.pattern_properties), ("deps", &k.dependent_schemas)] {
                    for (name, c) in list {
                        kids.push((format!("{tag}:{name:?}"), *c));
                    }
                }
                for (tag, c) in kids {
                    let ch = self.shape(c, format_assertion, sensitive, memo);
                    h.update(tag.as_bytes());
                    h.update(ch);
                }
                // The relative pointers of children depend on keyword
                // spellings (`dependencies` vs `dependentSchemas`,
                // `additionalItems` vs `items`): include them.
                let items_rel = k.items.map(|c| self.relative_pointer(id, c));
                h.update(
                    format!(
                        "kw:{}{}{}{:?}{}{}{}{:?}{:?}{}{:?}{:?}{:?}",
                        types::identity(k.types, k.integer_by_text),
                        values::identity(k.const_.as_ref(), k.enum_.as_deref()),
                        k.numbers.identity(),
                        k.length.identity(),
                        pattern::identity(k.pattern.as_deref()),
                        format::Format::of(k, format_assertion).identity(),
                        k.array.identity(),
                        k.max_contains,
                        k.min_contains,
                        k.object.identity(),
                        k.dependent_required,
                        (k.dependent_required_keyword, k.dependent_schemas_keyword),
                        items_rel,
                    )
                    .as_bytes(),
                );
            }
        }
        let out: [u8; 32] = h.finalize().into();
        memo[id] = Some(out);
        out
    }

    /// The child's pointer relative to its parent (`/properties/a`).
    pub fn relative_pointer(&self, parent: NodeId, child: NodeId) -> String {
        let (p, c) = (&self.nodes[parent], &self.nodes[child]);
        c.pointer.strip_prefix(p.pointer.as_str()).unwrap_or(&c.pointer).to_owned()
    }
}

/// Builds the IR for every document.
pub fn build(settings: &Settings, docs: &Sources) -> Result<Ir, Error> {
    let mut b = Builder {
        docs,
        settings,
        ir: Ir {
            nodes: Vec::new(),
            roots: Vec::new(),
            by_place: HashMap::new(),
            resource_anchors: HashMap::new(),
            doc_paths: docs.docs.iter().map(|d| d.path.clone()).collect(),
            sensitivity: HashMap::new(),
            generated: docs.docs.iter().map(|d| d.module.is_some()).collect(),
            definitions: vec![Vec::new(); docs.docs.len()],
            warnings: docs.warnings.clone(),
            shape_cache: Default::default(),
            admitted_cache: Default::default(),
        },
        queue: VecDeque::new(),
    };
    for id in 0..docs.docs.len() {
        let root = b.node_at(id, "")?;
        b.ir.roots.push(root);
    }
    while let Some(id) = b.queue.pop_front() {
        b.fill(id)?;
    }
    // Every `$dynamicAnchor` is a node, even when no `$ref` reaches it (it
    // sits in `$defs`): a `$dynamicRef` may land on it through the dynamic scope.
    // So is the root of each resource declaring one: entering that resource
    // binds the anchor, even when evaluation enters it below its root.
    let mut places: Vec<&Place> = docs.dynamic_anchors.values().collect();
    places.extend(docs.dynamic_anchors.keys().filter_map(|(base, _)| docs.resources.get(base)));
    places.sort();
    places.dedup();
    for (doc, pointer) in places {
        b.node_at(*doc, pointer)?;
    }
    while let Some(id) = b.queue.pop_front() {
        b.fill(id)?;
    }
    // Dynamic anchors per resource root.
    let mut anchors: HashMap<NodeId, Vec<(String, NodeId)>> = HashMap::new();
    let mut entries: Vec<(&(String, String), &Place)> = docs.dynamic_anchors.iter().collect();
    entries.sort();
    for ((base, name), place) in entries {
        let (Some(&root_place), Some(&target)) = (docs.resources.get(base).as_ref(), b.ir.by_place.get(place)) else {
            continue;
        };
        if let Some(&root) = b.ir.by_place.get(root_place) {
            anchors.entry(root).or_default().push((name.clone(), target));
        }
    }
    for (id, node) in b.ir.nodes.iter().enumerate() {
        if node.is_resource {
            if let Body::Schema(k) = &node.body {
                if k.recursive_anchor {
                    anchors.entry(id).or_default().push((String::new(), id));
                }
            }
        }
    }
    b.ir.resource_anchors = anchors;
    if settings.all_definitions {
        for doc in 0..docs.docs.len() {
            if b.ir.generated[doc] {
                b.ir.definitions[doc] = b.definitions_of(doc);
            }
        }
    }
    Ok(b.ir)
}

struct Builder<'a> {
    docs: &'a Sources,
    settings: &'a Settings,
    ir: Ir,
    queue: VecDeque<NodeId>,
}

impl Builder<'_> {
    fn path(&self, doc: DocId) -> &str {
        &self.docs.docs[doc].path
    }

    /// The node at `pointer` in `doc`, created (and queued for filling) on first use.
    fn node_at(&mut self, doc: DocId, pointer: &str) -> Result<NodeId, Error> {
        let place = (doc, pointer.to_owned());
        if let Some(&id) = self.ir.by_place.get(&place) {
            return Ok(id);
        }
        let value = self.docs.docs[doc].value.pointer(pointer).ok_or_else(|| Error::at(self.path(doc), pointer, "nothing at this JSON Pointer"))?;
        if !value.is_object() && !value.is_boolean() {
            return Err(Error::at(self.path(doc), pointer, "a schema must be an object or a boolean"));
        }
        let info = match self.docs.info.get(&place) {
            Some(info) => info.clone(),
            // A reference into a place the walk did not reach (inside an
            // unknown keyword): inherit from the nearest known ancestor.
            None => self.inherited_info(doc, pointer),
        };
        let is_resource = pointer.is_empty() || info.resource_pointer.is_empty();
        let id = self.ir.nodes.len();
        self.ir.nodes.push(Node {
            doc,
            pointer: pointer.to_owned(),
            base: info.base,
            resource_pointer: info.resource_pointer,
            dialect: info.dialect,
            is_resource,
            body: Body::Bool(true),
        });
        self.ir.by_place.insert(place, id);
        self.queue.push_back(id);
        Ok(id)
    }

    /// The entries of `doc`'s root `$defs`/`definitions`, each built with
    /// what it references. One that cannot be built (a reference that does
    /// not resolve, a bad keyword) was never reachable from the root: it is
    /// left out, with a warning, and the IR is as if it had not been tried.
    fn definitions_of(&mut self, doc: DocId) -> Vec<(String, NodeId)> {
        let mut out = Vec::new();
        let Some(root) = self.docs.docs[doc].value.as_object() else { return out };
        for kw in ["$defs", "definitions"] {
            let Some(defs) = root.get(kw).and_then(Value::as_object) else { continue };
            for (name, def) in defs {
                if !def.is_object() && !def.is_boolean() {
                    continue;
                }
                let pointer = format!("/{}/{}", load::escape_token(kw), load::escape_token(name));
                let (nodes, warnings) = (self.ir.nodes.len(), self.ir.warnings.len());
                let built = self.node_at(doc, &pointer).and_then(|id| {
                    while let Some(n) = self.queue.pop_front() {
                        self.fill(n)?;
                    }
                    Ok(id)
                });
                match built {
                    Ok(id) => out.push((name.clone(), id)),
                    Err(e) => {
                        self.queue.clear();
                        self.ir.nodes.truncate(nodes);
                        self.ir.warnings.truncate(warnings);
                        self.ir.by_place.retain(|_, id| *id < nodes);
                        self.ir.sensitivity.retain(|id, _| *id < nodes);
                        let path = self.path(doc).to_owned();
                        self.ir.warnings.push(Warning {
                            file: path,
                            pointer,
                            message: format!("definition not generated: nothing references it and it cannot be read ({}#{}: {})", e.file, e.pointer, e.reason),
                        });
                    }
                }
            }
        }
        out
    }

    fn inherited_info(&self, doc: DocId, pointer: &str) -> load::SchemaInfo {
        let mut p = pointer.to_owned();
        while let Some(i) = p.rfind('/') {
            p.truncate(i);
            if let Some(info) = self.docs.info.get(&(doc, p.clone())) {
                let mut info = info.clone();
                info.resource_pointer.push_str(&pointer[p.len()..]);
                return info;
            }
        }
        load::SchemaInfo { base: self.docs.docs[doc].retrieval_uri.clone(), resource_pointer: pointer.to_owned(), dialect: self.docs.docs[doc].dialect }
    }

    /// Parses the keywords of node `id`.
    fn fill(&mut self, id: NodeId) -> Result<(), Error> {
        let (doc, pointer, base, dialect) = {
            let n = &self.ir.nodes[id];
            (n.doc, n.pointer.clone(), n.base.clone(), n.dialect)
        };
        let value = self.docs.docs[doc].value.pointer(&pointer).cloned().unwrap_or(Value::Bool(true));
        let m = match value {
            Value::Bool(b) => {
                self.ir.nodes[id].body = Body::Bool(b);
                return Ok(());
            }
            Value::Object(m) => m,
            _ => return Err(Error::at(self.path(doc), &pointer, "a schema must be an object or a boolean")),
        };
        let path = self.path(doc).to_owned();
        let err = |kw: &str, why: &str| Error::at(&path, &format!("{pointer}/{}", load::escape_token(kw)), why.to_owned());
        let mut k = Keywords { dependent_schemas_keyword: "dependentSchemas", dependent_required_keyword: "dependentRequired", ..Keywords::default() };
        let child = |b: &mut Self, rel: &str| b.node_at(doc, &format!("{pointer}{rel}"));
        let hidden_siblings = dialect.ref_overrides_siblings() && m.contains_key("$ref");
        let ref_only = hidden_siblings && !self.settings.ref_siblings_applied;
        if hidden_siblings && !ref_only {
            if let Some(kw) = m.keys().find(|kw| Dialect::ref_sibling_asserts(kw)) {
                self.ir.warnings.push(Warning {
                    file: path.clone(),
                    pointer: pointer.clone(),
                    message: format!(
                        "`{kw}` beside `$ref` is ignored by {} but applied here, as ajv does (Settings::with_ref_siblings_applied)",
                        dialect.name()
                    ),
                });
            }
        }

        if let Some(r) = m.get("$ref") {
            let r = r.as_str().ok_or_else(|| err("$ref", "must be a string"))?;
            let target = self.resolve_ref(&base, r).map_err(|e| err("$ref", &e))?;
            k.reference = Some(Ref { keyword: "$ref", target, dynamic: None });
        }
        if ref_only {
            // Siblings of `$ref` do not apply here, but their text still
            // documents the member that holds the reference.
            for (kw, v) in &m {
                read_annotation(&mut k, kw, v);
            }
            self.ir.nodes[id].body = Body::Schema(Box::new(k));
            return Ok(());
        }
        let d = &self.docs.docs[doc];
        k.format_assertion = d.asserts_format();
        k.content_assertion = format::content_asserts(dialect);
        for (kw, v) in &m {
            if !d.uses_keyword(kw, dialect) {
                continue; // its vocabulary is off in this document's metaschema
            }
            let kw_rel = format!("/{}", load::escape_token(kw));
            match kw.as_str() {
                "$dynamicRef" if dialect >= Dialect::Draft2020_12 => {
                    let r = v.as_str().ok_or_else(|| err(kw, "must be a string"))?;
                    let target = self.resolve_ref(&base, r).map_err(|e| err(kw, &e))?;
                    let frag = load::split_fragment(r).1;
                    let anchored = match &self.ir.nodes[target].body {
                        _ if frag.is_empty() || frag.starts_with('/') => false,
                        _ => self.declares_dynamic_anchor(target, frag),
                    };
                    k.dynamic_reference = Some(Ref { keyword: "$dynamicRef", target, dynamic: anchored.then(|| frag.to_owned()) });
                }
                "$recursiveRef" if dialect == Dialect::Draft2019_09 => {
                    let r = v.as_str().ok_or_else(|| err(kw, "must be a string"))?;
                    let target = self.resolve_ref(&base, r).map_err(|e| err(kw, &e))?;
                    let anchored = self.docs.docs[self.ir.nodes[target].doc]
                        .value
                        .pointer(&self.ir.nodes[target].pointer)
                        .and_then(|t| t.get("$recursiveAnchor"))
                        .and_then(Value::as_bool)
                        == Some(true);
                    k.dynamic_reference = Some(Ref { keyword: "$recursiveRef", target, dynamic: anchored.then(String::new) });
                }
                "$recursiveAnchor" if dialect == Dialect::Draft2019_09 => k.recursive_anchor = v.as_bool() == Some(true),
                "$dynamicAnchor" if dialect >= Dialect::Draft2020_12 => k.dynamic_anchor = v.as_str().map(str::to_owned),
                "allOf" | "anyOf" | "oneOf" => {
                    let arr = v.as_array().filter(|a| !a.is_empty()).ok_or_else(|| err(kw, "must be a non-empty array of schemas"))?;
                    let mut ids = Vec::with_capacity(arr.len());
                    for i in 0..arr.len() {
                        ids.push(child(self, &format!("{kw_rel}/{i}"))?);
                    }
                    match kw.as_str() {
                        "allOf" => k.all_of = ids,
                        "anyOf" => k.any_of = ids,
                        _ => k.one_of = ids,
                    }
                }
                "not" => k.not = Some(child(self, &kw_rel)?),
                "if" if dialect >= Dialect::Draft7 => k.if_ = Some(child(self, &kw_rel)?),
                "then" if dialect >= Dialect::Draft7 => k.then_ = Some(child(self, &kw_rel)?),
                "else" if dialect >= Dialect::Draft7 => k.else_ = Some(child(self, &kw_rel)?),
                "properties" | "patternProperties" | "dependentSchemas" | "$defs" | "definitions" => {
                    let obj = v.as_object().ok_or_else(|| err(kw, "must be an object of schemas"))?;
                    if kw == "$defs" || kw == "definitions" {
                        continue; // reached through references only
                    }
                    if kw == "dependentSchemas" && dialect < Dialect::Draft2019_09 {
                        continue;
                    }
                    let mut list = Vec::with_capacity(obj.len());
                    for name in obj.keys() {
                        if kw == "patternProperties" {
                            check_regex(name).map_err(|e| err(kw, &format!("pattern `{name}` is not a valid ECMA-262 regular expression: {e}")))?;
                        }
                        let c = child(self, &format!("{kw_rel}/{}", load::escape_token(name)))?;
                        list.push((name.clone(), c));
                    }
                    match kw.as_str() {
                        "properties" => k.properties = list,
                        "patternProperties" => k.pattern_properties = list,
                        _ => k.dependent_schemas = list,
                    }
                }
                "dependencies" => {
                    // Read in 2019-09 and later too, as most validators do (the
                    // suite's optional dependencies-compatibility tests).
                    // There it is an unknown keyword when it has another shape.
                    let well_formed = v
                        .as_object()
                        .is_some_and(|o| o.values().all(|d| d.is_object() || d.is_boolean() || d.as_array().is_some_and(|a| a.iter().all(Value::is_string))));
                    if dialect >= Dialect::Draft2019_09 && (!well_formed || m.contains_key("dependentSchemas") || m.contains_key("dependentRequired")) {
                        continue;
                    }
                    let obj = v.as_object().ok_or_else(|| err(kw, "must be an object"))?;
                    k.dependent_schemas_keyword = "dependencies";
                    k.dependent_required_keyword = "dependencies";
                    for (name, dep) in obj {
                        match dep {
                            Value::Array(a) => k.dependent_required.push((name.clone(), strings(a).ok_or_else(|| err(kw, "arrays must hold strings"))?)),
                            Value::Object(_) | Value::Bool(_) => {
                                let c = child(self, &format!("{kw_rel}/{}", load::escape_token(name)))?;
                                k.dependent_schemas.push((name.clone(), c));
                            }
                            _ => return Err(err(kw, "values must be arrays of names or schemas")),
                        }
                    }
                }
                "dependentRequired" if dialect >= Dialect::Draft2019_09 => {
                    let obj = v.as_object().ok_or_else(|| err(kw, "must be an object"))?;
                    for (name, dep) in obj {
                        let names = dep.as_array().and_then(|a| strings(a)).ok_or_else(|| err(kw, "values must be arrays of strings"))?;
                        k.dependent_required.push((name.clone(), names));
                    }
                }
                "additionalProperties" => k.additional_properties = Some(child(self, &kw_rel)?),
                "propertyNames" if dialect >= Dialect::Draft6 => k.property_names = Some(child(self, &kw_rel)?),
                "unevaluatedProperties" if dialect >= Dialect::Draft2019_09 => k.unevaluated_properties = Some(child(self, &kw_rel)?),
                "unevaluatedItems" if dialect >= Dialect::Draft2019_09 => k.unevaluated_items = Some(child(self, &kw_rel)?),
                "prefixItems" if dialect >= Dialect::Draft2020_12 => {
                    let arr = v.as_array().ok_or_else(|| err(kw, "must be an array of schemas"))?;
                    for i in 0..arr.len() {
                        k.prefix_items.push(child(self, &format!("{kw_rel}/{i}"))?);
                    }
                }
                "items" => match v {
                    Value::Array(arr) if dialect < Dialect::Draft2020_12 => {
                        for i in 0..arr.len() {
                            k.prefix_items.push(child(self, &format!("{kw_rel}/{i}"))?);
                        }
                        if m.contains_key("additionalItems") {
                            k.items = Some(child(self, "/additionalItems")?);
                        }
                    }
                    Value::Object(_) | Value::Bool(_) => k.items = Some(child(self, &kw_rel)?),
                    _ => return Err(err(kw, "must be a schema")),
                },
                "contains" if dialect >= Dialect::Draft6 => k.contains = Some(child(self, &kw_rel)?),
                types::NAME => {
                    let t = types::read(v).map_err(|e| err(kw, e))?;
                    if t.0 & TypeSet::INTEGER != 0 && dialect.integer_by_text() {
                        k.integer_by_text = !self.settings.draft4_integers_by_value;
                        if self.settings.draft4_integers_by_value {
                            let message = "`integer` admits no `2.0` in draft-04 but does here, as later drafts and ajv read it (Settings::with_draft4_integers_by_value)";
                            self.ir.warnings.push(Warning { file: path.clone(), pointer: format!("{pointer}{kw_rel}"), message: message.to_owned() });
                        }
                    }
                    k.types = Some(t);
                }
                values::ENUM => k.enum_ = Some(values::read_enum(v).map_err(|e| err(kw, e))?),
                values::CONST => {
                    if let Some(message) = values::const_outside_its_dialect(dialect) {
                        self.ir.warnings.push(Warning { file: path.clone(), pointer: format!("{pointer}{kw_rel}"), message: message.to_owned() });
                    }
                    k.const_ = Some(v.clone());
                }
                "multipleOf" | "maximum" | "minimum" | "exclusiveMaximum" | "exclusiveMinimum" => {
                    k.numbers.read(kw, v, dialect, &m).map_err(|e| err(kw, e))?;
                }
                string_length::MIN | string_length::MAX => {
                    k.length.read(kw, v).map_err(|m| err(kw, m))?;
                }
                array_bounds::MIN | array_bounds::MAX | array_bounds::UNIQUE => {
                    k.array.read(kw, v).map_err(|e| err(kw, e))?;
                }
                object_bounds::MIN | object_bounds::MAX | object_bounds::REQUIRED => {
                    k.object.read(kw, v).map_err(|e| err(kw, e))?;
                }
                "maxContains" | "minContains" => {
                    if dialect < Dialect::Draft2019_09 {
                        continue;
                    }
                    let n = non_negative_integer(v).ok_or_else(|| err(kw, "must be a non-negative integer"))?;
                    match kw.as_str() {
                        "maxContains" => k.max_contains = Some(n),
                        _ => k.min_contains = Some(n),
                    }
                }
                pattern::NAME => k.pattern = Some(pattern::read(v).map_err(|e| err(kw, &e))?),
                format::FORMAT => k.format = format::read_name(v),
                format::CONTENT_ENCODING => k.content_encoding = format::read_name(v),
                format::CONTENT_MEDIA_TYPE => k.content_media_type = format::read_name(v),
                "title" | "description" | "default" | "examples" | "deprecated" | "readOnly" | "writeOnly" => {
                    read_annotation(&mut k, kw, v);
                }
                _ if kw.starts_with("x-") => {
                    if *kw == self.settings.sensitivity_keyword {
                        if let Some(s) = v.as_str() {
                            self.ir.sensitivity.insert(id, s.to_owned());
                        }
                    }
                    k.extensions.push((kw.clone(), v.clone()));
                }
                _ => {
                    if *kw == self.settings.sensitivity_keyword {
                        if let Some(s) = v.as_str() {
                            self.ir.sensitivity.insert(id, s.to_owned());
                        }
                    }
                }
            }
        }
        self.ir.nodes[id].body = Body::Schema(Box::new(k));
        Ok(())
    }

    fn declares_dynamic_anchor(&self, target: NodeId, name: &str) -> bool {
        let n = &self.ir.nodes[target];
        self.docs.docs[n.doc].value.pointer(&n.pointer).and_then(|v| v.get("$dynamicAnchor")).and_then(Value::as_str) == Some(name)
    }

    /// Resolves reference `r` against `base` to a node.
    fn resolve_ref(&mut self, base: &str, r: &str) -> Result<NodeId, String> {
        let full = load::resolve_uri(base, r)?;
        let (resource, fragment) = load::split_fragment(&full);
        let fragment = percent_encoding::percent_decode_str(fragment)
            .decode_utf8()
            .map_err(|_| format!("`{r}`: the fragment is not UTF-8 after percent-decoding"))?
            .into_owned();
        let root = self.find_resource(resource).ok_or_else(|| format!("`{r}`: no schema is known as `{resource}`"))?;
        if fragment.is_empty() || fragment.starts_with('/') {
            let (doc, root_ptr) = root;
            // Pointers that pass through an embedded resource are still
            // relative to this resource's JSON text.
            let pointer = format!("{root_ptr}{fragment}");
            if self.docs.docs[doc].value.pointer(&pointer).is_none() {
                return Err(format!("`{r}`: nothing at `{fragment}` in `{resource}`"));
            }
            self.node_at(doc, &pointer).map_err(|e| e.reason)
        } else {
            let place = self
                .docs
                .anchors
                .get(&(resource.to_owned(), fragment.clone()))
                .ok_or_else(|| format!("`{r}`: no anchor `{fragment}` in `{resource}`"))?
                .clone();
            self.node_at(place.0, &place.1).map_err(|e| e.reason)
        }
    }

    fn find_resource(&self, uri: &str) -> Option<Place> {
        load::find_resource(self.docs, uri)
    }
}

/// Reads `kw` into `k` if it is an annotation that documents a schema
/// (`title`, `description`, …); other keywords are left alone.
fn read_annotation(k: &mut Keywords, kw: &str, v: &Value) {
    match kw {
        "title" => k.title = v.as_str().map(str::to_owned),
        "description" => k.description = v.as_str().map(str::to_owned),
        "default" => k.default = Some(v.clone()),
        "examples" => k.examples = v.as_array().cloned().unwrap_or_default(),
        "deprecated" => k.deprecated = v.as_bool() == Some(true),
        "readOnly" => k.read_only = v.as_bool() == Some(true),
        "writeOnly" => k.write_only = v.as_bool() == Some(true),
        _ => {}
    }
}

fn strings(a: &[Value]) -> Option<Vec<String>> {
    a.iter().map(|v| v.as_str().map(str::to_owned)).collect()
}

pub use crate::keywords::pattern::check_regex;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SchemaInput;

    fn ir_of(text: &str) -> Result<Ir, Error> {
        let settings = Settings::new();
        let docs = load::load(&settings, &[SchemaInput::new("t.json", text)])?;
        build(&settings, &docs)
    }

    #[test]
    fn refs_resolve_with_escapes_and_cycles() {
        let ir = ir_of(r##"{"$defs": {"a/b": {"$ref": "#/$defs/c%25d"}, "c%d": {"items": {"$ref": "#/$defs/a~1b"}}}, "$ref": "#/$defs/a~1b"}"##).unwrap();
        let root = ir.keywords(ir.roots[0]).unwrap();
        let a = root.reference.as_ref().unwrap().target;
        assert_eq!(ir.nodes[a].pointer, "/$defs/a~1b");
        let c = ir.keywords(a).unwrap().reference.as_ref().unwrap().target;
        assert_eq!(ir.nodes[c].pointer, "/$defs/c%d");
        let back = ir.keywords(ir.keywords(c).unwrap().items.unwrap()).unwrap().reference.as_ref().unwrap().target;
        assert_eq!(back, a);
    }

    #[test]
    fn missing_ref_target_is_an_error_with_pointer() {
        let e = ir_of(r##"{"properties": {"a": {"$ref": "#/$defs/nope"}}}"##).unwrap_err();
        assert_eq!(e.file, "t.json");
        assert_eq!(e.pointer, "/properties/a/$ref");
        assert!(e.reason.contains("nothing at `/$defs/nope`"), "{}", e.reason);
    }

    #[test]
    fn draft_07_ref_siblings_apply_only_when_asked_with_a_warning() {
        let text = r##"{"$schema": "http://json-schema.org/draft-07/schema#", "definitions": {"s": {"type": "string"}},
            "properties": {"a": {"$ref": "#/definitions/s", "maxLength": 2, "description": "an a"}, "b": {"$ref": "#/definitions/s", "title": "b"}}}"##;
        let read = |applied: bool| {
            let settings = Settings::new().with_ref_siblings_applied(applied);
            let docs = load::load(&settings, &[SchemaInput::new("t.json", text)]).unwrap();
            build(&settings, &docs).unwrap()
        };
        let member = |ir: &Ir, name: &str| {
            let root = ir.keywords(ir.roots[0]).unwrap();
            ir.keywords(root.properties.iter().find(|(n, _)| n == name).unwrap().1).unwrap().clone()
        };
        let hidden = read(false);
        assert_eq!(member(&hidden, "a").length.max, None);
        assert_eq!(member(&hidden, "a").description.as_deref(), Some("an a"));
        assert!(hidden.warnings.is_empty());
        let applied = read(true);
        assert_eq!(member(&applied, "a").length.max, Some(2));
        assert!(member(&applied, "a").reference.is_some());
        let [w] = applied.warnings.as_slice() else { panic!("{:?}", applied.warnings) };
        assert_eq!((w.file.as_str(), w.pointer.as_str()), ("t.json", "/properties/a"));
        assert!(w.message.contains("`maxLength` beside `$ref`") && w.message.contains("draft-07"), "{}", w.message);
    }

    #[test]
    fn draft_04_integers_are_read_by_their_text_unless_asked_with_a_warning() {
        let text = |draft: &str| {
            format!(r##"{{"$schema": "http://json-schema.org/{draft}/schema#", "properties": {{"n": {{"type": "integer"}}, "s": {{"type": "string"}}}}}}"##)
        };
        let read = |draft: &str, by_value: bool| {
            let settings = Settings::new().with_draft4_integers_by_value(by_value);
            let inputs = [SchemaInput::new("t.json", text(draft))];
            let docs = load::load(&settings, &inputs).unwrap();
            build(&settings, &docs).unwrap()
        };
        let member = |ir: &Ir, name: &str| {
            let root = ir.keywords(ir.roots[0]).unwrap();
            root.properties.iter().find(|(n, _)| n == name).unwrap().1
        };
        let by_text = read("draft-04", false);
        assert!(by_text.keywords(member(&by_text, "n")).unwrap().integer_by_text);
        assert!(!by_text.keywords(member(&by_text, "s")).unwrap().integer_by_text);
        assert!(by_text.warnings.is_empty());
        let by_value = read("draft-04", true);
        assert!(!by_value.keywords(member(&by_value, "n")).unwrap().integer_by_text);
        let [w] = by_value.warnings.as_slice() else { panic!("{:?}", by_value.warnings) };
        assert_eq!((w.file.as_str(), w.pointer.as_str()), ("t.json", "/properties/n/type"));
        assert!(w.message.contains("with_draft4_integers_by_value"), "{}", w.message);
        let draft6 = read("draft-06", false);
        assert!(!draft6.keywords(member(&draft6, "n")).unwrap().integer_by_text);
        // The two readings validate differently, so they never share a validator.
        let shape = |ir: &Ir, name: &str| ir.shapes(false)[member(ir, name)];
        assert_ne!(shape(&by_text, "n"), shape(&by_value, "n"));
        assert_ne!(shape(&by_text, "n"), shape(&draft6, "n"));
        assert_eq!(shape(&by_value, "n"), shape(&draft6, "n"));
        assert_eq!(shape(&by_text, "s"), shape(&draft6, "s"));
    }

    #[test]
    fn bad_keyword_values_are_errors() {
        assert_eq!(ir_of(r#"{"minLength": -1}"#).unwrap_err().pointer, "/minLength");
        assert_eq!(ir_of(r#"{"type": "strin"}"#).unwrap_err().pointer, "/type");
        assert_eq!(ir_of(r#"{"pattern": "("}"#).unwrap_err().pointer, "/pattern");
    }

    #[test]
    fn dynamic_anchors_in_defs_are_nodes_and_bound_by_their_resource() {
        let ir = ir_of(
            r##"{"$id": "http://x/root", "$ref": "list",
                 "$defs": {"foo": {"$dynamicAnchor": "items", "type": "string"},
                           "list": {"$id": "list", "items": {"$dynamicRef": "#items"},
                                    "$defs": {"items": {"$dynamicAnchor": "items"}}}}}"##,
        )
        .unwrap();
        let root = ir.roots[0];
        let foo = ir.by_place[&(0, "/$defs/foo".to_owned())];
        assert!(ir.resource_anchors[&root].contains(&("items".to_owned(), foo)));
    }

    #[test]
    fn draft4_exclusive_maximum_is_boolean() {
        let ir = ir_of(r#"{"$schema": "http://json-schema.org/draft-04/schema#", "maximum": 3, "exclusiveMaximum": true}"#).unwrap();
        let k = ir.keywords(ir.roots[0]).unwrap();
        assert!(k.numbers.maximum.is_none());
        assert_eq!(k.numbers.exclusive_maximum.as_ref().unwrap().keyword, "exclusiveMaximum");
    }
}
