//! Time: the injected clock the referee reads (engines never read time), and time controls.

use std::sync::atomic::{AtomicI64, Ordering};

use serde::{Deserialize, Serialize};

use crate::games::OptionsError;
use crate::games::options::{parse_choice, parse_seconds};

/// A source of the current time in unix seconds.
pub trait Clock: Send + Sync + std::fmt::Debug {
    /// Now, in unix seconds.
    fn now(&self) -> i64;
}

/// The machine's clock: the one place the program reads wall-clock time.
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl Clock for SystemClock {
    #[allow(clippy::disallowed_methods)] // the referee's one clock
    fn now(&self) -> i64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
    }
}

/// A clock that moves only when told to (transcripts, tests).
#[derive(Debug, Default)]
pub struct ManualClock(AtomicI64);

impl ManualClock {
    /// A clock standing at `now`.
    #[must_use]
    pub fn new(now: i64) -> ManualClock {
        ManualClock(AtomicI64::new(now))
    }

    /// Moves the clock forward by `seconds`.
    pub fn advance(&self, seconds: i64) {
        self.0.fetch_add(seconds, Ordering::SeqCst);
    }

    /// Sets the clock.
    pub fn set(&self, now: i64) {
        self.0.store(now, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// Correspondence (days per move) or live (minutes per move).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pace {
    /// Play-by-message: hours or days per move.
    Correspondence,
    /// Everyone at the table: minutes per move.
    Live,
}

/// A game's time control: the time for each decision. Timeout loses a move, and passes a
/// challenge window.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeControl {
    /// Correspondence or live.
    pub pace: Pace,
    /// Seconds per move.
    pub per_move: u32,
}

impl Default for TimeControl {
    fn default() -> Self {
        TimeControl { pace: Pace::Correspondence, per_move: 24 * 3600 }
    }
}

impl TimeControl {
    /// The table-level keys `/new` accepts besides the game's options.
    pub const KEYS: [&'static str; 2] = ["clock", "per_move"];

    /// Builds a time control from `clock=correspondence|live` and `per_move=<duration>`
    /// (correspondence: 1 h to 14 d, default 24 h; live: 1 to 60 min, default 10 min).
    ///
    /// # Errors
    ///
    /// A bad value.
    pub fn from_pairs(pairs: &[(String, String)]) -> Result<TimeControl, OptionsError> {
        let mut pace = Pace::Correspondence;
        let mut per_move = None;
        for (key, value) in pairs {
            match key.as_str() {
                "clock" => {
                    pace = parse_choice(
                        key,
                        value,
                        &[
                            ("correspondence", Pace::Correspondence),
                            ("corr", Pace::Correspondence),
                            ("live", Pace::Live),
                        ],
                    )?;
                }
                "per_move" => per_move = Some(value.clone()),
                _ => {}
            }
        }
        let per_move = match (pace, per_move) {
            (Pace::Correspondence, None) => 24 * 3600,
            (Pace::Live, None) => 600,
            (Pace::Correspondence, Some(v)) => parse_seconds("per_move", &v, 3600, 14 * 86_400)?,
            (Pace::Live, Some(v)) => parse_seconds("per_move", &v, 60, 3600)?,
        };
        Ok(TimeControl { pace, per_move })
    }
}

/// What the referee plays for a player whose time ran out, where the game has a default.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeoutMove {
    /// A challenge window passes.
    Pass,
    /// Rabble's default placement is picked.
    DefaultPick,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tc(pairs: &[(&str, &str)]) -> Result<TimeControl, OptionsError> {
        let pairs: Vec<(String, String)> =
            pairs.iter().map(|(k, v)| ((*k).to_string(), (*v).to_string())).collect();
        TimeControl::from_pairs(&pairs)
    }

    #[test]
    fn time_controls_default_to_a_day_per_move_and_ten_minutes_live() {
        assert_eq!(tc(&[]).unwrap(), TimeControl { pace: Pace::Correspondence, per_move: 86_400 });
        assert_eq!(
            tc(&[("clock", "live")]).unwrap(),
            TimeControl { pace: Pace::Live, per_move: 600 }
        );
        assert_eq!(tc(&[("per_move", "3d")]).unwrap().per_move, 3 * 86_400);
        assert!(tc(&[("clock", "live"), ("per_move", "2d")]).is_err(), "live games are minutes");
        assert!(tc(&[("per_move", "30m")]).is_err(), "correspondence is at least an hour");
        assert!(tc(&[("clock", "blitz")]).is_err());
    }

    #[test]
    fn the_manual_clock_moves_only_when_told() {
        let c = ManualClock::new(100);
        assert_eq!(c.now(), 100);
        c.advance(50);
        assert_eq!(c.now(), 150);
    }
}
