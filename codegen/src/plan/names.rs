//! Choosing type names: candidates from the schema (definition keys,
//! titles, property names, tag values), then one name per type, stable
//! when types are added elsewhere. Spelling an identifier is [`crate::ident`]'s job.

use super::{Kind, TypeDef};
use crate::ident::type_name;
use crate::ir::{Ir, NodeId, TypeSet};
use std::collections::{BTreeMap, HashMap};

/// A plural word made singular, for array items and map values
/// (`phases` → `phase`, `modelOverrides` → `modelOverride`, `answers` → `answer`).
pub fn singular(word: &str) -> String {
    let w = word;
    if let Some(stem) = w.strip_suffix("ies") {
        return format!("{stem}y");
    }
    for suffix in ["sses", "shes", "ches", "xes"] {
        if let Some(stem) = w.strip_suffix(suffix) {
            return format!("{stem}{}", &suffix[..suffix.len() - 2]);
        }
    }
    if w.ends_with("ss") || w.ends_with("us") || w.ends_with("is") {
        return w.to_owned();
    }
    match w.strip_suffix('s') {
        Some(stem) if !stem.is_empty() => stem.to_owned(),
        _ => w.to_owned(),
    }
}

/// The last word of an `UpperCamelCase` name (`InspectTarget` → `Target`).
pub fn last_word(name: &str) -> &str {
    let start = name.char_indices().rev().find(|(_, c)| c.is_ascii_uppercase()).map(|(i, _)| i).unwrap_or(0);
    &name[start..]
}

/// The root type's name: the schema's title from the word that names the
/// file onward (`Cohorte Protocol command envelope` in `commands.schema.json`
/// → `CommandEnvelope`), else the title, else the file stem (singular).
pub(super) fn root_candidates(ir: &Ir, root: NodeId, path: &str) -> Vec<String> {
    let module = crate::ident::module_name(path);
    let stem_words: Vec<String> = module.split('_').map(|w| singular(w).to_lowercase()).collect();
    let mut out = Vec::new();
    if let Some(title) = ir.keywords(root).and_then(|k| k.title.clone()) {
        let words: Vec<&str> = title.split_whitespace().collect();
        if let Some(first) = stem_words.first() {
            if let Some(pos) = words.iter().position(|w| singular(&w.to_lowercase()) == *first) {
                if let Some(n) = type_name(&words[pos..].join(" ")) {
                    out.push(n);
                }
            }
        }
        if words.len() <= 3 {
            if let Some(n) = type_name(&title) {
                out.push(n);
            }
        }
    }
    if let Some(n) = type_name(&stem_words.join(" ")) {
        out.push(n);
    }
    out.push("Root".to_owned());
    out
}

/// The name of the `$defs`/`definitions` entry `target` is, if it is one.
pub(super) fn def_name(ir: &Ir, target: NodeId) -> Option<String> {
    let p = &ir.nodes[target].pointer;
    let mut parts = p.rsplit('/');
    let (last, kw) = (parts.next()?, parts.next()?);
    (kw == "$defs" || kw == "definitions").then(|| type_name(&crate::load::unescape_token(last))).flatten()
}

/// The variant name for values of JSON types `t` ([`TypeSet`] bits).
pub(super) fn type_variant_name(t: u8) -> &'static str {
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

/// A string enum of `values` (duplicates dropped), with a variant name
/// for each and a free name for the catch-all (`open`).
pub(super) fn string_enum(values: &[String], open: bool) -> Kind {
    let plain = |v: &str| type_name(v).unwrap_or_else(|| "Empty".to_owned());
    // Values whose names would differ only in case (or not at all) spell
    // their punctuation (`2.5GBASE-T` → `V2x5gbasext`, `25GBASE-T` → `V25gbasext`).
    let mut seen: HashMap<String, usize> = HashMap::new();
    for v in values.iter().collect::<std::collections::BTreeSet<_>>() {
        *seen.entry(plain(v).to_lowercase()).or_default() += 1;
    }
    let mut out: Vec<(String, String)> = Vec::new();
    for v in values {
        if out.iter().any(|(_, j)| j == v) {
            continue;
        }
        let mut name = plain(v);
        if seen.get(&name.to_lowercase()).is_some_and(|n| *n > 1) {
            name = spelled(v).unwrap_or(name);
        }
        let base = name.clone();
        let mut n = 2;
        while out.iter().any(|(r, _)| r.eq_ignore_ascii_case(&name)) {
            name = format!("{base}{n}");
            n += 1;
        }
        out.push((name, v.clone()));
    }
    let mut other = "Other".to_owned();
    while out.iter().any(|(r, _)| *r == other) {
        other.push('_');
    }
    Kind::StringEnum { values: out, open, other, described: Vec::new() }
}

/// An integer enum of `values` (equal values once), each named by its
/// `title` when every value has one and they name the values apart, else by
/// the number (`V512`, `Minus1`).
pub(super) fn integer_enum(values: &[(i64, Option<String>)]) -> Kind {
    let mut unique: Vec<(i64, Option<String>)> = Vec::new();
    for (v, title) in values {
        if !unique.iter().any(|(u, _)| u == v) {
            unique.push((*v, title.clone()));
        }
    }
    let titled: Option<Vec<String>> = unique.iter().map(|(_, t)| t.as_deref().and_then(type_name)).collect();
    let distinct = |names: &[String]| names.iter().enumerate().all(|(i, n)| !names[..i].iter().any(|m| m.eq_ignore_ascii_case(n)));
    let names: Vec<String> = match titled {
        Some(names) if distinct(&names) => names,
        _ => unique.iter().map(|(v, _)| if *v < 0 { format!("Minus{}", v.unsigned_abs()) } else { format!("V{v}") }).collect(),
    };
    Kind::IntegerEnum { values: names.into_iter().zip(unique.into_iter().map(|(v, _)| v)).collect() }
}

/// A name for `value` that keeps where its punctuation was, each run of it
/// an `x` between lowercase words: told apart from values that differ only
/// in punctuation or case.
fn spelled(value: &str) -> Option<String> {
    let mut text = String::new();
    let mut gap = false;
    for c in value.chars() {
        if c.is_ascii_alphanumeric() {
            if gap && !text.is_empty() {
                text.push('x');
            }
            gap = false;
            text.push(c.to_ascii_lowercase());
        } else {
            gap = true;
        }
    }
    type_name(&text)
}

/// The name of a type that places with different schemas share, from each
/// place's `(subschemas, name candidates)`: the definition they reference
/// if one is theirs alone, else the words all their names end with
/// (`InspectTarget`, `RetryTarget` → `Target`) or begin with, else, for a
/// union, its variants (`RuleNumberOrStringOrArray`, [`either`]); `None` leaves the
/// choice to the candidates.
pub(super) fn shared_name(ir: &Ir, places: &[(&[NodeId], &[String])], variants: &[String]) -> Option<String> {
    let defs = def_names(ir, places.iter().flat_map(|(nodes, _)| nodes.iter()));
    if let [one] = defs.as_slice() {
        return Some(one.clone());
    }
    let firsts: Vec<Vec<&str>> = places.iter().filter_map(|(_, c)| c.first()).map(|n| words(n)).collect();
    let shortest = firsts.iter().map(Vec::len).min()?;
    let common = |at: &dyn Fn(&Vec<&str>, usize) -> String| (0..shortest).take_while(|i| firsts.iter().all(|w| at(w, *i) == at(&firsts[0], *i))).count();
    let suffix = common(&|w, i| w[w.len() - 1 - i].to_owned());
    if suffix > 0 {
        return Some(firsts[0][firsts[0].len() - suffix..].concat());
    }
    let prefix = common(&|w, i| w[i].to_owned());
    if prefix > 0 {
        return Some(firsts[0][..prefix].concat());
    }
    (variants.len() > 1).then(|| either(variants))
}

/// The definition names among `nodes` ([`def_name`]), sorted, each once.
pub(super) fn def_names<'n>(ir: &Ir, nodes: impl Iterator<Item = &'n NodeId>) -> Vec<String> {
    let mut defs: Vec<String> = nodes.filter_map(|n| def_name(ir, *n)).collect();
    defs.sort();
    defs.dedup();
    defs
}

/// A union named for its variants, joined by `Or`, the words a variant
/// begins with as the first one does said once when they only qualify the
/// first (`RuleNumber`, `RuleString`, `Array` → `RuleNumberOrStringOrArray`;
/// `Integer`, `IntegerArray` stays `IntegerOrIntegerArray`).
pub(super) fn either(variants: &[String]) -> String {
    let Some(first) = variants.first() else { return String::new() };
    let first_words = words(first);
    let mut out = first.clone();
    for v in &variants[1..] {
        let w = words(v);
        let shared = first_words.iter().zip(&w).take_while(|(a, b)| a == b).count();
        let qualifier = shared < first_words.len() && shared < w.len();
        out.push_str("Or");
        out.push_str(&if qualifier { w[shared..].concat() } else { v.clone() });
    }
    out
}

/// The words of an `UpperCamelCase` name (`EslintRule2` → `Eslint`, `Rule2`).
fn words(name: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in name.char_indices().skip(1) {
        if c.is_ascii_uppercase() {
            out.push(&name[start..i]);
            start = i;
        }
    }
    out.push(&name[start..]);
    out
}

/// `base` with the smallest number from 2 up that no type has taken.
fn numbered(base: &str, taken: &HashMap<String, usize>) -> String {
    (2..).map(|n| format!("{base}{n}")).find(|name| !taken.contains_key(name)).unwrap_or_default()
}

/// One name per type of `order` (the reachable types, in first-visit
/// order), from `merged` (each type's candidates, merged over the types
/// deduplication joined): the most common candidate first, except that a
/// settings override or `$defs` name at the head of the type's own list
/// stays first; a name wanted by several types goes to none of them in that
/// round, and each tries its next candidate, except that one with no other
/// candidate left takes it; out of candidates, a number. Also returns the
/// types that were numbered.
pub(super) fn choose(order: &[usize], merged: &BTreeMap<usize, Vec<String>>, types: &[TypeDef]) -> (HashMap<usize, String>, Vec<usize>) {
    let mut chosen: HashMap<usize, String> = HashMap::new();
    let mut numbered_ids: Vec<usize> = Vec::new();
    let mut taken: HashMap<String, usize> = HashMap::new();
    // The name a type owns: its settings override or `$defs` key, at the
    // head of its own list. Contested, it goes to its owner.
    let owned = |id: usize| types[id].candidates.first().filter(|_| types[id].owns_first_candidate);
    let mut pending: Vec<(usize, Vec<String>)> = order
        .iter()
        .map(|&id| {
            let all = merged.get(&id).cloned().unwrap_or_default();
            let mut counts: Vec<(String, usize, usize)> = Vec::new();
            for (pos, c) in all.iter().enumerate() {
                match counts.iter_mut().find(|(n, _, _)| n == c) {
                    Some(e) => e.1 += 1,
                    None => counts.push((c.clone(), 1, pos)),
                }
            }
            // Settings overrides and `$defs` names come first in the list; keep them first.
            let first = counts.first().cloned();
            counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.2.cmp(&b.2)));
            if let Some(own) = owned(id) {
                counts.retain(|c| &c.0 != own);
                counts.insert(0, (own.clone(), 1, 0));
            } else if let Some(f) = first {
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
        // This round's candidate of each type: its next, or its last.
        let current = |cands: &[String]| cands.get(round.min(cands.len().saturating_sub(1))).cloned();
        // Who wants each name; who wants it as their last candidate (a
        // name wanted by several goes to the one type that has no other
        // left: a definition wanting its own key, beside a union branch
        // planned from it that can take its union's name); who owns it.
        let mut wanted: HashMap<String, Vec<usize>> = HashMap::new();
        let mut at_last: HashMap<String, Vec<usize>> = HashMap::new();
        let mut owners: HashMap<String, Vec<usize>> = HashMap::new();
        for (id, cands) in &pending {
            let Some(c) = current(cands) else { continue };
            if round + 1 >= cands.len() {
                at_last.entry(c.clone()).or_default().push(*id);
            }
            if owned(*id) == Some(&c) {
                owners.entry(c.clone()).or_default().push(*id);
            }
            wanted.entry(c).or_default().push(*id);
        }
        let mut next = Vec::new();
        for (id, cands) in pending {
            let c = current(&cands).unwrap_or_default();
            let alone = wanted.get(&c).is_some_and(|v| v.len() == 1)
                || at_last.get(&c).is_some_and(|v| v.as_slice() == [id])
                || owners.get(&c).is_some_and(|v| v.as_slice() == [id]);
            let unique = alone && !taken.contains_key(&c);
            if unique && !c.is_empty() {
                taken.insert(c.clone(), id);
                chosen.insert(id, c);
            } else if round + 1 >= cands.len() {
                // Out of candidates: number it, deterministically.
                let name = numbered(if c.is_empty() { "Type" } else { &c }, &taken);
                taken.insert(name.clone(), id);
                chosen.insert(id, name);
                numbered_ids.push(id);
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
        numbered_ids.push(id);
    }
    (chosen, numbered_ids)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words() {
        assert_eq!(singular("phases"), "phase");
        assert_eq!(singular("modelOverrides"), "modelOverride");
        assert_eq!(singular("policies"), "policy");
        assert_eq!(singular("status"), "status");
        assert_eq!(last_word("InspectTarget"), "Target");
        assert_eq!(super::words("EslintRule2"), ["Eslint", "Rule2"]);
    }

    #[test]
    fn a_union_named_for_its_variants_says_a_shared_qualifier_once() {
        let names = |v: &[&str]| either(&v.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert_eq!(names(&["RuleNumber", "RuleString", "Array"]), "RuleNumberOrStringOrArray");
        assert_eq!(names(&["PackageExportsEntryPath", "PackageExportsEntryObject"]), "PackageExportsEntryPathOrObject");
        // A variant that is the first one and more keeps its words.
        assert_eq!(names(&["Integer", "IntegerArray"]), "IntegerOrIntegerArray");
        assert_eq!(names(&["Null", "Boolean", "Array"]), "NullOrBooleanOrArray");
    }

    #[test]
    fn names_that_differ_only_in_case_spell_their_punctuation() {
        let values: Vec<String> = ["2.5GBASE-T", "25GBASE-T", "2,5,GBASE,T", "plain"].iter().map(|s| s.to_string()).collect();
        let Kind::StringEnum { values: named, .. } = string_enum(&values, false) else { panic!("not a string enum") };
        let names: Vec<&str> = named.iter().map(|(r, _)| r.as_str()).collect();
        assert_eq!(names, ["V2x5gbasext", "V25gbasext", "V2x5xgbasext", "Plain"]);
    }
}
