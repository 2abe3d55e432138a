//! Chaos Clock options: how the start is drawn and whether the referee may show solver hints.

use serde::{Deserialize, Serialize};

use crate::games::GameOptions;
use crate::games::options::{Expected, OptionSpec, OptionsError, Why, parse_bool, parse_choice};

/// How the start position is drawn (spec decisions 1 and 8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Start {
    /// A uniformly random derangement from the game's seed.
    #[default]
    Random,
    /// 公平开局: random derangements from the seed until the solver proves one 共赢 with best
    /// play; draws the solver cannot finish within its budget are skipped, never guessed.
    Fair,
}

/// Every Chaos Clock option with its default.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// How the start position is drawn.
    pub start: Start,
    /// Whether the referee may show the solver's verdict and best actions (off by default; the
    /// engine only records the choice).
    pub hints: bool,
    /// For `start=fair`: which draw from the seed was proven 共赢, recorded when the game is
    /// created so that reloading it replays the draw without solving again. Not offered to
    /// players (`/rules` does not list it); set by the engine.
    pub fair_draw: Option<u32>,
}

const STARTS: &[(&str, Start)] = &[("random", Start::Random), ("fair", Start::Fair)];

impl GameOptions for Options {
    const SPECS: &'static [OptionSpec] = &[
        OptionSpec {
            key: "start",
            values: "random|fair",
            default: "random",
            doc: "random: any derangement; fair: a derangement the solver proves is 共赢 \
                  (both win) with best play",
        },
        OptionSpec {
            key: "hints",
            values: "on|off",
            default: "off",
            doc: "the referee may show the solver's verdict and best actions",
        },
    ];

    fn from_pairs(pairs: &[(String, String)]) -> Result<Self, OptionsError> {
        let mut options = Options::default();
        for (key, value) in pairs {
            match key.as_str() {
                "start" => options.start = parse_choice(key, value, STARTS)?,
                "hints" => options.hints = parse_bool(key, value)?,
                "fair_draw" => {
                    options.fair_draw =
                        Some(value.parse().map_err(|_| OptionsError::BadValue {
                            key: key.clone(),
                            value: value.clone(),
                            expected: Expected::Number,
                        })?);
                }
                _ => {
                    let known: Vec<&str> = Self::SPECS.iter().map(|s| s.key).collect();
                    return Err(OptionsError::UnknownKey {
                        key: key.clone(),
                        known: known.join(", "),
                    });
                }
            }
        }
        options.validate()?;
        Ok(options)
    }

    fn to_pairs(&self) -> Vec<(&'static str, String)> {
        let start = match self.start {
            Start::Random => "random",
            Start::Fair => "fair",
        };
        let mut pairs = vec![
            ("start", start.to_string()),
            ("hints", if self.hints { "on" } else { "off" }.into()),
        ];
        if let Some(draw) = self.fair_draw {
            pairs.push(("fair_draw", draw.to_string()));
        }
        pairs
    }

    fn validate(&self) -> Result<(), OptionsError> {
        match self.fair_draw {
            Some(_) if self.start != Start::Fair => Err(OptionsError::Conflict {
                key: "fair_draw".into(),
                reason: Why::OnlyWith("start=fair".into()),
            }),
            Some(draw) if draw == 0 || draw > super::FAIR_MAX_DRAWS => {
                Err(OptionsError::BadValue {
                    key: "fair_draw".into(),
                    value: draw.to_string(),
                    expected: Expected::Range { min: 1, max: u64::from(super::FAIR_MAX_DRAWS) },
                })
            }
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::options::split_pairs;

    fn parse(text: &str) -> Result<Options, OptionsError> {
        Options::from_pairs(&split_pairs(text)?)
    }

    #[test]
    fn the_defaults_are_a_random_start_without_hints() {
        let o = parse("").expect("defaults parse");
        assert_eq!(o, Options { start: Start::Random, hints: false, fair_draw: None });
        assert_eq!(o.summary(), "");
    }

    #[test]
    fn every_option_round_trips_and_bad_values_are_refused() {
        let o = parse("start=fair,hints=on").expect("valid");
        assert_eq!(o, Options { start: Start::Fair, hints: true, fair_draw: None });
        assert_eq!(o.summary(), "start=fair,hints=on");
        let pairs: Vec<String> = o.to_pairs().iter().map(|(k, v)| format!("{k}={v}")).collect();
        assert_eq!(parse(&pairs.join(",")), Ok(o));
        assert!(matches!(parse("start=balanced"), Err(OptionsError::BadValue { .. })));
        assert!(matches!(parse("hints=maybe"), Err(OptionsError::BadValue { .. })));
        assert!(matches!(parse("depth=3"), Err(OptionsError::UnknownKey { .. })));
        assert!(matches!(parse("fair_draw=2"), Err(OptionsError::Conflict { .. })));
        assert!(matches!(parse("start=fair,fair_draw=0"), Err(OptionsError::BadValue { .. })));
        let recorded = parse("start=fair,fair_draw=3").expect("valid");
        assert_eq!(recorded.fair_draw, Some(3));
        assert_eq!(recorded.summary(), "start=fair", "the record is not a choice to show");
    }
}
