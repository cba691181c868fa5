//! A fixed sample of SchemaStore schemas run in the normal test suite (the
//! full corpus is `cargo xtask corpus`): each schema is generated with types,
//! compiled, and every test document put through the root type's
//! `from_json_value` (or the module's `validate` when it has no root type),
//! and through its one-pass reader (`from_json_slice`), whose answer must be
//! the full path's.

/// One test document and the verdict it must get.
pub struct Case {
    /// `test/NAME/FILE` (must be valid) or `negative_test/NAME/FILE` (invalid).
    pub document: &'static str,
    pub valid: bool,
    /// The document as JSON (YAML, TOML and JSON5 converted at build time).
    pub data: &'static str,
    pub check: fn(serde_json::Value) -> Result<(), String>,
    /// With a root type: `from_json_slice` on the document's bytes against
    /// the full path (`from_json_slice_via_value`), `Err` when they differ.
    pub one_pass: Option<OnePass>,
}

/// Runs a document's bytes through `from_json_slice` and the full path;
/// `Err` says how they differ.
pub type OnePass = fn(&[u8]) -> Result<(), String>;

/// `Ok` when the one-pass reader's answer is the full path's: an equal
/// value, or the same errors in the same order.
pub fn same_answer<T: PartialEq + std::fmt::Debug, E: std::fmt::Debug>(one_pass: Result<T, E>, full: Result<T, E>) -> Result<(), String> {
    match (&one_pass, &full) {
        (Ok(a), Ok(b)) if a == b => Ok(()),
        (Err(a), Err(b)) if format!("{a:?}") == format!("{b:?}") => Ok(()),
        _ => Err(format!("from_json_slice: {one_pass:?}\nfull path: {full:?}")),
    }
}
