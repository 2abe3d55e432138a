//! The referee: platform-agnostic tables that own seats, turns, clocks, resign, draw offers,
//! takebacks and every sentence users see. Front ends (console, transcript runner, Discord,
//! Telegram) only translate to [`Incoming`] and from [`Outbound`].
//!
//! Order of effects for every change (STYLE §3.5): validate, apply to a copy, save (one
//! transaction, version-checked), then announce. One writer per game: each table sits behind its
//! own async mutex, and the store's version check catches a second writer anywhere else.

mod away;
mod chaos_clock;
pub mod clock;
pub mod command;
mod community;
mod dark_fence;
pub mod error;
mod follow;
mod games;
mod narrate;
pub mod notice;
pub mod payload;
mod perfect10;
mod pieces;
mod rabble;
pub mod record;
pub mod reply;
mod shared;
mod solver;
mod ultima;

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex as StdMutex};

use serde::{Deserialize, Serialize};
use tokio::sync::Mutex;

use crate::core::{GameResult, Prompt, Seat, Seed, ToAct, Viewer};
use crate::games::{AnyAction, AnyGame, AnyOptions, GameKind};
use crate::store::{
    ActionRow, ChatId, EndReason, GameId, GameRow, GameStatus, GameUpdate, GameWrite, NewGame,
    NewMessage, Pings, Platform, Store, UserId, UserRow,
};
use clock::{Clock, Pace, TimeControl};
use command::Command;
use error::TableError;
use narrate::AdviceResult;
use notice::{Notice, Refusal};
use payload::{Choice, OfferKind, Payload, StartToken};
use reply::{Button, Dest, Lang, Outbound, Wording};

/// The most positions whose advice is kept ([`Referee::hint`]); each entry is a few hundred bytes.
const ADVICE_CACHED: usize = 10_000;

pub use away::DEFAULT_VACATION_DAYS;

/// Open invitations allowed per user and per chat unless configured otherwise.
pub const DEFAULT_INVITATION_LIMIT: usize = 10;

/// The engine version stored with new games (bump when replays of old logs would change).
pub const ENGINE_VERSION: i64 = 1;

/// Where a command was typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Chat {
    /// A group chat, channel, thread or forum topic.
    Group(ChatId),
    /// The user's private chat with the bot.
    Private,
}

/// Where a group chat sits on its platform, for authority: an administrator acts on the games
/// of their community, and a game opened in a thread is reached from the thread's channel too.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Scope {
    /// The community the chat belongs to, whose administrators the platform reports (a Discord
    /// server; a Telegram group is its own community). `None` in private chats.
    pub community: Option<String>,
    /// The channel this chat (a Discord thread) was opened under.
    pub parent: Option<String>,
    /// Where a command answered privately was typed (Discord's `/move`, seen by its author
    /// alone): a game it does not name is looked for among that chat's games first, then among
    /// all of the caller's games.
    pub typed_in: Option<ChatId>,
}

/// One command from a platform.
#[derive(Debug, Clone)]
pub struct Incoming {
    /// `console`, `script`, `telegram`, `discord`.
    pub platform: Platform,
    /// Who typed it.
    pub user_id: UserId,
    /// The name others see.
    pub user_name: String,
    /// Where it was typed.
    pub chat: Chat,
    /// What was said: a line to read, or a command the platform already gave typed.
    pub input: Input,
    /// The platform's locale for this user, if it tells one.
    pub locale: Option<String>,
    /// Whether the platform says the user administers this chat (and its community).
    pub is_admin: bool,
    /// The chat's community and parent channel (empty in private chats).
    pub scope: Scope,
}

/// What a user said: a typed line the referee reads with [`command::parse`], or a command a
/// platform delivered already typed (a button press, a Discord slash command's options), which
/// never makes a round trip through text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    /// A slash command as text, or a bare action in a private chat.
    Line(String),
    /// A command, typed (or why its typed arguments make none, worded like a line's mistake).
    Command(Result<Command, command::CommandError>),
}

impl From<String> for Input {
    fn from(line: String) -> Self {
        Self::Line(line)
    }
}

impl From<&str> for Input {
    fn from(line: &str) -> Self {
        Self::Line(line.to_string())
    }
}

/// What a platform allows: Telegram bots may write privately only to users who pressed Start.
#[derive(Debug, Clone, Default)]
pub struct Policy {
    /// A user is reachable privately only after opening the private chat (`/start`).
    pub dm_needs_start: bool,
    /// The language for users who chose none and whose client tells none (the console's
    /// configured locale); English when `None`.
    pub default_lang: Option<Lang>,
    /// A link that opens the private chat and sends `/start <token>` when the token is appended
    /// (Telegram: `https://t.me/<bot>?start=`). Unreachable players get it with the token
    /// `accept-<game id>`, which completes their `/accept` as soon as the chat is open.
    pub start_link: Option<String>,
    /// Put a "My view" button under every public board of a game with hidden information
    /// (Discord: the press answers with the presser's own view, privately).
    pub view_button: bool,
    /// Put a "Type a move" button under a player's private turn prompt (Discord opens a form
    /// for the move; the press itself never reaches the referee).
    pub move_button: bool,
    /// How a player reopens their private chat after a delivery failed, when there is no start
    /// link (default: send /start).
    pub reopen: notice::Reopen,
    /// The platform answers a player privately wherever they type (Discord's ephemeral replies),
    /// so closed direct messages never keep a game from starting: whoever misses a push is told
    /// in the channel how to open them and sees their view with `/view`. A private command then
    /// proves nothing about direct messages, so a user found unreachable stays so and the
    /// channel is told once.
    pub private_replies: bool,
    /// The platform's front end delivers from the outbox ([`crate::bot::outbox`]): messages that
    /// announce a change are saved with it and sent until delivered, across restarts. Off for
    /// the console and scripts, which print each answer as it comes.
    pub outbox: bool,
}

/// What one command produced ([`Referee::answer`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// What to send, in order.
    pub messages: Vec<Outbound>,
    /// The command was refused: nothing changed, and `messages` (one message, to where the
    /// command was typed) says why.
    pub refused: bool,
    /// The line was a secret move typed where others read it (spec L-01): refused, and a front
    /// end that can takes the user's message down ([`Referee::secret_kept`] when it cannot).
    pub secret: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
struct Offer {
    kind: OfferKind,
    by: usize,
}

#[derive(Debug, Clone)]
struct Pending {
    turn: i64,
    action: AnyAction,
}

/// One game in memory: its row, the engine state rebuilt from the log, and cached names.
#[derive(Debug, Clone)]
struct Table {
    row: GameRow,
    game: AnyGame,
    seats: Vec<Option<UserId>>,
    names: Vec<String>,
    time: TimeControl,
    actions: i64,
    pending: HashMap<usize, Pending>,
    /// Moves typed without their last part (a Dark Fence path without a direction), waiting for
    /// the button that completes them: the turn and the text typed. Memory only, like
    /// confirmations.
    partial: HashMap<usize, (i64, String)>,
    /// The last action applied: who, and its notation (to recognise a double submission).
    last: Option<(usize, String)>,
}

impl Table {
    fn seat_of(&self, user: &UserId) -> Option<usize> {
        self.seats.iter().position(|s| s.as_ref() == Some(user))
    }

    fn offer(&self) -> Option<Offer> {
        self.row.offer.as_deref().and_then(|o| serde_json::from_str(o).ok())
    }

    /// Seconds allowed for the decision now asked for.
    fn decision_seconds(&self) -> i64 {
        decision_seconds(&self.game, self.time)
    }
}

/// Seconds allowed for the decision `game` asks for now under `time`.
fn decision_seconds(game: &AnyGame, time: TimeControl) -> i64 {
    let window = matches!(game.to_act(), ToAct::Seat(_, Prompt::Window));
    let seconds = match (window, time.pace) {
        // A challenge window in a live game lasts `window_timeout`; in correspondence play it
        // lasts as long as a move (a 60-second window makes no sense across days).
        (true, Pace::Live) => match game.options() {
            AnyOptions::DarkFence(o) => o.window_timeout,
            AnyOptions::Ultima(_)
            | AnyOptions::Perfect10(_)
            | AnyOptions::ChaosClock(_)
            | AnyOptions::Rabble(_) => time.per_move,
        },
        // A Rabble selection pick has one minute in live play (the seed: 「思考時長1分鐘」).
        (false, Pace::Live)
            if matches!(game.to_act(), ToAct::Seat(_, Prompt::Setup))
                && matches!(game, AnyGame::Rabble(_)) =>
        {
            time.per_move.min(60)
        }
        _ => time.per_move,
    };
    i64::from(seconds)
}

/// What the index keeps of each running game, for finding games without locking them.
#[derive(Debug, Clone)]
struct Summary {
    platform: Platform,
    chat: ChatId,
    seats: Vec<Option<UserId>>,
    creator: UserId,
    status: GameStatus,
    to_act: Option<usize>,
    deadline_at: Option<i64>,
    community: Option<String>,
    parent_chat: Option<String>,
    /// The stored version the game in memory is at.
    version: i64,
}

/// Running games by id, with lookups by chat and by seated user, so that finding "the caller's
/// game here" costs the caller's few games, not every game on the server.
#[derive(Debug, Default)]
struct Index {
    games: HashMap<GameId, Summary>,
    by_chat: HashMap<(Platform, ChatId), Vec<GameId>>,
    by_user: HashMap<(Platform, UserId), Vec<GameId>>,
}

impl Index {
    fn keys(s: &Summary) -> (Vec<(Platform, UserId)>, (Platform, ChatId)) {
        let users = s.seats.iter().flatten().chain(std::iter::once(&s.creator));
        let mut user_keys: Vec<(Platform, UserId)> =
            users.map(|u| (s.platform, u.clone())).collect();
        user_keys.sort();
        user_keys.dedup();
        (user_keys, (s.platform, s.chat.clone()))
    }

    fn remove(&mut self, id: GameId) {
        let Some(old) = self.games.remove(&id) else { return };
        let (users, chat) = Self::keys(&old);
        for key in users.iter() {
            if let Some(ids) = self.by_user.get_mut(key) {
                ids.retain(|g| *g != id);
                if ids.is_empty() {
                    self.by_user.remove(key);
                }
            }
        }
        if let Some(ids) = self.by_chat.get_mut(&chat) {
            ids.retain(|g| *g != id);
            if ids.is_empty() {
                self.by_chat.remove(&chat);
            }
        }
    }

    fn insert(&mut self, id: GameId, summary: Summary) {
        self.remove(id);
        let (users, chat) = Self::keys(&summary);
        for key in users {
            self.by_user.entry(key).or_default().push(id);
        }
        self.by_chat.entry(chat).or_default().push(id);
        self.games.insert(id, summary);
    }

    fn len(&self) -> usize {
        self.games.len()
    }
}

/// The referee for every game of every chat.
pub struct Referee {
    store: Store,
    clock: Arc<dyn Clock>,
    /// The bundled wording (one shared copy, [`reply::wording`]).
    wording: &'static Wording,
    seed_base: u64,
    policies: StdMutex<HashMap<Platform, Policy>>,
    tables: StdMutex<HashMap<GameId, Arc<Mutex<Table>>>>,
    index: StdMutex<Index>,
    users: StdMutex<HashMap<(Platform, UserId), UserRow>>,
    /// When each user last proved their private chat open (in this process): a refusal of a
    /// send that began before it is stale and must not close the chat again.
    opened: StdMutex<HashMap<(Platform, UserId), tokio::time::Instant>>,
    /// Every follow (`/follow`), read at start and kept in step with the store.
    follows: StdMutex<Vec<crate::store::Follow>>,
    /// Running vacations (`/vacation`), read at start and kept in step with the store.
    vacations: StdMutex<HashMap<(Platform, UserId), away::Away>>,
    /// Vacation days each player may take per year ([`Referee::with_vacation_days`]).
    vacation_days: i64,
    /// Link codes handed out, to draw each from a fresh number.
    link_codes: std::sync::atomic::AtomicU64,
    /// The language each user's client last reported (not stored: it comes with every command).
    hints: StdMutex<HashMap<(Platform, UserId), Lang>>,
    /// Start links handed out for an `/accept` that needed the acceptor's private chat
    /// (platform, user, game): following one accepts as if typed in the game's chat, which a
    /// private chat otherwise does not reach for someone not yet seated. Memory only: after a
    /// restart the player accepts again in the group.
    start_links: StdMutex<std::collections::HashSet<(Platform, UserId, GameId)>>,
    /// Accepts that waited for another seat's private chat (the creator's): the accepter as
    /// they accepted, by game. The creator following the start link completes it, as if the
    /// accepter had accepted again. Memory only, like `start_links`.
    waiting_accepts: StdMutex<HashMap<(Platform, GameId), Ctx>>,
    /// Solver searches: one per core at once, round robin across requesters, one request in
    /// flight per user ([`solver::Solver`]).
    solver: solver::Solver,
    /// The solver's advice by position: the game is deterministic, so a position asked about
    /// again (a second `/hint`, a hint after a takeback) is answered without a search.
    advice: StdMutex<HashMap<String, AdviceResult>>,
    /// Whether messages that show a board carry its image.
    images: bool,
    /// Open invitations allowed per user and per chat ([`Referee::with_invitation_limit`]).
    invitation_limit: usize,
    /// Running games whose stored log does not replay (an engine change, a corrupt row): kept
    /// listed as "cannot be resumed" until an administrator aborts them.
    broken: StdMutex<BTreeMap<GameId, GameRow>>,
    /// Broken games whose chat was told (or found told in the store): not looked up again.
    broken_told: StdMutex<std::collections::HashSet<GameId>>,
    /// The last command each user was asked "Which game?" about, answered by a button per
    /// candidate ([`Choice::Pick`]). Memory only: after a restart the user types it again.
    which: StdMutex<HashMap<(Platform, UserId), Command>>,
    /// Where the next read of the store's changes starts ([`Referee::sync`]); `None` on SQLite.
    sync_mark: StdMutex<Option<i64>>,
    /// Games found older in memory than in the store (a write lost the race, or the feed named
    /// one busy here): read again by the next [`Referee::sync`].
    stale: StdMutex<std::collections::HashSet<GameId>>,
    /// One sync at a time; how many began, and the number of the last one done.
    sync_gate: tokio::sync::Mutex<()>,
    sync_started: std::sync::atomic::AtomicU64,
    sync_done: std::sync::atomic::AtomicU64,
}

impl std::fmt::Debug for Referee {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Referee").field("games", &self.lock_index().len()).finish_non_exhaustive()
    }
}

fn seed_bits(seed: u64) -> i64 {
    i64::from_ne_bytes(seed.to_ne_bytes())
}

fn seed_of(bits: i64) -> Seed {
    Seed(u64::from_ne_bytes(bits.to_ne_bytes()))
}

/// SplitMix64: spreads consecutive counters into unrelated seeds.
fn mix(mut z: u64) -> u64 {
    crate::core::splitmix64(&mut z)
}

/// What a command produced: messages, or a refusal to word.
type Reply = Result<Vec<Outbound>, TableError>;

/// Who asked, and where to answer.
#[derive(Debug, Clone)]
struct Ctx {
    platform: Platform,
    user: UserId,
    name: String,
    lang: Lang,
    chat: Chat,
    is_admin: bool,
    scope: Scope,
}

impl Ctx {
    fn here(&self) -> Dest {
        match &self.chat {
            Chat::Group(id) => Dest::Chat(id.clone()),
            Chat::Private => Dest::User(self.user.clone()),
        }
    }

    fn is_private(&self) -> bool {
        self.chat == Chat::Private
    }
}

impl Referee {
    /// A referee over `store`, reading time from `clock`; `seed_base` makes game seeds
    /// (transcripts fix it; the bot draws it at random). Every running game is rebuilt by
    /// replaying its action log.
    ///
    /// # Errors
    ///
    /// The store cannot be read.
    pub async fn open(
        store: Store,
        clock: Arc<dyn Clock>,
        seed_base: u64,
        policies: HashMap<Platform, Policy>,
    ) -> Result<Referee, TableError> {
        let referee = Referee {
            store,
            clock,
            wording: reply::wording(),
            seed_base,
            policies: StdMutex::new(policies),
            tables: StdMutex::new(HashMap::new()),
            index: StdMutex::new(Index::default()),
            users: StdMutex::new(HashMap::new()),
            opened: StdMutex::new(HashMap::new()),
            follows: StdMutex::new(Vec::new()),
            vacations: StdMutex::new(HashMap::new()),
            vacation_days: i64::from(away::DEFAULT_VACATION_DAYS),
            link_codes: std::sync::atomic::AtomicU64::new(0),
            hints: StdMutex::new(HashMap::new()),
            start_links: StdMutex::default(),
            waiting_accepts: StdMutex::default(),
            solver: solver::Solver::new(
                std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
            ),
            advice: StdMutex::default(),
            images: true,
            invitation_limit: DEFAULT_INVITATION_LIMIT,
            broken: StdMutex::default(),
            broken_told: StdMutex::default(),
            which: StdMutex::default(),
            sync_mark: StdMutex::default(),
            stale: StdMutex::default(),
            sync_gate: tokio::sync::Mutex::new(()),
            sync_started: std::sync::atomic::AtomicU64::new(0),
            sync_done: std::sync::atomic::AtomicU64::new(0),
        };
        // Where other instances share the store, the changes are read from before what is
        // loaded now, so that nothing written meanwhile is missed.
        if referee.store.is_shared() {
            *referee.lock_mark() = Some(referee.store.changes(None).await?.mark);
        }
        for row in
            referee.store.games_with_status(&[GameStatus::Invited, GameStatus::Active]).await?
        {
            let id = row.id;
            match referee.load(row.clone()).await {
                Ok(table) => referee.install(table),
                Err(e) => {
                    tracing::error!(
                        game = %id,
                        error = ?e,
                        "cannot rebuild game from its log: kept as 'cannot be resumed'"
                    );
                    referee.lock_broken().insert(id, row);
                }
            }
        }
        *referee.lock_follows() = referee.store.all_follows().await?;
        referee.load_vacations().await?;
        // Ratings are derived from the results: a stop between a game's end and its rating
        // left that game to rate now (in the order games ended, as always).
        match referee.store.catch_up_ratings().await {
            Ok(0) => {}
            Ok(n) => tracing::info!(games = n, "rated games whose rating a stop interrupted"),
            Err(e) => tracing::error!(error = ?e, "catching up on ratings failed"),
        }
        Ok(referee)
    }

    fn lock_broken(&self) -> std::sync::MutexGuard<'_, BTreeMap<GameId, GameRow>> {
        self.broken.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// What the index would keep of a stored game that has no table (its log does not replay).
    fn row_summary(row: &GameRow) -> Summary {
        Summary {
            platform: row.platform,
            chat: row.chat.clone(),
            seats: serde_json::from_str(&row.seats).unwrap_or_default(),
            creator: row.creator.clone(),
            status: row.status,
            to_act: None,
            deadline_at: None,
            community: row.community.clone(),
            parent_chat: row.parent_chat.clone(),
            version: row.version,
        }
    }

    /// The one notice to each chat of a game that cannot be resumed, given at the first tick
    /// after the start that found it (once per game: the store remembers it was told).
    async fn tell_unresumable(&self) -> Vec<Outbound> {
        let told = |id: GameId| {
            self.broken_told.lock().unwrap_or_else(std::sync::PoisonError::into_inner).insert(id)
        };
        let rows: Vec<GameRow> = {
            let checked =
                self.broken_told.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            self.lock_broken().values().filter(|r| !checked.contains(&r.id)).cloned().collect()
        };
        let mut out = Vec::new();
        for row in rows {
            let key = format!("unresumable-told.{}", row.id);
            // Stored only if absent: of several instances sharing the store, one tells.
            match self.store.claim_meta(&key, "1").await {
                Ok(true) => {}
                Ok(false) => {
                    told(row.id);
                    continue;
                }
                Err(e) => {
                    tracing::error!(game = %row.id, error = ?e, "writing the store");
                    continue;
                }
            }
            told(row.id);
            let lang = Lang::from_code(&row.locale).unwrap_or_default();
            out.push(Outbound {
                platform: row.platform,
                to: Dest::Chat(row.chat.clone()),
                text: Notice::Unresumable { game: row.id }.text(lang),
                image: None,
                buttons: Vec::new(),
                outbox: None,
                stamp: None,
            });
        }
        // Kept like any announcement (the meta mark above keeps it from being said twice).
        self.enqueue(out, None).await
    }

    /// `/admin abort` of a game that cannot be resumed: it is ended as aborted, with no replay.
    async fn abort_unresumable(&self, ctx: &Ctx, id: GameId) -> Reply {
        let Some(row) = self.lock_broken().get(&id).cloned() else {
            return Err(TableError::Refused(Refusal::NoSuchGame(id)));
        };
        let mut update = row.update(self.clock.now());
        update.status = GameStatus::Aborted;
        update.reason = Some(EndReason::AdminAborted);
        update.deadline_at = None;
        update.offer = None;
        let lang = Lang::from_code(&row.locale).unwrap_or_default();
        let told = self.say(
            ctx,
            Dest::Chat(row.chat.clone()),
            lang,
            &Notice::Aborted { by: ctx.name.clone(), game: id },
        );
        let mut out = Self::told_here_too(ctx, told);
        let stamp = reply::Stamp {
            game: id,
            version: row.version + 1,
            turn: 0,
            settled: true,
            offer_closed: row.offer.is_some(),
        };
        Self::stamp(&mut out, stamp);
        let (places, rows) = self.outbox_rows(&out, Some(id));
        let (_, ids) =
            self.store.write_game(id, row.version, GameWrite::Update, &update, rows).await?;
        self.lock_broken().remove(&id);
        Self::number(&mut out, &places, ids);
        Ok(out)
    }

    /// An administrator's abort said in the game's chat and, when they acted from another chat
    /// of the community, there too.
    fn told_here_too(ctx: &Ctx, told: Outbound) -> Vec<Outbound> {
        let here = ctx.here();
        if here == told.to {
            return vec![told];
        }
        let copy = Outbound { to: here, ..told.clone() };
        vec![told, copy]
    }

    /// At most `limit` open invitations per user and per chat (default
    /// [`DEFAULT_INVITATION_LIMIT`]): a flood of `/new` cannot fill a chat or the store.
    #[must_use]
    pub fn with_invitation_limit(mut self, limit: usize) -> Referee {
        self.invitation_limit = limit;
        self
    }

    /// Vacation days each player may take per calendar year (default
    /// [`away::DEFAULT_VACATION_DAYS`]; `/vacation`).
    #[must_use]
    pub fn with_vacation_days(mut self, days: u32) -> Referee {
        self.vacation_days = i64::from(days);
        self
    }

    /// Refuses a new invitation from `ctx` in `chat` when the user or the chat already has as
    /// many open invitations as allowed.
    fn invitation_room(&self, ctx: &Ctx, chat: &ChatId) -> Result<(), TableError> {
        let index = self.lock_index();
        let open = |ids: Option<&Vec<GameId>>, mine: bool| {
            ids.into_iter()
                .flatten()
                .filter_map(|id| index.games.get(id))
                .filter(|s| s.status == GameStatus::Invited && (!mine || s.creator == ctx.user))
                .count()
        };
        let limit = self.invitation_limit;
        if open(index.by_user.get(&(ctx.platform, ctx.user.clone())), true) >= self.invitation_limit
        {
            return Err(TableError::Refused(Refusal::InvitationsPerUser(limit)));
        }
        if open(index.by_chat.get(&(ctx.platform, chat.clone())), false) >= self.invitation_limit {
            return Err(TableError::Refused(Refusal::InvitationsPerChat(limit)));
        }
        Ok(())
    }

    /// Without board images (the referee benchmark measures moves, not drawing).
    #[must_use]
    pub fn without_images(mut self) -> Referee {
        self.images = false;
        self
    }

    /// The store (for tools and tests).
    #[must_use]
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The wording (for front ends that need platform glue sentences).
    #[must_use]
    pub fn wording(&self) -> &'static Wording {
        self.wording
    }

    /// The command definitions, for registering commands on platforms.
    #[must_use]
    pub fn commands() -> &'static [command::CommandSpec] {
        command::COMMANDS
    }

    fn lock_index(&self) -> std::sync::MutexGuard<'_, Index> {
        self.index.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn lock_which(&self) -> std::sync::MutexGuard<'_, HashMap<(Platform, UserId), Command>> {
        self.which.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn lock_tables(&self) -> std::sync::MutexGuard<'_, HashMap<GameId, Arc<Mutex<Table>>>> {
        self.tables.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn lock_users(&self) -> std::sync::MutexGuard<'_, HashMap<(Platform, UserId), UserRow>> {
        self.users.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn lock_follows(&self) -> std::sync::MutexGuard<'_, Vec<crate::store::Follow>> {
        self.follows.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Notes that `user` proved their private chat open just now.
    fn opened_now(&self, platform: Platform, user: &UserId) {
        self.opened
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert((platform, user.clone()), tokio::time::Instant::now());
    }

    /// Rebuilds a game from its row and log.
    async fn load(&self, row: GameRow) -> Result<Table, TableError> {
        if row.engine_version > ENGINE_VERSION {
            return Err(TableError::Internal(format!(
                "game {} was made by engine version {}, newer than this build's {ENGINE_VERSION}",
                row.id, row.engine_version
            )));
        }
        let kind = GameKind::from_code(&row.kind)
            .ok_or_else(|| TableError::Internal(format!("unknown game kind {}", row.kind)))?;
        let options = AnyOptions::parse(kind, &row.options)
            .map_err(|e| TableError::Internal(format!("stored options: {e}")))?;
        let seed = seed_of(row.seed);
        let mut game = match &row.position {
            Some(p) => AnyGame::from_position(&options, p, seed)
                .map_err(|e| TableError::Internal(format!("stored position: {e}")))?,
            None => AnyGame::new(&options, seed)
                .map_err(|e| TableError::Internal(format!("stored options: {e}")))?,
        };
        let actions = self.store.actions(row.id).await?;
        for a in &actions {
            let seat = Seat(u8::try_from(a.seat).unwrap_or(u8::MAX));
            let action = game.parse_action(seat, &a.notation).map_err(|e| {
                TableError::Internal(format!("replay #{} seq {}: {e}", row.id, a.seq))
            })?;
            game.play(seat, &action).map_err(|e| {
                TableError::Internal(format!("replay #{} seq {}: {e}", row.id, a.seq))
            })?;
        }
        let seats: Vec<Option<UserId>> = serde_json::from_str(&row.seats)
            .map_err(|e| TableError::Internal(format!("stored seats: {e}")))?;
        let time: TimeControl = serde_json::from_str(&row.clock)
            .map_err(|e| TableError::Internal(format!("stored clock: {e}")))?;
        let mut names = Vec::new();
        let locale = Lang::from_code(&row.locale).unwrap_or_default();
        for seat in &seats {
            names.push(match seat {
                Some(u) if is_bot(u) => self.wording.text(locale, "bot-name", &[]),
                Some(u) => self
                    .user_row(row.platform, u)
                    .await?
                    .map_or_else(|| u.to_string(), |r| r.display_name),
                None => String::from("?"),
            });
        }
        Ok(Table {
            row,
            game,
            seats,
            names,
            time,
            actions: i64::try_from(actions.len()).unwrap_or(i64::MAX),
            pending: HashMap::new(),
            partial: HashMap::new(),
            last: actions
                .last()
                .and_then(|a| Some((usize::try_from(a.seat).ok()?, a.notation.clone()))),
        })
    }

    fn summary(table: &Table) -> Summary {
        Summary {
            platform: table.row.platform,
            chat: table.row.chat.clone(),
            seats: table.seats.clone(),
            creator: table.row.creator.clone(),
            status: table.row.status,
            to_act: table.game.to_act().seat().map(Seat::index),
            deadline_at: table.row.deadline_at,
            community: table.row.community.clone(),
            parent_chat: table.row.parent_chat.clone(),
            version: table.row.version,
        }
    }

    fn install(&self, table: Table) {
        let id = table.row.id;
        let summary = Self::summary(&table);
        let running = summary.status.is_running();
        let mut index = self.lock_index();
        let mut tables = self.lock_tables();
        if running {
            index.insert(id, summary);
            tables.insert(id, Arc::new(Mutex::new(table)));
        } else {
            index.remove(id);
            tables.remove(&id);
        }
    }

    fn refresh(&self, table: &Table) {
        let summary = Self::summary(table);
        let id = table.row.id;
        if summary.status.is_running() {
            self.lock_index().insert(id, summary);
        } else {
            self.lock_index().remove(id);
            self.lock_tables().remove(&id);
        }
    }

    async fn user_row(
        &self,
        platform: Platform,
        user: &UserId,
    ) -> Result<Option<UserRow>, TableError> {
        let key = (platform, user.clone());
        if let Some(row) = self.lock_users().get(&key) {
            return Ok(Some(row.clone()));
        }
        let row = self.store.user(platform, user).await?;
        if let Some(r) = &row {
            self.lock_users().insert(key, r.clone());
        }
        Ok(row)
    }

    fn cache_user(&self, row: UserRow) {
        self.lock_users().insert((row.platform, row.user_id.clone()), row);
    }

    /// The language to write to `user` in: their choice, else what their client last told,
    /// else the platform's default.
    async fn lang_of(&self, platform: Platform, user: &UserId) -> Lang {
        let chosen = match self.user_row(platform, user).await {
            Ok(Some(row)) => row.locale.as_deref().and_then(Lang::from_code),
            _ => None,
        };
        let hinted = self.lock_hints().get(&(platform, user.clone())).copied();
        chosen.or(hinted).or(self.policy(platform).default_lang).unwrap_or_default()
    }

    fn lock_hints(&self) -> std::sync::MutexGuard<'_, HashMap<(Platform, UserId), Lang>> {
        self.hints.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn policy(&self, platform: Platform) -> Policy {
        let policies = self.policies.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        policies.get(&platform).cloned().unwrap_or_default()
    }

    /// Records the name others see for a user the platform told about without their writing
    /// (Discord: a member chosen as an opponent), so that announcements name them.
    ///
    /// # Errors
    ///
    /// The store fails.
    pub async fn learn_user(
        &self,
        platform: Platform,
        user: &UserId,
        name: &str,
    ) -> Result<(), TableError> {
        let known = self.lock_users().get(&(platform, user.clone())).cloned();
        if known.is_some_and(|row| row.display_name == name) {
            return Ok(());
        }
        let row = self.store.upsert_user(platform, user, name).await?;
        self.cache_user(row);
        Ok(())
    }

    /// Replaces what `platform` allows; a front end calls this when it learns something only
    /// after connecting (Telegram's bot name, for the start link).
    pub fn set_policy(&self, platform: Platform, policy: Policy) {
        let mut policies = self.policies.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        policies.insert(platform, policy);
    }

    /// Handles one command and returns what to send. Never fails: refusals and internal errors
    /// come back as messages.
    pub async fn handle(&self, input: Incoming) -> Vec<Outbound> {
        self.answer(input).await.messages
    }

    /// Handles one command like [`Referee::handle`], and also tells whether it was refused, for
    /// front ends that show a refusal differently from news (a Telegram alert under a pressed
    /// button, a Discord ephemeral reply).
    pub async fn answer(&self, input: Incoming) -> Answer {
        self.sync().await;
        let ctx = match self.touch_user(&input).await {
            Ok(ctx) => ctx,
            Err(e) => {
                tracing::error!(error = ?e, "recording the user");
                let lang = input.locale.as_deref().and_then(Lang::from_code).unwrap_or_default();
                let ctx = Ctx {
                    platform: input.platform,
                    user: input.user_id,
                    name: input.user_name,
                    lang,
                    chat: input.chat,
                    is_admin: input.is_admin,
                    scope: input.scope,
                };
                let messages = vec![self.say(&ctx, ctx.here(), ctx.lang, &Notice::Failed)];
                return Answer { messages, refused: true, secret: false };
            }
        };
        let (parsed, line) = match &input.input {
            Input::Line(line) => (command::parse(line, ctx.is_private()), line.as_str()),
            Input::Command(command) => (command.clone().map(Some), ""),
        };
        let result = match parsed {
            Ok(None) => {
                let messages = self.stray_move(&ctx, line).await;
                let refused = !messages.is_empty();
                return Answer { refused, secret: refused, messages };
            }
            Ok(Some(cmd)) => {
                let asked = cmd.clone();
                let mut result = self.dispatch(&ctx, cmd.clone()).await;
                // Another instance moved the game first: read what it did, decide again.
                let mut tries = 1;
                while let Err(e) = &result
                    && self.worth_retrying(e)
                    && tries < shared::CONFLICT_TRIES
                {
                    tries += 1;
                    self.sync().await;
                    result = self.dispatch(&ctx, cmd.clone()).await;
                }
                if let Err(TableError::Refused(Refusal::WhichGame(_))) = &result {
                    self.lock_which().insert((ctx.platform, ctx.user.clone()), asked);
                }
                result
            }
            Err(e) => Err(TableError::Refused(match e {
                command::CommandError::Unknown(c) => Refusal::UnknownCommand(c),
                command::CommandError::Missing { command, what } => {
                    Refusal::Missing { command, what }
                }
                command::CommandError::BadArgument { command, arg } => {
                    Refusal::BadArgument { command, arg }
                }
                command::CommandError::TooLong { limit, length } => {
                    Refusal::LineTooLong { limit, length }
                }
            })),
        };
        match result {
            Ok(messages) => Answer { messages, refused: false, secret: false },
            Err(e) => Answer {
                messages: vec![self.refusal(&ctx, ctx.here(), &e)],
                refused: true,
                secret: matches!(e, TableError::Refused(Refusal::PrivateOnly)) && !ctx.is_private(),
            },
        }
    }

    /// A line without `/` in a group is conversation, unless its author plays a hidden-information
    /// game here and the line is one of that game's private actions (spec L-01): then it is
    /// refused without being echoed or played, and the player is sent to the private chat.
    /// Only lines with a digit count (a cell), so "上" or "R" in conversation stays conversation.
    async fn stray_move(&self, ctx: &Ctx, text: &str) -> Vec<Outbound> {
        // A line longer than any command is conversation, whatever it holds (no parse of it).
        if ctx.is_private()
            || text.chars().count() > command::MAX_LINE_CHARS
            || !text.chars().any(|c| c.is_ascii_digit() || ('０'..='９').contains(&c))
        {
            return Vec::new();
        }
        let user = ctx.user.clone();
        let ids: Vec<GameId> = {
            let index = self.lock_index();
            let Chat::Group(chat) = &ctx.chat else { return Vec::new() };
            index
                .by_chat
                .get(&(ctx.platform, chat.clone()))
                .into_iter()
                .flatten()
                .filter(|id| {
                    index.games.get(id).is_some_and(|s| {
                        s.status == GameStatus::Active
                            && s.seats.iter().any(|u| u.as_ref() == Some(&user))
                    })
                })
                .copied()
                .collect()
        };
        for id in ids {
            let Ok(cell) = self.table(id) else { continue };
            let t = cell.lock().await;
            let Some(seat) = t.seat_of(&ctx.user) else { continue };
            let private = t
                .game
                .parse_action(Seat(u8::try_from(seat).unwrap_or(0)), text)
                .is_ok_and(|a| games::is_private_action(&t.game, &a));
            if private {
                return vec![self.refusal(
                    ctx,
                    ctx.here(),
                    &TableError::Refused(Refusal::PrivateOnly),
                )];
            }
        }
        Vec::new()
    }

    /// Words a refusal for the user who caused it.
    fn refusal(&self, ctx: &Ctx, to: Dest, error: &TableError) -> Outbound {
        let text = match error {
            TableError::Refused(refusal) => refusal.text(ctx.lang),
            TableError::Action(e) => games::error_text(self.wording, ctx.lang, e),
            TableError::Conflict => Refusal::AlreadyPlayed.text(ctx.lang),
            TableError::Internal(detail) => {
                tracing::error!(%detail, user = %ctx.user, "internal error");
                self.wording.text(ctx.lang, "err-internal", &[])
            }
        };
        // "Which game?" comes with one button per candidate: `#12 Ultima`.
        let buttons = match error {
            TableError::Refused(Refusal::WhichGame(ids)) => ids
                .iter()
                .map(|id| {
                    let kind = self
                        .lock_tables()
                        .get(id)
                        .and_then(|cell| cell.try_lock().ok().map(|t| t.game.kind()));
                    let label = match kind {
                        Some(kind) => format!("#{id} {}", notice::game_name(ctx.lang, kind)),
                        None => format!("#{id}"),
                    };
                    Button { label, payload: Payload::new(*id, 0, Choice::Pick) }
                })
                .collect(),
            _ => Vec::new(),
        };
        Outbound {
            platform: ctx.platform,
            to,
            text,
            image: None,
            buttons,
            outbox: None,
            stamp: None,
        }
    }

    /// A notice of the referee's, worded in `lang`, for `to` on the platform of `ctx`.
    fn say(&self, ctx: &Ctx, to: Dest, lang: Lang, notice: &Notice) -> Outbound {
        Outbound {
            platform: ctx.platform,
            to,
            text: notice.text(lang),
            image: None,
            buttons: Vec::new(),
            outbox: None,
            stamp: None,
        }
    }

    /// The messages of `out` whose platform delivers from the outbox and that are not there
    /// yet, as outbox rows about `game`, with their places in `out`.
    fn outbox_rows(&self, out: &[Outbound], game: Option<GameId>) -> (Vec<usize>, Vec<NewMessage>) {
        let now_ms = self.clock.now().saturating_mul(1000);
        let mut durable: HashMap<&str, bool> = HashMap::new();
        let mut places = Vec::new();
        let mut rows = Vec::new();
        for (i, m) in out.iter().enumerate() {
            let kept = *durable
                .entry(m.platform.as_str())
                .or_insert_with(|| self.policy(m.platform).outbox);
            if kept && m.outbox.is_none() {
                places.push(i);
                rows.push(m.to_stored(game, now_ms));
            }
        }
        (places, rows)
    }

    /// Marks `out` as announcing the change `stamp`.
    fn stamp(out: &mut [Outbound], stamp: reply::Stamp) {
        for m in out {
            m.stamp = Some(stamp);
        }
    }

    /// Gives the messages at `places` their outbox ids.
    fn number(out: &mut [Outbound], places: &[usize], ids: Vec<i64>) {
        for (place, id) in places.iter().zip(ids) {
            if let Some(m) = out.get_mut(*place) {
                m.outbox = Some(id);
            }
        }
    }

    /// Saves a change of `t`'s game together with `out`, the messages that announce it (one
    /// transaction: either both are kept or neither), and only then makes `t` the table
    /// `next`, which the messages were worded from. `next.row` is the row as it will read once
    /// saved ([`GameRow::after`]).
    async fn save(
        &self,
        t: &mut Table,
        mut next: Table,
        write: GameWrite,
        update: &GameUpdate,
        mut out: Vec<Outbound>,
    ) -> Reply {
        let stamp = reply::Stamp {
            game: next.row.id,
            version: next.row.version,
            turn: next.actions,
            settled: next.row.status != t.row.status,
            offer_closed: t.row.offer.is_some() && next.row.offer.is_none(),
        };
        Self::stamp(&mut out, stamp);
        self.copy_to_followers(&next, &mut out);
        let (places, rows) = self.outbox_rows(&out, Some(t.row.id));
        let written = self.store.write_game(t.row.id, t.row.version, write, update, rows).await;
        if matches!(written, Err(crate::store::DbError::Conflict { .. })) {
            // Another instance moved it first: read again at the next sync.
            self.mark_stale(t.row.id);
        }
        let (row, ids) = written?;
        // The store numbers a game's end among all ends (`ended_seq`), which no announcement
        // reads: everything else was worded from the row as saved.
        debug_assert_eq!(
            GameRow { ended_seq: None, ..row.clone() },
            GameRow { ended_seq: None, ..next.row.clone() },
            "the announcement was worded from another row"
        );
        next.row = row;
        *t = next;
        self.refresh(t);
        Self::number(&mut out, &places, ids);
        Ok(out)
    }

    /// Puts messages that follow a saved change (the Chaos Clock analysis, a group told about a
    /// missed private message) in the outbox. If the store fails they are still returned, to be
    /// sent at once without being kept.
    async fn enqueue(&self, mut out: Vec<Outbound>, game: Option<GameId>) -> Vec<Outbound> {
        let (places, rows) = self.outbox_rows(&out, game);
        if rows.is_empty() {
            return out;
        }
        match self.store.enqueue(rows).await {
            Ok(ids) => Self::number(&mut out, &places, ids),
            Err(e) => tracing::error!(error = ?e, "the outbox cannot be written; sending unkept"),
        }
        out
    }

    /// Records the user (name, private reachability) and works out the language to answer in.
    async fn touch_user(&self, input: &Incoming) -> Result<Ctx, TableError> {
        let key = (input.platform, input.user_id.clone());
        let cached = self.lock_users().get(&key).cloned();
        let mut row = match cached {
            Some(row) if row.display_name == input.user_name => row,
            _ => self.store.upsert_user(input.platform, &input.user_id, &input.user_name).await?,
        };
        // A private line proves the private chat open, except where the platform says it does
        // not ([`Policy::private_replies`]).
        let proves_reachable =
            row.reachable.is_none() || !self.policy(input.platform).private_replies;
        if input.chat == Chat::Private && proves_reachable {
            self.opened_now(input.platform, &input.user_id);
            if row.reachable != Some(true) {
                self.store.set_reachable(input.platform, &input.user_id, Some(true)).await?;
                row.reachable = Some(true);
            }
        }
        let hint = input.locale.as_deref().and_then(Lang::from_code);
        if let Some(hint) = hint {
            self.lock_hints().insert(key, hint);
        }
        let lang = row
            .locale
            .as_deref()
            .and_then(Lang::from_code)
            .or(hint)
            .or(self.policy(input.platform).default_lang)
            .unwrap_or_default();
        self.cache_user(row);
        Ok(Ctx {
            platform: input.platform,
            user: input.user_id.clone(),
            name: input.user_name.clone(),
            lang,
            chat: input.chat.clone(),
            is_admin: input.is_admin,
            scope: input.scope.clone(),
        })
    }

    /// The note for a player whose secret move, typed in the group chat `chat`, stays there
    /// because the bot may not delete messages: please delete it, and here is the private chat
    /// (the platform's link as a button, where it has one). In the player's language.
    pub async fn secret_kept(&self, platform: Platform, user: &UserId, chat: &ChatId) -> Outbound {
        let lang = self.lang_of(platform, user).await;
        let link = self.policy(platform).start_link;
        Outbound {
            platform,
            to: Dest::Chat(chat.clone()),
            text: Notice::SecretKept { link }.text(lang),
            image: None,
            buttons: Vec::new(),
            outbox: None,
            stamp: None,
        }
    }

    /// The note to a chat whose `count` messages could not be delivered within the age limit
    /// (`age`) and were dropped, in the language of the chat's games.
    #[must_use]
    pub fn undelivered_note(
        &self,
        platform: Platform,
        chat: &ChatId,
        count: usize,
        age: std::time::Duration,
    ) -> Outbound {
        let newest = {
            let index = self.lock_index();
            index.by_chat.get(&(platform, chat.clone())).and_then(|ids| ids.last().copied())
        };
        let lang = newest
            .and_then(|id| self.lock_tables().get(&id).cloned())
            .and_then(|cell| cell.try_lock().ok().map(|t| public_lang(&t)));
        let lang = lang.or(self.policy(platform).default_lang).unwrap_or_default();
        let count = i64::try_from(count).unwrap_or(i64::MAX);
        let age_seconds = i64::try_from(age.as_secs()).unwrap_or(i64::MAX);
        Outbound {
            platform,
            to: Dest::Chat(chat.clone()),
            text: Notice::UndeliveredDropped { count, age_seconds }.text(lang),
            image: None,
            buttons: Vec::new(),
            outbox: None,
            stamp: None,
        }
    }

    /// `user`, just met under the handle `handle` (Telegram's username, lower case, without
    /// `@`), takes the seats reserved for that handle in open invitations: an invitation to
    /// someone the bot had not met waits for them, and nobody else may accept it. Returns how
    /// many invitations now name them.
    ///
    /// # Errors
    ///
    /// The store failed.
    pub async fn claim_handle(
        &self,
        platform: Platform,
        handle: &str,
        user: &UserId,
        name: &str,
    ) -> Result<usize, TableError> {
        self.sync().await;
        let reserved = UserId::new(format!("@{}", handle.to_lowercase()));
        let ids: Vec<GameId> = {
            let index = self.lock_index();
            index.by_user.get(&(platform, reserved.clone())).cloned().unwrap_or_default()
        };
        let mut claimed = 0;
        for id in ids {
            let Ok(cell) = self.table(id) else { continue };
            let mut t = cell.lock().await;
            let Some(seat) = t.seat_of(&reserved) else { continue };
            if t.row.status != GameStatus::Invited {
                continue;
            }
            let mut next = t.clone();
            next.seats[seat] = Some(user.clone());
            next.names[seat] = name.to_string();
            let mut update = t.row.update(self.clock.now());
            update.seats = serde_json::to_string(&next.seats).unwrap_or_default();
            next.row = t.row.after(&update);
            self.save(&mut t, next, GameWrite::Update, &update, Vec::new()).await?;
            claimed += 1;
        }
        Ok(claimed)
    }

    /// A group chat was given a new id: Telegram's `migrate_to_chat_id`, when a group becomes a
    /// supergroup (its old id then refuses every message). Every game of the chat moves to `to`,
    /// in the store (with the messages still waiting for it) and in memory, so later posts go
    /// there and commands typed there find the games. Idempotent: a second notice of the same
    /// move finds nothing left to move. Returns how many games moved.
    ///
    /// # Errors
    ///
    /// The store failed (then nothing moved).
    pub async fn chat_migrated(
        &self,
        platform: Platform,
        from: &str,
        to: &str,
    ) -> Result<u64, TableError> {
        self.sync().await;
        if from == to {
            return Ok(0);
        }
        let moved = self.store.move_chat(platform, from, to).await?;
        let moves = |row: &mut GameRow| {
            row.chat.id = to.to_string();
            for field in [&mut row.community, &mut row.parent_chat] {
                if field.as_deref() == Some(from) {
                    *field = Some(to.to_string());
                }
            }
        };
        for row in self.lock_broken().values_mut() {
            if row.platform == platform && row.chat.id == from {
                moves(row);
            }
        }
        let ids: Vec<GameId> = {
            let index = self.lock_index();
            let here = |s: &Summary| s.platform == platform && s.chat.id == from;
            index.games.iter().filter(|(_, s)| here(s)).map(|(id, _)| *id).collect()
        };
        for id in ids {
            let Ok(cell) = self.table(id) else { continue };
            let mut t = cell.lock().await;
            if t.row.chat.id == from {
                moves(&mut t.row);
                self.refresh(&t);
            }
        }
        if moved > 0 {
            tracing::info!(%platform, from, to, games = moved, "a group chat moved to a new id");
        }
        Ok(moved)
    }

    /// Records that `user` wrote to the bot in their private chat itself (a Discord direct
    /// message, as opposed to an ephemeral reply, which proves nothing about it): the chat is
    /// open, so private prompts reach them again and their turns are no longer pinged in the
    /// game's chat for want of it.
    ///
    /// # Errors
    ///
    /// The store failed.
    pub async fn private_chat_open(
        &self,
        platform: Platform,
        user: &UserId,
    ) -> Result<(), TableError> {
        self.sync().await;
        let known = self.user_row(platform, user).await?;
        if known.is_none() {
            return Ok(());
        }
        self.opened_now(platform, user);
        if known.is_some_and(|r| r.reachable == Some(true)) {
            return Ok(());
        }
        self.store.set_reachable(platform, user, Some(true)).await?;
        if let Some(row) = self.lock_users().get_mut(&(platform, user.clone())) {
            row.reachable = Some(true);
        }
        Ok(())
    }

    /// Marks a user unreachable privately after a platform refused a delivery (Telegram 403,
    /// Discord 50007), so the next game asks them to open the private chat first. Returns what
    /// to tell the channel of each running game the user plays: they missed a private message,
    /// and how to get it back (the platform's start link, with the token `view-<game id>`).
    /// Only the first failure after the user was reachable is told, so repeated failures do
    /// not flood the channel. A refusal of a send that began (`since`) before the user's latest
    /// proof of an open chat is stale (the user opened the chat while it was in flight) and
    /// changes nothing.
    ///
    /// # Errors
    ///
    /// The store failed.
    pub async fn delivery_failed(
        &self,
        platform: Platform,
        user: &UserId,
        since: tokio::time::Instant,
    ) -> Result<Vec<Outbound>, TableError> {
        self.sync().await;
        let opened = self
            .opened
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(&(platform, user.clone()))
            .copied();
        if opened.is_some_and(|at| at > since) {
            tracing::info!(%platform, %user, "a refusal older than the chat's opening is ignored");
            return Ok(Vec::new());
        }
        let was = match self.user_row(platform, user).await? {
            Some(row) => row.reachable,
            None => {
                // Someone invited before ever writing to the bot (Telegram: never pressed Start).
                let row = self.store.upsert_user(platform, user, user.as_str()).await?;
                let reachable = row.reachable;
                self.cache_user(row);
                reachable
            }
        };
        self.store.set_reachable(platform, user, Some(false)).await?;
        if let Some(row) = self.lock_users().get_mut(&(platform, user.clone())) {
            row.reachable = Some(false);
        }
        if was == Some(false) {
            return Ok(Vec::new());
        }
        let mut ids: Vec<GameId> = {
            let index = self.lock_index();
            index
                .by_user
                .get(&(platform, user.clone()))
                .into_iter()
                .flatten()
                .filter(|id| {
                    // An invitation's private copy may be the first to fail.
                    index.games.get(id).is_some_and(|s| {
                        matches!(s.status, GameStatus::Active | GameStatus::Invited)
                            && s.seats.iter().any(|u| u.as_ref() == Some(user))
                    })
                })
                .copied()
                .collect()
        };
        ids.sort_unstable();
        let link = self.policy(platform).start_link;
        let mut out = Vec::new();
        for id in ids {
            let Ok(cell) = self.table(id) else { continue };
            let t = cell.lock().await;
            let Some(seat) = t.seat_of(user) else { continue };
            let lang = public_lang(&t);
            let ctx = Ctx {
                platform,
                user: user.clone(),
                name: t.names.get(seat).cloned().unwrap_or_default(),
                lang,
                chat: Chat::Group(t.row.chat.clone()),
                is_admin: false,
                scope: Scope::default(),
            };
            let name = ctx.name.as_str();
            let reopen = link.clone().map_or(self.policy(platform).reopen, notice::Reopen::Link);
            let told = Notice::DmFailed { name: name.to_string(), game: id, reopen };
            out.push(self.say(&ctx, ctx.here(), lang, &told));
        }
        Ok(self.enqueue(out, None).await)
    }

    async fn dispatch(&self, ctx: &Ctx, cmd: Command) -> Reply {
        match cmd {
            Command::New { game, opponent, settings } => {
                self.new_game(ctx, &game, opponent.as_ref(), &settings).await
            }
            Command::Accept(id) => self.accept(ctx, id).await,
            Command::Decline(id) => self.decline(ctx, id).await,
            Command::Move { id, text } => self.move_text(ctx, id, &text).await,
            Command::Confirm(id) => self.confirm(ctx, id, true, None).await,
            Command::Cancel(id) => self.confirm(ctx, id, false, None).await,
            Command::Board { id, window } => self.board(ctx, id, window.as_deref()).await,
            Command::View { id, slice: None } => self.view(ctx, id).await,
            Command::View { id, slice: Some(slice) } => self.observe(ctx, id, &slice).await,
            Command::Moves { id, square } => self.moves(ctx, id, &square).await,
            Command::Challenge(id) => self.window(ctx, id, "challenge").await,
            Command::Pass(id) => self.window(ctx, id, "pass").await,
            Command::Claim(id) => self.window(ctx, id, "claim").await,
            Command::Hint(id) => self.hint(ctx, id).await,
            Command::Resign(id) => self.resign(ctx, id).await,
            Command::Draw { id, answer } => self.offer(ctx, id, OfferKind::Draw, answer).await,
            Command::Takeback { id, answer } => {
                self.offer(ctx, id, OfferKind::Takeback, answer).await
            }
            Command::Abort(id) => self.abort(ctx, id, false).await,
            Command::AdminAbort(id) => {
                if !ctx.is_admin {
                    return Err(TableError::Refused(Refusal::NotAdmin));
                }
                self.abort(ctx, Some(id), true).await
            }
            Command::Games => Ok(self.games(ctx).await),
            Command::Library { id, opponent } => self.library(ctx, id, opponent.as_ref()).await,
            Command::Rules { game, topic } => self.rules(ctx, game.as_deref(), topic.as_deref()),
            Command::Leaderboard { game } => self.leaderboard(ctx, &game).await,
            Command::Profile(user) => self.profile(ctx, user.as_ref()).await,
            Command::History { player, game } => {
                self.history(ctx, player.as_ref(), game.as_deref()).await
            }
            Command::Export(id) => self.export(ctx, id).await,
            Command::Replay(id) => self.replay(ctx, id).await,
            Command::Follow { id, player, on } => self.follow(ctx, id, player.as_ref(), on).await,
            Command::Vacation(days) => self.vacation(ctx, days.as_deref()).await,
            Command::Link(code) => self.link(ctx, code.as_deref()).await,
            Command::Unlink => self.unlink(ctx).await,
            Command::Help => {
                let help = Notice::Help { admin: ctx.is_admin };
                Ok(vec![self.say(ctx, ctx.here(), ctx.lang, &help)])
            }
            Command::Settings(pairs) => self.settings(ctx, &pairs).await,
            Command::Start(token) => {
                if !ctx.is_private() {
                    return Err(TableError::Refused(Refusal::StartPrivate));
                }
                let welcome = self.say(
                    ctx,
                    ctx.here(),
                    ctx.lang,
                    &Notice::Welcome { name: ctx.name.clone() },
                );
                // A start link `view-<id>` (sent after a private delivery failed) reopens the
                // chat and brings the player's view of the game at once.
                let id = match token {
                    None => return Ok(vec![welcome]),
                    Some(StartToken::View(id)) => {
                        let mut out = vec![welcome];
                        match self.view(ctx, Some(id)).await {
                            Ok(more) => out.extend(more),
                            Err(e) => out.push(self.refusal(ctx, ctx.here(), &e)),
                        }
                        return Ok(out);
                    }
                    // A start link `accept-<id>` finishes the `/accept` that needed this chat.
                    // The creator of the game follows the same link when they were the one
                    // unreachable: for them the chat is now open and the opponent accepts again.
                    Some(StartToken::Accept(id)) => id,
                };
                let creator = self.lock_index().games.get(&id).map(|s| s.creator.clone());
                if creator.as_ref() == Some(&ctx.user) {
                    // The creator was the one unreachable: their chat is open now, and the
                    // accept that waited for it completes (the game's chat is told as usual).
                    let waiting = self
                        .waiting_accepts
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .remove(&(ctx.platform, id));
                    let mut out = vec![welcome];
                    if let Some(accepter) = waiting {
                        match self.accept(&accepter, Some(id)).await {
                            Ok(more) => out.extend(more),
                            Err(e) => out.push(self.refusal(&accepter, accepter.here(), &e)),
                        }
                    }
                    return Ok(out);
                }
                let mut out = vec![welcome];
                let linked = self
                    .start_links
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .remove(&(ctx.platform, ctx.user.clone(), id));
                let chat = self.lock_index().games.get(&id).map(|s| s.chat.clone());
                // The link was handed to this user in the game's chat: accept as if there.
                let there = match chat {
                    Some(chat) if linked => Some(Ctx { chat: Chat::Group(chat), ..ctx.clone() }),
                    _ => None,
                };
                let ctx = there.as_ref().unwrap_or(ctx);
                match self.accept(ctx, Some(id)).await {
                    Ok(more) => out.extend(more),
                    Err(e) => out.push(self.refusal(ctx, ctx.here(), &e)),
                }
                Ok(out)
            }
            Command::Press(payload) => self.press(ctx, payload).await,
        }
    }

    /// Finds the game a command means: the id given, or the caller's only matching game here.
    fn resolve(
        &self,
        ctx: &Ctx,
        id: Option<GameId>,
        want: impl Fn(&Summary) -> bool,
    ) -> Result<GameId, TableError> {
        let index = self.lock_index();
        let here = |s: &Summary| {
            s.platform == ctx.platform
                && match &ctx.chat {
                    Chat::Group(chat) => s.chat == *chat,
                    Chat::Private => s.seats.iter().any(|u| u.as_ref() == Some(&ctx.user)),
                }
        };
        if let Some(id) = id {
            // A game out of reach answers exactly as a game that does not exist: ids are
            // sequential, and must tell nothing about other chats.
            return match index.games.get(&id) {
                Some(s) if Self::reaches(ctx, s) && want(s) => Ok(id),
                Some(s) if Self::reaches(ctx, s) => {
                    Err(TableError::Refused(Refusal::GameNotYours(id)))
                }
                Some(_) => Err(TableError::Refused(Refusal::NoSuchGame(id))),
                None => {
                    let broken = self.lock_broken().get(&id).map(Self::row_summary);
                    Err(match broken {
                        Some(s) if Self::reaches(ctx, &s) => {
                            TableError::Refused(Refusal::Unresumable(id))
                        }
                        _ => TableError::Refused(Refusal::NoSuchGame(id)),
                    })
                }
            };
        }
        let candidates = match &ctx.chat {
            Chat::Group(chat) => index.by_chat.get(&(ctx.platform, chat.clone())),
            Chat::Private => index.by_user.get(&(ctx.platform, ctx.user.clone())),
        };
        let mut found: Vec<GameId> = candidates
            .into_iter()
            .flatten()
            .filter(|id| index.games.get(id).is_some_and(|s| here(s) && want(s)))
            .copied()
            .collect();
        if let (Chat::Private, Some(typed)) = (&ctx.chat, &ctx.scope.typed_in) {
            let there = |s: &Summary| {
                s.chat == *typed
                    || (typed.topic.is_none() && s.parent_chat.as_deref() == Some(&typed.id))
            };
            let in_chat: Vec<GameId> =
                found.iter().copied().filter(|id| index.games.get(id).is_some_and(there)).collect();
            if !in_chat.is_empty() {
                found = in_chat;
            }
        }
        found.sort_unstable();
        match found.as_slice() {
            [] => Err(TableError::Refused(Refusal::NoGameHere)),
            [one] => Ok(*one),
            many => Err(TableError::Refused(Refusal::WhichGame(many.to_vec()))),
        }
    }

    /// Whether a command typed where `ctx` says may name the game `s` by its id: from the
    /// game's own chat, from the channel its thread was opened under, and, for a seated player
    /// (or its creator), from their private chat. Nothing else reaches it, administrators
    /// included ([`Referee::administers`] is their wider reach, for `/admin` alone).
    fn reaches(ctx: &Ctx, s: &Summary) -> bool {
        s.platform == ctx.platform
            && match &ctx.chat {
                Chat::Group(chat) => {
                    s.chat == *chat
                        || (chat.topic.is_none()
                            && s.parent_chat.as_deref() == Some(chat.id.as_str()))
                }
                Chat::Private => {
                    s.creator == ctx.user || s.seats.iter().any(|u| u.as_ref() == Some(&ctx.user))
                }
            }
    }

    /// Whether the caller administers the chat of game `s`: the platform says they administer
    /// the chat where they typed, and the game is reached from there or belongs to the same
    /// community (on Discord: the same server, threads included). Never from a private chat.
    fn administers(ctx: &Ctx, s: &Summary) -> bool {
        ctx.is_admin
            && !ctx.is_private()
            && s.platform == ctx.platform
            && (Self::reaches(ctx, s)
                || ctx.scope.community.as_ref().is_some_and(|c| s.community.as_ref() == Some(c)))
    }

    fn table(&self, id: GameId) -> Result<Arc<Mutex<Table>>, TableError> {
        self.lock_tables().get(&id).cloned().ok_or(TableError::Refused(Refusal::NoSuchGame(id)))
    }

    fn seated(ctx: &Ctx) -> impl Fn(&Summary) -> bool + '_ {
        move |s: &Summary| s.seats.iter().any(|u| u.as_ref() == Some(&ctx.user))
    }

    fn seed_for(&self, n: u64) -> u64 {
        mix(self.seed_base ^ mix(n))
    }

    /// The seed of the next game created here: the running count of games, stored, mixed
    /// into the referee's seed.
    async fn next_seed(&self) -> Result<u64, TableError> {
        let counter = self
            .store
            .meta("games_created")
            .await?
            .and_then(|v| v.parse::<u64>().ok())
            .unwrap_or(0)
            + 1;
        self.store.set_meta("games_created", &counter.to_string()).await?;
        Ok(self.seed_for(counter))
    }

    /// `/library`: the most recent drawn Rabble games kept for others to continue, each with
    /// its plies, scores, changed squares, ancestry and board; `/library #id [@opponent]`
    /// continues one in this channel as a new game (a fork: the original stays as it was).
    async fn library(&self, ctx: &Ctx, id: Option<GameId>, opponent: Option<&UserId>) -> Reply {
        let lang = ctx.lang;
        let Some(id) = id else {
            // One read serves both the library (agreed draws) and its tree (every game
            // continued from a library game, whatever its status).
            let all = self
                .store
                .games_with_status(&[
                    GameStatus::Invited,
                    GameStatus::Active,
                    GameStatus::Over,
                    GameStatus::Aborted,
                ])
                .await?;
            let mut forks: BTreeMap<GameId, Vec<narrate::Fork>> = BTreeMap::new();
            for row in &all {
                if let Some(parent) = games::parent_of(row) {
                    forks.entry(parent).or_default().push(games::fork_of(row));
                }
            }
            let mut rows: Vec<GameRow> = all.into_iter().filter(games::in_library).collect();
            rows.sort_by_key(|r| std::cmp::Reverse(r.id));
            if rows.is_empty() {
                return Ok(vec![self.say(ctx, ctx.here(), lang, &Notice::LibraryEmpty)]);
            }
            let total = rows.len();
            let mut out = vec![self.say(
                ctx,
                ctx.here(),
                lang,
                &Notice::LibraryHeader { count: total, shown: total.min(LIBRARY_SHOWN) },
            )];
            for row in rows.into_iter().take(LIBRARY_SHOWN) {
                let t = self.load(row).await?;
                let children = forks.get(&t.row.id).map_or(&[][..], Vec::as_slice);
                let entry = t.narrator().library_entry(self.wording, lang, &t.snapshot(), children);
                let Some(text) = entry else { continue };
                let mut m = Outbound {
                    platform: ctx.platform,
                    to: ctx.here(),
                    text,
                    image: None,
                    buttons: Vec::new(),
                    outbox: None,
                    stamp: None,
                };
                m.image = games::picture(&t, Viewer::Public, lang, self.images);
                out.push(m);
            }
            return Ok(out);
        };
        let Chat::Group(chat) = &ctx.chat else {
            return Err(TableError::Refused(Refusal::GroupOnly));
        };
        let not_drawn = || TableError::Refused(Refusal::LibraryNotDrawn(id));
        let row = match self.store.game(id).await {
            Ok(row) => row,
            Err(crate::store::DbError::NotFound) => return Err(not_drawn()),
            Err(e) => return Err(e.into()),
        };
        if !games::in_library(&row) {
            return Err(not_drawn());
        }
        if opponent == Some(&ctx.user) {
            return Err(TableError::Refused(Refusal::SelfInvite));
        }
        if opponent.is_some_and(|o| is_bot_name(o.as_str())) {
            return Err(no_bot());
        }
        if !opponent.is_some_and(is_bot) {
            self.invitation_room(ctx, chat)?;
        }
        let source = self.load(row).await?;
        let AnyGame::Rabble(g) = &source.game else { return Err(not_drawn()) };
        let fork = g.fork(u64::try_from(id.0).unwrap_or_default());
        let position = fork.to_text();
        let seed = self.next_seed().await?;
        let time = source.time;
        self.open_table(
            ctx,
            chat,
            GameKind::Rabble,
            AnyGame::Rabble(fork),
            Some(position),
            seed,
            time,
            opponent,
            0,
            // A fork from the draw library is unrated (docs/community.md).
            false,
        )
        .await
    }

    /// Whether `input`, a `/new`, would be refused, without creating anything: the game, the
    /// opponent, the options, the time control and the invitation limits are checked as `/new`
    /// checks them. A front end that prepares a place for the game first (a Discord thread)
    /// asks before it does, so a refused `/new` leaves nothing behind. `None`: go ahead (the
    /// command itself still decides).
    pub async fn refuse_new(&self, input: &Incoming) -> Option<Answer> {
        let Input::Command(Ok(Command::New { game, opponent, settings })) = &input.input else {
            return None;
        };
        let ctx = self.touch_user(input).await.ok()?;
        let refused = self.new_checks(&ctx, game, opponent.as_ref(), settings).err()?;
        let messages = vec![self.refusal(&ctx, ctx.here(), &refused)];
        Some(Answer { messages, refused: true, secret: false })
    }

    /// What `/new` checks before it draws a start: where it is typed, the game, the opponent,
    /// the options and time control, a start position if one is given, and room for one more
    /// invitation.
    fn new_checks(
        &self,
        ctx: &Ctx,
        game: &str,
        opponent: Option<&UserId>,
        settings: &[String],
    ) -> Result<NewChecked, TableError> {
        let Chat::Group(chat) = &ctx.chat else {
            return Err(TableError::Refused(Refusal::GroupOnly));
        };
        let kind = game_kind(game)?;
        if opponent == Some(&ctx.user) {
            return Err(TableError::Refused(Refusal::SelfInvite));
        }
        // `@bot` (or the platform's mention of this bot, which the adapters rewrite to it) asks
        // the referee itself to play.
        let bot = UserId::new(BOT_USER);
        let opponent = opponent.map(|o| if is_bot_name(o.as_str()) { &bot } else { o });
        let against_bot = opponent.is_some_and(is_bot);
        if against_bot && !games::has_bot(kind) {
            return Err(no_bot());
        }
        let pairs =
            crate::games::options::split_pairs(&settings.join(",")).map_err(options_refused)?;
        // Against the bot the inviter chooses a side (`side=jia|yi|random`); against a person
        // the inviter is the first seat, as before.
        // `position="…"` starts the game from a position (puzzles, teaching, a game carried on
        // from a board elsewhere) in the game's position text, the CLI's.
        let (positions, pairs): (Vec<_>, Vec<_>) =
            pairs.into_iter().partition(|(k, _)| k == "position");
        let position = positions.into_iter().next().map(|(_, text)| text);
        let (rateds, pairs): (Vec<_>, Vec<_>) = pairs.into_iter().partition(|(k, _)| k == "rated");
        let rated = match rateds.as_slice() {
            [] => true,
            [(_, value)] => match value.to_lowercase().as_str() {
                "yes" | "on" | "true" => true,
                "no" | "off" | "false" => false,
                _ => {
                    return Err(options_refused(crate::games::OptionsError::BadValue {
                        key: "rated".into(),
                        value: value.clone(),
                        expected: crate::games::options::Expected::OneOf(
                            ["yes", "no"].map(String::from).to_vec(),
                        ),
                    }));
                }
            },
            _ => {
                return Err(options_refused(crate::games::OptionsError::Duplicate {
                    key: "rated".into(),
                }));
            }
        };
        let (sides, pairs): (Vec<_>, Vec<_>) = pairs.into_iter().partition(|(k, _)| k == "side");
        let side = match sides.as_slice() {
            [] => Side::First,
            [(_, value)] if against_bot => Side::from_word(value).ok_or_else(|| {
                options_refused(crate::games::OptionsError::BadValue {
                    key: "side".into(),
                    value: value.clone(),
                    expected: crate::games::options::Expected::OneOf(
                        ["jia", "yi", "random"].map(String::from).to_vec(),
                    ),
                })
            })?,
            [_] => {
                let known: Vec<&str> = kind.option_specs().iter().map(|s| s.key).collect();
                return Err(options_refused(crate::games::OptionsError::UnknownKey {
                    key: "side".into(),
                    known: known.join(", "),
                }));
            }
            _ => {
                return Err(options_refused(crate::games::OptionsError::Duplicate {
                    key: "side".into(),
                }));
            }
        };
        let (table_pairs, game_pairs): (Vec<_>, Vec<_>) =
            pairs.into_iter().partition(|(k, _)| TimeControl::KEYS.contains(&k.as_str()));
        // Players choose only the options a game offers; keys an engine records for itself
        // (Chaos Clock's `fair_draw`, which skips the fair start's proof) are not theirs to set.
        let specs = kind.option_specs();
        if let Some((key, _)) = game_pairs.iter().find(|(k, _)| !specs.iter().any(|s| s.key == k)) {
            let known: Vec<&str> = specs.iter().map(|s| s.key).collect();
            let e = crate::games::OptionsError::UnknownKey {
                key: key.clone(),
                known: known.join(", "),
            };
            return Err(options_refused(e));
        }
        let game_text: Vec<String> = game_pairs.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let options = AnyOptions::parse(kind, &game_text.join(",")).map_err(options_refused)?;
        let time = TimeControl::from_pairs(&table_pairs).map_err(options_refused)?;
        if let Some(text) = &position {
            AnyGame::from_position(&options, text, Seed(0))
                .map_err(|e| TableError::Refused(Refusal::Position(kind, e)))?;
        }
        if !against_bot {
            self.invitation_room(ctx, chat)?;
        }
        Ok(NewChecked { kind, opponent: opponent.cloned(), options, time, side, position, rated })
    }

    async fn new_game(
        &self,
        ctx: &Ctx,
        game: &str,
        opponent: Option<&UserId>,
        settings: &[String],
    ) -> Reply {
        let Chat::Group(chat) = &ctx.chat else {
            return Err(TableError::Refused(Refusal::GroupOnly));
        };
        let NewChecked { kind, opponent, options, time, side, position, rated } =
            self.new_checks(ctx, game, opponent, settings)?;
        let opponent = opponent.as_ref();
        let seed = self.next_seed().await?;
        let engine = match &position {
            Some(text) => AnyGame::from_position(&options, text, Seed(seed))
                .map_err(|e| TableError::Refused(Refusal::Position(kind, e)))?,
            None => {
                // Drawing a start may need the solver (only Chaos Clock's may): one such request
                // in flight per user. Other games draw theirs at once, so a player opening games
                // in two chats at the same moment is not refused for a solver they never asked.
                let _asking = match &options {
                    AnyOptions::ChaosClock(_) => Some(self.reserve_solver(ctx)?),
                    _ => None,
                };
                // Drawing a start may need the solver (Chaos Clock's start=fair): off the async
                // threads.
                self.search(&Self::asker(ctx), "drawing the start", move || {
                    AnyGame::new(&options, Seed(seed))
                })
                .await?
                .map_err(options_refused)?
            }
        };
        let seat = side.creator_seat(seed);
        self.open_table(ctx, chat, kind, engine, position, seed, time, opponent, seat, rated).await
    }

    /// Stores a new game (`engine`, started from `position` when given) and opens its table:
    /// the invitation, or the start at once against the bot. `rated`: the game counts for
    /// ratings (never against the bot or from a position, whatever is asked).
    #[allow(clippy::too_many_arguments)]
    async fn open_table(
        &self,
        ctx: &Ctx,
        chat: &ChatId,
        kind: GameKind,
        engine: AnyGame,
        position: Option<String>,
        seed: u64,
        time: TimeControl,
        opponent: Option<&UserId>,
        creator_seat: usize,
        rated: bool,
    ) -> Reply {
        let against_bot = opponent.is_some_and(is_bot);
        let rated = rated && !against_bot && position.is_none();
        let mut seats = vec![Some(ctx.user.clone()), opponent.cloned()];
        // The engine's options, which may record how the start was drawn (start=fair's draw),
        // so that reloading the game does not search again.
        let pairs_text: Vec<String> =
            engine.options().to_pairs().iter().map(|(k, v)| format!("{k}={v}")).collect();
        let mut names = vec![ctx.name.clone()];
        names.push(match opponent {
            Some(o) if is_bot(o) => self.wording.text(ctx.lang, "bot-name", &[]),
            Some(o) => self
                .user_row(ctx.platform, o)
                .await?
                .map_or_else(|| o.to_string(), |r| r.display_name),
            None => "?".to_string(),
        });
        if creator_seat == 1 {
            seats.reverse();
            names.reverse();
        }
        let new_game = NewGame {
            platform: ctx.platform,
            chat: chat.clone(),
            kind: kind.code().to_string(),
            options: pairs_text.join(","),
            position,
            seed: seed_bits(seed),
            seats: serde_json::to_string(&seats).unwrap_or_default(),
            creator: ctx.user.clone(),
            locale: ctx.lang.code().to_string(),
            status: if against_bot { GameStatus::Active } else { GameStatus::Invited },
            clock: serde_json::to_string(&time).unwrap_or_default(),
            engine_version: ENGINE_VERSION,
            now: self.clock.now(),
            community: ctx.scope.community.clone(),
            parent_chat: ctx.scope.parent.clone(),
            rated,
        };
        let table = |row: &GameRow| Table {
            row: row.clone(),
            game: engine.clone(),
            seats: seats.clone(),
            names: names.clone(),
            time,
            actions: 0,
            pending: HashMap::new(),
            partial: HashMap::new(),
            last: None,
        };
        // The invitee hears of it privately too, where the bot can write to them and their
        // `/settings pings` is `dm` (the default): with the same buttons, in their language.
        let mut invitee = None;
        if let Some(o) = opponent.filter(|o| !is_bot(o) && handle_of(o).is_none())
            && let Some(row) = self.user_row(ctx.platform, o).await?
            && row.pings == Pings::Dm
            && self.reachable(ctx.platform, o).await?
        {
            invitee = Some((o.clone(), self.lang_of(ctx.platform, o).await));
        }
        // The invitation names the new game's id: it is worded from the row inside the
        // transaction that creates it, and kept with it.
        let mut invitation = Vec::new();
        let (row, ids) = self
            .store
            .create_game_with(&new_game, |row| {
                if against_bot {
                    return Vec::new();
                }
                invitation =
                    vec![games::invitation(self.wording, ctx, &table(row), opponent.is_some())];
                // An invitee the platform could name only by handle: the bot has not met them,
                // so the seat waits for that handle, and the chat learns how they can open the
                // private chat (the adapter names the seat when they first show up).
                let link = self.policy(ctx.platform).start_link;
                if let (Some(handle), Some(link)) = (opponent.and_then(handle_of), link) {
                    let notice = Notice::InviteeUnmet { handle: handle.to_string(), link };
                    invitation.push(self.say(ctx, ctx.here(), ctx.lang, &notice));
                }
                if let Some((user, lang)) = &invitee {
                    let notice =
                        Notice::InvitedPrivately { creator: ctx.name.clone(), kind, game: row.id };
                    let mut dm = self.say(ctx, Dest::User(user.clone()), *lang, &notice);
                    dm.buttons = games::invitation_buttons(self.wording, *lang, row.id);
                    invitation.push(dm);
                }
                let stamp = reply::Stamp {
                    game: row.id,
                    version: row.version,
                    turn: 0,
                    settled: false,
                    offer_closed: false,
                };
                Self::stamp(&mut invitation, stamp);
                self.outbox_rows(&invitation, Some(row.id)).1
            })
            .await?;
        let table = table(&row);
        if against_bot {
            return self.start_against_bot(table).await;
        }
        let (places, _) = self.outbox_rows(&invitation, Some(row.id));
        Self::number(&mut invitation, &places, ids);
        self.install(table);
        Ok(invitation)
    }

    /// A game against the bot starts at once (no invitation to accept); the bot moves if it is
    /// its turn.
    async fn start_against_bot(&self, mut table: Table) -> Reply {
        let now = self.clock.now();
        let mut update = table.row.update(now);
        update.deadline_at =
            Some(self.deadline(table.row.platform, &table.seats, &table.game, table.time, now));
        let mut next = table.clone();
        next.row = table.row.after(&update);
        let started = vec![games::started(self.wording, &next, self.images)];
        let mut out = self.save(&mut table, next, GameWrite::Update, &update, started).await?;
        let id = table.row.id;
        self.install(table);
        let cell = self.table(id)?;
        let mut t = cell.lock().await;
        let bot = self.bot_moves(&mut t).await.unwrap_or_else(|e| {
            // The game is saved and started; the next clock tick retries the bot's move.
            tracing::error!(error = ?e, %id, "the bot could not open");
            Vec::new()
        });
        if bot.is_empty() {
            self.turn_prompts(&t, &mut out).await;
            self.add_buttons(&t, &mut out);
        }
        out.extend(bot);
        Ok(out)
    }

    /// Plays the bot's turns, each saved before it is announced like any player's, until a
    /// person is to act or the game is over.
    async fn bot_moves(&self, t: &mut Table) -> Result<Vec<Outbound>, TableError> {
        let mut out = Vec::new();
        while t.row.status == GameStatus::Active
            && let ToAct::Seat(seat, _) = t.game.to_act()
            && t.seats.get(seat.index()).cloned().flatten().as_ref().is_some_and(is_bot)
        {
            let game = t.game.clone();
            let who = format!("game:{}", t.row.id);
            let choice = self
                .search(&who, "the bot's search", move || games::bot_action(&game, seat))
                .await?;
            let Some((action, proven)) = choice else { break };
            let mut said = Vec::new();
            if !proven {
                said.push(games::msg_of(
                    t,
                    games::public_of(t),
                    self.wording.text(public_lang(t), "bot-unproven", &[]),
                ));
            }
            out.extend(self.apply(t, seat.index(), &action, None, said).await?);
            out.extend(self.adjudicate(t).await?);
        }
        Ok(out)
    }

    /// Ends a running game whose result the solver proves while one side is stuck for good
    /// ([`games::adjudication`]), saying which pieces are stuck; nothing otherwise.
    async fn adjudicate(&self, t: &mut Table) -> Result<Vec<Outbound>, TableError> {
        // Most actions leave no side stuck: only then is the solver (and its queue) asked.
        if t.row.status != GameStatus::Active || games::stuck_side(&t.game).is_none() {
            return Ok(Vec::new());
        }
        let game = t.game.clone();
        let who = format!("game:{}", t.row.id);
        let Some(found) =
            self.search(&who, "the adjudication", move || games::adjudication(&game)).await?
        else {
            return Ok(Vec::new());
        };
        let lang = public_lang(t);
        let snapshot = t.snapshot();
        let pieces: Vec<String> = found.pieces.iter().map(ToString::to_string).collect();
        let text = self.wording.text(
            lang,
            "cc-adjudicated",
            &[
                ("id", t.row.id.into()),
                ("name", narrate::name_of(&snapshot, found.stuck.index()).to_string().into()),
                ("pieces", pieces.join(&self.wording.text(lang, "list-sep", &[])).into()),
                ("count", found.pieces.len().into()),
            ],
        );
        let said = vec![games::msg_of(t, games::public_of(t), text)];
        let reason = EndReason::Rule(games::ADJUDICATED_STUCK.to_string());
        self.finish(t, GameStatus::Over, Some(found.result), reason, said).await
    }

    /// A player's action, then the bot's answer when it plays in this game.
    async fn apply_then_bot(
        &self,
        t: &mut Table,
        seat: usize,
        action: &AnyAction,
        by: Option<&UserId>,
    ) -> Reply {
        let mut out = self.apply(t, seat, action, by, Vec::new()).await?;
        match self.adjudicate(t).await {
            Ok(ended) => out.extend(ended),
            Err(e) => tracing::error!(error = ?e, id = %t.row.id, "adjudication failed"),
        }
        // The player's action is saved: it is announced whatever happens to the bot's answer
        // (which the next clock tick retries).
        match self.bot_moves(t).await {
            Ok(bot) => out.extend(bot),
            Err(e) => tracing::error!(error = ?e, id = %t.row.id, "the bot could not answer"),
        }
        Ok(out)
    }

    /// A solver search for `who` (a user, or a game for the bot and the analysis), off the
    /// async threads, in `who`'s turn ([`solver::Solver`]).
    async fn search<T: Send + 'static>(
        &self,
        who: &str,
        what: &str,
        search: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, TableError> {
        self.solver.run(who, what, search).await
    }

    /// Who asks the solver: the user, for `/hint` and fair starts (one request in flight each).
    fn asker(ctx: &Ctx) -> String {
        format!("user:{}:{}", ctx.platform, ctx.user)
    }

    /// Marks the caller's one solver request in flight, or refuses a second one at once.
    fn reserve_solver(&self, ctx: &Ctx) -> Result<solver::Reservation<'_>, TableError> {
        self.solver.reserve(&Self::asker(ctx)).ok_or(TableError::Refused(Refusal::SolverBusy))
    }

    fn lock_advice(&self) -> std::sync::MutexGuard<'_, HashMap<String, AdviceResult>> {
        self.advice.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// `/hint`: the solver's verdict and best actions for the player to act, privately, in
    /// games whose players agreed to hints.
    async fn hint(&self, ctx: &Ctx, id: Option<GameId>) -> Reply {
        let id =
            self.resolve(ctx, id, |s| s.status == GameStatus::Active && Self::seated(ctx)(s))?;
        let cell = self.table(id)?;
        let t = cell.lock().await;
        let seat = t.seat_of(&ctx.user).ok_or(TableError::Refused(Refusal::NotAPlayer))?;
        if !games::hints_allowed(&t.game) {
            return Err(TableError::Refused(Refusal::HintsOff(id)));
        }
        // A hint is advice for your own action: the player waiting is told whose turn it is
        // (the verdict is worded for the player to act, "a win for you").
        self.check_turn(&t, seat)?;
        // The search may take seconds: it runs without holding the game, so other commands
        // (the opponent's /board, a clock tick) are not held up; the answer is given only if
        // the game has not moved on meanwhile.
        let (game, ply) = (t.game.clone(), t.actions);
        drop(t);
        let position = game.position();
        let cached = self.lock_advice().get(&position).cloned();
        let advice = match cached {
            Some(known) => Some(known),
            None => {
                let _asking = self.reserve_solver(ctx)?;
                let advice = self
                    .search(&Self::asker(ctx), "the hint's search", move || games::advice(&game))
                    .await?;
                if let Some(found) = &advice {
                    let mut cache = self.lock_advice();
                    if cache.len() >= ADVICE_CACHED {
                        // Bounded memory: start again rather than track ages.
                        cache.clear();
                    }
                    cache.insert(position, found.clone());
                }
                advice
            }
        };
        let t = cell.lock().await;
        if t.actions != ply || t.row.status != GameStatus::Active {
            return Err(TableError::Refused(Refusal::HintStale(id)));
        }
        let text = games::hint_text(self.wording, ctx.lang, &t, advice.as_ref());
        Ok(vec![games::msg_of(&t, Dest::User(ctx.user.clone()), text)])
    }

    /// The post-game analysis, when the game has one (Chaos Clock), searched off the async
    /// threads.
    async fn analysis(&self, t: &Table) -> Option<Outbound> {
        let game = t.game.clone();
        let who = format!("game:{}", t.row.id);
        let analysis =
            self.search(&who, "the analysis", move || games::analysis(&game)).await.ok()??;
        let text = games::analysis_text(self.wording, public_lang(t), t, &analysis)?;
        Some(games::msg_of(t, games::public_of(t), text))
    }

    /// Whether the seat's user can be written to privately now.
    async fn reachable(&self, platform: Platform, user: &UserId) -> Result<bool, TableError> {
        let known = self.user_row(platform, user).await?.and_then(|r| r.reachable);
        Ok(match known {
            Some(r) => r,
            None => !self.policy(platform).dm_needs_start,
        })
    }

    async fn accept(&self, ctx: &Ctx, id: Option<GameId>) -> Reply {
        let user = ctx.user.clone();
        // With an id, the checks below say exactly what is wrong; without one, only invitations
        // this user may accept are candidates.
        let id = match id {
            Some(id) => self.resolve(ctx, Some(id), |_| true)?,
            None => self
                .resolve(ctx, None, |s| {
                    s.status == GameStatus::Invited
                        && s.creator != user
                        && s.seats.get(1).is_some_and(|o| o.is_none() || o.as_ref() == Some(&user))
                })
                .map_err(|e| match e {
                    TableError::Refused(Refusal::NoGameHere) => {
                        // The only invitation here may be the caller's own.
                        let own = self.resolve(ctx, None, |s| {
                            s.status == GameStatus::Invited && s.creator == user
                        });
                        TableError::Refused(if own.is_ok() {
                            Refusal::OwnInvite
                        } else {
                            Refusal::NoInvite
                        })
                    }
                    other => other,
                })?,
        };
        let cell = self.table(id)?;
        let mut t = cell.lock().await;
        if t.row.status != GameStatus::Invited {
            return Err(TableError::Refused(Refusal::AlreadyStarted));
        }
        if t.row.creator == ctx.user {
            return Err(TableError::Refused(Refusal::OwnInvite));
        }
        if let Some(Some(invited)) = t.seats.get(1)
            && *invited != ctx.user
        {
            return Err(TableError::Refused(Refusal::NotInvited(id)));
        }
        let mut seats = t.seats.clone();
        seats[1] = Some(ctx.user.clone());
        // Spec §2.5 rule 10: a game with private information starts only when every player can
        // be reached privately.
        if games::has_hidden_information(&t.game) && !self.policy(ctx.platform).private_replies {
            let mut unreachable = Vec::new();
            let mut missing = Vec::new();
            for (i, seat) in seats.iter().enumerate() {
                if let Some(u) = seat
                    && !self.reachable(ctx.platform, u).await?
                {
                    unreachable.push(if i == 1 { ctx.name.clone() } else { t.names[i].clone() });
                    missing.push(i);
                }
            }
            if !unreachable.is_empty() {
                // A refusal (the invitation stays open), worded for everyone here: the fix may
                // be someone else's to make.
                let names = unreachable.join(", ");
                let link = self.policy(ctx.platform).start_link;
                if link.is_some() {
                    self.start_links
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .insert((ctx.platform, ctx.user.clone(), id));
                    // Where the creator is the one missing, their following the link completes
                    // this accept (the accepter's own private chat may still be needed too:
                    // then it is refused again, and their link completes it).
                    if !ctx.is_private() && missing == [0] {
                        self.waiting_accepts
                            .lock()
                            .unwrap_or_else(std::sync::PoisonError::into_inner)
                            .insert((ctx.platform, id), ctx.clone());
                    }
                }
                return Err(TableError::Refused(Refusal::Unreachable { names, game: id, link }));
            }
        }
        let now = self.clock.now();
        let mut update = t.row.update(now);
        update.seats = serde_json::to_string(&seats).unwrap_or_default();
        update.status = GameStatus::Active;
        update.deadline_at = Some(self.deadline(t.row.platform, &seats, &t.game, t.time, now));
        update.reminders_sent = 0;
        let mut next = t.clone();
        next.row = t.row.after(&update);
        next.seats = seats;
        next.names[1] = ctx.name.clone();
        let mut out = vec![games::started(self.wording, &next, self.images)];
        self.turn_prompts(&next, &mut out).await;
        self.add_buttons(&next, &mut out);
        self.save(&mut t, next, GameWrite::Update, &update, out).await
    }

    async fn decline(&self, ctx: &Ctx, id: Option<GameId>) -> Reply {
        let user = ctx.user.clone();
        let id = match id {
            Some(id) => self.resolve(ctx, Some(id), |_| true)?,
            None => self
                .resolve(ctx, None, |s| {
                    s.status == GameStatus::Invited
                        && s.seats.get(1).is_some_and(|o| o.as_ref() == Some(&user))
                })
                .map_err(|e| match e {
                    TableError::Refused(Refusal::NoGameHere) => {
                        TableError::Refused(Refusal::NoInvite)
                    }
                    other => other,
                })?,
        };
        let cell = self.table(id)?;
        let mut t = cell.lock().await;
        if t.row.status != GameStatus::Invited {
            return Err(TableError::Refused(Refusal::AlreadyStarted));
        }
        if t.row.creator == ctx.user {
            return Err(TableError::Refused(Refusal::OwnInvite));
        }
        if t.seat_of(&ctx.user) != Some(1) {
            // An open invitation names no one who could decline it (a spectator pressing
            // Decline under it is told so, not that it "invites someone else").
            let open = matches!(t.seats.get(1), Some(None));
            return Err(TableError::Refused(if open {
                Refusal::DeclineOpen(id)
            } else {
                Refusal::NotInvited(id)
            }));
        }
        let mut update = t.row.update(self.clock.now());
        update.status = GameStatus::Aborted;
        update.reason = Some(EndReason::Declined);
        update.deadline_at = None;
        let mut next = t.clone();
        next.row = t.row.after(&update);
        let lang = public_lang(&t);
        let out = vec![self.say(
            ctx,
            Dest::Chat(t.row.chat.clone()),
            lang,
            &Notice::Declined { by: ctx.name.clone(), game: id },
        )];
        self.save(&mut t, next, GameWrite::Update, &update, out).await
    }

    async fn move_text(&self, ctx: &Ctx, id: Option<GameId>, text: &str) -> Reply {
        let user = ctx.user.clone();
        let awaiting = |s: &Summary| {
            s.status == GameStatus::Active
                && s.to_act.and_then(|i| s.seats.get(i)).is_some_and(|u| u.as_ref() == Some(&user))
        };
        let id = match (id, ctx.is_private()) {
            (Some(id), _) => self.resolve(ctx, Some(id), Self::seated(ctx))?,
            // In a private chat a bare action goes to the one game waiting for the caller.
            (None, true) => self.resolve(ctx, None, awaiting).or_else(|_| {
                self.resolve(ctx, None, |s| s.status == GameStatus::Active && Self::seated(ctx)(s))
            })?,
            (None, false) => {
                self.resolve(ctx, None, |s| s.status == GameStatus::Active && Self::seated(ctx)(s))?
            }
        };
        let cell = self.table(id)?;
        let mut t = cell.lock().await;
        let seat = t.seat_of(&ctx.user).ok_or(TableError::Refused(Refusal::NotAPlayer))?;
        if games::has_hidden_information(&t.game) && !ctx.is_private() {
            // Spec L-01: never echoed, never applied; the player is sent to the private chat.
            return Err(TableError::Refused(Refusal::PrivateOnly));
        }
        if let Err(e) = self.check_turn(&t, seat) {
            // The same move sent twice (a double tap, two devices): the first one was played.
            let again = t.last.as_ref().is_some_and(|(s, notation)| {
                *s == seat && notation.eq_ignore_ascii_case(text.trim())
            });
            return Err(if again { TableError::Refused(Refusal::AlreadyPlayed) } else { e });
        }
        let seat_id = Seat(u8::try_from(seat).unwrap_or(0));
        let action = match games::parse_action(&t.game, seat_id, text) {
            Ok(action) => action,
            Err(e) => {
                // A move missing only its last part: offer the completions as buttons.
                let choices =
                    games::completions(self.wording, ctx.lang, &t.game, seat_id, text, &e);
                if choices.is_empty() {
                    return Err(e.into());
                }
                let turn = t.actions;
                let partial = games::partial_text(&t.game, seat_id, text);
                t.partial.insert(seat, (turn, partial.clone()));
                return Ok(vec![games::completion_prompt(
                    self.wording,
                    ctx,
                    &t,
                    &partial,
                    &e,
                    &choices,
                    turn,
                )]);
            }
        };
        t.partial.remove(&seat);
        if games::needs_confirmation(&t.game, &action) {
            // Checked on a copy before the echo, so an impossible action is refused at once. The
            // outcome is thrown away: only whether the action is possible is used, and that depends
            // only on what the player knows.
            t.game.clone().play(Seat(u8::try_from(seat).unwrap_or(0)), &action)?;
            let turn = t.actions;
            t.pending.insert(seat, Pending { turn, action: action.clone() });
            return Ok(vec![games::confirmation(self.wording, ctx, &t, &action, turn)]);
        }
        self.apply_then_bot(&mut t, seat, &action, Some(&ctx.user)).await
    }

    /// A completion button: the move typed earlier with the chosen ending, submitted as if typed
    /// whole (so it is echoed for confirmation where the game asks for that).
    async fn complete(&self, ctx: &Ctx, id: Option<GameId>, ending: &str, turn: i64) -> Reply {
        let id =
            self.resolve(ctx, id, |s| s.status == GameStatus::Active && Self::seated(ctx)(s))?;
        let text = {
            let cell = self.table(id)?;
            let mut t = cell.lock().await;
            let seat = t.seat_of(&ctx.user).ok_or(TableError::Refused(Refusal::NotAPlayer))?;
            match t.partial.remove(&seat) {
                Some((at, text)) if at == turn => text,
                _ => return Err(TableError::Refused(Refusal::StaleButton)),
            }
        };
        self.move_text(ctx, Some(id), &format!("{text} {ending}")).await
    }

    fn check_turn(&self, t: &Table, seat: usize) -> Result<(), TableError> {
        if t.row.status == GameStatus::Invited {
            return Err(TableError::Refused(Refusal::NotStarted));
        }
        match t.game.to_act() {
            ToAct::Over(_) => Err(TableError::Refused(Refusal::GameOver)),
            _ if t.row.status != GameStatus::Active => Err(TableError::Refused(Refusal::GameOver)),
            ToAct::Seat(s, _) if s.index() == seat => Ok(()),
            ToAct::Seat(s, _) => {
                let name = t.names.get(s.index()).cloned().unwrap_or_default();
                Err(TableError::Refused(Refusal::NotYourTurn(name)))
            }
        }
    }

    /// Confirms (`yes`) or cancels the action waiting for the caller's confirmation; with a
    /// `tag` (a button's, [`payload::echo_tag`]) only if that action is the one waiting: a
    /// button under an older echo is stale, and the newer one keeps waiting.
    async fn confirm(&self, ctx: &Ctx, id: Option<GameId>, yes: bool, tag: Option<&str>) -> Reply {
        let id =
            self.resolve(ctx, id, |s| s.status == GameStatus::Active && Self::seated(ctx)(s))?;
        let cell = self.table(id)?;
        let mut t = cell.lock().await;
        let seat = t.seat_of(&ctx.user).ok_or(TableError::Refused(Refusal::NotAPlayer))?;
        let waiting = t.pending.get(&seat).ok_or(TableError::Refused(Refusal::NothingToConfirm))?;
        let other =
            tag.is_some_and(|tag| tag != payload::echo_tag(&t.game.format_action(&waiting.action)));
        if other {
            return Err(TableError::Refused(Refusal::StaleButton));
        }
        let pending =
            t.pending.remove(&seat).ok_or(TableError::Refused(Refusal::NothingToConfirm))?;
        if pending.turn != t.actions {
            return Err(TableError::Refused(Refusal::StaleButton));
        }
        if !yes {
            return Ok(vec![self.say(
                ctx,
                Dest::User(ctx.user.clone()),
                ctx.lang,
                &Notice::ConfirmCancelled,
            )]);
        }
        self.check_turn(&t, seat)?;
        self.apply_then_bot(&mut t, seat, &pending.action, Some(&ctx.user)).await
    }

    async fn window(&self, ctx: &Ctx, id: Option<GameId>, word: &str) -> Reply {
        let id =
            self.resolve(ctx, id, |s| s.status == GameStatus::Active && Self::seated(ctx)(s))?;
        let cell = self.table(id)?;
        let mut t = cell.lock().await;
        let seat = t.seat_of(&ctx.user).ok_or(TableError::Refused(Refusal::NotAPlayer))?;
        self.check_turn(&t, seat)?;
        let action = t.game.parse_action(Seat(u8::try_from(seat).unwrap_or(0)), word)?;
        self.apply_then_bot(&mut t, seat, &action, Some(&ctx.user)).await
    }

    /// Validates, applies to a copy, saves (one transaction with the version check), then
    /// announces. On any error nothing changed.
    /// `said` are messages that come first (the referee playing for a player out of time).
    async fn apply(
        &self,
        t: &mut Table,
        seat: usize,
        action: &AnyAction,
        by: Option<&UserId>,
        said: Vec<Outbound>,
    ) -> Reply {
        let mut game = t.game.clone();
        let notation = game.format_action(action);
        let events = game.play(Seat(u8::try_from(seat).unwrap_or(0)), action)?;
        let now = self.clock.now();
        // A player on vacation who plays is back: their clocks run again (docs/community.md).
        let back = by.and_then(|u| Some((u.clone(), self.take_vacation(t.row.platform, u)?)));
        let mut update = t.row.update(now);
        update.offer = None; // an action answers any standing offer
        match game.to_act() {
            ToAct::Over(outcome) => {
                update.status = GameStatus::Over;
                // A game over before both players acted is not rated (docs/community.md).
                update.rated = t.row.rated && t.actions + 1 >= 2;
                update.result = Some(outcome.result);
                update.reason = Some(EndReason::of_code(outcome.reason));
                update.deadline_at = None;
            }
            ToAct::Seat(..) => {
                update.deadline_at =
                    Some(self.deadline(t.row.platform, &t.seats, &game, t.time, now));
                update.reminders_sent = 0;
            }
        }
        let row = ActionRow {
            seq: t.actions + 1,
            seat: i64::try_from(seat).unwrap_or(0),
            notation,
            by_user: by.cloned(),
            at: now,
        };
        // The announcement is worded from the table as it will be, and saved with the action:
        // only once both are kept does anything change in memory or get sent.
        let mut next = t.clone();
        next.row = t.row.after(&update);
        next.game = game;
        next.actions += 1;
        next.last = Some((seat, row.notation.clone()));
        next.pending.clear();
        next.partial.clear();
        let langs = self.seat_langs(&next).await;
        let mut out = said;
        out.extend(games::announce(self.wording, &next, &events, &langs, self.images));
        self.turn_prompts(&next, &mut out).await;
        self.add_buttons(&next, &mut out);
        let saved = self.save(t, next, GameWrite::Action(row), &update, out).await;
        if let (Err(_), Some((user, away))) = (&saved, &back) {
            self.lock_vacations().insert((t.row.platform, user.clone()), *away);
        }
        let mut out = saved?;
        if let Some((user, away)) = back {
            let platform = t.row.platform;
            out.extend(self.vacation_over(platform, &user, away, now, Some(t.row.id), true).await);
        }
        if t.row.status == GameStatus::Over {
            // Ratings follow the saved end (they are derived from it, and rebuilt from it).
            out.extend(self.rate_end(t).await);
            // The analysis of a finished game is long work: it comes after the save, on its own.
            if let Some(analysis) = self.analysis(t).await {
                out.extend(self.enqueue(vec![analysis], Some(t.row.id)).await);
            }
        }
        Ok(out)
    }

    /// The games a user may mean in `chat`, for a platform's autocomplete: `(id, label)` of
    /// the invited and running games there (in a private chat, the user's own), newest first,
    /// at most `limit`. Labels name the game and its players, nothing hidden.
    pub async fn games_here(
        &self,
        platform: Platform,
        user: &UserId,
        chat: &Chat,
        limit: usize,
    ) -> Vec<(GameId, String)> {
        self.sync().await;
        let mut ids: Vec<GameId> = {
            let index = self.lock_index();
            let key = match chat {
                Chat::Group(id) => index.by_chat.get(&(platform, id.clone())),
                Chat::Private => index.by_user.get(&(platform, user.clone())),
            };
            key.into_iter().flatten().copied().collect()
        };
        ids.sort_unstable_by(|a, b| b.cmp(a));
        ids.dedup();
        let mut out = Vec::new();
        for id in ids.into_iter().take(limit) {
            let Ok(cell) = self.table(id) else { continue };
            let t = cell.lock().await;
            let names: Vec<&str> = t.names.iter().map(String::as_str).collect();
            out.push((id, format!("#{id} {} {}", t.game.kind().code(), names.join(" – "))));
        }
        out
    }

    /// The caller's legal actions in their game here (or game `id`), for a platform's
    /// autocomplete: only in games without hidden information whose legal actions are a finite
    /// list, only when it is the caller's turn, and never more than `limit` (those starting
    /// with `prefix`, ignoring case). Empty otherwise: suggestions must never tell a player
    /// what the rules hide. Rabble, whose turns are infinite, offers likely turns instead, each
    /// checked by the engine (the typed square's targets).
    pub async fn public_actions(
        &self,
        platform: Platform,
        user: &UserId,
        chat: &Chat,
        id: Option<GameId>,
        prefix: &str,
        limit: usize,
    ) -> Vec<String> {
        self.sync().await;
        let ctx = Ctx {
            platform,
            user: user.clone(),
            name: String::new(),
            lang: Lang::default(),
            chat: chat.clone(),
            is_admin: false,
            scope: Scope::default(),
        };
        let Ok(id) = self.resolve(&ctx, id, |s| {
            s.status == GameStatus::Active && s.seats.iter().any(|u| u.as_ref() == Some(user))
        }) else {
            return Vec::new();
        };
        let Ok(cell) = self.table(id) else { return Vec::new() };
        let mut t = cell.lock().await;
        let ToAct::Seat(seat, _) = t.game.to_act() else { return Vec::new() };
        if t.row.status != GameStatus::Active || t.seat_of(user) != Some(seat.index()) {
            return Vec::new();
        }
        // Games whose turns cannot be listed (Rabble's are infinite) suggest likely ones.
        let narrator = t.narrator();
        if let Some(found) = narrator.suggestions(&mut t.game, seat, prefix, limit) {
            return found;
        }
        if games::has_hidden_information(&t.game) || !t.game.has_exhaustive_actions() {
            return Vec::new();
        }
        let prefix = prefix.trim().to_lowercase();
        let mut actions: Vec<String> = t
            .game
            .legal_actions(seat)
            .iter()
            .map(|a| t.game.format_action(a))
            .filter(|a| a.to_lowercase().starts_with(&prefix))
            .collect();
        actions.sort_by(|a, b| natural_order(a, b));
        actions.dedup();
        actions.truncate(limit);
        actions
    }

    /// The platform's extra buttons ([`Policy::view_button`], [`Policy::move_button`]) on the
    /// messages of one step of an active game: "My view" under public boards of games with
    /// hidden information, "Type a move" under the mover's private prompt.
    fn add_buttons(&self, t: &Table, out: &mut [Outbound]) {
        let policy = self.policy(t.row.platform);
        if t.row.status != GameStatus::Active || !(policy.view_button || policy.move_button) {
            return;
        }
        let lang = public_lang(t);
        let hidden = games::has_hidden_information(&t.game);
        let mover = match t.game.to_act() {
            ToAct::Seat(seat, _) => t.seats.get(seat.index()).cloned().flatten(),
            _ => None,
        };
        if !hidden {
            return;
        }
        for m in out.iter_mut() {
            if policy.view_button && matches!(m.to, Dest::Chat(_)) && m.image.is_some() {
                m.buttons.push(Button {
                    label: self.wording.text(lang, "btn-view", &[]),
                    payload: Payload::new(t.row.id, t.actions, Choice::View),
                });
            }
        }
        // The mover's last private message with their board (the turn prompt).
        let prompt = out.iter_mut().rev().find(|m| {
            m.image.is_some() && matches!(&m.to, Dest::User(u) if mover.as_ref() == Some(u))
        });
        if policy.move_button
            && let Some(m) = prompt
        {
            m.buttons.push(Button {
                label: self.wording.text(lang, "btn-type-move", &[]),
                payload: Payload::new(t.row.id, t.actions, Choice::TypeMove),
            });
        }
    }

    /// Each seat's language, for private messages.
    async fn seat_langs(&self, t: &Table) -> Vec<Lang> {
        let mut langs = Vec::with_capacity(t.seats.len());
        for seat in &t.seats {
            langs.push(match seat {
                Some(u) => self.lang_of(t.row.platform, u).await,
                None => Lang::default(),
            });
        }
        langs
    }

    /// Adds to `out` (the announcements of a change) the prompts for whoever must act next:
    /// public "X to move" and a private prompt with the player's own view. In a correspondence
    /// game the player also hears of it as their `/settings pings` ask: `dm` by the private
    /// prompt, or by a mention in the game's chat while their private chat is closed;
    /// `mention` by a mention as well; `off` by neither, except the private prompt of a game
    /// with hidden information, which carries what only they may see.
    async fn turn_prompts(&self, t: &Table, out: &mut Vec<Outbound>) {
        let ToAct::Seat(seat, prompt) = t.game.to_act() else { return };
        if t.row.status != GameStatus::Active {
            return;
        }
        let Some(Some(user)) = t.seats.get(seat.index()) else { return };
        if is_bot(user) {
            return;
        }
        let lang = self.lang_of(t.row.platform, user).await;
        let prompts = games::turn_prompts(self.wording, t, seat, prompt, lang, self.images);
        let correspondence = t.time.pace == Pace::Correspondence;
        let row = self.user_row(t.row.platform, user).await.ok().flatten();
        let pings = row.as_ref().map(|r| r.pings).unwrap_or_default();
        let closed = row.as_ref().is_some_and(|r| r.reachable == Some(false));
        let private = Dest::User(user.clone());
        let quiet =
            correspondence && pings == Pings::Off && !games::has_hidden_information(&t.game);
        out.extend(prompts.into_iter().filter(|m| !(quiet && m.to == private)));
        let mention = match pings {
            Pings::Mention => true,
            Pings::Dm => closed,
            Pings::Off => false,
        };
        if !correspondence || !mention {
            return;
        }
        let who = reply::ping(user.as_str(), t.names.get(seat.index()).map_or("", String::as_str));
        let note = Notice::TurnPing { who, game: t.row.id }.text(public_lang(t));
        let public = Dest::Chat(t.row.chat.clone());
        match out.iter_mut().rev().find(|m| m.to == public && m.platform == t.row.platform) {
            Some(m) => {
                m.text.push('\n');
                m.text.push_str(&note);
            }
            None => out.push(Outbound {
                platform: t.row.platform,
                to: public,
                text: note,
                image: None,
                buttons: Vec::new(),
                outbox: None,
                stamp: None,
            }),
        }
    }

    /// The end of finished game `id` (its last announcement: result, reason, the final board,
    /// and for Dark Fence the full reveal), for `/board #id` and `/view #id` once the game has
    /// left the running tables. `None` when there is no such finished game, or it is out of
    /// the caller's reach ([`Referee::reaches`]; privately, only its players), so that the
    /// caller's refusal stays the same as for a game that never existed.
    async fn ended(&self, ctx: &Ctx, id: GameId, own: bool) -> Option<Outbound> {
        let row = self.store.game(id).await.ok()?;
        if row.status.is_running() {
            return None;
        }
        let result = row.result;
        let reason = row.reason.clone();
        let t = match self.load(row).await {
            Ok(t) => t,
            Err(e) => {
                tracing::warn!(%id, error = ?e, "a finished game cannot be replayed");
                return None;
            }
        };
        let summary = Self::summary(&t);
        if !Self::reaches(ctx, &summary) || (own && t.seat_of(&ctx.user).is_none()) {
            return None;
        }
        let mut m = games::finished(self.wording, &t, result, reason.as_ref(), self.images);
        m.to = if own { Dest::User(ctx.user.clone()) } else { ctx.here() };
        Some(m)
    }

    async fn board(&self, ctx: &Ctx, id: Option<GameId>, window: Option<&str>) -> Reply {
        let id = match (self.resolve(ctx, id, |_| true), id) {
            (Ok(id), _) => id,
            (Err(e), Some(id)) if window.is_none() => {
                return self.ended(ctx, id, false).await.map(|m| vec![m]).ok_or(e);
            }
            (Err(e), _) => return Err(e),
        };
        let cell = self.table(id)?;
        let t = cell.lock().await;
        if let Some(window) = window {
            // Only a board larger than its picture (Rabble's) has windows.
            let snapshot = t.snapshot();
            let here = ctx.here();
            let Some(answer) = t.narrator().window_message(
                self.wording,
                ctx.lang,
                &snapshot,
                window,
                here,
                self.images,
            ) else {
                return Err(TableError::Refused(Refusal::BoardWindow));
            };
            return answer.map(|m| vec![m]).map_err(|d| TableError::Refused(Refusal::BadWindow(d)));
        }
        let view = t.game.view(Viewer::Public);
        Ok(vec![games::view_message(self.wording, ctx.lang, &t, &view, ctx.here(), self.images)])
    }

    /// `/view z …`: Rabble's 3-D observation, for anyone in the channel (no secrets).
    async fn observe(&self, ctx: &Ctx, id: Option<GameId>, slice: &str) -> Reply {
        let id = self.resolve(ctx, id, |_| true)?;
        let cell = self.table(id)?;
        let t = cell.lock().await;
        let snapshot = t.snapshot();
        let here = ctx.here();
        let Some(answer) = t.narrator().observation_message(
            self.wording,
            ctx.lang,
            &snapshot,
            slice,
            here,
            self.images,
        ) else {
            return Err(TableError::Refused(Refusal::ViewSlice));
        };
        answer.map(|m| vec![m]).map_err(|d| TableError::Refused(Refusal::BadSlice(d)))
    }

    /// `/moves <square>`: where one Rabble unit can go, for anyone in the channel.
    async fn moves(&self, ctx: &Ctx, id: Option<GameId>, square: &str) -> Reply {
        let id = self.resolve(ctx, id, |_| true)?;
        let cell = self.table(id)?;
        let t = cell.lock().await;
        let snapshot = t.snapshot();
        let Some(answer) =
            t.narrator().moves_message(self.wording, ctx.lang, &snapshot, square, ctx.here())
        else {
            return Err(TableError::Refused(Refusal::MovesRabble));
        };
        answer.map(|m| vec![m]).map_err(|d| TableError::Refused(Refusal::BadSquare(d)))
    }

    async fn view(&self, ctx: &Ctx, id: Option<GameId>) -> Reply {
        let id = match (self.resolve(ctx, id, Self::seated(ctx)), id) {
            (Ok(id), _) => id,
            // A spectator asking (or pressing My view) for a game they may see but do not play.
            (Err(TableError::Refused(Refusal::GameNotYours(id))), _) => {
                return Err(TableError::Refused(Refusal::ViewNotPlaying(id)));
            }
            (Err(e), Some(id)) => return self.ended(ctx, id, true).await.map(|m| vec![m]).ok_or(e),
            (Err(e), None) => return Err(e),
        };
        let cell = self.table(id)?;
        let t = cell.lock().await;
        let seat = t.seat_of(&ctx.user).ok_or(TableError::Refused(Refusal::NotAPlayer))?;
        let view = t.game.view(Viewer::Seat(Seat(u8::try_from(seat).unwrap_or(0))));
        // A private view always goes to the private chat, wherever it was asked for.
        Ok(vec![games::view_message(
            self.wording,
            ctx.lang,
            &t,
            &view,
            Dest::User(ctx.user.clone()),
            self.images,
        )])
    }

    /// Ends a game outside the rules (resign, timeout, agreed draw, abort) and announces it with
    /// the full reveal.
    async fn finish(
        &self,
        t: &mut Table,
        status: GameStatus,
        result: Option<GameResult>,
        reason: EndReason,
        said: Vec<Outbound>,
    ) -> Result<Vec<Outbound>, TableError> {
        let mut update = t.row.update(self.clock.now());
        update.status = status;
        // A game over before both players acted is not rated (docs/community.md).
        update.rated = t.row.rated && t.actions >= 2;
        update.result = result;
        update.reason = Some(reason.clone());
        update.deadline_at = None;
        update.offer = None;
        let mut next = t.clone();
        next.row = t.row.after(&update);
        next.pending.clear();
        let mut out = said;
        out.push(games::finished(self.wording, &next, result, Some(&reason), self.images));
        let mut out = self.save(t, next, GameWrite::Update, &update, out).await?;
        if result.is_some() {
            out.extend(self.rate_end(t).await);
            if let Some(analysis) = self.analysis(t).await {
                out.extend(self.enqueue(vec![analysis], Some(t.row.id)).await);
            }
        }
        Ok(out)
    }

    async fn resign(&self, ctx: &Ctx, id: Option<GameId>) -> Reply {
        let id =
            self.resolve(ctx, id, |s| s.status == GameStatus::Active && Self::seated(ctx)(s))?;
        let cell = self.table(id)?;
        let mut t = cell.lock().await;
        let seat = t.seat_of(&ctx.user).ok_or(TableError::Refused(Refusal::NotAPlayer))?;
        if t.row.status != GameStatus::Active || t.game.to_act().outcome().is_some() {
            return Err(TableError::Refused(Refusal::GameOver));
        }
        let winner = Seat(u8::try_from(1 - seat.min(1)).unwrap_or(0));
        let winner = Some(GameResult::Winner(winner));
        self.finish(&mut t, GameStatus::Over, winner, EndReason::Resigned, Vec::new()).await
    }

    async fn offer(
        &self,
        ctx: &Ctx,
        id: Option<GameId>,
        kind: OfferKind,
        answer: Option<bool>,
    ) -> Reply {
        let id =
            self.resolve(ctx, id, |s| s.status == GameStatus::Active && Self::seated(ctx)(s))?;
        let cell = self.table(id)?;
        let mut t = cell.lock().await;
        let seat = t.seat_of(&ctx.user).ok_or(TableError::Refused(Refusal::NotAPlayer))?;
        if t.row.status != GameStatus::Active {
            return Err(TableError::Refused(Refusal::GameOver));
        }
        if kind == OfferKind::Takeback && games::has_hidden_information(&t.game) {
            return Err(TableError::Refused(Refusal::TakebackHidden));
        }
        if t.seats.iter().any(|u| u.as_ref().is_some_and(is_bot)) {
            return Err(TableError::Refused(Refusal::BotOffers));
        }
        let standing = t.offer().filter(|o| o.kind == kind);
        let to = Dest::Chat(t.row.chat.clone());
        let lang = public_lang(&t);
        let name = ctx.name.as_str();
        match (standing, answer) {
            // Accepting: an explicit accept, or offering back what the other side offered.
            (Some(o), Some(true) | None) if o.by != seat => {
                if kind == OfferKind::Draw {
                    let said = vec![self.say(
                        ctx,
                        to,
                        lang,
                        &Notice::OfferAccepted { kind, by: name.to_string(), game: id },
                    )];
                    return self
                        .finish(
                            &mut t,
                            GameStatus::Over,
                            Some(GameResult::Draw),
                            EndReason::Agreed,
                            said,
                        )
                        .await;
                }
                self.take_back(ctx, &mut t).await
            }
            (Some(o), Some(false)) if o.by != seat => {
                let mut update = t.row.update(self.clock.now());
                update.offer = None;
                let mut next = t.clone();
                next.row = t.row.after(&update);
                let out = vec![self.say(
                    ctx,
                    to,
                    lang,
                    &Notice::OfferDeclined { kind, by: name.to_string(), game: id },
                )];
                self.save(&mut t, next, GameWrite::Update, &update, out).await
            }
            (Some(_), None) => Err(TableError::Refused(Refusal::OfferPending)),
            (_, Some(_)) => Err(TableError::Refused(Refusal::NoOffer)),
            (None, None) => {
                if kind == OfferKind::Takeback && t.actions == 0 {
                    return Err(TableError::Refused(Refusal::NothingToTakeBack));
                }
                let mut update = t.row.update(self.clock.now());
                update.offer =
                    Some(serde_json::to_string(&Offer { kind, by: seat }).unwrap_or_default());
                let mut next = t.clone();
                next.row = t.row.after(&update);
                let other = t.names.get(1 - seat.min(1)).cloned().unwrap_or_default();
                let mut out = self.say(
                    ctx,
                    to,
                    lang,
                    &Notice::Offered { kind, by: name.to_string(), other, game: id },
                );
                let answer = |accept| Payload::new(id, t.actions, Choice::Offer { kind, accept });
                out.buttons = vec![
                    Button {
                        label: self.wording.text(lang, "btn-accept", &[]),
                        payload: answer(true),
                    },
                    Button {
                        label: self.wording.text(lang, "btn-decline", &[]),
                        payload: answer(false),
                    },
                ];
                self.save(&mut t, next, GameWrite::Update, &update, vec![out]).await
            }
        }
    }

    /// Removes the last action (both players agreed) and rebuilds the game by replay.
    async fn take_back(&self, ctx: &Ctx, t: &mut Table) -> Reply {
        let actions = self.store.actions(t.row.id).await?;
        let kind = t.game.kind();
        let options = t.game.options();
        let mut game = match &t.row.position {
            Some(p) => AnyGame::from_position(&options, p, seed_of(t.row.seed))
                .map_err(|e| TableError::Internal(e.to_string()))?,
            None => AnyGame::new(&options, seed_of(t.row.seed))
                .map_err(|e| TableError::Internal(e.to_string()))?,
        };
        for a in actions.iter().take(actions.len().saturating_sub(1)) {
            let seat = Seat(u8::try_from(a.seat).unwrap_or(0));
            let action = game
                .parse_action(seat, &a.notation)
                .map_err(|e| TableError::Internal(format!("{kind} replay: {e}")))?;
            game.play(seat, &action)
                .map_err(|e| TableError::Internal(format!("{kind} replay: {e}")))?;
        }
        let now = self.clock.now();
        let mut update = t.row.update(now);
        update.offer = None;
        update.deadline_at = Some(self.deadline(t.row.platform, &t.seats, &game, t.time, now));
        update.reminders_sent = 0;
        let mut next = t.clone();
        next.row = t.row.after(&update);
        next.game = game;
        next.actions -= 1;
        next.last = actions
            .iter()
            .rev()
            .nth(1)
            .and_then(|a| Some((usize::try_from(a.seat).ok()?, a.notation.clone())));
        next.pending.clear();
        let lang = public_lang(&next);
        let mut out = vec![self.say(
            ctx,
            Dest::Chat(next.row.chat.clone()),
            lang,
            &Notice::OfferAccepted {
                kind: OfferKind::Takeback,
                by: ctx.name.clone(),
                game: next.row.id,
            },
        )];
        // Everyone sees the position the game went back to (takebacks exist only in games
        // without hidden information).
        let view = next.game.view(Viewer::Public);
        out.push(games::view_message(
            self.wording,
            lang,
            &next,
            &view,
            games::public_of(&next),
            self.images,
        ));
        self.turn_prompts(&next, &mut out).await;
        self.save(t, next, GameWrite::RemoveLast, &update, out).await
    }

    async fn abort(&self, ctx: &Ctx, id: Option<GameId>, admin: bool) -> Reply {
        let user = ctx.user.clone();
        let id = if admin {
            // An administrator reaches every game of their community, from any of its chats.
            let Some(id) = id else { return Err(TableError::Refused(Refusal::NoGameHere)) };
            let running = self.lock_index().games.get(&id).map(|s| Self::administers(ctx, s));
            let broken =
                self.lock_broken().get(&id).map(|r| Self::administers(ctx, &Self::row_summary(r)));
            match (running, broken) {
                (Some(true), _) => id,
                (None, Some(true)) => return self.abort_unresumable(ctx, id).await,
                _ => {
                    return Err(TableError::Refused(Refusal::NoSuchGame(id)));
                }
            }
        } else {
            self.resolve(ctx, id, |s| {
                s.creator == user || s.seats.iter().any(|u| u.as_ref() == Some(&user))
            })?
        };
        let cell = self.table(id)?;
        let mut t = cell.lock().await;
        if !admin && t.actions > 0 {
            return Err(TableError::Refused(Refusal::AbortStarted));
        }
        let reason = if admin { EndReason::AdminAborted } else { EndReason::Aborted };
        let lang = public_lang(&t);
        let told = self.say(
            ctx,
            Dest::Chat(t.row.chat.clone()),
            lang,
            &Notice::Aborted { by: ctx.name.clone(), game: id },
        );
        let said = if admin { Self::told_here_too(ctx, told) } else { vec![told] };
        self.finish(&mut t, GameStatus::Aborted, None, reason, said).await
    }

    async fn games(&self, ctx: &Ctx) -> Vec<Outbound> {
        // Other chats' games waiting for the caller are listed only where the answer is the
        // caller's alone (a private chat, or a platform that answers privately in a channel):
        // in a group they would tell everyone there about other chats. There they come with
        // the time left, the nearest deadline first, and include the games of the caller's
        // linked accounts (`/link`), as the daily digest does.
        let elsewhere = ctx.is_private() || self.policy(ctx.platform).private_replies;
        let here: Vec<GameId> = {
            let index = self.lock_index();
            let mut ids: Vec<GameId> = match &ctx.chat {
                Chat::Group(chat) => index
                    .by_chat
                    .get(&(ctx.platform, chat.clone()))
                    .into_iter()
                    .flatten()
                    .copied()
                    .collect(),
                Chat::Private => Vec::new(),
            };
            ids.sort_unstable();
            ids
        };
        let mut lines = Vec::new();
        for id in here {
            let Ok(cell) = self.table(id) else { continue };
            let t = cell.lock().await;
            lines.push(notice::GameLine::Worded(games::game_line(self.wording, ctx.lang, &t)));
        }
        let now = self.clock.now();
        let only = (!elsewhere).then_some(ctx);
        let mut waiting = self.waiting_lines(ctx.platform, &ctx.user, ctx.lang, now, only).await;
        let broken: Vec<GameRow> = self.lock_broken().values().cloned().collect();
        for row in broken {
            let s = Self::row_summary(&row);
            if matches!(&ctx.chat, Chat::Group(c) if *c == s.chat)
                || (ctx.is_private() && Self::reaches(ctx, &s))
            {
                let kind = GameKind::from_code(&row.kind).ok_or_else(|| row.kind.clone());
                let line = notice::GameLine::Unresumable { game: row.id, kind };
                if ctx.is_private() { waiting.push(line) } else { lines.push(line) }
            }
        }
        let here = (!ctx.is_private()).then_some(lines);
        vec![self.say(ctx, ctx.here(), ctx.lang, &Notice::Games { here, waiting })]
    }

    fn rules(&self, ctx: &Ctx, game: Option<&str>, topic: Option<&str>) -> Reply {
        let Some(game) = game else {
            return Ok(vec![self.say(ctx, ctx.here(), ctx.lang, &Notice::RulesWhich)]);
        };
        let kind = game_kind(game)?;
        let reply = |text: String, image: Option<reply::Image>| Outbound {
            platform: ctx.platform,
            to: ctx.here(),
            text,
            image,
            buttons: Vec::new(),
            outbox: None,
            stamp: None,
        };
        let Some(topic) = topic else {
            // The pieces' figures with their codes and names, for a game that has pieces.
            let image = self
                .images
                .then(|| {
                    let theme = narrate::theme(Viewer::Public, ctx.lang);
                    pieces::legend_picture(self.wording, ctx.lang, kind, &theme)
                })
                .flatten()
                .map(|p| reply::Image::png(p.png, p.width, p.height));
            return Ok(vec![reply(games::rules_text(self.wording, ctx.lang, kind), image)]);
        };
        if kind == GameKind::DarkFence
            && let Some(attempt) = dark_fence::puzzle_attempt(topic)
        {
            let (text, image) =
                dark_fence::puzzle_reply(self.wording, ctx.lang, attempt, self.images)
                    .map_err(|text| TableError::Refused(Refusal::Puzzle(text)))?;
            return Ok(vec![reply(text, image)]);
        }
        let help = pieces::piece_help(self.wording, ctx.lang, kind, topic)
            .ok_or_else(|| TableError::Refused(Refusal::NoSuchPiece(kind, topic.to_string())))?;
        let image = self.images.then(|| {
            let theme = narrate::theme(Viewer::Public, ctx.lang);
            let p = crate::render::board::render(&help.diagram, &theme);
            reply::Image::png(p.png, p.width, p.height)
        });
        Ok(vec![reply(help.text, image)])
    }

    async fn settings(&self, ctx: &Ctx, pairs: &[String]) -> Reply {
        let pairs = crate::games::options::split_pairs(&pairs.join(","))
            .map_err(|e| TableError::Refused(Refusal::SettingsMalformed(e)))?;
        // Every pair is checked before anything is saved: a refused line changes nothing.
        let mut lang = ctx.lang;
        let mut new_lang = None;
        let mut new_notifications = None;
        let mut new_pings = None;
        let mut new_digest = None;
        for (key, value) in &pairs {
            match key.as_str() {
                "language" | "lang" | "语言" | "語言" => {
                    lang = Lang::from_code(value).ok_or_else(|| {
                        TableError::Refused(Refusal::Settings(format!("language={value}")))
                    })?;
                    new_lang = Some(lang);
                }
                "notifications" | "通知" => {
                    let on = crate::games::options::parse_bool(key, value).map_err(|_| {
                        TableError::Refused(Refusal::Settings(format!("{key}={value}")))
                    })?;
                    new_notifications = Some(on);
                }
                "pings" | "轮到提醒" | "輪到提醒" => {
                    let pings = crate::store::Pings::from_name(value).ok_or_else(|| {
                        TableError::Refused(Refusal::Settings(format!("{key}={value}")))
                    })?;
                    new_pings = Some(pings);
                }
                "digest" | "每日摘要" => {
                    // 开/關: the words the settings answer uses in Chinese.
                    let value = match value.as_str() {
                        "开" | "開" => "on",
                        "关" | "關" => "off",
                        v => v,
                    };
                    let on = crate::games::options::parse_bool(key, value).map_err(|_| {
                        TableError::Refused(Refusal::Settings(format!("{key}={value}")))
                    })?;
                    new_digest = Some(on);
                }
                other => return Err(TableError::Refused(Refusal::Settings(other.to_string()))),
            }
        }
        if let Some(lang) = new_lang {
            self.store.set_locale(ctx.platform, &ctx.user, Some(lang.code())).await?;
        }
        if let Some(on) = new_notifications {
            self.store.set_notifications(ctx.platform, &ctx.user, on).await?;
        }
        if let Some(pings) = new_pings {
            self.store.set_pings(ctx.platform, &ctx.user, pings).await?;
        }
        if let Some(on) = new_digest {
            // The first digest comes a day after it was asked for, then daily at that time;
            // asking again while it is on keeps its time.
            let was = self.user_row(ctx.platform, &ctx.user).await?.and_then(|r| r.digest_at);
            let at = match (on, was) {
                (false, _) => None,
                (true, Some(at)) => Some(at),
                (true, None) => Some(self.clock.now() + away::DAY),
            };
            self.store.set_digest(ctx.platform, &ctx.user, at).await?;
        }
        if !pairs.is_empty()
            && let Some(row) = self.store.user(ctx.platform, &ctx.user).await?
        {
            self.cache_user(row);
        }
        let row = self.user_row(ctx.platform, &ctx.user).await?;
        let notifications = row.as_ref().is_none_or(|r| r.notifications);
        let digest = row.as_ref().and_then(|r| r.digest_at);
        let pings = row.map(|r| r.pings).unwrap_or_default();
        Ok(vec![self.say(
            ctx,
            ctx.here(),
            lang,
            &Notice::Settings { saved: !pairs.is_empty(), lang, notifications, pings, digest },
        )])
    }

    async fn press(&self, ctx: &Ctx, payload: Option<Payload>) -> Reply {
        let Some(Payload { game: id, turn, choice }) = payload else {
            return Err(TableError::Refused(Refusal::StaleButton));
        };
        if choice == Choice::Pick {
            // The answer to "Which game?": the command asked about, in this game (which it
            // checks like any command naming a game).
            let asked = self.lock_which().remove(&(ctx.platform, ctx.user.clone()));
            let command = asked.and_then(|c| c.in_game(id));
            let Some(command) = command else {
                return Err(TableError::Refused(Refusal::StaleButton));
            };
            return Box::pin(self.dispatch(ctx, command)).await;
        }
        // A button of a game out of reach from here is as stale as one of no game at all.
        let reached = self.lock_index().games.get(&id).is_some_and(|s| Self::reaches(ctx, s));
        let current = match self.table(id) {
            Ok(cell) if reached => cell.lock().await.actions,
            _ => return Err(TableError::Refused(Refusal::StaleButton)),
        };
        // One's own view is never stale: the button under an old board shows the present.
        if current != turn && choice != Choice::View {
            return Err(TableError::Refused(Refusal::StaleButton));
        }
        let id = Some(id);
        match choice {
            Choice::Accept => self.accept(ctx, id).await,
            Choice::Decline => self.decline(ctx, id).await,
            Choice::Window(word) => self.window(ctx, id, word.word()).await,
            Choice::Confirm(tag) => self.confirm(ctx, id, true, tag.as_deref()).await,
            Choice::Cancel(tag) => self.confirm(ctx, id, false, tag.as_deref()).await,
            Choice::View => self.view(ctx, id).await,
            Choice::Act(action) => self.move_text(ctx, id, &action).await,
            Choice::Complete(ending) => self.complete(ctx, id, &ending, turn).await,
            Choice::Offer { kind, accept } => self.offer(ctx, id, kind, Some(accept)).await,
            // Front ends with a move form open it themselves; elsewhere the button means nothing.
            Choice::TypeMove | Choice::Pick => Err(TableError::Refused(Refusal::StaleButton)),
        }
    }

    /// Sends reminders at half and at 90 % of each decision's time and ends what ran out: a move
    /// loses on time, a challenge window passes. Call it regularly (the console does every
    /// second; transcripts on `!clock`).
    pub async fn tick(&self) -> Vec<Outbound> {
        self.sync().await;
        let now = self.clock.now();
        let mut due: Vec<GameId> = self
            .lock_index()
            .games
            .iter()
            .filter(|(_, s)| {
                let bot_to_act = s
                    .to_act
                    .and_then(|i| s.seats.get(i))
                    .is_some_and(|u| u.as_ref().is_some_and(is_bot));
                s.status == GameStatus::Active && (s.deadline_at.is_some() || bot_to_act)
            })
            .map(|(id, _)| *id)
            .collect();
        due.sort_unstable();
        let mut out = self.tell_unresumable().await;
        out.extend(self.vacations_ended(now).await);
        for id in due {
            let Ok(cell) = self.table(id) else { continue };
            let mut t = cell.lock().await;
            match self.tick_table(&mut t, now).await {
                Ok(mut o) => out.append(&mut o),
                // Another instance sharing the store fired it first (or the player moved
                // there): its write stands, and the next tick sees the game as it is.
                Err(TableError::Conflict) if self.store.is_shared() => {
                    tracing::debug!(game = %id, "deadline handled by another instance");
                }
                Err(e) => tracing::error!(game = %id, error = ?e, "clock"),
            }
        }
        out.extend(self.digests(now).await);
        out
    }

    async fn tick_table(&self, t: &mut Table, now: i64) -> Result<Vec<Outbound>, TableError> {
        // The bot never runs out of time: if it is to act (the bot was interrupted before it
        // answered, e.g. by a restart), it plays now.
        let bot = self.bot_moves(t).await?;
        if !bot.is_empty() {
            return Ok(bot);
        }
        let (Some(deadline), ToAct::Seat(seat, prompt)) = (t.row.deadline_at, t.game.to_act())
        else {
            return Ok(Vec::new());
        };
        if t.row.status != GameStatus::Active {
            return Ok(Vec::new());
        }
        let length = t.decision_seconds();
        let start = deadline - length;
        let lang = public_lang(t);
        let name = t.names.get(seat.index()).cloned().unwrap_or_default();
        let ctx = Ctx {
            platform: t.row.platform,
            user: UserId::default(),
            name: name.clone(),
            lang,
            chat: Chat::Group(t.row.chat.clone()),
            is_admin: false,
            scope: Scope::default(),
        };
        if now >= deadline {
            if let Some(played) = games::timeout_action(&t.game, prompt) {
                let action = t.game.parse_action(seat, played.action())?;
                let said = vec![self.say(
                    &ctx,
                    Dest::Chat(t.row.chat.clone()),
                    lang,
                    &Notice::TimedOutPlayed { played, name: name.clone(), game: t.row.id },
                )];
                return self.apply(t, seat.index(), &action, None, said).await;
            }
            let winner = Seat(1 - seat.0.min(1));
            let said = vec![self.say(
                &ctx,
                Dest::Chat(t.row.chat.clone()),
                lang,
                &Notice::TimedOutLost { name: name.clone(), game: t.row.id },
            )];
            let winner = Some(GameResult::Winner(winner));
            return self.finish(t, GameStatus::Over, winner, EndReason::Timeout, said).await;
        }
        // A reminder with less than a minute left would reach the player about when the time
        // is up, or after (a live window of seconds): none is sent.
        if deadline - now < MIN_REMINDER_LEFT_SECONDS {
            return Ok(Vec::new());
        }
        let level = if now >= start + length * 9 / 10 {
            2
        } else if now >= start + length / 2 {
            1
        } else {
            0
        };
        if level <= t.row.reminders_sent {
            return Ok(Vec::new());
        }
        // A player on vacation is not reminded: their clock stands still until they return.
        if let Some(Some(user)) = t.seats.get(seat.index())
            && self.on_vacation(t.row.platform, user).is_some_and(|a| a.until > now)
        {
            return Ok(Vec::new());
        }
        let mut update = t.row.update(now);
        update.reminders_sent = level;
        let mut next = t.clone();
        next.row = t.row.after(&update);
        let mut out = Vec::new();
        if let Some(Some(user)) = t.seats.get(seat.index())
            && self.user_row(t.row.platform, user).await?.is_none_or(|r| r.notifications)
        {
            let user_lang = self.lang_of(t.row.platform, user).await;
            out.push(self.say(
                &ctx,
                Dest::User(user.clone()),
                user_lang,
                &Notice::Reminder { game: t.row.id, deadline, left: deadline - now },
            ));
        }
        self.save(t, next, GameWrite::Update, &update, out).await
    }
}

/// The game a name means: its code (`chaos-clock`) or one of the names players use for it
/// (`chaos`, `混乱时钟`, `混亂時鐘`).
#[must_use]
pub fn kind_named(name: &str) -> Option<GameKind> {
    GameKind::from_code(name.trim()).or_else(|| games::kind_from_name(name))
}

/// Every name players use for a game besides its code, for completing what they type.
#[must_use]
pub fn game_aliases(kind: GameKind) -> &'static [&'static str] {
    games::narrator(kind).names()
}

/// The game a player named, by code (`dark-fence`) or name (`暗弈分野`).
fn game_kind(name: &str) -> Result<GameKind, TableError> {
    GameKind::from_code(name)
        .or_else(|| games::kind_from_name(name))
        .ok_or_else(|| TableError::Refused(Refusal::UnknownGame(name.to_string())))
}

/// No reminder is sent with less than this many seconds left before a deadline.
const MIN_REMINDER_LEFT_SECONDS: i64 = 60;

/// The handle of a user the platform could name only by it (`@mei`, kept as the user id
/// `@mei` until they show up: [`Referee::claim_handle`]).
fn handle_of(user: &UserId) -> Option<&str> {
    user.as_str().strip_prefix('@').filter(|h| !h.is_empty())
}

/// Which seat the inviter takes (`side=` at `/new`, against the bot).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    /// The first seat (Chaos Clock's 甲): the default.
    First,
    /// The second (乙, who moves first).
    Second,
    /// Either, by the game's seed.
    Random,
}

impl Side {
    fn from_word(word: &str) -> Option<Side> {
        match word.trim().to_lowercase().as_str() {
            "jia" | "甲" | "first" => Some(Side::First),
            "yi" | "乙" | "second" => Some(Side::Second),
            "random" | "随机" | "隨機" => Some(Side::Random),
            _ => None,
        }
    }

    /// The inviter's seat: 0 or 1 (random: a bit of the game's seed, so a replay agrees).
    fn creator_seat(self, seed: u64) -> usize {
        match self {
            Side::First => 0,
            Side::Second => 1,
            Side::Random => usize::from((seed >> 17) & 1 == 1),
        }
    }
}

/// Orders texts as people read numbered things: runs of digits by their value, so `m2` comes
/// before `m10` and `a9b2` before `a10b1`; other characters as they are.
#[must_use]
pub fn natural_order(a: &str, b: &str) -> std::cmp::Ordering {
    fn chunks(s: &str) -> Vec<(bool, &str)> {
        let mut out = Vec::new();
        let mut start = 0;
        let mut digits = None;
        for (i, c) in s.char_indices() {
            let d = c.is_ascii_digit();
            if digits.is_some_and(|was| was != d) {
                out.push((digits == Some(true), &s[start..i]));
                start = i;
            }
            digits = Some(d);
        }
        if start < s.len() {
            out.push((digits == Some(true), &s[start..]));
        }
        out
    }
    // A number by value: fewer significant digits first, then digit by digit.
    fn key((digits, text): (bool, &str)) -> (bool, usize, &str) {
        let value = if digits { text.trim_start_matches('0') } else { text };
        (!digits, if digits { value.len() } else { 0 }, value)
    }
    let (x, y) = (chunks(a), chunks(b));
    for (p, q) in x.iter().zip(&y) {
        let order = key(*p).cmp(&key(*q));
        if order.is_ne() {
            return order;
        }
    }
    x.len().cmp(&y.len()).then_with(|| a.cmp(b))
}

/// The user id of the referee itself as a player (`/new chaos-clock @bot`).
pub const BOT_USER: &str = "bot";

/// Whether a seat is the referee's own.
fn is_bot(user: &UserId) -> bool {
    user.as_str() == BOT_USER
}

/// Whether an opponent typed at `/new` means the referee itself.
fn is_bot_name(name: &str) -> bool {
    matches!(name.trim().to_lowercase().as_str(), "bot" | "机器人" | "arbiter")
}

/// The refusal of a game the referee does not play itself, naming those it does.
fn no_bot() -> TableError {
    let kinds = GameKind::ALL.iter().copied().filter(|k| games::has_bot(*k)).collect();
    TableError::Refused(Refusal::NoBot(kinds))
}

/// How many entries `/library` shows.
const LIBRARY_SHOWN: usize = 5;

/// The refusal of options that do not work.
/// What `/new` checked ([`Referee::new_checks`]): the game, the opponent (`@bot` and this bot's
/// own name read as the referee), the options, the time control, the inviter's side against
/// the bot, and the start position when one was given.
struct NewChecked {
    kind: GameKind,
    opponent: Option<UserId>,
    options: AnyOptions,
    time: TimeControl,
    side: Side,
    position: Option<String>,
    /// `rated=no` was not asked (the game may still be unrated: against the bot, from a
    /// position).
    rated: bool,
}

fn options_refused(e: crate::games::OptionsError) -> TableError {
    TableError::Refused(Refusal::Options(e))
}

fn public_lang(t: &Table) -> Lang {
    Lang::from_code(&t.row.locale).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::narrate::human_duration;

    #[test]
    fn numbered_texts_are_ordered_by_their_numbers() {
        let mut moves = vec!["m10", "d2", "m2", "pass", "m1", "d12", "m11", "c2c10", "c2c9"];
        moves.sort_by(|a, b| super::natural_order(a, b));
        assert_eq!(moves, ["c2c9", "c2c10", "d2", "d12", "m1", "m2", "m10", "m11", "pass"]);
        assert!(super::natural_order("m02", "m2").is_ne(), "different texts never compare equal");
    }
    use super::*;

    /// A referee over a fresh store with one Chaos Clock game of alice (甲, to act) against bob
    /// in `#t`, hints on, from the spec's position where 甲 wins by m11 (a search of a few
    /// thousand positions).
    async fn hint_table() -> (tempfile::TempDir, Referee) {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let store = Store::open(&dir.path().join("a.db")).await.expect("the store opens");
        store
            .create_game(&NewGame {
                platform: crate::store::Platform::Script,
                chat: ChatId::new("#t"),
                kind: "chaos-clock".into(),
                options: "hints=on".into(),
                position: Some("4,3,7,11,5,10,12,0,0,2,0,0;0;7".into()),
                seed: 0,
                seats: r#"["alice","bob"]"#.into(),
                creator: "alice".into(),
                locale: "en".into(),
                status: GameStatus::Active,
                clock: serde_json::to_string(&TimeControl::default()).expect("serialises"),
                engine_version: ENGINE_VERSION,
                now: 0,
                community: None,
                parent_chat: None,
                rated: false,
            })
            .await
            .expect("the game is written");
        let clock = Arc::new(clock::ManualClock::new(0));
        let referee =
            Referee::open(store, clock, 7, HashMap::new()).await.expect("the referee opens");
        (dir, referee)
    }

    fn alice_asks(text: &str) -> Incoming {
        Incoming {
            platform: crate::store::Platform::Script,
            user_id: "alice".into(),
            user_name: "alice".into(),
            chat: Chat::Private,
            input: text.into(),
            locale: None,
            is_admin: false,
            scope: Scope::default(),
        }
    }

    #[tokio::test]
    async fn a_game_started_in_a_forum_topic_lives_there_and_a_topic_beside_it_does_not_see_it() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let db = dir.path().join("topics.db");
        let store = Store::open(&db).await.expect("the store opens");
        let clock = Arc::new(clock::ManualClock::new(1_000));
        let referee = Referee::open(store.clone(), clock.clone(), 7, HashMap::new())
            .await
            .expect("the referee opens");
        let say = |user: &str, chat: &ChatId, text: &str| Incoming {
            platform: Platform::Script,
            user_id: user.into(),
            user_name: user.into(),
            chat: Chat::Group(chat.clone()),
            input: text.into(),
            locale: None,
            is_admin: false,
            scope: Scope::default(),
        };
        let (group, seven, eight) =
            (ChatId::new("-100"), ChatId::in_topic("-100", 7), ChatId::in_topic("-100", 8));
        let public = |out: &[Outbound]| -> Vec<Dest> {
            out.iter().filter(|m| matches!(m.to, Dest::Chat(_))).map(|m| m.to.clone()).collect()
        };
        let out = referee.handle(say("alice", &seven, "/new ultima @bob")).await;
        assert_eq!(public(&out), [Dest::Chat(seven.clone())], "the invitation is in the topic");
        // Neither the group's general chat nor another topic holds the invitation.
        for elsewhere in [&group, &eight] {
            let out = referee.handle(say("bob", elsewhere, "/accept")).await;
            assert_eq!(public(&out), [Dest::Chat(elsewhere.clone())], "refused where typed");
            let row = store.game(GameId(1)).await.expect("the game is stored");
            assert_eq!(row.status, GameStatus::Invited, "accepting from {elsewhere} changed it");
        }
        let out = referee.handle(say("bob", &seven, "/accept")).await;
        assert!(!out.is_empty() && public(&out).iter().all(|d| *d == Dest::Chat(seven.clone())));
        let row = store.game(GameId(1)).await.expect("the game is stored");
        assert_eq!((row.status, row.chat), (GameStatus::Active, seven.clone()));
        // After a restart the game is still found in its topic and still speaks there.
        drop(referee);
        let store = Store::open(&db).await.expect("the store opens again");
        let referee =
            Referee::open(store, clock, 7, HashMap::new()).await.expect("the referee reopens");
        let out = referee.handle(say("alice", &seven, "/move c2c5")).await;
        assert!(public(&out).contains(&Dest::Chat(seven.clone())), "{out:?}");
        assert!(public(&out).iter().all(|d| *d == Dest::Chat(seven.clone())), "{out:?}");
        let listed = referee.handle(say("alice", &seven, "/games")).await;
        assert!(listed.iter().any(|m| m.text.contains("#1 ")), "{listed:?}");
        let listed = referee.handle(say("alice", &eight, "/games")).await;
        assert!(listed.iter().all(|m| !m.text.contains("#1 ")), "{listed:?}");
    }

    #[tokio::test]
    async fn announcements_of_changes_are_kept_in_the_outbox_and_answers_to_questions_are_not() {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let store = Store::open(&dir.path().join("o.db")).await.expect("the store opens");
        let clock = Arc::new(clock::ManualClock::new(1_000));
        let policy = Policy { outbox: true, ..Policy::default() };
        let policies = HashMap::from([(Platform::Script, policy)]);
        let referee =
            Referee::open(store.clone(), clock, 7, policies).await.expect("the referee opens");
        let say = |user: &str, text: &str| Incoming {
            platform: crate::store::Platform::Script,
            user_id: user.into(),
            user_name: user.into(),
            chat: Chat::Group("g".into()),
            input: text.into(),
            locale: None,
            is_admin: false,
            scope: Scope::default(),
        };
        let mut kept = Vec::new();
        for (user, text) in [("alice", "/new ultima @bob"), ("bob", "/accept"), ("bob", "/resign")]
        {
            let out = referee.handle(say(user, text)).await;
            assert!(!out.is_empty(), "{text}");
            assert!(out.iter().all(|m| m.outbox.is_some()), "{text}: {out:?}");
            kept.extend(out);
        }
        // Questions and refusals change nothing: sent at once, not kept.
        for (user, text) in [("alice", "/games"), ("alice", "/resign"), ("carol", "/help")] {
            let out = referee.handle(say(user, text)).await;
            assert!(out.iter().all(|m| m.outbox.is_none()), "{text}: {out:?}");
        }
        let stored = store.pending_messages(Platform::Script).await.expect("the outbox reads");
        let read: Vec<Outbound> = stored.iter().filter_map(Outbound::from_stored).collect();
        assert_eq!(read, kept, "kept exactly as answered, in order, images included");
        assert!(read.iter().any(|m| m.image.is_some()));
    }

    #[tokio::test]
    async fn a_second_solver_request_in_flight_is_refused_and_a_known_position_needs_no_search() {
        let (_dir, referee) = hint_table().await;
        // Alice has a request in flight: another one is refused at once.
        let held = referee.solver.reserve("user:script:alice").expect("nothing in flight");
        let out = referee.answer(alice_asks("/hint")).await;
        assert!(out.refused, "{out:?}");
        assert!(out.messages[0].text.contains("still being worked out"), "{out:?}");
        drop(held);
        // Answered once, the position's advice is kept ...
        let first = referee.answer(alice_asks("/hint")).await;
        assert!(!first.refused && first.messages[0].text.contains("Best: move 11"), "{first:?}");
        assert_eq!(referee.lock_advice().len(), 1);
        // ... so asking again needs no search, and no slot: it is answered even while another
        // request of hers is in flight.
        let _held = referee.solver.reserve("user:script:alice").expect("nothing in flight");
        let again = referee.answer(alice_asks("/hint")).await;
        assert_eq!(again, first);
    }

    #[test]
    fn durations_read_in_two_units_at_most() {
        assert_eq!(human_duration(90_061, Lang::En), "1d 1h");
        assert_eq!(human_duration(3_600 * 12, Lang::ZhHans), "12小时");
        assert_eq!(human_duration(0, Lang::En), "0s");
        assert_eq!(human_duration(125, Lang::En), "2m 5s");
    }

    #[test]
    fn stored_result_codes_read_back_as_the_results_they_were_written_from() {
        use crate::store::TextCode;
        for result in [
            GameResult::Winner(Seat(0)),
            GameResult::Winner(Seat(1)),
            GameResult::Draw,
            GameResult::BothWin,
            GameResult::BothLose,
        ] {
            let code = result.to_code();
            assert_eq!(GameResult::from_code(&code), Some(result));
        }
        assert_eq!(GameResult::from_code("seat:x"), None);
        assert_eq!(GameResult::from_code("won"), None);
    }

    #[test]
    fn seeds_survive_the_trip_through_sqlite_integers() {
        for seed in [0, 1, u64::MAX, 1 << 63] {
            assert_eq!(seed_of(seed_bits(seed)), Seed(seed));
        }
        assert_ne!(mix(1), mix(2));
    }
}
