//! The labelled pairs in ../shared/corpus/drift/ run as tests: agreement is
//! counted and printed; every disagreement must be listed, with its reason,
//! in tests/known-disagreements.txt, and every listed one must still occur.

use contracts_codegen::Dialect;
use contracts_drift::{compare_sets, Allowlist, Breaks, Config, SchemaFile};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::PathBuf;

fn corpus_dir() -> PathBuf {
    match std::env::var_os("CONTRACTS_CORPUS") {
        Some(p) => PathBuf::from(p).join("drift"),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/corpus/drift"),
    }
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

fn known() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/known-disagreements.txt")).unwrap_or_default();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (k, r) = l.split_once(" | ").unwrap_or((l, ""));
            (k.trim().to_owned(), r.trim().to_owned())
        })
        .collect()
}

#[test]
fn labelled_corpus_agreement() {
    let dir = corpus_dir();
    let Ok(apicurio) = std::fs::read_to_string(dir.join("apicurio-compatibility.json")) else {
        eprintln!("corpus not found at {}: skipped", dir.display());
        return;
    };
    let mut disagreements: BTreeMap<String, String> = BTreeMap::new();
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
        match verdict(&t["original"], &t["updated"], Dialect::Draft7) {
            Ok(b) if b == expect => a_ok += 1,
            Ok(b) => {
                disagreements.insert(key, format!("expected {}, got {}", show(expect), show(b)));
            }
            Err(e) => {
                disagreements.insert(key, format!("error: {e}"));
            }
        }
    }
    let (mut j_ok, mut j_n) = (0, 0);
    let jc = std::fs::read_to_string(dir.join("jsoncompat-backcompat.jsonl")).unwrap();
    for line in jc.lines().filter(|l| !l.trim().is_empty()) {
        let t: Value = serde_json::from_str(line).unwrap();
        j_n += 1;
        let expect = Breaks { readers: t["expect"]["serializer"] == false, writers: t["expect"]["deserializer"] == false };
        let key = format!("jsoncompat:{}", t["name"].as_str().unwrap_or(""));
        // jsoncompat reads it as 2020-12 (its pairs use prefixItems, dependentRequired).
        match verdict(&t["old"], &t["new"], Dialect::Draft2020_12) {
            Ok(b) if b == expect => j_ok += 1,
            Ok(b) => {
                disagreements.insert(key, format!("expected {}, got {}", show(expect), show(b)));
            }
            Err(e) => {
                disagreements.insert(key, format!("error: {e}"));
            }
        }
    }
    println!("apicurio agreement: {a_ok}/{a_n}");
    println!("jsoncompat agreement: {j_ok}/{j_n}");
    let listed = known();
    let mut problems = Vec::new();
    for (k, why) in &disagreements {
        if !listed.contains_key(k) {
            problems.push(format!("unlisted disagreement: {k} | {why}"));
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
