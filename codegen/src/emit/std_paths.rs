//! The emitters spell standard types by absolute path
//! (`::std::option::Option`), which is right in any module but long: a
//! field `Option<Vec<String>>` then spills over three lines. Where the
//! module names no type of its own `Option`, `String`, `Vec`, `Box` or
//! `Result`, the prelude's name means the same type, so the path is written
//! as a user would write it (and `Option::Some(x)` as `Some(x)`).

use proc_macro2::{Group, Spacing, TokenStream, TokenTree};
use std::collections::HashSet;

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
    fn prelude_variants_lose_their_type_unless_taken() {
        let tokens = quote!(::std::option::Option::Some(x); ::std::result::Result::Err(e); ::std::option::Option::None);
        assert_eq!(shorten(tokens.clone(), &HashSet::new()).to_string(), quote!(Some(x); Err(e); None).to_string());
        assert_eq!(shorten(tokens, &HashSet::from(["None"])).to_string(), quote!(Some(x); Err(e); Option::None).to_string());
    }
}
