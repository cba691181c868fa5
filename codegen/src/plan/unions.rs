//! Unions (`anyOf`/`oneOf`): string enums of constants, tagged unions,
//! unions told apart by JSON type, `One`/`Many`, and unions whose parser
//! tries the branches as the schema says.

use super::facts::{integer_value, single_type};
use super::names::{def_name, integer_enum, last_word, string_enum, type_variant_name};
use super::{Ctx, Facts, Key, Kind, Planner, Select, TypeRef, Variant};
use crate::ident::type_name;
use crate::ir::{Keywords, NodeId, TypeSet};
use serde_json::Value;

impl Planner<'_> {
    /// A union of `branches` (an `anyOf`/`oneOf` of the conjunction `nodes`).
    pub(super) fn union(&mut self, f: &Facts, nodes: &[NodeId], branches: &[NodeId], names: &[String], ctx: &Ctx, key: &Key) -> TypeRef {
        let sub_ctx = Ctx { no_choices: false, restrict: ctx.restrict, omit: None, sensitive: ctx.sensitive, taken: ctx.taken.clone() };
        // A branch that is only a choice (`oneOf` directly inside `oneOf`)
        // gives its branches to this union.
        let flat = self.flatten(branches);
        // Branch facts: prune branches no value can satisfy.
        let mut live: Vec<(usize, NodeId, Vec<NodeId>)> = Vec::new();
        // A node that only holds this choice adds nothing once a branch is
        // taken: leave it out, so equal branches of different unions are one type.
        let base: Vec<NodeId> = nodes.iter().copied().filter(|n| !self.ir.keywords(*n).is_some_and(|k| is_choice_only(k, branches))).collect();
        let choice = branches;
        let branches = flat.as_slice();
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
        // One branch left of several, the others refused by what the
        // place adds: the value is that branch's (the validator still checks
        // the choice). Renovate's `migratePresets` is the root with every
        // member a string, so its `description`, `oneOf: [array, string]`, is
        // a string. (A choice written with one branch stays a union: its
        // definition keeps its name, and room for more.)
        if let ([(_, _, conj)], true) = (live.as_slice(), branches.len() > 1) {
            let sub = self.branch_ctx(&base, conj, ctx, None);
            return self.plan(conj.clone(), names, sub);
        }
        // A value or null (`oneOf: [X, {"type": "null"}]`): `Option<X>`.
        if let [(_, _, a), (_, _, b)] = live.as_slice() {
            let only_null = |conj: &[NodeId]| self.facts(conj, &Ctx { no_choices: true, ..Ctx::default() }).types == TypeSet::NULL;
            let value = match (only_null(a), only_null(b)) {
                (true, false) => Some(b.clone()),
                (false, true) => Some(a.clone()),
                _ => None,
            };
            if let Some(conj) = value {
                let sub = self.branch_ctx(&base, &conj, ctx, None);
                let inner = self.plan(conj, names, sub);
                if !matches!(inner, TypeRef::Nullable(_) | TypeRef::Value | TypeRef::Null) {
                    return TypeRef::Nullable(Box::new(inner));
                }
            }
        }
        // All string constants: a string enum.
        let consts: Vec<Option<String>> = live
            .iter()
            .map(|(_, _, conj)| {
                let bf = self.facts(conj, &Ctx { no_choices: true, ..Ctx::default() });
                match bf.single_value() {
                    Some(Value::String(s)) => Some(s.clone()),
                    _ => None,
                }
            })
            .collect();
        if consts.iter().all(Option::is_some) && live.len() == branches.len() {
            let values: Vec<String> = consts.into_iter().flatten().collect();
            let id = self.reserve(nodes, names, key);
            self.types[id].kind = self.described(string_enum(&values, false), &live);
            return TypeRef::Named(id);
        }
        // Any string, or one of some named ones (`anyOf: [{"type": "string"},
        // {"enum": ["MIT", …]}]`): a string enum with a catch-all, the known
        // values named. Validation stays the union's, so `oneOf`'s rule that a
        // known value matches two branches is still checked.
        if live.len() == branches.len() {
            if let Some(values) = self.open_string_set(choice, &live.iter().map(|(_, _, conj)| conj.as_slice()).collect::<Vec<_>>()) {
                let id = self.reserve(nodes, names, key);
                self.types[id].kind = self.described(string_enum(&values, true), &live);
                return TypeRef::Named(id);
            }
        }
        // All integer constants: an integer enum, its variants named by the branches' titles when they have them.
        let integers: Vec<Option<(i64, Option<String>)>> = live
            .iter()
            .map(|(_, b, conj)| {
                let bf = self.facts(conj, &Ctx { no_choices: true, ..Ctx::default() });
                let title = self.ir.keywords(*b).and_then(|k| k.title.clone());
                bf.single_value().and_then(integer_value).map(|v| (v, title))
            })
            .collect();
        if integers.iter().all(Option::is_some) && live.len() == branches.len() {
            let values: Vec<(i64, Option<String>)> = integers.into_iter().flatten().collect();
            let id = self.reserve(nodes, names, key);
            self.types[id].kind = integer_enum(&values);
            return TypeRef::Named(id);
        }
        let id = self.reserve(nodes, names, key);
        let union_name = self.types[id].candidates.first().cloned().unwrap_or_default();
        // The union's most qualified name, for variants whose short names are taken.
        let union_full = self.types[id].candidates.last().cloned().unwrap_or_default();
        let suffix = last_word(&union_name).to_owned();
        // How are the branches told apart?
        let tag = self.tag_member(&live.iter().map(|(_, b, _)| *b).collect::<Vec<_>>());
        let by_type = self.disjoint_types(&live.iter().map(|(_, _, conj)| conj.as_slice()).collect::<Vec<_>>());
        // Each branch's variant name, how it is recognised, and the member left to the union.
        let mut named: Vec<(String, Select, Option<String>)> = Vec::new();
        for (i, (_, b, conj)) in live.iter().enumerate() {
            let bk = self.ir.keywords(*b).cloned();
            let bf = self.facts(conj, &Ctx { no_choices: true, ..Ctx::default() });
            let (vname, select, omit) = if let Some(t) = &tag {
                let v = self.branch_const(*b, t).unwrap_or_default();
                (type_name(&v).unwrap_or_else(|| "Empty".to_owned()), Select::Tag(v), Some(t.clone()))
            } else {
                let name = bk
                    .as_ref()
                    .and_then(|k| k.title.as_deref().and_then(type_name))
                    .or_else(|| bk.as_ref().and_then(|k| k.reference.as_ref()).and_then(|r| def_name(self.ir, r.target)))
                    .or_else(|| {
                        let req: Vec<&String> = bk.as_ref().map(|k| k.object.required.iter().collect()).unwrap_or_default();
                        if req.is_empty() {
                            None
                        } else {
                            type_name(&req.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(" "))
                        }
                    })
                    .or_else(|| single_type(bf.types).map(|t| type_variant_name(t).to_owned()));
                (name.unwrap_or_default(), Select::Branch { nodes: vec![*b], by_type: by_type.as_ref().map(|t| t[i]) }, None)
            };
            named.push((vname, select, omit));
        }
        // Branches nothing names apart (no tag, title, reference, required
        // members or JSON type of their own) are named by their place in the
        // union, as a last resort, with a warning.
        let mut unnamed: Vec<usize> = (0..named.len())
            .filter(|i| {
                let n = &named[*i].0;
                n.is_empty() || named.iter().enumerate().any(|(j, (m, _, _))| j != *i && m.eq_ignore_ascii_case(n))
            })
            .collect();
        // A required member whose values tell them apart names them
        // (`type`: `sql` / `http`, `timer` → `Sql`, `HttpOrTimer`).
        if !unnamed.is_empty() {
            if let Some(names) = self.names_by_member_values(&unnamed.iter().map(|i| live[*i].1).collect::<Vec<_>>()) {
                let others: Vec<String> = (0..named.len()).filter(|i| !unnamed.contains(i)).map(|i| named[i].0.to_lowercase()).collect();
                if !names.iter().any(|n| others.contains(&n.to_lowercase())) {
                    for (i, n) in unnamed.iter().zip(names) {
                        named[*i].0 = n;
                    }
                    unnamed.clear();
                }
            }
        }
        if !unnamed.is_empty() {
            for &i in &unnamed {
                named[i].0 = format!("Variant{i}");
            }
            let list: Vec<String> = unnamed.iter().map(|i| format!("`Variant{i}`")).collect();
            self.warn(
                nodes[0],
                format!("union branches with no distinct names (no tag, title or type tells them apart) are named by their place: {}", list.join(", ")),
            );
        }
        let mut variants: Vec<Variant> = Vec::new();
        for ((_, b, conj), (vname, select, omit)) in live.iter().zip(named) {
            let doc = self.doc_text(&[*b]);
            let sub = self.branch_ctx(&base, conj, ctx, omit);
            let mut variant_names = vec![format!("{vname}{suffix}"), format!("{union_name}{vname}")];
            if union_full != union_name {
                variant_names.push(format!("{union_full}{vname}"));
            }
            let ty = self.plan(conj.clone(), &variant_names, sub);
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
        self.types[id].kind = Kind::Union { variants, tag };
        TypeRef::Named(id)
    }

    /// `kind`, a string enum, with the descriptions of branches that each
    /// allow one of its values.
    fn described(&self, mut kind: Kind, live: &[(usize, NodeId, Vec<NodeId>)]) -> Kind {
        if let Kind::StringEnum { described, .. } = &mut kind {
            for (_, b, conj) in live {
                let Some(text) = self.ir.keywords(*b).and_then(|k| k.description.clone()) else { continue };
                let f = self.facts(conj, &Ctx { no_choices: true, ..Ctx::default() });
                if let Some(Value::String(v)) = f.single_value() {
                    if !described.iter().any(|(d, _)| d == v) {
                        described.push((v.clone(), text));
                    }
                }
            }
        }
        kind
    }

    /// The known strings of branches that are "a string" (one of them,
    /// perhaps with a pattern, length or format) and "one of these strings"
    /// (the others), saying nothing else about the value; `None` for any
    /// other set of branches. The string's own rules are the validators'
    /// (the catch-all holds any string, as `x-…-known` sets do).
    fn open_string_set(&self, choice: &[NodeId], branches: &[&[NodeId]]) -> Option<Vec<String>> {
        let mut strings = 0;
        let mut known: Vec<String> = Vec::new();
        for conj in branches {
            // What a node says beyond its JSON type and values (a `$ref` is
            // followed: its target is in the conjunction too; the `choice`
            // being made is this union), and beyond a string's own rules.
            let says_only = |string_rules: bool| {
                conj.iter().all(|n| {
                    self.ir.keywords(*n).is_none_or(|k| {
                        let mut rest = crate::ir::Keywords { types: None, enum_: None, const_: None, reference: None, ..k.clone() };
                        if k.any_of == choice {
                            rest.any_of.clear();
                        }
                        if k.one_of == choice {
                            rest.one_of.clear();
                        }
                        if string_rules {
                            (rest.pattern, rest.format, rest.length) = (None, None, Default::default());
                            (rest.content_encoding, rest.content_media_type) = (None, None);
                        }
                        rest.only_annotations()
                    })
                })
            };
            let f = self.facts(conj, &Ctx { no_choices: true, ..Ctx::default() });
            if f.never || f.types != TypeSet::STRING {
                return None;
            }
            match (f.consts.as_slice(), f.enums.as_slice()) {
                ([], []) if says_only(true) => strings += 1,
                ([c], []) if says_only(false) => known.push(c.as_str()?.to_owned()),
                ([], [e]) if says_only(false) => known.extend(e.iter().map(|v| v.as_str().map(str::to_owned)).collect::<Option<Vec<_>>>()?),
                _ => return None,
            }
        }
        (strings == 1 && !known.is_empty()).then_some(known)
    }

    /// The context a union branch's conjunction `conj` is planned in: the
    /// union's choice is taken; the branch's own `oneOf`/`anyOf` (through its
    /// `$ref`) is a union of its own.
    fn branch_ctx(&self, base: &[NodeId], conj: &[NodeId], ctx: &Ctx, omit: Option<String>) -> Ctx {
        let mut taken: Vec<NodeId> = self.expand(base);
        taken.extend(&ctx.taken);
        taken.sort_unstable();
        taken.dedup();
        let own_choice =
            conj.iter().any(|n| taken.binary_search(n).is_err() && self.ir.keywords(*n).is_some_and(|k| !k.one_of.is_empty() || !k.any_of.is_empty()));
        if own_choice {
            Ctx { no_choices: false, restrict: ctx.restrict, omit, sensitive: ctx.sensitive, taken }
        } else {
            Ctx { no_choices: true, restrict: ctx.restrict, omit, sensitive: ctx.sensitive, taken: ctx.taken.clone() }
        }
    }

    /// `branches` with each branch that is an inline `oneOf`/`anyOf` and
    /// nothing else (no `$ref`: a named definition stays a type of its own)
    /// replaced by its own branches, recursively.
    fn flatten(&self, branches: &[NodeId]) -> Vec<NodeId> {
        let mut out = Vec::with_capacity(branches.len());
        let mut stack: Vec<NodeId> = branches.iter().rev().copied().collect();
        // Bounded: each node is flattened once.
        let mut seen: Vec<NodeId> = Vec::new();
        while let Some(b) = stack.pop() {
            let inner = self.ir.keywords(b).filter(|k| k.reference.is_none() && k.only_references_and_choices()).and_then(|k| {
                match (k.one_of.is_empty(), k.any_of.is_empty()) {
                    (false, true) => Some(&k.one_of),
                    (true, false) => Some(&k.any_of),
                    _ => None,
                }
            });
            match inner {
                Some(inner) if !seen.contains(&b) => {
                    seen.push(b);
                    stack.extend(inner.iter().rev());
                }
                _ => out.push(b),
            }
        }
        out
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
                            (Kind::Newtype, Kind::Newtype)
                                | (Kind::Const(_), Kind::Const(_))
                                | (Kind::StringEnum { .. }, Kind::StringEnum { .. })
                                | (Kind::IntegerEnum { .. }, Kind::IntegerEnum { .. })
                        ))
            }
            _ => a == b,
        }
    }

    /// Variant names for `branches` from a member each requires and
    /// restricts to at most three strings (`const` or `enum`), or gives as a
    /// reference to a definition, when the names they give are present and
    /// distinct: the values, joined by `Or`, or the definition's name.
    fn names_by_member_values(&self, branches: &[NodeId]) -> Option<Vec<String>> {
        let first = self.expand(&[*branches.first()?]);
        let members: Vec<String> = first.iter().filter_map(|n| self.ir.keywords(*n)).flat_map(|k| k.object.required.iter().cloned()).collect();
        'next: for member in members {
            let mut names: Vec<String> = Vec::new();
            for b in branches {
                let expanded = self.expand(&[*b]);
                let required = expanded.iter().filter_map(|n| self.ir.keywords(*n)).any(|k| k.object.required.contains(&member));
                if !required {
                    continue 'next;
                }
                // A few values make a name; a long list would not. Else the
                // definition the member refers to (`{"value": {"$ref": "#/definitions/linearGradient"}}`).
                let name = match self.member_values(&expanded, &member) {
                    Some(values) if values.len() <= 3 => type_name(&values.join(" or ")),
                    Some(_) => None,
                    None => self.member_definition(&expanded, &member),
                };
                let Some(name) = name else { continue 'next };
                if names.iter().any(|n| n.eq_ignore_ascii_case(&name)) {
                    continue 'next;
                }
                names.push(name);
            }
            return Some(names);
        }
        None
    }

    /// The name of the definition that the schema of member `name` (in the
    /// first of `nodes` that names it) is a reference to, if it is one.
    fn member_definition(&self, nodes: &[NodeId], name: &str) -> Option<String> {
        let member = nodes.iter().find_map(|n| self.ir.keywords(*n)?.properties.iter().find(|(p, _)| p == name).map(|(_, id)| *id))?;
        let target = self.ir.keywords(member)?.reference.as_ref()?.target;
        def_name(self.ir, target)
    }

    /// A member every branch requires and gives a distinct string `const`.
    fn tag_member(&self, branches: &[NodeId]) -> Option<String> {
        let first = self.expand(&[*branches.first()?]);
        let candidates: Vec<String> = first.iter().filter_map(|n| self.ir.keywords(*n)).flat_map(|k| k.properties.iter().map(|(p, _)| p.clone())).collect();
        'next: for name in candidates {
            let mut values = Vec::new();
            for b in branches {
                let expanded = self.expand(&[*b]);
                let required = expanded.iter().filter_map(|n| self.ir.keywords(*n)).any(|k| k.object.required.contains(&name));
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
}

/// Whether `k` does nothing but offer `branches` (and annotate).
fn is_choice_only(k: &Keywords, branches: &[NodeId]) -> bool {
    let offers = (k.any_of == branches && k.one_of.is_empty()) || (k.one_of == branches && k.any_of.is_empty());
    offers && k.reference.is_none() && k.only_references_and_choices()
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
