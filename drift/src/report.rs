//! Report writers: text, JSON, Markdown and GitHub annotations.

use crate::{Change, Report, SchemaReport};
use serde_json::{json, Value};
use std::fmt::Write;

fn breaks_label(c: &Change) -> &'static str {
    match (c.breaks.readers, c.breaks.writers) {
        (true, true) => "breaks readers+writers",
        (true, false) => "breaks readers",
        (false, true) => "breaks writers",
        (false, false) => "compatible",
    }
}

fn ptr(l: &Option<crate::Loc>) -> String {
    match l {
        Some(l) if l.pointer.is_empty() => "#".into(),
        Some(l) => format!("#{}", l.pointer),
        None => "-".into(),
    }
}

fn versions(v: &[(String, crate::version::Ver)]) -> Value {
    Value::Array(v.iter().map(|(s, v)| json!({"source": s, "version": v.to_string()})).collect())
}

/// The stable JSON form.
pub fn to_json(r: &Report) -> Value {
    let schemas: Vec<Value> = r
        .schemas
        .iter()
        .map(|s| {
            let key = s.id.clone().unwrap_or_else(|| s.file.clone());
            json!({
                "file": s.file,
                "old_file": s.old_file,
                "id": s.id,
                "status": s.status.name(),
                "directions": s.directions.names(),
                "changes": s.changes.iter().zip(&s.allowed).map(|(c, a)| {
                    let mut v = c.to_json(&key);
                    if let Some(reason) = a { v["allowed"] = json!(reason); }
                    v
                }).collect::<Vec<_>>(),
                "required_bump": s.required_bump.name(),
                "declared_bump": s.declared_bump.name(),
                "declared_versions": {"old": versions(&s.old_versions), "new": versions(&s.new_versions)},
                "drift": s.drift.iter().map(|d| json!({"kind": d.kind, "severity": d.severity, "message": d.message})).collect::<Vec<_>>(),
                "error": s.error_message(),
            })
        })
        .collect();
    json!({
        "schemas": schemas,
        "unused_allowlist": r.unused_allowlist,
        "exit_code": r.exit_code(),
    })
}

fn interesting(s: &SchemaReport) -> bool {
    s.status != crate::Status::Unchanged || !s.changes.is_empty() || !s.errors.is_empty()
}

/// The verdict line of the text report.
fn verdict(r: &Report) -> String {
    match (r.unreadable(), r.exit_code()) {
        (0, 0) => "drift: OK".into(),
        (0, _) => "drift: FAILED (breaking changes without the version bump or allowlist entry they need)".into(),
        (1, _) => "drift: ERROR (1 schema could not be read; the others were compared)".into(),
        (n, _) => format!("drift: ERROR ({n} schemas could not be read; the others were compared)"),
    }
}

/// Plain text, grouped by schema.
pub fn to_text(r: &Report) -> String {
    let mut out = String::new();
    let mut shown = 0;
    for s in r.schemas.iter().filter(|s| interesting(s)) {
        shown += 1;
        let _ = writeln!(out, "{} ({})", s.file, s.status.name());
        if let Some(id) = &s.id {
            let _ = writeln!(out, "  $id: {id}");
        }
        if let Some(o) = &s.old_file {
            let _ = writeln!(out, "  was: {o}");
        }
        if let Some(e) = s.error_message() {
            let _ = writeln!(out, "  error: {e}\n");
            continue;
        }
        let _ = writeln!(
            out,
            "  required bump: {}   declared bump: {}   directions that matter: {}",
            s.required_bump.name(),
            s.declared_bump.name(),
            s.directions.names().join("+")
        );
        for (c, a) in s.changes.iter().zip(&s.allowed) {
            let scope = if c.breaks.masked(s.directions).any() { "!" } else { " " };
            let _ = writeln!(out, "  {scope} {:<30} {:<24} {} -> {}: {}", c.kind, breaks_label(c), ptr(&c.old), ptr(&c.new), c.message);
            if let Some(reason) = a {
                let _ = writeln!(out, "      allowed: {reason}");
            }
        }
        for d in &s.drift {
            let _ = writeln!(out, "  drift {} [{}]: {}", d.kind, d.severity, d.message);
        }
        out.push('\n');
    }
    if shown == 0 {
        out.push_str("no schema changes\n");
    }
    for u in &r.unused_allowlist {
        let _ = writeln!(out, "allowlist entry matches nothing: {u}");
    }
    let _ = writeln!(out, "{}", verdict(r));
    out
}

/// A Markdown PR comment.
pub fn to_markdown(r: &Report) -> String {
    let mut out = String::from("## Schema drift\n\n");
    let head = match (r.unreadable(), r.exit_code()) {
        (0, 0) => "✅ No unpermitted breaking changes.".to_owned(),
        (0, _) => "❌ Breaking changes without a matching version bump or allowlist entry.".to_owned(),
        (n, _) => format!("❌ {n} schema(s) could not be read; the others were compared."),
    };
    let _ = writeln!(out, "{head}\n");
    let list: Vec<&SchemaReport> = r.schemas.iter().filter(|s| interesting(s)).collect();
    if list.is_empty() {
        out.push_str("No schema changes.\n");
    }
    for s in list {
        let _ = writeln!(out, "### `{}` ({})\n", s.file, s.status.name());
        if let Some(e) = s.error_message() {
            let _ = writeln!(out, "❌ **error**: {}\n", e.replace('|', "\\|"));
            continue;
        }
        let _ = writeln!(
            out,
            "Required bump: **{}** · declared bump: **{}** · directions that matter: {}\n",
            s.required_bump.name(),
            s.declared_bump.name(),
            s.directions.names().join(", ")
        );
        if !s.changes.is_empty() {
            out.push_str("| kind | breaks | old | new | message |\n|---|---|---|---|---|\n");
            for (c, a) in s.changes.iter().zip(&s.allowed) {
                let b = c.breaks.names().join(", ");
                let b = if b.is_empty() { "–".to_owned() } else { b };
                let allowed = a.as_ref().map(|r| format!(" (allowed: {r})")).unwrap_or_default();
                let _ = writeln!(
                    out,
                    "| `{}` | {} | `{}` | `{}` | {}{} |",
                    c.kind,
                    b,
                    ptr(&c.old),
                    ptr(&c.new),
                    c.message.replace('|', "\\|"),
                    allowed.replace('|', "\\|")
                );
            }
            out.push('\n');
        }
        for d in &s.drift {
            let icon = if d.severity == "error" { "❌" } else { "⚠️" };
            let _ = writeln!(out, "{icon} **{}**: {}\n", d.kind, d.message);
        }
    }
    for u in &r.unused_allowlist {
        let _ = writeln!(out, "⚠️ allowlist entry matches nothing: {u}\n");
    }
    out
}

fn esc_data(s: &str) -> String {
    s.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A")
}
fn esc_prop(s: &str) -> String {
    esc_data(s).replace(':', "%3A").replace(',', "%2C")
}

/// GitHub workflow commands: `::error file=…,line=…::` on the changed keyword's line.
pub fn to_github(r: &Report) -> String {
    let mut out = String::new();
    for s in &r.schemas {
        for e in &s.errors {
            let texts = if e.side == "new" { &r.new_texts } else { &r.old_texts };
            let line = texts.get(&e.at.file).and_then(|t| line_of(t, &e.at.pointer)).unwrap_or(1);
            let _ = writeln!(
                out,
                "::error file={},line={},title=schema-unreadable::{}",
                esc_prop(&e.at.file),
                line,
                esc_data(&format!("{} side: {}", e.side, e.message))
            );
        }
        for (c, a) in s.changes.iter().zip(&s.allowed) {
            let level = if c.breaks.masked(s.directions).any() && a.is_none() && s.fails() {
                "error"
            } else if c.breaks.any() {
                "warning"
            } else {
                "notice"
            };
            let (file, line) = line_for(r, c).unwrap_or_else(|| (s.file.clone(), 1));
            let _ =
                writeln!(out, "::{level} file={},line={},title={}::{} ({})", esc_prop(&file), line, esc_prop(c.kind), esc_data(&c.message), breaks_label(c));
        }
        for d in &s.drift {
            let line = r.new_texts.get(&s.file).and_then(|t| line_of(t, "/$id")).unwrap_or(1);
            let _ = writeln!(out, "::{} file={},line={},title={}::{}", d.severity, esc_prop(&s.file), line, esc_prop(d.kind), esc_data(&d.message));
        }
    }
    for u in &r.unused_allowlist {
        let _ = writeln!(out, "::warning title=unused allowlist entry::{}", esc_data(u));
    }
    out
}

fn line_for(r: &Report, c: &Change) -> Option<(String, usize)> {
    if let Some(l) = &c.new {
        if let Some(t) = r.new_texts.get(&l.file) {
            return Some((l.file.clone(), line_of(t, &l.pointer).unwrap_or(1)));
        }
    }
    let l = c.old.as_ref()?;
    let t = r.old_texts.get(&l.file)?;
    Some((l.file.clone(), line_of(t, &l.pointer).unwrap_or(1)))
}

/// The 1-based line of the value (or member name) at `pointer` in JSON
/// `text`; for a missing member, the line of the deepest ancestor found.
pub fn line_of(text: &str, pointer: &str) -> Option<usize> {
    let b = text.as_bytes();
    let tokens: Vec<String> = if pointer.is_empty() { Vec::new() } else { pointer.split('/').skip(1).map(contracts_codegen::load::unescape_token).collect() };
    let mut pos = skip_ws(b, 0);
    let mut best = pos;
    for tok in &tokens {
        match b.get(pos)? {
            b'{' => {
                pos += 1;
                let mut found = None;
                loop {
                    pos = skip_ws(b, pos);
                    if b.get(pos) == Some(&b'}') || pos >= b.len() {
                        break;
                    }
                    let key_start = pos;
                    let key_end = skip_string(b, pos)?;
                    let key: String = serde_json::from_slice(&b[key_start..key_end]).ok()?;
                    pos = skip_ws(b, key_end);
                    if b.get(pos) != Some(&b':') {
                        return None;
                    }
                    pos = skip_ws(b, pos + 1);
                    if key == *tok {
                        found = Some((key_start, pos));
                        break;
                    }
                    pos = skip_value(b, pos)?;
                    pos = skip_ws(b, pos);
                    if b.get(pos) == Some(&b',') {
                        pos += 1;
                    }
                }
                match found {
                    Some((k, v)) => {
                        best = k;
                        pos = v;
                    }
                    None => return Some(line_at(b, best)),
                }
            }
            b'[' => {
                let idx: usize = tok.parse().ok()?;
                pos += 1;
                let mut i = 0;
                loop {
                    pos = skip_ws(b, pos);
                    if b.get(pos) == Some(&b']') || pos >= b.len() {
                        return Some(line_at(b, best));
                    }
                    if i == idx {
                        best = pos;
                        break;
                    }
                    pos = skip_value(b, pos)?;
                    pos = skip_ws(b, pos);
                    if b.get(pos) == Some(&b',') {
                        pos += 1;
                    }
                    i += 1;
                }
            }
            _ => return Some(line_at(b, best)),
        }
    }
    Some(line_at(b, best))
}

fn line_at(b: &[u8], pos: usize) -> usize {
    1 + b[..pos.min(b.len())].iter().filter(|c| **c == b'\n').count()
}

fn skip_ws(b: &[u8], mut p: usize) -> usize {
    while p < b.len() && matches!(b[p], b' ' | b'\n' | b'\r' | b'\t') {
        p += 1;
    }
    p
}

fn skip_string(b: &[u8], mut p: usize) -> Option<usize> {
    if b.get(p) != Some(&b'"') {
        return None;
    }
    p += 1;
    while p < b.len() {
        match b[p] {
            b'\\' => p += 2,
            b'"' => return Some(p + 1),
            _ => p += 1,
        }
    }
    None
}

/// Skips one value without recursion (brackets counted, strings respected).
fn skip_value(b: &[u8], mut p: usize) -> Option<usize> {
    let mut depth = 0usize;
    loop {
        let c = *b.get(p)?;
        match c {
            b'"' => {
                p = skip_string(b, p)?;
                if depth == 0 {
                    return Some(p);
                }
                continue;
            }
            b'{' | b'[' => depth += 1,
            b'}' | b']' => {
                if depth == 0 {
                    return Some(p);
                }
                depth -= 1;
                if depth == 0 {
                    return Some(p + 1);
                }
            }
            b',' if depth == 0 => return Some(p),
            _ => {}
        }
        p += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines() {
        let t = "{\n  \"a\": 1,\n  \"b\": {\n    \"c\": [\n      true,\n      {\"d\": \"x\\\"}\"}\n    ]\n  }\n}";
        assert_eq!(line_of(t, ""), Some(1));
        assert_eq!(line_of(t, "/a"), Some(2));
        assert_eq!(line_of(t, "/b/c"), Some(4));
        assert_eq!(line_of(t, "/b/c/1/d"), Some(6));
        assert_eq!(line_of(t, "/b/zzz"), Some(3));
        assert_eq!(line_of("[", "/0/x"), Some(1));
    }
}
