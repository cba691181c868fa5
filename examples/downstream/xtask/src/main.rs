//! `cargo xtask check|codegen|docs|drift`: the schema gate over schemas/,
//! generated/ and docs/schemas/ (contracts-gate).

include!("../../codegen-settings.rs");

fn main() -> std::process::ExitCode {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf();
    contracts_gate::Gate::new(&root, settings(&root)).main(std::env::args().skip(1))
}
