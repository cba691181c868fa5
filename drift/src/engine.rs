//! The comparison engine: walks an old and a new schema side by side over
//! the resolved IR and names each difference with its direction.
//!
//! Each schema is split into alternatives: one per JSON type category and
//! per `anyOf`/`oneOf` branch (so `type: [a, b]`, `anyOf` of types and a
//! nullable wrapper compare alike). Alternatives are matched by category,
//! then by a discriminating `const` (with catch-all branches understood as
//! open sets), else by the cheapest structural match. Pairs of schemas are
//! memoised, which also makes recursive schemas terminate.

use crate::accepts::Acceptance;
use crate::flat::{self, flatten, json_eq, value_type, Flat, ALL, ARR, BOOL, CATS, FRAC, INT, NULL, NUM, OBJ, STR};
use crate::model::{Breaks, Change, Loc, KINDS};
use crate::regex::{self, PatternChange};
use contracts_codegen::ir::{Ir, NodeId};
use contracts_codegen::keywords::string_length;
use contracts_runtime::number::order;
use serde_json::{json, Value};
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Arc;

const MAX_DEPTH: usize = 120;
const MAX_ALTS: usize = 96;

/// Knobs that change verdicts.
#[derive(Clone, Copy, Debug, Default)]
pub struct Policy {
    /// Undeclared members of open objects are assumed absent/ignored, so
    /// declaring or dropping them breaks nobody.
    pub lenient: bool,
    /// `format` is an assertion (off: an annotation).
    pub format_assertion: bool,
}

/// A schema position on one side: a conjunction of nodes (empty = `true`)
/// and the pointer to report when it is empty.
#[derive(Clone, Debug)]
pub struct Sch {
    pub nodes: Vec<NodeId>,
    pub at: Loc,
}

#[derive(Clone, Debug, Default)]
struct Ctx {
    inst: String,
    domain: u8,
    ignore_prop: Option<String>,
    /// Conditionals (by the node holding them, old and new side) already
    /// compared at this instance: a `then`/`else` region, compared with the
    /// rest of the schema, leaves them out, or each conditional would compare
    /// every other one again (exponential in their number).
    settled: (Vec<NodeId>, Vec<NodeId>),
    /// `anyOf`/`oneOf` groups (by the node holding them and the keyword,
    /// old and new side) already expanded into the conjunction compared
    /// here: an overlap of two `oneOf` branches is compared as the
    /// conjunction it is, not expanded again (each expansion would find the
    /// overlaps of its own branches, exponential in their number).
    taken: (Taken, Taken),
}

/// Groups by the node holding them and their keyword.
type Taken = Vec<(NodeId, &'static str)>;

#[derive(Clone, Debug)]
struct Alt {
    flat: Flat,
    cat: u8,
    branch: Option<(&'static str, NodeId)>,
    /// The `oneOf`s whose branches may overlap that this alternative was
    /// taken from, at any depth (nested in a branch or beside another
    /// group), each as (the node holding it, the branch taken): a value
    /// matching two branches of one of them is rejected. A `oneOf` of
    /// pairwise disjoint branches is an `anyOf`, and is not listed.
    exclusive: Rivalries,
    /// One of those `oneOf`s is inside a branch of another: the outer one's
    /// branches are then not their flattened keywords (the inner exclusion
    /// is part of matching them), and overlaps are not decided.
    nested_exclusive: bool,
    /// An `anyOf`/`oneOf` is left in it whole (past [`MAX_ALTS`]
    /// alternatives): its keywords are not this alternative's, and its
    /// comparisons are not decided.
    unexpanded: bool,
    at: Loc,
}

/// Overlapping `oneOf`s taken, each as (the node holding it, the branch taken).
type Rivalries = Vec<(NodeId, NodeId)>;

/// A schema split into alternatives.
struct Expansion {
    alts: Vec<Alt>,
    /// Values an alternative taken from an overlapping `oneOf` lists (its
    /// `enum`/`const` values, or `null`, `true` and `false`) and the schema
    /// refuses, left out of it. A value matching two branches is refused,
    /// but the alternatives of the other branch still hold it when that
    /// branch lists no values (`{}` beside `{"const": true}`): their rivalry
    /// with this one is gone, so these values are compared one by one (see
    /// [`Engine::listed_refused`]).
    refused: Vec<Value>,
    /// The groups already expanded into the schema (`Ctx::taken`), left
    /// out when a value is tried on it.
    taken: Taken,
}

impl Alt {
    fn is_exclusive(&self) -> bool {
        !self.exclusive.is_empty()
    }

    /// The branches of a shared overlapping `oneOf` that `self` and `other`
    /// come from, when they come from different ones.
    fn rivals(&self, other: &Alt) -> Option<(NodeId, NodeId)> {
        self.exclusive.iter().find_map(|(g, a)| other.exclusive.iter().find(|(h, b)| g == h && a != b).map(|(_, b)| (*a, *b)))
    }
}

/// At most this many comparisons of an old `oneOf` overlap with a new one,
/// per category; more are not decided.
const MAX_OVERLAP_DIFFS: usize = 64;

type Key = (Vec<NodeId>, Vec<NodeId>, u8, Option<String>, (Vec<NodeId>, Vec<NodeId>), (Taken, Taken));

enum Memo {
    InProgress,
    Done(Vec<Change>),
}

/// One old/new comparison over two IRs.
pub struct Engine<'a> {
    old: &'a Ir,
    new: &'a Ir,
    policy: Policy,
    memo: HashMap<Key, Memo>,
    depth: usize,
    acceptance: Acceptance,
    steps: usize,
    /// [`Self::pairwise_disjoint`] by (side, the sorted base nodes, the group's node).
    disjoint: HashMap<(bool, Vec<NodeId>, NodeId), bool>,
    flats: Flats,
}

/// The `&'static str` kind for a name in [`KINDS`].
pub fn kind(name: &str) -> &'static str {
    KINDS.iter().find(|k| k.0 == name).map(|k| k.0).unwrap_or("comparison-unknown")
}

fn sample(cat: u8, types: u8) -> Value {
    match cat {
        NULL => Value::Null,
        BOOL => json!(true),
        NUM if types & FRAC != 0 && types & INT == 0 => json!(0.5),
        NUM if types & FRAC != 0 => json!(0.5),
        NUM => json!(0),
        STR => json!(""),
        ARR => json!([]),
        _ => json!({}),
    }
}

fn cat_name(cat: u8, types: u8) -> &'static str {
    match cat {
        NUM if types & FRAC == 0 => "integer",
        _ => CATS.iter().find(|c| c.0 == cat).map(|c| c.1).unwrap_or("value"),
    }
}

fn join(inst: &str, token: &str) -> String {
    format!("{inst}/{}", contracts_codegen::load::escape_token(token))
}

impl<'a> Engine<'a> {
    /// An engine over the two sides.
    pub fn new(old: &'a Ir, new: &'a Ir, policy: Policy) -> Self {
        Engine {
            old,
            new,
            policy,
            memo: HashMap::new(),
            depth: 0,
            acceptance: Acceptance::new(policy.format_assertion),
            steps: 0,
            disjoint: HashMap::new(),
            flats: Flats::default(),
        }
    }

    fn ir(&self, new: bool) -> &'a Ir {
        if new {
            self.new
        } else {
            self.old
        }
    }

    fn loc(&self, new: bool, id: NodeId, kw: &str) -> Loc {
        let ir = self.ir(new);
        let n = &ir.nodes[id];
        let pointer = if kw.is_empty() { n.pointer.clone() } else { format!("{}/{}", n.pointer, kw) };
        Loc { file: ir.doc_paths.get(n.doc).cloned().unwrap_or_default(), pointer }
    }

    fn kloc(&self, new: bool, src: Option<NodeId>, kw: &str, fallback: &Loc) -> Loc {
        match src {
            Some(id) => self.loc(new, id, kw),
            None => fallback.clone(),
        }
    }

    /// The schema rooted at node `id`.
    pub fn root(&self, new: bool, id: NodeId) -> Sch {
        Sch { nodes: vec![id], at: self.loc(new, id, "") }
    }

    fn child(&self, new: bool, nodes: Option<&Vec<NodeId>>, parent: &Loc, rel: &str) -> Sch {
        match nodes {
            Some(n) if !n.is_empty() => Sch { nodes: n.clone(), at: self.loc(new, n[0], "") },
            _ => Sch { nodes: Vec::new(), at: Loc { file: parent.file.clone(), pointer: format!("{}{}", parent.pointer, rel) } },
        }
    }

    fn regex_matches(&mut self, pattern: &str, s: &str) -> Option<bool> {
        self.acceptance.regex_matches(pattern, s)
    }

    /// Compares two whole schemas.
    pub fn compare(&mut self, o: &Sch, n: &Sch) -> Vec<Change> {
        let ctx = Ctx { inst: String::new(), domain: ALL, ignore_prop: None, settled: Default::default(), taken: Default::default() };
        let mut out = self.diff(o, n, &ctx);
        dedupe(&mut out);
        out
    }

    #[allow(clippy::too_many_arguments)]
    fn change(&self, kind_name: &str, old: Option<Loc>, new: Option<Loc>, breaks: Breaks, ctx: &Ctx, message: String, example: Option<Value>) -> Change {
        Change { kind: kind(kind_name), old, new, breaks, message, instance_path: ctx.inst.clone(), example }
    }

    fn diff(&mut self, o: &Sch, n: &Sch, ctx: &Ctx) -> Vec<Change> {
        let mut ok: Vec<NodeId> = o.nodes.clone();
        ok.sort_unstable();
        ok.dedup();
        let mut nk: Vec<NodeId> = n.nodes.clone();
        nk.sort_unstable();
        nk.dedup();
        if ok.is_empty() && nk.is_empty() {
            return Vec::new();
        }
        let key: Key = (ok.clone(), nk.clone(), ctx.domain, ctx.ignore_prop.clone(), ctx.settled.clone(), ctx.taken.clone());
        match self.memo.get(&key) {
            Some(Memo::InProgress) => return Vec::new(),
            Some(Memo::Done(c)) => return c.clone(),
            None => {}
        }
        self.steps += 1;
        if self.depth >= MAX_DEPTH || self.steps > 200_000 {
            return vec![self.change(
                "comparison-unknown",
                Some(o.at.clone()),
                Some(n.at.clone()),
                Breaks::BOTH,
                ctx,
                "schemas too deep or too large to compare; assuming both directions break".into(),
                None,
            )];
        }
        self.memo.insert(key.clone(), Memo::InProgress);
        self.depth += 1;
        let out = self.diff_inner(o, n, ctx);
        self.depth -= 1;
        self.memo.insert(key, Memo::Done(out.clone()));
        out
    }

    fn expand(&mut self, new: bool, s: &Sch, domain: u8, taken: &Taken) -> Expansion {
        let mut out = Expansion { alts: Vec::new(), refused: Vec::new(), taken: taken.clone() };
        let base = self.flats.get(self.ir(new), &s.nodes);
        self.expand_rec(new, &s.nodes, &s.at, &mut taken.clone(), (None, Vec::new(), false), (domain, &base.members), &mut out);
        out
    }

    #[allow(clippy::too_many_arguments)]
    fn expand_rec(
        &mut self,
        new: bool,
        nodes: &[NodeId],
        at: &Loc,
        consumed: &mut Vec<(NodeId, &'static str)>,
        (branch, exclusive, nested): (Option<(&'static str, NodeId)>, Rivalries, bool),
        (domain, base): (u8, &[NodeId]),
        out: &mut Expansion,
    ) {
        let ir = self.ir(new);
        let f = flatten(ir, nodes);
        if f.falsy {
            return;
        }
        if out.alts.len() < MAX_ALTS {
            if let Some(g) = f.groups.iter().find(|g| !consumed.contains(&(g.src, g.kw))).cloned() {
                consumed.push((g.src, g.kw));
                // Decided for every `oneOf`, not only the outermost: one
                // nested in a branch rejects what two of its own branches match.
                let overlapping = g.kw == "oneOf" && !self.pairwise_disjoint(new, nodes, g.src, &g.branches);
                // Inside a branch of an overlapping `oneOf` already taken: not
                // a group of the schema expanded (a sibling of it), so it
                // came from a branch (perhaps of an `anyOf` in between).
                let inner = overlapping && !exclusive.is_empty() && !base.contains(&g.src);
                for b in &g.branches {
                    let mut ns = nodes.to_vec();
                    ns.push(*b);
                    let br = branch.or(Some((g.kw, *b)));
                    let bat = if branch.is_none() { self.loc(new, *b, "") } else { at.clone() };
                    let mut excl = exclusive.clone();
                    if overlapping {
                        excl.push((g.src, *b));
                    }
                    self.expand_rec(new, &ns, &bat, consumed, (br, excl, nested || inner), (domain, base), out);
                }
                consumed.pop();
                return;
            }
        }
        let at = if nodes.is_empty() || branch.is_some() { at.clone() } else { self.loc(new, nodes[0], "") };
        let unexpanded = f.groups.iter().any(|g| !consumed.contains(&(g.src, g.kw)));
        let mut excluded = 0u8;
        for nt in &f.nots {
            let nf = flatten(self.ir(new), &[*nt]);
            if is_type_only(&nf) {
                excluded |= nf.types;
            }
        }
        for (cat, _) in CATS {
            let mut types = f.types & cat & domain & !excluded;
            if cat == NUM {
                if let (Some(l), Some(u)) = (&f.lower, &f.upper) {
                    if !l.excl && !u.excl && l.v == u.v && l.v.fract() == 0.0 {
                        types &= !FRAC;
                    }
                }
            }
            if types == 0 {
                continue;
            }
            // `null` and `boolean` have few values: when the keywords refute
            // them all (a `not` of each), the category accepts nothing.
            let few: &[Value] = match cat {
                NULL => &[Value::Null],
                BOOL => &[Value::Bool(true), Value::Bool(false)],
                _ => &[],
            };
            // The listed values the schema refuses are left out of this
            // alternative (the groups already expanded into the schema are
            // left out of the question: it is an overlap of their branches).
            // Refused as matching two branches of an overlapping `oneOf`, a
            // value may still be in the alternatives of the other branch:
            // see `Expansion::refused`.
            let listed: Vec<&Value> = match &f.enum_ {
                Some(vals) => vals.iter().filter(|v| value_type(v) & types != 0).collect(),
                None => few.iter().collect(),
            };
            let refused: Vec<Value> =
                listed.iter().filter(|v| self.acceptance.members_without(ir, &f.members, v, &out.taken) == Some(false)).map(|v| (*v).clone()).collect();
            if !exclusive.is_empty() {
                out.refused.extend(refused.iter().cloned());
            }
            if f.enum_.is_none() && !few.is_empty() && refused.len() == few.len() {
                continue;
            }
            let mut flat = f.clone();
            if f.enum_.is_some() {
                let kept: Vec<Value> = listed.into_iter().filter(|v| !refused.iter().any(|r| json_eq(r, v))).cloned().collect();
                if kept.is_empty() {
                    continue;
                }
                let vt = kept.iter().fold(0u8, |a, v| a | value_type(v));
                types &= vt | if vt & FRAC != 0 { INT } else { 0 };
                flat.enum_ = Some(kept);
            }
            flat.types = types;
            out.alts.push(Alt { flat, cat, branch, exclusive: exclusive.clone(), nested_exclusive: nested, unexpanded, at: at.clone() });
        }
    }

    /// Whether no value can satisfy two of `branches` (of the `oneOf` on
    /// node `group`), each taken together with `base` (see [`apart`]). Then
    /// `oneOf` means the same as `anyOf`. Remembered: every comparison at
    /// an instance expands its schemas again.
    fn pairwise_disjoint(&mut self, new: bool, base: &[NodeId], group: NodeId, branches: &[NodeId]) -> bool {
        let mut key_nodes = base.to_vec();
        key_nodes.sort_unstable();
        key_nodes.dedup();
        let key = (new, key_nodes, group);
        if let Some(known) = self.disjoint.get(&key) {
            return *known;
        }
        let ir = self.ir(new);
        let flats: Vec<Flat> = branches
            .iter()
            .map(|b| {
                let mut nodes = base.to_vec();
                nodes.push(*b);
                flatten(ir, &nodes)
            })
            .collect();
        let disjoint = flats.iter().enumerate().all(|(i, a)| flats[i + 1..].iter().all(|b| apart(&self.flats, (ir, a), (ir, b))));
        self.disjoint.insert(key, disjoint);
        disjoint
    }

    /// The pairs of alternatives in `alts` that come from different
    /// branches of one overlapping `oneOf` and may overlap themselves: a
    /// value matching both is rejected. With the branches they come from.
    fn live_rivals<'x>(&self, new: bool, alts: &[&'x Alt]) -> Vec<(&'x Alt, &'x Alt, (NodeId, NodeId))> {
        let ir = self.ir(new);
        let mut out = Vec::new();
        for (i, a) in alts.iter().enumerate().filter(|(_, a)| a.is_exclusive()) {
            for b in &alts[i + 1..] {
                if let Some(branches) = a.rivals(b) {
                    if !apart(&self.flats, (ir, &a.flat), (ir, &b.flat)) {
                        out.push((*a, *b, branches));
                    }
                }
            }
        }
        out
    }

    /// `oneOf` exclusivity within one type category: two alternatives of
    /// `side`'s overlapping `oneOf`, from different branches, that a value
    /// of `other` (an alternative of the other side taken from no
    /// overlapping `oneOf`, so accepting every value it describes) may
    /// satisfy both of. Such a value is valid on the other side and rejected
    /// on this one, unless an alternative of this side that is not exclusive
    /// either holds all of `other`'s values. Exclusive alternatives on both
    /// sides: see [`Self::overlap_moved`].
    fn exclusivity_conflict<'x>(&mut self, new: bool, side: &[&'x Alt], other: &[&'x Alt], ctx: &Ctx) -> Option<(&'x Alt, (NodeId, NodeId))> {
        let (ir, oir) = (self.ir(new), self.ir(!new));
        let rivals = self.live_rivals(new, side);
        if rivals.is_empty() {
            return None;
        }
        for o in other.iter().filter(|o| !o.is_exclusive()) {
            let Some(branches) = rivals
                .iter()
                .find(|(a, b, _)| !apart(&self.flats, (oir, &o.flat), (ir, &a.flat)) && !apart(&self.flats, (oir, &o.flat), (ir, &b.flat)))
                .map(|r| r.2)
            else {
                continue;
            };
            // `o`'s values all valid here too (through `c`)?
            let held = side.iter().filter(|c| !c.is_exclusive()).any(|c| {
                let (old_alt, new_alt) = if new { (*o, *c) } else { (*c, *o) };
                let breaks = self.compare_alt(old_alt, new_alt, ctx).iter().fold(Breaks::NONE, |x, ch| x.or(ch.breaks));
                if new {
                    !breaks.writers
                } else {
                    !breaks.readers
                }
            });
            if !held {
                return Some((*o, branches));
            }
        }
        None
    }

    /// Both sides overlapping `oneOf`s in this category: the values
    /// matching two rival alternatives (rejected) are compared as schemas of
    /// their own. The rejected set is the union of those overlaps; it loses
    /// nothing (no reader breaks here) when every old overlap keeps within
    /// some new one, and gains nothing (no writer breaks) when every new
    /// overlap keeps within some old one. Values that join it were valid and
    /// are now rejected (writers); values that leave it were rejected and
    /// are now accepted (readers). Too many overlaps are not decided: both
    /// directions are assumed.
    fn overlap_moved(&mut self, oc: &[&Alt], nc: &[&Alt], cat: u8, ctx: &Ctx) -> Option<Change> {
        if !oc.iter().any(|a| a.is_exclusive()) || !nc.iter().any(|a| a.is_exclusive()) {
            return None;
        }
        // Each overlap with the pointers of its two branches: the same
        // pointers on the other side are tried first.
        let pairs = |e: &Self, new: bool, alts: &[&Alt]| -> Vec<(Sch, (String, String))> {
            e.live_rivals(new, alts)
                .into_iter()
                .map(|(a, b, (x, y))| {
                    let mut nodes: Vec<NodeId> = a.flat.members.iter().chain(&b.flat.members).copied().collect();
                    nodes.sort_unstable();
                    nodes.dedup();
                    (Sch { nodes, at: a.at.clone() }, (e.loc(new, x, "").pointer, e.loc(new, y, "").pointer))
                })
                .collect()
        };
        let (op, np) = (pairs(self, false, oc), pairs(self, true, nc));
        let (oat, nat) = (oc.iter().find(|a| a.is_exclusive())?.at.clone(), nc.iter().find(|a| a.is_exclusive())?.at.clone());
        let name = cat_name(cat, ALL);
        let undecided = |e: &Self, oat: Loc, nat: Loc| {
            e.change(
                "comparison-unknown",
                Some(oat),
                Some(nat),
                Breaks::BOTH,
                ctx,
                format!("oneOf branches overlap on {name} values in both schemas ({} old and {} new overlapping pairs): not decided; assuming both directions break", op.len(), np.len()),
                None,
            )
        };
        let groups = |alts: &[&Alt], taken: &Taken| -> Taken {
            let mut v: Taken = alts.iter().flat_map(|a| a.flat.groups.iter().map(|g| (g.src, g.kw))).chain(taken.iter().copied()).collect();
            v.sort_unstable();
            v.dedup();
            v
        };
        let c2 = Ctx { domain: cat, taken: (groups(oc, &ctx.taken.0), groups(nc, &ctx.taken.1)), ..ctx.clone() };
        // How old overlap i and new overlap j differ, compared at most
        // MAX_OVERLAP_DIFFS times (the same schema on both sides is free).
        let mut known: HashMap<(usize, usize), Breaks> = HashMap::new();
        let mut budget = MAX_OVERLAP_DIFFS;
        let mut differ = |e: &mut Self, i: usize, j: usize| -> Option<Breaks> {
            if let Some(b) = known.get(&(i, j)) {
                return Some(*b);
            }
            let b = if flat::same(e.old, &op[i].0.nodes, e.new, &np[j].0.nodes, 1_000) {
                Breaks::NONE
            } else if budget == 0 {
                return None;
            } else {
                budget -= 1;
                e.diff(&op[i].0, &np[j].0, &c2).iter().fold(Breaks::NONE, |x, c| x.or(c.breaks))
            };
            known.insert((i, j), b);
            Some(b)
        };
        let order = |key: &(String, String), others: &[(Sch, (String, String))]| -> Vec<usize> {
            let mut v: Vec<usize> = (0..others.len()).collect();
            v.sort_by_key(|k| &others[*k].1 != key);
            v
        };
        // An old overlap inside no new one: some of it may be accepted now
        // (readers of the overlap, as a schema, break: it lost values).
        let mut lost = false;
        for (i, (_, key)) in op.iter().enumerate() {
            let mut inside = false;
            for j in order(key, &np) {
                let Some(b) = differ(self, i, j) else { return Some(undecided(self, oat, nat)) };
                if !b.writers {
                    inside = true;
                    break;
                }
            }
            if !inside {
                lost = true;
                break;
            }
        }
        let mut gained = false;
        for (j, (_, key)) in np.iter().enumerate() {
            let mut inside = false;
            for i in order(key, &op) {
                let Some(b) = differ(self, i, j) else { return Some(undecided(self, oat, nat)) };
                if !b.readers {
                    inside = true;
                    break;
                }
            }
            if !inside {
                gained = true;
                break;
            }
        }
        let moved = Breaks { writers: lost, readers: gained };
        if !moved.any() {
            return None;
        }
        // The overlap grew (readers of the overlap) → valid values now rejected.
        let breaks = Breaks { writers: moved.readers, readers: moved.writers };
        let what = match (breaks.writers, breaks.readers) {
            (true, true) => "some values joined it (now rejected) and some left it (now accepted)",
            (true, false) => "values that matched one branch now match two and are rejected",
            _ => "values that matched two branches now match one and are accepted",
        };
        Some(self.change(
            "combinator-changed",
            Some(oat),
            Some(nat),
            breaks,
            ctx,
            format!("the overlap of the oneOf branches on {name} values moved: {what}"),
            None,
        ))
    }

    fn diff_inner(&mut self, o: &Sch, n: &Sch, ctx: &Ctx) -> Vec<Change> {
        let (oexp, nexp) = (self.expand(false, o, ctx.domain, &ctx.taken.0), self.expand(true, n, ctx.domain, &ctx.taken.1));
        let (oalts, nalts) = (&oexp.alts, &nexp.alts);
        let mut out = Vec::new();
        if oalts.is_empty() && nalts.is_empty() {
            return out;
        }
        if oalts.is_empty() {
            out.push(self.change(
                "schema-opened",
                Some(o.at.clone()),
                Some(n.at.clone()),
                Breaks::R,
                ctx,
                "accepted nothing before, now accepts values".into(),
                None,
            ));
            return out;
        }
        if nalts.is_empty() {
            out.push(self.change("schema-closed", Some(o.at.clone()), Some(n.at.clone()), Breaks::W, ctx, "now accepts nothing".into(), None));
            return out;
        }
        for (cat, _) in CATS {
            let oc: Vec<&Alt> = oalts.iter().filter(|a| a.cat == cat).collect();
            let nc: Vec<&Alt> = nalts.iter().filter(|a| a.cat == cat).collect();
            let nested = oc.iter().chain(&nc).any(|a| a.nested_exclusive);
            let unexpanded = oc.iter().chain(&nc).any(|a| a.unexpanded);
            if (nested || unexpanded) && !flat::same(self.old, &o.nodes, self.new, &n.nodes, 10_000) {
                let name = cat_name(cat, ALL);
                let why = if nested {
                    format!("a oneOf whose branches overlap on {name} values is inside a branch of another")
                } else {
                    format!("more than {MAX_ALTS} alternatives (anyOf/oneOf branches by JSON type), {name} values among them")
                };
                out.push(self.change(
                    "comparison-unknown",
                    Some(o.at.clone()),
                    Some(n.at.clone()),
                    Breaks::BOTH,
                    ctx,
                    format!("{why}: not decided; assuming both directions break"),
                    None,
                ));
                continue;
            }
            let in_cat = |v: &&Value| value_type(v) & cat != 0;
            let listed = (oexp.refused.iter().filter(in_cat).collect(), nexp.refused.iter().filter(in_cat).collect());
            let covered = Breaks { readers: oc.is_empty() && !nc.is_empty(), writers: nc.is_empty() && !oc.is_empty() };
            out.extend(self.listed_refused((o, n), listed, (cat, covered), ctx));
            // `anyOf` and a `oneOf` of disjoint branches mean the same; what
            // differs is a value matching two branches of an overlapping `oneOf`.
            if let Some((o, (a, b))) = self.exclusivity_conflict(true, &nc, &oc, ctx) {
                let name = cat_name(cat, o.flat.types);
                let (al, bl) = (self.loc(true, a, ""), self.loc(true, b, ""));
                let (ap, bp) = (al.pointer.clone(), bl.pointer);
                out.push(self.change(
                    "combinator-changed",
                    Some(o.at.clone()),
                    Some(al),
                    Breaks::W,
                    ctx,
                    format!("oneOf branches #{ap} and #{bp} overlap on {name} values the old schema accepts: such values are now rejected"),
                    None,
                ));
            }
            if let Some((n, (a, b))) = self.exclusivity_conflict(false, &oc, &nc, ctx) {
                let name = cat_name(cat, n.flat.types);
                let (al, bl) = (self.loc(false, a, ""), self.loc(false, b, ""));
                let (ap, bp) = (al.pointer.clone(), bl.pointer);
                out.push(self.change(
                    "combinator-changed",
                    Some(al),
                    Some(n.at.clone()),
                    Breaks::R,
                    ctx,
                    format!("old oneOf branches #{ap} and #{bp} overlap on {name} values the new schema accepts: old readers rejected them"),
                    None,
                ));
            }
            if let Some(c) = self.overlap_moved(&oc, &nc, cat, ctx) {
                out.push(c);
            }
            match (oc.len(), nc.len()) {
                (0, 0) => {}
                (0, _) => {
                    for a in &nc {
                        out.push(self.alt_added(o, a, ctx));
                    }
                }
                (_, 0) => {
                    for a in &oc {
                        out.push(self.alt_removed(a, n, ctx));
                    }
                }
                (1, 1) => {
                    let c = self.compare_alt(oc[0], nc[0], ctx);
                    out.extend(c);
                }
                _ => {
                    let c = self.match_alts(&oc, &nc, ctx);
                    out.extend(c);
                }
            }
        }
        dedupe(&mut out);
        out
    }

    /// The values of [`Expansion::refused`] (old side's, new side's), each
    /// tried on both whole schemas: refused before and accepted now breaks
    /// readers, the other way writers. Where either answer is not decided,
    /// the directions it leaves open are assumed to break. A direction
    /// `covered` already (a side without alternatives in this category is
    /// reported as the category added or removed) is not said again.
    fn listed_refused(&mut self, (o, n): (&Sch, &Sch), (old, new): (Vec<&Value>, Vec<&Value>), (cat, covered): (u8, Breaks), ctx: &Ctx) -> Vec<Change> {
        let mut values: Vec<&Value> = Vec::new();
        for v in old.into_iter().chain(new) {
            if !values.iter().any(|w| json_eq(v, w)) {
                values.push(v);
            }
        }
        if values.is_empty() {
            return Vec::new();
        }
        // Each side as compared here: without the groups already expanded
        // into it and the conditionals whose region it is.
        let side = |e: &Self, new: bool, s: &Sch| {
            let (taken, settled) = if new { (&ctx.taken.1, &ctx.settled.1) } else { (&ctx.taken.0, &ctx.settled.0) };
            let without: Vec<(NodeId, &'static str)> = taken.iter().copied().chain(settled.iter().map(|c| (*c, "if"))).collect();
            (e.flats.get(e.ir(new), &s.nodes).members.clone(), without)
        };
        let (before, now) = (side(self, false, o), side(self, true, n));
        // (readers, writers, not decided) → the values found.
        let mut found: BTreeMap<(bool, bool, bool), Vec<Value>> = BTreeMap::new();
        for v in values {
            let was = self.acceptance.members_without(self.old, &before.0, v, &before.1);
            let is = self.acceptance.members_without(self.new, &now.0, v, &now.1);
            let breaks = Breaks { readers: was != Some(true) && is != Some(false), writers: was != Some(false) && is != Some(true) };
            let undecided = was.is_none() || is.is_none();
            if breaks.any() && (undecided || (breaks.readers && !covered.readers) || (breaks.writers && !covered.writers)) {
                found.entry((breaks.readers, breaks.writers, undecided)).or_default().push(v.clone());
            }
        }
        let name = cat_name(cat, ALL);
        found
            .into_iter()
            .map(|((readers, writers, undecided), vals)| {
                let shown: Vec<String> = vals.iter().take(5).map(Value::to_string).collect();
                let more = if vals.len() > 5 { format!(" and {} more", vals.len() - 5) } else { String::new() };
                let (list, one) = (format!("{}{more}", shown.join(", ")), vals.len() == 1);
                let (value, was, is) = if one { ("value", "was", "is") } else { ("values", "were", "are") };
                let why = "listed by a branch of a oneOf whose branches overlap, where a value two branches match is rejected";
                let (kind, message) = if undecided {
                    (
                        "comparison-unknown",
                        format!("whether the old and the new schema accept {name} {value} {list} is not decided ({why}); assuming it breaks"),
                    )
                } else if readers {
                    ("combinator-changed", format!("{name} {value} {list} {was} rejected and {is} now accepted ({why})"))
                } else {
                    ("combinator-changed", format!("{name} {value} {list} {was} accepted and {is} now rejected ({why})"))
                };
                self.change(kind, Some(o.at.clone()), Some(n.at.clone()), Breaks { readers, writers }, ctx, message, vals.first().cloned())
            })
            .collect()
    }

    fn alt_added(&self, o: &Sch, a: &Alt, ctx: &Ctx) -> Change {
        let name = cat_name(a.cat, a.flat.types);
        match a.branch {
            Some((kw, b)) => {
                let k = if kw == "oneOf" { "oneof-branch-added" } else { "anyof-branch-added" };
                let title = self.branch_title(true, b);
                self.change(
                    k,
                    Some(o.at.clone()),
                    Some(self.loc(true, b, "")),
                    Breaks::R,
                    ctx,
                    format!("{kw} branch{title} added: new {name} values are accepted"),
                    Some(sample(a.cat, a.flat.types)),
                )
            }
            None => self.change(
                "type-widened",
                Some(o.at.clone()),
                Some(self.kloc(true, a.flat.types_src, "type", &a.at)),
                Breaks::R,
                ctx,
                format!("now accepts {name} values"),
                Some(a.flat.enum_.as_ref().and_then(|e| e.first().cloned()).unwrap_or_else(|| sample(a.cat, a.flat.types))),
            ),
        }
    }

    fn alt_removed(&self, a: &Alt, n: &Sch, ctx: &Ctx) -> Change {
        let name = cat_name(a.cat, a.flat.types);
        match a.branch {
            Some((kw, b)) => {
                let k = if kw == "oneOf" { "oneof-branch-removed" } else { "anyof-branch-removed" };
                let title = self.branch_title(false, b);
                self.change(
                    k,
                    Some(self.loc(false, b, "")),
                    Some(n.at.clone()),
                    Breaks::W,
                    ctx,
                    format!("{kw} branch{title} removed: its {name} values are rejected"),
                    Some(sample(a.cat, a.flat.types)),
                )
            }
            None => self.change(
                "type-narrowed",
                Some(self.kloc(false, a.flat.types_src, "type", &a.at)),
                Some(n.at.clone()),
                Breaks::W,
                ctx,
                format!("no longer accepts {name} values"),
                Some(a.flat.enum_.as_ref().and_then(|e| e.first().cloned()).unwrap_or_else(|| sample(a.cat, a.flat.types))),
            ),
        }
    }

    fn branch_title(&self, new: bool, b: NodeId) -> String {
        let f = flatten(self.ir(new), &[b]);
        match f.annotations.get("title") {
            Some((Value::String(t), _)) => format!(" `{t}`"),
            _ => String::new(),
        }
    }

    /// The discriminating key of an alternative on property `p`.
    fn disc_key(&self, new: bool, a: &Alt, p: &str) -> Option<DiscKey> {
        let nodes = a.flat.props.iter().find(|(n, _)| n == p)?.1.clone();
        let f = flatten(self.ir(new), &nodes);
        if let Some(e) = &f.enum_ {
            if e.len() == 1 {
                return Some(DiscKey::Const(e[0].clone()));
            }
            return None;
        }
        catch_all_values(self.ir(new), &f).map(DiscKey::CatchAll)
    }

    fn find_discriminator(&self, oc: &[&Alt], nc: &[&Alt]) -> Option<String> {
        let first = oc.first().or(nc.first())?;
        'names: for (p, _) in &first.flat.props {
            let mut consts = 0;
            for (new, alts) in [(false, oc), (true, nc)] {
                let mut seen: Vec<Value> = Vec::new();
                let mut catch = 0;
                for a in alts {
                    match self.disc_key(new, a, p) {
                        Some(DiscKey::Const(v)) => {
                            if seen.iter().any(|s| json_eq(s, &v)) {
                                continue 'names;
                            }
                            seen.push(v);
                            consts += 1;
                        }
                        Some(DiscKey::CatchAll(_)) => {
                            catch += 1;
                            if catch > 1 {
                                continue 'names;
                            }
                        }
                        None => continue 'names,
                    }
                }
            }
            if consts >= 2 {
                return Some(p.clone());
            }
        }
        None
    }

    fn match_alts(&mut self, oc: &[&Alt], nc: &[&Alt], ctx: &Ctx) -> Vec<Change> {
        if let Some(p) = self.find_discriminator(oc, nc) {
            return self.match_by_discriminator(oc, nc, &p, ctx);
        }
        let mut out = Vec::new();
        // Structural: cost of each pairing = number of breaking changes.
        let mut results: Vec<Vec<(Vec<Change>, Breaks)>> = Vec::new();
        for o in oc {
            let mut row = Vec::new();
            for n in nc {
                let c = self.compare_alt(o, n, ctx);
                let b = c.iter().fold(Breaks::NONE, |a, x| a.or(x.breaks));
                row.push((c, b));
            }
            results.push(row);
        }
        let mut pairs: Vec<(usize, usize, usize)> = Vec::new();
        for (i, row) in results.iter().enumerate() {
            for (j, (c, _)) in row.iter().enumerate() {
                let same_branch_kw = oc[i].branch.map(|b| b.0) == nc[j].branch.map(|b| b.0);
                let cost = c.iter().filter(|x| x.breaks.any()).count() * 4 + c.len() + usize::from(!same_branch_kw);
                pairs.push((cost, i, j));
            }
        }
        pairs.sort();
        let (mut oused, mut nused) = (vec![false; oc.len()], vec![false; nc.len()]);
        for (_, i, j) in pairs {
            if oused[i] || nused[j] {
                continue;
            }
            // Pair only when it explains something: no cross-kind pairing of
            // alternatives that share nothing.
            oused[i] = true;
            nused[j] = true;
            let (c, _) = &results[i][j];
            // Drop writer breaks when another new alternative covers the old
            // one, and reader breaks when another old alternative covers the new one.
            let w_cov = results[i].iter().any(|(_, b)| !b.writers);
            let r_cov = results.iter().any(|row| !row[j].1.readers);
            for ch in c {
                let mut ch = ch.clone();
                if w_cov {
                    ch.breaks.writers = false;
                }
                if r_cov {
                    ch.breaks.readers = false;
                }
                out.push(ch);
            }
        }
        for (i, a) in oc.iter().enumerate() {
            if !oused[i] && !results[i].iter().any(|(_, b)| !b.writers) {
                out.push(self.alt_removed(a, &Sch { nodes: vec![], at: nc[0].at.clone() }, ctx));
            }
        }
        for (j, a) in nc.iter().enumerate() {
            if !nused[j] && !results.iter().any(|row| !row[j].1.readers) {
                out.push(self.alt_added(&Sch { nodes: vec![], at: oc[0].at.clone() }, a, ctx));
            }
        }
        out
    }

    fn match_by_discriminator(&mut self, oc: &[&Alt], nc: &[&Alt], p: &str, ctx: &Ctx) -> Vec<Change> {
        let mut out = Vec::new();
        let okeys: Vec<(DiscKey, &Alt)> = oc.iter().filter_map(|a| self.disc_key(false, a, p).map(|k| (k, *a))).collect();
        let nkeys: Vec<(DiscKey, &Alt)> = nc.iter().filter_map(|a| self.disc_key(true, a, p).map(|k| (k, *a))).collect();
        let ocatch = okeys.iter().find_map(|(k, a)| if let DiscKey::CatchAll(e) = k { Some((e.clone(), *a)) } else { None });
        let ncatch = nkeys.iter().find_map(|(k, a)| if let DiscKey::CatchAll(e) = k { Some((e.clone(), *a)) } else { None });
        let admits = |c: &Option<(Vec<Value>, &Alt)>, v: &Value| c.as_ref().is_some_and(|(e, _)| !e.iter().any(|x| json_eq(x, v)));
        let inst = join(&ctx.inst, p);
        for (k, a) in &okeys {
            let DiscKey::Const(v) = k else { continue };
            match nkeys.iter().find(|(nk, _)| matches!(nk, DiscKey::Const(w) if json_eq(v, w))) {
                Some((_, b)) => {
                    let c = self.compare_alt(a, b, ctx);
                    out.extend(c);
                }
                None => {
                    let mut ch = self.alt_removed(a, &Sch { nodes: vec![], at: nc[0].at.clone() }, ctx);
                    if admits(&ncatch, v) {
                        ch.breaks = Breaks::R;
                        ch.message = format!("branch for {p} = {v} removed: the catch-all branch now accepts {v} with any content");
                    } else {
                        ch.message = format!("branch for {p} = {v} removed: documents with {p} = {v} are rejected");
                    }
                    ch.instance_path = inst.clone();
                    ch.example = Some(v.clone());
                    out.push(ch);
                }
            }
        }
        for (k, b) in &nkeys {
            let DiscKey::Const(v) = k else { continue };
            if okeys.iter().any(|(ok, _)| matches!(ok, DiscKey::Const(w) if json_eq(v, w))) {
                continue;
            }
            if admits(&ocatch, v) {
                let (bkw, bn) = b.branch.unwrap_or(("oneOf", b.flat.members.first().copied().unwrap_or(0)));
                let _ = bkw;
                out.push(self.change(
                    "open-set-member-added",
                    ocatch.as_ref().map(|(_, a)| a.at.clone()),
                    Some(self.loc(true, bn, "")),
                    Breaks::NONE,
                    &Ctx { inst: inst.clone(), ..ctx.clone() },
                    format!("{p} = {v} gets its own branch; old readers took it through the catch-all branch and ignore it"),
                    Some(v.clone()),
                ));
            } else {
                let mut ch = self.alt_added(&Sch { nodes: vec![], at: oc[0].at.clone() }, b, ctx);
                ch.message = format!("branch for {p} = {v} added: documents with {p} = {v} are new");
                ch.instance_path = inst.clone();
                ch.example = Some(v.clone());
                out.push(ch);
            }
        }
        match (&ocatch, &ncatch) {
            (Some((oe, a)), Some((ne, b))) => {
                let c2 = Ctx { ignore_prop: Some(p.to_owned()), ..ctx.clone() };
                let c = self.compare_alt(a, b, &c2);
                out.extend(c);
                self.catch_all_moved(p, (oe, a), (ne, b), (&okeys, &nkeys), ctx, &mut out);
            }
            (Some((_, a)), None) => {
                let mut ch = self.alt_removed(a, &Sch { nodes: vec![], at: nc[0].at.clone() }, ctx);
                ch.message = format!("catch-all branch for unknown {p} values removed: unknown values are rejected");
                out.push(ch);
            }
            (None, Some((_, b))) => {
                let mut ch = self.alt_added(&Sch { nodes: vec![], at: oc[0].at.clone() }, b, ctx);
                ch.message = format!("catch-all branch for unknown {p} values added: old readers reject them");
                out.push(ch);
            }
            (None, None) => {}
        }
        out
    }

    /// The catch-all branches' member `p`, left out when the branches were
    /// compared: its keywords but the `not` compare as any schema's; the
    /// values the `not` lists, one by one: refused now and accepted before
    /// (or the other way), unless a branch of their own takes them (those
    /// are reported with the branches).
    #[allow(clippy::too_many_arguments)]
    fn catch_all_moved(
        &mut self,
        p: &str,
        (oe, a): (&[Value], &Alt),
        (ne, b): (&[Value], &Alt),
        (okeys, nkeys): (&[Keyed], &[Keyed]),
        ctx: &Ctx,
        out: &mut Vec<Change>,
    ) {
        let member = |alt: &Alt| alt.flat.props.iter().find(|(n, _)| n == p).map(|(_, nodes)| nodes.clone()).unwrap_or_default();
        let (om, nm) = (member(a), member(b));
        let c2 = Ctx { inst: join(&ctx.inst, p), domain: ALL, ignore_prop: None, settled: Default::default(), taken: Default::default() };
        // (`disc_key` found exactly one `not` on each side.)
        let not_at = |e: &Self, new: bool, nodes: &[NodeId]| flatten(e.ir(new), nodes).nots.first().map(|n| e.loc(new, *n, "").pointer);
        let (onot, nnot) = (not_at(self, false, &om), not_at(self, true, &nm));
        let inside = |at: &Option<Loc>, not: &Option<String>| match (at, not) {
            (Some(l), Some(n)) => l.pointer.strip_prefix(n.as_str()).is_some_and(|rest| rest.is_empty() || rest.starts_with('/')),
            _ => false,
        };
        let (os, ns) = (self.child(false, Some(&om), &a.at, ""), self.child(true, Some(&nm), &b.at, ""));
        let rest = self.diff(&os, &ns, &c2);
        out.extend(rest.into_iter().filter(|c| !inside(&c.old, &onot) && !inside(&c.new, &nnot) && !matches!(c.kind, "not-added" | "not-removed")));
        let has_branch = |keys: &[Keyed], v: &Value| keys.iter().any(|(k, _)| matches!(k, DiscKey::Const(w) if json_eq(v, w)));
        let listed = |list: &[Value], v: &Value| list.iter().any(|w| json_eq(v, w));
        for v in ne.iter().filter(|v| !listed(oe, v) && !has_branch(nkeys, v)) {
            out.push(self.change(
                "enum-value-removed",
                Some(a.at.clone()),
                Some(b.at.clone()),
                Breaks::W,
                &c2,
                format!("the catch-all branch no longer accepts {p} = {v} and no branch of its own does: documents with it are rejected"),
                Some(v.clone()),
            ));
        }
        for v in oe.iter().filter(|v| !listed(ne, v) && !has_branch(okeys, v)) {
            out.push(self.change(
                "enum-value-added",
                Some(a.at.clone()),
                Some(b.at.clone()),
                Breaks::R,
                &c2,
                format!("the catch-all branch now accepts {p} = {v}: old readers rejected it"),
                Some(v.clone()),
            ));
        }
    }

    fn compare_alt(&mut self, o: &Alt, n: &Alt, ctx: &Ctx) -> Vec<Change> {
        let mut out = Vec::new();
        let c = self.compare_flat(&o.flat, &n.flat, o.cat, &o.at, &n.at, ctx);
        out.extend(c);
        out
    }

    #[allow(clippy::too_many_arguments)]
    fn bound(&self, base: &str, is_min: bool, ov: Option<f64>, nv: Option<f64>, ol: Loc, nl: Loc, ctx: &Ctx, fmt: &dyn Fn(f64) -> String) -> Option<Change> {
        let (action, b) = match (ov, nv) {
            (None, None) => return None,
            (None, Some(_)) => ("added", Breaks::W),
            (Some(_), None) => ("removed", Breaks::R),
            (Some(x), Some(y)) if x == y => return None,
            (Some(x), Some(y)) => {
                let up = y > x;
                match (is_min, up) {
                    (true, true) => ("increased", Breaks::W),
                    (true, false) => ("decreased", Breaks::R),
                    (false, true) => ("increased", Breaks::R),
                    (false, false) => ("decreased", Breaks::W),
                }
            }
        };
        let show = |v: Option<f64>| v.map(fmt).unwrap_or_else(|| "none".into());
        let kw = base;
        Some(self.change(&format!("{base}-{action}"), Some(ol), Some(nl), b, ctx, format!("{kw} {} → {}", show(ov), show(nv)), None))
    }

    fn compare_flat(&mut self, o: &Flat, n: &Flat, cat: u8, oat: &Loc, nat: &Loc, ctx: &Ctx) -> Vec<Change> {
        let mut out = Vec::new();
        self.compare_annotations(o, n, oat, nat, ctx, &mut out);
        // enum / const decide alone when present.
        if o.enum_.is_some() || n.enum_.is_some() {
            self.compare_values(o, n, cat, oat, nat, ctx, &mut out);
            return out;
        }
        if cat == NUM {
            let (ot, nt) = (o.types & NUM, n.types & NUM);
            let ol = self.kloc(false, o.types_src, "type", oat);
            let nl = self.kloc(true, n.types_src, "type", nat);
            if ot & FRAC != 0 && nt & FRAC == 0 {
                out.push(self.change(
                    "type-narrowed",
                    Some(ol.clone()),
                    Some(nl.clone()),
                    Breaks::W,
                    ctx,
                    "number became integer: fractional numbers are rejected".into(),
                    Some(json!(0.5)),
                ));
            } else if ot & FRAC == 0 && nt & FRAC != 0 {
                out.push(self.change(
                    "type-widened",
                    Some(ol),
                    Some(nl),
                    Breaks::R,
                    ctx,
                    "integer became number: fractional numbers are accepted".into(),
                    Some(json!(0.5)),
                ));
            }
            let ints = ot & FRAC == 0 && nt & FRAC == 0;
            self.compare_numbers(o, n, ints, oat, nat, ctx, &mut out);
        }
        if cat == STR {
            self.compare_strings(o, n, oat, nat, ctx, &mut out);
            self.compare_content(o, n, oat, nat, ctx, &mut out);
        }
        if cat == ARR || cat == OBJ {
            if let Some(change) = self.undecided_scope(o, n, ctx) {
                out.push(change);
                return out;
            }
        }
        if cat == ARR {
            self.compare_arrays(o, n, oat, nat, ctx, &mut out);
        }
        if cat == OBJ {
            self.compare_objects(o, n, oat, nat, ctx, &mut out);
        }
        self.compare_format(o, n, cat, oat, nat, ctx, &mut out);
        self.compare_nots(o, n, oat, nat, ctx, &mut out);
        self.compare_conds(o, n, oat, nat, ctx, &mut out);
        out
    }

    /// A keyword whose scope the merged view cannot hold, on either side
    /// (see `flat::settle_scopes`): not decided, both directions assumed.
    /// Unless both sides are the same schema: then nothing changed.
    fn undecided_scope(&self, o: &Flat, n: &Flat, ctx: &Ctx) -> Option<Change> {
        let (_, kw) = o.undecided.or(n.undecided)?;
        if flat::same(self.old, &o.members, self.new, &n.members, 10_000) {
            return None;
        }
        let (old, new) = (o.undecided.map(|(id, kw)| self.loc(false, id, kw)), n.undecided.map(|(id, kw)| self.loc(true, id, kw)));
        let message =
            format!("`{kw}` here sees only part of what the schema applies to the value (its own scope): not decided; assuming both directions break");
        Some(self.change("comparison-unknown", old, new, Breaks::BOTH, ctx, message, None))
    }

    /// `enum`/`const` on one side or both. The values a side lists (or,
    /// for `null` and `boolean`, every value there is) are tried on the
    /// other side with all its keywords: a value the old side may accept and
    /// the new one may not breaks writers, and the other way readers. A
    /// value whose answer is not decided counts as a break.
    #[allow(clippy::too_many_arguments)]
    fn compare_values(&mut self, o: &Flat, n: &Flat, cat: u8, oat: &Loc, nat: &Loc, ctx: &Ctx, out: &mut Vec<Change>) {
        let values_loc = |e: &Self, new: bool, f: &Flat, at: &Loc| e.kloc(new, f.enum_src.map(|s| s.0), f.enum_src.map(|s| s.1).unwrap_or("enum"), at);
        let (ol, nl) = (values_loc(self, false, o, oat), values_loc(self, true, n, nat));
        let is_const = |f: &Flat| f.enum_src.map(|s| s.1) == Some("const");
        if let (Some(oe), Some(ne)) = (&o.enum_, &n.enum_) {
            if is_const(o) && is_const(n) && oe.len() == 1 && ne.len() == 1 && !json_eq(&oe[0], &ne[0]) {
                out.push(self.change("const-changed", Some(ol), Some(nl), Breaks::BOTH, ctx, format!("const {} → {}", oe[0], ne[0]), Some(oe[0].clone())));
                return;
            }
        }
        let every = match cat {
            NULL => Some(vec![Value::Null]),
            BOOL => Some(vec![json!(true), json!(false)]),
            _ => None,
        };
        // Writers: the old side's values must stay accepted; readers: the
        // new side's values must have been accepted.
        let lost = Lost { kind: "enum-value-removed", breaks: Breaks::W, undecided: "may no longer be accepted (not decided)", refused: "no longer accepted" };
        let gained = Lost { kind: "enum-value-added", breaks: Breaks::R, undecided: "may now be accepted (not decided)", refused: "now accepted" };
        match o.enum_.clone().or_else(|| every.clone()) {
            Some(values) => self.values_kept(values, (false, o), (true, n), lost, (&ol, &nl), ctx, out),
            None => {
                let ne = n.enum_.clone().unwrap_or_default();
                let kind = if is_const(n) { "const-added" } else { "enum-added" };
                out.push(self.change(kind, Some(oat.clone()), Some(nl.clone()), Breaks::W, ctx, format!("now limited to {}", Value::Array(ne)), None));
            }
        }
        match n.enum_.clone().or(every) {
            Some(values) => self.values_kept(values, (true, n), (false, o), gained, (&ol, &nl), ctx, out),
            None => {
                let oe = o.enum_.clone().unwrap_or_default();
                let kind = if is_const(o) { "const-removed" } else { "enum-removed" };
                out.push(self.change(kind, Some(ol.clone()), Some(nat.clone()), Breaks::R, ctx, format!("no longer limited to {}", Value::Array(oe)), None));
            }
        }
    }

    /// Each of `values` that side `from` (new?, schema) may accept must be
    /// accepted by side `to`; one that is not, or not surely, is a change
    /// of kind `what`, at the values' locations `at` (old, new).
    #[allow(clippy::too_many_arguments)]
    fn values_kept(&mut self, values: Vec<Value>, from: (bool, &Flat), to: (bool, &Flat), what: Lost, at: (&Loc, &Loc), ctx: &Ctx, out: &mut Vec<Change>) {
        for v in values {
            if self.accepts(from.0, from.1, &v) == Some(false) {
                continue;
            }
            let message = match self.accepts(to.0, to.1, &v) {
                Some(true) => continue,
                None => format!("value {v} {}", what.undecided),
                Some(false) => format!("value {v} {}", what.refused),
            };
            out.push(self.change(what.kind, Some(at.0.clone()), Some(at.1.clone()), what.breaks, ctx, message, Some(v)));
        }
    }

    /// Whether the alternative (or conjunction) `f` of one side accepts
    /// `v`: its type bits and listed values, then every keyword of its
    /// nodes ([`Acceptance`]). `None`: not decided.
    fn accepts(&mut self, new: bool, f: &Flat, v: &Value) -> Option<bool> {
        if f.falsy || value_type(v) & f.types == 0 || f.enum_.as_ref().is_some_and(|e| !e.iter().any(|w| json_eq(v, w))) {
            return Some(false);
        }
        self.acceptance.members(self.ir(new), &f.members, v)
    }

    fn compare_annotations(&mut self, o: &Flat, n: &Flat, oat: &Loc, nat: &Loc, ctx: &Ctx, out: &mut Vec<Change>) {
        let names: BTreeSet<&String> = o.annotations.keys().chain(n.annotations.keys()).collect();
        for name in names {
            let (ov, nv) = (o.annotations.get(name), n.annotations.get(name));
            if let (Some(a), Some(b)) = (ov, nv) {
                if json_eq(&a.0, &b.0) {
                    continue;
                }
            }
            let ol = ov.map(|(_, s)| self.loc(false, *s, &contracts_codegen::load::escape_token(name))).or_else(|| Some(oat.clone()));
            let nl = nv.map(|(_, s)| self.loc(true, *s, &contracts_codegen::load::escape_token(name))).or_else(|| Some(nat.clone()));
            if name.starts_with("x-") && name.ends_with("-known") {
                let list = |v: Option<&(Value, NodeId)>| v.and_then(|x| x.0.as_array().cloned()).unwrap_or_default();
                let (a, b) = (list(ov), list(nv));
                for v in &b {
                    if !a.iter().any(|w| json_eq(v, w)) {
                        out.push(self.change(
                            "known-value-added",
                            ol.clone(),
                            nl.clone(),
                            Breaks::NONE,
                            ctx,
                            format!("{v} joins the known values of an open set ({name}); other values stay valid"),
                            Some(v.clone()),
                        ));
                    }
                }
                for v in &a {
                    if !b.iter().any(|w| json_eq(v, w)) {
                        out.push(self.change(
                            "known-value-removed",
                            ol.clone(),
                            nl.clone(),
                            Breaks::NONE,
                            ctx,
                            format!("{v} leaves the known values of an open set ({name}); it stays valid"),
                            Some(v.clone()),
                        ));
                    }
                }
                continue;
            }
            let k = match name.as_str() {
                "default" => "default-changed",
                "deprecated" => "deprecated-changed",
                n if n.starts_with("x-") => "extension-changed",
                _ => "annotation-changed",
            };
            let what = match (ov, nv) {
                (None, _) => "added",
                (_, None) => "removed",
                _ => "changed",
            };
            out.push(self.change(k, ol, nl, Breaks::NONE, ctx, format!("{name} {what}"), None));
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn compare_numbers(&mut self, o: &Flat, n: &Flat, ints: bool, oat: &Loc, nat: &Loc, ctx: &Ctx, out: &mut Vec<Change>) {
        let lo = |b: &Option<flat::Bnd>| -> Option<(f64, bool)> {
            b.as_ref().map(|b| if ints { (if b.excl { b.v.floor() + 1.0 } else { b.v.ceil() }, false) } else { (b.v, b.excl) })
        };
        let hi = |b: &Option<flat::Bnd>| -> Option<(f64, bool)> {
            b.as_ref().map(|b| if ints { (if b.excl { b.v.ceil() - 1.0 } else { b.v.floor() }, false) } else { (b.v, b.excl) })
        };
        // Encode exclusivity as a tiny shift so one ordering serves both.
        let enc_lo = |x: Option<(f64, bool)>| x;
        let cmp = |a: (f64, bool), b: (f64, bool), lower: bool| -> std::cmp::Ordering {
            // Ordering of tightness: for lower bounds higher is tighter.
            let t = |(v, e): (f64, bool)| if lower { (v, e as u8) } else { (-v, e as u8) };
            let (x, y) = (t(a), t(b));
            x.0.partial_cmp(&y.0).unwrap_or(std::cmp::Ordering::Equal).then(x.1.cmp(&y.1))
        };
        for (lower, ob, nb) in [(true, &o.lower, &n.lower), (false, &o.upper, &n.upper)] {
            let (ov, nv) = if lower { (enc_lo(lo(ob)), enc_lo(lo(nb))) } else { (hi(ob), hi(nb)) };
            let base = if lower { "minimum" } else { "maximum" };
            let ol = ob.as_ref().map(|b| self.loc(false, b.src, b.kw)).unwrap_or_else(|| oat.clone());
            let nl = nb.as_ref().map(|b| self.loc(true, b.src, b.kw)).unwrap_or_else(|| nat.clone());
            let show = |b: &Option<flat::Bnd>| {
                b.as_ref().map(|b| if b.v.is_finite() { format!("{} {}", b.kw, b.v) } else { format!("{} {}", b.kw, b.exact) }).unwrap_or_else(|| "none".into())
            };
            let (action, br) = match (ov, nv) {
                (None, None) => continue,
                (None, Some(_)) => ("added", Breaks::W),
                (Some(_), None) => ("removed", Breaks::R),
                // Beyond what an `f64` holds exactly, the bounds as written
                // decide (for integers, without rounding them: a change is
                // then reported where rounding might have shown none).
                (Some(a), Some(b)) => match match (ob, nb) {
                    (Some(x), Some(y)) if !ints || [x, y].iter().any(|b| b.v.abs() >= 9.0e15) => {
                        let o = order(&y.exact, &x.exact);
                        (if lower { o } else { o.reverse() }).then((y.excl as u8).cmp(&(x.excl as u8)))
                    }
                    _ => cmp(b, a, lower),
                } {
                    std::cmp::Ordering::Equal => continue,
                    std::cmp::Ordering::Greater => (if lower { "increased" } else { "decreased" }, Breaks::W),
                    std::cmp::Ordering::Less => (if lower { "decreased" } else { "increased" }, Breaks::R),
                },
            };
            out.push(self.change(&format!("{base}-{action}"), Some(ol), Some(nl), br, ctx, format!("{} → {}", show(ob), show(nb)), None));
        }
        // multipleOf (integers are multiples of 1).
        let eff = |m: Option<(f64, NodeId)>| -> Option<f64> {
            let m = m.map(|x| x.0);
            if !ints {
                return m;
            }
            let m = m.unwrap_or(1.0);
            for k in 1..=1000u32 {
                let x = m * k as f64;
                if (x - x.round()).abs() < 1e-9 {
                    let x = x.round();
                    return if x == 1.0 { None } else { Some(x) };
                }
            }
            Some(m)
        };
        let (om, nm) = (eff(o.multiple_of), eff(n.multiple_of));
        let ol = self.kloc(false, o.multiple_of.map(|m| m.1), "multipleOf", oat);
        let nl = self.kloc(true, n.multiple_of.map(|m| m.1), "multipleOf", nat);
        let divides = |a: f64, b: f64| {
            let q = b / a;
            (q - q.round()).abs() < 1e-9 * q.abs().max(1.0)
        };
        let r = match (om, nm) {
            (None, None) => None,
            (None, Some(_)) => Some(("multiple-of-added", Breaks::W)),
            (Some(_), None) => Some(("multiple-of-removed", Breaks::R)),
            (Some(a), Some(b)) if a == b => None,
            (Some(a), Some(b)) if divides(b, a) => Some(("multiple-of-relaxed", Breaks::R)),
            (Some(a), Some(b)) if divides(a, b) => Some(("multiple-of-tightened", Breaks::W)),
            _ => Some(("multiple-of-changed", Breaks::BOTH)),
        };
        if let Some((k, b)) = r {
            let show = |m: Option<f64>| m.map(|m| m.to_string()).unwrap_or_else(|| "none".into());
            out.push(self.change(k, Some(ol), Some(nl), b, ctx, format!("multipleOf {} → {}", show(om), show(nm)), None));
        }
    }

    fn compare_strings(&mut self, o: &Flat, n: &Flat, oat: &Loc, nat: &Loc, ctx: &Ctx, out: &mut Vec<Change>) {
        let f = |v: f64| format!("{v}");
        let zero = |m: Option<(u64, NodeId)>| m.filter(|x| x.0 > 0);
        let (omin, nmin) = (zero(o.min_len), zero(n.min_len));
        let c = self.bound(
            "min-length",
            true,
            omin.map(|x| x.0 as f64),
            nmin.map(|x| x.0 as f64),
            self.kloc(false, omin.map(|x| x.1), string_length::MIN, oat),
            self.kloc(true, nmin.map(|x| x.1), string_length::MIN, nat),
            ctx,
            &f,
        );
        out.extend(c);
        let c = self.bound(
            "max-length",
            false,
            o.max_len.map(|x| x.0 as f64),
            n.max_len.map(|x| x.0 as f64),
            self.kloc(false, o.max_len.map(|x| x.1), string_length::MAX, oat),
            self.kloc(true, n.max_len.map(|x| x.1), string_length::MAX, nat),
            ctx,
            &f,
        );
        out.extend(c);
        // Patterns: drop the ones present on both sides, then decide the rest.
        let mut op: Vec<(String, NodeId)> = o.patterns.iter().filter(|p| !regex::matches_everything(&p.0)).cloned().collect();
        let mut np: Vec<(String, NodeId)> = n.patterns.iter().filter(|p| !regex::matches_everything(&p.0)).cloned().collect();
        op.retain(|(p, _)| {
            if let Some(i) = np.iter().position(|(q, _)| q == p) {
                np.remove(i);
                false
            } else {
                true
            }
        });
        if op.len() == 1 && np.len() == 1 {
            let (ol, nl) = (self.loc(false, op[0].1, "pattern"), self.loc(true, np[0].1, "pattern"));
            let msg = |s: &str| format!("pattern `{}` → `{}`{s}", op[0].0, np[0].0);
            match regex::compare(&op[0].0, &np[0].0) {
                Some(PatternChange::Equivalent) => {}
                Some(PatternChange::Narrowed(w)) => {
                    out.push(self.change("pattern-narrowed", Some(ol), Some(nl), Breaks::W, ctx, msg(&format!(": {w:?} no longer matches")), Some(json!(w))))
                }
                Some(PatternChange::Widened(w)) => {
                    out.push(self.change("pattern-widened", Some(ol), Some(nl), Breaks::R, ctx, msg(&format!(": {w:?} now matches")), Some(json!(w))))
                }
                Some(PatternChange::Changed(a, _)) => out.push(self.change(
                    "pattern-changed",
                    Some(ol),
                    Some(nl),
                    Breaks::BOTH,
                    ctx,
                    msg(&format!(": neither includes the other ({a:?} no longer matches)")),
                    Some(json!(a)),
                )),
                None => out.push(self.change(
                    "pattern-changed",
                    Some(ol),
                    Some(nl),
                    Breaks::BOTH,
                    ctx,
                    msg(" (outside the decidable subset: both directions assumed)"),
                    None,
                )),
            }
            return;
        }
        for (p, s) in &op {
            // Removed: unless some remaining new pattern is implied, readers break.
            let w = np.iter().any(|(q, _)| !matches!(regex::includes(p, q), Some(regex::Inclusion::Included)));
            let _ = w;
            out.push(self.change(
                "pattern-removed",
                Some(self.loc(false, *s, "pattern")),
                Some(nat.clone()),
                Breaks::R,
                ctx,
                format!("pattern `{p}` removed"),
                None,
            ));
        }
        for (p, s) in &np {
            out.push(self.change(
                "pattern-added",
                Some(oat.clone()),
                Some(self.loc(true, *s, "pattern")),
                Breaks::W,
                ctx,
                format!("pattern `{p}` added"),
                None,
            ));
        }
    }

    /// The content assertions of draft-06/07 strings: the accepted sets nest
    /// as any ⊇ base64 ⊇ base64 of JSON, and any ⊇ JSON; other pairs differ both ways.
    fn compare_content(&mut self, o: &Flat, n: &Flat, oat: &Loc, nat: &Loc, ctx: &Ctx, out: &mut Vec<Change>) {
        let checks = |f: &Flat| (f.base64.is_some(), f.json_content.is_some());
        let (oc, nc) = (checks(o), checks(n));
        if oc == nc {
            return;
        }
        let subset = |a: (bool, bool), b: (bool, bool)| b == (false, false) || (a == (true, true) && b == (true, false));
        let breaks = if subset(oc, nc) {
            Breaks::R
        } else if subset(nc, oc) {
            Breaks::W
        } else {
            Breaks::BOTH
        };
        let show = |c: (bool, bool)| match c {
            (false, false) => "any string",
            (true, false) => "base64",
            (false, true) => "a JSON document",
            (true, true) => "base64 of a JSON document",
        };
        let src = |f: &Flat| f.base64.or(f.json_content);
        let (ol, nl) = (self.kloc(false, src(o), "", oat), self.kloc(true, src(n), "", nat));
        out.push(self.change(
            "content-changed",
            Some(ol),
            Some(nl),
            breaks,
            ctx,
            format!("asserted content {} → {} (contentEncoding/contentMediaType, draft-06/07)", show(oc), show(nc)),
            None,
        ));
    }

    #[allow(clippy::too_many_arguments)]
    fn compare_format(&mut self, o: &Flat, n: &Flat, cat: u8, oat: &Loc, nat: &Loc, ctx: &Ctx, out: &mut Vec<Change>) {
        let (of, nf) = (o.format.as_ref(), n.format.as_ref());
        if of.map(|f| &f.0) == nf.map(|f| &f.0) || (cat != STR && of.is_some() != nf.is_some()) {
            return;
        }
        let ol = self.kloc(false, of.map(|f| f.1), "format", oat);
        let nl = self.kloc(true, nf.map(|f| f.1), "format", nat);
        let assert = self.policy.format_assertion;
        let (k, b) = match (of, nf) {
            (None, Some(_)) => ("format-added", Breaks::W),
            (Some(_), None) => ("format-removed", Breaks::R),
            _ => ("format-changed", Breaks::BOTH),
        };
        let b = if assert { b } else { Breaks::NONE };
        let show = |f: Option<&(String, NodeId)>| f.map(|f| f.0.clone()).unwrap_or_else(|| "none".into());
        let note = if assert { "" } else { " (annotation: not validated)" };
        out.push(self.change(k, Some(ol), Some(nl), b, ctx, format!("format {} → {}{note}", show(of), show(nf)), None));
    }

    fn compare_arrays(&mut self, o: &Flat, n: &Flat, oat: &Loc, nat: &Loc, ctx: &Ctx, out: &mut Vec<Change>) {
        let len = o.prefix.len().max(n.prefix.len());
        let opar = self.kloc(false, o.prefix_src, "prefixItems", oat);
        let npar = self.kloc(true, n.prefix_src, "prefixItems", nat);
        for i in 0..len {
            let os = match o.prefix.get(i) {
                Some(v) => self.child(false, Some(v), &opar, &format!("/{i}")),
                None => self.child(false, o.items.as_ref(), &self.kloc(false, o.items_src, "", oat), "/items"),
            };
            let ns = match n.prefix.get(i) {
                Some(v) => self.child(true, Some(v), &npar, &format!("/{i}")),
                None => self.child(true, n.items.as_ref(), &self.kloc(true, n.items_src, "", nat), "/items"),
            };
            let c2 = Ctx { inst: format!("{}/{i}", ctx.inst), domain: ALL, ignore_prop: None, settled: Default::default(), taken: Default::default() };
            let c = self.diff(&os, &ns, &c2);
            out.extend(c);
        }
        let os = self.child(false, o.items.as_ref(), &self.kloc(false, o.items_src, "", oat), "/items");
        let ns = self.child(true, n.items.as_ref(), &self.kloc(true, n.items_src, "", nat), "/items");
        let c2 = Ctx { inst: format!("{}/*", ctx.inst), domain: ALL, ignore_prop: None, settled: Default::default(), taken: Default::default() };
        let mut c = self.diff(&os, &ns, &c2);
        for ch in &mut c {
            if ch.kind == "schema-closed" && ch.instance_path == c2.inst {
                ch.kind = kind("items-closed");
                ch.message = format!("array items after position {} are no longer accepted", len);
            } else if ch.kind == "schema-opened" && ch.instance_path == c2.inst {
                ch.kind = kind("items-opened");
                ch.message = format!("array items after position {} are now accepted", len);
            }
        }
        out.extend(c);
        let f = |v: f64| format!("{v}");
        let zero = |m: Option<(u64, NodeId)>| m.filter(|x| x.0 > 0);
        // A maxItems at or above what a closed tuple can hold limits nothing.
        let bounded = |e: &Self, new: bool, f: &Flat| f.max_items.filter(|(m, _)| e.item_capacity(new, f).is_none_or(|c| *m < c));
        let (omax, nmax) = (bounded(self, false, o), bounded(self, true, n));
        for (base, is_min, a, b, kw) in [("min-items", true, zero(o.min_items), zero(n.min_items), "minItems"), ("max-items", false, omax, nmax, "maxItems")] {
            let c = self.bound(
                base,
                is_min,
                a.map(|x| x.0 as f64),
                b.map(|x| x.0 as f64),
                self.kloc(false, a.map(|x| x.1), kw, oat),
                self.kloc(true, b.map(|x| x.1), kw, nat),
                ctx,
                &f,
            );
            out.extend(c);
        }
        // Arrays of at most one item are always unique.
        let unique = |e: &Self, new: bool, f: &Flat| {
            f.unique.filter(|_| f.max_items.map(|(m, _)| m).into_iter().chain(e.item_capacity(new, f)).min().is_none_or(|m| m > 1))
        };
        match (unique(self, false, o), unique(self, true, n)) {
            (None, Some(s)) => out.push(self.change(
                "unique-items-added",
                Some(oat.clone()),
                Some(self.loc(true, s, "uniqueItems")),
                Breaks::W,
                ctx,
                "items must now be unique".into(),
                Some(json!([1, 1])),
            )),
            (Some(s), None) => out.push(self.change(
                "unique-items-removed",
                Some(self.loc(false, s, "uniqueItems")),
                Some(nat.clone()),
                Breaks::R,
                ctx,
                "items may now repeat".into(),
                Some(json!([1, 1])),
            )),
            _ => {}
        }
        match (o.contains.is_empty(), n.contains.is_empty()) {
            (true, true) => {}
            (true, false) => out.push(self.change(
                "contains-added",
                Some(oat.clone()),
                Some(self.loc(true, n.contains[0], "")),
                Breaks::W,
                ctx,
                "arrays must now contain a matching item".into(),
                Some(json!([])),
            )),
            (false, true) => {
                // A tuple position every new array has, whose values the old
                // `contains` accepts, still guarantees a matching item.
                let min = n.min_items.map_or(0, |m| m.0);
                let os = Sch { nodes: o.contains.clone(), at: self.loc(false, o.contains[0], "") };
                let guaranteed = (0..n.prefix.len().min(min as usize)).any(|i| {
                    let ns = self.child(true, Some(&n.prefix[i]), &npar, &format!("/{i}"));
                    let c2 = Ctx { inst: format!("{}/{i}", ctx.inst), domain: ALL, ignore_prop: None, settled: Default::default(), taken: Default::default() };
                    !self.diff(&os, &ns, &c2).iter().any(|c| c.breaks.readers)
                });
                let min_contains = o.min_contains.map_or(1, |m| m.0);
                if !(guaranteed && min_contains <= 1 && o.max_contains.is_none()) {
                    out.push(self.change(
                        "contains-removed",
                        Some(self.loc(false, o.contains[0], "")),
                        Some(nat.clone()),
                        Breaks::R,
                        ctx,
                        "arrays no longer need a matching item".into(),
                        Some(json!([])),
                    ))
                }
            }
            (false, false) => {
                let os = Sch { nodes: o.contains.clone(), at: self.loc(false, o.contains[0], "") };
                let ns = Sch { nodes: n.contains.clone(), at: self.loc(true, n.contains[0], "") };
                let c2 = Ctx { inst: format!("{}/*", ctx.inst), domain: ALL, ignore_prop: None, settled: Default::default(), taken: Default::default() };
                let c = self.diff(&os, &ns, &c2);
                out.extend(c);
                let one = |m: Option<(u64, NodeId)>| m.filter(|x| x.0 != 1);
                for (base, is_min, a, b, kw) in [
                    ("min-contains", true, one(o.min_contains), one(n.min_contains), "minContains"),
                    ("max-contains", false, o.max_contains, n.max_contains, "maxContains"),
                ] {
                    let (av, bv) = (a.map(|x| x.0 as f64), b.map(|x| x.0 as f64));
                    let (av, bv) = if is_min { (Some(av.unwrap_or(1.0)), Some(bv.unwrap_or(1.0))) } else { (av, bv) };
                    if let Some(c) =
                        self.bound(base, is_min, av, bv, self.kloc(false, a.map(|x| x.1), kw, oat), self.kloc(true, b.map(|x| x.1), kw, nat), ctx, &f)
                    {
                        out.push(c);
                    }
                }
            }
        }
    }

    /// The schema a member named `name` meets when it is not declared.
    fn fallback(&mut self, new: bool, f: &Flat, name: &str, at: &Loc) -> Sch {
        let mut nodes = Vec::new();
        for (p, list) in f.pprops.clone() {
            if self.regex_matches(&p, name) != Some(false) {
                nodes.extend(list);
            }
        }
        if nodes.is_empty() {
            if let Some(a) = &f.additional {
                nodes = a.clone();
            }
        }
        let anchor = self.kloc(new, f.additional_src, f.additional_kw, at);
        if nodes.is_empty() {
            Sch { nodes, at: anchor }
        } else {
            Sch { at: self.loc(new, nodes[0], ""), nodes }
        }
    }

    /// Whether `propertyNames` of `f` rejects the member name `name`.
    fn name_rejected(&mut self, new: bool, f: &Flat, name: &str) -> bool {
        if f.pnames.is_empty() {
            return false;
        }
        let names = flatten(self.ir(new), &f.pnames);
        names.falsy || self.acceptance.members(self.ir(new), &names.members, &json!(name)) == Some(false)
    }

    /// How many members an object of `f` can hold when it is closed (no
    /// `patternProperties`, undeclared members rejected): its declared
    /// members that accept something. `None` when it is open.
    fn capacity(&self, new: bool, f: &Flat) -> Option<u64> {
        let closed = f.pprops.is_empty() && f.additional.as_ref().is_some_and(|a| flatten(self.ir(new), a).falsy);
        closed.then(|| f.props.iter().filter(|(_, nodes)| !flatten(self.ir(new), nodes).falsy).count() as u64)
    }

    /// How many items an array of `f` can hold when no item is accepted
    /// after its tuple (`items: false`, or draft-07's `additionalItems:
    /// false`): the tuple's length. `None` when it is open.
    fn item_capacity(&self, new: bool, f: &Flat) -> Option<u64> {
        f.items.as_ref().is_some_and(|i| flatten(self.ir(new), i).falsy).then_some(f.prefix.len() as u64)
    }

    fn is_open(&self, new: bool, s: &Sch) -> bool {
        s.nodes.is_empty() || {
            let f = flatten(self.ir(new), &s.nodes);
            !f.falsy
                && f.types == ALL
                && f.enum_.is_none()
                && f.members.iter().all(|m| matches!(self.ir(new).nodes[*m].body, contracts_codegen::ir::Body::Bool(true)))
        }
    }

    fn compare_objects(&mut self, o: &Flat, n: &Flat, oat: &Loc, nat: &Loc, ctx: &Ctx, out: &mut Vec<Change>) {
        let lenient = self.policy.lenient;
        let mut names: Vec<String> = o.props.iter().map(|p| p.0.clone()).collect();
        for (p, _) in &n.props {
            if !names.contains(p) {
                names.push(p.clone());
            }
        }
        for name in &names {
            if ctx.ignore_prop.as_deref() == Some(name.as_str()) {
                continue;
            }
            let tok = contracts_codegen::load::escape_token(name);
            let op = o.props.iter().find(|p| &p.0 == name).map(|p| p.1.clone());
            let np = n.props.iter().find(|p| &p.0 == name).map(|p| p.1.clone());
            let c2 = Ctx { inst: join(&ctx.inst, name), domain: ALL, ignore_prop: None, settled: Default::default(), taken: Default::default() };
            match (op, np) {
                (Some(a), Some(b)) => {
                    let os = self.child(false, Some(&a), oat, "");
                    let ns = self.child(true, Some(&b), nat, "");
                    let c = self.diff(&os, &ns, &c2);
                    out.extend(c);
                }
                (Some(a), None) => {
                    let os = self.child(false, Some(&a), oat, "");
                    let fb = self.fallback(true, n, name, nat);
                    let open = self.is_open(true, &fb);
                    let sub = self.diff(&os, &fb, &c2);
                    let mut b = sub.iter().fold(Breaks::NONE, |a, c| a.or(c.breaks));
                    if lenient && open {
                        b.readers = false;
                    }
                    // New documents cannot hold a member the new propertyNames rejects.
                    if self.name_rejected(true, n, name) {
                        b.readers = false;
                    }
                    let how = if fb.nodes.is_empty() {
                        "any value is now accepted there"
                    } else if self.flat_falsy(true, &fb) {
                        "it is now rejected"
                    } else {
                        "it now falls under additionalProperties/patternProperties"
                    };
                    out.push(self.change(
                        "property-removed",
                        Some(self.loc(false, a[0], "")),
                        Some(self.kloc(true, None, "", &Loc { file: nat.file.clone(), pointer: format!("{}/properties", nat.pointer) })),
                        b,
                        &c2,
                        format!("property `{name}` removed: {how}"),
                        None,
                    ));
                    let _ = tok;
                }
                (None, Some(b)) => {
                    let ns = self.child(true, Some(&b), nat, "");
                    let fb = self.fallback(false, o, name, oat);
                    let open = self.is_open(false, &fb);
                    let sub = self.diff(&fb, &ns, &c2);
                    let mut br = sub.iter().fold(Breaks::NONE, |a, c| a.or(c.breaks));
                    if lenient && open {
                        br.writers = false;
                    }
                    // Old documents cannot hold a member the old propertyNames rejects.
                    if self.name_rejected(false, o, name) {
                        br.writers = false;
                    }
                    let how = if fb.nodes.is_empty() {
                        "open object: old documents may hold any value there"
                    } else if self.flat_falsy(false, &fb) {
                        "old readers reject it"
                    } else {
                        "it used to fall under additionalProperties/patternProperties"
                    };
                    out.push(self.change(
                        "property-added",
                        Some(Loc { file: oat.file.clone(), pointer: format!("{}/properties", oat.pointer) }),
                        Some(self.loc(true, b[0], "")),
                        br,
                        &c2,
                        format!("property `{name}` added ({how})"),
                        None,
                    ));
                }
                (None, None) => {}
            }
        }
        for (r, s) in &n.required {
            if ctx.ignore_prop.as_deref() == Some(r.as_str()) || o.required.contains_key(r) {
                continue;
            }
            out.push(self.change(
                "required-added",
                Some(self.kloc(false, None, "", oat)),
                Some(self.loc(true, *s, "required")),
                Breaks::W,
                &Ctx { inst: join(&ctx.inst, r), ..ctx.clone() },
                format!("`{r}` is now required"),
                None,
            ));
        }
        for (r, s) in &o.required {
            if ctx.ignore_prop.as_deref() == Some(r.as_str()) || n.required.contains_key(r) {
                continue;
            }
            out.push(self.change(
                "required-removed",
                Some(self.loc(false, *s, "required")),
                Some(nat.clone()),
                Breaks::R,
                &Ctx { inst: join(&ctx.inst, r), ..ctx.clone() },
                format!("`{r}` is no longer required"),
                None,
            ));
        }
        // patternProperties
        for (p, a) in &o.pprops {
            let c2 = Ctx { inst: format!("{}/*", ctx.inst), domain: ALL, ignore_prop: None, settled: Default::default(), taken: Default::default() };
            let os = self.child(false, Some(a), oat, "");
            match n.pprops.iter().find(|x| &x.0 == p) {
                Some((_, b)) => {
                    let ns = self.child(true, Some(b), nat, "");
                    let c = self.diff(&os, &ns, &c2);
                    out.extend(c);
                }
                None => {
                    let ns = self.child(true, n.additional.as_ref(), nat, "/additionalProperties");
                    let sub = self.diff(&os, &ns, &c2);
                    let mut b = sub.iter().fold(Breaks::NONE, |x, c| x.or(c.breaks));
                    // Names `p` shares with a pattern both sides keep were held
                    // to both schemas; now only to the kept one.
                    for (q, oq) in &o.pprops {
                        let Some((_, nq)) = n.pprops.iter().find(|x| &x.0 == q) else { continue };
                        if q == p || regex::intersection(p, q) == Some(None) {
                            continue;
                        }
                        let both: Vec<NodeId> = a.iter().chain(oq).copied().collect();
                        let (os2, ns2) = (self.child(false, Some(&both), oat, ""), self.child(true, Some(nq), nat, ""));
                        b = b.or(self.diff(&os2, &ns2, &c2).iter().fold(Breaks::NONE, |x, c| x.or(c.breaks)));
                    }
                    out.push(self.change(
                        "pattern-property-removed",
                        Some(os.at.clone()),
                        Some(nat.clone()),
                        b,
                        &c2,
                        format!("patternProperties `{p}` removed"),
                        None,
                    ));
                }
            }
        }
        for (p, b) in &n.pprops {
            if o.pprops.iter().any(|x| &x.0 == p) {
                continue;
            }
            let c2 = Ctx { inst: format!("{}/*", ctx.inst), domain: ALL, ignore_prop: None, settled: Default::default(), taken: Default::default() };
            let ns = self.child(true, Some(b), nat, "");
            let os = self.child(false, o.additional.as_ref(), oat, "/additionalProperties");
            let sub = self.diff(&os, &ns, &c2);
            let mut br = sub.iter().fold(Breaks::NONE, |x, c| x.or(c.breaks));
            // Names `p` shares with a pattern both sides keep are now held to both schemas.
            for (q, nq) in &n.pprops {
                let Some((_, oq)) = o.pprops.iter().find(|x| &x.0 == q) else { continue };
                if q == p || regex::intersection(p, q) == Some(None) {
                    continue;
                }
                let both: Vec<NodeId> = b.iter().chain(nq).copied().collect();
                let (os2, ns2) = (self.child(false, Some(oq), oat, ""), self.child(true, Some(&both), nat, ""));
                br = br.or(self.diff(&os2, &ns2, &c2).iter().fold(Breaks::NONE, |x, c| x.or(c.breaks)));
            }
            out.push(self.change("pattern-property-added", Some(oat.clone()), Some(ns.at.clone()), br, &c2, format!("patternProperties `{p}` added"), None));
        }
        // additionalProperties: moot on a side whose patternProperties take
        // every name (the pattern comparisons above hold those names).
        let catch_all = |f: &Flat| f.pprops.iter().any(|(p, _)| regex::matches_everything(p));
        if (o.additional.is_some() || n.additional.is_some()) && !catch_all(o) && !catch_all(n) {
            let c2 = Ctx { inst: format!("{}/*", ctx.inst), domain: ALL, ignore_prop: None, settled: Default::default(), taken: Default::default() };
            let os = self.child(false, o.additional.as_ref(), oat, "/additionalProperties");
            let ns = self.child(true, n.additional.as_ref(), nat, "/additionalProperties");
            let (of, nf) = (self.flat_falsy(false, &os), self.flat_falsy(true, &ns));
            let (oo, no) = (self.is_open(false, &os), self.is_open(true, &ns));
            if oo && nf {
                let b = if self.policy.lenient { Breaks::NONE } else { Breaks::W };
                out.push(self.change(
                    "additional-properties-closed",
                    Some(os.at.clone()),
                    Some(self.kloc(true, n.additional_src, n.additional_kw, nat)),
                    b,
                    &c2,
                    "undeclared members are now rejected".into(),
                    None,
                ));
            } else if of && no {
                let b = if self.policy.lenient { Breaks::NONE } else { Breaks::R };
                out.push(self.change(
                    "additional-properties-opened",
                    Some(self.kloc(false, o.additional_src, o.additional_kw, oat)),
                    Some(ns.at.clone()),
                    b,
                    &c2,
                    "undeclared members are now accepted".into(),
                    None,
                ));
            } else {
                let mut c = self.diff(&os, &ns, &c2);
                for ch in &mut c {
                    if ch.instance_path == c2.inst && ch.kind == "schema-closed" {
                        ch.kind = kind("additional-properties-closed");
                    } else if ch.instance_path == c2.inst && ch.kind == "schema-opened" {
                        ch.kind = kind("additional-properties-opened");
                    }
                }
                out.extend(c);
            }
        }
        // propertyNames: strings only.
        if !o.pnames.is_empty() || !n.pnames.is_empty() {
            let os = self.child(false, Some(&o.pnames), oat, "/propertyNames");
            let ns = self.child(true, Some(&n.pnames), nat, "/propertyNames");
            let c2 = Ctx { inst: format!("{}/<name>", ctx.inst), domain: STR, ignore_prop: None, settled: Default::default(), taken: Default::default() };
            let c = self.diff(&os, &ns, &c2);
            out.extend(c);
        }
        let f = |v: f64| format!("{v}");
        let zero = |m: Option<(u64, NodeId)>| m.filter(|x| x.0 > 0);
        // A maxProperties at or above what a closed object can hold limits nothing.
        let bounded = |e: &Self, new: bool, f: &Flat| f.max_props.filter(|(m, _)| e.capacity(new, f).is_none_or(|c| *m < c));
        let (omax, nmax) = (bounded(self, false, o), bounded(self, true, n));
        // A minProperties at or below the number of required names limits nothing.
        let beyond_required = |f: &Flat| f.min_props.filter(|(m, _)| *m > f.required.len() as u64);
        let (omin, nmin) = (beyond_required(o), beyond_required(n));
        for (base, is_min, a, b, kw) in
            [("min-properties", true, zero(omin), zero(nmin), "minProperties"), ("max-properties", false, omax, nmax, "maxProperties")]
        {
            let c = self.bound(
                base,
                is_min,
                a.map(|x| x.0 as f64),
                b.map(|x| x.0 as f64),
                self.kloc(false, a.map(|x| x.1), kw, oat),
                self.kloc(true, b.map(|x| x.1), kw, nat),
                ctx,
                &f,
            );
            out.extend(c);
        }
        let keys: BTreeSet<&String> = o.dep_req.keys().chain(n.dep_req.keys()).collect();
        for k in keys {
            let empty = BTreeSet::new();
            let a = o.dep_req.get(k).map(|x| &x.0).unwrap_or(&empty);
            let b = n.dep_req.get(k).map(|x| &x.0).unwrap_or(&empty);
            let ol = o.dep_req.get(k).map(|x| self.loc(false, x.1, "")).unwrap_or_else(|| oat.clone());
            let nl = n.dep_req.get(k).map(|x| self.loc(true, x.1, "")).unwrap_or_else(|| nat.clone());
            let added: Vec<&String> = b.difference(a).collect();
            let removed: Vec<&String> = a.difference(b).collect();
            if !added.is_empty() {
                out.push(self.change(
                    "dependent-required-added",
                    Some(ol.clone()),
                    Some(nl.clone()),
                    Breaks::W,
                    ctx,
                    format!("with `{k}` present, {added:?} are now required"),
                    None,
                ));
            }
            if !removed.is_empty() {
                out.push(self.change(
                    "dependent-required-removed",
                    Some(ol),
                    Some(nl),
                    Breaks::R,
                    ctx,
                    format!("with `{k}` present, {removed:?} are no longer required"),
                    None,
                ));
            }
        }
        let mut dnames: Vec<&String> = o.dep_schemas.iter().map(|x| &x.0).collect();
        for (d, _) in &n.dep_schemas {
            if !dnames.contains(&d) {
                dnames.push(d);
            }
        }
        for d in dnames {
            let a = o.dep_schemas.iter().find(|x| &x.0 == d).map(|x| &x.1);
            let b = n.dep_schemas.iter().find(|x| &x.0 == d).map(|x| &x.1);
            let os = self.child(false, a, oat, &format!("/dependentSchemas/{d}"));
            let ns = self.child(true, b, nat, &format!("/dependentSchemas/{d}"));
            let c = self.diff(&os, &ns, ctx);
            out.extend(c);
        }
    }

    fn flat_falsy(&self, new: bool, s: &Sch) -> bool {
        !s.nodes.is_empty() && flatten(self.ir(new), &s.nodes).falsy
    }

    fn compare_nots(&mut self, o: &Flat, n: &Flat, oat: &Loc, nat: &Loc, ctx: &Ctx, out: &mut Vec<Change>) {
        if o.nots.is_empty() && n.nots.is_empty() {
            return;
        }
        if ctx.ignore_prop.is_some() && o.nots.len() == n.nots.len() {
            // Inside a catch-all pair the discriminator's `not` is handled by the caller.
        }
        let keep = |e: &Self, new: bool, v: &[NodeId]| -> Vec<NodeId> { v.iter().copied().filter(|x| !is_type_only(&flatten(e.ir(new), &[*x]))).collect() };
        let (onots, nnots) = (keep(self, false, &o.nots), keep(self, true, &n.nots));
        let len = onots.len().max(nnots.len());
        for i in 0..len {
            match (onots.get(i), nnots.get(i)) {
                (Some(a), Some(b)) => {
                    let os = Sch { nodes: vec![*a], at: self.loc(false, *a, "") };
                    let ns = Sch { nodes: vec![*b], at: self.loc(true, *b, "") };
                    // Another schema: no conditional of this instance is settled there.
                    let c2 = Ctx { ignore_prop: None, settled: Default::default(), taken: Default::default(), ..ctx.clone() };
                    let c = self.diff(&os, &ns, &c2);
                    for mut ch in c {
                        ch.breaks = ch.breaks.swapped();
                        ch.message = format!("inside `not` (directions reversed): {}", ch.message);
                        out.push(ch);
                    }
                }
                (None, Some(b)) => out.push(self.change(
                    "not-added",
                    Some(oat.clone()),
                    Some(self.loc(true, *b, "")),
                    Breaks::W,
                    ctx,
                    "`not` added: values it matches are now rejected".into(),
                    None,
                )),
                (Some(a), None) => out.push(self.change(
                    "not-removed",
                    Some(self.loc(false, *a, "")),
                    Some(nat.clone()),
                    Breaks::R,
                    ctx,
                    "`not` removed: values it matched are now accepted".into(),
                    None,
                )),
                (None, None) => {}
            }
        }
    }

    fn compare_conds(&mut self, o: &Flat, n: &Flat, oat: &Loc, nat: &Loc, ctx: &Ctx, out: &mut Vec<Change>) {
        let (oconds, nconds): (Vec<_>, Vec<_>) = (
            o.conds.iter().filter(|c| !ctx.settled.0.contains(&c.3)).cloned().collect(),
            n.conds.iter().filter(|c| !ctx.settled.1.contains(&c.3)).cloned().collect(),
        );
        let mut in_region = ctx.clone();
        in_region.settled.0.extend(oconds.iter().map(|c| c.3));
        in_region.settled.1.extend(nconds.iter().map(|c| c.3));
        for v in [&mut in_region.settled.0, &mut in_region.settled.1] {
            v.sort_unstable();
            v.dedup();
        }
        let fresh = Ctx { settled: Default::default(), taken: Default::default(), ..ctx.clone() };
        let len = oconds.len().max(nconds.len());
        for i in 0..len {
            match (oconds.get(i), nconds.get(i)) {
                (Some(a), Some(b)) => {
                    // `if`/`then`/`else` is one construct: (if ∧ then) ∨ (¬if ∧ else).
                    // Values whose `if` verdict moved meet the other branch.
                    let oi = Sch { nodes: vec![a.0], at: self.loc(false, a.0, "") };
                    let ni = Sch { nodes: vec![b.0], at: self.loc(true, b.0, "") };
                    let moved = self.diff(&oi, &ni, &fresh).iter().fold(Breaks::NONE, |x, c| x.or(c.breaks));
                    // `then`/`else` apply together with the rest of the schema.
                    let with = |base: &[NodeId], x: Option<NodeId>| -> Vec<NodeId> {
                        let mut v = base.to_vec();
                        v.extend(x);
                        v
                    };
                    let region = |e: &Self, new: bool, f: &Flat, c: &(NodeId, Option<NodeId>, Option<NodeId>, NodeId), kw: &str| {
                        let x = if kw == "then" { c.1 } else { c.2 };
                        let mut s = e.child(new, Some(&with(&f.members, x)), &e.loc(new, c.3, ""), &format!("/{kw}"));
                        s.at = e.kloc(new, x, "", &e.loc(new, c.3, kw));
                        s
                    };
                    if moved.any() {
                        // The branches alone (not with the rest of the schema,
                        // which stays the same for these values): comparing the
                        // whole schema again for each conditional multiplies with
                        // every other conditional it holds.
                        let branch = |e: &Self, new: bool, c: &(NodeId, Option<NodeId>, Option<NodeId>, NodeId), kw: &str| {
                            let x = if kw == "then" { c.1 } else { c.2 };
                            e.child(new, x.map(|x| vec![x]).as_ref(), &e.loc(new, c.3, ""), &format!("/{kw}"))
                        };
                        let mut breaks = Breaks::NONE;
                        let mut how = Vec::new();
                        if moved.writers {
                            // Some values `if` selected before no longer match it: `then` → `else`.
                            let (os, ns) = (branch(self, false, a, "then"), branch(self, true, b, "else"));
                            breaks = breaks.or(self.diff(&os, &ns, &fresh).iter().fold(Breaks::NONE, |x, c| x.or(c.breaks)));
                            how.push("values it no longer selects meet `else` instead of `then`");
                        }
                        if moved.readers {
                            let (os, ns) = (branch(self, false, a, "else"), branch(self, true, b, "then"));
                            breaks = breaks.or(self.diff(&os, &ns, &fresh).iter().fold(Breaks::NONE, |x, c| x.or(c.breaks)));
                            how.push("values it now selects meet `then` instead of `else`");
                        }
                        let verdict = if breaks.any() { "" } else { " (the branches agree on them: no verdict changes)" };
                        out.push(self.change(
                            "conditional-changed",
                            Some(oi.at.clone()),
                            Some(ni.at.clone()),
                            breaks,
                            ctx,
                            format!("`if` changed: {}{verdict}", how.join("; ")),
                            None,
                        ));
                    }
                    for (ox, nx, kw) in [(a.1, b.1, "then"), (a.2, b.2, "else")] {
                        if ox.is_none() && nx.is_none() {
                            continue;
                        }
                        let (os, ns) = (region(self, false, o, a, kw), region(self, true, n, b, kw));
                        let c = self.diff(&os, &ns, &in_region);
                        out.extend(c);
                    }
                }
                (None, Some(b)) => {
                    // A conditional added: as if `then`/`else` were added.
                    let ni = self.loc(true, b.3, "if");
                    out.push(self.change(
                        "conditional-changed",
                        Some(oat.clone()),
                        Some(ni),
                        self.cond_breaks(true, b),
                        ctx,
                        "`if`/`then`/`else` added".into(),
                        None,
                    ));
                }
                (Some(a), None) => {
                    let oi = self.loc(false, a.3, "if");
                    out.push(self.change(
                        "conditional-changed",
                        Some(oi),
                        Some(nat.clone()),
                        self.cond_breaks(false, a).swapped(),
                        ctx,
                        "`if`/`then`/`else` removed".into(),
                        None,
                    ));
                }
                (None, None) => {}
            }
        }
    }

    /// Breaks of adding a conditional (`then`/`else` constraining anything → writers).
    fn cond_breaks(&self, new: bool, c: &(NodeId, Option<NodeId>, Option<NodeId>, NodeId)) -> Breaks {
        let constrains = |x: Option<NodeId>| {
            x.is_some_and(|x| {
                let f = flatten(self.ir(new), &[x]);
                f.falsy || f.members.iter().any(|m| !matches!(self.ir(new).nodes[*m].body, contracts_codegen::ir::Body::Bool(true)))
            })
        };
        if constrains(c.1) || constrains(c.2) {
            Breaks::W
        } else {
            Breaks::NONE
        }
    }
}

/// An alternative with its discriminating key.
type Keyed<'x> = (DiscKey, &'x Alt);

#[derive(Clone, Debug)]
enum DiscKey {
    Const(Value),
    CatchAll(Vec<Value>),
}

/// Merges changes with the same kind and pointers (shared `$ref` targets,
/// alternatives compared per type category).
pub fn dedupe(v: &mut Vec<Change>) {
    let mut out: Vec<Change> = Vec::with_capacity(v.len());
    for c in v.drain(..) {
        if let Some(e) = out.iter_mut().find(|e| e.kind == c.kind && e.old == c.old && e.new == c.new && e.message == c.message) {
            e.breaks = e.breaks.or(c.breaks);
        } else {
            out.push(c);
        }
    }
    *v = out;
}

/// Whether no value satisfies both `a` and `b` (each with the IR it was
/// flattened from), by what is decidable without solving: different JSON
/// types, disjoint `const`/`enum` values (also against a `not` of listed
/// values: a catch-all branch), disjoint length, size or numeric ranges,
/// and for objects a member both require whose schemas are apart (by the
/// same rules, a few levels deep), or one requires and the other forbids.
/// `false` means "may overlap".
pub fn apart(flats: &Flats, a: (&Ir, &Flat), b: (&Ir, &Flat)) -> bool {
    apart_within(flats, a, b, 4)
}

/// Flattened conjunctions remembered by IR and nodes: deciding [`apart`]
/// for every pair of a group's branches flattens the same members again.
#[derive(Default)]
pub struct Flats(RefCell<HashMap<FlatKey, Arc<Flat>>>);

/// An IR (by address) and a conjunction of its nodes.
type FlatKey = (usize, Vec<NodeId>);

impl Flats {
    fn get(&self, ir: &Ir, nodes: &[NodeId]) -> Arc<Flat> {
        let key = (ir as *const Ir as usize, nodes.to_vec());
        if let Some(f) = self.0.borrow().get(&key) {
            return f.clone();
        }
        let f = Arc::new(flatten(ir, nodes));
        self.0.borrow_mut().insert(key, f.clone());
        f
    }
}

fn apart_within(flats: &Flats, (ia, a): (&Ir, &Flat), (ib, b): (&Ir, &Flat), depth: usize) -> bool {
    if a.falsy || b.falsy {
        return true;
    }
    let types = |f: &Flat| -> u8 {
        let t = if f.types & FRAC != 0 { f.types | INT } else { f.types };
        match &f.enum_ {
            Some(e) => t & e.iter().fold(0, |acc, v| acc | value_type(v)),
            None => t,
        }
    };
    let shared = types(a) & types(b);
    if shared == 0 {
        return true;
    }
    let disjoint_values = |x: &[Value], y: &[Value]| !x.iter().any(|v| y.iter().any(|w| json_eq(v, w)));
    if let (Some(x), Some(y)) = (&a.enum_, &b.enum_) {
        if disjoint_values(x, y) {
            return true;
        }
    }
    // Every value one side lists is one the other side's `not` refutes.
    let refuted_all = |x: &Flat, (iy, y): (&Ir, &Flat)| x.enum_.as_ref().is_some_and(|e| e.iter().all(|v| refutes(flats, iy, y, v)));
    if refuted_all(a, (ib, b)) || refuted_all(b, (ia, a)) {
        return true;
    }
    let ranges_apart = |lo: Option<(u64, NodeId)>, hi: Option<(u64, NodeId)>| lo.zip(hi).is_some_and(|((l, _), (h, _))| l > h);
    let counted_apart = |amin, amax, bmin, bmax| ranges_apart(amin, bmax) || ranges_apart(bmin, amax);
    match shared {
        STR => counted_apart(a.min_len, a.max_len, b.min_len, b.max_len),
        ARR => counted_apart(a.min_items, a.max_items, b.min_items, b.max_items),
        t if t & !NUM == 0 => {
            let below = |hi: &Option<flat::Bnd>, lo: &Option<flat::Bnd>| match (hi, lo) {
                (Some(h), Some(l)) => h.v < l.v || (h.v == l.v && (h.excl || l.excl)),
                _ => false,
            };
            below(&a.upper, &b.lower) || below(&b.upper, &a.lower)
        }
        OBJ => {
            let member = |ir: &Ir, f: &Flat, p: &str| f.props.iter().find(|(n, _)| n == p).map(|(_, nodes)| flats.get(ir, nodes));
            if counted_apart(a.min_props, a.max_props, b.min_props, b.max_props) {
                return true;
            }
            // Each member's schema is flattened once, the names both require first.
            let names: BTreeSet<(bool, &String)> =
                a.required.keys().chain(b.required.keys()).map(|p| (!(a.required.contains_key(p) && b.required.contains_key(p)), p)).collect();
            names.into_iter().any(|(_, p)| {
                let (ra, rb) = (a.required.contains_key(p), b.required.contains_key(p));
                let (ma, mb) = (member(ia, a, p), member(ib, b, p));
                let forbids = |m: &Option<Arc<Flat>>| m.as_ref().is_some_and(|m| m.falsy);
                if (ra && forbids(&mb)) || (rb && forbids(&ma)) {
                    return true;
                }
                // (`patternProperties` may constrain the member further: apart
                // without them is apart with them.)
                ra && rb && depth > 0 && matches!((&ma, &mb), (Some(x), Some(y)) if apart_within(flats, (ia, x), (ib, y), depth - 1))
            })
        }
        _ => false,
    }
}

/// Whether one of `f`'s `not`s surely matches `v`: a `not` whose only
/// assertion is a list of values (`enum`/`const`, with a `type` at most).
fn refutes(flats: &Flats, ir: &Ir, f: &Flat, v: &Value) -> bool {
    f.nots.iter().any(|n| listed_values(&flats.get(ir, &[*n])).is_some_and(|e| e.iter().any(|w| json_eq(v, w))))
}

/// The values `f` accepts when all it asserts is a list of them
/// (`enum`/`const`, with a `type` at most), else `None`.
fn listed_values(f: &Flat) -> Option<Vec<Value>> {
    let listed = Flat {
        members: f.members.clone(),
        types: f.types,
        types_src: f.types_src,
        enum_: f.enum_.clone(),
        enum_src: f.enum_src,
        annotations: f.annotations.clone(),
        ..Flat::default()
    };
    if f.falsy || format!("{listed:?}") != format!("{f:?}") {
        return None;
    }
    let types = if f.types & FRAC != 0 { f.types | INT } else { f.types };
    Some(f.enum_.as_ref()?.iter().filter(|v| value_type(v) & types != 0).cloned().collect())
}

/// The values a catch-all branch's member refuses: its one `not` lists
/// them (`{"not": {"enum": [...]}}`, beside any other keywords).
fn catch_all_values(ir: &Ir, f: &Flat) -> Option<Vec<Value>> {
    let [not] = f.nots[..] else { return None };
    listed_values(&flatten(ir, &[not]))
}

/// A schema that only restricts the JSON type.
fn is_type_only(f: &Flat) -> bool {
    let g = Flat { members: f.members.clone(), types: f.types, types_src: f.types_src, annotations: f.annotations.clone(), ..Flat::default() };
    !f.falsy && f.types != ALL && format!("{:?}", g) == format!("{:?}", f)
}

/// What a listed value that the other side does not surely accept is: its
/// change kind, whom it breaks, and the message's words.
#[derive(Clone, Copy)]
struct Lost {
    kind: &'static str,
    breaks: Breaks,
    undecided: &'static str,
    refused: &'static str,
}
