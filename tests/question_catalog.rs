//! The question catalog's examples and loader: every valid example parses,
//! round-trips and loads; every invalid one is refused (by the schema or by
//! the loader's rules) at the place `expected.json` names.

use contracts::catalog::Catalog;
use contracts::question_catalog::QuestionCatalog;
use contracts::ParseError;
use serde_json::Value;
use std::path::{Path, PathBuf};

fn dir(kind: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("schemas/examples/question-catalog").join(kind)
}

fn files(kind: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir(kind))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json") && p.file_name().is_some_and(|n| n != "expected.json"))
        .collect();
    v.sort();
    v
}

#[test]
fn valid_catalogs_round_trip_and_load() {
    let files = files("valid");
    assert!(files.len() >= 5);
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let typed = QuestionCatalog::from_json_str(&text).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        assert_eq!(serde_json::to_value(&typed).unwrap(), serde_json::from_str::<Value>(&text).unwrap(), "{}", f.display());
        Catalog::from_json_str(&text).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
    }
}

#[test]
fn invalid_catalogs_are_refused_at_the_right_place() {
    let expected: Value = serde_json::from_str(&std::fs::read_to_string(dir("invalid").join("expected.json")).unwrap()).unwrap();
    let files = files("invalid");
    assert!(files.len() >= 15);
    assert_eq!(files.len(), expected.as_object().unwrap().len(), "every invalid example has an entry in expected.json");
    for f in files {
        let name = f.file_name().unwrap().to_str().unwrap().to_owned();
        let want = &expected[&name];
        let errors = match Catalog::from_json_str(&std::fs::read_to_string(&f).unwrap()) {
            Ok(_) => panic!("{name} should be refused"),
            Err(ParseError::Invalid(e)) => e,
            Err(e) => panic!("{name}: {e}"),
        };
        let (loc, kw) = (want["instance_location"].as_str().unwrap(), want["keyword"].as_str().unwrap());
        assert!(errors.iter().any(|e| e.instance_location == loc && e.keyword == kw), "{name}: expected `{kw}` at `{loc}`, got:\n{errors}");
        for e in errors.iter() {
            assert!(!e.message.is_empty(), "{name}: {e:?}");
            if e.keyword.starts_with("question-catalog/") {
                assert!(e.absolute_keyword_location.ends_with(&format!("#rule={}", e.keyword)), "{e:?}");
            }
        }
    }
}

#[test]
fn loaded_catalog_answers_questions() {
    let c = Catalog::from_path(dir("valid").join("run-questions.json")).unwrap();
    let ws = c.question("workspace").unwrap();
    assert!(!ws.multi && ws.answerable && ws.admits("worktree") && !ws.admits("Worktree"));
    let labels = c.question("labels").unwrap();
    assert!(labels.multi && labels.admits("bug") && labels.admits("needs-triage") && !labels.admits("Needs triage"));
    assert!(!c.question("ship-confirmation").unwrap().answerable);
    assert!(c.question("nope").is_none());
    assert_eq!(c.questions().len(), 7);
    assert!(matches!(Catalog::from_path("/nonexistent/catalog.json"), Err(contracts::catalog::CatalogError::Io(_))));
    assert!(matches!(Catalog::from_json_str("{"), Err(ParseError::Syntax(_))));
}
