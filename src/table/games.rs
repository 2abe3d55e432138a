//! The table's per-game hooks: one function per thing the referee says or decides about a game,
//! dispatching on the game to its module (`dark_fence.rs`, `ultima.rs`), plus the wording every
//! game shares (invitations, `/games` lines, `/rules`, endings by the table).
//!
//! Why functions over a `match` rather than a trait object: the games are a closed set
//! (`AnyGame`), the compiler then points at every hook a new game must supply, and each game's
//! module keeps plain functions over its own view and event types.

use super::reply::{Button, Dest, Image, Lang, Outbound, Wording};
use super::{Ctx, Table};
use crate::core::{GameResult, Noticed, Prompt, Seat, Viewer};
use crate::games::{AnyAction, AnyError, AnyEvent, AnyGame, AnyView, GameKind};

use super::{dark_fence, ultima};

/// The game for a name players may type instead of the code.
pub(super) fn kind_from_name(name: &str) -> Option<GameKind> {
    dark_fence::kind_from_name(name).or_else(|| ultima::kind_from_name(name))
}

/// Whether moves of this game are private (so typed only in a private chat) and the start
/// needs every player reachable privately.
pub(super) fn has_hidden_information(game: &AnyGame) -> bool {
    match game {
        AnyGame::DarkFence(_) => true,
        AnyGame::Ultima(_) => false,
        AnyGame::ChaosClock(_) => false, // CHAOS-INTEGRATION
    }
}

/// Whether an action is secret by the rules, so that it may only be typed in a private chat.
pub(super) fn is_private_action(action: &AnyAction) -> bool {
    match action {
        AnyAction::DarkFence(_) => dark_fence::is_private_action(action),
        AnyAction::Ultima(_) => false,
        AnyAction::ChaosClock(_) => false, // CHAOS-INTEGRATION
    }
}

/// Whether the referee echoes this action for confirmation first.
pub(super) fn needs_confirmation(game: &AnyGame, action: &AnyAction) -> bool {
    match game {
        AnyGame::DarkFence(_) => dark_fence::needs_confirmation(game, action),
        // Every move is public and a takeback can undo a slip.
        AnyGame::Ultima(_) => false,
        AnyGame::ChaosClock(_) => false, // CHAOS-INTEGRATION
    }
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
        // CHAOS-INTEGRATION: placeholder until the table wording exists.
        AnyGame::ChaosClock(_) => t.game.options().summary(),
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
        // CHAOS-INTEGRATION: placeholder until the table wording exists.
        AnyGame::ChaosClock(_) => msg(t, public(t), t.game.position()),
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
        // CHAOS-INTEGRATION: placeholder until the table wording exists.
        AnyGame::ChaosClock(_) => vec![msg(t, public(t), t.game.position())],
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
    let id = t.row.id;
    let headline = match result {
        Some(GameResult::Winner(seat)) => w.text(
            lang,
            "over-win",
            &[("id", id.into()), ("winner", name_of(t, seat.index()).into())],
        ),
        Some(_) => w.text(lang, "over-draw", &[("id", id.into())]),
        None => w.text(lang, "over-aborted", &[("id", id.into())]),
    };
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
        AnyGame::Ultima(_) | AnyGame::ChaosClock(_) => picture(t, Viewer::Public, lang, images), // CHAOS-INTEGRATION
    };
    let mut m = msg(t, public(t), text);
    m.image = image;
    m
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
        AnyGame::ChaosClock(_) => Vec::new(), // CHAOS-INTEGRATION
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
        // CHAOS-INTEGRATION: placeholder until the table wording exists.
        AnyView::ChaosClock(v) => msg(t, to, v.position.clone()),
    }
}

/// One line of `/games`.
pub(super) fn game_line(w: &Wording, lang: Lang, t: &Table) -> String {
    let state = match (t.row.status.as_str(), t.game.to_act()) {
        ("invited", _) => w.text(lang, "state-invited", &[]),
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
    text.push_str(&w.text(lang, "rules-options", &[]));
    for spec in kind.option_specs() {
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

/// A refused action, in the player's words.
pub(super) fn error_text(w: &Wording, lang: Lang, error: &AnyError) -> String {
    match error {
        AnyError::Options(e) => w.text(lang, "err-options", &[("detail", e.to_string().into())]),
        AnyError::WrongGame => w.text(lang, "err-internal", &[]),
        AnyError::DarkFence(_) => dark_fence::error_text(w, lang, error),
        AnyError::Ultima(_) => ultima::error_text(w, lang, error),
        AnyError::ChaosClock(e) => e.to_string(), // CHAOS-INTEGRATION
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
        AnyView::ChaosClock(v) => v.position.clone(), // CHAOS-INTEGRATION
    };
    let theme = crate::render::Theme {
        script: if lang == Lang::ZhHans {
            crate::render::Script::Chinese
        } else {
            crate::render::Script::Latin
        },
        // A seat sees the board from its own side.
        flipped: viewer == Viewer::Seat(Seat(1)),
        ..crate::render::Theme::default()
    };
    let p = crate::render::render(&view, &caption, &theme);
    Some(Image { png: p.png, width: p.width, height: p.height })
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
    Outbound { platform: t.row.platform.clone(), to, text, image: None, buttons: Vec::new() }
}

/// The game's chat.
pub(super) fn public(t: &Table) -> Dest {
    Dest::Chat(t.row.chat_id.clone())
}

/// The private chat of the player in seat `index`, once seated.
pub(super) fn private(t: &Table, index: usize) -> Option<Dest> {
    t.seats.get(index).cloned().flatten().map(Dest::User)
}

/// The language of the game's public messages.
pub(super) fn public_lang(t: &Table) -> Lang {
    super::public_lang(t)
}

/// The language of the player in seat `index` (`langs` as the referee looked them up).
pub(super) fn seat_lang(langs: &[Lang], index: usize) -> Lang {
    langs.get(index).copied().unwrap_or_default()
}
