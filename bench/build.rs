//! Generates, into `OUT_DIR`:
//!
//! * `ours/modules.rs`: our types and validators (contracts-codegen) for the
//!   two seeds (`../schemas/`, with the repository's own settings) and for
//!   the SchemaStore schemas in `schemas/*.schema.json`;
//! * `typify/NAME.rs`: typify 0.8's plain serde types for the same schemas,
//!   with every value constraint (`pattern`, lengths, bounds, `format`)
//!   removed first, so that they deserialise without validating: the floor;
//! * `codegen_seeds.txt`: how long contracts-codegen took on the seeds (µs).

include!("../codegen-settings.rs");

use serde_json::Value;
use std::path::{Path, PathBuf};

/// (module name, schema file) for every schema the benches use.
fn schemas(manifest: &Path) -> Vec<(String, PathBuf, bool)> {
    let mut out = vec![
        ("commands".to_owned(), manifest.join("../schemas/commands.schema.json"), true),
        ("launch_request".to_owned(), manifest.join("../schemas/launch-request.schema.json"), true),
    ];
    let mut extra: Vec<PathBuf> = std::fs::read_dir(manifest.join("schemas"))
        .expect("bench/schemas")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(".schema.json"))
        .collect();
    extra.sort();
    for p in extra {
        let stem = p.file_name().unwrap().to_string_lossy().trim_end_matches(".schema.json").replace('-', "_");
        out.push((stem, p, false));
    }
    out
}

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap());
    let out = PathBuf::from(std::env::var_os("OUT_DIR").unwrap());
    println!("cargo::rerun-if-changed=schemas");
    println!("cargo::rerun-if-changed=../schemas");
    println!("cargo::rerun-if-changed=../codegen-settings.rs");
    let list = schemas(&manifest);

    // Ours. The seeds in one run with the project's settings (timed), the
    // others one run each with default settings.
    let ours_dir = out.join("ours");
    std::fs::create_dir_all(&ours_dir).unwrap();
    let seed_inputs: Vec<contracts_codegen::SchemaInput> = list
        .iter()
        .filter(|s| s.2)
        .map(|(_, p, _)| {
            let name = format!("schemas/{}", p.file_name().unwrap().to_string_lossy());
            contracts_codegen::SchemaInput::new(name, std::fs::read_to_string(p).unwrap())
        })
        .collect();
    let t = std::time::Instant::now();
    let seeds = contracts_codegen::generate(&project_settings(), &seed_inputs).unwrap_or_else(|e| panic!("codegen (seeds): {e}"));
    let micros = t.elapsed().as_micros();
    std::fs::write(out.join("codegen_seeds.txt"), micros.to_string()).unwrap();
    let mut files = seeds.files;
    for (_, p, seed) in &list {
        if *seed {
            continue;
        }
        let name = format!("schemas/{}", p.file_name().unwrap().to_string_lossy());
        let input = contracts_codegen::SchemaInput::new(name.clone(), std::fs::read_to_string(p).unwrap());
        let o = contracts_codegen::generate(&contracts_codegen::Settings::new(), &[input]).unwrap_or_else(|e| panic!("codegen ({name}): {e}"));
        files.extend(o.files);
    }
    let mut index = contracts_codegen::module_index(&files);
    index = index.replace("env!(\"OUT_DIR\"), \"/", "env!(\"OUT_DIR\"), \"/ours/");
    std::fs::write(ours_dir.join("modules.rs"), index).unwrap();
    contracts_codegen::write_files(&ours_dir, &files).unwrap();

    // typify.
    let ty_dir = out.join("typify");
    std::fs::create_dir_all(&ty_dir).unwrap();
    for (module, p, _) in &list {
        let mut schema: Value = serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap();
        loosen(&mut schema);
        let root: schemars::schema::RootSchema = serde_json::from_value(schema).unwrap_or_else(|e| panic!("typify cannot read {}: {e}", p.display()));
        let mut settings = typify::TypeSpaceSettings::default();
        settings.with_struct_builder(false);
        let mut space = typify::TypeSpace::new(&settings);
        let code = match space.add_root_schema(root) {
            Ok(_) => {
                let file: syn::File = syn::parse2(space.to_stream()).expect("typify output parses");
                format!("pub const AVAILABLE: bool = true;\n{}", prettyplease::unparse(&file))
            }
            Err(e) => {
                println!("cargo::warning=typify cannot type {}: {e}", p.display());
                "pub const AVAILABLE: bool = false;\n".to_owned()
            }
        };
        std::fs::write(ty_dir.join(format!("{module}.rs")), code).unwrap();
    }
}

/// Removes value constraints (typify would check `pattern` and lengths in
/// its newtypes) and moves `$defs` to `definitions` (what typify 0.8 reads).
fn loosen(v: &mut Value) {
    match v {
        Value::Object(m) => {
            for k in [
                "pattern",
                "format",
                "minLength",
                "maxLength",
                "minimum",
                "maximum",
                "exclusiveMinimum",
                "exclusiveMaximum",
                "multipleOf",
                "minItems",
                "maxItems",
                "uniqueItems",
                "minProperties",
                "maxProperties",
                "$schema",
                "$id",
            ] {
                if m.get(k).is_some_and(|x| !x.is_object()) {
                    m.remove(k);
                }
            }
            if let Some(defs) = m.remove("$defs") {
                m.insert("definitions".to_owned(), defs);
            }
            if let Some(Value::String(r)) = m.get_mut("$ref") {
                *r = r.replace("#/$defs/", "#/definitions/");
            }
            for (_, x) in m.iter_mut() {
                loosen(x);
            }
        }
        Value::Array(a) => a.iter_mut().for_each(loosen),
        _ => {}
    }
}
