//! JSON Schema number rules: integers include `1.0` and `1e2`, bounds compare
//! exactly across integer and float forms, `multipleOf` is decided in decimal.

use serde_json::Number;
use std::cmp::Ordering;
use std::fmt;

/// A JSON Schema `integer`: any number with no fractional part, kept exactly
/// as written so that parse → serialize loses nothing (`1.0` stays `1.0`).
#[derive(Clone, PartialEq)]
pub struct Integer(Number);

impl Integer {
    /// Wraps `n` when it is integral.
    pub fn new(n: Number) -> Option<Self> {
        is_integer(&n).then_some(Integer(n))
    }
    /// The value as an `i64`, when it fits.
    pub fn as_i64(&self) -> Option<i64> {
        self.0.as_i64().or_else(|| Decimal::of(self.0.as_str()).to_i128()?.try_into().ok())
    }
    /// The value as a `u64`, when it fits (not for negative values).
    pub fn as_u64(&self) -> Option<u64> {
        self.0.as_u64().or_else(|| Decimal::of(self.0.as_str()).to_i128()?.try_into().ok())
    }
    /// The value as an `f64` (rounded when it does not fit exactly;
    /// infinite beyond `f64`'s range).
    pub fn as_f64(&self) -> f64 {
        self.0.as_str().parse().unwrap_or(f64::NAN)
    }
    /// The number as written.
    pub fn as_number(&self) -> &Number {
        &self.0
    }
}

macro_rules! integer_from {
    ($($t:ty),*) => {$(
        impl From<$t> for Integer {
            fn from(v: $t) -> Self { Integer(Number::from(v)) }
        }
    )*};
}
integer_from!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

impl PartialEq<i64> for Integer {
    fn eq(&self, other: &i64) -> bool {
        self.as_i64() == Some(*other)
    }
}
impl PartialEq<u64> for Integer {
    fn eq(&self, other: &u64) -> bool {
        self.as_u64() == Some(*other)
    }
}

impl fmt::Debug for Integer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}
impl fmt::Display for Integer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl serde::Serialize for Integer {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl<'de> serde::Deserialize<'de> for Integer {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let n = crate::parse::as_written(Number::deserialize(d)?);
        Integer::new(n).ok_or_else(|| serde::de::Error::custom("expected an integer"))
    }
}

/// A numeric bound written in a schema, as generated code spells it.
#[derive(Clone, Copy, Debug)]
pub enum Num {
    /// A negative integer.
    I(i64),
    /// A non-negative integer.
    U(u64),
    /// Any other number.
    F(f64),
}

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Num::I(v) => write!(f, "{v}"),
            Num::U(v) => write!(f, "{v}"),
            Num::F(v) => write!(f, "{v}"),
        }
    }
}

/// Whether `n` is a JSON Schema integer (no fractional part: `1.0`, `1e2`
/// and `1e400` are integers, `1.5` and `1e-400` are not).
pub fn is_integer(n: &Number) -> bool {
    let text = n.as_str();
    !text.bytes().any(|c| matches!(c, b'.' | b'e' | b'E')) || Decimal::of(text).is_integer()
}

/// The value of `text` when it is written as a plain integer (`-`, then
/// digits, no fraction or exponent) of at most 38 digits, which an `i128`
/// holds: most numbers in documents, decided without a [`Decimal`].
#[inline]
fn plain_integer(text: &str) -> Option<i128> {
    let bytes = text.as_bytes();
    let (negative, digits) = match bytes.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, bytes),
    };
    if digits.is_empty() || digits.len() > 38 {
        return None;
    }
    let mut x: i128 = 0;
    for &d in digits {
        if !d.is_ascii_digit() {
            return None;
        }
        x = x * 10 + i128::from(d - b'0');
    }
    Some(if negative { -x } else { x })
}

/// Compares a document number with a schema bound exactly (no rounding of
/// large integers or long decimals through `f64`).
pub fn compare(n: &Number, bound: Num) -> Ordering {
    match (plain_integer(n.as_str()), bound) {
        (Some(x), Num::U(b)) => x.cmp(&i128::from(b)),
        (Some(x), Num::I(b)) => x.cmp(&i128::from(b)),
        _ => Decimal::of(n.as_str()).cmp(&Decimal::of(&bound.to_string())),
    }
}

/// Whether two JSON numbers are mathematically equal (`1` = `1.0` = `1e0`,
/// `-0` = `0`, `10000000000000000000` = `1e19`), decided on their decimal text.
pub fn equal(a: &Number, b: &Number) -> bool {
    a.as_str() == b.as_str() || Decimal::of(a.as_str()) == Decimal::of(b.as_str())
}

/// Orders two JSON numbers mathematically, on their decimal text (`1e400`
/// is above every `f64`, `0.1` below `0.10000000000000001`).
pub fn order(a: &Number, b: &Number) -> Ordering {
    Decimal::of(a.as_str()).cmp(&Decimal::of(b.as_str()))
}

/// Writes a text that two numbers share exactly when they are [`equal`]:
/// the significant digits and the exponent (`1e19` and `10000000000000000000`
/// both give `1e19`).
pub fn write_key(n: &Number, out: &mut String) {
    use std::fmt::Write;
    let d = Decimal::of(n.as_str());
    if d.digits.is_empty() {
        out.push('0');
        return;
    }
    if d.negative {
        out.push('-');
    }
    out.push_str(&d.digits);
    let _ = write!(out, "e{}", d.exp);
}

/// Whether `n` is a multiple of `divisor`, decided in decimal so that
/// `0.0075` is a multiple of `0.0001`, `1e308` is not one of `0.123456789`,
/// and integers of any length are exact.
pub fn is_multiple_of(n: &Number, divisor: Num) -> bool {
    if let (Some(a), Num::U(d)) = (plain_integer(n.as_str()), divisor) {
        return d != 0 && a % i128::from(d) == 0;
    }
    let a = Decimal::of(n.as_str());
    let d = Decimal::of(&divisor.to_string());
    let Ok(d_digits) = d.digits.parse::<u128>() else { return false };
    if d_digits == 0 {
        return false;
    }
    if a.digits.is_empty() {
        return true;
    }
    // a.digits·10^a.exp / (d.digits·10^d.exp) is an integer? Both digit
    // strings end in a non-zero digit, so a negative shift leaves a fraction.
    let shift = a.exp.saturating_sub(d.exp);
    if shift < 0 {
        return false;
    }
    let mut rem = 0u128;
    for c in a.digits.bytes() {
        rem = (rem % d_digits) * 10 % d_digits + u128::from(c - b'0') % d_digits;
    }
    rem %= d_digits;
    // Multiplying by 10 more than 128 times adds no factor of 2 or 5 that a
    // u128 divisor could still need: the answer is settled by then.
    for _ in 0..shift.min(128) {
        if rem == 0 {
            break;
        }
        rem = rem * 10 % d_digits;
    }
    rem == 0
}

/// A JSON number as a decimal, exactly: `digits × 10^exp` with its sign.
/// `digits` has no leading or trailing zeros (empty for zero, which has no
/// sign), so two numbers are equal exactly when their `Decimal`s are.
#[derive(Debug, PartialEq, Eq)]
struct Decimal {
    negative: bool,
    digits: String,
    exp: i64,
}

impl Decimal {
    /// Reads JSON number text (as serde_json kept it: `-12.50e+3`). An
    /// exponent too long for an `i64` saturates: such a number is beyond
    /// any other but one with a longer exponent still.
    fn of(text: &str) -> Decimal {
        let (negative, s) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (mantissa, exp) = match s.find(['e', 'E']) {
            Some(i) => (&s[..i], parse_exponent(&s[i + 1..])),
            None => (s, 0),
        };
        let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        let frac = frac.trim_end_matches('0');
        let mut digits = String::with_capacity(int.len() + frac.len());
        digits.push_str(int.trim_start_matches('0'));
        if digits.is_empty() {
            digits.push_str(frac.trim_start_matches('0'));
        } else {
            digits.push_str(frac);
        }
        let mut exp = exp.saturating_sub(frac.len() as i64);
        let significant = digits.trim_end_matches('0').len();
        exp = exp.saturating_add((digits.len() - significant) as i64);
        digits.truncate(significant);
        if digits.is_empty() {
            return Decimal { negative: false, digits, exp: 0 };
        }
        Decimal { negative, digits, exp }
    }

    /// Whether it has no fractional part.
    fn is_integer(&self) -> bool {
        self.digits.is_empty() || self.exp >= 0
    }

    /// Where the leading digit stands: `10^magnitude` ≤ |value| < `10^(magnitude+1)`.
    fn magnitude(&self) -> i128 {
        self.digits.len() as i128 + self.exp as i128
    }

    /// The value as an `i128`, when it is an integer that fits.
    fn to_i128(&self) -> Option<i128> {
        if !self.is_integer() || self.magnitude() > 38 {
            return None;
        }
        let mut v: i128 = if self.digits.is_empty() { 0 } else { self.digits.parse().ok()? };
        for _ in 0..self.exp {
            v = v.checked_mul(10)?;
        }
        Some(if self.negative { -v } else { v })
    }
}

fn parse_exponent(s: &str) -> i64 {
    let (negative, digits) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let magnitude = digits.parse::<i64>().unwrap_or(i64::MAX / 4).min(i64::MAX / 4);
    if negative {
        -magnitude
    } else {
        magnitude
    }
}

impl Ord for Decimal {
    fn cmp(&self, other: &Self) -> Ordering {
        let sign = |d: &Decimal| {
            if d.digits.is_empty() {
                0
            } else if d.negative {
                -1
            } else {
                1
            }
        };
        match sign(self).cmp(&sign(other)) {
            Ordering::Equal => {}
            o => return o,
        }
        // Same sign: compare magnitudes, then digits from the leading one
        // (no trailing zeros, so a digit string that is a prefix of the
        // other is the smaller).
        let abs = self.magnitude().cmp(&other.magnitude()).then_with(|| self.digits.cmp(&other.digits));
        if self.negative {
            abs.reverse()
        } else {
            abs
        }
    }
}

impl PartialOrd for Decimal {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(s: &str) -> Number {
        serde_json::from_str(s).unwrap()
    }

    #[test]
    fn integers_include_integral_floats() {
        assert!(is_integer(&n("1.0")));
        assert!(is_integer(&n("1e2")));
        assert!(!is_integer(&n("1.5")));
        assert_eq!(Integer::new(n("1e2")).unwrap().as_u64(), Some(100));
        assert_eq!(serde_json::to_string(&Integer::new(n("1.0")).unwrap()).unwrap(), "1.0");
    }

    /// The plain-integer shortcut answers as the exact decimal comparison does.
    #[test]
    fn plain_integers_compare_as_decimals_do() {
        let texts = [
            "0",
            "-0",
            "1",
            "-1",
            "42",
            "10",
            "-10",
            "9223372036854775807",
            "9223372036854775808",
            "-9223372036854775808",
            "-9223372036854775809",
            "18446744073709551615",
            "18446744073709551616",
            "99999999999999999999999999999999999999",
            "-99999999999999999999999999999999999999",
            "999999999999999999999999999999999999999",
            "1.0",
            "1e2",
            "-1.5",
        ];
        let bounds = [Num::U(0), Num::U(1), Num::U(41), Num::U(u64::MAX), Num::I(-1), Num::I(i64::MIN), Num::F(0.5), Num::F(-1e20)];
        for t in texts {
            let x = n(t);
            for b in bounds {
                assert_eq!(compare(&x, b), Decimal::of(t).cmp(&Decimal::of(&b.to_string())), "{t} vs {b}");
            }
            for d in [1u64, 2, 3, 7, 10, u64::MAX] {
                let exact = Decimal::of(t).is_integer() && {
                    let a = Decimal::of(t).to_i128();
                    a.is_none_or(|a| a % i128::from(d) == 0)
                };
                if plain_integer(t).is_some() {
                    assert_eq!(is_multiple_of(&x, Num::U(d)), exact, "{t} multiple of {d}");
                }
            }
        }
        assert_eq!(plain_integer("-"), None);
        assert_eq!(plain_integer(""), None);
        assert_eq!(plain_integer("1e2"), None);
    }

    #[test]
    fn bounds_compare_exactly() {
        assert_eq!(compare(&n("9007199254740993"), Num::U(9007199254740992)), Ordering::Greater);
        assert_eq!(compare(&n("1.5"), Num::U(1)), Ordering::Greater);
        assert_eq!(compare(&n("-1"), Num::U(0)), Ordering::Less);
        assert_eq!(compare(&n("3"), Num::F(3.0)), Ordering::Equal);
        assert_eq!(compare(&n("2"), Num::F(2.5)), Ordering::Less);
    }

    #[test]
    fn numbers_beyond_machine_types_are_exact() {
        assert!(is_integer(&n("1e400")));
        assert!(is_integer(&n("1.5e1")));
        assert!(is_integer(&n("-0")));
        assert!(!is_integer(&n("1e-400")));
        assert!(!is_integer(&n("123456789012345678901.5")));
        assert_eq!(compare(&n("123456789012345678901"), Num::U(u64::MAX)), Ordering::Greater);
        assert_eq!(compare(&n("-123456789012345678901"), Num::I(i64::MIN)), Ordering::Less);
        assert_eq!(compare(&n("1e400"), Num::F(1e308)), Ordering::Greater);
        assert_eq!(compare(&n("-1e400"), Num::F(-1e308)), Ordering::Less);
        assert_eq!(compare(&n("1e-400"), Num::U(0)), Ordering::Greater);
        assert_eq!(compare(&n("0.30000000000000000001"), Num::F(0.3)), Ordering::Greater);
        assert_eq!(compare(&n("-0"), Num::U(0)), Ordering::Equal);
        assert_eq!(compare(&n("1e99999999999999999999"), Num::F(1e308)), Ordering::Greater);
        assert!(equal(&n("1e19"), &n("10000000000000000000")));
        assert!(!equal(&n("1e19"), &n("10000000000000000001")));
        let i = Integer::new(n("1e2")).unwrap();
        assert_eq!((i.as_u64(), i.as_i64()), (Some(100), Some(100)));
        assert_eq!(Integer::new(n("123456789012345678901")).unwrap().as_u64(), None);
        assert_eq!(Integer::new(n("-9223372036854775808")).unwrap().as_i64(), Some(i64::MIN));
    }

    #[test]
    fn multiple_of_in_decimal() {
        assert!(is_multiple_of(&n("123456789012345678901234567890"), Num::U(10)));
        assert!(!is_multiple_of(&n("123456789012345678901234567891"), Num::U(10)));
        assert!(is_multiple_of(&n("1e400"), Num::U(1024)));
        assert!(!is_multiple_of(&n("1e400"), Num::U(3)));
        assert!(is_multiple_of(&n("1e99999999999999999"), Num::F(0.5)));
        assert!(!is_multiple_of(&n("1.5e-400"), Num::F(0.5)));
        assert!(is_multiple_of(&n("0.0075"), Num::F(0.0001)));
        assert!(!is_multiple_of(&n("0.00751"), Num::F(0.0001)));
        assert!(!is_multiple_of(&n("1e308"), Num::F(0.123456789)));
        assert!(is_multiple_of(&n("4.5"), Num::F(1.5)));
        assert!(!is_multiple_of(&n("35"), Num::F(1.5)));
        assert!(is_multiple_of(&n("10"), Num::U(2)));
        assert!(!is_multiple_of(&n("7"), Num::U(2)));
        assert!(is_multiple_of(&n("0"), Num::U(2)));
    }
}
