//! Peak memory of one way of reading a JSON Lines stream of command
//! envelopes; one process per measurement (`cargo xtask bench` runs each).
//!
//! ```text
//! memory gen FILE [N]        write N (default 100000) valid envelopes, one a line
//! memory MODE FILE           MODE: read-lines | validate-lines | keep-typed | keep-value
//!                                 | keep-typify | keep-hand-written
//! ```
//!
//! Prints one JSON object: mode, lines, bytes, peak RSS (`VmHWM`, KiB).

use contracts_bench::docgen::DocGen;
use contracts_bench::{docs, handwritten, ours, typify_types};
use serde_json::Value;
use std::io::{BufRead, BufReader, Write};

fn status_kib(field: &str) -> u64 {
    let s = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    s.lines().find_map(|l| l.strip_prefix(field)).and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok()).unwrap_or(0)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mode, file) = match (args.first(), args.get(1)) {
        (Some(m), Some(f)) => (m.as_str(), f.as_str()),
        _ => {
            eprintln!("usage: memory gen FILE [N] | memory read-lines|validate-lines|keep-typed|keep-value|keep-typify|keep-hand-written FILE");
            std::process::exit(2);
        }
    };
    if mode == "gen" {
        let n: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(100_000);
        let schema: Value = serde_json::from_str(&docs::schema_text("commands")).unwrap();
        let mut g = DocGen::new(&schema, docs::SEED);
        let mut out = std::io::BufWriter::new(std::fs::File::create(file).expect("create the stream file"));
        let mut written = 0;
        while written < n {
            let doc = g.valid().doc;
            if ours::commands::is_valid(&doc) {
                serde_json::to_writer(&mut out, &doc).unwrap();
                out.write_all(b"\n").unwrap();
                written += 1;
            }
        }
        out.flush().unwrap();
        return;
    }

    let mut reader = BufReader::with_capacity(64 * 1024, std::fs::File::open(file).expect("open the stream file"));
    let mut line = Vec::with_capacity(4096);
    let (mut lines, mut bytes, mut valid) = (0usize, 0usize, 0usize);
    let mut typed: Vec<ours::commands::CommandEnvelope> = Vec::new();
    let mut values: Vec<Value> = Vec::new();
    // What the same envelopes take as typify's plain types and as the
    // hand-written serde model (neither validates).
    let mut typify: Vec<typify_types::commands::CohorteProtocolCommandEnvelope> = Vec::new();
    let mut hand_written: Vec<handwritten::commands::CommandEnvelope> = Vec::new();
    loop {
        line.clear();
        if reader.read_until(b'\n', &mut line).unwrap() == 0 {
            break;
        }
        lines += 1;
        bytes += line.len();
        match mode {
            "read-lines" => {
                std::hint::black_box(&line);
            }
            "validate-lines" => {
                valid += ours::commands::CommandEnvelope::from_json_slice(&line).is_ok() as usize;
            }
            "keep-typed" => {
                if let Ok(t) = ours::commands::CommandEnvelope::from_json_slice(&line) {
                    typed.push(t);
                }
            }
            "keep-value" => values.push(serde_json::from_slice(&line).unwrap()),
            // typify's types refuse some valid envelopes (its untagged
            // envelope enum): those are not kept, and `kept` says how many were.
            "keep-typify" => typify.extend(serde_json::from_slice(&line).ok()),
            "keep-hand-written" => hand_written.push(serde_json::from_slice(&line).expect("the hand-written model reads a valid envelope")),
            other => {
                eprintln!("unknown mode `{other}`");
                std::process::exit(2);
            }
        }
    }
    let kept = typed.len() + values.len() + typify.len() + hand_written.len();
    println!(
        "{}",
        serde_json::json!({
            "mode": mode,
            "lines": lines,
            "bytes": bytes,
            "valid": valid,
            "kept": kept,
            "vm_hwm_kib": status_kib("VmHWM:"),
            "vm_rss_kib": status_kib("VmRSS:"),
        })
    );
    std::hint::black_box((typed, values, typify, hand_written));
}
