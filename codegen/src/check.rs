//! The check model: what one subschema asserts about a value, applicators
//! aside (its JSON type, `const`/`enum`, a string's length, pattern, format
//! and content, a number's bounds, an array's or object's size, `uniqueItems`,
//! `required`), lowered once from its keywords by the keyword families
//! (`crate::keywords`) into a small typed program, and rendered by both
//! backends: the full validator (`emit/validate.rs`) renders each [`Check`]
//! as a call of the `Ctx` helper that records its error, the one-pass
//! reader (`emit/deserialize.rs`) as a condition that refuses a string.
//! The runtime has one predicate per keyword, which both end in
//! (`rt::check`, `rt::Pattern::is_match`, `rt::format::check`).

use crate::ir::{Keywords, TypeSet};
use crate::keywords::{format, pattern, string_length, types, values};
use serde_json::{Number, Value};

/// One assertion about a value, with what it needs to be checked.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Check<'k> {
    /// `type`: the value's JSON type is in the set (never the set of every type).
    Type(TypeSet),
    /// `const`
    Const(&'k Value),
    /// `enum`
    Enum(&'k [Value]),
    /// A count of the subject compared with `bound` by the runtime helper
    /// its keyword family names: the full validator calls `Ctx::HELPER`,
    /// which also reports the error, and the reader of a string
    /// `rt::check::HELPER(s, bound)` (`minLength`, `maxItems`,
    /// `minProperties`, …).
    Count {
        /// What is counted.
        subject: Subject,
        /// The runtime predicate and `Ctx` helper.
        helper: &'static str,
        /// The bound the schema states.
        bound: u64,
    },
    /// `pattern` (ECMA-262, not anchored).
    Pattern(&'k str),
    /// `format`, where it asserts.
    Format(&'k str),
    /// `contentEncoding` / `contentMediaType`, where they assert (draft 6 and 7).
    Content {
        /// `contentEncoding`
        encoding: Option<&'k str>,
        /// `contentMediaType`
        media_type: Option<&'k str>,
    },
    /// A number compared with `bound` by one `Ctx` helper, by the name its
    /// keyword family gives (`minimum`, `exclusive_maximum`, `multiple_of`).
    Compare {
        /// The `Ctx` helper.
        helper: &'static str,
        /// The keyword the error reports, where the helper cannot know it
        /// (draft 4 spells an exclusive bound as `minimum` plus a boolean).
        keyword: Option<&'static str>,
        /// The bound the schema states.
        bound: &'k Number,
    },
    /// `uniqueItems: true`
    UniqueItems,
    /// `required` (never empty)
    Required(&'k [String]),
}

/// What a check looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Subject {
    /// Any value (`type`, `const`, `enum`).
    Value,
    /// A string; other values pass.
    String,
    /// A number; other values pass.
    Number,
    /// An array; other values pass.
    Array,
    /// An object; other values pass.
    Object,
}

impl Check<'_> {
    /// What the check looks at.
    pub fn subject(&self) -> Subject {
        match self {
            Check::Type(_) | Check::Const(_) | Check::Enum(_) => Subject::Value,
            Check::Count { subject, .. } => *subject,
            Check::Pattern(_) | Check::Format(_) | Check::Content { .. } => Subject::String,
            Check::Compare { .. } => Subject::Number,
            Check::UniqueItems => Subject::Array,
            Check::Required(_) => Subject::Object,
        }
    }
}

/// The checks of one subschema's assertions (applicators aside), by
/// subject, each list in the order the full validator reports their errors.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Program<'k> {
    /// On the value itself: `type`, `const`, `enum`.
    pub value: Vec<Check<'k>>,
    /// On a string: lengths, `pattern`, `format`, content.
    pub string: Vec<Check<'k>>,
    /// On a number: the bounds, then `multipleOf`.
    pub number: Vec<Check<'k>>,
    /// On an array: its size, then `uniqueItems`.
    pub array: Vec<Check<'k>>,
    /// On an object: its size, then `required`.
    pub object: Vec<Check<'k>>,
}

impl<'k> Program<'k> {
    /// The checks `k` asks for; `format` asserts when `format_assertion`
    /// says so or the document's metaschema does.
    ///
    /// Every field of [`Keywords`] is named (no `..`): a keyword added there
    /// does not compile until it is lowered here or said to be no scalar check.
    pub fn of(k: &'k Keywords, format_assertion: bool) -> Self {
        let Keywords {
            // Applicators and references: the validators call their subschemas' functions.
            reference: _,
            dynamic_reference: _,
            all_of: _,
            any_of: _,
            one_of: _,
            not: _,
            if_: _,
            then_: _,
            else_: _,
            dependent_schemas: _,
            dependent_schemas_keyword: _,
            properties: _,
            pattern_properties: _,
            additional_properties: _,
            property_names: _,
            unevaluated_properties: _,
            prefix_items: _,
            items: _,
            contains: _,
            unevaluated_items: _,
            // Scalar assertions: lowered below.
            types,
            integer_by_text,
            enum_,
            const_,
            numbers,
            length,
            pattern,
            // The `format` family: `Format::of` below reads all five.
            format: _,
            format_assertion: _,
            content_encoding: _,
            content_media_type: _,
            content_assertion: _,
            array,
            object,
            // Checked with `contains` and by member name, by the validators.
            max_contains: _,
            min_contains: _,
            dependent_required: _,
            dependent_required_keyword: _,
            // Annotations and scope: no check.
            title: _,
            description: _,
            default: _,
            examples: _,
            deprecated: _,
            read_only: _,
            write_only: _,
            recursive_anchor: _,
            dynamic_anchor: _,
            extensions: _,
        } = k;
        let strings = format::Format::of(k, format_assertion);
        let lowered = types::check(*types, *integer_by_text)
            .into_iter()
            .chain(values::checks(const_.as_ref(), enum_.as_deref()))
            .chain(length.checks())
            .chain(pattern::check(pattern.as_deref()))
            .chain(strings.checks())
            .chain(numbers.checks())
            .chain(array.checks())
            .chain(object.checks());
        let mut p = Program::default();
        for c in lowered {
            match c.subject() {
                Subject::Value => p.value.push(c),
                Subject::String => p.string.push(c),
                Subject::Number => p.number.push(c),
                Subject::Array => p.array.push(c),
                Subject::Object => p.object.push(c),
            }
        }
        p
    }

    /// Whether there is nothing to check.
    pub fn is_empty(&self) -> bool {
        [&self.value, &self.string, &self.number, &self.array, &self.object].iter().all(|l| l.is_empty())
    }
}

/// The keywords that lower to checks a one-pass reader can decide on a
/// string alone (content needs decoding: the validators check it).
pub const STRING_KEYWORDS: [&str; 7] = [types::NAME, values::CONST, values::ENUM, string_length::MIN, string_length::MAX, pattern::NAME, format::FORMAT];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::Bound;
    use serde_json::json;

    #[test]
    fn lowers_each_family_in_report_order() {
        let e = [json!("a"), json!(1)];
        let k = Keywords {
            types: Some(TypeSet(TypeSet::STRING | TypeSet::NUMBER)),
            enum_: Some(e.to_vec()),
            length: string_length::Length { min: Some(1), max: Some(3) },
            pattern: Some("^a".to_owned()),
            format: Some("email".to_owned()),
            numbers: crate::keywords::numeric::Numeric {
                multiple_of: Some(2.into()),
                minimum: Some(Bound { value: 0.into(), keyword: "minimum" }),
                ..Default::default()
            },
            ..Keywords::default()
        };
        let p = Program::of(&k, false);
        assert_eq!(p.value, [Check::Type(TypeSet(TypeSet::STRING | TypeSet::NUMBER)), Check::Enum(&e)]);
        assert_eq!(p.string, k.length.checks().chain([Check::Pattern("^a")]).collect::<Vec<_>>());
        assert_eq!(p.number, k.numbers.checks().collect::<Vec<_>>());
        assert_eq!(p.number.len(), 2);
        assert_eq!(Program::of(&k, true).string.last(), Some(&Check::Format("email")));
    }

    #[test]
    fn every_type_is_no_check() {
        let k = Keywords { types: Some(TypeSet(TypeSet::ALL)), ..Keywords::default() };
        assert!(Program::of(&k, true).is_empty());
    }
}
