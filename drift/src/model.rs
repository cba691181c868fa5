//! The change model shared by the engine and the reports.

use serde_json::{json, Value};

/// Who a change breaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Breaks {
    /// A document valid under the new schema can be invalid under the old one.
    pub readers: bool,
    /// A document valid under the old schema can be invalid under the new one.
    pub writers: bool,
}

impl Breaks {
    /// Breaks nobody.
    pub const NONE: Breaks = Breaks { readers: false, writers: false };
    /// Breaks readers only (widening).
    pub const R: Breaks = Breaks { readers: true, writers: false };
    /// Breaks writers only (narrowing).
    pub const W: Breaks = Breaks { readers: false, writers: true };
    /// Breaks both.
    pub const BOTH: Breaks = Breaks { readers: true, writers: true };

    /// Union.
    pub fn or(self, o: Breaks) -> Breaks {
        Breaks { readers: self.readers || o.readers, writers: self.writers || o.writers }
    }
    /// Readers and writers exchanged (for contravariant positions such as `not`).
    pub fn swapped(self) -> Breaks {
        Breaks { readers: self.writers, writers: self.readers }
    }
    /// Breaks anyone.
    pub fn any(self) -> bool {
        self.readers || self.writers
    }
    /// Only the directions in `mask`.
    pub fn masked(self, mask: Breaks) -> Breaks {
        Breaks { readers: self.readers && mask.readers, writers: self.writers && mask.writers }
    }
    /// `["readers", "writers"]` subset.
    pub fn names(self) -> Vec<&'static str> {
        let mut v = Vec::new();
        if self.readers {
            v.push("readers");
        }
        if self.writers {
            v.push("writers");
        }
        v
    }
}

/// A location in one side's schema set.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Loc {
    /// The file (as reported, e.g. `schemas/commands.schema.json`).
    pub file: String,
    /// JSON Pointer into that file.
    pub pointer: String,
}

/// One classified change.
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    /// Stable kind id, e.g. `required-added`.
    pub kind: &'static str,
    /// Where in the old schema (absent for pure additions at the file level).
    pub old: Option<Loc>,
    /// Where in the new schema.
    pub new: Option<Loc>,
    /// Who it breaks (before policy).
    pub breaks: Breaks,
    /// One line.
    pub message: String,
    /// Instance location the change concerns (`/payload/profile`; `*` for any member or item).
    pub instance_path: String,
    /// A value at `instance_path` showing the difference, when one is known.
    pub example: Option<Value>,
}

impl Change {
    /// Stable fingerprint: kind and both pointers (not the message), FNV-1a 64.
    pub fn fingerprint(&self, schema: &str) -> String {
        let text = format!(
            "{schema}\u{0}{}\u{0}{}\u{0}{}",
            self.kind,
            self.old.as_ref().map(|l| l.pointer.as_str()).unwrap_or(""),
            self.new.as_ref().map(|l| l.pointer.as_str()).unwrap_or("")
        );
        let mut h: u64 = 0xcbf29ce484222325;
        for b in text.as_bytes() {
            h ^= *b as u64;
            h = h.wrapping_mul(0x100000001b3);
        }
        format!("{h:016x}")
    }

    /// The JSON form used in reports.
    pub fn to_json(&self, schema: &str) -> Value {
        let mut v = json!({
            "kind": self.kind,
            "old_pointer": self.old.as_ref().map(|l| l.pointer.clone()),
            "new_pointer": self.new.as_ref().map(|l| l.pointer.clone()),
            "breaks": self.breaks.names(),
            "message": self.message,
            "instance_path": self.instance_path,
            "fingerprint": self.fingerprint(schema),
        });
        if let Some(e) = &self.example {
            v["example"] = e.clone();
        }
        if let Some(l) = &self.old {
            v["old_file"] = json!(l.file);
        }
        if let Some(l) = &self.new {
            v["new_file"] = json!(l.file);
        }
        v
    }
}

/// Every change kind the classifier emits, with what it usually means.
pub const KINDS: &[(&str, &str)] = &[
    ("schema-added", "a schema file joined the set"),
    ("schema-removed", "a schema file left the set"),
    ("schema-renamed", "a schema moved to another path or `$id`"),
    ("id-changed", "the `$id` changed beyond its version segment"),
    ("dialect-changed", "`$schema` names another draft"),
    ("annotation-changed", "title, description, examples, `$comment`, readOnly/writeOnly"),
    ("default-changed", "`default` added, removed or changed"),
    ("deprecated-changed", "`deprecated` added or removed"),
    ("extension-changed", "an `x-` keyword changed"),
    ("known-value-added", "a value joined an `x-*-known` open set"),
    ("known-value-removed", "a value left an `x-*-known` open set"),
    ("open-set-member-added", "a branch for a value the catch-all branch used to accept"),
    ("schema-opened", "a schema that accepted nothing now accepts something"),
    ("schema-closed", "a schema now accepts nothing"),
    ("type-widened", "the schema accepts another JSON type"),
    ("type-narrowed", "the schema no longer accepts a JSON type"),
    ("enum-value-added", "an `enum` value added"),
    ("enum-value-removed", "an `enum` value removed"),
    ("enum-added", "an `enum` where there was none"),
    ("enum-removed", "an `enum` dropped"),
    ("const-added", "a `const` where there was none"),
    ("const-removed", "a `const` dropped"),
    ("const-changed", "a `const` value changed"),
    ("minimum-added", ""),
    ("minimum-removed", ""),
    ("minimum-increased", ""),
    ("minimum-decreased", ""),
    ("maximum-added", ""),
    ("maximum-removed", ""),
    ("maximum-increased", ""),
    ("maximum-decreased", ""),
    ("multiple-of-added", ""),
    ("multiple-of-removed", ""),
    ("multiple-of-tightened", "old multipleOf divides the new one"),
    ("multiple-of-relaxed", "new multipleOf divides the old one"),
    ("multiple-of-changed", "neither divides the other"),
    ("min-length-added", ""),
    ("min-length-removed", ""),
    ("min-length-increased", ""),
    ("min-length-decreased", ""),
    ("max-length-added", ""),
    ("max-length-removed", ""),
    ("max-length-increased", ""),
    ("max-length-decreased", ""),
    ("pattern-added", ""),
    ("pattern-removed", ""),
    ("pattern-narrowed", "proved by regular-language inclusion"),
    ("pattern-widened", "proved by regular-language inclusion"),
    ("pattern-changed", "neither includes the other, or undecidable here"),
    ("content-changed", "what contentEncoding (base64) / contentMediaType (application/json) assert changed (draft-06/07)"),
    ("format-added", "annotation unless format assertion is on"),
    ("format-removed", ""),
    ("format-changed", ""),
    ("min-items-added", ""),
    ("min-items-removed", ""),
    ("min-items-increased", ""),
    ("min-items-decreased", ""),
    ("max-items-added", ""),
    ("max-items-removed", ""),
    ("max-items-increased", ""),
    ("max-items-decreased", ""),
    ("unique-items-added", ""),
    ("unique-items-removed", ""),
    ("contains-added", ""),
    ("contains-removed", ""),
    ("min-contains-increased", ""),
    ("min-contains-decreased", ""),
    ("max-contains-increased", ""),
    ("max-contains-decreased", ""),
    ("max-contains-added", ""),
    ("max-contains-removed", ""),
    ("items-closed", "array items (or items after the tuple) no longer accepted"),
    ("items-opened", "array items (or items after the tuple) now accepted"),
    ("property-added", ""),
    ("property-removed", ""),
    ("required-added", ""),
    ("required-removed", ""),
    ("additional-properties-closed", ""),
    ("additional-properties-opened", ""),
    ("pattern-property-added", ""),
    ("pattern-property-removed", ""),
    ("min-properties-added", ""),
    ("min-properties-removed", ""),
    ("min-properties-increased", ""),
    ("min-properties-decreased", ""),
    ("max-properties-added", ""),
    ("max-properties-removed", ""),
    ("max-properties-increased", ""),
    ("max-properties-decreased", ""),
    ("dependent-required-added", ""),
    ("dependent-required-removed", ""),
    ("oneof-branch-added", ""),
    ("oneof-branch-removed", ""),
    ("anyof-branch-added", ""),
    ("anyof-branch-removed", ""),
    ("combinator-changed", "oneOf ↔ anyOf"),
    ("not-added", ""),
    ("not-removed", ""),
    ("conditional-changed", "`if` added, removed or changed"),
    ("comparison-unknown", "outside what the classifier decides; both directions assumed"),
];
