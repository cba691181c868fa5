//! Every test of `draft2020-12` in the JSON-Schema-Test-Suite, against the
//! validators build.rs generated (see `known-failures.txt`).

include!(concat!(env!("OUT_DIR"), "/draft2020_12.rs"));

#[test]
fn draft2020_12() {
    conformance::run("draft2020-12", GROUPS);
}
