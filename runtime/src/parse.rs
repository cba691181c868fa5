//! JSON text → `Value`, the way every entry point reads it: a member name an
//! object repeats is refused at its second occurrence (I-JSON, RFC 7493;
//! [`Duplicates::LastWins`] restores serde_json's behaviour), and numbers
//! keep their text (serde_json's `arbitrary_precision`), so
//! `123456789012345678901`, `-0` and `1e400` survive parse → serialise.
//!
//! serde_json's own `Value` keeps the last of two members with one name and
//! says nothing: a reader that takes the first sees another document. This
//! reader is the one the runtime's entry points, its one-pass readers
//! (wherever they read a subtree as JSON) and the CLI use.

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};
use std::cell::RefCell;
use std::fmt;

/// What to do with a member name an object repeats.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Duplicates {
    /// An error at the second occurrence ([`DuplicateMember`]): the default.
    #[default]
    Refuse,
    /// The last value counts, in the place of the first (serde_json's
    /// `Value`, and most JSON parsers).
    LastWins,
}

/// How the `from_json_*_with` entry points read a document.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ReadSettings {
    /// Repeated member names: refused by default.
    pub duplicates: Duplicates,
}

impl ReadSettings {
    /// The default: repeated member names refused.
    pub const fn new() -> Self {
        ReadSettings { duplicates: Duplicates::Refuse }
    }

    /// With repeated member names handled as `d` says.
    pub const fn duplicates(mut self, d: Duplicates) -> Self {
        self.duplicates = d;
        self
    }
}

/// A member name an object repeats (keyword `duplicateKey`), found at its
/// second occurrence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DuplicateMember {
    /// JSON Pointer of the repeated member (`/payload/type`).
    pub instance_location: String,
    /// Line (1-based) of the second occurrence's name, as serde_json counts.
    pub line: usize,
    /// Column (1-based) of the second occurrence's closing quote.
    pub column: usize,
}

impl DuplicateMember {
    /// The keyword-like name reports use for this error.
    pub const KEYWORD: &'static str = "duplicateKey";

    /// What is wrong, without the location and the keyword.
    pub fn message(&self) -> String {
        format!(
            "member name repeated in its object at line {} column {}; JSON readers disagree on which value counts, so it is refused",
            self.line, self.column
        )
    }
}

impl fmt::Display for DuplicateMember {
    /// `INSTANCE_LOCATION: MESSAGE (duplicateKey)`, as validation errors read.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {} ({})", self.instance_location, self.message(), Self::KEYWORD)
    }
}

impl std::error::Error for DuplicateMember {}

/// Why text could not be read as JSON.
#[derive(Debug)]
pub enum ReadError {
    /// Not JSON, with line and column.
    Syntax(serde_json::Error),
    /// A member name repeated in one object.
    Duplicate(DuplicateMember),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Syntax(e) => write!(f, "not valid JSON: {e}"),
            ReadError::Duplicate(d) => d.fmt(f),
        }
    }
}

impl std::error::Error for ReadError {}

/// Reads JSON bytes (the whole slice: trailing text is an error).
pub fn value_from_slice(b: &[u8], settings: ReadSettings) -> Result<Value, ReadError> {
    keeping_exponents(b, || read_slice(b, settings))
}

fn read_slice(b: &[u8], settings: ReadSettings) -> Result<Value, ReadError> {
    // UTF-8 checked once for the whole text (SIMD), not string by string;
    // text that is not UTF-8 is read as bytes, for serde_json to say where.
    match simdutf8::basic::from_utf8(b) {
        Ok(text) => read_with(serde_json::Deserializer::from_str(text), settings),
        Err(_) => read_with(serde_json::Deserializer::from_slice(b), settings),
    }
}

fn read_with<'de, R: serde_json::de::Read<'de>>(mut de: serde_json::Deserializer<R>, settings: ReadSettings) -> Result<Value, ReadError> {
    let state = State::new(settings.duplicates);
    let read = ValueSeed(&state).deserialize(&mut de).and_then(|v| de.end().map(|()| v));
    read.map_err(|e| match state.found.take() {
        Some(found) => ReadError::Duplicate(found.into_error(&e)),
        None => ReadError::Syntax(e),
    })
}

/// Reads JSON text (the whole string).
pub fn value_from_str(s: &str, settings: ReadSettings) -> Result<Value, ReadError> {
    value_from_slice(s.as_bytes(), settings)
}

/// Reads one JSON value from any deserializer (serde_json's, or another
/// format's), repeated member names handled as `settings` says.
pub fn value_from<'de, D: Deserializer<'de>>(d: D, settings: ReadSettings) -> Result<Value, D::Error> {
    let state = State::new(settings.duplicates);
    ValueSeed(&state).deserialize(d).map_err(|e| match state.found.take() {
        Some(found) => de::Error::custom(format_args!("member name repeated at {} ({})", found.pointer(), DuplicateMember::KEYWORD)),
        None => e,
    })
}

/// Reads one JSON value, refusing repeated member names; an error comes
/// with whether a repeated name is why.
pub(crate) fn value_refusing_duplicates<'de, D: Deserializer<'de>>(d: D) -> Result<Value, (D::Error, bool)> {
    let state = State::new(Duplicates::Refuse);
    ValueSeed(&state).deserialize(d).map_err(|e| (e, state.found.take().is_some()))
}

/// What a read is told and what it found.
struct State {
    duplicates: Duplicates,
    /// The repeated member, once found: the path to it grows as the error
    /// travels up through the enclosing arrays and objects (innermost first).
    found: RefCell<Option<Found>>,
}

impl State {
    fn new(duplicates: Duplicates) -> Self {
        State { duplicates, found: RefCell::new(None) }
    }

    /// A child of the value at `step` failed: if a repeated name is why,
    /// the step joins its path.
    #[cold]
    fn passing_up(&self, step: Step) {
        if let Some(found) = self.found.borrow_mut().as_mut() {
            found.path.push(step);
        }
    }
}

enum Step {
    Member(String),
    Item(usize),
}

struct Found {
    /// Innermost first: the repeated name, then its ancestors.
    path: Vec<Step>,
}

impl Found {
    fn pointer(&self) -> String {
        let mut out = String::new();
        for step in self.path.iter().rev() {
            out.push('/');
            match step {
                Step::Member(name) => out.push_str(&name.replace('~', "~0").replace('/', "~1")),
                Step::Item(i) => out.push_str(&i.to_string()),
            }
        }
        out
    }

    fn into_error(self, e: &serde_json::Error) -> DuplicateMember {
        DuplicateMember { instance_location: self.pointer(), line: e.line(), column: e.column() }
    }
}

/// serde_json (with `arbitrary_precision`) hands a number it keeps as text
/// to a visitor as a one-member map under this name, with the text as an
/// owned string.
const NUMBER_TOKEN: &str = "$serde_json::private::Number";

struct ValueSeed<'s>(&'s State);

impl<'de> DeserializeSeed<'de> for ValueSeed<'_> {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(ValueVisitor(self.0))
    }
}

struct ValueVisitor<'s>(&'s State);

impl<'de> Visitor<'de> for ValueVisitor<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }
    fn visit_i128<E: de::Error>(self, v: i128) -> Result<Value, E> {
        Number::from_i128(v).map(Value::Number).ok_or_else(|| E::custom("an integer JSON cannot hold"))
    }
    fn visit_u128<E: de::Error>(self, v: u128) -> Result<Value, E> {
        Number::from_u128(v).map(Value::Number).ok_or_else(|| E::custom("an integer JSON cannot hold"))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Value, E> {
        Number::from_f64(v).map(Value::Number).ok_or_else(|| E::custom("a non-finite number (JSON has none)"))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }
    /// Another format's tagged value (YAML's `!tag value`): the value.
    fn visit_enum<A: de::EnumAccess<'de>>(self, data: A) -> Result<Value, A::Error> {
        let (_tag, value): (de::IgnoredAny, _) = data.variant()?;
        de::VariantAccess::newtype_variant_seed(value, ValueSeed(self.0))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        ValueSeed(self.0).deserialize(d)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        loop {
            match seq.next_element_seed(ValueSeed(self.0)) {
                Ok(Some(v)) => items.push(v),
                Ok(None) => return Ok(Value::Array(items)),
                Err(e) => {
                    self.0.passing_up(Step::Item(items.len()));
                    return Err(e);
                }
            }
        }
    }
    fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Value, A::Error> {
        let mut members = Map::new();
        let Some(first) = m.next_key::<String>()? else {
            return Ok(Value::Object(members));
        };
        if first == NUMBER_TOKEN {
            match m.next_value_seed(TokenValueSeed(self.0)) {
                Ok(TokenValue::Number(n)) => return Ok(Value::Number(n)),
                Ok(TokenValue::Member(v)) => {
                    members.insert(first, v);
                }
                Err(e) => {
                    self.0.passing_up(Step::Member(first));
                    return Err(e);
                }
            }
        } else {
            match m.next_value_seed(ValueSeed(self.0)) {
                Ok(v) => {
                    members.insert(first, v);
                }
                Err(e) => {
                    self.0.passing_up(Step::Member(first));
                    return Err(e);
                }
            }
        }
        while let Some(name) = m.next_key::<String>()? {
            match members.entry(name) {
                serde_json::map::Entry::Vacant(slot) => match m.next_value_seed(ValueSeed(self.0)) {
                    Ok(v) => {
                        slot.insert(v);
                    }
                    Err(e) => {
                        self.0.passing_up(Step::Member(slot.key().clone()));
                        return Err(e);
                    }
                },
                serde_json::map::Entry::Occupied(mut slot) => {
                    if self.0.duplicates == Duplicates::Refuse {
                        *self.0.found.borrow_mut() = Some(Found { path: vec![Step::Member(slot.key().clone())] });
                        return Err(de::Error::custom("member name repeated"));
                    }
                    match m.next_value_seed(ValueSeed(self.0)) {
                        Ok(v) => {
                            slot.insert(v);
                        }
                        Err(e) => {
                            self.0.passing_up(Step::Member(slot.key().clone()));
                            return Err(e);
                        }
                    }
                }
            }
        }
        Ok(Value::Object(members))
    }
}

/// The value after a first member name equal to [`NUMBER_TOKEN`]: serde_json's
/// number text (an owned string), or an ordinary member's value (a document
/// may use that name too: serde_json's own `Value` would read
/// `{"$serde_json::private::Number": "1"}` as the number 1, this reader does not).
enum TokenValue {
    Number(Number),
    Member(Value),
}

struct TokenValueSeed<'s>(&'s State);

impl<'de> DeserializeSeed<'de> for TokenValueSeed<'_> {
    type Value = TokenValue;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<TokenValue, D::Error> {
        d.deserialize_any(TokenValueVisitor(self.0))
    }
}

struct TokenValueVisitor<'s>(&'s State);

macro_rules! member_value {
    ($($method:ident($($arg:ident: $ty:ty),*)),* $(,)?) => {$(
        fn $method<E: de::Error>(self, $($arg: $ty),*) -> Result<TokenValue, E> {
            ValueVisitor(self.0).$method($($arg),*).map(TokenValue::Member)
        }
    )*};
}

impl<'de> Visitor<'de> for TokenValueVisitor<'_> {
    type Value = TokenValue;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    /// serde_json's parser hands document strings over borrowed or as
    /// `&str`, never as an owned `String`: an owned one is a number's text.
    fn visit_string<E: de::Error>(self, v: String) -> Result<TokenValue, E> {
        v.parse::<Number>().map(|n| TokenValue::Number(as_written(n))).map_err(E::custom)
    }
    member_value!(visit_bool(v: bool), visit_i64(v: i64), visit_u64(v: u64), visit_i128(v: i128), visit_u128(v: u128), visit_f64(v: f64), visit_str(v: &str), visit_unit(), visit_none());
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<TokenValue, D::Error> {
        ValueVisitor(self.0).visit_some(d).map(TokenValue::Member)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<TokenValue, A::Error> {
        ValueVisitor(self.0).visit_seq(seq).map(TokenValue::Member)
    }
    fn visit_map<A: MapAccess<'de>>(self, m: A) -> Result<TokenValue, A::Error> {
        ValueVisitor(self.0).visit_map(m).map(TokenValue::Member)
    }
    fn visit_enum<A: de::EnumAccess<'de>>(self, data: A) -> Result<TokenValue, A::Error> {
        ValueVisitor(self.0).visit_enum(data).map(TokenValue::Member)
    }
}

/// Reads `b` with `read` so that its numbers keep their exponents as
/// written.
///
/// serde_json (with `arbitrary_precision`) keeps a number's text, but not
/// quite: it spells every exponent `e` with a sign, so `1e2` and `1E2`
/// would come back as `1e+2`. Every number a reader of this crate builds
/// (`Value`s, [`crate::Integer`]) passes through [`as_written`]. A first
/// read only notes whether one has an exponent; most documents have none
/// and are read once. Otherwise the document's exponent numbers are listed
/// (in document order) and `read` runs again, each number taking its text
/// from the list. A number read by another reader (a `serde_json::Number`
/// field) leaves its entry unused: entries are matched by serde_json's
/// spelling, skipping the ones that differ. (Two numbers equal in value but
/// spelled differently, one of them read that way, may swap spellings;
/// both keep their value and digits.)
pub(crate) fn keeping_exponents<T>(b: &[u8], read: impl Fn() -> T) -> T {
    {
        let _scope = Scope::enter(Written::Watching { seen: false });
        let out = read();
        if !WRITTEN.with(|w| matches!(*w.borrow(), Some(Written::Watching { seen: true }))) {
            return out;
        }
        // An exponent went by: this read is dropped, the next one spells it.
    }
    let _scope = Scope::enter(Written::Listed { texts: exponent_numbers(b), next: 0 });
    read()
}

/// What [`as_written`] does during a read.
enum Written {
    /// Notes that a number with an exponent went by.
    Watching { seen: bool },
    /// Gives numbers with an exponent their text: the document's exponent
    /// numbers as written, in document order, and the next one to match.
    Listed { texts: Vec<String>, next: usize },
}

thread_local! {
    static WRITTEN: RefCell<Option<Written>> = const { RefCell::new(None) };
}

/// A read's [`Written`], in place until the read ends (the enclosing
/// read's comes back then, on unwinding too).
struct Scope {
    previous: Option<Written>,
}

impl Scope {
    fn enter(now: Written) -> Scope {
        Scope { previous: WRITTEN.with(|w| w.borrow_mut().replace(now)) }
    }
}

impl Drop for Scope {
    fn drop(&mut self) {
        let previous = self.previous.take();
        WRITTEN.with(|w| *w.borrow_mut() = previous);
    }
}

/// `n` with its exponent as the document wrote it, when the read is
/// [`keeping_exponents`] and has listed it.
pub(crate) fn as_written(n: Number) -> Number {
    if !n.as_str().contains('e') {
        return n;
    }
    WRITTEN.with(|w| match w.borrow_mut().as_mut() {
        Some(Written::Watching { seen }) => {
            *seen = true;
            n
        }
        Some(Written::Listed { texts, next }) => {
            while let Some(text) = texts.get(*next) {
                *next += 1;
                if serde_spelling(text) == n.as_str() {
                    // serde_json offers no other way to keep a number's
                    // text as written; the text is the document's own,
                    // which serde_json read as this very number.
                    return Number::from_string_unchecked(text.clone());
                }
            }
            n
        }
        None => n,
    })
}

/// A number's text as serde_json keeps it: `e` lower-case, with a sign.
fn serde_spelling(text: &str) -> String {
    match text.find(['e', 'E']) {
        Some(i) => {
            let (mantissa, exponent) = (&text[..i], &text[i + 1..]);
            let sign = if exponent.starts_with(['+', '-']) { "" } else { "+" };
            format!("{mantissa}e{sign}{exponent}")
        }
        None => text.to_owned(),
    }
}

/// The numbers of JSON text `b` that have an exponent, as written, in
/// document order. Strings are skipped eight bytes at a time.
fn exponent_numbers(b: &[u8]) -> Vec<String> {
    let mut out = Vec::new();
    let mut i = 0;
    // Outside strings, the next quote or `e`/`E` (an exponent, or a letter of `true`/`false`).
    while let Some(k) = b[i..].iter().position(|&c| matches!(c, b'"' | b'e' | b'E')) {
        let at = i + k;
        if b[at] == b'"' {
            let mut j = at + 1;
            loop {
                match find_either(b.get(j..).unwrap_or_default(), b'"', b'\\') {
                    None => return out,
                    Some(k) if b[j + k] == b'\\' => j += k + 2,
                    Some(k) => {
                        i = j + k + 1;
                        break;
                    }
                }
            }
        } else if at > 0 && b[at - 1].is_ascii_digit() {
            let start = b[..at].iter().rposition(|c| !matches!(c, b'-' | b'.' | b'0'..=b'9')).map_or(0, |p| p + 1);
            let end = b[at + 1..].iter().position(|c| !matches!(c, b'-' | b'+' | b'0'..=b'9')).map_or(b.len(), |p| at + 1 + p);
            out.push(String::from_utf8_lossy(&b[start..end]).into_owned());
            i = end;
        } else {
            i = at + 1;
        }
    }
    out
}

/// The first byte of `b` equal to `x` or `y`, eight bytes at a time.
fn find_either(b: &[u8], x: u8, y: u8) -> Option<usize> {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let has = |w: u64| w.wrapping_sub(LOW) & !w & HIGH != 0;
    let mut i = 0;
    for chunk in b.chunks_exact(8) {
        let w = u64::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3], chunk[4], chunk[5], chunk[6], chunk[7]]);
        if has(w ^ (LOW * u64::from(x))) || has(w ^ (LOW * u64::from(y))) {
            break;
        }
        i += 8;
    }
    b[i..].iter().position(|&c| c == x || c == y).map(|p| i + p)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(s: &str) -> Result<Value, ReadError> {
        value_from_str(s, ReadSettings::new())
    }

    #[test]
    fn utf8_is_checked_once_and_a_bad_byte_is_still_placed() {
        // Text that is UTF-8 is read as text, non-ASCII strings and all.
        let v = value_from_slice("{\"a\":\"é🦀\",\"b\":[\"ü\"]}".as_bytes(), ReadSettings::new()).unwrap();
        assert_eq!(v, serde_json::json!({"a": "é🦀", "b": ["ü"]}));
        // A byte that is not: the same error, at the same place, as serde_json's byte reader gives.
        let bad = b"{\"a\":\"x\xff\"}";
        let ours = value_from_slice(bad, ReadSettings::new()).unwrap_err().to_string();
        let theirs = serde_json::from_slice::<Value>(bad).unwrap_err().to_string();
        assert_eq!(ours, format!("not valid JSON: {theirs}"));
        assert!(ours.contains("line 1 column"), "{ours}");
    }

    fn duplicate(s: &str) -> DuplicateMember {
        match read(s) {
            Err(ReadError::Duplicate(d)) => d,
            other => panic!("{s}: expected a repeated member, got {other:?}"),
        }
    }

    #[test]
    fn repeated_names_are_refused_where_they_repeat() {
        let d = duplicate(r#"{"type":"start","type":"zzz"}"#);
        assert_eq!((d.instance_location.as_str(), d.line, d.column), ("/type", 1, 22));
        assert_eq!(duplicate(r#"{"a":[1,{"b":{"x/y":1,"x/y":2}}]}"#).instance_location, "/a/1/b/x~1y");
        assert_eq!(duplicate("{\"a\":1,\n \"b\":2,\n \"a\":3}").line, 3);
        assert_eq!(
            duplicate(r#"{"type":"start","type":"zzz"}"#).to_string(),
            "/type: member name repeated in its object at line 1 column 22; JSON readers disagree on which value counts, so it is refused (duplicateKey)"
        );
        // Equal after unescaping is equal.
        assert_eq!(duplicate(r#"{"a":1,"\u0061":2}"#).instance_location, "/a");
    }

    #[test]
    fn last_wins_when_asked() {
        let v = value_from_str(r#"{"a":1,"b":2,"a":3}"#, ReadSettings::new().duplicates(Duplicates::LastWins)).unwrap();
        assert_eq!(serde_json::to_string(&v).unwrap(), r#"{"a":3,"b":2}"#);
        assert_eq!(v, serde_json::from_str::<Value>(r#"{"a":1,"b":2,"a":3}"#).unwrap());
    }

    #[test]
    fn numbers_keep_their_text() {
        for text in ["123456789012345678901", "-0", "1.0", "1e+400", "-1.5e-7", "0.10", "18446744073709551616", "-9223372036854775809"] {
            let v = read(text).unwrap();
            assert_eq!(serde_json::to_string(&v).unwrap(), text);
        }
        // Exponents as written, though serde_json spells them `e+`.
        for text in ["1e2", "1E2", "1E+2", "-2.5E-3", "1e400", "[1e2,\"1e2 x\",1E2,1e+2,{\"a\":5e0}]"] {
            assert_eq!(serde_json::to_string(&read(text).unwrap()).unwrap(), text);
        }
        let v = read(r#"{"id": 123456789012345678901, "x": [1e400, -0]}"#).unwrap();
        assert_eq!(serde_json::to_string(&v).unwrap(), r#"{"id":123456789012345678901,"x":[1e400,-0]}"#);
        // The spellings are the document's: none is left for the next read.
        let from_serde: Value = serde_json::from_str("1e2").unwrap();
        assert_eq!(from_serde.to_string(), "1e+2");
    }

    #[test]
    fn a_member_named_like_serde_jsons_number_stays_a_member() {
        let v = read(r#"{"$serde_json::private::Number": "1"}"#).unwrap();
        assert!(v.is_object(), "{v:?}");
        let v = read(r#"{"$serde_json::private::Number": "1", "b": 2}"#).unwrap();
        assert_eq!(v["b"], 2);
    }

    #[test]
    fn syntax_errors_stay_syntax_errors() {
        assert!(matches!(read("{"), Err(ReadError::Syntax(_))));
        assert!(matches!(read("[1] x"), Err(ReadError::Syntax(_))));
        assert!(matches!(read(&"[".repeat(200)), Err(ReadError::Syntax(_))));
    }
}
