//! `pattern`: an ECMA-262 regular expression the string matches somewhere
//! (not anchored). The generator refuses a pattern that is not valid
//! ECMA-262 when it reads it ([`check_regex`]); the runtime compiles each
//! once, in the module's one table of patterns (`rt::Pattern`).

use crate::check::Check;
use serde_json::Value;

/// `pattern`
pub const NAME: &str = "pattern";

/// The check `pattern` lowers to.
pub fn check(pattern: Option<&str>) -> Option<Check<'_>> {
    pattern.map(Check::Pattern)
}

/// What `pattern` adds to the node's shape identity: its source.
pub fn identity(pattern: Option<&str>) -> String {
    format!("{pattern:?}")
}

/// `pattern` in words: "matches `^a`".
pub fn describe(pattern: &str) -> String {
    format!("matches {}", crate::docs::markdown::code(pattern))
}

/// Reads `pattern`: a string that is an ECMA-262 regular expression; the
/// error says why not.
pub fn read(v: &Value) -> Result<String, String> {
    let p = v.as_str().ok_or("must be a string")?;
    check_regex(p).map_err(|e| format!("`{p}` is not a valid ECMA-262 regular expression: {e}"))?;
    Ok(p.to_owned())
}

/// Checks that `p` is an ECMA-262 regular expression `regress` accepts
/// (with the `u` flag semantics JSON Schema implies); `patternProperties`
/// names are read with it too.
pub fn check_regex(p: &str) -> Result<(), String> {
    regress::Regex::with_flags(p, "u").map(|_| ()).map_err(|e| e.to_string())
}
