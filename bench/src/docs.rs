//! The documents every implementation is measured on, built the same way in
//! every process: the seeds' documents from the differential test's
//! generator (`tests/support/docgen.rs`, splitmix64, fixed seeds), and the
//! SchemaStore schemas' biggest test documents.

use crate::docgen::DocGen;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// Generated documents per seed and kind.
pub const PER_KIND: usize = 400;
/// The generator's seed.
pub const SEED: u64 = 20_260_530;

/// One set of documents.
pub struct DocSet {
    /// Module name: `commands`, `launch_request`, `sarif`, `liquibase`.
    pub schema: &'static str,
    /// `valid`, `invalid`, or `test-doc` (a SchemaStore test document).
    pub kind: &'static str,
    pub docs: Vec<Vec<u8>>,
    pub valid: bool,
}

impl DocSet {
    pub fn bytes(&self) -> usize {
        self.docs.iter().map(Vec::len).sum()
    }
    pub fn values(&self) -> Vec<Value> {
        self.docs.iter().map(|d| serde_json::from_slice(d).unwrap()).collect()
    }
}

/// The repository root (`bench/..`).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Where the SchemaStore corpus is: `$SCHEMASTORE_CORPUS`, given
/// explicitly (the repository holds only a sample without these documents).
pub fn corpus() -> Option<PathBuf> {
    std::env::var_os("SCHEMASTORE_CORPUS").map(PathBuf::from)
}

/// The schema text for module `schema`.
pub fn schema_text(schema: &str) -> String {
    let path = match schema {
        "commands" => root().join("schemas/commands.schema.json"),
        "launch_request" => root().join("schemas/launch-request.schema.json"),
        other => Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("schemas/{other}.schema.json")),
    };
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The oracle used to sort generated documents into valid and invalid.
fn oracle(schema: &Value) -> jsonschema::Validator {
    jsonschema::validator_for(schema).expect("jsonschema compiles the schema")
}

/// `PER_KIND` valid and `PER_KIND` invalid documents for a seed. Valid:
/// valid for both the oracle and us. Invalid: one mutation each, refused by
/// both. Deterministic.
pub fn seed_docs(schema: &'static str, ours_valid: fn(&Value) -> bool) -> [DocSet; 2] {
    let schema_json: Value = serde_json::from_str(&schema_text(schema)).unwrap();
    let oracle = oracle(&schema_json);
    let mut g = DocGen::new(&schema_json, SEED);
    let (mut valid, mut invalid) = (Vec::new(), Vec::new());
    let mut guard = 0;
    while (valid.len() < PER_KIND || invalid.len() < PER_KIND) && guard < PER_KIND * 50 {
        guard += 1;
        let base = g.valid();
        if valid.len() < PER_KIND && oracle.is_valid(&base.doc) && ours_valid(&base.doc) {
            valid.push(serde_json::to_vec(&base.doc).unwrap());
        }
        if invalid.len() < PER_KIND {
            let (doc, what) = g.mutate(&base);
            if !what.contains("; ") && !oracle.is_valid(&doc) && !ours_valid(&doc) {
                invalid.push(serde_json::to_vec(&doc).unwrap());
            }
        }
    }
    [DocSet { schema, kind: "valid", docs: valid, valid: true }, DocSet { schema, kind: "invalid", docs: invalid, valid: false }]
}

/// The biggest test document SchemaStore has for `schema` (the file name in
/// `test/<dir>/`), or `None` when `SCHEMASTORE_CORPUS` is not set; a corpus
/// named but without the document is an error.
pub fn test_doc(schema: &'static str) -> Option<DocSet> {
    let (dir, file) = match schema {
        "sarif" => ("sarif", "BinSkim.AllRules.sarif.json"),
        "liquibase" => ("liquibase", "liquibase_test.json"),
        other => panic!("no test document for {other}"),
    };
    let path = corpus()?.join("test").join(dir).join(file);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e} (SCHEMASTORE_CORPUS names a SchemaStore checkout)", path.display()));
    // Minified, like the generated documents.
    let v: Value = serde_json::from_slice(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Some(DocSet { schema, kind: "test-doc", docs: vec![serde_json::to_vec(&v).unwrap()], valid: true })
}

/// Which command types (and how many unknown ones) `docs` cover.
pub fn command_coverage(docs: &DocSet) -> (Vec<String>, usize) {
    let known = [
        "start",
        "status",
        "inspect",
        "tail",
        "pause",
        "resume",
        "cancel",
        "approve",
        "deny",
        "retry",
        "skip",
        "run-tool",
        "reconcile",
        "shutdown",
        "agent.send",
    ];
    let mut seen: Vec<String> = Vec::new();
    let mut unknown = 0;
    for d in &docs.docs {
        let v: Value = serde_json::from_slice(d).unwrap();
        let t = v.get("type").and_then(Value::as_str).unwrap_or("").to_owned();
        if known.contains(&t.as_str()) {
            if !seen.contains(&t) {
                seen.push(t);
            }
        } else {
            unknown += 1;
        }
    }
    seen.sort();
    (seen, unknown)
}
