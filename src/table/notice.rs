//! What the referee decided, as data: [`Notice`]s (what happened, with the facts a reader needs)
//! and [`Refusal`]s (why a command did nothing). The referee's operations build these and never
//! write a sentence; the voice (`super::voice`, its `notice.rs`) words them in `Notice::text` and
//! `Refusal::text`, through the Fluent messages of the reader's language. A game's own events
//! are worded by its narrator in the voice; these are the referee's: offers, resignations, timeouts,
//! reminders, settings, lists and refusals, the same for every game.

use super::clock::TimeoutMove;
use super::payload::OfferKind;
use super::reply::Lang;
use crate::games::{GameKind, OptionsError};
use crate::store::{GameId, Pings};

/// Something the referee tells a chat or a player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    /// Something failed on the referee's side; the game is safe.
    Failed,
    /// A game whose record no longer replays, told to its chat once.
    Unresumable {
        /// The game.
        game: GameId,
    },
    /// `name` aborted the game (before it started, or as an administrator).
    Aborted {
        /// Who aborted it.
        by: String,
        /// The game.
        game: GameId,
    },
    /// The invited player declined the invitation.
    Declined {
        /// Who declined.
        by: String,
        /// The game.
        game: GameId,
    },
    /// Messages the platform never took were dropped after retrying for `age_seconds`.
    UndeliveredDropped {
        /// How many.
        count: i64,
        /// How long they were retried.
        age_seconds: i64,
    },
    /// A private message to a player failed; the game's chat is told how to reopen the chat.
    DmFailed {
        /// The player.
        name: String,
        /// The player again, as a ping ([`super::reply::ping`]): the notice addresses them, and
        /// with their private chat closed a mention is the one way left to notify them.
        who: String,
        /// The game whose message was missed.
        game: GameId,
        /// How the player reopens their private chat.
        reopen: Reopen,
    },
    /// A secret move typed in a group stays there: the bot may not delete messages. The player
    /// is asked to delete it, with the platform's link to the private chat when it has one.
    SecretKept {
        /// The start link (Telegram: `https://t.me/<bot>?start=`).
        link: Option<String>,
    },
    /// An invitation to someone the bot has not met, named by handle: how they join.
    InviteeUnmet {
        /// As typed, without `@`.
        handle: String,
        /// The platform's start link (Telegram: `https://t.me/<bot>?start=`).
        link: String,
    },
    /// `/start` in a private chat: the bot may now write there.
    Welcome {
        /// The player.
        name: String,
    },
    /// `/library` with nothing in it.
    LibraryEmpty,
    /// `/library`'s heading: `count` games kept, the `shown` most recent follow.
    LibraryHeader {
        /// Games in the library.
        count: usize,
        /// Games listed below.
        shown: usize,
    },
    /// The referee's own move was not proven best (its search ran out of budget).
    BotUnproven,
    /// A player offered a draw or a takeback; `other` may answer.
    Offered {
        /// Which offer.
        kind: OfferKind,
        /// Who offered.
        by: String,
        /// Who may answer.
        other: String,
        /// The game.
        game: GameId,
    },
    /// The other player accepted an offer (the draw is agreed, the move taken back).
    OfferAccepted {
        /// Which offer.
        kind: OfferKind,
        /// Who accepted.
        by: String,
        /// The game.
        game: GameId,
    },
    /// The other player declined an offer.
    OfferDeclined {
        /// Which offer.
        kind: OfferKind,
        /// Who declined.
        by: String,
        /// The game.
        game: GameId,
    },
    /// A move waiting for confirmation was cancelled.
    ConfirmCancelled,
    /// A player's time ran out and the referee played for them.
    TimedOutPlayed {
        /// What the referee played.
        played: TimeoutMove,
        /// The player.
        name: String,
        /// The game.
        game: GameId,
    },
    /// A player's time ran out: they lose.
    TimedOutLost {
        /// The player.
        name: String,
        /// The game.
        game: GameId,
    },
    /// A player's time is running out.
    Reminder {
        /// The game.
        game: GameId,
        /// When the time runs out (unix seconds).
        deadline: i64,
        /// Seconds left at the reminder.
        left: i64,
    },
    /// `/rules` without a game.
    RulesWhich,
    /// `/help`: every command the reader may use (administrators' too when `admin`).
    Help {
        /// Whether the reader administers the chat.
        admin: bool,
        /// Whether the reader sits at the console table, whose own commands (`/as`, `/dm`,
        /// `/channel`, `/quit`) are listed too.
        console: bool,
    },
    /// `/settings`: the user's settings, just saved or as they are.
    Settings {
        /// Whether this answers a change.
        saved: bool,
        /// The language.
        lang: Lang,
        /// Whether turn notifications are on.
        notifications: bool,
        /// How they hear of their turn.
        pings: Pings,
        /// When their next daily digest is due (`None`: not asked for).
        digest: Option<i64>,
    },
    /// `/settings chat-language=…`: the chat's own language chosen (worded in it, whatever the
    /// reader's), or forgotten (`None`).
    ChatLanguage {
        /// The language chosen.
        chosen: Option<Lang>,
        /// How many running games of the chat now announce in it.
        games: usize,
    },
    /// The player to move in a correspondence game, mentioned in the game's chat (their
    /// `/settings pings`, or their private chat is closed).
    TurnPing {
        /// The mention that notifies them ([`crate::table::reply::ping`]).
        who: String,
        /// The game.
        game: GameId,
    },
    /// An invitation, told privately to the invitee too.
    InvitedPrivately {
        /// Who invites.
        creator: String,
        /// The game.
        kind: GameKind,
        /// Its id.
        game: GameId,
    },
    /// `/games`: the games of this chat (in groups) and those waiting for the reader.
    Games {
        /// The lines of this chat's games (`None` in a private chat: that list is not shown).
        here: Option<Vec<GameLine>>,
        /// The lines of the games waiting for the reader.
        waiting: Vec<GameLine>,
    },
}

/// One line of `/games`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameLine {
    /// A running game, already worded by its game's narrator.
    Worded(String),
    /// A game that cannot be resumed (its game kind, when the bot still knows it).
    Unresumable {
        /// The game.
        game: GameId,
        /// Its kind, or the stored code of a kind this version does not know.
        kind: Result<GameKind, String>,
    },
}

/// How a player whose private messages fail reopens the private chat.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Reopen {
    /// Open this link and press Start (Telegram's start link with the view token).
    Link(String),
    /// Send /start in a private chat.
    #[default]
    SendStart,
    /// Allow direct messages from the server's members (Discord).
    AllowDirectMessages,
}

/// Why a command did nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// No running game has this id (or none the user may reach).
    NoSuchGame(GameId),
    /// `/export #id` of a game that does not exist or is out of the caller's reach.
    NoRecord(GameId),
    /// `/export #id` of a running game whose record holds hidden moves.
    RecordHidden(GameId),
    /// `/replay #id` of a game still being played.
    ReplayRunning(GameId),
    /// A second `/replay` while the first is still being drawn.
    ReplayBusy,
    /// `/follow #id` of one's own game.
    FollowOwn(GameId),
    /// `/follow @self`.
    FollowSelf,
    /// `/vacation N` with N not a whole number of days from 1 to the days `left` this year.
    VacationDays {
        /// Days left this year.
        left: i64,
    },
    /// `/vacation N` with no days left this year.
    VacationNoneLeft {
        /// The yearly allowance.
        allowance: i64,
    },
    /// `/vacation N` during a vacation (which runs `until`).
    VacationRunning {
        /// When it ends.
        until: i64,
    },
    /// `/vacation off` without a vacation.
    VacationNot,
    /// `/link CODE` with a code unknown or expired.
    LinkCode,
    /// `/link CODE` with the caller's own code.
    LinkSelf,
    /// `/link` where others would read the answer (a group that does not answer privately).
    LinkPrivate,
    /// `/seek` with `position=`: a seek is for a game from its normal start.
    SeekPosition,
    /// The user already has `limit` open seeks.
    SeekLimit(usize),
    /// A seek's "Play" pressed after it was answered, withdrawn or closed.
    SeekGone,
    /// A seek's "Play" pressed by its own seeker.
    SeekOwn,
    /// `/tournament …` refused (worded in `voice/tournaments.rs`).
    Tournament(TournamentRefusal),
    /// `/seek … scope=everywhere` in a community whose administrators keep its seeks in it.
    SeekPublicOff,
    /// `/seek` for a game told privately (Dark Fence) by a user the bot cannot write to yet.
    SeekUnreachable {
        /// The platform's link that opens the private chat, if it has one.
        link: Option<String>,
    },
    /// The user already has `limit` open invitations.
    InvitationsPerUser(usize),
    /// The chat already has `limit` open invitations.
    InvitationsPerChat(usize),
    /// An unknown command.
    UnknownCommand(String),
    /// One of the console table's own commands, typed so the console could not take it
    /// (`/as` without a name).
    ConsoleCommand,
    /// A command without a required argument (`what`: the argument's kind).
    Missing {
        /// The command.
        command: &'static str,
        /// The argument's kind (`game`, `user`, …).
        what: &'static str,
    },
    /// An argument the command does not understand.
    BadArgument {
        /// The command.
        command: &'static str,
        /// The argument as given.
        arg: String,
    },
    /// A count (`min=`, `page=`) that is not a whole number from 1.
    BadCount {
        /// The command.
        command: &'static str,
        /// The count's name.
        key: &'static str,
        /// What was written.
        value: String,
    },
    /// A `/history` page past the last one.
    NoSuchPage {
        /// The page asked for.
        page: u32,
        /// How many there are.
        pages: u32,
    },
    /// A line longer than the referee reads.
    LineTooLong {
        /// The most characters read.
        limit: usize,
        /// The line's length.
        length: usize,
    },
    /// Only a player of the game may do this here, and only in private.
    PrivateOnly,
    /// Only an administrator may do this.
    NotAdmin,
    /// `/start` outside a private chat.
    StartPrivate,
    /// The game exists but the user may not act on it.
    GameNotYours(GameId),
    /// The game's record no longer replays.
    Unresumable(GameId),
    /// No game here that the command applies to.
    NoGameHere,
    /// No game here that the command applies to, but the caller's games in other chats.
    GameElsewhere(Vec<Elsewhere>),
    /// Several games fit; the user must name one.
    WhichGame(Vec<GameId>),
    /// Games start in groups.
    GroupOnly,
    /// `/settings chat-language=` by someone who does not administer the chat.
    ChatLanguageAdmins,
    /// `/settings chat-language=` in a private chat.
    ChatLanguagePrivate,
    /// Leaderboards, profiles and histories are a community's: asked in a private chat.
    CommunityOnly,
    /// `/library #id` of a game not in the draw library.
    LibraryNotDrawn(GameId),
    /// An invitation to oneself.
    SelfInvite,
    /// The user's previous solver request is still running.
    SolverBusy,
    /// The user plays no seat of the game.
    NotAPlayer,
    /// Hints are off in this game.
    HintsOff(GameId),
    /// This game is rated: no hints in it.
    HintsRated(GameId),
    /// `/new` asked for a rated game with hints.
    RatedHints,
    /// `/switch` in a game against a person.
    SwitchNotBot(GameId),
    /// `/switch` after the player's first action.
    SwitchTooLate(GameId),
    /// The game moved on during the hint's search.
    HintStale(GameId),
    /// Accepting one's own invitation.
    OwnInvite,
    /// No invitation to answer.
    NoInvite,
    /// The game has already started.
    AlreadyStarted,
    /// The invitation is for someone else.
    NotInvited(GameId),
    /// Declining an open invitation, which names no one to decline it.
    DeclineOpen(GameId),
    /// Asking for a player's private view of a game one only watches.
    ViewNotPlaying(GameId),
    /// The game needs private messages and these players cannot get them yet.
    Unreachable {
        /// Their names, joined.
        names: String,
        /// The game.
        game: GameId,
        /// The platform's start link completing the acceptance, if it has one.
        link: Option<String>,
    },
    /// The same action again (a double tap).
    AlreadyPlayed,
    /// A button of a turn that is over.
    StaleButton,
    /// The game has not started.
    NotStarted,
    /// The game is over.
    GameOver,
    /// Another player is to act.
    NotYourTurn(String),
    /// No move waits for confirmation.
    NothingToConfirm,
    /// `/board <window>` in a game whose board fits its picture.
    BoardWindow,
    /// A Rabble window the engine refused (its words).
    BadWindow(String),
    /// `/view <slice>` outside Rabble.
    ViewSlice,
    /// A Rabble slice the engine refused (its words).
    BadSlice(String),
    /// `/moves` outside Rabble.
    MovesRabble,
    /// A Rabble square the engine refused (its words).
    BadSquare(String),
    /// Takebacks in a game with hidden information.
    TakebackHidden,
    /// Offers to the referee playing itself.
    BotOffers,
    /// The user's own offer is still open.
    OfferPending,
    /// No offer to answer.
    NoOffer,
    /// No move to take back.
    NothingToTakeBack,
    /// `/abort` after the first move.
    AbortStarted,
    /// A setting that does not exist or a value it does not take (`key=value` as given).
    Settings(String),
    /// Settings that do not read as `key=value` pairs.
    SettingsMalformed(OptionsError),
    /// An unknown game name.
    UnknownGame(String),
    /// Game options that do not work.
    Options(OptionsError),
    /// A `position="…"` this game cannot start from, with the engine's reason.
    Position(GameKind, crate::games::AnyPositionError),
    /// `/rules <game> <topic>` about something the game has no piece of that name for.
    NoSuchPiece(GameKind, String),
    /// An attempt at the Dark Fence puzzle that is not a move: the refusal, worded.
    Puzzle(String),
}

/// How many games one list of `/games` shows; the rest are counted, so the answer stays one
/// message however many games a chat or a player has.
pub const GAMES_LISTED: usize = 20;

/// One of the caller's games in another chat, for [`Refusal::GameElsewhere`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Elsewhere {
    /// The game.
    pub game: GameId,
    /// Which game it is.
    pub kind: Option<GameKind>,
    /// Its chat's platform id.
    pub chat: String,
    /// Whether the chat's id is its name, as at the console (`#table`); elsewhere the chat is
    /// shown by the platform (a Discord channel) or as "another chat".
    pub named: bool,
    /// The game is played in its players' private chats (an everywhere seek's): it has no chat
    /// to name.
    pub private: bool,
}

/// Why `/tournament …` did nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TournamentRefusal {
    /// No tournament here (or, privately, none the caller plays in).
    None,
    /// This chat already has the unfinished tournament with this number.
    Exists(i64),
    /// `new` by someone the chat's settings do not allow (administrators by default).
    Makers,
    /// `start`, `end` or `withdraw` by someone who neither made it nor administers the chat.
    Organisers,
    /// `join` of a tournament that takes no more players (a running round robin, a Swiss's
    /// last round paired).
    Closed,
    /// `join` of a full tournament (`max` players).
    Full(i64),
    /// `join` by a player already in it.
    Already,
    /// `leave`, or `withdraw @player`, of someone not playing in it.
    NotPlaying,
    /// `start` of a tournament already running.
    Started,
    /// `start` with fewer than two players.
    TooFew,
    /// A change to a tournament that is over.
    Over,
    /// `pairings N` of a round not paired.
    NoRound(i64),
    /// A tournament setting with a value it does not take.
    Setting {
        /// The setting.
        key: String,
        /// The value given.
        value: String,
    },
    /// `new` without a game.
    NeedsGame,
    /// `withdraw` without a player.
    NeedsPlayer,
    /// `join` of a game told privately by a player the bot cannot write to yet.
    Unreachable {
        /// The platform's link that opens the private chat, if it has one.
        link: Option<String>,
    },
}
