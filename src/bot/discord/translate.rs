//! Pure translation between Discord and the referee, with no I/O: slash command options from the
//! referee's one command list (its argument grammar), the typed line an interaction stands for,
//! where each referee message goes (an ephemeral reply, a channel, a direct message) and how it
//! fits Discord's limits (2000-character contents, 5 buttons to a row and 5 rows, 100-byte custom
//! ids, 80-character labels). The adapter in [`super`] does the calls.

use crate::table::command::CommandSpec;
use crate::table::reply::{Button, Dest, Lang, Outbound};

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

/// How an option's value is written into the command line the referee reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Render {
    /// As given.
    Plain,
    /// `#<id>`.
    Id,
    /// `@<user id>`.
    Mention,
    /// `<key>=<value>`.
    Pair(&'static str),
}

/// One slash command option, derived from a piece of the command's argument grammar.
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
    /// How the value enters the command line.
    pub render: Render,
}

/// A slash command: the referee's command with its options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandDef {
    /// The referee's definition.
    pub spec: CommandSpec,
    /// Words written before the options (`/admin abort #id`).
    pub literal: Vec<&'static str>,
    /// The options, in grammar order.
    pub options: Vec<OptionDef>,
}

/// The slash commands: every command that is not hidden, with options read from its grammar.
#[must_use]
pub fn command_defs(specs: &[CommandSpec]) -> Vec<CommandDef> {
    specs.iter().filter(|s| !s.hidden).map(command_def).collect()
}

/// One command's options, read from its argument grammar (`<…>` required, `[…]` optional,
/// bare words literal): `#id` is a game number, `@opponent` a user, `key=value …` free options,
/// `a|b` choices, `k=a|b` a choice written as `k=<choice>`, anything else free text.
#[must_use]
pub fn command_def(spec: &CommandSpec) -> CommandDef {
    let mut literal = Vec::new();
    let mut options = Vec::new();
    for (group, required) in groups(spec.args) {
        let Some(group) = group else { continue };
        match required {
            None => literal.push(group),
            Some(required) => options.push(option_def(group, required)),
        }
    }
    CommandDef { spec: *spec, literal, options }
}

/// The pieces of a grammar: `(text, Some(required))` for `<…>`/`[…]`, `(word, None)` for a
/// bare word.
fn groups(args: &'static str) -> Vec<(Option<&'static str>, Option<bool>)> {
    let mut out = Vec::new();
    let mut rest = args.trim_start();
    while !rest.is_empty() {
        let (close, required) = match rest.as_bytes()[0] {
            b'<' => ('>', Some(true)),
            b'[' => (']', Some(false)),
            _ => (' ', None),
        };
        let body = if required.is_some() { &rest[1..] } else { rest };
        let end = body.find(close).unwrap_or(body.len());
        let inner = body[..end].trim();
        out.push(((!inner.is_empty()).then_some(inner), required));
        rest = body[(end + close.len_utf8()).min(body.len())..].trim_start();
    }
    out
}

fn option_def(group: &'static str, required: bool) -> OptionDef {
    let make = |name: &'static str, kind, complete, render, choices| OptionDef {
        name,
        help: format!("discord-opt-{name}"),
        kind,
        required,
        choices,
        complete,
        render,
    };
    if group == "#id" {
        return make("id", OptionKind::Integer, Complete::GameId, Render::Id, Vec::new());
    }
    if let Some(name) = group.strip_prefix('@') {
        return make(name, OptionKind::User, Complete::Nothing, Render::Mention, Vec::new());
    }
    if group.starts_with("key=value") {
        return make("options", OptionKind::Text, Complete::Options, Render::Plain, Vec::new());
    }
    if let Some((key, values)) = group.split_once('=') {
        let choices = values.split('|').collect();
        return make(key, OptionKind::Text, Complete::Nothing, Render::Pair(key), choices);
    }
    if group.contains('|') {
        let choices = group.split('|').collect();
        return make("answer", OptionKind::Text, Complete::Nothing, Render::Plain, choices);
    }
    let complete = match group {
        "game" => Complete::GameName,
        "action" => Complete::Action,
        _ => Complete::Nothing,
    };
    make(group, OptionKind::Text, complete, Render::Plain, Vec::new())
}

/// A value given to an option.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// Text.
    Text(String),
    /// A number (a game id, or the index of a fixed choice).
    Integer(i64),
    /// A user, by id.
    User(String),
}

/// The line the referee reads for a slash command with these option values (unknown names and
/// values of the wrong type are left out; a choice is given by its index).
#[must_use]
pub fn command_line(def: &CommandDef, values: &[(&str, Value)]) -> String {
    let mut line = format!("/{}", def.spec.name);
    for word in &def.literal {
        line.push(' ');
        line.push_str(word);
    }
    for option in &def.options {
        let Some((_, value)) = values.iter().find(|(n, _)| *n == option.name) else { continue };
        let text = match (value, option.kind) {
            (Value::Integer(i), OptionKind::Text) if !option.choices.is_empty() => {
                match usize::try_from(*i).ok().and_then(|i| option.choices.get(i)) {
                    Some(choice) => (*choice).to_string(),
                    None => continue,
                }
            }
            (Value::Text(t), OptionKind::Text) => t.trim().to_string(),
            (Value::Integer(i), OptionKind::Integer) => i.to_string(),
            (Value::User(id), OptionKind::User) => id.clone(),
            _ => continue,
        };
        if text.is_empty() {
            continue;
        }
        line.push(' ');
        match option.render {
            Render::Plain => line.push_str(&text),
            Render::Id => {
                line.push('#');
                line.push_str(&text);
            }
            Render::Mention => {
                line.push('@');
                line.push_str(&text);
            }
            Render::Pair(key) => {
                line.push_str(key);
                line.push('=');
                line.push_str(&text);
            }
        }
    }
    line
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
    pub user: String,
    /// The channel it happened in (in a direct message: `None`).
    pub channel: Option<String>,
    /// The command's answers here are for the asker alone (`/help`, `/games`, `/rules`,
    /// `/settings`, `/view`).
    pub personal: bool,
    /// The referee refused: its one message is for the asker alone.
    pub refused: bool,
}

/// The commands whose answers to the channel are for the asker alone (sent ephemerally):
/// look-ups that concern only the asker, Rabble's 3-D observation (`/view z …`) and one
/// square's targets (`/moves`) among them, so studying a position does not fill the channel.
pub const PERSONAL_COMMANDS: &[&str] = &["help", "games", "rules", "settings", "view", "moves"];

/// One Discord message to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Post {
    /// Where.
    pub target: Target,
    /// At most [`CONTENT_LIMIT`] characters (may be empty when there is an image).
    pub text: String,
    /// A board, sent as `board.png` and shown in an embed.
    pub png: Option<Vec<u8>>,
    /// Buttons, at most [`BUTTONS_PER_ROW`] × [`MAX_ROWS`].
    pub buttons: Vec<Button>,
}

/// Where a referee message goes: what concerns only the one who asked is ephemeral (their own
/// private messages, refusals, personal commands' answers), other private messages are direct
/// messages, the rest goes to its channel.
#[must_use]
pub fn target(m: &Outbound, invoker: Option<&Invoker>) -> Target {
    if let Some(i) = invoker {
        if i.refused {
            return Target::Ephemeral;
        }
        match &m.to {
            Dest::User(u) if *u == i.user => return Target::Ephemeral,
            Dest::Chat(c) if i.personal && i.channel.as_deref() == Some(c.as_str()) => {
                return Target::Ephemeral;
            }
            _ => {}
        }
    }
    match &m.to {
        Dest::Chat(c) => Target::Channel(c.clone()),
        Dest::User(u) => Target::Dm(u.clone()),
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
        let mut parts = split_text(&m.text, CONTENT_LIMIT);
        let last = parts.pop().unwrap_or_default();
        for text in parts {
            posts.push(Post { target: target.clone(), text, png: None, buttons: Vec::new() });
        }
        if last.is_empty() && m.image.is_none() && buttons.is_empty() {
            continue;
        }
        posts.push(Post { target, text: last, png: m.image.map(|i| i.png), buttons });
    }
    posts
}

/// The buttons Discord can carry under one message: custom ids of at most 100 bytes, labels cut
/// to 80 characters, at most 25. Returns (sendable, left out).
#[must_use]
pub fn sendable_buttons(buttons: &[Button]) -> (Vec<Button>, Vec<Button>) {
    let mut send = Vec::new();
    let mut dropped = Vec::new();
    for b in buttons {
        if b.payload.is_empty()
            || b.payload.len() > CUSTOM_ID_LIMIT
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

/// Splits `text` into pieces of at most `limit` characters, at line boundaries where it can.
#[must_use]
pub fn split_text(text: &str, limit: usize) -> Vec<String> {
    let limit = limit.max(2);
    let text = text.trim_end();
    let mut pieces = Vec::new();
    let mut current = String::new();
    let mut count = 0;
    for line in text.split('\n') {
        let len = line.chars().count();
        let extra = usize::from(!current.is_empty());
        if count + extra + len <= limit {
            if extra == 1 {
                current.push('\n');
            }
            current.push_str(line);
            count += extra + len;
            continue;
        }
        if !current.is_empty() {
            pieces.push(std::mem::take(&mut current));
            count = 0;
        }
        for c in line.chars() {
            if count == limit {
                pieces.push(std::mem::take(&mut current));
                count = 0;
            }
            current.push(c);
            count += 1;
        }
    }
    if !current.is_empty() {
        pieces.push(current);
    }
    pieces
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

/// A button's payload split into (game id, turn, key), when it is a referee payload.
#[must_use]
pub fn payload_parts(payload: &str) -> Option<(i64, i64, &str)> {
    let mut parts = payload.splitn(3, ':');
    let id = parts.next()?.parse().ok()?;
    let turn = parts.next()?.parse().ok()?;
    Some((id, turn, parts.next()?))
}

/// The custom id of the move form opened by a "Type a move" button.
#[must_use]
pub fn move_form_id(id: i64, turn: i64) -> String {
    format!("move:{id}:{turn}")
}

/// The game id of a move form's custom id.
#[must_use]
pub fn move_form_game(custom_id: &str) -> Option<i64> {
    let rest = custom_id.strip_prefix("move:")?;
    rest.split(':').next()?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::command::{COMMANDS, find};
    use crate::table::reply::Image;

    fn def(name: &str) -> CommandDef {
        command_def(find(name).expect("a command"))
    }

    fn out(to: Dest, text: &str) -> Outbound {
        Outbound {
            platform: "discord".into(),
            to,
            text: text.into(),
            image: None,
            buttons: Vec::new(),
            outbox: None,
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
        assert_eq!(settings.options[0].render, Render::Pair("language"));
        assert_eq!(settings.options[0].choices, ["en", "zh-Hans", "zh-Hant"]);
        let admin = def("admin");
        assert_eq!(admin.literal, ["abort"]);
        assert!(admin.options[0].required && admin.options[0].render == Render::Id);
        assert!(def("help").options.is_empty() && def("games").literal.is_empty());
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

    #[test]
    fn option_values_become_the_line_a_player_would_type() {
        let new = def("new");
        let line = command_line(
            &new,
            &[
                ("options", Value::Text(" board=5x5 mode=challenge ".into())),
                ("game", Value::Text("dark-fence".into())),
                ("opponent", Value::User("1002".into())),
            ],
        );
        assert_eq!(line, "/new dark-fence @1002 board=5x5 mode=challenge");
        assert_eq!(command_line(&new, &[("game", Value::Text("ultima".into()))]), "/new ultima");
        let mv = def("move");
        let line = command_line(
            &mv,
            &[("action", Value::Text("A1-A2 R".into())), ("id", Value::Integer(12))],
        );
        assert_eq!(line, "/move A1-A2 R #12");
        assert_eq!(command_line(&def("draw"), &[("answer", Value::Integer(1))]), "/draw decline");
        // A choice index out of range or a value of the wrong type is left out.
        assert_eq!(command_line(&def("draw"), &[("answer", Value::Integer(7))]), "/draw");
        assert_eq!(command_line(&def("board"), &[("id", Value::Text("x".into()))]), "/board");
        assert_eq!(
            command_line(&def("settings"), &[("language", Value::Integer(1))]),
            "/settings language=zh-Hans"
        );
        assert_eq!(command_line(&def("admin"), &[("id", Value::Integer(3))]), "/admin abort #3");
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
        m.image = Some(Image { png: b"\x89PNG".to_vec(), width: 1, height: 1 });
        m.buttons = (0..30)
            .map(|i| Button { label: "x".repeat(100), payload: format!("1:1:k{i}") })
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
        let ok = Button { label: "Pass".into(), payload: "12:7:pass".into() };
        let long = Button { label: "Pass".into(), payload: "9".repeat(CUSTOM_ID_LIMIT + 1) };
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
    fn payloads_and_move_forms_carry_only_ids_and_turns() {
        assert_eq!(payload_parts("12:7:complete-=W"), Some((12, 7, "complete-=W")));
        assert_eq!(payload_parts("x:7:pass"), None);
        assert_eq!(move_form_game(&move_form_id(12, 7)), Some(12));
        assert_eq!(move_form_game("other"), None);
        assert_eq!(clip("abcdef", 4), "abc…");
        assert_eq!(clip("abc", 4), "abc");
    }
}
