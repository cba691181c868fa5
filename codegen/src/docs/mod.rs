//! Reference docs: one Markdown page per schema and an index, written from
//! the generator's own IR and plan (the names, shapes and constraints the
//! generated Rust has), not from the raw JSON.
//!
//! Each page has the schema's title, description, `$id`, dialect and
//! declared versions; a Mermaid diagram of its types; a section per
//! generated type with its Rust item and a table of members (JSON name,
//! type, required, constraints in words, default, sensitivity,
//! description); a subsection per union branch and per command; and a few
//! valid examples. The output is deterministic: no timestamps, no map
//! iteration order.
//!
//! [`constraints::describe`] and [`constraints::describe_nodes`] are the
//! sentence builders, shared with rustdoc.

pub mod constraints;
pub(crate) mod markdown;
pub mod versions;

use crate::ir::{Ir, NodeId, TypeSet};
use crate::load::{Doc, Sources};
use crate::plan::{self, Command, Extra, Field, Kind, ModulePlan, Select, TypeDef, TypeId, TypeRef, Variant};
use crate::{Error, SchemaInput, Settings};
use markdown::{code, prose, table, value_code, wrap, Slugger};
use serde_json::Value;
use std::collections::BTreeMap;

/// How the pages link to Rust items.
#[derive(Clone, Debug)]
pub struct Options {
    /// The crate path the generated modules live in (`contracts`).
    pub crate_name: String,
    /// Where rustdoc output lives, relative to `docs/schemas/` or absolute
    /// (default `../../target/doc`, what `cargo doc --no-deps` writes).
    pub rustdoc_url: String,
    /// How many valid examples a page shows (the smallest by size, then name).
    pub examples_per_page: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options { crate_name: "contracts".to_owned(), rustdoc_url: "../../target/doc".to_owned(), examples_per_page: 3 }
    }
}

/// Renders the reference docs with the default [`Options`]: one
/// `schemas/<stem>.md` per generated schema plus `schemas/README.md`, as
/// (path relative to `docs/`, contents). `examples` maps a schema's file
/// stem (`launch-request`) to its valid example documents (file name, JSON
/// text).
pub fn render(settings: &Settings, inputs: &[SchemaInput], examples: &BTreeMap<String, Vec<(String, String)>>) -> Result<Vec<(String, String)>, Error> {
    render_with(settings, &Options::default(), inputs, examples)
}

/// [`render`] with explicit options.
pub fn render_with(
    settings: &Settings,
    options: &Options,
    inputs: &[SchemaInput],
    examples: &BTreeMap<String, Vec<(String, String)>>,
) -> Result<Vec<(String, String)>, Error> {
    let crate::Analysis { sources: docs, ir, plan } = crate::analyze(settings, inputs)?;
    let mut out = Vec::new();
    let mut index = Vec::new();
    for module in &plan.modules {
        let Some(doc) = docs.docs.get(module.doc) else { continue };
        let stem = file_stem(&doc.path);
        let no_examples = Vec::new();
        let page_examples = examples.get(&stem).unwrap_or(&no_examples);
        // Two passes: the first finds every type's anchor, so the second
        // writes (and wraps) links with their final text.
        let mut first = Page::new(settings, options, &docs, &ir, module, &stem, page_examples);
        first.render_body();
        let mut page = Page::new(settings, options, &docs, &ir, module, &stem, page_examples);
        page.known = std::mem::take(&mut first.anchors);
        let (text, entry) = page.render();
        out.push((format!("schemas/{stem}.md"), text));
        index.push(entry);
    }
    out.push(("schemas/README.md".to_owned(), render_index(settings, &index)));
    Ok(out)
}

/// `launch-request` for `schemas/launch-request.schema.json`.
fn file_stem(path: &str) -> String {
    let file = path.rsplit(['/', '\\']).next().unwrap_or(path);
    let stem = file.strip_suffix(".json").unwrap_or(file);
    stem.strip_suffix(".schema").unwrap_or(stem).to_owned()
}

/// What the index says about one page.
struct IndexEntry {
    stem: String,
    title: String,
    summary: String,
    id: Option<String>,
    versions: Vec<versions::Declared>,
}

fn render_index(settings: &Settings, entries: &[IndexEntry]) -> String {
    let mut s = String::from("# Schema reference\n\n");
    s.push_str(&wrap(
        &format!(
            "One page per schema in `schemas/`: its types as the generated Rust has them, every member with its constraints in words, and valid examples. Generated from the generator's IR and plan by {}; do not edit by hand.",
            code(&settings.regenerate_command)
        ),
        "",
    ));
    s.push_str("\n\n");
    let rows: Vec<Vec<String>> = entries
        .iter()
        .map(|e| {
            let versions: Vec<String> = e.versions.iter().map(versions::Declared::short).collect();
            vec![
                format!("[{}]({}.md)", e.title, e.stem),
                e.summary.clone(),
                e.id.as_deref().map(code).unwrap_or_else(|| "none".to_owned()),
                if versions.is_empty() { "none declared".to_owned() } else { versions.join(", ") },
            ]
        })
        .collect();
    s.push_str(&table(&["Schema", "Summary", "`$id`", "Declared versions"], &rows, &[0, 1, 2, 3]));
    s
}

/// A link placeholder for type `id`, replaced by its anchor at the end.
fn anchor_ref(id: TypeId) -> String {
    format!("\u{1}{id}\u{1}")
}

/// How a branch of a union or a command is shown.
struct Branch {
    /// The heading (Markdown) and its rendered text (for the anchor).
    heading: (String, String),
    /// The short label for tables and diagrams (Markdown).
    label: String,
    /// The Rust variant (`InspectTarget::Agent`).
    rust: String,
    /// What the variant holds.
    ty: TypeRef,
    /// The branch's subschemas.
    nodes: Vec<NodeId>,
    /// The branch's title and description.
    doc: plan::DocText,
}

struct Page<'a> {
    settings: &'a Settings,
    options: &'a Options,
    ir: &'a Ir,
    doc: &'a Doc,
    module: &'a ModulePlan,
    stem: &'a str,
    module_name: String,
    examples: &'a [(String, String)],
    /// For each type rendered inside a branch: the owning type.
    inline_in: Vec<Option<TypeId>>,
    /// Per type: written as a struct variant of the unions holding it ([`plan::struct_variants`]).
    struct_variants: Vec<bool>,
    /// Per type: (referring type, what refers) for "Used by".
    used_by: Vec<Vec<(TypeId, String)>>,
    /// Per type: its anchor, once its heading is written.
    anchors: Vec<Option<String>>,
    /// Per type: its anchor from an earlier pass, if any.
    known: Vec<Option<String>>,
    slugger: Slugger,
    out: String,
}

impl<'a> Page<'a> {
    fn new(
        settings: &'a Settings,
        options: &'a Options,
        docs: &'a Sources,
        ir: &'a Ir,
        module: &'a ModulePlan,
        stem: &'a str,
        examples: &'a [(String, String)],
    ) -> Self {
        let doc = &docs.docs[module.doc.min(docs.docs.len().saturating_sub(1))];
        let n = module.types.len();
        let mut page = Page {
            settings,
            options,
            ir,
            doc,
            module,
            stem,
            module_name: doc.module.clone().unwrap_or_else(|| crate::ident::module_name(&doc.path)),
            examples,
            inline_in: vec![None; n],
            struct_variants: plan::struct_variants(module),
            used_by: vec![Vec::new(); n],
            anchors: vec![None; n],
            known: vec![None; n],
            slugger: Slugger::default(),
            out: String::new(),
        };
        page.find_references();
        page
    }

    fn ty(&self, id: TypeId) -> Option<&'a TypeDef> {
        self.module.types.get(id)
    }

    /// Who refers to whom, and which structs are shown inside the one
    /// union branch or command that holds them.
    fn find_references(&mut self) {
        let mut count = vec![0usize; self.module.types.len()];
        let mut direct_branch: Vec<Option<TypeId>> = vec![None; self.module.types.len()];
        let bump = |t: &TypeRef, count: &mut Vec<usize>| {
            let mut ids = Vec::new();
            named_in(t, &mut ids);
            for i in ids {
                if let Some(c) = count.get_mut(i) {
                    *c += 1;
                }
            }
        };
        bump(&self.module.root, &mut count);
        let mut used: Vec<Vec<(TypeId, String)>> = vec![Vec::new(); self.module.types.len()];
        for (owner, t) in self.module.types.iter().enumerate() {
            let note = |target: &TypeRef, what: String, used: &mut Vec<Vec<(TypeId, String)>>| {
                let mut ids = Vec::new();
                named_in(target, &mut ids);
                for i in ids {
                    if let Some(u) = used.get_mut(i) {
                        if !u.contains(&(owner, what.clone())) {
                            u.push((owner, what.clone()));
                        }
                    }
                }
            };
            match &t.kind {
                Kind::Struct { fields, extra, .. } | Kind::Envelope { fields, extra, .. } => {
                    for f in fields {
                        bump(&f.ty, &mut count);
                        note(&f.ty, code(&f.json), &mut used);
                    }
                    if let Extra::Keep(x) = extra {
                        bump(x, &mut count);
                        note(x, "other members".to_owned(), &mut used);
                    }
                    if let Kind::Envelope { commands, tag, payload, .. } = &t.kind {
                        let r = TypeRef::Named(*commands);
                        bump(&r, &mut count);
                        note(&r, format!("{} and {}", code(tag), code(payload)), &mut used);
                    }
                }
                Kind::Union { variants, .. } => {
                    for v in variants {
                        bump(&v.ty, &mut count);
                        if let TypeRef::Named(i) = v.ty {
                            if let Some(d) = direct_branch.get_mut(i) {
                                *d = Some(owner);
                            }
                        }
                        note(&v.ty, code(&format!("{}::{}", t.name, v.name)), &mut used);
                    }
                }
                Kind::Commands { commands, unknown_payload, .. } => {
                    for c in commands {
                        bump(&c.payload, &mut count);
                        if let TypeRef::Named(i) = c.payload {
                            if let Some(d) = direct_branch.get_mut(i) {
                                *d = Some(owner);
                            }
                        }
                        note(&c.payload, code(&c.tag), &mut used);
                    }
                    bump(unknown_payload, &mut count);
                    note(unknown_payload, "any other type".to_owned(), &mut used);
                }
                Kind::Alias(x) => {
                    bump(x, &mut count);
                    note(x, "alias".to_owned(), &mut used);
                }
                Kind::StringEnum { .. } | Kind::IntegerEnum { .. } | Kind::Newtype | Kind::Const(_) => {}
            }
        }
        let root = match self.module.root {
            TypeRef::Named(i) => Some(i),
            _ => None,
        };
        for (i, t) in self.module.types.iter().enumerate() {
            let is_struct = matches!(t.kind, Kind::Struct { .. });
            if is_struct && Some(i) != root && count[i] == 1 {
                if let Some(owner) = direct_branch[i] {
                    if owner != i {
                        self.inline_in[i] = Some(owner);
                    }
                }
            }
        }
        self.used_by = used;
    }

    /// Writes a heading and returns its anchor.
    fn heading(&mut self, level: usize, md: &str, plain: &str) -> String {
        let slug = self.slugger.slug(plain);
        self.out.push_str(&format!("{} {md}\n\n", "#".repeat(level)));
        slug
    }

    fn para(&mut self, text: &str) {
        if text.trim().is_empty() {
            return;
        }
        self.out.push_str(&wrap(text, ""));
        self.out.push_str("\n\n");
    }

    fn bullets(&mut self, items: &[String]) {
        if items.is_empty() {
            return;
        }
        for i in items {
            self.out.push_str("- ");
            self.out.push_str(&wrap(i, "  "));
            self.out.push('\n');
        }
        self.out.push('\n');
    }

    fn root_id(&self) -> Option<TypeId> {
        match self.module.root {
            TypeRef::Named(i) => Some(i),
            _ => None,
        }
    }

    fn schema_id(&self) -> Option<String> {
        let kw = self.doc.dialect.id_keyword();
        self.doc.value.get(kw).and_then(Value::as_str).map(str::to_owned)
    }

    fn title(&self) -> String {
        self.ir.keywords(self.root_node()).and_then(|k| k.title.clone()).map(|t| prose(&t)).unwrap_or_else(|| code(self.stem))
    }

    fn root_node(&self) -> NodeId {
        self.ir.roots.get(self.module.doc).copied().unwrap_or(0)
    }

    fn render(mut self) -> (String, IndexEntry) {
        let (title, description, id, declared) = self.render_body();
        let summary = summary(description.as_deref(), self.root_id().and_then(|r| self.ty(r)), &self.module.types);
        let entry = IndexEntry { stem: self.stem.to_owned(), title, summary, id, versions: declared };
        let mut text = std::mem::take(&mut self.out);
        // Links written before their target's heading in this pass.
        for (i, a) in self.anchors.iter().enumerate() {
            text = text.replace(&anchor_ref(i), a.as_deref().unwrap_or(""));
        }
        let text = text.trim_end().to_owned() + "\n";
        (text, entry)
    }

    /// Writes the page into `self.out`; returns what the index needs.
    fn render_body(&mut self) -> (String, Option<String>, Option<String>, Vec<versions::Declared>) {
        let title = self.title();
        self.heading(1, &title, &title);
        let root_kw = self.ir.keywords(self.root_node()).cloned().unwrap_or_default();
        let description = root_kw.description.as_deref().map(prose);
        if let Some(d) = &description {
            self.para(d);
        }
        let regen = code(&self.settings.regenerate_command);
        self.para(&format!("Generated from the schema by {regen}: do not edit this page by hand."));

        // Facts.
        let id = self.schema_id();
        let mut facts = Vec::new();
        let path_md = if is_relative_path(&self.doc.path) { format!("[{}](../../{})", code(&self.doc.path), self.doc.path) } else { code(&self.doc.path) };
        facts.push(format!("Schema file: {path_md}"));
        facts.push(match &id {
            Some(id) => format!("{}: {}", code(self.doc.dialect.id_keyword()), code(id)),
            None => format!("{}: none (known as {})", code(self.doc.dialect.id_keyword()), code(&self.doc.retrieval_uri)),
        });
        let dialect = match self.doc.value.get("$schema").and_then(Value::as_str) {
            Some(uri) => format!("Dialect: JSON Schema {} ({} {})", self.doc.dialect.name(), code("$schema"), code(uri)),
            None => format!("Dialect: JSON Schema {} (no {}: the generator's default)", self.doc.dialect.name(), code("$schema")),
        };
        facts.push(dialect);
        let module_path = format!("{}::{}", self.options.crate_name, self.module_name);
        let module_url = format!("{}/{}/{}/index.html", self.options.rustdoc_url, self.options.crate_name, self.module_name);
        let mut rust = format!("Rust module: [{}]({module_url})", code(&module_path));
        if let Some(r) = self.root_id().and_then(|r| self.ty(r)) {
            rust.push_str(&format!("; the document is a {}", self.link(self.root_id().unwrap_or(0))));
            let _ = r;
        }
        facts.push(rust);
        self.bullets(&facts);

        // Versions.
        let declared = versions::declared(self.ir, self.root_node(), id.as_deref());
        self.heading(2, "Declared versions", "Declared versions");
        if declared.is_empty() {
            self.para("The schema declares no version: no major in its `$id` path, no `const` or `pattern` on a member named like `version`.");
        } else {
            let items: Vec<String> = declared.iter().map(versions::Declared::describe).collect();
            self.bullets(&items);
        }

        // Diagram.
        if !self.module.types.is_empty() {
            self.heading(2, "Type diagram", "Type diagram");
            self.para("How the generated types refer to each other (strings, enumerations and other leaf types are in the tables below).");
            let d = self.diagram();
            self.out.push_str(&d);
        }

        // Types.
        self.heading(2, "Types and members", "Types and members");
        if !self.settings.types {
            self.para("No types are generated (the generator runs with types off): documents are parsed as JSON values and validated against every rule of the schema.");
        } else if self.module.types.is_empty() {
            let c = constraints::describe_nodes(self.ir, &[self.root_node()]);
            let rules = if c.is_empty() { String::new() } else { format!(" The schema requires: {}.", c.join("; ")) };
            self.para(&format!(
                "The document is any JSON value: the generated module holds it as {} and validation still applies every rule of the schema.{rules}",
                code("serde_json::Value")
            ));
        } else {
            self.para(&format!(
                "One section per generated type. Rust items link to their rustdoc ({} builds it); types link to their sections here.",
                code("cargo doc --no-deps")
            ));
        }
        for id in 0..self.module.types.len() {
            if self.inline_in[id].is_none() {
                self.type_section(id);
            }
        }

        // Examples.
        self.examples_section();

        (title, description, id, declared)
    }

    /// `[Name](#anchor)`.
    fn link(&self, id: TypeId) -> String {
        match self.ty(id) {
            Some(t) => match self.known.get(id).cloned().flatten() {
                Some(a) => format!("[{}](#{a})", t.name),
                None => format!("[{}](#{})", t.name, anchor_ref(id)),
            },
            None => "any JSON value".to_owned(),
        }
    }

    /// A type in words, with links.
    fn type_md(&self, t: &TypeRef) -> String {
        match t {
            TypeRef::Value => "any JSON value".to_owned(),
            TypeRef::String => "string".to_owned(),
            TypeRef::Bool => "boolean".to_owned(),
            TypeRef::Integer => "integer".to_owned(),
            TypeRef::Number => "number".to_owned(),
            TypeRef::Null => "null".to_owned(),
            TypeRef::Named(id) => self.link(*id),
            TypeRef::Apply(id, x) => format!("{} holding {}", self.link(*id), self.type_md(x)),
            TypeRef::Param => "`T` (each place's own type)".to_owned(),
            TypeRef::Nullable(x) => format!("{} or null", self.type_md(x)),
            TypeRef::Vec(x) => format!("array of {}", self.type_md(x)),
            TypeRef::Tuple(items) => format!("array of exactly: {}", items.iter().map(|x| self.type_md(x)).collect::<Vec<_>>().join(", ")),
            TypeRef::Map(k, v) => match (&**k, &**v) {
                (TypeRef::String, TypeRef::Value) => "object".to_owned(),
                (TypeRef::String, v) => format!("object: any name → {}", self.type_md(v)),
                (k, v) => format!("object: {} → {}", self.type_md(k), self.type_md(v)),
            },
        }
    }

    fn rust_item(&self, id: TypeId) -> String {
        let Some(t) = self.ty(id) else { return String::new() };
        if self.struct_variants.get(id).copied().unwrap_or(false) {
            return self.struct_variant_items(id);
        }
        let (kind, word) = match t.kind {
            Kind::Struct { .. } | Kind::Envelope { .. } | Kind::Newtype | Kind::Const(_) => ("struct", "struct"),
            Kind::StringEnum { .. } | Kind::IntegerEnum { .. } | Kind::Union { .. } | Kind::Commands { .. } => ("enum", "enum"),
            Kind::Alias(_) => ("type", "type alias"),
        };
        let path = format!("{}::{}::{}", self.options.crate_name, self.module_name, t.name);
        let url = format!("{}/{}/{}/{kind}.{}.html", self.options.rustdoc_url, self.options.crate_name, self.module_name, t.name);
        format!("[{}]({url}) ({word})", code(&path))
    }

    /// The union variants a struct is written as (`Dog { bark }`), linked.
    fn struct_variant_items(&self, id: TypeId) -> String {
        let mut items = Vec::new();
        for u in &self.module.types {
            let Kind::Union { variants, .. } = &u.kind else { continue };
            for v in variants.iter().filter(|v| v.ty == TypeRef::Named(id)) {
                let path = format!("{}::{}::{}::{}", self.options.crate_name, self.module_name, u.name, v.name);
                let url = format!("{}/{}/{}/enum.{}.html#variant.{}", self.options.rustdoc_url, self.options.crate_name, self.module_name, u.name, v.name);
                items.push(format!("[{}]({url})", code(&path)));
            }
        }
        format!("{} (struct variant)", items.join(", "))
    }

    fn type_section(&mut self, id: TypeId) {
        let Some(t) = self.ty(id) else { return };
        let slug = self.heading(3, &t.name, &t.name);
        self.anchors[id] = Some(slug);
        self.para(&format!("Rust: {}", self.rust_item(id)));
        self.doc_text(&t.doc, None);
        self.used_by_line(id);
        self.source_line(&t.doc.source);
        self.kind_body(id);
    }

    fn used_by_line(&mut self, id: TypeId) {
        let Some(users) = self.used_by.get(id) else { return };
        if users.is_empty() {
            return;
        }
        let mut grouped: Vec<(TypeId, Vec<String>)> = Vec::new();
        for (owner, what) in users {
            match grouped.iter_mut().find(|(o, _)| o == owner) {
                Some((_, whats)) => whats.push(what.clone()),
                None => grouped.push((*owner, vec![what.clone()])),
            }
        }
        let parts: Vec<String> = grouped.iter().map(|(owner, whats)| format!("{} ({})", self.link(*owner), whats.join(", "))).collect();
        self.para(&format!("Used by {}.", parts.join(", ")));
    }

    fn source_line(&mut self, source: &str) {
        if source.is_empty() {
            return;
        }
        let at = source.split_once('#').map(|(_, p)| p).unwrap_or(source);
        let at = if at.is_empty() { "the root" } else { at };
        self.para(&format!("Schema location: {}", code(&format!("#{}", at.trim_start_matches("the root")))));
    }

    /// Title, description and annotations of a type or branch (the title
    /// is left out when it is already the heading).
    fn doc_text(&mut self, d: &plan::DocText, heading_title: Option<&str>) {
        let root_title = self.ir.keywords(self.root_node()).and_then(|k| k.title.clone());
        let root_desc = self.ir.keywords(self.root_node()).and_then(|k| k.description.clone());
        let title = d.title.as_deref().filter(|t| heading_title != Some(*t) && root_title.as_deref() != Some(*t));
        let desc = d.description.as_deref().filter(|x| d.title.as_deref() != Some(*x) && root_desc.as_deref() != Some(*x));
        let text = titled(title, desc);
        if !text.is_empty() {
            self.para(&text);
        }
        let notes = annotations(d, &self.settings.sensitivity_keyword, true);
        if !notes.is_empty() {
            self.para(&notes.join(". "));
        }
    }

    fn kind_body(&mut self, id: TypeId) {
        let Some(t) = self.ty(id) else { return };
        match &t.kind {
            Kind::Struct { fields, extra, extra_field, tag } => {
                self.struct_body(t, fields, extra, extra_field, tag.as_ref(), None);
            }
            Kind::Envelope { fields, extra, extra_field, tag, payload, commands } => {
                self.struct_body(t, fields, extra, extra_field, None, Some((tag, payload, *commands)));
            }
            Kind::Newtype => {
                let c = self.type_constraints(t);
                let what = if c.is_empty() { "A string.".to_owned() } else { format!("A string: {}.", c.join("; ")) };
                self.para(&format!("{what} Rust checks it when the value is built ({}, {}, {}).", code("new"), code("TryFrom"), code("FromStr")));
            }
            Kind::Const(s) => {
                self.para(&format!("Always {}: the type can hold no other value.", code(s)));
            }
            Kind::StringEnum { values, open, other, described } => {
                let mut rows: Vec<Vec<String>> = values.iter().map(|(r, j)| vec![code(j), code(&format!("{}::{r}", t.name))]).collect();
                let mut head = vec!["Value", "Rust variant"];
                if !described.is_empty() {
                    head.push("Meaning");
                    for (row, (_, j)) in rows.iter_mut().zip(values) {
                        row.push(described.iter().find(|(v, _)| v == j).map(|(_, d)| prose(d)).unwrap_or_default());
                    }
                }
                self.para(if *open { "A string; these values are known:" } else { "A string, one of:" });
                self.out.push_str(&table(&head, &rows, &[0, 1]));
                self.out.push('\n');
                if *open {
                    let ext: Vec<String> = t.doc.extensions.iter().filter(|(n, v)| constraints::known_values(n, v).is_some()).map(|(n, _)| code(n)).collect();
                    let from = if ext.is_empty() { String::new() } else { format!(" (an open set: {})", ext.join(", ")) };
                    self.para(&format!("Other values are allowed{from} and kept verbatim as {}.", code(&format!("{}::{other}(String)", t.name))));
                } else {
                    self.para("No other value is allowed.");
                }
            }
            Kind::IntegerEnum { values } => {
                let rows: Vec<Vec<String>> = values.iter().map(|(r, v)| vec![code(&v.to_string()), code(&format!("{}::{r}", t.name))]).collect();
                self.para("An integer, one of:");
                self.out.push_str(&table(&["Value", "Rust variant"], &rows, &[0, 1]));
                self.out.push('\n');
                self.para(&format!(
                    "No other value is allowed. Places hold it as {}, which keeps a value written otherwise ({}, {}) as written.",
                    code(&format!("Spelled<{}>", t.name)),
                    code("512.0"),
                    code("5.12e2")
                ));
            }
            Kind::Union { variants, tag } => self.union_body(id, t, variants, tag.as_deref()),
            Kind::Commands { commands, unknown, unknown_payload } => self.commands_body(id, t, commands, *unknown, unknown_payload),
            Kind::Alias(TypeRef::Value) => {
                self.para("Any JSON value: null, boolean, number, string, array or object.");
                let c = self.type_constraints(t);
                if !c.is_empty() {
                    self.para(&format!("Constraints: {}.", c.join("; ")));
                }
            }
            Kind::Alias(other) => {
                let s = self.type_md(other);
                self.para(&format!("Another name for {s}."));
            }
        }
    }

    /// Constraints of a type's own subschemas.
    fn type_constraints(&self, t: &TypeDef) -> Vec<String> {
        match &t.validation {
            plan::Validation::Own(nodes) => constraints::describe_nodes(self.ir, nodes),
            plan::Validation::PerLocation(places) => vec![format!("those of the schema of each of the {} places that use it", places.len())],
        }
    }

    /// Every subschema the type stands for: its own, or those of every place sharing it.
    fn schema_nodes(t: &TypeDef) -> Vec<NodeId> {
        match &t.validation {
            plan::Validation::Own(nodes) => nodes.clone(),
            plan::Validation::PerLocation(places) => places.concat(),
        }
    }

    fn struct_body(
        &mut self,
        t: &TypeDef,
        fields: &[Field],
        extra: &Extra,
        extra_field: &str,
        tag: Option<&(String, String)>,
        envelope: Option<(&String, &String, TypeId)>,
    ) {
        let mut rows: Vec<Vec<String>> = Vec::new();
        if let Some((name, value)) = tag {
            rows.push(vec![
                code(name),
                "string".to_owned(),
                "yes".to_owned(),
                format!("always {}: selects this branch", code(value)),
                String::new(),
                String::new(),
                String::new(),
            ]);
        }
        for f in fields {
            rows.push(self.field_row(f, envelope));
        }
        if rows.is_empty() {
            match extra {
                Extra::Deny => self.para("An empty object: no members are allowed."),
                Extra::Keep(TypeRef::Value) => {
                    self.para(&format!("An object; the schema names no members. Every member is kept verbatim, in order, in {}.", code(extra_field)))
                }
                Extra::Keep(x) => {
                    let s = self.type_md(x);
                    self.para(&format!("An object; the schema names no members. Every member must be {s}; they are kept in order in {}.", code(extra_field)));
                }
            }
        } else {
            self.out.push_str(&table(&["Member", "Type", "Required", "Constraints", "Default", "Sensitivity", "Description"], &rows, &[0, 1, 2]));
            self.out.push('\n');
            match extra {
                Extra::Deny => self.para("No other members are allowed."),
                Extra::Keep(TypeRef::Value) => self.para(&format!("Other members are allowed and kept verbatim, in document order, in {}.", code(extra_field))),
                Extra::Keep(x) => {
                    let s = self.type_md(x);
                    self.para(&format!("Other members are allowed if each is {s}; they are kept in document order in {}.", code(extra_field)));
                }
            }
        }
        let own: Vec<String> = self.type_constraints(t).into_iter().filter(|c| !c.starts_with("no members other than")).collect();
        if !own.is_empty() {
            self.para(&format!("Also: {}.", own.join("; ")));
        }
    }

    fn field_row(&self, f: &Field, envelope: Option<(&String, &String, TypeId)>) -> Vec<String> {
        let nodes: Vec<NodeId> = f.node.into_iter().collect();
        let mut constraints = constraints::describe_nodes_with(self.ir, &nodes, !self.names_object_type(&f.ty));
        let mut ty = self.type_md(&f.ty);
        if let Some((tag, payload, commands)) = envelope {
            if &f.json == tag {
                ty = json_types(self.ir, &nodes).unwrap_or_else(|| "string".to_owned());
                constraints.push(format!("names the command: see {}", self.link(commands)));
            } else if &f.json == payload {
                ty = "any JSON value".to_owned();
                constraints.push(format!("its shape depends on {}: see {}", code(tag), self.link(commands)));
            }
        }
        let sensitivity = self.sensitivity(&nodes);
        vec![
            code(&f.json),
            ty,
            if f.required { "yes".to_owned() } else { "no".to_owned() },
            constraints.join("; "),
            f.doc.default.as_ref().map(value_code).unwrap_or_default(),
            sensitivity,
            self.description_cell(&f.doc),
        ]
    }

    /// Whether objects in a value of this type are generated types (with a
    /// section saying what their members must be).
    fn names_object_type(&self, t: &TypeRef) -> bool {
        let mut ids = Vec::new();
        named_in(t, &mut ids);
        ids.iter().filter_map(|i| self.ty(*i)).any(|t| matches!(t.kind, Kind::Struct { .. } | Kind::Envelope { .. } | Kind::Union { .. }))
    }

    fn sensitivity(&self, nodes: &[NodeId]) -> String {
        self.ir.expand(nodes).iter().find_map(|n| self.ir.sensitivity.get(n)).map(|s| code(s)).unwrap_or_default()
    }

    fn description_cell(&self, d: &plan::DocText) -> String {
        let mut parts = Vec::new();
        let desc = d.description.as_deref().filter(|x| d.title.as_deref() != Some(*x));
        let text = titled(d.title.as_deref(), desc);
        if !text.is_empty() {
            parts.push(text);
        }
        parts.extend(annotations(d, &self.settings.sensitivity_keyword, false));
        parts.join(" ")
    }

    fn union_body(&mut self, id: TypeId, t: &TypeDef, variants: &[Variant], tag: Option<&str>) {
        let any_of = Self::schema_nodes(t).iter().flat_map(|n| self.ir.expand(&[*n])).filter_map(|n| self.ir.keywords(n)).any(|k| !k.any_of.is_empty());
        let rule = match tag {
            Some(tag) => format!("told apart by the member {}", code(tag)),
            None if variants.iter().all(|v| matches!(v.select, Select::JsonType(_))) => "told apart by their JSON type".to_owned(),
            None if any_of => "the first branch the value matches is taken (`anyOf`)".to_owned(),
            None => "exactly one branch matches (`oneOf`)".to_owned(),
        };
        self.para(&format!("One of {} shapes; {rule}.", variants.len()));
        let branches: Vec<Branch> = variants.iter().map(|v| self.branch_of(t, v, tag)).collect();
        self.branches(id, &branches, "Branch", "Holds");
    }

    fn branch_of(&self, owner: &TypeDef, v: &Variant, tag: Option<&str>) -> Branch {
        let nodes: Vec<NodeId> = match &v.select {
            Select::Branch { nodes, .. } => nodes.clone(),
            _ => node_of_source(self.ir, &v.doc.source).into_iter().collect(),
        };
        let title = v.doc.title.clone();
        let (label, plain) = match (&v.select, tag) {
            (Select::Tag(value), Some(tag)) => (format!("{} {}", code(tag), code(value)), format!("{tag} {value}")),
            (Select::JsonType(bits), _) => {
                let w = type_words(*bits);
                (format!("as {w}"), format!("as {w}"))
            }
            _ => {
                let required: Vec<String> =
                    self.ir.expand(&nodes).iter().filter_map(|n| self.ir.keywords(*n)).flat_map(|k| k.object.required.clone()).collect();
                if let Some(t) = &title {
                    (prose(t), t.clone())
                } else if !required.is_empty() {
                    let md: Vec<String> = required.iter().map(|r| code(r)).collect();
                    (format!("with {}", md.join(", ")), format!("with {}", required.join(" ")))
                } else if let Some(w) = json_types(self.ir, &nodes) {
                    (format!("as {w}"), format!("as {w}"))
                } else {
                    (code(&v.name), v.name.clone())
                }
            }
        };
        Branch {
            heading: (format!("{} {label}", owner.name), format!("{} {plain}", owner.name)),
            label,
            rust: format!("{}::{}", owner.name, v.name),
            ty: v.ty.clone(),
            nodes,
            doc: v.doc.clone(),
        }
    }

    /// The summary table and one subsection per branch.
    fn branches(&mut self, owner: TypeId, branches: &[Branch], first_col: &str, ty_col: &str) {
        // The table precedes the headings: preview the anchors they will get.
        let mut preview = self.slugger.clone();
        let slugs_preview: Vec<String> = branches.iter().map(|b| preview.slug(&b.heading.1)).collect();
        let rows: Vec<Vec<String>> =
            branches.iter().zip(&slugs_preview).map(|(b, s)| vec![format!("[{}](#{s})", b.label), code(&b.rust), self.type_md(&b.ty)]).collect();
        self.out.push_str(&table(&[first_col, "Rust variant", ty_col], &rows, &[0, 1, 2]));
        self.out.push('\n');
        for b in branches {
            self.branch_section(owner, b);
        }
    }

    fn branch_section(&mut self, owner: TypeId, b: &Branch) {
        let slug = self.heading(4, &b.heading.0, &b.heading.1);
        let inline = match b.ty {
            TypeRef::Named(i) if self.inline_in.get(i).copied().flatten() == Some(owner) => Some(i),
            _ => None,
        };
        if let Some(i) = inline {
            self.anchors[i] = Some(slug);
        }
        let doc = plan::DocText { source: String::new(), ..b.doc.clone() };
        let heading_title = b.doc.title.clone();
        self.doc_text(&doc, heading_title.as_deref());
        match inline {
            Some(i) => {
                if self.struct_variants.get(i).copied().unwrap_or(false) {
                    self.para(&format!("Rust: {}.", self.rust_item(i)));
                } else {
                    self.para(&format!("Rust: {}, held by {}.", self.rust_item(i), code(&b.rust)));
                }
                if let Some(t) = self.ty(i) {
                    self.doc_text(&plan::DocText { source: String::new(), ..t.doc.clone() }, heading_title.as_deref());
                }
                self.kind_body(i);
            }
            None => {
                let holds = self.type_md(&b.ty);
                self.para(&format!("{} holds {holds}.", code(&b.rust)));
                let c = constraints::describe_nodes(self.ir, &b.nodes);
                if !c.is_empty() {
                    self.para(&format!("Constraints: {}.", c.join("; ")));
                }
            }
        }
        if !b.doc.source.is_empty() {
            self.source_line(&b.doc.source.clone());
        } else if let Some(n) = b.nodes.first() {
            let loc = self.ir.location(*n);
            self.source_line(&loc);
        }
    }

    fn commands_body(&mut self, id: TypeId, t: &TypeDef, commands: &[Command], unknown: bool, unknown_payload: &TypeRef) {
        let (tag, payload) = self.envelope_members(id);
        let mut intro = format!(
            "The command an envelope carries: its {} member names the command and its {} member holds the command's data, as below. {} command types are known.",
            code(&tag),
            code(&payload),
            commands.len()
        );
        if unknown {
            intro.push_str(&format!(
                " Any other {} is accepted too: its payload is free (any JSON value) and readers ignore it. Rust keeps it verbatim as {}, so a document round-trips unchanged.",
                code(&tag),
                code(&format!("{}::Unknown {{ type_name, payload }}", t.name))
            ));
        } else {
            intro.push_str(&format!(" No other {} is allowed.", code(&tag)));
        }
        self.para(&intro);
        let mut branches: Vec<Branch> = commands
            .iter()
            .map(|c| Branch {
                heading: (format!("{} {}", t.name, code(&c.tag)), format!("{} {}", t.name, c.tag)),
                label: code(&c.tag),
                rust: format!("{}::{}", t.name, c.name),
                ty: c.payload.clone(),
                nodes: node_of_source(self.ir, &c.doc.source).into_iter().collect(),
                doc: plan::DocText { title: c.doc.title.clone().filter(|x| *x != c.tag), ..c.doc.clone() },
            })
            .collect();
        let catch_all = if unknown { self.catch_all_branch(t, &tag, commands) } else { None };
        if unknown {
            let doc = catch_all
                .and_then(|n| self.ir.keywords(n))
                .map(|k| plan::DocText { title: k.title.clone(), description: k.description.clone(), ..Default::default() })
                .unwrap_or_default();
            branches.push(Branch {
                heading: (format!("{}: any other {}", t.name, code(&tag)), format!("{}: any other {tag}", t.name)),
                label: "any other".to_owned(),
                rust: format!("{}::Unknown", t.name),
                ty: unknown_payload.clone(),
                nodes: catch_all.into_iter().collect(),
                doc: plan::DocText { source: catch_all.map(|n| self.ir.location(n)).unwrap_or_default(), ..doc },
            });
        }
        let known_count = commands.len().min(branches.len());
        let mut preview = self.slugger.clone();
        let slugs_preview: Vec<String> = branches.iter().map(|b| preview.slug(&b.heading.1)).collect();
        let rows: Vec<Vec<String>> =
            branches.iter().zip(&slugs_preview).map(|(b, s)| vec![format!("[{}](#{s})", b.label), code(&b.rust), self.type_md(&b.ty)]).collect();
        self.out.push_str(&table(&[&code(&tag), "Rust variant", "Payload"], &rows, &[0, 1, 2]));
        self.out.push('\n');
        let (known, rest) = branches.split_at(known_count);
        for b in known {
            self.branch_section(id, b);
        }
        if let Some(b) = rest.first() {
            self.heading(4, &b.heading.0, &b.heading.1);
            let ty = self.type_md(&b.ty);
            let free = if b.ty == TypeRef::Value { "free (any JSON value)".to_owned() } else { ty };
            let mut text = format!(
                "A {} not listed above: its payload is {free} and readers ignore the command. {} keeps the type name and the payload verbatim, so writing the envelope back loses nothing.",
                code(&tag),
                code(&format!("{}::Unknown {{ type_name, payload }}", t.name))
            );
            if let Some(title) = &b.doc.title {
                text.push_str(&format!(" The schema's title for this branch: “{}”.", prose(title)));
            }
            self.para(&text);
            if let Some(d) = &b.doc.description {
                self.para(&prose(d));
            }
            let tag_constraints = b
                .nodes
                .first()
                .and_then(|n| self.ir.keywords(*n))
                .and_then(|k| k.properties.iter().find(|(p, _)| *p == tag).map(|(_, n)| *n))
                .map(|n| constraints::describe_nodes(self.ir, &[n]))
                .unwrap_or_default();
            if !tag_constraints.is_empty() {
                self.para(&format!("The schema states it as: {} is {}.", code(&tag), tag_constraints.join("; ")));
            }
            if !b.doc.source.is_empty() {
                self.source_line(&b.doc.source.clone());
            }
        }
    }

    /// The tag and payload member names of the envelope holding commands `id`.
    fn envelope_members(&self, id: TypeId) -> (String, String) {
        self.module
            .types
            .iter()
            .find_map(|t| match &t.kind {
                Kind::Envelope { tag, payload, commands, .. } if *commands == id => Some((tag.clone(), payload.clone())),
                _ => None,
            })
            .unwrap_or_else(|| ("type".to_owned(), "payload".to_owned()))
    }

    /// The union branch that admits every other tag (its tag member has no `const`).
    fn catch_all_branch(&self, t: &TypeDef, tag: &str, commands: &[Command]) -> Option<NodeId> {
        let known: Vec<Option<NodeId>> = commands.iter().map(|c| node_of_source(self.ir, &c.doc.source)).collect();
        for n in self.ir.expand(&Self::schema_nodes(t)) {
            let Some(k) = self.ir.keywords(n) else { continue };
            for branches in [&k.one_of, &k.any_of] {
                for b in branches {
                    if known.contains(&Some(*b)) {
                        continue;
                    }
                    let has_tag = self.ir.keywords(*b).is_some_and(|bk| bk.properties.iter().any(|(p, _)| p == tag));
                    if has_tag {
                        return Some(*b);
                    }
                }
            }
        }
        None
    }

    fn diagram(&self) -> String {
        let shown = |t: &TypeDef| matches!(t.kind, Kind::Struct { .. } | Kind::Envelope { .. } | Kind::Union { .. } | Kind::Commands { .. } | Kind::Alias(_));
        let mut lines: Vec<String> = vec!["```mermaid".to_owned(), "classDiagram".to_owned(), "  direction LR".to_owned()];
        let mut edges: Vec<String> = Vec::new();
        for t in &self.module.types {
            if !shown(t) {
                continue;
            }
            lines.push(format!("  class {}", t.name));
            match &t.kind {
                Kind::Union { .. } | Kind::Commands { .. } => lines.push(format!("  <<union>> {}", t.name)),
                Kind::Envelope { .. } => lines.push(format!("  <<envelope>> {}", t.name)),
                Kind::Alias(_) => lines.push(format!("  <<alias>> {}", t.name)),
                _ => {}
            }
            let mut add = |target: &TypeRef, label: &str| {
                let many = matches!(target, TypeRef::Vec(_) | TypeRef::Map(..));
                let mut ids = Vec::new();
                named_in(target, &mut ids);
                for i in ids {
                    if let Some(to) = self.ty(i) {
                        if shown(to) && to.name != t.name {
                            let card = if many { " \"*\"" } else { "" };
                            let e = format!("  {} -->{card} {} : {}", t.name, to.name, mermaid_label(label));
                            if !edges.contains(&e) {
                                edges.push(e);
                            }
                        }
                    }
                }
            };
            match &t.kind {
                Kind::Struct { fields, extra, .. } | Kind::Envelope { fields, extra, .. } => {
                    for f in fields {
                        add(&f.ty, &f.json);
                    }
                    if let Extra::Keep(x) = extra {
                        add(x, "other members");
                    }
                    if let Kind::Envelope { commands, tag, payload, .. } = &t.kind {
                        add(&TypeRef::Named(*commands), &format!("{tag} and {payload}"));
                    }
                }
                Kind::Union { variants, .. } => {
                    for v in variants {
                        add(&v.ty, &v.name);
                    }
                }
                Kind::Commands { commands, unknown_payload, .. } => {
                    for c in commands {
                        add(&c.payload, &c.tag);
                    }
                    add(unknown_payload, "any other");
                }
                Kind::Alias(x) => add(x, "alias"),
                _ => {}
            }
        }
        lines.extend(edges);
        lines.push("```".to_owned());
        lines.join("\n") + "\n\n"
    }

    fn examples_section(&mut self) {
        self.heading(2, "Valid examples", "Valid examples");
        let dir = format!("schemas/examples/{}/valid/", self.stem);
        if self.examples.is_empty() {
            self.para(&format!("No valid examples were found (they belong in {}).", code(&dir)));
            return;
        }
        let mut chosen: Vec<&(String, String)> = self.examples.iter().collect();
        chosen.sort_by(|a, b| a.1.len().cmp(&b.1.len()).then(a.0.cmp(&b.0)));
        chosen.truncate(self.options.examples_per_page);
        self.para(&format!(
            "The {} smallest of the {} valid examples in {}; the tests check that every one of them parses and validates.",
            chosen.len(),
            self.examples.len(),
            code(&dir)
        ));
        for (name, text) in chosen {
            self.heading(3, &code(name), name);
            let body: Vec<String> = text.replace("\r\n", "\n").lines().map(|l| l.replace('\t', "    ").trim_end().to_owned()).collect();
            let body = body.join("\n");
            let fence = if body.contains("```") { "````" } else { "```" };
            self.out.push_str(&format!("{fence}json\n{}\n{fence}\n\n", body.trim_matches('\n')));
        }
    }
}

/// "**Title.** Description", either part optional.
fn titled(title: Option<&str>, description: Option<&str>) -> String {
    let mut out = String::new();
    if let Some(t) = title {
        let t = prose(t);
        let stop = if t.ends_with(['.', '!', '?', ':']) { "" } else { "." };
        out.push_str(&format!("**{t}{stop}**"));
    }
    if let Some(d) = description {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&prose(d));
    }
    out
}

/// Annotations worth a line: deprecated, read/write-only, examples, and
/// `x-` extensions (the sensitivity keyword has its own column in tables,
/// open sets are in the constraints).
fn annotations(d: &plan::DocText, sensitivity_keyword: &str, with_sensitivity: bool) -> Vec<String> {
    let mut out = Vec::new();
    if d.deprecated {
        out.push("**Deprecated.**".to_owned());
    }
    if d.read_only {
        out.push("Read-only.".to_owned());
    }
    if d.write_only {
        out.push("Write-only.".to_owned());
    }
    if !d.examples.is_empty() {
        let shown: Vec<String> = d.examples.iter().take(3).map(|e| code(&e.to_string())).collect();
        out.push(format!("Examples: {}.", shown.join(", ")));
    }
    for (name, v) in &d.extensions {
        if constraints::known_values(name, v).is_some() || (!with_sensitivity && name == sensitivity_keyword) {
            continue;
        }
        out.push(format!("{}: {}.", code(name), value_code(v)));
    }
    out
}

/// The type ids a reference names, outermost first.
fn named_in(t: &TypeRef, out: &mut Vec<TypeId>) {
    match t {
        TypeRef::Named(i) => out.push(*i),
        TypeRef::Nullable(x) | TypeRef::Vec(x) => named_in(x, out),
        TypeRef::Tuple(items) => items.iter().for_each(|x| named_in(x, out)),
        TypeRef::Map(k, v) => {
            named_in(k, out);
            named_in(v, out);
        }
        _ => {}
    }
}

/// The node a `file#pointer` source names.
fn node_of_source(ir: &Ir, source: &str) -> Option<NodeId> {
    let (file, pointer) = source.split_once('#')?;
    let doc = ir.doc_paths.iter().position(|p| p == file)?;
    ir.by_place.get(&(doc, pointer.to_owned())).copied()
}

/// The JSON types the nodes' `type` keywords allow, in words.
fn json_types(ir: &Ir, nodes: &[NodeId]) -> Option<String> {
    let mut bits = TypeSet::ALL;
    let mut any = false;
    for n in ir.expand(nodes) {
        if let Some(t) = ir.keywords(n).and_then(|k| k.types) {
            bits &= t.0;
            any = true;
        }
    }
    any.then(|| type_words(bits))
}

fn type_words(bits: u8) -> String {
    let names = [
        (TypeSet::NULL, "null"),
        (TypeSet::BOOLEAN, "boolean"),
        (TypeSet::INTEGER, "integer"),
        (TypeSet::NUMBER, "number"),
        (TypeSet::STRING, "string"),
        (TypeSet::ARRAY, "array"),
        (TypeSet::OBJECT, "object"),
    ];
    let words: Vec<&str> = names.iter().filter(|(b, _)| bits & b != 0 && !(*b == TypeSet::INTEGER && bits & TypeSet::NUMBER != 0)).map(|(_, n)| *n).collect();
    match words.as_slice() {
        [] => "no value".to_owned(),
        [one] => (*one).to_owned(),
        _ => words.join(" or "),
    }
}

fn mermaid_label(s: &str) -> String {
    s.chars().map(|c| if c.is_alphanumeric() || " .-_".contains(c) { c } else { '_' }).collect()
}

fn is_relative_path(p: &str) -> bool {
    !p.is_empty() && !p.starts_with('/') && !p.contains(':') && !p.split('/').any(|s| s == "..")
}

/// One line for the index: the description's first sentence, else the
/// root type's shape.
fn summary(description: Option<&str>, root: Option<&TypeDef>, types: &[TypeDef]) -> String {
    if let Some(d) = description {
        let first = d.split("\n\n").next().unwrap_or(d);
        let sentence = match first.find(". ") {
            Some(i) => &first[..=i],
            None => first,
        };
        return sentence.trim().to_owned();
    }
    match root.map(|r| &r.kind) {
        Some(Kind::Envelope { tag, payload, commands, .. }) => {
            let n = match types.get(*commands).map(|t| &t.kind) {
                Some(Kind::Commands { commands, .. }) => commands.len(),
                _ => 0,
            };
            format!("An envelope carrying one of {n} command types: {} names it, {} holds its data.", code(tag), code(payload))
        }
        Some(Kind::Struct { fields, .. }) => format!("An object with {} named members.", fields.len()),
        Some(Kind::Union { variants, .. }) => format!("One of {} shapes.", variants.len()),
        Some(_) => "A single value.".to_owned(),
        None => "Any JSON value.".to_owned(),
    }
}

#[cfg(test)]
mod tests;
