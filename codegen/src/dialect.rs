//! JSON Schema dialects (drafts): which one a `$schema` URI names, and the
//! few facts about a dialect that reading a document needs before its
//! keywords are parsed.

/// A JSON Schema dialect (draft).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Dialect {
    /// draft-04 (draft-03 documents are read as draft-04).
    Draft4,
    /// draft-06
    Draft6,
    /// draft-07
    Draft7,
    /// 2019-09
    Draft2019_09,
    /// 2020-12
    Draft2020_12,
}

impl Dialect {
    /// The dialect a `$schema` URI names, if any.
    pub fn from_uri(uri: &str) -> Option<Dialect> {
        let u = uri.trim_end_matches('#');
        if u.contains("draft-04") || u.contains("draft-03") {
            Some(Dialect::Draft4)
        } else if u.contains("draft-06") {
            Some(Dialect::Draft6)
        } else if u.contains("draft-07") {
            Some(Dialect::Draft7)
        } else if u.contains("2019-09") {
            Some(Dialect::Draft2019_09)
        } else if u.contains("2020-12") {
            Some(Dialect::Draft2020_12)
        } else {
            None
        }
    }

    /// The name used in docs and the lock file.
    pub fn name(self) -> &'static str {
        match self {
            Dialect::Draft4 => "draft-04",
            Dialect::Draft6 => "draft-06",
            Dialect::Draft7 => "draft-07",
            Dialect::Draft2019_09 => "2019-09",
            Dialect::Draft2020_12 => "2020-12",
        }
    }

    /// The keyword that names a resource: `id` in draft-04, `$id` after.
    pub fn id_keyword(self) -> &'static str {
        if self == Dialect::Draft4 {
            "id"
        } else {
            "$id"
        }
    }

    /// Whether `integer` means a number written without a fraction or an
    /// exponent (draft-04, as Python's `jsonschema` reads it: `2.0` is not
    /// one) rather than a number whose value has none (draft-06 on). See
    /// [`crate::Settings::with_draft4_integers_by_value`].
    pub fn integer_by_text(self) -> bool {
        self == Dialect::Draft4
    }

    /// Whether `$ref` hides its sibling keywords (draft-07 and before).
    pub fn ref_overrides_siblings(self) -> bool {
        self <= Dialect::Draft7
    }

    /// Whether sibling `keyword` of a `$ref` would assert something if
    /// applied (see [`crate::Settings::with_ref_siblings_applied`]): not an
    /// annotation, an identifier, a comment or a definitions table.
    pub fn ref_sibling_asserts(keyword: &str) -> bool {
        const SILENT: [&str; 14] = [
            "$ref",
            "$schema",
            "$id",
            "id",
            "$comment",
            "definitions",
            "$defs",
            "title",
            "description",
            "default",
            "examples",
            "deprecated",
            "readOnly",
            "writeOnly",
        ];
        !SILENT.contains(&keyword) && !keyword.starts_with("x-")
    }
}
