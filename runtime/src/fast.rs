//! The fast path: bytes → typed value in one pass, with generated readers
//! that check each member's keywords as its value is read.
//!
//! A reader never collects errors: at the first failed check it stops with a
//! private error, and [`crate::Contract::from_json_slice`] then runs the full
//! path (bytes → `Value` → every error → typed value), so error output is the
//! full path's. Hence the one rule every reader keeps: it may refuse more
//! than the validators (costing only speed), never accept less.
//!
//! Generated code names readers as types implementing [`Read`]; this module
//! holds the generic ones (leaves, lists, maps, the `Value` fallback).

use crate::convert::{FromKey, FromValue};
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Number, Value};
use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

/// The message of the private error a reader stops with.
const ABORT: &str = "contracts: fast path declined";

/// The error a reader stops with at the first failed check.
#[inline(never)]
#[cold]
pub fn abort<E: de::Error>() -> E {
    E::custom(ABORT)
}

/// Reads one JSON value of a known schema into `Out`.
pub trait Read {
    /// What it builds.
    type Out;
    /// Reads the next value from `d`, failing (with [`abort`]) at the first broken rule.
    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Self::Out, D::Error>;
}

/// A reader as a `DeserializeSeed`, for `next_value_seed` / `next_element_seed`.
pub struct Seed<R>(PhantomData<R>);

impl<R> Seed<R> {
    /// The seed.
    #[inline]
    pub fn new() -> Self {
        Seed(PhantomData)
    }
}

impl<R> Default for Seed<R> {
    fn default() -> Self {
        Self::new()
    }
}

impl<'de, R: Read> DeserializeSeed<'de> for Seed<R> {
    type Value = R::Out;
    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<R::Out, D::Error> {
        R::read(d)
    }
}

/// Reads a named member's value into its slot. A name seen twice aborts:
/// which value counts is for the full path to decide.
#[inline]
pub fn read_member<'de, R: Read, A: de::MapAccess<'de>>(m: &mut A, slot: &mut Option<R::Out>) -> Result<(), A::Error> {
    if slot.is_some() {
        return Err(abort());
    }
    *slot = Some(m.next_value_seed(Seed::<R>::new())?);
    Ok(())
}

/// Runs `read` on bytes; `None` when the reader declines or the JSON is bad.
pub fn read_slice<T>(b: &[u8], read: impl FnOnce(&mut serde_json::Deserializer<serde_json::de::SliceRead<'_>>) -> Result<T, serde_json::Error>) -> Option<T> {
    let mut de = serde_json::Deserializer::from_slice(b);
    let v = read(&mut de).ok()?;
    de.end().ok()?;
    Some(v)
}

/// A member name, borrowed from the input when it has no escapes.
pub struct Key<'de>(pub Cow<'de, str>);

impl<'de> de::Deserialize<'de> for Key<'de> {
    #[inline]
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_str(KeyVisitor)
    }
}

struct KeyVisitor;

impl<'de> Visitor<'de> for KeyVisitor {
    type Value = Key<'de>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a member name")
    }
    #[inline]
    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Key<'de>, E> {
        Ok(Key(Cow::Borrowed(v)))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Key<'de>, E> {
        Ok(Key(Cow::Owned(v.to_owned())))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<Key<'de>, E> {
        Ok(Key(Cow::Owned(v)))
    }
}

/// A scalar reader: strings are checked as `&str` before anything is
/// allocated; other scalars (numbers, booleans, `null`) as a `Value` on the
/// stack with the generated validators, exactly as the full path does.
pub trait Leaf {
    /// What it builds.
    type Out;
    /// A string value: checks it and builds, or `None` if a rule is broken.
    fn string(s: &str) -> Option<Self::Out>;
    /// A number, boolean or `null`: checks it and builds, or `None`.
    fn scalar(v: Value) -> Option<Self::Out>;
}

/// [`Read`] for a [`Leaf`]: arrays and objects are refused (a leaf's type
/// cannot hold them, so the schema refuses them too).
pub struct LeafRead<L>(PhantomData<L>);

impl<L: Leaf> Read for LeafRead<L> {
    type Out = L::Out;
    #[inline]
    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<L::Out, D::Error> {
        d.deserialize_any(LeafVisitor::<L>(PhantomData))
    }
}

struct LeafVisitor<L>(PhantomData<L>);

impl<'de, L: Leaf> Visitor<'de> for LeafVisitor<L> {
    type Value = L::Out;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a scalar")
    }
    #[inline]
    fn visit_str<E: de::Error>(self, v: &str) -> Result<L::Out, E> {
        L::string(v).ok_or_else(abort)
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<L::Out, E> {
        L::scalar(Value::Bool(v)).ok_or_else(abort)
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<L::Out, E> {
        L::scalar(Value::Number(v.into())).ok_or_else(abort)
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<L::Out, E> {
        L::scalar(Value::Number(v.into())).ok_or_else(abort)
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<L::Out, E> {
        // As serde_json's own `Value` does: a non-finite float is no number.
        L::scalar(Number::from_f64(v).map_or(Value::Null, Value::Number)).ok_or_else(abort)
    }
    fn visit_unit<E: de::Error>(self) -> Result<L::Out, E> {
        L::scalar(Value::Null).ok_or_else(abort)
    }
}

/// `minLength`, counted in code points as the validator counts.
#[inline]
pub fn min_length(s: &str, min: u64) -> bool {
    s.len() as u64 >= min.saturating_mul(4) || s.chars().count() as u64 >= min
}

/// `maxLength`, counted in code points as the validator counts.
#[inline]
pub fn max_length(s: &str, max: u64) -> bool {
    s.len() as u64 <= max || s.chars().count() as u64 <= max
}

/// A generated check of a whole `Value` (the validators of the schemas that
/// apply, in quiet mode): the fallback for what a reader cannot decide alone.
pub trait Check {
    /// What it builds.
    type Out: FromValue;
    /// Whether `v` is valid.
    fn check(v: &Value) -> bool;
}

/// [`Read`] that reads the subtree as a `Value`, validates it with the
/// generated validators and converts it: the full path, node by node.
pub struct ViaValue<C>(PhantomData<C>);

impl<C: Check> Read for ViaValue<C> {
    type Out = C::Out;
    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<C::Out, D::Error> {
        let v = <Value as de::Deserialize>::deserialize(d)?;
        if !C::check(&v) {
            return Err(abort());
        }
        C::Out::from_value(v).map_err(|_| abort())
    }
}

/// [`Read`] for a generated type: its own reader (`Contract::fast_read`).
pub struct Typed<T>(PhantomData<T>);

impl<T: crate::Contract> Read for Typed<T> {
    type Out = T;
    #[inline]
    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<T, D::Error> {
        T::fast_read(d)
    }
}

/// [`Read`] boxing what `R` builds (a type that contains itself).
pub struct Boxed<R>(PhantomData<R>);

impl<R: Read> Read for Boxed<R> {
    type Out = Box<R::Out>;
    #[inline]
    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Box<R::Out>, D::Error> {
        R::read(d).map(Box::new)
    }
}

/// [`Read`] for an array: every item read by `R`, `MIN..=MAX` items
/// (`minItems`/`maxItems`; `usize::MAX` when unbounded).
pub struct VecOf<R, const MIN: usize, const MAX: usize>(PhantomData<R>);

impl<R: Read, const MIN: usize, const MAX: usize> Read for VecOf<R, MIN, MAX> {
    type Out = Vec<R::Out>;
    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<R::Out>, D::Error> {
        d.deserialize_seq(VecVisitor::<R, MIN, MAX>(PhantomData))
    }
}

struct VecVisitor<R, const MIN: usize, const MAX: usize>(PhantomData<R>);

impl<'de, R: Read, const MIN: usize, const MAX: usize> Visitor<'de> for VecVisitor<R, MIN, MAX> {
    type Value = Vec<R::Out>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an array")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut out = Vec::new();
        while let Some(x) = seq.next_element_seed(Seed::<R>::new())? {
            if out.len() == MAX {
                return Err(abort());
            }
            out.push(x);
        }
        if out.len() < MIN {
            return Err(abort());
        }
        Ok(out)
    }
}

/// [`Read`] for an object read as a map: member names checked by `K`
/// (`propertyNames`) and converted with `FromKey`, values read by `V`.
/// A repeated member name is refused (the full path decides such documents).
pub struct MapOf<K, V>(PhantomData<(K, V)>);

impl<K, V> Read for MapOf<K, V>
where
    K: Leaf,
    K::Out: FromKey + std::hash::Hash + Eq,
    V: Read,
{
    type Out = crate::Map<K::Out, V::Out>;
    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Self::Out, D::Error> {
        d.deserialize_map(MapVisitor::<K, V>(PhantomData))
    }
}

struct MapVisitor<K, V>(PhantomData<(K, V)>);

impl<'de, K, V> Visitor<'de> for MapVisitor<K, V>
where
    K: Leaf,
    K::Out: FromKey + std::hash::Hash + Eq,
    V: Read,
{
    type Value = crate::Map<K::Out, V::Out>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Self::Value, A::Error> {
        let mut out = crate::Map::new();
        while let Some(Key(k)) = m.next_key::<Key<'de>>()? {
            let key = K::string(&k).ok_or_else(abort)?;
            let value = m.next_value_seed(Seed::<V>::new())?;
            if out.insert(key, value).is_some() {
                return Err(abort());
            }
        }
        Ok(out)
    }
}

/// A key leaf with no rule: any member name, kept as a `String`.
pub struct AnyKey;

impl Leaf for AnyKey {
    type Out = String;
    #[inline]
    fn string(s: &str) -> Option<String> {
        Some(s.to_owned())
    }
    fn scalar(_: Value) -> Option<String> {
        None
    }
}

/// [`Read`] for any JSON value, unchecked (a member no schema constrains).
pub struct AnyValue;

impl Read for AnyValue {
    type Out = Value;
    #[inline]
    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Value, D::Error> {
        <Value as de::Deserialize>::deserialize(d)
    }
}

/// Reads a tagged union's payload captured before its tag: parsed once the
/// tag is known. Refused when it nests deep enough that parsing it alone
/// could pass where the whole document hits serde_json's depth limit.
pub fn read_raw<R: Read>(raw: &serde_json::value::RawValue) -> Option<R::Out> {
    const MAX_OPENINGS: usize = 100;
    let text = raw.get();
    if text.bytes().filter(|b| *b == b'[' || *b == b'{').count() > MAX_OPENINGS {
        return None;
    }
    let mut de = serde_json::Deserializer::from_str(text);
    let v = R::read(&mut de).ok()?;
    de.end().ok()?;
    Some(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_count_code_points() {
        for s in ["", "a", "ab", "é", "éé", "日本語", "😀😀", "a😀"] {
            let n = s.chars().count() as u64;
            for bound in 0..6u64 {
                assert_eq!(min_length(s, bound), n >= bound, "{s:?} min {bound}");
                assert_eq!(max_length(s, bound), n <= bound, "{s:?} max {bound}");
            }
        }
    }

    struct Short;
    impl Leaf for Short {
        type Out = String;
        fn string(s: &str) -> Option<String> {
            max_length(s, 3).then(|| s.to_owned())
        }
        fn scalar(_: Value) -> Option<String> {
            None
        }
    }

    #[test]
    fn lists_keep_their_bounds() {
        type L = VecOf<LeafRead<Short>, 1, 2>;
        let read = |s: &str| read_slice(s.as_bytes(), |d| L::read(d));
        assert_eq!(read(r#"["a","bc"]"#), Some(vec!["a".to_owned(), "bc".to_owned()]));
        assert_eq!(read("[]"), None);
        assert_eq!(read(r#"["a","b","c"]"#), None);
        assert_eq!(read(r#"["abcd"]"#), None);
        assert_eq!(read("[1]"), None);
        assert_eq!(read(r#"["a"] x"#), None);
    }

    #[test]
    fn maps_refuse_repeated_names() {
        type M = MapOf<AnyKey, LeafRead<Short>>;
        let read = |s: &str| read_slice(s.as_bytes(), |d| M::read(d));
        let m = read(r#"{"b":"x","a":"y"}"#).unwrap();
        assert_eq!(m.keys().collect::<Vec<_>>(), ["b", "a"]);
        assert!(read(r#"{"a":"x","a":"y"}"#).is_none());
        assert!(read(r#"{"a":"xxxx"}"#).is_none());
    }

    #[test]
    fn escaped_keys_are_read() {
        type M = MapOf<AnyKey, AnyValue>;
        let m = read_slice(br#"{"a\"b":1}"#, |d| M::read(d)).unwrap();
        assert!(m.contains_key("a\"b"));
    }
}
