//! The policy file and the allowlist, both JSON.
//!
//! Policy (`drift.config.json`):
//!
//! ```json
//! {
//!   "format_assertion": false,
//!   "default": {"directions": "both", "open_objects": "strict", "default_dialect": "2020-12", "removal": "breaking"},
//!   "schemas": [
//!     {"glob": "schemas/commands.schema.json", "directions": "readers", "open_objects": "lenient"},
//!     {"glob": "legacy/*.json", "default_dialect": "draft-07", "removal": "allowed"}
//!   ]
//! }
//! ```
//!
//! `directions`: `readers`, `writers` or `both` — which breaks need a major
//! bump for schemas matching the glob (last match wins). `open_objects`:
//! `strict` (undeclared members of open objects may hold anything) or
//! `lenient` (they are assumed absent, so declaring or dropping them breaks
//! nobody). `default_dialect`: how a schema without `$schema` is read
//! (`draft-04`, `draft-06`, `draft-07`, `2019-09`, `2020-12` or a
//! meta-schema URI; the generator's default, 2020-12, when unset).
//! `removal`: `breaking` (a removed schema fails the gate unless an
//! allowlist entry permits its `schema-removed`) or `allowed`.
//!
//! Allowlist (`drift-allowlist.json`):
//!
//! ```json
//! {"allow": [
//!   {"schema": "schemas/commands.schema.json", "kind": "required-added",
//!    "pointer": "/properties/kind", "reason": "approved in #123"},
//!   {"schema": "*", "fingerprint": "0123456789abcdef", "reason": "..."}
//! ]}
//! ```
//!
//! `schema` is a path glob or a `$id`; `pointer` matches the change's old or
//! new pointer (a trailing `*` matches any suffix); `fingerprint` is the
//! value printed with each change. Entries that match no change are reported.

use crate::model::{Breaks, Change};
use contracts_codegen::Dialect;
use serde_json::Value;

/// Directions that matter.
pub type Directions = Breaks;

/// Per-schema policy.
#[derive(Clone, Copy, Debug)]
pub struct SchemaPolicy {
    pub directions: Directions,
    pub lenient: bool,
    /// How the schema is read when it has no `$schema`.
    pub default_dialect: Dialect,
    /// Whether removing the schema from the set passes the gate.
    pub removal_allowed: bool,
}

/// The keys a `default` or `schemas` entry may set; `None` leaves the value as it is.
#[derive(Clone, Debug, Default)]
pub struct PolicyOverride {
    pub directions: Option<Directions>,
    pub lenient: Option<bool>,
    pub default_dialect: Option<Dialect>,
    pub removal_allowed: Option<bool>,
}

impl PolicyOverride {
    fn parse(v: &Value) -> Result<PolicyOverride, String> {
        Ok(PolicyOverride { directions: directions(v)?, lenient: open_objects(v)?, default_dialect: default_dialect(v)?, removal_allowed: removal(v)? })
    }

    fn apply(&self, p: &mut SchemaPolicy) {
        if let Some(d) = self.directions {
            p.directions = d;
        }
        if let Some(l) = self.lenient {
            p.lenient = l;
        }
        if let Some(d) = self.default_dialect {
            p.default_dialect = d;
        }
        if let Some(r) = self.removal_allowed {
            p.removal_allowed = r;
        }
    }
}

/// The policy file.
#[derive(Clone, Debug)]
pub struct Config {
    pub format_assertion: bool,
    pub default: SchemaPolicy,
    /// `(glob, what it sets)`, in file order: the last match wins.
    pub rules: Vec<(String, PolicyOverride)>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            format_assertion: false,
            default: SchemaPolicy {
                directions: Breaks::BOTH,
                lenient: false,
                default_dialect: contracts_codegen::Settings::new().default_dialect(),
                removal_allowed: false,
            },
            rules: Vec::new(),
        }
    }
}

fn directions(v: &Value) -> Result<Option<Directions>, String> {
    match v.get("directions") {
        None => Ok(None),
        Some(Value::String(s)) => match s.as_str() {
            "readers" => Ok(Some(Breaks::R)),
            "writers" => Ok(Some(Breaks::W)),
            "both" => Ok(Some(Breaks::BOTH)),
            "none" => Ok(Some(Breaks::NONE)),
            other => Err(format!("directions must be readers, writers or both, not `{other}`")),
        },
        Some(_) => Err("directions must be a string".into()),
    }
}

fn default_dialect(v: &Value) -> Result<Option<Dialect>, String> {
    match v.get("default_dialect") {
        None => Ok(None),
        Some(Value::String(s)) => parse_dialect(s).map(Some).map_err(|e| format!("default_dialect: {e}")),
        Some(_) => Err("default_dialect must be a string".into()),
    }
}

/// The dialects by the names the reports use.
pub const DIALECTS: [Dialect; 5] = [Dialect::Draft4, Dialect::Draft6, Dialect::Draft7, Dialect::Draft2019_09, Dialect::Draft2020_12];

/// A dialect by name (`draft-07`, `2020-12`, …) or by meta-schema URI.
pub fn parse_dialect(s: &str) -> Result<Dialect, String> {
    DIALECTS
        .into_iter()
        .find(|d| d.name() == s)
        .or_else(|| if s.contains("://") { Dialect::from_uri(s) } else { None })
        .ok_or_else(|| format!("`{s}` is not a dialect: use one of {} or a meta-schema URI", DIALECTS.map(|d| d.name()).join(", ")))
}

fn removal(v: &Value) -> Result<Option<bool>, String> {
    match v.get("removal") {
        None => Ok(None),
        Some(Value::String(s)) if s == "breaking" => Ok(Some(false)),
        Some(Value::String(s)) if s == "allowed" => Ok(Some(true)),
        Some(_) => Err("removal must be \"breaking\" or \"allowed\"".into()),
    }
}

fn open_objects(v: &Value) -> Result<Option<bool>, String> {
    match v.get("open_objects") {
        None => Ok(None),
        Some(Value::String(s)) if s == "strict" => Ok(Some(false)),
        Some(Value::String(s)) if s == "lenient" => Ok(Some(true)),
        Some(_) => Err("open_objects must be \"strict\" or \"lenient\"".into()),
    }
}

impl Config {
    /// Parses the policy file's text.
    pub fn parse(text: &str) -> Result<Config, String> {
        let v: Value = serde_json::from_str(text).map_err(|e| format!("not valid JSON: {e}"))?;
        let mut c = Config::default();
        if !v.is_object() {
            return Err("must be a JSON object".into());
        }
        if let Some(f) = v.get("format_assertion") {
            c.format_assertion = f.as_bool().ok_or("format_assertion must be a boolean")?;
        }
        if let Some(d) = v.get("default") {
            PolicyOverride::parse(d).map_err(|e| format!("/default: {e}"))?.apply(&mut c.default);
        }
        if let Some(list) = v.get("schemas") {
            for (i, r) in list.as_array().ok_or("/schemas: must be an array")?.iter().enumerate() {
                let glob = r.get("glob").and_then(Value::as_str).ok_or(format!("/schemas/{i}: each entry needs a string `glob`"))?;
                c.rules.push((glob.to_owned(), PolicyOverride::parse(r).map_err(|e| format!("/schemas/{i}: {e}"))?));
            }
        }
        Ok(c)
    }

    /// The policy for a schema file (or `$id`).
    pub fn policy_for(&self, file: &str, id: Option<&str>) -> SchemaPolicy {
        let mut p = self.default;
        for (g, o) in &self.rules {
            if glob_match(g, file) || id.is_some_and(|i| glob_match(g, i)) {
                o.apply(&mut p);
            }
        }
        p
    }
}

/// `*` (no `/`), `**` (anything), `?`. A pattern without `/` also matches the file name.
pub fn glob_match(pattern: &str, text: &str) -> bool {
    fn rec(p: &[char], t: &[char], budget: &mut usize) -> bool {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        match p.first() {
            None => t.is_empty(),
            Some('*') if p.get(1) == Some(&'*') => (0..=t.len()).any(|i| rec(&p[2..], &t[i..], budget)),
            Some('*') => {
                for i in 0..=t.len() {
                    if rec(&p[1..], &t[i..], budget) {
                        return true;
                    }
                    if i < t.len() && t[i] == '/' {
                        break;
                    }
                }
                false
            }
            Some('?') => !t.is_empty() && t[0] != '/' && rec(&p[1..], &t[1..], budget),
            Some(c) => t.first() == Some(c) && rec(&p[1..], &t[1..], budget),
        }
    }
    let p: Vec<char> = pattern.chars().collect();
    let mut budget = 100_000;
    if rec(&p, &text.chars().collect::<Vec<_>>(), &mut budget) {
        return true;
    }
    if !pattern.contains('/') {
        let name: Vec<char> = text.rsplit('/').next().unwrap_or(text).chars().collect();
        let mut budget = 100_000;
        return rec(&p, &name, &mut budget);
    }
    false
}

/// One allowlist entry.
#[derive(Clone, Debug)]
pub struct AllowEntry {
    pub schema: String,
    pub kind: Option<String>,
    pub pointer: Option<String>,
    pub fingerprint: Option<String>,
    pub reason: String,
}

impl AllowEntry {
    /// Whether this entry permits change `c` of schema `file`/`id`.
    pub fn matches(&self, file: &str, id: Option<&str>, c: &Change, schema_key: &str) -> bool {
        let schema_ok = glob_match(&self.schema, file) || id == Some(self.schema.as_str()) || id.is_some_and(|i| glob_match(&self.schema, i));
        if !schema_ok {
            return false;
        }
        if let Some(f) = &self.fingerprint {
            return c.fingerprint(schema_key) == *f;
        }
        if self.kind.as_deref().is_some_and(|k| k != c.kind) {
            return false;
        }
        match &self.pointer {
            None => true,
            Some(p) => {
                let ptrs = [c.old.as_ref().map(|l| l.pointer.as_str()), c.new.as_ref().map(|l| l.pointer.as_str())];
                ptrs.iter().flatten().any(|q| match p.strip_suffix('*') {
                    Some(prefix) => q.starts_with(prefix),
                    None => q == p,
                })
            }
        }
    }

    /// For the "unused entries" list.
    pub fn describe(&self) -> String {
        let what = match (&self.fingerprint, &self.kind, &self.pointer) {
            (Some(f), _, _) => format!("fingerprint {f}"),
            (None, k, p) => format!("{} at {}", k.as_deref().unwrap_or("any kind"), p.as_deref().unwrap_or("any pointer")),
        };
        format!("{}: {} (reason: {})", self.schema, what, self.reason)
    }
}

/// The allowlist file.
#[derive(Clone, Debug, Default)]
pub struct Allowlist {
    pub entries: Vec<AllowEntry>,
}

impl Allowlist {
    /// Parses the allowlist's text.
    pub fn parse(text: &str) -> Result<Allowlist, String> {
        let v: Value = serde_json::from_str(text).map_err(|e| format!("not valid JSON: {e}"))?;
        let list = v.get("allow").and_then(Value::as_array).ok_or("must be an object with an `allow` array")?;
        let mut entries = Vec::new();
        for (i, e) in list.iter().enumerate() {
            let s = |k: &str| e.get(k).and_then(Value::as_str).map(str::to_owned);
            let schema = s("schema").ok_or(format!("entry {i}: `schema` (a path glob or $id) is required"))?;
            let reason = s("reason").filter(|r| !r.trim().is_empty()).ok_or(format!("entry {i}: a non-empty `reason` is required"))?;
            let (kind, pointer, fingerprint) = (s("kind"), s("pointer"), s("fingerprint"));
            if fingerprint.is_none() && kind.is_none() {
                return Err(format!("entry {i}: name the change by `kind` (+ `pointer`) or by `fingerprint`"));
            }
            entries.push(AllowEntry { schema, kind, pointer, fingerprint, reason });
        }
        Ok(Allowlist { entries })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs() {
        assert!(glob_match("schemas/*.json", "schemas/a.json"));
        assert!(!glob_match("schemas/*.json", "schemas/x/a.json"));
        assert!(glob_match("schemas/**", "schemas/x/a.json"));
        assert!(glob_match("commands*", "schemas/commands.schema.json"));
        assert!(glob_match("*", "anything/at/all"));
    }
}
