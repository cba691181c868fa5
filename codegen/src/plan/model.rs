//! The plan's model: the Rust types a module gets (what [`super::plan`]
//! produces and `emit` and `docs` read), and walks over the references
//! between them.

use crate::ir::NodeId;
use crate::load::DocId;
use crate::Warning;
use serde_json::Value;
use std::collections::HashMap;

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
    /// `(A, B, …)`: an array of exactly these items, in order (a tuple).
    Tuple(Vec<TypeRef>),
    /// An ordered map from member names (key type) to values.
    Map(Box<TypeRef>, Box<TypeRef>),
    /// The type parameter `T` of a generic type (a union whose places
    /// differ only in what one variant holds).
    Param,
    /// A generic type given its parameter: `RuleNumberOrStringOrArray<(Level, Options)>`.
    Apply(TypeId, Box<TypeRef>),
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
    /// `readOnly`
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
    /// The JSON type is one of these [`TypeSet`](crate::ir::TypeSet) bits.
    JsonType(u8),
    /// The value is valid against these subschemas (first match wins, as
    /// `anyOf` reads; `oneOf` has exactly one).
    Branch {
        /// The branch's subschemas.
        nodes: Vec<NodeId>,
        /// The JSON types ([`TypeSet`](crate::ir::TypeSet) bits) this branch alone admits, when
        /// the union's branches admit pairwise disjoint types: a value the
        /// union accepts is then in the branch of its JSON type, so the
        /// type tells the variant without running the branch's validator.
        by_type: Option<u8>,
    },
}

impl Select {
    /// The JSON types ([`TypeSet`](crate::ir::TypeSet) bits) that alone tell
    /// this variant, when the JSON type of a value does.
    pub fn json_types(&self) -> Option<u8> {
        match self {
            Select::JsonType(mask) | Select::Branch { by_type: Some(mask), .. } => Some(*mask),
            Select::Tag(_) | Select::Branch { by_type: None, .. } => None,
        }
    }
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
        /// (JSON value, description) for values that a union branch of
        /// their own describes (`{"const": "babel", "description": "JavaScript"}`).
        described: Vec<(String, String)>,
    },
    /// A set of integers (`enum: [512, 2048]`, or `oneOf` of integer
    /// `const`s): a Rust enum of unit variants, held as `rt::Spelled<T>`
    /// so that a value written `5.12e2` is written back so.
    IntegerEnum {
        /// (Rust variant, value) pairs.
        values: Vec<(String, i64)>,
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

/// Which schemas a generated type's values are checked against.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Validation {
    /// Its own: the conjunction of these subschemas, wherever it is used
    /// (its `Contract`, its one-pass reader, its rustdoc constraints).
    Own(Vec<NodeId>),
    /// Places with the same Rust shape but different schemas share the
    /// type (260 ESLint rules, each `number | string | [options]` with its
    /// own options): each place validates with its own schemas (the
    /// parent's validator and reader), so the type has none of its own and
    /// no standalone `Contract`. One conjunction per place, in plan order.
    PerLocation(Vec<Vec<NodeId>>),
}

impl Validation {
    /// The type's own subschemas, when it has its own schema.
    pub fn own(&self) -> Option<&[NodeId]> {
        match self {
            Validation::Own(nodes) => Some(nodes),
            Validation::PerLocation(_) => None,
        }
    }
}

/// One generated type.
#[derive(Clone, Debug)]
pub struct TypeDef {
    /// Its Rust name.
    pub name: String,
    /// Which schemas its values are checked against.
    pub validation: Validation,
    /// Its documentation.
    pub doc: DocText,
    /// Its shape.
    pub kind: Kind,
    /// Name candidates, best first (the plan picks the first free one).
    pub candidates: Vec<String>,
    /// The first candidate is the type's own (its `$defs` key or a settings
    /// override), which it keeps against types that only derive the name
    /// from a place.
    pub owns_first_candidate: bool,
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
    /// The type of each `$defs`/`definitions` entry that is API
    /// ([`crate::ir::Ir::definitions`]), by key.
    pub definitions: Vec<(String, TypeRef)>,
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

/// Adds the generated types `t` names (directly or inside `Option`, `Vec`, maps) to `out`.
pub(super) fn collect_named(t: &TypeRef, out: &mut Vec<usize>) {
    match t {
        TypeRef::Named(id) => out.push(*id),
        TypeRef::Apply(id, x) => {
            out.push(*id);
            collect_named(x, out);
        }
        TypeRef::Nullable(x) | TypeRef::Vec(x) => collect_named(x, out),
        TypeRef::Tuple(items) => items.iter().for_each(|x| collect_named(x, out)),
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
        Kind::StringEnum { .. } | Kind::IntegerEnum { .. } | Kind::Newtype | Kind::Const(_) => vec![],
    }
}

/// `t` with each generated type replaced by its entry in `map`.
pub(super) fn remap_ref(t: &TypeRef, map: &[usize]) -> TypeRef {
    match t {
        TypeRef::Named(id) => TypeRef::Named(map.get(*id).copied().unwrap_or(*id)),
        TypeRef::Apply(id, x) => TypeRef::Apply(map.get(*id).copied().unwrap_or(*id), Box::new(remap_ref(x, map))),
        TypeRef::Nullable(x) => TypeRef::Nullable(Box::new(remap_ref(x, map))),
        TypeRef::Vec(x) => TypeRef::Vec(Box::new(remap_ref(x, map))),
        TypeRef::Tuple(items) => TypeRef::Tuple(items.iter().map(|x| remap_ref(x, map)).collect()),
        TypeRef::Map(k, v) => TypeRef::Map(Box::new(remap_ref(k, map)), Box::new(remap_ref(v, map))),
        other => other.clone(),
    }
}

/// `k` with each generated type replaced by its entry in `map`.
pub(super) fn remap_kind(k: &mut Kind, map: &[usize]) {
    map_kind(k, &|t| remap_ref(t, map));
    if let Kind::Envelope { commands, .. } = k {
        *commands = map.get(*commands).copied().unwrap_or(*commands);
    }
}

/// `k` with each type reference it holds replaced by `f` of it.
pub(super) fn map_kind(k: &mut Kind, f: &dyn Fn(&TypeRef) -> TypeRef) {
    match k {
        Kind::Struct { fields, extra, .. } | Kind::Envelope { fields, extra, .. } => {
            for field in fields {
                field.ty = f(&field.ty);
            }
            if let Extra::Keep(t) = extra {
                *t = f(t);
            }
        }
        Kind::Commands { commands, unknown_payload, .. } => {
            for c in commands {
                c.payload = f(&c.payload);
            }
            *unknown_payload = f(unknown_payload);
        }
        Kind::Union { variants, .. } => {
            for v in variants {
                v.ty = f(&v.ty);
            }
        }
        Kind::Alias(t) => *t = f(t),
        Kind::StringEnum { .. } | Kind::IntegerEnum { .. } | Kind::Newtype | Kind::Const(_) => {}
    }
}

/// `t` with every generated type that `instances` names replaced by what
/// it maps to (a generic type given its parameter).
pub(super) fn substitute(t: &TypeRef, instances: &HashMap<TypeId, TypeRef>) -> TypeRef {
    let sub = |x: &TypeRef| Box::new(substitute(x, instances));
    match t {
        TypeRef::Named(id) => instances.get(id).cloned().unwrap_or_else(|| t.clone()),
        TypeRef::Apply(id, x) => TypeRef::Apply(*id, sub(x)),
        TypeRef::Nullable(x) => TypeRef::Nullable(sub(x)),
        TypeRef::Vec(x) => TypeRef::Vec(sub(x)),
        TypeRef::Tuple(items) => TypeRef::Tuple(items.iter().map(|x| substitute(x, instances)).collect()),
        TypeRef::Map(k, v) => TypeRef::Map(sub(k), sub(v)),
        TypeRef::Value | TypeRef::String | TypeRef::Bool | TypeRef::Integer | TypeRef::Number | TypeRef::Null | TypeRef::Param => t.clone(),
    }
}

/// A generic type's variant type `t` with its parameter given: `arg` for `T`
/// (the variant's type, or an item of its tuple: `(Level, T)`).
pub fn instantiate(t: &TypeRef, arg: &TypeRef) -> TypeRef {
    match t {
        TypeRef::Param => arg.clone(),
        TypeRef::Tuple(items) => TypeRef::Tuple(items.iter().map(|x| instantiate(x, arg)).collect()),
        other => other.clone(),
    }
}

/// Whether a generic type's variant type `t` holds its parameter.
pub fn holds_param(t: &TypeRef) -> bool {
    match t {
        TypeRef::Param => true,
        TypeRef::Tuple(items) => items.iter().any(holds_param),
        _ => false,
    }
}

/// For each type of `plan`, whether it is written inside the tagged unions
/// that hold it, as a struct variant (`Dog { bark: String }`, as a user
/// would write it) rather than as a struct of its own: a struct whose tag
/// the union writes (`Kind::Struct { tag: Some(_) }`), held directly by
/// tagged-union variants and by nothing else (not the root, not a
/// definition, which are API), with no sensitive member (a struct's `Debug`
/// redacts those; a derived one would not).
pub fn struct_variants(plan: &ModulePlan) -> Vec<bool> {
    let n = plan.types.len();
    let mut inline: Vec<bool> =
        plan.types.iter().map(|t| matches!(&t.kind, Kind::Struct { fields, .. } if !t.sensitive && !fields.iter().any(|f| f.sensitive))).collect();
    // How many unions hold each struct as a variant they can write inline.
    let mut held = vec![0usize; n];
    let mut elsewhere: Vec<usize> = Vec::new();
    collect_named(&plan.root, &mut elsewhere);
    for (_, t) in &plan.definitions {
        collect_named(t, &mut elsewhere);
    }
    for t in &plan.types {
        match &t.kind {
            Kind::Union { variants, tag } => {
                // A union told apart by JSON type is written by `union_by_type!`, which takes plain variants.
                let by_type = variants.iter().any(|v| v.select.json_types().is_some());
                for v in variants {
                    match (&v.ty, &v.select, tag) {
                        (TypeRef::Named(id), Select::Tag(_), Some(_)) => held[*id] += 1,
                        (TypeRef::Named(id), Select::Branch { .. }, None) if !by_type => held[*id] += 1,
                        (other, _, _) => collect_named(other, &mut elsewhere),
                    }
                }
            }
            k => {
                for r in kind_refs(k) {
                    collect_named(&r, &mut elsewhere);
                }
            }
        }
    }
    for id in elsewhere {
        if let Some(x) = inline.get_mut(id) {
            *x = false;
        }
    }
    for (x, h) in inline.iter_mut().zip(held) {
        *x &= h == 1;
    }
    inline
}
