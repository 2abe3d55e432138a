//! Ultima images on the square-board layer: every piece as the figure Ultima players know from
//! a chess set (king, pawn for the pincer, rook for the coordinator, knight for the long leaper,
//! bishop for the chameleon, queen for the withdrawer and an upside-down rook for the
//! immobilizer) with its code in the corner (the seed's Chinese names 王 夹 麻 协 跳 拖 仿, or
//! the position letters K P I C L W X), frozen pieces marked, the
//! last move and the squares its captures emptied highlighted, a king in check ringed. The view
//! is the same for everyone (perfect information); only the side it is seen from changes.

use super::board::{self, BoardView, Piece, Square};
use super::common::{Picture, Script, Theme};
use super::figure::{Body, Figure};
use crate::games::ultima::{Action, Color, Kind, View};

/// The character drawn for a piece kind in a script: the seed's Simplified characters, their
/// Traditional forms (夾 協) for Traditional readers, or the English letter.
#[must_use]
pub fn label(kind: Kind, script: Script) -> char {
    match (script, kind.chinese()) {
        (Script::Latin, _) => kind.letter(),
        (Script::Traditional, '夹') => '夾',
        (Script::Traditional, '协') => '協',
        (_, c) => c,
    }
}

/// The figure of a piece kind: the chess figure that stands on its square in Ultima's start.
#[must_use]
pub fn figure(kind: Kind) -> Figure {
    match kind {
        Kind::King => Figure::of(Body::King),
        Kind::Pincer => Figure::of(Body::Pawn),
        Kind::Coordinator => Figure::of(Body::Rook),
        Kind::LongLeaper => Figure::of(Body::Knight),
        Kind::Chameleon => Figure::of(Body::Bishop),
        Kind::Withdrawer => Figure::of(Body::Queen),
        Kind::Immobilizer => Figure::inverted(Body::Rook),
    }
}

fn square(s: crate::games::ultima::Square) -> Square {
    Square { file: s.file, rank: s.rank }
}

/// The board layer's picture of `view`.
#[must_use]
pub fn board_view(view: &View, caption: &str, theme: &Theme) -> BoardView {
    let pieces = view
        .pieces
        .iter()
        .map(|&(at, color, kind)| {
            let piece = Piece {
                label: label(kind, theme.script).to_string(),
                figure: Some(figure(kind)),
                owner: u8::from(color == Color::Black),
                marked: view.frozen.contains(&at),
            };
            (square(at), piece)
        })
        .collect();
    let last_move = view.last.as_ref().map(|action| match *action {
        Action::Move { from, to } => (square(from), square(to)),
        Action::Suicide { square: at } => (square(at), square(at)),
    });
    BoardView {
        files: 8,
        ranks: 8,
        pieces,
        flipped: theme.flipped,
        last_move,
        captured: view.captured.iter().copied().map(square).collect(),
        check: view.check.map(square),
        targets: Vec::new(),
        arrow: None,
        rectangle: None,
        taken: Vec::new(),
        notes: Vec::new(),
        caption: caption.to_string(),
    }
}

/// Draws `view` and encodes it as PNG.
#[must_use]
pub fn render(view: &View, caption: &str, theme: &Theme) -> Picture {
    board::render(&board_view(view, caption, theme), theme)
}
