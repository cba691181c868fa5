//! Language inclusion for the common subset of ECMA-262 patterns: literals,
//! classes (`[...]`, `\d`, `\w`, `\s`, `.`), quantifiers (`*`, `+`, `?`,
//! `{m}`, `{m,}`, `{m,n}`, lazy forms), groups (`(...)`, `(?:...)`),
//! alternation and `^`/`$` anchors at the ends of top-level alternatives.
//!
//! A pattern is compiled to a Thompson NFA over Unicode scalar intervals;
//! inclusion `L(a) ⊆ L(b)` is decided by exploring pairs of subset states,
//! which also yields a shortest witness string when inclusion fails.
//! Anything outside the subset (look-around, back-references, anchors in the
//! middle, huge counted repetitions) gives `None`: the caller decides
//! conservatively.

use std::collections::{HashMap, VecDeque};

const MAX_CHAR: u32 = 0x10FFFF;
const MAX_STATES: usize = 20_000;
const MAX_PAIRS: usize = 50_000;
const MAX_DEPTH: usize = 64;

type Ranges = Vec<(u32, u32)>;

#[derive(Clone, Debug)]
enum Ast {
    Empty,
    Class(Ranges),
    Cat(Vec<Ast>),
    Alt(Vec<Ast>),
    Repeat(Box<Ast>, u32, Option<u32>),
    Start,
    End,
}

struct Parser<'a> {
    chars: Vec<char>,
    pos: usize,
    depth: usize,
    _src: &'a str,
}

fn normalize(mut r: Ranges) -> Ranges {
    r.sort();
    let mut out: Ranges = Vec::new();
    for (lo, hi) in r {
        if let Some(last) = out.last_mut() {
            if lo <= last.1.saturating_add(1) {
                last.1 = last.1.max(hi);
                continue;
            }
        }
        out.push((lo, hi));
    }
    out
}

fn negate(r: &Ranges) -> Ranges {
    let r = normalize(r.clone());
    let mut out = Vec::new();
    let mut next = 0u32;
    for (lo, hi) in r {
        if lo > next {
            out.push((next, lo - 1));
        }
        next = hi.saturating_add(1);
    }
    if next <= MAX_CHAR {
        out.push((next, MAX_CHAR));
    }
    out
}

fn digit() -> Ranges {
    vec![('0' as u32, '9' as u32)]
}
fn word() -> Ranges {
    normalize(vec![('0' as u32, '9' as u32), ('A' as u32, 'Z' as u32), ('_' as u32, '_' as u32), ('a' as u32, 'z' as u32)])
}
fn space() -> Ranges {
    normalize(vec![
        (9, 13),
        (0x20, 0x20),
        (0xA0, 0xA0),
        (0x1680, 0x1680),
        (0x2000, 0x200A),
        (0x2028, 0x2029),
        (0x202F, 0x202F),
        (0x205F, 0x205F),
        (0x3000, 0x3000),
        (0xFEFF, 0xFEFF),
    ])
}
fn dot() -> Ranges {
    negate(&vec![(0x0A, 0x0A), (0x0D, 0x0D), (0x2028, 0x2029)])
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }
    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn alt(&mut self) -> Option<Ast> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return None;
        }
        let mut alts = vec![self.cat()?];
        while self.eat('|') {
            alts.push(self.cat()?);
        }
        self.depth -= 1;
        Some(if alts.len() == 1 { alts.pop()? } else { Ast::Alt(alts) })
    }

    fn cat(&mut self) -> Option<Ast> {
        let mut items = Vec::new();
        while let Some(c) = self.peek() {
            if c == '|' || c == ')' {
                break;
            }
            let atom = self.atom()?;
            let atom = self.quantified(atom)?;
            items.push(atom);
        }
        Some(match items.len() {
            0 => Ast::Empty,
            1 => items.pop()?,
            _ => Ast::Cat(items),
        })
    }

    fn quantified(&mut self, atom: Ast) -> Option<Ast> {
        let (min, max) = match self.peek() {
            Some('*') => {
                self.pos += 1;
                (0, None)
            }
            Some('+') => {
                self.pos += 1;
                (1, None)
            }
            Some('?') => {
                self.pos += 1;
                (0, Some(1))
            }
            Some('{') => {
                let save = self.pos;
                self.pos += 1;
                let Some(m) = self.number() else {
                    // A literal `{` (Annex B); we do not guess: unsupported.
                    self.pos = save;
                    return None;
                };
                let max = if self.eat(',') {
                    if self.peek() == Some('}') {
                        None
                    } else {
                        Some(self.number()?)
                    }
                } else {
                    Some(m)
                };
                if !self.eat('}') {
                    return None;
                }
                if max.is_some_and(|x| x < m) {
                    return None;
                }
                (m, max)
            }
            _ => return Some(atom),
        };
        if matches!(atom, Ast::Start | Ast::End) {
            return None;
        }
        self.eat('?'); // lazy: same language
        if matches!(self.peek(), Some('*' | '+' | '?' | '{')) {
            return None;
        }
        Some(Ast::Repeat(Box::new(atom), min, max))
    }

    fn number(&mut self) -> Option<u32> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if start == self.pos {
            return None;
        }
        let s: String = self.chars[start..self.pos].iter().collect();
        s.parse().ok().filter(|n| *n <= 1000)
    }

    fn atom(&mut self) -> Option<Ast> {
        let c = self.peek()?;
        self.pos += 1;
        Some(match c {
            '^' => Ast::Start,
            '$' => Ast::End,
            '.' => Ast::Class(dot()),
            '(' => {
                if self.eat('?') && !self.eat(':') {
                    return None; // look-around or named group
                }
                let inner = self.alt()?;
                if !self.eat(')') {
                    return None;
                }
                inner
            }
            '[' => Ast::Class(self.class()?),
            '\\' => Ast::Class(self.escape(false)?),
            '*' | '+' | '?' | '{' | '}' | ']' | ')' => return None,
            c => Ast::Class(vec![(c as u32, c as u32)]),
        })
    }

    fn class(&mut self) -> Option<Ranges> {
        let neg = self.eat('^');
        let mut r: Ranges = Vec::new();
        let mut first = true;
        loop {
            let c = self.peek()?;
            if c == ']' && !first {
                self.pos += 1;
                break;
            }
            if c == ']' {
                // `[]` matches nothing, `[^]` everything.
                self.pos += 1;
                return Some(if neg { vec![(0, MAX_CHAR)] } else { vec![] });
            }
            first = false;
            let lo = self.class_atom()?;
            if self.peek() == Some('-') && self.chars.get(self.pos + 1).is_some_and(|c| *c != ']') {
                self.pos += 1;
                let hi = self.class_atom()?;
                match (lo, hi) {
                    (Ok(a), Ok(b)) if a <= b => r.push((a, b)),
                    _ => return None,
                }
            } else {
                match lo {
                    Ok(a) => r.push((a, a)),
                    Err(set) => r.extend(set),
                }
            }
        }
        let r = normalize(r);
        Some(if neg { negate(&r) } else { r })
    }

    /// One class member: a single char (`Ok`) or a class escape (`Err`).
    fn class_atom(&mut self) -> Option<Result<u32, Ranges>> {
        let c = self.peek()?;
        self.pos += 1;
        if c != '\\' {
            return Some(Ok(c as u32));
        }
        let set = self.escape(true)?;
        if set.len() == 1 && set[0].0 == set[0].1 {
            Some(Ok(set[0].0))
        } else {
            Some(Err(set))
        }
    }

    fn escape(&mut self, in_class: bool) -> Option<Ranges> {
        let c = self.peek()?;
        self.pos += 1;
        let one = |c: u32| Some(vec![(c, c)]);
        match c {
            'd' => Some(digit()),
            'D' => Some(negate(&digit())),
            'w' => Some(word()),
            'W' => Some(negate(&word())),
            's' => Some(space()),
            'S' => Some(negate(&space())),
            'n' => one(10),
            'r' => one(13),
            't' => one(9),
            'v' => one(11),
            'f' => one(12),
            '0' if !self.peek().is_some_and(|c| c.is_ascii_digit()) => one(0),
            'b' if in_class => one(8),
            'x' => {
                let h: String = self.chars.get(self.pos..self.pos + 2)?.iter().collect();
                self.pos += 2;
                one(u32::from_str_radix(&h, 16).ok()?)
            }
            'u' => {
                if self.eat('{') {
                    let start = self.pos;
                    while self.peek().is_some_and(|c| c != '}') {
                        self.pos += 1;
                    }
                    let h: String = self.chars[start..self.pos].iter().collect();
                    self.eat('}');
                    let v = u32::from_str_radix(&h, 16).ok()?;
                    (v <= MAX_CHAR).then(|| vec![(v, v)])
                } else {
                    let h: String = self.chars.get(self.pos..self.pos + 4)?.iter().collect();
                    self.pos += 4;
                    let v = u32::from_str_radix(&h, 16).ok()?;
                    if (0xD800..0xE000).contains(&v) {
                        return None; // surrogate pairs: out of the subset
                    }
                    one(v)
                }
            }
            c if c.is_ascii_alphanumeric() => None, // \b, \B, back-references, \p{..}, \c..
            c => one(c as u32),
        }
    }
}

/// A compiled pattern: an NFA with interval-labelled edges.
#[derive(Debug)]
pub struct Nfa {
    eps: Vec<Vec<usize>>,
    edges: Vec<Vec<(Ranges, usize)>>,
    start: usize,
    accept: usize,
}

impl Nfa {
    fn new() -> Self {
        Nfa { eps: Vec::new(), edges: Vec::new(), start: 0, accept: 0 }
    }
    fn state(&mut self) -> Option<usize> {
        if self.eps.len() >= MAX_STATES {
            return None;
        }
        self.eps.push(Vec::new());
        self.edges.push(Vec::new());
        Some(self.eps.len() - 1)
    }

    /// Builds `ast` between fresh states; returns (entry, exit).
    fn build(&mut self, ast: &Ast) -> Option<(usize, usize)> {
        let s = self.state()?;
        let e = self.state()?;
        match ast {
            Ast::Empty => self.eps[s].push(e),
            Ast::Class(r) => {
                if !r.is_empty() {
                    self.edges[s].push((r.clone(), e));
                }
            }
            Ast::Cat(items) => {
                let mut cur = s;
                for it in items {
                    let (a, b) = self.build(it)?;
                    self.eps[cur].push(a);
                    cur = b;
                }
                self.eps[cur].push(e);
            }
            Ast::Alt(alts) => {
                for it in alts {
                    let (a, b) = self.build(it)?;
                    self.eps[s].push(a);
                    self.eps[b].push(e);
                }
            }
            Ast::Repeat(inner, min, max) => {
                let mut cur = s;
                for _ in 0..*min {
                    let (a, b) = self.build(inner)?;
                    self.eps[cur].push(a);
                    cur = b;
                }
                match max {
                    None => {
                        let (a, b) = self.build(inner)?;
                        self.eps[cur].push(a);
                        self.eps[b].push(a);
                        self.eps[b].push(e);
                        self.eps[cur].push(e);
                    }
                    Some(max) => {
                        self.eps[cur].push(e);
                        for _ in *min..*max {
                            let (a, b) = self.build(inner)?;
                            self.eps[cur].push(a);
                            self.eps[b].push(e);
                            cur = b;
                        }
                    }
                }
            }
            Ast::Start | Ast::End => return None,
        }
        Some((s, e))
    }

    fn closure(&self, set: &mut Vec<usize>) {
        let mut seen = vec![false; self.eps.len()];
        let mut stack: Vec<usize> = set.clone();
        for &s in set.iter() {
            seen[s] = true;
        }
        while let Some(s) = stack.pop() {
            for &t in &self.eps[s] {
                if !seen[t] {
                    seen[t] = true;
                    set.push(t);
                    stack.push(t);
                }
            }
        }
        set.sort_unstable();
        set.dedup();
    }

    fn step(&self, set: &[usize], c: u32) -> Vec<usize> {
        let mut out = Vec::new();
        for &s in set {
            for (r, t) in &self.edges[s] {
                if r.iter().any(|(lo, hi)| *lo <= c && c <= *hi) {
                    out.push(*t);
                }
            }
        }
        self.closure(&mut out);
        out
    }
}

/// Compiles an ECMA-262 pattern (search semantics: unanchored ends match
/// anything) to an NFA, or `None` outside the supported subset.
pub fn compile(pattern: &str) -> Option<Nfa> {
    let mut p = Parser { chars: pattern.chars().collect(), pos: 0, depth: 0, _src: pattern };
    let ast = p.alt()?;
    if p.pos != p.chars.len() {
        return None;
    }
    let alts = match ast {
        Ast::Alt(a) => a,
        other => vec![other],
    };
    let any = Ast::Repeat(Box::new(Ast::Class(vec![(0, MAX_CHAR)])), 0, None);
    let mut anchored = Vec::new();
    for alt in alts {
        let mut items = match alt {
            Ast::Cat(items) => items,
            other => vec![other],
        };
        let start = matches!(items.first(), Some(Ast::Start));
        if start {
            items.remove(0);
        }
        let end = matches!(items.last(), Some(Ast::End));
        if end {
            items.pop();
        }
        if items.iter().any(has_anchor) {
            return None;
        }
        if !start {
            items.insert(0, any.clone());
        }
        if !end {
            items.push(any.clone());
        }
        anchored.push(Ast::Cat(items));
    }
    let mut nfa = Nfa::new();
    let (s, e) = nfa.build(&Ast::Alt(anchored))?;
    nfa.start = s;
    nfa.accept = e;
    Some(nfa)
}

fn has_anchor(a: &Ast) -> bool {
    match a {
        Ast::Start | Ast::End => true,
        Ast::Cat(v) | Ast::Alt(v) => v.iter().any(has_anchor),
        Ast::Repeat(x, _, _) => has_anchor(x),
        _ => false,
    }
}

/// The answer to "is every string `a` matches also matched by `b`?".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Inclusion {
    /// Yes.
    Included,
    /// No: this string matches `a` but not `b`.
    NotIncluded(String),
}

/// Decides `L(a) ⊆ L(b)`, or `None` when a pattern is outside the subset or
/// the search grows too large.
pub fn includes(a: &str, b: &str) -> Option<Inclusion> {
    let na = compile(a)?;
    let nb = compile(b)?;
    included(&na, &nb)
}

fn included(a: &Nfa, b: &Nfa) -> Option<Inclusion> {
    Some(match search(a, b, |in_a, in_b| in_a && !in_b)? {
        Some(w) => Inclusion::NotIncluded(w),
        None => Inclusion::Included,
    })
}

/// A string both patterns match (`Some(Some(w))`), none (`Some(None)`: the
/// languages are disjoint), or `None` when undecidable here.
pub fn intersection(a: &str, b: &str) -> Option<Option<String>> {
    search(&compile(a)?, &compile(b)?, |in_a, in_b| in_a && in_b)
}

/// Breadth-first search over pairs of state sets of `a` and `b` read along
/// the same string, for the shortest string at which `found(a accepts, b
/// accepts)` holds; only strings `a` can still extend are followed.
fn search(a: &Nfa, b: &Nfa, found: impl Fn(bool, bool) -> bool) -> Option<Option<String>> {
    let mut sa = vec![a.start];
    a.closure(&mut sa);
    let mut sb = vec![b.start];
    b.closure(&mut sb);
    let mut index: HashMap<(Vec<usize>, Vec<usize>), usize> = HashMap::new();
    let mut parent: Vec<Option<(usize, u32)>> = Vec::new();
    let mut pairs: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
    let mut queue = VecDeque::new();
    index.insert((sa.clone(), sb.clone()), 0);
    pairs.push((sa, sb));
    parent.push(None);
    queue.push_back(0usize);
    while let Some(i) = queue.pop_front() {
        let (sa, sb) = pairs[i].clone();
        if found(sa.contains(&a.accept), sb.contains(&b.accept)) {
            let mut chars = Vec::new();
            let mut cur = i;
            while let Some((p, c)) = parent[cur] {
                chars.push(char::from_u32(c).unwrap_or('?'));
                cur = p;
            }
            chars.reverse();
            return Some(Some(chars.into_iter().collect()));
        }
        let mut points: Vec<u32> = Vec::new();
        for &s in &sa {
            for (r, _) in &a.edges[s] {
                for &(lo, hi) in r {
                    points.push(lo);
                    points.push(hi.saturating_add(1));
                }
            }
        }
        if points.is_empty() {
            continue;
        }
        for &s in &sb {
            for (r, _) in &b.edges[s] {
                for &(lo, hi) in r {
                    points.push(lo);
                    points.push(hi.saturating_add(1));
                }
            }
        }
        points.sort_unstable();
        points.dedup();
        for w in points.windows(2) {
            let c = representative(w[0], w[1] - 1);
            let na = a.step(&sa, c);
            if na.is_empty() {
                continue;
            }
            let nb = b.step(&sb, c);
            let key = (na, nb);
            if !index.contains_key(&key) {
                if pairs.len() >= MAX_PAIRS {
                    return None;
                }
                index.insert(key.clone(), pairs.len());
                parent.push(Some((i, c)));
                pairs.push(key);
                queue.push_back(pairs.len() - 1);
            }
        }
    }
    Some(None)
}

/// A readable character from `lo..=hi` (prefers printable ASCII).
fn representative(lo: u32, hi: u32) -> u32 {
    for pref in ['a' as u32, '0' as u32, 'A' as u32, '_' as u32, '-' as u32, ' ' as u32] {
        if lo <= pref && pref <= hi {
            return pref;
        }
    }
    let mut c = lo;
    while c <= hi && (char::from_u32(c).is_none() || c < 0x20) {
        c += 1;
        if c - lo > 64 {
            break;
        }
    }
    if c <= hi && char::from_u32(c).is_some() {
        c
    } else {
        lo
    }
}

/// Direction of a pattern change, decided by inclusion both ways.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PatternChange {
    /// Same language.
    Equivalent,
    /// The new pattern accepts fewer strings (witness: accepted by old only).
    Narrowed(String),
    /// The new pattern accepts more strings (witness: accepted by new only).
    Widened(String),
    /// Neither contains the other.
    Changed(String, String),
}

/// Compares two patterns, or `None` when undecidable here.
pub fn compare(old: &str, new: &str) -> Option<PatternChange> {
    let o = compile(old)?;
    let n = compile(new)?;
    let on = included(&o, &n)?;
    let no = included(&n, &o)?;
    Some(match (on, no) {
        (Inclusion::Included, Inclusion::Included) => PatternChange::Equivalent,
        (Inclusion::NotIncluded(w), Inclusion::Included) => PatternChange::Narrowed(w),
        (Inclusion::Included, Inclusion::NotIncluded(w)) => PatternChange::Widened(w),
        (Inclusion::NotIncluded(a), Inclusion::NotIncluded(b)) => PatternChange::Changed(a, b),
    })
}

/// Whether the pattern matches every string (e.g. `.*`, `^.*$`, `""`):
/// only ever `true` when proven.
pub fn matches_everything(p: &str) -> bool {
    matches!(includes(".*", p), Some(Inclusion::Included)) && matches!(includes("[^]*", p), Some(Inclusion::Included))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intersections() {
        let w = intersection("^x", "x$").unwrap().unwrap();
        assert!(w.starts_with('x') && w.ends_with('x'), "{w}");
        assert_eq!(intersection("^a+$", "^b+$"), Some(None));
        assert_eq!(intersection("^[0-9]{2}$", "^\\d{3}$"), Some(None));
        assert_eq!(intersection("(?<=a)b", "b"), None, "look-behind is outside the subset");
    }

    #[test]
    fn inclusion_basics() {
        assert_eq!(compare("^a+$", "^a*$"), Some(PatternChange::Widened(String::new())));
        assert_eq!(compare("^[0-9]{3}$", "^\\d{3}$"), Some(PatternChange::Equivalent));
        assert!(matches!(compare("^cmd_[0-9a-f]{32}$", "^cmd_[0-9a-f]{16,32}$"), Some(PatternChange::Widened(_))));
        assert!(matches!(compare("^a$", "^b$"), Some(PatternChange::Changed(_, _))));
        assert!(matches!(compare("abc", "b"), Some(PatternChange::Widened(_))));
        assert_eq!(compare("(?=a)", "a"), None);
        assert!(!matches_everything("^.*$")); // `.` excludes newlines
        assert!(matches_everything(""));
        assert!(matches_everything("[\\s\\S]*"));
        assert_eq!(compare("^(a|b)$", "^[ab]$"), Some(PatternChange::Equivalent));
        assert_eq!(compare("^x{2,3}$", "^xx(x)?$"), Some(PatternChange::Equivalent));
    }

    #[test]
    fn hostile_patterns_do_not_panic() {
        for p in ["((((", "a{99999}", "[z-a]", "\\", "(?<n>x)", "a**", "\\u{110000}", "[", "a{2,1}", "x{1000}{1000}"] {
            let _ = compile(p);
        }
    }
}
