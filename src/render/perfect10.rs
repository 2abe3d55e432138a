//! Perfect 10 x 10 images on the square-board layer: a 10x10 board with every piece as one
//! character (the seed's Chinese characters 王 后 相 主 龍 馬 城 教 砲 弩 衛 騎 象 船 帥 士 屋 田
//! 兵, or the FEN letters K Q M I D H R B C A G N E S W F T L P), the last move's squares
//! tinted and a king in check ringed. The view is the same for everyone (perfect information);
//! only the side it is seen from changes ([`Theme::flipped`]).

use super::board::{self, BoardView, Piece, Square};
use super::{Picture, Script, Theme};
use crate::games::perfect10::{Color, Kind, View};

/// The board's side: files a..j, ranks 1..10.
const SIDE: u8 = 10;

/// The character drawn for a piece kind in a script.
#[must_use]
pub fn label(kind: Kind, script: Script) -> char {
    match script {
        Script::Chinese => kind.chinese(),
        Script::Latin => kind.letter(),
    }
}

fn square(s: crate::games::perfect10::Square) -> Square {
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
                label: label(kind, theme.script),
                owner: u8::from(color == Color::Black),
                marked: false,
            };
            (square(at), piece)
        })
        .collect();
    BoardView {
        files: SIDE,
        ranks: SIDE,
        pieces,
        flipped: theme.flipped,
        last_move: view.last_squares.map(|(from, to)| (square(from), square(to))),
        captured: Vec::new(),
        check: view.check.map(square),
        caption: caption.to_string(),
    }
}

/// Draws `view` and encodes it as PNG.
#[must_use]
pub fn render(view: &View, caption: &str, theme: &Theme) -> Picture {
    board::render(&board_view(view, caption, theme), theme)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_label_is_unique_per_script_and_drawable() {
        for script in [Script::Latin, Script::Chinese] {
            let mut labels: Vec<char> = Kind::ALL.iter().map(|&k| label(k, script)).collect();
            assert!(labels.iter().all(|&c| super::super::can_draw(c)), "{script:?}: {labels:?}");
            labels.sort_unstable();
            labels.dedup();
            assert_eq!(labels.len(), Kind::ALL.len(), "{script:?}: labels repeat");
        }
    }
}
