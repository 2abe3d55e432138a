//! The ratings' statements (derived data: docs/community.md), written once for both databases
//! as the rest of `queries/`: replaying a group's games in the order they ended, rating one
//! game, a rebuild, and the figures read back. What a game does to a rating is decided in
//! `store/ratings.rs`; the locks that keep two writers of a group apart are each backend's.

use crate::store::conn::{Conn, On, Pool, Tx};
use crate::store::ratings::{Group, Replay, counts, group_of, standing_of, two_players};
use crate::store::sql::GAME;
use crate::store::types::{
    DbError, GameId, GameRow, Platform, RatingChange, RatingRow, UserId, db,
};

/// Writes the standings and changes of `replay` (after the caller cleared what they replace).
async fn write_replay(conn: Conn<'_>, replay: &Replay) -> Result<(), DbError> {
    const STANDING: &str = "INSERT INTO ratings (platform, community, kind, user_id, rating, \
         deviation, volatility, games, wins, losses, draws) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) \
         ON CONFLICT (platform, community, kind, user_id) DO UPDATE SET \
         rating = excluded.rating, deviation = excluded.deviation, \
         volatility = excluded.volatility, games = excluded.games, wins = excluded.wins, \
         losses = excluded.losses, draws = excluded.draws";
    const CHANGE: &str = "INSERT INTO rating_changes (game_id, seat, user_id, before, after, \
         deviation) VALUES ($1, $2, $3, $4, $5, $6)";
    both!(conn, |c| {
        for (((platform, community, kind), user), s) in &replay.standings {
            sqlx::query(STANDING)
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
                .execute(&mut *c)
                .await
                .map_err(db)?;
        }
        for change in &replay.changes {
            sqlx::query(CHANGE)
                .bind(change.game_id)
                .bind(change.seat)
                .bind(&change.user_id)
                .bind(change.before)
                .bind(change.after)
                .bind(change.deviation)
                .execute(&mut *c)
                .await
                .map_err(db)?;
        }
        Ok(())
    })
}

/// The rated finished games of `group` (every group when `None`), in the order they ended.
async fn rated_games(conn: Conn<'_>, group: Option<&Group>) -> Result<Vec<GameRow>, DbError> {
    const EVERY: &str = concat!(
        "SELECT ",
        game_columns!(),
        " FROM games WHERE rated = TRUE AND status = 'over' AND ended_seq IS NOT NULL \
         ORDER BY ended_seq"
    );
    const ONE: &str = concat!(
        "SELECT ",
        game_columns!(),
        " FROM games WHERE rated = TRUE AND status = 'over' AND ended_seq IS NOT NULL \
         AND (platform = $1 OR ($2 = 'everywhere' AND $1 IN ('discord', 'telegram') \
         AND platform IN ('discord', 'telegram'))) \
         AND COALESCE(community, chat_id) = $2 AND kind = $3 ORDER BY ended_seq"
    );
    let rows: Vec<GameRow> = both!(conn, |c| match group {
        None => sqlx::query_as(EVERY).fetch_all(c).await.map_err(db),
        Some((platform, community, kind)) => sqlx::query_as(ONE)
            .bind(platform)
            .bind(community)
            .bind(kind)
            .fetch_all(c)
            .await
            .map_err(db),
    })?;
    Ok(rows.into_iter().filter(counts).collect())
}

/// What rating game `id` did to its players, in seat order (empty when it was not rated).
async fn changes_of(conn: Conn<'_>, id: GameId) -> Result<Vec<RatingChange>, DbError> {
    const SQL: &str = "SELECT game_id, seat, user_id, before, after, deviation \
         FROM rating_changes WHERE game_id = $1 ORDER BY seat";
    both!(conn, |c| sqlx::query_as(SQL).bind(id).fetch_all(c).await.map_err(db))
}

/// Clears `group`'s ratings and replays its games (every group when `None`).
async fn replay_group(mut conn: Conn<'_>, group: Option<&Group>) -> Result<(), DbError> {
    // The everywhere pool spans both chat platforms (`ratings::spans_chat_platforms`).
    const CHANGES: &str = "DELETE FROM rating_changes WHERE game_id IN (SELECT id FROM games \
         WHERE (platform = $1 OR ($2 = 'everywhere' AND $1 IN ('discord', 'telegram') \
         AND platform IN ('discord', 'telegram'))) \
         AND COALESCE(community, chat_id) = $2 AND kind = $3)";
    const RATINGS: &str = "DELETE FROM ratings \
         WHERE (platform = $1 OR ($2 = 'everywhere' AND $1 IN ('discord', 'telegram') \
         AND platform IN ('discord', 'telegram'))) \
         AND community = $2 AND kind = $3";
    let games = rated_games(conn.re(), group).await?;
    both!(conn.re(), |c| match group {
        None => {
            sqlx::query("DELETE FROM rating_changes").execute(&mut *c).await.map_err(db)?;
            sqlx::query("DELETE FROM ratings").execute(&mut *c).await.map_err(db)?;
            Ok::<(), DbError>(())
        }
        Some((platform, community, kind)) => {
            for sql in [CHANGES, RATINGS] {
                sqlx::query(sql)
                    .bind(platform)
                    .bind(community)
                    .bind(kind)
                    .execute(&mut *c)
                    .await
                    .map_err(db)?;
            }
            Ok(())
        }
    })?;
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
/// [`rebuild_ratings`]. The backend's `lock_ratings` keeps other writers of the group out.
pub(in crate::store) async fn rate_game(
    pool: Pool<'_>,
    id: GameId,
) -> Result<Vec<RatingChange>, DbError> {
    let mut tx = Tx::begin(pool).await?;
    let out = rate_in(tx.conn(), id).await;
    tx.finish(out).await
}

/// [`rate_game`] inside its transaction.
async fn rate_in(mut conn: Conn<'_>, id: GameId) -> Result<Vec<RatingChange>, DbError> {
    const LATER: &str = "SELECT EXISTS (SELECT 1 FROM rating_changes c \
         JOIN games g ON g.id = c.game_id \
         WHERE (g.platform = $1 OR ($2 = 'everywhere' AND $1 IN ('discord', 'telegram') \
         AND g.platform IN ('discord', 'telegram'))) \
         AND COALESCE(g.community, g.chat_id) = $2 AND g.kind = $3 AND g.ended_seq > $4)";
    const KNOWN: &str = concat!(
        "SELECT ",
        rating_columns!(),
        " FROM ratings WHERE platform = $1 AND community = $2 AND kind = $3 AND user_id = $4"
    );
    let row: GameRow =
        both!(conn.re(), |c| sqlx::query_as(GAME).bind(id).fetch_optional(c).await.map_err(db))?
            .ok_or(DbError::NotFound)?;
    if !counts(&row) {
        return Ok(Vec::new());
    }
    let group = group_of(&row);
    both!(conn.re(), |c, b| b::lock_ratings(c, Some(&group)).await)?;
    let done = changes_of(conn.re(), id).await?;
    if !done.is_empty() {
        return Ok(done);
    }
    let later: bool = both!(conn.re(), |c| sqlx::query_scalar(LATER)
        .bind(group.0)
        .bind(&group.1)
        .bind(&group.2)
        .bind(row.ended_seq)
        .fetch_one(c)
        .await
        .map_err(db))?;
    if later {
        replay_group(conn.re(), Some(&group)).await?;
        return changes_of(conn, id).await;
    }
    let Some(players) = two_players(&row) else { return Ok(Vec::new()) };
    let mut replay = Replay::default();
    for seat in &players {
        let (kept, user) = standing_of(&group, row.platform, seat);
        let known: Option<RatingRow> = both!(conn.re(), |c| sqlx::query_as(KNOWN)
            .bind(kept.0)
            .bind(&kept.1)
            .bind(&kept.2)
            .bind(&user)
            .fetch_optional(c)
            .await
            .map_err(db))?;
        if let Some(known) = known {
            replay.standings.insert((kept, user), known.standing());
        }
    }
    replay.apply(&row);
    write_replay(conn, &replay).await?;
    Ok(replay.changes)
}

/// Recomputes every rating from the stored results; returns how many games were rated.
pub(in crate::store) async fn rebuild_ratings(pool: Pool<'_>) -> Result<usize, DbError> {
    const SQL: &str = "SELECT COUNT(DISTINCT game_id) FROM rating_changes";
    let mut tx = Tx::begin(pool).await?;
    let out = async {
        both!(tx.conn(), |c, b| b::lock_ratings(c, None).await)?;
        replay_group(tx.conn(), None).await?;
        let n: i64 = both!(tx.conn(), |c| sqlx::query_scalar(SQL).fetch_one(c).await.map_err(db))?;
        Ok(usize::try_from(n).unwrap_or(0))
    }
    .await;
    tx.finish(out).await
}

/// Every rating row, in a stable order (for comparing a rebuild with the live figures).
pub(in crate::store) async fn all_ratings(pool: Pool<'_>) -> Result<Vec<RatingRow>, DbError> {
    const SQL: &str = concat!(
        "SELECT ",
        rating_columns!(),
        " FROM ratings ORDER BY platform, community, kind, user_id"
    );
    both!(pool, |p| sqlx::query_as(SQL).fetch_all(p).await.map_err(db))
}

/// The ratings of one community's game, best first (ties: more games, then the user id).
pub(in crate::store) async fn leaderboard(
    pool: Pool<'_>,
    platform: Platform,
    community: &str,
    kind: &str,
) -> Result<Vec<RatingRow>, DbError> {
    const SQL: &str = concat!(
        "SELECT ",
        rating_columns!(),
        " FROM ratings WHERE platform = $1 AND community = $2 AND kind = $3 \
         ORDER BY rating DESC, games DESC, user_id"
    );
    both!(pool, |p| sqlx::query_as(SQL)
        .bind(platform)
        .bind(community)
        .bind(kind)
        .fetch_all(p)
        .await
        .map_err(db))
}

/// A player's ratings in one community, one per game they have a rating in.
pub(in crate::store) async fn ratings_of(
    pool: Pool<'_>,
    platform: Platform,
    community: &str,
    user: &UserId,
) -> Result<Vec<RatingRow>, DbError> {
    const SQL: &str = concat!(
        "SELECT ",
        rating_columns!(),
        " FROM ratings WHERE platform = $1 AND community = $2 AND user_id = $3 ORDER BY kind"
    );
    both!(pool, |p| sqlx::query_as(SQL)
        .bind(platform)
        .bind(community)
        .bind(user)
        .fetch_all(p)
        .await
        .map_err(db))
}

/// A player's rating changes in one community's game, in the order the games ended.
pub(in crate::store) async fn rating_history(
    pool: Pool<'_>,
    platform: Platform,
    community: &str,
    kind: &str,
    user: &UserId,
) -> Result<Vec<RatingChange>, DbError> {
    const SQL: &str = "SELECT c.game_id, c.seat, c.user_id, c.before, c.after, c.deviation \
         FROM rating_changes c JOIN games g ON g.id = c.game_id \
         WHERE c.user_id = $1 AND g.platform = $2 AND COALESCE(g.community, g.chat_id) = $3 \
         AND g.kind = $4 ORDER BY g.ended_seq";
    both!(pool, |p| sqlx::query_as(SQL)
        .bind(user)
        .bind(platform)
        .bind(community)
        .bind(kind)
        .fetch_all(p)
        .await
        .map_err(db))
}

/// The rated finished games not rated yet (a crash between a game's end and its rating), in
/// the order they ended.
pub(in crate::store) async fn unrated_ends(pool: Pool<'_>) -> Result<Vec<GameId>, DbError> {
    const SQL: &str = "SELECT id FROM games g WHERE rated = TRUE AND status = 'over' \
         AND result IS NOT NULL AND ended_seq IS NOT NULL \
         AND NOT EXISTS (SELECT 1 FROM rating_changes c WHERE c.game_id = g.id) \
         ORDER BY ended_seq";
    both!(pool, |p| sqlx::query_scalar(SQL).fetch_all(p).await.map_err(db))
}
