//! `jsonschema` 0.60.2's compile-time validators (`#[jsonschema::validator]`)
//! for the benched schemas, behind plain functions so that the bench crate
//! (which uses jsonschema 0.61 at run time) needs no second `jsonschema`.

use serde_json::Value;

#[jsonschema::validator(path = "../../schemas/commands.schema.json")]
struct Commands;

#[jsonschema::validator(path = "../../schemas/launch-request.schema.json")]
struct LaunchRequest;

#[jsonschema::validator(path = "../schemas/sarif.schema.json")]
struct Sarif;

#[jsonschema::validator(path = "../schemas/liquibase.schema.json")]
struct Liquibase;

fn commands_errors(v: &Value) -> usize {
    Commands::iter_errors(v).count()
}
fn launch_request_errors(v: &Value) -> usize {
    LaunchRequest::iter_errors(v).count()
}
fn sarif_errors(v: &Value) -> usize {
    Sarif::iter_errors(v).count()
}
fn liquibase_errors(v: &Value) -> usize {
    Liquibase::iter_errors(v).count()
}

/// Schema `name`'s validator: `is_valid`, and how many errors a document
/// has (every error built).
pub fn validator(name: &str) -> (fn(&Value) -> bool, fn(&Value) -> usize) {
    match name {
        "commands" => (Commands::is_valid, commands_errors),
        "launch_request" => (LaunchRequest::is_valid, launch_request_errors),
        "sarif" => (Sarif::is_valid, sarif_errors),
        "liquibase" => (Liquibase::is_valid, liquibase_errors),
        other => panic!("no compile-time validator for {other}"),
    }
}
