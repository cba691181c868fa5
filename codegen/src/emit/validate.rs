//! Emits validators: one Rust function per distinct subschema, specialised
//! to its keywords. Identical subschemas share one function (each appends
//! only relative schema pointers; the caller supplies the prefix), dynamic
//! references are resolved at generation time by specialising functions per
//! dynamic scope, and `unevaluated*` gets annotation-collecting variants.

use super::shared_bodies::{self, FnItem};
use crate::check::{Check, Program};
use crate::ir::{Body, Ir, Keywords, NodeId, TypeSet};
use crate::load::{escape_token, DocId};
use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::{format_ident, quote};
use serde_json::{Number, Value};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};

/// A dynamic scope: for each dynamic anchor name in use, the node the
/// outermost resource binds it to.
type Scope = Vec<(String, NodeId)>;

/// Which variant of a node's function: plain, or also recording evaluated
/// members and items for `unevaluated*`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Mode {
    Plain,
    Annotate,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct FnKey {
    shape: [u8; 32],
    scope: usize,
    mode: Mode,
}

/// Generates the validator functions needed by a set of entry nodes.
pub struct Validators<'a> {
    ir: &'a Ir,
    format_assertion: bool,
    runtime: TokenStream,
    shapes: &'a [[u8; 32]],
    scopes: Vec<Scope>,
    scope_ids: HashMap<Scope, usize>,
    dynamic_names: HashSet<String>,
    fns: HashMap<FnKey, Ident>,
    /// The functions the rest of the module calls (`validators::v3`).
    entries: HashSet<String>,
    queue: VecDeque<(FnKey, NodeId)>,
    items: Vec<TokenStream>,
    regexes: BTreeMap<String, Ident>,
    values: BTreeMap<String, Ident>,
    /// Lists of strings written once (see [`Self::words`]).
    words: BTreeMap<Vec<String>, Ident>,
    /// Schema resource URIs the paths name, each once as a `const`.
    bases: Vec<String>,
    resource_roots: HashMap<String, NodeId>,
    sensitive: HashSet<NodeId>,
    /// The document the module is generated from: its nodes' pointers are
    /// written without the file name in the functions' documentation.
    home: Option<DocId>,
}

impl<'a> Validators<'a> {
    /// A generator over `ir`; `runtime` is the path of the runtime crate.
    pub fn new(ir: &'a Ir, format_assertion: bool, runtime: TokenStream) -> Self {
        let mut dynamic_names = HashSet::new();
        for n in &ir.nodes {
            if let Body::Schema(k) = &n.body {
                if let Some(name) = k.dynamic_reference.as_ref().and_then(|r| r.dynamic.clone()) {
                    dynamic_names.insert(name);
                }
            }
        }
        let mut resource_roots = HashMap::new();
        for (id, n) in ir.nodes.iter().enumerate() {
            if n.is_resource {
                resource_roots.entry(n.base.clone()).or_insert(id);
            }
        }
        let sensitive = ir.sensitivity.iter().filter(|(_, v)| v.as_str() == "local").map(|(k, _)| *k).collect();
        let mut v = Validators {
            ir,
            format_assertion,
            runtime,
            shapes: ir.shapes(format_assertion),
            scopes: Vec::new(),
            scope_ids: HashMap::new(),
            dynamic_names,
            fns: HashMap::new(),
            entries: HashSet::new(),
            queue: VecDeque::new(),
            items: Vec::new(),
            regexes: BTreeMap::new(),
            values: BTreeMap::new(),
            words: BTreeMap::new(),
            bases: Vec::new(),
            resource_roots,
            sensitive,
            home: None,
        };
        v.intern_scope(Vec::new());
        v
    }

    /// Names the document the module is generated from (see [`Self::finish`]'s
    /// documentation lines).
    pub fn in_document(mut self, doc: DocId) -> Self {
        self.home = Some(doc);
        self
    }

    /// The schema model.
    pub fn ir(&self) -> &'a Ir {
        self.ir
    }

    /// Whether the node carries `x-sensitivity: local`.
    pub fn is_sensitive(&self, id: NodeId) -> bool {
        self.sensitive.contains(&id)
    }

    /// The function validating `node` as an entry point (the scope a
    /// document validated from its root starts with), queued for emission.
    pub fn entry(&mut self, node: NodeId) -> TokenStream {
        let scope = self.enter(0, node);
        let f = self.function(node, scope, Mode::Plain);
        self.entries.insert(f.to_string());
        quote!(validators::#f)
    }

    /// The type set of a subschema whose one assertion is its `type` (every
    /// other keyword, if any, looks only at values `type` refuses): a value
    /// is valid exactly when its type is in the set, so a reader may check
    /// that alone. (Its validator is the runtime's `types::only` only when
    /// its body is that check alone: the other keywords' checks may still
    /// report errors of their own on a value of the wrong type.)
    pub fn only_type(&self, node: NodeId) -> Option<u8> {
        let Body::Schema(k) = &self.ir.nodes[node].body else { return None };
        let program = Program::of(k, self.format_assertion);
        let [Check::Type(t)] = program.value.as_slice() else { return None };
        let alone = k.reference.is_none() && k.any_of.is_empty() && k.one_of.is_empty() && k.asserting_on() & t.0 == 0;
        alone.then_some(t.0)
    }

    /// The resource URI and the pointer inside it of `node`.
    pub fn schema_location(&self, node: NodeId) -> (String, String) {
        let n = &self.ir.nodes[node];
        (n.base.clone(), n.resource_pointer.clone())
    }

    /// Emits every queued function and the statics they use; and the
    /// functions that now run a shared body (see [`shared_bodies`]), which
    /// the rest of the module must name as `validators::t0::<5>`
    /// ([`shared_bodies::rename_paths`]).
    pub fn finish(mut self) -> (TokenStream, HashMap<String, TokenStream>) {
        let mut fns = Vec::new();
        while let Some((key, node)) = self.queue.pop_front() {
            let name = self.fns[&key].clone();
            fns.push(self.emit_fn(&name, node, key.scope, key.mode));
        }
        let is_plain = |name: &str| shared_bodies::is_numbered(name, "v");
        let shared = shared_bodies::share(fns, is_plain, |name: &str| self.entries.contains(name));
        self.items = shared.items.into_iter().map(|item| shared_bodies::rename(item, &shared.renames)).collect();
        let bases = self.bases.iter().enumerate().map(|(i, uri)| {
            let ident = format_ident!("BASE{}", i);
            quote!(const #ident: &str = #uri;)
        });
        let mut statics = Vec::new();
        for (src, ident) in &self.regexes {
            statics.push(quote!(pub static #ident: rt::Pattern = rt::Pattern::new(#src);));
        }
        for (json, ident) in &self.values {
            statics.push(quote!(static #ident: rt::JsonConst = rt::JsonConst::new(#json);));
        }
        for (list, ident) in &self.words {
            statics.push(quote!(static #ident: &[&str] = rt::words!(#(#list),*);));
        }
        let items = &self.items;
        let tokens = quote! {
            #(#bases)*
            /// Validators: one function per distinct subschema. The module is
            /// private, so `pub` reaches the rest of this module only.
            mod validators {
                #![allow(unused_variables, unused_mut, unused_imports, non_upper_case_globals)]
                // The module's schema resource URIs (`BASE0`), which the types name too.
                use super::*;
                use super::rt::{types::*, Ctx, Loc, SchemaPath as Path, Value};
                #(#statics)*
                #(#items)*
            }
        };
        (tokens, shared.renames)
    }

    /// The module's `const` naming schema resource `uri` (`BASE0`, `BASE1`,
    /// …): one table, which the types' and readers' schema locations name too.
    pub(crate) fn base(&mut self, uri: &str) -> Ident {
        let i = self.bases.iter().position(|b| b == uri).unwrap_or_else(|| {
            self.bases.push(uri.to_owned());
            self.bases.len() - 1
        });
        format_ident!("BASE{}", i)
    }

    fn intern_scope(&mut self, s: Scope) -> usize {
        if let Some(&id) = self.scope_ids.get(&s) {
            return id;
        }
        let id = self.scopes.len();
        self.scopes.push(s.clone());
        self.scope_ids.insert(s, id);
        id
    }

    /// The scope after evaluation enters the resource containing `node`:
    /// anchors of that resource are bound unless an outer one bound them.
    fn enter(&mut self, scope: usize, node: NodeId) -> usize {
        if self.dynamic_names.is_empty() {
            return scope;
        }
        let Some(&root) = self.resource_roots.get(&self.ir.nodes[node].base) else { return scope };
        let Some(anchors) = self.ir.resource_anchors.get(&root) else { return scope };
        let mut s = self.scopes[scope].clone();
        for (name, target) in anchors {
            if self.dynamic_names.contains(name) && !s.iter().any(|(n, _)| n == name) {
                s.push((name.clone(), *target));
            }
        }
        s.sort();
        self.intern_scope(s)
    }

    fn function(&mut self, node: NodeId, scope: usize, mode: Mode) -> Ident {
        let shape = self.shape(node);
        // Scopes matter only to nodes that can reach a dynamic reference;
        // keep them apart only when any are in use.
        let key = FnKey { shape, scope, mode };
        if let Some(id) = self.fns.get(&key) {
            return id.clone();
        }
        let suffix = if mode == Mode::Annotate { "a" } else { "v" };
        let ident = Ident::new(&format!("{suffix}{}", self.fns.len()), Span::call_site());
        self.fns.insert(key.clone(), ident.clone());
        self.queue.push_back((key, node));
        ident
    }

    /// The static holding pattern `src` compiled (`RE0`, …): one table per
    /// module, which the readers name too (`validators::RE0`).
    pub(crate) fn pattern(&mut self, src: &str) -> Ident {
        let n = self.regexes.len();
        self.regexes.entry(src.to_owned()).or_insert_with(|| Ident::new(&format!("RE{n}"), Span::call_site())).clone()
    }

    fn value(&mut self, v: &Value) -> Ident {
        let json = v.to_string();
        let n = self.values.len();
        self.values.entry(json).or_insert_with(|| Ident::new(&format!("VALUE{n}"), Span::call_site())).clone()
    }

    /// A list of strings (an `enum`'s, `required`'s): written in place when
    /// short, else once as a static (`WORDS0`) whose list `rt::words!`
    /// lets the formatter fill line by line, where an array literal would
    /// take a line per string.
    fn words<'s>(&mut self, list: impl Iterator<Item = &'s str>) -> TokenStream {
        let list: Vec<&str> = list.collect();
        if list.iter().map(|w| w.len() + 4).sum::<usize>() <= 48 {
            return quote!(&[#(#list),*]);
        }
        let key: Vec<String> = list.iter().map(|w| (*w).to_owned()).collect();
        let n = self.words.len();
        let ident = self.words.entry(key).or_insert_with(|| Ident::new(&format!("WORDS{n}"), Span::call_site())).clone();
        quote!(#ident)
    }

    fn shape(&mut self, id: NodeId) -> [u8; 32] {
        self.shapes[id]
    }

    fn emit_fn(&mut self, name: &Ident, id: NodeId, scope: usize, mode: Mode) -> FnItem {
        let body = match &self.ir.nodes[id].body {
            // `true` evaluates nothing by itself, so records no annotation.
            Body::Bool(true) => quote!(true),
            Body::Bool(false) => quote!(c.false_schema(l, s)),
            Body::Schema(k) => {
                let k = (**k).clone();
                self.emit_body(id, &k, scope, mode)
            }
        };
        // Where the function comes from (the first of the subschemas that
        // share it): `#/properties/x`, or `file#/…` in another document.
        let n = &self.ir.nodes[id];
        let file = if self.home == Some(n.doc) { "" } else { self.ir.doc_paths[n.doc].as_str() };
        let doc = format!(" `{file}#{}`", n.pointer.replace(char::is_control, "\u{fffd}"));
        // A `type` check alone is the runtime's validator, named here.
        let type_only = match &self.ir.nodes[id].body {
            Body::Schema(k) if mode == Mode::Plain => match Program::of(k, self.format_assertion).value.as_slice() {
                [Check::Type(t)] if body.to_string() == type_check(t.0).to_string() => Some(only_validator(t.0)),
                _ => None,
            },
            _ => None,
        };
        let item = match (mode, type_only) {
            (Mode::Plain, Some(only)) => quote! {
                #[doc = #doc]
                pub const #name: rt::Check = #only;
            },
            (Mode::Plain, None) => quote! {
                #[doc = #doc]
                pub fn #name(i: &Value, l: &Loc, c: &mut Ctx, s: &Path) -> bool {
                    #body
                }
            },
            (Mode::Annotate, _) => quote! {
                #[doc = #doc]
                pub fn #name(i: &Value, l: &Loc, c: &mut Ctx, s: &Path, ev: &mut rt::Evaluated) -> bool {
                    #body
                }
            },
        };
        FnItem { name: name.clone(), doc, item, body: (mode == Mode::Plain).then_some(body) }
    }

    /// A call of child `child` (reached through relative pointer `rel`) on
    /// instance expression `inst` at location expression `loc`.
    fn call(&mut self, parent: NodeId, child: NodeId, scope: usize, inst: TokenStream, loc: TokenStream, ev: Option<TokenStream>) -> TokenStream {
        let rel = self.ir.relative_pointer(parent, child);
        let path = self.child_path(child, quote!(s), &rel);
        self.call_with_path(child, scope, inst, loc, path, ev)
    }

    fn child_path(&mut self, child: NodeId, parent_path: TokenStream, rel: &str) -> TokenStream {
        let n = &self.ir.nodes[child];
        let mut path = if n.is_inner_resource() {
            let base = self.base(&n.base.clone());
            quote!(#parent_path.resource(#rel, #base))
        } else {
            quote!(#parent_path.child(#rel))
        };
        if self.sensitive.contains(&child) {
            path = quote!(#path.sensitive());
        }
        path
    }

    fn call_with_path(&mut self, child: NodeId, scope: usize, inst: TokenStream, loc: TokenStream, path: TokenStream, ev: Option<TokenStream>) -> TokenStream {
        // Below a sensitive value, member names are redacted like values.
        let loc = if self.sensitive.contains(&child) { quote!(&(#loc).local()) } else { loc };
        let scope = if self.ir.nodes[child].is_resource { self.enter(scope, child) } else { scope };
        let call = match ev {
            None => {
                let f = self.function(child, scope, Mode::Plain);
                quote!(#f(#inst, #loc, c, &#path))
            }
            Some(ev) => {
                let f = self.function(child, scope, Mode::Annotate);
                quote!(#f(#inst, #loc, c, &#path, #ev))
            }
        };
        if self.sensitive.contains(&child) {
            // Where sensitive data sits, for stripping it before relaying.
            quote!({ c.mark_sensitive(#loc); #call })
        } else {
            call
        }
    }

    fn emit_body(&mut self, id: NodeId, k: &Keywords, scope: usize, mode: Mode) -> TokenStream {
        let rt = self.runtime.clone();
        // Annotations are tracked when asked for, or when this node itself
        // has `unevaluated*` and needs them from its in-place applicators.
        let has_uneval = k.unevaluated_properties.is_some() || k.unevaluated_items.is_some();
        let track = mode == Mode::Annotate || has_uneval;
        let ev = if track { Some(quote!(ev)) } else { None };
        let mut parts: Vec<Part> = Vec::new();

        // $ref
        if let Some(r) = &k.reference {
            let t = &self.ir.nodes[r.target];
            let (base, ptr) = (self.base(&t.base.clone()), t.resource_pointer.clone());
            let path = quote!(s.reference("/$ref", #base, #ptr));
            let scope2 = self.enter(scope, r.target);
            let call = self.call_with_path(r.target, scope2, quote!(i), quote!(l), path, ev.clone());
            parts.push(Part::Check(quote!(#call)));
        }
        if let Some(r) = &k.dynamic_reference {
            let mut target = r.target;
            if let Some(name) = &r.dynamic {
                if let Some((_, bound)) = self.scopes[scope].iter().find(|(n, _)| n == name) {
                    target = *bound;
                }
            }
            let t = &self.ir.nodes[target];
            let (base, ptr) = (self.base(&t.base.clone()), t.resource_pointer.clone());
            let kw = format!("/{}", r.keyword);
            let path = quote!(s.reference(#kw, #base, #ptr));
            let scope2 = self.enter(scope, target);
            let call = self.call_with_path(target, scope2, quote!(i), quote!(l), path, ev.clone());
            parts.push(Part::Check(quote!(#call)));
        }

        // The assertions, as one check program: on the value itself (`type`,
        // `const`, `enum`), then the string's, the number's, the array's and
        // the object's (before the applicators on their items and members).
        let program = Program::of(k, self.format_assertion);
        for check in &program.value {
            let call = self.render(check);
            parts.push(Part::Check(call));
        }
        let strings: Vec<TokenStream> = program.string.iter().map(|c| self.render(c)).collect();
        let numbers: Vec<TokenStream> = program.number.iter().map(|c| self.render(c)).collect();
        let arrays = self.array_checks(id, k, &program.array, scope, ev.clone());
        let objects = self.object_checks(id, k, &program.object, scope, ev.clone());
        // Keywords of one JSON type only, which `type` admits: a value of
        // that type passes `type`, so the type's arm holds its keywords and
        // every other value gets the `type` check alone (`STRING | OBJECT`
        // with only `properties`: `let Value::Object(x) = i else { … }`).
        let applicators = k.reference.is_some()
            || k.dynamic_reference.is_some()
            || !k.all_of.is_empty()
            || !k.any_of.is_empty()
            || !k.one_of.is_empty()
            || k.not.is_some()
            || k.if_.is_some()
            || !k.dependent_schemas.is_empty()
            || has_uneval;
        if let ([Check::Type(t)], false, [Part::Check(type_check)]) = (program.value.as_slice(), applicators, parts.as_slice()) {
            let admits = |kind: u8| t.0 & kind != 0;
            let only = |kind: &Vec<TokenStream>, others: [bool; 3]| !kind.is_empty() && others.iter().all(|o| *o);
            let other = quote!(_ => #type_check);
            if only(&strings, [numbers.is_empty(), arrays.is_empty(), objects.is_empty()]) && admits(TypeSet::STRING) {
                return quote!(match i { Value::String(x) => #(#strings)&*, #other });
            }
            if only(&numbers, [strings.is_empty(), arrays.is_empty(), objects.is_empty()]) {
                if admits(TypeSet::NUMBER) {
                    return quote!(match i { Value::Number(x) => #(#numbers)&*, #other });
                }
                // Only integers pass `type`: a number's arm checks it too.
                if admits(TypeSet::INTEGER | crate::keywords::types::INTEGER_AS_WRITTEN) {
                    return quote!(match i { Value::Number(x) => #type_check & #(#numbers)&*, #other });
                }
            }
            let plain = mode == Mode::Plain && strings.is_empty() && numbers.is_empty();
            if plain && arrays.is_empty() && !objects.is_empty() && admits(TypeSet::OBJECT) {
                let body = checks_body(&objects);
                return quote! {
                    let Value::Object(x) = i else { return #type_check };
                    #body
                };
            }
            if plain && objects.is_empty() && !arrays.is_empty() && admits(TypeSet::ARRAY) {
                let body = checks_body(&arrays);
                return quote! {
                    let Value::Array(x) = i else { return #type_check };
                    #body
                };
            }
        }
        let mut arms: Vec<(TokenStream, TokenStream)> = Vec::new();
        if !strings.is_empty() {
            arms.push((quote!(Value::String(x)), quote!(#(ok &= #strings;)*)));
        }
        if !numbers.is_empty() {
            arms.push((quote!(Value::Number(x)), quote!(#(ok &= #numbers;)*)));
        }
        if !arrays.is_empty() {
            let stmts = arrays.iter().map(Part::statement);
            arms.push((quote!(Value::Array(x)), quote!(#(#stmts)*)));
        }
        if !objects.is_empty() {
            let stmts = objects.iter().map(Part::statement);
            arms.push((quote!(Value::Object(x)), quote!(#(#stmts)*)));
        }
        if !parts.is_empty() && !arms.is_empty() {
            parts.push(Part::Stop);
        }
        let mut arms = arms;
        if arms.len() == 1 {
            let (pat, body) = arms.remove(0);
            parts.push(Part::Stmt(quote!(if let #pat = i { #body })));
        } else if !arms.is_empty() {
            let arms = arms.iter().map(|(pat, body)| quote!(#pat => { #body }));
            parts.push(Part::Stmt(quote!(match i { #(#arms)* _ => {} })));
        }
        if !arms.is_empty() && (!k.all_of.is_empty() || !k.any_of.is_empty() || !k.one_of.is_empty() || k.not.is_some() || k.if_.is_some()) {
            parts.push(Part::Stop);
        }

        // In-place applicators.
        for c in k.all_of.clone() {
            let call = self.call(id, c, scope, quote!(i), quote!(l), ev.clone());
            parts.push(Part::Check(quote!(#call)));
        }
        if !k.any_of.is_empty() {
            parts.push(self.any_of(id, k, scope, track));
        }
        if !k.one_of.is_empty() {
            parts.push(self.one_of(id, k, scope, track));
        }
        if let Some(n) = k.not {
            let call = self.call(id, n, scope, quote!(i), quote!(l), None);
            parts.push(Part::Stmt(quote!(if c.quiet(|c| #call) { ok &= c.not_failed(l, s); })));
        }
        // Without `then` and `else`, `if` matters only for its annotations.
        let if_matters = k.then_.is_some() || k.else_.is_some() || track;
        if let Some(cond) = k.if_.filter(|_| if_matters) {
            let test = if track {
                let call = self.call(id, cond, scope, quote!(i), quote!(l), Some(quote!(&mut e)));
                quote!({ let mut e = #rt::Evaluated::default(); let r = c.quiet(|c| #call); if r { ev.merge(e); } r })
            } else {
                let call = self.call(id, cond, scope, quote!(i), quote!(l), None);
                quote!(c.quiet(|c| #call))
            };
            let then_ = k.then_.map(|t| self.call(id, t, scope, quote!(i), quote!(l), ev.clone()));
            let else_ = k.else_.map(|t| self.call(id, t, scope, quote!(i), quote!(l), ev.clone()));
            parts.push(Part::Stmt(match (then_, else_) {
                (Some(t), Some(e)) => quote!(if #test { ok &= #t; } else { ok &= #e; }),
                (Some(t), None) => quote!(if #test { ok &= #t; }),
                (None, Some(e)) => quote!(if !#test { ok &= #e; }),
                (None, None) if track => quote!(#test;),
                (None, None) => quote!(),
            }));
        }
        if !k.dependent_schemas.is_empty() {
            let mut checks = Vec::new();
            for (name, dep) in k.dependent_schemas.clone() {
                let call = self.call(id, dep, scope, quote!(i), quote!(l), ev.clone());
                checks.push(quote!(if x.contains_key(#name) { ok &= #call; }));
            }
            parts.push(Part::Stmt(quote!(if let Value::Object(x) = i { #(#checks)* })));
        }

        // unevaluated*, after every in-place applicator has recorded.
        if let Some(u) = k.unevaluated_properties {
            let call = self.call(id, u, scope, quote!(v), quote!(&l.key(key)), None);
            parts.push(Part::Stmt(quote! {
                if let Value::Object(x) = i {
                    for (key, v) in x {
                        if !ev.has_property(key) {
                            ok &= #call;
                        }
                    }
                }
                ev.all_properties = true;
            }));
        }
        if let Some(u) = k.unevaluated_items {
            let call = self.call(id, u, scope, quote!(v), quote!(&l.index(idx)), None);
            parts.push(Part::Stmt(quote! {
                if let Value::Array(x) = i {
                    for (idx, v) in x.iter().enumerate() {
                        if !ev.has_item(idx) {
                            ok &= #call;
                        }
                    }
                }
                ev.all_items = true;
            }));
        }

        // A node with `unevaluated*` sees only what its own keywords
        // evaluated (a fresh record), and then reports everything it
        // evaluated to its caller when annotating.
        let (prelude, postlude) = match (has_uneval, mode) {
            (true, Mode::Plain) => (quote!(let mut ev_local = #rt::Evaluated::default(); let ev = &mut ev_local;), quote!()),
            (true, Mode::Annotate) => {
                (quote!(let ev_outer = ev; let mut ev_local = #rt::Evaluated::default(); let ev = &mut ev_local;), quote!(ev_outer.merge(ev_local);))
            }
            (false, _) => (quote!(), quote!()),
        };
        if parts.is_empty() {
            return quote!(true);
        }
        if !has_uneval {
            if let Some(expr) = Part::conjunction(&parts) {
                return expr;
            }
        }
        let stmts = parts.iter().map(Part::statement);
        quote! {
            #prelude
            let mut ok = true;
            #(#stmts)*
            #postlude
            ok
        }
    }

    /// A check as the full validator runs it: the `Ctx` helper that
    /// records the keyword's error, on the value `i` (`type`, `const`,
    /// `enum`) or on the string or number `x` the caller matched.
    fn render(&mut self, check: &Check) -> TokenStream {
        let rt = self.runtime.clone();
        let num = |b: &Number| -> TokenStream {
            if let Some(u) = b.as_u64() {
                quote!(#rt::Num::U(#u))
            } else if let Some(i) = b.as_i64() {
                quote!(#rt::Num::I(#i))
            } else {
                let lit = Literal::f64_suffixed(b.as_f64().unwrap_or(0.0));
                quote!(#rt::Num::F(#lit))
            }
        };
        match *check {
            Check::Type(t) => type_check(t.0),
            Check::Const(Value::String(x)) => quote!(c.const_str(l, s, i, #x)),
            Check::Const(v) => {
                let st = self.value(v);
                quote!(c.const_of(l, s, i, #st.get()))
            }
            Check::Enum(vals) if vals.iter().all(Value::is_string) => {
                let strs = self.words(vals.iter().filter_map(Value::as_str));
                quote!(c.enum_str(l, s, i, #strs))
            }
            Check::Enum(vals) => {
                let st = self.value(&Value::Array(vals.to_vec()));
                quote!(c.enum_of(l, s, i, #st.items()))
            }
            Check::Count { helper, bound, .. } => {
                let helper = format_ident!("{helper}");
                quote!(c.#helper(l, s, x, #bound))
            }
            Check::Pattern(p) => {
                let re = self.pattern(p);
                quote!(c.pattern(l, s, x, &#re))
            }
            Check::Format(f) => quote!(c.format(l, s, x, #f, #rt::format::check(#f, x))),
            Check::Content { encoding, media_type } => {
                let opt = |v: Option<&str>| match v {
                    Some(v) => quote!(Some(#v)),
                    None => quote!(None),
                };
                let (enc, media) = (opt(encoding), opt(media_type));
                quote!(c.content(l, s, x, #enc, #media))
            }
            Check::Compare { helper, keyword, bound } => {
                let (helper, n, keyword) = (format_ident!("{helper}"), num(bound), keyword.into_iter());
                quote!(c.#helper(l, s, #(#keyword,)* x, #n))
            }
            Check::UniqueItems => quote!(c.unique_items(l, s, x)),
            Check::Required(names) => {
                let names = self.words(names.iter().map(String::as_str));
                quote!(c.required(l, s, x, #names))
            }
        }
    }

    fn array_checks(&mut self, id: NodeId, k: &Keywords, checks: &[Check], scope: usize, ev: Option<TokenStream>) -> Vec<Part> {
        let mut out: Vec<Part> = checks.iter().map(|c| Part::Check(self.render(c))).collect();
        let prefix = k.prefix_items.clone();
        if let Some(table) = self.prefix_table(id, &prefix, scope) {
            out.push(Part::Check(table));
        } else {
            for (idx, p) in prefix.iter().enumerate() {
                let call = self.call(id, *p, scope, quote!(v), quote!(&l.index(#idx)), None);
                let get = if idx == 0 { quote!(x.first()) } else { quote!(x.get(#idx)) };
                out.push(Part::Stmt(quote!(if let Some(v) = #get { ok &= #call; })));
            }
        }
        if let Some(items) = k.items {
            let from = prefix.len();
            if self.ir.nodes[items].is_inner_resource() || self.sensitive.contains(&items) {
                let call = self.call(id, items, scope, quote!(v), quote!(&l.index(idx)), None);
                out.push(Part::Stmt(quote!(for (idx, v) in c.indexed(x, #from) { ok &= #call; })));
            } else {
                let rel = self.ir.relative_pointer(id, items);
                let f = self.function(items, scope, Mode::Plain);
                out.push(Part::Check(quote!(c.items(l, s, x, #from, #rel, #f))));
            }
        }
        if ev.is_some() && (!prefix.is_empty() || k.items.is_some()) {
            let n = prefix.len();
            if k.items.is_some() {
                out.push(Part::Stmt(quote!(ev.all_items = true;)));
            } else {
                out.push(Part::Stmt(quote!(ev.prefix = ev.prefix.max(#n.min(x.len()));)));
            }
        }
        if let Some(cn) = k.contains {
            let call = self.call(id, cn, scope, quote!(v), quote!(&l.index(idx)), None);
            let min = k.min_contains.unwrap_or(1);
            let max = match k.max_contains {
                Some(m) => quote!(Some(#m)),
                None => quote!(None),
            };
            let record = if ev.is_some() { quote!(ev.items.insert(idx);) } else { quote!() };
            out.push(Part::Stmt(quote! {
                let mut found = 0usize;
                for (idx, v) in x.iter().enumerate() {
                    if c.quiet(|c| #call) { found += 1; #record }
                }
                ok &= c.contains_count(l, s, found, #min, #max);
            }));
        }
        out
    }

    /// `prefixItems` (or the array form of `items`) as one call with the
    /// table of item validators, `c.prefix_items(l, s, x, "/items", &[v3, v7])`;
    /// `None` when an item needs more than a plain call (a schema resource
    /// of its own, or sensitive data).
    fn prefix_table(&mut self, id: NodeId, prefix: &[NodeId], scope: usize) -> Option<TokenStream> {
        let first = *prefix.first()?;
        let plain = |n: &NodeId| !self.ir.nodes[*n].is_resource && !self.sensitive.contains(n);
        if !prefix.iter().all(plain) {
            return None;
        }
        let first_rel = self.ir.relative_pointer(id, first);
        let rel = first_rel.strip_suffix("/0")?.to_owned();
        if prefix.iter().enumerate().any(|(n, p)| self.ir.relative_pointer(id, *p) != format!("{rel}/{n}")) {
            return None;
        }
        let fs: Vec<Ident> = prefix.iter().map(|p| self.function(*p, scope, Mode::Plain)).collect();
        Some(quote!(c.prefix_items(l, s, x, #rel, &[#(#fs),*])))
    }

    /// How an object's validator calls the schema of member `p`.
    fn member_kind(&self, p: NodeId) -> MemberKind {
        if self.ir.nodes[p].is_inner_resource() {
            MemberKind::Resource
        } else if self.sensitive.contains(&p) {
            MemberKind::Sensitive
        } else {
            MemberKind::Plain
        }
    }

    fn object_checks(&mut self, id: NodeId, k: &Keywords, checks: &[Check], scope: usize, ev: Option<TokenStream>) -> Vec<Part> {
        let mut out: Vec<Part> = checks.iter().map(|c| Part::Check(self.render(c))).collect();
        for (trigger, names) in &k.dependent_required {
            let kw = k.dependent_required_keyword;
            let rel_kw = format!("{kw}/{}", escape_token(trigger));
            out.push(Part::Check(quote!(c.dependent_required(l, s, #rel_kw, x, #trigger, &[#(#names),*]))));
        }
        // A member whose schema checks nothing (`{}`, `true`, a description)
        // is left out of the checks; its name still counts as evaluated.
        let checked: Vec<(String, NodeId)> = k.properties.iter().filter(|(_, p)| !self.ir.checks_nothing(*p)).cloned().collect();
        // Many plain members are one table (a line per member); a few, or
        // any that needs more than a call, stay a chain of calls.
        if ev.is_none() && checked.len() >= PROPS_TABLE_FROM && checked.iter().all(|(_, p)| self.member_kind(*p) == MemberKind::Plain) {
            let rows: Vec<TokenStream> = checked
                .into_iter()
                .map(|(name, p)| {
                    let f = self.function(p, scope, Mode::Plain);
                    quote!(#name #f)
                })
                .collect();
            out.push(Part::Check(quote!(c.props(l, s, x, rt::props!(#(#rows),*)))));
        } else {
            for (name, p) in k.properties.clone() {
                let kind = if self.ir.checks_nothing(p) { None } else { Some(self.member_kind(p)) };
                match kind {
                    None => {}
                    Some(MemberKind::Resource) => {
                        let call = self.call(id, p, scope, quote!(v), quote!(&l.key(#name)), None);
                        out.push(Part::Stmt(quote!(if let Some(v) = x.get(#name) { ok &= #call; })));
                    }
                    Some(MemberKind::Sensitive) => {
                        let f = self.function(p, scope, Mode::Plain);
                        out.push(Part::Check(quote!(c.prop_sensitive(l, s, x, #name, #f))));
                    }
                    Some(MemberKind::Plain) => {
                        let f = self.function(p, scope, Mode::Plain);
                        out.push(Part::Check(quote!(c.prop(l, s, x, #name, #f))));
                    }
                }
                if ev.is_some() {
                    out.push(Part::Stmt(quote!(if x.contains_key(#name) { ev.properties.insert(#name.to_owned()); })));
                }
            }
        }
        if let Some(pn) = k.property_names {
            let call = self.call(id, pn, scope, quote!(&key_value), quote!(l), None);
            out.push(Part::Stmt(quote! {
                for key in x.keys() {
                    let key_value = Value::String(key.clone());
                    if !c.quiet(|c| #call) {
                        ok &= c.bad_property_name(l, s, key);
                    }
                }
            }));
        }
        let patterns = k.pattern_properties.clone();
        let closed = k.additional_properties.filter(|a| matches!(self.ir.nodes[*a].body, Body::Bool(false)));
        // `additionalProperties: true` (or `{}`) checks nothing: no loop over the members for it.
        let additional_checks = k.additional_properties.filter(|a| !self.ir.checks_nothing(*a));
        if closed.is_some() && patterns.is_empty() {
            // Only the named members: one call, the names matched in place.
            let names = self.words(k.properties.iter().map(|(n, _)| n.as_str()));
            out.push(Part::Check(quote!(c.unexpected_members(l, s, x, #names))));
            if ev.is_some() {
                out.push(Part::Stmt(quote!(ev.all_properties = true;)));
            }
        } else if !patterns.is_empty() || additional_checks.is_some() {
            let names: Vec<&String> = k.properties.iter().map(|(n, _)| n).collect();
            let known = if names.is_empty() { quote!(false) } else { quote!(matches!(key.as_str(), #(#names)|*)) };
            let track_match = additional_checks.is_some();
            let mut pattern_checks = Vec::new();
            for (src, p) in &patterns {
                let re = self.pattern(src);
                let rel = self.ir.relative_pointer(id, *p);
                let path = self.child_path(*p, quote!(s), &rel);
                // A long pattern on the call's line would leave prettyplease
                // only the `::<K>` of a shared body to break (`t3::<` / `14,`
                // / `>(v, …)`): such a path is bound first.
                let (bind, path) = if rel.len() > LONG_PATTERN_PATH { (quote!(let at = #path;), quote!(at)) } else { (quote!(), path) };
                let call = self.call_with_path(*p, scope, quote!(v), quote!(&l.key(key)), path, None);
                let seen = if track_match { quote!(matched = true;) } else { quote!() };
                pattern_checks.push(quote!(if c.key_matches(l, s, key, &#re, &mut ok) { #seen #bind ok &= #call; }));
            }
            let additional = match additional_checks {
                Some(a) if matches!(self.ir.nodes[a].body, Body::Bool(false)) => {
                    let rel = self.ir.relative_pointer(id, a);
                    let kw = rel.trim_start_matches('/').to_owned();
                    quote!(if !matched { ok &= c.unexpected_member(l, s, #kw, key); })
                }
                Some(a) => {
                    let call = self.call(id, a, scope, quote!(v), quote!(&l.key(key)), None);
                    quote!(if !matched { ok &= #call; })
                }
                None => quote!(),
            };
            let decl = if track_match { quote!(let mut matched = #known;) } else { quote!() };
            out.push(Part::Stmt(quote! {
                for (key, v) in x {
                    #decl
                    #(#pattern_checks)*
                    #additional
                }
            }));
            if ev.is_some() {
                if k.additional_properties.is_some() {
                    out.push(Part::Stmt(quote!(ev.all_properties = true;)));
                } else {
                    let res: Vec<Ident> = patterns.iter().map(|(src, _)| self.pattern(src)).collect();
                    out.push(Part::Stmt(quote! {
                        for key in x.keys() {
                            if false #(|| #res.is_match(key))* { ev.properties.insert(key.clone()); }
                        }
                    }));
                }
            }
        } else if k.additional_properties.is_some() && ev.is_some() {
            // Every member was evaluated, by `additionalProperties: true`.
            out.push(Part::Stmt(quote!(ev.all_properties = true;)));
        }
        out
    }

    /// The discriminating member of a union: a property every branch gives a
    /// string `const` (branches without one count as "any value").
    fn discriminator(&self, branches: &[NodeId]) -> Option<(String, Vec<Option<String>>)> {
        let first = self.ir.keywords(*branches.first()?)?;
        'names: for (name, _) in &first.properties {
            let mut consts = Vec::new();
            for b in branches {
                let k = self.ir.keywords(*b)?;
                let c = k
                    .properties
                    .iter()
                    .find(|(n, _)| n == name)
                    .and_then(|(_, p)| self.ir.keywords(*p))
                    .and_then(|pk| pk.const_.as_ref())
                    .and_then(Value::as_str);
                consts.push(c.map(str::to_owned));
            }
            if consts.iter().filter(|c| c.is_some()).count() < 2 {
                continue 'names;
            }
            return Some((name.clone(), consts));
        }
        None
    }

    /// After a union failed while collecting: re-run the branches a reader
    /// would consider (those whose discriminator matches, else all), each
    /// recording apart, and let the runtime report the union's error and
    /// the closest branch's (`Ctx::explain_branches`).
    fn explain_union(&mut self, id: NodeId, branches: &[NodeId], scope: usize, kw: &str) -> TokenStream {
        let calls: Vec<TokenStream> = branches
            .iter()
            .enumerate()
            .map(|(n, b)| {
                let call = self.call(id, *b, scope, quote!(i), quote!(l), None);
                quote!((#n, c.capture(|c| #call).1))
            })
            .collect();
        let explain = |cs: &[&TokenStream]| quote!({ let found = vec![#(#cs),*]; c.explain_branches(l, s, #kw, found); });
        let every = explain(&calls.iter().collect::<Vec<_>>());
        match self.discriminator(branches) {
            Some((name, consts)) => {
                let mut arms = Vec::new();
                let mut by_value: BTreeMap<String, Vec<usize>> = BTreeMap::new();
                for (idx, cst) in consts.iter().enumerate() {
                    if let Some(v) = cst {
                        by_value.entry(v.clone()).or_default().push(idx);
                    }
                }
                for (v, idxs) in &by_value {
                    let chosen = explain(&idxs.iter().map(|i| &calls[*i]).collect::<Vec<_>>());
                    arms.push(quote!(Some(#v) => #chosen));
                }
                quote! {
                    match i.get(#name).and_then(Value::as_str) {
                        #(#arms)*
                        _ => #every
                    }
                }
            }
            None => every,
        }
    }

    /// A union whose branches are each a string `const` and nothing else
    /// that asserts (`anyOf: [{"const": "fast"}, {"const": "coding"}]`,
    /// maybe with `"type": "string"`,
    /// often with a description per value): checked as one `enum`, so a
    /// value outside it is one error ("must be one of …") at the union.
    /// A `oneOf` qualifies only when the values are distinct (else a value
    /// could match two branches).
    fn union_of_strs(&mut self, branches: &[NodeId], kw: &str) -> Option<TokenStream> {
        let mut values = Vec::new();
        for b in branches {
            let k = self.ir.keywords(*b)?;
            let Some(Value::String(v)) = &k.const_ else { return None };
            let mut rest = k.clone();
            rest.const_ = None;
            // `"type": "string"` beside a string `const` asserts nothing more.
            if rest.types.is_some_and(|t| t.0 & TypeSet::STRING != 0) {
                rest.types = None;
            }
            let asserts_more = rest.reference.is_some() || !rest.any_of.is_empty() || !rest.one_of.is_empty() || !rest.only_references_and_choices();
            if asserts_more || self.sensitive.contains(b) || self.ir.nodes[*b].is_resource {
                return None;
            }
            values.push(v.as_str());
        }
        let distinct: BTreeSet<&str> = values.iter().copied().collect();
        if values.is_empty() || (kw == "oneOf" && distinct.len() != values.len()) {
            return None;
        }
        let values = self.words(values.into_iter());
        Some(quote!(c.union_of_strs(l, s, i, #kw, #values)))
    }

    /// The table form of a union's branches, when every branch can be
    /// called through a plain `Check` (no new resource, no sensitivity mark).
    fn branch_table(&mut self, branches: &[NodeId], scope: usize) -> Option<TokenStream> {
        if branches.iter().any(|b| self.ir.nodes[*b].is_inner_resource() || self.sensitive.contains(b)) {
            return None;
        }
        let (tag, consts) = match self.discriminator(branches) {
            Some((name, consts)) => (quote!(Some(#name)), consts),
            None => (quote!(None), vec![None; branches.len()]),
        };
        let mut rows = Vec::new();
        for (b, value) in branches.iter().zip(consts) {
            let f = self.function(*b, scope, Mode::Plain);
            let value = match value {
                Some(v) => quote!(Some(#v)),
                None => quote!(None),
            };
            rows.push(quote!((#f, #value)));
        }
        Some(quote!(&[#(#rows),*], #tag))
    }

    fn any_of(&mut self, id: NodeId, k: &Keywords, scope: usize, track: bool) -> Part {
        let rt = self.runtime.clone();
        let branches = k.any_of.clone();
        if let Some(check) = self.union_of_strs(&branches, "anyOf") {
            return Part::Check(check);
        }
        if !track {
            if let Some(table) = self.branch_table(&branches, scope) {
                return Part::Check(quote!(c.any_of(i, l, s, #table)));
            }
        }
        let explain = self.explain_union(id, &branches, scope, "anyOf");
        let test = if track {
            // Every branch is evaluated: each passing one contributes annotations.
            let mut tests = Vec::new();
            for b in &branches {
                let call = self.call(id, *b, scope, quote!(i), quote!(l), Some(quote!(&mut e)));
                tests.push(quote!({ let mut e = #rt::Evaluated::default(); if c.quiet(|c| #call) { ev.merge(e); any = true; } }));
            }
            quote!({ let mut any = false; #(#tests)* any })
        } else {
            let tests: Vec<TokenStream> = branches
                .iter()
                .map(|b| {
                    let call = self.call(id, *b, scope, quote!(i), quote!(l), None);
                    quote!(c.quiet(|c| #call))
                })
                .collect();
            quote!(#(#tests)||*)
        };
        Part::Stmt(quote! {
            if !(#test) {
                ok = false;
                if !c.is_collecting() { return false; }
                #explain
            }
        })
    }

    fn one_of(&mut self, id: NodeId, k: &Keywords, scope: usize, track: bool) -> Part {
        let rt = self.runtime.clone();
        let branches = k.one_of.clone();
        if let Some(check) = self.union_of_strs(&branches, "oneOf") {
            return Part::Check(check);
        }
        if !track {
            if let Some(table) = self.branch_table(&branches, scope) {
                return Part::Check(quote!(c.one_of(i, l, s, #table)));
            }
        }
        let explain = self.explain_union(id, &branches, scope, "oneOf");
        let mut tests = Vec::new();
        for (idx, b) in branches.iter().enumerate() {
            if track {
                let call = self.call(id, *b, scope, quote!(i), quote!(l), Some(quote!(&mut e)));
                tests.push(quote!({ let mut e = #rt::Evaluated::default(); if c.quiet(|c| #call) { matched.push(#idx); kept = Some(e); } }));
            } else {
                let call = self.call(id, *b, scope, quote!(i), quote!(l), None);
                tests.push(quote!(if c.quiet(|c| #call) { matched.push(#idx); }));
            }
        }
        let (decl, merge) = if track {
            (
                quote!(let mut kept: Option<#rt::Evaluated> = None;),
                quote!(if matched.len() == 1 {
                    if let Some(e) = kept {
                        ev.merge(e);
                    }
                }),
            )
        } else {
            (quote!(), quote!())
        };
        Part::Stmt(quote! {
            {
                let mut matched: Vec<usize> = Vec::new();
                #decl
                #(#tests)*
                if matched.len() != 1 {
                    ok = false;
                    if !c.is_collecting() { return false; }
                    if matched.is_empty() { #explain } else { c.one_of_failed(l, s, &matched); }
                }
                #merge
            }
        })
    }
}

/// How an object's validator calls a member's schema.
#[derive(Clone, Copy, PartialEq, Eq)]
enum MemberKind {
    /// A resource of its own (its base URI is the member's): through its call.
    Resource,
    /// Marked sensitive: `Ctx::prop_sensitive`, which keeps its value out of messages.
    Sensitive,
    /// Any other: `Ctx::prop`, or a row of `rt::props!`.
    Plain,
}

/// The longest `patternProperties` path a member's call is written with
/// in place: `ok &= t12::<34>(v, &l.key(key), c, &s.child("…"));` then
/// fits prettyplease's line inside the member loop.
const LONG_PATTERN_PATH: usize = 24;

/// Objects naming at least this many members (all plain) check them from
/// one table (`Ctx::props`); fewer stay a chain of `c.prop` calls, which the
/// compiler inlines.
const PROPS_TABLE_FROM: usize = 16;

/// One piece of a validator body.
enum Part {
    /// A check yielding `bool`.
    Check(TokenStream),
    /// A statement that updates `ok` itself.
    Stmt(TokenStream),
    /// Return early when invalid and not collecting.
    Stop,
}

impl Part {
    /// The part as a statement of a body that keeps `ok`.
    fn statement(&self) -> TokenStream {
        match self {
            Part::Check(e) => quote!(ok &= #e;),
            Part::Stmt(st) => st.clone(),
            Part::Stop => quote!(if !ok && !c.is_collecting() {
                return false;
            }),
        }
    }

    /// Parts that are all plain checks as one expression (`&`, not `&&`:
    /// every check runs so that every error is recorded).
    fn conjunction(parts: &[Part]) -> Option<TokenStream> {
        let exprs = parts
            .iter()
            .map(|p| match p {
                Part::Check(e) => Some(e),
                _ => None,
            })
            .collect::<Option<Vec<_>>>()?;
        Some(quote!(#(#exprs)&*))
    }
}

/// The body after the type is matched: one expression when every part is a
/// check, else statements that keep `ok`.
fn checks_body(parts: &[Part]) -> TokenStream {
    if let Some(expr) = Part::conjunction(parts) {
        return expr;
    }
    let stmts = parts.iter().map(Part::statement);
    quote!(let mut ok = true; #(#stmts)* ok)
}

/// The check of a `type` keyword alone, as a validator body writes it.
fn type_check(mask: u8) -> TokenStream {
    let mask = type_set(mask);
    quote!(c.check_type(l, s, i, #mask))
}

/// The runtime's validator for a subschema that is its `type` alone, as the
/// validators module names it (which imports the runtime's `types`):
/// `only::<STRING>`, `only::<{ NULL | STRING }>`.
fn only_validator(mask: u8) -> TokenStream {
    let set = type_set(mask);
    if mask.count_ones() == 1 {
        quote!(only::<#set>)
    } else {
        quote!(only::<{ #set }>)
    }
}

/// A `type` keyword's set as the runtime's named constants
/// (`STRING`, `NULL | STRING`), which the validators module imports.
fn type_set(mask: u8) -> TokenStream {
    let mut names: Vec<Ident> =
        TypeSet::NAMES.iter().filter(|(bit, _)| mask & bit != 0).map(|(_, n)| Ident::new(&n.to_ascii_uppercase(), Span::call_site())).collect();
    if mask & crate::keywords::types::INTEGER_AS_WRITTEN != 0 {
        names.push(Ident::new("INTEGER_AS_WRITTEN", Span::call_site()));
    }
    if names.is_empty() {
        return quote!(0);
    }
    quote!(#(#names)|*)
}
