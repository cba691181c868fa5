//! RFC 3339 timestamps, read from the exact string a schema admits: the
//! typed accessor of `format: date-time` strings. The string itself is what
//! is kept (so nothing the schema accepts is rejected or rewritten).

use std::fmt;

/// The parts of an RFC 3339 `date-time`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DateTime {
    /// Year (0000–9999).
    pub year: u16,
    /// Month (1–12).
    pub month: u8,
    /// Day of the month (1–31).
    pub day: u8,
    /// Hour (0–23).
    pub hour: u8,
    /// Minute (0–59).
    pub minute: u8,
    /// Second (0–60; 60 is a leap second).
    pub second: u8,
    /// Fraction of the second, in nanoseconds (digits past the ninth are dropped).
    pub nanosecond: u32,
    /// Offset from UTC in minutes (`Z` is 0).
    pub offset_minutes: i16,
}

impl DateTime {
    /// Parses an RFC 3339 `date-time` (`T`/`Z` in either case); `None` when
    /// the text is not one or names a day that does not exist.
    pub fn parse(s: &str) -> Option<DateTime> {
        let b = s.as_bytes();
        let num = |from: usize, len: usize| -> Option<u32> {
            let part = b.get(from..from + len)?;
            part.iter().all(u8::is_ascii_digit).then(|| part.iter().fold(0, |n, d| n * 10 + u32::from(d - b'0')))
        };
        let sep = |at: usize, c: u8| b.get(at).is_some_and(|x| x.eq_ignore_ascii_case(&c));
        if !(sep(4, b'-') && sep(7, b'-') && sep(10, b'T') && sep(13, b':') && sep(16, b':')) {
            return None;
        }
        let (year, month, day) = (num(0, 4)?, num(5, 2)?, num(8, 2)?);
        let (hour, minute, second) = (num(11, 2)?, num(14, 2)?, num(17, 2)?);
        let mut i = 19;
        let mut nanosecond = 0u32;
        if b.get(i) == Some(&b'.') {
            i += 1;
            let start = i;
            while b.get(i).is_some_and(u8::is_ascii_digit) {
                if i - start < 9 {
                    nanosecond = nanosecond * 10 + u32::from(b[i] - b'0');
                }
                i += 1;
            }
            if i == start {
                return None;
            }
            for _ in (i - start)..9 {
                nanosecond *= 10;
            }
        }
        let offset_minutes: i32 = match b.get(i) {
            Some(b'Z' | b'z') if i + 1 == b.len() => 0,
            Some(sign @ (b'+' | b'-')) if i + 6 == b.len() && sep(i + 3, b':') => {
                let (h, m) = (num(i + 1, 2)?, num(i + 4, 2)?);
                if h > 23 || m > 59 {
                    return None;
                }
                let total = (h * 60 + m) as i32;
                if *sign == b'-' {
                    -total
                } else {
                    total
                }
            }
            _ => return None,
        };
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
        let days = match month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => return None,
        };
        if day == 0 || day > days || hour > 23 || minute > 59 || second > 60 {
            return None;
        }
        Some(DateTime {
            year: year as u16,
            month: month as u8,
            day: day as u8,
            hour: hour as u8,
            minute: minute as u8,
            second: second as u8,
            nanosecond,
            offset_minutes: offset_minutes as i16,
        })
    }

    /// Milliseconds since 1970-01-01T00:00:00Z (a leap second counts as the
    /// second before the next minute).
    pub fn unix_millis(&self) -> i64 {
        // Days from civil date (Howard Hinnant's algorithm).
        let (y, m, d) = (i64::from(self.year), i64::from(self.month), i64::from(self.day));
        let y = if m <= 2 { y - 1 } else { y };
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let mp = (m + 9) % 12;
        let doy = (153 * mp + 2) / 5 + d - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        let days = era * 146_097 + doe - 719_468;
        let second = i64::from(self.second.min(59));
        let secs = days * 86_400 + i64::from(self.hour) * 3600 + i64::from(self.minute) * 60 + second - i64::from(self.offset_minutes) * 60;
        secs * 1000 + i64::from(self.nanosecond / 1_000_000)
    }
}

impl fmt::Display for DateTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}", self.year, self.month, self.day, self.hour, self.minute, self.second)?;
        if self.nanosecond != 0 {
            write!(f, ".{:09}", self.nanosecond)?;
        }
        match self.offset_minutes {
            0 => f.write_str("Z"),
            o => write!(f, "{}{:02}:{:02}", if o < 0 { '-' } else { '+' }, o.abs() / 60, o.abs() % 60),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_converts() {
        let t = DateTime::parse("2026-11-30T12:34:56.789Z").unwrap();
        assert_eq!((t.year, t.month, t.day, t.hour, t.minute, t.second, t.nanosecond), (2026, 11, 30, 12, 34, 56, 789_000_000));
        assert_eq!(DateTime::parse("1970-01-01T00:00:00.000Z").unwrap().unix_millis(), 0);
        assert_eq!(DateTime::parse("2000-03-01T01:00:00+01:00").unwrap().unix_millis(), 951_868_800_000);
        assert!(DateTime::parse("2026-02-29T00:00:00Z").is_none());
        assert!(DateTime::parse("2024-02-29T00:00:00Z").is_some());
        assert!(DateTime::parse("2026-11-30T12:34:56").is_none());
        assert!(DateTime::parse("2026-11-30T12:34:56.Z").is_none());
        assert_eq!(DateTime::parse("2026-11-30t12:34:56.5z").unwrap().to_string(), "2026-11-30T12:34:56.500000000Z");
    }
}
