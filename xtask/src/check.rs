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
mod tests {
    /// `cargo test` runs the gate too: the checked-in mirror and docs match
    /// the schemas.
    #[test]
    fn generated_files_match_the_schemas() {
        let stale = super::gate().check().unwrap();
        assert!(stale.is_empty(), "{stale}");
    }
}
