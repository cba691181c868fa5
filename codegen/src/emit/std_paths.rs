//! The emitters spell standard types by absolute path
//! (`::std::option::Option`), which is right in any module but long: a
//! field `Option<Vec<String>>` then spills over three lines. Where the
//! module names no type of its own `Option`, `String`, `Vec`, `Box` or
//! `Result`, the prelude's name means the same type, so the path is written
//! as a user would write it (and `Option::Some(x)` as `Some(x)`).
//!
//! The one-pass readers name the runtime's reader types the same way
//! (`rt::fast::LeafRead<…>`); inside their module those are imported once
//! and written by name ([`import_runtime_types`]), which keeps a reader's
//! type on one line.

use proc_macro2::{Group, Spacing, TokenStream, TokenTree};
use std::collections::{BTreeSet, HashSet};

/// The prelude types the emitters name by path: (path segment, type, its variants).
const PRELUDE: [(&str, &str, &[&str]); 5] =
    [("option", "Option", &["Some", "None"]), ("string", "String", &[]), ("vec", "Vec", &[]), ("boxed", "Box", &[]), ("result", "Result", &["Ok", "Err"])];

/// Keywords an absolute path may follow (any other identifier before `::`
/// makes a path of its own: `a::std::…` is not the standard library).
const KEYWORDS: [&str; 10] = ["mut", "dyn", "impl", "for", "as", "in", "where", "return", "let", "type"];

/// `tokens` with `::std::SEGMENT::Name` written `Name` for each prelude type
/// whose name is not in `taken` (the module's own type names), and
/// `Name::Variant` as `Variant` when `taken` leaves that name free too.
pub fn shorten(tokens: TokenStream, taken: &HashSet<&str>) -> TokenStream {
    let free: Vec<(&str, &str, Vec<&str>)> = PRELUDE
        .into_iter()
        .filter(|(_, name, _)| !taken.contains(name))
        .map(|(segment, name, variants)| (segment, name, variants.iter().copied().filter(|v| !taken.contains(v)).collect()))
        .collect();
    if free.is_empty() {
        return tokens;
    }
    rewrite(tokens, &free)
}

type Free<'a> = [(&'a str, &'a str, Vec<&'a str>)];

fn rewrite(tokens: TokenStream, free: &Free) -> TokenStream {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::with_capacity(trees.len());
    let mut i = 0;
    while i < trees.len() {
        let starts_path = i == 0 || !matches!(&trees[i - 1], TokenTree::Ident(p) if !KEYWORDS.iter().any(|k| p == k));
        if let Some((name, variants)) = prelude_path(&trees[i..], free).filter(|_| starts_path) {
            i += PATH_LEN;
            match variant(&trees[i..], variants) {
                Some(v) => {
                    out.push(v);
                    i += 3;
                }
                None => out.push(name),
            }
            continue;
        }
        out.push(match &trees[i] {
            TokenTree::Group(g) => {
                let mut inner = Group::new(g.delimiter(), rewrite(g.stream(), free));
                inner.set_span(g.span());
                TokenTree::Group(inner)
            }
            other => other.clone(),
        });
        i += 1;
    }
    out.into_iter().collect()
}

/// `tokens` (the items of a module) with each `rt::MODULE::Type` written
/// `Type`, for the types (names starting with a capital) that `taken` (the
/// generated module's own type names, which the readers see through `use
/// super::*`) leaves free; and the names so written, which the module then
/// imports (`use rt::MODULE::{…}`). The readers' own items (`Leaf2`,
/// `Union3`, …) never take a runtime name.
pub fn import_runtime_types(tokens: TokenStream, module: &str, taken: &HashSet<&str>) -> (TokenStream, BTreeSet<String>) {
    let mut used = BTreeSet::new();
    let tokens = import_rewrite(tokens, module, taken, &mut used);
    (tokens, used)
}

fn import_rewrite(tokens: TokenStream, module: &str, taken: &HashSet<&str>, used: &mut BTreeSet<String>) -> TokenStream {
    let trees: Vec<TokenTree> = tokens.into_iter().collect();
    let mut out = Vec::with_capacity(trees.len());
    let mut i = 0;
    while i < trees.len() {
        // `rt :: module :: Name`, not itself the tail of a longer path.
        let after_path = i >= 2 && path_sep(&trees[i - 2], &trees[i - 1]);
        if let [rt, c1, c2, m, c3, c4, TokenTree::Ident(name), ..] = &trees[i..] {
            let text = name.to_string();
            if !after_path
                && is_ident(rt, "rt")
                && path_sep(c1, c2)
                && is_ident(m, module)
                && path_sep(c3, c4)
                && text.starts_with(|c: char| c.is_ascii_uppercase())
                && !taken.contains(text.as_str())
            {
                used.insert(text);
                out.push(TokenTree::Ident(name.clone()));
                i += 7;
                continue;
            }
        }
        out.push(match &trees[i] {
            TokenTree::Group(g) => {
                let mut inner = Group::new(g.delimiter(), import_rewrite(g.stream(), module, taken, used));
                inner.set_span(g.span());
                TokenTree::Group(inner)
            }
            other => other.clone(),
        });
        i += 1;
    }
    out.into_iter().collect()
}

/// `:: std :: segment :: Name`: nine tokens (each `::` is two).
const PATH_LEN: usize = 9;

fn path_sep(a: &TokenTree, b: &TokenTree) -> bool {
    matches!((a, b), (TokenTree::Punct(a), TokenTree::Punct(b)) if a.as_char() == ':' && a.spacing() == Spacing::Joint && b.as_char() == ':')
}

fn is_ident(t: &TokenTree, s: &str) -> bool {
    matches!(t, TokenTree::Ident(i) if i == s)
}

/// The type name and its free variants, when `t` starts with the absolute
/// path of a free prelude type.
fn prelude_path<'f>(t: &[TokenTree], free: &'f Free) -> Option<(TokenTree, &'f [&'f str])> {
    let [c1, c2, std, c3, c4, segment, c5, c6, name, ..] = t else { return None };
    if !(path_sep(c1, c2) && path_sep(c3, c4) && path_sep(c5, c6) && is_ident(std, "std")) {
        return None;
    }
    let (_, _, variants) = free.iter().find(|(seg, n, _)| is_ident(segment, seg) && is_ident(name, n))?;
    Some((name.clone(), variants))
}

/// The variant, when `t` starts with `:: Variant` for one of `variants`.
fn variant(t: &[TokenTree], variants: &[&str]) -> Option<TokenTree> {
    let [a, b, v, ..] = t else { return None };
    (path_sep(a, b) && variants.iter().any(|name| is_ident(v, name))).then(|| v.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    #[test]
    fn absolute_prelude_paths_become_names_unless_the_module_takes_them() {
        let tokens = quote!(pub x: ::std::option::Option<::std::vec::Vec<::std::string::String>>, y: ::std::boxed::Box<T>, z: a::std::option::Option);
        let short = shorten(tokens.clone(), &HashSet::new()).to_string();
        assert_eq!(short, quote!(pub x: Option<Vec<String>>, y: Box<T>, z: a::std::option::Option).to_string());
        let kept = shorten(tokens, &HashSet::from(["String", "Box"])).to_string();
        assert_eq!(kept, quote!(pub x: Option<Vec<::std::string::String>>, y: ::std::boxed::Box<T>, z: a::std::option::Option).to_string());
        let after_keyword = shorten(quote!(fn f(v: &mut ::std::vec::Vec<u8>)), &HashSet::new()).to_string();
        assert_eq!(after_keyword, quote!(fn f(v: &mut Vec<u8>)).to_string());
    }

    #[test]
    fn runtime_types_are_imported_unless_taken() {
        let tokens = quote!(type U = Union3<rt::fast::LeafRead<Leaf2>, rt::fast::Typed<Env>>; rt::fast::next::<R, _>(m); x::rt::fast::Typed);
        let (short, used) = import_runtime_types(tokens.clone(), "fast", &HashSet::new());
        assert_eq!(short.to_string(), quote!(type U = Union3<LeafRead<Leaf2>, Typed<Env>>; rt::fast::next::<R, _>(m); x::rt::fast::Typed).to_string());
        assert_eq!(used.into_iter().collect::<Vec<_>>(), ["LeafRead", "Typed"]);
        let (kept, used) = import_runtime_types(tokens, "fast", &HashSet::from(["Typed"]));
        assert!(kept.to_string().contains(&quote!(rt::fast::Typed<Env>).to_string()));
        assert_eq!(used.into_iter().collect::<Vec<_>>(), ["LeafRead"]);
    }

    #[test]
    fn prelude_variants_lose_their_type_unless_taken() {
        let tokens = quote!(::std::option::Option::Some(x); ::std::result::Result::Err(e); ::std::option::Option::None);
        assert_eq!(shorten(tokens.clone(), &HashSet::new()).to_string(), quote!(Some(x); Err(e); None).to_string());
        assert_eq!(shorten(tokens, &HashSet::from(["None"])).to_string(), quote!(Some(x); Err(e); Option::None).to_string());
    }
}
