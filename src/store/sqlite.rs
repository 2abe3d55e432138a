//! Every SQL statement of the store, for SQLite. [`super::Store`] only forwards to these
//! functions, so another backend can replace this module without touching its callers.
//!
//! Writes that read before they write (the version check, the next seq) run in a
//! `BEGIN IMMEDIATE` transaction: it takes SQLite's write lock up front, so a second writer waits
//! (up to the busy timeout) and then sees the first one's commit, instead of failing half way
//! with `SQLITE_BUSY` when upgrading a read transaction.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use sqlx::pool::PoolConnection;
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteConnection, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::{Sqlite, SqlitePool};

use super::ratings::{Group, Replay, counts, two_players};
use super::{
    ActionRow, ChatId, DbError, GameId, GameRow, GameStatus, GameUpdate, NewGame, NewMessage,
    Pings, Platform, RatingChange, RatingRow, StoredMessage, UserId, UserRow, db, one_row,
};

/// The columns of `games`, in [`GameRow`] order. A macro so that it can be `concat!`ed into
/// `&'static str` queries.
macro_rules! game_columns {
    () => {
        "id, platform, chat_id, topic, kind, options, position, seed, seats, creator, locale, status, \
         result, reason, clock, deadline_at, reminders_sent, offer, version, engine_version, \
         created_at, updated_at, community, parent_chat, rated, ended_seq"
    };
}

/// The columns of `ratings`, in [`RatingRow`] order.
macro_rules! rating_columns {
    () => {
        "platform, community, kind, user_id, rating, deviation, volatility, games, wins, losses, \
         draws"
    };
}

/// Opens (creating if missing) the database file and applies the migrations. Returns a pool of
/// readers and a pool holding the one writer connection.
///
/// SQLite lets one writer in at a time. With several writer connections the losers wait in
/// SQLite's busy handler, which sleeps with growing back-off (measured: p50 28 ms per move at
/// 64 concurrent submitters); with a single writer connection they queue in sqlx's pool instead,
/// first come first served, and are woken the moment it is free.
pub(super) async fn open(
    path: &Path,
    page_limit: Arc<AtomicU32>,
) -> Result<(SqlitePool, SqlitePool), DbError> {
    let options = SqliteConnectOptions::new()
        .filename(path)
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Normal)
        .busy_timeout(Duration::from_secs(5))
        .foreign_keys(true);
    let open_error = |e: sqlx::Error| DbError::Open(format!("{}: {e}", path.display()));
    // No ping before each acquire: these are local files, and the ping is one more hop between
    // threads on every write.
    let writer = SqlitePoolOptions::new()
        .max_connections(1)
        .min_connections(1)
        .test_before_acquire(false)
        .acquire_timeout(Duration::from_secs(30))
        .after_connect(move |conn, _| {
            // A fresh writer connection keeps the page limit a test set (see `set_page_limit`).
            let pages = page_limit.load(Ordering::SeqCst);
            Box::pin(async move {
                if pages > 0 {
                    set_page_limit(conn, pages).await?;
                }
                Ok(())
            })
        })
        .connect_with(options.clone())
        .await
        .map_err(open_error)?;
    sqlx::migrate!("./migrations/sqlite")
        .run(&writer)
        .await
        .map_err(|e| DbError::Open(format!("applying migrations to {}: {e}", path.display())))?;
    let readers = SqlitePoolOptions::new()
        .max_connections(4)
        .test_before_acquire(false)
        .connect_with(options.read_only(true))
        .await
        .map_err(open_error)?;
    Ok((readers, writer))
}

/// `PRAGMA max_page_count`: the database may not grow past `pages` pages (writes then fail with
/// "database or disk is full"); `u32::MAX` lifts the limit (SQLite caps it at its own maximum).
pub(super) async fn set_page_limit(
    conn: &mut SqliteConnection,
    pages: u32,
) -> Result<(), sqlx::Error> {
    sqlx::query(&format!("PRAGMA max_page_count = {pages}")).execute(conn).await.map(drop)
}

/// `PRAGMA page_count`: the database's size in pages.
pub(super) async fn page_count(pool: &SqlitePool) -> Result<u32, DbError> {
    let pages: i64 = sqlx::query_scalar("PRAGMA page_count").fetch_one(pool).await.map_err(db)?;
    Ok(u32::try_from(pages).unwrap_or(u32::MAX))
}

/// `PRAGMA journal_mode`.
pub(super) async fn journal_mode(pool: &SqlitePool) -> Result<String, DbError> {
    sqlx::query_scalar("PRAGMA journal_mode").fetch_one(pool).await.map_err(db)
}

// ---- users ----

pub(super) async fn upsert_user(
    pool: &SqlitePool,
    platform: Platform,
    user_id: &UserId,
    display_name: &str,
) -> Result<UserRow, DbError> {
    sqlx::query_as(concat!(
        "INSERT INTO users (platform, user_id, display_name) VALUES (?, ?, ?) \
         ON CONFLICT (platform, user_id) DO UPDATE SET display_name = excluded.display_name \
         RETURNING ",
        user_columns!()
    ))
    .bind(platform)
    .bind(user_id)
    .bind(display_name)
    .fetch_one(pool)
    .await
    .map_err(db)
}

pub(super) async fn user(
    pool: &SqlitePool,
    platform: Platform,
    user_id: &UserId,
) -> Result<Option<UserRow>, DbError> {
    sqlx::query_as(concat!(
        "SELECT ",
        user_columns!(),
        " FROM users WHERE platform = ? AND user_id = ?"
    ))
    .bind(platform)
    .bind(user_id)
    .fetch_optional(pool)
    .await
    .map_err(db)
}

pub(super) async fn set_locale(
    pool: &SqlitePool,
    platform: Platform,
    user_id: &UserId,
    locale: Option<&str>,
) -> Result<(), DbError> {
    let done = sqlx::query("UPDATE users SET locale = ? WHERE platform = ? AND user_id = ?")
        .bind(locale)
        .bind(platform)
        .bind(user_id)
        .execute(pool)
        .await
        .map_err(db)?;
    one_row(done.rows_affected())
}

pub(super) async fn set_notifications(
    pool: &SqlitePool,
    platform: Platform,
    user_id: &UserId,
    on: bool,
) -> Result<(), DbError> {
    let done = sqlx::query("UPDATE users SET notifications = ? WHERE platform = ? AND user_id = ?")
        .bind(on)
        .bind(platform)
        .bind(user_id)
        .execute(pool)
        .await
        .map_err(db)?;
    one_row(done.rows_affected())
}

pub(super) async fn set_pings(
    pool: &SqlitePool,
    platform: Platform,
    user_id: &UserId,
    pings: Pings,
) -> Result<(), DbError> {
    let done = sqlx::query("UPDATE users SET pings = ? WHERE platform = ? AND user_id = ?")
        .bind(pings)
        .bind(platform)
        .bind(user_id)
        .execute(pool)
        .await
        .map_err(db)?;
    one_row(done.rows_affected())
}

pub(super) async fn set_reachable(
    pool: &SqlitePool,
    platform: Platform,
    user_id: &UserId,
    reachable: Option<bool>,
) -> Result<(), DbError> {
    let done = sqlx::query("UPDATE users SET reachable = ? WHERE platform = ? AND user_id = ?")
        .bind(reachable)
        .bind(platform)
        .bind(user_id)
        .execute(pool)
        .await
        .map_err(db)?;
    one_row(done.rows_affected())
}

pub(super) async fn move_chat(
    pool: &SqlitePool,
    platform: Platform,
    from: &str,
    to: &str,
) -> Result<u64, DbError> {
    let mut tx = pool.begin().await.map_err(db)?;
    let moved = sqlx::query(
        "UPDATE games SET chat_id = ?3, \
           community = CASE WHEN community = ?2 THEN ?3 ELSE community END, \
           parent_chat = CASE WHEN parent_chat = ?2 THEN ?3 ELSE parent_chat END \
         WHERE platform = ?1 AND chat_id = ?2",
    )
    .bind(platform)
    .bind(from)
    .bind(to)
    .execute(&mut *tx)
    .await
    .map_err(db)?
    .rows_affected();
    // Destinations are `chat:<id>` or `topic:<n>:<id>` (reply::Dest): the id is the suffix.
    sqlx::query(
        "UPDATE outbox SET dest = substr(dest, 1, length(dest) - length(?2)) || ?3 \
         WHERE platform = ?1 AND (dest = 'chat:' || ?2 OR dest GLOB 'topic:*:' || ?2)",
    )
    .bind(platform)
    .bind(from)
    .bind(to)
    .execute(&mut *tx)
    .await
    .map_err(db)?;
    tx.commit().await.map_err(db)?;
    Ok(moved)
}

// ---- games ----

pub(super) async fn create_game(
    pool: &SqlitePool,
    game: &NewGame,
    announce: impl FnOnce(&GameRow) -> Vec<NewMessage>,
) -> Result<(GameRow, Vec<i64>), DbError> {
    let mut tx = begin_write(pool).await?;
    let out = async {
        let row = insert_game(&mut tx, game).await?;
        let ids = insert_messages(&mut tx, &announce(&row).iter().collect::<Vec<_>>()).await?;
        Ok((row, ids))
    }
    .await;
    finish(tx, out).await
}

async fn insert_game(conn: &mut SqliteConnection, game: &NewGame) -> Result<GameRow, DbError> {
    sqlx::query_as(concat!(
        "INSERT INTO games (platform, chat_id, topic, kind, options, position, seed, seats, \
         creator, locale, status, clock, engine_version, created_at, updated_at, community, \
         parent_chat, rated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) \
         RETURNING ",
        game_columns!()
    ))
    .bind(game.platform)
    .bind(&game.chat.id)
    .bind(game.chat.topic)
    .bind(&game.kind)
    .bind(&game.options)
    .bind(&game.position)
    .bind(game.seed)
    .bind(&game.seats)
    .bind(&game.creator)
    .bind(&game.locale)
    .bind(game.status)
    .bind(&game.clock)
    .bind(game.engine_version)
    .bind(game.now)
    .bind(game.now)
    .bind(&game.community)
    .bind(&game.parent_chat)
    .bind(game.rated)
    .fetch_one(&mut *conn)
    .await
    .map_err(db)
}

pub(super) async fn game(pool: &SqlitePool, id: GameId) -> Result<GameRow, DbError> {
    sqlx::query_as(concat!("SELECT ", game_columns!(), " FROM games WHERE id = ?"))
        .bind(id)
        .fetch_optional(pool)
        .await
        .map_err(db)?
        .ok_or(DbError::NotFound)
}

pub(super) async fn games_with_status(
    pool: &SqlitePool,
    statuses: &[GameStatus],
) -> Result<Vec<GameRow>, DbError> {
    if statuses.is_empty() {
        return Ok(Vec::new());
    }
    let placeholders = vec!["?"; statuses.len()].join(", ");
    let sql = format!(
        concat!("SELECT ", game_columns!(), " FROM games WHERE status IN ({}) ORDER BY id"),
        placeholders
    );
    let mut query = sqlx::query_as(&sql);
    for status in statuses {
        query = query.bind(status.as_str());
    }
    query.fetch_all(pool).await.map_err(db)
}

pub(super) async fn games_in_chat(
    pool: &SqlitePool,
    platform: Platform,
    chat: &ChatId,
) -> Result<Vec<GameRow>, DbError> {
    sqlx::query_as(concat!(
        "SELECT ",
        game_columns!(),
        // `IS`: a chat without a topic matches the rows whose topic is NULL.
        " FROM games WHERE platform = ? AND chat_id = ? AND topic IS ? ORDER BY id"
    ))
    .bind(platform)
    .bind(&chat.id)
    .bind(chat.topic)
    .fetch_all(pool)
    .await
    .map_err(db)
}

pub(super) async fn actions(pool: &SqlitePool, game_id: GameId) -> Result<Vec<ActionRow>, DbError> {
    sqlx::query_as(
        "SELECT seq, seat, notation, by_user, at FROM actions WHERE game_id = ? ORDER BY seq",
    )
    .bind(game_id)
    .fetch_all(pool)
    .await
    .map_err(db)
}

// ---- version-checked writes ----

pub(super) async fn update_game(
    pool: &SqlitePool,
    id: GameId,
    expected_version: i64,
    update: &GameUpdate,
    messages: &[NewMessage],
) -> Result<(GameRow, Vec<i64>), DbError> {
    let mut tx = begin_write(pool).await?;
    let out = async {
        let row = write_game(&mut tx, id, expected_version, update).await?;
        let ids = insert_messages(&mut tx, &messages.iter().collect::<Vec<_>>()).await?;
        Ok((row, ids))
    }
    .await;
    finish(tx, out).await
}

/// One `commit_action` waiting for the group-commit writer.
#[derive(Debug)]
pub(super) struct CommitRequest {
    pub(super) id: GameId,
    pub(super) expected_version: i64,
    pub(super) action: ActionRow,
    pub(super) update: GameUpdate,
    /// The messages announcing the action, written in the same transaction.
    pub(super) messages: Vec<NewMessage>,
    pub(super) reply: tokio::sync::oneshot::Sender<Result<(GameRow, Vec<i64>), DbError>>,
}

/// The most actions one group commit takes.
const MAX_GROUP: usize = 256;

/// The group-commit writer: waits for a request, takes every other one already waiting, and
/// writes them all in one transaction. Runs until every `Store` clone is gone.
pub(super) async fn group_commit(
    pool: SqlitePool,
    mut queue: tokio::sync::mpsc::UnboundedReceiver<CommitRequest>,
    file: std::sync::Arc<super::FileIdentity>,
) {
    while let Some(first) = queue.recv().await {
        let mut batch = vec![first];
        while batch.len() < MAX_GROUP {
            match queue.try_recv() {
                Ok(request) => batch.push(request),
                Err(_) => break,
            }
        }
        let written = match file.check() {
            Ok(()) => commit_group(&pool, &batch).await,
            Err(gone) => Err(gone),
        };
        match written {
            Ok(results) => {
                for (request, result) in batch.into_iter().zip(results) {
                    // A caller that stopped waiting (its task was cancelled) needs no answer.
                    let _ = request.reply.send(result);
                }
            }
            Err(e) => {
                let message = e.to_string();
                for request in batch {
                    let error = match &e {
                        DbError::Gone(path) => DbError::Gone(path.clone()),
                        _ => DbError::Write(message.clone()),
                    };
                    let _ = request.reply.send(Err(error));
                }
            }
        }
    }
}

/// Writes a group of actions in one transaction. Each action goes in only if its game is still
/// at the expected version and the action is the next one; the per-request results say which.
/// An `Err` means the transaction failed and nothing was written.
async fn commit_group(
    pool: &SqlitePool,
    batch: &[CommitRequest],
) -> Result<Vec<Result<(GameRow, Vec<i64>), DbError>>, DbError> {
    let mut tx = begin_write(pool).await?;
    let mut results = Vec::with_capacity(batch.len());
    // The messages of every action written, in one go after the actions.
    let mut messages: Vec<&NewMessage> = Vec::new();
    for r in batch {
        match commit_action_in(&mut tx, r.id, r.expected_version, &r.action, &r.update).await {
            Ok(row) => {
                messages.extend(&r.messages);
                results.push(Ok((row, Vec::new())));
            }
            Err(e @ (DbError::Conflict { .. } | DbError::NotFound)) => results.push(Err(e)),
            Err(other) => {
                tx.rollback().await;
                return Err(other);
            }
        }
    }
    let ids = match insert_messages(&mut tx, &messages).await {
        Ok(ids) => ids,
        Err(other) => {
            tx.rollback().await;
            return Err(other);
        }
    };
    let mut ids = ids.into_iter();
    for (r, result) in batch.iter().zip(&mut results) {
        if let Ok((_, mine)) = result {
            mine.extend(ids.by_ref().take(r.messages.len()));
        }
    }
    tx.commit().await?;
    Ok(results)
}

async fn commit_action_in(
    conn: &mut SqliteConnection,
    id: GameId,
    expected_version: i64,
    action: &ActionRow,
    update: &GameUpdate,
) -> Result<GameRow, DbError> {
    // The action goes in first, and only if the game is still at the expected version and the
    // action is the next one: a refused request then has written nothing, so the others in its
    // group commit are unaffected. Both checks sit in the statement itself to save round trips
    // to the database thread.
    let inserted = sqlx::query(
        "INSERT INTO actions (game_id, seq, seat, notation, by_user, at) \
         SELECT ?, ?, ?, ?, ?, ? \
         WHERE (SELECT version FROM games WHERE id = ?) = ? \
           AND (SELECT COUNT(*) FROM actions WHERE game_id = ?) = ? - 1",
    )
    .bind(id)
    .bind(action.seq)
    .bind(action.seat)
    .bind(&action.notation)
    .bind(&action.by_user)
    .bind(action.at)
    .bind(id)
    .bind(expected_version)
    .bind(id)
    .bind(action.seq)
    .execute(&mut *conn)
    .await
    .map_err(db)?;
    if inserted.rows_affected() != 1 {
        let exists: Option<i64> = sqlx::query_scalar("SELECT id FROM games WHERE id = ?")
            .bind(id)
            .fetch_optional(&mut *conn)
            .await
            .map_err(db)?;
        return Err(match exists {
            Some(_) => DbError::Conflict { expected: expected_version },
            None => DbError::NotFound,
        });
    }
    // Within the write transaction the version cannot have moved since the insert checked it.
    write_game(conn, id, expected_version, update).await.map_err(|e| match e {
        DbError::Conflict { .. } | DbError::NotFound => {
            DbError::Write(format!("game {id} changed inside its own write transaction"))
        }
        other => other,
    })
}

pub(super) async fn remove_last_action(
    pool: &SqlitePool,
    id: GameId,
    expected_version: i64,
    update: &GameUpdate,
    messages: &[NewMessage],
) -> Result<(GameRow, Vec<i64>), DbError> {
    let mut tx = begin_write(pool).await?;
    let out = async {
        let row = remove_last_action_in(&mut tx, id, expected_version, update).await?;
        let ids = insert_messages(&mut tx, &messages.iter().collect::<Vec<_>>()).await?;
        Ok((row, ids))
    }
    .await;
    finish(tx, out).await
}

async fn remove_last_action_in(
    conn: &mut SqliteConnection,
    id: GameId,
    expected_version: i64,
    update: &GameUpdate,
) -> Result<GameRow, DbError> {
    let row = write_game(conn, id, expected_version, update).await?;
    let done = sqlx::query(
        "DELETE FROM actions WHERE game_id = ?1 \
         AND seq = (SELECT MAX(seq) FROM actions WHERE game_id = ?1)",
    )
    .bind(id)
    .execute(&mut *conn)
    .await
    .map_err(db)?;
    one_row(done.rows_affected())?;
    Ok(row)
}

/// A write transaction on the writer connection, holding SQLite's write lock from its start.
///
/// It issues `BEGIN IMMEDIATE`, `COMMIT` and `ROLLBACK` itself instead of using sqlx's
/// `Transaction`, because sqlx counts transaction depth on the connection and only counts it down
/// when its own COMMIT or ROLLBACK succeeds: after a failed commit ("database or disk is full"),
/// SQLite may already have rolled the transaction back, sqlx's ROLLBACK then fails, and every
/// later write failed with "attempted to call begin_with at non-zero transaction depth" until a
/// restart. Here a connection whose transaction cannot be ended cleanly (a failed COMMIT and
/// ROLLBACK, or a transaction abandoned by a cancelled caller) is closed instead of going back to
/// the pool: closing rolls back whatever was left, and the pool opens a fresh connection for the
/// next write.
struct WriteTx {
    conn: PoolConnection<Sqlite>,
    ended: bool,
}

impl std::ops::Deref for WriteTx {
    type Target = SqliteConnection;

    fn deref(&self) -> &SqliteConnection {
        &self.conn
    }
}

impl std::ops::DerefMut for WriteTx {
    fn deref_mut(&mut self) -> &mut SqliteConnection {
        &mut self.conn
    }
}

impl Drop for WriteTx {
    fn drop(&mut self) {
        if !self.ended {
            // Abandoned half way (its caller was cancelled): nothing async can run here, so the
            // connection is closed, which rolls the transaction back.
            self.conn.close_on_drop();
        }
    }
}

impl WriteTx {
    /// Commits. On failure the transaction is rolled back (or its connection dropped), so the
    /// next write starts clean, and the commit's error is returned.
    async fn commit(mut self) -> Result<(), DbError> {
        match sqlx::query("COMMIT").execute(&mut *self.conn).await {
            Ok(_) => {
                self.ended = true;
                Ok(())
            }
            Err(e) => {
                tracing::error!(error = %e, "a store write could not be committed; rolled back");
                self.rollback().await;
                Err(db(e))
            }
        }
    }

    /// Rolls back; a connection that cannot roll back is closed instead of reused.
    async fn rollback(mut self) {
        // SQLite may have rolled back by itself (after SQLITE_FULL, SQLITE_IOERR…): then ROLLBACK
        // answers "no transaction is active", and the connection is clean.
        match sqlx::query("ROLLBACK").execute(&mut *self.conn).await {
            Ok(_) => self.ended = true,
            Err(e) if e.to_string().contains("no transaction is active") => self.ended = true,
            Err(e) => tracing::warn!(error = %e, "rolling back a store write failed; reconnecting"),
        }
    }
}

/// Starts a transaction holding SQLite's write lock.
async fn begin_write(pool: &SqlitePool) -> Result<WriteTx, DbError> {
    let mut conn = pool.acquire().await.map_err(db)?;
    match sqlx::query("BEGIN IMMEDIATE").execute(&mut *conn).await {
        Ok(_) => Ok(WriteTx { conn, ended: false }),
        Err(e) => {
            // A connection that cannot begin is not trusted with the next write either.
            conn.close_on_drop();
            Err(db(e))
        }
    }
}

/// Commits `tx` if `out` is a success, else rolls it back and returns `out`'s error.
async fn finish<T>(tx: WriteTx, out: Result<T, DbError>) -> Result<T, DbError> {
    match out {
        Ok(value) => {
            tx.commit().await?;
            Ok(value)
        }
        Err(e) => {
            tx.rollback().await;
            Err(e)
        }
    }
}

/// Writes the mutable columns of game `id` if its version is still `expected_version`, bumping
/// the version, and returns the new row. Inside a write transaction, so that telling a missing
/// game from a moved version reads the same state the update saw.
async fn write_game(
    conn: &mut SqliteConnection,
    id: GameId,
    expected_version: i64,
    update: &GameUpdate,
) -> Result<GameRow, DbError> {
    let row: Option<GameRow> = sqlx::query_as(concat!(
        "UPDATE games SET seats = ?, status = ?, result = ?, reason = ?, deadline_at = ?, \
         reminders_sent = ?, offer = ?, rated = ?, updated_at = ?, version = version + 1, \
         ended_seq = CASE WHEN ? = 'over' AND ended_seq IS NULL \
             THEN (SELECT COALESCE(MAX(ended_seq), 0) + 1 FROM games) ELSE ended_seq END \
         WHERE id = ? AND version = ? RETURNING ",
        game_columns!()
    ))
    .bind(&update.seats)
    .bind(update.status)
    .bind(update.result)
    .bind(&update.reason)
    .bind(update.deadline_at)
    .bind(update.reminders_sent)
    .bind(&update.offer)
    .bind(update.rated)
    .bind(update.now)
    .bind(update.status)
    .bind(id)
    .bind(expected_version)
    .fetch_optional(&mut *conn)
    .await
    .map_err(db)?;
    if let Some(row) = row {
        return Ok(row);
    }
    let exists: Option<i64> = sqlx::query_scalar("SELECT id FROM games WHERE id = ?")
        .bind(id)
        .fetch_optional(&mut *conn)
        .await
        .map_err(db)?;
    Err(match exists {
        Some(_) => DbError::Conflict { expected: expected_version },
        None => DbError::NotFound,
    })
}

// ---- the delivery outbox ----

/// The most outbox rows one INSERT statement takes (6 parameters each, well under SQLite's
/// limit of 32,766).
const ROWS_PER_INSERT: usize = 512;

/// Splits `n` rows into statement sizes that are powers of two (largest first): a handful of
/// distinct statements, each prepared once and then found in sqlx's statement cache, instead of
/// a new statement text for every group size.
fn insert_sizes(mut n: usize) -> Vec<usize> {
    let mut sizes = Vec::new();
    let mut size = ROWS_PER_INSERT;
    while n > 0 {
        while size > n {
            size /= 2;
        }
        sizes.push(size);
        n -= size;
    }
    sizes
}

/// Appends `messages` to the outbox, in order; returns their ids. A few statements of many
/// rows each, not one per row: the rows of a whole group commit go in together, since every statement
/// is a round trip to the database thread and the writer is the bot's one bottleneck.
async fn insert_messages(
    conn: &mut SqliteConnection,
    messages: &[&NewMessage],
) -> Result<Vec<i64>, DbError> {
    let mut ids = Vec::with_capacity(messages.len());
    let mut rest = messages;
    for size in insert_sizes(messages.len()) {
        let (chunk, after) = rest.split_at(size);
        rest = after;
        let mut sql = String::from(
            "INSERT INTO outbox (platform, dest, body, image, game_id, created_at) VALUES ",
        );
        sql.push_str(&vec!["(?, ?, ?, ?, ?, ?)"; chunk.len()].join(", "));
        let mut query = sqlx::query(&sql);
        for m in chunk {
            query = query
                .bind(m.platform)
                .bind(&m.dest)
                .bind(&m.body)
                .bind(m.image.as_deref())
                .bind(m.game_id)
                .bind(m.created_at);
        }
        let done = query.execute(&mut *conn).await.map_err(db)?;
        // One INSERT inside a write transaction numbers its rows consecutively, in the order of
        // its VALUES (AUTOINCREMENT: each row gets the largest id so far plus one).
        let last = done.last_insert_rowid();
        let n = i64::try_from(chunk.len()).unwrap_or(i64::MAX);
        ids.extend((last - n + 1)..=last);
    }
    Ok(ids)
}

pub(super) async fn enqueue(
    pool: &SqlitePool,
    messages: &[NewMessage],
) -> Result<Vec<i64>, DbError> {
    if messages.is_empty() {
        return Ok(Vec::new());
    }
    let mut tx = begin_write(pool).await?;
    let all: Vec<&NewMessage> = messages.iter().collect();
    let out = insert_messages(&mut tx, &all).await;
    finish(tx, out).await
}

/// An outbox row as read: id, platform, dest, body, image, game id, created at.
type OutboxRow = (i64, Platform, String, String, Option<Vec<u8>>, Option<GameId>, i64);

pub(super) async fn pending_messages(
    pool: &SqlitePool,
    platform: Platform,
) -> Result<Vec<StoredMessage>, DbError> {
    let rows: Vec<OutboxRow> = sqlx::query_as(
        "SELECT id, platform, dest, body, image, game_id, created_at FROM outbox \
             WHERE platform = ? ORDER BY id",
    )
    .bind(platform)
    .fetch_all(pool)
    .await
    .map_err(db)?;
    Ok(rows
        .into_iter()
        .map(|(id, platform, dest, body, image, game_id, created_at)| StoredMessage {
            id,
            message: NewMessage { platform, dest, body, image, game_id, created_at },
        })
        .collect())
}

pub(super) async fn delete_messages(pool: &SqlitePool, ids: &[i64]) -> Result<(), DbError> {
    if ids.is_empty() {
        return Ok(());
    }
    let mut tx = begin_write(pool).await?;
    let out = async {
        for id in ids {
            sqlx::query("DELETE FROM outbox WHERE id = ?")
                .bind(id)
                .execute(&mut *tx)
                .await
                .map_err(db)?;
        }
        Ok(())
    }
    .await;
    finish(tx, out).await
}

pub(super) async fn count_messages(pool: &SqlitePool) -> Result<i64, DbError> {
    sqlx::query_scalar("SELECT COUNT(*) FROM outbox").fetch_one(pool).await.map_err(db)
}

// ---- meta ----

pub(super) async fn meta(pool: &SqlitePool, key: &str) -> Result<Option<String>, DbError> {
    sqlx::query_scalar("SELECT value FROM meta WHERE key = ?")
        .bind(key)
        .fetch_optional(pool)
        .await
        .map_err(db)
}

pub(super) async fn set_meta(pool: &SqlitePool, key: &str, value: &str) -> Result<(), DbError> {
    sqlx::query(
        "INSERT INTO meta (key, value) VALUES (?, ?) \
         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    )
    .bind(key)
    .bind(value)
    .execute(pool)
    .await
    .map_err(db)?;
    Ok(())
}

pub(super) async fn claim_meta(pool: &SqlitePool, key: &str, value: &str) -> Result<bool, DbError> {
    let done =
        sqlx::query("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING")
            .bind(key)
            .bind(value)
            .execute(pool)
            .await
            .map_err(db)?;
    Ok(done.rows_affected() == 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_sizes_are_powers_of_two_within_the_limit_and_add_up_to_the_rows() {
        assert!(insert_sizes(0).is_empty());
        assert_eq!(insert_sizes(7), [4, 2, 1]);
        assert_eq!(insert_sizes(1_300), [512, 512, 256, 16, 4]);
        for n in 0..3_000 {
            let sizes = insert_sizes(n);
            assert_eq!(sizes.iter().sum::<usize>(), n);
            assert!(sizes.iter().all(|s| s.is_power_of_two() && *s <= ROWS_PER_INSERT));
        }
    }
}

// ---- ratings (derived data: docs/community.md) ----

/// Writes the standings and changes of `replay` (after the caller cleared what they replace).
async fn write_replay(conn: &mut SqliteConnection, replay: &Replay) -> Result<(), DbError> {
    for (((platform, community, kind), user), s) in &replay.standings {
        write_standing(conn, *platform, community, kind, user, s).await?;
    }
    for c in &replay.changes {
        sqlx::query(
            "INSERT INTO rating_changes (game_id, seat, user_id, before, after, deviation) \
             VALUES (?, ?, ?, ?, ?, ?)",
        )
        .bind(c.game_id)
        .bind(c.seat)
        .bind(&c.user_id)
        .bind(c.before)
        .bind(c.after)
        .bind(c.deviation)
        .execute(&mut *conn)
        .await
        .map_err(db)?;
    }
    Ok(())
}

async fn write_standing(
    conn: &mut SqliteConnection,
    platform: Platform,
    community: &str,
    kind: &str,
    user: &UserId,
    s: &crate::ratings::Standing,
) -> Result<(), DbError> {
    sqlx::query(
        "INSERT INTO ratings (platform, community, kind, user_id, rating, deviation, volatility, \
         games, wins, losses, draws) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) \
         ON CONFLICT (platform, community, kind, user_id) DO UPDATE SET rating = excluded.rating, \
         deviation = excluded.deviation, volatility = excluded.volatility, games = excluded.games, \
         wins = excluded.wins, losses = excluded.losses, draws = excluded.draws",
    )
    .bind(platform)
    .bind(community)
    .bind(kind)
    .bind(user)
    .bind(s.rating.rating)
    .bind(s.rating.deviation)
    .bind(s.rating.volatility)
    .bind(s.games)
    .bind(s.wins)
    .bind(s.losses)
    .bind(s.draws)
    .execute(&mut *conn)
    .await
    .map_err(db)?;
    Ok(())
}

/// The rated finished games of `group` (every group when `None`), in the order they ended.
async fn rated_games(
    conn: &mut SqliteConnection,
    group: Option<&Group>,
) -> Result<Vec<GameRow>, DbError> {
    let rows: Vec<GameRow> = match group {
        None => sqlx::query_as(concat!(
            "SELECT ",
            game_columns!(),
            " FROM games WHERE rated = 1 AND status = 'over' AND ended_seq IS NOT NULL \
             ORDER BY ended_seq"
        ))
        .fetch_all(&mut *conn)
        .await
        .map_err(db)?,
        Some((platform, community, kind)) => sqlx::query_as(concat!(
            "SELECT ",
            game_columns!(),
            " FROM games WHERE rated = 1 AND status = 'over' AND ended_seq IS NOT NULL \
             AND platform = ? AND COALESCE(community, chat_id) = ? AND kind = ? \
             ORDER BY ended_seq"
        ))
        .bind(platform)
        .bind(community)
        .bind(kind)
        .fetch_all(&mut *conn)
        .await
        .map_err(db)?,
    };
    Ok(rows.into_iter().filter(counts).collect())
}

async fn changes_of(conn: &mut SqliteConnection, id: GameId) -> Result<Vec<RatingChange>, DbError> {
    sqlx::query_as(
        "SELECT game_id, seat, user_id, before, after, deviation FROM rating_changes \
         WHERE game_id = ? ORDER BY seat",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await
    .map_err(db)
}

/// Clears `group`'s ratings and replays its games (every group when `None`).
async fn replay_group(conn: &mut SqliteConnection, group: Option<&Group>) -> Result<(), DbError> {
    let games = rated_games(conn, group).await?;
    match group {
        None => {
            sqlx::query("DELETE FROM rating_changes").execute(&mut *conn).await.map_err(db)?;
            sqlx::query("DELETE FROM ratings").execute(&mut *conn).await.map_err(db)?;
        }
        Some((platform, community, kind)) => {
            sqlx::query(
                "DELETE FROM rating_changes WHERE game_id IN (SELECT id FROM games \
                 WHERE platform = ? AND COALESCE(community, chat_id) = ? AND kind = ?)",
            )
            .bind(platform)
            .bind(community)
            .bind(kind)
            .execute(&mut *conn)
            .await
            .map_err(db)?;
            sqlx::query("DELETE FROM ratings WHERE platform = ? AND community = ? AND kind = ?")
                .bind(platform)
                .bind(community)
                .bind(kind)
                .execute(&mut *conn)
                .await
                .map_err(db)?;
        }
    }
    let mut replay = Replay::default();
    for row in &games {
        replay.apply(row);
    }
    write_replay(conn, &replay).await
}

/// Rates finished game `id` if it counts and was not rated yet; returns what it did to its
/// players (seat order; empty when it does not count). In the order games ended: when a game
/// that ended later was rated first (two games ending at once, or a crash between a game's end
/// and its rating), the whole group is replayed, so the figures are always those of
/// [`rebuild_ratings`].
pub(super) async fn rate_game(pool: &SqlitePool, id: GameId) -> Result<Vec<RatingChange>, DbError> {
    let mut tx = begin_write(pool).await?;
    let out = async {
        let row: GameRow =
            sqlx::query_as(concat!("SELECT ", game_columns!(), " FROM games WHERE id = ?"))
                .bind(id)
                .fetch_optional(&mut *tx)
                .await
                .map_err(db)?
                .ok_or(DbError::NotFound)?;
        if !counts(&row) {
            return Ok(Vec::new());
        }
        let done = changes_of(&mut tx, id).await?;
        if !done.is_empty() {
            return Ok(done);
        }
        let group: Group = (row.platform, row.rating_community().to_string(), row.kind.clone());
        let later: bool = sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM rating_changes c JOIN games g ON g.id = c.game_id \
             WHERE g.platform = ? AND COALESCE(g.community, g.chat_id) = ? AND g.kind = ? \
             AND g.ended_seq > ?)",
        )
        .bind(group.0)
        .bind(&group.1)
        .bind(&group.2)
        .bind(row.ended_seq)
        .fetch_one(&mut *tx)
        .await
        .map_err(db)?;
        if later {
            replay_group(&mut tx, Some(&group)).await?;
            return changes_of(&mut tx, id).await;
        }
        let Some(players) = two_players(&row) else { return Ok(Vec::new()) };
        let mut replay = Replay::default();
        for user in &players {
            let known: Option<RatingRow> = sqlx::query_as(concat!(
                "SELECT ",
                rating_columns!(),
                " FROM ratings WHERE platform = ? AND community = ? AND kind = ? AND user_id = ?"
            ))
            .bind(group.0)
            .bind(&group.1)
            .bind(&group.2)
            .bind(user)
            .fetch_optional(&mut *tx)
            .await
            .map_err(db)?;
            if let Some(known) = known {
                replay.standings.insert((group.clone(), user.clone()), known.standing());
            }
        }
        replay.apply(&row);
        write_replay(&mut tx, &replay).await?;
        Ok(replay.changes)
    }
    .await;
    finish(tx, out).await
}

/// Recomputes every rating from the stored results; returns how many games were rated.
pub(super) async fn rebuild_ratings(pool: &SqlitePool) -> Result<usize, DbError> {
    let mut tx = begin_write(pool).await?;
    let out = async {
        replay_group(&mut tx, None).await?;
        sqlx::query_scalar::<_, i64>("SELECT COUNT(DISTINCT game_id) FROM rating_changes")
            .fetch_one(&mut *tx)
            .await
            .map_err(db)
            .map(|n| usize::try_from(n).unwrap_or(0))
    }
    .await;
    finish(tx, out).await
}

/// Every rating row, in a stable order (for comparing a rebuild with the live figures).
pub(super) async fn all_ratings(pool: &SqlitePool) -> Result<Vec<RatingRow>, DbError> {
    sqlx::query_as(concat!(
        "SELECT ",
        rating_columns!(),
        " FROM ratings ORDER BY platform, community, kind, user_id"
    ))
    .fetch_all(pool)
    .await
    .map_err(db)
}

/// The ratings of one community's game, best first (ties: more games, then the user id).
pub(super) async fn leaderboard(
    pool: &SqlitePool,
    platform: Platform,
    community: &str,
    kind: &str,
) -> Result<Vec<RatingRow>, DbError> {
    sqlx::query_as(concat!(
        "SELECT ",
        rating_columns!(),
        " FROM ratings WHERE platform = ? AND community = ? AND kind = ? \
         ORDER BY rating DESC, games DESC, user_id"
    ))
    .bind(platform)
    .bind(community)
    .bind(kind)
    .fetch_all(pool)
    .await
    .map_err(db)
}

/// A player's ratings in one community, one per game they have a rating in.
pub(super) async fn ratings_of(
    pool: &SqlitePool,
    platform: Platform,
    community: &str,
    user: &UserId,
) -> Result<Vec<RatingRow>, DbError> {
    sqlx::query_as(concat!(
        "SELECT ",
        rating_columns!(),
        " FROM ratings WHERE platform = ? AND community = ? AND user_id = ? ORDER BY kind"
    ))
    .bind(platform)
    .bind(community)
    .bind(user)
    .fetch_all(pool)
    .await
    .map_err(db)
}

/// A player's rating changes in one community's game, in the order the games ended.
pub(super) async fn rating_history(
    pool: &SqlitePool,
    platform: Platform,
    community: &str,
    kind: &str,
    user: &UserId,
) -> Result<Vec<RatingChange>, DbError> {
    sqlx::query_as(
        "SELECT c.game_id, c.seat, c.user_id, c.before, c.after, c.deviation \
         FROM rating_changes c JOIN games g ON g.id = c.game_id \
         WHERE c.user_id = ? AND g.platform = ? AND COALESCE(g.community, g.chat_id) = ? \
         AND g.kind = ? ORDER BY g.ended_seq",
    )
    .bind(user)
    .bind(platform)
    .bind(community)
    .bind(kind)
    .fetch_all(pool)
    .await
    .map_err(db)
}

/// The finished games (over, with a result) of a community that `user` played (any player
/// when `None`), of `kind` when given, most recent first, at most `limit`.
pub(super) async fn finished_games(
    pool: &SqlitePool,
    platform: Platform,
    community: &str,
    user: Option<&UserId>,
    kind: Option<&str>,
    limit: i64,
) -> Result<Vec<GameRow>, DbError> {
    sqlx::query_as(concat!(
        "SELECT ",
        game_columns!(),
        " FROM games WHERE status = 'over' AND result IS NOT NULL AND platform = ? \
         AND COALESCE(community, chat_id) = ? \
         AND (? IS NULL OR EXISTS (SELECT 1 FROM json_each(seats) WHERE value = ?)) \
         AND (? IS NULL OR kind = ?) ORDER BY ended_seq DESC, id DESC LIMIT ?"
    ))
    .bind(platform)
    .bind(community)
    .bind(user)
    .bind(user)
    .bind(kind)
    .bind(kind)
    .bind(limit)
    .fetch_all(pool)
    .await
    .map_err(db)
}

/// The rated finished games not rated yet (a crash between a game's end and its rating), in
/// the order they ended.
pub(super) async fn unrated_ends(pool: &SqlitePool) -> Result<Vec<GameId>, DbError> {
    sqlx::query_scalar(
        "SELECT id FROM games g WHERE rated = 1 AND status = 'over' AND result IS NOT NULL \
         AND ended_seq IS NOT NULL \
         AND NOT EXISTS (SELECT 1 FROM rating_changes c WHERE c.game_id = g.id) \
         ORDER BY ended_seq",
    )
    .fetch_all(pool)
    .await
    .map_err(db)
}
