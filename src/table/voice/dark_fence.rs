//! Dark Fence at the table: its events, views and refusals as messages (spec §3.9). Every text
//! goes through the Fluent bundles; every message is rendered from one audience's events or
//! view, never from the full state (spec §2.5 rule 1).
//! The referee reaches these through [`Voice`], the game's [`Narrator`].

use fluent_bundle::FluentValue;

use super::narrate::{self, Narrator, Snapshot, game_name, msg, public};
use super::wording::{Id, Wording, ids, say};
use crate::core::{Audience, ErrorCode, Noticed, Prompt, Seat, Viewer};
use crate::games::dark_fence::{
    self, Action, ActionError, Decision, Dir, EndDetail, Event, Lean, Mode, Player, Reason, Rel8,
    Report, Reveal, View, Violation,
};
use crate::games::{AnyAction, AnyError, AnyEvent, AnyGame, AnyView};
use crate::store::GameStatus;
use crate::table::clock::Pace;
use crate::table::payload::{Choice, Payload, WindowChoice};
use crate::table::reply::{Button, Dest, Image, Lang, Outbound};
use crate::table::rules::dark_fence::warnings;

/// The Dark Fence options of `game` (the defaults for another game, which never reaches here:
/// `games.rs` dispatches by game).
fn options(game: &AnyGame) -> &dark_fence::Options {
    static DEFAULT: std::sync::LazyLock<dark_fence::Options> =
        std::sync::LazyLock::new(dark_fence::Options::default);
    match game {
        AnyGame::DarkFence(g) => crate::games::Game::options(g),
        _ => &DEFAULT,
    }
}

/// A warning in words.
fn warning_text(w: &Wording, lang: Lang, warning: dark_fence::assist::Warning) -> String {
    use dark_fence::assist::Warning;
    match warning {
        Warning::BorderFence { edge } => w.text(
            lang,
            ids::DF_WARN_BORDER,
            &[("cell", edge.cell.to_string().into()), ("dir", dir_word(w, lang, edge.side).into())],
        ),
        Warning::CrossesOwnFence { from, to } => w.text(
            lang,
            ids::DF_WARN_CROSSES,
            &[("from", from.to_string().into()), ("to", to.to_string().into())],
        ),
        Warning::DuplicatesOwnFence { .. } => w.text(lang, ids::DF_WARN_DUPLICATE, &[]),
    }
}

/// The image caption: game id, ply and who acts, in characters the bundled font has (player
/// names could be anything, so seats are named by their order).
pub(crate) fn caption(t: &Snapshot<'_>, view: &dark_fence::View, lang: Lang) -> String {
    let seat =
        |p: Player| say(lang, if p == Player::P1 { ids::SIDE_P1 } else { ids::SIDE_P2 }, &[]);
    // "after ply 3", as the messages count: the announcement of ply 3 and the prompt for ply 4
    // both come with this image.
    let ply = say(lang, ids::CAP_AFTER_PLY, &[("n", view.ply.to_string().into())]);
    let state = match (view.to_act, &view.result) {
        (_, Some((Decision::Winner(p), _))) => {
            say(lang, ids::CAP_WINS, &[("side", seat(*p).into())])
        }
        (_, Some((Decision::Draw, _))) => say(lang, ids::CAP_DRAW, &[]),
        (Some((p, _)), None) if t.status == GameStatus::Active => {
            say(lang, ids::CAP_TO_ACT, &[("side", seat(p).into())])
        }
        _ => String::new(),
    };
    let mut text = format!("#{} · {ply}", t.id);
    if let Some(me) = view.viewer {
        text.push_str(&format!(" · {}", say(lang, ids::CAP_YOU, &[("side", seat(me).into())])));
    }
    if !state.is_empty() {
        text.push_str(&format!(" · {state}"));
    }
    // The end image says why, on a line of its own (the renderer puts it under the board).
    if let Some((_, reason)) = &view.result {
        text.push('\n');
        text.push_str(&say(lang, reason_caption(*reason), &[]));
    }
    text
}

fn picture(t: &Snapshot<'_>, viewer: Viewer, lang: Lang, images: bool) -> Option<Image> {
    narrate::picture(t, viewer, lang, images)
}

fn name_of<'a>(t: &Snapshot<'a>, player: Player) -> &'a str {
    narrate::name_of(t, player.index())
}

pub(crate) fn dir_word(w: &Wording, lang: Lang, dir: Dir) -> String {
    let id = match dir {
        Dir::U => ids::DIR_U,
        Dir::D => ids::DIR_D,
        Dir::L => ids::DIR_L,
        Dir::R => ids::DIR_R,
    };
    w.text(lang, id, &[])
}

/// Why a game ended, as the end picture's caption says it.
pub(crate) fn reason_caption(reason: Reason) -> Id {
    match reason {
        Reason::CrossedFence => ids::CAP_DF_CROSSED_FENCE,
        Reason::EndedOnOpponent => ids::CAP_DF_ENDED_ON_OPPONENT,
        Reason::DuplicateFence => ids::CAP_DF_DUPLICATE_FENCE,
        Reason::BorderFence => ids::CAP_DF_BORDER_FENCE,
        Reason::Separated => ids::CAP_DF_SEPARATED,
        Reason::ChallengeUpheld => ids::CAP_DF_CHALLENGE_UPHELD,
        Reason::ChallengeRejected => ids::CAP_DF_CHALLENGE_REJECTED,
        Reason::ClaimUpheld => ids::CAP_DF_CLAIM_UPHELD,
        Reason::ClaimRejected => ids::CAP_DF_CLAIM_REJECTED,
        Reason::PlyCap => ids::CAP_DF_PLY_CAP,
    }
}

/// A relative report as words, e.g. "down-right, leaning right, distance 4" or "at E3".
fn rel_text(w: &Wording, lang: Lang, report: &Report) -> String {
    if let Some(cell) = report.cell {
        return w.text(lang, ids::REL_EXACT, &[("cell", cell.to_string().into())]);
    }
    let dir = match report.dir {
        Rel8::Up => ids::REL_UP,
        Rel8::Down => ids::REL_DOWN,
        Rel8::Left => ids::REL_LEFT,
        Rel8::Right => ids::REL_RIGHT,
        Rel8::UpLeft => ids::REL_UP_LEFT,
        Rel8::UpRight => ids::REL_UP_RIGHT,
        Rel8::DownLeft => ids::REL_DOWN_LEFT,
        Rel8::DownRight => ids::REL_DOWN_RIGHT,
        Rel8::Same => ids::REL_SAME,
    };
    let mut text = w.text(lang, dir, &[]);
    if let Some(lean) = report.lean {
        let id = match lean {
            Lean::Up => ids::LEAN_UP,
            Lean::Down => ids::LEAN_DOWN,
            Lean::Left => ids::LEAN_LEFT,
            Lean::Right => ids::LEAN_RIGHT,
        };
        text.push_str(&w.text(lang, id, &[]));
    }
    if let Some(d) = report.distance {
        text.push_str(&w.text(lang, ids::REL_DISTANCE, &[("n", d.into())]));
    }
    text
}

/// The buttons of an open challenge window: challenge, pass, and claim where partitions are
/// claimed (payloads at this turn, so a press after the window closed is stale).
fn window_buttons(w: &Wording, lang: Lang, t: &Snapshot<'_>) -> Vec<Button> {
    let (id, turn) = (t.id, t.actions);
    let mut buttons = vec![
        Button {
            label: w.text(lang, ids::BTN_CHALLENGE, &[]),
            payload: Payload::new(id, turn, Choice::Window(WindowChoice::Challenge)),
        },
        Button {
            label: w.text(lang, ids::BTN_PASS, &[]),
            payload: Payload::new(id, turn, Choice::Window(WindowChoice::Pass)),
        },
    ];
    if options(t.game).partition_handling == dark_fence::PartitionHandling::Claim {
        buttons.push(Button {
            label: w.text(lang, ids::BTN_CLAIM, &[]),
            payload: Payload::new(id, turn, Choice::Window(WindowChoice::Claim)),
        });
    }
    buttons
}

/// An example move `player` could send now, from their own cell, as far as they know: one
/// step onto a neighbouring cell, with a fence on an inner side of it that is not the side just
/// crossed and not one of their own fences (e.g. `D4-D3 L`). Read from their own view alone:
/// it says nothing of what they cannot see. Fence directions are written as players type them
/// in `lang` (`R`, or `右`).
fn example_move(
    w: &Wording,
    view: &dark_fence::View,
    player: Player,
    lang: Lang,
) -> Option<String> {
    let dims = view.options.board;
    let me = view.positions.get(player.index()).copied().flatten()?;
    let own: Vec<dark_fence::Edge> = view.own_records.iter().map(|r| r.edge).collect();
    let order = [Dir::D, Dir::U, Dir::R, Dir::L];
    for step in order {
        let Some(next) = dims.step(me, step) else { continue };
        let crossed = dims.edge(me, step);
        // Never an example that walks through one of the player's own fences.
        if own.contains(&crossed) {
            continue;
        }
        for side in [Dir::R, Dir::L, Dir::D, Dir::U] {
            let edge = dims.edge(next, side);
            if dims.is_border(edge) || edge == crossed || own.contains(&edge) {
                continue;
            }
            // As players type it: the letter, or the Chinese word the parser also reads.
            let dir =
                if lang.is_chinese() { dir_word(w, lang, side) } else { side.letter().to_string() };
            return Some(format!("{me}-{next} {dir}"));
        }
    }
    None
}

pub(crate) fn path_text(path: &[dark_fence::Cell]) -> String {
    path.iter().map(ToString::to_string).collect::<Vec<_>>().join("-")
}

fn private(t: &Snapshot<'_>, player: Player) -> Option<Dest> {
    narrate::private(t, player.index())
}

fn owner_name(w: &Wording, lang: Lang, t: &Snapshot<'_>, owner: Option<Player>) -> String {
    owner.map_or_else(|| w.text(lang, ids::DF_OWNER_POSITION, &[]), |p| name_of(t, p).to_string())
}

fn violation_text(
    w: &Wording,
    lang: Lang,
    t: &Snapshot<'_>,
    mover: Player,
    v: &Violation,
) -> String {
    let mover = name_of(t, mover);
    match v {
        Violation::CrossedFence { edge, owner, placed_ply, .. } => w.text(
            lang,
            ids::DF_V_CROSSED_FENCE,
            &[
                ("mover", mover.into()),
                ("edge", edge.to_string().into()),
                ("owner", owner_name(w, lang, t, *owner).into()),
                ("k", (*placed_ply).into()),
            ],
        ),
        Violation::EndedOnOpponent { cell } => w.text(
            lang,
            ids::DF_V_ENDED_ON_OPPONENT,
            &[("mover", mover.into()), ("cell", cell.to_string().into())],
        ),
        Violation::DuplicateFence { edge, owner, placed_ply } => w.text(
            lang,
            ids::DF_V_DUPLICATE_FENCE,
            &[
                ("mover", mover.into()),
                ("edge", edge.to_string().into()),
                ("owner", owner_name(w, lang, t, *owner).into()),
                ("k", (*placed_ply).into()),
            ],
        ),
        Violation::BorderFence { edge } => w.text(
            lang,
            ids::DF_V_BORDER_FENCE,
            &[("mover", mover.into()), ("edge", edge.to_string().into())],
        ),
    }
}

fn areas_text(
    w: &Wording,
    lang: Lang,
    t: &Snapshot<'_>,
    areas: [u16; 2],
    residual: Option<[u16; 2]>,
) -> String {
    let mut text = w.text(
        lang,
        ids::DF_SEPARATED,
        &[
            ("p1", name_of(t, Player::P1).into()),
            ("a1", areas[0].into()),
            ("p2", name_of(t, Player::P2).into()),
            ("a2", areas[1].into()),
        ],
    );
    if let Some(r) = residual {
        text.push_str(&w.text(lang, ids::DF_RESIDUAL, &[("r1", r[0].into()), ("r2", r[1].into())]));
    }
    text
}

fn detail_text(w: &Wording, lang: Lang, t: &Snapshot<'_>, detail: &EndDetail) -> String {
    match detail {
        EndDetail::Violation { found } => violation_text(w, lang, t, found.by, &found.violation),
        EndDetail::Separated { areas, residual } => areas_text(w, lang, t, *areas, *residual),
        EndDetail::Challenge { by, against, first, all } => match first {
            Some(found) => w.text(
                lang,
                ids::DF_CHALLENGE_UPHELD,
                &[
                    ("by", name_of(t, *by).into()),
                    ("against", name_of(t, *against).into()),
                    ("ply", found.ply.into()),
                    ("violation", violation_text(w, lang, t, found.by, &found.violation).into()),
                    ("count", all.len().into()),
                ],
            ),
            None => w.text(
                lang,
                ids::DF_CHALLENGE_REJECTED,
                &[("by", name_of(t, *by).into()), ("against", name_of(t, *against).into())],
            ),
        },
        EndDetail::Claim { by, separated, areas, residual } => {
            if *separated {
                let areas = areas.map(|a| areas_text(w, lang, t, a, *residual)).unwrap_or_default();
                w.text(
                    lang,
                    ids::DF_CLAIM_UPHELD,
                    &[("by", name_of(t, *by).into()), ("areas", areas.into())],
                )
            } else {
                w.text(lang, ids::DF_CLAIM_REJECTED, &[("by", name_of(t, *by).into())])
            }
        }
        EndDetail::PlyCap { decided_by } => {
            let then = decided_by.as_deref().map_or_else(
                || w.text(lang, ids::DF_CAP_DRAW, &[]),
                |d| detail_text(w, lang, t, d),
            );
            w.text(lang, ids::DF_PLY_CAP, &[("then", then.into())])
        }
    }
}

fn reveal_text(w: &Wording, lang: Lang, t: &Snapshot<'_>, reveal: &Reveal) -> String {
    let fences: Vec<String> = reveal
        .fences
        .iter()
        .map(|f| {
            w.text(
                lang,
                ids::DF_REVEAL_FENCE,
                &[
                    ("edge", f.edge.to_string().into()),
                    ("owner", owner_name(w, lang, t, f.by).into()),
                    ("ply", f.ply.into()),
                ],
            )
        })
        .collect();
    let moves: Vec<String> = reveal
        .records
        .iter()
        .map(|r| format!("{}. {} {} {}", r.ply, name_of(t, r.by), path_text(&r.path), r.dir))
        .collect();
    let cell = |c: Option<dark_fence::Cell>| c.map_or_else(|| "?".to_string(), |c| c.to_string());
    let none = w.text(lang, ids::DF_NONE, &[]);
    let mut text = w.text(
        lang,
        ids::DF_REVEAL,
        &[
            ("fences", if fences.is_empty() { none.clone() } else { fences.join(", ") }.into()),
            ("moves", if moves.is_empty() { none } else { moves.join("; ") }.into()),
            ("p1", name_of(t, Player::P1).into()),
            ("c1", cell(reveal.positions[0]).into()),
            ("p2", name_of(t, Player::P2).into()),
            ("c2", cell(reveal.positions[1]).into()),
        ],
    );
    if !reveal.salts.is_empty() {
        let salts: Vec<String> =
            reveal.salts.iter().enumerate().map(|(i, s)| format!("{}:{s}", i + 1)).collect();
        text.push('\n');
        text.push_str(&w.text(lang, ids::DF_SALTS, &[("salts", salts.join(" ").into())]));
    }
    text
}

fn seat_lang(langs: &[Lang], player: Player) -> Lang {
    narrate::seat_lang(langs, player.index())
}

/// How much of the notebook a turn prompt repeats: the last plies and the newest own fences.
/// The prompt stays short however long the game (a few hundred characters, where the whole
/// notebook reached 3,900 at ply 62 on 8x8); the board image shows every fence, and `/view`
/// the whole notebook.
const PROMPT_RECENT: usize = 8;

/// A seat's notebook in text: its cell(s), its fences, and the plies, all of them or (with
/// `recent`) the last `recent` plies and the newest `2 × recent` fences, with a line saying how
/// to see the rest.
fn seat_view_text(
    w: &Wording,
    lang: Lang,
    t: &Snapshot<'_>,
    view: &View,
    recent: Option<usize>,
) -> String {
    let mut lines = Vec::new();
    let Some(me) = view.viewer else { return String::new() };
    if view.is_challenge() {
        let cell =
            |p: Player| view.positions[p.index()].map_or_else(|| "?".into(), |c| c.to_string());
        lines.push(w.text(
            lang,
            ids::DF_VIEW_CELLS,
            &[
                ("p1", name_of(t, Player::P1).into()),
                ("c1", cell(Player::P1).into()),
                ("p2", name_of(t, Player::P2).into()),
                ("c2", cell(Player::P2).into()),
            ],
        ));
    } else {
        let cell = view.positions[me.index()].map_or_else(|| "?".into(), |c| c.to_string());
        lines.push(w.text(lang, ids::DF_VIEW_CELL, &[("cell", cell.into())]));
    }
    let mut fences: Vec<String> =
        view.own_records.iter().map(|r| format!("{} ({})", r.edge, r.ply)).collect();
    if let Some(n) = recent
        && fences.len() > 2 * n
    {
        fences.drain(..fences.len() - 2 * n);
        fences.insert(0, "…".to_string());
    }
    lines.push(
        w.text(
            lang,
            ids::DF_VIEW_FENCES,
            &[(
                "list",
                if fences.is_empty() { w.text(lang, ids::DF_NONE, &[]) } else { fences.join(", ") }
                    .into(),
            )],
        ),
    );
    if let Some(report) = &view.setup_report {
        lines.push(w.text(
            lang,
            ids::DF_VIEW_SETUP_REPORT,
            &[("rel", rel_text(w, lang, report).into())],
        ));
    }
    let shown = match recent {
        Some(n) if view.plies.len() > n => {
            let earlier = view.plies.len() - n;
            lines.push(w.text(lang, ids::DF_VIEW_EARLIER, &[("count", earlier.into())]));
            &view.plies[earlier..]
        }
        _ => &view.plies[..],
    };
    for ply in shown {
        lines.push(ply_line(w, lang, t, view, ply));
    }
    lines.join("\n")
}

fn ply_line(
    w: &Wording,
    lang: Lang,
    t: &Snapshot<'_>,
    view: &View,
    ply: &dark_fence::PublicPly,
) -> String {
    let mover = name_of(t, ply.mover);
    match (ply.fence_dir, ply.reports, ply.cell) {
        (Some(dir), Some(reports), _) => match view.viewer {
            Some(me) => w.text(
                lang,
                ids::DF_VIEW_PLY_SEAT,
                &[
                    ("ply", ply.ply.into()),
                    ("mover", mover.into()),
                    ("dir", dir_word(w, lang, dir).into()),
                    ("rel", rel_text(w, lang, &reports[me.index()]).into()),
                ],
            ),
            None => w.text(
                lang,
                ids::DF_VIEW_PLY_PUBLIC,
                &[
                    ("ply", ply.ply.into()),
                    ("mover", mover.into()),
                    ("dir", dir_word(w, lang, dir).into()),
                    ("rel12", rel_text(w, lang, &reports[0]).into()),
                    ("rel21", rel_text(w, lang, &reports[1]).into()),
                ],
            ),
        },
        (_, _, Some(cell)) => {
            let own = view.own_records.iter().find(|r| r.ply == ply.ply);
            let record =
                own.map(|r| format!(" [{} {}]", path_text(&r.path), r.dir)).unwrap_or_default();
            w.text(
                lang,
                ids::DF_VIEW_PLY_STOP,
                &[
                    ("ply", ply.ply.into()),
                    ("mover", mover.into()),
                    ("cell", cell.to_string().into()),
                    ("record", record.into()),
                ],
            )
        }
        _ => String::new(),
    }
}

/// A view (public or one seat's) as a message to `to`.
pub(crate) fn view_message(
    w: &Wording,
    lang: Lang,
    t: &Snapshot<'_>,
    view: &View,
    to: Dest,
    images: bool,
) -> Outbound {
    // `assist=0`: no private view on request while the game runs (spec §3.11).
    if view.viewer.is_some() && view.options.assist == 0 && t.status == GameStatus::Active {
        return msg(t, to, w.text(lang, ids::DF_VIEW_MEMORY, &[("id", t.id.into())]));
    }
    let header_id =
        if view.viewer.is_some() { ids::DF_VIEW_HEADER_SEAT } else { ids::DF_VIEW_HEADER_PUBLIC };
    let mut text = w.text(
        lang,
        header_id,
        &[
            ("id", t.id.into()),
            ("game", game_name(w, lang, t.game.kind()).into()),
            ("ply", view.ply.into()),
        ],
    );
    if view.viewer.is_some() {
        text.push('\n');
        text.push_str(&seat_view_text(w, lang, t, view, None));
    } else {
        if view.is_challenge() {
            let cell =
                |p: Player| view.positions[p.index()].map_or_else(|| "?".into(), |c| c.to_string());
            text.push('\n');
            text.push_str(&w.text(
                lang,
                ids::DF_VIEW_CELLS,
                &[
                    ("p1", name_of(t, Player::P1).into()),
                    ("c1", cell(Player::P1).into()),
                    ("p2", name_of(t, Player::P2).into()),
                    ("c2", cell(Player::P2).into()),
                ],
            ));
        }
        for ply in &view.plies {
            text.push('\n');
            text.push_str(&ply_line(w, lang, t, view, ply));
        }
    }
    if let Some((who, prompt)) = view.to_act
        && t.status == GameStatus::Active
    {
        let id = match prompt {
            Prompt::Window => ids::DF_VIEW_TO_DECIDE,
            _ => ids::DF_VIEW_TO_ACT,
        };
        text.push('\n');
        text.push_str(&w.text(lang, id, &[("name", name_of(t, who).into())]));
    }
    if let Some(reveal) = &view.reveal {
        text.push('\n');
        text.push_str(&reveal_text(w, lang, t, reveal));
    }
    let viewer = match view.viewer {
        Some(p) => Viewer::Seat(p.seat()),
        None => Viewer::Public,
    };
    let mut m = msg(t, to, text);
    m.image = picture(t, viewer, lang, images);
    m
}

/// Dark Fence's narrator.
pub(crate) struct Voice;

impl Narrator for Voice {
    /// A path typed without a fence direction: the four directions (those that make a well-formed
    /// move) as buttons. Nothing hidden is consulted: only the parse, as for the echo.
    fn completions(
        &self,
        w: &Wording,
        lang: Lang,
        game: &AnyGame,
        seat: Seat,
        text: &str,
        error: &AnyError,
    ) -> Vec<(String, String)> {
        if !matches!(error, AnyError::DarkFence(ActionError::NoDirection)) {
            return Vec::new();
        }
        [Dir::U, Dir::D, Dir::L, Dir::R]
            .into_iter()
            .filter(|d| game.parse_action(seat, &format!("{text} {}", d.letter())).is_ok())
            .map(|d| (dir_word(w, lang, d), d.letter().to_string()))
            .collect()
    }

    /// Board, mode, changed options and clock in one sentence.
    fn rules_summary(&self, w: &Wording, lang: Lang, t: &Snapshot<'_>) -> String {
        let o = options(t.game);
        let mode = w.text(
            lang,
            if o.mode == Mode::Challenge { ids::DF_MODE_CHALLENGE } else { ids::DF_MODE_REFEREE },
            &[],
        );
        let changed = narrate::option_words(w, lang, t.game, &["board", "mode"]);
        let clock = narrate::clock_text(w, lang, t);
        w.text(
            lang,
            ids::DF_RULES_SUMMARY,
            &[
                ("board", o.board.to_string().into()),
                ("mode", mode.into()),
                ("options", if changed.is_empty() { "-".to_string() } else { changed }.into()),
                ("clock", clock.into()),
            ],
        )
    }

    /// The public start announcement.
    fn started(&self, w: &Wording, t: &Snapshot<'_>, _images: bool) -> Outbound {
        let lang = t.lang;
        let o = options(t.game);
        let starts = match o.start {
            dark_fence::Start::Fixed => w.text(
                lang,
                ids::DF_STARTS_FIXED,
                &[("c1", "A1".into()), ("c2", o.board.far_corner().to_string().into())],
            ),
            dark_fence::Start::Free => w.text(lang, ids::DF_STARTS_FREE, &[]),
        };
        let text = w.text(
            lang,
            ids::DF_STARTED,
            &[
                ("game", game_name(w, lang, t.game.kind()).into()),
                ("id", t.id.into()),
                ("p1", name_of(t, Player::P1).into()),
                ("p2", name_of(t, Player::P2).into()),
                ("rules", self.rules_summary(w, lang, t).into()),
                ("starts", starts.into()),
            ],
        );
        msg(t, public(t), text)
    }

    /// The private echo of a move waiting for confirmation, derived from the parse only (it never
    /// warns about hidden things, spec §3.4).
    fn confirmation(
        &self,
        w: &Wording,
        lang: Lang,
        t: &Snapshot<'_>,
        to: Dest,
        action: &AnyAction,
        turn: i64,
    ) -> Outbound {
        let id = t.id;
        let text = match action {
            AnyAction::DarkFence(Action::Move(m)) => {
                let mut text = w.text(
                    lang,
                    ids::DF_CONFIRM,
                    &[
                        ("id", id.into()),
                        ("path", path_text(&m.path).into()),
                        ("dir", dir_word(w, lang, m.dir).into()),
                    ],
                );
                // `assist=2`: what the player's own view shows would lose (never the opponent's).
                for warning in warnings(t.game, action) {
                    text.push('\n');
                    text.push_str(&warning_text(w, lang, warning));
                }
                text
            }
            other => w.text(
                lang,
                ids::CONFIRM_GENERIC,
                &[("id", id.into()), ("action", t.game.format_action(other).into())],
            ),
        };
        narrate::confirm_buttons(w, lang, msg(t, to, text), t, action, turn)
    }

    /// The messages for the events of one action, each to its audience (spec §3.9). For a move
    /// that does not end the game the number, order, recipients and templates never depend on
    /// hidden information.
    fn announce(
        &self,
        w: &Wording,
        t: &Snapshot<'_>,
        events: &[Noticed<AnyEvent>],
        langs: &[Lang],
        images: bool,
    ) -> Vec<Outbound> {
        let pl = t.lang;
        let id = t.id;
        let mut out = Vec::new();
        let mut last_reports: Option<[Report; 2]> = None;
        for noticed in events {
            let AnyEvent::DarkFence(event) = &noticed.event else { continue };
            match event {
                Event::Announced { ply, mover, fence_dir, reports } => {
                    last_reports = Some(*reports);
                    let mut m = msg(
                        t,
                        public(t),
                        w.text(
                            pl,
                            ids::DF_PLY_PUBLIC,
                            &[
                                ("ply", (*ply).into()),
                                ("mover", name_of(t, *mover).into()),
                                ("dir", dir_word(w, pl, *fence_dir).into()),
                                ("p1", name_of(t, Player::P1).into()),
                                ("p2", name_of(t, Player::P2).into()),
                                ("rel12", rel_text(w, pl, &reports[0]).into()),
                                ("rel21", rel_text(w, pl, &reports[1]).into()),
                            ],
                        ),
                    );
                    m.image = picture(t, Viewer::Public, pl, images);
                    out.push(m);
                    let other = mover.other();
                    if let Some(to) = private(t, other) {
                        let l = seat_lang(langs, other);
                        out.push(msg(
                            t,
                            to,
                            w.text(
                                l,
                                ids::DF_PLY_OPPONENT,
                                &[
                                    ("id", id.into()),
                                    ("mover", name_of(t, *mover).into()),
                                    ("dir", dir_word(w, l, *fence_dir).into()),
                                    ("rel", rel_text(w, l, &reports[other.index()]).into()),
                                ],
                            ),
                        ));
                    }
                }
                Event::Moved { ply, path, fence } => {
                    let Audience::Only(seat) = noticed.audience else { continue };
                    let Some(mover) = Player::from_seat(seat) else { continue };
                    let Some(to) = private(t, mover) else { continue };
                    let l = seat_lang(langs, mover);
                    let rel =
                        last_reports.map(|r| rel_text(w, l, &r[mover.index()])).unwrap_or_default();
                    out.push(msg(
                        t,
                        to,
                        w.text(
                            l,
                            ids::DF_PLY_MOVER,
                            &[
                                ("id", id.into()),
                                ("ply", (*ply).into()),
                                ("path", path_text(path).into()),
                                ("edge", fence.to_string().into()),
                                ("rel", rel.into()),
                            ],
                        ),
                    ));
                }
                Event::Recorded { ply } => {
                    let Audience::Only(seat) = noticed.audience else { continue };
                    let Some(p) = Player::from_seat(seat) else { continue };
                    if let Some(to) = private(t, p) {
                        let l = seat_lang(langs, p);
                        out.push(msg(
                            t,
                            to,
                            w.text(
                                l,
                                ids::DF_RECORDED,
                                &[("id", id.into()), ("ply", (*ply).into())],
                            ),
                        ));
                    }
                }
                Event::Stopped { ply, mover, cell, commitment } => {
                    let mut text = w.text(
                        pl,
                        ids::DF_STOPPED,
                        &[
                            ("ply", (*ply).into()),
                            ("name", name_of(t, *mover).into()),
                            ("cell", cell.to_string().into()),
                        ],
                    );
                    if let Some(hash) = commitment {
                        text.push('\n');
                        text.push_str(&w.text(
                            pl,
                            ids::DF_COMMITMENT,
                            &[("hash", hash.as_str().into())],
                        ));
                    }
                    let mut m = msg(t, public(t), text);
                    m.image = picture(t, Viewer::Public, pl, images);
                    out.push(m);
                }
                Event::WindowOpened { holder, target, .. } => {
                    let seconds = t.decision_seconds;
                    // A challenge against a player who has not moved yet finds no violation, so it
                    // loses at once (window 2 after ply 1): the window says so.
                    let unmoved = match t.game.view(Viewer::Public) {
                        AnyView::DarkFence(v) => !v.plies.iter().any(|p| p.mover == *target),
                        _ => false,
                    };
                    let warning = |lang: Lang| {
                        if unmoved {
                            let note = w.text(
                                lang,
                                ids::DF_WINDOW_UNMOVED,
                                &[("target", name_of(t, *target).into())],
                            );
                            format!("{}{note}", narrate::sentence_gap(lang))
                        } else {
                            String::new()
                        }
                    };
                    let mut text = w.text(
                        pl,
                        ids::DF_WINDOW,
                        &[
                            ("holder", name_of(t, *holder).into()),
                            ("target", name_of(t, *target).into()),
                            ("time", narrate::human_duration(seconds, pl).into()),
                        ],
                    );
                    text.push_str(&warning(pl));
                    let mut m = msg(t, public(t), text);
                    m.buttons = window_buttons(w, pl, t);
                    out.push(m);
                    // In a correspondence game the holder may be away for hours: the decision is
                    // asked of them privately too, with the same buttons, in their language.
                    if t.time.pace == Pace::Correspondence
                        && let Some(to) = private(t, *holder)
                    {
                        let hl = narrate::seat_lang(langs, holder.index());
                        let mut text = w.text(
                            hl,
                            ids::DF_WINDOW_PRIVATE,
                            &[
                                ("id", id.into()),
                                ("target", name_of(t, *target).into()),
                                ("time", narrate::human_duration(seconds, hl).into()),
                            ],
                        );
                        text.push_str(&warning(hl));
                        let mut p = msg(t, to, text);
                        p.buttons = window_buttons(w, hl, t);
                        out.push(p);
                    }
                }
                Event::Passed { by, .. } => {
                    out.push(msg(
                        t,
                        public(t),
                        w.text(pl, ids::DF_PASSED, &[("name", name_of(t, *by).into())]),
                    ));
                }
                Event::Challenged { by, against } => out.push(msg(
                    t,
                    public(t),
                    w.text(
                        pl,
                        ids::DF_CHALLENGED,
                        &[("by", name_of(t, *by).into()), ("against", name_of(t, *against).into())],
                    ),
                )),
                Event::Claimed { by } => {
                    out.push(msg(
                        t,
                        public(t),
                        w.text(pl, ids::DF_CLAIMED, &[("by", name_of(t, *by).into())]),
                    ));
                }
                Event::StartChosen { player, cell } => {
                    let to_public = noticed.audience == Audience::Everyone;
                    if to_public {
                        out.push(msg(
                            t,
                            public(t),
                            w.text(
                                pl,
                                ids::DF_START_PUBLIC,
                                &[
                                    ("name", name_of(t, *player).into()),
                                    ("cell", cell.to_string().into()),
                                ],
                            ),
                        ));
                    } else if let Some(to) = private(t, *player) {
                        let l = seat_lang(langs, *player);
                        out.push(msg(
                            t,
                            to,
                            w.text(
                                l,
                                ids::DF_START_CHOSEN,
                                &[("id", id.into()), ("cell", cell.to_string().into())],
                            ),
                        ));
                    }
                }
                // Told to P2 as part of P2's setup prompt (see `turn_prompts`).
                Event::OpponentStart { .. } => {}
                Event::InPlace { first } => {
                    out.push(msg(
                        t,
                        public(t),
                        w.text(pl, ids::DF_IN_PLACE, &[("name", name_of(t, *first).into())]),
                    ));
                }
                Event::Report { to: p, report } => {
                    if let Some(to) = private(t, *p) {
                        let l = seat_lang(langs, *p);
                        out.push(msg(
                            t,
                            to,
                            w.text(
                                l,
                                ids::DF_REPORT,
                                &[("id", id.into()), ("rel", rel_text(w, l, report).into())],
                            ),
                        ));
                    }
                }
                Event::GameOver { decision, detail, reveal, .. } => {
                    // The result is emphasised, as every game's end is (`narrate::headline`).
                    let headline = crate::table::reply::emphasis(&match decision {
                        Decision::Winner(p) => w.text(
                            pl,
                            ids::OVER_WIN,
                            &[("id", id.into()), ("winner", name_of(t, *p).into())],
                        ),
                        Decision::Draw => w.text(pl, ids::OVER_DRAW, &[("id", id.into())]),
                    });
                    let text = format!(
                        "{headline}\n{}\n{}",
                        detail_text(w, pl, t, detail),
                        reveal_text(w, pl, t, reveal)
                    );
                    let mut m = msg(t, public(t), text);
                    m.image = picture(t, Viewer::Public, pl, images);
                    out.push(m);
                }
            }
        }
        out
    }

    /// The full reveal after a game the table ended (resign, timeout, agreement), once a ply was
    /// played.
    fn reveal(&self, w: &Wording, lang: Lang, t: &Snapshot<'_>) -> Option<String> {
        let AnyView::DarkFence(view) = t.game.view(Viewer::Referee) else { return None };
        let reveal = view.reveal.as_ref()?;
        (t.actions > 0).then(|| reveal_text(w, lang, t, reveal))
    }

    /// Everything is revealed at the end, however it came.
    fn final_viewer(&self) -> Viewer {
        Viewer::Referee
    }

    /// The prompts when `seat` must act: the public "X to move" and the private prompt with the
    /// player's own view (spec §3.9.1 "turn begins"). Window decisions are prompted by the window
    /// message itself.
    fn turn_prompts(
        &self,
        w: &Wording,
        t: &Snapshot<'_>,
        seat: Seat,
        prompt: Prompt,
        lang: Lang,
        images: bool,
    ) -> Vec<Outbound> {
        let Some(player) = Player::from_seat(seat) else { return Vec::new() };
        let Some(to) = private(t, player) else { return Vec::new() };
        let pl = t.lang;
        let id = t.id;
        let AnyView::DarkFence(view) = t.game.view(Viewer::Seat(seat)) else { return Vec::new() };
        let mut out = Vec::new();
        match prompt {
            Prompt::Move => {
                let ply = view.ply + 1;
                out.push(msg(
                    t,
                    public(t),
                    w.text(
                        pl,
                        ids::DF_TURN_PUBLIC,
                        &[("ply", ply.into()), ("name", name_of(t, player).into())],
                    ),
                ));
                // `assist=0` is played from memory: after the player's first move the prompt
                // carries neither their view nor an example drawn from it.
                if options(t.game).assist == 0 && !view.own_records.is_empty() {
                    let args = [("id", id.into()), ("ply", ply.into())];
                    out.push(msg(t, to, w.text(lang, ids::DF_TURN_PRIVATE_MEMORY, &args)));
                    return out;
                }
                let example = example_move(w, &view, player, lang).unwrap_or_default();
                let mut text = w.text(
                    lang,
                    ids::DF_TURN_PRIVATE,
                    &[("id", id.into()), ("ply", ply.into()), ("example", example.into())],
                );
                if options(t.game).assist > 0 {
                    text.push('\n');
                    text.push_str(&seat_view_text(w, lang, t, &view, Some(PROMPT_RECENT)));
                }
                // The prompt carries the player's view, so it comes whatever `notify` says; only
                // reminders stop when notifications are off.
                let mut m = msg(t, to, text);
                if options(t.game).assist > 0 {
                    m.image = picture(t, Viewer::Seat(seat), lang, images);
                }
                out.push(m);
            }
            Prompt::Setup => {
                let text = match view.opponent_start {
                    Some(cell) => w.text(
                        lang,
                        ids::DF_SETUP_P2,
                        &[
                            ("id", id.into()),
                            ("p1", name_of(t, Player::P1).into()),
                            ("cell", cell.to_string().into()),
                        ],
                    ),
                    None => w.text(lang, ids::DF_SETUP, &[("id", id.into())]),
                };
                out.push(msg(t, to, text));
            }
            Prompt::Window => {}
        }
        out
    }

    /// A refused action, in the player's words (spec §3.4: "format error: … nothing was done").
    fn error_text(&self, w: &Wording, lang: Lang, error: &AnyError) -> String {
        match error {
            AnyError::Options(_)
            | AnyError::WrongGame
            | AnyError::Ultima(_)
            | AnyError::Perfect10(_)
            | AnyError::ChaosClock(_)
            | AnyError::Rabble(_) => narrate::common_error_text(w, lang, error),
            AnyError::DarkFence(e) => {
                let id = format!("df-err-{}", e.code());
                let args: Vec<(&str, FluentValue<'_>)> = match e {
                    ActionError::BadToken { token } | ActionError::DirectionNotLast { token } => {
                        vec![("token", token.as_str().into())]
                    }
                    ActionError::OffBoard { cell } => vec![("cell", cell.as_str().into())],
                    ActionError::NotStraight { from, to } => {
                        vec![("from", from.to_string().into()), ("to", to.to_string().into())]
                    }
                    ActionError::WrongStart { expected } => {
                        vec![("cell", expected.to_string().into())]
                    }
                    ActionError::TooManyWaypoints { max } => vec![("max", (*max).into())],
                    ActionError::StartTaken { cell } => vec![("cell", cell.to_string().into())],
                    _ => Vec::new(),
                };
                w.text_of(lang, &id, &args)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameKind;
    use crate::games::dark_fence::{Decision, Reason};

    #[test]
    fn every_image_caption_uses_only_characters_the_font_has() {
        let options = crate::games::AnyOptions::default_for(GameKind::DarkFence);
        let game = AnyGame::new(&options, crate::core::Seed(1)).unwrap();
        let AnyView::DarkFence(mut view) = game.view(Viewer::Seat(Seat(0))) else {
            panic!("a Dark Fence game has a Dark Fence view")
        };
        let owned = narrate::Owned { id: crate::store::GameId(12), ..narrate::Owned::new(game) };
        let t = owned.snapshot();
        for lang in Lang::ALL {
            let reasons = [
                Reason::CrossedFence,
                Reason::EndedOnOpponent,
                Reason::DuplicateFence,
                Reason::BorderFence,
                Reason::Separated,
                Reason::ChallengeUpheld,
                Reason::ChallengeRejected,
                Reason::ClaimUpheld,
                Reason::ClaimRejected,
                Reason::PlyCap,
            ];
            let ends = reasons.iter().map(|r| Some((Decision::Winner(Player::P2), *r)));
            for result in
                std::iter::once(None).chain(ends).chain([Some((Decision::Draw, Reason::Separated))])
            {
                view.result = result;
                let text = caption(&t, &view, lang);
                assert!(
                    text.chars().all(|c| c == ' ' || c == '\n' || crate::render::can_draw(c)),
                    "{lang}: `{text}` has a character the font lacks"
                );
                assert!(!text.contains("cap-"), "{lang}: `{text}` has an unworded label");
                // The reason of the end is on the image, in the reader's language.
                assert_eq!(text.lines().count(), if result.is_some() { 2 } else { 1 }, "{text}");
            }
        }
    }
}
