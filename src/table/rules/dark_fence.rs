//! Dark Fence's rules at the table: moves are secret, a move may wait for a confirmation, and
//! the `assist=2` warnings that make it wait.

use crate::core::Viewer;
use crate::games::dark_fence::{self, Action};
use crate::games::{AnyAction, AnyGame, AnyView};

use super::contract::Rules;

/// Names players may type instead of the code (compared trimmed and lowercased).
pub(super) const NAMES: &[&str] = &["暗弈分野", "暗弈", "dark_fence", "darkfence"];

/// Whether an action is secret by the rules (a move or a start choice), so that it may only be
/// typed in a private chat.
fn is_private_action(action: &AnyAction) -> bool {
    matches!(action, AnyAction::DarkFence(Action::Move(_) | Action::Start(_)))
}

/// Whether the referee echoes this action for confirmation first (`confirm_moves`, spec §3.4),
/// or because `assist=2` has a warning for it: a warning after the move would come too late, so
/// such a move waits for a confirmation even where moves are otherwise played at once.
fn needs_confirmation(game: &AnyGame, action: &AnyAction) -> bool {
    matches!(action, AnyAction::DarkFence(Action::Move(_)))
        && matches!(game, AnyGame::DarkFence(g) if crate::games::Game::options(g).confirm_moves
            || !warnings(game, action).is_empty())
}

/// The `assist=2` warnings about a move of the player to act, from that player's own view.
pub(crate) fn warnings(game: &AnyGame, action: &AnyAction) -> Vec<dark_fence::assist::Warning> {
    let AnyAction::DarkFence(Action::Move(input)) = action else { return Vec::new() };
    let Some(seat) = game.to_act().seat() else { return Vec::new() };
    match game.view(Viewer::Seat(seat)) {
        AnyView::DarkFence(view) => dark_fence::assist::warnings(&view, input),
        _ => Vec::new(),
    }
}

/// Dark Fence's rules.
pub(super) struct DarkFence;

impl Rules for DarkFence {
    fn names(&self) -> &'static [&'static str] {
        NAMES
    }

    fn has_hidden_information(&self) -> bool {
        true
    }

    fn is_private_action(&self, action: &AnyAction) -> bool {
        is_private_action(action)
    }

    fn needs_confirmation(&self, game: &AnyGame, action: &AnyAction) -> bool {
        needs_confirmation(game, action)
    }
}
