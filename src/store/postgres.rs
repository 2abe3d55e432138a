//! What the store does its own way on PostgreSQL (docs/scale.md); the statements both databases
//! share are in `queries/`, and `tests/store.rs` runs one suite on both.
//!
//! Where SQLite has one writer, PostgreSQL has many concurrent transactions, possibly from
//! several bot instances. So:
//!
//! - **A game's writes are serialised by its row**: a write first takes the game's row lock
//!   (`SELECT … FOR UPDATE`, or the `UPDATE` itself), then checks the version the caller read. A
//!   second writer of the same game waits for the first to commit and then sees the moved
//!   version ([`DbError::Conflict`]); the caller reloads and decides again. Writes to different
//!   games never wait for each other, so there is no group commit here.
//! - **The order games ended** comes from a sequence (`games_ended_seq`), not `MAX + 1`.
//! - **Ratings** of one group (platform, community, game) are written under a transaction-level
//!   advisory lock on that group, so two games ending at once are rated one after the other, in
//!   the order they ended (the same replay as SQLite's); a rebuild locks the rating tables.

use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgPool, PgPoolOptions};

use super::queries::{self, Conn, OutboxRow, stored_messages};
use super::types::{
    ActionRow, Changes, DbError, GameId, GameRow, GameStatus, GameUpdate, NewMessage, Platform,
    StoredMessage, UserRow, db,
};

/// How many connections one instance keeps at most. Every request holds one for a few
/// statements; PostgreSQL's default limit of 100 leaves room for several instances.
const MAX_CONNECTIONS: u32 = 16;

/// Connections for the change feed: one read at a time per instance (`Referee::sync`), and one
/// spare.
const FEED_CONNECTIONS: u32 = 2;

/// How long a start waits for the database by default (it may be starting too, as in
/// `docker-compose.yml`); libpq's `connect_timeout=N` in the URL sets another.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(30);

/// What the URL sets beyond what sqlx reads: how long a start waits for the database, and how
/// many request connections one instance opens.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Settings {
    /// libpq's `connect_timeout=N` (seconds, at least 1; default [`CONNECT_TIMEOUT`]).
    timeout: Duration,
    /// `max_connections=N` (at least 1; default [`MAX_CONNECTIONS`]): with several instances on
    /// one server, their sum plus [`FEED_CONNECTIONS`] each must stay under the server's limit.
    connections: u32,
}

/// `url` without the parameters sqlx does not read (`connect_timeout`, `max_connections`), and
/// what they set. A value that is not a number leaves the default.
fn settings(url: &str) -> (String, Settings) {
    let mut settings = Settings { timeout: CONNECT_TIMEOUT, connections: MAX_CONNECTIONS };
    let Some((base, query)) = url.split_once('?') else {
        return (url.to_string(), settings);
    };
    let rest: Vec<&str> = query
        .split('&')
        .filter(|pair| {
            if let Some(seconds) = pair.strip_prefix("connect_timeout=") {
                if let Ok(seconds) = seconds.parse::<u64>() {
                    settings.timeout = Duration::from_secs(seconds.max(1));
                }
                false
            } else if let Some(count) = pair.strip_prefix("max_connections=") {
                if let Ok(count) = count.parse::<u32>() {
                    settings.connections = count.max(1);
                }
                false
            } else {
                true
            }
        })
        .collect();
    if rest.is_empty() {
        (base.to_string(), settings)
    } else {
        (format!("{base}?{}", rest.join("&")), settings)
    }
}

/// Connects to the database at `url` and applies the migrations. Instances starting together
/// apply them once: sqlx holds an advisory lock while it migrates.
pub(super) async fn open(url: &str, shown: &str, owner: &str) -> Result<(PgPool, PgPool), DbError> {
    let (url, settings) = settings(url);
    let timeout = settings.timeout;
    let options: PgConnectOptions =
        url.parse().map_err(|e| DbError::Open(format!("{shown}: {e}")))?;
    // Outbox rows written on these connections belong to this instance (the column's default
    // reads it: see the migration adding shared instances).
    let options = options.options([("arbiter.owner", owner)]);
    let pool = PgPoolOptions::new()
        .max_connections(settings.connections)
        .acquire_timeout(timeout)
        .connect_with(options.clone())
        .await
        .map_err(|e| DbError::Open(format!("{shown}: {e}")))?;
    // The change feed's own connections ([`changes`]): its queries want the stamps' index
    // however few rows changed, but a table never analysed (autovacuum off, or not yet run)
    // makes the planner guess a third of the table and scan it whole, on every request. Here
    // the plan cannot be a sequential scan.
    let feed = PgPoolOptions::new()
        .max_connections(FEED_CONNECTIONS)
        .acquire_timeout(timeout)
        .connect_lazy_with(options.options([("enable_seqscan", "off")]));
    sqlx::migrate!("./migrations/postgres")
        .run(&pool)
        .await
        .map_err(|e| DbError::Open(format!("applying migrations to {shown}: {e}")))?;
    Ok((pool, feed))
}

// ---- version-checked writes ----

/// Appends `action` and writes `update` under the version check, with the messages, in one
/// statement: one round trip, in its own transaction (issue 45). The action must be the next
/// one (`seq` = the number of actions + 1).
///
/// The `UPDATE` of the game row takes the row lock and checks the version (a concurrent writer
/// of the same game waits, then finds the version moved and updates nothing); the action and
/// the outbox rows are inserted only for the row it returned, so a refused write writes
/// nothing. Only a refusal costs a second round trip, to tell a moved version from a missing
/// game.
pub(super) async fn commit_action(
    pool: &PgPool,
    id: GameId,
    expected_version: i64,
    action: &ActionRow,
    update: &GameUpdate,
    messages: &[NewMessage],
) -> Result<(GameRow, Vec<i64>), DbError> {
    use sqlx::{FromRow, Row};
    let platforms: Vec<&str> = messages.iter().map(|m| m.platform.as_str()).collect();
    let dests: Vec<&str> = messages.iter().map(|m| m.dest.as_str()).collect();
    let bodies: Vec<&str> = messages.iter().map(|m| m.body.as_str()).collect();
    let images: Vec<Option<&[u8]>> = messages.iter().map(|m| m.image.as_deref()).collect();
    let games: Vec<Option<i64>> = messages.iter().map(|m| m.game_id.map(|g| g.0)).collect();
    let created: Vec<i64> = messages.iter().map(|m| m.created_at).collect();
    let row = bind_game_update!(sqlx::query(COMMIT_ACTION), update, id, expected_version)
        .bind(action.seq)
        .bind(action.seat)
        .bind(&action.notation)
        .bind(&action.by_user)
        .bind(action.at)
        .bind(platforms)
        .bind(dests)
        .bind(bodies)
        .bind(images)
        .bind(games)
        .bind(created)
        .fetch_optional(pool)
        .await
        .map_err(db)?;
    let Some(row) = row else {
        let mut conn = pool.acquire().await.map_err(db)?;
        return Err(queries::refused(Conn::from(&mut *conn), id, expected_version).await);
    };
    let game = GameRow::from_row(&row).map_err(db)?;
    let mut ids: Vec<i64> = row.try_get("outbox_ids").map_err(db)?;
    ids.sort_unstable();
    Ok((game, ids))
}

/// [`commit_action`]'s statement: the game's `UPDATE` under the version check (and the check
/// that the action is the next one), then, for the row it returned, the action and the outbox
/// rows (`unnest` keeps the messages' order, so their ids ascend in order).
const COMMIT_ACTION: &str = concat!(
    "WITH g AS (",
    write_game_sql!(
        "nextval('games_ended_seq')",
        " AND (SELECT COUNT(*) FROM actions WHERE game_id = $10) = $12 - 1"
    ),
    "), a AS (INSERT INTO actions (game_id, seq, seat, notation, by_user, at) \
     SELECT $10, $12, $13, $14, $15, $16 FROM g), \
     m AS (INSERT INTO outbox (platform, dest, body, image, game_id, created_at) \
     SELECT u.platform, u.dest, u.body, u.image, u.game_id, u.created_at FROM g, \
     unnest($17::text[], $18::text[], $19::text[], $20::bytea[], $21::bigint[], $22::bigint[]) \
     WITH ORDINALITY AS u (platform, dest, body, image, game_id, created_at, n) \
     ORDER BY u.n RETURNING id) \
     SELECT g.*, ARRAY(SELECT id FROM m) AS outbox_ids FROM g"
);

// ---- the delivery outbox ----

// ---- several instances on one database (docs/scale.md) ----

/// How long an outbox row stays with the instance sending it without a renewal, in seconds;
/// the migration's column default says the same.
pub(super) const LEASE_SECONDS: i64 = 60;

/// The database's clock in unix seconds (instances need not agree with each other's clocks).
macro_rules! db_now {
    () => {
        "CAST(EXTRACT(EPOCH FROM clock_timestamp()) AS BIGINT)"
    };
}

pub(super) async fn changes(pool: &PgPool, since: Option<i64>) -> Result<Changes, DbError> {
    // Every transaction older than the new mark has ended: its writes are visible from now on.
    // A write stamped at or after it may still commit, so the next call asks from this mark.
    // Read in one statement with whether the follows changed since the old one.
    let (mark, follows): (i64, bool) = sqlx::query_as(
        "SELECT CAST(CAST(pg_snapshot_xmin(pg_current_snapshot()) AS TEXT) AS BIGINT), \
         EXISTS (SELECT 1 FROM change_marks WHERE name = 'follows' \
         AND changed_xid >= CAST(CAST($1 AS TEXT) AS xid8))",
    )
    .bind(since.unwrap_or(i64::MAX))
    .fetch_one(pool)
    .await
    .map_err(db)?;
    let Some(since) = since else {
        return Ok(Changes { mark, ..Changes::default() });
    };
    // Ids and versions only: most rows are the caller's own writes, or seen already.
    let games: Vec<(GameId, i64, GameStatus)> = sqlx::query_as(
        "SELECT id, version, status FROM games \
         WHERE changed_xid >= CAST(CAST($1 AS TEXT) AS xid8) ORDER BY id",
    )
    .bind(since)
    .fetch_all(pool)
    .await
    .map_err(db)?;
    let users: Vec<UserRow> = sqlx::query_as(concat!(
        "SELECT ",
        user_columns!(),
        " FROM users WHERE changed_xid >= CAST(CAST($1 AS TEXT) AS xid8) \
         ORDER BY platform, user_id"
    ))
    .bind(since)
    .fetch_all(pool)
    .await
    .map_err(db)?;
    Ok(Changes { mark, games, users, follows })
}

pub(super) async fn take_over_messages(
    pool: &PgPool,
    platform: Platform,
    owner: &str,
) -> Result<Vec<StoredMessage>, DbError> {
    let mut rows: Vec<OutboxRow> = sqlx::query_as(concat!(
        "UPDATE outbox SET owner = $2, lease_until = ",
        db_now!(),
        " + $3 WHERE id IN (SELECT id FROM outbox WHERE platform = $1 \
         AND (owner IS NULL OR lease_until IS NULL OR lease_until < ",
        db_now!(),
        ") ORDER BY id FOR UPDATE SKIP LOCKED) \
         RETURNING id, platform, dest, body, image, game_id, created_at"
    ))
    .bind(platform)
    .bind(owner)
    .bind(LEASE_SECONDS)
    .fetch_all(pool)
    .await
    .map_err(db)?;
    rows.sort_unstable_by_key(|r| r.0);
    Ok(stored_messages(rows))
}

pub(super) async fn renew_leases(pool: &PgPool, owner: &str) -> Result<u64, DbError> {
    let done = sqlx::query(concat!(
        "UPDATE outbox SET lease_until = ",
        db_now!(),
        " + $2 WHERE owner = $1"
    ))
    .bind(owner)
    .bind(LEASE_SECONDS)
    .execute(pool)
    .await
    .map_err(db)?;
    Ok(done.rows_affected())
}

pub(super) async fn release_messages(pool: &PgPool, owner: &str) -> Result<u64, DbError> {
    let done = sqlx::query("UPDATE outbox SET owner = NULL, lease_until = NULL WHERE owner = $1")
        .bind(owner)
        .execute(pool)
        .await
        .map_err(db)?;
    Ok(done.rows_affected())
}

pub(super) async fn sent_before_elsewhere(
    pool: &PgPool,
    platform: Platform,
    dest: &str,
    id: i64,
    owner: &str,
) -> Result<bool, DbError> {
    sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM outbox WHERE platform = $1 AND dest = $2 AND id < $3 \
         AND owner IS DISTINCT FROM $4)",
    )
    .bind(platform)
    .bind(dest)
    .bind(id)
    .bind(owner)
    .fetch_one(pool)
    .await
    .map_err(db)
}

// ---- ratings (derived data: docs/community.md) ----

/// After rows were copied in with their ids (`arbiter copy`): new games, messages and ends are
/// numbered on from the largest copied, and the copied messages belong to no instance.
pub(super) async fn restart_numbering(pool: &PgPool) -> Result<(), DbError> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connect_timeout_and_max_connections_are_taken_out_of_the_url() {
        let at = |timeout: u64, connections: u32| Settings {
            timeout: Duration::from_secs(timeout),
            connections,
        };
        let default = Settings { timeout: CONNECT_TIMEOUT, connections: MAX_CONNECTIONS };
        assert_eq!(settings("postgres://h/db"), ("postgres://h/db".into(), default.clone()));
        assert_eq!(
            settings("postgres://h/db?connect_timeout=2"),
            ("postgres://h/db".into(), at(2, MAX_CONNECTIONS))
        );
        assert_eq!(
            settings("postgres://h/db?a=1&connect_timeout=5&b=2"),
            ("postgres://h/db?a=1&b=2".into(), at(5, MAX_CONNECTIONS))
        );
        assert_eq!(settings("postgres://h/db?connect_timeout=x").1, default);
        assert_eq!(
            settings("postgres://h/db?max_connections=6&options=x"),
            ("postgres://h/db?options=x".into(), Settings { connections: 6, ..default })
        );
        assert_eq!(settings("postgres://h/db?max_connections=0").1.connections, 1);
        assert_eq!(settings("postgres://h/db?max_connections=many").1, default);
    }
}
