//! Nothing is lost: unknown members keep their place in document order,
//! unknown command types and their payloads come back byte for byte, and
//! numbers keep the text they were written in (digits, sign, `-0`, `1.0`,
//! numbers beyond `u64`/`f64`, exponents as `1e2`, `1E2` or `1e+2`).

use contracts::commands::{Command, CommandEnvelope};
use contracts::launch_request::LaunchRequest;
use contracts::Contract;

const ENVELOPE: &str = r#"{"protocolVersion":"1.0","commandId":"cmd_0123456789abcdef0123456789abcdef","type":"x.future","issuedAt":"2026-11-30T12:00:00.000Z","actor":{"kind":"human","id":"ada","transport":"ws","zeta":1,"alpha":[true,null]},"payload":{"z":1,"a":{"nested":[1.0,2.5e3]},"m":"é😀"},"expectedSequence":1.0,"zz":"last","aa":"after"}"#;

#[test]
fn unknown_commands_and_members_come_back_in_order() {
    let e = CommandEnvelope::from_json_str(ENVELOPE).unwrap();
    assert!(matches!(&e.command, Command::Unknown { type_name, .. } if type_name == "x.future"));
    assert_eq!(e.actor.transport.as_str(), "ws");
    assert!(!e.actor.transport.is_known());
    let out = serde_json::to_string(&e).unwrap();
    // Unknown members keep their relative order; the payload is verbatim.
    assert!(out.contains(r#""zeta":1,"alpha":[true,null]"#), "{out}");
    assert!(out.contains(r#""payload":{"z":1,"a":{"nested":[1.0,2.5e3]},"m":"é😀"}"#), "{out}");
    assert!(out.contains(r#""expectedSequence":1.0"#), "{out}");
    assert!(out.ends_with(r#""zz":"last","aa":"after"}"#), "{out}");
    let again = CommandEnvelope::from_json_str(&out).unwrap();
    assert_eq!(again, e);
}

#[test]
fn serde_deserialize_validates_too() {
    let bad = ENVELOPE.replace("cmd_0123456789abcdef0123456789abcdef", "cmd_x");
    let err = serde_json::from_str::<CommandEnvelope>(&bad).unwrap_err();
    assert!(err.to_string().contains("commandId"), "{err}");
    assert!(serde_json::from_str::<CommandEnvelope>(ENVELOPE).is_ok());
}

#[test]
fn values_built_in_code_are_checked_before_sending() {
    let mut e = CommandEnvelope::from_json_str(ENVELOPE).unwrap();
    e.validate().unwrap();
    e.command = Command::Shutdown(contracts::commands::ShutdownPayload { grace_ms: contracts::runtime::Integer::from(-5), extra: Default::default() });
    let errs = e.validate().unwrap_err();
    assert!(errs.iter().any(|x| x.instance_location == "/payload/graceMs" && x.keyword == "minimum"), "{errs}");
    assert!(contracts::commands::CommandId::new("cmd_nope").is_err());
}

#[test]
fn launch_request_rejects_unknown_members_and_keeps_answers_in_order() {
    let text = r#"{"contractVersion":"1.2.3","input":"PROJ-12","mode":"interactive","answers":{"zeta":"a","alpha":["x","y"]}}"#;
    let r = LaunchRequest::from_json_str(text).unwrap();
    assert_eq!(serde_json::to_string(&r).unwrap(), text);
    let keys: Vec<&str> = r.answers.keys().map(|k| k.as_str()).collect();
    assert_eq!(keys, ["zeta", "alpha"]);
    assert!(LaunchRequest::from_json_str(&text.replace(r#""mode""#, r#""extra":1,"mode""#)).is_err());
}

/// Numbers no machine type holds exactly come back as written, wherever
/// the type keeps JSON: an unknown command's payload, unknown members, `Value` members.
#[test]
fn numbers_come_back_as_written() {
    let numbers = r#"{"id":123456789012345678901,"neg":-123456789012345678901234567890,"zero":-0,"one":1.0,"huge":1e+400,"tiny":-2.5e-400,"long":0.1000000000000000000000000001}"#;
    let text = ENVELOPE
        .replace(r#"{"z":1,"a":{"nested":[1.0,2.5e3]},"m":"é😀"}"#, numbers)
        .replace(r#""zeta":1"#, r#""zeta":123456789012345678901"#)
        .replace(r#""aa":"after""#, r#""aa":-0"#);
    let e = CommandEnvelope::from_json_str(&text).unwrap();
    let out = serde_json::to_string(&e).unwrap();
    assert!(out.contains(&format!(r#""payload":{numbers}"#)), "{out}");
    assert!(out.contains(r#""zeta":123456789012345678901"#), "{out}");
    assert!(out.ends_with(r#""aa":-0}"#), "{out}");
    // Through the full path as well.
    let via_value = CommandEnvelope::from_json_slice_via_value(text.as_bytes()).unwrap();
    assert_eq!(serde_json::to_string(&via_value).unwrap(), out);
}

/// An integer field keeps `1.0` and exponent forms as written; `1e400` is an integer.
#[test]
fn integers_keep_their_form() {
    for written in ["1e2", "1E2", "1e+2", "1e400"] {
        let text = ENVELOPE.replace(r#""expectedSequence":1.0"#, &format!(r#""expectedSequence":{written}"#));
        for e in [CommandEnvelope::from_json_str(&text).unwrap(), CommandEnvelope::from_json_slice_via_value(text.as_bytes()).unwrap()] {
            let out = serde_json::to_string(&e).unwrap();
            assert!(out.contains(&format!(r#""expectedSequence":{written}"#)), "{out}");
        }
    }
}

/// Exponents come back as written (serde_json alone spells them all `e+N`)
/// on every path that echoes numbers: an unknown command's payload, unknown
/// members, `number` fields, `integer` fields; through the one-pass reader
/// and the full path.
#[test]
fn exponents_come_back_as_written() {
    let payload = r#"{"e":1e2,"E":1E2,"signed":1e+2,"neg":-2.5E-3,"in":[5E0,{"deep":7e1}],"text":"1e2 1E2"}"#;
    let text = ENVELOPE
        .replace(r#"{"z":1,"a":{"nested":[1.0,2.5e3]},"m":"é😀"}"#, payload)
        .replace(r#""zeta":1"#, r#""zeta":3E1"#)
        .replace(r#""aa":"after""#, r#""aa":-1e-0"#);
    let e = CommandEnvelope::from_json_str(&text).unwrap();
    let out = serde_json::to_string(&e).unwrap();
    assert!(out.contains(&format!(r#""payload":{payload}"#)), "{out}");
    assert!(out.contains(r#""zeta":3E1"#), "{out}");
    assert!(out.ends_with(r#""aa":-1e-0}"#), "{out}");
    let via_value = CommandEnvelope::from_json_slice_via_value(text.as_bytes()).unwrap();
    assert_eq!(serde_json::to_string(&via_value).unwrap(), out);
    // `number` and `integer` fields of a known command.
    let resume = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/schemas/examples/commands/valid/resume-full.json")).unwrap();
    let resume = resume.replace(r#""wallClockMs": 1500.5"#, r#""wallClockMs": 15005E-1"#).replace(r#""retries": 1"#, r#""retries": 1E0"#);
    for e in [CommandEnvelope::from_json_str(&resume).unwrap(), CommandEnvelope::from_json_slice_via_value(resume.as_bytes()).unwrap()] {
        let out = serde_json::to_string(&e).unwrap();
        assert!(out.contains(r#""wallClockMs":15005E-1"#) && out.contains(r#""retries":1E0"#), "{out}");
    }
}

/// An enum is as large as its largest variant: the big command payloads
/// (`start`, 536 bytes inline) are boxed so that every envelope is not that
/// large (760 bytes before), which is what a `Vec` of envelopes pays.
#[test]
fn big_command_payloads_are_boxed() {
    use contracts::commands::{Command, CommandEnvelope};
    assert!(std::mem::size_of::<Command>() <= 128, "Command is {} bytes", std::mem::size_of::<Command>());
    assert!(std::mem::size_of::<CommandEnvelope>() <= 384, "CommandEnvelope is {} bytes", std::mem::size_of::<CommandEnvelope>());
}

/// serde_json reads an object whose first member is named by one of its
/// private tokens as a number (`arbitrary_precision`) or as raw JSON
/// (`raw_value`): `{"$serde_json::private::Number":"12"}` becomes `12`. A
/// document is read as written, on every path, so such a member cannot
/// smuggle a number or an array where the document has an object.
#[test]
fn serde_json_private_member_names_are_ordinary_members() {
    use contracts::commands::CommandEnvelope;
    use contracts::runtime::Contract;
    for inner in [r#"{"$serde_json::private::Number":"12"}"#, r#"{"$serde_json::private::RawValue":"[1]"}"#] {
        let read = contracts::value_from_slice(inner.as_bytes(), contracts::ReadSettings::new()).unwrap();
        assert!(read.is_object(), "{inner} read as {read:?}");
        let doc = format!(
            r#"{{"protocolVersion":"1.0","commandId":"cmd_00000000000000000000000000000000","type":"later","issuedAt":"2024-01-01T00:00:00.000Z","actor":{{"kind":"human","id":"a","transport":"cli"}},"payload":{inner},"other":{inner}}}"#
        );
        for (path, e) in [("one pass", CommandEnvelope::from_json_slice(doc.as_bytes())), ("full", CommandEnvelope::from_json_slice_via_value(doc.as_bytes()))]
        {
            let e = e.unwrap_or_else(|err| panic!("{path}: {err}"));
            let written = serde_json::to_string(&e).unwrap();
            assert!(written.contains(&format!(r#""payload":{inner}"#)) && written.contains(&format!(r#""other":{inner}"#)), "{path}: {written}");
        }
    }
}

#[test]
fn struct_variants_offer_their_defaults_and_keep_the_document() {
    use contracts::commands::{Command, CommandEnvelope, InspectTarget};
    let base = r#"{"protocolVersion":"1.0","commandId":"cmd_0123456789abcdef0123456789abcdef","type":"inspect","issuedAt":"2026-01-01T00:00:00.000Z","actor":{"kind":"human","id":"me","transport":"cli"},"payload":{"target":"#;
    let target = |env: &CommandEnvelope| match &env.command {
        Command::Inspect(p) => p.target.clone(),
        other => panic!("{other:?}"),
    };
    // Absent: the schema's default; given: the value as written; another variant: none.
    let absent = format!(r#"{base}{{"kind":"artifact","artifactId":"art_0123456789abcdef0123456789abcdef"}}}}}}"#);
    let env = CommandEnvelope::from_json_str(&absent).unwrap();
    assert_eq!(target(&env).max_bytes().map(|n| n.to_string()), Some("1048576".to_owned()));
    assert_eq!(serde_json::to_string(&env).unwrap(), absent, "the default is not written into the document");
    let given = format!(r#"{base}{{"kind":"artifact","artifactId":"art_0123456789abcdef0123456789abcdef","maxBytes":2e3}}}}}}"#);
    let env = CommandEnvelope::from_json_str(&given).unwrap();
    assert_eq!(target(&env).max_bytes().map(|n| n.to_string()), Some("2e3".to_owned()));
    assert_eq!(serde_json::to_string(&env).unwrap(), given);
    let env = CommandEnvelope::from_json_str(&format!(r#"{base}{{"kind":"snapshot"}}}}}}"#)).unwrap();
    assert!(matches!(target(&env), InspectTarget::Snapshot { .. }));
    assert_eq!(target(&env).max_bytes(), None);
}
