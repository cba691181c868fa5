//! `format` checkers for the opt-in format-assertion mode.
//!
//! One `is_<name>` function per format of JSON Schema 2020-12 (§7.3), each
//! following the RFC the specification names for it, with the
//! JSON-Schema-Test-Suite (`optional/format`) as the arbiter of corner cases.
//! Every checker takes any `&str` without panicking.

/// Whether `value` is valid for `format`; unknown formats pass (they are annotations).
pub fn check(format: &str, value: &str) -> bool {
    match format {
        "date-time" => is_date_time(value),
        "date" => is_date(value),
        "time" => is_time(value),
        "duration" => is_duration(value),
        "email" => is_email(value),
        "idn-email" => is_idn_email(value),
        "hostname" | "host-name" => is_hostname(value),
        "idn-hostname" => is_idn_hostname(value),
        "ipv4" | "ip-address" => is_ipv4(value),
        "ipv6" => is_ipv6(value),
        "uri" => is_uri(value),
        "uri-reference" => is_uri_reference(value),
        "iri" => is_iri(value),
        "iri-reference" => is_iri_reference(value),
        "uri-template" => is_uri_template(value),
        "uuid" => is_uuid(value),
        "regex" => is_regex(value),
        "json-pointer" => is_json_pointer(value),
        "relative-json-pointer" => is_relative_json_pointer(value),
        _ => true,
    }
}

// ---------------------------------------------------------------------------
// Dates and times: RFC 3339 §5.6 and appendix A.

/// `date-time`: RFC 3339 `date-time` (`full-date "T" full-time`, `T`/`Z` in any case).
pub fn is_date_time(s: &str) -> bool {
    let b = s.as_bytes();
    matches!(b.get(10), Some(b'T' | b't')) && b.get(..10).is_some_and(full_date) && b.get(11..).is_some_and(full_time)
}

/// `date`: RFC 3339 `full-date` (`YYYY-MM-DD`, real month lengths and leap years).
pub fn is_date(s: &str) -> bool {
    full_date(s.as_bytes())
}

/// `time`: RFC 3339 `full-time` (offset required; leap second only at 23:59 UTC).
pub fn is_time(s: &str) -> bool {
    full_time(s.as_bytes())
}

/// `full-date = date-fullyear "-" date-month "-" date-mday`.
fn full_date(b: &[u8]) -> bool {
    let [y0, y1, y2, y3, b'-', m0, m1, b'-', d0, d1] = *b else {
        return false;
    };
    let (Some(year), Some(month), Some(day)) = (number(&[y0, y1, y2, y3]), number(&[m0, m1]), number(&[d0, d1])) else {
        return false;
    };
    (1..=12).contains(&month) && day >= 1 && day <= days_in_month(year, month)
}

fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        2 if is_leap_year(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

fn is_leap_year(year: u32) -> bool {
    year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400))
}

/// `full-time = partial-time time-offset`; a leap second (`:60`) must fall on
/// 23:59 once the offset is taken away.
fn full_time(b: &[u8]) -> bool {
    let [h0, h1, b':', m0, m1, b':', s0, s1, ref rest @ ..] = *b else {
        return false;
    };
    let (Some(hour), Some(minute), Some(second)) = (number(&[h0, h1]), number(&[m0, m1]), number(&[s0, s1])) else {
        return false;
    };
    let rest = match rest {
        [b'.', frac @ ..] => {
            let n = frac.iter().take_while(|c| c.is_ascii_digit()).count();
            if n == 0 {
                return false;
            }
            &frac[n..]
        }
        _ => rest,
    };
    let Some(offset) = time_offset(rest) else {
        return false;
    };
    if hour > 23 || minute > 59 || second > 60 {
        return false;
    }
    let utc = (i64::from(hour * 60 + minute) - offset).rem_euclid(24 * 60);
    second < 60 || utc == 23 * 60 + 59
}

/// `time-offset = "Z" / ("+" / "-") time-hour ":" time-minute`, in minutes east of UTC.
fn time_offset(b: &[u8]) -> Option<i64> {
    match *b {
        [b'Z' | b'z'] => Some(0),
        [sign @ (b'+' | b'-'), h0, h1, b':', m0, m1] => {
            let (hour, minute) = (number(&[h0, h1])?, number(&[m0, m1])?);
            if hour > 23 || minute > 59 {
                return None;
            }
            let minutes = i64::from(hour * 60 + minute);
            Some(if sign == b'-' { -minutes } else { minutes })
        }
        _ => None,
    }
}

/// The value of a short run of ASCII digits (`None` if any byte is not one).
fn number(digits: &[u8]) -> Option<u32> {
    digits.iter().try_fold(0u32, |n, &c| c.is_ascii_digit().then(|| n * 10 + u32::from(c - b'0')))
}

/// `duration`: ISO 8601 duration as RFC 3339 appendix A writes it (`P1Y2M3DT4H5M6S`, `P2W`).
pub fn is_duration(s: &str) -> bool {
    let Some(rest) = s.strip_prefix('P') else {
        return false;
    };
    let (date, time) = match rest.split_once('T') {
        Some((date, time)) => (date, Some(time)),
        None => (rest, None),
    };
    if date.is_empty() && time.is_none() {
        return false;
    }
    if time.is_none() && duration_units(date).as_deref() == Some("W") {
        return true;
    }
    // `dur-time` must hold at least one element; `dur-date` may be empty only before it.
    duration_run(date, "YMD", time.is_some()) && time.is_none_or(|t| duration_run(t, "HMS", false))
}

/// Whether `part` is a run of `1*DIGIT unit` elements whose units are consecutive in `order`.
fn duration_run(part: &str, order: &str, may_be_empty: bool) -> bool {
    match duration_units(part) {
        Some(units) if units.is_empty() => may_be_empty,
        Some(units) => order.contains(units.as_str()),
        None => false,
    }
}

/// The unit letters of `part` if it is a sequence of `1*DIGIT ALPHA` elements.
fn duration_units(part: &str) -> Option<String> {
    let mut units = String::new();
    let mut digits = 0;
    for c in part.chars() {
        if c.is_ascii_digit() {
            digits += 1;
        } else if c.is_ascii_uppercase() && digits > 0 {
            units.push(c);
            digits = 0;
        } else {
            return None;
        }
    }
    (digits == 0).then_some(units)
}

// ---------------------------------------------------------------------------
// E-mail addresses: RFC 5321 §4.1.2 (RFC 6531 §3.3 for `idn-email`).

/// `email`: RFC 5321 `Mailbox` (dot-string or quoted local part, domain or address literal).
pub fn is_email(s: &str) -> bool {
    mailbox(s, false)
}

/// `idn-email`: RFC 6531 `Mailbox` (UTF-8 local part, internationalized domain).
pub fn is_idn_email(s: &str) -> bool {
    mailbox(s, true)
}

fn mailbox(s: &str, intl: bool) -> bool {
    let Some((local, domain)) = split_mailbox(s) else {
        return false;
    };
    // RFC 5321 §4.5.3.1.1: a local part holds at most 64 octets.
    if local.len() > 64 || !(quoted_local_part(local, intl) || dot_string(local, intl)) {
        return false;
    }
    match domain.strip_prefix('[').and_then(|d| d.strip_suffix(']')) {
        Some(literal) => address_literal(literal),
        None if intl => is_idn_hostname(domain),
        None => is_hostname(domain),
    }
}

/// Splits at the `@` that ends the local part (which may hold a quoted `@`).
fn split_mailbox(s: &str) -> Option<(&str, &str)> {
    if let Some(quoted) = s.strip_prefix('"') {
        let mut escaped = false;
        for (i, c) in quoted.char_indices() {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => {
                    let end = i + 2; // the opening and closing quotes
                    let rest = s.get(end..)?.strip_prefix('@')?;
                    return Some((s.get(..end)?, rest));
                }
                _ => {}
            }
        }
        return None;
    }
    s.split_once('@')
}

/// `Quoted-string = DQUOTE *QcontentSMTP DQUOTE`.
fn quoted_local_part(local: &str, intl: bool) -> bool {
    let Some(inner) = local.strip_prefix('"').and_then(|l| l.strip_suffix('"')) else {
        return false;
    };
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        let ok = match c {
            '\\' => chars.next().is_some_and(|e| matches!(e, ' '..='~')),
            ' ' | '!' | '#'..='[' | ']'..='~' => true,
            _ => intl && !c.is_ascii(),
        };
        if !ok {
            return false;
        }
    }
    true
}

/// `Dot-string = Atom *("." Atom)`, `Atom = 1*atext`.
fn dot_string(local: &str, intl: bool) -> bool {
    local
        .split('.')
        .all(|atom| !atom.is_empty() && atom.chars().all(|c| c.is_ascii_alphanumeric() || "!#$%&'*+-/=?^_`{|}~".contains(c) || (intl && !c.is_ascii())))
}

/// `address-literal` without its brackets: an IPv4 or `IPv6:` address.
fn address_literal(literal: &str) -> bool {
    match literal.get(..5) {
        Some(tag) if tag.eq_ignore_ascii_case("IPv6:") => literal.get(5..).is_some_and(is_ipv6),
        _ => is_ipv4(literal),
    }
}

// ---------------------------------------------------------------------------
// Host names: RFC 1123 §2.1, with IDNA2008 (RFC 5890-5893) for A- and U-labels.

/// `hostname`: RFC 1123 host name; `xn--` labels must be valid IDNA2008 A-labels.
pub fn is_hostname(s: &str) -> bool {
    s.is_ascii() && domain_name(s, false)
}

/// `idn-hostname`: RFC 5890 internationalized host name (U-labels checked per RFC 5891-5893).
pub fn is_idn_hostname(s: &str) -> bool {
    domain_name(s, true)
}

/// RFC 3490 §3.1: the full stops that separate labels in an internationalized name.
fn is_label_separator(c: char) -> bool {
    matches!(c, '.' | '\u{3002}' | '\u{FF0E}' | '\u{FF61}')
}

/// Checks every label and the name's length (253 octets in A-label form), then
/// RFC 5893's Bidi rule on every label if any label is right-to-left.
fn domain_name(s: &str, idn: bool) -> bool {
    let mut labels: Vec<Vec<char>> = Vec::new();
    let mut total = 0;
    for label in s.split(is_label_separator) {
        let Some((chars, ascii_len)) = host_label(label, idn) else {
            return false;
        };
        total += ascii_len + 1;
        labels.push(chars);
    }
    if total - 1 > 253 {
        return false;
    }
    let bidi_domain = labels.iter().any(|l| l.iter().any(|&c| matches!(class(c), Some(Class::R | Class::An))));
    !bidi_domain || labels.iter().all(|l| bidi_rule(l))
}

/// One label as its code points and the length of its ASCII form, if it is valid:
/// an LDH label, an `xn--` A-label whose U-label is valid, or (for `idn`) a U-label.
fn host_label(label: &str, idn: bool) -> Option<(Vec<char>, usize)> {
    if !label.is_ascii() {
        let chars: Vec<char> = label.chars().collect();
        if chars.len() > 63 {
            return None; // each code point takes at least one octet of the A-label
        }
        let ascii_len = "xn--".len() + punycode_encode(&chars)?.len();
        return (idn && ascii_len <= 63 && u_label(&chars)).then_some((chars, ascii_len));
    }
    if label.is_empty() || label.len() > 63 {
        return None;
    }
    let lower = label.to_ascii_lowercase();
    if let Some(encoded) = lower.strip_prefix("xn--") {
        // RFC 5891 §5.3: an A-label decodes to a valid U-label that encodes back to it.
        let chars = punycode_decode(encoded)?;
        let canonical = punycode_encode(&chars)? == encoded;
        let has_non_ascii = chars.iter().any(|c| !c.is_ascii());
        let ok = canonical && has_non_ascii && u_label(&chars);
        return ok.then_some((chars, label.len()));
    }
    let ldh = label.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-');
    let hyphen_ends = label.starts_with('-') || label.ends_with('-');
    // RFC 5891 §4.2.3.1: `??--` labels are reserved for A-labels in IDNA.
    let reserved = idn && label.get(2..4) == Some("--");
    (ldh && !hyphen_ends && !reserved).then(|| (label.chars().collect(), label.len()))
}

/// RFC 5891 §5.4: the checks on a U-label's code points (NFC is not checked).
fn u_label(chars: &[char]) -> bool {
    let hyphen_at = |i: usize| chars.get(i) == Some(&'-');
    if chars.is_empty() || hyphen_at(0) || chars.last() == Some(&'-') {
        return false;
    }
    // §4.2.3.1: no "--" in the third and fourth positions.
    if hyphen_at(2) && hyphen_at(3) {
        return false;
    }
    // §4.2.3.2: no leading combining mark.
    if matches!(chars.first().copied().and_then(class), Some(Class::Nsm | Class::MarkL)) {
        return false;
    }
    (0..chars.len()).all(|i| code_point_allowed(chars, i))
}

/// RFC 5892: the code point at `i` is PVALID, or CONTEXTJ/CONTEXTO with its
/// rule from appendix A satisfied.
fn code_point_allowed(label: &[char], i: usize) -> bool {
    let Some(&c) = label.get(i) else {
        return false;
    };
    let before = i.checked_sub(1).and_then(|j| label.get(j)).copied();
    let after = label.get(i + 1).copied();
    match c {
        // A.1 ZERO WIDTH NON-JOINER, A.2 ZERO WIDTH JOINER.
        '\u{200C}' => before.is_some_and(is_virama) || zwnj_joins(label, i),
        '\u{200D}' => before.is_some_and(is_virama),
        // A.3 MIDDLE DOT: between two 'l's.
        '\u{00B7}' => before == Some('l') && after == Some('l'),
        // A.4 GREEK LOWER NUMERAL SIGN (KERAIA): followed by Greek.
        '\u{0375}' => after.and_then(script) == Some(Script::Greek),
        // A.5 HEBREW PUNCTUATION GERESH, A.6 GERSHAYIM: preceded by Hebrew.
        '\u{05F3}' | '\u{05F4}' => before.and_then(script) == Some(Script::Hebrew),
        // A.7 KATAKANA MIDDLE DOT: the label holds Hiragana, Katakana or Han.
        '\u{30FB}' => label.iter().any(|&x| x != '\u{30FB}' && matches!(script(x), Some(Script::Kana | Script::Han))),
        // A.8, A.9: Arabic-Indic and Extended Arabic-Indic digits do not mix.
        '\u{0660}'..='\u{0669}' => !label.iter().any(|x| ('\u{06F0}'..='\u{06F9}').contains(x)),
        '\u{06F0}'..='\u{06F9}' => !label.iter().any(|x| ('\u{0660}'..='\u{0669}').contains(x)),
        // PVALID: in the table and not a letter that lower-cases to another.
        _ => class(c).is_some() && c.to_lowercase().eq([c]),
    }
}

/// A.1's regular expression around the ZWNJ at `i`:
/// `(Joining_Type:{L,D})(Joining_Type:T)* ZWNJ (Joining_Type:T)*(Joining_Type:{R,D})`.
fn zwnj_joins(label: &[char], i: usize) -> bool {
    let joins = |c: &&char| joining(**c) != Joining::Transparent;
    let left = label.get(..i).unwrap_or_default().iter().rev().find(joins);
    let right = label.get(i + 1..).unwrap_or_default().iter().find(joins);
    matches!(left.map(|&c| joining(c)), Some(Joining::Left | Joining::Dual)) && matches!(right.map(|&c| joining(c)), Some(Joining::Right | Joining::Dual))
}

/// RFC 5893 §2: the Bidi rule for one label of a domain name that holds right-to-left text.
fn bidi_rule(label: &[char]) -> bool {
    use Class::*;
    let classes: Vec<Class> = label.iter().map(|&c| class(c).unwrap_or(L)).collect();
    let bidi = |c: Class| if c == MarkL { L } else { c };
    let last = classes.iter().rev().map(|&c| bidi(c)).find(|&c| c != Nsm);
    match classes.first().map(|&c| bidi(c)) {
        // Rules 2-4: a right-to-left label.
        Some(R) => {
            classes.iter().all(|&c| matches!(c, R | An | En | On | Nsm))
                && matches!(last, Some(R | En | An))
                && !(classes.contains(&En) && classes.contains(&An))
        }
        // Rules 5-6: a left-to-right label.
        Some(L) => classes.iter().all(|&c| matches!(bidi(c), L | En | On | Nsm)) && matches!(last, Some(L | En)),
        // Rule 1: the first character is L, R or AL.
        _ => false,
    }
}

/// The IDNA2008 class of a code point allowed in a U-label (before the case check).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Class {
    /// Left-to-right (Bidi_Class L), not a mark.
    L,
    /// Right-to-left (Bidi_Class R or AL).
    R,
    /// Arabic number (Bidi_Class AN).
    An,
    /// European number (Bidi_Class EN).
    En,
    /// Other neutral (Bidi_Class ES, CS, ET, ON or BN).
    On,
    /// Non-spacing or enclosing mark (Bidi_Class NSM; Joining_Type T).
    Nsm,
    /// Combining mark that is Bidi_Class L (mostly spacing marks).
    MarkL,
}

/// Joining_Type (Unicode ArabicShaping.txt), for the ZWNJ rule.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Joining {
    Dual,
    Left,
    Right,
    Transparent,
    Other,
}

/// The scripts that RFC 5892's CONTEXTO rules ask about.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Script {
    Greek,
    Hebrew,
    /// Hiragana or Katakana.
    Kana,
    Han,
}

fn class(c: char) -> Option<Class> {
    lookup(CLASSES, c)
}

fn script(c: char) -> Option<Script> {
    lookup(SCRIPTS, c)
}

fn joining(c: char) -> Joining {
    match lookup(JOINING, c) {
        Some(j) => j,
        None if class(c) == Some(Class::Nsm) => Joining::Transparent,
        None => Joining::Other,
    }
}

fn is_virama(c: char) -> bool {
    VIRAMAS.binary_search(&u32::from(c)).is_ok()
}

/// The value of the sorted, disjoint range containing `c`.
fn lookup<T: Copy>(table: &[(u32, u32, T)], c: char) -> Option<T> {
    let c = u32::from(c);
    let i = table.partition_point(|&(_, end, _)| end < c);
    table.get(i).filter(|&&(start, _, _)| start <= c).map(|&(_, _, v)| v)
}

// Punycode: RFC 3492 with its parameters for IDNA.
const BASE: u32 = 36;
const T_MIN: u32 = 1;
const T_MAX: u32 = 26;
const SKEW: u32 = 38;
const DAMP: u32 = 700;
const INITIAL_BIAS: u32 = 72;
const INITIAL_N: u32 = 128;

/// RFC 3492 §6.1.
fn adapt(delta: u32, num_points: u32, first_time: bool) -> u32 {
    let mut delta = if first_time { delta / DAMP } else { delta / 2 };
    delta += delta / num_points;
    let mut k = 0;
    while delta > ((BASE - T_MIN) * T_MAX) / 2 {
        delta /= BASE - T_MIN;
        k += BASE;
    }
    k + (BASE - T_MIN + 1) * delta / (delta + SKEW)
}

fn threshold(k: u32, bias: u32) -> u32 {
    k.saturating_sub(bias).clamp(T_MIN, T_MAX)
}

/// RFC 3492 §6.2: decodes lower-case Punycode; `None` on any malformed input or overflow.
fn punycode_decode(input: &str) -> Option<Vec<char>> {
    let (basic, extended) = match input.rfind('-') {
        Some(i) if i > 0 => (&input[..i], &input[i + 1..]),
        _ => ("", input),
    };
    if !basic.is_ascii() {
        return None;
    }
    let mut output: Vec<char> = basic.chars().collect();
    let (mut n, mut i, mut bias) = (INITIAL_N, 0u32, INITIAL_BIAS);
    let mut digits = extended.bytes();
    while digits.len() > 0 {
        let old_i = i;
        let mut w = 1u32;
        let mut k = BASE;
        loop {
            let digit = match digits.next()? {
                c @ b'a'..=b'z' => u32::from(c - b'a'),
                c @ b'0'..=b'9' => u32::from(c - b'0') + 26,
                _ => return None,
            };
            i = i.checked_add(digit.checked_mul(w)?)?;
            let t = threshold(k, bias);
            if digit < t {
                break;
            }
            w = w.checked_mul(BASE - t)?;
            k += BASE;
        }
        let len = u32::try_from(output.len() + 1).ok()?;
        bias = adapt(i - old_i, len, old_i == 0);
        n = n.checked_add(i / len)?;
        i %= len;
        output.insert(usize::try_from(i).ok()?, char::from_u32(n)?);
        i += 1;
    }
    Some(output)
}

/// RFC 3492 §6.3: encodes code points as lower-case Punycode; `None` on overflow.
fn punycode_encode(input: &[char]) -> Option<String> {
    let mut output: String = input.iter().filter(|c| c.is_ascii()).collect();
    let basic = u32::try_from(output.len()).ok()?;
    let mut handled = basic;
    if basic > 0 {
        output.push('-');
    }
    let (mut n, mut delta, mut bias) = (INITIAL_N, 0u32, INITIAL_BIAS);
    let total = u32::try_from(input.len()).ok()?;
    while handled < total {
        let m = input.iter().map(|&c| u32::from(c)).filter(|&c| c >= n).min()?;
        delta = delta.checked_add((m - n).checked_mul(handled + 1)?)?;
        n = m;
        for &c in input {
            let c = u32::from(c);
            if c < n {
                delta = delta.checked_add(1)?;
            }
            if c == n {
                let mut q = delta;
                let mut k = BASE;
                loop {
                    let t = threshold(k, bias);
                    if q < t {
                        break;
                    }
                    output.push(punycode_digit(t + (q - t) % (BASE - t)));
                    q = (q - t) / (BASE - t);
                    k += BASE;
                }
                output.push(punycode_digit(q));
                bias = adapt(delta, handled + 1, handled == basic);
                delta = 0;
                handled += 1;
            }
        }
        delta = delta.checked_add(1)?;
        n = n.checked_add(1)?;
    }
    Some(output)
}

fn punycode_digit(d: u32) -> char {
    match d {
        0..=25 => char::from(b'a' + d as u8),
        _ => char::from(b'0' + (d - 26) as u8),
    }
}

// ---------------------------------------------------------------------------
// IP addresses: RFC 2673 §3.2 dotted quad and RFC 4291 §2.2 text forms.

/// `ipv4`: dotted-quad `dec-octet` form (RFC 3986 §3.2.2: no leading zeros).
pub fn is_ipv4(s: &str) -> bool {
    let mut parts = 0;
    for part in s.split('.') {
        parts += 1;
        let digits_ok = !part.is_empty() && part.len() <= 3 && part.bytes().all(|c| c.is_ascii_digit());
        if !digits_ok || (part.len() > 1 && part.starts_with('0')) || number(part.as_bytes()).is_none_or(|n| n > 255) {
            return false;
        }
    }
    parts == 4
}

/// `ipv6`: RFC 4291 §2.2 text form (one `::` at most, trailing IPv4 allowed, no zone id).
pub fn is_ipv6(s: &str) -> bool {
    let (head, tail) = match s.split_once("::") {
        Some((head, tail)) => (head, Some(tail)),
        None => (s, None),
    };
    let Some(head_groups) = ipv6_groups(head, tail.is_none()) else {
        return false;
    };
    match tail {
        None => head_groups == 8,
        Some(tail) => ipv6_groups(tail, true).is_some_and(|n| head_groups + n <= 7),
    }
}

/// The number of 16-bit groups in a `:`-separated run (an IPv4 tail, if allowed, counts two).
fn ipv6_groups(run: &str, ipv4_tail: bool) -> Option<usize> {
    if run.is_empty() {
        return Some(0);
    }
    let parts: Vec<&str> = run.split(':').collect();
    let mut groups = 0;
    for (i, part) in parts.iter().enumerate() {
        let last = i + 1 == parts.len();
        if last && ipv4_tail && part.contains('.') {
            groups += 2;
            if !is_ipv4(part) {
                return None;
            }
        } else if (1..=4).contains(&part.len()) && part.bytes().all(|c| c.is_ascii_hexdigit()) {
            groups += 1;
        } else {
            return None;
        }
    }
    Some(groups)
}

// ---------------------------------------------------------------------------
// URIs and IRIs: RFC 3986 §3-4 and RFC 3987 §2.2.

/// `uri`: RFC 3986 `URI` (absolute, with a scheme).
pub fn is_uri(s: &str) -> bool {
    uri_reference(s, false, true)
}

/// `uri-reference`: RFC 3986 `URI-reference` (a URI or a relative reference).
pub fn is_uri_reference(s: &str) -> bool {
    uri_reference(s, false, false)
}

/// `iri`: RFC 3987 `IRI` (absolute, with a scheme).
pub fn is_iri(s: &str) -> bool {
    uri_reference(s, true, true)
}

/// `iri-reference`: RFC 3987 `IRI-reference`.
pub fn is_iri_reference(s: &str) -> bool {
    uri_reference(s, true, false)
}

/// `[scheme ":"] ["//" authority] path ["?" query] ["#" fragment]`; the scheme is
/// required if `absolute`, and `iri` admits RFC 3987's `ucschar` (and `iprivate` in queries).
fn uri_reference(s: &str, iri: bool, absolute: bool) -> bool {
    let (rest, fragment) = s.split_once('#').unwrap_or((s, ""));
    let (rest, query) = rest.split_once('?').unwrap_or((rest, ""));
    if !uri_chars(fragment, iri, ":@/?", false) || !uri_chars(query, iri, ":@/?", iri) {
        return false;
    }
    // A colon before any slash ends a scheme: a relative reference's first segment has none.
    let rest = match rest.find([':', '/']) {
        Some(i) if rest.as_bytes().get(i) == Some(&b':') => {
            if !scheme(&rest[..i]) {
                return false;
            }
            &rest[i + 1..]
        }
        _ if absolute => return false,
        _ => rest,
    };
    let path = match rest.strip_prefix("//") {
        Some(after) => {
            let end = after.find('/').unwrap_or(after.len());
            if !authority(&after[..end], iri) {
                return false;
            }
            &after[end..]
        }
        None => rest,
    };
    path.split('/').all(|segment| uri_chars(segment, iri, ":@", false))
}

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
fn scheme(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_alphabetic()) && s.chars().all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
}

/// `authority = [ userinfo "@" ] host [ ":" port ]`.
fn authority(s: &str, iri: bool) -> bool {
    let (userinfo, host_port) = match s.split_once('@') {
        Some((userinfo, host_port)) => (Some(userinfo), host_port),
        None => (None, s),
    };
    if userinfo.is_some_and(|u| !uri_chars(u, iri, ":", false)) {
        return false;
    }
    let (host_ok, port) = match host_port.strip_prefix('[') {
        Some(literal) => match literal.split_once(']') {
            Some((inside, after)) => (is_ipv6(inside) || ip_future(inside), after),
            None => return false,
        },
        None => {
            let end = host_port.find(':').unwrap_or(host_port.len());
            (uri_chars(&host_port[..end], iri, "", false), &host_port[end..])
        }
    };
    let port_ok = port.is_empty() || port.strip_prefix(':').is_some_and(|p| p.bytes().all(|c| c.is_ascii_digit()));
    host_ok && port_ok
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`.
fn ip_future(s: &str) -> bool {
    let Some(rest) = s.strip_prefix(['v', 'V']) else {
        return false;
    };
    let Some((version, address)) = rest.split_once('.') else {
        return false;
    };
    !version.is_empty() && version.bytes().all(|c| c.is_ascii_hexdigit()) && !address.is_empty() && uri_chars(address, false, ":", false)
}

/// Whether `s` is made of `unreserved`, `pct-encoded`, `sub-delims` and the `extra`
/// characters (plus `ucschar` for an IRI, and `iprivate` where `private`).
fn uri_chars(s: &str, iri: bool, extra: &str, private: bool) -> bool {
    let bytes = s.as_bytes();
    s.char_indices().all(|(i, c)| match c {
        'a'..='z' | 'A'..='Z' | '0'..='9' | '-' | '.' | '_' | '~' => true,
        '!' | '$' | '&' | '\'' | '(' | ')' | '*' | '+' | ',' | ';' | '=' => true,
        '%' => pct_encoded_at(bytes, i),
        _ if c.is_ascii() => extra.contains(c),
        _ => iri && (is_ucschar(c) || (private && is_iprivate(c))),
    })
}

/// `pct-encoded = "%" HEXDIG HEXDIG`, for the `%` at byte `i`.
fn pct_encoded_at(bytes: &[u8], i: usize) -> bool {
    matches!(bytes.get(i + 1..i + 3), Some([a, b]) if a.is_ascii_hexdigit() && b.is_ascii_hexdigit())
}

/// RFC 3987 `ucschar`.
fn is_ucschar(c: char) -> bool {
    match u32::from(c) {
        0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF | 0xE1000..=0xEFFFD => true,
        // %x10000-1FFFD / %x20000-2FFFD / ... / %xD0000-DFFFD
        c @ 0x10000..=0xDFFFD => c & 0xFFFF <= 0xFFFD,
        _ => false,
    }
}

/// RFC 3987 `iprivate`.
fn is_iprivate(c: char) -> bool {
    matches!(u32::from(c), 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD)
}

/// `uri-template`: RFC 6570 `URI-Template` (level 4 syntax; `'` allowed in literals per erratum 6937).
pub fn is_uri_template(s: &str) -> bool {
    let mut rest = s;
    while !rest.is_empty() {
        let (literal, after) = match rest.find(['{', '}']) {
            Some(i) => rest.split_at(i),
            None => (rest, ""),
        };
        if !template_literal(literal) {
            return false;
        }
        if after.is_empty() {
            return true;
        }
        let Some((expression, next)) = after.strip_prefix('{').and_then(|a| a.split_once('}')) else {
            return false; // a stray "}" or an unclosed "{"
        };
        if !template_expression(expression) {
            return false;
        }
        rest = next;
    }
    true
}

/// `literals = %x21 / %x23-24 / %x26-3B / %x3D / %x3F-5B / %x5D / %x5F / %x61-7A / %x7E
///            / ucschar / iprivate / pct-encoded`.
fn template_literal(s: &str) -> bool {
    let bytes = s.as_bytes();
    s.char_indices().all(|(i, c)| match c {
        '%' => pct_encoded_at(bytes, i),
        '!' | '#' | '$' | '&'..=';' | '=' | '?'..='[' | ']' | '_' | 'a'..='z' | '~' => true,
        _ => is_ucschar(c) || is_iprivate(c),
    })
}

/// `expression = "{" [ operator ] variable-list "}"` without its braces.
fn template_expression(s: &str) -> bool {
    let list = s.strip_prefix(['+', '#', '.', '/', ';', '?', '&', '=', ',', '!', '@', '|']).unwrap_or(s);
    list.split(',').all(template_varspec)
}

/// `varspec = varname [ ":" max-length / "*" ]`, `max-length = %x31-39 0*3DIGIT`.
fn template_varspec(s: &str) -> bool {
    let (name, modifier_ok) = if let Some(name) = s.strip_suffix('*') {
        (name, true)
    } else if let Some((name, length)) = s.split_once(':') {
        let ok = (1..=4).contains(&length.len()) && !length.starts_with('0') && length.bytes().all(|c| c.is_ascii_digit());
        (name, ok)
    } else {
        (s, true)
    };
    // varname = varchar *( ["."] varchar ), varchar = ALPHA / DIGIT / "_" / pct-encoded
    modifier_ok
        && name
            .split('.')
            .all(|part| !part.is_empty() && uri_chars(part, false, "", false) && part.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '%'))
}

// ---------------------------------------------------------------------------
// Other formats.

/// `uuid`: RFC 4122 string form, `8-4-4-4-12` hex digits in any case.
pub fn is_uuid(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 36
        && b.iter().enumerate().all(|(i, &c)| match i {
            8 | 13 | 18 | 23 => c == b'-',
            _ => c.is_ascii_hexdigit(),
        })
}

/// `regex`: an ECMA-262 pattern, as `regress` compiles it with the `u` flag
/// (the flag the generated `pattern` checks use).
pub fn is_regex(s: &str) -> bool {
    regress::Regex::with_flags(s, "u").is_ok()
}

/// `json-pointer`: RFC 6901 JSON Pointer (`""` or `/`-prefixed tokens; `~` only as `~0`/`~1`).
pub fn is_json_pointer(s: &str) -> bool {
    s.is_empty() || (s.starts_with('/') && pointer_escapes(s))
}

/// Whether every `~` in `s` starts `~0` or `~1`.
fn pointer_escapes(s: &str) -> bool {
    let b = s.as_bytes();
    b.iter().enumerate().all(|(i, &c)| c != b'~' || matches!(b.get(i + 1), Some(b'0' | b'1')))
}

/// `relative-json-pointer`: draft-bhutton-relative-json-pointer-00
/// (`non-negative-integer [index-manipulation] ( "#" / json-pointer )`).
pub fn is_relative_json_pointer(s: &str) -> bool {
    let Some(rest) = non_negative_integer(s) else {
        return false;
    };
    let rest = match rest.strip_prefix(['+', '-']) {
        Some(after) => match non_negative_integer(after) {
            Some(rest) => rest,
            None => return false,
        },
        None => rest,
    };
    rest == "#" || is_json_pointer(rest)
}

/// Strips `non-negative-integer = %x30 / %x31-39 *%x30-39` from the front of `s`.
fn non_negative_integer(s: &str) -> Option<&str> {
    let n = s.bytes().take_while(u8::is_ascii_digit).count();
    let digits = &s[..n];
    (n > 0 && (digits == "0" || !digits.starts_with('0'))).then(|| &s[n..])
}

// ---------------------------------------------------------------------------
// IDNA tables, generated from Unicode data (the Python `idna` package's RFC 5892
// derived properties, `unicodedata2` for Bidi_Class, General_Category and
// Canonical_Combining_Class). Only code points that RFC 5892 derives as PVALID,
// CONTEXTJ or CONTEXTO are listed, plus letters with a lower-case mapping folded
// into the `L` ranges to keep them short (`code_point_allowed` rejects those).
use tables::{CLASSES, JOINING, SCRIPTS, VIRAMAS};

#[rustfmt::skip]
mod tables {
    use super::{Class, Class::*, Joining, Joining::*, Script, Script::*};

    // Generated from Unicode 18.0.0 (IDNA derived properties of the Python idna 3.20 package).
    pub(super) const CLASSES: &[(u32, u32, Class)] = &[
        (0x2D, 0x2D, On), (0x30, 0x39, En), (0x41, 0x5A, L), (0x61, 0x7A, L), (0xB7, 0xB7, On),
        (0xC0, 0xD6, L), (0xD8, 0xF6, L), (0xF8, 0x132, L), (0x134, 0x13F, L), (0x141, 0x148, L),
        (0x14A, 0x17E, L), (0x180, 0x1C5, L), (0x1C7, 0x1C8, L), (0x1CA, 0x1CB, L), (0x1CD, 0x1F2, L),
        (0x1F4, 0x2AF, L), (0x2B9, 0x2BA, On), (0x2BB, 0x2C1, L), (0x2C6, 0x2CF, On), (0x2D0, 0x2D1, L),
        (0x2EC, 0x2EC, On), (0x2EE, 0x2EE, L), (0x300, 0x33F, Nsm), (0x342, 0x342, Nsm), (0x346, 0x34E, Nsm),
        (0x350, 0x36F, Nsm), (0x370, 0x373, L), (0x375, 0x375, On), (0x376, 0x377, L), (0x37B, 0x37D, L),
        (0x37F, 0x37F, L), (0x386, 0x386, L), (0x388, 0x38A, L), (0x38C, 0x38C, L), (0x38E, 0x3A1, L),
        (0x3A3, 0x3CF, L), (0x3D7, 0x3EF, L), (0x3F3, 0x3F4, L), (0x3F7, 0x481, L), (0x483, 0x487, Nsm),
        (0x48A, 0x52F, L), (0x531, 0x556, L), (0x559, 0x559, L), (0x560, 0x586, L), (0x588, 0x588, L),
        (0x591, 0x5BD, Nsm), (0x5BF, 0x5BF, Nsm), (0x5C1, 0x5C2, Nsm), (0x5C4, 0x5C5, Nsm), (0x5C7, 0x5C9, Nsm),
        (0x5D0, 0x5EA, R), (0x5EF, 0x5F4, R), (0x610, 0x61A, Nsm), (0x620, 0x63F, R), (0x641, 0x64A, R),
        (0x64B, 0x65F, Nsm), (0x660, 0x669, An), (0x66E, 0x66F, R), (0x670, 0x670, Nsm), (0x671, 0x674, R),
        (0x679, 0x6D3, R), (0x6D5, 0x6D5, R), (0x6D6, 0x6DC, Nsm), (0x6DF, 0x6E4, Nsm), (0x6E5, 0x6E6, R),
        (0x6E7, 0x6E8, Nsm), (0x6EA, 0x6ED, Nsm), (0x6EE, 0x6EF, R), (0x6F0, 0x6F9, En), (0x6FA, 0x6FF, R),
        (0x710, 0x710, R), (0x711, 0x711, Nsm), (0x712, 0x72F, R), (0x730, 0x74A, Nsm), (0x74D, 0x7A5, R),
        (0x7A6, 0x7B0, Nsm), (0x7B1, 0x7B1, R), (0x7C0, 0x7EA, R), (0x7EB, 0x7F3, Nsm), (0x7F4, 0x7F5, R),
        (0x7FD, 0x7FD, Nsm), (0x800, 0x815, R), (0x816, 0x819, Nsm), (0x81A, 0x81A, R), (0x81B, 0x823, Nsm),
        (0x824, 0x824, R), (0x825, 0x827, Nsm), (0x828, 0x828, R), (0x829, 0x82D, Nsm), (0x840, 0x858, R),
        (0x859, 0x85B, Nsm), (0x860, 0x86A, R), (0x870, 0x887, R), (0x889, 0x88F, R), (0x897, 0x89F, Nsm),
        (0x8A0, 0x8C9, R), (0x8CA, 0x8E1, Nsm), (0x8E3, 0x902, Nsm), (0x903, 0x903, MarkL), (0x904, 0x939, L),
        (0x93A, 0x93A, Nsm), (0x93B, 0x93B, MarkL), (0x93C, 0x93C, Nsm), (0x93D, 0x93D, L), (0x93E, 0x940, MarkL),
        (0x941, 0x948, Nsm), (0x949, 0x94C, MarkL), (0x94D, 0x94D, Nsm), (0x94E, 0x94F, MarkL), (0x950, 0x950, L),
        (0x951, 0x957, Nsm), (0x960, 0x961, L), (0x962, 0x963, Nsm), (0x966, 0x96F, L), (0x971, 0x980, L),
        (0x981, 0x981, Nsm), (0x982, 0x983, MarkL), (0x985, 0x98C, L), (0x98F, 0x990, L), (0x993, 0x9A8, L),
        (0x9AA, 0x9B0, L), (0x9B2, 0x9B2, L), (0x9B6, 0x9B9, L), (0x9BC, 0x9BC, Nsm), (0x9BD, 0x9BD, L),
        (0x9BE, 0x9C0, MarkL), (0x9C1, 0x9C4, Nsm), (0x9C7, 0x9C8, MarkL), (0x9CB, 0x9CC, MarkL), (0x9CD, 0x9CD, Nsm),
        (0x9CE, 0x9CE, L), (0x9D7, 0x9D7, MarkL), (0x9E0, 0x9E1, L), (0x9E2, 0x9E3, Nsm), (0x9E6, 0x9F1, L),
        (0x9FC, 0x9FC, L), (0x9FE, 0x9FE, Nsm), (0xA01, 0xA02, Nsm), (0xA03, 0xA03, MarkL), (0xA05, 0xA0A, L),
        (0xA0F, 0xA10, L), (0xA13, 0xA28, L), (0xA2A, 0xA30, L), (0xA32, 0xA32, L), (0xA35, 0xA35, L),
        (0xA38, 0xA39, L), (0xA3C, 0xA3C, Nsm), (0xA3E, 0xA40, MarkL), (0xA41, 0xA42, Nsm), (0xA47, 0xA48, Nsm),
        (0xA4B, 0xA4D, Nsm), (0xA51, 0xA51, Nsm), (0xA5C, 0xA5C, L), (0xA66, 0xA6F, L), (0xA70, 0xA71, Nsm),
        (0xA72, 0xA74, L), (0xA75, 0xA75, Nsm), (0xA81, 0xA82, Nsm), (0xA83, 0xA83, MarkL), (0xA85, 0xA8D, L),
        (0xA8F, 0xA91, L), (0xA93, 0xAA8, L), (0xAAA, 0xAB0, L), (0xAB2, 0xAB3, L), (0xAB5, 0xAB9, L),
        (0xABC, 0xABC, Nsm), (0xABD, 0xABD, L), (0xABE, 0xAC0, MarkL), (0xAC1, 0xAC5, Nsm), (0xAC7, 0xAC8, Nsm),
        (0xAC9, 0xAC9, MarkL), (0xACB, 0xACC, MarkL), (0xACD, 0xACD, Nsm), (0xAD0, 0xAD0, L), (0xAE0, 0xAE1, L),
        (0xAE2, 0xAE3, Nsm), (0xAE6, 0xAEF, L), (0xAF9, 0xAF9, L), (0xAFA, 0xAFF, Nsm), (0xB01, 0xB01, Nsm),
        (0xB02, 0xB03, MarkL), (0xB05, 0xB0C, L), (0xB0F, 0xB10, L), (0xB13, 0xB28, L), (0xB2A, 0xB30, L),
        (0xB32, 0xB33, L), (0xB35, 0xB39, L), (0xB3C, 0xB3C, Nsm), (0xB3D, 0xB3D, L), (0xB3E, 0xB3E, MarkL),
        (0xB3F, 0xB3F, Nsm), (0xB40, 0xB40, MarkL), (0xB41, 0xB44, Nsm), (0xB47, 0xB48, MarkL), (0xB4B, 0xB4C, MarkL),
        (0xB4D, 0xB4D, Nsm), (0xB53, 0xB56, Nsm), (0xB57, 0xB57, MarkL), (0xB5F, 0xB61, L), (0xB62, 0xB63, Nsm),
        (0xB66, 0xB6F, L), (0xB71, 0xB71, L), (0xB82, 0xB82, Nsm), (0xB83, 0xB83, L), (0xB85, 0xB8A, L),
        (0xB8E, 0xB90, L), (0xB92, 0xB95, L), (0xB99, 0xB9A, L), (0xB9C, 0xB9C, L), (0xB9E, 0xB9F, L),
        (0xBA3, 0xBA4, L), (0xBA8, 0xBAA, L), (0xBAE, 0xBB9, L), (0xBBE, 0xBBF, MarkL), (0xBC0, 0xBC0, Nsm),
        (0xBC1, 0xBC2, MarkL), (0xBC6, 0xBC8, MarkL), (0xBCA, 0xBCC, MarkL), (0xBCD, 0xBCD, Nsm), (0xBD0, 0xBD0, L),
        (0xBD7, 0xBD7, MarkL), (0xBE6, 0xBEF, L), (0xC00, 0xC00, Nsm), (0xC01, 0xC03, MarkL), (0xC04, 0xC04, Nsm),
        (0xC05, 0xC0C, L), (0xC0E, 0xC10, L), (0xC12, 0xC28, L), (0xC2A, 0xC39, L), (0xC3C, 0xC3C, Nsm),
        (0xC3D, 0xC3D, L), (0xC3E, 0xC40, Nsm), (0xC41, 0xC44, MarkL), (0xC46, 0xC48, Nsm), (0xC4A, 0xC4D, Nsm),
        (0xC55, 0xC56, Nsm), (0xC58, 0xC5A, L), (0xC5C, 0xC5D, L), (0xC60, 0xC61, L), (0xC62, 0xC63, Nsm),
        (0xC66, 0xC6F, L), (0xC80, 0xC80, L), (0xC81, 0xC81, Nsm), (0xC82, 0xC83, MarkL), (0xC85, 0xC8C, L),
        (0xC8E, 0xC90, L), (0xC92, 0xCA8, L), (0xCAA, 0xCB3, L), (0xCB5, 0xCB9, L), (0xCBC, 0xCBC, Nsm),
        (0xCBD, 0xCBD, L), (0xCBE, 0xCC4, MarkL), (0xCC6, 0xCC8, MarkL), (0xCCA, 0xCCB, MarkL), (0xCCC, 0xCCD, Nsm),
        (0xCD5, 0xCD6, MarkL), (0xCDC, 0xCDE, L), (0xCE0, 0xCE1, L), (0xCE2, 0xCE3, Nsm), (0xCE6, 0xCEF, L),
        (0xCF1, 0xCF2, L), (0xCF3, 0xCF3, MarkL), (0xD00, 0xD01, Nsm), (0xD02, 0xD03, MarkL), (0xD04, 0xD0C, L),
        (0xD0E, 0xD10, L), (0xD12, 0xD3A, L), (0xD3B, 0xD3C, Nsm), (0xD3D, 0xD3D, L), (0xD3E, 0xD40, MarkL),
        (0xD41, 0xD44, Nsm), (0xD46, 0xD48, MarkL), (0xD4A, 0xD4C, MarkL), (0xD4D, 0xD4D, Nsm), (0xD4E, 0xD4E, L),
        (0xD54, 0xD56, L), (0xD57, 0xD57, MarkL), (0xD5F, 0xD61, L), (0xD62, 0xD63, Nsm), (0xD66, 0xD6F, L),
        (0xD7A, 0xD7F, L), (0xD81, 0xD81, Nsm), (0xD82, 0xD83, MarkL), (0xD85, 0xD96, L), (0xD9A, 0xDB1, L),
        (0xDB3, 0xDBB, L), (0xDBD, 0xDBD, L), (0xDC0, 0xDC6, L), (0xDCA, 0xDCA, Nsm), (0xDCF, 0xDD1, MarkL),
        (0xDD2, 0xDD4, Nsm), (0xDD6, 0xDD6, Nsm), (0xDD8, 0xDDF, MarkL), (0xDE6, 0xDEF, L), (0xDF2, 0xDF3, MarkL),
        (0xE01, 0xE30, L), (0xE31, 0xE31, Nsm), (0xE32, 0xE32, L), (0xE34, 0xE3A, Nsm), (0xE40, 0xE46, L),
        (0xE47, 0xE4E, Nsm), (0xE50, 0xE59, L), (0xE81, 0xE82, L), (0xE84, 0xE84, L), (0xE86, 0xE8A, L),
        (0xE8C, 0xEA3, L), (0xEA5, 0xEA5, L), (0xEA7, 0xEB0, L), (0xEB1, 0xEB1, Nsm), (0xEB2, 0xEB2, L),
        (0xEB4, 0xEBC, Nsm), (0xEBD, 0xEBD, L), (0xEC0, 0xEC4, L), (0xEC6, 0xEC6, L), (0xEC8, 0xECE, Nsm),
        (0xED0, 0xED9, L), (0xEDE, 0xEDF, L), (0xF00, 0xF00, L), (0xF0B, 0xF0B, L), (0xF18, 0xF19, Nsm),
        (0xF20, 0xF29, L), (0xF35, 0xF35, Nsm), (0xF37, 0xF37, Nsm), (0xF39, 0xF39, Nsm), (0xF3E, 0xF3F, MarkL),
        (0xF40, 0xF42, L), (0xF44, 0xF47, L), (0xF49, 0xF4C, L), (0xF4E, 0xF51, L), (0xF53, 0xF56, L),
        (0xF58, 0xF5B, L), (0xF5D, 0xF68, L), (0xF6A, 0xF6C, L), (0xF71, 0xF72, Nsm), (0xF74, 0xF74, Nsm),
        (0xF7A, 0xF7E, Nsm), (0xF7F, 0xF7F, MarkL), (0xF80, 0xF80, Nsm), (0xF82, 0xF84, Nsm), (0xF86, 0xF87, Nsm),
        (0xF88, 0xF8C, L), (0xF8D, 0xF92, Nsm), (0xF94, 0xF97, Nsm), (0xF99, 0xF9C, Nsm), (0xF9E, 0xFA1, Nsm),
        (0xFA3, 0xFA6, Nsm), (0xFA8, 0xFAB, Nsm), (0xFAD, 0xFB8, Nsm), (0xFBA, 0xFBC, Nsm), (0xFC6, 0xFC6, Nsm),
        (0x1000, 0x102A, L), (0x102B, 0x102C, MarkL), (0x102D, 0x1030, Nsm), (0x1031, 0x1031, MarkL), (0x1032, 0x1037, Nsm),
        (0x1038, 0x1038, MarkL), (0x1039, 0x103A, Nsm), (0x103B, 0x103C, MarkL), (0x103D, 0x103E, Nsm), (0x103F, 0x1049, L),
        (0x1050, 0x1055, L), (0x1056, 0x1057, MarkL), (0x1058, 0x1059, Nsm), (0x105A, 0x105D, L), (0x105E, 0x1060, Nsm),
        (0x1061, 0x1061, L), (0x1062, 0x1064, MarkL), (0x1065, 0x1066, L), (0x1067, 0x106D, MarkL), (0x106E, 0x1070, L),
        (0x1071, 0x1074, Nsm), (0x1075, 0x1081, L), (0x1082, 0x1082, Nsm), (0x1083, 0x1084, MarkL), (0x1085, 0x1086, Nsm),
        (0x1087, 0x108C, MarkL), (0x108D, 0x108D, Nsm), (0x108E, 0x108E, L), (0x108F, 0x108F, MarkL), (0x1090, 0x1099, L),
        (0x109A, 0x109C, MarkL), (0x109D, 0x109D, Nsm), (0x10A0, 0x10C5, L), (0x10C7, 0x10C7, L), (0x10CD, 0x10CD, L),
        (0x10D0, 0x10FA, L), (0x10FD, 0x10FF, L), (0x1200, 0x1248, L), (0x124A, 0x124D, L), (0x1250, 0x1256, L),
        (0x1258, 0x1258, L), (0x125A, 0x125D, L), (0x1260, 0x1288, L), (0x128A, 0x128D, L), (0x1290, 0x12B0, L),
        (0x12B2, 0x12B5, L), (0x12B8, 0x12BE, L), (0x12C0, 0x12C0, L), (0x12C2, 0x12C5, L), (0x12C8, 0x12D6, L),
        (0x12D8, 0x1310, L), (0x1312, 0x1315, L), (0x1318, 0x135A, L), (0x135D, 0x135F, Nsm), (0x1380, 0x138F, L),
        (0x13A0, 0x13F5, L), (0x1401, 0x166C, L), (0x166F, 0x167F, L), (0x1681, 0x169A, L), (0x16A0, 0x16EA, L),
        (0x16F1, 0x16F8, L), (0x1700, 0x1711, L), (0x1712, 0x1714, Nsm), (0x1715, 0x1715, MarkL), (0x171F, 0x1731, L),
        (0x1732, 0x1733, Nsm), (0x1734, 0x1734, MarkL), (0x1740, 0x1751, L), (0x1752, 0x1753, Nsm), (0x1760, 0x176C, L),
        (0x176E, 0x1770, L), (0x1772, 0x1773, Nsm), (0x1780, 0x17B3, L), (0x17B6, 0x17B6, MarkL), (0x17B7, 0x17BD, Nsm),
        (0x17BE, 0x17C5, MarkL), (0x17C6, 0x17C6, Nsm), (0x17C7, 0x17C8, MarkL), (0x17C9, 0x17D3, Nsm), (0x17D7, 0x17D7, L),
        (0x17DC, 0x17DC, L), (0x17DD, 0x17DD, Nsm), (0x17E0, 0x17E9, L), (0x1810, 0x1819, L), (0x1820, 0x1878, L),
        (0x1880, 0x1884, L), (0x1885, 0x1886, Nsm), (0x1887, 0x18A8, L), (0x18A9, 0x18A9, Nsm), (0x18AA, 0x18AA, L),
        (0x18B0, 0x18F5, L), (0x1900, 0x191E, L), (0x1920, 0x1922, Nsm), (0x1923, 0x1926, MarkL), (0x1927, 0x1928, Nsm),
        (0x1929, 0x192B, MarkL), (0x1930, 0x1931, MarkL), (0x1932, 0x1932, Nsm), (0x1933, 0x1938, MarkL), (0x1939, 0x193B, Nsm),
        (0x1946, 0x196D, L), (0x1970, 0x1974, L), (0x1980, 0x19AB, L), (0x19B0, 0x19C9, L), (0x19D0, 0x19D9, L),
        (0x1A00, 0x1A16, L), (0x1A17, 0x1A18, Nsm), (0x1A19, 0x1A1A, MarkL), (0x1A1B, 0x1A1B, Nsm), (0x1A20, 0x1A54, L),
        (0x1A55, 0x1A55, MarkL), (0x1A56, 0x1A56, Nsm), (0x1A57, 0x1A57, MarkL), (0x1A58, 0x1A5E, Nsm), (0x1A60, 0x1A60, Nsm),
        (0x1A61, 0x1A61, MarkL), (0x1A62, 0x1A62, Nsm), (0x1A63, 0x1A64, MarkL), (0x1A65, 0x1A6C, Nsm), (0x1A6D, 0x1A72, MarkL),
        (0x1A73, 0x1A7C, Nsm), (0x1A7F, 0x1A7F, Nsm), (0x1A80, 0x1A89, L), (0x1A90, 0x1A99, L), (0x1AA7, 0x1AA7, L),
        (0x1AB0, 0x1ABD, Nsm), (0x1ABF, 0x1AF0, Nsm), (0x1B00, 0x1B03, Nsm), (0x1B04, 0x1B04, MarkL), (0x1B05, 0x1B33, L),
        (0x1B34, 0x1B34, Nsm), (0x1B35, 0x1B35, MarkL), (0x1B36, 0x1B39, Nsm), (0x1B3A, 0x1B44, MarkL), (0x1B45, 0x1B4C, L),
        (0x1B50, 0x1B59, L), (0x1B6B, 0x1B73, Nsm), (0x1B80, 0x1B81, Nsm), (0x1B82, 0x1B82, MarkL), (0x1B83, 0x1BA0, L),
        (0x1BA1, 0x1BA1, MarkL), (0x1BA2, 0x1BA5, Nsm), (0x1BA6, 0x1BA7, MarkL), (0x1BA8, 0x1BA9, Nsm), (0x1BAA, 0x1BAA, MarkL),
        (0x1BAB, 0x1BAD, Nsm), (0x1BAE, 0x1BE5, L), (0x1BE6, 0x1BE6, Nsm), (0x1BE7, 0x1BE7, MarkL), (0x1BE8, 0x1BE9, Nsm),
        (0x1BEA, 0x1BEC, MarkL), (0x1BED, 0x1BED, Nsm), (0x1BEE, 0x1BEE, MarkL), (0x1BEF, 0x1BF1, Nsm), (0x1BF2, 0x1BF3, MarkL),
        (0x1C00, 0x1C23, L), (0x1C24, 0x1C2B, MarkL), (0x1C2C, 0x1C33, Nsm), (0x1C34, 0x1C35, MarkL), (0x1C36, 0x1C37, Nsm),
        (0x1C40, 0x1C49, L), (0x1C4D, 0x1C7D, L), (0x1C8A, 0x1C8A, L), (0x1C90, 0x1CBA, L), (0x1CBD, 0x1CBF, L),
        (0x1CD0, 0x1CD2, Nsm), (0x1CD4, 0x1CE0, Nsm), (0x1CE1, 0x1CE1, MarkL), (0x1CE2, 0x1CE8, Nsm), (0x1CE9, 0x1CEC, L),
        (0x1CED, 0x1CED, Nsm), (0x1CEE, 0x1CF3, L), (0x1CF4, 0x1CF4, Nsm), (0x1CF5, 0x1CF6, L), (0x1CF7, 0x1CF7, MarkL),
        (0x1CF8, 0x1CF9, Nsm), (0x1CFA, 0x1CFA, L), (0x1D00, 0x1D2B, L), (0x1D2F, 0x1D2F, L), (0x1D3B, 0x1D3B, L),
        (0x1D4E, 0x1D4E, L), (0x1D6B, 0x1D77, L), (0x1D79, 0x1D9A, L), (0x1DC0, 0x1DFF, Nsm), (0x1E00, 0x1E99, L),
        (0x1E9C, 0x1F15, L), (0x1F18, 0x1F1D, L), (0x1F20, 0x1F45, L), (0x1F48, 0x1F4D, L), (0x1F50, 0x1F57, L),
        (0x1F59, 0x1F59, L), (0x1F5B, 0x1F5B, L), (0x1F5D, 0x1F5D, L), (0x1F5F, 0x1F70, L), (0x1F72, 0x1F72, L),
        (0x1F74, 0x1F74, L), (0x1F76, 0x1F76, L), (0x1F78, 0x1F78, L), (0x1F7A, 0x1F7A, L), (0x1F7C, 0x1F7C, L),
        (0x1F88, 0x1F8F, L), (0x1F98, 0x1F9F, L), (0x1FA8, 0x1FB1, L), (0x1FB6, 0x1FB6, L), (0x1FB8, 0x1FBC, L),
        (0x1FC6, 0x1FC6, L), (0x1FC8, 0x1FCC, L), (0x1FD0, 0x1FD2, L), (0x1FD6, 0x1FDB, L), (0x1FE0, 0x1FE2, L),
        (0x1FE4, 0x1FEC, L), (0x1FF6, 0x1FF6, L), (0x1FF8, 0x1FFC, L), (0x200C, 0x200D, On), (0x208F, 0x208F, On),
        (0x2126, 0x2126, L), (0x212A, 0x212B, L), (0x2132, 0x2132, L), (0x214E, 0x214E, L), (0x2160, 0x216F, L),
        (0x2183, 0x2184, L), (0x24B6, 0x24CF, L), (0x2C00, 0x2C7B, L), (0x2C7E, 0x2CE4, L), (0x2CEB, 0x2CEE, L),
        (0x2CEF, 0x2CF1, Nsm), (0x2CF2, 0x2CF3, L), (0x2D00, 0x2D25, L), (0x2D27, 0x2D27, L), (0x2D2D, 0x2D2D, L),
        (0x2D30, 0x2D67, L), (0x2D7F, 0x2D7F, Nsm), (0x2D80, 0x2D96, L), (0x2DA0, 0x2DA6, L), (0x2DA8, 0x2DAE, L),
        (0x2DB0, 0x2DB6, L), (0x2DB8, 0x2DBE, L), (0x2DC0, 0x2DC6, L), (0x2DC8, 0x2DCE, L), (0x2DD0, 0x2DD6, L),
        (0x2DD8, 0x2DDE, L), (0x2DE0, 0x2DFF, Nsm), (0x2E2F, 0x2E2F, On), (0x3005, 0x3007, L), (0x302A, 0x302D, Nsm),
        (0x303C, 0x303C, L), (0x3041, 0x3096, L), (0x3099, 0x309A, Nsm), (0x309D, 0x309E, L), (0x30A1, 0x30FA, L),
        (0x30FB, 0x30FB, On), (0x30FC, 0x30FE, L), (0x3105, 0x312F, L), (0x31A0, 0x31BF, L), (0x31F0, 0x31FF, L),
        (0x3400, 0x4DBF, L), (0x4E00, 0xA48C, L), (0xA4D0, 0xA4FD, L), (0xA500, 0xA60C, L), (0xA610, 0xA62B, L),
        (0xA640, 0xA66E, L), (0xA66F, 0xA66F, Nsm), (0xA674, 0xA67D, Nsm), (0xA67F, 0xA67F, On), (0xA680, 0xA69B, L),
        (0xA69E, 0xA69F, Nsm), (0xA6A0, 0xA6E5, L), (0xA6F0, 0xA6F1, Nsm), (0xA717, 0xA71F, On), (0xA722, 0xA76F, L),
        (0xA771, 0xA787, L), (0xA788, 0xA788, On), (0xA78B, 0xA7CA, L), (0xA7CD, 0xA7CD, L), (0xA7CF, 0xA7D1, L),
        (0xA7D3, 0xA7D3, L), (0xA7D5, 0xA7D9, L), (0xA7DB, 0xA7DB, L), (0xA7F5, 0xA7F7, L), (0xA7FA, 0xA801, L),
        (0xA802, 0xA802, Nsm), (0xA803, 0xA805, L), (0xA806, 0xA806, Nsm), (0xA807, 0xA80A, L), (0xA80B, 0xA80B, Nsm),
        (0xA80C, 0xA822, L), (0xA823, 0xA824, MarkL), (0xA825, 0xA826, Nsm), (0xA827, 0xA827, MarkL), (0xA82C, 0xA82C, Nsm),
        (0xA840, 0xA873, L), (0xA880, 0xA881, MarkL), (0xA882, 0xA8B3, L), (0xA8B4, 0xA8C3, MarkL), (0xA8C4, 0xA8C5, Nsm),
        (0xA8D0, 0xA8D9, L), (0xA8E0, 0xA8F1, Nsm), (0xA8F2, 0xA8F7, L), (0xA8FB, 0xA8FB, L), (0xA8FD, 0xA8FE, L),
        (0xA8FF, 0xA8FF, Nsm), (0xA900, 0xA925, L), (0xA926, 0xA92D, Nsm), (0xA930, 0xA946, L), (0xA947, 0xA951, Nsm),
        (0xA952, 0xA953, MarkL), (0xA980, 0xA982, Nsm), (0xA983, 0xA983, MarkL), (0xA984, 0xA9B2, L), (0xA9B3, 0xA9B3, Nsm),
        (0xA9B4, 0xA9B5, MarkL), (0xA9B6, 0xA9B9, Nsm), (0xA9BA, 0xA9BB, MarkL), (0xA9BC, 0xA9BD, Nsm), (0xA9BE, 0xA9C0, MarkL),
        (0xA9CF, 0xA9D9, L), (0xA9E0, 0xA9E4, L), (0xA9E5, 0xA9E5, Nsm), (0xA9E6, 0xA9FE, L), (0xAA00, 0xAA28, L),
        (0xAA29, 0xAA2E, Nsm), (0xAA2F, 0xAA30, MarkL), (0xAA31, 0xAA32, Nsm), (0xAA33, 0xAA34, MarkL), (0xAA35, 0xAA36, Nsm),
        (0xAA40, 0xAA42, L), (0xAA43, 0xAA43, Nsm), (0xAA44, 0xAA4B, L), (0xAA4C, 0xAA4C, Nsm), (0xAA4D, 0xAA4D, MarkL),
        (0xAA50, 0xAA59, L), (0xAA60, 0xAA76, L), (0xAA7A, 0xAA7A, L), (0xAA7B, 0xAA7B, MarkL), (0xAA7C, 0xAA7C, Nsm),
        (0xAA7D, 0xAA7D, MarkL), (0xAA7E, 0xAAAF, L), (0xAAB0, 0xAAB0, Nsm), (0xAAB1, 0xAAB1, L), (0xAAB2, 0xAAB4, Nsm),
        (0xAAB5, 0xAAB6, L), (0xAAB7, 0xAAB8, Nsm), (0xAAB9, 0xAABD, L), (0xAABE, 0xAABF, Nsm), (0xAAC0, 0xAAC0, L),
        (0xAAC1, 0xAAC1, Nsm), (0xAAC2, 0xAAC2, L), (0xAADB, 0xAADD, L), (0xAAE0, 0xAAEA, L), (0xAAEB, 0xAAEB, MarkL),
        (0xAAEC, 0xAAED, Nsm), (0xAAEE, 0xAAEF, MarkL), (0xAAF2, 0xAAF4, L), (0xAAF5, 0xAAF5, MarkL), (0xAAF6, 0xAAF6, Nsm),
        (0xAB01, 0xAB06, L), (0xAB09, 0xAB0E, L), (0xAB11, 0xAB16, L), (0xAB20, 0xAB26, L), (0xAB28, 0xAB2E, L),
        (0xAB30, 0xAB5A, L), (0xAB60, 0xAB68, L), (0xABC0, 0xABE2, L), (0xABE3, 0xABE4, MarkL), (0xABE5, 0xABE5, Nsm),
        (0xABE6, 0xABE7, MarkL), (0xABE8, 0xABE8, Nsm), (0xABE9, 0xABEA, MarkL), (0xABEC, 0xABEC, MarkL), (0xABED, 0xABED, Nsm),
        (0xABF0, 0xABF9, L), (0xAC00, 0xD7A3, L), (0xFA0E, 0xFA0F, L), (0xFA11, 0xFA11, L), (0xFA13, 0xFA14, L),
        (0xFA1F, 0xFA1F, L), (0xFA21, 0xFA21, L), (0xFA23, 0xFA24, L), (0xFA27, 0xFA29, L), (0xFB1E, 0xFB1E, Nsm),
        (0xFE20, 0xFE2F, Nsm), (0xFE73, 0xFE73, R), (0xFF21, 0xFF3A, L), (0x10000, 0x1000B, L), (0x1000D, 0x10026, L),
        (0x10028, 0x1003A, L), (0x1003C, 0x1003D, L), (0x1003F, 0x1004D, L), (0x10050, 0x1005D, L), (0x10080, 0x100FA, L),
        (0x101FD, 0x101FD, Nsm), (0x10280, 0x1029C, L), (0x102A0, 0x102D0, L), (0x102E0, 0x102E0, Nsm), (0x10300, 0x1031F, L),
        (0x1032D, 0x10340, L), (0x10342, 0x10349, L), (0x10350, 0x10375, L), (0x10376, 0x1037A, Nsm), (0x10380, 0x1039D, L),
        (0x103A0, 0x103C3, L), (0x103C8, 0x103CF, L), (0x10400, 0x1049D, L), (0x104A0, 0x104A9, L), (0x104B0, 0x104D3, L),
        (0x104D8, 0x104FB, L), (0x10500, 0x10527, L), (0x10530, 0x10563, L), (0x10570, 0x1057A, L), (0x1057C, 0x1058A, L),
        (0x1058C, 0x10592, L), (0x10594, 0x10595, L), (0x10597, 0x105A1, L), (0x105A3, 0x105B1, L), (0x105B3, 0x105B9, L),
        (0x105BB, 0x105BC, L), (0x105C0, 0x105F3, L), (0x10600, 0x10736, L), (0x10740, 0x10755, L), (0x10760, 0x10767, L),
        (0x10780, 0x10780, L), (0x10800, 0x10805, R), (0x10808, 0x10808, R), (0x1080A, 0x10835, R), (0x10837, 0x10838, R),
        (0x1083C, 0x1083C, R), (0x1083F, 0x10855, R), (0x10860, 0x10876, R), (0x10880, 0x1089E, R), (0x108E0, 0x108F2, R),
        (0x108F4, 0x108F5, R), (0x10900, 0x10915, R), (0x10920, 0x10939, R), (0x10940, 0x10959, R), (0x10980, 0x109B7, R),
        (0x109BE, 0x109BF, R), (0x10A00, 0x10A00, R), (0x10A01, 0x10A03, Nsm), (0x10A05, 0x10A06, Nsm), (0x10A0C, 0x10A0F, Nsm),
        (0x10A10, 0x10A13, R), (0x10A15, 0x10A17, R), (0x10A19, 0x10A35, R), (0x10A38, 0x10A3A, Nsm), (0x10A3F, 0x10A3F, Nsm),
        (0x10A60, 0x10A7C, R), (0x10A80, 0x10A9C, R), (0x10AC0, 0x10AC7, R), (0x10AC9, 0x10AE4, R), (0x10AE5, 0x10AE6, Nsm),
        (0x10B00, 0x10B35, R), (0x10B40, 0x10B55, R), (0x10B60, 0x10B72, R), (0x10B80, 0x10B91, R), (0x10C00, 0x10C48, R),
        (0x10C80, 0x10CB2, L), (0x10CC0, 0x10CF2, R), (0x10D00, 0x10D23, R), (0x10D24, 0x10D27, Nsm), (0x10D30, 0x10D39, An),
        (0x10D40, 0x10D49, An), (0x10D4A, 0x10D4F, R), (0x10D69, 0x10D6D, Nsm), (0x10D6F, 0x10D85, R), (0x10E80, 0x10EA9, R),
        (0x10EAB, 0x10EAC, Nsm), (0x10EB0, 0x10EB1, R), (0x10EC2, 0x10EC7, R), (0x10ECB, 0x10ECF, Nsm), (0x10ED9, 0x10EEE, R),
        (0x10EF0, 0x10EFF, Nsm), (0x10F00, 0x10F1C, R), (0x10F27, 0x10F27, R), (0x10F30, 0x10F45, R), (0x10F46, 0x10F50, Nsm),
        (0x10F70, 0x10F81, R), (0x10F82, 0x10F85, Nsm), (0x10FB0, 0x10FC4, R), (0x10FE0, 0x10FF6, R), (0x11000, 0x11000, MarkL),
        (0x11001, 0x11001, Nsm), (0x11002, 0x11002, MarkL), (0x11003, 0x11037, L), (0x11038, 0x11046, Nsm), (0x11066, 0x1106F, L),
        (0x11070, 0x11070, Nsm), (0x11071, 0x11072, L), (0x11073, 0x11074, Nsm), (0x11075, 0x11075, L), (0x1107F, 0x11081, Nsm),
        (0x11082, 0x11082, MarkL), (0x11083, 0x110AF, L), (0x110B0, 0x110B2, MarkL), (0x110B3, 0x110B6, Nsm), (0x110B7, 0x110B8, MarkL),
        (0x110B9, 0x110BA, Nsm), (0x110C2, 0x110C2, Nsm), (0x110D0, 0x110E8, L), (0x110F0, 0x110F9, L), (0x11100, 0x11102, Nsm),
        (0x11103, 0x11126, L), (0x11127, 0x1112B, Nsm), (0x1112C, 0x1112C, MarkL), (0x1112D, 0x11134, Nsm), (0x11136, 0x1113F, L),
        (0x11144, 0x11144, L), (0x11145, 0x11146, MarkL), (0x11147, 0x11147, L), (0x11150, 0x11172, L), (0x11173, 0x11173, Nsm),
        (0x11176, 0x11176, L), (0x11180, 0x11181, Nsm), (0x11182, 0x11182, MarkL), (0x11183, 0x111B2, L), (0x111B3, 0x111B5, MarkL),
        (0x111B6, 0x111BE, Nsm), (0x111BF, 0x111C0, MarkL), (0x111C1, 0x111C4, L), (0x111C9, 0x111CC, Nsm), (0x111CE, 0x111CE, MarkL),
        (0x111CF, 0x111CF, Nsm), (0x111D0, 0x111DA, L), (0x111DC, 0x111DC, L), (0x11200, 0x11211, L), (0x11213, 0x1122B, L),
        (0x1122C, 0x1122E, MarkL), (0x1122F, 0x11231, Nsm), (0x11232, 0x11233, MarkL), (0x11234, 0x11234, Nsm), (0x11235, 0x11235, MarkL),
        (0x11236, 0x11237, Nsm), (0x1123E, 0x1123E, Nsm), (0x1123F, 0x11240, L), (0x11241, 0x11241, Nsm), (0x11280, 0x11286, L),
        (0x11288, 0x11288, L), (0x1128A, 0x1128D, L), (0x1128F, 0x1129D, L), (0x1129F, 0x112A8, L), (0x112B0, 0x112DE, L),
        (0x112DF, 0x112DF, Nsm), (0x112E0, 0x112E2, MarkL), (0x112E3, 0x112EA, Nsm), (0x112F0, 0x112F9, L), (0x11300, 0x11301, Nsm),
        (0x11302, 0x11303, MarkL), (0x11305, 0x1130C, L), (0x1130F, 0x11310, L), (0x11313, 0x11328, L), (0x1132A, 0x11330, L),
        (0x11332, 0x11333, L), (0x11335, 0x11339, L), (0x1133B, 0x1133C, Nsm), (0x1133D, 0x1133D, L), (0x1133E, 0x1133F, MarkL),
        (0x11340, 0x11340, Nsm), (0x11341, 0x11344, MarkL), (0x11347, 0x11348, MarkL), (0x1134B, 0x1134D, MarkL), (0x11350, 0x11350, L),
        (0x11357, 0x11357, MarkL), (0x1135D, 0x11361, L), (0x11362, 0x11363, MarkL), (0x11366, 0x1136C, Nsm), (0x11370, 0x11374, Nsm),
        (0x11380, 0x11389, L), (0x1138B, 0x1138B, L), (0x1138E, 0x1138E, L), (0x11390, 0x113B5, L), (0x113B7, 0x113B7, L),
        (0x113B8, 0x113BA, MarkL), (0x113BB, 0x113C0, Nsm), (0x113C2, 0x113C2, MarkL), (0x113C5, 0x113C5, MarkL), (0x113C7, 0x113CA, MarkL),
        (0x113CC, 0x113CD, MarkL), (0x113CE, 0x113CE, Nsm), (0x113CF, 0x113CF, MarkL), (0x113D0, 0x113D0, Nsm), (0x113D1, 0x113D1, L),
        (0x113D2, 0x113D2, Nsm), (0x113D3, 0x113D3, L), (0x113E1, 0x113E2, Nsm), (0x11400, 0x11434, L), (0x11435, 0x11437, MarkL),
        (0x11438, 0x1143F, Nsm), (0x11440, 0x11441, MarkL), (0x11442, 0x11444, Nsm), (0x11445, 0x11445, MarkL), (0x11446, 0x11446, Nsm),
        (0x11447, 0x1144A, L), (0x11450, 0x11459, L), (0x1145E, 0x1145E, Nsm), (0x1145F, 0x11461, L), (0x11480, 0x114AF, L),
        (0x114B0, 0x114B2, MarkL), (0x114B3, 0x114B8, Nsm), (0x114B9, 0x114B9, MarkL), (0x114BA, 0x114BA, Nsm), (0x114BB, 0x114BE, MarkL),
        (0x114BF, 0x114C0, Nsm), (0x114C1, 0x114C1, MarkL), (0x114C2, 0x114C3, Nsm), (0x114C4, 0x114C5, L), (0x114C7, 0x114C7, L),
        (0x114D0, 0x114D9, L), (0x11580, 0x115AE, L), (0x115AF, 0x115B1, MarkL), (0x115B2, 0x115B5, Nsm), (0x115B8, 0x115BB, MarkL),
        (0x115BC, 0x115BD, Nsm), (0x115BE, 0x115BE, MarkL), (0x115BF, 0x115C0, Nsm), (0x115D8, 0x115DB, L), (0x115DC, 0x115DD, Nsm),
        (0x11600, 0x1162F, L), (0x11630, 0x11632, MarkL), (0x11633, 0x1163A, Nsm), (0x1163B, 0x1163C, MarkL), (0x1163D, 0x1163D, Nsm),
        (0x1163E, 0x1163E, MarkL), (0x1163F, 0x11640, Nsm), (0x11644, 0x11644, L), (0x11650, 0x11659, L), (0x11680, 0x116AA, L),
        (0x116AB, 0x116AB, Nsm), (0x116AC, 0x116AC, MarkL), (0x116AD, 0x116AD, Nsm), (0x116AE, 0x116AF, MarkL), (0x116B0, 0x116B5, Nsm),
        (0x116B6, 0x116B6, MarkL), (0x116B7, 0x116B7, Nsm), (0x116B8, 0x116B8, L), (0x116C0, 0x116C9, L), (0x116D0, 0x116E3, L),
        (0x11700, 0x1171A, L), (0x1171D, 0x1171D, Nsm), (0x1171E, 0x1171E, MarkL), (0x1171F, 0x1171F, Nsm), (0x11720, 0x11721, MarkL),
        (0x11722, 0x11725, Nsm), (0x11726, 0x11726, MarkL), (0x11727, 0x1172B, Nsm), (0x11730, 0x11739, L), (0x11740, 0x11746, L),
        (0x11800, 0x1182B, L), (0x1182C, 0x1182E, MarkL), (0x1182F, 0x11837, Nsm), (0x11838, 0x11838, MarkL), (0x11839, 0x1183A, Nsm),
        (0x118A0, 0x118E9, L), (0x118FF, 0x11906, L), (0x11909, 0x11909, L), (0x1190C, 0x11913, L), (0x11915, 0x11916, L),
        (0x11918, 0x1192F, L), (0x11930, 0x11935, MarkL), (0x11937, 0x11938, MarkL), (0x1193B, 0x1193C, Nsm), (0x1193D, 0x1193D, MarkL),
        (0x1193E, 0x1193E, Nsm), (0x1193F, 0x1193F, L), (0x11940, 0x11940, MarkL), (0x11941, 0x11941, L), (0x11942, 0x11942, MarkL),
        (0x11943, 0x11943, Nsm), (0x11950, 0x11959, L), (0x119A0, 0x119A7, L), (0x119AA, 0x119D0, L), (0x119D1, 0x119D3, MarkL),
        (0x119D4, 0x119D7, Nsm), (0x119DA, 0x119DB, Nsm), (0x119DC, 0x119DF, MarkL), (0x119E0, 0x119E0, Nsm), (0x119E1, 0x119E1, L),
        (0x119E3, 0x119E3, L), (0x119E4, 0x119E4, MarkL), (0x11A00, 0x11A00, L), (0x11A01, 0x11A06, Nsm), (0x11A07, 0x11A08, MarkL),
        (0x11A09, 0x11A0A, Nsm), (0x11A0B, 0x11A32, L), (0x11A33, 0x11A38, Nsm), (0x11A39, 0x11A39, MarkL), (0x11A3A, 0x11A3A, L),
        (0x11A3B, 0x11A3E, Nsm), (0x11A47, 0x11A47, Nsm), (0x11A50, 0x11A50, L), (0x11A51, 0x11A56, Nsm), (0x11A57, 0x11A58, MarkL),
        (0x11A59, 0x11A5B, Nsm), (0x11A5C, 0x11A89, L), (0x11A8A, 0x11A96, Nsm), (0x11A97, 0x11A97, MarkL), (0x11A98, 0x11A99, Nsm),
        (0x11A9D, 0x11A9D, L), (0x11AB0, 0x11AF8, L), (0x11B0A, 0x11B0A, L), (0x11B60, 0x11B60, Nsm), (0x11B61, 0x11B61, MarkL),
        (0x11B62, 0x11B64, Nsm), (0x11B65, 0x11B65, MarkL), (0x11B66, 0x11B66, Nsm), (0x11B67, 0x11B67, MarkL), (0x11BC0, 0x11BE0, L),
        (0x11BF0, 0x11BF9, L), (0x11C00, 0x11C08, L), (0x11C0A, 0x11C2E, L), (0x11C2F, 0x11C2F, MarkL), (0x11C30, 0x11C36, Nsm),
        (0x11C38, 0x11C3D, Nsm), (0x11C3E, 0x11C3F, MarkL), (0x11C40, 0x11C40, L), (0x11C50, 0x11C59, L), (0x11C72, 0x11C8F, L),
        (0x11C92, 0x11CA7, Nsm), (0x11CA9, 0x11CA9, MarkL), (0x11CAA, 0x11CB0, Nsm), (0x11CB1, 0x11CB1, MarkL), (0x11CB2, 0x11CB3, Nsm),
        (0x11CB4, 0x11CB4, MarkL), (0x11CB5, 0x11CB6, Nsm), (0x11D00, 0x11D06, L), (0x11D08, 0x11D09, L), (0x11D0B, 0x11D30, L),
        (0x11D31, 0x11D36, Nsm), (0x11D3A, 0x11D3A, Nsm), (0x11D3C, 0x11D3D, Nsm), (0x11D3F, 0x11D45, Nsm), (0x11D46, 0x11D46, L),
        (0x11D47, 0x11D47, Nsm), (0x11D50, 0x11D59, L), (0x11D60, 0x11D65, L), (0x11D67, 0x11D68, L), (0x11D6A, 0x11D89, L),
        (0x11D8A, 0x11D8E, MarkL), (0x11D90, 0x11D91, Nsm), (0x11D93, 0x11D94, MarkL), (0x11D95, 0x11D95, Nsm), (0x11D96, 0x11D96, MarkL),
        (0x11D97, 0x11D97, Nsm), (0x11D98, 0x11D98, L), (0x11DA0, 0x11DA9, L), (0x11DB0, 0x11DDB, L), (0x11DE0, 0x11DE9, L),
        (0x11DF0, 0x11DF0, Nsm), (0x11DF1, 0x11DF1, L), (0x11EE0, 0x11EF2, L), (0x11EF3, 0x11EF4, Nsm), (0x11EF5, 0x11EF6, MarkL),
        (0x11F00, 0x11F01, Nsm), (0x11F02, 0x11F02, L), (0x11F03, 0x11F03, MarkL), (0x11F04, 0x11F10, L), (0x11F12, 0x11F33, L),
        (0x11F34, 0x11F35, MarkL), (0x11F36, 0x11F3A, Nsm), (0x11F3E, 0x11F3F, MarkL), (0x11F40, 0x11F40, Nsm), (0x11F41, 0x11F41, MarkL),
        (0x11F42, 0x11F42, Nsm), (0x11F50, 0x11F59, L), (0x11F5A, 0x11F5A, Nsm), (0x11FB0, 0x11FB0, L), (0x12000, 0x12399, L),
        (0x12480, 0x12543, L), (0x12F90, 0x12FF0, L), (0x13000, 0x1342F, L), (0x13440, 0x13440, Nsm), (0x13441, 0x13446, L),
        (0x13447, 0x13455, Nsm), (0x13460, 0x143FA, L), (0x14400, 0x14646, L), (0x16100, 0x1611D, L), (0x1611E, 0x16129, Nsm),
        (0x1612A, 0x1612C, MarkL), (0x1612D, 0x1612F, Nsm), (0x16130, 0x16139, L), (0x16800, 0x16A38, L), (0x16A40, 0x16A5E, L),
        (0x16A60, 0x16A69, L), (0x16A70, 0x16ABE, L), (0x16AC0, 0x16AC9, L), (0x16AD0, 0x16AED, L), (0x16AF0, 0x16AF4, Nsm),
        (0x16B00, 0x16B2F, L), (0x16B30, 0x16B36, Nsm), (0x16B40, 0x16B43, L), (0x16B50, 0x16B59, L), (0x16B63, 0x16B77, L),
        (0x16B7D, 0x16B8F, L), (0x16D40, 0x16D6C, L), (0x16D70, 0x16D79, L), (0x16E40, 0x16E7F, L), (0x16EBB, 0x16ED3, L),
        (0x16F00, 0x16F4A, L), (0x16F4F, 0x16F4F, Nsm), (0x16F50, 0x16F50, L), (0x16F51, 0x16F87, MarkL), (0x16F8F, 0x16F92, Nsm),
        (0x16F93, 0x16F9F, L), (0x16FE0, 0x16FE1, L), (0x16FE3, 0x16FE3, L), (0x16FE4, 0x16FE4, Nsm), (0x16FF0, 0x16FF1, MarkL),
        (0x16FF2, 0x16FF3, L), (0x17000, 0x18CDA, L), (0x18CFF, 0x18D20, L), (0x18D80, 0x18DF2, L), (0x18E00, 0x19191, L),
        (0x191A0, 0x191D2, L), (0x1AFF0, 0x1AFF3, L), (0x1AFF5, 0x1AFFB, L), (0x1AFFD, 0x1AFFE, L), (0x1B000, 0x1B122, L),
        (0x1B127, 0x1B128, L), (0x1B132, 0x1B132, L), (0x1B150, 0x1B152, L), (0x1B155, 0x1B155, L), (0x1B164, 0x1B168, L),
        (0x1B170, 0x1B2FB, L), (0x1BC00, 0x1BC6A, L), (0x1BC70, 0x1BC7C, L), (0x1BC80, 0x1BC88, L), (0x1BC90, 0x1BC99, L),
        (0x1BC9D, 0x1BC9E, Nsm), (0x1CF00, 0x1CF2D, Nsm), (0x1CF30, 0x1CF46, Nsm), (0x1D250, 0x1D252, MarkL), (0x1D25B, 0x1D25C, Nsm),
        (0x1D25F, 0x1D25F, MarkL), (0x1D280, 0x1D281, MarkL), (0x1DA00, 0x1DA36, Nsm), (0x1DA3B, 0x1DA6C, Nsm), (0x1DA75, 0x1DA75, Nsm),
        (0x1DA84, 0x1DA84, Nsm), (0x1DA9B, 0x1DA9F, Nsm), (0x1DAA1, 0x1DAAF, Nsm), (0x1DF00, 0x1DF3F, L), (0x1DF41, 0x1DF47, L),
        (0x1DF49, 0x1DF49, L), (0x1DF4B, 0x1DF4C, L), (0x1DF4E, 0x1DF50, L), (0x1DF52, 0x1DF67, L), (0x1DF69, 0x1DF69, L),
        (0x1DF6B, 0x1DF6B, L), (0x1DF6D, 0x1DF6D, L), (0x1DF6F, 0x1DF71, L), (0x1DF73, 0x1DF73, L), (0x1DF75, 0x1DF75, L),
        (0x1DF77, 0x1DF77, L), (0x1DF79, 0x1DF79, L), (0x1DF7B, 0x1DF7B, L), (0x1DF7D, 0x1DF7D, L), (0x1DF7F, 0x1DF81, L),
        (0x1DF90, 0x1DF94, L), (0x1DF96, 0x1DF96, L), (0x1E000, 0x1E006, Nsm), (0x1E008, 0x1E018, Nsm), (0x1E01B, 0x1E021, Nsm),
        (0x1E023, 0x1E024, Nsm), (0x1E026, 0x1E02A, Nsm), (0x1E08F, 0x1E08F, Nsm), (0x1E100, 0x1E12C, L), (0x1E130, 0x1E136, Nsm),
        (0x1E137, 0x1E13D, L), (0x1E140, 0x1E149, L), (0x1E14E, 0x1E14E, L), (0x1E290, 0x1E2AD, L), (0x1E2AE, 0x1E2AE, Nsm),
        (0x1E2C0, 0x1E2EB, L), (0x1E2EC, 0x1E2EF, Nsm), (0x1E2F0, 0x1E2F9, L), (0x1E4D0, 0x1E4EB, L), (0x1E4EC, 0x1E4EF, Nsm),
        (0x1E4F0, 0x1E4F9, L), (0x1E5D0, 0x1E5ED, L), (0x1E5EE, 0x1E5EF, Nsm), (0x1E5F0, 0x1E5FA, L), (0x1E6C0, 0x1E6DE, L),
        (0x1E6E0, 0x1E6E2, L), (0x1E6E3, 0x1E6E3, Nsm), (0x1E6E4, 0x1E6E5, L), (0x1E6E6, 0x1E6E6, Nsm), (0x1E6E7, 0x1E6ED, L),
        (0x1E6EE, 0x1E6EF, Nsm), (0x1E6F0, 0x1E6F4, L), (0x1E6F5, 0x1E6F5, Nsm), (0x1E6FE, 0x1E6FF, L), (0x1E7E0, 0x1E7E6, L),
        (0x1E7E8, 0x1E7EB, L), (0x1E7ED, 0x1E7EE, L), (0x1E7F0, 0x1E7FE, L), (0x1E800, 0x1E8C4, R), (0x1E8D0, 0x1E8D6, Nsm),
        (0x1E900, 0x1E921, L), (0x1E922, 0x1E943, R), (0x1E944, 0x1E94A, Nsm), (0x1E94B, 0x1E94B, R), (0x1E950, 0x1E959, R),
        (0x20000, 0x2A6DF, L), (0x2A700, 0x2B81E, L), (0x2B820, 0x2CEAD, L), (0x2CEB0, 0x2EBE0, L), (0x2EBF0, 0x2EE5D, L),
        (0x30000, 0x3134A, L), (0x31350, 0x33479, L), (0x3D000, 0x3FC3F, L),
    ];
    pub(super) const JOINING: &[(u32, u32, Joining)] = &[
        (0x620, 0x620, Dual), (0x622, 0x625, Right), (0x626, 0x626, Dual), (0x627, 0x627, Right), (0x628, 0x628, Dual),
        (0x629, 0x629, Right), (0x62A, 0x62E, Dual), (0x62F, 0x632, Right), (0x633, 0x63F, Dual), (0x641, 0x647, Dual),
        (0x648, 0x648, Right), (0x649, 0x64A, Dual), (0x66E, 0x66F, Dual), (0x671, 0x673, Right), (0x679, 0x687, Dual),
        (0x688, 0x699, Right), (0x69A, 0x6BF, Dual), (0x6C0, 0x6C0, Right), (0x6C1, 0x6C2, Dual), (0x6C3, 0x6CB, Right),
        (0x6CC, 0x6CC, Dual), (0x6CD, 0x6CD, Right), (0x6CE, 0x6CE, Dual), (0x6CF, 0x6CF, Right), (0x6D0, 0x6D1, Dual),
        (0x6D2, 0x6D3, Right), (0x6D5, 0x6D5, Right), (0x6EE, 0x6EF, Right), (0x6FA, 0x6FC, Dual), (0x6FF, 0x6FF, Dual),
        (0x710, 0x710, Right), (0x712, 0x714, Dual), (0x715, 0x719, Right), (0x71A, 0x71D, Dual), (0x71E, 0x71E, Right),
        (0x71F, 0x727, Dual), (0x728, 0x728, Right), (0x729, 0x729, Dual), (0x72A, 0x72A, Right), (0x72B, 0x72B, Dual),
        (0x72C, 0x72C, Right), (0x72D, 0x72E, Dual), (0x72F, 0x72F, Right), (0x74D, 0x74D, Right), (0x74E, 0x758, Dual),
        (0x759, 0x75B, Right), (0x75C, 0x76A, Dual), (0x76B, 0x76C, Right), (0x76D, 0x770, Dual), (0x771, 0x771, Right),
        (0x772, 0x772, Dual), (0x773, 0x774, Right), (0x775, 0x777, Dual), (0x778, 0x779, Right), (0x77A, 0x77F, Dual),
        (0x7CA, 0x7EA, Dual), (0x840, 0x840, Right), (0x841, 0x845, Dual), (0x846, 0x847, Right), (0x848, 0x848, Dual),
        (0x849, 0x849, Right), (0x84A, 0x853, Dual), (0x854, 0x854, Right), (0x855, 0x855, Dual), (0x856, 0x858, Right),
        (0x860, 0x860, Dual), (0x862, 0x865, Dual), (0x867, 0x867, Right), (0x868, 0x868, Dual), (0x869, 0x86A, Right),
        (0x870, 0x882, Right), (0x886, 0x886, Dual), (0x889, 0x88D, Dual), (0x88E, 0x88E, Right), (0x88F, 0x88F, Dual),
        (0x8A0, 0x8A9, Dual), (0x8AA, 0x8AC, Right), (0x8AE, 0x8AE, Right), (0x8AF, 0x8B0, Dual), (0x8B1, 0x8B2, Right),
        (0x8B3, 0x8B8, Dual), (0x8B9, 0x8B9, Right), (0x8BA, 0x8C8, Dual), (0xCBF, 0xCBF, Transparent), (0xCC6, 0xCC6, Transparent),
        (0x1820, 0x1878, Dual), (0x1887, 0x18A8, Dual), (0x18AA, 0x18AA, Dual), (0x1B3A, 0x1B3A, Transparent), (0x1B3C, 0x1B3C, Transparent),
        (0x1B42, 0x1B42, Transparent), (0xA840, 0xA871, Dual), (0xA872, 0xA872, Left), (0x10AC0, 0x10AC4, Dual), (0x10AC5, 0x10AC5, Right),
        (0x10AC7, 0x10AC7, Right), (0x10AC9, 0x10ACA, Right), (0x10ACD, 0x10ACD, Left), (0x10ACE, 0x10AD2, Right), (0x10AD3, 0x10AD6, Dual),
        (0x10AD7, 0x10AD7, Left), (0x10AD8, 0x10ADC, Dual), (0x10ADD, 0x10ADD, Right), (0x10ADE, 0x10AE0, Dual), (0x10AE1, 0x10AE1, Right),
        (0x10AE4, 0x10AE4, Right), (0x10B80, 0x10B80, Dual), (0x10B81, 0x10B81, Right), (0x10B82, 0x10B82, Dual), (0x10B83, 0x10B85, Right),
        (0x10B86, 0x10B88, Dual), (0x10B89, 0x10B89, Right), (0x10B8A, 0x10B8B, Dual), (0x10B8C, 0x10B8C, Right), (0x10B8D, 0x10B8D, Dual),
        (0x10B8E, 0x10B8F, Right), (0x10B90, 0x10B90, Dual), (0x10B91, 0x10B91, Right), (0x10D00, 0x10D00, Left), (0x10D01, 0x10D21, Dual),
        (0x10D22, 0x10D22, Right), (0x10D23, 0x10D23, Dual), (0x10EC2, 0x10EC2, Right), (0x10EC3, 0x10EC4, Dual), (0x10EC6, 0x10EC7, Dual),
        (0x10ED9, 0x10EEE, Left), (0x10F30, 0x10F32, Dual), (0x10F33, 0x10F33, Right), (0x10F34, 0x10F44, Dual), (0x10F70, 0x10F73, Dual),
        (0x10F74, 0x10F75, Right), (0x10F76, 0x10F81, Dual), (0x10FB0, 0x10FB0, Dual), (0x10FB2, 0x10FB3, Dual), (0x10FB4, 0x10FB6, Right),
        (0x10FB8, 0x10FB8, Dual), (0x10FB9, 0x10FBA, Right), (0x10FBB, 0x10FBC, Dual), (0x10FBD, 0x10FBD, Right), (0x10FBE, 0x10FBF, Dual),
        (0x10FC1, 0x10FC1, Dual), (0x10FC2, 0x10FC3, Right), (0x10FC4, 0x10FC4, Dual), (0x11A07, 0x11A08, Transparent), (0x11C3F, 0x11C3F, Transparent),
        (0x1E922, 0x1E943, Dual), (0x1E94B, 0x1E94B, Transparent),
    ];
    pub(super) const SCRIPTS: &[(u32, u32, Script)] = &[
        (0x370, 0x373, Greek), (0x375, 0x377, Greek), (0x37A, 0x37D, Greek), (0x37F, 0x37F, Greek), (0x384, 0x384, Greek),
        (0x386, 0x386, Greek), (0x388, 0x38A, Greek), (0x38C, 0x38C, Greek), (0x38E, 0x3A1, Greek), (0x3A3, 0x3E1, Greek),
        (0x3F0, 0x3FF, Greek), (0x591, 0x5C9, Hebrew), (0x5D0, 0x5EA, Hebrew), (0x5EF, 0x5F4, Hebrew), (0x1D26, 0x1D2A, Greek),
        (0x1D5D, 0x1D61, Greek), (0x1D66, 0x1D6A, Greek), (0x1DBF, 0x1DBF, Greek), (0x1F00, 0x1F15, Greek), (0x1F18, 0x1F1D, Greek),
        (0x1F20, 0x1F45, Greek), (0x1F48, 0x1F4D, Greek), (0x1F50, 0x1F57, Greek), (0x1F59, 0x1F59, Greek), (0x1F5B, 0x1F5B, Greek),
        (0x1F5D, 0x1F5D, Greek), (0x1F5F, 0x1F7D, Greek), (0x1F80, 0x1FB4, Greek), (0x1FB6, 0x1FC4, Greek), (0x1FC6, 0x1FD3, Greek),
        (0x1FD6, 0x1FDB, Greek), (0x1FDD, 0x1FEF, Greek), (0x1FF2, 0x1FF4, Greek), (0x1FF6, 0x1FFE, Greek), (0x2126, 0x2126, Greek),
        (0x2E80, 0x2E99, Han), (0x2E9B, 0x2EF3, Han), (0x2F00, 0x2FD5, Han), (0x3005, 0x3005, Han), (0x3007, 0x3007, Han),
        (0x3021, 0x3029, Han), (0x3038, 0x303B, Han), (0x3041, 0x3096, Kana), (0x309D, 0x309F, Kana), (0x30A1, 0x30FA, Kana),
        (0x30FD, 0x30FF, Kana), (0x31F0, 0x31FF, Kana), (0x32D0, 0x32FE, Kana), (0x3300, 0x3357, Kana), (0x3400, 0x4DBF, Han),
        (0x4E00, 0x9FFF, Han), (0xAB65, 0xAB65, Greek), (0xF900, 0xFA6D, Han), (0xFA70, 0xFAD9, Han), (0xFB1D, 0xFB36, Hebrew),
        (0xFB38, 0xFB3C, Hebrew), (0xFB3E, 0xFB3E, Hebrew), (0xFB40, 0xFB41, Hebrew), (0xFB43, 0xFB44, Hebrew), (0xFB46, 0xFB4F, Hebrew),
        (0xFF66, 0xFF6F, Kana), (0xFF71, 0xFF9D, Kana), (0x10140, 0x1018E, Greek), (0x101A0, 0x101A0, Greek), (0x16FE2, 0x16FE3, Han),
        (0x16FF0, 0x16FF6, Han), (0x1AFF0, 0x1AFF3, Kana), (0x1AFF5, 0x1AFFB, Kana), (0x1AFFD, 0x1AFFE, Kana), (0x1B000, 0x1B128, Kana),
        (0x1B132, 0x1B132, Kana), (0x1B150, 0x1B152, Kana), (0x1B155, 0x1B155, Kana), (0x1B164, 0x1B168, Kana), (0x1D200, 0x1D245, Greek),
        (0x1DFF3, 0x1DFF4, Greek), (0x1F200, 0x1F200, Kana), (0x20000, 0x2A6DF, Han), (0x2A700, 0x2B81E, Han), (0x2B820, 0x2CEAD, Han),
        (0x2CEB0, 0x2EBE0, Han), (0x2EBF0, 0x2EE5D, Han), (0x2F800, 0x2FA1D, Han), (0x30000, 0x3134A, Han), (0x31350, 0x33479, Han),
    ];
    pub(super) const VIRAMAS: &[u32] = &[
        0x94D, 0x9CD, 0xA4D, 0xACD, 0xB4D, 0xBCD, 0xC4D, 0xCCD, 0xD3B, 0xD3C, 0xD4D, 0xDCA,
        0xE3A, 0xEBA, 0xF84, 0x1039, 0x103A, 0x1714, 0x1715, 0x1734, 0x17D2, 0x1A60, 0x1B44, 0x1BAA,
        0x1BAB, 0x1BF2, 0x1BF3, 0x2D7F, 0xA806, 0xA82C, 0xA8C4, 0xA953, 0xA9C0, 0xAAF6, 0xABED, 0x10A3F,
        0x11046, 0x11070, 0x1107F, 0x110B9, 0x11133, 0x11134, 0x111C0, 0x11235, 0x112EA, 0x1134D, 0x113CE, 0x113CF,
        0x113D0, 0x11442, 0x114C2, 0x115BF, 0x1163F, 0x116B6, 0x1172B, 0x11839, 0x1193D, 0x1193E, 0x119E0, 0x11A34,
        0x11A47, 0x11A99, 0x11C3F, 0x11D44, 0x11D45, 0x11D97, 0x11F41, 0x11F42, 0x1612F,
    ];
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;
    use std::collections::BTreeMap;
    use std::path::PathBuf;

    /// Suite cases this module knowingly gets wrong, as (format, data). Empty:
    /// every string case of the drafts below passes.
    const EXCEPTIONS: &[(&str, &str)] = &[];

    const DRAFTS: &[&str] = &["draft2020-12", "draft7"];

    /// `$JSON_SCHEMA_TEST_SUITE`, or the copy vendored in the repository.
    fn suite_dir() -> PathBuf {
        match std::env::var_os("JSON_SCHEMA_TEST_SUITE") {
            Some(dir) => PathBuf::from(dir),
            None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data/json-schema-test-suite"),
        }
    }

    /// The format name of a schema that is `{"format": NAME}`, with or without `$schema`.
    fn format_only(schema: &Value) -> Option<&str> {
        let object = schema.as_object()?;
        let others = object.keys().filter(|k| *k != "format" && *k != "$schema").count();
        if others > 0 {
            return None;
        }
        object.get("format")?.as_str()
    }

    #[test]
    fn format_test_suite() {
        let mut counts: BTreeMap<String, (usize, usize)> = BTreeMap::new();
        let mut failures = Vec::new();
        for draft in DRAFTS {
            let dir = suite_dir().join("tests").join(draft).join("optional").join("format");
            let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| {
                panic!(
                    "cannot read the JSON-Schema-Test-Suite's format tests at {}: {e} \
                     (the copy in tests/data/json-schema-test-suite, or the checkout \
                     JSON_SCHEMA_TEST_SUITE names)",
                    dir.display()
                )
            });
            let mut files: Vec<PathBuf> = entries.map(|e| e.expect("directory entry").path()).collect();
            files.sort();
            for file in files.iter().filter(|f| f.extension().is_some_and(|e| e == "json")) {
                let text = std::fs::read_to_string(file).expect("readable test file");
                let groups: Value = serde_json::from_str(&text).expect("test file is JSON");
                for group in groups.as_array().expect("test file is an array") {
                    let Some(format) = format_only(&group["schema"]) else {
                        continue;
                    };
                    for case in group["tests"].as_array().expect("tests array") {
                        let Some(data) = case["data"].as_str() else {
                            continue;
                        };
                        let expected = case["valid"].as_bool().expect("valid is a boolean");
                        let count = counts.entry(format!("{draft} {format}")).or_default();
                        count.1 += 1;
                        if check(format, data) == expected {
                            count.0 += 1;
                        } else if !EXCEPTIONS.contains(&(format, data)) {
                            let description = case["description"].as_str().unwrap_or_default();
                            failures.push(format!("{draft} {format} {data:?}: expected {expected} ({description})"));
                        }
                    }
                }
            }
        }
        for (format, (passed, total)) in &counts {
            println!("{format}: {passed}/{total}");
        }
        assert!(!counts.is_empty(), "no format test cases found");
        assert!(failures.is_empty(), "{} mismatches:\n{}", failures.len(), failures.join("\n"));
    }

    #[test]
    fn format_aliases_and_unknown_formats() {
        assert!(check("host-name", "example.com") && !check("host-name", "-x"));
        assert!(check("ip-address", "10.0.0.1") && !check("ip-address", "10.0.0"));
        assert!(check("no-such-format", "anything"));
    }

    #[test]
    fn format_punycode_round_trips() {
        // RFC 3492 §7.1 (A) Arabic (Egyptian) and (L) the Japanese example.
        let samples = [
            (
                "\u{0644}\u{064A}\u{0647}\u{0645}\u{0627}\u{0628}\u{062A}\u{0643}\u{0644}\u{0645}\u{0648}\u{0634}\u{0639}\u{0631}\u{0628}\u{064A}\u{061F}",
                "egbpdaj6bu4bxfgehfvwxn",
            ),
            ("3\u{5E74}B\u{7D44}\u{91D1}\u{516B}\u{5148}\u{751F}", "3B-ww4c5e180e575a65lsy2b"),
            ("m\u{00FC}nchen", "mnchen-3ya"),
        ];
        for (text, code) in samples {
            let chars: Vec<char> = text.chars().collect();
            assert_eq!(punycode_encode(&chars).as_deref(), Some(code));
            assert_eq!(punycode_decode(&code.to_ascii_lowercase()), Some(text.to_lowercase().chars().collect()));
        }
        assert_eq!(punycode_decode("99999999999999"), None);
    }

    #[test]
    fn format_idn_hostname_examples() {
        assert!(is_idn_hostname("m\u{00FC}nchen.de"));
        assert!(is_hostname("xn--mnchen-3ya.de") && is_hostname("XN--MNCHEN-3YA.DE"));
        assert!(!is_idn_hostname("M\u{00DC}NCHEN.de"), "upper-case U-labels are DISALLOWED");
        assert!(!is_idn_hostname("ab--cd.example") && is_hostname("ab--cd.example"));
        assert!(is_idn_hostname("\u{05E9}\u{05DC}\u{05D5}\u{05DD}.example"));
        assert!(!is_idn_hostname("\u{FB01}x.example"), "compatibility ligature is DISALLOWED");
    }

    #[test]
    fn format_checkers_never_panic() {
        let pieces = [
            "",
            "\u{e9}",
            "\u{10FFFF}",
            "%",
            "[",
            "]",
            ":",
            "::",
            "{",
            "}",
            "@",
            "\"",
            "\\",
            "-",
            ".",
            "xn--",
            "T",
            "Z",
            "+",
            "#",
            "~",
            "/",
            "9",
            "60",
            "\u{200C}",
            "\u{0660}",
            "\u{30FB}",
        ];
        let formats = [
            "date-time",
            "date",
            "time",
            "duration",
            "email",
            "idn-email",
            "hostname",
            "idn-hostname",
            "ipv4",
            "ipv6",
            "uri",
            "uri-reference",
            "iri",
            "iri-reference",
            "uri-template",
            "uuid",
            "regex",
            "json-pointer",
            "relative-json-pointer",
        ];
        for a in pieces {
            for b in pieces {
                for c in pieces {
                    let s = format!("{a}{b}{c}");
                    for format in formats {
                        check(format, &s);
                        check(format, &format!("1998-12-31T{s}"));
                        check(format, &format!("xn--{s}"));
                    }
                }
            }
        }
    }
}
