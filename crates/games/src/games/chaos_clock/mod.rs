//! 混乱时钟 Chaos Clock: a two-player game on a clock face of twelve slots (the rulebook
//! and our decisions: `docs/chaos-clock.md`).
//!
//! In brief: pieces 1–12 start on a random derangement of the slots (no piece on its own slot).
//! 甲 (jia, seat 0) owns the odd pieces, 乙 (yi, seat 1) the even ones; 乙 moves first. A turn is
//! one of: **move** any piece of either colour that is not at home (on its own slot) and was not
//! the piece the opponent just moved or dropped, `n` slots clockwise, capturing what it lands on
//! (never a piece at home; 12 lands on itself and leaves the board); **drop** a piece of your
//! colour from your hand onto its own slot, capturing what is there; or **pass**. Captured odd
//! pieces go to 甲's hand, even ones to 乙's. A drop that captures an opponent's piece gives an
//! extra turn. The first side with all six pieces home wins, unless the other completes on its
//! very next turn (共赢, both win); two passes in a row, both sides provably stuck, or a third
//! repetition end in 同输 (both lose).
//!
//! # Examples
//!
//! ```
//! use arbiter_games::core::{GameResult, Seat, Seed};
//! use arbiter_games::games::Game;
//! use arbiter_games::games::chaos_clock::{Options, State};
//!
//! // 甲 to move; 12 sits on slot 1, every other piece but 1 is home, 1 is in 甲's hand.
//! let text = "12,2,3,4,5,6,7,8,9,10,11,0;0;5";
//! let mut game = State::from_position(&Options::default(), text, Seed(0)).unwrap();
//! let drop = game.parse_action(Seat(0), "摆1").unwrap();
//! game.play(Seat(0), &drop).unwrap();
//! // The drop captured 乙's 12: an extra turn, and 甲 is complete while 乙 is not.
//! assert_eq!(game.outcome().map(|o| o.result), Some(GameResult::Winner(Seat(0))));
//! ```

mod advice;
pub mod fast;
mod options;
pub mod solver;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

pub use advice::{Advice, Analysis, Chance};
pub use options::{Options, Start};

use crate::core::{ErrorCode, GameResult, Noticed, Outcome, Prompt, Seat, Seed, ToAct, Viewer};
use crate::games::options::Why;
use crate::games::{Game, GameOptions, OptionsError};

/// 甲 (jia), seat 0, owns the odd pieces.
pub const JIA: Seat = Seat(0);
/// 乙 (yi), seat 1, owns the even pieces and moves first.
pub const YI: Seat = Seat(1);

/// The seat owning piece `n`: odd pieces are 甲's, even ones 乙's.
#[must_use]
pub fn owner_of(piece: u8) -> Seat {
    if piece % 2 == 1 { JIA } else { YI }
}

/// The slot (1–12) a piece on `slot` lands on when it moves: `n` slots clockwise.
#[must_use]
pub fn landing(slot: u8, piece: u8) -> u8 {
    (slot - 1 + piece) % 12 + 1
}

/// One turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    /// Drop this piece from the mover's hand onto its own slot (`d<n>`).
    Drop(u8),
    /// Move this piece `n` slots clockwise (`m<n>`).
    Move(u8),
    /// Pass (`pass`).
    Pass,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Drop(n) => write!(f, "d{n}"),
            Action::Move(n) => write!(f, "m{n}"),
            Action::Pass => f.write_str("pass"),
        }
    }
}

/// Parses an action: `m5`, `5`, `5号`, `move 5`, `走5`, `d7`, `drop 7`, `摆7`, `摆7号`, `pass`,
/// `过`.
///
/// # Errors
///
/// [`Error::Malformed`] for anything else (the piece number is checked to be 1–12).
pub fn parse_action_text(text: &str) -> Result<Action, Error> {
    let t = text.trim().to_lowercase();
    let bad = || Error::Malformed { text: text.trim().to_string() };
    if matches!(t.as_str(), "pass" | "p" | "过" | "過" | "不走") {
        return Ok(Action::Pass);
    }
    let (kind, rest) = if let Some(r) = t.strip_prefix("move") {
        ('m', r)
    } else if let Some(r) = t.strip_prefix("drop") {
        ('d', r)
    } else if let Some(r) = t.strip_prefix('m').or_else(|| t.strip_prefix('走')) {
        ('m', r)
    } else if let Some(r) =
        t.strip_prefix('d').or_else(|| t.strip_prefix('摆')).or_else(|| t.strip_prefix('擺'))
    {
        ('d', r)
    } else {
        ('m', t.as_str())
    };
    // `5号` (piece number five) reads as `5`.
    let rest = rest.trim();
    let rest = rest.strip_suffix('号').or_else(|| rest.strip_suffix('號')).unwrap_or(rest);
    let n: u8 = rest.trim().parse().map_err(|_| bad())?;
    if !(1..=12).contains(&n) {
        return Err(bad());
    }
    Ok(if kind == 'm' { Action::Move(n) } else { Action::Drop(n) })
}

/// Where a captured piece went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Captured {
    /// The captured piece.
    pub piece: u8,
    /// The slot it was taken from.
    pub slot: u8,
    /// Whose hand it went to (its owner's, whoever captured it).
    pub hand: Seat,
}

/// What happened, for the table to announce.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "type")]
pub enum Event {
    /// A piece moved. `to` is `None` when 12 went round the clock and left the board into
    /// 乙's hand (then `captured` is that 12 itself).
    Moved {
        /// Who moved.
        seat: Seat,
        /// The piece moved.
        piece: u8,
        /// Its slot before.
        from: u8,
        /// Its slot after, or `None` when it left the board.
        to: Option<u8>,
        /// What it captured, if anything.
        captured: Option<Captured>,
        /// Whether the piece landed on its own slot.
        home: bool,
    },
    /// A piece was dropped from the hand onto its own slot.
    Dropped {
        /// Who dropped.
        seat: Seat,
        /// The piece (and slot).
        piece: u8,
        /// What it captured, if anything.
        captured: Option<Captured>,
        /// Whether the drop captured an opponent's piece and so earned an extra turn.
        extra_turn: bool,
    },
    /// The seat passed.
    Passed {
        /// Who passed.
        seat: Seat,
    },
    /// The seat now has all six pieces home.
    Completed {
        /// Who completed.
        seat: Seat,
    },
    /// The game is over.
    Ended {
        /// The outcome.
        outcome: Outcome,
    },
}

/// Why an action was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// Another seat is to act.
    #[error("it is not this seat's turn")]
    NotYourTurn,
    /// The text is not an action.
    #[error("`{text}` is not an action (m<n>, d<n> or pass)")]
    Malformed {
        /// The text as given.
        text: String,
    },
    /// The piece to move is not on the board.
    #[error("piece {piece} is not on the board")]
    NotOnBoard {
        /// The piece.
        piece: u8,
    },
    /// The piece to move is at home and never moves again.
    #[error("piece {piece} is home and cannot move")]
    AtHome {
        /// The piece.
        piece: u8,
    },
    /// The opponent just moved or dropped this piece.
    #[error("piece {piece} was just moved by the opponent")]
    Banned {
        /// The piece.
        piece: u8,
    },
    /// The move would land on a piece at home.
    #[error("piece {piece} would land on slot {slot}, whose piece is home")]
    Blocked {
        /// The piece.
        piece: u8,
        /// The landing slot.
        slot: u8,
    },
    /// The piece to drop is not the mover's colour.
    #[error("piece {piece} belongs to the other side")]
    NotYours {
        /// The piece.
        piece: u8,
    },
    /// The piece to drop is not in the mover's hand.
    #[error("piece {piece} is not in hand")]
    NotInHand {
        /// The piece.
        piece: u8,
    },
}

impl ErrorCode for Error {
    fn code(&self) -> &'static str {
        match self {
            Error::GameOver => "game-over",
            Error::NotYourTurn => "not-your-turn",
            Error::Malformed { .. } => "malformed",
            Error::NotOnBoard { .. } => "not-on-board",
            Error::AtHome { .. } => "at-home",
            Error::Banned { .. } => "just-moved",
            Error::Blocked { .. } => "blocked-by-home",
            Error::NotYours { .. } => "not-yours",
            Error::NotInHand { .. } => "not-in-hand",
        }
    }
}

/// Why a position text was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    /// Not `b1,…,b12;side;last`.
    #[error("expected `b1,...,b12;side;last`: {0}")]
    Malformed(String),
    /// A piece appears twice.
    #[error("piece {0} appears twice")]
    Duplicate(u8),
}

impl ErrorCode for PositionError {
    fn code(&self) -> &'static str {
        match self {
            PositionError::Malformed(_) => "malformed-position",
            PositionError::Duplicate(_) => "duplicate-piece",
        }
    }
}

/// The ban on the previous turn (the `last` field of the notation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Last {
    /// Nothing banned: the start, or after a drop (the dropped piece is home anyway).
    None,
    /// The opponent just moved this piece; it may not move now.
    Piece(u8),
    /// The previous turn was a pass: a second pass ends the game in 同输.
    Pass,
}

/// What anyone may see: Chaos Clock has no hidden information.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct View {
    /// `board[i]` is the piece on slot `i + 1`, 0 for empty.
    pub board: [u8; 12],
    /// 甲's hand (odd pieces), ascending.
    pub jia_hand: Vec<u8>,
    /// 乙's hand (even pieces), ascending.
    pub yi_hand: Vec<u8>,
    /// Who is to move (after the game: who would have moved).
    pub to_move: Seat,
    /// The previous turn's ban.
    pub last: Last,
    /// The position in the reference notation.
    pub position: String,
    /// The outcome, once the game is over.
    pub outcome: Option<Outcome>,
    /// Whether the referee may show solver hints.
    pub hints: bool,
    /// For `start=fair`: how many derangements were drawn to find a proven 共赢 start.
    pub fair_draws: Option<u32>,
    /// The action that led here, for the picture to highlight (none at the start).
    pub last_action: Option<LastAction>,
}

/// The previous action with the slots it touched, for highlighting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct LastAction {
    /// Who acted.
    pub seat: Seat,
    /// The action.
    pub action: Action,
    /// The slot a moved piece left (none for a drop or a pass).
    pub from: Option<u8>,
    /// The slot a piece landed on (none for a pass, or for 12 leaving the board).
    pub to: Option<u8>,
}

/// A game of Chaos Clock.
#[derive(Debug, Clone, PartialEq)]
pub struct State {
    options: Options,
    board: [u8; 12],
    to_move: Seat,
    last: Last,
    outcome: Option<Outcome>,
    /// How often each full position (board, side, ban) has occurred since the start.
    seen: BTreeMap<u64, u8>,
    fair_draws: Option<u32>,
    last_action: Option<LastAction>,
    /// Every action so far with the position it was played in, for the post-game analysis.
    trail: Vec<(solver::Pos, Action)>,
}

/// SplitMix64: a tiny deterministic generator, seeded from the game's [`Seed`].
#[derive(Debug, Clone)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniformly random derangement of 1..=12 (Fisher–Yates, redrawn until no piece is on its
    /// own slot, as the seed says: 重新随机分配直到没有棋子处于"正位"为止).
    pub fn derangement(&mut self) -> [u8; 12] {
        loop {
            let mut b = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
            for i in (1..12usize).rev() {
                let j = (self.next_u64() % (i as u64 + 1)) as usize;
                b.swap(i, j);
            }
            if b.iter().zip(1u8..).all(|(&p, s)| p != s) {
                return b;
            }
        }
    }
}

/// The position budget of one `start=fair` proof attempt; a draw the solver cannot finish within
/// it is skipped (counted, never guessed).
pub const FAIR_BUDGET: usize = fast::DEFAULT_BUDGET;
/// How many derangements `start=fair` draws at most.
pub const FAIR_MAX_DRAWS: u32 = 64;

impl State {
    fn with_board(options: &Options, board: [u8; 12], to_move: Seat, last: Last) -> State {
        let mut s = State {
            options: options.clone(),
            board,
            to_move,
            last,
            outcome: None,
            seen: BTreeMap::new(),
            fair_draws: None,
            last_action: None,
            trail: Vec::new(),
        };
        s.outcome = s.judge(false);
        if s.outcome.is_none() {
            s.seen.insert(s.key(), 1);
        }
        s
    }

    /// The board: `board()[i]` is the piece on slot `i + 1`, 0 for empty.
    #[must_use]
    pub fn board(&self) -> [u8; 12] {
        self.board
    }

    /// The previous turn's ban.
    #[must_use]
    pub fn last(&self) -> Last {
        self.last
    }

    /// The seat to move (after the game: who would have moved).
    #[must_use]
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// The slot (1–12) of `piece`, if it is on the board.
    #[must_use]
    pub fn slot_of(&self, piece: u8) -> Option<u8> {
        self.board.iter().zip(1u8..).find(|(p, _)| **p == piece).map(|(_, s)| s)
    }

    /// Whether `piece` is on its own slot.
    #[must_use]
    pub fn is_home(&self, piece: u8) -> bool {
        (1..=12).contains(&piece) && self.board[usize::from(piece) - 1] == piece
    }

    /// `seat`'s hand, ascending: its pieces that are not on the board.
    #[must_use]
    pub fn hand(&self, seat: Seat) -> Vec<u8> {
        (1..=12u8).filter(|&p| owner_of(p) == seat && self.slot_of(p).is_none()).collect()
    }

    /// How many of `seat`'s pieces are home.
    #[must_use]
    pub fn home_count(&self, seat: Seat) -> usize {
        (1..=12u8).filter(|&p| owner_of(p) == seat && self.is_home(p)).count()
    }

    /// The solver's view of this position.
    #[must_use]
    pub fn solver_pos(&self) -> solver::Pos {
        let last = match self.last {
            Last::None => solver::NONE,
            Last::Piece(p) => p,
            Last::Pass => solver::PASS,
        };
        solver::Pos { board: self.board, side: self.to_move.0, last }
    }

    /// How many times the current position (as the repetition rule counts it) has arisen.
    #[must_use]
    pub fn times_seen(&self) -> u8 {
        self.seen.get(&self.key()).copied().unwrap_or(0)
    }

    /// The repetition key: a ban on a piece that could not move anyway bans nothing, so it is
    /// left out (the same normalisation the solver uses).
    fn key(&self) -> u64 {
        let mut pos = self.solver_pos();
        pos.normalize();
        pos.key()
    }

    /// The reason for the first rule that refuses `action` for the side to move, if any.
    fn check(&self, action: Action) -> Result<(), Error> {
        match action {
            Action::Pass => Ok(()),
            Action::Drop(n) => {
                if !(1..=12).contains(&n) {
                    Err(Error::Malformed { text: action.to_string() })
                } else if owner_of(n) != self.to_move {
                    Err(Error::NotYours { piece: n })
                } else if self.slot_of(n).is_some() {
                    Err(Error::NotInHand { piece: n })
                } else {
                    Ok(())
                }
            }
            Action::Move(n) => {
                let Some(slot) = self.slot_of(n).filter(|_| (1..=12).contains(&n)) else {
                    return Err(Error::NotOnBoard { piece: n });
                };
                if slot == n {
                    return Err(Error::AtHome { piece: n });
                }
                if self.last == Last::Piece(n) {
                    return Err(Error::Banned { piece: n });
                }
                let to = landing(slot, n);
                if to != slot && self.is_home(self.board[usize::from(to) - 1]) {
                    return Err(Error::Blocked { piece: n, slot: to });
                }
                Ok(())
            }
        }
    }

    /// Whether the side to move has an action that completes its set.
    fn can_complete_now(&self) -> bool {
        let me = self.to_move;
        let missing: Vec<u8> =
            (1..=12u8).filter(|&p| owner_of(p) == me && !self.is_home(p)).collect();
        let [piece] = missing[..] else { return missing.is_empty() };
        match self.slot_of(piece) {
            None => true,
            Some(slot) => slot == 12 && self.check(Action::Move(piece)).is_ok(),
        }
    }

    /// The outcome judged at the start of a turn (spec decisions 5 and 6). `passed_twice`: the
    /// action just played was a second pass in a row.
    fn judge(&self, passed_twice: bool) -> Option<Outcome> {
        let me = self.to_move;
        let mine = self.home_count(me) == 6;
        let theirs = self.home_count(me.other()) == 6;
        if mine && theirs {
            return Some(Outcome { result: GameResult::BothWin, reason: "both-completed" });
        }
        if mine {
            return Some(Outcome { result: GameResult::Winner(me), reason: "completed" });
        }
        if theirs && !self.can_complete_now() {
            return Some(Outcome { result: GameResult::Winner(me.other()), reason: "completed" });
        }
        if passed_twice {
            return Some(Outcome { result: GameResult::BothLose, reason: "two-passes" });
        }
        if solver::stuck_sides(&self.board) == [true, true] {
            return Some(Outcome { result: GameResult::BothLose, reason: "both-stuck" });
        }
        if self.seen.get(&self.key()).copied().unwrap_or(0) >= 3 {
            return Some(Outcome { result: GameResult::BothLose, reason: "repetition" });
        }
        None
    }

    /// Applies a checked action; returns the events.
    fn apply(&mut self, action: Action) -> Vec<Noticed<Event>> {
        let seat = self.to_move;
        self.trail.push((self.solver_pos(), action));
        let before = [self.home_count(JIA) == 6, self.home_count(YI) == 6];
        let mut events = Vec::new();
        let mut passed_twice = false;
        match action {
            Action::Pass => {
                passed_twice = self.last == Last::Pass;
                self.last = Last::Pass;
                self.last_action = Some(LastAction { seat, action, from: None, to: None });
                self.to_move = seat.other();
                events.push(Noticed::everyone(Event::Passed { seat }));
            }
            Action::Drop(n) => {
                let i = usize::from(n) - 1;
                let taken = self.board[i];
                self.board[i] = n;
                let captured =
                    (taken != 0).then(|| Captured { piece: taken, slot: n, hand: owner_of(taken) });
                let extra_turn = taken != 0 && owner_of(taken) != seat;
                self.last = Last::None;
                self.last_action = Some(LastAction { seat, action, from: None, to: Some(n) });
                if !extra_turn {
                    self.to_move = seat.other();
                }
                events.push(Noticed::everyone(Event::Dropped {
                    seat,
                    piece: n,
                    captured,
                    extra_turn,
                }));
            }
            Action::Move(n) => {
                let from = self.slot_of(n).unwrap_or(12);
                let to = landing(from, n);
                self.board[usize::from(from) - 1] = 0;
                let (to, captured) = if to == from {
                    (None, Some(Captured { piece: n, slot: from, hand: YI }))
                } else {
                    let taken = self.board[usize::from(to) - 1];
                    self.board[usize::from(to) - 1] = n;
                    let c = (taken != 0).then(|| Captured {
                        piece: taken,
                        slot: to,
                        hand: owner_of(taken),
                    });
                    (Some(to), c)
                };
                self.last = Last::Piece(n);
                self.last_action = Some(LastAction { seat, action, from: Some(from), to });
                self.to_move = seat.other();
                events.push(Noticed::everyone(Event::Moved {
                    seat,
                    piece: n,
                    from,
                    to,
                    captured,
                    home: to == Some(n),
                }));
            }
        }
        for s in [JIA, YI] {
            if !before[s.index()] && self.home_count(s) == 6 {
                events.push(Noticed::everyone(Event::Completed { seat: s }));
            }
        }
        let count = self.seen.entry(self.key()).or_insert(0);
        *count = count.saturating_add(1);
        self.outcome = self.judge(passed_twice);
        if let Some(outcome) = self.outcome {
            events.push(Noticed::everyone(Event::Ended { outcome }));
        }
        events
    }

    fn all_actions(&self) -> Vec<Action> {
        let mut actions: Vec<Action> = (1..=12u8)
            .map(Action::Drop)
            .chain((1..=12u8).map(Action::Move))
            .filter(|&a| self.check(a).is_ok())
            .collect();
        actions.push(Action::Pass);
        actions
    }
}

fn parse_position(text: &str) -> Result<([u8; 12], Seat, Last), PositionError> {
    let bad = |why: &str| PositionError::Malformed(why.to_string());
    let parts: Vec<&str> = text.trim().split(';').map(str::trim).collect();
    if parts.len() > 3 {
        return Err(bad("too many `;` fields"));
    }
    let cells: Vec<&str> = parts[0].split(',').map(str::trim).collect();
    if cells.len() != 12 {
        return Err(bad("the board needs 12 comma-separated slots"));
    }
    let mut board = [0u8; 12];
    let mut seen = [false; 13];
    for (i, c) in cells.iter().enumerate() {
        let p: u8 = c.parse().map_err(|_| bad("a slot is not a number 0-12"))?;
        if p > 12 {
            return Err(bad("a slot is not a number 0-12"));
        }
        if p != 0 {
            if seen[usize::from(p)] {
                return Err(PositionError::Duplicate(p));
            }
            seen[usize::from(p)] = true;
        }
        board[i] = p;
    }
    let side = match parts.get(1).copied().unwrap_or("1") {
        "0" => JIA,
        "1" => YI,
        _ => return Err(bad("side must be 0 (Jia, odd) or 1 (Yi, even)")),
    };
    let last = match parts.get(2).copied().unwrap_or("0") {
        "0" => Last::None,
        "p" | "pass" => Last::Pass,
        t => {
            let n: u8 = t.parse().map_err(|_| bad("last must be 0-12 or p"))?;
            if !(1..=12).contains(&n) {
                return Err(bad("last must be 0-12 or p"));
            }
            Last::Piece(n)
        }
    };
    Ok((board, side, last))
}

fn format_position(board: &[u8; 12], side: Seat, last: Last) -> String {
    let cells: Vec<String> = board.iter().map(u8::to_string).collect();
    let last = match last {
        Last::None => "0".to_string(),
        Last::Piece(n) => n.to_string(),
        Last::Pass => "p".to_string(),
    };
    format!("{};{};{}", cells.join(","), side.0, last)
}

impl Game for State {
    type Options = Options;
    type Action = Action;
    type View = View;
    type Event = Event;
    type Error = Error;
    type PositionError = PositionError;

    const EXHAUSTIVE_ACTIONS: bool = true;

    /// A random derangement from `seed` with 乙 to move; for `start=fair`, the first of up to
    /// [`FAIR_MAX_DRAWS`] derangements that the solver proves 共赢.
    fn new(options: &Options, seed: Seed) -> Result<Self, OptionsError> {
        options.validate()?;
        let mut rng = SplitMix64(seed.0);
        match options.start {
            Start::Random => Ok(State::with_board(options, rng.derangement(), YI, Last::None)),
            Start::Fair => {
                // A recorded draw (a game being reloaded) is replayed without solving again: it
                // was proven when the game was created.
                if let Some(recorded) = options.fair_draw {
                    let mut board = rng.derangement();
                    for _ in 1..recorded {
                        board = rng.derangement();
                    }
                    let state = State::with_board(options, board, YI, Last::None);
                    return Ok(State { fair_draws: Some(recorded), ..state });
                }
                for draw in 1..=FAIR_MAX_DRAWS {
                    let board = rng.derangement();
                    let state = State::with_board(options, board, YI, Last::None);
                    if fast::value(&state.solver_pos(), FAIR_BUDGET) == Ok(solver::BOTH_WIN) {
                        let mut options = options.clone();
                        options.fair_draw = Some(draw);
                        return Ok(State { fair_draws: Some(draw), options, ..state });
                    }
                }
                Err(OptionsError::Conflict {
                    key: "start".into(),
                    reason: Why::NoFairStart { draws: FAIR_MAX_DRAWS },
                })
            }
        }
    }

    /// `b1,…,b12;side;last`: `side` 0 = 甲 to move, 1 = 乙 (default 1); `last` the piece the
    /// opponent just moved (0 = nothing banned, the default; `p` = the previous turn was a
    /// pass). The repetition count starts afresh here.
    fn from_position(options: &Options, text: &str, _seed: Seed) -> Result<Self, PositionError> {
        let (board, side, last) = parse_position(text)?;
        Ok(State::with_board(options, board, side, last))
    }

    fn position(&self) -> String {
        format_position(&self.board, self.to_move, self.last)
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn to_act(&self) -> ToAct {
        match self.outcome {
            Some(outcome) => ToAct::Over(outcome),
            None => ToAct::Seat(self.to_move, Prompt::Move),
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if self.outcome.is_some() || seat != self.to_move {
            return Vec::new();
        }
        let mut actions = self.all_actions();
        actions.sort_by_key(ToString::to_string);
        actions
    }

    fn play(&mut self, seat: Seat, action: &Action) -> Result<Vec<Noticed<Event>>, Error> {
        if self.outcome.is_some() {
            return Err(Error::GameOver);
        }
        if seat != self.to_move {
            return Err(Error::NotYourTurn);
        }
        self.check(*action)?;
        Ok(self.apply(*action))
    }

    fn view(&self, _viewer: Viewer) -> View {
        View {
            board: self.board,
            jia_hand: self.hand(JIA),
            yi_hand: self.hand(YI),
            to_move: self.to_move,
            last: self.last,
            position: self.position(),
            outcome: self.outcome,
            hints: self.options.hints,
            fair_draws: self.fair_draws,
            last_action: self.last_action,
        }
    }

    fn parse_action(&self, _seat: Seat, text: &str) -> Result<Action, Error> {
        parse_action_text(text)
    }

    fn format_action(&self, action: &Action) -> String {
        action.to_string()
    }

    fn check_invariants(&self) -> Result<(), String> {
        let mut seen = [false; 13];
        for &p in &self.board {
            if p > 12 {
                return Err(format!("piece {p} out of range"));
            }
            if p != 0 && std::mem::replace(&mut seen[usize::from(p)], true) {
                return Err(format!("piece {p} twice on the board"));
            }
        }
        if self.to_move.0 > 1 {
            return Err("no such seat to move".into());
        }
        if let Last::Piece(p) = self.last
            && !(1..=12).contains(&p)
        {
            return Err(format!("banned piece {p} out of range"));
        }
        if self.outcome.is_none() && self.seen.values().any(|&c| c >= 3) {
            return Err("a position occurred three times but the game goes on".into());
        }
        Ok(())
    }
}
