//! The rows the store reads and writes. The store does not interpret game data: options,
//! positions, seats, clocks and offers are kept as the text the referee gives it.

use sqlx::encode::IsNull;
use sqlx::error::BoxDynError;
use thiserror::Error;

use crate::core::GameResult;

/// A value kept as a short text code in a text column (a result, an end reason): the code is
/// what the database holds and what other tools read, so it is written and read in one place.
/// [`text_coded!`] gives such a type its sqlx `Type`/`Encode`/`Decode` for any database.
pub trait TextCode: Sized {
    /// The stored code.
    fn to_code(&self) -> std::borrow::Cow<'_, str>;
    /// The value a stored code stands for, if it stands for one.
    fn from_code(code: &str) -> Option<Self>;
}

/// Stores a [`TextCode`] type as its code, for any database whose text sqlx maps (a blanket
/// impl over the trait is not allowed: sqlx's traits and a generic type are both foreign).
macro_rules! text_coded {
    ($ty:ty) => {
        impl<DB: sqlx::Database> sqlx::Type<DB> for $ty
        where
            String: sqlx::Type<DB>,
        {
            fn type_info() -> DB::TypeInfo {
                <String as sqlx::Type<DB>>::type_info()
            }

            fn compatible(ty: &DB::TypeInfo) -> bool {
                <String as sqlx::Type<DB>>::compatible(ty)
            }
        }

        impl<'q, DB: sqlx::Database> sqlx::Encode<'q, DB> for $ty
        where
            String: sqlx::Encode<'q, DB>,
        {
            fn encode_by_ref(
                &self,
                buf: &mut <DB as sqlx::Database>::ArgumentBuffer<'q>,
            ) -> Result<IsNull, BoxDynError> {
                <String as sqlx::Encode<'q, DB>>::encode(self.to_code().into_owned(), buf)
            }
        }

        impl<'r, DB: sqlx::Database> sqlx::Decode<'r, DB> for $ty
        where
            String: sqlx::Decode<'r, DB>,
        {
            fn decode(value: <DB as sqlx::Database>::ValueRef<'r>) -> Result<Self, BoxDynError> {
                let code = <String as sqlx::Decode<'r, DB>>::decode(value)?;
                <$ty as TextCode>::from_code(&code)
                    .ok_or_else(|| format!("`{code}` is no stored {}", stringify!($ty)).into())
            }
        }
    };
}

/// How a result is stored (its [`TextCode`]): `seat:N` for a win of seat N, `draw`,
/// `both-win`, `both-lose`.
#[must_use]
pub fn result_code(result: GameResult) -> String {
    result.to_code().into_owned()
}

/// A result is stored as its [`GameResult::code`] (the engines' crate gives it its sqlx
/// mapping: both the type and sqlx's traits are foreign here).
impl TextCode for GameResult {
    fn to_code(&self) -> std::borrow::Cow<'_, str> {
        self.code().into()
    }

    fn from_code(code: &str) -> Option<Self> {
        GameResult::from_code(code)
    }
}

/// Why a game ended, as stored with it. The referee's own endings are a closed set; an ending
/// by a game's rules carries the engine's stable code (`checkmate`, `crossed-fence`, …: each
/// engine's codes are listed in that engine and worded by `reason-<code>` messages), because
/// the engines, not the referee, own their rules.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// A player resigned.
    Resigned,
    /// A player ran out of time.
    Timeout,
    /// The players agreed a draw (also Rabble's own code for it).
    Agreed,
    /// Aborted before the first move by a player.
    Aborted,
    /// Aborted by an administrator.
    AdminAborted,
    /// The invited player declined.
    Declined,
    /// The game's rules ended it, with the engine's code.
    Rule(String),
}

impl EndReason {
    /// The stored code (`resigned`, `admin-aborted`, or the engine's code).
    #[must_use]
    pub fn code(&self) -> &str {
        match self {
            EndReason::Resigned => "resigned",
            EndReason::Timeout => "timeout",
            EndReason::Agreed => "agreed",
            EndReason::Aborted => "aborted",
            EndReason::AdminAborted => "admin-aborted",
            EndReason::Declined => "declined",
            EndReason::Rule(code) => code,
        }
    }

    /// The reason a stored code stands for (the inverse of [`EndReason::code`]): the referee's
    /// codes are its endings, any other code an engine's.
    #[must_use]
    pub fn of_code(code: &str) -> EndReason {
        match code {
            "resigned" => EndReason::Resigned,
            "timeout" => EndReason::Timeout,
            "agreed" => EndReason::Agreed,
            "aborted" => EndReason::Aborted,
            "admin-aborted" => EndReason::AdminAborted,
            "declined" => EndReason::Declined,
            rule => EndReason::Rule(rule.to_string()),
        }
    }
}

impl std::fmt::Display for EndReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

/// A reason is stored as its code; every code reads as a reason (an unknown one as an
/// engine's rule), so old rows survive an engine's new codes.
impl TextCode for EndReason {
    fn to_code(&self) -> std::borrow::Cow<'_, str> {
        self.code().into()
    }

    fn from_code(code: &str) -> Option<Self> {
        Some(EndReason::of_code(code))
    }
}

text_coded!(EndReason);

/// Where a game is in its life. Stored as its lowercase name (`invited`, `active`, `over`,
/// `aborted`); the database refuses any other text (a CHECK constraint).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameStatus {
    /// Created, waiting for a player to accept.
    Invited,
    /// Being played.
    Active,
    /// Finished with a result.
    Over,
    /// Ended without one (declined, aborted, given up by an administrator).
    Aborted,
}

impl GameStatus {
    /// The stored name.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            GameStatus::Invited => "invited",
            GameStatus::Active => "active",
            GameStatus::Over => "over",
            GameStatus::Aborted => "aborted",
        }
    }

    /// Not over or aborted: invited or active.
    #[must_use]
    pub fn is_running(self) -> bool {
        matches!(self, GameStatus::Invited | GameStatus::Active)
    }
}

/// Stored as its name in a text column, on every backend (a derived sqlx enum would be a
/// PostgreSQL enum type of its own).
impl TextCode for GameStatus {
    fn to_code(&self) -> std::borrow::Cow<'_, str> {
        self.as_str().into()
    }

    fn from_code(code: &str) -> Option<Self> {
        [GameStatus::Invited, GameStatus::Active, GameStatus::Over, GameStatus::Aborted]
            .into_iter()
            .find(|s| s.as_str() == code)
    }
}

text_coded!(GameStatus);

impl std::fmt::Display for GameStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The platform a game, a user or a message belongs to: ids of users and chats mean something
/// only on their platform. Stored as its lowercase name (`console`, `script`, `bench`,
/// `telegram`, `discord`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Platform {
    /// The local console table (`arbiter serve` without tokens).
    Console,
    /// Transcripts (`arbiter script`, the tests).
    Script,
    /// The benchmark's simulated players.
    Bench,
    /// Telegram.
    Telegram,
    /// Discord.
    Discord,
}

impl Platform {
    /// Every platform.
    pub const ALL: [Platform; 5] = [
        Platform::Console,
        Platform::Script,
        Platform::Bench,
        Platform::Telegram,
        Platform::Discord,
    ];

    /// Whether it is a chat platform (Discord, Telegram), whose players may meet players of
    /// the other in a game paired `scope=everywhere`.
    #[must_use]
    pub fn is_chat(self) -> bool {
        matches!(self, Platform::Telegram | Platform::Discord)
    }

    /// The stored name.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Platform::Console => "console",
            Platform::Script => "script",
            Platform::Bench => "bench",
            Platform::Telegram => "telegram",
            Platform::Discord => "discord",
        }
    }
}

/// Stored as its name in a text column, on every backend.
impl TextCode for Platform {
    fn to_code(&self) -> std::borrow::Cow<'_, str> {
        self.as_str().into()
    }

    fn from_code(code: &str) -> Option<Self> {
        Platform::ALL.into_iter().find(|p| p.as_str() == code)
    }
}

text_coded!(Platform);

impl std::fmt::Display for Platform {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The community of the games paired `scope=everywhere` (played in the players' private
/// chats): their ratings pool. Between the chat platforms it is one pool: a player's rating in
/// it is kept under their own platform, whichever platform hosted the game.
pub const POOL_COMMUNITY: &str = "everywhere";

/// A name that is no platform.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown platform `{0}`")]
pub struct UnknownPlatform(pub String);

impl std::str::FromStr for Platform {
    type Err = UnknownPlatform;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Platform::ALL
            .into_iter()
            .find(|p| p.as_str() == name)
            .ok_or_else(|| UnknownPlatform(name.to_string()))
    }
}

/// Why a store call failed.
#[derive(Debug, Error)]
pub enum DbError {
    /// No such row.
    #[error("not found")]
    NotFound,
    /// The game's version moved on since it was read: someone else changed it first.
    #[error("the game changed since it was read (expected version {expected})")]
    Conflict {
        /// The version the caller expected.
        expected: i64,
    },
    /// Opening the database or applying migrations failed.
    #[error("opening the database: {0}")]
    Open(String),
    /// Any other database error.
    #[error("database: {0}")]
    Sqlx(#[from] sqlx::Error),
    /// A group-committed write failed as a whole (the message is the cause; nothing was written).
    #[error("database write: {0}")]
    Write(String),
    /// The database file was deleted or replaced while open: nothing is written any more.
    #[error("the database file {0} was deleted or replaced while the bot runs")]
    Gone(String),
}

/// The language a chat's administrators chose for its public messages (`/settings
/// chat-language=…`, the `chats` table).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatLanguage {
    /// The chat's platform.
    pub platform: Platform,
    /// The chat, or one forum topic of it.
    pub chat: ChatId,
    /// The language's code (`en`, `zh-Hans`, `zh-Hant`).
    pub locale: String,
    /// Who chose it.
    pub set_by: UserId,
    /// When (Unix seconds).
    pub set_at: i64,
}

/// A person on a platform.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct UserRow {
    /// `console`, `script`, `telegram`, `discord`.
    pub platform: Platform,
    /// The platform's user id (a name on the console).
    pub user_id: UserId,
    /// The name shown to others.
    pub display_name: String,
    /// Chosen language (`en`, `zh-Hans`, …), or `None` for the platform's default.
    pub locale: Option<String>,
    /// Whether turn pings and reminders are wanted.
    pub notifications: bool,
    /// Whether the bot can write to the user privately: `None` unknown, `Some(false)` a delivery
    /// failed (Telegram 403, Discord 50007), `Some(true)` known to work.
    pub reachable: Option<bool>,
    /// How they hear of their turn in correspondence games.
    pub pings: Pings,
    /// When their next daily digest is due (`None`: they have not asked for one).
    pub digest_at: Option<i64>,
    /// The running vacation's start, if one is running.
    pub vacation_from: Option<i64>,
    /// The running vacation's end, if one is running.
    pub vacation_until: Option<i64>,
    /// The UTC year `vacation_used` counts in.
    pub vacation_year: i64,
    /// Vacation days taken in `vacation_year`.
    pub vacation_used: i64,
    /// The key shared by this person's linked identities on other platforms (`/link`).
    pub account: Option<String>,
    /// The language their client last reported (Telegram's `language_code`, Discord's
    /// `locale`), kept across restarts; `locale`, their own choice, outranks it.
    pub client_locale: Option<String>,
}

/// How a player hears that it is their turn in a correspondence game (`/settings pings=…`).
/// Stored as its lowercase name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Pings {
    /// By the private turn prompt; where their private chat is closed, by a mention in the
    /// game's chat instead (the default).
    #[default]
    Dm,
    /// By a mention in the game's chat, besides the private prompt.
    Mention,
    /// Never mentioned; the private prompt still comes where it carries what only they may see.
    Off,
}

impl Pings {
    /// Every choice, in the order `/settings` lists them.
    pub const ALL: [Pings; 3] = [Pings::Dm, Pings::Mention, Pings::Off];

    /// The stored and typed name (`dm`, `mention`, `off`).
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Pings::Dm => "dm",
            Pings::Mention => "mention",
            Pings::Off => "off",
        }
    }

    /// The choice named `name`, as typed.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Pings> {
        Pings::ALL.into_iter().find(|p| p.as_str().eq_ignore_ascii_case(name.trim()))
    }
}

/// Stored as its name in a text column, on every backend.
impl TextCode for Pings {
    fn to_code(&self) -> std::borrow::Cow<'_, str> {
        self.as_str().into()
    }

    fn from_code(code: &str) -> Option<Self> {
        Pings::ALL.into_iter().find(|p| p.as_str() == code)
    }
}

text_coded!(Pings);

/// Everything needed to create a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewGame {
    /// Platform of the chat.
    pub platform: Platform,
    /// The group chat (channel, topic) the game belongs to.
    pub chat: ChatId,
    /// Game code (`dark-fence`).
    pub kind: String,
    /// Full options as `k=v,k=v`.
    pub options: String,
    /// Start position text, or `None` for the game's start position.
    pub position: Option<String>,
    /// The game's seed (stored as SQLite's signed 64-bit integer; the bits are the seed's).
    pub seed: i64,
    /// Seats in turn order, as a JSON array of user ids or `null` for an open seat.
    pub seats: String,
    /// The creator.
    pub creator: UserId,
    /// Language of the game's public messages.
    pub locale: String,
    /// Invited or active.
    pub status: GameStatus,
    /// Time control as JSON.
    pub clock: String,
    /// Engine version the game was created with.
    pub engine_version: i64,
    /// Creation time, unix seconds (from the referee's injected clock).
    pub now: i64,
    /// The community whose administrators may act on the game (a Discord server, a Telegram
    /// group), if the platform has one.
    pub community: Option<String>,
    /// The channel the game's thread was opened under, from which the game is reached too.
    pub parent_chat: Option<String>,
    /// Whether the game counts for ratings.
    pub rated: bool,
    /// The bot's level in a game against the bot ([`crate::bots`]), else `None`.
    pub bot_level: Option<i64>,
}

/// A game's id: the short number players type as `#12`, the same on every platform. Shown
/// bare (`12`; the messages put the `#`), stored as an integer.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
    sqlx::Type,
)]
#[serde(transparent)]
#[sqlx(transparent)]
pub struct GameId(pub i64);

impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl std::str::FromStr for GameId {
    type Err = std::num::ParseIntError;

    /// `12` or `#12`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.strip_prefix('#').unwrap_or(s).parse().map(GameId)
    }
}

impl<'a> From<GameId> for fluent_bundle::FluentValue<'a> {
    fn from(id: GameId) -> Self {
        fluent_bundle::FluentValue::from(id.0)
    }
}

/// A person's id on their platform: Telegram's user number, Discord's snowflake, a name at the
/// console. It means something only together with its [`Platform`]. Stored as text.
#[derive(
    Debug,
    Clone,
    Default,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
    sqlx::Type,
)]
#[serde(transparent)]
#[sqlx(transparent)]
pub struct UserId(pub String);

impl UserId {
    /// The id `id`.
    #[must_use]
    pub fn new(id: impl Into<String>) -> Self {
        Self(id.into())
    }

    /// The platform's text of it.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// How a user of `platform` is written among the seats of a game hosted on `host`: as
    /// themselves on the host's own platform, else qualified by their platform
    /// (`telegram:123`). Only a game paired `scope=everywhere` between Discord and Telegram has
    /// a seat of another platform (docs/community.md, "Seeks"); both platforms' own ids are
    /// numbers, so a qualified id is never a platform's own.
    #[must_use]
    pub fn seated_on(host: Platform, platform: Platform, user: &UserId) -> UserId {
        if platform == host || !platform.is_chat() || !host.is_chat() {
            user.clone()
        } else {
            UserId(format!("{}:{}", platform.as_str(), user.0))
        }
    }

    /// Whose seat this is in a game hosted on `host`: the platform and that platform's own id
    /// (the inverse of [`UserId::seated_on`]).
    #[must_use]
    pub fn on(&self, host: Platform) -> (Platform, UserId) {
        if host.is_chat()
            && let Some((name, id)) = self.0.split_once(':')
            && let Ok(platform) = name.parse::<Platform>()
            && platform.is_chat()
            && platform != host
        {
            return (platform, UserId(id.to_string()));
        }
        (host, self.clone())
    }
}

impl std::fmt::Display for UserId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<&str> for UserId {
    fn from(id: &str) -> Self {
        Self(id.to_string())
    }
}

impl From<String> for UserId {
    fn from(id: String) -> Self {
        Self(id)
    }
}

/// A group chat or channel on its platform, where games live and public messages go: a
/// Telegram group, a Discord channel or thread (a thread is a channel of its own; the channel it
/// was opened under is in the game's scope), a console table. A Telegram forum supergroup's
/// topic (`message_thread_id`) is part of the chat: a game started in a topic lives there and
/// its messages go there. Stored as the `chat_id` and `topic` columns.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, sqlx::FromRow)]
pub struct ChatId {
    /// The platform's id of the chat.
    #[sqlx(rename = "chat_id")]
    pub id: String,
    /// The forum topic inside it, if any.
    pub topic: Option<i64>,
}

impl ChatId {
    /// The chat `id` itself (no topic).
    #[must_use]
    pub fn new(id: impl Into<String>) -> Self {
        Self { id: id.into(), topic: None }
    }

    /// The topic `topic` of the chat `id`.
    #[must_use]
    pub fn in_topic(id: impl Into<String>, topic: i64) -> Self {
        Self { id: id.into(), topic: Some(topic) }
    }
}

impl From<&str> for ChatId {
    fn from(id: &str) -> Self {
        Self::new(id)
    }
}

impl From<String> for ChatId {
    fn from(id: String) -> Self {
        Self::new(id)
    }
}

/// The chat's id, with `/<topic>` after it for a topic (for logs and the console; the outbox
/// keeps the two apart).
impl std::fmt::Display for ChatId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.topic {
            Some(topic) => write!(f, "{}/{topic}", self.id),
            None => f.write_str(&self.id),
        }
    }
}

/// One game as stored.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct GameRow {
    /// The short id players type as `#12`.
    pub id: GameId,
    /// Platform of the chat.
    pub platform: Platform,
    /// The group chat (with its topic).
    #[sqlx(flatten)]
    pub chat: ChatId,
    /// Game code.
    pub kind: String,
    /// Full options as `k=v,k=v`.
    pub options: String,
    /// Start position, if not the standard start.
    pub position: Option<String>,
    /// Seed bits.
    pub seed: i64,
    /// Seats JSON.
    pub seats: String,
    /// The creator.
    pub creator: UserId,
    /// Public language.
    pub locale: String,
    /// Where the game is in its life.
    pub status: GameStatus,
    /// The result once over (stored as `seat:N`, `draw`, `both-win` or `both-lose`).
    pub result: Option<GameResult>,
    /// Why it ended, once over or aborted.
    pub reason: Option<EndReason>,
    /// Time control JSON.
    pub clock: String,
    /// When the player to act runs out of time, unix seconds.
    pub deadline_at: Option<i64>,
    /// Reminders sent for the current deadline (0, 1 at half time, 2 at 90 %).
    pub reminders_sent: i64,
    /// A pending draw offer or takeback request, as JSON.
    pub offer: Option<String>,
    /// Bumped by every change; writers say which version they read.
    pub version: i64,
    /// Engine version.
    pub engine_version: i64,
    /// Unix seconds.
    pub created_at: i64,
    /// Unix seconds.
    pub updated_at: i64,
    /// The community whose administrators may act on the game; `None` for games created
    /// before it was kept (reached only from their own chat).
    pub community: Option<String>,
    /// The channel the game's thread was opened under, if any.
    pub parent_chat: Option<String>,
    /// Whether the game counts for ratings (decided when it was created).
    pub rated: bool,
    /// The game's place in the order games ended (ratings apply games in this order); `None`
    /// until it is over.
    pub ended_seq: Option<i64>,
    /// The bot's level, 1 to 6, in a game against the bot; `None` otherwise, and for games
    /// against the bot created before levels existed (played at the top level).
    pub bot_level: Option<i64>,
}

impl GameRow {
    /// The community the game counts in for ratings: its community, or (for games created
    /// before communities were kept) its chat.
    #[must_use]
    pub fn rating_community(&self) -> &str {
        self.community.as_deref().unwrap_or(&self.chat.id)
    }
}

/// One player's rating in one game of one community (the `ratings` table, derived data).
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct RatingRow {
    /// Platform.
    pub platform: Platform,
    /// The community ([`GameRow::rating_community`]).
    pub community: String,
    /// Game code.
    pub kind: String,
    /// The player.
    pub user_id: UserId,
    /// Glicko-2 rating.
    pub rating: f64,
    /// Rating deviation.
    pub deviation: f64,
    /// Volatility.
    pub volatility: f64,
    /// Rated games finished.
    pub games: i64,
    /// Won.
    pub wins: i64,
    /// Lost.
    pub losses: i64,
    /// Drawn (Chaos Clock's both-win and both-lose included).
    pub draws: i64,
}

impl RatingRow {
    /// The figures as the ratings module reads them.
    #[must_use]
    pub fn standing(&self) -> crate::ratings::Standing {
        crate::ratings::Standing {
            rating: skillratings::glicko2::Glicko2Rating {
                rating: self.rating,
                deviation: self.deviation,
                volatility: self.volatility,
            },
            games: self.games,
            wins: self.wins,
            losses: self.losses,
            draws: self.draws,
        }
    }
}

/// What one rated game did to one of its players' rating (the `rating_changes` table).
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct RatingChange {
    /// The game.
    pub game_id: GameId,
    /// The player's seat in it.
    pub seat: i64,
    /// The player.
    pub user_id: UserId,
    /// The rating before the game.
    pub before: f64,
    /// The rating after it.
    pub after: f64,
    /// The deviation after it.
    pub deviation: f64,
}

/// The mutable columns of a game, written together with a version check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameUpdate {
    /// Seats JSON (an open seat is filled on accept).
    pub seats: String,
    /// Status.
    pub status: GameStatus,
    /// The result.
    pub result: Option<GameResult>,
    /// Why it ended.
    pub reason: Option<EndReason>,
    /// Deadline, unix seconds.
    pub deadline_at: Option<i64>,
    /// Reminders sent for that deadline.
    pub reminders_sent: i64,
    /// Pending offer JSON.
    pub offer: Option<String>,
    /// Whether the game counts for ratings (the referee clears it for a game that ends before
    /// both players acted).
    pub rated: bool,
    /// Unix seconds.
    pub now: i64,
}

impl GameRow {
    /// The row's mutable columns, to be changed and written back.
    #[must_use]
    pub fn update(&self, now: i64) -> GameUpdate {
        GameUpdate {
            seats: self.seats.clone(),
            status: self.status,
            result: self.result,
            reason: self.reason.clone(),
            deadline_at: self.deadline_at,
            reminders_sent: self.reminders_sent,
            offer: self.offer.clone(),
            rated: self.rated,
            now,
        }
    }
}

/// One action of a game's append-only log.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ActionRow {
    /// 1, 2, 3, … within the game.
    pub seq: i64,
    /// The seat that acted.
    pub seat: i64,
    /// Canonical notation.
    pub notation: String,
    /// The user who acted (`bot` for the referee's own seat against a player), or `None` when
    /// the referee acted for a seat whose time ran out (a timeout pass).
    pub by_user: Option<UserId>,
    /// Unix seconds.
    pub at: i64,
}

impl GameRow {
    /// The row as it will read once `update` is written over it (the version moves on by one):
    /// what the referee words its announcements from before it saves them together.
    #[must_use]
    pub fn after(&self, update: &GameUpdate) -> GameRow {
        GameRow {
            seats: update.seats.clone(),
            status: update.status,
            result: update.result,
            reason: update.reason.clone(),
            deadline_at: update.deadline_at,
            reminders_sent: update.reminders_sent,
            offer: update.offer.clone(),
            rated: update.rated,
            updated_at: update.now,
            version: self.version + 1,
            ..self.clone()
        }
    }
}

/// A message for the delivery outbox, as the referee words it (the store does not read it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMessage {
    /// The platform that delivers it.
    pub platform: Platform,
    /// `chat:<id>` or `user:<id>`.
    pub dest: String,
    /// JSON: the text, the buttons, the image's size.
    pub body: String,
    /// PNG bytes, when the message carries a board.
    pub image: Option<Vec<u8>>,
    /// The game it is about, if any.
    pub game_id: Option<GameId>,
    /// Unix milliseconds.
    pub created_at: i64,
}

/// What changed in a shared database since a mark ([`crate::store::Store::changes`]).
#[derive(Debug, Clone, Default)]
pub struct Changes {
    /// The mark to ask from next time.
    pub mark: i64,
    /// Games written since, with their version and status now (some possibly seen before).
    pub games: Vec<(GameId, i64, GameStatus)>,
    /// User rows written since.
    pub users: Vec<UserRow>,
    /// Whether the follows changed (they are then read again whole).
    pub follows: bool,
}

/// A message waiting in the outbox.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredMessage {
    /// Its outbox id: the order messages were promised in.
    pub id: i64,
    /// The message.
    pub message: NewMessage,
}

/// A write of one game, with its version check ([`crate::store::Store::write_game`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameWrite {
    /// Only the game's columns change.
    Update,
    /// An action is appended as the next seq (group-committed with other games' actions).
    Action(ActionRow),
    /// The last action is taken back.
    RemoveLast,
}

/// Maps sqlx's errors at the store's boundary: a missing row becomes [`DbError::NotFound`].
pub(super) fn db(e: sqlx::Error) -> DbError {
    match e {
        sqlx::Error::RowNotFound => DbError::NotFound,
        e => DbError::Sqlx(e),
    }
}

/// An update keyed by primary key changed its row, or there was none.
pub(super) fn one_row(rows_affected: u64) -> Result<(), DbError> {
    if rows_affected == 0 { Err(DbError::NotFound) } else { Ok(()) }
}

/// What [`super::Store::copy_into`] wrote.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Copied {
    /// Users.
    pub users: usize,
    /// Games, whatever their status.
    pub games: usize,
    /// Actions of those games.
    pub actions: usize,
    /// Messages still waiting in the outbox.
    pub messages: usize,
    /// Follows.
    pub follows: usize,
    /// Chats' own languages (`/settings chat-language=`).
    pub chat_languages: usize,
    /// Key/value entries.
    pub meta: usize,
}

/// One open seek (`/seek`; its statements are in `seeks.rs`).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct SeekRow {
    /// Its number, in the order seeks were made.
    pub id: i64,
    /// The seeker's platform.
    pub platform: Platform,
    /// The seeker.
    pub user_id: UserId,
    /// The seeker's name when they asked.
    pub user_name: String,
    /// Where it was typed (the game's chat if someone answers it); an empty id for a private
    /// chat.
    #[sqlx(flatten)]
    pub chat: ChatId,
    /// The pool it pairs in: the community where it was typed (empty in a private chat).
    pub community: String,
    /// The channel the chat was opened under, if any.
    pub parent_chat: Option<String>,
    /// It pairs with every community that allows it, not only its own.
    pub everywhere: bool,
    /// The game's code.
    pub kind: String,
    /// The game's options, all of them, as `k=v,k=v` (two seeks match when these are equal).
    pub options: String,
    /// The time control, as stored with games.
    pub clock: String,
    /// Whether the game counts for ratings.
    pub rated: bool,
    /// When it was made (unix seconds).
    pub created_at: i64,
    /// When it lapses.
    pub expires_at: i64,
    /// When the seeker, if still unanswered, is offered the bot; `None` once offered.
    pub offer_bot_at: Option<i64>,
}

impl SeekRow {
    /// The group chat it was typed in; `None` for a private chat.
    #[must_use]
    pub fn typed_in(&self) -> Option<&ChatId> {
        (!self.chat.id.is_empty()).then_some(&self.chat)
    }

    /// Whether `other` asks for the same game on the same terms.
    #[must_use]
    pub fn same_terms(&self, other: &NewSeek) -> bool {
        self.kind == other.kind
            && self.options == other.options
            && self.clock == other.clock
            && self.rated == other.rated
    }
}

/// A seek to keep.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewSeek {
    /// The seeker's platform.
    pub platform: Platform,
    /// The seeker.
    pub user_id: UserId,
    /// Their name.
    pub user_name: String,
    /// Where it was typed; `None` for a private chat.
    pub chat: Option<ChatId>,
    /// The community (empty in a private chat).
    pub community: String,
    /// The parent channel, if any.
    pub parent_chat: Option<String>,
    /// `scope=everywhere`.
    pub everywhere: bool,
    /// The game's code.
    pub kind: String,
    /// Every option, `k=v,k=v`.
    pub options: String,
    /// The time control.
    pub clock: String,
    /// Rated.
    pub rated: bool,
    /// Now.
    pub now: i64,
    /// When it lapses.
    pub expires_at: i64,
    /// When its seeker is offered the bot if nobody answered.
    pub offer_bot_at: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_id_reads_with_or_without_its_hash_and_shows_bare() {
        assert_eq!("#12".parse::<GameId>(), Ok(GameId(12)));
        assert_eq!("12".parse::<GameId>(), Ok(GameId(12)));
        assert!("#".parse::<GameId>().is_err());
        assert!("twelve".parse::<GameId>().is_err());
        assert!("##12".parse::<GameId>().is_err());
        assert_eq!(GameId(12).to_string(), "12");
        assert_eq!(serde_json::to_string(&GameId(12)).unwrap(), "12");
    }

    #[test]
    fn an_end_reason_reads_back_from_its_code() {
        let all = [
            EndReason::Resigned,
            EndReason::Timeout,
            EndReason::Agreed,
            EndReason::Aborted,
            EndReason::AdminAborted,
            EndReason::Declined,
            EndReason::Rule("crossed-fence".into()),
        ];
        for reason in all {
            assert_eq!(EndReason::of_code(reason.code()), reason);
        }
        // An engine's code is its own, even one this version has never heard of.
        assert_eq!(EndReason::of_code("checkmate"), EndReason::Rule("checkmate".into()));
    }

    #[test]
    fn a_seat_of_the_other_chat_platform_is_qualified_and_reads_back_as_its_own_platform() {
        let (discord, telegram) = (Platform::Discord, Platform::Telegram);
        let tom = UserId::new("5001");
        let seated = UserId::seated_on(discord, telegram, &tom);
        assert_eq!(seated.as_str(), "telegram:5001");
        assert_eq!(seated.on(discord), (telegram, tom.clone()));
        // On its own platform a user is themselves, both ways.
        assert_eq!(UserId::seated_on(telegram, telegram, &tom), tom);
        assert_eq!(tom.on(telegram), (telegram, tom.clone()));
        let dave = UserId::new("310000000000000001");
        assert_eq!(UserId::seated_on(telegram, discord, &dave).on(telegram), (discord, dave));
        // Only between the two chat platforms: a console or transcript name is never read as
        // a qualified id, nor written as one.
        let odd = UserId::new("telegram:5001");
        assert_eq!(odd.on(Platform::Script), (Platform::Script, odd.clone()));
        assert_eq!(UserId::seated_on(Platform::Console, telegram, &tom), tom);
        // A host's own platform prefix is no qualification.
        assert_eq!(odd.on(telegram), (telegram, odd));
    }
}
