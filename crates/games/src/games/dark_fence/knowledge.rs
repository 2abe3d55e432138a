//! What one seat knows for certain, deduced from its own [`View`] alone: its cell, where the
//! opponent may be now, and which edges it knows to be fenced. The referee's suggestions (the
//! example move of a turn prompt) read this, so that they never propose what the player's own
//! knowledge already shows would lose, and never use anything outside that seat's view.
//!
//! The deductions, each from the view only:
//!
//! - **The opponent's cell now**: given (the challenge variant's public stops, or a position
//!   the view holds); otherwise the cells consistent with the latest relative report, read from
//!   where the viewer stood when it was given (a report is a function of the two cells, so every
//!   cell that would give the same report is a candidate: under `report=exact`, a straight
//!   direction with a distance, or an exact diagonal with a distance, one cell is left).
//! - **Fences**: the viewer's own (every one of its records names one), and each of the
//!   opponent's whose cell at the time is pinned to one candidate by the report of that ply:
//!   the fence direction is announced, so the edge is known too.

use std::collections::VecDeque;

use super::{Cell, Dims, Dir, Edge, Player, Report, View};

/// What a seat knows for certain, from its own view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Knowledge {
    /// The board size.
    pub dims: Dims,
    /// The viewer.
    pub me: Player,
    /// The viewer's cell now.
    pub cell: Cell,
    /// Every cell the opponent may stand on now, in row-major order (one: known exactly; all
    /// the other cells when nothing is known).
    pub opponent: Vec<Cell>,
    /// Edges known to be fenced (canonical), besides the border: the viewer's own fences and
    /// the opponent's fences the reports pin down.
    pub fences: Vec<Edge>,
}

impl Knowledge {
    /// What the viewer of `view` knows; `None` for a view without a viewer, or before the
    /// viewer has a cell (a free start's setup).
    #[must_use]
    pub fn of(view: &View) -> Option<Knowledge> {
        let me = view.viewer?;
        let cell = view.positions[me.index()]?;
        let dims = view.dims();
        let other = me.other();
        let kind = view.options.report;
        let consistent = |from: Cell, report: &Report| -> Vec<Cell> {
            dims.cells().filter(|&c| Report::between(from, c, kind) == *report).collect()
        };
        // Where the viewer stood just after ply `k` (or at the start, for `k` = 0): the end of
        // its last record up to then; before its first record, that record's first cell (the
        // parser puts the mover's cell first); with no record at all, where it stands now.
        let stood_after = |k: u16| -> Cell {
            let records = &view.own_records;
            records
                .iter()
                .rev()
                .find(|r| r.ply <= k)
                .and_then(|r| r.path.last().copied())
                .unwrap_or_else(|| {
                    records.first().and_then(|r| r.path.first().copied()).unwrap_or(cell)
                })
        };
        let mut fences: Vec<Edge> =
            view.own_records.iter().map(|r| r.edge.canonical(dims)).collect();
        for ply in view.plies.iter().filter(|p| p.mover == other) {
            let (Some(dir), Some(reports)) = (ply.fence_dir, ply.reports) else { continue };
            if let [there] = consistent(stood_after(ply.ply), &reports[me.index()])[..] {
                let edge = dims.edge(there, dir);
                if !dims.is_border(edge) && !fences.contains(&edge) {
                    fences.push(edge);
                }
            }
        }
        let opponent = if let Some(known) = view.positions[other.index()] {
            vec![known]
        } else if let Some(reports) = view.plies.iter().rev().find_map(|p| p.reports) {
            // Nobody has moved since the latest report: the viewer still stands where it was.
            consistent(cell, &reports[me.index()])
        } else if let Some(report) = &view.setup_report {
            consistent(cell, report)
        } else if let Some(start) = view.opponent_start {
            vec![start]
        } else {
            dims.cells().filter(|&c| c != cell).collect()
        };
        Some(Knowledge { dims, me, cell, opponent, fences })
    }

    /// The opponent's cell, when the view pins it down to one.
    #[must_use]
    pub fn opponent_cell(&self) -> Option<Cell> {
        match self.opponent[..] {
            [one] => Some(one),
            _ => None,
        }
    }

    /// Whether the viewer knows `edge` to be fenced: the border always is (spec §3.2).
    #[must_use]
    pub fn is_fenced(&self, edge: Edge) -> bool {
        self.dims.is_border(edge) || self.fences.contains(&edge.canonical(self.dims))
    }

    /// Every other cell the viewer can reach through edges it does not know to be fenced,
    /// nearest first (breadth first, neighbours in the order down, up, right, left), each by
    /// one shortest route: its waypoints as a move lists them (the viewer's cell, each corner,
    /// the end) and the last edge it crosses.
    #[must_use]
    pub fn routes(&self) -> Vec<Route> {
        let dims = self.dims;
        let mut parent: Vec<Option<Cell>> = vec![None; dims.cell_count()];
        let mut seen = vec![false; dims.cell_count()];
        seen[dims.index(self.cell)] = true;
        let mut queue = VecDeque::from([self.cell]);
        let mut order = Vec::new();
        while let Some(cell) = queue.pop_front() {
            for dir in [Dir::D, Dir::U, Dir::R, Dir::L] {
                let Some(next) = dims.step(cell, dir) else { continue };
                if seen[dims.index(next)] || self.is_fenced(dims.edge(cell, dir)) {
                    continue;
                }
                seen[dims.index(next)] = true;
                parent[dims.index(next)] = Some(cell);
                order.push(next);
                queue.push_back(next);
            }
        }
        order
            .into_iter()
            .map(|end| {
                let (mut cells, mut at) = (vec![end], end);
                while let Some(p) = parent[dims.index(at)] {
                    cells.push(p);
                    at = p;
                }
                cells.reverse();
                let before = cells[cells.len() - 2];
                let last = dims.edge(end, super::side_between(end, before).unwrap_or(Dir::U));
                // Only where the route turns (and its two ends) is a waypoint.
                let mut path = vec![cells[0]];
                for w in cells.windows(3) {
                    if super::side_between(w[0], w[1]) != super::side_between(w[1], w[2]) {
                        path.push(w[1]);
                    }
                }
                path.push(end);
                Route { path, last }
            })
            .collect()
    }

    /// Whether `from` reaches one of the cells the opponent may be on through edges the viewer
    /// does not know to be fenced, once `new` is fenced too. `false` means the fences the viewer
    /// knows of already separate them (the ones it does not know could only separate more).
    #[must_use]
    pub fn may_reach_opponent(&self, from: Cell, new: Edge) -> bool {
        let dims = self.dims;
        let new = new.canonical(dims);
        let mut seen = vec![false; dims.cell_count()];
        seen[dims.index(from)] = true;
        let mut stack = vec![from];
        while let Some(cell) = stack.pop() {
            if self.opponent.contains(&cell) {
                return true;
            }
            for dir in Dir::ALL {
                let Some(next) = dims.step(cell, dir) else { continue };
                let edge = dims.edge(cell, dir);
                if seen[dims.index(next)] || edge == new || self.is_fenced(edge) {
                    continue;
                }
                seen[dims.index(next)] = true;
                stack.push(next);
            }
        }
        false
    }
}

/// One way to a cell (see [`Knowledge::routes`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Route {
    /// The waypoints: the viewer's cell, each corner, the end.
    pub path: Vec<Cell>,
    /// The last edge the route crosses (onto its end).
    pub last: Edge,
}

impl Route {
    /// Where the route ends.
    #[must_use]
    pub fn end(&self) -> Cell {
        self.path.last().copied().unwrap_or(Cell::new(0, 0))
    }
}
