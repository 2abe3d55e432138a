//! Perfect 10 x 10 images on the square-board layer: a 10x10 board with every piece marked by
//! the code players type (the seed's notation codes K Q M P R+ B+ R B C A G N E S W F D X, no
//! code for a pawn, which is a smaller plain disc; in Chinese one character of each piece's
//! Chinese name, with the promoted rook and bishop as 城+ and 教+ like R+ and B+, and the
//! marshal as 首 so that no piece reads as a xiangqi piece it is not), the last move's squares
//! tinted and a king in check ringed. The view is the same for everyone (perfect information);
//! only the side it is seen from changes ([`Theme::flipped`]).

use super::board::{self, BoardView, Piece, Square};
use super::{Picture, Script, Theme};
use crate::games::perfect10::{Color, Kind, View};

/// The board's side: files a..j, ranks 1..10.
const SIDE: u8 = 10;

/// The code drawn for a piece kind in a script (empty for a pawn): what players type in
/// English, and its Chinese counterpart.
#[must_use]
pub fn label(kind: Kind, script: Script) -> String {
    match script {
        Script::Latin => kind.seed_code().to_string(),
        Script::Chinese => kind.chinese_code().to_string(),
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
        targets: Vec::new(),
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
    fn every_piece_code_is_unique_per_script_and_drawable_and_only_the_pawn_has_none() {
        for script in [Script::Latin, Script::Chinese] {
            let mut labels: Vec<String> =
                Kind::ALL.iter().filter(|&&k| k != Kind::Pawn).map(|&k| label(k, script)).collect();
            for l in &labels {
                assert!(!l.is_empty() && !l.contains('?'), "{script:?}: {labels:?}");
                assert!(l.chars().all(super::super::can_draw), "{script:?}: {labels:?}");
            }
            labels.sort_unstable();
            labels.dedup();
            assert_eq!(labels.len(), Kind::ALL.len() - 1, "{script:?}: codes repeat");
            assert_eq!(label(Kind::Pawn, script), "");
        }
        // The English codes are the notation's.
        assert_eq!(label(Kind::Dabbaba, Script::Latin), "D");
        assert_eq!(label(Kind::Dragon, Script::Latin), "R+");
        assert_eq!(label(Kind::Princess, Script::Latin), "P");
    }
}
