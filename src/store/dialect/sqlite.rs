//! What SQLite words its own way, for the query layer (`queries/`) and the SQLite backend: how
//! an end is numbered, the outbox half of moving a chat, finished games read through
//! `json_each`, the write transaction that takes the lock up front, batched outbox inserts and
//! deletes, and the ratings lock (SQLite's one writer).

use sqlx::pool::PoolConnection;
use sqlx::sqlite::SqliteConnection;
use sqlx::{Sqlite, SqlitePool};

use crate::store::ratings::Group;
use crate::store::types::{DbError, NewMessage, db};

/// The `UPDATE games` of `queries::write_game`: SQLite numbers an end one past the largest,
/// its one writer making that safe.
pub(in crate::store) const WRITE_GAME: &str =
    write_game_sql!("(SELECT COALESCE(MAX(ended_seq), 0) + 1 FROM games)");

/// The outbox half of `queries::move_chat`. Destinations are `chat:<id>` or `topic:<n>:<id>`
/// (reply::Dest): the id is the suffix.
pub(in crate::store) const MOVE_OUTBOX: &str = "UPDATE outbox \
     SET dest = substr(dest, 1, length(dest) - length(?2)) || ?3 \
     WHERE platform = ?1 AND (dest = 'chat:' || ?2 OR dest GLOB 'topic:*:' || ?2)";

/// The statement of `queries::finished_games`: SQLite reads the seats JSON with `json_each`.
pub(in crate::store) const FINISHED_GAMES: &str = concat!(
    "SELECT ",
    game_columns!(),
    " FROM games WHERE status = 'over' AND result IS NOT NULL AND platform = $1 \
     AND COALESCE(community, chat_id) = $2 \
     AND ($3 IS NULL OR EXISTS (SELECT 1 FROM json_each(seats) WHERE value = $3)) \
     AND ($4 IS NULL OR kind = $4) ORDER BY ended_seq DESC, id DESC LIMIT $5 OFFSET $6"
);

/// How many games [`FINISHED_GAMES`] would list without its limit.
pub(in crate::store) const FINISHED_COUNT: &str = "SELECT COUNT(*) FROM games WHERE status = 'over' AND result IS NOT NULL AND platform = $1 \
     AND COALESCE(community, chat_id) = $2 \
     AND ($3 IS NULL OR EXISTS (SELECT 1 FROM json_each(seats) WHERE value = $3)) \
     AND ($4 IS NULL OR kind = $4)";

/// No lock to take for ratings: the write transaction's `BEGIN IMMEDIATE` already keeps every
/// other writer out, of any group.
pub(in crate::store) async fn lock_ratings(
    _: &mut SqliteConnection,
    _: Option<&Group>,
) -> Result<(), DbError> {
    Ok(())
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
pub(in crate::store) struct WriteTx {
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
    pub(in crate::store) async fn commit(mut self) -> Result<(), DbError> {
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
    pub(in crate::store) async fn rollback(mut self) {
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
pub(in crate::store) async fn begin_write(pool: &SqlitePool) -> Result<WriteTx, DbError> {
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
pub(in crate::store) async fn finish<T>(
    tx: WriteTx,
    out: Result<T, DbError>,
) -> Result<T, DbError> {
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
pub(in crate::store) async fn insert_messages(
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

pub(in crate::store) async fn delete_messages(
    pool: &SqlitePool,
    ids: &[i64],
) -> Result<(), DbError> {
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
