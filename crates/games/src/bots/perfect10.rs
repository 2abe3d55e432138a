//! Placeholder.

use crate::core::Seat;
use crate::games::Game;
use crate::games::perfect10::{Action, State};

/// The action for `seat` at `level`.
#[must_use]
pub fn choose(game: &State, seat: Seat, level: u8, seed: u64) -> Option<Action> {
    let _ = (level, seed);
    game.legal_actions(seat).into_iter().next()
}
