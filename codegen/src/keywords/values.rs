//! `const` and `enum`: the value is one given JSON value (numbers compared
//! as numbers, exactly). Draft 4 has no `const`; ajv applies it there all
//! the same, and so does the reader, with a warning (`ir::Builder::fill`).

use crate::check::Check;
use crate::ir::Keywords;

/// `const`
pub const CONST: &str = "const";
/// `enum`
pub const ENUM: &str = "enum";

/// The checks the pair lowers to, `const` first.
pub fn checks(k: &Keywords) -> impl Iterator<Item = Check<'_>> {
    k.const_.as_ref().map(Check::Const).into_iter().chain(k.enum_.as_deref().map(Check::Enum))
}
