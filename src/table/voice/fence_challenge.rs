//! Dark Fence's challenge variant (两人质疑) in the group and in private: one group message per
//! ply, said when the ply closes (issue 42: the group once read 33 messages for 5 plies), and
//! each challenge window asked of its holder privately, with its buttons.
//!
//! A ply closes with its second pass, a challenge, a claim or an end; its one group message says
//! everything public about it together: where the mover stopped (and the record's commitment),
//! each decision, then who moves next, or the end. Nothing in it is hidden from anyone: the
//! stops, the decisions and the commitments are public in this variant (spec §3.10.1).

use super::fence_words::{name_of, window_buttons};
use super::narrate::{self, Snapshot, msg};
use super::wording::{Wording, ids};
use crate::core::{Prompt, Viewer};
use crate::games::AnyView;
use crate::games::dark_fence::{Player, PublicPly};
use crate::table::reply::{Dest, Lang, Outbound};

/// The plies everyone knows, from the public view.
fn public_plies(t: &Snapshot<'_>) -> (Vec<PublicPly>, Option<(Player, Prompt)>, u16) {
    match t.game.view(Viewer::Public) {
        AnyView::DarkFence(v) => (v.plies, v.to_act, v.ply),
        _ => (Vec::new(), None, 0),
    }
}

/// "Ply 3: alice stops on B3." in `lang`.
fn stop_text(w: &Wording, lang: Lang, t: &Snapshot<'_>, ply: &PublicPly) -> String {
    let cell = ply.cell.map(|c| c.to_string()).unwrap_or_default();
    w.text(
        lang,
        ids::DF_STOPPED,
        &[("ply", ply.ply.into()), ("name", name_of(t, ply.mover).into()), ("cell", cell.into())],
    )
}

/// The record's commitment as its own line, when the game publishes commitments.
fn commitment_line(w: &Wording, lang: Lang, ply: &PublicPly) -> Option<String> {
    let hash = ply.commitment.as_deref()?;
    Some(w.text(lang, ids::DF_COMMITMENT, &[("hash", hash.into())]))
}

/// The window `number` against `target`, asked of its holder privately (`to`, in `lang`): what
/// the holder decides on (window 1: where `target` stopped; window 2: that `target` did not
/// challenge), the question, and its buttons.
pub(super) fn window_message(
    w: &Wording,
    t: &Snapshot<'_>,
    lang: Lang,
    to: Dest,
    number: u8,
    target: Player,
) -> Outbound {
    let (plies, _, _) = public_plies(t);
    let mut context = match (number, plies.last()) {
        (1, Some(ply)) => stop_text(w, lang, t, ply),
        _ => w.text(lang, ids::DF_PASSED, &[("name", name_of(t, target).into())]),
    };
    if number == 1
        && let Some(line) = plies.last().and_then(|p| commitment_line(w, lang, p))
    {
        context.push_str(narrate::sentence_gap(lang));
        context.push_str(&line);
    }
    let seconds = t.decision_seconds;
    let mut text = w.text(
        lang,
        ids::DF_WINDOW_PRIVATE,
        &[
            ("id", t.id.into()),
            ("context", context.into()),
            ("target", name_of(t, target).into()),
            ("time", narrate::human_duration(seconds, lang).into()),
        ],
    );
    // A challenge against a player who has not moved yet finds no violation, so it loses at
    // once (window 2 after ply 1): the window says so. Read from the public plies only.
    if !plies.iter().any(|p| p.mover == target) {
        text.push_str(narrate::sentence_gap(lang));
        text.push_str(&w.text(
            lang,
            ids::DF_WINDOW_UNMOVED,
            &[("target", name_of(t, target).into())],
        ));
    }
    let mut m = msg(t, to, text);
    m.buttons = window_buttons(w, lang, t);
    m
}

/// The group's one message about the ply that just closed, in the game's language: the stop,
/// each decision (`decided`: a challenge or a claim made now), the commitment, then who moves
/// next; or, when the game ended (`over`: its headline, then why and the reveal), the headline
/// first and the end after.
pub(super) fn ply_closed(
    w: &Wording,
    t: &Snapshot<'_>,
    decided: &[String],
    over: Option<(String, String)>,
) -> String {
    let pl = t.lang;
    let (plies, to_act, ply_count) = public_plies(t);
    let mut sentences = Vec::new();
    let mut commitment = None;
    if let Some(ply) = plies.last() {
        sentences.push(stop_text(w, pl, t, ply));
        for by in &ply.passes {
            sentences.push(w.text(pl, ids::DF_PASSED, &[("name", name_of(t, *by).into())]));
        }
        commitment = commitment_line(w, pl, ply);
    }
    sentences.extend(decided.iter().cloned());
    let mut lines = vec![sentences.join(narrate::sentence_gap(pl))];
    lines.extend(commitment);
    match over {
        Some((headline, why)) => {
            lines.insert(0, headline);
            lines.push(why);
        }
        None => {
            if let Some((next, Prompt::Move)) = to_act {
                lines.push(w.text(
                    pl,
                    ids::DF_TURN_PUBLIC,
                    &[("ply", (ply_count + 1).into()), ("name", name_of(t, next).into())],
                ));
            }
        }
    }
    lines.retain(|l| !l.is_empty());
    lines.join("\n")
}
