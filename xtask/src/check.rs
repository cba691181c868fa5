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
    let schemas = root.join("schemas");
    let mut inputs = contracts_codegen::SchemaInput::read_dir(&schemas)?;
    // Paths as build.rs sees them (relative to the crate root).
    for i in &mut inputs {
        if let Ok(rel) = Path::new(&i.path).strip_prefix(root) {
            i.path = rel.to_string_lossy().replace('\\', "/");
        }
    }
    let output = contracts_codegen::generate(&project_settings(), &inputs)?;
    let mut files = BTreeMap::new();
    for f in &output.files {
        files.insert(format!("generated/{}", f.name), f.contents.clone());
    }
    Ok(files)
}

/// The directories whose contents `check` owns entirely (extra files there are stale).
const OWNED_DIRS: &[&str] = &["generated"];

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
    let root = root();
    let stale = compare(&root)?;
    for (path, want, _) in &stale.files {
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
    if stale.files.is_empty() {
        println!("generated files are up to date");
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
    eprintln!("\n{} file(s) are stale. Fix: cargo xtask codegen", stale.files.len());
    Ok(ExitCode::from(1))
}
