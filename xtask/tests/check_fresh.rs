//! `cargo test` fails when checked-in generated files are stale, exactly as
//! `cargo xtask check` does.

#[test]
fn generated_files_match_the_schemas() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_xtask")).arg("check").output().expect("run xtask");
    assert!(
        out.status.success(),
        "generated files are stale; run `cargo xtask codegen`\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
