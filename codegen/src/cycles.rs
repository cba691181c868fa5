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

/// How `from` applies `to` in place: through `allOf` (and maybe `$ref` too),
/// `$ref` only, or something else as well (a disjunction, a negation, a
/// condition, a dynamic reference).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Edge {
    AllOf,
    Ref,
    Other,
}

fn edge(ir: &Ir, from: NodeId, to: NodeId) -> Edge {
    let Body::Schema(k) = &ir.nodes[from].body else { return Edge::Other };
    let other = k.dynamic_reference.as_ref().is_some_and(|r| r.target == to)
        || k.any_of.contains(&to)
        || k.one_of.contains(&to)
        || [k.not, k.if_, k.then_, k.else_].contains(&Some(to))
        || k.dependent_schemas.iter().any(|(_, n)| *n == to);
    if other {
        Edge::Other
    } else if k.all_of.contains(&to) {
        Edge::AllOf
    } else if k.reference.as_ref().is_some_and(|r| r.target == to) {
        Edge::Ref
    } else {
        Edge::Other
    }
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

/// An error naming one node of the first in-place cycle found; cycles through
/// `$ref` and `allOf` only (with an `allOf`) are broken instead, with a
/// warning in [`Ir::warnings`].
pub fn check(ir: &mut Ir) -> Result<(), Error> {
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
                        // The cycle: the stack from `child` up, then back to `child`.
                        let from = stack.iter().position(|(n, _)| *n == child).unwrap_or(0);
                        let mut path: Vec<NodeId> = stack[from..].iter().map(|(n, _)| *n).collect();
                        path.push(child);
                        let edges: Vec<Edge> = path.windows(2).map(|w| edge(ir, w[0], w[1])).collect();
                        let conjunctive = edges.iter().all(|e| *e != Edge::Other) && edges.contains(&Edge::AllOf);
                        if conjunctive {
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
                            // Remove the same edge from what is left to visit
                            // here, unless `node` still applies `child` in place
                            // some other way (then the cycle is refused on the
                            // next visit).
                            let still = in_place(ir, node).contains(&child);
                            if let Some((_, next)) = stack.last_mut() {
                                next.retain(|c| *c != child || still);
                            }
                            continue;
                        }
                        let n = &ir.nodes[child];
                        let via = ir.location(node);
                        return Err(Error::at(
                            &ir.doc_paths[n.doc],
                            &n.pointer,
                            format!("reference cycle: this subschema applies itself to the same value (through {via}) without descending into the document, so validation would never end"),
                        ));
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
    Ok(())
}
