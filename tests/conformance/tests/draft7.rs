//! Every test of `draft7` in the JSON-Schema-Test-Suite, against the
//! validators build.rs generated (see `known-failures.txt`).

include!(concat!(env!("OUT_DIR"), "/draft7.rs"));

#[test]
fn draft7() {
    conformance::run("draft7", GROUPS);
}
