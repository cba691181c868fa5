//! The validation context: generated validators call one helper per keyword,
//! which checks, and on failure records a [`ValidationError`] with a message
//! a person can act on.

use crate::error::{SchemaPath, ValidationError};
use crate::fast::Settled;
use crate::location::Loc;
use crate::number::{compare, is_multiple_of, Num};
use serde_json::{Map, Number, Value};
use std::cmp::Ordering;
use std::collections::BTreeSet;

/// A generated validator: value, its location, the context, the schema path.
pub type Check = fn(&Value, &Loc, &mut Ctx, &SchemaPath) -> bool;

mod ecma;
mod engine;
mod simple_pattern;

pub use engine::{EcmaRegex, EngineKind, BACKTRACK_LIMIT};

/// A `pattern` compiled on first use (ECMA-262, Unicode mode) on the fastest
/// engine that keeps its meaning (see `engine`): a byte loop for the simple
/// anchored forms contract schemas mostly use (`^cmd_[0-9a-f]{32}$`), the
/// linear-time `regex` crate for the others, a budgeted backtracker only for
/// look-around and back-references.
#[derive(Debug)]
pub struct Pattern {
    source: &'static str,
    matcher: std::sync::OnceLock<EcmaRegex>,
}

impl Pattern {
    /// A pattern the generator has already checked compiles.
    pub const fn new(source: &'static str) -> Self {
        Pattern { source, matcher: std::sync::OnceLock::new() }
    }
    /// The pattern as written in the schema.
    pub fn source(&self) -> &'static str {
        self.source
    }
    /// Whether the pattern matches anywhere in `s` (patterns are not
    /// anchored); a match its engine's limit left undecided counts as none
    /// (see [`Pattern::try_match`]).
    #[inline]
    pub fn is_match(&self, s: &str) -> bool {
        self.compiled().is_match(s)
    }
    /// Whether the pattern matches anywhere in `s`, `None` when its
    /// engine's limit left it undecided (see [`EcmaRegex::undecided_reason`]).
    #[inline]
    pub fn try_match(&self, s: &str) -> Option<bool> {
        self.compiled().try_match(s)
    }
    /// The compiled pattern.
    #[inline]
    pub fn compiled(&self) -> &EcmaRegex {
        self.matcher.get_or_init(|| self.compile())
    }
    #[cold]
    fn compile(&self) -> EcmaRegex {
        EcmaRegex::new(self.source).expect("the generator checked this pattern compiles")
    }
}

/// A JSON value from the schema (`const`, `enum`), parsed on first use.
#[derive(Debug)]
pub struct JsonConst {
    json: &'static str,
    value: std::sync::OnceLock<Value>,
}

impl JsonConst {
    /// JSON text the generator wrote.
    pub const fn new(json: &'static str) -> Self {
        JsonConst { json, value: std::sync::OnceLock::new() }
    }
    /// The value.
    pub fn get(&self) -> &Value {
        self.value.get_or_init(|| serde_json::from_str(self.json).unwrap_or(Value::Null))
    }
    /// The items, when the value is an array (an `enum`'s list); else none.
    pub fn items(&self) -> &[Value] {
        self.get().as_array().map_or(&[], Vec::as_slice)
    }
}

/// Type bits for [`Ctx::check_type`].
pub mod types {
    /// `null`
    pub const NULL: u8 = 1;
    /// `boolean`
    pub const BOOLEAN: u8 = 2;
    /// `integer` (any number without a fractional part)
    pub const INTEGER: u8 = 4;
    /// `number` (includes integers)
    pub const NUMBER: u8 = 8;
    /// `string`
    pub const STRING: u8 = 16;
    /// `array`
    pub const ARRAY: u8 = 32;
    /// `object`
    pub const OBJECT: u8 = 64;
    /// draft-04's `integer`: a number written without a fraction or an
    /// exponent (`2`, not `2.0` or `2e0`), as Python's `jsonschema` reads it.
    pub const INTEGER_AS_WRITTEN: u8 = 128;

    /// The validator of a subschema whose only assertion is `type`, shared
    /// by every generated module (`only::<STRING>`, `only::<{ NULL | STRING }>`)
    /// instead of a four-line function in each.
    pub fn only<const TYPES: u8>(i: &super::Value, l: &super::Loc, c: &mut super::Ctx, s: &super::SchemaPath) -> bool {
        c.check_type(l, s, i, TYPES)
    }
}

/// Collects errors while a generated validator runs. In quiet mode (inside
/// `anyOf`, `not`, `if`, or for a yes/no answer) nothing is recorded and
/// validators stop at the first failure.
#[derive(Debug)]
pub struct Ctx {
    errors: Vec<ValidationError>,
    collect: bool,
    /// When recording: instance locations of values under `x-sensitivity: local`.
    sensitive: Option<Vec<String>>,
    /// Members a one-pass reader already checked, left out of
    /// the document it handed up: valid without looking.
    settled: Settled,
    /// At most this many errors are built ([`crate::max_errors`]) ...
    max_errors: usize,
    /// ... and those past it counted here.
    omitted: usize,
}

impl Ctx {
    /// A context that records every error.
    pub fn collecting() -> Self {
        Ctx { errors: Vec::new(), collect: true, sensitive: None, settled: Settled::default(), max_errors: crate::error::max_errors(), omitted: 0 }
    }

    /// A context that records every error in a document a one-pass reader
    /// handed up, whose `settled` members it already checked.
    pub fn collecting_settled(settled: Settled) -> Self {
        // Errors a reader counted past the cap are only ever counted.
        let omitted = settled.unlisted();
        Ctx { errors: Vec::new(), collect: true, sensitive: None, settled, max_errors: crate::error::max_errors(), omitted }
    }

    /// How many errors `check` records for `v` (its location is of no
    /// consequence to the count): as many as it lists while the document's
    /// list has room, or, `past_cap`, as many as it counts once the list is
    /// full (which can differ: a union whose chosen branch recorded nothing
    /// adds its own error).
    pub fn count_errors(check: Check, v: &Value, past_cap: bool) -> usize {
        let mut c = Ctx::collecting();
        if past_cap {
            c.max_errors = 0;
        }
        check(v, &Loc::Root, &mut c, &SchemaPath::Root(""));
        c.errors.len() + c.omitted
    }

    /// A context that only answers valid or not, stopping at the first failure.
    pub fn quiet_mode() -> Self {
        Ctx { errors: Vec::new(), collect: false, sensitive: None, settled: Settled::default(), max_errors: crate::error::max_errors(), omitted: 0 }
    }

    /// A quiet context that records where sensitive values are (for stripping
    /// or masking them before a value is relayed).
    pub fn recording_sensitive() -> Self {
        Ctx { errors: Vec::new(), collect: false, sensitive: Some(Vec::new()), settled: Settled::default(), max_errors: crate::error::max_errors(), omitted: 0 }
    }

    /// Notes that the value at `loc` is sensitive (when recording).
    #[inline]
    pub fn mark_sensitive(&mut self, loc: &Loc) {
        if let Some(v) = &mut self.sensitive {
            v.push(loc.to_pointer());
        }
    }

    /// The sensitive locations recorded, outermost first, each once.
    pub fn take_sensitive(&mut self) -> Vec<String> {
        let mut v = self.sensitive.take().unwrap_or_default();
        v.sort();
        v.dedup();
        // Keep only the outermost: everything under a sensitive value goes with it.
        let mut out: Vec<String> = Vec::new();
        for p in v {
            if !out.iter().any(|o| p.starts_with(o.as_str()) && p[o.len()..].starts_with('/')) {
                out.push(p);
            }
        }
        out
    }

    /// Whether errors are being recorded; when not, validators may return at
    /// the first failure.
    #[inline]
    pub fn is_collecting(&self) -> bool {
        self.collect
    }

    /// The errors recorded, ending with "… and N more" when more were
    /// found than [`crate::max_errors`] allows.
    pub fn into_errors(mut self) -> Vec<ValidationError> {
        if self.omitted > 0 {
            self.errors.push(ValidationError::more(self.omitted));
        }
        self.errors
    }

    /// Records that `keyword` of the subschema at `at` failed for the value at
    /// `loc`. Always returns `false`, so a check reads `ok &= cond || ctx.fail(…)`.
    #[cold]
    pub fn fail(&mut self, loc: &Loc, at: &SchemaPath, keyword: &'static str, message: impl FnOnce() -> String) -> bool {
        if self.collect {
            if self.errors.len() >= self.max_errors {
                self.omitted += 1;
            } else {
                self.errors.push(ValidationError::new(loc.to_pointer(), at, keyword, message()));
            }
        }
        false
    }

    /// Runs `f` without recording anything; returns whether it passed.
    #[inline]
    pub fn quiet(&mut self, f: impl FnOnce(&mut Ctx) -> bool) -> bool {
        let before = std::mem::replace(&mut self.collect, false);
        let ok = f(self);
        self.collect = before;
        ok
    }

    /// Runs `f` recording its errors apart; returns whether it passed and
    /// what it found, so a caller can decide whether to keep them.
    /// A capture has a cap of its own (as many errors as a document may
    /// list): what it keeps is counted against the document's cap when (and
    /// if) the caller keeps it with [`Ctx::extend`], so "… and N more"
    /// counts only errors really dropped, and memory stays bounded.
    pub fn capture(&mut self, f: impl FnOnce(&mut Ctx) -> bool) -> (bool, Vec<ValidationError>) {
        let mark = self.errors.len();
        let cap = std::mem::replace(&mut self.max_errors, mark.saturating_add(crate::error::max_errors()));
        let ok = f(self);
        self.max_errors = cap;
        (ok, self.errors.split_off(mark))
    }

    /// Adds errors captured earlier with [`Ctx::capture`].
    pub fn extend(&mut self, errors: Vec<ValidationError>) {
        if self.collect {
            let room = self.max_errors.saturating_sub(self.errors.len());
            self.omitted += errors.len().saturating_sub(room);
            self.errors.extend(errors.into_iter().take(room));
        }
    }

    /// Validates member `key` of object `m`, if present, with `check` (the
    /// subschema at `/properties/<key>`).
    #[inline]
    pub fn prop(&mut self, loc: &Loc, at: &SchemaPath, m: &Map<String, Value>, key: &str, check: Check) -> bool {
        match lookup(m, key) {
            Some(v) if self.settled.holds(v) => true,
            Some(v) => check(v, &loc.key(key), self, &at.property(key)),
            None => true,
        }
    }

    /// [`Ctx::prop`] for each `(key, check)` of `props`, in order (every
    /// one runs, so every error is reported): an object with many named
    /// members validates them from one table.
    pub fn props(&mut self, loc: &Loc, at: &SchemaPath, m: &Map<String, Value>, props: &[(&str, Check)]) -> bool {
        let mut ok = true;
        for (key, check) in props {
            ok &= self.prop(loc, at, m, key, *check);
        }
        ok
    }

    /// Like [`Ctx::prop`], for a member marked sensitive.
    #[inline]
    pub fn prop_sensitive(&mut self, loc: &Loc, at: &SchemaPath, m: &Map<String, Value>, key: &str, check: Check) -> bool {
        match lookup(m, key) {
            Some(v) if self.settled.holds(v) => true,
            Some(v) => {
                let member = loc.key(key);
                let loc = member.local();
                self.mark_sensitive(&loc);
                check(v, &loc, self, &at.property(key).sensitive())
            }
            None => true,
        }
    }

    /// `prefixItems` (or the array form of `items`): item `n` with
    /// `checks[n]`, the subschema at `rel/n`; items past the list are left
    /// to `items` / `additionalItems`. Every item is checked, so every error
    /// is recorded.
    #[inline]
    pub fn prefix_items(&mut self, loc: &Loc, at: &SchemaPath, items: &[Value], rel: &'static str, checks: &[Check]) -> bool {
        let mut ok = true;
        for (n, (v, check)) in items.iter().zip(checks).enumerate() {
            ok &= check(v, &loc.index(n), self, &at.element(rel, n));
        }
        ok
    }

    /// Validates items `from..` of `items` with `check` (the subschema at `rel`).
    #[inline]
    pub fn items(&mut self, loc: &Loc, at: &SchemaPath, items: &[Value], from: usize, rel: &'static str, check: Check) -> bool {
        let at = at.child(rel);
        if let Some(sparse) = self.settled.sparse(items) {
            let mut ok = true;
            for (i, v) in Indexed::kept(sparse, items, from) {
                ok &= check(v, &loc.index(i), self, &at);
            }
            return ok;
        }
        let mut ok = true;
        for (i, v) in items.iter().enumerate().skip(from) {
            ok &= check(v, &loc.index(i), self, &at);
            if !ok && !self.collect {
                return false;
            }
        }
        ok
    }

    /// `type`: `mask` is a union of [`types`] bits.
    pub fn check_type(&mut self, loc: &Loc, at: &SchemaPath, v: &Value, mask: u8) -> bool {
        if type_matches(v, mask) {
            return true;
        }
        self.fail(loc, at, "type", || {
            let got = match v {
                // "an integer" would not say what is wrong with `2.0`.
                Value::Number(n) if mask & types::INTEGER_AS_WRITTEN != 0 => n.as_str(),
                _ => kind_of(v),
            };
            Msg::about(loc).s(" must be ").s(&type_names(mask)).s(", got ").s(got).done()
        })
    }

    /// `pattern` (ECMA-262, not anchored).
    pub fn pattern(&mut self, loc: &Loc, at: &SchemaPath, s: &str, re: &Pattern) -> bool {
        let source = re.source();
        match re.try_match(s) {
            Some(true) => true,
            Some(false) => self.fail(loc, at, "pattern", || {
                let m = Msg::about(loc).s(" must match `").s(source).s("`, got ");
                if at.is_sensitive() || s.chars().count() > 40 {
                    m.s("a ").n(s.chars().count() as u64).s("-character value").done()
                } else {
                    m.json_string(s).done()
                }
            }),
            None => self.undecided_pattern(loc, at, "pattern", re, s),
        }
    }

    /// `patternProperties` of the schema at `at`: whether member name `key`
    /// matches `re`. A match its engine's limit left undecided is an error
    /// at the member that makes `ok` false (in quiet mode too, where no
    /// error is kept: a branch of an `anyOf` must not pass on it), and the
    /// member is then read as matched, so its schema's errors are reported.
    pub fn key_matches(&mut self, loc: &Loc, at: &SchemaPath, key: &str, re: &Pattern, ok: &mut bool) -> bool {
        match re.try_match(key) {
            Some(m) => m,
            None => {
                *ok &= self.undecided_pattern(&loc.key(key), &at.child("patternProperties"), "patternProperties", re, key);
                true
            }
        }
    }

    #[cold]
    fn undecided_pattern(&mut self, loc: &Loc, at: &SchemaPath, keyword: &'static str, re: &Pattern, s: &str) -> bool {
        self.fail(loc, at, keyword, || {
            format!("{} could not be checked against `{keyword}` `{}`: {}, so it is refused", loc.described(), re.source(), re.compiled().undecided_reason(s))
        })
    }

    /// `format` under the assertion setting: `ok` is the checker's verdict.
    pub fn format(&mut self, loc: &Loc, at: &SchemaPath, v: &str, format: &str, ok: bool) -> bool {
        ok || self.fail(loc, at, "format", || format!("{} must be a valid {format}, got {}", loc.described(), preview_str(v, at)))
    }

    /// `contentEncoding` / `contentMediaType` as assertions (draft-06/07):
    /// `base64` must decode, `application/json` must parse (after decoding).
    /// Other encodings and media types are not checked.
    pub fn content(&mut self, loc: &Loc, at: &SchemaPath, v: &str, encoding: Option<&str>, media_type: Option<&str>) -> bool {
        let decoded = match encoding {
            Some(e) if e.eq_ignore_ascii_case("base64") => match decode_base64(v) {
                Some(bytes) => bytes,
                None => {
                    return self.fail(loc, at, "contentEncoding", || format!("{} must be base64-encoded", loc.described()));
                }
            },
            _ => v.as_bytes().to_vec(),
        };
        match media_type {
            Some(m) if m.eq_ignore_ascii_case("application/json") => {
                serde_json::from_slice::<Value>(&decoded).is_ok()
                    || self.fail(loc, at, "contentMediaType", || format!("{} must hold a JSON document", loc.described()))
            }
            _ => true,
        }
    }

    /// `minimum`.
    pub fn minimum(&mut self, loc: &Loc, at: &SchemaPath, n: &Number, b: Num) -> bool {
        compare(n, b) != Ordering::Less || self.fail(loc, at, "minimum", || format!("{} must be ≥ {b}, got {}", loc.described(), preview_num(n, at)))
    }

    /// `maximum`.
    pub fn maximum(&mut self, loc: &Loc, at: &SchemaPath, n: &Number, b: Num) -> bool {
        compare(n, b) != Ordering::Greater || self.fail(loc, at, "maximum", || format!("{} must be ≤ {b}, got {}", loc.described(), preview_num(n, at)))
    }

    /// `exclusiveMinimum` (and draft-04's boolean form, which generated code maps here).
    pub fn exclusive_minimum(&mut self, loc: &Loc, at: &SchemaPath, kw: &'static str, n: &Number, b: Num) -> bool {
        compare(n, b) == Ordering::Greater || self.fail(loc, at, kw, || format!("{} must be > {b}, got {}", loc.described(), preview_num(n, at)))
    }

    /// `exclusiveMaximum` (and draft-04's boolean form, which generated code maps here).
    pub fn exclusive_maximum(&mut self, loc: &Loc, at: &SchemaPath, kw: &'static str, n: &Number, b: Num) -> bool {
        compare(n, b) == Ordering::Less || self.fail(loc, at, kw, || format!("{} must be < {b}, got {}", loc.described(), preview_num(n, at)))
    }

    /// `multipleOf`.
    pub fn multiple_of(&mut self, loc: &Loc, at: &SchemaPath, n: &Number, d: Num) -> bool {
        is_multiple_of(n, d) || self.fail(loc, at, "multipleOf", || format!("{} must be a multiple of {d}, got {}", loc.described(), preview_num(n, at)))
    }

    /// The items of `items` from index `from` on, each with its index in
    /// the document: a reader may have handed up only the items whose errors
    /// will be listed (the others are valid, or their errors counted; see
    /// [`crate::fast::Sparse`]).
    pub fn indexed<'v>(&self, items: &'v [Value], from: usize) -> Indexed<'v> {
        match self.settled.sparse(items) {
            Some(sparse) => Indexed::kept(sparse, items, from),
            None => Indexed::All(items.iter().enumerate().skip(from)),
        }
    }

    /// How many items the document's array has (a reader may have handed
    /// up only some of them, see [`crate::fast::Sparse`]).
    #[inline]
    fn items_len(&self, items: &[Value]) -> usize {
        self.settled.sparse(items).map_or(items.len(), |s| s.len())
    }

    /// `minItems`.
    pub fn min_items(&mut self, loc: &Loc, at: &SchemaPath, items: &[Value], min: u64) -> bool {
        let len = self.items_len(items);
        len as u64 >= min || self.fail(loc, at, "minItems", || format!("{} must have at least {min} item{}, got {len}", loc.described(), plural(min)))
    }

    /// `maxItems`.
    pub fn max_items(&mut self, loc: &Loc, at: &SchemaPath, items: &[Value], max: u64) -> bool {
        let len = self.items_len(items);
        len as u64 <= max || self.fail(loc, at, "maxItems", || format!("{} must have at most {max} item{}, got {len}", loc.described(), plural(max)))
    }

    /// `uniqueItems: true` (JSON equality: `1` equals `1.0`).
    pub fn unique_items(&mut self, loc: &Loc, at: &SchemaPath, items: &[Value]) -> bool {
        let mut seen = std::collections::HashMap::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            if let Some(first) = seen.insert(crate::json::json_hash_key(item), i) {
                return self.fail(loc, at, "uniqueItems", || format!("{} must not repeat items, but items {first} and {i} are equal", loc.described()));
            }
        }
        true
    }

    /// Whether object `m` has member `name` (in the map, or read, checked
    /// and left out by a reader: [`Settled`]).
    #[inline]
    fn has(&self, m: &Map<String, Value>, name: &str) -> bool {
        lookup(m, name).is_some() || self.settled.absent(m).contains(&name)
    }

    /// How many members object `m` has in the document.
    #[inline]
    fn members(&self, m: &Map<String, Value>) -> usize {
        m.len() + self.settled.absent(m).len()
    }

    /// How many members of `v`, if an object, a reader left out of it.
    fn left_out(&self, v: &Value) -> usize {
        match v {
            Value::Object(m) => self.settled.absent(m).len(),
            _ => 0,
        }
    }

    /// `minProperties`.
    pub fn min_properties(&mut self, loc: &Loc, at: &SchemaPath, m: &Map<String, Value>, min: u64) -> bool {
        let len = self.members(m);
        len as u64 >= min || self.fail(loc, at, "minProperties", || format!("{} must have at least {min} member{}, got {len}", loc.described(), plural(min)))
    }

    /// `maxProperties`.
    pub fn max_properties(&mut self, loc: &Loc, at: &SchemaPath, m: &Map<String, Value>, max: u64) -> bool {
        let len = self.members(m);
        len as u64 <= max || self.fail(loc, at, "maxProperties", || format!("{} must have at most {max} member{}, got {len}", loc.described(), plural(max)))
    }

    /// `required`: every missing name is its own error.
    pub fn required(&mut self, loc: &Loc, at: &SchemaPath, m: &Map<String, Value>, names: &[&str]) -> bool {
        let mut ok = true;
        for name in names {
            if !self.has(m, name) {
                ok = self.fail(loc, at, "required", || Msg::about(loc).s(" is missing required member `").s(name).s("`").done());
                if !self.collect {
                    return false;
                }
            }
        }
        ok
    }

    /// `dependentRequired` (and draft-07's array form of `dependencies`):
    /// when `trigger` is present, `names` must be too.
    pub fn dependent_required(&mut self, loc: &Loc, at: &SchemaPath, kw: &'static str, m: &Map<String, Value>, trigger: &str, names: &[&str]) -> bool {
        if !self.has(m, trigger) {
            return true;
        }
        let mut ok = true;
        for name in names {
            if !self.has(m, name) {
                ok = self.fail(loc, at, kw, || format!("{} has `{trigger}`, so it must also have `{name}`", loc.described()));
                if !self.collect {
                    return false;
                }
            }
        }
        ok
    }

    /// `enum` with any JSON values.
    pub fn enum_of(&mut self, loc: &Loc, at: &SchemaPath, v: &Value, values: &[Value]) -> bool {
        if values.iter().any(|x| crate::json::json_equal(v, x)) {
            return true;
        }
        let left_out = self.left_out(v);
        self.fail(loc, at, "enum", || {
            let mut m = Msg::about(loc).s(" must be one of ");
            for (n, x) in values.iter().take(12).enumerate() {
                if n > 0 {
                    m = m.s(", ");
                }
                m = m.s(&x.to_string());
            }
            enum_message_end(m, at, v, values.len(), left_out)
        })
    }

    /// `enum` whose values are all strings (a fast path for the common case).
    pub fn enum_str(&mut self, loc: &Loc, at: &SchemaPath, v: &Value, values: &[&str]) -> bool {
        matches!(v, Value::String(s) if values.contains(&s.as_str())) || {
            let left_out = self.left_out(v);
            self.fail(loc, at, "enum", || must_be_one_of(loc, values.iter().copied(), values.len(), at, v, left_out))
        }
    }

    /// `const` with any JSON value.
    pub fn const_of(&mut self, loc: &Loc, at: &SchemaPath, v: &Value, value: &Value) -> bool {
        crate::json::json_equal(v, value) || {
            let left_out = self.left_out(v);
            self.fail(loc, at, "const", || format!("{} must be {value}, got {}", loc.described(), preview(v, at, left_out)))
        }
    }

    /// `const` with a string (a fast path for the common case).
    pub fn const_str(&mut self, loc: &Loc, at: &SchemaPath, v: &Value, value: &str) -> bool {
        matches!(v, Value::String(s) if s == value) || {
            let left_out = self.left_out(v);
            self.fail(loc, at, "const", || Msg::about(loc).s(" must be ").debug_str(value).s(", got ").preview(v, at, left_out).done())
        }
    }

    /// The `false` schema: nothing is valid.
    pub fn false_schema(&mut self, loc: &Loc, at: &SchemaPath) -> bool {
        self.fail(loc, at, "", || format!("{} is not allowed here", loc.described()))
    }

    /// A member that `additionalProperties: false` (or
    /// `unevaluatedProperties: false`) refuses.
    pub fn unexpected_member(&mut self, loc: &Loc, at: &SchemaPath, kw: &'static str, key: &str) -> bool {
        if names_hidden(loc, at) {
            return self.fail(loc, at, kw, || Msg::about(loc).s(" has an unexpected member").done());
        }
        self.fail(loc, at, kw, || Msg::about(loc).s(" has unexpected member `").s(key).s("`").done())
    }

    /// `additionalProperties: false` with no `patternProperties`: each
    /// member not among the `known` names is refused, in document order.
    #[inline]
    pub fn unexpected_members(&mut self, loc: &Loc, at: &SchemaPath, m: &Map<String, Value>, known: &[&str]) -> bool {
        let mut ok = true;
        for key in m.keys() {
            if !known.contains(&key.as_str()) {
                ok &= self.unexpected_member(loc, at, "additionalProperties", key);
            }
        }
        ok
    }

    /// An item that `items: false` (or `additionalItems`/`unevaluatedItems: false`) refuses.
    pub fn unexpected_item(&mut self, loc: &Loc, at: &SchemaPath, kw: &'static str, index: usize, allowed: usize) -> bool {
        self.fail(loc, at, kw, || format!("{} may hold at most {allowed} item{}, but has item {index}", loc.described(), plural(allowed as u64)))
    }

    /// `anyOf` over `branches` (validator, and the branch's value of the tag
    /// member when `tag` names one: the branches are told apart by a member's
    /// string constant). On failure only the branches a reader would consider
    /// are explained: those whose tag value is the instance's, else all.
    /// When the tag chose the branch, its errors alone explain the failure:
    /// the union's own "matches none" would be a second line for one mistake.
    pub fn any_of(&mut self, i: &Value, loc: &Loc, at: &SchemaPath, branches: &[(Check, Option<&str>)], tag: Option<&str>) -> bool {
        let actual = tag_value(i, tag);
        if let Some(chosen) = self.explained_by_tag(actual, branches) {
            // The branches that would explain a failure run once, recording;
            // what they record is dropped if some branch matches.
            let mark = self.errors.len();
            for (n, (check, x)) in branches.iter().enumerate() {
                if may_match(actual, *x) && self.run_branch(i, loc, at, "/anyOf", n, *check, *x == Some(chosen)) {
                    self.errors.truncate(mark);
                    return true;
                }
            }
            self.chosen_branches_failed(loc, at, "anyOf", mark);
            return false;
        }
        if branches.iter().enumerate().any(|(n, (check, x))| may_match(actual, *x) && self.quiet(|c| check(i, loc, c, &at.element("/anyOf", n)))) {
            return true;
        }
        if !self.collect {
            return self.any_of_failed(loc, at);
        }
        self.explain_union(i, loc, at, "/anyOf", branches, tag);
        false
    }

    /// `oneOf` over `branches`, as [`Ctx::any_of`].
    pub fn one_of(&mut self, i: &Value, loc: &Loc, at: &SchemaPath, branches: &[(Check, Option<&str>)], tag: Option<&str>) -> bool {
        let actual = tag_value(i, tag);
        let chosen = self.explained_by_tag(actual, branches);
        let mark = self.errors.len();
        let mut first = None;
        let mut more = Vec::new();
        for (n, (check, x)) in branches.iter().enumerate() {
            if !may_match(actual, *x) {
                continue;
            }
            let ok = match chosen {
                Some(v) => self.run_branch(i, loc, at, "/oneOf", n, *check, *x == Some(v)),
                None => self.quiet(|c| check(i, loc, c, &at.element("/oneOf", n))),
            };
            if ok {
                if first.is_none() {
                    first = Some(n);
                } else {
                    more.push(n);
                    if !self.collect {
                        return false;
                    }
                }
            }
        }
        if first.is_some() && more.is_empty() {
            self.errors.truncate(mark);
            return true;
        }
        let matched: Vec<usize> = first.into_iter().chain(more).collect();
        if chosen.is_some() {
            // What the chosen branches recorded explains no match; several
            // matches are the union's own error, and nothing else is.
            if matched.is_empty() {
                self.chosen_branches_failed(loc, at, "oneOf", mark);
            } else {
                self.errors.truncate(mark);
                self.one_of_failed(loc, at, &matched);
            }
            return false;
        }
        if matched.is_empty() && self.collect {
            self.explain_union(i, loc, at, "/oneOf", branches, tag);
        } else {
            self.one_of_failed(loc, at, &matched);
        }
        false
    }

    /// When recording, the instance's tag value if some branches carry it:
    /// those branches alone explain a failure, so they can run recording
    /// from the start instead of quietly and then again to explain.
    #[inline]
    fn explained_by_tag<'v>(&self, actual: Option<&'v Value>, branches: &[(Check, Option<&str>)]) -> Option<&'v str> {
        match actual {
            Some(Value::String(v)) if self.collect && branches.iter().any(|(_, x)| *x == Some(v.as_str())) => Some(v),
            _ => None,
        }
    }

    /// A union (`kw`) whose branches the tag chose all failed: their errors
    /// (recorded since `mark`) are the explanation. Only when they recorded
    /// nothing (the error cap was reached) does the union's error stand in.
    fn chosen_branches_failed(&mut self, loc: &Loc, at: &SchemaPath, kw: &'static str, mark: usize) {
        if self.errors.len() == mark {
            self.union_failed(loc, at, kw);
        }
    }

    /// Runs branch `n` of the union at `kw`, recording its errors or quietly.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn run_branch(&mut self, i: &Value, loc: &Loc, at: &SchemaPath, kw: &'static str, n: usize, check: Check, record: bool) -> bool {
        let at = at.element(kw, n);
        if record {
            check(i, loc, self, &at)
        } else {
            self.quiet(|c| check(i, loc, c, &at))
        }
    }

    /// Explains a union at `kw` that no branch matched. When every branch
    /// is told apart by the `tag` member and the instance's holds a string
    /// no branch names, the one mistake is that value: one error at the
    /// member, keyword the union's, lists the values the branches take
    /// (each branch would otherwise report its own "must be X" and its
    /// missing members). Otherwise the union's error names the branch that
    /// came closest, which explains the failure ([`Self::explain_branches`]).
    #[allow(clippy::too_many_arguments)]
    fn explain_union(&mut self, i: &Value, loc: &Loc, at: &SchemaPath, kw: &'static str, branches: &[(Check, Option<&str>)], tag: Option<&str>) {
        if !self.collect {
            return;
        }
        let keyword = kw.trim_start_matches('/');
        if let (Some(t), Some(v @ Value::String(_))) = (tag, tag_value(i, tag)) {
            if branches.iter().all(|(_, x)| x.is_some()) {
                let member = loc.key(t);
                self.fail(&member, at, keyword, || must_be_one_of(&member, branches.iter().map(|(_, x)| x.unwrap_or_default()), branches.len(), at, v, 0));
                return;
            }
        }
        let found = branches.iter().enumerate().map(|(n, (check, _))| (n, self.capture(|c| check(i, loc, c, &at.element(kw, n))).1)).collect();
        self.explain_branches(loc, at, keyword, found);
    }

    /// Explains a union (`kw`: `anyOf` or `oneOf`) that no branch matched,
    /// from what each branch a reader would consider recorded (`found`:
    /// branch index and errors). One mistake gets one explanation, as
    /// jsonschema-rs's and Python jsonschema's `best_match` do: the union's
    /// error, which names the branch that came closest and the others in
    /// one line, then that branch's errors. The others' errors are kept in
    /// the union error's [`ValidationError::other_branches`]. The closest
    /// branch is picked by [`closest_branch`].
    pub fn explain_branches(&mut self, loc: &Loc, at: &SchemaPath, kw: &'static str, mut found: Vec<(usize, Vec<ValidationError>)>) {
        if !self.collect {
            return;
        }
        let Some(best) = closest_branch(&loc.to_pointer(), &found) else {
            self.union_failed(loc, at, kw);
            return;
        };
        let (chosen, shown) = found.remove(best);
        if found.is_empty() {
            self.union_failed(loc, at, kw);
        } else {
            let mut m = Msg::about(loc).s(" matches none of the allowed shapes; closest is branch ").n(chosen as u64).s(" (below), and ");
            m = m.s(if found.len() == 1 { "branch " } else { "branches " });
            for (n, (b, _)) in found.iter().enumerate() {
                if n > 0 {
                    m = m.s(if n + 1 == found.len() { " and " } else { ", " });
                }
                m = m.n(*b as u64);
            }
            let count: usize = found.iter().map(|(_, e)| e.len()).sum();
            m = m.s(" fail").s(if found.len() == 1 { "s" } else { "" }).s(" too (").n(count as u64).s(if count == 1 { " error)" } else { " errors)" });
            let mut e = ValidationError::new(loc.to_pointer(), at, kw, m.done());
            e.other_branches = found.into_iter().flat_map(|(_, errors)| errors).collect();
            self.extend(vec![e]);
        }
        self.extend(shown);
    }

    /// The error of a union at `kw` that no branch matched.
    fn union_failed(&mut self, loc: &Loc, at: &SchemaPath, kw: &'static str) -> bool {
        self.fail(loc, at, kw, || Msg::about(loc).s(" matches none of the allowed shapes").done())
    }

    /// A union of string constants (`anyOf: [{const: "a"}, {const: "b"}]`)
    /// that `v` is none of: one error at the union, as for `enum`, not one
    /// `must be "a"` per branch.
    pub fn union_of_strs(&mut self, loc: &Loc, at: &SchemaPath, v: &Value, kw: &'static str, values: &[&str]) -> bool {
        matches!(v, Value::String(s) if values.contains(&s.as_str())) || {
            let left_out = self.left_out(v);
            self.fail(loc, at, kw, || must_be_one_of(loc, values.iter().copied(), values.len(), at, v, left_out))
        }
    }

    /// `anyOf` where no branch matched.
    pub fn any_of_failed(&mut self, loc: &Loc, at: &SchemaPath) -> bool {
        self.fail(loc, at, "anyOf", || Msg::about(loc).s(" matches none of the allowed shapes").done())
    }

    /// `oneOf` where `matched` branches (0 or more than 1) matched.
    pub fn one_of_failed(&mut self, loc: &Loc, at: &SchemaPath, matched: &[usize]) -> bool {
        self.fail(loc, at, "oneOf", || {
            if matched.is_empty() {
                Msg::about(loc).s(" matches none of the allowed shapes").done()
            } else {
                let list: Vec<String> = matched.iter().map(|i| i.to_string()).collect();
                format!("{} must match exactly one shape, but matches branches {}", loc.described(), list.join(", "))
            }
        })
    }

    /// `not` whose subschema matched.
    pub fn not_failed(&mut self, loc: &Loc, at: &SchemaPath) -> bool {
        self.fail(loc, at, "not", || format!("{} must not match the schema under `not`", loc.described()))
    }

    /// `contains` / `minContains` / `maxContains`.
    pub fn contains_count(&mut self, loc: &Loc, at: &SchemaPath, found: usize, min: u64, max: Option<u64>) -> bool {
        if (found as u64) < min {
            let kw = if min == 1 { "contains" } else { "minContains" };
            return self.fail(loc, at, kw, || format!("{} must contain at least {min} matching item{}, found {found}", loc.described(), plural(min)));
        }
        if let Some(max) = max {
            if found as u64 > max {
                return self
                    .fail(loc, at, "maxContains", || format!("{} must contain at most {max} matching item{}, found {found}", loc.described(), plural(max)));
            }
        }
        true
    }

    /// `propertyNames`: `key` failed the name schema.
    pub fn bad_property_name(&mut self, loc: &Loc, at: &SchemaPath, key: &str) -> bool {
        self.fail(loc, at, "propertyNames", || {
            let shown = if names_hidden(loc, at) { "a member".to_owned() } else { format!("member name {key:?}") };
            format!("{} has {shown} that the schema's `propertyNames` refuses", loc.described())
        })
    }
}

/// An array's items with their indices in the document ([`Ctx::indexed`]).
pub enum Indexed<'v> {
    /// Every item.
    All(std::iter::Skip<std::iter::Enumerate<std::slice::Iter<'v, Value>>>),
    /// The items a reader kept, with their indices; those from the index given on.
    Kept(std::iter::Zip<std::vec::IntoIter<usize>, std::slice::Iter<'v, Value>>, usize),
}

impl<'v> Indexed<'v> {
    /// The items a reader kept of a [`Sparse`](crate::fast::Sparse) array,
    /// from index `from` on (the indices are copied: the caller goes on
    /// borrowing the context mutably).
    fn kept(sparse: &crate::fast::Sparse, items: &'v [Value], from: usize) -> Self {
        Indexed::Kept(sparse.indices().to_vec().into_iter().zip(items.iter()), from)
    }
}

impl<'v> Iterator for Indexed<'v> {
    type Item = (usize, &'v Value);
    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Indexed::All(items) => items.next(),
            Indexed::Kept(items, from) => items.find(|(i, _)| *i >= *from),
        }
    }
}

/// Whether the member names of the object at `loc` are the document's
/// sensitive data (it is, or is below, an `x-sensitivity: local` member).
fn names_hidden(loc: &Loc, at: &SchemaPath) -> bool {
    at.is_sensitive() || loc.is_local()
}

/// What `unevaluatedProperties` and `unevaluatedItems` need to know: which
/// members and items some in-place applicator already evaluated.
#[derive(Clone, Debug, Default)]
pub struct Evaluated {
    /// Every member was evaluated.
    pub all_properties: bool,
    /// Members evaluated by name.
    pub properties: BTreeSet<String>,
    /// Every item was evaluated.
    pub all_items: bool,
    /// Items `0..prefix` were evaluated.
    pub prefix: usize,
    /// Single items evaluated (by `contains`).
    pub items: BTreeSet<usize>,
}

impl Evaluated {
    /// Adds what `other` evaluated.
    pub fn merge(&mut self, other: Evaluated) {
        self.all_properties |= other.all_properties;
        self.properties.extend(other.properties);
        self.all_items |= other.all_items;
        self.prefix = self.prefix.max(other.prefix);
        self.items.extend(other.items);
    }
    /// Whether member `key` was evaluated.
    pub fn has_property(&self, key: &str) -> bool {
        self.all_properties || self.properties.contains(key)
    }
    /// Whether item `i` was evaluated.
    pub fn has_item(&self, i: usize) -> bool {
        self.all_items || i < self.prefix || self.items.contains(&i)
    }
}

/// Decodes standard base64 (RFC 4648, `=` padding optional); `None` when
/// `s` is not base64.
fn decode_base64(s: &str) -> Option<Vec<u8>> {
    let s = s.trim_end_matches('=');
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for b in s.bytes() {
        let v = match b {
            b'A'..=b'Z' => b - b'A',
            b'a'..=b'z' => b - b'a' + 26,
            b'0'..=b'9' => b - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    (s.len() % 4 != 1).then_some(out)
}

/// Member `key` of `m`. Objects in documents are mostly small: comparing a
/// few keys costs less than hashing one (SipHash), so small objects are
/// scanned (up to 16 members: a typical envelope has 8 to 12).
#[inline]
pub fn lookup<'m>(m: &'m Map<String, Value>, key: &str) -> Option<&'m Value> {
    if m.len() <= 16 {
        m.iter().find(|(k, _)| same_key(k, key)).map(|(_, v)| v)
    } else {
        m.get(key)
    }
}

/// Whether two member names are equal: names of 4 to 16 bytes compared
/// as two overlapping words each, in line (a call to `memcmp` per candidate
/// costs more than the comparison, and mispredicts on the way).
#[inline]
fn same_key(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let n = a.len();
    if n != b.len() {
        return false;
    }
    let word8 = |s: &[u8], at: usize| s[at..at + 8].iter().fold(0u64, |w, &x| w << 8 | x as u64);
    let word4 = |s: &[u8], at: usize| s[at..at + 4].iter().fold(0u32, |w, &x| w << 8 | x as u32);
    match n {
        8..=16 => (word8(a, 0) ^ word8(b, 0)) | (word8(a, n - 8) ^ word8(b, n - 8)) == 0,
        4..=7 => (word4(a, 0) ^ word4(b, 0)) | (word4(a, n - 4) ^ word4(b, n - 4)) == 0,
        _ => a == b,
    }
}

/// The instance's member named by a union's tag, when it has one.
#[inline]
/// Which of a failed union's branches (`found`: index and errors) came
/// closest to matching the value at `at` (a JSON Pointer), as an index into
/// `found`. The rule, in order:
///
/// 1. a branch that only says the value has the wrong JSON type (a `type`
///    error at `at` itself) was not meant for it: it is picked only when
///    every branch says so;
/// 2. the branch whose errors reach deepest into the value (the longest
///    instance location) went furthest before failing;
/// 3. then the branch with the fewest errors;
/// 4. then the first in schema order.
pub fn closest_branch(at: &str, found: &[(usize, Vec<ValidationError>)]) -> Option<usize> {
    let wrong_type = |errors: &[ValidationError]| !errors.is_empty() && errors.iter().all(|e| e.keyword == "type" && e.instance_location == at);
    let all_wrong_type = found.iter().all(|(_, e)| wrong_type(e));
    let depth = |errors: &[ValidationError]| errors.iter().map(|e| e.instance_location.matches('/').count()).max().unwrap_or(0);
    found
        .iter()
        .enumerate()
        .filter(|(_, (_, e))| all_wrong_type || !wrong_type(e))
        .min_by_key(|(n, (_, e))| (std::cmp::Reverse(depth(e)), e.len(), *n))
        .map(|(n, _)| n)
}

fn tag_value<'v>(i: &'v Value, tag: Option<&str>) -> Option<&'v Value> {
    match (tag, i) {
        (Some(t), Value::Object(m)) => lookup(m, t),
        _ => None,
    }
}

/// Whether a union branch whose tag member must be the string `x` can match
/// an instance whose tag member is `actual`. A branch with a tag value has
/// `properties: {TAG: {const: x}}`, so it fails whenever the member is
/// present with another value: skipping it changes no verdict (and, while
/// collecting, the branches are re-run to explain a failure anyway).
#[inline]
fn may_match(actual: Option<&Value>, x: Option<&str>) -> bool {
    match (actual, x) {
        (Some(v), Some(x)) => matches!(v, Value::String(s) if s == x),
        _ => true,
    }
}

/// Whether `v` has one of the types in `mask`.
#[inline]
pub fn type_matches(v: &Value, mask: u8) -> bool {
    use types::*;
    match v {
        Value::Null => mask & NULL != 0,
        Value::Bool(_) => mask & BOOLEAN != 0,
        Value::Number(n) => {
            mask & NUMBER != 0
                || (mask & INTEGER != 0 && crate::number::is_integer(n))
                || (mask & INTEGER_AS_WRITTEN != 0 && !n.as_str().contains(['.', 'e', 'E']))
        }
        Value::String(_) => mask & STRING != 0,
        Value::Array(_) => mask & ARRAY != 0,
        Value::Object(_) => mask & OBJECT != 0,
    }
}

fn type_names(mask: u8) -> std::borrow::Cow<'static, str> {
    use types::*;
    const NAMES: [(u8, &str); 8] = [
        (NULL, "null"),
        (BOOLEAN, "a boolean"),
        (INTEGER, "an integer"),
        (INTEGER_AS_WRITTEN, "an integer written without a fraction or exponent (draft-04)"),
        (NUMBER, "a number"),
        (STRING, "a string"),
        (ARRAY, "an array"),
        (OBJECT, "an object"),
    ];
    if let Some((_, name)) = NAMES.iter().find(|(bit, _)| *bit == mask) {
        return std::borrow::Cow::Borrowed(name);
    }
    let names: Vec<&str> = NAMES.iter().filter(|(bit, _)| mask & bit != 0).map(|(_, name)| *name).collect();
    match names.len() {
        0 => "nothing".into(),
        1 => names[0].into(),
        n => format!("{} or {}", names[..n - 1].join(", "), names[n - 1]).into(),
    }
}

fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(n) if crate::number::is_integer(n) => "an integer",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

pub(crate) fn plural(n: u64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// The value as a message may show it: never for sensitive fields, and
/// shortened when long. An object is described by its member count, with
/// the `left_out` members a reader left out of it ([`Settled`]).
fn preview(v: &Value, at: &SchemaPath, left_out: usize) -> String {
    let mut out = String::new();
    push_preview(v, at, left_out, &mut out);
    out
}

/// Appends [`preview`] of `v` to `out`.
fn push_preview(v: &Value, at: &SchemaPath, left_out: usize, out: &mut String) {
    match v {
        Value::String(s) => push_preview_str(s, at, out),
        Value::Number(n) => out.push_str(&preview_num(n, at)),
        Value::Array(a) => {
            out.push_str("an array of ");
            crate::location::push_index(a.len(), out);
            out.push_str(" item");
            out.push_str(plural(a.len() as u64));
        }
        Value::Object(m) => {
            let n = m.len() + left_out;
            out.push_str("an object with ");
            crate::location::push_index(n, out);
            out.push_str(" member");
            out.push_str(plural(n as u64));
        }
        other if at.is_sensitive() => out.push_str(kind_of(other)),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Null => out.push_str("null"),
    }
}

fn preview_str(s: &str, at: &SchemaPath) -> String {
    let mut out = String::new();
    push_preview_str(s, at, &mut out);
    out
}

fn push_preview_str(s: &str, at: &SchemaPath, out: &mut String) {
    let n = s.chars().count();
    if at.is_sensitive() || n > 40 {
        out.push_str("a ");
        crate::location::push_index(n, out);
        out.push_str("-character string");
    } else {
        push_json_string(s, out);
    }
}

/// `s` as a JSON string literal, escaped as `serde_json` escapes it.
#[cfg(test)]
fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    push_json_string(s, &mut out);
    out
}

/// Appends `s` as a JSON string literal, escaped as `serde_json` escapes
/// it: `"`, `\\` and control characters (short forms where JSON has them,
/// else `\u00xx`); everything else as is.
fn push_json_string(s: &str, out: &mut String) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push('"');
    let mut start = 0;
    for (i, b) in s.bytes().enumerate() {
        let short = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x08 => "\\b",
            0x0c => "\\f",
            0x00..=0x1f => "",
            _ => continue,
        };
        out.push_str(&s[start..i]);
        if short.is_empty() {
            out.push_str("\\u00");
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 0xf)]));
        } else {
            out.push_str(short);
        }
        start = i + 1;
    }
    out.push_str(&s[start..]);
    out.push('"');
}

fn preview_num(n: &Number, at: &SchemaPath) -> String {
    if at.is_sensitive() {
        "a number".to_owned()
    } else {
        n.to_string()
    }
}

/// "`x` must be one of "a", "b", …, got …": the message of `enum` and of a
/// union of string constants (at most 12 values are named; `count` is how
/// many there are).
fn must_be_one_of<'a>(loc: &Loc, values: impl Iterator<Item = &'a str>, count: usize, at: &SchemaPath, v: &Value, left_out: usize) -> String {
    let mut m = Msg::about(loc).s(" must be one of ");
    for (n, x) in values.take(12).enumerate() {
        if n > 0 {
            m = m.s(", ");
        }
        m = m.json_string(x);
    }
    enum_message_end(m, at, v, count, left_out)
}

/// The end of a failed `enum`'s message, after the first 12 of its `count`
/// values.
fn enum_message_end(mut m: Msg, at: &SchemaPath, v: &Value, count: usize, left_out: usize) -> String {
    if count > 12 {
        m = m.s(" (and ").n((count - 12) as u64).s(" more)");
    }
    m.s(", got ").preview(v, at, left_out).done()
}

/// An error message built by appending its pieces: one allocation, no
/// formatting machinery (messages are built in bulk for invalid documents;
/// `format!` costs several times as much for these few shapes).
struct Msg(String);

impl Msg {
    /// A message about the value at `loc`, starting with its description.
    fn about(loc: &Loc) -> Self {
        let mut out = String::with_capacity(96);
        // Writing into a `String` cannot fail.
        let _ = loc.describe_to(&mut out);
        Msg(out)
    }
    fn s(mut self, piece: &str) -> Self {
        self.0.push_str(piece);
        self
    }
    fn n(mut self, n: u64) -> Self {
        crate::location::push_index(n as usize, &mut self.0);
        self
    }
    /// `s` as a JSON string literal.
    fn json_string(mut self, s: &str) -> Self {
        push_json_string(s, &mut self.0);
        self
    }
    /// How a message may show `v` ([`preview`]).
    fn preview(mut self, v: &Value, at: &SchemaPath, left_out: usize) -> Self {
        push_preview(v, at, left_out, &mut self.0);
        self
    }
    /// `s` quoted as Rust's `Debug` writes a string (for printable ASCII,
    /// which schema constants mostly are, that is the JSON string literal:
    /// both escape only `"` and `\\` there, and the formatting machinery
    /// costs several times as much).
    fn debug_str(mut self, s: &str) -> Self {
        if s.bytes().all(|b| (0x20..0x7f).contains(&b)) {
            push_json_string(s, &mut self.0);
        } else {
            use std::fmt::Write as _;
            let _ = write!(self.0, "{s:?}");
        }
        self
    }
    fn done(self) -> String {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    static ROOT: SchemaPath<'static> = SchemaPath::Root("s.json");
    static AT: SchemaPath<'static> = SchemaPath::Child(&ROOT, "/properties/commandId");
    static SECRET: SchemaPath<'static> = SchemaPath::Sensitive(&ROOT);

    #[test]
    fn constants_are_quoted_as_debug_quotes_them() {
        let printable: String = (0x20u8..0x7f).map(char::from).collect();
        for s in ["", "fast", "a\"b", "back\\slash", "it's", printable.as_str(), "tab\there", "é", "\u{7f}", "\u{0}"] {
            assert_eq!(Msg(String::new()).debug_str(s).done(), format!("{s:?}"), "{s:?}");
        }
    }

    #[test]
    fn member_names_compare_as_strings_at_every_length() {
        let names: Vec<String> = (0..20).flat_map(|n| ["a".repeat(n), format!("{}b", "a".repeat(n)), format!("b{}", "a".repeat(n)), "é".repeat(n)]).collect();
        for a in &names {
            for b in &names {
                assert_eq!(same_key(a, b), a == b, "{a:?} {b:?}");
            }
        }
        // One byte different, at every position.
        for n in 1..20 {
            let a = "a".repeat(n);
            for i in 0..n {
                let b = format!("{}b{}", &a[..i], &a[i + 1..]);
                assert!(!same_key(&a, &b), "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn a_table_of_members_reports_what_the_chain_of_calls_does() {
        fn short(v: &Value, l: &Loc, c: &mut Ctx, s: &SchemaPath) -> bool {
            c.max_length(l, s, v.as_str().unwrap_or_default(), 2)
        }
        fn number(v: &Value, l: &Loc, c: &mut Ctx, s: &SchemaPath) -> bool {
            c.check_type(l, s, v, types::NUMBER | types::INTEGER)
        }
        let table: &[(&str, Check)] = crate::props!("a" short, "b" number, "c" short, "missing" number);
        for doc in [json!({"a": "ok", "b": 1}), json!({"c": "long", "a": "longer", "b": "x"}), json!({}), json!({"b": null, "z": 1})] {
            let Value::Object(m) = &doc else { unreachable!() };
            let (mut by_table, mut by_chain) = (Ctx::collecting(), Ctx::collecting());
            let table_ok = by_table.props(&Loc::Root, &ROOT, m, table);
            let mut chain_ok = true;
            for (key, check) in table {
                chain_ok &= by_chain.prop(&Loc::Root, &ROOT, m, key, *check);
            }
            assert_eq!(table_ok, chain_ok, "{doc}");
            let show = |c: Ctx| c.into_errors().iter().map(|e| format!("{} {} {}", e.instance_location, e.keyword_location, e.message)).collect::<Vec<_>>();
            assert_eq!(show(by_table), show(by_chain), "{doc}");
        }
    }

    #[test]
    fn pattern_message_names_member_pattern_and_length() {
        let re = Pattern::new("^cmd_[0-9a-f]{32}$");
        let mut c = Ctx::collecting();
        let root = Loc::Root;
        let loc = root.key("commandId");
        let v = format!("cmd_{}", "a".repeat(27));
        assert!(!c.pattern(&loc, &AT, &v, &re));
        let e = &c.into_errors()[0];
        assert_eq!(e.instance_location, "/commandId");
        assert_eq!(e.keyword_location, "/properties/commandId/pattern");
        assert_eq!(e.message, "`commandId` must match `^cmd_[0-9a-f]{32}$`, got \"cmd_aaaaaaaaaaaaaaaaaaaaaaaaaaa\"");
    }

    #[test]
    fn an_undecided_pattern_says_which_limit_and_keyword() {
        // A back-reference into a quantified group runs on `regress`, bounded by the value's length.
        let re = Pattern::new(r"^(?:(a+)+\1)+$");
        let max = crate::validate::engine::regress_max_len(re.source());
        let mut c = Ctx::collecting();
        let root = Loc::Root;
        let loc = root.key("commandId");
        let v = format!("{}!", "a".repeat(max + 5));
        assert!(!c.pattern(&loc, &AT, &v, &re));
        // An undecided member name is reported here, read as matched, and refuses the value.
        let mut ok = true;
        assert!(c.key_matches(&root, &ROOT, &v, &re, &mut ok));
        assert!(!ok);
        // Without errors kept (a branch of an `anyOf`), it refuses the value all the same.
        let mut quiet = Ctx::quiet_mode();
        let mut ok = true;
        quiet.key_matches(&root, &ROOT, &v, &re, &mut ok);
        assert!(!ok);
        let errors = c.into_errors();
        assert_eq!(errors[0].keyword_location, "/properties/commandId/pattern");
        assert_eq!(
            errors[0].message,
            format!(
                "`commandId` could not be checked against `pattern` `^(?:(a+)+\\1)+$`: the pattern's worst case grows too fast with the value's length to check values over {max} characters, and this one has {}, so it is refused",
                max + 6
            )
        );
        assert!(errors[1].message.contains("against `patternProperties` `^(?:(a+)+\\1)+$`: the pattern's worst case"), "{}", errors[1].message);
        // Look-around runs on the budgeted backtracker: the message names the budget.
        let re = Pattern::new("^(?:(?=a)a+)+$");
        let mut c = Ctx::collecting();
        assert!(!c.pattern(&loc, &AT, &format!("{}!", "a".repeat(100_000)), &re));
        let e = &c.into_errors()[0];
        assert!(e.message.ends_with("no answer within the matching budget (1000000 backtracking steps) on this 100001-character value: the pattern backtracks too much on it, so it is refused"), "{}", e.message);
    }

    #[test]
    fn sensitive_values_never_reach_messages() {
        let mut c = Ctx::collecting();
        let root = Loc::Root;
        let loc = root.key("input");
        let re = Pattern::new("^x$");
        c.pattern(&loc, &SECRET, "hunter2", &re);
        c.const_str(&loc, &SECRET, &json!("hunter2"), "x");
        c.enum_str(&loc, &SECRET, &json!("hunter2"), &["a"]);
        c.format(&loc, &SECRET, "hunter2", "email", false);
        for e in c.into_errors() {
            assert!(!e.message.contains("hunter2"), "{}", e.message);
        }
    }

    #[test]
    fn quiet_mode_records_nothing() {
        let mut c = Ctx::collecting();
        let root = Loc::Root;
        let ok = c.quiet(|c| c.min_length(&root, &AT, "", 1));
        assert!(!ok);
        assert!(c.into_errors().is_empty());
    }

    /// `uniqueItems`, `enum` and `const` compare numbers as numbers, exactly.
    #[test]
    fn keywords_compare_numbers_exactly() {
        let v = |s: &str| serde_json::from_str::<Value>(s).unwrap();
        let root = Loc::Root;
        let mut c = Ctx::collecting();
        assert!(!c.unique_items(&root, &AT, v("[10000000000000000000, 1e19]").as_array().unwrap()));
        assert!(!c.unique_items(&root, &AT, v("[0, -0, 1]").as_array().unwrap()));
        assert!(c.unique_items(&root, &AT, v("[123456789012345678901, 123456789012345678902, 1e400, 1e401]").as_array().unwrap()));
        assert!(c.enum_of(&root, &AT, &v("1e400"), &[v("1"), v("10e399")]));
        assert!(!c.enum_of(&root, &AT, &v("9007199254740993"), &[v("9007199254740992")]));
        assert!(c.const_of(&root, &AT, &v("0.10"), &v("1e-1")));
        assert!(!c.const_of(&root, &AT, &v("0.1000000000000000000001"), &v("0.1")));
        assert_eq!(c.into_errors().len(), 4);
    }

    #[test]
    fn content_checks_base64_and_json() {
        let mut c = Ctx::collecting();
        let root = Loc::Root;
        assert!(c.content(&root, &ROOT, "eyJmb28iOiAiYmFyIn0K", Some("base64"), Some("application/json")));
        assert!(!c.content(&root, &ROOT, "eyJmb28iOi%iYmFyIn0K", Some("base64"), None));
        assert!(!c.content(&root, &ROOT, "ezp9Cg==", Some("base64"), Some("application/json")));
        assert!(!c.content(&root, &ROOT, "{:}", None, Some("application/json")));
        assert!(c.content(&root, &ROOT, "anything", Some("7bit"), Some("text/plain")));
        assert_eq!(decode_base64("aGk="), Some(b"hi".to_vec()));
    }

    #[test]
    fn json_strings_are_escaped_as_serde_json_does() {
        let mut samples: Vec<String> = (0u8..0x80).map(|b| format!("a{}b", char::from(b))).collect();
        samples.extend(["", "plain", "quote \" and \\ back", "é ü \u{2028} \u{7f} 😀", "\u{1}\u{1f}\n\r\t\u{8}\u{c}"].map(String::from));
        for s in &samples {
            assert_eq!(json_string(s), serde_json::to_string(s).unwrap(), "{s:?}");
        }
    }

    #[test]
    fn enum_messages_list_values_as_json() {
        let mut c = Ctx::collecting();
        let root = Loc::Root;
        let loc = root.key("mode");
        c.enum_str(&loc, &AT, &json!("x"), &["a", "b\"c"]);
        let many: Vec<&str> = vec!["v"; 14];
        c.enum_str(&loc, &AT, &json!(3), &many);
        c.enum_of(&loc, &AT, &json!(true), &[json!(1), json!("a"), json!(null)]);
        let e = c.into_errors();
        assert_eq!(e[0].message, "`mode` must be one of \"a\", \"b\\\"c\", got \"x\"");
        assert_eq!(e[1].message, format!("`mode` must be one of {} (and 2 more), got 3", ["\"v\""; 12].join(", ")));
        assert_eq!(e[2].message, "`mode` must be one of 1, \"a\", null, got true");
    }

    /// A branch of a union tagged by `kind`: `{kind: K, n: integer}`.
    fn branch(i: &Value, l: &Loc, c: &mut Ctx, s: &SchemaPath, kind: &str) -> bool {
        let Value::Object(m) = i else { return c.check_type(l, s, i, types::OBJECT) };
        let mut ok = c.required(l, s, m, &["kind", "n"]);
        if let Some(k) = lookup(m, "kind") {
            ok &= c.const_str(&l.key("kind"), &s.property("kind"), k, kind);
        }
        if let Some(n) = lookup(m, "n") {
            ok &= c.check_type(&l.key("n"), &s.property("n"), n, types::INTEGER);
        }
        ok
    }
    fn a(i: &Value, l: &Loc, c: &mut Ctx, s: &SchemaPath) -> bool {
        branch(i, l, c, s, "a")
    }
    fn b(i: &Value, l: &Loc, c: &mut Ctx, s: &SchemaPath) -> bool {
        branch(i, l, c, s, "b")
    }
    fn anything(_: &Value, _: &Loc, _: &mut Ctx, _: &SchemaPath) -> bool {
        true
    }

    fn union_errors(one_of: bool, doc: Value, branches: &[(Check, Option<&str>)]) -> (bool, Vec<String>) {
        let mut c = Ctx::collecting();
        let root = Loc::Root;
        let ok = if one_of { c.one_of(&doc, &root, &ROOT, branches, Some("kind")) } else { c.any_of(&doc, &root, &ROOT, branches, Some("kind")) };
        (ok, c.into_errors().iter().map(|e| format!("{} {} {}", e.keyword_location, e.instance_location, e.keyword)).collect())
    }

    #[test]
    fn unions_explain_with_the_branches_the_tag_chooses() {
        let tagged: &[(Check, Option<&str>)] = &[(a, Some("a")), (b, Some("b"))];
        for one_of in [true, false] {
            let kw = if one_of { "oneOf" } else { "anyOf" };
            assert_eq!(union_errors(one_of, json!({"kind": "b", "n": 1}), tagged), (true, vec![]));
            // The tag chooses branch 1: that branch's errors alone explain.
            assert_eq!(union_errors(one_of, json!({"kind": "b", "n": "x"}), tagged), (false, vec![format!("/{kw}/1/properties/n/type /n type")]));
            // No branch carries the tag value: that is the one mistake,
            // reported once at the tag.
            assert_eq!(union_errors(one_of, json!({"kind": "c", "n": 1}), tagged), (false, vec![format!("/{kw} /kind {kw}")]));
            // No tag at all: the closest branch explains (a tie: the
            // first), the union's error names the other.
            assert_eq!(union_errors(one_of, json!({"n": 1}), tagged), (false, vec![format!("/{kw}  {kw}"), format!("/{kw}/0/required  required")]));
        }
        // Two branches match a oneOf: its error alone, none from the branches.
        let overlapping: &[(Check, Option<&str>)] = &[(b, Some("b")), (anything, None)];
        assert_eq!(union_errors(true, json!({"kind": "b", "n": 1}), overlapping), (false, vec!["/oneOf  oneOf".to_owned()]));
        assert_eq!(union_errors(false, json!({"kind": "b", "n": "x"}), overlapping), (true, vec![]));
        // A quiet context records nothing and gives the same verdicts.
        let mut c = Ctx::quiet_mode();
        let root = Loc::Root;
        assert!(!c.one_of(&json!({"kind": "b", "n": "x"}), &root, &ROOT, tagged, Some("kind")));
        assert!(c.one_of(&json!({"kind": "a", "n": 2}), &root, &ROOT, tagged, Some("kind")));
        assert!(c.into_errors().is_empty());
    }

    #[test]
    fn the_closest_branch_went_deepest_then_failed_least() {
        let root = SchemaPath::Root("x.json");
        let e = |loc: &str, kw: &'static str| ValidationError::new(loc.to_owned(), &root, kw, String::new());
        // A deeper error beats fewer errors.
        let found =
            vec![(0, vec![e("/a", "required")]), (1, vec![e("/a/b", "pattern"), e("/a/c", "type")]), (2, vec![e("/a", "required"), e("/a", "required")])];
        assert_eq!(closest_branch("/a", &found), Some(1));
        // At equal depth, fewer errors; then schema order.
        let found = vec![(0, vec![e("/a", "required"), e("/a", "required")]), (1, vec![e("/a", "required")]), (2, vec![e("/a", "minProperties")])];
        assert_eq!(closest_branch("/a", &found), Some(1));
        // A branch for another JSON type is a last resort.
        let found = vec![(0, vec![e("/a", "type")]), (1, vec![e("/a", "required"), e("/a", "required")])];
        assert_eq!(closest_branch("/a", &found), Some(1));
        let found = vec![(0, vec![e("/a", "type")]), (1, vec![e("/a", "type")])];
        assert_eq!(closest_branch("/a", &found), Some(0));
        assert_eq!(closest_branch("/a", &[]), None);
    }

    #[test]
    fn an_untagged_union_names_the_other_branches_in_one_error() {
        let root = SchemaPath::Root("x.json");
        let mut c = Ctx::collecting();
        let loc = Loc::Root;
        let branch = |kw: &'static str, at: &str| vec![ValidationError::new(at.to_owned(), &root, kw, format!("at {at}"))];
        c.explain_branches(&loc, &root, "anyOf", vec![(0, branch("required", "/a")), (3, branch("pattern", "/a/b")), (5, branch("type", ""))]);
        let errors = c.into_errors();
        assert_eq!(errors.len(), 2);
        assert_eq!(errors[0].message, "the document matches none of the allowed shapes; closest is branch 3 (below), and branches 0 and 5 fail too (2 errors)");
        assert_eq!(errors[0].other_branches.iter().map(|e| e.message.as_str()).collect::<Vec<_>>(), ["at /a", "at "]);
        assert_eq!(errors[1].message, "at /a/b");
    }

    #[test]
    fn type_bits() {
        assert!(type_matches(&json!(1.0), types::INTEGER));
        assert!(!type_matches(&json!(1.5), types::INTEGER));
        let n = |text: &str| crate::value_from_str(text, crate::ReadSettings::new()).unwrap();
        for (text, as_written) in
            [("2", true), ("-0", true), ("123456789012345678901234567890", true), ("2.0", false), ("2e0", false), ("1E2", false), ("2.5", false)]
        {
            assert_eq!(type_matches(&n(text), types::INTEGER_AS_WRITTEN), as_written, "{text}");
            assert_eq!(type_matches(&n(text), types::INTEGER), text != "2.5", "{text}");
        }
        let mut c = Ctx::collecting();
        assert!(!c.check_type(&Loc::Root, &SchemaPath::Root(""), &n("2.0"), types::INTEGER_AS_WRITTEN | types::NULL));
        assert!(c.into_errors()[0].message.ends_with("must be null or an integer written without a fraction or exponent (draft-04), got 2.0"));
        assert!(type_matches(&json!(1.5), types::NUMBER));
        assert_eq!(type_names(types::STRING | types::NULL), "null or a string");
    }
}
