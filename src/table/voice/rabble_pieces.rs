//! Rabble's piece pages (`/rules rabble <code>`), for `pieces.rs`: the piece among the pawns its
//! board starts full of, on the game's own board, with what the turn checker accepts from there.

use super::piece_page::{Diagram, PieceHelp, names_match};
use super::wording::{Wording, ids};
use crate::games::rabble::{Action, Coord, Kind, Layer, Options, Side, State, Step, Unit, View};
use crate::render::rabble::Mark;
use crate::table::reply::Lang;

pub(crate) const KINDS: [Kind; 9] = Kind::ALL;

/// Where the page's piece stands: Red's front row, in the middle of the battlefield.
pub(crate) const AT: (i64, i64) = (6, 6);
/// How far the page's window reaches from [`AT`] each way: every leap (at most four
/// squares) fits.
const REACH: i64 = 4;

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
        names_match(typed, &names)
            || typed.chars().count() == 1
                && typed.chars().next().and_then(Kind::from_char) == Some(k)
    })
}

pub(crate) fn help(w: &Wording, lang: Lang, kind: Kind) -> Option<PieceHelp> {
    let how = w.text_of(lang, &format!("rb-how-{}", kind.letter().to_ascii_lowercase()), &[]);
    let (code, name) = (code(lang, kind), name(w, lang, kind));
    let at = format!("{},{}", AT.0, AT.1);
    let text = w.text(
        lang,
        ids::RULES_PIECE_RABBLE,
        &[
            ("code", code.as_str().into()),
            ("name", name.as_str().into()),
            ("how", how.into()),
            ("square", at.into()),
        ],
    );
    let (view, marks) = page(kind);
    let caption = format!("{code} {name}");
    Some(PieceHelp { text, diagram: Diagram::Rabble { view: Box::new(view), marks, caption } })
}

/// Red's `kind` on [`AT`] of the start position (the default placement, as `select=off`
/// starts), among the pawns the board starts full of, Red to move: the window around it and
/// every square of it the piece reaches in one turn, as the turn checker itself decides
/// (an empty square a move, an enemy's a capture, a friend's a stack), so the page cannot
/// disagree with play. (An empty board would teach the pattern, not the game: on this one a
/// rider stops at the first unit, as it does in play.)
pub(crate) fn page(kind: Kind) -> (View, Vec<(Coord, Mark)>) {
    let (mut state, from) = position(kind);
    let (xs, ys) = ((AT.0 - REACH, AT.0 + REACH), (AT.1 - REACH, AT.1 + REACH));
    let mut marks = Vec::new();
    for y in ys.0..=ys.1 {
        for x in xs.0..=xs.1 {
            let to = Coord::main(x, y);
            if to == from {
                continue;
            }
            let (step, mark) = match state.board().get(&to) {
                None => (Step::Move { to: to.clone(), via: None }, Mark::Move),
                Some(u) if u.owner != Side::Red => {
                    (Step::Capture { to: to.clone(), via: None }, Mark::Capture)
                }
                Some(_) => (Step::Stack { to: to.clone(), via: None }, Mark::Stack),
            };
            let turn =
                Action::Unit { from: from.clone(), check: None, split: None, steps: vec![step] };
            if state.validate(Side::Red, &turn).is_ok() {
                marks.push((to, mark));
            }
        }
    }
    let mut view =
        state.view_window(&Layer::main(), (xs.0.into(), xs.1.into()), (ys.0.into(), ys.1.into()));
    // Its square tinted as a last move is, to tell it from the pawns around it.
    view.last_squares = vec![from];
    (view, marks)
}

/// The page's position and the piece's square.
pub(crate) fn position(kind: Kind) -> (State, Coord) {
    let options = Options { select: false, ..Options::default() };
    let mut state = State::start(&options);
    let from = Coord::main(AT.0, AT.1);
    state.set_cell(&from, Some(Unit::single(Side::Red, kind)));
    (state, from)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameKind;
    use crate::table::voice::pieces::{Diagram, piece_help};

    /// A page coordinate, which is small.
    fn small(v: &crate::games::rabble::Int) -> i64 {
        v.to_i64().expect("a small coordinate")
    }

    /// The marks of a Rabble page, as `(dx, dy, mark)` from the piece.
    fn rabble_marks(help: &PieceHelp) -> Vec<(i64, i64, crate::render::rabble::Mark)> {
        let Diagram::Rabble { marks, .. } = &help.diagram else { panic!("a Rabble page") };
        let (x0, y0) = super::AT;
        let mut out: Vec<_> =
            marks.iter().map(|(c, m)| (small(&c.x) - x0, small(&c.y) - y0, *m)).collect();
        out.sort_by_key(|&(dx, dy, m)| (dx, dy, m as u8));
        out
    }

    #[test]
    fn a_rabble_piece_page_shows_the_mazai_capturing_only_three_or_four_steps_away_among_the_pawns()
    {
        use crate::render::rabble::Mark;
        // Spec §4.1: 馬仔 leaps to any square 1-4 orthogonal steps away and captures only on those
        // 3 or 4 steps away. On the page it stands on Red's front row, every square around it
        // full (Blue's pawns from the next row up): so it captures on exactly the squares
        // 3 or 4 steps away that lie ahead, and moves onto no empty square (there is none).
        let w = Wording::new();
        for typed in ["N", "馬", "Mazai"] {
            let help = piece_help(&w, Lang::En, GameKind::Rabble, typed).expect(typed);
            let marks = rabble_marks(&help);
            let captures: Vec<(i64, i64)> = marks
                .iter()
                .filter(|m| m.2 == Mark::Capture)
                .map(|&(dx, dy, _)| (dx, dy))
                .collect();
            let mut expected = Vec::new();
            for dx in -4i64..=4 {
                for dy in 1i64..=4 {
                    if (3..=4).contains(&(dx.abs() + dy.abs())) {
                        expected.push((dx, dy));
                    }
                }
            }
            assert_eq!(captures, expected, "{typed}");
            assert!(!marks.iter().any(|m| m.2 == Mark::Move), "{typed}: nothing is empty");
            // Whatever it stacks onto is a friend within its leap (Red's rows, y <= 6).
            let stacks: Vec<_> = marks.iter().filter(|m| m.2 == Mark::Stack).collect();
            assert!(!stacks.is_empty(), "{typed}");
            assert!(stacks.iter().all(|m| m.1 <= 0 && m.0.abs() + m.1.abs() <= 4), "{stacks:?}");
        }
        // The prince never captures.
        let prince = piece_help(&w, Lang::En, GameKind::Rabble, "J").expect("the prince");
        assert!(!rabble_marks(&prince).iter().any(|m| m.2 == Mark::Capture));
    }

    #[test]
    fn every_rabble_piece_page_marks_exactly_the_targets_that_moves_lists_from_its_square() {
        use crate::render::rabble::Mark;
        // `/moves` (the engine's target listing, its own code path) and the page must agree on
        // every square of the page's window.
        let w = Wording::new();
        for kind in crate::games::rabble::Kind::ALL {
            let help = piece_help(&w, Lang::En, GameKind::Rabble, &kind.letter().to_string())
                .expect("a page");
            let (state, from) = super::position(kind);
            let listed = crate::games::rabble::text::targets(&state, &from).expect("targets");
            let mut expected: Vec<(i64, i64, Mark)> = listed
                .near
                .iter()
                .map(|t| {
                    let step = t.step.as_str();
                    let (mark, rest) = match step.chars().next() {
                        Some('>') => (Mark::Move, &step[1..]),
                        Some('x') => (Mark::Capture, &step[1..]),
                        Some('&') => (Mark::Stack, &step[1..]),
                        _ => panic!("a near target: {step}"),
                    };
                    let (x, y) = rest.split_once(',').expect("x,y");
                    let (x, y): (i64, i64) = (x.parse().expect("x"), y.parse().expect("y"));
                    (x - small(&from.x), y - small(&from.y), mark)
                })
                .collect();
            expected.sort_by_key(|&(dx, dy, m)| (dx, dy, m as u8));
            assert_eq!(rabble_marks(&help), expected, "{kind:?}");
            // The window is the game's board: 9 × 9 squares around the piece, full of units.
            let Diagram::Rabble { view, .. } = &help.diagram else { panic!("a Rabble page") };
            assert_eq!((view.cells.len(), view.cells[0].len()), (9, 9));
            assert!(view.cells.iter().flatten().all(Option::is_some), "{kind:?}: full");
        }
    }
}
