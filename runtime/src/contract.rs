//! Parse-and-validate entry points shared by every generated type.

use crate::convert::{FromValue, Mismatch};
use crate::error::{SchemaPath, ValidationErrors};
use crate::location::Loc;
use crate::validate::Ctx;
use serde_json::Value;
use std::fmt;

/// Why a document could not become a typed value.
#[derive(Debug)]
pub enum ParseError {
    /// Not JSON (or nested deeper than the parser allows), with line and column.
    Syntax(serde_json::Error),
    /// JSON in which an object repeats a member name (refused unless
    /// [`Duplicates::LastWins`](crate::Duplicates::LastWins) is asked for).
    Duplicate(crate::DuplicateMember),
    /// JSON, but the schema refuses it: every error found.
    Invalid(ValidationErrors),
    /// Valid, but the generated type cannot hold it: a generator bug.
    Shape(Mismatch),
}

impl ParseError {
    /// The validation errors, when that is why parsing failed.
    pub fn validation_errors(&self) -> Option<&ValidationErrors> {
        match self {
            ParseError::Invalid(e) => Some(e),
            _ => None,
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Syntax(e) => write!(f, "not valid JSON: {e}"),
            ParseError::Duplicate(e) => write!(f, "{e}"),
            ParseError::Invalid(e) => write!(f, "{e}"),
            ParseError::Shape(e) => write!(f, "the generated type cannot hold this valid document ({e}); please report this"),
        }
    }
}

impl From<crate::ReadError> for ParseError {
    fn from(e: crate::ReadError) -> Self {
        match e {
            crate::ReadError::Syntax(e) => ParseError::Syntax(e),
            crate::ReadError::Duplicate(d) => ParseError::Duplicate(d),
        }
    }
}

impl std::error::Error for ParseError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ParseError::Syntax(e) => Some(e),
            ParseError::Duplicate(e) => Some(e),
            ParseError::Invalid(e) => Some(e),
            ParseError::Shape(e) => Some(e),
        }
    }
}

/// A generated type with its schema: parse and validate from JSON, or check a
/// value built in code. Implemented for every generated type.
pub trait Contract: FromValue + serde::Serialize {
    /// Validates `v` against this type's schema at `loc`, recording errors in `ctx`.
    fn check(v: &Value, loc: &Loc, ctx: &mut Ctx) -> bool {
        Self::check_at(v, loc, ctx, &Self::schema_root())
    }

    /// Validates `v` against this type's schema, reached at schema path `at`.
    fn check_at(v: &Value, loc: &Loc, ctx: &mut Ctx, at: &SchemaPath) -> bool;

    /// Where this type's schema sits: the root of its resource, or the
    /// canonical location of a subschema.
    fn schema_root() -> SchemaPath<'static>;

    /// Validates a JSON value without building the typed value; all errors.
    fn validate_value(v: &Value) -> Result<(), ValidationErrors> {
        let mut ctx = Ctx::collecting();
        if Self::check(v, &Loc::Root, &mut ctx) {
            Ok(())
        } else {
            Err(ValidationErrors(ctx.into_errors()))
        }
    }

    /// Whether `v` is valid, stopping at the first failure.
    fn is_valid_value(v: &Value) -> bool {
        Self::check(v, &Loc::Root, &mut Ctx::quiet_mode())
    }

    /// Validates `v` and builds the typed value. A `Value` has no repeated
    /// member names to see: whoever parsed it already chose (serde_json's
    /// own parser keeps the last). Read text with [`Contract::from_json_slice`]
    /// (or [`crate::value_from_slice`]) to have them refused.
    fn from_json_value(v: Value) -> Result<Self, ParseError> {
        Self::validate_value(&v).map_err(ParseError::Invalid)?;
        Self::from_value(v).map_err(ParseError::Shape)
    }

    /// Whether the type has a generated one-pass reader ([`Contract::fast_read`]).
    const FAST: bool = false;

    /// Reads a value of this type in one pass, checking as it reads; at a
    /// broken rule it fails (with a private error) having read the value as
    /// JSON for the validators ([`crate::fast::invalid`]), never collecting
    /// errors itself. May refuse valid documents, never accepts invalid
    /// ones. This default reads a `Value` and runs the validators.
    fn fast_read<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = crate::fast::json(d)?;
        if !Self::is_valid_value(&v) {
            return Err(crate::fast::invalid(v));
        }
        Self::from_value(v).map_err(|_| crate::fast::abort())
    }

    /// Parses, validates and builds from JSON text (a repeated member name
    /// is an error: [`ParseError::Duplicate`]).
    fn from_json_str(s: &str) -> Result<Self, ParseError> {
        Self::from_json_slice(s.as_bytes())
    }

    /// [`Contract::from_json_str`] with `settings` (e.g. repeated member names last-wins).
    fn from_json_str_with(s: &str, settings: crate::ReadSettings) -> Result<Self, ParseError> {
        Self::from_json_slice_with(s.as_bytes(), settings)
    }

    /// Parses, validates and builds from JSON bytes (UTF-8) with the
    /// one-pass reader. At a broken rule the reader has read the document as
    /// a `Value`, and the validators report every error on it; when the
    /// reader cannot tell (a repeated member name among them), the full path
    /// (bytes → `Value` → every error). A repeated member name is an error
    /// ([`ParseError::Duplicate`]).
    fn from_json_slice(b: &[u8]) -> Result<Self, ParseError> {
        Self::from_json_slice_with(b, crate::ReadSettings::new())
    }

    /// [`Contract::from_json_slice`] with `settings`.
    fn from_json_slice_with(b: &[u8], settings: crate::ReadSettings) -> Result<Self, ParseError> {
        if Self::FAST {
            // The readers refuse every repeated name (the full path applies
            // the settings).
            match crate::fast::read_document(b, |d| Self::fast_read(d)) {
                crate::fast::Outcome::Valid(v) => return Ok(v),
                crate::fast::Outcome::Invalid(v, settled) => {
                    let mut ctx = Ctx::collecting_settled(settled);
                    if !Self::check(&v, &Loc::Root, &mut ctx) {
                        return Err(ParseError::Invalid(ValidationErrors(ctx.into_errors())));
                    }
                    // Valid after all (a reader may refuse more than the
                    // validators): the full path builds it from the bytes.
                }
                crate::fast::Outcome::Declined => {}
            }
        }
        Self::from_json_slice_via_value_with(b, settings)
    }

    /// Parses, validates and builds from a reader (read whole, then as bytes).
    fn from_json_reader<R: std::io::Read>(r: R) -> Result<Self, ParseError> {
        Self::from_json_reader_with(r, crate::ReadSettings::new())
    }

    /// [`Contract::from_json_reader`] with `settings`.
    fn from_json_reader_with<R: std::io::Read>(mut r: R, settings: crate::ReadSettings) -> Result<Self, ParseError> {
        let mut b = Vec::new();
        if let Err(e) = r.read_to_end(&mut b) {
            return Err(ParseError::Syntax(serde_json::Error::io(e)));
        }
        Self::from_json_slice_with(&b, settings)
    }

    /// The full path, always: bytes → `Value` → every error → typed value.
    fn from_json_slice_via_value(b: &[u8]) -> Result<Self, ParseError> {
        Self::from_json_slice_via_value_with(b, crate::ReadSettings::new())
    }

    /// [`Contract::from_json_slice_via_value`] with `settings`.
    fn from_json_slice_via_value_with(b: &[u8], settings: crate::ReadSettings) -> Result<Self, ParseError> {
        Self::from_json_value(crate::value_from_slice(b, settings)?)
    }

    /// The value as JSON.
    fn to_json_value(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }

    /// JSON Pointers of the members this value holds that are marked
    /// sensitive (`x-sensitivity: local`): data that must stay on this machine.
    fn local_pointers(&self) -> Vec<String> {
        let v = self.to_json_value();
        let mut ctx = Ctx::recording_sensitive();
        Self::check(&v, &Loc::Root, &mut ctx);
        ctx.take_sensitive()
    }

    /// The value as JSON, ready to relay elsewhere: sensitive members
    /// removed ([`Relay::Strip`]) or replaced by `"<redacted>"` ([`Relay::Mask`]).
    fn to_relay_value(&self, how: Relay) -> Value {
        let pointers = self.local_pointers();
        let mut v = self.to_json_value();
        relay(&mut v, &pointers, how);
        v
    }

    /// Checks a value built in code against the schema, so a producer cannot
    /// send what readers would reject.
    fn validate(&self) -> Result<(), ValidationErrors> {
        Self::validate_value(&self.to_json_value())
    }
}

/// What [`Contract::to_relay_value`] does with sensitive members.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relay {
    /// Remove them (object members dropped, array items taken out).
    Strip,
    /// Replace each with the string `"<redacted>"`.
    Mask,
}

/// Strips or masks the values at `pointers` (outermost first) in `v`.
pub fn relay(v: &mut Value, pointers: &[String], how: Relay) {
    // Deepest and last first, so removing an array item does not move the
    // items still to be removed.
    let mut sorted: Vec<&String> = pointers.iter().collect();
    sorted.sort_by(|a, b| b.cmp(a));
    for p in sorted {
        match how {
            Relay::Mask => {
                if let Some(x) = v.pointer_mut(p) {
                    *x = Value::String("<redacted>".to_owned());
                }
            }
            Relay::Strip => {
                let Some(cut) = p.rfind('/') else { continue };
                let (parent, token) = (&p[..cut], p[cut + 1..].replace("~1", "/").replace("~0", "~"));
                match v.pointer_mut(parent) {
                    Some(Value::Object(m)) => {
                        m.shift_remove(&token);
                    }
                    Some(Value::Array(a)) => {
                        if let Ok(i) = token.parse::<usize>() {
                            if i < a.len() {
                                a.remove(i);
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
    }
}

/// The `Deserialize` every generated type gets: read any JSON (a repeated
/// member name is an error), validate it against the schema, then build the typed value. Deserialising through
/// serde therefore never yields a value the schema refuses.
pub fn deserialize_checked<'de, T: Contract, D: serde::Deserializer<'de>>(d: D) -> Result<T, D::Error> {
    let v = crate::value_from(d, crate::ReadSettings::new())?;
    T::from_json_value(v).map_err(serde::de::Error::custom)
}

/// Validates `v` with generated validator `check` for the schema at
/// `pointer` in resource `base`, collecting every error.
pub fn validate_with(check: crate::Check, v: &Value, base: &'static str, pointer: &'static str) -> Result<(), ValidationErrors> {
    let root = SchemaPath::Root(base);
    let at = if pointer.is_empty() { root } else { SchemaPath::Ref(&root, "", base, pointer) };
    let mut ctx = Ctx::collecting();
    if check(v, &Loc::Root, &mut ctx, &at) {
        Ok(())
    } else {
        Err(ValidationErrors(ctx.into_errors()))
    }
}

/// Whether `v` is valid for generated validator `check`, stopping at the
/// first failure: a reader's check, which keeps no error and so needs no
/// schema location.
pub fn is_valid(check: crate::Check, v: &Value) -> bool {
    is_valid_with(check, v, "", "")
}

/// Whether `v` is valid for generated validator `check`, stopping at the first failure.
pub fn is_valid_with(check: crate::Check, v: &Value, base: &'static str, pointer: &'static str) -> bool {
    let root = SchemaPath::Root(base);
    let at = if pointer.is_empty() { root } else { SchemaPath::Ref(&root, "", base, pointer) };
    check(v, &Loc::Root, &mut Ctx::quiet_mode(), &at)
}
