//! Fuzz findings not fixed yet, minimised, each with what it shows. They
//! are ignored tests (run them with `cargo test -p contracts-fuzz-targets
//! -- --ignored`); once fixed, the input moves to `fuzz/regressions/`.
//!
//! The drift findings of 2026-12-04 that are fixed (`uniqueItems` dropped
//! under an `enum`, an unsatisfiable old schema, a self-branch beside a
//! `const`, `unevaluatedProperties` behind a `$ref`, a nested overlapping
//! `oneOf`, a `oneOf` whose catch-all branch takes what another branch
//! lists) are kept in `fuzz/regressions/drift/` as schema pairs.
