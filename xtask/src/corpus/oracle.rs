//! `--compare`: the `jsonschema` crate (validation only) on the same
//! schemas and documents, with the same retrieval rules.

use super::layout::Retriever;
use serde_json::Value;
use std::path::Path;
use std::sync::Arc;

struct Retrieve(Arc<Retriever>);

impl jsonschema::Retrieve for Retrieve {
    fn retrieve(&self, uri: &jsonschema::Uri<String>) -> Result<Value, Box<dyn std::error::Error + Send + Sync>> {
        let text = self.0.get(uri.as_str()).ok_or_else(|| format!("unknown document {}", uri.as_str()))?;
        Ok(serde_json::from_str(&text)?)
    }
}

/// Verdicts of the `jsonschema` crate for each document (`None`: it could
/// not build a validator for the schema, or panicked).
pub fn verdicts(root: &Path, repo: &Path, schema_name: &str, docs: &[&Value]) -> Result<Vec<Option<bool>>, String> {
    let text = std::fs::read_to_string(root.join("schemas").join(schema_name)).map_err(|e| e.to_string())?;
    let schema: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let retriever = Arc::new(Retriever::new(root, repo));
    let built = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let mut opts = jsonschema::options().with_retriever(Retrieve(retriever));
        if schema.get("$schema").and_then(Value::as_str).is_none() {
            opts = opts.with_draft(jsonschema::Draft::Draft7);
        }
        opts.build(&schema)
    }));
    let validator = match built {
        Ok(Ok(v)) => v,
        Ok(Err(e)) => return Err(format!("jsonschema: {e}")),
        Err(_) => return Err("jsonschema panicked building the validator".to_owned()),
    };
    Ok(docs.iter().map(|d| std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| validator.is_valid(d))).ok()).collect())
}
