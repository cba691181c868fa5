//! typify's own test schemas (`tests/fixtures/typify/`, see its README) as
//! the bar for types a Rust user would write by hand: each is generated and
//! compared with `tests/snapshots/typify/<name>.rs` (`EXPECTORATE=overwrite`
//! updates them; `tests/compile_typify.rs` compiles every one with warnings
//! denied), and the README's table (our lines against typify's, `Value`
//! fallbacks, numbered names) is counted here from the plan, not by hand.

use contracts_codegen::plan::{kind_refs, struct_variants, Kind, TypeRef};
use contracts_codegen::{analyze, generate, Dialect, SchemaInput, Settings};
use std::path::{Path, PathBuf};

fn dir(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

/// typify's expected output for each schema (with builders), in lines, from
/// typify's repository at the commit the README names; `None` where typify
/// has no expected output for it.
const TYPIFY_LINES: &[(&str, Option<usize>)] = &[
    ("arrays-and-tuples", Some(168)),
    ("deny-list", Some(166)),
    ("example", Some(210)),
    ("extraneous-enum", Some(136)),
    ("github", Some(37_846)),
    ("id-or-name", Some(291)),
    ("maps", Some(210)),
    ("merged-schemas", Some(1_362)),
    ("more_types", Some(312)),
    ("multiple-instance-types", Some(136)),
    ("noisy-types", Some(139)),
    ("property-pattern", Some(150)),
    ("reflexive", Some(96)),
    ("rust-collisions", Some(2_549)),
    ("simple-types", Some(298)),
    ("string-enum-with-default", Some(88)),
    ("type-with-modified-generation", Some(137)),
    ("types-with-defaults", Some(527)),
    ("types-with-more-impls", Some(114)),
    ("untyped-enum-with-null", Some(137)),
    ("various-enums", Some(1_136)),
    ("vega", Some(46_493)),
    ("x-rust-type", None),
];

fn settings() -> Settings {
    // typify reads schemas without `$schema` as draft-07 (schemars 0.8).
    Settings::new().with_default_dialect(Dialect::Draft7).with_regenerate_command("EXPECTORATE=overwrite cargo test -p contracts-codegen --test typify")
}

fn schemas() -> Vec<(String, PathBuf)> {
    let mut v: Vec<(String, PathBuf)> = std::fs::read_dir(dir("tests/fixtures/typify"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| (p.file_stem().unwrap().to_string_lossy().into_owned(), p))
        .collect();
    v.sort();
    v
}

fn input(name: &str, path: &Path) -> SchemaInput {
    SchemaInput::new(format!("typify/{name}.json"), std::fs::read_to_string(path).unwrap())
}

/// What the table says of one schema.
struct Row {
    name: String,
    lines: usize,
    types: usize,
    values: usize,
    numbered: Vec<String>,
    warnings: usize,
    /// The `Value`s the generator warns about: (pointer, reason).
    warned_values: Vec<(String, &'static str)>,
}

/// Why a `Value` remains where the schema constrains the value, by the
/// warning's text: (what the warning says, the reason in the table).
const VALUE_REASONS: &[(&str, &str)] = &[
    ("`not` has no Rust shape", "`not` has no Rust shape"),
    ("no `type` says which", "keywords for some JSON types only, and no `type`"),
    ("no value satisfies this schema", "no value satisfies the schema (validation refuses every value)"),
    ("`if`/`then`/`else` has no Rust shape", "`if`/`then`/`else` has no Rust shape"),
    ("a dynamic reference", "a dynamic reference"),
    ("may match several patterns", "a member may match several `patternProperties`"),
    ("matching no pattern may hold any value", "a member matching no pattern may hold any value"),
    ("union branches have no distinct names", "union branches with no names"),
    ("only a tuple of a fixed length", "a tuple of open length or over 12 items"),
    ("recursive array or map", "a recursive array with no named type"),
    ("nesting too deep", "nesting too deep"),
];

fn row(name: &str, path: &Path) -> (Row, String) {
    let inputs = [input(name, path)];
    let out = generate(&settings(), &inputs).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(out.files.len(), 1, "{name}");
    let analysis = analyze(&settings(), &inputs).unwrap();
    let module = &analysis.plan.modules[0];
    let mut values = 0;
    // Structs written as struct variants of their unions are no types of their own.
    let inline = struct_variants(module);
    let types: Vec<_> = module.types.iter().zip(&inline).filter(|(_, i)| !**i).map(|(t, _)| t).collect();
    for t in &module.types {
        // An envelope's tag and payload members are read into its commands enum.
        let refs = match &t.kind {
            Kind::Envelope { commands, .. } => vec![TypeRef::Named(*commands)],
            k => kind_refs(k),
        };
        values += refs.iter().filter(|r| holds_value(r)).count();
    }
    // A name that is none of the type's own candidates and ends in a digit was numbered.
    let numbered = types.iter().filter(|t| !t.candidates.contains(&t.name) && t.name.ends_with(|c: char| c.is_ascii_digit())).map(|t| t.name.clone()).collect();
    let contents = out.files[0].contents.clone();
    let warned_values = out
        .warnings
        .iter()
        .filter(|w| w.message.contains("JSON value"))
        .map(|w| {
            let reason = VALUE_REASONS.iter().find(|(says, _)| w.message.contains(says)).map(|(_, r)| *r);
            (w.pointer.clone(), reason.unwrap_or_else(|| panic!("{name}: no reason in the table for `{}`", w.message)))
        })
        .collect();
    let row = Row { name: name.to_owned(), lines: contents.lines().count(), types: types.len(), values, numbered, warnings: out.warnings.len(), warned_values };
    (row, contents)
}

/// Whether a type reference is or holds `serde_json::Value`.
fn holds_value(t: &TypeRef) -> bool {
    match t {
        TypeRef::Value => true,
        TypeRef::Nullable(x) | TypeRef::Vec(x) => holds_value(x),
        TypeRef::Tuple(items) => items.iter().any(holds_value),
        TypeRef::Map(k, v) => holds_value(k) || holds_value(v),
        _ => false,
    }
}

fn table(rows: &[Row]) -> String {
    let mut out = String::from(
        "| schema | our lines | typify's lines | types | `Value` fallbacks | numbered names | warnings |\n| --- | ---: | ---: | ---: | ---: | --- | ---: |\n",
    );
    for r in rows {
        let typify = TYPIFY_LINES.iter().find(|(n, _)| *n == r.name).and_then(|(_, l)| *l).map_or("–".to_owned(), |l| l.to_string());
        let numbered = if r.numbered.is_empty() { "0".to_owned() } else { format!("{}: {}", r.numbered.len(), r.numbered.join(", ")) };
        out.push_str(&format!("| {} | {} | {typify} | {} | {} | {numbered} | {} |\n", r.name, r.lines, r.types, r.values, r.warnings));
    }
    out.push_str(
        "\nEvery `Value` above holds what the schema leaves open (`{}`, `true`, members of an open object; a member only `false` allows is no field of a closed struct) except \
         these, each with its warning:\n\n| schema | pointer | why a `Value` |\n| --- | --- | --- |\n",
    );
    for r in rows {
        for (pointer, why) in &r.warned_values {
            out.push_str(&format!("| {} | `{}` | {why} |\n", r.name, if pointer.is_empty() { "#" } else { pointer }));
        }
    }
    out
}

const TABLE_START: &str = "<!-- table: cargo test -p contracts-codegen --test typify -->\n";
const TABLE_END: &str = "<!-- end of table -->\n";

#[test]
fn typify_schemas_match_their_snapshots_and_the_readme_table() {
    let schemas = schemas();
    assert_eq!(schemas.len(), TYPIFY_LINES.len(), "one row of typify's line counts per schema");
    let compile_list = std::fs::read_to_string(dir("tests/compile_typify.rs")).unwrap();
    let mut rows = Vec::new();
    for (name, path) in &schemas {
        let (r, contents) = row(name, path);
        let file = format!("{}.rs", contracts_codegen::ident::module_name(&format!("{name}.json")));
        expectorate::assert_contents(dir("tests/snapshots/typify").join(&file), &contents);
        let line = format!("include!(\"snapshots/typify/{file}\")");
        assert!(compile_list.contains(&line), "add `{line}` to tests/compile_typify.rs so the snapshot is compiled");
        rows.push(r);
    }
    let readme_path = dir("tests/fixtures/typify/README.md");
    let readme = std::fs::read_to_string(&readme_path).unwrap();
    let (head, rest) = readme.split_once(TABLE_START).expect("the README has the table's start marker");
    let (_, tail) = rest.split_once(TABLE_END).expect("the README has the table's end marker");
    expectorate::assert_contents(&readme_path, &format!("{head}{TABLE_START}{}{TABLE_END}{tail}", table(&rows)));
}

#[test]
fn every_definition_has_a_type() {
    for (name, path) in schemas() {
        let inputs = [input(&name, &path)];
        let analysis = analyze(&settings(), &inputs).unwrap();
        let module = &analysis.plan.modules[0];
        let contents = &generate(&settings(), &inputs).unwrap().files[0].contents;
        assert_eq!(module.definitions.len(), analysis.ir.definitions[0].len(), "{name}");
        for (key, t) in &module.definitions {
            let TypeRef::Named(id) = t else { panic!("{name}: `{key}` is typed {t:?}, not a named type") };
            let rust = &module.types[*id].name;
            let declared = ["struct", "enum", "type"].iter().any(|item| contents.contains(&format!("pub {item} {rust}")));
            assert!(declared, "{name}: `{key}`'s type `{rust}` is not declared");
        }
    }
}

/// Writes `tests/snapshots/typify_types.rs`, which `tests/compile_typify.rs` includes:
/// for every schema, its root and each definition, the JSON Pointer and the
/// generated type, so the documents test reads each through its own type.
#[test]
fn typify_types_table_matches_the_plan() {
    let mut entries = String::new();
    for (name, path) in schemas() {
        let inputs = [input(&name, &path)];
        let analysis = analyze(&settings(), &inputs).unwrap();
        let module = &analysis.plan.modules[0];
        let module_name = contracts_codegen::ident::module_name(&format!("{name}.json"));
        let pointers = analysis.ir.definitions[0].iter().map(|(key, node)| (key.clone(), analysis.ir.nodes[*node].pointer.clone()));
        let mut places = vec![(String::new(), module.root.clone())];
        for (key, pointer) in pointers {
            if let Some((_, t)) = module.definitions.iter().find(|(k, _)| *k == key) {
                places.push((pointer, t.clone()));
            }
        }
        for (pointer, t) in places {
            // Aliases of types the runtime defines (`Value`, `Option<…>`) have no contract of their own.
            let TypeRef::Named(id) = t else { continue };
            if matches!(module.types[id].kind, Kind::Alias(_)) {
                continue;
            }
            // An integer enum's contract is on the wrapper that keeps its spelling.
            let rust = match module.types[id].kind {
                Kind::IntegerEnum { .. } => format!("contracts_runtime::Spelled<{module_name}::{}>", module.types[id].name),
                _ => format!("{module_name}::{}", module.types[id].name),
            };
            entries.push_str(&format!("        (\"{name}\", \"{pointer}\") => read::<{rust}>(text),\n"));
        }
    }
    let contents = format!(
        "// @generated by `EXPECTORATE=overwrite cargo test -p contracts-codegen --test typify`: each typify schema's root and\n\
         // definitions (JSON Pointer) and the type generated for them, for `tests/compile_typify.rs`.\n\n\
         /// Reads `text` as the type generated for `pointer` in typify's `schema`; `None` when that place has no type of its own.\n\
         pub fn read_as(schema: &str, pointer: &str, text: &str) -> Option<Reading> {{\n    Some(match (schema, pointer) {{\n{entries}        _ => return None,\n    }})\n}}\n"
    );
    expectorate::assert_contents(dir("tests/snapshots/typify_types.rs"), &contents);
}
