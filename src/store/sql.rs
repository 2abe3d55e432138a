//! The store's SQL fragments as macros, so that they can be `concat!`ed into `&'static str`
//! statements: column lists in row order, the version-checked `UPDATE games`, and the binding of
//! an outbox message's and an action's columns. Declared first (`#[macro_use]`) for the query
//! layer and both dialects; a leaf that names nothing of the store.

/// The columns of `users`, in `UserRow` order.
macro_rules! user_columns {
    () => {
        "platform, user_id, display_name, locale, notifications, reachable, pings, digest_at, \
         vacation_from, vacation_until, vacation_year, vacation_used, account, client_locale"
    };
}

/// The columns of `games`, in `GameRow` order. A macro so that it can be `concat!`ed into
/// `&'static str` queries.
macro_rules! game_columns {
    () => {
        "id, platform, chat_id, topic, kind, options, position, seed, seats, creator, locale, \
         status, result, reason, clock, deadline_at, reminders_sent, offer, version, \
         engine_version, created_at, updated_at, community, parent_chat, rated, ended_seq, \
         bot_level"
    };
}

/// The columns of `ratings`, in `RatingRow` order.
macro_rules! rating_columns {
    () => {
        "platform, community, kind, user_id, rating, deviation, volatility, games, wins, losses, \
         draws"
    };
}

/// The version-checked `UPDATE games` of `queries::write_game`, with `$next_end` the number a game
/// that ends now gets in the order of ends (each backend numbers them its own way), and `$also`
/// any further condition of the `WHERE` (PostgreSQL's one-statement move adds its own). Its
/// parameters are bound by [`bind_game_update!`].
macro_rules! write_game_sql {
    ($next_end:literal) => {
        write_game_sql!($next_end, "")
    };
    ($next_end:literal, $also:literal) => {
        concat!(
            "UPDATE games SET seats = $1, status = $2, result = $3, reason = $4, \
             deadline_at = $5, reminders_sent = $6, offer = $7, rated = $8, updated_at = $9, \
             version = version + 1, ended_seq = CASE WHEN $2 = 'over' AND ended_seq IS NULL \
             THEN ",
            $next_end,
            " ELSE ended_seq END WHERE id = $10 AND version = $11",
            $also,
            " RETURNING ",
            game_columns!()
        )
    };
}

/// Binds [`write_game_sql!`]'s parameters `$1`–`$11` to `$query`: `$update`'s columns, then the
/// game's id and the version the write expects.
macro_rules! bind_game_update {
    ($query:expr, $update:expr, $id:expr, $expected_version:expr) => {
        $query
            .bind(&$update.seats)
            .bind($update.status)
            .bind($update.result)
            .bind(&$update.reason)
            .bind($update.deadline_at)
            .bind($update.reminders_sent)
            .bind(&$update.offer)
            .bind($update.rated)
            .bind($update.now)
            .bind($id)
            .bind($expected_version)
    };
}

/// Binds a message's outbox columns (platform, dest, body, image, game id, created at) to
/// `$query`, in that order.
macro_rules! bind_message {
    ($query:expr, $m:expr) => {
        $query
            .bind($m.platform)
            .bind(&$m.dest)
            .bind(&$m.body)
            .bind($m.image.as_deref())
            .bind($m.game_id)
            .bind($m.created_at)
    };
}

/// Binds an action's columns (game id, seq, seat, notation, by, at) to `$query`, in that order.
macro_rules! bind_action {
    ($query:expr, $id:expr, $action:expr) => {
        $query
            .bind($id)
            .bind($action.seq)
            .bind($action.seat)
            .bind(&$action.notation)
            .bind(&$action.by_user)
            .bind($action.at)
    };
}

/// The statement reading one game.
pub(super) const GAME: &str = concat!("SELECT ", game_columns!(), " FROM games WHERE id = $1");
