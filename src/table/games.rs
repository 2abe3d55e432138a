//! The table's per-game hooks: one function per thing the referee says or decides about a game,
//! dispatching on the game to its module (`dark_fence.rs`, `ultima.rs`, `perfect10.rs`), plus the
//! wording every game shares (invitations, `/games` lines, `/rules`, endings by the table).
//!
//! Why functions over a `match` rather than a trait object: the games are a closed set
//! (`AnyGame`), the compiler then points at every hook a new game must supply, and each game's
//! module keeps plain functions over its own view and event types.

use fluent_bundle::FluentValue;

use super::reply::{Button, Dest, Image, Lang, Outbound, Wording, say};
use super::{Ctx, Table};
use crate::core::{GameResult, Noticed, Prompt, Seat, Viewer};
use crate::games::{AnyAction, AnyError, AnyEvent, AnyGame, AnyView, GameKind};
use crate::store::GameStatus;

use super::{chaos_clock, dark_fence, perfect10, rabble, ultima};

/// The game for a name players may type instead of the code.
pub(super) fn kind_from_name(name: &str) -> Option<GameKind> {
    dark_fence::kind_from_name(name)
        .or_else(|| ultima::kind_from_name(name))
        .or_else(|| perfect10::kind_from_name(name))
        .or_else(|| chaos_clock::kind_from_name(name))
        .or_else(|| rabble::kind_from_name(name))
}

/// Whether moves of this game are private (so typed only in a private chat) and the start
/// needs every player reachable privately.
pub(super) fn has_hidden_information(game: &AnyGame) -> bool {
    match game {
        AnyGame::DarkFence(_) => true,
        AnyGame::Ultima(_)
        | AnyGame::Perfect10(_)
        | AnyGame::ChaosClock(_)
        | AnyGame::Rabble(_) => false,
    }
}

/// Whether an action is secret by the rules, so that it may only be typed in a private chat.
pub(super) fn is_private_action(action: &AnyAction) -> bool {
    match action {
        AnyAction::DarkFence(_) => dark_fence::is_private_action(action),
        AnyAction::Ultima(_)
        | AnyAction::Perfect10(_)
        | AnyAction::ChaosClock(_)
        | AnyAction::Rabble(_) => false,
    }
}

/// Whether the referee echoes this action for confirmation first.
pub(super) fn needs_confirmation(game: &AnyGame, action: &AnyAction) -> bool {
    match game {
        AnyGame::DarkFence(_) => dark_fence::needs_confirmation(game, action),
        // Every move is public and a takeback can undo a slip.
        AnyGame::Ultima(_)
        | AnyGame::Perfect10(_)
        | AnyGame::ChaosClock(_)
        | AnyGame::Rabble(_) => false,
    }
}

/// What a typed action means at this table: the engine's parse, except where the table asks a
/// question first (a Perfect 10 x 10 pawn move onto a promotion line that does not say what the
/// pawn becomes is refused with the error [`completions`] turns into buttons).
pub(super) fn parse_action(game: &AnyGame, seat: Seat, text: &str) -> Result<AnyAction, AnyError> {
    match game {
        AnyGame::Perfect10(_) => perfect10::parse_action(game, seat, text),
        AnyGame::DarkFence(_)
        | AnyGame::Ultima(_)
        | AnyGame::ChaosClock(_)
        | AnyGame::Rabble(_) => game.parse_action(seat, text),
    }
}

/// The text a completion button's ending is appended to: what was typed (Dark Fence), or the
/// move in notation without the part being asked for (Perfect 10 x 10: `e5e6`).
pub(super) fn partial_text(game: &AnyGame, seat: Seat, text: &str) -> String {
    match game {
        AnyGame::Perfect10(_) => perfect10::partial_text(game, seat, text),
        AnyGame::DarkFence(_) | AnyGame::Ultima(_) | AnyGame::ChaosClock(_) => {
            text.trim().to_string()
        }
        AnyGame::Rabble(_) => rabble::partial_text(text),
    }
}

/// The ways to finish a move typed without its last part (a Dark Fence path without a
/// direction, a Perfect 10 x 10 promotion without its piece), as (button label, the text that
/// completes it); empty when `error` is about something else. Only endings that make a
/// well-formed move are offered.
pub(super) fn completions(
    w: &Wording,
    lang: Lang,
    game: &AnyGame,
    seat: Seat,
    text: &str,
    error: &AnyError,
) -> Vec<(String, String)> {
    match game {
        AnyGame::DarkFence(_) => dark_fence::completions(w, lang, game, seat, text, error),
        AnyGame::Ultima(_) | AnyGame::ChaosClock(_) => Vec::new(),
        AnyGame::Rabble(_) => rabble::completions(lang, game, seat, text),
        AnyGame::Perfect10(_) => perfect10::completions(w, lang, game, seat, text, error),
    }
}

/// The refusal of an incomplete move (`error`, worded as usual) followed by the question, with
/// one button per completion (payload `<id>:<turn>:complete-<end>`), sent where the move was
/// typed (a secret move is typed only in private; a public one may be typed in the channel).
pub(super) fn completion_prompt(
    w: &Wording,
    ctx: &Ctx,
    t: &Table,
    text: &str,
    error: &AnyError,
    choices: &[(String, String)],
    turn: i64,
) -> Outbound {
    let id = t.row.id;
    let question_id = match &t.game {
        AnyGame::Perfect10(_) => "p10-complete-promotion",
        AnyGame::DarkFence(_) | AnyGame::Ultima(_) | AnyGame::ChaosClock(_) => "complete-move",
        // A Rabble pick built button by button: no refusal, only the next slot.
        AnyGame::Rabble(_) => {
            let question = rabble::pick_question(w, ctx.lang, t, text);
            let mut m = msg(t, ctx.here(), question);
            m.buttons = buttons(id, turn, choices);
            return m;
        }
    };
    let question = w.text(ctx.lang, question_id, &[("id", id.into()), ("move", text.into())]);
    let mut m = msg(t, ctx.here(), format!("{}\n{question}", error_text(w, ctx.lang, error)));
    m.buttons = buttons(id, turn, choices);
    m
}

/// One completion button per choice (payload `<id>:<turn>:complete-<end>`).
fn buttons(id: i64, turn: i64, choices: &[(String, String)]) -> Vec<Button> {
    choices
        .iter()
        .map(|(label, end)| Button {
            label: label.clone(),
            payload: format!("{id}:{turn}:complete-{end}"),
        })
        .collect()
}

/// The invitation posted by `/new`.
pub(super) fn invitation(w: &Wording, ctx: &Ctx, t: &Table, named: bool) -> Outbound {
    let lang = ctx.lang;
    let id = t.row.id;
    let rules = rules_summary(w, lang, t);
    let game = game_name(w, lang, t.game.kind());
    let text = if named {
        w.text(
            lang,
            "new-invite",
            &[
                ("creator", ctx.name.as_str().into()),
                ("opponent", name_of(t, 1).into()),
                ("game", game.into()),
                ("id", id.into()),
                ("rules", rules.into()),
            ],
        )
    } else {
        w.text(
            lang,
            "new-open-invite",
            &[
                ("creator", ctx.name.as_str().into()),
                ("game", game.into()),
                ("id", id.into()),
                ("rules", rules.into()),
            ],
        )
    };
    let mut out = msg(t, public(t), text);
    out.buttons = vec![
        Button { label: w.text(lang, "btn-accept", &[]), payload: format!("{id}:0:accept") },
        Button { label: w.text(lang, "btn-decline", &[]), payload: format!("{id}:0:decline") },
    ];
    out
}

/// The rules in one sentence (board, variant, changed options, clock) for invitations and
/// the start announcement.
pub(super) fn rules_summary(w: &Wording, lang: Lang, t: &Table) -> String {
    match &t.game {
        AnyGame::DarkFence(_) => dark_fence::rules_summary(w, lang, t),
        AnyGame::Ultima(_) => ultima::rules_summary(w, lang, t),
        AnyGame::Perfect10(_) => perfect10::rules_summary(w, lang, t),
        AnyGame::ChaosClock(_) => chaos_clock::rules_summary(w, lang, t),
        AnyGame::Rabble(_) => rabble::rules_summary(w, lang, t),
    }
}

/// The time control in words.
pub(super) fn clock_text(w: &Wording, lang: Lang, t: &Table) -> String {
    let per = super::human_duration(i64::from(t.time.per_move), lang);
    let id = match t.time.pace {
        super::clock::Pace::Correspondence => "clock-correspondence",
        super::clock::Pace::Live => "clock-live",
    };
    w.text(lang, id, &[("per", per.into())])
}

/// The public start announcement.
pub(super) fn started(w: &Wording, ctx: &Ctx, t: &Table, images: bool) -> Outbound {
    match &t.game {
        AnyGame::DarkFence(_) => dark_fence::started(w, ctx, t),
        AnyGame::Ultima(_) => ultima::started(w, ctx, t, images),
        AnyGame::Perfect10(_) => perfect10::started(w, t, images),
        AnyGame::ChaosClock(_) => chaos_clock::started(w, t, images),
        AnyGame::Rabble(_) => rabble::started(w, t, images),
    }
}

/// The private echo of an action waiting for confirmation.
pub(super) fn confirmation(
    w: &Wording,
    ctx: &Ctx,
    t: &Table,
    action: &AnyAction,
    turn: i64,
) -> Outbound {
    dark_fence::confirmation(w, ctx, t, action, turn)
}

/// The messages for the events of one action, each to its audience.
pub(super) fn announce(
    w: &Wording,
    t: &Table,
    events: &[Noticed<AnyEvent>],
    langs: &[Lang],
    images: bool,
) -> Vec<Outbound> {
    match &t.game {
        AnyGame::DarkFence(_) => dark_fence::announce(w, t, events, langs, images),
        AnyGame::Ultima(_) => ultima::announce(w, t, events, images),
        AnyGame::Perfect10(_) => perfect10::announce(w, t, events, images),
        AnyGame::ChaosClock(_) => chaos_clock::announce(w, t, events, images),
        AnyGame::Rabble(_) => rabble::announce(w, t, events, images),
    }
}

/// A game ended by the table (resign, timeout, agreement, abort), with whatever the end reveals.
pub(super) fn finished(
    w: &Wording,
    t: &Table,
    result: Option<GameResult>,
    reason: &str,
    images: bool,
) -> Outbound {
    let lang = public_lang(t);
    let headline = headline(w, lang, t, result);
    let loser = match result {
        Some(GameResult::Winner(seat)) => name_of(t, 1 - seat.index().min(1)).to_string(),
        _ => String::new(),
    };
    let why = w.text(lang, &format!("reason-{reason}"), &[("name", loser.into())]);
    let mut text = format!("{headline}\n{why}");
    let image = match &t.game {
        AnyGame::DarkFence(_) => {
            if let Some(reveal) = dark_fence::reveal(w, lang, t) {
                text.push('\n');
                text.push_str(&reveal);
            }
            // Everything is revealed at the end, however it came.
            picture(t, Viewer::Referee, lang, images)
        }
        AnyGame::Ultima(_)
        | AnyGame::Perfect10(_)
        | AnyGame::ChaosClock(_)
        | AnyGame::Rabble(_) => picture(t, Viewer::Public, lang, images),
    };
    let mut m = msg(t, public(t), text);
    m.image = image;
    m
}

/// "#3 is over: alice wins." (or a draw, both win, both lose; aborted without a result).
pub(super) fn headline(w: &Wording, lang: Lang, t: &Table, result: Option<GameResult>) -> String {
    let id = t.row.id;
    match result {
        Some(GameResult::Winner(seat)) => w.text(
            lang,
            "over-win",
            &[("id", id.into()), ("winner", name_of(t, seat.index()).into())],
        ),
        Some(GameResult::BothWin) => w.text(lang, "over-both-win", &[("id", id.into())]),
        Some(GameResult::BothLose) => w.text(lang, "over-both-lose", &[("id", id.into())]),
        Some(GameResult::Draw) => w.text(lang, "over-draw", &[("id", id.into())]),
        None => w.text(lang, "over-aborted", &[("id", id.into())]),
    }
}

/// The prompts when `seat` must act (public and private).
pub(super) fn turn_prompts(
    w: &Wording,
    t: &Table,
    seat: Seat,
    prompt: Prompt,
    lang: Lang,
    images: bool,
) -> Vec<Outbound> {
    match &t.game {
        AnyGame::DarkFence(_) => dark_fence::turn_prompts(w, t, seat, prompt, lang, images),
        AnyGame::Ultima(_) => ultima::turn_prompts(w, t, seat, prompt, lang),
        AnyGame::Perfect10(_) => perfect10::turn_prompts(w, t, seat, prompt, lang),
        AnyGame::ChaosClock(_) => chaos_clock::turn_prompts(w, t, seat, prompt, lang),
        AnyGame::Rabble(_) => rabble::turn_prompts(w, t, seat, prompt, lang),
    }
}

/// A view (public or one seat's) as a message to `to`.
pub(super) fn view_message(
    w: &Wording,
    lang: Lang,
    t: &Table,
    view: &AnyView,
    to: Dest,
    images: bool,
) -> Outbound {
    match view {
        AnyView::DarkFence(_) => dark_fence::view_message(w, lang, t, view, to, images),
        AnyView::Ultima(v) => ultima::view_message(w, lang, t, v, to, images),
        AnyView::Perfect10(v) => perfect10::view_message(w, lang, t, v, to, images),
        AnyView::ChaosClock(v) => chaos_clock::view_message(w, lang, t, v, to, images),
        AnyView::Rabble(v) => rabble::view_message(w, lang, t, v, to, images),
    }
}

/// One line of `/games`.
pub(super) fn game_line(w: &Wording, lang: Lang, t: &Table) -> String {
    let state = match (t.row.status, t.game.to_act()) {
        (GameStatus::Invited, _) => w.text(lang, "state-invited", &[]),
        (_, crate::core::ToAct::Seat(seat, _)) => {
            w.text(lang, "state-to-act", &[("name", name_of(t, seat.index()).into())])
        }
        _ => w.text(lang, "state-over", &[]),
    };
    w.text(
        lang,
        "games-line",
        &[
            ("id", t.row.id.into()),
            ("game", game_name(w, lang, t.game.kind()).into()),
            ("p1", name_of(t, 0).into()),
            ("p2", name_of(t, 1).into()),
            ("state", state.into()),
        ],
    )
}

/// `/rules <game>`: the rules in brief and every option.
pub(super) fn rules_text(w: &Wording, lang: Lang, kind: GameKind) -> String {
    let mut text = w.text(lang, &format!("rules-{}", kind.code()), &[]);
    text.push('\n');
    let specs = kind.option_specs();
    text.push_str(&w.text(
        lang,
        if specs.is_empty() { "rules-no-options" } else { "rules-options" },
        &[],
    ));
    for spec in specs {
        let doc_id = format!("opt-{}-{}", kind.code(), spec.key.replace('_', "-"));
        let doc =
            if w.has(lang, &doc_id) { w.text(lang, &doc_id, &[]) } else { spec.doc.to_string() };
        text.push_str(&format!(
            "\n{} = {} ({}: {}): {doc}",
            spec.key,
            spec.values,
            w.text(lang, "rules-default", &[]),
            spec.default
        ));
    }
    text.push('\n');
    text.push_str(&w.text(lang, "rules-table-keys", &[]));
    text
}

/// An options mistake in the reader's words (the engines give it as data: which key, which
/// value, what the key accepts or which other setting it contradicts).
pub(super) fn option_error(lang: Lang, e: &crate::games::OptionsError) -> String {
    use crate::games::OptionsError as E;
    use crate::games::options::{Expected, Why};
    let n = |v: &u64| FluentValue::from(v.to_string());
    let key = |k: &String| FluentValue::from(k.clone());
    match e {
        E::Malformed { pair } => say(lang, "opt-err-malformed", &[("pair", key(pair))]),
        E::UnknownKey { key: k, known } => {
            say(lang, "opt-err-unknown", &[("key", key(k)), ("known", key(known))])
        }
        E::Duplicate { key: k } => say(lang, "opt-err-duplicate", &[("key", key(k))]),
        E::BadValue { key: k, value, expected } => {
            let range =
                |id: &str, min: &u64, max: &u64| say(lang, id, &[("min", n(min)), ("max", n(max))]);
            let expected = match expected {
                Expected::Bool => say(lang, "expect-bool", &[]),
                Expected::OneOf(names) => {
                    let names = names.join(&say(lang, "opt-or", &[]));
                    say(lang, "expect-one-of", &[("names", names.into())])
                }
                Expected::Range { min, max } => range("expect-range", min, max),
                Expected::RangeOrAuto { min, max } => range("expect-range-or-auto", min, max),
                Expected::Board { min, max } => {
                    range("expect-board", &u64::from(*min), &u64::from(*max))
                }
                Expected::Duration { min, max } => {
                    let d = |s: &u32| FluentValue::from(super::human_duration(i64::from(*s), lang));
                    say(lang, "expect-duration", &[("min", d(min)), ("max", d(max))])
                }
                Expected::Number => say(lang, "expect-number", &[]),
                Expected::Handicap => say(lang, "expect-handicap", &[]),
            };
            say(
                lang,
                "opt-err-bad-value",
                &[("key", key(k)), ("value", key(value)), ("expected", expected.into())],
            )
        }
        E::Conflict { key: k, reason } => match reason {
            Why::Needs(needs) => {
                let needs = needs.join(&say(lang, "opt-and", &[]));
                say(lang, "opt-err-needs", &[("key", key(k)), ("needs", needs.into())])
            }
            Why::OnlyWith(with) => {
                say(lang, "opt-err-only-with", &[("key", key(k)), ("with", key(with))])
            }
            Why::PublicInChallenge => say(lang, "opt-err-public-in-challenge", &[("key", key(k))]),
            Why::OneSideSteps => say(lang, "opt-err-one-side-steps", &[("key", key(k))]),
            Why::NoFairStart { draws } => {
                say(lang, "opt-err-no-fair-start", &[("draws", n(&u64::from(*draws)))])
            }
            Why::BadStart(_) => say(lang, "opt-err-bad-start", &[("key", key(k))]),
        },
    }
}

/// A refused action, in the player's words.
pub(super) fn error_text(w: &Wording, lang: Lang, error: &AnyError) -> String {
    match error {
        AnyError::Options(e) => {
            w.text(lang, "err-options", &[("detail", option_error(lang, e).into())])
        }
        AnyError::WrongGame => w.text(lang, "err-internal", &[]),
        AnyError::DarkFence(_) => dark_fence::error_text(w, lang, error),
        AnyError::Ultima(_) => ultima::error_text(w, lang, error),
        AnyError::Perfect10(_) => perfect10::error_text(w, lang, error),
        AnyError::ChaosClock(_) => chaos_clock::error_text(w, lang, error),
        AnyError::Rabble(_) => rabble::error_text(w, lang, error),
    }
}

/// The board image for `viewer`, drawn from that viewer's view only, with the game's caption.
pub(super) fn picture(t: &Table, viewer: Viewer, lang: Lang, images: bool) -> Option<Image> {
    if !images {
        return None;
    }
    let view = t.game.view(viewer);
    let caption = match &view {
        AnyView::DarkFence(v) => dark_fence::caption(t, v, lang),
        AnyView::Ultima(v) => ultima::caption(t, v, lang),
        AnyView::Perfect10(v) => perfect10::caption(t, v, lang),
        AnyView::ChaosClock(v) => chaos_clock::caption(t, v, lang),
        AnyView::Rabble(_) => rabble::caption(t, lang),
    };
    let p = crate::render::render(&view, &caption, &theme(viewer, lang));
    Some(Image { png: p.png, width: p.width, height: p.height })
}

/// The drawing theme for `viewer` reading `lang`: its script, and a seat sees the board from its
/// own side.
pub(super) fn theme(viewer: Viewer, lang: Lang) -> crate::render::Theme {
    crate::render::Theme {
        script: if lang.is_chinese() {
            crate::render::Script::Chinese
        } else {
            crate::render::Script::Latin
        },
        flipped: viewer == Viewer::Seat(Seat(1)),
        labels: super::reply::image_labels(lang),
        ..crate::render::Theme::default()
    }
}

/// What the referee plays for a seat whose time ran out instead of ending the game, and the
/// message saying so: a Dark Fence challenge window passes; a Rabble selection pick takes the
/// default placement (the seed: 「超時則按原先的默認位置安排」). `None`: the seat loses on time.
pub(super) fn timeout_action(
    game: &AnyGame,
    prompt: Prompt,
) -> Option<(&'static str, &'static str)> {
    match (prompt, game) {
        (Prompt::Window, _) => Some(("pass", "timeout-pass")),
        (Prompt::Setup, AnyGame::Rabble(_)) => Some(("pick default", "rb-timeout-pick")),
        _ => None,
    }
}

/// The display name of the player in seat `index` (`?` for an open seat).
pub(super) fn name_of(t: &Table, index: usize) -> &str {
    t.names.get(index).map_or("?", String::as_str)
}

/// The game's name in `lang`.
pub(super) fn game_name(w: &Wording, lang: Lang, kind: GameKind) -> String {
    w.text(lang, &format!("game-{}", kind.code()), &[])
}

/// A text message of this game's platform.
pub(super) fn msg(t: &Table, to: Dest, text: String) -> Outbound {
    Outbound {
        platform: t.row.platform.clone(),
        to,
        text,
        image: None,
        buttons: Vec::new(),
        outbox: None,
    }
}

/// The game's chat.
pub(super) fn public(t: &Table) -> Dest {
    Dest::Chat(t.row.chat_id.clone())
}

/// The private chat of the player in seat `index`, once seated (none for the bot).
pub(super) fn private(t: &Table, index: usize) -> Option<Dest> {
    t.seats.get(index).cloned().flatten().filter(|u| u != super::BOT_USER).map(Dest::User)
}

/// Whether the referee can play this game itself (`/new <game> @bot`): only where its play is
/// perfect (Chaos Clock's exact solver).
pub(super) fn has_bot(kind: GameKind) -> bool {
    kind == GameKind::ChaosClock
}

/// The bot's action for `seat` and whether the solver proved it best.
pub(super) fn bot_action(game: &AnyGame, seat: Seat) -> Option<(AnyAction, bool)> {
    match game {
        AnyGame::ChaosClock(g) if g.to_move() == seat => g
            .bot_action(crate::games::chaos_clock::fast::DEFAULT_BUDGET)
            .map(|(a, proven)| (AnyAction::ChaosClock(a), proven)),
        _ => None,
    }
}

/// Whether `/hint` may answer in this game: Chaos Clock with `hints=on`, which the creator set
/// at `/new` and the opponent saw in the invitation and accepted.
pub(super) fn hints_allowed(game: &AnyGame) -> bool {
    matches!(game, AnyGame::ChaosClock(g) if crate::games::Game::options(g).hints)
}

/// The solver's advice for the side to act (`None` for games without a solver; `Err` past the
/// search budget).
pub(super) fn advice(
    game: &AnyGame,
) -> Option<Result<crate::games::chaos_clock::Advice, crate::games::chaos_clock::solver::Budget>> {
    match game {
        AnyGame::ChaosClock(g) => Some(g.advice(crate::games::chaos_clock::fast::DEFAULT_BUDGET)),
        _ => None,
    }
}

/// The hint in words.
pub(super) fn hint_text(
    w: &Wording,
    lang: Lang,
    t: &Table,
    advice: Option<
        &Result<crate::games::chaos_clock::Advice, crate::games::chaos_clock::solver::Budget>,
    >,
) -> String {
    match advice {
        Some(a) => chaos_clock::hint_text(w, lang, t, a),
        None => w.text(lang, "err-hints-off", &[("id", t.row.id.into())]),
    }
}

/// The post-game analysis of a finished game, for games that have one.
pub(super) fn analysis(game: &AnyGame) -> Option<crate::games::chaos_clock::Analysis> {
    match game {
        AnyGame::ChaosClock(g) => Some(g.analysis(crate::games::chaos_clock::fast::DEFAULT_BUDGET)),
        _ => None,
    }
}

/// The post-game analysis in words.
pub(super) fn analysis_text(
    w: &Wording,
    lang: Lang,
    t: &Table,
    analysis: &crate::games::chaos_clock::Analysis,
) -> String {
    chaos_clock::analysis_text(w, lang, t, analysis)
}

/// The language of the game's public messages.
pub(super) fn public_lang(t: &Table) -> Lang {
    super::public_lang(t)
}

/// The language of the player in seat `index` (`langs` as the referee looked them up).
pub(super) fn seat_lang(langs: &[Lang], index: usize) -> Lang {
    langs.get(index).copied().unwrap_or_default()
}

/// The image caption of a chess-like game (White seat 0, Black seat 1): id, ply and whose move
/// (and check) or the result, in characters the font has. A game the table ended itself
/// (resignation, agreement, time) shows the result it stored.
pub(super) fn chess_caption(
    t: &Table,
    plies: u32,
    to_move: Seat,
    check: bool,
    outcome: Option<GameResult>,
    lang: Lang,
) -> String {
    let color =
        |seat: Seat| say(lang, if seat.index() == 0 { "side-white" } else { "side-black" }, &[]);
    let ply = say(lang, "cap-ply", &[("n", plies.to_string().into())]);
    let state = match outcome.or_else(|| stored_result(t)) {
        Some(GameResult::Winner(seat)) => say(lang, "cap-wins", &[("side", color(seat).into())]),
        Some(_) => say(lang, "cap-draw", &[]),
        None if t.row.status == GameStatus::Active => {
            let mut s = say(lang, "cap-to-move", &[("side", color(to_move).into())]);
            if check {
                s.push_str(&format!(" · {}", say(lang, "cap-check", &[])));
            }
            s
        }
        None => String::new(),
    };
    let mut text = format!("#{} · {ply}", t.row.id);
    if !state.is_empty() {
        text.push_str(&format!(" · {state}"));
    }
    text
}

/// The result stored for a finished game (`seat:0`, `seat:1`, `draw`, `both-win`, `both-lose`).
pub(super) fn stored_result(t: &Table) -> Option<GameResult> {
    if t.row.status != GameStatus::Over {
        return None;
    }
    match t.row.result.as_deref()? {
        "seat:0" => Some(GameResult::Winner(Seat(0))),
        "seat:1" => Some(GameResult::Winner(Seat(1))),
        "draw" => Some(GameResult::Draw),
        "both-win" => Some(GameResult::BothWin),
        "both-lose" => Some(GameResult::BothLose),
        _ => None,
    }
}
