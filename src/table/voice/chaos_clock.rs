//! Chaos Clock at the table: one public message per action (what moved or was dropped, what it
//! captured and into whose hand, completion, the result or who acts next) with the clock face and
//! one button per legal action for the player to act; a private turn ping in correspondence
//! games; `/hint` and the post-game analysis in words. Everything is public (perfect
//! information). The referee reaches these through [`Voice`], the game's [`Narrator`].

use fluent_bundle::FluentValue;

use super::narrate::{self, Narrator, Snapshot, game_name, msg, name_of, public};
use super::wording::{Id, List, Wording, ids, list, say};
use crate::core::{GameResult, Noticed, Prompt, Seat, ToAct, Viewer};
use crate::games::chaos_clock::solver::{self, Budget, Verdict};
use crate::games::chaos_clock::{Action, Advice, Analysis, Error, Event, Last, Start, View};
use crate::games::{AnyError, AnyEvent, AnyGame, Game};
use crate::store::GameStatus;
use crate::table::clock::Pace;
use crate::table::payload::{Choice, Payload};
use crate::table::reply::{Button, Dest, Lang, Outbound};

/// 甲 or 乙 with the pieces they own.
fn side_word(w: &Wording, lang: Lang, seat: Seat) -> String {
    w.text(lang, if seat.index() == 0 { ids::CC_JIA } else { ids::CC_YI }, &[])
}

/// 甲 or 乙 alone.
fn side_name(w: &Wording, lang: Lang, seat: Seat) -> String {
    w.text(lang, if seat.index() == 0 { ids::CC_SIDE_JIA } else { ids::CC_SIDE_YI }, &[])
}

/// `alice (甲)`.
fn player(w: &Wording, lang: Lang, t: &Snapshot<'_>, seat: Seat) -> String {
    w.text(
        lang,
        ids::CC_PLAYER,
        &[("name", name_of(t, seat.index()).into()), ("side", side_word(w, lang, seat).into())],
    )
}

/// An action in words: `move 5`, `drop 7`, `pass`.
fn action_word(w: &Wording, lang: Lang, action: Action) -> String {
    match action {
        Action::Move(n) => w.text(lang, ids::CC_BTN_MOVE, &[("piece", n.into())]),
        Action::Drop(n) => w.text(lang, ids::CC_BTN_DROP, &[("piece", n.into())]),
        Action::Pass => w.text(lang, ids::CC_BTN_PASS, &[]),
    }
}

/// An absolute solver value in words, naming the winner.
fn value_word(w: &Wording, lang: Lang, t: &Snapshot<'_>, value: u8) -> String {
    match value {
        solver::JIA_WINS => w.text(lang, ids::CC_VALUE_WIN, &[("name", name_of(t, 0).into())]),
        solver::YI_WINS => w.text(lang, ids::CC_VALUE_WIN, &[("name", name_of(t, 1).into())]),
        solver::BOTH_WIN => w.text(lang, ids::CC_VALUE_BOTH_WIN, &[]),
        _ => w.text(lang, ids::CC_VALUE_BOTH_LOSE, &[]),
    }
}

/// One button per legal action of the player to act, on a public message (a person only: the
/// bot plays on its own). Payload `<id>:<turn>:act-<action>`, so a press after the turn has
/// passed is stale.
fn action_buttons(w: &Wording, lang: Lang, t: &Snapshot<'_>) -> Vec<Button> {
    let ToAct::Seat(seat, _) = t.game.to_act() else { return Vec::new() };
    if t.status != GameStatus::Active || narrate::private(t, seat.index()).is_none() {
        return Vec::new();
    }
    let AnyGame::ChaosClock(g) = &t.game else { return Vec::new() };
    let mut actions = g.legal_actions(seat);
    // Moves, then drops, then pass: the order of the clock face's reading.
    actions.sort_by_key(|a| match a {
        Action::Move(n) => (0, *n),
        Action::Drop(n) => (1, *n),
        Action::Pass => (2, 0),
    });
    actions
        .into_iter()
        .map(|a| Button {
            label: action_word(w, lang, a),
            payload: Payload::new(t.id, t.actions, Choice::Act(a.to_string())),
        })
        .collect()
}

/// The start's examples of how to act: one per kind of action the side to act may take now
/// (the lowest piece it may move, the lowest it may drop, a pass), each one it can send as
/// written and one of the buttons under the board; the generic forms when the bot is to act
/// (its answer comes with the buttons of the player's own turn).
fn action_examples(w: &Wording, lang: Lang, t: &Snapshot<'_>) -> String {
    let AnyGame::ChaosClock(g) = &t.game else { return String::new() };
    let ToAct::Seat(seat, _) = t.game.to_act() else { return String::new() };
    if narrate::private(t, seat.index()).is_none() {
        return w.text(lang, ids::CC_ACTIONS_GENERIC, &[]);
    }
    let legal = g.legal_actions(seat);
    let lowest = |kind: fn(&Action) -> Option<u8>| legal.iter().filter_map(kind).min();
    let mut examples = Vec::new();
    if let Some(n) = lowest(|a| if let Action::Move(n) = a { Some(*n) } else { None }) {
        examples.push(w.text(lang, ids::CC_EXAMPLE_MOVE, &[("piece", n.into())]));
    }
    if let Some(n) = lowest(|a| if let Action::Drop(n) = a { Some(*n) } else { None }) {
        examples.push(w.text(lang, ids::CC_EXAMPLE_DROP, &[("piece", n.into())]));
    }
    if legal.contains(&Action::Pass) {
        examples.push(w.text(lang, ids::CC_EXAMPLE_PASS, &[]));
    }
    w.text(lang, ids::CC_ACTIONS, &[("examples", list(lang, List::Items, &examples).into())])
}

/// "alice (乙) to act." with the banned piece, or nothing once the game is over.
fn to_act_line(w: &Wording, lang: Lang, t: &Snapshot<'_>) -> String {
    let ToAct::Seat(seat, _) = t.game.to_act() else { return String::new() };
    if t.status != GameStatus::Active {
        return String::new();
    }
    let mut line = w.text(lang, ids::CC_TO_ACT, &[("player", player(w, lang, t, seat).into())]);
    let gap = narrate::sentence_gap(lang);
    if let AnyGame::ChaosClock(g) = &t.game {
        match g.last() {
            // A ban on a piece that went home, or off the board into a hand (12 round the
            // clock; a piece in hand may still be dropped), bans nothing worth saying.
            Last::Piece(p) if !g.is_home(p) && g.slot_of(p).is_some() => {
                line.push_str(gap);
                line.push_str(&w.text(lang, ids::CC_BANNED, &[("piece", p.into())]));
            }
            Last::Pass => {
                line.push_str(gap);
                line.push_str(&w.text(lang, ids::CC_AFTER_PASS, &[]));
            }
            Last::Piece(_) | Last::None => {}
        }
        // Actions that would bring a position back a third time (同输) are named before they
        // are played, as the second pass is.
        let repeating: Vec<String> = g
            .legal_actions(seat)
            .into_iter()
            .filter(|a| ends_in_repetition(g, seat, *a))
            .map(|a| action_word(w, lang, a))
            .collect();
        if !repeating.is_empty() {
            let list = list(lang, List::Items, &repeating);
            line.push_str(gap);
            line.push_str(&w.text(lang, ids::CC_REPEAT_WARNING, &[("actions", list.into())]));
        }
    }
    line
}

/// Whether `action` by `seat` would end the game by a third repetition.
fn ends_in_repetition(g: &crate::games::chaos_clock::State, seat: Seat, action: Action) -> bool {
    let mut next = g.clone();
    next.play(seat, &action).is_ok_and(|events| {
        events
            .iter()
            .any(|e| matches!(&e.event, Event::Ended { outcome } if outcome.reason == "repetition"))
    })
}

/// The line of one event.
fn event_line(
    w: &Wording,
    lang: Lang,
    t: &Snapshot<'_>,
    event: &Event,
    ply: i64,
) -> Option<String> {
    let head = |seat: Seat| -> Vec<(&str, FluentValue<'_>)> {
        vec![("id", t.id.into()), ("ply", ply.into()), ("player", player(w, lang, t, seat).into())]
    };
    let capture = |c: &Option<crate::games::chaos_clock::Captured>| match c {
        Some(c) => w.text(
            lang,
            ids::CC_CAPTURES,
            &[("piece", c.piece.into()), ("hand", side_name(w, lang, c.hand).into())],
        ),
        None => String::new(),
    };
    match event {
        Event::Moved { seat, piece, from, to, captured, home } => {
            let mut text = match to {
                Some(to) => {
                    let mut args = head(*seat);
                    args.extend([
                        ("piece", (*piece).into()),
                        ("from", (*from).into()),
                        ("to", (*to).into()),
                    ]);
                    let mut text = w.text(lang, ids::CC_MOVED, &args);
                    if *home {
                        text.push_str(&w.text(lang, ids::CC_HOME, &[]));
                    }
                    text.push_str(&capture(captured));
                    text
                }
                None => {
                    let mut args = head(*seat);
                    args.push(("from", (*from).into()));
                    w.text(lang, ids::CC_MOVED_OFF, &args)
                }
            };
            text.push_str(&w.text(lang, ids::CC_STOP, &[]));
            Some(text)
        }
        Event::Dropped { seat, piece, captured, extra_turn } => {
            let mut args = head(*seat);
            args.push(("piece", (*piece).into()));
            let mut text = w.text(lang, ids::CC_DROPPED, &args);
            text.push_str(&capture(captured));
            text.push_str(&w.text(lang, ids::CC_STOP, &[]));
            if *extra_turn {
                text.push_str(narrate::sentence_gap(lang));
                text.push_str(&w.text(lang, ids::CC_EXTRA_TURN, &[]));
            }
            Some(text)
        }
        Event::Passed { seat } => Some(w.text(lang, ids::CC_PASSED, &head(*seat))),
        Event::Completed { seat } => {
            Some(w.text(lang, ids::CC_COMPLETED, &[("player", player(w, lang, t, *seat).into())]))
        }
        Event::Ended { .. } => None,
    }
}

/// The headline and reason of a finished game.
fn result_text(
    w: &Wording,
    lang: Lang,
    t: &Snapshot<'_>,
    result: GameResult,
    reason: &str,
) -> String {
    let headline = narrate::headline(w, lang, t, Some(result));
    let name = match result {
        GameResult::Winner(seat) => name_of(t, seat.index()).to_string(),
        _ => String::new(),
    };
    let why = w.text_of(lang, &format!("cc-reason-{reason}"), &[("name", name.into())]);
    format!("{headline}\n{why}")
}

/// `/board` and `/view`: the position in words, the clock face, and the buttons when the
/// player to act asks in the game's chat.
pub(crate) fn view_message(
    w: &Wording,
    lang: Lang,
    t: &Snapshot<'_>,
    view: &View,
    to: Dest,
    images: bool,
) -> Outbound {
    let hand = |h: &[u8]| {
        if h.is_empty() {
            "-".to_string()
        } else {
            h.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
        }
    };
    let mut lines = vec![w.text(
        lang,
        ids::CC_VIEW_HEADER,
        &[
            ("id", t.id.into()),
            ("game", game_name(w, lang, t.game.kind()).into()),
            ("ply", t.actions.into()),
            ("position", view.position.as_str().into()),
            ("jia", hand(&view.jia_hand).into()),
            ("yi", hand(&view.yi_hand).into()),
        ],
    )];
    match &view.outcome {
        Some(outcome) => lines.push(result_text(w, lang, t, outcome.result, outcome.reason)),
        None => {
            let next = to_act_line(w, lang, t);
            if !next.is_empty() {
                lines.push(next);
            }
        }
    }
    let in_chat = matches!(to, Dest::Chat(_));
    let mut m = msg(t, to, lines.join("\n"));
    m.image = narrate::picture(t, Viewer::Public, lang, images);
    if in_chat {
        m.buttons = action_buttons(w, lang, t);
    }
    m
}

/// The image caption: id, ply, and who acts (with the side) or the result, in characters the
/// font has.
pub(crate) fn caption(t: &Snapshot<'_>, view: &View, lang: Lang) -> String {
    let side =
        |seat: Seat| say(lang, if seat.index() == 0 { ids::SIDE_JIA } else { ids::SIDE_YI }, &[]);
    let ply = say(lang, ids::CAP_PLY, &[("n", t.actions.to_string().into())]);
    let state = match view.outcome.map(|o| o.result).or(t.stored_result) {
        Some(GameResult::Winner(seat)) => say(lang, ids::CAP_WINS, &[("side", side(seat).into())]),
        Some(GameResult::BothWin) => say(lang, ids::CAP_BOTH_WIN, &[]),
        Some(GameResult::BothLose) => say(lang, ids::CAP_BOTH_LOSE, &[]),
        Some(GameResult::Draw) => say(lang, ids::CAP_DRAW, &[]),
        None if t.status == GameStatus::Active => {
            say(lang, ids::CAP_TO_ACT, &[("side", side(view.to_move).into())])
        }
        None => String::new(),
    };
    let mut text = format!("#{} · {ply}", t.id);
    if !state.is_empty() {
        text.push_str(&format!(" · {state}"));
    }
    text
}

/// How many of a lost side's best chances `/hint` lists.
const HINT_CHANCES: usize = 3;

/// Chaos Clock's narrator.
pub(crate) struct Voice;

impl Narrator for Voice {
    /// Start, hints and the clock in one sentence.
    fn rules_summary(&self, w: &Wording, lang: Lang, t: &Snapshot<'_>) -> String {
        let AnyGame::ChaosClock(g) = &t.game else { return String::new() };
        let o = g.options();
        // A position given at `/new` is no draw, whatever `start=` says.
        let start = match o.start {
            _ if t.from_position => w.text(lang, ids::CC_START_POSITION, &[]),
            Start::Random => w.text(lang, ids::CC_START_RANDOM, &[]),
            Start::Fair => w.text(lang, ids::CC_START_FAIR, &[]),
        };
        w.text(
            lang,
            ids::CC_RULES_SUMMARY,
            &[
                ("start", start.into()),
                (
                    "hints",
                    w.text(lang, if o.hints { ids::CC_HINTS_ON } else { ids::CC_HINTS_OFF }, &[])
                        .into(),
                ),
                ("clock", narrate::clock_text(w, lang, t).into()),
            ],
        )
    }

    /// The public start announcement, with the start position, how it was drawn, and the buttons.
    fn started(&self, w: &Wording, t: &Snapshot<'_>, images: bool) -> Outbound {
        let lang = t.lang;
        let mut lines = vec![w.text(
            lang,
            ids::CC_STARTED,
            &[
                ("game", game_name(w, lang, t.game.kind()).into()),
                ("id", t.id.into()),
                ("jia", name_of(t, 0).into()),
                ("yi", name_of(t, 1).into()),
                ("rules", self.rules_summary(w, lang, t).into()),
                ("actions", action_examples(w, lang, t).into()),
            ],
        )];
        if let AnyGame::ChaosClock(g) = &t.game
            && let Some(draw) = g.view(Viewer::Public).fair_draws
        {
            lines.push(w.text(
                lang,
                ids::CC_FAIR_PROVEN,
                &[("draw", draw.into()), ("seed", format!("{:016x}", t.seed).into())],
            ));
        }
        lines.push(to_act_line(w, lang, t));
        let mut m = msg(t, public(t), lines.join("\n"));
        m.image = narrate::picture(t, Viewer::Public, lang, images);
        m.buttons = action_buttons(w, lang, t);
        m
    }

    /// One public message for the action: what happened, the result or who acts next, the clock
    /// face and the buttons.
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
        for noticed in events {
            let AnyEvent::ChaosClock(event) = &noticed.event else { continue };
            if let Some(line) = event_line(w, pl, t, event, t.actions) {
                lines.push(line);
            }
            if let Event::Ended { outcome } = event {
                lines.push(result_text(w, pl, t, outcome.result, outcome.reason));
            }
        }
        let next = to_act_line(w, pl, t);
        if !next.is_empty() {
            lines.push(next);
        }
        let mut m = msg(t, public(t), lines.join("\n"));
        m.image = narrate::picture(t, Viewer::Public, pl, images);
        m.buttons = action_buttons(w, pl, t);
        vec![m]
    }

    /// The private turn ping: only in correspondence games between people, where the players are not
    /// watching the chat; the public message carries the clock face and the buttons.
    fn turn_prompts(
        &self,
        w: &Wording,
        t: &Snapshot<'_>,
        seat: Seat,
        prompt: Prompt,
        lang: Lang,
        _images: bool,
    ) -> Vec<Outbound> {
        // Against the bot the answer comes right after the player's own action: no ping.
        let against_bot = t.bot_seat.is_some();
        if prompt != Prompt::Move || t.time.pace != Pace::Correspondence || against_bot {
            return Vec::new();
        }
        let Some(to) = narrate::private(t, seat.index()) else { return Vec::new() };
        let text = w.text(
            lang,
            ids::CC_TURN_PRIVATE,
            &[
                ("id", t.id.into()),
                ("game", game_name(w, lang, t.game.kind()).into()),
                ("side", side_word(w, lang, seat).into()),
            ],
        );
        vec![msg(t, to, text)]
    }

    /// A refused action, in the player's words.
    fn error_text(&self, w: &Wording, lang: Lang, error: &AnyError) -> String {
        let AnyError::ChaosClock(e) = error else {
            return narrate::common_error_text(w, lang, error);
        };
        let (id, args): (Id, Vec<(&str, FluentValue<'_>)>) = match e {
            Error::Malformed { text } => {
                (ids::CC_ERR_MALFORMED, vec![("text", text.as_str().into())])
            }
            Error::NotOnBoard { piece } => {
                (ids::CC_ERR_NOT_ON_BOARD, vec![("piece", (*piece).into())])
            }
            Error::AtHome { piece } => (ids::CC_ERR_AT_HOME, vec![("piece", (*piece).into())]),
            Error::Banned { piece } => (ids::CC_ERR_BANNED, vec![("piece", (*piece).into())]),
            Error::Blocked { piece, slot } => {
                (ids::CC_ERR_BLOCKED, vec![("piece", (*piece).into()), ("slot", (*slot).into())])
            }
            Error::NotYours { piece } => (ids::CC_ERR_NOT_YOURS, vec![("piece", (*piece).into())]),
            Error::NotInHand { piece } => {
                (ids::CC_ERR_NOT_IN_HAND, vec![("piece", (*piece).into())])
            }
            Error::NotYourTurn => (ids::ERR_NOT_A_PLAYER, Vec::new()),
            Error::GameOver => (ids::ERR_GAME_OVER, Vec::new()),
        };
        w.text(lang, id, &args)
    }

    /// `/hint`: the verdict with best play for the player to act and every action that keeps it
    /// (without advice: that hints are off).
    fn hint_text(
        &self,
        w: &Wording,
        lang: Lang,
        t: &Snapshot<'_>,
        advice: Option<&Result<Advice, Budget>>,
    ) -> String {
        let Some(advice) = advice else {
            return w.text(lang, ids::ERR_HINTS_OFF, &[("id", t.id.into())]);
        };
        let ToAct::Seat(seat, _) = t.game.to_act() else {
            return w.text(lang, ids::ERR_GAME_OVER, &[]);
        };
        match advice {
            // Lost: every action is "best", which helps no one; the moves that leave the opponent
            // the fewest winning replies are what a lost side can still play for.
            Ok(a) if a.verdict == Verdict::Lose && !a.chances.is_empty() => {
                // Actions with the same counts share one note ("move 4 or drop 10 (1 of 2 …)"),
                // so that no phrase is repeated action by action (issue 42).
                let mut shared: Vec<((usize, usize), String)> = Vec::new();
                for c in a.chances.iter().take(HINT_CHANCES) {
                    let action = action_word(w, lang, c.action);
                    match shared.iter_mut().find(|(counts, _)| *counts == (c.keeping, c.replies)) {
                        Some((_, actions)) => {
                            let or = [("first", actions.clone().into()), ("second", action.into())];
                            *actions = w.text(lang, ids::CC_CHANCE_OR, &or);
                        }
                        None => shared.push(((c.keeping, c.replies), action)),
                    }
                }
                let chances: Vec<String> = shared
                    .into_iter()
                    .map(|((keeping, replies), actions)| {
                        w.text(
                            lang,
                            ids::CC_CHANCE,
                            &[
                                ("action", actions.into()),
                                ("keeping", keeping.into()),
                                ("replies", replies.into()),
                            ],
                        )
                    })
                    .collect();
                w.text(
                    lang,
                    ids::CC_HINT_LOST,
                    &[
                        ("id", t.id.into()),
                        ("player", player(w, lang, t, seat).into()),
                        ("opponent", player(w, lang, t, Seat(1 - seat.0.min(1))).into()),
                        ("chances", list(lang, List::Items, &chances).into()),
                        ("positions", a.positions.into()),
                    ],
                )
            }
            Ok(a) => {
                let verdict = match a.verdict {
                    Verdict::Win => ids::CC_VERDICT_WIN,
                    Verdict::BothWin => ids::CC_VERDICT_BOTH_WIN,
                    Verdict::BothLose => ids::CC_VERDICT_BOTH_LOSE,
                    Verdict::Lose => ids::CC_VERDICT_LOSE,
                };
                let best: Vec<String> = a.best.iter().map(|x| action_word(w, lang, *x)).collect();
                w.text(
                    lang,
                    ids::CC_HINT,
                    &[
                        ("id", t.id.into()),
                        ("player", player(w, lang, t, seat).into()),
                        ("verdict", w.text(lang, verdict, &[]).into()),
                        ("best", list(lang, List::Items, &best).into()),
                        ("positions", a.positions.into()),
                    ],
                )
            }
            Err(b) => w.text(
                lang,
                ids::CC_HINT_UNKNOWN,
                &[("id", t.id.into()), ("positions", b.positions.into())],
            ),
        }
    }

    /// The post-game analysis in words.
    fn analysis_text(
        &self,
        w: &Wording,
        lang: Lang,
        t: &Snapshot<'_>,
        analysis: &Analysis,
    ) -> Option<String> {
        let id = t.id;
        Some(match analysis {
            Analysis::Empty => w.text(lang, ids::CC_ANALYSIS_EMPTY, &[("id", id.into())]),
            Analysis::Kept { value } => w.text(
                lang,
                ids::CC_ANALYSIS_KEPT,
                &[("id", id.into()), ("value", value_word(w, lang, t, *value).into())],
            ),
            Analysis::Changed { ply, seat, action, before, after } => w.text(
                lang,
                ids::CC_ANALYSIS_CHANGED,
                &[
                    ("id", id.into()),
                    ("before", value_word(w, lang, t, *before).into()),
                    ("ply", (*ply).into()),
                    ("player", player(w, lang, t, *seat).into()),
                    ("action", action_word(w, lang, *action).into()),
                    ("after", value_word(w, lang, t, *after).into()),
                ],
            ),
            Analysis::Unknown => w.text(lang, ids::CC_ANALYSIS_UNKNOWN, &[("id", id.into())]),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Seed;
    use crate::games::chaos_clock::{Options, State};

    /// The engine's own third-repetition line (its test `the_third_repetition_is_both_lose`):
    /// from this position, `m6` and `pass` in turn end the game at the ninth action.
    #[test]
    fn the_action_that_would_repeat_a_position_a_third_time_is_named_before_it_is_played() {
        let options = Options::default();
        let mut g = State::from_position(&options, "1,2,6,4,5,0,7,8,0,10,11,12;1;0", Seed(0))
            .expect("a position");
        let line = |g: &State| {
            let owned = narrate::Owned::new(AnyGame::ChaosClock(g.clone()));
            to_act_line(&Wording::new(), Lang::En, &owned.snapshot())
        };
        assert!(!line(&g).contains("third time"), "{}", line(&g));
        for ply in 1..=8 {
            let seat = g.to_move();
            let action = if ply % 2 == 1 { Action::Move(6) } else { Action::Pass };
            g.play(seat, &action).expect("legal");
        }
        let warned = line(&g);
        assert!(
            warned.contains(
                "Careful: move 6 would bring back a position for the third time, and both would lose."
            ),
            "{warned}"
        );
        let zh = {
            let owned = narrate::Owned::new(AnyGame::ChaosClock(g.clone()));
            to_act_line(&Wording::new(), Lang::ZhHans, &owned.snapshot())
        };
        assert!(zh.contains("注意：走6 会使同一局面第三次出现，双方同输。"), "{zh}");
    }

    /// A ban on a piece that left the board into a hand is not announced: it may be dropped.
    #[test]
    fn a_piece_in_hand_is_not_said_to_be_banned() {
        let options = Options::default();
        // The last piece moved, 12, went round the clock into 乙's hand; 乙 is to act.
        let g = State::from_position(&options, "1,2,3,4,5,6,7,8,9,10,11,0;1;12", Seed(0))
            .expect("a position");
        assert_eq!(g.slot_of(12), None, "12 is in hand");
        assert!(g.legal_actions(Seat(1)).contains(&Action::Drop(12)), "and may be dropped");
        let owned = narrate::Owned::new(AnyGame::ChaosClock(g));
        let line = to_act_line(&Wording::new(), Lang::En, &owned.snapshot());
        assert!(!line.contains("may not move"), "{line}");
    }
}
