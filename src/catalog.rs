//! The question catalog a launch request's `answers` are checked against
//! (the pipeline's `run-questions.json`).
//!
//! # Format
//!
//! A catalog is a JSON document valid against
//! `schemas/question-catalog.schema.json` (typed API:
//! [`crate::question_catalog::QuestionCatalog`]):
//!
//! ```json
//! {
//!   "catalogVersion": "1.0.0",
//!   "questions": [
//!     { "id": "workspace", "select": "single",
//!       "options": [{ "id": "worktree" }, { "id": "branch" }] },
//!     { "id": "reviewers", "select": "multi",
//!       "options": [{ "id": "security" }, { "id": "performance" }] },
//!     { "id": "branch-name", "select": "single",
//!       "answer": { "pattern": "^[a-z0-9][a-z0-9._/-]{0,99}$" } },
//!     { "id": "ship-confirmation", "select": "single", "answerable": false,
//!       "options": [{ "id": "yes" }, { "id": "no" }] }
//!   ]
//! }
//! ```
//!
//! * `id`: the key a launch request's `answers` uses;
//! * `select`: `single` (the answer is one string) or `multi` (an array of
//!   strings, possibly empty, without repeats);
//! * `options`: the option ids an answer may name;
//! * `answer.pattern`: an ECMA-262 regular expression (Unicode mode), searched
//!   like JSON Schema `pattern` (not anchored: write `^…$`), admitting free
//!   values besides the option ids;
//! * `answerable: false`: the pipeline always asks this question itself; a
//!   request may not answer it;
//! * `label`: documentation only.
//!
//! Beyond the schema the loader ([`Catalog::from_json_str`] and friends)
//! checks, with the same error model (rule ids in place of keywords):
//!
//! * `question-catalog/duplicate-question`: question ids are unique;
//! * `question-catalog/duplicate-option`: option ids are unique within a question;
//! * `question-catalog/no-answer`: a question has `options`, `answer`, or both;
//! * `question-catalog/bad-pattern`: `answer.pattern` compiles.

use crate::question_catalog::{QuestionCatalog, Select};
use crate::runtime::EcmaRegex;
use crate::{Contract, ParseError, ValidationError, ValidationErrors};
use std::collections::HashMap;
use std::fmt;
use std::path::Path;
use std::sync::Arc;

/// One question of a loaded catalog.
#[derive(Clone, Debug)]
pub struct CatalogQuestion {
    /// The question id (an `answers` key).
    pub id: String,
    /// Whether the answer is an array of strings.
    pub multi: bool,
    /// Whether a launch request may answer it.
    pub answerable: bool,
    /// The option ids, in catalog order.
    pub options: Vec<String>,
    pattern: Option<(String, Arc<EcmaRegex>)>,
}

impl CatalogQuestion {
    /// The free-answer pattern, as written.
    pub fn pattern(&self) -> Option<&str> {
        self.pattern.as_ref().map(|(s, _)| s.as_str())
    }

    /// Whether `value` is one of the option ids or admitted by the pattern
    /// (a match the pattern's engine left undecided admits nothing).
    pub fn admits(&self, value: &str) -> bool {
        self.admits_within_budget(value).unwrap_or(false)
    }

    /// Like [`CatalogQuestion::admits`], `None` when the pattern's engine
    /// left the match undecided (see [`CatalogQuestion::undecided_reason`]).
    pub fn admits_within_budget(&self, value: &str) -> Option<bool> {
        if self.options.iter().any(|o| o == value) {
            return Some(true);
        }
        match &self.pattern {
            Some((_, re)) => re.try_match(value),
            None => Some(false),
        }
    }

    /// Why the pattern left `value` undecided (when
    /// [`CatalogQuestion::admits_within_budget`] gives `None`).
    pub fn undecided_reason(&self, value: &str) -> String {
        self.pattern.as_ref().map(|(_, re)| re.undecided_reason(value)).unwrap_or_default()
    }
}

/// A loaded, checked question catalog.
#[derive(Clone, Debug, Default)]
pub struct Catalog {
    questions: Vec<CatalogQuestion>,
    index: HashMap<String, usize>,
}

/// Why a catalog file could not be loaded.
#[derive(Debug)]
pub enum CatalogError {
    /// The file could not be read.
    Io(std::io::Error),
    /// Not JSON, or not a valid catalog: every error.
    Parse(ParseError),
}

impl fmt::Display for CatalogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CatalogError::Io(e) => write!(f, "cannot read the question catalog: {e}"),
            CatalogError::Parse(e) => write!(f, "invalid question catalog: {e}"),
        }
    }
}

impl std::error::Error for CatalogError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CatalogError::Io(e) => Some(e),
            CatalogError::Parse(e) => Some(e),
        }
    }
}

/// The catalog schema's `$id`, the base of the loader's rule locations.
pub fn schema_base() -> &'static str {
    QuestionCatalog::schema_root().canonical().0
}

impl Catalog {
    /// Parses, validates (schema, then the loader's rules) and loads a catalog.
    pub fn from_json_str(text: &str) -> Result<Catalog, ParseError> {
        let typed = QuestionCatalog::from_json_str(text)?;
        Catalog::from_typed(&typed).map_err(ParseError::Invalid)
    }

    /// Like [`Catalog::from_json_str`], from a JSON value.
    pub fn from_json_value(v: crate::runtime::Value) -> Result<Catalog, ParseError> {
        let typed = QuestionCatalog::from_json_value(v)?;
        Catalog::from_typed(&typed).map_err(ParseError::Invalid)
    }

    /// Reads and loads a catalog file.
    pub fn from_path(path: impl AsRef<Path>) -> Result<Catalog, CatalogError> {
        let text = std::fs::read_to_string(path).map_err(CatalogError::Io)?;
        Catalog::from_json_str(&text).map_err(CatalogError::Parse)
    }

    /// Checks the loader's rules on a schema-valid catalog and compiles it.
    pub fn from_typed(c: &QuestionCatalog) -> Result<Catalog, ValidationErrors> {
        let base = schema_base();
        let mut errors = Vec::new();
        let mut out = Catalog::default();
        for (i, q) in c.questions.iter().enumerate() {
            let at = format!("/questions/{i}");
            let id = q.id.as_str().to_owned();
            if let Some(first) = out.index.get(&id) {
                errors.push(ValidationError::rule(
                    format!("{at}/id"),
                    base,
                    "question-catalog/duplicate-question",
                    format!("question id `{id}` is already used by question {first}; question ids must be unique"),
                ));
            }
            let mut options: Vec<String> = Vec::new();
            for (j, o) in q.options.iter().flatten().enumerate() {
                let oid = o.id.as_str().to_owned();
                if options.contains(&oid) {
                    errors.push(ValidationError::rule(
                        format!("{at}/options/{j}/id"),
                        base,
                        "question-catalog/duplicate-option",
                        format!("option id `{oid}` appears twice in question `{id}`; option ids must be unique within a question"),
                    ));
                }
                options.push(oid);
            }
            if q.options.is_none() && q.answer.is_none() {
                errors.push(ValidationError::rule(
                    at.clone(),
                    base,
                    "question-catalog/no-answer",
                    format!("question `{id}` has neither `options` nor `answer.pattern`, so no answer could ever be admitted; add one"),
                ));
            }
            let pattern = match &q.answer {
                None => None,
                Some(a) => match EcmaRegex::new(a.pattern.as_str()) {
                    Ok(re) => Some((a.pattern.as_str().to_owned(), Arc::new(re))),
                    Err(e) => {
                        errors.push(ValidationError::rule(
                            format!("{at}/answer/pattern"),
                            base,
                            "question-catalog/bad-pattern",
                            format!("`answer.pattern` of question `{id}` is not an ECMA-262 regular expression: {e}"),
                        ));
                        None
                    }
                },
            };
            out.index.entry(id.clone()).or_insert(out.questions.len());
            out.questions.push(CatalogQuestion { id, multi: matches!(q.select, Select::Multi), answerable: q.answerable.unwrap_or(true), options, pattern });
        }
        if errors.is_empty() {
            Ok(out)
        } else {
            Err(ValidationErrors(errors))
        }
    }

    /// The question with id `id`.
    pub fn question(&self, id: &str) -> Option<&CatalogQuestion> {
        self.index.get(id).map(|&i| &self.questions[i])
    }

    /// Every question, in catalog order.
    pub fn questions(&self) -> &[CatalogQuestion] {
        &self.questions
    }
}
