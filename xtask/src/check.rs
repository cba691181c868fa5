//! `codegen` and `check`: everything checked in that is derived from the
//! schemas is produced by one function, so the two cannot disagree.

use anyhow::{Context, Result};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

include!("../../codegen-settings.rs");

/// The repository root (the parent of `xtask/`).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().map(Path::to_path_buf).unwrap_or_default()
}

/// Every derived file, by path relative to the root, with its contents.
pub fn expected_files(root: &Path) -> Result<BTreeMap<String, String>> {
    let inputs = schema_inputs(root)?;
    let output = contracts_codegen::generate(&project_settings(), &inputs)?;
    let mut files = BTreeMap::new();
    for f in &output.files {
        files.insert(format!("generated/{}", f.name), f.contents.clone());
    }
    files.extend(expected_docs(root, &inputs)?);
    files.insert("generated/schemas.lock.json".to_owned(), crate::lock::lock_json(root, &inputs)?);
    Ok(files)
}

/// The schemas, with paths as build.rs sees them (relative to the crate root).
fn schema_inputs(root: &Path) -> Result<Vec<contracts_codegen::SchemaInput>> {
    let schemas = root.join("schemas");
    let mut inputs = contracts_codegen::SchemaInput::read_dir(&schemas)?;
    for i in &mut inputs {
        if let Ok(rel) = Path::new(&i.path).strip_prefix(root) {
            i.path = rel.to_string_lossy().replace('\\', "/");
        }
    }
    Ok(inputs)
}

/// The reference docs (`docs/schemas/*.md`), with each schema's valid
/// examples from `schemas/examples/<stem>/valid/`.
fn expected_docs(root: &Path, inputs: &[contracts_codegen::SchemaInput]) -> Result<BTreeMap<String, String>> {
    let mut examples = BTreeMap::new();
    for i in inputs {
        let file = i.path.rsplit('/').next().unwrap_or(&i.path);
        let stem = file.strip_suffix(".json").unwrap_or(file);
        let stem = stem.strip_suffix(".schema").unwrap_or(stem);
        let dir = root.join("schemas/examples").join(stem).join("valid");
        let mut docs = Vec::new();
        if dir.is_dir() {
            for e in std::fs::read_dir(&dir).with_context(|| format!("reading {}", dir.display()))? {
                let p = e?.path();
                if p.is_file() && p.extension().is_some_and(|x| x == "json") {
                    let name = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                    let text = std::fs::read_to_string(&p).with_context(|| format!("reading {}", p.display()))?;
                    docs.push((name, text));
                }
            }
        }
        docs.sort();
        examples.insert(stem.to_owned(), docs);
    }
    let pages = contracts_codegen::docs::render(&project_settings(), inputs, &examples)?;
    Ok(pages.into_iter().map(|(path, text)| (format!("docs/{path}"), text)).collect())
}

/// The directories whose contents `check` owns entirely (extra files there are stale).
const OWNED_DIRS: &[&str] = &["generated", "docs/schemas"];

/// Files now in the owned directories.
fn present_files(root: &Path) -> Result<BTreeMap<String, String>> {
    let mut out = BTreeMap::new();
    for dir in OWNED_DIRS {
        let d = root.join(dir);
        if !d.exists() {
            continue;
        }
        let mut stack = vec![d];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).with_context(|| format!("reading {}", d.display()))? {
                let p = e?.path();
                if p.is_dir() {
                    stack.push(p);
                } else {
                    let rel = p.strip_prefix(root)?.to_string_lossy().replace('\\', "/");
                    out.insert(rel, std::fs::read_to_string(&p).unwrap_or_default());
                }
            }
        }
    }
    Ok(out)
}

/// What differs between the expected and present files.
pub struct Stale {
    /// (path, expected, present) for changed, missing (present empty) and extra (expected empty) files.
    pub files: Vec<(String, Option<String>, Option<String>)>,
}

/// Compares derived files with the working tree.
pub fn compare(root: &Path) -> Result<Stale> {
    let expected = expected_files(root)?;
    let present = present_files(root)?;
    let mut files = Vec::new();
    for (path, want) in &expected {
        let have = std::fs::read_to_string(root.join(path)).ok();
        if have.as_deref() != Some(want.as_str()) {
            files.push((path.clone(), Some(want.clone()), have));
        }
    }
    for (path, have) in present {
        if !expected.contains_key(&path) {
            files.push((path, None, Some(have)));
        }
    }
    Ok(Stale { files })
}

/// `cargo xtask codegen`
pub fn codegen(args: &[String]) -> Result<ExitCode> {
    anyhow::ensure!(args.is_empty(), "codegen takes no arguments");
    write_stale(None)
}

/// `cargo xtask docs`: only the reference docs under `docs/`.
pub fn docs(args: &[String]) -> Result<ExitCode> {
    anyhow::ensure!(args.is_empty(), "docs takes no arguments");
    write_stale(Some("docs/"))
}

/// Rewrites (or removes) the stale derived files whose path starts with `prefix`.
fn write_stale(prefix: Option<&str>) -> Result<ExitCode> {
    let root = root();
    let stale = compare(&root)?;
    let mut wrote = 0;
    for (path, want, _) in &stale.files {
        if prefix.is_some_and(|p| !path.starts_with(p)) {
            continue;
        }
        wrote += 1;
        let full = root.join(path);
        match want {
            Some(text) => {
                if let Some(dir) = full.parent() {
                    std::fs::create_dir_all(dir)?;
                }
                std::fs::write(&full, text).with_context(|| format!("writing {path}"))?;
                println!("wrote {path}");
            }
            None => {
                std::fs::remove_file(&full).with_context(|| format!("removing {path}"))?;
                println!("removed {path}");
            }
        }
    }
    if wrote == 0 {
        println!("{} up to date", if prefix.is_some() { "docs are" } else { "generated files are" });
    }
    Ok(ExitCode::SUCCESS)
}

/// `cargo xtask check`
pub fn check(args: &[String]) -> Result<ExitCode> {
    anyhow::ensure!(args.is_empty(), "check takes no arguments");
    let stale = compare(&root())?;
    if stale.files.is_empty() {
        println!("ok: generated files match the schemas");
        return Ok(ExitCode::SUCCESS);
    }
    for (path, want, have) in &stale.files {
        match (want, have) {
            (Some(w), Some(h)) => {
                let diff = similar::TextDiff::from_lines(h.as_str(), w.as_str());
                print!("{}", diff.unified_diff().context_radius(3).header(&format!("a/{path}"), &format!("b/{path}")));
            }
            (Some(_), None) => println!("missing: {path}"),
            (None, _) => println!("extra (no schema produces it): {path}"),
        }
    }
    for (path, want, have) in &stale.files {
        if let (true, Some(want), Some(have)) = (path.ends_with("schemas.lock.json"), want, have) {
            for schema in crate::lock::changed_schemas(have, want) {
                eprintln!("schema changed but the lock was not updated: {schema}");
            }
        }
    }
    eprintln!("\n{} file(s) are stale. Fix: cargo xtask codegen", stale.files.len());
    Ok(ExitCode::from(1))
}
