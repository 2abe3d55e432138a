//! The commands players type: one typed table ([`COMMANDS`]: names in three scripts, typed
//! arguments, help) from which `/help`, the Telegram command menus and the Discord slash
//! commands (options, choices, localizations) are generated, and from which both the text
//! parser ([`parse`]) and the Discord adapter build a [`Command`] through one constructor
//! ([`build`]): a slash command's typed options reach the referee without becoming text.

use thiserror::Error;

use crate::store::{GameId, UserId};

/// One argument of a command: what it is, whether it must be given, and (through its kind) how
/// it is typed, shown in `/help` and offered on Discord.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Arg {
    /// Its name: the Discord option's name, and the word `/help` shows for free text.
    pub name: &'static str,
    /// What it holds.
    pub kind: ArgKind,
    /// Whether the command needs it.
    pub required: bool,
    /// When it is missing, the end of the message id `arg-…` naming what is needed.
    pub what: &'static str,
}

/// What an argument holds, and how a line writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArgKind {
    /// A game id, typed `#12` anywhere in the line.
    GameId,
    /// A user, typed `@name` anywhere in the line (on Discord, a member).
    User,
    /// A fixed word typed first (`/admin abort`); any of these spellings. An optional word is
    /// accepted and ignored (`/library continue #12`), and not shown.
    Word(&'static [&'static str]),
    /// One of these answers, typed first (`/draw accept`).
    Choice(&'static [&'static str]),
    /// A game's code or name: one word.
    Game,
    /// A move in the game's notation: the rest of the line.
    Action,
    /// Free text: the rest of the line.
    Text,
    /// `key=value` settings for a game and its table: the rest of the line.
    Options,
    /// A setting written `name=<value>`, one of these values.
    Setting(&'static [&'static str]),
    /// A whole number from 1 written `name=<n>` anywhere in the line, or under one of these
    /// other names (the Chinese of both scripts: `/排行榜 ultima 最少=5`).
    Count(&'static [&'static str]),
}

const fn arg(name: &'static str, kind: ArgKind, required: bool) -> Arg {
    Arg { name, kind, required, what: name }
}

/// `[#id]`: the game, when the caller has several.
const ID: Arg = arg("id", ArgKind::GameId, false);

/// The other names of `/leaderboard`'s `min=` (the fewest rated games a listed player has).
const MIN_NAMES: &[&str] = &["最少", "至少", "最少局数", "最少局數"];

/// The other names of `/history`'s `page=`.
const PAGE_NAMES: &[&str] = &["页", "頁", "第几页", "第幾頁"];

/// The answers to an offer, with the words players may use for them.
const ANSWERS: &[&str] = &["accept", "decline"];

/// What `/tournament` does, as the first word names it ([`TournamentAction`]).
pub const TOURNAMENT_ACTIONS: &[&str] =
    &["new", "join", "leave", "start", "standings", "pairings", "withdraw", "end"];

/// The Chinese words for each of [`TOURNAMENT_ACTIONS`] (both scripts), in its order.
const TOURNAMENT_ACTION_WORDS: [&[&str]; 8] = [
    &["新建", "创建", "創建", "建立"],
    &["加入", "报名", "報名"],
    &["退出", "离开", "離開"],
    &["开始", "開始"],
    &["排名", "积分", "積分", "成绩", "成績"],
    &["对阵", "對陣", "配对", "配對"],
    &["弃权", "棄權", "除名"],
    &["结束", "結束"],
];

/// What `/tournament` is asked to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TournamentAction {
    /// `new <game> format=… [rounds=N] [double=yes] [options…]`: make one in this chat.
    New,
    /// Join this chat's tournament.
    Join,
    /// Leave it (before its start), or withdraw from it (after).
    Leave,
    /// Start it (its maker or an administrator).
    Start,
    /// The standings, as text and a crosstable picture.
    Standings,
    /// A round's pairings (the current one when none is named).
    Pairings,
    /// `withdraw @player` (administrators): no longer paired.
    Withdraw,
    /// End it now (its maker or an administrator).
    End,
}

impl TournamentAction {
    /// The action a choice of [`TOURNAMENT_ACTIONS`] names.
    #[must_use]
    pub fn from_choice(choice: &str) -> Option<TournamentAction> {
        Some(match choice {
            "new" => Self::New,
            "join" => Self::Join,
            "leave" => Self::Leave,
            "start" => Self::Start,
            "standings" => Self::Standings,
            "pairings" => Self::Pairings,
            "withdraw" => Self::Withdraw,
            "end" => Self::End,
            _ => return None,
        })
    }
}

/// The choice of `choices` a typed word means: an answer's words ([`answer_word`]), a choice
/// as written, or the Chinese for a tournament's action.
#[must_use]
pub fn choice_word(word: &str, choices: &[&'static str]) -> Option<&'static str> {
    if let Some(answer) = answer_word(word).filter(|c| choices.contains(c)) {
        return Some(answer);
    }
    let word = word.to_lowercase();
    if let Some(c) = choices.iter().find(|c| **c == word) {
        return Some(c);
    }
    TOURNAMENT_ACTIONS
        .iter()
        .zip(TOURNAMENT_ACTION_WORDS)
        .find(|(_, words)| words.contains(&word.as_str()))
        .map(|(c, _)| *c)
        .filter(|c| choices.contains(c))
}

/// One command as players see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommandSpec {
    /// The name, typed as `/name`.
    pub name: &'static str,
    /// Its Simplified Chinese names, the first one shown in `/help` and registered on Discord
    /// for `zh-CN`.
    pub hans: &'static [&'static str],
    /// Its Traditional Chinese names (written as Traditional-script players write them), the
    /// first one shown in `/help` and registered on Discord for `zh-TW`. Every name of every
    /// script works whatever the reader's language.
    pub hant: &'static [&'static str],
    /// Its arguments, in the order `/help` shows them.
    pub args: &'static [Arg],
    /// The Fluent message id of the one-line description.
    pub help: &'static str,
    /// Only for administrators.
    pub admin: bool,
    /// Not listed in `/help` (platform glue such as button presses).
    pub hidden: bool,
}

const fn cmd(
    name: &'static str,
    hans: &'static [&'static str],
    hant: &'static [&'static str],
    args: &'static [Arg],
    help: &'static str,
) -> CommandSpec {
    CommandSpec { name, hans, hant, args, help, admin: false, hidden: false }
}

impl CommandSpec {
    /// Every other name, Simplified then Traditional, without repeats.
    pub fn aliases(&self) -> impl Iterator<Item = &'static str> + '_ {
        let hans = self.hans.iter().copied();
        hans.chain(self.hant.iter().copied().filter(|a| !self.hans.contains(a)))
    }

    /// The name shown to a reader of `lang` beside `/name`: none in English.
    #[must_use]
    pub fn alias_for(&self, lang: super::reply::Lang) -> Option<&'static str> {
        use super::reply::Lang;
        match lang {
            Lang::En => None,
            Lang::ZhHans => self.hans.first().copied(),
            Lang::ZhHant => self.hant.first().copied(),
        }
    }

    /// The argument grammar in English: `<…>` needed, `[…]` optional, e.g. `<action> [#id]`.
    #[must_use]
    pub fn grammar(&self) -> String {
        self.grammar_in(ToString::to_string)
    }

    /// The argument grammar with each placeholder named by `name` (given an argument's name, or
    /// `key` and `value` for `key=value` settings): `/help` names them in the reader's language
    /// (`<游戏> [@对手] [选项=值 …]`). What is typed as it stands (`#`, `@`, answers, setting
    /// names and values, fixed words) is never translated.
    #[must_use]
    pub fn grammar_in(&self, name: impl Fn(&str) -> String) -> String {
        let mut parts = Vec::new();
        for a in self.args {
            let inner = match a.kind {
                ArgKind::Word(words) if a.required => {
                    parts.push(words.first().copied().unwrap_or_default().to_string());
                    continue;
                }
                ArgKind::Word(_) => continue,
                ArgKind::GameId => format!("#{}", name(a.name)),
                ArgKind::User => format!("@{}", name(a.name)),
                ArgKind::Choice(choices) => choices.join("|"),
                ArgKind::Options => format!("{}={} …", name("key"), name("value")),
                ArgKind::Setting(values) => format!("{}={}", a.name, values.join("|")),
                ArgKind::Count(_) => format!("{}=N", a.name),
                ArgKind::Game | ArgKind::Action | ArgKind::Text => name(a.name),
            };
            parts.push(if a.required { format!("<{inner}>") } else { format!("[{inner}]") });
        }
        parts.join(" ")
    }
}

/// The console table's own commands (`src/bot/console.rs` takes them before the referee does;
/// `/as` without a name reaches the referee, which answers with how to use them).
pub const CONSOLE_COMMANDS: [&str; 5] = ["as", "dm", "channel", "quit", "exit"];

/// Every command, in the order `/help` lists them.
pub const COMMANDS: &[CommandSpec] = &[
    cmd(
        "new",
        &["新局", "开局"],
        &["新局", "開局"],
        &[
            arg("game", ArgKind::Game, true),
            arg("opponent", ArgKind::User, false),
            arg("options", ArgKind::Options, false),
        ],
        "help-new",
    ),
    cmd(
        "seek",
        &["找对手", "寻战"],
        &["找對手", "尋戰"],
        &[arg("game", ArgKind::Game, false), arg("options", ArgKind::Options, false)],
        "help-seek",
    ),
    cmd(
        "unseek",
        &["取消找对手", "取消寻战"],
        &["取消找對手", "取消尋戰"],
        &[arg("game", ArgKind::Game, false)],
        "help-unseek",
    ),
    cmd(
        "tournament",
        &["比赛", "锦标赛"],
        &["比賽", "錦標賽"],
        &[
            arg("task", ArgKind::Choice(TOURNAMENT_ACTIONS), true),
            arg("game", ArgKind::Game, false),
            arg("player", ArgKind::User, false),
            arg("options", ArgKind::Options, false),
        ],
        "help-tournament",
    ),
    cmd("accept", &["接受"], &["接受"], &[ID], "help-accept"),
    cmd("decline", &["拒绝"], &["拒絕"], &[ID], "help-decline"),
    cmd(
        "move",
        &["走", "行动"],
        &["走", "行動"],
        &[arg("action", ArgKind::Action, true), ID],
        "help-move",
    ),
    cmd("confirm", &["确认"], &["確認"], &[ID], "help-confirm"),
    cmd("cancel", &["撤回"], &["撤回"], &[ID], "help-cancel"),
    cmd("board", &["棋盘"], &["棋盤"], &[ID, arg("window", ArgKind::Text, false)], "help-board"),
    cmd(
        "view",
        &["视图", "我的"],
        &["視圖", "我的"],
        &[ID, arg("slice", ArgKind::Text, false)],
        "help-view",
    ),
    cmd("moves", &["走法"], &["走法"], &[arg("square", ArgKind::Text, true), ID], "help-moves"),
    cmd("challenge", &["质疑"], &["質疑"], &[ID], "help-challenge"),
    cmd("pass", &["不质疑", "过"], &["不質疑", "過"], &[ID], "help-pass"),
    cmd("claim", &["分野"], &["分野"], &[ID], "help-claim"),
    cmd("hint", &["提示"], &["提示"], &[ID], "help-hint"),
    cmd("switch", &["换边"], &["換邊"], &[ID], "help-switch"),
    cmd("resign", &["认输"], &["認輸"], &[ID], "help-resign"),
    cmd(
        "draw",
        &["和棋"],
        &["和棋"],
        &[arg("answer", ArgKind::Choice(ANSWERS), false), ID],
        "help-draw",
    ),
    cmd(
        "takeback",
        &["悔棋"],
        &["悔棋"],
        &[arg("answer", ArgKind::Choice(ANSWERS), false), ID],
        "help-takeback",
    ),
    cmd("abort", &["取消"], &["取消"], &[ID], "help-abort"),
    cmd("games", &["对局"], &["對局"], &[], "help-games"),
    cmd(
        "library",
        &["和局库"],
        &["和局庫"],
        &[
            arg("continue", ArgKind::Word(&["continue", "继续", "繼續"]), false),
            ID,
            arg("opponent", ArgKind::User, false),
        ],
        "help-library",
    ),
    cmd(
        "rules",
        &["规则"],
        &["規則"],
        &[arg("game", ArgKind::Game, false), arg("topic", ArgKind::Text, false)],
        "help-rules",
    ),
    cmd(
        "leaderboard",
        &["排行榜", "排名"],
        &["排行榜", "排名"],
        &[arg("game", ArgKind::Game, true), arg("min", ArgKind::Count(MIN_NAMES), false)],
        "help-leaderboard",
    ),
    cmd(
        "profile",
        &["战绩", "档案"],
        &["戰績", "檔案"],
        &[arg("player", ArgKind::User, false)],
        "help-profile",
    ),
    cmd(
        "history",
        &["历史", "对局记录"],
        &["歷史", "對局記錄"],
        &[
            arg("player", ArgKind::User, false),
            arg("game", ArgKind::Game, false),
            arg("page", ArgKind::Count(PAGE_NAMES), false),
        ],
        "help-history",
    ),
    cmd(
        "export",
        &["导出", "棋谱"],
        &["匯出", "棋譜"],
        &[Arg { what: "id", ..arg("id", ArgKind::GameId, true) }],
        "help-export",
    ),
    cmd(
        "replay",
        &["回放", "复盘"],
        &["回放", "復盤"],
        &[Arg { what: "id", ..arg("id", ArgKind::GameId, true) }],
        "help-replay",
    ),
    cmd(
        "follow",
        &["关注"],
        &["關注", "追蹤"],
        &[ID, arg("player", ArgKind::User, false)],
        "help-follow",
    ),
    cmd(
        "unfollow",
        &["取消关注"],
        &["取消關注", "取消追蹤"],
        &[ID, arg("player", ArgKind::User, false)],
        "help-unfollow",
    ),
    cmd("help", &["帮助"], &["幫助", "說明"], &[], "help-help"),
    cmd(
        "settings",
        &["设置"],
        &["設定"],
        &[
            arg("language", ArgKind::Setting(&["en", "zh-Hans", "zh-Hant"]), false),
            arg("notifications", ArgKind::Setting(&["on", "off"]), false),
            arg("pings", ArgKind::Setting(&["dm", "mention", "off"]), false),
            arg("digest", ArgKind::Setting(&["on", "off"]), false),
            // The chat's own language, for its administrators; `auto` forgets it.
            arg("chat_language", ArgKind::Setting(&["en", "zh-Hans", "zh-Hant", "auto"]), false),
            // Whether this community's `scope=everywhere` seeks pair beyond it, for its
            // administrators.
            arg("public_seeks", ArgKind::Setting(&["on", "off"]), false),
            // Who makes tournaments in this community, for its administrators.
            arg("tournaments", ArgKind::Setting(&["admins", "everyone"]), false),
        ],
        "help-settings",
    ),
    cmd("vacation", &["休假"], &["休假"], &[arg("days", ArgKind::Text, false)], "help-vacation"),
    cmd("link", &["关联"], &["關聯"], &[arg("code", ArgKind::Text, false)], "help-link"),
    cmd("unlink", &["取消关联"], &["取消關聯"], &[], "help-unlink"),
    CommandSpec {
        admin: true,
        ..cmd(
            "admin",
            &["管理"],
            &["管理"],
            &[
                Arg { what: "admin-abort", ..arg("abort", ArgKind::Word(&["abort"]), true) },
                Arg { what: "admin-abort", ..arg("id", ArgKind::GameId, true) },
            ],
            "help-admin",
        )
    },
    CommandSpec {
        hidden: true,
        ..cmd("start", &[], &[], &[arg("token", ArgKind::Text, false)], "help-start")
    },
    CommandSpec {
        hidden: true,
        ..cmd("press", &[], &[], &[arg("button", ArgKind::Text, true)], "help-press")
    },
];

/// A parsed command. `id` is a game id typed as `#12`, when given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `/new <game> [@opponent] [key=value …]`
    New {
        /// The game's code or name as typed.
        game: String,
        /// The invited player, without `@`.
        opponent: Option<UserId>,
        /// Everything else: table settings and game options, `k=v` each.
        settings: Vec<String>,
    },
    /// `/seek [<game> [key=value …]]`: wait for an opponent on these terms (or answer a seek
    /// on them); alone, the open seeks.
    Seek {
        /// The game's code or name as typed; `None` lists the open seeks.
        game: Option<String>,
        /// The game's options and the table's settings, `k=v` each (as `/new` takes them).
        settings: Vec<String>,
    },
    /// `/unseek [<game>]`: withdraw one's seeks (of that game only, when named).
    Unseek(Option<String>),
    /// `/tournament <action> [game|round] [@player] [key=value …]`.
    Tournament {
        /// What to do.
        action: TournamentAction,
        /// `new`'s game, or `pairings`' round, as typed.
        game: Option<String>,
        /// `withdraw`'s player.
        player: Option<UserId>,
        /// `new`'s settings, `k=v` each.
        settings: Vec<String>,
    },
    /// `/accept [#id]`
    Accept(Option<GameId>),
    /// `/decline [#id]`
    Decline(Option<GameId>),
    /// `/move <action> [#id]`, or a bare action in a private chat.
    Move {
        /// The game.
        id: Option<GameId>,
        /// The action as typed.
        text: String,
    },
    /// `/confirm [#id]`: play the move waiting for confirmation.
    Confirm(Option<GameId>),
    /// `/cancel [#id]`: drop it.
    Cancel(Option<GameId>),
    /// `/board [#id]`: the public view.
    Board {
        /// The game.
        id: Option<GameId>,
        /// Rabble's window: a centre `x,y[,z…]` and/or `zoom N`.
        window: Option<String>,
    },
    /// `/view [#id]`: the caller's private view; with a slice, Rabble's 3-D observation
    /// (`/view z x1..x2 y1..y2 [z1..z2]`, for anyone: Rabble has no secrets).
    View {
        /// The game.
        id: Option<GameId>,
        /// The slice as typed, after the game id.
        slice: Option<String>,
    },
    /// `/moves <square> [#id]`: where the Rabble unit on a square can go (its turns are
    /// infinite, so they are listed one origin at a time).
    Moves {
        /// The game.
        id: Option<GameId>,
        /// The square as typed.
        square: String,
    },
    /// `/challenge [#id]`
    Challenge(Option<GameId>),
    /// `/pass [#id]`
    Pass(Option<GameId>),
    /// `/claim [#id]`
    Claim(Option<GameId>),
    /// `/hint [#id]`: the solver's verdict and best actions (Chaos Clock with hints on).
    Hint(Option<GameId>),
    /// `/switch [#id]`: against the bot, take the other side before one's first action.
    Switch(Option<GameId>),
    /// `/resign [#id]`
    Resign(Option<GameId>),
    /// `/draw [accept|decline] [#id]`: offer, or answer an offer.
    Draw {
        /// The game.
        id: Option<GameId>,
        /// `Some(true)` accept, `Some(false)` decline, `None` offer (or accept a standing offer).
        answer: Option<bool>,
    },
    /// `/takeback [accept|decline] [#id]`
    Takeback {
        /// The game.
        id: Option<GameId>,
        /// As for draws.
        answer: Option<bool>,
    },
    /// `/abort [#id]`
    Abort(Option<GameId>),
    /// `/games`
    Games,
    /// `/library`: the drawn Rabble games kept for others to continue; with an id, continue that
    /// one here (a fork), inviting `opponent` or anyone.
    Library {
        /// The drawn game to continue.
        id: Option<GameId>,
        /// Who is invited to the fork.
        opponent: Option<UserId>,
    },
    /// `/rules [game]`
    Rules {
        /// The game, if named.
        game: Option<String>,
        /// What about it: a piece's code or name, or `puzzle` (Dark Fence).
        topic: Option<String>,
    },
    /// `/leaderboard <game> [min=N]`: the community's top players of a game, and the
    /// caller's rank.
    Leaderboard {
        /// The game as typed.
        game: String,
        /// Only players with at least this many rated games of it.
        min: Option<u32>,
    },
    /// `/profile [@player]`: a player's ratings and results in this community (the caller's
    /// own when no one is named).
    Profile(Option<UserId>),
    /// `/history [@player] [game] [page=N]`: the community's recent finished games.
    History {
        /// Only this player's games.
        player: Option<UserId>,
        /// Only this game's.
        game: Option<String>,
        /// Which page of them, from 1 (the newest).
        page: Option<u32>,
    },
    /// `/export #id`: the game's record as a text file (docs/records.md).
    Export(GameId),
    /// `/replay #id`: the finished game as an animated picture.
    Replay(GameId),
    /// `/follow #id|@player` (`on`) or `/unfollow #id|@player`.
    Follow {
        /// A game.
        id: Option<GameId>,
        /// A player (their games in this community).
        player: Option<UserId>,
        /// Follow (`true`) or stop (`false`).
        on: bool,
    },
    /// `/vacation [days|off]`: stop one's correspondence clocks for some days, end the
    /// vacation early, or (without an argument) see the days left.
    Vacation(Option<String>),
    /// `/link [code]`: a one-time code to link another platform's account, or use one.
    Link(Option<String>),
    /// `/unlink`: this account no longer linked to the others.
    Unlink,
    /// `/help`
    Help,
    /// `/settings [k=v …]`
    Settings(Vec<String>),
    /// `/admin abort #id`
    AdminAbort(GameId),
    /// `/start [token]` in a private chat (opens the private channel; deep links carry a token;
    /// a token that is none of ours is the same as none: the welcome, nothing else).
    Start(Option<super::payload::StartToken>),
    /// A button press: its payload (`None`: the text is not one, so the button is stale).
    Press(Option<super::payload::Payload>),
}

impl Command {
    /// The same command naming the game `id`, if it is one that takes a game (the answer to
    /// "Which game?").
    #[must_use]
    pub fn in_game(self, id: GameId) -> Option<Command> {
        let id = Some(id);
        Some(match self {
            Command::Accept(_) => Command::Accept(id),
            Command::Decline(_) => Command::Decline(id),
            Command::Move { text, .. } => Command::Move { id, text },
            Command::Confirm(_) => Command::Confirm(id),
            Command::Cancel(_) => Command::Cancel(id),
            Command::Board { window, .. } => Command::Board { id, window },
            Command::View { slice, .. } => Command::View { id, slice },
            Command::Moves { square, .. } => Command::Moves { id, square },
            Command::Challenge(_) => Command::Challenge(id),
            Command::Pass(_) => Command::Pass(id),
            Command::Claim(_) => Command::Claim(id),
            Command::Hint(_) => Command::Hint(id),
            Command::Switch(_) => Command::Switch(id),
            Command::Resign(_) => Command::Resign(id),
            Command::Draw { answer, .. } => Command::Draw { id, answer },
            Command::Takeback { answer, .. } => Command::Takeback { id, answer },
            Command::Abort(_) => Command::Abort(id),
            Command::New { .. }
            | Command::Seek { .. }
            | Command::Unseek(_)
            | Command::Tournament { .. }
            | Command::Games
            | Command::Library { .. }
            | Command::Rules { .. }
            | Command::Leaderboard { .. }
            | Command::Profile(_)
            | Command::History { .. }
            | Command::Export(_)
            | Command::Replay(_)
            | Command::Follow { .. }
            | Command::Vacation(_)
            | Command::Link(_)
            | Command::Unlink
            | Command::Help
            | Command::Settings(_)
            | Command::AdminAbort(_)
            | Command::Start(_)
            | Command::Press(_) => return None,
        })
    }
}

/// Why a line is not a command.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CommandError {
    /// No such command.
    #[error("unknown command /{0}")]
    Unknown(String),
    /// A required argument is missing.
    #[error("/{command} needs {what}")]
    Missing {
        /// The command.
        command: &'static str,
        /// What is missing: the end of its message id `arg-…` (`game`, `action`, …).
        what: &'static str,
    },
    /// An argument is not understood.
    #[error("/{command}: `{arg}` is not understood")]
    BadArgument {
        /// The command.
        command: &'static str,
        /// The argument.
        arg: String,
    },
    /// A count (`min=`, `page=`) is not a whole number from 1.
    #[error("/{command}: {key}= takes a whole number from 1, not `{value}`")]
    BadCount {
        /// The command.
        command: &'static str,
        /// The count's name (`min`, `page`).
        key: &'static str,
        /// What was written.
        value: String,
    },
    /// The line is longer than [`MAX_LINE_CHARS`]: refused before anything in it is read.
    #[error("the line is {length} characters long; at most {limit} are read")]
    TooLong {
        /// The most characters a line may have ([`MAX_LINE_CHARS`]).
        limit: usize,
        /// The line's length in characters (surrounding whitespace not counted).
        length: usize,
    },
}

/// The most characters a command line may have (and, in a private chat, a line without `/`),
/// surrounding whitespace not counted. Longer lines are refused before any parsing: Discord's
/// own limit for a message is 2,000, and the work and the answer then stay small whatever is
/// sent. It is also what bounds a Rabble square, whose board is unbounded (docs/rabble.md,
/// decision 21): a square of sixteen 16-digit numbers is about 320 characters, so a turn
/// naming four of them in full fits.
pub const MAX_LINE_CHARS: usize = 2_000;

/// The keys of `/settings` that set the chat's own language (its administrators'), as
/// [`crate::games::options::split_pairs`] reads keys (lower case, `-` as `_`).
pub const CHAT_LANGUAGE_KEYS: [&str; 6] =
    ["chat_language", "chat_lang", "群语言", "群語言", "聊天语言", "聊天語言"];

/// Whether a `/settings` line sets the chat's language: a platform that asks who administers
/// a chat only for administrators' commands asks for this one too.
#[must_use]
pub fn sets_chat_language(line: &str) -> bool {
    let line = line.to_lowercase().replace('-', "_").replace('＝', "=");
    CHAT_LANGUAGE_KEYS.iter().any(|key| line.contains(&format!("{key}=")))
}

/// The spec of a command by name or alias (case-insensitive).
#[must_use]
pub fn find(name: &str) -> Option<&'static CommandSpec> {
    let name = name.to_lowercase();
    COMMANDS.iter().find(|c| c.name == name || c.aliases().any(|a| a == name))
}

/// Takes a `#12` token out of the arguments.
fn take_id(args: &mut Vec<&str>) -> Option<GameId> {
    let at = args.iter().position(|a| a.starts_with('#') && a.parse::<GameId>().is_ok())?;
    args.remove(at).parse().ok()
}

/// Parses a line. In a private chat a line without `/` is a move; in a group it is ordinary
/// conversation and gives `Ok(None)`, however long.
///
/// # Errors
///
/// A line longer than [`MAX_LINE_CHARS`] (a command, or any line in a private chat), refused
/// before it is read further; an unknown command or bad arguments.
pub fn parse(line: &str, private: bool) -> Result<Option<Command>, CommandError> {
    let line = line.trim();
    let command = line.starts_with(['/', '／']);
    // Only a line over the limit in bytes can be over it in characters, so a short line is not
    // even counted.
    if (command || private) && line.len() > MAX_LINE_CHARS {
        let length = line.chars().count();
        if length > MAX_LINE_CHARS {
            return Err(CommandError::TooLong { limit: MAX_LINE_CHARS, length });
        }
    }
    let Some(rest) = line.strip_prefix('/').or_else(|| line.strip_prefix('／')) else {
        if private && !line.is_empty() {
            // A game id may come before or after the move (`A1-A2 R #2`, `#2 A1-A2 R`).
            let mut words: Vec<&str> = line.split_whitespace().collect();
            let id = take_id(&mut words);
            return Ok(Some(match id {
                Some(id) if !words.is_empty() => {
                    Command::Move { id: Some(id), text: words.join(" ") }
                }
                _ => Command::Move { id: None, text: line.to_string() },
            }));
        }
        return Ok(None);
    };
    let (name, tail) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    let spec = find(name).ok_or_else(|| CommandError::Unknown(name.to_string()))?;
    build(spec, read(spec, tail)?).map(Some)
}

/// A command's argument values, typed, before the command is built: what [`parse`] reads from a
/// line, and what a platform gives as typed options (Discord's slash commands).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Values {
    /// [`ArgKind::GameId`].
    pub id: Option<GameId>,
    /// [`ArgKind::User`]: the word after `@`, taken as the user's id (the adapters rewrite
    /// their platform's mentions to ids; a console name is its id; `@bot` is the referee).
    pub user: Option<UserId>,
    /// [`ArgKind::Word`]: the word was given.
    pub word: bool,
    /// [`ArgKind::Choice`]: the answer, as the command lists it.
    pub choice: Option<&'static str>,
    /// [`ArgKind::Game`].
    pub game: Option<String>,
    /// [`ArgKind::Action`] or [`ArgKind::Text`].
    pub text: Option<String>,
    /// [`ArgKind::Options`] and [`ArgKind::Setting`]s: `key=value` each; [`ArgKind::Count`]s
    /// too, under the argument's name (`min=5`).
    pub options: Vec<String>,
}

/// The answer (`accept`, `decline`) a word players use for it means: the English words, `yes`
/// and `no`, and the Chinese of both scripts.
#[must_use]
pub fn answer_word(word: &str) -> Option<&'static str> {
    match word.to_lowercase().as_str() {
        "accept" | "yes" | "接受" | "同意" => Some("accept"),
        "decline" | "no" | "拒绝" | "拒絕" => Some("decline"),
        _ => None,
    }
}

/// The command `spec` names with these argument values: the one constructor behind both the
/// text parser and typed platform options.
///
/// # Errors
/// A required argument is missing.
pub fn build(spec: &CommandSpec, v: Values) -> Result<Command, CommandError> {
    for a in spec.args.iter().filter(|a| a.required) {
        let given = match a.kind {
            ArgKind::GameId => v.id.is_some(),
            ArgKind::User => v.user.is_some(),
            ArgKind::Word(_) => v.word,
            ArgKind::Choice(_) => v.choice.is_some(),
            ArgKind::Game => v.game.is_some(),
            ArgKind::Action | ArgKind::Text => v.text.is_some(),
            ArgKind::Options | ArgKind::Setting(_) => !v.options.is_empty(),
            ArgKind::Count(_) => v.options.iter().any(|o| o.starts_with(&format!("{}=", a.name))),
        };
        if !given {
            return Err(CommandError::Missing { command: spec.name, what: a.what });
        }
    }
    let Values { id, user, choice, game, text, options, .. } = v;
    let answer = choice.map(|c| c == "accept");
    // A count's value, from the `name=value` its argument was read as.
    let count = |key: &'static str| -> Result<Option<u32>, CommandError> {
        let Some(value) = options.iter().find_map(|o| o.strip_prefix(&format!("{key}="))) else {
            return Ok(None);
        };
        let digits: String = value
            .trim()
            .chars()
            // Full-width digits, as a Chinese keyboard may type them.
            .map(|c| match c {
                '０'..='９' => char::from_u32(u32::from(c) - u32::from('０') + u32::from('0'))
                    .unwrap_or(c),
                c => c,
            })
            .collect();
        match digits.parse::<u32>() {
            Ok(n) if n >= 1 && digits.chars().all(|c| c.is_ascii_digit()) => Ok(Some(n)),
            _ => Err(CommandError::BadCount { command: spec.name, key, value: value.to_string() }),
        }
    };
    Ok(match spec.name {
        "new" => Command::New { game: game.unwrap_or_default(), opponent: user, settings: options },
        "seek" => Command::Seek { game, settings: options },
        "unseek" => Command::Unseek(game),
        "tournament" => Command::Tournament {
            action: choice
                .and_then(TournamentAction::from_choice)
                .ok_or(CommandError::Missing { command: spec.name, what: "task" })?,
            game,
            player: user,
            settings: options,
        },
        "accept" => Command::Accept(id),
        "decline" => Command::Decline(id),
        "move" => Command::Move { id, text: text.unwrap_or_default() },
        "confirm" => Command::Confirm(id),
        "cancel" => Command::Cancel(id),
        "board" => Command::Board { id, window: text },
        "view" => Command::View { id, slice: text },
        "moves" => Command::Moves { id, square: text.unwrap_or_default() },
        "challenge" => Command::Challenge(id),
        "pass" => Command::Pass(id),
        "claim" => Command::Claim(id),
        "hint" => Command::Hint(id),
        "switch" => Command::Switch(id),
        "resign" => Command::Resign(id),
        "draw" => Command::Draw { id, answer },
        "takeback" => Command::Takeback { id, answer },
        "abort" => Command::Abort(id),
        "games" => Command::Games,
        "library" => Command::Library { id, opponent: user },
        "rules" => Command::Rules { game, topic: text },
        "leaderboard" => {
            Command::Leaderboard { game: game.unwrap_or_default(), min: count("min")? }
        }
        "profile" => Command::Profile(user),
        "history" => Command::History { player: user, game, page: count("page")? },
        "follow" => Command::Follow { id, player: user, on: true },
        "unfollow" => Command::Follow { id, player: user, on: false },
        "export" | "replay" => match (spec.name, id) {
            ("export", Some(id)) => Command::Export(id),
            (_, Some(id)) => Command::Replay(id),
            (_, None) => return Err(CommandError::Missing { command: spec.name, what: "id" }),
        },
        "vacation" => Command::Vacation(text),
        "link" => Command::Link(text),
        "unlink" => Command::Unlink,
        "help" => Command::Help,
        "settings" => Command::Settings(options),
        "admin" => match id {
            Some(id) => Command::AdminAbort(id),
            None => return Err(CommandError::Missing { command: spec.name, what: "admin-abort" }),
        },
        "start" => Command::Start(text.and_then(|t| t.parse().ok())),
        "press" => Command::Press(text.and_then(|t| t.parse().ok())),
        other => return Err(CommandError::Unknown(other.to_string())),
    })
}

/// Reads a command's arguments from the words after its name, by its argument table: `#id` and
/// `@user` wherever they stand, then the others in order (a word or an answer first, a game
/// name as one word, free text, a move and settings as the rest).
fn read(spec: &CommandSpec, tail: &str) -> Result<Values, CommandError> {
    let mut args: Vec<&str> = tail.split_whitespace().collect();
    let mut v = Values::default();
    let takes = |kind: ArgKind| spec.args.iter().any(|a| a.kind == kind);
    if takes(ArgKind::GameId) {
        v.id = take_id(&mut args);
    }
    if takes(ArgKind::User) {
        v.user = args
            .iter()
            .position(|a| a.starts_with('@') && a.len() > 1)
            // One `@` is the mention's; a second marks a handle the platform could not resolve
            // to a user (`@@mei`: the invitation waits for that handle).
            .map(|i| UserId::from(args.remove(i).strip_prefix('@').unwrap_or_default()));
    }
    // Counts stand anywhere, by name (`/history page=2 ultima`), so they are taken first and
    // never read as a game's name.
    for a in spec.args {
        if let ArgKind::Count(others) = a.kind {
            let named = |word: &str| {
                let word = word.replace('＝', "=");
                let (key, value) = word.split_once('=')?;
                let key = key.to_lowercase();
                (key == a.name || others.contains(&key.as_str())).then(|| value.to_string())
            };
            if let Some(at) = args.iter().position(|w| named(w).is_some()) {
                let value = named(args.remove(at)).unwrap_or_default();
                v.options.push(format!("{}={value}", a.name));
            }
        }
    }
    for a in spec.args {
        match a.kind {
            ArgKind::GameId | ArgKind::User | ArgKind::Count(_) => {}
            ArgKind::Word(words) => {
                if args.first().is_some_and(|w| words.contains(&w.to_lowercase().as_str())) {
                    args.remove(0);
                    v.word = true;
                }
            }
            ArgKind::Choice(choices) => {
                if let Some(first) = args.first() {
                    match choice_word(first, choices) {
                        Some(choice) => {
                            args.remove(0);
                            v.choice = Some(choice);
                        }
                        None => {
                            let arg = args.join(" ");
                            return Err(CommandError::BadArgument { command: spec.name, arg });
                        }
                    }
                }
            }
            ArgKind::Game => {
                if !args.is_empty() {
                    v.game = Some(args.remove(0).to_string());
                }
            }
            ArgKind::Action | ArgKind::Text => {
                if !args.is_empty() {
                    v.text = Some(args.join(" "));
                    args.clear();
                }
            }
            ArgKind::Options | ArgKind::Setting(_) => {
                // A quoted value (`position="4x4 p1=a1"`) is one option however many words it
                // has; a quote left open is refused where the options are read.
                let words = crate::games::options::split_words(&args.join(" "))
                    .unwrap_or_else(|_| args.iter().map(ToString::to_string).collect());
                v.options.extend(words);
                args.clear();
            }
        }
    }
    if args.is_empty() {
        Ok(v)
    } else {
        Err(CommandError::BadArgument { command: spec.name, arg: args.join(" ") })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(line: &str) -> Command {
        parse(line, false).unwrap().unwrap()
    }

    #[test]
    fn library_lists_or_continues_a_game_with_an_optional_opponent() {
        assert_eq!(p("/library"), Command::Library { id: None, opponent: None });
        let fork = Command::Library { id: Some(GameId(12)), opponent: Some("bob".into()) };
        assert_eq!(p("/library continue #12 @bob"), fork);
        assert_eq!(p("/和局庫 #12 @bob"), fork);
        assert_eq!(p("/library #12"), Command::Library { id: Some(GameId(12)), opponent: None });
        assert!(parse("/library everything", false).is_err());
    }

    #[test]
    fn view_takes_an_optional_slice_and_moves_needs_a_square() {
        assert_eq!(p("/view #3"), Command::View { id: Some(GameId(3)), slice: None });
        assert_eq!(
            p("/view z 1..4 5..8 #3"),
            Command::View { id: Some(GameId(3)), slice: Some("z 1..4 5..8".into()) }
        );
        assert_eq!(p("/走法 7,6 #2"), Command::Moves { id: Some(GameId(2)), square: "7,6".into() });
        assert!(matches!(parse("/moves #2", false), Err(CommandError::Missing { .. })));
    }

    #[test]
    fn every_command_name_and_alias_is_unique_and_parses() {
        let mut seen = std::collections::HashSet::new();
        for spec in COMMANDS {
            for name in std::iter::once(spec.name).chain(spec.aliases()) {
                assert!(seen.insert(name), "/{name} defined twice");
                assert_eq!(find(name), Some(spec));
            }
        }
    }

    #[test]
    fn ids_may_stand_anywhere_and_new_takes_an_opponent_and_settings() {
        assert_eq!(
            p("/move A1-A2 R #12"),
            Command::Move { id: Some(GameId(12)), text: "A1-A2 R".into() }
        );
        assert_eq!(p("/走 #3 A1 R"), Command::Move { id: Some(GameId(3)), text: "A1 R".into() });
        assert_eq!(
            p("/new dark-fence @bob board=5x5 clock=live"),
            Command::New {
                game: "dark-fence".into(),
                opponent: Some("bob".into()),
                settings: vec!["board=5x5".into(), "clock=live".into()],
            }
        );
        assert_eq!(p("/draw accept #4"), Command::Draw { id: Some(GameId(4)), answer: Some(true) });
        assert_eq!(p("/和棋"), Command::Draw { id: None, answer: None });
        assert_eq!(p("/admin abort #9"), Command::AdminAbort(GameId(9)));
    }

    #[test]
    fn a_bare_line_is_a_move_in_private_and_chatter_in_a_group() {
        assert_eq!(parse("A1 R", true), Ok(Some(Command::Move { id: None, text: "A1 R".into() })));
        assert_eq!(parse("hello all", false), Ok(None));
    }

    #[test]
    fn a_bare_private_move_names_its_game_with_an_id_before_or_after_it() {
        let in_two = Ok(Some(Command::Move { id: Some(GameId(2)), text: "A1-A2 R".into() }));
        assert_eq!(parse("A1-A2 R #2", true), in_two);
        assert_eq!(parse("#2 A1-A2 R", true), in_two);
        assert_eq!(parse("A1-A2 #2 R", true), in_two);
        // An id alone is no move: it stays the text, which the game refuses.
        assert_eq!(parse("#2", true), Ok(Some(Command::Move { id: None, text: "#2".into() })));
        assert_eq!(parse("A1-A2 R #2", false), Ok(None), "chatter in a group");
    }

    #[test]
    fn a_line_over_the_limit_is_refused_with_its_length_and_one_at_the_limit_is_read() {
        let long =
            |n: usize| format!("/moves {}", "1,".repeat((n - 7) / 2) + &"1".repeat((n - 7) % 2));
        let at_limit = long(MAX_LINE_CHARS);
        assert_eq!(at_limit.chars().count(), MAX_LINE_CHARS);
        assert!(matches!(parse(&at_limit, false), Ok(Some(Command::Moves { .. }))));
        let over = long(MAX_LINE_CHARS + 1);
        assert_eq!(
            parse(&over, false),
            Err(CommandError::TooLong { limit: MAX_LINE_CHARS, length: MAX_LINE_CHARS + 1 })
        );
        // Characters, not bytes: 2,000 Chinese characters (6,000 bytes) are within the limit.
        let chinese = format!("/走 {}", "兵".repeat(MAX_LINE_CHARS - 3));
        assert!(matches!(parse(&chinese, false), Ok(Some(Command::Move { .. }))));
        let chinese = format!("{chinese}兵");
        assert!(matches!(parse(&chinese, false), Err(CommandError::TooLong { length: 2_001, .. })));
        // Surrounding whitespace does not count.
        assert!(parse(&format!("   {at_limit}\n\n   "), false).is_ok());
        // In private a line without `/` is a move, so it is held to the limit too; in a group
        // it is conversation, left alone however long.
        let plain = "7,6x7,8 ".repeat(400);
        assert!(matches!(parse(&plain, true), Err(CommandError::TooLong { length: 3_199, .. })));
        assert_eq!(parse(&plain, false), Ok(None));
        let unknown = format!("/{}", "x".repeat(10_000));
        assert!(
            matches!(parse(&unknown, false), Err(CommandError::TooLong { .. })),
            "before the name"
        );
    }

    #[test]
    fn help_grammar_is_rendered_from_the_argument_table_in_each_language() {
        // The grammars help showed when they were written by hand, in English and Chinese.
        let english = [
            ("new", "<game> [@opponent] [key=value …]"),
            ("move", "<action> [#id]"),
            ("board", "[#id] [window]"),
            ("moves", "<square> [#id]"),
            ("draw", "[accept|decline] [#id]"),
            ("games", ""),
            ("library", "[#id] [@opponent]"),
            ("rules", "[game] [topic]"),
            (
                "settings",
                "[language=en|zh-Hans|zh-Hant] [notifications=on|off] [pings=dm|mention|off] \
                 [digest=on|off] [chat_language=en|zh-Hans|zh-Hant|auto] [public_seeks=on|off] \
                 [tournaments=admins|everyone]",
            ),
            ("admin", "abort <#id>"),
            ("press", "<button>"),
        ];
        for (name, grammar) in english {
            assert_eq!(find(name).expect("a command").grammar(), grammar, "/{name}");
        }
        use crate::table::voice;
        let named = |lang, name: &str| {
            let spec = find(name).expect("a command");
            spec.grammar_in(|arg| voice::command_text(lang, &format!("arg-name-{arg}")))
        };
        use crate::table::reply::Lang;
        assert_eq!(named(Lang::ZhHans, "new"), "<游戏> [@对手] [选项=值 …]");
        assert_eq!(named(Lang::ZhHant, "new"), "<遊戲> [@對手] [選項=值 …]");
        assert_eq!(named(Lang::ZhHans, "move"), "<行动> [#编号]");
        assert_eq!(named(Lang::ZhHant, "board"), "[#編號] [範圍]");
        assert_eq!(named(Lang::ZhHans, "admin"), "abort <#编号>");
        assert_eq!(named(Lang::En, "new"), "<game> [@opponent] [key=value …]");
        // Every placeholder of every command is named in every language.
        for spec in COMMANDS {
            for lang in Lang::ALL {
                let ids = voice::catalog_ids(lang);
                let _ = spec.grammar_in(|arg| {
                    let id = format!("arg-name-{arg}");
                    assert!(ids.contains(&id), "{id} in {lang}");
                    String::new()
                });
            }
        }
    }

    #[test]
    fn typed_values_build_the_same_command_as_the_line_a_player_types() {
        let spec = |name| find(name).expect("a command");
        let typed = Values {
            game: Some("dark-fence".into()),
            user: Some("1002".into()),
            options: vec!["board=5x5".into(), "mode=challenge".into()],
            ..Values::default()
        };
        assert_eq!(
            build(spec("new"), typed),
            parse("/new dark-fence @1002 board=5x5 mode=challenge", false).map(Option::unwrap)
        );
        let typed = Values { id: Some(GameId(3)), word: true, ..Values::default() };
        assert_eq!(build(spec("admin"), typed), Ok(Command::AdminAbort(GameId(3))));
        let typed = Values { choice: Some("decline"), ..Values::default() };
        assert_eq!(build(spec("draw"), typed), Ok(Command::Draw { id: None, answer: Some(false) }));
        // A required value missing is the same refusal a typed line gets.
        assert_eq!(
            build(spec("move"), Values { id: Some(GameId(2)), ..Values::default() }),
            parse("/move #2", false).map(Option::unwrap)
        );
    }

    // Issue 42: `/leaderboard` can require a minimum of games, and `/history` pages; both
    // counts stand anywhere by name, in English or Chinese, and a bad count is refused by name.
    #[test]
    fn issue_42_leaderboard_takes_a_minimum_and_history_a_page_by_name_in_every_script() {
        let board = |min| Command::Leaderboard { game: "ultima".into(), min };
        assert_eq!(p("/leaderboard ultima"), board(None));
        assert_eq!(p("/leaderboard ultima min=5"), board(Some(5)));
        assert_eq!(p("/leaderboard min=5 ultima"), board(Some(5)));
        assert_eq!(p("/排行榜 ultima 最少=5"), board(Some(5)));
        assert_eq!(p("/排行榜 ultima 至少＝５"), board(Some(5)));
        let history = |game: Option<&str>, page| Command::History {
            player: None,
            game: game.map(String::from),
            page,
        };
        assert_eq!(p("/history page=2"), history(None, Some(2)));
        assert_eq!(p("/history page=2 ultima"), history(Some("ultima"), Some(2)));
        assert_eq!(p("/历史 页=3"), history(None, Some(3)));
        assert_eq!(p("/歷史 頁=3"), history(None, Some(3)));
        assert_eq!(p("/history"), history(None, None));
        for (line, key, value) in [
            ("/leaderboard ultima min=0", "min", "0"),
            ("/leaderboard ultima min=five", "min", "five"),
            ("/history page=-1", "page", "-1"),
            ("/history page=", "page", ""),
            ("/history page=+2", "page", "+2"),
        ] {
            assert_eq!(
                parse(line, false),
                Err(CommandError::BadCount {
                    command: find(
                        line.split_whitespace().next().unwrap_or_default().trim_start_matches('/')
                    )
                    .expect("a command")
                    .name,
                    key,
                    value: value.into()
                }),
                "{line}"
            );
        }
        assert_eq!(find("leaderboard").expect("a command").grammar(), "<game> [min=N]");
        assert_eq!(find("history").expect("a command").grammar(), "[@player] [game] [page=N]");
    }

    #[test]
    fn answers_read_in_english_and_both_chinese_scripts() {
        assert_eq!(p("/draw 拒絕"), Command::Draw { id: None, answer: Some(false) });
        assert_eq!(
            p("/takeback 同意 #2"),
            Command::Takeback { id: Some(GameId(2)), answer: Some(true) }
        );
        assert_eq!(p("/draw NO"), Command::Draw { id: None, answer: Some(false) });
    }

    #[test]
    fn unknown_commands_and_bad_arguments_are_errors() {
        assert_eq!(parse("/fly", false), Err(CommandError::Unknown("fly".into())));
        assert!(matches!(parse("/new", false), Err(CommandError::Missing { .. })));
        assert!(matches!(parse("/move #2", false), Err(CommandError::Missing { .. })));
        assert!(matches!(parse("/resign now", false), Err(CommandError::BadArgument { .. })));
        assert!(matches!(parse("/draw maybe", false), Err(CommandError::BadArgument { .. })));
        assert!(matches!(parse("/admin abort", false), Err(CommandError::Missing { .. })));
        assert!(matches!(parse("/admin #4", false), Err(CommandError::Missing { .. })));
        assert!(matches!(parse("/games twice", false), Err(CommandError::BadArgument { .. })));
        // `/rules <game>` takes a topic (a piece's code) after the game.
        assert_eq!(
            parse("/rules ultima X", false),
            Ok(Some(Command::Rules { game: Some("ultima".into()), topic: Some("X".into()) }))
        );
    }
}
