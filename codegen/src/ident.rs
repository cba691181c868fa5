//! Rust identifiers from schema text: type, field and module names that
//! are valid, readable and the same on every run. A leaf module: `load`
//! (module names), `plan`, `emit` and `docs` all spell names through it.

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers() {
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
    }
}
