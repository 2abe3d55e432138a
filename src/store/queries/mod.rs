//! The store's SQL written once for both databases: every statement whose text and handling
//! are the same on SQLite and PostgreSQL. The backends (`sqlite.rs`, `postgres.rs`) keep only
//! what differs: how connections are opened, SQLite's single writer and group commit,
//! PostgreSQL's row and advisory locks, sequences, change feed and outbox leases, and the few
//! statements each database words its own way.
//!
//! **Why a macro.** A statement here is one body compiled once per driver (`both!`), not a
//! function generic over `sqlx::Database`: each statement binds several column types, and a
//! generic function would have to repeat `for<'q> T: Encode<'q, DB> + Type<DB>` for each, and
//! the executor's and the row's bounds, on every function (Rust does not carry a trait's
//! where-clauses to its users). Compiled per driver, a body type-checks against the concrete
//! types, as the backends' own code does, with no trait solving to slow the build and plain
//! error messages. `sqlx::Any` would need pools of its own, without what the backends set on
//! theirs (SQLite's one writer and page limit, PostgreSQL's instance owner and feed), and binds
//! only its few base types.
//!
//! **Parameters** are `$1`, `$2`… on both: sqlx's SQLite driver reads `$N` as the N-th
//! argument, and a number used twice is one parameter, bound once, as on PostgreSQL.

use super::conn::Tx;
pub(super) use super::conn::{Conn, On, Pool};
use super::follows::{self, Follow};
use super::sql::GAME;
use super::types::{
    ActionRow, ChatId, ChatLanguage, DbError, GameId, GameRow, GameStatus, GameUpdate, NewGame,
    NewMessage, Pings, Platform, StoredMessage, UserId, UserRow, db, one_row,
};

// The ratings' statements (their replay, the leaderboards), in a file of their own.
mod ratings;
pub(super) use ratings::{
    all_ratings, leaderboard, rate_game, rating_history, ratings_of, rebuild_ratings, unrated_ends,
};

// ---- the database itself ----

/// Whether the database answers a query.
pub(super) async fn ping(pool: Pool<'_>) -> Result<(), DbError> {
    both!(pool, |p| sqlx::query("SELECT 1").execute(p).await.map(drop).map_err(db))
}

/// The migrations applied, by version, in order.
pub(super) async fn migrations(pool: Pool<'_>) -> Result<Vec<(i64, String)>, DbError> {
    const SQL: &str = "SELECT version, description FROM _sqlx_migrations ORDER BY version";
    both!(pool, |p| sqlx::query_as(SQL).fetch_all(p).await.map_err(db))
}

/// Whether the store holds no game and no user.
pub(super) async fn is_empty(pool: Pool<'_>) -> Result<bool, DbError> {
    const SQL: &str = "SELECT (SELECT COUNT(*) FROM games) + (SELECT COUNT(*) FROM users)";
    let n: i64 = both!(pool, |p| sqlx::query_scalar(SQL).fetch_one(p).await.map_err(db))?;
    Ok(n == 0)
}

// ---- users ----

pub(super) async fn upsert_user(
    pool: Pool<'_>,
    platform: Platform,
    user_id: &UserId,
    display_name: &str,
) -> Result<UserRow, DbError> {
    const SQL: &str = concat!(
        "INSERT INTO users (platform, user_id, display_name) VALUES ($1, $2, $3) \
         ON CONFLICT (platform, user_id) DO UPDATE SET display_name = excluded.display_name \
         RETURNING ",
        user_columns!()
    );
    both!(pool, |p| sqlx::query_as(SQL)
        .bind(platform)
        .bind(user_id)
        .bind(display_name)
        .fetch_one(p)
        .await
        .map_err(db))
}

pub(super) async fn user(
    pool: Pool<'_>,
    platform: Platform,
    user_id: &UserId,
) -> Result<Option<UserRow>, DbError> {
    const SQL: &str =
        concat!("SELECT ", user_columns!(), " FROM users WHERE platform = $1 AND user_id = $2");
    both!(pool, |p| sqlx::query_as(SQL)
        .bind(platform)
        .bind(user_id)
        .fetch_optional(p)
        .await
        .map_err(db))
}

/// Every user, ordered by platform and id.
pub(super) async fn all_users(pool: Pool<'_>) -> Result<Vec<UserRow>, DbError> {
    const SQL: &str = concat!("SELECT ", user_columns!(), " FROM users ORDER BY platform, user_id");
    both!(pool, |p| sqlx::query_as(SQL).fetch_all(p).await.map_err(db))
}

/// Functions that set one column of one user, `NotFound` when there is no such user.
macro_rules! user_setters {
    ($($name:ident($column:literal): $value:ty;)*) => {$(
        pub(super) async fn $name(
            pool: Pool<'_>,
            platform: Platform,
            user_id: &UserId,
            value: $value,
        ) -> Result<(), DbError> {
            const SQL: &str =
                concat!("UPDATE users SET ", $column, " = $1 WHERE platform = $2 AND user_id = $3");
            let done = both!(pool, |p| sqlx::query(SQL)
                .bind(value)
                .bind(platform)
                .bind(user_id)
                .execute(p)
                .await
                .map(|d| d.rows_affected())
                .map_err(db))?;
            one_row(done)
        }
    )*};
}

user_setters! {
    set_locale("locale"): Option<&str>;
    set_notifications("notifications"): bool;
    set_pings("pings"): Pings;
    set_reachable("reachable"): Option<bool>;
    set_digest("digest_at"): Option<i64>;
    set_account("account"): Option<&str>;
    set_client_locale("client_locale"): Option<&str>;
}

/// Sets whether a user can be written to privately where it was otherwise (or unknown), or
/// with `only_unknown` only where it is unknown: whether this call changed it. One statement,
/// so of two callers at once (two instances, or two refused sends) exactly one changes it, and
/// a guess read before a refusal never overwrites it.
pub(super) async fn change_reachable(
    pool: Pool<'_>,
    platform: Platform,
    user_id: &UserId,
    reachable: bool,
    only_unknown: bool,
) -> Result<bool, DbError> {
    const OTHERWISE: &str = "UPDATE users SET reachable = $1 \
         WHERE platform = $2 AND user_id = $3 AND (reachable IS NULL OR reachable <> $1)";
    const UNKNOWN: &str = "UPDATE users SET reachable = $1 \
         WHERE platform = $2 AND user_id = $3 AND reachable IS NULL";
    let sql = if only_unknown { UNKNOWN } else { OTHERWISE };
    let done = both!(pool, |p| sqlx::query(sql)
        .bind(reachable)
        .bind(platform)
        .bind(user_id)
        .execute(p)
        .await
        .map(|d| d.rows_affected())
        .map_err(db))?;
    Ok(done == 1)
}

/// Inserts `u` as it is, every column (`arbiter copy`).
pub(super) async fn restore_user(pool: Pool<'_>, u: &UserRow) -> Result<(), DbError> {
    const SQL: &str = concat!(
        "INSERT INTO users (",
        user_columns!(),
        ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)"
    );
    both!(pool, |p| sqlx::query(SQL)
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
        .bind(&u.client_locale)
        .execute(p)
        .await
        .map(drop)
        .map_err(db))
}

// ---- time away: the digest's schedule, vacations, linked identities (docs/community.md) ----

/// Moves a due digest from `was` to `next`; `false` when another writer moved it first (the
/// digest is then theirs to send).
pub(super) async fn claim_digest(
    pool: Pool<'_>,
    platform: Platform,
    user_id: &UserId,
    was: i64,
    next: i64,
) -> Result<bool, DbError> {
    const SQL: &str =
        "UPDATE users SET digest_at = $1 WHERE platform = $2 AND user_id = $3 AND digest_at = $4";
    let done = both!(pool, |p| sqlx::query(SQL)
        .bind(next)
        .bind(platform)
        .bind(user_id)
        .bind(was)
        .execute(p)
        .await
        .map(|d| d.rows_affected())
        .map_err(db))?;
    Ok(done == 1)
}

pub(super) async fn digests_due(pool: Pool<'_>, now: i64) -> Result<Vec<UserRow>, DbError> {
    const SQL: &str = concat!(
        "SELECT ",
        user_columns!(),
        " FROM users WHERE digest_at IS NOT NULL AND digest_at <= $1 \
          ORDER BY digest_at, platform, user_id"
    );
    both!(pool, |p| sqlx::query_as(SQL).bind(now).fetch_all(p).await.map_err(db))
}

pub(super) async fn on_vacation(pool: Pool<'_>) -> Result<Vec<UserRow>, DbError> {
    const SQL: &str = concat!(
        "SELECT ",
        user_columns!(),
        " FROM users WHERE vacation_until IS NOT NULL ORDER BY platform, user_id"
    );
    both!(pool, |p| sqlx::query_as(SQL).fetch_all(p).await.map_err(db))
}

/// Starts (`running`) or ends (`None`) the user's vacation, and sets the days charged.
pub(super) async fn set_vacation(
    pool: Pool<'_>,
    platform: Platform,
    user_id: &UserId,
    running: Option<(i64, i64)>,
    year: i64,
    used: i64,
) -> Result<(), DbError> {
    const SQL: &str = "UPDATE users SET vacation_from = $1, vacation_until = $2, \
         vacation_year = $3, vacation_used = $4 WHERE platform = $5 AND user_id = $6";
    let done = both!(pool, |p| sqlx::query(SQL)
        .bind(running.map(|r| r.0))
        .bind(running.map(|r| r.1))
        .bind(year)
        .bind(used)
        .bind(platform)
        .bind(user_id)
        .execute(p)
        .await
        .map(|d| d.rows_affected())
        .map_err(db))?;
    one_row(done)
}

pub(super) async fn end_vacation(
    pool: Pool<'_>,
    platform: Platform,
    user_id: &UserId,
    running: (i64, i64),
    used: i64,
) -> Result<bool, DbError> {
    const SQL: &str = "UPDATE users SET vacation_from = NULL, vacation_until = NULL, \
         vacation_used = $1 \
         WHERE platform = $2 AND user_id = $3 AND vacation_from = $4 AND vacation_until = $5";
    let done = both!(pool, |p| sqlx::query(SQL)
        .bind(used)
        .bind(platform)
        .bind(user_id)
        .bind(running.0)
        .bind(running.1)
        .execute(p)
        .await
        .map(|d| d.rows_affected())
        .map_err(db))?;
    Ok(done == 1)
}

pub(super) async fn linked(pool: Pool<'_>, account: &str) -> Result<Vec<UserRow>, DbError> {
    const SQL: &str = concat!(
        "SELECT ",
        user_columns!(),
        " FROM users WHERE account = $1 ORDER BY platform, user_id"
    );
    both!(pool, |p| sqlx::query_as(SQL).bind(account).fetch_all(p).await.map_err(db))
}

/// Keeps a one-time code for the user (replacing any code they had).
pub(super) async fn put_link_code(
    pool: Pool<'_>,
    code: &str,
    platform: Platform,
    user_id: &UserId,
    now: i64,
    expires_at: i64,
) -> Result<(), DbError> {
    const DROP: &str =
        "DELETE FROM link_codes WHERE (platform = $1 AND user_id = $2) OR expires_at <= $3";
    const PUT: &str =
        "INSERT INTO link_codes (code, platform, user_id, expires_at) VALUES ($1, $2, $3, $4)";
    both!(pool, |p| {
        let mut tx = p.begin().await.map_err(db)?;
        sqlx::query(DROP)
            .bind(platform)
            .bind(user_id)
            .bind(now)
            .execute(&mut *tx)
            .await
            .map_err(db)?;
        sqlx::query(PUT)
            .bind(code)
            .bind(platform)
            .bind(user_id)
            .bind(expires_at)
            .execute(&mut *tx)
            .await
            .map_err(db)?;
        tx.commit().await.map_err(db)
    })
}

/// Uses up a code: whose it was, if it exists and has not expired at `now`.
pub(super) async fn take_link_code(
    pool: Pool<'_>,
    code: &str,
    now: i64,
) -> Result<Option<(Platform, UserId)>, DbError> {
    const SQL: &str =
        "DELETE FROM link_codes WHERE code = $1 RETURNING platform, user_id, expires_at";
    let row: Option<(Platform, UserId, i64)> =
        both!(pool, |p| sqlx::query_as(SQL).bind(code).fetch_optional(p).await.map_err(db))?;
    Ok(row.filter(|r| r.2 > now).map(|(p, u, _)| (p, u)))
}

// ---- chats' own languages (`/settings chat-language=`) ----

/// A topic's key in `chats`: 0 for the chat itself.
fn topic_key(chat: &ChatId) -> i64 {
    chat.topic.unwrap_or(0)
}

/// The language chosen for `chat`: its topic's own, else the whole chat's.
pub(super) async fn chat_locale(
    pool: Pool<'_>,
    platform: Platform,
    chat: &ChatId,
) -> Result<Option<String>, DbError> {
    const SQL: &str = "SELECT locale FROM chats WHERE platform = $1 AND chat_id = $2 \
         AND topic IN ($3, 0) ORDER BY topic DESC LIMIT 1";
    both!(pool, |p| sqlx::query_scalar(SQL)
        .bind(platform)
        .bind(&chat.id)
        .bind(topic_key(chat))
        .fetch_optional(p)
        .await
        .map_err(db))
}

/// Sets (or, with `None`, forgets) `chat`'s language, and gives its running games that
/// language: the games of that very chat or topic, and, when the whole chat is set, those of
/// its topics that chose none of their own. Returns the games changed.
pub(super) async fn set_chat_locale(
    pool: Pool<'_>,
    platform: Platform,
    chat: &ChatId,
    locale: Option<&str>,
    by: &UserId,
    at: i64,
) -> Result<Vec<GameId>, DbError> {
    const UPSERT: &str = "INSERT INTO chats (platform, chat_id, topic, locale, set_by, set_at) \
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (platform, chat_id, topic) DO UPDATE SET \
         locale = excluded.locale, set_by = excluded.set_by, set_at = excluded.set_at";
    const DELETE: &str = "DELETE FROM chats WHERE platform = $1 AND chat_id = $2 AND topic = $3";
    const GAMES: &str = "UPDATE games SET locale = $1 WHERE platform = $2 AND chat_id = $3 \
         AND status IN ('invited', 'active') AND (COALESCE(topic, 0) = $4 OR ($4 = 0 AND NOT \
         EXISTS (SELECT 1 FROM chats c WHERE c.platform = games.platform AND c.chat_id = \
         games.chat_id AND c.topic = COALESCE(games.topic, 0)))) RETURNING id";
    let mut tx = Tx::begin(pool).await?;
    let out = async {
        let topic = topic_key(chat);
        let Some(locale) = locale else {
            both!(tx.conn(), |c| sqlx::query(DELETE)
                .bind(platform)
                .bind(&chat.id)
                .bind(topic)
                .execute(c)
                .await
                .map(drop)
                .map_err(db))?;
            return Ok(Vec::new());
        };
        both!(tx.conn(), |c| sqlx::query(UPSERT)
            .bind(platform)
            .bind(&chat.id)
            .bind(topic)
            .bind(locale)
            .bind(by)
            .bind(at)
            .execute(c)
            .await
            .map(drop)
            .map_err(db))?;
        let mut ids: Vec<GameId> = both!(tx.conn(), |c| sqlx::query_scalar(GAMES)
            .bind(locale)
            .bind(platform)
            .bind(&chat.id)
            .bind(topic)
            .fetch_all(c)
            .await
            .map_err(db))?;
        ids.sort_unstable();
        Ok(ids)
    }
    .await;
    tx.finish(out).await
}

/// Every chat's own language (`arbiter copy`), in key order.
pub(super) async fn all_chat_languages(pool: Pool<'_>) -> Result<Vec<ChatLanguage>, DbError> {
    const SQL: &str = "SELECT platform, chat_id, topic, locale, set_by, set_at FROM chats \
         ORDER BY platform, chat_id, topic";
    let rows: Vec<(Platform, String, i64, String, UserId, i64)> =
        both!(pool, |p| sqlx::query_as(SQL).fetch_all(p).await.map_err(db))?;
    Ok(rows
        .into_iter()
        .map(|(platform, id, topic, locale, set_by, set_at)| ChatLanguage {
            platform,
            chat: ChatId { id, topic: (topic != 0).then_some(topic) },
            locale,
            set_by,
            set_at,
        })
        .collect())
}

// ---- follows ----

pub(super) async fn all_follows(pool: Pool<'_>) -> Result<Vec<Follow>, DbError> {
    const SQL: &str = "SELECT platform, follower, kind, target, community FROM follows \
         ORDER BY platform, follower, kind, target";
    let rows: Vec<follows::Row> =
        both!(pool, |p| sqlx::query_as(SQL).fetch_all(p).await.map_err(db))?;
    Ok(rows.into_iter().filter_map(follows::of_row).collect())
}

/// Adds a follow; `false` when it was there already.
pub(super) async fn add_follow(pool: Pool<'_>, f: &Follow) -> Result<bool, DbError> {
    const SQL: &str = "INSERT INTO follows (platform, follower, kind, target, community) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING";
    let (kind, target, community) = follows::parts(&f.followed);
    let done = both!(pool, |p| sqlx::query(SQL)
        .bind(f.platform)
        .bind(&f.follower)
        .bind(kind)
        .bind(&target)
        .bind(&community)
        .execute(p)
        .await
        .map(|d| d.rows_affected())
        .map_err(db))?;
    Ok(done == 1)
}

/// Removes a follow; `false` when there was none.
pub(super) async fn remove_follow(pool: Pool<'_>, f: &Follow) -> Result<bool, DbError> {
    const SQL: &str = "DELETE FROM follows WHERE platform = $1 AND follower = $2 AND kind = $3 \
         AND target = $4 AND community = $5";
    let (kind, target, community) = follows::parts(&f.followed);
    let done = both!(pool, |p| sqlx::query(SQL)
        .bind(f.platform)
        .bind(&f.follower)
        .bind(kind)
        .bind(&target)
        .bind(&community)
        .execute(p)
        .await
        .map(|d| d.rows_affected())
        .map_err(db))?;
    Ok(done > 0)
}

// ---- games ----

/// Moves the games of chat `from`, its own language and the outbox messages waiting for it, to
/// chat `to`.
pub(super) async fn move_chat(
    pool: Pool<'_>,
    platform: Platform,
    from: &str,
    to: &str,
) -> Result<u64, DbError> {
    const GAMES: &str = "UPDATE games SET chat_id = $3, \
           community = CASE WHEN community = $2 THEN $3 ELSE community END, \
           parent_chat = CASE WHEN parent_chat = $2 THEN $3 ELSE parent_chat END \
         WHERE platform = $1 AND chat_id = $2";
    // The chat's own language goes with it (unless the new chat chose one already).
    const LANGUAGE: &str = "UPDATE chats SET chat_id = $3 WHERE platform = $1 AND chat_id = $2 \
         AND NOT EXISTS (SELECT 1 FROM chats c WHERE c.platform = $1 AND c.chat_id = $3 \
         AND c.topic = chats.topic)";
    both!(pool, |p, b| {
        let mut tx = p.begin().await.map_err(db)?;
        let moved = sqlx::query(GAMES)
            .bind(platform)
            .bind(from)
            .bind(to)
            .execute(&mut *tx)
            .await
            .map_err(db)?
            .rows_affected();
        sqlx::query(LANGUAGE)
            .bind(platform)
            .bind(from)
            .bind(to)
            .execute(&mut *tx)
            .await
            .map_err(db)?;
        sqlx::query(b::MOVE_OUTBOX)
            .bind(platform)
            .bind(from)
            .bind(to)
            .execute(&mut *tx)
            .await
            .map_err(db)?;
        tx.commit().await.map_err(db)?;
        Ok(moved)
    })
}

/// Inserts a new game and the messages `announce` words from its row, in one transaction.
pub(super) async fn create_game(
    pool: Pool<'_>,
    game: &NewGame,
    announce: impl FnOnce(&GameRow) -> Vec<NewMessage>,
) -> Result<(GameRow, Vec<i64>), DbError> {
    let mut tx = Tx::begin(pool).await?;
    let out = async {
        let row = insert_game(tx.conn(), game).await?;
        let ids = insert_messages(tx.conn(), &announce(&row).iter().collect::<Vec<_>>()).await?;
        Ok((row, ids))
    }
    .await;
    tx.finish(out).await
}

/// Inserts a new game on `conn` (a transaction's: [`create_game`], a seek's pairing) and returns
/// its row.
pub(super) async fn insert_game(conn: Conn<'_>, game: &NewGame) -> Result<GameRow, DbError> {
    const SQL: &str = concat!(
        "INSERT INTO games (platform, chat_id, topic, kind, options, position, seed, seats, \
         creator, locale, status, clock, engine_version, created_at, updated_at, community, \
         parent_chat, rated, bot_level) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, \
         $12, $13, $14, $15, $16, $17, $18, $19) RETURNING ",
        game_columns!()
    );
    both!(conn, |c| sqlx::query_as(SQL)
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
        .bind(game.bot_level)
        .fetch_one(c)
        .await
        .map_err(db))
}

pub(super) async fn game(pool: Pool<'_>, id: GameId) -> Result<GameRow, DbError> {
    both!(pool, |p| sqlx::query_as(GAME).bind(id).fetch_optional(p).await.map_err(db))?
        .ok_or(DbError::NotFound)
}

/// Every game whose status is one of `statuses`, ordered by id.
pub(super) async fn games_with_status(
    pool: Pool<'_>,
    statuses: &[GameStatus],
) -> Result<Vec<GameRow>, DbError> {
    if statuses.is_empty() {
        return Ok(Vec::new());
    }
    // One parameter per status: SQLite has no array to bind.
    let list: Vec<String> = (1..=statuses.len()).map(|n| format!("${n}")).collect();
    let sql = format!(
        concat!("SELECT ", game_columns!(), " FROM games WHERE status IN ({}) ORDER BY id"),
        list.join(", ")
    );
    both!(pool, |p| {
        let mut query = sqlx::query_as(&sql);
        for status in statuses {
            query = query.bind(status.as_str());
        }
        query.fetch_all(p).await.map_err(db)
    })
}

pub(super) async fn games_in_chat(
    pool: Pool<'_>,
    platform: Platform,
    chat: &ChatId,
) -> Result<Vec<GameRow>, DbError> {
    const SQL: &str = concat!(
        "SELECT ",
        game_columns!(),
        // A chat without a topic matches the rows whose topic is NULL (SQLite reads
        // `IS NOT DISTINCT FROM` as its `IS`).
        " FROM games WHERE platform = $1 AND chat_id = $2 AND topic IS NOT DISTINCT FROM $3 \
          ORDER BY id"
    );
    both!(pool, |p| sqlx::query_as(SQL)
        .bind(platform)
        .bind(&chat.id)
        .bind(chat.topic)
        .fetch_all(p)
        .await
        .map_err(db))
}

pub(super) async fn actions(pool: Pool<'_>, game_id: GameId) -> Result<Vec<ActionRow>, DbError> {
    const SQL: &str =
        "SELECT seq, seat, notation, by_user, at FROM actions WHERE game_id = $1 ORDER BY seq";
    both!(pool, |p| sqlx::query_as(SQL).bind(game_id).fetch_all(p).await.map_err(db))
}

/// Appends `action` to game `id`'s log (its checks are the caller's).
pub(super) async fn insert_action(
    conn: Conn<'_>,
    id: GameId,
    action: &ActionRow,
) -> Result<(), DbError> {
    const SQL: &str = "INSERT INTO actions (game_id, seq, seat, notation, by_user, at) \
         VALUES ($1, $2, $3, $4, $5, $6)";
    both!(conn, |c| bind_action!(sqlx::query(SQL), id, action)
        .execute(c)
        .await
        .map(drop)
        .map_err(db))
}

/// Inserts game `g` as it is (its id, version and place in the order of ends too) with its
/// action log, in one transaction (`arbiter copy`).
pub(super) async fn restore_game(
    pool: Pool<'_>,
    g: &GameRow,
    actions: &[ActionRow],
) -> Result<(), DbError> {
    const SQL: &str = concat!(
        "INSERT INTO games (",
        game_columns!(),
        ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, \
         $18, $19, $20, $21, $22, $23, $24, $25, $26, $27)"
    );
    both!(pool, |p| {
        let mut tx = p.begin().await.map_err(db)?;
        sqlx::query(SQL)
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
            .bind(g.bot_level)
            .execute(&mut *tx)
            .await
            .map_err(db)?;
        for a in actions {
            insert_action(Conn::from(&mut *tx), g.id, a).await?;
        }
        tx.commit().await.map_err(db)
    })
}

/// A community's finished games (over, with a result) that `user` played (any player when
/// `None`), of `kind` when given, most recent first, at most `limit` after the first `skip`.
pub(super) async fn finished_games(
    pool: Pool<'_>,
    platform: Platform,
    community: &str,
    user: Option<&UserId>,
    kind: Option<&str>,
    limit: i64,
    skip: i64,
) -> Result<Vec<GameRow>, DbError> {
    both!(pool, |p, b| sqlx::query_as(b::FINISHED_GAMES)
        .bind(platform)
        .bind(community)
        .bind(user)
        .bind(kind)
        .bind(limit)
        .bind(skip)
        .fetch_all(p)
        .await
        .map_err(db))
}

/// How many games [`finished_games`] would list without a limit.
pub(super) async fn finished_count(
    pool: Pool<'_>,
    platform: Platform,
    community: &str,
    user: Option<&UserId>,
    kind: Option<&str>,
) -> Result<i64, DbError> {
    both!(pool, |p, b| sqlx::query_scalar(b::FINISHED_COUNT)
        .bind(platform)
        .bind(community)
        .bind(user)
        .bind(kind)
        .fetch_one(p)
        .await
        .map_err(db))
}

// ---- version-checked writes ----

/// Writes the mutable columns of game `id` if its version is still `expected_version`, bumping
/// the version, and returns the new row. Inside a write transaction, so that telling a missing
/// game from a moved version reads the state the update saw (on PostgreSQL the `UPDATE` takes
/// the row lock, so a concurrent writer of the same game waits and then finds the version
/// moved).
pub(super) async fn write_game(
    mut conn: Conn<'_>,
    id: GameId,
    expected_version: i64,
    update: &GameUpdate,
) -> Result<GameRow, DbError> {
    let row: Option<GameRow> = both!(conn.re(), |c, b| bind_game_update!(
        sqlx::query_as(b::WRITE_GAME),
        update,
        id,
        expected_version
    )
    .fetch_optional(c)
    .await
    .map_err(db))?;
    match row {
        Some(row) => Ok(row),
        None => Err(refused(conn, id, expected_version).await),
    }
}

/// [`write_game`] after the transaction checked the version itself (holding the lock that
/// keeps it): a refusal now is a failed write, the game having changed `under` that lock.
pub(super) async fn write_checked_game(
    conn: Conn<'_>,
    id: GameId,
    expected_version: i64,
    update: &GameUpdate,
    under: &str,
) -> Result<GameRow, DbError> {
    write_game(conn, id, expected_version, update).await.map_err(|e| match e {
        DbError::Conflict { .. } | DbError::NotFound => {
            DbError::Write(format!("game {id} changed {under}"))
        }
        other => other,
    })
}

/// Why a write of game `id` under its version check wrote nothing: the version moved
/// ([`DbError::Conflict`]), or there is no such game.
pub(super) async fn refused(conn: Conn<'_>, id: GameId, expected: i64) -> DbError {
    const SQL: &str = "SELECT id FROM games WHERE id = $1";
    let exists =
        both!(conn, |c| sqlx::query_scalar::<_, i64>(SQL).bind(id).fetch_optional(c).await);
    match exists {
        Ok(Some(_)) => DbError::Conflict { expected },
        Ok(None) => DbError::NotFound,
        Err(e) => db(e),
    }
}

pub(super) async fn update_game(
    pool: Pool<'_>,
    id: GameId,
    expected_version: i64,
    update: &GameUpdate,
    messages: &[NewMessage],
) -> Result<(GameRow, Vec<i64>), DbError> {
    let mut tx = Tx::begin(pool).await?;
    let out = async {
        let row = write_game(tx.conn(), id, expected_version, update).await?;
        let ids = insert_messages(tx.conn(), &messages.iter().collect::<Vec<_>>()).await?;
        Ok((row, ids))
    }
    .await;
    tx.finish(out).await
}

pub(super) async fn remove_last_action(
    pool: Pool<'_>,
    id: GameId,
    expected_version: i64,
    update: &GameUpdate,
    messages: &[NewMessage],
) -> Result<(GameRow, Vec<i64>), DbError> {
    const SQL: &str = "DELETE FROM actions WHERE game_id = $1 \
         AND seq = (SELECT MAX(seq) FROM actions WHERE game_id = $1)";
    let mut tx = Tx::begin(pool).await?;
    let out = async {
        let row = write_game(tx.conn(), id, expected_version, update).await?;
        let done = both!(tx.conn(), |c| sqlx::query(SQL)
            .bind(id)
            .execute(c)
            .await
            .map(|d| d.rows_affected())
            .map_err(db))?;
        // No action to take back: the update is rolled back too.
        one_row(done)?;
        let ids = insert_messages(tx.conn(), &messages.iter().collect::<Vec<_>>()).await?;
        Ok((row, ids))
    }
    .await;
    tx.finish(out).await
}

// ---- the delivery outbox ----

/// Appends `messages` to the outbox, in order; returns their ids (each backend numbers its
/// rows its own way).
async fn insert_messages(conn: Conn<'_>, messages: &[&NewMessage]) -> Result<Vec<i64>, DbError> {
    both!(conn, |c, b| b::insert_messages(c, messages).await)
}

pub(super) async fn enqueue(pool: Pool<'_>, messages: &[NewMessage]) -> Result<Vec<i64>, DbError> {
    if messages.is_empty() {
        return Ok(Vec::new());
    }
    let mut tx = Tx::begin(pool).await?;
    let out = insert_messages(tx.conn(), &messages.iter().collect::<Vec<_>>()).await;
    tx.finish(out).await
}

/// Takes `key` out of the key/value table and, only if it was there, puts `messages` in the
/// outbox, in one transaction; `None` (nothing written) when the key was gone.
pub(super) async fn fulfil(
    pool: Pool<'_>,
    key: &str,
    messages: &[NewMessage],
) -> Result<Option<Vec<i64>>, DbError> {
    const SQL: &str = "DELETE FROM meta WHERE key = $1";
    let mut tx = Tx::begin(pool).await?;
    let out = async {
        let done = both!(tx.conn(), |c| sqlx::query(SQL)
            .bind(key)
            .execute(c)
            .await
            .map(|d| d.rows_affected())
            .map_err(db))?;
        if done == 0 {
            return Ok(None);
        }
        if messages.is_empty() {
            return Ok(Some(Vec::new()));
        }
        insert_messages(tx.conn(), &messages.iter().collect::<Vec<_>>()).await.map(Some)
    }
    .await;
    tx.finish(out).await
}

/// An outbox row as read: id, platform, dest, body, image, game id, created at.
pub(super) type OutboxRow = (i64, Platform, String, String, Option<Vec<u8>>, Option<GameId>, i64);

/// Outbox rows as read, as messages.
pub(super) fn stored_messages(rows: Vec<OutboxRow>) -> Vec<StoredMessage> {
    rows.into_iter()
        .map(|(id, platform, dest, body, image, game_id, created_at)| StoredMessage {
            id,
            message: NewMessage { platform, dest, body, image, game_id, created_at },
        })
        .collect()
}

/// Takes delivered (or dropped) messages out of the outbox, each backend its own way.
pub(super) async fn delete_messages(pool: Pool<'_>, ids: &[i64]) -> Result<(), DbError> {
    both!(pool, |p, b| b::delete_messages(p, ids).await)
}

pub(super) async fn pending_messages(
    pool: Pool<'_>,
    platform: Platform,
) -> Result<Vec<StoredMessage>, DbError> {
    const SQL: &str = "SELECT id, platform, dest, body, image, game_id, created_at FROM outbox \
         WHERE platform = $1 ORDER BY id";
    let rows: Vec<OutboxRow> =
        both!(pool, |p| sqlx::query_as(SQL).bind(platform).fetch_all(p).await.map_err(db))?;
    Ok(stored_messages(rows))
}

pub(super) async fn count_messages(pool: Pool<'_>) -> Result<i64, DbError> {
    const SQL: &str = "SELECT COUNT(*) FROM outbox";
    both!(pool, |p| sqlx::query_scalar(SQL).fetch_one(p).await.map_err(db))
}

/// Inserts waiting messages with their ids, in one transaction (`arbiter copy`).
pub(super) async fn restore_messages(
    pool: Pool<'_>,
    messages: &[StoredMessage],
) -> Result<(), DbError> {
    const SQL: &str = "INSERT INTO outbox (id, platform, dest, body, image, game_id, \
         created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)";
    both!(pool, |p| {
        let mut tx = p.begin().await.map_err(db)?;
        for m in messages {
            bind_message!(sqlx::query(SQL).bind(m.id), m.message)
                .execute(&mut *tx)
                .await
                .map_err(db)?;
        }
        tx.commit().await.map_err(db)
    })
}

// ---- meta ----

pub(super) async fn meta(pool: Pool<'_>, key: &str) -> Result<Option<String>, DbError> {
    const SQL: &str = "SELECT value FROM meta WHERE key = $1";
    both!(pool, |p| sqlx::query_scalar(SQL).bind(key).fetch_optional(p).await.map_err(db))
}

/// Every key/value entry, ordered by key.
pub(super) async fn all_meta(pool: Pool<'_>) -> Result<Vec<(String, String)>, DbError> {
    const SQL: &str = "SELECT key, value FROM meta ORDER BY key";
    both!(pool, |p| sqlx::query_as(SQL).fetch_all(p).await.map_err(db))
}

pub(super) async fn set_meta(pool: Pool<'_>, key: &str, value: &str) -> Result<(), DbError> {
    const SQL: &str = "INSERT INTO meta (key, value) VALUES ($1, $2) \
         ON CONFLICT (key) DO UPDATE SET value = excluded.value";
    both!(pool, |p| sqlx::query(SQL).bind(key).bind(value).execute(p).await.map(drop).map_err(db))
}

pub(super) async fn claim_meta(pool: Pool<'_>, key: &str, value: &str) -> Result<bool, DbError> {
    const SQL: &str = "INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING";
    let done = both!(pool, |p| sqlx::query(SQL)
        .bind(key)
        .bind(value)
        .execute(p)
        .await
        .map(|d| d.rows_affected())
        .map_err(db))?;
    Ok(done == 1)
}
