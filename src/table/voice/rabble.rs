//! Rabble chess at the table: selection picks by buttons (the default, or piece by piece), one
//! public message per turn (what was played, points spent and gained, a crowned prince, the
//! result or who acts next) with the board window and both scores, a private turn ping in
//! correspondence games, other windows (`/board x,y`), the 3-D observation (`/view z …`), one
//! square's targets (`/moves`) and the draw library's forks. Everything is public (perfect
//! information). The referee reaches these through [`Voice`], the game's [`Narrator`].
//!
//! Refusals and `/moves` are worded in `rabble_moves.rs`, with the list and length limits every
//! Rabble answer keeps to.

use super::narrate::{self, Fork, Narrator, Snapshot, game_name, msg, name_of, public};
use super::rabble_moves::{self, LIST_CHARS, coord_error, fit, letters, long_text, summarised};
use super::wording::{List, Wording, ids, list, say, say_of, separator};
use crate::core::{GameResult, Noticed, Prompt, Seat, ToAct, Viewer};
use crate::games::rabble::{Coord, Event, Kind, Side, View, game::seat};
use crate::games::{AnyError, AnyEvent, AnyGame, Game};
use crate::store::GameStatus;
use crate::table::clock::Pace;
use crate::table::payload::{Choice, Payload};
use crate::table::reply::{Button, Dest, Lang, Outbound};
use crate::table::rules::rabble::partial_pick;

/// How many other layers an answer names, one line each, before the rest are counted.
const LAYERS_SHOWN: usize = 6;

/// A layer as `/board` names it: what follows x and y in a square (`2`, `1,2`, `1;d9=2`).
fn layer_text(layer: &crate::games::rabble::Layer) -> String {
    let at = Coord { layer: layer.clone(), ..Coord::main(0, 0) }.to_string();
    at.trim_start_matches("(0,0,").trim_end_matches(')').to_string()
}

/// One line per other layer with changes (`line` words it from the layer's text and its
/// count), the first [`LAYERS_SHOWN`] of them, then one line counting the rest.
fn layer_lines(
    w: &Wording,
    lang: Lang,
    layers: &[(crate::games::rabble::Layer, usize)],
    line: impl Fn(String, usize) -> String,
) -> Vec<String> {
    let mut lines: Vec<String> = layers
        .iter()
        .take(LAYERS_SHOWN)
        .map(|(l, n)| line(long_text(w, lang, &layer_text(l)), *n))
        .collect();
    if layers.len() > LAYERS_SHOWN {
        let rest = &layers[LAYERS_SHOWN..];
        lines.push(w.text(
            lang,
            ids::RB_LAYERS_MORE,
            &[
                ("layers", rest.len().into()),
                ("count", rest.iter().map(|(_, n)| n).sum::<usize>().into()),
            ],
        ));
    }
    lines
}

fn side_word(w: &Wording, lang: Lang, side: Side) -> String {
    w.text(lang, if side == Side::Red { ids::RB_RED } else { ids::RB_BLUE }, &[])
}

/// `alice (Red)`.
fn player(w: &Wording, lang: Lang, t: &Snapshot<'_>, side: Side) -> String {
    w.text(
        lang,
        ids::RB_PLAYER,
        &[
            ("name", name_of(t, seat(side).index()).into()),
            ("side", side_word(w, lang, side).into()),
        ],
    )
}

/// The selection step in words, for the picker.
fn pick_prompt(w: &Wording, lang: Lang, t: &Snapshot<'_>) -> Option<String> {
    let AnyGame::Rabble(g) = &t.game else { return None };
    let (side, step) = g.selecting()?;
    let id = if step == 8 { ids::RB_PICK_UNIQUES } else { ids::RB_PICK_GROUP };
    let row = if step == 8 { 1 } else { 1 + i64::from(step / 2) };
    let group = w.text(lang, if step % 2 == 0 { ids::RB_LEFT } else { ids::RB_RIGHT }, &[]);
    Some(w.text(
        lang,
        id,
        &[
            ("player", player(w, lang, t, side).into()),
            ("step", (i64::from(step) + 1).into()),
            ("row", row.into()),
            ("group", group.into()),
        ],
    ))
}

/// The buttons for a person picking: the default placement (payload
/// `<id>:<turn>:act-pick-default`), then one per piece that may fill the group's first slot
/// (`act-pick-R`: a payload is one word). A piece button starts a pick that the following
/// buttons complete slot by slot ([`Narrator::completions`]).
fn buttons(w: &Wording, lang: Lang, t: &Snapshot<'_>) -> Vec<Button> {
    let ToAct::Seat(s, Prompt::Setup) = t.game.to_act() else { return Vec::new() };
    if t.status != GameStatus::Active || narrate::private(t, s.index()).is_none() {
        return Vec::new();
    }
    let AnyGame::Rabble(g) = &t.game else { return Vec::new() };
    let Some((_, step)) = g.selecting() else { return Vec::new() };
    let mut out = vec![Button {
        label: w.text(lang, ids::RB_BTN_DEFAULT, &[]),
        payload: Payload::new(t.id, t.actions, Choice::Act("pick-default".into())),
    }];
    out.extend(pick_choices(step, &[]).into_iter().map(|k| Button {
        label: kind_label(lang, k),
        payload: Payload::new(t.id, t.actions, Choice::Act(format!("pick-{}", k.letter()))),
    }));
    out
}

/// A piece on a button: its letter, which is what players type, and its name in the reader's
/// language (`R 車夫`, `R 车夫`, `R Chefu`).
fn kind_label(lang: Lang, kind: Kind) -> String {
    let id = format!("rb-kind-{}", kind.letter().to_ascii_lowercase());
    format!("{} {}", kind.letter(), say_of(lang, &id, &[]))
}

/// The pieces that may fill the next slot of a pick at selection `step` (0–8), after `so_far`:
/// R N B C P for a group (repeats allowed), the unique pieces not yet placed at the last step.
fn pick_choices(step: u8, so_far: &[Kind]) -> Vec<Kind> {
    if so_far.len() >= 4 {
        return Vec::new();
    }
    if step == 8 {
        [Kind::Q, Kind::K, Kind::J, Kind::G].into_iter().filter(|k| !so_far.contains(k)).collect()
    } else {
        vec![Kind::R, Kind::N, Kind::B, Kind::C, Kind::P]
    }
}

/// Who acts next, or the pick asked for.
fn to_act_line(w: &Wording, lang: Lang, t: &Snapshot<'_>) -> String {
    let ToAct::Seat(s, _) = t.game.to_act() else { return String::new() };
    if t.status != GameStatus::Active {
        return String::new();
    }
    // The bot is not told how to pick: it picks at once, and its pick is announced.
    if t.bot_seat != Some(s.index())
        && let Some(p) = pick_prompt(w, lang, t)
    {
        return p;
    }
    w.text(
        lang,
        ids::RB_TO_ACT,
        &[("player", player(w, lang, t, crate::games::rabble::game::side(s)).into())],
    )
}

fn event_line(w: &Wording, lang: Lang, t: &Snapshot<'_>, event: &Event) -> Option<String> {
    let ply = match &t.game {
        AnyGame::Rabble(g) => g.ply,
        _ => 0,
    };
    match event {
        Event::Picked { side, step, kinds } => {
            let letters: Vec<String> = kinds.iter().map(|k| k.letter().to_string()).collect();
            Some(w.text(
                lang,
                ids::RB_PICKED,
                &[
                    ("player", player(w, lang, t, *side).into()),
                    ("step", (i64::from(*step) + 1).into()),
                    ("pieces", letters.join(" ").into()),
                ],
            ))
        }
        Event::Played { side, text, cost, gained, captured, crowned } => {
            let mut line = w.text(
                lang,
                ids::RB_PLAYED,
                &[
                    ("id", t.id.into()),
                    // Plies of play, selection picks not counted.
                    ("ply", i64::from(ply).into()),
                    ("player", player(w, lang, t, *side).into()),
                    ("turn", long_text(w, lang, text).into()),
                ],
            );
            if let Some(u) = captured {
                line.push_str(&w.text(
                    lang,
                    ids::RB_CAPTURED,
                    &[("unit", letters(u).into()), ("points", (*gained).into())],
                ));
            }
            if *cost > 0 {
                line.push_str(&w.text(lang, ids::RB_COST, &[("points", (*cost).into())]));
            }
            if *crowned {
                line.push('\n');
                line.push_str(&w.text(
                    lang,
                    ids::RB_CROWNED,
                    &[("player", player(w, lang, t, side.other()).into())],
                ));
            }
            Some(line)
        }
        Event::DrawOffered { side } => Some(w.text(
            lang,
            ids::RB_DRAW_OFFERED,
            &[("player", player(w, lang, t, *side).into()), ("id", t.id.into())],
        )),
        Event::Ended { .. } => None,
    }
}

fn scores_line(w: &Wording, lang: Lang, t: &Snapshot<'_>) -> String {
    let AnyGame::Rabble(g) = &t.game else { return String::new() };
    w.text(
        lang,
        ids::RB_SCORES,
        &[
            ("red", g.score[0].into()),
            ("blue", g.score[1].into()),
            ("quiet", g.quiet_plies.into()),
            ("limit", g.options.quiet_limit.into()),
        ],
    )
}

/// Each side's statistics by piece type (spec §5: capture points, hires, drops into the
/// battlefield, high-dimension jumps), a line per side that has any, each list naming only the
/// kinds with a count (`P 3, N 6`).
fn stats_lines(w: &Wording, lang: Lang, t: &Snapshot<'_>) -> Vec<String> {
    let AnyGame::Rabble(g) = &t.game else { return Vec::new() };
    let mut out = Vec::new();
    for side in [Side::Red, Side::Blue] {
        let st = &g.stats[side.index()];
        let named = |counts: [i64; 9]| -> String {
            let items: Vec<String> = Kind::ALL
                .into_iter()
                .zip(counts)
                .filter(|(_, n)| *n != 0)
                .map(|(k, n)| format!("{} {n}", crate::render::rabble::label(k, lang.script())))
                .collect();
            if items.is_empty() { "-".to_string() } else { list(lang, List::Items, &items) }
        };
        let wide = |a: [u32; 9]| a.map(i64::from);
        let all = [st.capture_points, wide(st.hires), wide(st.drops_into_b), wide(st.high_jumps)];
        if all.iter().all(|a| a.iter().all(|n| *n == 0)) {
            continue;
        }
        out.push(w.text(
            lang,
            ids::RB_STATS,
            &[
                ("side", side_word(w, lang, side).into()),
                ("captures", named(all[0]).into()),
                ("hires", named(all[1]).into()),
                ("drops", named(all[2]).into()),
                ("jumps", named(all[3]).into()),
            ],
        ));
    }
    out
}

fn result_text(
    w: &Wording,
    lang: Lang,
    t: &Snapshot<'_>,
    result: GameResult,
    reason: &str,
) -> String {
    let headline = narrate::headline(w, lang, t, Some(result));
    let loser = match result {
        GameResult::Winner(s) => name_of(t, 1 - s.index().min(1)).to_string(),
        _ => String::new(),
    };
    let why = w.text_of(lang, &format!("rb-reason-{reason}"), &[("name", loser.into())]);
    format!("{headline}\n{why}")
}

/// The side a public picture is drawn from: Red's (at the bottom), except while Blue picks its
/// pieces, when the picture is Blue's to read ("your own left to right" is then the picture's
/// left to right, with Blue at the bottom).
fn public_side(t: &Snapshot<'_>) -> Viewer {
    match &t.game {
        AnyGame::Rabble(g) if g.selecting().is_some_and(|(side, _)| side == Side::Blue) => {
            Viewer::Seat(Seat(1))
        }
        _ => Viewer::Public,
    }
}

/// The picture of a public announcement. While the sides pick their pieces it is a strip of the
/// picking side's four rows (x 1..12, the squares the pick fills outlined, the picks so far in
/// place) instead of the whole board: a selection is 18 announcements, and 18 full boards
/// before the first move buried the chat (issue 42). `/board` still draws the whole board.
fn announcement_picture(
    t: &Snapshot<'_>,
    lang: Lang,
    images: bool,
) -> Option<crate::table::reply::Image> {
    let viewer = public_side(t);
    let picking = match &t.game {
        AnyGame::Rabble(g) => g.selecting().map(|(side, _)| (g, side)),
        _ => None,
    };
    let Some((g, side)) = picking else { return narrate::picture(t, viewer, lang, images) };
    if !images {
        return None;
    }
    let rows = if side == Side::Red { (1, 4) } else { (9, 12) };
    let view = g.view_window(
        &crate::games::rabble::Layer::main(),
        (1.into(), 12.into()),
        (rows.0.into(), rows.1.into()),
    );
    let caption = (t.caption)(t, &crate::games::AnyView::Rabble(view.clone()), lang);
    let p = crate::render::rabble::marked(&view, &[], &caption, &narrate::theme(viewer, lang));
    Some(crate::table::reply::Image::png(p.png, p.width, p.height))
}

/// The side a picture for `to` is drawn from: a player's own from that player's side (Blue at
/// the bottom for Blue), anything else as [`public_side`].
fn side_for(t: &Snapshot<'_>, to: &Dest) -> Viewer {
    if let Dest::User(user) = to
        && let Some(seat) = t.seats.iter().position(|s| s.as_ref() == Some(user))
    {
        return Viewer::Seat(Seat(u8::try_from(seat).unwrap_or(0)));
    }
    public_side(t)
}

/// `/board` and `/view`: scores, counters, the last turn, and who acts, with the window image.
pub(crate) fn view_message(
    w: &Wording,
    lang: Lang,
    t: &Snapshot<'_>,
    view: &View,
    to: Dest,
    images: bool,
) -> Outbound {
    let mut lines = vec![
        w.text(
            lang,
            ids::RB_VIEW_HEADER,
            &[
                ("id", t.id.into()),
                ("game", game_name(w, lang, t.game.kind()).into()),
                ("ply", i64::from(view.ply).into()),
                (
                    "last",
                    view.last
                        .as_deref()
                        .map_or_else(|| "-".to_string(), |l| long_text(w, lang, l))
                        .into(),
                ),
            ],
        ),
    ];
    lines.push(scores_line(w, lang, t));
    lines.extend(stats_lines(w, lang, t));
    lines.extend(beyond_lines(w, lang, view));
    if let Some(outcome) = t.game.to_act().outcome() {
        lines.push(result_text(w, lang, t, outcome.result, outcome.reason));
    } else {
        let next = to_act_line(w, lang, t);
        if !next.is_empty() {
            lines.push(next);
        }
    }
    let in_chat = matches!(to, Dest::Chat(_));
    let side = side_for(t, &to);
    let mut m = msg(t, to, fit(w, lang, lines.join("\n")));
    m.image = narrate::picture(t, side, lang, images);
    if in_chat {
        m.buttons = buttons(w, lang, t);
    }
    m
}

/// What lies beyond a view's window: the nearest changed units of its layer outside it, and
/// the other layers' change counts (the first [`LAYERS_SHOWN`], then the rest counted).
fn beyond_lines(w: &Wording, lang: Lang, view: &View) -> Vec<String> {
    let mut lines = Vec::new();
    if !view.outside.0.is_empty() {
        let shown: Vec<String> = view
            .outside
            .0
            .iter()
            .map(|(c, u)| long_text(w, lang, &format!("{} {c}", letters(u))))
            .collect();
        lines.push(w.text(
            lang,
            ids::RB_OUTSIDE,
            &[
                ("units", summarised(w, lang, &shown, ", ", LIST_CHARS).into()),
                ("count", view.outside.1.into()),
            ],
        ));
    }
    lines.extend(layer_lines(w, lang, &view.layers, |layer, n| {
        w.text(lang, ids::RB_LAYER, &[("z", layer.into()), ("count", n.into())])
    }));
    lines
}

/// The image caption: game number, ply, scores, and who acts or the result, read from the
/// game itself (every Rabble picture, whatever its window, shares them).
pub(crate) fn caption(t: &Snapshot<'_>, lang: Lang) -> String {
    let AnyGame::Rabble(g) = &t.game else { return String::new() };
    let name =
        |s: Side| say(lang, if s == Side::Red { ids::SIDE_RED } else { ids::SIDE_BLUE }, &[]);
    let ply = say(lang, ids::CAP_PLY, &[("n", g.ply.to_string().into())]);
    let state = match t.game.to_act().outcome().map(|o| o.result).or(t.stored_result) {
        Some(GameResult::Winner(s)) => {
            let side = crate::games::rabble::game::side(s);
            say(lang, ids::CAP_WINS, &[("side", name(side).into())])
        }
        Some(GameResult::Draw) => say(lang, ids::CAP_DRAW, &[]),
        Some(GameResult::BothWin | GameResult::BothLose) => String::new(),
        None if t.status == GameStatus::Active => match g.selecting() {
            Some((side, step)) => say(
                lang,
                ids::CAP_PICKS,
                &[("side", name(side).into()), ("step", (step + 1).to_string().into())],
            ),
            None => say(lang, ids::CAP_TO_ACT, &[("side", name(g.to_move).into())]),
        },
        None => String::new(),
    };
    let mut text = format!(
        "#{} · {ply} · {} {} : {} {}",
        t.id,
        name(Side::Red),
        g.score[0],
        g.score[1],
        name(Side::Blue)
    );
    if !state.is_empty() {
        text.push_str(&format!(" · {state}"));
    }
    text
}

/// A slice that does not read, in words.
fn slice_error(w: &Wording, lang: Lang, e: &crate::games::rabble::text::SliceError) -> String {
    use crate::games::rabble::text::SliceError;
    match e {
        SliceError::Count => w.text(lang, ids::RB_SLICE_COUNT, &[]),
        SliceError::Range { word, axis } => w.text(
            lang,
            ids::RB_SLICE_RANGE,
            &[("word", long_text(w, lang, word).into()), ("axis", (*axis).into())],
        ),
        SliceError::Backwards { word, axis } => w.text(
            lang,
            ids::RB_SLICE_BACKWARDS,
            &[("word", long_text(w, lang, word).into()), ("axis", (*axis).into())],
        ),
        SliceError::TooWide { axis, from, to, widest } => w.text(
            lang,
            ids::RB_SLICE_TOO_WIDE,
            &[
                ("axis", (*axis).into()),
                ("from", long_text(w, lang, &from.to_string()).into()),
                ("to", long_text(w, lang, &to.to_string()).into()),
                ("widest", widest.to_string().into()),
            ],
        ),
    }
}

/// The forks of a library game with where each stands: waiting, in play, won by a side,
/// drawn (by agreement: then in the library too), or abandoned.
fn forks_line(w: &Wording, lang: Lang, children: &[Fork]) -> String {
    let forks: Vec<String> = children
        .iter()
        .map(|fork| {
            let id = ("id", fork.id.into());
            match (fork.status, fork.result) {
                (GameStatus::Invited, _) => w.text(lang, ids::RB_FORK_INVITED, &[id]),
                (GameStatus::Active, _) => w.text(lang, ids::RB_FORK_ACTIVE, &[id]),
                (GameStatus::Over, Some(GameResult::Draw)) if fork.agreed => {
                    w.text(lang, ids::RB_FORK_LIBRARY, &[id])
                }
                (GameStatus::Over, Some(GameResult::Draw)) => {
                    w.text(lang, ids::RB_FORK_DRAWN, &[id])
                }
                (GameStatus::Over, Some(GameResult::Winner(seat))) => {
                    let side = crate::games::rabble::game::side(seat);
                    w.text(lang, ids::RB_FORK_WON, &[id, ("side", side_word(w, lang, side).into())])
                }
                _ => w.text(lang, ids::RB_FORK_ABANDONED, &[id]),
            }
        })
        .collect();
    let forks = summarised(w, lang, &forks, &separator(lang, List::Items), LIST_CHARS);
    w.text(lang, ids::RB_LIBRARY_FORKS, &[("forks", forks.into())])
}

/// Rabble's narrator.
pub(crate) struct Voice;

impl Narrator for Voice {
    /// The next slot of a pick being built button by button: one button per piece that may fill
    /// it, for the seat that is picking; empty when `text` is not such a pick.
    fn completions(
        &self,
        _w: &Wording,
        lang: Lang,
        game: &AnyGame,
        seat: Seat,
        text: &str,
        _error: &AnyError,
    ) -> Vec<(String, String)> {
        let AnyGame::Rabble(g) = game else { return Vec::new() };
        let Some((side, step)) = g.selecting() else { return Vec::new() };
        let Some(so_far) = partial_pick(text) else { return Vec::new() };
        if side.index() != seat.index() {
            return Vec::new();
        }
        pick_choices(step, &so_far)
            .into_iter()
            .map(|k| (kind_label(lang, k), k.letter().to_string()))
            .collect()
    }

    /// A pick built button by button: no refusal, only the next slot: the slots filled so far
    /// and the one asked for.
    fn completion_question(
        &self,
        w: &Wording,
        lang: Lang,
        t: &Snapshot<'_>,
        text: &str,
        _error: &AnyError,
    ) -> String {
        let so_far = partial_pick(text).unwrap_or_default();
        let letters: Vec<String> = so_far.iter().map(|k| k.letter().to_string()).collect();
        w.text(
            lang,
            ids::RB_COMPLETE_PICK,
            &[
                ("id", t.id.into()),
                ("slot", (so_far.len() + 1).into()),
                (
                    "sofar",
                    if letters.is_empty() { "-".to_string() } else { letters.join(" ") }.into(),
                ),
            ],
        )
    }

    /// Selection, reading and handicaps in one sentence.
    fn rules_summary(&self, w: &Wording, lang: Lang, t: &Snapshot<'_>) -> String {
        let AnyGame::Rabble(g) = &t.game else { return String::new() };
        // The options that differ from the defaults, but for the library's `from` (said below).
        let all = crate::games::GameOptions::summary(g.options());
        let summary: Vec<&str> =
            all.split(',').filter(|p| !p.is_empty() && !p.starts_with("from=")).collect();
        let mut text = w.text(
            lang,
            ids::RB_RULES_SUMMARY,
            &[
                (
                    "options",
                    if summary.is_empty() { "-".to_string() } else { summary.join(",") }.into(),
                ),
                ("clock", narrate::clock_text(w, lang, t).into()),
            ],
        );
        if let Some(parent) = g.options.from {
            text.push_str(narrate::sentence_gap(lang));
            text.push_str(&w.text(
                lang,
                ids::RB_FORK_OF,
                &[("parent", parent.into()), ("ply", i64::from(g.ply).into())],
            ));
        }
        text
    }

    /// The public start announcement.
    fn started(&self, w: &Wording, t: &Snapshot<'_>, images: bool) -> Outbound {
        let lang = t.lang;
        let lines = [
            w.text(
                lang,
                ids::RB_STARTED,
                &[
                    ("game", game_name(w, lang, t.game.kind()).into()),
                    ("id", t.id.into()),
                    ("red", name_of(t, 0).into()),
                    ("blue", name_of(t, 1).into()),
                    ("rules", self.rules_summary(w, lang, t).into()),
                ],
            ),
            to_act_line(w, lang, t),
        ];
        let mut m = msg(t, public(t), lines.join("\n"));
        m.image = announcement_picture(t, lang, images);
        m.buttons = buttons(w, lang, t);
        m
    }

    /// One public message per action.
    fn announce(
        &self,
        w: &Wording,
        t: &Snapshot<'_>,
        events: &[Noticed<AnyEvent>],
        _langs: &[Lang],
        images: bool,
    ) -> Vec<Outbound> {
        let pl = t.lang;
        let mut lines = Vec::new();
        let mut ended = false;
        for noticed in events {
            let AnyEvent::Rabble(event) = &noticed.event else { continue };
            if let Some(line) = event_line(w, pl, t, event) {
                lines.push(line);
            }
            if let Event::Ended { outcome } = event {
                ended = true;
                lines.push(result_text(w, pl, t, outcome.result, outcome.reason));
            }
        }
        if !matches!(t.game.to_act(), ToAct::Seat(_, Prompt::Setup)) || ended {
            lines.push(scores_line(w, pl, t));
        }
        let next = to_act_line(w, pl, t);
        if !next.is_empty() {
            lines.push(next);
        }
        let mut m = msg(t, public(t), fit(w, pl, lines.join("\n")));
        m.image = announcement_picture(t, pl, images);
        m.buttons = buttons(w, pl, t);
        vec![m]
    }

    /// The private turn ping, in correspondence games only.
    fn turn_prompts(
        &self,
        w: &Wording,
        t: &Snapshot<'_>,
        seat: Seat,
        prompt: Prompt,
        lang: Lang,
        _images: bool,
    ) -> Vec<Outbound> {
        if t.time.pace != Pace::Correspondence || !matches!(prompt, Prompt::Move | Prompt::Setup) {
            return Vec::new();
        }
        let Some(to) = narrate::private(t, seat.index()) else { return Vec::new() };
        let text = w.text(
            lang,
            ids::RB_TURN_PRIVATE,
            &[
                ("id", t.id.into()),
                ("game", game_name(w, lang, t.game.kind()).into()),
                ("side", side_word(w, lang, crate::games::rabble::game::side(seat)).into()),
            ],
        );
        vec![msg(t, to, text)]
    }

    /// A refused turn, in `lang` (`rabble_moves.rs`).
    fn error_text(&self, w: &Wording, lang: Lang, error: &AnyError) -> String {
        rabble_moves::error_text(w, lang, error)
    }

    /// `/board <window>`: a centre `x,y[,z,…]` (its layer too) and/or `zoom N` (1–3: a window
    /// 16·N squares wide, drawn smaller). One picture on request; announcements keep the default
    /// window (−1..14 of the main plane).
    ///
    /// # Errors
    /// What is wrong with the window, in words.
    fn window_message(
        &self,
        w: &Wording,
        lang: Lang,
        t: &Snapshot<'_>,
        spec: &str,
        to: Dest,
        images: bool,
    ) -> Option<Result<Outbound, String>> {
        let AnyGame::Rabble(g) = &t.game else { return None };
        let mut centre = Coord::main(6, 6);
        let mut zoom: i64 = 1;
        let mut words = spec.split_whitespace();
        while let Some(word) = words.next() {
            match word.to_lowercase().as_str() {
                "zoom" | "縮放" | "缩放" => {
                    let n = words.next().and_then(|n| n.parse::<i64>().ok());
                    let Some(n) = n.filter(|n| (1..=3).contains(n)) else {
                        return Some(Err(w.text(lang, ids::RB_ZOOM_RANGE, &[])));
                    };
                    zoom = n;
                }
                other => match Coord::parse(other) {
                    Ok(c) => centre = c,
                    Err(e) => return Some(Err(coord_error(w, lang, &e))),
                },
            }
        }
        let n = 16 * zoom;
        let x0 = &centre.x - (n / 2 - 1);
        let y0 = &centre.y - (n / 2 - 1);
        let (x, y) = ((x0.clone(), &x0 + (n - 1)), (y0.clone(), &y0 + (n - 1)));
        let view = g.view_window(&centre.layer, x.clone(), y.clone());
        let layer_text = long_text(w, lang, &layer_text(&centre.layer));
        let mut lines = vec![w.text(
            lang,
            ids::RB_WINDOW,
            &[
                ("id", t.id.into()),
                ("x0", long_text(w, lang, &x.0.to_string()).into()),
                ("x1", long_text(w, lang, &x.1.to_string()).into()),
                ("y0", long_text(w, lang, &y.0.to_string()).into()),
                ("y1", long_text(w, lang, &y.1.to_string()).into()),
                ("layer", layer_text.into()),
            ],
        )];
        lines.extend(beyond_lines(w, lang, &view));
        let mut m = msg(t, to, fit(w, lang, lines.join("\n")));
        if images {
            // Drawn smaller as it widens, so a zoomed-out picture stays about one screen.
            let theme = crate::render::Theme {
                cell: u32::try_from(72 / zoom).unwrap_or(24),
                ..narrate::theme(Viewer::Public, lang)
            };
            let caption = caption(t, lang);
            let p = crate::render::render(&crate::games::AnyView::Rabble(view), &caption, &theme);
            m.image = Some(crate::table::reply::Image::png(p.png, p.width, p.height));
        }
        Some(Ok(m))
    }

    /// `/view z x0..x1 y0..y1 [z0..z1]`: the seed's 3-D observation (三維坐標觀察系統) of a
    /// block through a range of layers, as a picture of one panel per layer (or, without images,
    /// one text grid per layer), with the block's changed squares listed. Rabble has no secrets, so
    /// anyone may ask, and the answer goes where it was asked.
    ///
    /// # Errors
    /// What is wrong with the slice, in words.
    fn observation_message(
        &self,
        w: &Wording,
        lang: Lang,
        t: &Snapshot<'_>,
        spec: &str,
        to: Dest,
        images: bool,
    ) -> Option<Result<Outbound, String>> {
        use crate::games::rabble::text;
        let AnyGame::Rabble(g) = &t.game else { return None };
        let mut words = spec.split_whitespace();
        let first = words.next().unwrap_or_default().to_lowercase();
        if !matches!(first.as_str(), "z" | "3d" | "三維" | "三维") {
            return Some(Err(w.text(lang, ids::RB_SLICE_NOT_Z, &[("word", first.into())])));
        }
        let rest: Vec<&str> = words.collect();
        let (x, y, z) = match text::parse_observation(&rest.join(" ")) {
            Ok(xyz) => xyz,
            Err(e) => return Some(Err(slice_error(w, lang, &e))),
        };
        let o = text::observation(g.board(), x, y, z);
        let mut lines = vec![w.text(
            lang,
            ids::RB_OBSERVATION,
            &[
                ("id", t.id.into()),
                ("x0", long_text(w, lang, &o.x.0.to_string()).into()),
                ("x1", long_text(w, lang, &o.x.1.to_string()).into()),
                ("y0", long_text(w, lang, &o.y.0.to_string()).into()),
                ("y1", long_text(w, lang, &o.y.1.to_string()).into()),
                ("z0", long_text(w, lang, &o.z.0.to_string()).into()),
                ("z1", long_text(w, lang, &o.z.1.to_string()).into()),
            ],
        )];
        if !images {
            // The engine's grids are for the command line, their mark in English: the reader's
            // words for it here.
            let main = format!("← {}", w.text(lang, ids::IMG_MAIN_PLANE, &[]));
            let grids = text::observation_grids(&o).replace("← main plane", &main);
            lines.push(grids.trim_end().to_string());
        }
        let band = ("band", if g.options.band_empty { "yes" } else { "no" }.into());
        if o.changed.is_empty() {
            lines.push(w.text(lang, ids::RB_OBSERVATION_UNCHANGED, &[band]));
        } else {
            let shown: Vec<String> = o
                .changed
                .iter()
                .map(|(c, u)| match u {
                    Some(u) => long_text(w, lang, &format!("{c} {}", letters(u))),
                    None => long_text(w, lang, &format!("{c} ·")),
                })
                .collect();
            lines.push(w.text(
                lang,
                ids::RB_OBSERVATION_CHANGED,
                &[
                    ("squares", summarised(w, lang, &shown, ", ", LIST_CHARS).into()),
                    ("count", o.changed.len().into()),
                    band,
                ],
            ));
        }
        lines.extend(layer_lines(w, lang, &o.elsewhere, |layer, n| {
            w.text(
                lang,
                ids::RB_OBSERVATION_ELSEWHERE,
                &[("layer", layer.into()), ("count", n.into())],
            )
        }));
        let mut m = msg(t, to, fit(w, lang, lines.join("\n")));
        if images {
            let theme = narrate::theme(Viewer::Public, lang);
            let caption = caption(t, lang);
            let p = crate::render::rabble::observation(&o, &caption, &theme);
            m.image = Some(crate::table::reply::Image::png(p.png, p.width, p.height));
        }
        Some(Ok(m))
    }

    /// `/moves <square>`: one square's targets (`rabble_moves.rs`).
    ///
    /// # Errors
    /// The square does not read or is empty, in words.
    fn moves_message(
        &self,
        w: &Wording,
        lang: Lang,
        t: &Snapshot<'_>,
        square: &str,
        to: Dest,
    ) -> Option<Result<Outbound, String>> {
        rabble_moves::moves_message(w, lang, t, square, to)
    }

    /// One `/library` entry: the drawn game's plies, scores, changed squares and ancestry, with its
    /// forks when it has any.
    fn library_entry(
        &self,
        w: &Wording,
        lang: Lang,
        t: &Snapshot<'_>,
        forks: &[Fork],
    ) -> Option<String> {
        let AnyGame::Rabble(g) = &t.game else { return None };
        let from = g.options.from.map_or_else(|| "-".to_string(), |p| format!("#{p}"));
        let text = w.text(
            lang,
            ids::RB_LIBRARY_ENTRY,
            &[
                ("id", t.id.into()),
                ("ply", i64::from(g.ply).into()),
                ("red", g.score[0].into()),
                ("blue", g.score[1].into()),
                ("changes", g.board().change_count().into()),
                ("from", from.into()),
            ],
        );
        Some(if forks.is_empty() {
            text
        } else {
            format!("{text}\n{}", forks_line(w, lang, forks))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::rabble::{Options, State};

    #[test]
    fn suggestions_complete_a_typed_square_into_checked_turns_and_offer_picks_while_selecting() {
        use crate::games::Game;
        use crate::table::rules::rabble::suggestions;
        let mut selecting = State::start(&Options::default());
        let picks = suggestions(&mut selecting, Seat(0), "pick", 25);
        assert_eq!(picks.first().map(String::as_str), Some("pick default"));
        assert!(picks.contains(&"pick P P P P".to_string()), "{picks:?}");
        assert!(suggestions(&mut selecting, Seat(0), "pick Q", 25).is_empty(), "not at step 1");

        let mut game = State::start(&Options { select: false, ..Options::default() });
        let offered = suggestions(&mut game, Seat(0), "7,6", 25);
        assert!(offered.contains(&"7,6x7,8".to_string()), "the seed's first move: {offered:?}");
        assert!(offered.contains(&"7,6&6,6".to_string()), "stacking: {offered:?}");
        assert!(offered.contains(&"7,6 z+&".to_string()), "a jump: {offered:?}");
        for turn in &offered {
            assert!(turn.starts_with("7,6"), "{turn}");
            let action = game.parse_action(Seat(0), turn).expect("a suggestion reads");
            game.clone().play(Seat(0), &action).unwrap_or_else(|e| panic!("{turn}: {e}"));
        }
        // Not a square of one's own: nothing; Blue is not to move: nothing.
        assert!(suggestions(&mut game, Seat(0), "7,8", 25).is_empty());
        let blue = suggestions(&mut game, Seat(1), "3,7", 25);
        assert!(blue.is_empty(), "{blue:?}");
        // Without a square: the contact-row pawn turns and the draw offer.
        let any = suggestions(&mut game, Seat(0), "", 25);
        assert_eq!(any.len(), 25, "{any:?}");
    }

    #[test]
    fn a_library_game_continued_three_hundred_times_names_the_first_forks_and_counts_the_rest() {
        let w = Wording::new();
        let fork = |id: i64| Fork {
            id: crate::store::GameId(id),
            status: GameStatus::Invited,
            result: None,
            agreed: false,
        };
        let forks: Vec<Fork> = (2..302).map(fork).collect();
        let line = forks_line(&w, Lang::En, &forks);
        assert!(line.starts_with("Continued as: #2 (waiting for an opponent), #3 ("), "{line}");
        let named = line.matches(" (waiting for an opponent)").count();
        assert!(named >= 10, "{line}");
        assert!(line.ends_with(&format!(", … and {} more.", 300 - named)), "{line}");
        assert!(line.chars().count() < LIST_CHARS + 100, "{line}");
        let zh = forks_line(&w, Lang::ZhHans, &forks);
        assert!(zh.contains("……另有"), "{zh}");
    }
}
