//! Deduplication, by partition refinement (so recursive types compare
//! correctly): types with the same shape and the same validation content
//! become one ([`dedup`]); then types with the same Rust shape whose
//! validation differs but lives outside the type become one as well
//! ([`share`]), each place validating with its own schemas
//! ([`Validation::PerLocation`](super::Validation::PerLocation)).

use super::{kind_refs, Extra, Kind, ModulePlan, Select, TypeDef, TypeRef};
use std::collections::{HashMap, HashSet};

/// Pairs of type names in `module` that have the same shape (the plan
/// merges these, so this is empty unless deduplication has a bug).
pub fn duplicate_shapes(module: &ModulePlan) -> Vec<(String, String)> {
    let named = |t: &TypeRef| match t {
        TypeRef::Named(id) => Some(*id),
        _ => None,
    };
    let api: Vec<usize> = module.definitions.iter().filter_map(|(_, t)| named(t)).collect();
    let rep = share(&module.types, named(&module.root), &api);
    rep.iter().enumerate().filter(|(i, r)| *i != **r).map(|(i, r)| (module.types[*r].name.clone(), module.types[i].name.clone())).collect()
}

/// Structural deduplication: types with the same shape and the same
/// validation content become one. Returns each type's representative.
pub(super) fn dedup(types: &[TypeDef]) -> Vec<usize> {
    let local: Vec<String> = types.iter().map(|t| local_signature(t, true)).collect();
    refine(types, local)
}

/// Deduplication up to validation: [`dedup`], and besides, types whose
/// Rust value does not depend on their schemas ([`validated_outside`])
/// become one when their Rust shapes are equal, whatever they validate.
/// The root type and the definitions (`api`) keep their own schemas: they
/// are the module's entry points, each with its `Contract`.
pub(super) fn share(types: &[TypeDef], root: Option<usize>, api: &[usize]) -> Vec<usize> {
    // A place that validates exactly as the root or a definition is that
    // type (it keeps its schemas); only the others may share per place.
    let same = dedup(types);
    let pinned: HashSet<usize> = root.iter().chain(api).map(|i| same[*i]).collect();
    let local: Vec<String> = types
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let strict = pinned.contains(&same[i]) || !validated_outside(t);
            local_signature(t, strict)
        })
        .collect();
    refine(types, local)
}

/// Whether a value of `t` is built and written the same whatever schema
/// it was validated with, so that places validating differently can share
/// it: not a newtype (its constructor checks its schema), an envelope or a
/// union whose parser runs a branch's validator to choose the variant.
fn validated_outside(t: &TypeDef) -> bool {
    match &t.kind {
        Kind::Struct { .. } | Kind::StringEnum { .. } | Kind::IntegerEnum { .. } | Kind::Const(_) => true,
        Kind::Union { variants, .. } => variants.iter().all(|v| !matches!(v.select, Select::Branch { by_type: None, .. })),
        Kind::Newtype | Kind::Envelope { .. } | Kind::Commands { .. } | Kind::Alias(_) => false,
    }
}

/// Partition refinement from the local signatures: two types stay in one
/// class while their signatures and the classes of the types they refer to
/// agree. Returns each type's representative (the first of its class).
fn refine(types: &[TypeDef], local: Vec<String>) -> Vec<usize> {
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
        let before = class.iter().collect::<HashSet<_>>().len();
        let after = next.iter().collect::<HashSet<_>>().len();
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
        TypeRef::Tuple(items) => format!("({})", items.iter().map(|x| ref_signature(x, class)).collect::<Vec<_>>().join(",")),
        TypeRef::Map(k, v) => format!("{{{}:{}}}", ref_signature(k, class), ref_signature(v, class)),
        other => format!("{other:?}"),
    }
}

/// A type's shape without the types it refers to, plus (when `strict`)
/// the validation content of its schemas (so equal shapes with different
/// rules stay apart).
fn local_signature(t: &TypeDef, strict: bool) -> String {
    let kind = match &t.kind {
        Kind::Struct { fields, extra, tag, .. } => {
            let f: Vec<String> = fields.iter().map(|f| format!("{}:{}:{}", f.json, f.rust, f.required)).collect();
            format!("struct({});{:?};{:?}", f.join(","), matches!(extra, Extra::Deny), tag)
        }
        Kind::StringEnum { values, open, .. } => format!("enum({values:?},{open})"),
        Kind::IntegerEnum { values } => format!("integers({values:?})"),
        Kind::Newtype => "newtype".to_owned(),
        Kind::Const(s) => format!("const({s:?})"),
        Kind::Union { variants, tag } => {
            let v: Vec<String> = variants.iter().map(|v| format!("{}:{}", v.name, select_signature(&v.select))).collect();
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
        Kind::Envelope { .. } | Kind::Commands { .. } => format!("{:?}", t.validation),
        Kind::Union { variants, .. } if variants.iter().any(|v| matches!(v.select, Select::Branch { by_type: None, .. })) => format!("{:?}", t.validation),
        Kind::Alias(_) => format!("{:?}", t.candidates),
        _ => String::new(),
    };
    // A type that keeps its schemas never shares a class with one that
    // lets its places validate (even where its schemas say nothing).
    let validation = if strict { format!("own:{}", t.shape) } else { "per-place".to_owned() };
    format!("{kind};{};{identity};{validation}", t.sensitive)
}

/// How a variant is recognised: a branch told apart by its JSON type is
/// recognised as a variant of a union by type is (its subschemas are
/// validation content, compared apart).
fn select_signature(s: &Select) -> String {
    match s {
        Select::Branch { by_type: Some(mask), .. } | Select::JsonType(mask) => format!("by-type({mask})"),
        other => format!("{other:?}"),
    }
}

/// Lower-case hexadecimal, for shape hashes.
pub(super) fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    bytes.iter().flat_map(|b| [DIGITS[(b >> 4) as usize] as char, DIGITS[(b & 15) as usize] as char]).collect()
}
