//! The contract of one game's rules at the table ([`Rules`]), apart from the registry in
//! `mod.rs` so that each game's file imports the trait without importing the registry back.

use crate::core::Seat;
use crate::games::{AnyAction, AnyError, AnyGame};

/// One game's rules at the table. The defaults are what most games do: nothing hidden, every
/// action played at once, the engine's own reading of a typed action.
pub(crate) trait Rules: Sync {
    /// Names players may type for the game instead of its code (in any script).
    fn names(&self) -> &'static [&'static str];

    /// Whether moves are secret (typed only in private) and the start needs every player
    /// reachable privately.
    fn has_hidden_information(&self) -> bool {
        false
    }

    /// Whether `action` is secret by the rules.
    fn is_private_action(&self, _action: &AnyAction) -> bool {
        false
    }

    /// Whether the referee echoes `action` for confirmation first.
    fn needs_confirmation(&self, _game: &AnyGame, _action: &AnyAction) -> bool {
        false
    }

    /// What a typed action means at this table (the engine's parse unless the table asks a
    /// question first).
    ///
    /// # Errors
    /// The engine's refusal, or the question as an error the voice's completions answer.
    fn parse_action(&self, game: &AnyGame, seat: Seat, text: &str) -> Result<AnyAction, AnyError> {
        game.parse_action(seat, text)
    }

    /// The text a completion button's ending is appended to.
    fn partial_text(&self, _game: &AnyGame, _seat: Seat, text: &str) -> String {
        text.trim().to_string()
    }

    /// Actions to offer as the player types, for games whose actions cannot be listed (an
    /// infinite board); `None`: the referee lists the legal actions itself.
    fn suggestions(
        &self,
        _game: &mut AnyGame,
        _seat: Seat,
        _prefix: &str,
        _limit: usize,
    ) -> Option<Vec<String>> {
        None
    }

    /// Whether an agreed draw of this game joins a library others may continue from.
    fn has_draw_library(&self) -> bool {
        false
    }
}
