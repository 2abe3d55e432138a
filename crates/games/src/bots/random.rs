//! A player that picks a legal action uniformly at random: the floor every bot's ladder in
//! `arbiter bench bots` starts from. For games whose actions cannot all be listed (Dark Fence's
//! paths, Rabble's unbounded board) it picks among the representatives `legal_actions` lists.

use crate::core::Seat;
use crate::games::{AnyAction, AnyGame};

/// A uniformly random action among those `game.legal_actions(seat)` lists; `None` when it
/// lists none.
#[must_use]
pub fn choose(game: &AnyGame, seat: Seat, seed: u64) -> Option<AnyAction> {
    let mut actions = game.legal_actions(seat);
    if actions.is_empty() {
        return None;
    }
    let i = super::rng(seed, 0x5EED).below(actions.len());
    Some(actions.swap_remove(i))
}
