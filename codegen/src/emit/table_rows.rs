//! Lays out the rows of the tables that shared validator bodies read
//! (`const T3: [[rt::Check; 3]; 190] = [...]`) as many to a line as fit.
//!
//! prettyplease puts each element of an array that does not fit one line on
//! a line of its own: a table of 190 rows of `[v13]` becomes 190 lines. Rows
//! are data the reader looks up by index, not code to read down, so they are
//! packed like words of a paragraph, each row kept whole.

use super::macro_bodies::WIDTH;

/// `printed` with each table's rows packed. A table whose rows prettyplease
/// split over several lines is left as printed.
pub fn pack(printed: &str) -> String {
    let lines: Vec<&str> = printed.split('\n').collect();
    let mut out: Vec<String> = Vec::with_capacity(lines.len());
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        out.push(line.to_owned());
        i += 1;
        let Some(indent) = table_head(line) else { continue };
        let close = format!("{}];", " ".repeat(indent));
        let Some(len) = lines[i..].iter().position(|l| *l == close) else { continue };
        let rows: Vec<&str> = lines[i..i + len].iter().map(|l| l.trim_start()).collect();
        let whole = lines[i..i + len].iter().all(|l| l.len() - l.trim_start().len() == indent + 4) && rows.iter().all(|r| is_whole_row(r));
        if !whole {
            continue;
        }
        let pad = " ".repeat(indent + 4);
        let mut current = String::new();
        for row in rows {
            if !current.is_empty() && pad.len() + current.len() + 1 + row.len() > WIDTH {
                out.push(format!("{pad}{current}"));
                current.clear();
            }
            if !current.is_empty() {
                current.push(' ');
            }
            current.push_str(row);
        }
        if !current.is_empty() {
            out.push(format!("{pad}{current}"));
        }
        i += len;
    }
    out.join("\n")
}

/// The indentation of `line` if it opens a shared body's table
/// (`    const T12: [(&str, rt::Check); 40] = [`).
fn table_head(line: &str) -> Option<usize> {
    let trimmed = line.trim_start();
    let rest = trimmed.strip_prefix("const T")?;
    let digits = rest.chars().take_while(char::is_ascii_digit).count();
    (digits > 0 && rest[digits..].starts_with(": [") && trimmed.ends_with("] = [")).then_some(line.len() - trimmed.len())
}

/// Whether `row` is one whole row: it ends with a comma and its brackets
/// and parentheses (outside string literals) close on the line.
fn is_whole_row(row: &str) -> bool {
    let Some(body) = row.strip_suffix(',') else { return false };
    let mut depth = 0i32;
    let mut in_string = false;
    let mut escaped = false;
    for c in body.chars() {
        if in_string {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '[' | '(' => depth += 1,
            ']' | ')' => {
                depth -= 1;
                if depth < 0 {
                    return false;
                }
            }
            _ => {}
        }
    }
    depth == 0 && !in_string
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_fill_lines_and_split_rows_stay() {
        let rows: String = (0..30).map(|i| format!("        [v{i}],\n")).collect();
        let printed = format!("    const T1: [[rt::Check; 1]; 30] = [\n{rows}    ];\n");
        let packed = pack(&printed);
        assert!(packed.lines().all(|l| l.len() <= WIDTH), "{packed}");
        assert_eq!(packed.lines().count(), 5, "{packed}");
        assert!(packed.contains("        [v0], [v1], [v2],"), "{packed}");
        // A row prettyplease broke over lines: the table stays as printed.
        let split = "    const T2: [(&str, rt::Check); 2] = [\n        (\n            \"a\",\n            v1,\n        ),\n        (\"b\", v2),\n    ];\n";
        assert_eq!(pack(split), split);
        // Brackets inside strings do not count.
        assert!(is_whole_row("(\"a]\", \"(\", v1),"));
        assert!(!is_whole_row("(\"a\","));
    }
}
