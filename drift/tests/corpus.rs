//! The labelled pairs in tests/data/drift/ (or `$CONTRACTS_CORPUS/drift`) run as tests: agreement is
//! counted and printed; every disagreement must be listed, with its reason,
//! in tests/known-disagreements.txt, and every listed one must still occur.

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
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!("cannot read the drift corpus file {}: {e} (the copy in tests/data/drift, or `$CONTRACTS_CORPUS/drift`)", path.display())
    })
}

/// The verdict on one pair: who breaks (file identity kinds left out).
fn verdict(old: &Value, new: &Value) -> Result<Breaks, String> {
    let f = |v: &Value| vec![SchemaFile { rel: "s.json".into(), path: "s.json".into(), text: v.to_string() }];
    let r = compare_sets(&f(old), &f(new), &Config::default(), &Allowlist::default())?;
    Ok(r.schemas.iter().flat_map(|s| &s.changes).filter(|c| !matches!(c.kind, "id-changed" | "schema-renamed")).fold(Breaks::NONE, |a, c| a.or(c.breaks)))
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
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/known-disagreements.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
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
    let apicurio = read_corpus("apicurio-compatibility.json");
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
        match verdict(&t["original"], &t["updated"]) {
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
    let jc = read_corpus("jsoncompat-backcompat.jsonl");
    for line in jc.lines().filter(|l| !l.trim().is_empty()) {
        let t: Value = serde_json::from_str(line).unwrap();
        j_n += 1;
        let expect = Breaks { readers: t["expect"]["serializer"] == false, writers: t["expect"]["deserializer"] == false };
        let key = format!("jsoncompat:{}", t["name"].as_str().unwrap_or(""));
        match verdict(&t["old"], &t["new"]) {
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
    assert!(a_n > 0 && j_n > 0, "the drift corpus in {} holds no pairs", corpus_dir().display());
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
