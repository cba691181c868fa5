//! `Settings::with_local_schemas`: references by URL read from a local
//! folder, and the error for a reference nothing resolves.

use contracts_codegen::{generate, SchemaInput, Settings};
use std::path::{Path, PathBuf};

fn dir(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/local-schemas").join(rel)
}

/// `order.json`, which references `https://schemas.example.com/common/address.json`,
/// which references `country.json` beside it.
fn order() -> SchemaInput {
    SchemaInput::new("order.json", std::fs::read_to_string(dir("order.json")).unwrap())
}

#[test]
fn a_url_prefix_reads_its_documents_from_the_folder_transitively() {
    let settings = Settings::new().with_local_schemas("https://schemas.example.com/", dir("vendor"));
    let out = generate(&settings, &[order()]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out.files.len(), 1, "referenced documents give no module of their own");
    let code = &out.files[0].contents;
    // `country.json` was reached through `address.json`'s relative reference.
    assert!(code.contains("^[A-Z]{2}$"), "the country pattern is validated:\n{code}");
    assert!(code.contains("street"), "the address members are generated:\n{code}");
}

#[test]
fn the_longest_matching_prefix_wins() {
    // A shorter prefix into a folder without the files, and the right one.
    let settings = Settings::new()
        .with_local_schemas("https://schemas.example.com/", dir("no-such-folder"))
        .with_local_schemas("https://schemas.example.com/common/", dir("vendor/common"));
    let out = generate(&settings, &[order()]).unwrap_or_else(|e| panic!("{e}"));
    assert!(out.files[0].contents.contains("^[A-Z]{2}$"));
}

#[test]
fn a_prefix_matches_whole_segments_only() {
    // `https://schemas.example.com/com` is not a folder of `…/common/address.json`.
    let settings = Settings::new().with_local_schemas("https://schemas.example.com/com", dir("vendor"));
    let err = generate(&settings, &[order()]).unwrap_err();
    assert_eq!(err.pointer, "/properties/shipTo/$ref");
}

#[test]
fn an_unresolved_reference_names_the_place_the_url_and_both_fixes() {
    let err = generate(&Settings::new(), &[order()]).unwrap_err();
    assert_eq!(err.file, "order.json");
    assert_eq!(err.pointer, "/properties/shipTo/$ref");
    let text = err.to_string();
    for part in [
        "order.json#/properties/shipTo/$ref",
        "https://schemas.example.com/common/address.json",
        "SchemaInput::new(path, text).referenced_only()",
        "Settings::with_local_schemas(\"https://schemas.example.com/common/\", DIR)",
    ] {
        assert!(text.contains(part), "`{part}` is missing from: {text}");
    }
}

#[test]
fn a_mapped_file_that_is_not_there_is_named() {
    let settings = Settings::new().with_local_schemas("https://schemas.example.com/", dir("no-such-folder"));
    let err = generate(&settings, &[order()]).unwrap_err().to_string();
    let missing = dir("no-such-folder").join("common").join("address.json");
    assert!(err.contains(&format!("maps it to {}, which does not exist", missing.display())), "{err}");
}

#[test]
fn a_mapped_file_that_is_not_json_is_an_error_naming_it() {
    let folder = std::env::temp_dir().join(format!("contracts-codegen-local-schemas-{}", std::process::id()));
    std::fs::create_dir_all(folder.join("common")).unwrap();
    std::fs::write(folder.join("common/address.json"), "{ not json").unwrap();
    let settings = Settings::new().with_local_schemas("https://schemas.example.com/", &folder);
    let err = generate(&settings, &[order()]).unwrap_err();
    std::fs::remove_dir_all(&folder).unwrap();
    assert_eq!(err.file, folder.join("common/address.json").display().to_string());
    assert!(err.reason.contains("not valid JSON") && err.reason.contains("https://schemas.example.com/common/address.json"), "{err}");
}

#[test]
fn an_input_still_wins_over_the_folder() {
    let address = SchemaInput::new(
        "address.json",
        r#"{"$id": "https://schemas.example.com/common/address.json", "type": "object", "properties": {"zip": {"type": "string", "maxLength": 9}}}"#,
    )
    .referenced_only();
    let settings = Settings::new().with_local_schemas("https://schemas.example.com/", dir("vendor"));
    let out = generate(&settings, &[order(), address]).unwrap_or_else(|e| panic!("{e}"));
    let code = &out.files[0].contents;
    assert!(code.contains("zip") && !code.contains("^[A-Z]{2}$"), "the input's address is used:\n{code}");
}
