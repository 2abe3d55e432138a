//! Round robins by the Berger tables (FIDE Handbook C.05, Annex 1).
//!
//! Players are indices in seeding order: index 0 is the player the tables number 1. With an odd
//! number of players the tables' highest number is a bye: whoever would meet it sits out.
//!
//! The tables, for an even number `n` of players (or `n - 1` and a bye), are generated here by
//! the rule behind them, with `m = n - 1` and the players numbered `1..=n`:
//!
//! - in round `r`, players `a` and `b` below `n` meet when `a + b ≡ r + 1 (mod m)`, and the one
//!   with `2a ≡ r + 1 (mod m)` meets player `n`;
//! - player `n` has black in odd rounds and white in even rounds;
//! - of two players below `n`, `a` has white when `(b - a) mod m` is odd.
//!
//! The tests check the result against the published tables for 4, 6, 8 and 10 players.
//!
//! A double round robin plays the tables twice, the second cycle with colours reversed. As
//! Annex 1 recommends, the last two rounds of the first cycle are swapped: otherwise every
//! player but two would have the same colour in the last round of the first cycle and the first
//! round of the second, and two players would have it three times in a row.

use serde::{Deserialize, Serialize};

/// One game of a round robin, by player index (0 is the top seed).
///
/// In games whose seats are not colours, `white` is the seat that moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Game {
    /// The player with white (the first seat).
    pub white: usize,
    /// The player with black (the second seat).
    pub black: usize,
}

/// One round of a round robin: its games in board order and the player with the bye, if any.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Round {
    /// The games, in the tables' board order.
    pub games: Vec<Game>,
    /// The player who sits out (only with an odd number of players).
    pub bye: Option<usize>,
}

/// The rounds of a round robin of `players` players by the Berger tables; `double` plays every
/// pairing twice, the second time with colours reversed.
///
/// Fewer than two players give no rounds. A single cycle has `n - 1` rounds for an even `n`
/// and `n` rounds for an odd `n` (each player sits out once).
///
/// # Examples
///
/// ```
/// use arbiter_pairing::round_robin::{berger, Game};
///
/// let rounds = berger(6, false);
/// // The published table's first round: 1-6, 2-5, 3-4 (indices are numbers minus one).
/// assert_eq!(
///     rounds[0].games,
///     vec![Game { white: 0, black: 5 }, Game { white: 1, black: 4 }, Game { white: 2, black: 3 }]
/// );
/// ```
#[must_use]
pub fn berger(players: usize, double: bool) -> Vec<Round> {
    if players < 2 {
        return Vec::new();
    }
    // `n` counts the bye "player" when the number is odd; numbers are 1-based here.
    let n = players + players % 2;
    let m = n - 1;
    let mut cycle: Vec<Round> = (1..=m).map(|r| berger_round(n, m, r, players)).collect();
    if double {
        let len = cycle.len();
        if len >= 2 {
            cycle.swap(len - 2, len - 1);
        }
        let second: Vec<Round> = cycle
            .iter()
            .map(|round| Round {
                games: round
                    .games
                    .iter()
                    .map(|g| Game { white: g.black, black: g.white })
                    .collect(),
                bye: round.bye,
            })
            .collect();
        cycle.extend(second);
    }
    cycle
}

/// Round `r` (1-based) of the table for `n` (even) numbers; `players` is `n` or `n - 1`.
fn berger_round(n: usize, m: usize, r: usize, players: usize) -> Round {
    let target = (r + 1) % m;
    // The number below `n` that meets `n` this round: 2a ≡ r + 1 (mod m), m odd.
    let fixed = (1..n).find(|&a| (2 * a) % m == target).unwrap_or(1);
    let mut games = Vec::with_capacity(n / 2);
    let mut bye = None;
    // Board 1 holds player n; then the tables list the other boards starting from the player
    // after `fixed` in the cycle, paired with the one before `fixed`, and so on outwards.
    let (w, b) = if r % 2 == 1 { (fixed, n) } else { (n, fixed) };
    push_game(&mut games, &mut bye, w, b, players);
    for k in 1..n / 2 {
        // Numbers on the cycle 1..=m: `fixed + k` and `fixed - k`, which sum to 2·fixed.
        let a = cyclic(fixed + k, m);
        let b = cyclic(fixed + m - k, m);
        // `a` has white when (b - a) mod m is odd.
        let (w, bl) = if ((b + m - a) % m) % 2 == 1 { (a, b) } else { (b, a) };
        push_game(&mut games, &mut bye, w, bl, players);
    }
    Round { games, bye }
}

/// `x` reduced to the range `1..=m`.
fn cyclic(x: usize, m: usize) -> usize {
    (x - 1) % m + 1
}

/// Adds the game between 1-based numbers `w` and `b`, or the bye when one of them is the
/// dummy number beyond `players`.
fn push_game(games: &mut Vec<Game>, bye: &mut Option<usize>, w: usize, b: usize, players: usize) {
    if w > players {
        *bye = Some(b - 1);
    } else if b > players {
        *bye = Some(w - 1);
    } else {
        games.push(Game { white: w - 1, black: b - 1 });
    }
}
