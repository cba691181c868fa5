//! Scalar keywords, each with the two functions both validator backends
//! call: a predicate, which the one-pass readers call as a refusal
//! condition, and beside it the [`Ctx`] helper of the same name, which the
//! full validator calls and which adds the error when the predicate fails.
//! `pattern` and `format` have theirs elsewhere
//! ([`Pattern::is_match`](crate::Pattern::is_match), [`format::check`](crate::format::check)).

use crate::error::SchemaPath;
use crate::location::Loc;
use crate::validate::plural;
use crate::Ctx;

/// `minLength`: `s` has at least `min` Unicode code points.
#[inline]
pub fn min_length(s: &str, min: u64) -> bool {
    // A code point is at most 4 bytes, so `4 × min` bytes hold at least `min`.
    s.len() as u64 >= min.saturating_mul(4) || s.chars().count() as u64 >= min
}

/// `maxLength`: `s` has at most `max` Unicode code points.
#[inline]
pub fn max_length(s: &str, max: u64) -> bool {
    // A string of at most `max` bytes has at most `max` code points.
    s.len() as u64 <= max || s.chars().count() as u64 <= max
}

impl Ctx {
    /// `minLength`, counted in Unicode code points ([`min_length`]).
    pub fn min_length(&mut self, loc: &Loc, at: &SchemaPath, s: &str, min: u64) -> bool {
        min_length(s, min)
            || self.fail(loc, at, "minLength", || {
                let n = s.chars().count();
                format!("{} must be at least {min} character{} long, got {n}", loc.described(), plural(min))
            })
    }

    /// `maxLength`, counted in Unicode code points ([`max_length`]).
    pub fn max_length(&mut self, loc: &Loc, at: &SchemaPath, s: &str, max: u64) -> bool {
        max_length(s, max)
            || self.fail(loc, at, "maxLength", || {
                let n = s.chars().count();
                format!("{} must be at most {max} character{} long, got {n}", loc.described(), plural(max))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_count_code_points() {
        for s in ["", "a", "ab", "é", "éé", "日本語", "😀😀", "a😀"] {
            let n = s.chars().count() as u64;
            for bound in 0..6u64 {
                assert_eq!(min_length(s, bound), n >= bound, "{s:?} min {bound}");
                assert_eq!(max_length(s, bound), n <= bound, "{s:?} max {bound}");
            }
        }
        assert!(min_length("", 0) && !min_length("", u64::MAX) && max_length("abc", u64::MAX));
    }
}
