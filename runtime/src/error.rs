//! The one error model: every failed keyword becomes a [`ValidationError`]
//! that says where in the document, where in the schema, and why.

use serde::ser::{SerializeMap, SerializeSeq};
use std::fmt;

/// A schema location known when the code was generated: the schema resource
/// (its `$id`, or its file when it has none) and the JSON Pointer of one
/// subschema within it. Generated code keeps one `static` per subschema.
#[derive(Debug)]
pub struct SchemaLoc {
    /// The schema resource: its `$id`, or the file it was read from.
    pub base: &'static str,
    /// The JSON Pointer of the subschema inside that resource.
    pub pointer: &'static str,
    /// The value sits under `x-sensitivity: local` (or the configured
    /// sensitivity keyword): messages must not repeat it.
    pub sensitive: bool,
}

/// One failed keyword.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValidationError {
    /// JSON Pointer into the document (`""` is the document itself).
    pub instance_location: String,
    /// JSON Pointer of the failing keyword inside its schema resource,
    /// e.g. `/properties/commandId/pattern`.
    pub keyword_location: String,
    /// The schema resource the keyword belongs to (`$id` or file name),
    /// joined with the keyword location as a URI fragment.
    pub absolute_keyword_location: String,
    /// The keyword that failed (`pattern`, `required`, …) or, for contract
    /// rules written by hand, a stable rule id.
    pub keyword: String,
    /// What is wrong, in words a person can act on.
    pub message: String,
}

impl ValidationError {
    /// An error for `keyword` of the subschema at `at`.
    pub fn new(instance_location: String, at: &SchemaLoc, keyword: &str, message: String) -> Self {
        let keyword_location = if keyword.is_empty() {
            at.pointer.to_owned()
        } else {
            format!("{}/{}", at.pointer, keyword)
        };
        ValidationError {
            absolute_keyword_location: format!("{}#{}", at.base, keyword_location),
            instance_location,
            keyword_location,
            keyword: keyword.to_owned(),
            message,
        }
    }

    /// An error raised by a hand-written contract rule rather than a schema
    /// keyword: `rule` is a stable id such as `launch-request/kind-requires-background`.
    pub fn rule(instance_location: String, base: &str, rule: &str, message: String) -> Self {
        ValidationError {
            instance_location,
            keyword_location: String::new(),
            absolute_keyword_location: format!("{base}#rule={rule}"),
            keyword: rule.to_owned(),
            message,
        }
    }
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = if self.instance_location.is_empty() { "/" } else { &self.instance_location };
        write!(f, "{at}: {} ({})", self.message, self.keyword_location)
    }
}

impl serde::Serialize for ValidationError {
    /// One unit of the JSON Schema "basic" output format.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(4))?;
        m.serialize_entry("keywordLocation", &self.keyword_location)?;
        m.serialize_entry("absoluteKeywordLocation", &self.absolute_keyword_location)?;
        m.serialize_entry("instanceLocation", &self.instance_location)?;
        m.serialize_entry("error", &self.message)?;
        m.end()
    }
}

/// Every error found in one document (never empty when returned as an error).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ValidationErrors(pub Vec<ValidationError>);

impl ValidationErrors {
    /// The errors, in the order they were found.
    pub fn iter(&self) -> std::slice::Iter<'_, ValidationError> {
        self.0.iter()
    }
    /// How many errors there are.
    pub fn len(&self) -> usize {
        self.0.len()
    }
    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    /// The JSON Schema 2020-12 "basic" output for this list (`valid` is true
    /// exactly when the list is empty).
    pub fn to_basic_output(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }
}

impl IntoIterator for ValidationErrors {
    type Item = ValidationError;
    type IntoIter = std::vec::IntoIter<ValidationError>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a> IntoIterator for &'a ValidationErrors {
    type Item = &'a ValidationError;
    type IntoIter = std::slice::Iter<'a, ValidationError>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl fmt::Display for ValidationErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.len() {
            0 => f.write_str("valid"),
            1 => write!(f, "{}", self.0[0]),
            n => {
                write!(f, "{n} errors:")?;
                for e in &self.0 {
                    write!(f, "\n  {e}")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for ValidationErrors {}

impl serde::Serialize for ValidationErrors {
    /// The JSON Schema "basic" output format: `{"valid": …, "errors": […]}`.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        struct List<'a>(&'a [ValidationError]);
        impl serde::Serialize for List<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut seq = s.serialize_seq(Some(self.0.len()))?;
                for e in self.0 {
                    seq.serialize_element(e)?;
                }
                seq.end()
            }
        }
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("valid", &self.0.is_empty())?;
        if !self.0.is_empty() {
            m.serialize_entry("errors", &List(&self.0))?;
        }
        m.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static AT: SchemaLoc = SchemaLoc { base: "x.json", pointer: "/properties/a", sensitive: false };

    #[test]
    fn basic_output_shape() {
        let errs = ValidationErrors(vec![ValidationError::new("/a".into(), &AT, "minLength", "too short".into())]);
        let out = errs.to_basic_output();
        assert_eq!(
            out,
            serde_json::json!({"valid": false, "errors": [{
                "keywordLocation": "/properties/a/minLength",
                "absoluteKeywordLocation": "x.json#/properties/a/minLength",
                "instanceLocation": "/a",
                "error": "too short"
            }]})
        );
        assert_eq!(errs.to_string(), "/a: too short (/properties/a/minLength)");
        assert_eq!(ValidationErrors::default().to_basic_output(), serde_json::json!({"valid": true}));
    }
}
