//! Refuses schemas whose evaluation would never end: a cycle of in-place
//! applicators (`$ref`, `allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else`,
//! `dependentSchemas`, dynamic references) that never moves into a member or
//! item of the document. Such a cycle would recurse forever on any input.
//!
//! One kind is read rather than refused: a cycle through `$ref` and `allOf`
//! only, with at least one `allOf` (a definition whose `allOf` includes the
//! definition itself). It is purely conjunctive, `X = X ∧ A`, so the
//! self-inclusion adds nothing: the edge that closes the cycle is dropped
//! (that `allOf` member, or that `$ref`, reads as `true`), with a warning.
//! The `jsonschema` crate and ajv accept such schemas the same way.
//!
//! Another kind is read too: a cycle through `$ref` and one `anyOf`/`oneOf`
//! branch only, a branch that only re-applies the definition to the same
//! value (`X = X ∨ A`). That branch adds nothing beyond the other branches (the
//! least fixed point is `A`), so it reads as `false`, with a warning. (The
//! `jsonschema` crate recurses forever on such a schema.) The other nodes on
//! the cycle must be bare references (annotations aside): a branch such as
//! `{"$ref": "#", "const": 3}` is refused. A cycle that mixes conjunction and
//! disjunction, or goes through anything else, is refused.

use crate::ir::{Body, Ir, Node, NodeId};
use crate::{Error, Warning};

/// The subschemas `id` applies to the same instance.
fn in_place(ir: &Ir, id: NodeId) -> Vec<NodeId> {
    let Body::Schema(k) = &ir.nodes[id].body else { return Vec::new() };
    let mut out: Vec<NodeId> = Vec::new();
    out.extend(k.reference.as_ref().map(|r| r.target));
    out.extend(k.dynamic_reference.as_ref().map(|r| r.target));
    out.extend(&k.all_of);
    out.extend(&k.any_of);
    out.extend(&k.one_of);
    out.extend(k.not);
    out.extend(k.if_);
    out.extend(k.then_);
    out.extend(k.else_);
    out.extend(k.dependent_schemas.iter().map(|(_, n)| *n));
    out
}

/// How `from` applies `to` in place: through one of `allOf`, `anyOf` or
/// `oneOf` (and maybe `$ref` too), `$ref` only, or something else as well
/// (two of those, a negation, a condition, a dynamic reference).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Edge {
    AllOf,
    AnyOf,
    OneOf,
    Ref,
    Other,
}

fn edge(ir: &Ir, from: NodeId, to: NodeId) -> Edge {
    let Body::Schema(k) = &ir.nodes[from].body else { return Edge::Other };
    let other = k.dynamic_reference.as_ref().is_some_and(|r| r.target == to)
        || [k.not, k.if_, k.then_, k.else_].contains(&Some(to))
        || k.dependent_schemas.iter().any(|(_, n)| *n == to);
    let lists = [(k.all_of.contains(&to), Edge::AllOf), (k.any_of.contains(&to), Edge::AnyOf), (k.one_of.contains(&to), Edge::OneOf)];
    let mut through = lists.iter().filter(|(hit, _)| *hit).map(|(_, e)| *e);
    match (other, through.next(), through.next()) {
        (false, Some(e), None) => e,
        (false, None, None) if k.reference.as_ref().is_some_and(|r| r.target == to) => Edge::Ref,
        _ => Edge::Other,
    }
}

/// Makes each `anyOf`/`oneOf` member `to` of `from` a `false` schema, in the
/// member's place; returns the member's pointer.
fn never_branch(ir: &mut Ir, from: NodeId, to: NodeId) -> String {
    let fresh = ir.nodes.len();
    if let Body::Schema(k) = &mut ir.nodes[from].body {
        for c in k.any_of.iter_mut().chain(k.one_of.iter_mut()).filter(|c| **c == to) {
            *c = fresh;
        }
    }
    // As in `drop_edge`: the stand-in is not indexed by place.
    let node = Node { body: Body::Bool(false), is_resource: false, ..ir.nodes[to].clone() };
    ir.nodes.push(node);
    ir.nodes[to].pointer.clone()
}

/// Drops the in-place edge `from` → `to`: each `allOf` member `to` becomes
/// a `true` schema, a `$ref` to `to` goes. Returns the pointer of the member
/// (or of the `$ref`) and the keyword.
fn drop_edge(ir: &mut Ir, from: NodeId, to: NodeId) -> (String, &'static str) {
    let fresh = ir.nodes.len();
    let (mut member, mut reference) = (false, false);
    if let Body::Schema(k) = &mut ir.nodes[from].body {
        for c in k.all_of.iter_mut().filter(|c| **c == to) {
            *c = fresh;
            member = true;
        }
        if k.reference.as_ref().is_some_and(|r| r.target == to) {
            k.reference = None;
            reference = true;
        }
    }
    if member {
        // The `true` stand-in keeps the member's place for messages; it is
        // not indexed by place, so references to the member still reach it.
        let node = Node { body: Body::Bool(true), is_resource: false, ..ir.nodes[to].clone() };
        ir.nodes.push(node);
    }
    match (member, reference) {
        (true, _) => (ir.nodes[to].pointer.clone(), "allOf"),
        _ => (format!("{}/$ref", ir.nodes[from].pointer), "$ref"),
    }
}

/// The first in-place cycle found, as its path: the nodes from the one
/// where it closes, around, back to that node.
fn find_cycle(ir: &Ir) -> Option<Vec<NodeId>> {
    // Iterative depth-first search with colours: 0 new, 1 on the stack, 2 done.
    let mut colour = vec![0u8; ir.nodes.len()];
    for start in 0..ir.nodes.len() {
        if colour[start] != 0 {
            continue;
        }
        let mut stack: Vec<(NodeId, Vec<NodeId>)> = vec![(start, in_place(ir, start))];
        colour[start] = 1;
        while let Some((node, next)) = stack.last_mut() {
            let node = *node;
            match next.pop() {
                Some(child) => match colour.get(child).copied().unwrap_or(2) {
                    0 => {
                        colour[child] = 1;
                        let succ = in_place(ir, child);
                        stack.push((child, succ));
                    }
                    1 => {
                        let from = stack.iter().position(|(n, _)| *n == child).unwrap_or(0);
                        let mut path: Vec<NodeId> = stack[from..].iter().map(|(n, _)| *n).collect();
                        path.push(child);
                        return Some(path);
                    }
                    _ => {}
                },
                None => {
                    colour[node] = 2;
                    stack.pop();
                }
            }
        }
    }
    None
}

/// An error naming one node of the first in-place cycle that cannot be
/// read; the cycles that can (through `$ref` and `allOf` only, or through
/// `$ref` and `anyOf`/`oneOf` only) are broken instead, with a warning in
/// [`Ir::warnings`], and the search starts again on what is left.
pub fn check(ir: &mut Ir) -> Result<(), Error> {
    while let Some(path) = find_cycle(ir) {
        let edges: Vec<Edge> = path.windows(2).map(|w| edge(ir, w[0], w[1])).collect();
        let (node, child) = (path[path.len() - 2], path[path.len() - 1]);
        if edges.iter().all(|e| matches!(e, Edge::AllOf | Edge::Ref)) && edges.contains(&Edge::AllOf) {
            let through = ir.location(child);
            let (pointer, keyword) = drop_edge(ir, node, child);
            let n = &ir.nodes[node];
            ir.warnings.push(Warning {
                file: ir.doc_paths[n.doc].clone(),
                pointer,
                message: format!(
                    "reference cycle through `$ref` and `allOf` only: this `{keyword}` includes {through} in itself, which adds nothing (X = X ∧ A); read as `true`"
                ),
            });
            continue;
        }
        let disjunctive = edges.iter().filter(|e| matches!(e, Edge::AnyOf | Edge::OneOf)).count();
        if disjunctive == 1 && edges.iter().all(|e| matches!(e, Edge::AnyOf | Edge::OneOf | Edge::Ref)) {
            // The one disjunctive edge on the path: that branch only
            // re-applies the schema being defined (X = X ∨ A; the other
            // nodes on the cycle are references to X), so it adds nothing
            // beyond the other branches (the least fixed point, A). With two
            // or more (X = Y ∨ A, Y = X ∨ B), no one branch can go without
            // losing what flows through it, so such cycles are refused.
            // Read so only when every other node on the cycle is a bare
            // reference: `{"$ref": "#", "const": 3}` as the branch also
            // constrains what flows around, and validators read such a
            // cycle differently (the `jsonschema` crate as `true`); refused.
            let position = edges.iter().position(|e| *e != Edge::Ref);
            let bare = |j: usize| matches!(&ir.nodes[path[j]].body, Body::Schema(k) if k.is_annotated_reference());
            if let Some(i) = position.filter(|i| (0..edges.len()).filter(|j| j != i).all(bare)) {
                let (from, to) = (path[i], path[i + 1]);
                let keyword = if edges[i] == Edge::AnyOf { "anyOf" } else { "oneOf" };
                let through = ir.location(child);
                let pointer = never_branch(ir, from, to);
                let n = &ir.nodes[from];
                ir.warnings.push(Warning {
                    file: ir.doc_paths[n.doc].clone(),
                    pointer,
                    message: format!(
                        "reference cycle through `$ref` and `{keyword}` only: this branch only applies {through} to the same value again, which adds nothing beyond the other branches (X = X ∨ A); read as `false`"
                    ),
                });
                continue;
            }
        }
        let n = &ir.nodes[child];
        let via = ir.location(node);
        return Err(Error::at(
            &ir.doc_paths[n.doc],
            &n.pointer,
            format!("reference cycle: this subschema applies itself to the same value (through {via}) without descending into the document, so validation would never end"),
        ));
    }
    Ok(())
}
