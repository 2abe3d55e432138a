//! Perfect 10 x 10 options. The rulebook decides every rule question of the original text
//! (`docs/perfect10.md`); the one setting is a house rule the seed does not have: a
//! draw after so many moves by each side without a capture or a pawn move (Fairy-Stockfish's
//! `nMoveRule`), off by default.

use serde::{Deserialize, Serialize};

use crate::games::GameOptions;
use crate::games::options::{Expected, OptionSpec, OptionsError, bad_value, parse_in_range};

/// Every Perfect 10 x 10 option with its default.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// Moves by each side without a capture or a pawn move after which the game is drawn
    /// (0: never, the seed's rule).
    pub move_rule: u32,
}

/// The largest `move_rule`.
pub const MAX_MOVE_RULE: u32 = 1000;

impl GameOptions for Options {
    const SPECS: &'static [OptionSpec] = &[OptionSpec {
        key: "move_rule",
        values: "0..1000",
        default: "0",
        doc: "house rule: a draw after this many moves by each side without a capture or a pawn \
              move (0: off, as in the seed)",
    }];

    fn from_pairs(pairs: &[(String, String)]) -> Result<Self, OptionsError> {
        let mut options = Options::default();
        for (key, value) in pairs {
            match key.as_str() {
                "move_rule" => options.move_rule = parse_in_range(key, value, 0, MAX_MOVE_RULE)?,
                _ => {
                    return Err(OptionsError::UnknownKey {
                        key: key.clone(),
                        known: "move_rule".to_string(),
                    });
                }
            }
        }
        options.validate()?;
        Ok(options)
    }

    fn to_pairs(&self) -> Vec<(&'static str, String)> {
        vec![("move_rule", self.move_rule.to_string())]
    }

    fn validate(&self) -> Result<(), OptionsError> {
        if self.move_rule > MAX_MOVE_RULE {
            return Err(bad_value(
                "move_rule",
                &self.move_rule.to_string(),
                Expected::Range { min: 0, max: u64::from(MAX_MOVE_RULE) },
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

    #[test]
    fn the_default_has_no_move_rule_like_the_seed() {
        assert_eq!(parse("").expect("defaults"), Options { move_rule: 0 });
        assert_eq!(parse("move_rule=50").expect("valid").summary(), "move_rule=50");
    }

    #[test]
    fn unknown_keys_and_bad_values_are_refused() {
        assert!(matches!(parse("castling=off"), Err(OptionsError::UnknownKey { .. })));
        for bad in ["move_rule=1001", "move_rule=-1", "move_rule=x"] {
            assert!(matches!(parse(bad), Err(OptionsError::BadValue { .. })), "{bad}");
        }
    }
}
