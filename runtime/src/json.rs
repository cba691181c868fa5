//! JSON equality as JSON Schema defines it: numbers compare by value (`1`
//! equals `1.0`), objects ignore member order.

use serde_json::Value;

/// Whether two JSON values are equal under JSON Schema's rules.
pub fn json_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => crate::number::equal(x, y),
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| json_equal(p, q)),
        (Value::Object(x), Value::Object(y)) => x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| json_equal(v, w))),
        _ => a == b,
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
        Value::Number(n) => crate::number::write_key(n, out),
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

    fn parse(s: &str) -> Value {
        serde_json::from_str(s).unwrap()
    }

    /// Equality is mathematical on the decimal text, never through `f64`.
    #[test]
    fn numbers_are_exact() {
        let same = [
            ("10000000000000000000", "1e19"),
            ("1e400", "10e399"),
            ("-0", "0"),
            ("0.0", "-0e5"),
            ("1.50", "15e-1"),
            ("123456789012345678901", "1.23456789012345678901e20"),
            ("0.1", "1E-1"),
        ];
        for (a, b) in same {
            assert!(json_equal(&parse(a), &parse(b)), "{a} = {b}");
            assert_eq!(json_hash_key(&parse(a)), json_hash_key(&parse(b)), "{a} = {b}");
        }
        let different = [
            ("9007199254740993", "9007199254740992"),
            ("123456789012345678901", "123456789012345678900"),
            ("1e400", "1e401"),
            ("0.1000000000000000000001", "0.1"),
            ("-1", "1"),
        ];
        for (a, b) in different {
            assert!(!json_equal(&parse(a), &parse(b)), "{a} ≠ {b}");
            assert_ne!(json_hash_key(&parse(a)), json_hash_key(&parse(b)), "{a} ≠ {b}");
        }
    }
}
