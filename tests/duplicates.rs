//! A member name an object repeats is refused at its second occurrence, on
//! every path that reads text (the one-pass reader, the full path, a
//! reader, serde's `Deserialize`), with the location of the repeat; the
//! `LastWins` setting restores serde_json's choice. `{"type":"start",
//! "type":"zzz"}` is the classic parser differential: a reader taking the
//! first value would see another command.

use contracts::commands::CommandEnvelope;
use contracts::launch_request::LaunchRequest;
use contracts::{Contract, Duplicates, ParseError, ReadSettings};

const START: &str = r#"{"protocolVersion":"1.0","commandId":"cmd_0123456789abcdef0123456789abcdef","type":"start","issuedAt":"2026-11-30T12:00:00.000Z","actor":{"kind":"human","id":"ada","transport":"ws"},"payload":{"profile":"default","unattended":false}}"#;
const LAUNCH: &str = r#"{"contractVersion":"1.0.0","input":"PROJ-12","mode":"autopilot","answers":{"workspace":"worktree"}}"#;

/// Every path from text, each must refuse `text` at `pointer`.
fn refused_everywhere<T: Contract + std::fmt::Debug + contracts::runtime::__private::serde::de::DeserializeOwned>(text: &str, pointer: &str) {
    let paths: [(&str, Result<T, ParseError>); 4] = [
        ("from_json_str", T::from_json_str(text)),
        ("from_json_slice", T::from_json_slice(text.as_bytes())),
        ("from_json_reader", T::from_json_reader(text.as_bytes())),
        ("from_json_slice_via_value", T::from_json_slice_via_value(text.as_bytes())),
    ];
    for (path, r) in paths {
        match r {
            Err(ParseError::Duplicate(d)) => assert_eq!(d.instance_location, pointer, "{path}: {text}"),
            other => panic!("{path}: {text}: expected a repeated member at {pointer}, got {other:?}"),
        }
    }
    let err = serde_json::from_str::<T>(text).expect_err(text).to_string();
    assert!(err.contains(&format!("member name repeated at {pointer} (duplicateKey)")), "Deserialize: {err}");
}

#[test]
fn the_start_example_is_valid() {
    CommandEnvelope::from_json_str(START).unwrap();
    LaunchRequest::from_json_str(LAUNCH).unwrap();
}

#[test]
fn a_repeated_tag_is_refused_on_every_path() {
    // The classic: the second `type` names no command at all.
    refused_everywhere::<CommandEnvelope>(&START.replace(r#""type":"start","#, r#""type":"start","type":"zzz","#), "/type");
    // Same value twice is still a repeat.
    refused_everywhere::<CommandEnvelope>(&START.replace(r#""type":"start","#, r#""type":"start","type":"start","#), "/type");
    // After the payload (the payload is kept raw until the tag is known).
    refused_everywhere::<CommandEnvelope>(
        &START.replace(r#""type":"start","#, "").replace(r#""payload""#, r#""type":"start","type":"pause","payload""#),
        "/type",
    );
}

#[test]
fn repeats_anywhere_in_the_document_are_refused() {
    let cases = [
        (START.replace(r#""kind":"human""#, r#""kind":"human","kind":"agent""#), "/actor/kind"),
        (START.replace(r#""profile":"default""#, r#""profile":"default","profile":"x""#), "/payload/profile"),
        (START.replace(r#"}}"#, r#"},"zz":1,"zz":2}"#), "/zz"),
        (START.replace(r#""transport":"ws""#, r#""transport":"ws","x":{"a":[{"b":1,"b":2}]}"#), "/actor/x/a/0/b"),
        // An unknown command: its payload is kept as JSON.
        (
            START.replace(r#""type":"start""#, r#""type":"x.future""#).replace(r#"{"profile":"default","unattended":false}"#, r#"{"a":{"b":1,"b":2}}"#),
            "/payload/a/b",
        ),
        // An invalid document: the repeat is what is reported.
        (START.replace("cmd_0123456789abcdef0123456789abcdef", "cmd_x").replace(r#""id":"ada""#, r#""id":"ada","id":"bob""#), "/actor/id"),
    ];
    for (text, pointer) in cases {
        refused_everywhere::<CommandEnvelope>(&text, pointer);
    }
    let launch = [
        (LAUNCH.replace(r#""mode":"autopilot""#, r#""mode":"autopilot","mode":"analysis""#), "/mode"),
        (LAUNCH.replace(r#""workspace":"worktree""#, r#""workspace":"worktree","workspace":"main""#), "/answers/workspace"),
        (LAUNCH.replace(r#""input":"PROJ-12""#, r#""input":"PROJ-12","x~y/z":1,"x~y/z":2"#), "/x~0y~1z"),
    ];
    for (text, pointer) in launch {
        refused_everywhere::<LaunchRequest>(&text, pointer);
    }
}

#[test]
fn last_wins_when_asked() {
    let last = ReadSettings::new().duplicates(Duplicates::LastWins);
    let text = START.replace(r#""kind":"human""#, r#""kind":"agent","kind":"human""#);
    let e = CommandEnvelope::from_json_str_with(&text, last).unwrap();
    assert_eq!(e, CommandEnvelope::from_json_str(START).unwrap());
    assert_eq!(e, CommandEnvelope::from_json_slice_with(text.as_bytes(), last).unwrap());
    let zzz = START.replace(r#""type":"start","#, r#""type":"start","type":"zzz","#);
    let e = CommandEnvelope::from_json_str_with(&zzz, last).unwrap();
    assert_eq!(e.command.type_name(), "zzz");
    // The same answer as serde_json's own `Value`, which `from_json_value` takes as given.
    let v: serde_json::Value = serde_json::from_str(&zzz).unwrap();
    assert_eq!(CommandEnvelope::from_json_value(v).unwrap(), e);
    let text = LAUNCH.replace(r#""mode":"autopilot""#, r#""mode":"interactive","mode":"autopilot""#);
    assert_eq!(LaunchRequest::from_json_str_with(&text, last).unwrap(), LaunchRequest::from_json_str(LAUNCH).unwrap());
}

#[test]
fn the_message_names_place_line_and_keyword() {
    let text = START.replace(r#""type":"start","#, "\"type\":\"start\",\n\"type\":\"zzz\",");
    let err = CommandEnvelope::from_json_str(&text).unwrap_err();
    assert_eq!(
        err.to_string(),
        "/type: member name repeated in its object at line 2 column 6; JSON readers disagree on which value counts, so it is refused (duplicateKey)"
    );
}

#[test]
fn the_contract_rules_and_the_catalog_loader_refuse_repeats_too() {
    let rules = contracts::launch_request_rules::Rules::new(contracts::launch_request_rules::Channel::Desktop);
    let text = LAUNCH.replace(r#""mode":"autopilot""#, r#""mode":"autopilot","mode":"analysis""#);
    assert!(matches!(rules.from_json_str(&text), Err(ParseError::Duplicate(d)) if d.instance_location == "/mode"));
    let catalog = r#"{"questions":[],"questions":[]}"#;
    assert!(matches!(contracts::catalog::Catalog::from_json_str(catalog), Err(ParseError::Duplicate(d)) if d.instance_location == "/questions"));
}
