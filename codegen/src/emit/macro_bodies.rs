//! Lays out the bodies of the runtime's macro invocations (`rt::…!(…)`).
//!
//! prettyplease formats Rust syntax, but a macro's body is only tokens to
//! it: it prints them one by one with a space between any two and breaks
//! lines wherever it runs out of room (`Typed <` on one line, `X >` on the
//! next). So before printing, each `rt::` macro's body is set aside and a
//! placeholder left in its place ([`set_aside`]); the printed file then gets
//! the bodies back ([`put_back`]), written as Rust is written (`Typed<X>`,
//! `R0: String`, `|s| …`) and wrapped only between words.

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};
use syn::visit_mut::VisitMut;

/// The widest line the macro bodies (and `table_rows`) are laid out to.
pub(super) const WIDTH: usize = 100;

/// The bodies set aside from one file, and the placeholders' prefix.
pub struct SetAside {
    prefix: String,
    bodies: Vec<Body>,
}

/// Replaces the body of every `rt::` macro invocation in `file` with a
/// placeholder (one identifier, which prettyplease prints as is) and
/// returns the bodies, written out. `text` is the file's text before
/// printing: the placeholders' prefix is one it does not contain (a schema's
/// description or name could), so only placeholders are found later.
pub fn set_aside(file: &mut syn::File, text: &str) -> SetAside {
    let prefix = (0..).map(|salt| format!("__contracts_macro_body{salt}_")).find(|p| !text.contains(p.as_str())).unwrap_or_default();
    let mut bodies = Bodies { prefix, bodies: Vec::new() };
    bodies.visit_file_mut(file);
    SetAside { prefix: bodies.prefix, bodies: bodies.bodies }
}

/// Puts the bodies back into `printed` (prettyplease's text), each at the
/// indentation of the line its invocation starts on: on that line when it
/// fits, else one level deeper, wrapped.
pub fn put_back(printed: &str, set_aside: &SetAside) -> String {
    let bodies = &set_aside.bodies;
    let mut out = String::with_capacity(printed.len() + bodies.iter().flat_map(|b| &b.words).map(|w| w.len() + 1).sum::<usize>());
    let mut rest = printed;
    for (n, body) in bodies.iter().enumerate() {
        let words = &body.words;
        let mark = format!("({}{n})", set_aside.prefix);
        // Printed in the order visited; each placeholder is there once.
        let Some(at) = rest.find(&mark) else { continue };
        let (before, after) = (&rest[..at], &rest[at + mark.len()..]);
        out.push_str(before);
        let line_start = out.rfind('\n').map_or(0, |i| i + 1);
        let indent = out[line_start..].len() - out[line_start..].trim_start().len();
        let one_line = words.join(" ");
        // The rest of the line after the invocation (`);`, `,`, `)) & …`).
        let tail = after.split('\n').next().unwrap_or_default();
        if out.len() - line_start + one_line.len() + 2 + tail.len() <= WIDTH {
            out.push('(');
            out.push_str(&one_line);
            out.push(')');
        } else if body.attribute {
            // An attribute goes on as its item's first lines: filled from
            // after `(`, then a level deeper, closed on its last line.
            out.push('(');
            let lines = wrap(body, WIDTH.saturating_sub(indent + 4));
            for (i, line) in lines.iter().enumerate() {
                if i > 0 {
                    out.push('\n');
                    out.push_str(&" ".repeat(indent + 4));
                }
                out.push_str(line);
            }
            out.push(')');
        } else {
            out.push_str("(\n");
            for line in wrap(body, WIDTH.saturating_sub(indent + 4)) {
                out.push_str(&" ".repeat(indent + 4));
                out.push_str(&line);
                out.push('\n');
            }
            out.push_str(&" ".repeat(indent));
            out.push(')');
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

/// A macro body written out: its words (the text between the places a
/// line may break, where Rust puts a space), and which of them end an
/// entry: at the top of the body and inside braces, the `;`-separated
/// parts, or the `,`-separated ones where there is no `;` (members of a
/// reader's table, rows of a `props!`, variants of an enum); never inside
/// parentheses, brackets or generic arguments.
pub struct Body {
    words: Vec<String>,
    entry_ends: Vec<bool>,
    /// The arguments of a `#[json(…)]` attribute, not a macro's body.
    attribute: bool,
}

/// Fills lines of at most `width` with the body's words, keeping each
/// entry on one line when it fits on one; a word longer than a line gets a
/// line of its own.
fn wrap(body: &Body, width: usize) -> Vec<String> {
    let words = &body.words;
    let mut entries: Vec<&[String]> = Vec::new();
    let mut start = 0;
    for (i, end) in body.entry_ends.iter().enumerate() {
        if *end || i + 1 == words.len() {
            entries.push(&words[start..=i]);
            start = i + 1;
        }
    }
    let mut lines = Vec::new();
    let mut line = String::new();
    for entry in entries {
        let len = entry.iter().map(|w| w.len() + 1).sum::<usize>() - 1;
        let fits_here = line.is_empty() || line.len() + 1 + len <= width;
        if !fits_here && len <= width {
            lines.push(std::mem::take(&mut line));
        }
        for w in entry {
            if !line.is_empty() && line.len() + 1 + w.len() > width {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(w);
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

struct Bodies {
    prefix: String,
    bodies: Vec<Body>,
}

impl VisitMut for Bodies {
    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        let ours = mac.path.segments.first().is_some_and(|s| s.ident == "rt") && mac.path.segments.len() == 2;
        if !ours || !matches!(mac.delimiter, syn::MacroDelimiter::Paren(_)) {
            return;
        }
        mac.tokens = self.set_aside(body(std::mem::take(&mut mac.tokens)));
    }

    fn visit_attribute_mut(&mut self, attr: &mut syn::Attribute) {
        let syn::Meta::List(list) = &mut attr.meta else { return };
        if !list.path.is_ident("json") || !matches!(list.delimiter, syn::MacroDelimiter::Paren(_)) {
            return;
        }
        let mut body = body(std::mem::take(&mut list.tokens));
        body.attribute = true;
        list.tokens = self.set_aside(body);
    }
}

impl Bodies {
    /// Keeps `body` and returns the placeholder that stands for it.
    fn set_aside(&mut self, body: Body) -> TokenStream {
        let ident = syn::Ident::new(&format!("{}{}", self.prefix, self.bodies.len()), proc_macro2::Span::call_site());
        self.bodies.push(body);
        quote::quote!(#ident)
    }
}

/// `tokens` written out.
fn body(tokens: TokenStream) -> Body {
    let mut w = Writer::default();
    w.stream(tokens, None);
    w.finish()
}

/// What the previous token was, for the space before the next one.
#[derive(Clone, Copy, PartialEq, Eq, Default)]
enum Prev {
    /// Start of a body or of a group: no space.
    #[default]
    Open,
    /// An identifier, literal or closed group: a space before another.
    Word,
    /// A path separator, `<` of generics, `&`, a prefix `!`/`-`, a `'`,
    /// or a macro's `!`: nothing after it.
    Glue,
    /// `,`, `;`, `:`, `=>`, `=`, a binary operator: a space after it.
    Spaced,
}

#[derive(Default)]
struct Writer {
    words: Vec<String>,
    entry_ends: Vec<bool>,
    current: String,
    /// The current word ends an entry.
    ends_entry: bool,
    /// What ends an entry in the group being written (`None`: nothing).
    separator: Option<char>,
    prev: Prev,
    /// Open `<` of generic arguments (a `>` closes one of them).
    generics: usize,
    /// Inside `|…|` of a closure's parameters.
    in_closure_params: bool,
}

impl Writer {
    fn finish(mut self) -> Body {
        self.space();
        Body { words: self.words, entry_ends: self.entry_ends, attribute: false }
    }

    /// Ends the current word (a line may break here).
    fn space(&mut self) {
        if !self.current.is_empty() {
            self.words.push(std::mem::take(&mut self.current));
            self.entry_ends.push(std::mem::take(&mut self.ends_entry));
        }
    }

    fn push(&mut self, text: &str, space_before: bool, prev: Prev) {
        if space_before {
            self.space();
        }
        self.current.push_str(text);
        self.prev = prev;
    }

    /// Writes the tokens of the body (`delimiter` `None`) or of a group.
    fn stream(&mut self, tokens: TokenStream, delimiter: Option<Delimiter>) {
        let tokens: Vec<TokenTree> = tokens.into_iter().collect();
        let semicolons = tokens.iter().any(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == ';'));
        let outer = self.separator;
        self.separator = match delimiter {
            None | Some(Delimiter::Brace) => Some(if semicolons { ';' } else { ',' }),
            Some(_) => None,
        };
        for (i, t) in tokens.iter().enumerate() {
            match t {
                TokenTree::Ident(_) | TokenTree::Literal(_) => {
                    let space = matches!(self.prev, Prev::Word | Prev::Spaced);
                    self.push(&t.to_string(), space, Prev::Word);
                }
                TokenTree::Group(g) => self.group(g),
                TokenTree::Punct(p) => self.punct(p.as_char(), p.spacing(), &tokens[i + 1..]),
            }
        }
        self.separator = outer;
    }

    fn group(&mut self, g: &proc_macro2::Group) {
        let (open, close) = match g.delimiter() {
            Delimiter::Parenthesis => ("(", ")"),
            Delimiter::Bracket => ("[", "]"),
            Delimiter::Brace => ("{", "}"),
            Delimiter::None => ("", ""),
        };
        let brace = g.delimiter() == Delimiter::Brace;
        // A call or index follows its name (`f(`, `x[`); a block stands
        // apart (`Rules {`), and so does anything after `,` or `=>`.
        let space = if brace { self.prev != Prev::Open } else { self.prev == Prev::Spaced };
        let generics = std::mem::take(&mut self.generics);
        let inner = g.stream();
        let filled_block = brace && !inner.is_empty();
        self.push(open, space, Prev::Open);
        if filled_block {
            // A block's first entry may start a line (`Actor {` ends one).
            self.prev = Prev::Spaced;
            self.ends_entry = self.separator.is_some();
        }
        self.stream(inner, Some(g.delimiter()));
        self.push(close, filled_block, Prev::Word);
        self.generics = generics;
    }

    /// Writes punctuation `c`, followed by `after` in its group.
    fn punct(&mut self, c: char, spacing: Spacing, after: &[TokenTree]) {
        let joint = spacing == Spacing::Joint;
        let char_at = |i: usize| match after.get(i) {
            Some(TokenTree::Punct(p)) => Some(p.as_char()),
            _ => None,
        };
        let next = after.first();
        let next_char = char_at(0);
        // `|v|`: a closure's one parameter.
        let opens_closure = matches!(next, Some(TokenTree::Ident(_))) && char_at(1) == Some('|');
        let prev = self.prev;
        match c {
            ',' | ';' => {
                self.push(&c.to_string(), false, Prev::Spaced);
                self.ends_entry = self.generics == 0 && self.separator == Some(c);
            }
            // `::` (its first `:` is joint to the second).
            ':' if joint && next_char == Some(':') => self.push(":", prev == Prev::Spaced, Prev::Glue),
            ':' if prev == Prev::Glue && self.current.ends_with(':') => self.push(":", false, Prev::Glue),
            ':' => self.push(":", false, Prev::Spaced),
            // `=>`, `->`, `==`, `!=`, `<=`, `>=`, `&&`, `||`: written whole, spaced.
            '=' | '-' | '!' | '<' | '>' | '&' | '|' if joint && matches!(next_char, Some('=' | '>' | '&' | '|')) && !(c == '>' && self.generics > 0) => {
                self.push(&c.to_string(), true, Prev::Glue);
            }
            '>' | '=' | '&' | '|'
                if prev == Prev::Glue
                    && matches!(self.current.chars().last(), Some('=' | '-' | '!' | '<' | '>' | '&' | '|'))
                    && !(c == '>' && self.generics > 0) =>
            {
                self.push(&c.to_string(), false, Prev::Spaced)
            }
            '<' if matches!(prev, Prev::Word | Prev::Glue) => {
                self.generics += 1;
                self.push("<", false, Prev::Glue);
            }
            '>' if self.generics > 0 => {
                self.generics -= 1;
                self.push(">", false, Prev::Word);
            }
            '|' if !self.in_closure_params && opens_closure => {
                self.in_closure_params = true;
                self.push("|", prev != Prev::Open, Prev::Glue);
            }
            '|' if self.in_closure_params => {
                self.in_closure_params = false;
                self.push("|", false, Prev::Spaced);
            }
            // A macro call's `!` (`matches!(`), a lifetime's `'`.
            '!' if prev == Prev::Word && matches!(next, Some(TokenTree::Group(_))) => self.push("!", false, Prev::Glue),
            '\'' => self.push("'", matches!(prev, Prev::Word | Prev::Spaced), Prev::Glue),
            // Prefix operators: `!x`, `-1`, `&x`, `*x`.
            '!' | '-' | '&' | '*' if prev != Prev::Word => self.push(&c.to_string(), matches!(prev, Prev::Spaced), Prev::Glue),
            // `..` in a pattern stands apart (`{ .. }`); `x.f()` does not.
            '.' if joint && next_char == Some('.') => self.push(".", prev == Prev::Spaced, Prev::Glue),
            '.' => self.push(".", false, Prev::Glue),
            '?' => self.push("?", false, Prev::Word),
            '#' => self.push("#", matches!(prev, Prev::Word | Prev::Spaced), Prev::Glue),
            _ => self.push(&c.to_string(), true, Prev::Spaced),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    fn line(tokens: TokenStream) -> String {
        body(tokens).words.join(" ")
    }

    #[test]
    fn bodies_are_written_as_rust_is() {
        assert_eq!(
            line(quote!(read_14, X { a = "a" => VecOf<LeafRead<Leaf2>, 0usize, { usize::MAX }, Checks9>; } extra extra => AnyValue;)),
            "read_14, X { a = \"a\" => VecOf<LeafRead<Leaf2>, 0usize, { usize::MAX }, Checks9>; } extra extra => AnyValue;"
        );
        assert_eq!(line(quote!(contract[validators::t17::<0>], BASE1, "/a b < c")), "contract[validators::t17::<0>], BASE1, \"/a b < c\"");
        assert_eq!(
            line(quote!(Union3, VisitUnion3 -> S { str => S::One; R0: String, seq => S::Many; R1: Vec<String> } refuse bool)),
            "Union3, VisitUnion3 -> S { str => S::One; R0: String, seq => S::Many; R1: Vec<String> } refuse bool"
        );
        assert_eq!(
            line(quote!(Leaf5 -> G, |s| [!::std::matches!(s, "a" | "b")] => G::from_listed_str(s))),
            "Leaf5 -> G, |s| [!::std::matches!(s, \"a\" | \"b\")] => G::from_listed_str(s)"
        );
        assert_eq!(
            line(quote!(Leaf6 -> bool, scalar |v| rt::is_valid(validators::v265, v) && !x.is_empty())),
            "Leaf6 -> bool, scalar |v| rt::is_valid(validators::v265, v) && !x.is_empty()"
        );
        assert_eq!(
            line(quote!(a: Union20<TupleOf<(Union17, Typed<X>,)>>; b = "b" default: S = S::A => R)),
            "a: Union20<TupleOf<(Union17, Typed<X>,)>>; b = \"b\" default: S = S::A => R"
        );
        assert_eq!(line(quote!(x != "", n <= 3, -1, &[a, b], 'de)), "x != \"\", n <= 3, -1, &[a, b], 'de");
        assert_eq!(line(quote!(::std::matches!(c, E::Unknown { .. }), x.f()?)), "::std::matches!(c, E::Unknown { .. }), x.f()?");
    }

    /// A schema's text that looks like a placeholder stays as written.
    #[test]
    fn text_like_a_placeholder_is_left_alone() {
        let tokens = quote! {
            /// See (__contracts_macro_body0_0).
            pub const S: &str = "(__contracts_macro_body0_0)";
            rt::string_newtype!(RunId, redacted = false contract[validators::v3], BASE0, "/properties/runId");
        };
        let text = tokens.to_string();
        let mut file: syn::File = syn::parse2(tokens).unwrap();
        let bodies = set_aside(&mut file, &text);
        let out = put_back(&prettyplease::unparse(&file), &bodies);
        assert!(out.contains("/// See (__contracts_macro_body0_0).") && out.contains("\"(__contracts_macro_body0_0)\""), "{out}");
        assert!(out.contains("rt::string_newtype!(RunId, redacted = false contract[validators::v3], BASE0, \"/properties/runId\");"), "{out}");
    }

    #[test]
    fn long_bodies_wrap_between_entries() {
        let entries = body(quote!(a = "a" => VecOf<LeafRead<Leaf2>, 0usize, Checks9>; bb = "bb" => Typed<B>; c = "c" => Typed<C>;));
        let lines = wrap(&entries, 52);
        assert_eq!(lines, ["a = \"a\" => VecOf<LeafRead<Leaf2>, 0usize, Checks9>;", "bb = \"bb\" => Typed<B>; c = \"c\" => Typed<C>;"]);
        // A member's flags stay with it; a call's arguments are not entries.
        let members = body(
            quote!(read_5, Actor { kind = "kind", required => LeafRead<Leaf6>; id = "id", required => LeafRead<Leaf7>; } extra extra => AnyValue; contract[v5], BASE0, "/properties/actor"),
        );
        assert_eq!(
            wrap(&members, 50),
            [
                "read_5, Actor {",
                "kind = \"kind\", required => LeafRead<Leaf6>;",
                "id = \"id\", required => LeafRead<Leaf7>;",
                "} extra extra => AnyValue;",
                "contract[v5], BASE0, \"/properties/actor\"",
            ]
        );
        let leaf = body(quote!(Leaf6 -> Kind, |s| [!::std::matches!(s, "human" | "client")] => Kind::from_listed_str(s)));
        assert_eq!(wrap(&leaf, 60), ["Leaf6 -> Kind, |s| [!::std::matches!(s, \"human\" | \"client\")]", "=> Kind::from_listed_str(s)"]);
        let long = body(quote!(word_0 word_1 word_2 word_3 word_4 word_5 word_6 word_7 word_8));
        let lines = wrap(&long, 30);
        assert!(lines.iter().all(|l| l.len() <= 30), "{lines:?}");
        assert_eq!(lines.join(" "), long.words.join(" "));
    }
}
