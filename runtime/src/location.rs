//! Instance locations, built on the stack while validating and rendered as a
//! JSON Pointer (RFC 6901) only when an error is reported.

use std::cell::RefCell;
use std::fmt;

thread_local! {
    /// A buffer a location is written into before it is copied into a
    /// string of its exact size: one walk and one allocation per string.
    static SCRATCH: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Runs `f` on an empty scratch buffer (see `SCRATCH`); `f` copies out
/// what it needs. Re-entered, it hands out a fresh buffer instead.
pub(crate) fn with_scratch<R>(f: impl FnOnce(&mut String) -> R) -> R {
    SCRATCH.with(|s| match s.try_borrow_mut() {
        Ok(mut buf) => {
            buf.clear();
            f(&mut buf)
        }
        Err(_) => f(&mut String::new()),
    })
}

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
    /// The value at the inner location is marked `x-sensitivity: local`:
    /// the names of the members below it are the document's data, so they
    /// are written [`REDACTED`] in pointers and messages, like its values.
    Local(&'a Loc<'a>),
}

/// What stands for a member name (or value) that must not be repeated.
pub const REDACTED: &str = "<redacted>";

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

    /// The same location, marked `x-sensitivity: local` (see [`Loc::Local`]).
    #[inline]
    pub fn local(&'a self) -> Loc<'a> {
        Loc::Local(self)
    }

    /// Whether this location is below a [`Loc::Local`] one (member names
    /// here are redacted).
    pub fn is_local(&self) -> bool {
        match self {
            Loc::Root => false,
            Loc::Local(_) => true,
            Loc::Key(p, _) | Loc::Index(p, _) => p.is_local(),
        }
    }

    /// The JSON Pointer of this location (`""` for the document).
    pub fn to_pointer(&self) -> String {
        if let Loc::Root = self {
            return String::new();
        }
        with_scratch(|buf| {
            self.write_pointer(buf);
            buf.as_str().to_owned()
        })
    }

    /// Writes the pointer; returns whether names below are redacted.
    fn write_pointer(&self, out: &mut String) -> bool {
        match self {
            Loc::Root => false,
            Loc::Key(parent, key) => {
                let redact = parent.write_pointer(out);
                out.push('/');
                if redact {
                    out.push_str(REDACTED);
                } else {
                    escape_into(key, out);
                }
                redact
            }
            Loc::Index(parent, index) => {
                let redact = parent.write_pointer(out);
                out.push('/');
                push_index(*index, out);
                redact
            }
            Loc::Local(inner) => {
                inner.write_pointer(out);
                true
            }
        }
    }

    /// A short human description: "`commandId`", "item 3 of `phases`", "the document".
    pub fn describe(&self) -> String {
        self.described().to_string()
    }

    /// Writes [`Loc::describe`]'s words to `out`: a `String` for messages
    /// built piece by piece (no formatting machinery for a key, the common
    /// case), or a `Formatter` for [`Described`].
    pub(crate) fn describe_to<W: fmt::Write>(&self, out: &mut W) -> fmt::Result {
        match self {
            Loc::Root => out.write_str("the document"),
            Loc::Key(parent, _) if parent.is_local() => {
                out.write_str("a member of ")?;
                parent.describe_to(out)
            }
            Loc::Key(_, key) => {
                out.write_char('`')?;
                out.write_str(key)?;
                out.write_char('`')
            }
            Loc::Index(parent, index) => {
                write!(out, "item {index} of ")?;
                parent.describe_to(out)
            }
            Loc::Local(inner) => inner.describe_to(out),
        }
    }

    /// [`Loc::describe`] as a `Display` value, for messages written with
    /// `format!` (no string of its own).
    pub fn described(&self) -> Described<'_> {
        Described(self)
    }
}

/// A location as [`Loc::describe`] words it.
#[derive(Clone, Copy, Debug)]
pub struct Described<'a>(&'a Loc<'a>);

impl fmt::Display for Described<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.describe_to(f)
    }
}

impl fmt::Display for Loc<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_pointer())
    }
}

/// Escapes one JSON Pointer reference token (`~` → `~0`, `/` → `~1`).
pub(crate) fn escape_into(token: &str, out: &mut String) {
    if !token.bytes().any(|b| b == b'~' || b == b'/') {
        out.push_str(token);
        return;
    }
    for c in token.chars() {
        match c {
            '~' => out.push_str("~0"),
            '/' => out.push_str("~1"),
            c => out.push(c),
        }
    }
}

/// Appends `n` in decimal (without going through `fmt`).
pub(crate) fn push_index(mut n: usize, out: &mut String) {
    let mut buf = [0u8; 20];
    let mut at = buf.len();
    loop {
        at -= 1;
        buf[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &b in &buf[at..] {
        out.push(char::from(b));
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
        assert_eq!(root.describe(), "the document");
        assert_eq!(c.describe(), "`~x`");
        let deep = c.index(1234567);
        assert_eq!(deep.to_pointer(), "/a~1b/3/~0x/1234567");
        assert_eq!(deep.describe(), "item 1234567 of `~x`");
    }

    #[test]
    fn names_below_a_local_member_are_redacted() {
        let root = Loc::Root;
        let answers = root.key("answers");
        let local = answers.local();
        let secret = local.key("sk-live-hunter2");
        let item = secret.index(2);
        let deeper = item.key("also-secret");
        assert_eq!(local.to_pointer(), "/answers");
        assert_eq!(secret.to_pointer(), "/answers/<redacted>");
        assert_eq!(deeper.to_pointer(), "/answers/<redacted>/2/<redacted>");
        assert_eq!(secret.describe(), "a member of `answers`");
        assert_eq!(deeper.describe(), "a member of item 2 of a member of `answers`");
        assert!(!answers.is_local() && local.is_local() && deeper.is_local());
        assert_eq!(local.describe(), "`answers`");
    }

    #[test]
    fn pointers_are_written_escaped() {
        for n in [0usize, 1, 9, 10, 99, 100, 12345, usize::MAX] {
            let mut s = String::new();
            push_index(n, &mut s);
            assert_eq!(s, n.to_string());
        }
        for (t, escaped) in [("", ""), ("a", "a"), ("a/b", "a~1b"), ("~", "~0"), ("~/~/", "~0~1~0~1"), ("é/ü", "é~1ü")] {
            let mut s = String::new();
            escape_into(t, &mut s);
            assert_eq!(s, escaped);
        }
        let root = Loc::Root;
        let a = root.key("x/y");
        let b = a.index(10);
        assert_eq!(root.to_pointer(), "");
        assert_eq!(b.to_pointer(), "/x~1y/10");
        // Written while the scratch buffer is in use: a buffer of its own.
        assert_eq!(
            with_scratch(|outer| {
                outer.push_str("kept");
                (b.to_pointer(), outer.clone())
            }),
            ("/x~1y/10".to_owned(), "kept".to_owned())
        );
    }
}
