//! `rt::Object`'s attributes: how a generated struct says on itself what
//! its impls need (JSON names by a rename rule, readers where a member's
//! type does not say them), and the marks `types.rs` leaves for them until
//! the readers are written.

use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};
use quote::quote;
use std::collections::HashMap;

/// How a struct's field names give its members' JSON names
/// (`rt::Object`'s `rename_all`; the derive applies the same rule).
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Rename {
    Same,
    Kebab,
    Camel,
}

impl Rename {
    /// The JSON name field `rust` (a Rust name, `r#` left off) gives.
    pub(super) fn apply(self, rust: &str) -> String {
        match self {
            Rename::Same => rust.to_owned(),
            Rename::Kebab => rust.replace('_', "-"),
            Rename::Camel => {
                let mut out = String::with_capacity(rust.len());
                let mut upper = false;
                for c in rust.chars() {
                    if c == '_' {
                        upper = true;
                    } else if upper {
                        out.extend(c.to_uppercase());
                        upper = false;
                    } else {
                        out.push(c);
                    }
                }
                out
            }
        }
    }

    /// The rule that gives the most of `fields`' (Rust, JSON) names (`Same`
    /// on a tie: it goes unsaid).
    pub(super) fn best<'f>(fields: impl Iterator<Item = (&'f str, &'f str)> + Clone) -> Rename {
        let given = |rule: Rename| fields.clone().filter(|(rust, json)| rule.apply(rust) == *json).count();
        let same = given(Rename::Same);
        let (kebab, camel) = (given(Rename::Kebab), given(Rename::Camel));
        if kebab > same && kebab >= camel {
            Rename::Kebab
        } else if camel > same && camel > kebab {
            Rename::Camel
        } else {
            Rename::Same
        }
    }

    /// The field name the rule maps to JSON name `json`, if one does.
    fn field_of(self, json: &str) -> Option<String> {
        let field = match self {
            Rename::Same => json.to_owned(),
            Rename::Kebab => json.replace('-', "_"),
            Rename::Camel => {
                let mut out = String::with_capacity(json.len() + 4);
                for c in json.chars() {
                    if c.is_ascii_uppercase() {
                        out.push('_');
                        out.push(c.to_ascii_lowercase());
                    } else {
                        out.push(c);
                    }
                }
                out
            }
        };
        (!field.is_empty() && field.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_') && self.apply(&field) == json).then_some(field)
    }

    /// `rename_all`'s value, unless the rule goes unsaid.
    pub(super) fn rule(self) -> Option<&'static str> {
        match self {
            Rename::Same => None,
            Rename::Kebab => Some("kebab-case"),
            Rename::Camel => Some("camelCase"),
        }
    }
}

/// How a struct's fields give its members' JSON names: a rule, and
/// prefixes under which it applies to the rest of a field's name
/// (`typescript_eslint_semi` under `typescript_eslint_ = "@typescript-eslint/"`
/// is `@typescript-eslint/semi`). `rt::Object` applies the same (the
/// longest prefix a field starts with); a member whose name they do not
/// give says it.
pub(super) struct Names {
    pub rule: Rename,
    /// (field prefix, JSON prefix), longest field prefix first.
    pub prefixes: Vec<(String, String)>,
}

impl Names {
    /// The names that give the most of `fields`' (Rust, JSON) names: the
    /// rule that gives most, then each prefix that gives at least two more.
    pub(super) fn best<'f>(fields: impl Iterator<Item = (&'f str, &'f str)> + Clone) -> Names {
        let rule = Rename::best(fields.clone());
        let mut counts: HashMap<(String, String), usize> = HashMap::new();
        for (rust, json) in fields.clone() {
            if rule.apply(rust) == json {
                continue;
            }
            // `…/rest`: the field ends with the rest, as the rule names it.
            let Some(slash) = json.rfind('/') else { continue };
            let (json_prefix, rest) = json.split_at(slash + 1);
            let Some(rest_field) = rule.field_of(rest) else { continue };
            let Some(field_prefix) = rust.strip_suffix(rest_field.as_str()) else { continue };
            if field_prefix.ends_with('_') && field_prefix.len() > 1 {
                *counts.entry((field_prefix.to_owned(), json_prefix.to_owned())).or_default() += 1;
            }
        }
        let mut prefixes: Vec<(String, String)> = counts.into_iter().filter(|(_, n)| *n >= 2).map(|(p, _)| p).collect();
        // One JSON prefix per field prefix: the first in order.
        prefixes.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then_with(|| a.cmp(b)));
        prefixes.dedup_by(|a, b| a.0 == b.0);
        Names { rule, prefixes }
    }

    /// The JSON name field `rust` (`r#` left off) gets.
    pub(super) fn apply(&self, rust: &str) -> String {
        for (field_prefix, json_prefix) in &self.prefixes {
            if let Some(rest) = rust.strip_prefix(field_prefix.as_str()) {
                return format!("{json_prefix}{}", self.rule.apply(rest));
            }
        }
        self.rule.apply(rust)
    }

    /// What the struct's attribute says of them.
    pub(super) fn says(&self) -> Vec<TokenStream> {
        let mut says = Vec::new();
        if let Some(rule) = self.rule.rule() {
            says.push(quote!(rename_all = #rule));
        }
        if !self.prefixes.is_empty() {
            let pairs = self.prefixes.iter().map(|(field, json)| {
                let field = proc_macro2::Ident::new(field, proc_macro2::Span::call_site());
                quote!(#field = #json)
            });
            says.push(quote!(prefix(#(#pairs),*)));
        }
        says
    }
}

/// A struct's `rt::Object` attributes: on the struct, and on each member
/// in field order (the extra members' field last), empty where nothing
/// needs saying.
pub struct ObjectAttrs {
    pub id: usize,
    pub on_struct: TokenStream,
    pub on_members: Vec<TokenStream>,
}

/// `#[json(…)]` saying `says`, if anything.
pub(super) fn json_attr(says: &[TokenStream]) -> TokenStream {
    if says.is_empty() {
        quote!()
    } else {
        quote!(#[json(#(#says),*)])
    }
}

/// `types` with each struct's marked attribute places (`types.rs` marks
/// them before the readers are written) filled from `attrs`.
pub fn fill_object_attrs(types: TokenStream, attrs: &HashMap<usize, ObjectAttrs>) -> TokenStream {
    let trees: Vec<TokenTree> = types.into_iter().collect();
    let mut out: Vec<TokenTree> = Vec::with_capacity(trees.len());
    let mut pending: Option<&ObjectAttrs> = None;
    let mut i = 0;
    while i < trees.len() {
        if let (TokenTree::Punct(hash), Some(TokenTree::Group(g))) = (&trees[i], trees.get(i + 1)) {
            if hash.as_char() == '#' {
                let inner: Vec<TokenTree> = g.stream().into_iter().collect();
                if let [TokenTree::Ident(m), TokenTree::Group(id)] = &inner[..] {
                    if m == "__contracts_object" {
                        let id: Option<usize> = id.stream().to_string().parse().ok();
                        pending = id.and_then(|id| attrs.get(&id));
                        out.extend(pending.map(|a| a.on_struct.clone()).unwrap_or_default());
                        i += 2;
                        continue;
                    }
                }
            }
        }
        match (&trees[i], pending) {
            (TokenTree::Group(g), Some(a)) if g.delimiter() == Delimiter::Brace => {
                let mut members = a.on_members.iter();
                let body = fill_members(g.stream(), &mut members);
                let mut filled = Group::new(g.delimiter(), body);
                filled.set_span(g.span());
                out.push(TokenTree::Group(filled));
                pending = None;
            }
            (tree, _) => out.push(tree.clone()),
        }
        i += 1;
    }
    out.into_iter().collect()
}

fn fill_members<'a>(body: TokenStream, members: &mut impl Iterator<Item = &'a TokenStream>) -> TokenStream {
    let trees: Vec<TokenTree> = body.into_iter().collect();
    let mut out: Vec<TokenTree> = Vec::with_capacity(trees.len());
    let mut i = 0;
    while i < trees.len() {
        if let (TokenTree::Punct(hash), Some(TokenTree::Group(g))) = (&trees[i], trees.get(i + 1)) {
            if hash.as_char() == '#' && g.stream().to_string() == "__contracts_member" {
                out.extend(members.next().cloned().unwrap_or_default());
                i += 2;
                continue;
            }
        }
        out.push(trees[i].clone());
        i += 1;
    }
    out.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::Rename;

    #[test]
    fn prefixes_give_the_names_under_them() {
        let fields = [
            ("typescript_eslint_semi", "@typescript-eslint/semi"),
            ("typescript_eslint_no_shadow", "@typescript-eslint/no-shadow"),
            ("comma_dangle", "comma-dangle"),
            ("odd_one", "@odd/one"),
        ];
        let names = super::Names::best(fields.iter().copied());
        assert_eq!(names.prefixes, vec![("typescript_eslint_".to_owned(), "@typescript-eslint/".to_owned())]);
        assert_eq!(names.apply("typescript_eslint_no_shadow"), "@typescript-eslint/no-shadow");
        // A prefix one field has is no saving: that field says its name.
        assert_eq!(names.apply("odd_one"), "odd-one");
    }

    #[test]
    fn the_rule_that_gives_most_names_is_chosen_and_applied() {
        let fields = [("comma_dangle", "comma-dangle"), ("no_console", "no-console"), ("semi", "@typescript-eslint/semi")];
        let rule = Rename::best(fields.iter().copied());
        assert!(rule == Rename::Kebab);
        assert_eq!(rule.rule(), Some("kebab-case"));
        assert_eq!(Rename::Camel.apply("dev_dependencies"), "devDependencies");
        // On a tie the names stay as written, and the rule goes unsaid.
        let tie = [("name", "name"), ("dev_dependencies", "devDependencies"), ("x_y", "x_y")];
        assert!(Rename::best(tie.into_iter()) == Rename::Same);
        assert_eq!(Rename::Same.rule(), None);
    }
}
