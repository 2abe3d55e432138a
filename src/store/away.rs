//! The player's time away from the table (docs/community.md): the daily digest's schedule,
//! vacations, and identities linked across platforms with one-time codes.

use sqlx::SqlitePool;

use super::db;
use super::{DbError, Platform, UserId, UserRow};

pub(super) async fn set_digest(
    pool: &SqlitePool,
    platform: Platform,
    user_id: &UserId,
    at: Option<i64>,
) -> Result<(), DbError> {
    let done = sqlx::query("UPDATE users SET digest_at = ? WHERE platform = ? AND user_id = ?")
        .bind(at)
        .bind(platform)
        .bind(user_id)
        .execute(pool)
        .await
        .map_err(db)?;
    super::one_row(done.rows_affected())
}

/// Moves a due digest from `was` to `next`; `false` when another writer moved it first (the
/// digest is then theirs to send).
pub(super) async fn claim_digest(
    pool: &SqlitePool,
    platform: Platform,
    user_id: &UserId,
    was: i64,
    next: i64,
) -> Result<bool, DbError> {
    let done = sqlx::query(
        "UPDATE users SET digest_at = ? WHERE platform = ? AND user_id = ? AND digest_at = ?",
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

pub(super) async fn digests_due(pool: &SqlitePool, now: i64) -> Result<Vec<UserRow>, DbError> {
    sqlx::query_as(concat!(
        "SELECT ",
        user_columns!(),
        " FROM users WHERE digest_at IS NOT NULL AND digest_at <= ? \
          ORDER BY digest_at, platform, user_id"
    ))
    .bind(now)
    .fetch_all(pool)
    .await
    .map_err(db)
}

pub(super) async fn on_vacation(pool: &SqlitePool) -> Result<Vec<UserRow>, DbError> {
    sqlx::query_as(concat!(
        "SELECT ",
        user_columns!(),
        " FROM users WHERE vacation_until IS NOT NULL ORDER BY platform, user_id"
    ))
    .fetch_all(pool)
    .await
    .map_err(db)
}

/// Starts (`running`) or ends (`None`) the user's vacation, and sets the days charged.
pub(super) async fn set_vacation(
    pool: &SqlitePool,
    platform: Platform,
    user_id: &UserId,
    running: Option<(i64, i64)>,
    year: i64,
    used: i64,
) -> Result<(), DbError> {
    let done = sqlx::query(
        "UPDATE users SET vacation_from = ?, vacation_until = ?, vacation_year = ?, \
         vacation_used = ? WHERE platform = ? AND user_id = ?",
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
    super::one_row(done.rows_affected())
}

pub(super) async fn end_vacation(
    pool: &SqlitePool,
    platform: Platform,
    user_id: &UserId,
    running: (i64, i64),
    used: i64,
) -> Result<bool, DbError> {
    let done = sqlx::query(
        "UPDATE users SET vacation_from = NULL, vacation_until = NULL, vacation_used = ? \
         WHERE platform = ? AND user_id = ? AND vacation_from = ? AND vacation_until = ?",
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

pub(super) async fn linked(pool: &SqlitePool, account: &str) -> Result<Vec<UserRow>, DbError> {
    sqlx::query_as(concat!(
        "SELECT ",
        user_columns!(),
        " FROM users WHERE account = ? ORDER BY platform, user_id"
    ))
    .bind(account)
    .fetch_all(pool)
    .await
    .map_err(db)
}

pub(super) async fn set_account(
    pool: &SqlitePool,
    platform: Platform,
    user_id: &UserId,
    account: Option<&str>,
) -> Result<(), DbError> {
    let done = sqlx::query("UPDATE users SET account = ? WHERE platform = ? AND user_id = ?")
        .bind(account)
        .bind(platform)
        .bind(user_id)
        .execute(pool)
        .await
        .map_err(db)?;
    super::one_row(done.rows_affected())
}

/// Keeps a one-time code for the user (replacing any code they had).
pub(super) async fn put_link_code(
    pool: &SqlitePool,
    code: &str,
    platform: Platform,
    user_id: &UserId,
    now: i64,
    expires_at: i64,
) -> Result<(), DbError> {
    let mut tx = pool.begin().await.map_err(db)?;
    sqlx::query("DELETE FROM link_codes WHERE (platform = ? AND user_id = ?) OR expires_at <= ?")
        .bind(platform)
        .bind(user_id)
        .bind(now)
        .execute(&mut *tx)
        .await
        .map_err(db)?;
    sqlx::query("INSERT INTO link_codes (code, platform, user_id, expires_at) VALUES (?, ?, ?, ?)")
        .bind(code)
        .bind(platform)
        .bind(user_id)
        .bind(expires_at)
        .execute(&mut *tx)
        .await
        .map_err(db)?;
    tx.commit().await.map_err(db)
}

/// Uses up a code: whose it was, if it exists and has not expired at `now`.
pub(super) async fn take_link_code(
    pool: &SqlitePool,
    code: &str,
    now: i64,
) -> Result<Option<(Platform, UserId)>, DbError> {
    let row: Option<(Platform, UserId, i64)> = sqlx::query_as(
        "DELETE FROM link_codes WHERE code = ? RETURNING platform, user_id, expires_at",
    )
    .bind(code)
    .fetch_optional(pool)
    .await
    .map_err(db)?;
    Ok(row.filter(|r| r.2 > now).map(|(p, u, _)| (p, u)))
}
