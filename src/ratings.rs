//! Ratings (docs/community.md): Glicko-2 per player, per game, per community, through the
//! `skillratings` crate. Pure: the store keeps the figures and calls [`rate`] for each rated
//! game in the order games ended; `arbiter ratings rebuild` replays every one the same way.
//!
//! Each game is its own rating period (as lichess and chess.com rate correspondence games: a
//! rating moves when a game ends, not at the end of a month). Chaos Clock's non-zero-sum
//! outcomes count as a draw between the two players: both winning (共赢) or both losing (同输)
//! says neither outplayed the other, and a draw keeps the pool's total where it was (scoring
//! each against a notional par player would mint rating from nothing each time both win).

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

use crate::core::GameResult;

/// A player is provisional (shown with `?`, as lichess does) while their rating deviation is
/// above this: about a dozen games against established players at 1500 and 350.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// One player's figures in one game of one community.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Standing {
    /// The Glicko-2 rating, deviation and volatility.
    pub rating: Glicko2Rating,
    /// Rated games finished.
    pub games: i64,
    /// Of which won (a Chaos Clock both-win counts as a draw).
    pub wins: i64,
    /// Lost.
    pub losses: i64,
    /// Drawn, both-win and both-lose included.
    pub draws: i64,
}

impl Default for Standing {
    fn default() -> Self {
        Standing { rating: Glicko2Rating::new(), games: 0, wins: 0, losses: 0, draws: 0 }
    }
}

impl Standing {
    /// Whether the rating is still provisional ([`PROVISIONAL_DEVIATION`]).
    #[must_use]
    pub fn provisional(&self) -> bool {
        self.rating.deviation > PROVISIONAL_DEVIATION
    }

    /// The rating as players read it: rounded, with `?` while provisional (`1662?`).
    #[must_use]
    pub fn shown(&self) -> String {
        shown(self.rating.rating, self.rating.deviation)
    }
}

/// A rating as players read it: rounded, with `?` while `deviation` says provisional.
#[must_use]
pub fn shown(rating: f64, deviation: f64) -> String {
    let mark = if deviation > PROVISIONAL_DEVIATION { "?" } else { "" };
    format!("{}{mark}", rating.round())
}

/// What `result` scores for the first seat (seat 0): [`Outcomes::WIN`], `LOSS` or `DRAW`
/// (both-win and both-lose are draws).
#[must_use]
pub fn outcome(result: GameResult) -> Outcomes {
    match result {
        GameResult::Winner(seat) if seat.index() == 0 => Outcomes::WIN,
        GameResult::Winner(_) => Outcomes::LOSS,
        GameResult::Draw | GameResult::BothWin | GameResult::BothLose => Outcomes::DRAW,
    }
}

/// The two players' standings after a rated game between them ended with `result` (`first` sat
/// in seat 0).
#[must_use]
pub fn rate(first: &Standing, second: &Standing, result: GameResult) -> (Standing, Standing) {
    let outcome = outcome(result);
    let (a, b) = glicko2(&first.rating, &second.rating, &outcome, &Glicko2Config::new());
    let count = |s: &Standing, rating: Glicko2Rating, points: f64| Standing {
        rating,
        games: s.games + 1,
        wins: s.wins + i64::from(points > 0.75),
        losses: s.losses + i64::from(points < 0.25),
        draws: s.draws + i64::from((0.25..=0.75).contains(&points)),
    };
    let points = outcome.to_chess_points();
    (count(first, a, points), count(second, b, 1.0 - points))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Seat;

    fn at(rating: f64, deviation: f64) -> Standing {
        Standing {
            rating: Glicko2Rating { rating, deviation, volatility: 0.06 },
            ..Standing::default()
        }
    }

    #[test]
    fn a_first_win_between_newcomers_matches_the_crates_published_example() {
        // skillratings' documented example for `glicko2`: 1500/350 beats 1500/350 → 1662/290
        // and 1338/290.
        let (a, b) = rate(&Standing::default(), &Standing::default(), GameResult::Winner(Seat(0)));
        assert_eq!((a.rating.rating.round(), a.rating.deviation.round()), (1662.0, 290.0));
        assert_eq!((b.rating.rating.round(), b.rating.deviation.round()), (1338.0, 290.0));
        assert_eq!((a.wins, a.losses, a.draws, a.games), (1, 0, 0, 1));
        assert_eq!((b.wins, b.losses, b.draws, b.games), (0, 1, 0, 1));
        assert_eq!((a.shown(), b.shown()), ("1662?".to_string(), "1338?".to_string()));
    }

    #[test]
    fn glickmans_paper_example_is_reproduced_for_a_win_by_the_second_seat() {
        // Glickman's glicko2.pdf example, first game (the crate's test): 1500/200 beats
        // 1400/30 → 1564/175 and 1398. Here the winner sits second.
        let (loser, winner) =
            rate(&at(1400.0, 30.0), &at(1500.0, 200.0), GameResult::Winner(Seat(1)));
        assert_eq!(
            (winner.rating.rating.round(), winner.rating.deviation.round()),
            (1564.0, 175.0)
        );
        assert_eq!(loser.rating.rating.round(), 1398.0);
        assert_eq!((loser.losses, winner.wins), (1, 1));
    }

    #[test]
    fn both_win_and_both_lose_are_rated_as_the_crates_draw() {
        // The crate's `not_equal_deviation_draw` test: 1600/350 draws 1500/50 → 1550/253, 1501/51.
        for result in [GameResult::Draw, GameResult::BothWin, GameResult::BothLose] {
            let (a, b) = rate(&at(1600.0, 350.0), &at(1500.0, 50.0), result);
            assert_eq!((a.rating.rating.round(), a.rating.deviation.round()), (1550.0, 253.0));
            assert_eq!((b.rating.rating.round(), b.rating.deviation.round()), (1501.0, 51.0));
            assert_eq!((a.draws, b.draws, a.wins, b.losses), (1, 1, 0, 0), "{result:?}");
        }
    }

    #[test]
    fn a_rating_stops_being_provisional_only_after_many_games() {
        let mut a = Standing::default();
        let mut b = at(1500.0, 50.0);
        let mut provisional_after = Vec::new();
        for i in 0..30 {
            let result = if i % 2 == 0 { GameResult::Winner(Seat(0)) } else { GameResult::Draw };
            (a, b) = rate(&a, &b, result);
            provisional_after.push(a.provisional());
        }
        let settled = provisional_after.iter().position(|p| !p).expect("settles");
        assert!((5..=20).contains(&settled), "settled after {} games", settled + 1);
        assert!(provisional_after[settled..].iter().all(|p| !p));
        assert!(!a.shown().ends_with('?'));
    }
}
