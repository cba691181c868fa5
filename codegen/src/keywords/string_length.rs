//! `minLength` and `maxLength`: a string's length in Unicode code points
//! (every draft reads them alike; both belong to the validation vocabulary).
//!
//! Everything the generator knows about the pair is here; the runtime has
//! one predicate per keyword (`rt::check::min_length`/`max_length`), which
//! the full validator's `Ctx` helpers and the one-pass reader both call.

use crate::check::Check;
use crate::ir::Keywords;
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
    /// The pair in `k`.
    pub fn of(k: &Keywords) -> Self {
        Length { min: k.min_length, max: k.max_length }
    }

    /// Reads `keyword` (one of [`NAMES`]) into `k`; the error says what the
    /// value must be. Any other keyword is left alone (`Ok(false)`).
    pub fn read(k: &mut Keywords, keyword: &str, v: &Value) -> Result<bool, &'static str> {
        let slot = match keyword {
            MIN => &mut k.min_length,
            MAX => &mut k.max_length,
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

    /// The checks the pair lowers to, `minLength` first.
    pub fn checks<'k>(self) -> impl Iterator<Item = Check<'k>> {
        self.min.map(Check::MinLength).into_iter().chain(self.max.map(Check::MaxLength))
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
        let mut k = Keywords::default();
        assert_eq!(Length::read(&mut k, MIN, &serde_json::json!(2.0)), Ok(true));
        assert_eq!(Length::read(&mut k, MAX, &serde_json::json!(9)), Ok(true));
        assert_eq!(Length::of(&k), Length { min: Some(2), max: Some(9) });
        assert_eq!(Length::read(&mut k, MAX, &serde_json::json!(-1)), Err("must be a non-negative integer"));
        assert_eq!(Length::read(&mut k, "maxItems", &serde_json::json!(1)), Ok(false));
        assert_eq!(Length::of(&k).present().collect::<Vec<_>>(), [MIN, MAX]);
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
