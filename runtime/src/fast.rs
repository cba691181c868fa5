//! The fast path: bytes → typed value in one pass, with generated readers
//! that check each member's keywords as its value is read.
//!
//! A reader never writes an error message. At a broken rule a leaf, list
//! or map reader reads the rest of its subtree as plain JSON and hands that
//! `Value` up with [`invalid`]; an object reader keeps a failing member's
//! JSON ([`Broken`]), reads on, checking every other member, and at `}`
//! hands the object up as JSON: the members that held either turned back
//! into JSON or left out, listed by name for the validators, which take
//! them as present and valid ([`Settled`]). So on to the root. There
//! [`crate::Contract::from_json_slice`] runs the validators on the whole
//! document, once, for every error: no second parse. When a reader cannot
//! tell (a repeated member name, JSON it cannot hand up) it stops with
//! [`abort`] and the full path (bytes → `Value` → every error) decides.
//! Hence the one rule every reader keeps: it may refuse more than the
//! validators (costing only speed), never accept less.
//!
//! Generated code names readers as types implementing [`Read`]; this module
//! holds the generic ones (leaves, lists, maps, the `Value` fallback).

use crate::convert::{FromKey, FromValue};
use crate::validate::Ctx;
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;
use serde_json::{Number, Value};
use std::borrow::Cow;
use std::cell::{Cell, RefCell};
use std::fmt;
use std::marker::PhantomData;

/// The message of the private error a reader stops with: empty, so that
/// serde_json's custom error neither allocates it nor scans it for a
/// position (it is built at every broken rule and never shown).
const ABORT: &str = "";

thread_local! {
    /// The JSON of the subtree a reader found invalid, on its way up to the
    /// reader that called it (set by [`invalid`], taken by [`salvaged`]).
    static SALVAGE: Cell<Option<Value>> = const { Cell::new(None) };
    /// Where the placeholders of the document being handed up are (see
    /// [`Settled`]): registered by [`Partial::done`], taken by [`read_document`].
    static SETTLED: RefCell<Vec<usize>> = const { RefCell::new(Vec::new()) };
    /// The members left out of the objects of the document being handed up
    /// (see [`Settled`]), by object: registered by [`Partial::done`].
    static ABSENT: RefCell<Vec<(usize, Vec<&'static str>)>> = const { RefCell::new(Vec::new()) };
    /// Errors of the document being handed up that readers counted and
    /// did not keep (past the error cap, see [`MapOf`]).
    static UNLISTED: Cell<usize> = const { Cell::new(0) };
    /// The arrays of the document being handed up that hold only some of
    /// their items (see [`VecOf`] with [`ArrayChecks`]).
    static SPARSE: RefCell<Vec<(usize, Sparse)>> = const { RefCell::new(Vec::new()) };
}

/// An array handed up with only the items whose errors will be listed: the
/// array's length and, for each item kept, its index in the document.
#[derive(Debug)]
pub struct Sparse {
    len: usize,
    at: Vec<usize>,
}

impl Sparse {
    /// The array's length in the document.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the array is empty in the document.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The document index of each item kept, in order.
    pub fn indices(&self) -> &[usize] {
        &self.at
    }
}

/// The members of a handed-up document that a reader read and checked
/// before or after the break. They are left out of their object (no key,
/// no hashing, their typed value not turned back into JSON) and listed
/// here by name, so the validators take them as present and valid without
/// looking: `required` finds them, member counts include them. An object
/// that would be left empty keeps the first of them as a `null`
/// placeholder (its address listed here too), so every object with absent
/// members has a first member, whose address names the object.
/// Only members the validators reach through `properties` alone, with the
/// very schemas the reader checked, are settled (the generator decides).
#[derive(Debug, Default)]
pub struct Settled {
    /// The placeholders' addresses.
    placeholders: Vec<usize>,
    /// Members left out, by object (the address of its first key).
    absent: Vec<(usize, Vec<&'static str>)>,
    /// How many errors the readers counted past the error cap and left out
    /// of the document ([`MapOf`], [`VecOf`]).
    unlisted: usize,
    /// The arrays handed up with only some of their items, by the address
    /// of their buffer ([`Sparse`]).
    sparse: Vec<(usize, Sparse)>,
}

impl Settled {
    /// Whether `v` is one of the placeholders.
    #[inline]
    pub fn holds(&self, v: &Value) -> bool {
        !self.placeholders.is_empty() && v.is_null() && self.placeholders.contains(&(v as *const Value as usize))
    }

    /// The members read, checked and left out of object `m`.
    #[inline]
    pub fn absent(&self, m: &serde_json::Map<String, Value>) -> &[&'static str] {
        if self.absent.is_empty() {
            return &[];
        }
        match address(m) {
            Some(at) => self.absent.iter().find(|(o, _)| *o == at).map_or(&[], |(_, names)| names),
            None => &[],
        }
    }

    /// How many errors the readers counted past the cap and left out.
    pub fn unlisted(&self) -> usize {
        self.unlisted
    }

    /// What the document holds of `items` when a reader kept only some of
    /// them (`None`: `items` is the array as the document has it).
    #[inline]
    pub fn sparse(&self, items: &[Value]) -> Option<&Sparse> {
        if self.sparse.is_empty() {
            return None;
        }
        let at = items.as_ptr() as usize;
        self.sparse.iter().find(|(p, _)| *p == at).map(|(_, s)| s)
    }

    fn take() -> Self {
        Settled {
            placeholders: SETTLED.with(|s| std::mem::take(&mut *s.borrow_mut())),
            absent: ABSENT.with(|a| std::mem::take(&mut *a.borrow_mut())),
            unlisted: UNLISTED.with(|u| u.take()),
            sparse: SPARSE.with(|s| std::mem::take(&mut *s.borrow_mut())),
        }
    }

    /// Forgets placeholders registered by a reader that did not hand its
    /// document up (the list keeps its memory), and what readers counted.
    fn forget() {
        SETTLED.with(|s| s.borrow_mut().clear());
        ABSENT.with(|a| a.borrow_mut().clear());
        UNLISTED.with(|u| u.set(0));
        SPARSE.with(|s| s.borrow_mut().clear());
    }
}

impl Drop for Settled {
    /// Gives the list's memory back for the next document (one allocation
    /// per thread, not one per invalid document).
    fn drop(&mut self) {
        if self.placeholders.capacity() == 0 {
            return;
        }
        let mut list = std::mem::take(&mut self.placeholders);
        list.clear();
        SETTLED.with(|s| {
            if let Ok(mut s) = s.try_borrow_mut() {
                if s.capacity() == 0 {
                    *s = list;
                }
            }
        });
    }
}

/// The error a reader stops with when only the full path can decide (the
/// document is read again from its bytes).
#[inline(never)]
#[cold]
pub fn abort<E: de::Error>() -> E {
    SALVAGE.with(|s| drop(s.take()));
    E::custom(ABORT)
}

/// The error a reader stops with at a broken rule, once it has read its
/// whole subtree as `v`: the caller takes `v` with [`salvaged`] and goes on.
#[inline(never)]
#[cold]
pub fn invalid<E: de::Error>(v: Value) -> E {
    invalid_with(v, None)
}

/// [`invalid`], stopping with `spare` when there is one: an error a member's
/// reader stopped with, caught and kept by the object reader that read on.
/// Reusing it spares building an error (an allocation, and serde_json's
/// search of the message for a position) at every level on the way up.
#[inline(never)]
#[cold]
pub fn invalid_with<E: de::Error>(v: Value, spare: Option<E>) -> E {
    SALVAGE.with(|s| s.set(Some(v)));
    spare.unwrap_or_else(|| E::custom(ABORT))
}

/// After a reader failed: its subtree as JSON when the failure was a broken
/// rule ([`invalid`]), `None` when only the full path can decide.
#[inline]
pub fn salvaged() -> Option<Value> {
    SALVAGE.with(|s| s.take())
}

/// Reads the next value of `m` as JSON and hands it up as invalid: the
/// value of a member no schema branch admits.
#[cold]
pub fn invalid_member<'de, A: MapAccess<'de>>(m: &mut A) -> A::Error {
    match m.next_value_seed(Json) {
        Ok(v) => invalid(v),
        Err(e) => e,
    }
}

/// A payload kept raw that no schema branch admits: its JSON is left for
/// [`salvaged`], and the reader that kept it hands its object up.
#[cold]
pub fn invalid_raw<T>(raw: &serde_json::value::RawValue) -> Option<T> {
    let v = crate::parse::value_from_str(raw.get(), crate::ReadSettings::new()).ok();
    SALVAGE.with(|s| s.set(v));
    None
}

/// What a reader made of a whole document.
pub enum Outcome<T> {
    /// Every rule holds: the typed value.
    Valid(T),
    /// A rule is broken: the document as JSON, for the validators to report
    /// (members read and checked are left out, listed in [`Settled`]).
    Invalid(Value, Settled),
    /// The reader cannot tell (or the JSON is bad): run the full path.
    Declined,
}

/// Reads a subtree as JSON ([`crate::value_from_slice`]'s reader): a
/// repeated member name aborts, for the full path to report.
pub fn json<'de, D: Deserializer<'de>>(d: D) -> Result<Value, D::Error> {
    crate::parse::value_refusing_duplicates(d).map_err(|(e, repeated)| if repeated { abort() } else { e })
}

/// [`json`] as a seed, for `next_value_seed` / `next_element_seed`.
pub struct Json;

impl<'de> DeserializeSeed<'de> for Json {
    type Value = Value;
    #[inline]
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        json(d)
    }
}

/// Runs `read` on bytes, with what it made of them (numbers keep their
/// exponents as written: `read` may run twice, see `parse::keeping_exponents`).
pub fn read_document<T>(b: &[u8], read: impl Fn(&mut serde_json::Deserializer<serde_json::de::StrRead<'_>>) -> Result<T, serde_json::Error>) -> Outcome<T> {
    // UTF-8 checked once for the whole text (SIMD), not string by string
    // as serde_json's byte reader does; text that is not UTF-8 is left to
    // the full path, which says where.
    let Ok(text) = simdutf8::basic::from_utf8(b) else { return Outcome::Declined };
    crate::parse::keeping_exponents(b, || read_once(text, &read))
}

fn read_once<T>(text: &str, read: impl Fn(&mut serde_json::Deserializer<serde_json::de::StrRead<'_>>) -> Result<T, serde_json::Error>) -> Outcome<T> {
    drop(salvaged());
    Settled::forget();
    let mut de = serde_json::Deserializer::from_str(text);
    let out = match read(&mut de) {
        Ok(v) if de.end().is_ok() => Outcome::Valid(v),
        Ok(_) => Outcome::Declined,
        Err(_) => match salvaged() {
            Some(v) if de.end().is_ok() => return Outcome::Invalid(v, Settled::take()),
            _ => Outcome::Declined,
        },
    };
    Settled::forget();
    out
}

/// Runs `read` on bytes; `None` unless it builds a value (a broken rule,
/// a declined document and bad JSON all give `None`).
pub fn read_slice<T>(b: &[u8], read: impl Fn(&mut serde_json::Deserializer<serde_json::de::StrRead<'_>>) -> Result<T, serde_json::Error>) -> Option<T> {
    match read_document(b, read) {
        Outcome::Valid(v) => Some(v),
        _ => None,
    }
}

/// What names a complete handed-up object (see [`Settled`]): the address
/// of its first key. Its entries stay where they are in memory once it is
/// complete (moving the map moves only its handle); an empty one has none.
fn address(m: &serde_json::Map<String, Value>) -> Option<usize> {
    m.keys().next().map(|first| first as *const String as usize)
}

/// A typed value back as JSON; `None` if it does not serialise (then the
/// reader aborts).
fn json_of<T: Serialize>(x: T) -> Option<Value> {
    serde_json::to_value(x).ok()
}

/// The members an object reader has read so far, as JSON: built when one
/// turns out invalid, to hand the whole object up with [`invalid`].
#[derive(Default)]
pub struct Partial {
    map: serde_json::Map<String, Value>,
    /// A member that did not convert back to JSON, or a repeated member
    /// name: only the full path can decide.
    broken: bool,
    /// Members read and checked, left out of `map` ([`Settled`]).
    absent: Vec<&'static str>,
}

impl Partial {
    /// Nothing read yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Nothing read yet, room for `n` members (the map never grows while
    /// an object is handed up: no rehashing, no copying).
    pub fn with_capacity(n: usize) -> Self {
        Partial { map: serde_json::Map::with_capacity(n), ..Self::default() }
    }

    /// A member read and checked, if present, back as JSON.
    ///
    /// It is borrowed, as in [`settle`](Self::settle): a reader's slots
    /// are dropped once, as a whole, after they are handed up.
    pub fn keep<T: Serialize>(&mut self, name: &str, x: &Option<T>) {
        if let Some(x) = x {
            self.put(name.to_owned(), x);
        }
    }

    /// A member read and checked, if present, left out of the object:
    /// the validators take it as present and valid ([`Settled`]).
    pub fn settle<T>(&mut self, name: &'static str, x: &Option<T>) {
        if x.is_some() {
            self.absent.push(name);
        }
    }

    /// A typed member back as JSON (a member that does not serialise leaves
    /// the decision to the full path).
    fn put<T: Serialize>(&mut self, name: String, x: T) {
        match json_of(x) {
            Some(v) => self.insert(name, v),
            None => self.broken = true,
        }
    }

    /// Adds a member; a repeated name leaves the decision to the full path
    /// (the validators must see what `serde_json::Value` keeps, and a value
    /// dropped here could be registered as having settled members: its
    /// memory could be reused while the document is checked).
    fn insert(&mut self, name: String, v: Value) {
        if self.map.insert(name, v).is_some() {
            self.broken = true;
        }
    }

    /// A member as JSON.
    pub fn keep_value(&mut self, name: &str, v: Value) {
        self.insert(name.to_owned(), v);
    }

    /// The members found invalid while the reader read on.
    pub fn keep_broken(&mut self, b: Broken) {
        for (k, v) in b.0 {
            self.insert(k, v);
        }
    }

    /// Members a type writes itself (`f` writes them into a JSON map).
    pub fn keep_fields(&mut self, f: impl FnOnce(&mut <serde_json::value::Serializer as Serializer>::SerializeMap) -> Result<(), serde_json::Error>) {
        let Ok(mut m) = serde_json::value::Serializer.serialize_map(None) else {
            self.broken = true;
            return;
        };
        match (f(&mut m), SerializeMap::end(m)) {
            (Ok(()), Ok(Value::Object(members))) => members.into_iter().for_each(|(k, v)| self.insert(k, v)),
            _ => self.broken = true,
        }
    }

    /// A member kept as raw JSON text.
    pub fn keep_raw(&mut self, name: &str, raw: Option<&serde_json::value::RawValue>) {
        if let Some(raw) = raw {
            match crate::parse::value_from_str(raw.get(), crate::ReadSettings::new()) {
                Ok(v) => self.keep_value(name, v),
                Err(_) => self.broken = true,
            }
        }
    }

    /// The unknown members kept so far.
    pub fn keep_extra<V: Serialize>(&mut self, extra: crate::Extra<V>) {
        for (k, x) in extra {
            self.put(k, x);
        }
    }

    /// Member `name`'s reader failed with `e`: on a broken rule its value
    /// joins the others and the rest of the object is read as JSON.
    #[cold]
    pub fn failed<'de, A: MapAccess<'de>>(mut self, m: &mut A, name: impl Into<String>, e: A::Error) -> A::Error {
        match salvaged() {
            Some(v) => {
                self.insert(name.into(), v);
                self.rest(m, Some(e))
            }
            None => e,
        }
    }

    /// A member no rule admits (`additionalProperties: false`): its value
    /// and the rest of the object are read as JSON.
    #[cold]
    pub fn unknown<'de, A: MapAccess<'de>>(mut self, m: &mut A, name: impl Into<String>) -> A::Error {
        match m.next_value_seed(Json) {
            Ok(v) => {
                self.insert(name.into(), v);
                self.rest(m, None)
            }
            Err(e) => e,
        }
    }

    /// Reads the object's remaining members as JSON, then hands it up
    /// (with `spare`, as [`Partial::done`]).
    #[cold]
    pub fn rest<'de, A: MapAccess<'de>>(mut self, m: &mut A, spare: Option<A::Error>) -> A::Error {
        loop {
            let k = match m.next_key::<String>() {
                Ok(Some(k)) => k,
                Ok(None) => return self.done(spare),
                Err(e) => return e,
            };
            match m.next_value_seed(Json) {
                Ok(v) => self.insert(k, v),
                Err(e) => return e,
            }
        }
    }

    /// The object is read to its end: hands it up as invalid, stopping with
    /// `spare` if a member's reader left one ([`invalid_with`]).
    #[cold]
    pub fn done<E: de::Error>(mut self, spare: Option<E>) -> E {
        // A name both left out and in the map is a repeated member.
        if self.broken || self.absent.iter().any(|n| crate::validate::lookup(&self.map, n).is_some()) {
            return abort();
        }
        if !self.absent.is_empty() {
            if self.map.is_empty() {
                // The object needs a first member to be known by.
                let first = self.absent.remove(0);
                self.map.insert(first.to_owned(), Value::Null);
                if let Some(v) = self.map.values().next() {
                    SETTLED.with(|s| s.borrow_mut().push(v as *const Value as usize));
                }
            }
            if let Some(at) = address(&self.map) {
                let names = std::mem::take(&mut self.absent);
                if !names.is_empty() {
                    ABSENT.with(|a| a.borrow_mut().push((at, names)));
                }
            }
        }
        invalid_with(Value::Object(self.map), spare)
    }
}

/// The members an object reader found invalid while it read on (each one's
/// JSON, in document order): the reader finishes the object, checking every
/// other member, then hands it up with [`Partial::keep_broken`].
#[derive(Default)]
pub struct Broken(Vec<(String, Value)>);

impl Broken {
    /// None yet.
    #[inline]
    pub fn new() -> Self {
        Broken(Vec::new())
    }

    /// Whether every member read so far held.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// How many members broke a rule.
    #[inline]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Reads member `name` into `slot` with reader `R` ([`read_member`]); at
    /// a broken rule the member's JSON is kept here ([`Self::failed`]).
    #[inline]
    pub fn read<'de, R: Read, A: MapAccess<'de>>(
        &mut self,
        name: Cow<'_, str>,
        m: &mut A,
        slot: &mut Option<R::Out>,
        spare: &mut Option<A::Error>,
    ) -> Result<(), A::Error> {
        match read_member::<R, A>(m, slot) {
            Ok(()) => Ok(()),
            Err(e) => self.failed(name, e, spare),
        }
    }

    /// Member `name`'s reader failed with `e`: on a broken rule its value is
    /// kept, `e` is kept in `spare` (to hand the object up with, see
    /// [`invalid_with`]) and the reader reads on (`Ok`); otherwise `e` stands.
    #[cold]
    pub fn failed<E>(&mut self, name: Cow<'_, str>, e: E, spare: &mut Option<E>) -> Result<(), E> {
        match salvaged() {
            Some(v) => {
                self.keep(name, v);
                *spare = Some(e);
                Ok(())
            }
            None => Err(e),
        }
    }

    /// A member whose value, already read, breaks a rule.
    #[cold]
    pub fn keep(&mut self, name: Cow<'_, str>, v: Value) {
        self.0.push((name.into_owned(), v));
    }

    /// A member no rule admits (`additionalProperties: false`): its value is
    /// read as JSON and kept.
    #[cold]
    pub fn unknown<'de, A: MapAccess<'de>>(&mut self, m: &mut A, name: Cow<'_, str>) -> Result<(), A::Error> {
        let v = m.next_value_seed(Json)?;
        self.keep(name, v);
        Ok(())
    }
}

/// A value of the wrong JSON type for a reader: read as JSON and handed up.
/// Expands to the `Visitor` methods for the kinds named: `bool`, `number`,
/// `str`, `null` (or all four: `scalars`), `seq`, `map`.
#[doc(hidden)]
#[macro_export]
macro_rules! __fast_refuse {
    ($($kind:ident)*) => {
        $($crate::__fast_refuse!(@ $kind);)*
    };
    (@ scalars) => {
        $crate::__fast_refuse!(bool number str null);
    };
    (@ bool) => {
        fn visit_bool<E: $crate::__private::serde::de::Error>(self, v: bool) -> ::std::result::Result<Self::Value, E> {
            ::std::result::Result::Err($crate::fast::invalid($crate::Value::Bool(v)))
        }
    };
    (@ number) => {
        fn visit_i64<E: $crate::__private::serde::de::Error>(self, v: i64) -> ::std::result::Result<Self::Value, E> {
            ::std::result::Result::Err($crate::fast::invalid($crate::Value::Number(v.into())))
        }
        fn visit_u64<E: $crate::__private::serde::de::Error>(self, v: u64) -> ::std::result::Result<Self::Value, E> {
            ::std::result::Result::Err($crate::fast::invalid($crate::Value::Number(v.into())))
        }
        fn visit_f64<E: $crate::__private::serde::de::Error>(self, v: f64) -> ::std::result::Result<Self::Value, E> {
            ::std::result::Result::Err($crate::fast::invalid($crate::fast::float(v)))
        }
    };
    (@ str) => {
        fn visit_str<E: $crate::__private::serde::de::Error>(self, v: &str) -> ::std::result::Result<Self::Value, E> {
            ::std::result::Result::Err($crate::fast::invalid($crate::Value::String(v.to_owned())))
        }
    };
    (@ null) => {
        fn visit_unit<E: $crate::__private::serde::de::Error>(self) -> ::std::result::Result<Self::Value, E> {
            ::std::result::Result::Err($crate::fast::invalid($crate::Value::Null))
        }
    };
    (@ seq) => {
        fn visit_seq<A: $crate::__private::serde::de::SeqAccess<'de>>(self, seq: A) -> ::std::result::Result<Self::Value, A::Error> {
            let v = $crate::fast::json($crate::__private::serde::de::value::SeqAccessDeserializer::new(seq))?;
            ::std::result::Result::Err($crate::fast::invalid(v))
        }
    };
    (@ map) => {
        fn visit_map<A: $crate::__private::serde::de::MapAccess<'de>>(self, map: A) -> ::std::result::Result<Self::Value, A::Error> {
            let v = $crate::fast::json($crate::__private::serde::de::value::MapAccessDeserializer::new(map))?;
            ::std::result::Result::Err($crate::fast::invalid(v))
        }
    };
}

/// The one-pass reader of a union whose branches take values of different
/// JSON types: the value's type picks the branch, whose reader reads it
/// (`anyOf`/`oneOf` then hold exactly when that branch does). Expands to a
/// reader `$name` and its visitor, generic over each branch's reader (named
/// `R0`, `R1`, … by the caller, with the variant's payload type), so places
/// that read a union alike but for a branch's rules share the expansion:
/// `Union1<LeafRead<Leaf2>, VecOf<…>>`. Kinds no branch takes are invalid.
/// `union_reader!(Union1, Visit1 -> Answer { str => Answer::One; R0: String, seq => Answer::Many; R1: Vec<String> } refuse bool number null map);`
/// For a generic union, `-> Rule<T> where T { …; R1: T }`: what the reader of `T` reads.
#[macro_export]
macro_rules! union_reader {
    ($name:ident, $visit:ident -> $out:ty $(where $param:ident)? { $($kind:ident => $variant:expr ; $r:ident : $payload:ty),* } refuse $($refuse:ident)*) => {
        /// Reads a union: the JSON type picks the branch, read by its reader.
        pub struct $name<$($r),*>(::std::marker::PhantomData<($($r,)*)>);
        impl<$($param: $crate::__private::serde::Serialize,)? $($r: $crate::fast::Read<Out = $payload>),*> $crate::fast::Read for $name<$($r),*> {
            type Out = $out;
            #[inline]
            fn read<'de, D: $crate::__private::serde::Deserializer<'de>>(d: D) -> ::std::result::Result<$out, D::Error> {
                d.deserialize_any($visit::<$($r),*>(::std::marker::PhantomData))
            }
        }
        struct $visit<$($r),*>(::std::marker::PhantomData<($($r,)*)>);
        impl<'de, $($param: $crate::__private::serde::Serialize,)? $($r: $crate::fast::Read<Out = $payload>),*> $crate::__private::serde::de::Visitor<'de> for $visit<$($r),*> {
            type Value = $out;
            fn expecting(&self, f: &mut ::std::fmt::Formatter) -> ::std::fmt::Result {
                f.write_str("a value of one of the union's types")
            }
            $($crate::__union_arm!($kind, $variant, $r);)*
            $crate::__fast_refuse!($($refuse)*);
        }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __union_arm {
    (str, $variant:expr, $reader:ty) => {
        fn visit_str<E: $crate::__private::serde::de::Error>(self, v: &str) -> ::std::result::Result<Self::Value, E> {
            <$reader as $crate::fast::Read>::read($crate::__private::serde::de::value::StrDeserializer::<E>::new(v)).map($variant)
        }
    };
    (bool, $variant:expr, $reader:ty) => {
        fn visit_bool<E: $crate::__private::serde::de::Error>(self, v: bool) -> ::std::result::Result<Self::Value, E> {
            <$reader as $crate::fast::Read>::read($crate::__private::serde::de::value::BoolDeserializer::<E>::new(v)).map($variant)
        }
    };
    (null, $variant:expr, $reader:ty) => {
        fn visit_unit<E: $crate::__private::serde::de::Error>(self) -> ::std::result::Result<Self::Value, E> {
            <$reader as $crate::fast::Read>::read($crate::__private::serde::de::value::UnitDeserializer::<E>::new()).map($variant)
        }
    };
    (number, $variant:expr, $reader:ty) => {
        fn visit_i64<E: $crate::__private::serde::de::Error>(self, v: i64) -> ::std::result::Result<Self::Value, E> {
            <$reader as $crate::fast::Read>::read($crate::__private::serde::de::value::I64Deserializer::<E>::new(v)).map($variant)
        }
        fn visit_u64<E: $crate::__private::serde::de::Error>(self, v: u64) -> ::std::result::Result<Self::Value, E> {
            <$reader as $crate::fast::Read>::read($crate::__private::serde::de::value::U64Deserializer::<E>::new(v)).map($variant)
        }
        fn visit_f64<E: $crate::__private::serde::de::Error>(self, v: f64) -> ::std::result::Result<Self::Value, E> {
            <$reader as $crate::fast::Read>::read($crate::__private::serde::de::value::F64Deserializer::<E>::new(v)).map($variant)
        }
    };
    (seq, $variant:expr, $reader:ty) => {
        fn visit_seq<A: $crate::__private::serde::de::SeqAccess<'de>>(self, seq: A) -> ::std::result::Result<Self::Value, A::Error> {
            <$reader as $crate::fast::Read>::read($crate::__private::serde::de::value::SeqAccessDeserializer::new(seq)).map($variant)
        }
    };
    (map, $variant:expr, $reader:ty) => {
        fn visit_map<A: $crate::__private::serde::de::MapAccess<'de>>(self, map: A) -> ::std::result::Result<Self::Value, A::Error> {
            <$reader as $crate::fast::Read>::read($crate::__private::serde::de::value::MapAccessDeserializer::new(map)).map($variant)
        }
    };
}

/// A float as `serde_json::Value` holds it (a non-finite float is no number).
#[inline]
pub fn float(v: f64) -> Value {
    Number::from_f64(v).map_or(Value::Null, Value::Number)
}

/// Reads one JSON value of a known schema into `Out`.
pub trait Read {
    /// What it builds (serialisable, to hand it up as JSON after a broken rule).
    type Out: Serialize;
    /// Reads the next value from `d`; at a broken rule, fails with
    /// [`invalid`] once the whole value is read as JSON (or with [`abort`]).
    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Self::Out, D::Error>;
}

/// The reader a type reads with where its place adds no rule of its own:
/// what a generated struct's member is read by unless it names another
/// (`#[json(read = …)]`, see `rt::Object`). Generated structs with a
/// contract read as [`Typed`]; the runtime's types as the plain readers.
pub trait Reads {
    /// The reader.
    type Reader: Read<Out = Self>;
}

impl Reads for String {
    type Reader = AnyString;
}

impl Reads for bool {
    type Reader = AnyBool;
}

impl Reads for crate::Number {
    type Reader = AnyNumber;
}

impl Reads for crate::Integer {
    type Reader = AnyInteger;
}

impl Reads for () {
    type Reader = AnyNull;
}

impl Reads for Value {
    type Reader = AnyValue;
}

impl<T: Reads> Reads for Vec<T> {
    type Reader = VecOf<T::Reader, 0, { usize::MAX }>;
}

impl<T: Reads> Reads for crate::Map<String, T> {
    type Reader = MapOf<StringLeaf, T::Reader>;
}

impl<T: Reads> Reads for Box<T> {
    type Reader = Boxed<T::Reader>;
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

/// Reads the next member's value as the generated type `T` (its own reader).
#[inline]
pub fn typed<'de, T: crate::Contract, A: de::MapAccess<'de>>(m: &mut A) -> Result<T, A::Error> {
    next::<Typed<T>, A>(m)
}

/// [`read_raw`] for a generated type `T` (its own reader).
#[inline]
pub fn typed_raw<T: crate::Contract>(raw: &serde_json::value::RawValue) -> Option<T> {
    read_raw::<Typed<T>>(raw)
}

/// Reads the next member's value with reader `R`.
#[inline]
pub fn next<'de, R: Read, A: de::MapAccess<'de>>(m: &mut A) -> Result<R::Out, A::Error> {
    m.next_value_seed(Seed::<R>::new())
}

/// Reads a named member's value into its slot. A name seen twice aborts:
/// which value counts is for the full path to decide. On a broken rule the
/// caller hands the object up ([`Partial::failed`]).
#[inline]
pub fn read_member<'de, R: Read, A: de::MapAccess<'de>>(m: &mut A, slot: &mut Option<R::Out>) -> Result<(), A::Error> {
    if slot.is_some() {
        return Err(abort());
    }
    *slot = Some(next::<R, A>(m)?);
    Ok(())
}

/// The member name under which serde_json (with `arbitrary_precision`)
/// hands a number that is not a `u64`/`i64` to a visitor expecting any
/// value (`1.5`, `-0`, `1e400`): an object reader that meets it as a member
/// name aborts (a number where an object is expected, or a document that
/// uses the name: the full path, [`crate::value_from_slice`], tells them apart).
const NUMBER_TOKEN: &str = "$serde_json::private::Number";

/// A member name, borrowed from the input when it has no escapes; the name
/// serde_json gives a number's text (`NUMBER_TOKEN`) aborts.
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
        if v.len() == NUMBER_TOKEN.len() && v == NUMBER_TOKEN {
            return Err(abort());
        }
        Ok(Key(Cow::Borrowed(v)))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Key<'de>, E> {
        if v == NUMBER_TOKEN {
            return Err(abort());
        }
        Ok(Key(Cow::Owned(v.to_owned())))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<Key<'de>, E> {
        if v == NUMBER_TOKEN {
            return Err(abort());
        }
        Ok(Key(Cow::Owned(v)))
    }
}

/// A tag member's value (`type`), borrowed from the input when it has no
/// escapes; a value of another JSON type is invalid (handed up as JSON).
pub struct Tag<'de>(pub Cow<'de, str>);

impl<'de> de::Deserialize<'de> for Tag<'de> {
    #[inline]
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(TagVisitor)
    }
}

struct TagVisitor;

impl<'de> Visitor<'de> for TagVisitor {
    type Value = Tag<'de>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a string")
    }
    #[inline]
    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Tag<'de>, E> {
        Ok(Tag(Cow::Borrowed(v)))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Tag<'de>, E> {
        Ok(Tag(Cow::Owned(v.to_owned())))
    }
    crate::__fast_refuse!(bool number null seq map);
}

/// A scalar reader: strings are checked as `&str` before anything is
/// allocated; other scalars (numbers, booleans, `null`) as a `Value` on the
/// stack with the generated validators, exactly as the full path does.
pub trait Leaf {
    /// What it builds.
    type Out: Serialize;
    /// A string value: checks it and builds, or `None` if a rule is broken.
    fn string(s: &str) -> Option<Self::Out>;
    /// A number, boolean or `null`: checks it and builds from it. On a
    /// broken rule it gives the value back (`Err(Some(v))`, to hand up);
    /// `Err(None)` leaves the document to the full path.
    fn scalar(v: Value) -> Result<Self::Out, Option<Value>>;
}

/// The leaf of a string whose schema asks nothing of it, a member's value
/// or a member name (what `string_leaf!(L -> String, |s| [] =>
/// Some(s.to_owned()))` would generate in every module); a member is read
/// by [`AnyString`].
pub struct StringLeaf;

impl Leaf for StringLeaf {
    type Out = String;
    #[inline]
    fn string(s: &str) -> Option<String> {
        Some(s.to_owned())
    }
    fn scalar(v: Value) -> Result<String, Option<Value>> {
        Err(Some(v))
    }
}

/// The leaf of a scalar whose schema is its `type` alone (what
/// `value_leaf!(L -> T, scalar |v| rt::is_valid(types::only::<TYPES>, v))`
/// would generate in every module); members are read by [`AnyBool`], [`AnyNumber`], …
pub struct OnlyType<T, const TYPES: u8>(PhantomData<T>);

impl<T: FromValue + Serialize, const TYPES: u8> Leaf for OnlyType<T, TYPES> {
    type Out = T;
    fn string(_: &str) -> Option<T> {
        None
    }
    fn scalar(value: Value) -> Result<T, Option<Value>> {
        checked_scalar(value, |v| crate::is_valid(crate::types::only::<TYPES>, v))
    }
}

/// A scalar leaf's [`Leaf::scalar`]: a value `valid` refuses is handed up
/// (`Err(Some(v))`); a valid one that does not convert is left to the full
/// path (`Err(None)`), which alone can say why.
#[inline]
pub fn checked_scalar<T: FromValue>(value: Value, valid: impl FnOnce(&Value) -> bool) -> Result<T, Option<Value>> {
    if !valid(&value) {
        return Err(Some(value));
    }
    T::from_value(value).map_err(|_| None)
}

/// A closed string enum (`string_enum!`): the value a listed string names.
pub trait ListedStr: Sized {
    /// The value whose JSON text is `s`, if `s` is one of the listed strings.
    fn from_listed_str(s: &str) -> Option<Self>;
}

/// The leaf of a string whose schema is a closed enum's list and nothing
/// more (what `string_leaf!(L -> E, |s| [!matches!(s, "a" | "b")] =>
/// E::from_listed_str(s))` would generate in every module); a member is
/// read by [`Listed`].
pub struct ListedLeaf<E>(PhantomData<E>);

impl<E: ListedStr + Serialize> Leaf for ListedLeaf<E> {
    type Out = E;
    #[inline]
    fn string(s: &str) -> Option<E> {
        E::from_listed_str(s)
    }
    fn scalar(v: Value) -> Result<E, Option<Value>> {
        Err(Some(v))
    }
}

/// Reads a member that is one of closed enum `E`'s strings.
pub type Listed<E> = LeafRead<ListedLeaf<E>>;

/// Reads a string member its schema asks nothing more of.
pub type AnyString = LeafRead<StringLeaf>;
/// Reads a `"type": "boolean"` member.
pub type AnyBool = LeafRead<OnlyType<bool, { crate::types::BOOLEAN }>>;
/// Reads a `"type": "number"` member.
pub type AnyNumber = LeafRead<OnlyType<crate::Number, { crate::types::NUMBER }>>;
/// Reads a `"type": "integer"` member.
pub type AnyInteger = LeafRead<OnlyType<crate::Integer, { crate::types::INTEGER }>>;
/// Reads a `"type": "null"` member.
pub type AnyNull = LeafRead<OnlyType<(), { crate::types::NULL }>>;

/// [`Read`] for a [`Leaf`]: arrays and objects are invalid (a leaf's type
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
        L::string(v).ok_or_else(|| invalid(Value::String(v.to_owned())))
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<L::Out, E> {
        scalar::<L, E>(Value::Bool(v))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<L::Out, E> {
        scalar::<L, E>(Value::Number(v.into()))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<L::Out, E> {
        scalar::<L, E>(Value::Number(v.into()))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<L::Out, E> {
        scalar::<L, E>(float(v))
    }
    fn visit_unit<E: de::Error>(self) -> Result<L::Out, E> {
        scalar::<L, E>(Value::Null)
    }
    /// An object, or a number serde_json keeps as text (`1.5`, `-0`, `1e400`).
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<L::Out, A::Error> {
        match json(de::value::MapAccessDeserializer::new(map))? {
            v @ Value::Number(_) => scalar::<L, A::Error>(v),
            v => Err(invalid(v)),
        }
    }
    crate::__fast_refuse!(seq);
}

#[inline]
fn scalar<L: Leaf, E: de::Error>(v: Value) -> Result<L::Out, E> {
    match L::scalar(v) {
        Ok(x) => Ok(x),
        Err(Some(v)) => Err(invalid(v)),
        Err(None) => Err(abort()),
    }
}

/// A generated check of a whole `Value` (the validators of the schemas that
/// apply, in quiet mode): the fallback for what a reader cannot decide alone.
pub trait Check {
    /// What it builds.
    type Out: FromValue + Serialize;
    /// Whether `v` is valid.
    fn check(v: &Value) -> bool;
}

/// [`Read`] that reads the subtree as a `Value`, validates it with the
/// generated validators and converts it: the full path, node by node.
pub struct ViaValue<C>(PhantomData<C>);

impl<C: Check> Read for ViaValue<C> {
    type Out = C::Out;
    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<C::Out, D::Error> {
        let v = json(d)?;
        if !C::check(&v) {
            return Err(invalid(v));
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
/// (`minItems`/`maxItems`; `usize::MAX` when unbounded). With the array's
/// validators (`C`), an invalid array is handed up holding only the items
/// the validators will list errors for ([`ArrayChecks`]), so an array of a
/// million items costs its errors' cap, not its `Value`.
pub struct VecOf<R, const MIN: usize, const MAX: usize, C = KeepAllItems>(PhantomData<(R, C)>);

/// The validator of an array's items, for its reader ([`VecOf`]): when the
/// array's one schema has no more than `items` and the item count bounds,
/// an invalid array is read on item by item, and only the items whose
/// errors will be listed are handed up, with their indices ([`Sparse`]);
/// the validators read the array's length and indices through `Ctx`.
pub trait ArrayChecks {
    /// `Some(items)`, the validator of `items` if the schema has it; `None`:
    /// every item is handed up.
    const ITEMS: Option<Option<crate::Check>>;
}

/// [`ArrayChecks`] for an array whose validators do more: every item handed up.
pub struct KeepAllItems;

impl ArrayChecks for KeepAllItems {
    const ITEMS: Option<Option<crate::Check>> = None;
}

impl<R: Read, const MIN: usize, const MAX: usize, C: ArrayChecks> Read for VecOf<R, MIN, MAX, C> {
    type Out = Vec<R::Out>;
    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<R::Out>, D::Error> {
        d.deserialize_any(VecVisitor::<R, MIN, MAX, C>(PhantomData))
    }
}

struct VecVisitor<R, const MIN: usize, const MAX: usize, C>(PhantomData<(R, C)>);

impl<'de, R: Read, const MIN: usize, const MAX: usize, C: ArrayChecks> Visitor<'de> for VecVisitor<R, MIN, MAX, C> {
    type Value = Vec<R::Out>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an array")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut out = Vec::new();
        loop {
            match seq.next_element_seed(Seed::<R>::new()) {
                Ok(Some(x)) => {
                    if out.len() == MAX {
                        out.push(x);
                        return Err(match C::ITEMS {
                            Some(items) => ArrayErrors::after(out.len(), items).read_on(&mut seq, None),
                            None => rest_of_array(&mut seq, out, None),
                        });
                    }
                    out.push(x);
                }
                Ok(None) => break,
                Err(e) => {
                    return Err(match salvaged() {
                        Some(v) => match C::ITEMS {
                            Some(items) => ArrayErrors::after(out.len(), items).read_on(&mut seq, Some((v, e))),
                            None => rest_of_array(&mut seq, out, Some((v, e))),
                        },
                        None => e,
                    })
                }
            }
        }
        if out.len() < MIN {
            return Err(match C::ITEMS {
                Some(items) => ArrayErrors::after(out.len(), items).hand_up(None),
                None => invalid_array(out, None, Vec::new()),
            });
        }
        Ok(out)
    }
    crate::__fast_refuse!(scalars);
    crate::__fast_refuse!(map);
}

/// [`Read`] for an array of exactly the items of a tuple, each read by its
/// own reader: `TupleOf<(R0, R1)>` reads `[level, options]` into a
/// `(Level, Options)`. A missing or extra item, or an item that breaks a
/// rule, hands the whole array up as JSON (the validators say why).
pub struct TupleOf<T>(PhantomData<T>);

struct TupleVisitor<T>(PhantomData<T>);

macro_rules! tuple_of {
    ($($r:ident $i:tt $x:ident),+) => {
        impl<$($r: Read),+> Read for TupleOf<($($r,)+)> {
            type Out = ($($r::Out,)+);
            fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Self::Out, D::Error> {
                d.deserialize_any(TupleVisitor::<($($r,)+)>(PhantomData))
            }
        }

        impl<'de, $($r: Read),+> Visitor<'de> for TupleVisitor<($($r,)+)> {
            type Value = ($($r::Out,)+);
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an array")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let mut read: ($(Option<$r::Out>,)+) = Default::default();
                // The items read so far, as JSON, to hand the array up with.
                let so_far = |read: ($(Option<$r::Out>,)+)| -> Option<Vec<Value>> {
                    let mut done = Vec::new();
                    $(if let Some(x) = read.$i { done.push(json_of(x)?); })+
                    Some(done)
                };
                $(
                    match seq.next_element_seed(Seed::<$r>::new()) {
                        Ok(Some(x)) => read.$i = Some(x),
                        Ok(None) => {
                            return Err(match so_far(read) {
                                Some(done) => invalid_array(done, None, Vec::new()),
                                None => abort(),
                            })
                        }
                        Err(e) => {
                            return Err(match (salvaged(), so_far(read)) {
                                (Some(v), Some(done)) => rest_of_array(&mut seq, done, Some((v, e))),
                                (Some(_), None) => abort(),
                                (None, _) => e,
                            })
                        }
                    }
                )+
                // Nothing after the last item.
                match seq.next_element_seed(Json) {
                    Ok(None) => {}
                    Ok(Some(v)) => {
                        return Err(match so_far(read) {
                            Some(mut done) => {
                                done.push(v);
                                rest_of_array(&mut seq, done, None)
                            }
                            None => abort(),
                        })
                    }
                    Err(e) => return Err(e),
                }
                match read {
                    ($(Some($x),)+) => Ok(($($x,)+)),
                    #[allow(unreachable_patterns)]
                    _ => Err(abort()),
                }
            }
            crate::__fast_refuse!(scalars);
            crate::__fast_refuse!(map);
        }
    };
}

tuple_of!(R0 0 x0);
tuple_of!(R0 0 x0, R1 1 x1);
tuple_of!(R0 0 x0, R1 1 x1, R2 2 x2);
tuple_of!(R0 0 x0, R1 1 x1, R2 2 x2, R3 3 x3);
tuple_of!(R0 0 x0, R1 1 x1, R2 2 x2, R3 3 x3, R4 4 x4);
tuple_of!(R0 0 x0, R1 1 x1, R2 2 x2, R3 3 x3, R4 4 x4, R5 5 x5);
tuple_of!(R0 0 x0, R1 1 x1, R2 2 x2, R3 3 x3, R4 4 x4, R5 5 x5, R6 6 x6);
tuple_of!(R0 0 x0, R1 1 x1, R2 2 x2, R3 3 x3, R4 4 x4, R5 5 x5, R6 6 x6, R7 7 x7);
tuple_of!(R0 0 x0, R1 1 x1, R2 2 x2, R3 3 x3, R4 4 x4, R5 5 x5, R6 6 x6, R7 7 x7, R8 8 x8);
tuple_of!(R0 0 x0, R1 1 x1, R2 2 x2, R3 3 x3, R4 4 x4, R5 5 x5, R6 6 x6, R7 7 x7, R8 8 x8, R9 9 x9);
tuple_of!(R0 0 x0, R1 1 x1, R2 2 x2, R3 3 x3, R4 4 x4, R5 5 x5, R6 6 x6, R7 7 x7, R8 8 x8, R9 9 x9, R10 10 x10);
tuple_of!(R0 0 x0, R1 1 x1, R2 2 x2, R3 3 x3, R4 4 x4, R5 5 x5, R6 6 x6, R7 7 x7, R8 8 x8, R9 9 x9, R10 10 x10, R11 11 x11);

/// An invalid array being read on ([`VecOf`] with [`ArrayChecks`]): the
/// items read before the break are valid and dropped; the item that broke a
/// rule is kept (its reader may have left settled members out of it); the rest is
/// read as JSON, one item at a time, and checked by the items' own
/// validator: an item is kept if its errors will be listed, else its errors
/// are counted.
struct ArrayErrors {
    kept: Vec<Value>,
    at: Vec<usize>,
    /// Items read so far.
    len: usize,
    items: Option<crate::Check>,
    /// Errors of the items kept after the first.
    errors: usize,
    /// Errors of items left out: each past the cap.
    unlisted: usize,
}

impl ArrayErrors {
    /// Starts after `valid` items read and found valid.
    #[cold]
    fn after(valid: usize, items: Option<crate::Check>) -> Self {
        ArrayErrors { kept: Vec::new(), at: Vec::new(), len: valid, items, errors: 0, unlisted: 0 }
    }

    /// Reads the rest of the array after `first` (the item that broke a
    /// rule, with the error its reader stopped with), then hands it up.
    #[cold]
    fn read_on<'de, A: SeqAccess<'de>>(mut self, seq: &mut A, first: Option<(Value, A::Error)>) -> A::Error {
        let spare = first.map(|(v, e)| {
            // Kept, and not counted: a count would take its settled
            // members for missing ones. Counting less only keeps more items.
            self.keep(v);
            e
        });
        loop {
            match seq.next_element_seed(Json) {
                Ok(Some(v)) => self.item(v),
                Ok(None) => return self.hand_up(spare),
                Err(e) => return e,
            }
        }
    }

    fn keep(&mut self, v: Value) {
        self.kept.push(v);
        self.at.push(self.len);
        self.len += 1;
    }

    fn item(&mut self, v: Value) {
        if let Some(items) = self.items {
            if !crate::is_valid(items, &v) && keep_refused(items, &v, &mut self.errors, &mut self.unlisted) {
                return self.keep(v);
            }
        }
        self.len += 1;
    }

    /// Hands the array up as the items kept, registered with their indices
    /// and the array's length by the address of their buffer (never empty
    /// of capacity, so never shared), which stays put as the value moves up.
    fn hand_up<E: de::Error>(mut self, spare: Option<E>) -> E {
        self.kept.reserve_exact(usize::from(self.kept.capacity() == 0));
        let at = self.kept.as_ptr() as usize;
        SPARSE.with(|s| s.borrow_mut().push((at, Sparse { len: self.len, at: self.at })));
        UNLISTED.with(|u| u.set(u.get() + self.unlisted));
        invalid_with(Value::Array(self.kept), spare)
    }
}

/// An array with a broken rule: the items read so far, the failed one
/// (`pending`, with the error its reader stopped with), the rest read as
/// JSON, handed up.
#[cold]
fn rest_of_array<'de, T: Serialize, A: SeqAccess<'de>>(seq: &mut A, done: Vec<T>, pending: Option<(Value, A::Error)>) -> A::Error {
    let mut rest = Vec::new();
    loop {
        match seq.next_element_seed(Json) {
            Ok(Some(v)) => rest.push(v),
            Ok(None) => return invalid_array(done, pending, rest),
            Err(e) => return e,
        }
    }
}

#[cold]
fn invalid_array<E: de::Error, T: Serialize>(done: Vec<T>, pending: Option<(Value, E)>, rest: Vec<Value>) -> E {
    let mut items = Vec::with_capacity(done.len() + 1 + rest.len());
    for x in done {
        match json_of(x) {
            Some(v) => items.push(v),
            None => return abort(),
        }
    }
    let spare = pending.map(|(v, e)| {
        items.push(v);
        e
    });
    items.extend(rest);
    invalid_with(Value::Array(items), spare)
}

/// [`Read`] for an object read as a map: member names checked by `K`
/// (`propertyNames`) and converted with `FromKey`, values read by `V`.
/// A repeated member name is refused (the full path decides such documents).
/// With the map's validators (`C`), an invalid map is handed up holding only
/// the members the validators will list errors for; the errors of the rest,
/// past the error cap, are counted as they are read ([`MapChecks`]), so a
/// map of a million bad members costs its errors' cap, not its `Value`.
pub struct MapOf<K, V, C = KeepAll>(PhantomData<(K, V, C)>);

/// The validators of a map [`MapOf`] reads, when they are all its schema
/// has: a loop over the names (`propertyNames`), then one over the values
/// (`additionalProperties`), each member's errors its own. Then a member
/// whose errors all fall past the document's error cap need not be handed
/// up: what it adds is a count.
pub trait MapChecks {
    /// `Some((names, values))`, either `None` when the schema has no such
    /// keyword; `None` when the validators are more than this (every
    /// member of an invalid map is then handed up).
    const CHECKS: Option<(Option<crate::Check>, Option<crate::Check>)>;
}

/// [`MapChecks`] for a map whose validators do more: every member handed up.
pub struct KeepAll;

impl MapChecks for KeepAll {
    const CHECKS: Option<(Option<crate::Check>, Option<crate::Check>)> = None;
}

impl<K, V, C> Read for MapOf<K, V, C>
where
    K: Leaf,
    K::Out: FromKey + std::hash::Hash + Eq + Serialize,
    V: Read,
    C: MapChecks,
{
    type Out = crate::Map<K::Out, V::Out>;
    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Self::Out, D::Error> {
        d.deserialize_any(MapVisitor::<K, V, C>(PhantomData))
    }
}

struct MapVisitor<K, V, C>(PhantomData<(K, V, C)>);

impl<'de, K, V, C> Visitor<'de> for MapVisitor<K, V, C>
where
    K: Leaf,
    K::Out: FromKey + std::hash::Hash + Eq + Serialize,
    V: Read,
    C: MapChecks,
{
    type Value = crate::Map<K::Out, V::Out>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Self::Value, A::Error> {
        let mut out = crate::Map::new();
        while let Some(Key(k)) = m.next_key::<Key<'de>>()? {
            let Some(key) = K::string(&k) else {
                return Err(match C::CHECKS {
                    Some(checks) => MapErrors::after(&out, checks)?.read_on::<K, V, _>(&mut m, k, None),
                    None => partial_map(out).unknown(&mut m, k),
                });
            };
            match m.next_value_seed(Seed::<V>::new()) {
                Ok(value) => {
                    if out.insert(key, value).is_some() {
                        return Err(abort());
                    }
                }
                Err(e) => {
                    return Err(match C::CHECKS {
                        Some(checks) => MapErrors::after(&out, checks)?.read_on::<K, V, _>(&mut m, k, Some(e)),
                        None => partial_map(out).failed(&mut m, k, e),
                    })
                }
            }
        }
        Ok(out)
    }
    crate::__fast_refuse!(scalars);
    crate::__fast_refuse!(seq);
}

/// The one decision of [`MapErrors`] and [`ArrayErrors`] for a value
/// `check` refuses: while the errors of the values kept so far (`listed`)
/// leave room under the cap, the value is kept (`true`) and its errors
/// added to `listed`; past it, its errors are added to `unlisted`.
fn keep_refused(check: crate::Check, v: &Value, listed: &mut usize, unlisted: &mut usize) -> bool {
    if *listed < crate::error::max_errors() {
        // Listed (in part at least): the validators will say what.
        *listed += Ctx::count_errors(check, v, false);
        true
    } else {
        *unlisted += Ctx::count_errors(check, v, true);
        false
    }
}

/// An invalid map being read on ([`MapOf`] with [`MapChecks`]): every member
/// is still read (after the first, as JSON, one at a time) and checked by
/// the map's own validators; the ones whose errors will be listed are kept,
/// the others' errors counted, and of the valid ones only a hash of the name
/// stays.
struct MapErrors {
    kept: serde_json::Map<String, Value>,
    /// A hash of every name read (a repeat, or a collision, leaves the
    /// document to the full path): no copy of the names.
    seen: std::collections::HashSet<u64>,
    hasher: std::collections::hash_map::RandomState,
    names: Option<crate::Check>,
    values: Option<crate::Check>,
    /// Bad names so far (one error each, in the validators' first loop) ...
    bad_names: usize,
    /// ... and the errors of the values kept (their second loop).
    value_errors: usize,
    /// Errors of members left out: each past the cap.
    unlisted: usize,
}

impl MapErrors {
    /// Starts after the members read and found valid (`done`: they add no
    /// error, so only their names are kept, hashed).
    #[cold]
    fn after<K: Serialize, X, E: de::Error>(done: &crate::Map<K, X>, (names, values): (Option<crate::Check>, Option<crate::Check>)) -> Result<Self, E> {
        let mut me = MapErrors {
            kept: serde_json::Map::new(),
            seen: std::collections::HashSet::with_capacity(done.len()),
            hasher: std::collections::hash_map::RandomState::new(),
            names,
            values,
            bad_names: 0,
            value_errors: 0,
            unlisted: 0,
        };
        for k in done.keys() {
            let Some(Value::String(name)) = json_of(k) else { return Err(abort()) };
            if !me.first_time(&name) {
                return Err(abort());
            }
        }
        Ok(me)
    }

    fn first_time(&mut self, name: &str) -> bool {
        use std::hash::BuildHasher;
        self.seen.insert(self.hasher.hash_one(name))
    }

    /// Reads the rest of the map from member `k`, then hands up what it
    /// kept. `failed`: the error `k`'s value stopped with (its name is
    /// valid); `None` when its name is refused and its value is still to read.
    #[cold]
    fn read_on<'de, K: Leaf, V: Read, A: MapAccess<'de>>(mut self, m: &mut A, k: Cow<'de, str>, failed: Option<A::Error>) -> A::Error {
        let mut spare = None;
        let first = match failed {
            Some(e) => self.first::<V, A>(&k, true, Err(e), &mut spare),
            None => {
                let x = m.next_value_seed(Seed::<V>::new());
                self.first::<V, A>(&k, false, x, &mut spare)
            }
        };
        if let Err(e) = first {
            return e;
        }
        // The rest is read as JSON, one member at a time, and checked by
        // the validators themselves: their verdict is the full path's, and
        // no reader error is built per member (serde_json finds each error's
        // line by scanning back from it: quadratic on a long map).
        loop {
            let k = match m.next_key::<Key<'de>>() {
                Ok(Some(Key(k))) => k,
                Ok(None) => break,
                Err(e) => return e,
            };
            let name_ok = K::string(&k).is_some();
            let v = match m.next_value_seed(Json) {
                Ok(v) => v,
                Err(e) => return e,
            };
            let value = match self.values {
                Some(values) if !crate::is_valid(values, &v) => Err(v),
                _ => Ok(v),
            };
            if let Err(e) = self.member(&k, name_ok, value, false) {
                return e;
            }
        }
        UNLISTED.with(|u| u.set(u.get() + self.unlisted));
        invalid_with(Value::Object(self.kept), spare)
    }

    /// The first member, its value read by its reader (`x`): kept whatever
    /// it adds, as its reader, before the break was known, may have left
    /// settled members out of it. A broken rule keeps the error it stopped with in
    /// `spare` (see [`invalid_with`]).
    fn first<'de, V: Read, A: MapAccess<'de>>(
        &mut self,
        k: &str,
        name_ok: bool,
        x: Result<V::Out, A::Error>,
        spare: &mut Option<A::Error>,
    ) -> Result<(), A::Error> {
        let value = match x {
            Ok(x) => Ok(json_of(x).ok_or_else(abort)?),
            Err(e) => match salvaged() {
                Some(v) => {
                    spare.get_or_insert(e);
                    Err(v)
                }
                None => return Err(e),
            },
        };
        self.member(k, name_ok, value, true)
    }

    /// Whether a name the key reader refused is one the validators refuse.
    fn name_is_bad(&self, k: &str, name_ok: bool) -> bool {
        !name_ok && self.names.is_some_and(|names| !crate::is_valid(names, &Value::String(k.to_owned())))
    }

    /// A member, its value as JSON: `Ok` when valid, `Err` when the values'
    /// validator refuses it. Kept when its errors will be listed, or
    /// `keep` (the first member: its value may have settled members left out).
    fn member<E: de::Error>(&mut self, k: &str, name_ok: bool, value: Result<Value, Value>, keep: bool) -> Result<(), E> {
        if !self.first_time(k) {
            return Err(abort());
        }
        let mut kept = keep;
        let mut unlisted = 0;
        if self.name_is_bad(k, name_ok) {
            self.bad_names += 1;
            if self.bad_names <= crate::error::max_errors() {
                kept = true;
            } else {
                unlisted += 1;
            }
        }
        // The first member is kept and not counted: a count would take its
        // settled members for missing ones. Counting less only keeps more members,
        // never drops a listed one.
        if let (Err(v), Some(values), false) = (&value, self.values, keep) {
            kept |= keep_refused(values, v, &mut self.value_errors, &mut unlisted);
        }
        if kept {
            let (Ok(v) | Err(v)) = value;
            self.insert(k, v)?;
        } else {
            self.unlisted += unlisted;
        }
        Ok(())
    }

    fn insert<E: de::Error>(&mut self, k: &str, v: Value) -> Result<(), E> {
        match self.kept.insert(k.to_owned(), v) {
            Some(_) => Err(abort()),
            None => Ok(()),
        }
    }
}

/// A map's members read so far, as JSON.
#[cold]
fn partial_map<K: Serialize, V: Serialize>(done: crate::Map<K, V>) -> Partial {
    let mut p = Partial::new();
    match json_of(done) {
        Some(Value::Object(members)) => p.map = members,
        _ => p.broken = true,
    }
    p
}

/// [`Read`] for any JSON value, unchecked (a member no schema constrains).
pub struct AnyValue;

impl Read for AnyValue {
    type Out = Value;
    #[inline]
    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Value, D::Error> {
        json(d)
    }
}

/// Reads a tagged union's payload captured before its tag: parsed once the
/// tag is known. Declined (`None`, nothing salvaged) when it nests deep
/// enough that parsing it alone could pass where the whole document hits
/// serde_json's depth limit; on a broken rule, `None` with the payload's
/// JSON left for [`salvaged`].
pub fn read_raw<R: Read>(raw: &serde_json::value::RawValue) -> Option<R::Out> {
    const MAX_OPENINGS: usize = 100;
    let text = raw.get();
    if text.bytes().filter(|b| *b == b'[' || *b == b'{').count() > MAX_OPENINGS {
        return None;
    }
    let mut de = serde_json::Deserializer::from_str(text);
    R::read(&mut de).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Short;
    impl Leaf for Short {
        type Out = String;
        fn string(s: &str) -> Option<String> {
            crate::check::max_length(s, 3).then(|| s.to_owned())
        }
        fn scalar(v: Value) -> Result<String, Option<Value>> {
            Err(Some(v))
        }
    }

    #[test]
    fn text_that_is_not_utf8_is_left_to_the_full_path() {
        assert_eq!(read_slice("\"é\"".as_bytes(), |d| AnyString::read(d)).as_deref(), Some("é"));
        assert!(matches!(read_document(b"\"\xff\"", |d| AnyString::read(d)), Outcome::Declined));
    }

    #[test]
    fn a_type_alone_is_checked_as_its_validator_would() {
        // A value of another type is handed up, for the full path to say why.
        assert_eq!(<OnlyType<bool, { crate::types::BOOLEAN }>>::scalar(Value::Bool(true)), Ok(true));
        assert_eq!(<OnlyType<bool, { crate::types::BOOLEAN }>>::scalar(Value::from(1)), Err(Some(Value::from(1))));
        assert_eq!(<OnlyType<(), { crate::types::NULL }>>::scalar(Value::Null), Ok(()));
        assert_eq!(<OnlyType<(), { crate::types::NULL }>>::string("null"), None);
        assert_eq!(read_slice(b"false", |d| AnyBool::read(d)), Some(false));
        assert_eq!(read_slice(b"\"false\"", |d| AnyBool::read(d)), None);
        assert!(read_slice(b"2", |d| AnyInteger::read(d)).is_some());
        assert_eq!(read_slice(b"2.5", |d| AnyInteger::read(d)), None);
        assert!(read_slice(b"2.5", |d| AnyNumber::read(d)).is_some());
        assert_eq!(read_slice(b"null", |d| AnyNull::read(d)), Some(()));
    }

    #[test]
    fn a_closed_enum_reads_its_listed_strings_only() {
        #[derive(Debug, PartialEq)]
        enum Level {
            Warn,
        }
        impl Serialize for Level {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str("warn")
            }
        }
        impl ListedStr for Level {
            fn from_listed_str(s: &str) -> Option<Self> {
                (s == "warn").then_some(Level::Warn)
            }
        }
        assert_eq!(read_slice(b"\"warn\"", |d| Listed::<Level>::read(d)), Some(Level::Warn));
        assert_eq!(read_slice(b"\"off\"", |d| Listed::<Level>::read(d)), None);
        assert_eq!(read_slice(b"1", |d| Listed::<Level>::read(d)), None);
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
        type M = MapOf<StringLeaf, LeafRead<Short>>;
        let read = |s: &str| read_slice(s.as_bytes(), |d| M::read(d));
        let m = read(r#"{"b":"x","a":"y"}"#).unwrap();
        assert_eq!(m.keys().collect::<Vec<_>>(), ["b", "a"]);
        assert!(read(r#"{"a":"x","a":"y"}"#).is_none());
        assert!(read(r#"{"a":"xxxx"}"#).is_none());
    }

    #[test]
    fn escaped_keys_are_read() {
        type M = MapOf<StringLeaf, AnyValue>;
        let m = read_slice(br#"{"a\"b":1}"#, |d| M::read(d)).unwrap();
        assert!(m.contains_key("a\"b"));
    }
}
