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

pub mod accepts;
mod cli;
pub mod config;
pub mod engine;
pub mod families;
pub mod flat;
pub mod model;
pub mod regex;
pub mod report;
pub mod version;

pub use cli::{run_cli, run_cli_with};
pub use config::{Allowlist, Config, Directions};
pub use model::{Breaks, Change, Loc, KINDS};
pub use version::Bump;

use contracts_codegen::ir::NodeId;
use contracts_codegen::{ir, load, Dialect, SchemaInput, Settings};
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
    /// Why the schema could not be read (old side, new side or both); it is
    /// then not compared, and the run exits 2.
    pub errors: Vec<ReadError>,
}

/// A schema file that could not be read.
#[derive(Clone, Debug)]
pub struct ReadError {
    /// `old` or `new`.
    pub side: &'static str,
    /// Where: the file and the JSON Pointer of the keyword (empty for the whole file).
    pub at: Loc,
    /// The whole message, naming file, pointer and keyword.
    pub message: String,
}

impl SchemaReport {
    /// The read errors as one line (`old: …; new: …`), when there are any.
    pub fn error_message(&self) -> Option<String> {
        (!self.errors.is_empty()).then(|| self.errors.iter().map(|e| format!("{}: {}", e.side, e.message)).collect::<Vec<_>>().join("; "))
    }

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
    /// 2 when a schema could not be read, else 1 when something breaks
    /// beyond what versions, policy and the allowlist permit, else 0.
    pub fn exit_code(&self) -> i32 {
        if self.unreadable() > 0 {
            2
        } else {
            i32::from(self.schemas.iter().any(SchemaReport::fails))
        }
    }

    /// How many schemas could not be read.
    pub fn unreadable(&self) -> usize {
        self.schemas.iter().filter(|s| !s.errors.is_empty()).count()
    }
}

/// One side of the comparison: every file's JSON (`Null` when it is not
/// JSON), its root in the IR when it could be read, else why not.
struct Side {
    ir: ir::Ir,
    values: Vec<Value>,
    roots: Vec<Option<NodeId>>,
    errors: Vec<Option<(Loc, String)>>,
}

/// Loads, builds and checks for cycles the way the generator does.
fn read_set(settings: &Settings, inputs: &[SchemaInput]) -> Result<ir::Ir, contracts_codegen::Error> {
    let docs = load::load(settings, inputs)?;
    let mut ir = ir::build(settings, &docs)?;
    contracts_codegen::cycles::check(&mut ir)?;
    Ok(ir)
}

/// Reads one side's files together (they may reference each other). A file
/// that cannot be read is set aside with its error and the rest are read
/// again, so one bad schema does not hide the others; files that reference
/// it then fail in turn, naming the reference.
fn load_side(files: &[SchemaFile], settings: &Settings, config: &Config, what: &str) -> Result<Side, String> {
    let values: Vec<Value> = files.iter().map(|f| serde_json::from_str(&f.text).unwrap_or(Value::Null)).collect();
    let dialects: Vec<Dialect> = files.iter().zip(&values).map(|(f, v)| config.policy_for(&f.path, id_of(v).as_deref()).default_dialect).collect();
    let mut errors: Vec<Option<(Loc, String)>> = vec![None; files.len()];
    loop {
        let live: Vec<usize> = (0..files.len()).filter(|&i| errors[i].is_none()).collect();
        let inputs: Vec<SchemaInput> =
            live.iter().map(|&i| SchemaInput::new(files[i].path.clone(), files[i].text.clone()).referenced_only().with_default_dialect(dialects[i])).collect();
        match read_set(settings, &inputs) {
            Ok(ir) => {
                let mut roots = vec![None; files.len()];
                for (k, &i) in live.iter().enumerate() {
                    roots[i] = ir.roots.get(k).copied();
                    if roots[i].is_none() {
                        errors[i] = Some((
                            Loc { file: files[i].path.clone(), pointer: String::new() },
                            format!("{}: the loader produced no root schema", files[i].path),
                        ));
                    }
                }
                return Ok(Side { ir, values, roots, errors });
            }
            Err(e) => match live.iter().find(|&&i| files[i].path == e.file) {
                Some(&i) => errors[i] = Some((Loc { file: e.file.clone(), pointer: e.pointer.clone() }, explain(&e, &values[i], dialects[i]))),
                None => return Err(format!("{what} schemas: {e}")),
            },
        }
    }
}

/// Keyword forms that belong to another dialect than the one in force, and
/// the dialects they fit: the usual cause of "must be a schema" on a schema
/// without `$schema`.
fn fits_elsewhere(keyword: &str, value: &Value, dialect: Dialect) -> Option<&'static str> {
    match keyword {
        "items" if value.is_array() && dialect >= Dialect::Draft2020_12 => Some("draft-04 to 2019-09 (the tuple form; 2020-12 spells it `prefixItems`)"),
        "exclusiveMinimum" | "exclusiveMaximum" if value.is_boolean() && dialect >= Dialect::Draft6 => Some("draft-04 (a boolean modifier of minimum/maximum)"),
        _ => None,
    }
}

/// The loader's error, plus which setting to change when the keyword's form
/// fits another dialect than the one the schema was read in.
fn explain(e: &contracts_codegen::Error, doc: &Value, default: Dialect) -> String {
    let keyword = e.pointer.rsplit('/').next().map(load::unescape_token).unwrap_or_default();
    let declared = doc.get("$schema").and_then(Value::as_str).and_then(Dialect::from_uri);
    let in_force = declared.unwrap_or(default);
    let Some(fits) = doc.pointer(&e.pointer).and_then(|v| fits_elsewhere(&keyword, v, in_force)) else {
        return e.to_string();
    };
    match declared {
        None => format!(
            "{e} (this form of `{keyword}` fits {fits}; the schema has no `$schema`, so it was read as {} (the default dialect): set `default_dialect` in drift.config.json, pass --default-dialect, or declare `$schema`)",
            in_force.name()
        ),
        Some(d) => format!("{e} (this form of `{keyword}` fits {fits}, but the schema declares {} with `$schema`)", d.name()),
    }
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
    compare_sets_with(old, new, config, allowlist, &Settings::new())
}

/// [`compare_sets`] reading the schemas with `settings` (where referenced
/// documents are found); `config.format_assertion` decides `format`.
pub fn compare_sets_with(old: &[SchemaFile], new: &[SchemaFile], config: &Config, allowlist: &Allowlist, settings: &Settings) -> Result<Report, String> {
    let settings = settings.clone().with_format_assertion(config.format_assertion);
    let os = load_side(old, &settings, config, "old")?;
    let ns = load_side(new, &settings, config, "new")?;
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
        let errors: Vec<ReadError> = [(oi, &os, "old"), (ni, &ns, "new")]
            .into_iter()
            .filter_map(|(k, s, side)| k.and_then(|k| s.errors[k].clone()).map(|(at, message)| ReadError { side, at, message }))
            .collect();
        match (oi, ni) {
            _ if !errors.is_empty() => {
                status = match (oi, ni) {
                    (Some(i), Some(j)) if old[i].rel != new[j].rel => Status::Renamed,
                    (Some(_), Some(_)) => Status::Modified,
                    (Some(_), None) => Status::Removed,
                    _ => Status::Added,
                };
            }
            (Some(i), Some(j)) => {
                let mut engine = engine::Engine::new(&os.ir, &ns.ir, engine::Policy { lenient: policy.lenient, format_assertion: config.format_assertion });
                // Both roots exist: a file without one has an error, handled above.
                let (Some(oroot), Some(nroot)) = (os.roots[i], ns.roots[j]) else {
                    continue;
                };
                let o = engine.root(false, oroot);
                let n = engine.root(true, nroot);
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
                        // Identity only: the same documents are valid. What the
                        // schema's own relative references now resolve to is
                        // compared below, through the resolved IR.
                        Breaks::NONE,
                        format!(
                            "$id {} → {}: the schema's identity changed (references from outside the set by the old $id no longer resolve); which documents are valid did not change by it",
                            oid.as_deref().unwrap_or("none"),
                            nid.as_deref().unwrap_or("none")
                        ),
                    ));
                }
                let (od, nd) = (os.values[i].get("$schema"), ns.values[j].get("$schema"));
                if od != nd && (os.ir.nodes[oroot].dialect != ns.ir.nodes[nroot].dialect) {
                    changes.push(file_change(
                        "dialect-changed",
                        &old[i].path,
                        &new[j].path,
                        Breaks::NONE,
                        format!("$schema {} → {} (keywords compared with each side's meaning)", show(od), show(nd)),
                    ));
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
            errors,
        };
        if r.errors.is_empty() {
            assess(&mut r, policy.removal_allowed);
        }
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
    matches!(
        kind,
        "annotation-changed"
            | "default-changed"
            | "deprecated-changed"
            | "extension-changed"
            | "dialect-changed"
            | "schema-renamed"
            | "format-added"
            | "format-removed"
            | "format-changed"
    )
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
fn assess(r: &mut SchemaReport, removal_allowed: bool) {
    r.required_bump = required_bump(&r.changes, r.directions);
    if r.status == Status::Added || r.status == Status::Removed {
        r.required_bump = if r.status == Status::Removed { Bump::Major } else { Bump::Minor };
    }
    // No version can be bumped on a schema that is gone: only the policy or
    // an allowlist entry lets a removal through.
    if r.status == Status::Removed && !removal_allowed && r.allowed.iter().all(Option::is_none) {
        r.drift.push(Drift {
            kind: "schema-removed",
            severity: "error",
            message: "the schema left the set: documents and references that use it break; allowlist its schema-removed or set \"removal\": \"allowed\" for it in drift.config.json".into(),
        });
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
            (
                "major-not-bumped",
                format!("breaking changes ({}) need a major version bump; the declared version moved only a {}", kinds.join(", "), declared.name()),
            )
        };
        r.drift.push(Drift { kind, severity: "error", message: msg });
    }
    if declared == Bump::Major && r.required_bump < Bump::Major {
        r.drift.push(Drift {
            kind: "over-bumped",
            severity: "warning",
            message: format!("major version bumped, but the changes need only {}", r.required_bump.name()),
        });
    } else if declared > Bump::None && r.required_bump == Bump::None {
        r.drift.push(Drift {
            kind: "bumped-without-change",
            severity: "warning",
            message: format!("declared version moved ({}) with no schema change", declared.name()),
        });
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
