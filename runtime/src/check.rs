//! One predicate per scalar keyword, shared by both validator backends: the
//! full validator's [`Ctx`](crate::Ctx) helpers call them and add the error
//! when they fail; the one-pass readers call them directly, as refusal
//! conditions. `pattern` and `format` have theirs elsewhere
//! ([`Pattern::is_match`](crate::Pattern::is_match), [`format::check`](crate::format::check)).

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
