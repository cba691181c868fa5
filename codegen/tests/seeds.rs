//! The seed schemas: the shapes the design asks for, no duplicated type.

use contracts_codegen::{plan, SchemaInput, Settings};

fn seeds() -> Vec<SchemaInput> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../schemas");
    ["commands.schema.json", "launch-request.schema.json"]
        .iter()
        .map(|f| SchemaInput::new(format!("schemas/{f}"), std::fs::read_to_string(root.join(f)).unwrap()))
        .collect()
}

fn names(p: &plan::ModulePlan) -> Vec<&str> {
    p.types.iter().map(|t| t.name.as_str()).collect()
}

#[test]
fn no_two_types_share_a_shape_and_names_read_well() {
    let settings = Settings::new();
    let plan = contracts_codegen::analyze(&settings, &seeds()).unwrap().plan;
    for m in &plan.modules {
        assert_eq!(plan::duplicate_shapes(m), vec![], "duplicated shapes");
        let all = names(m);
        for n in &all {
            let numbered = n.ends_with(char::is_numeric) && all.contains(&n.trim_end_matches(char::is_numeric));
            assert!(!n.contains("Variant") && !n.starts_with("Cohorte") && !numbered, "poor name {n}");
        }
    }
    let commands = names(&plan.modules[0]);
    for want in [
        "CommandEnvelope",
        "Command",
        "CommandId",
        "RunId",
        "AgentId",
        "ApprovalId",
        "EffectId",
        "ArtifactId",
        "Transport",
        "Scheme",
        "Profile",
        "Budgets",
        "InspectTarget",
        "RetryTarget",
        "ProtocolVersion",
        "IssuedAt",
        "StartPayload",
        "AgentSendPayload",
        "JsonValue",
    ] {
        assert!(commands.contains(&want), "commands lacks {want}: {commands:?}");
    }
    assert!(!commands.contains(&"ResumeRaiseBudgets"), "raiseBudgets must reuse Budgets");
    let launch = names(&plan.modules[1]);
    for want in ["LaunchRequest", "Mode", "Kind", "ContractVersion", "Input", "AnswerKey", "Answer"] {
        assert!(launch.contains(&want), "launch-request lacks {want}: {launch:?}");
    }
}

#[test]
fn commands_file_stays_small() {
    let out = contracts_codegen::generate(&Settings::new(), &seeds()).unwrap();
    let lines = out.files[0].contents.lines().count();
    // typify 0.8 writes 7,341 lines for this schema. Ours was 2,179 lines
    // before the one-pass readers (`mod fast`, about 900 lines) came.
    assert!(lines <= 3200, "commands.rs has {lines} lines");
}
