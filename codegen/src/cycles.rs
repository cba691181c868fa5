//! Refuses schemas whose evaluation would never end: a cycle of in-place
//! applicators (`$ref`, `allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else`,
//! `dependentSchemas`, dynamic references) that never moves into a member or
//! item of the document. Such a cycle would recurse forever on any input.

use crate::ir::{Body, Ir, NodeId};
use crate::Error;

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

/// An error naming one node of the first in-place cycle found.
pub fn check(ir: &Ir) -> Result<(), Error> {
    // Iterative depth-first search with colours: 0 new, 1 on the stack, 2 done.
    let mut colour = vec![0u8; ir.nodes.len()];
    for start in 0..ir.nodes.len() {
        if colour[start] != 0 {
            continue;
        }
        let mut stack: Vec<(NodeId, Vec<NodeId>)> = vec![(start, in_place(ir, start))];
        colour[start] = 1;
        while let Some((node, next)) = stack.last_mut() {
            match next.pop() {
                Some(child) => match colour[child] {
                    0 => {
                        colour[child] = 1;
                        let succ = in_place(ir, child);
                        stack.push((child, succ));
                    }
                    1 => {
                        let n = &ir.nodes[child];
                        let via = ir.location(*node);
                        return Err(Error::at(
                            &ir.doc_paths[n.doc],
                            &n.pointer,
                            format!("reference cycle: this subschema applies itself to the same value (through {via}) without descending into the document, so validation would never end"),
                        ));
                    }
                    _ => {}
                },
                None => {
                    colour[*node] = 2;
                    stack.pop();
                }
            }
        }
    }
    Ok(())
}
