//! Follows (`/follow`, docs/community.md): who gets a game's public announcements privately.

use sqlx::SqlitePool;

use super::{DbError, Platform, UserId};

/// What a follow is of.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Followed {
    /// One game, by id.
    Game(super::GameId),
    /// Every game of a player in one community.
    Player {
        /// The player.
        user: UserId,
        /// The community the follow was made in.
        community: String,
    },
}

/// One follow.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Follow {
    /// Platform.
    pub platform: Platform,
    /// Who follows.
    pub follower: UserId,
    /// What.
    pub followed: Followed,
}

pub(super) type Row = (Platform, UserId, String, String, String);

pub(super) fn of_row((platform, follower, kind, target, community): Row) -> Option<Follow> {
    let followed = match kind.as_str() {
        "game" => Followed::Game(super::GameId(target.parse().ok()?)),
        "player" => Followed::Player { user: UserId::from(target.as_str()), community },
        _ => return None,
    };
    Some(Follow { platform, follower, followed })
}

pub(super) fn parts(followed: &Followed) -> (&'static str, String, String) {
    match followed {
        Followed::Game(id) => ("game", id.0.to_string(), String::new()),
        Followed::Player { user, community } => ("player", user.to_string(), community.clone()),
    }
}

pub(super) async fn all(pool: &SqlitePool) -> Result<Vec<Follow>, DbError> {
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT platform, follower, kind, target, community FROM follows \
         ORDER BY platform, follower, kind, target",
    )
    .fetch_all(pool)
    .await
    .map_err(super::db)?;
    Ok(rows.into_iter().filter_map(of_row).collect())
}

/// Adds a follow; `false` when it was there already.
pub(super) async fn add(pool: &SqlitePool, f: &Follow) -> Result<bool, DbError> {
    let (kind, target, community) = parts(&f.followed);
    let done = sqlx::query(
        "INSERT INTO follows (platform, follower, kind, target, community) VALUES (?, ?, ?, ?, ?) \
         ON CONFLICT DO NOTHING",
    )
    .bind(f.platform)
    .bind(&f.follower)
    .bind(kind)
    .bind(target)
    .bind(community)
    .execute(pool)
    .await
    .map_err(super::db)?;
    Ok(done.rows_affected() == 1)
}

/// Removes a follow; `false` when there was none.
pub(super) async fn remove(pool: &SqlitePool, f: &Follow) -> Result<bool, DbError> {
    let (kind, target, community) = parts(&f.followed);
    let done = sqlx::query(
        "DELETE FROM follows WHERE platform = ? AND follower = ? AND kind = ? AND target = ? \
         AND community = ?",
    )
    .bind(f.platform)
    .bind(&f.follower)
    .bind(kind)
    .bind(target)
    .bind(community)
    .execute(pool)
    .await
    .map_err(super::db)?;
    Ok(done.rows_affected() > 0)
}
