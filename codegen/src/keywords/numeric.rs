//! Numeric bounds: `minimum`, `maximum`, `exclusiveMinimum`,
//! `exclusiveMaximum` and `multipleOf` (all in the validation vocabulary).
//!
//! Draft 04 spells an exclusive bound as `maximum` plus a boolean
//! `exclusiveMaximum: true` (and likewise for the minimum); later drafts
//! make the exclusive forms numbers of their own. [`Numeric::read`] holds
//! that difference; everything after reading sees one [`Bound`] per slot,
//! carrying the keyword an error reports.

use crate::check::Check;
use crate::ir::{Bound, TypeSet};
use crate::load::Dialect;
use serde_json::{Map, Number, Value};

/// The family's keywords, as spelled in schemas.
pub const NAMES: [&str; 5] = ["multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum"];
/// The 2019-09+ vocabulary the keywords belong to.
pub const VOCABULARY: &str = "validation";

/// Whether `dialect` spells exclusive bounds as booleans beside
/// `maximum`/`minimum` (draft 04) rather than as numbers (draft 6 on).
fn boolean_exclusive(dialect: Dialect) -> bool {
    dialect < Dialect::Draft6
}

/// The numeric keywords of one subschema.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Numeric {
    /// `multipleOf`
    pub multiple_of: Option<Number>,
    /// `minimum`
    pub minimum: Option<Bound>,
    /// `maximum`
    pub maximum: Option<Bound>,
    /// `exclusiveMinimum` (or draft-04 `minimum` with `exclusiveMinimum: true`)
    pub exclusive_minimum: Option<Bound>,
    /// `exclusiveMaximum` (or draft-04 `maximum` with `exclusiveMaximum: true`)
    pub exclusive_maximum: Option<Bound>,
}

impl Numeric {
    /// Reads `keyword` of the schema object `siblings` (in `dialect`); the
    /// error says what the value must be. Any other keyword is left alone
    /// (`Ok(false)`).
    pub fn read(&mut self, keyword: &str, v: &Value, dialect: Dialect, siblings: &Map<String, Value>) -> Result<bool, &'static str> {
        match keyword {
            "multipleOf" => {
                let n = v.as_number().filter(|n| n.as_f64().is_some_and(|f| f > 0.0)).ok_or("must be a number greater than 0")?;
                self.multiple_of = Some(n.clone());
            }
            "maximum" | "minimum" => {
                let value = v.as_number().cloned().ok_or("must be a number")?;
                let upper = keyword == "maximum";
                let flag = if upper { "exclusiveMaximum" } else { "exclusiveMinimum" };
                let exclusive = boolean_exclusive(dialect) && siblings.get(flag).and_then(Value::as_bool) == Some(true);
                let (slot, keyword) = match (upper, exclusive) {
                    (true, false) => (&mut self.maximum, "maximum"),
                    (true, true) => (&mut self.exclusive_maximum, "exclusiveMaximum"),
                    (false, false) => (&mut self.minimum, "minimum"),
                    (false, true) => (&mut self.exclusive_minimum, "exclusiveMinimum"),
                };
                *slot = Some(Bound { value, keyword });
            }
            "exclusiveMaximum" | "exclusiveMinimum" if boolean_exclusive(dialect) => {
                // A modifier of `maximum`/`minimum`, read there.
                if !v.is_boolean() {
                    return Err("must be a boolean in draft-04");
                }
            }
            "exclusiveMaximum" | "exclusiveMinimum" => {
                let value = v.as_number().cloned().ok_or("must be a number")?;
                let (slot, keyword) = if keyword == "exclusiveMaximum" {
                    (&mut self.exclusive_maximum, "exclusiveMaximum")
                } else {
                    (&mut self.exclusive_minimum, "exclusiveMinimum")
                };
                *slot = Some(Bound { value, keyword });
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The keywords present, by name (what a backend must handle).
    pub fn present(&self) -> impl Iterator<Item = &'static str> {
        let bounds = [&self.maximum, &self.exclusive_maximum, &self.minimum, &self.exclusive_minimum];
        let slots = [self.multiple_of.is_some()].into_iter().chain(bounds.map(|b| b.is_some()));
        // A bound reports the keyword it was read from (draft-04 exclusive
        // forms report `exclusiveMaximum`); the name here is the slot's.
        slots.zip(NAMES).filter_map(|(on, name)| on.then_some(name))
    }

    /// What the keywords add to the node's shape identity: each slot's
    /// value and reported keyword, `multipleOf` by its spelling.
    pub fn identity(&self) -> String {
        format!(
            "{:?}{:?}{:?}{:?}{:?}",
            self.multiple_of.as_ref().map(Number::to_string),
            self.maximum,
            self.exclusive_maximum,
            self.minimum,
            self.exclusive_minimum
        )
    }

    /// The checks the keywords lower to, in the order the validator
    /// reports them: the bounds, then `multipleOf`.
    pub fn checks<'k>(&'k self) -> impl Iterator<Item = Check<'k>> {
        // Each is the `Ctx` helper of the slot's name; the exclusive slots
        // pass the keyword they were read from.
        let compare = |helper, keyword: bool| move |b: &'k Bound| Check::Compare { helper, keyword: keyword.then_some(b.keyword), bound: &b.value };
        let bounds = [
            self.minimum.as_ref().map(compare("minimum", false)),
            self.maximum.as_ref().map(compare("maximum", false)),
            self.exclusive_minimum.as_ref().map(compare("exclusive_minimum", true)),
            self.exclusive_maximum.as_ref().map(compare("exclusive_maximum", true)),
        ];
        let multiple = self.multiple_of.as_ref().map(|bound| Check::Compare { helper: "multiple_of", keyword: None, bound });
        bounds.into_iter().chain([multiple]).flatten()
    }

    /// The keywords in words: "integer from 1 to 3145728", "number > 0",
    /// "a multiple of 5". `types` picks "integer" over "number".
    pub fn describe(&self, types: Option<TypeSet>) -> Vec<String> {
        let mut out = Vec::new();
        out.extend(self.range_words(types));
        if let Some(m) = &self.multiple_of {
            out.push(format!("a multiple of {m}"));
        }
        out
    }

    fn range_words(&self, types: Option<TypeSet>) -> Option<String> {
        let lower = pick(self.minimum.as_ref(), self.exclusive_minimum.as_ref(), true);
        let upper = pick(self.maximum.as_ref(), self.exclusive_maximum.as_ref(), false);
        let word = match types {
            Some(TypeSet(t)) if t == TypeSet::INTEGER => "integer",
            _ => "number",
        };
        let (ge, gt, le, lt) = ("≥", ">", "≤", "<");
        Some(match (lower, upper) {
            (Some((lo, false)), Some((hi, false))) => format!("{word} from {lo} to {hi}"),
            (Some((lo, lx)), Some((hi, hx))) => format!("{word} {} {lo} and {} {hi}", if lx { gt } else { ge }, if hx { lt } else { le }),
            (Some((lo, lx)), None) => format!("{word} {} {lo}", if lx { gt } else { ge }),
            (None, Some((hi, hx))) => format!("{word} {} {hi}", if hx { lt } else { le }),
            (None, None) => return None,
        })
    }

    /// Drift: the lower bounds, each with whether it is exclusive.
    pub fn lower_bounds(&self) -> [(Option<&Bound>, bool); 2] {
        [(self.minimum.as_ref(), false), (self.exclusive_minimum.as_ref(), true)]
    }

    /// Drift: the upper bounds, each with whether it is exclusive.
    pub fn upper_bounds(&self) -> [(Option<&Bound>, bool); 2] {
        [(self.maximum.as_ref(), false), (self.exclusive_maximum.as_ref(), true)]
    }
}

/// The tighter of an inclusive and an exclusive bound: (value, exclusive).
fn pick(inclusive: Option<&Bound>, exclusive: Option<&Bound>, lower: bool) -> Option<(String, bool)> {
    match (inclusive, exclusive) {
        (None, None) => None,
        (Some(i), None) => Some((i.value.to_string(), false)),
        (None, Some(e)) => Some((e.value.to_string(), true)),
        (Some(i), Some(e)) => {
            let exclusive_wins = match (i.value.as_f64(), e.value.as_f64()) {
                (Some(iv), Some(ev)) if lower => ev >= iv,
                (Some(iv), Some(ev)) => ev <= iv,
                _ => true,
            };
            Some(if exclusive_wins { (e.value.to_string(), true) } else { (i.value.to_string(), false) })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn read(dialect: Dialect, schema: Value) -> Result<Numeric, &'static str> {
        let m = schema.as_object().unwrap().clone();
        let mut k = Numeric::default();
        for (kw, v) in &m {
            assert!(k.read(kw, v, dialect, &m)?);
        }
        Ok(k)
    }

    #[test]
    fn draft_04_exclusive_bounds_are_booleans_beside_the_bound() {
        let n = read(Dialect::Draft4, json!({"maximum": 5, "exclusiveMaximum": true, "minimum": 1, "exclusiveMinimum": false})).unwrap();
        assert_eq!(n.exclusive_maximum.as_ref().map(|b| b.keyword), Some("exclusiveMaximum"));
        assert_eq!(n.minimum.as_ref().map(|b| b.keyword), Some("minimum"));
        assert!(n.maximum.is_none() && n.exclusive_minimum.is_none());
        assert_eq!(n.describe(Some(TypeSet(TypeSet::INTEGER))), ["integer ≥ 1 and < 5"]);
        assert_eq!(read(Dialect::Draft4, json!({"exclusiveMaximum": 3})).unwrap_err(), "must be a boolean in draft-04");
        assert_eq!(read(Dialect::Draft7, json!({"exclusiveMaximum": true})).unwrap_err(), "must be a number");
    }

    #[test]
    fn later_drafts_read_exclusive_bounds_as_numbers() {
        let n = read(Dialect::Draft2020_12, json!({"exclusiveMinimum": 0, "multipleOf": 0.5})).unwrap();
        assert_eq!(n.present().collect::<Vec<_>>(), ["multipleOf", "exclusiveMinimum"]);
        assert_eq!(n.describe(None), ["number > 0", "a multiple of 0.5"]);
        assert_eq!(read(Dialect::Draft2020_12, json!({"multipleOf": 0})).unwrap_err(), "must be a number greater than 0");
    }
}
