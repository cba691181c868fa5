//! `minProperties`, `maxProperties` and `required`: how many members an
//! object has and which it must have. Every draft from 4 on reads them
//! alike (draft 3's boolean `required` is ignored).

use crate::check::{Check, Subject};
use serde_json::Value;

/// `minProperties`
pub const MIN: &str = "minProperties";
/// `maxProperties`
pub const MAX: &str = "maxProperties";
/// `required`
pub const REQUIRED: &str = "required";
/// The family's keywords, as spelled in schemas.
pub const NAMES: [&str; 3] = [MIN, MAX, REQUIRED];

/// The family as one subschema states it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ObjectBounds {
    /// `minProperties`
    pub min: Option<u64>,
    /// `maxProperties`
    pub max: Option<u64>,
    /// `required`, in schema order.
    pub required: Vec<String>,
}

impl ObjectBounds {
    /// Reads `keyword` (one of [`NAMES`]); the error says what the value
    /// must be. Any other keyword is left alone (`Ok(false)`).
    pub fn read(&mut self, keyword: &str, v: &Value) -> Result<bool, &'static str> {
        match keyword {
            MIN | MAX => {
                let n = super::non_negative_integer(v).ok_or("must be a non-negative integer")?;
                *(if keyword == MIN { &mut self.min } else { &mut self.max }) = Some(n);
            }
            REQUIRED => match v {
                Value::Array(a) => {
                    self.required = a.iter().map(|n| n.as_str().map(str::to_owned)).collect::<Option<_>>().ok_or("must be an array of strings")?
                }
                // draft 3's boolean `required` (on the member) is ignored.
                Value::Bool(_) => {}
                _ => return Err("must be an array of strings"),
            },
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// What the family adds to the node's shape identity.
    pub fn identity(&self) -> String {
        format!("{:?}{:?}{:?}", self.max, self.min, self.required)
    }

    /// Whether an object of `len` members has a size the bounds admit
    /// (drift's sample objects; `required` is the caller's).
    pub fn admits_len(&self, len: u64) -> bool {
        super::count_within(self.min, self.max, len)
    }

    /// The size in words ("at least 1 member"); the required members are
    /// said member by member, where the members are listed.
    pub fn describe(&self) -> Option<String> {
        super::count_range(self.min, self.max, "member", "members")
    }

    /// The checks the family lowers to, in the order the validator reports them.
    pub fn checks(&self) -> impl Iterator<Item = Check<'_>> {
        let required = (!self.required.is_empty()).then_some(Check::Required(&self.required));
        super::count_checks(Subject::Object, [(self.min, "min_properties"), (self.max, "max_properties")]).chain(required)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_and_lowers_in_order() {
        let mut k = ObjectBounds::default();
        for (kw, v) in [(REQUIRED, json!(["a", "b"])), (MAX, json!(3)), (MIN, json!(1))] {
            assert_eq!(k.read(kw, &v), Ok(true));
        }
        assert_eq!(k.read(REQUIRED, &json!(true)), Ok(true));
        assert_eq!(k.read(REQUIRED, &json!([1])), Err("must be an array of strings"));
        assert_eq!(k.read(MAX, &json!("3")), Err("must be a non-negative integer"));
        let names = ["a".to_owned(), "b".to_owned()];
        assert_eq!(k.required, names);
        let b = k;
        assert!(b.admits_len(1) && b.admits_len(3) && !b.admits_len(0) && !b.admits_len(4));
        assert_eq!(b.describe().as_deref(), Some("1 to 3 members"));
        assert_eq!(
            b.checks().collect::<Vec<_>>(),
            [
                Check::Count { subject: Subject::Object, helper: "min_properties", bound: 1 },
                Check::Count { subject: Subject::Object, helper: "max_properties", bound: 3 },
                Check::Required(&names)
            ]
        );
    }
}
