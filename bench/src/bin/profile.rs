//! A fixed workload for callgrind (instruction counts are repeatable on a
//! busy machine, wall time is not):
//!
//! ```text
//! valgrind --tool=callgrind target/release/profile SCHEMA WHAT [ROUNDS]
//! ```
//!
//! SCHEMA: `commands` | `launch_request`; WHAT: `value` (bytes → Value),
//! `scan` (bytes read and dropped: the floor), `handwritten` (bytes → a
//! hand-written serde model, validating nothing), `typed` (bytes → validated
//! typed value), `typed-full` (the same by the
//! full path: bytes → Value → validators → typed), `validate` (Value → validate),
//! `convert` (Value → typed, no validation), `errors` (invalid documents →
//! every error), `typed-validate` (typed value → `validate()`), `write`
//! (typed value → JSON bytes).
//!
//! The collecting path alone: `invalid-value` (invalid documents → Value),
//! `invalid-validate` (invalid Value → every error, no parse); and
//! `dump-errors` prints every field of every error of the invalid documents
//! (to check that a change leaves the error output as it was).
//!
//! `WHAT/BASE` (e.g. `errors/invalid-value`) times the two workloads round
//! by round, alternating, and prints the median of the per-pair ratios: the
//! wall-clock ratio on a shared machine, whose speed drifts by tens of
//! percent over seconds (each pair is a few milliseconds apart).

use contracts_bench::{docs, handwritten, ours};
use contracts_runtime::Contract;
use serde_json::Value;
use std::hint::black_box;

fn run<T: Contract>(
    set: &docs::DocSet,
    invalid: &docs::DocSet,
    what: &str,
    rounds: usize,
    validate: fn(&Value) -> bool,
    hand_written: fn(&[u8]) -> Result<(), serde_json::Error>,
) {
    let values = set.values();
    let invalid_values = invalid.values();
    // Built once, outside the rounds: `typed-validate` measures `validate()`
    // alone, `write` serialisation alone.
    let typed: Vec<T> = if what.split('/').any(|w| w == "typed-validate" || w == "write") {
        values.iter().map(|v| T::from_json_value(v.clone()).unwrap()).collect()
    } else {
        Vec::new()
    };
    let round = |what: &str| {
        match what {
            "value" => set.docs.iter().for_each(|d| {
                black_box(serde_json::from_slice::<Value>(d).unwrap());
            }),
            "scan" => set.docs.iter().for_each(|d| {
                assert!(black_box(handwritten::scan(d)));
            }),
            "handwritten" => set.docs.iter().for_each(|d| {
                if let Err(e) = black_box(hand_written(d)) {
                    panic!("the hand-written model refuses a valid document: {e}\n{}", String::from_utf8_lossy(d));
                }
            }),
            "typed" => set.docs.iter().for_each(|d| {
                black_box(T::from_json_slice(d).unwrap());
            }),
            "typed-full" => set.docs.iter().for_each(|d| {
                black_box(T::from_json_slice_via_value(d).unwrap());
            }),
            "validate" => values.iter().for_each(|v| {
                black_box(T::validate_value(v).unwrap());
            }),
            "is-valid" => values.iter().for_each(|v| {
                black_box(validate(v));
            }),
            "convert" => values.iter().for_each(|v| {
                black_box(T::from_value(v.clone()).unwrap());
            }),
            "clone" => values.iter().for_each(|v| {
                black_box(v.clone());
            }),
            "errors" => invalid.docs.iter().for_each(|d| {
                black_box(T::from_json_slice(d).err().unwrap());
            }),
            // The one-pass reader alone on invalid documents (what `errors`
            // spends before the validators run).
            "errors-read" => invalid.docs.iter().for_each(|d| {
                black_box(matches!(contracts_runtime::fast::read_document(d, |de| T::fast_read(de)), contracts_runtime::fast::Outcome::Invalid(..)));
            }),
            "invalid-value" => invalid.docs.iter().for_each(|d| {
                black_box(serde_json::from_slice::<Value>(d).unwrap());
            }),
            // Every error of every invalid document, all fields, one per line
            // (to compare the error output before and after a change).
            "dump-errors" => invalid.docs.iter().enumerate().for_each(|(n, d)| {
                for e in T::from_json_slice(d).err().unwrap().validation_errors().into_iter().flatten() {
                    println!("{n}\t{}\t{}\t{}\t{}\t{}", e.keyword, e.instance_location, e.keyword_location, e.absolute_keyword_location, e.message);
                }
            }),
            "invalid-validate" => invalid_values.iter().for_each(|v| {
                black_box(T::validate_value(v).err().unwrap());
            }),
            "typed-validate" => typed.iter().for_each(|t| {
                black_box(t.validate().unwrap());
            }),
            "write" => typed.iter().for_each(|t| {
                black_box(serde_json::to_vec(t).unwrap());
            }),
            // Every string in the documents against every pattern of the
            // seed: `regress` alone, then our `Pattern` (byte loop when the
            // pattern is simple, else regress).
            "patterns-regress" | "patterns-ours" => {
                let strings = strings_of(&values);
                let patterns = seed_patterns();
                let res: Vec<regress::Regex> = patterns.iter().map(|p| regress::Regex::with_flags(p, "u").unwrap()).collect();
                let ours: Vec<contracts_runtime::Pattern> = patterns.iter().map(|p| contracts_runtime::Pattern::new(p)).collect();
                let mut n = 0usize;
                for s in &strings {
                    if what == "patterns-regress" {
                        n += res.iter().filter(|r| r.find(s).is_some()).count();
                    } else {
                        n += ours.iter().filter(|p| p.is_match(s)).count();
                    }
                }
                black_box(n);
            }
            other => panic!("unknown workload {other}"),
        }
    };
    match what.split_once('/') {
        None => (0..rounds).for_each(|_| round(what)),
        Some((a, b)) => alternate(a, b, rounds, round),
    }
}

/// Times workloads `a` and `b` round by round, alternating which goes first,
/// and prints their medians and the median ratio of the pairs.
fn alternate(a: &str, b: &str, rounds: usize, round: impl Fn(&str)) {
    use std::time::Instant;
    let time = |w: &str| {
        let t = Instant::now();
        round(w);
        t.elapsed().as_secs_f64()
    };
    // Warm up both (caches, allocator, the CPU's clock) before timing.
    for _ in 0..rounds.div_ceil(10) {
        time(a);
        time(b);
    }
    let mut pairs = Vec::with_capacity(rounds);
    for n in 0..rounds {
        let (x, y) = if n % 2 == 0 {
            let x = time(a);
            (x, time(b))
        } else {
            let y = time(b);
            (time(a), y)
        };
        pairs.push((x, y));
    }
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let ta = median(pairs.iter().map(|p| p.0).collect());
    let tb = median(pairs.iter().map(|p| p.1).collect());
    let ratio = median(pairs.iter().map(|p| p.0 / p.1).collect());
    println!("{a} {:.3} ms / {b} {:.3} ms per round: median of {rounds} pair ratios {ratio:.3}x", ta * 1e3, tb * 1e3);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let schema = args.first().map(String::as_str).unwrap_or("commands");
    let what = args.get(1).map(String::as_str).unwrap_or("typed");
    let rounds: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(5);
    match schema {
        "commands" => {
            let [valid, invalid] = docs::seed_docs("commands", ours::commands::is_valid);
            run::<ours::commands::CommandEnvelope>(&valid, &invalid, what, rounds, ours::commands::is_valid, |d| {
                serde_json::from_slice::<handwritten::commands::CommandEnvelope>(d).map(drop)
            })
        }
        "launch_request" => {
            let [valid, invalid] = docs::seed_docs("launch_request", ours::launch_request::is_valid);
            run::<ours::launch_request::LaunchRequest>(&valid, &invalid, what, rounds, ours::launch_request::is_valid, |d| {
                serde_json::from_slice::<handwritten::launch_request::LaunchRequest>(d).map(drop)
            })
        }
        other => panic!("unknown schema {other}"),
    }
}

fn strings_of(values: &[Value]) -> Vec<String> {
    fn walk(v: &Value, out: &mut Vec<String>) {
        match v {
            Value::String(s) => out.push(s.clone()),
            Value::Array(a) => a.iter().for_each(|x| walk(x, out)),
            Value::Object(m) => m.iter().for_each(|(k, x)| {
                out.push(k.clone());
                walk(x, out)
            }),
            _ => {}
        }
    }
    let mut out = Vec::new();
    values.iter().for_each(|v| walk(v, &mut out));
    out
}

fn seed_patterns() -> Vec<&'static str> {
    vec![
        r"^cmd_[0-9a-f]{32}$",
        r"^run_[0-9a-f]{32}$",
        r"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z$",
        r"^[0-9a-f]{64}$",
        r"^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$",
        r"^agt_[A-Za-z0-9.-]+_[A-Za-z0-9_.-]+$",
        r"^.*$",
    ]
}
