//! Stage 1, load: parse each document, find its dialect, and index every
//! schema resource (`$id`) and anchor so references can be resolved.

pub use crate::dialect::Dialect;
use crate::keywords::{numeric, string_length};
use crate::{Error, SchemaInput, Settings};
use serde_json::Value;
use std::collections::{BTreeSet, HashMap};
use std::path::PathBuf;

/// Index of a document in [`Sources::docs`].
pub type DocId = usize;

/// One parsed document.
#[derive(Debug)]
pub struct Doc {
    /// The input path, for messages.
    pub path: String,
    /// Its module name, when a module is generated for it.
    pub module: Option<String>,
    /// The URI it is retrieved by (its base when it has no `$id`).
    pub retrieval_uri: String,
    /// The parsed JSON.
    pub value: Value,
    /// The dialect of its root.
    pub dialect: Dialect,
    /// The text's hash (SHA-256, hex), for headers and the lock file.
    pub sha256: String,
    /// When its `$schema` names a custom metaschema among the inputs that
    /// declares `$vocabulary`: the standard vocabularies it lists, by last
    /// URI segment (`applicator`, `validation`, `format-assertion`, …).
    /// `None`: every vocabulary of the dialect.
    pub vocabularies: Option<BTreeSet<String>>,
}

impl Doc {
    /// Whether `keyword` (in a subschema of `dialect`) belongs to a
    /// vocabulary this document uses. Core keywords, annotations and
    /// unknown keywords always do.
    pub fn uses_keyword(&self, keyword: &str, dialect: Dialect) -> bool {
        let Some(vocabs) = &self.vocabularies else { return true };
        if dialect < Dialect::Draft2019_09 {
            return true;
        }
        let vocab = match keyword {
            _ if string_length::NAMES.contains(&keyword) => string_length::VOCABULARY,
            _ if numeric::NAMES.contains(&keyword) => numeric::VOCABULARY,
            "type" | "enum" | "const" | "pattern" | "maxItems" | "minItems" | "uniqueItems" | "maxContains" | "minContains" | "maxProperties"
            | "minProperties" | "required" | "dependentRequired" => "validation",
            "allOf"
            | "anyOf"
            | "oneOf"
            | "not"
            | "if"
            | "then"
            | "else"
            | "dependentSchemas"
            | "prefixItems"
            | "items"
            | "additionalItems"
            | "contains"
            | "properties"
            | "patternProperties"
            | "additionalProperties"
            | "propertyNames" => "applicator",
            "unevaluatedItems" | "unevaluatedProperties" if dialect >= Dialect::Draft2020_12 => "unevaluated",
            "unevaluatedItems" | "unevaluatedProperties" => "applicator",
            _ => return true,
        };
        vocabs.contains(vocab)
    }

    /// Whether the document's metaschema asks for `format` as an assertion
    /// (the 2020-12 format-assertion vocabulary).
    pub fn asserts_format(&self) -> bool {
        self.vocabularies.as_ref().is_some_and(|v| v.contains("format-assertion"))
    }
}

/// The official metaschemas' hosts: their `$schema` URIs name a dialect.
fn is_official(uri: &str) -> bool {
    uri.contains("://json-schema.org/")
}

/// For each document whose `$schema` names another input (a custom
/// metaschema), takes that metaschema's dialect and `$vocabulary`.
fn custom_metaschemas(docs: &mut Sources) {
    let mut by_uri: HashMap<String, DocId> = HashMap::new();
    for (i, d) in docs.docs.iter().enumerate() {
        by_uri.entry(d.retrieval_uri.clone()).or_insert(i);
        if let Some(id) = d.value.get("$id").and_then(Value::as_str) {
            by_uri.entry(strip_fragment(id).to_owned()).or_insert(i);
        }
    }
    for i in 0..docs.docs.len() {
        let Some(uri) = docs.docs[i].value.get("$schema").and_then(Value::as_str) else { continue };
        let meta = by_uri.get(strip_fragment(uri)).copied().filter(|&m| m != i && !is_official(uri));
        let Some(meta) = meta else {
            if Dialect::from_uri(uri).is_none() {
                // Not a silent guess: say which dialect the file is read in.
                let d = &docs.docs[i];
                docs.warnings.push(crate::Warning {
                    file: d.path.clone(),
                    pointer: "/$schema".to_owned(),
                    message: format!(
                        "`$schema` `{uri}` names no dialect this generator knows (draft-04, -06, -07, 2019-09, 2020-12) nor a meta-schema among the inputs: read as {}",
                        d.dialect.name()
                    ),
                });
            }
            continue;
        };
        let m = &docs.docs[meta];
        let dialect = m.value.get("$schema").and_then(Value::as_str).and_then(Dialect::from_uri).unwrap_or(m.dialect);
        let vocabularies = m
            .value
            .get("$vocabulary")
            .and_then(Value::as_object)
            .map(|v| v.keys().filter(|k| is_official(k)).filter_map(|k| k.rsplit('/').next().map(str::to_owned)).collect::<BTreeSet<String>>());
        let d = &mut docs.docs[i];
        d.dialect = dialect;
        if dialect >= Dialect::Draft2019_09 {
            d.vocabularies = vocabularies;
        }
    }
}

/// Where a subschema lives: document and JSON Pointer in it.
pub type Place = (DocId, String);

/// Facts about each subschema found by walking the documents.
#[derive(Clone, Debug)]
pub struct SchemaInfo {
    /// The base URI in force (no fragment).
    pub base: String,
    /// The pointer of this subschema relative to its resource's root.
    pub resource_pointer: String,
    /// Its dialect.
    pub dialect: Dialect,
}

/// All documents, with every resource and anchor indexed.
#[derive(Debug, Default)]
pub struct Sources {
    /// The documents, in input order.
    pub docs: Vec<Doc>,
    /// What loading noticed (an unknown `$schema`), handed to the IR's warnings.
    pub warnings: Vec<crate::Warning>,
    /// Resource URI (no fragment) → place of its root.
    pub resources: HashMap<String, Place>,
    /// (resource URI, anchor name) → place (`$anchor`, plain-name `$id`s,
    /// `$dynamicAnchor`).
    pub anchors: HashMap<(String, String), Place>,
    /// (resource URI, name) → place, for `$dynamicAnchor` only.
    pub dynamic_anchors: HashMap<(String, String), Place>,
    /// Every subschema the walk reached.
    pub info: HashMap<Place, SchemaInfo>,
    /// Resources named by `$ref`s (absolute, no fragment), for the retriever.
    referenced: Vec<String>,
    /// Every `$ref` to a resource not loaded when it was read, to explain
    /// one that stays unresolved.
    external_refs: Vec<ExternalRef>,
    /// The files `Settings::with_local_schemas` looked for in vain, by URI.
    missing_local_files: HashMap<String, PathBuf>,
}

/// A `$ref` to another resource, and where it is.
#[derive(Debug)]
struct ExternalRef {
    /// The resource's URI (absolute, no fragment).
    resource: String,
    doc: DocId,
    /// The pointer of the `$ref` keyword in `doc`.
    pointer: String,
}

/// What is wrong with a schema file that serde_json refuses: nesting past
/// its limit is valid JSON, but more than the generator reads.
fn json_error(e: &serde_json::Error) -> String {
    if e.to_string().starts_with("recursion limit exceeded") {
        format!("nested 128 arrays/objects deep or more at line {} column {}: the generator reads at most 127 levels", e.line(), e.column())
    } else {
        format!("not valid JSON: {e}")
    }
}

/// Parses and indexes the inputs.
pub fn load(settings: &Settings, inputs: &[SchemaInput]) -> Result<Sources, Error> {
    let mut docs = Sources::default();
    let mut modules: HashMap<String, String> = HashMap::new();
    for input in inputs {
        let value: Value = serde_json::from_str(&input.text).map_err(|e| Error::at(&input.path, "", json_error(&e)))?;
        let dialect = value.get("$schema").and_then(Value::as_str).and_then(Dialect::from_uri).or(input.default_dialect).unwrap_or(settings.default_dialect);
        let module = input.generate.then(|| input.module_name());
        if let Some(m) = &module {
            if let Some(other) = modules.insert(m.clone(), input.path.clone()) {
                return Err(Error::at(&input.path, "", format!("gives module `{m}`, as `{other}` does: rename one")));
            }
        }
        let retrieval_uri = input.retrieval_uri.clone().unwrap_or_else(|| format!("file:///{}", input.path.trim_start_matches('/')));
        let retrieval_uri = strip_fragment(&retrieval_uri).to_owned();
        docs.docs.push(Doc { path: input.path.clone(), module, retrieval_uri, value, dialect, sha256: sha256_hex(input.text.as_bytes()), vocabularies: None });
    }
    custom_metaschemas(&mut docs);
    for id in 0..docs.docs.len() {
        index_doc(&mut docs, id)?;
    }
    if settings.retrieves() {
        retrieve(settings, &mut docs)?;
    }
    Ok(docs)
}

fn index_doc(docs: &mut Sources, id: DocId) -> Result<(), Error> {
    let doc = &docs.docs[id];
    let (value, uri, dialect) = (doc.value.clone(), doc.retrieval_uri.clone(), doc.dialect);
    docs.resources.entry(uri.clone()).or_insert((id, String::new()));
    index(docs, id, &value, String::new(), &uri, String::new(), dialect)
}

/// Whether `uri` names a loaded resource, directly or by its file name
/// (the same rule the resolver follows).
pub fn find_resource(docs: &Sources, uri: &str) -> Option<Place> {
    if let Some(p) = docs.resources.get(uri) {
        return Some(p.clone());
    }
    // A well-known schema store URL, or any URL whose last segment names
    // a loaded document: resolve by file name.
    let name = uri.rsplit('/').next()?;
    if name.is_empty() {
        return None;
    }
    let mut matches = (0..docs.docs.len()).filter(|&d| docs.docs[d].path.rsplit('/').next() == Some(name));
    match (matches.next(), matches.next()) {
        (Some(d), None) => Some((d, String::new())),
        _ => None,
    }
}

/// Loads, from the local folders and through the retriever, each referenced
/// resource that no loaded document provides, and the ones those reference
/// in turn.
fn retrieve(settings: &Settings, docs: &mut Sources) -> Result<(), Error> {
    let mut tried: BTreeSet<String> = BTreeSet::new();
    while let Some(uri) = docs.referenced.pop() {
        if !tried.insert(uri.clone()) || find_resource(docs, &uri).is_some() {
            continue;
        }
        let Some(text) = fetch(settings, docs, &uri)? else { continue };
        let Ok(value) = serde_json::from_str::<Value>(&text) else { continue };
        let dialect = value.get("$schema").and_then(Value::as_str).and_then(Dialect::from_uri).unwrap_or(settings.default_dialect);
        let id = docs.docs.len();
        docs.docs.push(Doc {
            path: uri.clone(),
            module: None,
            retrieval_uri: uri.clone(),
            value,
            dialect,
            sha256: sha256_hex(text.as_bytes()),
            vocabularies: None,
        });
        index_doc(docs, id)?;
    }
    Ok(())
}

/// The text of `uri`: the file a local folder maps it to, else what the
/// retriever gives. A mapped file that is there but unreadable or not JSON is
/// an error naming it (it is the user's own file); one that is not there is
/// remembered for the unresolved-reference message.
fn fetch(settings: &Settings, docs: &mut Sources, uri: &str) -> Result<Option<String>, Error> {
    if let Some((mapping, file)) = settings.local_file(uri) {
        let mapped = || format!("read for `{uri}` under `{}` (Settings::with_local_schemas)", mapping.prefix);
        match std::fs::read_to_string(&file) {
            Ok(text) => {
                if let Err(e) = serde_json::from_str::<Value>(&text) {
                    return Err(Error::at(&file.display().to_string(), "", format!("not valid JSON: {e}; {}", mapped())));
                }
                return Ok(Some(text));
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                docs.missing_local_files.insert(uri.to_owned(), file);
            }
            Err(e) => return Err(Error::at(&file.display().to_string(), "", format!("{e}; {}", mapped()))),
        }
    }
    Ok(settings.retriever.as_ref().and_then(|r| (r.0)(uri)))
}

/// Adds to the error of a `$ref` whose resource no input, local folder or
/// retriever provided where the generator looked and the two ways to make
/// it resolve; other errors are returned as they are.
pub(crate) fn explain_unresolved(docs: &Sources, mut e: Error) -> Error {
    let unresolved =
        docs.external_refs.iter().find(|r| docs.docs[r.doc].path == e.file && r.pointer == e.pointer && find_resource(docs, &r.resource).is_none());
    let Some(r) = unresolved else { return e };
    let looked = match docs.missing_local_files.get(&r.resource) {
        Some(file) => format!(" (Settings::with_local_schemas maps it to {}, which does not exist)", file.display()),
        None => String::new(),
    };
    let prefix = match r.resource.rfind('/') {
        Some(i) => &r.resource[..=i],
        None => r.resource.as_str(),
    };
    e.reason = format!(
        "{}{looked}. To resolve it, pass the document among the inputs \
         (`SchemaInput::new(path, text).referenced_only()`), or map its URL to a folder of local schemas: \
         `Settings::with_local_schemas(\"{prefix}\", DIR)` (or `Settings::with_retriever` for any other source)",
        e.reason
    );
    e
}

/// Walks one subschema, recording its base URI and dialect, resources and anchors.
fn index(docs: &mut Sources, doc: DocId, v: &Value, pointer: String, base: &str, resource_pointer: String, dialect: Dialect) -> Result<(), Error> {
    let Value::Object(m) = v else {
        docs.info.insert((doc, pointer), SchemaInfo { base: base.to_owned(), resource_pointer, dialect });
        return Ok(());
    };
    let dialect = match m.get("$schema").and_then(Value::as_str).and_then(Dialect::from_uri) {
        Some(d) if !pointer.is_empty() => d,
        _ => dialect,
    };
    let mut base = base.to_owned();
    let mut resource_pointer = resource_pointer;
    // In draft-07 and before, `$ref` hides `$id` beside it.
    let ref_hides = dialect.ref_overrides_siblings() && m.contains_key("$ref");
    if let Some(id) = m.get(dialect.id_keyword()).and_then(Value::as_str).filter(|_| !ref_hides) {
        if let Some(anchor) = id.strip_prefix('#') {
            // draft-06/07 (and draft-04) plain-name fragment: an anchor.
            if dialect <= Dialect::Draft7 && !anchor.is_empty() && !anchor.starts_with('/') {
                docs.anchors.entry((base.clone(), anchor.to_owned())).or_insert((doc, pointer.clone()));
            }
        } else {
            let full = resolve_uri(&base, id).map_err(|e| Error::at(&docs.docs[doc].path, &pointer, e))?;
            let (res, frag) = split_fragment(&full);
            base = res.to_owned();
            resource_pointer = String::new();
            docs.resources.entry(base.clone()).or_insert((doc, pointer.clone()));
            if dialect <= Dialect::Draft7 && !frag.is_empty() && !frag.starts_with('/') {
                docs.anchors.entry((base.clone(), frag.to_owned())).or_insert((doc, pointer.clone()));
            }
        }
    }
    if dialect >= Dialect::Draft2019_09 {
        if let Some(a) = m.get("$anchor").and_then(Value::as_str) {
            docs.anchors.entry((base.clone(), a.to_owned())).or_insert((doc, pointer.clone()));
        }
        if let Some(a) = m.get("$dynamicAnchor").and_then(Value::as_str) {
            docs.anchors.entry((base.clone(), a.to_owned())).or_insert((doc, pointer.clone()));
            docs.dynamic_anchors.entry((base.clone(), a.to_owned())).or_insert((doc, pointer.clone()));
        }
    }
    if let Some(r) = m.get("$ref").and_then(Value::as_str) {
        if let Ok(full) = resolve_uri(&base, r) {
            let res = strip_fragment(&full);
            if !res.is_empty() && !docs.resources.contains_key(res) {
                docs.referenced.push(res.to_owned());
                docs.external_refs.push(ExternalRef { resource: res.to_owned(), doc, pointer: format!("{pointer}/$ref") });
            }
        }
    }
    docs.info.insert((doc, pointer.clone()), SchemaInfo { base: base.clone(), resource_pointer: resource_pointer.clone(), dialect });
    for (kw, child) in m {
        let kw_ptr = format!("{pointer}/{}", escape_token(kw));
        let kw_res = format!("{resource_pointer}/{}", escape_token(kw));
        for (rel, sub) in subschemas(kw, child, dialect) {
            index(docs, doc, sub, format!("{kw_ptr}{rel}"), &base, format!("{kw_res}{rel}"), dialect)?;
        }
    }
    Ok(())
}

/// The subschemas a keyword holds, as (relative pointer, value) pairs.
pub fn subschemas<'a>(kw: &str, v: &'a Value, dialect: Dialect) -> Vec<(String, &'a Value)> {
    let single = |v: &'a Value| if v.is_object() || v.is_boolean() { vec![(String::new(), v)] } else { vec![] };
    let array = |v: &'a Value| match v {
        Value::Array(a) => a.iter().enumerate().map(|(i, x)| (format!("/{i}"), x)).collect(),
        _ => vec![],
    };
    let map = |v: &'a Value| match v {
        Value::Object(m) => m.iter().filter(|(_, x)| x.is_object() || x.is_boolean()).map(|(k, x)| (format!("/{}", escape_token(k)), x)).collect(),
        _ => vec![],
    };
    match kw {
        "additionalProperties" | "propertyNames" | "not" | "contains" => single(v),
        "if" | "then" | "else" if dialect >= Dialect::Draft7 => single(v),
        "unevaluatedItems" | "unevaluatedProperties" | "dependentSchemas" if dialect >= Dialect::Draft2019_09 => {
            if kw == "dependentSchemas" {
                map(v)
            } else {
                single(v)
            }
        }
        "additionalItems" => single(v),
        "items" => match v {
            Value::Array(_) => array(v),
            _ => single(v),
        },
        "prefixItems" if dialect >= Dialect::Draft2020_12 => array(v),
        "allOf" | "anyOf" | "oneOf" => array(v),
        "properties" | "patternProperties" | "$defs" | "definitions" => map(v),
        "dependencies" => map(v),
        _ => vec![],
    }
}

/// Escapes a JSON Pointer reference token.
pub fn escape_token(s: &str) -> String {
    s.replace('~', "~0").replace('/', "~1")
}

/// Unescapes a JSON Pointer reference token.
pub fn unescape_token(s: &str) -> String {
    s.replace("~1", "/").replace("~0", "~")
}

/// Resolves `reference` against `base` (RFC 3986), keeping URNs and other
/// opaque URIs working for fragment-only references.
pub fn resolve_uri(base: &str, reference: &str) -> Result<String, String> {
    if reference.is_empty() {
        return Ok(base.to_owned());
    }
    if let Some(frag) = reference.strip_prefix('#') {
        return Ok(normalize(&format!("{}#{frag}", strip_fragment(base))));
    }
    if let Ok(abs) = url::Url::parse(reference) {
        return Ok(normalize(abs.as_str()));
    }
    let b = url::Url::parse(base).map_err(|e| format!("base URI `{base}` is not absolute ({e})"))?;
    let joined = b.join(reference).map_err(|e| format!("cannot resolve `{reference}` against `{base}` ({e})"))?;
    Ok(normalize(joined.as_str()))
}

fn normalize(u: &str) -> String {
    u.strip_suffix('#').unwrap_or(u).to_owned()
}

/// The URI without its fragment.
pub fn strip_fragment(u: &str) -> &str {
    split_fragment(u).0
}

/// Splits `u` at `#` into resource and fragment.
pub fn split_fragment(u: &str) -> (&str, &str) {
    match u.find('#') {
        Some(i) => (&u[..i], &u[i + 1..]),
        None => (u, ""),
    }
}

/// SHA-256 of `bytes` as lower-case hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest;
    let digest = sha2::Sha256::digest(bytes);
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris_resolve_relative_fragment_and_urn() {
        assert_eq!(resolve_uri("http://x/a/b.json", "c.json#/d").unwrap(), "http://x/a/c.json#/d");
        assert_eq!(resolve_uri("urn:uuid:1234", "#foo").unwrap(), "urn:uuid:1234#foo");
        assert_eq!(resolve_uri("file:///s/a.json", "#").unwrap(), "file:///s/a.json");
        assert!(resolve_uri("not a uri", "x.json").is_err());
    }

    #[test]
    fn ids_and_anchors_are_indexed() {
        let input = SchemaInput::new("a.json", r##"{"$id": "http://x/root.json", "$defs": {"B": {"$id": "b.json", "$anchor": "here"}}}"##);
        let docs = load(&Settings::new(), &[input]).unwrap();
        assert_eq!(docs.resources["http://x/b.json"], (0, "/$defs/B".to_owned()));
        assert_eq!(docs.anchors[&("http://x/b.json".to_owned(), "here".to_owned())], (0, "/$defs/B".to_owned()));
        assert_eq!(docs.info[&(0, "/$defs/B".to_owned())].resource_pointer, "");
    }

    #[test]
    fn custom_metaschema_vocabularies_are_read() {
        let meta = SchemaInput::new(
            "meta.json",
            r#"{"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "http://x/meta",
                "$vocabulary": {"https://json-schema.org/draft/2020-12/vocab/core": true,
                                "https://json-schema.org/draft/2020-12/vocab/applicator": true,
                                "http://x/vocab/custom": false}}"#,
        )
        .referenced_only();
        let schema = SchemaInput::new("s.json", r#"{"$schema": "http://x/meta", "minimum": 10}"#);
        let docs = load(&Settings::new().with_default_dialect(Dialect::Draft7), &[meta, schema]).unwrap();
        let d = &docs.docs[1];
        assert_eq!(d.dialect, Dialect::Draft2020_12);
        assert!(d.uses_keyword("properties", d.dialect));
        assert!(!d.uses_keyword("minimum", d.dialect));
        assert!(!d.uses_keyword("unevaluatedProperties", d.dialect));
        assert!(d.uses_keyword("$ref", d.dialect));
        assert!(!d.asserts_format());
        assert!(docs.docs[0].vocabularies.is_none());
    }

    #[test]
    fn referenced_documents_are_retrieved_lazily_and_transitively() {
        use std::sync::{Arc, Mutex};
        let asked = Arc::new(Mutex::new(Vec::new()));
        let log = asked.clone();
        let settings = Settings::new().with_retriever(Arc::new(move |uri: &str| {
            log.lock().unwrap().push(uri.to_owned());
            match uri {
                "https://s.example/a.json" => Some(r#"{"$ref": "b.json#/definitions/x"}"#.to_owned()),
                "https://s.example/b.json" => Some(r#"{"definitions": {"x": {"type": "string"}}}"#.to_owned()),
                _ => None,
            }
        }));
        let input = SchemaInput::new("s.json", r#"{"$id": "https://s.example/s.json", "properties": {"p": {"$ref": "a.json"}}}"#);
        let docs = load(&settings, &[input]).unwrap();
        assert_eq!(docs.docs.len(), 3);
        assert!(docs.docs[1].module.is_none());
        assert_eq!(*asked.lock().unwrap(), ["https://s.example/a.json", "https://s.example/b.json"]);
        let ir = crate::ir::build(&settings, &docs).unwrap();
        assert!(ir.nodes.len() >= 4);
    }

    #[test]
    fn bad_json_names_the_file() {
        let err = load(&Settings::new(), &[SchemaInput::new("bad.json", "{")]).unwrap_err();
        assert_eq!(err.file, "bad.json");
        assert!(err.reason.contains("not valid JSON"));
    }
}
