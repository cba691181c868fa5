//! `cargo xtask`: the repository's own tasks. `codegen`, `check`, `docs`
//! and `drift` are `contracts-gate`'s, as in any downstream workspace.
//!
//! * `codegen`: regenerate `generated/` (and everything `check` compares);
//! * `check`: regenerate in memory and compare with what is checked in;
//! * `docs`: regenerate only the reference docs in `docs/schemas/`;
//! * `drift`: classify schema changes and report version drift;
//! * `corpus`: generate, compile and validate a SchemaStore-like corpus;
//! * `fuzz`: run one cargo-fuzz target (`fuzz/`, nightly) for N minutes;
//! * `fuzz-diff`: compare our validators with the `jsonschema` crate on generated documents;
//! * `validate`: validate documents against a bundled schema;
//! * `bench`: the benches in `bench/` (their own workspace), tabulated;
//! * `build-time`: how long the root crate's `build.rs` runs (median), or
//!   with `--compile` what the generated code costs to compile (ours, typify).

mod bench;
mod build_time;
mod check;
mod corpus;
mod fuzz;
mod fuzz_diff;
mod validate;

use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask <command> [args]

commands:
  codegen     regenerate generated/ and docs/schemas/ from schemas/
  check       fail (exit 1) with a diff when generated/ or docs/schemas/ is stale
  docs        regenerate only the reference docs in docs/schemas/
  drift       classify schema changes against a git revision (--base REV) or a
              directory (--old DIR --new DIR); report the semver bump they need
              and version drift (--format text|json|markdown|github)
              [--default-dialect draft-07|2020-12|...]; exit 2 when a schema
              cannot be read (reported, the others compared)
  validate    validate documents against a bundled schema: --schema NAME|PATH
              [--jsonl] [--format text|json] [--echo] [--contract [--channel
              desktop|phone] [--catalog FILE] [--jira-host HOST]] FILE...
  corpus      generate, compile and run a SchemaStore-like corpus: --root DIR
              (or $CONTRACTS_SCHEMASTORE) [--json FILE] [--jobs N] [--only
              GLOB] [--compare] [--timeout S] [--typify-only]
  fuzz        run one cargo-fuzz target (fuzz/, nightly toolchain and
              cargo-fuzz needed) for N minutes: TARGET (document, generate,
              drift) [--minutes N]; exit 1 on a finding (in fuzz/artifacts/)
  fuzz-diff   compare our validators with the jsonschema crate on generated
              documents for both seeds ([--seed N] [--count N], default 100000
              per seed); exit 1 on any disagreement
  bench       criterion benches (bench/, its own workspace): ours against
              serde_json, typify, jsonschema and boon on the same documents,
              plus peak memory on a 100,000-envelope stream ([--quick]
              [--json FILE] [--no-memory])
  build-time  how long the root crate's build.rs (the generator over schemas/)
              runs: the median of N runs of the built script ([--runs N]
              [--release]); with --compile, how long the generated code takes
              to compile, ours against typify 0.8 on the same schemas (median
              of N rebuilds of each lib, default 5; temporary crates under
              target/build-cost/)
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(cmd) = args.first() else {
        eprint!("{USAGE}");
        return ExitCode::from(2);
    };
    let rest = &args[1..];
    let result = match cmd.as_str() {
        "codegen" | "check" | "docs" => check::run(cmd, rest),
        "validate" => validate::run(rest),
        "corpus" => corpus::run(rest),
        "fuzz" => fuzz::run(rest),
        "fuzz-diff" => fuzz_diff::run(rest),
        "bench" => bench::run(rest),
        "build-time" => build_time::run(rest),
        "drift" => Ok(ExitCode::from(check::gate().drift(rest))),
        "help" | "--help" | "-h" => {
            print!("{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
        other => {
            eprintln!("unknown command `{other}`\n\n{USAGE}");
            Ok(ExitCode::from(2))
        }
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}
