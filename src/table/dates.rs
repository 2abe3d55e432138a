//! Dates as the referee writes them, in UTC: a day (`2026-11-27`), a minute
//! (`2026-11-27 21:40 UTC`) and a record's timestamp (`2026-11-27T18:42:14Z`), through chrono's
//! calendar (no date arithmetic of our own). A leaf: it imports nothing of the referee.

use chrono::{DateTime, Datelike, NaiveDate, Timelike, Utc};

/// A day in seconds.
pub(super) const DAY: i64 = 86_400;

/// Unix time `seconds` as a UTC date and time; the epoch for a time chrono cannot hold (more
/// than 262,000 years away), which no clock reading reaches.
fn at(seconds: i64) -> DateTime<Utc> {
    DateTime::from_timestamp(seconds, 0).unwrap_or_default()
}

/// The UTC calendar year of unix time `seconds`.
pub(super) fn year(seconds: i64) -> i64 {
    i64::from(at(seconds).year())
}

/// The UTC day of unix time `seconds`, as `2026-11-27` (the same in every language).
pub(super) fn day(seconds: i64) -> String {
    let t = at(seconds);
    format!("{:04}-{:02}-{:02}", t.year(), t.month(), t.day())
}

/// The UTC minute of unix time `seconds`, as `2026-11-27 21:40 UTC`.
pub(super) fn day_time(seconds: i64) -> String {
    let t = at(seconds);
    format!("{} {:02}:{:02} UTC", day(seconds), t.hour(), t.minute())
}

/// `2026-11-27T18:42:14Z` for unix time `seconds` (a record's `Started` and `Ended`).
pub(super) fn timestamp(seconds: i64) -> String {
    let t = at(seconds);
    format!("{}T{:02}:{:02}:{:02}Z", day(seconds), t.hour(), t.minute(), t.second())
}

/// Unix seconds of a [`timestamp`], or `None` for any other text (another form of the same
/// moment included: only what [`timestamp`] writes reads back).
pub(super) fn parse_timestamp(text: &str) -> Option<i64> {
    let (date, time) = text.strip_suffix('Z')?.split_once('T')?;
    let mut d = date.splitn(3, '-');
    let (y, m, day) = (d.next()?.parse().ok()?, d.next()?.parse().ok()?, d.next()?.parse().ok()?);
    let mut t = time.splitn(3, ':').map(str::parse::<u32>);
    let (hh, mm, ss) = (t.next()?.ok()?, t.next()?.ok()?, t.next()?.ok()?);
    let seconds =
        NaiveDate::from_ymd_opt(y, m, day)?.and_hms_opt(hh, mm, ss)?.and_utc().timestamp();
    (timestamp(seconds) == text).then_some(seconds)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_are_the_calendars() {
        assert_eq!(day(0), "1970-01-01");
        assert_eq!(day(951_782_400), "2000-02-29");
        assert_eq!(day(1_795_737_600), "2026-11-27");
        assert_eq!(day(-86_400), "1969-12-31");
        assert_eq!(day_time(1_795_737_600 + 21 * 3600 + 40 * 60 + 59), "2026-11-27 21:40 UTC");
        assert_eq!(year(1_767_225_600 - 1), 2025, "the last second of 2025");
        assert_eq!(year(1_767_225_600), 2026);
    }
}
