//! Objects: structs with named fields, maps, and what happens to members
//! the schema does not name.

use super::names::singular;
use super::{Ctx, Extra, Field, Key, Kind, Planner, TypeRef};
use crate::ident::{field_name, type_name};
use crate::ir::{Body, Keywords, NodeId, TypeSet};
use std::collections::{HashMap, HashSet};

impl Planner<'_> {
    /// The schema that members called `name` must satisfy under `k`, beyond
    /// `properties`: matching `patternProperties`, else `additionalProperties`.
    fn member_schemas(&mut self, k: &Keywords, index: &HashMap<&str, NodeId>, name: &str) -> Option<Vec<NodeId>> {
        if let Some(p) = index.get(name) {
            return Some(vec![*p]);
        }
        let mut matching: Vec<NodeId> = Vec::new();
        for (re, n) in &k.pattern_properties {
            let compiled = self.regexes.entry(re.clone()).or_insert_with(|| regress::Regex::with_flags(re, "u").ok());
            if compiled.as_ref().is_some_and(|r| r.find(name).is_some()) {
                matching.push(*n);
            }
        }
        if !matching.is_empty() {
            return Some(matching);
        }
        k.additional_properties.map(|a| vec![a])
    }

    /// The members `kws` name, in schema order, without `omit` (a union's
    /// tag, written by the union).
    pub(super) fn member_names(kws: &[Keywords], omit: Option<&str>) -> Vec<String> {
        let mut member_names: Vec<String> = Vec::new();
        let mut seen: HashSet<&str> = HashSet::new();
        for k in kws {
            for (n, _) in &k.properties {
                if seen.insert(n.as_str()) && omit != Some(n.as_str()) {
                    member_names.push(n.clone());
                }
            }
        }
        member_names
    }

    /// Whether no member outside `properties` can occur
    /// (`additionalProperties: false` without `patternProperties`).
    fn is_closed(&self, kws: &[Keywords]) -> bool {
        kws.iter().any(|k| k.pattern_properties.is_empty() && k.additional_properties.is_some_and(|a| matches!(self.ir.nodes[a].body, Body::Bool(false))))
    }

    /// The type of members outside `properties`: under each keyword set,
    /// what `additionalProperties` says, or the one `patternProperties`
    /// schema when `additionalProperties: false` leaves no other; named after
    /// the singular of the object's names (`modelOverrides` → `ModelOverride`).
    /// Any JSON value when a member may match no pattern or several.
    fn extra_type(&mut self, kws: &[Keywords], singular: &[String]) -> TypeRef {
        let mut schemas: Vec<NodeId> = Vec::new();
        for k in kws {
            let closed = k.additional_properties.is_some_and(|a| matches!(self.ir.nodes[a].body, Body::Bool(false)));
            match k.pattern_properties.as_slice() {
                [] => schemas.extend(k.additional_properties),
                [(_, only)] if closed => schemas.push(*only),
                patterns => {
                    // Members matched by a pattern that constrains them are JSON values here.
                    let constrained = patterns
                        .iter()
                        .find(|(_, n)| self.value_reason(&self.expand(&[*n])).is_some() || self.ir.keywords(*n).is_some_and(|k| k.types.is_some()));
                    if let Some((pattern, node)) = constrained {
                        let why = if closed { "a member may match several patterns" } else { "a member matching no pattern may hold any value" };
                        self.warn(*node, format!("members matching `{pattern}` are kept as JSON values (validation is exact): {why}"));
                    }
                    return TypeRef::Value;
                }
            }
        }
        if schemas.is_empty() {
            return TypeRef::Value;
        }
        self.plan(schemas, singular, Ctx::default())
    }

    pub(super) fn object(&mut self, nodes: &[NodeId], kws: &[Keywords], names: &[String], ctx: &Ctx, key: &Key) -> TypeRef {
        let member_names = Self::member_names(kws, ctx.omit.as_deref());
        if member_names.is_empty() && ctx.omit.is_none() {
            if self.is_closed(kws) {
                // An object that can only be empty.
                let id = self.reserve(nodes, names, key);
                self.types[id].kind = Kind::Struct { fields: vec![], extra: Extra::Deny, extra_field: "extra".into(), tag: None };
                return TypeRef::Named(id);
            }
            // A map: keys typed by `propertyNames`, values by the member schemas.
            let singular = singular_names(names);
            let key_nodes: Vec<NodeId> = kws.iter().filter_map(|k| k.property_names).collect();
            let key_names: Vec<String> = singular.iter().map(|n| format!("{n}Key")).collect();
            let key_ty = if key_nodes.is_empty() {
                TypeRef::String
            } else {
                // Map keys need `Eq + Hash`: string enums, constants and
                // string newtypes have them; a union of key shapes is checked
                // by the validator and keyed by its text.
                match self.plan(key_nodes, &key_names, Ctx { restrict: Some(TypeSet::STRING), ..Ctx::default() }) {
                    TypeRef::Named(id) if matches!(self.types[id].kind, Kind::StringEnum { .. } | Kind::Newtype | Kind::Const(_)) => TypeRef::Named(id),
                    _ => TypeRef::String,
                }
            };
            let value_ty = self.extra_type(kws, &singular);
            return TypeRef::Map(Box::new(key_ty), Box::new(value_ty));
        }
        let id = self.reserve(nodes, names, key);
        let parents = self.types[id].candidates.clone();
        let Members { fields, extra, extra_field } = self.members(kws, &member_names, &parents, names);
        let tag = ctx.omit.clone().map(|t| {
            let v = self.member_value(nodes, &t).unwrap_or_default();
            (t, v)
        });
        self.types[id].kind = Kind::Struct { fields, extra, extra_field, tag };
        TypeRef::Named(id)
    }

    /// The fields for `member_names` under `kws` (each typed by the
    /// conjunction of what applies to it, named after the member and, when
    /// that is taken, qualified by the parent's first name candidate, then
    /// by its last, the most qualified: `Rule`, `AlertRule`,
    /// `CodeScanningAlertCreatedAlertRule`), and what happens to the others.
    /// `parents` are the object's name candidates, `names` those it was given.
    pub(super) fn members(&mut self, kws: &[Keywords], member_names: &[String], parents: &[String], names: &[String]) -> Members {
        let indexes: Vec<HashMap<&str, NodeId>> = kws.iter().map(|k| k.properties.iter().map(|(n, id)| (n.as_str(), *id)).collect()).collect();
        let mut fields = Vec::new();
        let mut used: HashSet<String> = HashSet::new();
        let closed = self.is_closed(kws);
        for name in member_names {
            let mut schemas = Vec::new();
            for (k, index) in kws.iter().zip(&indexes) {
                if let Some(s) = self.member_schemas(k, index, name) {
                    schemas.extend(s);
                }
            }
            // In a closed object, a member some part of the schema forbids
            // (`additionalProperties: false` beside another part's
            // `properties`) can never be present: no field; the validators
            // and the reader refuse it as they refuse any unknown member.
            let never = schemas.iter().copied().find(|n| matches!(self.ir.nodes[*n].body, Body::Bool(false)));
            if let Some(never) = never.filter(|_| closed) {
                let said = indexes.iter().any(|index| index.get(name.as_str()) == Some(&never));
                if !said {
                    let named = schemas.iter().copied().find(|n| *n != never).unwrap_or(never);
                    self.warn(
                        named,
                        format!("member `{name}` is named here but another part of the schema forbids it (`additionalProperties: false`): it has no field"),
                    );
                }
                continue;
            }
            let required = kws.iter().any(|k| k.object.required.contains(name));
            let base = type_name(name).unwrap_or_else(|| "Member".to_owned());
            let qualified = |parent: &str| {
                let qualifier = parent.strip_suffix("Payload").filter(|p| !p.is_empty()).unwrap_or(parent);
                format!("{qualifier}{base}")
            };
            let mut field_names = vec![base.clone(), qualified(parents.first().map_or("", String::as_str))];
            // A namespaced member (`@typescript-eslint/naming-convention`,
            // `scss/at-rule-no-unknown`) is named by its last segment first
            // (`NamingConvention`); the namespace qualifies it when taken.
            if let Some(last) = name.rsplit_once('/').and_then(|(_, last)| type_name(last)).filter(|l| *l != base) {
                field_names.insert(0, last);
            }
            if let Some(last) = parents.last().map(|p| qualified(p)).filter(|n| !field_names.contains(n)) {
                field_names.push(last);
            }
            let ty = self.plan(schemas.clone(), &field_names, Ctx::default());
            let mut rust = field_name(name);
            while used.contains(&rust) {
                rust.push('_');
            }
            used.insert(rust.clone());
            let doc = self.doc_text(&schemas);
            let sensitive = schemas.iter().any(|n| self.is_sensitive(*n));
            fields.push(Field { json: name.clone(), rust, ty, required, doc, sensitive, node: schemas.first().copied() });
        }
        let extra = if closed { Extra::Deny } else { Extra::Keep(self.extra_type(kws, &singular_names(names))) };
        let mut extra_field = "extra".to_owned();
        while used.contains(&extra_field) {
            extra_field.push('_');
        }
        Members { fields, extra, extra_field }
    }
}

/// An object's members, as [`Kind::Struct`] and [`Kind::Envelope`] hold them.
pub(super) struct Members {
    /// The named members, in schema order.
    pub fields: Vec<Field>,
    /// What happens to the others.
    pub extra: Extra,
    /// The Rust name of the field keeping the others (`extra`, unless a member takes it).
    pub extra_field: String,
}

/// The singular of each name, for the values of a map (`modelOverrides` → `ModelOverride`).
fn singular_names(names: &[String]) -> Vec<String> {
    names.iter().map(|n| type_name(&singular(n)).unwrap_or_else(|| n.clone())).collect()
}
