//! `codegen`, `check` and `docs`: this repository's schemas through
//! `contracts-gate`, the library any workspace's xtask uses, so what is
//! checked here is what downstream gets.

use anyhow::Result;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

include!("../../codegen-settings.rs");

/// The repository root (the parent of `xtask/`).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().map(Path::to_path_buf).unwrap_or_default()
}

/// The gate over `schemas/`, `generated/` and `docs/schemas/`, with the
/// settings `build.rs` uses.
pub fn gate() -> contracts_gate::Gate {
    contracts_gate::Gate::new(root(), project_settings())
}

/// `cargo xtask codegen|check|docs`
pub fn run(cmd: &str, args: &[String]) -> Result<ExitCode> {
    Ok(gate().main(std::iter::once(cmd.to_owned()).chain(args.iter().cloned())))
}

#[cfg(test)]
mod readme {
    /// The README's recipe for another crate is the example's files: each
    /// fenced block whose first line names a file of `examples/downstream/`
    /// (`// build.rs`, `# xtask/Cargo.toml`) holds lines of that file, in
    /// its order (a block may leave lines out; "in short" marks a sketch).
    #[test]
    fn the_downstream_recipe_is_the_example_files() {
        let root = super::root();
        let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
        let section = readme.split("## Using the generator from another crate").nth(1).unwrap().split("\n## ").next().unwrap();
        let mut checked = 0;
        for block in section.split("\n```").skip(1).step_by(2) {
            let mut lines = block.lines().skip(1);
            let Some(header) = lines.next() else { continue };
            let name = header.trim_start_matches("//").trim_start_matches('#').trim();
            let file = root.join("examples/downstream").join(name);
            if name.contains(' ') || !file.is_file() {
                assert!(name.contains("in short"), "a recipe block names no file of examples/downstream: {header}");
                continue;
            }
            let text = std::fs::read_to_string(&file).unwrap();
            let mut rest = text.lines();
            for line in lines.filter(|l| !l.trim().is_empty()) {
                assert!(rest.any(|l| l == line), "README's {name}: `{line}` is not in examples/downstream/{name} (or not in this order)");
            }
            checked += 1;
        }
        assert!(checked >= 6, "only {checked} recipe blocks name an example file");
    }
}
