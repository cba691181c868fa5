//! `format` and the content keywords (`contentEncoding`,
//! `contentMediaType`). Whether they assert is a setting and a dialect
//! matter: `format` asserts when the settings ask for it or the document's
//! metaschema uses the format-assertion vocabulary; the content keywords
//! assert in draft 6 and 7 only (later drafts make them annotations).

use crate::check::Check;
use crate::ir::Keywords;
use crate::load::Dialect;
use serde_json::Value;

/// `format`
pub const FORMAT: &str = "format";
/// `contentEncoding`
pub const CONTENT_ENCODING: &str = "contentEncoding";
/// `contentMediaType`
pub const CONTENT_MEDIA_TYPE: &str = "contentMediaType";

/// The family as one subschema states it, with whether each part asserts.
#[derive(Clone, Copy, Debug, Default)]
pub struct Format<'k> {
    /// `format`
    pub format: Option<&'k str>,
    /// `format` asserts: the settings ask for it, or the document's metaschema does.
    pub format_asserts: bool,
    /// `contentEncoding`
    pub encoding: Option<&'k str>,
    /// `contentMediaType`
    pub media_type: Option<&'k str>,
    /// The content keywords assert (draft 6 and 7).
    pub content_asserts: bool,
}

impl<'k> Format<'k> {
    /// The family in `k`; `format` asserts when `format_assertion` (the
    /// setting) says so or the document's metaschema does.
    pub fn of(k: &'k Keywords, format_assertion: bool) -> Self {
        Format {
            format: k.format.as_deref(),
            format_asserts: format_assertion || k.format_assertion,
            encoding: k.content_encoding.as_deref(),
            media_type: k.content_media_type.as_deref(),
            content_asserts: k.content_assertion,
        }
    }

    /// The checks the family lowers to where its keywords assert: `format`,
    /// then content.
    pub fn checks(self) -> impl Iterator<Item = Check<'k>> {
        let format = self.format.filter(|_| self.format_asserts).map(Check::Format);
        let content = (self.content_asserts && (self.encoding.is_some() || self.media_type.is_some()))
            .then_some(Check::Content { encoding: self.encoding, media_type: self.media_type });
        format.into_iter().chain(content)
    }

    /// What the family adds to the node's shape identity: what asserts
    /// (an annotation changes no validator).
    pub fn identity(self) -> String {
        let format = self.format.filter(|_| self.format_asserts);
        let content = if self.content_asserts { (self.encoding, self.media_type) } else { (None, None) };
        format!("{format:?}{content:?}")
    }

    /// `format` in words ("format `email`"), whether or not it asserts.
    pub fn describe(self) -> Option<String> {
        self.format.map(|f| format!("format {}", crate::docs::markdown::code(f)))
    }
}

/// Reads `format`, `contentEncoding` or `contentMediaType`: a name; any
/// other value is no name and asserts nothing (as the suite expects).
pub fn read_name(v: &Value) -> Option<String> {
    v.as_str().map(str::to_owned)
}

/// Whether the content keywords assert in `dialect` (draft 6 and 7 let a
/// validator check them; later drafts make them annotations only).
pub fn content_asserts(dialect: Dialect) -> bool {
    matches!(dialect, Dialect::Draft6 | Dialect::Draft7)
}
