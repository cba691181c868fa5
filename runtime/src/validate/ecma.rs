//! ECMA-262 patterns (Unicode mode, no other flag) translated into the
//! syntax of the `regex` crate (linear time) or, when they use look-around or
//! back-references, of `fancy-regex` (backtracking under a step budget).
//!
//! The translation is refused (`None`) whenever the meaning could differ, and
//! the pattern then stays with `regress`. What ECMA means and what is written:
//!
//! * `.` is any code point but a line terminator (`\n`, `\r`, U+2028, U+2029),
//!   spelled as that class; `[^]` is any code point, `[]` none.
//! * `\d` is `[0-9]`, `\w` is `[A-Za-z0-9_]` (ASCII, unlike Rust's Unicode
//!   classes), `\s` is ECMA's WhiteSpace and LineTerminator set, spelled out;
//!   `\b`/`\B` look at ASCII word characters.
//! * `^`/`$` without the `m` flag are the start and end of the input only.
//! * `\cX`, `\0`, `\xHH`, `\uHHHH`, `\u{…}`, surrogate pairs written as two
//!   `\u` escapes: the code point they name (a lone surrogate is refused).
//! * `\p{…}`/`\P{…}` are passed on by name (the `regex` crate knows the
//!   General_Category, Script and binary property names ECMA allows).
//! * Back-references go to `fancy-regex` only where ECMA and Perl-style
//!   engines agree: the group is closed before the reference, is in no
//!   quantified atom (ECMA clears captures at each iteration), not in a
//!   look-behind or a negative look-around; a group that did not take part
//!   matches the empty string, as in ECMA (`(?(N)\N|)`). Others are refused.
//! * Look-behind is passed on only when its body has no look-around or
//!   back-reference (ECMA matches it backwards).
//!
//! Anything else the `u` flag allows but this file does not read (named
//! groups with repeated names, quantified look-ahead, …) is refused.

/// Where a translated pattern runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Translation {
    /// `regex` crate syntax: no look-around, no back-reference.
    Linear(String),
    /// `fancy-regex` syntax.
    Backtracking(String),
}

/// ECMA's `\s`: WhiteSpace (TAB, VT, FF, ZWNBSP, the Zs category) and LineTerminator.
const SPACE: &str = r"\t\n\x0B\x0C\r\x20\xA0\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}";
const WORD: &str = "A-Za-z0-9_";
const DIGIT: &str = "0-9";

/// Translates `source`, or `None` when the meaning could not be kept exactly.
pub(crate) fn translate(source: &str) -> Option<Translation> {
    let mut p = Parser {
        s: source.chars().collect(),
        i: 0,
        out: String::new(),
        constructs: Vec::new(),
        open: Vec::new(),
        groups: Vec::new(),
        names: Vec::new(),
        refs: Vec::new(),
        fancy: false,
    };
    p.prescan_names()?;
    p.disjunction()?;
    if p.i != p.s.len() {
        return None;
    }
    p.check_references()?;
    Some(if p.fancy { Translation::Backtracking(p.out) } else { Translation::Linear(p.out) })
}

/// A group or look-around, for deciding whether a back-reference is exact.
#[derive(Debug, Clone)]
struct Construct {
    quantified: bool,
    lookbehind: bool,
    negative: bool,
}

#[derive(Debug, Clone)]
struct Group {
    /// Constructs enclosing the group, and the group's own.
    path: Vec<usize>,
    closed: bool,
}

#[derive(Debug)]
struct Reference {
    group: usize,
    /// Whether the group was closed where the reference is.
    closed_then: bool,
    in_lookbehind: bool,
}

struct Parser {
    s: Vec<char>,
    i: usize,
    out: String,
    constructs: Vec<Construct>,
    /// Open constructs, innermost last.
    open: Vec<usize>,
    /// Capture groups in order of their `(`; `groups[n - 1]` is group `n`.
    groups: Vec<Group>,
    /// Group names in order of their `(` (`None` for unnamed groups).
    names: Vec<Option<String>>,
    refs: Vec<Reference>,
    fancy: bool,
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.s.get(self.i).copied()
    }
    fn peek_at(&self, k: usize) -> Option<char> {
        self.s.get(self.i + k).copied()
    }
    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.i += 1;
            true
        } else {
            false
        }
    }
    fn starts_with(&self, t: &str) -> bool {
        (self.i..).zip(t.chars()).all(|(k, c)| self.s.get(k) == Some(&c))
    }

    /// Numbers the capture groups and records their names (ECMA allows a
    /// reference before its group).
    fn prescan_names(&mut self) -> Option<()> {
        let mut k = 0;
        let mut in_class = false;
        while k < self.s.len() {
            match self.s[k] {
                '\\' => k += 1,
                '[' => in_class = true,
                ']' => in_class = false,
                '(' if !in_class => {
                    if self.s.get(k + 1) != Some(&'?') {
                        self.names.push(None);
                    } else if self.s.get(k + 2) == Some(&'<') && !matches!(self.s.get(k + 3), Some('=') | Some('!')) {
                        let end = (k + 3..self.s.len()).find(|&j| self.s[j] == '>')?;
                        let name: String = self.s[k + 3..end].iter().collect();
                        if self.names.iter().any(|n| n.as_deref() == Some(name.as_str())) {
                            return None;
                        }
                        self.names.push(Some(name));
                    }
                }
                _ => {}
            }
            k += 1;
        }
        Some(())
    }

    fn disjunction(&mut self) -> Option<()> {
        self.alternative()?;
        while self.eat('|') {
            self.out.push('|');
            self.alternative()?;
        }
        Some(())
    }

    fn alternative(&mut self) -> Option<()> {
        while let Some(c) = self.peek() {
            if c == '|' || c == ')' {
                break;
            }
            self.term()?;
        }
        Some(())
    }

    fn term(&mut self) -> Option<()> {
        let c = self.peek()?;
        // Assertions: never quantified in Unicode mode.
        match c {
            '^' => {
                self.i += 1;
                self.out.push('^');
                return self.no_quantifier();
            }
            '$' => {
                self.i += 1;
                self.out.push('$');
                return self.no_quantifier();
            }
            '\\' if matches!(self.peek_at(1), Some('b') | Some('B')) => {
                let negate = self.peek_at(1) == Some('B');
                self.i += 2;
                self.word_boundary(negate);
                return self.no_quantifier();
            }
            '(' if self.starts_with("(?=") || self.starts_with("(?!") || self.starts_with("(?<=") || self.starts_with("(?<!") => {
                let behind = self.peek_at(2) == Some('<');
                let negative = self.s[self.i + if behind { 3 } else { 2 }] == '!';
                self.i += if behind { 4 } else { 3 };
                self.fancy = true;
                self.out.push_str(match (behind, negative) {
                    (false, false) => "(?=",
                    (false, true) => "(?!",
                    (true, false) => "(?<=",
                    (true, true) => "(?<!",
                });
                let id = self.open_construct(behind, negative);
                let mark = self.out.len();
                self.disjunction()?;
                // A look-behind body must be regular: no nested look-around or
                // reference (literals are written as `\x{…}`, so `(?` is ours).
                let body = &self.out[mark..];
                if behind && ["(?=", "(?!", "(?<", "(?("].iter().any(|t| body.contains(t)) {
                    return None;
                }
                self.close_construct(id)?;
                return self.no_quantifier();
            }
            _ => {}
        }
        let construct = self.atom()?;
        self.quantifier(construct)
    }

    fn no_quantifier(&self) -> Option<()> {
        match self.peek() {
            Some('*') | Some('+') | Some('?') | Some('{') => None,
            _ => Some(()),
        }
    }

    fn word_boundary(&mut self, negate: bool) {
        if self.fancy_context() {
            // Spelled with look-around so `fancy-regex` needs no flag syntax.
            let w = format!("[{WORD}]");
            if negate {
                self.out.push_str(&format!("(?:(?<={w})(?={w})|(?<!{w})(?!{w}))"));
            } else {
                self.out.push_str(&format!("(?:(?<={w})(?!{w})|(?<!{w})(?={w}))"));
            }
            self.fancy = true;
        } else {
            self.out.push_str(if negate { r"(?-u:\B)" } else { r"(?-u:\b)" });
        }
    }

    /// Whether the pattern has look-around or back-references anywhere (a
    /// cheap scan: `\b` is then written for `fancy-regex`).
    fn fancy_context(&self) -> bool {
        let mut k = 0;
        while k < self.s.len() {
            match self.s[k] {
                '\\' => {
                    if matches!(self.s.get(k + 1), Some('1'..='9') | Some('k')) {
                        return true;
                    }
                    k += 1;
                }
                '(' if self.s.get(k + 1) == Some(&'?')
                    && (matches!(self.s.get(k + 2), Some('=') | Some('!'))
                        || (self.s.get(k + 2) == Some(&'<') && matches!(self.s.get(k + 3), Some('=') | Some('!')))) =>
                {
                    return true;
                }
                _ => {}
            }
            k += 1;
        }
        false
    }

    fn open_construct(&mut self, lookbehind: bool, negative: bool) -> usize {
        let id = self.constructs.len();
        self.constructs.push(Construct { quantified: false, lookbehind, negative });
        self.open.push(id);
        id
    }

    fn close_construct(&mut self, id: usize) -> Option<()> {
        if !self.eat(')') || self.open.pop() != Some(id) {
            return None;
        }
        self.out.push(')');
        Some(())
    }

    fn in_lookbehind(&self) -> bool {
        self.open.iter().any(|&c| self.constructs[c].lookbehind)
    }

    /// Parses one atom; returns the construct it opened, if a group.
    fn atom(&mut self) -> Option<Option<usize>> {
        let c = self.peek()?;
        match c {
            '.' => {
                self.i += 1;
                self.out.push_str(r"[^\n\r\x{2028}\x{2029}]");
                Some(None)
            }
            '(' => {
                self.i += 1;
                let id = self.open_construct(false, false);
                if self.eat('?') {
                    if self.eat(':') {
                        self.out.push_str("(?:");
                    } else if self.eat('<') {
                        while self.peek()? != '>' {
                            self.i += 1;
                        }
                        self.i += 1;
                        self.capture_group();
                    } else {
                        return None;
                    }
                } else {
                    self.capture_group();
                }
                self.disjunction()?;
                self.close_construct(id)?;
                if let Some(g) = self.groups.iter_mut().rev().find(|g| g.path.last() == Some(&id)) {
                    g.closed = true;
                }
                Some(Some(id))
            }
            '[' => {
                self.i += 1;
                self.class()?;
                Some(None)
            }
            '\\' => {
                self.i += 1;
                self.atom_escape()?;
                Some(None)
            }
            '*' | '+' | '?' | '{' | '}' | ']' | ')' | '|' => None,
            c => {
                self.i += 1;
                push_literal(&mut self.out, c);
                Some(None)
            }
        }
    }

    fn capture_group(&mut self) {
        self.out.push('(');
        self.groups.push(Group { path: self.open.clone(), closed: false });
    }

    fn atom_escape(&mut self) -> Option<()> {
        let c = self.peek()?;
        match c {
            '1'..='9' => {
                let mut n = 0usize;
                while let Some(d) = self.peek().and_then(|d| d.to_digit(10)) {
                    n = n.checked_mul(10)?.checked_add(d as usize)?;
                    self.i += 1;
                }
                self.reference(n)
            }
            'k' => {
                self.i += 1;
                if !self.eat('<') {
                    return None;
                }
                let start = self.i;
                while self.peek()? != '>' {
                    self.i += 1;
                }
                let name: String = self.s[start..self.i].iter().collect();
                self.i += 1;
                let n = self.names.iter().position(|g| g.as_deref() == Some(name.as_str()))? + 1;
                self.reference(n)
            }
            'd' | 'D' | 'w' | 'W' | 's' | 'S' => {
                self.i += 1;
                self.out.push_str(&class_escape(c));
                Some(())
            }
            'p' | 'P' => {
                let t = self.property()?;
                self.out.push_str(&t);
                Some(())
            }
            _ => {
                let ch = self.character_escape(false)?;
                push_literal(&mut self.out, ch);
                Some(())
            }
        }
    }

    fn reference(&mut self, n: usize) -> Option<()> {
        if n == 0 || n > self.names.len() {
            return None;
        }
        let closed_then = self.groups.get(n - 1).is_some_and(|g| g.closed);
        self.refs.push(Reference { group: n, closed_then, in_lookbehind: self.in_lookbehind() });
        self.fancy = true;
        // ECMA: a group that took no part matches the empty string.
        self.out.push_str(&format!("(?:(?({n})\\{n}|))"));
        Some(())
    }

    fn check_references(&self) -> Option<()> {
        for r in &self.refs {
            let g = self.groups.get(r.group - 1)?;
            if !r.closed_then || r.in_lookbehind {
                return None;
            }
            for &c in &g.path {
                let k = &self.constructs[c];
                if k.quantified || k.lookbehind || k.negative {
                    return None;
                }
            }
        }
        Some(())
    }

    /// `\p{…}` / `\P{…}`, name passed on.
    fn property(&mut self) -> Option<String> {
        let negate = self.peek()? == 'P';
        self.i += 1;
        if !self.eat('{') {
            return None;
        }
        let start = self.i;
        while self.peek()? != '}' {
            let c = self.peek()?;
            if !(c.is_ascii_alphanumeric() || c == '_' || c == '=') {
                return None;
            }
            self.i += 1;
        }
        let name: String = self.s[start..self.i].iter().collect();
        self.i += 1;
        if name.is_empty() {
            return None;
        }
        Some(format!("\\{}{{{name}}}", if negate { 'P' } else { 'p' }))
    }

    /// A CharacterEscape (after the `\`): the code point it stands for.
    /// `in_class`: `\b` is backspace and `\-` is allowed.
    fn character_escape(&mut self, in_class: bool) -> Option<char> {
        let c = self.peek()?;
        self.i += 1;
        Some(match c {
            't' => '\t',
            'n' => '\n',
            'v' => '\u{0B}',
            'f' => '\u{0C}',
            'r' => '\r',
            'b' if in_class => '\u{08}',
            '-' if in_class => '-',
            '0' if !self.peek().is_some_and(|d| d.is_ascii_digit()) => '\0',
            'c' => {
                let l = self.peek().filter(|l| l.is_ascii_alphabetic())?;
                self.i += 1;
                char::from_u32(l as u32 % 32)?
            }
            'x' => {
                let v = self.hex(2)?;
                char::from_u32(v)?
            }
            'u' => self.unicode_escape()?,
            '^' | '$' | '\\' | '.' | '*' | '+' | '?' | '(' | ')' | '[' | ']' | '{' | '}' | '|' | '/' => c,
            _ => return None,
        })
    }

    fn hex(&mut self, n: usize) -> Option<u32> {
        let mut v = 0u32;
        for _ in 0..n {
            let d = self.peek()?.to_digit(16)?;
            v = v * 16 + d;
            self.i += 1;
        }
        Some(v)
    }

    /// After `\u`: `{…}`, `HHHH`, or a surrogate pair `HHHH\uHHHH`.
    fn unicode_escape(&mut self) -> Option<char> {
        if self.eat('{') {
            let mut v = 0u32;
            let mut digits = 0;
            while let Some(d) = self.peek().and_then(|d| d.to_digit(16)) {
                v = v.checked_mul(16)?.checked_add(d)?;
                digits += 1;
                self.i += 1;
            }
            if digits == 0 || !self.eat('}') {
                return None;
            }
            return char::from_u32(v);
        }
        let hi = self.hex(4)?;
        if (0xD800..0xDC00).contains(&hi) && self.starts_with("\\u") {
            let save = self.i;
            self.i += 2;
            if let Some(lo) = self.hex(4).filter(|lo| (0xDC00..0xE000).contains(lo)) {
                return char::from_u32(0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00));
            }
            self.i = save;
        }
        // A lone surrogate cannot occur in a Rust string: refused.
        char::from_u32(hi)
    }

    fn class(&mut self) -> Option<()> {
        let negate = self.eat('^');
        let mut items = String::new();
        let mut empty = true;
        loop {
            let c = self.peek()?;
            if c == ']' {
                self.i += 1;
                break;
            }
            empty = false;
            let (lo, lo_text) = self.class_atom()?;
            if self.peek() == Some('-') && self.peek_at(1) != Some(']') && self.peek_at(1).is_some() {
                self.i += 1;
                let (hi, _) = self.class_atom()?;
                let (lo, hi) = (lo?, hi?);
                if lo > hi {
                    return None;
                }
                push_class_char(&mut items, lo);
                items.push('-');
                push_class_char(&mut items, hi);
            } else {
                items.push_str(&lo_text);
            }
        }
        self.out.push_str(match (empty, negate) {
            (true, false) => r"[^\x00-\x{10FFFF}]",
            (true, true) => r"[\x00-\x{10FFFF}]",
            (false, true) => "[^",
            (false, false) => "[",
        });
        if !empty {
            self.out.push_str(&items);
            self.out.push(']');
        }
        Some(())
    }

    /// One class atom: its code point if a single one, and its text.
    fn class_atom(&mut self) -> Option<(Option<char>, String)> {
        let c = self.peek()?;
        self.i += 1;
        if c != '\\' {
            let mut t = String::new();
            push_class_char(&mut t, c);
            return Some((Some(c), t));
        }
        let e = self.peek()?;
        match e {
            'd' | 'D' | 'w' | 'W' | 's' | 'S' => {
                self.i += 1;
                Some((None, class_escape(e)))
            }
            'p' | 'P' => Some((None, self.property()?)),
            _ => {
                let ch = self.character_escape(true)?;
                let mut t = String::new();
                push_class_char(&mut t, ch);
                Some((Some(ch), t))
            }
        }
    }

    /// A quantifier after the atom written from `start`.
    fn quantifier(&mut self, construct: Option<usize>) -> Option<()> {
        let q = match self.peek() {
            Some('*') => {
                self.i += 1;
                "*".to_owned()
            }
            Some('+') => {
                self.i += 1;
                "+".to_owned()
            }
            Some('?') => {
                self.i += 1;
                "?".to_owned()
            }
            Some('{') => {
                self.i += 1;
                let lo = self.number()?;
                let q = if self.eat(',') {
                    if self.peek() == Some('}') {
                        format!("{{{lo},}}")
                    } else {
                        let hi = self.number()?;
                        if hi < lo {
                            return None;
                        }
                        format!("{{{lo},{hi}}}")
                    }
                } else {
                    format!("{{{lo}}}")
                };
                if !self.eat('}') {
                    return None;
                }
                q
            }
            _ => return Some(()),
        };
        let lazy = self.eat('?');
        if let Some(id) = construct {
            self.constructs[id].quantified = true;
        }
        self.out.push_str(&q);
        if lazy {
            self.out.push('?');
        }
        Some(())
    }

    fn number(&mut self) -> Option<u32> {
        let mut v: u32 = 0;
        let mut digits = 0;
        while let Some(d) = self.peek().and_then(|d| d.to_digit(10)) {
            v = v.checked_mul(10)?.checked_add(d)?;
            digits += 1;
            self.i += 1;
        }
        (digits > 0).then_some(v)
    }
}

/// `\d`, `\D`, `\w`, `\W`, `\s`, `\S` as a class (usable inside a class too).
fn class_escape(c: char) -> String {
    let (set, negate) = match c {
        'd' => (DIGIT, false),
        'D' => (DIGIT, true),
        'w' => (WORD, false),
        'W' => (WORD, true),
        's' => (SPACE, false),
        _ => (SPACE, true),
    };
    format!("[{}{set}]", if negate { "^" } else { "" })
}

fn push_literal(out: &mut String, c: char) {
    if c.is_ascii_alphanumeric() || c == '_' || c == ' ' {
        out.push(c);
    } else {
        out.push_str(&format!("\\x{{{:X}}}", c as u32));
    }
}

fn push_class_char(out: &mut String, c: char) {
    push_literal(out, c);
}
