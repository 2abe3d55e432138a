//! Every SQL statement of the store, for SQLite. [`super::Store`] only forwards to these
//! functions, so another backend can replace this module without touching its callers.
//!
//! Writes that read before they write (the version check, the next seq) run in a
//! `BEGIN IMMEDIATE` transaction: it takes SQLite's write lock up front, so a second writer waits
//! (up to the busy timeout) and then sees the first one's commit, instead of failing half way
//! with `SQLITE_BUSY` when upgrading a read transaction.

use std::path::Path;
use std::time::Duration;

use sqlx::sqlite::{
    SqliteConnectOptions, SqliteConnection, SqliteJournalMode, SqlitePoolOptions, SqliteRow,
    SqliteSynchronous,
};
use sqlx::{FromRow, Row, Sqlite, SqlitePool, Transaction};

use super::{ActionRow, DbError, GameRow, GameUpdate, NewGame, UserRow};

/// The columns of `games`, in [`GameRow`] order. A macro so that it can be `concat!`ed into
/// `&'static str` queries.
macro_rules! game_columns {
    () => {
        "id, platform, chat_id, kind, options, position, seed, seats, creator, locale, status, \
         result, reason, clock, deadline_at, reminders_sent, offer, version, engine_version, \
         created_at, updated_at"
    };
}

/// The columns of `users`, in [`UserRow`] order.
macro_rules! user_columns {
    () => {
        "platform, user_id, display_name, locale, notifications, reachable"
    };
}

/// Maps sqlx's errors at the store's boundary: a missing row becomes [`DbError::NotFound`].
fn db(e: sqlx::Error) -> DbError {
    match e {
        sqlx::Error::RowNotFound => DbError::NotFound,
        e => DbError::Sqlx(e),
    }
}

impl<'r> FromRow<'r, SqliteRow> for GameRow {
    fn from_row(row: &'r SqliteRow) -> Result<Self, sqlx::Error> {
        Ok(GameRow {
            id: row.try_get("id")?,
            platform: row.try_get("platform")?,
            chat_id: row.try_get("chat_id")?,
            kind: row.try_get("kind")?,
            options: row.try_get("options")?,
            position: row.try_get("position")?,
            seed: row.try_get("seed")?,
            seats: row.try_get("seats")?,
            creator: row.try_get("creator")?,
            locale: row.try_get("locale")?,
            status: row.try_get("status")?,
            result: row.try_get("result")?,
            reason: row.try_get("reason")?,
            clock: row.try_get("clock")?,
            deadline_at: row.try_get("deadline_at")?,
            reminders_sent: row.try_get("reminders_sent")?,
            offer: row.try_get("offer")?,
            version: row.try_get("version")?,
            engine_version: row.try_get("engine_version")?,
            created_at: row.try_get("created_at")?,
            updated_at: row.try_get("updated_at")?,
        })
    }
}

impl<'r> FromRow<'r, SqliteRow> for UserRow {
    fn from_row(row: &'r SqliteRow) -> Result<Self, sqlx::Error> {
        Ok(UserRow {
            platform: row.try_get("platform")?,
            user_id: row.try_get("user_id")?,
            display_name: row.try_get("display_name")?,
            locale: row.try_get("locale")?,
            notifications: row.try_get("notifications")?,
            reachable: row.try_get("reachable")?,
        })
    }
}

impl<'r> FromRow<'r, SqliteRow> for ActionRow {
    fn from_row(row: &'r SqliteRow) -> Result<Self, sqlx::Error> {
        Ok(ActionRow {
            seq: row.try_get("seq")?,
            seat: row.try_get("seat")?,
            notation: row.try_get("notation")?,
            by_user: row.try_get("by_user")?,
            at: row.try_get("at")?,
        })
    }
}

/// Opens (creating if missing) the database file and applies the migrations.
pub(super) async fn open(path: &Path) -> Result<SqlitePool, DbError> {
    let options = SqliteConnectOptions::new()
        .filename(path)
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Normal)
        .busy_timeout(Duration::from_secs(5))
        .foreign_keys(true);
    let pool = SqlitePoolOptions::new()
        .max_connections(4)
        .connect_with(options)
        .await
        .map_err(|e| DbError::Open(format!("{}: {e}", path.display())))?;
    sqlx::migrate!("./migrations")
        .run(&pool)
        .await
        .map_err(|e| DbError::Open(format!("applying migrations to {}: {e}", path.display())))?;
    Ok(pool)
}

/// `PRAGMA journal_mode`.
pub(super) async fn journal_mode(pool: &SqlitePool) -> Result<String, DbError> {
    sqlx::query_scalar("PRAGMA journal_mode").fetch_one(pool).await.map_err(db)
}

// ---- users ----

pub(super) async fn upsert_user(
    pool: &SqlitePool,
    platform: &str,
    user_id: &str,
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
    platform: &str,
    user_id: &str,
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
    platform: &str,
    user_id: &str,
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
    platform: &str,
    user_id: &str,
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

pub(super) async fn set_reachable(
    pool: &SqlitePool,
    platform: &str,
    user_id: &str,
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

/// An update keyed by primary key changed its row, or there was none.
fn one_row(rows_affected: u64) -> Result<(), DbError> {
    if rows_affected == 0 { Err(DbError::NotFound) } else { Ok(()) }
}

// ---- games ----

pub(super) async fn create_game(pool: &SqlitePool, game: &NewGame) -> Result<GameRow, DbError> {
    sqlx::query_as(concat!(
        "INSERT INTO games (platform, chat_id, kind, options, position, seed, seats, creator, \
         locale, status, clock, engine_version, created_at, updated_at) \
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING ",
        game_columns!()
    ))
    .bind(&game.platform)
    .bind(&game.chat_id)
    .bind(&game.kind)
    .bind(&game.options)
    .bind(&game.position)
    .bind(game.seed)
    .bind(&game.seats)
    .bind(&game.creator)
    .bind(&game.locale)
    .bind(&game.status)
    .bind(&game.clock)
    .bind(game.engine_version)
    .bind(game.now)
    .bind(game.now)
    .fetch_one(pool)
    .await
    .map_err(db)
}

pub(super) async fn game(pool: &SqlitePool, id: i64) -> Result<GameRow, DbError> {
    sqlx::query_as(concat!("SELECT ", game_columns!(), " FROM games WHERE id = ?"))
        .bind(id)
        .fetch_optional(pool)
        .await
        .map_err(db)?
        .ok_or(DbError::NotFound)
}

pub(super) async fn games_with_status(
    pool: &SqlitePool,
    statuses: &[&str],
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
        query = query.bind(*status);
    }
    query.fetch_all(pool).await.map_err(db)
}

pub(super) async fn games_in_chat(
    pool: &SqlitePool,
    platform: &str,
    chat_id: &str,
) -> Result<Vec<GameRow>, DbError> {
    sqlx::query_as(concat!(
        "SELECT ",
        game_columns!(),
        " FROM games WHERE platform = ? AND chat_id = ? ORDER BY id"
    ))
    .bind(platform)
    .bind(chat_id)
    .fetch_all(pool)
    .await
    .map_err(db)
}

pub(super) async fn actions(pool: &SqlitePool, game_id: i64) -> Result<Vec<ActionRow>, DbError> {
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
    id: i64,
    expected_version: i64,
    update: &GameUpdate,
) -> Result<GameRow, DbError> {
    let mut tx = begin_write(pool).await?;
    let out = write_game(&mut tx, id, expected_version, update).await;
    finish(tx, out).await
}

pub(super) async fn commit_action(
    pool: &SqlitePool,
    id: i64,
    expected_version: i64,
    action: &ActionRow,
    update: &GameUpdate,
) -> Result<GameRow, DbError> {
    let mut tx = begin_write(pool).await?;
    let out = commit_action_in(&mut tx, id, expected_version, action, update).await;
    finish(tx, out).await
}

async fn commit_action_in(
    conn: &mut SqliteConnection,
    id: i64,
    expected_version: i64,
    action: &ActionRow,
    update: &GameUpdate,
) -> Result<GameRow, DbError> {
    let row = write_game(conn, id, expected_version, update).await?;
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM actions WHERE game_id = ?")
        .bind(id)
        .fetch_one(&mut *conn)
        .await
        .map_err(db)?;
    if action.seq != count + 1 {
        return Err(DbError::Conflict { expected: expected_version });
    }
    sqlx::query(
        "INSERT INTO actions (game_id, seq, seat, notation, by_user, at) \
         VALUES (?, ?, ?, ?, ?, ?)",
    )
    .bind(id)
    .bind(action.seq)
    .bind(action.seat)
    .bind(&action.notation)
    .bind(&action.by_user)
    .bind(action.at)
    .execute(&mut *conn)
    .await
    .map_err(db)?;
    Ok(row)
}

pub(super) async fn remove_last_action(
    pool: &SqlitePool,
    id: i64,
    expected_version: i64,
    update: &GameUpdate,
) -> Result<GameRow, DbError> {
    let mut tx = begin_write(pool).await?;
    let out = remove_last_action_in(&mut tx, id, expected_version, update).await;
    finish(tx, out).await
}

async fn remove_last_action_in(
    conn: &mut SqliteConnection,
    id: i64,
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

/// Starts a transaction holding SQLite's write lock.
async fn begin_write(pool: &SqlitePool) -> Result<Transaction<'static, Sqlite>, DbError> {
    pool.begin_with("BEGIN IMMEDIATE").await.map_err(db)
}

/// Commits `tx` if `out` is a success, else rolls it back and returns `out`'s error.
async fn finish<T>(
    tx: Transaction<'static, Sqlite>,
    out: Result<T, DbError>,
) -> Result<T, DbError> {
    match out {
        Ok(value) => {
            tx.commit().await.map_err(db)?;
            Ok(value)
        }
        Err(e) => {
            // Dropping an unfinished transaction rolls it back too, so a failed rollback only
            // loses its own message; the caller needs the error that caused it.
            if let Err(rollback) = tx.rollback().await {
                tracing::warn!(error = %rollback, "rolling back a failed store write");
            }
            Err(e)
        }
    }
}

/// Writes the mutable columns of game `id` if its version is still `expected_version`, bumping
/// the version, and returns the new row. Inside a write transaction, so that telling a missing
/// game from a moved version reads the same state the update saw.
async fn write_game(
    conn: &mut SqliteConnection,
    id: i64,
    expected_version: i64,
    update: &GameUpdate,
) -> Result<GameRow, DbError> {
    let row: Option<GameRow> = sqlx::query_as(concat!(
        "UPDATE games SET seats = ?, status = ?, result = ?, reason = ?, deadline_at = ?, \
         reminders_sent = ?, offer = ?, updated_at = ?, version = version + 1 \
         WHERE id = ? AND version = ? RETURNING ",
        game_columns!()
    ))
    .bind(&update.seats)
    .bind(&update.status)
    .bind(&update.result)
    .bind(&update.reason)
    .bind(update.deadline_at)
    .bind(update.reminders_sent)
    .bind(&update.offer)
    .bind(update.now)
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
