//! The differential harness shared by `tests/differential.rs` (a few thousand
//! documents per seed) and `cargo xtask fuzz-diff` (the long run): generated
//! documents (`docgen`), our three verdicts (`is_valid`, `validate`, the
//! typed parse) against the `jsonschema` crate's (the oracle, never the
//! engine), disagreements minimised, and the regression cases under
//! `tests/differential/regressions/<seed>/` replayed.
//!
//! Only the schema is compared: the seeds' prose rules (launch-request
//! `kind`/`mode`, the input rules) are not schema rules.

#![allow(dead_code)]

use super::docgen::{self, DocGen};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// A seed schema, its oracle and our three entry points.
pub struct Seed {
    /// The regression directory name (`commands`, `launch-request`).
    pub name: &'static str,
    pub schema: Value,
    oracle: jsonschema::Validator,
    ours: Ours,
}

fn ours_commands(v: &Value) -> [bool; 3] {
    [contracts::commands::is_valid(v), contracts::commands::validate(v).is_ok(), contracts::commands::CommandEnvelope::from_json_value(v.clone()).is_ok()]
}

fn ours_launch_request(v: &Value) -> [bool; 3] {
    [
        contracts::launch_request::is_valid(v),
        contracts::launch_request::validate(v).is_ok(),
        contracts::launch_request::LaunchRequest::from_json_value(v.clone()).is_ok(),
    ]
}

/// Our three verdicts on a document.
type Ours = fn(&Value) -> [bool; 3];

impl Seed {
    /// This seed with `ours` in place of our validators (to test the harness).
    pub fn with_ours(mut self, ours: Ours) -> Self {
        self.ours = ours;
        self
    }
}

/// Both seeds, schemas read from `root/schemas/`.
pub fn seeds(root: &Path) -> Vec<Seed> {
    let table: [(&'static str, &str, Ours); 2] =
        [("commands", "commands.schema.json", ours_commands), ("launch-request", "launch-request.schema.json", ours_launch_request)];
    table
        .into_iter()
        .map(|(name, file, ours)| {
            let path = root.join("schemas").join(file);
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
            let schema: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let oracle = jsonschema::draft202012::new(&schema).unwrap_or_else(|e| panic!("the oracle refuses {file}: {e}"));
            Seed { name, schema, oracle, ours }
        })
        .collect()
}

/// The four verdicts on one document.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// `is_valid`, `validate(..).is_ok()`, `from_json_value(..).is_ok()`.
    pub ours: [bool; 3],
    /// `jsonschema::draft202012::new(&schema).is_valid(..)`.
    pub oracle: bool,
}

impl Verdict {
    pub fn agree(&self) -> bool {
        self.ours.iter().all(|&o| o == self.oracle)
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let [a, b, c] = self.ours;
        write!(f, "is_valid={a} validate={b} from_json_value={c} oracle={}", self.oracle)
    }
}

impl Seed {
    pub fn verdict(&self, doc: &Value) -> Verdict {
        Verdict { ours: (self.ours)(doc), oracle: self.oracle.is_valid(doc) }
    }
}

/// Oracle bugs documented in `tests/differential/ORACLE-BUGS.md`: a
/// disagreement in one of these classes is counted, not failed.
pub fn known_oracle_bug(_seed: &str, _doc: &Value, _v: &Verdict) -> Option<&'static str> {
    None
}

/// Counts for one seed.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub documents: usize,
    pub valid: usize,
    pub invalid: usize,
    pub disagreements: usize,
    /// Disagreements in a documented oracle-bug class.
    pub known_oracle_bugs: usize,
    /// Unmutated documents, and how many of them are valid (a check on the
    /// generator: it should mostly build valid documents).
    pub generated_valid_attempts: usize,
    pub generated_valid: usize,
}

/// A disagreement, minimised.
#[derive(Clone, Debug)]
pub struct Finding {
    pub seed: &'static str,
    pub rng_seed: u64,
    pub index: usize,
    pub mutation: String,
    pub original: Value,
    pub minimal: Value,
    pub verdict: Verdict,
}

/// Runs `count` documents for `seed` from `rng_seed`: each generated valid
/// document is followed by mutants. Disagreements (outside the documented
/// oracle bugs) go to `findings`, the first `max_minimised` minimised.
pub fn run(seed: &Seed, rng_seed: u64, count: usize, max_minimised: usize, findings: &mut Vec<Finding>) -> Stats {
    let mut g = DocGen::new(&seed.schema, rng_seed);
    let mut stats = Stats::default();
    let mut i = 0;
    let mut bases = 0usize;
    while i < count {
        let base = g.valid();
        // Mostly a few random mutants; every 50th document gets every kind of
        // mutation at every site.
        let mut docs = vec![(base.doc.clone(), String::from("none"))];
        if bases.is_multiple_of(50) {
            docs.extend(g.every_mutation(&base));
        } else {
            for _ in 0..g.rng.range(2, 5) {
                docs.push(g.mutate(&base));
            }
        }
        bases += 1;
        for (m, (doc, what)) in docs.into_iter().enumerate() {
            if i >= count {
                break;
            }
            let v = seed.verdict(&doc);
            stats.documents += 1;
            if v.oracle {
                stats.valid += 1;
            } else {
                stats.invalid += 1;
            }
            if m == 0 {
                stats.generated_valid_attempts += 1;
                stats.generated_valid += usize::from(v.oracle);
            }
            if !v.agree() {
                if known_oracle_bug(seed.name, &doc, &v).is_some() {
                    stats.known_oracle_bugs += 1;
                } else {
                    stats.disagreements += 1;
                    let minimal = if findings.len() < max_minimised { minimise(seed, &doc, v) } else { doc.clone() };
                    findings.push(Finding { seed: seed.name, rng_seed, index: i, mutation: what, original: doc, minimal, verdict: v });
                }
            }
            i += 1;
        }
    }
    stats
}

/// The smallest document with the same four verdicts.
pub fn minimise(seed: &Seed, doc: &Value, v: Verdict) -> Value {
    docgen::shrink(doc, 5_000, &mut |d| seed.verdict(d) == v)
}

/// `root/tests/differential/regressions`.
pub fn regressions_dir(root: &Path) -> PathBuf {
    root.join("tests/differential/regressions")
}

/// Writes `f` as an untriaged regression case (unless one with the same
/// minimal document exists); the path written.
pub fn write_regression(root: &Path, f: &Finding) -> std::io::Result<Option<PathBuf>> {
    let text = serde_json::to_string(&f.minimal).unwrap_or_default();
    let dir = regressions_dir(root).join(f.seed);
    std::fs::create_dir_all(&dir)?;
    let path = dir.join(format!("case-{:016x}.json", docgen::fnv64(&text)));
    if path.exists() {
        return Ok(None);
    }
    let case = serde_json::json!({
        "note": "UNTRIAGED: say which side is right and why, set `right` to \"ours\" or \"oracle\" and `valid` to the right verdict",
        "right": null,
        "valid": null,
        "found": format!("cargo xtask fuzz-diff --seed {} (document {}; mutation: {})", f.rng_seed, f.index, f.mutation),
        "verdicts": f.verdict.to_string(),
        "document": f.minimal,
    });
    std::fs::write(&path, serde_json::to_string_pretty(&case).unwrap_or_default() + "\n")?;
    Ok(Some(path))
}

/// Replays every regression case; one message per failure. Counts the cases.
///
/// A case says which side was `right` (`"ours"`, `"oracle"`, or `"both"` for
/// a pinned edge case) and the `valid` verdict. Our three verdicts must equal
/// `valid`; the oracle's too, unless `right` is `"ours"` (a documented oracle
/// bug, `tests/differential/ORACLE-BUGS.md`).
pub fn replay(root: &Path, seeds: &[Seed]) -> (usize, Vec<String>) {
    let mut failures = Vec::new();
    let mut n = 0;
    for seed in seeds {
        let dir = regressions_dir(root).join(seed.name);
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        let mut files: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|x| x == "json")).collect();
        files.sort();
        for path in files {
            n += 1;
            let name = path.display();
            let case: Value = match std::fs::read_to_string(&path).map_err(|e| e.to_string()).and_then(|t| serde_json::from_str(&t).map_err(|e| e.to_string()))
            {
                Ok(c) => c,
                Err(e) => {
                    failures.push(format!("{name}: {e}"));
                    continue;
                }
            };
            let (Some(right), Some(valid), Some(doc)) = (case["right"].as_str(), case["valid"].as_bool(), case.get("document")) else {
                failures.push(format!("{name}: untriaged (needs `right` and `valid`)"));
                continue;
            };
            if !matches!(right, "ours" | "oracle" | "both") {
                failures.push(format!("{name}: `right` must be \"ours\", \"oracle\" or \"both\""));
                continue;
            }
            let v = seed.verdict(doc);
            if v.ours.iter().any(|&o| o != valid) {
                failures.push(format!("{name}: ours {v}, the schema says valid={valid}"));
            }
            if right != "ours" && v.oracle != valid {
                failures.push(format!("{name}: oracle {v}, the schema says valid={valid}"));
            }
        }
    }
    (n, failures)
}
