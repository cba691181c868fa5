//! `contracts-codegen`: turns JSON Schemas into Rust types and validators.
//!
//! The generator is a pipeline of plain stages, each a module:
//!
//! * [`load`]: read documents, find each one's [`Dialect`], index `$id`s and anchors;
//! * [`ir`]: one owned schema model, every keyword with its file and JSON Pointer,
//!   every `$ref` resolved to a node;
//! * [`plan`]: decide Rust shapes and stable names ([`analyze`] runs these
//!   first stages);
//! * [`docs`]: reference Markdown from the same analysis;
//! * [`emit`]: token streams (`quote`), pretty-printed (`prettyplease`), one file
//!   per schema, deterministic.
//!
//! Use it from a `build.rs`:
//!
//! ```no_run
//! let settings = contracts_codegen::Settings::new();
//! let inputs = contracts_codegen::SchemaInput::read_dir("schemas").unwrap();
//! let files = contracts_codegen::generate(&settings, &inputs).unwrap();
//! contracts_codegen::write_to_out_dir(&files).unwrap();
//! ```

pub mod check;
pub mod cycles;
pub mod dialect;
pub mod docs;
pub mod emit;
mod error;
pub mod ident;
pub mod ir;
pub mod keywords;
pub mod load;
pub mod plan;
mod settings;

pub use dialect::Dialect;
pub use error::{Error, Warning};
pub use settings::{BuildWarnings, RetrieveFn, Settings};

use std::path::{Path, PathBuf};

/// The generator's version (named in headers and the lock file).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// One schema file given to the generator.
#[derive(Clone, Debug)]
pub struct SchemaInput {
    /// The file name as it should appear in messages and headers, e.g.
    /// `schemas/commands.schema.json`.
    pub path: String,
    /// The file's text.
    pub text: String,
    /// Whether to generate a module for it (`false` for documents that are
    /// only referenced, such as shared definitions or test-suite remotes).
    pub generate: bool,
    /// The URI it is known by when it has no `$id` (and for references to
    /// it by that name); defaults to `file:///` + `path`.
    pub retrieval_uri: Option<String>,
    /// The dialect when the document names none with `$schema`; `None`
    /// leaves it to [`Settings::with_default_dialect`].
    pub default_dialect: Option<Dialect>,
}

impl SchemaInput {
    /// A schema to generate a module for.
    pub fn new(path: impl Into<String>, text: impl Into<String>) -> Self {
        SchemaInput { path: path.into(), text: text.into(), generate: true, retrieval_uri: None, default_dialect: None }
    }

    /// A document that schemas may reference but that gets no module of its own.
    pub fn referenced_only(mut self) -> Self {
        self.generate = false;
        self
    }

    /// Sets the URI the document is retrieved by.
    pub fn with_retrieval_uri(mut self, uri: impl Into<String>) -> Self {
        self.retrieval_uri = Some(uri.into());
        self
    }

    /// Sets the dialect for this document when it names none with `$schema`
    /// (overrides [`Settings::with_default_dialect`] for this input only).
    pub fn with_default_dialect(mut self, d: Dialect) -> Self {
        self.default_dialect = Some(d);
        self
    }

    /// The module name: the file stem before `.schema.json` / `.json`, in snake case.
    pub fn module_name(&self) -> String {
        ident::module_name(&self.path)
    }

    /// Reads every `*.json` file directly in `dir` (sorted by name, so the
    /// output does not depend on the file system's order).
    pub fn read_dir(dir: impl AsRef<Path>) -> Result<Vec<SchemaInput>, Error> {
        let dir = dir.as_ref();
        let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
            .map_err(|e| Error::io(dir, e))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "json"))
            .collect();
        paths.sort();
        paths
            .into_iter()
            .map(|p| {
                let text = std::fs::read_to_string(&p).map_err(|e| Error::io(&p, e))?;
                Ok(SchemaInput::new(p.to_string_lossy().replace('\\', "/"), text))
            })
            .collect()
    }
}

/// One generated Rust file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratedFile {
    /// File name relative to the output directory, e.g. `commands.rs`.
    pub name: String,
    /// The module name (`commands`).
    pub module: String,
    /// The schema it was generated from.
    pub source: String,
    /// The formatted Rust source.
    pub contents: String,
    /// The schema's root type, when it has the inherent `from_json_*`
    /// functions (`Command::from_json_slice`); `None` when the module's
    /// `validate` is its only entry point (an alias such as `Value`).
    pub root_type: Option<String>,
}

/// What a generator run produced.
#[derive(Clone, Debug)]
pub struct Output {
    /// One file per schema input marked `generate`, in input order.
    pub files: Vec<GeneratedFile>,
    /// Constructs typed loosely (as `serde_json::Value`) and other notes,
    /// each naming file and JSON Pointer, each once.
    pub warnings: Vec<Warning>,
    /// How [`write_to_out_dir`] reports them (from the settings).
    pub build_warnings: BuildWarnings,
}

/// What the stages before emission make of the inputs: the loaded
/// sources, the IR and the plan. [`generate`] and the reference docs
/// ([`docs::render`]) both start from it, so they read the same model.
#[derive(Debug)]
pub struct Analysis {
    /// The documents, their dialects and the `$id`/anchor index.
    pub sources: load::Sources,
    /// The schema model, cycles checked.
    pub ir: ir::Ir,
    /// Rust shapes and names.
    pub plan: plan::Plan,
}

/// Load → IR → cycle check → plan.
pub fn analyze(settings: &Settings, inputs: &[SchemaInput]) -> Result<Analysis, Error> {
    let sources = load::load(settings, inputs)?;
    let mut ir = ir::build(settings, &sources).map_err(|e| load::explain_unresolved(&sources, e))?;
    cycles::check(&mut ir)?;
    let plan = plan::plan(settings, &ir)?;
    Ok(Analysis { sources, ir, plan })
}

/// Runs the whole pipeline: a pure function of its inputs.
pub fn generate(settings: &Settings, inputs: &[SchemaInput]) -> Result<Output, Error> {
    let Analysis { sources, ir, plan } = analyze(settings, inputs)?;
    let mut out = emit::emit(settings, &sources, &ir, &plan)?;
    out.warnings.splice(0..0, ir.warnings.iter().cloned());
    // A schema reached from two inputs is planned for each: say it once.
    let mut seen = std::collections::HashSet::new();
    out.warnings.retain(|w| seen.insert(w.clone()));
    out.build_warnings = settings.build_warnings;
    Ok(out)
}

/// The file under `OUT_DIR` that lists every warning, one a line.
pub const WARNINGS_FILE: &str = "contracts-codegen-warnings.txt";

/// Writes generated files into `$OUT_DIR` for a build script, rewriting a
/// file only when its contents changed (so cargo does not rebuild needlessly),
/// writes the warnings to [`WARNINGS_FILE`] there and reports them to cargo
/// as the settings say ([`BuildWarnings`]).
pub fn write_to_out_dir(output: &Output) -> Result<PathBuf, Error> {
    let out = std::env::var_os("OUT_DIR").ok_or_else(|| Error::message("OUT_DIR is not set: call this from a build script"))?;
    let out = PathBuf::from(out);
    let mut files = output.files.clone();
    files.push(GeneratedFile {
        name: "modules.rs".to_owned(),
        module: String::new(),
        source: String::new(),
        contents: module_index(&output.files),
        root_type: None,
    });
    let list: String = output.warnings.iter().map(|w| format!("{w}\n")).collect();
    files.push(GeneratedFile { name: WARNINGS_FILE.to_owned(), module: String::new(), source: String::new(), contents: list, root_type: None });
    write_files(&out, &files)?;
    for line in cargo_warnings(output, &out.join(WARNINGS_FILE)) {
        println!("cargo::warning={line}");
    }
    Ok(out)
}

/// The `cargo::warning` lines for `output`'s warnings, the full list being
/// in `list` (a build's output should stay readable: one line by default).
pub fn cargo_warnings(output: &Output, list: &Path) -> Vec<String> {
    match (output.build_warnings, output.warnings.len()) {
        (BuildWarnings::Off, _) | (_, 0) => Vec::new(),
        (BuildWarnings::Each, _) => output.warnings.iter().map(Warning::to_string).collect(),
        (BuildWarnings::Summary, n) => vec![format!(
            "contracts-codegen: {n} note{} on the schemas (constructs typed loosely, dialect readings), listed in {} (Settings::with_build_warnings shows each or none)",
            if n == 1 { "" } else { "s" },
            list.display()
        )],
    }
}

/// The index of generated modules: `pub mod NAME { include!(…) }` for each
/// file, so a crate's `lib.rs` includes one file and gets every schema.
pub fn module_index(files: &[GeneratedFile]) -> String {
    let mut out = String::from("// @generated by contracts-codegen: one module per schema.\n");
    for f in files {
        out.push_str(&format!(
            "\n#[doc = \"Types and validators generated from `{}`.\"]\npub mod {} {{\n    include!(concat!(env!(\"OUT_DIR\"), \"/{}\"));\n}}\n",
            f.source, f.module, f.name
        ));
    }
    out
}

/// Writes files into `dir`, rewriting only those whose contents changed.
pub fn write_files(dir: &Path, files: &[GeneratedFile]) -> Result<(), Error> {
    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
    for f in files {
        let path = dir.join(&f.name);
        if std::fs::read_to_string(&path).ok().as_deref() != Some(f.contents.as_str()) {
            std::fs::write(&path, &f.contents).map_err(|e| Error::io(&path, e))?;
        }
    }
    Ok(())
}
