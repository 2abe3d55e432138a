//! Dark Fence's bot (placeholder).

use crate::games::dark_fence::{Action, View};

/// The action for the viewer of `view` at `level`.
#[must_use]
pub fn choose(view: &View, level: u8, seed: u64) -> Option<Action> {
    let _ = (view, level, seed);
    None
}
