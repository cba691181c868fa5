//! Drift in the wild: for each family of schemas that differ only by version
//! in their file name (`jreleaser-1.18.0.json` … `jreleaser-1.25.0.json`),
//! classify every release step and compare the bump it needed with the bump
//! the version in the file name made.

use crate::version::{self, Bump, Ver};
use crate::{compare_sets, Allowlist, Config, SchemaFile};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

/// How long one release step may take.
const STEP_LIMIT: std::time::Duration = std::time::Duration::from_secs(30);

/// One release step of a family.
pub struct Step {
    /// Old and new file names.
    pub old: String,
    /// The new file.
    pub new: String,
    /// Whether the step breaks readers, writers.
    pub readers: bool,
    /// Breaks writers.
    pub writers: bool,
    /// The bump the changes need.
    pub required: Bump,
    /// The bump the file names make.
    pub declared: Bump,
    /// Number of changes found, and the kinds of the breaking ones.
    pub changes: usize,
    /// Breaking change kinds (each once).
    pub breaking_kinds: Vec<String>,
    /// Why the step could not be compared, if it could not.
    pub error: Option<String>,
}

/// Splits `name-1.2.3.json` into (`name`, version).
pub fn family_of(file: &str) -> Option<(String, Ver)> {
    let stem = file.strip_suffix(".json")?;
    let cut = stem.rfind('-')?;
    let (base, v) = (&stem[..cut], &stem[cut + 1..]);
    let v = v.strip_prefix(['v', 'V']).unwrap_or(v);
    if base.is_empty() || v.is_empty() || !v.split('.').all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit())) {
        return None;
    }
    Some((base.to_owned(), version::parse_ver(v)?))
}

/// Every family (two or more versions) in `dir`, each sorted by version.
pub fn families(dir: &Path) -> Result<BTreeMap<String, Vec<(Ver, String)>>, String> {
    let mut out: BTreeMap<String, Vec<(Ver, String)>> = BTreeMap::new();
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if let Some((base, v)) = family_of(&name) {
            out.entry(base).or_default().push((v, name));
        }
    }
    out.retain(|_, v| v.len() > 1);
    for v in out.values_mut() {
        v.sort();
    }
    Ok(out)
}

/// Compares consecutive versions of every family.
pub fn steps(dir: &Path) -> Result<BTreeMap<String, Vec<Step>>, String> {
    let mut out = BTreeMap::new();
    for (base, versions) in families(dir)? {
        let mut steps = Vec::new();
        for pair in versions.windows(2) {
            let ((ov, of), (nv, nf)) = (&pair[0], &pair[1]);
            let read = |f: &str| std::fs::read_to_string(dir.join(f)).map_err(|e| format!("{f}: {e}"));
            let declared = version::bump(ov, nv).unwrap_or(Bump::None);
            let mut step = Step {
                old: of.clone(),
                new: nf.clone(),
                readers: false,
                writers: false,
                required: Bump::None,
                declared,
                changes: 0,
                breaking_kinds: Vec::new(),
                error: None,
            };
            eprintln!("drift: {of} -> {nf}");
            // Both sides are the same schema: compare them as one file. A
            // pathological pair may take long: give up after a time limit.
            let (old_text, new_text) = match read(of).and_then(|o| read(nf).map(|n| (o, n))) {
                Ok(t) => t,
                Err(e) => {
                    step.error = Some(e);
                    steps.push(step);
                    continue;
                }
            };
            let rel = format!("{base}.json");
            let (tx, rx) = std::sync::mpsc::channel();
            let (ofc, nfc) = (of.clone(), nf.clone());
            std::thread::Builder::new()
                .stack_size(256 << 20)
                .spawn(move || {
                    let old = [SchemaFile { rel: rel.clone(), path: ofc, text: old_text }];
                    let new = [SchemaFile { rel, path: nfc, text: new_text }];
                    let _ = tx.send(compare_sets(&old, &new, &Config::default(), &Allowlist::default()));
                })
                .map_err(|e| e.to_string())?;
            let result = rx.recv_timeout(STEP_LIMIT).unwrap_or_else(|_| Err(format!("gave up after {} s", STEP_LIMIT.as_secs())));
            // A release that cannot be read is not compared (its error is the verdict).
            let result = result.and_then(|r| match r.schemas.iter().find_map(|s| s.error_message()) {
                Some(e) => Err(e),
                None => Ok(r),
            });
            match result {
                Ok(r) => {
                    for s in &r.schemas {
                        step.changes += s.changes.len();
                        step.required = step.required.max(s.required_bump);
                        for c in &s.changes {
                            step.readers |= c.breaks.readers;
                            step.writers |= c.breaks.writers;
                            if (c.breaks.readers || c.breaks.writers) && !step.breaking_kinds.iter().any(|k| k == c.kind) {
                                step.breaking_kinds.push(c.kind.to_owned());
                            }
                        }
                    }
                }
                Err(e) => step.error = Some(e),
            }
            steps.push(step);
        }
        out.insert(base, steps);
    }
    Ok(out)
}

/// The Markdown report checked in as `docs/drift-in-the-wild.md`.
pub fn markdown(dir_shown: &str, all: &BTreeMap<String, Vec<Step>>) -> String {
    let mut md = String::new();
    let total: usize = all.values().map(Vec::len).sum();
    let broke = |s: &Step| s.readers || s.writers;
    let too_little = |s: &Step| s.error.is_none() && s.required > s.declared;
    let breaking = all.values().flatten().filter(|s| broke(s)).count();
    let under = all.values().flatten().filter(|s| too_little(s)).count();
    let errors = all.values().flatten().filter(|s| s.error.is_some()).count();
    let readers_only = all.values().flatten().filter(|s| too_little(s) && s.readers && !s.writers).count();
    let _ = writeln!(md, "# Drift in the wild\n");
    let _ = writeln!(
        md,
        "{}",
        wrap(&format!(
            "Generated by `cargo xtask drift --families {dir_shown} --format markdown`: every family of SchemaStore \
         schemas that differ only by the version in their file name, each release compared with the one before it \
         (policy: both directions matter; `format` is an annotation). \"Breaks writers\": a document valid for the old \
         release is refused by the new one; \"breaks readers\": a document valid for the new release is refused by \
         the old one. The bump needed is major for any break, minor for additions, patch for annotation-only edits; \
         it is compared with the bump the file name made (in 0.x a minor move counts as major)."
        ))
    );
    let _ = writeln!(md);
    let _ = writeln!(
        md,
        "{}",
        wrap(&format!(
            "{} families, {total} release steps: {breaking} broke readers or writers, {under} bumped the version less than \
         their changes need, {errors} could not be compared. Of the {under} that bumped too little, {readers_only} \
         only break readers (a reader of the old release refuses documents written for the new one, typically a \
         member added to a closed object): under a writers-only policy, the usual one for configuration files, \
         those need just a minor bump.",
            all.len()
        ))
    );
    let _ = writeln!(md);
    let _ = writeln!(md, "| family | from | to | breaks | needed | made | verdict | breaking change kinds |");
    let _ = writeln!(md, "| --- | --- | --- | --- | --- | --- | --- | --- |");
    for (family, steps) in all {
        for s in steps {
            let breaks = match (s.readers, s.writers) {
                (true, true) => "readers, writers",
                (true, false) => "readers",
                (false, true) => "writers",
                (false, false) => "none",
            };
            let verdict = if let Some(e) = &s.error {
                format!("not compared: `{}`", e.replace('|', "/").replace('`', "'").chars().take(80).collect::<String>())
            } else if too_little(s) {
                "**bumped too little**".to_owned()
            } else if s.declared > s.required {
                "bumped more than needed".to_owned()
            } else {
                "ok".to_owned()
            };
            let kinds =
                if s.breaking_kinds.is_empty() { "-".to_owned() } else { s.breaking_kinds.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", ") };
            let _ = writeln!(md, "| {family} | `{}` | `{}` | {breaks} | {} | {} | {verdict} | {kinds} |", s.old, s.new, s.required.name(), s.declared.name());
        }
    }
    md
}

/// Greedy word wrap at 80 columns (Markdown prose).
fn wrap(text: &str) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.len() + 1 + word.len() > 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(&line);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn family_names() {
        assert_eq!(family_of("jreleaser-1.18.0.json").map(|(b, v)| (b, v.to_string())), Some(("jreleaser".into(), "1.18.0".into())));
        assert_eq!(family_of("renovate-43.json").map(|(b, v)| (b, v.to_string())), Some(("renovate".into(), "43".into())));
        assert!(family_of("tsconfig.json").is_none());
        assert!(family_of("foo-bar.json").is_none());
    }
}
