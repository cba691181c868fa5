//! `const` and `enum`: the value is one given JSON value (numbers compared
//! as numbers, exactly). Draft 4 has no `const`; ajv applies it there all
//! the same, and so does the reader, with a warning (`ir::Builder::fill`).

use crate::check::Check;
use crate::docs::markdown::value_code;
use crate::load::Dialect;
use serde_json::Value;

/// `const`
pub const CONST: &str = "const";
/// `enum`
pub const ENUM: &str = "enum";

/// The checks the pair lowers to, `const` first.
pub fn checks<'k>(const_: Option<&'k Value>, enum_: Option<&'k [Value]>) -> impl Iterator<Item = Check<'k>> {
    const_.map(Check::Const).into_iter().chain(enum_.map(Check::Enum))
}

/// What the pair adds to the node's shape identity: each value as JSON text.
pub fn identity(const_: Option<&Value>, enum_: Option<&[Value]>) -> String {
    format!("{:?}{:?}", enum_.and_then(|v| serde_json::to_string(v).ok()), const_.map(Value::to_string))
}

/// The pair in words: "always `1`", "one of `\"a\"`, `\"b\"`".
pub fn describe(const_: Option<&Value>, enum_: Option<&[Value]>) -> impl Iterator<Item = String> {
    const_.map(|c| format!("always {}", value_code(c))).into_iter().chain(enum_.map(one_of))
}

/// Values a value must be one of, in words ("always `1`" for one).
pub fn one_of(values: &[Value]) -> String {
    match values {
        [only] => format!("always {}", value_code(only)),
        _ => format!("one of {}", values.iter().map(value_code).collect::<Vec<_>>().join(", ")),
    }
}

/// Reads `enum`: an array of values.
pub fn read_enum(v: &Value) -> Result<Vec<Value>, &'static str> {
    v.as_array().cloned().ok_or("must be an array")
}

/// The warning `const` gets where its dialect does not define it (draft 4):
/// ajv (SchemaStore's validator) applies it there all the same, and schemas
/// written against it rely on that, so it is applied as draft 6 defines it.
pub fn const_outside_its_dialect(dialect: Dialect) -> Option<&'static str> {
    (dialect < Dialect::Draft6).then_some("`const` is not a draft-04 keyword; applied as draft 6 defines it (as ajv does)")
}
