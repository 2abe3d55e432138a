//! The store: games, their append-only action logs, users, and a small key/value table, kept in
//! one SQLite file (STYLE §3.6) or, for several instances, a PostgreSQL database
//! (docs/scale.md); a [`Location`] says which.
//!
//! [`Store`] is the only way in. Its methods are thin: every statement the store runs lives in
//! the private backend layer, where `queries` holds those written once for both databases and
//! `sqlite` and `postgres` only what each does its own way (opening, SQLite's single writer and
//! group commit, PostgreSQL's locks, sequences, change feed and outbox leases, and the few
//! statements worded differently). `ratings` decides what a rated game does, with no SQL; the
//! only SQL outside the layer is `testing`'s, which makes a test schema on a PostgreSQL server.
//! `tests/store.rs` runs the same suite on both databases. The store does not interpret game
//! data: [`GameRow`], [`ActionRow`] and [`UserRow`] keep it as the text the referee gives.
//!
//! **Concurrency.** Every change to a game names the version the caller read
//! ([`GameRow::version`]). A write whose version has moved on writes nothing and returns
//! [`DbError::Conflict`]; the caller reloads and decides again. Changes that touch more than one
//! row ([`Store::commit_action`], [`Store::remove_last_action`]) run in one write transaction, so
//! either all of them happen or none does.
//!
//! **Errors.** A missing row is [`DbError::NotFound`] (sqlx's `RowNotFound` is mapped at this
//! boundary), so callers can match on it.

// First: its macros (the column lists, `write_game_sql!`) serve the files declared after it.
#[macro_use]
mod sql;
mod dialect;
#[macro_use]
mod conn;
mod queries;

mod copy;
mod follows;
mod location;
mod postgres;
mod ratings;
mod seeks;
mod sqlite;
#[doc(hidden)]
pub mod testing;
mod tournament_types;
mod tournaments;
mod types;

pub use follows::{Follow, Followed};
pub use location::Location;
pub use tournament_types::{NewBoard, NewTournament, PairingRow, TournamentPlayer, TournamentRow};
pub use types::*;

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

/// The store: games, their append-only action logs, users, ratings, follows, the delivery
/// outbox and a small key/value table, in a SQLite file or a PostgreSQL database.
#[derive(Clone, Debug)]
pub struct Store {
    backend: Backend,
}

/// The database behind a [`Store`].
#[derive(Clone, Debug)]
enum Backend {
    Sqlite(Lite),
    /// Every connection is alike: PostgreSQL takes concurrent writers (see `postgres.rs`).
    Postgres(Pg),
}

/// A PostgreSQL store's connections, and the name this instance goes by among those sharing
/// the database (the owner of the outbox rows it sends).
#[derive(Clone, Debug)]
struct Pg {
    pool: sqlx::PgPool,
    /// The change feed's connections (see `postgres::open`).
    feed: sqlx::PgPool,
    owner: Arc<str>,
}

impl std::ops::Deref for Pg {
    type Target = sqlx::PgPool;

    fn deref(&self) -> &sqlx::PgPool {
        &self.pool
    }
}

/// How long an outbox message stays with the instance sending it without a renewal: an
/// instance that dies leaves its messages to another after this.
pub const LEASE: std::time::Duration =
    std::time::Duration::from_secs(postgres::LEASE_SECONDS.unsigned_abs());

/// A name for this instance that no other instance on the database has: its process id and
/// a random number (two processes of one host, or hosts reusing pids, still differ).
fn instance_name() -> String {
    use std::hash::{BuildHasher, Hasher};
    let random = std::collections::hash_map::RandomState::new().build_hasher().finish();
    format!("{}-{random:016x}", std::process::id())
}

/// A SQLite store's connections and writer task.
#[derive(Clone, Debug)]
struct Lite {
    /// Reader connections.
    pool: sqlx::SqlitePool,
    /// The one writer connection (see `sqlite::open`).
    writer: sqlx::SqlitePool,
    /// The group-commit queue for actions (see [`Store::commit_action`]).
    commits: tokio::sync::mpsc::UnboundedSender<sqlite::CommitRequest>,
    /// A size limit in pages that tests put on the database to make it "full" (0: none).
    page_limit: Arc<AtomicU32>,
    /// The database file as opened, to notice it deleted or replaced under the running bot.
    file: Arc<sqlite::FileIdentity>,
}

impl Store {
    /// The connections a read goes to, for a statement written once (`queries`).
    fn reader(&self) -> queries::Pool<'_> {
        match &self.backend {
            Backend::Sqlite(lite) => queries::On::Lite(&lite.pool),
            Backend::Postgres(pg) => queries::On::Pg(&pg.pool),
        }
    }

    /// The connections a write goes to: on SQLite the one writer, once the file is known to be
    /// still there.
    fn writer(&self) -> Result<queries::Pool<'_>, DbError> {
        match &self.backend {
            Backend::Sqlite(lite) => {
                lite.file.check()?;
                Ok(queries::On::Lite(&lite.writer))
            }
            Backend::Postgres(pg) => Ok(queries::On::Pg(&pg.pool)),
        }
    }

    /// Opens (creating if missing) the SQLite file at `path`, with WAL, foreign keys, a 5 s busy
    /// timeout and synchronous=NORMAL, and applies the migrations.
    ///
    /// # Errors
    ///
    /// [`DbError::Open`] if the file cannot be opened or a migration fails.
    pub async fn open(path: &Path) -> Result<Store, DbError> {
        let page_limit = Arc::new(AtomicU32::new(0));
        let (pool, writer) = sqlite::open(path, page_limit.clone()).await?;
        let file = Arc::new(sqlite::FileIdentity {
            path: path.to_path_buf(),
            id: sqlite::FileIdentity::read(path),
        });
        let (commits, queue) = tokio::sync::mpsc::unbounded_channel();
        tokio::spawn(sqlite::group_commit(writer.clone(), queue, file.clone()));
        Ok(Store { backend: Backend::Sqlite(Lite { pool, writer, commits, page_limit, file }) })
    }

    /// Opens the database at `location`: a SQLite file as [`Store::open`] does, or a
    /// PostgreSQL database (connecting, then applying its migrations).
    ///
    /// # Errors
    ///
    /// [`DbError::Open`] if it cannot be reached or a migration fails.
    pub async fn connect(location: &Location) -> Result<Store, DbError> {
        match location {
            Location::Sqlite(path) => Store::open(path).await,
            Location::Postgres(url) => {
                let owner = instance_name();
                let (pool, feed) = postgres::open(url, &location.to_string(), &owner).await?;
                Ok(Store { backend: Backend::Postgres(Pg { pool, feed, owner: owner.into() }) })
            }
        }
    }

    /// Whether this store is a PostgreSQL database.
    #[must_use]
    pub fn is_postgres(&self) -> bool {
        matches!(self.backend, Backend::Postgres(_))
    }

    /// Fault injection for tests: the database may grow by at most `extra_pages` pages from its
    /// size now, so that writes past that fail as on a full disk ("database or disk is full");
    /// `None` lifts the limit. The limit holds across the writer's reconnections. SQLite only.
    ///
    /// # Errors
    ///
    /// [`DbError::Sqlx`] if the database fails; [`DbError::Write`] on PostgreSQL.
    #[doc(hidden)]
    pub async fn set_page_limit(&self, extra_pages: Option<u32>) -> Result<(), DbError> {
        let Backend::Sqlite(lite) = &self.backend else {
            return Err(DbError::Write("a page limit is a SQLite fault injection".into()));
        };
        let pages = match extra_pages {
            Some(extra) => sqlite::page_count(&lite.writer).await?.saturating_add(extra).max(1),
            None => u32::MAX,
        };
        lite.page_limit.store(if extra_pages.is_some() { pages } else { 0 }, Ordering::SeqCst);
        let mut conn = lite.writer.acquire().await?;
        sqlite::set_page_limit(&mut conn, pages).await?;
        Ok(())
    }

    /// The database's journal mode (`wal` once opened by [`Store::open`]; `postgres` for a
    /// PostgreSQL store, which has none). A diagnostic, for tests and start-up logs.
    ///
    /// # Errors
    ///
    /// [`DbError::Sqlx`] if the database cannot be read.
    pub async fn journal_mode(&self) -> Result<String, DbError> {
        match &self.backend {
            Backend::Sqlite(lite) => sqlite::journal_mode(&lite.pool).await,
            Backend::Postgres(_) => Ok("postgres".into()),
        }
    }

    /// Closes every connection of this store (and of its clones), waiting until those still in
    /// use are given back: after it, whatever this process sent to the database is committed or
    /// rolled back, as after the process's end. Later calls fail with a closed pool.
    ///
    /// A crash test needs it: aborting a task does not stop a statement already handed to the
    /// database (sqlx runs SQLite's on a thread of its own), so without it an "old" process can
    /// still commit after the "new" one has started.
    pub async fn close(&self) {
        match &self.backend {
            Backend::Sqlite(lite) => {
                lite.writer.close().await;
                lite.pool.close().await;
            }
            Backend::Postgres(pg) => pg.pool.close().await,
        }
    }

    /// Inserts the user, or updates the display name of a known one (keeping their settings),
    /// and returns the stored row.
    ///
    /// # Errors
    ///
    /// [`DbError::Sqlx`] if the database fails.
    pub async fn upsert_user(
        &self,
        platform: Platform,
        user_id: &UserId,
        display_name: &str,
    ) -> Result<UserRow, DbError> {
        queries::upsert_user(self.writer()?, platform, user_id, display_name).await
    }

    /// The user, or `None` if never seen.
    ///
    /// # Errors
    ///
    /// [`DbError::Sqlx`] if the database fails.
    pub async fn user(
        &self,
        platform: Platform,
        user_id: &UserId,
    ) -> Result<Option<UserRow>, DbError> {
        queries::user(self.reader(), platform, user_id).await
    }

    /// Sets the user's language (`None`: the platform's default).
    ///
    /// # Errors
    ///
    /// [`DbError::NotFound`] if there is no such user.
    pub async fn set_locale(
        &self,
        platform: Platform,
        user_id: &UserId,
        locale: Option<&str>,
    ) -> Result<(), DbError> {
        queries::set_locale(self.writer()?, platform, user_id, locale).await
    }

    /// Turns the user's turn pings and reminders on or off.
    ///
    /// # Errors
    ///
    /// [`DbError::NotFound`] if there is no such user.
    pub async fn set_notifications(
        &self,
        platform: Platform,
        user_id: &UserId,
        on: bool,
    ) -> Result<(), DbError> {
        queries::set_notifications(self.writer()?, platform, user_id, on).await
    }

    /// Sets how the user hears of their turn ([`Pings`]).
    ///
    /// # Errors
    ///
    /// [`DbError::NotFound`] if there is no such user.
    pub async fn set_pings(
        &self,
        platform: Platform,
        user_id: &UserId,
        pings: Pings,
    ) -> Result<(), DbError> {
        queries::set_pings(self.writer()?, platform, user_id, pings).await
    }

    /// Asks for the user's daily digest from `at` on (`None`: stops it).
    ///
    /// # Errors
    ///
    /// [`DbError::NotFound`] if there is no such user.
    pub async fn set_digest(
        &self,
        platform: Platform,
        user_id: &UserId,
        at: Option<i64>,
    ) -> Result<(), DbError> {
        queries::set_digest(self.writer()?, platform, user_id, at).await
    }

    /// Moves a due digest from `was` to `next`: `true` when this caller moved it (and so sends
    /// it), `false` when another writer did first.
    ///
    /// # Errors
    ///
    /// [`DbError::Sqlx`] if the database fails.
    pub async fn claim_digest(
        &self,
        platform: Platform,
        user_id: &UserId,
        was: i64,
        next: i64,
    ) -> Result<bool, DbError> {
        queries::claim_digest(self.writer()?, platform, user_id, was, next).await
    }

    /// The users whose digest is due at `now`, the longest due first.
    ///
    /// # Errors
    ///
    /// [`DbError::Sqlx`] if the database fails.
    pub async fn digests_due(&self, now: i64) -> Result<Vec<UserRow>, DbError> {
        queries::digests_due(self.reader(), now).await
    }

    /// The users with a vacation running.
    ///
    /// # Errors
    ///
    /// [`DbError::Sqlx`] if the database fails.
    pub async fn on_vacation(&self) -> Result<Vec<UserRow>, DbError> {
        queries::on_vacation(self.reader()).await
    }

    /// Starts (`running`: from, until) or ends (`None`) the user's vacation, with the days
    /// charged to `year`.
    ///
    /// # Errors
    ///
    /// [`DbError::NotFound`] if there is no such user.
    pub async fn set_vacation(
        &self,
        platform: Platform,
        user_id: &UserId,
        running: Option<(i64, i64)>,
        year: i64,
        used: i64,
    ) -> Result<(), DbError> {
        queries::set_vacation(self.writer()?, platform, user_id, running, year, used).await
    }

    /// Ends the vacation `running` (from, until) with `used` days charged, if it is still the
    /// stored one: whether it was (of several instances ending it at once, one does).
    ///
    /// # Errors
    ///
    /// [`DbError::Sqlx`] if the database fails.
    pub async fn end_vacation(
        &self,
        platform: Platform,
        user_id: &UserId,
        running: (i64, i64),
        used: i64,
    ) -> Result<bool, DbError> {
        queries::end_vacation(self.writer()?, platform, user_id, running, used).await
    }

    /// Every identity linked under `account`.
    ///
    /// # Errors
    ///
    /// [`DbError::Sqlx`] if the database fails.
    pub async fn linked(&self, account: &str) -> Result<Vec<UserRow>, DbError> {
        queries::linked(self.reader(), account).await
    }

    /// Links the identity under `account` (`None`: unlinks it).
    ///
    /// # Errors
    ///
    /// [`DbError::NotFound`] if there is no such user.
    pub async fn set_account(
        &self,
        platform: Platform,
        user_id: &UserId,
        account: Option<&str>,
    ) -> Result<(), DbError> {
        queries::set_account(self.writer()?, platform, user_id, account).await
    }

    /// Records the language the user's client reports (`None`: it reports none).
    ///
    /// # Errors
    ///
    /// [`DbError::NotFound`] if there is no such user.
    pub async fn set_client_locale(
        &self,
        platform: Platform,
        user_id: &UserId,
        locale: Option<&str>,
    ) -> Result<(), DbError> {
        queries::set_client_locale(self.writer()?, platform, user_id, locale).await
    }

    /// The language chosen for `chat`'s public messages: its topic's own, else the whole
    /// chat's; `None` when its administrators chose none.
    ///
    /// # Errors
    ///
    /// [`DbError::Sqlx`] if the database fails.
    pub async fn chat_locale(
        &self,
        platform: Platform,
        chat: &ChatId,
    ) -> Result<Option<String>, DbError> {
        queries::chat_locale(self.reader(), platform, chat).await
    }

    /// Sets (`None`: forgets) `chat`'s language, chosen by `by` at `at`, and moves its running
    /// games to it in the same transaction; returns the games moved.
    ///
    /// # Errors
    ///
    /// [`DbError::Sqlx`] if the database fails.
    pub async fn set_chat_locale(
        &self,
        platform: Platform,
        chat: &ChatId,
        locale: Option<&str>,
        by: &UserId,
        at: i64,
    ) -> Result<Vec<GameId>, DbError> {
        queries::set_chat_locale(self.writer()?, platform, chat, locale, by, at).await
    }

    /// Every chat's own language, in key order (`arbiter copy`).
    ///
    /// # Errors
    ///
    /// [`DbError::Sqlx`] if the database fails.
    pub async fn all_chat_languages(&self) -> Result<Vec<ChatLanguage>, DbError> {
        queries::all_chat_languages(self.reader()).await
    }

    /// Keeps a one-time link code for the user until `expires_at`, replacing any code they
    /// had; codes expired at `now` are dropped.
    ///
    /// # Errors
    ///
    /// [`DbError::Sqlx`] if the database fails (a code already in use included).
    pub async fn put_link_code(
        &self,
        code: &str,
        platform: Platform,
        user_id: &UserId,
        now: i64,
        expires_at: i64,
    ) -> Result<(), DbError> {
        queries::put_link_code(self.writer()?, code, platform, user_id, now, expires_at).await
    }

    /// Uses up a link code: whose it was, when it exists and has not expired at `now`.
    ///
    /// # Errors
    ///
    /// [`DbError::Sqlx`] if the database fails.
    pub async fn take_link_code(
        &self,
        code: &str,
        now: i64,
    ) -> Result<Option<(Platform, UserId)>, DbError> {
        queries::take_link_code(self.writer()?, code, now).await
    }

    /// Records whether the bot can write to the user privately (see [`UserRow::reachable`]).
    ///
    /// # Errors
    ///
    /// [`DbError::NotFound`] if there is no such user.
    pub async fn set_reachable(
        &self,
        platform: Platform,
        user_id: &UserId,
        reachable: Option<bool>,
    ) -> Result<(), DbError> {
        queries::set_reachable(self.writer()?, platform, user_id, reachable).await
    }

    /// Sets whether a user can be written to privately where it was otherwise or unknown, and
    /// says whether this call changed it: of several callers at once, on any instance, exactly
    /// one is told it did (a user already known unreachable, or missing, changes nothing).
    ///
    /// # Errors
    ///
    /// [`DbError::Sqlx`] if the database fails.
    pub async fn change_reachable(
        &self,
        platform: Platform,
        user_id: &UserId,
        reachable: bool,
    ) -> Result<bool, DbError> {
        queries::change_reachable(self.writer()?, platform, user_id, reachable, false).await
    }

    /// Records a user as reachable privately only where nothing is known yet, and says whether
    /// this call did: a guess (a first private-looking command on a platform whose private
    /// replies prove nothing) never overwrites a refusal recorded meanwhile.
    ///
    /// # Errors
    ///
    /// [`DbError::Sqlx`] if the database fails.
    pub async fn settle_reachable(
        &self,
        platform: Platform,
        user_id: &UserId,
    ) -> Result<bool, DbError> {
        queries::change_reachable(self.writer()?, platform, user_id, true, true).await
    }

    /// Creates a game and returns its row: version 0, no reminders sent, no result, reason,
    /// deadline or offer, and `created_at` = `updated_at` = `game.now`. Ids ascend from 1 and
    /// are never reused.
    ///
    /// # Errors
    ///
    /// [`DbError::Sqlx`] if the database fails or refuses the row (an unknown status).
    pub async fn create_game(&self, game: &NewGame) -> Result<GameRow, DbError> {
        self.create_game_with(game, |_| Vec::new()).await.map(|(row, _)| row)
    }

    /// Creates a game like [`Store::create_game`] and, in the same transaction, puts the
    /// messages `announce` words from its row (which holds the new id) in the delivery outbox.
    /// Returns the row and the messages' outbox ids.
    ///
    /// # Errors
    ///
    /// As [`Store::create_game`]; then nothing was written.
    pub async fn create_game_with(
        &self,
        game: &NewGame,
        announce: impl FnOnce(&GameRow) -> Vec<NewMessage>,
    ) -> Result<(GameRow, Vec<i64>), DbError> {
        queries::create_game(self.writer()?, game, announce).await
    }

    // ---- seeks (`/seek`; the statements and what each does are in `seeks.rs`) ----

    /// Keeps a seek (replacing the seeker's own on the same terms): the row, and whether it
    /// replaced one. This and the seek methods below err only when the database fails.
    pub async fn put_seek(&self, seek: &NewSeek) -> Result<(SeekRow, bool), DbError> {
        seeks::put_seek(self.writer()?, seek).await
    }

    /// The seeks open at `now`, oldest first.
    pub async fn open_seeks(&self, now: i64) -> Result<Vec<SeekRow>, DbError> {
        seeks::open_seeks(self.reader(), now).await
    }

    /// Takes back `user`'s seeks (of the game `kind` only, when given); returns those taken.
    pub async fn drop_seeks(
        &self,
        platform: Platform,
        user: &UserId,
        kind: Option<&str>,
    ) -> Result<Vec<SeekRow>, DbError> {
        seeks::drop_seeks(self.writer()?, platform, user, kind).await
    }

    /// Takes the seek `id` and creates `game` in one transaction: `None`, and nothing created,
    /// when the seek is gone (taken by someone else, withdrawn) or lapsed at `game.now`.
    pub async fn pair_seek(
        &self,
        id: i64,
        game: &NewGame,
    ) -> Result<Option<(SeekRow, GameRow)>, DbError> {
        seeks::pair_seek(self.writer()?, id, game).await
    }

    /// Takes out the seeks lapsed at `now`, each once whichever instance asks.
    pub async fn expire_seeks(&self, now: i64) -> Result<Vec<SeekRow>, DbError> {
        seeks::expire_seeks(self.writer()?, now).await
    }

    /// The seeks whose seekers are to be offered the bot at `now`, marked offered (each once).
    pub async fn offer_bot_to_seeks(&self, now: i64) -> Result<Vec<SeekRow>, DbError> {
        seeks::offer_bot_to_seeks(self.writer()?, now).await
    }

    /// Whether `community`'s administrators let its seeks pair beyond it.
    pub async fn public_seeks(&self, platform: Platform, community: &str) -> Result<bool, DbError> {
        seeks::public_seeks(self.reader(), platform, community).await
    }

    /// Sets whether `community`'s seeks may pair beyond it (`by`, at `at`).
    pub async fn set_public_seeks(
        &self,
        platform: Platform,
        community: &str,
        on: bool,
        by: &UserId,
        at: i64,
    ) -> Result<(), DbError> {
        seeks::set_public_seeks(self.writer()?, platform, community, on, by, at).await
    }

    /// The game with this id.
    ///
    /// # Errors
    ///
    /// [`DbError::NotFound`] if there is no such game.
    pub async fn game(&self, id: GameId) -> Result<GameRow, DbError> {
        queries::game(self.reader(), id).await
    }

    /// Every game whose status is one of `statuses`, ordered by id.
    ///
    /// # Errors
    ///
    /// [`DbError::Sqlx`] if the database fails.
    pub async fn games_with_status(
        &self,
        statuses: &[GameStatus],
    ) -> Result<Vec<GameRow>, DbError> {
        queries::games_with_status(self.reader(), statuses).await
    }

    /// Every game of the chat, whatever its status, ordered by id.
    ///
    /// # Errors
    ///
    /// [`DbError::Sqlx`] if the database fails.
    pub async fn games_in_chat(
        &self,
        platform: Platform,
        chat: &ChatId,
    ) -> Result<Vec<GameRow>, DbError> {
        queries::games_in_chat(self.reader(), platform, chat).await
    }

    /// Moves every game of the group chat `from` to the chat `to`, with the messages still
    /// waiting for it in the outbox: Telegram gives a group a new id when it becomes a
    /// supergroup (`migrate_to_chat_id`). A game's forum topic, status and version stay; the
    /// group's own community (its administrators) moves with it. Returns how many games moved.
    ///
    /// # Errors
    ///
    /// [`DbError::Sqlx`] if the database fails (then nothing moved).
    pub async fn move_chat(
        &self,
        platform: Platform,
        from: &str,
        to: &str,
    ) -> Result<u64, DbError> {
        queries::move_chat(self.writer()?, platform, from, to).await
    }

    /// The game's action log, ordered by seq (empty for a game with no actions or no game).
    ///
    /// # Errors
    ///
    /// [`DbError::Sqlx`] if the database fails.
    pub async fn actions(&self, game_id: GameId) -> Result<Vec<ActionRow>, DbError> {
        queries::actions(self.reader(), game_id).await
    }

    /// Writes the mutable columns if the stored version is still `expected_version`, bumping it;
    /// returns the new row.
    ///
    /// # Errors
    ///
    /// [`DbError::Conflict`] if the version moved (nothing written), [`DbError::NotFound`] if
    /// there is no such game.
    pub async fn update_game(
        &self,
        id: GameId,
        expected_version: i64,
        update: &GameUpdate,
    ) -> Result<GameRow, DbError> {
        self.write_game(id, expected_version, GameWrite::Update, update, Vec::new())
            .await
            .map(|(row, _)| row)
    }

    /// One change of a game under its version check ([`GameWrite`]: its columns only, an
    /// action appended, or the last action taken back) and, in the same transaction, the
    /// messages that announce it put in the delivery outbox. Either all of it is written or
    /// nothing. Returns the new row and the messages' outbox ids, in order.
    ///
    /// # Errors
    ///
    /// As [`Store::update_game`], [`Store::commit_action`] and [`Store::remove_last_action`].
    pub async fn write_game(
        &self,
        id: GameId,
        expected_version: i64,
        write: GameWrite,
        update: &GameUpdate,
        messages: Vec<NewMessage>,
    ) -> Result<(GameRow, Vec<i64>), DbError> {
        match write {
            GameWrite::Update => {
                queries::update_game(self.writer()?, id, expected_version, update, &messages).await
            }
            GameWrite::RemoveLast => {
                queries::remove_last_action(self.writer()?, id, expected_version, update, &messages)
                    .await
            }
            GameWrite::Action(action) => match &self.backend {
                Backend::Sqlite(lite) => {
                    let (reply, answer) = tokio::sync::oneshot::channel();
                    let request = sqlite::CommitRequest {
                        id,
                        expected_version,
                        action,
                        update: update.clone(),
                        messages,
                        reply,
                    };
                    let stopped = || DbError::Write("the store's writer has stopped".into());
                    lite.commits.send(request).map_err(|_| stopped())?;
                    answer.await.map_err(|_| stopped())?
                }
                Backend::Postgres(pool) => {
                    postgres::commit_action(pool, id, expected_version, &action, update, &messages)
                        .await
                }
            },
        }
    }

    /// Puts `messages` in the delivery outbox, in order, in one transaction (the messages that
    /// follow a saved change: the Chaos Clock analysis, a note to a group). Returns their ids.
    ///
    /// # Errors
    ///
    /// The database failed or is gone; nothing was written.
    pub async fn enqueue(&self, messages: Vec<NewMessage>) -> Result<Vec<i64>, DbError> {
        queries::enqueue(self.writer()?, &messages).await
    }

    /// Takes the promise `key` out of the key/value table and, only if it was still there, puts
    /// `messages` in the delivery outbox, in one transaction; their ids, or `None` (nothing
    /// written) when the promise was gone. Of several instances keeping one promise (each
    /// computed what an end promised), one writes; with no messages, it only forgets the
    /// promise.
    ///
    /// # Errors
    ///
    /// The database failed or is gone; nothing was written.
    pub async fn fulfil(
        &self,
        key: &str,
        messages: Vec<NewMessage>,
    ) -> Result<Option<Vec<i64>>, DbError> {
        queries::fulfil(self.writer()?, key, &messages).await
    }

    /// The messages of `platform` still in the outbox, oldest first.
    ///
    /// # Errors
    ///
    /// The database failed.
    pub async fn pending_messages(
        &self,
        platform: Platform,
    ) -> Result<Vec<StoredMessage>, DbError> {
        queries::pending_messages(self.reader(), platform).await
    }

    /// Takes delivered (or dropped) messages out of the outbox.
    ///
    /// # Errors
    ///
    /// The database failed or is gone.
    pub async fn delete_messages(&self, ids: &[i64]) -> Result<(), DbError> {
        queries::delete_messages(self.writer()?, ids).await
    }

    /// How many messages wait in the outbox, every platform together.
    ///
    /// # Errors
    ///
    /// The database failed.
    pub async fn pending_messages_count(&self) -> Result<i64, DbError> {
        queries::count_messages(self.reader()).await
    }

    /// In one transaction: appends `action` as the next seq and writes `update` with the same
    /// version check as [`Store::update_game`]. Either both happen or neither. Returns the new
    /// row.
    ///
    /// Actions submitted at the same time by different games are group-committed: one writer
    /// task takes every request waiting and writes them in one transaction, each under its own
    /// version check, so one game's conflict never affects another's action. The call returns
    /// once that transaction is committed.
    ///
    /// # Errors
    ///
    /// [`DbError::Conflict`] if the version moved or `action.seq` is not the current number of
    /// actions + 1 (nothing written), [`DbError::NotFound`] if there is no such game,
    /// [`DbError::Write`] if the transaction failed (nothing written).
    pub async fn commit_action(
        &self,
        id: GameId,
        expected_version: i64,
        action: &ActionRow,
        update: &GameUpdate,
    ) -> Result<GameRow, DbError> {
        self.write_game(id, expected_version, GameWrite::Action(action.clone()), update, Vec::new())
            .await
            .map(|(row, _)| row)
    }

    /// Removes the last action (a takeback) with the same version check, in one transaction with
    /// `update`. Returns the new row.
    ///
    /// # Errors
    ///
    /// [`DbError::Conflict`] if the version moved (nothing written), [`DbError::NotFound`] if
    /// there is no such game or it has no actions (nothing written).
    pub async fn remove_last_action(
        &self,
        id: GameId,
        expected_version: i64,
        update: &GameUpdate,
    ) -> Result<GameRow, DbError> {
        self.write_game(id, expected_version, GameWrite::RemoveLast, update, Vec::new())
            .await
            .map(|(row, _)| row)
    }

    /// Rates finished game `id` (docs/community.md) if it counts for ratings and was not rated
    /// yet, in the same order as [`Store::rebuild_ratings`]; returns what it did to each player
    /// (seat order), or nothing when the game does not count. Rating a game twice changes
    /// nothing and returns the first changes.
    ///
    /// # Errors
    ///
    /// [`DbError::NotFound`] if there is no such game; the database failed (nothing written).
    pub async fn rate_game(&self, id: GameId) -> Result<Vec<RatingChange>, DbError> {
        queries::rate_game(self.writer()?, id).await
    }

    /// Recomputes every rating from the stored results (`arbiter ratings rebuild`); returns how
    /// many games were rated.
    ///
    /// # Errors
    ///
    /// The database failed (nothing written).
    pub async fn rebuild_ratings(&self) -> Result<usize, DbError> {
        queries::rebuild_ratings(self.writer()?).await
    }

    /// Rates every finished game that counts and was not rated yet (a crash came between its
    /// end and its rating), in the order they ended; returns how many.
    ///
    /// # Errors
    ///
    /// The database failed.
    pub async fn catch_up_ratings(&self) -> Result<usize, DbError> {
        let ids = queries::unrated_ends(self.reader()).await?;
        let mut rated = 0;
        for id in ids {
            if !self.rate_game(id).await?.is_empty() {
                rated += 1;
            }
        }
        Ok(rated)
    }

    /// Every rating, ordered by platform, community, game and user.
    ///
    /// # Errors
    ///
    /// The database failed.
    pub async fn all_ratings(&self) -> Result<Vec<RatingRow>, DbError> {
        queries::all_ratings(self.reader()).await
    }

    /// The ratings of a community's game, best first.
    ///
    /// # Errors
    ///
    /// The database failed.
    pub async fn leaderboard(
        &self,
        platform: Platform,
        community: &str,
        kind: &str,
    ) -> Result<Vec<RatingRow>, DbError> {
        queries::leaderboard(self.reader(), platform, community, kind).await
    }

    /// A player's ratings in a community, one per game.
    ///
    /// # Errors
    ///
    /// The database failed.
    pub async fn ratings_of(
        &self,
        platform: Platform,
        community: &str,
        user: &UserId,
    ) -> Result<Vec<RatingRow>, DbError> {
        queries::ratings_of(self.reader(), platform, community, user).await
    }

    /// A player's rating after each rated game of `kind` in a community, oldest first.
    ///
    /// # Errors
    ///
    /// The database failed.
    pub async fn rating_history(
        &self,
        platform: Platform,
        community: &str,
        kind: &str,
        user: &UserId,
    ) -> Result<Vec<RatingChange>, DbError> {
        queries::rating_history(self.reader(), platform, community, kind, user).await
    }

    /// A community's finished games (with a result), most recent first, at most `limit`: those
    /// `user` played when given, of `kind` when given.
    ///
    /// # Errors
    ///
    /// The database failed.
    pub async fn finished_games(
        &self,
        platform: Platform,
        community: &str,
        user: Option<&UserId>,
        kind: Option<&str>,
        limit: i64,
    ) -> Result<Vec<GameRow>, DbError> {
        queries::finished_games(self.reader(), platform, community, user, kind, limit, 0).await
    }

    /// [`Store::finished_games`] after the first `skip` of them: one page of `/history`.
    ///
    /// # Errors
    ///
    /// The database failed.
    pub async fn finished_games_from(
        &self,
        platform: Platform,
        community: &str,
        user: Option<&UserId>,
        kind: Option<&str>,
        limit: i64,
        skip: i64,
    ) -> Result<Vec<GameRow>, DbError> {
        queries::finished_games(self.reader(), platform, community, user, kind, limit, skip).await
    }

    /// How many games [`Store::finished_games`] would list without a limit.
    ///
    /// # Errors
    ///
    /// The database failed.
    pub async fn finished_count(
        &self,
        platform: Platform,
        community: &str,
        user: Option<&UserId>,
        kind: Option<&str>,
    ) -> Result<i64, DbError> {
        queries::finished_count(self.reader(), platform, community, user, kind).await
    }

    /// Every follow (read once at start).
    ///
    /// # Errors
    ///
    /// The database failed.
    pub async fn all_follows(&self) -> Result<Vec<Follow>, DbError> {
        queries::all_follows(self.reader()).await
    }

    /// Adds a follow; `false` when it was there already.
    ///
    /// # Errors
    ///
    /// The database failed or is gone.
    pub async fn add_follow(&self, follow: &Follow) -> Result<bool, DbError> {
        queries::add_follow(self.writer()?, follow).await
    }

    /// Removes a follow; `false` when there was none.
    ///
    /// # Errors
    ///
    /// The database failed or is gone.
    pub async fn remove_follow(&self, follow: &Follow) -> Result<bool, DbError> {
        queries::remove_follow(self.writer()?, follow).await
    }

    /// Whether the database answers a query (the health endpoint's check).
    ///
    /// # Errors
    ///
    /// [`DbError::Sqlx`] if it does not.
    pub async fn ping(&self) -> Result<(), DbError> {
        queries::ping(self.reader()).await
    }

    /// The migrations applied, by version, in order (`arbiter migrate` lists them).
    ///
    /// # Errors
    ///
    /// [`DbError::Sqlx`] if the database fails.
    pub async fn migrations(&self) -> Result<Vec<(i64, String)>, DbError> {
        queries::migrations(self.reader()).await
    }

    /// Stores `value` under `key` unless a value is there already; whether it was stored. Of
    /// several instances doing something once (telling a chat a game cannot be resumed), the
    /// one that stored the key does it.
    ///
    /// # Errors
    ///
    /// [`DbError::Sqlx`] if the database fails.
    pub async fn claim_meta(&self, key: &str, value: &str) -> Result<bool, DbError> {
        queries::claim_meta(self.writer()?, key, value).await
    }

    /// Whether several instances may serve this database at once (PostgreSQL), so that what
    /// one keeps in memory can go stale ([`Store::changes`]) and the outbox is shared
    /// ([`Store::take_over_messages`]). A SQLite file is served by one process.
    #[must_use]
    pub fn is_shared(&self) -> bool {
        self.is_postgres()
    }

    /// What other instances (or this one) changed since `since`, a mark an earlier call
    /// returned: the game and user rows written since, and whether the follows changed. With
    /// `since` `None`, only the mark to start from (take it before reading what it covers).
    /// Rows may come again in a later call; a write committed after this call is in the next.
    /// On SQLite, nothing ever changes behind the one process: always empty.
    ///
    /// # Errors
    ///
    /// [`DbError::Sqlx`] if the database fails.
    pub async fn changes(&self, since: Option<i64>) -> Result<Changes, DbError> {
        match &self.backend {
            Backend::Sqlite(_) => Ok(Changes::default()),
            Backend::Postgres(pg) => postgres::changes(&pg.feed, since).await,
        }
    }

    /// On a shared database, claims for this instance the outbox messages of `platform` that
    /// no live instance is sending (their sender died, or stopped and released them), oldest
    /// first; they are this instance's to send until its lease runs out unrenewed. On SQLite,
    /// every waiting message of `platform` ([`Store::pending_messages`]).
    ///
    /// # Errors
    ///
    /// The database failed.
    pub async fn take_over_messages(
        &self,
        platform: Platform,
    ) -> Result<Vec<StoredMessage>, DbError> {
        match &self.backend {
            Backend::Sqlite(_) => self.pending_messages(platform).await,
            Backend::Postgres(pg) => postgres::take_over_messages(pg, platform, &pg.owner).await,
        }
    }

    /// Extends the lease on every outbox message this instance is sending (every
    /// [`LEASE`] while it runs, well within it); how many. Nothing on SQLite.
    ///
    /// # Errors
    ///
    /// The database failed.
    pub async fn renew_leases(&self) -> Result<u64, DbError> {
        match &self.backend {
            Backend::Sqlite(_) => Ok(0),
            Backend::Postgres(pg) => postgres::renew_leases(pg, &pg.owner).await,
        }
    }

    /// Gives up this instance's outbox messages (at a stop), for another instance to take
    /// over at once; how many. Nothing on SQLite.
    ///
    /// # Errors
    ///
    /// The database failed.
    pub async fn release_messages(&self) -> Result<u64, DbError> {
        match &self.backend {
            Backend::Sqlite(_) => Ok(0),
            Backend::Postgres(pg) => postgres::release_messages(pg, &pg.owner).await,
        }
    }

    /// Whether an older outbox message to `dest` (of `platform`, before `id`) waits with
    /// another instance, or with none: sending message `id` now would overtake it. Always
    /// false on SQLite, whose one process sends every message of a destination in order.
    ///
    /// # Errors
    ///
    /// The database failed.
    pub async fn sent_before_elsewhere(
        &self,
        platform: Platform,
        dest: &str,
        id: i64,
    ) -> Result<bool, DbError> {
        match &self.backend {
            Backend::Sqlite(_) => Ok(false),
            Backend::Postgres(pg) => {
                postgres::sent_before_elsewhere(pg, platform, dest, id, &pg.owner).await
            }
        }
    }

    /// The value stored under `key`, if any.
    ///
    /// # Errors
    ///
    /// [`DbError::Sqlx`] if the database fails.
    pub async fn meta(&self, key: &str) -> Result<Option<String>, DbError> {
        queries::meta(self.reader(), key).await
    }

    /// The keys and values stored under keys that begin with `prefix`, ordered by key.
    ///
    /// # Errors
    ///
    /// [`DbError::Sqlx`] if the database fails.
    pub async fn meta_starting(&self, prefix: &str) -> Result<Vec<(String, String)>, DbError> {
        let all = queries::all_meta(self.reader()).await?;
        Ok(all.into_iter().filter(|(k, _)| k.starts_with(prefix)).collect())
    }

    /// Stores `value` under `key`, replacing any earlier value.
    ///
    /// # Errors
    ///
    /// [`DbError::Sqlx`] if the database fails.
    pub async fn set_meta(&self, key: &str, value: &str) -> Result<(), DbError> {
        queries::set_meta(self.writer()?, key, value).await
    }
}
