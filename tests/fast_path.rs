//! The one-pass readers (`Contract::fast_read`, the fast path of
//! `from_json_slice`) against the full path (bytes → `Value` → validators →
//! typed value) on every document we can build for the two seeds: the
//! examples, generated valid documents (the bench's generator), every
//! mutation the generator knows, and systematic edits (each member removed,
//! each scalar replaced by each other JSON type, each number shifted,
//! unknown members added, members reordered so `payload` comes before
//! `type`).
//!
//! The rule: when the reader accepts, the full path accepts too and builds
//! an equal value (same fields, same `extra` order, numbers as written).
//! When it finds a broken rule it hands the document up as JSON and the
//! validators report on that: the errors must be exactly the full path's.
//! The reader may decline a valid document, or leave an invalid one to the
//! full path (that only costs speed), so the test also counts how many
//! documents it takes each way, to keep it honest.

#[path = "support/docgen.rs"]
mod docgen;

use contracts::commands::CommandEnvelope;
use contracts::launch_request::LaunchRequest;
use contracts::runtime::fast::{read_document, read_slice, Outcome};
use contracts::runtime::{Ctx, Loc};
use contracts::{Contract, ParseError};
use serde_json::{Map, Value};
use std::path::Path;

/// Generated valid documents per seed.
const GENERATED: usize = 300;
/// The bench's generator seed (`bench/src/docs.rs`), so these are its documents.
const SEED: u64 = 20_260_530;

#[derive(Debug, Default)]
struct Tally {
    documents: usize,
    full_ok: usize,
    fast_ok: usize,
    /// Invalid documents the reader read through, handing them up as JSON.
    fast_invalid: usize,
    disagreements: Vec<String>,
}

/// Compares the reader with the full path on `bytes`.
fn compare<T: Contract + PartialEq + std::fmt::Debug>(bytes: &[u8], what: &str, tally: &mut Tally) {
    tally.documents += 1;
    let fast = read_slice(bytes, |d| T::fast_read(d));
    let full = T::from_json_slice_via_value(bytes);
    tally.full_ok += usize::from(full.is_ok());
    tally.fast_ok += usize::from(fast.is_some());
    let text = String::from_utf8_lossy(bytes);
    match (&fast, &full) {
        (Some(_), Err(e)) => tally.disagreements.push(format!("{what}: fast path accepted what the validators refuse ({e}): {text}")),
        (Some(a), Ok(b)) => {
            if a != b || serde_json::to_string(a).unwrap() != serde_json::to_string(b).unwrap() {
                tally.disagreements.push(format!("{what}: different values\n fast: {a:?}\n full: {b:?}\n doc: {text}"));
            }
        }
        (None, _) => {}
    }
    // An invalid document the reader reads through is handed up with the
    // members it checked left out: the validators must find exactly the
    // full path's errors on that alone (were a settled member hiding an
    // error, `from_json_slice` would fall back to the full path
    // and the comparison below could not tell).
    if let (Err(ParseError::Invalid(want)), Outcome::Invalid(v, settled)) = (&full, read_document(bytes, |d| T::fast_read(d))) {
        let mut ctx = Ctx::collecting_settled(settled);
        let valid = T::check(&v, &Loc::Root, &mut ctx);
        let got = ctx.into_errors();
        if !valid && got == want.0 {
            tally.fast_invalid += 1;
        } else {
            tally
                .disagreements
                .push(format!("{what}: the handed-up document's errors differ:\n handed up: {got:?}\n full: {want:?}\n as handed up: {v}\n doc: {text}"));
        }
    }
    // The public entry point returns exactly the full path's answer: the
    // same value, or the same errors in the same order.
    let public = T::from_json_slice(bytes);
    match (&public, &full) {
        (Ok(a), Ok(b)) if a == b => {}
        (Err(a), Err(b)) if format!("{a:?}") == format!("{b:?}") && a.to_string() == b.to_string() => {}
        _ => tally.disagreements.push(format!("{what}: from_json_slice differs from the full path:\n public: {public:?}\n full: {full:?}\n doc: {text}")),
    }
}

/// Every object and array in `v`, as JSON Pointer token lists.
fn containers(v: &Value, path: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    match v {
        Value::Object(m) => {
            out.push(path.clone());
            for (k, x) in m {
                path.push(k.clone());
                containers(x, path, out);
                path.pop();
            }
        }
        Value::Array(a) => {
            out.push(path.clone());
            for (i, x) in a.iter().enumerate() {
                path.push(i.to_string());
                containers(x, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

fn at<'v>(v: &'v mut Value, path: &[String]) -> &'v mut Value {
    path.iter().fold(v, |v, t| match v {
        Value::Object(m) => m.get_mut(t).unwrap(),
        Value::Array(a) => &mut a[t.parse::<usize>().unwrap()],
        _ => unreachable!("paths come from containers()"),
    })
}

/// Values of each JSON type, and numbers near `n`, to put where a scalar was.
fn replacements(old: &Value) -> Vec<Value> {
    let mut out: Vec<Value> = vec![
        Value::Null,
        Value::Bool(true),
        serde_json::json!(0),
        serde_json::json!(-1),
        serde_json::json!(1.5),
        serde_json::json!(""),
        serde_json::json!("x"),
        serde_json::json!([]),
        serde_json::json!({}),
    ];
    if let Value::Number(n) = old {
        let f = n.as_f64().unwrap();
        out.extend([f + 1.0, f - 1.0, -f, f + 0.5].into_iter().filter_map(|x| serde_json::Number::from_f64(x).map(Value::Number)));
        if let Some(i) = n.as_i64() {
            out.extend([i + 1, i - 1, -i].into_iter().map(|x| Value::Number(x.into())));
            // The same integer written as a float: `rt::Integer` keeps `3.0`.
            out.push(serde_json::from_str(&format!("{i}.0")).unwrap());
        }
        if let Some(u) = n.as_u64() {
            out.push(Value::Number(u.saturating_add(3_145_728).into()));
        }
    }
    if let Value::String(s) = old {
        out.push(Value::String(format!("{s}!")));
        out.push(Value::String(s.chars().skip(1).collect()));
        out.push(Value::String(format!("é{s}")));
        out.push(Value::String(s.to_uppercase()));
    }
    out
}

/// Systematic edits of `doc`: each one alone.
fn edits(doc: &Value) -> Vec<(Value, String)> {
    let mut out = Vec::new();
    let mut paths = Vec::new();
    containers(doc, &mut Vec::new(), &mut paths);
    for p in &paths {
        let keys: Vec<String> = match at(&mut doc.clone(), p) {
            Value::Object(m) => m.keys().cloned().collect(),
            Value::Array(a) => (0..a.len()).map(|i| i.to_string()).collect(),
            _ => continue,
        };
        let is_object = matches!(at(&mut doc.clone(), p), Value::Object(_));
        for k in &keys {
            // Removed.
            let mut d = doc.clone();
            match at(&mut d, p) {
                Value::Object(m) => {
                    m.shift_remove(k);
                }
                Value::Array(a) => {
                    a.remove(k.parse::<usize>().unwrap());
                }
                _ => {}
            }
            out.push((d, format!("{p:?}: removed {k}")));
            // Replaced by other values.
            let mut child_path = p.clone();
            child_path.push(k.clone());
            let old = at(&mut doc.clone(), &child_path).clone();
            if !old.is_object() && !old.is_array() {
                for r in replacements(&old) {
                    let mut d = doc.clone();
                    *at(&mut d, &child_path) = r.clone();
                    out.push((d, format!("{child_path:?} = {r}")));
                }
            } else {
                for r in [Value::Null, serde_json::json!("x"), serde_json::json!(1)] {
                    let mut d = doc.clone();
                    *at(&mut d, &child_path) = r.clone();
                    out.push((d, format!("{child_path:?} = {r}")));
                }
            }
        }
        if is_object {
            // Unknown members, first and last; and a known one repeated.
            for (name, value) in [("zzUnknown", serde_json::json!(1)), ("x-extra", serde_json::json!({"a": [1, "b"]}))] {
                let mut d = doc.clone();
                if let Value::Object(m) = at(&mut d, p) {
                    m.insert(name.to_owned(), value.clone());
                }
                out.push((d, format!("{p:?}: added {name} last")));
                let mut d = doc.clone();
                if let Value::Object(m) = at(&mut d, p) {
                    let mut front = Map::new();
                    front.insert(name.to_owned(), value.clone());
                    front.extend(std::mem::take(m));
                    *m = front;
                }
                out.push((d, format!("{p:?}: added {name} first")));
            }
            // Members in reverse order (so `payload` before `type` at the root).
            let mut d = doc.clone();
            if let Value::Object(m) = at(&mut d, p) {
                let reversed: Map<String, Value> = std::mem::take(m).into_iter().rev().collect();
                *m = reversed;
            }
            out.push((d, format!("{p:?}: reversed")));
        } else {
            // Arrays: an extra copy of the first item, and a wrong-typed item.
            for extra in ["dup", "null"] {
                let mut d = doc.clone();
                if let Value::Array(a) = at(&mut d, p) {
                    let item = if extra == "dup" { a.first().cloned().unwrap_or(Value::Null) } else { Value::Null };
                    a.push(item);
                }
                out.push((d, format!("{p:?}: pushed {extra}")));
            }
        }
    }
    out
}

/// `payload` first, then the rest (the raw-payload path of the envelope).
fn payload_first(doc: &Value) -> Value {
    let Value::Object(m) = doc else { return doc.clone() };
    let mut out = Map::new();
    if let Some(p) = m.get("payload") {
        out.insert("payload".to_owned(), p.clone());
    }
    for (k, v) in m {
        if k != "payload" {
            out.insert(k.clone(), v.clone());
        }
    }
    Value::Object(out)
}

fn example_files(schema: &str) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for kind in ["valid", "invalid"] {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("schemas/examples").join(schema).join(kind);
        for e in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "json") && p.file_name().is_some_and(|n| n != "expected.json") {
                files.push(p);
            }
        }
    }
    files.sort();
    files
}

/// Runs every comparison for one seed schema; returns the tally of
/// generated valid documents (for the acceptance rate) and of everything.
fn run<T: Contract + PartialEq + std::fmt::Debug>(schema_file: &str, examples: &str) -> (Tally, Tally) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let schema: Value = serde_json::from_str(&std::fs::read_to_string(root.join("schemas").join(schema_file)).unwrap()).unwrap();
    let mut all = Tally::default();
    let mut valid = Tally::default();
    for f in example_files(examples) {
        let bytes = std::fs::read(&f).unwrap();
        compare::<T>(&bytes, &f.display().to_string(), &mut all);
        if let Ok(v) = serde_json::from_slice::<Value>(&bytes) {
            compare::<T>(&serde_json::to_vec(&payload_first(&v)).unwrap(), &format!("{} payload first", f.display()), &mut all);
            for (d, what) in edits(&v) {
                compare::<T>(&serde_json::to_vec(&d).unwrap(), &format!("{}: {what}", f.display()), &mut all);
            }
        }
    }
    let mut g = docgen::DocGen::new(&schema, SEED);
    for i in 0..GENERATED {
        let base = g.valid();
        let bytes = serde_json::to_vec(&base.doc).unwrap();
        if T::from_json_slice_via_value(&bytes).is_ok() {
            compare::<T>(&bytes, &format!("generated {i}"), &mut valid);
        }
        compare::<T>(&bytes, &format!("generated {i}"), &mut all);
        compare::<T>(&serde_json::to_vec(&payload_first(&base.doc)).unwrap(), &format!("generated {i} payload first"), &mut all);
        for (d, what) in g.every_mutation(&base) {
            compare::<T>(&serde_json::to_vec(&d).unwrap(), &format!("generated {i}: {what}"), &mut all);
        }
        // Systematic edits on a few (they multiply fast).
        if i % 10 == 0 {
            for (d, what) in edits(&base.doc) {
                compare::<T>(&serde_json::to_vec(&d).unwrap(), &format!("generated {i}: {what}"), &mut all);
            }
        }
    }
    (valid, all)
}

fn check(name: &str, (valid, mut all): (Tally, Tally)) {
    eprintln!(
        "{name}: {} documents, full path accepts {}, fast path {}; of the {} invalid, {} read through by the fast path; generated valid: {} of {} on the fast path",
        all.documents,
        all.full_ok,
        all.fast_ok,
        all.documents - all.full_ok,
        all.fast_invalid,
        valid.fast_ok,
        valid.documents
    );
    let mut problems = std::mem::take(&mut all.disagreements);
    problems.extend(valid.disagreements);
    problems.truncate(20);
    assert!(problems.is_empty(), "{name}: the fast path disagrees with the full path:\n{}", problems.join("\n"));
    assert!(all.documents > 5_000, "{name}: only {} documents compared", all.documents);
    assert!(all.full_ok > 500 && all.full_ok < all.documents, "{name}: too few valid or invalid documents: {all:?}");
    // Contract documents are what the fast path is for: it takes them all.
    assert_eq!(valid.fast_ok, valid.documents, "{name}: the fast path declined valid generated documents");
    // Invalid documents are read once: the full path's second parse is for
    // the few the reader cannot tell (repeated names, a tag of another type).
    let invalid = all.documents - all.full_ok;
    assert!(all.fast_invalid * 10 >= invalid * 9, "{name}: only {} of {invalid} invalid documents read through by the fast path", all.fast_invalid);
}

#[test]
fn commands_fast_path_agrees_with_the_full_path() {
    check("commands", run::<CommandEnvelope>("commands.schema.json", "commands"));
}

#[test]
fn launch_request_fast_path_agrees_with_the_full_path() {
    check("launch-request", run::<LaunchRequest>("launch-request.schema.json", "launch-request"));
}

/// The raw-payload path: a payload that comes before its tag is read once the tag is known.
#[test]
fn payload_before_type_is_read_on_the_fast_path() {
    let doc = r#"{"payload": {"reason": "lunch", "x": [1, 2.0]}, "protocolVersion": "1.0", "commandId": "cmd_0123456789abcdef0123456789abcdef",
      "type": "pause", "issuedAt": "2026-11-30T12:00:00.000Z", "actor": {"kind": "human", "id": "ada", "transport": "cli"}}"#;
    let fast = read_slice(doc.as_bytes(), |d| CommandEnvelope::fast_read(d)).expect("the fast path reads it");
    assert_eq!(fast, CommandEnvelope::from_json_slice_via_value(doc.as_bytes()).unwrap());
    // An unknown type keeps the payload verbatim, whichever comes first.
    for doc in [
        doc.replace(r#""pause""#, r#""later.kind""#),
        doc.replace(r#""pause""#, r#""later.kind""#).replacen(r#""payload": {"reason": "lunch", "x": [1, 2.0]}, "#, "", 1),
    ] {
        let full = CommandEnvelope::from_json_slice_via_value(doc.as_bytes());
        let fast = read_slice(doc.as_bytes(), |d| CommandEnvelope::fast_read(d));
        match (&fast, &full) {
            (Some(a), Ok(b)) => assert_eq!(a, b),
            (None, Err(_)) => {}
            other => panic!("{doc}: {other:?}"),
        }
    }
    let unknown = doc.replace(r#""pause""#, r#""later.kind""#);
    let typed = read_slice(unknown.as_bytes(), |d| CommandEnvelope::fast_read(d)).expect("unknown types are read");
    assert_eq!(typed.command.type_name(), "later.kind");
    assert!(!typed.command.is_known());
}

/// A long invalid map (`answers`) is read on by its reader, which keeps only
/// the members whose errors will be listed and counts the others' past the
/// error cap: the list, its order and "… and N more" must still be exactly
/// the full path's, wherever the bad names and bad values fall, and a name
/// repeated after the break is still refused.
/// `text` is invalid: its reader hands it up (not to the full path from
/// scratch), and the errors are byte for byte the full path's.
fn assert_handed_up_with_the_full_paths_errors<T: Contract + std::fmt::Debug>(text: &str, what: &str) {
    let fast = T::from_json_slice(text.as_bytes()).unwrap_err();
    let full = T::from_json_slice_via_value(text.as_bytes()).unwrap_err();
    let (fast, full) = (fast.validation_errors().unwrap(), full.validation_errors().unwrap());
    assert_eq!(fast.to_basic_output().to_string(), full.to_basic_output().to_string(), "{what}");
    assert_eq!(fast.to_string(), full.to_string(), "{what}");
    assert!(matches!(read_document(text.as_bytes(), |d| T::fast_read(d)), Outcome::Invalid(..)), "{what}: handed to the full path");
}

#[test]
fn long_invalid_maps_list_and_count_as_the_full_path_does() {
    let members = |n: usize, pick: &dyn Fn(usize) -> usize| -> String {
        (0..n)
            .map(|i| match pick(i) {
                0 => format!("\"q{i}\":\"a\""),
                1 => format!("\"Q{i}\":\"a\""),
                2 => format!("\"q{i}\":5"),
                3 => format!("\"Bad{i}\":[\"\",\"x\",7]"),
                4 => format!("\"q{i}\":\"\""),
                5 => format!("\"q{i}\":{{\"a\":[1,{{}}]}}"),
                _ => format!("\"q{i}\":[{}]", vec!["\"x\""; 51].join(",")),
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    // A small generator of picks (no dependency): mixed, bad names late,
    // bad values late, all valid then one bad, and cap-sized runs.
    let mixed = |i: usize| (i.wrapping_mul(2_654_435_761) >> 7) % 7;
    let cases: Vec<(String, String)> = vec![
        ("mixed".into(), members(3000, &mixed)),
        ("bad values, then bad names".into(), members(2600, &|i| if i < 1500 { 2 } else { 1 })),
        ("bad names, then bad values".into(), members(2600, &|i| if i < 1200 { 1 } else { 2 })),
        ("valid, then bad".into(), members(2500, &|i| if i < 2000 { 0 } else { 3 + i % 4 })),
        ("one bad among many".into(), members(3000, &|i| if i == 1777 { 6 } else { 0 })),
        ("exactly at the cap".into(), members(1000, &|_| 1)),
    ];
    for (what, answers) in cases {
        for kind in ["", ",\"kind\":7"] {
            let text = format!("{{\"contractVersion\":\"x\",\"answers\":{{{answers}}},\"mode\":\"interactive\"{kind}}}");
            assert_handed_up_with_the_full_paths_errors::<LaunchRequest>(&text, &what);
        }
    }
    // A name repeated after the break: refused on both paths.
    let text = format!("{{\"contractVersion\":\"1.0.0\",\"input\":\"x\",\"mode\":\"interactive\",\"answers\":{{{},\"q3\":\"b\"}}}}", members(1500, &|i| i % 3));
    assert!(matches!(LaunchRequest::from_json_slice(text.as_bytes()), Err(ParseError::Duplicate(_))));
    assert!(matches!(LaunchRequest::from_json_slice_via_value(text.as_bytes()), Err(ParseError::Duplicate(_))));
}

/// An invalid array read on past its break (`rt::fast::VecOf` with
/// `array_checks!`): handed up with only the items whose errors will be
/// listed, the others' errors counted, and the array's length and each
/// kept item's index told to the validators. Byte-identical to the full
/// path's output, under and over the error cap and the `maxItems` bound.
#[test]
fn long_invalid_arrays_list_and_count_as_the_full_path_does() {
    use contracts::question_catalog::QuestionCatalog;
    let questions = |n: usize, pick: &dyn Fn(usize) -> usize| -> String {
        (0..n)
            .map(|i| match pick(i) {
                0 => format!("{{\"id\":\"q{i}\",\"select\":\"single\"}}"),
                1 => format!("{{\"id\":\"q{i}\",\"select\":\"single\",\"bad\":1}}"),
                2 => format!("{{\"id\":\"Q{i}\",\"select\":\"x\"}}"),
                3 => "5".to_owned(),
                4 => format!("{{\"id\":\"q{i}\",\"select\":\"multi\",\"options\":[{{\"id\":\"a\"}},{{\"id\":\"\"}},{{\"id\":\"b\",\"x\":1}}]}}"),
                _ => format!("{{\"id\":\"q{i}\",\"select\":\"multi\",\"options\":[{{\"id\":\"a\"}},{{\"id\":\"b\"}}]}}"),
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    let mixed = |i: usize| (i.wrapping_mul(2_654_435_761) >> 7) % 6;
    let cases: Vec<(String, String)> = vec![
        ("mixed, over maxItems".into(), questions(3000, &mixed)),
        ("mixed, under maxItems and the cap".into(), questions(400, &mixed)),
        ("valid, then bad".into(), questions(2500, &|i| if i < 2000 { 5 } else { 1 + i % 4 })),
        ("one bad among many".into(), questions(3000, &|i| if i == 1777 { 4 } else { 0 })),
        ("all valid, too many".into(), questions(800, &|i| i % 2 * 5)),
        ("the first broken, then each".into(), questions(2200, &|i| if i == 0 { 1 } else { 2 })),
        ("exactly at the cap".into(), questions(1000, &|_| 3)),
    ];
    for (what, questions) in cases {
        for version in ["\"1.0.0\"", "7"] {
            let text = format!("{{\"catalogVersion\":{version},\"questions\":[{questions}]}}");
            assert_handed_up_with_the_full_paths_errors::<QuestionCatalog>(&text, &what);
        }
    }
}
