//! Shapes deduplicated up to documentation: references that only add text
//! are their target's type, with the text on the field; a union whose
//! branches take disjoint JSON types is told apart by the type.

use contracts_codegen::plan::{Kind, ModulePlan, Select, TypeRef};
use contracts_codegen::{SchemaInput, Settings};

fn plan_of(fixture: &str) -> ModulePlan {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(fixture);
    let input = SchemaInput::new(format!("fixtures/{fixture}"), std::fs::read_to_string(path).unwrap());
    let analysis = contracts_codegen::analyze(&Settings::new(), &[input]).unwrap();
    analysis.plan.modules.into_iter().next().unwrap()
}

#[test]
fn annotated_references_share_their_target_type() {
    let m = plan_of("annotated_refs.json");
    let names: Vec<&str> = m.types.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names.iter().filter(|n| n.contains("LintLevel")).count(), 1, "{names:?}");
    let Some(root) = m.types.iter().find(|t| t.name == "Lints") else { panic!("no root type: {names:?}") };
    let Kind::Struct { fields, .. } = &root.kind else { panic!("root is not a struct") };
    let ty = |json: &str| fields.iter().find(|f| f.json == json).map(|f| f.ty.clone()).unwrap();
    // Both lints hold the one `Lint` type, named by its definition.
    assert_eq!(ty("absolute_paths"), ty("almost_swapped"));
    let TypeRef::Named(lint) = ty("absolute_paths") else { panic!("lint is not a named type") };
    assert_eq!(m.types[lint].name, "Lint");
    assert_eq!(m.types[lint].doc.title.as_deref(), Some("Lint"));
    // Each property's own text stays on its field.
    let doc = |json: &str| fields.iter().find(|f| f.json == json).and_then(|f| f.doc.description.clone()).unwrap();
    assert_eq!(doc("absolute_paths"), "Checks for usage of items through absolute paths.");
    assert_eq!(doc("almost_swapped"), "Checks for `foo = bar; bar = foo` sequences.");
    assert_eq!(ty("no_console"), ty("no_debugger"));
}

#[test]
fn branches_of_disjoint_json_types_are_picked_by_type() {
    let m = plan_of("annotated_refs.json");
    let rule = m.types.iter().find(|t| t.name == "Rule").expect("a Rule type");
    let Kind::Union { variants, .. } = &rule.kind else { panic!("Rule is not a union") };
    let masks: Vec<Option<u8>> = variants
        .iter()
        .map(|v| match v.select {
            Select::Branch { by_type, .. } => by_type,
            _ => None,
        })
        .collect();
    // integer, string, array (the type set bits of `ir::TypeSet`).
    assert_eq!(masks, vec![Some(4), Some(16), Some(32)]);
}

#[test]
fn places_with_one_rust_shape_share_a_type_and_keep_their_schemas() {
    use contracts_codegen::plan::Validation;
    let m = plan_of("shared_rules.json");
    let names: Vec<&str> = m.types.iter().map(|t| t.name.as_str()).collect();
    let Some(root) = m.types.iter().find(|t| t.name == "PluginRules") else { panic!("no root type: {names:?}") };
    let Kind::Struct { fields, .. } = &root.kind else { panic!("root is not a struct") };
    let field = |json: &str| fields.iter().find(|f| f.json == json).unwrap();
    let ty = |json: &str| field(json).ty.clone();
    // Two rules whose options differ: one Rust type, validated per place.
    assert_eq!(ty("html-quotes"), ty("key-spacing"), "{names:?}");
    let TypeRef::Named(rule) = ty("html-quotes") else { panic!("a rule is not a named type") };
    let shared = &m.types[rule];
    let Validation::PerLocation(places) = &shared.validation else { panic!("{} validates on its own", shared.name) };
    assert_eq!(places.len(), 2);
    assert_eq!(shared.name, "RuleNumberOrStringOrArray");
    // Neither place's text is the shared type's; each stays on its field.
    assert_eq!(shared.doc.description, None);
    assert_eq!(field("html-quotes").doc.description.as_deref(), Some("enforce quotes style of HTML attributes"));
    // String newtypes check their own pattern on construction: never shared.
    assert_ne!(ty("code"), ty("other-code"));
    for t in [ty("code"), ty("other-code")] {
        let TypeRef::Named(id) = t else { panic!("a code is not a newtype") };
        assert!(matches!(m.types[id].validation, Validation::Own(_)));
    }
    // The root keeps its own schema (the module's entry point).
    assert!(matches!(root.validation, Validation::Own(_)));
    assert!(contracts_codegen::plan::duplicate_shapes(&m).is_empty());
}

#[test]
fn a_reference_whose_other_keywords_accept_all_its_target_does_is_its_target_type() {
    let m = plan_of("ref_siblings.json");
    let names: Vec<&str> = m.types.iter().map(|t| t.name.as_str()).collect();
    let Some(root) = m.types.iter().position(|t| t.name == "Config") else { panic!("no root type: {names:?}") };
    let Kind::Struct { fields, .. } = &m.types[root].kind else { panic!("root is not a struct") };
    let ty = |json: &str| fields.iter().find(|f| f.json == json).map(|f| f.ty.clone()).unwrap();
    // `type: object` admits all the root admits and `items` looks only at
    // arrays: the member is the root's type, not a copy of it.
    assert_eq!(ty("child"), TypeRef::Named(root), "{names:?}");
    // `type: string` beside an `anyOf` of string constants.
    let TypeRef::Named(level) = ty("level") else { panic!("level is not a named type: {names:?}") };
    assert!(m.types[level].name.ends_with("Level"), "{names:?}");
    assert!(matches!(m.types[level].kind, Kind::StringEnum { .. }), "{names:?}");
    // Siblings that narrow are types of their own: a closed object, a
    // string bound on strings.
    assert_ne!(ty("closed"), TypeRef::Named(root));
    assert_ne!(ty("short"), ty("level"));
}
