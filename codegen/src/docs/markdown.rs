//! Markdown building blocks that render the same on GitHub and pass
//! markdownlint's default rules: code spans that survive any content,
//! escaped schema prose, tables, wrapped paragraphs and GitHub's heading
//! anchors.

use std::collections::HashMap;

/// The line width prose is wrapped to (markdownlint MD013's default).
pub const WIDTH: usize = 80;

/// `s` as an inline code span, whatever it contains: a span delimited by
/// more backticks than any run inside it, padded when needed, and text that
/// would lose its edges (leading or trailing spaces, empty) shown as a JSON
/// string instead.
pub fn code(s: &str) -> String {
    let s = s.replace(['\n', '\r'], " ");
    if s.is_empty() || s.starts_with(' ') || s.ends_with(' ') {
        let quoted = serde_json::Value::String(s.clone()).to_string();
        return code(&quoted);
    }
    let mut longest = 0;
    let mut run = 0;
    for c in s.chars() {
        if c == '`' {
            run += 1;
            longest = longest.max(run);
        } else {
            run = 0;
        }
    }
    if longest == 0 {
        return format!("`{s}`");
    }
    let fence = "`".repeat(longest + 1);
    format!("{fence} {s} {fence}")
}

/// A JSON value as a code span: strings as their text, other values as JSON.
pub fn value_code(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::String(s) => code(s),
        other => code(&other.to_string()),
    }
}

/// Schema prose as Markdown text: its own code spans are kept, everything
/// else that Markdown would read as syntax (emphasis, links, HTML, tables,
/// a block marker at the start) is escaped, and bare URLs become code spans
/// (markdownlint MD034). Line breaks become spaces; paragraphs (blank
/// lines) are kept apart by `\n\n`.
pub fn prose(text: &str) -> String {
    let paragraphs: Vec<String> = text
        .replace("\r\n", "\n")
        .split("\n\n")
        .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|p| !p.is_empty())
        .map(|p| escape_line(&p))
        .collect();
    paragraphs.join("\n\n")
}

/// Escapes one line of prose (see [`prose`]).
fn escape_line(line: &str) -> String {
    // Backticks pair up left to right; an odd one out is escaped.
    let ticks = line.chars().filter(|c| *c == '`').count();
    let last_tick = if ticks % 2 == 1 { line.rfind('`') } else { None };
    let mut out = String::with_capacity(line.len() + 16);
    let mut in_code = false;
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String, in_code: bool| {
        if word.is_empty() {
            return;
        }
        if in_code {
            out.push_str(word);
        } else if word.starts_with("http://") || word.starts_with("https://") {
            // Keep trailing sentence punctuation outside the span.
            let trimmed = word.trim_end_matches(['.', ',', ';', ':', ')']);
            let tail = &word[trimmed.len()..];
            out.push_str(&code(trimmed));
            out.push_str(&escape_plain(tail));
        } else {
            out.push_str(&escape_plain(word));
        }
        word.clear();
    };
    for (i, c) in line.char_indices() {
        if c == '`' && Some(i) != last_tick {
            flush(&mut word, &mut out, in_code);
            in_code = !in_code;
            out.push('`');
        } else if c == '`' {
            flush(&mut word, &mut out, in_code);
            out.push_str("\\`");
        } else if c == ' ' && !in_code {
            flush(&mut word, &mut out, in_code);
            out.push(' ');
        } else {
            word.push(c);
        }
    }
    flush(&mut word, &mut out, in_code);
    guard_line_start(&out)
}

/// Escapes Markdown syntax characters in text outside code spans.
fn escape_plain(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' | '*' | '_' | '[' | ']' | '~' | '|' => {
                out.push('\\');
                out.push(c);
            }
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            c => out.push(c),
        }
    }
    out
}

/// Text a line may not start with, lest it become a heading, list, quote,
/// rule or table.
fn starts_block(line: &str) -> bool {
    let t = line.trim_start();
    if t.starts_with(['#', '-', '+', '*', '>', '=', '|']) {
        return true;
    }
    let digits = t.chars().take_while(char::is_ascii_digit).count();
    digits > 0 && t[digits..].starts_with(['.', ')'])
}

fn guard_line_start(line: &str) -> String {
    if !starts_block(line) {
        return line.to_owned();
    }
    let t = line.trim_start();
    let digits = t.chars().take_while(char::is_ascii_digit).count();
    if digits > 0 {
        format!("{}\\{}", &t[..digits], &t[digits..])
    } else if t.starts_with("&gt;") {
        t.to_owned()
    } else {
        format!("\\{t}")
    }
}

/// Wraps a paragraph to [`WIDTH`] columns, never starting a line with text
/// that Markdown would read as a block marker. `indent` starts continuation
/// lines (list items). Words longer than the width stay whole.
pub fn wrap(text: &str, indent: &str) -> String {
    let mut out = String::new();
    for (pi, para) in text.split("\n\n").enumerate() {
        if pi > 0 {
            out.push_str("\n\n");
            out.push_str(indent);
        }
        let words: Vec<&str> = para.split(' ').filter(|w| !w.is_empty()).collect();
        let mut line = String::new();
        let mut line_len = 0;
        let mut first_line = pi == 0;
        for w in words {
            let wlen = w.chars().count();
            let lead = if first_line { 0 } else { indent.chars().count() };
            if line.is_empty() {
                line.push_str(w);
                line_len = wlen;
                continue;
            }
            if lead + line_len + 1 + wlen > WIDTH && !starts_block(w) {
                out.push_str(&line);
                out.push('\n');
                out.push_str(indent);
                first_line = false;
                line.clear();
                line.push_str(w);
                line_len = wlen;
            } else {
                line.push(' ');
                line.push_str(w);
                line_len += 1 + wlen;
            }
        }
        out.push_str(&line);
    }
    out
}

/// A table cell: one line, pipes escaped (GitHub needs `\|` even inside
/// code spans).
pub fn cell(s: &str) -> String {
    // GitHub removes the backslash of every `\|` in a row before reading
    // the cell (so `\\|` in escaped prose still shows a pipe).
    s.replace("\n\n", " ").replace('\n', " ").replace('|', "\\|")
}

/// A GitHub-flavoured table. Columns whose cells are all empty are left
/// out unless listed in `keep`.
pub fn table(header: &[&str], rows: &[Vec<String>], keep: &[usize]) -> String {
    let cols: Vec<usize> = (0..header.len()).filter(|&c| keep.contains(&c) || rows.iter().any(|r| r.get(c).is_some_and(|s| !s.trim().is_empty()))).collect();
    let mut out = String::new();
    let line = |cells: Vec<String>| format!("| {} |\n", cells.join(" | "));
    out.push_str(&line(cols.iter().map(|&c| header[c].to_owned()).collect()));
    out.push_str(&line(cols.iter().map(|_| "---".to_owned()).collect()));
    for r in rows {
        out.push_str(&line(
            cols.iter()
                .map(|&c| {
                    let v = r.get(c).map(|s| cell(s)).unwrap_or_default();
                    if v.trim().is_empty() {
                        "–".to_owned()
                    } else {
                        v
                    }
                })
                .collect(),
        ));
    }
    out
}

/// GitHub's heading anchors (github-slugger), with its numbering of
/// repeated slugs, so links and markdownlint MD051 agree.
#[derive(Clone, Default)]
pub struct Slugger {
    seen: HashMap<String, usize>,
}

impl Slugger {
    /// The anchor GitHub gives the next heading whose rendered text is `text`.
    pub fn slug(&mut self, text: &str) -> String {
        let base: String = text
            .to_lowercase()
            .chars()
            .filter_map(|c| match c {
                ' ' => Some('-'),
                c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
                _ => None,
            })
            .collect();
        let mut slug = base.clone();
        let mut n = self.seen.get(&base).copied().unwrap_or(0);
        while self.seen.contains_key(&slug) {
            n += 1;
            slug = format!("{base}-{n}");
        }
        self.seen.insert(base.clone(), n);
        self.seen.entry(slug.clone()).or_insert(0);
        slug
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_spans_hold_anything() {
        assert_eq!(code("a|b"), "`a|b`");
        assert_eq!(code("a`b"), "`` a`b ``");
        assert_eq!(code(" x"), "`\" x\"`");
        assert_eq!(code(""), "`\"\"`");
    }

    #[test]
    fn prose_is_escaped_outside_code() {
        assert_eq!(prose("a [b] <c> `d [e]` *f* x_y"), "a \\[b\\] &lt;c&gt; `d [e]` \\*f\\* x\\_y");
        assert_eq!(prose("see https://x.example/a, then"), "see `https://x.example/a`, then");
        assert_eq!(prose("- not a list"), "\\- not a list");
        assert_eq!(prose("1. not a list"), "1\\. not a list");
        assert_eq!(prose("odd ` tick"), "odd \\` tick");
    }

    #[test]
    fn wrapping_never_starts_a_block() {
        let text = format!("{} - b # c", "a ".repeat(38).trim_end());
        let w = wrap(&text, "");
        for line in w.lines() {
            assert!(!starts_block(line), "{w}");
        }
    }

    #[test]
    fn slugs_follow_github() {
        let mut s = Slugger::default();
        assert_eq!(s.slug("Command `agent.send`"), "command-agentsend");
        assert_eq!(s.slug("Start"), "start");
        assert_eq!(s.slug("start"), "start-1");
        assert_eq!(s.slug("Spec::Id: object with id"), "specid-object-with-id");
    }

    #[test]
    fn tables_escape_pipes_and_drop_empty_columns() {
        let t = table(&["a", "b", "c"], &[vec!["`x|y`".into(), String::new(), "z".into()]], &[]);
        assert_eq!(t, "| a | c |\n| --- | --- |\n| `x\\|y` | z |\n");
    }
}
