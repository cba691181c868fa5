//! A reader of Cohorte commands: parses each line of a JSON Lines stream,
//! acts on the commands it knows, and ignores (but keeps) the types a later
//! minor version added, as the schema requires.
//!
//! Run: `cargo run --example read_commands -- schemas/examples/commands/valid/*.json`
//! (with no arguments it reads a built-in sample).

use contracts::commands::{Command, CommandEnvelope};

const SAMPLE: &str = r#"{"protocolVersion":"1.0","commandId":"cmd_0123456789abcdef0123456789abcdef","type":"pause","issuedAt":"2026-11-30T12:00:00.000Z","actor":{"kind":"human","id":"ada","transport":"cli"},"payload":{"reason":"lunch"}}
{"protocolVersion":"1.0","commandId":"cmd_0123456789abcdef0123456789abcdee","type":"archive","issuedAt":"2026-11-30T12:00:01.000Z","actor":{"kind":"system","id":"cron","transport":"queue"},"payload":{"keep":30}}
{"protocolVersion":"2.0","commandId":"cmd_short","type":"pause","issuedAt":"yesterday","actor":{"kind":"robot","id":"r2","transport":"cli"},"payload":{}}"#;

fn handle(text: &str, origin: &str) {
    match CommandEnvelope::from_json_str(text) {
        Ok(envelope) => {
            let when = envelope.issued_at.date_time().map(|t| t.unix_millis());
            match &envelope.command {
                Command::Pause(p) => println!("{origin}: pause ({})", p.reason.as_deref().unwrap_or("no reason")),
                Command::Start(p) => println!("{origin}: start a {} run", p.profile),
                Command::Shutdown(p) => println!("{origin}: shut down within {} ms", p.grace_ms),
                other if !other.is_known() => {
                    // Readers MUST ignore unknown types; the value is kept verbatim
                    // (type name and payload) for logging or relaying.
                    println!("{origin}: ignoring `{}` (added by a later version)", other.type_name());
                }
                other => println!("{origin}: {} issued at {when:?} by {}", other.type_name(), envelope.actor.id),
            }
        }
        Err(e) => println!("{origin}: refused:\n{e}"),
    }
}

fn main() {
    let files: Vec<String> = std::env::args().skip(1).collect();
    if files.is_empty() {
        for (n, line) in SAMPLE.lines().enumerate() {
            handle(line, &format!("sample line {}", n + 1));
        }
        return;
    }
    for f in files {
        match std::fs::read_to_string(&f) {
            Ok(text) => handle(&text, &f),
            Err(e) => eprintln!("{f}: {e}"),
        }
    }
}
