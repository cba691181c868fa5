//! `pattern`: an ECMA-262 regular expression the string matches somewhere
//! (not anchored). The generator refuses a pattern that is not valid
//! ECMA-262 when it reads it (`ir::check_regex`); the runtime compiles each
//! once, in the module's one table of patterns (`rt::Pattern`).

use crate::check::Check;

/// `pattern`
pub const NAME: &str = "pattern";

/// The check `pattern` lowers to.
pub fn check(pattern: Option<&str>) -> Option<Check<'_>> {
    pattern.map(Check::Pattern)
}
