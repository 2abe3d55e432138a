//! `arbiter copy` (docs/scale.md): every row of one store written into another, empty one, ids
//! and versions kept, so that an installation moves from SQLite to PostgreSQL (or back)
//! without a game noticing.
//!
//! The statements here are written once for both backends: sqlx's SQLite driver takes
//! PostgreSQL's `$1` parameters too, and every column type involved maps on both.

use super::{
    ActionRow, Backend, DbError, GameRow, GameStatus, Pg, Platform, Store, StoredMessage, UserRow,
    db,
};

/// Runs `$body` with `$pool` the backend's writing pool (SQLite's one writer connection once
/// the file is known to be there, or PostgreSQL's pool): the body is compiled for each.
macro_rules! on_writer {
    ($store:expr, |$pool:ident| $body:expr) => {
        match &$store.backend {
            Backend::Sqlite(lite) => {
                lite.file.check()?;
                let $pool = &lite.writer;
                $body
            }
            Backend::Postgres(pg) => {
                let $pool = &pg.pool;
                $body
            }
        }
    };
}

/// Runs `$body` with `$pool` the backend's reading pool.
macro_rules! on_reader {
    ($store:expr, |$pool:ident| $body:expr) => {
        match &$store.backend {
            Backend::Sqlite(lite) => {
                let $pool = &lite.pool;
                $body
            }
            Backend::Postgres(pg) => {
                let $pool = &pg.pool;
                $body
            }
        }
    };
}

/// What [`Store::copy_into`] wrote.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Copied {
    /// Users.
    pub users: usize,
    /// Games, whatever their status.
    pub games: usize,
    /// Actions of those games.
    pub actions: usize,
    /// Messages still waiting in the outbox.
    pub messages: usize,
    /// Follows.
    pub follows: usize,
    /// Key/value entries.
    pub meta: usize,
}

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
        const SQL: &str =
            concat!("SELECT ", user_columns!(), " FROM users ORDER BY platform, user_id");
        on_reader!(self, |pool| sqlx::query_as(SQL).fetch_all(pool).await.map_err(db))
    }

    /// Every key/value entry, ordered by key.
    ///
    /// # Errors
    ///
    /// The database failed.
    pub async fn all_meta(&self) -> Result<Vec<(String, String)>, DbError> {
        const SQL: &str = "SELECT key, value FROM meta ORDER BY key";
        on_reader!(self, |pool| sqlx::query_as(SQL).fetch_all(pool).await.map_err(db))
    }

    /// Whether the store holds no game and no user (a copy's destination must be).
    ///
    /// # Errors
    ///
    /// The database failed.
    pub async fn is_empty(&self) -> Result<bool, DbError> {
        const SQL: &str = "SELECT (SELECT COUNT(*) FROM games) + (SELECT COUNT(*) FROM users)";
        let n: i64 =
            on_reader!(self, |pool| sqlx::query_scalar(SQL).fetch_one(pool).await.map_err(db))?;
        Ok(n == 0)
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
        const SQL: &str = concat!(
            "INSERT INTO users (",
            user_columns!(),
            ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)"
        );
        on_writer!(self, |pool| {
            sqlx::query(SQL)
                .bind(u.platform)
                .bind(&u.user_id)
                .bind(&u.display_name)
                .bind(&u.locale)
                .bind(u.notifications)
                .bind(u.reachable)
                .bind(u.pings)
                .bind(u.digest_at)
                .bind(u.vacation_from)
                .bind(u.vacation_until)
                .bind(u.vacation_year)
                .bind(u.vacation_used)
                .bind(&u.account)
                .execute(pool)
                .await
                .map_err(db)
                .map(drop)
        })
    }

    /// Inserts game `g` as it is (its id, version and place in the order of ends too) with its
    /// action log, in one transaction.
    async fn restore_game(&self, g: &GameRow, actions: &[ActionRow]) -> Result<(), DbError> {
        const GAME: &str = "INSERT INTO games (id, platform, chat_id, topic, kind, options, \
             position, seed, seats, creator, locale, status, result, reason, clock, deadline_at, \
             reminders_sent, offer, version, engine_version, created_at, updated_at, community, \
             parent_chat, rated, ended_seq) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, \
             $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26)";
        const ACTION: &str = "INSERT INTO actions (game_id, seq, seat, notation, by_user, at) \
             VALUES ($1, $2, $3, $4, $5, $6)";
        on_writer!(self, |pool| {
            let mut tx = pool.begin().await.map_err(db)?;
            sqlx::query(GAME)
                .bind(g.id)
                .bind(g.platform)
                .bind(&g.chat.id)
                .bind(g.chat.topic)
                .bind(&g.kind)
                .bind(&g.options)
                .bind(&g.position)
                .bind(g.seed)
                .bind(&g.seats)
                .bind(&g.creator)
                .bind(&g.locale)
                .bind(g.status)
                .bind(g.result)
                .bind(&g.reason)
                .bind(&g.clock)
                .bind(g.deadline_at)
                .bind(g.reminders_sent)
                .bind(&g.offer)
                .bind(g.version)
                .bind(g.engine_version)
                .bind(g.created_at)
                .bind(g.updated_at)
                .bind(&g.community)
                .bind(&g.parent_chat)
                .bind(g.rated)
                .bind(g.ended_seq)
                .execute(&mut *tx)
                .await
                .map_err(db)?;
            for a in actions {
                sqlx::query(ACTION)
                    .bind(g.id)
                    .bind(a.seq)
                    .bind(a.seat)
                    .bind(&a.notation)
                    .bind(&a.by_user)
                    .bind(a.at)
                    .execute(&mut *tx)
                    .await
                    .map_err(db)?;
            }
            tx.commit().await.map_err(db)
        })
    }

    /// Inserts waiting messages with their ids.
    async fn restore_messages(&self, messages: &[StoredMessage]) -> Result<(), DbError> {
        const SQL: &str = "INSERT INTO outbox (id, platform, dest, body, image, game_id, \
             created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)";
        on_writer!(self, |pool| {
            let mut tx = pool.begin().await.map_err(db)?;
            for m in messages {
                sqlx::query(SQL)
                    .bind(m.id)
                    .bind(m.message.platform)
                    .bind(&m.message.dest)
                    .bind(&m.message.body)
                    .bind(m.message.image.as_deref())
                    .bind(m.message.game_id)
                    .bind(m.message.created_at)
                    .execute(&mut *tx)
                    .await
                    .map_err(db)?;
            }
            tx.commit().await.map_err(db)
        })
    }

    /// After rows were inserted with their ids: new games, messages and ends are numbered on
    /// from the largest copied. SQLite's AUTOINCREMENT follows explicit ids by itself, and its
    /// ends are numbered from the largest stored; PostgreSQL's sequences are set here.
    async fn restart_numbering(&self) -> Result<(), DbError> {
        let Backend::Postgres(Pg { pool, .. }) = &self.backend else { return Ok(()) };
        for sql in [
            "SELECT setval(pg_get_serial_sequence('games', 'id'), \
               GREATEST((SELECT MAX(id) FROM games), 1), (SELECT MAX(id) FROM games) IS NOT NULL)",
            "SELECT setval(pg_get_serial_sequence('outbox', 'id'), \
               GREATEST((SELECT MAX(id) FROM outbox), 1), \
               (SELECT MAX(id) FROM outbox) IS NOT NULL)",
            "SELECT setval('games_ended_seq', GREATEST((SELECT MAX(ended_seq) FROM games), 1), \
               (SELECT MAX(ended_seq) FROM games) IS NOT NULL)",
            // Copied messages belong to no instance: the first to run takes them over.
            "UPDATE outbox SET owner = NULL, lease_until = NULL",
        ] {
            sqlx::query(sql).execute(pool).await.map_err(db)?;
        }
        Ok(())
    }
}
