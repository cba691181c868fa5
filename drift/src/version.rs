//! Declared versions: what a schema says about its own version, and the
//! bump between two declarations.

use serde_json::Value;

/// A version read from one source.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Ver {
    pub major: u64,
    pub minor: Option<u64>,
    pub patch: Option<u64>,
}

impl std::fmt::Display for Ver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.major)?;
        if let Some(m) = self.minor {
            write!(f, ".{m}")?;
        }
        if let Some(p) = self.patch {
            write!(f, ".{p}")?;
        }
        Ok(())
    }
}

/// A semver bump.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Bump {
    None,
    Patch,
    Minor,
    Major,
}

impl Bump {
    pub fn name(self) -> &'static str {
        match self {
            Bump::None => "none",
            Bump::Patch => "patch",
            Bump::Minor => "minor",
            Bump::Major => "major",
        }
    }
}

/// Parses `1`, `v2`, `1.0`, `1.2.3` (prerelease/build ignored).
pub fn parse_ver(s: &str) -> Option<Ver> {
    let s = s.trim().trim_start_matches(['v', 'V']);
    let core = s.split(['-', '+']).next()?;
    let mut it = core.split('.');
    let major = it.next()?.parse().ok()?;
    let minor = match it.next() {
        Some(x) => Some(x.parse().ok()?),
        None => None,
    };
    let patch = match it.next() {
        Some(x) => Some(x.parse().ok()?),
        None => None,
    };
    if it.next().is_some() {
        return None;
    }
    Some(Ver { major, minor, patch })
}

/// The major (and minor) a version pattern pins: `^1\.[0-9]+…` → 1, `^v2\.3\.` → 2.3.
pub fn pattern_ver(p: &str) -> Option<Ver> {
    let rest = p.strip_prefix('^')?;
    let rest = rest.strip_prefix('v').unwrap_or(rest);
    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    if digits.is_empty() {
        return None;
    }
    let major = digits.parse().ok()?;
    let rest = &rest[digits.len()..];
    let minor = rest.strip_prefix("\\.").and_then(|r| {
        let d: String = r.chars().take_while(|c| c.is_ascii_digit()).collect();
        let after = &r[d.len()..];
        (!d.is_empty() && (after.starts_with("\\.") || after.starts_with('$') || after.is_empty())).then(|| d.parse().ok()).flatten()
    });
    if !(rest.is_empty() || rest.starts_with("\\.") || rest.starts_with('$')) {
        return None;
    }
    Some(Ver { major, minor, patch: None })
}

/// The `$id` with its version segment replaced by `*` (for matching).
pub fn id_without_version(id: &str) -> String {
    let (head, frag) = match id.find('#') {
        Some(i) => (&id[..i], &id[i..]),
        None => (id, ""),
    };
    let segs: Vec<String> = head
        .split('/')
        .map(|s| {
            if is_version_segment(s) {
                return "*".to_owned();
            }
            // A version inside a file name: `jreleaser-1.10.0.json`, `renovate-43.json`.
            if let Some((stem, ext)) = s.rsplit_once(".json").map(|(a, _)| (a, ".json")) {
                if let Some(cut) = stem.rfind(['-', '_']) {
                    if is_version_segment(&stem[cut + 1..]) {
                        return format!("{}*{ext}", &stem[..=cut]);
                    }
                }
            }
            s.to_owned()
        })
        .collect();
    format!("{}{}", segs.join("/"), frag)
}

fn is_version_segment(s: &str) -> bool {
    let t = s.strip_prefix(['v', 'V']).unwrap_or(s);
    !t.is_empty() && t.split('.').all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit())) && t.split('.').count() <= 3
}

/// Every version the schema document declares, as (source, version).
pub fn declared(doc: &Value) -> Vec<(String, Ver)> {
    let mut out = Vec::new();
    let Some(m) = doc.as_object() else { return out };
    if let Some(id) = m.get("$id").or_else(|| m.get("id")).and_then(Value::as_str) {
        let head = id.split('#').next().unwrap_or("");
        let segs: Vec<&str> = head.split('/').collect();
        // Skip the scheme/host and the file name.
        let inner = if segs.len() > 3 { &segs[3..segs.len() - 1] } else { &[][..] };
        if let Some(s) = inner.iter().rev().find(|s| is_version_segment(s)) {
            if let Some(v) = parse_ver(s) {
                out.push(("$id".to_owned(), v));
            }
        }
    }
    for kw in ["version", "x-version", "schemaVersion", "x-schema-version"] {
        if let Some(v) = m.get(kw).and_then(Value::as_str).and_then(parse_ver) {
            out.push((kw.to_owned(), v));
        }
    }
    let mut props: Vec<(&String, &Value)> = Vec::new();
    if let Some(p) = m.get("properties").and_then(Value::as_object) {
        props.extend(p.iter());
    }
    for (name, p) in props {
        if !name.to_ascii_lowercase().contains("version") {
            continue;
        }
        let src = format!("/properties/{}", contracts_codegen::load::escape_token(name));
        if let Some(v) = p.get("const").and_then(Value::as_str).and_then(parse_ver) {
            out.push((format!("{src}/const"), v));
        } else if let Some(v) = p.get("enum").and_then(Value::as_array).and_then(|a| a.iter().filter_map(|x| x.as_str().and_then(parse_ver)).max()) {
            out.push((format!("{src}/enum"), v));
        } else if let Some(v) = p.get("pattern").and_then(Value::as_str).and_then(pattern_ver) {
            out.push((format!("{src}/pattern"), v));
        } else if let Some(v) = p.get("const").and_then(Value::as_u64) {
            out.push((format!("{src}/const"), Ver { major: v, minor: None, patch: None }));
        }
    }
    out
}

/// The version moved backwards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Backwards;

/// The bump from `a` to `b`, or `Err(Backwards)` when it moved backwards.
pub fn bump(a: &Ver, b: &Ver) -> Result<Bump, Backwards> {
    use std::cmp::Ordering::*;
    match b.major.cmp(&a.major) {
        Greater => return Ok(Bump::Major),
        Less => return Err(Backwards),
        Equal => {}
    }
    let minor = |v: &Ver| v.minor.unwrap_or(0);
    match minor(b).cmp(&minor(a)) {
        // 0.x: a minor move is a major one.
        Greater => return Ok(if a.major == 0 { Bump::Major } else { Bump::Minor }),
        Less => return Err(Backwards),
        Equal => {}
    }
    let patch = |v: &Ver| v.patch.unwrap_or(0);
    match patch(b).cmp(&patch(a)) {
        Greater => Ok(if a.major == 0 { Bump::Minor } else { Bump::Patch }),
        Less => Err(Backwards),
        Equal => Ok(Bump::None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn sources() {
        let d = declared(
            &json!({"$id": "https://cohorte.dev/schemas/3/commands.schema.json", "properties": {"protocolVersion": {"const": "1.0"}, "contractVersion": {"pattern": "^1\\.[0-9]+\\.[0-9]+$"}}}),
        );
        assert_eq!(d[0], ("$id".into(), Ver { major: 3, minor: None, patch: None }));
        assert_eq!(d[1].1, Ver { major: 1, minor: Some(0), patch: None });
        assert_eq!(d[2].1, Ver { major: 1, minor: None, patch: None });
        assert_eq!(id_without_version("https://x/schemas/3/a.json"), "https://x/schemas/*/a.json");
        assert_eq!(pattern_ver("^2\\.1\\.[0-9]+$"), Some(Ver { major: 2, minor: Some(1), patch: None }));
        assert_eq!(pattern_ver("^[0-9]+$"), None);
    }
}
