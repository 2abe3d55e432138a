//! A piece page (`/rules <game> <code>`) as the voice hands it to the referee: its text and its
//! diagram, before the diagram is drawn. A leaf shared by `pieces.rs` and `rabble_pieces.rs`.

use crate::render::board::BoardView;

/// One piece's page: its text and its diagram.
pub(crate) struct PieceHelp {
    /// Code, name, moves and captures, in the reader's language.
    pub text: String,
    /// The piece with the squares it reaches.
    pub diagram: Diagram,
}

/// A piece page's picture, before it is drawn.
pub(crate) enum Diagram {
    /// The piece on an empty chessboard (Ultima, Perfect 10 x 10).
    Board(BoardView),
    /// Rabble's piece among the pawns its board starts full of, drawn as the game draws its
    /// board: numeric coordinates, the sides' colours, the squares it reaches marked.
    Rabble {
        /// The window of the position.
        view: Box<crate::games::rabble::View>,
        /// What each reached square is marked with.
        marks: Vec<(crate::games::rabble::Coord, crate::render::rabble::Mark)>,
        /// The code and name above the board.
        caption: String,
    },
}

#[cfg(test)]
impl Diagram {
    /// The chessboard diagram (tests of Ultima and Perfect 10 x 10 pages).
    pub(super) fn board(&self) -> &BoardView {
        match self {
            Diagram::Board(view) => view,
            Diagram::Rabble { .. } => panic!("a chessboard diagram"),
        }
    }

    /// As [`Diagram::board`], owned.
    pub(super) fn into_board(self) -> BoardView {
        match self {
            Diagram::Board(view) => view,
            Diagram::Rabble { .. } => panic!("a chessboard diagram"),
        }
    }
}

impl PieceHelp {
    /// The diagram drawn in `theme`.
    pub(crate) fn picture(&self, theme: &crate::render::Theme) -> crate::render::Picture {
        match &self.diagram {
            Diagram::Board(view) => crate::render::board::render(view, theme),
            Diagram::Rabble { view, marks, caption } => {
                crate::render::rabble::marked(view, marks, caption, theme)
            }
        }
    }
}

/// Whether `typed` names a piece whose names are `names`: compared trimmed, without case.
pub(super) fn names_match(typed: &str, names: &[String]) -> bool {
    let typed = typed.trim().to_lowercase();
    names.iter().any(|n| n.to_lowercase() == typed)
}
