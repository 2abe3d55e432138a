//! FEN (with the oracle's letters) and the typed forms of a move.

use thiserror::Error;
use unicode_normalization::UnicodeNormalization;

use super::board::{
    self, BLACK_KINGSIDE, BLACK_QUEENSIDE, Board, CASTLE_KING, CASTLE_QUEEN, EMPTY, KIND_MASK,
    KING, Mv, PAWN, ROOK, WHITE_KINGSIDE, WHITE_QUEENSIDE, color_bit, idx, side_of,
};
use super::{Castling, Kind, Square};
use crate::core::ErrorCode;

/// The start position.
pub const START_FEN: &str =
    "rcabqkbacr/snegimgens/pppppppppp/10/10/10/10/PPPPPPPPPP/SNEGIMGENS/RCABQKBACR w KQkq - 0 1";

/// Why a FEN was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    /// Nothing was given.
    #[error("the position text is empty")]
    Empty,
    /// Not ten ranks separated by `/`.
    #[error("a position needs 10 ranks separated by `/`, not {found}")]
    RankCount {
        /// How many were given.
        found: usize,
    },
    /// A rank that does not describe exactly ten squares.
    #[error("rank {rank} describes {squares} squares, not 10")]
    RankLength {
        /// The rank, 1..=10.
        rank: u8,
        /// How many squares it describes.
        squares: usize,
    },
    /// A character that is neither a piece letter nor a count of empty squares.
    #[error(
        "`{found}` is neither a piece letter (K Q M I D H R B C A G N E S W F T L P) nor a \
         number of empty squares"
    )]
    BadCharacter {
        /// The character.
        found: char,
    },
    /// The side to move is not `w` or `b`.
    #[error("the side to move must be `w` or `b`, not `{found}`")]
    BadSide {
        /// What was given.
        found: String,
    },
    /// A castling field that is not `-` or a subset of `KQkq`, or a right without its king
    /// and rook at home.
    #[error("castling `{found}`: {why}")]
    BadCastling {
        /// What was given.
        found: String,
        /// Why it was refused.
        why: &'static str,
    },
    /// An en passant field that is not `-` or a square just skipped by a double step.
    #[error("en passant `{found}` is not a square a pawn has just skipped")]
    BadEnPassant {
        /// What was given.
        found: String,
    },
    /// A move counter that is not a whole number.
    #[error("`{found}` is not a move counter")]
    BadCounter {
        /// What was given.
        found: String,
    },
    /// A side without exactly one king.
    #[error("{color} has {count} kings; each side needs exactly one")]
    KingCount {
        /// `white` or `black`.
        color: &'static str,
        /// How many.
        count: usize,
    },
    /// A pawn on its own first rank or its last rank (it would have promoted).
    #[error("a pawn cannot stand on {square}")]
    PawnRank {
        /// The square.
        square: Square,
    },
    /// The side that just moved is in check.
    #[error("the side not to move is in check, which no legal move leaves")]
    OpponentInCheck,
    /// Text after the six fields.
    #[error("unexpected `{found}` after the position")]
    Trailing {
        /// The extra text.
        found: String,
    },
}

impl ErrorCode for PositionError {
    fn code(&self) -> &'static str {
        match self {
            PositionError::KingCount { .. }
            | PositionError::PawnRank { .. }
            | PositionError::OpponentInCheck => "impossible-position",
            _ => "bad-position",
        }
    }
}

/// A parsed FEN: the board and the two counters.
pub(crate) struct Fen {
    pub board: Board,
    pub halfmove: u32,
    pub fullmove: u32,
}

/// Parses a FEN. The side-to-move and later fields may be left out (White, no castling, no
/// en passant, 0 1). `+R` and `+B` (Fairy-Stockfish's promoted Rook and Bishop) read as Dragon
/// and Griffin.
pub(crate) fn parse_fen(text: &str) -> Result<Fen, PositionError> {
    let normal: String = text.nfkc().collect();
    let mut words = normal.split_whitespace();
    let placement = words.next().ok_or(PositionError::Empty)?;
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 10 {
        return Err(PositionError::RankCount { found: ranks.len() });
    }
    let mut board = Board::empty();
    let mut next_id = 1u8;
    let mut kings = [0usize; 2];
    for (i, text) in ranks.iter().enumerate() {
        let rank = 9 - i as u8;
        let mut file = 0usize;
        let mut chars = text.chars().peekable();
        let mut promoted = false;
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                let mut n = d as usize;
                if let Some(e) = chars.peek().and_then(|c| c.to_digit(10)) {
                    n = n * 10 + e as usize;
                    chars.next();
                }
                if n == 0 {
                    return Err(PositionError::BadCharacter { found: '0' });
                }
                file += n;
                continue;
            }
            if c == '+' {
                promoted = true;
                continue;
            }
            let mut kind = Kind::from_letter(c).ok_or(PositionError::BadCharacter { found: c })?;
            if promoted {
                kind = match kind {
                    Kind::Rook => Kind::Dragon,
                    Kind::Bishop => Kind::Griffin,
                    _ => return Err(PositionError::BadCharacter { found: '+' }),
                };
                promoted = false;
            }
            let side = u8::from(c.is_ascii_lowercase());
            if file < 10 {
                let cell = idx(file as u8, rank);
                if kind == Kind::Pawn && (rank == 0 || rank == 9) {
                    return Err(PositionError::PawnRank { square: Square::new(file as u8, rank) });
                }
                board.cells[cell as usize] = kind.code() | color_bit(side);
                board.ids[cell as usize] = next_id;
                next_id = next_id.saturating_add(1);
                if kind == Kind::King {
                    kings[side as usize] += 1;
                    board.kings[side as usize] = cell;
                }
            }
            file += 1;
        }
        if promoted {
            return Err(PositionError::BadCharacter { found: '+' });
        }
        if file != 10 {
            return Err(PositionError::RankLength { rank: rank + 1, squares: file });
        }
    }
    for (side, count) in kings.into_iter().enumerate() {
        if count != 1 {
            let color = if side == 0 { "white" } else { "black" };
            return Err(PositionError::KingCount { color, count });
        }
    }
    board.side = match words.next() {
        None | Some("w" | "W") => 0,
        Some("b" | "B") => 1,
        Some(other) => return Err(PositionError::BadSide { found: other.to_string() }),
    };
    let castling = words.next().unwrap_or("-");
    board.castle = parse_castling(&board, castling)?;
    let ep = words.next().unwrap_or("-");
    board.ep = parse_ep(&board, ep)?;
    let counter = |word: Option<&str>, default: u32| -> Result<u32, PositionError> {
        match word {
            None => Ok(default),
            Some(w) => w.parse().map_err(|_| PositionError::BadCounter { found: w.to_string() }),
        }
    };
    let halfmove = counter(words.next(), 0)?;
    let fullmove = counter(words.next(), 1)?.max(1);
    if let Some(extra) = words.next() {
        return Err(PositionError::Trailing { found: extra.to_string() });
    }
    let them = board.side ^ 1;
    if board.attacked(board.kings[them as usize], board.side) {
        return Err(PositionError::OpponentInCheck);
    }
    Ok(Fen { board, halfmove, fullmove })
}

fn parse_castling(board: &Board, text: &str) -> Result<u8, PositionError> {
    if text == "-" {
        return Ok(0);
    }
    let bad = |why| PositionError::BadCastling { found: text.to_string(), why };
    let mut rights = 0u8;
    for c in text.chars() {
        let (bit, side, rook_file) = match c {
            'K' => (WHITE_KINGSIDE, 0, 9),
            'Q' => (WHITE_QUEENSIDE, 0, 0),
            'k' => (BLACK_KINGSIDE, 1, 9),
            'q' => (BLACK_QUEENSIDE, 1, 0),
            _ => return Err(bad("use `-` or letters from KQkq")),
        };
        if rights & bit != 0 {
            return Err(bad("a letter is repeated"));
        }
        let rank = if side == 0 { 0 } else { 9 };
        if board.at(idx(5, rank)) != KING | color_bit(side) {
            return Err(bad("a castling right needs its king on the f-file of its first rank"));
        }
        if board.at(idx(rook_file, rank)) != ROOK | color_bit(side) {
            return Err(bad("a castling right needs its rook in the corner"));
        }
        rights |= bit;
    }
    Ok(rights)
}

fn parse_ep(board: &Board, text: &str) -> Result<u8, PositionError> {
    if text == "-" {
        return Ok(0);
    }
    let bad = || PositionError::BadEnPassant { found: text.to_string() };
    let square: Square = text.parse().map_err(|_| bad())?;
    // White to move: Black just stepped from rank 8 to rank 6, skipping rank 7 (index 6).
    let (skipped_rank, pawn_rank, start_rank, mover) =
        if board.side == 0 { (6, 5, 7, 1) } else { (3, 4, 2, 0) };
    if square.rank != skipped_rank {
        return Err(bad());
    }
    let f = square.file;
    if board.at(idx(f, pawn_rank)) != PAWN | color_bit(mover)
        || board.at(idx(f, skipped_rank)) != EMPTY
        || board.at(idx(f, start_rank)) != EMPTY
    {
        return Err(bad());
    }
    Ok(idx(f, skipped_rank))
}

/// The FEN of a board with its counters. The en passant square is written only when an en
/// passant capture is legal (as Fairy-Stockfish does), so that equal positions have equal FENs.
pub(crate) fn format_fen(board: &Board, halfmove: u32, fullmove: u32) -> String {
    format!("{} {halfmove} {fullmove}", position_key(board))
}

/// The FEN without its counters: what threefold repetition compares.
pub(crate) fn position_key(board: &Board) -> String {
    let mut out = String::with_capacity(80);
    for rank in (0..10u8).rev() {
        let mut empty = 0;
        for file in 0..10u8 {
            let p = board.at(idx(file, rank));
            if p == EMPTY {
                empty += 1;
                continue;
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
                empty = 0;
            }
            let kind = Kind::from_code(p & KIND_MASK).map_or('?', Kind::letter);
            out.push(if side_of(p) == 0 { kind } else { kind.to_ascii_lowercase() });
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out.push_str(if board.side == 0 { " w " } else { " b " });
    let mut castling = String::new();
    for (bit, c) in [
        (WHITE_KINGSIDE, 'K'),
        (WHITE_QUEENSIDE, 'Q'),
        (BLACK_KINGSIDE, 'k'),
        (BLACK_QUEENSIDE, 'q'),
    ] {
        if board.castle & bit != 0 {
            castling.push(c);
        }
    }
    out.push_str(if castling.is_empty() { "-" } else { &castling });
    out.push(' ');
    if board.ep != 0 && ep_capture_legal(board) {
        let s = Square::new(board::file_of(board.ep), board::rank_of(board.ep));
        out.push_str(&s.to_string());
    } else {
        out.push('-');
    }
    out
}

fn ep_capture_legal(board: &Board) -> bool {
    let mut b = board.clone();
    let mut moves = Vec::new();
    b.legal_moves(&mut moves);
    moves.iter().any(|m| m.flag == board::EN_PASSANT)
}

/// An action as typed, before it is matched against the position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Typed {
    /// A move by squares, with the piece named in front and the promotion, if given.
    Move { from: Square, to: Square, piece: Option<Kind>, promotion: Option<Kind> },
    /// A move in standard algebraic notation (`Nc4`, `Nxe5`, `exd5`, `e10=Q`): each way the
    /// text can be read (lower-case `bc4` is a bishop's move or a b-pawn's capture), the first
    /// the likeliest; the position decides which is meant.
    San(Vec<San>),
    /// `O-O` or `O-O-O`.
    Castle(Castling),
    /// `0000`, `pass`.
    Pass,
    /// `claim`, or `claim <move>` / `<move> claim`.
    Claim(Option<TypedMove>),
}

/// A move typed inside a claim.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum TypedMove {
    /// By squares.
    Squares { from: Square, to: Square, piece: Option<Kind>, promotion: Option<Kind> },
    /// Castling.
    Castle(Castling),
    /// In standard algebraic notation, each reading.
    San(Vec<San>),
}

/// One reading of a move in standard algebraic notation: the piece (a pawn when none is
/// written), what of its square is given, the target and the promotion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct San {
    pub piece: Kind,
    pub file: Option<u8>,
    pub rank: Option<u8>,
    pub to: Square,
    pub promotion: Option<Kind>,
}

/// The readings of `text` as standard algebraic notation, likeliest first: a piece code (the
/// seed's, in either case, or a Chinese name) then an optional file and rank of the
/// from-square, an optional `x`, the target, an optional promotion (`=Q`, `(Q)` or a bare
/// code); a pawn's move is the target alone or its file, `x` and the target. Check and
/// annotation marks at the end are ignored.
pub(crate) fn parse_san(text: &str) -> Vec<San> {
    let t = text.trim_end_matches(['+', '#', '!', '?']);
    let mut out = Vec::new();
    let mut push = |piece: Kind, rest: &str| {
        if let Some(san) = san_tail(piece, rest)
            && (piece != Kind::Pawn || san.rank.is_none())
            && !out.contains(&san)
        {
            out.push(san);
        }
    };
    if let Some((len, kind)) = chinese_prefix(t) {
        push(kind, &t[len..]);
        return out;
    }
    let piece_reading = |t: &str| {
        [2, 1].into_iter().find_map(|len| {
            let code = t.get(..len)?.to_ascii_uppercase();
            let kind = Kind::from_seed_code(&code)?;
            san_tail(kind, &t[len..]).map(|_| (kind, len))
        })
    };
    let first_upper = t.chars().next().is_some_and(|c| c.is_ascii_uppercase());
    if first_upper && let Some((kind, len)) = piece_reading(t) {
        push(kind, &t[len..]);
    }
    if t.chars().next().is_some_and(|c| ('a'..='j').contains(&c.to_ascii_lowercase())) {
        push(Kind::Pawn, t);
    }
    // A lower-case letter before a digit starts a square, not a piece code.
    let square_like = t.chars().nth(1).is_some_and(|c| c.is_ascii_digit());
    if !first_upper
        && !square_like
        && let Some((kind, len)) = piece_reading(t)
    {
        push(kind, &t[len..]);
    }
    out
}

/// `piece`'s move from the text after its code: the from-square's file and rank if given, the
/// target, the promotion.
fn san_tail(piece: Kind, text: &str) -> Option<San> {
    let promotion_code = |code: &str| {
        let upper = code.to_uppercase();
        Kind::from_seed_code(&upper).or_else(|| {
            let mut chars = upper.chars();
            let c = chars.next()?;
            chars.next().is_none().then_some(())?;
            Kind::from_letter(c)
        })
    };
    let (body, promotion) = if let Some((body, code)) = text.split_once('=') {
        (body, Some(promotion_code(code)?))
    } else if let Some(inner) = text.strip_suffix(')') {
        let (body, code) = inner.split_once('(')?;
        (body, Some(promotion_code(code)?))
    } else {
        // A bare promotion code after the rank: `e10q`.
        let cut = text.rfind(|c: char| c.is_ascii_digit()).map_or(text.len(), |i| i + 1);
        let (body, code) = text.split_at(cut);
        (body, if code.is_empty() { None } else { Some(promotion_code(code)?) })
    };
    if matches!(promotion, Some(Kind::Pawn | Kind::King)) {
        return None;
    }
    let digits = body.len() - body.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let (head, square) = body.split_at(body.len().checked_sub(digits + 1)?);
    let (to, used) = square_prefix(square)?;
    if used != square.len() {
        return None;
    }
    let head = head.strip_suffix(['x', 'X', ':', '×', '-']).unwrap_or(head);
    let mut chars = head.chars().peekable();
    let file = match chars.peek() {
        Some(c) if ('a'..='j').contains(&c.to_ascii_lowercase()) => {
            let f = c.to_ascii_lowercase() as u8 - b'a';
            chars.next();
            Some(f)
        }
        _ => None,
    };
    let rest: String = chars.collect();
    let rank = match rest.as_str() {
        "" => None,
        r => match r.parse::<u8>() {
            Ok(n @ 1..=10) => Some(n - 1),
            _ => return None,
        },
    };
    Some(San { piece, file, rank, to, promotion })
}

/// The piece a whole Chinese name (Traditional or Simplified, two characters or one) names.
#[must_use]
pub fn chinese_piece(text: &str) -> Option<Kind> {
    chinese_prefix(text).filter(|(len, _)| *len == text.len()).map(|(_, kind)| kind)
}

/// Chinese piece names accepted in front of a move (the two-character names first), in the
/// seed's Traditional characters or their Simplified forms.
fn chinese_prefix(text: &str) -> Option<(usize, Kind)> {
    for kind in Kind::ALL {
        for name in [kind.chinese_name(), kind.simplified_name()] {
            if text.starts_with(name) {
                return Some((name.len(), kind));
            }
        }
    }
    // The board's codes with `+` (城+, 教+) before the single characters they start with.
    for kind in Kind::ALL {
        let code = kind.chinese_code();
        if code.ends_with('+') && text.starts_with(code) {
            return Some((code.len(), kind));
        }
    }
    for kind in Kind::ALL {
        for c in [kind.chinese(), kind.simplified()] {
            if text.starts_with(c) {
                return Some((c.len_utf8(), kind));
            }
        }
        for code in [kind.chinese_code(), kind.simplified_code()] {
            if !code.is_empty() && text.starts_with(code) {
                return Some((code.len(), kind));
            }
        }
    }
    None
}

/// Parses typed text: `e3e5`, `e3-e5`, `Ne2-d4`, `R+a9-a10`, `Ce1xe8`, `e9e10q`, `e9-e10=M`,
/// `e5e6w`, `O-O`, `0-0-0`, `0000`, `pass`, `claim`, `claim e3e5`; full-width forms and Chinese
/// piece names in front too. `None` when it is none of these.
pub(crate) fn parse_typed(text: &str) -> Option<Typed> {
    let normal: String = text.nfkc().collect();
    let t = normal.trim();
    let lower = t.to_lowercase();
    if matches!(lower.as_str(), "0000" | "pass" | "過" | "过") {
        return Some(Typed::Pass);
    }
    if lower == "claim" {
        return Some(Typed::Claim(None));
    }
    let claimed = lower
        .strip_prefix("claim")
        .map(|_| &t[5..])
        .or_else(|| lower.strip_suffix("claim").map(|_| &t[..t.len() - 5]));
    if let Some(rest) = claimed {
        let rest = rest.trim();
        return match parse_typed(rest)? {
            Typed::Move { from, to, piece, promotion } => {
                Some(Typed::Claim(Some(TypedMove::Squares { from, to, piece, promotion })))
            }
            Typed::Castle(c) => Some(Typed::Claim(Some(TypedMove::Castle(c)))),
            Typed::San(readings) => Some(Typed::Claim(Some(TypedMove::San(readings)))),
            _ => None,
        };
    }
    let compact: String =
        t.chars().filter(|c| !c.is_whitespace()).collect::<String>().trim_end_matches(['#']).into();
    match compact.to_uppercase().replace('0', "O").trim_end_matches('+') {
        "O-O" | "OO" => return Some(Typed::Castle(Castling::Kingside)),
        "O-O-O" | "OOO" => return Some(Typed::Castle(Castling::Queenside)),
        _ => {}
    }
    parse_squares(&compact).or_else(|| {
        let readings = parse_san(&compact);
        (!readings.is_empty()).then_some(Typed::San(readings))
    })
}

fn parse_squares(text: &str) -> Option<Typed> {
    let mut rest = text;
    let mut piece = None;
    if let Some((len, kind)) = chinese_prefix(rest) {
        piece = Some(kind);
        rest = &rest[len..];
    } else {
        let bytes = rest.as_bytes();
        // A leading upper-case letter not followed by a digit is a piece code (`N`, `R+`);
        // a square is a file letter followed by a digit.
        if bytes.first().is_some_and(u8::is_ascii_uppercase)
            && !bytes.get(1).is_some_and(u8::is_ascii_digit)
        {
            let code_len = if bytes.get(1) == Some(&b'+') { 2 } else { 1 };
            piece = Some(Kind::from_seed_code(&rest[..code_len])?);
            rest = &rest[code_len..];
        }
    }
    let (from, used) = square_prefix(rest)?;
    rest = &rest[used..];
    rest = rest.strip_prefix(['-', 'x', 'X', ':', '–', '—', '×']).unwrap_or(rest);
    let (to, used) = square_prefix(rest)?;
    rest = &rest[used..];
    // Check marks at the end.
    rest = rest.trim_end_matches('+');
    let promotion = if rest.is_empty() {
        None
    } else if let Some(code) =
        rest.strip_prefix('=').or_else(|| rest.strip_prefix('(').and_then(|r| r.strip_suffix(')')))
    {
        // After `=`, the seed's codes first (P Princess, D Dabbaba, X Alfil), then the FEN
        // letters (I, T, L).
        let upper = code.to_uppercase();
        Some(Kind::from_seed_code(&upper).or_else(|| {
            let mut chars = upper.chars();
            let c = chars.next()?;
            chars.next().is_none().then_some(())?;
            Kind::from_letter(c)
        })?)
    } else {
        // A bare letter after the squares is the oracle's lower-case FEN letter.
        let mut chars = rest.chars();
        let c = chars.next()?;
        if chars.next().is_some() {
            return None;
        }
        Some(Kind::from_letter(c)?)
    };
    if promotion == Some(Kind::Pawn) || promotion == Some(Kind::King) {
        return None;
    }
    Some(Typed::Move { from, to, piece, promotion })
}

/// A square at the start of `text` and how many bytes it used.
fn square_prefix(text: &str) -> Option<(Square, usize)> {
    let bytes = text.as_bytes();
    let file = bytes.first()?.to_ascii_lowercase();
    if !(b'a'..=b'j').contains(&file) {
        return None;
    }
    let d1 = *bytes.get(1)?;
    if !d1.is_ascii_digit() || d1 == b'0' {
        return None;
    }
    if d1 == b'1' && bytes.get(2) == Some(&b'0') {
        return Some((Square::new(file - b'a', 9), 3));
    }
    Some((Square::new(file - b'a', d1 - b'1'), 2))
}

/// The king's move of castling `side` for the side to move.
pub(crate) fn castle_move(board: &Board, side: Castling) -> (Square, Square) {
    let rank = if board.side == 0 { 0 } else { 9 };
    let to = match side {
        Castling::Kingside => 7,
        Castling::Queenside => 3,
    };
    (Square::new(5, rank), Square::new(to, rank))
}

/// Whether a generated move is castling, and which way.
pub(crate) fn castling_of(m: Mv) -> Option<Castling> {
    match m.flag {
        CASTLE_KING => Some(Castling::Kingside),
        CASTLE_QUEEN => Some(Castling::Queenside),
        _ => None,
    }
}
