//! Every test of `draft4` in the JSON-Schema-Test-Suite, against the
//! validators build.rs generated (see `known-failures.txt`).

include!(concat!(env!("OUT_DIR"), "/draft4.rs"));

#[test]
fn draft4() {
    conformance::run("draft4", GROUPS);
}
