//! The schemas each generated type reports through schemars' `JsonSchema`
//! (behind the runtime's `schemars` feature): the type's own source
//! subschema, with every `$ref` rewritten to a definition that travels with
//! it, so a crate describing its API with schemars embeds the contract exactly.

use crate::ir::{Body, Ir, NodeId};
use crate::load::Sources;
use crate::plan::{struct_variants, Kind, ModulePlan};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// `{"types": {TypeName: schema}, "defs": {name: schema}}` for one module.
pub fn module_schemas(docs: &Sources, ir: &Ir, module: &ModulePlan, module_name: &str) -> String {
    let mut defs: BTreeMap<String, Value> = BTreeMap::new();
    let mut pending: Vec<NodeId> = Vec::new();
    let mut types = Map::new();
    let inline = struct_variants(module);
    for (t, inline) in module.types.iter().zip(inline) {
        // A type shared by places with different schemas has none of its own.
        let Some(nodes) = t.validation.own().filter(|n| !n.is_empty()) else { continue };
        // Commands and struct variants are no Rust types of their own.
        if matches!(t.kind, Kind::Commands { .. }) || inline {
            continue;
        }
        let parts: Vec<Value> = nodes.iter().map(|n| rewrite(docs, ir, *n, module_name, &mut pending)).collect();
        let schema = if parts.len() == 1 { parts.into_iter().next().unwrap_or(Value::Bool(true)) } else { serde_json::json!({ "allOf": parts }) };
        types.insert(t.name.clone(), schema);
    }
    while let Some(n) = pending.pop() {
        let name = def_name(ir, n, module_name);
        if defs.contains_key(&name) {
            continue;
        }
        defs.insert(name.clone(), Value::Null);
        let schema = rewrite(docs, ir, n, module_name, &mut pending);
        defs.insert(name, schema);
    }
    serde_json::json!({ "types": types, "defs": defs }).to_string()
}

/// The definition name of a reference target.
fn def_name(ir: &Ir, n: NodeId, module_name: &str) -> String {
    let node = &ir.nodes[n];
    let mut parts = node.pointer.rsplit('/');
    match (parts.next(), parts.next()) {
        (Some(last), Some("$defs" | "definitions")) => format!("{module_name}.{}", crate::load::unescape_token(last)),
        _ if node.pointer.is_empty() => format!("{module_name}.root"),
        _ => format!("{module_name}.{}", node.pointer.trim_start_matches('/').replace('/', ".")),
    }
}

/// The JSON of node `n` with references rewritten to `#/$defs/NAME`,
/// resource keywords (`$id`, `$schema`, `$anchor`) and local definitions dropped.
fn rewrite(docs: &Sources, ir: &Ir, n: NodeId, module_name: &str, pending: &mut Vec<NodeId>) -> Value {
    let node = &ir.nodes[n];
    let Some(v) = docs.docs[node.doc].value.pointer(&node.pointer) else { return Value::Bool(true) };
    let mut out = v.clone();
    walk(ir, node.doc, &node.pointer, &mut out, module_name, pending);
    out
}

fn walk(ir: &Ir, doc: usize, pointer: &str, v: &mut Value, module_name: &str, pending: &mut Vec<NodeId>) {
    let Value::Object(m) = v else { return };
    let here = ir.by_place.get(&(doc, pointer.to_owned())).copied();
    for kw in ["$id", "id", "$schema", "$anchor", "$dynamicAnchor", "$recursiveAnchor", "$defs", "definitions", "$comment"] {
        if kw != "id" || m.get("id").is_some_and(Value::is_string) {
            m.remove(kw);
        }
    }
    if let Some(Body::Schema(k)) = here.map(|h| &ir.nodes[h].body) {
        if let Some(r) = &k.reference {
            pending.push(r.target);
            m.insert("$ref".to_owned(), Value::String(format!("#/$defs/{}", def_name(ir, r.target, module_name))));
        }
    }
    let keys: Vec<String> = m.keys().cloned().collect();
    for key in keys {
        let kw_ptr = format!("{pointer}/{}", crate::load::escape_token(&key));
        // Where the subschemas are, read before the child is changed (no
        // clone of the subtree: walking each level would copy it again).
        let rels: Vec<String> =
            m.get(&key).map(|child| crate::load::subschemas(&key, child, ir_dialect(ir, here)).into_iter().map(|(rel, _)| rel).collect()).unwrap_or_default();
        if let Some(child) = m.get_mut(&key) {
            for rel in rels {
                if let Some(sub) = child.pointer_mut(&rel) {
                    walk(ir, doc, &format!("{kw_ptr}{rel}"), sub, module_name, pending);
                } else if rel.is_empty() {
                    walk(ir, doc, &kw_ptr, child, module_name, pending);
                }
            }
        }
    }
}

fn ir_dialect(ir: &Ir, node: Option<NodeId>) -> crate::dialect::Dialect {
    node.map(|n| ir.nodes[n].dialect).unwrap_or(crate::dialect::Dialect::Draft2020_12)
}
