//! What the referee sends: a leaf below the voice.
//!
//! [`Outbound`] is the platform-neutral message (a chat or one user's private chat, text, an
//! optional image, buttons whose payloads carry ids only), [`Dest`] where it goes, [`Lang`] the
//! language it is in, and the light markup its text carries ([`spans`]). The words themselves
//! are the voice's (`table::voice`), which alone reaches the Fluent messages.

use std::fmt;

use crate::store::{ChatId, UserId};

/// Where a message goes.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dest {
    /// A group chat (channel, thread, forum topic).
    Chat(ChatId),
    /// One user's private chat with the bot.
    User(UserId),
}

/// How the outbox keeps a destination: `chat:<id>`, `user:<id>`, or `topic:<n>:<chat id>` for
/// a forum topic (the topic is a number, so the chat id after it may hold anything).
impl fmt::Display for Dest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Dest::Chat(ChatId { id, topic: None }) => write!(f, "chat:{id}"),
            Dest::Chat(ChatId { id, topic: Some(topic) }) => write!(f, "topic:{topic}:{id}"),
            Dest::User(user) => write!(f, "user:{user}"),
        }
    }
}

/// Text that is no stored destination.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is no message destination")]
pub struct NotADest(pub String);

impl std::str::FromStr for Dest {
    type Err = NotADest;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || NotADest(text.to_string());
        match text.split_once(':').ok_or_else(bad)? {
            ("chat", id) => Ok(Dest::Chat(ChatId::new(id))),
            ("user", id) => Ok(Dest::User(UserId::new(id))),
            ("topic", rest) => {
                let (topic, id) = rest.split_once(':').ok_or_else(bad)?;
                Ok(Dest::Chat(ChatId::in_topic(id, topic.parse().map_err(|_| bad())?)))
            }
            _ => Err(bad()),
        }
    }
}

/// A file attached to a message: a board image (the renderer fills these), an animated replay
/// or a game's record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Image {
    /// The file's bytes: PNG, unless `kind` says otherwise.
    pub png: Vec<u8>,
    /// Width in pixels (0 for a text file).
    pub width: u32,
    /// Height in pixels (0 for a text file).
    pub height: u32,
    /// What the bytes are.
    pub kind: FileKind,
}

/// What an attached file is, which decides how a platform shows it: a PNG inline as a picture,
/// a GIF as an animation, a text file as a document to download.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FileKind {
    /// A PNG picture (a board, a chart).
    #[default]
    Png,
    /// An animated GIF (`/replay`).
    Gif,
    /// A UTF-8 text file (`/export`).
    Text,
}

impl FileKind {
    /// The file's name as sent: `board.png`, `replay.gif`, `record.txt`.
    #[must_use]
    pub fn file_name(self) -> &'static str {
        match self {
            FileKind::Png => crate::render::FILE_NAME,
            FileKind::Gif => "replay.gif",
            FileKind::Text => "record.txt",
        }
    }

    /// Whether the platform may show it inline as a still picture.
    #[must_use]
    pub fn is_picture(self) -> bool {
        self == FileKind::Png
    }
}

impl Image {
    /// A PNG picture of `width` × `height`.
    #[must_use]
    pub fn png(png: Vec<u8>, width: u32, height: u32) -> Image {
        Image { png, width, height, kind: FileKind::Png }
    }
}

/// A choice under a message. The payload carries only a game id, a turn number and a choice
/// (never game data); the referee re-checks everything when it is pressed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Button {
    /// What the button says.
    pub label: String,
    /// What pressing it sends back (on the wire `12:7:pass`, at most 64 bytes).
    pub payload: super::payload::Payload,
}

/// One piece of a message text. Texts carry light markup that each front end renders natively
/// (Discord markdown, Telegram HTML, plain text at the console), so no reader sees a mark:
/// code between two backticks (a command, notation, an option key), and marks written
/// `⟦<kind>:<value>|<words>⟧`: a moment ([`moment`]), which Discord shows as a live relative
/// time in the reader's own language and everyone else as the words; a mention of a user
/// ([`mention`]), which Discord shows as the member (without a ping: who may be pinged is the
/// front end's rule) and everyone else as the name; emphasis ([`emphasis`]); and a link to
/// open ([`link`]), which chat platforms show as a button under the message and plain readers
/// as its words and address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Span<'a> {
    /// Ordinary text.
    Text(&'a str),
    /// Code.
    Code(&'a str),
    /// Emphasised words (a result, what a player must do now).
    Strong(&'a str),
    /// A user, by their platform id, shown by name where mentions are not rendered.
    Mention {
        /// The user's platform id.
        user: &'a str,
        /// Their name as the referee knows it.
        name: &'a str,
        /// Whether it should notify them ([`ping`]): an invitee, a player whose turn it is.
        ping: bool,
    },
    /// A moment: when, and how the referee worded it for readers without live times.
    Moment {
        /// Unix seconds.
        at: i64,
        /// The words, e.g. "in 2h 5m".
        words: &'a str,
        /// A date to read as such ("until 3 January, 06:00"), not a time from now ("in 2h").
        date: bool,
    },
    /// A chat, by its platform id: Discord shows it as the channel (or thread), everyone else
    /// reads the words.
    Place {
        /// The chat's platform id.
        chat: &'a str,
        /// How it reads where chats are not rendered.
        words: &'a str,
    },
    /// A link to open: a URL button labelled `words` where the platform has them (sentences
    /// that carry one say "the button below"), else the words and the address.
    Link {
        /// The address.
        url: &'a str,
        /// The button's label.
        words: &'a str,
    },
}

/// Where a mark opens and closes.
const MARK_OPEN: char = '⟦';
const MARK_CLOSE: char = '⟧';

/// A mark of `kind` with `value`, read as `words`; neither may close the mark early or split it.
fn mark(kind: char, value: &str, words: &str) -> String {
    let clean = |s: &str| s.replace([MARK_OPEN, MARK_CLOSE], "");
    let value = clean(value).replace('|', "");
    format!("{MARK_OPEN}{kind}:{value}|{}{MARK_CLOSE}", clean(words))
}

/// The mark for the moment `at` (unix seconds), read as `words` where times are not live.
#[must_use]
pub fn moment(at: i64, words: &str) -> String {
    mark('t', &at.to_string(), words)
}

/// The mark for the date and time `at` (unix seconds), shown in the reader's own time zone
/// where the platform can (Discord), else read as `words` (a UTC minute).
#[must_use]
pub fn date(at: i64, words: &str) -> String {
    mark('d', &at.to_string(), words)
}

/// The mark for a mention of `user` (a platform user id), read as `name` where mentions are
/// not rendered.
#[must_use]
pub fn mention(user: &str, name: &str) -> String {
    mark('u', user, name)
}

/// The mark for a mention of `user` that notifies them (an invitee): where the platform
/// notifies mentioned users (Discord) this one alone may be; it reads as [`mention`] otherwise.
#[must_use]
pub fn ping(user: &str, name: &str) -> String {
    mark('p', user, name)
}

/// The users a text pings ([`ping`]), in order.
#[must_use]
pub fn pinged(text: &str) -> Vec<&str> {
    text.match_indices("⟦p:")
        .filter_map(|(at, _)| match mark_at(&text[at..]) {
            Some((Span::Mention { user, ping: true, .. }, _)) => Some(user),
            _ => None,
        })
        .collect()
}

/// The mark for the chat `chat` (a platform chat id), read as `words` where chats are not
/// rendered (see [`Span::Place`]).
#[must_use]
pub fn place(chat: &str, words: &str) -> String {
    mark('c', chat, words)
}

/// The mark for emphasised `words`.
#[must_use]
pub fn emphasis(words: &str) -> String {
    mark('b', "", words)
}

/// The mark for a link to `url`, labelled `words` (see [`Span::Link`]).
#[must_use]
pub fn link(url: &str, words: &str) -> String {
    mark('l', url, words)
}

/// The links a text carries, in order: (label, address).
#[must_use]
pub fn links(text: &str) -> Vec<(&str, &str)> {
    spans(text)
        .into_iter()
        .filter_map(|s| match s {
            Span::Link { url, words } => Some((words, url)),
            _ => None,
        })
        .collect()
}

/// A mark at the start of `text`: the span and the length it takes.
fn mark_at(text: &str) -> Option<(Span<'_>, usize)> {
    let body = text.strip_prefix(MARK_OPEN)?;
    let end = body.find(MARK_CLOSE)?;
    let (head, words) = body[..end].split_once('|')?;
    let (kind, value) = head.split_once(':')?;
    let span = match kind {
        "t" => Span::Moment { at: value.parse().ok()?, words, date: false },
        "d" => Span::Moment { at: value.parse().ok()?, words, date: true },
        "u" | "p" if !value.is_empty() => {
            Span::Mention { user: value, name: words, ping: kind == "p" }
        }
        "b" if value.is_empty() => Span::Strong(words),
        "l" if !value.is_empty() => Span::Link { url: value, words },
        "c" if !value.is_empty() => Span::Place { chat: value, words },
        _ => return None,
    };
    Some((span, MARK_OPEN.len_utf8() + end + MARK_CLOSE.len_utf8()))
}

/// The pieces of a message text (see [`Span`]). A backtick without a partner, or a mark that
/// does not read, stays text.
#[must_use]
pub fn spans(text: &str) -> Vec<Span<'_>> {
    let mut out = Vec::new();
    let mut rest = text;
    let mut from = 0;
    while let Some(offset) = rest[from..].find(['`', MARK_OPEN]) {
        let open = from + offset;
        let found = if rest[open..].starts_with('`') {
            rest[open + 1..]
                .find('`')
                .map(|len| (Span::Code(&rest[open + 1..open + 1 + len]), len + 2))
        } else {
            mark_at(&rest[open..])
        };
        let Some((span, len)) = found else {
            // Not markup: keep looking after it.
            from = open + rest[open..].chars().next().map_or(1, char::len_utf8);
            continue;
        };
        if open > 0 {
            out.push(Span::Text(&rest[..open]));
        }
        out.push(span);
        rest = &rest[open + len..];
        from = 0;
    }
    if !rest.is_empty() {
        out.push(Span::Text(rest));
    }
    out
}

/// Splits `text` into pieces no longer than `limit` as `measure` counts them (characters on
/// Discord, UTF-16 units on Telegram): between lines where it can, else between words, never
/// inside a mark or a code span. Only a single token longer than `limit` is cut between
/// characters. Pieces are never blank, and a piece cut between words loses the space.
#[must_use]
pub fn split_text(text: &str, limit: usize, measure: impl Fn(&str) -> usize) -> Vec<String> {
    let limit = limit.max(2);
    let mut pieces = Vec::new();
    let mut current = String::new();
    let flush = |current: &mut String, pieces: &mut Vec<String>| {
        let piece = std::mem::take(current);
        if !piece.trim().is_empty() {
            pieces.push(piece.trim_end().to_string());
        }
    };
    for line in text.trim_end().split('\n') {
        let joined =
            if current.is_empty() { line.to_string() } else { format!("{current}\n{line}") };
        if measure(&joined) <= limit {
            current = joined;
            continue;
        }
        flush(&mut current, &mut pieces);
        if measure(line) <= limit {
            current = line.to_string();
            continue;
        }
        for word in words(line) {
            let joined = format!("{current}{word}");
            if measure(joined.trim_end()) <= limit {
                current = joined;
                continue;
            }
            flush(&mut current, &mut pieces);
            if measure(word.trim_end()) <= limit {
                current = word.to_string();
                continue;
            }
            for c in word.chars() {
                current.push(c);
                if measure(&current) > limit {
                    current.pop();
                    flush(&mut current, &mut pieces);
                    current.push(c);
                }
            }
        }
    }
    flush(&mut current, &mut pieces);
    pieces
}

/// The words of a line, each with the spaces after it: a mark (`⟦…⟧`) or a code span is part
/// of its word, spaces inside it included.
fn words(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let (mut in_mark, mut in_code) = (false, false);
    // Whether the previous character was a space between words (not inside a span).
    let mut after_space = false;
    for (i, c) in line.char_indices() {
        let between = !in_mark && !in_code;
        if between && after_space && c != ' ' {
            out.push(&line[start..i]);
            start = i;
        }
        after_space = between && c == ' ';
        match c {
            MARK_OPEN if !in_code => in_mark = true,
            MARK_CLOSE if in_mark => in_mark = false,
            // A backtick opens a code span only when another one closes it.
            '`' if !in_mark && (in_code || line[i + 1..].contains('`')) => in_code = !in_code,
            _ => {}
        }
    }
    if start < line.len() {
        out.push(&line[start..]);
    }
    out
}

/// The text with each mention written as the name alone, every other mark kept: for a message
/// carried to the other chat platform, where the mentioned ids mean nobody (or someone else).
#[must_use]
pub fn unmention(text: &str) -> String {
    spans(text)
        .into_iter()
        .map(|s| match s {
            Span::Text(t) | Span::Mention { name: t, .. } => t.to_string(),
            Span::Code(t) => format!("`{t}`"),
            Span::Strong(t) => emphasis(t),
            Span::Moment { at, words, date: false } => moment(at, words),
            Span::Moment { at, words, date: true } => date(at, words),
            Span::Place { chat, words } => place(chat, words),
            Span::Link { url, words } => link(url, words),
        })
        .collect()
}

/// The text without its marks, for plain-text readers (the console, Telegram's alerts).
#[must_use]
pub fn plain(text: &str) -> String {
    spans(text)
        .into_iter()
        .map(|s| match s {
            Span::Text(t)
            | Span::Code(t)
            | Span::Strong(t)
            | Span::Mention { name: t, .. }
            | Span::Moment { words: t, .. }
            | Span::Place { words: t, .. } => std::borrow::Cow::Borrowed(t),
            Span::Link { url, words } => format!("{words}: {url}").into(),
        })
        .collect()
}

/// One message for a platform to deliver.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outbound {
    /// The platform that delivers it.
    pub platform: crate::store::Platform,
    /// The chat or user.
    pub to: Dest,
    /// The text.
    pub text: String,
    /// An optional board image.
    pub image: Option<Image>,
    /// Choices.
    pub buttons: Vec<Button>,
    /// Its id in the delivery outbox when it was saved there with the change it announces
    /// (the front end takes it out once delivered); `None` for an answer that changed nothing,
    /// which is sent at once and not kept.
    pub outbox: Option<i64>,
    /// The change of a game this message announces, when it announces one: a front end takes
    /// the buttons of that game's earlier messages in the same chat off once it is delivered
    /// (they belong to a turn that moved on, an offer answered, a window closed).
    pub stamp: Option<Stamp>,
}

/// Which change of which game a message announces, and what it settles: the front ends take
/// the buttons it made stale off the game's earlier messages ([`is_momentary`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Stamp {
    /// The game.
    pub game: crate::store::GameId,
    /// Its version after the change (versions only grow; every message of one change carries
    /// the same one).
    pub version: i64,
    /// Its number of actions after the change: a button of another turn is stale (as the
    /// referee judges a press, [`super::payload::Payload::turn`]).
    pub turn: i64,
    /// The game changed state (an invitation accepted or declined, a game over): every button
    /// of an earlier version is stale.
    pub settled: bool,
    /// A draw or takeback offer was answered: the offer's buttons are stale.
    pub offer_closed: bool,
}

/// Whether `button` belongs to one moment of its game, so that a later change makes it stale
/// (everything but "My view", which always shows the present, "Which game?" answers, which
/// the referee remembers per user, "Switch sides", good until the player's first action,
/// after the bot's opening, and a seek's "Play", which belongs to no game).
#[must_use]
pub fn is_momentary(button: &Button) -> bool {
    use super::payload::Choice;
    !matches!(button.payload.choice, Choice::View | Choice::Pick | Choice::Switch | Choice::Seek)
}

/// How a message's text, buttons and image size are kept in the outbox's `body` column.
fn is_png(kind: &FileKind) -> bool {
    *kind == FileKind::Png
}

#[derive(serde::Serialize, serde::Deserialize)]
struct Body {
    text: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    buttons: Vec<(String, String)>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    size: Option<(u32, u32)>,
    /// What the attached file is (a PNG when absent, as rows written before kept only PNGs).
    #[serde(default, skip_serializing_if = "is_png")]
    kind: FileKind,
    /// The change the message announces ([`Stamp`]: version, turn, settled, offer closed; the
    /// game is the row's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    stamp: Option<(i64, i64, bool, bool)>,
}

impl Outbound {
    /// A message of text alone to `to` on `platform`.
    #[must_use]
    pub fn text_to(platform: crate::store::Platform, to: Dest, text: String) -> Outbound {
        Outbound { platform, to, text, image: None, buttons: Vec::new(), outbox: None, stamp: None }
    }

    /// The message as the outbox keeps it, for the game `game_id`, promised at `now_ms`.
    #[must_use]
    pub fn to_stored(
        &self,
        game_id: Option<crate::store::GameId>,
        now_ms: i64,
    ) -> crate::store::NewMessage {
        let dest = self.to.to_string();
        let body = Body {
            text: self.text.clone(),
            buttons: self
                .buttons
                .iter()
                .map(|b| (b.label.clone(), b.payload.to_string()))
                .collect(),
            size: self.image.as_ref().map(|i| (i.width, i.height)),
            kind: self.image.as_ref().map(|i| i.kind).unwrap_or_default(),
            stamp: self.stamp.map(|s| (s.version, s.turn, s.settled, s.offer_closed)),
        };
        crate::store::NewMessage {
            platform: self.platform,
            dest,
            // A struct of strings and numbers always serialises.
            body: serde_json::to_string(&body).unwrap_or_default(),
            image: self.image.as_ref().map(|i| i.png.clone()),
            game_id,
            created_at: now_ms,
        }
    }

    /// A message read back from the outbox; `None` for a row that does not parse (logged by
    /// the caller and dropped).
    #[must_use]
    pub fn from_stored(stored: &crate::store::StoredMessage) -> Option<Outbound> {
        let m = &stored.message;
        let to = m.dest.parse().ok()?;
        let body: Body = serde_json::from_str(&m.body).ok()?;
        let image = match (&m.image, body.size) {
            (Some(png), Some((width, height))) => {
                Some(Image { png: png.clone(), width, height, kind: body.kind })
            }
            (Some(png), None) => {
                Some(Image { png: png.clone(), width: 0, height: 0, kind: body.kind })
            }
            (None, _) => None,
        };
        Some(Outbound {
            platform: m.platform,
            to,
            text: body.text,
            image,
            buttons: body
                .buttons
                .into_iter()
                // A payload that no longer reads (a future format) loses its button, not the
                // message.
                .filter_map(|(label, payload)| Some(Button { label, payload: payload.parse().ok()? }))
                .collect(),
            outbox: Some(stored.id),
            stamp: match (m.game_id, body.stamp) {
                (Some(game), Some((version, turn, settled, offer_closed))) => {
                    Some(Stamp { game, version, turn, settled, offer_closed })
                }
                _ => None,
            },
        })
    }
}

/// A language the referee speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Simplified Chinese (简体中文).
    ZhHans,
    /// Traditional Chinese (繁體中文).
    ZhHant,
}

impl Lang {
    /// Every language, in the order `/settings` lists them.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::ZhHans, Lang::ZhHant];

    /// The stored code (a BCP 47 tag).
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::ZhHans => "zh-Hans",
            Lang::ZhHant => "zh-Hant",
        }
    }

    /// Where a message missing in this language is looked up next, this language first:
    /// zh-Hant → zh-Hans → en, zh-Hans → en. (A Chinese reader is better served by the other
    /// script than by English.)
    #[must_use]
    pub fn chain(self) -> &'static [Lang] {
        match self {
            Lang::En => &[Lang::En],
            Lang::ZhHans => &[Lang::ZhHans, Lang::En],
            Lang::ZhHant => &[Lang::ZhHant, Lang::ZhHans, Lang::En],
        }
    }

    /// The script its readers' pictures draw piece codes in.
    #[must_use]
    pub fn script(self) -> crate::render::Script {
        match self {
            Lang::En => crate::render::Script::Latin,
            Lang::ZhHans => crate::render::Script::Simplified,
            Lang::ZhHant => crate::render::Script::Traditional,
        }
    }

    /// Whether the language is written in Chinese characters.
    #[must_use]
    pub fn is_chinese(self) -> bool {
        self != Lang::En
    }

    /// The language for a stored code, a name players type (`中文`, `繁體`, `english`) or a
    /// platform's locale, negotiated with CLDR likely subtags: `zh-TW`, `zh-HK`, `zh-MO`,
    /// `zh-Hant` → zh-Hant; `zh`, `zh-CN`, `zh-SG`, `zh-Hans` → zh-Hans; `en-US` → en. `None`
    /// for a language we do not speak (the caller falls back to its default).
    #[must_use]
    pub fn from_code(code: &str) -> Option<Lang> {
        use fluent_langneg::{NegotiationStrategy, negotiate_languages};
        use unic_langid::LanguageIdentifier;

        let c = code.trim();
        // Stored codes (every message reads one) need no negotiation.
        if let Some(lang) = Lang::ALL.into_iter().find(|l| l.code() == c) {
            return Some(lang);
        }
        match c.to_lowercase().as_str() {
            "中文" | "简体" | "简体中文" | "簡體中文" | "简中" => {
                return Some(Lang::ZhHans);
            }
            "繁體" | "繁体" | "繁體中文" | "繁体中文" | "正體中文" | "繁中" => {
                return Some(Lang::ZhHant);
            }
            "english" | "英文" | "英語" | "英语" => return Some(Lang::En),
            _ => {}
        }
        // Platforms write `zh_TW` as well as `zh-TW`.
        let requested: LanguageIdentifier = c.replace('_', "-").parse().ok()?;
        static AVAILABLE: std::sync::LazyLock<Vec<LanguageIdentifier>> =
            std::sync::LazyLock::new(|| {
                Lang::ALL.iter().filter_map(|l| l.code().parse().ok()).collect()
            });
        let available: &[LanguageIdentifier] = &AVAILABLE;
        let best = negotiate_languages(&[requested], available, None, NegotiationStrategy::Lookup);
        let best = best.first()?.to_string();
        Lang::ALL.into_iter().find(|l| l.code() == best)
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unmention_writes_mentions_as_names_and_keeps_every_other_mark() {
        let text = format!(
            "{} moves `c2c5` {} ({}), {}",
            ping("310000000000000001", "Dave"),
            emphasis("now"),
            moment(90, "in 1m"),
            mention("telegram:5001", "Tom"),
        );
        let out = unmention(&text);
        assert_eq!(
            out,
            format!("Dave moves `c2c5` {} ({}), Tom", emphasis("now"), moment(90, "in 1m"))
        );
        assert_eq!(plain(&out), plain(&text));
        assert!(pinged(&out).is_empty());
    }

    #[test]
    fn a_file_that_is_no_picture_is_kept_in_the_outbox_as_what_it_is() {
        for kind in [FileKind::Png, FileKind::Gif, FileKind::Text] {
            let m = Outbound {
                platform: crate::store::Platform::Script,
                to: Dest::Chat("g".into()),
                text: "Record of #1".into(),
                image: Some(Image {
                    png: b"Record: arbiter 1".to_vec(),
                    width: 0,
                    height: 0,
                    kind,
                }),
                buttons: Vec::new(),
                outbox: Some(4),
                stamp: None,
            };
            let stored = crate::store::StoredMessage { id: 4, message: m.to_stored(None, 0) };
            assert_eq!(Outbound::from_stored(&stored), Some(m), "{kind:?}");
        }
        // A row written before kinds were kept holds a PNG.
        let old = crate::store::StoredMessage {
            id: 5,
            message: crate::store::NewMessage {
                platform: crate::store::Platform::Script,
                dest: "chat:g".into(),
                body: r#"{"text":"b","size":[2,3]}"#.into(),
                image: Some(vec![1]),
                game_id: None,
                created_at: 0,
            },
        };
        let read = Outbound::from_stored(&old).expect("reads");
        assert_eq!(read.image.map(|i| (i.kind, i.width)), Some((FileKind::Png, 2)));
    }

    #[test]
    fn a_destination_reads_back_from_what_the_outbox_keeps() {
        for (dest, text) in [
            (Dest::Chat(ChatId::new("-100")), "chat:-100"),
            (Dest::Chat(ChatId::new("#a:b")), "chat:#a:b"),
            (Dest::Chat(ChatId::in_topic("-100", 7)), "topic:7:-100"),
            (Dest::User(UserId::new("42")), "user:42"),
        ] {
            assert_eq!(dest.to_string(), text);
            assert_eq!(text.parse::<Dest>(), Ok(dest));
        }
        for text in ["", "chat", "topic:x:-100", "topic:7", "room:1"] {
            assert!(text.parse::<Dest>().is_err(), "{text:?}");
        }
    }

    fn chars(s: &str) -> usize {
        s.chars().count()
    }

    #[test]
    fn a_long_line_is_split_between_words_and_lines_stay_whole_where_they_fit() {
        assert_eq!(split_text("aaa bbb ccc", 7, chars), ["aaa bbb", "ccc"]);
        assert_eq!(split_text("ab\ncd\nef", 5, chars), ["ab\ncd", "ef"]);
        assert_eq!(
            split_text("one two\nthree four five", 10, chars),
            ["one two", "three four", "five"]
        );
        // Only a single word longer than the limit is cut between characters.
        assert_eq!(split_text("abcdefg", 3, chars), ["abc", "def", "g"]);
        assert_eq!(split_text("x abcdefg", 3, chars), ["x", "abc", "def", "g"]);
        assert!(split_text("  \n \n", 3, chars).is_empty());
    }

    #[test]
    fn a_mark_or_code_span_is_never_cut_in_two() {
        let strong = emphasis("two words");
        let text = format!("aa {strong} bb `c d e` ff");
        // Any limit that holds the longest token (the mark) keeps every token whole.
        for limit in [len_of(&strong), 15, 17, 20, 24] {
            let pieces = split_text(&text, limit, chars);
            assert!(pieces.iter().all(|p| chars(p) <= limit), "{pieces:?}");
            assert!(pieces.iter().any(|p| p.contains(&strong)), "{limit}: {pieces:?}");
            assert!(pieces.iter().any(|p| p.contains("`c d e`")), "{limit}: {pieces:?}");
            assert_eq!(pieces.join(" "), text, "nothing lost or added");
        }
    }

    fn len_of(s: &str) -> usize {
        chars(s)
    }

    #[test]
    fn a_link_mark_reads_back_as_its_label_and_address() {
        let text =
            format!("Press it.\n{}", link("https://t.me/b?start=view-1", "Open private chat"));
        assert_eq!(links(&text), [("Open private chat", "https://t.me/b?start=view-1")]);
        assert_eq!(plain(&text), "Press it.\nOpen private chat: https://t.me/b?start=view-1");
    }

    #[test]
    fn platform_locales_map_to_our_languages() {
        for code in ["zh-CN", "zh-cn", "zh-SG", "zh", "zh-Hans", "zh-hans", "zh_CN", "中文"] {
            assert_eq!(Lang::from_code(code), Some(Lang::ZhHans), "{code}");
        }
        for code in ["zh-TW", "zh-tw", "zh-HK", "zh-MO", "zh-Hant", "zh-hant", "zh-Hant-TW", "繁體"]
        {
            assert_eq!(Lang::from_code(code), Some(Lang::ZhHant), "{code}");
        }
        for code in ["en", "en-US", "en-GB", "English"] {
            assert_eq!(Lang::from_code(code), Some(Lang::En), "{code}");
        }
        for code in ["fr", "pt-BR", "", "x", "--"] {
            assert_eq!(Lang::from_code(code), None, "{code}");
        }
        for lang in Lang::ALL {
            assert_eq!(Lang::from_code(lang.code()), Some(lang), "a stored code reads back");
        }
    }

    #[test]
    fn code_spans_pair_backticks_and_a_lone_one_stays_text() {
        use Span::{Code, Text};
        assert_eq!(
            spans("say `pick R N B C` or `pick default`."),
            [Text("say "), Code("pick R N B C"), Text(" or "), Code("pick default"), Text(".")]
        );
        assert_eq!(spans("a ` b"), [Text("a ` b")]);
        assert_eq!(spans("``"), [Code("")]);
        assert_eq!(plain("cannot read `x``: y"), "cannot read x`: y");
        assert_eq!(plain("no marks"), "no marks");
    }

    #[test]
    fn a_moment_is_one_span_with_its_time_and_its_words_and_a_broken_mark_stays_text() {
        use Span::{Code, Moment, Text};
        let text = format!("Time runs out {} (`/move`).", moment(1_700_000_000, "in 2h 5m"));
        assert_eq!(
            spans(&text),
            [
                Text("Time runs out "),
                Moment { at: 1_700_000_000, words: "in 2h 5m", date: false },
                Text(" ("),
                Code("/move"),
                Text(")."),
            ]
        );
        assert_eq!(plain(&text), "Time runs out in 2h 5m (/move).");
        // Words cannot close the mark early; marks that do not read are text.
        assert_eq!(spans(&moment(5, "a⟧b")), [Moment { at: 5, words: "ab", date: false }]);
        // A date reads as a date where times are live, and as its words elsewhere.
        let until = date(1_700_000_000, "2023-11-14 22:13 UTC");
        assert_eq!(
            spans(&until),
            [Moment { at: 1_700_000_000, words: "2023-11-14 22:13 UTC", date: true }]
        );
        assert_eq!(plain(&until), "2023-11-14 22:13 UTC");
        for broken in ["⟦t:x|y⟧", "⟦t:5 y⟧", "⟦t:5|y", "⟦b:5|y⟧", "⟦"] {
            assert_eq!(spans(broken), [Text(broken)], "{broken}");
        }
        assert_eq!(spans("⟦t:x⟧ `c`"), [Text("⟦t:x⟧ "), Code("c")]);
    }

    #[test]
    fn mentions_and_emphasis_are_spans_that_plain_text_reads_as_their_words() {
        use Span::{Mention, Strong, Text};
        let text = format!("{} invites {}.", emphasis("Game over"), mention("4242", "Bo|b⟧"));
        assert_eq!(
            spans(&text),
            [
                Strong("Game over"),
                Text(" invites "),
                Mention { user: "4242", name: "Bo|b", ping: false },
                Text(".")
            ]
        );
        assert_eq!(plain(&text), "Game over invites Bo|b.");
        // A user id cannot split or close the mark; a mention without a user is text.
        assert_eq!(spans(&mention("a|b⟧", "N")), [Mention { user: "ab", name: "N", ping: false }]);
        assert_eq!(spans("⟦u:|N⟧"), [Text("⟦u:|N⟧")]);
    }
}
