//! A schema and a changed one → `contracts_drift::compare_sets`: no panic,
//! and soundness. Drift says a change *breaks writers* when a document valid
//! under the old schema can be invalid under the new one; so when no change
//! breaks writers, every document valid under the old schema must be valid
//! under the new (and the same for readers, the other way). Documents come
//! from the document generator the differential test uses (valid ones and
//! mutants, for both schemas) and from the fuzzer's bytes; the `jsonschema`
//! crate decides validity.

use crate::docgen::DocGen;
use crate::schema;
use arbitrary::Unstructured;
use contracts_drift::{Allowlist, Breaks, Config, SchemaFile};
use serde_json::Value;

/// The target.
pub fn run(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(old) = schema::arbitrary_schema(&mut u) else { return };
    let new = if u.ratio(1, 5).unwrap_or(false) { schema::arbitrary_schema(&mut u) } else { schema::mutate(&mut u, old.clone()) };
    let Ok(new) = new else { return };
    let mut docs = Vec::new();
    for _ in 0..u.int_in_range(0..=6).unwrap_or(0) {
        match schema::arbitrary_value(&mut u, 0) {
            Ok(v) => docs.push(v),
            Err(_) => break,
        }
    }
    // A schema that re-applies itself without descending is not well-founded:
    // the generator refuses some such cycles and reads others as `true` or
    // `false` (README), where the oracle may read them otherwise
    // (`fuzz/regressions/drift/self-branch-beside-a-const.json`).
    if [&old, &new].iter().any(|root| reapplies_itself(root, root, &mut Vec::new())) {
        return;
    }
    check(&old, &new, docs);
}

/// A finding kept as JSON (`fuzz/regressions/drift/*.json`): `{"old":
/// schema, "new": schema, "docs": [documents]}`, checked like the
/// fuzzer's pairs. Minimised by hand, a finding reads better as the pair
/// than as the bytes the fuzzer built it from.
pub fn run_pair(data: &[u8]) {
    let pair: Value = serde_json::from_slice(data).expect("a drift regression pair is JSON");
    let docs = pair.get("docs").and_then(Value::as_array).cloned().unwrap_or_default();
    check(&pair["old"], &pair["new"], docs);
}

/// Compares `old` with `new` and checks what drift says on `docs` and on
/// generated documents.
pub fn check(old: &Value, new: &Value, mut docs: Vec<Value>) {
    let file = |v: &Value| vec![SchemaFile { rel: "fuzz.schema.json".into(), path: "fuzz.schema.json".into(), text: v.to_string() }];
    let Ok(report) = contracts_drift::compare_sets(&file(old), &file(new), &Config::default(), &Allowlist::default()) else { return };
    let Some(s) = report.schemas.first() else { panic!("drift reports nothing for one schema pair") };
    if !s.errors.is_empty() {
        return;
    }
    let breaks = s.changes.iter().fold(Breaks::NONE, |b, c| b.or(c.breaks));
    if breaks.readers && breaks.writers {
        return;
    }
    // Schemas the oracle cannot read (a reference it does not resolve, a
    // pattern it refuses) decide nothing; nor do schemas with a number the
    // oracle reads inexactly (`const: 1e-400` is 0.0 to it, so `-0` matched;
    // drift and our validators read numbers exactly).
    if !oracle_is_exact_on(old) || !oracle_is_exact_on(new) {
        return;
    }
    let (Ok(o), Ok(n)) = (jsonschema::draft202012::new(old), jsonschema::draft202012::new(new)) else { return };
    for (root, seed) in [(old, 1), (new, 2), (old, 3), (new, 4)] {
        let mut g = DocGen::new(root, seed);
        let made = g.valid();
        docs.push(g.mutate(&made).0);
        docs.push(made.doc);
    }
    let changes: Vec<String> = s.changes.iter().map(|c| format!("{} ({:?}): {}", c.kind, c.breaks, c.message)).collect();
    for doc in docs.iter().filter(|d| oracle_is_exact_on(d)) {
        let (in_old, in_new) = (o.is_valid(doc), n.is_valid(doc));
        assert!(
            !(in_old && !in_new && !breaks.writers),
            "drift: no change breaks writers, but {doc} is valid under the old schema and not under the new\nold: {old}\nnew: {new}\nchanges: {changes:#?}"
        );
        assert!(
            !(in_new && !in_old && !breaks.readers),
            "drift: no change breaks readers, but {doc} is valid under the new schema and not under the old\nold: {old}\nnew: {new}\nchanges: {changes:#?}"
        );
    }
}

/// Whether every number of `doc` is exactly an `f64`: the oracle decides
/// `multipleOf` and bounds in `f64`, so on `1691879403035661155` (not a
/// multiple of 1.5, which drift decides exactly) its verdict is not one.
fn oracle_is_exact_on(doc: &Value) -> bool {
    match doc {
        Value::Number(n) => n.as_f64().and_then(serde_json::Number::from_f64).is_some_and(|f| contracts::runtime::json_equal(&Value::Number(f), doc)),
        Value::Array(items) => items.iter().all(oracle_is_exact_on),
        Value::Object(m) => m.values().all(oracle_is_exact_on),
        _ => true,
    }
}

/// Whether `schema` (inside document `root`) reaches, through keywords that
/// apply to the same instance (`$ref`, `allOf`, `anyOf`, `oneOf`, `not`,
/// `if`/`then`/`else`, `dependentSchemas`), a schema already on `path`: a
/// cycle that never moves into a member or an item.
fn reapplies_itself(root: &Value, schema: &Value, path: &mut Vec<*const Value>) -> bool {
    let Value::Object(m) = schema else { return false };
    if path.contains(&(schema as *const Value)) {
        return true;
    }
    if path.len() > 64 {
        return true;
    }
    path.push(schema);
    let mut next: Vec<&Value> = Vec::new();
    if let Some(target) = m.get("$ref").and_then(Value::as_str).and_then(|r| r.strip_prefix('#')).and_then(|p| root.pointer(p)) {
        next.push(target);
    }
    for kw in ["allOf", "anyOf", "oneOf"] {
        next.extend(m.get(kw).and_then(Value::as_array).into_iter().flatten());
    }
    for kw in ["not", "if", "then", "else"] {
        next.extend(m.get(kw));
    }
    next.extend(m.get("dependentSchemas").and_then(Value::as_object).into_iter().flat_map(|d| d.values()));
    let found = next.into_iter().any(|c| reapplies_itself(root, c, path));
    path.pop();
    found
}
