//! Default accessors: an optional field whose schema gives a `default` gets
//! a method returning the value or that default (`fn indent(&self) ->
//! Integer`); `object!` writes it from the field, the method's return type
//! and the default as the schema writes it (`indent = "indent" default:
//! rt::Integer = 4;`), or the enum variant it names. The field itself stays `Option`, so parse →
//! serialize still writes only what the document held.

use crate::number::Integer;
use crate::spelled::{IntegerEnum, Spelled};

/// An optional field read with its schema's default `D` in its place.
pub trait WithDefault<'a, D> {
    /// What the accessor returns.
    type Out;
    /// The value, or `default` when it is absent.
    fn with_default(&'a self, default: D) -> Self::Out;
}

impl WithDefault<'_, bool> for Option<bool> {
    type Out = bool;
    fn with_default(&self, default: bool) -> bool {
        self.unwrap_or(default)
    }
}

impl WithDefault<'_, i64> for Option<Integer> {
    type Out = Integer;
    fn with_default(&self, default: i64) -> Integer {
        self.clone().unwrap_or_else(|| Integer::from(default))
    }
}

impl<'a> WithDefault<'a, &'static str> for Option<String> {
    type Out = &'a str;
    fn with_default(&'a self, default: &'static str) -> &'a str {
        self.as_deref().unwrap_or(default)
    }
}

/// A generated enum of strings (`string_enum!`): its default is a variant.
pub trait StringEnum: Clone {}

impl<E: StringEnum> WithDefault<'_, E> for Option<E> {
    type Out = E;
    fn with_default(&self, default: E) -> E {
        self.clone().unwrap_or(default)
    }
}

impl<E: IntegerEnum> WithDefault<'_, E> for Option<Spelled<E>> {
    type Out = E;
    fn with_default(&self, default: E) -> E {
        self.as_deref().copied().unwrap_or(default)
    }
}
