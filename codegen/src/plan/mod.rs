//! Stage 3, plan: decide the Rust shape and the name of every type.
//!
//! A type is planned from a *conjunction* of subschemas that all apply to
//! the same value (a property's schema, plus what `$ref` and `allOf` add,
//! plus the branch of a union). The rule that keeps typing sound: a type
//! must be able to hold every value the conjunction accepts; validation,
//! generated separately, enforces the exact constraints. Where no precise
//! shape exists the type is `serde_json::Value`, still validated.

pub mod names;

use crate::ir::{Body, Ir, Keywords, NodeId, TypeSet};
use crate::load::DocId;
use crate::{Error, Settings, Warning};
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};

/// Index of a type in [`ModulePlan::types`].
pub type TypeId = usize;

/// How a value is typed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TypeRef {
    /// Any JSON value (`serde_json::Value`).
    Value,
    /// `String`
    String,
    /// `bool`
    Bool,
    /// The runtime's `Integer`.
    Integer,
    /// `serde_json::Number`
    Number,
    /// `()` for `null`.
    Null,
    /// A generated type.
    Named(TypeId),
    /// `Option<T>`: the value may be `null`.
    Nullable(Box<TypeRef>),
    /// `Vec<T>`
    Vec(Box<TypeRef>),
    /// An ordered map from member names (key type) to values.
    Map(Box<TypeRef>, Box<TypeRef>),
}

/// Documentation gathered from the schema's own text.
#[derive(Clone, Debug, Default)]
pub struct DocText {
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
    /// `readOnly` / `writeOnly`
    pub read_only: bool,
    /// `writeOnly`
    pub write_only: bool,
    /// `x-` extensions.
    pub extensions: Vec<(String, Value)>,
    /// Where it comes from (`file#pointer`).
    pub source: String,
}

/// One member of a struct.
#[derive(Clone, Debug)]
pub struct Field {
    /// The JSON member name.
    pub json: String,
    /// The Rust field name (without `r#`).
    pub rust: String,
    /// Its type (without the `Option` an optional member adds).
    pub ty: TypeRef,
    /// Whether the member is required.
    pub required: bool,
    /// Its documentation.
    pub doc: DocText,
    /// Marked `x-sensitivity: local`.
    pub sensitive: bool,
    /// Its schema, for docs.
    pub node: Option<NodeId>,
}

/// What happens to members the struct does not name.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Extra {
    /// None can occur (`additionalProperties: false`).
    Deny,
    /// Kept in a map field of this value type, in document order.
    Keep(TypeRef),
}

/// How a union decides which variant a value is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Select {
    /// The member named by the union's tag has this string value.
    Tag(String),
    /// The JSON type is one of these [`TypeSet`] bits.
    JsonType(u8),
    /// The value is valid against these subschemas (first match wins, as
    /// `anyOf` reads; `oneOf` has exactly one).
    Branch {
        /// The branch's subschemas.
        nodes: Vec<NodeId>,
        /// The JSON types ([`TypeSet`] bits) this branch alone admits, when
        /// the union's branches admit pairwise disjoint types: a value the
        /// union accepts is then in the branch of its JSON type, so the
        /// type tells the variant without running the branch's validator.
        by_type: Option<u8>,
    },
}

/// One variant of a union.
#[derive(Clone, Debug)]
pub struct Variant {
    /// The Rust variant name.
    pub name: String,
    /// What it holds.
    pub ty: TypeRef,
    /// How it is recognised.
    pub select: Select,
    /// Its documentation.
    pub doc: DocText,
}

/// One command of an envelope: a tag value and its payload.
#[derive(Clone, Debug)]
pub struct Command {
    /// The Rust variant name.
    pub name: String,
    /// The tag value (`start`).
    pub tag: String,
    /// The payload's type.
    pub payload: TypeRef,
    /// Documentation (the branch's title and description).
    pub doc: DocText,
}

/// The shape of a generated type.
#[derive(Clone, Debug)]
pub enum Kind {
    /// A struct with named fields.
    Struct {
        /// Members in schema order.
        fields: Vec<Field>,
        /// Members not named.
        extra: Extra,
        /// The Rust name of the field holding them.
        extra_field: String,
        /// For a variant of a tagged union: the tag member and its value,
        /// written by the union, not stored.
        tag: Option<(String, String)>,
    },
    /// A set of strings; `open` adds `Other(String)` for values outside it.
    StringEnum {
        /// (Rust variant, JSON value) pairs.
        values: Vec<(String, String)>,
        /// Other values are allowed.
        open: bool,
        /// The name of the catch-all variant.
        other: String,
    },
    /// A string with constraints, checked on construction.
    Newtype,
    /// A string constant.
    Const(String),
    /// A value of one of several shapes.
    Union {
        /// The variants, in schema order.
        variants: Vec<Variant>,
        /// The member the `Tag` selects read.
        tag: Option<String>,
    },
    /// An object carrying one of several commands: the `tag` member names
    /// the command, the `payload` member holds its data.
    Envelope {
        /// Members in schema order, including the tag and payload members
        /// (typed [`TypeRef::Value`]; they are read from `command`).
        fields: Vec<Field>,
        /// Members not named.
        extra: Extra,
        /// The Rust name of the field holding them.
        extra_field: String,
        /// The tag member (`type`).
        tag: String,
        /// The payload member (`payload`).
        payload: String,
        /// The commands enum type.
        commands: TypeId,
    },
    /// The commands of an envelope, plus (when the schema has a catch-all
    /// branch) an `Unknown` variant keeping tag and payload verbatim.
    Commands {
        /// Known commands.
        commands: Vec<Command>,
        /// The schema admits other tags.
        unknown: bool,
        /// The catch-all payload type.
        unknown_payload: TypeRef,
    },
    /// A name for another type (`pub type JsonValue = serde_json::Value`).
    Alias(TypeRef),
}

/// One generated type.
#[derive(Clone, Debug)]
pub struct TypeDef {
    /// Its Rust name.
    pub name: String,
    /// The subschemas whose conjunction it stands for (its validator).
    pub nodes: Vec<NodeId>,
    /// Its documentation.
    pub doc: DocText,
    /// Its shape.
    pub kind: Kind,
    /// Name candidates, best first (the plan picks the first free one).
    pub candidates: Vec<String>,
    /// Values of it hold sensitive data throughout.
    pub sensitive: bool,
    /// The validation content of its schemas (hashes), for deduplication.
    pub shape: String,
    /// The `format` its schemas name, if any.
    pub format: Option<String>,
}

/// The types of one generated module.
#[derive(Clone, Debug)]
pub struct ModulePlan {
    /// The document.
    pub doc: DocId,
    /// The root type.
    pub root: TypeRef,
    /// Every named type, in a deterministic order.
    pub types: Vec<TypeDef>,
}

/// The plan for all modules.
#[derive(Clone, Debug)]
pub struct Plan {
    /// One per generated document, in input order.
    pub modules: Vec<ModulePlan>,
    /// Constructs typed loosely.
    pub warnings: Vec<Warning>,
}

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
            modules.push(ModulePlan { doc, root: TypeRef::Value, types: Vec::new() });
            continue;
        }
        let mut p = Planner::new(settings, ir);
        let root_names = root_candidates(ir, root, path);
        let root_ty = p.plan(vec![root], &root_names, Ctx::default());
        let (types, root_ty) = p.finish(root_ty);
        warnings.extend(p.warnings);
        modules.push(ModulePlan { doc, root: root_ty, types });
    }
    Ok(Plan { modules, warnings })
}

fn is_generated(ir: &Ir, doc: DocId) -> bool {
    ir.generated.get(doc).copied().unwrap_or(false)
}

/// The root type's name: the schema's title from the word that names the
/// file onward (`Cohorte Protocol command envelope` in `commands.schema.json`
/// → `CommandEnvelope`), else the title, else the file stem (singular).
fn root_candidates(ir: &Ir, root: NodeId, path: &str) -> Vec<String> {
    let module = names::module_name(path);
    let stem_words: Vec<String> = module.split('_').map(|w| names::singular(w).to_lowercase()).collect();
    let mut out = Vec::new();
    if let Some(title) = ir.keywords(root).and_then(|k| k.title.clone()) {
        let words: Vec<&str> = title.split_whitespace().collect();
        if let Some(first) = stem_words.first() {
            if let Some(pos) = words.iter().position(|w| names::singular(&w.to_lowercase()) == *first) {
                if let Some(n) = names::type_name(&words[pos..].join(" ")) {
                    out.push(n);
                }
            }
        }
        if words.len() <= 3 {
            if let Some(n) = names::type_name(&title) {
                out.push(n);
            }
        }
    }
    if let Some(n) = names::type_name(&stem_words.join(" ")) {
        out.push(n);
    }
    out.push("Root".to_owned());
    out
}

/// Planning context: what the enclosing planning already decided.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
struct Ctx {
    /// Restrict to these JSON types (a variant of a union by type).
    restrict: Option<u8>,
    /// Union choices already taken (do not branch on them again).
    no_choices: bool,
    /// A tag member to leave out (it is written by the enclosing union).
    omit: Option<String>,
    /// Planned under a member marked sensitive: values are redacted in `Debug`.
    sensitive: bool,
}

/// What a conjunction of subschemas says, merged.
#[derive(Debug, Default)]
struct Facts {
    never: bool,
    dynamic: bool,
    types: u8,
    consts: Vec<Value>,
    enums: Vec<Vec<Value>>,
    choices: Vec<Vec<NodeId>>,
}

struct Planner<'a> {
    settings: &'a Settings,
    ir: &'a Ir,
    types: Vec<TypeDef>,
    memo: HashMap<(Vec<NodeId>, Ctx), TypeRef>,
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

/// Merged JSON types: `number` admits integers.
fn widen(t: u8) -> u8 {
    if t & TypeSet::NUMBER != 0 {
        t | TypeSet::INTEGER
    } else {
        t
    }
}

fn type_of(v: &Value) -> u8 {
    match v {
        Value::Null => TypeSet::NULL,
        Value::Bool(_) => TypeSet::BOOLEAN,
        Value::Number(n) if n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0) => TypeSet::INTEGER | TypeSet::NUMBER,
        Value::Number(_) => TypeSet::NUMBER,
        Value::String(_) => TypeSet::STRING,
        Value::Array(_) => TypeSet::ARRAY,
        Value::Object(_) => TypeSet::OBJECT,
    }
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

    fn warn(&mut self, node: NodeId, message: impl Into<String>) {
        let n = &self.ir.nodes[node];
        self.warnings.push(Warning { file: self.ir.doc_paths[n.doc].clone(), pointer: n.pointer.clone(), message: message.into() });
    }

    /// Adds `node` and everything `$ref` and `allOf` bring in.
    fn expand(&self, nodes: &[NodeId]) -> Vec<NodeId> {
        self.ir.expand(nodes)
    }

    fn facts(&self, nodes: &[NodeId], ctx: &Ctx) -> Facts {
        let mut f = Facts { types: TypeSet::ALL | TypeSet::INTEGER, ..Facts::default() };
        for &n in nodes {
            match &self.ir.nodes[n].body {
                Body::Bool(false) => f.never = true,
                Body::Bool(true) => {}
                Body::Schema(k) => {
                    if let Some(t) = k.types {
                        f.types &= widen(t.0);
                    }
                    if let Some(c) = &k.const_ {
                        f.types &= type_of(c);
                        f.consts.push(c.clone());
                    }
                    if let Some(e) = &k.enum_ {
                        f.types &= e.iter().fold(0, |acc, v| acc | type_of(v));
                        f.enums.push(e.clone());
                    }
                    if k.dynamic_reference.is_some() {
                        f.dynamic = true;
                    }
                    if !ctx.no_choices {
                        if !k.one_of.is_empty() {
                            f.choices.push(k.one_of.clone());
                        }
                        if !k.any_of.is_empty() {
                            f.choices.push(k.any_of.clone());
                        }
                    }
                }
            }
        }
        if let Some(r) = ctx.restrict {
            f.types &= widen(r);
        }
        if f.types == 0 {
            f.never = true;
        }
        f
    }

    /// The type for values that every node in `nodes` accepts.
    fn plan(&mut self, nodes: Vec<NodeId>, names: &[String], ctx: Ctx) -> TypeRef {
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
    /// property's own text stays on its field. (A sensitive reference stays:
    /// the marking is not its target's.)
    fn through_annotated_references(&self, nodes: Vec<NodeId>) -> Vec<NodeId> {
        let mut out: Vec<NodeId> = Vec::with_capacity(nodes.len());
        for mut n in nodes {
            // Bounded: a chain of references longer than the arena is a cycle.
            for _ in 0..self.ir.nodes.len() {
                // A resource that declares dynamic anchors changes how the
                // target's `$dynamicRef`s resolve: it is not its target.
                let binds_scope = self.ir.nodes[n].is_resource && self.ir.resource_anchors.contains_key(&n);
                match self.ir.keywords(n) {
                    Some(k) if k.is_annotated_reference() && !self.is_sensitive(n) && !binds_scope => n = k.reference.as_ref().map_or(n, |r| r.target),
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

    /// Reserves a named type (so recursion through it terminates).
    fn reserve(&mut self, nodes: &[NodeId], names: &[String], key: &(Vec<NodeId>, Ctx)) -> TypeId {
        let id = self.types.len();
        let doc = self.doc_text(nodes);
        let mut candidates: Vec<String> = Vec::new();
        // A `$defs`/`definitions` entry names itself.
        for &n in nodes {
            let p = &self.ir.nodes[n].pointer;
            let mut parts = p.rsplit('/');
            if let (Some(last), Some(kw)) = (parts.next(), parts.next()) {
                if kw == "$defs" || kw == "definitions" {
                    if let Some(name) = names::type_name(&crate::load::unescape_token(last)) {
                        candidates.push(name);
                    }
                }
            }
        }
        if !self.settings.type_names.is_empty() {
            for &n in nodes {
                let loc = self.ir.location(n);
                // The override may name the file by path or by file name alone.
                let (path, pointer) = loc.split_once('#').unwrap_or((&loc, ""));
                let file = format!("{}#{pointer}", path.rsplit('/').next().unwrap_or(path));
                for l in [loc, file] {
                    if let Some(name) = self.settings.type_names.get(&l) {
                        candidates.insert(0, name.clone());
                    }
                }
            }
        }
        candidates.extend(names.iter().cloned());
        if candidates.is_empty() {
            candidates.push("Unnamed".to_owned());
        }
        let sensitive = key.1.sensitive || nodes.iter().any(|n| self.is_sensitive(*n));
        // A node that is only a `$ref` means what its target (also in
        // `nodes`) means: leave it out, so `{"$ref": "#"}` is the root's type.
        let mut shape: Vec<String> =
            nodes.iter().filter(|n| !self.ir.keywords(**n).is_some_and(Keywords::is_annotated_reference)).map(|n| hex(&self.shapes[*n])).collect();
        shape.sort();
        shape.dedup();
        let origin = if self.origin.is_empty() { nodes.to_vec() } else { self.origin.clone() };
        let format = nodes.iter().filter_map(|n| self.ir.keywords(*n)).find_map(|k| k.format.clone());
        self.types.push(TypeDef {
            name: String::new(),
            nodes: origin,
            doc,
            kind: Kind::Alias(TypeRef::Value),
            candidates,
            sensitive,
            shape: format!("{};{format:?}", shape.join(",")),
            format,
        });
        self.memo.insert(key.clone(), TypeRef::Named(id));
        id
    }

    fn is_sensitive(&self, n: NodeId) -> bool {
        self.ir.sensitivity.get(&n).is_some_and(|v| v == "local")
    }

    fn doc_text(&self, nodes: &[NodeId]) -> DocText {
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

    fn plan_uncached(&mut self, nodes: &[NodeId], names: &[String], ctx: &Ctx, key: &(Vec<NodeId>, Ctx)) -> TypeRef {
        let f = self.facts(nodes, ctx);
        if f.never {
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
                let id = self.reserve(nodes, names, key);
                self.types[id].kind = string_enum(&allowed, false);
                let t = TypeRef::Named(id);
                return if has_null { TypeRef::Nullable(Box::new(t)) } else { t };
            }
            return self.by_types(&f, nodes, names, ctx, key, true);
        }
        if let Some(branches) = f.choices.first().cloned() {
            if widen(f.types) & TypeSet::OBJECT != 0 {
                if let Some(t) = self.envelope(&f, nodes, &branches, names, ctx, key) {
                    return t;
                }
            }
            return self.union(&f, nodes, &branches, names, ctx, key);
        }
        self.by_types(&f, nodes, names, ctx, key, false)
    }

    /// Types by the JSON types the conjunction admits.
    fn by_types(&mut self, f: &Facts, nodes: &[NodeId], names: &[String], ctx: &Ctx, key: &(Vec<NodeId>, Ctx), enum_values: bool) -> TypeRef {
        let t = f.types;
        let nullable = t & TypeSet::NULL != 0;
        let kinds: Vec<u8> = [TypeSet::BOOLEAN, TypeSet::NUMBER, TypeSet::STRING, TypeSet::ARRAY, TypeSet::OBJECT]
            .into_iter()
            .filter(|k| if *k == TypeSet::NUMBER { t & (TypeSet::NUMBER | TypeSet::INTEGER) != 0 } else { t & k != 0 })
            .collect();
        if t == TypeSet::ALL | TypeSet::INTEGER {
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
    fn single(&mut self, kind: u8, f: &Facts, nodes: &[NodeId], names: &[String], ctx: &Ctx, key: &(Vec<NodeId>, Ctx), enum_values: bool) -> TypeRef {
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
                let constrained = kws.iter().any(|k| {
                    k.pattern.is_some()
                        || k.min_length.is_some_and(|n| n > 0)
                        || k.max_length.is_some()
                        || (self.settings.format_assertion && k.format.is_some())
                });
                if constrained {
                    // "NonEmptyString" only when `minLength: 1` is the whole constraint
                    // (not, say, an asserted `format` that accepts "").
                    let asserted_format = |k: &Keywords| self.settings.format_assertion && k.format.is_some();
                    let only_min1 = kws.iter().any(|k| k.min_length == Some(1))
                        && kws.iter().all(|k| k.pattern.is_none() && k.max_length.is_none() && k.min_length.is_none_or(|n| n == 1) && !asserted_format(k));
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
                if has_prefix || items.is_empty() {
                    return TypeRef::Vec(Box::new(TypeRef::Value));
                }
                let item_names: Vec<String> = names.iter().map(|n| names::type_name(&names::singular(n)).unwrap_or_else(|| n.clone())).collect();
                let item_names =
                    if item_names.iter().zip(names).all(|(a, b)| a == b) { names.iter().map(|n| format!("{n}Item")).collect() } else { item_names };
                let t = self.plan(items, &item_names, Ctx::default());
                TypeRef::Vec(Box::new(t))
            }
            _ => self.object(nodes, &kws, names, ctx, key),
        }
    }

    /// The schema that members called `name` must satisfy under `k`, beyond
    /// `properties`: matching `patternProperties`, else `additionalProperties`.
    fn member_schemas(&mut self, k: &Keywords, index: &HashMap<&str, NodeId>, name: &str) -> Option<Vec<NodeId>> {
        if let Some(p) = index.get(name) {
            return Some(vec![*p]);
        }
        let mut matching: Vec<NodeId> = Vec::new();
        for (re, n) in &k.pattern_properties {
            let compiled = self.regexes.entry(re.clone()).or_insert_with(|| regress::Regex::with_flags(re, "u").ok());
            if compiled.as_ref().is_some_and(|r| r.find(name).is_some()) {
                matching.push(*n);
            }
        }
        if !matching.is_empty() {
            return Some(matching);
        }
        k.additional_properties.map(|a| vec![a])
    }

    fn object(&mut self, nodes: &[NodeId], kws: &[Keywords], names: &[String], ctx: &Ctx, key: &(Vec<NodeId>, Ctx)) -> TypeRef {
        let mut member_names: Vec<String> = Vec::new();
        let mut seen: std::collections::HashSet<&str> = std::collections::HashSet::new();
        for k in kws {
            for (n, _) in &k.properties {
                if seen.insert(n.as_str()) && ctx.omit.as_deref() != Some(n.as_str()) {
                    member_names.push(n.clone());
                }
            }
        }
        let indexes: Vec<HashMap<&str, NodeId>> = kws.iter().map(|k| k.properties.iter().map(|(n, id)| (n.as_str(), *id)).collect()).collect();
        let closed =
            kws.iter().any(|k| k.pattern_properties.is_empty() && k.additional_properties.is_some_and(|a| matches!(self.ir.nodes[a].body, Body::Bool(false))));
        let extra_schemas: Vec<NodeId> = kws.iter().filter_map(|k| k.additional_properties).collect();
        let any_patterns = kws.iter().any(|k| !k.pattern_properties.is_empty());
        let singular = names.iter().map(|n| names::type_name(&names::singular(n)).unwrap_or_else(|| n.clone())).collect::<Vec<_>>();
        let extra_ty = |this: &mut Self| -> TypeRef {
            if !any_patterns && !extra_schemas.is_empty() {
                this.plan(extra_schemas.clone(), &singular, Ctx::default())
            } else {
                TypeRef::Value
            }
        };
        if member_names.is_empty() && ctx.omit.is_none() {
            if closed {
                // An object that can only be empty.
                let id = self.reserve(nodes, names, key);
                self.types[id].kind = Kind::Struct { fields: vec![], extra: Extra::Deny, extra_field: "extra".into(), tag: None };
                return TypeRef::Named(id);
            }
            // A map: keys typed by `propertyNames`, values by the member schemas.
            let key_nodes: Vec<NodeId> = kws.iter().filter_map(|k| k.property_names).collect();
            let key_names: Vec<String> = singular.iter().map(|n| format!("{n}Key")).collect();
            let key_ty = if key_nodes.is_empty() {
                TypeRef::String
            } else {
                // Map keys need `Eq + Hash`: string enums, constants and
                // string newtypes have them; a union of key shapes is checked
                // by the validator and keyed by its text.
                match self.plan(key_nodes, &key_names, Ctx { restrict: Some(TypeSet::STRING), ..Ctx::default() }) {
                    TypeRef::Named(id) if matches!(self.types[id].kind, Kind::StringEnum { .. } | Kind::Newtype | Kind::Const(_)) => TypeRef::Named(id),
                    _ => TypeRef::String,
                }
            };
            let value_ty = extra_ty(self);
            return TypeRef::Map(Box::new(key_ty), Box::new(value_ty));
        }
        let id = self.reserve(nodes, names, key);
        let parent = self.types[id].candidates.first().cloned().unwrap_or_default();
        let mut fields = Vec::new();
        let mut used: std::collections::HashSet<String> = std::collections::HashSet::new();
        for name in &member_names {
            let mut schemas = Vec::new();
            for (k, index) in kws.iter().zip(&indexes) {
                if let Some(s) = self.member_schemas(k, index, name) {
                    schemas.extend(s);
                }
            }
            let required = kws.iter().any(|k| k.required.contains(name));
            let base = names::type_name(name).unwrap_or_else(|| "Member".to_owned());
            let qualifier = parent.strip_suffix("Payload").filter(|p| !p.is_empty()).unwrap_or(&parent);
            let field_names = vec![base.clone(), format!("{qualifier}{base}")];
            let ty = self.plan(schemas.clone(), &field_names, Ctx::default());
            let mut rust = names::field_name(name);
            while used.contains(&rust) {
                rust.push('_');
            }
            used.insert(rust.clone());
            let doc = self.doc_text(&schemas);
            let sensitive = schemas.iter().any(|n| self.is_sensitive(*n));
            fields.push(Field { json: name.clone(), rust, ty, required, doc, sensitive, node: schemas.first().copied() });
        }
        let extra = if closed { Extra::Deny } else { Extra::Keep(extra_ty(self)) };
        let mut extra_field = "extra".to_owned();
        while used.contains(&extra_field) {
            extra_field.push('_');
        }
        let tag = ctx.omit.clone().map(|t| {
            let v = nodes
                .iter()
                .filter_map(|n| self.ir.keywords(*n))
                .filter_map(|k| k.properties.iter().find(|(p, _)| *p == t))
                .filter_map(|(_, p)| self.ir.keywords(*p).and_then(|pk| pk.const_.clone()))
                .find_map(|c| c.as_str().map(str::to_owned))
                .unwrap_or_default();
            (t, v)
        });
        self.types[id].kind = Kind::Struct { fields, extra, extra_field, tag };
        TypeRef::Named(id)
    }

    /// A string `const` a branch gives member `name`, if any.
    fn branch_const(&self, branch: NodeId, name: &str) -> Option<String> {
        let nodes = self.expand(&[branch]);
        nodes.iter().find_map(|n| {
            let k = self.ir.keywords(*n)?;
            let (_, p) = k.properties.iter().find(|(p, _)| p == name)?;
            let pk = self.ir.keywords(*p)?;
            pk.const_.as_ref().and_then(Value::as_str).map(str::to_owned)
        })
    }

    /// The envelope shape: every branch only constrains the tag member (a
    /// string const, or a catch-all `not: {enum: [...]}`) and one payload member.
    fn envelope(&mut self, f: &Facts, nodes: &[NodeId], branches: &[NodeId], names: &[String], ctx: &Ctx, key: &(Vec<NodeId>, Ctx)) -> Option<TypeRef> {
        let base_props: Vec<String> = nodes.iter().filter_map(|n| self.ir.keywords(*n)).flat_map(|k| k.properties.iter().map(|(n, _)| n.clone())).collect();
        let mut tag: Option<String> = None;
        let mut member_set: Vec<String> = Vec::new();
        for b in branches {
            let k = self.ir.keywords(*b)?;
            if k.reference.is_some()
                || !k.all_of.is_empty()
                || !k.any_of.is_empty()
                || !k.one_of.is_empty()
                || k.types.is_some()
                || !k.required.is_empty()
                || k.additional_properties.is_some()
                || k.properties.is_empty()
            {
                return None;
            }
            for (p, _) in &k.properties {
                if !member_set.contains(p) {
                    member_set.push(p.clone());
                }
            }
        }
        if member_set.len() != 2 {
            return None;
        }
        for candidate in &member_set {
            let consts = branches.iter().filter(|b| self.branch_const(**b, candidate).is_some()).count();
            if consts + 1 >= branches.len() && consts >= 2 {
                tag = Some(candidate.clone());
            }
        }
        let tag = tag?;
        let payload = member_set.iter().find(|m| **m != tag)?.clone();
        let base_required: Vec<String> = nodes.iter().filter_map(|n| self.ir.keywords(*n)).flat_map(|k| k.required.clone()).collect();
        if !base_props.contains(&tag) || !base_props.contains(&payload) || !base_required.contains(&tag) || !base_required.contains(&payload) {
            return None;
        }
        let mut known: Vec<String> = Vec::new();
        let mut catch_all: Option<NodeId> = None;
        for b in branches {
            match self.branch_const(*b, &tag) {
                Some(c) if !known.contains(&c) => known.push(c),
                Some(_) => return None,
                None => {
                    if catch_all.is_some() {
                        return None;
                    }
                    // The catch-all must exclude exactly the known tags.
                    catch_all = Some(*b);
                }
            }
        }
        if let Some(c) = catch_all {
            let k = self.ir.keywords(c)?;
            let excluded: Option<Vec<String>> = k
                .properties
                .iter()
                .find(|(p, _)| *p == tag)
                .and_then(|(_, t)| self.ir.keywords(*t))
                .and_then(|tk| tk.not)
                .and_then(|n| self.ir.keywords(n))
                .and_then(|nk| nk.enum_.clone())
                .map(|vals| vals.iter().filter_map(|v| v.as_str().map(str::to_owned)).collect());
            let mut excluded = excluded?;
            let mut sorted_known = known.clone();
            excluded.sort();
            sorted_known.sort();
            if excluded != sorted_known {
                return None;
            }
        }
        let id = self.reserve(nodes, names, key);
        let env_name = self.types[id].candidates.first().cloned().unwrap_or_default();
        let enum_name = env_name.strip_suffix("Envelope").filter(|s| !s.is_empty()).map(str::to_owned).unwrap_or_else(|| format!("{env_name}Body"));
        // Plan the common members (all but tag and payload) as a struct.
        let kws: Vec<Keywords> = nodes.iter().filter_map(|n| self.ir.keywords(*n).cloned()).collect();
        let _ = f;
        let struct_ref = self.object(
            nodes,
            &kws,
            names,
            &Ctx { no_choices: true, ..ctx.clone() },
            &(vec![], Ctx { omit: Some(format!("\u{0}envelope:{id}")), ..Ctx::default() }),
        );
        let TypeRef::Named(struct_id) = struct_ref else { return None };
        let Kind::Struct { mut fields, extra, extra_field, .. } = self.types[struct_id].kind.clone() else { return None };
        // Tag and payload stay in the list (for member order) but are read
        // from the commands enum.
        for f in fields.iter_mut() {
            if f.json == tag || f.json == payload {
                f.ty = TypeRef::Value;
            }
        }
        // The struct was only a step: retire it.
        self.types[struct_id].kind = Kind::Alias(TypeRef::Value);
        self.types[struct_id].candidates = vec![format!("\u{0}retired{struct_id}")];
        let payload_base: Vec<NodeId> = kws.iter().filter_map(|k| k.properties.iter().find(|(p, _)| *p == payload).map(|(_, n)| *n)).collect();
        let commands_id = self.types.len();
        self.types.push(TypeDef {
            name: String::new(),
            nodes: nodes.to_vec(),
            doc: DocText { source: self.ir.location(nodes[0]), ..DocText::default() },
            kind: Kind::Alias(TypeRef::Value),
            candidates: vec![enum_name.clone()],
            sensitive: false,
            shape: format!("commands-of:{id}"),
            format: None,
        });
        let mut commands = Vec::new();
        for b in branches {
            let Some(tag_value) = self.branch_const(*b, &tag) else { continue };
            let bk = self.ir.keywords(*b)?.clone();
            let vname = bk.title.as_deref().and_then(names::type_name).or_else(|| names::type_name(&tag_value)).unwrap_or_else(|| "Command".to_owned());
            let mut payload_nodes = payload_base.clone();
            if let Some((_, p)) = bk.properties.iter().find(|(p, _)| *p == payload) {
                payload_nodes.push(*p);
            }
            let pname = names::type_name(&payload).unwrap_or_else(|| "Payload".to_owned());
            let ty = self.plan(payload_nodes, &[format!("{vname}{pname}")], Ctx::default());
            let doc = self.doc_text(&[*b]);
            commands.push(Command { name: vname, tag: tag_value, payload: ty, doc });
        }
        let unknown_payload = match catch_all {
            Some(c) => {
                let mut payload_nodes = payload_base.clone();
                if let Some((_, p)) = self.ir.keywords(c)?.properties.iter().find(|(p, _)| *p == payload) {
                    payload_nodes.push(*p);
                }
                self.plan(payload_nodes, &["UnknownPayload".to_owned()], Ctx::default())
            }
            None => TypeRef::Value,
        };
        self.types[commands_id].kind = Kind::Commands { commands, unknown: catch_all.is_some(), unknown_payload };
        self.types[id].kind = Kind::Envelope { fields, extra, extra_field, tag, payload, commands: commands_id };
        Some(TypeRef::Named(id))
    }

    fn union(&mut self, f: &Facts, nodes: &[NodeId], branches: &[NodeId], names: &[String], ctx: &Ctx, key: &(Vec<NodeId>, Ctx)) -> TypeRef {
        let sub_ctx = Ctx { no_choices: false, restrict: ctx.restrict, omit: None, sensitive: ctx.sensitive };
        // Branch facts: prune branches no value can satisfy.
        let mut live: Vec<(usize, NodeId, Vec<NodeId>)> = Vec::new();
        // A node that only holds this choice adds nothing once a branch is
        // taken: leave it out, so equal branches of different unions are one type.
        let base: Vec<NodeId> = nodes.iter().copied().filter(|n| !self.ir.keywords(*n).is_some_and(|k| is_choice_only(k, branches))).collect();
        for (i, b) in branches.iter().enumerate() {
            let mut conj: Vec<NodeId> = base.clone();
            conj.push(*b);
            let conj = self.expand(&conj);
            let bf = self.facts(&conj, &Ctx { no_choices: true, ..sub_ctx.clone() });
            if !bf.never {
                live.push((i, *b, conj));
            }
        }
        if live.is_empty() {
            return self.by_types(f, nodes, names, ctx, key, false);
        }
        // All string constants: a string enum.
        let consts: Vec<Option<String>> = live
            .iter()
            .map(|(_, _, conj)| {
                let bf = self.facts(conj, &Ctx { no_choices: true, ..Ctx::default() });
                match bf.consts.first() {
                    Some(Value::String(s)) => Some(s.clone()),
                    _ => None,
                }
            })
            .collect();
        if consts.iter().all(Option::is_some) && live.len() == branches.len() {
            let values: Vec<String> = consts.into_iter().flatten().collect();
            let id = self.reserve(nodes, names, key);
            self.types[id].kind = string_enum(&values, false);
            return TypeRef::Named(id);
        }
        let id = self.reserve(nodes, names, key);
        let union_name = self.types[id].candidates.first().cloned().unwrap_or_default();
        let suffix = names::last_word(&union_name).to_owned();
        // How are the branches told apart?
        let tag = self.tag_member(&live.iter().map(|(_, b, _)| *b).collect::<Vec<_>>());
        let by_type = self.disjoint_types(&live.iter().map(|(_, _, conj)| conj.as_slice()).collect::<Vec<_>>());
        let mut variants: Vec<Variant> = Vec::new();
        for (i, (_, b, conj)) in live.iter().enumerate() {
            let bk = self.ir.keywords(*b).cloned();
            let doc = self.doc_text(&[*b]);
            let bf = self.facts(conj, &Ctx { no_choices: true, ..Ctx::default() });
            let (vname, select, omit) = if let Some(t) = &tag {
                let v = self.branch_const(*b, t).unwrap_or_default();
                (names::type_name(&v).unwrap_or_else(|| "Empty".to_owned()), Select::Tag(v), Some(t.clone()))
            } else {
                let name = bk
                    .as_ref()
                    .and_then(|k| k.title.as_deref().and_then(names::type_name))
                    .or_else(|| bk.as_ref().and_then(|k| k.reference.as_ref()).and_then(|r| def_name(self.ir, r.target)))
                    .or_else(|| {
                        let req: Vec<&String> = bk.as_ref().map(|k| k.required.iter().collect()).unwrap_or_default();
                        if req.is_empty() {
                            None
                        } else {
                            names::type_name(&req.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(" "))
                        }
                    })
                    .or_else(|| single_type(bf.types).map(|t| type_variant_name(t).to_owned()));
                (name.unwrap_or_default(), Select::Branch { nodes: vec![*b], by_type: by_type.as_ref().map(|t| t[i]) }, None)
            };
            let sub = Ctx { no_choices: true, restrict: ctx.restrict, omit, sensitive: ctx.sensitive };
            let ty = self.plan(conj.clone(), &[format!("{vname}{suffix}"), format!("{union_name}{vname}")], sub);
            variants.push(Variant { name: vname, ty, select, doc });
        }
        // One value or many: [X, array of X] reads as One(X) / Many(Vec<X>).
        if variants.len() == 2 {
            if let (TypeRef::Vec(inner), other) | (other, TypeRef::Vec(inner)) = (variants[0].ty.clone(), variants[1].ty.clone()) {
                if self.same_type(&inner, &other) {
                    let (one, many) = if matches!(variants[0].ty, TypeRef::Vec(_)) { (1, 0) } else { (0, 1) };
                    variants[one].name = "One".to_owned();
                    variants[many].name = "Many".to_owned();
                    // The value type reads as the union's value: `AnswerValue`.
                    for t in [&other, inner.as_ref()] {
                        if let TypeRef::Named(x) = t {
                            self.types[*x].candidates.insert(0, format!("{union_name}Value"));
                        }
                    }
                }
            }
        }
        // Variant names must be present and distinct; else the union is a JSON value.
        let mut seen: Vec<&str> = Vec::new();
        let ok = variants.iter().all(|v| {
            let fresh = !v.name.is_empty() && !seen.contains(&v.name.as_str());
            seen.push(&v.name);
            fresh
        });
        if !ok {
            self.warn(nodes[0], "union branches have no distinct names (no tag, title or type to tell them apart); typed as a JSON value");
            self.types[id].kind = Kind::Alias(TypeRef::Value);
            return TypeRef::Value;
        }
        // Everything matches: an alias keeps the name (`JsonValue`).
        if variants.len() >= 6 && covers_everything(&variants) {
            self.types[id].kind = Kind::Alias(TypeRef::Value);
            return TypeRef::Named(id);
        }
        let nullable_variant = variants.iter().position(|v| v.ty == TypeRef::Null);
        self.types[id].kind = Kind::Union { variants, tag };
        let _ = nullable_variant;
        TypeRef::Named(id)
    }

    /// The JSON types each branch admits (conjunctions `branches`), when no
    /// two branches admit a common type; `None` otherwise.
    fn disjoint_types(&self, branches: &[&[NodeId]]) -> Option<Vec<u8>> {
        let mut taken = 0u8;
        let mut out = Vec::with_capacity(branches.len());
        for conj in branches {
            let types = widen(self.facts(conj, &Ctx { no_choices: true, ..Ctx::default() }).types);
            if types & taken != 0 {
                return None;
            }
            taken |= types;
            out.push(types);
        }
        Some(out)
    }

    /// Whether two planned types are the same (equal, or named types that
    /// deduplication will merge: same kind of shape and validation content).
    fn same_type(&self, a: &TypeRef, b: &TypeRef) -> bool {
        match (a, b) {
            (TypeRef::Named(x), TypeRef::Named(y)) => {
                let (tx, ty) = (&self.types[*x], &self.types[*y]);
                x == y
                    || (tx.shape == ty.shape
                        && matches!(
                            (&tx.kind, &ty.kind),
                            (Kind::Newtype, Kind::Newtype) | (Kind::Const(_), Kind::Const(_)) | (Kind::StringEnum { .. }, Kind::StringEnum { .. })
                        ))
            }
            _ => a == b,
        }
    }

    /// A member every branch requires and gives a distinct string `const`.
    fn tag_member(&self, branches: &[NodeId]) -> Option<String> {
        let first = self.expand(&[*branches.first()?]);
        let candidates: Vec<String> = first.iter().filter_map(|n| self.ir.keywords(*n)).flat_map(|k| k.properties.iter().map(|(p, _)| p.clone())).collect();
        'next: for name in candidates {
            let mut values = Vec::new();
            for b in branches {
                let expanded = self.expand(&[*b]);
                let required = expanded.iter().filter_map(|n| self.ir.keywords(*n)).any(|k| k.required.contains(&name));
                let Some(v) = self.branch_const(*b, &name) else { continue 'next };
                if !required || values.contains(&v) {
                    continue 'next;
                }
                values.push(v);
            }
            return Some(name);
        }
        None
    }

    /// Names, deduplication and ordering.
    fn finish(&mut self, root: TypeRef) -> (Vec<TypeDef>, TypeRef) {
        let mut types = std::mem::take(&mut self.types);
        // Retired helper types are dropped; everything else is kept if reachable.
        let rep = dedup(&types);
        let remap = |t: &TypeRef| remap_ref(t, &rep);
        for t in types.iter_mut() {
            remap_kind(&mut t.kind, &rep);
        }
        let root = remap(&root);
        // Merge name candidates into representatives.
        let mut merged: BTreeMap<usize, Vec<String>> = BTreeMap::new();
        for (i, t) in types.iter().enumerate() {
            let r = rep[i];
            let entry = merged.entry(r).or_default();
            for c in &t.candidates {
                entry.push(c.clone());
            }
        }
        // Reachable types from the root, in first-visit order.
        let mut order: Vec<usize> = Vec::new();
        let mut stack: Vec<TypeRef> = vec![root.clone()];
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
        // Choose names: the most common candidate first, then qualified ones.
        let mut chosen: HashMap<usize, String> = HashMap::new();
        let mut taken: HashMap<String, usize> = HashMap::new();
        let mut pending: Vec<(usize, Vec<String>)> = order
            .iter()
            .map(|&id| {
                let all = merged.get(&id).cloned().unwrap_or_default();
                let mut counts: Vec<(String, usize, usize)> = Vec::new();
                for (pos, c) in all.iter().enumerate() {
                    if c.starts_with('\u{0}') {
                        continue;
                    }
                    match counts.iter_mut().find(|(n, _, _)| n == c) {
                        Some(e) => e.1 += 1,
                        None => counts.push((c.clone(), 1, pos)),
                    }
                }
                // Settings overrides and `$defs` names come first in the list; keep them first.
                let first = counts.first().cloned();
                counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.2.cmp(&b.2)));
                if let Some(f) = first {
                    if f.2 == 0 && (types[id].candidates.first() == Some(&f.0)) {
                        counts.retain(|c| c.0 != f.0);
                        counts.insert(0, f);
                    }
                }
                (id, counts.into_iter().map(|c| c.0).collect())
            })
            .collect();
        // Round by round: a name wanted by several types goes to none of them.
        let mut round = 0;
        while !pending.is_empty() && round < 8 {
            let mut wanted: HashMap<String, Vec<usize>> = HashMap::new();
            for (id, cands) in &pending {
                if let Some(c) = cands.get(round.min(cands.len().saturating_sub(1))) {
                    wanted.entry(c.clone()).or_default().push(*id);
                }
            }
            let mut next = Vec::new();
            for (id, cands) in pending {
                let c = cands.get(round.min(cands.len().saturating_sub(1))).cloned().unwrap_or_default();
                let unique = wanted.get(&c).is_some_and(|v| v.len() == 1) && !taken.contains_key(&c);
                if unique && !c.is_empty() {
                    taken.insert(c.clone(), id);
                    chosen.insert(id, c);
                } else if round + 1 >= cands.len() {
                    // Out of candidates: number it, deterministically.
                    let name = numbered(if c.is_empty() { "Type" } else { &c }, &taken);
                    taken.insert(name.clone(), id);
                    chosen.insert(id, name);
                } else {
                    next.push((id, cands));
                }
            }
            pending = next;
            round += 1;
        }
        for (id, cands) in pending {
            let name = numbered(cands.last().map(String::as_str).unwrap_or("Type"), &taken);
            taken.insert(name.clone(), id);
            chosen.insert(id, name);
        }
        // Renumber in first-visit order.
        let new_index: HashMap<usize, usize> = order.iter().enumerate().map(|(i, id)| (*id, i)).collect();
        let mut out = Vec::new();
        for id in &order {
            let mut t = types[*id].clone();
            t.name = chosen.get(id).cloned().unwrap_or_else(|| "Type".to_owned());
            remap_kind(&mut t.kind, &(0..types.len()).map(|i| new_index.get(&i).copied().unwrap_or(0)).collect::<Vec<_>>());
            out.push(t);
        }
        let root = remap_ref(&root, &(0..types.len()).map(|i| new_index.get(&i).copied().unwrap_or(0)).collect::<Vec<_>>());
        (out, root)
    }
}

/// `base` with the smallest number from 2 up that no type has taken.
fn numbered(base: &str, taken: &HashMap<String, usize>) -> String {
    (2..).map(|n| format!("{base}{n}")).find(|name| !taken.contains_key(name)).unwrap_or_default()
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    bytes.iter().flat_map(|b| [DIGITS[(b >> 4) as usize] as char, DIGITS[(b & 15) as usize] as char]).collect()
}

/// Whether `k` does nothing but offer `branches` (and annotate).
fn is_choice_only(k: &Keywords, branches: &[NodeId]) -> bool {
    let offers = (k.any_of == branches && k.one_of.is_empty()) || (k.one_of == branches && k.any_of.is_empty());
    offers && k.reference.is_none() && k.only_references_and_choices()
}

fn def_name(ir: &Ir, target: NodeId) -> Option<String> {
    let p = &ir.nodes[target].pointer;
    let mut parts = p.rsplit('/');
    let (last, kw) = (parts.next()?, parts.next()?);
    (kw == "$defs" || kw == "definitions").then(|| names::type_name(&crate::load::unescape_token(last))).flatten()
}

fn single_type(t: u8) -> Option<u8> {
    let t = if t & TypeSet::NUMBER != 0 { t & !TypeSet::INTEGER } else { t };
    (t.count_ones() == 1).then_some(t)
}

fn type_variant_name(t: u8) -> &'static str {
    if t & TypeSet::NUMBER != 0 {
        return "Number";
    }
    match t {
        TypeSet::NULL => "Null",
        TypeSet::BOOLEAN => "Boolean",
        TypeSet::INTEGER => "Integer",
        TypeSet::STRING => "String",
        TypeSet::ARRAY => "Array",
        TypeSet::OBJECT => "Object",
        _ => "Value",
    }
}

fn primitive_of(t: u8) -> TypeRef {
    match t {
        TypeSet::NULL => TypeRef::Null,
        TypeSet::BOOLEAN => TypeRef::Bool,
        TypeSet::STRING => TypeRef::String,
        x if x == TypeSet::INTEGER | TypeSet::NUMBER => TypeRef::Integer,
        TypeSet::NUMBER => TypeRef::Number,
        _ => TypeRef::Value,
    }
}

fn string_enum(values: &[String], open: bool) -> Kind {
    let mut out: Vec<(String, String)> = Vec::new();
    for v in values {
        if out.iter().any(|(_, j)| j == v) {
            continue;
        }
        let mut name = names::type_name(v).unwrap_or_else(|| "Empty".to_owned());
        let base = name.clone();
        let mut n = 2;
        while out.iter().any(|(r, _)| *r == name) {
            name = format!("{base}{n}");
            n += 1;
        }
        out.push((name, v.clone()));
    }
    let mut other = "Other".to_owned();
    while out.iter().any(|(r, _)| *r == other) {
        other.push('_');
    }
    Kind::StringEnum { values: out, open, other }
}

/// Whether the variants, by type, cover every JSON value (the usual
/// "any JSON value" definition).
fn covers_everything(variants: &[Variant]) -> bool {
    let mut bits = 0;
    for v in variants {
        match (&v.select, &v.ty) {
            (_, TypeRef::Null) => bits |= TypeSet::NULL,
            (_, TypeRef::Bool) => bits |= TypeSet::BOOLEAN,
            (_, TypeRef::Number) => bits |= TypeSet::NUMBER,
            (_, TypeRef::String) => bits |= TypeSet::STRING,
            (_, TypeRef::Vec(inner)) if matches!(**inner, TypeRef::Value | TypeRef::Named(_)) => bits |= TypeSet::ARRAY,
            (_, TypeRef::Map(k, _)) if **k == TypeRef::String => bits |= TypeSet::OBJECT,
            _ => {}
        }
    }
    bits == TypeSet::ALL & !TypeSet::INTEGER
}

fn collect_named(t: &TypeRef, out: &mut Vec<usize>) {
    match t {
        TypeRef::Named(id) => out.push(*id),
        TypeRef::Nullable(x) | TypeRef::Vec(x) => collect_named(x, out),
        TypeRef::Map(k, v) => {
            collect_named(k, out);
            collect_named(v, out);
        }
        _ => {}
    }
}

/// Every type reference a kind holds, in order.
pub fn kind_refs(k: &Kind) -> Vec<TypeRef> {
    match k {
        Kind::Struct { fields, extra, .. } => {
            let mut v: Vec<TypeRef> = fields.iter().map(|f| f.ty.clone()).collect();
            if let Extra::Keep(t) = extra {
                v.push(t.clone());
            }
            v
        }
        Kind::Envelope { fields, extra, commands, .. } => {
            let mut v: Vec<TypeRef> = fields.iter().map(|f| f.ty.clone()).collect();
            v.push(TypeRef::Named(*commands));
            if let Extra::Keep(t) = extra {
                v.push(t.clone());
            }
            v
        }
        Kind::Commands { commands, unknown_payload, .. } => {
            let mut v: Vec<TypeRef> = commands.iter().map(|c| c.payload.clone()).collect();
            v.push(unknown_payload.clone());
            v
        }
        Kind::Union { variants, .. } => variants.iter().map(|v| v.ty.clone()).collect(),
        Kind::Alias(t) => vec![t.clone()],
        Kind::StringEnum { .. } | Kind::Newtype | Kind::Const(_) => vec![],
    }
}

fn remap_ref(t: &TypeRef, map: &[usize]) -> TypeRef {
    match t {
        TypeRef::Named(id) => TypeRef::Named(map.get(*id).copied().unwrap_or(*id)),
        TypeRef::Nullable(x) => TypeRef::Nullable(Box::new(remap_ref(x, map))),
        TypeRef::Vec(x) => TypeRef::Vec(Box::new(remap_ref(x, map))),
        TypeRef::Map(k, v) => TypeRef::Map(Box::new(remap_ref(k, map)), Box::new(remap_ref(v, map))),
        other => other.clone(),
    }
}

fn remap_kind(k: &mut Kind, map: &[usize]) {
    match k {
        Kind::Struct { fields, extra, .. } => {
            for f in fields {
                f.ty = remap_ref(&f.ty, map);
            }
            if let Extra::Keep(t) = extra {
                *t = remap_ref(t, map);
            }
        }
        Kind::Envelope { fields, extra, commands, .. } => {
            for f in fields {
                f.ty = remap_ref(&f.ty, map);
            }
            if let Extra::Keep(t) = extra {
                *t = remap_ref(t, map);
            }
            *commands = map.get(*commands).copied().unwrap_or(*commands);
        }
        Kind::Commands { commands, unknown_payload, .. } => {
            for c in commands {
                c.payload = remap_ref(&c.payload, map);
            }
            *unknown_payload = remap_ref(unknown_payload, map);
        }
        Kind::Union { variants, .. } => {
            for v in variants {
                v.ty = remap_ref(&v.ty, map);
            }
        }
        Kind::Alias(t) => *t = remap_ref(t, map),
        Kind::StringEnum { .. } | Kind::Newtype | Kind::Const(_) => {}
    }
}

/// Pairs of type names in `module` that have the same shape (the plan
/// merges these, so this is empty unless deduplication has a bug).
pub fn duplicate_shapes(module: &ModulePlan) -> Vec<(String, String)> {
    let rep = dedup(&module.types);
    rep.iter().enumerate().filter(|(i, r)| *i != **r).map(|(i, r)| (module.types[*r].name.clone(), module.types[i].name.clone())).collect()
}

/// Structural deduplication: types with the same shape and the same
/// validation content become one (partition refinement, so recursive types
/// compare correctly). Returns each type's representative.
fn dedup(types: &[TypeDef]) -> Vec<usize> {
    let local: Vec<String> = types.iter().map(local_signature).collect();
    let mut class: Vec<usize> = intern(&local);
    loop {
        let sigs: Vec<String> = types
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let refs: Vec<String> = kind_refs(&t.kind).iter().map(|r| ref_signature(r, &class)).collect();
                format!("{}|{}", class[i], refs.join(","))
            })
            .collect();
        let next = intern(&sigs);
        let before = class.iter().collect::<std::collections::HashSet<_>>().len();
        let after = next.iter().collect::<std::collections::HashSet<_>>().len();
        class = next;
        if before == after {
            break;
        }
    }
    // Representative: the first type of each class.
    let mut first: HashMap<usize, usize> = HashMap::new();
    class.iter().enumerate().map(|(i, c)| *first.entry(*c).or_insert(i)).collect()
}

fn intern(sigs: &[String]) -> Vec<usize> {
    let mut ids: HashMap<&String, usize> = HashMap::new();
    sigs.iter()
        .map(|s| {
            let n = ids.len();
            *ids.entry(s).or_insert(n)
        })
        .collect()
}

fn ref_signature(t: &TypeRef, class: &[usize]) -> String {
    match t {
        TypeRef::Named(id) => format!("#{}", class[*id]),
        TypeRef::Nullable(x) => format!("?{}", ref_signature(x, class)),
        TypeRef::Vec(x) => format!("[{}]", ref_signature(x, class)),
        TypeRef::Map(k, v) => format!("{{{}:{}}}", ref_signature(k, class), ref_signature(v, class)),
        other => format!("{other:?}"),
    }
}

/// A type's shape without the types it refers to, plus the validation
/// content of its schemas (so equal shapes with different rules stay apart).
fn local_signature(t: &TypeDef) -> String {
    let kind = match &t.kind {
        Kind::Struct { fields, extra, tag, .. } => {
            let f: Vec<String> = fields.iter().map(|f| format!("{}:{}:{}", f.json, f.rust, f.required)).collect();
            format!("struct({});{:?};{:?}", f.join(","), matches!(extra, Extra::Deny), tag)
        }
        Kind::StringEnum { values, open, .. } => format!("enum({values:?},{open})"),
        Kind::Newtype => "newtype".to_owned(),
        Kind::Const(s) => format!("const({s:?})"),
        Kind::Union { variants, tag } => {
            let v: Vec<String> = variants.iter().map(|v| format!("{}:{:?}", v.name, v.select)).collect();
            format!("union({});{tag:?}", v.join(","))
        }
        Kind::Envelope { fields, tag, payload, .. } => {
            let f: Vec<String> = fields.iter().map(|f| f.json.clone()).collect();
            format!("envelope({});{tag};{payload}", f.join(","))
        }
        Kind::Commands { commands, unknown, .. } => {
            let c: Vec<String> = commands.iter().map(|c| format!("{}:{}", c.name, c.tag)).collect();
            format!("commands({});{unknown}", c.join(","))
        }
        Kind::Alias(_) => "alias".to_owned(),
    };
    // Envelopes, unions selected by branch, and aliases keep identity: they
    // refer to schema nodes directly.
    let identity = match &t.kind {
        Kind::Envelope { .. } | Kind::Commands { .. } => format!("{:?}", t.nodes),
        Kind::Union { variants, .. } if variants.iter().any(|v| matches!(v.select, Select::Branch { by_type: None, .. })) => format!("{:?}", t.nodes),
        Kind::Alias(_) => format!("{:?}", t.candidates),
        _ => String::new(),
    };
    format!("{kind};{};{identity};{}", t.sensitive, t.shape)
}
