//! The generator's settings, set with a small builder.

use crate::load::Dialect;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

/// Loads a document the inputs reference but do not include, by URI
/// (without fragment): its text, or `None` when it is unknown.
pub type RetrieveFn = dyn Fn(&str) -> Option<String> + Send + Sync;

/// A retriever shared by clones of [`Settings`].
#[derive(Clone)]
pub(crate) struct Retriever(pub(crate) Arc<RetrieveFn>);

impl fmt::Debug for Retriever {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Retriever(..)")
    }
}

/// How to generate. `Settings::new()` gives the defaults: 2020-12 for
/// schemas without `$schema`, `format` as an annotation, `x-sensitivity` as
/// the sensitivity keyword.
#[derive(Clone, Debug)]
pub struct Settings {
    pub(crate) default_dialect: Dialect,
    pub(crate) format_assertion: bool,
    pub(crate) sensitivity_keyword: String,
    pub(crate) type_names: BTreeMap<String, String>,
    pub(crate) regenerate_command: String,
    pub(crate) runtime_crate: String,
    pub(crate) types: bool,
    pub(crate) retriever: Option<Retriever>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            default_dialect: Dialect::Draft2020_12,
            format_assertion: false,
            sensitivity_keyword: "x-sensitivity".to_owned(),
            type_names: BTreeMap::new(),
            regenerate_command: "cargo build".to_owned(),
            runtime_crate: "contracts_runtime".to_owned(),
            types: true,
            retriever: None,
        }
    }
}

impl Settings {
    /// The defaults.
    pub fn new() -> Self {
        Self::default()
    }

    /// The dialect of schemas that do not name one with `$schema`.
    pub fn with_default_dialect(mut self, d: Dialect) -> Self {
        self.default_dialect = d;
        self
    }

    /// The dialect of schemas that do not name one with `$schema`.
    pub fn default_dialect(&self) -> Dialect {
        self.default_dialect
    }

    /// Whether `format` is asserted (checked) rather than an annotation.
    pub fn with_format_assertion(mut self, on: bool) -> Self {
        self.format_assertion = on;
        self
    }

    /// The keyword whose value `local` marks sensitive data (default `x-sensitivity`).
    pub fn with_sensitivity_keyword(mut self, kw: impl Into<String>) -> Self {
        self.sensitivity_keyword = kw.into();
        self
    }

    /// Names the type generated for the subschema at `location`
    /// (`FILE#POINTER`, e.g. `launch-request.schema.json#/properties/answers/propertyNames`;
    /// `FILE` is the input's path or just its file name).
    pub fn with_type_name(mut self, location: impl Into<String>, name: impl Into<String>) -> Self {
        self.type_names.insert(location.into(), name.into());
        self
    }

    /// The command that regenerates the files, named in each file's header.
    pub fn with_regenerate_command(mut self, cmd: impl Into<String>) -> Self {
        self.regenerate_command = cmd.into();
        self
    }

    /// Whether to generate types (default) or only validators and the
    /// module-level `validate`/`is_valid` functions.
    pub fn with_types(mut self, on: bool) -> Self {
        self.types = on;
        self
    }

    /// The path generated code uses for the runtime crate (default
    /// `contracts_runtime`; a crate re-exporting it may name itself).
    pub fn with_runtime_crate(mut self, path: impl Into<String>) -> Self {
        self.runtime_crate = path.into();
        self
    }

    /// Consulted when a `$ref` names a document that is not among the
    /// inputs: given the URI (no fragment), returns the document's text.
    /// Documents are loaded lazily, only when referenced, and transitively.
    pub fn with_retriever(mut self, retrieve: Arc<RetrieveFn>) -> Self {
        self.retriever = Some(Retriever(retrieve));
        self
    }
}
