fn main() {
    println!("cargo::rerun-if-changed=schemas");
    println!("cargo::rerun-if-changed=vendor");
    let inputs = contracts_codegen::SchemaInput::read_dir("schemas").unwrap();
    // `$ref`s to https://geo.example.com/schemas/… are read from vendor/geo/.
    let settings = contracts_codegen::Settings::new().with_local_schemas("https://geo.example.com/schemas/", "vendor/geo");
    let output = contracts_codegen::generate(&settings, &inputs).unwrap();
    contracts_codegen::write_to_out_dir(&output).unwrap();
}
