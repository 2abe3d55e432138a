//! Dark Fence at the table: its events, views and refusals as messages (spec §3.9). Every text
//! goes through the Fluent bundles; every message is rendered from one audience's events or
//! view, never from the full state (spec §2.5 rule 1).
//! The referee reaches these through [`Voice`], the game's [`Narrator`].

use fluent_bundle::FluentValue;

use super::fence_challenge::{ply_closed, window_message};
use super::fence_words::{
    detail_text, dir_word, fence_text, name_of, options, own_fences_text, path_text, picture,
    private, rel_text, reveal_text, seat_lang, typed_dir,
};
use super::narrate::{self, Narrator, Snapshot, game_name, msg, public};
use super::wording::{Id, List, Wording, ids, list, say};
use crate::core::{Audience, ErrorCode, Noticed, Prompt, Seat, Viewer};
use crate::games::dark_fence::knowledge::Knowledge;
use crate::games::dark_fence::{
    self, Action, ActionError, Decision, Dir, Event, Mode, Player, Reason, View,
};
use crate::games::{AnyAction, AnyError, AnyEvent, AnyGame, AnyView};
use crate::store::{GameId, GameStatus};
use crate::table::reply::{Dest, Lang, Outbound};
use crate::table::rules::dark_fence::warnings;

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

/// An example move the viewer of `view` could send now that their own knowledge allows
/// ([`Knowledge`]: their cell, where the reports put the opponent, the fences they know of,
/// the border): a shortest route across no fence they know of, to the nearest cell where a
/// fence can go on a side that is neither the side just crossed, nor the border, nor a fence
/// they know of. Preferably onto a cell the opponent cannot be on, with a fence that does not
/// shut them off from the opponent by the fences they know of (which could give them the
/// smaller area); never onto a cell the opponent is known to be on (e.g. `D4-D3 L`). Read from
/// their own view alone: it uses nothing they cannot see. Fence directions are written as
/// players type them in `lang` (`R`, or `右`).
fn example_move(w: &Wording, view: &View, lang: Lang) -> Option<String> {
    let known = Knowledge::of(view)?;
    let dims = known.dims;
    let most = usize::from(view.options.max_waypoints);
    let routes: Vec<_> = known.routes().into_iter().filter(|r| r.path.len() <= most).collect();
    let opponent = |c| known.opponent.contains(&c);
    let certain = |c| known.opponent_cell() == Some(c);
    // The cells and fences each pass allows, the most careful first.
    type Allow<'a> = &'a dyn Fn(dark_fence::Cell, dark_fence::Edge) -> bool;
    let passes: [Allow<'_>; 3] = [
        &|end, fence| !opponent(end) && known.may_reach_opponent(end, fence),
        &|end, _| !opponent(end),
        &|end, _| !certain(end),
    ];
    for allowed in passes {
        for route in &routes {
            let end = route.end();
            for side in [Dir::R, Dir::L, Dir::D, Dir::U] {
                let fence = dims.edge(end, side);
                if fence == route.last || known.is_fenced(fence) || !allowed(end, fence) {
                    continue;
                }
                let cells: Vec<String> = route.path.iter().map(ToString::to_string).collect();
                return Some(format!("{} {}", cells.join("-"), typed_dir(w, lang, side)));
            }
        }
    }
    None
}

/// The first line of a seat's move prompt: whose move, and an example drawn from their view.
/// Where their knowledge allows no example (every route they know of ends where no fence can
/// go), it says so rather than "e.g. .".
fn move_prompt(w: &Wording, view: &View, lang: Lang, id: GameId) -> String {
    let ply = view.ply + 1;
    match example_move(w, view, lang) {
        Some(example) => w.text(
            lang,
            ids::DF_TURN_PRIVATE,
            &[("id", id.into()), ("ply", ply.into()), ("example", example.into())],
        ),
        None => w.text(lang, ids::DF_TURN_PRIVATE_BARE, &[("id", id.into()), ("ply", ply.into())]),
    }
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
    // Each as its mover wrote it, with the ply that placed it in words (issue 42: "B2:D (1)"
    // left both the edge's name and the number to guess).
    let mut fences = own_fences_text(w, lang, &view.own_records);
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
                if fences.is_empty() {
                    w.text(lang, ids::DF_NONE, &[])
                } else {
                    list(lang, List::Items, &fences)
                }
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
                        ("fence", fence_text(w, lang, m.final_cell(), m.dir).into()),
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
        let mut last_reports: Option<[dark_fence::Report; 2]> = None;
        let challenge = options(t.game).mode == Mode::Challenge;
        // The challenge variant's ply closes with this action (its last pass, a challenge or a
        // claim, or an end); what was decided in it, and the end.
        let mut closes = false;
        let mut decided: Vec<String> = Vec::new();
        let mut over: Option<(String, String)> = None;
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
                    // The fence as the mover wrote it: the cell the path ended on and the side
                    // whose edge is `fence` (its canonical name may start from the other cell).
                    let end = path.last().copied();
                    let dims = options(t.game).board;
                    let side = end.and_then(|c| {
                        Dir::ALL.into_iter().find(|&d| dims.edge(c, d) == fence.canonical(dims))
                    });
                    let fence = match (end, side) {
                        (Some(cell), Some(side)) => fence_text(w, l, cell, side),
                        _ => fence.to_string(),
                    };
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
                                ("fence", fence.into()),
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
                // The challenge variant says one message per ply in the group (issue 42): the
                // stop, the window decisions and what follows are said together once the ply
                // closes (below); meanwhile the windows go to their holders privately.
                Event::Stopped { .. } => {}
                Event::WindowOpened { number, holder, target } => {
                    if let Some(to) = private(t, *holder) {
                        let hl = seat_lang(langs, *holder);
                        out.push(window_message(w, t, hl, to, *number, *target));
                    }
                }
                Event::Passed { by, number } => {
                    closes |= *number == 2;
                    if let Some(to) = private(t, *by) {
                        let l = seat_lang(langs, *by);
                        let args = [("id", id.into()), ("target", name_of(t, by.other()).into())];
                        out.push(msg(t, to, w.text(l, ids::DF_PASSED_PRIVATE, &args)));
                    }
                }
                Event::Challenged { by, against } => {
                    closes = true;
                    decided.push(w.text(
                        pl,
                        ids::DF_CHALLENGED,
                        &[("by", name_of(t, *by).into()), ("against", name_of(t, *against).into())],
                    ));
                }
                Event::Claimed { by } => {
                    closes = true;
                    decided.push(w.text(pl, ids::DF_CLAIMED, &[("by", name_of(t, *by).into())]));
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
                    let why = format!(
                        "{}\n{}",
                        detail_text(w, pl, t, detail),
                        reveal_text(w, pl, t, reveal)
                    );
                    if challenge {
                        closes = true;
                        over = Some((headline, why));
                    } else {
                        let mut m = msg(t, public(t), format!("{headline}\n{why}"));
                        m.image = picture(t, Viewer::Public, pl, images);
                        out.push(m);
                    }
                }
            }
        }
        if challenge && closes {
            let mut m = msg(t, public(t), ply_closed(w, t, &decided, over));
            m.image = picture(t, Viewer::Public, pl, images);
            out.push(m);
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
                // The challenge variant says whose move it is in the ply's one group message
                // (`fence_challenge::ply_closed`), or, for the first, in the start's.
                if !view.is_challenge() {
                    out.push(msg(
                        t,
                        public(t),
                        w.text(
                            pl,
                            ids::DF_TURN_PUBLIC,
                            &[("ply", ply.into()), ("name", name_of(t, player).into())],
                        ),
                    ));
                }
                // `assist=0` is played from memory: after the player's first move the prompt
                // carries neither their view nor an example drawn from it.
                if options(t.game).assist == 0 && !view.own_records.is_empty() {
                    let args = [("id", id.into()), ("ply", ply.into())];
                    out.push(msg(t, to, w.text(lang, ids::DF_TURN_PRIVATE_MEMORY, &args)));
                    return out;
                }
                let mut text = move_prompt(w, &view, lang, id);
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

    /// The seat that does not move first gets its own view privately at the start, as the
    /// first mover gets it with its prompt (spec §3.9.1 "start: DM(each) … the seat's view"):
    /// its cell (both cells in the challenge variant), its fences and its picture, with `assist`
    /// deciding the view and the picture as it does for the prompt. Nothing during a free
    /// start's setup, where the seat has no cell yet: its setup prompt comes in its turn.
    fn opening(
        &self,
        w: &Wording,
        t: &Snapshot<'_>,
        seat: Seat,
        lang: Lang,
        images: bool,
    ) -> Vec<Outbound> {
        let Some(player) = Player::from_seat(seat) else { return Vec::new() };
        let Some(to) = private(t, player) else { return Vec::new() };
        let AnyView::DarkFence(view) = t.game.view(Viewer::Seat(seat)) else { return Vec::new() };
        let Some((first, Prompt::Move)) = view.to_act else { return Vec::new() };
        if first == player {
            return Vec::new();
        }
        let mut text = w.text(
            lang,
            ids::DF_OPENING,
            &[("id", t.id.into()), ("first", name_of(t, first).into())],
        );
        let assist = options(t.game).assist > 0;
        if assist {
            text.push('\n');
            text.push_str(&seat_view_text(w, lang, t, &view, Some(PROMPT_RECENT)));
        }
        let mut m = msg(t, to, text);
        if assist {
            m.image = picture(t, Viewer::Seat(seat), lang, images);
        }
        vec![m]
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

    /// Plays a pseudo-random action of `seat` (xorshift on `rng`) that keeps the game going;
    /// false when there is none.
    fn play_on(game: &mut AnyGame, seat: Seat, rng: &mut u64) -> bool {
        let going: Vec<AnyAction> = game
            .legal_actions(seat)
            .into_iter()
            .filter(|a| {
                let mut probe = game.clone();
                probe.play(seat, a).is_ok() && probe.to_act().outcome().is_none()
            })
            .collect();
        if going.is_empty() {
            return false;
        }
        *rng ^= *rng << 13;
        *rng ^= *rng >> 7;
        *rng ^= *rng << 17;
        let pick = usize::try_from(*rng % going.len() as u64).unwrap();
        game.play(seat, &going[pick]).unwrap();
        true
    }

    /// Issue 42, item 4: with exact reports a player knows the opponent's cell and every fence,
    /// so the example of each prompt, from that player's view alone, must lose nothing when it
    /// is played on the real game: no crossing, no stop on the opponent, no fence where one
    /// stands. Random games (the fixed seeds below), every prompt, every language's example.
    #[test]
    fn with_exact_reports_every_prompts_example_loses_nothing_in_the_real_game() {
        use crate::core::{Seed, ToAct};
        let w = super::super::wording::wording();
        let mut checked = 0;
        for seed in 0..30u64 {
            for options in ["report=exact", "report=exact,board=5x3,start=free"] {
                let options =
                    crate::games::AnyOptions::parse(GameKind::DarkFence, options).unwrap();
                let mut game = AnyGame::new(&options, Seed(seed)).unwrap();
                let mut rng = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
                for _ in 0..60 {
                    let ToAct::Seat(seat, prompt) = game.to_act() else { break };
                    if prompt == Prompt::Move {
                        let AnyView::DarkFence(view) = game.view(Viewer::Seat(seat)) else {
                            panic!("a Dark Fence view")
                        };
                        for lang in Lang::ALL {
                            let Some(example) = example_move(w, &view, lang) else { continue };
                            let action = game.parse_action(seat, &example).unwrap_or_else(|e| {
                                panic!("seed {seed}: `{example}` does not parse: {e:?}")
                            });
                            let mut probe = game.clone();
                            probe.play(seat, &action).unwrap();
                            let lost = probe.to_act().outcome().map(|o| o.reason);
                            assert!(
                                matches!(lost, None | Some("separated")),
                                "seed {seed}, {}: `{example}` loses: {lost:?}",
                                game.position()
                            );
                            checked += 1;
                        }
                    }
                    // On with a pseudo-random action that keeps the game going.
                    if !play_on(&mut game, seat, &mut rng) {
                        break;
                    }
                }
            }
        }
        assert!(checked > 1_000, "{checked} examples checked");
    }

    /// A move prompt never ends in an empty example ("e.g. ."): where a seat's knowledge allows
    /// none, it says so. Random games until such a prompt has been seen (so the test can fail).
    #[test]
    fn a_move_prompt_without_an_example_says_so_instead_of_an_empty_one() {
        use crate::core::{Seed, ToAct};
        let w = super::super::wording::wording();
        let (mut bare, mut with) = (0, 0);
        for seed in 0..400u64 {
            let options =
                crate::games::AnyOptions::parse(GameKind::DarkFence, "board=4x4").unwrap();
            let mut game = AnyGame::new(&options, Seed(seed)).unwrap();
            let mut rng = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
            for _ in 0..40 {
                let ToAct::Seat(seat, prompt) = game.to_act() else { break };
                if prompt == Prompt::Move {
                    let AnyView::DarkFence(view) = game.view(Viewer::Seat(seat)) else {
                        panic!("a Dark Fence view")
                    };
                    for lang in Lang::ALL {
                        let text = move_prompt(w, &view, lang, GameId(1));
                        assert!(!text.contains("e.g. .") && !text.contains("例如 。"), "{text}");
                        if example_move(w, &view, lang).is_none() {
                            assert!(
                                text == w.text(
                                    lang,
                                    ids::DF_TURN_PRIVATE_BARE,
                                    &[("id", 1.into()), ("ply", (view.ply + 1).into())]
                                ),
                                "{text}"
                            );
                            bare += 1;
                        } else {
                            with += 1;
                        }
                    }
                }
                if !play_on(&mut game, seat, &mut rng) {
                    break;
                }
            }
            if bare > 0 && with > 100 {
                break;
            }
        }
        assert!(bare > 0 && with > 100, "prompts without an example: {bare}, with: {with}");
    }

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
