//! `cargo xtask validate`, run as a program: exit codes, both formats,
//! `--jsonl`, `--echo`, `--contract`, and documents that are not JSON.

use serde_json::{json, Value};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

fn example(schema: &str, kind: &str, name: &str) -> String {
    root().join("schemas/examples").join(schema).join(kind).join(name).to_string_lossy().into_owned()
}

/// A scratch file with `bytes`, unique to this test process and `name`.
fn scratch(name: &str, bytes: &[u8]) -> String {
    let dir = std::env::temp_dir().join(format!("xtask-validate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p.to_string_lossy().into_owned()
}

fn run(args: &[&str]) -> Output {
    run_with_stdin(args, None)
}

fn run_with_stdin(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_xtask"))
        .arg("validate")
        .args(args)
        .stdin(if stdin.is_some() { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    if let Some(input) = stdin {
        child.stdin.take().unwrap().write_all(input).unwrap();
    }
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "panic: {stderr}");
    out
}

fn code(o: &Output) -> i32 {
    o.status.code().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn json_lines(o: &Output) -> Vec<Value> {
    stdout(o).lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}"))).collect()
}

#[test]
fn usage_errors_exit_2_with_a_message() {
    let cases: &[(&[&str], &str)] = &[
        (&[], "--schema NAME|PATH is required"),
        (&["--schema", "commands"], "no FILE"),
        (&["--schema"], "--schema needs a value"),
        (&["--schema", "nope", "x.json"], "unknown schema `nope`"),
        (&["--schema", "commands", "--format", "xml", "x.json"], "unknown --format `xml`"),
        (&["--schema", "commands", "--bogus", "x.json"], "unknown option `--bogus`"),
        (&["--schema", "launch-request", "--channel", "phone", "x.json"], "need --contract"),
        (&["--schema", "launch-request", "--contract", "--channel", "web", "x.json"], "unknown channel `web`"),
        (&["--schema", "commands", "--contract", "x.json"], "no contract rules"),
        (&["--schema", "question-catalog", "--contract", "--channel", "phone", "x.json"], "launch-request only"),
    ];
    for (args, needle) in cases {
        let o = run(args);
        assert_eq!(code(&o), 2, "{args:?}");
        assert!(stderr(&o).contains(needle), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("usage: cargo xtask validate"), "{args:?}");
        assert!(stdout(&o).is_empty());
    }
    let o = run(&["--help"]);
    assert_eq!(code(&o), 0);
    assert!(stdout(&o).contains("--jsonl"));
}

#[test]
fn schema_paths() {
    // A path holding a bundled schema is that schema.
    let p = root().join("schemas/commands.schema.json");
    let o = run(&["--schema", p.to_str().unwrap(), &example("commands", "valid", "pause-reason-escapes-emoji.json")]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    // Any other schema: exit 2.
    let other = scratch("other.schema.json", br#"{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object"}"#);
    let o = run(&["--schema", &other, &example("commands", "valid", "pause-reason-escapes-emoji.json")]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("only bundled schemas are supported") && stderr(&o).contains("add it to schemas/"), "{}", stderr(&o));
}

#[test]
fn io_errors_exit_2_but_other_files_are_still_checked() {
    let o = run(&["--schema", "commands", "/nonexistent/doc.json", &example("commands", "valid", "pause-reason-escapes-emoji.json")]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("/nonexistent/doc.json"), "{}", stderr(&o));
    assert!(stdout(&o).contains("pause-reason-escapes-emoji.json: valid"));
    let o = run(&["--schema", "launch-request", "--contract", "--catalog", "/nonexistent/catalog.json", "x.json"]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("--catalog /nonexistent/catalog.json: cannot read the question catalog"), "{}", stderr(&o));
    let bad = example("question-catalog", "invalid", "duplicate-question.json");
    let o = run(&["--schema", "launch-request", "--contract", "--catalog", &bad, "x.json"]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("question-catalog/duplicate-question") || stderr(&o).contains("already used"), "{}", stderr(&o));
}

#[test]
fn valid_documents_exit_0() {
    let dir = root().join("schemas/examples/commands/valid");
    let mut files: Vec<String> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path().to_string_lossy().into_owned()).collect();
    files.sort();
    let mut args = vec!["--schema", "commands"];
    args.extend(files.iter().map(String::as_str));
    let o = run(&args);
    assert_eq!(code(&o), 0, "{}", stdout(&o));
    assert_eq!(stdout(&o).lines().count(), files.len());
    assert!(stdout(&o).lines().all(|l| l.ends_with(": valid")));
    assert!(stderr(&o).contains(&format!("{} documents: {} valid, 0 invalid", files.len(), files.len())));
}

#[test]
fn text_format_one_line_per_error() {
    let f = example("launch-request", "invalid", "mode-turbo.json");
    let o = run(&["--schema", "launch-request", &f]);
    assert_eq!(code(&o), 1);
    let out = stdout(&o);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.starts_with(&format!("{f}: /mode: ")), "{out}");
    assert!(out.trim_end().ends_with("(/properties/mode/enum)"), "{out}");
    // A document with several errors: several lines, root shown as `/`.
    let doc = scratch("multi.json", br#"{"mode": "turbo"}"#);
    let o = run(&["--schema", "launch-request", "--format", "text", &doc]);
    assert_eq!(code(&o), 1);
    let out = stdout(&o);
    assert!(out.lines().count() >= 3, "{out}");
    assert!(out.lines().all(|l| l.starts_with(&format!("{doc}: /"))), "{out}");
    assert!(out.contains(": /: ") && out.contains("(/required)"), "{out}");
}

#[test]
fn json_format_basic_output_per_document() {
    let good = example("launch-request", "valid", "autopilot-jira-key.json");
    let bad = example("launch-request", "invalid", "mode-turbo.json");
    let o = run(&["--schema", "launch-request", "--format", "json", &good, &bad]);
    assert_eq!(code(&o), 1);
    let lines = json_lines(&o);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0], json!({"file": good, "valid": true}));
    assert_eq!(lines[1]["file"], json!(bad));
    assert_eq!(lines[1]["valid"], json!(false));
    let e = &lines[1]["errors"][0];
    assert_eq!(e["instanceLocation"], json!("/mode"));
    assert_eq!(e["keywordLocation"], json!("/properties/mode/enum"));
    assert!(e["absoluteKeywordLocation"].as_str().unwrap().ends_with("launch-request.schema.json#/properties/mode/enum"));
    assert!(e["error"].as_str().unwrap().contains("turbo"));
}

#[test]
fn echo_adds_the_typed_value() {
    let good = example("commands", "valid", "pause-reason-escapes-emoji.json");
    let original: Value = serde_json::from_str(&std::fs::read_to_string(&good).unwrap()).unwrap();
    let bad = example("commands", "invalid", "missing-actor.json");
    let o = run(&["--schema", "commands", "--format", "json", "--echo", &good, &bad]);
    assert_eq!(code(&o), 1);
    let lines = json_lines(&o);
    assert_eq!(lines[0]["echo"], original);
    assert!(lines[1].get("echo").is_none());
    // Unknown commands and `1.0` integers survive the typed round trip.
    let doc = br#"{"protocolVersion":"1.0","commandId":"cmd_0123456789abcdef0123456789abcdef","type":"future.thing","issuedAt":"2026-01-01T00:00:00.000Z","actor":{"kind":"human","id":"a","transport":"cli"},"expectedSequence":1.0,"payload":{"x":[1,{"y":null}]},"zz":true}"#;
    let f = scratch("future.json", doc);
    let o = run(&["--schema", "commands", "--format", "json", "--echo", &f]);
    assert_eq!(code(&o), 0);
    assert_eq!(json_lines(&o)[0]["echo"], serde_json::from_slice::<Value>(doc).unwrap());
    assert!(stdout(&o).contains("\"expectedSequence\":1.0"), "{}", stdout(&o));
    // Text format: after `valid: `.
    let o = run(&["--schema", "commands", "--echo", &good]);
    let line = stdout(&o);
    let echoed = line.trim_end().strip_prefix(&format!("{good}: valid: ")).unwrap();
    assert_eq!(serde_json::from_str::<Value>(echoed).unwrap(), original);
}

#[test]
fn jsonl_one_output_line_per_document_in_order() {
    let lr = |input: &str| json!({"contractVersion": "1.0.0", "input": input, "mode": "interactive", "answers": {}}).to_string();
    let text = format!("{}\n\n{}\r\n{{\"mode\": 1}}\nnot json\n{}", lr("PROJ-1"), lr("#5"), lr("repo#2"));
    let f = scratch("docs.jsonl", text.as_bytes());
    let o = run(&["--schema", "launch-request", "--jsonl", "--format", "json", &f]);
    assert_eq!(code(&o), 1);
    let lines = json_lines(&o);
    let summary: Vec<(u64, bool)> = lines.iter().map(|l| (l["line"].as_u64().unwrap(), l["valid"].as_bool().unwrap())).collect();
    assert_eq!(summary, [(1, true), (3, true), (4, false), (5, false), (6, true)]);
    assert!(lines.iter().all(|l| l["file"] == json!(f)));
    // Text: FILE:LINE.
    let o = run(&["--schema", "launch-request", "--jsonl", &f]);
    let out = stdout(&o);
    assert!(out.lines().next().unwrap() == format!("{f}:1: valid"), "{out}");
    assert!(out.contains(&format!("{f}:5: /: not valid JSON")), "{out}");
    assert!(out.lines().any(|l| l.starts_with(&format!("{f}:4: /mode: "))), "{out}");
    // All valid: exit 0; from standard input.
    let o = run_with_stdin(&["--schema", "launch-request", "--jsonl", "-"], Some(format!("{}\n{}\n", lr("AB-1"), lr("#9")).as_bytes()));
    assert_eq!(code(&o), 0, "{}", stdout(&o));
    assert_eq!(stdout(&o), "<stdin>:1: valid\n<stdin>:2: valid\n");
}

#[test]
fn contract_rules() {
    let catalog = example("question-catalog", "valid", "run-questions.json");
    let lr = |input: &str, answers: Value| json!({"contractVersion": "1.0.0", "input": input, "mode": "interactive", "answers": answers}).to_string();
    let text = [
        lr("PROJ-1", json!({"workspace": "worktree"})),
        lr("Fix the secret login page", json!({})),
        lr("--rm secret", json!({})),
        lr("https://jira.example.com/browse/OPS-1", json!({"workspace": ["worktree"]})),
        lr("#1", json!({"nope": "secret"})),
    ]
    .join("\n");
    let f = scratch("contract.jsonl", text.as_bytes());
    let base = ["--schema", "launch-request", "--jsonl", "--format", "json", "--contract", "--catalog", &catalog, "--jira-host", "jira.example.com"];
    let ids = |o: &Output| -> Vec<Vec<String>> {
        json_lines(o)
            .iter()
            .map(|l| {
                l["errors"]
                    .as_array()
                    .map(|e| e.iter().map(|e| e["absoluteKeywordLocation"].as_str().unwrap().rsplit("#rule=").next().unwrap().to_owned()).collect())
                    .unwrap_or_default()
            })
            .collect()
    };
    let mut args = base.to_vec();
    args.extend(["--channel", "phone", &f]);
    let o = run(&args);
    assert_eq!(code(&o), 1);
    assert_eq!(
        ids(&o),
        vec![
            vec![],
            vec!["launch-request/input-free-text-channel".to_owned()],
            vec![
                "launch-request/input-leading-dash".to_owned(),
                "launch-request/input-flag-token".to_owned(),
                "launch-request/input-free-text-channel".to_owned()
            ],
            vec!["launch-request/answer-single-select".to_owned()],
            vec!["launch-request/answer-unknown-question".to_owned()],
        ]
    );
    assert!(!stdout(&o).contains("secret"), "a local value reached the output: {}", stdout(&o));
    // Desktop (the default channel): free text passes.
    let mut args = base.to_vec();
    args.push(&f);
    let o = run(&args);
    assert_eq!(ids(&o)[1], Vec::<String>::new());
    // Text format names the rule id in place of the keyword location.
    let o = run(&["--schema", "launch-request", "--jsonl", "--contract", "--channel", "phone", &f]);
    assert_eq!(code(&o), 1);
    let out = stdout(&o);
    assert!(out.contains(": /input: ") && out.contains("(launch-request/input-free-text-channel)"), "{out}");
    assert!(stderr(&o).contains("no --catalog"), "{}", stderr(&o));
    // Without --contract the same documents are schema-valid.
    let o = run(&["--schema", "launch-request", "--jsonl", &f]);
    assert_eq!(code(&o), 0, "{}", stdout(&o));
    // A contract-version explanation.
    let v2 = scratch("v2.json", json!({"contractVersion": "2.0.0", "input": "PROJ-1", "mode": "interactive", "answers": {}}).to_string().as_bytes());
    let o = run(&["--schema", "launch-request", "--contract", &v2]);
    assert!(stdout(&o).contains("(launch-request/contract-version-major)") && stdout(&o).contains("major 2"), "{}", stdout(&o));
}

#[test]
fn question_catalog_contract_is_the_loader() {
    let dup = example("question-catalog", "invalid", "duplicate-question.json");
    assert_eq!(code(&run(&["--schema", "question-catalog", &dup])), 0);
    let o = run(&["--schema", "question-catalog", "--contract", &dup]);
    assert_eq!(code(&o), 1);
    assert!(stdout(&o).contains("/questions/1/id: ") && stdout(&o).contains("(question-catalog/duplicate-question)"), "{}", stdout(&o));
}

#[test]
fn bad_input_is_a_clear_error_per_document() {
    let deep_ok = format!("{}{}", "[".repeat(127), "]".repeat(127));
    let deep_bad = format!("{}{}", "[".repeat(200), "]".repeat(200));
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("not-json.json", b"{not json}".to_vec(), "not valid JSON: key must be a string"),
        ("empty.json", b"".to_vec(), "ends early"),
        ("utf8.json", b"{\"a\": \"\xff\xfe\"}".to_vec(), "not UTF-8: invalid byte sequence at byte 7"),
        ("bom.json", b"\xef\xbb\xbf{}".to_vec(), "byte order mark"),
        ("trailing.json", b"{} {}".to_vec(), "trailing characters"),
        ("trailing-garbage.json", b"{}garbage".to_vec(), "trailing characters"),
        ("deep.json", deep_bad.into_bytes(), "nested deeper than 128"),
        ("lone-surrogate.json", br#"{"a": "\ud800"}"#.to_vec(), "not valid JSON"),
    ];
    for (name, bytes, needle) in &cases {
        let f = scratch(name, bytes);
        for format in ["text", "json"] {
            let o = run(&["--schema", "commands", "--format", format, &f]);
            assert_eq!(code(&o), 1, "{name}");
            let out = stdout(&o);
            assert_eq!(out.lines().count(), 1, "{name}: {out}");
            assert!(out.contains(needle), "{name} ({format}): {out}");
            if format == "json" {
                let v: Value = serde_json::from_str(&out).unwrap();
                assert_eq!(v["valid"], json!(false));
                assert!(v["errors"][0]["error"].as_str().unwrap().contains(needle));
            }
        }
    }
    // 127 levels parse (then the schema refuses the array).
    let f = scratch("deep-ok.json", deep_ok.as_bytes());
    let o = run(&["--schema", "commands", &f]);
    assert_eq!(code(&o), 1);
    assert!(stdout(&o).contains("must be an object") || stdout(&o).contains("(/type)"), "{}", stdout(&o));
    // The same cases as lines of one --jsonl file: one output line each, in order.
    let mut all = Vec::new();
    for (_, bytes, _) in &cases {
        if !bytes.is_empty() {
            all.extend_from_slice(bytes);
            all.push(b'\n');
        }
    }
    let f = scratch("bad.jsonl", &all);
    let o = run(&["--schema", "commands", "--jsonl", "--format", "json", &f]);
    assert_eq!(code(&o), 1);
    let lines = json_lines(&o);
    assert_eq!(lines.len(), cases.len() - 1);
    for (i, l) in lines.iter().enumerate() {
        assert_eq!(l["line"], json!(i + 1));
        assert_eq!(l["valid"], json!(false));
    }
}

#[test]
fn a_100_mb_string_is_refused_without_echoing_it() {
    let big = "a".repeat(100 * 1024 * 1024);
    let doc = format!(r#"{{"contractVersion": "1.0.0", "input": "{big}", "mode": "interactive", "answers": {{}}}}"#);
    drop(big);
    let f = scratch("big.json", doc.as_bytes());
    let jsonl =
        scratch("big.jsonl", format!("{doc}\n{}\n", json!({"contractVersion": "1.0.0", "input": "#1", "mode": "interactive", "answers": {}})).as_bytes());
    drop(doc);
    let o = run(&["--schema", "launch-request", "--contract", &f]);
    assert_eq!(code(&o), 1);
    let out = stdout(&o);
    assert!(out.len() < 1000, "the output repeats the value: {} bytes", out.len());
    assert!(out.contains("/input: ") && out.contains("(/properties/input/maxLength)"), "{out}");
    let o = run(&["--schema", "launch-request", "--jsonl", "--format", "json", &jsonl]);
    assert_eq!(code(&o), 1);
    let lines = json_lines(&o);
    assert_eq!(lines.len(), 2);
    assert_eq!((lines[0]["valid"].clone(), lines[1]["valid"].clone()), (json!(false), json!(true)));
    std::fs::remove_file(f).ok();
    std::fs::remove_file(jsonl).ok();
}

#[test]
fn a_repeated_member_name_is_refused_unless_last_wins_is_asked() {
    let text = std::fs::read_to_string(example("commands", "valid", "agent-send-steer.json")).unwrap();
    let v: Value = serde_json::from_str(&text).unwrap();
    let twice = serde_json::to_string(&v).unwrap().replacen(r#""type":"agent.send","#, r#""type":"agent.send","type":"zzz","#, 1);
    assert!(twice.contains(r#""type":"zzz""#), "{twice}");
    let f = scratch("twice.json", twice.as_bytes());
    let o = run(&["--schema", "commands", &f]);
    assert_eq!(code(&o), 1);
    let column = twice.find(r#","type":"zzz""#).unwrap() + 7;
    assert_eq!(
        stdout(&o),
        format!("{f}: /type: member name repeated in its object at line 1 column {column}; JSON readers disagree on which value counts, so it is refused (duplicateKey)\n")
    );
    let o = run(&["--schema", "commands", "--format", "json", &f]);
    assert_eq!(code(&o), 1);
    let out = &json_lines(&o)[0];
    assert_eq!(out["valid"], json!(false));
    assert_eq!(out["errors"][0]["instanceLocation"], json!("/type"));
    assert!(out["errors"][0]["error"].as_str().unwrap().ends_with("(duplicateKey)"), "{out}");
    // Last-wins: `zzz` is an unknown command, kept as such.
    let o = run(&["--schema", "commands", "--duplicates", "last-wins", "--echo", &f]);
    assert_eq!(code(&o), 0, "{}", stdout(&o));
    assert!(stdout(&o).contains(r#""type":"zzz""#), "{}", stdout(&o));
    // The same inside --jsonl: the other lines are still read.
    let lines = format!("{twice}\n{}\n", serde_json::to_string(&v).unwrap());
    let f = scratch("twice.jsonl", lines.as_bytes());
    let o = run(&["--schema", "commands", "--jsonl", &f]);
    assert_eq!(code(&o), 1);
    let out = stdout(&o);
    assert!(out.lines().next().unwrap().contains(":1: /type: member name repeated"), "{out}");
    assert!(out.lines().nth(1).unwrap().ends_with(":2: valid"), "{out}");
    let o = run(&["--schema", "commands", "--duplicates", "first", &f]);
    assert_eq!(code(&o), 2);
}
