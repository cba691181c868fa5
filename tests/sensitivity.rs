//! `x-sensitivity: local` data stays local: never in `Debug`, `Display` or
//! an error message, listed by `LOCAL_MEMBERS` and `local_pointers()`, and
//! stripped or masked before a value is relayed.

use contracts::launch_request::LaunchRequest;
use contracts::runtime::Relay;
use contracts::Contract;
use serde_json::json;

const SECRET_INPUT: &str = "Investigate the flaky login test on staging";
const SECRET_ANSWER: &str = "team-secret-option";

fn request() -> LaunchRequest {
    LaunchRequest::from_json_value(json!({
        "contractVersion": "1.0.0",
        "input": SECRET_INPUT,
        "mode": "background",
        "kind": "development",
        "answers": {"workspace": SECRET_ANSWER, "reviewers": ["a", SECRET_ANSWER]}
    }))
    .unwrap()
}

#[test]
fn local_values_never_reach_debug_display_or_errors() {
    let r = request();
    let shown = format!("{r:?} {:?} {:#?}", r.input, r.answers);
    assert!(!shown.contains(SECRET_INPUT) && !shown.contains(SECRET_ANSWER), "{shown}");
    assert!(shown.contains("<redacted>"));
    // Errors about local members never repeat their values.
    let long = "x".repeat(4001);
    let bad = json!({"contractVersion": "1.0.0", "input": long, "mode": "interactive",
        "answers": {"Bad_Key": SECRET_ANSWER, "ok": ["", SECRET_ANSWER.repeat(20)]}});
    let err = LaunchRequest::from_json_value(bad).unwrap_err().to_string();
    assert!(err.contains("/input") && err.contains("/answers"), "{err}");
    assert!(!err.contains("xxxx") && !err.contains(SECRET_ANSWER) && !err.contains("Bad_Key"), "{err}");
}

#[test]
fn local_members_are_listed_and_stripped_or_masked_before_relaying() {
    assert_eq!(LaunchRequest::LOCAL_MEMBERS, ["input", "answers"]);
    let r = request();
    assert_eq!(r.local_pointers(), ["/answers", "/input"]);
    let stripped = r.to_relay_value(Relay::Strip);
    assert_eq!(stripped, json!({"contractVersion": "1.0.0", "mode": "background", "kind": "development"}));
    let masked = r.to_relay_value(Relay::Mask);
    assert_eq!(masked["input"], json!("<redacted>"));
    assert_eq!(masked["answers"], json!("<redacted>"));
    assert_eq!(masked["mode"], json!("background"));
    let text = masked.to_string();
    assert!(!text.contains(SECRET_INPUT) && !text.contains(SECRET_ANSWER));
}

/// Member names below a `local` member are the document's data too: the
/// probe of issue 17 (`answers: {"sk-live-hunter2-xyzzy": 5}`) must not show
/// the name anywhere an error goes.
#[test]
fn member_names_below_a_local_member_are_redacted_everywhere() {
    const NAME: &str = "sk-live-hunter2-xyzzy";
    let doc = json!({"contractVersion": "1.0.0", "input": "x", "mode": "interactive", "answers": {NAME: 5, "Bad/Key~": ["a", 7]}});
    let err = LaunchRequest::from_json_value(doc.clone()).unwrap_err();
    let from_text = LaunchRequest::from_json_str(&doc.to_string()).unwrap_err();
    let errors = err.validation_errors().expect("schema errors").clone();
    assert!(errors.iter().any(|e| e.instance_location == "/answers/<redacted>"), "{errors:?}");
    assert!(errors.iter().any(|e| e.instance_location == "/answers/<redacted>/1"), "{errors:?}");
    let shown = [
        err.to_string(),
        format!("{err:?}"),
        format!("{from_text:?}"),
        from_text.to_string(),
        errors.to_basic_output().to_string(),
        format!("{:?}", LaunchRequest::validate_value(&doc)),
    ];
    for s in &shown {
        assert!(!s.contains("hunter2") && !s.contains("Bad") && !s.contains("Key~"), "a member name leaked: {s}");
        assert!(s.contains("redacted") || s.contains("a member of"), "{s}");
    }
    // The contract rules, with a catalog: an unknown key is redacted too.
    let catalog = contracts::catalog::Catalog::from_path(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("schemas/examples/question-catalog/valid/run-questions.json"),
    )
    .unwrap();
    let rules = contracts::launch_request_rules::Rules::new(contracts::launch_request_rules::Channel::Desktop).with_catalog(catalog);
    let doc = json!({"contractVersion": "1.0.0", "input": "x", "mode": "interactive", "answers": {NAME: "5"}});
    let err = rules.from_json_value(doc).unwrap_err();
    let shown = format!("{err} {err:?} {}", err.validation_errors().unwrap().to_basic_output());
    assert!(shown.contains("/answers/<redacted>") && !shown.contains("hunter2"), "{shown}");
}
