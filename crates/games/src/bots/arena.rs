//! Matches between players, for `arbiter bench bots` and the bots' own tests: the whole game
//! loop, with the time each move took measured by a clock the caller passes in (the engines
//! read none themselves).

use std::time::Duration;

use crate::core::{GameResult, Seat, Seed};
use crate::games::{AnyGame, AnyOptions};

/// Who plays a seat in a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    /// [`super::random::choose`].
    Random,
    /// [`super::choose`] at this level.
    Level(u8),
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Player::Random => f.write_str("random"),
            Player::Level(n) => write!(f, "level {n}"),
        }
    }
}

/// How a match went.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// The result; `None` when the match reached its ply cap first (counted as a draw).
    pub result: Option<GameResult>,
    /// Actions played.
    pub plies: usize,
    /// How long each of seat 0's and seat 1's moves took, in order.
    pub times: [Vec<Duration>; 2],
}

impl Report {
    /// Seat `seat`'s score: 1 for a win, 0 for a loss, and ½ for a draw, a capped match and
    /// either shared result (Chaos Clock's 共赢 and 同输).
    ///
    /// The score measures whether one player beat the other (issue 43's ladder, "draws as
    /// half"), so each game's two scores add up to 1: in a shared result neither beat the
    /// other, whether both won or both lost. The ratings count both shared results as draws
    /// too (`src/ratings.rs`).
    #[must_use]
    pub fn score(&self, seat: Seat) -> f64 {
        match self.result {
            Some(GameResult::Winner(w)) if w == seat => 1.0,
            Some(GameResult::Winner(_)) => 0.0,
            Some(GameResult::Draw | GameResult::BothWin | GameResult::BothLose) | None => 0.5,
        }
    }
}

/// Plays one game from `options`' start drawn with `seed`, `players[i]` in seat `i`, until it
/// ends or `max_plies` actions were played. `now` is the caller's clock, read around each move.
///
/// # Errors
///
/// The options are refused, or a player returned an action the engine refused (a bot's bug:
/// the message names the game, the seat and the action).
pub fn play(
    options: &AnyOptions,
    seed: u64,
    players: [Player; 2],
    max_plies: usize,
    now: &mut dyn FnMut() -> Duration,
) -> Result<Report, String> {
    let mut game = AnyGame::new(options, Seed(seed)).map_err(|e| e.to_string())?;
    let mut times = [Vec::new(), Vec::new()];
    let mut plies = 0;
    while plies < max_plies {
        let Some(seat) = game.to_act().seat() else { break };
        let player = players.get(seat.index()).copied().unwrap_or(Player::Random);
        let ply_seed = seed ^ (plies as u64).wrapping_mul(0xA24B_AED4_963E_E407);
        let start = now();
        let action = match player {
            Player::Random => super::random::choose(&game, seat, ply_seed),
            Player::Level(level) => super::choose(&game, seat, level, ply_seed).map(|c| c.action),
        };
        let took = now().saturating_sub(start);
        let Some(action) = action else {
            return Err(format!("{player} found no action for seat {} at ply {plies}", seat.0));
        };
        if let Some(list) = times.get_mut(seat.index()) {
            list.push(took);
        }
        let text = game.format_action(&action);
        game.play(seat, &action).map_err(|e| {
            format!("{player} played `{text}` for seat {} at ply {plies}, refused: {e}", seat.0)
        })?;
        plies += 1;
    }
    let result = game.to_act().outcome().map(|o| o.result);
    Ok(Report { result, plies, times })
}
