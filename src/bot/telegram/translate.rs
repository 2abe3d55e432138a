//! Pure translation between Telegram text and the referee, with no I/O: which bot a command is
//! addressed to, `@username` mentions into user ids, the command menu, and the referee's
//! messages into what Telegram can carry (4096-character texts, 1024-character captions,
//! 64-byte callback data, 200-character alerts). The adapter in [`super`] does the calls.

use std::collections::HashMap;

use crate::table::Answer;
use crate::table::command::CommandSpec;
use crate::table::reply::{Button, Dest, Lang, Outbound};

/// The longest text of one message (Telegram counts UTF-16 code units).
pub const TEXT_LIMIT: usize = 4096;
/// The longest caption under a photo.
pub const CAPTION_LIMIT: usize = 1024;
/// The longest text of a callback query's alert.
pub const ALERT_LIMIT: usize = 200;
/// The most bytes of a button's callback data.
pub const CALLBACK_DATA_LIMIT: usize = 64;
/// The longest description of a menu command.
const DESCRIPTION_LIMIT: usize = 256;

/// The length of `text` as Telegram counts it: UTF-16 code units (a Chinese character is one,
/// an emoji two), which is never less than the number of characters.
#[must_use]
pub fn tg_len(text: &str) -> usize {
    text.encode_utf16().count()
}

/// A command typed in a chat, with its `@botname` suffix handled: `/new@arbiter_bot x` becomes
/// `/new x`; a command addressed to another bot (`/new@otherbot`) gives `None`, since it is not
/// ours to answer. Text that is not a command comes back unchanged.
#[must_use]
pub fn addressed_to_us(text: &str, bot_username: &str) -> Option<String> {
    let Some(rest) = text.strip_prefix('/') else { return Some(text.to_string()) };
    let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
    let (word, tail) = rest.split_at(end);
    match word.split_once('@') {
        None => Some(text.to_string()),
        Some((name, target)) if target.eq_ignore_ascii_case(bot_username) => {
            Some(format!("/{name}{tail}"))
        }
        Some(_) => None,
    }
}

/// Whether a line is a command: it starts with `/` (or a full-width `／`, which the referee
/// takes too).
#[must_use]
pub fn is_command(text: &str) -> bool {
    text.starts_with('/') || text.starts_with('／')
}

/// The command word of a line (`new` for `/new@bot dark-fence`), if it is a command.
#[must_use]
pub fn command_word(text: &str) -> Option<&str> {
    let rest = text.strip_prefix('/').or_else(|| text.strip_prefix('／'))?;
    let word = rest.split(char::is_whitespace).next().unwrap_or("");
    let word = word.split('@').next().unwrap_or("");
    (!word.is_empty()).then_some(word)
}

/// Whether `name` may be a Telegram username (5 to 32 of `A-Z a-z 0-9 _`, starting with a
/// letter); anything else after `@` is not a mention.
#[must_use]
pub fn is_username(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && (5..=32).contains(&name.len())
}

/// The `@username` mentions in `text` (without `@`, lower case), in order, without repeats.
#[must_use]
pub fn mentioned_usernames(text: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for token in text.split_whitespace() {
        if let Some(name) = token.strip_prefix('@')
            && is_username(name)
        {
            let name = name.to_lowercase();
            if !names.contains(&name) {
                names.push(name);
            }
        }
    }
    names
}

/// A `text_mention` entity: a mention of a user without a username, by its UTF-16 span.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextMention {
    /// Offset in UTF-16 code units.
    pub offset: usize,
    /// Length in UTF-16 code units.
    pub length: usize,
    /// The user's id.
    pub user_id: String,
}

/// The byte index of a UTF-16 offset in `text` (clamped to the end).
fn byte_index(text: &str, utf16_offset: usize) -> usize {
    let mut units = 0;
    for (i, c) in text.char_indices() {
        if units >= utf16_offset {
            return i;
        }
        units += c.len_utf16();
    }
    text.len()
}

/// Rewrites mentions into what the referee takes as a user: `@<user id>`. A `text_mention`
/// span becomes its user's id; `@username` becomes the id `known` gives (keyed by lower-case
/// name), and an unknown `@username` the handle `@@username`, so that an invitation to someone
/// the bot has never seen waits for them alone.
#[must_use]
pub fn rewrite_mentions(
    text: &str,
    text_mentions: &[TextMention],
    known: &HashMap<String, String>,
) -> String {
    let mut spans: Vec<(usize, usize, &str)> = text_mentions
        .iter()
        .map(|m| {
            let start = byte_index(text, m.offset);
            (start, byte_index(text, m.offset + m.length).max(start), m.user_id.as_str())
        })
        .collect();
    spans.sort_unstable();
    let mut out = String::new();
    let mut pos = 0;
    for (start, end, id) in spans {
        if start < pos {
            continue;
        }
        out.push_str(&rewrite_usernames(&text[pos..start], known));
        out.push('@');
        out.push_str(id);
        pos = end;
    }
    out.push_str(&rewrite_usernames(&text[pos..], known));
    out
}

fn rewrite_usernames(segment: &str, known: &HashMap<String, String>) -> String {
    if !segment.contains('@') {
        return segment.to_string();
    }
    let mut out = String::new();
    let mut rest = segment;
    while !rest.is_empty() {
        let start = rest.find(|c: char| !c.is_whitespace()).unwrap_or(rest.len());
        let (space, after) = rest.split_at(start);
        let end = after.find(char::is_whitespace).unwrap_or(after.len());
        let (token, tail) = after.split_at(end);
        match token.strip_prefix('@').filter(|name| is_username(name)) {
            // An unknown username stays a handle, `@@name` (lower case): the invitation waits
            // for whoever has that username, and nobody else may take the seat.
            Some(name) => {
                out.push_str(space);
                out.push('@');
                match known.get(&name.to_lowercase()) {
                    Some(id) => out.push_str(id),
                    None => {
                        out.push('@');
                        out.push_str(&name.to_lowercase());
                    }
                }
            }
            None => {
                out.push_str(space);
                out.push_str(token);
            }
        }
        rest = tail;
    }
    out
}

/// The name others see: first name and last name, else the username, else the id.
#[must_use]
pub fn display_name(first: &str, last: Option<&str>, username: Option<&str>, id: &str) -> String {
    let full = match last.map(str::trim).filter(|l| !l.is_empty()) {
        Some(last) => format!("{} {last}", first.trim()),
        None => first.trim().to_string(),
    };
    let full = full.trim().to_string();
    if !full.is_empty() {
        return full;
    }
    match username.filter(|u| !u.is_empty()) {
        Some(u) => u.to_string(),
        None => id.to_string(),
    }
}

/// Whether a command name may be registered with Telegram: `[a-z0-9_]{1,32}` (so the Chinese
/// aliases are not registered, though they work when typed).
#[must_use]
pub fn registrable(name: &str) -> bool {
    (1..=32).contains(&name.len())
        && name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

/// Where a command menu shows (Telegram's `BotCommandScope`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenuScope {
    /// Every chat without a menu of its own: groups, for everyone but their administrators.
    Groups,
    /// Private chats with the bot.
    Private,
    /// Group administrators (Telegram shows them this menu instead of the groups' one).
    Admins,
}

/// Commands that act where the other players see it, so only in a group: a game is opened,
/// joined, declined or continued there.
pub const GROUP_ONLY: &[&str] = &["new", "accept", "decline", "library"];

/// The command menu in `lang` for `scope`: every command that is not hidden and whose name
/// Telegram takes, with its `/help` description; administrators' commands only for them, and
/// in private chats none of the [`GROUP_ONLY`] ones.
#[must_use]
pub fn menu(specs: &[CommandSpec], lang: Lang, scope: MenuScope) -> Vec<(String, String)> {
    let shown = |s: &CommandSpec| match scope {
        MenuScope::Groups => !s.admin,
        MenuScope::Private => !s.admin && !GROUP_ONLY.contains(&s.name),
        MenuScope::Admins => true,
    };
    specs
        .iter()
        .filter(|s| !s.hidden && shown(s) && registrable(s.name))
        .map(|s| {
            let description: String = crate::table::voice::command_text(lang, s.help)
                .chars()
                .take(DESCRIPTION_LIMIT)
                .collect();
            (s.name.to_string(), description)
        })
        .collect()
}

/// The alert to show under a pressed button instead of a message: a refused press whose answer
/// is one short text-only message. A message with a link is always posted, since alerts show
/// plain text and a link there cannot be opened.
#[must_use]
pub fn refusal_alert(answer: &Answer) -> Option<&str> {
    match answer.messages.as_slice() {
        [only]
            if answer.refused
                && only.image.is_none()
                && only.buttons.is_empty()
                && !only.text.contains("://")
                && !only.text.trim().is_empty()
                && tg_len(&only.text) <= ALERT_LIMIT =>
        {
            Some(only.text.as_str())
        }
        _ => None,
    }
}

/// A referee text as Telegram HTML (`parse_mode=HTML`): `&`, `<` and `>` escaped, code spans
/// as `<code>`, emphasis as `<b>`, moments and mentions as the referee's words. Telegram counts a message's length after parsing, so the plain text's length
/// ([`tg_len`] without the marks) is what limits apply to.
#[must_use]
pub fn html(text: &str) -> String {
    let escape = |s: &str| s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
    use crate::table::reply::Span;
    crate::table::reply::spans(text)
        .into_iter()
        .map(|span| match span {
            Span::Code(s) => format!("<code>{}</code>", escape(s)),
            Span::Strong(s) => format!("<b>{}</b>", escape(s)),
            // A ping (an invitee, the player whose turn it is, by their settings) is a text
            // mention, which notifies its user; a user known only by handle cannot be linked.
            Span::Mention { user, name, ping: true } if user.parse::<u64>().is_ok() => {
                format!("<a href=\"tg://user?id={user}\">{}</a>", escape(name))
            }
            // Telegram has no live times: the referee's words. Any other mention is the name
            // alone, notifying no one (not every sentence naming a player should ring).
            Span::Text(s)
            | Span::Moment { words: s, .. }
            | Span::Mention { name: s, .. }
            | Span::Place { words: s, .. } => escape(s),
            // A link is a URL button under the message ([`crate::table::reply::links`]).
            Span::Link { .. } => String::new(),
        })
        .collect::<String>()
        .trim_end()
        .to_string()
}

/// Joins consecutive text-only, button-less messages to the same chat (a blank line between)
/// while the result fits in one Telegram message: groups allow about twenty messages a minute,
/// and one referee answer often says several short things at once.
#[must_use]
pub fn batch(messages: Vec<Outbound>) -> Vec<Outbound> {
    let mut out: Vec<Outbound> = Vec::new();
    for m in messages {
        if let Some(last) = out.last_mut()
            && merge(last, &m)
        {
            continue;
        }
        out.push(m);
    }
    out
}

/// Joins `next` into `last` (a blank line between) when both go to the same chat, `last` has no
/// buttons and the result fits one Telegram message: two texts (4096), or a board photo with
/// both texts as its caption (1024), keeping the newer board and `next`'s buttons. So a move and
/// the bot's reply to it reach a group as one message. False otherwise.
pub fn merge(last: &mut Outbound, next: &Outbound) -> bool {
    if last.to != next.to || last.platform != next.platform || !last.buttons.is_empty() {
        return false;
    }
    // One message announces changes of one game (its stale buttons are found by its stamp).
    if let (Some(a), Some(b)) = (last.stamp, next.stamp)
        && a.game != b.game
    {
        return false;
    }
    let joined = tg_len(&last.text) + 2 + tg_len(&next.text);
    let join = |last: &mut Outbound| {
        last.text.push_str("\n\n");
        last.text.push_str(&next.text);
    };
    match (&last.image, &next.image) {
        (None, None) if plain(last) && plain(next) && joined <= TEXT_LIMIT => join(last),
        // A board and then a newer one in the same answer (a move and the bot's reply to it):
        // one photo, the newer board, with both texts as its caption and the newer buttons.
        // A text before a board becomes the start of its caption.
        (_, Some(_)) if joined <= CAPTION_LIMIT => {
            join(last);
            last.image.clone_from(&next.image);
            last.buttons.clone_from(&next.buttons);
        }
        // A short text after a board (without buttons) joins its caption.
        (Some(_), None) if plain(next) && joined <= CAPTION_LIMIT => join(last),
        _ => return false,
    }
    if next.stamp.is_some_and(|n| last.stamp.is_none_or(|l| l.version < n.version)) {
        last.stamp = next.stamp;
    }
    true
}

fn plain(m: &Outbound) -> bool {
    m.image.is_none() && m.buttons.is_empty() && !m.text.trim().is_empty()
}

/// Splits `text` into pieces of at most `limit` UTF-16 units, between lines where it can, else
/// between words, never inside a mark or code span ([`crate::table::reply::split_text`]).
#[must_use]
pub fn split_text(text: &str, limit: usize) -> Vec<String> {
    crate::table::reply::split_text(text, limit, tg_len)
}

/// One Bot API call that delivers (part of) a referee message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    /// `sendMessage`.
    Text {
        /// Where.
        to: Dest,
        /// At most [`TEXT_LIMIT`].
        text: String,
        /// An inline keyboard.
        buttons: Vec<Button>,
    },
    /// `sendPhoto` of a board, uploaded from memory as `board.png`; or `sendDocument` of a
    /// file that is no still picture (a replay's GIF, which Telegram plays as an animation; a
    /// record's text), by its kind.
    Photo {
        /// Where.
        to: Dest,
        /// The file's bytes.
        png: Vec<u8>,
        /// What they are.
        kind: crate::table::reply::FileKind,
        /// At most [`CAPTION_LIMIT`].
        caption: Option<String>,
        /// An inline keyboard.
        buttons: Vec<Button>,
    },
}

impl Piece {
    /// Where the piece goes.
    #[must_use]
    pub fn to(&self) -> &Dest {
        match self {
            Piece::Text { to, .. } | Piece::Photo { to, .. } => to,
        }
    }
}

/// The calls that deliver one referee answer, in order: batched texts, split texts, boards as
/// photos with the text as caption when it fits (else the photo, then the text), and the
/// buttons under the last piece of their message.
#[must_use]
pub fn plan(messages: Vec<Outbound>) -> Vec<Piece> {
    let mut pieces = Vec::new();
    for m in batch(messages) {
        let mut buttons = m.buttons;
        let text = m.text;
        if let Some(image) = m.image {
            let fits = !text.trim().is_empty() && tg_len(&text) <= CAPTION_LIMIT;
            let rest = text.trim().is_empty() || fits;
            pieces.push(Piece::Photo {
                to: m.to.clone(),
                png: image.png,
                kind: image.kind,
                caption: fits.then(|| text.clone()),
                buttons: if rest { std::mem::take(&mut buttons) } else { Vec::new() },
            });
            if rest {
                continue;
            }
        }
        let mut texts = split_text(&text, TEXT_LIMIT);
        let last = texts.pop();
        for t in texts {
            pieces.push(Piece::Text { to: m.to.clone(), text: t, buttons: Vec::new() });
        }
        if let Some(t) = last {
            pieces.push(Piece::Text { to: m.to, text: t, buttons });
        }
    }
    pieces
}

/// The buttons Telegram can carry: callback data is limited to 64 bytes. The referee's payloads
/// (`<game id>:<turn>:<key>`) always fit; a longer one is a bug, left out (and logged by the
/// caller) rather than making Telegram refuse the whole message.
#[must_use]
pub fn sendable_buttons(buttons: &[Button]) -> (Vec<&Button>, Vec<&Button>) {
    buttons.iter().partition(|b| b.payload.to_string().len() <= CALLBACK_DATA_LIMIT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_escapes_and_turns_code_spans_into_code_tags() {
        assert_eq!(
            html("cannot read `<b>&`: try `pick default` & <this>"),
            "cannot read <code>&lt;b&gt;&amp;</code>: try <code>pick default</code> &amp; &lt;this&gt;"
        );
        assert_eq!(html("a lone ` stays"), "a lone ` stays");
    }

    #[test]
    fn emphasis_is_bold_and_a_mention_is_the_escaped_name_which_notifies_no_one() {
        use crate::table::reply::{emphasis, mention};
        let text = format!("{} {}", emphasis("#1 is over: A<B wins."), mention("77", "A<B"));
        assert_eq!(html(&text), "<b>#1 is over: A&lt;B wins.</b> A&lt;B");
    }

    #[test]
    fn a_ping_is_a_text_mention_that_notifies_and_a_handle_only_user_is_named() {
        use crate::table::reply::ping;
        assert_eq!(html(&ping("1002", "B<b")), "<a href=\"tg://user?id=1002\">B&lt;b</a>");
        assert_eq!(html(&ping("@mei", "mei")), "mei");
    }

    #[test]
    fn a_moment_reads_as_the_referees_words_escaped() {
        let text = format!("runs out {}", crate::table::reply::moment(1_700_000_000, "in <2h"));
        assert_eq!(html(&text), "runs out in &lt;2h");
    }
    use crate::table::reply::Image;

    fn text(to: &str, t: &str) -> Outbound {
        Outbound {
            platform: crate::store::Platform::Telegram,
            to: Dest::Chat(to.into()),
            text: t.into(),
            image: None,
            buttons: Vec::new(),
            outbox: None,
            stamp: None,
        }
    }

    fn button(label: &str, payload: &str) -> Button {
        Button { label: label.into(), payload: payload.parse().expect("a payload") }
    }

    #[test]
    fn a_command_suffix_for_us_is_stripped_and_one_for_another_bot_is_ignored() {
        let us = "Arbiter_Bot";
        assert_eq!(
            addressed_to_us("/new@arbiter_bot dark-fence", us).as_deref(),
            Some("/new dark-fence")
        );
        assert_eq!(addressed_to_us("/help@ARBITER_BOT", us).as_deref(), Some("/help"));
        assert_eq!(addressed_to_us("/new dark-fence", us).as_deref(), Some("/new dark-fence"));
        assert_eq!(addressed_to_us("/new@otherbot dark-fence", us), None);
        assert_eq!(addressed_to_us("A1-A2 R", us).as_deref(), Some("A1-A2 R"));
        assert_eq!(addressed_to_us("mail me@x.org", us).as_deref(), Some("mail me@x.org"));
        assert_eq!(command_word("/admin@arbiter_bot abort #1"), Some("admin"));
        assert_eq!(command_word("/新局 dark-fence"), Some("新局"));
        assert_eq!(command_word("hello"), None);
        assert_eq!(command_word("／admin abort #1"), Some("admin"));
        assert!(is_command("／新局 dark-fence") && !is_command("A1 R"));
    }

    #[test]
    fn known_mentions_become_user_ids_and_unknown_ones_stay_handles() {
        let known = HashMap::from([("bob_player".to_string(), "1002".to_string())]);
        assert_eq!(
            rewrite_mentions("/new dark-fence @Bob_Player board=5x5", &[], &known),
            "/new dark-fence @1002 board=5x5"
        );
        assert_eq!(
            rewrite_mentions("/new dark-fence @Stranger mode=challenge", &[], &known),
            "/new dark-fence @@stranger mode=challenge"
        );
        let parsed = crate::table::command::parse("/new dark-fence @@stranger", false);
        let Ok(Some(crate::table::command::Command::New { opponent, .. })) = parsed else {
            panic!("a /new: {parsed:?}")
        };
        assert_eq!(
            opponent.as_ref().map(crate::store::UserId::as_str),
            Some("@stranger"),
            "a handle, kept"
        );
        // Not usernames: left alone.
        assert_eq!(rewrite_mentions("/new x @ab @1234567", &[], &known), "/new x @ab @1234567");
        assert_eq!(
            mentioned_usernames("/new x @Bob_Player @bob_player @zoe_x"),
            ["bob_player", "zoe_x"]
        );
    }

    #[test]
    fn a_text_mention_is_replaced_by_its_user_id_whatever_the_script_before_it() {
        // "/new 暗弈 Bob Smith": the entity covers "Bob Smith" at UTF-16 offset 8.
        let text = "/new 暗弈 Bob Smith x=1";
        let m = TextMention { offset: 8, length: 9, user_id: "1003".into() };
        assert_eq!(rewrite_mentions(text, &[m], &HashMap::new()), "/new 暗弈 @1003 x=1");
        // An emoji counts two UTF-16 units.
        let text = "/new 😀 Ann";
        let m = TextMention { offset: 8, length: 3, user_id: "7".into() };
        assert_eq!(rewrite_mentions(text, &[m], &HashMap::new()), "/new 😀 @7");
    }

    #[test]
    fn names_are_first_and_last_else_the_username() {
        assert_eq!(display_name("Alice", Some("Liddell"), Some("al"), "1"), "Alice Liddell");
        assert_eq!(display_name("Alice", None, None, "1"), "Alice");
        assert_eq!(display_name(" ", Some(""), Some("al_ice"), "1"), "al_ice");
        assert_eq!(display_name("", None, None, "17"), "17");
    }

    #[test]
    fn only_latin_command_names_are_registered_and_hidden_ones_never() {
        assert!(registrable("new") && registrable("draw_2"));
        assert!(!registrable("新局") && !registrable("New") && !registrable(""));
        let specs = crate::table::command::COMMANDS;
        let en = menu(specs, Lang::En, MenuScope::Groups);
        let names: Vec<&str> = en.iter().map(|(n, _)| n.as_str()).collect();
        assert!(names.contains(&"new") && names.contains(&"accept"), "{names:?}");
        assert!(
            !names.contains(&"press") && !names.contains(&"start") && !names.contains(&"admin")
        );
        let admins = menu(specs, Lang::En, MenuScope::Admins);
        assert!(admins.iter().any(|(n, _)| n == "admin"));
        assert!(admins.iter().any(|(n, _)| n == "new"), "administrators keep the group's menu");
        let private = menu(specs, Lang::En, MenuScope::Private);
        let private: Vec<&str> = private.iter().map(|(n, _)| n.as_str()).collect();
        assert!(private.contains(&"move") && private.contains(&"view"), "{private:?}");
        assert!(!private.contains(&"new") && !private.contains(&"accept"), "{private:?}");
        assert!(!private.contains(&"admin"));
        let zh = menu(specs, Lang::ZhHans, MenuScope::Groups);
        assert_eq!(zh.len(), en.len());
        assert_ne!(zh, en, "the Chinese menu is worded in Chinese");
        assert!(en.iter().chain(&zh).all(|(n, d)| registrable(n) && !d.is_empty()));
    }

    #[test]
    fn consecutive_plain_texts_to_one_chat_are_joined_and_nothing_else_is() {
        let mut with_button = text("-1", "choose");
        with_button.buttons.push(button("Pass", "1:1:pass"));
        let out = batch(vec![
            text("-1", "one"),
            text("-1", "two"),
            text("-2", "elsewhere"),
            text("-1", "three"),
            with_button.clone(),
            text("-1", "four"),
        ]);
        let texts: Vec<&str> = out.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(texts, ["one\n\ntwo", "elsewhere", "three", "choose", "four"]);
        assert_eq!(out[3], with_button);
        // Never beyond one message.
        let long = "x".repeat(TEXT_LIMIT - 3);
        assert_eq!(batch(vec![text("-1", &long), text("-1", "yz")]).len(), 2);
        assert_eq!(batch(vec![text("-1", &long), text("-1", "y")]).len(), 1);
    }

    #[test]
    fn long_texts_split_at_line_boundaries_within_the_limit() {
        assert_eq!(split_text("ab\ncd\nef", 5), ["ab\ncd", "ef"]);
        assert_eq!(split_text("abcdefg", 3), ["abc", "def", "g"]);
        assert_eq!(split_text("ab\n\ncd", 100), ["ab\n\ncd"]);
        let long: String = (0..500).map(|i| format!("line {i} 暗弈分野\n")).collect();
        let pieces = split_text(&long, TEXT_LIMIT);
        assert!(pieces.len() > 1);
        assert!(pieces.iter().all(|p| tg_len(p) <= TEXT_LIMIT));
        assert_eq!(pieces.join("\n"), long.trim_end());
        // Emoji are two units each.
        assert!(split_text(&"😀".repeat(10), 4).iter().all(|p| tg_len(p) <= 4));
    }

    #[test]
    fn a_board_carries_its_text_as_caption_when_it_fits_and_buttons_go_last() {
        let image = Image::png(b"\x89PNG".to_vec(), 1, 1);
        let mut m = text("-1", "Ply 1");
        m.image = Some(image);
        m.buttons = vec![button("Pass", "1:1:pass")];
        let pieces = plan(vec![m.clone()]);
        assert!(matches!(
            &pieces[..],
            [Piece::Photo { caption: Some(c), buttons, .. }] if c == "Ply 1" && buttons.len() == 1
        ));
        m.text = "y".repeat(CAPTION_LIMIT + 1);
        let pieces = plan(vec![m.clone()]);
        assert!(matches!(
            &pieces[..],
            [Piece::Photo { caption: None, buttons: b1, .. }, Piece::Text { buttons: b2, .. }]
                if b1.is_empty() && b2.len() == 1
        ));
        m.text = "z\n".repeat(TEXT_LIMIT + 10);
        let pieces = plan(vec![m]);
        assert_eq!(pieces.len(), 4, "photo, then the text in three parts");
        assert!(matches!(pieces.last(), Some(Piece::Text { buttons, .. }) if buttons.len() == 1));
    }

    #[test]
    fn a_short_refusal_becomes_an_alert_and_anything_else_a_message() {
        let refused = |t: &str| Answer {
            messages: vec![text("-1", t)],
            refused: true,
            secret: false,
            lang: Lang::En,
        };
        assert_eq!(refusal_alert(&refused("That turn is over.")), Some("That turn is over."));
        assert_eq!(refusal_alert(&refused(&"x".repeat(ALERT_LIMIT + 1))), None);
        assert_eq!(refusal_alert(&refused("Open https://t.me/x?start=accept-1")), None);
        let done = Answer {
            messages: vec![text("-1", "bob declined #1.")],
            refused: false,
            secret: false,
            lang: Lang::En,
        };
        assert_eq!(refusal_alert(&done), None);
        let two = Answer {
            messages: vec![text("-1", "a"), text("-1", "b")],
            refused: true,
            secret: false,
            lang: Lang::En,
        };
        assert_eq!(refusal_alert(&two), None);
    }

    #[test]
    fn callback_data_over_64_bytes_is_never_sent() {
        let ok = button("Pass", "12:7:pass");
        let long = button("Pass", &format!("1:1:act-{}", "9".repeat(60)));
        let both = [ok.clone(), long.clone()];
        let (send, dropped) = sendable_buttons(&both);
        assert_eq!((send, dropped), (vec![&ok], vec![&long]));
    }
}
