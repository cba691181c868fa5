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
        self.0.as_i64().or_else(|| float_to_int(self.0.as_f64()?))
    }
    /// The value as a `u64`, when it fits (not for negative values).
    pub fn as_u64(&self) -> Option<u64> {
        self.0.as_u64().or_else(|| {
            let f = self.0.as_f64()?;
            (0.0..18_446_744_073_709_551_616.0).contains(&f).then_some(f as u64)
        })
    }
    /// The value as an `f64` (rounded when it does not fit exactly).
    pub fn as_f64(&self) -> f64 {
        self.0.as_f64().unwrap_or(f64::NAN)
    }
    /// The number as written.
    pub fn as_number(&self) -> &Number {
        &self.0
    }
}

fn float_to_int(f: f64) -> Option<i64> {
    (f.fract() == 0.0 && (-9_223_372_036_854_775_808.0..9_223_372_036_854_775_808.0).contains(&f)).then_some(f as i64)
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
        let n = Number::deserialize(d)?;
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

/// Whether `n` is a JSON Schema integer (no fractional part).
pub fn is_integer(n: &Number) -> bool {
    n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.is_finite() && f.fract() == 0.0)
}

fn to_num(n: &Number) -> Num {
    if let Some(u) = n.as_u64() {
        Num::U(u)
    } else if let Some(i) = n.as_i64() {
        Num::I(i)
    } else {
        Num::F(n.as_f64().unwrap_or(f64::NAN))
    }
}

/// Compares a document number with a schema bound exactly (no rounding of
/// large integers through `f64`).
pub fn compare(n: &Number, bound: Num) -> Ordering {
    compare_num(to_num(n), bound)
}

fn compare_num(a: Num, b: Num) -> Ordering {
    match (a, b) {
        (Num::U(x), Num::U(y)) => x.cmp(&y),
        (Num::I(x), Num::I(y)) => x.cmp(&y),
        (Num::I(_), Num::U(_)) => Ordering::Less,
        (Num::U(_), Num::I(_)) => Ordering::Greater,
        (Num::F(x), Num::F(y)) => x.partial_cmp(&y).unwrap_or(Ordering::Equal),
        (Num::F(x), int) => compare_num(int, Num::F(x)).reverse(),
        (Num::U(x), Num::F(y)) => int_vs_float(x as i128, y),
        (Num::I(x), Num::F(y)) => int_vs_float(x as i128, y),
    }
}

fn int_vs_float(x: i128, y: f64) -> Ordering {
    if y.is_nan() {
        return Ordering::Equal;
    }
    if y >= 1.8e19 {
        return Ordering::Less;
    }
    if y <= -9.3e18 {
        return Ordering::Greater;
    }
    let floor = y.floor();
    let fi = floor as i128;
    match x.cmp(&fi) {
        Ordering::Equal if y > floor => Ordering::Less,
        o => o,
    }
}

/// Whether `n` is a multiple of `divisor`, decided in decimal so that
/// `0.0075` is a multiple of `0.0001` and `1e308` is not one of `0.123456789`.
pub fn is_multiple_of(n: &Number, divisor: Num) -> bool {
    if let (Some(a), Num::U(d)) = (n.as_i64(), divisor) {
        return d != 0 && (a as i128) % (d as i128) == 0;
    }
    let (Some(a), Some(d)) = (Decimal::parse(&n.to_string()), Decimal::parse(&divisor.to_string())) else {
        return false;
    };
    if d.digits == 0 {
        return false;
    }
    if a.digits == 0 {
        return true;
    }
    // a.digits·10^a.exp / (d.digits·10^d.exp) is an integer?
    let shift = a.exp - d.exp;
    if shift >= 0 {
        let mut rem = a.digits % d.digits;
        let ten = 10 % d.digits;
        for _ in 0..shift {
            rem = rem * ten % d.digits;
            if rem == 0 {
                break;
            }
        }
        rem == 0
    } else {
        let Some(scale) = 10u128.checked_pow((-shift) as u32) else { return false };
        a.digits % scale == 0 && (a.digits / scale) % d.digits == 0
    }
}

/// A non-negative decimal `digits × 10^exp` (the sign does not matter for
/// divisibility).
struct Decimal {
    digits: u128,
    exp: i64,
}

impl Decimal {
    fn parse(s: &str) -> Option<Decimal> {
        let s = s.strip_prefix('-').unwrap_or(s);
        let (mantissa, exp) = match s.find(['e', 'E']) {
            Some(i) => (&s[..i], s[i + 1..].parse::<i64>().ok()?),
            None => (s, 0),
        };
        let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        let frac = frac.trim_end_matches('0');
        let all = format!("{int}{frac}");
        let trimmed = all.trim_start_matches('0');
        let mut digits: u128 = if trimmed.is_empty() { 0 } else { trimmed.parse().ok()? };
        let mut exp = exp - frac.len() as i64;
        while digits != 0 && digits.is_multiple_of(10) {
            digits /= 10;
            exp += 1;
        }
        Some(Decimal { digits, exp })
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

    #[test]
    fn bounds_compare_exactly() {
        assert_eq!(compare(&n("9007199254740993"), Num::U(9007199254740992)), Ordering::Greater);
        assert_eq!(compare(&n("1.5"), Num::U(1)), Ordering::Greater);
        assert_eq!(compare(&n("-1"), Num::U(0)), Ordering::Less);
        assert_eq!(compare(&n("3"), Num::F(3.0)), Ordering::Equal);
        assert_eq!(compare(&n("2"), Num::F(2.5)), Ordering::Less);
    }

    #[test]
    fn multiple_of_in_decimal() {
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
