//! `minLength` and `maxLength`: a string's length in Unicode code points
//! (every draft reads them alike; both belong to the validation vocabulary).
//!
//! Everything the generator knows about the pair is here. The runtime has
//! one module for them too (`rt::check`): a predicate per keyword, which the
//! one-pass reader calls, and beside it the `Ctx` helper of the same name,
//! which the full validator calls and which says what is wrong.

use crate::check::{Check, Subject};
use serde_json::Value;

/// `minLength`
pub const MIN: &str = "minLength";
/// `maxLength`
pub const MAX: &str = "maxLength";
/// The family's keywords, as spelled in schemas.
pub const NAMES: [&str; 2] = [MIN, MAX];
/// The 2019-09+ vocabulary the keywords belong to.
pub const VOCABULARY: &str = "validation";

/// The pair as one subschema states it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Length {
    /// `minLength`
    pub min: Option<u64>,
    /// `maxLength`
    pub max: Option<u64>,
}

impl Length {
    /// Reads `keyword` (one of [`NAMES`]); the error says what the value
    /// must be. Any other keyword is left alone (`Ok(false)`).
    pub fn read(&mut self, keyword: &str, v: &Value) -> Result<bool, &'static str> {
        let slot = match keyword {
            MIN => &mut self.min,
            MAX => &mut self.max,
            _ => return Ok(false),
        };
        *slot = Some(super::non_negative_integer(v).ok_or("must be a non-negative integer")?);
        Ok(true)
    }

    /// The keywords present, by name (what a backend must handle).
    pub fn present(self) -> impl Iterator<Item = &'static str> {
        [(self.min.is_some(), MIN), (self.max.is_some(), MAX)].into_iter().filter_map(|(on, name)| on.then_some(name))
    }

    /// What the pair adds to the node's shape identity: the bounds as stated.
    pub fn identity(self) -> (Option<u64>, Option<u64>) {
        (self.min, self.max)
    }

    /// Whether the pair refuses some string (a minimum above 0 or any
    /// maximum): the plan gives such strings a checked newtype.
    pub fn refuses_some_string(self) -> bool {
        self.min.is_some_and(|n| n > 0) || self.max.is_some()
    }

    /// Whether the pair says at most "non-empty" (`minLength: 1` or
    /// nothing): the plan names such a newtype `NonEmptyString`.
    pub fn at_most_non_empty(self) -> bool {
        self.max.is_none() && self.min.is_none_or(|n| n == 1)
    }

    /// The checks the pair lowers to, `minLength` first: each is the
    /// runtime predicate (and `Ctx` helper) of the keyword's name.
    pub fn checks<'k>(self) -> impl Iterator<Item = Check<'k>> {
        super::count_checks(Subject::String, [(self.min, "min_length"), (self.max, "max_length")])
    }

    /// Whether a string of `chars` code points has a length the pair
    /// admits (drift's sample strings).
    pub fn admits(self, chars: u64) -> bool {
        super::count_within(self.min, self.max, chars)
    }

    /// The pair in words: "1 to 200 characters", "at most 128 characters".
    pub fn describe(self) -> Option<String> {
        super::count_range(self.min, self.max, "character", "characters")
    }

    /// Drift: folds this subschema's pair into the tightest bounds of a
    /// conjunction (`min`/`max` with the node that set each).
    pub fn tighten<N: Copy>(self, at: N, min: &mut Option<(u64, N)>, max: &mut Option<(u64, N)>) {
        if let Some(v) = self.min {
            if min.is_none_or(|(m, _)| v > m) {
                *min = Some((v, at));
            }
        }
        if let Some(v) = self.max {
            if max.is_none_or(|(m, _)| v < m) {
                *max = Some((v, at));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_each_keyword_and_refuses_what_is_not_a_count() {
        let mut k = Length::default();
        assert_eq!(k.read(MIN, &serde_json::json!(2.0)), Ok(true));
        assert_eq!(k.read(MAX, &serde_json::json!(9)), Ok(true));
        assert_eq!(k, Length { min: Some(2), max: Some(9) });
        assert_eq!(k.read(MAX, &serde_json::json!(-1)), Err("must be a non-negative integer"));
        assert_eq!(k.read("maxItems", &serde_json::json!(1)), Ok(false));
        assert_eq!(k.present().collect::<Vec<_>>(), [MIN, MAX]);
        assert!(k.admits(2) && k.admits(9) && !k.admits(1) && !k.admits(10) && Length::default().admits(0));
    }

    #[test]
    fn says_the_pair_in_words() {
        let words = |min, max| Length { min, max }.describe();
        assert_eq!(words(Some(1), Some(200)).as_deref(), Some("1 to 200 characters"));
        assert_eq!(words(Some(1), None).as_deref(), Some("at least 1 character"));
        assert_eq!(words(None, Some(128)).as_deref(), Some("at most 128 characters"));
        assert_eq!(words(Some(4), Some(4)).as_deref(), Some("exactly 4 characters"));
        assert_eq!(words(Some(0), None), None);
    }

    #[test]
    fn tightens_to_the_narrowest_bounds() {
        let (mut min, mut max) = (None, None);
        Length { min: Some(1), max: Some(10) }.tighten(0, &mut min, &mut max);
        Length { min: Some(3), max: None }.tighten(1, &mut min, &mut max);
        Length { min: Some(2), max: Some(5) }.tighten(2, &mut min, &mut max);
        assert_eq!((min, max), (Some((3, 1)), Some((5, 2))));
    }

    #[test]
    fn says_what_the_plan_asks() {
        assert!(!Length::default().refuses_some_string());
        assert!(!Length { min: Some(0), max: None }.refuses_some_string());
        assert!(Length { min: Some(1), max: None }.refuses_some_string());
        assert!(Length { min: None, max: Some(0) }.refuses_some_string());
        assert!(Length { min: Some(1), max: None }.at_most_non_empty());
        assert!(Length::default().at_most_non_empty());
        assert!(!Length { min: Some(2), max: None }.at_most_non_empty());
        assert!(!Length { min: Some(1), max: Some(3) }.at_most_non_empty());
    }
}
