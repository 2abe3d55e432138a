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

use sqlx::SqlitePool;
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteConnection, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous,
};

use super::dialect::sqlite::{begin_write, insert_messages};
use super::queries::{self, Conn};
use super::types::{ActionRow, DbError, GameId, GameRow, GameUpdate, NewMessage, db};

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
    file: std::sync::Arc<FileIdentity>,
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

// ---- the delivery outbox ----

/// A file's identity (device and inode on Unix), read when the store opened it.
#[derive(Debug)]
pub(super) struct FileIdentity {
    pub(super) path: std::path::PathBuf,
    pub(super) id: Option<(u64, u64)>,
}

impl FileIdentity {
    pub(super) fn read(path: &Path) -> Option<(u64, u64)> {
        let meta = std::fs::metadata(path).ok()?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            Some((meta.dev(), meta.ino()))
        }
        #[cfg(not(unix))]
        {
            let _ = meta;
            Some((0, 0))
        }
    }

    /// Errs when the file is gone or another file took its path: writing on would write into
    /// a deleted file, and every game would be lost at the next start.
    pub(super) fn check(&self) -> Result<(), DbError> {
        if FileIdentity::read(&self.path) == self.id {
            return Ok(());
        }
        let path = self.path.display();
        tracing::error!(
            %path,
            "the database file was deleted or replaced while the bot runs: no action is taken \
             until it is restored and the bot restarted"
        );
        Err(DbError::Gone(path.to_string()))
    }
}
