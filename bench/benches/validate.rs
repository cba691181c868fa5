//! Every implementation on the same documents, in the same run. One criterion
//! group per (schema, document set); each iteration handles the whole set,
//! so ns per document = time / documents, and throughput is in bytes.
//! `target/contracts-bench/cases.json` names each group's schema, set,
//! documents and bytes for `cargo xtask bench`.

use contracts_bench::docs::{self, DocSet};
use contracts_bench::handwritten;
use contracts_bench::ours;
use contracts_bench::typify_types;
use criterion::{BatchSize, Criterion, Throughput};
use serde_json::Value;
use std::hint::black_box;

include!("../../codegen-settings.rs");

/// What one schema offers the bench.
struct Schema {
    name: &'static str,
    /// bytes → typify's plain struct (`None`: typify cannot type it).
    typify: Option<fn(&[u8]) -> bool>,
    /// bytes → a hand-written serde model, no validation (`None`: none written).
    hand_written: Option<fn(&[u8]) -> bool>,
    /// bytes → our validated typed value.
    ours_typed: fn(&[u8]) -> bool,
    /// bytes → our validated typed value by the full path (bytes → `Value`
    /// → validators → typed), what `from_json_slice` did before the one-pass readers.
    ours_typed_full: fn(&[u8]) -> bool,
    /// bytes → our typed value, every error when invalid (the count).
    ours_typed_errors: fn(&[u8]) -> usize,
    /// Value → our validation, every error.
    ours_validate: fn(&Value) -> usize,
    /// Value → our yes/no.
    ours_is_valid: fn(&Value) -> bool,
    /// Values → typed values without validating (the conversion alone).
    ours_convert: fn(Vec<Value>) -> usize,
    /// Typed values (built from the documents) → `validate()`.
    ours_typed_validate: fn(&[Value]) -> Box<dyn Fn() -> usize>,
}

macro_rules! schema {
    ($name:literal, $module:ident, $ty:ty, $typify:expr, $hand_written:expr) => {{
        use ours::$module as m;
        fn typed(b: &[u8]) -> bool {
            <$ty>::from_json_slice(b).is_ok()
        }
        fn typed_full(b: &[u8]) -> bool {
            <$ty as contracts_runtime::Contract>::from_json_slice_via_value(b).is_ok()
        }
        fn typed_errors(b: &[u8]) -> usize {
            match <$ty>::from_json_slice(b) {
                Ok(_) => 0,
                Err(e) => e.validation_errors().map_or(1, |e| e.0.len()),
            }
        }
        fn validate(v: &Value) -> usize {
            m::validate(v).err().map_or(0, |e| e.0.len())
        }
        fn convert(vs: Vec<Value>) -> usize {
            vs.into_iter().map(|v| <$ty as contracts_runtime::FromValue>::from_value(v).is_ok() as usize).sum()
        }
        fn typed_validate(vs: &[Value]) -> Box<dyn Fn() -> usize> {
            let typed: Vec<$ty> = vs.iter().filter_map(|v| <$ty>::from_json_value(v.clone()).ok()).collect();
            Box::new(move || typed.iter().map(|t| t.validate().is_ok() as usize).sum())
        }
        Schema {
            name: $name,
            typify: $typify,
            hand_written: $hand_written,
            ours_typed: typed,
            ours_typed_full: typed_full,
            ours_typed_errors: typed_errors,
            ours_validate: validate,
            ours_is_valid: m::is_valid,
            ours_convert: convert,
            ours_typed_validate: typed_validate,
        }
    }};
}

/// bytes → `$ty` by serde alone (typify's types, the hand-written model):
/// whether it deserialises; nothing is validated.
macro_rules! serde_parse {
    ($ty:ty) => {{
        fn parse(b: &[u8]) -> bool {
            serde_json::from_slice::<$ty>(b).is_ok()
        }
        Some(parse as fn(&[u8]) -> bool)
    }};
}

/// Removes `format` (boon asserts it in drafts before 2019-09; the others
/// here do not).
fn strip_format(v: &mut Value) {
    match v {
        Value::Object(m) => {
            if m.get("format").is_some_and(Value::is_string) {
                m.remove("format");
            }
            m.values_mut().for_each(strip_format);
        }
        Value::Array(a) => a.iter_mut().for_each(strip_format),
        _ => {}
    }
}

fn main() {
    let schemas = [
        schema!(
            "commands",
            commands,
            ours::commands::CommandEnvelope,
            serde_parse!(typify_types::commands::CohorteProtocolCommandEnvelope),
            serde_parse!(handwritten::commands::CommandEnvelope)
        ),
        schema!(
            "launch_request",
            launch_request,
            ours::launch_request::LaunchRequest,
            serde_parse!(typify_types::launch_request::LaunchRequest),
            serde_parse!(handwritten::launch_request::LaunchRequest)
        ),
        schema!("sarif", sarif, ours::sarif::Sarif, serde_parse!(typify_types::sarif::StaticAnalysisResultsFormatSarifVersion210Rtm5JsonSchema), None),
        schema!("liquibase", liquibase, ours::liquibase::Liquibase, None, None),
    ];
    let mut sets: Vec<DocSet> = Vec::new();
    for s in &schemas[..2] {
        sets.extend(docs::seed_docs(s.name, s.ours_is_valid));
    }
    let (types, unknown) = docs::command_coverage(&sets[0]);
    eprintln!("commands/valid covers {} command types and {unknown} unknown ones: {}", types.len(), types.join(", "));
    for name in ["sarif", "liquibase"] {
        match docs::test_doc(name) {
            Some(d) => sets.push(d),
            None => eprintln!("SCHEMASTORE_CORPUS (a SchemaStore checkout) is not set: skipping the {name} test document"),
        }
    }

    let mut c = Criterion::default().configure_from_args();
    let mut manifest = Vec::new();
    for set in &sets {
        let s = schemas.iter().find(|s| s.name == set.schema).unwrap();
        let schema: Value = serde_json::from_str(&docs::schema_text(s.name)).unwrap();
        let js = jsonschema::options().should_validate_formats(false).build(&schema).expect("jsonschema compiles");
        let (macro_valid, macro_errors) = jsonschema_macro_validators::validator(s.name);
        let mut boon_schemas = boon::Schemas::new();
        let mut compiler = boon::Compiler::new();
        let url = format!("file:///bench/{}.json", s.name);
        let mut boon_schema = schema.clone();
        strip_format(&mut boon_schema);
        compiler.add_resource(&url, boon_schema).unwrap();
        let boon_idx = compiler.compile(&url, &mut boon_schemas).unwrap_or_else(|e| panic!("boon: {e}"));

        let values = set.values();
        // Every implementation's verdict, as a check that they measure the same thing.
        let verdicts = [
            ("hand-written serde (accepts, validates nothing)", s.hand_written.map_or(0, |h| set.docs.iter().filter(|d| h(d)).count())),
            ("jsonschema", values.iter().filter(|v| js.is_valid(v)).count()),
            ("jsonschema-macros", values.iter().filter(|v| macro_valid(v)).count()),
            ("boon", values.iter().filter(|v| boon_schemas.validate(v, boon_idx).is_ok()).count()),
            ("ours", set.docs.iter().filter(|d| (s.ours_typed)(d)).count()),
        ];
        eprintln!("{}/{}: {} documents, {} bytes; valid per implementation: {:?}", set.schema, set.kind, set.docs.len(), set.bytes(), verdicts);

        let group_name = format!("{}/{}", set.schema, set.kind);
        let mut g = c.benchmark_group(&group_name);
        g.throughput(Throughput::Bytes(set.bytes() as u64));
        let docs = &set.docs;
        let mut impls: Vec<&str> = Vec::new();
        let mut add = |id: &'static str| {
            impls.push(id);
            id
        };

        g.bench_function(add("serde_json::Value"), |b| {
            b.iter(|| {
                for d in docs {
                    black_box(serde_json::from_slice::<Value>(d).unwrap());
                }
            })
        });
        // The floors below ours: reading the bytes and building nothing, and
        // the typed value a user would derive by hand, unvalidated.
        g.bench_function(add("scan (IgnoredAny)"), |b| b.iter(|| docs.iter().filter(|d| handwritten::scan(d)).count()));
        if let (Some(hand_written), true) = (s.hand_written, set.valid) {
            g.bench_function(add("hand-written serde (no validation)"), |b| b.iter(|| docs.iter().filter(|d| hand_written(d)).count()));
        }
        if let Some(typify) = s.typify {
            g.bench_function(add("typify struct"), |b| b.iter(|| docs.iter().filter(|d| typify(d)).count()));
        }
        g.bench_function(add("jsonschema is_valid"), |b| b.iter(|| docs.iter().filter(|d| js.is_valid(&serde_json::from_slice::<Value>(d).unwrap())).count()));
        g.bench_function(add("jsonschema iter_errors"), |b| {
            b.iter(|| docs.iter().map(|d| js.iter_errors(&serde_json::from_slice::<Value>(d).unwrap()).count()).sum::<usize>())
        });
        g.bench_function(add("jsonschema-macros is_valid"), |b| {
            b.iter(|| docs.iter().filter(|d| macro_valid(&serde_json::from_slice::<Value>(d).unwrap())).count())
        });
        g.bench_function(add("jsonschema-macros iter_errors"), |b| {
            b.iter(|| docs.iter().map(|d| macro_errors(&serde_json::from_slice::<Value>(d).unwrap())).sum::<usize>())
        });
        g.bench_function(add("boon"), |b| {
            b.iter(|| docs.iter().filter(|d| boon_schemas.validate(&serde_json::from_slice::<Value>(d).unwrap(), boon_idx).is_ok()).count())
        });
        if set.valid {
            g.bench_function(add("ours bytes→typed"), |b| b.iter(|| docs.iter().filter(|d| (s.ours_typed)(d)).count()));
            g.bench_function(add("ours bytes→typed (full path)"), |b| b.iter(|| docs.iter().filter(|d| (s.ours_typed_full)(d)).count()));
        } else {
            g.bench_function(add("ours bytes→errors"), |b| b.iter(|| docs.iter().map(|d| (s.ours_typed_errors)(d)).sum::<usize>()));
        }
        g.bench_function(add("ours Value→validate"), |b| b.iter(|| values.iter().map(|v| (s.ours_validate)(v)).sum::<usize>()));
        g.bench_function(add("ours Value→is_valid"), |b| b.iter(|| values.iter().filter(|v| (s.ours_is_valid)(v)).count()));
        if set.valid {
            g.bench_function(add("ours Value→typed (convert only)"), |b| b.iter_batched(|| values.clone(), |vs| (s.ours_convert)(vs), BatchSize::LargeInput));
            let typed_validate = (s.ours_typed_validate)(&values);
            g.bench_function(add("ours typed→validate()"), |b| b.iter(&typed_validate));
        }
        g.finish();
        manifest.push(serde_json::json!({
            "group": group_name,
            "schema": set.schema,
            "docs": set.kind,
            "count": set.docs.len(),
            "bytes": set.bytes(),
            "impls": impls,
        }));
    }
    // What build.rs does for the seeds: the whole generator, optimised (a
    // build script's own dependencies are built without optimisation unless
    // the profile says otherwise; see `codegen_seeds.txt` in OUT_DIR).
    let inputs: Vec<contracts_codegen::SchemaInput> = ["commands.schema.json", "launch-request.schema.json"]
        .iter()
        .map(|f| {
            let text = std::fs::read_to_string(docs::root().join("schemas").join(f)).unwrap();
            contracts_codegen::SchemaInput::new(format!("schemas/{f}"), text)
        })
        .collect();
    let settings = project_settings();
    let mut g = c.benchmark_group("codegen");
    g.sample_size(10);
    g.bench_function("seeds", |b| b.iter(|| contracts_codegen::generate(&settings, &inputs).unwrap().files.len()));
    g.finish();
    c.final_summary();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/contracts-bench");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("cases.json"), serde_json::to_string_pretty(&manifest).unwrap()).unwrap();
}
