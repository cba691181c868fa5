//! The envelope: an object whose `oneOf` branches each fix a tag member
//! (`type`) and say what the payload member holds; one struct plus an enum
//! of commands.

use super::objects::Members;
use super::{Command, Ctx, DocText, Key, Kind, Planner, TypeDef, TypeRef, Validation};
use crate::ident::type_name;
use crate::ir::{Keywords, NodeId};

impl Planner<'_> {
    /// The envelope shape: every branch only constrains the tag member (a
    /// string const, or a catch-all `not: {enum: [...]}`) and one payload member.
    pub(super) fn envelope(&mut self, nodes: &[NodeId], branches: &[NodeId], names: &[String], key: &Key) -> Option<TypeRef> {
        let base_props: Vec<String> = nodes.iter().filter_map(|n| self.ir.keywords(*n)).flat_map(|k| k.properties.iter().map(|(n, _)| n.clone())).collect();
        let mut tag: Option<String> = None;
        let mut member_set: Vec<String> = Vec::new();
        for b in branches {
            let k = self.ir.keywords(*b)?;
            if k.reference.is_some()
                || !k.all_of.is_empty()
                || !k.any_of.is_empty()
                || !k.one_of.is_empty()
                || k.types.is_some()
                || !k.object.required.is_empty()
                || k.additional_properties.is_some()
                || k.properties.is_empty()
            {
                return None;
            }
            for (p, _) in &k.properties {
                if !member_set.contains(p) {
                    member_set.push(p.clone());
                }
            }
        }
        if member_set.len() != 2 {
            return None;
        }
        for candidate in &member_set {
            let consts = branches.iter().filter(|b| self.branch_const(**b, candidate).is_some()).count();
            if consts + 1 >= branches.len() && consts >= 2 {
                tag = Some(candidate.clone());
            }
        }
        let tag = tag?;
        let payload = member_set.iter().find(|m| **m != tag)?.clone();
        let base_required: Vec<String> = nodes.iter().filter_map(|n| self.ir.keywords(*n)).flat_map(|k| k.object.required.clone()).collect();
        if !base_props.contains(&tag) || !base_props.contains(&payload) || !base_required.contains(&tag) || !base_required.contains(&payload) {
            return None;
        }
        let mut known: Vec<String> = Vec::new();
        let mut catch_all: Option<NodeId> = None;
        for b in branches {
            match self.branch_const(*b, &tag) {
                Some(c) if !known.contains(&c) => known.push(c),
                Some(_) => return None,
                None => {
                    if catch_all.is_some() {
                        return None;
                    }
                    // The catch-all must exclude exactly the known tags.
                    catch_all = Some(*b);
                }
            }
        }
        if let Some(c) = catch_all {
            let k = self.ir.keywords(c)?;
            let excluded: Option<Vec<String>> = k
                .properties
                .iter()
                .find(|(p, _)| *p == tag)
                .and_then(|(_, t)| self.ir.keywords(*t))
                .and_then(|tk| tk.not)
                .and_then(|n| self.ir.keywords(n))
                .and_then(|nk| nk.enum_.clone())
                .map(|vals| vals.iter().filter_map(|v| v.as_str().map(str::to_owned)).collect());
            let mut excluded = excluded?;
            let mut sorted_known = known.clone();
            excluded.sort();
            sorted_known.sort();
            if excluded != sorted_known {
                return None;
            }
        }
        let id = self.reserve(nodes, names, key);
        let env_name = self.types[id].candidates.first().cloned().unwrap_or_default();
        let enum_name = env_name.strip_suffix("Envelope").filter(|s| !s.is_empty()).map(str::to_owned).unwrap_or_else(|| format!("{env_name}Body"));
        // The members, tag and payload included (for member order); those two
        // are typed as JSON values here and read from the commands enum.
        let kws: Vec<Keywords> = nodes.iter().filter_map(|n| self.ir.keywords(*n).cloned()).collect();
        let member_names = Self::member_names(&kws, None);
        let Members { mut fields, extra, extra_field } = self.members(&kws, &member_names, std::slice::from_ref(&env_name), names);
        for f in fields.iter_mut() {
            if f.json == tag || f.json == payload {
                f.ty = TypeRef::Value;
            }
        }
        let payload_base: Vec<NodeId> = kws.iter().filter_map(|k| k.properties.iter().find(|(p, _)| *p == payload).map(|(_, n)| *n)).collect();
        let commands_id = self.types.len();
        self.types.push(TypeDef {
            name: String::new(),
            validation: Validation::Own(nodes.to_vec()),
            doc: DocText { source: self.ir.location(nodes[0]), ..DocText::default() },
            kind: Kind::Alias(TypeRef::Value),
            candidates: vec![enum_name.clone()],
            owns_first_candidate: false,
            sensitive: false,
            shape: format!("commands-of:{id}"),
            format: None,
        });
        let mut commands = Vec::new();
        for b in branches {
            let Some(tag_value) = self.branch_const(*b, &tag) else { continue };
            let bk = self.ir.keywords(*b)?.clone();
            let vname = bk.title.as_deref().and_then(type_name).or_else(|| type_name(&tag_value)).unwrap_or_else(|| "Command".to_owned());
            let mut payload_nodes = payload_base.clone();
            if let Some((_, p)) = bk.properties.iter().find(|(p, _)| *p == payload) {
                payload_nodes.push(*p);
            }
            let pname = type_name(&payload).unwrap_or_else(|| "Payload".to_owned());
            let ty = self.plan(payload_nodes, &[format!("{vname}{pname}")], Ctx::default());
            let doc = self.doc_text(&[*b]);
            commands.push(Command { name: vname, tag: tag_value, payload: ty, doc });
        }
        let unknown_payload = match catch_all {
            Some(c) => {
                let mut payload_nodes = payload_base.clone();
                if let Some((_, p)) = self.ir.keywords(c)?.properties.iter().find(|(p, _)| *p == payload) {
                    payload_nodes.push(*p);
                }
                self.plan(payload_nodes, &["UnknownPayload".to_owned()], Ctx::default())
            }
            None => TypeRef::Value,
        };
        self.types[commands_id].kind = Kind::Commands { commands, unknown: catch_all.is_some(), unknown_payload };
        self.types[id].kind = Kind::Envelope { fields, extra, extra_field, tag, payload, commands: commands_id };
        Some(TypeRef::Named(id))
    }
}
