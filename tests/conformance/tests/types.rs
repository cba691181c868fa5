//! Type generation over the whole JSON-Schema-Test-Suite: the generator runs
//! with types on for every test case's schema and must not fail (nor panic)
//! on any of them. The typed code is not compiled (the verdict run in
//! `tests/<draft>.rs` compiles the validators).

#[allow(dead_code)]
#[path = "../src/suite.rs"]
mod suite;

use std::path::Path;

#[test]
fn types_generate_for_every_schema() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = suite::suite_dir(manifest);
    let res = suite::resources(&dir, manifest).unwrap();
    let mut failures = Vec::new();
    let mut total = 0;
    for d in suite::DRAFTS {
        let cases = suite::cases(&dir, d).unwrap();
        let mut errors = 0;
        for (n, case) in cases.iter().enumerate() {
            let inputs = suite::inputs(d, case, n, &res);
            let settings = suite::settings(d, case, true);
            let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| contracts_codegen::generate(&settings, &inputs)));
            let why = match r {
                Ok(Ok(_)) => continue,
                Ok(Err(e)) => e.to_string(),
                Err(_) => "the generator panicked".to_owned(),
            };
            errors += 1;
            failures.push(format!("{} case {} ({}): {why}", case.file, case.index, case.description));
        }
        total += cases.len();
        println!("{}: types generated for {}/{} schemas", d.name, cases.len() - errors, cases.len());
    }
    for f in &failures {
        println!("{f}");
    }
    assert!(failures.is_empty(), "{} of {total} schemas failed type generation", failures.len());
}
