// Reading the JSON-Schema-Test-Suite: the drafts run, their test cases, and
// the generator inputs for each case (the case's schema plus the remotes and
// metaschemas it may reference). Used by build.rs.

use contracts_codegen::{Dialect, SchemaInput, Settings};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// One draft folder of the suite.
pub struct Draft {
    /// The folder name under `tests/` (`draft2020-12`).
    pub name: &'static str,
    /// A Rust identifier for it (`draft2020_12`).
    pub ident: &'static str,
    /// The dialect of schemas without `$schema`.
    pub dialect: Dialect,
}

/// The drafts run.
pub const DRAFTS: &[Draft] = &[
    Draft { name: "draft2020-12", ident: "draft2020_12", dialect: Dialect::Draft2020_12 },
    Draft { name: "draft2019-09", ident: "draft2019_09", dialect: Dialect::Draft2019_09 },
    Draft { name: "draft7", ident: "draft7", dialect: Dialect::Draft7 },
    Draft { name: "draft4", ident: "draft4", dialect: Dialect::Draft4 },
];

/// One test case (a schema and its tests).
pub struct Case {
    /// `draft2020-12/optional/format/date.json`
    pub file: String,
    /// Position in its file.
    pub index: usize,
    /// The case's description.
    pub description: String,
    /// The schema.
    pub schema: Value,
    /// (description, data, valid)
    pub tests: Vec<(String, Value, bool)>,
    /// `optional/format/*`: run with `format` as an assertion.
    pub format_assertion: bool,
    /// Not under `optional/`.
    pub required: bool,
}

/// The suite's location: `$JSON_SCHEMA_TEST_SUITE`, or the copy vendored
/// in `tests/data/json-schema-test-suite`.
pub fn suite_dir(manifest_dir: &Path) -> PathBuf {
    match std::env::var_os("JSON_SCHEMA_TEST_SUITE") {
        Some(p) => PathBuf::from(p),
        None => manifest_dir.join("../data/json-schema-test-suite"),
    }
}

/// Why the suite could not be read, naming where it was looked for and how
/// to point elsewhere.
pub fn missing_suite(suite: &Path, why: &str) -> String {
    format!(
        "cannot read the JSON-Schema-Test-Suite at {} (the copy in tests/data/json-schema-test-suite, \
         or the checkout JSON_SCHEMA_TEST_SUITE names): {why}",
        suite.display()
    )
}

fn json_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "json"))
        .collect();
    out.sort();
    Ok(out)
}

fn read_json(p: &Path) -> Result<Value, String> {
    let text = std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", p.display()))
}

/// Every test case of `draft`: required files, then `optional/*.json`, then
/// `optional/format/*.json`, each folder in file-name order. A missing
/// folder is an error: a partial copy of the suite must not pass as whole.
pub fn cases(suite: &Path, draft: &Draft) -> Result<Vec<Case>, String> {
    let root = suite.join("tests").join(draft.name);
    let mut out = Vec::new();
    for (sub, required, format_assertion) in [("", true, false), ("optional", false, false), ("optional/format", false, true)] {
        let dir = if sub.is_empty() { root.clone() } else { root.join(sub) };
        let files = json_files(&dir).map_err(|e| missing_suite(suite, &e))?;
        if files.is_empty() {
            return Err(missing_suite(suite, &format!("{} holds no test files", dir.display())));
        }
        for path in files {
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_owned();
            let file = if sub.is_empty() { format!("{}/{name}", draft.name) } else { format!("{}/{sub}/{name}", draft.name) };
            let Value::Array(groups) = read_json(&path)? else {
                return Err(format!("{file}: not an array of test cases"));
            };
            for (index, g) in groups.into_iter().enumerate() {
                let description = g.get("description").and_then(Value::as_str).unwrap_or_default().to_owned();
                let schema = g.get("schema").cloned().ok_or_else(|| format!("{file}: case {index} has no schema"))?;
                let mut tests = Vec::new();
                for t in g.get("tests").and_then(Value::as_array).into_iter().flatten() {
                    let d = t.get("description").and_then(Value::as_str).unwrap_or_default().to_owned();
                    let data = t.get("data").cloned().unwrap_or(Value::Null);
                    let valid = t.get("valid").and_then(Value::as_bool).ok_or_else(|| format!("{file}: `{d}` has no verdict"))?;
                    tests.push((d, data, valid));
                }
                out.push(Case { file: file.clone(), index, description, schema, tests, format_assertion, required });
            }
        }
    }
    Ok(out)
}

/// Documents a case's schema may reference.
pub struct Resources {
    /// `remotes/**`, retrieved as `http://localhost:1234/<path>`, with the
    /// draft folder each is in (if any) and whether it names its dialect.
    pub remotes: Vec<(Option<String>, bool, SchemaInput)>,
    /// The official metaschemas, retrieved by their `$id`.
    pub metaschemas: Vec<SchemaInput>,
}

fn walk(dir: &Path, rel: &str, out: &mut Vec<(String, PathBuf)>) -> Result<(), String> {
    let mut entries: Vec<PathBuf> =
        std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        let name = p.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_owned();
        let r = if rel.is_empty() { name.clone() } else { format!("{rel}/{name}") };
        if p.is_dir() {
            walk(&p, &r, out)?;
        } else if name.ends_with(".json") {
            out.push((r, p));
        }
    }
    Ok(())
}

/// Loads the remotes (except those of draft-03 and the unreleased `v1`,
/// which no draft run here can use, and which tests/data leaves out) and
/// the vendored metaschemas.
pub fn resources(suite: &Path, manifest_dir: &Path) -> Result<Resources, String> {
    let mut files = Vec::new();
    walk(&suite.join("remotes"), "", &mut files).map_err(|e| missing_suite(suite, &e))?;
    let mut remotes = Vec::new();
    for (rel, p) in files {
        if rel.starts_with("v1/") || rel.starts_with("draft3/") {
            continue;
        }
        let text = std::fs::read_to_string(&p).map_err(|e| format!("{}: {e}", p.display()))?;
        let folder = rel.split_once('/').map(|(f, _)| f).filter(|f| f.starts_with("draft")).map(str::to_owned);
        let v: Value = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", p.display()))?;
        let names_dialect = v.get("$schema").is_some();
        remotes.push((
            folder,
            names_dialect,
            SchemaInput::new(format!("remotes/{rel}"), text).referenced_only().with_retrieval_uri(format!("http://localhost:1234/{rel}")),
        ));
    }
    let mut files = Vec::new();
    walk(&manifest_dir.join("metaschemas"), "", &mut files)?;
    let mut metaschemas = Vec::new();
    for (rel, p) in files {
        let text = std::fs::read_to_string(&p).map_err(|e| format!("{}: {e}", p.display()))?;
        let v: Value = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", p.display()))?;
        let id = v.get("$id").or_else(|| v.get("id")).and_then(Value::as_str).ok_or_else(|| format!("{rel}: no $id"))?;
        let uri = id.trim_end_matches('#').to_owned();
        metaschemas.push(SchemaInput::new(format!("metaschemas/{rel}"), text).referenced_only().with_retrieval_uri(uri));
    }
    Ok(Resources { remotes, metaschemas })
}

fn references(v: &Value, out: &mut Vec<(String, String)>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                if matches!(k.as_str(), "$ref" | "$dynamicRef" | "$recursiveRef" | "$id" | "id" | "$schema") {
                    if let Value::String(s) = x {
                        out.push((k.clone(), s.clone()));
                    }
                }
                references(x, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|x| references(x, out)),
        _ => {}
    }
}

/// The module-name stem of a case: unique within its draft.
pub fn case_ident(n: usize) -> String {
    format!("c{n:04}")
}

/// The generator inputs for a case: its schema (the only module), then the
/// documents it may reference. Remotes and metaschemas are added only when
/// the schema names them (`localhost:1234`, `json-schema.org` in a
/// reference or `$id`), which keeps the generator's work per case small.
/// Remotes in another draft's folder come only when they name their dialect
/// with `$schema` (the others are read in the dialect of the draft run).
pub fn inputs(draft: &Draft, case: &Case, n: usize, res: &Resources) -> Vec<SchemaInput> {
    let text = serde_json::to_string_pretty(&case.schema).unwrap_or_default();
    let mut out = vec![SchemaInput::new(format!("{}/{}.json", case.file, case_ident(n)), text)];
    let mut refs = Vec::new();
    references(&case.schema, &mut refs);
    if refs.iter().any(|(_, r)| r.contains("localhost:1234")) {
        for (folder, names_dialect, input) in &res.remotes {
            if folder.as_deref().is_none_or(|f| f == draft.name) || *names_dialect {
                out.push(input.clone());
            }
        }
    }
    // Remotes name metaschemas too: add them whenever remotes are in.
    if out.len() > 1 || refs.iter().any(|(k, r)| k != "$schema" && r.contains("json-schema.org")) {
        out.extend(res.metaschemas.iter().cloned());
    }
    out
}

/// The generator settings for a case of `draft`: types on, so the typed
/// entry points are checked too.
pub fn settings(draft: &Draft, case: &Case) -> Settings {
    Settings::new().with_default_dialect(draft.dialect).with_format_assertion(case.format_assertion).with_types(true)
}
