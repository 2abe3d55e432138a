//! Every SQL statement of the store, for PostgreSQL (docs/scale.md): the same functions as
//! `sqlite.rs`, answering alike (`tests/store.rs` runs one suite on both).
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

use sqlx::postgres::{PgConnectOptions, PgConnection, PgPool, PgPoolOptions};

use super::ratings::{Group, Replay, counts, two_players};
use super::{
    ActionRow, ChatId, DbError, Follow, GameId, GameRow, GameStatus, GameUpdate, NewGame,
    NewMessage, Pings, Platform, RatingChange, RatingRow, StoredMessage, UserId, UserRow, db,
    one_row,
};

/// The columns of `games`, in [`GameRow`] order.
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

/// How many connections one instance keeps at most. Every request holds one for a few
/// statements; PostgreSQL's default limit of 100 leaves room for several instances.
const MAX_CONNECTIONS: u32 = 16;

/// Connections for the change feed: one read at a time per instance (`Referee::sync`), and one
/// spare.
const FEED_CONNECTIONS: u32 = 2;

/// How long a start waits for the database by default (it may be starting too, as in
/// `docker-compose.yml`); libpq's `connect_timeout=N` in the URL sets another.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(30);

/// `url` without its `connect_timeout` parameter, and that timeout (sqlx does not read it).
fn connect_timeout(url: &str) -> (String, Duration) {
    let Some((base, query)) = url.split_once('?') else {
        return (url.to_string(), CONNECT_TIMEOUT);
    };
    let mut timeout = CONNECT_TIMEOUT;
    let rest: Vec<&str> = query
        .split('&')
        .filter(|pair| match pair.strip_prefix("connect_timeout=") {
            Some(seconds) => {
                if let Ok(seconds) = seconds.parse::<u64>() {
                    timeout = Duration::from_secs(seconds.max(1));
                }
                false
            }
            None => true,
        })
        .collect();
    if rest.is_empty() {
        (base.to_string(), timeout)
    } else {
        (format!("{base}?{}", rest.join("&")), timeout)
    }
}

/// Connects to the database at `url` and applies the migrations. Instances starting together
/// apply them once: sqlx holds an advisory lock while it migrates.
pub(super) async fn open(url: &str, shown: &str, owner: &str) -> Result<(PgPool, PgPool), DbError> {
    let (url, timeout) = connect_timeout(url);
    let options: PgConnectOptions =
        url.parse().map_err(|e| DbError::Open(format!("{shown}: {e}")))?;
    // Outbox rows written on these connections belong to this instance (the column's default
    // reads it: see the migration adding shared instances).
    let options = options.options([("arbiter.owner", owner)]);
    let pool = PgPoolOptions::new()
        .max_connections(MAX_CONNECTIONS)
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

// ---- users ----

pub(super) async fn upsert_user(
    pool: &PgPool,
    platform: Platform,
    user_id: &UserId,
    display_name: &str,
) -> Result<UserRow, DbError> {
    sqlx::query_as(concat!(
        "INSERT INTO users (platform, user_id, display_name) VALUES ($1, $2, $3) \
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
    pool: &PgPool,
    platform: Platform,
    user_id: &UserId,
) -> Result<Option<UserRow>, DbError> {
    sqlx::query_as(concat!(
        "SELECT ",
        user_columns!(),
        " FROM users WHERE platform = $1 AND user_id = $2"
    ))
    .bind(platform)
    .bind(user_id)
    .fetch_optional(pool)
    .await
    .map_err(db)
}

/// The statement that sets one column of one user.
macro_rules! set_user {
    ($column:literal) => {
        concat!("UPDATE users SET ", $column, " = $1 WHERE platform = $2 AND user_id = $3")
    };
}

/// Runs a [`set_user!`] statement: `NotFound` when there is no such user.
async fn set_user_column<'q, T>(
    pool: &PgPool,
    sql: &'static str,
    value: T,
    platform: Platform,
    user_id: &'q UserId,
) -> Result<(), DbError>
where
    T: 'q + Send + sqlx::Encode<'q, sqlx::Postgres> + sqlx::Type<sqlx::Postgres>,
{
    let done = sqlx::query(sql)
        .bind(value)
        .bind(platform)
        .bind(user_id)
        .execute(pool)
        .await
        .map_err(db)?;
    one_row(done.rows_affected())
}

pub(super) async fn set_locale(
    pool: &PgPool,
    platform: Platform,
    user_id: &UserId,
    locale: Option<&str>,
) -> Result<(), DbError> {
    set_user_column(pool, set_user!("locale"), locale, platform, user_id).await
}

pub(super) async fn set_notifications(
    pool: &PgPool,
    platform: Platform,
    user_id: &UserId,
    on: bool,
) -> Result<(), DbError> {
    set_user_column(pool, set_user!("notifications"), on, platform, user_id).await
}

pub(super) async fn set_pings(
    pool: &PgPool,
    platform: Platform,
    user_id: &UserId,
    pings: Pings,
) -> Result<(), DbError> {
    set_user_column(pool, set_user!("pings"), pings, platform, user_id).await
}

pub(super) async fn set_reachable(
    pool: &PgPool,
    platform: Platform,
    user_id: &UserId,
    reachable: Option<bool>,
) -> Result<(), DbError> {
    set_user_column(pool, set_user!("reachable"), reachable, platform, user_id).await
}

pub(super) async fn set_digest(
    pool: &PgPool,
    platform: Platform,
    user_id: &UserId,
    at: Option<i64>,
) -> Result<(), DbError> {
    set_user_column(pool, set_user!("digest_at"), at, platform, user_id).await
}

pub(super) async fn set_account(
    pool: &PgPool,
    platform: Platform,
    user_id: &UserId,
    account: Option<&str>,
) -> Result<(), DbError> {
    set_user_column(pool, set_user!("account"), account, platform, user_id).await
}

pub(super) async fn claim_digest(
    pool: &PgPool,
    platform: Platform,
    user_id: &UserId,
    was: i64,
    next: i64,
) -> Result<bool, DbError> {
    let done = sqlx::query(
        "UPDATE users SET digest_at = $1 WHERE platform = $2 AND user_id = $3 AND digest_at = $4",
    )
    .bind(next)
    .bind(platform)
    .bind(user_id)
    .bind(was)
    .execute(pool)
    .await
    .map_err(db)?;
    Ok(done.rows_affected() == 1)
}

pub(super) async fn digests_due(pool: &PgPool, now: i64) -> Result<Vec<UserRow>, DbError> {
    sqlx::query_as(concat!(
        "SELECT ",
        user_columns!(),
        " FROM users WHERE digest_at IS NOT NULL AND digest_at <= $1 \
          ORDER BY digest_at, platform, user_id"
    ))
    .bind(now)
    .fetch_all(pool)
    .await
    .map_err(db)
}

pub(super) async fn on_vacation(pool: &PgPool) -> Result<Vec<UserRow>, DbError> {
    sqlx::query_as(concat!(
        "SELECT ",
        user_columns!(),
        " FROM users WHERE vacation_until IS NOT NULL ORDER BY platform, user_id"
    ))
    .fetch_all(pool)
    .await
    .map_err(db)
}

pub(super) async fn set_vacation(
    pool: &PgPool,
    platform: Platform,
    user_id: &UserId,
    running: Option<(i64, i64)>,
    year: i64,
    used: i64,
) -> Result<(), DbError> {
    let done = sqlx::query(
        "UPDATE users SET vacation_from = $1, vacation_until = $2, vacation_year = $3, \
         vacation_used = $4 WHERE platform = $5 AND user_id = $6",
    )
    .bind(running.map(|r| r.0))
    .bind(running.map(|r| r.1))
    .bind(year)
    .bind(used)
    .bind(platform)
    .bind(user_id)
    .execute(pool)
    .await
    .map_err(db)?;
    one_row(done.rows_affected())
}

pub(super) async fn end_vacation(
    pool: &PgPool,
    platform: Platform,
    user_id: &UserId,
    running: (i64, i64),
    used: i64,
) -> Result<bool, DbError> {
    let done = sqlx::query(
        "UPDATE users SET vacation_from = NULL, vacation_until = NULL, vacation_used = $1 \
         WHERE platform = $2 AND user_id = $3 AND vacation_from = $4 AND vacation_until = $5",
    )
    .bind(used)
    .bind(platform)
    .bind(user_id)
    .bind(running.0)
    .bind(running.1)
    .execute(pool)
    .await
    .map_err(db)?;
    Ok(done.rows_affected() == 1)
}

pub(super) async fn linked(pool: &PgPool, account: &str) -> Result<Vec<UserRow>, DbError> {
    sqlx::query_as(concat!(
        "SELECT ",
        user_columns!(),
        " FROM users WHERE account = $1 ORDER BY platform, user_id"
    ))
    .bind(account)
    .fetch_all(pool)
    .await
    .map_err(db)
}

pub(super) async fn put_link_code(
    pool: &PgPool,
    code: &str,
    platform: Platform,
    user_id: &UserId,
    now: i64,
    expires_at: i64,
) -> Result<(), DbError> {
    let mut tx = pool.begin().await.map_err(db)?;
    sqlx::query(
        "DELETE FROM link_codes WHERE (platform = $1 AND user_id = $2) OR expires_at <= $3",
    )
    .bind(platform)
    .bind(user_id)
    .bind(now)
    .execute(&mut *tx)
    .await
    .map_err(db)?;
    sqlx::query(
        "INSERT INTO link_codes (code, platform, user_id, expires_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(code)
    .bind(platform)
    .bind(user_id)
    .bind(expires_at)
    .execute(&mut *tx)
    .await
    .map_err(db)?;
    tx.commit().await.map_err(db)
}

pub(super) async fn take_link_code(
    pool: &PgPool,
    code: &str,
    now: i64,
) -> Result<Option<(Platform, UserId)>, DbError> {
    let row: Option<(Platform, UserId, i64)> = sqlx::query_as(
        "DELETE FROM link_codes WHERE code = $1 RETURNING platform, user_id, expires_at",
    )
    .bind(code)
    .fetch_optional(pool)
    .await
    .map_err(db)?;
    Ok(row.filter(|r| r.2 > now).map(|(p, u, _)| (p, u)))
}

// ---- follows ----

pub(super) async fn all_follows(pool: &PgPool) -> Result<Vec<Follow>, DbError> {
    let rows: Vec<super::follows::Row> = sqlx::query_as(
        "SELECT platform, follower, kind, target, community FROM follows \
         ORDER BY platform, follower, kind, target",
    )
    .fetch_all(pool)
    .await
    .map_err(db)?;
    Ok(rows.into_iter().filter_map(super::follows::of_row).collect())
}

pub(super) async fn add_follow(pool: &PgPool, f: &Follow) -> Result<bool, DbError> {
    let (kind, target, community) = super::follows::parts(&f.followed);
    let done = sqlx::query(
        "INSERT INTO follows (platform, follower, kind, target, community) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
    )
    .bind(f.platform)
    .bind(&f.follower)
    .bind(kind)
    .bind(target)
    .bind(community)
    .execute(pool)
    .await
    .map_err(db)?;
    Ok(done.rows_affected() == 1)
}

pub(super) async fn remove_follow(pool: &PgPool, f: &Follow) -> Result<bool, DbError> {
    let (kind, target, community) = super::follows::parts(&f.followed);
    let done = sqlx::query(
        "DELETE FROM follows WHERE platform = $1 AND follower = $2 AND kind = $3 AND target = $4 \
         AND community = $5",
    )
    .bind(f.platform)
    .bind(&f.follower)
    .bind(kind)
    .bind(target)
    .bind(community)
    .execute(pool)
    .await
    .map_err(db)?;
    Ok(done.rows_affected() > 0)
}

// ---- games ----

pub(super) async fn move_chat(
    pool: &PgPool,
    platform: Platform,
    from: &str,
    to: &str,
) -> Result<u64, DbError> {
    let mut tx = pool.begin().await.map_err(db)?;
    let moved = sqlx::query(
        "UPDATE games SET chat_id = $3, \
           community = CASE WHEN community = $2 THEN $3 ELSE community END, \
           parent_chat = CASE WHEN parent_chat = $2 THEN $3 ELSE parent_chat END \
         WHERE platform = $1 AND chat_id = $2",
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
        "UPDATE outbox SET dest = left(dest, length(dest) - length($2)) || $3 \
         WHERE platform = $1 AND (dest = 'chat:' || $2 \
           OR (starts_with(dest, 'topic:') AND right(dest, length($2) + 1) = ':' || $2))",
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

pub(super) async fn create_game(
    pool: &PgPool,
    game: &NewGame,
    announce: impl FnOnce(&GameRow) -> Vec<NewMessage>,
) -> Result<(GameRow, Vec<i64>), DbError> {
    let mut tx = pool.begin().await.map_err(db)?;
    let row: GameRow = sqlx::query_as(concat!(
        "INSERT INTO games (platform, chat_id, topic, kind, options, position, seed, seats, \
         creator, locale, status, clock, engine_version, created_at, updated_at, community, \
         parent_chat, rated) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, \
         $14, $15, $16, $17, $18) RETURNING ",
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
    .fetch_one(&mut *tx)
    .await
    .map_err(db)?;
    let ids = insert_messages(&mut tx, &announce(&row)).await?;
    tx.commit().await.map_err(db)?;
    Ok((row, ids))
}

pub(super) async fn game(pool: &PgPool, id: GameId) -> Result<GameRow, DbError> {
    sqlx::query_as(concat!("SELECT ", game_columns!(), " FROM games WHERE id = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await
        .map_err(db)?
        .ok_or(DbError::NotFound)
}

pub(super) async fn games_with_status(
    pool: &PgPool,
    statuses: &[GameStatus],
) -> Result<Vec<GameRow>, DbError> {
    if statuses.is_empty() {
        return Ok(Vec::new());
    }
    let names: Vec<&str> = statuses.iter().map(|s| s.as_str()).collect();
    sqlx::query_as(concat!(
        "SELECT ",
        game_columns!(),
        " FROM games WHERE status = ANY($1) ORDER BY id"
    ))
    .bind(names)
    .fetch_all(pool)
    .await
    .map_err(db)
}

pub(super) async fn games_in_chat(
    pool: &PgPool,
    platform: Platform,
    chat: &ChatId,
) -> Result<Vec<GameRow>, DbError> {
    sqlx::query_as(concat!(
        "SELECT ",
        game_columns!(),
        // A chat without a topic matches the rows whose topic is NULL.
        " FROM games WHERE platform = $1 AND chat_id = $2 AND topic IS NOT DISTINCT FROM $3 \
          ORDER BY id"
    ))
    .bind(platform)
    .bind(&chat.id)
    .bind(chat.topic)
    .fetch_all(pool)
    .await
    .map_err(db)
}

pub(super) async fn actions(pool: &PgPool, game_id: GameId) -> Result<Vec<ActionRow>, DbError> {
    sqlx::query_as(
        "SELECT seq, seat, notation, by_user, at FROM actions WHERE game_id = $1 ORDER BY seq",
    )
    .bind(game_id)
    .fetch_all(pool)
    .await
    .map_err(db)
}

// ---- version-checked writes ----

/// Takes game `id`'s row lock for the rest of the transaction and checks its version: the
/// caller's read is still current, and no other writer can move it until this one commits.
async fn lock_game(
    conn: &mut PgConnection,
    id: GameId,
    expected_version: i64,
) -> Result<(), DbError> {
    let version: Option<i64> =
        sqlx::query_scalar("SELECT version FROM games WHERE id = $1 FOR UPDATE")
            .bind(id)
            .fetch_optional(&mut *conn)
            .await
            .map_err(db)?;
    match version {
        None => Err(DbError::NotFound),
        Some(v) if v != expected_version => Err(DbError::Conflict { expected: expected_version }),
        Some(_) => Ok(()),
    }
}

/// Writes the mutable columns of game `id` if its version is still `expected_version`, bumping
/// the version, and returns the new row. The `UPDATE` takes the row lock, so a concurrent
/// writer of the same game waits and then finds the version moved.
async fn write_game(
    conn: &mut PgConnection,
    id: GameId,
    expected_version: i64,
    update: &GameUpdate,
) -> Result<GameRow, DbError> {
    let row: Option<GameRow> = sqlx::query_as(concat!(
        "UPDATE games SET seats = $1, status = $2, result = $3, reason = $4, deadline_at = $5, \
         reminders_sent = $6, offer = $7, rated = $8, updated_at = $9, version = version + 1, \
         ended_seq = CASE WHEN $2 = 'over' AND ended_seq IS NULL \
             THEN nextval('games_ended_seq') ELSE ended_seq END \
         WHERE id = $10 AND version = $11 RETURNING ",
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
    .bind(id)
    .bind(expected_version)
    .fetch_optional(&mut *conn)
    .await
    .map_err(db)?;
    if let Some(row) = row {
        return Ok(row);
    }
    let exists: Option<i64> = sqlx::query_scalar("SELECT id FROM games WHERE id = $1")
        .bind(id)
        .fetch_optional(&mut *conn)
        .await
        .map_err(db)?;
    Err(match exists {
        Some(_) => DbError::Conflict { expected: expected_version },
        None => DbError::NotFound,
    })
}

pub(super) async fn update_game(
    pool: &PgPool,
    id: GameId,
    expected_version: i64,
    update: &GameUpdate,
    messages: &[NewMessage],
) -> Result<(GameRow, Vec<i64>), DbError> {
    let mut tx = pool.begin().await.map_err(db)?;
    let row = write_game(&mut tx, id, expected_version, update).await?;
    let ids = insert_messages(&mut tx, messages).await?;
    tx.commit().await.map_err(db)?;
    Ok((row, ids))
}

/// Appends `action` and writes `update` under the version check, with the messages, in one
/// transaction. The action must be the next one (`seq` = the number of actions + 1).
pub(super) async fn commit_action(
    pool: &PgPool,
    id: GameId,
    expected_version: i64,
    action: &ActionRow,
    update: &GameUpdate,
    messages: &[NewMessage],
) -> Result<(GameRow, Vec<i64>), DbError> {
    let mut tx = pool.begin().await.map_err(db)?;
    lock_game(&mut tx, id, expected_version).await?;
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM actions WHERE game_id = $1")
        .bind(id)
        .fetch_one(&mut *tx)
        .await
        .map_err(db)?;
    if count != action.seq - 1 {
        return Err(DbError::Conflict { expected: expected_version });
    }
    sqlx::query(
        "INSERT INTO actions (game_id, seq, seat, notation, by_user, at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(id)
    .bind(action.seq)
    .bind(action.seat)
    .bind(&action.notation)
    .bind(&action.by_user)
    .bind(action.at)
    .execute(&mut *tx)
    .await
    .map_err(db)?;
    let row = write_game(&mut tx, id, expected_version, update).await.map_err(|e| match e {
        DbError::Conflict { .. } | DbError::NotFound => {
            DbError::Write(format!("game {id} changed while its row was locked"))
        }
        other => other,
    })?;
    let ids = insert_messages(&mut tx, messages).await?;
    tx.commit().await.map_err(db)?;
    Ok((row, ids))
}

pub(super) async fn remove_last_action(
    pool: &PgPool,
    id: GameId,
    expected_version: i64,
    update: &GameUpdate,
    messages: &[NewMessage],
) -> Result<(GameRow, Vec<i64>), DbError> {
    let mut tx = pool.begin().await.map_err(db)?;
    let row = write_game(&mut tx, id, expected_version, update).await?;
    let done = sqlx::query(
        "DELETE FROM actions WHERE game_id = $1 \
         AND seq = (SELECT MAX(seq) FROM actions WHERE game_id = $1)",
    )
    .bind(id)
    .execute(&mut *tx)
    .await
    .map_err(db)?;
    // No action to take back: the transaction is dropped, so the update is rolled back too.
    one_row(done.rows_affected())?;
    let ids = insert_messages(&mut tx, messages).await?;
    tx.commit().await.map_err(db)?;
    Ok((row, ids))
}

// ---- the delivery outbox ----

/// The most outbox rows one INSERT statement takes (6 parameters each, well under
/// PostgreSQL's limit of 65,535 parameters).
const ROWS_PER_INSERT: usize = 512;

/// Appends `messages` to the outbox, in order; returns their ids. The ids of one statement
/// come from the table's identity sequence in the order of its VALUES, so sorted they are the
/// messages' ids in order (`RETURNING` itself promises no order).
async fn insert_messages(
    conn: &mut PgConnection,
    messages: &[NewMessage],
) -> Result<Vec<i64>, DbError> {
    let mut ids = Vec::with_capacity(messages.len());
    for chunk in messages.chunks(ROWS_PER_INSERT) {
        let mut sql = String::from(
            "INSERT INTO outbox (platform, dest, body, image, game_id, created_at) VALUES ",
        );
        let rows: Vec<String> = (0..chunk.len())
            .map(|i| {
                let n = i * 6;
                format!("(${}, ${}, ${}, ${}, ${}, ${})", n + 1, n + 2, n + 3, n + 4, n + 5, n + 6)
            })
            .collect();
        sql.push_str(&rows.join(", "));
        sql.push_str(" RETURNING id");
        let mut query = sqlx::query_scalar::<_, i64>(&sql);
        for m in chunk {
            query = query
                .bind(m.platform)
                .bind(&m.dest)
                .bind(&m.body)
                .bind(m.image.as_deref())
                .bind(m.game_id)
                .bind(m.created_at);
        }
        let mut chunk_ids = query.fetch_all(&mut *conn).await.map_err(db)?;
        chunk_ids.sort_unstable();
        ids.extend(chunk_ids);
    }
    Ok(ids)
}

pub(super) async fn enqueue(pool: &PgPool, messages: &[NewMessage]) -> Result<Vec<i64>, DbError> {
    if messages.is_empty() {
        return Ok(Vec::new());
    }
    let mut tx = pool.begin().await.map_err(db)?;
    let ids = insert_messages(&mut tx, messages).await?;
    tx.commit().await.map_err(db)?;
    Ok(ids)
}

/// An outbox row as read: id, platform, dest, body, image, game id, created at.
type OutboxRow = (i64, Platform, String, String, Option<Vec<u8>>, Option<GameId>, i64);

/// Outbox rows as read, as messages.
fn stored_messages(rows: Vec<OutboxRow>) -> Vec<StoredMessage> {
    rows.into_iter()
        .map(|(id, platform, dest, body, image, game_id, created_at)| StoredMessage {
            id,
            message: NewMessage { platform, dest, body, image, game_id, created_at },
        })
        .collect()
}

pub(super) async fn pending_messages(
    pool: &PgPool,
    platform: Platform,
) -> Result<Vec<StoredMessage>, DbError> {
    let rows: Vec<OutboxRow> = sqlx::query_as(
        "SELECT id, platform, dest, body, image, game_id, created_at FROM outbox \
             WHERE platform = $1 ORDER BY id",
    )
    .bind(platform)
    .fetch_all(pool)
    .await
    .map_err(db)?;
    Ok(stored_messages(rows))
}

pub(super) async fn delete_messages(pool: &PgPool, ids: &[i64]) -> Result<(), DbError> {
    if ids.is_empty() {
        return Ok(());
    }
    sqlx::query("DELETE FROM outbox WHERE id = ANY($1)")
        .bind(ids)
        .execute(pool)
        .await
        .map_err(db)?;
    Ok(())
}

pub(super) async fn count_messages(pool: &PgPool) -> Result<i64, DbError> {
    sqlx::query_scalar("SELECT COUNT(*) FROM outbox").fetch_one(pool).await.map_err(db)
}

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

pub(super) async fn changes(pool: &PgPool, since: Option<i64>) -> Result<super::Changes, DbError> {
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
        return Ok(super::Changes { mark, ..super::Changes::default() });
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
    Ok(super::Changes { mark, games, users, follows })
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

pub(super) async fn claim_meta(pool: &PgPool, key: &str, value: &str) -> Result<bool, DbError> {
    let done =
        sqlx::query("INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING")
            .bind(key)
            .bind(value)
            .execute(pool)
            .await
            .map_err(db)?;
    Ok(done.rows_affected() == 1)
}

// ---- meta ----

pub(super) async fn meta(pool: &PgPool, key: &str) -> Result<Option<String>, DbError> {
    sqlx::query_scalar("SELECT value FROM meta WHERE key = $1")
        .bind(key)
        .fetch_optional(pool)
        .await
        .map_err(db)
}

pub(super) async fn set_meta(pool: &PgPool, key: &str, value: &str) -> Result<(), DbError> {
    sqlx::query(
        "INSERT INTO meta (key, value) VALUES ($1, $2) \
         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    )
    .bind(key)
    .bind(value)
    .execute(pool)
    .await
    .map_err(db)?;
    Ok(())
}

// ---- ratings (derived data: docs/community.md) ----

/// Writes the standings and changes of `replay` (after the caller cleared what they replace).
async fn write_replay(conn: &mut PgConnection, replay: &Replay) -> Result<(), DbError> {
    for (((platform, community, kind), user), s) in &replay.standings {
        sqlx::query(
            "INSERT INTO ratings (platform, community, kind, user_id, rating, deviation, \
             volatility, games, wins, losses, draws) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) \
             ON CONFLICT (platform, community, kind, user_id) DO UPDATE SET \
             rating = excluded.rating, deviation = excluded.deviation, \
             volatility = excluded.volatility, games = excluded.games, wins = excluded.wins, \
             losses = excluded.losses, draws = excluded.draws",
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
    }
    for c in &replay.changes {
        sqlx::query(
            "INSERT INTO rating_changes (game_id, seat, user_id, before, after, deviation) \
             VALUES ($1, $2, $3, $4, $5, $6)",
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

/// The rated finished games of `group` (every group when `None`), in the order they ended.
async fn rated_games(
    conn: &mut PgConnection,
    group: Option<&Group>,
) -> Result<Vec<GameRow>, DbError> {
    let rows: Vec<GameRow> = match group {
        None => sqlx::query_as(concat!(
            "SELECT ",
            game_columns!(),
            " FROM games WHERE rated AND status = 'over' AND ended_seq IS NOT NULL \
             ORDER BY ended_seq"
        ))
        .fetch_all(&mut *conn)
        .await
        .map_err(db)?,
        Some((platform, community, kind)) => sqlx::query_as(concat!(
            "SELECT ",
            game_columns!(),
            " FROM games WHERE rated AND status = 'over' AND ended_seq IS NOT NULL \
             AND platform = $1 AND COALESCE(community, chat_id) = $2 AND kind = $3 \
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

async fn changes_of(conn: &mut PgConnection, id: GameId) -> Result<Vec<RatingChange>, DbError> {
    sqlx::query_as(
        "SELECT game_id, seat, user_id, before, after, deviation FROM rating_changes \
         WHERE game_id = $1 ORDER BY seat",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await
    .map_err(db)
}

/// Clears `group`'s ratings and replays its games (every group when `None`).
async fn replay_group(conn: &mut PgConnection, group: Option<&Group>) -> Result<(), DbError> {
    let games = rated_games(conn, group).await?;
    match group {
        None => {
            sqlx::query("DELETE FROM rating_changes").execute(&mut *conn).await.map_err(db)?;
            sqlx::query("DELETE FROM ratings").execute(&mut *conn).await.map_err(db)?;
        }
        Some((platform, community, kind)) => {
            sqlx::query(
                "DELETE FROM rating_changes WHERE game_id IN (SELECT id FROM games \
                 WHERE platform = $1 AND COALESCE(community, chat_id) = $2 AND kind = $3)",
            )
            .bind(platform)
            .bind(community)
            .bind(kind)
            .execute(&mut *conn)
            .await
            .map_err(db)?;
            sqlx::query("DELETE FROM ratings WHERE platform = $1 AND community = $2 AND kind = $3")
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

/// Rates finished game `id` as `sqlite::rate_game` does, under the group's advisory lock.
pub(super) async fn rate_game(pool: &PgPool, id: GameId) -> Result<Vec<RatingChange>, DbError> {
    let mut tx = pool.begin().await.map_err(db)?;
    let row: GameRow =
        sqlx::query_as(concat!("SELECT ", game_columns!(), " FROM games WHERE id = $1"))
            .bind(id)
            .fetch_optional(&mut *tx)
            .await
            .map_err(db)?
            .ok_or(DbError::NotFound)?;
    if !counts(&row) {
        return Ok(Vec::new());
    }
    let group: Group = (row.platform, row.rating_community().to_string(), row.kind.clone());
    // One rating writer per group at a time, across instances; a rebuild excludes them all.
    sqlx::query("LOCK TABLE ratings IN ROW EXCLUSIVE MODE").execute(&mut *tx).await.map_err(db)?;
    sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))")
        .bind(format!("ratings\u{1f}{}\u{1f}{}\u{1f}{}", group.0.as_str(), group.1, group.2))
        .execute(&mut *tx)
        .await
        .map_err(db)?;
    let done = changes_of(&mut tx, id).await?;
    if !done.is_empty() {
        return Ok(done);
    }
    let later: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM rating_changes c JOIN games g ON g.id = c.game_id \
         WHERE g.platform = $1 AND COALESCE(g.community, g.chat_id) = $2 AND g.kind = $3 \
         AND g.ended_seq > $4)",
    )
    .bind(group.0)
    .bind(&group.1)
    .bind(&group.2)
    .bind(row.ended_seq)
    .fetch_one(&mut *tx)
    .await
    .map_err(db)?;
    let changes = if later {
        replay_group(&mut tx, Some(&group)).await?;
        changes_of(&mut tx, id).await?
    } else {
        let Some(players) = two_players(&row) else { return Ok(Vec::new()) };
        let mut replay = Replay::default();
        for user in &players {
            let known: Option<RatingRow> = sqlx::query_as(concat!(
                "SELECT ",
                rating_columns!(),
                " FROM ratings WHERE platform = $1 AND community = $2 AND kind = $3 \
                 AND user_id = $4"
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
        replay.changes
    };
    tx.commit().await.map_err(db)?;
    Ok(changes)
}

/// Recomputes every rating from the stored results; returns how many games were rated.
pub(super) async fn rebuild_ratings(pool: &PgPool) -> Result<usize, DbError> {
    let mut tx = pool.begin().await.map_err(db)?;
    // Excludes every live rating (they take ROW EXCLUSIVE first) until the rebuild commits.
    sqlx::query("LOCK TABLE ratings, rating_changes IN EXCLUSIVE MODE")
        .execute(&mut *tx)
        .await
        .map_err(db)?;
    replay_group(&mut tx, None).await?;
    let n: i64 = sqlx::query_scalar("SELECT COUNT(DISTINCT game_id) FROM rating_changes")
        .fetch_one(&mut *tx)
        .await
        .map_err(db)?;
    tx.commit().await.map_err(db)?;
    Ok(usize::try_from(n).unwrap_or(0))
}

pub(super) async fn all_ratings(pool: &PgPool) -> Result<Vec<RatingRow>, DbError> {
    sqlx::query_as(concat!(
        "SELECT ",
        rating_columns!(),
        " FROM ratings ORDER BY platform, community, kind, user_id"
    ))
    .fetch_all(pool)
    .await
    .map_err(db)
}

pub(super) async fn leaderboard(
    pool: &PgPool,
    platform: Platform,
    community: &str,
    kind: &str,
) -> Result<Vec<RatingRow>, DbError> {
    sqlx::query_as(concat!(
        "SELECT ",
        rating_columns!(),
        " FROM ratings WHERE platform = $1 AND community = $2 AND kind = $3 \
         ORDER BY rating DESC, games DESC, user_id"
    ))
    .bind(platform)
    .bind(community)
    .bind(kind)
    .fetch_all(pool)
    .await
    .map_err(db)
}

pub(super) async fn ratings_of(
    pool: &PgPool,
    platform: Platform,
    community: &str,
    user: &UserId,
) -> Result<Vec<RatingRow>, DbError> {
    sqlx::query_as(concat!(
        "SELECT ",
        rating_columns!(),
        " FROM ratings WHERE platform = $1 AND community = $2 AND user_id = $3 ORDER BY kind"
    ))
    .bind(platform)
    .bind(community)
    .bind(user)
    .fetch_all(pool)
    .await
    .map_err(db)
}

pub(super) async fn rating_history(
    pool: &PgPool,
    platform: Platform,
    community: &str,
    kind: &str,
    user: &UserId,
) -> Result<Vec<RatingChange>, DbError> {
    sqlx::query_as(
        "SELECT c.game_id, c.seat, c.user_id, c.before, c.after, c.deviation \
         FROM rating_changes c JOIN games g ON g.id = c.game_id \
         WHERE c.user_id = $1 AND g.platform = $2 AND COALESCE(g.community, g.chat_id) = $3 \
         AND g.kind = $4 ORDER BY g.ended_seq",
    )
    .bind(user)
    .bind(platform)
    .bind(community)
    .bind(kind)
    .fetch_all(pool)
    .await
    .map_err(db)
}

pub(super) async fn finished_games(
    pool: &PgPool,
    platform: Platform,
    community: &str,
    user: Option<&UserId>,
    kind: Option<&str>,
    limit: i64,
) -> Result<Vec<GameRow>, DbError> {
    // `NULLS LAST`: SQLite sorts NULL first ascending, so last descending; PostgreSQL the
    // other way round unless told.
    sqlx::query_as(concat!(
        "SELECT ",
        game_columns!(),
        " FROM games WHERE status = 'over' AND result IS NOT NULL AND platform = $1 \
         AND COALESCE(community, chat_id) = $2 \
         AND ($3::text IS NULL OR seats::jsonb @> jsonb_build_array($3::text)) \
         AND ($4::text IS NULL OR kind = $4) \
         ORDER BY ended_seq DESC NULLS LAST, id DESC LIMIT $5"
    ))
    .bind(platform)
    .bind(community)
    .bind(user)
    .bind(kind)
    .bind(limit)
    .fetch_all(pool)
    .await
    .map_err(db)
}

pub(super) async fn unrated_ends(pool: &PgPool) -> Result<Vec<GameId>, DbError> {
    sqlx::query_scalar(
        "SELECT id FROM games g WHERE rated AND status = 'over' AND result IS NOT NULL \
         AND ended_seq IS NOT NULL \
         AND NOT EXISTS (SELECT 1 FROM rating_changes c WHERE c.game_id = g.id) \
         ORDER BY ended_seq",
    )
    .fetch_all(pool)
    .await
    .map_err(db)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connect_timeout_is_taken_out_of_the_url_and_read_in_seconds() {
        assert_eq!(connect_timeout("postgres://h/db"), ("postgres://h/db".into(), CONNECT_TIMEOUT));
        assert_eq!(
            connect_timeout("postgres://h/db?connect_timeout=2"),
            ("postgres://h/db".into(), Duration::from_secs(2))
        );
        assert_eq!(
            connect_timeout("postgres://h/db?a=1&connect_timeout=5&b=2"),
            ("postgres://h/db?a=1&b=2".into(), Duration::from_secs(5))
        );
        assert_eq!(connect_timeout("postgres://h/db?connect_timeout=x").1, CONNECT_TIMEOUT);
    }
}
