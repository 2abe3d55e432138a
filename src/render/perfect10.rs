//! Perfect 10 x 10 images on the square-board layer: a 10x10 board with every piece drawn as its
//! figure (the chess pieces as in chess; the compound pieces as their parts, the marshal
//! knight | rook and the princess knight | bishop; the dragon a rook marked `×` and the griffin a
//! bishop marked `+` for the step each gained; the cannon and archer their own figures; the
//! leapers a token marked with their steps and jumps, see [`super::figure`]) and marked by the
//! code players type (the seed's notation codes K Q M P R+ B+ R B C A G N E S W F D X, no
//! code for a pawn, which is a smaller plain disc; in Chinese one character of each piece's
//! Chinese name, with the promoted rook and bishop as 城+ and 教+ like R+ and B+, and the
//! marshal as 首 so that no piece reads as a xiangqi piece it is not), the last move's squares
//! tinted and a king in check ringed. The view is the same for everyone (perfect information);
//! only the side it is seen from changes ([`Theme::flipped`]).

use super::board::{self, BoardView, Piece, Square};
use super::common::{Picture, Script, Theme};
use super::figure::{Body, Figure, Marks};
use crate::games::perfect10::{Color, Kind, View};

/// The board's side: files a..j, ranks 1..10.
const SIDE: u8 = 10;

/// The code drawn for a piece kind in a script (empty for a pawn): what players type in
/// English, and its Chinese counterpart.
#[must_use]
pub fn label(kind: Kind, script: Script) -> String {
    match script {
        Script::Latin => kind.seed_code().to_string(),
        Script::Simplified => kind.simplified_code().to_string(),
        Script::Traditional => kind.chinese_code().to_string(),
    }
}

/// The figure of a piece kind.
#[must_use]
pub fn figure(kind: Kind) -> Figure {
    let marks = |wazir, ferz, dabbaba, alfil| Marks { wazir, ferz, dabbaba, alfil };
    match kind {
        Kind::King => Figure::of(Body::King),
        Kind::Queen => Figure::of(Body::Queen),
        Kind::Marshal => Figure::combined(Body::Knight, Body::Rook),
        Kind::Princess => Figure::combined(Body::Knight, Body::Bishop),
        Kind::Dragon => Figure::marked(Body::Rook, marks(false, true, false, false)),
        Kind::Griffin => Figure::marked(Body::Bishop, marks(true, false, false, false)),
        Kind::Rook => Figure::of(Body::Rook),
        Kind::Bishop => Figure::of(Body::Bishop),
        Kind::Cannon => Figure::of(Body::Cannon),
        Kind::Archer => Figure::of(Body::Archer),
        Kind::Guard => Figure::marked(Body::Token, marks(true, true, false, false)),
        Kind::Knight => Figure::of(Body::Knight),
        Kind::Elephant => Figure::marked(Body::Token, marks(false, true, false, true)),
        Kind::Ship => Figure::marked(Body::Token, marks(true, false, true, false)),
        Kind::Wazir => Figure::marked(Body::Token, marks(true, false, false, false)),
        Kind::Ferz => Figure::marked(Body::Token, marks(false, true, false, false)),
        Kind::Dabbaba => Figure::marked(Body::Token, marks(false, false, true, false)),
        Kind::Alfil => Figure::marked(Body::Token, marks(false, false, false, true)),
        Kind::Pawn => Figure::of(Body::Pawn),
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
                figure: Some(figure(kind)),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_code_is_unique_per_script_and_drawable_and_only_the_pawn_has_none() {
        for script in [Script::Latin, Script::Simplified, Script::Traditional] {
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

    #[test]
    fn white_figures_are_light_and_black_figures_dark_with_the_code_in_the_corner() {
        use crate::games::Game;
        let options = crate::games::perfect10::Options::default();
        let game = crate::games::perfect10::State::new(&options, crate::core::Seed(1))
            .expect("the default start");
        let view = game.view(crate::core::Viewer::Public);
        let theme = Theme::default();
        let img = board::draw(&board_view(&view, "", &theme), &theme);
        // Default theme: 72-pixel squares, the board 28 pixels in and 40 down; a figure is 60
        // pixels square, 2 below the square's middle. (50, 65) of a rook's box is in its body.
        let body = |file: i64, row: i64| {
            let (x, y) = (28 + file * 72 + 36 - 30, 40 + row * 72 + 36 - 30 + 2);
            *img.get_pixel((x + 30) as u32, (y + 39) as u32)
        };
        assert_eq!(body(0, 9), theme.white, "the rook on a1");
        assert_eq!(body(0, 0), theme.black, "the rook on a10");
        // The code's ink in a1's top left corner, and none in an empty square's.
        let inked = |x0: u32, y0: u32| {
            (x0..x0 + 14).any(|x| (y0..y0 + 16).any(|y| img.get_pixel(x, y).0[0] < 120))
        };
        assert!(inked(28 + 3, 40 + 9 * 72 + 1), "R in a1's corner");
        assert!(!inked(28 + 3, 40 + 5 * 72 + 1), "a4 is empty");
    }

    #[test]
    fn every_piece_kind_has_a_figure_of_its_own() {
        let mut figures: Vec<Figure> = Kind::ALL.iter().map(|&k| figure(k)).collect();
        figures.sort_by_key(|f| format!("{f:?}"));
        figures.dedup();
        assert_eq!(figures.len(), Kind::ALL.len());
    }
}
