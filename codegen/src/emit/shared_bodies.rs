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
//! the same. A validator left alone is then grouped again with the strings
//! it passes and the module's statics it uses (patterns, string lists, JSON
//! values) taken out too: the many `$ref` validators that differ only in
//! the definition they name become one function and a table of rows
//! `(v5, "/definitions/a")`, the enums that differ only in their list one
//! function and a table of `WORDS3`, `WORDS8`, …

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

/// What a slot of a shared body takes from its row.
#[derive(Clone, Copy, PartialEq)]
enum Slots {
    /// Only the validators it calls (a row is `[v1, v2]`).
    Children,
    /// The validators it calls, the string literals it passes and the
    /// statics it uses (a row is `(v1, "/definitions/a")` or `(&RE3, v2)`):
    /// the many `$ref` validators that differ only in the definition they
    /// name, the patterns and enums that differ only in their pattern or list.
    ChildrenAndStrings,
}

/// The most slots a row of validators and strings has.
const MAX_MIXED_SLOTS: usize = 4;

/// The widest row (as written, with its indentation) that stays on one
/// line: a longer one would cost more lines than the function it replaces.
const ROW_WIDTH: usize = 88;

/// Groups `fns` whose bodies are equal once the plain validators they call
/// are taken out; `is_child` says which names those are. What stays alone
/// is then grouped again with its string literals taken out too.
/// `is_entry` says which the rest of the module calls: a shared function
/// is `pub` only if one of its members is.
pub fn share(fns: Vec<FnItem>, is_child: impl Fn(&str) -> bool, is_entry: impl Fn(&str) -> bool) -> Shared {
    let mut sharing = Sharing {
        fns: &fns,
        is_child: &is_child,
        is_entry: &is_entry,
        renames: HashMap::new(),
        shared_items: HashMap::new(),
        skip: vec![false; fns.len()],
        table: 0,
    };
    let alone = sharing.group((0..fns.len()).collect(), Slots::Children);
    sharing.group(alone, Slots::ChildrenAndStrings);
    let Sharing { mut shared_items, skip, renames, .. } = sharing;
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

struct Sharing<'f, C, E> {
    fns: &'f [FnItem],
    is_child: &'f C,
    is_entry: &'f E,
    renames: HashMap<String, TokenStream>,
    /// The shared function and its table, at the place of its group's first function.
    shared_items: HashMap<usize, TokenStream>,
    skip: Vec<bool>,
    table: usize,
}

impl<C: Fn(&str) -> bool, E: Fn(&str) -> bool> Sharing<'_, C, E> {
    /// Shares the groups among `candidates` whose bodies are alike but for
    /// their `slots`; returns the functions left alone.
    fn group(&mut self, candidates: Vec<usize>, slots: Slots) -> Vec<usize> {
        let fns = self.fns;
        // Group by the body with each slot replaced by a placeholder.
        let mut groups: BTreeMap<String, Vec<usize>> = BTreeMap::new();
        let mut rows: HashMap<usize, Vec<TokenTree>> = HashMap::new();
        let mut first_seen: HashMap<String, usize> = HashMap::new();
        for n in candidates {
            let mut row = Vec::new();
            let key = match &fns[n].body {
                Some(body) => slotted(body.clone(), self.is_child, slots, &mut row, &mut |_| quote!(__SLOT)).to_string(),
                None => format!("\u{0}{n}"), // never shared
            };
            first_seen.entry(key.clone()).or_insert(n);
            groups.entry(key).or_default().push(n);
            rows.insert(n, row);
        }
        // Groups in the order of their first function, so output is stable.
        let mut ordered: Vec<(usize, Vec<usize>)> = groups.into_iter().map(|(k, members)| (first_seen[&k], members)).collect();
        ordered.sort_unstable();

        let mut alone = Vec::new();
        for (_, mut members) in ordered {
            if slots == Slots::ChildrenAndStrings {
                // Rows too wide for a line stay functions of their own.
                let (fit, wide): (Vec<usize>, Vec<usize>) = members.into_iter().partition(|m| row_width(&rows[m]) <= ROW_WIDTH);
                alone.extend(wide);
                members = fit;
            }
            if members.len() < 2 {
                alone.extend(members);
                continue;
            }
            let first = members[0];
            // A slot every member fills alike stays in the body.
            let varying: Vec<bool> = (0..rows[&first].len()).map(|j| members.iter().any(|m| rows[m][j].to_string() != rows[&first][j].to_string())).collect();
            if slots == Slots::ChildrenAndStrings && varying.iter().filter(|v| **v).count() > MAX_MIXED_SLOTS {
                // A long tuple per row reads worse than the functions.
                alone.extend(members);
                continue;
            }
            if !varying.contains(&true) {
                // Equal bodies calling nothing: the others use the first.
                for &m in &members[1..] {
                    let name = &fns[first].name;
                    self.renames.insert(fns[m].name.to_string(), quote!(#name));
                    self.skip[m] = true;
                }
                continue;
            }
            let table = self.table;
            self.table += 1;
            let rows: HashMap<usize, Vec<TokenTree>> =
                members.iter().map(|&m| (m, rows[&m].iter().zip(&varying).filter(|(_, v)| **v).map(|(t, _)| t.clone()).collect())).collect();
            let item = self.shared_item(table, &members, &rows, &varying, slots);
            self.shared_items.insert(first, item);
            let t = format_ident!("t{}", table);
            for (k, &m) in members.iter().enumerate() {
                let k = Literal::usize_unsuffixed(k);
                self.renames.insert(fns[m].name.to_string(), quote!(#t::<#k>));
                self.skip[m] = true;
            }
        }
        alone.sort_unstable();
        alone
    }

    /// The function `t{table}` running the body `members` share, and its table.
    /// `rows` hold the `varying` slots only.
    fn shared_item(&self, table: usize, members: &[usize], rows: &HashMap<usize, Vec<TokenTree>>, varying: &[bool], slots: Slots) -> TokenStream {
        let fns = self.fns;
        let first = members[0];
        let t = format_ident!("t{}", table);
        let rows_name = format_ident!("T{}", table);
        let n_slots = rows[&first].len();
        let (mut position, mut slot) = (0, 0);
        let body = slotted(fns[first].body.clone().unwrap_or_default(), self.is_child, slots, &mut Vec::new(), &mut |same| {
            position += 1;
            if !varying[position - 1] {
                return same.clone().into();
            }
            let j = Literal::usize_unsuffixed(slot);
            slot += 1;
            match slots {
                Slots::Children => quote!(#rows_name[K][#j]),
                Slots::ChildrenAndStrings if n_slots == 1 => quote!(#rows_name[K]),
                Slots::ChildrenAndStrings => quote!(#rows_name[K].#j),
            }
        });
        let shown: Vec<&str> = members.iter().take(2).map(|&m| fns[m].doc.trim()).collect();
        // What the rows hold, said as what the members differ in.
        let row = &rows[&first];
        let holds = |f: &dyn Fn(&TokenTree) -> bool| row.iter().any(f);
        let parts: Vec<&str> = [
            (holds(&|t| matches!(t, TokenTree::Ident(_)) && Static::of(t).is_none()), "the validators they call"),
            (holds(&|t| matches!(t, TokenTree::Literal(_))), "the strings they pass"),
            (holds(&|t| Static::of(t).is_some()), "the patterns, lists or values they use"),
        ]
        .into_iter()
        .filter_map(|(held, part)| held.then_some(part))
        .collect();
        let differ = match parts.as_slice() {
            [.., last] if parts.len() > 1 => format!("{} and {last}", parts[..parts.len() - 1].join(", ")),
            _ => parts.concat(),
        };
        let doc = format!(
            " Shared by {} validators that differ only in {differ} (a row of `{rows_name}` each), such as {}{}.",
            members.len(),
            shown.join(" and "),
            if members.len() > 2 { format!(" ({} more)", members.len() - 2) } else { String::new() },
        );
        let n_rows = Literal::usize_unsuffixed(members.len());
        let (row_type, table_rows): (TokenStream, Vec<TokenStream>) = match slots {
            Slots::Children => {
                let n = Literal::usize_unsuffixed(n_slots);
                (
                    quote!([rt::Check; #n]),
                    members
                        .iter()
                        .map(|m| {
                            let row = &rows[m];
                            quote!([#(#row),*])
                        })
                        .collect(),
                )
            }
            Slots::ChildrenAndStrings => {
                let types: Vec<TokenStream> = rows[&first]
                    .iter()
                    .map(|t| match (t, Static::of(t)) {
                        (TokenTree::Literal(_), _) => quote!(&str),
                        (_, Some(kind)) => kind.row_type(),
                        _ => quote!(rt::Check),
                    })
                    .collect();
                let row_type = if n_slots == 1 { quote!(#(#types)*) } else { quote!((#(#types),*)) };
                (
                    row_type,
                    members
                        .iter()
                        .map(|m| {
                            let row: Vec<TokenStream> = rows[m].iter().map(|t| Static::of(t).map_or_else(|| quote!(#t), |kind| kind.in_row(t))).collect();
                            if n_slots == 1 {
                                quote!(#(#row)*)
                            } else {
                                quote!((#(#row),*))
                            }
                        })
                        .collect(),
                )
            }
        };
        // Private when only validators call it.
        let visibility = members.iter().any(|&m| (self.is_entry)(&fns[m].name.to_string())).then(|| quote!(pub));
        quote! {
            #[doc = #doc]
            #visibility fn #t<const K: usize>(i: &Value, l: &Loc, c: &mut Ctx, s: &Path) -> bool {
                #body
            }
            const #rows_name: [#row_type; #n_rows] = [#(#table_rows),*];
        }
    }
}

/// How wide `row` is written in its table: indented, in parentheses, with
/// its separators and the comma after it.
fn row_width(row: &[TokenTree]) -> usize {
    8 + 3 + row.iter().map(|t| t.to_string().len() + 2).sum::<usize>()
}

/// A static of the validators' module (`validate.rs` names them), as a
/// slot of a shared body: its row holds a reference to it (a list, itself).
#[derive(Clone, Copy)]
enum Static {
    /// `RE3`: an `rt::Pattern`.
    Pattern,
    /// `VALUE3`: an `rt::JsonConst`.
    Value,
    /// `WORDS3`: a `&[&str]`.
    Words,
}

impl Static {
    /// The static `t` names, if it is one.
    fn of(t: &TokenTree) -> Option<Static> {
        let TokenTree::Ident(i) = t else { return None };
        let name = i.to_string();
        [("RE", Static::Pattern), ("VALUE", Static::Value), ("WORDS", Static::Words)].into_iter().find(|(p, _)| is_numbered(&name, p)).map(|(_, k)| k)
    }

    /// Whether a row holds a reference to it (a pattern, a value) rather
    /// than the static itself (a list, already a reference).
    fn by_reference(self) -> bool {
        matches!(self, Static::Pattern | Static::Value)
    }

    /// The type of a row's slot holding it.
    fn row_type(self) -> TokenStream {
        match self {
            Static::Pattern => quote!(&rt::Pattern),
            Static::Value => quote!(&rt::JsonConst),
            Static::Words => quote!(&[&str]),
        }
    }

    /// `name` as a row holds it: a reference to a pattern or value (where
    /// the body said `&RE3` it says `T0[K].1`, see [`slotted`]), a list as
    /// it is.
    fn in_row(self, name: &TokenTree) -> TokenStream {
        if self.by_reference() {
            quote!(&#name)
        } else {
            quote!(#name)
        }
    }
}

/// `tokens` with each slot replaced by `slot(…)`, what it replaced collected
/// in order into `row`: each child name (per `is_child`), and with
/// [`Slots::ChildrenAndStrings`] each string literal outside a macro's
/// arguments (`matches!(key.as_str(), "a" | "b")` needs literals) and
/// each of the module's statics.
fn slotted(
    tokens: TokenStream,
    is_child: &impl Fn(&str) -> bool,
    slots: Slots,
    row: &mut Vec<TokenTree>,
    slot: &mut impl FnMut(&TokenTree) -> TokenStream,
) -> TokenStream {
    let mut out: Vec<TokenTree> = Vec::new();
    let mut after_bang = false;
    for t in tokens {
        let macro_args = std::mem::replace(&mut after_bang, matches!(&t, TokenTree::Punct(p) if p.as_char() == '!'));
        match t {
            TokenTree::Ident(ref i) if is_child(&i.to_string()) => {
                out.extend(slot(&t));
                row.push(t);
            }
            TokenTree::Ident(ref i) if slots == Slots::ChildrenAndStrings && Static::of(&t).is_some() => {
                let replaced = slot(&t);
                // `&RE3` taken from a row that holds `&RE3`: the row's
                // reference, not a borrow of it.
                if Static::of(&t).is_some_and(Static::by_reference)
                    && *i != replaced.to_string()
                    && matches!(out.last(), Some(TokenTree::Punct(p)) if p.as_char() == '&' && p.spacing() == Spacing::Alone)
                {
                    out.pop();
                }
                out.extend(replaced);
                row.push(t);
            }
            TokenTree::Literal(ref l) if slots == Slots::ChildrenAndStrings && l.to_string().starts_with('"') => {
                out.extend(slot(&t));
                row.push(t);
            }
            TokenTree::Group(g) if macro_args && slots == Slots::ChildrenAndStrings => out.push(TokenTree::Group(g)),
            TokenTree::Group(g) => {
                let mut inner = Group::new(g.delimiter(), slotted(g.stream(), is_child, slots, row, slot));
                inner.set_span(g.span());
                out.push(TokenTree::Group(inner));
            }
            other => out.push(other),
        }
    }
    out.into_iter().collect()
}

/// Whether `name` is `prefix` and a number: a validator (`v12`), a shared
/// body (`t2`), a static (`RE3`).
pub fn is_numbered(name: &str, prefix: &str) -> bool {
    name.strip_prefix(prefix).is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// `tokens` with every name in `renames` replaced (validator items, or
/// readers, whose names are unique in their module).
pub fn rename(tokens: TokenStream, renames: &HashMap<String, TokenStream>) -> TokenStream {
    if renames.is_empty() {
        return tokens;
    }
    slotted(tokens, &|name| renames.contains_key(name), Slots::Children, &mut Vec::new(), &mut |i| renames[&i.to_string()].clone())
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
/// `rt::via_value!(Check18 -> …, validators::t2::<1>)`
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
    /// `type NAME = …;`, or `pub type …`
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
        (ItemKind::Alias, [TokenTree::Ident(vis), TokenTree::Ident(t), TokenTree::Ident(name), TokenTree::Punct(eq), ..])
            if vis == "pub" && t == "type" && eq.as_char() == '=' =>
        {
            Some(name.clone())
        }
        (ItemKind::Alias, [TokenTree::Ident(t), TokenTree::Ident(name), TokenTree::Punct(eq), ..]) if t == "type" && eq.as_char() == '=' => Some(name.clone()),
        _ => None,
    }
}

/// Whether `name` takes const arguments: a shared validator (`t2`) or an
/// item made generic already.
fn takes_rows(name: &str, generic: &HashSet<String>) -> bool {
    generic.contains(name) || is_numbered(name, "t")
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
        FnItem { item: quote!(#[doc = #doc] pub fn #name() -> bool { #body }), name, doc, body: Some(body) }
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
        let shared = share(fns, child, |_| true);
        let text: Vec<String> = shared.items.iter().map(|t| t.to_string()).collect();
        // v0 and v3 share `t0`, whose body reads its children from `T0`.
        assert!(text[0].contains(&quote!(pub fn t0<const K: usize>).to_string()), "{}", text[0]);
        // `v1`, called by both, stays in the body.
        assert!(text[0].contains(&quote!(c.prop(l, s, x, "a", v1) & c.prop(l, s, x, "b", T0[K][0])).to_string()), "{}", text[0]);
        let table = quote!(
            const T0: [[rt::Check; 1]; 2] = [[v2], [v0]];
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
        assert_eq!(rename(quote!([v2]), &shared.renames).to_string(), quote!([v1]).to_string());
        assert_eq!(rename_paths(quote!(pub v0: u8, f(validators::v3)), &shared.renames).to_string(), quote!(pub v0: u8, f(validators::t0::<1>)).to_string());
    }

    #[test]
    fn what_stays_alone_shares_again_with_its_strings_taken_out() {
        let child = |s: &str| s.starts_with('v');
        let fns = vec![
            item("v0", quote!(v5(i, l, c, &s.reference("/$ref", B0, "/definitions/a")))),
            item("v1", quote!(v6(i, l, c, &s.reference("/$ref", B0, "/definitions/b")))),
            // Literals a macro matches on stay literals: alone.
            item("v2", quote!(matches!(key.as_str(), "a" | "b"))),
            item("v3", quote!(matches!(key.as_str(), "c"))),
            // Too wide a row for a line: alone.
            item("v4", quote!(v5(i, l, c, &s.reference("/$ref", B0, "/definitions/a/very/long/pointer/to/somewhere/deep/down/in/the/schema/document")))),
        ];
        let shared = share(fns, child, |_| true);
        let text: Vec<String> = shared.items.iter().map(|t| t.to_string()).collect();
        assert_eq!(text.len(), 4, "{text:#?}");
        // The strings both pass alike (`"/$ref"`) stay in the body.
        let body = quote!(T0[K].0(i, l, c, &s.reference("/$ref", B0, T0[K].1))).to_string();
        assert!(text[0].contains(&body), "{}", text[0]);
        assert!(text[0].contains("the validators they call and the strings they pass"), "{}", text[0]);
        let table = quote!(
            const T0: [(rt::Check, &str); 2] = [(v5, "/definitions/a"), (v6, "/definitions/b")];
        )
        .to_string();
        assert!(text[0].contains(&table), "{}", text[0]);
        assert_eq!(shared.renames["v1"].to_string(), quote!(t0::<1>).to_string());
        assert!(!shared.renames.contains_key("v2") && !shared.renames.contains_key("v3") && !shared.renames.contains_key("v4"));
    }

    #[test]
    fn bodies_alike_but_for_their_patterns_and_lists_share_one_function() {
        let child = |s: &str| s.starts_with('v');
        let fns = vec![
            item("v0", quote!(c.pattern(l, s, x, &RE1) & c.enum_str(l, s, i, WORDS2) & c.enum_of(l, s, i, VALUE0.items()))),
            item("v1", quote!(c.pattern(l, s, x, &RE3) & c.enum_str(l, s, i, WORDS4) & c.enum_of(l, s, i, VALUE0.items()))),
        ];
        let text: Vec<String> = share(fns, child, |_| true).items.iter().map(|t| t.to_string()).collect();
        assert_eq!(text.len(), 1, "{text:#?}");
        // The row holds the pattern by reference (no borrow of the
        // reference in the body); the value both use stays in the body.
        let body = quote!(c.pattern(l, s, x, T0[K].0) & c.enum_str(l, s, i, T0[K].1) & c.enum_of(l, s, i, VALUE0.items())).to_string();
        assert!(text[0].contains(&body), "{}", text[0]);
        assert!(text[0].contains("differ only in the patterns, lists or values they use"), "{}", text[0]);
        let table = quote!(
            const T0: [(&rt::Pattern, &[&str]); 2] = [(&RE1, WORDS2), (&RE3, WORDS4)];
        )
        .to_string();
        assert!(text[0].contains(&table), "{}", text[0]);
    }

    #[test]
    fn readers_alike_but_for_a_row_become_one_generic_item() {
        let items = vec![
            quote!(rt::via_value!(Check1 -> Vec<rt::Value>, validators::t2::<0>);),
            quote!(
                type Union2 = Union9<LeafRead<Leaf3>, ViaValue<Check1>>;
            ),
            quote!(rt::via_value!(Check4 -> Vec<rt::Value>, validators::t2::<1>);),
            quote!(
                type Union5 = Union9<LeafRead<Leaf3>, ViaValue<Check4>>;
            ),
            // Another output type: not the same check.
            quote!(rt::via_value!(Check6 -> rt::Value, validators::t2::<2>);),
            quote!(rt::object_reader!(read_0, X { a = "a": Union2, optional, settle; b = "b": Union5, optional, settle; }, deny);),
        ];
        // Compared without spaces: `>>` may print joint or apart.
        let squeeze = |t: &TokenStream| t.to_string().replace(' ', "");
        let text: Vec<String> = generic_items(items).iter().map(squeeze).collect();
        let expected = [
            quote!(rt::via_value!(Check1<const K0> -> Vec<rt::Value>, validators::t2::<K0>);),
            quote!(
                type Union2<const K0: usize> = Union9<LeafRead<Leaf3>, ViaValue<Check1<K0>>>;
            ),
            quote!(rt::via_value!(Check6 -> rt::Value, validators::t2::<2>);),
            quote!(rt::object_reader!(read_0, X { a = "a": Union2<0>, optional, settle; b = "b": Union2<1>, optional, settle; }, deny);),
        ];
        assert_eq!(text, expected.iter().map(squeeze).collect::<Vec<_>>());
    }
}
