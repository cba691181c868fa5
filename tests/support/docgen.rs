//! A deterministic document generator for the differential test
//! (`tests/differential.rs`) and `cargo xtask fuzz-diff`.
//!
//! [`DocGen::valid`] walks a schema's JSON and builds a document meant to be
//! valid: every required member and a random subset of the optional ones,
//! strings from the schema's `pattern` (a small regex-to-string generator for
//! the subset the seeds use), `const`/`enum` values, numbers within bounds,
//! arrays within bounds, one branch of each `oneOf`/`anyOf`. It records, for
//! every node it built, what the schema demanded there (a [`Site`]).
//! [`DocGen::mutate`] then breaks one (sometimes two) of those demands:
//! pattern off by one character, lengths at and beyond their limits (in astral
//! characters: length counts code points), `enum`/`const` replaced, required
//! members dropped, unknown members added, types swapped, integers written as
//! `1.0` (valid) or `1.5`, negative and huge numbers, deep nesting in free
//! JSON. The generator does not decide validity: the validators do.
//!
//! Only `serde_json`; no randomness crate: [`Rng`] is splitmix64.

#![allow(dead_code)]

use serde_json::{Map, Number, Value};

/// splitmix64: small, fast, and the same sequence on every platform.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        if hi <= lo {
            lo
        } else {
            lo + self.below(hi - lo + 1)
        }
    }
    /// True with probability `num/den`.
    pub fn chance(&mut self, num: usize, den: usize) -> bool {
        self.below(den) < num
    }
    pub fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len())]
    }
}

/// One step of a path into a document.
#[derive(Clone, Debug, PartialEq)]
pub enum Seg {
    Key(String),
    Index(usize),
}

/// What the schema demanded at one node the generator built.
#[derive(Clone, Debug, Default)]
pub struct Facts {
    /// Allowed JSON types (`integer` included); empty: any.
    pub types: Vec<String>,
    /// `const`/`enum`: the value is one of these (empty: not restricted).
    pub choices: Vec<Value>,
    /// Values a `not` (`const`/`enum`) refuses.
    pub not_in: Vec<Value>,
    pub pattern: Option<String>,
    pub min_len: Option<usize>,
    pub max_len: Option<usize>,
    pub minimum: Option<f64>,
    pub maximum: Option<f64>,
    pub required: Vec<String>,
    /// Members named by `properties`.
    pub known: Vec<String>,
    /// `additionalProperties: false`.
    pub closed: bool,
    /// `propertyNames.pattern`.
    pub key_pattern: Option<String>,
    /// `patternProperties` patterns.
    pub member_patterns: Vec<String>,
    pub min_items: Option<usize>,
    pub max_items: Option<usize>,
    /// Reached through a `$ref` (a recursive, free-form definition) or no
    /// constraint at all: deep nesting goes here.
    pub free: bool,
}

/// A node of a generated document and what its schema demanded.
#[derive(Clone, Debug)]
pub struct Site {
    pub path: Vec<Seg>,
    pub facts: Facts,
}

/// A document meant to be valid, with its sites.
#[derive(Clone, Debug)]
pub struct Generated {
    pub doc: Value,
    pub sites: Vec<Site>,
}

/// Characters for free-form strings: ASCII, JSON escapes, controls, BMP and
/// astral characters, line terminators, a BOM.
const PALETTE: &[char] = &[
    'a',
    'b',
    'z',
    'A',
    'Z',
    '0',
    '9',
    '_',
    '-',
    '.',
    ' ',
    '/',
    '#',
    '"',
    '\\',
    '\n',
    '\r',
    '\t',
    '\u{0}',
    '\u{7f}',
    'é',
    'ß',
    '中',
    '\u{2028}',
    '\u{2029}',
    '\u{feff}',
    '\u{200b}',
    '😀',
    '𝄞',
    '\u{10ffff}',
    '\u{ffff}',
];

/// Astral characters (4 UTF-8 bytes, 2 UTF-16 units, 1 code point).
const ASTRAL: &[char] = &['😀', '𝄞', '\u{10000}', '\u{10ffff}', '🦀'];

/// Characters that break a pattern position (or not: the validators decide).
const BREAKERS: &[char] = &['G', 'g', 'Z', '!', 'é', '😀', ' ', '\n', '_', '-', '.', 'A', 'a', '0', '\u{0}', '\u{2028}', 'ａ', '٣'];

// ---------------------------------------------------------------------------
// A regex-to-string generator for the pattern subset the seeds use:
// anchors, literals and escapes, classes with ranges, `.`, groups with
// alternation, and the quantifiers `* + ? {n} {n,} {n,m}`.

#[derive(Clone, Debug)]
enum Atom {
    Lit(char),
    Class(Vec<(char, char)>, bool),
    Dot,
    Group(Vec<Vec<Piece>>),
}

#[derive(Clone, Debug)]
struct Piece {
    atom: Atom,
    min: usize,
    max: Option<usize>,
}

struct Parser<'a> {
    chars: Vec<char>,
    pos: usize,
    _src: &'a str,
}

fn parse_regex(src: &str) -> Option<Vec<Vec<Piece>>> {
    let mut p = Parser { chars: src.chars().collect(), pos: 0, _src: src };
    let alts = p.alternation()?;
    (p.pos == p.chars.len()).then_some(alts)
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }
    fn next(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += 1;
        Some(c)
    }
    fn alternation(&mut self) -> Option<Vec<Vec<Piece>>> {
        let mut alts = vec![self.sequence()?];
        while self.peek() == Some('|') {
            self.pos += 1;
            alts.push(self.sequence()?);
        }
        Some(alts)
    }
    fn sequence(&mut self) -> Option<Vec<Piece>> {
        let mut out = Vec::new();
        while let Some(c) = self.peek() {
            let atom = match c {
                '|' | ')' => break,
                '^' | '$' => {
                    // Anchors: the generated string is the whole match.
                    self.pos += 1;
                    continue;
                }
                '(' => {
                    self.pos += 1;
                    if self.peek() == Some('?') {
                        self.pos += 1;
                        if self.next()? != ':' {
                            return None;
                        }
                    }
                    let alts = self.alternation()?;
                    if self.next()? != ')' {
                        return None;
                    }
                    Atom::Group(alts)
                }
                '[' => {
                    self.pos += 1;
                    self.class()?
                }
                '.' => {
                    self.pos += 1;
                    Atom::Dot
                }
                '\\' => {
                    self.pos += 1;
                    self.escape()?
                }
                '*' | '+' | '?' | '{' => return None,
                c => {
                    self.pos += 1;
                    Atom::Lit(c)
                }
            };
            let (min, max) = self.quantifier()?;
            out.push(Piece { atom, min, max });
        }
        Some(out)
    }
    fn escape(&mut self) -> Option<Atom> {
        Some(match self.next()? {
            'd' => Atom::Class(vec![('0', '9')], false),
            'w' => Atom::Class(vec![('a', 'z'), ('A', 'Z'), ('0', '9'), ('_', '_')], false),
            's' => Atom::Class(vec![(' ', ' '), ('\t', '\t')], false),
            'n' => Atom::Lit('\n'),
            't' => Atom::Lit('\t'),
            c if c.is_ascii_alphanumeric() => return None,
            c => Atom::Lit(c),
        })
    }
    fn class_char(&mut self) -> Option<char> {
        match self.next()? {
            '\\' => match self.next()? {
                'n' => Some('\n'),
                't' => Some('\t'),
                c if c.is_ascii_alphanumeric() => None,
                c => Some(c),
            },
            c => Some(c),
        }
    }
    fn class(&mut self) -> Option<Atom> {
        let negated = self.peek() == Some('^');
        if negated {
            self.pos += 1;
        }
        let mut ranges = Vec::new();
        loop {
            if self.peek()? == ']' {
                self.pos += 1;
                break;
            }
            if self.peek() == Some('\\') && matches!(self.chars.get(self.pos + 1), Some('d' | 'w')) {
                self.pos += 1;
                if let Atom::Class(r, _) = self.escape()? {
                    ranges.extend(r);
                }
                continue;
            }
            let lo = self.class_char()?;
            if self.peek() == Some('-') && self.chars.get(self.pos + 1).is_some_and(|c| *c != ']') {
                self.pos += 1;
                let hi = self.class_char()?;
                ranges.push((lo, hi));
            } else {
                ranges.push((lo, lo));
            }
        }
        Some(Atom::Class(ranges, negated))
    }
    fn number(&mut self) -> Option<usize> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        self.chars[start..self.pos].iter().collect::<String>().parse().ok()
    }
    fn quantifier(&mut self) -> Option<(usize, Option<usize>)> {
        let q = match self.peek() {
            Some('*') => (0, None),
            Some('+') => (1, None),
            Some('?') => (0, Some(1)),
            Some('{') => {
                self.pos += 1;
                let min = self.number()?;
                let q = match self.next()? {
                    '}' => (min, Some(min)),
                    ',' if self.peek() == Some('}') => {
                        self.pos += 1;
                        (min, None)
                    }
                    ',' => {
                        let max = self.number()?;
                        if self.next()? != '}' {
                            return None;
                        }
                        (min, Some(max))
                    }
                    _ => return None,
                };
                return Some(q);
            }
            _ => return Some((1, Some(1))),
        };
        self.pos += 1;
        Some(q)
    }
}

fn in_ranges(c: char, ranges: &[(char, char)]) -> bool {
    ranges.iter().any(|(lo, hi)| *lo <= c && c <= *hi)
}

fn is_line_terminator(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\u{2028}' | '\u{2029}')
}

fn min_len_of(pieces: &[Piece]) -> usize {
    pieces.iter().map(|p| p.min * atom_min_len(&p.atom)).sum()
}

fn atom_min_len(a: &Atom) -> usize {
    match a {
        Atom::Group(alts) => alts.iter().map(|s| min_len_of(s)).min().unwrap_or(0),
        _ => 1,
    }
}

impl Rng {
    fn char_in(&mut self, ranges: &[(char, char)]) -> char {
        let (lo, hi) = *self.pick(ranges);
        let (lo, hi) = (lo as u32, hi as u32);
        for _ in 0..8 {
            if let Some(c) = char::from_u32(lo + self.below((hi - lo + 1) as usize) as u32) {
                return c;
            }
        }
        char::from_u32(lo).unwrap_or('a')
    }

    fn gen_atom(&mut self, a: &Atom, out: &mut String) {
        match a {
            Atom::Lit(c) => out.push(*c),
            Atom::Class(ranges, false) => {
                let c = self.char_in(ranges);
                out.push(c);
            }
            Atom::Class(ranges, true) => {
                for _ in 0..32 {
                    let c = *self.pick(PALETTE);
                    if !in_ranges(c, ranges) {
                        out.push(c);
                        return;
                    }
                }
            }
            Atom::Dot => loop {
                let c = *self.pick(PALETTE);
                if !is_line_terminator(c) {
                    out.push(c);
                    return;
                }
            },
            Atom::Group(alts) => {
                let alt = self.below(alts.len());
                self.gen_seq(&alts[alt], None, out);
            }
        }
    }

    /// A string matching `pieces`; with `target`, aims at that many
    /// characters by spreading repetitions over the open quantifiers.
    fn gen_seq(&mut self, pieces: &[Piece], target: Option<usize>, out: &mut String) {
        let mut counts: Vec<usize> = pieces.iter().map(|p| p.min).collect();
        match target {
            Some(t) => {
                let mut extra = t.saturating_sub(min_len_of(pieces));
                let open: Vec<usize> = (0..pieces.len())
                    .filter(|&i| matches!(pieces[i].atom, Atom::Lit(_) | Atom::Class(..) | Atom::Dot) && pieces[i].max != Some(pieces[i].min))
                    .collect();
                let mut guard = 0;
                while extra > 0 && !open.is_empty() && guard < 100_000 {
                    guard += 1;
                    let i = *self.pick(&open);
                    if pieces[i].max.is_none_or(|m| counts[i] < m) {
                        counts[i] += 1;
                        extra -= 1;
                    }
                }
            }
            None => {
                for (i, p) in pieces.iter().enumerate() {
                    let cap = if self.chance(1, 8) { 40 } else { 6 };
                    let hi = p.max.unwrap_or(p.min + cap).min(p.min + cap);
                    counts[i] = self.range(p.min, hi);
                }
            }
        }
        for (p, n) in pieces.iter().zip(counts) {
            for _ in 0..n {
                self.gen_atom(&p.atom, out);
            }
        }
    }

    /// A string the pattern matches, or `None` for syntax outside the subset.
    pub fn gen_pattern(&mut self, pattern: &str, target: Option<usize>) -> Option<String> {
        let alts = parse_regex(pattern)?;
        let alt = self.below(alts.len());
        let mut s = String::new();
        self.gen_seq(&alts[alt], target, &mut s);
        Some(s)
    }

    fn free_string(&mut self, min: usize, max: Option<usize>) -> String {
        let hi = max.unwrap_or(min + 12).min(min + if self.chance(1, 10) { 300 } else { 12 });
        let n = self.range(min, hi.max(min));
        let plain = self.chance(1, 2);
        (0..n).map(|_| if plain { *self.pick(&['a', 'b', 'x', 'Q', '0', '-', '_', ' ', 'é']) } else { *self.pick(PALETTE) }).collect()
    }

    /// Any JSON value, nested at most `depth` levels.
    pub fn free_value(&mut self, depth: usize) -> Value {
        let k = if depth == 0 { self.below(4) } else { self.below(6) };
        match k {
            0 => Value::Null,
            1 => Value::Bool(self.chance(1, 2)),
            2 => self.any_number(),
            3 => Value::String(self.free_string(0, None)),
            4 => Value::Array((0..self.below(4)).map(|_| self.free_value(depth - 1)).collect()),
            _ => {
                let mut m = Map::new();
                for _ in 0..self.below(4) {
                    let k = self.free_string(0, Some(6));
                    m.insert(k, self.free_value(depth - 1));
                }
                Value::Object(m)
            }
        }
    }

    fn any_number(&mut self) -> Value {
        match self.below(8) {
            0 => Value::from(self.below(100) as u64),
            1 => Value::from(-(self.below(1000) as i64)),
            2 => Value::from(u64::MAX),
            3 => Value::from(i64::MIN),
            4 => f(1.5),
            5 => f(-0.0),
            6 => f(1.2345678901234568e22),
            _ => f(1e-7),
        }
    }
}

fn f(x: f64) -> Value {
    Number::from_f64(x).map(Value::Number).unwrap_or(Value::Null)
}

// ---------------------------------------------------------------------------
// Valid documents from the schema.

/// The generator: a schema and a seeded [`Rng`].
pub struct DocGen<'s> {
    root: &'s Value,
    pub rng: Rng,
    /// Every string enum in the schema (a wrong-but-plausible replacement).
    all_enum_strings: Vec<String>,
}

fn collect_enum_strings(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                if k == "enum" || k == "const" {
                    for s in std::iter::once(x).chain(x.as_array().into_iter().flatten()) {
                        if let Some(s) = s.as_str() {
                            if !out.iter().any(|o| o == s) {
                                out.push(s.to_owned());
                            }
                        }
                    }
                }
                collect_enum_strings(x, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|x| collect_enum_strings(x, out)),
        _ => {}
    }
}

/// A length or count keyword, at most [`LONGEST`]: a document that long is
/// as telling as a longer one, and `minLength: 7280570735335182947` must not
/// ask for that many characters (the drift fuzz target's finding of
/// 2026-12-04). What is generated is judged by the validators, never assumed
/// valid, so a bound read lower than it is costs no soundness.
fn usize_kw(s: &Value, k: &str) -> Option<usize> {
    s.get(k).and_then(Value::as_u64).map(|n| n.min(LONGEST as u64) as usize)
}

/// The longest string or array the generator writes for a bound.
const LONGEST: usize = 10_000;

impl<'s> DocGen<'s> {
    pub fn new(root: &'s Value, seed: u64) -> Self {
        let mut all_enum_strings = Vec::new();
        collect_enum_strings(root, &mut all_enum_strings);
        DocGen { root, rng: Rng::new(seed), all_enum_strings }
    }

    fn resolve(&self, r: &str) -> Option<&'s Value> {
        let frag = r.strip_prefix('#')?;
        if frag.is_empty() {
            Some(self.root)
        } else {
            self.root.pointer(frag)
        }
    }

    /// The subschemas that apply together (`$ref`, `allOf`, one branch of
    /// each `oneOf`/`anyOf`), the `not`s, and whether a `$ref` was followed.
    fn expand(&mut self, schemas: &[&'s Value]) -> (Vec<&'s Value>, Vec<&'s Value>, bool) {
        let mut work: Vec<&'s Value> = schemas.to_vec();
        let (mut conj, mut nots, mut via_ref) = (Vec::new(), Vec::new(), false);
        let mut guard = 0;
        while let Some(s) = work.pop() {
            guard += 1;
            if guard > 200 || !s.is_object() {
                continue;
            }
            conj.push(s);
            if let Some(r) = s.get("$ref").and_then(Value::as_str) {
                if let Some(t) = self.resolve(r) {
                    via_ref = true;
                    work.push(t);
                }
            }
            if let Some(all) = s.get("allOf").and_then(Value::as_array) {
                work.extend(all.iter());
            }
            for k in ["anyOf", "oneOf"] {
                if let Some(branches) = s.get(k).and_then(Value::as_array) {
                    if !branches.is_empty() {
                        work.push(self.rng.pick(branches));
                    }
                }
            }
            if let Some(n) = s.get("not") {
                nots.push(n);
            }
        }
        (conj, nots, via_ref)
    }

    fn facts(&self, conj: &[&'s Value], nots: &[&'s Value], via_ref: bool) -> Facts {
        let mut f = Facts { free: via_ref, ..Facts::default() };
        let mut typed: Option<Vec<String>> = None;
        for s in conj {
            if let Some(t) = s.get("type") {
                let ts: Vec<String> = match t {
                    Value::String(x) => vec![x.clone()],
                    Value::Array(a) => a.iter().filter_map(|x| x.as_str().map(str::to_owned)).collect(),
                    _ => vec![],
                };
                typed = Some(match typed {
                    None => ts,
                    Some(prev) => prev
                        .into_iter()
                        .flat_map(|p| {
                            ts.iter()
                                .filter_map(|t| match (p.as_str(), t.as_str()) {
                                    (a, b) if a == b => Some(a.to_owned()),
                                    ("number", "integer") | ("integer", "number") => Some("integer".to_owned()),
                                    _ => None,
                                })
                                .collect::<Vec<_>>()
                        })
                        .collect(),
                });
            }
            if let Some(c) = s.get("const") {
                f.choices = vec![c.clone()];
            } else if let Some(e) = s.get("enum").and_then(Value::as_array) {
                if f.choices.is_empty() {
                    f.choices = e.clone();
                }
            }
            if let Some(p) = s.get("pattern").and_then(Value::as_str) {
                f.pattern = Some(p.to_owned());
            }
            if let Some(n) = usize_kw(s, "minLength") {
                f.min_len = Some(f.min_len.map_or(n, |m| m.max(n)));
            }
            if let Some(n) = usize_kw(s, "maxLength") {
                f.max_len = Some(f.max_len.map_or(n, |m| m.min(n)));
            }
            if let Some(n) = usize_kw(s, "minItems") {
                f.min_items = Some(n);
            }
            if let Some(n) = usize_kw(s, "maxItems") {
                f.max_items = Some(n);
            }
            if let Some(n) = s.get("minimum").and_then(Value::as_f64) {
                f.minimum = Some(f.minimum.map_or(n, |m| m.max(n)));
            }
            if let Some(n) = s.get("maximum").and_then(Value::as_f64) {
                f.maximum = Some(f.maximum.map_or(n, |m| m.min(n)));
            }
            if let Some(r) = s.get("required").and_then(Value::as_array) {
                for k in r.iter().filter_map(Value::as_str) {
                    if !f.required.iter().any(|x| x == k) {
                        f.required.push(k.to_owned());
                    }
                }
            }
            if let Some(p) = s.get("properties").and_then(Value::as_object) {
                for k in p.keys() {
                    if !f.known.contains(k) {
                        f.known.push(k.clone());
                    }
                }
            }
            if s.get("additionalProperties") == Some(&Value::Bool(false)) {
                f.closed = true;
            }
            if let Some(p) = s.pointer("/propertyNames/pattern").and_then(Value::as_str) {
                f.key_pattern = Some(p.to_owned());
            }
            if let Some(pp) = s.get("patternProperties").and_then(Value::as_object) {
                f.member_patterns.extend(pp.keys().cloned());
            }
        }
        for n in nots {
            if let Some(c) = n.get("const") {
                f.not_in.push(c.clone());
            }
            if let Some(e) = n.get("enum").and_then(Value::as_array) {
                f.not_in.extend(e.iter().cloned());
            }
        }
        let has = |k: &str| conj.iter().any(|s| s.get(k).is_some());
        f.types = match typed {
            Some(t) => t,
            None if has("properties") || has("required") || has("patternProperties") || has("additionalProperties") => vec!["object".into()],
            None if has("items") || has("maxItems") => vec!["array".into()],
            None if has("pattern") || has("minLength") || has("maxLength") => vec!["string".into()],
            None if has("minimum") || has("maximum") => vec!["number".into()],
            None => vec![],
        };
        if f.types.is_empty() && f.choices.is_empty() && !has("not") {
            f.free = true;
        }
        f
    }

    /// A document meant to be valid against the root schema.
    pub fn valid(&mut self) -> Generated {
        let mut sites = Vec::new();
        let root = self.root;
        let doc = self.gen(&[root], &mut Vec::new(), &mut sites, 0);
        Generated { doc, sites }
    }

    fn gen(&mut self, schemas: &[&'s Value], path: &mut Vec<Seg>, sites: &mut Vec<Site>, depth: usize) -> Value {
        let (conj, nots, via_ref) = self.expand(schemas);
        let facts = self.facts(&conj, &nots, via_ref);
        let v = self.gen_with(&conj, &facts, path, sites, depth);
        sites.push(Site { path: path.clone(), facts });
        v
    }

    fn gen_with(&mut self, conj: &[&'s Value], f: &Facts, path: &mut Vec<Seg>, sites: &mut Vec<Site>, depth: usize) -> Value {
        if !f.choices.is_empty() {
            let ok: Vec<&Value> = f.choices.iter().filter(|c| !f.not_in.contains(c)).collect();
            if !ok.is_empty() {
                return (*self.rng.pick(&ok)).clone();
            }
        }
        if f.types.is_empty() && f.free {
            return self.rng.free_value(3usize.saturating_sub(depth / 4));
        }
        let ty = if f.types.is_empty() { "string".to_owned() } else { self.rng.pick(&f.types).clone() };
        match ty.as_str() {
            "null" => Value::Null,
            "boolean" => Value::Bool(self.rng.chance(1, 2)),
            "integer" | "number" => self.gen_number(f, ty == "integer"),
            "string" => {
                for _ in 0..16 {
                    let s = self.gen_string(f);
                    if !f.not_in.contains(&Value::String(s.clone())) {
                        return Value::String(s);
                    }
                }
                Value::String("zz-unlisted".into())
            }
            "array" => {
                let items: Vec<&'s Value> = conj.iter().filter_map(|s| s.get("items")).collect();
                let min = f.min_items.unwrap_or(0);
                let max = f.max_items.unwrap_or(usize::MAX);
                let n = if depth > 8 {
                    min
                } else if max != usize::MAX && self.rng.chance(1, 10) {
                    max
                } else {
                    self.rng.range(min, max.min(min + 4))
                };
                let mut out = Vec::with_capacity(n);
                for i in 0..n {
                    path.push(Seg::Index(i));
                    out.push(if items.is_empty() { self.rng.free_value(2) } else { self.gen(&items, path, sites, depth + 1) });
                    path.pop();
                }
                Value::Array(out)
            }
            _ => self.gen_object(conj, f, path, sites, depth),
        }
    }

    fn gen_number(&mut self, fc: &Facts, integer: bool) -> Value {
        let lo = fc.minimum.unwrap_or(-1000.0);
        let hi = fc.maximum.unwrap_or(lo.max(0.0) + 1e6);
        let r = &mut self.rng;
        let x = match r.below(6) {
            0 => lo,
            1 => hi,
            2 => lo + r.below(10) as f64,
            _ => lo + (r.next_u64() % 1_000_000) as f64 / 1_000_000.0 * (hi - lo),
        };
        // Bounds that contradict each other (`minimum: 0.5, maximum: -0`)
        // leave no number: any will do as the attempt.
        let x = if integer {
            x.ceil().min(hi.floor())
        } else if lo <= hi {
            x.clamp(lo, hi)
        } else {
            x
        };
        if integer {
            match r.below(8) {
                0 => f(x),
                _ if (0.0..9e15).contains(&x) => Value::from(x as u64),
                _ if x < 0.0 && x > -9e15 => Value::from(x as i64),
                _ => f(x),
            }
        } else if r.chance(1, 3) && x.fract() == 0.0 && x.abs() < 9e15 {
            Value::from(x as i64)
        } else {
            f(x)
        }
    }

    fn gen_string(&mut self, f: &Facts) -> String {
        let min = f.min_len.unwrap_or(0);
        if let Some(p) = &f.pattern {
            for _ in 0..8 {
                let target = f.max_len.filter(|_| self.rng.chance(1, 6));
                if let Some(s) = self.rng.gen_pattern(p, target) {
                    let n = s.chars().count();
                    if n >= min && f.max_len.is_none_or(|m| n <= m) {
                        return s;
                    }
                }
            }
        }
        if !f.not_in.is_empty() && self.rng.chance(1, 2) {
            // A near miss of a refused value: `Start`, `start `, `start2`.
            let base = self.rng.pick(&f.not_in).as_str().unwrap_or("x").to_owned();
            let s = match self.rng.below(4) {
                0 => base.to_uppercase(),
                1 => format!("{base} "),
                2 => format!("{base}2"),
                _ => format!("x-{base}"),
            };
            if s.chars().count() >= min {
                return s;
            }
        }
        if f.max_len.is_some() && self.rng.chance(1, 6) {
            let n = f.max_len.unwrap_or(0);
            return (0..n).map(|_| *self.rng.pick(ASTRAL)).collect();
        }
        self.rng.free_string(min, f.max_len)
    }

    fn gen_object(&mut self, conj: &[&'s Value], f: &Facts, path: &mut Vec<Seg>, sites: &mut Vec<Site>, depth: usize) -> Value {
        let mut props: Vec<(String, Vec<&'s Value>)> = Vec::new();
        let mut pattern_props: Vec<(&'s str, &'s Value)> = Vec::new();
        let mut additional: Option<&'s Value> = None;
        for s in conj {
            if let Some(p) = s.get("properties").and_then(Value::as_object) {
                for (k, sub) in p {
                    match props.iter_mut().find(|(n, _)| n == k) {
                        Some((_, v)) => v.push(sub),
                        None => props.push((k.clone(), vec![sub])),
                    }
                }
            }
            if let Some(pp) = s.get("patternProperties").and_then(Value::as_object) {
                pattern_props.extend(pp.iter().map(|(k, v)| (k.as_str(), v)));
            }
            if let Some(a) = s.get("additionalProperties").filter(|a| a.is_object()) {
                additional = Some(a);
            }
        }
        let mut m = Map::new();
        for (k, subs) in &props {
            let required = f.required.contains(k);
            if required || (depth < 10 && self.rng.chance(1, 2)) {
                path.push(Seg::Key(k.clone()));
                let v = self.gen(subs, path, sites, depth + 1);
                path.pop();
                m.insert(k.clone(), v);
            }
        }
        for k in &f.required {
            if !m.contains_key(k) {
                m.insert(k.clone(), self.rng.free_value(1));
            }
        }
        let extra = if depth > 8 { 0 } else { self.rng.below(4) };
        if let Some((pat, sub)) = pattern_props.first().copied() {
            for _ in 0..extra {
                let Some(k) = self.rng.gen_pattern(pat, None) else { break };
                if m.contains_key(&k) || props.iter().any(|(n, _)| *n == k) {
                    continue;
                }
                path.push(Seg::Key(k.clone()));
                let v = self.gen(&[sub], path, sites, depth + 1);
                path.pop();
                m.insert(k, v);
            }
        } else if let Some(sub) = additional {
            for _ in 0..extra {
                let k = match &f.key_pattern {
                    Some(p) => self.rng.gen_pattern(p, None).unwrap_or_else(|| "k".into()),
                    None => self.rng.free_string(0, Some(8)),
                };
                if m.contains_key(&k) || props.iter().any(|(n, _)| *n == k) {
                    continue;
                }
                path.push(Seg::Key(k.clone()));
                let v = self.gen(&[sub], path, sites, depth + 1);
                path.pop();
                m.insert(k, v);
            }
        } else if !f.closed && self.rng.chance(1, 8) {
            let k = format!("x-extra-{}", self.rng.below(100));
            let v = self.rng.free_value(2);
            m.insert(k, v);
        }
        Value::Object(m)
    }

    // -----------------------------------------------------------------------
    // Mutations.

    /// `g`'s document with one (sometimes two or three) of its demands broken,
    /// and what was done.
    pub fn mutate(&mut self, g: &Generated) -> (Value, String) {
        let mut doc = g.doc.clone();
        let n = if self.rng.chance(1, 6) { self.rng.range(2, 3) } else { 1 };
        let mut what = Vec::new();
        for _ in 0..n {
            let site = self.pick_site(&g.sites).clone();
            // A kind of mutation first, then one of its kind: rare kinds
            // (a key escaping `^.*$`) are tried as often as common ones.
            let groups = self.ops(&doc, &site).0;
            let groups: Vec<Vec<Op>> = groups.into_iter().filter(|g| !g.is_empty()).collect();
            if groups.is_empty() {
                continue;
            }
            let group = self.rng.pick(&groups);
            let op = self.rng.pick(group).clone();
            what.push(format!("{} {:?}", pointer(&site.path), op));
            apply(&mut doc, &site.path, op);
        }
        (doc, what.join("; "))
    }

    /// A site, deeper ones likelier (the envelope has as many sites as a
    /// payload, but the payloads hold most of the rules).
    fn pick_site<'g>(&mut self, sites: &'g [Site]) -> &'g Site {
        let weight = |s: &Site| 1 + s.path.len() * s.path.len();
        let total: usize = sites.iter().map(weight).sum();
        let mut r = self.rng.below(total);
        for s in sites {
            if r < weight(s) {
                return s;
            }
            r -= weight(s);
        }
        &sites[0]
    }

    /// `g`'s document with each kind of mutation applied once at each site
    /// (one mutation of the kind, chosen at random): every demand broken once.
    pub fn every_mutation(&mut self, g: &Generated) -> Vec<(Value, String)> {
        let mut out = Vec::new();
        for site in &g.sites {
            for group in self.ops(&g.doc, site).0 {
                if group.is_empty() {
                    continue;
                }
                let op = self.rng.pick(&group).clone();
                let what = format!("{} {:?}", pointer(&site.path), op);
                let mut doc = g.doc.clone();
                apply(&mut doc, &site.path, op);
                out.push((doc, what));
            }
        }
        out
    }

    /// Every mutation that applies at `site` of `doc`, by kind.
    pub fn ops(&mut self, doc: &Value, site: &Site) -> Groups {
        let mut ops = Groups::default();
        let Some(v) = get(doc, &site.path) else { return ops };
        let fc = &site.facts;
        // Types swapped.
        ops.group();
        for other in [
            Value::Null,
            Value::Bool(true),
            Value::from(0),
            f(2.5),
            Value::String(String::new()),
            Value::String("x".into()),
            Value::Array(vec![]),
            Value::Object(Map::new()),
            serde_json::json!(["x"]),
            serde_json::json!({"k": "v"}),
        ] {
            if std::mem::discriminant(&other) != std::mem::discriminant(v) || self.rng.chance(1, 4) {
                ops.push(Op::Replace(other));
            }
        }
        // const/enum replaced.
        ops.group();
        for c in fc.choices.iter().chain(&fc.not_in) {
            ops.push(Op::Replace(c.clone()));
            if let Some(s) = c.as_str() {
                for t in [s.to_uppercase(), format!("{s} "), format!(" {s}"), s.chars().skip(1).collect(), format!("{s}\n"), format!("{s}\u{0}")] {
                    ops.push(Op::Replace(Value::String(t)));
                }
                // `"1.0"` as the number `1.0`.
                if let Some(n) = s.parse::<f64>().ok().and_then(Number::from_f64) {
                    ops.push(Op::Replace(Value::Number(n)));
                }
            }
        }
        // (A schema whose enums hold no string has no plausible string to swap in.)
        if (!fc.choices.is_empty() || !fc.not_in.is_empty()) && !self.all_enum_strings.is_empty() {
            ops.group();
            for _ in 0..3 {
                let s = self.rng.pick(&self.all_enum_strings).clone();
                ops.push(Op::Replace(Value::String(s)));
            }
        }
        if let Value::String(s) = v {
            self.string_ops(s, fc, &mut ops);
        }
        if v.is_number() || fc.types.iter().any(|t| t == "integer" || t == "number") {
            number_ops(v, fc, &mut ops);
        }
        if let Value::Object(m) = v {
            self.object_ops(m, fc, &mut ops);
        }
        if let Value::Array(a) = v {
            ops.group();
            let item = a.first().cloned().unwrap_or_else(|| Value::String("x".into()));
            if let Some(max) = fc.max_items {
                ops.push(Op::Replace(Value::Array(vec![item.clone(); max])));
                ops.push(Op::Replace(Value::Array(vec![item.clone(); max + 1])));
            }
            if let Some(min) = fc.min_items.filter(|m| *m > 0) {
                ops.push(Op::Replace(Value::Array(vec![item.clone(); min - 1])));
            }
            ops.push(Op::Replace(Value::Array(vec![])));
            let mut longer = a.clone();
            longer.push(item);
            ops.push(Op::Replace(Value::Array(longer)));
            let mut odd = a.clone();
            odd.push(Value::Null);
            ops.push(Op::Replace(Value::Array(odd)));
        }
        if fc.free {
            ops.group();
            for _ in 0..2 {
                let d = self.rng.range(20, 120);
                ops.push(Op::Replace(self.nested(d)));
            }
            let fv = self.rng.free_value(4);
            ops.push(Op::Replace(fv));
        }
        ops
    }

    fn string_ops(&mut self, s: &str, f: &Facts, ops: &mut Groups) {
        let chars: Vec<char> = s.chars().collect();
        if let Some(p) = &f.pattern {
            // Pattern off by one character.
            ops.group();
            for _ in 0..4 {
                let mut c = chars.clone();
                let b = *self.rng.pick(BREAKERS);
                match self.rng.below(3) {
                    0 if !c.is_empty() => {
                        let i = self.rng.below(c.len());
                        c[i] = b;
                    }
                    1 if !c.is_empty() => {
                        let i = self.rng.below(c.len());
                        c.remove(i);
                    }
                    _ => {
                        let i = self.rng.range(0, c.len());
                        c.insert(i, b);
                    }
                }
                ops.push(Op::Replace(Value::String(c.into_iter().collect())));
            }
            ops.group();
            ops.push(Op::Replace(Value::String(format!("{s}\n"))));
            ops.push(Op::Replace(Value::String(format!("\n{s}"))));
            ops.push(Op::Replace(Value::String(format!("x{s}"))));
            if let Some(fresh) = self.rng.gen_pattern(p, None) {
                ops.push(Op::Replace(Value::String(fresh)));
            }
            // At the length limit through the pattern, and one past it.
            if let Some(max) = f.max_len {
                ops.group();
                for t in [max, max + 1] {
                    if let Some(mut x) = self.rng.gen_pattern(p, Some(t)) {
                        while x.chars().count() < t {
                            let last = x.chars().last().unwrap_or('a');
                            x.push(last);
                        }
                        ops.push(Op::Replace(Value::String(x)));
                    }
                }
            }
        }
        let astral = |n: usize, rng: &mut Rng| -> String { (0..n).map(|_| *rng.pick(ASTRAL)).collect() };
        if let Some(max) = f.max_len {
            ops.group();
            for n in [max, max + 1] {
                let a = astral(n, &mut self.rng);
                ops.push(Op::Replace(Value::String(a)));
            }
            let mixed: String = astral(max.saturating_sub(1), &mut self.rng) + "a";
            ops.push(Op::Replace(Value::String(mixed)));
            ops.push(Op::Replace(Value::String("a".repeat(max + 1))));
        }
        if let Some(min) = f.min_len {
            ops.group();
            let a = astral(min, &mut self.rng);
            ops.push(Op::Replace(Value::String(a)));
            if min > 0 {
                let a = astral(min - 1, &mut self.rng);
                ops.push(Op::Replace(Value::String(a)));
            }
        }
        if f.pattern.is_none() && f.choices.is_empty() {
            ops.group();
            let n = self.rng.range(0, 20);
            let s: String = (0..n).map(|_| *self.rng.pick(PALETTE)).collect();
            ops.push(Op::Replace(Value::String(s)));
        }
    }

    fn object_ops(&mut self, m: &Map<String, Value>, f: &Facts, ops: &mut Groups) {
        ops.group();
        for k in f.required.iter().filter(|k| m.contains_key(*k)) {
            ops.push(Op::DropKey(k.clone()));
        }
        ops.group();
        for k in m.keys() {
            ops.push(Op::DropKey(k.clone()));
        }
        let any = self.rng.free_value(2);
        let sample = m.values().next().cloned().unwrap_or_else(|| Value::String("x".into()));
        let mut names = vec!["extra".to_owned(), String::new(), "__proto__".to_owned(), "😀".to_owned(), "$ref".to_owned()];
        for k in f.known.iter().take(3) {
            names.push(k.to_uppercase());
            names.push(format!("{k} "));
        }
        ops.group();
        for n in names {
            if !m.contains_key(&n) {
                ops.push(Op::AddKey(n, any.clone()));
            }
        }
        if f.key_pattern.is_some() || !f.member_patterns.is_empty() {
            // Keys that break `propertyNames`, or escape `^.*$` (a line
            // terminator is not matched by `.`).
            ops.group();
            for k in ["A", "1a", "a_b", "a\n", "\na", "", "é", "a-😀", "a\rb", "a\u{2028}b", "\u{2029}", "ab-9", "z"] {
                ops.push(Op::AddKey(k.to_owned(), sample.clone()));
                ops.push(Op::AddKey(k.to_owned(), Value::from(5)));
                if let Some(old) = m.keys().next() {
                    ops.push(Op::RenameKey(old.clone(), k.to_owned()));
                }
            }
        }
        // A required member present with `null`.
        ops.group();
        for k in &f.required {
            ops.push(Op::AddKey(k.clone(), Value::Null));
        }
    }

    /// `depth` nested arrays and objects, a scalar at the bottom.
    fn nested(&mut self, depth: usize) -> Value {
        let mut v = self.rng.free_value(0);
        for _ in 0..depth {
            v = if self.rng.chance(1, 2) { Value::Array(vec![v]) } else { serde_json::json!({ "k": v }) };
        }
        v
    }
}

fn number_ops(v: &Value, fc: &Facts, ops: &mut Groups) {
    ops.group();
    let x = v.as_f64().unwrap_or(0.0);
    let mut vals = vec![
        f(x.trunc()),       // `1.0`: an integer still
        f(x.trunc() + 0.5), // `1.5`
        f(100.0),           // `1e2`
        Value::from(-1),
        f(-0.0),
        f(-1e-300),
        f(5e-324),
        Value::from(u64::MAX),
        Value::from(i64::MIN),
        Value::from(i64::MAX),
        f(1.2345678901234568e22), // `12345678901234567890123`
        f(1e308),
        f(-1e308),
        f(9007199254740993.0),
    ];
    ops.extend(vals.drain(..).map(Op::Replace));
    ops.group();
    for b in [fc.minimum, fc.maximum].into_iter().flatten() {
        vals.push(f(b));
        vals.push(f(b - 1.0));
        vals.push(f(b + 1.0));
        vals.push(f(b - 0.5));
        vals.push(f(b + 0.5));
        if b.fract() == 0.0 && b.abs() < 9e15 {
            vals.push(Value::from(b as i64));
            vals.push(Value::from(b as i64 - 1));
            vals.push(Value::from(b as i64 + 1));
        }
    }
    ops.extend(vals.into_iter().map(Op::Replace));
}

/// Mutations by kind.
#[derive(Debug, Default)]
pub struct Groups(pub Vec<Vec<Op>>);

impl Groups {
    /// Starts a new kind.
    fn group(&mut self) {
        self.0.push(Vec::new());
    }
    fn push(&mut self, op: Op) {
        if self.0.is_empty() {
            self.group();
        }
        if let Some(g) = self.0.last_mut() {
            g.push(op);
        }
    }
    fn extend(&mut self, ops: impl IntoIterator<Item = Op>) {
        ops.into_iter().for_each(|o| self.push(o));
    }
    /// Every mutation, kinds flattened.
    pub fn all(self) -> Vec<Op> {
        self.0.into_iter().flatten().collect()
    }
}

/// One change to a document at a site.
#[derive(Clone, Debug)]
pub enum Op {
    Replace(Value),
    DropKey(String),
    AddKey(String, Value),
    RenameKey(String, String),
}

pub fn pointer(path: &[Seg]) -> String {
    path.iter()
        .map(|s| match s {
            Seg::Key(k) => format!("/{}", k.replace('~', "~0").replace('/', "~1")),
            Seg::Index(i) => format!("/{i}"),
        })
        .collect()
}

pub fn get<'a>(v: &'a Value, path: &[Seg]) -> Option<&'a Value> {
    path.iter().try_fold(v, |v, s| match s {
        Seg::Key(k) => v.as_object()?.get(k),
        Seg::Index(i) => v.as_array()?.get(*i),
    })
}

pub fn get_mut<'a>(v: &'a mut Value, path: &[Seg]) -> Option<&'a mut Value> {
    path.iter().try_fold(v, |v, s| match s {
        Seg::Key(k) => v.as_object_mut()?.get_mut(k),
        Seg::Index(i) => v.as_array_mut()?.get_mut(*i),
    })
}

/// Applies `op` at `path` (nothing if an earlier change removed the path).
pub fn apply(doc: &mut Value, path: &[Seg], op: Op) {
    let Some(v) = get_mut(doc, path) else { return };
    match op {
        Op::Replace(x) => *v = x,
        Op::DropKey(k) => {
            if let Some(m) = v.as_object_mut() {
                m.shift_remove(&k);
            }
        }
        Op::AddKey(k, x) => {
            if let Some(m) = v.as_object_mut() {
                m.insert(k, x);
            }
        }
        Op::RenameKey(old, new) => {
            if let Some(m) = v.as_object_mut() {
                if let Some(x) = m.shift_remove(&old) {
                    m.insert(new, x);
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Shrinking.

/// Every path in `v`, parents before children.
fn paths(v: &Value, path: &mut Vec<Seg>, out: &mut Vec<Vec<Seg>>) {
    out.push(path.clone());
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                path.push(Seg::Key(k.clone()));
                paths(x, path, out);
                path.pop();
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                path.push(Seg::Index(i));
                paths(x, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

/// Smaller variants of the node at `path`: members and items dropped, a
/// container replaced by one of its children.
fn structural_candidates(doc: &Value, path: &[Seg]) -> Vec<Value> {
    let Some(v) = get(doc, path) else { return Vec::new() };
    let mut out = Vec::new();
    let with = |x: Value| {
        let mut d = doc.clone();
        if let Some(slot) = get_mut(&mut d, path) {
            *slot = x;
        }
        d
    };
    match v {
        Value::Object(m) => {
            for k in m.keys() {
                let mut m2 = m.clone();
                m2.shift_remove(k);
                out.push(with(Value::Object(m2)));
            }
            for x in m.values() {
                if x.is_object() || x.is_array() {
                    out.push(with(x.clone()));
                }
            }
        }
        Value::Array(a) => {
            if a.len() > 2 {
                out.push(with(Value::Array(a[..a.len() / 2].to_vec())));
                out.push(with(Value::Array(a[a.len() / 2..].to_vec())));
            }
            for i in 0..a.len() {
                let mut a2 = a.clone();
                a2.remove(i);
                out.push(with(Value::Array(a2)));
            }
            for x in a {
                if x.is_object() || x.is_array() {
                    out.push(with(x.clone()));
                }
            }
        }
        _ => {}
    }
    out
}

/// `s` with chunks removed, biggest first: half, a quarter, ... one
/// character, from the end and from the start.
fn shorter(s: &str) -> Vec<String> {
    let c: Vec<char> = s.chars().collect();
    let mut out = Vec::new();
    let mut k = c.len().div_ceil(2);
    while k > 0 {
        out.push(c[..c.len() - k].iter().collect());
        out.push(c[k..].iter().collect());
        if k == 1 {
            break;
        }
        k = k.div_ceil(2);
    }
    out
}

/// The node at `path` (a string) or its key, shortened.
fn text_candidates(doc: &Value, path: &[Seg]) -> Vec<Value> {
    let mut out = Vec::new();
    if let Some(Value::String(s)) = get(doc, path) {
        for t in shorter(s) {
            let mut d = doc.clone();
            if let Some(slot) = get_mut(&mut d, path) {
                *slot = Value::String(t);
            }
            out.push(d);
        }
    }
    if let Some(Seg::Key(k)) = path.last() {
        for new in shorter(k) {
            let mut d = doc.clone();
            if let Some(Value::Object(m)) = get_mut(&mut d, &path[..path.len() - 1]) {
                if !m.contains_key(&new) {
                    // Same place in the member order.
                    let entries: Vec<(String, Value)> = std::mem::take(m).into_iter().collect();
                    for (key, x) in entries {
                        m.insert(if key == *k { new.clone() } else { key }, x);
                    }
                    out.push(d);
                }
            }
        }
    }
    out
}

/// The smallest document found for which `keep` still holds: members and
/// items dropped first, then strings and keys shortened, greedily, to a
/// fixpoint or `budget` calls of `keep`.
pub fn shrink(doc: &Value, budget: usize, keep: &mut dyn FnMut(&Value) -> bool) -> Value {
    let mut best = doc.clone();
    let mut calls = 0;
    let pass = |best: &mut Value, calls: &mut usize, keep: &mut dyn FnMut(&Value) -> bool, cands: fn(&Value, &[Seg]) -> Vec<Value>| -> bool {
        let mut changed = false;
        let mut all = Vec::new();
        paths(best, &mut Vec::new(), &mut all);
        for p in all {
            // Stay on one node while it keeps shrinking.
            'node: loop {
                for cand in cands(best, &p) {
                    *calls += 1;
                    if *calls > budget {
                        return changed;
                    }
                    if keep(&cand) {
                        *best = cand;
                        changed = true;
                        continue 'node;
                    }
                }
                break;
            }
        }
        changed
    };
    loop {
        let a = pass(&mut best, &mut calls, keep, structural_candidates);
        let b = pass(&mut best, &mut calls, keep, text_candidates);
        if !(a || b) || calls > budget {
            break;
        }
    }
    best
}

/// A stable 64-bit FNV-1a hash (regression file names).
pub fn fnv64(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3))
}
