//! The schema-change gate as a library, for a workspace's own `xtask`.
//!
//! A crate that generates Rust from JSON Schemas in its build script
//! (`contracts-codegen`) can keep a checked-in mirror of what it generates,
//! a lock file naming each schema's hash and declared versions, and
//! reference docs, so reviews see what a schema change does to the code.
//! [`Gate`] owns those files:
//!
//! * [`Gate::check`]: everything derived from the schemas, generated in
//!   memory and compared with the files byte for byte ([`Stale`]);
//! * [`Gate::codegen`]: rewrite what is stale (and remove what no schema
//!   produces); [`Gate::docs`] the docs only;
//! * [`Gate::drift`]: classify schema changes by who they break
//!   (`contracts-drift`'s command line, rooted at the workspace);
//! * [`Gate::main`]: all four as subcommands with exit codes a CI can
//!   branch on (0 ok, 1 stale or drift, 2 usage or input error).
//!
//! ```no_run
//! // xtask/src/main.rs
//! fn main() -> std::process::ExitCode {
//!     let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf();
//!     let settings = contracts_codegen::Settings::new();
//!     contracts_gate::Gate::new(&root, settings).main(std::env::args().skip(1))
//! }
//! ```
//!
//! Paths are relative to the root given to [`Gate::new`]; the defaults are
//! the layout of the `contracts` repository: `schemas/` (inputs),
//! `generated/` (the mirror and `schemas.lock.json`), `docs/schemas/`
//! (reference docs), `schemas/examples/<schema>/valid/` (examples the docs
//! show). The schemas are given to the generator with paths relative to the
//! root, as a build script in that folder reads them, so the mirror is what
//! the build script writes to `OUT_DIR`.

mod lock;

pub use lock::{canonical, changed_schemas, lock_json};

use contracts_codegen::{SchemaInput, Settings};
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// A gate error: a file that cannot be read or written, or a schema the
/// generator refuses (its message names file, JSON Pointer and keyword).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error(pub String);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl From<contracts_codegen::Error> for Error {
    fn from(e: contracts_codegen::Error) -> Self {
        Error(e.to_string())
    }
}

/// The gate's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;

fn io(what: &str, path: &Path, e: std::io::Error) -> Error {
    Error(format!("{what} {}: {e}", path.display()))
}

/// The files derived from one workspace's schemas, and what to do with them.
#[derive(Clone, Debug)]
pub struct Gate {
    root: PathBuf,
    settings: Settings,
    schemas: String,
    generated: String,
    docs: Option<String>,
    examples: Option<String>,
    lock: bool,
    fix: String,
}

/// What differs between the derived files and the working tree.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stale {
    /// `(path, expected, present)`, paths relative to the root: a changed
    /// file has both, a missing one no `present`, an extra one (no schema
    /// produces it) no `expected`.
    pub files: Vec<(String, Option<String>, Option<String>)>,
    /// The command that fixes it (from [`Gate::fix_command`]).
    pub fix: String,
}

impl Stale {
    /// Whether everything matches.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }
}

impl fmt::Display for Stale {
    /// A unified diff per changed file, a line per missing or extra file,
    /// the schemas whose lock entry is out of date, and the fix command.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.files.is_empty() {
            return writeln!(f, "ok: generated files match the schemas");
        }
        for (path, want, have) in &self.files {
            match (want, have) {
                (Some(w), Some(h)) => {
                    let diff = similar::TextDiff::from_lines(h.as_str(), w.as_str());
                    write!(f, "{}", diff.unified_diff().context_radius(3).header(&format!("a/{path}"), &format!("b/{path}")))?;
                }
                (Some(_), None) => writeln!(f, "missing: {path}")?,
                (None, _) => writeln!(f, "extra (no schema produces it): {path}")?,
            }
        }
        for (path, want, have) in &self.files {
            if let (true, Some(want), Some(have)) = (path.ends_with("schemas.lock.json"), want, have) {
                for schema in changed_schemas(have, want) {
                    writeln!(f, "schema changed but the lock was not updated: {schema}")?;
                }
            }
        }
        write!(f, "\n{} file(s) are stale. Fix: {}", self.files.len(), self.fix)
    }
}

const USAGE: &str = "commands:
  check     fail (exit 1) with a diff when the generated files or docs are stale
  codegen   rewrite the generated files and docs from the schemas
  docs      rewrite only the reference docs
  drift     classify schema changes against a git revision (--base REV) or a
            directory (--old DIR --new DIR) and the semver bump they need
            (--format text|json|markdown|github); `drift --help` for more";

impl Gate {
    /// The gate for the workspace at `root`, generating with `settings`
    /// (give it the settings the build script uses, or the mirror differs).
    pub fn new(root: impl Into<PathBuf>, settings: Settings) -> Self {
        Gate {
            root: root.into(),
            settings,
            schemas: "schemas".to_owned(),
            generated: "generated".to_owned(),
            docs: Some("docs/schemas".to_owned()),
            examples: Some("schemas/examples".to_owned()),
            lock: true,
            fix: "cargo xtask codegen".to_owned(),
        }
    }

    /// The folder of schemas (default `schemas`): every `*.json` in it.
    pub fn schemas(mut self, dir: &str) -> Self {
        self.schemas = dir.trim_end_matches('/').to_owned();
        self
    }

    /// The folder of the checked-in mirror (default `generated`); the gate
    /// owns it: a file there no schema produces is stale.
    pub fn generated(mut self, dir: &str) -> Self {
        self.generated = dir.trim_end_matches('/').to_owned();
        self
    }

    /// The folder of the reference docs (default `docs/schemas`, owned like
    /// the mirror), or `None` for no docs.
    pub fn docs(mut self, dir: Option<&str>) -> Self {
        self.docs = dir.map(|d| d.trim_end_matches('/').to_owned());
        self
    }

    /// The folder whose `<schema>/valid/*.json` the docs show as examples
    /// (default `schemas/examples`; a missing folder means none).
    pub fn examples(mut self, dir: Option<&str>) -> Self {
        self.examples = dir.map(|d| d.trim_end_matches('/').to_owned());
        self
    }

    /// Whether to keep `schemas.lock.json` in the mirror (default yes).
    pub fn lock(mut self, keep: bool) -> Self {
        self.lock = keep;
        self
    }

    /// The command a stale check names as the fix (default `cargo xtask codegen`).
    pub fn fix_command(mut self, command: &str) -> Self {
        command.clone_into(&mut self.fix);
        self
    }

    /// The workspace root.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The schemas, with paths relative to the root (as a build script at
    /// the root reads them).
    pub fn inputs(&self) -> Result<Vec<SchemaInput>> {
        let mut inputs = SchemaInput::read_dir(self.root.join(&self.schemas))?;
        for i in &mut inputs {
            if let Ok(rel) = Path::new(&i.path).strip_prefix(&self.root) {
                i.path = rel.to_string_lossy().replace('\\', "/");
            }
        }
        Ok(inputs)
    }

    /// Every derived file, by path relative to the root, with its contents.
    pub fn expected(&self) -> Result<BTreeMap<String, String>> {
        let inputs = self.inputs()?;
        let output = contracts_codegen::generate(&self.settings, &inputs)?;
        let mut files = BTreeMap::new();
        for f in &output.files {
            files.insert(format!("{}/{}", self.generated, f.name), f.contents.clone());
        }
        if let Some(docs) = &self.docs {
            for (page, text) in contracts_codegen::docs::render(&self.settings, &inputs, &self.doc_examples(&inputs)?)? {
                // The renderer names pages `schemas/<stem>.md`; they go in the docs folder.
                let page = page.strip_prefix("schemas/").unwrap_or(&page);
                files.insert(format!("{docs}/{page}"), text);
            }
        }
        if self.lock {
            files.insert(format!("{}/schemas.lock.json", self.generated), lock_json(&self.root, &inputs)?);
        }
        Ok(files)
    }

    /// Each schema's valid examples (file name and text), by schema stem.
    fn doc_examples(&self, inputs: &[SchemaInput]) -> Result<BTreeMap<String, Vec<(String, String)>>> {
        let mut examples = BTreeMap::new();
        for i in inputs {
            let file = i.path.rsplit('/').next().unwrap_or(&i.path);
            let stem = file.strip_suffix(".json").unwrap_or(file);
            let stem = stem.strip_suffix(".schema").unwrap_or(stem);
            let mut docs = Vec::new();
            if let Some(dir) = &self.examples {
                let dir = self.root.join(dir).join(stem).join("valid");
                if dir.is_dir() {
                    for e in std::fs::read_dir(&dir).map_err(|e| io("reading", &dir, e))? {
                        let p = e.map_err(|e| io("reading", &dir, e))?.path();
                        if p.is_file() && p.extension().is_some_and(|x| x == "json") {
                            let name = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                            docs.push((name, std::fs::read_to_string(&p).map_err(|e| io("reading", &p, e))?));
                        }
                    }
                }
            }
            docs.sort();
            examples.insert(stem.to_owned(), docs);
        }
        Ok(examples)
    }

    /// The folders the gate owns (extra files there are stale).
    fn owned_dirs(&self) -> Vec<&str> {
        std::iter::once(self.generated.as_str()).chain(self.docs.as_deref()).collect()
    }

    /// Files now in the owned folders.
    fn present(&self) -> Result<BTreeMap<String, String>> {
        let mut out = BTreeMap::new();
        for dir in self.owned_dirs() {
            let mut stack = vec![self.root.join(dir)];
            while let Some(d) = stack.pop() {
                if !d.exists() {
                    continue;
                }
                for e in std::fs::read_dir(&d).map_err(|e| io("reading", &d, e))? {
                    let p = e.map_err(|e| io("reading", &d, e))?.path();
                    if p.is_dir() {
                        stack.push(p);
                    } else if let Ok(rel) = p.strip_prefix(&self.root) {
                        out.insert(rel.to_string_lossy().replace('\\', "/"), std::fs::read_to_string(&p).unwrap_or_default());
                    }
                }
            }
        }
        Ok(out)
    }

    /// Compares every derived file with the working tree (nothing written).
    pub fn check(&self) -> Result<Stale> {
        let expected = self.expected()?;
        let present = self.present()?;
        let mut files = Vec::new();
        for (path, want) in &expected {
            let have = std::fs::read_to_string(self.root.join(path)).ok();
            if have.as_deref() != Some(want.as_str()) {
                files.push((path.clone(), Some(want.clone()), have));
            }
        }
        for (path, have) in present {
            if !expected.contains_key(&path) {
                files.push((path, None, Some(have)));
            }
        }
        Ok(Stale { files, fix: self.fix.clone() })
    }

    /// Rewrites every stale derived file and removes those no schema
    /// produces; returns what it did, a line per file (`wrote PATH`,
    /// `removed PATH`).
    pub fn codegen(&self) -> Result<Vec<String>> {
        self.write_stale(|_| true)
    }

    /// [`Gate::codegen`] for the reference docs alone.
    pub fn docs_only(&self) -> Result<Vec<String>> {
        let Some(docs) = self.docs.clone() else { return Ok(Vec::new()) };
        self.write_stale(|path| path.starts_with(&format!("{docs}/")))
    }

    fn write_stale(&self, keep: impl Fn(&str) -> bool) -> Result<Vec<String>> {
        let mut done = Vec::new();
        for (path, want, _) in self.check()?.files {
            if !keep(&path) {
                continue;
            }
            let full = self.root.join(&path);
            match want {
                Some(text) => {
                    if let Some(dir) = full.parent() {
                        std::fs::create_dir_all(dir).map_err(|e| io("creating", dir, e))?;
                    }
                    std::fs::write(&full, text).map_err(|e| io("writing", &full, e))?;
                    done.push(format!("wrote {path}"));
                }
                None => {
                    std::fs::remove_file(&full).map_err(|e| io("removing", &full, e))?;
                    done.push(format!("removed {path}"));
                }
            }
        }
        Ok(done)
    }

    /// `contracts-drift`'s command line (`--base REV`, `--old DIR --new DIR`,
    /// `--format …`; `--help` lists them) rooted at the workspace, finding
    /// referenced documents as the generator's settings say: it reads
    /// `drift.config.json` and `drift-allowlist.json` there, and `--base`
    /// compares the root's `schemas/` with that revision's. Returns its exit
    /// code (0 nothing breaks beyond what is allowed, 1 drift, 2 usage or a
    /// schema that cannot be read).
    pub fn drift(&self, args: &[String]) -> u8 {
        contracts_drift::run_cli_with(args, &self.root, &self.settings).clamp(0, 255) as u8
    }

    /// Runs one subcommand from `args` (`check`, `codegen`, `docs`,
    /// `drift …`), printing what it does; the exit code is 0 when all is
    /// well, 1 when `check` finds stale files (or `drift` drift), 2 for a
    /// usage error or a schema or file that cannot be read.
    pub fn main(&self, args: impl IntoIterator<Item = String>) -> ExitCode {
        let args: Vec<String> = args.into_iter().collect();
        let Some(cmd) = args.first() else {
            eprintln!("usage: cargo xtask <command>\n\n{USAGE}");
            return ExitCode::from(2);
        };
        let rest = &args[1..];
        if cmd == "drift" {
            return ExitCode::from(self.drift(rest));
        }
        if !rest.is_empty() {
            eprintln!("`{cmd}` takes no arguments\n\n{USAGE}");
            return ExitCode::from(2);
        }
        let result = match cmd.as_str() {
            "check" => self.check().map(|stale| {
                if stale.is_empty() {
                    print!("{stale}");
                    ExitCode::SUCCESS
                } else {
                    println!("{stale}");
                    ExitCode::from(1)
                }
            }),
            "codegen" | "docs" => {
                let done = if cmd == "docs" { self.docs_only() } else { self.codegen() };
                done.map(|lines| {
                    for l in &lines {
                        println!("{l}");
                    }
                    if lines.is_empty() {
                        println!("{} up to date", if cmd == "docs" { "docs are" } else { "generated files are" });
                    }
                    ExitCode::SUCCESS
                })
            }
            "help" | "--help" | "-h" => {
                println!("{USAGE}");
                Ok(ExitCode::SUCCESS)
            }
            other => {
                eprintln!("unknown command `{other}`\n\n{USAGE}");
                return ExitCode::from(2);
            }
        };
        result.unwrap_or_else(|e| {
            eprintln!("error: {e}");
            ExitCode::from(2)
        })
    }
}
