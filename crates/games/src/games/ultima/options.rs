//! Ultima options: the decision table of `docs/ultima.md`, each disagreement
//! between the rule sources as a setting with the seed-faithful default.

use serde::{Deserialize, Serialize};

use crate::games::GameOptions;
use crate::games::options::choice_name as name_of;
use crate::games::options::{
    Expected, OptionSpec, OptionsError, bad_value, parse_bool, parse_choice, parse_in_range,
};

/// How immobilizers freeze (spec decision 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Immobilizer {
    /// Chess Variant Pages: every enemy piece next to an immobilizer is frozen; adjacent
    /// enemy immobilizers freeze each other; a chameleon next to an enemy immobilizer freezes it
    /// and is frozen by it. Nothing cancels anything.
    #[default]
    Cvp,
    /// MacKay's "pure" (Cambridge) rules: a piece next to an enemy immobilizer is frozen only if
    /// no other friendly immobilizer or chameleon touches that immobilizer; an immobilizer next
    /// to an enemy chameleon is frozen.
    Pure,
}

/// What a chameleon's leap captures (spec decision 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChameleonRule {
    /// A move makes every capture its geometry satisfies, leaping or not.
    #[default]
    Combined,
    /// A move that leaps over long leapers captures only those leapers.
    Pure,
}

/// The back ranks (spec decision 7). White's is always I L X K W X L C from a1 to h1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Setup {
    /// The seed's: each player's own left to right, so Black a8..h8 = C L X W K X L I.
    #[default]
    Rotated,
    /// Black a8..h8 = I L X K W X L C, the same files as White.
    Mirrored,
}

impl Setup {
    /// The start position text.
    #[must_use]
    pub fn start_position(self) -> &'static str {
        match self {
            Setup::Rotated => "clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w",
            Setup::Mirrored => "ilxkwxlc/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w",
        }
    }
}

/// Every Ultima option with its default.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// How immobilizers freeze.
    pub immobilizer: Immobilizer,
    /// Whether a frozen piece other than the king may remove itself as its move.
    pub suicide: bool,
    /// What a chameleon's leap captures.
    pub chameleon: ChameleonRule,
    /// Black's back rank.
    pub setup: Setup,
    /// Moves *by each side* without a capture or suicide after which the game is drawn; the
    /// count is kept in plies, so the draw comes after `2 × nocapture_limit` plies. 0 turns the
    /// rule off.
    pub nocapture_limit: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            immobilizer: Immobilizer::Cvp,
            suicide: true,
            chameleon: ChameleonRule::Combined,
            setup: Setup::Rotated,
            nocapture_limit: 50,
        }
    }
}

/// The largest `nocapture_limit` (moves by each side).
pub const MAX_NOCAPTURE_LIMIT: u32 = 1000;

const IMMOBILIZERS: &[(&str, Immobilizer)] =
    &[("cvp", Immobilizer::Cvp), ("pure", Immobilizer::Pure)];
const CHAMELEONS: &[(&str, ChameleonRule)] =
    &[("combined", ChameleonRule::Combined), ("pure", ChameleonRule::Pure)];
const SETUPS: &[(&str, Setup)] = &[("rotated", Setup::Rotated), ("mirrored", Setup::Mirrored)];

impl Options {
    /// The no-capture limit in plies (0: none).
    #[must_use]
    pub fn nocapture_limit_plies(&self) -> u32 {
        self.nocapture_limit.saturating_mul(2)
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionsError> {
        match key {
            "immobilizer" => self.immobilizer = parse_choice(key, value, IMMOBILIZERS)?,
            "suicide" => self.suicide = parse_bool(key, value)?,
            "chameleon" => self.chameleon = parse_choice(key, value, CHAMELEONS)?,
            "setup" => self.setup = parse_choice(key, value, SETUPS)?,
            "nocapture_limit" => {
                self.nocapture_limit = parse_in_range(key, value, 0, MAX_NOCAPTURE_LIMIT)?;
            }
            _ => {
                let known: Vec<&str> = Self::SPECS.iter().map(|s| s.key).collect();
                return Err(OptionsError::UnknownKey {
                    key: key.to_string(),
                    known: known.join(", "),
                });
            }
        }
        Ok(())
    }
}

impl GameOptions for Options {
    const SPECS: &'static [OptionSpec] = &[
        OptionSpec {
            key: "immobilizer",
            values: "cvp|pure",
            default: "cvp",
            doc: "cvp: every enemy next to an immobilizer is frozen; pure: a friendly \
                  immobilizer or chameleon touching it frees the others",
        },
        OptionSpec {
            key: "suicide",
            values: "on|off",
            default: "on",
            doc: "a frozen piece other than the king may remove itself as its move",
        },
        OptionSpec {
            key: "chameleon",
            values: "combined|pure",
            default: "combined",
            doc: "combined: a chameleon's leap also makes its other captures; pure: it takes \
                  only the leapers",
        },
        OptionSpec {
            key: "setup",
            values: "rotated|mirrored",
            default: "rotated",
            doc: "Black's back rank: rotated (c l x w k x l i) or mirrored (i l x k w x l c)",
        },
        OptionSpec {
            key: "nocapture_limit",
            values: "0..1000",
            default: "50",
            doc: "moves by each side without a capture or suicide before a draw (0: off)",
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
        vec![
            ("immobilizer", name_of(IMMOBILIZERS, self.immobilizer)),
            ("suicide", if self.suicide { "on" } else { "off" }.to_string()),
            ("chameleon", name_of(CHAMELEONS, self.chameleon)),
            ("setup", name_of(SETUPS, self.setup)),
            ("nocapture_limit", self.nocapture_limit.to_string()),
        ]
    }

    fn validate(&self) -> Result<(), OptionsError> {
        if self.nocapture_limit > MAX_NOCAPTURE_LIMIT {
            return Err(bad_value(
                "nocapture_limit",
                &self.nocapture_limit.to_string(),
                Expected::Range { min: 0, max: u64::from(MAX_NOCAPTURE_LIMIT) },
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::options::split_pairs;

    fn parse(text: &str) -> Result<Options, OptionsError> {
        Options::from_pairs(&split_pairs(text)?)
    }

    // Spec decision table: the defaults are the seed-faithful column.
    #[test]
    fn empty_options_are_the_spec_defaults() {
        let o = parse("").expect("defaults parse");
        assert_eq!(o, Options::default());
        assert_eq!(o.immobilizer, Immobilizer::Cvp);
        assert!(o.suicide);
        assert_eq!(o.chameleon, ChameleonRule::Combined);
        assert_eq!(o.setup, Setup::Rotated);
        assert_eq!(o.nocapture_limit, 50, "spec decision 6: 50 moves by each side");
        assert_eq!(o.nocapture_limit_plies(), 100);
        assert_eq!(o.summary(), "");
    }

    #[test]
    fn every_option_round_trips_through_its_pairs() {
        for text in [
            "",
            "immobilizer=pure,suicide=off",
            "chameleon=pure,setup=mirrored,nocapture_limit=0",
            "suicide=false,nocapture_limit=1000",
        ] {
            let o = parse(text).expect("valid options");
            let pairs: Vec<String> = o.to_pairs().iter().map(|(k, v)| format!("{k}={v}")).collect();
            assert_eq!(parse(&pairs.join(",")).as_ref(), Ok(&o), "{text}");
        }
        assert_eq!(
            parse("immobilizer=pure,suicide=off").expect("valid").summary(),
            "immobilizer=pure,suicide=off"
        );
    }

    #[test]
    fn unknown_keys_and_bad_values_are_refused_with_the_key_named() {
        let e = parse("promotion=on").expect_err("unknown key");
        assert!(matches!(&e, OptionsError::UnknownKey { key, .. } if key == "promotion"), "{e}");
        for bad in [
            "immobilizer=cambridge",
            "suicide=maybe",
            "chameleon=mixed",
            "setup=random",
            "nocapture_limit=1001",
            "nocapture_limit=-1",
            "nocapture_limit=ten",
        ] {
            assert!(matches!(parse(bad), Err(OptionsError::BadValue { .. })), "{bad}");
        }
    }
}
