//! `#[derive(Object)]`, re-exported by `contracts-runtime` as `rt::Object`:
//! the impls of a struct generated from a JSON Schema object (conversion from
//! and to JSON, `Debug`, its contract and one-pass reader), said on the
//! struct itself as serde says them.
//!
//! A member says only what its field cannot: its JSON name when the struct's
//! `rename_all` rule does not give it, its reader when it is not the one its
//! type reads with (`rt::fast::Reads`), whether it is required when its type
//! does not say so (a required member that may be `null`). The derive writes
//! the runtime's `object!` (or `object_reader!`) table from that, so the
//! impls are the macros' own.
//!
//! ```ignore
//! #[derive(Clone, PartialEq, rt::Object)]
//! #[json(rename_all = "kebab-case", reader = fast, contract([validators::v3], BASE0, "/properties/rules"))]
//! pub struct Rules {
//!     pub comma_dangle: Option<Rule>,
//!     #[json(name = "@typescript-eslint/semi")]
//!     pub typescript_eslint_semi: Option<rt::Value>,
//!     #[json(read = VecOf<AnyString, 0, 3>)]
//!     pub plugins: Option<Vec<String>>,
//!     pub extra: rt::Extra<rt::Value>,
//! }
//! ```
//!
//! The expansion names the runtime as `rt` (the generated module's alias).

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::punctuated::Punctuated;
use syn::{parse_macro_input, Data, DeriveInput, Fields, Ident, LitStr, Token, Type};

/// See the crate's documentation.
#[proc_macro_derive(Object, attributes(json))]
pub fn derive_object(input: proc_macro::TokenStream) -> proc_macro::TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    match object(&input) {
        Ok(tokens) => tokens.into(),
        Err(e) => e.to_compile_error().into(),
    }
}

/// How a struct's field names become JSON names.
#[derive(Clone, Copy)]
enum Rename {
    /// As written (`r#` left off).
    Same,
    /// `comma_dangle` → `comma-dangle`.
    Kebab,
    /// `dev_dependencies` → `devDependencies`.
    Camel,
}

impl Rename {
    fn apply(self, field: &str) -> String {
        let field = field.strip_prefix("r#").unwrap_or(field);
        match self {
            Rename::Same => field.to_owned(),
            Rename::Kebab => field.replace('_', "-"),
            Rename::Camel => {
                let mut out = String::with_capacity(field.len());
                let mut upper = false;
                for c in field.chars() {
                    if c == '_' {
                        upper = true;
                    } else if upper {
                        out.extend(c.to_uppercase());
                        upper = false;
                    } else {
                        out.push(c);
                    }
                }
                out
            }
        }
    }
}

/// What the struct's `#[json(…)]` says.
#[derive(Default)]
struct StructSpec {
    rename: Option<Rename>,
    /// `prefix(typescript_eslint_ = "@typescript-eslint/")`: a field starting
    /// with the first is named the second and the rest as the rule names it.
    prefixes: Vec<(String, String)>,
    /// `reader` (a one-pass reader), with the module its readers are in.
    reader: Option<Option<Ident>>,
    contract: Option<TokenStream>,
    /// `tag = "kind", tag_value = "dog"`: a member written first, never read.
    tag: Option<(LitStr, LitStr)>,
}

/// What a field's `#[json(…)]` says.
#[derive(Default)]
struct FieldSpec {
    name: Option<LitStr>,
    read: Option<Type>,
    required: bool,
    redacted: bool,
    keep: bool,
    /// `default = VALUE`: the value an accessor gives when the member is absent.
    default: Option<syn::Expr>,
    /// `accessor = NAME`: the accessor's name, when it cannot be the field's.
    accessor: Option<Ident>,
}

fn object(input: &DeriveInput) -> syn::Result<TokenStream> {
    let name = &input.ident;
    let Data::Struct(data) = &input.data else {
        return Err(syn::Error::new_spanned(name, "`Object` is derived for structs only"));
    };
    let Fields::Named(fields) = &data.fields else {
        return Err(syn::Error::new_spanned(name, "`Object` needs named fields"));
    };
    let spec = struct_spec(input)?;
    let rename = spec.rename.unwrap_or(Rename::Same);
    let mut rows = Vec::new();
    let mut extra = None;
    for field in &fields.named {
        let fspec = field_spec(field)?;
        let Some(fid) = &field.ident else { continue };
        // The extra members' field is the one of type `rt::Extra<…>`.
        if let Some(value) = extra_value(&field.ty) {
            let reader = match &fspec.read {
                Some(read) => quote!(#read),
                None => quote!(<#value as rt::fast::Reads>::Reader),
            };
            extra = Some((fid.clone(), reader));
            continue;
        }
        let json = fspec.name.clone().unwrap_or_else(|| LitStr::new(&spec.name_of(rename, &fid.to_string()), Span::call_site()));
        let inner = option_inner(&field.ty);
        let required = fspec.required || inner.is_none();
        let mut flags = Vec::new();
        match (required, fspec.redacted) {
            (true, false) => flags.push(quote!(required)),
            (true, true) => flags.extend([quote!(required), quote!(redacted)]),
            (false, true) => flags.extend([quote!(optional), quote!(redacted)]),
            (false, false) => {}
        }
        if fspec.keep {
            flags.push(quote!(keep));
        }
        // The accessor returns the field's type, a string as `&str`, an
        // integer enum's value (`rt::Spelled<E>`, which keeps the text) as `E`.
        let default = match (&fspec.default, inner) {
            (Some(value), Some(inner)) => {
                let ret = match last_generic(inner, "Spelled") {
                    Some(e) => quote!(#e),
                    None if is_string(inner) => quote!(&str),
                    None => quote!(#inner),
                };
                let accessor = &fspec.accessor;
                quote!(default #accessor: #ret = #value)
            }
            (Some(value), None) => return Err(syn::Error::new_spanned(value, "a member with a default is an `Option`")),
            (None, _) => quote!(),
        };
        let reader = match (&fspec.read, spec.reader.is_some()) {
            (_, false) => quote!(),
            (Some(read), true) => quote!(=> #read),
            (None, true) => {
                let read_ty = if required { &field.ty } else { inner.unwrap_or(&field.ty) };
                quote!(=> <#read_ty as rt::fast::Reads>::Reader)
            }
        };
        rows.push(quote!(#fid = #json #(, #flags)* #default #reader;));
    }
    let contract = spec.contract.as_ref().map(|c| quote!(contract #c));
    // A struct with a reader and a contract reads as `Typed` wherever its
    // place adds no rule.
    let reads = (spec.reader.is_some() && spec.contract.is_some()).then(|| {
        quote! {
            impl rt::fast::Reads for #name {
                type Reader = rt::fast::Typed<#name>;
            }
        }
    });
    let body = match &spec.reader {
        Some(module) => {
            let tail = match &extra {
                Some((xid, reader)) => quote!(extra #xid => #reader;),
                None => quote!(deny;),
            };
            let import = module.as_ref().map(|m| quote!(#[allow(unused_imports)] use #m::*;));
            let read = format_ident!("read");
            quote! {
                #import
                rt::object_reader!(#read, #name { #(#rows)* } #tail #contract);
            }
        }
        None => {
            let tag = spec.tag.as_ref().map(|(k, v)| quote!(tag #k = #v;));
            let tail = match &extra {
                Some((xid, _)) => quote!(extra #xid),
                None => quote!(deny),
            };
            quote!(rt::object!(#name { #(#rows)* } #tag #tail #contract);)
        }
    };
    Ok(quote! {
        const _: () = {
            #body
            #reads
        };
    })
}

fn struct_spec(input: &DeriveInput) -> syn::Result<StructSpec> {
    let mut spec = StructSpec::default();
    let mut tag_value = None;
    for attr in input.attrs.iter().filter(|a| a.path().is_ident("json")) {
        attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("rename_all") {
                let rule: LitStr = meta.value()?.parse()?;
                spec.rename = Some(match rule.value().as_str() {
                    "kebab-case" => Rename::Kebab,
                    "camelCase" => Rename::Camel,
                    "snake_case" => Rename::Same,
                    _ => return Err(meta.error("`rename_all` is \"kebab-case\", \"camelCase\" or \"snake_case\"")),
                });
            } else if meta.path.is_ident("prefix") {
                meta.parse_nested_meta(|pair| {
                    let field = pair.path.get_ident().ok_or_else(|| pair.error("a prefix is a field name's start"))?.to_string();
                    let json: LitStr = pair.value()?.parse()?;
                    spec.prefixes.push((field, json.value()));
                    Ok(())
                })?;
            } else if meta.path.is_ident("reader") {
                spec.reader = Some(if meta.input.peek(Token![=]) { Some(meta.value()?.parse()?) } else { None });
            } else if meta.path.is_ident("contract") {
                let content;
                syn::parenthesized!(content in meta.input);
                spec.contract = Some(content.parse()?);
            } else if meta.path.is_ident("tag") {
                let tag: LitStr = meta.value()?.parse()?;
                spec.tag = Some((tag.clone(), tag));
            } else if meta.path.is_ident("tag_value") {
                tag_value = Some(meta.value()?.parse::<LitStr>()?);
            } else {
                return Err(meta.error("unknown `json` attribute of a struct"));
            }
            Ok(())
        })?;
    }
    match (&mut spec.tag, tag_value) {
        (Some((_, value)), Some(v)) => *value = v,
        (None, None) => {}
        _ => return Err(syn::Error::new_spanned(&input.ident, "`tag` and `tag_value` go together")),
    }
    Ok(spec)
}

impl StructSpec {
    /// The JSON name of field `field`: under the longest prefix it starts
    /// with, that prefix's and the rest as `rule` names it.
    fn name_of(&self, rule: Rename, field: &str) -> String {
        let field = field.strip_prefix("r#").unwrap_or(field);
        let under = self.prefixes.iter().filter(|(p, _)| field.starts_with(p.as_str())).max_by_key(|(p, _)| p.len());
        match under {
            Some((p, json)) => format!("{json}{}", rule.apply(&field[p.len()..])),
            None => rule.apply(field),
        }
    }
}

fn field_spec(field: &syn::Field) -> syn::Result<FieldSpec> {
    let mut spec = FieldSpec::default();
    for attr in field.attrs.iter().filter(|a| a.path().is_ident("json")) {
        attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("name") {
                spec.name = Some(meta.value()?.parse()?);
            } else if meta.path.is_ident("read") {
                spec.read = Some(meta.value()?.parse()?);
            } else if meta.path.is_ident("required") {
                spec.required = true;
            } else if meta.path.is_ident("redacted") {
                spec.redacted = true;
            } else if meta.path.is_ident("keep") {
                spec.keep = true;
            } else if meta.path.is_ident("default") {
                spec.default = Some(meta.value()?.parse()?);
            } else if meta.path.is_ident("accessor") {
                spec.accessor = Some(meta.value()?.parse()?);
            } else {
                return Err(meta.error("unknown `json` attribute of a field"));
            }
            Ok(())
        })?;
    }
    Ok(spec)
}

/// Whether `ty` is `String` (or `…::String`).
fn is_string(ty: &Type) -> bool {
    matches!(ty, Type::Path(p) if p.qself.is_none() && p.path.segments.last().is_some_and(|s| s.ident == "String" && s.arguments.is_none()))
}

/// `T` of `Option<T>` (written `Option<T>` or `…::Option<T>`).
fn option_inner(ty: &Type) -> Option<&Type> {
    last_generic(ty, "Option")
}

/// `V` of `rt::Extra<V>`.
fn extra_value(ty: &Type) -> Option<&Type> {
    last_generic(ty, "Extra")
}

fn last_generic<'t>(ty: &'t Type, name: &str) -> Option<&'t Type> {
    let Type::Path(path) = ty else { return None };
    let last = path.path.segments.last()?;
    if last.ident != name {
        return None;
    }
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else { return None };
    let args: &Punctuated<syn::GenericArgument, Token![,]> = &args.args;
    match args.first()? {
        syn::GenericArgument::Type(t) if args.len() == 1 => Some(t),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::Rename;

    #[test]
    fn rename_rules_give_the_json_names() {
        assert_eq!(Rename::Kebab.apply("comma_dangle"), "comma-dangle");
        assert_eq!(Rename::Camel.apply("dev_dependencies"), "devDependencies");
        assert_eq!(Rename::Camel.apply("r#type"), "type");
        assert_eq!(Rename::Same.apply("r#abstract"), "abstract");
        assert_eq!(Rename::Kebab.apply("a"), "a");
    }
}
