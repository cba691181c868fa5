//! The generator's settings, set with a small builder.

use crate::dialect::Dialect;
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
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
    pub(crate) ref_siblings_applied: bool,
    pub(crate) draft4_integers_by_value: bool,
    pub(crate) sensitivity_keyword: String,
    pub(crate) type_names: BTreeMap<String, String>,
    pub(crate) regenerate_command: String,
    pub(crate) runtime_crate: String,
    pub(crate) types: bool,
    pub(crate) retriever: Option<Retriever>,
    pub(crate) local_schemas: Vec<LocalSchemas>,
    pub(crate) build_warnings: BuildWarnings,
    pub(crate) all_definitions: bool,
}

/// What [`crate::write_to_out_dir`] tells cargo about the generator's
/// warnings (constructs typed loosely, dialect readings). The full list is
/// written to `OUT_DIR/contracts-codegen-warnings.txt` in every case.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BuildWarnings {
    /// One `cargo::warning` line: how many, and where the list is.
    #[default]
    Summary,
    /// One `cargo::warning` line per warning.
    Each,
    /// Nothing.
    Off,
}

/// References under a URL prefix, read from a local folder.
#[derive(Clone, Debug)]
pub(crate) struct LocalSchemas {
    pub(crate) prefix: String,
    pub(crate) dir: PathBuf,
}

impl LocalSchemas {
    /// The file `uri` names under this mapping: the part of `uri` after the
    /// prefix, percent-decoded, as a path under `dir`. `None` when `uri` is
    /// not under the prefix (a prefix matches whole path segments only), has a
    /// query, or has a `.`/`..`/empty segment (it could leave `dir`).
    pub(crate) fn file_for(&self, uri: &str) -> Option<PathBuf> {
        let rest = uri.strip_prefix(&self.prefix)?;
        let rest = if self.prefix.ends_with('/') { rest } else { rest.strip_prefix('/')? };
        if rest.is_empty() || rest.contains('?') {
            return None;
        }
        let mut path = self.dir.clone();
        for segment in rest.split('/') {
            let segment = percent_encoding::percent_decode_str(segment).decode_utf8().ok()?;
            if segment.is_empty() || segment == "." || segment == ".." || segment.contains(['/', '\\']) {
                return None;
            }
            path.push(&*segment);
        }
        Some(path)
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            default_dialect: Dialect::Draft2020_12,
            format_assertion: false,
            ref_siblings_applied: false,
            draft4_integers_by_value: false,
            sensitivity_keyword: "x-sensitivity".to_owned(),
            type_names: BTreeMap::new(),
            regenerate_command: "cargo build".to_owned(),
            runtime_crate: "contracts_runtime".to_owned(),
            types: true,
            retriever: None,
            local_schemas: Vec::new(),
            build_warnings: BuildWarnings::Summary,
            all_definitions: true,
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

    /// Whether the keywords beside a `$ref` apply in draft-07 and before,
    /// where the drafts say `$ref` hides them (default: hidden, as the
    /// drafts and the JSON-Schema-Test-Suite say). ajv, SchemaStore's
    /// validator, applies them, and schemas written against it rely on that:
    /// with this on they are applied, with a warning naming file and pointer
    /// where a sibling asserts something.
    pub fn with_ref_siblings_applied(mut self, on: bool) -> Self {
        self.ref_siblings_applied = on;
        self
    }

    /// Whether draft-04's `integer` admits numbers with a zero fraction or
    /// an exponent (`2.0`, `2e0`), as later drafts and ajv read it (default:
    /// no, as draft 4 and Python's `jsonschema` say: an integer has no
    /// fraction in its text). With this on, each draft-04 `type` naming
    /// `integer` gets a warning naming file and pointer.
    pub fn with_draft4_integers_by_value(mut self, on: bool) -> Self {
        self.draft4_integers_by_value = on;
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

    /// Reads documents referenced by a URL that starts with `prefix` from
    /// `dir`, the rest of the URL being the path under it: with
    /// `("https://json.schemastore.org/", "vendor")`, a `$ref` to
    /// `https://json.schemastore.org/eslintrc.json` reads `vendor/eslintrc.json`
    /// (the common case of a folder of vendored schemas). A prefix matches whole
    /// path segments; the longest matching prefix wins; a file that is not there
    /// is next asked of [`Settings::with_retriever`]'s retriever, if any.
    /// Documents are loaded only when referenced, as with the retriever. A
    /// build script should also print `cargo::rerun-if-changed=DIR`.
    pub fn with_local_schemas(mut self, prefix: impl Into<String>, dir: impl AsRef<Path>) -> Self {
        self.local_schemas.push(LocalSchemas { prefix: prefix.into(), dir: dir.as_ref().to_path_buf() });
        self
    }

    /// How a build script reports the generator's warnings: one summary line
    /// (the default), one line each, or none ([`BuildWarnings`]).
    pub fn with_build_warnings(mut self, report: BuildWarnings) -> Self {
        self.build_warnings = report;
        self
    }

    /// Whether every `$defs`/`definitions` entry at the root of a generated
    /// input gets its named type (the default: a definition is API, whether
    /// or not the root references it, so a definitions library with no root
    /// type still gets its types), or only the types the root reaches
    /// (`false`). Documents read with [`crate::SchemaInput::referenced_only`]
    /// (vendored dependencies) get no module either way: only what the inputs
    /// reference of them is generated.
    pub fn with_all_definitions(mut self, on: bool) -> Self {
        self.all_definitions = on;
        self
    }

    /// Whether anything loads documents the inputs do not include.
    pub(crate) fn retrieves(&self) -> bool {
        self.retriever.is_some() || !self.local_schemas.is_empty()
    }

    /// The local mapping for `uri` with the longest prefix, and its file.
    pub(crate) fn local_file(&self, uri: &str) -> Option<(&LocalSchemas, PathBuf)> {
        self.local_schemas.iter().filter_map(|m| m.file_for(uri).map(|file| (m, file))).max_by_key(|(m, _)| m.prefix.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mapping(prefix: &str) -> LocalSchemas {
        LocalSchemas { prefix: prefix.to_owned(), dir: PathBuf::from("vendor") }
    }

    #[test]
    fn local_files_are_the_rest_of_the_url_under_the_folder() {
        let m = mapping("https://x.example/schemas/");
        assert_eq!(m.file_for("https://x.example/schemas/a/b.json"), Some(PathBuf::from("vendor/a/b.json")));
        assert_eq!(m.file_for("https://x.example/schemas/my%20schema.json"), Some(PathBuf::from("vendor/my schema.json")));
        assert_eq!(m.file_for("https://x.example/other/a.json"), None);
        assert_eq!(m.file_for("https://x.example/schemas/"), None);
    }

    #[test]
    fn a_prefix_without_a_slash_matches_whole_segments() {
        let m = mapping("https://x.example/schemas");
        assert_eq!(m.file_for("https://x.example/schemas/a.json"), Some(PathBuf::from("vendor/a.json")));
        assert_eq!(m.file_for("https://x.example/schemas-old/a.json"), None);
    }

    #[test]
    fn urls_that_could_leave_the_folder_map_to_nothing() {
        let m = mapping("https://x.example/");
        for uri in [
            "https://x.example/a/%2E%2E/b.json",
            "https://x.example/a/../b.json",
            "https://x.example/a//b.json",
            "https://x.example/a%2Fb.json",
            "https://x.example/a.json?v=1",
        ] {
            assert_eq!(m.file_for(uri), None, "{uri}");
        }
    }

    #[test]
    fn the_longest_prefix_wins() {
        let s = Settings::new().with_local_schemas("https://x.example/", "a").with_local_schemas("https://x.example/deep/", "b");
        assert_eq!(s.local_file("https://x.example/deep/c.json").map(|(_, f)| f), Some(PathBuf::from("b/c.json")));
        assert_eq!(s.local_file("https://x.example/c.json").map(|(_, f)| f), Some(PathBuf::from("a/c.json")));
    }
}
