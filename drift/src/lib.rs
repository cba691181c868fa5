//! `contracts-drift`: classifies the changes between two JSON Schema sets by
//! whom they break (readers, writers), names the semver bump they need,
//! reads the version each schema declares and reports drift.
//!
//! It reads schemas through the generator's own stages
//! (`contracts_codegen::load` → `contracts_codegen::ir`), so `$ref`s,
//! dialects and keywords mean here what they mean to the generated code.
//!
//! Entry points: [`compare_sets`] for a library caller, [`run_cli`] for
//! `cargo xtask drift`.

pub mod config;
pub mod engine;
pub mod families;
pub mod flat;
pub mod model;
pub mod regex;
pub mod report;
pub mod version;
mod cli;

pub use cli::run_cli;
pub use config::{Allowlist, Config, Directions};
pub use model::{Breaks, Change, Loc, KINDS};
pub use version::Bump;

use contracts_codegen::{ir, load, SchemaInput, Settings};
use serde_json::Value;
use std::collections::BTreeMap;

/// One schema file of a set.
#[derive(Clone, Debug)]
pub struct SchemaFile {
    /// Path relative to the set's directory (`commands.schema.json`): used to match files.
    pub rel: String,
    /// Path as reported (`schemas/commands.schema.json`).
    pub path: String,
    /// The text.
    pub text: String,
}

/// What happened to a schema file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Added,
    Removed,
    Renamed,
    Modified,
    Unchanged,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Added => "added",
            Status::Removed => "removed",
            Status::Renamed => "renamed",
            Status::Modified => "modified",
            Status::Unchanged => "unchanged",
        }
    }
}

/// A drift finding.
#[derive(Clone, Debug)]
pub struct Drift {
    /// `major-not-bumped`, `version-not-declared`, `version-decreased`, `over-bumped`, …
    pub kind: &'static str,
    /// `error` fails the gate; `warning` does not.
    pub severity: &'static str,
    pub message: String,
}

/// The verdict on one schema.
#[derive(Clone, Debug)]
pub struct SchemaReport {
    /// Reported file (the new one, or the old one when removed).
    pub file: String,
    /// The old file when it differs (renames).
    pub old_file: Option<String>,
    /// `$id` (new, else old).
    pub id: Option<String>,
    pub status: Status,
    pub changes: Vec<Change>,
    /// Per change: allowed by the allowlist (its reason).
    pub allowed: Vec<Option<String>>,
    /// Directions that matter for this schema.
    pub directions: Breaks,
    pub required_bump: Bump,
    pub declared_bump: Bump,
    pub old_versions: Vec<(String, version::Ver)>,
    pub new_versions: Vec<(String, version::Ver)>,
    pub drift: Vec<Drift>,
}

impl SchemaReport {
    /// Changes that break a direction in scope and no allowlist entry permits.
    pub fn unpermitted(&self) -> impl Iterator<Item = &Change> {
        self.changes.iter().zip(&self.allowed).filter(|(c, a)| a.is_none() && c.breaks.masked(self.directions).any()).map(|(c, _)| c)
    }
    /// Whether this schema fails the gate.
    pub fn fails(&self) -> bool {
        self.drift.iter().any(|d| d.severity == "error")
    }
}

/// The whole comparison.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub schemas: Vec<SchemaReport>,
    /// Allowlist entries that matched nothing (description, reason).
    pub unused_allowlist: Vec<String>,
    /// Texts of the new files (for line numbers), by reported path.
    pub new_texts: BTreeMap<String, String>,
    /// Texts of the old files, by reported path.
    pub old_texts: BTreeMap<String, String>,
}

impl Report {
    /// 0 when nothing breaks beyond what versions and the allowlist permit, 1 otherwise.
    pub fn exit_code(&self) -> i32 {
        i32::from(self.schemas.iter().any(SchemaReport::fails))
    }
}

struct Side {
    ir: ir::Ir,
    values: Vec<Value>,
}

fn load_side(files: &[SchemaFile], settings: &Settings, what: &str) -> Result<Side, String> {
    let inputs: Vec<SchemaInput> = files.iter().map(|f| SchemaInput::new(f.path.clone(), f.text.clone()).referenced_only()).collect();
    let docs = load::load(settings, &inputs).map_err(|e| format!("{what} schemas: {e}"))?;
    let values = docs.docs.iter().map(|d| d.value.clone()).collect();
    let ir = ir::build(settings, &docs).map_err(|e| format!("{what} schemas: {e}"))?;
    Ok(Side { ir, values })
}

fn id_of(v: &Value) -> Option<String> {
    v.get("$id").or_else(|| v.get("id")).and_then(Value::as_str).map(str::to_owned)
}

fn base_name(s: &str) -> &str {
    s.rsplit('/').next().unwrap_or(s)
}

/// Matches files: by `$id`, then by `$id` without its version segment, then
/// by path, then by file name (renames). Returns (old index, new index) pairs.
fn match_files(old: &[SchemaFile], ov: &[Value], new: &[SchemaFile], nv: &[Value]) -> Vec<(Option<usize>, Option<usize>)> {
    let mut pairs = Vec::new();
    let (mut ou, mut nu) = (vec![false; old.len()], vec![false; new.len()]);
    let strategies: [&dyn Fn(usize, usize) -> bool; 4] = [
        &|i, j| id_of(&ov[i]).is_some() && id_of(&ov[i]) == id_of(&nv[j]),
        &|i, j| matches!((id_of(&ov[i]), id_of(&nv[j])), (Some(a), Some(b)) if version::id_without_version(&a) == version::id_without_version(&b)),
        &|i, j| old[i].rel == new[j].rel,
        &|i, j| {
            base_name(&old[i].rel) == base_name(&new[j].rel)
                || matches!((id_of(&ov[i]), id_of(&nv[j])), (Some(a), Some(b)) if base_name(&a) == base_name(&b))
                || old[i].text == new[j].text
        },
    ];
    for s in strategies {
        for (i, used) in ou.iter_mut().enumerate() {
            if *used {
                continue;
            }
            if let Some(j) = (0..new.len()).find(|&j| !nu[j] && s(i, j)) {
                *used = true;
                nu[j] = true;
                pairs.push((Some(i), Some(j)));
            }
        }
    }
    for (i, u) in ou.iter().enumerate() {
        if !u {
            pairs.push((Some(i), None));
        }
    }
    for (j, u) in nu.iter().enumerate() {
        if !u {
            pairs.push((None, Some(j)));
        }
    }
    pairs.sort_by_key(|(i, j)| j.map(|j| new[j].path.clone()).or_else(|| i.map(|i| old[i].path.clone())));
    pairs
}

/// Compares two schema sets under `config`.
pub fn compare_sets(old: &[SchemaFile], new: &[SchemaFile], config: &Config, allowlist: &Allowlist) -> Result<Report, String> {
    let settings = Settings::new().with_format_assertion(config.format_assertion);
    let os = load_side(old, &settings, "old")?;
    let ns = load_side(new, &settings, "new")?;
    let mut report = Report::default();
    for f in new {
        report.new_texts.insert(f.path.clone(), f.text.clone());
    }
    for f in old {
        report.old_texts.insert(f.path.clone(), f.text.clone());
    }
    let mut used = vec![false; allowlist.entries.len()];
    for (oi, ni) in match_files(old, &os.values, new, &ns.values) {
        let file = ni.map(|j| new[j].path.clone()).or_else(|| oi.map(|i| old[i].path.clone())).unwrap_or_default();
        let id = ni.and_then(|j| id_of(&ns.values[j])).or_else(|| oi.and_then(|i| id_of(&os.values[i])));
        let policy = config.policy_for(&file, id.as_deref());
        let mut changes = Vec::new();
        let status;
        match (oi, ni) {
            (Some(i), Some(j)) => {
                let mut engine = engine::Engine::new(&os.ir, &ns.ir, engine::Policy { lenient: policy.lenient, format_assertion: config.format_assertion });
                let o = engine.root(false, os.ir.roots[i]);
                let n = engine.root(true, ns.ir.roots[j]);
                let (oid, nid) = (id_of(&os.values[i]), id_of(&ns.values[j]));
                let renamed = old[i].rel != new[j].rel;
                if renamed {
                    changes.push(file_change("schema-renamed", &old[i].path, &new[j].path, Breaks::NONE, format!("{} → {}", old[i].path, new[j].path)));
                }
                if oid.as_deref().map(version::id_without_version) != nid.as_deref().map(version::id_without_version) {
                    changes.push(file_change(
                        "id-changed",
                        &old[i].path,
                        &new[j].path,
                        Breaks::BOTH,
                        format!("$id {} → {}: references by the old $id no longer resolve", oid.as_deref().unwrap_or("none"), nid.as_deref().unwrap_or("none")),
                    ));
                }
                let (od, nd) = (os.values[i].get("$schema"), ns.values[j].get("$schema"));
                if od != nd && (os.ir.nodes[os.ir.roots[i]].dialect != ns.ir.nodes[ns.ir.roots[j]].dialect) {
                    changes.push(file_change("dialect-changed", &old[i].path, &new[j].path, Breaks::NONE, format!("$schema {} → {} (keywords compared with each side's meaning)", show(od), show(nd))));
                }
                changes.extend(compare_with_big_stack(&mut engine, &o, &n));
                status = if renamed {
                    Status::Renamed
                } else if changes.is_empty() && os.values[i] == ns.values[j] {
                    Status::Unchanged
                } else {
                    Status::Modified
                };
            }
            (Some(i), None) => {
                status = Status::Removed;
                changes.push(Change {
                    kind: "schema-removed",
                    old: Some(Loc { file: old[i].path.clone(), pointer: String::new() }),
                    new: None,
                    breaks: Breaks::BOTH,
                    message: format!("{} is no longer in the set", old[i].path),
                    instance_path: String::new(),
                    example: None,
                });
            }
            (None, Some(j)) => {
                status = Status::Added;
                changes.push(Change {
                    kind: "schema-added",
                    old: None,
                    new: Some(Loc { file: new[j].path.clone(), pointer: String::new() }),
                    breaks: Breaks::NONE,
                    message: format!("{} joins the set", new[j].path),
                    instance_path: String::new(),
                    example: None,
                });
            }
            (None, None) => continue,
        }
        let schema_key = id.clone().unwrap_or_else(|| file.clone());
        let allowed: Vec<Option<String>> = changes
            .iter()
            .map(|c| {
                allowlist.entries.iter().enumerate().find(|(_, e)| e.matches(&file, id.as_deref(), c, &schema_key)).map(|(k, e)| {
                    used[k] = true;
                    e.reason.clone()
                })
            })
            .collect();
        let old_versions = oi.map(|i| version::declared(&os.values[i])).unwrap_or_default();
        let new_versions = ni.map(|j| version::declared(&ns.values[j])).unwrap_or_default();
        let mut r = SchemaReport {
            file,
            old_file: oi.filter(|_| status == Status::Renamed).map(|i| old[i].path.clone()),
            id,
            status,
            changes,
            allowed,
            directions: policy.directions,
            required_bump: Bump::None,
            declared_bump: Bump::None,
            old_versions,
            new_versions,
            drift: Vec::new(),
        };
        assess(&mut r);
        report.schemas.push(r);
    }
    for (k, e) in allowlist.entries.iter().enumerate() {
        if !used[k] {
            report.unused_allowlist.push(e.describe());
        }
    }
    Ok(report)
}

fn show(v: Option<&Value>) -> String {
    v.and_then(Value::as_str).unwrap_or("none").to_owned()
}

fn file_change(kind: &'static str, old: &str, new: &str, breaks: Breaks, message: String) -> Change {
    Change {
        kind,
        old: Some(Loc { file: old.to_owned(), pointer: String::new() }),
        new: Some(Loc { file: new.to_owned(), pointer: String::new() }),
        breaks,
        message,
        instance_path: String::new(),
        example: None,
    }
}

/// Kinds that change no verdict: a patch at most.
pub fn is_annotation(kind: &str) -> bool {
    matches!(kind, "annotation-changed" | "default-changed" | "deprecated-changed" | "extension-changed" | "dialect-changed" | "schema-renamed" | "format-added" | "format-removed" | "format-changed")
}

/// The bump a list of changes needs, given the directions that matter.
pub fn required_bump(changes: &[Change], directions: Breaks) -> Bump {
    let mut b = Bump::None;
    for c in changes {
        let need = if c.breaks.masked(directions).any() {
            Bump::Major
        } else if is_annotation(c.kind) && !c.breaks.any() {
            Bump::Patch
        } else {
            Bump::Minor
        };
        b = b.max(need);
    }
    b
}

/// Fills the required and declared bumps and the drift findings.
fn assess(r: &mut SchemaReport) {
    r.required_bump = required_bump(&r.changes, r.directions);
    if r.status == Status::Added || r.status == Status::Removed {
        r.required_bump = if r.status == Status::Removed { Bump::Major } else { Bump::Minor };
    }
    let mut declared = Bump::None;
    let mut backwards = Vec::new();
    for (src, nv) in &r.new_versions {
        if let Some((_, ov)) = r.old_versions.iter().find(|(s, _)| s == src) {
            match version::bump(ov, nv) {
                Ok(b) => declared = declared.max(b),
                Err(version::Backwards) => backwards.push(format!("{src}: {ov} → {nv}")),
            }
        }
    }
    r.declared_bump = declared;
    if matches!(r.status, Status::Added | Status::Removed | Status::Unchanged) {
        return;
    }
    for b in backwards {
        r.drift.push(Drift { kind: "version-decreased", severity: "error", message: format!("declared version moved backwards ({b})") });
    }
    let unpermitted: Vec<&Change> = r.unpermitted().collect();
    let has_versions = !r.new_versions.is_empty();
    if r.required_bump == Bump::Major && declared < Bump::Major && !unpermitted.is_empty() {
        let kinds: Vec<&str> = {
            let mut k: Vec<&str> = unpermitted.iter().map(|c| c.kind).collect();
            k.dedup();
            k
        };
        let (kind, msg) = if !has_versions {
            ("version-not-declared", "breaking changes, and the schema declares no version to bump ($id segment, version const/pattern, `version`)".to_owned())
        } else if declared == Bump::None {
            ("version-not-bumped", format!("breaking changes ({}) need a major version bump; the declared version did not move", kinds.join(", ")))
        } else {
            ("major-not-bumped", format!("breaking changes ({}) need a major version bump; the declared version moved only a {}", kinds.join(", "), declared.name()))
        };
        r.drift.push(Drift { kind, severity: "error", message: msg });
    }
    if declared == Bump::Major && r.required_bump < Bump::Major {
        r.drift.push(Drift { kind: "over-bumped", severity: "warning", message: format!("major version bumped, but the changes need only {}", r.required_bump.name()) });
    } else if declared > Bump::None && r.required_bump == Bump::None {
        r.drift.push(Drift { kind: "bumped-without-change", severity: "warning", message: format!("declared version moved ({}) with no schema change", declared.name()) });
    }
    let minor_capable = r.new_versions.iter().any(|(_, v)| v.minor.is_some());
    if r.required_bump == Bump::Minor && declared < Bump::Minor && minor_capable {
        r.drift.push(Drift { kind: "minor-not-bumped", severity: "warning", message: "compatible additions usually take a minor version bump".into() });
    }
}

/// Runs the comparison on a thread with a large stack: deeply nested or
/// recursive schemas must not overflow the caller's.
fn compare_with_big_stack(engine: &mut engine::Engine<'_>, o: &engine::Sch, n: &engine::Sch) -> Vec<Change> {
    std::thread::scope(|s| {
        let h = std::thread::Builder::new().stack_size(256 << 20).spawn_scoped(s, || engine.compare(o, n));
        match h {
            Ok(h) => h.join().unwrap_or_else(|_| {
                vec![Change {
                    kind: "comparison-unknown",
                    old: Some(o.at.clone()),
                    new: Some(n.at.clone()),
                    breaks: Breaks::BOTH,
                    message: "the comparison failed; assuming both directions break".into(),
                    instance_path: String::new(),
                    example: None,
                }]
            }),
            Err(_) => Vec::new(),
        }
    })
}
