//! From a validated `serde_json::Value` to a typed value, and back out as a
//! JSON object. Conversion runs only after validation, so a [`Mismatch`]
//! means the generated type and its schema disagree: a generator bug, still
//! reported as an error rather than a panic.

use crate::number::Integer;
use serde::ser::SerializeMap;
use serde_json::{Number, Value};
use std::fmt;

/// The value did not have the shape the type expects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// What the type expected ("a string", "member `id`", …).
    pub expected: String,
    /// JSON Pointer of the value, filled in on the way out.
    pub at: String,
}

/// `v` converted to a variant's type and wrapped as that variant (what a
/// generated union's `FromValue` does once it knows the variant).
pub fn variant<T: FromValue, U>(v: Value, wrap: fn(T) -> U) -> Result<U, Mismatch> {
    T::from_value(v).map(wrap)
}

impl Mismatch {
    /// A mismatch at the current value.
    pub fn new(expected: impl Into<String>) -> Self {
        Mismatch { expected: expected.into(), at: String::new() }
    }
    /// A union none of whose shapes holds the value.
    pub fn no_variant<T>() -> Result<T, Mismatch> {
        Err(Mismatch::new("one of the union's shapes"))
    }
    /// Prefixes the location with a member name or index on the way out.
    pub fn within(mut self, token: &str) -> Self {
        let mut prefix = String::from("/");
        crate::location::escape_into(token, &mut prefix);
        self.at = prefix + &self.at;
        self
    }
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at `{}`: expected {}", self.at, self.expected)
    }
}

impl std::error::Error for Mismatch {}

/// Builds a typed value from a JSON value that passed validation.
pub trait FromValue: Sized {
    /// Takes `v` apart without copying strings.
    fn from_value(v: Value) -> Result<Self, Mismatch>;
}

/// Builds a map key (a member name) into a typed key.
pub trait FromKey: Sized {
    /// Converts member name `k`.
    fn from_key(k: String) -> Result<Self, Mismatch>;
}

impl FromKey for String {
    fn from_key(k: String) -> Result<Self, Mismatch> {
        Ok(k)
    }
}

impl FromValue for Value {
    fn from_value(v: Value) -> Result<Self, Mismatch> {
        Ok(v)
    }
}

impl FromValue for String {
    fn from_value(v: Value) -> Result<Self, Mismatch> {
        match v {
            Value::String(s) => Ok(s),
            _ => Err(Mismatch::new("a string")),
        }
    }
}

impl FromValue for bool {
    fn from_value(v: Value) -> Result<Self, Mismatch> {
        v.as_bool().ok_or_else(|| Mismatch::new("a boolean"))
    }
}

impl FromValue for () {
    fn from_value(v: Value) -> Result<Self, Mismatch> {
        v.is_null().then_some(()).ok_or_else(|| Mismatch::new("null"))
    }
}

impl FromValue for Number {
    fn from_value(v: Value) -> Result<Self, Mismatch> {
        match v {
            Value::Number(n) => Ok(n),
            _ => Err(Mismatch::new("a number")),
        }
    }
}

impl FromValue for Integer {
    fn from_value(v: Value) -> Result<Self, Mismatch> {
        match v {
            Value::Number(n) => Integer::new(n).ok_or_else(|| Mismatch::new("an integer")),
            _ => Err(Mismatch::new("an integer")),
        }
    }
}

/// `null` becomes `None` (for `type: [X, "null"]`).
impl<T: FromValue> FromValue for Option<T> {
    fn from_value(v: Value) -> Result<Self, Mismatch> {
        match v {
            Value::Null => Ok(None),
            v => T::from_value(v).map(Some),
        }
    }
}

impl<T: FromValue> FromValue for Box<T> {
    fn from_value(v: Value) -> Result<Self, Mismatch> {
        T::from_value(v).map(Box::new)
    }
}

impl<T: FromValue> FromValue for Vec<T> {
    fn from_value(v: Value) -> Result<Self, Mismatch> {
        match v {
            Value::Array(items) => items.into_iter().enumerate().map(|(i, x)| T::from_value(x).map_err(|e| e.within(&i.to_string()))).collect(),
            _ => Err(Mismatch::new("an array")),
        }
    }
}

/// A tuple is an array of exactly its items, each read as its type.
macro_rules! tuple_from_value {
    ($n:literal: $($t:ident $i:tt),+) => {
        impl<$($t: FromValue),+> FromValue for ($($t,)+) {
            fn from_value(v: Value) -> Result<Self, Mismatch> {
                let Value::Array(items) = v else { return Err(Mismatch::new(concat!("an array of ", $n, " items"))) };
                if items.len() != $n {
                    return Err(Mismatch::new(concat!("an array of ", $n, " items")));
                }
                let mut items = items.into_iter();
                Ok(($({
                    let x = items.next().ok_or_else(|| Mismatch::new(concat!("an array of ", $n, " items")))?;
                    $t::from_value(x).map_err(|e| e.within(stringify!($i)))?
                },)+))
            }
        }
    };
}
tuple_from_value!(1: A 0);
tuple_from_value!(2: A 0, B 1);
tuple_from_value!(3: A 0, B 1, C 2);
tuple_from_value!(4: A 0, B 1, C 2, D 3);
tuple_from_value!(5: A 0, B 1, C 2, D 3, E 4);
tuple_from_value!(6: A 0, B 1, C 2, D 3, E 4, F 5);
tuple_from_value!(7: A 0, B 1, C 2, D 3, E 4, F 5, G 6);
tuple_from_value!(8: A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7);
tuple_from_value!(9: A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8);
tuple_from_value!(10: A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9);
tuple_from_value!(11: A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10);
tuple_from_value!(12: A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11);

impl<K: FromKey + std::hash::Hash + Eq, V: FromValue> FromValue for indexmap::IndexMap<K, V> {
    fn from_value(v: Value) -> Result<Self, Mismatch> {
        match v {
            Value::Object(m) => m
                .into_iter()
                .map(|(k, x)| {
                    let value = V::from_value(x).map_err(|e| e.within(&k))?;
                    Ok((K::from_key(k)?, value))
                })
                .collect(),
            _ => Err(Mismatch::new("an object")),
        }
    }
}

/// Converts member `key` of an object into its slot, naming it in any
/// mismatch. Never inlined: a struct's conversion is then one call per
/// member and its slots stay in memory, where inlined conversions made
/// LLVM's release build superlinear in the members.
#[inline(never)]
pub fn member_into<T: FromValue>(slot: &mut Option<T>, key: &str, v: Value) -> Result<(), Mismatch> {
    *slot = Some(member(key, v)?);
    Ok(())
}

/// Converts member `key` of an object, naming it in any mismatch.
pub fn member<T: FromValue>(key: &str, v: Value) -> Result<T, Mismatch> {
    T::from_value(v).map_err(|e| e.within(key))
}

/// A required member that was absent.
pub fn missing(key: &str) -> Mismatch {
    Mismatch::new(format!("member `{key}`"))
}

/// Writes a member, `name` and `value`, unless an earlier write failed
/// (`written`). Generated `write_fields` call it once per member, with no
/// `?` and no branch of their own: a large object's stays quick to compile.
#[inline]
pub fn write_member<M: SerializeMap, T: serde::Serialize + ?Sized>(written: &mut Result<(), M::Error>, map: &mut M, name: &'static str, value: &T) {
    if written.is_ok() {
        *written = map.serialize_entry(name, value);
    }
}

/// [`write_member`] for an optional member: nothing when it is absent.
#[inline]
pub fn write_optional<M: SerializeMap, T: serde::Serialize>(written: &mut Result<(), M::Error>, map: &mut M, name: &'static str, value: &Option<T>) {
    if let (Ok(()), Some(x)) = (&*written, value) {
        *written = map.serialize_entry(name, x);
    }
}

/// `Ok(())` with `map`'s error type: what a generated `write_fields` has
/// written before its first member (an object may have none).
#[doc(hidden)]
#[inline]
pub fn nothing_written<M: SerializeMap>(_map: &M) -> Result<(), M::Error> {
    Ok(())
}

/// A type serialised as the members of a JSON object, so that an enclosing
/// object (an envelope, a tagged union) can add its own members around them.
pub trait ObjectFields {
    /// Writes this value's members into `map`.
    fn write_fields<M: SerializeMap>(&self, map: &mut M) -> Result<(), M::Error>;

    /// Serialises the value as one JSON object.
    fn serialize_object<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        self.write_fields(&mut map)?;
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A map that records the keys written and refuses the key `bad`.
    #[derive(Default)]
    struct Recorder(Vec<String>);

    impl SerializeMap for Recorder {
        type Ok = ();
        type Error = serde_json::Error;
        fn serialize_key<K: serde::Serialize + ?Sized>(&mut self, key: &K) -> Result<(), Self::Error> {
            let key = serde_json::to_value(key)?;
            if key == "bad" {
                return Err(serde::ser::Error::custom("refused"));
            }
            self.0.push(key.as_str().unwrap_or_default().to_owned());
            Ok(())
        }
        fn serialize_value<V: serde::Serialize + ?Sized>(&mut self, _value: &V) -> Result<(), Self::Error> {
            Ok(())
        }
        fn end(self) -> Result<(), Self::Error> {
            Ok(())
        }
    }

    #[test]
    fn members_after_a_failed_write_are_not_written() {
        let mut map = Recorder::default();
        let mut written = nothing_written(&map);
        write_member(&mut written, &mut map, "a", &1);
        write_optional(&mut written, &mut map, "absent", &None::<u8>);
        write_optional(&mut written, &mut map, "b", &Some(2));
        write_member(&mut written, &mut map, "bad", &3);
        write_member(&mut written, &mut map, "c", &4);
        write_optional(&mut written, &mut map, "d", &Some(5));
        assert_eq!(map.0, ["a", "b"]);
        assert_eq!(written.unwrap_err().to_string(), "refused");
    }
}
