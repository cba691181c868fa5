//! Emits the one-pass readers (the fast path of `from_json_slice`): for each
//! struct and envelope whose schemas a reader can check member by member, a
//! serde visitor that checks every member's keywords as its value is read
//! and stores it in its field directly.
//!
//! The rule every reader keeps: it may refuse a document the validators
//! accept (the full path then runs), never accept one they refuse. So the
//! generator decides per schema node: keywords it checks itself (type,
//! const, enum, lengths, pattern, format, items, bounds on lists, required,
//! additionalProperties) are checked as the value streams by; a node with
//! anything else (anyOf, not, if, unevaluated*, patternProperties, …) is read
//! as a `Value` and checked by its validator functions, exactly as the full
//! path does. Numbers, booleans and `null` are always checked by the
//! validator functions (on a `Value` built on the stack: no allocation).

use super::object_attrs::{json_attr, ObjectAttrs};
use super::shared_bodies;
use super::validate::Validators;
use crate::check::{self, Check, Program, Subject};
use crate::ir::{Body, Ir, Keywords, NodeId, TypeSet};
use crate::keywords::{array_bounds, format, object_bounds, pattern, types, values};
use crate::plan::{holds_param, instantiate, Extra, Field, Kind, ModulePlan, TypeRef};
use proc_macro2::{Ident, Span, TokenStream, TokenTree};
use quote::{format_ident, quote};
use serde_json::Value;
use std::collections::{HashMap, HashSet};

/// The JSON types a keyword constrains (`ANY`: every type).
const ANY: u8 = 0;

/// Every validation keyword present in `k`, with the instance types it
/// applies to. `$ref` and `allOf` are left out: [`Ir::expand`] brings their
/// subschemas into the conjunction a reader checks.
fn keywords(k: &Keywords) -> Vec<(&'static str, u8)> {
    let (s, n, a, o) = (TypeSet::STRING, TypeSet::NUMBER | TypeSet::INTEGER, TypeSet::ARRAY, TypeSet::OBJECT);
    let mut out = Vec::new();
    let mut add = |present: bool, name: &'static str, applies: u8| {
        if present {
            out.push((name, applies));
        }
    };
    add(k.dynamic_reference.is_some(), "$dynamicRef", ANY);
    add(!k.any_of.is_empty(), "anyOf", ANY);
    add(!k.one_of.is_empty(), "oneOf", ANY);
    add(k.not.is_some(), "not", ANY);
    add(k.if_.is_some() || k.then_.is_some() || k.else_.is_some(), "if", ANY);
    add(k.types.is_some(), types::NAME, ANY);
    add(k.enum_.is_some(), values::ENUM, ANY);
    add(k.const_.is_some(), values::CONST, ANY);
    for name in k.length.present() {
        add(true, name, s);
    }
    add(k.pattern.is_some(), pattern::NAME, s);
    add(k.format.is_some(), format::FORMAT, s);
    add(k.content_assertion && (k.content_encoding.is_some() || k.content_media_type.is_some()), "content", s);
    for name in k.numbers.present() {
        add(true, name, n);
    }
    add(!k.prefix_items.is_empty(), "prefixItems", a);
    add(k.items.is_some(), "items", a);
    add(k.contains.is_some(), "contains", a);
    add(k.unevaluated_items.is_some(), "unevaluatedItems", a);
    add(k.array.min.is_some(), array_bounds::MIN, a);
    add(k.array.max.is_some(), array_bounds::MAX, a);
    add(k.array.unique, array_bounds::UNIQUE, a);
    add(!k.properties.is_empty(), "properties", o);
    add(!k.pattern_properties.is_empty(), "patternProperties", o);
    add(k.additional_properties.is_some(), "additionalProperties", o);
    add(k.property_names.is_some(), "propertyNames", o);
    add(k.unevaluated_properties.is_some(), "unevaluatedProperties", o);
    add(!k.object.required.is_empty(), object_bounds::REQUIRED, o);
    add(!k.dependent_required.is_empty(), "dependentRequired", o);
    add(!k.dependent_schemas.is_empty(), "dependentSchemas", o);
    add(k.object.min.is_some() || k.object.max.is_some(), object_bounds::MIN, o);
    out
}

/// Whether every node of `conj` only uses keywords in `handled` among those
/// that apply to instances of JSON type `kind` (a `false` schema never does).
fn only(ir: &Ir, conj: &[NodeId], kind: u8, handled: &[&str]) -> bool {
    conj.iter().all(|n| match &ir.nodes[*n].body {
        Body::Bool(b) => *b,
        Body::Schema(k) => keywords(k).iter().all(|(name, applies)| (*applies != ANY && applies & kind == 0) || handled.contains(name)),
    })
}

/// A scalar reader's leaf: one the module writes (`Leaf3`), or one the
/// runtime has, which a member is read by without a line in the module.
enum Leaf {
    Generated(Ident),
    /// `StringLeaf`, read by `AnyString`.
    AnyString,
    /// `OnlyType<T, { types::SET }>`, read by `reader` (`AnyBool`): `(T, SET, reader)`.
    OnlyType(TokenStream, &'static str, &'static str),
    /// `ListedLeaf<E>` of closed string enum `E`, read by `Listed<E>`.
    Listed(TokenStream),
}

impl Leaf {
    /// The leaf, as `MapOf` names its keys' (`Leaf3`, `rt::fast::StringLeaf`).
    fn leaf(&self, rt: &TokenStream) -> TokenStream {
        match self {
            Leaf::Generated(name) => quote!(#name),
            Leaf::AnyString => quote!(#rt::fast::StringLeaf),
            Leaf::Listed(e) => quote!(#rt::fast::ListedLeaf<#e>),
            Leaf::OnlyType(ty, set, _) => {
                let set = Ident::new(set, Span::call_site());
                quote!(#rt::fast::OnlyType<#ty, { #rt::types::#set }>)
            }
        }
    }

    /// The reader of a member that is the leaf (`LeafRead<Leaf3>`, `rt::fast::AnyString`).
    fn read(&self, rt: &TokenStream) -> TokenStream {
        match self {
            Leaf::Generated(name) => quote!(#rt::fast::LeafRead<#name>),
            Leaf::AnyString => quote!(#rt::fast::AnyString),
            Leaf::Listed(e) => quote!(#rt::fast::Listed<#e>),
            Leaf::OnlyType(_, _, read) => {
                let read = Ident::new(read, Span::call_site());
                quote!(#rt::fast::#read)
            }
        }
    }
}

/// The runtime's leaf for a scalar of Rust type `t` whose schemas are all
/// `t`'s own JSON type and nothing more (`"type": "boolean"`): it checks
/// what a generated leaf would.
fn any_scalar(validators: &Validators, schemas: &[NodeId], t: &TypeRef, rt: &TokenStream) -> Option<Leaf> {
    let (first, rest) = schemas.split_first()?;
    let mask = validators.only_type(*first)?;
    if rest.iter().any(|n| validators.only_type(*n) != Some(mask)) {
        return None;
    }
    Some(match (t, mask) {
        (TypeRef::Bool, TypeSet::BOOLEAN) => Leaf::OnlyType(quote!(bool), "BOOLEAN", "AnyBool"),
        (TypeRef::Number, TypeSet::NUMBER) => Leaf::OnlyType(quote!(#rt::Number), "NUMBER", "AnyNumber"),
        (TypeRef::Integer, TypeSet::INTEGER) => Leaf::OnlyType(quote!(#rt::Integer), "INTEGER", "AnyInteger"),
        (TypeRef::Null, TypeSet::NULL) => Leaf::OnlyType(quote!(()), "NULL", "AnyNull"),
        _ => return None,
    })
}

/// The refusal of a string `s` outside an `enum`'s `strings`, as a leaf writes it.
fn unlisted(strings: &[&str]) -> TokenStream {
    quote!(!::std::matches!(s, #(#strings)|*))
}

/// Every node's keywords, `true` schemas left out.
fn kws<'i>(ir: &'i Ir, conj: &[NodeId]) -> impl Iterator<Item = &'i Keywords> + 'i {
    let conj = conj.to_vec();
    conj.into_iter().filter_map(|n| ir.keywords(n))
}

/// The pieces of an envelope's reader for one member (or for its unknown members).
struct Member {
    slot: TokenStream,
    keep: TokenStream,
    /// Handed up back as JSON (else left out of the handed-up object: settled).
    kept: bool,
    arm: TokenStream,
    missing: TokenStream,
    take: TokenStream,
}

/// Emits the readers of one module.
pub struct Readers<'a> {
    ir: &'a Ir,
    plan: &'a ModulePlan,
    rt: TokenStream,
    format_assertion: bool,
    boxed: HashSet<(usize, usize)>,
    /// Types with a generated reader.
    fast: HashSet<usize>,
    items: Vec<TokenStream>,
    /// Reader type per (validation content, Rust type): readers are shared
    /// by every place that validates alike, whatever its schema location.
    memo: HashMap<(Vec<[u8; 32]>, String, bool), TokenStream>,
    /// The reader being asked for is a union branch's own: its value is
    /// seen by the other branches' validators too, so an array there is
    /// handed up whole (never with only some items).
    branch_top: bool,
    /// Leaves and fallbacks by their text with the name left out (see [`Self::shared_item`]).
    bodies: HashMap<String, Ident>,
    /// Memoised readers that were asked for again (a union reader named
    /// before its branches are read learns so that a branch holds it).
    reached: HashSet<String>,
    next: usize,
    /// The member tables of the structs whose reader writes their impls.
    objects: HashMap<usize, super::types::ObjectTable>,
    /// The structs with a reader and a contract: `rt::Object` reads them as `Typed`.
    typed: HashSet<usize>,
    /// Their attributes, as the readers are written.
    attrs: Vec<ObjectAttrs>,
    /// The structs read, before their attributes are written.
    pending: Vec<PendingObject>,
    /// The reader of each of the module's own types (`rt::reads!`), by its Rust type.
    reads: HashMap<String, TokenStream>,
}

/// A struct read, before its attributes are written ([`Readers::object_attrs`]).
struct PendingObject {
    id: usize,
    says: Vec<TokenStream>,
    contract: Option<TokenStream>,
    members: Vec<PendingMember>,
}

/// A member (the extra members last): what its attribute says but for its
/// reader, the reader, and its type as the reader reads it.
struct PendingMember {
    says: Vec<TokenStream>,
    reader: TokenStream,
    ty: TypeRef,
    owner: usize,
}

impl<'a> Readers<'a> {
    /// Decides which types of `plan` get a reader. None do when a schema
    /// uses dynamic references (their scope is not a subtree's alone).
    pub fn new(ir: &'a Ir, plan: &'a ModulePlan, rt: TokenStream, format_assertion: bool, boxed: HashSet<(usize, usize)>) -> Self {
        let mut r = Readers {
            ir,
            plan,
            rt,
            format_assertion,
            boxed,
            fast: HashSet::new(),
            items: Vec::new(),
            memo: HashMap::new(),
            branch_top: false,
            bodies: HashMap::new(),
            reached: HashSet::new(),
            next: 0,
            objects: HashMap::new(),
            typed: HashSet::new(),
            attrs: Vec::new(),
            pending: Vec::new(),
            reads: HashMap::new(),
        };
        let dynamic =
            ir.nodes.iter().any(|n| matches!(&n.body, Body::Schema(k) if k.dynamic_reference.is_some() || k.recursive_anchor || k.dynamic_anchor.is_some()));
        if !dynamic {
            // A struct written as a union's variant is no type of its own to read.
            let inline = crate::plan::struct_variants(plan);
            for (id, inline) in inline.into_iter().enumerate() {
                let ok = match &plan.types[id].kind {
                    Kind::Struct { fields, tag: None, .. } if !inline => r.struct_ok(id, fields, &[]),
                    Kind::Envelope { .. } => r.envelope_parts(id).is_some(),
                    _ => false,
                };
                if ok {
                    r.fast.insert(id);
                }
            }
        }
        r
    }

    /// The reader function of type `id`, if it has one (for `contract!`).
    pub fn reader_of(&self, id: usize) -> Option<TokenStream> {
        self.fast.contains(&id).then(|| {
            let f = format_ident!("read_{}", id);
            quote!(fast::#f)
        })
    }

    /// The conjunction of type `id`'s own schemas, when it has its own.
    fn own_conj(&self, id: usize) -> Option<Vec<NodeId>> {
        self.plan.types[id].validation.own().map(|nodes| self.conj(nodes))
    }

    fn conj(&self, nodes: &[NodeId]) -> Vec<NodeId> {
        let mut c = self.ir.expand(nodes);
        c.sort_unstable();
        c
    }

    /// Whether two conjunctions validate alike: the same validation content
    /// (the IR's shape hashes, as deduplicated types and shared validators
    /// use), nodes that add nothing of their own (`true`, only `$ref` or
    /// `allOf`, annotations, a `$ref` whose other keywords accept all its
    /// target does: [`Ir::reference_adds_nothing`]) left out. A type shared by two places (`Budgets`
    /// for `budgets` and `raiseBudgets`) thus keeps its reader.
    fn same_schemas(&self, a: &[NodeId], b: &[NodeId]) -> bool {
        a == b || self.validation_content(a) == self.validation_content(b)
    }

    /// The shape hashes of the conjunction's nodes that say something,
    /// sorted: equal for conjunctions that validate alike.
    fn validation_content(&self, conj: &[NodeId]) -> Vec<[u8; 32]> {
        let shapes = self.ir.shapes(self.format_assertion);
        let mut set: Vec<[u8; 32]> = conj
            .iter()
            .filter(|n| match &self.ir.nodes[**n].body {
                Body::Bool(b) => !*b,
                Body::Schema(k) => !keywords(k).is_empty() && !self.ir.reference_adds_nothing(**n),
            })
            .map(|n| shapes[*n])
            .collect();
        set.sort_unstable();
        set.dedup();
        set
    }

    /// A struct's own schemas use only what a reader checks, and every
    /// required member is a field (or one of `also`, members read apart).
    fn struct_ok(&self, id: usize, fields: &[Field], also: &[&str]) -> bool {
        // A struct places with different schemas share is read by each place's fallback.
        let Some(conj) = self.own_conj(id) else { return false };
        let handled = [types::NAME, "properties", object_bounds::REQUIRED, "additionalProperties"];
        only(self.ir, &conj, TypeSet::OBJECT, &handled)
            && kws(self.ir, &conj).all(|k| {
                k.types.is_none_or(|t| t.admits(TypeSet::OBJECT))
                    && k.object.required.iter().all(|r| fields.iter().any(|f| &f.json == r) || also.contains(&r.as_str()))
            })
    }

    /// The schemas member `name` must satisfy under the nodes `conj` (no
    /// `patternProperties` there): its `properties` entry, else `additionalProperties`.
    fn member_schemas(&self, conj: &[NodeId], name: &str) -> Vec<NodeId> {
        let mut out = Vec::new();
        for k in kws(self.ir, conj) {
            match k.properties.iter().find(|(p, _)| p == name) {
                Some((_, n)) => out.push(*n),
                None => out.extend(k.additional_properties),
            }
        }
        out
    }

    /// Whether a reader hands member `name` up, once read and checked, when
    /// its object is invalid, left out of it, taken as present and valid
    /// (`rt::fast::Settled`): when the validators reach the member only through
    /// `Ctx::prop` with the `properties` schemas the reader checked. Else it
    /// is kept (turned back into JSON).
    fn settles(&self, conj: &[NodeId], name: &str) -> bool {
        kws(self.ir, conj).all(|k| {
            k.pattern_properties.is_empty()
                && match k.properties.iter().find(|(p, _)| p == name) {
                    Some((_, n)) => !self.own_resource(*n),
                    None => k.additional_properties.is_none_or(|a| matches!(self.ir.nodes[a].body, Body::Bool(false))),
                }
        })
    }

    /// Whether exactly one node of `conj` has keywords: its validator is the
    /// only one to loop over a map's or an array's contents, so a reader
    /// that checks them with that node's validators says what it says.
    fn one_schema_says_all(&self, conj: &[NodeId]) -> bool {
        kws(self.ir, conj).filter(|k| !keywords(k).is_empty()).count() == 1
    }

    /// Whether subschema `n` is a schema resource of its own (`$id` below
    /// the root): validators reach such a member by a direct call, not
    /// through `Ctx::prop`, so it cannot be left out.
    fn own_resource(&self, n: NodeId) -> bool {
        self.ir.nodes[n].is_inner_resource()
    }

    /// The Rust type `t` stands for inside type `owner` (as the type emitter writes it).
    fn ty(&self, owner: usize, t: &TypeRef) -> TokenStream {
        super::types::rust_type(self.plan, &self.boxed, &self.rt, owner, t)
    }

    /// The item `make` writes under a fresh name, or the name of an item
    /// already written that is the same but for its name: places whose
    /// schemas differ only in what the reader leaves to the validators (an
    /// unasserted `format`, a description) share one.
    fn shared_item(&mut self, prefix: &str, make: impl Fn(&Ident) -> TokenStream) -> Ident {
        let key = make(&Ident::new("__Item", Span::call_site())).to_string();
        if let Some(name) = self.bodies.get(&key) {
            return name.clone();
        }
        let name = self.fresh(prefix);
        self.items.push(make(&name));
        self.bodies.insert(key, name.clone());
        name
    }

    fn fresh(&mut self, prefix: &str) -> Ident {
        self.next += 1;
        Ident::new(&format!("{prefix}{}", self.next), Span::call_site())
    }

    /// The validators of `schemas`, as `via_value!` and `value_leaf!` take
    /// them: `validators::v3, validators::t2::<1>` (each must hold).
    fn checks(&mut self, validators: &mut Validators, schemas: &[NodeId]) -> TokenStream {
        let checks = schemas.iter().map(|n| validators.entry(*n));
        quote!(#(#checks),*)
    }

    /// Conditions on a string `s`, any of which refuses it, equivalent to
    /// the string keywords of `conj`; `None` when one needs the validators.
    fn string_conditions(&mut self, validators: &mut Validators, conj: &[NodeId]) -> Option<Vec<TokenStream>> {
        if !only(self.ir, conj, TypeSet::STRING, &check::STRING_KEYWORDS) {
            return None;
        }
        let mut out = Vec::new();
        for k in kws(self.ir, conj) {
            let program = Program::of(k, self.format_assertion);
            for c in program.value.iter().chain(&program.string) {
                out.extend(self.refusal(validators, c)?);
            }
        }
        Some(out)
    }

    /// A check as the reader runs it on a string `s`: a condition that
    /// refuses it (the full validator then says why), `Some(None)` when
    /// every string passes, `None` when only the validators can decide.
    fn refusal(&self, validators: &mut Validators, c: &Check) -> Option<Option<TokenStream>> {
        let rt = &self.rt;
        Some(Some(match *c {
            Check::Type(t) if t.admits(TypeSet::STRING) => return Some(None),
            Check::Type(_) => quote!(true),
            // `s != ""` is what clippy's `comparison_to_empty` asks to write `!s.is_empty()`.
            Check::Const(Value::String(v)) if v.is_empty() => quote!(!s.is_empty()),
            Check::Const(Value::String(v)) => quote!(s != #v),
            Check::Const(_) => quote!(true),
            Check::Enum(values) => {
                let strings: Vec<&str> = values.iter().filter_map(Value::as_str).collect();
                if strings.is_empty() {
                    quote!(true)
                } else {
                    unlisted(&strings)
                }
            }
            Check::Count { subject: Subject::String, helper, bound } => {
                let helper = format_ident!("{helper}");
                quote!(!#rt::check::#helper(s, #bound))
            }
            Check::Pattern(p) => {
                let re = validators.pattern(p);
                quote!(!validators::#re.is_match(s))
            }
            Check::Format(f) => quote!(!#rt::format::check(#f, s)),
            Check::Content { .. } => return None,
            // Not about strings: every string passes.
            Check::Count { .. } | Check::Compare { .. } | Check::UniqueItems | Check::Required(_) => return Some(None),
        }))
    }

    /// A reader (a type implementing `rt::fast::Read`) for a value that
    /// must satisfy every schema of `schemas` and is stored as `t`.
    fn reader(&mut self, validators: &mut Validators, owner: usize, schemas: &[NodeId], t: &TypeRef) -> TokenStream {
        let rt = self.rt.clone();
        let conj = self.conj(schemas);
        let out_ty = self.ty(owner, t);
        let branch_top = std::mem::take(&mut self.branch_top);
        let branch_top = branch_top && matches!(t, TypeRef::Vec(_));
        let key = (self.validation_content(&conj), out_ty.to_string(), branch_top);
        if let Some(r) = self.memo.get(&key) {
            self.reached.insert(r.to_string());
            return r.clone();
        }
        let r = match t {
            TypeRef::Value
                if conj.iter().all(|n| matches!(self.ir.nodes[*n].body, Body::Bool(true)) || self.ir.keywords(*n).is_some_and(|k| keywords(k).is_empty())) =>
            {
                quote!(#rt::fast::AnyValue)
            }
            TypeRef::String | TypeRef::Bool | TypeRef::Integer | TypeRef::Number | TypeRef::Null => self.leaf(validators, schemas, &conj, t, &out_ty).read(&rt),
            TypeRef::Named(id) => match &self.plan.types[*id].kind {
                Kind::Newtype | Kind::StringEnum { .. } | Kind::IntegerEnum { .. } | Kind::Const(_) => {
                    self.leaf(validators, schemas, &conj, t, &out_ty).read(&rt)
                }
                // Read from this place's schemas: a union places with different schemas share reads each place's branches.
                Kind::Union { .. } if self.union_branches(*id, &conj).is_some() => {
                    let name = self.fresh("Union");
                    // Named before its branches are read: a branch may hold the union again.
                    self.memo.insert(key.clone(), quote!(#name));
                    let read = self.union(validators, *id, None, &conj);
                    if self.reached.contains(&name.to_string()) {
                        // The union holds itself: a reader of its own breaks the cycle of types.
                        self.items.push(quote! {
                            /// Reads a union that holds itself.
                            pub struct #name;
                            impl #rt::fast::Read for #name {
                                type Out = #out_ty;
                                #[inline]
                                fn read<'de, D: #rt::__private::serde::Deserializer<'de>>(d: D) -> ::std::result::Result<#out_ty, D::Error> {
                                    <#read as #rt::fast::Read>::read(d)
                                }
                            }
                        });
                    } else {
                        // A short name for the place's reader: members name it, often many.
                        // `pub`: the module's `rt::reads!` table and the
                        // structs' attributes name it too.
                        self.items.push(quote!(pub type #name = #read;));
                    }
                    quote!(#name)
                }
                Kind::Struct { .. } | Kind::Envelope { .. }
                    if self.fast.contains(id) && self.own_conj(*id).is_some_and(|own| self.same_schemas(&own, &conj)) =>
                {
                    let n = super::types::ident(&self.plan.types[*id].name);
                    if self.boxed.contains(&(owner, *id)) {
                        quote!(#rt::fast::Boxed<#rt::fast::Typed<#n>>)
                    } else {
                        quote!(#rt::fast::Typed<#n>)
                    }
                }
                _ => self.via_value(validators, schemas, &out_ty),
            },
            // Exactly the listed items (`[level, options]`), each read by its own reader.
            TypeRef::Tuple(items) => match self.tuple_items(&conj, items.len()) {
                Some(prefix) => {
                    let readers: Vec<TokenStream> = prefix.iter().zip(items).map(|(n, t)| self.reader(validators, owner, &[*n], t)).collect();
                    quote!(#rt::fast::TupleOf<(#(#readers,)*)>)
                }
                None => self.via_value(validators, schemas, &out_ty),
            },
            // A generic union (never one that holds itself) given this place's
            // parameter, written where it is used: `Union20<TupleOf<(…)>>`
            // says what the place reads, and an alias per place said it twice.
            TypeRef::Apply(id, arg) if self.union_branches(*id, &conj).is_some() => self.union(validators, *id, Some(arg), &conj),
            TypeRef::Vec(item) => {
                let handled = [types::NAME, "items", array_bounds::MIN, array_bounds::MAX];
                if only(self.ir, &conj, TypeSet::ARRAY, &handled) && kws(self.ir, &conj).all(|k| k.types.is_none_or(|t| t.admits(TypeSet::ARRAY))) {
                    let items: Vec<NodeId> = kws(self.ir, &conj).filter_map(|k| k.items).collect();
                    let min = kws(self.ir, &conj).filter_map(|k| k.array.min).max().unwrap_or(0);
                    let max = kws(self.ir, &conj).filter_map(|k| k.array.max).min();
                    let item_reader = self.reader(validators, usize::MAX, &items, item);
                    let min = usize::try_from(min).unwrap_or(usize::MAX);
                    let max = match max.map(usize::try_from) {
                        Some(Ok(m)) if m < usize::MAX => quote!(#m),
                        _ => quote!({ usize::MAX }),
                    };
                    // One schema says all (the validators reach the items
                    // through `Ctx`): an invalid array can be handed up with
                    // only the items whose errors will be listed.
                    let can_break = !items.is_empty() || kws(self.ir, &conj).any(|k| k.array.min.is_some() || k.array.max.is_some());
                    if !branch_top && self.one_schema_says_all(&conj) && can_break && items.len() <= 1 {
                        // Items that accept everything need no check.
                        let items: Vec<TokenStream> =
                            items.first().filter(|n| !self.ir.checks_nothing(**n)).map(|n| validators.entry(*n)).into_iter().collect();
                        let checks = self.shared_item("Checks", |name| quote!(#rt::array_checks!(#name #(, items = #items)*);));
                        quote!(#rt::fast::VecOf<#item_reader, #min, #max, #checks>)
                    } else {
                        quote!(#rt::fast::VecOf<#item_reader, #min, #max>)
                    }
                } else {
                    self.via_value(validators, schemas, &out_ty)
                }
            }
            TypeRef::Map(k, v) => {
                let handled = ["type", "additionalProperties", "propertyNames"];
                let names: Vec<NodeId> = kws(self.ir, &conj).filter_map(|k| k.property_names).collect();
                let key_conj = self.conj(&names);
                let key_ok = matches!(**k, TypeRef::String)
                    || matches!(**k, TypeRef::Named(id) if matches!(self.plan.types[id].kind, Kind::Newtype | Kind::StringEnum { .. } | Kind::Const(_)));
                if key_ok
                    && only(self.ir, &conj, TypeSet::OBJECT, &handled)
                    && kws(self.ir, &conj).all(|k| k.types.is_none_or(|t| t.admits(TypeSet::OBJECT)))
                    && self.string_conditions(validators, &key_conj).is_some()
                {
                    let values: Vec<NodeId> = kws(self.ir, &conj).filter_map(|k| k.additional_properties).collect();
                    let key_ty = self.ty(usize::MAX, k);
                    let key_leaf = self.leaf(validators, &names, &key_conj, k, &key_ty).leaf(&rt);
                    let value_reader = self.reader(validators, usize::MAX, &values, v);
                    // One schema says all: the validators loop over the names,
                    // then the values, and the reader can count past the cap.
                    if self.one_schema_says_all(&conj) && names.len() + values.len() >= 1 && names.len() <= 1 && values.len() <= 1 {
                        let names: Vec<TokenStream> = names.first().map(|n| validators.entry(*n)).into_iter().collect();
                        let values: Vec<TokenStream> =
                            values.first().filter(|n| !self.ir.checks_nothing(**n)).map(|n| validators.entry(*n)).into_iter().collect();
                        let checks = self.shared_item("Checks", |name| quote!(#rt::map_checks!(#name #(, names = #names)* #(, values = #values)*);));
                        quote!(#rt::fast::MapOf<#key_leaf, #value_reader, #checks>)
                    } else {
                        quote!(#rt::fast::MapOf<#key_leaf, #value_reader>)
                    }
                } else {
                    self.via_value(validators, schemas, &out_ty)
                }
            }
            _ => self.via_value(validators, schemas, &out_ty),
        };
        self.memo.insert(key, r.clone());
        r
    }

    /// The item schemas of a tuple of `len` items, when the place's schemas
    /// say no more than that: one list of items (`prefixItems`, or `items`
    /// as a list) of exactly `len`, and exactly `len` items (`minItems` and
    /// `maxItems`, or no items allowed after the list).
    fn tuple_items(&self, conj: &[NodeId], len: usize) -> Option<Vec<NodeId>> {
        let handled = [types::NAME, "prefixItems", "items", array_bounds::MIN, array_bounds::MAX];
        if !only(self.ir, conj, TypeSet::ARRAY, &handled) || !kws(self.ir, conj).all(|k| k.types.is_none_or(|t| t.admits(TypeSet::ARRAY))) {
            return None;
        }
        let lists: Vec<&Keywords> = kws(self.ir, conj).filter(|k| !k.prefix_items.is_empty()).collect();
        let [k] = lists.as_slice() else { return None };
        let len64 = u64::try_from(len).ok()?;
        let min = kws(self.ir, conj).filter_map(|k| k.array.min).max().unwrap_or(0);
        let max = kws(self.ir, conj).filter_map(|k| k.array.max).min();
        let none_after = k.items.is_some_and(|i| matches!(self.ir.nodes[i].body, Body::Bool(false)));
        // `items` beside the list applies past it (none may come), and on no other node.
        let items_elsewhere = kws(self.ir, conj).any(|o| o.prefix_items.is_empty() && o.items.is_some());
        (k.prefix_items.len() == len && min == len64 && (max == Some(len64) || none_after) && !items_elsewhere).then(|| k.prefix_items.clone())
    }

    /// How a place whose schemas are `conj` reads union `id`, when the JSON
    /// type of a value alone tells which branch can hold it: one `anyOf`/
    /// `oneOf` with a branch per variant, each branch's `type` naming kinds
    /// (string, number, …) no other names, and nothing else in the place's
    /// schemas. Then the union holds a value exactly when the branch of its
    /// kind does, and the value goes to the variant the type's own parser
    /// picks for that kind (the first whose JSON types include it). Per
    /// kind: (kind name, branch, variant).
    fn union_branches(&self, id: usize, conj: &[NodeId]) -> Option<Vec<(&'static str, NodeId, usize)>> {
        let Kind::Union { variants, tag: None } = &self.plan.types[id].kind else { return None };
        if self.boxed.iter().any(|(owner, _)| *owner == id) {
            return None;
        }
        if !only(self.ir, conj, TypeSet::ALL, &["anyOf", "oneOf"]) {
            return None;
        }
        let lists: Vec<&Vec<NodeId>> = kws(self.ir, conj).flat_map(|k| [&k.any_of, &k.one_of]).filter(|l| !l.is_empty()).collect();
        let [branches] = lists.as_slice() else { return None };
        if branches.len() != variants.len() {
            return None;
        }
        // The JSON types each variant's parser takes (`Select`'s masks).
        let masks: Vec<u8> = variants.iter().map(|v| v.select.json_types()).collect::<Option<_>>()?;
        let mut taken = 0u8;
        let mut out = Vec::new();
        for b in branches.iter() {
            let types = kws(self.ir, &self.conj(&[*b])).filter_map(|k| k.types).fold(None, |acc: Option<u8>, t| Some(acc.unwrap_or(TypeSet::ALL) & t.0))?;
            // Integers are numbers: one kind.
            let kinds = [
                (TypeSet::NULL, "null"),
                (TypeSet::BOOLEAN, "bool"),
                (TypeSet::INTEGER | TypeSet::NUMBER, "number"),
                (TypeSet::STRING, "str"),
                (TypeSet::ARRAY, "seq"),
                (TypeSet::OBJECT, "map"),
            ];
            for (bits, name) in kinds {
                if types & bits != 0 {
                    if taken & bits != 0 {
                        return None;
                    }
                    taken |= bits;
                    let v = masks.iter().position(|m| m & bits != 0)?;
                    out.push((name, *b, v));
                }
            }
        }
        Some(out)
    }

    /// The reader of union `id` at a place whose schemas are `conj` (see
    /// [`Self::union_branches`]): the union's reader (one per way of
    /// picking branches, shared by every such place) over this place's
    /// branch readers, `Union3<LeafRead<Leaf1>, ViaValue<Check2>>`.
    /// A generic union's reader (`arg` its parameter at this place) is
    /// generic too, shared by every place: `T` is what the parameter's reader reads.
    fn union(&mut self, validators: &mut Validators, id: usize, arg: Option<&TypeRef>, conj: &[NodeId]) -> TokenStream {
        let rt = self.rt.clone();
        let (Some(branches), Kind::Union { variants, .. }) = (self.union_branches(id, conj), self.plan.types[id].kind.clone()) else {
            return quote!(#rt::fast::AnyValue);
        };
        let union_ty = super::types::ident(&self.plan.types[id].name);
        let generic = arg.map(|_| quote!(where T));
        let out_ty = match arg {
            Some(_) => quote!(#union_ty<T>),
            None => quote!(#union_ty),
        };
        let mut arms = Vec::new();
        let mut readers = Vec::new();
        let mut taken = Vec::new();
        // The branches that read the parameter.
        let holes: Vec<usize> = branches.iter().enumerate().filter(|(_, (_, _, v))| holds_param(&variants[*v].ty)).map(|(n, _)| n).collect();
        for (n, (kind, b, v)) in branches.into_iter().enumerate() {
            self.branch_top = true;
            let ty = match arg {
                Some(arg) => instantiate(&variants[v].ty, arg),
                None => variants[v].ty.clone(),
            };
            readers.push(self.reader(validators, id, &[b], &ty));
            let payload = self.ty(id, &variants[v].ty);
            let vid = super::types::ident(&variants[v].name);
            let build = if variants[v].ty == TypeRef::Null { quote!(|_| #union_ty::#vid) } else { quote!(#union_ty::#vid) };
            let (k, r) = (Ident::new(kind, Span::call_site()), format_ident!("R{}", n));
            arms.push(quote!(#k => #build; #r: #payload));
            taken.push(kind);
        }
        let refuse: Vec<Ident> =
            ["bool", "number", "str", "null", "seq", "map"].into_iter().filter(|k| !taken.contains(k)).map(|k| Ident::new(k, Span::call_site())).collect();
        let name = self.shared_item("Union", |name| {
            let visitor = format_ident!("Visit{}", name);
            quote!(#rt::union_reader!(#name, #visitor -> #out_ty #generic { #(#arms),* } refuse #(#refuse)*);)
        });
        // A generic union read the same at every place but for its
        // parameter: the rest said once, `type Union3<T> = Union2<LeafRead<Leaf1>, T>`.
        if let (Some(_), [hole]) = (arg, holes.as_slice()) {
            let mut with_t = readers.clone();
            with_t[*hole] = quote!(T);
            let partial = self.shared_item("Union", |alias| quote!(pub type #alias<T> = #name<#(#with_t),*>;));
            let param = &readers[*hole];
            return quote!(#partial<#param>);
        }
        quote!(#name<#(#readers),*>)
    }

    /// The fallback reader: the subtree as a `Value`, the validators of
    /// `schemas` on it, then the conversion the full path uses.
    fn via_value(&mut self, validators: &mut Validators, schemas: &[NodeId], out_ty: &TokenStream) -> TokenStream {
        let rt = self.rt.clone();
        let checks = self.checks(validators, schemas);
        let name = self.shared_item("Check", |name| quote!(#rt::via_value!(#name -> #out_ty, #checks);));
        quote!(#rt::fast::ViaValue<#name>)
    }

    /// A scalar reader: strings checked as `&str` (or with the validators
    /// when a keyword needs them), other scalars with the validators.
    fn leaf(&mut self, validators: &mut Validators, schemas: &[NodeId], conj: &[NodeId], t: &TypeRef, out_ty: &TokenStream) -> Leaf {
        let rt = self.rt.clone();
        let is_string = match t {
            TypeRef::Bool | TypeRef::Integer | TypeRef::Number | TypeRef::Null => false,
            TypeRef::Named(id) => !matches!(self.plan.types[*id].kind, Kind::IntegerEnum { .. }),
            _ => true,
        };
        if !is_string {
            if let Some(any) = any_scalar(validators, schemas, t, &rt) {
                return any;
            }
            let checks = self.checks(validators, schemas);
            return Leaf::Generated(self.shared_item("Leaf", |name| quote!(#rt::value_leaf!(#name -> #out_ty, scalar #checks);)));
        }
        let Some(refuse) = self.string_conditions(validators, conj) else {
            let checks = self.checks(validators, schemas);
            return Leaf::Generated(self.shared_item("Leaf", |name| quote!(#rt::value_leaf!(#name -> #out_ty, string #checks);)));
        };
        if refuse.is_empty() && *t == TypeRef::String {
            return Leaf::AnyString;
        }
        if let TypeRef::Named(id) = t {
            if let Kind::StringEnum { values, open: false, .. } = &self.plan.types[*id].kind {
                // The place's one condition is the enum's own list: the enum's conversion says it all.
                let listed: Vec<&str> = values.iter().map(|(_, json)| json.as_str()).collect();
                if let [only] = refuse.as_slice() {
                    if only.to_string() == unlisted(&listed).to_string() {
                        return Leaf::Listed(out_ty.clone());
                    }
                }
            }
        }
        let some = quote!(::std::option::Option::Some);
        let build = match t {
            TypeRef::Named(id) => match &self.plan.types[*id].kind {
                Kind::Newtype => quote!(#some(#out_ty(s.to_owned()))),
                // A constant's conversion compares too: keep it exact.
                Kind::Const(c) if c.is_empty() => quote!(s.is_empty().then_some(#out_ty)),
                Kind::Const(c) => quote!((s == #c).then_some(#out_ty)),
                // The enum's own conversion (it matches the listed strings).
                Kind::StringEnum { open: false, .. } => quote!(#out_ty::from_listed_str(s)),
                Kind::StringEnum { values, open, other, .. } => {
                    let arms = values.iter().map(|(r, j)| {
                        let v = super::types::ident(r);
                        quote!(#j => #some(#out_ty::#v),)
                    });
                    let rest = if *open {
                        let o = super::types::ident(other);
                        quote!(_ => #some(#out_ty::#o(s.to_owned())),)
                    } else {
                        quote!(_ => ::std::option::Option::None,)
                    };
                    quote!(match s { #(#arms)* #rest })
                }
                _ => quote!(::std::option::Option::None),
            },
            _ => quote!(#some(s.to_owned())),
        };
        Leaf::Generated(self.shared_item("Leaf", |name| quote!(#rt::string_leaf!(#name -> #out_ty, |s| [#(#refuse),*] => #build);)))
    }

    /// One member of an envelope: its slot in `Slots`, the match arm that
    /// reads it, the check that it is present at `}` and how it is taken.
    fn member(&mut self, validators: &mut Validators, id: usize, conj: &[NodeId], f: &Field, i: usize) -> Member {
        let rt = self.rt.clone();
        let schemas = self.member_schemas(conj, &f.json);
        let reader = self.reader(validators, id, &schemas, &f.ty);
        let local = format_ident!("f{}", i);
        let fid = super::types::ident(&f.rust);
        let json = &f.json;
        let kept = !self.settles(conj, json);
        let how = if kept { quote!(keep) } else { quote!(settle) };
        Member {
            slot: quote!(#local: ::std::option::Option<<#reader as #rt::fast::Read>::Out>,),
            keep: quote!(p.#how(#json, &self.#local);),
            kept,
            arm: quote!(#json => s.bad.read::<#reader, _>(k, &mut m, &mut s.#local, &mut spare)?,),
            missing: if f.required { quote!(|| s.#local.is_none()) } else { quote!() },
            take: if f.required { quote!(#fid: s.#local.ok_or_else(#rt::fast::abort::<A::Error>)?,) } else { quote!(#fid: s.#local,) },
        }
    }

    /// Unknown members of an envelope: refused, or checked by every
    /// `additionalProperties` and kept in document order.
    fn unknown(&mut self, validators: &mut Validators, conj: &[NodeId], extra: &Extra, extra_field: &str) -> Member {
        let rt = self.rt.clone();
        match extra {
            Extra::Deny => {
                Member { slot: quote!(), keep: quote!(), kept: false, arm: quote!(_ => s.bad.unknown(&mut m, k)?,), missing: quote!(), take: quote!() }
            }
            Extra::Keep(xt) => {
                let schemas: Vec<NodeId> = kws(self.ir, conj).filter_map(|k| k.additional_properties).collect();
                let reader = self.reader(validators, usize::MAX, &schemas, xt);
                let xid = super::types::ident(extra_field);
                Member {
                    slot: quote!(unknown: #rt::Extra<<#reader as #rt::fast::Read>::Out>,),
                    keep: quote!(p.keep_extra(self.unknown);),
                    kept: false,
                    arm: quote! {
                        _ => match m.next_value_seed(#rt::fast::Seed::<#reader>::new()) {
                            ::std::result::Result::Ok(x) => {
                                if s.unknown.insert(k.into_owned(), x).is_some() {
                                    return ::std::result::Result::Err(#rt::fast::abort());
                                }
                            }
                            ::std::result::Result::Err(e) => s.bad.failed(k, e, &mut spare)?,
                        },
                    },
                    missing: quote!(),
                    take: quote!(#xid: s.unknown,),
                }
            }
        }
    }

    /// The reader of struct `id`, said on the struct as `rt::Object`'s
    /// attributes once every reader is known ([`Self::object_attrs`]).
    fn structure(&mut self, validators: &mut Validators, id: usize, fields: &[Field], extra: &Extra) {
        let Some(conj) = self.own_conj(id) else { return };
        // The struct's own flags and defaults (`object!`'s), written with its
        // reader. `types.rs` records a table for exactly the structs that
        // get a reader, so one is always there.
        let table = self.objects.remove(&id);
        debug_assert!(table.is_some(), "struct {id} has a reader but no member table");
        let table = table.unwrap_or_default();
        let mut members = Vec::new();
        for (f, mut says) in fields.iter().zip(table.members) {
            let schemas = self.member_schemas(&conj, &f.json);
            let reader = self.reader(validators, id, &schemas, &f.ty);
            // Settled (left out) when handed up, unless `keep`.
            if !self.settles(&conj, &f.json) {
                says.push(quote!(keep));
            }
            members.push(PendingMember { says, reader, ty: f.ty.clone(), owner: id });
        }
        if let Extra::Keep(xt) = extra {
            let schemas: Vec<NodeId> = kws(self.ir, &conj).filter_map(|k| k.additional_properties).collect();
            let reader = self.reader(validators, usize::MAX, &schemas, xt);
            members.push(PendingMember { says: Vec::new(), reader, ty: xt.clone(), owner: usize::MAX });
        }
        let says = table.on_struct;
        self.pending.push(PendingObject { id, says, contract: table.contract, members });
    }

    /// The structs' attributes, and the readers of the module's own types
    /// (`rt::reads!`): each type reads with the reader most of its members
    /// have, and a member whose reader is another names it.
    fn object_attrs(&mut self) {
        let mut counts: HashMap<String, Vec<(String, TokenStream, usize)>> = HashMap::new();
        for m in self.pending.iter().flat_map(|o| &o.members) {
            let Some(key) = self.own_type_key(m.owner, &m.ty) else { continue };
            let uses = counts.entry(key).or_default();
            match uses.iter_mut().find(|(text, _, _)| *text == m.reader.to_string()) {
                Some(found) => found.2 += 1,
                None => uses.push((m.reader.to_string(), m.reader.clone(), 1)),
            }
        }
        // The most used (the first seen of equals).
        self.reads = counts
            .into_iter()
            .filter_map(|(key, uses)| {
                let (_, (_, reader, _)) = uses.into_iter().enumerate().max_by_key(|(i, (_, _, count))| (*count, std::cmp::Reverse(*i)))?;
                Some((key, reader))
            })
            .collect();
        let pending = std::mem::take(&mut self.pending);
        for o in pending {
            let mut names_readers = false;
            let mut on_members = Vec::new();
            for mut m in o.members {
                if self.canonical(m.owner, &m.ty).is_none_or(|c| c.to_string() != m.reader.to_string()) {
                    names_readers = true;
                    let reader = &m.reader;
                    m.says.push(quote!(read = #reader));
                }
                on_members.push(json_attr(&m.says));
            }
            let mut says = o.says;
            says.push(if names_readers { quote!(reader = fast) } else { quote!(reader) });
            if let Some(args) = o.contract {
                says.push(quote!(contract(#args)));
            }
            self.attrs.push(ObjectAttrs { id: o.id, on_struct: json_attr(&says), on_members });
        }
        if !self.reads.is_empty() {
            let mut reads: Vec<(&String, &TokenStream)> = self.reads.iter().collect();
            reads.sort_by(|a, b| a.0.cmp(b.0));
            let rows = reads.into_iter().map(|(key, reader)| {
                let ty: TokenStream = key.parse().unwrap_or_default();
                quote!(#ty => #reader)
            });
            let rt = &self.rt;
            self.items.push(quote!(#rt::reads!(#(#rows),*);));
        }
    }

    /// The key of `t` (in struct `owner`) in the module's `rt::reads!`
    /// table: a type of the module's own that the derive does not read
    /// (an alias names another's type, a boxed one reads as `Box`).
    fn own_type_key(&self, owner: usize, t: &TypeRef) -> Option<String> {
        let id = match t {
            TypeRef::Named(id) | TypeRef::Apply(id, _) => *id,
            _ => return None,
        };
        if self.typed.contains(&id) || self.boxed.contains(&(owner, id)) || matches!(self.plan.types[id].kind, Kind::Alias(_)) {
            return None;
        }
        // An integer enum is `rt::Spelled<E>`, the runtime's type: not the
        // module's to give an impl.
        let ty = self.ty(usize::MAX, t);
        matches!(ty.clone().into_iter().next(), Some(TokenTree::Ident(first)) if first != "rt").then(|| ty.to_string())
    }

    /// The reader `rt::fast::Reads` gives a member of type `t` in struct
    /// `owner` (written as [`Self::reader`] writes it), if the runtime or the
    /// derive implements it for `t`.
    fn canonical(&self, owner: usize, t: &TypeRef) -> Option<TokenStream> {
        let rt = &self.rt;
        Some(match t {
            TypeRef::String => quote!(#rt::fast::AnyString),
            TypeRef::Bool => quote!(#rt::fast::AnyBool),
            TypeRef::Integer => quote!(#rt::fast::AnyInteger),
            TypeRef::Number => quote!(#rt::fast::AnyNumber),
            TypeRef::Null => quote!(#rt::fast::AnyNull),
            TypeRef::Value => quote!(#rt::fast::AnyValue),
            TypeRef::Named(id) if self.typed.contains(id) => {
                let n = super::types::ident(&self.plan.types[*id].name);
                if self.boxed.contains(&(owner, *id)) {
                    quote!(#rt::fast::Boxed<#rt::fast::Typed<#n>>)
                } else {
                    quote!(#rt::fast::Typed<#n>)
                }
            }
            TypeRef::Named(_) | TypeRef::Apply(..) => {
                let key = self.own_type_key(owner, t)?;
                self.reads.get(&key)?.clone()
            }
            TypeRef::Vec(item) => {
                let item = self.canonical(usize::MAX, item)?;
                let min = 0usize;
                quote!(#rt::fast::VecOf<#item, #min, { usize::MAX }>)
            }
            TypeRef::Map(k, v) if matches!(**k, TypeRef::String) => {
                let v = self.canonical(usize::MAX, v)?;
                quote!(#rt::fast::MapOf<#rt::fast::StringLeaf, #v>)
            }
            _ => return None,
        })
    }

    /// What an envelope's reader needs, or `None` when its `oneOf` is not
    /// exactly the tag-and-payload shape (then it has no reader):
    /// (the branches' payload schemas per known tag, the catch-all's payload
    /// schemas if there is one).
    #[allow(clippy::type_complexity)]
    fn envelope_parts(&self, id: usize) -> Option<(Vec<(String, Vec<NodeId>)>, Option<Vec<NodeId>>)> {
        let Kind::Envelope { fields, tag, payload, commands, .. } = &self.plan.types[id].kind else { return None };
        let conj = self.own_conj(id)?;
        // The base: a struct's keywords plus one `oneOf`/`anyOf` (either
        // reads the same here: at most one branch can match a given tag).
        let with_choice = [types::NAME, "properties", object_bounds::REQUIRED, "additionalProperties", "oneOf", "anyOf"];
        if !only(self.ir, &conj, TypeSet::OBJECT, &with_choice) || !self.struct_ok_nodes(&conj, fields) {
            return None;
        }
        let choices: Vec<&Vec<NodeId>> = kws(self.ir, &conj).flat_map(|k| [&k.one_of, &k.any_of]).filter(|c| !c.is_empty()).collect();
        let [branches] = choices.as_slice() else { return None };
        let Kind::Commands { commands, unknown, .. } = &self.plan.types[*commands].kind else { return None };
        let base_payload = self.member_schemas(&conj, payload);
        let mut known = Vec::new();
        let mut catch_all = None;
        for b in branches.iter() {
            let k = self.ir.keywords(*b)?;
            if keywords(k).iter().any(|(n, _)| *n != "properties") || k.properties.iter().any(|(p, _)| p != tag && p != payload) {
                return None;
            }
            let tag_schema = k.properties.iter().find(|(p, _)| p == tag).map(|(_, n)| *n)?;
            let mut payload_schemas = base_payload.clone();
            payload_schemas.extend(k.properties.iter().filter(|(p, _)| p == payload).map(|(_, n)| *n));
            let tag_conj = self.conj(&[tag_schema]);
            if let Some(c) = self.tag_const(&tag_conj) {
                known.push((c, payload_schemas));
            } else {
                // The catch-all: `not: {enum: [every known tag]}` and nothing else.
                if catch_all.is_some() || !only(self.ir, &tag_conj, TypeSet::STRING, &["not"]) {
                    return None;
                }
                let nots: Vec<NodeId> = kws(self.ir, &tag_conj).filter_map(|k| k.not).collect();
                let [not] = nots.as_slice() else { return None };
                let not_conj = self.conj(&[*not]);
                if !only(self.ir, &not_conj, TypeSet::STRING, &["enum"]) {
                    return None;
                }
                let mut excluded: Vec<String> =
                    kws(self.ir, &not_conj).flat_map(|k| k.enum_.iter().flatten()).filter_map(|v| v.as_str().map(str::to_owned)).collect();
                if excluded.len() != kws(self.ir, &not_conj).flat_map(|k| k.enum_.iter().flatten()).count() {
                    return None;
                }
                excluded.sort();
                catch_all = Some((excluded, payload_schemas));
            }
        }
        let mut tags: Vec<String> = known.iter().map(|(t, _)| t.clone()).collect();
        tags.sort();
        let before = tags.len();
        tags.dedup();
        // Distinct tags, the same as the commands enum's, and a catch-all
        // excluding exactly them.
        if tags.len() != before || commands.len() != known.len() || commands.iter().zip(&known).any(|(c, (t, _))| &c.tag != t) {
            return None;
        }
        match &catch_all {
            Some((excluded, _)) if *excluded != tags || !*unknown => return None,
            None if *unknown => return None,
            _ => {}
        }
        // The tag's own schemas must be string checks.
        let tag_schemas = self.member_schemas(&conj, tag);
        let tag_conj = self.conj(&tag_schemas);
        if !only(self.ir, &tag_conj, TypeSet::STRING, &check::STRING_KEYWORDS) {
            return None;
        }
        Some((known, catch_all.map(|(_, p)| p)))
    }

    fn struct_ok_nodes(&self, conj: &[NodeId], fields: &[Field]) -> bool {
        kws(self.ir, conj).all(|k| k.types.is_none_or(|t| t.admits(TypeSet::OBJECT)) && k.object.required.iter().all(|r| fields.iter().any(|f| &f.json == r)))
    }

    /// The string a tag schema requires with `const` (and perhaps `type: string`), if that is all it says.
    fn tag_const(&self, conj: &[NodeId]) -> Option<String> {
        if !only(self.ir, conj, TypeSet::STRING, &["const", "type"]) {
            return None;
        }
        let consts: Vec<&Value> = kws(self.ir, conj).filter_map(|k| k.const_.as_ref()).collect();
        let [Value::String(c)] = consts.as_slice() else { return None };
        kws(self.ir, conj).all(|k| k.types.is_none_or(|t| t.admits(TypeSet::STRING))).then(|| c.clone())
    }

    /// The reader of envelope `id`: the tag read first when it comes first,
    /// else the payload kept as raw JSON until the tag is known.
    fn envelope(&mut self, validators: &mut Validators, id: usize) {
        let rt = self.rt.clone();
        let Kind::Envelope { fields, extra, extra_field, tag, payload, commands } = self.plan.types[id].kind.clone() else { return };
        let Some((known, catch_all)) = self.envelope_parts(id) else { return };
        let Kind::Commands { commands: cmds, unknown_payload, .. } = self.plan.types[commands].kind.clone() else { return };
        let Some(conj) = self.own_conj(id) else { return };
        let name = super::types::ident(&self.plan.types[id].name);
        let enum_name = super::types::ident(&self.plan.types[commands].name);
        let mut members = Vec::new();
        for (i, f) in fields.iter().enumerate() {
            if f.json == tag || f.json == payload {
                continue;
            }
            members.push(self.member(validators, id, &conj, f, i));
        }
        let unknown = self.unknown(validators, &conj, &extra, &extra_field);
        let unknown_init = if matches!(extra, Extra::Keep(_)) { quote!(unknown: #rt::Extra::new(),) } else { quote!() };
        // Tag, payload, the members kept as JSON and the unknown ones: the
        // handed-up map never grows (settled members are left out of it).
        let capacity = members.iter().filter(|m| m.kept).count() + 2;
        let unknown_count = if matches!(extra, Extra::Keep(_)) { quote!(+ self.unknown.len()) } else { quote!() };
        let slots: Vec<&TokenStream> = members.iter().chain([&unknown]).map(|m| &m.slot).collect();
        let keeps: Vec<&TokenStream> = members.iter().chain([&unknown]).map(|m| &m.keep).collect();
        let arms: Vec<&TokenStream> = members.iter().map(|m| &m.arm).collect();
        let missing: Vec<&TokenStream> = members.iter().map(|m| &m.missing).collect();
        let takes: Vec<&TokenStream> = members.iter().chain([&unknown]).map(|m| &m.take).collect();
        let inits: Vec<Ident> = fields.iter().enumerate().filter(|(_, f)| f.json != tag && f.json != payload).map(|(i, _)| format_ident!("f{}", i)).collect();
        let xarm = &unknown.arm;
        let tag_schemas = self.member_schemas(&conj, &tag);
        let tag_conj = self.conj(&tag_schemas);
        let tag_conds = self.string_conditions(validators, &tag_conj).unwrap_or_else(|| vec![quote!(true)]);
        let tag_refused = if tag_conds.is_empty() { quote!(false) } else { quote!({ let s: &str = &t; #(#tag_conds)||* }) };
        // One reader per command, in the enum's order.
        let mut now_arms = Vec::new();
        let mut raw_arms = Vec::new();
        for (c, (t, schemas)) in cmds.iter().zip(&known) {
            let reader = self.reader(validators, commands, schemas, &c.payload);
            let v = super::types::ident(&c.name);
            // A generated type's own reader needs no turbofish: the variant names it.
            let typed = match &c.payload {
                TypeRef::Named(p) => {
                    let n = super::types::ident(&self.plan.types[*p].name);
                    reader.to_string() == quote!(#rt::fast::Typed<#n>).to_string()
                }
                _ => false,
            };
            let (now_read, raw_read) = if typed {
                (quote!(#rt::fast::typed(m)), quote!(#rt::fast::typed_raw(raw)))
            } else {
                (quote!(#rt::fast::next::<#reader, _>(m)), quote!(#rt::fast::read_raw::<#reader>(raw)))
            };
            now_arms.push(quote!(#t => #now_read.map(#enum_name::#v),));
            raw_arms.push(quote!(#t => #raw_read.map(#enum_name::#v),));
        }
        // A known command's payload, read and checked, is left out of the
        // handed-up envelope (settled) when every schema the validators take it through is a
        // `properties` entry the reader checked; an unknown command's as JSON.
        let payload_settles = self.settles(&conj, &payload) && !known.iter().flat_map(|(_, s)| s).any(|n| self.own_resource(*n));
        let keep_command = match (payload_settles, catch_all.is_some()) {
            (false, _) => quote! {
                if let ::std::option::Option::Some(c) = &self.command {
                    p.keep_fields(|m| c.write_payload(#payload, m));
                }
            },
            (true, false) => quote!(p.settle(#payload, &self.command);),
            (true, true) => quote! {
                if let ::std::option::Option::Some(c) = &self.command {
                    if ::std::matches!(c, #enum_name::Unknown { .. }) {
                        p.keep_fields(|m| c.write_payload(#payload, m));
                    } else {
                        p.settle(#payload, &self.command);
                    }
                }
            },
        };
        let (now_other, raw_other) = match catch_all {
            Some(schemas) => {
                let reader = self.reader(validators, commands, &schemas, &unknown_payload);
                (
                    quote!(_ => #rt::fast::next::<#reader, _>(m).map(|payload| #enum_name::Unknown { type_name: t.to_owned(), payload }),),
                    quote!(_ => #rt::fast::read_raw::<#reader>(raw).map(|payload| #enum_name::Unknown { type_name: t.to_owned(), payload }),),
                )
            }
            // No command has this type: the payload is read as JSON, for the validators.
            None => (quote!(_ => ::std::result::Result::Err(#rt::fast::invalid_member(m)),), quote!(_ => #rt::fast::invalid_raw(raw),)),
        };
        let command_field = super::types::ident(&crate::ident::field_name(&self.plan.types[commands].name));
        let f = format_ident!("read_{}", id);
        let visitor = format_ident!("Visit{}", id);
        let now = format_ident!("payload_{}", id);
        let later = format_ident!("raw_payload_{}", id);
        let slots_ty = format_ident!("Slots{}", id);
        let doc = format!(" Reads a `{name}`: common members checked as they come, the payload with its command's reader once the tag is known.");
        self.items.push(quote! {
            #[doc = #doc]
            pub(super) fn #f<'de, D: de::Deserializer<'de>>(d: D) -> ::std::result::Result<#name, D::Error> {
                d.deserialize_any(#visitor)
            }
            /// The payload when the tag came first (at a broken rule, its JSON is handed up).
            fn #now<'de, A: de::MapAccess<'de>>(t: &str, m: &mut A) -> ::std::result::Result<#enum_name, A::Error> {
                match t {
                    #(#now_arms)*
                    #now_other
                }
            }
            /// The payload kept raw because it came before the tag.
            fn #later(t: &str, raw: &#rt::__private::serde_json::value::RawValue) -> ::std::option::Option<#enum_name> {
                match t {
                    #(#raw_arms)*
                    #raw_other
                }
            }
            /// The members read so far.
            struct #slots_ty<'de> {
                tag: ::std::option::Option<::std::borrow::Cow<'de, str>>,
                command: ::std::option::Option<#enum_name>,
                raw: ::std::option::Option<&'de #rt::__private::serde_json::value::RawValue>,
                #(#slots)*
                /// The members that broke a rule, as JSON.
                bad: #rt::fast::Broken,
            }
            impl #slots_ty<'_> {
                /// The members read so far, as JSON.
                #[cold]
                fn partial(self) -> #rt::fast::Partial {
                    let mut p = #rt::fast::Partial::with_capacity(#capacity + self.bad.len() #unknown_count);
                    if let ::std::option::Option::Some(t) = self.tag {
                        p.keep_value(#tag, #rt::Value::String(t.into_owned()));
                    }
                    #keep_command
                    p.keep_raw(#payload, self.raw);
                    #(#keeps)*
                    p.keep_broken(self.bad);
                    p
                }
            }
            struct #visitor;
            impl<'de> de::Visitor<'de> for #visitor {
                type Value = #name;
                fn expecting(&self, f: &mut ::std::fmt::Formatter) -> ::std::fmt::Result {
                    f.write_str("an object")
                }
                fn visit_map<A: de::MapAccess<'de>>(self, mut m: A) -> ::std::result::Result<#name, A::Error> {
                    let mut s = #slots_ty {
                        tag: ::std::option::Option::None,
                        command: ::std::option::Option::None,
                        raw: ::std::option::Option::None,
                        #(#inits: ::std::option::Option::None,)*
                        #unknown_init
                        bad: #rt::fast::Broken::new(),
                    };
                    // The error a member's reader stopped with, kept to hand
                    // the object up with (see `rt::fast::invalid_with`).
                    let mut spare = ::std::option::Option::None;
                    while let ::std::option::Option::Some(#rt::fast::Key(k)) = m.next_key::<#rt::fast::Key<'de>>()? {
                        match &*k {
                            #tag => match m.next_value::<#rt::fast::Tag<'de>>() {
                                ::std::result::Result::Ok(#rt::fast::Tag(t)) => {
                                    if s.tag.is_some() {
                                        return ::std::result::Result::Err(#rt::fast::abort());
                                    }
                                    let refused = #tag_refused;
                                    if refused {
                                        s.bad.keep(k, #rt::Value::String(t.into_owned()));
                                    } else {
                                        s.tag = ::std::option::Option::Some(t);
                                    }
                                }
                                ::std::result::Result::Err(e) => s.bad.failed(k, e, &mut spare)?,
                            },
                            #payload => {
                                if s.command.is_some() || s.raw.is_some() {
                                    return ::std::result::Result::Err(#rt::fast::abort());
                                }
                                match s.tag.as_deref() {
                                    ::std::option::Option::Some(t) => match #now(t, &mut m) {
                                        ::std::result::Result::Ok(c) => s.command = ::std::option::Option::Some(c),
                                        ::std::result::Result::Err(e) => s.bad.failed(k, e, &mut spare)?,
                                    },
                                    ::std::option::Option::None => s.raw = ::std::option::Option::Some(m.next_value()?),
                                }
                            }
                            #(#arms)*
                            #xarm
                        }
                    }
                    if let (::std::option::Option::Some(t), ::std::option::Option::Some(raw)) = (&s.tag, s.raw) {
                        match #later(t, raw) {
                            ::std::option::Option::Some(c) => {
                                s.command = ::std::option::Option::Some(c);
                                s.raw = ::std::option::Option::None;
                            }
                            ::std::option::Option::None => {
                                let ::std::option::Option::Some(v) = #rt::fast::salvaged() else {
                                    return ::std::result::Result::Err(#rt::fast::abort());
                                };
                                s.raw = ::std::option::Option::None;
                                s.bad.keep(::std::borrow::Cow::Borrowed(#payload), v);
                            }
                        }
                    }
                    if !s.bad.is_empty() || s.tag.is_none() || s.command.is_none() #(#missing)* {
                        return ::std::result::Result::Err(s.partial().done(spare));
                    }
                    let ::std::option::Option::Some(chosen) = s.command else {
                        return ::std::result::Result::Err(#rt::fast::abort());
                    };
                    ::std::result::Result::Ok(#name { #(#takes)* #command_field: chosen })
                }
                #rt::__fast_refuse!(scalars);
                #rt::__fast_refuse!(seq);
            }
        });
    }

    /// Every reader, for a private module `fast` of the generated module
    /// (written out by [`FastModule::finish`] once the validators are).
    pub fn emit(mut self, validators: &mut Validators, objects: HashMap<usize, super::types::ObjectTable>) -> FastModule {
        self.typed = objects.iter().filter(|(_, t)| t.contract.is_some()).map(|(id, _)| *id).collect();
        self.objects = objects;
        let mut ids: Vec<usize> = self.fast.iter().copied().collect();
        ids.sort_unstable();
        for id in ids {
            match self.plan.types[id].kind.clone() {
                Kind::Struct { fields, extra, .. } => self.structure(validators, id, &fields, &extra),
                Kind::Envelope { .. } => self.envelope(validators, id),
                _ => {}
            }
        }
        self.object_attrs();
        FastModule {
            taken: self.plan.types.iter().map(|t| t.name.clone()).collect(),
            // Only the envelope reader is written out in full and names `de`.
            uses_de: self.fast.iter().any(|id| matches!(self.plan.types[*id].kind, Kind::Envelope { .. })),
            items: self.items,
            attrs: self.attrs,
        }
    }
}

/// The readers of a module, before the validators they call are final.
pub struct FastModule {
    items: Vec<TokenStream>,
    attrs: Vec<ObjectAttrs>,
    /// The generated module's type names.
    taken: HashSet<String>,
    uses_de: bool,
}

impl FastModule {
    /// The module `fast`, naming validators that share a body as `renames`
    /// says; readers alike but for such a validator share one generic item
    /// ([`shared_bodies::generic_items`]).
    pub fn finish(self, renames: &HashMap<String, TokenStream>) -> (TokenStream, HashMap<usize, ObjectAttrs>) {
        // The structs' attributes name readers as the items do: renamed
        // with them, carried through as items of their own.
        let marker = Ident::new("__contracts_object_attrs", Span::call_site());
        let packed = self.attrs.iter().map(|a| {
            let (id, on_struct, on_members) = (a.id, &a.on_struct, &a.on_members);
            quote!(#marker(#id) { [#on_struct] #([#on_members])* })
        });
        let items: Vec<TokenStream> = self.items.into_iter().chain(packed).map(|item| shared_bodies::rename_paths(item, renames)).collect();
        let mut items = shared_bodies::generic_items(items);
        let taken = self.taken.iter().map(String::as_str).collect();
        let mut used = std::collections::BTreeSet::new();
        for item in &mut items {
            let (rewritten, names) = super::std_paths::import_runtime_types(std::mem::take(item), "fast", &taken);
            *item = rewritten;
            used.extend(names);
        }
        // Never merged into a generic item, the attributes are still last.
        let attrs = items.split_off(items.len() - self.attrs.len());
        let attrs: HashMap<usize, ObjectAttrs> = attrs.into_iter().filter_map(unpack_attrs).map(|a| (a.id, a)).collect();
        if items.is_empty() && used.is_empty() {
            return (quote!(), attrs);
        }
        let used = used.iter().map(|n| Ident::new(n, Span::call_site()));
        let de = if self.uses_de {
            quote!(
                use super::rt::__private::serde::de;
            )
        } else {
            quote!()
        };
        // The runtime's readers the structs' attributes name too: their
        // impls (`rt::Object`) import this module's items.
        let module = quote! {
            /// One-pass readers: each member checked as it is read (see `Contract::fast_read`).
            mod fast {
                use super::*;
                pub use super::rt::fast::{#(#used),*};
                #de
                #(#items)*
            }
        };
        (module, attrs)
    }
}

/// A struct's attributes back from the item `finish` carried them as.
fn unpack_attrs(item: TokenStream) -> Option<ObjectAttrs> {
    let trees: Vec<TokenTree> = item.into_iter().collect();
    let [TokenTree::Ident(_), TokenTree::Group(id), TokenTree::Group(body)] = &trees[..] else { return None };
    let id: usize = id.stream().to_string().trim_end_matches("usize").parse().ok()?;
    let mut groups = body.stream().into_iter().filter_map(|t| match t {
        TokenTree::Group(g) => Some(g.stream()),
        _ => None,
    });
    let on_struct = groups.next()?;
    Some(ObjectAttrs { id, on_struct, on_members: groups.collect() })
}
