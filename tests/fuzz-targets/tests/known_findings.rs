//! Fuzz findings not fixed yet, minimised, each with what it shows. They
//! are ignored tests (run them with `cargo test -p contracts-fuzz-targets
//! -- --ignored`); once fixed, the input moves to `fuzz/regressions/`.
//!
//! None at the moment: the two drift findings of 2026-12-04 (`uniqueItems`
//! dropped under an `enum`, an unsatisfiable old schema) are fixed and kept
//! in `fuzz/regressions/drift/` as schema pairs.
