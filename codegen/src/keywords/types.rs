//! `type`: the JSON types a value may have (every draft reads it alike: a
//! type name or an array of them; `integer` is a number without a
//! fractional part).

use crate::check::Check;
use crate::ir::TypeSet;

/// `type`
pub const NAME: &str = "type";

/// The check `type` lowers to: none when it admits every type.
pub fn check<'k>(types: Option<TypeSet>) -> Option<Check<'k>> {
    types.filter(|t| t.0 & TypeSet::ALL != TypeSet::ALL).map(Check::Type)
}
