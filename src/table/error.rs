//! Why a command did not do what was asked: a user mistake (worded for the user, with the fix)
//! or an internal failure (logged in full, answered with a generic "the game is safe").

use crate::games::AnyError;
use crate::store::DbError;

/// A refused or failed command.
#[derive(Debug)]
pub enum TableError {
    /// A user mistake: a Fluent message id and its arguments.
    User {
        /// The message id.
        id: &'static str,
        /// Its arguments.
        args: Vec<(&'static str, String)>,
    },
    /// The engine refused an action; the game's wording explains it.
    Action(AnyError),
    /// The store or another part failed; the game is unchanged.
    Internal(String),
}

impl TableError {
    /// A user mistake without arguments.
    #[must_use]
    pub fn user(id: &'static str) -> TableError {
        TableError::User { id, args: Vec::new() }
    }

    /// A user mistake with arguments.
    #[must_use]
    pub fn user_with(id: &'static str, args: &[(&'static str, &str)]) -> TableError {
        TableError::User { id, args: args.iter().map(|(k, v)| (*k, (*v).to_string())).collect() }
    }
}

impl From<DbError> for TableError {
    fn from(e: DbError) -> Self {
        match e {
            DbError::Conflict { .. } => TableError::user("err-already-played"),
            other => TableError::Internal(other.to_string()),
        }
    }
}

impl From<AnyError> for TableError {
    fn from(e: AnyError) -> Self {
        TableError::Action(e)
    }
}
