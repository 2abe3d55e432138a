//! Tournaments (`/tournament`, docs/community.md "Tournaments"): a tournament's terms and
//! state, its players and each round's pairings; its games are ordinary game rows. A round is
//! paired once: [`start_round`] moves the tournament's `round` on from the value the caller
//! read, in the transaction that creates the round's games, so of two instances pairing the same
//! round one creates the games and the other finds the round moved and creates nothing. The
//! statements are here; `Store`'s methods (in `mod.rs`) call them.

use super::conn::{On, Tx};
use super::queries::{self, Pool};
use super::tournament_types::{
    NewBoard, NewTournament, PairingRow, TournamentPlayer, TournamentRow,
};
use super::types::{ChatId, DbError, GameId, GameRow, Platform, UserId, db};

/// The columns of `tournaments`, in [`TournamentRow`] order.
macro_rules! tournament_columns {
    () => {
        "id, platform, chat_id, topic, community, parent_chat, kind, options, clock, format, \
         rounds, double_rr, max_players, rated, starts_at, status, round, seed, locale, \
         created_by, creator_name, created_at, ended_at"
    };
}

/// The columns of `tournament_players`, in [`TournamentPlayer`] order.
macro_rules! player_columns {
    () => {
        "tournament_id, number, platform, user_id, name, rating, joined_round, withdrawn_round"
    };
}

/// Makes a tournament; `None` when its chat already has one unfinished.
pub(super) async fn create(
    pool: Pool<'_>,
    t: &NewTournament,
) -> Result<Option<TournamentRow>, DbError> {
    const OPEN: &str = "SELECT COUNT(*) FROM tournaments WHERE platform = $1 AND chat_id = $2 \
         AND COALESCE(topic, 0) = COALESCE($3, 0) AND status <> 'over'";
    const PUT: &str = concat!(
        "INSERT INTO tournaments (platform, chat_id, topic, community, parent_chat, kind, \
         options, clock, format, rounds, double_rr, max_players, rated, starts_at, status, \
         round, seed, locale, created_by, creator_name, created_at) VALUES ($1, $2, $3, $4, \
         $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 'open', 0, $15, $16, $17, $18, $19) \
         RETURNING ",
        tournament_columns!()
    );
    let mut tx = Tx::begin(pool).await?;
    let out = async {
        let open: i64 = both!(tx.conn(), |c| sqlx::query_scalar(OPEN)
            .bind(t.platform)
            .bind(&t.chat.id)
            .bind(t.chat.topic)
            .fetch_one(c)
            .await
            .map_err(db))?;
        if open > 0 {
            return Ok(None);
        }
        let row: TournamentRow = both!(tx.conn(), |c| sqlx::query_as(PUT)
            .bind(t.platform)
            .bind(&t.chat.id)
            .bind(t.chat.topic)
            .bind(&t.community)
            .bind(&t.parent_chat)
            .bind(&t.kind)
            .bind(&t.options)
            .bind(&t.clock)
            .bind(&t.format)
            .bind(t.rounds)
            .bind(t.double_rr)
            .bind(t.max_players)
            .bind(t.rated)
            .bind(t.starts_at)
            .bind(t.seed)
            .bind(&t.locale)
            .bind(&t.created_by)
            .bind(&t.creator_name)
            .bind(t.now)
            .fetch_one(c)
            .await
            .map_err(db))?;
        Ok(Some(row))
    }
    .await;
    tx.finish(out).await
}

/// The tournament `id`.
pub(super) async fn get(pool: Pool<'_>, id: i64) -> Result<Option<TournamentRow>, DbError> {
    const SQL: &str = concat!("SELECT ", tournament_columns!(), " FROM tournaments WHERE id = $1");
    both!(pool, |p| sqlx::query_as(SQL).bind(id).fetch_optional(p).await.map_err(db))
}

/// The chat's newest tournament (unfinished or not).
pub(super) async fn in_chat(
    pool: Pool<'_>,
    platform: Platform,
    chat: &ChatId,
) -> Result<Option<TournamentRow>, DbError> {
    const SQL: &str = concat!(
        "SELECT ",
        tournament_columns!(),
        " FROM tournaments WHERE platform = $1 AND chat_id = $2 AND COALESCE(topic, 0) = \
         COALESCE($3, 0) ORDER BY id DESC LIMIT 1"
    );
    both!(pool, |p| sqlx::query_as(SQL)
        .bind(platform)
        .bind(&chat.id)
        .bind(chat.topic)
        .fetch_optional(p)
        .await
        .map_err(db))
}

/// The tournaments not over, oldest first.
pub(super) async fn unfinished(pool: Pool<'_>) -> Result<Vec<TournamentRow>, DbError> {
    const SQL: &str = concat!(
        "SELECT ",
        tournament_columns!(),
        " FROM tournaments WHERE status <> 'over' ORDER BY id"
    );
    both!(pool, |p| sqlx::query_as(SQL).fetch_all(p).await.map_err(db))
}

/// The tournaments `user` plays in (or played, withdrawn or not), newest first.
pub(super) async fn of_player(
    pool: Pool<'_>,
    platform: Platform,
    user: &UserId,
) -> Result<Vec<TournamentRow>, DbError> {
    const SQL: &str = concat!(
        "SELECT ",
        tournament_columns!(),
        " FROM tournaments WHERE id IN (SELECT tournament_id FROM tournament_players \
         WHERE platform = $1 AND user_id = $2) ORDER BY id DESC"
    );
    both!(pool, |p| sqlx::query_as(SQL).bind(platform).bind(user).fetch_all(p).await.map_err(db))
}

/// The tournament of the game `game`, with the round and board it is played on.
pub(super) async fn of_game(
    pool: Pool<'_>,
    game: GameId,
) -> Result<Option<(i64, i64, i64)>, DbError> {
    const SQL: &str =
        "SELECT tournament_id, round, board FROM tournament_pairings WHERE game_id = $1";
    both!(pool, |p| sqlx::query_as(SQL).bind(game).fetch_optional(p).await.map_err(db))
}

/// Its players, by number.
pub(super) async fn players(pool: Pool<'_>, id: i64) -> Result<Vec<TournamentPlayer>, DbError> {
    const SQL: &str = concat!(
        "SELECT ",
        player_columns!(),
        " FROM tournament_players WHERE tournament_id = $1 ORDER BY number"
    );
    both!(pool, |p| sqlx::query_as(SQL).bind(id).fetch_all(p).await.map_err(db))
}

/// Every board of every round so far, with its game's state.
pub(super) async fn pairings(pool: Pool<'_>, id: i64) -> Result<Vec<PairingRow>, DbError> {
    const SQL: &str = "SELECT p.round, p.board, p.white, p.black, p.game_id, p.white_points, \
         p.black_points, g.status, g.result, g.seats FROM tournament_pairings p LEFT JOIN games g \
         ON g.id = p.game_id WHERE p.tournament_id = $1 ORDER BY p.round, p.board";
    both!(pool, |p| sqlx::query_as(SQL).bind(id).fetch_all(p).await.map_err(db))
}

/// Adds a player to the open or running tournament `id` (number: the next free one), unless
/// it is full or over, or they are in it already: `Ok(None)` then.
pub(super) async fn join(
    pool: Pool<'_>,
    id: i64,
    platform: Platform,
    user: &UserId,
    name: &str,
    rating: f64,
) -> Result<Option<TournamentPlayer>, DbError> {
    const ROOM: &str = "SELECT t.max_players - (SELECT COUNT(*) FROM tournament_players p \
         WHERE p.tournament_id = t.id AND p.withdrawn_round IS NULL), t.round FROM tournaments t \
         WHERE t.id = $1 AND t.status <> 'over'";
    const IN: &str = "SELECT COUNT(*) FROM tournament_players WHERE tournament_id = $1 AND \
         platform = $2 AND user_id = $3";
    const PUT: &str = concat!(
        "INSERT INTO tournament_players (tournament_id, number, platform, user_id, name, \
         rating, joined_round) VALUES ($1, (SELECT COALESCE(MAX(number), 0) + 1 FROM \
         tournament_players WHERE tournament_id = $1), $2, $3, $4, $5, $6) RETURNING ",
        player_columns!()
    );
    // Taking the tournament's row first makes joins one at a time (PostgreSQL's row lock; SQLite
    // has one writer): two players joining the last place, or at once, are counted right.
    const LOCK: &str = "UPDATE tournaments SET round = round WHERE id = $1";
    let mut tx = Tx::begin(pool).await?;
    let out = async {
        both!(tx.conn(), |c| sqlx::query(LOCK).bind(id).execute(c).await.map(drop).map_err(db))?;
        let room: Option<(i64, i64)> = both!(tx.conn(), |c| sqlx::query_as(ROOM)
            .bind(id)
            .fetch_optional(c)
            .await
            .map_err(db))?;
        let Some((room, round)) = room else { return Ok(None) };
        let already: i64 = both!(tx.conn(), |c| sqlx::query_scalar(IN)
            .bind(id)
            .bind(platform)
            .bind(user)
            .fetch_one(c)
            .await
            .map_err(db))?;
        if room <= 0 || already > 0 {
            return Ok(None);
        }
        let row: TournamentPlayer = both!(tx.conn(), |c| sqlx::query_as(PUT)
            .bind(id)
            .bind(platform)
            .bind(user)
            .bind(name)
            .bind(rating)
            .bind(round + 1)
            .fetch_one(c)
            .await
            .map_err(db))?;
        Ok(Some(row))
    }
    .await;
    tx.finish(out).await
}

/// Takes a player out of an open tournament (before its start): whether they were in it.
pub(super) async fn leave_open(
    pool: Pool<'_>,
    id: i64,
    platform: Platform,
    user: &UserId,
) -> Result<bool, DbError> {
    const SQL: &str = "DELETE FROM tournament_players WHERE tournament_id = $1 AND platform = $2 \
         AND user_id = $3 AND (SELECT status FROM tournaments WHERE id = $1) = 'open'";
    let done = both!(pool, |p| sqlx::query(SQL)
        .bind(id)
        .bind(platform)
        .bind(user)
        .execute(p)
        .await
        .map(|r| r.rows_affected())
        .map_err(db))?;
    Ok(done > 0)
}

/// Withdraws player `number` from round `from` on: whether they were playing (not withdrawn
/// already).
pub(super) async fn withdraw(
    pool: Pool<'_>,
    id: i64,
    number: i64,
    from: i64,
) -> Result<bool, DbError> {
    const SQL: &str = "UPDATE tournament_players SET withdrawn_round = $3 WHERE tournament_id = $1 \
         AND number = $2 AND withdrawn_round IS NULL";
    let done = both!(pool, |p| sqlx::query(SQL)
        .bind(id)
        .bind(number)
        .bind(from)
        .execute(p)
        .await
        .map(|r| r.rows_affected())
        .map_err(db))?;
    Ok(done > 0)
}

/// Starts round `round` of the tournament `id` whose round is now `round - 1`: moves it on
/// (status `running`, `rounds` set), creates each board's game and keeps the boards, in one
/// transaction. `None`, and nothing written, when the round was started already (here or by
/// another instance) or the tournament is over.
pub(super) async fn start_round(
    pool: Pool<'_>,
    id: i64,
    round: i64,
    rounds: i64,
    boards: &[NewBoard],
) -> Result<Option<Vec<GameRow>>, DbError> {
    const MOVE: &str = "UPDATE tournaments SET round = $2, rounds = $3, status = 'running' \
         WHERE id = $1 AND round = $2 - 1 AND status <> 'over'";
    const PUT: &str = "INSERT INTO tournament_pairings (tournament_id, round, board, white, \
         black, game_id, white_points, black_points) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)";
    let mut tx = Tx::begin(pool).await?;
    let out = async {
        let moved = both!(tx.conn(), |c| sqlx::query(MOVE)
            .bind(id)
            .bind(round)
            .bind(rounds)
            .execute(c)
            .await
            .map(|r| r.rows_affected())
            .map_err(db))?;
        if moved == 0 {
            return Ok(None);
        }
        let mut games = Vec::new();
        for (i, b) in boards.iter().enumerate() {
            let game = match &b.game {
                Some(new) => Some(queries::insert_game(tx.conn(), new).await?),
                None => None,
            };
            let (wp, bp) =
                if game.is_some() { (None, None) } else { (Some(b.points.0), Some(b.points.1)) };
            let board = i64::try_from(i).unwrap_or(i64::MAX) + 1;
            let game_id = game.as_ref().map(|g| g.id);
            both!(tx.conn(), |c| sqlx::query(PUT)
                .bind(id)
                .bind(round)
                .bind(board)
                .bind(b.white)
                .bind(b.black)
                .bind(game_id)
                .bind(wp)
                .bind(bp)
                .execute(c)
                .await
                .map(drop)
                .map_err(db))?;
            games.extend(game);
        }
        Ok(Some(games))
    }
    .await;
    tx.finish(out).await
}

/// Ends the tournament `id` at `now` if it is not over yet: whether this call ended it (once,
/// whichever instance asks).
pub(super) async fn end(pool: Pool<'_>, id: i64, now: i64) -> Result<bool, DbError> {
    const SQL: &str =
        "UPDATE tournaments SET status = 'over', ended_at = $2 WHERE id = $1 AND status <> 'over'";
    let done = both!(pool, |p| sqlx::query(SQL)
        .bind(id)
        .bind(now)
        .execute(p)
        .await
        .map(|r| r.rows_affected())
        .map_err(db))?;
    Ok(done > 0)
}

/// Clears an open tournament's start time once it is due (`now`): whether this call took it
/// (once, whichever instance asks).
pub(super) async fn take_start(pool: Pool<'_>, id: i64, now: i64) -> Result<bool, DbError> {
    const SQL: &str = "UPDATE tournaments SET starts_at = NULL WHERE id = $1 AND status = 'open' \
         AND starts_at IS NOT NULL AND starts_at <= $2";
    let done = both!(pool, |p| sqlx::query(SQL)
        .bind(id)
        .bind(now)
        .execute(p)
        .await
        .map(|r| r.rows_affected())
        .map_err(db))?;
    Ok(done > 0)
}

/// Whether anyone in `community` may make a tournament (not only its administrators).
pub(super) async fn everyone_makes(
    pool: Pool<'_>,
    platform: Platform,
    community: &str,
) -> Result<bool, DbError> {
    const SQL: &str =
        "SELECT tournament_makers FROM communities WHERE platform = $1 AND community = $2";
    let who: Option<String> = both!(pool, |p| sqlx::query_scalar(SQL)
        .bind(platform)
        .bind(community)
        .fetch_optional(p)
        .await
        .map_err(db))?;
    Ok(who.as_deref() == Some("everyone"))
}

/// Sets who may make a tournament in `community` (`by`, at `at`).
pub(super) async fn set_makers(
    pool: Pool<'_>,
    platform: Platform,
    community: &str,
    everyone: bool,
    by: &UserId,
    at: i64,
) -> Result<(), DbError> {
    const SQL: &str = "INSERT INTO communities (platform, community, tournament_makers, set_by, \
         set_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (platform, community) DO UPDATE SET \
         tournament_makers = excluded.tournament_makers, set_by = excluded.set_by, \
         set_at = excluded.set_at";
    let who = if everyone { "everyone" } else { "admins" };
    both!(pool, |p| sqlx::query(SQL)
        .bind(platform)
        .bind(community)
        .bind(who)
        .bind(by)
        .bind(at)
        .execute(p)
        .await
        .map(drop)
        .map_err(db))
}

impl super::Store {
    /// Whether anyone in `community` may make a tournament (`/settings tournaments=everyone`).
    pub async fn everyone_makes_tournaments(
        &self,
        platform: Platform,
        community: &str,
    ) -> Result<bool, DbError> {
        everyone_makes(self.reader(), platform, community).await
    }

    /// Sets who may make a tournament in `community`.
    pub async fn set_tournament_makers(
        &self,
        platform: Platform,
        community: &str,
        everyone: bool,
        by: &UserId,
        at: i64,
    ) -> Result<(), DbError> {
        set_makers(self.writer()?, platform, community, everyone, by, at).await
    }

    // ---- tournaments (`/tournament`; the statements and what each does are above) ----
    // Each errs only when the database fails.

    /// Makes a tournament; `None` when its chat already has one unfinished.
    pub async fn create_tournament(
        &self,
        t: &NewTournament,
    ) -> Result<Option<TournamentRow>, DbError> {
        create(self.writer()?, t).await
    }

    /// The tournament `id`.
    pub async fn tournament(&self, id: i64) -> Result<Option<TournamentRow>, DbError> {
        get(self.reader(), id).await
    }

    /// The chat's newest tournament.
    pub async fn tournament_in_chat(
        &self,
        platform: Platform,
        chat: &ChatId,
    ) -> Result<Option<TournamentRow>, DbError> {
        in_chat(self.reader(), platform, chat).await
    }

    /// The tournaments not over, oldest first.
    pub async fn unfinished_tournaments(&self) -> Result<Vec<TournamentRow>, DbError> {
        unfinished(self.reader()).await
    }

    /// The tournaments `user` is or was a player of, newest first.
    pub async fn tournaments_of(
        &self,
        platform: Platform,
        user: &UserId,
    ) -> Result<Vec<TournamentRow>, DbError> {
        of_player(self.reader(), platform, user).await
    }

    /// The tournament, round and board the game `game` is played for, if any.
    pub async fn tournament_of_game(
        &self,
        game: GameId,
    ) -> Result<Option<(i64, i64, i64)>, DbError> {
        of_game(self.reader(), game).await
    }

    /// Its players, by number.
    pub async fn tournament_players(&self, id: i64) -> Result<Vec<TournamentPlayer>, DbError> {
        players(self.reader(), id).await
    }

    /// Every board so far, with its game's state.
    pub async fn tournament_pairings(&self, id: i64) -> Result<Vec<PairingRow>, DbError> {
        pairings(self.reader(), id).await
    }

    /// Adds a player (see [`join`]): `None` when full, over, or in it already.
    pub async fn join_tournament(
        &self,
        id: i64,
        platform: Platform,
        user: &UserId,
        name: &str,
        rating: f64,
    ) -> Result<Option<TournamentPlayer>, DbError> {
        join(self.writer()?, id, platform, user, name, rating).await
    }

    /// Takes a player out of an open tournament: whether they were in it.
    pub async fn leave_open_tournament(
        &self,
        id: i64,
        platform: Platform,
        user: &UserId,
    ) -> Result<bool, DbError> {
        leave_open(self.writer()?, id, platform, user).await
    }

    /// Withdraws player `number` from round `from` on: whether they were still playing.
    pub async fn withdraw_from_tournament(
        &self,
        id: i64,
        number: i64,
        from: i64,
    ) -> Result<bool, DbError> {
        withdraw(self.writer()?, id, number, from).await
    }

    /// Starts round `round` (see [`start_round`]): `None` when it was started already.
    pub async fn start_tournament_round(
        &self,
        id: i64,
        round: i64,
        rounds: i64,
        boards: &[NewBoard],
    ) -> Result<Option<Vec<GameRow>>, DbError> {
        start_round(self.writer()?, id, round, rounds, boards).await
    }

    /// Ends the tournament: whether this call ended it.
    pub async fn end_tournament(&self, id: i64, now: i64) -> Result<bool, DbError> {
        end(self.writer()?, id, now).await
    }

    /// Takes an open tournament's due start: whether this call took it.
    pub async fn take_tournament_start(&self, id: i64, now: i64) -> Result<bool, DbError> {
        take_start(self.writer()?, id, now).await
    }
}
