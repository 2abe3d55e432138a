//! Narration: how a game's facts become sentences and pictures for each reader.
//!
//! The referee (its operation files: `dispatch.rs`, `play.rs`, …) decides what happens; a game's
//! [`Narrator`] words it. A narrator reads a [`Snapshot`] of one game (its id, seats, names,
//! clock, status, language and the engine state), never the referee's tables, contexts or store
//! rows, and returns messages ([`Outbound`]) addressed to the game's chat or to one seat.
//!
//! Who imports whom (no circles): the per-game narrators (`dark_fence.rs`, `ultima.rs`,
//! `perfect10.rs`, `chaos_clock.rs`, `rabble.rs`) import this module, `reply` and `clock`;
//! `games.rs` holds the registry ([`crate::table`]'s `games::narrator`) and the referee's
//! side of the hand-over (building snapshots); the referee imports `games.rs`. A new game adds
//! one file implementing [`Narrator`] and one line in the registry.
//!
//! Each game's `impl Narrator` holds that game's wording itself: its methods take the
//! engine-neutral [`AnyGame`]/[`AnyEvent`]/[`AnyError`] the referee holds, take out the game's
//! own types where they begin, and word them with the file's helpers, which work on `&View`,
//! `&Event` and `&Error` of its own engine. What chess-like games word alike (captions, the
//! result with its reason, which side a board is seen from) is here.

use fluent_bundle::FluentValue;

use super::wording::{Id, List, Wording, ids, list, say};
use crate::core::{GameResult, Noticed, Prompt, Seat, Viewer};
use crate::games::{AnyAction, AnyError, AnyEvent, AnyGame, AnyView, GameKind};
use crate::store::{ChatId, GameId, GameStatus, Platform, UserId};
use crate::table::clock::TimeControl;
pub(crate) use crate::table::games::{AdviceResult, Fork};
use crate::table::reply::{Dest, Image, Lang, Outbound};

/// What a narrator may read of one game: a read-only snapshot the referee hands over, built
/// from its table at the moment of speaking.
#[derive(Clone, Copy)]
pub(crate) struct Snapshot<'a> {
    /// The game's short id (`#12`).
    pub id: GameId,
    /// The platform of the game's chat (messages go out on it).
    pub platform: Platform,
    /// The game's chat.
    pub chat: &'a ChatId,
    /// The engine state.
    pub game: &'a AnyGame,
    /// Each seat's user id (`None` while open).
    pub seats: &'a [Option<UserId>],
    /// Each seat's display name.
    pub names: &'a [String],
    /// Which seat, if any, the referee plays itself (no private messages go there).
    pub bot_seat: Option<usize>,
    /// The time control.
    pub time: TimeControl,
    /// Actions applied so far (the turn number buttons carry).
    pub actions: i64,
    /// Where the game is in its life.
    pub status: GameStatus,
    /// The result the table stored when it ended the game (`None` while running).
    pub stored_result: Option<GameResult>,
    /// The language of the game's public messages.
    pub lang: Lang,
    /// The game's seed (shown where a random start must be checkable).
    pub seed: i64,
    /// The game was started from a given position (`position="…"`), not drawn.
    pub from_position: bool,
    /// Seconds allowed for the decision asked for now.
    pub decision_seconds: i64,
    /// The image caption of a view of this game, in characters the bundled font has: the
    /// voice's dispatch by the view's own game (`table.rs`), so a narrator never unwraps a view
    /// of another game.
    pub caption: fn(&Snapshot<'_>, &AnyView, Lang) -> String,
}

/// The board image for `viewer`, drawn from that viewer's view only, with the caption.
pub(crate) fn picture(t: &Snapshot<'_>, viewer: Viewer, lang: Lang, images: bool) -> Option<Image> {
    if !images {
        return None;
    }
    let view = t.game.view(viewer);
    let caption = (t.caption)(t, &view, lang);
    let p = crate::render::render(&view, &caption, &theme(viewer, lang));
    Some(Image::png(p.png, p.width, p.height))
}

/// One game's voice at the table: every sentence, prompt and picture the referee needs about
/// it, and the few table-level facts that differ per game (secret moves, confirmation, typed
/// completions, what a timeout plays). Defaults are what most games do.
///
/// Implementations are unit structs, registered in `games.rs`. They must word hidden
/// information only from the audience's own view or events.
pub(crate) trait Narrator: Sync {
    /// The ways to finish a move typed without its last part, as (button label, ending);
    /// empty when `error` is about something else.
    fn completions(
        &self,
        _w: &Wording,
        _lang: Lang,
        _game: &AnyGame,
        _seat: Seat,
        _text: &str,
        _error: &AnyError,
    ) -> Vec<(String, String)> {
        Vec::new()
    }

    /// The refusal of an incomplete move followed by the question its buttons answer.
    fn completion_question(
        &self,
        w: &Wording,
        lang: Lang,
        t: &Snapshot<'_>,
        text: &str,
        error: &AnyError,
    ) -> String {
        let question =
            w.text(lang, ids::COMPLETE_MOVE, &[("id", t.id.into()), ("move", text.into())]);
        format!("{}\n{question}", self.error_text(w, lang, error))
    }

    /// The rules in one sentence (board, variant, changed options, clock).
    fn rules_summary(&self, w: &Wording, lang: Lang, t: &Snapshot<'_>) -> String;

    /// The public start announcement.
    fn started(&self, w: &Wording, t: &Snapshot<'_>, images: bool) -> Outbound;

    /// The private echo of an action waiting for confirmation, sent to `to` (only games whose
    /// rules ask for a confirmation, `rules::Rules::needs_confirmation`, are asked).
    fn confirmation(
        &self,
        w: &Wording,
        lang: Lang,
        t: &Snapshot<'_>,
        to: Dest,
        action: &AnyAction,
        turn: i64,
    ) -> Outbound {
        let text = w.text(
            lang,
            ids::CONFIRM_GENERIC,
            &[("id", t.id.into()), ("action", t.game.format_action(action).into())],
        );
        confirm_buttons(w, lang, msg(t, to, text), t, action, turn)
    }

    /// The messages for the events of one action, each to its audience (`langs`: each seat's
    /// language).
    fn announce(
        &self,
        w: &Wording,
        t: &Snapshot<'_>,
        events: &[Noticed<AnyEvent>],
        langs: &[Lang],
        images: bool,
    ) -> Vec<Outbound>;

    /// What an ending by the table (resignation, time, agreement, abort) reveals, if anything.
    fn reveal(&self, _w: &Wording, _lang: Lang, _t: &Snapshot<'_>) -> Option<String> {
        None
    }

    /// Who the final picture of a game the table ended is drawn for.
    fn final_viewer(&self) -> Viewer {
        Viewer::Public
    }

    /// The prompts when `seat` must act (public and private; `lang` is the seat's).
    fn turn_prompts(
        &self,
        w: &Wording,
        t: &Snapshot<'_>,
        seat: Seat,
        prompt: Prompt,
        lang: Lang,
        images: bool,
    ) -> Vec<Outbound>;

    /// What `seat`, which does not act first, is told privately as the game starts (`lang` is
    /// the seat's): a game with hidden information gives every player their own view at the
    /// start, not only the one to move (Dark Fence, spec §3.9.1). Nothing by default.
    fn opening(
        &self,
        _w: &Wording,
        _t: &Snapshot<'_>,
        _seat: Seat,
        _lang: Lang,
        _images: bool,
    ) -> Vec<Outbound> {
        Vec::new()
    }

    /// A refused action, in the player's words.
    fn error_text(&self, w: &Wording, lang: Lang, error: &AnyError) -> String {
        common_error_text(w, lang, error)
    }

    /// `/hint`'s answer (games with a solver override it).
    fn hint_text(
        &self,
        w: &Wording,
        lang: Lang,
        t: &Snapshot<'_>,
        _advice: Option<&AdviceResult>,
    ) -> String {
        w.text(lang, ids::ERR_HINTS_OFF, &[("id", t.id.into())])
    }

    /// The post-game analysis in words (games with a solver).
    fn analysis_text(
        &self,
        _w: &Wording,
        _lang: Lang,
        _t: &Snapshot<'_>,
        _analysis: &crate::games::chaos_clock::Analysis,
    ) -> Option<String> {
        None
    }

    /// `/board <window>` for boards larger than their picture; `None` where the game has no
    /// windows.
    ///
    /// # Errors
    /// What is wrong with the window, in words (inside the `Some`).
    fn window_message(
        &self,
        _w: &Wording,
        _lang: Lang,
        _t: &Snapshot<'_>,
        _spec: &str,
        _to: Dest,
        _images: bool,
    ) -> Option<Result<Outbound, String>> {
        None
    }

    /// `/view z …`, a 3-D observation; `None` where the game has none.
    ///
    /// # Errors
    /// What is wrong with the slice, in words (inside the `Some`).
    fn observation_message(
        &self,
        _w: &Wording,
        _lang: Lang,
        _t: &Snapshot<'_>,
        _spec: &str,
        _to: Dest,
        _images: bool,
    ) -> Option<Result<Outbound, String>> {
        None
    }

    /// `/moves <square>`: where one unit can go; `None` where the game does not answer it.
    ///
    /// # Errors
    /// What is wrong with the square, in words (inside the `Some`).
    fn moves_message(
        &self,
        _w: &Wording,
        _lang: Lang,
        _t: &Snapshot<'_>,
        _square: &str,
        _to: Dest,
    ) -> Option<Result<Outbound, String>> {
        None
    }

    /// One entry of the draw library (`/library`), with the forks continued from it; `None`
    /// for games that have no library.
    fn library_entry(
        &self,
        _w: &Wording,
        _lang: Lang,
        _t: &Snapshot<'_>,
        _forks: &[Fork],
    ) -> Option<String> {
        None
    }
}

/// Confirm and cancel buttons under a confirmation echo (payload `<id>:<turn>:confirm`).
pub(crate) fn confirm_buttons(
    w: &Wording,
    lang: Lang,
    mut out: Outbound,
    t: &Snapshot<'_>,
    action: &AnyAction,
    turn: i64,
) -> Outbound {
    use crate::table::payload::{Choice, Payload, echo_tag};
    use crate::table::reply::Button;
    // Each button names the action it was under: pressed under an older echo, it plays (or
    // cancels) nothing newer.
    let tag = echo_tag(&t.game.format_action(action));
    out.buttons = vec![
        Button {
            label: w.text(lang, ids::BTN_CONFIRM, &[]),
            payload: Payload::new(t.id, turn, Choice::Confirm(Some(tag.clone()))),
        },
        Button {
            label: w.text(lang, ids::BTN_CANCEL, &[]),
            payload: Payload::new(t.id, turn, Choice::Cancel(Some(tag))),
        },
    ];
    out
}

/// A refusal every game words alike (options, and an action for another game, which the
/// referee never sends).
pub(crate) fn common_error_text(w: &Wording, lang: Lang, error: &AnyError) -> String {
    match error {
        AnyError::Options(e) => {
            w.text(lang, ids::ERR_OPTIONS, &[("detail", option_error(lang, e).into())])
        }
        _ => w.text(lang, ids::ERR_INTERNAL, &[]),
    }
}

/// A text message on the game's platform.
pub(crate) fn msg(t: &Snapshot<'_>, to: Dest, text: String) -> Outbound {
    Outbound {
        platform: t.platform,
        to,
        text,
        image: None,
        buttons: Vec::new(),
        outbox: None,
        stamp: None,
    }
}

/// The game's chat.
pub(crate) fn public(t: &Snapshot<'_>) -> Dest {
    Dest::Chat(t.chat.clone())
}

/// The private chat of the player in seat `index`, once seated (none for the bot).
pub(crate) fn private(t: &Snapshot<'_>, index: usize) -> Option<Dest> {
    if t.bot_seat == Some(index) {
        return None;
    }
    t.seats.get(index).cloned().flatten().map(Dest::User)
}

/// The display name of the player in seat `index` (`?` for an open seat).
pub(crate) fn name_of<'a>(t: &Snapshot<'a>, index: usize) -> &'a str {
    t.names.get(index).map_or("?", String::as_str)
}

/// The game's name in `lang`.
pub(crate) fn game_name(w: &Wording, lang: Lang, kind: GameKind) -> String {
    let id = match kind {
        GameKind::DarkFence => ids::GAME_DARK_FENCE,
        GameKind::Ultima => ids::GAME_ULTIMA,
        GameKind::Perfect10 => ids::GAME_PERFECT10,
        GameKind::ChaosClock => ids::GAME_CHAOS_CLOCK,
        GameKind::Rabble => ids::GAME_RABBLE,
    };
    w.text(lang, id, &[])
}

/// What stands between two sentences: a space in English, nothing after Chinese punctuation.
pub(crate) fn sentence_gap(lang: Lang) -> &'static str {
    if lang.is_chinese() { "" } else { " " }
}

/// The language of the player in seat `index` (`langs` as the referee looked them up).
pub(crate) fn seat_lang(langs: &[Lang], index: usize) -> Lang {
    langs.get(index).copied().unwrap_or_default()
}

/// The time control in words.
pub(crate) fn clock_text(w: &Wording, lang: Lang, t: &Snapshot<'_>) -> String {
    let per = human_duration(i64::from(t.time.per_move), lang);
    let id = match t.time.pace {
        crate::table::clock::Pace::Correspondence => ids::CLOCK_CORRESPONDENCE,
        crate::table::clock::Pace::Live => ids::CLOCK_LIVE,
    };
    w.text(lang, id, &[("per", per.into())])
}

/// "#3 is over: alice wins." (or a draw, both win, both lose; aborted without a result).
pub(crate) fn headline(
    w: &Wording,
    lang: Lang,
    t: &Snapshot<'_>,
    result: Option<GameResult>,
) -> String {
    let id = t.id;
    // The result is what every reader looks for first: emphasised.
    let said = match result {
        Some(GameResult::Winner(seat)) => w.text(
            lang,
            ids::OVER_WIN,
            &[("id", id.into()), ("winner", name_of(t, seat.index()).into())],
        ),
        Some(GameResult::BothWin) => w.text(lang, ids::OVER_BOTH_WIN, &[("id", id.into())]),
        Some(GameResult::BothLose) => w.text(lang, ids::OVER_BOTH_LOSE, &[("id", id.into())]),
        Some(GameResult::Draw) => w.text(lang, ids::OVER_DRAW, &[("id", id.into())]),
        None => w.text(lang, ids::OVER_ABORTED, &[("id", id.into())]),
    };
    crate::table::reply::emphasis(&said)
}

/// The drawing theme for `viewer` reading `lang`: its script, and a seat sees the board from its
/// own side.
pub(crate) fn theme(viewer: Viewer, lang: Lang) -> crate::render::Theme {
    crate::render::Theme {
        script: lang.script(),
        flipped: viewer == Viewer::Seat(Seat(1)),
        labels: super::wording::image_labels(lang),
        ..crate::render::Theme::default()
    }
}

/// The image caption of a chess-like game (White seat 0, Black seat 1): id, ply and whose move
/// (and check) or the result, in characters the font has. A game the table ended itself
/// (resignation, agreement, time) shows the result it stored.
pub(crate) fn chess_caption(
    t: &Snapshot<'_>,
    plies: u32,
    to_move: Seat,
    check: bool,
    outcome: Option<GameResult>,
    lang: Lang,
) -> String {
    let color = |seat: Seat| {
        say(lang, if seat.index() == 0 { ids::SIDE_WHITE } else { ids::SIDE_BLACK }, &[])
    };
    let ply = say(lang, ids::CAP_PLY, &[("n", plies.to_string().into())]);
    let state = match outcome.or(t.stored_result) {
        Some(GameResult::Winner(seat)) => say(lang, ids::CAP_WINS, &[("side", color(seat).into())]),
        Some(_) => say(lang, ids::CAP_DRAW, &[]),
        None if t.status == GameStatus::Active => {
            let mut s = say(lang, ids::CAP_TO_MOVE, &[("side", color(to_move).into())]);
            if check {
                s.push_str(&format!(" · {}", say(lang, ids::CAP_CHECK, &[])));
            }
            s
        }
        None => String::new(),
    };
    let mut text = format!("#{} · {ply}", t.id);
    if !state.is_empty() {
        text.push_str(&format!(" · {state}"));
    }
    text
}

/// The headline and reason (`reason-<code>`) of a chess-like game its engine ended (White seat
/// 0, Black seat 1), naming the loser and, for a house-rule draw, its limit: the game's option
/// `limit_key` (0 without it).
pub(crate) fn chess_result_text(
    w: &Wording,
    lang: Lang,
    t: &Snapshot<'_>,
    result: GameResult,
    reason: &str,
    limit_key: &str,
) -> String {
    let headline = headline(w, lang, t, Some(result));
    let loser = match result {
        GameResult::Winner(seat) => name_of(t, 1 - seat.index().min(1)).to_string(),
        _ => String::new(),
    };
    let limit = t
        .game
        .options()
        .to_pairs()
        .into_iter()
        .find(|(key, _)| *key == limit_key)
        .and_then(|(_, value)| value.parse::<i64>().ok())
        .unwrap_or(0);
    let why = w.text_of(
        lang,
        &format!("reason-{reason}"),
        &[("name", loser.into()), ("limit", limit.into())],
    );
    format!("{headline}\n{why}")
}

/// Who a chess-like board sent to `to` is drawn for: the second player's private chat sees it
/// from that side, every other reader from the first player's.
pub(crate) fn chess_viewer(t: &Snapshot<'_>, to: &Dest) -> Viewer {
    if Some(to) == private(t, 1).as_ref() { Viewer::Seat(Seat(1)) } else { Viewer::Public }
}

/// The options of `game` that differ from its defaults, in words (`optword-<game>-<key>`, e.g.
/// "challenge windows of 10s, no confirmation"), keys in `skip` left out (shown elsewhere);
/// empty when none differ. An option without words (none today: a test holds every key to
/// it) reads as `key=value`.
pub(crate) fn option_words(w: &Wording, lang: Lang, game: &AnyGame, skip: &[&str]) -> String {
    let kind = game.kind();
    let defaults = crate::games::AnyOptions::default_for(kind).to_pairs();
    let words: Vec<String> = game
        .options()
        .to_pairs()
        .into_iter()
        .zip(defaults)
        .filter(|((key, value), (_, default))| value != default && !skip.contains(key))
        .map(|((key, value), _)| option_word(w, lang, kind, key, &value))
        .collect();
    list(lang, List::Phrases, &words)
}

/// One option's setting in words (see [`option_words`]).
pub(crate) fn option_word(
    w: &Wording,
    lang: Lang,
    kind: GameKind,
    key: &str,
    value: &str,
) -> String {
    let id = format!("optword-{}-{key}", kind.code());
    if !w.has(lang, &id) {
        return format!("{key}={value}");
    }
    // Durations in words; numbers as numbers, so that the messages can select on them.
    let arg: FluentValue<'static> = match value.parse::<i64>() {
        Ok(seconds) if key == "window_timeout" => human_duration(seconds, lang).into(),
        Ok(n) => n.into(),
        // Fluent's variant keys cannot hold `+` (`dir8+manhattan` is selected as
        // `dir8-manhattan`).
        Err(_) => value.replace('+', "-").into(),
    };
    w.text_of(lang, &id, &[("value", arg)])
}

/// `2h 5m`, `3d`, `45s`: the largest two units, worded by `dur-*` messages.
pub(crate) fn human_duration(seconds: i64, lang: Lang) -> String {
    let mut rest = seconds.max(0);
    let mut parts = Vec::new();
    for (size, id) in [(86_400, ids::DUR_D), (3600, ids::DUR_H), (60, ids::DUR_M), (1, ids::DUR_S)]
    {
        if rest >= size && parts.len() < 2 {
            parts.push(say(lang, id, &[("n", (rest / size).to_string().into())]));
            rest %= size;
        }
    }
    if parts.is_empty() {
        parts.push(say(lang, ids::DUR_S, &[("n", "0".into())]));
    }
    list(lang, List::Units, &parts)
}

/// An options mistake in the reader's words (the engines give it as data: which key, which
/// value, what the key accepts or which other setting it contradicts).
pub(crate) fn option_error(lang: Lang, e: &crate::games::OptionsError) -> String {
    use crate::games::OptionsError as E;
    use crate::games::options::{Expected, Why};
    let n = |v: &u64| FluentValue::from(v.to_string());
    let key = |k: &String| FluentValue::from(k.clone());
    match e {
        E::Malformed { pair } => say(lang, ids::OPT_ERR_MALFORMED, &[("pair", key(pair))]),
        E::UnknownKey { key: k, known } => {
            say(lang, ids::OPT_ERR_UNKNOWN, &[("key", key(k)), ("known", key(known))])
        }
        E::Duplicate { key: k } => say(lang, ids::OPT_ERR_DUPLICATE, &[("key", key(k))]),
        E::BadValue { key: k, value, expected } => {
            let range =
                |id: Id, min: &u64, max: &u64| say(lang, id, &[("min", n(min)), ("max", n(max))]);
            let expected = match expected {
                Expected::Bool => say(lang, ids::EXPECT_BOOL, &[]),
                Expected::OneOf(names) => {
                    let names = names.join(&say(lang, ids::OPT_OR, &[]));
                    say(lang, ids::EXPECT_ONE_OF, &[("names", names.into())])
                }
                Expected::Range { min, max } => range(ids::EXPECT_RANGE, min, max),
                Expected::RangeOrAuto { min, max } => range(ids::EXPECT_RANGE_OR_AUTO, min, max),
                Expected::Board { min, max } => {
                    range(ids::EXPECT_BOARD, &u64::from(*min), &u64::from(*max))
                }
                Expected::Duration { min, max } => {
                    let d = |s: &u32| FluentValue::from(human_duration(i64::from(*s), lang));
                    say(lang, ids::EXPECT_DURATION, &[("min", d(min)), ("max", d(max))])
                }
                Expected::Number => say(lang, ids::EXPECT_NUMBER, &[]),
                Expected::Handicap => say(lang, ids::EXPECT_HANDICAP, &[]),
            };
            say(
                lang,
                ids::OPT_ERR_BAD_VALUE,
                &[("key", key(k)), ("value", key(value)), ("expected", expected.into())],
            )
        }
        E::Conflict { key: k, reason } => match reason {
            Why::Needs(needs) => {
                let needs = needs.join(&say(lang, ids::OPT_AND, &[]));
                say(lang, ids::OPT_ERR_NEEDS, &[("key", key(k)), ("needs", needs.into())])
            }
            Why::OnlyWith(with) => {
                say(lang, ids::OPT_ERR_ONLY_WITH, &[("key", key(k)), ("with", key(with))])
            }
            Why::PublicInChallenge => {
                say(lang, ids::OPT_ERR_PUBLIC_IN_CHALLENGE, &[("key", key(k))])
            }
            Why::OneSideSteps => say(lang, ids::OPT_ERR_ONE_SIDE_STEPS, &[("key", key(k))]),
            Why::NoFairStart { draws } => {
                say(lang, ids::OPT_ERR_NO_FAIR_START, &[("draws", n(&u64::from(*draws)))])
            }
            Why::BadStart(_) => say(lang, ids::OPT_ERR_BAD_START, &[("key", key(k))]),
        },
    }
}

/// Orders texts as people read numbered things: runs of digits by their value, so `m2` comes
/// before `m10` and `a9b2` before `a10b1`; other characters as they are.
#[must_use]
pub fn natural_order(a: &str, b: &str) -> std::cmp::Ordering {
    pub(crate) fn chunks(s: &str) -> Vec<(bool, &str)> {
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
    pub(crate) fn key((digits, text): (bool, &str)) -> (bool, usize, &str) {
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

/// A snapshot's owned parts, for the narrators' tests.
#[cfg(test)]
mod owned {
    use super::*;

    /// A game and the facts a [`Snapshot`] borrows, owned, for tests of narrators.
    pub(crate) struct Owned {
        pub id: GameId,
        pub game: AnyGame,
        pub seats: Vec<Option<UserId>>,
        pub names: Vec<String>,
        pub chat: ChatId,
        pub status: GameStatus,
        pub stored_result: Option<GameResult>,
        pub lang: Lang,
    }

    impl Owned {
        /// `game` as game #1 between users `a` and `b`, active, in English.
        pub fn new(game: AnyGame) -> Self {
            Self {
                id: GameId(1),
                game,
                seats: vec![Some("a".into()), Some("b".into())],
                names: vec!["a".into(), "b".into()],
                chat: ChatId::new("#t"),
                status: GameStatus::Active,
                stored_result: None,
                lang: Lang::En,
            }
        }

        /// What a narrator reads of it, in chat `#t` of transcripts.
        pub fn snapshot(&self) -> Snapshot<'_> {
            Snapshot {
                id: self.id,
                platform: Platform::Script,
                chat: &self.chat,
                game: &self.game,
                seats: &self.seats,
                names: &self.names,
                bot_seat: None,
                time: TimeControl::default(),
                actions: 0,
                status: self.status,
                stored_result: self.stored_result,
                lang: self.lang,
                seed: 0,
                from_position: false,
                decision_seconds: 0,
                caption: crate::table::voice::table::caption,
            }
        }
    }
}

#[cfg(test)]
pub(crate) use owned::Owned;

#[cfg(test)]
mod option_word_tests {
    use super::*;

    /// Every option of the games whose summaries list changed options (Dark Fence, Ultima,
    /// Perfect 10 x 10; Chaos Clock and Rabble word theirs themselves) reads as words in every
    /// language, for every value it lists, never as `key=value`.
    #[test]
    fn every_option_a_summary_can_list_reads_as_words_in_every_language() {
        let w = Wording::new();
        for kind in [GameKind::DarkFence, GameKind::Ultima, GameKind::Perfect10] {
            for spec in kind.option_specs() {
                if kind == GameKind::DarkFence && ["board", "mode"].contains(&spec.key) {
                    continue;
                }
                let id = format!("optword-{}-{}", kind.code(), spec.key);
                for lang in Lang::ALL {
                    assert!(w.has(lang, &id), "{id} in {lang}");
                    let values: Vec<&str> =
                        spec.values.split('|').filter(|v| !v.contains("..")).collect();
                    let texts: Vec<String> =
                        values.iter().map(|v| option_word(&w, lang, kind, spec.key, v)).collect();
                    for (value, text) in values.iter().zip(&texts) {
                        assert!(!text.contains('='), "{id}={value} in {lang}: {text}");
                    }
                    // Each value selects words of its own (none falls through to another's).
                    let distinct: std::collections::HashSet<&String> = texts.iter().collect();
                    assert_eq!(distinct.len(), texts.len(), "{id} in {lang}: {texts:?}");
                }
            }
        }
    }

    #[test]
    fn a_changed_option_reads_as_words_and_defaults_are_not_listed() {
        let w = Wording::new();
        let options = crate::games::AnyOptions::parse(
            GameKind::DarkFence,
            "mode=challenge,window_timeout=10,confirm_moves=false",
        )
        .expect("options");
        let game = AnyGame::new(&options, crate::core::Seed(1)).expect("a game");
        assert_eq!(
            option_words(&w, Lang::En, &game, &["board", "mode"]),
            "moves played without confirmation, challenge windows of 10s"
        );
        assert_eq!(
            option_words(&w, Lang::ZhHans, &game, &["board", "mode"]),
            "走法不经确认直接执行，质疑时限 10秒"
        );
        let plain = AnyGame::new(
            &crate::games::AnyOptions::default_for(GameKind::Ultima),
            crate::core::Seed(1),
        )
        .expect("a game");
        assert_eq!(option_words(&w, Lang::En, &plain, &[]), "");
    }
}
