//! Text forms: moves (spec §3.4), cells, edges (`cell:side`) and the position text format
//! `<cols>x<rows> p1=<cell> p2=<cell> to=<p1|p2> [fences=<edge>[@p1|@p2],...]`.
//!
//! The move parser sees only the text, the board size, the mover's own cell and the options, so
//! it cannot depend on hidden information (spec §2.5 rule 2).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use unicode_normalization::UnicodeNormalization;

use super::board::{Cell, Dims, Dir, Edge};
use super::options::Options;
use super::{ActionError, Player};

/// A path and a fence direction: `A1-A4-B4-B3 R`. `path[0]` is the mover's cell.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MoveInput {
    /// The waypoints, starting with the mover's cell; consecutive cells share a row or column.
    pub path: Vec<Cell>,
    /// The side of the final cell on which the fence goes.
    pub dir: Dir,
}

impl MoveInput {
    /// The cell the move ends on.
    #[must_use]
    pub fn final_cell(&self) -> Cell {
        self.path.last().copied().unwrap_or(Cell::new(0, 0))
    }
}

impl fmt::Display for MoveInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells: Vec<String> = self.path.iter().map(ToString::to_string).collect();
        write!(f, "{} {}", cells.join("-"), self.dir)
    }
}

/// Text normalised for parsing: NFKC (full-width input methods), trimmed.
fn normalise(text: &str) -> String {
    text.nfkc().collect::<String>().trim().to_string()
}

fn is_separator(c: char) -> bool {
    c.is_whitespace() || matches!(c, '-' | '–' | '—' | '>' | '→' | ',' | '，' | '、')
}

/// A direction word: `U`, `UP`, `上`, … (case-insensitive). Arrows are never directions.
#[must_use]
pub fn parse_dir(word: &str) -> Option<Dir> {
    match word.to_uppercase().as_str() {
        "U" | "UP" | "上" => Some(Dir::U),
        "D" | "DOWN" | "下" => Some(Dir::D),
        "L" | "LEFT" | "左" => Some(Dir::L),
        "R" | "RIGHT" | "右" => Some(Dir::R),
        _ => None,
    }
}

/// Splits `B3` into a cell with no board check; `None` unless it is a letter and 1–2 digits.
fn parse_cell_syntax(token: &str) -> Option<Cell> {
    let mut chars = token.chars();
    let letter = chars.next().filter(char::is_ascii_alphabetic)?;
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let row: u8 = digits.parse().ok()?;
    let c = u8::try_from(letter.to_ascii_uppercase()).ok()? - b'A';
    (row >= 1).then(|| Cell::new(c, row - 1))
}

/// Parses a cell name on a board of `dims` (case-insensitive, NFKC).
///
/// # Errors
///
/// [`ActionError::BadToken`] if it is not a cell name, [`ActionError::OffBoard`] if it is not on
/// this board.
pub fn parse_cell(text: &str, dims: Dims) -> Result<Cell, ActionError> {
    let token = normalise(text);
    let cell = parse_cell_syntax(&token).ok_or(ActionError::BadToken { token: token.clone() })?;
    if dims.contains(cell) { Ok(cell) } else { Err(ActionError::OffBoard { cell: token }) }
}

/// Splits a trailing direction glued to a cell (`B3R`, `b3右`) into the cell text, the cell and
/// the direction. Unambiguous: a cell is one letter and digits, so the first non-digit after the
/// letter starts the direction.
fn split_glued(token: &str) -> Option<(&str, Cell, Dir)> {
    let digits_end = token.char_indices().skip(1).find(|(_, c)| !c.is_ascii_digit())?.0;
    let cell_text = &token[..digits_end];
    let cell = parse_cell_syntax(cell_text)?;
    let dir = parse_dir(&token[digits_end..])?;
    Some((cell_text, cell, dir))
}

/// Parses a move typed by the mover standing on `me` (spec §3.4). The mover's cell is prepended
/// when the path does not start there; a direction may be glued to the last cell (`B3R`).
///
/// # Errors
///
/// The first failed check, in the spec's order: a bad token, an off-board cell, no direction,
/// a bend that is not straight, too many waypoints, or staying when staying is off.
pub fn parse_move(
    text: &str,
    dims: Dims,
    me: Cell,
    options: &Options,
) -> Result<MoveInput, ActionError> {
    let text = normalise(text);
    let tokens: Vec<&str> = text.split(is_separator).filter(|t| !t.is_empty()).collect();
    let Some((&last, body)) = tokens.split_last() else {
        return Err(ActionError::Empty);
    };
    let mut cells = Vec::with_capacity(tokens.len() + 1);
    let mut push_cell = |token: &str, cell: Cell| {
        if dims.contains(cell) {
            cells.push(cell);
            Ok(())
        } else {
            Err(ActionError::OffBoard { cell: token.to_uppercase() })
        }
    };
    for token in body {
        if let Some(cell) = parse_cell_syntax(token) {
            push_cell(token, cell)?;
        } else if parse_dir(token).is_some() {
            return Err(ActionError::DirectionNotLast { token: (*token).to_string() });
        } else {
            return Err(ActionError::BadToken { token: (*token).to_string() });
        }
    }
    let dir = if let Some(dir) = parse_dir(last) {
        dir
    } else if let Some(cell) = parse_cell_syntax(last) {
        push_cell(last, cell)?;
        return Err(ActionError::NoDirection);
    } else if let Some((cell_text, cell, dir)) = split_glued(last) {
        push_cell(cell_text, cell)?;
        dir
    } else if last.chars().all(|c| matches!(c, '→' | '>' | '-')) {
        return Err(ActionError::NoDirection);
    } else {
        return Err(ActionError::BadToken { token: last.to_string() });
    };
    if cells.first() != Some(&me) {
        cells.insert(0, me);
    }
    let input = MoveInput { path: cells, dir };
    check_move(&input, dims, me, options)?;
    Ok(input)
}

/// The format checks of a move, whether it was typed or built in code: on the board, starting on
/// the mover's cell, straight segments, not too long, and leaving the start when staying is off.
///
/// # Errors
///
/// The first failed check.
pub fn check_move(
    input: &MoveInput,
    dims: Dims,
    me: Cell,
    options: &Options,
) -> Result<(), ActionError> {
    if let Some(off) = input.path.iter().find(|c| !dims.contains(**c)) {
        return Err(ActionError::OffBoard { cell: off.to_string() });
    }
    if input.path.first() != Some(&me) {
        return Err(ActionError::WrongStart { expected: me });
    }
    if let Some(w) = input.path.windows(2).find(|w| w[0].c != w[1].c && w[0].r != w[1].r) {
        return Err(ActionError::NotStraight { from: w[0], to: w[1] });
    }
    if input.path.len() > usize::from(options.max_waypoints) {
        return Err(ActionError::TooManyWaypoints { max: options.max_waypoints });
    }
    if !options.allow_stay && input.path.iter().all(|c| *c == me) {
        return Err(ActionError::MustMove);
    }
    Ok(())
}

/// Parses an edge `cell:side` on `dims` and returns its canonical form (any alias accepted).
///
/// # Errors
///
/// A description of what is wrong.
pub fn parse_edge(text: &str, dims: Dims) -> Result<Edge, String> {
    let text = normalise(text);
    let (cell, side) =
        text.split_once([':', '：']).ok_or_else(|| format!("edge `{text}` is not cell:side"))?;
    let cell = parse_cell(cell, dims).map_err(|e| format!("edge `{text}`: {e}"))?;
    let side =
        parse_dir(side.trim()).ok_or_else(|| format!("edge `{text}` has no side U, D, L or R"))?;
    Ok(dims.edge(cell, side))
}

/// A parsed position text (before it is checked against the rules).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionText {
    /// The board size.
    pub dims: Dims,
    /// P1's and P2's cells.
    pub pos: [Cell; 2],
    /// Who moves next.
    pub to: Player,
    /// Placed fences, canonical, with their owners if given.
    pub fences: Vec<(Edge, Option<Player>)>,
}

/// Why a position text was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The text does not follow the format.
    #[error("position: {0}")]
    Syntax(String),
    /// The text follows the format but describes a position these rules cannot reach.
    #[error("position: {0}")]
    Impossible(String),
}

impl crate::core::ErrorCode for PositionError {
    fn code(&self) -> &'static str {
        match self {
            PositionError::Syntax(_) => "bad-position",
            PositionError::Impossible(_) => "impossible-position",
        }
    }
}

fn parse_player(text: &str) -> Option<Player> {
    match text.trim().to_lowercase().as_str() {
        "p1" => Some(Player::P1),
        "p2" => Some(Player::P2),
        _ => None,
    }
}

impl FromStr for PositionText {
    type Err = PositionError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let syntax = |m: String| PositionError::Syntax(m);
        let text = normalise(text);
        let mut tokens = text.split_whitespace();
        let size = tokens.next().ok_or_else(|| syntax("empty text".into()))?;
        let (c, r) = size
            .to_lowercase()
            .split_once('x')
            .map(|(c, r)| (c.parse::<u8>().ok(), r.parse::<u8>().ok()))
            .ok_or_else(|| syntax(format!("`{size}` is not a board size like 4x4")))?;
        let dims = match (c, r) {
            (Some(cols), Some(rows))
                if (Dims::MIN..=Dims::MAX).contains(&cols)
                    && (Dims::MIN..=Dims::MAX).contains(&rows) =>
            {
                Dims { cols, rows }
            }
            _ => return Err(syntax(format!("`{size}` is not a board size from 2x2 to 26x26"))),
        };
        let (mut p1, mut p2, mut to, mut fences) = (None, None, None, None);
        for token in tokens {
            let (key, value) = token
                .split_once('=')
                .ok_or_else(|| syntax(format!("`{token}` is not key=value")))?;
            let slot_taken = |key: &str| syntax(format!("`{key}` is given twice"));
            match key.to_lowercase().as_str() {
                "p1" | "p2" => {
                    let cell =
                        parse_cell(value, dims).map_err(|e| syntax(format!("{key}: {e}")))?;
                    let slot = if key.eq_ignore_ascii_case("p1") { &mut p1 } else { &mut p2 };
                    if slot.replace(cell).is_some() {
                        return Err(slot_taken(key));
                    }
                }
                "to" => {
                    let player = parse_player(value)
                        .ok_or_else(|| syntax(format!("to=`{value}` is not p1 or p2")))?;
                    if to.replace(player).is_some() {
                        return Err(slot_taken(key));
                    }
                }
                "fences" => {
                    let mut list = Vec::new();
                    for item in value.split(',').filter(|s| !s.is_empty()) {
                        let (edge, owner) = match item.split_once('@') {
                            Some((edge, owner)) => (
                                edge,
                                Some(parse_player(owner).ok_or_else(|| {
                                    syntax(format!("fence owner `{owner}` is not p1 or p2"))
                                })?),
                            ),
                            None => (item, None),
                        };
                        list.push((parse_edge(edge, dims).map_err(syntax)?, owner));
                    }
                    if fences.replace(list).is_some() {
                        return Err(slot_taken(key));
                    }
                }
                other => return Err(syntax(format!("unknown key `{other}`"))),
            }
        }
        Ok(PositionText {
            dims,
            pos: [
                p1.ok_or_else(|| syntax("p1=<cell> is missing".into()))?,
                p2.ok_or_else(|| syntax("p2=<cell> is missing".into()))?,
            ],
            to: to.ok_or_else(|| syntax("to=<p1|p2> is missing".into()))?,
            fences: fences.unwrap_or_default(),
        })
    }
}

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Cell {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        parse_cell_syntax(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("bad cell `{text}`")))
    }
}

impl Serialize for Edge {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Edge {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        let bad = || serde::de::Error::custom(format!("bad edge `{text}`"));
        let (cell, side) = text.split_once(':').ok_or_else(bad)?;
        Ok(Edge {
            cell: parse_cell_syntax(cell).ok_or_else(bad)?,
            side: parse_dir(side).ok_or_else(bad)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const D4: Dims = Dims { cols: 4, rows: 4 };
    const A1: Cell = Cell::new(0, 0);

    fn mv(text: &str) -> Result<MoveInput, ActionError> {
        parse_move(text, D4, A1, &Options::default())
    }

    fn cells(names: &[&str]) -> Vec<Cell> {
        names.iter().map(|n| parse_cell(n, D4).unwrap()).collect()
    }

    #[test]
    fn a_glued_direction_on_the_last_cell_is_accepted() {
        assert_eq!(
            mv("A1-B1-B3R").unwrap(),
            MoveInput { path: cells(&["A1", "B1", "B3"]), dir: Dir::R }
        );
        assert_eq!(
            mv("a1 b1 b3右").unwrap(),
            MoveInput { path: cells(&["A1", "B1", "B3"]), dir: Dir::R }
        );
        assert_eq!(mv("A1上").unwrap(), MoveInput { path: cells(&["A1"]), dir: Dir::U });
    }

    #[test]
    fn a_bare_direction_is_a_stay_on_the_movers_cell() {
        assert_eq!(mv("右").unwrap(), MoveInput { path: cells(&["A1"]), dir: Dir::R });
        assert_eq!(mv("down").unwrap(), MoveInput { path: cells(&["A1"]), dir: Dir::D });
    }

    #[test]
    fn a_direction_in_the_middle_is_refused() {
        assert!(matches!(mv("A1 R B1 D"), Err(ActionError::DirectionNotLast { .. })));
    }

    #[test]
    fn garbage_and_empty_text_are_refused() {
        assert_eq!(mv(""), Err(ActionError::Empty));
        assert_eq!(mv("  -> "), Err(ActionError::Empty));
        assert!(matches!(mv("A1 Q"), Err(ActionError::BadToken { .. })));
        assert!(matches!(mv("A111 R"), Err(ActionError::BadToken { .. })));
        assert!(matches!(mv("A0 R"), Err(ActionError::BadToken { .. })));
    }

    #[test]
    fn the_waypoint_limit_counts_the_whole_path() {
        let options = Options { max_waypoints: 3, ..Options::default() };
        assert!(parse_move("A1-B1-A1 R", D4, A1, &options).is_ok());
        assert_eq!(
            parse_move("A1-B1-A1-B1 R", D4, A1, &options),
            Err(ActionError::TooManyWaypoints { max: 3 })
        );
    }

    #[test]
    fn edges_accept_either_name_and_come_out_canonical() {
        assert_eq!(parse_edge("C2:L", D4).unwrap().to_string(), "B2:R");
        assert_eq!(parse_edge("b3:u", D4).unwrap().to_string(), "B2:D");
        assert_eq!(parse_edge("A1:上", D4).unwrap().to_string(), "A1:U");
        assert!(parse_edge("E1:R", D4).is_err());
        assert!(parse_edge("A1", D4).is_err());
    }

    #[test]
    fn position_texts_parse_in_any_key_order() {
        let p: PositionText = "4x4 to=p2 fences=A1:D@p1,C2:L p2=D1 p1=C3".parse().unwrap();
        assert_eq!(p.pos, [parse_cell("C3", D4).unwrap(), parse_cell("D1", D4).unwrap()]);
        assert_eq!(p.to, Player::P2);
        assert_eq!(p.fences.len(), 2);
        assert_eq!(p.fences[1].0.to_string(), "B2:R");
        for bad in [
            "",
            "4x4",
            "4x4 p1=A1 p2=D4",
            "1x4 p1=A1 p2=B1 to=p1",
            "4x4 p1=A1 p2=D4 to=p3",
            "4x4 p1=E1 p2=D4 to=p1",
            "4x4 p1=A1 p2=D4 to=p1 x=1",
            "4x4 p1=A1 p1=B1 p2=D4 to=p1",
        ] {
            assert!(bad.parse::<PositionText>().is_err(), "{bad}");
        }
    }
}
