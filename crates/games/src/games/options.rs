//! Game options as `key=value` pairs: the shared parser, the error type and small value parsers.
//!
//! Every game's `Options` is plain data with defaults; this module turns the text a player or a
//! tool typed (`board=5x5,report=dir16`) into checked pairs, and each game turns the pairs into
//! its own typed options (STYLE §2 lesson 2: raw → checked at the boundary).

use thiserror::Error;

use crate::core::ErrorCode;

/// What went wrong with a set of options. Messages are lowercase and for logs; the referee words
/// them for players.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum OptionsError {
    /// A pair had no `=`.
    #[error("option `{pair}` is not of the form key=value")]
    Malformed {
        /// The text as given.
        pair: String,
    },
    /// The key is not an option of this game.
    #[error("unknown option `{key}` (known: {known})")]
    UnknownKey {
        /// The key as given.
        key: String,
        /// The game's keys, comma-separated.
        known: String,
    },
    /// The same key was given twice.
    #[error("option `{key}` is given twice")]
    Duplicate {
        /// The key.
        key: String,
    },
    /// The value is not one the key accepts.
    #[error("option `{key}` cannot be `{value}` (expected {expected})")]
    BadValue {
        /// The key.
        key: String,
        /// The value as given.
        value: String,
        /// What the key accepts.
        expected: Expected,
    },
    /// The value is fine alone but contradicts another option.
    #[error("option `{key}` {reason}")]
    Conflict {
        /// The key whose value conflicts.
        key: String,
        /// Why.
        reason: Why,
    },
}

/// What an option accepts: data, so the referee can word it in the reader's language (the
/// `Display` text is English, for logs and the command-line tools).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expected {
    /// `true` or `false` (`on`/`off`, `yes`/`no`, `1`/`0`).
    Bool,
    /// One of these names.
    OneOf(Vec<String>),
    /// A whole number in `min..=max`.
    Range {
        /// The least.
        min: u64,
        /// The most.
        max: u64,
    },
    /// A whole number in `min..=max`, or `auto`.
    RangeOrAuto {
        /// The least.
        min: u64,
        /// The most.
        max: u64,
    },
    /// A duration (`60s`, `5m`, `2h`, `1d`) of `min..=max` seconds.
    Duration {
        /// The least, in seconds.
        min: u32,
        /// The most, in seconds.
        max: u32,
    },
    /// A board size `CxR`, each side in `min..=max`.
    Board {
        /// The least side.
        min: u8,
        /// The most side.
        max: u8,
    },
    /// A whole number (a game or draw number).
    Number,
    /// Rabble's handicaps: `none`, `level1`..`level7` or `steps2`..`steps1000`.
    Handicap,
}

impl std::fmt::Display for Expected {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Expected::Bool => f.write_str("true or false"),
            Expected::OneOf(names) => f.write_str(&names.join(" or ")),
            Expected::Range { min, max } => write!(f, "a whole number from {min} to {max}"),
            Expected::RangeOrAuto { min, max } => {
                write!(f, "a whole number from {min} to {max}, or auto")
            }
            Expected::Duration { min, max } => {
                write!(f, "a duration like 60s or 5m, from {min}s to {max}s")
            }
            Expected::Board { min, max } => {
                write!(f, "CxR with each side from {min} to {max}, e.g. 4x4")
            }
            Expected::Number => f.write_str("a whole number"),
            Expected::Handicap => f.write_str("none, level1..level7 or steps2..steps1000"),
        }
    }
}

/// Why an option contradicts the others: data, worded by the referee (`Display` is English).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Why {
    /// It needs these other settings (`key=value` each).
    Needs(Vec<String>),
    /// It applies only with this other setting (`key=value`).
    OnlyWith(String),
    /// Dark Fence: `p2_sees_p1_start=false` in the challenge variant, where positions are public.
    PublicInChallenge,
    /// Rabble: both sides give steps; only one side can play first.
    OneSideSteps,
    /// Chaos Clock: no start proven both-win in this many draws.
    NoFairStart {
        /// How many draws were tried.
        draws: u32,
    },
    /// The built-in start position did not load (a defect, never a player's mistake).
    BadStart(String),
}

impl std::fmt::Display for Why {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Why::Needs(needs) => write!(f, "needs {}", needs.join(" and ")),
            Why::OnlyWith(with) => write!(f, "applies only with {with}"),
            Why::PublicInChallenge => {
                f.write_str("cannot be false in the challenge variant, where positions are public")
            }
            Why::OneSideSteps => f.write_str(
                "cannot give steps when Red gives steps too: only one side can play first",
            ),
            Why::NoFairStart { draws } => {
                write!(f, "=fair found no start proven both-win in {draws} draws; try another seed")
            }
            Why::BadStart(e) => write!(f, "has a start position that does not load: {e}"),
        }
    }
}

impl ErrorCode for OptionsError {
    fn code(&self) -> &'static str {
        match self {
            OptionsError::Malformed { .. } => "malformed-option",
            OptionsError::UnknownKey { .. } => "unknown-option",
            OptionsError::Duplicate { .. } => "duplicate-option",
            OptionsError::BadValue { .. } => "bad-option-value",
            OptionsError::Conflict { .. } => "conflicting-options",
        }
    }
}

/// One option of a game, as shown by `/rules` and offered by autocomplete.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptionSpec {
    /// The key, e.g. `board`.
    pub key: &'static str,
    /// The accepted values, e.g. `CxR with 2..26`.
    pub values: &'static str,
    /// The default value, as text.
    pub default: &'static str,
    /// A one-line description (English; the referee translates by key).
    pub doc: &'static str,
}

/// Splits `k=v,k=v` (commas or whitespace between pairs) into trimmed, lowercased keys and
/// trimmed values, rejecting pairs without `=` and repeated keys. A value in quotes (`"…"`,
/// `“…”`, `「…」` or `'…'`) keeps its commas and spaces, and loses its quotes:
/// `position="4x4 p1=a1 p2=d4 to=p1 fences=a1-b1"`.
///
/// # Errors
///
/// [`OptionsError::Malformed`] (also for a quote left open) or [`OptionsError::Duplicate`].
pub fn split_pairs(text: &str) -> Result<Vec<(String, String)>, OptionsError> {
    let mut pairs: Vec<(String, String)> = Vec::new();
    for raw in scan(text, |c| c == ',' || c == '，' || c.is_whitespace(), false)? {
        let raw = raw.trim();
        if raw.is_empty() {
            continue;
        }
        let Some((key, value)) = raw.split_once(['=', '＝']) else {
            return Err(OptionsError::Malformed { pair: raw.to_string() });
        };
        let key = key.trim().to_lowercase().replace('-', "_");
        if key.is_empty() {
            return Err(OptionsError::Malformed { pair: raw.to_string() });
        }
        if pairs.iter().any(|(k, _)| *k == key) {
            return Err(OptionsError::Duplicate { key });
        }
        pairs.push((key, value.trim().to_string()));
    }
    Ok(pairs)
}

/// Splits a command's option words at whitespace outside quotes, keeping the quotes, so that
/// [`split_pairs`] can read the words joined again: `a=1 position="4x4 p1=a1"` gives
/// `a=1` and `position="4x4 p1=a1"`.
///
/// # Errors
///
/// [`OptionsError::Malformed`] for a quote left open.
pub fn split_words(text: &str) -> Result<Vec<String>, OptionsError> {
    Ok(scan(text, char::is_whitespace, true)?.into_iter().filter(|w| !w.is_empty()).collect())
}

/// The closing quote of an opening one.
fn closing_quote(open: char) -> Option<char> {
    match open {
        '"' => Some('"'),
        '\'' => Some('\''),
        '“' => Some('”'),
        '「' => Some('」'),
        '„' => Some('“'),
        _ => None,
    }
}

/// Splits `text` at `separator` characters outside quotes; `keep` keeps the quotes.
fn scan(
    text: &str,
    separator: impl Fn(char) -> bool,
    keep: bool,
) -> Result<Vec<String>, OptionsError> {
    let mut items = vec![String::new()];
    let mut quote: Option<char> = None;
    for c in text.chars() {
        let item = items.last_mut().expect("never empty");
        match quote {
            Some(close) if c == close => {
                quote = None;
                if keep {
                    item.push(c);
                }
            }
            Some(_) => item.push(c),
            // A quote opens only a value: right after `=`.
            None if item.ends_with(['=', '＝']) && closing_quote(c).is_some() => {
                quote = closing_quote(c);
                if keep {
                    item.push(c);
                }
            }
            None if separator(c) => items.push(String::new()),
            None => item.push(c),
        }
    }
    if quote.is_some() {
        let pair = items.pop().unwrap_or_default();
        return Err(OptionsError::Malformed { pair });
    }
    Ok(items)
}

/// A value error for `key`.
#[must_use]
pub fn bad_value(key: &str, value: &str, expected: Expected) -> OptionsError {
    OptionsError::BadValue { key: key.to_string(), value: value.to_string(), expected }
}

/// A conflict of `key` with the other options.
#[must_use]
pub fn conflict(key: &str, reason: Why) -> OptionsError {
    OptionsError::Conflict { key: key.to_string(), reason }
}

/// Parses `true`/`false` (also `on`/`off`, `yes`/`no`, `1`/`0`).
///
/// # Errors
///
/// [`OptionsError::BadValue`] for anything else.
pub fn parse_bool(key: &str, value: &str) -> Result<bool, OptionsError> {
    match value.to_lowercase().as_str() {
        "true" | "on" | "yes" | "1" => Ok(true),
        "false" | "off" | "no" | "0" => Ok(false),
        _ => Err(bad_value(key, value, Expected::Bool)),
    }
}

/// The name of `value` in a [`parse_choice`] table (`?` if it is missing, which a table that
/// lists every variant rules out).
#[must_use]
pub fn choice_name<T: PartialEq + Copy>(choices: &[(&'static str, T)], value: T) -> String {
    choices.iter().find(|(_, v)| *v == value).map_or("?", |(n, _)| *n).to_string()
}

/// Parses one of a fixed list of names (case-insensitive; `-` and `_` are the same).
///
/// # Errors
///
/// [`OptionsError::BadValue`] listing the accepted names.
pub fn parse_choice<T: Copy>(
    key: &str,
    value: &str,
    choices: &[(&str, T)],
) -> Result<T, OptionsError> {
    let wanted = value.to_lowercase().replace('_', "-");
    choices.iter().find(|(name, _)| *name == wanted).map(|(_, v)| *v).ok_or_else(|| {
        let names = choices.iter().map(|(n, _)| (*n).to_string()).collect();
        bad_value(key, value, Expected::OneOf(names))
    })
}

/// Parses a whole number in `min..=max`.
///
/// # Errors
///
/// [`OptionsError::BadValue`] naming the range.
pub fn parse_in_range(key: &str, value: &str, min: u32, max: u32) -> Result<u32, OptionsError> {
    value.parse::<u32>().ok().filter(|n| (min..=max).contains(n)).ok_or_else(|| {
        bad_value(key, value, Expected::Range { min: u64::from(min), max: u64::from(max) })
    })
}

/// Parses a duration in seconds: a bare number of seconds or a number with `s`, `m`, `h` or `d`,
/// within `min..=max` seconds.
///
/// # Errors
///
/// [`OptionsError::BadValue`] naming the accepted form.
pub fn parse_seconds(key: &str, value: &str, min: u32, max: u32) -> Result<u32, OptionsError> {
    let v = value.to_lowercase();
    let (digits, unit) = match v.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((i, _)) => (&v[..i], &v[i..]),
        None => (v.as_str(), "s"),
    };
    let factor = match unit {
        "s" => 1,
        "m" | "min" => 60,
        "h" => 3600,
        "d" => 86_400,
        _ => 0,
    };
    digits
        .parse::<u32>()
        .ok()
        .and_then(|n| n.checked_mul(factor))
        .filter(|s| factor != 0 && (min..=max).contains(s))
        .ok_or_else(|| bad_value(key, value, Expected::Duration { min, max }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_split_on_commas_and_spaces_and_normalise_keys() {
        let pairs = split_pairs("Board=5x5, report=dir16  edge-empty=true").unwrap();
        assert_eq!(
            pairs,
            vec![
                ("board".to_string(), "5x5".to_string()),
                ("report".to_string(), "dir16".to_string()),
                ("edge_empty".to_string(), "true".to_string()),
            ]
        );
    }

    #[test]
    fn a_quoted_value_keeps_its_commas_and_spaces_in_any_of_the_usual_quotes() {
        let text = "report=exact position=\"4x4 p1=a1 fences=a1-b1,b2-c2\" b=1";
        let pairs = split_pairs(text).unwrap();
        assert_eq!(pairs[1], ("position".into(), "4x4 p1=a1 fences=a1-b1,b2-c2".into()));
        assert_eq!(pairs.len(), 3);
        for (open, close) in [('“', '”'), ('「', '」'), ('\'', '\'')] {
            let pairs = split_pairs(&format!("position={open}a b,c{close}")).unwrap();
            assert_eq!(pairs, vec![("position".into(), "a b,c".into())], "{open}");
        }
        // Words split as a command line is read, quotes kept, and joined back as `/new` does.
        let words = split_words("a=1  position=\"x y,z\" b=2").unwrap();
        assert_eq!(words, vec!["a=1", "position=\"x y,z\"", "b=2"]);
        let again = split_pairs(&words.join(",")).unwrap();
        assert_eq!(again[1], ("position".into(), "x y,z".into()));
        // A quote that is not right after `=` is an ordinary character.
        assert_eq!(split_pairs("name=o'k").unwrap()[0].1, "o'k");
    }

    #[test]
    fn a_quote_left_open_is_refused() {
        assert!(matches!(split_pairs("position=\"4x4 p1=a1"), Err(OptionsError::Malformed { .. })));
        assert!(matches!(split_words("position=“4x4"), Err(OptionsError::Malformed { .. })));
    }

    #[test]
    fn a_pair_without_equals_or_a_repeated_key_is_refused() {
        assert!(matches!(split_pairs("board"), Err(OptionsError::Malformed { .. })));
        assert!(matches!(split_pairs("a=1,a=2"), Err(OptionsError::Duplicate { .. })));
        assert!(matches!(split_pairs("=1"), Err(OptionsError::Malformed { .. })));
    }

    #[test]
    fn durations_accept_units_and_refuse_garbage() {
        assert_eq!(parse_seconds("t", "90", 1, 1000).unwrap(), 90);
        assert_eq!(parse_seconds("t", "2m", 1, 1000).unwrap(), 120);
        assert!(parse_seconds("t", "2x", 1, 1000).is_err());
        assert!(parse_seconds("t", "0", 1, 1000).is_err());
        assert!(parse_seconds("t", "99999999999", 1, 1000).is_err());
        assert!(parse_seconds("t", "m", 1, 1000).is_err());
    }
}
