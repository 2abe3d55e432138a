//! Standings and crosstables from finished rounds (issue 44): points, then the tie-breaks the
//! caller lists, places shared where every tie-break is equal.
//!
//! The input is what the referee records: the players in seeding order and, per round, the
//! games with the points each side scored and the byes with their points. A forfeit or a loss
//! on time is an ordinary result here (the referee records it as a game); a player absent from
//! a round (not paired, not yet joined, withdrawn) scored 0 in it. Withdrawn players keep their
//! past games and stay in the standings.
//!
//! Tie-breaks ([`TieBreak`]), as FIDE Handbook C.02 (the 2017 text, article 13, with the 2009
//! rule for unplayed games) defines them:
//!
//! - **Buchholz**: the sum of the opponents' scores.
//! - **Sonneborn-Berger**: the sum, over the games, of the points scored times the opponent's
//!   score (a win counts the opponent's score, a draw half of it, a loss nothing).
//! - **Direct encounter**: the points scored in the games among the tied players only (their
//!   mini-table). Applied only if every two of them have met; when it separates some of them
//!   and leaves others still tied, it is applied again to those (as C.07 (2023) article 6 does).
//!
//! **Unplayed rounds** ([`Unplayed`]). In a Swiss ([`Rules::swiss`]) they follow C.02's
//! virtual opponent (the 2009 rule): a player's own unplayed round `R` (a bye or an absence)
//! counts as a game against a virtual opponent who had the player's score before round `R`,
//! won what the player did not win in it, and drew every later round, so after `n` rounds its
//! score is `S_before + (1 - S_round) + ½·(n - R)`; and in the other players' tie-breaks, each
//! unplayed round of an opponent counts as a draw for that opponent (its *adjusted* score).
//! In a round robin ([`Rules::round_robin`]) byes are skipped and sums use the real scores.
//!
//! Simplifications: the 2023 regulations' rule for unplayed rounds (C.07 article 16, where
//! only some unplayed rounds get a dummy opponent) is not implemented, nor are Buchholz cuts;
//! forfeits are not told apart from played games (the brief: they count as normal results).
//! Players still tied after every tie-break share their place ("3-4") and are listed by
//! seeding.
//!
//! All values are integers: points in half points, tie-breaks in quarter points (a
//! Sonneborn-Berger term is half points times half points). [`format_points`] and
//! [`format_quarters`] write them.

use std::collections::HashMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::Colour;
use crate::swiss::PlayerId;

/// One finished game: who had which colour and what each scored, in half points (a win 2, a
/// draw 1, a loss 0). A forfeit or a loss on time is recorded like any other result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameResult {
    /// The player with white (the first seat).
    pub white: PlayerId,
    /// The player with black (the second seat).
    pub black: PlayerId,
    /// White's points, in half points.
    pub white_points: u32,
    /// Black's points, in half points.
    pub black_points: u32,
}

impl GameResult {
    /// A game in which white scored `white_points` half points and black the rest of a point
    /// (`2 - white_points`).
    #[must_use]
    pub fn new(white: PlayerId, black: PlayerId, white_points: u32) -> GameResult {
        GameResult { white, black, white_points, black_points: 2u32.saturating_sub(white_points) }
    }
}

/// A round a player did not play but was given points for: the pairing-allocated bye (usually
/// a full point, 2) or a requested bye (0 or 1). Players in neither a game nor a bye of a round
/// scored 0 in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Bye {
    /// Who sat out.
    pub player: PlayerId,
    /// The points given, in half points.
    pub points: u32,
}

/// The finished results of one round.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct RoundResults {
    /// The games, in board order.
    pub games: Vec<GameResult>,
    /// The byes.
    pub byes: Vec<Bye>,
}

/// A tie-break (see the module docs for definitions).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TieBreak {
    /// The sum of the opponents' scores.
    Buchholz,
    /// The sum of points scored times the opponent's score.
    SonnebornBerger,
    /// The points scored among the tied players (the mini-table).
    DirectEncounter,
}

/// How unplayed rounds enter the tie-breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Unplayed {
    /// C.02's virtual opponent for a player's own unplayed rounds, and unplayed rounds of the
    /// opponents counted as draws (for Swiss tournaments).
    VirtualOpponent,
    /// Unplayed rounds add nothing and opponents' real scores are summed (for round robins,
    /// where the only unplayed rounds are the byes of an odd field).
    Skip,
}

/// Which tie-breaks rank tied players, in order, and how unplayed rounds count.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rules {
    /// The tie-breaks, most important first.
    pub tie_breaks: Vec<TieBreak>,
    /// The treatment of unplayed rounds.
    pub unplayed: Unplayed,
}

impl Rules {
    /// A Swiss: points, Buchholz, Sonneborn-Berger, unplayed rounds by the virtual opponent.
    #[must_use]
    pub fn swiss() -> Rules {
        Rules {
            tie_breaks: vec![TieBreak::Buchholz, TieBreak::SonnebornBerger],
            unplayed: Unplayed::VirtualOpponent,
        }
    }

    /// A round robin: points, Sonneborn-Berger, direct encounter.
    #[must_use]
    pub fn round_robin() -> Rules {
        Rules {
            tie_breaks: vec![TieBreak::SonnebornBerger, TieBreak::DirectEncounter],
            unplayed: Unplayed::Skip,
        }
    }
}

/// A place in the standings: `first == last` unless several players share it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Place {
    /// The best place of the shared range, from 1.
    pub first: usize,
    /// The worst place of the shared range.
    pub last: usize,
}

impl fmt::Display for Place {
    /// `3`, or `3-4` when shared.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.first == self.last {
            write!(f, "{}", self.first)
        } else {
            write!(f, "{}-{}", self.first, self.last)
        }
    }
}

/// One player's line of the standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// The player.
    pub player: PlayerId,
    /// The place, shared when every tie-break is equal.
    pub place: Place,
    /// Points, in half points.
    pub points: u32,
    /// The value of each of [`Rules::tie_breaks`], in quarter points; `None` for a direct
    /// encounter that was not computed (the player was not tied, or not everyone tied had
    /// met).
    pub tie_breaks: Vec<Option<u32>>,
    /// Games played over the board.
    pub games: u32,
}

/// What a player did in one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
enum Entry {
    /// A game against the player at this index of the players.
    Game { opponent: usize, colour: Colour, points: u32 },
    /// A bye (with its points) or an absence (0).
    Unplayed { points: u32 },
}

/// The standings: one [`Standing`] per player, best first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standings {
    /// The lines, best first (tied players by seeding).
    pub rows: Vec<Standing>,
    /// The tie-breaks the lines' values are for.
    pub tie_breaks: Vec<TieBreak>,
    /// Each player's rounds, by index in the players' list.
    history: Vec<Vec<Entry>>,
    /// The players' ids in seeding order.
    players: Vec<PlayerId>,
    /// Each row's player index.
    order: Vec<usize>,
}

/// Why results could not be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StandingsError {
    /// A result names a player not in the list.
    UnknownPlayer {
        /// The round, from 1.
        round: usize,
        /// The id.
        player: PlayerId,
    },
    /// A player is in two games or byes of one round (or plays himself).
    TwiceInRound {
        /// The round, from 1.
        round: usize,
        /// The id.
        player: PlayerId,
    },
    /// The same id is listed twice among the players.
    DuplicatePlayer {
        /// The id.
        player: PlayerId,
    },
}

impl fmt::Display for StandingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StandingsError::UnknownPlayer { round, player } => {
                write!(f, "round {round} names player {player}, who is not in the tournament")
            }
            StandingsError::TwiceInRound { round, player } => {
                write!(f, "player {player} appears twice in round {round}")
            }
            StandingsError::DuplicatePlayer { player } => {
                write!(f, "player {player} is listed twice")
            }
        }
    }
}

impl std::error::Error for StandingsError {}

/// Computes the standings of `players` (in seeding order: the order of players still tied
/// after every tie-break) after `rounds`, ranked by points and then `rules.tie_breaks`.
///
/// # Errors
///
/// [`StandingsError`] when a result names an unknown player, a player appears twice in one
/// round, or an id is listed twice.
///
/// # Examples
///
/// ```
/// use arbiter_pairing::standings::{GameResult, Rules, RoundResults, standings};
///
/// // Three players, one round each pair: 1 beats 2, 2 beats 3, 3 draws with 1.
/// let rounds = vec![
///     RoundResults { games: vec![GameResult::new(1, 2, 2)], byes: vec![] },
///     RoundResults { games: vec![GameResult::new(2, 3, 2)], byes: vec![] },
///     RoundResults { games: vec![GameResult::new(3, 1, 1)], byes: vec![] },
/// ];
/// let table = standings(&[1, 2, 3], &rounds, &Rules::round_robin())?;
/// assert_eq!(table.rows[0].player, 1);
/// assert_eq!(table.rows[0].points, 3); // 1½ points, in half points
/// # Ok::<(), arbiter_pairing::standings::StandingsError>(())
/// ```
pub fn standings(
    players: &[PlayerId],
    rounds: &[RoundResults],
    rules: &Rules,
) -> Result<Standings, StandingsError> {
    let mut index = HashMap::with_capacity(players.len());
    for (i, &p) in players.iter().enumerate() {
        if index.insert(p, i).is_some() {
            return Err(StandingsError::DuplicatePlayer { player: p });
        }
    }
    let n = players.len();
    let mut history = vec![Vec::with_capacity(rounds.len()); n];
    for (r, round) in rounds.iter().enumerate() {
        let mut seen: Vec<Option<Entry>> = vec![None; n];
        let mut put = |player: PlayerId, entry: Entry| -> Result<usize, StandingsError> {
            let round = r + 1;
            let &i = index.get(&player).ok_or(StandingsError::UnknownPlayer { round, player })?;
            if seen[i].replace(entry).is_some() {
                return Err(StandingsError::TwiceInRound { round, player });
            }
            Ok(i)
        };
        for g in &round.games {
            let black = *index
                .get(&g.black)
                .ok_or(StandingsError::UnknownPlayer { round: r + 1, player: g.black })?;
            let white = put(
                g.white,
                Entry::Game { opponent: black, colour: Colour::White, points: g.white_points },
            )?;
            put(
                g.black,
                Entry::Game { opponent: white, colour: Colour::Black, points: g.black_points },
            )?;
        }
        for b in &round.byes {
            put(b.player, Entry::Unplayed { points: b.points })?;
        }
        for (i, entry) in seen.into_iter().enumerate() {
            history[i].push(entry.unwrap_or(Entry::Unplayed { points: 0 }));
        }
    }

    let points: Vec<u32> = history.iter().map(|h| h.iter().map(entry_points).sum()).collect();
    let values: Vec<Vec<Option<u32>>> = (0..n)
        .map(|i| {
            rules
                .tie_breaks
                .iter()
                .map(|t| match t {
                    TieBreak::Buchholz => Some(buchholz(&history, &points, i, rules.unplayed)),
                    TieBreak::SonnebornBerger => {
                        Some(sonneborn_berger(&history, &points, i, rules.unplayed))
                    }
                    TieBreak::DirectEncounter => None,
                })
                .collect()
        })
        .collect();
    let mut ranker = Ranker { history: &history, rules, values, classes: vec![] };
    let mut all: Vec<usize> = (0..n).collect();
    all.sort_by_key(|&i| std::cmp::Reverse(points[i]));
    for group in split(&all, |i| points[i]) {
        ranker.rank(group, 0);
    }

    let mut rows = Vec::with_capacity(n);
    let mut order = Vec::with_capacity(n);
    for class in &ranker.classes {
        let first = rows.len() + 1;
        let place = Place { first, last: first + class.len() - 1 };
        for &i in class {
            order.push(i);
            rows.push(Standing {
                player: players[i],
                place,
                points: points[i],
                tie_breaks: ranker.values[i].clone(),
                games: u32::try_from(
                    history[i].iter().filter(|e| matches!(e, Entry::Game { .. })).count(),
                )
                .unwrap_or(u32::MAX),
            });
        }
    }
    Ok(Standings {
        rows,
        tie_breaks: rules.tie_breaks.clone(),
        history,
        players: players.to_vec(),
        order,
    })
}

/// The points of one round.
fn entry_points(entry: &Entry) -> u32 {
    match *entry {
        Entry::Game { points, .. } | Entry::Unplayed { points } => points,
    }
}

/// A player's score as the opponents' tie-breaks see it: with the virtual-opponent rule, each
/// unplayed round counts as a draw (1 half point) whatever it gave.
fn adjusted(history: &[Vec<Entry>], points: &[u32], i: usize, unplayed: Unplayed) -> u32 {
    match unplayed {
        Unplayed::Skip => points[i],
        Unplayed::VirtualOpponent => history[i]
            .iter()
            .map(|e| match e {
                Entry::Game { points, .. } => *points,
                Entry::Unplayed { .. } => 1,
            })
            .sum(),
    }
}

/// The virtual opponent's score, in half points, for player `i`'s unplayed round `r` (from 0)
/// after all the rounds: the player's score before it, plus what the player did not score in
/// it, plus a draw for every later round.
fn virtual_opponent(history: &[Vec<Entry>], i: usize, r: usize) -> u32 {
    let before: u32 = history[i][..r].iter().map(entry_points).sum();
    let lost = 2u32.saturating_sub(entry_points(&history[i][r]));
    let later = u32::try_from(history[i].len() - r - 1).unwrap_or(u32::MAX);
    before + lost + later
}

/// Buchholz of player `i`, in quarter points.
fn buchholz(history: &[Vec<Entry>], points: &[u32], i: usize, unplayed: Unplayed) -> u32 {
    let halves: u32 = history[i]
        .iter()
        .enumerate()
        .map(|(r, e)| match (*e, unplayed) {
            (Entry::Game { opponent, .. }, _) => adjusted(history, points, opponent, unplayed),
            (Entry::Unplayed { .. }, Unplayed::VirtualOpponent) => virtual_opponent(history, i, r),
            (Entry::Unplayed { .. }, Unplayed::Skip) => 0,
        })
        .sum();
    2 * halves
}

/// Sonneborn-Berger of player `i`, in quarter points.
fn sonneborn_berger(history: &[Vec<Entry>], points: &[u32], i: usize, unplayed: Unplayed) -> u32 {
    history[i]
        .iter()
        .enumerate()
        .map(|(r, e)| match (*e, unplayed) {
            (Entry::Game { opponent, points: p, .. }, _) => {
                p * adjusted(history, points, opponent, unplayed)
            }
            (Entry::Unplayed { points: p }, Unplayed::VirtualOpponent) => {
                p * virtual_opponent(history, i, r)
            }
            (Entry::Unplayed { .. }, Unplayed::Skip) => 0,
        })
        .sum()
}

/// `group` (already in order) cut into runs of equal `key`.
fn split(group: &[usize], key: impl Fn(usize) -> u32) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    for &i in group {
        match out.last_mut() {
            Some(run) if run.first().is_some_and(|&j| key(j) == key(i)) => run.push(i),
            _ => out.push(vec![i]),
        }
    }
    out
}

/// Orders tied groups by the tie-breaks, collecting the final classes of equal players.
struct Ranker<'a> {
    history: &'a [Vec<Entry>],
    rules: &'a Rules,
    values: Vec<Vec<Option<u32>>>,
    classes: Vec<Vec<usize>>,
}

impl Ranker<'_> {
    /// Ranks `group` (players equal on points and the tie-breaks before `level`), appending
    /// its classes best first.
    fn rank(&mut self, mut group: Vec<usize>, level: usize) {
        if group.len() == 1 || level == self.rules.tie_breaks.len() {
            group.sort_unstable();
            self.classes.push(group);
            return;
        }
        let direct = self.rules.tie_breaks[level] == TieBreak::DirectEncounter;
        if direct {
            match self.mini_table(&group) {
                Some(scores) => {
                    for (&i, s) in group.iter().zip(scores) {
                        self.values[i][level] = Some(2 * s);
                    }
                }
                None => return self.rank(group, level + 1),
            }
        }
        let key = |i: usize| self.values[i][level].unwrap_or(0);
        group.sort_by_key(|&i| (std::cmp::Reverse(key(i)), i));
        let runs = split(&group, key);
        let whole = group.len();
        for run in runs {
            // A direct encounter that split the group is applied again to each part still
            // tied, among its own players only.
            let next = if direct && run.len() < whole { level } else { level + 1 };
            self.rank(run, next);
        }
    }

    /// The points each of `group` scored against the others, or `None` unless every two of
    /// them have met.
    fn mini_table(&self, group: &[usize]) -> Option<Vec<u32>> {
        let member: Vec<bool> = {
            let mut m = vec![false; self.history.len()];
            for &i in group {
                m[i] = true;
            }
            m
        };
        let mut scores = Vec::with_capacity(group.len());
        for &i in group {
            let mut met = vec![false; self.history.len()];
            let mut score = 0;
            for e in &self.history[i] {
                if let Entry::Game { opponent, points, .. } = *e
                    && member[opponent]
                {
                    met[opponent] = true;
                    score += points;
                }
            }
            if group.iter().any(|&j| j != i && !met[j]) {
                return None;
            }
            scores.push(score);
        }
        Some(scores)
    }
}

/// How a crosstable's result columns run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Layout {
    /// One column per opponent, in standings order (round robins): every result against
    /// that opponent.
    PerOpponent,
    /// One column per round (Swiss): the opponent's row, the colour and the result.
    PerRound,
}

/// One cell of a crosstable.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Cell {
    /// The player's own column (per-opponent layout).
    Own,
    /// The player's points against this column's opponent, game by game (per-opponent layout;
    /// empty when they have not met).
    Results(Vec<u32>),
    /// A game (per-round layout): the opponent's row number (from 1), the player's colour and
    /// points.
    Game {
        /// The opponent's row, from 1.
        opponent: usize,
        /// The player's colour.
        colour: Colour,
        /// The player's points, in half points.
        points: u32,
    },
    /// A round not played (per-round layout): a bye with its points, or an absence (0).
    Unplayed {
        /// The points given, in half points.
        points: u32,
    },
}

impl Cell {
    /// The cell as a crosstable writes it, in no language: `×` for the player's own column,
    /// `1`, `½`, `0` per game (`1½` for two games), `12w1` for a game (opponent's row, `w` or
    /// `b` for the colour, where white is the first seat, the points), `-1` for a bye worth a
    /// point and `-0` for an absence.
    #[must_use]
    pub fn text(&self) -> String {
        match self {
            Cell::Own => "×".to_string(),
            Cell::Results(games) => games.iter().map(|&p| format_points(p)).collect(),
            Cell::Game { opponent, colour, points } => {
                let c = if *colour == Colour::White { 'w' } else { 'b' };
                format!("{opponent}{c}{}", format_points(*points))
            }
            Cell::Unplayed { points } => format!("-{}", format_points(*points)),
        }
    }
}

/// One line of a crosstable.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CrossRow {
    /// The player.
    pub player: PlayerId,
    /// The place (shared places read `3-4`).
    pub place: Place,
    /// The result cells: one per row (per opponent) or one per round.
    pub cells: Vec<Cell>,
    /// Points, in half points.
    pub points: u32,
    /// The tie-break values, as in [`Standing::tie_breaks`].
    pub tie_breaks: Vec<Option<u32>>,
}

/// A crosstable: the standings with every result, row `k` (from 1) being the `k`-th line of
/// the standings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Crosstable {
    /// How the result columns run.
    pub layout: Layout,
    /// The tie-breaks of [`CrossRow::tie_breaks`].
    pub tie_breaks: Vec<TieBreak>,
    /// The lines, best first.
    pub rows: Vec<CrossRow>,
}

impl Standings {
    /// The crosstable of these standings in `layout`.
    #[must_use]
    pub fn crosstable(&self, layout: Layout) -> Crosstable {
        let mut row_of = vec![0; self.players.len()];
        for (row, &i) in self.order.iter().enumerate() {
            row_of[i] = row;
        }
        let rows = self
            .rows
            .iter()
            .zip(&self.order)
            .map(|(standing, &i)| {
                let cells = match layout {
                    Layout::PerOpponent => self
                        .order
                        .iter()
                        .map(|&j| {
                            if i == j {
                                return Cell::Own;
                            }
                            Cell::Results(
                                self.history[i]
                                    .iter()
                                    .filter_map(|e| match *e {
                                        Entry::Game { opponent, points, .. } if opponent == j => {
                                            Some(points)
                                        }
                                        _ => None,
                                    })
                                    .collect(),
                            )
                        })
                        .collect(),
                    Layout::PerRound => self.history[i]
                        .iter()
                        .map(|e| match *e {
                            Entry::Game { opponent, colour, points } => {
                                Cell::Game { opponent: row_of[opponent] + 1, colour, points }
                            }
                            Entry::Unplayed { points } => Cell::Unplayed { points },
                        })
                        .collect(),
                };
                CrossRow {
                    player: standing.player,
                    place: standing.place,
                    cells,
                    points: standing.points,
                    tie_breaks: standing.tie_breaks.clone(),
                }
            })
            .collect();
        Crosstable { layout, tie_breaks: self.tie_breaks.clone(), rows }
    }
}

/// Half points as a crosstable writes them: `0`, `½`, `1`, `3½`.
#[must_use]
pub fn format_points(halves: u32) -> String {
    match (halves / 2, halves % 2) {
        (0, 1) => "½".to_string(),
        (whole, 0) => whole.to_string(),
        (whole, _) => format!("{whole}½"),
    }
}

/// Quarter points as a decimal: `12`, `12.5`, `12.25`, `12.75`.
#[must_use]
pub fn format_quarters(quarters: u32) -> String {
    let whole = quarters / 4;
    match quarters % 4 {
        0 => whole.to_string(),
        1 => format!("{whole}.25"),
        2 => format!("{whole}.5"),
        _ => format!("{whole}.75"),
    }
}
