//! `/rules <game> <code>`: one piece alone, as the piece pages of chess-variant sites give it:
//! its code, its name in the reader's language, how it moves and captures in words, and a
//! diagram of its moves (dots) and captures (rings) from the middle of an empty board. The
//! diagrams are computed by the engines themselves (their move generators on a board holding
//! nothing but the piece and what the position needs), so they cannot disagree with play.
//! Ultima's pieces capture by how they move, not where they land, so each has a small position
//! instead, with the move that teaches its capture drawn as an arrow and what the engine says
//! the move captures (crossed) and freezes (marked), and a sentence saying what it shows.
//! `/rules <game>` lists every code with its name (the legend), so a player who sees a code on
//! the board finds it.

use super::wording::{List, Wording, ids, list};
use crate::core::Seat;
use crate::games::{AnyGame, AnyOptions, Game, GameKind};
use crate::render::board::{BoardView, Piece, Reach, Square};
use crate::table::reply::Lang;

pub(crate) use super::piece_page::{Diagram, PieceHelp};

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

use super::piece_page::names_match;

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
) -> Diagram {
    let caption = if label.is_empty() { name.to_string() } else { format!("{label} {name}") };
    Diagram::Board(BoardView {
        files: side,
        ranks: side,
        pieces: vec![(at, Piece { label, figure: Some(figure), owner: 0, marked: false })],
        targets,
        caption,
        ..BoardView::default()
    })
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
        // princess, whatever the case; a pawn has no code and goes by its name, or by the `-`
        // the legend lists it with.
        Kind::ALL.into_iter().find(|&k| {
            let mut names = vec![
                code(Lang::En, k),
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

pub(crate) mod ultima {
    use crate::core::{Seed, Viewer};
    use crate::games::ultima::{Action, Capture, CaptureRule, Color, Event, Kind, State};
    use crate::render::board::{Mark, Note};
    use crate::table::voice::pieces::*;

    pub(crate) const KINDS: [Kind; 7] = Kind::ALL;

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
        let lesson = Lesson::of(kind)?;
        let shows = lesson.caption(w, lang);
        let text = w.text(
            lang,
            ids::UL_RULES_PIECE,
            &[
                ("code", code(lang, kind).into()),
                ("name", name(w, lang, kind).into()),
                ("how", how.into()),
                ("shows", shows.into()),
            ],
        );
        let diagram = Diagram::Board(lesson.diagram(w, lang, &name(w, lang, kind)));
        Some(PieceHelp { text, diagram })
    }

    /// The position each piece's picture teaches from (White to move; upper case White, lower
    /// case Black) and the move it shows: chosen so that the move makes the piece's kind of
    /// capture (the immobilizer's, its freezes), with an enemy beside it that the move spares
    /// where the rule has a condition to show. What the move captures and freezes is never
    /// written here: [`Lesson::of`] asks the engine.
    fn scene(kind: Kind) -> (&'static [(&'static str, char)], &'static str, &'static str) {
        const KINGS: [(&str, char); 2] = [("h1", 'K'), ("a8", 'k')];
        match kind {
            Kind::King => (&[("d4", 'K'), ("e5", 'p'), ("a8", 'k')], "d4", "e5"),
            // The pinch on e5 has a white jaw on f5; c5 has none on b5.
            Kind::Pincer => (
                &[("d2", 'P'), ("e5", 'p'), ("f5", 'P'), ("c5", 'p'), KINGS[0], KINGS[1]],
                "d2",
                "d5",
            ),
            // Away from e5 (behind the move); d5 is beside it, not behind.
            Kind::Withdrawer => {
                (&[("d4", 'W'), ("e5", 'p'), ("d5", 'p'), KINGS[0], KINGS[1]], "d4", "b2")
            }
            Kind::LongLeaper => {
                (&[("d1", 'L'), ("d3", 'p'), ("d5", 'w'), KINGS[0], KINGS[1]], "d1", "d7")
            }
            // With its king on b2: the rectangle's other corners are b5 and f2.
            Kind::Coordinator => {
                (&[("h7", 'C'), ("b2", 'K'), ("b5", 'p'), ("f2", 'p'), ("a8", 'k')], "h7", "f5")
            }
            Kind::Immobilizer => (
                &[("h4", 'I'), ("d5", 'p'), ("e5", 'l'), ("f3", 'p'), KINGS[0], KINGS[1]],
                "h4",
                "e4",
            ),
            // Withdraws from the withdrawer on d1, leaps the long leaper on d4, pinches the
            // pincer on e6 against f6; the coordinator on c6 has a white piece beyond it too, but
            // only a pincer is pinched.
            Kind::Chameleon => (
                &[
                    ("d2", 'X'),
                    ("d1", 'w'),
                    ("d4", 'l'),
                    ("e6", 'p'),
                    ("f6", 'P'),
                    ("c6", 'c'),
                    ("b6", 'P'),
                    KINGS[0],
                    KINGS[1],
                ],
                "d2",
                "d6",
            ),
        }
    }

    /// One piece's lesson: the position before the move, the move, and what the engine says
    /// the move captures and freezes.
    pub(crate) struct Lesson {
        /// The moving piece.
        pub kind: Kind,
        /// The pieces before the move.
        pub pieces: Vec<(Square, Color, Kind)>,
        /// The move.
        pub from: Square,
        /// Where it lands.
        pub to: Square,
        /// What the move captures, as the engine played it.
        pub captures: Vec<Capture>,
        /// The pieces the move freezes, as the engine played it.
        pub freezes: Vec<Square>,
        /// The mover's king.
        pub king: Square,
    }

    impl Lesson {
        /// The lesson of `kind`: its scene played by the engine (`None` if the engine refuses
        /// the position or the move, which a test rules out).
        pub(crate) fn of(kind: Kind) -> Option<Lesson> {
            let (placed, from, to) = scene(kind);
            let at = |name: &str| -> Option<Square> {
                let s: crate::games::ultima::Square = name.parse().ok()?;
                Some(Square { file: s.file, rank: s.rank })
            };
            let mut letters = Vec::new();
            for &(square, letter) in placed {
                letters.push((at(square)?, letter));
            }
            let text = crate::table::voice::pieces::board_text(8, |file, rank| {
                letters.iter().find(|(s, _)| *s == Square { file, rank }).map(|&(_, c)| c)
            });
            let options = crate::games::ultima::Options::default();
            let game = State::from_position(&options, &format!("{text} w"), Seed(0)).ok()?;
            let (from, to) = (at(from)?, at(to)?);
            let engine = |s: Square| crate::games::ultima::Square { file: s.file, rank: s.rank };
            let action = Action::Move { from: engine(from), to: engine(to) };
            let mut after = game.clone();
            let events = after.play(Seat(0), &action).ok()?;
            let (captures, freezes) = events.into_iter().find_map(|n| match n.event {
                Event::Moved { captures, freezes, .. } => Some((captures, freezes)),
                _ => None,
            })?;
            let pieces = game
                .view(Viewer::Public)
                .pieces
                .into_iter()
                .map(|(s, color, kind)| (Square { file: s.file, rank: s.rank }, color, kind))
                .collect();
            let king = game.king(Color::White);
            Some(Lesson {
                kind,
                pieces,
                from,
                to,
                captures,
                freezes: freezes
                    .iter()
                    .map(|f| Square { file: f.square.file, rank: f.square.rank })
                    .collect(),
                king: Square { file: king.file, rank: king.rank },
            })
        }

        /// The squares the move captures on.
        pub(crate) fn taken(&self) -> Vec<Square> {
            self.captures
                .iter()
                .map(|c| Square { file: c.square.file, rank: c.square.rank })
                .collect()
        }

        /// The enemy pieces (kings aside) the move neither captures nor freezes.
        fn spared(&self) -> Vec<(Square, Kind)> {
            let (taken, frozen) = (self.taken(), &self.freezes);
            self.pieces
                .iter()
                .filter(|&&(s, color, kind)| {
                    color == Color::Black
                        && kind != Kind::King
                        && !taken.contains(&s)
                        && !frozen.contains(&s)
                })
                .map(|&(s, _, kind)| (s, kind))
                .collect()
        }

        /// The sentence saying what the picture shows, every square and capture in it from
        /// the lesson.
        pub(crate) fn caption(&self, w: &Wording, lang: Lang) -> String {
            let sq =
                |s: Square| crate::games::ultima::Square { file: s.file, rank: s.rank }.to_string();
            let piece = |s: Square, kind: Kind| {
                w.text(
                    lang,
                    ids::UL_SHOWS_PIECE,
                    &[("square", sq(s).into()), ("piece", name(w, lang, kind).into())],
                )
            };
            let captures: Vec<String> = self
                .captures
                .iter()
                .map(|c| crate::table::voice::ultima::capture_text(w, lang, c))
                .collect();
            let spared: Vec<String> = self.spared().iter().map(|&(s, k)| piece(s, k)).collect();
            let frozen: Vec<String> = self
                .freezes
                .iter()
                .filter_map(|&s| {
                    let &(_, _, kind) = self.pieces.iter().find(|p| p.0 == s)?;
                    Some(piece(s, kind))
                })
                .collect();
            // A pincer's second jaws: the squares just beyond what it pinched.
            let jaws: Vec<String> = self
                .taken()
                .iter()
                .map(|t| {
                    let beyond = |a: u8, b: u8| (2 * i16::from(b) - i16::from(a)).clamp(0, 7) as u8;
                    sq(Square {
                        file: beyond(self.to.file, t.file),
                        rank: beyond(self.to.rank, t.rank),
                    })
                })
                .collect();
            w.text_of(
                lang,
                &format!("ul-shows-{}", key(self.kind)),
                &[
                    ("from", sq(self.from).into()),
                    ("to", sq(self.to).into()),
                    ("king", sq(self.king).into()),
                    ("count", self.captures.len().into()),
                    ("captures", list(lang, List::Items, &captures).into()),
                    ("jaws", list(lang, List::Items, &jaws).into()),
                    ("spared", list(lang, List::Items, &spared).into()),
                    ("frozen_count", frozen.len().into()),
                    ("frozen", list(lang, List::Items, &frozen).into()),
                ],
            )
        }

        /// The picture: the position before the move in the reader's script, the move's
        /// arrow with its squares tinted, what it captures crossed, what it freezes marked
        /// frozen, a coordination's rectangle, and the key to the marks it uses under the board.
        /// (The caption sentence is the page's text, which chats show with the picture: the
        /// picture's font holds only the characters boards draw.)
        pub(crate) fn diagram(&self, w: &Wording, lang: Lang, name: &str) -> BoardView {
            let script = crate::table::voice::pieces::script(lang);
            let pieces = self
                .pieces
                .iter()
                .map(|&(s, color, kind)| {
                    let piece = Piece {
                        label: crate::render::ultima::label(kind, script).to_string(),
                        figure: Some(crate::render::ultima::figure(kind)),
                        owner: u8::from(color == Color::Black),
                        marked: self.freezes.contains(&s),
                    };
                    (s, piece)
                })
                .collect();
            let mut notes =
                vec![Note { mark: Some(Mark::Arrow), text: w.text(lang, ids::UL_KEY_ARROW, &[]) }];
            if !self.captures.is_empty() {
                notes.push(Note {
                    mark: Some(Mark::Taken),
                    text: w.text(lang, ids::UL_KEY_TAKEN, &[]),
                });
            }
            if !self.freezes.is_empty() {
                notes.push(Note {
                    mark: Some(Mark::Frozen),
                    text: w.text(lang, ids::UL_KEY_FROZEN, &[]),
                });
            }
            let label = crate::render::ultima::label(self.kind, script);
            BoardView {
                files: 8,
                ranks: 8,
                pieces,
                last_move: Some((self.from, self.to)),
                arrow: Some((self.from, self.to)),
                rectangle: self
                    .captures
                    .iter()
                    .any(|c| c.rule == CaptureRule::Coordination)
                    .then_some((self.to, self.king)),
                taken: self.taken(),
                notes,
                caption: format!("{label} {name}"),
                ..BoardView::default()
            }
        }
    }
}

use super::rabble_pieces as rabble;

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
        let Diagram::Board(view) = &help.diagram else { return Vec::new() };
        let mut out: Vec<(u8, u8)> = view
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
    fn ultima_pieces_go_by_their_codes_in_either_script_and_every_code_is_in_the_legend() {
        let w = Wording::new();
        let pincer = piece_help(&w, Lang::En, GameKind::Ultima, "P").expect("the pincer");
        assert!(pincer.text.starts_with("P pincer: moves like a rook"), "{}", pincer.text);
        let chameleon = piece_help(&w, Lang::ZhHans, GameKind::Ultima, "仿").expect("chameleon");
        assert!(chameleon.text.starts_with("仿 "), "{}", chameleon.text);
        let pincer = piece_help(&w, Lang::ZhHant, GameKind::Ultima, "夹").expect("the pincer");
        assert!(pincer.text.starts_with("夾 夾吃者"), "{}", pincer.text);
        for kind in [GameKind::Ultima, GameKind::Perfect10, GameKind::Rabble] {
            let text = legend(&w, Lang::En, kind).expect("a legend");
            assert!(text.contains(&format!("/rules {} <code>", kind.code())), "{text}");
        }
        let text = legend(&w, Lang::En, GameKind::Ultima).expect("a legend");
        assert!(text.contains("X chameleon") && text.contains("L long leaper"), "{text}");
        assert!(legend(&w, Lang::En, GameKind::DarkFence).is_none());
    }

    /// The position an Ultima piece picture draws, as a position text read back from the
    /// picture itself (each piece's Latin code, upper case for White), White to move.
    fn ultima_position(diagram: &BoardView) -> String {
        board_text(8, |file, rank| {
            let (_, p) = diagram.pieces.iter().find(|(s, _)| *s == Square { file, rank })?;
            let letter = p.label.chars().next()?;
            Some(if p.owner == 0 { letter } else { letter.to_ascii_lowercase() })
        }) + " w"
    }

    /// The rule each piece captures by, as docs/ultima.md states it ("Capturing, piece by
    /// piece"): a chameleon takes each piece by that piece's own rule.
    fn rule_of(kind: crate::games::ultima::Kind) -> Option<crate::games::ultima::CaptureRule> {
        use crate::games::ultima::{CaptureRule, Kind};
        match kind {
            Kind::King => Some(CaptureRule::Displacement),
            Kind::Pincer => Some(CaptureRule::Pinch),
            Kind::Withdrawer => Some(CaptureRule::Withdrawal),
            Kind::LongLeaper => Some(CaptureRule::Leap),
            Kind::Coordinator => Some(CaptureRule::Coordination),
            Kind::Immobilizer | Kind::Chameleon => None,
        }
    }

    /// Issue 42: every Ultima piece's picture shows a move that captures the way that piece
    /// captures (the immobilizer's freezes), and its red crosses and frozen marks are exactly
    /// what the engine captures and freezes when the picture's move is played on the picture's
    /// position, read back from the picture.
    #[test]
    fn every_ultima_picture_marks_exactly_what_the_engine_takes_and_freezes_by_its_move() {
        use crate::core::Seed;
        use crate::games::ultima::{Action, Event, Kind, Options, State};
        let w = Wording::new();
        for kind in Kind::ALL {
            let diagram = ultima::help(&w, Lang::En, kind).expect("a page").diagram.into_board();
            let position = ultima_position(&diagram);
            let game = State::from_position(&Options::default(), &position, Seed(0))
                .unwrap_or_else(|e| panic!("{kind:?}: {position}: {e}"));
            let (from, to) = diagram.arrow.expect("a move");
            let engine = |s: Square| crate::games::ultima::Square { file: s.file, rank: s.rank };
            let mover = game.piece_at(engine(from)).expect("the mover");
            assert_eq!(mover.1, kind, "{kind:?}: the arrow starts at the piece itself");
            let action = Action::Move { from: engine(from), to: engine(to) };
            let mut after = game.clone();
            let events = after.play(crate::core::Seat(0), &action).expect("a legal move");
            let Some(Event::Moved { captures, freezes, .. }) =
                events.into_iter().map(|n| n.event).next()
            else {
                panic!("{kind:?}: no move")
            };
            let mut taken: Vec<(u8, u8)> =
                captures.iter().map(|c| (c.square.file, c.square.rank)).collect();
            let mut crossed: Vec<(u8, u8)> =
                diagram.taken.iter().map(|s| (s.file, s.rank)).collect();
            taken.sort_unstable();
            crossed.sort_unstable();
            assert_eq!(crossed, taken, "{kind:?}: the crosses are the engine's captures");
            let mut frozen: Vec<(u8, u8)> =
                freezes.iter().map(|f| (f.square.file, f.square.rank)).collect();
            let mut marked: Vec<(u8, u8)> = diagram
                .pieces
                .iter()
                .filter(|(_, p)| p.marked)
                .map(|(s, _)| (s.file, s.rank))
                .collect();
            frozen.sort_unstable();
            marked.sort_unstable();
            assert_eq!(marked, frozen, "{kind:?}: the frozen marks are the engine's freezes");
            // Each piece shows its own kind of capture.
            match kind {
                Kind::Immobilizer => {
                    assert!(captures.is_empty() && !freezes.is_empty(), "{kind:?}: {freezes:?}");
                }
                Kind::Chameleon => {
                    let rules: std::collections::BTreeSet<_> =
                        captures.iter().map(|c| c.rule).collect();
                    assert!(rules.len() >= 2, "{kind:?} shows several rules: {captures:?}");
                    for c in &captures {
                        assert_eq!(
                            Some(c.rule),
                            rule_of(c.piece),
                            "{kind:?} takes as its victim: {c:?}"
                        );
                    }
                }
                _ => {
                    assert!(!captures.is_empty(), "{kind:?} captures something");
                    for c in &captures {
                        assert_eq!(Some(c.rule), rule_of(kind), "{kind:?}: {c:?}");
                    }
                }
            }
            if kind == Kind::LongLeaper {
                // Every capture stands on the line strictly between where it starts and lands.
                for c in &captures {
                    let (f, r) = (i16::from(c.square.file), i16::from(c.square.rank));
                    let (f0, r0, f1, r1) = (
                        i16::from(from.file),
                        i16::from(from.rank),
                        i16::from(to.file),
                        i16::from(to.rank),
                    );
                    let between = (f - f0) * (r1 - r0) == (r - r0) * (f1 - f0)
                        && (f - f0) * (f1 - f) + (r - r0) * (r1 - r) > 0;
                    assert!(between, "a leap over {c:?} from {from:?} to {to:?}");
                }
            }
        }
    }

    /// Issue 42: the long leaper's picture was the queen's (every queen-mover's picture was
    /// the same dots from d4); now no two pieces' pictures show the same thing, codes and
    /// figures aside, and the pictures differ as drawn.
    #[test]
    fn no_two_ultima_pieces_pictures_show_the_same_thing_and_the_long_leapers_shows_a_leap() {
        use crate::games::ultima::Kind;
        let w = Wording::new();
        let theme = crate::render::Theme::default();
        // What a picture shows once its codes, figures and caption are taken away.
        let shown = |kind: Kind| {
            let d = ultima::help(&w, Lang::En, kind).expect("a page").diagram.into_board();
            let render = crate::render::board::render(&d, &theme).png;
            let pieces: Vec<(Square, u8, bool)> =
                d.pieces.iter().map(|(s, p)| (*s, p.owner, p.marked)).collect();
            ((pieces, d.targets, d.arrow, d.taken, d.rectangle), render)
        };
        let all: Vec<(Kind, _)> = Kind::ALL.iter().map(|&k| (k, shown(k))).collect();
        for (i, (a, (what_a, png_a))) in all.iter().enumerate() {
            for (b, (what_b, png_b)) in &all[i + 1..] {
                assert_ne!(what_a, what_b, "{a:?} and {b:?} show the same");
                assert_ne!(png_a, png_b, "{a:?} and {b:?} draw the same");
            }
        }
        let leaper =
            ultima::help(&w, Lang::En, Kind::LongLeaper).expect("a page").diagram.into_board();
        assert!(leaper.taken.len() >= 2, "the long leaper jumps pieces: {:?}", leaper.taken);
    }

    /// Issue 42: every Ultima piece page says in words what its picture shows, in every
    /// language: the move's squares and every piece it captures, spares or freezes, as the
    /// picture marks them.
    #[test]
    fn every_ultima_page_says_what_its_picture_shows_in_every_language() {
        use crate::games::ultima::Kind;
        let w = Wording::new();
        for lang in Lang::ALL {
            for kind in Kind::ALL {
                let help = ultima::help(&w, lang, kind).expect("a page");
                let text = &help.text;
                assert!(
                    !text.contains('{') && !text.contains("ul-shows-"),
                    "{lang} {kind:?}: {text}"
                );
                let name = |s: Square| {
                    crate::games::ultima::Square { file: s.file, rank: s.rank }.to_string()
                };
                let (from, to) = help.diagram.board().arrow.expect("a move");
                let mut named: Vec<Square> = vec![from, to];
                named.extend(&help.diagram.board().taken);
                named.extend(
                    help.diagram.board().pieces.iter().filter(|(_, p)| p.marked).map(|(s, _)| *s),
                );
                for s in named {
                    assert!(text.contains(&name(s)), "{lang} {kind:?} names {}: {text}", name(s));
                }
                // The sentence follows the piece's rule on a line of its own.
                assert_eq!(text.lines().count(), 2, "{lang} {kind:?}: {text}");
            }
            let pincer = ultima::help(&w, lang, Kind::Pincer).expect("a page").text;
            assert!(
                pincer.contains("f5") && pincer.contains("c5"),
                "{lang}: jaw and spared: {pincer}"
            );
        }
        let leaper = ultima::help(&w, Lang::En, Kind::LongLeaper).expect("a page").text;
        assert!(leaper.contains("jumping the enemies"), "{leaper}");
    }

    /// Issue 42, item 3: the pieces on an Ultima page's picture, its caption and its key are
    /// in the reader's script (no 夹 协 for a 繁體 reader, no 夾 協 for a 简体 one, no Chinese
    /// for an English one, by OpenCC's tables), and in characters the picture's font has; so
    /// is the page's text.
    #[test]
    fn ultima_pictures_and_pages_are_in_the_readers_script_and_the_fonts_characters() {
        use crate::games::ultima::Kind;
        let w = Wording::new();
        let han = |c: char| ('\u{3400}'..='\u{9fff}').contains(&c);
        let wrong = |lang: Lang, text: &str| -> Vec<char> {
            text.chars()
                .filter(|&c| han(c))
                .filter(|&c| match lang {
                    Lang::En => true,
                    Lang::ZhHans => !character_converter::is_simplified(&c.to_string()),
                    Lang::ZhHant => !character_converter::is_traditional(&c.to_string()),
                })
                .collect()
        };
        for lang in Lang::ALL {
            for kind in Kind::ALL {
                let help = ultima::help(&w, lang, kind).expect("a page");
                let d = help.diagram.board();
                let mut drawn: Vec<&str> = d.pieces.iter().map(|(_, p)| p.label.as_str()).collect();
                drawn.push(&d.caption);
                drawn.extend(d.notes.iter().map(|n| n.text.as_str()));
                let mut bad = Vec::new();
                for text in drawn {
                    bad.extend(wrong(lang, text));
                    let missing: String =
                        text.chars().filter(|&c| !crate::render::can_draw(c) && c != ' ').collect();
                    assert!(
                        missing.is_empty(),
                        "{lang} {kind:?}: the font lacks {missing:?} of {text:?}"
                    );
                }
                if lang != Lang::En {
                    bad.extend(wrong(lang, &help.text));
                }
                assert!(bad.is_empty(), "{lang} {kind:?}: {bad:?} in the wrong script");
            }
        }
        // Both Chinese scripts show the pincer and the coordinator, where they differ.
        let labels = |lang: Lang| -> String {
            let d = ultima::help(&w, lang, Kind::Coordinator).expect("a page").diagram.into_board();
            d.pieces.iter().map(|(_, p)| p.label.clone()).collect()
        };
        assert!(labels(Lang::ZhHant).contains('協') && labels(Lang::ZhHant).contains('夾'));
        assert!(labels(Lang::ZhHans).contains('协') && labels(Lang::ZhHans).contains('夹'));
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
