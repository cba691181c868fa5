//! Generic unions: unions told apart by JSON type that differ only in what
//! one variant holds become one generic type, each place naming what it
//! holds there. 171 ESLint rules are each `number | string | [level,
//! options]` with options of their own: one `RuleNumberOrStringOrArray<T>`
//! instead of 171 enums, each with its parser, writer and reader.
//!
//! Runs after deduplication, on the representatives: what is left apart
//! there differs in a type, and only a type.

use super::model::{collect_named, kind_refs, map_kind, substitute};
use super::{common_doc, names, Kind, TypeDef, TypeId, TypeRef, Validation};
use crate::ir::{Ir, NodeId};
use std::collections::{BTreeMap, HashMap, HashSet};

/// The fewest unions one generic type stands for (two alike are clearer
/// written out).
const MIN_INSTANCES: usize = 3;

/// Replaces each group of like unions among `live` (the types still in use)
/// by a generic type appended to `types`, and every reference to a member
/// (in `types` and in `entries`) by the generic given the member's own
/// variant type. `pinned` (the root and the definitions: API, each with its
/// `Contract`) stay as they are. Returns the generic types added.
pub(super) fn generalize(ir: &Ir, types: &mut Vec<TypeDef>, entries: &mut [TypeRef], live: &[TypeId], pinned: &HashSet<TypeId>) -> Vec<TypeId> {
    // Each eligible union, once per variant that may be the parameter.
    let mut groups: BTreeMap<(String, usize), Vec<TypeId>> = BTreeMap::new();
    let (mut state, mut memo) = (vec![0u8; types.len()], vec![None; types.len()]);
    for &id in live {
        let t = &types[id];
        if pinned.contains(&id) || t.sensitive || !by_type(&t.kind) || reaches_cycle(types, id, &mut state, &mut memo) {
            continue;
        }
        let Kind::Union { variants, .. } = &t.kind else { continue };
        for hole in 0..variants.len() {
            if matches!(variants[hole].ty, TypeRef::Null) {
                continue; // a unit variant holds nothing to vary
            }
            // By JSON type, not by branch: a branch's subschemas are each place's own.
            let key: Vec<String> = variants
                .iter()
                .enumerate()
                .map(|(i, v)| format!("{}:{:?}:{}", v.name, v.select.json_types(), if i == hole { "T".to_owned() } else { format!("{:?}", v.ty) }))
                .collect();
            groups.entry((key.join(","), hole)).or_default().push(id);
        }
    }
    // Largest groups first; a union joins one group.
    let mut order: Vec<((String, usize), Vec<TypeId>)> = groups.into_iter().collect();
    order.sort_by(|a, b| b.1.len().cmp(&a.1.len()).then(a.1.first().cmp(&b.1.first())));
    let mut taken: HashSet<TypeId> = HashSet::new();
    let mut instances: HashMap<TypeId, TypeRef> = HashMap::new();
    let mut added = Vec::new();
    for ((_, hole), members) in order {
        let members: Vec<TypeId> = members.into_iter().filter(|m| !taken.contains(m)).collect();
        if members.len() < MIN_INSTANCES {
            continue;
        }
        let g = types.len();
        // Each member with what it holds in the varying variant.
        let held: Vec<(TypeId, TypeRef)> = members
            .iter()
            .filter_map(|m| match &types[*m].kind {
                Kind::Union { variants, .. } => Some((*m, variants[hole].ty.clone())),
                _ => None,
            })
            .collect();
        let item = varying_item(&held.iter().map(|(_, t)| t).collect::<Vec<_>>());
        types.push(generic(ir, types, &members, hole, item));
        for (m, held) in held {
            taken.insert(m);
            // The parameter is what differs: the tuple's item, or all it holds.
            let arg = match (item, held) {
                (Some(i), TypeRef::Tuple(mut items)) => items.swap_remove(i),
                (_, held) => held,
            };
            instances.insert(m, TypeRef::Apply(g, Box::new(arg)));
        }
        added.push(g);
    }
    if instances.is_empty() {
        return added;
    }
    // Parameters may themselves be instances (an option that is a rule).
    let close = |t: &TypeRef| {
        let mut t = t.clone();
        loop {
            let next = substitute(&t, &instances);
            if next == t {
                return t;
            }
            t = next;
        }
    };
    for t in types.iter_mut() {
        map_kind(&mut t.kind, &close);
    }
    for e in entries.iter_mut() {
        *e = close(e);
    }
    added
}

/// When every member's `hole` is a tuple of one length whose items are
/// the same but at one position: that position. ESLint's rules hold
/// `(Level, Options)` with the level the same everywhere, so the parameter
/// is the options (`RuleNumberOrStringOrArray<ArraySuffixItem1>`), and
/// the level is written once, in the generic type.
fn varying_item(holes: &[&TypeRef]) -> Option<usize> {
    let tuples: Vec<&Vec<TypeRef>> = holes
        .iter()
        .map(|h| match h {
            TypeRef::Tuple(items) => Some(items),
            _ => None,
        })
        .collect::<Option<_>>()?;
    let first = tuples.first()?;
    if tuples.iter().any(|t| t.len() != first.len()) {
        return None;
    }
    let varying: Vec<usize> = (0..first.len()).filter(|&i| tuples.iter().any(|t| t[i] != first[i])).collect();
    match varying.as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// The generic type standing for `members`, variant `hole` its parameter
/// (or, with `item`, that item of the variant's tuple): what the members
/// agree on (text, variant docs), every member's places (each validates
/// with its own schemas), a name none of them has alone.
fn generic(ir: &Ir, types: &[TypeDef], members: &[TypeId], hole: usize, item: Option<usize>) -> TypeDef {
    let first = &types[members[0]];
    let mut places: Vec<Vec<NodeId>> = Vec::new();
    for m in members {
        let own: Vec<Vec<NodeId>> = match &types[*m].validation {
            Validation::Own(nodes) => vec![nodes.clone()],
            Validation::PerLocation(ps) => ps.clone(),
        };
        for p in own {
            if !places.contains(&p) {
                places.push(p);
            }
        }
    }
    let Kind::Union { variants, tag } = &first.kind else { unreachable!("only unions are grouped") };
    let mut variants = variants.clone();
    for (j, v) in variants.iter_mut().enumerate() {
        let docs: Vec<_> = members
            .iter()
            .filter_map(|m| match &types[*m].kind {
                Kind::Union { variants, .. } => variants.get(j).map(|v| v.doc.clone()),
                _ => None,
            })
            .collect();
        v.doc = common_doc(&docs);
        if j == hole {
            v.ty = match (item, &v.ty) {
                (Some(i), TypeRef::Tuple(items)) => {
                    TypeRef::Tuple(items.iter().enumerate().map(|(k, x)| if k == i { TypeRef::Param } else { x.clone() }).collect())
                }
                _ => TypeRef::Param,
            };
        }
    }
    let variant_names: Vec<String> = variants.iter().map(|v| v.name.clone()).collect();
    // Named for the definition every place is (or references), else for
    // its variants: a shape that a definition and other places happen to
    // share is not that definition (package.json's `bugs` and `bin` are
    // `string | object` as `person` is, and no person). The definitions
    // among the places come next, for when another type takes the name.
    let defs = names::def_names(ir, places.iter().flatten());
    let every_place = |d: &String| places.iter().all(|p| p.iter().any(|n| names::def_name(ir, *n).as_ref() == Some(d)));
    let mut candidates = match defs.as_slice() {
        [one] if every_place(one) => Vec::new(),
        _ => vec![names::either(&variant_names)],
    };
    candidates.extend(defs);
    let docs: Vec<_> = members.iter().map(|m| types[*m].doc.clone()).collect();
    TypeDef {
        name: String::new(),
        validation: Validation::PerLocation(places),
        doc: common_doc(&docs),
        kind: Kind::Union { variants, tag: tag.clone() },
        candidates,
        owns_first_candidate: false,
        sensitive: false,
        shape: first.shape.clone(),
        format: None,
    }
}

/// A union the JSON type of a value tells the variant of (written by
/// `union_by_type!`, which a generic enum can take).
fn by_type(k: &Kind) -> bool {
    matches!(k, Kind::Union { variants, tag: None } if !variants.is_empty() && variants.iter().all(|v| v.select.json_types().is_some()))
}

/// Whether a cycle of types can be reached from type `x` (one that holds
/// itself, or holds one that does): such unions are left as they are, so
/// that a parameter never has to be boxed. `state` marks the types on the
/// walk's path (1) and those done (2); `memo` keeps the answers.
fn reaches_cycle(types: &[TypeDef], x: TypeId, state: &mut [u8], memo: &mut [Option<bool>]) -> bool {
    if let Some(known) = memo[x] {
        return known;
    }
    if state[x] == 1 {
        return true;
    }
    state[x] = 1;
    let mut next = Vec::new();
    for r in kind_refs(&types[x].kind) {
        collect_named(&r, &mut next);
    }
    let mut found = false;
    for y in next {
        if reaches_cycle(types, y, state, memo) {
            found = true;
            break;
        }
    }
    state[x] = 2;
    memo[x] = Some(found);
    found
}
