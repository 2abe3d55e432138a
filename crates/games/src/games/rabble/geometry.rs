//! Piece geometry (spec §4.1, §4.5, §4.6): leaps as offset sets, rides as rays checked by
//! arithmetic plus a bounded scan for the squares between. Nothing here lists a side's moves.

use super::board::{Board, Kind, Side};
use super::coord::Coord;
use super::int::Int;

/// Ride directions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Dirs {
    /// Orthogonal.
    O,
    /// Diagonal.
    X,
    /// Both.
    A,
}

impl Dirs {
    fn contains(self, dx: i64, dy: i64) -> bool {
        let diagonal = dx != 0 && dy != 0;
        match self {
            Dirs::O => !diagonal,
            Dirs::X => diagonal,
            Dirs::A => true,
        }
    }
}

/// Leap offset sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Leap {
    /// The pawn's six targets, forward f.
    Pawn(i64),
    /// Man(a..b): a ≤ |dx|+|dy| ≤ b.
    Man(i64, i64),
    /// One step in any of the 8 directions.
    King,
}

impl Leap {
    fn contains(self, dx: i64, dy: i64) -> bool {
        match self {
            Leap::Pawn(f) => {
                (dx == 0 && (dy == f || dy == 2 * f)) || (dx.abs() == 1 && (dy == 0 || dy == f))
            }
            Leap::Man(a, b) => {
                let m = dx.unsigned_abs().saturating_add(dy.unsigned_abs());
                (dx, dy) != (0, 0) && m >= a.unsigned_abs() && m <= b.unsigned_abs()
            }
            Leap::King => (dx, dy) != (0, 0) && dx.abs() <= 1 && dy.abs() <= 1,
        }
    }
}

/// One movement primitive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Prim {
    Leap(Leap),
    /// Directions, maximum steps (`None` = unbounded), allowed numbers of screens.
    Ride(Dirs, Option<i64>, &'static [usize]),
}

const NONE: &[usize] = &[0];
const ONE: &[usize] = &[1];
const UPTO1: &[usize] = &[0, 1];

/// The move primitives of one piece (the queen's two-stage path is separate).
fn move_prims(kind: Kind, owner: Side) -> Vec<Prim> {
    match kind {
        Kind::P => vec![Prim::Leap(Leap::Pawn(owner.forward()))],
        Kind::N => vec![Prim::Leap(Leap::Man(1, 4))],
        Kind::R | Kind::B => vec![Prim::Ride(Dirs::A, Some(12), NONE)],
        Kind::C => vec![Prim::Ride(Dirs::A, Some(12), UPTO1)],
        Kind::G => vec![Prim::Leap(Leap::Man(1, 4)), Prim::Ride(Dirs::A, None, UPTO1)],
        Kind::K | Kind::J => vec![Prim::Leap(Leap::King)],
        Kind::Q => Vec::new(),
    }
}

/// The capture primitives of one piece.
fn capture_prims(kind: Kind, owner: Side) -> Vec<Prim> {
    match kind {
        Kind::P => vec![Prim::Leap(Leap::Pawn(owner.forward()))],
        Kind::N => vec![Prim::Leap(Leap::Man(3, 4))],
        Kind::R => vec![
            Prim::Ride(Dirs::X, Some(1), NONE),
            Prim::Ride(Dirs::O, Some(12), NONE),
            Prim::Ride(Dirs::X, Some(12), ONE),
        ],
        Kind::B => vec![
            Prim::Ride(Dirs::O, Some(1), NONE),
            Prim::Ride(Dirs::X, Some(12), NONE),
            Prim::Ride(Dirs::O, Some(12), ONE),
        ],
        Kind::C => vec![Prim::Ride(Dirs::A, Some(12), ONE)],
        Kind::G => vec![Prim::Leap(Leap::Man(3, 4)), Prim::Ride(Dirs::A, None, UPTO1)],
        Kind::K => vec![Prim::Leap(Leap::King)],
        Kind::J | Kind::Q => Vec::new(),
    }
}

/// The unit direction and step count from `from` to `to` along one of the 8 lines, if any.
fn ray(from: &Coord, to: &Coord) -> Option<((i64, i64), Int)> {
    let dx = &to.x - &from.x;
    let dy = &to.y - &from.y;
    let (ax, ay) = (dx.abs(), dy.abs());
    if (dx.is_zero() && dy.is_zero()) || !(dx.is_zero() || dy.is_zero() || ax == ay) {
        return None;
    }
    let k = ax.max(ay);
    Some(((dx.signum(), dy.signum()), k))
}

fn prim_ok(board: &Board, prim: Prim, from: &Coord, to: &Coord, vacated: Option<&Coord>) -> bool {
    match prim {
        // A leap spans at most 4 squares: an offset beyond an i64 is never one.
        Prim::Leap(leap) => match ((&to.x - &from.x).to_i64(), (&to.y - &from.y).to_i64()) {
            (Some(dx), Some(dy)) => leap.contains(dx, dy),
            _ => false,
        },
        Prim::Ride(dirs, max, screens) => {
            let Some(((dx, dy), k)) = ray(from, to) else { return false };
            if !dirs.contains(dx, dy) || max.is_some_and(|m| k > m) {
                return false;
            }
            let most = screens.iter().copied().max().unwrap_or(0);
            let between = board.scan(from, (dx, dy), Some(&(k - 1)), most + 1, vacated).len();
            screens.contains(&between)
        }
    }
}

/// Whether a unit of `kinds` owned by `owner` reaches `to` from `from` in its own layer, as a
/// move (also a stacking move) or as a capture, by any member's primitive. The queen's
/// two-stage path and the king face-off are separate ([`queen_path`], [`face_off`]).
#[must_use]
pub fn reaches(
    board: &Board,
    kinds: &[Kind],
    owner: Side,
    from: &Coord,
    to: &Coord,
    capture: bool,
) -> bool {
    if from.layer != to.layer {
        return false;
    }
    let mut seen: Vec<Kind> = kinds.to_vec();
    seen.dedup();
    seen.iter().any(|&kind| {
        let prims = if capture { capture_prims(kind, owner) } else { move_prims(kind, owner) };
        prims.into_iter().any(|p| prim_ok(board, p, from, to, None))
    })
}

/// The queen's two-stage move ([I-10]): slide only, step only, slide then step, or step then
/// slide. A slide passes only empty squares, the intermediate square must be empty, and the
/// origin counts as vacated in the second stage when `origin_vacated`. Returns the waypoint
/// used (`None` for a one-stage path), or `None` overall when no path exists. When `via` is
/// given, only that waypoint is tried.
#[must_use]
pub fn queen_path(
    board: &Board,
    from: &Coord,
    to: &Coord,
    via: Option<&Coord>,
    origin_vacated: bool,
) -> Option<Option<Coord>> {
    if from.layer != to.layer || from == to {
        return None;
    }
    let slide = Prim::Ride(Dirs::A, None, NONE);
    let step = Prim::Leap(Leap::King);
    let vac = origin_vacated.then_some(from);
    if via.is_none()
        && (prim_ok(board, slide, from, to, None) || prim_ok(board, step, from, to, None))
    {
        return Some(None);
    }
    let mut candidates: Vec<Coord> = Vec::new();
    match via {
        Some(v) => candidates.push(v.clone()),
        None => {
            for (ex, ey) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)] {
                // Slide then step: the waypoint is one step short of the target.
                candidates.push(to.offset(ex, ey, &Int::new(-1)));
                // Step then slide: the waypoint is one step from the origin.
                candidates.push(from.offset(ex, ey, &Int::ONE));
            }
        }
    }
    for m in candidates {
        if m == *from || m == *to || m.layer != from.layer || board.occupied(&m) {
            continue;
        }
        let slide_step = prim_ok(board, slide, from, &m, None) && prim_ok(board, step, &m, to, vac);
        let step_slide = prim_ok(board, step, from, &m, None) && prim_ok(board, slide, &m, to, vac);
        if slide_step || step_slide {
            return Some(Some(m));
        }
    }
    None
}

/// The king face-off ([I-12]): the two squares on one in-layer rank, file or diagonal, or on a
/// line across layers (same x, y; exactly one other coordinate differs), with nothing between.
#[must_use]
pub fn face_off(board: &Board, from: &Coord, to: &Coord) -> bool {
    if from.layer == to.layer {
        let Some((d, k)) = ray(from, to) else { return false };
        board.scan(from, d, Some(&(k - 1)), 1, None).is_empty()
    } else {
        board.occupied_between_layers(from, to).is_some_and(|n| n.is_zero())
    }
}

/// One origin's targets in its layer, for `/moves` hints: the leap offsets that land on empty
/// or enemy squares and, per direction, the ray interval up to the first two occupied squares.
/// Finite for every unit ([I-9]); an unbounded ride along an empty band row reports `None` as
/// its end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RayHint {
    /// Unit direction.
    pub dir: (i64, i64),
    /// Empty squares at k = 1..=`empty_to` (0 when the first square is occupied); `None` =
    /// unbounded.
    pub empty_to: Option<Int>,
    /// The first two occupied squares along the ray.
    pub blockers: Vec<(Int, Coord)>,
}

/// The ray intervals from `from` in all 8 directions.
#[must_use]
pub fn ray_hints(board: &Board, from: &Coord) -> Vec<RayHint> {
    let mut out = Vec::new();
    for dir in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)] {
        let hits = board.scan(from, dir, None, 2, None);
        let empty_to = hits.first().map(|h| &h.k - 1);
        out.push(RayHint {
            dir,
            empty_to: if hits.is_empty() { None } else { empty_to },
            blockers: hits.into_iter().map(|h| (h.k, h.at)).collect(),
        });
    }
    out
}

/// Every leap offset of a piece kind (move or capture), for hints and tests.
#[must_use]
pub fn leap_offsets(kind: Kind, owner: Side, capture: bool) -> Vec<(i64, i64)> {
    let prims = if capture { capture_prims(kind, owner) } else { move_prims(kind, owner) };
    let mut out = Vec::new();
    for p in prims {
        if let Prim::Leap(l) = p {
            for dx in -4..=4 {
                for dy in -4..=4 {
                    if l.contains(dx, dy) && !out.contains(&(dx, dy)) {
                        out.push((dx, dy));
                    }
                }
            }
        }
    }
    out
}
