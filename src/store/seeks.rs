//! Seeks (`/seek`, docs/community.md "Seeks"): players waiting for an opponent on given terms,
//! and each community's own settings (whether its seeks pair beyond it). A seek is taken once:
//! `Store::pair_seek` deletes it in the transaction that creates its game, so of two players
//! (or two instances) answering one seek at the same moment, one gets the game and the other
//! finds the seek gone. The statements are here; `Store`'s methods (in `mod.rs`) call them.

use super::conn::{On, Tx};
use super::queries::{self, Pool};
use super::types::{ChatId, DbError, GameRow, NewGame, NewSeek, Platform, SeekRow, UserId, db};

/// The columns of `seeks`, in [`SeekRow`] order.
macro_rules! seek_columns {
    () => {
        "id, platform, user_id, user_name, chat_id, topic, community, parent_chat, everywhere, \
         kind, options, clock, rated, created_at, expires_at, offer_bot_at"
    };
}

/// The seeks open at `now`, oldest first.
///
/// # Errors
///
/// [`DbError::Sqlx`] if the database fails.
pub(super) async fn open_seeks(pool: Pool<'_>, now: i64) -> Result<Vec<SeekRow>, DbError> {
    const SQL: &str =
        concat!("SELECT ", seek_columns!(), " FROM seeks WHERE expires_at > $1 ORDER BY id");
    both!(pool, |p| sqlx::query_as(SQL).bind(now).fetch_all(p).await.map_err(db))
}

/// Takes back `user`'s seeks (of the game `kind` only, when given); returns those taken.
///
/// # Errors
///
/// [`DbError::Sqlx`] if the database fails.
pub(super) async fn drop_seeks(
    pool: Pool<'_>,
    platform: Platform,
    user: &UserId,
    kind: Option<&str>,
) -> Result<Vec<SeekRow>, DbError> {
    const SQL: &str = concat!(
        "DELETE FROM seeks WHERE platform = $1 AND user_id = $2 AND ($3 IS NULL OR kind = $3) \
         RETURNING ",
        seek_columns!()
    );
    let mut rows: Vec<SeekRow> = both!(pool, |p| sqlx::query_as(SQL)
        .bind(platform)
        .bind(user)
        .bind(kind)
        .fetch_all(p)
        .await
        .map_err(db))?;
    rows.sort_by_key(|r| r.id);
    Ok(rows)
}

/// Takes the seek `id` and creates `game` in one transaction: `None` (and nothing created)
/// when the seek is gone, taken by someone else or lapsed at `game.now`.
///
/// # Errors
///
/// [`DbError::Sqlx`] if the database fails; then nothing was written.
pub(super) async fn pair_seek(
    pool: Pool<'_>,
    id: i64,
    game: &NewGame,
) -> Result<Option<(SeekRow, GameRow)>, DbError> {
    const TAKE: &str =
        concat!("DELETE FROM seeks WHERE id = $1 AND expires_at > $2 RETURNING ", seek_columns!());
    let mut tx = Tx::begin(pool).await?;
    let out = async {
        let taken: Option<SeekRow> = both!(tx.conn(), |c| sqlx::query_as(TAKE)
            .bind(id)
            .bind(game.now)
            .fetch_optional(c)
            .await
            .map_err(db))?;
        let Some(seek) = taken else { return Ok(None) };
        let row = queries::insert_game(tx.conn(), game).await?;
        Ok(Some((seek, row)))
    }
    .await;
    tx.finish(out).await
}

/// Takes out the seeks lapsed at `now` (each once, whichever instance asks) and returns
/// them, to tell their seekers.
///
/// # Errors
///
/// [`DbError::Sqlx`] if the database fails.
pub(super) async fn expire_seeks(pool: Pool<'_>, now: i64) -> Result<Vec<SeekRow>, DbError> {
    const SQL: &str =
        concat!("DELETE FROM seeks WHERE expires_at <= $1 RETURNING ", seek_columns!());
    let mut rows: Vec<SeekRow> =
        both!(pool, |p| sqlx::query_as(SQL).bind(now).fetch_all(p).await.map_err(db))?;
    rows.sort_by_key(|r| r.id);
    Ok(rows)
}

/// The seeks whose seekers are to be offered the bot at `now`, marked as offered (each
/// is returned once, whichever instance asks).
///
/// # Errors
///
/// [`DbError::Sqlx`] if the database fails.
pub(super) async fn offer_bot_to_seeks(pool: Pool<'_>, now: i64) -> Result<Vec<SeekRow>, DbError> {
    const SQL: &str = concat!(
        "UPDATE seeks SET offer_bot_at = NULL WHERE offer_bot_at <= $1 AND expires_at > $1 \
         RETURNING ",
        seek_columns!()
    );
    let mut rows: Vec<SeekRow> =
        both!(pool, |p| sqlx::query_as(SQL).bind(now).fetch_all(p).await.map_err(db))?;
    rows.sort_by_key(|r| r.id);
    Ok(rows)
}

/// Whether `community`'s administrators let its seeks pair beyond it.
///
/// # Errors
///
/// [`DbError::Sqlx`] if the database fails.
pub(super) async fn public_seeks(
    pool: Pool<'_>,
    platform: Platform,
    community: &str,
) -> Result<bool, DbError> {
    const SQL: &str = "SELECT public_seeks FROM communities WHERE platform = $1 AND community = $2";
    let on: Option<bool> = both!(pool, |p| sqlx::query_scalar(SQL)
        .bind(platform)
        .bind(community)
        .fetch_optional(p)
        .await
        .map_err(db))?;
    Ok(on.unwrap_or(false))
}

/// Sets whether `community`'s seeks may pair beyond it (`by`, at `at`).
///
/// # Errors
///
/// [`DbError::Sqlx`] if the database fails.
pub(super) async fn set_public_seeks(
    pool: Pool<'_>,
    platform: Platform,
    community: &str,
    on: bool,
    by: &UserId,
    at: i64,
) -> Result<(), DbError> {
    const SQL: &str = "INSERT INTO communities (platform, community, public_seeks, set_by, \
         set_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (platform, community) DO UPDATE SET \
         public_seeks = excluded.public_seeks, set_by = excluded.set_by, \
         set_at = excluded.set_at";
    both!(pool, |p| sqlx::query(SQL)
        .bind(platform)
        .bind(community)
        .bind(on)
        .bind(by)
        .bind(at)
        .execute(p)
        .await
        .map(|_| ())
        .map_err(db))
}

/// Keeps a seek; a seek of the same user on the same terms and scope is renewed in place (the
/// same number, so its buttons still answer it; its time starts again, and it moves to where it
/// was asked again). Returns the row and whether it renewed one.
pub(super) async fn put_seek(pool: Pool<'_>, seek: &NewSeek) -> Result<(SeekRow, bool), DbError> {
    const RENEW: &str = concat!(
        "UPDATE seeks SET user_name = $8, chat_id = $9, topic = $10, community = $11, \
         parent_chat = $12, created_at = $13, expires_at = $14, offer_bot_at = $15 \
         WHERE platform = $1 AND user_id = $2 AND kind = $3 AND options = $4 AND clock = $5 \
         AND rated = $6 AND everywhere = $7 RETURNING ",
        seek_columns!()
    );
    const PUT: &str = concat!(
        "INSERT INTO seeks (platform, user_id, kind, options, clock, rated, everywhere, \
         user_name, chat_id, topic, community, parent_chat, created_at, expires_at, \
         offer_bot_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, \
         $15) RETURNING ",
        seek_columns!()
    );
    let chat = seek.chat.clone().unwrap_or_else(|| ChatId::new(""));
    let mut tx = Tx::begin(pool).await?;
    let out = async {
        for (sql, renewed) in [(RENEW, true), (PUT, false)] {
            let row: Option<SeekRow> = both!(tx.conn(), |c| sqlx::query_as(sql)
                .bind(seek.platform)
                .bind(&seek.user_id)
                .bind(&seek.kind)
                .bind(&seek.options)
                .bind(&seek.clock)
                .bind(seek.rated)
                .bind(seek.everywhere)
                .bind(&seek.user_name)
                .bind(&chat.id)
                .bind(chat.topic)
                .bind(&seek.community)
                .bind(&seek.parent_chat)
                .bind(seek.now)
                .bind(seek.expires_at)
                .bind(seek.offer_bot_at)
                .fetch_optional(c)
                .await
                .map_err(db))?;
            if let Some(row) = row {
                return Ok((row, renewed));
            }
        }
        Err(DbError::NotFound)
    }
    .await;
    tx.finish(out).await
}
