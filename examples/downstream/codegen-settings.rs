// The generator's settings, shared by build.rs and the xtask (included by
// both) so the checked-in mirror is what the build writes.

/// Settings for this crate's schemas; `root` is the crate's folder.
pub fn settings(root: &std::path::Path) -> contracts_codegen::Settings {
    // `$ref`s to https://geo.example.com/schemas/… are read from vendor/geo/.
    contracts_codegen::Settings::new()
        .with_local_schemas("https://geo.example.com/schemas/", root.join("vendor/geo"))
        // Named in the generated files' headers.
        .with_regenerate_command("cargo xtask codegen")
}
