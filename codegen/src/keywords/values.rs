//! `const` and `enum`: the value is one given JSON value (numbers compared
//! as numbers, exactly). Draft 4 has no `const`; ajv applies it there all
//! the same, and so does the reader, with a warning (`ir::Builder::fill`).

use crate::check::Check;
use serde_json::Value;

/// `const`
pub const CONST: &str = "const";
/// `enum`
pub const ENUM: &str = "enum";

/// The checks the pair lowers to, `const` first.
pub fn checks<'k>(const_: Option<&'k Value>, enum_: Option<&'k [Value]>) -> impl Iterator<Item = Check<'k>> {
    const_.map(Check::Const).into_iter().chain(enum_.map(Check::Enum))
}
