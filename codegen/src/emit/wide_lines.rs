//! Joins what prettyplease broke over lines and rustfmt would keep on one.
//!
//! prettyplease breaks a line past its fixed margin of 89 columns; rustfmt
//! (and the macro bodies and tables here) lay out to 100. A struct field of
//! type `Option<RuleNumberOrStringOrArray<(A, B)>>` took three lines
//! (`Option<`, the argument, `>,`), a type alias one line per generic
//! argument. Here a list prettyplease put one item to a line (after `<`, a
//! call's `(` or `[`) is joined when the joined line fits [`WIDTH`]; where
//! it does not, a field's type or a `static`'s value goes on the next line
//! whole when it fits there, as rustfmt lays them out.

use super::macro_bodies::WIDTH;

/// `printed` with each list that fits [`WIDTH`] on one line joined.
pub fn join(printed: &str) -> String {
    let mut lines = compound_assignments_joined(printed.split('\n').map(str::to_owned).collect());
    // Inner lists first: a list is joined only when its items are one to a
    // line, so each round joins one more level.
    while let Some(joined) = join_round(&lines) {
        lines = joined;
    }
    lines.join("\n")
}

/// prettyplease breaks a compound assignment that does not fit before its
/// operator and again before the method call (`ok`, `&= c`, `.prop(…);`,
/// each a line deeper); rustfmt keeps `ok &= c.prop(` on one line and
/// breaks the call's arguments, which [`list_at`] then lays out.
fn compound_assignments_joined(lines: Vec<String>) -> Vec<String> {
    let mut out = Vec::with_capacity(lines.len());
    let mut i = 0;
    while i < lines.len() {
        let indent = indentation(&lines[i]);
        let target = lines[i].trim();
        let broken = lines.get(i + 2).is_some_and(|call| {
            let operator = lines[i + 1].trim_start();
            !target.is_empty()
                && target.chars().all(|c| c.is_alphanumeric() || c == '_')
                && indentation(&lines[i + 1]) == indent + 4
                && operator.split_once("= ").is_some_and(|(op, _)| !op.is_empty() && op.chars().all(|c| "&|^+-*/%<>".contains(c)))
                && indentation(call) == indent + 8
                && call.trim_start().starts_with('.')
        });
        if !broken {
            out.push(lines[i].clone());
            i += 1;
            continue;
        }
        let joined = format!("{}{target} {}{}", " ".repeat(indent), lines[i + 1].trim_start(), lines[i + 2].trim_start());
        let whole = joined.ends_with(';');
        out.push(joined);
        i += 3;
        // The call's arguments and its closing line, eight columns less deep.
        while !whole && i < lines.len() && indentation(&lines[i]) >= indent + 8 {
            let line = &lines[i];
            let closing = indentation(line) == indent + 8;
            out.push(format!("{}{}", " ".repeat(indentation(line) - 8), line.trim_start()));
            i += 1;
            if closing {
                break;
            }
        }
    }
    out
}

/// The lines with every joinable innermost list joined, or `None` when
/// there was none.
fn join_round(lines: &[String]) -> Option<Vec<String>> {
    let mut out = Vec::with_capacity(lines.len());
    let mut changed = false;
    let mut i = 0;
    while i < lines.len() {
        if let Some((end, joined)) = list_at(lines, i) {
            out.extend(joined);
            i = end + 1;
            changed = true;
        } else {
            out.push(lines[i].clone());
            i += 1;
        }
    }
    changed.then_some(out)
}

/// If line `i` opens a list of one-line items that can be laid out
/// shorter: the index of its closing line and the lines that replace it.
fn list_at(lines: &[String], i: usize) -> Option<(usize, Vec<String>)> {
    let open_line = &lines[i];
    let indent = indentation(open_line);
    let head = open_line.trim_start();
    if head.starts_with("//") || head.starts_with('#') {
        return None;
    }
    let (close, is_call) = match head.chars().last()? {
        '<' => ('>', true),
        '[' => (']', true),
        // A macro's body has its own layout (`macro_bodies`).
        '(' if head.ends_with("!(") => return None,
        // A call's or tuple struct's arguments (`f(`, `Some(`, `f::<T>(`);
        // a tuple of one item needs its comma.
        '(' => (')', head[..head.len() - 1].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == '>')),
        _ => return None,
    };
    let items_indent = indent + 4;
    let mut end = i + 1;
    while end < lines.len() && indentation(&lines[end]) == items_indent && !lines[end].trim().is_empty() {
        end += 1;
    }
    let items: Vec<&str> = lines[i + 1..end].iter().map(|l| l.trim()).collect();
    let closing = lines.get(end)?;
    if items.is_empty() || indentation(closing) != indent || !closing.trim_start().starts_with(close) {
        return None;
    }
    // Comments, attributes and blocks keep their lines.
    if items.iter().any(|t| t.starts_with("//") || t.starts_with('#') || t.ends_with('{') || t.ends_with(';')) {
        return None;
    }
    let mut inner = items.join(" ");
    if is_call || items.len() > 1 {
        if let Some(stripped) = inner.strip_suffix(',') {
            inner.truncate(stripped.len());
        }
    }
    let tail = closing.trim_start();
    let one_line = format!("{open_line}{inner}{tail}");
    if width(&one_line) <= WIDTH {
        return Some((end, vec![one_line]));
    }
    // rustfmt's layout when the line does not fit: the field's type, or the
    // item's value, on the next line.
    let split = field_name_end(head).or_else(|| value_start(head))?;
    let (first, rest) = head.split_at(split);
    let next = format!("{}{}{inner}{tail}", " ".repeat(items_indent), rest.trim_start());
    (width(&next) <= WIDTH).then(|| (end, vec![format!("{}{}", " ".repeat(indent), first.trim_end()), next]))
}

/// Where the type starts in a field line (`pub name: Option<`): after the
/// `: ` that follows the field's name.
fn field_name_end(head: &str) -> Option<usize> {
    let name_start = if head.starts_with("pub ") { 4 } else { 0 };
    let colon = head.find(": ")?;
    let name = head[name_start..colon].trim_start_matches("r#");
    (colon > name_start && name.chars().all(|c| c.is_alphanumeric() || c == '_')).then_some(colon + 1)
}

/// Where the value starts in `static X: T = f(`, `const …`, `type … =`.
fn value_start(head: &str) -> Option<usize> {
    let item = head.strip_prefix("pub ").unwrap_or(head);
    let item_start = head.len() - item.len();
    ["static ", "const ", "type "].iter().any(|k| item.starts_with(k)).then_some(())?;
    head.find(" = ").map(|at| at + 2).filter(|at| *at > item_start)
}

fn indentation(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

fn width(line: &str) -> usize {
    line.chars().count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_that_fit_are_joined() {
        let alias = "    type Union13 = Union16<\n        LeafRead<Leaf14>,\n        LeafRead<Leaf15>,\n    >;\n";
        assert_eq!(join(alias), "    type Union13 = Union16<LeafRead<Leaf14>, LeafRead<Leaf15>>;\n");
        let call = "    rt::validate_with(\n        validators::v0,\n        v,\n        \"https://x\",\n        \"\",\n    )\n";
        assert_eq!(join(call), "    rt::validate_with(validators::v0, v, \"https://x\", \"\")\n");
        // Inner lists first, then the list holding them.
        let nested = "type A = B<\n    C<\n        D,\n        E,\n    >,\n    F,\n>;";
        assert_eq!(join(nested), "type A = B<C<D, E>, F>;");
    }

    #[test]
    fn a_long_field_type_goes_on_the_next_line() {
        let field = format!("    pub {}: Option<\n        Rules<(Severity, {})>,\n    >,", "a".repeat(40), "B".repeat(40));
        let expected = format!("    pub {}:\n        Option<Rules<(Severity, {})>>,", "a".repeat(40), "B".repeat(40));
        assert_eq!(join(&field), expected);
        let item = format!("    pub static RE1: rt::Pattern = rt::Pattern::new(\n        \"{}\",\n    );", "x".repeat(70));
        assert_eq!(join(&item), format!("    pub static RE1: rt::Pattern =\n        rt::Pattern::new(\"{}\");", "x".repeat(70)));
    }

    #[test]
    fn a_broken_compound_assignment_is_laid_out_as_rustfmt_does() {
        let short = "    ok\n        &= c\n            .prop(l, s, x, \"a\", v1);\n    ok";
        assert_eq!(join(short), "    ok &= c.prop(l, s, x, \"a\", v1);\n    ok");
        let long = format!("ok\n    &= c\n        .one_of(\n            i,\n            {},\n        );\nok", "a".repeat(100));
        assert_eq!(join(&long), format!("ok &= c.one_of(\n    i,\n    {},\n);\nok", "a".repeat(100)));
    }

    #[test]
    fn what_is_not_a_plain_list_stays() {
        // A tuple of one keeps its comma; a macro, a block, a comment and a
        // list whose items run over lines keep their lines.
        assert_eq!(join("type T = (\n    A,\n);"), "type T = (A,);");
        for kept in
            ["rt::props!(\n    \"a\" v1,\n);", "f(\n    |x| {\n        x\n    },\n);", "f(\n    // why\n    a,\n);", "f(\n    a\n        + b,\n    c,\n);"]
        {
            assert_eq!(join(kept), kept);
        }
        let long = format!("f(\n    {},\n    {},\n);", "a".repeat(60), "b".repeat(60));
        assert_eq!(join(&long), long);
    }
}
