//! A fixed sample of SchemaStore schemas run in the normal test suite (the
//! full corpus is `cargo xtask corpus`): each schema is generated with types,
//! compiled, and every test document put through the root type's
//! `from_json_value` (or the module's `validate` when it has no root type).

/// One test document and the verdict it must get.
pub struct Case {
    /// `test/NAME/FILE` (must be valid) or `negative_test/NAME/FILE` (invalid).
    pub document: &'static str,
    pub valid: bool,
    /// The document as JSON (YAML, TOML and JSON5 converted at build time).
    pub data: &'static str,
    pub check: fn(serde_json::Value) -> Result<(), String>,
}
