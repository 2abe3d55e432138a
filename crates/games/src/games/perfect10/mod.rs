//! Perfect 10 x 10: 飯骨的星空's chess variant of 2023 on a 10×10 board with 19 piece types and
//! three promotion lines (the rulebook and our
//! decisions: `docs/perfect10.md`).
//!
//! In brief: chess on a 10×10 board, White first, with the Marshal (rook + knight), Princess
//! (bishop + knight), Cannon and Archer (they move like a rook and a bishop and capture by
//! jumping exactly one screen), Guard (a king that is not royal), Elephant (ferz + alfil) and
//! Ship (wazir + dabbaba). A pawn stepping onto White's 6th rank (Black's 5th) may become a
//! Wazir, Ferz, Dabbaba or Alfil; onto the 8th (3rd) a Guard, Knight, Elephant, Ship, Rook,
//! Bishop, Cannon or Archer; onto the 10th (1st) it must become a Queen, Marshal or Princess. A
//! Rook or Bishop reaching the last rank becomes a Dragon (rook + ferz) or Griffin (bishop +
//! wazir). Castling and en passant are as in chess. A side with no legal move passes (no
//! stalemate); two passes in a row draw; checking with the same piece on four consecutive moves
//! loses; threefold repetition may be claimed; a game in which neither side can ever mate is
//! drawn.
//!
//! # Examples
//!
//! ```
//! use arbiter_games::core::{Seat, Seed};
//! use arbiter_games::games::Game;
//! use arbiter_games::games::perfect10::{Options, State};
//!
//! let game = State::new(&Options::default(), Seed(0)).unwrap();
//! assert_eq!(game.legal_actions(Seat(0)).len(), 34);
//! assert_eq!(game.perft(2), 1156);
//! let e3e5 = game.parse_action(Seat(0), "e3-e5").unwrap();
//! assert_eq!(game.format_action(&e3e5), "e3e5");
//! ```

pub(crate) mod board;
pub mod material;
pub(crate) mod notation;
mod options;
mod state;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

pub use notation::{PositionError, START_FEN, chinese_piece};
pub use options::Options;
pub use state::{State, View};

/// A crowded middle game: the spec's midgame position (every piece type of the start still on
/// the board, pawns on both promotion approaches, White to move), whose Fairy-Stockfish perft the
/// spec gives. The perft tests and the `bench` subcommand both start from it.
pub const SPEC_MIDDLE_GAME: &str = "rcabqkbacr/s1eg2g1ns/pp2pppp1p/n2p2m3/2p5p1/S6I2/2P1PPP3/\
                                    1P1P3P1P/1NEG1MGENS/RCABQKBACR w KQkq - 0 12";

use crate::core::{ErrorCode, GameResult, Seat};

/// A side: White (seat 0) moves first, Black is seat 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Color {
    /// Seat 0; upper-case letters in FEN.
    White,
    /// Seat 1; lower-case letters in FEN.
    Black,
}

impl Color {
    /// Both colours in seat order.
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    /// The seat of this colour.
    #[must_use]
    pub fn seat(self) -> Seat {
        Seat(self.index() as u8)
    }

    /// The colour of seat 0 or 1.
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

    fn from_index(i: u8) -> Color {
        if i == 0 { Color::White } else { Color::Black }
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
    /// 國王: one step any way; royal.
    King,
    /// 皇后: rook + bishop.
    Queen,
    /// 首相: rook + knight.
    Marshal,
    /// 公主: bishop + knight.
    Princess,
    /// 龍王: rook + ferz (a Rook that reached the last rank).
    Dragon,
    /// 龍馬: bishop + wazir (a Bishop that reached the last rank).
    Griffin,
    /// 城堡.
    Rook,
    /// 主教.
    Bishop,
    /// 火砲: moves as a rook, captures over exactly one screen.
    Cannon,
    /// 弓弩: moves as a bishop, captures over exactly one screen.
    Archer,
    /// 守衛: one step any way, not royal.
    Guard,
    /// 騎士.
    Knight,
    /// 戰象: one diagonal step or a diagonal jump of two.
    Elephant,
    /// 戰船: one orthogonal step or an orthogonal jump of two.
    Ship,
    /// 將帥: one orthogonal step.
    Wazir,
    /// 斜士: one diagonal step.
    Ferz,
    /// 洞屋: an orthogonal jump of two.
    Dabbaba,
    /// 田相: a diagonal jump of two.
    Alfil,
    /// 兵卒.
    Pawn,
}

impl Kind {
    /// Every kind, in the seed's table order (pawn last).
    pub const ALL: [Kind; 19] = [
        Kind::King,
        Kind::Queen,
        Kind::Marshal,
        Kind::Princess,
        Kind::Dragon,
        Kind::Griffin,
        Kind::Rook,
        Kind::Bishop,
        Kind::Cannon,
        Kind::Archer,
        Kind::Guard,
        Kind::Knight,
        Kind::Elephant,
        Kind::Ship,
        Kind::Wazir,
        Kind::Ferz,
        Kind::Dabbaba,
        Kind::Alfil,
        Kind::Pawn,
    ];

    /// The kind's code on the fast board (1..=19).
    fn code(self) -> u8 {
        Kind::ALL.iter().position(|&k| k == self).map_or(0, |i| i as u8 + 1)
    }

    fn from_code(code: u8) -> Option<Kind> {
        Kind::ALL.get(usize::from(code).checked_sub(1)?).copied()
    }

    /// The FEN letter (upper case), the oracle's: K Q M I D H R B C A G N E S W F T L P.
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Queen => 'Q',
            Kind::Marshal => 'M',
            Kind::Princess => 'I',
            Kind::Dragon => 'D',
            Kind::Griffin => 'H',
            Kind::Rook => 'R',
            Kind::Bishop => 'B',
            Kind::Cannon => 'C',
            Kind::Archer => 'A',
            Kind::Guard => 'G',
            Kind::Knight => 'N',
            Kind::Elephant => 'E',
            Kind::Ship => 'S',
            Kind::Wazir => 'W',
            Kind::Ferz => 'F',
            Kind::Dabbaba => 'T',
            Kind::Alfil => 'L',
            Kind::Pawn => 'P',
        }
    }

    /// The kind with this FEN letter (either case).
    #[must_use]
    pub fn from_letter(letter: char) -> Option<Kind> {
        let upper = letter.to_ascii_uppercase();
        Kind::ALL.into_iter().find(|k| k.letter() == upper)
    }

    /// The seed's notation code: K Q M P R+ B+ R B C A G N E S W F D X, and "" for a pawn.
    #[must_use]
    pub fn seed_code(self) -> &'static str {
        match self {
            Kind::King => "K",
            Kind::Queen => "Q",
            Kind::Marshal => "M",
            Kind::Princess => "P",
            Kind::Dragon => "R+",
            Kind::Griffin => "B+",
            Kind::Rook => "R",
            Kind::Bishop => "B",
            Kind::Cannon => "C",
            Kind::Archer => "A",
            Kind::Guard => "G",
            Kind::Knight => "N",
            Kind::Elephant => "E",
            Kind::Ship => "S",
            Kind::Wazir => "W",
            Kind::Ferz => "F",
            Kind::Dabbaba => "D",
            Kind::Alfil => "X",
            Kind::Pawn => "",
        }
    }

    /// The kind with this seed code (`R+`, `B+`, or one letter, upper case; `P` is the
    /// Princess).
    #[must_use]
    pub fn from_seed_code(code: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| !k.seed_code().is_empty() && k.seed_code() == code)
    }

    /// The seed's two-character Chinese name (國王, 皇后, 首相, …).
    #[must_use]
    pub fn chinese_name(self) -> &'static str {
        match self {
            Kind::King => "國王",
            Kind::Queen => "皇后",
            Kind::Marshal => "首相",
            Kind::Princess => "公主",
            Kind::Dragon => "龍王",
            Kind::Griffin => "龍馬",
            Kind::Rook => "城堡",
            Kind::Bishop => "主教",
            Kind::Cannon => "火砲",
            Kind::Archer => "弓弩",
            Kind::Guard => "守衛",
            Kind::Knight => "騎士",
            Kind::Elephant => "戰象",
            Kind::Ship => "戰船",
            Kind::Wazir => "將帥",
            Kind::Ferz => "斜士",
            Kind::Dabbaba => "洞屋",
            Kind::Alfil => "田相",
            Kind::Pawn => "兵卒",
        }
    }

    /// The Simplified form of [`Kind::chinese_name`] (国王, 龙王, 骑士, …), for readers of
    /// Simplified Chinese; moves accept both.
    #[must_use]
    pub fn simplified_name(self) -> &'static str {
        match self {
            Kind::King => "国王",
            Kind::Dragon => "龙王",
            Kind::Griffin => "龙马",
            Kind::Cannon => "火炮",
            Kind::Guard => "守卫",
            Kind::Knight => "骑士",
            Kind::Elephant => "战象",
            Kind::Ship => "战船",
            Kind::Wazir => "将帅",
            other => other.chinese_name(),
        }
    }

    /// The Simplified form of [`Kind::chinese`] (龙 马 卫 骑 帅; the rest are the same).
    #[must_use]
    pub fn simplified(self) -> char {
        match self {
            Kind::Dragon => '龙',
            Kind::Griffin => '马',
            Kind::Guard => '卫',
            Kind::Knight => '骑',
            Kind::Wazir => '帅',
            other => other.chinese(),
        }
    }

    /// The Chinese code, as the board shows it and moves may start with: one character of the
    /// Chinese name, like the English codes (`R+`, `B+` as 城+ and 教+; the marshal as 首, so
    /// that no piece reads as a xiangqi piece it is not), and "" for a pawn, which has no code.
    #[must_use]
    pub fn chinese_code(self) -> &'static str {
        match self {
            Kind::Marshal => "首",
            Kind::Dragon => "城+",
            Kind::Griffin => "教+",
            Kind::King => "王",
            Kind::Queen => "后",
            Kind::Princess => "主",
            Kind::Rook => "城",
            Kind::Bishop => "教",
            Kind::Cannon => "砲",
            Kind::Archer => "弩",
            Kind::Guard => "衛",
            Kind::Knight => "騎",
            Kind::Elephant => "象",
            Kind::Ship => "船",
            Kind::Wazir => "帥",
            Kind::Ferz => "士",
            Kind::Dabbaba => "屋",
            Kind::Alfil => "田",
            Kind::Pawn => "",
        }
    }

    /// [`Kind::chinese_code`] in Simplified characters (卫 骑 帅 炮 for 衛 騎 帥 砲), for
    /// readers of Simplified Chinese; moves accept both.
    #[must_use]
    pub fn simplified_code(self) -> &'static str {
        match self {
            Kind::Cannon => "炮",
            Kind::Guard => "卫",
            Kind::Knight => "骑",
            Kind::Wazir => "帅",
            other => other.chinese_code(),
        }
    }

    /// One character of the Chinese name, unique per kind: 王 后 相 主 龍 馬 城 教 砲 弩 衛 騎
    /// 象 船 帥 士 屋 田 兵 (accepted in front of a move; the board shows
    /// [`Kind::chinese_code`]).
    #[must_use]
    pub fn chinese(self) -> char {
        match self {
            Kind::King => '王',
            Kind::Queen => '后',
            Kind::Marshal => '相',
            Kind::Princess => '主',
            Kind::Dragon => '龍',
            Kind::Griffin => '馬',
            Kind::Rook => '城',
            Kind::Bishop => '教',
            Kind::Cannon => '砲',
            Kind::Archer => '弩',
            Kind::Guard => '衛',
            Kind::Knight => '騎',
            Kind::Elephant => '象',
            Kind::Ship => '船',
            Kind::Wazir => '帥',
            Kind::Ferz => '士',
            Kind::Dabbaba => '屋',
            Kind::Alfil => '田',
            Kind::Pawn => '兵',
        }
    }

    /// The English name in lower case.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Kind::King => "king",
            Kind::Queen => "queen",
            Kind::Marshal => "marshal",
            Kind::Princess => "princess",
            Kind::Dragon => "dragon",
            Kind::Griffin => "griffin",
            Kind::Rook => "rook",
            Kind::Bishop => "bishop",
            Kind::Cannon => "cannon",
            Kind::Archer => "archer",
            Kind::Guard => "guard",
            Kind::Knight => "knight",
            Kind::Elephant => "elephant",
            Kind::Ship => "ship",
            Kind::Wazir => "wazir",
            Kind::Ferz => "ferz",
            Kind::Dabbaba => "dabbaba",
            Kind::Alfil => "alfil",
            Kind::Pawn => "pawn",
        }
    }

    /// What a pawn may become on a promotion line: `tier` 1 (White's 6th / Black's 5th rank),
    /// 2 (8th / 3rd) or 3 (the last rank, where promotion is forced).
    #[must_use]
    pub fn promotions(tier: u8) -> &'static [Kind] {
        match tier {
            1 => &[Kind::Wazir, Kind::Ferz, Kind::Dabbaba, Kind::Alfil],
            2 => &[
                Kind::Guard,
                Kind::Knight,
                Kind::Elephant,
                Kind::Ship,
                Kind::Rook,
                Kind::Bishop,
                Kind::Cannon,
                Kind::Archer,
            ],
            3 => &[Kind::Queen, Kind::Marshal, Kind::Princess],
            _ => &[],
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A square: `file` 0..10 is a..j, `rank` 0..10 is 1..10. Displayed and serialised as `e4`,
/// `a10`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// 0 = file a … 9 = file j.
    pub file: u8,
    /// 0 = rank 1 … 9 = rank 10.
    pub rank: u8,
}

impl Square {
    /// The square on `file` and `rank` (0-based; not checked).
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Square {
        Square { file, rank }
    }

    /// Whether the square is on the 10×10 board.
    #[must_use]
    pub fn is_on_board(self) -> bool {
        self.file < 10 && self.rank < 10
    }

    fn cell(self) -> u8 {
        board::idx(self.file, self.rank)
    }

    fn of_cell(cell: u8) -> Square {
        Square::new(board::file_of(cell), board::rank_of(cell))
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

/// A square name that is not `a1`…`j10`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("`{0}` is not a square from a1 to j10")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Parses `e4`, `a10` (either case, surrounding spaces allowed).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let t = text.trim();
        let bad = || ParseSquareError(t.to_string());
        let mut chars = t.chars();
        let file = chars.next().ok_or_else(bad)?.to_ascii_lowercase();
        if !('a'..='j').contains(&file) {
            return Err(bad());
        }
        let rest = chars.as_str();
        if rest.is_empty() || rest.len() > 2 || !rest.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let rank: u8 = rest.parse().map_err(|_| bad())?;
        if !(1..=10).contains(&rank) || rest.starts_with('0') {
            return Err(bad());
        }
        Ok(Square::new(file as u8 - b'a', rank - 1))
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

/// A move: from, to, and what a pawn becomes (castling is the king's two-square move).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Move {
    /// Where the piece stands.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
    /// What a pawn becomes on a promotion line (`None`: it stays a pawn, or it is not a pawn).
    pub promotion: Option<Kind>,
}

impl fmt::Display for Move {
    /// The oracle's notation: `e3e5`, `e9e10q`, `e5e6w`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)?;
        if let Some(kind) = self.promotion {
            write!(f, "{}", kind.letter().to_ascii_lowercase())?;
        }
        Ok(())
    }
}

/// One decision of a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "type")]
pub enum Action {
    /// A move (`e3e5`, castling `f1h1`, promotion `e9e10q`).
    Move {
        /// The move.
        #[serde(rename = "move")]
        mv: Move,
    },
    /// The pass of a side with no legal move (`0000`).
    Pass,
    /// A draw claim by threefold repetition: of the position now on the board (`claim`), or of
    /// the position the given move makes (`claim e3e5`: the move is played and the game drawn).
    Claim {
        /// The move that makes the third occurrence, if the claim is made with a move.
        with: Option<Move>,
    },
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move { mv } => write!(f, "{mv}"),
            Action::Pass => f.write_str("0000"),
            Action::Claim { with: None } => f.write_str("claim"),
            Action::Claim { with: Some(mv) } => write!(f, "claim {mv}"),
        }
    }
}

/// Which way a king castled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Castling {
    /// King f→h, rook j→g (`O-O`).
    Kingside,
    /// King f→d, rook a→e (`O-O-O`).
    Queenside,
}

/// What happened, for announcements. Everyone hears every event (perfect information).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "type")]
pub enum Event {
    /// A piece moved.
    Moved {
        /// The mover's colour.
        color: Color,
        /// The piece that moved (before any promotion).
        piece: Kind,
        /// Where it came from.
        from: Square,
        /// Where it went.
        to: Square,
        /// The piece taken and where it stood (en passant: the passed pawn's square).
        captured: Option<(Square, Kind)>,
        /// What the piece became (a pawn's choice, or a Rook or Bishop on the last rank).
        promoted: Option<Kind>,
        /// Castling, with the rook's move implied.
        castling: Option<Castling>,
        /// Whether the capture was en passant.
        en_passant: bool,
        /// The pieces that now give check, with their squares (sorted by cell; two for a
        /// double check), as the engine's attack code finds them.
        check: Vec<(Square, Kind)>,
        /// The move in the seed's codes: `Ne2-d4`, `Ce1xe8`, `e9-e10=M`, `O-O`.
        seed: String,
    },
    /// A side with no legal move passed.
    Passed {
        /// Who passed.
        color: Color,
    },
    /// The position has occurred for the third time (or will after the claimant's move): the
    /// draw was claimed.
    Claimed {
        /// Who claimed.
        color: Color,
    },
    /// The last event of the final action: the result and the outcome reason.
    Ended {
        /// Who won.
        result: GameResult,
        /// Why (see [`reason`]).
        reason: &'static str,
    },
}

/// Why an action was refused. The state is unchanged whenever one is returned.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// The text is not a move.
    #[error(
        "`{text}` is not a move: give the from and to squares, like e3e5 or Ne2-d4 \
         (promotion e9e10=Q, pass 0000, draw claim `claim`)"
    )]
    Malformed {
        /// The text as typed.
        text: String,
    },
    /// Nothing stands on the from-square.
    #[error("there is no piece on {square}")]
    NoPiece {
        /// The square.
        square: Square,
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
    /// The piece on the from-square is the opponent's.
    #[error("the {piece} on {square} is {color}'s, not yours")]
    NotYourPiece {
        /// The square.
        square: Square,
        /// Its owner.
        color: Color,
        /// The piece.
        piece: Kind,
    },
    /// The piece cannot go there, and what stops it.
    #[error("the {piece} on {from} cannot move to {to}: {fault}")]
    IllegalMove {
        /// The piece.
        piece: Kind,
        /// From.
        from: Square,
        /// To.
        to: Square,
        /// What stops it.
        fault: MoveFault,
    },
    /// A move in algebraic notation that no piece of that kind can make.
    #[error("none of your pieces of that kind ({piece}) can move to {to}")]
    NoMoveTo {
        /// The piece named (a pawn when none was).
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
        /// The squares of the pieces that can.
        from: Vec<Square>,
        /// What the first of them must become to make the move, when it is a pawn that
        /// promotes (the promotion typed, or the first it may take where it must take one): a
        /// refusal's example names it, so that the example is a move the game accepts.
        promotion: Option<Kind>,
    },
    /// A pawn reaching a promotion line was given a piece it may not become, or none on the
    /// last rank.
    #[error("a pawn reaching {to} {}", promotion_text(*.tier))]
    BadPromotion {
        /// The target square.
        to: Square,
        /// The line: 1, 2 or 3 (the last rank), 0 for no promotion line.
        tier: u8,
    },
    /// Castling is not allowed now.
    #[error("castling is not allowed now: {why}")]
    CannotCastle {
        /// Why not.
        why: CastleBan,
    },
    /// The move would leave the mover's king attacked.
    #[error(
        "{mv} would leave your king on {king} in check from the {attacker_piece} on {attacker}"
    )]
    LeavesKingInCheck {
        /// The move.
        mv: Move,
        /// The mover's king after the move.
        king: Square,
        /// One enemy piece that would attack it.
        attacker: Square,
        /// That piece.
        attacker_piece: Kind,
    },
    /// A pass while a move is legal.
    #[error("you may pass only when you have no legal move")]
    PassNotAllowed,
    /// A draw claim when the position has not occurred three times (and would not after the
    /// move claimed with).
    #[error(
        "no draw to claim: {}",
        match with {
            Some(mv) => format!("after {mv} the position would occur {} time(s), not three", occurrences),
            None => format!("this position has occurred {} time(s), not three", occurrences),
        }
    )]
    NoRepetition {
        /// How many times the position has occurred (or would, after `with`).
        occurrences: usize,
        /// The move the claim was made with, if any.
        with: Option<Move>,
    },
    /// Not this seat's turn.
    #[error("it is not this player's turn")]
    NotYourTurn,
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// A seat other than 0 and 1.
    #[error("no such seat")]
    NoSuchSeat,
}

/// What stops a piece from going where it was told (the refusal's reason as data; the voice
/// words it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveFault {
    /// Not a way this piece moves at all.
    NotItsWay,
    /// One of the mover's own pieces stands on the target.
    OwnPiece {
        /// The target.
        at: Square,
        /// The piece there.
        piece: Kind,
    },
    /// A piece stands on the way.
    Blocked {
        /// Where (the first one from the mover).
        at: Square,
        /// Whether it is the mover's own.
        own: bool,
        /// Which.
        piece: Kind,
    },
    /// A pawn's straight step onto an occupied square (pawns capture diagonally).
    PawnFront {
        /// The occupied square.
        at: Square,
        /// Whether it is the mover's own.
        own: bool,
        /// Which.
        piece: Kind,
    },
    /// A pawn's diagonal step with nothing to take there.
    PawnNothingToTake,
    /// A pawn's double step from off its start rank (the third rank).
    PawnDoubleOffStart,
    /// A cannon's or archer's capture with no piece between to jump over.
    NoScreen,
    /// A cannon's or archer's capture over more than one piece.
    TwoScreens {
        /// The second piece between.
        at: Square,
        /// Whether it is the mover's own.
        own: bool,
        /// Which.
        piece: Kind,
    },
}

impl fmt::Display for MoveFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveFault::NotItsWay => f.write_str("that is not a way it moves"),
            MoveFault::OwnPiece { at, piece } => write!(f, "your own {piece} stands on {at}"),
            MoveFault::Blocked { at, piece, .. } => write!(f, "the {piece} on {at} is in the way"),
            MoveFault::PawnFront { at, piece, .. } => {
                write!(
                    f,
                    "the {piece} stands on {at}, and a pawn moves straight only onto an empty square"
                )
            }
            MoveFault::PawnNothingToTake => {
                f.write_str("a pawn moves diagonally only to capture, and there is nothing to take")
            }
            MoveFault::PawnDoubleOffStart => {
                f.write_str("a pawn steps two squares only from its starting rank")
            }
            MoveFault::NoScreen => {
                f.write_str("it captures by jumping over exactly one piece, and none is between")
            }
            MoveFault::TwoScreens { at, .. } => write!(
                f,
                "it captures by jumping over exactly one piece, and {at} is a second one between"
            ),
        }
    }
}

/// Why castling is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CastleBan {
    /// The king or that rook has moved (the right is gone).
    Moved,
    /// A square between the king and the rook is occupied.
    Blocked,
    /// The king is in check.
    InCheck,
    /// The king would cross or land on an attacked square.
    Attacked,
}

impl fmt::Display for CastleBan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CastleBan::Moved => "the king or that rook has moved",
            CastleBan::Blocked => "the squares between the king and the rook are not empty",
            CastleBan::InCheck => "the king is in check",
            CastleBan::Attacked => "the king would cross or land on an attacked square",
        })
    }
}

fn promotion_text(tier: u8) -> String {
    let list = |kinds: &[Kind]| {
        kinds
            .iter()
            .map(|k| format!("{} ({})", k.name(), k.seed_code()))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match tier {
        1 | 2 => format!("may become {} or stay a pawn", list(Kind::promotions(tier))),
        3 => format!("must become {}", list(Kind::promotions(3))),
        _ => "is not on a promotion line, so it cannot promote".to_string(),
    }
}

impl ErrorCode for Error {
    fn code(&self) -> &'static str {
        match self {
            Error::Malformed { .. } => "malformed",
            Error::NoPiece { .. } => "no-piece",
            Error::WrongPiece { .. } => "wrong-piece",
            Error::NotYourPiece { .. } => "not-your-piece",
            Error::IllegalMove { .. } | Error::NoMoveTo { .. } => "illegal-move",
            Error::Ambiguous { .. } => "ambiguous",
            Error::BadPromotion { .. } => "bad-promotion",
            Error::CannotCastle { .. } => "cannot-castle",
            Error::LeavesKingInCheck { .. } => "leaves-king-in-check",
            Error::PassNotAllowed => "pass-not-allowed",
            Error::NoRepetition { .. } => "no-repetition",
            Error::NotYourTurn => "not-your-turn",
            Error::GameOver => "game-over",
            Error::NoSuchSeat => "no-such-seat",
        }
    }
}

/// Why a game ended: the stable outcome reason codes.
pub mod reason {
    /// The side to move is in check and has no legal move; it loses.
    pub const CHECKMATE: &str = "checkmate";
    /// The mover gave check with the same piece on four consecutive moves; it loses.
    pub const FOUR_CHECKS: &str = "four-checks";
    /// Both sides passed in a row: a draw.
    pub const DOUBLE_PASS: &str = "double-pass";
    /// A draw claimed by threefold repetition.
    pub const THREEFOLD_REPETITION: &str = "threefold-repetition";
    /// `move_rule` moves by each side without a capture or a pawn move (a house rule, off by
    /// default): a draw.
    pub const MOVE_RULE: &str = "move-rule";
    /// Neither side can ever checkmate: a draw.
    pub const INSUFFICIENT_MATERIAL: &str = "insufficient-material";
}

/// The result for a win by `color`.
fn win(color: Color) -> GameResult {
    GameResult::Winner(color.seat())
}

#[cfg(test)]
mod tests;
