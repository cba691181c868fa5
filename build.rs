//! Generates the typed API from `schemas/*.schema.json` into `OUT_DIR`.

include!("codegen-settings.rs");

fn main() {
    println!("cargo::rerun-if-changed=schemas");
    println!("cargo::rerun-if-changed=codegen-settings.rs");
    let result = contracts_codegen::SchemaInput::read_dir("schemas")
        .and_then(|inputs| contracts_codegen::generate(&project_settings(), &inputs))
        .and_then(|output| contracts_codegen::write_to_out_dir(&output));
    if let Err(e) = result {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}
