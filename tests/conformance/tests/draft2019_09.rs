//! Every test of `draft2019-09` in the JSON-Schema-Test-Suite, against the
//! validators build.rs generated (see `known-failures.txt`).

include!(concat!(env!("OUT_DIR"), "/draft2019_09.rs"));

#[test]
fn draft2019_09() {
    conformance::run("draft2019-09", GROUPS);
}
