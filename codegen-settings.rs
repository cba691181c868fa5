// The generator settings for this repository's schemas, shared by build.rs
// and `cargo xtask` so both produce the same bytes.

/// Settings for the bundled schemas.
pub fn project_settings() -> contracts_codegen::Settings {
    contracts_codegen::Settings::new()
        .with_regenerate_command("cargo xtask codegen")
        // The seed README calls `answers` keys question ids.
        .with_type_name("launch-request.schema.json#/properties/answers/propertyNames", "QuestionId")
}
