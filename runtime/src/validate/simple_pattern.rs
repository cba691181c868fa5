//! Patterns simple enough to check with a byte loop instead of a regex
//! engine: `^` then a sequence of pieces (an ASCII literal, an ASCII class
//! such as `[0-9a-f]`, `\d`, `\w`, or `.`), each with an optional greedy
//! quantifier (`{n}`, `{n,}`, `{n,m}`, `*`, `+`, `?`), then an optional `$`.
//! This covers what contract schemas mostly use (`^cmd_[0-9a-f]{32}$`,
//! `^[a-z][a-z0-9-]*$`, fixed-width dates, `^.*$`).
//!
//! Greedy matching without backtracking is exact only when no piece could
//! give characters back to the next one, so a piece with a variable count is
//! accepted only when it is the last piece, or when the next piece needs at
//! least one character and shares none with it (`[A-Za-z0-9.-]+_`). Anything
//! else (alternation, groups, negated classes, lookaround, lazy quantifiers,
//! non-ASCII literals, unanchored starts) is left to `regress`.

/// What one piece matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Set {
    /// ASCII bytes, as a bit mask (bit `b` for byte `b`).
    Ascii(u128),
    /// `.` with the `u` flag: any code point but a line terminator
    /// (`\n`, `\r`, U+2028, U+2029).
    AnyButNewline,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Piece {
    set: Set,
    min: u32,
    max: u32,
}

/// How [`SimplePattern::is_match`] runs the pieces, decided once.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Step {
    /// Bytes that must come next (a run of one-byte pieces: `cmd_`).
    Literal(Box<[u8]>),
    /// Exactly `n` bytes of class `class` (`[0-9a-f]{32}`).
    Fixed { n: usize, class: usize },
    /// From `min` to `max` bytes of class `class`, as many as there are.
    Run { min: u32, max: u32, class: usize },
    /// `.`, from `min` to `max` code points, as many as there are.
    Any { min: u32, max: u32 },
}

/// A recognised pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SimplePattern {
    steps: Vec<Step>,
    /// Each ASCII class of the steps, as whether each byte is in it: one
    /// load per byte of the value (the bytes of ids and dates are most of
    /// what documents' patterns see).
    classes: Vec<[bool; 256]>,
    /// Ends with `$`: the whole string must be consumed.
    anchored_end: bool,
}

const UNBOUNDED: u32 = u32::MAX;

fn bit(b: u8) -> u128 {
    1u128 << b
}

fn range(lo: u8, hi: u8) -> u128 {
    (lo..=hi).fold(0, |m, b| m | bit(b))
}

const DIGITS: u128 = {
    let mut m = 0u128;
    let mut b = b'0';
    while b <= b'9' {
        m |= 1u128 << b;
        b += 1;
    }
    m
};

fn word() -> u128 {
    range(b'a', b'z') | range(b'A', b'Z') | DIGITS | bit(b'_')
}

/// ASCII punctuation that `\` may escape to stand for itself (the ECMA-262
/// syntax characters, plus `-` and `/`, which Unicode mode also allows).
fn escapable(c: u8) -> bool {
    matches!(c, b'^' | b'$' | b'\\' | b'.' | b'*' | b'+' | b'?' | b'(' | b')' | b'[' | b']' | b'{' | b'}' | b'|' | b'/' | b'-')
}

impl SimplePattern {
    /// Recognises `source`, or `None` when it needs a regex engine.
    pub(crate) fn parse(source: &str) -> Option<SimplePattern> {
        let s = source.as_bytes();
        if !source.is_ascii() || s.first() != Some(&b'^') {
            return None;
        }
        let mut i = 1;
        let mut pieces = Vec::new();
        let mut anchored_end = false;
        while i < s.len() {
            let set = match s[i] {
                b'$' if i + 1 == s.len() => {
                    anchored_end = true;
                    i += 1;
                    break;
                }
                b'.' => {
                    i += 1;
                    Set::AnyButNewline
                }
                b'[' => {
                    let (mask, next) = parse_class(s, i + 1)?;
                    i = next;
                    Set::Ascii(mask)
                }
                b'\\' => {
                    let c = *s.get(i + 1)?;
                    i += 2;
                    Set::Ascii(match c {
                        b'd' => DIGITS,
                        b'w' => word(),
                        c if escapable(c) => bit(c),
                        _ => return None,
                    })
                }
                b'^' | b'$' | b'*' | b'+' | b'?' | b'(' | b')' | b']' | b'{' | b'}' | b'|' => return None,
                c => {
                    i += 1;
                    Set::Ascii(bit(c))
                }
            };
            let (min, max, next) = parse_quantifier(s, i)?;
            i = next;
            pieces.push(Piece { set, min, max });
        }
        if i != s.len() {
            return None;
        }
        // Greedy without backtracking must be exact (see the module docs).
        for (n, p) in pieces.iter().enumerate() {
            if p.min == p.max {
                continue;
            }
            let Some(next) = pieces.get(n + 1) else { continue };
            let disjoint = match (p.set, next.set) {
                (Set::Ascii(a), Set::Ascii(b)) => a & b == 0,
                _ => false,
            };
            if !disjoint || next.min == 0 {
                return None;
            }
        }
        let (steps, classes) = steps(&pieces);
        Some(SimplePattern { steps, classes, anchored_end })
    }

    /// Whether the pattern matches `s` (what `regress`'s `find` would say).
    pub(crate) fn is_match(&self, s: &str) -> bool {
        let b = s.as_bytes();
        let mut pos = 0usize;
        for step in &self.steps {
            match *step {
                Step::Literal(ref bytes) => {
                    if !b[pos..].starts_with(bytes) {
                        return false;
                    }
                    pos += bytes.len();
                }
                Step::Fixed { n, class } => {
                    let members = &self.classes[class];
                    // Each byte looked up in the class's table: no branch
                    // per byte (classes such as `[0-9a-f]` would mispredict one).
                    match b.get(pos..pos + n) {
                        Some(bytes) if bytes.iter().fold(true, |all, c| all & members[usize::from(*c)]) => pos += n,
                        _ => return false,
                    }
                }
                Step::Run { min, max, class } => {
                    let members = &self.classes[class];
                    let start = pos;
                    let limit = b.len().min(start.saturating_add(max as usize));
                    while pos < limit && members[usize::from(b[pos])] {
                        pos += 1;
                    }
                    if ((pos - start) as u32) < min {
                        return false;
                    }
                }
                Step::Any { min, max } => {
                    let rest = &s[pos..];
                    let mut end = rest.len();
                    let mut count = 0u32;
                    for (at, c) in rest.char_indices() {
                        if count == max || matches!(c, '\n' | '\r' | '\u{2028}' | '\u{2029}') {
                            end = at;
                            break;
                        }
                        count += 1;
                    }
                    if count < min {
                        return false;
                    }
                    pos += end;
                }
            }
        }
        !self.anchored_end || pos == b.len()
    }
}

/// How to run `pieces`: runs of one-byte pieces become one literal, fixed
/// counts of a class one check; with the classes' byte tables.
fn steps(pieces: &[Piece]) -> (Vec<Step>, Vec<[bool; 256]>) {
    let mut steps: Vec<Step> = Vec::new();
    let mut classes: Vec<[bool; 256]> = Vec::new();
    for p in pieces {
        let Set::Ascii(mask) = p.set else {
            steps.push(Step::Any { min: p.min, max: p.max });
            continue;
        };
        if mask.count_ones() == 1 && p.min == 1 && p.max == 1 {
            let byte = mask.trailing_zeros() as u8;
            match steps.last_mut() {
                Some(Step::Literal(bytes)) => *bytes = bytes.iter().copied().chain([byte]).collect(),
                _ => steps.push(Step::Literal(Box::new([byte]))),
            }
            continue;
        }
        let table: [bool; 256] = std::array::from_fn(|b| b < 128 && mask >> b & 1 == 1);
        let class = classes.iter().position(|t| *t == table).unwrap_or_else(|| {
            classes.push(table);
            classes.len() - 1
        });
        steps.push(if p.min == p.max { Step::Fixed { n: p.min as usize, class } } else { Step::Run { min: p.min, max: p.max, class } });
    }
    (steps, classes)
}

/// `[...]` from just after `[`: the mask and the index after `]`.
fn parse_class(s: &[u8], mut i: usize) -> Option<(u128, usize)> {
    if s.get(i) == Some(&b'^') {
        return None;
    }
    let mut mask = 0u128;
    let mut first = true;
    loop {
        let c = *s.get(i)?;
        if c == b']' && !first {
            return Some((mask, i + 1));
        }
        if c == b']' {
            return None; // `[]` matches nothing: leave it to the engine
        }
        first = false;
        // One class atom: a char, an escape, or a class escape (`\d`, `\w`).
        let (lo, next, is_set) = class_atom(s, i)?;
        i = next;
        if let Some(set) = is_set {
            mask |= set;
            // `\d-x` is a syntax error in Unicode mode; a following `-` then
            // can only be literal at the end.
            continue;
        }
        if s.get(i) == Some(&b'-') && s.get(i + 1).is_some_and(|&c| c != b']') {
            let (hi, next, hi_set) = class_atom(s, i + 1)?;
            if hi_set.is_some() || hi < lo {
                return None;
            }
            mask |= range(lo, hi);
            i = next;
        } else {
            mask |= bit(lo);
        }
    }
}

/// One atom of a class: (char, next index, Some(mask) for `\d`/`\w`).
fn class_atom(s: &[u8], i: usize) -> Option<(u8, usize, Option<u128>)> {
    let c = *s.get(i)?;
    if c == b'\\' {
        let e = *s.get(i + 1)?;
        return match e {
            b'd' => Some((0, i + 2, Some(DIGITS))),
            b'w' => Some((0, i + 2, Some(word()))),
            e if escapable(e) => Some((e, i + 2, None)),
            _ => None,
        };
    }
    if c == b'[' {
        return None;
    }
    Some((c, i + 1, None))
}

/// An optional greedy quantifier at `i`: (min, max, next index).
fn parse_quantifier(s: &[u8], i: usize) -> Option<(u32, u32, usize)> {
    let (min, max, next) = match s.get(i) {
        Some(b'*') => (0, UNBOUNDED, i + 1),
        Some(b'+') => (1, UNBOUNDED, i + 1),
        Some(b'?') => (0, 1, i + 1),
        Some(b'{') => {
            let close = i + s[i..].iter().position(|&c| c == b'}')?;
            let body = std::str::from_utf8(&s[i + 1..close]).ok()?;
            let (min, max) = match body.split_once(',') {
                None => {
                    let n = parse_count(body)?;
                    (n, n)
                }
                Some((lo, "")) => (parse_count(lo)?, UNBOUNDED),
                Some((lo, hi)) => (parse_count(lo)?, parse_count(hi)?),
            };
            if min > max {
                return None;
            }
            (min, max, close + 1)
        }
        _ => return Some((1, 1, i)),
    };
    // Lazy (`+?`) and possessive-looking forms go to the engine.
    if matches!(s.get(next), Some(b'?' | b'*' | b'+' | b'{')) {
        return None;
    }
    Some((min, max, next))
}

fn parse_count(s: &str) -> Option<u32> {
    if s.is_empty() || s.len() > 6 || !s.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    s.parse().ok().filter(|&n| n < UNBOUNDED)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// splitmix64, so the strings are the same on every run.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    /// Strings near `examples`: each example, then many copies with
    /// characters replaced, inserted, deleted, and random strings over an
    /// alphabet that has the pattern's characters and others.
    fn strings(examples: &[&str], alphabet: &str) -> Vec<String> {
        let mut rng = Rng(0x5EED);
        let extra: Vec<char> = "aAzZ09_-.:T\n\r\u{2028}\u{2029} é😀$^/".chars().collect();
        let alpha: Vec<char> = alphabet.chars().chain(extra.iter().copied()).collect();
        let mut out: Vec<String> = vec![String::new()];
        for e in examples {
            out.push((*e).to_owned());
            for _ in 0..400 {
                let mut cs: Vec<char> = e.chars().collect();
                for _ in 0..1 + rng.below(3) {
                    let c = alpha[rng.below(alpha.len())];
                    match rng.below(4) {
                        0 if !cs.is_empty() => {
                            let i = rng.below(cs.len());
                            cs[i] = c;
                        }
                        1 => {
                            let i = rng.below(cs.len() + 1);
                            cs.insert(i, c);
                        }
                        2 if !cs.is_empty() => {
                            let i = rng.below(cs.len());
                            cs.remove(i);
                        }
                        _ => cs.push(c),
                    }
                }
                out.push(cs.into_iter().collect());
            }
        }
        for _ in 0..2000 {
            let n = rng.below(40);
            out.push((0..n).map(|_| alpha[rng.below(alpha.len())]).collect());
        }
        out
    }

    fn agrees(pattern: &str, examples: &[&str], alphabet: &str) {
        let simple = SimplePattern::parse(pattern).unwrap_or_else(|| panic!("`{pattern}` should be recognised"));
        let re = regress::Regex::with_flags(pattern, "u").unwrap();
        let mut matched = 0;
        for s in strings(examples, alphabet) {
            let want = re.find(&s).is_some();
            assert_eq!(simple.is_match(&s), want, "`{pattern}` on {s:?}: regress says {want}");
            matched += want as usize;
        }
        assert!(matched > 0, "`{pattern}`: no test string matched, the test says little");
    }

    #[test]
    fn prefixed_hex_id() {
        agrees(r"^cmd_[0-9a-f]{32}$", &["cmd_0123456789abcdef0123456789abcdef"], "cmd_0123456789abcdefABCDEFg");
        agrees(r"^run_[0-9a-f]{32}$", &["run_ffffffffffffffffffffffffffffffff"], "run_0123456789abcdef");
    }

    #[test]
    fn fixed_width_hex() {
        agrees(r"^[0-9a-f]{64}$", &[&"0a".repeat(32)], "0123456789abcdefABCDEF");
    }

    #[test]
    fn agent_id_with_open_runs() {
        agrees(r"^agt_[A-Za-z0-9.-]+_[A-Za-z0-9_.-]+$", &["agt_build-1.2_worker_3", "agt_x_y", "agt_a.b-c_d_e.f"], "agt_.-xyzXYZ019");
    }

    #[test]
    fn date_time_fixed_width() {
        agrees(
            r"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z$",
            &["2026-11-30T12:00:00.000Z", "0000-00-00T00:00:00.000Z"],
            "0123456789-T:.Z",
        );
        agrees(r"^\d{4}-\d{2}-\d{2}$", &["2026-01-31"], "0123456789-");
    }

    #[test]
    fn identifier_lowercase() {
        agrees(r"^[a-z][a-z0-9-]*$", &["a", "feature-x", "a1-2-3"], "az09-_A");
    }

    #[test]
    fn bounded_identifier() {
        agrees(r"^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$", &["spec_1.2-x", &"a".repeat(128), &"a".repeat(129)], "aZ09_.-");
    }

    #[test]
    fn version_numbers() {
        agrees(r"^1\.[0-9]+\.[0-9]+$", &["1.0.0", "1.22.333"], "0123456789.");
    }

    #[test]
    fn any_line() {
        agrees(r"^.*$", &["anything at all", "two\nlines", "é😀"], "ab");
        agrees(r"^.+$", &["x", ""], "ab");
        agrees(r"^.{2,3}$", &["ab", "abc", "abcd", "é😀"], "ab");
    }

    #[test]
    fn start_anchor_only() {
        agrees(r"^x-", &["x-custom", "x-"], "x-y");
        agrees(r"^[a-z]+", &["abc1", "1abc"], "abc1");
    }

    #[test]
    fn optional_and_word_class() {
        agrees(r"^v?\d+$", &["v1", "12", "vv1"], "v0123");
        agrees(r"^\w+$", &["snake_case_1", "kebab-case"], "a_Z9-");
    }

    #[test]
    fn what_is_left_to_the_engine() {
        for p in [
            r"cmd_[0-9a-f]{32}",    // not anchored at the start
            r"^(a|b)$",             // groups, alternation
            r"^[^a]$",              // negated class
            r"^[a-z]*[a-z0-9]$",    // a run that could give back
            r"^a*a$",               // same
            r"^[a-z]+?$",           // lazy
            r"^é$",                 // non-ASCII literal
            r"^\s+$",               // other escapes
            r"^.*x$",               // `.` that could give back
            r"^[a-z]+[0-9]*[a-z]$", // a run followed by an optional piece
        ] {
            assert_eq!(SimplePattern::parse(p), None, "`{p}` must go to the engine");
        }
    }
}
