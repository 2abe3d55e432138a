//! Rabble options: the spec's open choices ([I-3] `band_empty`, [I-26] the 60 counter), the
//! handicaps of §8, and whether to run the selection phase.

use serde::{Deserialize, Serialize};

use super::int::Int;
use crate::games::GameOptions;
use crate::games::options::{
    Expected, OptionSpec, OptionsError, Why, bad_value, parse_bool, parse_in_range,
};

/// A handicap one side gives (spec §8).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Handicap {
    /// None.
    #[default]
    None,
    /// 讓n級子, levels 1–7: the giver's pawns in the level's regions become the receiver's.
    Level(u8),
    /// 讓n步先, n ≥ 2: the receiver plays n free stack/jump/drop turns first. Any natural
    /// number, stored exactly (decision 12).
    Steps(Int),
}

impl Handicap {
    fn parse(key: &str, value: &str) -> Result<Handicap, OptionsError> {
        let v = value.to_lowercase();
        let expected = || Expected::Handicap;
        if v == "none" || v == "0" {
            return Ok(Handicap::None);
        }
        if let Some(n) = v.strip_prefix("level") {
            let n = parse_in_range(key, n, 1, 7).map_err(|_| bad_value(key, value, expected()))?;
            return Ok(Handicap::Level(u8::try_from(n).unwrap_or(7)));
        }
        if let Some(n) = v.strip_prefix("steps") {
            // Digits only (no sign), any length; the value is kept exactly.
            let n = Some(n)
                .filter(|n| n.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|n| n.parse::<Int>().ok())
                .filter(|n| *n >= 2)
                .ok_or_else(|| bad_value(key, value, expected()))?;
            return Ok(Handicap::Steps(n));
        }
        Err(bad_value(key, value, expected()))
    }

    fn name(&self) -> String {
        match self {
            Handicap::None => "none".to_string(),
            Handicap::Level(n) => format!("level{n}"),
            Handicap::Steps(n) => format!("steps{n}"),
        }
    }
}

/// Every Rabble option with its default.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// Run the selection phase (自選系統); off starts from the timeout defaults at once.
    pub select: bool,
    /// [I-3] alternative: the four sky-blue rows start empty in every layer.
    pub band_empty: bool,
    /// [I-26]: plies without capturing a unit that holds a non-pawn before losses 8 / draw 3.
    pub quiet_limit: u32,
    /// What Red gives.
    pub red_gives: Handicap,
    /// What Blue gives.
    pub blue_gives: Handicap,
    /// The drawn game this one continues, from the draw library (set by the referee, never
    /// by players: it is not among the offered options).
    pub from: Option<u64>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            select: true,
            band_empty: false,
            quiet_limit: 60,
            red_gives: Handicap::None,
            blue_gives: Handicap::None,
            from: None,
        }
    }
}

impl Options {
    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionsError> {
        match key {
            "select" => self.select = parse_bool(key, value)?,
            "band_empty" => self.band_empty = parse_bool(key, value)?,
            "quiet_limit" => self.quiet_limit = parse_in_range(key, value, 2, 10_000)?,
            "red_gives" => self.red_gives = Handicap::parse(key, value)?,
            "blue_gives" => self.blue_gives = Handicap::parse(key, value)?,
            "from" if value == "none" => self.from = None,
            "from" => {
                self.from =
                    Some(value.parse().map_err(|_| bad_value(key, value, Expected::Number))?);
            }
            _ => {
                return Err(OptionsError::UnknownKey {
                    key: key.to_string(),
                    known: Self::SPECS.iter().map(|s| s.key).collect::<Vec<_>>().join(", "),
                });
            }
        }
        Ok(())
    }

    /// The handicap level each side gives (0 = none), for the fill function.
    #[must_use]
    pub fn levels(&self) -> [u8; 2] {
        let level = |h: &Handicap| if let Handicap::Level(n) = h { *n } else { 0 };
        [level(&self.red_gives), level(&self.blue_gives)]
    }
}

impl GameOptions for Options {
    const SPECS: &'static [OptionSpec] = &[
        OptionSpec {
            key: "select",
            values: "on|off",
            default: "on",
            doc: "run the selection phase (rows of four, Red first); off uses the default placement",
        },
        OptionSpec {
            key: "band_empty",
            values: "on|off",
            default: "off",
            doc: "the four sky-blue rows start empty in every layer (the spec's alternative reading)",
        },
        OptionSpec {
            key: "quiet_limit",
            values: "2..10000",
            default: "60",
            doc: "plies without capturing a non-pawn before the lower score loses (120 = 60 per side)",
        },
        OptionSpec {
            key: "red_gives",
            values: "none|levelN|stepsN",
            default: "none",
            doc: "Red's handicap: level1..7 (讓n級子) or steps2.. (讓n步先)",
        },
        OptionSpec {
            key: "blue_gives",
            values: "none|levelN|stepsN",
            default: "none",
            doc: "Blue's handicap: level1..7 (讓n級子) or steps2.. (讓n步先)",
        },
    ];

    fn from_pairs(pairs: &[(String, String)]) -> Result<Self, OptionsError> {
        let mut options = Options::default();
        for (key, value) in pairs {
            options.set(key, value)?;
        }
        options.validate()?;
        Ok(options)
    }

    fn to_pairs(&self) -> Vec<(&'static str, String)> {
        let on = |b: bool| if b { "on" } else { "off" }.to_string();
        vec![
            ("select", on(self.select)),
            ("band_empty", on(self.band_empty)),
            ("quiet_limit", self.quiet_limit.to_string()),
            ("red_gives", self.red_gives.name()),
            ("blue_gives", self.blue_gives.name()),
            ("from", self.from.map_or_else(|| "none".to_string(), |n| n.to_string())),
        ]
    }

    fn validate(&self) -> Result<(), OptionsError> {
        if matches!(self.red_gives, Handicap::Steps(_))
            && matches!(self.blue_gives, Handicap::Steps(_))
        {
            return Err(OptionsError::Conflict {
                key: "blue_gives".to_string(),
                reason: Why::OneSideSteps,
            });
        }
        Ok(())
    }
}
