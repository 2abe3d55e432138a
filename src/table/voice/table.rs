//! The sentences about one table that the referee's operations ask for: invitations, starts,
//! endings by the table, prompts, views, `/games` lines, `/rules`, refused actions, hints. Each
//! hands the game's [`Narrator`] (the registry [`narrator`]) a [`Snapshot`] of the table, so the
//! narrators never read the referee's own state.

use super::narrate::{AdviceResult, Narrator, Snapshot, game_name, msg, name_of, public};
use super::wording::{List, ids, list, wording};
use super::{chaos_clock, dark_fence, perfect10, rabble, ultima};
use crate::core::{GameResult, Noticed, Prompt, Seat, Viewer};
use crate::games::{AnyAction, AnyError, AnyEvent, AnyGame, AnyOptions, AnyView, GameKind};
use crate::store::{EndReason, GameId, GameStatus};
use crate::table::payload::{Choice, Payload};
use crate::table::reply::{Button, Dest, Image, Lang, Outbound};
use crate::table::types::{Ctx, Table, public_lang};

/// The narrator of `kind`.
pub(crate) fn narrator(kind: GameKind) -> &'static dyn Narrator {
    match kind {
        GameKind::DarkFence => &dark_fence::Voice,
        GameKind::Ultima => &ultima::Voice,
        GameKind::Perfect10 => &perfect10::Voice,
        GameKind::ChaosClock => &chaos_clock::Voice,
        GameKind::Rabble => &rabble::Voice,
    }
}

impl Table {
    /// What narrators may read of this table now.
    pub(crate) fn snapshot(&self) -> Snapshot<'_> {
        Snapshot {
            id: self.row.id,
            platform: self.row.platform,
            chat: &self.row.chat,
            game: &self.game,
            seats: &self.seats,
            names: &self.names,
            bot_seat: self
                .seats
                .iter()
                .position(|u| u.as_ref().is_some_and(crate::table::types::is_bot)),
            time: self.time,
            actions: self.actions,
            status: self.row.status,
            stored_result: stored_result(self),
            lang: public_lang(self),
            seed: self.row.seed,
            from_position: self.row.position.is_some(),
            decision_seconds: self.decision_seconds(),
            caption,
        }
    }

    /// This game's narrator.
    pub(crate) fn narrator(&self) -> &'static dyn Narrator {
        narrator(self.game.kind())
    }
}

/// The ways to finish a move typed without its last part (see [`Narrator::completions`]).
pub(crate) fn completions(
    lang: Lang,
    game: &AnyGame,
    seat: Seat,
    text: &str,
    error: &AnyError,
) -> Vec<(String, String)> {
    let w = wording();
    narrator(game.kind()).completions(w, lang, game, seat, text, error)
}

/// The refusal of an incomplete move (`error`, worded as usual) followed by the question, with
/// one button per completion (payload `<id>:<turn>:complete-<end>`), sent where the move was
/// typed (a secret move is typed only in private; a public one may be typed in the channel).
pub(crate) fn completion_prompt(
    ctx: &Ctx,
    t: &Table,
    text: &str,
    error: &AnyError,
    choices: &[(String, String)],
    turn: i64,
) -> Outbound {
    let w = wording();
    let snapshot = t.snapshot();
    let question = t.narrator().completion_question(w, ctx.lang, &snapshot, text, error);
    let mut m = msg(&snapshot, ctx.here(), question);
    m.buttons = buttons(t.row.id, turn, choices);
    m
}

/// One completion button per choice (payload `<id>:<turn>:complete-<end>`).
fn buttons(id: GameId, turn: i64, choices: &[(String, String)]) -> Vec<Button> {
    choices
        .iter()
        .map(|(label, end)| Button {
            label: label.clone(),
            payload: Payload::new(id, turn, Choice::Complete(end.clone())),
        })
        .collect()
}

/// The invitation posted by `/new`.
pub(crate) fn invitation(ctx: &Ctx, t: &Table, named: bool) -> Outbound {
    let w = wording();
    // An announcement to the chat: in the game's public language, not the creator's.
    let lang = Lang::from_code(&t.row.locale).unwrap_or_default();
    let id = t.row.id;
    let snapshot = t.snapshot();
    let rules = t.narrator().rules_summary(w, lang, &snapshot);
    let game = game_name(w, lang, t.game.kind());
    let text = if named {
        // The invitee is named with a mention that notifies them (a Discord member, pinged;
        // the name elsewhere): the invitation is theirs to answer.
        let opponent = match snapshot.seats.get(1).cloned().flatten() {
            Some(user) if snapshot.bot_seat != Some(1) => {
                crate::table::reply::ping(user.as_str(), name_of(&snapshot, 1))
            }
            _ => name_of(&snapshot, 1).to_string(),
        };
        w.text(
            lang,
            ids::NEW_INVITE,
            &[
                ("creator", ctx.name.as_str().into()),
                ("opponent", opponent.into()),
                ("game", game.into()),
                ("id", id.into()),
                ("rules", rules.into()),
            ],
        )
    } else {
        w.text(
            lang,
            ids::NEW_OPEN_INVITE,
            &[
                ("creator", ctx.name.as_str().into()),
                ("game", game.into()),
                ("id", id.into()),
                ("rules", rules.into()),
            ],
        )
    };
    let mut out = msg(&snapshot, public(&snapshot), text);
    out.buttons = invitation_buttons(lang, id);
    out
}

/// An invitation's Accept and Decline, in `lang`.
pub(crate) fn invitation_buttons(lang: Lang, id: GameId) -> Vec<Button> {
    let w = wording();
    vec![
        Button {
            label: w.text(lang, ids::BTN_ACCEPT, &[]),
            payload: Payload::new(id, 0, Choice::Accept),
        },
        Button {
            label: w.text(lang, ids::BTN_DECLINE, &[]),
            payload: Payload::new(id, 0, Choice::Decline),
        },
    ]
}

/// The public start announcement.
pub(crate) fn started(t: &Table, images: bool) -> Outbound {
    let w = wording();
    let mut m = t.narrator().started(w, &t.snapshot(), images);
    // The legend of a game whose pieces are not chess's goes with the first board, so that a
    // player meeting a code on it knows where to look.
    if let Some(legend) = super::pieces::legend(w, t.snapshot().lang, t.game.kind()) {
        m.text.push('\n');
        m.text.push_str(&legend);
    }
    // Against the bot, its level (the name stays short in every later line).
    if let Some(level) = t.row.bot_level {
        let lang = t.snapshot().lang;
        let top = i64::from(crate::bots::TOP_LEVEL);
        m.text.push('\n');
        m.text.push_str(&w.text(
            lang,
            ids::BOT_PLAYS_AT,
            &[("level", level.into()), ("top", top.into())],
        ));
    }
    m
}

/// The private echo of an action waiting for confirmation, to the player who typed it.
pub(crate) fn confirmation(ctx: &Ctx, t: &Table, action: &AnyAction, turn: i64) -> Outbound {
    let w = wording();
    let to = ctx.private_on(t.row.platform);
    t.narrator().confirmation(w, ctx.lang, &t.snapshot(), to, action, turn)
}

/// The messages for the events of one action, each to its audience.
pub(crate) fn announce(
    t: &Table,
    events: &[Noticed<AnyEvent>],
    langs: &[Lang],
    images: bool,
) -> Vec<Outbound> {
    let w = wording();
    t.narrator().announce(w, &t.snapshot(), events, langs, images)
}

/// A game ended by the table (resign, timeout, agreement, abort), with whatever the end reveals.
pub(crate) fn finished(
    t: &Table,
    result: Option<GameResult>,
    reason: Option<&EndReason>,
    images: bool,
) -> Outbound {
    let w = wording();
    let snapshot = t.snapshot();
    let narrator = t.narrator();
    let lang = snapshot.lang;
    let headline = super::narrate::headline(w, lang, &snapshot, result);
    let loser = match result {
        Some(GameResult::Winner(seat)) => name_of(&snapshot, 1 - seat.index().min(1)).to_string(),
        _ => String::new(),
    };
    let mut text = headline;
    if let Some(reason) = reason {
        let why = w.text_of(lang, &format!("reason-{}", reason.code()), &[("name", loser.into())]);
        text = format!("{text}\n{why}");
    }
    if let Some(reveal) = narrator.reveal(w, lang, &snapshot) {
        text.push('\n');
        text.push_str(&reveal);
    }
    let mut m = msg(&snapshot, public(&snapshot), text);
    m.image = super::narrate::picture(&snapshot, narrator.final_viewer(), lang, images);
    m
}

/// The prompts when `seat` must act (public and private).
pub(crate) fn turn_prompts(
    t: &Table,
    seat: Seat,
    prompt: Prompt,
    lang: Lang,
    images: bool,
) -> Vec<Outbound> {
    let w = wording();
    t.narrator().turn_prompts(w, &t.snapshot(), seat, prompt, lang, images)
}

/// What `seat`, which does not act first, is told privately as the game starts.
pub(crate) fn opening(t: &Table, seat: Seat, lang: Lang, images: bool) -> Vec<Outbound> {
    let w = wording();
    t.narrator().opening(w, &t.snapshot(), seat, lang, images)
}

/// A view (public or one seat's) as a message to `to`, worded by the narrator of the view's
/// own game.
pub(crate) fn view_message(
    lang: Lang,
    t: &Table,
    view: &AnyView,
    to: Dest,
    images: bool,
) -> Outbound {
    let w = wording();
    let s = t.snapshot();
    match view {
        AnyView::DarkFence(v) => dark_fence::view_message(w, lang, &s, v, to, images),
        AnyView::Ultima(v) => ultima::view_message(w, lang, &s, v, to, images),
        AnyView::Perfect10(v) => perfect10::view_message(w, lang, &s, v, to, images),
        AnyView::ChaosClock(v) => chaos_clock::view_message(w, lang, &s, v, to, images),
        AnyView::Rabble(v) => rabble::view_message(w, lang, &s, v, to, images),
    }
}

/// The image caption of `view`, by the narrator of the view's own game ([`Snapshot::caption`]).
pub(crate) fn caption(t: &Snapshot<'_>, view: &AnyView, lang: Lang) -> String {
    match view {
        AnyView::DarkFence(v) => dark_fence::caption(t, v, lang),
        AnyView::Ultima(v) => ultima::caption(t, v, lang),
        AnyView::Perfect10(v) => perfect10::caption(t, v, lang),
        AnyView::ChaosClock(v) => chaos_clock::caption(t, v, lang),
        AnyView::Rabble(_) => rabble::caption(t, lang),
    }
}

/// One line of `/games`.
pub(crate) fn game_line(lang: Lang, t: &Table) -> String {
    let w = wording();
    let snapshot = t.snapshot();
    let state = match (t.row.status, t.game.to_act()) {
        (GameStatus::Invited, _) => w.text(lang, ids::STATE_INVITED, &[]),
        (_, crate::core::ToAct::Seat(seat, _)) => {
            w.text(lang, ids::STATE_TO_ACT, &[("name", name_of(&snapshot, seat.index()).into())])
        }
        _ => w.text(lang, ids::STATE_OVER, &[]),
    };
    w.text(
        lang,
        ids::GAMES_LINE,
        &[
            ("id", t.row.id.into()),
            ("game", game_name(w, lang, t.game.kind()).into()),
            ("p1", name_of(&snapshot, 0).into()),
            ("p2", name_of(&snapshot, 1).into()),
            ("state", state.into()),
        ],
    )
}

/// `/rules <game>`: the rules in brief and every option.
pub(crate) fn rules_text(lang: Lang, kind: GameKind) -> String {
    let w = wording();
    let rules = match kind {
        GameKind::DarkFence => ids::RULES_DARK_FENCE,
        GameKind::Ultima => ids::RULES_ULTIMA,
        GameKind::Perfect10 => ids::RULES_PERFECT10,
        GameKind::ChaosClock => ids::RULES_CHAOS_CLOCK,
        GameKind::Rabble => ids::RULES_RABBLE,
    };
    let mut text = w.text(lang, rules, &[]);
    text.push('\n');
    let specs = kind.option_specs();
    text.push_str(&w.text(
        lang,
        if specs.is_empty() { ids::RULES_NO_OPTIONS } else { ids::RULES_OPTIONS },
        &[],
    ));
    for spec in specs {
        // Every option's help is worded in each language (`option_help_ids`; the engine's
        // English `doc` is for developers), and so are its values where they are more than the
        // words players type (`board`: "CxR, 2..26 each").
        let (doc_id, values_id) = option_help_ids(kind, spec.key);
        let doc = w.text_of(lang, &doc_id, &[]);
        let values = if w.has(lang, &values_id) {
            w.text_of(lang, &values_id, &[])
        } else {
            spec.values.to_string()
        };
        text.push_str(&format!(
            "\n{} = {values} ({}: {}): {doc}",
            spec.key,
            w.text(lang, ids::RULES_DEFAULT, &[]),
            spec.default
        ));
    }
    if let Some(legend) = super::pieces::legend(w, lang, kind) {
        text.push('\n');
        text.push_str(&legend);
    }
    text.push('\n');
    text.push_str(&w.text(lang, ids::RULES_TABLE_KEYS, &[]));
    if let Some(example) = start_position_text(kind) {
        text.push('\n');
        let args = [("game", kind.code().into()), ("example", example.into())];
        text.push_str(&w.text(lang, ids::RULES_POSITION, &args));
    }
    text
}

/// The Fluent ids of an option's help in `/rules` and of its values in words, where the values
/// need words: `opt-<game>-<key>` and `opt-<game>-<key>-values` (`_` in a key as `-`).
fn option_help_ids(kind: GameKind, key: &str) -> (String, String) {
    let doc = format!("opt-{}-{}", kind.code(), key.replace('_', "-"));
    let values = format!("{doc}-values");
    (doc, values)
}

/// The game's start position in its position text (what `position="…"` at `/new` takes), as
/// the example `/rules` gives. Dark Fence's is its fixed start (a free start has no position yet).
/// Rabble has none to give: its position text is the whole state as JSON, about 1,500
/// characters of English field names (`"options"`, `"handicap"`, `null`) that no one types, and
/// it put English into every language's `/rules rabble` (issue 42).
pub(crate) fn start_position_text(kind: GameKind) -> Option<String> {
    if kind == GameKind::Rabble {
        return None;
    }
    let options = if kind == GameKind::DarkFence { "start=fixed" } else { "" };
    let options = AnyOptions::parse(kind, options).ok()?;
    AnyGame::new(&options, crate::core::Seed(1)).ok().map(|g| g.position())
}

/// A refused action, in the player's words (by the narrator of the game it is about).
pub(crate) fn error_text(lang: Lang, error: &AnyError) -> String {
    let w = wording();
    let kind = match error {
        AnyError::DarkFence(_) => GameKind::DarkFence,
        AnyError::Ultima(_) => GameKind::Ultima,
        AnyError::Perfect10(_) => GameKind::Perfect10,
        AnyError::ChaosClock(_) => GameKind::ChaosClock,
        AnyError::Rabble(_) => GameKind::Rabble,
        AnyError::Options(_) | AnyError::WrongGame => {
            return super::narrate::common_error_text(w, lang, error);
        }
    };
    narrator(kind).error_text(w, lang, error)
}

/// The board image for `viewer`, drawn from that viewer's view only, with the game's caption.
pub(crate) fn picture(t: &Table, viewer: Viewer, lang: Lang, images: bool) -> Option<Image> {
    super::narrate::picture(&t.snapshot(), viewer, lang, images)
}

/// A text message of this game's platform.
pub(crate) fn msg_of(t: &Table, to: Dest, text: String) -> Outbound {
    msg(&t.snapshot(), to, text)
}

/// The game's chat.
pub(crate) fn public_of(t: &Table) -> Dest {
    public(&t.snapshot())
}

/// The hint in words.
pub(crate) fn hint_text(lang: Lang, t: &Table, advice: Option<&AdviceResult>) -> String {
    let w = wording();
    t.narrator().hint_text(w, lang, &t.snapshot(), advice)
}

/// The post-game analysis in words (`None` for a game without one).
pub(crate) fn analysis_text(
    lang: Lang,
    t: &Table,
    analysis: &crate::games::chaos_clock::Analysis,
) -> Option<String> {
    let w = wording();
    t.narrator().analysis_text(w, lang, &t.snapshot(), analysis)
}

/// The result stored for a finished game.
fn stored_result(t: &Table) -> Option<GameResult> {
    if t.row.status != GameStatus::Over {
        return None;
    }
    t.row.result
}

/// A button under a message, labelled by what pressing it does (its payload's choice):
/// Accept, Decline, My view, Type a move.
pub(crate) fn button(lang: Lang, payload: Payload) -> Button {
    let id = match payload.choice {
        Choice::Accept | Choice::Offer { accept: true, .. } => ids::BTN_ACCEPT,
        Choice::Decline | Choice::Offer { accept: false, .. } => ids::BTN_DECLINE,
        Choice::View => ids::BTN_VIEW,
        Choice::Switch => ids::BTN_SWITCH,
        Choice::Seek => ids::BTN_SEEK,
        // Every other choice's button is labelled by the narrator that offers it.
        _ => ids::BTN_TYPE_MOVE,
    };
    Button { label: wording().text(lang, id, &[]), payload }
}

/// The referee's own seat's name (`@bot`).
pub(crate) fn bot_name(lang: Lang, level: Option<i64>) -> String {
    match level {
        Some(level) => wording().text(lang, ids::BOT_NAME_LEVEL, &[("level", level.into())]),
        // A game against the bot from before levels existed.
        None => wording().text(lang, ids::BOT_NAME, &[]),
    }
}

/// Against the bot, before the player in seat `person` has acted: the solver proves their side
/// lost with best play. Says so in the game's chat, and offers the other side (`/switch`, or
/// the button).
pub(crate) fn start_lost(t: &Table, person: usize) -> Outbound {
    let lang = public_lang(t);
    let w = wording();
    let side =
        |seat: usize| w.text(lang, if seat == 0 { ids::CC_SIDE_JIA } else { ids::CC_SIDE_YI }, &[]);
    let switch = button(lang, Payload::new(t.row.id, t.actions, Choice::Switch));
    let text = w.text(
        lang,
        ids::CC_START_LOST,
        &[
            ("name", t.names.get(person).cloned().unwrap_or_default().into()),
            ("side", side(person).into()),
            ("other", side(1 - person.min(1)).into()),
            ("button", switch.label.clone().into()),
        ],
    );
    let mut m = msg_of(t, public_of(t), text);
    m.buttons = vec![switch];
    m
}

/// The player now in seat `person` took the other side against the bot: who plays which side
/// now, and that the game starts again.
pub(crate) fn sides_switched(t: &Table, person: usize) -> Outbound {
    let lang = public_lang(t);
    let w = wording();
    let side =
        |seat: usize| w.text(lang, if seat == 0 { ids::CC_SIDE_JIA } else { ids::CC_SIDE_YI }, &[]);
    let text = w.text(
        lang,
        ids::CC_SWITCHED,
        &[
            ("id", t.row.id.to_string().into()),
            ("name", t.names.get(person).cloned().unwrap_or_default().into()),
            ("side", side(person).into()),
            ("other", side(1 - person.min(1)).into()),
        ],
    );
    msg_of(t, public_of(t), text)
}

/// The bot's move the solver could not prove best within its budget, told to the game's chat.
pub(crate) fn bot_unproven(t: &Table) -> Outbound {
    msg_of(t, public_of(t), wording().text(public_lang(t), ids::BOT_UNPROVEN, &[]))
}

/// A game ended by adjudication: the solver proved the result while `stuck`'s `pieces` can
/// never move again.
pub(crate) fn adjudicated(t: &Table, stuck: Seat, pieces: &[u8]) -> Outbound {
    let w = wording();
    let lang = public_lang(t);
    let snapshot = t.snapshot();
    let numbers: Vec<String> = pieces.iter().map(ToString::to_string).collect();
    let text = w.text(
        lang,
        ids::CC_ADJUDICATED,
        &[
            ("id", t.row.id.into()),
            ("name", name_of(&snapshot, stuck.index()).to_string().into()),
            ("pieces", list(lang, List::Items, &numbers).into()),
            ("count", pieces.len().into()),
        ],
    );
    msg_of(t, public_of(t), text)
}

/// A window of a board larger than its picture (`/board <window>`, Rabble's), to `to`; `None`
/// for a game without windows, `Err` with the detail for a window that does not read.
pub(crate) fn window_message(
    lang: Lang,
    t: &Table,
    window: &str,
    to: Dest,
    images: bool,
) -> Option<Result<Outbound, String>> {
    t.narrator().window_message(wording(), lang, &t.snapshot(), window, to, images)
}

/// A 3-D observation (`/view z …`, Rabble's), to `to`; `None` for a game without one.
pub(crate) fn observation_message(
    lang: Lang,
    t: &Table,
    slice: &str,
    to: Dest,
    images: bool,
) -> Option<Result<Outbound, String>> {
    t.narrator().observation_message(wording(), lang, &t.snapshot(), slice, to, images)
}

/// Where one unit can go (`/moves <square>`, Rabble's), to `to`; `None` for other games.
pub(crate) fn moves_message(
    lang: Lang,
    t: &Table,
    square: &str,
    to: Dest,
) -> Option<Result<Outbound, String>> {
    t.narrator().moves_message(wording(), lang, &t.snapshot(), square, to)
}

/// A library game's entry in `/library`, with its forks; `None` for a game without a library.
pub(crate) fn library_entry(
    lang: Lang,
    t: &Table,
    forks: &[super::narrate::Fork],
) -> Option<String> {
    t.narrator().library_entry(wording(), lang, &t.snapshot(), forks)
}

/// The picture of a game's pieces with their codes and names (`/rules <game>`), for a game
/// that has pieces.
pub(crate) fn legend_picture(lang: Lang, kind: GameKind) -> Option<crate::render::Picture> {
    let theme = super::narrate::theme(Viewer::Public, lang);
    super::pieces::legend_picture(wording(), lang, kind, &theme)
}

/// `/rules <game> <piece>`: a piece's help, with its diagram; `None` for no such piece.
pub(crate) fn piece_help(
    lang: Lang,
    kind: GameKind,
    topic: &str,
) -> Option<super::pieces::PieceHelp> {
    super::pieces::piece_help(wording(), lang, kind, topic)
}

pub(crate) use super::fence_puzzle::puzzle_attempt;

/// `/rules dark-fence <puzzle>`: the answer to a Dark Fence puzzle attempt (text and picture),
/// or the refusal's words.
pub(crate) fn puzzle_reply(
    lang: Lang,
    attempt: &str,
    images: bool,
) -> Result<(String, Option<Image>), String> {
    super::fence_puzzle::puzzle_reply(wording(), lang, attempt, images)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 42: `/rules` words every option's help, and any values that are more than the
    /// words players type, in every language; the engine's English is never shown.
    #[test]
    fn every_option_of_every_game_has_its_help_and_any_prose_of_its_values_in_every_language() {
        let w = wording();
        for kind in GameKind::ALL.iter().copied() {
            for spec in kind.option_specs() {
                let (doc, values) = option_help_ids(kind, spec.key);
                // Values with a space hold words beside the tokens players type.
                let prose = spec.values.contains(' ');
                for lang in Lang::ALL {
                    assert!(w.has(lang, &doc), "{lang}: {doc} is missing");
                    assert!(!prose || w.has(lang, &values), "{lang}: {values} is missing");
                }
            }
        }
    }
}
