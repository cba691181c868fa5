//! JSON equality as JSON Schema defines it: numbers compare by value (`1`
//! equals `1.0`), objects ignore member order.

use serde_json::Value;
use std::cmp::Ordering;

/// Whether two JSON values are equal under JSON Schema's rules.
pub fn json_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            crate::number::compare(x, num_of(y)) == Ordering::Equal && crate::number::compare(y, num_of(x)) == Ordering::Equal
        }
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| json_equal(p, q)),
        (Value::Object(x), Value::Object(y)) => x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| json_equal(v, w))),
        _ => a == b,
    }
}

fn num_of(n: &serde_json::Number) -> crate::number::Num {
    use crate::number::Num;
    if let Some(u) = n.as_u64() {
        Num::U(u)
    } else if let Some(i) = n.as_i64() {
        Num::I(i)
    } else {
        Num::F(n.as_f64().unwrap_or(f64::NAN))
    }
}

/// A canonical string for `v` such that two values have the same key exactly
/// when they are [`json_equal`]: used to find duplicates in `uniqueItems`
/// without comparing every pair.
pub fn json_hash_key(v: &Value) -> String {
    let mut out = String::new();
    write_key(v, &mut out);
    out
}

fn write_key(v: &Value, out: &mut String) {
    match v {
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                out.push_str(&i.to_string());
            } else if let Some(u) = n.as_u64() {
                out.push_str(&u.to_string());
            } else {
                let f = n.as_f64().unwrap_or(f64::NAN);
                if f.fract() == 0.0 && f.abs() < 9.2e18 {
                    out.push_str(&(f as i64).to_string());
                } else {
                    out.push_str(&format!("{f:e}"));
                }
            }
        }
        Value::Array(a) => {
            out.push('[');
            for x in a {
                write_key(x, out);
                out.push(',');
            }
            out.push(']');
        }
        Value::Object(m) => {
            let mut keys: Vec<&String> = m.keys().collect();
            keys.sort();
            out.push('{');
            for k in keys {
                out.push_str(&serde_json::to_string(k).unwrap_or_default());
                out.push(':');
                write_key(&m[k.as_str()], out);
                out.push(',');
            }
            out.push('}');
        }
        other => out.push_str(&other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn numbers_compare_by_value() {
        assert!(json_equal(&json!(1), &json!(1.0)));
        assert!(json_equal(&json!({"a": [1, 2.0]}), &json!({"a": [1.0, 2]})));
        assert!(!json_equal(&json!(1), &json!(true)));
        assert!(!json_equal(&json!({"a": 1}), &json!({"a": 1, "b": 2})));
        assert_eq!(json_hash_key(&json!(1)), json_hash_key(&json!(1.0)));
        assert_ne!(json_hash_key(&json!("1")), json_hash_key(&json!(1)));
        assert_eq!(json_hash_key(&json!({"b": 1, "a": 2})), json_hash_key(&json!({"a": 2.0, "b": 1})));
    }
}
