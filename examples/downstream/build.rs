include!("codegen-settings.rs");

fn main() {
    println!("cargo::rerun-if-changed=schemas");
    println!("cargo::rerun-if-changed=vendor");
    println!("cargo::rerun-if-changed=codegen-settings.rs");
    let inputs = contracts_codegen::SchemaInput::read_dir("schemas").unwrap();
    let output = contracts_codegen::generate(&settings(std::path::Path::new(".")), &inputs).unwrap();
    contracts_codegen::write_to_out_dir(&output).unwrap();
}
