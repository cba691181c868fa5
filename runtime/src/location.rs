//! Instance locations, built on the stack while validating and rendered as a
//! JSON Pointer (RFC 6901) only when an error is reported.

use std::fmt;

/// Where in the document a value sits: a chain of parent links, so building a
/// child location costs nothing and allocates nothing.
#[derive(Clone, Copy, Debug)]
pub enum Loc<'a> {
    /// The document itself.
    Root,
    /// A member of an object.
    Key(&'a Loc<'a>, &'a str),
    /// An element of an array.
    Index(&'a Loc<'a>, usize),
}

impl<'a> Loc<'a> {
    /// The location of member `key` of the object at `self`.
    #[inline]
    pub fn key(&'a self, key: &'a str) -> Loc<'a> {
        Loc::Key(self, key)
    }

    /// The location of element `index` of the array at `self`.
    #[inline]
    pub fn index(&'a self, index: usize) -> Loc<'a> {
        Loc::Index(self, index)
    }

    /// The JSON Pointer of this location (`""` for the document).
    pub fn to_pointer(&self) -> String {
        let mut out = String::new();
        self.write_pointer(&mut out);
        out
    }

    fn write_pointer(&self, out: &mut String) {
        match self {
            Loc::Root => {}
            Loc::Key(parent, key) => {
                parent.write_pointer(out);
                out.push('/');
                escape_into(key, out);
            }
            Loc::Index(parent, index) => {
                parent.write_pointer(out);
                out.push('/');
                out.push_str(&index.to_string());
            }
        }
    }

    /// A short human description: "`commandId`", "item 3 of `phases`", "the document".
    pub fn describe(&self) -> String {
        match self {
            Loc::Root => "the document".to_owned(),
            Loc::Key(_, key) => format!("`{key}`"),
            Loc::Index(parent, index) => format!("item {index} of {}", parent.describe()),
        }
    }
}

impl fmt::Display for Loc<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_pointer())
    }
}

/// Escapes one JSON Pointer reference token (`~` → `~0`, `/` → `~1`).
pub(crate) fn escape_into(token: &str, out: &mut String) {
    for c in token.chars() {
        match c {
            '~' => out.push_str("~0"),
            '/' => out.push_str("~1"),
            c => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointer_escapes_tokens() {
        let root = Loc::Root;
        let a = root.key("a/b");
        let b = a.index(3);
        let c = b.key("~x");
        assert_eq!(c.to_pointer(), "/a~1b/3/~0x");
        assert_eq!(root.to_pointer(), "");
        assert_eq!(b.describe(), "item 3 of `a/b`");
    }
}
