//! 极相棋 Ultima (Baroque chess): Robert Abbott's chess variant of 1962–63, in which every piece
//! but the king captures in its own way (the rulebook and our
//! decisions: `docs/ultima.md`).
//!
//! In brief: an 8×8 board, White first. The king (王) steps one square and captures by
//! displacement. Every other piece moves only to empty squares and captures "passively": the
//! pincer (夹) moves like a rook and pinches an enemy between its landing square and any friendly
//! piece; the withdrawer (拖) moves like a queen and takes the enemy it moves directly away from;
//! the long leaper (跳) moves like a queen and jumps enemy pieces along its line, each with an
//! empty square behind it; the coordinator (协) moves like a queen and takes the enemies on the
//! two other corners of the rectangle it forms with its own king; the immobilizer (麻) moves like
//! a queen, captures nothing and freezes the enemies next to it; the chameleon (仿, 模仿者) moves
//! like a queen and takes each enemy piece the way that piece takes (a king only by a king step;
//! never a chameleon or an immobilizer, though it freezes an adjacent immobilizer). A move is
//! fully determined by its from and to squares, and every capture it implies happens.
//!
//! The referee refuses any move that leaves the mover's own king capturable (frozen attackers
//! cannot capture), so the game ends by checkmate; a side with no legal move loses
//! (stalemate), threefold repetition and the no-capture limit draw. By default a frozen piece
//! other than the king may remove itself as its move (suicide). Every option is in [`Options`].
//!
//! # Examples
//!
//! ```
//! use arbiter_games::core::{Seat, Seed};
//! use arbiter_games::games::Game;
//! use arbiter_games::games::ultima::{Capture, CaptureRule, Event, Kind, Options, State};
//!
//! // White: king d1, pincers c5 and e2. Black: king e8, pincer d5.
//! let text = "4k3/8/8/2Pp4/8/8/4P3/3K4 w";
//! let mut game = State::from_position(&Options::default(), text, Seed(0)).unwrap();
//! // The pincer goes up the e-file and pinches d5 against its friend on c5.
//! let e2e5 = game.parse_action(Seat(0), "e2-e5").unwrap();
//! let events = game.play(Seat(0), &e2e5).unwrap();
//! let Event::Moved { piece, captures, check, .. } = &events[0].event else { panic!() };
//! assert_eq!(*piece, Kind::Pincer);
//! let d5 = "d5".parse().unwrap();
//! assert_eq!(captures, &[Capture { square: d5, piece: Kind::Pincer, rule: CaptureRule::Pinch }]);
//! assert!(!check);
//! assert_eq!(game.position(), "4k3/8/8/2P1P3/8/8/8/3K4 b");
//! assert_eq!(game.format_action(&e2e5), "e2e5");
//! ```

pub(crate) mod board;
mod notation;
mod options;
mod state;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

pub use notation::PositionError;
pub use options::{ChameleonRule, Immobilizer, Options, Setup};
pub use state::{State, View};

use crate::core::{ErrorCode, GameResult, Seat};

/// A side: White (seat 0) moves first, Black is seat 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Color {
    /// Seat 0, the first to move; upper-case letters in position texts.
    White,
    /// Seat 1; lower-case letters in position texts.
    Black,
}

impl Color {
    /// Both colours in seat order.
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    /// The seat of this colour: White is seat 0, Black seat 1.
    #[must_use]
    pub fn seat(self) -> Seat {
        Seat(self.index() as u8)
    }

    /// The colour of a seat: seat 0 is White and every other seat Black. Use
    /// [`Color::from_seat`] where a seat may not exist.
    #[must_use]
    pub fn of(seat: Seat) -> Color {
        if seat.0 == 0 { Color::White } else { Color::Black }
    }

    /// The colour of seat 0 or 1, `None` for any other seat.
    #[must_use]
    pub fn from_seat(seat: Seat) -> Option<Color> {
        match seat.0 {
            0 => Some(Color::White),
            1 => Some(Color::Black),
            _ => None,
        }
    }

    /// The other colour.
    #[must_use]
    pub fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[must_use]
    pub fn index(self) -> usize {
        match self {
            Color::White => 0,
            Color::Black => 1,
        }
    }

    /// `white` or `black`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A type of piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// 王 (国王): one step in any direction; captures by displacement.
    King,
    /// 夹 (夹吃者): moves like a rook; captures by pinching (custodian capture).
    Pincer,
    /// 拖 (拖吃者): moves like a queen; captures by moving directly away.
    Withdrawer,
    /// 跳 (跳吃者): moves like a queen; captures by leaping.
    LongLeaper,
    /// 协 (协吃者): moves like a queen; captures by coordinating with its king.
    Coordinator,
    /// 麻 (麻醉者): moves like a queen; captures nothing, freezes adjacent enemies.
    Immobilizer,
    /// 仿 (模仿者): moves like a queen; captures each enemy the way that enemy captures.
    Chameleon,
}

impl Kind {
    /// Every kind, in a fixed order.
    pub const ALL: [Kind; 7] = [
        Kind::King,
        Kind::Pincer,
        Kind::Withdrawer,
        Kind::LongLeaper,
        Kind::Coordinator,
        Kind::Immobilizer,
        Kind::Chameleon,
    ];

    /// The letter of position texts and notation: `K P W L C I X` (upper case).
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Pincer => 'P',
            Kind::Withdrawer => 'W',
            Kind::LongLeaper => 'L',
            Kind::Coordinator => 'C',
            Kind::Immobilizer => 'I',
            Kind::Chameleon => 'X',
        }
    }

    /// The kind with this letter (either case).
    #[must_use]
    pub fn from_letter(letter: char) -> Option<Kind> {
        let upper = letter.to_ascii_uppercase();
        Kind::ALL.into_iter().find(|k| k.letter() == upper)
    }

    /// The one-character Chinese name: 王 夹 拖 跳 协 麻 仿 (from the seed's 国王, 夹吃者,
    /// 拖吃者, 跳吃者, 协吃者, 麻醉者, 模仿者).
    #[must_use]
    pub fn chinese(self) -> char {
        match self {
            Kind::King => '王',
            Kind::Pincer => '夹',
            Kind::Withdrawer => '拖',
            Kind::LongLeaper => '跳',
            Kind::Coordinator => '协',
            Kind::Immobilizer => '麻',
            Kind::Chameleon => '仿',
        }
    }

    /// The seed's full Chinese name: 国王, 夹吃者, 拖吃者, 跳吃者, 协吃者, 麻醉者, 模仿者.
    #[must_use]
    pub fn chinese_name(self) -> &'static str {
        match self {
            Kind::King => "国王",
            Kind::Pincer => "夹吃者",
            Kind::Withdrawer => "拖吃者",
            Kind::LongLeaper => "跳吃者",
            Kind::Coordinator => "协吃者",
            Kind::Immobilizer => "麻醉者",
            Kind::Chameleon => "模仿者",
        }
    }

    /// The English name in lower case, e.g. `long leaper`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Kind::King => "king",
            Kind::Pincer => "pincer",
            Kind::Withdrawer => "withdrawer",
            Kind::LongLeaper => "long leaper",
            Kind::Coordinator => "coordinator",
            Kind::Immobilizer => "immobilizer",
            Kind::Chameleon => "chameleon",
        }
    }

    /// How a piece of this kind captures, if it captures at all (a chameleon captures each
    /// enemy by that enemy's rule; an immobilizer never captures).
    #[must_use]
    pub fn rule(self) -> Option<CaptureRule> {
        match self {
            Kind::King => Some(CaptureRule::Displacement),
            Kind::Pincer => Some(CaptureRule::Pinch),
            Kind::Withdrawer => Some(CaptureRule::Withdrawal),
            Kind::LongLeaper => Some(CaptureRule::Leap),
            Kind::Coordinator => Some(CaptureRule::Coordination),
            Kind::Immobilizer | Kind::Chameleon => None,
        }
    }

    /// How many pieces of this kind each side starts with (the most a position may have).
    #[must_use]
    pub fn start_count(self) -> usize {
        match self {
            Kind::King | Kind::Withdrawer | Kind::Coordinator | Kind::Immobilizer => 1,
            Kind::LongLeaper | Kind::Chameleon => 2,
            Kind::Pincer => 8,
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A square: `file` 0..8 is a..h, `rank` 0..8 is 1..8. Displayed and serialised as `e4`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// 0 = file a … 7 = file h.
    pub file: u8,
    /// 0 = rank 1 … 7 = rank 8.
    pub rank: u8,
}

impl Square {
    /// The square on `file` and `rank` (0-based; not checked).
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Square {
        Square { file, rank }
    }

    /// Whether the square is on the 8×8 board.
    #[must_use]
    pub fn is_on_board(self) -> bool {
        self.file < 8 && self.rank < 8
    }

    /// The index 0..64 (a1 = 0, b1 = 1, …, h8 = 63); meaningful only on the board.
    #[must_use]
    pub fn index(self) -> usize {
        usize::from(self.rank) * 8 + usize::from(self.file)
    }

    /// The square with this index (taken modulo 64).
    #[must_use]
    pub fn from_index(index: usize) -> Square {
        let i = (index % 64) as u8;
        Square { file: i % 8, rank: i / 8 }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_on_board() {
            write!(f, "{}{}", char::from(b'a' + self.file), self.rank + 1)
        } else {
            write!(f, "(file {}, rank {})", self.file, self.rank)
        }
    }
}

/// A square name that is not `a1`…`h8`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("`{0}` is not a square from a1 to h8")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Parses `e4` (either case, surrounding spaces allowed).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let t = text.trim().as_bytes();
        match t {
            [f @ (b'a'..=b'h' | b'A'..=b'H'), r @ b'1'..=b'8'] => {
                Ok(Square::new(f.to_ascii_lowercase() - b'a', r - b'1'))
            }
            _ => Err(ParseSquareError(text.trim().to_string())),
        }
    }
}

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// One decision of a player. Notation: `d2d5` for a move, `d2d2` for a suicide.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "type")]
pub enum Action {
    /// Move the piece on `from` to `to`; every capture the move implies happens.
    Move {
        /// Where the piece stands.
        from: Square,
        /// Where it goes.
        to: Square,
    },
    /// A frozen piece (not the king) removes itself from the board as the whole move
    /// (`suicide=on`).
    Suicide {
        /// The piece's square.
        square: Square,
    },
}

impl Action {
    /// The from and to squares (a suicide's square twice): the notation's two squares.
    #[must_use]
    pub fn squares(self) -> (Square, Square) {
        match self {
            Action::Move { from, to } => (from, to),
            Action::Suicide { square } => (square, square),
        }
    }
}

impl fmt::Display for Action {
    /// The canonical notation: `d2d5`, or `d2d2` for a suicide.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (from, to) = self.squares();
        write!(f, "{from}{to}")
    }
}

/// How a piece was captured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CaptureRule {
    /// The mover stepped onto it (a king, or a chameleon taking a king).
    Displacement,
    /// It was pinched between the mover and a friendly piece (a pincer, or a chameleon taking a
    /// pincer).
    Pinch,
    /// The mover moved directly away from it (a withdrawer, or a chameleon taking a withdrawer).
    Withdrawal,
    /// The mover leapt over it (a long leaper, or a chameleon taking a long leaper).
    Leap,
    /// It stood on a corner of the mover's rectangle with its king (a coordinator, or a
    /// chameleon taking a coordinator).
    Coordination,
}

/// One piece taken by a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Capture {
    /// Where it stood.
    pub square: Square,
    /// What it was (its colour is the opponent's of the mover).
    pub piece: Kind,
    /// How it was taken.
    pub rule: CaptureRule,
}

/// A piece that an action froze: where it stands, whose and what it is, the enemy piece that
/// freezes it, and whether its side may remove it as a move (`suicide=on`, not a king).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Freeze {
    /// Where it stands.
    pub square: Square,
    /// Its colour.
    pub color: Color,
    /// Its kind.
    pub piece: Kind,
    /// The enemy piece that freezes it.
    pub by: Square,
    /// What that piece is.
    pub by_piece: Kind,
    /// Whether its side may remove it as a whole move.
    pub removable: bool,
}

/// What happened, for announcements. Everyone hears every event (perfect information).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "type")]
pub enum Event {
    /// A piece moved, with everything it captured (sorted by square).
    Moved {
        /// The mover's colour.
        color: Color,
        /// The moving piece.
        piece: Kind,
        /// Where it came from.
        from: Square,
        /// Where it went.
        to: Square,
        /// What it captured, sorted by square.
        captures: Vec<Capture>,
        /// Whether the opponent's king is now capturable (check).
        check: bool,
        /// With check, the piece that could capture the king, and what it is (for a pincer or
        /// coordinator, the one that would move; its partner stays where it is).
        attacker: Option<(Square, Kind)>,
        /// The pieces, of either colour, that this move froze (free before it, frozen after),
        /// sorted by square: a freeze is news the players must hear.
        freezes: Vec<Freeze>,
    },
    /// A frozen piece removed itself.
    Suicide {
        /// Its colour.
        color: Color,
        /// Its kind.
        piece: Kind,
        /// Its square.
        square: Square,
    },
    /// The last event of the final action: the result and the outcome reason
    /// (`checkmate`, `stalemate`, `threefold-repetition`, `no-capture-limit`).
    Ended {
        /// Who won.
        result: GameResult,
        /// Why, the same code as `to_act`'s outcome reason.
        reason: &'static str,
    },
}

/// Why a move's geometry or path is wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "type")]
pub enum MoveFault {
    /// From and to are the same square in a move (a suicide is its own action).
    NoMovement,
    /// The squares are not on one rank, file or diagonal.
    NotALine,
    /// A king moves one square.
    KingStep,
    /// A pincer moves only along ranks and files.
    PincerDiagonal,
    /// A piece on the way.
    Blocked {
        /// The first occupied square between from and to.
        at: Square,
        /// The piece there.
        piece: Kind,
        /// Whether it is the mover's own.
        own: bool,
    },
    /// The target square is occupied (only a king may move onto an enemy).
    Occupied {
        /// The target.
        at: Square,
        /// The piece there.
        piece: Kind,
        /// Whether it is the mover's own.
        own: bool,
    },
    /// A king moving onto a piece of its own side.
    OwnPiece {
        /// The target.
        at: Square,
    },
    /// A long leaper or chameleon may not leap over a piece of its own side.
    LeapOwn {
        /// The friendly piece.
        at: Square,
    },
    /// A leapt piece needs an empty square right behind it.
    LeapAdjacent {
        /// The piece without an empty square behind it.
        at: Square,
    },
    /// A chameleon leaps only over enemy long leapers.
    ChameleonLeapsLeapersOnly {
        /// The piece in the way.
        at: Square,
        /// What it is.
        piece: Kind,
    },
}

impl fmt::Display for MoveFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveFault::NoMovement => write!(f, "it must leave its square"),
            MoveFault::NotALine => write!(f, "the squares are not on one rank, file or diagonal"),
            MoveFault::KingStep => write!(f, "a king moves one square"),
            MoveFault::PincerDiagonal => write!(f, "a pincer moves only along ranks and files"),
            MoveFault::Blocked { at, piece, .. } => write!(f, "the {piece} on {at} is in the way"),
            MoveFault::Occupied { at, piece, .. } => write!(f, "the {piece} stands on {at}"),
            MoveFault::OwnPiece { at } => write!(f, "{at} holds a piece of its own side"),
            MoveFault::LeapOwn { at } => write!(f, "it cannot leap over its own piece on {at}"),
            MoveFault::LeapAdjacent { at } => {
                write!(f, "it cannot leap over {at}: the square behind it is not empty")
            }
            MoveFault::ChameleonLeapsLeapersOnly { at, piece } => {
                write!(f, "a chameleon leaps only over long leapers, and {at} holds a {piece}")
            }
        }
    }
}

/// Why a suicide is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "type")]
pub enum SuicideBan {
    /// The game has `suicide=off`.
    Off,
    /// A king never removes itself.
    King,
    /// Only a frozen piece may remove itself.
    NotFrozen {
        /// The piece.
        piece: Kind,
    },
}

/// Why an action was refused. The state is unchanged whenever one is returned.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// The text is not a move.
    #[error("`{text}` is not a move: give the from and to squares, like d2d5 (a suicide: d2d2)")]
    Malformed {
        /// The text as typed (or the action, for one built in code).
        text: String,
    },
    /// The piece named in front of the move is not the piece on the from-square.
    #[error("the piece on {square} is a {actual}, not a {given}")]
    WrongPiece {
        /// The from-square.
        square: Square,
        /// The piece named.
        given: Kind,
        /// The piece there.
        actual: Kind,
    },
    /// Nothing stands on the from-square.
    #[error("there is no piece on {square}")]
    NoPiece {
        /// The square.
        square: Square,
    },
    /// The piece on the from-square belongs to the opponent.
    #[error("the {piece} on {square} is {color}'s, not yours")]
    NotYourPiece {
        /// The square.
        square: Square,
        /// Its owner.
        color: Color,
        /// The piece.
        piece: Kind,
    },
    /// The piece is frozen (immobilized) and cannot move.
    #[error("the {piece} on {square} is frozen by the {by_piece} on {by}")]
    Frozen {
        /// The frozen piece's square.
        square: Square,
        /// The frozen piece.
        piece: Kind,
        /// The square of an enemy piece that freezes it.
        by: Square,
        /// That piece (an immobilizer, or a chameleon freezing an immobilizer).
        by_piece: Kind,
    },
    /// The piece cannot go there: wrong geometry, a blocked path or an occupied target.
    #[error("the {piece} on {from} cannot move to {to}: {fault}")]
    IllegalMove {
        /// The piece.
        piece: Kind,
        /// From.
        from: Square,
        /// To.
        to: Square,
        /// Why.
        fault: MoveFault,
    },
    /// A move in algebraic notation that no piece of that kind can make.
    #[error("none of your pieces of that kind ({piece}) can move to {to}")]
    NoMoveTo {
        /// The piece named (a pincer when none was).
        piece: Kind,
        /// The target.
        to: Square,
    },
    /// A move in algebraic notation that more than one piece can make.
    #[error("more than one {piece} can move to {to}: say which, with its file or rank")]
    Ambiguous {
        /// The piece named.
        piece: Kind,
        /// The target.
        to: Square,
        /// The squares of the pieces that can, in the order of the legal moves.
        from: Vec<Square>,
    },
    /// After the action the mover's own king could be captured.
    #[error(
        "{from}{to} would leave your king on {king} capturable by the {attacker_piece} on \
         {attacker}"
    )]
    LeavesKingInCheck {
        /// From (a suicide's square).
        from: Square,
        /// To (a suicide's square again).
        to: Square,
        /// The mover's king.
        king: Square,
        /// One enemy piece that could capture it.
        attacker: Square,
        /// That piece.
        attacker_piece: Kind,
    },
    /// A suicide that the rules or the options forbid.
    #[error("the piece on {square} may not remove itself: {reason}")]
    SuicideNotAllowed {
        /// The square.
        square: Square,
        /// Why not.
        reason: SuicideBan,
    },
    /// Not this seat's turn.
    #[error("it is not this player's turn")]
    NotYourTurn,
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// A seat other than 0 (White) and 1 (Black).
    #[error("no such seat")]
    NoSuchSeat,
}

impl fmt::Display for SuicideBan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SuicideBan::Off => write!(f, "suicide is off in this game"),
            SuicideBan::King => write!(f, "a king never removes itself"),
            SuicideBan::NotFrozen { piece } => {
                write!(f, "the {piece} is not frozen, and only a frozen piece may remove itself")
            }
        }
    }
}

impl ErrorCode for Error {
    fn code(&self) -> &'static str {
        match self {
            Error::Malformed { .. } => "malformed",
            Error::WrongPiece { .. } => "wrong-piece",
            Error::NoPiece { .. } => "no-piece",
            Error::NotYourPiece { .. } => "not-your-piece",
            Error::Frozen { .. } => "frozen",
            Error::IllegalMove { .. } | Error::NoMoveTo { .. } => "illegal-move",
            Error::Ambiguous { .. } => "ambiguous",
            Error::LeavesKingInCheck { .. } => "leaves-king-in-check",
            Error::SuicideNotAllowed { .. } => "suicide-not-allowed",
            Error::NotYourTurn => "not-your-turn",
            Error::GameOver => "game-over",
            Error::NoSuchSeat => "no-such-seat",
        }
    }
}

/// Why a game ended: the stable outcome reason codes.
pub mod reason {
    /// The side to move is in check and has no legal action; it loses.
    pub const CHECKMATE: &str = "checkmate";
    /// The side to move is not in check and has no legal action; it loses (no draw by
    /// stalemate in Ultima).
    pub const STALEMATE: &str = "stalemate";
    /// The same position with the same side to move occurred for the third time: a draw.
    pub const THREEFOLD_REPETITION: &str = "threefold-repetition";
    /// `nocapture_limit` moves by each side without a capture or suicide: a draw.
    pub const NO_CAPTURE_LIMIT: &str = "no-capture-limit";
}

#[cfg(test)]
mod tests;
