//! Contract checks for launch requests beyond what the schema's keywords
//! say: the rules `schemas/launch-request.schema.json` states in its
//! descriptions (and the seed README repeats). They run after schema
//! validation and report with the same error model: each failure is a
//! [`ValidationError`] with the instance location, a stable rule id in
//! place of the keyword (`launch-request/…`), an empty keyword location,
//! `absoluteKeywordLocation` `<schema $id>#rule=<rule id>` and a message a
//! person can act on. `input` and `answers` are `x-sensitivity: local`:
//! messages never repeat their values (only catalog data and configured
//! values are named).
//!
//! ```
//! use contracts::launch_request_rules::{Channel, Rules};
//! let rules = Rules::new(Channel::Phone).with_jira_host("jira.example.com");
//! let text = r#"{"contractVersion": "1.0.0", "input": "PROJ-7", "mode": "interactive", "answers": {}}"#;
//! let request = rules.from_json_str(text).unwrap();
//! assert_eq!(request.input.as_str(), "PROJ-7");
//! let bad = r#"{"contractVersion": "1.0.0", "input": "--rm everything", "mode": "interactive", "answers": {}}"#;
//! let err = rules.from_json_str(bad).unwrap_err();
//! assert!(err.validation_errors().unwrap().iter().any(|e| e.keyword == "launch-request/input-flag-token"));
//! ```
//!
//! # Rules
//!
//! | rule id | where | what |
//! | --- | --- | --- |
//! | `launch-request/contract-version-major` | `/contractVersion` | added when the schema's version pattern fails: explains that only major 1 (`1.MINOR.PATCH`) is understood |
//! | `launch-request/background-requires-kind` | `` | `mode: background` without `kind` |
//! | `launch-request/kind-requires-background` | `/kind` | `kind` with a mode other than `background` |
//! | `launch-request/analysis-requires-empty-answers` | `/answers` | `kind: analysis` with answers |
//! | `launch-request/input-newline` | `/input` | LF, CR, NEL (U+0085), LS (U+2028), PS (U+2029), on every channel |
//! | `launch-request/input-control-character` | `/input` | any other Unicode `Cc` character (tab, ESC, DEL, C1…) |
//! | `launch-request/input-format-character` | `/input` | a Unicode `Cf` character (bidi controls, zero-width characters, soft hyphen, BOM, tags…; [`FORMAT_CHARACTERS`]) |
//! | `launch-request/input-leading-dash` | `/input` | the first non-blank character is `-` or a dash look-alike ([`DASHES`]) |
//! | `launch-request/input-flag-token` | `/input` | a word that looks like a command-line flag (see [`is_flag_like`]) |
//! | `launch-request/input-routing-keyword` | `/input` | the first word names a pipeline op or a mode keyword (see [`Rules::first_word_routes`]); a later word is not held to this |
//! | `launch-request/input-jira-host` | `/input` | a Jira browse URL on a host other than the configured one |
//! | `launch-request/input-free-text-channel` | `/input` | free text on the phone channel |
//! | `launch-request/input-free-text-too-long` | `/input` | free text longer than 500 characters |
//! | `launch-request/input-free-text-quote` | `/input` | `"` or `'` in free text |
//! | `launch-request/input-free-text-backslash` | `/input` | `\` in free text |
//! | `launch-request/input-free-text-backtick` | `/input` | `` ` `` in free text |
//! | `launch-request/input-free-text-url` | `/input` | a URL in free text (see [`looks_like_url`]) |
//! | `launch-request/answer-unknown-question` | `/answers/<redacted>` | the key is not a question of the catalog |
//! | `launch-request/answer-unanswerable-question` | `/answers/<key>` | the question is marked `answerable: false` |
//! | `launch-request/answer-single-select` | `/answers/<key>` | an array answers a single-select question |
//! | `launch-request/answer-multi-select` | `/answers/<key>` | a string answers a multi-select question |
//! | `launch-request/answer-not-an-option` | `/answers/<key>[/<i>]` | neither an option id nor admitted by `answer.pattern` |
//! | `launch-request/answer-duplicate-option` | `/answers/<key>/<i>` | a multi-select answer names an option twice |
//!
//! `answers` is `x-sensitivity: local`: a key that is not a catalog question
//! id is the request's own data, so it is written `<redacted>` (as the
//! schema's errors write every key below `answers`); `<key>` above is always
//! a catalog question id, the catalog's word.
//!
//! Structured references (the whole input, exactly): a Jira key
//! `^[A-Z][A-Z0-9]+-[0-9]+$`; `https://github.com/<owner>/<repo>/issues/<n>`
//! (owner: ASCII letters, digits and inner `-`, at most 39; repo: ASCII
//! letters, digits, `.`, `_`, `-`, at most 100, not `.`/`..`; n: digits);
//! `<repo>#<n>` (repo as above, not starting with a dash); `#<n>`;
//! `https://<jira host>/browse/<Jira key>` on the configured Jira host
//! (compared ignoring ASCII case). Anything else is free text.

use crate::catalog::Catalog;
use crate::launch_request::{Answer, Kind, LaunchRequest, Mode};
use crate::{Contract, ParseError, ValidationError, ValidationErrors};

/// Where a request comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Channel {
    /// The desktop client: structured references and free text.
    Desktop,
    /// The phone endpoint (`/v1/phone/launch`): structured references only.
    Phone,
}

impl std::str::FromStr for Channel {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "desktop" => Ok(Channel::Desktop),
            "phone" => Ok(Channel::Phone),
            other => Err(format!("unknown channel `{other}`: expected `desktop` or `phone`")),
        }
    }
}

/// The longest free text, in characters (Unicode scalar values).
pub const FREE_TEXT_MAX_CHARS: usize = 500;

/// The pipeline ops a first word may not name, by default. A client
/// routing on the first word (`resume PROJ-1`, `/ship`) would run the op
/// instead of a new request. Configure with [`Rules::with_ops`].
pub const DEFAULT_OPS: &[&str] =
    &["analysis", "development", "multi-agent", "resume", "status", "cancel", "abort", "retry", "skip", "ship", "pause", "approve", "deny"];

/// The mode keywords a first word may not name, by default (the schema's
/// `mode` values). Configure with [`Rules::with_mode_keywords`].
pub const DEFAULT_MODE_KEYWORDS: &[&str] = &["interactive", "autopilot", "background"];

/// Unicode general category `Cf` (format characters), as inclusive ranges,
/// from the Unicode Character Database (`UnicodeData.txt`, category field
/// `Cf`): the 14.0 list plus U+13439–U+1343F, made `Cf` in 15.0. Soft hyphen, Arabic number signs, the Arabic
/// letter mark, Syriac abbreviation mark, Mongolian vowel separator,
/// zero-width space/non-joiner/joiner, LRM/RLM, the bidi embeddings and
/// overrides U+202A–U+202E, word joiner and invisible operators, the bidi
/// isolates U+2066–U+2069 and deprecated format characters, the BOM/ZWNBSP,
/// interlinear annotation characters, Kaithi number signs, Egyptian
/// hieroglyph format controls, shorthand format controls, musical symbol
/// format characters, and the tag characters.
pub const FORMAT_CHARACTERS: &[(u32, u32)] = &[
    (0x00AD, 0x00AD),
    (0x0600, 0x0605),
    (0x061C, 0x061C),
    (0x06DD, 0x06DD),
    (0x070F, 0x070F),
    (0x0890, 0x0891),
    (0x08E2, 0x08E2),
    (0x180E, 0x180E),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x2064),
    (0x2066, 0x206F),
    (0xFEFF, 0xFEFF),
    (0xFFF9, 0xFFFB),
    (0x110BD, 0x110BD),
    (0x110CD, 0x110CD),
    (0x13430, 0x1343F),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0001, 0xE0001),
    (0xE0020, 0xE007F),
];

/// `-` and the characters that look like it: Unicode `Pd` (dash
/// punctuation: hyphen, non-breaking hyphen, figure/en/em dash, horizontal
/// bar, small and fullwidth hyphen-minus, …) plus the minus signs U+2212,
/// U+02D7, U+207B, U+208B, U+2796 and the hyphen bullet U+2043.
pub const DASHES: &[char] = &[
    '-',
    '\u{058A}',
    '\u{05BE}',
    '\u{1400}',
    '\u{1806}',
    '\u{2010}',
    '\u{2011}',
    '\u{2012}',
    '\u{2013}',
    '\u{2014}',
    '\u{2015}',
    '\u{2E17}',
    '\u{2E1A}',
    '\u{2E3A}',
    '\u{2E3B}',
    '\u{2E40}',
    '\u{2E5D}',
    '\u{301C}',
    '\u{3030}',
    '\u{30A0}',
    '\u{FE31}',
    '\u{FE32}',
    '\u{FE58}',
    '\u{FE63}',
    '\u{FF0D}',
    '\u{10EAD}',
    '\u{2212}',
    '\u{02D7}',
    '\u{207B}',
    '\u{208B}',
    '\u{2796}',
    '\u{2043}',
];

/// Whether `c` is a format character (Unicode `Cf`, [`FORMAT_CHARACTERS`]).
pub fn is_format_character(c: char) -> bool {
    let c = c as u32;
    FORMAT_CHARACTERS.iter().any(|&(lo, hi)| (lo..=hi).contains(&c))
}

/// Whether `c` ends a line: LF, VT, FF, CR, NEL, LS, PS.
pub fn is_newline(c: char) -> bool {
    matches!(c, '\n' | '\u{0B}' | '\u{0C}' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

/// Whether `c` is `-` or a dash look-alike ([`DASHES`]).
pub fn is_dash(c: char) -> bool {
    DASHES.contains(&c)
}

/// Whether a word looks like a command-line flag: one or more dashes
/// (`-` or look-alikes) followed by a letter or digit (`-x`, `--rm`,
/// `—flag`, `-1`, `--a=b`), or two or more ASCII `-` alone (`--`, the end
/// of options). A lone dash used as punctuation (`a - b`, `a — b`) is not.
pub fn is_flag_like(word: &str) -> bool {
    let rest = word.trim_start_matches(is_dash);
    if rest.len() == word.len() {
        return false;
    }
    match rest.chars().next() {
        Some(c) => c.is_alphanumeric(),
        None => word.len() >= 2 && word.chars().all(|c| c == '-'),
    }
}

/// Whether a word is or contains a URL: it contains `://`, starts with
/// `www.`, or starts with one of the schemes `mailto:`, `file:`, `data:`,
/// `javascript:`, `vbscript:` (ASCII case ignored).
pub fn looks_like_url(word: &str) -> bool {
    let lower = word.to_ascii_lowercase();
    let lower = lower.trim_start_matches(|c: char| "([{<".contains(c));
    lower.contains("://") || lower.starts_with("www.") || ["mailto:", "file:", "data:", "javascript:", "vbscript:"].iter().any(|s| lower.starts_with(s))
}

fn is_jira_key(s: &str) -> bool {
    let Some((project, number)) = s.split_once('-') else { return false };
    let mut p = project.chars();
    p.next().is_some_and(|c| c.is_ascii_uppercase()) && project.len() >= 2 && p.all(|c| c.is_ascii_uppercase() || c.is_ascii_digit()) && is_number(number)
}

fn is_number(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

fn is_github_owner(s: &str) -> bool {
    (1..=39).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') && !s.starts_with('-') && !s.ends_with('-')
}

fn is_repo_name(s: &str) -> bool {
    (1..=100).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-')) && s != "." && s != ".."
}

fn is_github_issue_url(s: &str) -> bool {
    let Some(rest) = s.strip_prefix("https://github.com/") else { return false };
    let parts: Vec<&str> = rest.split('/').collect();
    matches!(parts.as_slice(), [owner, repo, "issues", n] if is_github_owner(owner) && is_repo_name(repo) && is_number(n))
}

fn is_repo_hash(s: &str) -> bool {
    match s.split_once('#') {
        Some((repo, n)) => is_repo_name(repo) && !repo.starts_with('-') && is_number(n),
        None => false,
    }
}

/// `https://HOST/browse/KEY` → (HOST, KEY).
fn jira_browse_url(s: &str) -> Option<(&str, &str)> {
    let rest = s.strip_prefix("https://")?;
    let (host, path) = rest.split_once('/')?;
    let key = path.strip_prefix("browse/")?;
    (!host.is_empty() && is_jira_key(key)).then_some((host, key))
}

/// Which structured reference an input is, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reference {
    /// `PROJ-123`.
    JiraKey,
    /// `https://github.com/<owner>/<repo>/issues/<n>`.
    GitHubIssueUrl,
    /// `repo#N`.
    RepoIssue,
    /// `#N`.
    Issue,
    /// `https://<jira host>/browse/PROJ-123` on the configured host.
    JiraUrl,
}

/// The rules' configuration: the channel, the Jira host, the catalog and the
/// routing words.
#[derive(Clone, Debug)]
pub struct Rules {
    channel: Channel,
    jira_host: Option<String>,
    catalog: Option<Catalog>,
    ops: Vec<String>,
    mode_keywords: Vec<String>,
}

const INPUT: &str = "/input";

impl Rules {
    /// Rules for `channel`, with no Jira host (Jira URLs are then free
    /// text), no catalog (answers are not checked against one) and the
    /// default routing words ([`DEFAULT_OPS`], [`DEFAULT_MODE_KEYWORDS`]).
    pub fn new(channel: Channel) -> Self {
        Rules {
            channel,
            jira_host: None,
            catalog: None,
            ops: DEFAULT_OPS.iter().map(|s| (*s).to_owned()).collect(),
            mode_keywords: DEFAULT_MODE_KEYWORDS.iter().map(|s| (*s).to_owned()).collect(),
        }
    }

    /// The Jira host whose browse URLs are structured references
    /// (`jira.example.com`, or `host:port`).
    pub fn with_jira_host(mut self, host: impl Into<String>) -> Self {
        self.jira_host = Some(host.into());
        self
    }

    /// The question catalog answers are checked against. Without one,
    /// answers are only checked by the schema and the `kind` rule.
    pub fn with_catalog(mut self, catalog: Catalog) -> Self {
        self.catalog = Some(catalog);
        self
    }

    /// Replaces the pipeline ops a first word may not name.
    pub fn with_ops<S: Into<String>>(mut self, ops: impl IntoIterator<Item = S>) -> Self {
        self.ops = ops.into_iter().map(Into::into).collect();
        self
    }

    /// Replaces the mode keywords a first word may not name.
    pub fn with_mode_keywords<S: Into<String>>(mut self, words: impl IntoIterator<Item = S>) -> Self {
        self.mode_keywords = words.into_iter().map(Into::into).collect();
        self
    }

    /// The channel.
    pub fn channel(&self) -> Channel {
        self.channel
    }

    /// Parses, validates against the schema, then checks the contract
    /// rules: the typed request, or every error. When the schema refuses the
    /// document only the `contract-version-major` explanation is added. A
    /// repeated member name is an error ([`ParseError::Duplicate`]).
    pub fn from_json_str(&self, text: &str) -> Result<LaunchRequest, ParseError> {
        self.from_json_str_with(text, crate::runtime::ReadSettings::new())
    }

    /// Like [`Rules::from_json_str`], with `settings` (repeated member
    /// names, …). The document is read by its type's one-pass reader, never
    /// held whole as a `Value`: memory stays bounded by the input however
    /// many errors it has.
    pub fn from_json_str_with(&self, text: &str, settings: crate::runtime::ReadSettings) -> Result<LaunchRequest, ParseError> {
        let request = match LaunchRequest::from_json_str_with(text, settings) {
            Ok(request) => request,
            Err(ParseError::Invalid(mut errors)) => {
                explain_version(contract_version_in(text).as_deref(), &mut errors);
                return Err(ParseError::Invalid(errors));
            }
            Err(e) => return Err(e),
        };
        self.check(&request).map_err(ParseError::Invalid)?;
        Ok(request)
    }

    /// Like [`Rules::from_json_str`], from a JSON value.
    pub fn from_json_value(&self, v: crate::runtime::Value) -> Result<LaunchRequest, ParseError> {
        if let Err(mut errors) = LaunchRequest::validate_value(&v) {
            explain_contract_version(&v, &mut errors);
            return Err(ParseError::Invalid(errors));
        }
        let request = LaunchRequest::from_json_value(v)?;
        self.check(&request).map_err(ParseError::Invalid)?;
        Ok(request)
    }

    /// Checks the contract rules on a schema-valid request.
    pub fn check(&self, r: &LaunchRequest) -> Result<(), ValidationErrors> {
        let mut errors = Vec::new();
        self.check_kind(r, &mut errors);
        self.input_errors(r.input.as_str(), &mut errors);
        let mut more = self.check_answers(r, &mut errors);
        // Like the schema's errors, at most `max_errors` are kept.
        let max = crate::runtime::max_errors();
        if errors.len() > max {
            more += errors.len() - max;
            errors.truncate(max);
        }
        if more > 0 {
            errors.push(ValidationError::more(more));
        }
        if errors.is_empty() {
            Ok(())
        } else {
            Err(ValidationErrors(errors))
        }
    }

    fn check_kind(&self, r: &LaunchRequest, errors: &mut Vec<ValidationError>) {
        match (r.mode, r.kind) {
            (Mode::Background, None) => errors.push(rule(
                "",
                "background-requires-kind",
                "`mode: background` needs `kind`: add `\"kind\": \"development\"` (runs /multi-agent) or `\"kind\": \"analysis\"` (runs /multi-agent:analysis)"
                    .into(),
            )),
            (mode, Some(_)) if mode != Mode::Background => errors.push(rule(
                "/kind",
                "kind-requires-background",
                format!(
                    "`kind` is only for `mode: background`, and this request has `mode: {}`: remove `kind`, or set `mode` to `background`",
                    mode_name(mode)
                ),
            )),
            _ => {}
        }
        if r.kind == Some(Kind::Analysis) && !r.answers.is_empty() {
            errors.push(rule(
                "/answers",
                "analysis-requires-empty-answers",
                format!(
                    "`kind: analysis` reads no answers, and this request has {}: send `\"answers\": {{}}`, or use `kind: development`",
                    plural(r.answers.len(), "answer")
                ),
            ));
        }
    }

    /// Which structured reference `input` is, if any (the whole input).
    pub fn reference(&self, input: &str) -> Option<Reference> {
        if is_jira_key(input) {
            Some(Reference::JiraKey)
        } else if is_github_issue_url(input) {
            Some(Reference::GitHubIssueUrl)
        } else if input.strip_prefix('#').is_some_and(is_number) {
            Some(Reference::Issue)
        } else if is_repo_hash(input) {
            Some(Reference::RepoIssue)
        } else if let (Some((host, _)), Some(configured)) = (jira_browse_url(input), &self.jira_host) {
            host.eq_ignore_ascii_case(configured).then_some(Reference::JiraUrl)
        } else {
            None
        }
    }

    /// Whether `word`, taken as the first word, names a pipeline op or a
    /// mode keyword: compared ignoring case, after removing leading `/`
    /// (slash commands) and anything from the first `:` (`resume:`,
    /// `multi-agent:analysis`), and trailing `.,;!?`.
    pub fn first_word_routes(&self, word: &str) -> bool {
        let w = word.trim_start_matches('/');
        let w = w.split(':').next().unwrap_or(w);
        let w = w.trim_end_matches(['.', ',', ';', '!', '?']);
        self.ops.iter().chain(&self.mode_keywords).any(|k| !w.is_empty() && k.eq_ignore_ascii_case(w))
    }

    /// The input rules' errors for `input` (at `/input`), in rule order.
    pub fn input_errors(&self, input: &str, errors: &mut Vec<ValidationError>) {
        // Every channel.
        if input.chars().any(is_newline) {
            errors.push(rule(INPUT, "input-newline", "`input` must be one line: remove the line breaks (LF, CR, U+0085, U+2028, U+2029)".into()));
        }
        let controls = input.chars().filter(|&c| c.is_control() && !is_newline(c)).count();
        if controls > 0 {
            errors.push(rule(
                INPUT,
                "input-control-character",
                format!("`input` contains {}: remove tabs, escapes and other control characters (Unicode Cc)", plural(controls, "control character")),
            ));
        }
        let formats: Vec<char> = input.chars().filter(|&c| is_format_character(c)).collect();
        if let Some(first) = formats.first() {
            errors.push(rule(
                INPUT,
                "input-format-character",
                format!(
                    "`input` contains {} (the first is U+{:04X}): remove invisible formatting such as bidi overrides and zero-width characters (Unicode Cf)",
                    plural(formats.len(), "format character"),
                    *first as u32
                ),
            ));
        }
        let trimmed = input.trim_start();
        if trimmed.starts_with(is_dash) {
            errors.push(rule(
                INPUT,
                "input-leading-dash",
                "`input` must not start with `-` or a dash look-alike (it would read as a command-line flag): start with a word".into(),
            ));
        }
        let words: Vec<&str> = input.split(char::is_whitespace).filter(|w| !w.is_empty()).collect();
        let flags = words.iter().filter(|w| is_flag_like(w)).count();
        if flags > 0 {
            errors.push(rule(
                INPUT,
                "input-flag-token",
                format!("`input` contains {}: a word starting with a dash followed by a letter or digit, or `--`; reword it", plural(flags, "flag-like word")),
            ));
        }
        if words.first().is_some_and(|w| self.first_word_routes(w)) {
            errors.push(rule(
                INPUT,
                "input-routing-keyword",
                format!(
                    "the first word of `input` names a pipeline op or mode keyword ({}), so a client could route on it: start with another word (a later word may be one)",
                    self.ops.iter().chain(&self.mode_keywords).map(String::as_str).collect::<Vec<_>>().join(", ")
                ),
            ));
        }
        if self.reference(input).is_some() {
            return;
        }
        // A Jira URL on another host.
        if let Some((host, _)) = jira_browse_url(input) {
            if self.jira_host.as_deref().is_none_or(|h| !h.eq_ignore_ascii_case(host)) {
                let msg = match &self.jira_host {
                    Some(h) => format!("`input` is a Jira URL on a host other than the configured Jira host `{h}`: use a URL on `{h}` or the bare issue key"),
                    None => "`input` is a Jira URL, but no Jira host is configured: send the bare issue key (PROJ-123)".to_owned(),
                };
                errors.push(rule(INPUT, "input-jira-host", msg));
                return;
            }
        }
        // Free text.
        if self.channel == Channel::Phone {
            let jira = match &self.jira_host {
                Some(h) => format!(", or a Jira URL on `{h}`"),
                None => String::new(),
            };
            errors.push(rule(
                INPUT,
                "input-free-text-channel",
                format!("the phone channel accepts only a structured reference: a Jira key (PROJ-123), https://github.com/<owner>/<repo>/issues/<n>, repo#N or #N{jira}; free text is accepted on desktop only"),
            ));
            return;
        }
        let n = input.chars().count();
        if n > FREE_TEXT_MAX_CHARS {
            errors.push(rule(
                INPUT,
                "input-free-text-too-long",
                format!("free text `input` may have at most {FREE_TEXT_MAX_CHARS} characters, and this one has {n}: shorten it by {}", n - FREE_TEXT_MAX_CHARS),
            ));
        }
        if input.contains(['"', '\'']) {
            errors.push(rule(INPUT, "input-free-text-quote", "free text `input` must not contain quotes (`\"` or `'`): remove or reword them".into()));
        }
        if input.contains('\\') {
            errors.push(rule(INPUT, "input-free-text-backslash", "free text `input` must not contain a backslash (`\\`): remove it".into()));
        }
        if input.contains('`') {
            errors.push(rule(INPUT, "input-free-text-backtick", "free text `input` must not contain a backtick (`` ` ``): remove it".into()));
        }
        if words.iter().any(|w| looks_like_url(w)) {
            let jira = match &self.jira_host {
                Some(h) => format!(" or a Jira URL on `{h}`"),
                None => String::new(),
            };
            errors.push(rule(
                INPUT,
                "input-free-text-url",
                format!("free text `input` must not contain a URL: send a GitHub issue URL{jira} alone as the whole input, or describe the link in words"),
            ));
        }
    }

    /// Returns how many errors it dropped past [`crate::runtime::max_errors`]
    /// (an answer's are built, then dropped: memory stays bounded).
    fn check_answers(&self, r: &LaunchRequest, errors: &mut Vec<ValidationError>) -> usize {
        let Some(catalog) = &self.catalog else { return 0 };
        let (max, mut dropped) = (crate::runtime::max_errors(), 0);
        for (key, answer) in &r.answers {
            if errors.len() > max {
                dropped += errors.len() - max;
                errors.truncate(max);
            }
            let Some(q) = catalog.question(key.as_str()) else {
                // `answers` is `x-sensitivity: local`: a key that is not the
                // catalog's word is the request's data, redacted like a value.
                errors.push(rule(
                    &format!("/answers/{}", crate::runtime::REDACTED),
                    "answer-unknown-question",
                    "this key is not a question id of the question catalog: remove it or use a catalog question id".into(),
                ));
                continue;
            };
            let at = format!("/answers/{}", escape(key.as_str()));
            if !q.answerable {
                errors.push(rule(
                    &at,
                    "answer-unanswerable-question",
                    "this question is always asked by the pipeline and cannot be answered in a launch request: remove it".into(),
                ));
                continue;
            }
            let values: Vec<(String, &str)> = match answer {
                Answer::One(s) if q.multi => {
                    errors.push(rule(
                        &at,
                        "answer-multi-select",
                        "this question is multi-select: answer with an array of option ids (`[\"…\"]`), not a string".into(),
                    ));
                    vec![(at.clone(), s.as_str())]
                }
                Answer::Many(_) if !q.multi => {
                    errors.push(rule(&at, "answer-single-select", "this question is single-select: answer with one option id (a string), not an array".into()));
                    continue;
                }
                Answer::One(s) => vec![(at.clone(), s.as_str())],
                Answer::Many(items) => items.iter().enumerate().map(|(i, s)| (format!("{at}/{i}"), s.as_str())).collect(),
            };
            let mut seen: Vec<&str> = Vec::new();
            for (loc, v) in values {
                let admitted = q.admits_within_budget(v);
                if admitted.is_none() {
                    let msg = format!(
                        "could not be checked against the answer pattern `{}`: {}, so it is refused",
                        q.pattern().unwrap_or_default(),
                        q.undecided_reason(v)
                    );
                    errors.push(rule(&loc, "answer-not-an-option", msg));
                } else if admitted == Some(false) {
                    errors.push(rule(&loc, "answer-not-an-option", not_an_option(q)));
                } else if seen.contains(&v) {
                    errors.push(rule(&loc, "answer-duplicate-option", "this value appears earlier in the same answer: remove the repeat".into()));
                }
                seen.push(v);
            }
        }
        dropped
    }
}

fn not_an_option(q: &crate::catalog::CatalogQuestion) -> String {
    let mut s = "not an answer this question admits: use ".to_owned();
    if !q.options.is_empty() {
        let shown: Vec<&str> = q.options.iter().take(12).map(String::as_str).collect();
        s.push_str(&format!("one of the option ids {}", shown.join(", ")));
        if q.options.len() > shown.len() {
            s.push_str(&format!(" (and {} more)", q.options.len() - shown.len()));
        }
        if q.pattern().is_some() {
            s.push_str(" or ");
        }
    }
    if let Some(p) = q.pattern() {
        s.push_str(&format!("a value matching `{p}`"));
    }
    s
}

/// Adds the `contract-version-major` explanation when the schema refused
/// `contractVersion`'s pattern.
pub fn explain_contract_version(v: &crate::runtime::Value, errors: &mut ValidationErrors) {
    explain_version(v.get("contractVersion").and_then(|x| x.as_str()), errors);
}

/// [`explain_contract_version`], given the document's `contractVersion`
/// when it is a string.
fn explain_version(version: Option<&str>, errors: &mut ValidationErrors) {
    let failed = errors.iter().any(|e| e.instance_location == "/contractVersion" && e.keyword == "pattern");
    let Some(version) = version else { return };
    if !failed {
        return;
    }
    let major = version.split('.').next().unwrap_or("");
    let msg = if is_number(major) && major.trim_start_matches('0') != "1" {
        format!(
            "this reader understands contract major 1 only, and the request asks for major {major}: a request for another major is rejected rather than half-understood; write it for 1.MINOR.PATCH (e.g. 1.0.0)"
        )
    } else {
        "`contractVersion` must be major 1 written as 1.MINOR.PATCH with three dot-separated numbers and nothing else (e.g. 1.0.0); a request for another major is rejected rather than half-understood".to_owned()
    };
    errors.0.push(rule("/contractVersion", "contract-version-major", msg));
}

/// The top-level `contractVersion` of a document known to be JSON, when it
/// is a string (the last one, as the readers keep a repeated member when
/// asked to), read without keeping anything else.
fn contract_version_in(text: &str) -> Option<String> {
    use serde::de::{Deserializer, IgnoredAny, MapAccess, Visitor};
    struct Top;
    impl<'de> Visitor<'de> for Top {
        type Value = Option<String>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("an object")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Option<String>, A::Error> {
            let mut version = None;
            while let Some(name) = m.next_key::<std::borrow::Cow<'de, str>>()? {
                if name == "contractVersion" {
                    version = m.next_value::<crate::runtime::Value>()?.as_str().map(str::to_owned);
                } else {
                    m.next_value::<IgnoredAny>()?;
                }
            }
            Ok(version)
        }
    }
    serde_json::Deserializer::from_str(text).deserialize_map(Top).ok().flatten()
}

/// The launch-request schema's `$id`, the base of the rules' locations.
pub fn schema_base() -> &'static str {
    LaunchRequest::schema_root().canonical().0
}

fn rule(at: &str, id: &str, message: String) -> ValidationError {
    ValidationError::rule(at.to_owned(), schema_base(), &format!("launch-request/{id}"), message)
}

fn mode_name(m: Mode) -> &'static str {
    match m {
        Mode::Interactive => "interactive",
        Mode::Autopilot => "autopilot",
        Mode::Background => "background",
    }
}

fn plural(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

fn escape(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}
