//! Why a command did not do what was asked: a user mistake (worded for the user, with the fix)
//! or an internal failure (logged in full, answered with a generic "the game is safe").

use super::notice::Refusal;
use crate::games::AnyError;
use crate::store::DbError;

/// A refused or failed command.
#[derive(Debug)]
pub enum TableError {
    /// A user mistake, as data ([`Refusal::text`] words it in the user's language).
    Refused(Refusal),
    /// The engine refused an action; the game's wording explains it.
    Action(AnyError),
    /// A part other than the store failed (a game's log that no longer replays, a stored
    /// value that no longer reads); the game is unchanged.
    Internal(String),
    /// The store failed (a lost connection, no free connection in time): nothing was written,
    /// and the same request may succeed later. Told to users as [`TableError::Internal`] is;
    /// kept apart so that a game read in such a moment is read again, not judged unresumable.
    Store(String),
    /// The game moved on in the store since it was read (another instance sharing the
    /// database changed it first): nothing was written. The referee reads the game again and
    /// decides afresh; worded as "already played" if it still conflicts.
    Conflict,
}

impl From<Refusal> for TableError {
    fn from(r: Refusal) -> Self {
        TableError::Refused(r)
    }
}

impl From<DbError> for TableError {
    fn from(e: DbError) -> Self {
        match e {
            DbError::Conflict { .. } => TableError::Conflict,
            other => TableError::Store(other.to_string()),
        }
    }
}

impl From<AnyError> for TableError {
    fn from(e: AnyError) -> Self {
        TableError::Action(e)
    }
}
