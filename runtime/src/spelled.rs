//! Integer enums (`{"type": "integer", "enum": [512, 2048]}`): the generated
//! Rust enum has one unit variant per value (`BlockSize::V512`), and places
//! that hold one hold it as [`Spelled<T>`], which also keeps the number's
//! text when the document wrote it otherwise than plain decimal (`512.0`,
//! `5.12e2`, `-0`), so parse → serialize loses nothing.

use crate::convert::{FromValue, Mismatch};
use crate::number::Integer;
use serde_json::{Number, Value};
use std::fmt;
use std::ops::Deref;

/// A generated enum of integers: each variant stands for one `i64`.
/// Implemented by `integer_enum!`.
pub trait IntegerEnum: Copy + Eq + fmt::Debug + 'static {
    /// The variant's number.
    fn value(self) -> i64;
    /// The variant whose number is `v`, if one is.
    fn from_i64(v: i64) -> Option<Self>;
}

/// An [`IntegerEnum`] value with the text the document wrote it as, when
/// that is not its plain decimal (`5.12e2` for 512): written back as read.
/// `Deref`s to the enum (`match *size { BlockSize::V512 => … }`), compares
/// with it (`size == BlockSize::V512`) and is built from it (`BlockSize::V512.into()`,
/// written plain).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Spelled<T> {
    value: T,
    spelling: Option<Number>,
}

impl<T: IntegerEnum> Spelled<T> {
    /// The enum value.
    pub fn value(&self) -> T {
        self.value
    }
    /// The number's text as the document wrote it, when it is not the
    /// value's plain decimal (`Some("5.12e2")`, `Some("-0")`).
    pub fn spelling(&self) -> Option<&str> {
        self.spelling.as_ref().map(Number::as_str)
    }
    /// The value of JSON number `n`, keeping its text unless plain, if `n`
    /// is one of the enum's numbers (`512`, `512.0`, `5.12e2`).
    pub fn from_number(n: &Number) -> Option<Self> {
        let v = Integer::new(n.clone())?.as_i64()?;
        let value = T::from_i64(v)?;
        let plain = n.as_str() == v.to_string();
        Some(Spelled { value, spelling: (!plain).then(|| n.clone()) })
    }
}

impl<T> Deref for Spelled<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.value
    }
}

impl<T> From<T> for Spelled<T> {
    fn from(value: T) -> Self {
        Spelled { value, spelling: None }
    }
}

impl<T: PartialEq> PartialEq<T> for Spelled<T> {
    fn eq(&self, other: &T) -> bool {
        self.value == *other
    }
}

impl<T: fmt::Debug> fmt::Debug for Spelled<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.spelling {
            Some(s) => write!(f, "{:?} (written {s})", self.value),
            None => fmt::Debug::fmt(&self.value, f),
        }
    }
}

impl<T: IntegerEnum> fmt::Display for Spelled<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.spelling {
            Some(n) => fmt::Display::fmt(n, f),
            None => write!(f, "{}", self.value.value()),
        }
    }
}

impl<T: IntegerEnum> FromValue for Spelled<T> {
    fn from_value(v: Value) -> Result<Self, Mismatch> {
        match &v {
            Value::Number(n) => Self::from_number(n).ok_or_else(|| Mismatch::new("one of the listed integers")),
            _ => Err(Mismatch::new("one of the listed integers")),
        }
    }
}

impl<T: IntegerEnum> serde::Serialize for Spelled<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // The document's own `Number` writes its text (as `Integer` does).
        match &self.spelling {
            Some(n) => n.serialize(s),
            None => s.serialize_i64(self.value.value()),
        }
    }
}

/// The schema of an integer enum type with a schema of its own, for its
/// [`Contract`](crate::Contract) (which is on `Spelled<T>`, so that parsing
/// keeps the text). Implemented by `contract!(spelled …)`.
pub trait IntegerEnumSchema {
    /// [`Contract::check_at`](crate::Contract::check_at).
    fn check_at(v: &Value, loc: &crate::Loc, ctx: &mut crate::Ctx, at: &crate::SchemaPath) -> bool;
    /// [`Contract::schema_root`](crate::Contract::schema_root).
    fn schema_root() -> crate::SchemaPath<'static>;
}

impl<T: IntegerEnum + IntegerEnumSchema> crate::Contract for Spelled<T> {
    fn check_at(v: &Value, loc: &crate::Loc, ctx: &mut crate::Ctx, at: &crate::SchemaPath) -> bool {
        T::check_at(v, loc, ctx, at)
    }
    fn schema_root() -> crate::SchemaPath<'static> {
        T::schema_root()
    }
}

impl<'de, T: IntegerEnum + IntegerEnumSchema> serde::Deserialize<'de> for Spelled<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        crate::deserialize_checked(d)
    }
}

/// The enum's schema: `Spelled` changes how the value is kept, not what it may be.
#[cfg(feature = "schemars")]
impl<T: schemars::JsonSchema> schemars::JsonSchema for Spelled<T> {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        T::schema_name()
    }
    fn schema_id() -> std::borrow::Cow<'static, str> {
        T::schema_id()
    }
    fn json_schema(g: &mut schemars::SchemaGenerator) -> schemars::Schema {
        T::json_schema(g)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    enum Size {
        V512,
        Minus1,
    }
    crate::integer_enum!(Size { V512 = 512, Minus1 = -1 });

    fn read(text: &str) -> Option<Spelled<Size>> {
        Spelled::from_value(crate::value_from_str(text, crate::ReadSettings::new()).unwrap()).ok()
    }

    #[test]
    fn every_spelling_of_a_listed_value_reads_and_writes_back_as_written() {
        for text in ["512", "512.0", "5.12e2", "5120e-1", "512.000"] {
            let s = read(text).unwrap();
            assert_eq!(*s, Size::V512, "{text}");
            assert_eq!(serde_json::to_string(&s).unwrap(), text);
            assert_eq!(s.spelling().is_some(), text != "512");
        }
        assert_eq!(*read("-1").unwrap(), Size::Minus1);
        assert_eq!(serde_json::to_string(&read("-1e0").unwrap()).unwrap(), "-1e0");
    }

    #[test]
    fn other_values_are_refused() {
        for text in ["513", "512.5", "1e400", "-9223372036854775809", "\"512\"", "null"] {
            assert!(read(text).is_none(), "{text}");
        }
    }

    #[test]
    fn built_in_code_writes_plain() {
        let s: Spelled<Size> = Size::Minus1.into();
        assert_eq!(serde_json::to_string(&s).unwrap(), "-1");
        assert!(s == Size::Minus1);
        assert_eq!(format!("{s} {s:?}"), "-1 Minus1");
        assert_eq!(format!("{:?}", read("5.12e2").unwrap()), "V512 (written 5.12e2)");
    }
}
