//! Swiss pairing by the FIDE Dutch system (Handbook C.04.3, the rules in force since 2017), as
//! far as this crate implements it: see the crate docs for what it does and every
//! simplification.
//!
//! [`pair`] takes the players' state before a round and returns that round's games and bye.
//! The caller keeps the state: after the round, [`Player::record_game`], [`Player::record_bye`]
//! and [`Player::record_absence`] bring each player up to date.

mod bracket;
mod colour;

use std::collections::HashMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::Colour;
use crate::matching;
use colour::{Preference, Side, allocate};

/// A player's identity, chosen by the caller (a database id, a seat number…).
pub type PlayerId = u32;

/// A float: being paired outside one's own score group (C.04.3 A.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Float {
    /// Paired with a lower score, or given the pairing-allocated bye.
    Down,
    /// Paired with a higher score.
    Up,
}

/// One player's state before the round to pair.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// The caller's identity for the player; unique in one call.
    pub id: PlayerId,
    /// Points so far, in half points (a win is 2, a draw 1).
    pub score: u32,
    /// The pairing number: the place in the initial ranking (by rating), 1 for the top seed.
    /// Lower is stronger; within a score group players are ordered by it, and the colour
    /// allocation's last rule (C.04.3 5.2.5) uses its parity.
    pub rank: u32,
    /// The colour of each past round, oldest first, `None` for a round not played (bye,
    /// absence, not yet joined). The last entry is the previous round: a late joiner's vector
    /// may be shorter, or padded with `None`.
    pub colours: Vec<Option<Colour>>,
    /// Everyone the player has met over the board.
    pub opponents: Vec<PlayerId>,
    /// Whether the player has had a pairing-allocated bye (or any bye the organiser counts as
    /// one): C.04.3 C.2 allows one per tournament.
    pub had_bye: bool,
    /// The float of each past round, oldest first, aligned like `colours`.
    pub floats: Vec<Option<Float>>,
    /// A withdrawn player is not paired.
    pub withdrawn: bool,
}

impl Player {
    /// A player with no games yet: 0 points, no history. A late joiner starts the same way (the
    /// rounds missed count 0 points).
    #[must_use]
    pub fn new(id: PlayerId, rank: u32) -> Player {
        Player {
            id,
            score: 0,
            rank,
            colours: Vec::new(),
            opponents: Vec::new(),
            had_bye: false,
            floats: Vec::new(),
            withdrawn: false,
        }
    }

    /// Records a game played: its opponent, the player's colour, the points won (in half
    /// points) and the float the pairing gave ([`Pairing::float_of`]).
    pub fn record_game(
        &mut self,
        opponent: PlayerId,
        colour: Colour,
        points: u32,
        float: Option<Float>,
    ) {
        self.opponents.push(opponent);
        self.colours.push(Some(colour));
        self.score += points;
        self.floats.push(float);
    }

    /// Records the pairing-allocated bye, worth `points` half points (a full point is 2).
    pub fn record_bye(&mut self, points: u32) {
        self.had_bye = true;
        self.colours.push(None);
        self.score += points;
        self.floats.push(Some(Float::Down));
    }

    /// Records a round the player did not play and was not paired in (absent, not yet joined).
    pub fn record_absence(&mut self) {
        self.colours.push(None);
        self.floats.push(None);
    }
}

/// Settings of a Swiss pairing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    /// The initial colour, drawn by lot before round 1 (C.04.3 5.2.5): the colour an
    /// odd-numbered player gets when nothing else decides.
    pub initial_colour: Colour,
    /// The most search nodes spent on one score bracket before the best pairing found so far
    /// is taken (see the crate docs, "Bounded search").
    pub bracket_budget: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options { initial_colour: Colour::White, bracket_budget: 20_000 }
    }
}

/// One game of a Swiss round. In games whose seats are not colours, `white` is the seat that
/// moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Game {
    /// The player with white (the first seat).
    pub white: PlayerId,
    /// The player with black (the second seat).
    pub black: PlayerId,
}

/// Which absolute rules a pairing had to break because no pairing keeps them all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Relaxation {
    /// None: no pair meets twice, nobody has a second bye, no two players with the same
    /// absolute colour preference meet (so nobody reaches a colour difference of ±3 or three
    /// games in a row with one colour).
    None,
    /// Two players with the same absolute colour preference had to meet; repeats and second
    /// byes are still avoided.
    ColourRules,
    /// Every repeat-free pairing was impossible: pairs may meet again, byes may repeat. The
    /// search still avoids them where its budget allows.
    RepeatsAndByes,
}

/// The pairing of one Swiss round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    /// The games, by board: the highest score first (C.04.2 order: the higher player's score,
    /// then the pair's total, then the higher player's rank).
    pub games: Vec<Game>,
    /// The player given the pairing-allocated bye, if the number of players is odd.
    pub bye: Option<PlayerId>,
    /// The floats this round gives: the higher of two players with different scores floats
    /// down and the lower up; the bye floats down.
    pub floats: Vec<(PlayerId, Float)>,
    /// Which rules had to give (normally [`Relaxation::None`]).
    pub relaxed: Relaxation,
}

impl Pairing {
    /// The float this pairing gives `id`, if any, for [`Player::record_game`].
    #[must_use]
    pub fn float_of(&self, id: PlayerId) -> Option<Float> {
        self.floats.iter().find(|(p, _)| *p == id).map(|(_, f)| *f)
    }
}

/// Why players could not be paired.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PairingError {
    /// Two players share an id.
    DuplicateId(PlayerId),
}

impl fmt::Display for PairingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PairingError::DuplicateId(id) => write!(f, "player id {id} appears twice"),
        }
    }
}

impl std::error::Error for PairingError {}

/// Pairs the next round of a Swiss tournament by the Dutch system.
///
/// Withdrawn players are left out. With an odd number of the others, one gets the
/// pairing-allocated bye: the lowest-ranked player of the lowest score group who has not had
/// one and without whom the rest can still be paired.
///
/// # Errors
///
/// [`PairingError::DuplicateId`] when two players share an id.
///
/// # Examples
///
/// ```
/// use arbiter_pairing::swiss::{pair, Game, Options, Player};
///
/// let players: Vec<Player> = (1..=4).map(|rank| Player::new(rank * 10, rank)).collect();
/// let pairing = pair(&players, &Options::default())?;
/// // Round 1: the top half meets the bottom half, colours alternating by board.
/// assert_eq!(
///     pairing.games,
///     vec![Game { white: 10, black: 30 }, Game { white: 40, black: 20 }]
/// );
/// # Ok::<(), arbiter_pairing::swiss::PairingError>(())
/// ```
pub fn pair(players: &[Player], options: &Options) -> Result<Pairing, PairingError> {
    let mut seen = HashMap::with_capacity(players.len());
    for p in players {
        if seen.insert(p.id, ()).is_some() {
            return Err(PairingError::DuplicateId(p.id));
        }
    }
    let mut active: Vec<&Player> = players.iter().filter(|p| !p.withdrawn).collect();
    active.sort_by(|a, b| b.score.cmp(&a.score).then(a.rank.cmp(&b.rank)).then(a.id.cmp(&b.id)));
    for level in [Level::Strict, Level::ColourRelaxed, Level::Any] {
        let ctx = Ctx::new(&active, level, options);
        if let Some(result) = ctx.pair() {
            return Ok(result);
        }
    }
    // Level::Any accepts every pair and every bye, so it always pairs.
    Ok(Pairing { games: Vec::new(), bye: None, floats: Vec::new(), relaxed: Relaxation::None })
}

/// Which rules are absolute in one attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Level {
    /// C.1, C.2 and C.3 all absolute.
    Strict,
    /// C.3 (same absolute colour preference) given up.
    ColourRelaxed,
    /// Everything allowed; repeats and clashes only cost.
    Any,
}

/// The players of one pairing, by index in pairing order (score down, then rank up).
pub(crate) struct Ctx<'p> {
    players: Vec<&'p Player>,
    prefs: Vec<Preference>,
    met: Vec<bool>,
    level: Level,
    options: Options,
}

impl<'p> Ctx<'p> {
    fn new(players: &[&'p Player], level: Level, options: &Options) -> Ctx<'p> {
        let n = players.len();
        let index: HashMap<PlayerId, usize> =
            players.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
        let mut met = vec![false; n * n];
        for (i, p) in players.iter().enumerate() {
            for o in &p.opponents {
                if let Some(&j) = index.get(o) {
                    met[i * n + j] = true;
                    met[j * n + i] = true;
                }
            }
        }
        Ctx {
            players: players.to_vec(),
            prefs: players.iter().map(|p| Preference::of(&p.colours)).collect(),
            met,
            level,
            options: *options,
        }
    }

    fn len(&self) -> usize {
        self.players.len()
    }

    fn score(&self, i: usize) -> u32 {
        self.players[i].score
    }

    fn has_met(&self, a: usize, b: usize) -> bool {
        self.met[a * self.len() + b]
    }

    /// Both have an absolute preference for the same colour (C.04.3 C.3).
    fn clash(&self, a: usize, b: usize) -> bool {
        let (pa, pb) = (&self.prefs[a], &self.prefs[b]);
        pa.colour.is_some_and(|c| pa.is_absolute_for(c) && pb.is_absolute_for(c))
    }

    /// Whether `a` and `b` may meet at this level.
    fn allowed(&self, a: usize, b: usize) -> bool {
        match self.level {
            Level::Strict => !self.has_met(a, b) && !self.clash(a, b),
            Level::ColourRelaxed => !self.has_met(a, b),
            Level::Any => true,
        }
    }

    /// Whether the players `set` can all be paired among themselves at this level.
    fn completes(&self, set: &[usize]) -> bool {
        matching::has_perfect_matching(set.len(), |x, y| self.allowed(set[x], set[y]))
    }

    /// The colour of `high` (the higher-ranked, i.e. smaller index) against `low`.
    fn colour_of_higher(&self, high: usize, low: usize) -> Colour {
        let side = |i: usize| Side {
            preference: &self.prefs[i],
            history: &self.players[i].colours,
            rank: self.players[i].rank,
        };
        allocate(&side(high), &side(low), self.options.initial_colour)
    }

    /// The whole pairing at this level, or `None` when the level's absolute rules admit none.
    fn pair(&self) -> Option<Pairing> {
        let n = self.len();
        let all: Vec<usize> = (0..n).collect();
        let bye = if n % 2 == 1 {
            // The lowest score group's lowest-ranked eligible player without whom the rest
            // completes: pairing order reversed. At level Any a second bye is allowed, but
            // only after every player without one.
            let mut candidates: Vec<usize> = (0..n).rev().collect();
            if self.level == Level::Any {
                candidates.sort_by_key(|&i| self.players[i].had_bye);
            } else {
                candidates.retain(|&i| !self.players[i].had_bye);
            }
            let chosen = candidates.into_iter().find(|&c| {
                let rest: Vec<usize> = all.iter().copied().filter(|&i| i != c).collect();
                self.completes(&rest)
            })?;
            Some(chosen)
        } else {
            if !self.completes(&all) {
                return None;
            }
            None
        };
        let remaining: Vec<usize> = all.into_iter().filter(|&i| Some(i) != bye).collect();
        let pairs = bracket::pair_brackets(self, &remaining);
        Some(self.finish(pairs, bye))
    }

    /// Colours, board order and floats for the chosen pairs.
    fn finish(&self, mut pairs: Vec<(usize, usize)>, bye: Option<usize>) -> Pairing {
        for pair in &mut pairs {
            if pair.1 < pair.0 {
                *pair = (pair.1, pair.0);
            }
        }
        // Board order (C.04.2 D): higher score of the pair, then the pair's total, then the
        // higher player's place in the pairing order.
        pairs.sort_by_key(|&(a, b)| {
            let (sa, sb) = (self.score(a), self.score(b));
            (std::cmp::Reverse(sa.max(sb)), std::cmp::Reverse(sa + sb), a)
        });
        let mut floats = Vec::new();
        let games = pairs
            .iter()
            .map(|&(high, low)| {
                let (h, l) = (self.players[high], self.players[low]);
                if h.score != l.score {
                    let (up, down) = if h.score > l.score { (l, h) } else { (h, l) };
                    floats.push((down.id, Float::Down));
                    floats.push((up.id, Float::Up));
                }
                match self.colour_of_higher(high, low) {
                    Colour::White => Game { white: h.id, black: l.id },
                    Colour::Black => Game { white: l.id, black: h.id },
                }
            })
            .collect();
        let bye = bye.map(|b| self.players[b].id);
        if let Some(b) = bye {
            floats.push((b, Float::Down));
        }
        let relaxed = self.relaxation(&pairs, bye);
        Pairing { games, bye, floats, relaxed }
    }

    /// The rules the chosen pairs actually break (a relaxed level may still break none).
    fn relaxation(&self, pairs: &[(usize, usize)], bye: Option<PlayerId>) -> Relaxation {
        let second_bye = bye.is_some_and(|b| self.players.iter().any(|p| p.id == b && p.had_bye));
        if second_bye || pairs.iter().any(|&(a, b)| self.has_met(a, b)) {
            Relaxation::RepeatsAndByes
        } else if pairs.iter().any(|&(a, b)| self.clash(a, b)) {
            Relaxation::ColourRules
        } else {
            Relaxation::None
        }
    }
}
