//! The commands players type: one definition per command ([`COMMANDS`]) from which `/help`,
//! and later the Discord and Telegram registrations, are generated, and the parser that turns a
//! line of text into a [`Command`].

use thiserror::Error;

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
    /// The argument grammar, for help texts.
    pub args: &'static str,
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
    args: &'static str,
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
}

/// Every command, in the order `/help` lists them.
pub const COMMANDS: &[CommandSpec] = &[
    cmd(
        "new",
        &["新局", "开局"],
        &["新局", "開局"],
        "<game> [@opponent] [key=value …]",
        "help-new",
    ),
    cmd("accept", &["接受"], &["接受"], "[#id]", "help-accept"),
    cmd("decline", &["拒绝"], &["拒絕"], "[#id]", "help-decline"),
    cmd("move", &["走", "行动"], &["走", "行動"], "<action> [#id]", "help-move"),
    cmd("confirm", &["确认"], &["確認"], "[#id]", "help-confirm"),
    cmd("cancel", &["撤回"], &["撤回"], "[#id]", "help-cancel"),
    cmd("board", &["棋盘"], &["棋盤"], "[#id] [window]", "help-board"),
    cmd("view", &["视图", "我的"], &["視圖", "我的"], "[#id] [slice]", "help-view"),
    cmd("moves", &["走法"], &["走法"], "<square> [#id]", "help-moves"),
    cmd("challenge", &["质疑"], &["質疑"], "[#id]", "help-challenge"),
    cmd("pass", &["不质疑"], &["不質疑"], "[#id]", "help-pass"),
    cmd("claim", &["分野"], &["分野"], "[#id]", "help-claim"),
    cmd("hint", &["提示"], &["提示"], "[#id]", "help-hint"),
    cmd("resign", &["认输"], &["認輸"], "[#id]", "help-resign"),
    cmd("draw", &["和棋"], &["和棋"], "[accept|decline] [#id]", "help-draw"),
    cmd("takeback", &["悔棋"], &["悔棋"], "[accept|decline] [#id]", "help-takeback"),
    cmd("abort", &["取消"], &["取消"], "[#id]", "help-abort"),
    cmd("games", &["对局"], &["對局"], "", "help-games"),
    cmd("library", &["和局库"], &["和局庫"], "[#id] [@opponent]", "help-library"),
    cmd("rules", &["规则"], &["規則"], "[game]", "help-rules"),
    cmd("help", &["帮助"], &["幫助", "說明"], "", "help-help"),
    cmd(
        "settings",
        &["设置"],
        &["設定"],
        "[language=en|zh-Hans|zh-Hant] [notifications=on|off]",
        "help-settings",
    ),
    CommandSpec {
        admin: true, ..cmd("admin", &["管理"], &["管理"], "abort <#id>", "help-admin")
    },
    CommandSpec { hidden: true, ..cmd("start", &[], &[], "[token]", "help-start") },
    CommandSpec { hidden: true, ..cmd("press", &[], &[], "<button>", "help-press") },
];

/// A parsed command. `id` is a game id typed as `#12`, when given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `/new <game> [@opponent] [key=value …]`
    New {
        /// The game's code or name as typed.
        game: String,
        /// The invited player, without `@`.
        opponent: Option<String>,
        /// Everything else: table settings and game options, `k=v` each.
        settings: Vec<String>,
    },
    /// `/accept [#id]`
    Accept(Option<i64>),
    /// `/decline [#id]`
    Decline(Option<i64>),
    /// `/move <action> [#id]`, or a bare action in a private chat.
    Move {
        /// The game.
        id: Option<i64>,
        /// The action as typed.
        text: String,
    },
    /// `/confirm [#id]`: play the move waiting for confirmation.
    Confirm(Option<i64>),
    /// `/cancel [#id]`: drop it.
    Cancel(Option<i64>),
    /// `/board [#id]`: the public view.
    Board {
        /// The game.
        id: Option<i64>,
        /// Rabble's window: a centre `x,y[,z…]` and/or `zoom N`.
        window: Option<String>,
    },
    /// `/view [#id]`: the caller's private view; with a slice, Rabble's 3-D observation
    /// (`/view z x1..x2 y1..y2 [z1..z2]`, for anyone: Rabble has no secrets).
    View {
        /// The game.
        id: Option<i64>,
        /// The slice as typed, after the game id.
        slice: Option<String>,
    },
    /// `/moves <square> [#id]`: where the Rabble unit on a square can go (its turns are
    /// infinite, so they are listed one origin at a time).
    Moves {
        /// The game.
        id: Option<i64>,
        /// The square as typed.
        square: String,
    },
    /// `/challenge [#id]`
    Challenge(Option<i64>),
    /// `/pass [#id]`
    Pass(Option<i64>),
    /// `/claim [#id]`
    Claim(Option<i64>),
    /// `/hint [#id]`: the solver's verdict and best actions (Chaos Clock with hints on).
    Hint(Option<i64>),
    /// `/resign [#id]`
    Resign(Option<i64>),
    /// `/draw [accept|decline] [#id]`: offer, or answer an offer.
    Draw {
        /// The game.
        id: Option<i64>,
        /// `Some(true)` accept, `Some(false)` decline, `None` offer (or accept a standing offer).
        answer: Option<bool>,
    },
    /// `/takeback [accept|decline] [#id]`
    Takeback {
        /// The game.
        id: Option<i64>,
        /// As for draws.
        answer: Option<bool>,
    },
    /// `/abort [#id]`
    Abort(Option<i64>),
    /// `/games`
    Games,
    /// `/library`: the drawn Rabble games kept for others to continue; with an id, continue that
    /// one here (a fork), inviting `opponent` or anyone.
    Library {
        /// The drawn game to continue.
        id: Option<i64>,
        /// Who is invited to the fork.
        opponent: Option<String>,
    },
    /// `/rules [game]`
    Rules(Option<String>),
    /// `/help`
    Help,
    /// `/settings [k=v …]`
    Settings(Vec<String>),
    /// `/admin abort #id`
    AdminAbort(i64),
    /// `/start [token]` in a private chat (opens the private channel; deep links carry a token).
    Start(Option<String>),
    /// A button press: its payload.
    Press(String),
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
/// surrounding whitespace not counted. Longer lines are refused before any parsing: no command
/// needs more (a Rabble square of sixteen 16-digit numbers is at most about 320 characters, so
/// even a turn naming four of them in full fits), Discord's own limit for a message is 2,000,
/// and the work and the answer then stay small whatever is sent.
pub const MAX_LINE_CHARS: usize = 2_000;

/// The spec of a command by name or alias (case-insensitive).
#[must_use]
pub fn find(name: &str) -> Option<&'static CommandSpec> {
    let name = name.to_lowercase();
    COMMANDS.iter().find(|c| c.name == name || c.aliases().any(|a| a == name))
}

/// Takes a `#12` token out of the arguments.
fn take_id(args: &mut Vec<&str>) -> Option<i64> {
    let at =
        args.iter().position(|a| a.strip_prefix('#').is_some_and(|n| n.parse::<i64>().is_ok()))?;
    let token = args.remove(at);
    token.trim_start_matches('#').parse().ok()
}

fn take_answer(command: &'static str, args: &mut Vec<&str>) -> Result<Option<bool>, CommandError> {
    match args.first().map(|a| a.to_lowercase()) {
        None => Ok(None),
        Some(a) if matches!(a.as_str(), "accept" | "yes" | "接受" | "同意") => {
            args.remove(0);
            Ok(Some(true))
        }
        Some(a) if matches!(a.as_str(), "decline" | "no" | "拒绝") => {
            args.remove(0);
            Ok(Some(false))
        }
        Some(_) => Err(CommandError::BadArgument { command, arg: args.join(" ") }),
    }
}

fn no_more(command: &'static str, args: &[&str]) -> Result<(), CommandError> {
    if args.is_empty() {
        Ok(())
    } else {
        Err(CommandError::BadArgument { command, arg: args.join(" ") })
    }
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
            return Ok(Some(Command::Move { id: None, text: line.to_string() }));
        }
        return Ok(None);
    };
    let (name, tail) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    let spec = find(name).ok_or_else(|| CommandError::Unknown(name.to_string()))?;
    let mut args: Vec<&str> = tail.split_whitespace().collect();
    let c = spec.name;
    let id_only = |args: &mut Vec<&str>| -> Result<Option<i64>, CommandError> {
        let id = take_id(args);
        no_more(c, args)?;
        Ok(id)
    };
    let command = match c {
        "new" => {
            if args.is_empty() {
                return Err(CommandError::Missing { command: c, what: "game" });
            }
            let game = args.remove(0).to_string();
            let opponent = args
                .iter()
                .position(|a| a.starts_with('@') && a.len() > 1)
                .map(|i| args.remove(i).trim_start_matches('@').to_string());
            Command::New {
                game,
                opponent,
                settings: args.iter().map(ToString::to_string).collect(),
            }
        }
        "accept" => Command::Accept(id_only(&mut args)?),
        "decline" => Command::Decline(id_only(&mut args)?),
        "move" => {
            let id = take_id(&mut args);
            if args.is_empty() {
                return Err(CommandError::Missing { command: c, what: "action" });
            }
            Command::Move { id, text: args.join(" ") }
        }
        "confirm" => Command::Confirm(id_only(&mut args)?),
        "cancel" => Command::Cancel(id_only(&mut args)?),
        "board" => {
            let id = take_id(&mut args);
            let window = (!args.is_empty()).then(|| args.join(" "));
            Command::Board { id, window }
        }
        "view" => {
            let id = take_id(&mut args);
            let slice = (!args.is_empty()).then(|| args.join(" "));
            Command::View { id, slice }
        }
        "moves" => {
            let id = take_id(&mut args);
            if args.is_empty() {
                return Err(CommandError::Missing { command: c, what: "square" });
            }
            Command::Moves { id, square: args.join(" ") }
        }
        "challenge" => Command::Challenge(id_only(&mut args)?),
        "pass" => Command::Pass(id_only(&mut args)?),
        "claim" => Command::Claim(id_only(&mut args)?),
        "hint" => Command::Hint(id_only(&mut args)?),
        "resign" => Command::Resign(id_only(&mut args)?),
        "draw" | "takeback" => {
            let id = take_id(&mut args);
            let answer = take_answer(c, &mut args)?;
            no_more(c, &args)?;
            if c == "draw" {
                Command::Draw { id, answer }
            } else {
                Command::Takeback { id, answer }
            }
        }
        "abort" => Command::Abort(id_only(&mut args)?),
        "games" => {
            no_more(c, &args)?;
            Command::Games
        }
        "library" => {
            if args
                .first()
                .is_some_and(|a| matches!(a.to_lowercase().as_str(), "continue" | "继续" | "繼續"))
            {
                args.remove(0);
            }
            let id = take_id(&mut args);
            let opponent = args
                .iter()
                .position(|a| a.starts_with('@') && a.len() > 1)
                .map(|i| args.remove(i).trim_start_matches('@').to_string());
            no_more(c, &args)?;
            Command::Library { id, opponent }
        }
        "rules" => Command::Rules(args.first().map(ToString::to_string)),
        "help" => Command::Help,
        "settings" => Command::Settings(args.iter().map(ToString::to_string).collect()),
        "admin" => {
            let id = take_id(&mut args);
            match (args.as_slice(), id) {
                (["abort"], Some(id)) => Command::AdminAbort(id),
                _ => return Err(CommandError::Missing { command: c, what: "admin-abort" }),
            }
        }
        "start" => Command::Start(args.first().map(ToString::to_string)),
        "press" => match args.as_slice() {
            [payload] => Command::Press((*payload).to_string()),
            _ => return Err(CommandError::Missing { command: c, what: "button" }),
        },
        _ => return Err(CommandError::Unknown(name.to_string())),
    };
    Ok(Some(command))
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
        let fork = Command::Library { id: Some(12), opponent: Some("bob".into()) };
        assert_eq!(p("/library continue #12 @bob"), fork);
        assert_eq!(p("/和局庫 #12 @bob"), fork);
        assert_eq!(p("/library #12"), Command::Library { id: Some(12), opponent: None });
        assert!(parse("/library everything", false).is_err());
    }

    #[test]
    fn view_takes_an_optional_slice_and_moves_needs_a_square() {
        assert_eq!(p("/view #3"), Command::View { id: Some(3), slice: None });
        assert_eq!(
            p("/view z 1..4 5..8 #3"),
            Command::View { id: Some(3), slice: Some("z 1..4 5..8".into()) }
        );
        assert_eq!(p("/走法 7,6 #2"), Command::Moves { id: Some(2), square: "7,6".into() });
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
        assert_eq!(p("/move A1-A2 R #12"), Command::Move { id: Some(12), text: "A1-A2 R".into() });
        assert_eq!(p("/走 #3 A1 R"), Command::Move { id: Some(3), text: "A1 R".into() });
        assert_eq!(
            p("/new dark-fence @bob board=5x5 clock=live"),
            Command::New {
                game: "dark-fence".into(),
                opponent: Some("bob".into()),
                settings: vec!["board=5x5".into(), "clock=live".into()],
            }
        );
        assert_eq!(p("/draw accept #4"), Command::Draw { id: Some(4), answer: Some(true) });
        assert_eq!(p("/和棋"), Command::Draw { id: None, answer: None });
        assert_eq!(p("/admin abort #9"), Command::AdminAbort(9));
    }

    #[test]
    fn a_bare_line_is_a_move_in_private_and_chatter_in_a_group() {
        assert_eq!(parse("A1 R", true), Ok(Some(Command::Move { id: None, text: "A1 R".into() })));
        assert_eq!(parse("hello all", false), Ok(None));
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
    fn unknown_commands_and_bad_arguments_are_errors() {
        assert_eq!(parse("/fly", false), Err(CommandError::Unknown("fly".into())));
        assert!(matches!(parse("/new", false), Err(CommandError::Missing { .. })));
        assert!(matches!(parse("/move #2", false), Err(CommandError::Missing { .. })));
        assert!(matches!(parse("/resign now", false), Err(CommandError::BadArgument { .. })));
        assert!(matches!(parse("/draw maybe", false), Err(CommandError::BadArgument { .. })));
        assert!(matches!(parse("/admin abort", false), Err(CommandError::Missing { .. })));
    }
}
