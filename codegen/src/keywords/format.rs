//! `format` and the content keywords (`contentEncoding`,
//! `contentMediaType`). Whether they assert is a setting and a dialect
//! matter: `format` asserts when the settings ask for it or the document's
//! metaschema uses the format-assertion vocabulary; the content keywords
//! assert in draft 6 and 7 only (later drafts make them annotations).

use crate::check::Check;
use crate::ir::Keywords;

/// `format`
pub const FORMAT: &str = "format";
/// `contentEncoding`
pub const CONTENT_ENCODING: &str = "contentEncoding";
/// `contentMediaType`
pub const CONTENT_MEDIA_TYPE: &str = "contentMediaType";

/// The checks the family lowers to where its keywords assert: `format`
/// (when `format_assertion` or the document says so), then content.
pub fn checks(k: &Keywords, format_assertion: bool) -> impl Iterator<Item = Check<'_>> {
    let format = k.format.as_deref().filter(|_| format_assertion || k.format_assertion).map(Check::Format);
    let content = (k.content_assertion && (k.content_encoding.is_some() || k.content_media_type.is_some()))
        .then_some(Check::Content { encoding: k.content_encoding.as_deref(), media_type: k.content_media_type.as_deref() });
    format.into_iter().chain(content)
}
