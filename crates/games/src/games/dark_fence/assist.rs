//! `assist=2` (spec §3.11): before a move is played, warn its player about what their own
//! knowledge already shows would lose: a fence on the border, a step across one of their own
//! fences, a fence where one of their own stands. Computed from the player's own view only,
//! so it never says anything about the opponent's fences or cell.

use serde::Serialize;

use super::{Cell, Edge, MoveInput, View, side_between, unit_steps};

/// A losing mistake the player's own view shows in a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Warning {
    /// The fence would go on the border, which is fenced already (without `edge_empty`).
    BorderFence {
        /// The border segment.
        edge: Edge,
    },
    /// A step of the path crosses a fence the player placed.
    CrossesOwnFence {
        /// The cell the step leaves.
        from: Cell,
        /// The cell it enters.
        to: Cell,
    },
    /// The fence would go where the player placed one already.
    DuplicatesOwnFence {
        /// The edge.
        edge: Edge,
    },
}

/// The warnings `assist=2` gives about `input`, in path order, from `view` (the mover's own).
/// Empty for any other `assist` and for a view without a viewer.
#[must_use]
pub fn warnings(view: &View, input: &MoveInput) -> Vec<Warning> {
    if view.options.assist < 2 || view.viewer.is_none() {
        return Vec::new();
    }
    let dims = view.dims();
    let own: Vec<Edge> = view.own_records.iter().map(|r| r.edge.canonical(dims)).collect();
    let mut out = Vec::new();
    for (from, to) in unit_steps(&input.path) {
        let Some(side) = side_between(from, to) else { continue };
        if own.contains(&dims.edge(from, side)) {
            out.push(Warning::CrossesOwnFence { from, to });
        }
    }
    let edge = dims.edge(input.final_cell(), input.dir);
    let border = dims.is_border(edge);
    if border && !view.options.edge_empty {
        out.push(Warning::BorderFence { edge });
    } else if own.contains(&edge) && !(border && view.options.edge_empty_repeat) {
        out.push(Warning::DuplicatesOwnFence { edge });
    }
    out
}
