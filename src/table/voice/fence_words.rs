//! Dark Fence's words that its narrator (`dark_fence.rs`), its views and its puzzle
//! (`fence_puzzle.rs`) share: names, directions as read and as typed, a fence as its mover wrote
//! it, relative reports, violations, the end in detail and the full reveal. A leaf of the voice:
//! it reads the engine's types and `narrate.rs`, never a narrator.

use super::narrate::{self, Snapshot};
use super::wording::{Wording, ids};
use crate::core::Viewer;
use crate::games::AnyGame;
use crate::games::dark_fence::{
    self, Dir, EndDetail, Lean, Player, Rel8, Report, Reveal, Violation,
};
use crate::table::payload::{Choice, Payload, WindowChoice};
use crate::table::reply::{Button, Dest, Image, Lang};

/// The Dark Fence options of `game` (the defaults for another game, which never reaches here:
/// `games.rs` dispatches by game).
pub(super) fn options(game: &AnyGame) -> &dark_fence::Options {
    static DEFAULT: std::sync::LazyLock<dark_fence::Options> =
        std::sync::LazyLock::new(dark_fence::Options::default);
    match game {
        AnyGame::DarkFence(g) => crate::games::Game::options(g),
        _ => &DEFAULT,
    }
}

/// The board picture for `viewer`, from that viewer's view only.
pub(super) fn picture(t: &Snapshot<'_>, viewer: Viewer, lang: Lang, images: bool) -> Option<Image> {
    narrate::picture(t, viewer, lang, images)
}

/// A player's name at this table.
pub(super) fn name_of<'a>(t: &Snapshot<'a>, player: Player) -> &'a str {
    narrate::name_of(t, player.index())
}

/// A direction as a word in `lang` ("right", "右").
pub(crate) fn dir_word(w: &Wording, lang: Lang, dir: Dir) -> String {
    let id = match dir {
        Dir::U => ids::DIR_U,
        Dir::D => ids::DIR_D,
        Dir::L => ids::DIR_L,
        Dir::R => ids::DIR_R,
    };
    w.text(lang, id, &[])
}

/// A relative report as words, e.g. "down-right, leaning right, distance 4" or "at E3".
pub(super) fn rel_text(w: &Wording, lang: Lang, report: &Report) -> String {
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
pub(super) fn window_buttons(w: &Wording, lang: Lang, t: &Snapshot<'_>) -> Vec<Button> {
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

/// A path as cells joined by `-` (`A1-A4-B4`).
pub(crate) fn path_text(path: &[dark_fence::Cell]) -> String {
    path.iter().map(ToString::to_string).collect::<Vec<_>>().join("-")
}

/// A player's private chat, if they have one.
pub(super) fn private(t: &Snapshot<'_>, player: Player) -> Option<Dest> {
    narrate::private(t, player.index())
}

/// Who placed a fence: a player's name, or "the position" for a fence a position gave.
pub(super) fn owner_name(
    w: &Wording,
    lang: Lang,
    t: &Snapshot<'_>,
    owner: Option<Player>,
) -> String {
    owner.map_or_else(|| w.text(lang, ids::DF_OWNER_POSITION, &[]), |p| name_of(t, p).to_string())
}

/// A violation of (a)–(c) in words, naming its mover.
pub(super) fn violation_text(
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

/// The areas of a separation (and the 绝杀 counts) in words.
pub(super) fn areas_text(
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

/// How a game ended, in detail, in words.
pub(super) fn detail_text(w: &Wording, lang: Lang, t: &Snapshot<'_>, detail: &EndDetail) -> String {
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

/// The full reveal in words: every fence, every move, the final cells (and the salts).
pub(super) fn reveal_text(w: &Wording, lang: Lang, t: &Snapshot<'_>, reveal: &Reveal) -> String {
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

/// The language of a player (`langs` as the referee looked them up).
pub(super) fn seat_lang(langs: &[Lang], player: Player) -> Lang {
    narrate::seat_lang(langs, player.index())
}

/// A fence direction as players type it in `lang`: the letter (`R`), or the Chinese word the
/// parser also reads (`右`).
pub(super) fn typed_dir(w: &Wording, lang: Lang, dir: Dir) -> String {
    if lang.is_chinese() { dir_word(w, lang, dir) } else { dir.letter().to_string() }
}

/// A fence as its mover wrote it: the cell the path ended on and the direction as typed in
/// `lang` (`A3 上`, `D2 L`), not the edge's canonical name (`A2:D`, `C2:R`), which names it
/// from the other cell as often as not (issue 42).
pub(super) fn fence_text(w: &Wording, lang: Lang, cell: dark_fence::Cell, dir: Dir) -> String {
    format!("{cell} {}", typed_dir(w, lang, dir))
}

/// A seat's own fences, each with the ply that placed it, as a list in `lang`
/// ("B2 down (placed on ply 1), …"): the direction as a word, so that no bare number or letter
/// needs explaining.
pub(super) fn own_fences_text(
    w: &Wording,
    lang: Lang,
    records: &[dark_fence::OwnRecord],
) -> Vec<String> {
    records
        .iter()
        .map(|r| {
            let cell = r.path.last().map(ToString::to_string).unwrap_or_default();
            w.text(
                lang,
                ids::DF_VIEW_FENCE,
                &[
                    ("cell", cell.into()),
                    ("dir", dir_word(w, lang, r.dir).into()),
                    ("ply", r.ply.into()),
                ],
            )
        })
        .collect()
}
