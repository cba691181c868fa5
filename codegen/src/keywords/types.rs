//! `type`: the JSON types a value may have (every draft reads it alike: a
//! type name or an array of them; `integer` is a number without a
//! fractional part).

use crate::check::Check;
use crate::ir::TypeSet;
use serde_json::Value;

/// `type`
pub const NAME: &str = "type";

/// The runtime's type bit for draft-04's `integer` (`types::INTEGER_AS_WRITTEN`):
/// a number written without a fraction or exponent.
pub const INTEGER_AS_WRITTEN: u8 = 128;

/// The check `type` lowers to: none when it admits every type.
/// `integer_by_text`: `integer` is draft-04's (no `2.0`).
pub fn check<'k>(types: Option<TypeSet>, integer_by_text: bool) -> Option<Check<'k>> {
    types.filter(|t| t.0 & TypeSet::ALL != TypeSet::ALL).map(|t| Check::Type(TypeSet(runtime_mask(t, integer_by_text))))
}

/// What `type` adds to the node's shape identity (draft-04's `integer`
/// counts: it refuses `2.0`).
pub fn identity(types: Option<TypeSet>, integer_by_text: bool) -> String {
    format!("{types:?}{integer_by_text:?}")
}

/// The runtime's type bits for `t`: `integer` becomes draft-04's where
/// `integer_by_text` says so (and `number` does not admit every number anyway).
pub fn runtime_mask(t: TypeSet, integer_by_text: bool) -> u8 {
    if integer_by_text && t.0 & TypeSet::INTEGER != 0 && t.0 & TypeSet::NUMBER == 0 {
        t.0 & !TypeSet::INTEGER | INTEGER_AS_WRITTEN
    } else {
        t.0
    }
}

/// Merged JSON types: `number` admits integers.
pub(crate) fn widen(t: u8) -> u8 {
    if t & TypeSet::NUMBER != 0 {
        t | TypeSet::INTEGER
    } else {
        t
    }
}

/// The JSON types a value has ([`TypeSet`] bits): an integer (`2`, `2.0`)
/// is both `integer` and `number`.
pub(crate) fn type_of(v: &Value) -> u8 {
    match v {
        Value::Null => TypeSet::NULL,
        Value::Bool(_) => TypeSet::BOOLEAN,
        Value::Number(n) if n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0) => TypeSet::INTEGER | TypeSet::NUMBER,
        Value::Number(_) => TypeSet::NUMBER,
        Value::String(_) => TypeSet::STRING,
        Value::Array(_) => TypeSet::ARRAY,
        Value::Object(_) => TypeSet::OBJECT,
    }
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
        assert_eq!(check(Some(TypeSet(TypeSet::ALL)), false), None);
        assert_eq!(check(Some(TypeSet(TypeSet::STRING)), false), Some(Check::Type(TypeSet(TypeSet::STRING))));
        let null_or_integer = Some(TypeSet(TypeSet::NULL | TypeSet::INTEGER));
        assert_eq!(check(null_or_integer, true), Some(Check::Type(TypeSet(TypeSet::NULL | INTEGER_AS_WRITTEN))));
        assert_eq!(check(null_or_integer, false), Some(Check::Type(TypeSet(TypeSet::NULL | TypeSet::INTEGER))));
        assert_eq!(check(Some(TypeSet(TypeSet::INTEGER | TypeSet::NUMBER)), true), Some(Check::Type(TypeSet(TypeSet::INTEGER | TypeSet::NUMBER))));
    }
}
