//! Page-level checks on the seed schemas: the faults of the baseline doc
//! tools (unlabelled branches, "Untitled" sections, dangling links, hidden
//! enum values, unexplained catch-alls) must not occur.

use super::markdown::Slugger;
use super::*;
use std::path::Path;

fn seed_inputs() -> Vec<SchemaInput> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut inputs = Vec::new();
    for name in ["commands.schema.json", "launch-request.schema.json"] {
        let text = std::fs::read_to_string(root.join("schemas").join(name)).expect("seed schema");
        inputs.push(SchemaInput::new(format!("schemas/{name}"), text));
    }
    inputs
}

fn seed_examples() -> BTreeMap<String, Vec<(String, String)>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../schemas/examples");
    let mut out = BTreeMap::new();
    for stem in ["commands", "launch-request"] {
        let mut docs = Vec::new();
        for e in std::fs::read_dir(root.join(stem).join("valid")).expect("examples") {
            let p = e.expect("entry").path();
            let name = p.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            docs.push((name, std::fs::read_to_string(&p).expect("example")));
        }
        docs.sort();
        out.insert(stem.to_owned(), docs);
    }
    out
}

fn pages() -> BTreeMap<String, String> {
    render(&Settings::new(), &seed_inputs(), &seed_examples()).expect("renders").into_iter().collect()
}

/// The text GitHub makes an anchor from: code spans and escapes undone.
fn heading_text(md: &str) -> String {
    let mut out = String::new();
    let mut chars = md.chars();
    while let Some(c) = chars.next() {
        match c {
            '`' => {}
            '\\' => out.extend(chars.next()),
            c => out.push(c),
        }
    }
    out
}

/// Every `](#fragment)` names a heading of the page.
fn assert_links_resolve(page: &str) {
    let mut slugger = Slugger::default();
    let mut anchors = Vec::new();
    let mut in_fence = false;
    for line in page.lines() {
        // A backtick fence's info string has no backticks (CommonMark): "``` code ```" is text.
        if line.strip_prefix("```").is_some_and(|info| !info.contains('`')) {
            in_fence = !in_fence;
        } else if !in_fence && line.starts_with('#') {
            let text = line.trim_start_matches('#').trim();
            anchors.push(slugger.slug(&heading_text(text)));
        }
    }
    let mut rest = page;
    while let Some(i) = rest.find("](#") {
        let after = &rest[i + 3..];
        let end = after.find(')').expect("closed link");
        let fragment = &after[..end];
        assert!(anchors.iter().any(|a| a == fragment), "link to #{fragment} has no heading");
        rest = &after[end..];
    }
}

/// The page with line breaks undone, for checking prose.
fn flat(page: &str) -> String {
    page.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn one_page_per_schema_and_an_index() {
    let p = pages();
    assert_eq!(p.keys().collect::<Vec<_>>(), ["schemas/README.md", "schemas/commands.md", "schemas/launch-request.md"]);
    let index = &p["schemas/README.md"];
    assert!(index.contains("[Cohorte Protocol command envelope](commands.md)"), "{index}");
    assert!(index.contains("`https://cohorte.dev/schemas/3/commands.schema.json`"));
    assert!(index.contains("major 3 (`$id`), `protocolVersion` `1.0`"), "{index}");
    assert!(index.contains("[Launch request](launch-request.md)"));
    assert!(index.contains("`contractVersion` major 1"));
}

#[test]
fn rendering_is_deterministic() {
    assert_eq!(pages(), pages());
}

#[test]
fn links_resolve_and_nothing_is_untitled() {
    for (path, page) in pages() {
        assert_links_resolve(&page);
        assert!(!page.contains('\u{1}'), "{path}: unresolved link");
        for bad in ["Untitled", "item 0", "Item 0", "Unnamed"] {
            assert!(!page.contains(bad), "{path} contains {bad:?}");
        }
    }
}

#[test]
fn every_generated_type_has_a_home() {
    let settings = Settings::new();
    let inputs = seed_inputs();
    let plan = crate::analyze(&settings, &inputs).expect("analyzes").plan;
    let p = pages();
    for (module, page) in plan.modules.iter().zip(["schemas/commands.md", "schemas/launch-request.md"]) {
        let struct_variants = crate::plan::struct_variants(module);
        for (id, t) in module.types.iter().enumerate() {
            // A struct written as a union's struct variant is that variant.
            let items: Vec<String> = if struct_variants[id] {
                module
                    .types
                    .iter()
                    .filter_map(|u| match &u.kind {
                        crate::plan::Kind::Union { variants, .. } => Some((u, variants)),
                        _ => None,
                    })
                    .flat_map(|(u, variants)| {
                        variants.iter().filter(|v| v.ty == crate::plan::TypeRef::Named(id)).map(move |v| format!("::{}::{}`]", u.name, v.name))
                    })
                    .collect()
            } else {
                vec![format!("::{}`]", t.name)]
            };
            assert!(!items.is_empty(), "{page}: {} is held by no union", t.name);
            for item in items {
                assert!(p[page].contains(&item), "{page}: no Rust item {item} for {}", t.name);
            }
        }
    }
}

#[test]
fn commands_page() {
    let p = pages();
    let page = &p["schemas/commands.md"];
    // Versions: `$id` major and the const member.
    assert!(page.contains("- major 3, from the `$id` path segment `/3/`"), "{page}");
    assert!(page.contains("- `protocolVersion` is always `1.0`"));
    // Every command is a labelled subsection, with its payload table.
    for tag in ["start", "status", "inspect", "run-tool", "agent.send"] {
        assert!(page.contains(&format!("#### Command `{tag}`\n")), "no section for {tag}");
    }
    // The catch-all, in words.
    assert!(page.contains("#### Command: any other `type`"));
    let prose = flat(page);
    assert!(prose.contains("its payload is free (any JSON value) and readers ignore the command"), "{prose}");
    assert!(prose.contains("`Command::Unknown { type_name, payload }`"));
    assert!(prose.contains("not one of `start`, `status`"));
    // `payload: {}` is any JSON value.
    assert!(page.contains("| `payload` | any JSON value | yes |"), "{page}");
    // `start.phases` shows its values where it is used.
    let start = &page[page.find("#### Command `start`").unwrap_or(0)..page.find("#### Command `status`").unwrap_or(0)];
    assert!(start.contains("| `phases` | array of [Phase](#phase) | no | each item: one of `BRAINSTORM`, `SPEC`"), "{start}");
    // Unions are labelled by tag, never by position.
    assert!(page.contains("#### InspectTarget `kind` `agent`"));
    assert!(page.contains("#### Spec with `id`"));
    // Open sets and `x-` extensions.
    assert!(page.contains("known values `cli`; other values are allowed (`x-cohorte-known`)"));
    assert!(prose.contains("`Transport::Other(String)`"));
    // Constraints in words.
    assert!(page.contains("matches `^cmd_[0-9a-f]{32}$`"));
    assert!(page.contains("| `maxBytes` | integer | no | integer from 1 to 3145728 | `1048576` |"), "{page}");
    assert!(page.contains("| `expectedSequence` | integer | no | integer ≥ 0 |"));
    // The diagram and the Rust items.
    assert!(page.contains("```mermaid\nclassDiagram\n"));
    assert!(page.contains("  Command --> StartPayload : start\n"));
    assert!(page.contains("[`contracts::commands::CommandEnvelope`](../../target/doc/contracts/commands/struct.CommandEnvelope.html)"));
    // Examples: the three smallest, whole.
    assert!(page.contains("### `pause-empty-payload.json`\n\n```json\n{"));
}

#[test]
fn launch_request_page() {
    let p = pages();
    let page = &p["schemas/launch-request.md"];
    assert!(flat(page).contains("- `contractVersion` must match `^1\\.[0-9]+\\.[0-9]+$`: major 1"), "{page}");
    assert!(page.contains("member names: matches `^[a-z][a-z0-9-]*$`"));
    assert!(page.contains("| 1 to 4000 characters | `local` |"), "{page}");
    assert!(page.contains("at most 50 items; each item: 1 to 200 characters"));
    assert!(page.contains("No other members are allowed."));
    // Schema prose cannot break the page: HTML and link syntax are escaped.
    assert!(flat(page).contains("`https://github.com/<owner>/<repo>/issues/<n>`"));
    assert!(page.contains("^\\[A-Z\\]\\[A-Z0-9\\]+-\\[0-9\\]+$"));
    assert!(!page.contains("<owner>/<repo>/issues/<n>,"));
}

#[test]
fn odd_schemas_render_without_panicking() {
    let schemas = [
        r#"true"#,
        r#"{}"#,
        r#"{"$schema": "http://json-schema.org/draft-04/schema#", "id": "http://x.example/v2/a.json", "type": "object", "properties": {"a": {"type": "integer", "minimum": 0, "exclusiveMinimum": true}}}"#,
        r##"{"title": "# heading? | pipe <b>", "description": "```\ncode\n```", "properties": {"a b": {"enum": ["x|y", " ", "`"]}, "self": {"$ref": "#"}}}"##,
        r#"{"anyOf": [{"type": "string"}, {"type": "string"}]}"#,
        r#"{"type": ["string", "null", "array"], "items": {"const": 1}}"#,
    ];
    for s in schemas {
        let inputs = [SchemaInput::new("schemas/odd.schema.json", s)];
        let out = render(&Settings::new(), &inputs, &BTreeMap::new()).unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(out.len(), 2);
        for (_, page) in &out {
            assert_links_resolve(page);
        }
    }
}
