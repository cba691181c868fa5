//! Rust names from schema text: stable, readable, valid identifiers.

use heck::{ToSnakeCase, ToUpperCamelCase};

/// The module name for a schema file: its stem before `.schema.json` or
/// `.json`, in snake case (`launch-request.schema.json` → `launch_request`).
pub fn module_name(path: &str) -> String {
    let file = path.rsplit(['/', '\\']).next().unwrap_or(path);
    let stem = file.strip_suffix(".json").unwrap_or(file);
    let stem = stem.strip_suffix(".schema").unwrap_or(stem);
    field_name(stem)
}

/// A type or variant name (`UpperCamelCase`), or `None` when the text has
/// no letters or digits to build one from.
pub fn type_name(text: &str) -> Option<String> {
    let cleaned: String = text.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { ' ' }).collect();
    let mut name = cleaned.to_upper_camel_case();
    if name.is_empty() {
        return None;
    }
    if name.starts_with(|c: char| c.is_ascii_digit()) {
        name.insert(0, 'V');
    }
    if name == "Self" {
        name.push_str("Type");
    }
    Some(name)
}

/// A field or module name (`snake_case`), valid as an identifier; Rust
/// keywords become raw identifiers, or get a trailing `_` where raw ones
/// are not allowed.
pub fn field_name(text: &str) -> String {
    let cleaned: String = text.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { ' ' }).collect();
    let mut name = cleaned.to_snake_case();
    if name.is_empty() {
        name = "empty".to_owned();
    }
    if name.starts_with(|c: char| c.is_ascii_digit()) {
        name.insert(0, '_');
    }
    if matches!(name.as_str(), "self" | "super" | "crate" | "extern" | "_") {
        name.push('_');
    }
    name
}

/// Whether `name` needs `r#` to be used as an identifier.
pub fn is_keyword(name: &str) -> bool {
    matches!(
        name,
        "as" | "break"
            | "const"
            | "continue"
            | "else"
            | "enum"
            | "false"
            | "fn"
            | "for"
            | "if"
            | "impl"
            | "in"
            | "let"
            | "loop"
            | "match"
            | "mod"
            | "move"
            | "mut"
            | "pub"
            | "ref"
            | "return"
            | "static"
            | "struct"
            | "trait"
            | "true"
            | "type"
            | "unsafe"
            | "use"
            | "where"
            | "while"
            | "async"
            | "await"
            | "dyn"
            | "abstract"
            | "become"
            | "box"
            | "do"
            | "final"
            | "macro"
            | "override"
            | "priv"
            | "typeof"
            | "unsized"
            | "virtual"
            | "yield"
            | "try"
            | "gen"
    )
}

/// A plural word made singular, for array items and map values
/// (`phases` → `phase`, `modelOverrides` → `modelOverride`, `answers` → `answer`).
pub fn singular(word: &str) -> String {
    let w = word;
    if let Some(stem) = w.strip_suffix("ies") {
        return format!("{stem}y");
    }
    for suffix in ["sses", "shes", "ches", "xes"] {
        if let Some(stem) = w.strip_suffix(suffix) {
            return format!("{stem}{}", &suffix[..suffix.len() - 2]);
        }
    }
    if w.ends_with("ss") || w.ends_with("us") || w.ends_with("is") {
        return w.to_owned();
    }
    match w.strip_suffix('s') {
        Some(stem) if !stem.is_empty() => stem.to_owned(),
        _ => w.to_owned(),
    }
}

/// The last word of an `UpperCamelCase` name (`InspectTarget` → `Target`).
pub fn last_word(name: &str) -> &str {
    let start = name.char_indices().rev().find(|(_, c)| c.is_ascii_uppercase()).map(|(i, _)| i).unwrap_or(0);
    &name[start..]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(module_name("schemas/launch-request.schema.json"), "launch_request");
        assert_eq!(type_name("agent.send").unwrap(), "AgentSend");
        assert_eq!(type_name("run-tool").unwrap(), "RunTool");
        assert_eq!(type_name("1st").unwrap(), "V1st");
        assert_eq!(type_name("self").unwrap(), "SelfType");
        assert_eq!(type_name("$%"), None);
        assert_eq!(field_name("commandId"), "command_id");
        assert_eq!(field_name("self"), "self_");
        assert_eq!(field_name(""), "empty");
        assert_eq!(field_name("2x"), "_2x");
        assert!(is_keyword("type"));
        assert_eq!(singular("phases"), "phase");
        assert_eq!(singular("modelOverrides"), "modelOverride");
        assert_eq!(singular("policies"), "policy");
        assert_eq!(singular("status"), "status");
        assert_eq!(last_word("InspectTarget"), "Target");
    }
}
