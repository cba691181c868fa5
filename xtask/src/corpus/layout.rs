//! The corpus on disk: schemas, support schemas, test documents, and
//! SchemaStore's `schema-validation.jsonc`; reading test documents of every
//! format the corpus uses into JSON values.

use anyhow::{Context, Result};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// What `schema-validation.jsonc` says that applies to a generator and validator.
#[derive(Default)]
pub struct Exceptions {
    /// `skiptest`: schemas SchemaStore does not validate at all (empty
    /// redirects to an external schema, or external references).
    pub skip: BTreeSet<String>,
}

impl Exceptions {
    pub fn read(root: &Path) -> Result<Exceptions> {
        let path = root.join("schema-validation.jsonc");
        let Ok(text) = std::fs::read_to_string(&path) else { return Ok(Exceptions::default()) };
        let v: Value = json5::from_str(&text).with_context(|| format!("{}", path.display()))?;
        let list = |k: &str| -> BTreeSet<String> {
            v.get(k).and_then(Value::as_array).map(|a| a.iter().filter_map(Value::as_str).map(str::to_owned).collect()).unwrap_or_default()
        };
        Ok(Exceptions { skip: list("skiptest") })
    }
}

/// The schemas to run: `schemas/*.json` sorted by name, filtered by `only`.
pub fn schemas(root: &Path, only: Option<&str>) -> Result<Vec<String>> {
    let dir = root.join("schemas");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .with_context(|| format!("{}", dir.display()))?
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".json"))
        .filter(|n| only.is_none_or(|g| glob(g, n) || glob(g, n.trim_end_matches(".json"))))
        .collect();
    names.sort();
    Ok(names)
}

/// `*` and `?` glob match.
pub fn glob(pattern: &str, name: &str) -> bool {
    fn go(p: &[char], n: &[char]) -> bool {
        match (p.first(), n.first()) {
            (None, None) => true,
            (Some('*'), _) => go(&p[1..], n) || (!n.is_empty() && go(p, &n[1..])),
            (Some('?'), Some(_)) => go(&p[1..], &n[1..]),
            (Some(a), Some(b)) if a == b => go(&p[1..], &n[1..]),
            _ => false,
        }
    }
    go(&pattern.chars().collect::<Vec<_>>(), &name.chars().collect::<Vec<_>>())
}

/// The generator's settings for reading SchemaStore's schemas as its own
/// validator (ajv, with ajv-formats) reads them: draft-07 where a schema
/// names no `$schema`, `format` asserted, the keywords beside a `$ref`
/// applied (codecov's negative tests expect `"type": "object"` beside its
/// `$ref` to refuse `false`), and other schemas retrieved by file name
/// ([`Retriever`]). `cargo xtask corpus` and the corpus-sample test both
/// start from these.
pub fn schemastore_settings(root: &Path, repo: &Path) -> contracts_codegen::Settings {
    let retriever = Retriever::new(root, repo);
    contracts_codegen::Settings::new()
        .with_default_dialect(contracts_codegen::Dialect::Draft7)
        .with_format_assertion(true)
        .with_ref_siblings_applied(true)
        .with_retriever(std::sync::Arc::new(move |uri: &str| retriever.get(uri)))
}

/// Finds the text of a document referenced by URI: SchemaStore URLs (and
/// any URL) by file name in `schemas/` or `support-schemas/`, the official
/// metaschemas from the copies vendored in tests/conformance/metaschemas.
pub struct Retriever {
    pub dirs: Vec<PathBuf>,
    pub metaschemas: PathBuf,
    /// The corpus schemas by their own `$id` (or draft-04 `id`), read the
    /// first time a file-name lookup fails: SchemaStore schemas refer to
    /// each other by upstream addresses (a `raw.githubusercontent.com` URL
    /// that is the `$id` of a schema stored under another file name).
    by_id: std::sync::OnceLock<std::collections::HashMap<String, PathBuf>>,
}

impl Retriever {
    pub fn new(root: &Path, repo: &Path) -> Retriever {
        Retriever {
            dirs: vec![root.join("schemas"), root.join("support-schemas")],
            metaschemas: repo.join("tests/conformance/metaschemas"),
            by_id: std::sync::OnceLock::new(),
        }
    }

    pub fn get(&self, uri: &str) -> Option<String> {
        let uri = uri.split('#').next().unwrap_or(uri);
        if uri.contains("://json-schema.org/") {
            let file = if uri.contains("draft-04") {
                "draft4.json"
            } else if uri.contains("draft-06") {
                "draft6.json"
            } else if uri.contains("draft-07") {
                "draft7.json"
            } else {
                // 2019-09 and 2020-12: the path after `draft/`.
                let rest = uri.split("/draft/").nth(1)?;
                let (draft, tail) = rest.split_once('/')?;
                let dir = format!("draft{}", draft);
                return std::fs::read_to_string(self.metaschemas.join(dir).join(format!("{tail}.json")))
                    .or_else(|_| std::fs::read_to_string(self.metaschemas.join(format!("draft{draft}")).join(tail)))
                    .ok();
            };
            return std::fs::read_to_string(self.metaschemas.join(file)).ok();
        }
        let name = uri.rsplit('/').next()?;
        if name.is_empty() || name.contains("..") {
            return None;
        }
        let name = if name.ends_with(".json") { name.to_owned() } else { format!("{name}.json") };
        self.dirs
            .iter()
            .find_map(|d| std::fs::read_to_string(d.join(&name)).ok())
            .or_else(|| std::fs::read_to_string(self.ids().get(uri.trim_end_matches('#'))?).ok())
    }

    fn ids(&self) -> &std::collections::HashMap<String, PathBuf> {
        self.by_id.get_or_init(|| {
            let mut ids = std::collections::HashMap::new();
            for dir in &self.dirs {
                for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
                    let path = entry.path();
                    let Some(v) = std::fs::read_to_string(&path).ok().and_then(|t| serde_json::from_str::<Value>(&t).ok()) else { continue };
                    let id = v.get("$id").or_else(|| v.get("id")).and_then(Value::as_str);
                    if let Some(id) = id {
                        ids.entry(id.trim_end_matches('#').to_owned()).or_insert(path);
                    }
                }
            }
            ids
        })
    }
}

/// One test document: file name (and document number in a multi-document
/// YAML file), and its JSON value or why it could not be read.
pub struct TestDoc {
    pub name: String,
    pub value: Result<Value, String>,
}

/// Reads every test document for schema `stem` in `dir` (`test` or `negative_test`).
pub fn test_docs(root: &Path, dir: &str, stem: &str) -> Vec<TestDoc> {
    let d = root.join(dir).join(stem);
    let Ok(rd) = std::fs::read_dir(&d) else { return Vec::new() };
    let mut paths: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.is_file()).collect();
    paths.sort();
    let mut out = Vec::new();
    for p in paths {
        let name = p.file_name().unwrap_or_default().to_string_lossy().into_owned();
        let ext = p.extension().unwrap_or_default().to_string_lossy().to_lowercase();
        let text = match std::fs::read_to_string(&p) {
            Ok(t) => t,
            Err(e) => {
                out.push(TestDoc { name, value: Err(format!("unreadable: {e}")) });
                continue;
            }
        };
        match ext.as_str() {
            "json" => out.push(TestDoc { name, value: serde_json::from_str(&text).map_err(|e| format!("JSON: {e}")) }),
            "json5" | "jsonc" => out.push(TestDoc { name, value: json5::from_str(&text).map_err(|e| format!("JSON5: {e}")) }),
            "toml" => out.push(TestDoc { name, value: toml::from_str::<toml::Value>(&text).map(toml_to_json).map_err(|e| format!("TOML: {e}")) }),
            "yaml" | "yml" => {
                let docs = yaml_docs(&text);
                let many = docs.len() > 1;
                for (i, v) in docs.into_iter().enumerate() {
                    let name = if many { format!("{name}#{i}") } else { name.clone() };
                    out.push(TestDoc { name, value: v });
                }
            }
            other => out.push(TestDoc { name, value: Err(format!("unsupported format `.{other}`")) }),
        }
    }
    out
}

/// Every document of a (possibly multi-document) YAML stream, as JSON.
/// Empty documents (a stream ending in `---`) are left out. Read with the
/// runtime's reader: integers beyond `u64` (`111222333444555666777`, up to
/// `u128`) stay exact, a repeated key is refused as in JSON, a tag is dropped
/// (`!Ref x` is `x`), keys are their scalar text (`200`, `true`).
fn yaml_docs(text: &str) -> Vec<Result<Value, String>> {
    let mut out = Vec::new();
    // Editors leave a byte-order mark after a leading comment line
    // (`# yaml-language-server: …` then `\u{feff}name: …`); YAML allows
    // one only at the start of a stream or document, and libyaml stops.
    let text = text.trim_start_matches('\u{feff}').replace("\n\u{feff}", "\n");
    for de in serde_yaml_ng::Deserializer::from_str(&text) {
        match contracts_runtime::value_from(de, contracts_runtime::ReadSettings::new()) {
            Ok(Value::Null) if !out.is_empty() => {}
            Ok(v) => out.push(Ok(v)),
            Err(e) => {
                out.push(Err(format!("YAML: {e}")));
                break;
            }
        }
    }
    if out.is_empty() {
        out.push(Ok(Value::Null));
    }
    out
}

fn toml_to_json(v: toml::Value) -> Value {
    match v {
        toml::Value::String(s) => Value::String(s),
        toml::Value::Integer(i) => Value::from(i),
        toml::Value::Float(f) => serde_json::Number::from_f64(f).map(Value::Number).unwrap_or(Value::Null),
        toml::Value::Boolean(b) => Value::Bool(b),
        toml::Value::Datetime(d) => Value::String(d.to_string()),
        toml::Value::Array(a) => Value::Array(a.into_iter().map(toml_to_json).collect()),
        toml::Value::Table(t) => Value::Object(t.into_iter().map(|(k, v)| (k, toml_to_json(v))).collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs() {
        assert!(glob("renovate*", "renovate-42.json"));
        assert!(glob("a?c.json", "abc.json"));
        assert!(!glob("b*", "abc.json"));
    }

    #[test]
    fn multi_document_yaml() {
        let d = yaml_docs("a: 1\n---\nb: on\n---\n");
        assert_eq!(d.len(), 2);
        assert_eq!(d[1].as_ref().unwrap(), &serde_json::json!({"b": "on"}));
    }

    #[test]
    fn yaml_numbers_keys_and_tags() {
        let d = yaml_docs("id: 111222333444555666777\nneg: -111222333444555666777\n200: ok\ntrue: t\nref: !Ref x\nlist: !Seq [1, 2.5]\n");
        let v = d[0].as_ref().unwrap();
        assert_eq!(
            serde_json::to_string(v).unwrap(),
            r#"{"id":111222333444555666777,"neg":-111222333444555666777,"200":"ok","true":"t","ref":"x","list":[1,2.5]}"#
        );
        let d = yaml_docs("a: 1\na: 2\n");
        assert!(d[0].as_ref().unwrap_err().contains("duplicateKey"), "{d:?}");
        assert!(yaml_docs("a: .inf\n")[0].is_err());
    }

    #[test]
    fn byte_order_mark_after_a_comment_line() {
        let d = yaml_docs("# yaml-language-server: $schema=x.json\n\u{feff}name: 不老梦\nn: 1\n");
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].as_ref().unwrap(), &serde_json::json!({"name": "不老梦", "n": 1}));
    }
}
