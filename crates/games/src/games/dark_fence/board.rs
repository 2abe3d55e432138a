//! Board geometry: dimensions, cells, directions, edges (interior and border), fences, and the
//! connectivity of cells through unfenced edges (spec §3.2, §3.6).

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::Player;

/// Board size: `cols × rows`, each from 2 to 26 (spec §3.2, A1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Dims {
    /// Number of columns (letters A…).
    pub cols: u8,
    /// Number of rows (numbers 1…, row 1 at the top).
    pub rows: u8,
}

impl Dims {
    /// The smallest side allowed.
    pub const MIN: u8 = 2;
    /// The largest side allowed (one letter per column).
    pub const MAX: u8 = 26;

    /// Whether `cell` lies on this board.
    #[must_use]
    pub fn contains(self, cell: Cell) -> bool {
        cell.c < self.cols && cell.r < self.rows
    }

    /// Number of cells.
    #[must_use]
    pub fn cell_count(self) -> usize {
        usize::from(self.cols) * usize::from(self.rows)
    }

    /// Number of interior edges: `(cols-1)·rows + cols·(rows-1)` (24 on 4×4).
    #[must_use]
    pub fn interior_edges(self) -> u32 {
        let (c, r) = (u32::from(self.cols), u32::from(self.rows));
        (c - 1) * r + c * (r - 1)
    }

    /// Number of border segments: `2·(cols+rows)` (16 on 4×4).
    #[must_use]
    pub fn border_segments(self) -> u32 {
        2 * (u32::from(self.cols) + u32::from(self.rows))
    }

    /// The bottom-right corner, P2's fixed start.
    #[must_use]
    pub fn far_corner(self) -> Cell {
        Cell { c: self.cols - 1, r: self.rows - 1 }
    }

    /// Index of a cell in row-major order.
    #[must_use]
    pub fn index(self, cell: Cell) -> usize {
        usize::from(cell.r) * usize::from(self.cols) + usize::from(cell.c)
    }

    /// Every cell in row-major order.
    pub fn cells(self) -> impl Iterator<Item = Cell> {
        (0..self.rows).flat_map(move |r| (0..self.cols).map(move |c| Cell { c, r }))
    }

    /// The neighbour of `cell` in direction `dir`, if it is on the board.
    #[must_use]
    pub fn step(self, cell: Cell, dir: Dir) -> Option<Cell> {
        let (dc, dr) = dir.delta();
        let c = i16::from(cell.c) + i16::from(dc);
        let r = i16::from(cell.r) + i16::from(dr);
        let next = Cell { c: u8::try_from(c).ok()?, r: u8::try_from(r).ok()? };
        self.contains(next).then_some(next)
    }

    /// Whether `edge` is a border segment (pre-fenced, always blocking).
    #[must_use]
    pub fn is_border(self, edge: Edge) -> bool {
        self.step(edge.cell, edge.side).is_none()
    }

    /// The edge on `side` of `cell`, in canonical form.
    #[must_use]
    pub fn edge(self, cell: Cell, side: Dir) -> Edge {
        Edge { cell, side }.canonical(self)
    }
}

impl fmt::Display for Dims {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.cols, self.rows)
    }
}

impl Default for Dims {
    fn default() -> Self {
        Dims { cols: 4, rows: 4 }
    }
}

/// A cell: column `c` (0 = A) and row `r` (0 = row 1, the top row). Ordered row-major.
/// Serialised as its name (`"B3"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cell {
    /// Column index, 0 = A.
    pub c: u8,
    /// Row index, 0 = row 1 (top).
    pub r: u8,
}

impl Cell {
    /// A cell from its column and row indexes.
    #[must_use]
    pub const fn new(c: u8, r: u8) -> Cell {
        Cell { c, r }
    }
}

impl PartialOrd for Cell {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Cell {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.r, self.c).cmp(&(other.r, other.c))
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'A' + self.c.min(25)), u16::from(self.r) + 1)
    }
}

/// One of the four directions: `U` toward row 1, `D`, `L` toward column A, `R`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Dir {
    /// Up, toward row 1 (上).
    U,
    /// Down (下).
    D,
    /// Left, toward column A (左).
    L,
    /// Right (右).
    R,
}

impl Dir {
    /// The four directions in a fixed order.
    pub const ALL: [Dir; 4] = [Dir::U, Dir::D, Dir::L, Dir::R];

    /// (column, row) change of one step.
    #[must_use]
    pub fn delta(self) -> (i8, i8) {
        match self {
            Dir::U => (0, -1),
            Dir::D => (0, 1),
            Dir::L => (-1, 0),
            Dir::R => (1, 0),
        }
    }

    /// The opposite direction.
    #[must_use]
    pub fn opposite(self) -> Dir {
        match self {
            Dir::U => Dir::D,
            Dir::D => Dir::U,
            Dir::L => Dir::R,
            Dir::R => Dir::L,
        }
    }

    /// The canonical letter.
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Dir::U => 'U',
            Dir::D => 'D',
            Dir::L => 'L',
            Dir::R => 'R',
        }
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// An edge named `cell:side`. Canonical form: interior edges by their upper or left cell with
/// `R` or `D`; border segments by their one cell and outward side (spec §3.2). Serialised as its
/// name (`"B2:R"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Edge {
    /// The cell the edge is named from.
    pub cell: Cell,
    /// The side of that cell.
    pub side: Dir,
}

impl Edge {
    /// The canonical name of the same edge on a board of `dims`.
    #[must_use]
    pub fn canonical(self, dims: Dims) -> Edge {
        match self.side {
            Dir::U | Dir::L => match dims.step(self.cell, self.side) {
                Some(other) => Edge { cell: other, side: self.side.opposite() },
                None => self,
            },
            Dir::D | Dir::R => self,
        }
    }

    /// The two cells on either side of an interior edge (`None` for a border segment).
    #[must_use]
    pub fn cells(self, dims: Dims) -> Option<(Cell, Cell)> {
        dims.step(self.cell, self.side).map(|other| (self.cell, other))
    }
}

impl fmt::Display for Edge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.cell, self.side)
    }
}

/// Who placed a fence, and on which ply (0 = given by a position text, before play).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Placement {
    /// The player who placed it, if known (a position text may leave it out).
    pub by: Option<Player>,
    /// The ply on which it was placed; 0 for fences given by a position.
    pub ply: u16,
}

/// The placed fences of a board, by canonical edge. Border segments always block whether or not
/// they appear here; they appear only when placed under 边空 (`edge_empty`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Fences {
    placed: BTreeMap<Edge, Placement>,
}

impl Fences {
    /// The placement on `edge` (canonical), if any.
    #[must_use]
    pub fn get(&self, edge: Edge) -> Option<Placement> {
        self.placed.get(&edge).copied()
    }

    /// Records a placement on a canonical edge; returns false (and changes nothing) if the edge
    /// already has one.
    pub fn place(&mut self, edge: Edge, placement: Placement) -> bool {
        if self.placed.contains_key(&edge) {
            return false;
        }
        self.placed.insert(edge, placement);
        true
    }

    /// Every placement, ordered by edge.
    pub fn iter(&self) -> impl Iterator<Item = (Edge, Placement)> + '_ {
        self.placed.iter().map(|(e, p)| (*e, *p))
    }

    /// Number of placements.
    #[must_use]
    pub fn len(&self) -> usize {
        self.placed.len()
    }

    /// Whether nothing is placed.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.placed.is_empty()
    }

    /// Whether a unit step between adjacent cells `a` and `b` crosses a fence.
    #[must_use]
    pub fn blocks(&self, dims: Dims, a: Cell, b: Cell) -> bool {
        match side_between(a, b) {
            Some(side) => self.placed.contains_key(&dims.edge(a, side)),
            None => true,
        }
    }

    /// Labels every cell with its connected component (through unfenced interior edges).
    #[must_use]
    pub fn components(&self, dims: Dims) -> Components {
        let mut label = vec![usize::MAX; dims.cell_count()];
        let mut sizes = Vec::new();
        let mut stack = Vec::new();
        for start in dims.cells() {
            if label[dims.index(start)] != usize::MAX {
                continue;
            }
            let id = sizes.len();
            let mut size = 0u16;
            label[dims.index(start)] = id;
            stack.push(start);
            while let Some(cell) = stack.pop() {
                size += 1;
                for dir in Dir::ALL {
                    let Some(next) = dims.step(cell, dir) else { continue };
                    if label[dims.index(next)] == usize::MAX && !self.blocks(dims, cell, next) {
                        label[dims.index(next)] = id;
                        stack.push(next);
                    }
                }
            }
            sizes.push(size);
        }
        Components { dims, label, sizes }
    }
}

/// The connected components of a board's cells.
#[derive(Debug, Clone)]
pub struct Components {
    dims: Dims,
    label: Vec<usize>,
    sizes: Vec<u16>,
}

impl Components {
    /// Whether two cells are connected.
    #[must_use]
    pub fn connected(&self, a: Cell, b: Cell) -> bool {
        self.label[self.dims.index(a)] == self.label[self.dims.index(b)]
    }

    /// The number of cells in the component holding `cell`.
    #[must_use]
    pub fn area(&self, cell: Cell) -> u16 {
        self.sizes[self.label[self.dims.index(cell)]]
    }
}

/// The side of `a` that faces `b`, if they are orthogonal neighbours.
#[must_use]
pub fn side_between(a: Cell, b: Cell) -> Option<Dir> {
    Dir::ALL.into_iter().find(|d| {
        let (dc, dr) = d.delta();
        i16::from(a.c) + i16::from(dc) == i16::from(b.c)
            && i16::from(a.r) + i16::from(dr) == i16::from(b.r)
    })
}

/// The unit steps of a path of straight segments, in order. Segments must be straight (same
/// column or row); zero-length segments contribute nothing (spec A4).
pub fn unit_steps(path: &[Cell]) -> impl Iterator<Item = (Cell, Cell)> + '_ {
    path.windows(2).flat_map(|w| {
        let (from, to) = (w[0], w[1]);
        let dc = i16::from(to.c) - i16::from(from.c);
        let dr = i16::from(to.r) - i16::from(from.r);
        let n = dc.abs().max(dr.abs());
        let (sc, sr) = (dc.signum(), dr.signum());
        (0..n).map(move |k| {
            let at = |k: i16| Cell {
                c: u8::try_from(i16::from(from.c) + sc * k).unwrap_or(0),
                r: u8::try_from(i16::from(from.r) + sr * k).unwrap_or(0),
            };
            (at(k), at(k + 1))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const D4: Dims = Dims { cols: 4, rows: 4 };

    #[test]
    fn a_4x4_board_has_24_interior_edges_and_16_border_segments() {
        assert_eq!(D4.interior_edges(), 24);
        assert_eq!(D4.border_segments(), 16);
    }

    #[test]
    fn both_names_of_an_interior_edge_become_the_upper_or_left_one() {
        let b2 = Cell::new(1, 1);
        let c2 = Cell::new(2, 1);
        let b3 = Cell::new(1, 2);
        assert_eq!(D4.edge(c2, Dir::L), Edge { cell: b2, side: Dir::R });
        assert_eq!(D4.edge(b3, Dir::U), Edge { cell: b2, side: Dir::D });
        let a1 = Cell::new(0, 0);
        assert_eq!(D4.edge(a1, Dir::U), Edge { cell: a1, side: Dir::U });
        assert!(D4.is_border(D4.edge(a1, Dir::L)));
        assert!(!D4.is_border(D4.edge(a1, Dir::R)));
    }

    #[test]
    fn unit_steps_walk_each_segment_and_skip_zero_length_ones() {
        let path = [Cell::new(0, 0), Cell::new(0, 0), Cell::new(0, 2), Cell::new(1, 2)];
        let steps: Vec<_> = unit_steps(&path).collect();
        assert_eq!(
            steps,
            vec![
                (Cell::new(0, 0), Cell::new(0, 1)),
                (Cell::new(0, 1), Cell::new(0, 2)),
                (Cell::new(0, 2), Cell::new(1, 2)),
            ]
        );
    }

    #[test]
    fn a_wall_of_fences_splits_the_board_into_two_areas() {
        let mut f = Fences::default();
        for r in 0..4 {
            assert!(f.place(D4.edge(Cell::new(1, r), Dir::R), Placement { by: None, ply: 0 }));
        }
        let comps = f.components(D4);
        assert!(!comps.connected(Cell::new(0, 0), Cell::new(3, 3)));
        assert_eq!(comps.area(Cell::new(0, 0)), 8);
        assert_eq!(comps.area(Cell::new(3, 3)), 8);
        assert!(!f.place(D4.edge(Cell::new(2, 0), Dir::L), Placement { by: None, ply: 1 }));
    }
}
