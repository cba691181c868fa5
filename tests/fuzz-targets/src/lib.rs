//! The fuzz targets' logic, in an ordinary library: `fuzz/` (cargo-fuzz,
//! nightly) calls [`document::run`], [`generate::run`] and [`drift::run`] on
//! the fuzzer's bytes; this crate's test (`tests/replay.rs`, stable) runs
//! the same functions on every saved corpus file (`fuzz/corpus/TARGET/`) and
//! every minimised finding (`fuzz/regressions/TARGET/`). A target panics on
//! a finding: a panic in our code, or a verdict that disagrees.
//!
//! * `document`: document bytes → both seeds' `from_json_slice`,
//!   `from_json_slice_via_value`, `from_json_value`, `validate`, `is_valid`
//!   and the `jsonschema` crate: the same verdict everywhere.
//! * `generate`: a schema (structure-aware, [`schema::arbitrary_schema`], or
//!   raw text) → `contracts_codegen::generate`: code or an error.
//! * `drift`: a schema and a changed one → `contracts_drift::compare_sets`:
//!   no panic, and when no change is said to break writers, no document valid
//!   under the old schema is invalid under the new (the `jsonschema` crate
//!   decides validity), and the same for readers.

pub mod document;
pub mod drift;
pub mod generate;
pub mod schema;

#[path = "../../support/docgen.rs"]
mod docgen;

/// A target: the fuzzer's bytes in, a panic on a finding.
pub type Target = fn(&[u8]);

/// The fuzz targets, by name (the directory names under `fuzz/corpus/` and
/// `fuzz/regressions/`).
pub const TARGETS: &[(&str, Target)] = &[("document", document::run), ("generate", generate::run), ("drift", drift::run)];
