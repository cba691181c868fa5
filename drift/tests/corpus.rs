//! The labelled pairs in tests/data/drift/ (or `$CONTRACTS_CORPUS/drift`) run as tests: agreement is
//! counted and printed; every disagreement must be listed, with its reason,
//! in tests/known-disagreements.txt, every listed one must still occur, and
//! each carries a witness that our verdict is right, checked here with an
//! independent validator (the `jsonschema` crate).

use contracts_codegen::Dialect;
use contracts_drift::{compare_sets, Allowlist, Breaks, Config, SchemaFile};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// `$CONTRACTS_CORPUS/drift`, or the copy vendored in tests/data/drift.
fn corpus_dir() -> PathBuf {
    match std::env::var_os("CONTRACTS_CORPUS") {
        Some(p) => PathBuf::from(p).join("drift"),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data/drift"),
    }
}

/// A corpus file's text; a missing file fails the test, naming where it was
/// looked for and the variable that moves it.
fn read_corpus(file: &str) -> String {
    let path = corpus_dir().join(file);
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read the drift corpus file {}: {e} (the copy in tests/data/drift, or `$CONTRACTS_CORPUS/drift`)", path.display()))
}

/// The verdict on one pair: who breaks. Schemas without `$schema` are read
/// in `dialect`, as the project the pairs come from reads them.
fn verdict(old: &Value, new: &Value, dialect: Dialect) -> Result<Breaks, String> {
    let f = |v: &Value| vec![SchemaFile { rel: "s.json".into(), path: "s.json".into(), text: v.to_string() }];
    let mut config = Config::default();
    config.default.default_dialect = dialect;
    let r = compare_sets(&f(old), &f(new), &config, &Allowlist::default())?;
    if let Some(e) = r.schemas.iter().find_map(|s| s.error_message()) {
        return Err(e);
    }
    Ok(r.schemas.iter().flat_map(|s| &s.changes).fold(Breaks::NONE, |a, c| a.or(c.breaks)))
}

fn show(b: Breaks) -> String {
    match (b.readers, b.writers) {
        (false, false) => "neither".into(),
        (true, false) => "readers".into(),
        (false, true) => "writers".into(),
        (true, true) => "both".into(),
    }
}

/// A listed disagreement: why, and the witness that our verdict is right.
struct Listed {
    reason: String,
    witness: Option<Value>,
}

/// `KEY | reason | witness` lines; the witness is a JSON object (see the file's header).
fn known() -> BTreeMap<String, Listed> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/known-disagreements.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (k, rest) = l.split_once(" | ").unwrap_or((l, ""));
            let (reason, witness) = match rest.rsplit_once(" | ") {
                Some((r, w)) if w.trim_start().starts_with('{') => {
                    (r, Some(serde_json::from_str(w).unwrap_or_else(|e| panic!("{k}: the witness is not valid JSON: {e}"))))
                }
                _ => (rest, None),
            };
            (k.trim().to_owned(), Listed { reason: reason.trim().to_owned(), witness })
        })
        .collect()
}

/// A pair where our verdict differs from the label.
struct Disagreement {
    old: Value,
    new: Value,
    dialect: Dialect,
    expect: Breaks,
    got: Result<Breaks, String>,
}

impl Disagreement {
    fn describe(&self) -> String {
        match &self.got {
            Ok(b) => format!("expected {}, got {}", show(self.expect), show(*b)),
            Err(e) => format!("error: {e}"),
        }
    }
}

/// Checks a listed disagreement's witness with an independent validator
/// (the `jsonschema` crate, `format` as an annotation, as drift reads it):
/// each break we report that the label denies needs a document valid on one
/// side only; each break the label claims and we deny needs a proof and
/// documents (valid on both sides, or on neither) that the claim would rest
/// on; an error needs the generator to refuse the same schema. No document
/// may contradict our verdict.
fn check_witness(d: &Disagreement, witness: Option<&Value>) -> Result<(), String> {
    let w = witness.ok_or("no witness")?;
    let docs = |field: &str| w.get(field).and_then(Value::as_array).cloned().unwrap_or_default();
    if let Err(e) = &d.got {
        let (side, message) =
            (w["refused"]["side"].as_str().ok_or("an error needs a `refused` witness")?, w["refused"]["message"].as_str().unwrap_or_default());
        let schema = if side == "old" { &d.old } else { &d.new };
        let input = contracts_codegen::SchemaInput::new("s.json", schema.to_string()).with_default_dialect(d.dialect);
        let refused = contracts_codegen::generate(&contracts_codegen::Settings::new(), &[input]).err().map(|e| e.to_string()).unwrap_or_default();
        if message.is_empty() || !e.contains(message) || !refused.contains(message) {
            return Err(format!("expected drift and the generator to refuse the {side} schema with `{message}`; drift: {e}; generator: {refused:?}"));
        }
        return Ok(());
    }
    let got = d.got.clone().unwrap_or(Breaks::NONE);
    let draft = match d.dialect {
        Dialect::Draft7 => jsonschema::Draft::Draft7,
        _ => jsonschema::Draft::Draft202012,
    };
    let validator = |schema: &Value| {
        let mut options = jsonschema::options().should_validate_formats(false);
        if schema.get("$schema").is_none() {
            options = options.with_draft(draft);
        }
        options.build(schema).map_err(|e| format!("the validator refuses {schema}: {e}"))
    };
    // The `jsonschema` crate recurses forever on a schema with a branch that
    // only re-applies its own definition (`X = anyOf [X, A]`); such a side
    // is checked through `equivalent`, the same schema with that branch
    // removed, and drift must find the two equal (so the equivalent is the
    // schema drift and the generator read).
    let side = |name: &str, schema: &Value| -> Result<Value, String> {
        let Some(eq) = w.get("equivalent").and_then(|e| e.get(name)) else { return Ok(schema.clone()) };
        match verdict(schema, eq, d.dialect)? {
            Breaks::NONE => Ok(eq.clone()),
            b => Err(format!("the {name} schema and its `equivalent` differ for drift ({})", show(b))),
        }
    };
    let (old, new) = (validator(&side("old", &d.old)?)?, validator(&side("new", &d.new)?)?);
    for (field, in_old, in_new) in [("old_only", true, false), ("new_only", false, true), ("both", true, true), ("neither", false, false)] {
        for doc in docs(field) {
            if (old.is_valid(&doc), new.is_valid(&doc)) != (in_old, in_new) {
                return Err(format!("{field} witness {doc} is valid under old: {}, new: {}", old.is_valid(&doc), new.is_valid(&doc)));
            }
        }
    }
    if !docs("old_only").is_empty() && !got.writers {
        return Err("an old_only document shows a writers break we do not report".into());
    }
    if !docs("new_only").is_empty() && !got.readers {
        return Err("a new_only document shows a readers break we do not report".into());
    }
    if got.writers && !d.expect.writers && docs("old_only").is_empty() {
        return Err("we say writers break and the label does not: give an old_only document".into());
    }
    if got.readers && !d.expect.readers && docs("new_only").is_empty() {
        return Err("we say readers break and the label does not: give a new_only document".into());
    }
    let denied = (d.expect.writers && !got.writers) || (d.expect.readers && !got.readers);
    if denied && (w["proof"].as_str().is_none_or(|p| p.trim().is_empty()) || docs("both").len() + docs("neither").len() == 0) {
        return Err("the label claims a break we deny: give a `proof` and the documents it rests on (`both` or `neither`)".into());
    }
    Ok(())
}

#[test]
fn labelled_corpus_agreement() {
    let apicurio = read_corpus("apicurio-compatibility.json");
    let mut disagreements: BTreeMap<String, Disagreement> = BTreeMap::new();
    let (mut a_ok, mut a_n) = (0, 0);
    let v: Value = serde_json::from_str(&apicurio).unwrap();
    for (i, t) in v["tests"].as_array().unwrap().iter().enumerate() {
        a_n += 1;
        let expect = match t["compatibility"].as_str().unwrap() {
            "backward" => Breaks::R,
            "both" => Breaks::NONE,
            "none" => Breaks::BOTH,
            "forward" => Breaks::W,
            other => panic!("unknown label {other}"),
        };
        let key = format!("apicurio:{i}:{}", t["id"].as_str().unwrap_or(""));
        // Apicurio Registry reads a schema without `$schema` as draft-07.
        let (old, new, dialect) = (t["original"].clone(), t["updated"].clone(), Dialect::Draft7);
        match verdict(&old, &new, dialect) {
            Ok(b) if b == expect => a_ok += 1,
            got => {
                disagreements.insert(key, Disagreement { old, new, dialect, expect, got });
            }
        }
    }
    let (mut j_ok, mut j_n) = (0, 0);
    let jc = read_corpus("jsoncompat-backcompat.jsonl");
    for line in jc.lines().filter(|l| !l.trim().is_empty()) {
        let t: Value = serde_json::from_str(line).unwrap();
        j_n += 1;
        let expect = Breaks { readers: t["expect"]["serializer"] == false, writers: t["expect"]["deserializer"] == false };
        let key = format!("jsoncompat:{}", t["name"].as_str().unwrap_or(""));
        // jsoncompat reads it as 2020-12 (its pairs use prefixItems, dependentRequired).
        let (old, new, dialect) = (t["old"].clone(), t["new"].clone(), Dialect::Draft2020_12);
        match verdict(&old, &new, dialect) {
            Ok(b) if b == expect => j_ok += 1,
            got => {
                disagreements.insert(key, Disagreement { old, new, dialect, expect, got });
            }
        }
    }
    println!("apicurio agreement: {a_ok}/{a_n}");
    println!("jsoncompat agreement: {j_ok}/{j_n}");
    assert!(a_n > 0 && j_n > 0, "the drift corpus in {} holds no pairs", corpus_dir().display());
    let listed = known();
    let mut problems = Vec::new();
    for (k, d) in &disagreements {
        match listed.get(k) {
            None => problems.push(format!("unlisted disagreement: {k} | {}", d.describe())),
            Some(l) if l.reason.is_empty() => problems.push(format!("listed disagreement without a reason: {k}")),
            Some(l) => {
                if let Err(e) = check_witness(d, l.witness.as_ref()) {
                    problems.push(format!("witness for {k} ({}): {e}", d.describe()));
                }
            }
        }
    }
    for k in listed.keys() {
        if !disagreements.contains_key(k) {
            problems.push(format!("listed disagreement no longer occurs: {k}"));
        }
    }
    for p in &problems {
        println!("{p}");
    }
    assert!(problems.is_empty(), "{} corpus problems (see output)", problems.len());
}

/// Every pair of both corpora reads under a default dialect of draft-07 (as
/// a registry reads schemas without `$schema`): no side is refused.
#[test]
fn every_pair_reads_with_draft7_by_default() {
    let apicurio: Value = serde_json::from_str(&read_corpus("apicurio-compatibility.json")).unwrap();
    let mut pairs: Vec<(String, Value, Value)> =
        apicurio["tests"].as_array().unwrap().iter().enumerate().map(|(i, t)| (format!("apicurio:{i}"), t["original"].clone(), t["updated"].clone())).collect();
    for line in read_corpus("jsoncompat-backcompat.jsonl").lines().filter(|l| !l.trim().is_empty()) {
        let t: Value = serde_json::from_str(line).unwrap();
        pairs.push((format!("jsoncompat:{}", t["name"].as_str().unwrap_or("")), t["old"].clone(), t["new"].clone()));
    }
    assert!(pairs.len() > 200, "{} pairs", pairs.len());
    let unread: Vec<String> = pairs.iter().filter_map(|(k, old, new)| verdict(old, new, Dialect::Draft7).err().map(|e| format!("{k}: {e}"))).collect();
    assert!(unread.is_empty(), "pairs that cannot be read with draft-07 by default:\n{}", unread.join("\n"));
}
