//! `type`: the JSON types a value may have (every draft reads it alike: a
//! type name or an array of them; `integer` is a number without a
//! fractional part).

use crate::check::Check;
use crate::ir::TypeSet;
use serde_json::Value;

/// `type`
pub const NAME: &str = "type";

/// The check `type` lowers to: none when it admits every type.
pub fn check<'k>(types: Option<TypeSet>) -> Option<Check<'k>> {
    types.filter(|t| t.0 & TypeSet::ALL != TypeSet::ALL).map(Check::Type)
}

/// Reads `type`: a type name or an array of them (draft 3's schemas in the
/// array read as "any type"); the error says what it must be.
pub fn read(v: &Value) -> Result<TypeSet, &'static str> {
    const WHAT: &str = "must be a type name or an array of type names";
    match v {
        Value::String(s) => TypeSet::from_name(s).map(TypeSet).ok_or(WHAT),
        Value::Array(a) => {
            let mut bits = 0;
            for t in a {
                bits |= match t {
                    Value::String(s) => TypeSet::from_name(s).ok_or(WHAT)?,
                    Value::Object(_) => TypeSet::ALL,
                    _ => return Err(WHAT),
                };
            }
            Ok(TypeSet(bits))
        }
        _ => Err(WHAT),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_names_and_lists_and_lowers_all_to_nothing() {
        assert_eq!(read(&json!("string")), Ok(TypeSet(TypeSet::STRING)));
        assert_eq!(read(&json!(["null", "integer"])), Ok(TypeSet(TypeSet::NULL | TypeSet::INTEGER)));
        assert_eq!(read(&json!(["string", {}])), Ok(TypeSet(TypeSet::ALL)));
        assert!(read(&json!("strin")).is_err() && read(&json!([1])).is_err() && read(&json!(3)).is_err());
        assert_eq!(check(Some(TypeSet(TypeSet::ALL))), None);
        assert_eq!(check(Some(TypeSet(TypeSet::STRING))), Some(Check::Type(TypeSet(TypeSet::STRING))));
    }
}
