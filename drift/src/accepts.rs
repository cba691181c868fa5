//! Whether a schema accepts one given value, in three values: `Some(true)`,
//! `Some(false)`, or `None` when this evaluator cannot decide it (a `format`
//! or content assertion, `unevaluated*`, a `$dynamicRef` resolved through the
//! dynamic scope, a pattern it cannot run, too deep or too much work).
//!
//! The engine compares keywords, but where a schema lists its values
//! (`enum`, `const`) the values are compared instead, and that is sound only
//! when each value is known to pass every other keyword of its side: a value
//! `uniqueItems` or a `not` refutes is no value of the schema. This module
//! answers that question node by node over the IR, with the runtime's
//! number, equality and pattern rules (what the generated validators do), so
//! a conjunction is exact where the flattened view is not (an
//! `additionalProperties` is relative to its own node's `properties`).

use contracts_codegen::ir::{Body, Ir, Keywords, NodeId};
use contracts_runtime::number::{compare, is_multiple_of, Num};
use contracts_runtime::{json_equal, json_hash_key, type_matches, EcmaRegex};
use serde_json::{Number, Value};
use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};

/// Schema nesting followed below one value before the answer is "undecided".
const MAX_DEPTH: usize = 64;
/// Nodes evaluated for one question before the answer is "undecided".
const BUDGET_PER_QUESTION: usize = 20_000;
/// Nodes evaluated over one comparison before every answer is "undecided".
const BUDGET_TOTAL: usize = 2_000_000;

/// Folds three-valued answers into a conjunction: a `false` decides it
/// (the caller returns it), an undecided one leaves it undecided.
macro_rules! require {
    ($unknown:ident, $answer:expr) => {
        match $answer {
            Some(false) => return Some(false),
            None => $unknown = true,
            Some(true) => {}
        }
    };
}

/// The evaluator, with its compiled patterns and its work budget.
pub struct Acceptance {
    regexes: HashMap<String, Option<EcmaRegex>>,
    format_assertion: bool,
    question_budget: usize,
    total_budget: usize,
}

impl Acceptance {
    /// An evaluator; `format_assertion` says whether `format` asserts
    /// everywhere (a node's own metaschema may make it assert too).
    pub fn new(format_assertion: bool) -> Self {
        Acceptance { regexes: HashMap::new(), format_assertion, question_budget: 0, total_budget: BUDGET_TOTAL }
    }

    /// Whether `pattern` (ECMA-262, `u` flag) matches somewhere in `s`;
    /// `None` when it does not compile or its budget ran out.
    pub fn regex_matches(&mut self, pattern: &str, s: &str) -> Option<bool> {
        let re = self.regexes.entry(pattern.to_owned()).or_insert_with(|| EcmaRegex::new(pattern).ok());
        re.as_ref()?.try_match(s)
    }

    /// Whether the conjunction `nodes` (with what their `$ref`s and `allOf`s
    /// bring in) accepts `v`.
    pub fn schema(&mut self, ir: &Ir, nodes: &[NodeId], v: &Value) -> Option<bool> {
        self.members(ir, &ir.expand(nodes), v)
    }

    /// Whether every node of `members`, each read for its own keywords,
    /// accepts `v`: `members` is a conjunction already expanded (a
    /// [`crate::flat::Flat`]'s members).
    pub fn members(&mut self, ir: &Ir, members: &[NodeId], v: &Value) -> Option<bool> {
        self.members_without(ir, members, v, &[])
    }

    /// [`Self::members`] leaving out some applicators of the members
    /// themselves (not of their subschemas), each as (its node, `anyOf`,
    /// `oneOf` or `if`): a group whose branch is already a member (the
    /// conjunction is one branch of it, or the overlap of two), a
    /// conditional whose `then`/`else` region is compared.
    pub fn members_without(&mut self, ir: &Ir, members: &[NodeId], v: &Value, without: &[(NodeId, &str)]) -> Option<bool> {
        self.question_budget = BUDGET_PER_QUESTION;
        let mut unknown = false;
        for m in members {
            require!(unknown, self.node(ir, *m, v, 0, without));
        }
        (!unknown).then_some(true)
    }

    /// A subschema (an applicator's child) on `v`.
    fn sub(&mut self, ir: &Ir, node: NodeId, v: &Value, depth: usize) -> Option<bool> {
        if depth >= MAX_DEPTH {
            return None;
        }
        let mut unknown = false;
        for m in ir.expand(&[node]) {
            require!(unknown, self.node(ir, m, v, depth + 1, &[]));
        }
        (!unknown).then_some(true)
    }

    /// One node's own keywords on `v` (but its applicators in `without`);
    /// its `$ref` and `allOf` targets are members of the same conjunction
    /// and answered there.
    fn node(&mut self, ir: &Ir, id: NodeId, v: &Value, depth: usize, without: &[(NodeId, &str)]) -> Option<bool> {
        self.question_budget = self.question_budget.checked_sub(1)?;
        self.total_budget = self.total_budget.checked_sub(1)?;
        let k = match &ir.nodes.get(id)?.body {
            Body::Bool(b) => return Some(*b),
            Body::Schema(k) => k,
        };
        let mut unknown = false;
        if let Some(r) = &k.dynamic_reference {
            if r.dynamic.is_some() {
                unknown = true;
            } else {
                require!(unknown, self.sub(ir, r.target, v, depth));
            }
        }
        if let Some(t) = k.types {
            require!(unknown, Some(type_matches(v, t.0)));
        }
        if let Some(values) = &k.enum_ {
            require!(unknown, Some(values.iter().any(|w| json_equal(v, w))));
        }
        if let Some(c) = &k.const_ {
            require!(unknown, Some(json_equal(v, c)));
        }
        let own = match v {
            Value::Number(n) => number(k, n),
            Value::String(s) => self.string(k, s),
            Value::Array(items) => self.array(ir, k, items, depth),
            Value::Object(m) => self.object(ir, k, v, m, depth),
            Value::Null | Value::Bool(_) => Some(true),
        };
        require!(unknown, own);
        let skipped = |kw: &str| without.contains(&(id, kw));
        let skip = (skipped("anyOf"), skipped("oneOf"), skipped("if"));
        require!(unknown, self.applicators(ir, k, v, depth, skip));
        (!unknown).then_some(true)
    }

    fn string(&mut self, k: &Keywords, s: &str) -> Option<bool> {
        if !k.length.admits(s.chars().count() as u64) {
            return Some(false);
        }
        let mut unknown = false;
        if let Some(p) = &k.pattern {
            require!(unknown, self.regex_matches(p, s));
        }
        let format_asserts = k.format.is_some() && (self.format_assertion || k.format_assertion);
        let content_asserts = k.content_assertion
            && (k.content_encoding.as_deref().is_some_and(|e| e.eq_ignore_ascii_case("base64"))
                || k.content_media_type.as_deref().is_some_and(|m| m.eq_ignore_ascii_case("application/json")));
        unknown |= format_asserts || content_asserts;
        (!unknown).then_some(true)
    }

    fn array(&mut self, ir: &Ir, k: &Keywords, items: &[Value], depth: usize) -> Option<bool> {
        if !k.array.admits_len(items.len() as u64) {
            return Some(false);
        }
        if k.array.unique {
            let mut seen = HashSet::with_capacity(items.len());
            if !items.iter().all(|x| seen.insert(json_hash_key(x))) {
                return Some(false);
            }
        }
        let mut unknown = k.unevaluated_items.is_some();
        for (c, x) in k.prefix_items.iter().zip(items) {
            require!(unknown, self.sub(ir, *c, x, depth));
        }
        if let Some(c) = k.items {
            for x in items.iter().skip(k.prefix_items.len()) {
                require!(unknown, self.sub(ir, c, x, depth));
            }
        }
        if let Some(c) = k.contains {
            let (mut sure, mut maybe) = (0u64, 0u64);
            for x in items {
                match self.sub(ir, c, x, depth) {
                    Some(true) => sure += 1,
                    None => maybe += 1,
                    Some(false) => {}
                }
            }
            let (min, max) = (k.min_contains.unwrap_or(1), k.max_contains.unwrap_or(u64::MAX));
            if sure + maybe < min || sure > max {
                return Some(false);
            }
            unknown |= sure < min || sure + maybe > max;
        }
        (!unknown).then_some(true)
    }

    fn object(&mut self, ir: &Ir, k: &Keywords, v: &Value, m: &serde_json::Map<String, Value>, depth: usize) -> Option<bool> {
        if !k.object.admits_len(m.len() as u64) {
            return Some(false);
        }
        if !k.object.required.iter().all(|r| m.contains_key(r)) {
            return Some(false);
        }
        for (trigger, names) in &k.dependent_required {
            if m.contains_key(trigger) && !names.iter().all(|n| m.contains_key(n)) {
                return Some(false);
            }
        }
        let mut unknown = k.unevaluated_properties.is_some();
        for (trigger, c) in &k.dependent_schemas {
            if m.contains_key(trigger) {
                require!(unknown, self.sub(ir, *c, v, depth));
            }
        }
        for (key, x) in m {
            if let Some(c) = k.property_names {
                require!(unknown, self.sub(ir, c, &Value::String(key.clone()), depth));
            }
            // Whether a `properties` or `patternProperties` entry covers the
            // member (`None`: a pattern could not be run).
            let mut covered = Some(false);
            for (_, c) in k.properties.iter().filter(|(n, _)| n == key) {
                covered = Some(true);
                require!(unknown, self.sub(ir, *c, x, depth));
            }
            for (p, c) in &k.pattern_properties {
                match self.regex_matches(p, key) {
                    Some(true) => {
                        covered = Some(true);
                        require!(unknown, self.sub(ir, *c, x, depth));
                    }
                    Some(false) => {}
                    None if covered != Some(true) => covered = None,
                    None => {}
                }
            }
            if let Some(c) = k.additional_properties {
                match covered {
                    Some(true) => {}
                    Some(false) => require!(unknown, self.sub(ir, c, x, depth)),
                    None => unknown = true,
                }
            }
        }
        (!unknown).then_some(true)
    }

    /// `anyOf`, `oneOf`, `not` and `if` on `v`, but the ones `skip` (`anyOf`,
    /// `oneOf`, `if`) leaves out.
    fn applicators(&mut self, ir: &Ir, k: &Keywords, v: &Value, depth: usize, skip: (bool, bool, bool)) -> Option<bool> {
        let mut unknown = false;
        if !k.any_of.is_empty() && !skip.0 {
            let (sure, maybe) = self.count(ir, &k.any_of, v, depth, 1);
            require!(
                unknown,
                if sure > 0 {
                    Some(true)
                } else if maybe > 0 {
                    None
                } else {
                    Some(false)
                }
            );
        }
        if !k.one_of.is_empty() && !skip.1 {
            let (sure, maybe) = self.count(ir, &k.one_of, v, depth, 2);
            require!(
                unknown,
                if sure > 1 || sure + maybe == 0 {
                    Some(false)
                } else if sure == 1 && maybe == 0 {
                    Some(true)
                } else {
                    None
                }
            );
        }
        if let Some(c) = k.not {
            require!(unknown, self.sub(ir, c, v, depth).map(|b| !b));
        }
        if let Some(c) = k.if_.filter(|_| !skip.2) {
            let then = |a: &mut Self| k.then_.map_or(Some(true), |t| a.sub(ir, t, v, depth));
            let otherwise = |a: &mut Self| k.else_.map_or(Some(true), |e| a.sub(ir, e, v, depth));
            let answer = match self.sub(ir, c, v, depth) {
                Some(true) => then(self),
                Some(false) => otherwise(self),
                None => match (then(self), otherwise(self)) {
                    (Some(a), Some(b)) if a == b => Some(a),
                    _ => None,
                },
            };
            require!(unknown, answer);
        }
        (!unknown).then_some(true)
    }

    /// How many of `branches` surely accept `v`, and how many may: counting
    /// stops once `enough` sure ones are found.
    fn count(&mut self, ir: &Ir, branches: &[NodeId], v: &Value, depth: usize, enough: usize) -> (usize, usize) {
        let (mut sure, mut maybe) = (0, 0);
        for b in branches {
            match self.sub(ir, *b, v, depth) {
                Some(true) => sure += 1,
                None => maybe += 1,
                Some(false) => {}
            }
            if sure >= enough {
                break;
            }
        }
        (sure, maybe)
    }
}

/// The numeric keywords of `k` on `n`, as the runtime decides them (exact
/// decimal comparison); `None` for a bound beyond `f64`.
fn number(k: &Keywords, n: &Number) -> Option<bool> {
    let bound = |b: &Number| match (b.as_u64(), b.as_i64(), b.as_f64()) {
        (Some(u), _, _) => Some(Num::U(u)),
        (None, Some(i), _) => Some(Num::I(i)),
        (None, None, Some(f)) if f.is_finite() => Some(Num::F(f)),
        _ => None,
    };
    let numeric = &k.numbers;
    let mut ok = true;
    for (b, excl) in numeric.lower_bounds() {
        if let Some(b) = b {
            ok &= match compare(n, bound(&b.value)?) {
                Ordering::Greater => true,
                Ordering::Equal => !excl,
                Ordering::Less => false,
            };
        }
    }
    for (b, excl) in numeric.upper_bounds() {
        if let Some(b) = b {
            ok &= match compare(n, bound(&b.value)?) {
                Ordering::Less => true,
                Ordering::Equal => !excl,
                Ordering::Greater => false,
            };
        }
    }
    if let Some(d) = &numeric.multiple_of {
        ok &= is_multiple_of(n, bound(d)?);
    }
    Some(ok)
}
