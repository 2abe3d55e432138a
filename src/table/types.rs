//! The referee's vocabulary: where a command came from ([`Incoming`], [`Chat`], [`Scope`]), what
//! it produced ([`Answer`]), who asked ([`Ctx`]), a game in memory ([`Table`]) and the index of
//! running games, with the small rules every operation shares. Nothing here decides or words:
//! the operation files (`dispatch.rs`, `play.rs`, …) read and write these.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::clock::{Pace, TimeControl};
use super::command::{self, Command};
use super::error::TableError;
use super::notice::{self, Refusal};
use super::payload::OfferKind;
use super::reply::{Dest, Lang, Outbound};
use crate::core::{Prompt, Seed, ToAct};
use crate::games::{AnyAction, AnyGame, AnyOptions, GameKind};
use crate::store::{ChatId, GameId, GameRow, GameStatus, Platform, UserId};

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
    /// The language the community asks for, where the platform tells one that somebody chose
    /// (a Discord server's preferred locale other than the default `en-US`): the chat's
    /// language until its administrators set one (`/settings chat-language=`).
    pub community_locale: Option<String>,
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

/// A boxed future, for [`Places`].
pub type BoxFuture<'a, T> = std::pin::Pin<Box<dyn std::future::Future<Output = T> + Send + 'a>>;

/// A front end's way to open a place of its own for a tournament's round: a Discord thread
/// under the tournament's channel, a topic in a Telegram forum group.
pub trait Places: Send + Sync {
    /// Opens a place titled `title` in (or under) `chat`: the new chat, or `None` where the
    /// platform cannot (no permission, not a forum, a thread already); the round is then played
    /// in `chat` itself.
    fn open<'a>(&'a self, chat: &'a ChatId, title: &'a str) -> BoxFuture<'a, Option<ChatId>>;
}

/// A platform's [`Places`], if it opens any ([`Policy::round_places`]).
#[derive(Clone, Default)]
pub struct RoundPlaces(pub Option<std::sync::Arc<dyn Places>>);

impl std::fmt::Debug for RoundPlaces {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() { "RoundPlaces(on)" } else { "RoundPlaces(off)" })
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
    /// Where a tournament's rounds are played: a place of their own each when the front end
    /// opens them (Discord threads, Telegram forum topics), else the tournament's chat.
    pub round_places: RoundPlaces,
}

/// What one command produced ([`super::Referee::answer`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// What to send, in order.
    pub messages: Vec<Outbound>,
    /// The command was refused: nothing changed, and `messages` (one message, to where the
    /// command was typed) says why.
    pub refused: bool,
    /// The line was a secret move typed where others read it (spec L-01): refused, and a front
    /// end that can takes the user's message down ([`super::Referee::secret_kept`] when it cannot).
    pub secret: bool,
    /// The language the answer speaks to its user in, for what a front end says of its own
    /// about it ([`super::voice::follows_shortly`]).
    pub lang: Lang,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Offer {
    pub(super) kind: OfferKind,
    pub(super) by: usize,
}

#[derive(Debug, Clone)]
pub(super) struct Pending {
    pub(super) turn: i64,
    pub(super) action: AnyAction,
}

/// One game in memory: its row, the engine state rebuilt from the log, and cached names.
#[derive(Debug, Clone)]
pub(super) struct Table {
    pub(super) row: GameRow,
    pub(super) game: AnyGame,
    pub(super) seats: Vec<Option<UserId>>,
    pub(super) names: Vec<String>,
    pub(super) time: TimeControl,
    pub(super) actions: i64,
    pub(super) pending: HashMap<usize, Pending>,
    /// Moves typed without their last part (a Dark Fence path without a direction), waiting for
    /// the button that completes them: the turn and the text typed. Memory only, like
    /// confirmations.
    pub(super) partial: HashMap<usize, (i64, String)>,
    /// The last action applied: who, and its notation (to recognise a double submission).
    pub(super) last: Option<(usize, String)>,
}

impl Table {
    /// The seat of `user` of `platform` (a game paired between Discord and Telegram seats a
    /// player of the other platform by a qualified id, [`UserId::seated_on`]).
    pub(super) fn seat_of(&self, platform: Platform, user: &UserId) -> Option<usize> {
        let seated = UserId::seated_on(self.row.platform, platform, user);
        self.seats.iter().position(|s| s.as_ref() == Some(&seated))
    }

    pub(super) fn offer(&self) -> Option<Offer> {
        self.row.offer.as_deref().and_then(|o| serde_json::from_str(o).ok())
    }

    /// Seconds allowed for the decision now asked for.
    pub(super) fn decision_seconds(&self) -> i64 {
        decision_seconds(&self.game, self.time)
    }
}

/// Seconds allowed for the decision `game` asks for now under `time`.
pub(super) fn decision_seconds(game: &AnyGame, time: TimeControl) -> i64 {
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
pub(super) struct Summary {
    pub(super) platform: Platform,
    pub(super) chat: ChatId,
    pub(super) seats: Vec<Option<UserId>>,
    pub(super) creator: UserId,
    pub(super) status: GameStatus,
    pub(super) to_act: Option<usize>,
    pub(super) deadline_at: Option<i64>,
    pub(super) community: Option<String>,
    pub(super) parent_chat: Option<String>,
    /// Which game it is (none for a stored kind this build does not know).
    pub(super) kind: Option<crate::games::GameKind>,
    /// Whether its moves are secret (typed only in a private chat).
    pub(super) secret_moves: bool,
    /// The stored version the game in memory is at.
    pub(super) version: i64,
}

/// Running games by id, with lookups by chat and by seated user, so that finding "the caller's
/// game here" costs the caller's few games, not every game on the server.
#[derive(Debug, Default)]
pub(super) struct Index {
    pub(super) games: HashMap<GameId, Summary>,
    pub(super) by_chat: HashMap<(Platform, ChatId), Vec<GameId>>,
    pub(super) by_user: HashMap<(Platform, UserId), Vec<GameId>>,
}

impl Summary {
    /// Whether `user` of `platform` has a seat in it (by their own platform: see
    /// [`UserId::seated_on`]).
    pub(super) fn has_player(&self, platform: Platform, user: &UserId) -> bool {
        let seated = UserId::seated_on(self.platform, platform, user);
        self.seats.iter().any(|u| u.as_ref() == Some(&seated))
    }

    /// Whether `user` of `platform` created it.
    pub(super) fn created_by(&self, platform: Platform, user: &UserId) -> bool {
        self.platform == platform && self.creator == *user
    }
}

impl Index {
    pub(super) fn keys(s: &Summary) -> (Vec<(Platform, UserId)>, (Platform, ChatId)) {
        let users = s.seats.iter().flatten().chain(std::iter::once(&s.creator));
        // Each player is found under their own platform, a player seated from the other chat
        // platform included.
        let mut user_keys: Vec<(Platform, UserId)> = users.map(|u| u.on(s.platform)).collect();
        user_keys.sort();
        user_keys.dedup();
        (user_keys, (s.platform, s.chat.clone()))
    }

    pub(super) fn remove(&mut self, id: GameId) {
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

    pub(super) fn insert(&mut self, id: GameId, summary: Summary) {
        self.remove(id);
        let (users, chat) = Self::keys(&summary);
        for key in users {
            self.by_user.entry(key).or_default().push(id);
        }
        self.by_chat.entry(chat).or_default().push(id);
        self.games.insert(id, summary);
    }

    pub(super) fn len(&self) -> usize {
        self.games.len()
    }
}

pub(super) fn seed_bits(seed: u64) -> i64 {
    i64::from_ne_bytes(seed.to_ne_bytes())
}

pub(super) fn seed_of(bits: i64) -> Seed {
    Seed(u64::from_ne_bytes(bits.to_ne_bytes()))
}

/// SplitMix64: spreads consecutive counters into unrelated seeds.
pub(super) fn mix(mut z: u64) -> u64 {
    crate::core::splitmix64(&mut z)
}

/// What a command produced: messages, or a refusal to word.
pub(super) type Reply = Result<Vec<Outbound>, TableError>;

/// Who asked, and where to answer.
#[derive(Debug, Clone)]
pub(super) struct Ctx {
    pub(super) platform: Platform,
    pub(super) user: UserId,
    pub(super) name: String,
    pub(super) lang: Lang,
    pub(super) chat: Chat,
    pub(super) is_admin: bool,
    pub(super) scope: Scope,
}

impl Ctx {
    pub(super) fn here(&self) -> Dest {
        match &self.chat {
            Chat::Group(id) => Dest::Chat(id.clone()),
            Chat::Private => Dest::User(self.user.clone()),
        }
    }

    pub(super) fn is_private(&self) -> bool {
        self.chat == Chat::Private
    }

    /// Where the caller typed, as a message of a game hosted on `host` addresses it (see
    /// [`Ctx::private_on`]).
    pub(super) fn here_on(&self, host: Platform) -> Dest {
        match &self.chat {
            Chat::Group(id) => Dest::Chat(id.clone()),
            Chat::Private => self.private_on(host),
        }
    }

    /// The caller privately, as a message of a game hosted on `host` addresses them: by their
    /// own id, or qualified when they play it from the other chat platform
    /// ([`UserId::seated_on`]; the message is handed to their platform before it is sent).
    pub(super) fn private_on(&self, host: Platform) -> Dest {
        Dest::User(UserId::seated_on(host, self.platform, &self.user))
    }
}

/// No reminder is sent with less than this many seconds left before a deadline.
pub(super) const MIN_REMINDER_LEFT_SECONDS: i64 = 60;

/// The handle of a user the platform could name only by it (`@mei`, kept as the user id
/// `@mei` until they show up: [`super::Referee::claim_handle`]).
pub(super) fn handle_of(user: &UserId) -> Option<&str> {
    user.as_str().strip_prefix('@').filter(|h| !h.is_empty())
}

/// Which seat the inviter takes (`side=` at `/new`, against the bot).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Side {
    /// The first seat (Chaos Clock's 甲): the default.
    First,
    /// The second (乙, who moves first).
    Second,
    /// Either, by the game's seed.
    Random,
}

impl Side {
    /// The side a `side=` word names in `kind`: a seat's name (`white`, `jia`, `p2`, …),
    /// `first`, `second` or `random`, and Chaos Clock's 甲 and 乙.
    pub(super) fn from_word(kind: GameKind, word: &str) -> Option<Side> {
        let word = word.trim().to_lowercase();
        match word.as_str() {
            "甲" | "first" => Some(Side::First),
            "乙" | "second" => Some(Side::Second),
            "random" | "随机" | "隨機" => Some(Side::Random),
            name => match kind.seat_by_name(name)? {
                crate::core::Seat(0) => Some(Side::First),
                _ => Some(Side::Second),
            },
        }
    }

    /// The inviter's seat: 0 or 1 (random: a bit of the game's seed, so a replay agrees).
    pub(super) fn creator_seat(self, seed: u64) -> usize {
        match self {
            Side::First => 0,
            Side::Second => 1,
            Side::Random => usize::from((seed >> 17) & 1 == 1),
        }
    }
}

/// The user id of the referee itself as a player (`/new chaos-clock @bot`).
pub const BOT_USER: &str = "bot";

/// Whether a seat is the referee's own.
pub(super) fn is_bot(user: &UserId) -> bool {
    user.as_str() == BOT_USER
}

/// Whether an opponent typed at `/new` means the referee itself.
pub(super) fn is_bot_name(name: &str) -> bool {
    matches!(name.trim().to_lowercase().as_str(), "bot" | "机器人" | "arbiter")
}

/// How many entries `/library` shows.
pub(super) const LIBRARY_SHOWN: usize = 5;

/// What `/new` checked (`Referee::new_checks`): the game, the opponent (`@bot` and this bot's
/// own name read as the referee), the options, the time control, the inviter's side against
/// the bot, and the start position when one was given.
pub(super) struct NewChecked {
    pub(super) kind: GameKind,
    pub(super) opponent: Option<UserId>,
    pub(super) options: AnyOptions,
    pub(super) time: TimeControl,
    pub(super) side: Side,
    /// The bot's level, in a game against the bot.
    pub(super) level: Option<u8>,
    pub(super) position: Option<String>,
    /// `rated=no` was not asked (the game may still be unrated: against the bot, from a
    /// position).
    pub(super) rated: bool,
}

/// How a new table opens beyond its game: the creator's seat, whether it is rated (as asked:
/// [`super::referee::Referee::open_table`] may still make it unrated), the bot's level.
#[derive(Debug, Clone, Copy)]
pub(super) struct Opening {
    /// The creator's seat, 0 or 1.
    pub(super) creator_seat: usize,
    /// Rated unless something makes it unrated.
    pub(super) rated: bool,
    /// The bot's level, in a game against the bot.
    pub(super) level: Option<u8>,
}

/// The refusal of options that do not work.
pub(super) fn options_refused(e: crate::games::OptionsError) -> TableError {
    TableError::Refused(Refusal::Options(e))
}

pub(super) fn public_lang(t: &Table) -> Lang {
    Lang::from_code(&t.row.locale).unwrap_or_default()
}

/// Vacation days per player and calendar year unless the configuration says otherwise
/// (chess.com's daily chess gives basic members two weeks).
pub const DEFAULT_VACATION_DAYS: u32 = 14;

/// A running vacation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Away {
    /// When it began.
    pub from: i64,
    /// When it ends unless the player returns first.
    pub until: i64,
}

/// How many times a command that lost the race for its game is decided again.
pub(super) const CONFLICT_TRIES: usize = 3;

/// Where the store keeps the action `seat` of game `id` was asked to confirm, so that a
/// restart between the echo and `/confirm` loses nothing: `confirm.<id>.<seat>`, holding
/// [`pending_value`] (empty once confirmed or cancelled). One key per seat, overwritten.
pub(super) fn pending_key(id: GameId, seat: usize) -> String {
    format!("confirm.{id}.{seat}")
}

/// The kept form of a pending action: the turn it was typed at, a space, its notation (the
/// move log's, which the engine reads back).
pub(super) fn pending_value(turn: i64, notation: &str) -> String {
    format!("{turn} {notation}")
}

/// The turn and notation of a kept pending action; `None` for an empty or unreadable value.
pub(super) fn read_pending(value: &str) -> Option<(i64, &str)> {
    let (turn, notation) = value.split_once(' ')?;
    Some((turn.parse().ok()?, notation))
}
