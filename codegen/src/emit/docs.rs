//! Rustdoc from the schema's own text, sanitised so that schema text can
//! never become a doctest, a broken intra-doc link or stray HTML.

use crate::plan::DocText;
use proc_macro2::TokenStream;
use quote::quote;

/// `#[doc = …]` attributes for an item: title, description, `notes` (such
/// as constraints), default, examples, `x-` extensions and the source location.
pub fn doc_attrs(d: &DocText, notes: &[String]) -> TokenStream {
    let mut paras: Vec<String> = Vec::new();
    if let Some(t) = &d.title {
        paras.push(sanitize(blank_edges_off(t)));
    }
    if let Some(desc) = &d.description {
        if d.title.as_deref() != Some(desc.as_str()) {
            paras.push(sanitize(blank_edges_off(desc)));
        }
    }
    paras.retain(|p| !p.is_empty());
    let mut facts: Vec<String> = notes.iter().map(|n| sanitize(n)).collect();
    if d.deprecated {
        // In the summary line rustdoc shows for the item, when it is prose.
        match paras.first_mut() {
            Some(first) if is_prose(first.lines().next().unwrap_or_default()) => first.insert_str(0, "Deprecated. "),
            _ => facts.push("Deprecated.".to_owned()),
        }
    }
    if d.read_only {
        facts.push("Read-only: set by the owner of the data, not by writers.".to_owned());
    }
    if d.write_only {
        facts.push("Write-only: never returned by readers.".to_owned());
    }
    for (k, v) in &d.extensions {
        facts.push(format!("`{k}`: `{}`", code_safe(&v.to_string())));
    }
    if !d.examples.is_empty() {
        let shown: Vec<String> = d.examples.iter().take(3).map(|e| format!("`{}`", code_safe(&e.to_string()))).collect();
        facts.push(format!("Examples: {}", shown.join(", ")));
    }
    if !facts.is_empty() {
        paras.push(facts.join("\n\n"));
    }
    if !d.source.is_empty() {
        paras.push(format!("Schema: `{}`", code_safe(&d.source)));
    }
    doc_lines(&paras.join("\n\n"))
}

/// `text` without the blank lines it starts or ends with (a description
/// written `"\nhttps://…"` would start its item's rustdoc with an empty line).
fn blank_edges_off(text: &str) -> &str {
    let blank: usize = text.split_inclusive('\n').take_while(|l| l.trim().is_empty()).map(str::len).sum();
    text[blank..].trim_end()
}

/// One `#[doc = …]` attribute per line of `text` (a blank line empty, so
/// rustdoc sees a paragraph break), a paragraph of prose on one line.
fn doc_lines(text: &str) -> TokenStream {
    let lines = paragraph_lines(text).into_iter().map(|l| if l.trim().is_empty() { String::new() } else { format!(" {l}") });
    quote!(#(#[doc = #lines])*)
}

/// The lines of `text` with each paragraph of prose joined into one:
/// Markdown joins a paragraph's lines with a space, so rustdoc shows the
/// same text (a description that puts its link on a line of its own takes
/// one line of source, not two). Code blocks, lists, headings, quotes,
/// tables and hard line breaks keep their lines.
fn paragraph_lines(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut in_fence = false;
    // The last line is prose (or a list item) that the next line may continue.
    let mut continues = false;
    for line in text.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            in_fence = !in_fence;
            out.push(line.to_owned());
            continues = false;
            continue;
        }
        if in_fence {
            out.push(line.to_owned());
            continue;
        }
        let prose = is_prose(line);
        match out.last_mut() {
            Some(last) if continues && prose => {
                last.push(' ');
                last.push_str(trimmed);
            }
            _ => out.push(line.to_owned()),
        }
        let hard_break = line.ends_with("  ") || line.ends_with('\\');
        continues = (prose || is_list_item(trimmed)) && !hard_break;
    }
    out
}

/// Whether `line` is a line of a Markdown paragraph: text that starts no
/// block (not blank, indented code, a heading, quote, table row, HTML,
/// list item or underline).
fn is_prose(line: &str) -> bool {
    let t = line.trim_start();
    let underline = !t.is_empty() && (t.chars().all(|c| c == '=') || t.chars().all(|c| c == '-'));
    !t.is_empty() && line.len() - t.len() < 4 && !t.starts_with(['#', '>', '|', '<']) && !is_list_item(t) && !underline
}

/// `- a`, `* a`, `+ a`, `1. a`, `1) a`.
fn is_list_item(t: &str) -> bool {
    let digits = t.chars().take_while(char::is_ascii_digit).count();
    let rest = if digits > 0 { t[digits..].strip_prefix(['.', ')']) } else { t.strip_prefix(['-', '*', '+']) };
    rest.is_some_and(|r| r.is_empty() || r.starts_with(' '))
}

/// The rustdoc sentence of an enum whose variants are values: how each is
/// written in JSON (`spans`, code spans in the variants' order).
pub fn spellings(spans: impl Iterator<Item = String>) -> String {
    format!("In JSON, in the order of the variants: {}.", spans.collect::<Vec<_>>().join(", "))
}

/// The rustdoc sentence of a type that places with different schemas
/// share: where it is used (the first few places), each validated by its own.
pub fn used_by(places: &[String]) -> String {
    const SHOWN: usize = 3;
    // A place met twice (a type shared within one subschema) is named once.
    let mut seen = std::collections::HashSet::new();
    let places: Vec<&String> = places.iter().filter(|p| seen.insert(p.as_str())).collect();
    let mut named: Vec<String> = places.iter().take(SHOWN).map(|p| format!("`{}`", code_safe(p))).collect();
    if places.len() > SHOWN {
        named.push(format!("and {} more", places.len() - SHOWN));
    }
    format!("Used by: {}, each validated by its own schema (read it through the type that holds it; it has no `Contract` of its own).", named.join(", "))
}

/// `#[doc = …]` attributes for an enum variant: its JSON value, and what a
/// schema branch of its own says of it (on the same line when one line).
pub fn value_doc(value: &str, description: Option<&str>) -> TokenStream {
    let span = value_span(value);
    let text = description.map(|d| sanitize(d.trim())).filter(|d| !d.is_empty());
    doc_lines(&match text {
        Some(t) if !t.contains('\n') => format!("{span}: {t}"),
        Some(t) => format!("{span}\n\n{t}"),
        None => span,
    })
}

/// A schema's string value as a code span in rustdoc: control characters
/// escaped as JSON writes them (rustc refuses a bare carriage return in a
/// doc comment, and a line end would split the span).
pub fn value_span(s: &str) -> String {
    let json = serde_json::to_string(s).unwrap_or_default();
    let inner = json.strip_prefix('"').and_then(|j| j.strip_suffix('"')).unwrap_or(&json);
    format!("`{}`", code_safe(inner))
}

/// Text inside a code span: backticks would end it early.
fn code_safe(s: &str) -> String {
    let s: String = s.chars().map(|c| if c == '`' { '\'' } else { c }).collect();
    if s.len() > 200 {
        let cut: String = s.chars().take(200).collect();
        format!("{cut}…")
    } else {
        s
    }
}

/// Makes schema prose safe as Markdown in rustdoc:
/// * fenced code blocks are marked `text` (never compiled as doctests);
/// * indented lines are flattened (an indented block is a doctest too);
/// * outside code spans, `[`, `]`, `<`, `>` are escaped (no intra-doc links,
///   no HTML) and bare URLs are put in code spans.
pub fn sanitize(text: &str) -> String {
    let mut out = Vec::new();
    let mut in_fence = false;
    // rustc refuses a bare carriage return in a doc comment: old Mac line ends become line ends.
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    for line in text.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            if in_fence {
                out.push("```".to_owned());
            } else {
                out.push("```text".to_owned());
            }
            in_fence = !in_fence;
            continue;
        }
        if in_fence {
            out.push(line.to_owned());
        } else {
            out.push(escape_inline(trimmed));
        }
    }
    if in_fence {
        out.push("```".to_owned());
    }
    out.join("\n")
}

fn escape_inline(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut in_code = false;
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String, in_code: bool| {
        if word.is_empty() {
            return;
        }
        if !in_code && (word.starts_with("http://") || word.starts_with("https://")) {
            out.push('`');
            out.push_str(&word.replace('`', "'"));
            out.push('`');
        } else if in_code {
            out.push_str(word);
        } else {
            for c in word.chars() {
                match c {
                    '[' => out.push_str("\\["),
                    ']' => out.push_str("\\]"),
                    '<' => out.push_str("&lt;"),
                    '>' => out.push_str("&gt;"),
                    '#' if out.is_empty() => out.push_str("\\#"),
                    c => out.push(c),
                }
            }
        }
        word.clear();
    };
    for c in line.chars() {
        if c == '`' {
            flush(&mut word, &mut out, in_code);
            in_code = !in_code;
            out.push('`');
        } else if c.is_whitespace() && !in_code {
            flush(&mut word, &mut out, in_code);
            out.push(c);
        } else {
            word.push(c);
        }
    }
    flush(&mut word, &mut out, in_code);
    if in_code {
        // An unclosed code span: close it so the rest of the doc is unaffected.
        out.push('`');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_never_becomes_a_doctest() {
        let s = sanitize("Example:\n```\nfn main() { panic!() }\n```\n    indented();");
        assert!(s.contains("```text\nfn main()"), "{s}");
        assert!(s.contains("\nindented();"), "{s}");
    }

    #[test]
    fn a_description_starting_with_a_line_end_starts_its_rustdoc_with_text() {
        let d = DocText { description: Some("\n \r\nhttps://x.example/rule\n\n".to_owned()), ..DocText::default() };
        assert_eq!(doc_attrs(&d, &[]).to_string(), quote!(#[doc = " `https://x.example/rule`"]).to_string());
        // An indented first line keeps its indentation (it may be code).
        assert_eq!(blank_edges_off("\n    code\nmore"), "    code\nmore");
        let only_blank = DocText { description: Some("\n\n".to_owned()), ..DocText::default() };
        assert!(doc_attrs(&only_blank, &[]).is_empty());
    }

    #[test]
    fn deprecated_begins_the_summary_line() {
        let d = DocText { description: Some("Require a newline".to_owned()), deprecated: true, ..DocText::default() };
        assert_eq!(doc_attrs(&d, &[]).to_string(), quote!(#[doc = " Deprecated. Require a newline"]).to_string());
        // Not in front of a list; nor lost without a description.
        let list = DocText { description: Some("- a\n- b".to_owned()), deprecated: true, ..DocText::default() };
        assert!(doc_attrs(&list, &[]).to_string().ends_with("# [doc = \" Deprecated.\"]"));
        let bare = DocText { deprecated: true, ..DocText::default() };
        assert_eq!(doc_attrs(&bare, &[]).to_string(), quote!(#[doc = " Deprecated."]).to_string());
    }

    #[test]
    fn bare_carriage_returns_become_line_ends() {
        assert_eq!(sanitize("first.\r There is more\r\nand more"), "first.\nThere is more\nand more");
    }

    #[test]
    fn a_paragraph_is_one_line_and_blocks_keep_theirs() {
        let lines =
            paragraph_lines("Prefer X.\n`https://x.example`\n\n0 - off\n1 - warn\n- a\nmore of a\n- b\n# Head\ntext\n```text\nkeep\nthese\n```\nbreak  \nhere");
        assert_eq!(
            lines,
            [
                "Prefer X. `https://x.example`",
                "",
                "0 - off 1 - warn",
                "- a more of a",
                "- b",
                "# Head",
                "text",
                "```text",
                "keep",
                "these",
                "```",
                "break  ",
                "here"
            ]
        );
        assert_eq!(paragraph_lines("| a |\n| b |\n> q\nr\n1. one\n2) two\nTitle\n==="), ["| a |", "| b |", "> q", "r", "1. one", "2) two Title", "==="]);
    }

    #[test]
    fn links_html_and_urls_are_neutralised() {
        let s = sanitize("See [foo] and <b> at https://x.example/<owner>, but `keep [this] <as> is`");
        assert_eq!(s, "See \\[foo\\] and &lt;b&gt; at `https://x.example/<owner>,` but `keep [this] <as> is`");
    }
}
