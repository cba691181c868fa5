//! Emits the Rust types of one module: definitions, conversion from a
//! validated JSON value, serialisation that loses nothing, `Contract`
//! (validation entry points), and `Debug` that redacts sensitive data.

use super::docs::{doc_attrs, spellings, used_by, value_doc, value_span};
use super::object_attrs::{json_attr, Names};
use super::validate::Validators;
use crate::plan::{
    holds_param, instantiate, kind_refs, struct_variants, Command, DocText, Extra, Field, Kind, ModulePlan, Select, TypeDef, TypeRef, Validation, Variant,
};
use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;
use std::collections::HashSet;

/// Emits every type of `plan`.
pub struct TypeEmitter<'a, 'v> {
    plan: &'a ModulePlan,
    validators: &'a mut Validators<'v>,
    rt: TokenStream,
    /// (container, field type) pairs that need a `Box` to break a cycle.
    boxed: HashSet<(usize, usize)>,
    /// The one-pass reader function of each type that has one.
    readers: std::collections::HashMap<usize, TokenStream>,
    /// The module's root type and root node, when the root type is another
    /// schema's (the root is a `$ref` with annotations only).
    root_alias: Option<(usize, crate::ir::NodeId)>,
    /// Structs written as struct variants of the tagged unions holding them ([`struct_variants`]).
    inline: Vec<bool>,
    /// The types' estimated sizes.
    sizes: Sizes<'a>,
    /// The member tables of structs that have a reader, which writes their
    /// impls with it ([`Self::take_objects`]).
    objects: std::collections::HashMap<usize, ObjectTable>,
    /// The structs that derive `rt::Object` (its attributes carry their contract).
    derived: HashSet<usize>,
}

/// What the `#[json(…)]` attributes of a struct with a reader say before
/// its readers are known (the reader adds `keep` and `read`).
#[derive(Clone, Debug, Default)]
pub struct ObjectTable {
    /// On the struct (`rename_all`, …), the contract left out.
    pub on_struct: Vec<TokenStream>,
    /// Per field, in order (`name = "…"`, `redacted`, `default = …`).
    pub members: Vec<Vec<TokenStream>>,
    /// `[checks], BASE, "pointer"`.
    pub contract: Option<TokenStream>,
}

pub(crate) fn ident(name: &str) -> Ident {
    if crate::ident::is_keyword(name) {
        Ident::new_raw(name, Span::call_site())
    } else {
        Ident::new(name, Span::call_site())
    }
}

impl<'a, 'v> TypeEmitter<'a, 'v> {
    /// An emitter for `plan`, registering validators in `validators`.
    pub fn new(plan: &'a ModulePlan, validators: &'a mut Validators<'v>, rt: TokenStream) -> Self {
        let boxed = boxed_pairs(plan);
        let inline = struct_variants(plan);
        TypeEmitter {
            plan,
            validators,
            rt,
            boxed,
            readers: Default::default(),
            root_alias: None,
            inline,
            sizes: Sizes::new(plan),
            objects: Default::default(),
            derived: HashSet::new(),
        }
    }

    /// The module's root node: when the root type is its `$ref` target's,
    /// that type checks with the root's validator, so its errors are the
    /// module's `validate` errors (`keyword_location` starts at `/$ref`).
    pub fn with_root(mut self, root: crate::ir::NodeId) -> Self {
        if let TypeRef::Named(id) = self.plan.root {
            if !self.plan.types[id].validation.own().is_some_and(|nodes| nodes.contains(&root)) {
                self.root_alias = Some((id, root));
            }
        }
        self
    }

    /// Names the one-pass reader of each type that has one (`contract!(…, fast READER)`).
    pub fn with_readers(mut self, readers: std::collections::HashMap<usize, TokenStream>) -> Self {
        self.readers = readers;
        self
    }

    /// The member tables of the structs whose reader writes their impls.
    pub fn take_objects(&mut self) -> std::collections::HashMap<usize, ObjectTable> {
        std::mem::take(&mut self.objects)
    }

    /// All items.
    pub fn emit(&mut self) -> TokenStream {
        let mut items = TokenStream::new();
        for id in 0..self.plan.types.len() {
            items.extend(self.emit_type(id));
        }
        items
    }

    /// The constraints of `nodes` as one rustdoc paragraph ("Matches `…`. At
    /// most 128 characters."), the same sentences the Markdown reference shows.
    fn constraints(&self, nodes: &[crate::ir::NodeId], objects: bool) -> Vec<String> {
        let phrases = crate::docs::constraints::describe_nodes_with(self.validators.ir(), nodes, objects);
        if phrases.is_empty() {
            return Vec::new();
        }
        let sentences: Vec<String> = phrases.iter().map(|p| crate::docs::constraints::as_sentence(p)).collect();
        vec![sentences.join(" ")]
    }

    /// The rustdoc notes of type `t` itself: the constraints of its
    /// schemas, or where it is used when places with different schemas share it.
    fn type_notes(&self, t: &TypeDef, objects: bool) -> Vec<String> {
        match &t.validation {
            Validation::Own(nodes) => self.constraints(nodes, objects),
            Validation::PerLocation(_) => self.shared_notes(t),
        }
    }

    /// Where a type shared by places with different schemas is used (nothing for other types).
    fn shared_notes(&self, t: &TypeDef) -> Vec<String> {
        let Validation::PerLocation(places) = &t.validation else { return Vec::new() };
        let ir = self.validators.ir();
        vec![used_by(&places.iter().filter_map(|p| p.first()).map(|n| ir.location(*n)).collect::<Vec<_>>())]
    }

    /// A documented `pub` field of struct `owner`.
    fn field_def(&self, owner: usize, f: &Field) -> TokenStream {
        self.documented_field(owner, f, quote!(), quote!(pub))
    }

    /// A documented field of struct `owner`, without visibility (as in a struct variant).
    fn variant_field_def(&self, owner: usize, f: &Field) -> TokenStream {
        self.documented_field(owner, f, quote!(), quote!())
    }

    /// A documented field, with `attr` after its docs (a struct deriving
    /// `rt::Object` gives its `#[json(…)]`, or the mark of its place, filled
    /// once the reader is written: [`super::object_attrs::fill_object_attrs`]).
    fn documented_field(&self, owner: usize, f: &Field, attr: TokenStream, visibility: TokenStream) -> TokenStream {
        let fid = ident(&f.rust);
        let fty = self.field_ty(owner, f);
        let mut notes = self.field_constraints(f);
        notes.extend(field_notes(f));
        let fdocs = doc_attrs(&DocText { source: String::new(), ..f.doc.clone() }, &notes);
        quote!(#fdocs #attr #visibility #fid: #fty,)
    }

    /// Constraints for a field whose type does not document them itself (a
    /// plain string, number, list or map rather than a generated type).
    fn field_constraints(&self, f: &Field) -> Vec<String> {
        match (&f.ty, f.node) {
            (TypeRef::Named(_), _) | (TypeRef::Nullable(_), _) | (_, None) => Vec::new(),
            (_, Some(node)) => self.constraints(&[node], false),
        }
    }

    /// The module's `const` naming schema resource `uri`, shared with the validators.
    fn base(&mut self, uri: &str) -> Ident {
        self.validators.base(uri)
    }

    /// Whether `t` is a struct written as a struct variant.
    fn inlined(&self, t: &TypeRef) -> bool {
        matches!(t, TypeRef::Named(id) if self.inline[*id])
    }

    fn name(&self, id: usize) -> Ident {
        ident(&self.plan.types[id].name)
    }

    /// The Rust type for `t` inside type `owner`.
    fn ty(&self, owner: usize, t: &TypeRef) -> TokenStream {
        rust_type(self.plan, &self.boxed, &self.rt, owner, t)
    }

    fn field_ty(&self, owner: usize, f: &Field) -> TokenStream {
        let t = self.ty(owner, &f.ty);
        if f.required {
            t
        } else {
            quote!(::std::option::Option<#t>)
        }
    }

    /// `Contract` and a validating `Deserialize`: validation runs the
    /// validators of the type's subschemas. A type shared by places that
    /// validate differently has no schema of its own, so neither.
    fn contract(&mut self, id: usize) -> TokenStream {
        let rt = self.rt.clone();
        let name = self.name(id);
        let Some(args) = self.contract_args(id) else { return quote!() };
        if matches!(self.plan.types[id].kind, Kind::IntegerEnum { .. }) {
            // The `Contract` is on `rt::Spelled<T>`, which keeps the text read.
            return quote!(#rt::contract!(spelled #name, #args););
        }
        match self.readers.get(&id) {
            Some(reader) => quote!(#rt::contract!(#name, #args, fast #reader);),
            None => quote!(#rt::contract!(#name, #args);),
        }
    }

    /// `[checks], BASE, "pointer"`: what `contract!` says of type `id`
    /// after its name (`None` for a type places with different schemas share).
    fn contract_args(&mut self, id: usize) -> Option<TokenStream> {
        let nodes = match (self.root_alias, &self.plan.types[id].validation) {
            (Some((root_type, root)), _) if root_type == id => vec![root],
            (_, Validation::Own(nodes)) => nodes.clone(),
            (_, Validation::PerLocation(_)) => return None,
        };
        let checks: Vec<TokenStream> = nodes.iter().map(|n| self.validators.entry(*n)).collect();
        let (base, pointer) = nodes.first().map(|n| self.validators.schema_location(*n)).unwrap_or_default();
        let base = self.base(&base);
        Some(quote!([#(#checks),*], #base, #pointer))
    }

    fn emit_type(&mut self, id: usize) -> TokenStream {
        if self.inline[id] {
            // Written inside the unions that hold it.
            return quote!();
        }
        let t = self.plan.types[id].clone();
        let body = match &t.kind {
            Kind::Struct { fields, extra, extra_field, tag } => self.structure(id, &t, fields, extra, extra_field, tag.as_ref()),
            Kind::StringEnum { values, open, other, described } => self.string_enum(id, &t, values, *open, other, described),
            Kind::IntegerEnum { values } => self.integer_enum(id, &t, values),
            Kind::Newtype => self.newtype(id, &t),
            Kind::Const(value) => self.constant(id, &t, value),
            Kind::Union { variants, tag } => self.union(id, &t, variants, tag.as_deref()),
            Kind::Envelope { fields, extra, extra_field, tag, payload, commands } => self.envelope(id, &t, fields, extra, extra_field, tag, payload, *commands),
            Kind::Commands { commands, unknown, unknown_payload } => {
                return self.commands(id, &t, commands, *unknown, unknown_payload);
            }
            Kind::Alias(target) => {
                let name = self.name(id);
                let docs = doc_attrs(&t.doc, &[]);
                let target = self.ty(id, target);
                return quote!(#docs pub type #name = #target;);
            }
        };
        if self.derived.contains(&id) {
            // `rt::Object` writes its impls, its attributes its contract.
            return body;
        }
        let contract = self.contract(id);
        fold_contract(body, contract)
    }

    /// A struct deriving `rt::Object`: what its impls need beyond the
    /// fields is said in `#[json(…)]` attributes. A struct with a reader gets
    /// its attributes once the readers are written (they say the members'
    /// readers, [`super::deserialize`]): its places are marked here.
    fn structure(&mut self, id: usize, t: &TypeDef, fields: &[Field], extra: &Extra, extra_field: &str, tag: Option<&(String, String)>) -> TokenStream {
        let rt = self.rt.clone();
        let name = self.name(id);
        let docs = doc_attrs(&t.doc, &self.type_notes(t, false));
        let merged = tag.is_none() && self.readers.contains_key(&id);
        let names = Names::best(fields.iter().map(|f| (f.rust.as_str(), f.json.as_str())));
        let mut defs = Vec::new();
        let mut table = ObjectTable::default();
        for f in fields {
            let mut says = Vec::new();
            if names.apply(&f.rust) != f.json {
                let json = &f.json;
                says.push(quote!(name = #json));
            }
            // A required member that may be `null` is an `Option` all the same.
            if f.required && matches!(f.ty, TypeRef::Nullable(_)) {
                says.push(quote!(required));
            }
            if f.sensitive || t.sensitive {
                says.push(quote!(redacted));
            }
            if let Some((_, value)) = self.default_parts(f) {
                says.push(quote!(default = #value));
                let accessor = accessor_name(&f.rust);
                if accessor != f.rust.as_str() {
                    says.push(quote!(accessor = #accessor));
                }
            }
            let attr = if merged { quote!(#[__contracts_member]) } else { json_attr(&says) };
            defs.push(self.documented_field(id, f, attr, quote!(pub)));
            table.members.push(says);
        }
        if let Extra::Keep(xt) = extra {
            let xid = ident(extra_field);
            let xty = self.ty(usize::MAX, xt);
            // `rt::Extra`'s rustdoc says what it holds.
            let marker = merged.then(|| quote!(#[__contracts_member]));
            defs.push(quote!(#marker pub #xid: #rt::Extra<#xty>,));
        }
        let local: Vec<&String> = fields.iter().filter(|f| f.sensitive || t.sensitive).map(|f| &f.json).collect();
        let local = if local.is_empty() {
            quote!()
        } else {
            quote! {
                impl #name {
                    /// Members marked sensitive (`x-sensitivity: local`): they stay on this machine.
                    pub const LOCAL_MEMBERS: &'static [&'static str] = &[#(#local),*];
                }
            }
        };
        table.on_struct.extend(names.says());
        if let Some((k, v)) = tag {
            table.on_struct.push(quote!(tag = #k, tag_value = #v));
        }
        table.contract = self.contract_args(id);
        let attrs = if merged {
            self.objects.insert(id, table);
            let id = proc_macro2::Literal::usize_unsuffixed(id);
            quote!(#[__contracts_object(#id)])
        } else {
            let mut says = table.on_struct;
            if let Some(args) = table.contract {
                says.push(quote!(contract(#args)));
            }
            json_attr(&says)
        };
        self.derived.insert(id);
        quote! {
            #docs
            #[derive(Clone, PartialEq, #rt::Object)]
            #attrs
            pub struct #name { #(#defs)* }
            #local
        }
    }

    /// What the default accessor of optional field `f` returns and the
    /// default it names (`rt::Integer`, `3`; `Mode`, `Mode::Slow`), when the
    /// field's type can hold the schema's `default` as written: an integer,
    /// a boolean, a plain string, a value of a string or integer enum. The
    /// field stays `Option`, so parse → serialize writes only what the
    /// document held; the accessor reads it through `rt::WithDefault`.
    fn default_parts(&self, f: &Field) -> Option<(TokenStream, TokenStream)> {
        let rt = &self.rt;
        if f.required {
            return None;
        }
        Some(match (&f.ty, f.doc.default.as_ref()?) {
            (TypeRef::Integer, serde_json::Value::Number(n)) => {
                let lit = proc_macro2::Literal::i64_unsuffixed(n.as_i64()?);
                (quote!(#rt::Integer), quote!(#lit))
            }
            (TypeRef::Bool, serde_json::Value::Bool(b)) => (quote!(bool), quote!(#b)),
            (TypeRef::String, serde_json::Value::String(text)) => (quote!(&str), quote!(#text)),
            (TypeRef::Named(id), default) => {
                let variant = match (&self.plan.types[*id].kind, default) {
                    (Kind::IntegerEnum { values }, serde_json::Value::Number(n)) => &values.iter().find(|(_, v)| Some(*v) == n.as_i64())?.0,
                    (Kind::StringEnum { values, .. }, serde_json::Value::String(text)) => &values.iter().find(|(_, j)| j == text)?.0,
                    _ => return None,
                };
                let (ty, variant) = (ident(&self.plan.types[*id].name), ident(variant));
                (quote!(#ty), quote!(#ty::#variant))
            }
            _ => return None,
        })
    }

    /// The same accessors for the fields of a union's struct variants: `Some`
    /// of the value or the default on the variants that have the field,
    /// `None` on the others (`fn max_bytes(&self) -> Option<Integer>`; no
    /// `Option` when all `all` variants have it). A name whose fields differ
    /// in type or default across variants gets none.
    fn variant_default_accessors(&self, name: &Ident, variants: &[(Ident, Vec<Field>)], all: usize) -> TokenStream {
        let rt = &self.rt;
        /// One accessor: the field, what it returns, its default, and the variants that have it.
        struct Accessor<'a> {
            field: &'a Field,
            ret: TokenStream,
            default: TokenStream,
            vids: Vec<&'a Ident>,
        }
        let same = |a: &TokenStream, b: &TokenStream| a.to_string() == b.to_string();
        let mut by_name: Vec<Accessor> = Vec::new();
        let mut clash: Vec<&str> = Vec::new();
        for (vid, fields) in variants {
            for f in fields {
                let Some((ret, default)) = self.default_parts(f) else { continue };
                match by_name.iter_mut().find(|e| e.field.rust == f.rust) {
                    Some(e) if same(&e.ret, &ret) && same(&e.default, &default) => e.vids.push(vid),
                    Some(_) => clash.push(&f.rust),
                    None => by_name.push(Accessor { field: f, ret, default, vids: vec![vid] }),
                }
            }
        }
        let mut fns = Vec::new();
        for Accessor { field, ret, default, vids } in by_name.iter().filter(|e| !clash.contains(&e.field.rust.as_str())) {
            // A variant without the field may hold one of that name with no default.
            let without_default = variants.iter().any(|(vid, fields)| !vids.contains(&vid) && fields.iter().any(|f| f.rust == field.rust));
            if without_default {
                continue;
            }
            let (fid, method) = (ident(&field.rust), accessor_name(&field.rust));
            // The sentence `object!` writes for a struct's accessor.
            let shown = default.to_string().replace(" :: ", "::");
            let doc = format!(" `{}`, or the schema's default `{shown}` when it is absent.", field.json.replace('`', "'"));
            let pats = vids.iter().map(|vid| quote!(Self::#vid { #fid, .. }));
            let body = quote!(#rt::WithDefault::with_default(#fid, #default));
            fns.push(if vids.len() == all {
                quote! {
                    #[doc = #doc]
                    pub fn #method(&self) -> #ret {
                        match self { #(#pats)|* => #body }
                    }
                }
            } else {
                let listed: Vec<String> = vids.iter().map(|v| format!("`{v}`")).collect();
                let doc = format!("{doc} `None` for variants other than {}.", listed.join(", "));
                quote! {
                    #[doc = #doc]
                    pub fn #method(&self) -> ::std::option::Option<#ret> {
                        match self { #(#pats)|* => ::std::option::Option::Some(#body), _ => ::std::option::Option::None }
                    }
                }
            });
        }
        if fns.is_empty() {
            return quote!();
        }
        quote!(impl #name { #(#fns)* })
    }

    fn string_enum(&mut self, id: usize, t: &TypeDef, values: &[(String, String)], open: bool, other: &str, described: &[(String, String)]) -> TokenStream {
        let rt = self.rt.clone();
        let name = self.name(id);
        let mut notes = self.shared_notes(t);
        let variants: Vec<Ident> = values.iter().map(|(r, _)| ident(r)).collect();
        let jsons: Vec<&String> = values.iter().map(|(_, j)| j).collect();
        // The JSON spellings: on the variants when few or described one by
        // one by the schema, else in one line on the enum (a line per
        // variant would say no more).
        let vdocs: Vec<TokenStream> = if described.is_empty() && jsons.len() > SPELLED_PER_VARIANT_UP_TO {
            notes.push(spellings(jsons.iter().map(|j| value_span(j))));
            vec![TokenStream::new(); jsons.len()]
        } else {
            jsons.iter().map(|j| value_doc(j, described.iter().find(|(v, _)| v == *j).map(|(_, d)| d.as_str()))).collect()
        };
        let docs = doc_attrs(&t.doc, &notes);
        if open {
            let other = ident(other);
            quote! {
                #docs
                #[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
                pub enum #name {
                    #(#vdocs #variants,)*
                    /// A value outside the known set (the schema allows others), kept verbatim.
                    #other(::std::string::String),
                }
                #rt::string_enum!(#name { #(#variants = #jsons),* } open #other);
            }
        } else {
            quote! {
                #docs
                #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
                pub enum #name { #(#vdocs #variants,)* }
                #rt::string_enum!(#name { #(#variants = #jsons),* });
            }
        }
    }

    fn integer_enum(&mut self, id: usize, t: &TypeDef, values: &[(String, i64)]) -> TokenStream {
        let rt = self.rt.clone();
        let name = self.name(id);
        let mut notes = self.shared_notes(t);
        let per_variant = values.len() <= SPELLED_PER_VARIANT_UP_TO;
        if !per_variant {
            notes.push(spellings(values.iter().map(|(_, v)| format!("`{v}`"))));
        }
        let example = values.first().map_or(0, |(_, v)| *v);
        notes.push(format!(
            "Places hold it as `rt::Spelled<{name}>`, which derefs to it (`match *x {{ {name}::… }}`) and keeps a value the document \
             wrote otherwise than plain decimal (`{example}.0`, `{example}e0`) as written; a value built in code is written plainly."
        ));
        let docs = doc_attrs(&t.doc, &notes);
        let variants: Vec<Ident> = values.iter().map(|(r, _)| ident(r)).collect();
        let numbers: Vec<proc_macro2::Literal> = values.iter().map(|(_, v)| proc_macro2::Literal::i64_unsuffixed(*v)).collect();
        let vdocs: Vec<TokenStream> = values.iter().map(|(_, v)| if per_variant { value_doc(&v.to_string(), None) } else { TokenStream::new() }).collect();
        quote! {
            #docs
            #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
            pub enum #name { #(#vdocs #variants,)* }
            #rt::integer_enum!(#name { #(#variants = #numbers),* });
        }
    }

    fn newtype(&mut self, id: usize, t: &TypeDef) -> TokenStream {
        let rt = self.rt.clone();
        let name = self.name(id);
        let docs = doc_attrs(&t.doc, &self.type_notes(t, false));
        let redact = t.sensitive;
        let date_time = if t.format.as_deref() == Some("date-time") { quote!(#rt::date_time_accessor!(#name);) } else { quote!() };
        quote! {
            #docs
            #[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
            pub struct #name(::std::string::String);
            #date_time
            #rt::string_newtype!(#name, redacted = #redact);
        }
    }

    fn constant(&mut self, id: usize, t: &TypeDef, value: &str) -> TokenStream {
        let rt = self.rt.clone();
        let name = self.name(id);
        let docs = doc_attrs(&t.doc, &[vec![format!("Always `{value}`.")], self.shared_notes(t)].concat());
        quote! {
            #docs
            #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
            pub struct #name;
            #rt::const_string!(#name = #value);
        }
    }

    fn union(&mut self, id: usize, t: &TypeDef, variants: &[Variant], tag: Option<&str>) -> TokenStream {
        let rt = self.rt.clone();
        let name = self.name(id);
        let docs = doc_attrs(&t.doc, &self.shared_notes(t));
        let mut defs = Vec::new();
        // Each variant as `union!` and `union_serialize!` list it: `V(_)`,
        // `V` (null) or `V { … } extra x` (a struct variant).
        let mut entries = Vec::new();
        let mut plain = true;
        let mut inline_fields: Vec<(Ident, Vec<Field>)> = Vec::new();
        for v in variants {
            let vid = ident(&v.name);
            let vdocs = doc_attrs(&DocText { source: String::new(), ..v.doc.clone() }, &[]);
            if v.ty == TypeRef::Null {
                defs.push(quote!(#vdocs #vid,));
                entries.push(quote!(#vid));
            } else if let (TypeRef::Named(sid), true) = (&v.ty, self.inlined(&v.ty)) {
                let tagged = match (&v.select, tag) {
                    (Select::Tag(value), Some(tag)) => Some((tag, value.as_str())),
                    _ => None,
                };
                let (def, entry) = self.struct_variant(*sid, &v.name, &v.doc, tagged);
                if let Kind::Struct { fields, .. } = &self.plan.types[*sid].kind {
                    inline_fields.push((vid.clone(), fields.clone()));
                }
                defs.push(def);
                entries.push(entry);
                plain = false;
            } else {
                let vty = self.ty(id, &v.ty);
                defs.push(quote!(#vdocs #vid(#vty),));
                entries.push(quote!(#vid(_)));
            }
        }
        let defaults = self.variant_default_accessors(&name, &inline_fields, variants.len());
        // Clippy warns when one variant is 200 bytes larger than the next;
        // boxing would cost an allocation per value, so say it is meant,
        // where the estimate (an upper bound) leaves any doubt.
        let largest = variants.iter().map(|v| self.sizes.of(&v.ty)).max().unwrap_or(0);
        let allow = (largest > NO_LARGE_VARIANT_UP_TO).then(|| quote!(#[allow(clippy::large_enum_variant)]));
        // A generic union: each place names what its varying variant holds.
        let params = variants.iter().any(|v| holds_param(&v.ty)).then(|| quote!(<T>));
        let definition = quote! {
            #docs
            #[derive(Clone, Debug, PartialEq)]
            #allow
            pub enum #name #params { #(#defs)* }
        };
        // The value was validated before: a tag or a JSON type that tells
        // the branch is enough; other unions run each branch's validator.
        let by_type: Option<Vec<u8>> = variants.iter().map(|v| v.select.json_types()).collect();
        let picks: Option<Vec<TokenStream>> = match (tag, by_type) {
            // Told apart by JSON type alone: one line says it all. (Struct
            // variants come only where a tag or a validator picks the
            // variant, so every variant is a plain one.)
            (None, Some(masks)) if plain => {
                let arms = entries.iter().zip(&masks).map(|(entry, mask)| {
                    let kinds = json_kind_names(*mask);
                    quote!(#entry: #(#kinds)|*)
                });
                return quote! {
                    #definition
                    #rt::union_by_type!(#name #params { #(#arms),* });
                };
            }
            (Some(_), _) => variants
                .iter()
                .map(|v| match &v.select {
                    Select::Tag(value) => Some(quote!(#value)),
                    _ => None,
                })
                .collect(),
            (None, _) => variants
                .iter()
                .map(|v| {
                    let Select::Branch { nodes, .. } = &v.select else { return None };
                    // A branch is picked by its validators' verdict alone:
                    // where they sit in the schema only words errors.
                    let checks = nodes.iter().map(|n| self.validators.entry(*n));
                    Some(quote!([#(#checks);*]))
                })
                .collect(),
        };
        // Every variant is picked by its tag's value or its branch's
        // validators (the plan makes no other unions); should that ever
        // break, the user's build says so rather than this one panicking.
        let Some(picks) = picks else {
            let message = format!("contracts-codegen: union `{name}` mixes variants told apart in different ways; please report this schema");
            return quote!(#definition ::std::compile_error!(#message););
        };
        let tag = tag.map(|tag| quote!(tag #tag));
        quote! {
            #definition
            #defaults
            #rt::union!(#name #tag { #(#picks => #entries),* });
        }
    }

    /// Struct `sid` written as variant `name` of a union, told apart by
    /// member `tag` (this variant's is `value`) when `tagged` says so, else
    /// by its branch's validator: the variant's definition, and its entry
    /// in `union!` (`V { … } extra x`).
    fn struct_variant(&mut self, sid: usize, name: &str, doc: &DocText, tagged: Option<(&str, &str)>) -> (TokenStream, TokenStream) {
        let rt = self.rt.clone();
        let st = self.plan.types[sid].clone();
        let Kind::Struct { fields, extra, extra_field, .. } = &st.kind else { return (quote!(), quote!()) };
        let vid = ident(name);
        let mut notes: Vec<String> = tagged.iter().map(|(tag, value)| format!("{} is {}.", value_span(tag), value_span(value))).collect();
        notes.extend(self.type_notes(&st, false));
        let vdocs = doc_attrs(&DocText { source: String::new(), ..doc.clone() }, &notes);
        let mut defs: Vec<TokenStream> = fields.iter().map(|f| self.variant_field_def(sid, f)).collect();
        let specs: Vec<TokenStream> = fields
            .iter()
            .map(|f| {
                let (fid, json) = (ident(&f.rust), &f.json);
                // `optional` is the default, left unsaid.
                let req = f.required.then(|| quote!(, required));
                quote!(#fid = #json #req;)
            })
            .collect();
        let tail = match extra {
            Extra::Keep(xt) => {
                let xid = ident(extra_field);
                let xty = self.ty(usize::MAX, xt);
                defs.push(quote!(#xid: #rt::Extra<#xty>,));
                quote!(extra #xid)
            }
            Extra::Deny => quote!(deny),
        };
        (quote!(#vdocs #vid { #(#defs)* },), quote!(#vid { #(#specs)* } #tail))
    }

    #[allow(clippy::too_many_arguments)]
    fn envelope(
        &mut self,
        id: usize,
        t: &TypeDef,
        fields: &[Field],
        extra: &Extra,
        extra_field: &str,
        tag: &str,
        payload: &str,
        commands: usize,
    ) -> TokenStream {
        let rt = self.rt.clone();
        let name = self.name(id);
        let cmd_ty = self.name(commands);
        let cmd_field = ident(&crate::ident::field_name(&self.plan.types[commands].name));
        let docs = doc_attrs(&t.doc, &[]);
        let own: Vec<Field> = fields.iter().filter(|f| f.json != tag && f.json != payload).cloned().collect();
        let mut defs = Vec::new();
        let mut debug = Vec::new();
        for f in &own {
            let fid = ident(&f.rust);
            defs.push(self.field_def(id, f));
            let json = &f.json;
            if f.sensitive {
                debug.push(quote!(.field(#json, &#rt::Redacted)));
            } else {
                debug.push(quote!(.field(#json, &self.#fid)));
            }
        }
        let cmd_doc = format!("The command: `{tag}` names it and `{payload}` carries its data.");
        defs.push(quote!(#[doc = #cmd_doc] pub #cmd_field: #cmd_ty,));
        debug.push(quote!(.field(::std::stringify!(#cmd_field), &self.#cmd_field)));
        let xid = ident(extra_field);
        if let Extra::Keep(xt) = extra {
            let xty = self.ty(usize::MAX, xt);
            defs.push(quote!(pub #xid: #rt::Extra<#xty>,));
            debug.push(quote!(.field("..", &self.#xid)));
        }
        // Conversion: the tag and payload members are collected, then the command built.
        let mut decls = vec![
            quote!(let mut tag: ::std::option::Option<::std::string::String> = ::std::option::Option::None;),
            quote!(let mut payload: ::std::option::Option<#rt::Value> = ::std::option::Option::None;),
        ];
        let mut arms =
            vec![quote!(#tag => tag = ::std::option::Option::Some(#rt::member(#tag, x)?),), quote!(#payload => payload = ::std::option::Option::Some(x),)];
        let mut inits = Vec::new();
        for f in &own {
            let var = Ident::new(&format!("f_{}", f.rust), Span::call_site());
            let fid = ident(&f.rust);
            let json = &f.json;
            decls.push(quote!(let mut #var = ::std::option::Option::None;));
            arms.push(quote!(#json => #var = ::std::option::Option::Some(#rt::member(#json, x)?),));
            if f.required {
                inits.push(quote!(#fid: #var.ok_or_else(|| #rt::missing(#json))?,));
            } else {
                inits.push(quote!(#fid: #var,));
            }
        }
        inits.push(quote! {
            #cmd_field: #cmd_ty::from_parts(
                tag.ok_or_else(|| #rt::missing(#tag))?,
                payload.ok_or_else(|| #rt::missing(#payload))?,
            ).map_err(|e| e.within(#payload))?,
        });
        let fallback = match extra {
            Extra::Keep(_) => {
                decls.push(quote!(let mut rest = #rt::Extra::new();));
                inits.push(quote!(#xid: rest,));
                quote!(_ => { let x = #rt::member(&k, x)?; rest.insert(k, x); })
            }
            Extra::Deny => quote!(_ => return ::std::result::Result::Err(#rt::Mismatch::new(::std::format!("no member `{k}`")))),
        };
        // Serialisation in schema order, tag and payload at their places.
        let mut writes = Vec::new();
        for f in fields {
            let json = &f.json;
            if f.json == tag {
                writes.push(quote!(m.serialize_entry(#json, self.#cmd_field.type_name())?;));
            } else if f.json == payload {
                writes.push(quote!(self.#cmd_field.write_payload(#json, m)?;));
            } else {
                let fid = ident(&f.rust);
                if f.required {
                    writes.push(quote!(m.serialize_entry(#json, &self.#fid)?;));
                } else {
                    writes.push(quote!(if let ::std::option::Option::Some(x) = &self.#fid { m.serialize_entry(#json, x)?; }));
                }
            }
        }
        if matches!(extra, Extra::Keep(_)) {
            writes.push(quote!(for (k, x) in &self.#xid { m.serialize_entry(k, x)?; }));
        }
        let name_str = name.to_string();
        quote! {
            #docs
            #[derive(Clone, PartialEq)]
            pub struct #name { #(#defs)* }

            impl ::std::fmt::Debug for #name {
                fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                    f.debug_struct(#name_str) #(#debug)* .finish()
                }
            }

            impl #rt::FromValue for #name {
                fn from_value(v: #rt::Value) -> ::std::result::Result<Self, #rt::Mismatch> {
                    let #rt::Value::Object(m) = v else {
                        return ::std::result::Result::Err(#rt::Mismatch::new("an object"));
                    };
                    #(#decls)*
                    for (k, x) in m {
                        match k.as_str() {
                            #(#arms)*
                            #fallback
                        }
                    }
                    ::std::result::Result::Ok(Self { #(#inits)* })
                }
            }

            impl #rt::ObjectFields for #name {
                fn write_fields<M: #rt::__private::serde::ser::SerializeMap>(&self, m: &mut M) -> ::std::result::Result<(), M::Error> {
                    #(#writes)*
                    ::std::result::Result::Ok(())
                }
            }

            impl #rt::__private::serde::Serialize for #name {
                fn serialize<S: #rt::__private::serde::Serializer>(&self, s: S) -> ::std::result::Result<S::Ok, S::Error> {
                    #rt::ObjectFields::serialize_object(self, s)
                }
            }
        }
    }

    fn commands(&mut self, id: usize, t: &TypeDef, commands: &[Command], unknown: bool, unknown_payload: &TypeRef) -> TokenStream {
        let rt = self.rt.clone();
        let name = self.name(id);
        let docs = doc_attrs(&t.doc, &["One command, chosen by its type name.".to_owned()]);
        let mut defs = Vec::new();
        let mut tags = Vec::new();
        let mut builds = Vec::new();
        let mut payload_writes = Vec::new();
        for c in commands {
            let vid = ident(&c.name);
            let pty = self.ty(id, &c.payload);
            let cdoc = doc_attrs(&DocText { source: String::new(), ..c.doc.clone() }, &[format!("Type name `{}`.", c.tag)]);
            defs.push(quote!(#cdoc #vid(#pty),));
            let tag = &c.tag;
            tags.push(quote!(Self::#vid(_) => #tag,));
            builds.push(quote!(#tag => Self::#vid(#rt::FromValue::from_value(payload)?),));
            payload_writes.push(quote!(Self::#vid(p) => m.serialize_entry(key, p),));
        }
        let uty = self.ty(id, unknown_payload);
        let (udef, utag, ubuild, uwrite, known) = if unknown {
            (
                quote! {
                    /// A type this version does not know (added by a later minor version):
                    /// kept verbatim, so a reader can ignore it and a relay can pass it on.
                    Unknown {
                        /// The type name as received.
                        type_name: ::std::string::String,
                        /// The payload as received.
                        payload: #uty,
                    },
                },
                quote!(Self::Unknown { type_name, .. } => type_name,),
                quote!(_ => Self::Unknown { payload: #rt::FromValue::from_value(payload)?, type_name },),
                quote!(Self::Unknown { payload, .. } => m.serialize_entry(key, payload),),
                quote!(!::std::matches!(self, Self::Unknown { .. })),
            )
        } else {
            (quote!(), quote!(), quote!(_ => return ::std::result::Result::Err(#rt::Mismatch::new("a known type name")),), quote!(), quote!(true))
        };
        quote! {
            #docs
            #[derive(Clone, Debug, PartialEq)]
            #[allow(clippy::large_enum_variant)] // big payloads are boxed by an estimate (`BOX_PAYLOADS_ABOVE`), which clippy may read differently
            pub enum #name {
                #(#defs)*
                #udef
            }

            impl #name {
                /// The type name, as it appears in JSON.
                pub fn type_name(&self) -> &str {
                    match self {
                        #(#tags)*
                        #utag
                    }
                }

                /// Whether this version of the schema knows the type.
                pub fn is_known(&self) -> bool {
                    #known
                }

                /// Builds the command from its type name and (validated) payload.
                pub fn from_parts(type_name: ::std::string::String, payload: #rt::Value) -> ::std::result::Result<Self, #rt::Mismatch> {
                    ::std::result::Result::Ok(match type_name.as_str() {
                        #(#builds)*
                        #ubuild
                    })
                }

                fn write_payload<M: #rt::__private::serde::ser::SerializeMap>(&self, key: &str, m: &mut M) -> ::std::result::Result<(), M::Error> {
                    match self {
                        #(#payload_writes)*
                        #uwrite
                    }
                }
            }
        }
    }
}

/// Extra rustdoc lines for a field.
fn field_notes(f: &Field) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(d) = &f.doc.default {
        out.push(format!("Default when absent: `{d}`."));
    }
    if f.sensitive {
        out.push("Sensitive (`local`): redacted from `Debug`, never repeated in error messages.".to_owned());
    }
    out
}

/// Type pairs (container, contained) that form a cycle of direct
/// containment and so need a `Box`.
pub(crate) fn cycles(plan: &ModulePlan) -> HashSet<(usize, usize)> {
    let n = plan.types.len();
    let direct: Vec<Vec<usize>> = plan
        .types
        .iter()
        .map(|t| {
            let mut out = Vec::new();
            for r in kind_refs(&t.kind) {
                direct_named(&r, &mut out);
            }
            out
        })
        .collect();
    let reaches = |from: usize, to: usize| -> bool {
        let mut seen = vec![false; n];
        let mut stack = vec![from];
        while let Some(x) = stack.pop() {
            if x == to {
                return true;
            }
            if std::mem::replace(&mut seen[x], true) {
                continue;
            }
            stack.extend(direct[x].iter().copied());
        }
        false
    };
    let mut out = HashSet::new();
    for (a, targets) in direct.iter().enumerate() {
        for &b in targets {
            if reaches(b, a) {
                out.insert((a, b));
            }
        }
    }
    out
}

/// A command payload larger than this (in bytes, as [`Sizes`]
/// estimates it) is boxed: an enum is as large as its largest variant, so
/// one big payload would make every envelope that large (the commands
/// seed's `start` payload is 536 bytes, the others at most 88). Boxing costs
/// one allocation for the big commands only.
const BOX_PAYLOADS_ABOVE: usize = 128;

/// Type pairs (container, contained) whose contained type is behind a
/// `Box`: the pairs that close a cycle of direct containment, and a
/// commands enum's payloads larger than [`BOX_PAYLOADS_ABOVE`].
pub(crate) fn boxed_pairs(plan: &ModulePlan) -> HashSet<(usize, usize)> {
    let mut out = cycles(plan);
    let mut sizes = Sizes::new(plan);
    for (id, t) in plan.types.iter().enumerate() {
        let Kind::Commands { commands, .. } = &t.kind else { continue };
        for c in commands {
            if let TypeRef::Named(p) = c.payload {
                if boxes_payload(&c.payload, sizes.of(&c.payload)) {
                    out.insert((id, p));
                }
            }
        }
    }
    out
}

/// Whether a command payload of `bytes` inline is boxed.
fn boxes_payload(payload: &TypeRef, bytes: usize) -> bool {
    matches!(payload, TypeRef::Named(_)) && bytes > BOX_PAYLOADS_ABOVE
}

/// Unions whose variants are all at most this large (by [`Sizes`]) cannot
/// draw clippy's `large_enum_variant` (a variant 200 bytes larger than the
/// next); the margin covers the estimate's slack.
const NO_LARGE_VARIANT_UP_TO: usize = 128;

/// A value enum with at most this many variants says each one's JSON on
/// the variant; a longer one says them all in one line of the enum's doc.
const SPELLED_PER_VARIANT_UP_TO: usize = 2;

/// About how many bytes a value of a planned type takes inline (`size_of`,
/// on a 64-bit target, with the runtime's `Value` and `Number`): close
/// enough to decide what to box, not a layout guarantee. Each named type is
/// sized once (a plan may share a type from many places); one met again
/// inside itself is behind a pointer.
struct Sizes<'p> {
    plan: &'p ModulePlan,
    known: Vec<Option<usize>>,
    open: Vec<bool>,
}

impl<'p> Sizes<'p> {
    const WORD: usize = 8;

    fn new(plan: &'p ModulePlan) -> Self {
        Sizes { plan, known: vec![None; plan.types.len()], open: vec![false; plan.types.len()] }
    }

    fn words(bytes: usize) -> usize {
        bytes.div_ceil(Self::WORD) * Self::WORD
    }

    /// A pointer-holding type has a niche for `None`; a small one takes a tag.
    fn nullable(bytes: usize) -> usize {
        if bytes >= Self::WORD {
            bytes
        } else {
            bytes + 1
        }
    }

    fn of(&mut self, t: &TypeRef) -> usize {
        const WORD: usize = Sizes::WORD;
        match t {
            // `Value` is 72 bytes with `preserve_order`; `String`, `Vec` and
            // the arbitrary-precision `Number` (a string) are 3 words.
            TypeRef::Value | TypeRef::Map(..) => 72,
            TypeRef::String | TypeRef::Integer | TypeRef::Number | TypeRef::Vec(_) => 3 * WORD,
            TypeRef::Bool => 1,
            TypeRef::Null => 0,
            TypeRef::Nullable(x) => Self::nullable(self.of(x)),
            TypeRef::Tuple(items) => items.iter().map(|x| Self::words(self.of(x))).sum(),
            // A generic union given its parameter: as the union holding it.
            TypeRef::Apply(id, arg) => match &self.plan.types[*id].kind {
                Kind::Union { variants, .. } => WORD + variants.iter().map(|v| Self::words(self.of(&instantiate(&v.ty, arg)))).max().unwrap_or(0),
                _ => WORD,
            },
            // Unknown until a place names it; a place's size is reckoned with its own.
            TypeRef::Param => WORD,
            TypeRef::Named(id) => {
                if let Some(n) = self.known[*id] {
                    return n;
                }
                if self.open[*id] {
                    return WORD;
                }
                self.open[*id] = true;
                let n = self.named(*id);
                self.open[*id] = false;
                self.known[*id] = Some(n);
                n
            }
        }
    }

    fn named(&mut self, id: usize) -> usize {
        const WORD: usize = Sizes::WORD;
        let plan = self.plan;
        match &plan.types[id].kind {
            Kind::Struct { fields, extra, .. } | Kind::Envelope { fields, extra, .. } => {
                let mut n = if matches!(extra, Extra::Keep(_)) { WORD } else { 0 };
                for f in fields {
                    let field = self.of(&f.ty);
                    n += Self::words(if f.required { field } else { Self::nullable(field) });
                }
                if let Kind::Envelope { commands, .. } = &plan.types[id].kind {
                    n += self.of(&TypeRef::Named(*commands));
                }
                n
            }
            Kind::StringEnum { open: others_allowed, .. } => {
                if *others_allowed {
                    3 * WORD
                } else {
                    1
                }
            }
            Kind::IntegerEnum { .. } => 4 * WORD,
            Kind::Newtype => 3 * WORD,
            Kind::Const(_) => 0,
            Kind::Union { variants, .. } => WORD + variants.iter().map(|v| Self::words(self.of(&v.ty))).max().unwrap_or(0),
            Kind::Commands { commands, unknown, unknown_payload } => {
                let mut largest = if *unknown { 3 * WORD + Self::words(self.of(unknown_payload)) } else { 0 };
                for c in commands {
                    let n = self.of(&c.payload);
                    largest = largest.max(if boxes_payload(&c.payload, n) { WORD } else { Self::words(n) });
                }
                WORD + largest
            }
            Kind::Alias(x) => self.of(x),
        }
    }
}

/// Named types held directly (not behind a `Vec` or a map).
fn direct_named(t: &TypeRef, out: &mut Vec<usize>) {
    match t {
        TypeRef::Named(id) => out.push(*id),
        TypeRef::Apply(id, x) => {
            out.push(*id);
            direct_named(x, out);
        }
        TypeRef::Nullable(x) => direct_named(x, out),
        TypeRef::Tuple(items) => items.iter().for_each(|x| direct_named(x, out)),
        _ => {}
    }
}

/// The Rust type `t` stands for inside type `owner`: named types behind a
/// `Box` where `boxed` says the pair closes a cycle. Shared by the type
/// emitter and the one-pass readers, which must name the same types.
pub(crate) fn rust_type(plan: &ModulePlan, boxed: &HashSet<(usize, usize)>, rt: &TokenStream, owner: usize, t: &TypeRef) -> TokenStream {
    let ty = |owner, t| rust_type(plan, boxed, rt, owner, t);
    match t {
        TypeRef::Value => quote!(#rt::Value),
        TypeRef::String => quote!(::std::string::String),
        TypeRef::Bool => quote!(bool),
        TypeRef::Integer => quote!(#rt::Integer),
        TypeRef::Number => quote!(#rt::Number),
        TypeRef::Null => quote!(()),
        TypeRef::Param => quote!(T),
        TypeRef::Apply(id, arg) => {
            let n = ident(&plan.types[*id].name);
            let arg = ty(owner, arg);
            quote!(#n<#arg>)
        }
        TypeRef::Named(id) => {
            let n = ident(&plan.types[*id].name);
            if matches!(plan.types[*id].kind, Kind::IntegerEnum { .. }) {
                // Keeps the text read (`5.12e2`) beside the value.
                quote!(#rt::Spelled<#n>)
            } else if boxed.contains(&(owner, *id)) {
                quote!(::std::boxed::Box<#n>)
            } else {
                quote!(#n)
            }
        }
        TypeRef::Nullable(x) => {
            let inner = ty(owner, x);
            quote!(::std::option::Option<#inner>)
        }
        TypeRef::Tuple(items) => {
            // Held inline, as an `Option` is: a cycle through it is boxed inside.
            let items = items.iter().map(|x| ty(owner, x));
            quote!((#(#items,)*))
        }
        TypeRef::Vec(x) => {
            // A Vec already breaks cycles: no Box inside.
            let inner = ty(usize::MAX, x);
            quote!(::std::vec::Vec<#inner>)
        }
        TypeRef::Map(k, v) => {
            let (k, v) = (ty(usize::MAX, k), ty(usize::MAX, v));
            quote!(#rt::Map<#k, #v>)
        }
    }
}

/// The `Value` patterns of the JSON types in `mask` (integers are numbers).
/// The JSON types in `mask`, as `rt::union_by_type!` names them.
fn json_kind_names(mask: u8) -> Vec<Ident> {
    use crate::ir::TypeSet;
    let kinds = [
        (TypeSet::NULL, "null"),
        (TypeSet::BOOLEAN, "bool"),
        (TypeSet::INTEGER | TypeSet::NUMBER, "number"),
        (TypeSet::STRING, "string"),
        (TypeSet::ARRAY, "array"),
        (TypeSet::OBJECT, "object"),
    ];
    kinds.into_iter().filter(|(bits, _)| mask & bits != 0).map(|(_, k)| Ident::new(k, Span::call_site())).collect()
}

/// The type macros that take a `contract ARGS` tail.
const FOLDS_CONTRACT: &[&str] = &["object", "union", "union_by_type", "union_serialize", "string_enum", "string_newtype", "const_string"];

/// `body` with `contract` (`rt::contract!(Name, ARGS);`) folded into its
/// last item when that is one of the [`FOLDS_CONTRACT`] macros
/// (`… contract ARGS`), which then writes the contract too: one macro
/// line instead of two that repeat the name. Else the two side by side.
fn fold_contract(body: TokenStream, contract: TokenStream) -> TokenStream {
    use proc_macro2::{Delimiter, Group, TokenTree};
    let mut trees: Vec<TokenTree> = body.clone().into_iter().collect();
    let args: Option<Vec<TokenTree>> = match contract.clone().into_iter().collect::<Vec<_>>().as_slice() {
        [.., TokenTree::Group(g), TokenTree::Punct(semi)] if semi.as_char() == ';' => {
            // `Name , ARGS`: the name and the comma dropped.
            let inner: Vec<TokenTree> = g.stream().into_iter().collect();
            (inner.len() > 2).then(|| inner[2..].to_vec())
        }
        _ => None,
    };
    let n = trees.len();
    let folds = n >= 4
        && matches!(&trees[n - 4], TokenTree::Ident(m) if FOLDS_CONTRACT.iter().any(|f| m == f))
        && matches!(&trees[n - 3], TokenTree::Punct(p) if p.as_char() == '!')
        && matches!(&trees[n - 2], TokenTree::Group(g) if g.delimiter() == Delimiter::Parenthesis)
        && matches!(&trees[n - 1], TokenTree::Punct(p) if p.as_char() == ';');
    match (args, folds) {
        (Some(args), true) => {
            let TokenTree::Group(g) = &trees[n - 2] else { return quote!(#body #contract) };
            let mut stream = g.stream();
            stream.extend(quote!(contract));
            stream.extend(args);
            let mut folded = Group::new(Delimiter::Parenthesis, stream);
            folded.set_span(g.span());
            trees[n - 2] = TokenTree::Group(folded);
            trees.into_iter().collect()
        }
        _ => quote!(#body #contract),
    }
}

/// An accessor's name: the field's, unless that would shadow a trait
/// method (`validate`, `clone`, …), then `FIELD_or_default`.
fn accessor_name(field: &str) -> Ident {
    const TRAIT_METHODS: &[&str] = &[
        "validate",
        "to_json_value",
        "local_pointers",
        "to_relay_value",
        "clone",
        "eq",
        "ne",
        "fmt",
        "serialize",
        "write_fields",
        "serialize_object",
        "to_owned",
        "to_string",
        "into",
    ];
    if TRAIT_METHODS.contains(&field) {
        ident(&format!("{field}_or_default"))
    } else {
        ident(field)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_contract_folds_into_the_type_macro_before_it() {
        let contract = quote!(rt::contract!(Bugs, [validators::v2], BASE0, "/properties/bugs", fast fast::read_3););
        let body = quote!(pub struct Bugs { pub url: Option<String> } rt::object!(Bugs { url = "url"; } extra extra););
        let folded = fold_contract(body, contract.clone()).to_string();
        let expected = quote!(pub struct Bugs { pub url: Option<String> } rt::object!(Bugs { url = "url"; } extra extra contract [validators::v2], BASE0, "/properties/bugs", fast fast::read_3););
        assert_eq!(folded, expected.to_string());
        // Any other last item: side by side.
        let body = quote!(pub struct Url(String); rt::date_time_accessor!(Url););
        assert_eq!(fold_contract(body.clone(), contract.clone()).to_string(), quote!(#body #contract).to_string());
    }
}
