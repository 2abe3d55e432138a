//! Ultima at the table: one public message per action (the move with every capture and the
//! rule that made it, check, the result) carrying the board image, and a private turn ping in
//! correspondence games. Everything is public (perfect information); a seat's image is only
//! turned to be seen from that seat's side. The referee reaches these through [`Voice`], the
//! game's [`Narrator`].

use fluent_bundle::FluentValue;

use super::narrate::{self, Narrator, Snapshot, game_name, msg, name_of, public};
use super::wording::{Id, List, Wording, ids};
use crate::core::{Noticed, Prompt, Seat, ToAct, Viewer};
use crate::games::ultima::{
    Action, Capture, CaptureRule, Color, Error, Event, Freeze, Kind, MoveFault, Square, SuicideBan,
    View,
};
use crate::games::{AnyAction, AnyError, AnyEvent, AnyView};
use crate::store::GameStatus;
use crate::table::reply::{Dest, Lang, Outbound};

/// The option whose limit a draw by the no-capture rule names.
const DRAW_LIMIT: &str = "nocapture_limit";

/// A colour's name in `lang` (also for position mistakes, `narrate::position_error`).
pub(crate) fn color_word(w: &Wording, lang: Lang, color: Color) -> String {
    w.text(lang, if color == Color::White { ids::UL_WHITE } else { ids::UL_BLACK }, &[])
}

/// A piece's name in `lang` (also for position mistakes, `narrate::position_error`).
pub(crate) fn piece_word(w: &Wording, lang: Lang, kind: Kind) -> String {
    let id = match kind {
        Kind::King => ids::UL_PIECE_KING,
        Kind::Pincer => ids::UL_PIECE_PINCER,
        Kind::Withdrawer => ids::UL_PIECE_WITHDRAWER,
        Kind::LongLeaper => ids::UL_PIECE_LONG_LEAPER,
        Kind::Coordinator => ids::UL_PIECE_COORDINATOR,
        Kind::Immobilizer => ids::UL_PIECE_IMMOBILIZER,
        Kind::Chameleon => ids::UL_PIECE_CHAMELEON,
    };
    w.text(lang, id, &[])
}

/// `the pincer on d5 (by pinching)`: one capture with its rule (also for `/rules ultima <code>`).
pub(crate) fn capture_text(w: &Wording, lang: Lang, c: &Capture) -> String {
    let rule = match c.rule {
        CaptureRule::Displacement => ids::UL_RULE_DISPLACEMENT,
        CaptureRule::Pinch => ids::UL_RULE_PINCH,
        CaptureRule::Withdrawal => ids::UL_RULE_WITHDRAWAL,
        CaptureRule::Leap => ids::UL_RULE_LEAP,
        CaptureRule::Coordination => ids::UL_RULE_COORDINATION,
    };
    w.text(
        lang,
        ids::UL_CAPTURE,
        &[
            ("piece", piece_word(w, lang, c.piece).into()),
            ("square", c.square.to_string().into()),
            ("rule", w.text(lang, rule, &[]).into()),
        ],
    )
}

/// `alice (white)`.
fn player(w: &Wording, lang: Lang, t: &Snapshot<'_>, color: Color) -> String {
    w.text(
        lang,
        ids::UL_PLAYER,
        &[
            ("name", name_of(t, color_index(color)).into()),
            ("color", color_word(w, lang, color).into()),
        ],
    )
}

fn color_index(color: Color) -> usize {
    usize::from(color == Color::Black)
}

fn color_of(seat: Seat) -> Color {
    if seat.index() == 0 { Color::White } else { Color::Black }
}

/// The line for one move or suicide.
fn action_line(
    w: &Wording,
    lang: Lang,
    t: &Snapshot<'_>,
    event: &Event,
    ply: i64,
) -> Option<String> {
    match event {
        Event::Moved { color, piece, from, to, captures, check, attacker, freezes } => {
            let mut text = w.text(
                lang,
                ids::UL_MOVED,
                &[
                    ("id", t.id.into()),
                    ("ply", ply.into()),
                    ("player", player(w, lang, t, *color).into()),
                    ("piece", piece_word(w, lang, *piece).into()),
                    ("from", from.to_string().into()),
                    ("to", to.to_string().into()),
                ],
            );
            if !captures.is_empty() {
                let list: Vec<String> = captures.iter().map(|c| capture_text(w, lang, c)).collect();
                text.push_str(&w.text(
                    lang,
                    ids::UL_CAPTURES,
                    &[("list", super::wording::list(lang, List::Items, &list).into())],
                ));
            }
            text.push_str(&w.text(lang, ids::UL_STOP, &[]));
            for freeze in freezes {
                text.push_str(narrate::sentence_gap(lang));
                text.push_str(&freeze_text(w, lang, t, freeze));
            }
            if *check {
                text.push_str(narrate::sentence_gap(lang));
                text.push_str(&check_text(w, lang, *attacker));
            }
            Some(text)
        }
        Event::Suicide { color, piece, square } => Some(w.text(
            lang,
            ids::UL_SUICIDE,
            &[
                ("id", t.id.into()),
                ("ply", ply.into()),
                ("player", player(w, lang, t, *color).into()),
                ("piece", piece_word(w, lang, *piece).into()),
                ("square", square.to_string().into()),
            ],
        )),
        Event::Ended { .. } => None,
    }
}

/// Check, with the piece that could capture the king when the engine names it.
fn check_text(w: &Wording, lang: Lang, attacker: Option<(Square, Kind)>) -> String {
    match attacker {
        Some((square, piece)) => w.text(
            lang,
            ids::UL_CHECK_BY,
            &[("piece", piece_word(w, lang, piece).into()), ("square", square.to_string().into())],
        ),
        None => w.text(lang, ids::UL_CHECK, &[]),
    }
}

/// The enemy piece the view's check comes from, with its kind.
fn view_attacker(view: &View) -> Option<(Square, Kind)> {
    let at = view.attacker?;
    view.pieces.iter().find(|(s, _, _)| *s == at).map(|(s, _, k)| (*s, *k))
}

/// A piece a move froze, and whether (and how) its side may remove it.
fn freeze_text(w: &Wording, lang: Lang, t: &Snapshot<'_>, f: &Freeze) -> String {
    let removal = AnyAction::Ultima(Action::Suicide { square: f.square });
    w.text(
        lang,
        ids::UL_FROZEN_NOW,
        &[
            ("color", color_word(w, lang, f.color).into()),
            ("piece", piece_word(w, lang, f.piece).into()),
            ("square", f.square.to_string().into()),
            ("by_piece", piece_word(w, lang, f.by_piece).into()),
            ("by", f.by.to_string().into()),
            ("removable", if f.removable { "yes" } else { "no" }.into()),
            ("move", t.game.format_action(&removal).into()),
        ],
    )
}

/// The last action in notation, e.g. `d2d5`.
fn last_line(t: &Snapshot<'_>, view: &View) -> Option<String> {
    let action = view.last.as_ref()?;
    Some(t.game.format_action(&crate::games::AnyAction::Ultima(*action)))
}

/// `/board` and `/view`: the position in words and the board, turned for a seat's private
/// view of the second player.
pub(crate) fn view_message(
    w: &Wording,
    lang: Lang,
    t: &Snapshot<'_>,
    view: &View,
    to: Dest,
    images: bool,
) -> Outbound {
    let mut lines = vec![w.text(
        lang,
        ids::UL_VIEW_HEADER,
        &[
            ("id", t.id.into()),
            ("game", game_name(w, lang, t.game.kind()).into()),
            ("ply", view.plies.into()),
        ],
    )];
    if let Some(last) = last_line(t, view) {
        lines.push(w.text(lang, ids::UL_VIEW_LAST, &[("move", last.into())]));
    }
    if !view.frozen.is_empty() {
        let list: Vec<String> = view.frozen.iter().map(ToString::to_string).collect();
        lines.push(w.text(
            lang,
            ids::UL_VIEW_FROZEN,
            &[("list", super::wording::list(lang, List::Items, &list).into())],
        ));
    }
    match &view.outcome {
        Some(outcome) => lines.push(narrate::chess_result_text(
            w,
            lang,
            t,
            outcome.result,
            outcome.reason,
            DRAW_LIMIT,
        )),
        None if t.status == GameStatus::Active => {
            let mut line = w.text(
                lang,
                ids::UL_TO_MOVE,
                &[("player", player(w, lang, t, view.to_move).into())],
            );
            if view.check.is_some() {
                line.push(' ');
                line.push_str(&check_text(w, lang, view_attacker(view)));
            }
            lines.push(line);
        }
        None => {}
    }
    let viewer = narrate::chess_viewer(t, &to);
    let mut m = msg(t, to, lines.join("\n"));
    m.image = narrate::picture(t, viewer, lang, images);
    m
}

/// The image caption (see [`narrate::chess_caption`]).
pub(crate) fn caption(t: &Snapshot<'_>, view: &View, lang: Lang) -> String {
    let outcome = view.outcome.map(|o| o.result);
    narrate::chess_caption(t, view.plies, view.to_move.seat(), view.check.is_some(), outcome, lang)
}

/// Why a move's geometry fails, in words.
fn fault_text(w: &Wording, lang: Lang, fault: &MoveFault) -> String {
    let (id, args): (Id, Vec<(&str, FluentValue<'_>)>) = match fault {
        MoveFault::NoMovement => (ids::UL_FAULT_NO_MOVEMENT, Vec::new()),
        MoveFault::NotALine => (ids::UL_FAULT_NOT_A_LINE, Vec::new()),
        MoveFault::KingStep => (ids::UL_FAULT_KING_STEP, Vec::new()),
        MoveFault::PincerDiagonal => (ids::UL_FAULT_PINCER_DIAGONAL, Vec::new()),
        MoveFault::Blocked { at, piece, own } => (
            ids::UL_FAULT_BLOCKED,
            vec![
                ("at", at.to_string().into()),
                ("piece", piece_word(w, lang, *piece).into()),
                ("own", if *own { "yes" } else { "no" }.into()),
            ],
        ),
        MoveFault::Occupied { at, piece, own } => (
            ids::UL_FAULT_OCCUPIED,
            vec![
                ("at", at.to_string().into()),
                ("piece", piece_word(w, lang, *piece).into()),
                ("own", if *own { "yes" } else { "no" }.into()),
            ],
        ),
        MoveFault::OwnPiece { at } => {
            (ids::UL_FAULT_OWN_PIECE, vec![("at", at.to_string().into())])
        }
        MoveFault::LeapOwn { at } => (ids::UL_FAULT_LEAP_OWN, vec![("at", at.to_string().into())]),
        MoveFault::LeapAdjacent { at } => {
            (ids::UL_FAULT_LEAP_ADJACENT, vec![("at", at.to_string().into())])
        }
        MoveFault::ChameleonLeapsLeapersOnly { at, piece } => (
            ids::UL_FAULT_CHAMELEON_LEAP,
            vec![("at", at.to_string().into()), ("piece", piece_word(w, lang, *piece).into())],
        ),
    };
    w.text(lang, id, &args)
}

/// Ultima's narrator.
pub(crate) struct Voice;

impl Narrator for Voice {
    /// Changed options and the clock in one sentence.
    fn rules_summary(&self, w: &Wording, lang: Lang, t: &Snapshot<'_>) -> String {
        let changed = narrate::option_words(w, lang, t.game, &[]);
        w.text(
            lang,
            ids::UL_RULES_SUMMARY,
            &[
                (
                    "options",
                    if changed.is_empty() {
                        w.text(lang, ids::UL_RULES_STANDARD, &[])
                    } else {
                        changed
                    }
                    .into(),
                ),
                ("clock", narrate::clock_text(w, lang, t).into()),
            ],
        )
    }

    /// The public start announcement, with the start position.
    fn started(&self, w: &Wording, t: &Snapshot<'_>, images: bool) -> Outbound {
        let lang = t.lang;
        // One legal move of the side to move, as the notation's example (the first in reading
        // order, e.g. `a2a3`: the pincer from a2 to a3).
        let example = match t.game.to_act() {
            ToAct::Seat(seat, _) => {
                let mut moves: Vec<String> =
                    t.game.legal_actions(seat).iter().map(|a| t.game.format_action(a)).collect();
                moves.sort_by(|a, b| narrate::natural_order(a, b));
                moves.into_iter().next().unwrap_or_default()
            }
            ToAct::Over(_) => String::new(),
        };
        let (from, to) = example.split_at(example.len() / 2);
        let text = w.text(
            lang,
            ids::UL_STARTED,
            &[
                ("game", game_name(w, lang, t.game.kind()).into()),
                ("id", t.id.into()),
                ("white", name_of(t, 0).into()),
                ("black", name_of(t, 1).into()),
                ("rules", self.rules_summary(w, lang, t).into()),
                ("example", example.clone().into()),
                ("from", from.to_string().into()),
                ("to", to.to_string().into()),
            ],
        );
        let mut m = msg(t, public(t), text);
        m.image = narrate::picture(t, Viewer::Public, lang, images);
        m
    }

    /// One public message for the action: the move, its captures, check, the result or who is to
    /// move next, and the board.
    fn announce(
        &self,
        w: &Wording,
        t: &Snapshot<'_>,
        events: &[Noticed<AnyEvent>],
        _langs: &[Lang],
        images: bool,
    ) -> Vec<Outbound> {
        let pl = t.lang;
        let ply = t.actions;
        let mut lines = Vec::new();
        for noticed in events {
            let AnyEvent::Ultima(event) = &noticed.event else { continue };
            if let Some(line) = action_line(w, pl, t, event, ply) {
                lines.push(line);
            }
            if let Event::Ended { result, reason } = event {
                lines.push(narrate::chess_result_text(w, pl, t, *result, reason, DRAW_LIMIT));
            }
        }
        if let ToAct::Seat(seat, _) = t.game.to_act() {
            lines.push(w.text(
                pl,
                ids::UL_TO_MOVE,
                &[("player", player(w, pl, t, color_of(seat)).into())],
            ));
        }
        let mut m = msg(t, public(t), lines.join("\n"));
        m.image = narrate::picture(t, Viewer::Public, pl, images);
        vec![m]
    }

    /// The private turn ping: only in correspondence games, where the players are not watching the
    /// chat; it names the last move and carries no image (the public message has the board, and
    /// `/view` shows it from the player's side).
    fn turn_prompts(
        &self,
        w: &Wording,
        t: &Snapshot<'_>,
        seat: Seat,
        prompt: Prompt,
        lang: Lang,
        _images: bool,
    ) -> Vec<Outbound> {
        if prompt != Prompt::Move || t.time.pace != crate::table::clock::Pace::Correspondence {
            return Vec::new();
        }
        let Some(to) = narrate::private(t, seat.index()) else { return Vec::new() };
        let AnyView::Ultima(view) = t.game.view(Viewer::Seat(seat)) else { return Vec::new() };
        let mut text = w.text(
            lang,
            ids::UL_TURN_PRIVATE,
            &[
                ("id", t.id.into()),
                ("game", game_name(w, lang, t.game.kind()).into()),
                ("color", color_word(w, lang, color_of(seat)).into()),
            ],
        );
        if let Some(last) = last_line(t, &view) {
            text.push_str(narrate::sentence_gap(lang));
            text.push_str(&w.text(lang, ids::UL_VIEW_LAST, &[("move", last.into())]));
        }
        if view.check.is_some() {
            text.push_str(narrate::sentence_gap(lang));
            text.push_str(&check_text(w, lang, view_attacker(&view)));
        }
        vec![msg(t, to, text)]
    }

    /// A refused move, in the player's words: what is wrong, with squares and pieces named.
    fn error_text(&self, w: &Wording, lang: Lang, error: &AnyError) -> String {
        let AnyError::Ultima(e) = error else { return narrate::common_error_text(w, lang, error) };
        let piece = |k: Kind| FluentValue::from(piece_word(w, lang, k));
        let sq = |s: &crate::games::ultima::Square| FluentValue::from(s.to_string());
        let (id, args): (Id, Vec<(&str, FluentValue<'_>)>) = match e {
            Error::Malformed { text } => {
                (ids::UL_ERR_MALFORMED, vec![("text", text.as_str().into())])
            }
            Error::WrongPiece { square, given, actual } => (
                ids::UL_ERR_WRONG_PIECE,
                vec![("square", sq(square)), ("given", piece(*given)), ("actual", piece(*actual))],
            ),
            Error::NoPiece { square } => (ids::UL_ERR_NO_PIECE, vec![("square", sq(square))]),
            Error::NotYourPiece { square, piece: p, .. } => {
                (ids::UL_ERR_NOT_YOUR_PIECE, vec![("square", sq(square)), ("piece", piece(*p))])
            }
            Error::Frozen { square, piece: p, by, by_piece } => (
                ids::UL_ERR_FROZEN,
                vec![
                    ("square", sq(square)),
                    ("piece", piece(*p)),
                    ("by", sq(by)),
                    ("by_piece", piece(*by_piece)),
                ],
            ),
            Error::NoMoveTo { piece: p, to } => {
                (ids::UL_ERR_NO_MOVE_TO, vec![("piece", piece(*p)), ("to", sq(to))])
            }
            Error::Ambiguous { piece: p, to, from } => {
                let squares: Vec<String> = from.iter().map(ToString::to_string).collect();
                // The example names the first piece by its file (by its square when two share it).
                let example = from.first().map_or(String::new(), |f| {
                    let shared = from.iter().filter(|o| o.file == f.file).count() > 1;
                    let square = f.to_string();
                    let by = if shared { square.as_str() } else { &square[..1] };
                    format!("{}{by}{to}", p.letter())
                });
                (
                    ids::UL_ERR_AMBIGUOUS,
                    vec![
                        ("piece", piece(*p)),
                        ("to", sq(to)),
                        ("from", super::wording::list(lang, List::Items, &squares).into()),
                        ("example", example.into()),
                    ],
                )
            }
            Error::IllegalMove { piece: p, from, to, fault } => (
                ids::UL_ERR_ILLEGAL_MOVE,
                vec![
                    ("piece", piece(*p)),
                    ("from", sq(from)),
                    ("to", sq(to)),
                    ("fault", fault_text(w, lang, fault).into()),
                ],
            ),
            Error::LeavesKingInCheck { king, attacker, attacker_piece, .. } => (
                ids::UL_ERR_LEAVES_KING_IN_CHECK,
                vec![
                    ("king", sq(king)),
                    ("attacker", sq(attacker)),
                    ("piece", piece(*attacker_piece)),
                ],
            ),
            Error::SuicideNotAllowed { square, reason } => {
                let why = match reason {
                    SuicideBan::Off => w.text(lang, ids::UL_SUICIDE_OFF, &[]),
                    SuicideBan::King => w.text(lang, ids::UL_SUICIDE_KING, &[]),
                    SuicideBan::NotFrozen { piece: p } => {
                        w.text(lang, ids::UL_SUICIDE_NOT_FROZEN, &[("piece", piece(*p))])
                    }
                };
                (ids::UL_ERR_SUICIDE, vec![("square", sq(square)), ("reason", why.into())])
            }
            Error::NotYourTurn | Error::NoSuchSeat => (ids::ERR_NOT_A_PLAYER, Vec::new()),
            Error::GameOver => (ids::ERR_GAME_OVER, Vec::new()),
        };
        w.text(lang, id, &args)
    }
}
