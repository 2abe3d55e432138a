//! Text forms: actions (`d2d5`, `d2-d5`, `Ld2-d5`, `跳d2d5`; a suicide is `d2d2`) and the
//! FEN-like position text (`clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w`).

use std::fmt::Write as _;

use thiserror::Error;
use unicode_normalization::UnicodeNormalization;

use super::board::{Board, code, color_of, kind_of};
use super::{Action, Color, Error as ActionError, Kind, Square};
use crate::core::ErrorCode;

/// An action as typed: the action and the piece named in front of it, if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Typed {
    pub action: Action,
    pub piece: Option<Kind>,
}

/// Chinese piece names accepted in front of a move: the one-character names, the seed's full
/// names (国王, 夹吃者, …), their traditional forms, and 模 (the first character of 模仿者).
const CHINESE: &[(&str, Kind)] = &[
    ("国王", Kind::King),
    ("國王", Kind::King),
    ("王", Kind::King),
    ("夹吃者", Kind::Pincer),
    ("夾吃者", Kind::Pincer),
    ("夹", Kind::Pincer),
    ("夾", Kind::Pincer),
    ("拖吃者", Kind::Withdrawer),
    ("拖", Kind::Withdrawer),
    ("跳吃者", Kind::LongLeaper),
    ("跳", Kind::LongLeaper),
    ("协吃者", Kind::Coordinator),
    ("協吃者", Kind::Coordinator),
    ("协", Kind::Coordinator),
    ("協", Kind::Coordinator),
    ("麻醉者", Kind::Immobilizer),
    ("麻", Kind::Immobilizer),
    ("模仿者", Kind::Chameleon),
    ("仿", Kind::Chameleon),
    ("模", Kind::Chameleon),
];

fn is_dash(c: char) -> bool {
    matches!(c, '-' | '–' | '—' | '‐' | '−')
}

/// Parses an action: two squares (either case), optionally separated by a hyphen and/or spaces,
/// optionally preceded by a piece letter (`K P W L C I X`, either case) or a Chinese piece
/// name. The same square twice is a suicide.
pub(crate) fn parse_action(text: &str) -> Result<Typed, ActionError> {
    let malformed = || ActionError::Malformed { text: text.trim().to_string() };
    let normal: String = text.nfkc().collect();
    let mut rest = normal.trim();
    let mut piece = None;
    if let Some((name, kind)) = CHINESE.iter().find(|(name, _)| rest.starts_with(name)) {
        piece = Some(*kind);
        rest = rest[name.len()..].trim_start();
    }
    let chars: Vec<char> = rest.chars().collect();
    let skip_spaces = |mut i: usize| {
        while chars.get(i).is_some_and(|c| c.is_whitespace()) {
            i += 1;
        }
        i
    };
    let mut i = 0;
    // A letter followed (after optional spaces) by another letter is a piece letter: a square
    // starts with a file letter followed by a digit.
    if piece.is_none()
        && chars.first().is_some_and(char::is_ascii_alphabetic)
        && chars.get(skip_spaces(1)).is_some_and(char::is_ascii_alphabetic)
    {
        piece = Some(Kind::from_letter(chars[0]).ok_or_else(malformed)?);
        i = skip_spaces(1);
    }
    let square_at = |i: usize| -> Option<Square> {
        let s: String = chars.get(i..i + 2)?.iter().collect();
        s.parse().ok()
    };
    let from = square_at(i).ok_or_else(malformed)?;
    i = skip_spaces(i + 2);
    if chars.get(i).is_some_and(|c| is_dash(*c)) {
        i = skip_spaces(i + 1);
    }
    let to = square_at(i).ok_or_else(malformed)?;
    if i + 2 != chars.len() {
        return Err(malformed());
    }
    let action =
        if from == to { Action::Suicide { square: from } } else { Action::Move { from, to } };
    Ok(Typed { action, piece })
}

/// One reading of a move in algebraic notation as chess players write it (`Lc4`, `Lxc4`,
/// `Wbd4`, `d4` for a pincer): the piece (a pincer when none is written), what of its square is
/// given, and the target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct San {
    pub piece: Kind,
    pub file: Option<u8>,
    pub rank: Option<u8>,
    pub to: Square,
}

/// The readings of `text` as algebraic notation, likeliest first: a piece letter (either case)
/// or a Chinese name, an optional file and rank of the from-square, an optional `x` or `-`, and
/// the target; a pincer's move may name no piece. Check and annotation marks at the end are
/// ignored. Empty when it is none of these.
pub(crate) fn parse_san(text: &str) -> Vec<San> {
    let normal: String = text.nfkc().filter(|c| !c.is_whitespace()).collect();
    let t = normal.trim_end_matches(['+', '#', '!', '?']);
    let mut out = Vec::new();
    let mut push = |piece: Kind, rest: &str| {
        if let Some((file, rank, to)) = san_tail(rest)
            && !out.contains(&San { piece, file, rank, to })
        {
            out.push(San { piece, file, rank, to });
        }
    };
    if let Some((name, kind)) = CHINESE.iter().find(|(name, _)| t.starts_with(name)) {
        push(*kind, &t[name.len()..]);
        return out;
    }
    let first = t.chars().next();
    let letter = first.and_then(Kind::from_letter).filter(|_| first.is_some_and(|c| c.is_ascii()));
    let upper = first.is_some_and(|c| c.is_ascii_uppercase());
    if upper && let Some(kind) = letter {
        push(kind, &t[1..]);
    }
    if first.is_some_and(|c| ('a'..='h').contains(&c.to_ascii_lowercase())) {
        push(Kind::Pincer, t);
    }
    // A lower-case letter before a digit starts a square (`i2d5` is no immobilizer's move).
    let square_like = t.chars().nth(1).is_some_and(|c| c.is_ascii_digit());
    if !upper
        && !square_like
        && let Some(kind) = letter
    {
        push(kind, &t[1..]);
    }
    out
}

/// After the piece letter: the from-square's file and rank if given, and the target.
fn san_tail(text: &str) -> Option<(Option<u8>, Option<u8>, Square)> {
    let chars: Vec<char> = text.chars().collect();
    let n = chars.len();
    if n < 2 {
        return None;
    }
    let to: Square = chars[n - 2..].iter().collect::<String>().parse().ok()?;
    let mut head: &[char] = &chars[..n - 2];
    if let [rest @ .., last] = head
        && (matches!(last, 'x' | 'X' | ':' | '×') || is_dash(*last))
    {
        head = rest;
    }
    let (file, head) = match head {
        [f, rest @ ..] if ('a'..='h').contains(&f.to_ascii_lowercase()) => {
            (Some(f.to_ascii_lowercase() as u8 - b'a'), rest)
        }
        _ => (None, head),
    };
    let rank = match head {
        [] => None,
        [r] if ('1'..='8').contains(r) => Some(*r as u8 - b'1'),
        _ => return None,
    };
    Some((file, rank, to))
}

/// Why a position text was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    /// Nothing was given.
    #[error("the position text is empty")]
    Empty,
    /// Not eight ranks separated by `/`.
    #[error("a position needs 8 ranks separated by `/`, not {found}")]
    RankCount {
        /// How many were given.
        found: usize,
    },
    /// A rank that does not describe exactly eight squares.
    #[error("rank {rank} describes {squares} squares, not 8")]
    RankLength {
        /// The rank, 1..=8.
        rank: u8,
        /// How many squares it describes.
        squares: usize,
    },
    /// A character that is neither a piece letter nor a digit 1 to 8.
    #[error("`{found}` is neither a piece letter (K P W L C I X) nor a digit from 1 to 8")]
    BadCharacter {
        /// The character.
        found: char,
    },
    /// No side to move after the board.
    #[error("the side to move (w or b) is missing after the board")]
    MissingSide,
    /// A side to move other than `w` or `b`.
    #[error("the side to move must be w or b, not `{found}`")]
    BadSide {
        /// What was given.
        found: String,
    },
    /// Text after the side to move.
    #[error("unexpected `{found}` after the side to move")]
    Trailing {
        /// The extra text.
        found: String,
    },
    /// Not exactly one king of a colour.
    #[error("{color} has {count} kings; a position needs exactly one of each colour")]
    KingCount {
        /// The colour.
        color: Color,
        /// How many kings it has.
        count: usize,
    },
    /// More pieces of a kind than a side starts with (there is no promotion).
    #[error("{color} has {count} pieces of kind {kind}, more than the {max} it starts with")]
    TooMany {
        /// The colour.
        color: Color,
        /// The kind.
        kind: Kind,
        /// How many it has.
        count: usize,
        /// How many it starts with.
        max: usize,
    },
    /// The side that just moved left its king capturable, which no legal game reaches.
    #[error(
        "{color} is not to move but its king on {king} is capturable by the {attacker_piece} on \
         {attacker}"
    )]
    KingCapturable {
        /// The side not to move.
        color: Color,
        /// Its king.
        king: Square,
        /// An enemy piece that could capture it.
        attacker: Square,
        /// That piece.
        attacker_piece: Kind,
    },
}

impl ErrorCode for PositionError {
    fn code(&self) -> &'static str {
        match self {
            PositionError::KingCount { .. }
            | PositionError::TooMany { .. }
            | PositionError::KingCapturable { .. } => "impossible-position",
            _ => "bad-position",
        }
    }
}

/// Parses the board and side to move of a position text (syntax and piece counts; the
/// capturable-king check needs the rule options and is done by the state).
pub(crate) fn parse_position(text: &str) -> Result<(Board, Color), PositionError> {
    let normal: String = text.nfkc().collect();
    let mut words = normal.split_whitespace();
    let placement = words.next().ok_or(PositionError::Empty)?;
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(PositionError::RankCount { found: ranks.len() });
    }
    let mut board = Board::empty();
    let mut counts = [[0usize; 7]; 2];
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0usize;
        for c in text.chars() {
            if let Some(n) = c.to_digit(10).filter(|n| (1..=8).contains(n)) {
                file += n as usize;
                continue;
            }
            let kind = Kind::from_letter(c)
                .filter(|_| c.is_ascii_alphabetic())
                .ok_or(PositionError::BadCharacter { found: c })?;
            let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
            if file < 8 {
                board.put(rank * 8 + file as u8, code(color, kind));
                counts[color.index()][kind_index(kind)] += 1;
            }
            file += 1;
        }
        if file != 8 {
            return Err(PositionError::RankLength { rank: rank + 1, squares: file });
        }
    }
    let side = words.next().ok_or(PositionError::MissingSide)?;
    let to_move = match side {
        "w" | "W" => Color::White,
        "b" | "B" => Color::Black,
        other => return Err(PositionError::BadSide { found: other.to_string() }),
    };
    let trailing: Vec<&str> = words.collect();
    if !trailing.is_empty() {
        return Err(PositionError::Trailing { found: trailing.join(" ") });
    }
    for color in Color::BOTH {
        let kings = counts[color.index()][kind_index(Kind::King)];
        if kings != 1 {
            return Err(PositionError::KingCount { color, count: kings });
        }
        for kind in Kind::ALL {
            let count = counts[color.index()][kind_index(kind)];
            if count > kind.start_count() {
                return Err(PositionError::TooMany { color, kind, count, max: kind.start_count() });
            }
        }
    }
    Ok((board, to_move))
}

fn kind_index(kind: Kind) -> usize {
    Kind::ALL.iter().position(|k| *k == kind).unwrap_or(0)
}

/// The position text of a board and side to move.
pub(crate) fn format_position(board: &Board, to_move: Color) -> String {
    let mut text = String::with_capacity(72);
    for rank in (0..8u8).rev() {
        let mut empty = 0;
        for file in 0..8u8 {
            let p = board.at(rank * 8 + file);
            if p == 0 {
                empty += 1;
                continue;
            }
            if empty > 0 {
                let _ = write!(text, "{empty}");
                empty = 0;
            }
            let letter = kind_of(p).letter();
            text.push(match color_of(p) {
                Color::White => letter,
                Color::Black => letter.to_ascii_lowercase(),
            });
        }
        if empty > 0 {
            let _ = write!(text, "{empty}");
        }
        if rank > 0 {
            text.push('/');
        }
    }
    text.push_str(match to_move {
        Color::White => " w",
        Color::Black => " b",
    });
    text
}
