//! What the store does its own way on SQLite (the statements both databases share are in
//! `queries/`): the file opened with one writer connection, the group commit of actions,
//! write transactions that take the write lock up front, the outbox ids numbered from the last
//! rowid, and the few statements SQLite words differently from PostgreSQL.
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

use super::queries::{self, Conn};
use super::ratings::Group;
use super::{ActionRow, DbError, GameId, GameRow, GameUpdate, NewMessage, db};

/// The `UPDATE games` of `queries::write_game`: SQLite numbers an end one past the largest,
/// its one writer making that safe.
pub(super) const WRITE_GAME: &str =
    write_game_sql!("(SELECT COALESCE(MAX(ended_seq), 0) + 1 FROM games)");

/// The outbox half of `queries::move_chat`. Destinations are `chat:<id>` or `topic:<n>:<id>`
/// (reply::Dest): the id is the suffix.
pub(super) const MOVE_OUTBOX: &str = "UPDATE outbox \
     SET dest = substr(dest, 1, length(dest) - length(?2)) || ?3 \
     WHERE platform = ?1 AND (dest = 'chat:' || ?2 OR dest GLOB 'topic:*:' || ?2)";

/// The statement of `queries::finished_games`: SQLite reads the seats JSON with `json_each`.
pub(super) const FINISHED_GAMES: &str = concat!(
    "SELECT ",
    game_columns!(),
    " FROM games WHERE status = 'over' AND result IS NOT NULL AND platform = $1 \
     AND COALESCE(community, chat_id) = $2 \
     AND ($3 IS NULL OR EXISTS (SELECT 1 FROM json_each(seats) WHERE value = $3)) \
     AND ($4 IS NULL OR kind = $4) ORDER BY ended_seq DESC, id DESC LIMIT $5"
);

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

/// No lock to take for ratings: the write transaction's `BEGIN IMMEDIATE` already keeps every
/// other writer out, of any group.
pub(super) async fn lock_ratings(
    _: &mut SqliteConnection,
    _: Option<&Group>,
) -> Result<(), DbError> {
    Ok(())
}

// ---- the group commit of actions ----

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
    const SQL: &str = "INSERT INTO actions (game_id, seq, seat, notation, by_user, at) \
         SELECT $1, $2, $3, $4, $5, $6 \
         WHERE (SELECT version FROM games WHERE id = $1) = $7 \
           AND (SELECT COUNT(*) FROM actions WHERE game_id = $1) = $2 - 1";
    let inserted = bind_action!(sqlx::query(SQL), id, action)
        .bind(expected_version)
        .execute(&mut *conn)
        .await
        .map_err(db)?;
    if inserted.rows_affected() != 1 {
        return Err(queries::refused(Conn::from(conn), id, expected_version).await);
    }
    // Within the write transaction the version cannot have moved since the insert checked it.
    let under = "inside its own write transaction";
    queries::write_checked_game(Conn::from(conn), id, expected_version, update, under).await
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
pub(super) struct WriteTx {
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
pub(super) async fn begin_write(pool: &SqlitePool) -> Result<WriteTx, DbError> {
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
pub(super) async fn finish<T>(tx: WriteTx, out: Result<T, DbError>) -> Result<T, DbError> {
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
/// rows each, not one per row: the rows of a whole group commit go in together, since every
/// statement is a round trip to the database thread and the writer is the bot's one bottleneck.
pub(super) async fn insert_messages(
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
            query = bind_message!(query, m);
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
