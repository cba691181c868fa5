//! Validators that differ only in the validators they call share one body.
//!
//! Real schemas repeat a shape with different parts: eslint's plugin schema
//! gives each of its 177 rules the tuple `[level, {options}]` with options of
//! its own, so the tuple's validator was written 177 times, alike but for the
//! one child it calls. Such a group is one function generic over a row of a
//! table of the children it calls: `t0::<5>` runs the shared body with the
//! children in `T0[5]`. The table is a `const` and the row a const parameter,
//! so an optimised build calls each child directly, as before; every check
//! runs in the same order with the same schema locations, so the errors are
//! the same.

use proc_macro2::{Group, Ident, Literal, Spacing, TokenStream, TokenTree};
use quote::{format_ident, quote};
use std::collections::{BTreeMap, HashMap, HashSet};

/// One emitted validator function, before sharing.
pub struct FnItem {
    pub name: Ident,
    /// The schema location its documentation line names (`` `#/…` ``).
    pub doc: String,
    /// Its whole item (documentation, signature, body).
    pub item: TokenStream,
    /// Its body, when it may share (plain validators: `rt::Check`).
    pub body: Option<TokenStream>,
}

/// The functions after sharing, and for each function that now runs a
/// shared body, the expression naming it there (`t0::<5>`).
pub struct Shared {
    pub items: Vec<TokenStream>,
    pub renames: HashMap<String, TokenStream>,
}

/// Groups `fns` whose bodies are equal once the plain validators they call
/// are taken out; `is_child` says which names those are.
pub fn share(fns: Vec<FnItem>, is_child: impl Fn(&str) -> bool) -> Shared {
    // Group by the body with each call of a child replaced by a slot.
    let mut groups: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    let mut rows: Vec<Vec<Ident>> = Vec::with_capacity(fns.len());
    let mut first_seen: HashMap<String, usize> = HashMap::new();
    for (n, f) in fns.iter().enumerate() {
        let mut row = Vec::new();
        let key = match &f.body {
            Some(body) => slotted(body.clone(), &is_child, &mut row, &mut |_| quote!(__SLOT)).to_string(),
            None => format!("\u{0}{n}"), // never shared
        };
        first_seen.entry(key.clone()).or_insert(n);
        groups.entry(key).or_default().push(n);
        rows.push(row);
    }
    // Groups in the order of their first function, so output is stable.
    let mut ordered: Vec<(usize, Vec<usize>)> = groups.into_iter().map(|(k, members)| (first_seen[&k], members)).collect();
    ordered.sort_unstable();

    let mut renames = HashMap::new();
    let mut shared_items: HashMap<usize, TokenStream> = HashMap::new();
    let mut skip = vec![false; fns.len()];
    let mut table = 0usize;
    for (first, members) in ordered {
        if members.len() < 2 {
            continue;
        }
        let slots = rows[first].len();
        if slots == 0 {
            // Equal bodies calling nothing: the others use the first.
            for &m in &members[1..] {
                let name = &fns[first].name;
                renames.insert(fns[m].name.to_string(), quote!(#name));
                skip[m] = true;
            }
            continue;
        }
        let t = format_ident!("t{}", table);
        let rows_name = format_ident!("T{}", table);
        table += 1;
        let mut slot = 0;
        let body = slotted(fns[first].body.clone().unwrap_or_default(), &is_child, &mut Vec::new(), &mut |_| {
            let j = Literal::usize_unsuffixed(slot);
            slot += 1;
            quote!(#rows_name[K][#j])
        });
        let shown: Vec<&str> = members.iter().take(2).map(|&m| fns[m].doc.trim()).collect();
        let doc = format!(
            " Shared by {} validators that differ only in the validators they call (a row of `{rows_name}` each), such as {}{}.",
            members.len(),
            shown.join(" and "),
            if members.len() > 2 { format!(" ({} more)", members.len() - 2) } else { String::new() },
        );
        let n_slots = Literal::usize_unsuffixed(slots);
        let n_rows = Literal::usize_unsuffixed(members.len());
        let table_rows = members.iter().map(|&m| {
            let row = &rows[m];
            quote!([#(#row),*])
        });
        shared_items.insert(
            first,
            quote! {
                #[doc = #doc]
                pub(super) fn #t<const K: usize>(i: &Value, l: &Loc, c: &mut Ctx, s: &Path) -> bool {
                    #body
                }
                const #rows_name: [[rt::Check; #n_slots]; #n_rows] = [#(#table_rows),*];
            },
        );
        for (k, &m) in members.iter().enumerate() {
            let k = Literal::usize_unsuffixed(k);
            renames.insert(fns[m].name.to_string(), quote!(#t::<#k>));
            skip[m] = true;
        }
    }
    let items = fns
        .into_iter()
        .enumerate()
        .filter_map(|(n, f)| match shared_items.remove(&n) {
            Some(shared) => Some(shared),
            None if skip[n] => None,
            None => Some(f.item),
        })
        .collect();
    Shared { items, renames }
}

/// `tokens` with each child name (per `is_child`) replaced by `slot(name)`,
/// the names collected in order into `row`.
fn slotted(tokens: TokenStream, is_child: &impl Fn(&str) -> bool, row: &mut Vec<Ident>, slot: &mut impl FnMut(&Ident) -> TokenStream) -> TokenStream {
    tokens
        .into_iter()
        .flat_map(|t| -> Vec<TokenTree> {
            match t {
                TokenTree::Ident(i) if is_child(&i.to_string()) => {
                    let replaced = slot(&i);
                    row.push(i);
                    replaced.into_iter().collect()
                }
                TokenTree::Group(g) => {
                    let mut inner = Group::new(g.delimiter(), slotted(g.stream(), is_child, row, slot));
                    inner.set_span(g.span());
                    vec![TokenTree::Group(inner)]
                }
                other => vec![other],
            }
        })
        .collect()
}

/// Whether `name` is `prefix` and a number: a validator (`v12`), a shared
/// body (`t2`).
pub fn is_numbered(name: &str, prefix: char) -> bool {
    name.strip_prefix(prefix).is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// `tokens` with every name in `renames` replaced (validator items, or
/// readers, whose names are unique in their module).
pub fn rename(tokens: TokenStream, renames: &HashMap<String, TokenStream>) -> TokenStream {
    if renames.is_empty() {
        return tokens;
    }
    slotted(tokens, &|name| renames.contains_key(name), &mut Vec::new(), &mut |i| renames[&i.to_string()].clone())
}

/// `tokens` (the rest of a module) with each `validators::NAME` in
/// `renames` replaced; other identifiers are left alone (a field may be
/// called `v1`).
pub fn rename_paths(tokens: TokenStream, renames: &HashMap<String, TokenStream>) -> TokenStream {
    if renames.is_empty() {
        return tokens;
    }
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out: Vec<TokenTree> = Vec::with_capacity(trees.len());
    for (n, t) in trees.iter().enumerate() {
        let after_validators = n >= 3
            && matches!(&trees[n - 3], TokenTree::Ident(m) if m == "validators")
            && matches!(&trees[n - 2], TokenTree::Punct(p) if p.as_char() == ':' && p.spacing() == Spacing::Joint)
            && matches!(&trees[n - 1], TokenTree::Punct(p) if p.as_char() == ':');
        match t {
            TokenTree::Ident(i) if after_validators && renames.contains_key(&i.to_string()) => out.extend(renames[&i.to_string()].clone()),
            TokenTree::Group(g) => {
                let mut inner = Group::new(g.delimiter(), rename_paths(g.stream(), renames));
                inner.set_span(g.span());
                out.push(TokenTree::Group(inner));
            }
            other => out.push(other.clone()),
        }
    }
    out.into_iter().collect()
}

/// The readers' items with those that differ only in the row of a shared
/// validator they name made one generic item: the 177 checks
/// `rt::via_value!(Check18 -> …, |v| rt::is_valid(validators::t2::<1>, v))`
/// become `Check18<const K0>` named as `Check18<1>`, `Check18<2>`, …; then
/// the union readers over them (`type Union17 = Union16<…, ViaValue<Check18<1>>>`)
/// likewise. Items are matched by their tokens with their name and those
/// rows taken out, so only items alike in every other token share.
pub fn generic_items(items: Vec<TokenStream>) -> Vec<TokenStream> {
    let mut generic: HashSet<String> = HashSet::new();
    let items = generalize(items, ItemKind::ViaValue, &mut generic);
    generalize(items, ItemKind::Alias, &mut generic)
}

#[derive(Clone, Copy, PartialEq)]
enum ItemKind {
    /// `rt::via_value!(NAME -> …);`
    ViaValue,
    /// `type NAME = …;`
    Alias,
}

/// The name an item of `kind` defines, if it is one.
fn item_name(item: &[TokenTree], kind: ItemKind) -> Option<Ident> {
    match (kind, item) {
        (ItemKind::ViaValue, [TokenTree::Ident(rt), _, _, TokenTree::Ident(m), TokenTree::Punct(bang), TokenTree::Group(g), ..])
            if rt == "rt" && m == "via_value" && bang.as_char() == '!' =>
        {
            match g.stream().into_iter().next() {
                Some(TokenTree::Ident(name)) => Some(name),
                _ => None,
            }
        }
        (ItemKind::Alias, [TokenTree::Ident(t), TokenTree::Ident(name), TokenTree::Punct(eq), ..]) if t == "type" && eq.as_char() == '=' => Some(name.clone()),
        _ => None,
    }
}

/// Whether `name` takes const arguments: a shared validator (`t2`) or an
/// item made generic already.
fn takes_rows(name: &str, generic: &HashSet<String>) -> bool {
    generic.contains(name) || is_numbered(name, 't')
}

/// `tokens` with the literal arguments of each row-taking name (`t2::<1>`,
/// `Check18<1, 2>`) replaced by `arg(n)` for the n-th, the literals
/// collected into `args`; and the item's own name `own` by `name`.
fn rows_out(
    tokens: TokenStream,
    own: &str,
    name: &TokenStream,
    generic: &HashSet<String>,
    args: &mut Vec<Literal>,
    arg: &mut impl FnMut(usize) -> TokenTree,
) -> TokenStream {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::with_capacity(trees.len());
    let mut i = 0;
    while i < trees.len() {
        match &trees[i] {
            TokenTree::Ident(id) if *id == own => {
                out.extend(name.clone());
                i += 1;
            }
            TokenTree::Ident(id) if takes_rows(&id.to_string(), generic) => {
                out.push(trees[i].clone());
                i += 1;
                // `::` (turbofish) is optional.
                if matches!(trees.get(i), Some(TokenTree::Punct(p)) if p.as_char() == ':')
                    && matches!(trees.get(i + 1), Some(TokenTree::Punct(p)) if p.as_char() == ':')
                {
                    out.extend(trees[i..i + 2].iter().cloned());
                    i += 2;
                }
                if !matches!(trees.get(i), Some(TokenTree::Punct(p)) if p.as_char() == '<') {
                    continue;
                }
                out.push(trees[i].clone());
                i += 1;
                // `Lit (, Lit)* >`
                while let Some(TokenTree::Literal(l)) = trees.get(i) {
                    out.push(arg(args.len()));
                    args.push(l.clone());
                    i += 1;
                    if matches!(trees.get(i), Some(TokenTree::Punct(p)) if p.as_char() == ',') {
                        out.push(trees[i].clone());
                        i += 1;
                    }
                }
            }
            TokenTree::Group(g) => {
                let mut inner = Group::new(g.delimiter(), rows_out(g.stream(), own, name, generic, args, arg));
                inner.set_span(g.span());
                out.push(TokenTree::Group(inner));
                i += 1;
            }
            other => {
                out.push(other.clone());
                i += 1;
            }
        }
    }
    out.into_iter().collect()
}

fn generalize(items: Vec<TokenStream>, kind: ItemKind, generic: &mut HashSet<String>) -> Vec<TokenStream> {
    // Each item of `kind` by its tokens with its name and rows taken out.
    let mut groups: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    let mut found: Vec<Option<(Ident, Vec<Literal>)>> = Vec::with_capacity(items.len());
    let placeholder = quote!(__Item);
    for (n, item) in items.iter().enumerate() {
        let trees: Vec<TokenTree> = item.clone().into_iter().collect();
        let Some(name) = item_name(&trees, kind) else {
            found.push(None);
            continue;
        };
        let mut args = Vec::new();
        let key = rows_out(item.clone(), &name.to_string(), &placeholder, generic, &mut args, &mut |_| TokenTree::Ident(Ident::new("__K", name.span())));
        if args.is_empty() {
            found.push(None);
            continue;
        }
        groups.entry(key.to_string()).or_default().push(n);
        found.push(Some((name, args)));
    }
    let mut renames: HashMap<String, TokenStream> = HashMap::new();
    let mut replace: HashMap<usize, Option<TokenStream>> = HashMap::new();
    for members in groups.values().filter(|m| m.len() > 1) {
        let (first_name, first_args) = found[members[0]].clone().unwrap_or_else(|| unreachable!("grouped items have names"));
        let params: Vec<Ident> = (0..first_args.len()).map(|k| format_ident!("K{}", k)).collect();
        // The first item, generic: its rows become its parameters.
        let own = first_name.to_string();
        let generic_name = match kind {
            ItemKind::ViaValue => quote!(#first_name<#(const #params),*>),
            ItemKind::Alias => quote!(#first_name<#(const #params: usize),*>),
        };
        let body = rows_out(items[members[0]].clone(), &own, &generic_name, generic, &mut Vec::new(), &mut |k| TokenTree::Ident(params[k].clone()));
        replace.insert(members[0], Some(body));
        for &m in members {
            let (name, args) = found[m].clone().unwrap_or_else(|| unreachable!("grouped items have names"));
            renames.insert(name.to_string(), quote!(#first_name<#(#args),*>));
            if m != members[0] {
                replace.insert(m, None);
            }
        }
        generic.insert(own);
    }
    items
        .into_iter()
        .enumerate()
        .filter_map(|(n, item)| match replace.remove(&n) {
            Some(None) => None,
            // The generic item keeps its own name where it defines it.
            Some(Some(body)) => {
                let own = found[n].as_ref().map(|(name, _)| name.to_string()).unwrap_or_default();
                let others: HashMap<String, TokenStream> = renames.iter().filter(|(k, _)| **k != own).map(|(k, v)| (k.clone(), v.clone())).collect();
                Some(rename(body, &others))
            }
            None => Some(rename(item, &renames)),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proc_macro2::Span;

    fn item(name: &str, body: TokenStream) -> FnItem {
        let name = Ident::new(name, Span::call_site());
        let doc = format!(" `#/{name}`");
        FnItem { item: quote!(#[doc = #doc] pub(super) fn #name() -> bool { #body }), name, doc, body: Some(body) }
    }

    #[test]
    fn bodies_alike_but_for_their_children_share_one_function() {
        let child = |s: &str| s.starts_with('v');
        let fns = vec![
            item("v0", quote!(c.prop(l, s, x, "a", v1) & c.prop(l, s, x, "b", v2))),
            item("v1", quote!(c.check_type(l, s, i, STRING))),
            item("v2", quote!(c.check_type(l, s, i, STRING))),
            item("v3", quote!(c.prop(l, s, x, "a", v1) & c.prop(l, s, x, "b", v0))),
            item("v4", quote!(c.prop(l, s, x, "a", v2))),
        ];
        let shared = share(fns, child);
        let text: Vec<String> = shared.items.iter().map(|t| t.to_string()).collect();
        // v0 and v3 share `t0`, whose body reads its children from `T0`.
        assert!(text[0].contains(&quote!(pub(super) fn t0<const K: usize>).to_string()), "{}", text[0]);
        assert!(text[0].contains(&quote!(c.prop(l, s, x, "a", T0[K][0]) & c.prop(l, s, x, "b", T0[K][1])).to_string()), "{}", text[0]);
        let table = quote!(
            const T0: [[rt::Check; 2]; 2] = [[v1, v2], [v1, v0]];
        )
        .to_string();
        assert!(text[0].contains(&table), "{}", text[0]);
        // v2 is v1 again; v4 is alone.
        assert_eq!(text.len(), 3);
        assert_eq!(shared.renames["v0"].to_string(), quote!(t0::<0>).to_string());
        assert_eq!(shared.renames["v3"].to_string(), quote!(t0::<1>).to_string());
        assert_eq!(shared.renames["v2"].to_string(), quote!(v1).to_string());
        assert!(!shared.renames.contains_key("v4"));
        // Renaming reaches rows and bodies, and only `validators::` paths elsewhere.
        assert_eq!(rename(quote!([v1, v0] v2(i)), &shared.renames).to_string(), quote!([v1, t0::<0>] v1(i)).to_string());
        assert_eq!(rename_paths(quote!(pub v0: u8, f(validators::v3)), &shared.renames).to_string(), quote!(pub v0: u8, f(validators::t0::<1>)).to_string());
    }

    #[test]
    fn readers_alike_but_for_a_row_become_one_generic_item() {
        let items = vec![
            quote!(rt::via_value!(Check1 -> Vec<rt::Value>, |v| rt::is_valid(validators::t2::<0>, v));),
            quote!(
                type Union2 = Union9<LeafRead<Leaf3>, ViaValue<Check1>>;
            ),
            quote!(rt::via_value!(Check4 -> Vec<rt::Value>, |v| rt::is_valid(validators::t2::<1>, v));),
            quote!(
                type Union5 = Union9<LeafRead<Leaf3>, ViaValue<Check4>>;
            ),
            // Another output type: not the same check.
            quote!(rt::via_value!(Check6 -> rt::Value, |v| rt::is_valid(validators::t2::<2>, v));),
            quote!(rt::object_reader!(read_0, Visit0, X { a = "a": Union2, optional, settle; b = "b": Union5, optional, settle; }, deny);),
        ];
        // Compared without spaces: `>>` may print joint or apart.
        let squeeze = |t: &TokenStream| t.to_string().replace(' ', "");
        let text: Vec<String> = generic_items(items).iter().map(squeeze).collect();
        let expected = [
            quote!(rt::via_value!(Check1<const K0> -> Vec<rt::Value>, |v| rt::is_valid(validators::t2::<K0>, v));),
            quote!(
                type Union2<const K0: usize> = Union9<LeafRead<Leaf3>, ViaValue<Check1<K0>>>;
            ),
            quote!(rt::via_value!(Check6 -> rt::Value, |v| rt::is_valid(validators::t2::<2>, v));),
            quote!(rt::object_reader!(read_0, Visit0, X { a = "a": Union2<0>, optional, settle; b = "b": Union2<1>, optional, settle; }, deny);),
        ];
        assert_eq!(text, expected.iter().map(squeeze).collect::<Vec<_>>());
    }
}
