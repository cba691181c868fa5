//! Snapshot tests: each schema in `tests/fixtures/` is generated and compared
//! with `tests/snapshots/<name>.rs` (`EXPECTORATE=overwrite` updates them).
//! `tests/compile_snapshots.rs` compiles every snapshot with warnings denied.

use contracts_codegen::{generate, SchemaInput, Settings};
use std::path::{Path, PathBuf};

fn dir(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

fn json_files(d: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(d).unwrap().map(|e| e.unwrap().path()).filter(|p| p.extension().is_some_and(|x| x == "json")).collect();
    v.sort();
    v
}

fn settings() -> Settings {
    Settings::new().with_regenerate_command("EXPECTORATE=overwrite cargo test -p contracts-codegen --test snapshots")
}

/// The fixture plus every shared document it may reference.
fn inputs(fixture: &Path) -> Vec<SchemaInput> {
    let name = fixture.file_name().unwrap().to_string_lossy().into_owned();
    let mut inputs = vec![SchemaInput::new(format!("fixtures/{name}"), std::fs::read_to_string(fixture).unwrap())];
    for shared in json_files(&dir("tests/fixtures/shared")) {
        let n = shared.file_name().unwrap().to_string_lossy().into_owned();
        inputs.push(SchemaInput::new(format!("fixtures/shared/{n}"), std::fs::read_to_string(&shared).unwrap()).referenced_only());
    }
    inputs
}

#[test]
fn fixtures_match_their_snapshots() {
    let fixtures = json_files(&dir("tests/fixtures"));
    assert!(fixtures.len() >= 9);
    let compile_list = std::fs::read_to_string(dir("tests/compile_snapshots.rs")).unwrap();
    for f in &fixtures {
        let out = generate(&settings(), &inputs(f)).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        assert_eq!(out.files.len(), 1);
        let file = &out.files[0];
        expectorate::assert_contents(dir("tests/snapshots").join(&file.name), &file.contents);
        let line = format!("include!(\"snapshots/{}\")", file.name);
        assert!(compile_list.contains(&line), "add `{line}` to tests/compile_snapshots.rs so the snapshot is compiled");
    }
}

#[test]
fn generation_is_deterministic() {
    for f in json_files(&dir("tests/fixtures")) {
        let a = generate(&settings(), &inputs(&f)).unwrap();
        let mut reversed = inputs(&f);
        reversed.reverse();
        let b = generate(&settings(), &reversed).unwrap();
        assert_eq!(a.files, b.files, "{}: output depends on run or input order", f.display());
    }
}
