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
    /// The store or another part failed; the game is unchanged.
    Internal(String),
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
            other => TableError::Internal(other.to_string()),
        }
    }
}

impl From<AnyError> for TableError {
    fn from(e: AnyError) -> Self {
        TableError::Action(e)
    }
}
