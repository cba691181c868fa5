//! `cargo xtask validate`: validate documents against a bundled schema with
//! the typed API, optionally with the hand-written contract rules.
//!
//! ```text
//! cargo xtask validate --schema NAME|PATH [--jsonl] [--format text|json] [--echo]
//!     [--max-errors N] [--max-line-bytes N]
//!     [--contract [--channel desktop|phone] [--catalog FILE] [--jira-host HOST]] FILE...
//! ```
//!
//! * `NAME` is a bundled schema's file stem (`commands`, `launch-request`,
//!   `question-catalog`); a `PATH` is accepted when the file holds one of the
//!   bundled schemas (same JSON), otherwise exit 2: only bundled schemas have
//!   generated validators.
//! * Each FILE (`-` for standard input) is one document, or with `--jsonl`
//!   each non-blank line is one, read line by line.
//! * `--format text` (default): one line per error,
//!   `FILE[:LINE]: INSTANCE_LOCATION: MESSAGE (KEYWORD_LOCATION)` (a contract
//!   rule shows its rule id in place of the keyword location), and
//!   `FILE[:LINE]: valid` for a valid document. `--format json`: one
//!   basic-output object per document and line, with `file` (and `line`).
//! * `--echo`: a valid document's output carries it re-serialised from its
//!   typed value (`"echo"` in JSON; after `valid: ` in text).
//! * `--duplicates refuse|last-wins`: a member name an object repeats is an
//!   error at its second occurrence (`FILE: /a/name: member name repeated …
//!   (duplicateKey)`, the default) or the last value counts.
//! * `--max-errors N` (default 1000): errors listed per document; the rest
//!   are counted in a last "… and N more" line (memory stays bounded).
//! * `--max-line-bytes N` (default 16 MiB): with `--jsonl`, a longer line is
//!   an error for that line and the next lines are still read; a line that
//!   has not ended 16 × N bytes further ends the file with an error.
//! * `--format json` writes a record for a file that cannot be read too.
//! * `--contract`: also run the contract rules: for `launch-request` the
//!   rules of `contracts::launch_request_rules` (`--channel`, default
//!   desktop; `--catalog` a question catalog; `--jira-host`), for
//!   `question-catalog` the loader's rules.
//!
//! Exit 0: every document valid; 1: some document invalid (including one that
//! is not JSON, not UTF-8, starts with a BOM, has trailing characters or is
//! nested 128 levels deep or more); 2: usage or I/O errors.

use anyhow::Result;
use contracts::catalog::Catalog;
use contracts::commands::CommandEnvelope;
use contracts::launch_request::LaunchRequest;
use contracts::launch_request_rules::{Channel, Rules};
use contracts::question_catalog::QuestionCatalog;
use contracts::{Contract, ParseError, ValidationErrors};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask validate --schema NAME|PATH [--jsonl] [--format text|json] [--echo]
           [--duplicates refuse|last-wins] [--contract [--channel desktop|phone] [--catalog FILE] [--jira-host HOST]] FILE...

  NAME       a bundled schema: commands, launch-request, question-catalog
  FILE       a document (`-`: standard input); with --jsonl, one document per line
  --format   text (default): FILE[:LINE]: INSTANCE_LOCATION: MESSAGE (KEYWORD_LOCATION)
             json: one basic-output object per document
  --echo     add each valid document, re-serialised from its typed value
  --duplicates  a member name an object repeats: refuse (default: an error,
             keyword duplicateKey, at the second occurrence) or last-wins
  --max-errors N      errors listed per document, then \"… and N more\" (default 1000)
  --max-line-bytes N  with --jsonl, longest line read as a document (default 16777216)
  --contract also check the contract rules (launch-request, question-catalog)
exit: 0 all valid, 1 some document invalid, 2 usage or I/O error
";

/// The schemas with generated types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bundled {
    Commands,
    LaunchRequest,
    QuestionCatalog,
}

const BUNDLED: &[(&str, Bundled)] =
    &[("commands", Bundled::Commands), ("launch-request", Bundled::LaunchRequest), ("question-catalog", Bundled::QuestionCatalog)];

impl Bundled {
    fn schema_json(self) -> &'static str {
        match self {
            Bundled::Commands => contracts::commands::SCHEMA_JSON,
            Bundled::LaunchRequest => contracts::launch_request::SCHEMA_JSON,
            Bundled::QuestionCatalog => contracts::question_catalog::SCHEMA_JSON,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    Text,
    Json,
}

enum Contracts {
    None,
    LaunchRequest(Box<Rules>),
    QuestionCatalog,
}

struct Options {
    schema: Bundled,
    jsonl: bool,
    format: Format,
    echo: bool,
    read: contracts::ReadSettings,
    contract: Contracts,
    max_line_bytes: usize,
    files: Vec<String>,
}

/// The default `--max-line-bytes`.
const DEFAULT_MAX_LINE_BYTES: usize = 16 << 20;

/// What became of one document.
enum Outcome {
    /// Valid; the re-serialised typed value when `--echo` asked for it.
    Valid(Option<Value>),
    /// Valid JSON the schema or a rule refuses.
    Invalid(ValidationErrors),
    /// Not a JSON document (syntax, encoding, depth): why.
    Unreadable(String),
    /// JSON in which an object repeats a member name.
    Duplicate(contracts::DuplicateMember),
}

fn usage_error(msg: impl std::fmt::Display) -> Result<ExitCode> {
    eprintln!("error: {msg}\n\n{USAGE}");
    Ok(ExitCode::from(2))
}

/// `cargo xtask validate ARGS`.
pub fn run(args: &[String]) -> Result<ExitCode> {
    let opts = match parse_args(args) {
        Ok(Some(o)) => o,
        Ok(None) => {
            print!("{USAGE}");
            return Ok(ExitCode::SUCCESS);
        }
        Err(msg) => return usage_error(msg),
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let (mut valid, mut invalid, mut io_errors) = (0usize, 0usize, 0usize);
    for file in &opts.files {
        let result =
            if opts.jsonl { run_jsonl(&opts, file, &mut out, &mut valid, &mut invalid) } else { run_whole(&opts, file, &mut out, &mut valid, &mut invalid) };
        if let Err(e) = result {
            // Write errors on stdout (a closed pipe) end the run.
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                return Ok(ExitCode::from(2));
            }
            if opts.format == Format::Json {
                let record = json!({"file": display_name(file), "valid": false, "errors": [{"keywordLocation": "", "instanceLocation": "", "error": format!("cannot read the file: {e}")}]});
                writeln!(out, "{record}")?;
            }
            out.flush().ok();
            eprintln!("error: {}: {e}", display_name(file));
            io_errors += 1;
        }
    }
    out.flush()?;
    eprintln!(
        "{} document{}: {valid} valid, {invalid} invalid{}",
        valid + invalid,
        if valid + invalid == 1 { "" } else { "s" },
        if io_errors > 0 { format!(", {io_errors} file(s) unreadable") } else { String::new() }
    );
    Ok(if io_errors > 0 {
        ExitCode::from(2)
    } else if invalid > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn display_name(file: &str) -> &str {
    if file == "-" {
        "<stdin>"
    } else {
        file
    }
}

fn parse_args(args: &[String]) -> std::result::Result<Option<Options>, String> {
    let mut schema: Option<String> = None;
    let (mut jsonl, mut echo, mut contract) = (false, false, false);
    let mut format = Format::Text;
    let mut channel: Option<Channel> = None;
    let mut catalog: Option<String> = None;
    let mut jira_host: Option<String> = None;
    let mut read = contracts::ReadSettings::new();
    let mut max_line_bytes = DEFAULT_MAX_LINE_BYTES;
    let mut files = Vec::new();
    let mut it = args.iter();
    let mut only_files = false;
    while let Some(a) = it.next() {
        if only_files || a == "-" || !a.starts_with('-') {
            files.push(a.clone());
            continue;
        }
        let (flag, inline) = match a.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_owned())),
            _ => (a.as_str(), None),
        };
        let mut value = |name: &str| -> std::result::Result<String, String> {
            match inline.clone().or_else(|| it.next().cloned()) {
                Some(v) => Ok(v),
                None => Err(format!("{name} needs a value")),
            }
        };
        match flag {
            "--" => only_files = true,
            "-h" | "--help" => return Ok(None),
            "--schema" => schema = Some(value("--schema")?),
            "--jsonl" => jsonl = true,
            "--echo" => echo = true,
            "--contract" => contract = true,
            "--format" => {
                format = match value("--format")?.as_str() {
                    "text" => Format::Text,
                    "json" => Format::Json,
                    other => return Err(format!("unknown --format `{other}`: expected text or json")),
                }
            }
            "--duplicates" => {
                read = read.duplicates(match value("--duplicates")?.as_str() {
                    "refuse" => contracts::Duplicates::Refuse,
                    "last-wins" => contracts::Duplicates::LastWins,
                    other => return Err(format!("unknown --duplicates `{other}`: expected refuse or last-wins")),
                })
            }
            "--channel" => channel = Some(value("--channel")?.parse::<Channel>()?),
            "--catalog" => catalog = Some(value("--catalog")?),
            "--jira-host" => jira_host = Some(value("--jira-host")?),
            "--max-errors" => {
                let n: usize = value("--max-errors")?.parse().map_err(|_| "--max-errors needs a positive number".to_owned())?;
                if n == 0 {
                    return Err("--max-errors needs a positive number".into());
                }
                contracts::runtime::set_max_errors(n);
            }
            "--max-line-bytes" => {
                max_line_bytes = value("--max-line-bytes")?.parse().map_err(|_| "--max-line-bytes needs a number of bytes".to_owned())?;
            }
            other => return Err(format!("unknown option `{other}`")),
        }
    }
    let Some(schema) = schema else { return Err("--schema NAME|PATH is required".into()) };
    let schema = resolve_schema(&schema)?;
    if files.is_empty() {
        return Err("no FILE to validate".into());
    }
    if !contract && (channel.is_some() || catalog.is_some() || jira_host.is_some()) {
        return Err("--channel, --catalog and --jira-host need --contract".into());
    }
    let contract = match (contract, schema) {
        (false, _) => Contracts::None,
        (true, Bundled::LaunchRequest) => {
            let mut rules = Rules::new(channel.unwrap_or(Channel::Desktop));
            if let Some(h) = jira_host {
                rules = rules.with_jira_host(h);
            }
            match catalog {
                Some(path) => {
                    let c = Catalog::from_path(&path).map_err(|e| format!("--catalog {path}: {e}"))?;
                    rules = rules.with_catalog(c);
                }
                None => eprintln!("note: no --catalog: answers are not checked against a question catalog"),
            }
            Contracts::LaunchRequest(Box::new(rules))
        }
        (true, Bundled::QuestionCatalog) => {
            if channel.is_some() || catalog.is_some() || jira_host.is_some() {
                return Err("--channel, --catalog and --jira-host apply to --schema launch-request only".into());
            }
            Contracts::QuestionCatalog
        }
        (true, Bundled::Commands) => return Err("--contract: the commands schema has no contract rules beyond the schema".into()),
    };
    Ok(Some(Options { schema, jsonl, format, echo, read, contract, max_line_bytes, files }))
}

/// A bundled schema's name, or a path to a file holding one.
fn resolve_schema(arg: &str) -> std::result::Result<Bundled, String> {
    if let Some((_, b)) = BUNDLED.iter().find(|(n, _)| *n == arg) {
        return Ok(*b);
    }
    let names = BUNDLED.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ");
    let path = std::path::Path::new(arg);
    if !path.exists() {
        return Err(format!("unknown schema `{arg}`: bundled schemas are {names}, or give the PATH of a schema file"));
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("--schema {arg}: {e}"))?;
    let v: Value = serde_json::from_str(&text).map_err(|e| format!("--schema {arg}: not JSON: {e}"))?;
    for (_, b) in BUNDLED {
        if serde_json::from_str::<Value>(b.schema_json()).ok().as_ref() == Some(&v) {
            return Ok(*b);
        }
    }
    Err(format!("--schema {arg}: only bundled schemas are supported ({names}); add it to schemas/ and run `cargo xtask codegen`"))
}

fn run_whole(opts: &Options, file: &str, out: &mut impl Write, valid: &mut usize, invalid: &mut usize) -> std::io::Result<()> {
    let mut bytes = Vec::new();
    if file == "-" {
        std::io::stdin().lock().read_to_end(&mut bytes)?;
    } else {
        std::fs::File::open(file)?.read_to_end(&mut bytes)?;
    }
    let outcome = check_document(opts, &bytes);
    drop(bytes);
    report(opts, file, None, &outcome, out, valid, invalid)
}

fn run_jsonl(opts: &Options, file: &str, out: &mut impl Write, valid: &mut usize, invalid: &mut usize) -> std::io::Result<()> {
    let reader: Box<dyn BufRead> = if file == "-" { Box::new(BufReader::new(std::io::stdin())) } else { Box::new(BufReader::new(std::fs::File::open(file)?)) };
    read_lines(reader, opts.max_line_bytes, |line_no, line| {
        let outcome = match line {
            Line::Text(line) if line.iter().all(|b| b.is_ascii_whitespace()) => return Ok(()),
            Line::Text(line) => check_document(opts, line),
            Line::TooLong => Outcome::Unreadable(format!(
                "the line is longer than {} bytes (--max-line-bytes): not read as a document; the next lines are",
                opts.max_line_bytes
            )),
        };
        report(opts, file, Some(line_no), &outcome, out, valid, invalid)
    })
}

/// One line of a `--jsonl` file.
enum Line<'a> {
    /// The line, without its `\n`.
    Text(&'a [u8]),
    /// Longer than the limit: skipped to its end.
    TooLong,
}

/// Calls `f` with each line, reusing one buffer: memory stays bounded by
/// `max` (a longer line is skipped, unread, to its `\n`). A line still
/// going `16 × max` bytes past the limit ends the file with an error
/// (`/dev/zero` has no lines).
fn read_lines(mut r: impl BufRead, max: usize, mut f: impl FnMut(usize, Line) -> std::io::Result<()>) -> std::io::Result<()> {
    let mut buf = Vec::new();
    let mut line_no = 0;
    loop {
        buf.clear();
        // `take` stops a line at `max + 1` bytes: past `max` it is too long.
        let n = (&mut r).take(max as u64 + 1).read_until(b'\n', &mut buf)?;
        if n == 0 {
            return Ok(());
        }
        line_no += 1;
        if buf.last() == Some(&b'\n') {
            buf.pop();
            f(line_no, Line::Text(&buf))?;
        } else if buf.len() <= max {
            // The last line, without a `\n`.
            f(line_no, Line::Text(&buf))?;
        } else {
            f(line_no, Line::TooLong)?;
            skip_line(&mut r, max.saturating_mul(16).max(1 << 20), line_no)?;
        }
        if buf.capacity() > 1 << 20 {
            buf = Vec::new();
        }
    }
}

/// Reads past the end of an over-long line, at most `limit` bytes.
fn skip_line(r: &mut impl BufRead, limit: usize, line_no: usize) -> std::io::Result<()> {
    let mut skipped = 0usize;
    loop {
        let chunk = r.fill_buf()?;
        if chunk.is_empty() {
            return Ok(());
        }
        if let Some(i) = chunk.iter().position(|&b| b == b'\n') {
            r.consume(i + 1);
            return Ok(());
        }
        let n = chunk.len();
        r.consume(n);
        skipped += n;
        if skipped > limit {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("line {line_no} did not end within {skipped} bytes past the --max-line-bytes limit: gave up on the rest of the file"),
            ));
        }
    }
}

/// Parses and validates one document.
fn check_document(opts: &Options, bytes: &[u8]) -> Outcome {
    if bytes.starts_with(&[0xEF, 0xBB, 0xBF]) {
        return Outcome::Unreadable("starts with a UTF-8 byte order mark (EF BB BF); JSON text must not: save the file without a BOM".into());
    }
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            let at = e.valid_up_to();
            let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
            return Outcome::Unreadable(format!("not UTF-8: invalid byte sequence at byte {at} (line {line}); JSON text must be UTF-8"));
        }
    };
    match typed(opts, text) {
        Ok(echo) => Outcome::Valid(echo),
        Err(ParseError::Invalid(e)) => Outcome::Invalid(e),
        Err(ParseError::Syntax(e)) => Outcome::Unreadable(syntax_message(&e, text, opts.jsonl)),
        Err(ParseError::Duplicate(d)) => Outcome::Duplicate(d),
        Err(e) => Outcome::Unreadable(e.to_string()),
    }
}

fn syntax_message(e: &serde_json::Error, text: &str, jsonl: bool) -> String {
    let s = e.to_string();
    let at = format!("at line {} column {}", e.line(), e.column());
    // serde_json names the surrogate cases after its own state: a low
    // surrogate first is a "lone leading surrogate", a high one not followed
    // by `\u` an "unexpected end of hex escape".
    if s.starts_with("lone leading surrogate") {
        return format!("not valid JSON: a lone low surrogate escape (\\uDC00–\\uDFFF) with no high surrogate before it {at}: escape a character outside the BMP as a pair (\\uD83D\\uDE00)");
    }
    if s.starts_with("unexpected end of hex escape") && high_surrogate_before(text, e.line(), e.column()) {
        return format!("not valid JSON: a lone high surrogate escape (\\uD800–\\uDBFF) not followed by a low surrogate escape {at}: escape a character outside the BMP as a pair (\\uD83D\\uDE00)");
    }
    if s.contains("recursion limit exceeded") {
        format!("nested 128 arrays/objects deep or more (at most 127 levels are read) at line {} column {}", e.line(), e.column())
    } else if s.starts_with("trailing characters") {
        let hint = if jsonl { "one document per line" } else { "one document per file, or one per line with --jsonl" };
        format!("not valid JSON: trailing characters after the document at line {} column {}: {hint}", e.line(), e.column())
    } else if e.is_eof() {
        format!("not valid JSON: the document ends early ({s})")
    } else {
        format!("not valid JSON: {s}")
    }
}

/// Whether the last `\\u` escape before `line`:`column` (1-based, as
/// serde_json counts) names a high surrogate.
fn high_surrogate_before(text: &str, line: usize, column: usize) -> bool {
    let Some(l) = text.split('\n').nth(line.saturating_sub(1)) else { return false };
    let upto = &l.as_bytes()[..column.min(l.len())];
    let Some(i) = upto.windows(2).rposition(|w| w == b"\\u") else { return false };
    let hex = &l.as_bytes()[i + 2..(i + 6).min(l.len())];
    std::str::from_utf8(hex).ok().and_then(|h| u16::from_str_radix(h, 16).ok()).is_some_and(|c| (0xD800..0xDC00).contains(&c))
}

/// Builds the typed value (and runs the contract rules); the echo when asked.
/// The document is read by its type's one-pass reader, so one with many
/// errors is never held whole: memory stays bounded by the input.
fn typed(opts: &Options, text: &str) -> std::result::Result<Option<Value>, ParseError> {
    fn echo<T: Contract>(t: &T, on: bool) -> Option<Value> {
        on.then(|| serde_json::to_value(t).unwrap_or(Value::Null))
    }
    match (opts.schema, &opts.contract) {
        (Bundled::Commands, _) => CommandEnvelope::from_json_str_with(text, opts.read).map(|t| echo(&t, opts.echo)),
        (Bundled::LaunchRequest, Contracts::LaunchRequest(rules)) => rules.from_json_str_with(text, opts.read).map(|t| echo(&t, opts.echo)),
        (Bundled::LaunchRequest, _) => LaunchRequest::from_json_str_with(text, opts.read).map(|t| echo(&t, opts.echo)),
        (Bundled::QuestionCatalog, c) => {
            let t = QuestionCatalog::from_json_str_with(text, opts.read)?;
            if matches!(c, Contracts::QuestionCatalog) {
                Catalog::from_typed(&t).map_err(ParseError::Invalid)?;
            }
            Ok(echo(&t, opts.echo))
        }
    }
}

fn report(
    opts: &Options,
    file: &str,
    line: Option<usize>,
    outcome: &Outcome,
    out: &mut impl Write,
    valid: &mut usize,
    invalid: &mut usize,
) -> std::io::Result<()> {
    match outcome {
        Outcome::Valid(_) => *valid += 1,
        _ => *invalid += 1,
    }
    let name = display_name(file);
    let place = match line {
        Some(n) => format!("{name}:{n}"),
        None => name.to_owned(),
    };
    match opts.format {
        Format::Text => match outcome {
            Outcome::Valid(None) => writeln!(out, "{place}: valid"),
            Outcome::Valid(Some(echo)) => writeln!(out, "{place}: valid: {echo}"),
            Outcome::Invalid(errors) => {
                for e in errors.iter() {
                    let at = if e.instance_location.is_empty() { "/" } else { &e.instance_location };
                    let kw = if e.keyword_location.is_empty() { &*e.keyword } else { e.keyword_location.as_str() };
                    writeln!(out, "{place}: {at}: {} ({kw})", e.message)?;
                }
                Ok(())
            }
            Outcome::Unreadable(msg) => writeln!(out, "{place}: /: {msg} (syntax)"),
            Outcome::Duplicate(d) => writeln!(out, "{place}: {d}"),
        },
        Format::Json => {
            let mut obj = serde_json::Map::new();
            obj.insert("file".into(), json!(name));
            if let Some(n) = line {
                obj.insert("line".into(), json!(n));
            }
            let body = match outcome {
                Outcome::Valid(_) => json!({"valid": true}),
                Outcome::Invalid(errors) => errors.to_basic_output(),
                Outcome::Unreadable(msg) => json!({"valid": false, "errors": [{"keywordLocation": "", "instanceLocation": "", "error": msg}]}),
                Outcome::Duplicate(d) => json!({"valid": false, "errors": [{
                    "keywordLocation": "",
                    "instanceLocation": d.instance_location,
                    "error": format!("{} ({})", d.message(), contracts::DuplicateMember::KEYWORD),
                }]}),
            };
            if let Value::Object(m) = body {
                obj.extend(m);
            }
            if let Outcome::Valid(Some(echo)) = outcome {
                obj.insert("echo".into(), echo.clone());
            }
            writeln!(out, "{}", Value::Object(obj))
        }
    }
}
