//! What a conjunction of subschemas says about the values it admits: JSON
//! types, constants, enumerations, choices still to make.

use super::{Ctx, Planner, TypeRef};
use crate::ir::{Body, NodeId, TypeSet};
use crate::keywords::types::{type_of, widen};
use serde_json::Value;

/// What a conjunction of subschemas says, merged.
#[derive(Debug, Default)]
pub(super) struct Facts {
    /// No value satisfies them all.
    pub never: bool,
    /// A `$dynamicRef` applies: the type depends on the dynamic scope.
    pub dynamic: bool,
    /// The JSON types every one admits ([`TypeSet`] bits; `number` implies `integer`).
    pub types: u8,
    /// Every `const`.
    pub consts: Vec<Value>,
    /// Every `enum`.
    pub enums: Vec<Vec<Value>>,
    /// The `oneOf`/`anyOf` choices still to make (none when the context took them).
    pub choices: Vec<Vec<NodeId>>,
}

impl Facts {
    /// The `const`s and `enum`s of `keywords` (the rest left at its default).
    fn of_values<'k>(keywords: impl Iterator<Item = &'k crate::ir::Keywords>) -> Facts {
        let mut f = Facts::default();
        for k in keywords {
            f.consts.extend(k.const_.clone());
            f.enums.extend(k.enum_.clone());
        }
        f
    }

    /// The one value a `const` or a single-value `enum` allows (`const`
    /// first), if the conjunction names one.
    pub fn single_value(&self) -> Option<&Value> {
        self.consts.first().or_else(|| self.enums.iter().find_map(|e| if let [v] = e.as_slice() { Some(v) } else { None }))
    }
}

/// The value of an integer (`512`, `512.0`, `5.12e2`) that an `i64` holds
/// exactly; `None` for other values (beyond 2^53 only when written plainly).
pub(super) fn integer_value(v: &Value) -> Option<i64> {
    let Value::Number(n) = v else { return None };
    n.as_i64().or_else(|| {
        let f = n.as_f64()?;
        (f.fract() == 0.0 && f.abs() <= 9_007_199_254_740_992.0).then_some(f as i64)
    })
}

pub(super) fn single_type(t: u8) -> Option<u8> {
    let t = if t & TypeSet::NUMBER != 0 { t & !TypeSet::INTEGER } else { t };
    (t.count_ones() == 1).then_some(t)
}

pub(super) fn primitive_of(t: u8) -> TypeRef {
    match t {
        TypeSet::NULL => TypeRef::Null,
        TypeSet::BOOLEAN => TypeRef::Bool,
        TypeSet::STRING => TypeRef::String,
        x if x == TypeSet::INTEGER | TypeSet::NUMBER => TypeRef::Integer,
        TypeSet::NUMBER => TypeRef::Number,
        _ => TypeRef::Value,
    }
}

impl Planner<'_> {
    /// Why the conjunction `nodes`, which admits every JSON type, is typed
    /// as a JSON value although it constrains values; `None` when it says
    /// nothing about them (`{}`, `true`, annotations, choices already taken):
    /// then a JSON value is its exact type.
    pub(super) fn value_reason(&self, nodes: &[NodeId]) -> Option<String> {
        let kws: Vec<&crate::ir::Keywords> = nodes.iter().filter_map(|n| self.ir.keywords(*n)).collect();
        if kws.iter().any(|k| k.not.is_some()) {
            return Some("`not` has no Rust shape".to_owned());
        }
        if kws.iter().any(|k| k.if_.is_some() || k.then_.is_some() || k.else_.is_some()) {
            return Some("`if`/`then`/`else` has no Rust shape".to_owned());
        }
        if kws.iter().any(|k| k.dynamic_reference.is_some()) {
            return Some("a dynamic reference depends on the dynamic scope".to_owned());
        }
        kws.iter()
            .any(|k| !k.only_references_and_choices() && k.types.is_none())
            .then(|| "its keywords apply to some JSON types only, and no `type` says which the value has".to_owned())
    }

    pub(super) fn facts(&self, nodes: &[NodeId], ctx: &Ctx) -> Facts {
        let mut f = Facts { types: TypeSet::ALL | TypeSet::INTEGER, ..Facts::default() };
        for &n in nodes {
            match &self.ir.nodes[n].body {
                Body::Bool(false) => f.never = true,
                Body::Bool(true) => {}
                Body::Schema(k) => {
                    if let Some(t) = k.types {
                        f.types &= widen(t.0);
                    }
                    if let Some(c) = &k.const_ {
                        f.types &= type_of(c);
                        f.consts.push(c.clone());
                    }
                    if let Some(e) = &k.enum_ {
                        f.types &= e.iter().fold(0, |acc, v| acc | type_of(v));
                        f.enums.push(e.clone());
                    }
                    if k.dynamic_reference.is_some() {
                        f.dynamic = true;
                    }
                    if !ctx.no_choices && ctx.taken.binary_search(&n).is_err() {
                        if !k.one_of.is_empty() {
                            f.choices.push(k.one_of.clone());
                        }
                        if !k.any_of.is_empty() {
                            f.choices.push(k.any_of.clone());
                        }
                    }
                }
            }
        }
        if let Some(r) = ctx.restrict {
            f.types &= widen(r);
        }
        if f.types == 0 {
            f.never = true;
        }
        f
    }

    /// two branches admit a common type; `None` otherwise.
    pub(super) fn disjoint_types(&self, branches: &[&[NodeId]]) -> Option<Vec<u8>> {
        let mut taken = 0u8;
        let mut out = Vec::with_capacity(branches.len());
        for conj in branches {
            let types = widen(self.facts(conj, &Ctx { no_choices: true, ..Ctx::default() }).types);
            if types & taken != 0 {
                return None;
            }
            taken |= types;
            out.push(types);
        }
        Some(out)
    }

    /// A string `const` a branch gives member `name`, if any.
    pub(super) fn branch_const(&self, branch: NodeId, name: &str) -> Option<String> {
        self.member_value(&self.expand(&[branch]), name)
    }

    /// The strings the first of `nodes` that names member `name` allows it
    /// (`const`, or the first `enum`, all strings), when it lists them.
    pub(super) fn member_values(&self, nodes: &[NodeId], name: &str) -> Option<Vec<String>> {
        nodes.iter().find_map(|n| {
            let k = self.ir.keywords(*n)?;
            let (_, p) = k.properties.iter().find(|(p, _)| p == name)?;
            let member = Facts::of_values(self.expand(&[*p]).iter().filter_map(|n| self.ir.keywords(*n)));
            let values: Vec<Value> = match (member.consts.first(), member.enums.first()) {
                (Some(c), _) => vec![c.clone()],
                (None, Some(e)) => e.clone(),
                (None, None) => return None,
            };
            values.iter().map(|v| v.as_str().map(str::to_owned)).collect::<Option<Vec<String>>>().filter(|v| !v.is_empty())
        })
    }

    /// The one string the first of `nodes` that names member `name` allows it:
    /// `const: "x"` or `enum: ["x"]`, said by the member's schema or what it references.
    pub(super) fn member_value(&self, nodes: &[NodeId], name: &str) -> Option<String> {
        nodes.iter().find_map(|n| {
            let k = self.ir.keywords(*n)?;
            let (_, p) = k.properties.iter().find(|(p, _)| p == name)?;
            let member = Facts::of_values(self.expand(&[*p]).iter().filter_map(|n| self.ir.keywords(*n)));
            member.single_value().and_then(Value::as_str).map(str::to_owned)
        })
    }
}
