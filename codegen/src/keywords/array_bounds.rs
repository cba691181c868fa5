//! `minItems`, `maxItems` and `uniqueItems`: an array's size and whether
//! its items are distinct (numbers compared as numbers, exactly). Every
//! draft reads them alike.

use crate::check::{Check, Subject};
use serde_json::Value;

/// `minItems`
pub const MIN: &str = "minItems";
/// `maxItems`
pub const MAX: &str = "maxItems";
/// `uniqueItems`
pub const UNIQUE: &str = "uniqueItems";
/// The family's keywords, as spelled in schemas.
pub const NAMES: [&str; 3] = [MIN, MAX, UNIQUE];

/// The family as one subschema states it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ArrayBounds {
    /// `minItems`
    pub min: Option<u64>,
    /// `maxItems`
    pub max: Option<u64>,
    /// `uniqueItems: true`
    pub unique: bool,
}

impl ArrayBounds {
    /// Reads `keyword` (one of [`NAMES`]); the error says what the value
    /// must be. Any other keyword is left alone (`Ok(false)`).
    pub fn read(&mut self, keyword: &str, v: &Value) -> Result<bool, &'static str> {
        match keyword {
            MIN | MAX => {
                let n = super::non_negative_integer(v).ok_or("must be a non-negative integer")?;
                *(if keyword == MIN { &mut self.min } else { &mut self.max }) = Some(n);
            }
            UNIQUE => self.unique = v.as_bool().ok_or("must be a boolean")?,
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// What the family adds to the node's shape identity.
    pub fn identity(self) -> String {
        format!("{:?}{:?}{:?}", self.max, self.min, self.unique)
    }

    /// Whether an array of `len` items has a size the bounds admit (drift's
    /// sample arrays; `uniqueItems` is the caller's).
    pub fn admits_len(self, len: u64) -> bool {
        super::count_within(self.min, self.max, len)
    }

    /// The family in words: "1 to 3 items", "no two items equal".
    pub fn describe(self) -> impl Iterator<Item = String> {
        super::count_range(self.min, self.max, "item", "items").into_iter().chain(self.unique.then(|| "no two items equal".to_owned()))
    }

    /// The checks the family lowers to, in the order the validator reports them.
    pub fn checks<'k>(self) -> impl Iterator<Item = Check<'k>> {
        let unique = self.unique.then_some(Check::UniqueItems);
        super::count_checks(Subject::Array, [(self.min, "min_items"), (self.max, "max_items")]).chain(unique)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_and_lowers_in_order() {
        let mut b = ArrayBounds::default();
        for (kw, v) in [(UNIQUE, json!(true)), (MAX, json!(3)), (MIN, json!(1.0))] {
            assert_eq!(b.read(kw, &v), Ok(true));
        }
        assert_eq!(b.read(MIN, &json!(-1)), Err("must be a non-negative integer"));
        assert_eq!(b.read(UNIQUE, &json!(1)), Err("must be a boolean"));
        assert_eq!(b.read("minLength", &json!(1)), Ok(false));
        assert!(b.admits_len(1) && b.admits_len(3) && !b.admits_len(0) && !b.admits_len(4));
        assert_eq!(
            b.checks().collect::<Vec<_>>(),
            [
                Check::Count { subject: Subject::Array, helper: "min_items", bound: 1 },
                Check::Count { subject: Subject::Array, helper: "max_items", bound: 3 },
                Check::UniqueItems
            ]
        );
        assert_eq!(b.describe().collect::<Vec<_>>(), ["1 to 3 items", "no two items equal"]);
    }
}
