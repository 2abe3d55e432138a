//! Chaos Clock's bot (placeholder until its levels land: the solver's own choice).

use crate::core::Seat;
use crate::games::chaos_clock::{Action, State};

/// The action for `seat` at `level`, and whether it had to be guessed.
#[must_use]
pub fn choose(game: &State, seat: Seat, level: u8, seed: u64) -> Option<(Action, bool)> {
    let _ = (seat, level, seed);
    game.bot_action(crate::games::chaos_clock::fast::DEFAULT_BUDGET).map(|(a, proven)| (a, !proven))
}
