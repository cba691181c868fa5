//! Declarative macros that generated code calls for the boilerplate every
//! type of a kind shares, so generated files stay short and readable.

/// `Contract` (validation with the given validator functions, the schema at
/// `pointer` in resource `base`) and a validating `Deserialize`.
#[macro_export]
macro_rules! contract {
    ($name:ident, [$($check:path),+], $base:expr, $pointer:expr) => {
        $crate::contract!($name, [$($check),+], $base, $pointer, {});
    };
    // `fast READ`: `READ` is the type's generated one-pass reader.
    ($name:ident, [$($check:path),+], $base:expr, $pointer:expr, fast $fast:path) => {
        $crate::contract!($name, [$($check),+], $base, $pointer, {
            const FAST: bool = true;
            fn fast_read<'de, D: $crate::__private::serde::Deserializer<'de>>(d: D) -> ::std::result::Result<Self, D::Error> {
                $fast(d)
            }
        });
    };
    // An integer enum: the `Contract` is on `Spelled<NAME>`, which keeps the text read.
    (spelled $name:ident, [$($check:path),+], $base:expr, $pointer:expr) => {
        impl $crate::IntegerEnumSchema for $name {
            fn check_at(v: &$crate::Value, l: &$crate::Loc, c: &mut $crate::Ctx, s: &$crate::SchemaPath) -> bool {
                true $(& $check(v, l, c, s))+
            }
            fn schema_root() -> $crate::SchemaPath<'static> {
                $crate::__schema_root!($base, $pointer)
            }
        }
        $crate::__schemars_impl!($name);
    };
    ($name:ident, [$($check:path),+], $base:expr, $pointer:expr, { $($fast:tt)* }) => {
        impl $crate::Contract for $name {
            $($fast)*
            fn check_at(v: &$crate::Value, l: &$crate::Loc, c: &mut $crate::Ctx, s: &$crate::SchemaPath) -> bool {
                true $(& $check(v, l, c, s))+
            }
            fn schema_root() -> $crate::SchemaPath<'static> {
                $crate::__schema_root!($base, $pointer)
            }
        }
        impl<'de> $crate::__private::serde::Deserialize<'de> for $name {
            fn deserialize<D: $crate::__private::serde::Deserializer<'de>>(d: D) -> ::std::result::Result<Self, D::Error> {
                $crate::deserialize_checked(d)
            }
        }
        $crate::__schemars_impl!($name);
    };
}

/// Where a type's schema sits: resource `base`, at `pointer` in it.
#[doc(hidden)]
#[macro_export]
macro_rules! __schema_root {
    ($base:expr, $pointer:expr) => {
        if $pointer.is_empty() {
            $crate::SchemaPath::Root($base)
        } else {
            $crate::SchemaPath::Ref(&$crate::SchemaPath::Root($base), "", $base, $pointer)
        }
    };
}

/// schemars' `JsonSchema`: the type's source subschema (from the module's
/// `SCHEMARS_JSON`), with the definitions its references need.
#[cfg(feature = "schemars")]
#[doc(hidden)]
#[macro_export]
macro_rules! __schemars_impl {
    ($name:ident) => {
        impl $crate::__private::schemars::JsonSchema for $name {
            fn schema_name() -> ::std::borrow::Cow<'static, str> {
                ::std::borrow::Cow::Borrowed(::std::stringify!($name))
            }
            fn schema_id() -> ::std::borrow::Cow<'static, str> {
                ::std::borrow::Cow::Borrowed(::std::concat!(::std::module_path!(), "::", ::std::stringify!($name)))
            }
            fn json_schema(g: &mut $crate::__private::schemars::SchemaGenerator) -> $crate::__private::schemars::Schema {
                $crate::schemars_support::schema_for(g, SCHEMARS_JSON, ::std::stringify!($name))
            }
        }
    };
}

/// Without the `schemars` feature: nothing.
#[cfg(not(feature = "schemars"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __schemars_impl {
    ($name:ident) => {};
}

/// Impls for a string newtype `struct Name(String)` whose constructors check
/// the schema: `string_newtype!(CommandId, redacted = false);`. As with
/// every type macro, `contract …` at the end adds the type's `contract!`
/// (its arguments after the name).
#[macro_export]
macro_rules! string_newtype {
    ($name:ident, redacted = $redact:tt $(contract $($contract:tt)+)?) => {
        $($crate::contract!($name, $($contract)+);)?
        impl $name {
            /// Checks `value` against the schema; every broken rule is reported.
            pub fn new(value: impl ::std::convert::Into<::std::string::String>) -> ::std::result::Result<Self, $crate::ValidationErrors> {
                let v = $crate::Value::String(value.into());
                <Self as $crate::Contract>::validate_value(&v)?;
                match v {
                    $crate::Value::String(s) => ::std::result::Result::Ok(Self(s)),
                    _ => ::std::unreachable!("a string stays a string"),
                }
            }
            /// The string.
            pub fn as_str(&self) -> &str {
                &self.0
            }
            /// The string, owned.
            pub fn into_inner(self) -> ::std::string::String {
                self.0
            }
        }
        impl ::std::fmt::Debug for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                if $redact {
                    f.debug_tuple(::std::stringify!($name)).field(&$crate::Redacted).finish()
                } else {
                    f.debug_tuple(::std::stringify!($name)).field(&self.0).finish()
                }
            }
        }
        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(&self.0)
            }
        }
        impl ::std::convert::AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }
        impl ::std::ops::Deref for $name {
            type Target = str;
            fn deref(&self) -> &str {
                &self.0
            }
        }
        impl ::std::convert::TryFrom<::std::string::String> for $name {
            type Error = $crate::ValidationErrors;
            fn try_from(value: ::std::string::String) -> ::std::result::Result<Self, Self::Error> {
                Self::new(value)
            }
        }
        impl ::std::convert::TryFrom<&str> for $name {
            type Error = $crate::ValidationErrors;
            fn try_from(value: &str) -> ::std::result::Result<Self, Self::Error> {
                Self::new(value)
            }
        }
        impl ::std::str::FromStr for $name {
            type Err = $crate::ValidationErrors;
            fn from_str(value: &str) -> ::std::result::Result<Self, Self::Err> {
                Self::new(value)
            }
        }
        impl $crate::FromKey for $name {
            fn from_key(s: ::std::string::String) -> ::std::result::Result<Self, $crate::Mismatch> {
                ::std::result::Result::Ok(Self(s))
            }
        }
        impl $crate::FromValue for $name {
            fn from_value(v: $crate::Value) -> ::std::result::Result<Self, $crate::Mismatch> {
                match v {
                    $crate::Value::String(s) => ::std::result::Result::Ok(Self(s)),
                    _ => ::std::result::Result::Err($crate::Mismatch::new("a string")),
                }
            }
        }
        impl $crate::__private::serde::Serialize for $name {
            fn serialize<S: $crate::__private::serde::Serializer>(&self, s: S) -> ::std::result::Result<S::Ok, S::Error> {
                s.serialize_str(&self.0)
            }
        }
    };
}

/// A typed accessor for a `format: date-time` string newtype.
#[macro_export]
macro_rules! date_time_accessor {
    ($name:ident) => {
        impl $name {
            /// The timestamp's parts, or `None` if the text is not a real RFC 3339
            /// date-time (`format` is an annotation, so the schema may admit such text).
            pub fn date_time(&self) -> ::std::option::Option<$crate::DateTime> {
                $crate::DateTime::parse(&self.0)
            }
        }
    };
}

/// `Serialize` for a union: each variant writes what it holds, as it is
/// (`Variant(_)`), or `null` (a bare `Variant`), or, for a struct variant,
/// its fields as `object_variant_serialize!` does (the variant's members
/// as `object_variant!` lists them, then its tag and what it keeps):
/// `union_serialize!(Answer { One(_), Many(_), Null });`,
/// `union_serialize!(Pet { Dog { bark = "bark", required; } tag "petType" = "dog"; extra extra, Other(_) });`
/// `contract …` at the end adds the type's `contract!`.
#[macro_export]
macro_rules! union_serialize {
    ($name:ident $(<$param:ident>)? { $($variant:ident $(($hold:tt))? $({ $($field:ident = $json:literal $(, $req:ident)?;)* } $(tag $tag:literal = $tag_value:literal;)? $(extra $extra:ident)? $(deny)?)?),+ $(,)? } $(contract $($contract:tt)+)?) => {
        $($crate::contract!($name, $($contract)+);)?
        impl $(<$param: $crate::__private::serde::Serialize>)? $crate::__private::serde::Serialize for $name $(<$param>)? {
            fn serialize<S: $crate::__private::serde::Serializer>(&self, s: S) -> ::std::result::Result<S::Ok, S::Error> {
                // `x` is written here once, so the pattern's binding and the
                // body's use are the same name.
                match self {
                    $($crate::union_serialize!(@pat x $variant $(($hold))? $({ $($field)* } $($extra)?)?)
                        => $crate::union_serialize!(@write x s $(($hold))? $({ $($field = $json $(, $req)?;)* } $($tag = $tag_value;)? $(extra $extra)?)?),)+
                }
            }
        }
    };
    (@pat $x:ident $variant:ident (_)) => { Self::$variant($x) };
    (@pat $x:ident $variant:ident) => { Self::$variant };
    (@pat $x:ident $variant:ident { $($field:ident)* } $($extra:ident)?) => { Self::$variant { $($field,)* $($extra)? } };
    (@write $x:ident $s:ident (_)) => { $crate::__private::serde::Serialize::serialize($x, $s) };
    (@write $x:ident $s:ident) => { $s.serialize_unit() };
    (@write $x:ident $s:ident { $($fields:tt)* } $($tail:tt)*) => {
        $crate::union_serialize!(@fields $s { $($fields)* } $($tail)*)
    };
    (@fields $s:ident { $($field:ident = $json:literal $(, $req:ident)?;)* } $($tag:literal = $tag_value:literal;)? $(extra $extra:ident)?) => {
        $crate::object_variant_serialize!($s, $($tag = $tag_value;)? { $($field = $json $(, $req)?;)* } $(extra $extra)?)
    };
}

/// Impls for a union whose variant a (validated) value's branch validators
/// pick (`anyOf`/`oneOf`, the first that holds wins) or its tag member
/// names: `FromValue` builds the variant, `Serialize` writes it as
/// [`union_serialize!`] does. A variant is `V(_)` (holds the value), `V`
/// (stands for `null`) or a struct variant as `object_variant!` lists it
/// (`V { f = "f", required; } extra x` or `… deny`); a branch's checks come
/// first, `[validators::v3] => V(_)` (all must hold), or with `tag` the
/// tag's value, `"dog" => Dog { … } deny`. `contract …` at the end adds the
/// type's `contract!`.
///
/// `union!(Pet tag "petType" { "dog" => Dog { bark = "bark"; } deny, "cat" => Cat(_) });`
#[macro_export]
macro_rules! union {
    ($name:ident { $([$($check:path);+] => $variant:ident $(($hold:tt))? $({ $($field:ident = $json:literal $(, $req:ident)?;)* } $($tail:ident)+)?),+ $(,)? } $(contract $($contract:tt)+)?) => {
        impl $crate::FromValue for $name {
            fn from_value(v: $crate::Value) -> ::std::result::Result<Self, $crate::Mismatch> {
                $(if $($crate::is_valid($check, &v))&&+ {
                    return $crate::union!(@build v $variant $(($hold))? $({ $($field = $json $(, $req)?;)* } $($tail)+)?);
                })+
                $crate::Mismatch::no_variant()
            }
        }
        $crate::union_serialize!($name { $($variant $(($hold))? $({ $($field = $json $(, $req)?;)* } $($tail)+)?),+ } $(contract $($contract)+)?);
    };
    ($name:ident tag $tag:literal { $($value:literal => $variant:ident $(($hold:tt))? $({ $($field:ident = $json:literal $(, $req:ident)?;)* } $($tail:ident)+)?),+ $(,)? } $(contract $($contract:tt)+)?) => {
        impl $crate::FromValue for $name {
            fn from_value(v: $crate::Value) -> ::std::result::Result<Self, $crate::Mismatch> {
                match v.get($tag).and_then($crate::Value::as_str) {
                    $(::std::option::Option::Some($value) => $crate::union!(@build v $variant $(($hold))? $({ $($field = $json $(, $req)?;)* } tag $tag; $($tail)+)?),)+
                    _ => $crate::Mismatch::no_variant(),
                }
            }
        }
        $crate::union_serialize!($name { $($variant $(($hold))? $({ $($field = $json $(, $req)?;)* } tag $tag = $value; $($tail)+)?),+ } $(contract $($contract)+)?);
    };
    (@build $v:ident $variant:ident (_)) => { $crate::variant($v, Self::$variant) };
    (@build $v:ident $variant:ident) => { ::std::result::Result::Ok(Self::$variant) };
    (@build $v:ident $variant:ident { $($fields:tt)* } $($tail:tt)+) => { $crate::object_variant!($v, $variant { $($fields)* } $($tail)+) };
}

/// Impls for a union whose variants are told apart by the JSON type of the
/// (validated) value: each variant lists the types it takes
/// (`null`, `bool`, `number`, `string`, `array`, `object`); `(_)` marks a
/// variant that holds the value, else it stands for `null`.
/// `FromValue` picks the variant by type, `Serialize` writes what it holds.
///
/// `union_by_type!(Bugs { Text(_): string, Object(_): object });`, and
/// with `contract …` after the braces, the type's [`contract!`] (its
/// arguments after the name). A generic union, whose places each say what
/// one variant holds, names its parameter: `union_by_type!(Rule<T> {
/// Level(_): string, Options(_): array });`.
#[macro_export]
macro_rules! union_by_type {
    ($name:ident $(<$param:ident>)? { $($variant:ident $(($hold:tt))? : $($kind:ident)|+),+ $(,)? } $(contract $($contract:tt)+)?) => {
        impl $(<$param: $crate::FromValue>)? $crate::FromValue for $name $(<$param>)? {
            fn from_value(v: $crate::Value) -> ::std::result::Result<Self, $crate::Mismatch> {
                #[allow(unreachable_patterns)] // every JSON type may be taken
                match &v {
                    $($($crate::union_by_type!(@kind $kind))|+ => $crate::union_by_type!(@build v $variant $(($hold))?),)+
                    _ => $crate::Mismatch::no_variant(),
                }
            }
        }
        $crate::union_serialize!($name $(<$param>)? { $($variant $(($hold))?),+ });
        $($crate::contract!($name, $($contract)+);)?
    };
    (@build $v:ident $variant:ident (_)) => { $crate::variant($v, Self::$variant) };
    (@build $v:ident $variant:ident) => { ::std::result::Result::Ok(Self::$variant) };
    (@kind null) => { $crate::Value::Null };
    (@kind bool) => { $crate::Value::Bool(_) };
    (@kind number) => { $crate::Value::Number(_) };
    (@kind string) => { $crate::Value::String(_) };
    (@kind array) => { $crate::Value::Array(_) };
    (@kind object) => { $crate::Value::Object(_) };
}

/// Impls for an enum of strings: `string_enum!(Mode { Plan = "plan", Apply = "apply" });`
/// or, for an open set whose other values are kept in `Other(String)`,
/// `string_enum!(Transport { Cli = "cli" } open Other);`. `contract …` at
/// the end adds the type's `contract!`.
#[macro_export]
macro_rules! string_enum {
    ($name:ident { $($variant:ident = $json:literal),* $(,)? } $(contract $($contract:tt)+)?) => {
        $($crate::contract!($name, $($contract)+);)?
        impl $name {
            /// The value as it appears in JSON.
            pub fn as_str(&self) -> &'static str {
                // `*self`: exhaustive even for an enum with no values (an unsatisfiable schema).
                match *self { $(Self::$variant => $json,)* }
            }
            /// The value whose JSON text is `s`, if `s` is one of the listed strings.
            pub fn from_listed_str(s: &str) -> ::std::option::Option<Self> {
                match s {
                    $($json => ::std::option::Option::Some(Self::$variant),)*
                    _ => ::std::option::Option::None,
                }
            }
        }
        impl $crate::FromKey for $name {
            fn from_key(s: ::std::string::String) -> ::std::result::Result<Self, $crate::Mismatch> {
                Self::from_listed_str(&s).ok_or_else(|| $crate::Mismatch::new("one of the listed strings"))
            }
        }
        impl $crate::fast::ListedStr for $name {
            fn from_listed_str(s: &str) -> ::std::option::Option<Self> {
                Self::from_listed_str(s)
            }
        }
        $crate::__string_enum_common!($name);
    };
    ($name:ident { $($variant:ident = $json:literal),* $(,)? } open $other:ident $(contract $($contract:tt)+)?) => {
        $($crate::contract!($name, $($contract)+);)?
        impl $name {
            /// The value as it appears in JSON.
            pub fn as_str(&self) -> &str {
                match self { $(Self::$variant => $json,)* Self::$other(s) => s }
            }
            /// Whether the value is one of the known ones.
            pub fn is_known(&self) -> bool {
                !::std::matches!(self, Self::$other(_))
            }
        }
        impl ::std::convert::From<::std::string::String> for $name {
            fn from(s: ::std::string::String) -> Self {
                match s.as_str() {
                    $($json => Self::$variant,)*
                    _ => Self::$other(s),
                }
            }
        }
        impl $crate::FromKey for $name {
            fn from_key(s: ::std::string::String) -> ::std::result::Result<Self, $crate::Mismatch> {
                ::std::result::Result::Ok(Self::from(s))
            }
        }
        $crate::__string_enum_common!($name);
    };
}

/// Impls for an enum of integers, held in fields as [`Spelled`](crate::Spelled):
/// `integer_enum!(BlockSize { V512 = 512, V2048 = 2048 });`
#[macro_export]
macro_rules! integer_enum {
    ($name:ident { $($variant:ident = $value:literal),* $(,)? }) => {
        impl $name {
            /// The value's number.
            pub const fn value(self) -> i64 {
                // `self`: exhaustive even for an enum with no values (an unsatisfiable schema).
                match self { $(Self::$variant => $value,)* }
            }
        }
        impl $crate::IntegerEnum for $name {
            fn value(self) -> i64 {
                $name::value(self)
            }
            fn from_i64(v: i64) -> ::std::option::Option<Self> {
                match v {
                    $($value => ::std::option::Option::Some(Self::$variant),)*
                    _ => ::std::option::Option::None,
                }
            }
        }
        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                ::std::write!(f, "{}", self.value())
            }
        }
        impl $crate::__private::serde::Serialize for $name {
            fn serialize<S: $crate::__private::serde::Serializer>(&self, s: S) -> ::std::result::Result<S::Ok, S::Error> {
                s.serialize_i64(self.value())
            }
        }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __string_enum_common {
    ($name:ident) => {
        impl $crate::StringEnum for $name {}
        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
        impl $crate::FromValue for $name {
            fn from_value(v: $crate::Value) -> ::std::result::Result<Self, $crate::Mismatch> {
                match v {
                    $crate::Value::String(s) => <Self as $crate::FromKey>::from_key(s),
                    _ => ::std::result::Result::Err($crate::Mismatch::new("a string")),
                }
            }
        }
        impl $crate::__private::serde::Serialize for $name {
            fn serialize<S: $crate::__private::serde::Serializer>(&self, s: S) -> ::std::result::Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }
    };
}

/// Impls for a unit struct standing for a string constant:
/// `const_string!(ProtocolVersion = "1.0");`. `contract …` at the end adds
/// the type's `contract!`.
#[macro_export]
macro_rules! const_string {
    ($name:ident = $value:literal $(contract $($contract:tt)+)?) => {
        $($crate::contract!($name, $($contract)+);)?
        impl $name {
            /// The only value.
            pub const VALUE: &'static str = $value;
            /// The value as it appears in JSON.
            pub fn as_str(&self) -> &'static str {
                Self::VALUE
            }
        }
        impl $crate::FromValue for $name {
            fn from_value(v: $crate::Value) -> ::std::result::Result<Self, $crate::Mismatch> {
                match v {
                    $crate::Value::String(s) if s == Self::VALUE => ::std::result::Result::Ok(Self),
                    _ => ::std::result::Result::Err($crate::Mismatch::new(::std::concat!("\"", $value, "\""))),
                }
            }
        }
        impl $crate::__private::serde::Serialize for $name {
            fn serialize<S: $crate::__private::serde::Serializer>(&self, s: S) -> ::std::result::Result<S::Ok, S::Error> {
                s.serialize_str(Self::VALUE)
            }
        }
    };
}

/// Impls for a struct standing for a JSON object: each field names its
/// JSON member and whether it is `required` or `optional` (the default, left
/// unsaid unless `redacted` follows, when sensitive); `extra FIELD` names the map keeping unknown members, or
/// `deny` says there are none; `tag` adds a constant member written first
/// (for a variant of a tagged union); `contract …` at the end adds the
/// type's [`contract!`] (its arguments after the name). An optional field
/// with a default says `default: TYPE = VALUE` (or `default NAME: …` when
/// the method cannot take the field's name), which adds the accessor
/// `fn FIELD(&self) -> TYPE` returning the value or the default
/// ([`WithDefault`](crate::WithDefault)).
///
/// `object!(Actor { kind = "kind", required; id = "id", optional, redacted; note = "note"; retries = "retries" default: rt::Integer = 3; } extra extra);`
#[macro_export]
macro_rules! object {
    ($name:ident { $($field:ident = $json:literal $(, $flag:ident)* $(default $($method:ident)? : $ret:ty = $default:expr)?;)* } $(tag $tag:literal = $tag_value:literal;)? extra $extra:ident $(contract $($contract:tt)+)?) => {
        impl ::std::fmt::Debug for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.debug_struct(::std::stringify!($name))
                    $(.field($json, $crate::__debug_field!([$($flag)*], &self.$field)))*
                    .field("..", &self.$extra)
                    .finish()
            }
        }
        impl $crate::FromValue for $name {
            fn from_value(v: $crate::Value) -> ::std::result::Result<Self, $crate::Mismatch> {
                let $crate::Value::Object(m) = v else {
                    return ::std::result::Result::Err($crate::Mismatch::new("an object"));
                };
                $(let mut $field = ::std::option::Option::None;)*
                let mut rest = $crate::Extra::new();
                $crate::__convert_members!(m { $($field = $json;)* } [$($tag)?] |k, x| $crate::member(&k, x).map(|x| {
                    rest.insert(k, x);
                }));
                ::std::result::Result::Ok(Self {
                    $($field: $crate::__take!([$($flag)*], $field, $json),)*
                    $extra: rest,
                })
            }
        }
        impl $crate::ObjectFields for $name {
            fn write_fields<M: $crate::__private::serde::ser::SerializeMap>(&self, m: &mut M) -> ::std::result::Result<(), M::Error> {
                $(m.serialize_entry($tag, $tag_value)?;)?
                $crate::__write_members!(m, $([$($flag)*] $json => &self.$field;)*);
                for (k, x) in &self.$extra {
                    m.serialize_entry(k, x)?;
                }
                ::std::result::Result::Ok(())
            }
        }
        $crate::__object_serialize!($name);
        impl $name {
            $($($crate::__default_accessor!($field, $json, [$($method)?], $ret, $default);)?)*
        }
        $($crate::contract!($name, $($contract)+);)?
    };
    ($name:ident { $($field:ident = $json:literal $(, $flag:ident)* $(default $($method:ident)? : $ret:ty = $default:expr)?;)* } $(tag $tag:literal = $tag_value:literal;)? deny $(contract $($contract:tt)+)?) => {
        impl ::std::fmt::Debug for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.debug_struct(::std::stringify!($name))
                    $(.field($json, $crate::__debug_field!([$($flag)*], &self.$field)))*
                    .finish()
            }
        }
        impl $crate::FromValue for $name {
            fn from_value(v: $crate::Value) -> ::std::result::Result<Self, $crate::Mismatch> {
                let $crate::Value::Object(m) = v else {
                    return ::std::result::Result::Err($crate::Mismatch::new("an object"));
                };
                $(let mut $field = ::std::option::Option::None;)*
                $crate::__convert_members!(m { $($field = $json;)* } [$($tag)?] |k, x| ::std::result::Result::Err($crate::Mismatch::new(::std::format!("no member `{k}`"))));
                ::std::result::Result::Ok(Self {
                    $($field: $crate::__take!([$($flag)*], $field, $json),)*
                })
            }
        }
        impl $crate::ObjectFields for $name {
            fn write_fields<M: $crate::__private::serde::ser::SerializeMap>(&self, m: &mut M) -> ::std::result::Result<(), M::Error> {
                $(m.serialize_entry($tag, $tag_value)?;)?
                $crate::__write_members!(m, $([$($flag)*] $json => &self.$field;)*);
                ::std::result::Result::Ok(())
            }
        }
        $crate::__object_serialize!($name);
        impl $name {
            $($($crate::__default_accessor!($field, $json, [$($method)?], $ret, $default);)?)*
        }
        $($crate::contract!($name, $($contract)+);)?
    };
}

/// A struct variant of a union built from a (validated) JSON object, as
/// [`object!`] builds a struct: an expression of type
/// `Result<Self, Mismatch>`, in the union's `FromValue`. In a tagged union
/// the tag member is skipped (the variant is the tag); `extra FIELD` keeps
/// other members, `deny` says there are none.
///
/// `object_variant!(v, Dog { bark = "bark", required; } tag "petType"; extra extra)`
#[macro_export]
macro_rules! object_variant {
    ($v:expr, $variant:ident { $($field:ident = $json:literal $(, $req:ident)?;)* } $(tag $tag:literal;)? extra $extra:ident) => {
        match $v {
            $crate::Value::Object(m) => {
                $(let mut $field = ::std::option::Option::None;)*
                let mut rest = $crate::Extra::new();
                $crate::__convert_members!(m { $($field = $json;)* } [$($tag)?] |k, x| $crate::member(&k, x).map(|x| {
                    rest.insert(k, x);
                }));
                ::std::result::Result::Ok(Self::$variant {
                    $($field: $crate::__take!([$($req)?], $field, $json),)*
                    $extra: rest,
                })
            }
            _ => ::std::result::Result::Err($crate::Mismatch::new("an object")),
        }
    };
    ($v:expr, $variant:ident { $($field:ident = $json:literal $(, $req:ident)?;)* } $(tag $tag:literal;)? deny) => {
        match $v {
            $crate::Value::Object(m) => {
                $(let mut $field = ::std::option::Option::None;)*
                $crate::__convert_members!(m { $($field = $json;)* } [$($tag)?] |k, x| ::std::result::Result::Err($crate::Mismatch::new(::std::format!("no member `{k}`"))));
                ::std::result::Result::Ok(Self::$variant {
                    $($field: $crate::__take!([$($req)?], $field, $json),)*
                })
            }
            _ => ::std::result::Result::Err($crate::Mismatch::new("an object")),
        }
    };
}

/// Serialises a struct variant of a union whose fields are bound to their
/// own names (`Self::Dog { bark, extra } => …`): the tag first (if any), then
/// the fields in schema order, then the kept members, as [`object!`] writes
/// a struct.
///
/// `object_variant_serialize!(s, "petType" = "dog"; { bark = "bark", required; } extra extra)`
#[macro_export]
macro_rules! object_variant_serialize {
    ($s:ident, $($tag:literal = $tag_value:literal;)? { $($field:ident = $json:literal $(, $req:ident)?;)* } $(extra $extra:ident)?) => {{
        use $crate::__private::serde::ser::{SerializeMap as _, Serializer as _};
        let mut m = $s.serialize_map(::std::option::Option::None)?;
        $(m.serialize_entry($tag, $tag_value)?;)?
        $crate::__write_members!(&mut m, $([$($req)?] $json => $field;)*);
        $(for (k, x) in $extra {
            m.serialize_entry(k, x)?;
        })?
        m.end()
    }};
}

#[doc(hidden)]
#[macro_export]
macro_rules! __object_serialize {
    ($name:ident) => {
        impl $crate::__private::serde::Serialize for $name {
            fn serialize<S: $crate::__private::serde::Serializer>(&self, s: S) -> ::std::result::Result<S::Ok, S::Error> {
                $crate::ObjectFields::serialize_object(self, s)
            }
        }
    };
}

/// A default accessor (see `object!`): named as the field unless a name is given.
#[doc(hidden)]
#[macro_export]
macro_rules! __default_accessor {
    ($field:ident, $json:literal, [], $ret:ty, $default:expr) => {
        $crate::__default_accessor!($field, $json, [$field], $ret, $default);
    };
    ($field:ident, $json:literal, [$method:ident], $ret:ty, $default:expr) => {
        #[doc = ::std::concat!("`", $json, "`, or the schema's default `", ::std::stringify!($default), "` when it is absent.")]
        pub fn $method(&self) -> $ret {
            $crate::WithDefault::with_default(&self.$field, $default)
        }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __take {
    ([required $($flag:ident)*], $field:ident, $json:literal) => {
        $field.ok_or_else(|| $crate::missing($json))?
    };
    ([$($flag:ident)*], $field:ident, $json:literal) => {
        $field
    };
}

/// Converts an object's members (`m`, a JSON map) into their slots, which
/// the caller declared (`let mut FIELD = None;`), with one `?` after each
/// member's match, not one in each arm (see `object_reader!`). The tag
/// member is skipped; another member is `OTHER`, with the names the caller
/// gives the key and the value.
#[doc(hidden)]
#[macro_export]
macro_rules! __convert_members {
    ($m:ident { $($field:ident = $json:literal;)* } [$($tag:literal)?] |$k:ident, $x:ident| $other:expr) => {
        for ($k, $x) in $m {
            let converted: ::std::result::Result<(), $crate::Mismatch> = match $k.as_str() {
                $($json => $crate::member_into(&mut $field, $json, $x),)*
                $($tag => ::std::result::Result::Ok(()),)?
                _ => $other,
            };
            converted?;
        }
    };
}

/// Writes an object's members into a map (`m` or `&mut m`), in order: one
/// call per member and one `?` after them all, not one in each (see
/// `object_reader!`); the first failed write stops the rest.
#[doc(hidden)]
#[macro_export]
macro_rules! __write_members {
    ($m:expr, $([$($flag:ident)*] $json:literal => $value:expr;)*) => {
        #[allow(unused_mut)]
        let mut written = $crate::nothing_written($m);
        $($crate::__write!([$($flag)*], written, $m, $json, $value);)*
        written?;
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __write {
    ([required $($flag:ident)*], $written:ident, $m:expr, $json:literal, $value:expr) => {
        $crate::write_member(&mut $written, $m, $json, $value)
    };
    ([$($flag:ident)*], $written:ident, $m:expr, $json:literal, $value:expr) => {
        $crate::write_optional(&mut $written, $m, $json, $value)
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __debug_field {
    ([$(required)? $(optional)? redacted $($flag:ident)*], $value:expr) => {
        &$crate::Redacted
    };
    ([$($flag:ident)*], $value:expr) => {
        $value
    };
}

/// A generated module's free functions, `validate` and `is_valid`, against
/// its root schema (its validator, resource URI and pointer); with the root
/// type named, that type's inherent functions too ([`root_api!`](crate::root_api!)).
///
/// `module_api!(validators::v0, "https://example.com/commands.json", "", Command);`
#[macro_export]
macro_rules! module_api {
    ($check:path, $base:expr, $pointer:expr $(, $root:ident)?) => {
        /// Validates a JSON document against the schema; every error is reported.
        pub fn validate(v: &$crate::Value) -> ::std::result::Result<(), $crate::ValidationErrors> {
            $crate::validate_with($check, v, $base, $pointer)
        }
        /// Whether a JSON document is valid against the schema (stops at the first error).
        pub fn is_valid(v: &$crate::Value) -> bool {
            $crate::is_valid_with($check, v, $base, $pointer)
        }
        $($crate::root_api!($root);)?
    };
}

/// Inherent parse-and-validate functions on a root type, so users need no
/// trait import for the common case.
#[macro_export]
macro_rules! root_api {
    ($name:ident) => {
        impl $name {
            /// Parses JSON text, validates it against the schema (reporting every
            /// error) and builds the typed value. A member name an object
            /// repeats is an error (`ParseError::Duplicate`).
            pub fn from_json_str(s: &str) -> ::std::result::Result<Self, $crate::ParseError> {
                <Self as $crate::Contract>::from_json_str(s)
            }
            /// [`Self::from_json_str`] with `settings` (repeated member names last-wins, say).
            pub fn from_json_str_with(s: &str, settings: $crate::ReadSettings) -> ::std::result::Result<Self, $crate::ParseError> {
                <Self as $crate::Contract>::from_json_str_with(s, settings)
            }
            /// Parses JSON bytes, validates them and builds the typed value
            /// (a repeated member name is an error).
            pub fn from_json_slice(b: &[u8]) -> ::std::result::Result<Self, $crate::ParseError> {
                <Self as $crate::Contract>::from_json_slice(b)
            }
            /// [`Self::from_json_slice`] with `settings`.
            pub fn from_json_slice_with(b: &[u8], settings: $crate::ReadSettings) -> ::std::result::Result<Self, $crate::ParseError> {
                <Self as $crate::Contract>::from_json_slice_with(b, settings)
            }
            /// Parses JSON from a reader, validates it and builds the typed
            /// value (a repeated member name is an error).
            pub fn from_json_reader<R: ::std::io::Read>(r: R) -> ::std::result::Result<Self, $crate::ParseError> {
                <Self as $crate::Contract>::from_json_reader(r)
            }
            /// Validates a JSON value and builds the typed value. A `Value`
            /// cannot show repeated member names (its parser already chose):
            /// parse text with `from_json_slice` to have them refused.
            pub fn from_json_value(v: $crate::Value) -> ::std::result::Result<Self, $crate::ParseError> {
                <Self as $crate::Contract>::from_json_value(v)
            }
            /// Checks a value built in code against the schema, so a producer
            /// cannot send what readers would reject.
            pub fn validate(&self) -> ::std::result::Result<(), $crate::ValidationErrors> {
                <Self as $crate::Contract>::validate(self)
            }
            /// Validates a JSON value without building the typed value.
            pub fn validate_value(v: &$crate::Value) -> ::std::result::Result<(), $crate::ValidationErrors> {
                <Self as $crate::Contract>::validate_value(v)
            }
        }
    };
}

/// A one-pass reader for a scalar stored as a string type: the `refuse`
/// conditions on `&str` (any true refuses), then `build`.
/// `string_leaf!(Leaf2 -> CommandId, |s| [!RE0.is_match(s)] => Some(CommandId(s.to_owned())));`
#[macro_export]
macro_rules! string_leaf {
    ($name:ident -> $out:ty, |$s:ident| [$($refuse:expr),* $(,)?] => $build:expr) => {
        /// Reads and checks one string member.
        pub struct $name;
        impl $crate::fast::Leaf for $name {
            type Out = $out;
            fn string($s: &str) -> ::std::option::Option<$out> {
                if false $(|| $refuse)* {
                    return ::std::option::Option::None;
                }
                $build
            }
            fn scalar(v: $crate::Value) -> ::std::result::Result<$out, ::std::option::Option<$crate::Value>> {
                ::std::result::Result::Err(::std::option::Option::Some(v))
            }
        }
    };
}

/// A one-pass reader for a scalar whose rules the validators check (on a
/// `Value` built for it): `value_leaf!(Leaf7 -> rt::Integer, scalar validators::v3);`
/// for numbers, booleans and `null`, `string …` for strings. The validators
/// are paths, comma-separated: each must hold (checked in quiet mode).
#[macro_export]
macro_rules! value_leaf {
    ($name:ident -> $out:ty, scalar $($check:path),*) => {
        /// Reads one scalar member and checks it with the validators.
        pub struct $name;
        impl $crate::fast::Leaf for $name {
            type Out = $out;
            fn string(_: &str) -> ::std::option::Option<$out> {
                ::std::option::Option::None
            }
            fn scalar(value: $crate::Value) -> ::std::result::Result<$out, ::std::option::Option<$crate::Value>> {
                $crate::fast::checked_scalar(value, |v| true $(&& $crate::is_valid($check, v))*)
            }
        }
    };
    ($name:ident -> $out:ty, string $($check:path),*) => {
        /// Reads one string member and checks it with the validators.
        pub struct $name;
        impl $crate::fast::Leaf for $name {
            type Out = $out;
            fn string(s: &str) -> ::std::option::Option<$out> {
                let value = $crate::Value::String(s.to_owned());
                if !(true $(&& $crate::is_valid($check, &value))*) {
                    return ::std::option::Option::None;
                }
                $crate::FromValue::from_value(value).ok()
            }
            fn scalar(v: $crate::Value) -> ::std::result::Result<$out, ::std::option::Option<$crate::Value>> {
                ::std::result::Result::Err(::std::option::Option::Some(v))
            }
        }
    };
}

/// The fallback of a one-pass reader for a member it cannot check alone:
/// read as a `Value`, checked by the validators (paths, comma-separated: each
/// must hold, in quiet mode), converted. `via_value!(Check1 -> Spec, validators::v3);`
#[macro_export]
macro_rules! via_value {
    // Generic over rows of shared validators: `Check18<const K0>`, named
    // `Check18<1>` (see the generator's `shared_bodies`).
    ($name:ident < $(const $k:ident),+ > -> $out:ty, $($check:path),*) => {
        /// Checks a member the reader cannot check alone, with the validators.
        pub struct $name<$(const $k: usize),+>;
        impl<$(const $k: usize),+> $crate::fast::Check for $name<$($k),+> {
            type Out = $out;
            fn check(v: &$crate::Value) -> bool {
                true $(&& $crate::is_valid($check, v))*
            }
        }
    };
    ($name:ident -> $out:ty, $($check:path),*) => {
        /// Checks a member the reader cannot check alone, with the validators.
        pub struct $name;
        impl $crate::fast::Check for $name {
            type Out = $out;
            fn check(v: &$crate::Value) -> bool {
                true $(&& $crate::is_valid($check, v))*
            }
        }
    };
}

/// The validators of a map's names and values, for its reader
/// (`rt::fast::MapOf`): `map_checks!(Checks3, names = validators::v5, values = validators::v6);`
/// (either part left out when the schema has no such keyword).
#[macro_export]
macro_rules! map_checks {
    ($name:ident $(, names = $names:path)? $(, values = $values:path)?) => {
        /// The validators of a map's names and values.
        pub struct $name;
        impl $crate::fast::MapChecks for $name {
            const CHECKS: ::std::option::Option<(::std::option::Option<$crate::Check>, ::std::option::Option<$crate::Check>)> =
                ::std::option::Option::Some(($crate::__optional_check!($($names)?), $crate::__optional_check!($($values)?)));
        }
    };
}

/// The validator of an array's items, for its reader (`rt::fast::VecOf`):
/// `array_checks!(Checks3, items = validators::v5);` (`items` left out when
/// the schema bounds only the item count).
#[macro_export]
macro_rules! array_checks {
    ($name:ident $(, items = $items:path)?) => {
        /// The validator of an array's items.
        pub struct $name;
        impl $crate::fast::ArrayChecks for $name {
            const ITEMS: ::std::option::Option<::std::option::Option<$crate::Check>> =
                ::std::option::Option::Some($crate::__optional_check!($($items)?));
        }
    };
}

/// A validator named in `map_checks!`/`array_checks!`, or none.
#[doc(hidden)]
#[macro_export]
macro_rules! __optional_check {
    () => {
        ::std::option::Option::None
    };
    ($check:path) => {
        ::std::option::Option::Some($check as $crate::Check)
    };
}

/// A struct's impls (as [`object!`] writes them) and its one-pass reader,
/// from one table of members: each member read by its reader as its
/// name comes (a repeated member is refused), required members checked at
/// `}`; unknown members refused (`deny`) or read into the `extra` field.
/// A member that breaks a rule is kept as JSON and the reader reads on, so
/// every other member is still checked once; at `}` the object is handed up
/// as JSON (`rt::fast::Partial`), each member that held either turned back
/// into JSON (`keep`) or left out, taken by the validators as present and
/// valid (`settle`, see `rt::fast::Settled`).
/// A member says its flags as `object!` does (`required`, `optional`,
/// `redacted`), then `keep`, then its default, then `=> READER`. After
/// `extra FIELD => READER;` or `deny;`, `contract …` adds the type's
/// [`contract!`], which reads with this reader. Generated code writes it
/// through `#[derive(rt::Object)]`, from the struct's attributes.
/// `object_reader!(read, Actor { kind = "kind", required => R1; id = "id", keep => R2; } extra extra => R3; contract [v0], BASE0, "");`
#[macro_export]
macro_rules! object_reader {
    ($read:ident, $ty:ident { $($field:ident = $json:literal $(, $flag:ident)* $(default $($method:ident)? : $ret:ty = $default:expr)? => $reader:ty;)* } deny; $(contract $($contract:tt)+)?) => {
        $crate::object!($ty { $($field = $json $(, $flag)* $(default $($method)? : $ret = $default)?;)* } deny $(contract $($contract)+, fast $read)?);
        $crate::object_reader!(@ $read, $ty { $($field = $json : $reader $(, $flag)*;)* } {} |k, m, s, p, spare| {
            s.bad.unknown(&mut m, k)?;
        } {} {} 0);
    };
    ($read:ident, $ty:ident { $($field:ident = $json:literal $(, $flag:ident)* $(default $($method:ident)? : $ret:ty = $default:expr)? => $reader:ty;)* } extra $extra:ident => $xreader:ty; $(contract $($contract:tt)+)?) => {
        $crate::object!($ty { $($field = $json $(, $flag)* $(default $($method)? : $ret = $default)?;)* } extra $extra $(contract $($contract)+, fast $read)?);
        $crate::object_reader!(@ $read, $ty { $($field = $json : $reader $(, $flag)*;)* } {
            let mut unknown = $crate::Extra::new();
        } |k, m, s, p, spare| {
            match m.next_value_seed($crate::fast::Seed::<$xreader>::new()) {
                ::std::result::Result::Ok(x) => {
                    if unknown.insert(k.into_owned(), x).is_some() {
                        return ::std::result::Result::Err($crate::fast::abort());
                    }
                }
                ::std::result::Result::Err(e) => s.bad.failed(k, e, &mut spare)?,
            }
        } { p.keep_extra(unknown); } { $extra: unknown, } unknown.len());
    };
    (@ $read:ident, $ty:ident { $($field:ident = $json:literal : $reader:ty $(, $flag:ident)*;)* } { $($decl:tt)* } |$k:ident, $m:ident, $s:ident, $p:ident, $spare:ident| { $($other:tt)* } $keep:tt { $($take:tt)* } $more:expr) => {
        #[doc = ::std::concat!(" Reads a `", ::std::stringify!($ty), "`, checking each member as it comes.")]
        pub(super) fn $read<'de, D: $crate::__private::serde::Deserializer<'de>>(d: D) -> ::std::result::Result<$ty, D::Error> {
            /// The reader's visitor.
            struct Visit;
            impl<'de> $crate::__private::serde::de::Visitor<'de> for Visit {
                type Value = $ty;
                fn expecting(&self, f: &mut ::std::fmt::Formatter) -> ::std::fmt::Result {
                    f.write_str("an object")
                }
                #[allow(unused_mut, clippy::never_loop)]
                fn visit_map<A: $crate::__private::serde::de::MapAccess<'de>>(self, mut $m: A) -> ::std::result::Result<$ty, A::Error> {
                    /// The members read so far.
                    struct Slots {
                        $($field: ::std::option::Option<<$reader as $crate::fast::Read>::Out>,)*
                        /// The members that broke a rule, as JSON.
                        bad: $crate::fast::Broken,
                    }
                    impl Slots {
                        /// The members read, as JSON, with room for `more` (the
                        /// unknown ones): the map never grows (settled members
                        /// are left out of it).
                        ///
                        /// The slots are borrowed, not moved out member by
                        /// member: moved, the release build took time
                        /// superlinear in the members (an 836-member struct:
                        /// 16 minutes; borrowed, 28 s).
                        #[cold]
                        fn partial(&mut self, more: usize) -> $crate::fast::Partial {
                            let mut p = $crate::fast::Partial::with_capacity(0 $(+ $crate::__fast_kept!([$($flag)*]))* + self.bad.len() + more);
                            $($crate::__fast_hand_up!(p, [$($flag)*], $json, &self.$field);)*
                            p.keep_broken(::std::mem::take(&mut self.bad));
                            p
                        }
                    }
                    let mut $s = Slots { $($field: ::std::option::Option::None,)* bad: $crate::fast::Broken::new() };
                    // The error a member's reader stopped with, kept to hand the
                    // object up with (see `rt::fast::invalid_with`).
                    let mut $spare = ::std::option::Option::None;
                    $($decl)*
                    while let ::std::option::Option::Some($crate::fast::Key($k)) = $m.next_key::<$crate::fast::Key<'de>>()? {
                        // One call per member and one `?` after the match: a
                        // `?` in each arm made type checking and borrow
                        // checking of a large object's reader slower.
                        let read = match &*$k {
                            $($json => $s.bad.read::<$reader, _>($k, &mut $m, &mut $s.$field, &mut $spare),)*
                            _ => {
                                $($other)*
                                ::std::result::Result::Ok(())
                            }
                        };
                        read?;
                    }
                    if !$s.bad.is_empty() $(|| $crate::__fast_missing!([$($flag)*], $s.$field))* {
                        let mut $p = $s.partial($more);
                        $keep
                        return ::std::result::Result::Err($p.done($spare));
                    }
                    ::std::result::Result::Ok($ty {
                        $($field: $crate::__fast_take!([$($flag)*], $s.$field),)*
                        $($take)*
                    })
                }
                $crate::__fast_refuse!(scalars);
                $crate::__fast_refuse!(seq);
            }
            d.deserialize_any(Visit)
        }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __fast_missing {
    ([required $($flag:ident)*], $x:expr) => {
        $x.is_none()
    };
    ([$($flag:ident)*], $x:expr) => {
        false
    };
}

/// How a member read is handed up when its object is invalid: `settle`d
/// (left out) unless flagged `keep` (back as JSON).
#[doc(hidden)]
#[macro_export]
macro_rules! __fast_hand_up {
    ($p:ident, [$(required)? $(optional)? $(redacted)? keep], $json:literal, $x:expr) => {
        $p.keep($json, $x)
    };
    ($p:ident, [$(required)? $(optional)? $(redacted)?], $json:literal, $x:expr) => {
        $p.settle($json, $x)
    };
}

/// 1 for a member handed up back as JSON (`keep`), 0 for one settled.
#[doc(hidden)]
#[macro_export]
macro_rules! __fast_kept {
    ([$(required)? $(optional)? $(redacted)? keep]) => {
        1
    };
    ([$(required)? $(optional)? $(redacted)?]) => {
        0
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __fast_take {
    ([required $($flag:ident)*], $x:expr) => {
        match $x {
            ::std::option::Option::Some(x) => x,
            ::std::option::Option::None => return ::std::result::Result::Err($crate::fast::abort()),
        }
    };
    ([$($flag:ident)*], $x:expr) => {
        $x
    };
}

/// What each of a module's own types reads with where its place adds no
/// rule ([`fast::Reads`](crate::fast::Reads)): `reads!(Rule => Union16, Url => LeafRead<Leaf1>);`.
#[macro_export]
macro_rules! reads {
    ($($ty:ty => $reader:ty),* $(,)?) => {
        $(impl $crate::fast::Reads for $ty {
            type Reader = $reader;
        })*
    };
}

/// The named members of an object and their validators, for
/// [`Ctx::props`](crate::Ctx::props): `props!("name" v3, "tags" t2::<0>)` is
/// `&[("name", v3), ("tags", t2::<0>)]`, which the formatter fills line by
/// line (a slice of pairs would take a line per member).
#[macro_export]
macro_rules! props {
    ($($name:literal $check:expr),* $(,)?) => {
        &[$(($name, $check as $crate::Check)),*]
    };
}

/// A list of strings, `&["a", "b"]`: generated validators write a long
/// `enum` or `required` list this way, which the formatter fills line by
/// line (an array literal would take a line per string).
///
/// `static WORDS0: &[&str] = words!("off", "warn", "error");`
#[macro_export]
macro_rules! words {
    ($($word:literal),* $(,)?) => {
        &[$($word),*]
    };
}
