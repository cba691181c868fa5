//! Generates typify 0.8's types for ONE schema:
//!
//! ```text
//! typify-compare SCHEMA_FILE OUT_FILE FALLBACK_ROOT_NAME
//! ```
//!
//! writes the module (formatted with prettyplease) to `OUT_FILE` and prints
//! one JSON line: `{"ok": true, "root": "<type>", "millis": ..}` or
//! `{"ok": false, "stage": "parse" | "generate", "error": ".."}`. A panic
//! or a hang in typify is the parent's to observe (exit status, time limit).
//!
//! Settings are those of `bench/build.rs` (the default `TypeSpaceSettings`
//! without struct builders). The schema is given to typify as it is (read as
//! a schemars 0.8 `RootSchema`, which is what typify 0.8 takes), with one
//! exception: typify only emits a root type when the root schema has a
//! `title` (it names the type after it), so a root without one gets
//! `FALLBACK_ROOT_NAME` as its title.

use serde_json::{json, Value};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 4 {
        eprintln!("usage: typify-compare SCHEMA_FILE OUT_FILE FALLBACK_ROOT_NAME");
        std::process::exit(2);
    }
    let line = generate(&args[1], &args[2], &args[3]);
    println!("{line}");
}

fn generate(schema_file: &str, out_file: &str, fallback: &str) -> Value {
    let fail = |stage: &str, error: String| json!({"ok": false, "stage": stage, "error": error});
    let text = match std::fs::read_to_string(schema_file) {
        Ok(t) => t,
        Err(e) => return fail("parse", format!("cannot read {schema_file}: {e}")),
    };
    let mut schema: Value = match serde_json::from_str(&text) {
        Ok(v) => v,
        Err(e) => return fail("parse", format!("not JSON: {e}")),
    };
    let mut titled = true;
    if let Value::Object(m) = &mut schema {
        if !m.get("title").is_some_and(Value::is_string) {
            m.insert("title".to_owned(), Value::String(fallback.to_owned()));
            titled = false;
        }
    }
    let root: schemars::schema::RootSchema = match serde_json::from_value(schema) {
        Ok(r) => r,
        Err(e) => return fail("parse", format!("not a schemars 0.8 RootSchema: {e}")),
    };
    let start = Instant::now();
    let mut settings = typify::TypeSpaceSettings::default();
    settings.with_struct_builder(false);
    let mut space = typify::TypeSpace::new(&settings);
    let root_id = match space.add_root_schema(root) {
        Ok(id) => id,
        Err(e) => return fail("generate", e.to_string()),
    };
    let root_type = match root_id.as_ref().map(|id| space.get_type(id)) {
        Some(Ok(t)) => Some(t.ident().to_string()),
        Some(Err(e)) => return fail("generate", format!("root type: {e}")),
        None => None,
    };
    let tokens = space.to_stream();
    let millis = start.elapsed().as_secs_f64() * 1000.0;
    let file: syn::File = match syn::parse2(tokens) {
        Ok(f) => f,
        Err(e) => return fail("generate", format!("typify's output does not parse: {e}")),
    };
    let code = prettyplease::unparse(&file);
    if let Err(e) = std::fs::write(out_file, &code) {
        return fail("generate", format!("cannot write {out_file}: {e}"));
    }
    json!({
        "ok": true,
        "root": root_type,
        "titled": titled,
        "millis": millis,
        "bytes": code.len(),
        "chrono": space.uses_chrono(),
        "uuid": space.uses_uuid(),
    })
}
