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
