//! The gate over this example's own schemas: the checked-in mirror matches
//! them, and a schema change makes it stale until `codegen` rewrites it.

include!("../../codegen-settings.rs");

use contracts_gate::Gate;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let p = e.unwrap().path();
        let dest = to.join(p.file_name().unwrap());
        if p.is_dir() {
            copy_dir(&p, &dest);
        } else {
            std::fs::copy(&p, &dest).unwrap();
        }
    }
}

#[test]
fn the_mirror_matches_the_schemas() {
    let root = root();
    let stale = Gate::new(&root, settings(&root)).check().unwrap();
    assert!(stale.is_empty(), "{stale}");
}

#[test]
fn a_schema_change_makes_the_mirror_stale_until_codegen() {
    let copy = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("downstream-gate");
    let _ = std::fs::remove_dir_all(&copy);
    for dir in ["schemas", "vendor", "generated", "docs"] {
        copy_dir(&root().join(dir), &copy.join(dir));
    }
    let gate = Gate::new(&copy, settings(&copy));
    assert!(gate.check().unwrap().is_empty());

    // A new member in one schema, and a file no schema produces.
    let schema = copy.join("schemas/customer.schema.json");
    let text = std::fs::read_to_string(&schema).unwrap();
    std::fs::write(&schema, text.replace(r#""name": {"#, r#""email": { "type": "string" }, "name": {"#)).unwrap();
    std::fs::write(copy.join("generated/old.rs"), "// left over\n").unwrap();

    let stale = gate.check().unwrap();
    let paths: Vec<&str> = stale.files.iter().map(|(p, _, _)| p.as_str()).collect();
    // Each page and module names the schemas' hashes, so all of them move.
    let expected = ["docs/schemas/README.md", "docs/schemas/customer.md", "docs/schemas/order.md"].into_iter().chain([
        "generated/customer.rs",
        "generated/order.rs",
        "generated/schemas.lock.json",
        "generated/old.rs",
    ]);
    assert_eq!(paths, expected.collect::<Vec<_>>());
    let report = stale.to_string();
    for line in [
        "+    pub email:",
        "extra (no schema produces it): generated/old.rs",
        "schema changed but the lock was not updated: schemas/customer.schema.json",
        "Fix: cargo xtask codegen",
    ] {
        assert!(report.contains(line), "no `{line}` in:\n{report}");
    }

    let done = gate.codegen().unwrap();
    assert_eq!(done.len(), 7, "{done:?}");
    assert!(gate.check().unwrap().is_empty());
    assert!(!copy.join("generated/old.rs").exists());
}

#[test]
fn drift_reads_referenced_schemas_from_the_settings_and_fails_on_a_break() {
    let copy = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("downstream-drift");
    let _ = std::fs::remove_dir_all(&copy);
    for (from, to) in [("schemas", "schemas"), ("schemas", "next"), ("vendor", "vendor")] {
        copy_dir(&root().join(from), &copy.join(to));
    }
    let gate = Gate::new(&copy, settings(&copy));
    let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    // order.schema.json refers to the vendored address schema by URL.
    assert_eq!(gate.drift(&args(&["--old", "schemas", "--new", "next"])), 0);
    // A value removed from an enum breaks writers: exit 1.
    let schema = copy.join("next/customer.schema.json");
    let text = std::fs::read_to_string(&schema).unwrap();
    std::fs::write(&schema, text.replace(r#"["standard", "gold"]"#, r#"["standard"]"#)).unwrap();
    assert_eq!(gate.drift(&args(&["--old", "schemas", "--new", "next"])), 1);
}
