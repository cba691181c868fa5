//! The lock file (`generated/schemas.lock.json`): per schema, its path, `$id`, dialect, the
//! hash of its canonical JSON, the versions it declares and where each was
//! found, where it was vendored from (`schema-sources.json`), and the
//! generator's version. Deterministic, so it reads well in review diffs.

use crate::{Error, Result};
use contracts_codegen::SchemaInput;
use serde_json::{json, Map, Value};
use std::path::Path;

/// The lock file's text for `inputs`.
pub fn lock_json(root: &Path, inputs: &[SchemaInput]) -> Result<String> {
    let sources_path = root.join("schema-sources.json");
    let sources: Value = match std::fs::read_to_string(&sources_path) {
        Ok(text) => serde_json::from_str(&text).map_err(|e| Error(format!("{} is not JSON: {e}", sources_path.display())))?,
        Err(_) => Value::Object(Map::new()),
    };
    let mut schemas = Vec::new();
    for input in inputs {
        let doc: Value = serde_json::from_str(&input.text).map_err(|e| Error(format!("{} is not JSON: {e}", input.path)))?;
        let file = input.path.rsplit('/').next().unwrap_or(&input.path);
        let dialect =
            doc.get("$schema").and_then(Value::as_str).and_then(contracts_codegen::Dialect::from_uri).unwrap_or(contracts_codegen::Dialect::Draft2020_12);
        let versions: Vec<Value> =
            contracts_drift::version::declared(&doc).into_iter().map(|(source, v)| json!({"source": source, "version": v.to_string()})).collect();
        schemas.push(json!({
            "path": input.path,
            "id": doc.get("$id").or_else(|| doc.get("id")).cloned().unwrap_or(Value::Null),
            "dialect": dialect.name(),
            "sha256": contracts_codegen::load::sha256_hex(canonical(&doc).as_bytes()),
            "declared_versions": versions,
            "vendored_from": sources.get(file).cloned().unwrap_or(Value::Null),
        }));
    }
    let lock = json!({
        "generator": format!("contracts-codegen {}", contracts_codegen::VERSION),
        "schemas": schemas,
    });
    Ok(serde_json::to_string_pretty(&lock).unwrap_or_default() + "\n")
}

/// JSON with object members sorted and no insignificant white space: the
/// hash changes only when the schema's content does.
pub fn canonical(v: &Value) -> String {
    match v {
        Value::Object(m) => {
            let mut keys: Vec<&String> = m.keys().collect();
            keys.sort();
            let members: Vec<String> = keys.iter().map(|k| format!("{}:{}", Value::String((*k).clone()), canonical(&m[k.as_str()]))).collect();
            format!("{{{}}}", members.join(","))
        }
        Value::Array(a) => format!("[{}]", a.iter().map(canonical).collect::<Vec<_>>().join(",")),
        other => other.to_string(),
    }
}

/// The schemas whose hash differs between two lock texts (changed schemas
/// that the checked-in lock does not reflect).
pub fn changed_schemas(checked_in: &str, expected: &str) -> Vec<String> {
    let hashes = |text: &str| -> Vec<(String, String)> {
        serde_json::from_str::<Value>(text)
            .ok()
            .and_then(|v| v.get("schemas").and_then(Value::as_array).cloned())
            .unwrap_or_default()
            .iter()
            .map(|s| (s["path"].as_str().unwrap_or("").to_owned(), s["sha256"].as_str().unwrap_or("").to_owned()))
            .collect()
    };
    let old = hashes(checked_in);
    hashes(expected).into_iter().filter(|(path, hash)| !old.iter().any(|(p, h)| p == path && h == hash)).map(|(path, _)| path).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_form_ignores_member_order_and_spacing() {
        let a: Value = serde_json::from_str(r#"{"b": [1, {"d": 2, "c": 3}], "a": "x"}"#).unwrap();
        let b: Value = serde_json::from_str(r#"{"a":"x","b":[1,{"c":3,"d":2}]}"#).unwrap();
        assert_eq!(canonical(&a), canonical(&b));
        assert_eq!(canonical(&a), r#"{"a":"x","b":[1,{"c":3,"d":2}]}"#);
    }

    #[test]
    fn changed_schemas_are_named() {
        let old = r#"{"schemas": [{"path": "a", "sha256": "1"}, {"path": "b", "sha256": "2"}]}"#;
        let new = r#"{"schemas": [{"path": "a", "sha256": "1"}, {"path": "b", "sha256": "3"}, {"path": "c", "sha256": "4"}]}"#;
        assert_eq!(changed_schemas(old, new), ["b", "c"]);
    }
}
