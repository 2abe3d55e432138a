//! `/rules <game> <code>`: one piece alone, as the piece pages of chess-variant sites give it:
//! its code, its name in the reader's language, how it moves and captures in words, and a
//! diagram of its moves (dots) and captures (rings) from the middle of an empty board. The
//! diagrams are computed by the engines themselves (their move generators on a board holding
//! nothing but the piece and what the position needs), so they cannot disagree with play.
//! `/rules <game>` lists every code with its name (the legend), so a player who sees a code on
//! the board finds it.

use super::wording::{List, Wording, ids, list};
use crate::core::Seat;
use crate::games::{AnyGame, AnyOptions, Game, GameKind};
use crate::render::board::{BoardView, Piece, Reach, Square};
use crate::table::reply::Lang;

/// One piece's page: its text and its diagram.
pub(crate) struct PieceHelp {
    /// Code, name, moves and captures, in the reader's language.
    pub text: String,
    /// The piece on an empty board with the squares it reaches.
    pub diagram: BoardView,
}

/// Every piece of a game whose pieces are not standard chess, in the order the rules name
/// them: its figure, its code and its name in `lang`. `None` for games without pieces. Both
/// legends, the text and the picture, are made from it.
fn entries(w: &Wording, lang: Lang, kind: GameKind) -> Option<Vec<crate::render::legend::Entry>> {
    use crate::render::legend::Entry;
    Some(match kind {
        GameKind::Perfect10 => p10::KINDS
            .iter()
            .map(|&k| Entry {
                figure: crate::render::perfect10::figure(k),
                code: p10::code(lang, k),
                name: p10::name(w, lang, k),
            })
            .collect(),
        GameKind::Ultima => ultima::KINDS
            .iter()
            .map(|&k| Entry {
                figure: crate::render::ultima::figure(k),
                code: ultima::code(lang, k),
                name: ultima::name(w, lang, k),
            })
            .collect(),
        GameKind::Rabble => rabble::KINDS
            .iter()
            .map(|&k| Entry {
                figure: crate::render::rabble::figure(k),
                code: rabble::code(lang, k),
                name: rabble::name(w, lang, k),
            })
            .collect(),
        GameKind::DarkFence | GameKind::ChaosClock => return None,
    })
}

/// The legend of a game whose pieces are not standard chess: every code with its name, in the
/// order the rules name them, and how to ask for one piece. `None` for games without pieces.
pub(crate) fn legend(w: &Wording, lang: Lang, kind: GameKind) -> Option<String> {
    let entries: Vec<String> =
        entries(w, lang, kind)?.iter().map(|e| format!("{} {}", e.code, e.name)).collect();
    Some(w.text(
        lang,
        ids::RULES_LEGEND,
        &[("game", kind.code().into()), ("pieces", list(lang, List::Items, &entries).into())],
    ))
}

/// The legend as a picture: every piece's figure with its code and name, in the order the
/// rules name them. `None` for games without pieces.
pub(crate) fn legend_picture(
    w: &Wording,
    lang: Lang,
    kind: GameKind,
    theme: &crate::render::Theme,
) -> Option<crate::render::Picture> {
    let entries = entries(w, lang, kind)?;
    let caption = w.text(lang, ids::RULES_LEGEND_TITLE, &[("game", kind.code().into())]);
    Some(crate::render::legend::render(&entries, &caption, theme))
}

/// The page of the piece `code` names in `kind` (its code in either script, or its name in
/// English or Chinese), or `None` when no piece of that game goes by it.
pub(crate) fn piece_help(w: &Wording, lang: Lang, kind: GameKind, code: &str) -> Option<PieceHelp> {
    let code = code.trim();
    match kind {
        GameKind::Perfect10 => p10::help(w, lang, p10::find(w, code)?),
        GameKind::Ultima => ultima::help(w, lang, ultima::find(w, code)?),
        GameKind::Rabble => rabble::help(w, lang, rabble::find(w, code)?),
        GameKind::DarkFence | GameKind::ChaosClock => None,
    }
}

/// Whether `typed` names a piece whose names are `names`: compared trimmed, without case.
fn names_match(typed: &str, names: &[String]) -> bool {
    let typed = typed.trim().to_lowercase();
    names.iter().any(|n| n.to_lowercase() == typed)
}

/// The page text: `K king (國王): how it moves.` and the diagram's key.
fn page(w: &Wording, lang: Lang, code: &str, name: &str, how: &str) -> String {
    w.text(
        lang,
        ids::RULES_PIECE,
        &[("code", code.into()), ("name", name.into()), ("how", how.into())],
    )
}

/// The script a reader's pictures draw pieces in.
fn script(lang: Lang) -> crate::render::Script {
    lang.script()
}

/// A piece diagram: a `side`×`side` board with the piece (its `figure`, with its code `label`)
/// on `at`, the squares it reaches, and its label and name above.
fn diagram(
    side: u8,
    at: Square,
    (label, figure): (String, crate::render::figure::Figure),
    name: &str,
    targets: Vec<(Square, Reach)>,
) -> BoardView {
    let caption = if label.is_empty() { name.to_string() } else { format!("{label} {name}") };
    BoardView {
        files: side,
        ranks: side,
        pieces: vec![(at, Piece { label, figure: Some(figure), owner: 0, marked: false })],
        targets,
        caption,
        ..BoardView::default()
    }
}

/// The squares `from` reaches, marked move, capture or both, in board coordinates.
fn reaches(moves: &[Square], captures: &[Square]) -> Vec<(Square, Reach)> {
    let mut out: Vec<(Square, Reach)> = Vec::new();
    for &s in moves {
        let reach = if captures.contains(&s) { Reach::Both } else { Reach::Move };
        out.push((s, reach));
    }
    for &s in captures {
        if !moves.contains(&s) {
            out.push((s, Reach::Capture));
        }
    }
    out
}

/// A FEN-like rank-by-rank text of `side`×`side` squares (top rank first, runs of empty
/// squares as numbers), from `at(file, rank)`.
fn board_text(side: u8, at: impl Fn(u8, u8) -> Option<char>) -> String {
    let mut ranks = Vec::new();
    for rank in (0..side).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..side {
            match at(file, rank) {
                Some(c) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        ranks.push(row);
    }
    ranks.join("/")
}

mod p10 {
    use crate::games::perfect10::{Action, Kind};
    use crate::table::voice::pieces::*;

    pub(crate) const KINDS: [Kind; 19] = Kind::ALL;

    /// The piece's square in the diagram (e5) and where the kings and the two pawns stand, off
    /// every line and leap from it (the pawns keep the position from being a dead draw).
    const AT: (u8, u8) = (4, 4);
    const WHITE_KING: (u8, u8) = (0, 9);
    const BLACK_KING: (u8, u8) = (9, 0);
    const WHITE_PAWN: (u8, u8) = (6, 1);
    const BLACK_PAWN: (u8, u8) = (2, 8);

    pub(crate) fn code(lang: Lang, kind: Kind) -> String {
        // The code the board draws for this reader.
        let code = crate::render::perfect10::label(kind, lang.script());
        if code.is_empty() { "-".to_string() } else { code }
    }

    pub(crate) fn name(w: &Wording, lang: Lang, kind: Kind) -> String {
        w.text_of(lang, &format!("p10-piece-{}", kind.name()), &[])
    }

    pub(crate) fn find(w: &Wording, typed: &str) -> Option<Kind> {
        // The notation's codes are case-sensitive only where case is all there is: `P` is the
        // princess, whatever the case; a pawn has no code and goes by its name.
        Kind::ALL.into_iter().find(|&k| {
            let mut names = vec![
                k.seed_code().to_string(),
                k.chinese_code().to_string(),
                k.simplified_code().to_string(),
                k.chinese_name().to_string(),
                k.simplified_name().to_string(),
                k.name().to_string(),
            ];
            for lang in Lang::ALL {
                names.push(name(w, lang, k));
            }
            names.retain(|n| !n.is_empty());
            crate::table::voice::pieces::names_match(typed, &names)
        })
    }

    pub(crate) fn help(w: &Wording, lang: Lang, kind: Kind) -> Option<PieceHelp> {
        let how = w.text_of(lang, &format!("p10-how-{}", kind.name()), &[]);
        let text = page(w, lang, &code(lang, kind), &name(w, lang, kind), &how);
        let moves = targets(kind, false)?;
        let captures = targets(kind, true)?;
        let label =
            crate::render::perfect10::label(kind, crate::table::voice::pieces::script(lang));
        let at = Square { file: AT.0, rank: AT.1 };
        let piece = (label, crate::render::perfect10::figure(kind));
        let diagram = crate::table::voice::pieces::diagram(
            10,
            at,
            piece,
            &name(w, lang, kind),
            reaches(&moves, &captures),
        );
        Some(PieceHelp { text, diagram })
    }

    /// The squares the piece on e5 moves to (`capture`: captures a black piece on), by the
    /// engine. A capture is tried on every square in turn with a black wazir there.
    fn targets(kind: Kind, capture: bool) -> Option<Vec<Square>> {
        let base = |victim: Option<(u8, u8)>| {
            let text = crate::table::voice::pieces::board_text(10, |f, r| {
                let p = (f, r);
                if p == AT {
                    Some(kind.letter())
                } else if p == WHITE_KING && kind != Kind::King {
                    Some('K')
                } else if p == BLACK_KING {
                    Some('k')
                } else if p == WHITE_PAWN {
                    Some('P')
                } else if p == BLACK_PAWN {
                    Some('p')
                } else if Some(p) == victim {
                    Some('w')
                } else {
                    None
                }
            });
            format!("{text} w - - 0 1")
        };
        let moves_to = |fen: &str| -> Option<Vec<Square>> {
            let options = AnyOptions::default_for(GameKind::Perfect10);
            let game = AnyGame::from_position(&options, fen, crate::core::Seed(0)).ok()?;
            let AnyGame::Perfect10(g) = game else { return None };
            let mut out: Vec<Square> = g
                .legal_actions(Seat(0))
                .into_iter()
                .filter_map(|a| match a {
                    Action::Move { mv } if (mv.from.file, mv.from.rank) == AT => {
                        Some(Square { file: mv.to.file, rank: mv.to.rank })
                    }
                    _ => None,
                })
                .collect();
            out.dedup();
            Some(out)
        };
        if !capture {
            return moves_to(&base(None));
        }
        let mut out = Vec::new();
        for rank in 0..10u8 {
            for file in 0..10u8 {
                let p = (file, rank);
                let taken = [AT, WHITE_KING, BLACK_KING, WHITE_PAWN, BLACK_PAWN];
                if taken.contains(&p) {
                    continue;
                }
                let Some(found) = moves_to(&base(Some(p))) else { continue };
                if found.contains(&Square { file, rank }) {
                    out.push(Square { file, rank });
                }
            }
        }
        Some(out)
    }
}

mod ultima {
    use crate::games::ultima::{Action, Kind};
    use crate::table::voice::pieces::*;

    pub(crate) const KINDS: [Kind; 7] = Kind::ALL;

    /// The piece's square (d4) and the kings', off every line from it.
    const AT: (u8, u8) = (3, 3);
    const WHITE_KING: (u8, u8) = (7, 0);
    const BLACK_KING: (u8, u8) = (1, 7);

    pub(crate) fn code(lang: Lang, kind: Kind) -> String {
        // The code the board draws for this reader.
        crate::render::ultima::label(kind, lang.script()).to_string()
    }

    fn key(kind: Kind) -> &'static str {
        match kind {
            Kind::King => "king",
            Kind::Pincer => "pincer",
            Kind::Withdrawer => "withdrawer",
            Kind::LongLeaper => "long-leaper",
            Kind::Coordinator => "coordinator",
            Kind::Immobilizer => "immobilizer",
            Kind::Chameleon => "chameleon",
        }
    }

    pub(crate) fn name(w: &Wording, lang: Lang, kind: Kind) -> String {
        w.text_of(lang, &format!("ul-piece-{}", key(kind)), &[])
    }

    pub(crate) fn find(w: &Wording, typed: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|&k| {
            let mut names = vec![
                k.letter().to_string(),
                k.chinese().to_string(),
                k.chinese_name().to_string(),
                key(k).to_string(),
                key(k).replace('-', " "),
            ];
            for lang in Lang::ALL {
                names.push(name(w, lang, k));
            }
            crate::table::voice::pieces::names_match(typed, &names)
        })
    }

    pub(crate) fn help(w: &Wording, lang: Lang, kind: Kind) -> Option<PieceHelp> {
        let how = w.text_of(lang, &format!("ul-how-{}", key(kind)), &[]);
        let text = page(w, lang, &code(lang, kind), &name(w, lang, kind), &how);
        let label = crate::render::ultima::label(kind, crate::table::voice::pieces::script(lang))
            .to_string();
        let at = Square { file: AT.0, rank: AT.1 };
        // Every Ultima piece captures by how it moves, onto or next to an enemy, never by
        // landing on a square of its own choosing (but the king): the diagram shows the moves,
        // and the words say how each captures.
        let targets = reaches(&targets(kind)?, &[]);
        let piece = (label, crate::render::ultima::figure(kind));
        let diagram =
            crate::table::voice::pieces::diagram(8, at, piece, &name(w, lang, kind), targets);
        Some(PieceHelp { text, diagram })
    }

    fn targets(kind: Kind) -> Option<Vec<Square>> {
        let text = crate::table::voice::pieces::board_text(8, |f, r| {
            let p = (f, r);
            if p == AT {
                Some(kind.letter())
            } else if p == WHITE_KING && kind != Kind::King {
                Some('K')
            } else if p == BLACK_KING {
                Some('k')
            } else {
                None
            }
        });
        let options = AnyOptions::default_for(GameKind::Ultima);
        let game =
            AnyGame::from_position(&options, &format!("{text} w"), crate::core::Seed(0)).ok()?;
        let AnyGame::Ultima(g) = game else { return None };
        Some(
            g.legal_actions(Seat(0))
                .into_iter()
                .filter_map(|a| match a {
                    Action::Move { from, to } if (from.file, from.rank) == AT => {
                        Some(Square { file: to.file, rank: to.rank })
                    }
                    _ => None,
                })
                .collect(),
        )
    }
}

mod rabble {
    use crate::games::rabble::board::Fill;
    use crate::games::rabble::geometry;
    use crate::games::rabble::{Board, Coord, Kind, Side};
    use crate::table::voice::pieces::*;

    pub(crate) const KINDS: [Kind; 9] = Kind::ALL;

    /// The diagram's side: 13 squares, the piece in the middle.
    const SIDE: i64 = 13;
    const MIDDLE: i64 = 7;

    pub(crate) fn code(lang: Lang, kind: Kind) -> String {
        // The code the board draws for this reader.
        crate::render::rabble::label(kind, lang.script()).to_string()
    }

    pub(crate) fn name(w: &Wording, lang: Lang, kind: Kind) -> String {
        w.text_of(lang, &format!("rb-kind-{}", kind.letter().to_ascii_lowercase()), &[])
    }

    pub(crate) fn find(w: &Wording, typed: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|&k| {
            let mut names = vec![k.letter().to_string(), k.hanzi().to_string()];
            for lang in Lang::ALL {
                names.push(name(w, lang, k));
            }
            crate::table::voice::pieces::names_match(typed, &names)
                || typed.chars().count() == 1
                    && typed.chars().next().and_then(Kind::from_char) == Some(k)
        })
    }

    pub(crate) fn help(w: &Wording, lang: Lang, kind: Kind) -> Option<PieceHelp> {
        let how = w.text_of(lang, &format!("rb-how-{}", kind.letter().to_ascii_lowercase()), &[]);
        let text = page(w, lang, &code(lang, kind), &name(w, lang, kind), &how);
        let label = crate::render::rabble::label(kind, crate::table::voice::pieces::script(lang))
            .to_string();
        let (moves, captures) = targets(kind);
        let at = Square { file: (MIDDLE - 1) as u8, rank: (MIDDLE - 1) as u8 };
        let piece = (label, crate::render::rabble::figure(kind));
        let diagram = crate::table::voice::pieces::diagram(
            SIDE as u8,
            at,
            piece,
            &name(w, lang, kind),
            reaches(&moves, &captures),
        );
        Some(PieceHelp { text, diagram })
    }

    /// Red's piece in the middle of 13×13 emptied squares of the main plane: where it moves
    /// and where it captures, by the engine's geometry (a cannon's captures need a screen, so an
    /// empty board shows none of them; the words say so).
    fn targets(kind: Kind) -> (Vec<Square>, Vec<Square>) {
        let mut board = Board::new(Fill::default());
        for x in 1..=SIDE {
            for y in 1..=SIDE {
                board.set(&Coord::main(x, y), None);
            }
        }
        let from = Coord::main(MIDDLE, MIDDLE);
        let (mut moves, mut captures) = (Vec::new(), Vec::new());
        for x in 1..=SIDE {
            for y in 1..=SIDE {
                let to = Coord::main(x, y);
                if to == from {
                    continue;
                }
                let square = Square { file: (x - 1) as u8, rank: (y - 1) as u8 };
                let moved = if kind == Kind::Q {
                    geometry::queen_path(&board, &from, &to, None, true).is_some()
                } else {
                    geometry::reaches(&board, &[kind], Side::Red, &from, &to, false)
                };
                if moved {
                    moves.push(square);
                }
                let captured = if kind == Kind::Q {
                    moved
                } else {
                    geometry::reaches(&board, &[kind], Side::Red, &from, &to, true)
                };
                if captured && kind != Kind::J {
                    captures.push(square);
                }
            }
        }
        (moves, captures)
    }
}

#[cfg(test)]
mod tests {
    use crate::table::voice::pieces::*;

    /// The piece names and moves are messages named at run time (`p10-piece-<name>`,
    /// `ul-how-<key>`, `rb-kind-<letter>`): every piece of every game names one in every
    /// language (a missing message would come back as its id).
    #[test]
    fn every_piece_names_its_messages_in_every_language() {
        let w = Wording::new();
        for lang in Lang::ALL {
            for kind in crate::games::perfect10::Kind::ALL {
                let name = p10::name(&w, lang, kind);
                assert!(!name.starts_with("p10-piece-"), "{kind:?} in {lang}: {name}");
                let help = p10::help(&w, lang, kind).expect("a page").text;
                assert!(!help.contains("p10-how-"), "{kind:?} in {lang}: {help}");
            }
            for kind in crate::games::ultima::Kind::ALL {
                let name = ultima::name(&w, lang, kind);
                assert!(!name.starts_with("ul-piece-"), "{kind:?} in {lang}: {name}");
                let help = ultima::help(&w, lang, kind).expect("a page").text;
                assert!(!help.contains("ul-how-"), "{kind:?} in {lang}: {help}");
            }
            for kind in crate::games::rabble::Kind::ALL {
                let name = rabble::name(&w, lang, kind);
                assert!(!name.starts_with("rb-kind-"), "{kind:?} in {lang}: {name}");
                let help = rabble::help(&w, lang, kind).expect("a page").text;
                assert!(!help.contains("rb-how-"), "{kind:?} in {lang}: {help}");
            }
        }
    }

    fn squares(help: &PieceHelp, want: &[Reach]) -> Vec<(u8, u8)> {
        let mut out: Vec<(u8, u8)> = help
            .diagram
            .targets
            .iter()
            .filter(|(_, r)| want.contains(r))
            .map(|(s, _)| (s.file, s.rank))
            .collect();
        out.sort_unstable();
        out
    }

    /// The squares `offsets` away from `(file, rank)` on a `side`×`side` board.
    fn leaps(at: (i16, i16), offsets: &[(i16, i16)], side: i16) -> Vec<(u8, u8)> {
        let mut out: Vec<(u8, u8)> = offsets
            .iter()
            .map(|(dx, dy)| (at.0 + dx, at.1 + dy))
            .filter(|(f, r)| (0..side).contains(f) && (0..side).contains(r))
            .map(|(f, r)| (u8::try_from(f).unwrap_or(0), u8::try_from(r).unwrap_or(0)))
            .collect();
        out.sort_unstable();
        out
    }

    #[test]
    fn a_perfect10_knight_reaches_its_eight_squares_and_a_rook_its_whole_file_and_rank() {
        let w = Wording::new();
        let knight = piece_help(&w, Lang::En, GameKind::Perfect10, "N").expect("the knight");
        let jumps = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
        assert_eq!(squares(&knight, &[Reach::Both]), leaps((4, 4), &jumps, 10));
        assert!(knight.text.starts_with("N knight: a knight jumps"), "{}", knight.text);
        let rook = piece_help(&w, Lang::En, GameKind::Perfect10, "r").expect("the rook");
        // Nine squares along file e and nine along rank 5, all empty: 18 moves and captures.
        assert_eq!(squares(&rook, &[Reach::Both]).len(), 18);
        // A cannon captures only over a screen: on an empty board it only moves.
        let cannon = piece_help(&w, Lang::En, GameKind::Perfect10, "C").expect("the cannon");
        assert_eq!(squares(&cannon, &[Reach::Move]).len(), 18);
        assert!(squares(&cannon, &[Reach::Capture, Reach::Both]).is_empty());
        // The pawn goes by its name; `P` is the princess, `R+` the dragon, 首 the marshal.
        let pawn = piece_help(&w, Lang::En, GameKind::Perfect10, "pawn").expect("the pawn");
        assert!(pawn.text.starts_with("- pawn:"), "{}", pawn.text);
        for (typed, name) in [("P", "princess"), ("R+", "dragon"), ("首", "marshal")] {
            let help = piece_help(&w, Lang::En, GameKind::Perfect10, typed).expect(typed);
            assert!(help.text.contains(name), "{typed}: {}", help.text);
        }
        assert!(piece_help(&w, Lang::En, GameKind::Perfect10, "Z").is_none());
    }

    #[test]
    fn rabble_mazai_moves_to_forty_squares_and_captures_on_twenty_eight_as_the_spec_counts() {
        // Spec §4.1 and its test list: 馬仔's move and capture sets have 40 and 28 squares.
        let w = Wording::new();
        for typed in ["N", "馬", "Mazai"] {
            let help = piece_help(&w, Lang::En, GameKind::Rabble, typed).expect(typed);
            let moves = squares(&help, &[Reach::Move, Reach::Both]);
            let captures = squares(&help, &[Reach::Capture, Reach::Both]);
            assert_eq!((moves.len(), captures.len()), (40, 28), "{typed}");
        }
        // The prince never captures.
        let prince = piece_help(&w, Lang::En, GameKind::Rabble, "J").expect("the prince");
        assert_eq!(squares(&prince, &[Reach::Move]).len(), 8);
        assert!(squares(&prince, &[Reach::Capture, Reach::Both]).is_empty());
    }

    #[test]
    fn an_ultima_pincer_moves_like_a_rook_and_every_code_is_in_the_legend() {
        let w = Wording::new();
        let pincer = piece_help(&w, Lang::En, GameKind::Ultima, "P").expect("the pincer");
        // From d4 on an empty board: 7 squares along the file and 7 along the rank.
        assert_eq!(squares(&pincer, &[Reach::Move]).len(), 14);
        let chameleon = piece_help(&w, Lang::ZhHans, GameKind::Ultima, "仿").expect("chameleon");
        assert!(chameleon.text.starts_with("仿 "), "{}", chameleon.text);
        // A queen-mover from d4: 27 squares less none (the kings stand off its lines).
        assert_eq!(squares(&chameleon, &[Reach::Move]).len(), 27);
        for kind in [GameKind::Ultima, GameKind::Perfect10, GameKind::Rabble] {
            let text = legend(&w, Lang::En, kind).expect("a legend");
            assert!(text.contains(&format!("/rules {} <code>", kind.code())), "{text}");
        }
        let text = legend(&w, Lang::En, GameKind::Ultima).expect("a legend");
        assert!(text.contains("X chameleon") && text.contains("L long leaper"), "{text}");
        assert!(legend(&w, Lang::En, GameKind::DarkFence).is_none());
    }

    #[test]
    fn the_legend_picture_shows_every_piece_in_characters_the_font_has_in_every_language() {
        let w = Wording::new();
        let theme = crate::render::Theme::default();
        for lang in [Lang::En, Lang::ZhHans, Lang::ZhHant] {
            for (kind, pieces) in
                [(GameKind::Ultima, 7), (GameKind::Perfect10, 19), (GameKind::Rabble, 9)]
            {
                let names: Vec<String> = entries(&w, lang, kind)
                    .expect("pieces")
                    .iter()
                    .map(|e| format!("{} {}", e.code, e.name))
                    .collect();
                assert_eq!(names.len(), pieces);
                let title = w.text(lang, ids::RULES_LEGEND_TITLE, &[("game", kind.code().into())]);
                for text in names.iter().chain([&title]) {
                    let missing: String =
                        text.chars().filter(|&c| !crate::render::can_draw(c)).collect();
                    assert!(missing.is_empty(), "{lang:?} {kind:?}: {text:?} lacks {missing:?}");
                }
                // Three pieces to a row, under the caption band.
                let picture = legend_picture(&w, lang, kind, &theme).expect("a picture");
                let rows = u32::try_from(pieces.div_ceil(3)).expect("a few rows");
                let cell = theme.cell * 3 / 4;
                let row = cell + cell / 5;
                assert_eq!(picture.height, theme.caption + rows * row + cell / 5, "{kind:?}");
            }
        }
        let theme = crate::render::Theme::default();
        assert!(legend_picture(&w, Lang::En, GameKind::ChaosClock, &theme).is_none());
    }
}
