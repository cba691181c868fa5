//! The versions a schema declares: the major in its `$id` path
//! (`/schemas/3/`), `const` version members (`protocolVersion: "1.0"`) and
//! the major a version `pattern` requires (`^1\.[0-9]+\.[0-9]+$`).

use super::markdown::code;
use crate::ir::{Ir, NodeId};
use serde_json::Value;

/// One version declaration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Declared {
    /// A path segment of the `$id` (`3` or `v3`) between other segments.
    IdMajor {
        /// The major version.
        major: u64,
        /// The segment as written.
        segment: String,
    },
    /// A root member whose name mentions "version" with a `const` value.
    ConstMember {
        /// The member name (`protocolVersion`).
        member: String,
        /// Its only value (`1.0`).
        value: String,
    },
    /// A root member whose name mentions "version" with a `pattern` that
    /// fixes the major (`^1\.`).
    PatternMember {
        /// The member name (`contractVersion`).
        member: String,
        /// The pattern.
        pattern: String,
        /// The major it requires.
        major: u64,
    },
}

impl Declared {
    /// The declaration in words, as Markdown.
    pub fn describe(&self) -> String {
        match self {
            Declared::IdMajor { major, segment } => {
                format!("major {major}, from the `$id` path segment {}", code(&format!("/{segment}/")))
            }
            Declared::ConstMember { member, value } => format!("{} is always {}", code(member), code(value)),
            Declared::PatternMember { member, pattern, major } => {
                format!("{} must match {}: major {major}", code(member), code(pattern))
            }
        }
    }

    /// A short form for the index (`3 (\`$id\`)`, `` `protocolVersion` `1.0` ``).
    pub fn short(&self) -> String {
        match self {
            Declared::IdMajor { major, .. } => format!("major {major} (`$id`)"),
            Declared::ConstMember { member, value } => format!("{} {}", code(member), code(value)),
            Declared::PatternMember { major, member, .. } => format!("{} major {major}", code(member)),
        }
    }
}

/// The versions the document with root `root` and `$id` `id` declares.
pub fn declared(ir: &Ir, root: NodeId, id: Option<&str>) -> Vec<Declared> {
    let mut out = Vec::new();
    if let Some(id) = id {
        if let Some(d) = id_major(id) {
            out.push(d);
        }
    }
    for n in ir.expand(&[root]) {
        let Some(k) = ir.keywords(n) else { continue };
        for (member, node) in &k.properties {
            if !member.to_lowercase().contains("version") {
                continue;
            }
            for m in ir.expand(&[*node]) {
                let Some(mk) = ir.keywords(m) else { continue };
                let constant = mk.const_.clone().or_else(|| mk.enum_.as_ref().filter(|e| e.len() == 1).and_then(|e| e.first().cloned()));
                if let Some(c) = constant {
                    let value = match c {
                        Value::String(s) => s,
                        other => other.to_string(),
                    };
                    let d = Declared::ConstMember { member: member.clone(), value };
                    if !out.contains(&d) {
                        out.push(d);
                    }
                }
                if let Some(p) = &mk.pattern {
                    if let Some(major) = pattern_major(p) {
                        let d = Declared::PatternMember { member: member.clone(), pattern: p.clone(), major };
                        if !out.contains(&d) {
                            out.push(d);
                        }
                    }
                }
            }
        }
    }
    out
}

/// The major in an `$id` path: a segment `3` or `v3` that is not the last.
fn id_major(id: &str) -> Option<Declared> {
    let without_fragment = id.split('#').next().unwrap_or(id);
    let path = match without_fragment.split_once("://") {
        Some((_, rest)) => rest.split_once('/').map(|(_, p)| p).unwrap_or(""),
        None => without_fragment,
    };
    let segments: Vec<&str> = path.split('/').collect();
    let inner = segments.len().saturating_sub(1);
    segments[..inner].iter().find_map(|s| {
        let digits = s.strip_prefix(['v', 'V']).unwrap_or(s);
        if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        digits.parse().ok().map(|major| Declared::IdMajor { major, segment: (*s).to_owned() })
    })
}

/// The major a version pattern fixes: `^1\.` (optionally `^v1\.`) then anything.
fn pattern_major(p: &str) -> Option<u64> {
    let rest = p.strip_prefix('^')?;
    let rest = rest.strip_prefix('v').unwrap_or(rest);
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    if digits.is_empty() {
        return None;
    }
    let after = &rest[digits.len()..];
    (after.starts_with("\\.") || after == "$").then(|| digits.parse().ok()).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ir, load, SchemaInput, Settings};

    fn versions(schema: &str) -> Vec<Declared> {
        let settings = Settings::new();
        let docs = load::load(&settings, &[SchemaInput::new("t.json", schema)]).expect("loads");
        let ir = ir::build(&settings, &docs).expect("builds");
        let id = docs.docs[0].value.get("$id").and_then(Value::as_str).map(str::to_owned);
        declared(&ir, ir.roots[0], id.as_deref())
    }

    #[test]
    fn id_path_const_and_pattern() {
        let v = versions(
            r#"{"$id": "https://x.example/schemas/3/c.schema.json",
                "properties": {"protocolVersion": {"const": "1.0"}, "contractVersion": {"pattern": "^1\\.[0-9]+\\.[0-9]+$"}, "other": {"const": "x"}}}"#,
        );
        assert_eq!(
            v,
            [
                Declared::IdMajor { major: 3, segment: "3".into() },
                Declared::ConstMember { member: "protocolVersion".into(), value: "1.0".into() },
                Declared::PatternMember { member: "contractVersion".into(), pattern: "^1\\.[0-9]+\\.[0-9]+$".into(), major: 1 },
            ]
        );
        assert_eq!(v[0].describe(), "major 3, from the `$id` path segment `/3/`");
    }

    #[test]
    fn no_version_in_file_names_or_free_patterns() {
        assert_eq!(versions(r#"{"$id": "https://x.example/a/2.json", "properties": {"version": {"pattern": "^[0-9]+$"}}}"#), []);
        assert_eq!(versions(r#"{"$id": "https://x.example/v2/a.json"}"#), [Declared::IdMajor { major: 2, segment: "v2".into() }]);
    }
}
