//! One ECMA-262 pattern (Unicode mode) on the fastest engine that keeps its
//! meaning, in this order:
//!
//! 1. the byte loop of `simple_pattern` (anchored runs of ASCII classes);
//! 2. the `regex` crate, linear in the input, for every pattern `ecma`
//!    translates without look-around or back-references;
//! 3. `fancy-regex` for those with them, where `ecma` can keep ECMA's
//!    meaning, under a backtracking budget ([`BACKTRACK_LIMIT`]): past it the
//!    match is undecided and the caller reports that, rather than hang;
//! 4. `regress` for the rest (a back-reference into a quantified group, a
//!    look-behind holding look-around, a lone surrogate, a pattern too large
//!    for the `regex` crate): exact, but `regress` offers no budget, so its
//!    work is bounded through the value's length instead: [`regress_max_len`]
//!    reads the pattern's worst case (polynomial in the length, or
//!    exponential for a quantifier over a group holding a quantifier or an
//!    alternative) and allows the longest value whose worst case stays within
//!    [`REGRESS_STEP_LIMIT`]; a longer value is undecided, as on the
//!    backtracker.
//!
//! `regress` is also the judge of syntax: a pattern it refuses is not valid.

use super::ecma::{translate, Translation};
use super::simple_pattern::SimplePattern;

/// Backtracking steps `fancy-regex` may take for one match before the
/// answer is "undecided" (its own default: about 0.1 s of adversarial work).
pub const BACKTRACK_LIMIT: usize = 1_000_000;

/// A compiled ECMA-262 pattern.
#[derive(Debug)]
pub struct EcmaRegex {
    engine: Engine,
}

#[derive(Debug)]
enum Engine {
    Simple(SimplePattern),
    Linear(regex::Regex),
    Backtracking(Box<fancy_regex::Regex>),
    Regress { re: Box<regress::Regex>, max_len: usize },
}

/// Which engine a pattern runs on (for tests and reports).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EngineKind {
    /// The byte loop for simple anchored patterns.
    Simple,
    /// The `regex` crate: linear time.
    Linear,
    /// `fancy-regex` under [`BACKTRACK_LIMIT`].
    Backtracking,
    /// `regress`, on values up to the length `regress_max_len` allows.
    Regress,
}

impl EcmaRegex {
    /// Compiles `source` with the `u` flag; `Err` names why it is not an
    /// ECMA-262 pattern.
    pub fn new(source: &str) -> Result<Self, String> {
        Self::compile(source, true)
    }

    fn compile(source: &str, simple: bool) -> Result<Self, String> {
        if let Some(p) = SimplePattern::parse(source).filter(|_| simple) {
            return Ok(EcmaRegex { engine: Engine::Simple(p) });
        }
        let judge = regress::Regex::with_flags(source, "u").map_err(|e| e.to_string())?;
        let engine = match translate(source) {
            Some(Translation::Linear(t)) => regex::Regex::new(&t).map(Engine::Linear).ok(),
            Some(Translation::Backtracking(t)) => {
                fancy_regex::RegexBuilder::new(&t).backtrack_limit(BACKTRACK_LIMIT).build().map(|r| Engine::Backtracking(Box::new(r))).ok()
            }
            None => None,
        };
        Ok(EcmaRegex { engine: engine.unwrap_or_else(|| Engine::Regress { max_len: regress_max_len(source), re: Box::new(judge) }) })
    }

    /// Whether the pattern matches anywhere in `s`; `None` when the
    /// backtracking budget ran out before an answer (or, on `regress`, would
    /// be out of reach for a value this long).
    #[inline]
    pub fn try_match(&self, s: &str) -> Option<bool> {
        match &self.engine {
            Engine::Simple(p) => Some(p.is_match(s)),
            Engine::Linear(re) => Some(re.is_match(s)),
            Engine::Backtracking(re) => re.is_match(s).ok(),
            Engine::Regress { re, max_len } => (s.len() <= *max_len || s.chars().count() <= *max_len).then(|| re.find(s).is_some()),
        }
    }

    /// Why [`EcmaRegex::try_match`] left `s` undecided, in words for an
    /// error message: the limit of the engine the pattern runs on (the
    /// backtracking budget, or the longest value `regress` is given).
    pub fn undecided_reason(&self, s: &str) -> String {
        let n = s.chars().count();
        match &self.engine {
            Engine::Regress { max_len, .. } => format!(
                "the pattern's worst case grows too fast with the value's length to check values over {max_len} character{}, and this one has {n}",
                if *max_len == 1 { "" } else { "s" }
            ),
            _ => format!("no answer within the matching budget ({BACKTRACK_LIMIT} backtracking steps) on this {n}-character value: the pattern backtracks too much on it"),
        }
    }

    /// Like [`EcmaRegex::try_match`], an undecided match counting as none.
    #[inline]
    pub fn is_match(&self, s: &str) -> bool {
        self.try_match(s).unwrap_or(false)
    }

    /// The engine chosen.
    pub fn engine(&self) -> EngineKind {
        match self.engine {
            Engine::Simple(_) => EngineKind::Simple,
            Engine::Linear(_) => EngineKind::Linear,
            Engine::Backtracking(_) => EngineKind::Backtracking,
            Engine::Regress { .. } => EngineKind::Regress,
        }
    }
}

/// Steps (choices of the backtracker, times the pattern's size) `regress`
/// may need in the worst case for one value. The estimate is loose: at the
/// bound it allows, `^(?:(a+)+\1)+$` takes about 1 ms.
pub const REGRESS_STEP_LIMIT: f64 = 1e9;

/// The longest value (in characters) on which `source` can run on `regress`
/// within [`REGRESS_STEP_LIMIT`] steps in the worst case.
///
/// A backtracker's choices multiply: with `q` quantifiers and `r`
/// back-references, none nested, a search tries at most about `n^(1+q+r)`
/// paths on `n` characters (a start position unless the pattern starts
/// with `^`, an iteration count per quantifier, a comparison per
/// reference). A quantifier over a group that
/// holds a quantifier or an alternative can split the value in exponentially
/// many ways: `b^n` paths, `b` counting the choices the pattern offers at
/// each character. The bound is the `n` that keeps that within the limit.
pub fn regress_max_len(source: &str) -> usize {
    let cost = PatternCost::of(source);
    let steps = REGRESS_STEP_LIMIT / (source.len().max(1) as f64);
    let n = if cost.nested {
        steps.ln() / ((2 + cost.quantifiers + cost.alternatives) as f64).ln()
    } else {
        // An anchored pattern is tried at one start position only.
        let starts = usize::from(!source.starts_with('^'));
        steps.powf(1.0 / (starts + cost.quantifiers + cost.references).max(1) as f64)
    };
    n.max(1.0) as usize
}

/// What makes a backtracker's work grow, read from a pattern's text.
#[derive(Debug, Default)]
struct PatternCost {
    quantifiers: usize,
    alternatives: usize,
    references: usize,
    /// A quantifier over a group that holds a quantifier or an alternative.
    nested: bool,
}

impl PatternCost {
    fn of(source: &str) -> Self {
        let mut cost = PatternCost::default();
        // Per open group: (holds a quantifier, holds an alternative).
        let mut groups: Vec<(bool, bool)> = vec![(false, false)];
        let chars: Vec<char> = source.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            i += 1;
            // Whether a quantifier follows here, and how many characters it takes.
            let quantifier = |at: usize| -> usize {
                match chars.get(at) {
                    Some('*' | '+' | '?') => 1,
                    Some('{') => match chars[at..].iter().position(|c| *c == '}') {
                        Some(end) if chars[at + 1..at + end].iter().all(|c| c.is_ascii_digit() || *c == ',') && end > 1 => end + 1,
                        _ => 0,
                    },
                    _ => 0,
                }
            };
            match c {
                '\\' => {
                    match chars.get(i) {
                        Some('1'..='9') => cost.references += 1,
                        Some('k') if chars.get(i + 1) == Some(&'<') => cost.references += 1,
                        _ => {}
                    }
                    i += 1;
                }
                '[' => {
                    // A class is one character: skip to its closing bracket.
                    if chars.get(i) == Some(&'^') {
                        i += 1;
                    }
                    while i < chars.len() && chars[i] != ']' {
                        i += if chars[i] == '\\' { 2 } else { 1 };
                    }
                    i += 1;
                }
                '(' => groups.push((false, false)),
                ')' if groups.len() > 1 => {
                    let (quantified, alternated) = groups.pop().unwrap_or_default();
                    let q = quantifier(i);
                    cost.nested |= q > 0 && (quantified || alternated);
                    if let Some(parent) = groups.last_mut() {
                        parent.0 |= quantified || q > 0;
                        parent.1 |= alternated;
                    }
                    if q > 0 {
                        cost.quantifiers += 1;
                        i += q;
                        i += usize::from(chars.get(i) == Some(&'?'));
                    }
                    continue;
                }
                '|' => {
                    cost.alternatives += 1;
                    if let Some(g) = groups.last_mut() {
                        g.1 = true;
                    }
                }
                _ => {}
            }
            let q = quantifier(i);
            if q > 0 && !matches!(c, '(' | '|' | '^') {
                cost.quantifiers += 1;
                if let Some(g) = groups.last_mut() {
                    g.0 = true;
                }
                i += q;
                i += usize::from(chars.get(i) == Some(&'?'));
            }
        }
        cost
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `pattern` runs on `kind`, and on each `(string, verdict)` gives the
    /// verdict (written from ECMA-262's semantics), as `regress` does.
    /// `kind` is the engine below the byte loop: simple patterns are checked on both.
    fn ecma(pattern: &str, kind: EngineKind, cases: &[(&str, bool)]) {
        let chosen = EcmaRegex::new(pattern).unwrap_or_else(|e| panic!("`{pattern}`: {e}"));
        let below = EcmaRegex::compile(pattern, false).unwrap();
        if kind == Simple {
            assert_eq!(chosen.engine(), Simple, "`{pattern}` engine");
            assert_eq!(below.engine(), Linear, "`{pattern}` engine below the byte loop");
        } else {
            assert_eq!(below.engine(), kind, "`{pattern}` engine");
            // The byte loop may take a simple pattern first.
            assert!(chosen.engine() == kind || (kind == Linear && chosen.engine() == Simple), "`{pattern}` engine");
        }
        let judge = regress::Regex::with_flags(pattern, "u").unwrap();
        for &(s, want) in cases {
            assert_eq!(judge.find(s).is_some(), want, "`{pattern}` on {s:?}: the test's ECMA verdict disagrees with regress");
            assert_eq!(chosen.try_match(s), Some(want), "`{pattern}` on {s:?}");
            assert_eq!(below.try_match(s), Some(want), "`{pattern}` on {s:?} below the byte loop");
        }
    }

    use EngineKind::{Backtracking, Linear, Regress, Simple};

    #[test]
    fn digit_and_word_are_ascii() {
        ecma(r"^\d+$", Simple, &[("0123", true), ("٣", false), ("１", false)]);
        ecma(r"\d", Linear, &[("x٣", false), ("x3", true)]);
        ecma(r"^\w$", Simple, &[("é", false), ("_", true), ("ß", false)]);
        ecma(r"\w", Linear, &[("é", false), ("日本", false), ("a", true)]);
        ecma(r"\W", Linear, &[("é", true), ("a_", false)]);
        ecma(r"\D", Linear, &[("٣", true), ("12", false)]);
    }

    #[test]
    fn space_is_ecma_whitespace_and_line_terminators() {
        for s in [
            "\t", "\n", "\u{0B}", "\u{0C}", "\r", " ", "\u{A0}", "\u{1680}", "\u{2000}", "\u{200A}", "\u{2028}", "\u{2029}", "\u{202F}", "\u{205F}",
            "\u{3000}", "\u{FEFF}",
        ] {
            ecma(r"^\s$", Linear, &[(s, true)]);
            ecma(r"^\S$", Linear, &[(s, false)]);
        }
        // Rust's Unicode `\s` has U+0085 (NEL) and lacks U+FEFF; ECMA the other way.
        ecma(r"\s", Linear, &[("\u{85}", false), ("\u{180E}", false), ("\u{200B}", false), ("a", false)]);
        ecma(r"[\s]", Linear, &[("\u{FEFF}", true), ("\u{85}", false)]);
        ecma(r"[^\s]", Linear, &[("\u{85}", true), (" ", false)]);
    }

    #[test]
    fn dot_is_anything_but_a_line_terminator() {
        ecma(r"^a.b$", Simple, &[("a\nb", false), ("a\rb", false), ("a\u{2028}b", false), ("a\u{2029}b", false), ("a\u{85}b", true), ("a😀b", true)]);
        ecma(r"a.c", Linear, &[("xa\u{2028}c", false), ("xabc", true)]);
    }

    #[test]
    fn anchors_without_multiline() {
        ecma(r"^a$|b", Linear, &[("a\n", false), ("x\na", false), ("a", true), ("b\n", true)]);
        ecma(r"(a)$", Linear, &[("a\n", false), ("ba", true)]);
        ecma(r"(^a)", Linear, &[("\na", false), ("ab", true)]);
    }

    #[test]
    fn word_boundary_is_ascii() {
        ecma(r"\bé", Linear, &[("é", false), ("aé", true), ("éé", false)]);
        ecma(r"a\b", Linear, &[("aé", true), ("ab", false), ("a", true)]);
        ecma(r"\Bé", Linear, &[("é", true)]);
        ecma(r"^[a-z]+\b", Linear, &[("abc", true)]);
    }

    #[test]
    fn classes_empty_full_and_escapes() {
        ecma(r"[]", Linear, &[("", false), ("a", false)]);
        ecma(r"a[]", Linear, &[("a", false)]);
        ecma(r"^[^]$", Linear, &[("\n", true), ("😀", true), ("", false)]);
        ecma(r"[\b]", Linear, &[("\u{8}", true), ("b", false)]);
        ecma(r"^[\-a]$", Simple, &[("-", true), ("b", false)]);
        ecma(r"^[a-]+$", Simple, &[("a-a", true), ("b", false)]);
        ecma(r"^[\]\[\\^]+$", Simple, &[("[]\\^", true), ("a", false)]);
        ecma(r"^[&&~~]+$", Simple, &[("&~", true), ("a", false)]);
        ecma(r"^[\d\w-]$", Linear, &[("-", true), ("é", false)]);
        ecma(r"^[^\d]$", Linear, &[("a", true), ("5", false)]);
        ecma(r"^[\D5]$", Linear, &[("a", true), ("5", true), ("6", false)]);
    }

    #[test]
    fn control_and_code_point_escapes() {
        ecma(r"^\cJ$", Linear, &[("\n", true), ("cJ", false)]);
        ecma(r"^\ca$", Linear, &[("\u{1}", true)]);
        ecma(r"^[\cM]$", Linear, &[("\r", true)]);
        ecma(r"^\x41\u0042\u{43}\u{1F600}$", Linear, &[("ABC😀", true)]);
        ecma(r"^\uD83D\uDE00$", Linear, &[("😀", true)]);
        ecma(r"^[\uD83D\uDE00-\uD83D\uDE4F]$", Linear, &[("😀", true), ("😐", true), ("a", false)]);
        ecma(r"^\0$", Linear, &[("\0", true), ("0", false)]);
        ecma(r"^\t\n\v\f\r$", Linear, &[("\t\n\u{B}\u{C}\r", true)]);
        ecma(r"^\/\.\*\+\?\(\)\{\}\|\$\^$", Simple, &[("/.*+?(){}|$^", true)]);
        ecma(r"^é+$", Linear, &[("éé", true), ("e", false)]);
        ecma(r"^#\s+x$", Linear, &[("# x", true)]);
    }

    #[test]
    fn properties() {
        ecma(r"^\p{L}+$", Linear, &[("héllo", true), ("h3", false)]);
        ecma(r"^\p{Lu}$", Linear, &[("É", true), ("é", false)]);
        ecma(r"\P{Letter}", Linear, &[("a", false), ("a1", true)]);
        ecma(r"^\p{Script=Greek}+$", Linear, &[("αβ", true), ("ab", false)]);
        ecma(r"^\p{sc=Latin}$", Linear, &[("a", true)]);
        ecma(r"^[\p{Nd}a]+$", Linear, &[("a٣", true), ("b", false)]);
    }

    #[test]
    fn quantifiers_and_case() {
        ecma(r"^(ab){2,3}$", Linear, &[("abab", true), ("ab", false), ("abababab", false)]);
        ecma(r"^a{2,}?$", Linear, &[("aaa", true), ("a", false)]);
        ecma(r"^A$", Simple, &[("a", false)]);
        ecma(r"(?:x|y)z", Linear, &[("yz", true), ("z", false)]);
        ecma(r"^(?<year>\d{4})-\d\d$", Linear, &[("2026-01", true)]);
    }

    #[test]
    fn look_around_and_back_references() {
        ecma(r"^(?=a)\w+$", Backtracking, &[("ab", true), ("ba", false)]);
        ecma(r"^(?!a)\w+$", Backtracking, &[("ab", false), ("ba", true)]);
        ecma(r"(?<=\$)\d+", Backtracking, &[("$12", true), ("12", false)]);
        ecma(r"(?<![a-z]+)1", Backtracking, &[("ab1", false), ("-1", true)]);
        ecma(r"^(a)\1$", Backtracking, &[("aa", true), ("ab", false)]);
        ecma(r"^(?<q>['x])\w*\k<q>$", Backtracking, &[("'ab'", true), ("xabx", true), ("'abx", false)]);
        // A group that took no part: ECMA matches the empty string.
        ecma(r"^(?:(a)|b)\1$", Backtracking, &[("b", true), ("aa", true), ("a", false)]);
        ecma(r"\bfoo\b(?=!)", Backtracking, &[("a foo!", true), ("afoo!", false)]);
    }

    #[test]
    fn what_stays_with_regress() {
        // A back-reference into a quantified group (ECMA clears it at each iteration).
        ecma(r"^(?:(a)|b\1)+$", Regress, &[("ab", true), ("aba", true)]);
        ecma(r"^(a)*\1$", Regress, &[("", true), ("aaa", true)]);
        // Before its group: matches the empty string in ECMA.
        ecma(r"^\1(a)$", Regress, &[("a", true)]);
        // Inside its own group.
        ecma(r"^(a\1)$", Regress, &[("a", true)]);
        // A lone surrogate.
        ecma(r"\uD800", Regress, &[("a", false)]);
        // A look-behind holding a reference.
        ecma(r"(a)(?<=\1)", Regress, &[("a", true)]);
    }

    #[test]
    fn regress_runs_within_a_length_its_pattern_allows() {
        // A back-reference into a quantified group keeps the pattern on
        // `regress`; the nested quantifier makes it exponential there.
        let pattern = r"^(?:(a+)+\1)+$";
        let re = EcmaRegex::new(pattern).unwrap();
        assert_eq!(re.engine(), Regress);
        let max = regress_max_len(pattern);
        assert!((4..=20).contains(&max), "{max}");
        assert_eq!(re.try_match("aa"), Some(true));
        assert_eq!(re.try_match("aab"), Some(false));
        // The worst case at the bound is decided, quickly (printed, not asserted: the machine is shared).
        let start = std::time::Instant::now();
        assert_eq!(re.try_match(&format!("{}!", "a".repeat(max - 1))), Some(false));
        eprintln!("`{pattern}` on {max} characters (the bound): {:?}", start.elapsed());
        // Past it: undecided at once, where regress alone would run for ever.
        let start = std::time::Instant::now();
        assert_eq!(re.try_match(&format!("{}!", "a".repeat(100_000))), None);
        assert!(start.elapsed() < std::time::Duration::from_secs(1));
        // The reason names the length limit, not a step budget regress does not have.
        assert_eq!(
            re.undecided_reason(&format!("{}!", "a".repeat(100_000))),
            format!("the pattern's worst case grows too fast with the value's length to check values over {max} characters, and this one has 100001")
        );
        // A pattern without nested quantifiers keeps long values decided.
        let lone = EcmaRegex::new(r"\uD800").unwrap();
        assert_eq!(lone.engine(), Regress);
        assert_eq!(lone.try_match(&"a".repeat(1000)), Some(false));
        let single = EcmaRegex::new(r"^(a)*\1$").unwrap();
        assert!(regress_max_len(r"^(a)*\1$") >= 1000, "{}", regress_max_len(r"^(a)*\1$"));
        assert_eq!(single.try_match(&"a".repeat(1000)), Some(true));
    }

    #[test]
    fn pattern_cost_reads_quantifiers_nesting_and_references() {
        let c = PatternCost::of(r"^(?:(a+)+\1)+$");
        assert!(c.nested);
        assert_eq!((c.quantifiers, c.references), (3, 1));
        let c = PatternCost::of(r"^[(+]*\(x{2,3}?(?:ab|c)$");
        assert!(!c.nested);
        assert_eq!((c.quantifiers, c.alternatives, c.references), (2, 1, 0));
        assert!(PatternCost::of(r"(a|b)*").nested);
        assert!(!PatternCost::of(r"(ab)*c+").nested);
    }

    #[test]
    fn catastrophic_patterns_are_linear_or_bounded() {
        let hostile = format!("{}!", "a".repeat(100_000));
        // The time is printed, not asserted (`--nocapture` shows it).
        for pattern in [r"^(a+)+$", r"^([a-zA-Z0-9]+\s?)+$"] {
            let re = EcmaRegex::new(pattern).unwrap();
            assert_eq!(re.engine(), Linear);
            let start = std::time::Instant::now();
            assert_eq!(re.try_match(&hostile), Some(false));
            eprintln!("`{pattern}` on 100,000 `a`s and `!`: {:?}", start.elapsed());
        }
        let re = EcmaRegex::new(r"^([a-zA-Z0-9]+\s?)+$").unwrap();
        assert_eq!(re.try_match(&"ab c ".repeat(20_000)), Some(true));
        let re = EcmaRegex::new(r"^(a|aa)+$").unwrap();
        assert_eq!(re.try_match(&hostile), Some(false));
        // Look-around keeps it on the backtracker, which gives up instead of hanging.
        let re = EcmaRegex::new(r"^(?:(?=a)a+)+$").unwrap();
        assert_eq!(re.engine(), Backtracking);
        assert_eq!(re.try_match(&hostile), None);
        assert_eq!(
            re.undecided_reason(&hostile),
            "no answer within the matching budget (1000000 backtracking steps) on this 100001-character value: the pattern backtracks too much on it"
        );
        assert_eq!(re.try_match("aaaa"), Some(true));
    }
}
