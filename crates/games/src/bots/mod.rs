//! The referee's own players ("the bot", `/new <game> @bot level=N`): one per game, with levels
//! from 1 (a beginner's) to [`TOP_LEVEL`] (the strongest its budget allows).
//!
//! Pure like the engines (STYLE §3): a bot reads a game and a seed and returns an action. Its
//! budgets are counted in search nodes, not seconds, so that the same position, level and seed
//! give the same move on every machine (replays, tests and the Dark Fence twin games rely on
//! it); the budgets are sized so that a move takes well under the aims in docs/bots.md on the
//! slowest machine we run on, measured by `arbiter bench bots`.
//!
//! - [`chaos_clock`]: the exact solver at the top level, noise among non-losing actions below.
//! - [`ultima`] and [`perfect10`]: iterative-deepening alpha-beta ([`search`]) over the
//!   engines' own move generation, each with its own evaluation.
//! - [`dark_fence`]: plays from its own seat's view only; [`choose`] hands it nothing else.
//! - [`rabble`]: a bounded search over the region where the pieces are.
//! - [`random`]: a uniformly random legal action, the floor of `arbiter bench bots`.

use crate::core::{Seat, SplitMix64, Viewer};
use crate::games::{AnyAction, AnyGame};

pub mod arena;
pub mod chaos_clock;
pub mod dark_fence;
pub mod perfect10;
pub mod rabble;
pub mod random;
pub mod search;
pub mod ultima;

/// The weakest level.
pub const MIN_LEVEL: u8 = 1;
/// The strongest level.
pub const TOP_LEVEL: u8 = 6;

/// What the bot decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// The action to play.
    pub action: AnyAction,
    /// Whether a bot meant to play perfectly (Chaos Clock's top level) had to guess because its
    /// search ran out of budget; the referee says so with the move.
    pub guessed: bool,
}

/// The bot's action for `seat` at `level` (clamped to `MIN_LEVEL..=TOP_LEVEL`), the same for
/// the same game, seat, level and `seed`. `None` when `seat` is not to act or has no action.
///
/// Dark Fence's bot is given the seat's own view ([`crate::games::Game::view`]) and nothing
/// else, so it cannot read what the seat may not know.
#[must_use]
pub fn choose(game: &AnyGame, seat: Seat, level: u8, seed: u64) -> Option<Choice> {
    use crate::games::Game;
    if game.to_act().seat() != Some(seat) {
        return None;
    }
    let level = level.clamp(MIN_LEVEL, TOP_LEVEL);
    let plain = |action: AnyAction| Choice { action, guessed: false };
    match game {
        AnyGame::ChaosClock(g) => chaos_clock::choose(g, seat, level, seed)
            .map(|(a, guessed)| Choice { action: AnyAction::ChaosClock(a), guessed }),
        AnyGame::DarkFence(g) => {
            let view = g.view(Viewer::Seat(seat));
            dark_fence::choose(&view, level, seed).map(|a| plain(AnyAction::DarkFence(a)))
        }
        AnyGame::Ultima(g) => {
            ultima::choose(g, seat, level, seed).map(|a| plain(AnyAction::Ultima(a)))
        }
        AnyGame::Perfect10(g) => {
            perfect10::choose(g, seat, level, seed).map(|a| plain(AnyAction::Perfect10(a)))
        }
        AnyGame::Rabble(g) => {
            rabble::choose(g, seat, level, seed).map(|a| plain(AnyAction::Rabble(a)))
        }
    }
}

/// A seed's own stream of random numbers, mixed with a position's ply so that a bot does not
/// repeat one choice all game.
#[must_use]
pub fn rng(seed: u64, salt: u64) -> SplitMix64 {
    let mut state = seed ^ salt.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let _ = crate::core::splitmix64(&mut state);
    SplitMix64(state)
}
