//! Pure translation between Discord and the referee, with no I/O: slash command options from the
//! referee's one command list (its argument grammar), the typed line an interaction stands for,
//! where each referee message goes (an ephemeral reply, a channel, a direct message) and how it
//! fits Discord's limits (2000-character contents, 5 buttons to a row and 5 rows, 100-byte custom
//! ids, 80-character labels). The adapter in [`super`] does the calls.

use crate::games::GameKind;
use crate::store::{GameId, Platform, UserId};
use crate::table::command::Arg;
use crate::table::command::{ArgKind, CommandSpec, Values};
use crate::table::reply::{Button, Dest, Lang, Outbound};
use crate::table::voice;

/// The platform name of Discord games and messages.
pub const PLATFORM: Platform = Platform::Discord;

/// The longest content of one message.
pub const CONTENT_LIMIT: usize = 2000;
/// The longest description of a command or an option.
pub const DESCRIPTION_LIMIT: usize = 100;
/// The most bytes of a component's custom id.
pub const CUSTOM_ID_LIMIT: usize = 100;
/// The longest button label.
pub const LABEL_LIMIT: usize = 80;
/// Buttons in one action row.
pub const BUTTONS_PER_ROW: usize = 5;
/// Action rows under one message.
pub const MAX_ROWS: usize = 5;
/// Suggestions in one autocomplete answer.
pub const CHOICES_LIMIT: usize = 25;
/// Discord's error code for "Cannot send messages to this user" (direct messages closed).
pub const DMS_CLOSED: isize = 50007;

/// The Discord locales the commands are localized for, and the language of each: `zh-CN`
/// Simplified, `zh-TW` Traditional (Discord has no other Chinese locale).
pub const ZH_LOCALES: [(&str, Lang); 2] = [("zh-CN", Lang::ZhHans), ("zh-TW", Lang::ZhHant)];

/// The type of a slash command option.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionKind {
    /// Free text (or one of the choices).
    Text,
    /// A whole number (game ids).
    Integer,
    /// A member of the server.
    User,
}

/// What an option's autocomplete suggests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Complete {
    /// Nothing (free text, or fixed choices).
    Nothing,
    /// The caller's games here.
    GameId,
    /// The caller's legal moves, where they are finite and public.
    Action,
    /// Game names.
    GameName,
    /// Option keys of the chosen game.
    Options,
}

/// One slash command option: one argument of the referee's command table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionDef {
    /// The option name (lower case, as Discord requires).
    pub name: &'static str,
    /// The Fluent id of its description (`discord-opt-<name>`).
    pub help: String,
    /// Its type.
    pub kind: OptionKind,
    /// Whether it must be given.
    pub required: bool,
    /// Fixed choices (the values as typed), if any.
    pub choices: Vec<&'static str>,
    /// What autocomplete offers.
    pub complete: Complete,
    /// The argument it fills.
    pub arg: Arg,
}

/// A slash command: the referee's command with its options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandDef {
    /// The referee's definition.
    pub spec: CommandSpec,
    /// The options, in the order of its arguments (fixed words are implied by the command).
    pub options: Vec<OptionDef>,
}

/// The slash commands: every command that is not hidden, with options from its arguments.
#[must_use]
pub fn command_defs(specs: &[CommandSpec]) -> Vec<CommandDef> {
    specs.iter().filter(|s| !s.hidden).map(command_def).collect()
}

/// One command's options, one per argument: a game id is a number, a user a member, answers
/// and settings fixed choices, a game name, a move and option keys autocompleted, anything
/// else free text. Fixed words (`/admin abort`) are implied by the command and get none.
#[must_use]
pub fn command_def(spec: &CommandSpec) -> CommandDef {
    let options = spec
        .args
        .iter()
        .filter(|a| !matches!(a.kind, ArgKind::Word(_)))
        .map(|a| {
            let (kind, complete, choices) = match a.kind {
                ArgKind::GameId => (OptionKind::Integer, Complete::GameId, Vec::new()),
                ArgKind::Count(_) => (OptionKind::Integer, Complete::Nothing, Vec::new()),
                ArgKind::User => (OptionKind::User, Complete::Nothing, Vec::new()),
                ArgKind::Choice(c) | ArgKind::Setting(c) => {
                    (OptionKind::Text, Complete::Nothing, c.to_vec())
                }
                ArgKind::Game => (OptionKind::Text, Complete::GameName, Vec::new()),
                ArgKind::Action => (OptionKind::Text, Complete::Action, Vec::new()),
                ArgKind::Options => (OptionKind::Text, Complete::Options, Vec::new()),
                ArgKind::Text | ArgKind::Word(_) => {
                    (OptionKind::Text, Complete::Nothing, Vec::new())
                }
            };
            OptionDef {
                name: a.name,
                help: format!("discord-opt-{}", a.name),
                kind,
                required: a.required,
                choices,
                complete,
                arg: *a,
            }
        })
        .collect();
    CommandDef { spec: *spec, options }
}

/// The message naming an option in the reader's language (`arg-name-<name>`, the word `/help`
/// uses for the argument too).
#[must_use]
pub fn option_name_message(name: &str) -> String {
    format!("arg-name-{name}")
}

/// The message naming a fixed choice in the reader's language (Discord shows the localized
/// name to `zh-CN` and `zh-TW` clients; English keeps the value as typed).
#[must_use]
pub fn choice_message(option: &str, choice: &str) -> Option<String> {
    match option {
        "answer" => Some(format!("btn-{choice}")),
        "language" | "chat_language" => Some(format!("lang-name-{choice}")),
        "notifications" | "digest" | "public_seeks" => Some(format!("notif-{choice}")),
        "pings" => Some(format!("pings-{choice}")),
        "task" => Some(format!("tournament-action-{choice}")),
        "tournaments" => Some(format!("tournament-makers-{choice}")),
        _ => None,
    }
}

/// A value given to an option.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// Text.
    Text(String),
    /// A number (a game id, or the index of a fixed choice).
    Integer(i64),
    /// A user, by id.
    User(UserId),
}

/// The argument values of a slash command with these option values (unknown names and values
/// of the wrong type are left out; a choice is given by its index), for
/// [`command::build`](crate::table::command::build): the options reach the referee typed.
#[must_use]
pub fn values(def: &CommandDef, given: &[(&str, Value)]) -> Values {
    let text = |t: &str| Some(t.trim().to_string()).filter(|t| !t.is_empty());
    // The command's fixed words (`/admin abort`) are implied by the slash command itself.
    let mut v = Values { word: true, ..Values::default() };
    for option in &def.options {
        let Some((_, value)) = given.iter().find(|(n, _)| *n == option.name) else { continue };
        let choice =
            |i: &i64| usize::try_from(*i).ok().and_then(|i| option.choices.get(i)).copied();
        match (option.arg.kind, value) {
            (ArgKind::GameId, Value::Integer(i)) => v.id = Some(GameId(*i)),
            (ArgKind::User, Value::User(u)) => v.user = Some(u.clone()),
            (ArgKind::Choice(_), Value::Integer(i)) => v.choice = choice(i),
            (ArgKind::Setting(_), Value::Integer(i)) => {
                if let Some(c) = choice(i) {
                    v.options.push(format!("{}={c}", option.name));
                }
            }
            (ArgKind::Count(_), Value::Integer(i)) => {
                v.options.push(format!("{}={i}", option.name));
            }
            (ArgKind::Options, Value::Text(t)) => {
                v.options.extend(t.split_whitespace().map(ToString::to_string));
            }
            (ArgKind::Game, Value::Text(t)) => v.game = text(t),
            (ArgKind::Action | ArgKind::Text, Value::Text(t)) => v.text = text(t),
            _ => {}
        }
    }
    v
}

/// `text` cut to at most `limit` characters (Discord counts characters here).
#[must_use]
pub fn clip(text: &str, limit: usize) -> String {
    if text.chars().count() <= limit {
        return text.to_string();
    }
    let mut out: String = text.chars().take(limit.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// Where one message goes on Discord.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// A reply only the person who typed the command or pressed the button sees.
    Ephemeral,
    /// A channel (or thread), by id.
    Channel(String),
    /// A user's direct messages, by user id.
    Dm(String),
}

/// The interaction an answer replies to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invoker {
    /// Who typed or pressed.
    pub user: UserId,
    /// The channel it happened in (in a direct message: `None`).
    pub channel: Option<String>,
    /// The command's answers here are for the asker alone (`/help`, `/games`, `/rules`,
    /// `/settings`, `/view`).
    pub personal: bool,
    /// The referee refused: its one message is for the asker alone.
    pub refused: bool,
}

/// The commands whose answers to the channel are for the asker alone (sent ephemerally):
/// look-ups that concern only the asker, Rabble's 3-D observation (`/view z …`), one square's
/// targets (`/moves`) and a look at the board (`/board`: every move already posts it, so a
/// spectator's or a player's look does not fill the channel) among them, and the community's
/// look-ups (`/leaderboard`, `/profile`, `/history`, `/export`: each is one reader's question;
/// the rating changes after a game are what the channel sees), one's follows, one's vacation
/// (the games' chats are told of it apart), link codes (which must stay the asker's) and one's
/// withdrawn seeks (a seek itself is announced: the channel is where an opponent sees it).
pub const PERSONAL_COMMANDS: &[&str] = &[
    "help",
    "games",
    "rules",
    "settings",
    "view",
    "moves",
    "board",
    "leaderboard",
    "profile",
    "history",
    "export",
    "follow",
    "unfollow",
    "vacation",
    "link",
    "unlink",
    "unseek",
];

/// One Discord message to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Post {
    /// Where.
    pub target: Target,
    /// At most [`CONTENT_LIMIT`] characters (may be empty when there is an image).
    pub text: String,
    /// An attached file: a board, sent as `board.png` and shown in an embed; a replay's GIF or
    /// a record's text, sent as plain attachments (Discord plays a GIF and offers a text file
    /// for download).
    pub png: Option<Vec<u8>>,
    /// What `png` holds.
    pub kind: crate::table::reply::FileKind,
    /// Buttons, at most [`BUTTONS_PER_ROW`] × [`MAX_ROWS`].
    pub buttons: Vec<Button>,
    /// The users this post may notify (`allowed_mentions`): those the referee pings
    /// ([`crate::table::reply::ping`]: an invitee) whose mention is in this part. Nobody else,
    /// ever.
    pub pings: Vec<String>,
    /// The `nonce` a post the outbox makes carries, with `enforce_nonce` (see
    /// `send::channel_message`): a retry of the same piece of the same outbox row has the same
    /// one, and Discord answers it with the message already made instead of a second copy.
    /// `None` elsewhere (interaction answers, which Discord ties to their interaction).
    pub nonce: Option<String>,
}

/// Where a referee message goes: what concerns only the one who asked is ephemeral (their own
/// private messages, refusals, personal commands' answers), other private messages are direct
/// messages, the rest goes to its channel. An announcement a personal command causes (kept in
/// the outbox: "Alice is on vacation" after her `/vacation`) is for the channel, not an answer.
#[must_use]
pub fn target(m: &Outbound, invoker: Option<&Invoker>) -> Target {
    if let Some(i) = invoker {
        if i.refused {
            return Target::Ephemeral;
        }
        match &m.to {
            Dest::User(u) if *u == i.user => return Target::Ephemeral,
            Dest::Chat(c)
                if i.personal
                    && m.outbox.is_none()
                    && i.channel.as_deref() == Some(c.id.as_str()) =>
            {
                return Target::Ephemeral;
            }
            _ => {}
        }
    }
    match &m.to {
        Dest::Chat(c) => Target::Channel(c.id.clone()),
        Dest::User(u) => Target::Dm(u.to_string()),
    }
}

/// The Discord messages for a referee answer: texts split within the limit (the image and the
/// buttons go with the last part), buttons that cannot be sent left out.
#[must_use]
pub fn plan(messages: Vec<Outbound>, invoker: Option<&Invoker>) -> Vec<Post> {
    let mut posts = Vec::new();
    for m in messages {
        let target = target(&m, invoker);
        let (buttons, dropped) = sendable_buttons(&m.buttons);
        for b in dropped {
            tracing::error!(label = %b.label, payload = %b.payload, "a button Discord cannot carry");
        }
        let pinged: Vec<&str> =
            crate::table::reply::pinged(&m.text).into_iter().filter(|u| is_snowflake(u)).collect();
        let pings = |text: &str| -> Vec<String> {
            let mut ids: Vec<String> = pinged
                .iter()
                .filter(|u| text.contains(&format!("<@{u}>")))
                .map(|u| (*u).to_string())
                .collect();
            ids.dedup();
            ids
        };
        let mut parts = split_text(&markdown(&m.text), CONTENT_LIMIT);
        let last = parts.pop().unwrap_or_default();
        for text in parts {
            let pings = pings(&text);
            posts.push(Post {
                target: target.clone(),
                text,
                png: None,
                kind: crate::table::reply::FileKind::Png,
                buttons: Vec::new(),
                pings,
                nonce: None,
            });
        }
        if last.is_empty() && m.image.is_none() && buttons.is_empty() {
            continue;
        }
        let pings = pings(&last);
        let kind = m.image.as_ref().map(|i| i.kind).unwrap_or_default();
        let png = m.image.map(|i| i.png);
        posts.push(Post { target, text: last, png, kind, buttons, pings, nonce: None });
    }
    posts
}

/// A referee text as Discord markdown: code spans keep their backticks, emphasis is bold, a
/// mention of a Discord user (a snowflake id) is `<@id>`, which clients show as the member's
/// current name (every message goes out with no allowed mentions, so it never pings), and a
/// moment becomes a live relative timestamp (`<t:…:R>`), which each client shows in its own
/// language and keeps current ("in 2 hours", "2小时后").
#[must_use]
pub fn markdown(text: &str) -> String {
    use crate::table::reply::Span;
    crate::table::reply::spans(text)
        .into_iter()
        .map(|span| match span {
            Span::Text(s) => s.to_string(),
            Span::Code(s) => format!("`{s}`"),
            Span::Strong(s) => format!("**{s}**"),
            Span::Mention { user, .. } if is_snowflake(user) => format!("<@{user}>"),
            Span::Mention { name, .. } => name.to_string(),
            Span::Moment { at, date: false, .. } => format!("<t:{at}:R>"),
            Span::Moment { at, date: true, .. } => format!("<t:{at}:f>"),
            // Discord has no start links today; a link reads as a masked link.
            Span::Link { url, words } => format!("[{words}](<{url}>)"),
            Span::Place { chat, .. } if is_snowflake(chat) => format!("<#{chat}>"),
            Span::Place { words, .. } => words.to_string(),
        })
        .collect()
}

/// Whether `id` reads as a Discord id (a snowflake: decimal digits).
fn is_snowflake(id: &str) -> bool {
    !id.is_empty() && id.len() <= 20 && id.bytes().all(|b| b.is_ascii_digit())
}

/// The buttons Discord can carry under one message: custom ids of at most 100 bytes, labels cut
/// to 80 characters, at most 25. Returns (sendable, left out).
#[must_use]
pub fn sendable_buttons(buttons: &[Button]) -> (Vec<Button>, Vec<Button>) {
    let mut send = Vec::new();
    let mut dropped = Vec::new();
    for b in buttons {
        if b.payload.to_string().len() > CUSTOM_ID_LIMIT
            || send.len() == BUTTONS_PER_ROW * MAX_ROWS
            || send.iter().any(|s: &Button| s.payload == b.payload)
        {
            dropped.push(b.clone());
        } else {
            send.push(Button { label: clip(&b.label, LABEL_LIMIT), payload: b.payload.clone() });
        }
    }
    (send, dropped)
}

/// Splits `text` into pieces of at most `limit` characters, between lines where it can, else
/// between words, never inside a code span ([`crate::table::reply::split_text`]).
#[must_use]
pub fn split_text(text: &str, limit: usize) -> Vec<String> {
    crate::table::reply::split_text(text, limit, |s| s.chars().count())
}

/// Autocomplete for `/new … game:`: every game whose code, name in any of the three languages
/// or alias contains what was typed (so `混乱`, `時鐘`, `chaos` and `p10` all find theirs), as
/// (label in the reader's language with the code, code).
#[must_use]
pub fn game_suggestions(partial: &str, lang: Lang) -> Vec<(String, &'static str)> {
    let partial = partial.trim().to_lowercase();
    GameKind::ALL
        .iter()
        .filter(|kind| {
            let names = Lang::ALL.iter().map(|l| voice::game_name(*l, **kind));
            let aliases = crate::table::game_aliases(**kind).iter().map(|a| (*a).to_string());
            std::iter::once(kind.code().to_string())
                .chain(names)
                .chain(aliases)
                .any(|n| n.to_lowercase().contains(&partial))
        })
        .map(|kind| {
            let name = voice::game_name(lang, *kind);
            (format!("{name} ({})", kind.code()), kind.code())
        })
        .collect()
}

/// Autocomplete for `/new … options:`: the keys of the chosen game that complete the last word
/// typed, as (label, value) pairs; the value keeps what was typed before it and ends in `key=`.
#[must_use]
pub fn option_suggestions(
    partial: &str,
    specs: &[crate::games::options::OptionSpec],
) -> Vec<(String, String)> {
    let (before, last) = match partial.rfind(char::is_whitespace) {
        Some(i) => (&partial[..=i], &partial[i + 1..]),
        None => ("", partial),
    };
    if last.contains('=') {
        // A value is being typed: the keys' accepted values are in the labels already shown.
        return Vec::new();
    }
    let last = last.to_lowercase();
    specs
        .iter()
        .filter(|s| s.key.starts_with(&last) && !before.contains(&format!("{}=", s.key)))
        .take(CHOICES_LIMIT)
        .map(|s| {
            let label = clip(&format!("{}= {} (default {})", s.key, s.values, s.default), 100);
            (label, clip(&format!("{before}{}=", s.key), 100))
        })
        .collect()
}

/// The custom id of the move form opened by a "Type a move" button.
#[must_use]
pub fn move_form_id(id: crate::store::GameId, turn: i64) -> String {
    format!("move:{id}:{turn}")
}

/// The game id of a move form's custom id.
#[must_use]
pub fn move_form_game(custom_id: &str) -> Option<crate::store::GameId> {
    let rest = custom_id.strip_prefix("move:")?;
    rest.split(':').next()?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::command::{COMMANDS, Command, CommandError, build, find, parse};
    use crate::table::reply::Image;

    #[test]
    fn game_names_in_every_language_and_aliases_find_their_game() {
        let codes = |p: &str| -> Vec<&str> {
            game_suggestions(p, Lang::ZhHans).into_iter().map(|(_, c)| c).collect()
        };
        assert_eq!(codes("混乱"), ["chaos-clock"]);
        assert_eq!(codes("時鐘"), ["chaos-clock"]);
        assert_eq!(codes("Chaos"), ["chaos-clock"]);
        assert_eq!(codes("p10"), ["perfect10"]);
        assert_eq!(codes("ul"), ["ultima"]);
        assert_eq!(codes("").len(), GameKind::ALL.len());
        assert!(codes("象棋国际").is_empty());
        let label = &game_suggestions("混乱", Lang::ZhHans)[0].0;
        assert_eq!(label, "混乱时钟 (chaos-clock)");
    }

    #[test]
    fn a_chat_named_in_a_sentence_is_a_channel_link_on_discord_and_words_elsewhere() {
        use crate::table::reply::{place, plain};
        let text = format!("Your game is in {}.", place("123456789", "another chat"));
        assert_eq!(markdown(&text), "Your game is in <#123456789>.");
        assert_eq!(plain(&text), "Your game is in another chat.");
        // A chat id that is not Discord's reads as its words.
        assert_eq!(markdown(&place("#t", "another chat")), "another chat");
    }

    fn def(name: &str) -> CommandDef {
        command_def(find(name).expect("a command"))
    }

    fn pay(text: &str) -> crate::table::payload::Payload {
        text.parse().expect("a payload")
    }

    fn out(to: Dest, text: &str) -> Outbound {
        Outbound {
            platform: crate::store::Platform::Discord,
            to,
            text: text.into(),
            image: None,
            buttons: Vec::new(),
            outbox: None,
            stamp: None,
        }
    }

    #[test]
    fn options_are_read_from_the_grammar_of_each_command() {
        let new = def("new");
        let names: Vec<&str> = new.options.iter().map(|o| o.name).collect();
        assert_eq!(names, ["game", "opponent", "options"]);
        assert!(new.options[0].required && !new.options[1].required);
        assert_eq!(new.options[0].complete, Complete::GameName);
        assert_eq!(new.options[1].kind, OptionKind::User);
        assert_eq!(new.options[2].complete, Complete::Options);
        let mv = def("move");
        assert_eq!(mv.options.iter().map(|o| o.name).collect::<Vec<_>>(), ["action", "id"]);
        assert_eq!(
            (mv.options[0].complete, mv.options[1].kind),
            (Complete::Action, OptionKind::Integer)
        );
        let draw = def("draw");
        assert_eq!(draw.options[0].choices, ["accept", "decline"]);
        let settings = def("settings");
        assert_eq!(settings.options[0].name, "language");
        assert_eq!(settings.options[0].choices, ["en", "zh-Hans", "zh-Hant"]);
        // `/admin abort <#id>`: the word is implied by the command; the id is its one option.
        let admin = def("admin");
        assert_eq!(admin.options.iter().map(|o| o.name).collect::<Vec<_>>(), ["id"]);
        assert!(admin.options[0].required && admin.options[0].kind == OptionKind::Integer);
        assert!(def("help").options.is_empty());
        assert_eq!(
            def("library").options.iter().map(|o| o.name).collect::<Vec<_>>(),
            ["id", "opponent"]
        );
        // Every name is one Discord takes: lower case letters, digits, - and _.
        for d in command_defs(COMMANDS) {
            assert!(!d.spec.hidden);
            for o in &d.options {
                assert!(
                    (1..=32).contains(&o.name.len())
                        && o.name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'),
                    "{}: {}",
                    d.spec.name,
                    o.name
                );
            }
        }
        assert!(!command_defs(COMMANDS).iter().any(|d| d.spec.name == "press"));
    }

    /// The command the referee gets from these option values.
    fn typed(name: &str, given: &[(&str, Value)]) -> Result<Command, CommandError> {
        let d = def(name);
        build(&d.spec, values(&d, given))
    }

    /// The command a player typing `line` gets.
    fn line(text: &str) -> Result<Command, CommandError> {
        parse(text, false).map(|c| c.expect("a command"))
    }

    #[test]
    fn option_values_build_the_command_the_line_a_player_would_type_builds() {
        let new = [
            ("options", Value::Text(" board=5x5 mode=challenge ".into())),
            ("game", Value::Text("dark-fence".into())),
            ("opponent", Value::User("1002".into())),
        ];
        assert_eq!(typed("new", &new), line("/new dark-fence @1002 board=5x5 mode=challenge"));
        assert_eq!(typed("new", &[("game", Value::Text("ultima".into()))]), line("/new ultima"));
        let mv = [("action", Value::Text("A1-A2 R".into())), ("id", Value::Integer(12))];
        assert_eq!(typed("move", &mv), line("/move A1-A2 R #12"));
        assert_eq!(typed("draw", &[("answer", Value::Integer(1))]), line("/draw decline"));
        // A choice index out of range or a value of the wrong type is left out.
        assert_eq!(typed("draw", &[("answer", Value::Integer(7))]), line("/draw"));
        assert_eq!(typed("board", &[("id", Value::Text("x".into()))]), line("/board"));
        assert_eq!(
            typed("settings", &[("language", Value::Integer(1))]),
            line("/settings language=zh-Hans")
        );
        assert_eq!(typed("admin", &[("id", Value::Integer(3))]), line("/admin abort #3"));
        // Blank text is no text: the same refusal as a line without the move.
        assert_eq!(typed("move", &[("action", Value::Text("  ".into()))]), line("/move"));
        assert!(matches!(line("/move"), Err(CommandError::Missing { .. })));
    }

    #[test]
    fn own_messages_and_refusals_are_ephemeral_and_other_private_messages_are_dms() {
        let alice = Invoker {
            user: "1".into(),
            channel: Some("500".into()),
            personal: false,
            refused: false,
        };
        assert_eq!(target(&out(Dest::User("1".into()), "x"), Some(&alice)), Target::Ephemeral);
        assert_eq!(target(&out(Dest::User("2".into()), "x"), Some(&alice)), Target::Dm("2".into()));
        assert_eq!(
            target(&out(Dest::Chat("500".into()), "x"), Some(&alice)),
            Target::Channel("500".into())
        );
        let personal = Invoker { personal: true, ..alice.clone() };
        assert_eq!(target(&out(Dest::Chat("500".into()), "x"), Some(&personal)), Target::Ephemeral);
        let announcement = Outbound { outbox: Some(9), ..out(Dest::Chat("500".into()), "x") };
        assert_eq!(target(&announcement, Some(&personal)), Target::Channel("500".into()));
        assert_eq!(
            target(&out(Dest::Chat("501".into()), "x"), Some(&personal)),
            Target::Channel("501".into())
        );
        let refused = Invoker { refused: true, ..alice };
        assert_eq!(target(&out(Dest::Chat("500".into()), "x"), Some(&refused)), Target::Ephemeral);
        // Without an interaction (the clock), nothing is ephemeral.
        assert_eq!(target(&out(Dest::User("1".into()), "x"), None), Target::Dm("1".into()));
    }

    #[test]
    fn long_texts_are_split_and_the_board_and_buttons_go_with_the_last_part() {
        let mut m = out(Dest::Chat("5".into()), &"line 暗弈\n".repeat(800));
        m.image = Some(Image::png(b"\x89PNG".to_vec(), 1, 1));
        m.buttons = (0..30)
            .map(|i| Button { label: "x".repeat(100), payload: pay(&format!("1:1:act-k{i}")) })
            .collect();
        let posts = plan(vec![m], None);
        assert!(posts.len() >= 3, "{}", posts.len());
        assert!(posts.iter().all(|p| p.text.chars().count() <= CONTENT_LIMIT));
        let (last, rest) = posts.split_last().expect("posts");
        assert!(rest.iter().all(|p| p.png.is_none() && p.buttons.is_empty()));
        assert_eq!(last.png.as_deref(), Some(&b"\x89PNG"[..]));
        assert_eq!(last.buttons.len(), BUTTONS_PER_ROW * MAX_ROWS);
        assert!(last.buttons.iter().all(|b| b.label.chars().count() == LABEL_LIMIT));
        let joined: String = posts.iter().map(|p| p.text.as_str()).collect::<Vec<_>>().join("\n");
        assert_eq!(joined, "line 暗弈\n".repeat(800).trim_end());
        // An empty text-only message sends nothing.
        assert!(plan(vec![out(Dest::Chat("5".into()), " ")], None).is_empty());
    }

    #[test]
    fn oversized_or_repeated_custom_ids_are_never_sent() {
        let ok = Button { label: "Pass".into(), payload: pay("12:7:pass") };
        let long = Button {
            label: "Pass".into(),
            payload: pay(&format!("1:1:act-{}", "9".repeat(CUSTOM_ID_LIMIT))),
        };
        let (send, dropped) = sendable_buttons(&[ok.clone(), long.clone(), ok.clone()]);
        assert_eq!(send, vec![ok.clone()]);
        assert_eq!(dropped, vec![long, ok]);
    }

    #[test]
    fn option_keys_complete_the_last_word_and_keep_what_was_typed() {
        let specs = crate::games::GameKind::from_code("dark-fence").expect("a game").option_specs();
        let all = option_suggestions("", specs);
        assert_eq!(all.len(), specs.len().min(CHOICES_LIMIT));
        let first = specs[0].key;
        let typed = format!("{first}=x ");
        let rest = option_suggestions(&typed, specs);
        assert!(rest.iter().all(|(_, v)| v.starts_with(&typed) && v.ends_with('=')));
        assert!(!rest.iter().any(|(_, v)| v.ends_with(&format!(" {first}="))), "no key twice");
        assert!(option_suggestions(&format!("{first}=5"), specs).is_empty());
        assert!(option_suggestions("zzz", specs).is_empty());
    }

    #[test]
    fn every_option_has_a_chinese_name_discord_accepts_in_both_scripts() {
        for d in command_defs(COMMANDS) {
            for lang in [Lang::ZhHans, Lang::ZhHant] {
                let ids = voice::catalog_ids(lang);
                let mut seen = std::collections::HashSet::new();
                for o in &d.options {
                    let id = option_name_message(o.name);
                    assert!(ids.contains(&id), "{id} in {lang}");
                    let name = voice::command_text(lang, &id);
                    // Discord: 1 to 32 letters, digits, - or _, lower case where a script has it.
                    let ok = (1..=32).contains(&name.chars().count())
                        && name.chars().all(|c| c.is_alphanumeric() || c == '-' || c == '_')
                        && name.to_lowercase() == name;
                    assert!(ok, "/{} {}: `{name}` in {lang}", d.spec.name, o.name);
                    assert!(
                        seen.insert(name.clone()),
                        "/{}: `{name}` twice in {lang}",
                        d.spec.name
                    );
                }
            }
        }
    }

    #[test]
    fn every_fixed_choice_is_named_in_both_chinese_scripts() {
        for d in command_defs(COMMANDS) {
            for o in &d.options {
                for c in &o.choices {
                    let id = choice_message(o.name, c).expect("a choice message");
                    for lang in [Lang::ZhHans, Lang::ZhHant] {
                        assert!(
                            voice::catalog_ids(lang).contains(&id),
                            "/{} {}={c}: {id} in {lang}",
                            d.spec.name,
                            o.name
                        );
                    }
                }
            }
        }
        assert_eq!(voice::command_text(Lang::ZhHant, "btn-decline"), "拒絕");
    }

    #[test]
    fn a_moment_becomes_a_live_discord_timestamp_and_code_keeps_its_backticks() {
        let text =
            format!("runs out {} (`/move`)", crate::table::reply::moment(1_700_000_000, "in 2h"));
        assert_eq!(markdown(&text), "runs out <t:1700000000:R> (`/move`)");
        let posts = plan(vec![out(Dest::User("1".into()), &text)], None);
        assert_eq!(posts[0].text, "runs out <t:1700000000:R> (`/move`)");
    }

    #[test]
    fn emphasis_is_bold_and_a_members_mention_is_their_tag_other_ids_their_name() {
        use crate::table::reply::{emphasis, mention};
        let text =
            format!("{} {} {}", emphasis("#1 is over"), mention("4242", "Bo"), mention("bo", "Bo"));
        assert_eq!(markdown(&text), "**#1 is over** <@4242> Bo");
    }

    #[test]
    fn move_forms_carry_only_ids_and_turns() {
        assert_eq!(move_form_game(&move_form_id(GameId(12), 7)), Some(GameId(12)));
        assert_eq!(move_form_game("other"), None);
        assert_eq!(clip("abcdef", 4), "abc…");
        assert_eq!(clip("abc", 4), "abc");
    }
}
