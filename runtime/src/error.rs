//! The one error model: every failed keyword becomes a [`ValidationError`]
//! that says where in the document, where in the schema, and why.

use crate::location::with_scratch;
use serde::ser::{SerializeMap, SerializeSeq};
use std::borrow::Cow;
use std::fmt;

/// Where a keyword sits in the schema, built on the stack while validating
/// (like [`Loc`](crate::Loc) for the document). It yields both locations of the
/// JSON Schema output format: the evaluation path (`keywordLocation`, through
/// each `$ref`) and the canonical location (`absoluteKeywordLocation`: the
/// schema resource and the pointer inside it). Generated validators are
/// shared between identical subschemas, so each appends only relative
/// pointers and the caller supplies the prefix.
#[derive(Clone, Copy, Debug)]
pub enum SchemaPath<'a> {
    /// The root of the schema resource `base` (its `$id`, or its file).
    Root(&'static str),
    /// A subschema at a relative pointer such as `/properties/commandId`.
    Child(&'a SchemaPath<'a>, &'static str),
    /// A subschema at a relative pointer that starts a new schema resource
    /// (it has its own `$id`).
    Resource(&'a SchemaPath<'a>, &'static str, &'static str),
    /// A reference followed: keyword (`/$ref`, `/$dynamicRef`, …), then the
    /// target's resource and pointer.
    Ref(&'a SchemaPath<'a>, &'static str, &'static str, &'static str),
    /// What lies below holds data marked `x-sensitivity: local`: messages do
    /// not repeat values.
    Sensitive(&'a SchemaPath<'a>),
    /// The subschema of property `name` (`/properties/<name>`, escaped).
    Property(&'a SchemaPath<'a>, &'a str),
    /// Element `index` of an array of subschemas such as `/oneOf`.
    Element(&'a SchemaPath<'a>, &'static str, usize),
}

impl<'a> SchemaPath<'a> {
    /// The subschema at relative pointer `rel`.
    #[inline]
    pub fn child(&'a self, rel: &'static str) -> SchemaPath<'a> {
        SchemaPath::Child(self, rel)
    }
    /// The subschema at `rel` that is a resource of its own, `base`.
    #[inline]
    pub fn resource(&'a self, rel: &'static str, base: &'static str) -> SchemaPath<'a> {
        SchemaPath::Resource(self, rel, base)
    }
    /// The target of reference keyword `kw`, at `pointer` in resource `base`.
    #[inline]
    pub fn reference(&'a self, kw: &'static str, base: &'static str, pointer: &'static str) -> SchemaPath<'a> {
        SchemaPath::Ref(self, kw, base, pointer)
    }
    /// The subschema of property `name`.
    #[inline]
    pub fn property(&'a self, name: &'a str) -> SchemaPath<'a> {
        SchemaPath::Property(self, name)
    }
    /// Element `index` of the subschema array at `rel` (`/oneOf`, `/allOf`, …).
    #[inline]
    pub fn element(&'a self, rel: &'static str, index: usize) -> SchemaPath<'a> {
        SchemaPath::Element(self, rel, index)
    }
    /// Marks what follows as sensitive.
    #[inline]
    pub fn sensitive(&'a self) -> SchemaPath<'a> {
        SchemaPath::Sensitive(self)
    }

    /// Whether values under this path must not appear in messages.
    pub fn is_sensitive(&self) -> bool {
        match self {
            SchemaPath::Root(_) => false,
            SchemaPath::Sensitive(_) => true,
            SchemaPath::Child(p, _)
            | SchemaPath::Resource(p, _, _)
            | SchemaPath::Ref(p, _, _, _)
            | SchemaPath::Property(p, _)
            | SchemaPath::Element(p, _, _) => p.is_sensitive(),
        }
    }

    /// The evaluation path (`keywordLocation`).
    pub fn evaluation_path(&self) -> String {
        with_scratch(|out| {
            self.write_eval_noting(out, &mut Canonical::default());
            out.as_str().to_owned()
        })
    }

    /// Writes the evaluation path, noting where its canonical location
    /// starts: the innermost schema resource or reference target, from
    /// which the canonical pointer is that target's pointer followed by the
    /// evaluation path's remaining segments (so one walk gives both).
    fn write_eval_noting(&self, out: &mut String, canonical: &mut Canonical) {
        match self {
            SchemaPath::Root(base) => *canonical = Canonical { base, pointer: "", from: out.len() },
            SchemaPath::Child(p, rel) => {
                p.write_eval_noting(out, canonical);
                out.push_str(rel);
            }
            SchemaPath::Resource(p, rel, base) => {
                p.write_eval_noting(out, canonical);
                out.push_str(rel);
                *canonical = Canonical { base, pointer: "", from: out.len() };
            }
            SchemaPath::Ref(p, rel, base, pointer) => {
                p.write_eval_noting(out, canonical);
                out.push_str(rel);
                *canonical = Canonical { base, pointer, from: out.len() };
            }
            SchemaPath::Sensitive(p) => p.write_eval_noting(out, canonical),
            SchemaPath::Property(p, name) => {
                p.write_eval_noting(out, canonical);
                out.push_str("/properties/");
                crate::location::escape_into(name, out);
            }
            SchemaPath::Element(p, rel, index) => {
                p.write_eval_noting(out, canonical);
                out.push_str(rel);
                out.push('/');
                crate::location::push_index(*index, out);
            }
        }
    }

    /// The canonical location: schema resource and pointer inside it
    /// (the target's pointer, then what the evaluation path adds after the
    /// innermost resource or reference).
    pub fn canonical(&self) -> (&'static str, String) {
        with_scratch(|eval| {
            let mut canonical = Canonical::default();
            self.write_eval_noting(eval, &mut canonical);
            let rest = &eval[canonical.from..];
            let mut pointer = String::with_capacity(canonical.pointer.len() + rest.len());
            pointer.push_str(canonical.pointer);
            pointer.push_str(rest);
            (canonical.base, pointer)
        })
    }
}

/// Where the canonical location starts inside an evaluation path (see
/// [`SchemaPath::write_eval_noting`]).
#[derive(Default)]
struct Canonical {
    base: &'static str,
    pointer: &'static str,
    /// Byte offset in the evaluation path after which segments are shared.
    from: usize,
}

/// One failed keyword.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValidationError {
    /// JSON Pointer into the document (`""` is the document itself).
    pub instance_location: String,
    /// JSON Pointer of the failing keyword from the root schema, through each
    /// `$ref` followed, e.g. `/properties/commandId/pattern`.
    pub keyword_location: String,
    /// The canonical location of the keyword: its schema resource (`$id` or
    /// file) with the pointer inside it as the URI fragment.
    pub absolute_keyword_location: String,
    /// The keyword that failed (`pattern`, `required`, …) or, for contract
    /// rules written by hand, a stable rule id (borrowed when it is a
    /// literal: errors are built in bulk for invalid documents).
    pub keyword: Cow<'static, str>,
    /// What is wrong, in words a person can act on.
    pub message: String,
    /// For an `anyOf`/`oneOf` that no branch matched: the errors of the
    /// branches not shown. Such a union reports one error naming the branch
    /// that came closest and the others, followed by the closest branch's
    /// errors; what the other branches found is kept here (and in the
    /// JSON output, as this unit's nested `errors`). Empty otherwise.
    pub other_branches: Vec<ValidationError>,
}

impl ValidationError {
    /// An error for `keyword` of the subschema at `at` (an empty keyword
    /// means the subschema itself, e.g. the `false` schema).
    pub fn new(instance_location: String, at: &SchemaPath, keyword: impl Into<Cow<'static, str>>, message: String) -> Self {
        let keyword = keyword.into();
        // Each string is written once, into an allocation of its final size
        // (the path is walked once, into a scratch buffer): errors are built
        // in bulk for invalid documents.
        let (keyword_location, absolute_keyword_location) = with_scratch(|eval| {
            let mut canonical = Canonical::default();
            at.write_eval_noting(eval, &mut canonical);
            if !keyword.is_empty() {
                eval.push('/');
                eval.push_str(&keyword);
            }
            let rest = &eval[canonical.from..];
            let mut absolute = String::with_capacity(canonical.base.len() + 1 + canonical.pointer.len() + rest.len());
            absolute.push_str(canonical.base);
            absolute.push('#');
            absolute.push_str(canonical.pointer);
            absolute.push_str(rest);
            (eval.as_str().to_owned(), absolute)
        });
        ValidationError { instance_location, keyword_location, absolute_keyword_location, keyword, message, other_branches: Vec::new() }
    }

    /// An error raised by a hand-written contract rule rather than a schema
    /// keyword: `rule` is a stable id such as `launch-request/kind-requires-background`.
    pub fn rule(instance_location: String, base: &str, rule: &str, message: String) -> Self {
        ValidationError {
            instance_location,
            keyword_location: String::new(),
            absolute_keyword_location: format!("{base}#rule={rule}"),
            keyword: Cow::Owned(rule.to_owned()),
            message,
            other_branches: Vec::new(),
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
    /// One unit of the JSON Schema "basic" output format; a union's
    /// [`other_branches`](Self::other_branches), when there are any, nest
    /// under `errors` as in the "detailed" format.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("keywordLocation", &self.keyword_location)?;
        m.serialize_entry("absoluteKeywordLocation", &self.absolute_keyword_location)?;
        m.serialize_entry("instanceLocation", &self.instance_location)?;
        m.serialize_entry("error", &self.message)?;
        if !self.other_branches.is_empty() {
            m.serialize_entry("errors", &self.other_branches)?;
        }
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

    #[test]
    fn ref_resets_canonical_location_but_not_evaluation_path() {
        let root = SchemaPath::Root("x.json");
        let p = root.child("/properties/a");
        let r = p.reference("/$ref", "y.json", "/$defs/A");
        let q = r.child("/items");
        let e = ValidationError::new("/a/0".into(), &q, "minimum", "small".into());
        assert_eq!(e.keyword_location, "/properties/a/$ref/items/minimum");
        assert_eq!(e.absolute_keyword_location, "y.json#/$defs/A/items/minimum");
        assert!(!q.is_sensitive());
        assert!(q.sensitive().child("/x").is_sensitive());
        let p = root.property("a/b");
        let e = p.element("/oneOf", 3);
        assert_eq!(e.evaluation_path(), "/properties/a~1b/oneOf/3");
        assert_eq!(e.canonical().1, "/properties/a~1b/oneOf/3");
    }

    #[test]
    fn one_walk_gives_both_locations() {
        // Every way a path can nest: a reference or a resource starts the
        // canonical location afresh, the evaluation path goes through it.
        let root = SchemaPath::Root("x.json");
        let a = root.property("a/b~c");
        let r = a.reference("/$ref", "y.json", "/$defs/A");
        let e = r.element("/oneOf", 12);
        let res = e.resource("/items", "z.json");
        let s = res.sensitive();
        let q = s.property("q");
        let r2 = q.reference("/$dynamicRef", "w.json", "");
        let leaf = r2.child("/additionalProperties");
        let a_eval = "/properties/a~1b~0c";
        let res_eval = "/properties/a~1b~0c/$ref/oneOf/12/items";
        let expected = [
            (&root, String::new(), "x.json#"),
            (&a, a_eval.to_owned(), "x.json#/properties/a~1b~0c"),
            (&r, format!("{a_eval}/$ref"), "y.json#/$defs/A"),
            (&e, format!("{a_eval}/$ref/oneOf/12"), "y.json#/$defs/A/oneOf/12"),
            (&res, res_eval.to_owned(), "z.json#"),
            (&s, res_eval.to_owned(), "z.json#"),
            (&q, format!("{res_eval}/properties/q"), "z.json#/properties/q"),
            (&r2, format!("{res_eval}/properties/q/$dynamicRef"), "w.json#"),
            (&leaf, format!("{res_eval}/properties/q/$dynamicRef/additionalProperties"), "w.json#/additionalProperties"),
        ];
        for (p, eval, absolute) in expected {
            let err = ValidationError::new(String::new(), p, "type", String::new());
            assert_eq!(err.keyword_location, format!("{eval}/type"));
            assert_eq!(err.absolute_keyword_location, format!("{absolute}/type"));
            assert_eq!(p.evaluation_path(), eval);
            let (base, pointer) = p.canonical();
            assert_eq!(format!("{base}#{pointer}"), absolute);
        }
    }

    #[test]
    fn basic_output_shape() {
        let root = SchemaPath::Root("x.json");
        let at = root.child("/properties/a");
        let errs = ValidationErrors(vec![ValidationError::new("/a".into(), &at, "minLength", "too short".into())]);
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
