//! What PostgreSQL words its own way, for the query layer (`queries/`) and the PostgreSQL
//! backend: ends numbered by a sequence, the outbox half of moving a chat, finished games read
//! as `jsonb`, batched outbox inserts and deletes, and the ratings' advisory lock.

use sqlx::postgres::{PgConnection, PgPool};

use crate::store::ratings::Group;
use crate::store::types::{DbError, NewMessage, db};

/// The `UPDATE games` of `queries::write_game`: ends are numbered by a sequence, as concurrent
/// transactions cannot take `MAX + 1` safely.
pub(in crate::store) const WRITE_GAME: &str = write_game_sql!("nextval('games_ended_seq')");

/// The outbox half of `queries::move_chat`. Destinations are `chat:<id>` or `topic:<n>:<id>`
/// (reply::Dest): the id is the suffix.
pub(in crate::store) const MOVE_OUTBOX: &str = "UPDATE outbox \
     SET dest = left(dest, length(dest) - length($2)) || $3 \
     WHERE platform = $1 AND (dest = 'chat:' || $2 \
       OR (starts_with(dest, 'topic:') AND right(dest, length($2) + 1) = ':' || $2))";

/// The statement of `queries::finished_games`: PostgreSQL reads the seats JSON as `jsonb`,
/// and puts NULLs last in a descending order only when told (SQLite does by itself).
pub(in crate::store) const FINISHED_GAMES: &str = concat!(
    "SELECT ",
    game_columns!(),
    " FROM games WHERE status = 'over' AND result IS NOT NULL AND platform = $1 \
     AND COALESCE(community, chat_id) = $2 \
     AND ($3::text IS NULL OR seats::jsonb @> jsonb_build_array($3::text)) \
     AND ($4::text IS NULL OR kind = $4) \
     ORDER BY ended_seq DESC NULLS LAST, id DESC LIMIT $5 OFFSET $6"
);

/// How many games [`FINISHED_GAMES`] would list without its limit.
pub(in crate::store) const FINISHED_COUNT: &str = "SELECT COUNT(*) FROM games WHERE status = 'over' AND result IS NOT NULL AND platform = $1 \
     AND COALESCE(community, chat_id) = $2 \
     AND ($3::text IS NULL OR seats::jsonb @> jsonb_build_array($3::text)) \
     AND ($4::text IS NULL OR kind = $4)";

/// The most outbox rows one INSERT statement takes (6 parameters each, well under
/// PostgreSQL's limit of 65,535 parameters).
const ROWS_PER_INSERT: usize = 512;

/// Appends `messages` to the outbox, in order; returns their ids. The ids of one statement
/// come from the table's identity sequence in the order of its VALUES, so sorted they are the
/// messages' ids in order (`RETURNING` itself promises no order).
pub(in crate::store) async fn insert_messages(
    conn: &mut PgConnection,
    messages: &[&NewMessage],
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
            query = bind_message!(query, m);
        }
        let mut chunk_ids = query.fetch_all(&mut *conn).await.map_err(db)?;
        chunk_ids.sort_unstable();
        ids.extend(chunk_ids);
    }
    Ok(ids)
}

pub(in crate::store) async fn delete_messages(pool: &PgPool, ids: &[i64]) -> Result<(), DbError> {
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

/// Takes the locks that keep other rating writers out until the transaction ends: for a
/// rebuild (`None`) every rating table, excluding every live rating; for one `group`, its
/// advisory lock, so that one rating writer per group runs at a time, across instances.
pub(in crate::store) async fn lock_ratings(
    conn: &mut PgConnection,
    group: Option<&Group>,
) -> Result<(), DbError> {
    let Some(group) = group else {
        // Live ratings take ROW EXCLUSIVE first, so they wait until the rebuild commits.
        sqlx::query("LOCK TABLE ratings, rating_changes IN EXCLUSIVE MODE")
            .execute(&mut *conn)
            .await
            .map_err(db)?;
        return Ok(());
    };
    sqlx::query("LOCK TABLE ratings IN ROW EXCLUSIVE MODE")
        .execute(&mut *conn)
        .await
        .map_err(db)?;
    sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))")
        .bind(format!("ratings\u{1f}{}\u{1f}{}\u{1f}{}", group.0.as_str(), group.1, group.2))
        .execute(&mut *conn)
        .await
        .map_err(db)?;
    Ok(())
}
