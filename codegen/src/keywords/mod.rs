//! The keyword model: one module per keyword family, each owning all that
//! the generator knows about its keywords.
//!
//! A family module says
//!
//! * how each dialect reads its keywords (JSON into the typed fields of
//!   [`Keywords`](crate::ir::Keywords), draft differences as data);
//! * what they contribute to a node's shape identity (two subschemas that
//!   differ there never share a validator);
//! * how they lower to checks ([`crate::check`]), one program that the
//!   full validator and the one-pass reader both render;
//! * how they are described in words (reference pages and rustdoc);
//! * what `drift` compares between two versions of a schema.
//!
//! Families moved here in full, each one field of
//! [`Keywords`](crate::ir::Keywords) typed by its module: [`string_length`]
//! (`minLength`, `maxLength`), [`numeric`] (`minimum`, `maximum`, the
//! exclusive forms, `multipleOf`), [`array_bounds`] (`minItems`,
//! `maxItems`, `uniqueItems`) and [`object_bounds`] (`minProperties`,
//! `maxProperties`, `required`). [`types`] (`type`), [`values`] (`const`,
//! `enum`), [`pattern`] and [`format`](mod@format) (with the content
//! keywords) own reading, shape identity, checks and words, but remain
//! plain fields of `Keywords`; the applicators live in `ir` and `emit`.

use crate::check::{Check, Subject};

pub mod array_bounds;
pub mod format;
pub mod numeric;
pub mod object_bounds;
pub mod pattern;
pub mod string_length;
pub mod types;
pub mod values;

/// A non-negative integer as the count keywords take it (`2.0` counts as 2).
pub(crate) fn non_negative_integer(v: &serde_json::Value) -> Option<u64> {
    let n = v.as_number()?;
    n.as_u64().or_else(|| n.as_f64().filter(|f| *f >= 0.0 && f.fract() == 0.0).map(|f| f.min(u64::MAX as f64) as u64))
}

/// The checks of a family's count bounds, minimum first: each a
/// [`Check::Count`](crate::check::Check::Count) naming its runtime helper.
pub(crate) fn count_checks<'k>(subject: Subject, bounds: [(Option<u64>, &'static str); 2]) -> impl Iterator<Item = Check<'k>> {
    bounds.into_iter().filter_map(move |(bound, helper)| bound.map(|bound| Check::Count { subject, helper, bound }))
}

/// Whether a count of `n` lies within the bounds (drift's sample values).
pub(crate) fn count_within(min: Option<u64>, max: Option<u64>, n: u64) -> bool {
    min.is_none_or(|m| n >= m) && max.is_none_or(|m| n <= m)
}

/// Words for a count range: "1 to 200 characters", "at least 1 item",
/// "exactly 4 characters"; `None` when nothing is bounded (a minimum of 0
/// bounds nothing).
pub(crate) fn count_range(min: Option<u64>, max: Option<u64>, one: &str, many: &str) -> Option<String> {
    let plural = |n: u64| if n == 1 { one } else { many };
    let min = min.filter(|m| *m > 0);
    Some(match (min, max) {
        (None, None) => return None,
        (Some(lo), Some(hi)) if lo == hi => format!("exactly {lo} {}", plural(lo)),
        (Some(lo), Some(hi)) if lo > hi => format!("at least {lo} and at most {hi} {many} (no value fits)"),
        (Some(lo), Some(hi)) => format!("{lo} to {hi} {many}"),
        (Some(lo), None) => format!("at least {lo} {}", plural(lo)),
        (None, Some(hi)) => format!("at most {hi} {}", plural(hi)),
    })
}
