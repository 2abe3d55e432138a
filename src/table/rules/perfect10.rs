//! Perfect 10 x 10's rules at the table: how a typed move reads ("stay" words, a pawn move
//! onto a promotion line that must say what the pawn becomes) and the promotion lines.

use crate::core::Seat;
use crate::games::perfect10::{Action, Color, Error, Kind, Move, Square, State};
use crate::games::{AnyAction, AnyError, AnyGame, Game};

use super::contract::Rules;

/// Words that, after a pawn move onto the 6th or 8th rank (Black: 5th or 3rd), keep the pawn a
/// pawn without being asked (`e5e6 stay`); the "stay a pawn" button sends the first.
pub(crate) const STAY: [&str; 4] = ["stay", "=", "不升变", "不升變"];

/// Names players may type instead of the code (compared trimmed and lowercased).
pub(super) const NAMES: &[&str] = &[
    "perfect-10",
    "perfect_10",
    "p10",
    "perfect10x10",
    "perfect-10x10",
    "perfect_10x10",
    "完美10x10",
    "完美十乘十",
    "完美10×10",
    "完美",
];

fn state(game: &AnyGame) -> Option<&State> {
    match game {
        AnyGame::Perfect10(g) => Some(g),
        _ => None,
    }
}

/// The promotion line a pawn of `color` reaches on `to`: 1 (White's 6th rank, Black's 5th), 2
/// (8th, 3rd), 3 (the last rank), or `None`.
fn tier(color: Color, to: Square) -> Option<u8> {
    let rank = if color == Color::White { to.rank } else { 9u8.checked_sub(to.rank)? };
    match rank {
        5 => Some(1),
        7 => Some(2),
        9 => Some(3),
        _ => None,
    }
}

/// The move inside an action, if it has one.
fn move_of(action: &Action) -> Option<Move> {
    match action {
        Action::Move { mv } | Action::Claim { with: Some(mv) } => Some(*mv),
        Action::Pass | Action::Claim { with: None } => None,
    }
}

/// `text` without a trailing "stay a pawn" word, and whether it had one.
fn strip_stay(text: &str) -> (&str, bool) {
    let trimmed = text.trim();
    for word in STAY {
        if let Some(rest) = trimmed.strip_suffix(word) {
            // A lone `stay` or `=` is not a move: the rest must still be something.
            if !rest.trim().is_empty() {
                return (rest.trim_end(), true);
            }
        }
    }
    (trimmed, false)
}

/// A pawn move onto a promotion line whose piece the player must still choose: the move has no
/// promotion (and no "stay" on the last rank), or names a piece that line does not offer. Asked
/// only when the pawn can make that step at all, so an impossible move is refused as usual.
fn promotion_question(g: &State, seat: Seat, action: &Action, stay: bool) -> Option<Error> {
    let mv = move_of(action)?;
    let (color, kind) = g.piece_at(mv.from)?;
    if kind != Kind::Pawn || Some(color) != Color::from_seat(seat) {
        return None;
    }
    let tier = tier(color, mv.to)?;
    let unsaid = match mv.promotion {
        None => !stay || tier == 3,
        Some(k) => !Kind::promotions(tier).contains(&k),
    };
    let can_step = g
        .legal_actions(seat)
        .iter()
        .any(|a| matches!(a, Action::Move { mv: m } if m.from == mv.from && m.to == mv.to));
    (unsaid && can_step).then_some(Error::BadPromotion { to: mv.to, tier })
}

/// The table's reading of a typed action: the engine's parse, with "stay" words accepted, and a
/// pawn move onto a promotion line that does not say what the pawn becomes refused with
/// [`Error::BadPromotion`], which the voice's completions turn into one button per choice.
fn parse_action(game: &AnyGame, seat: Seat, text: &str) -> Result<AnyAction, AnyError> {
    let Some(g) = state(game) else { return game.parse_action(seat, text) };
    let (rest, stay) = strip_stay(text);
    let action = g.parse_action(seat, rest).map_err(AnyError::Perfect10)?;
    if let Some(question) = promotion_question(g, seat, &action, stay) {
        return Err(AnyError::Perfect10(question));
    }
    Ok(AnyAction::Perfect10(action))
}

/// The move being asked about, in notation and without its promotion (`e5e6`, `claim e5e6`),
/// for the completion buttons to finish.
fn partial_text(game: &AnyGame, seat: Seat, text: &str) -> String {
    let (rest, _) = strip_stay(text);
    let Some(g) = state(game) else { return rest.to_string() };
    match g.parse_action(seat, rest) {
        Ok(Action::Move { mv }) => {
            g.format_action(&Action::Move { mv: Move { promotion: None, ..mv } })
        }
        Ok(Action::Claim { with: Some(mv) }) => {
            g.format_action(&Action::Claim { with: Some(Move { promotion: None, ..mv }) })
        }
        _ => rest.to_string(),
    }
}

/// Perfect 10 x 10's rules.
pub(super) struct Perfect10;

impl Rules for Perfect10 {
    fn names(&self) -> &'static [&'static str] {
        NAMES
    }

    fn parse_action(&self, game: &AnyGame, seat: Seat, text: &str) -> Result<AnyAction, AnyError> {
        parse_action(game, seat, text)
    }

    fn partial_text(&self, game: &AnyGame, seat: Seat, text: &str) -> String {
        partial_text(game, seat, text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stay_words_are_taken_off_the_end_only_after_a_move() {
        assert_eq!(strip_stay("e5e6 stay"), ("e5e6", true));
        assert_eq!(strip_stay("e5e6="), ("e5e6", true));
        assert_eq!(strip_stay(" e5e6 不升变 "), ("e5e6", true));
        assert_eq!(strip_stay("e5e6"), ("e5e6", false));
        assert_eq!(strip_stay("stay"), ("stay", false));
        assert_eq!(strip_stay("="), ("=", false));
    }

    #[test]
    fn promotion_lines_are_counted_from_each_sides_own_end() {
        let sq = |file, rank| Square::new(file, rank);
        assert_eq!(tier(Color::White, sq(4, 5)), Some(1));
        assert_eq!(tier(Color::White, sq(4, 7)), Some(2));
        assert_eq!(tier(Color::White, sq(4, 9)), Some(3));
        assert_eq!(tier(Color::White, sq(4, 4)), None);
        assert_eq!(tier(Color::Black, sq(4, 4)), Some(1));
        assert_eq!(tier(Color::Black, sq(4, 2)), Some(2));
        assert_eq!(tier(Color::Black, sq(4, 0)), Some(3));
        assert_eq!(tier(Color::Black, sq(4, 5)), None);
        assert_eq!(tier(Color::Black, sq(4, 200)), None);
    }
}
