//! `arbiter copy` (docs/scale.md): every row of one store written into another, empty one, ids
//! and versions kept, so that an installation moves from SQLite to PostgreSQL (or back)
//! without a game noticing. The statements are the backend layer's (`queries/`, written once
//! for both databases; PostgreSQL's sequences in `postgres.rs`).

use super::types::{
    ActionRow, Copied, DbError, GameRow, GameStatus, Platform, StoredMessage, UserRow,
};
use super::{Backend, Store, postgres, queries};

/// Every status, for reading every game.
const ALL_STATUSES: [GameStatus; 4] =
    [GameStatus::Invited, GameStatus::Active, GameStatus::Over, GameStatus::Aborted];

impl Store {
    /// Every user, ordered by platform and id.
    ///
    /// # Errors
    ///
    /// The database failed.
    pub async fn all_users(&self) -> Result<Vec<UserRow>, DbError> {
        queries::all_users(self.reader()).await
    }

    /// Every key/value entry, ordered by key.
    ///
    /// # Errors
    ///
    /// The database failed.
    pub async fn all_meta(&self) -> Result<Vec<(String, String)>, DbError> {
        queries::all_meta(self.reader()).await
    }

    /// Whether the store holds no game and no user (a copy's destination must be).
    ///
    /// # Errors
    ///
    /// The database failed.
    pub async fn is_empty(&self) -> Result<bool, DbError> {
        queries::is_empty(self.reader()).await
    }

    /// Writes every row of this store into `to`, which must be empty: users, games with their
    /// action logs (ids, versions and the order games ended kept), the messages still waiting
    /// in the outbox (ids kept), follows and key/value entries; then the ratings are rebuilt
    /// there from the games (they are derived data). One-time link codes, which live for
    /// minutes, are not copied.
    ///
    /// # Errors
    ///
    /// [`DbError::Write`] when `to` is not empty; either database failed (then `to` may hold
    /// part of the copy: empty it and copy again).
    pub async fn copy_into(&self, to: &Store) -> Result<Copied, DbError> {
        if !to.is_empty().await? {
            return Err(DbError::Write(
                "the destination already holds games or users: copy only into an empty database"
                    .into(),
            ));
        }
        let mut copied = Copied::default();
        for user in self.all_users().await? {
            to.restore_user(&user).await?;
            copied.users += 1;
        }
        // Before the games: a chat's language moves its running games, which are not there yet.
        for chat in self.all_chat_languages().await? {
            to.set_chat_locale(
                chat.platform,
                &chat.chat,
                Some(&chat.locale),
                &chat.set_by,
                chat.set_at,
            )
            .await?;
            copied.chat_languages += 1;
        }
        for game in self.games_with_status(&ALL_STATUSES).await? {
            let actions = self.actions(game.id).await?;
            to.restore_game(&game, &actions).await?;
            copied.games += 1;
            copied.actions += actions.len();
        }
        for platform in Platform::ALL {
            let waiting = self.pending_messages(platform).await?;
            to.restore_messages(&waiting).await?;
            copied.messages += waiting.len();
        }
        for follow in self.all_follows().await? {
            to.add_follow(&follow).await?;
            copied.follows += 1;
        }
        for (key, value) in self.all_meta().await? {
            to.set_meta(&key, &value).await?;
            copied.meta += 1;
        }
        to.restart_numbering().await?;
        to.rebuild_ratings().await?;
        Ok(copied)
    }

    /// Inserts `user` as it is, every column.
    async fn restore_user(&self, u: &UserRow) -> Result<(), DbError> {
        queries::restore_user(self.writer()?, u).await
    }

    /// Inserts game `g` as it is (its id, version and place in the order of ends too) with its
    /// action log, in one transaction.
    async fn restore_game(&self, g: &GameRow, actions: &[ActionRow]) -> Result<(), DbError> {
        queries::restore_game(self.writer()?, g, actions).await
    }

    /// Inserts waiting messages with their ids.
    async fn restore_messages(&self, messages: &[StoredMessage]) -> Result<(), DbError> {
        queries::restore_messages(self.writer()?, messages).await
    }

    /// After rows were inserted with their ids: new games, messages and ends are numbered on
    /// from the largest copied. SQLite's AUTOINCREMENT follows explicit ids by itself, and its
    /// ends are numbered from the largest stored; PostgreSQL's sequences are set here.
    async fn restart_numbering(&self) -> Result<(), DbError> {
        match &self.backend {
            Backend::Sqlite(_) => Ok(()),
            Backend::Postgres(pg) => postgres::restart_numbering(&pg.pool).await,
        }
    }
}
