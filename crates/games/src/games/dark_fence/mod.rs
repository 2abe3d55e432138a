//! 暗弈分野 Dark Fence: a hidden-information fence game for two (the rulebook and
//! our decisions: `docs/dark-fence.md`).
//!
//! In brief: on a grid (4×4 by default, columns A…, row 1 at the top) P1 starts at A1 and P2 at
//! the far corner. On a turn the mover names a path of straight segments (`A1-A4-B4-B3`) and a
//! direction; the token walks the path and a fence goes on that side of its final cell. The
//! border is fenced in advance. The mover loses on (a) crossing any fence, (b) ending on the
//! opponent's cell (passing through is fine), (c) placing a fence where one exists. When (d) the
//! fences separate the tokens, the larger area wins (equal: a draw, or under 绝杀 fewer remaining
//! fences). Players see only their own moves; the referee (this engine) tells each the fence
//! direction the opponent chose and where the opponent lies relative to them.
//!
//! Variants: referee mode (the bot is god) and the two-player challenge variant (两人质疑), in
//! which moves are sealed records, final cells are public, and a player who suspects a violation
//! challenges; free start; and the house rules 边空, 绝杀 and 场地扩增. Every option is in
//! [`Options`].
//!
//! # Examples
//!
//! ```
//! use arbiter_games::core::{Audience, GameResult, Seat, Seed, Viewer};
//! use arbiter_games::games::Game;
//! use arbiter_games::games::dark_fence::{Event, Options, Rel8, State};
//!
//! let mut game = State::new(&Options::default(), Seed(1)).unwrap();
//! let (p1, p2) = (Seat(0), Seat(1));
//! let walk = game.parse_action(p1, "A1-A4-B4-B3 R").unwrap();
//! let events = game.play(p1, &walk).unwrap();
//! // Everyone hears the fence direction and both relative reports; only P1 sees its path.
//! let Event::Announced { reports, .. } = &events[0].event else { panic!() };
//! assert_eq!(reports[1].dir, Rel8::UpLeft); // P2 is told: P1 is up and to the left
//! assert_eq!(events[1].audience, Audience::Only(p1));
//! assert!(game.view(Viewer::Seat(p2)).own_records.is_empty());
//! // P2 walks into the fence P1 just placed between B3 and C3, and loses.
//! let blunder = game.parse_action(p2, "D4-D3-B3 U").unwrap();
//! game.play(p2, &blunder).unwrap();
//! let outcome = game.outcome().unwrap();
//! assert_eq!((outcome.result, outcome.reason), (GameResult::Winner(p1), "crossed-fence"));
//! ```

pub mod assist;
mod board;
pub mod knowledge;
mod notation;
mod options;
pub mod puzzle;
mod state;
mod view;

use serde::{Deserialize, Serialize};
use thiserror::Error;

pub use board::{Cell, Components, Dims, Dir, Edge, Fences, Placement, side_between, unit_steps};
pub use notation::{
    MoveInput, PositionError, PositionText, check_move, parse_cell, parse_dir, parse_edge,
    parse_move,
};
pub use options::{
    CapAdjudication, ChallengeScope, FirstMoveOntoOpponent, Mode, Options, PartitionHandling,
    ReportKind, Start,
};
pub use state::{Record, State};
pub use view::{
    Decision, EndDetail, Event, FenceInfo, Found, Lean, OwnRecord, PublicPly, Rel8, Report, Reveal,
    RevealedRecord, View, Violation, WindowInfo,
};

use crate::core::{ErrorCode, Seat};

/// A player of Dark Fence: P1 (seat 0, moves first) or P2 (seat 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// Seat 0, the first to move.
    P1,
    /// Seat 1.
    P2,
}

impl Player {
    /// Both players in seat order.
    pub const BOTH: [Player; 2] = [Player::P1, Player::P2];

    /// The other player.
    #[must_use]
    pub fn other(self) -> Player {
        match self {
            Player::P1 => Player::P2,
            Player::P2 => Player::P1,
        }
    }

    /// Index 0 or 1.
    #[must_use]
    pub fn index(self) -> usize {
        match self {
            Player::P1 => 0,
            Player::P2 => 1,
        }
    }

    /// The seat of this player.
    #[must_use]
    pub fn seat(self) -> Seat {
        Seat(match self {
            Player::P1 => 0,
            Player::P2 => 1,
        })
    }

    /// The player in a seat, if the seat exists.
    #[must_use]
    pub fn from_seat(seat: Seat) -> Option<Player> {
        match seat.0 {
            0 => Some(Player::P1),
            1 => Some(Player::P2),
            _ => None,
        }
    }

    /// `p1` or `p2`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Player::P1 => "p1",
            Player::P2 => "p2",
        }
    }
}

/// One decision of a player.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    /// Free start: choose a start cell (`B2`).
    Start(Cell),
    /// Walk a path and place a fence (`A1-A4-B4-B3 R`); in the challenge variant, seal it.
    Move(MoveInput),
    /// Challenge variant, in a window: challenge the other player (`challenge`, `质疑`).
    Challenge,
    /// Challenge variant, in a window: let it go (`pass`, `不质疑`).
    Pass,
    /// Challenge variant with `partition_handling=claim`, in a window: "分野！" (`claim`).
    Claim,
}

/// Why an action was refused. The state is unchanged whenever one is returned.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ActionError {
    /// Nothing was typed.
    #[error("empty move")]
    Empty,
    /// A word that is neither a cell nor a direction.
    #[error("`{token}` is neither a cell nor a direction")]
    BadToken {
        /// The word.
        token: String,
    },
    /// A direction that is not at the end.
    #[error("the direction `{token}` must come last")]
    DirectionNotLast {
        /// The word.
        token: String,
    },
    /// A cell that is not on the board.
    #[error("{cell} is off the board")]
    OffBoard {
        /// The cell as typed.
        cell: String,
    },
    /// The move names no fence direction.
    #[error("no fence direction (U, D, L, R or 上下左右)")]
    NoDirection,
    /// Two consecutive cells share neither a row nor a column.
    #[error("{from} to {to} is not a straight line")]
    NotStraight {
        /// Where the bend starts.
        from: Cell,
        /// Where it goes.
        to: Cell,
    },
    /// A path built in code that does not start on the mover's cell.
    #[error("the path must start on {expected}")]
    WrongStart {
        /// The mover's cell.
        expected: Cell,
    },
    /// More waypoints than `max_waypoints`.
    #[error("a path may list at most {max} cells")]
    TooManyWaypoints {
        /// The limit.
        max: u16,
    },
    /// Staying is off (`allow_stay=false`) and the path never leaves its start.
    #[error("the token must move")]
    MustMove,
    /// A start cell already taken by P1.
    #[error("{cell} is the other player's start")]
    StartTaken {
        /// The cell.
        cell: Cell,
    },
    /// Not this seat's turn.
    #[error("it is not this player's turn")]
    NotYourTurn,
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// A start choice outside the setup phase, a move during a window, a window decision outside
    /// a window…
    #[error("a {got} is not possible now: {expected} expected")]
    WrongPhase {
        /// What kind of action was given.
        got: &'static str,
        /// What the phase wants.
        expected: &'static str,
    },
    /// `claim` without `partition_handling=claim`.
    #[error("claims are off (partition_handling is not claim)")]
    ClaimsOff,
    /// A seat that does not exist in a two-player game.
    #[error("no such seat")]
    NoSuchSeat,
}

impl ErrorCode for ActionError {
    fn code(&self) -> &'static str {
        match self {
            ActionError::Empty => "empty",
            ActionError::BadToken { .. } => "bad-token",
            ActionError::DirectionNotLast { .. } => "direction-not-last",
            ActionError::OffBoard { .. } => "off-board",
            ActionError::NoDirection => "no-direction",
            ActionError::NotStraight { .. } => "not-straight",
            ActionError::WrongStart { .. } => "wrong-start",
            ActionError::TooManyWaypoints { .. } => "too-many-waypoints",
            ActionError::MustMove => "must-move",
            ActionError::StartTaken { .. } => "start-taken",
            ActionError::NotYourTurn => "not-your-turn",
            ActionError::GameOver => "game-over",
            ActionError::WrongPhase { .. } => "wrong-phase",
            ActionError::ClaimsOff => "claims-off",
            ActionError::NoSuchSeat => "no-such-seat",
        }
    }
}

/// Why a game ended, as the stable reason codes of the foundation issue. `resigned` and `timeout`
/// are the referee's and not here.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reason {
    /// (a) The mover crossed a fence.
    CrossedFence,
    /// (b) The mover ended on the opponent's cell.
    EndedOnOpponent,
    /// (c) The mover placed a fence where one exists.
    DuplicateFence,
    /// (c) The mover placed a fence on the pre-fenced border (边空 off).
    BorderFence,
    /// (d) The fences separate the tokens.
    Separated,
    /// A challenge found a violation.
    ChallengeUpheld,
    /// A challenge found none.
    ChallengeRejected,
    /// A claim of separation was true.
    ClaimUpheld,
    /// A claim of separation was false.
    ClaimRejected,
    /// The challenge variant reached its ply cap.
    PlyCap,
}

impl Reason {
    /// The kebab-case code.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Reason::CrossedFence => "crossed-fence",
            Reason::EndedOnOpponent => "ended-on-opponent",
            Reason::DuplicateFence => "duplicate-fence",
            Reason::BorderFence => "border-fence",
            Reason::Separated => "separated",
            Reason::ChallengeUpheld => "challenge-upheld",
            Reason::ChallengeRejected => "challenge-rejected",
            Reason::ClaimUpheld => "claim-upheld",
            Reason::ClaimRejected => "claim-rejected",
            Reason::PlyCap => "ply-cap",
        }
    }
}

#[cfg(test)]
mod tests;
