//! Perfect 10 x 10 at the table: one public message per action (the move in the seed's codes,
//! `Ne2-d4`, `Ce1xe8`, `e9-e10=M`, `O-O`, then in words: the piece, what it captured, what it
//! became, castling, check, pass, claim and the result) carrying the board image, and a private
//! turn prompt with what only the player to move must decide: a draw to claim, a forced pass,
//! the four-checks warning. A pawn move onto a promotion line that does not say what the pawn
//! becomes is a question with one button per choice. Everything is public (perfect
//! information); a seat's image is only turned to be seen from that seat's side. The referee
//! reaches these through [`Voice`], the game's [`Narrator`].

use fluent_bundle::FluentValue;

use super::narrate::{self, Narrator, Snapshot, game_name, msg, name_of, public};
use super::wording::{Id, List, Wording, ids, list};
use crate::core::{Noticed, Prompt, Seat, ToAct, Viewer};
use crate::games::perfect10::{
    Action, CastleBan, Castling, Color, Error, Event, Kind, MoveFault, Square, State, View,
};
use crate::games::{AnyError, AnyEvent, AnyGame, Game};
use crate::store::GameStatus;
use crate::table::payload::{Choice, Payload, WindowChoice};
use crate::table::reply::{Button, Dest, Lang, Outbound};
use crate::table::rules::perfect10::STAY;

/// The option whose limit a house-rule draw names.
const DRAW_LIMIT: &str = "move_rule";

/// How many moves the "you may claim with a move" hint lists at most.
const CLAIM_HINT_MOVES: usize = 6;

fn state(game: &AnyGame) -> Option<&State> {
    match game {
        AnyGame::Perfect10(g) => Some(g),
        _ => None,
    }
}

fn color_of(seat: Seat) -> Color {
    Color::from_seat(seat).unwrap_or(Color::White)
}

fn color_word(w: &Wording, lang: Lang, color: Color) -> String {
    w.text(lang, if color == Color::White { ids::P10_WHITE } else { ids::P10_BLACK }, &[])
}

/// The code players type for a piece, in the reader's script (the board's), or the words
/// saying a pawn has none.
fn code_word(w: &Wording, lang: Lang, kind: Kind) -> String {
    let code = match lang {
        Lang::En => kind.seed_code(),
        Lang::ZhHans => kind.simplified_code(),
        Lang::ZhHant => kind.chinese_code(),
    };
    if code.is_empty() { w.text(lang, ids::P10_NO_CODE, &[]) } else { code.to_string() }
}

/// The piece's name in `lang`: the English name, or the seed's Chinese name.
fn piece_word(w: &Wording, lang: Lang, kind: Kind) -> String {
    w.text_of(lang, &format!("p10-piece-{}", kind.name()), &[])
}

/// `wazir (=W)`: the name and how to type it after a move.
fn choice_word(w: &Wording, lang: Lang, kind: Kind) -> String {
    w.text(
        lang,
        ids::P10_CHOICE,
        &[("piece", piece_word(w, lang, kind).into()), ("code", kind.seed_code().into())],
    )
}

/// `alice (white)`.
fn player(w: &Wording, lang: Lang, t: &Snapshot<'_>, color: Color) -> String {
    w.text(
        lang,
        ids::P10_PLAYER,
        &[("name", name_of(t, color.index()).into()), ("color", color_word(w, lang, color).into())],
    )
}

/// `text` with its first letter in upper case (button labels; Chinese is unchanged).
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// The line for a move, e.g. `#1 ply 9: alice (white) e9-e10=M: pawn e9-e10, promoting to
/// marshal. Check: the marshal on e10 attacks the king.`.
fn moved_line(
    w: &Wording,
    lang: Lang,
    t: &Snapshot<'_>,
    ply: u32,
    event: &Event,
) -> Option<String> {
    let Event::Moved {
        color,
        piece,
        from,
        to,
        captured,
        promoted,
        castling,
        en_passant,
        check,
        seed,
    } = event
    else {
        return None;
    };
    let head = |id: Id, extra: Vec<(&str, FluentValue<'static>)>| {
        let mut args: Vec<(&str, FluentValue<'_>)> = vec![
            ("id", t.id.into()),
            ("ply", ply.into()),
            ("player", player(w, lang, t, *color).into()),
            ("seed", seed.as_str().into()),
            ("from", from.to_string().into()),
            ("to", to.to_string().into()),
        ];
        args.extend(extra);
        w.text(lang, id, &args)
    };
    let mut text = match castling {
        Some(side) => {
            let (rook_from, rook_to, id) = match side {
                Castling::Kingside => (9, 6, ids::P10_CASTLED_KINGSIDE),
                Castling::Queenside => (0, 4, ids::P10_CASTLED_QUEENSIDE),
            };
            head(
                id,
                vec![
                    ("rook_from", Square::new(rook_from, from.rank).to_string().into()),
                    ("rook_to", Square::new(rook_to, from.rank).to_string().into()),
                ],
            )
        }
        None => head(ids::P10_MOVED, vec![("piece", piece_word(w, lang, *piece).into())]),
    };
    if let Some((square, kind)) = captured {
        let (id, kind) =
            if *en_passant { (ids::P10_EN_PASSANT, *kind) } else { (ids::P10_CAPTURES, *kind) };
        text.push_str(&w.text(
            lang,
            id,
            &[("piece", piece_word(w, lang, kind).into()), ("square", square.to_string().into())],
        ));
    }
    if let Some(became) = promoted {
        let id = if *piece == Kind::Pawn { ids::P10_PROMOTES } else { ids::P10_BECOMES };
        text.push_str(&w.text(lang, id, &[("piece", piece_word(w, lang, *became).into())]));
    }
    text.push_str(&w.text(lang, ids::P10_STOP, &[]));
    if !check.is_empty() {
        push_sentence(w, lang, &mut text, &check_text(w, lang, check));
    }
    Some(text)
}

/// Check, naming every enemy piece that gives it and its square: `Check: the queen on b9
/// attacks the king.`, or with two, `Check: the rook on h1 and the knight on f3 attack the
/// king.`
fn check_text(w: &Wording, lang: Lang, checkers: &[(Square, Kind)]) -> String {
    let mut named: Vec<String> = checkers
        .iter()
        .map(|&(square, kind)| {
            w.text(
                lang,
                ids::P10_CHECKER,
                &[
                    ("piece", piece_word(w, lang, kind).into()),
                    ("square", square.to_string().into()),
                ],
            )
        })
        .collect();
    let pieces = match named.pop() {
        Some(last) if !named.is_empty() => w.text(
            lang,
            ids::P10_CHECKERS_AND,
            &[("first", list(lang, List::Items, &named).into()), ("second", last.into())],
        ),
        Some(last) => last,
        None => String::new(),
    };
    w.text(lang, ids::P10_CHECK_BY, &[("pieces", pieces.into()), ("count", checkers.len().into())])
}

/// Appends a sentence to a line: after a space in English, directly in Chinese.
fn push_sentence(w: &Wording, lang: Lang, text: &mut String, sentence: &str) {
    text.push_str(&w.text(lang, ids::P10_SENTENCE_GAP, &[]));
    text.push_str(sentence);
}

/// Whether the only thing `seat` may do is pass.
fn must_pass(g: &State, seat: Seat) -> bool {
    g.legal_actions(seat).contains(&Action::Pass)
}

/// `bob (black) to move.`, or that bob has no legal move and must pass.
fn to_move_line(w: &Wording, lang: Lang, t: &Snapshot<'_>, g: &State, seat: Seat) -> String {
    let id = if must_pass(g, seat) { ids::P10_MUST_PASS } else { ids::P10_TO_MOVE };
    w.text(lang, id, &[("player", player(w, lang, t, color_of(seat)).into())])
}

/// The last action: a move in the seed's codes (`Pe2-d4`), otherwise in notation (`0000`).
fn last_move(g: &State, view: &View) -> Option<String> {
    view.last_seed.clone().or_else(|| Some(g.format_action(view.last.as_ref()?)))
}

/// `/board` and `/view`: the position in words and the board, turned for the second player's
/// private view.
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
        ids::P10_VIEW_HEADER,
        &[
            ("id", t.id.into()),
            ("game", game_name(w, lang, t.game.kind()).into()),
            ("ply", view.plies.into()),
        ],
    )];
    if let Some(g) = state(t.game) {
        if let Some(last) = last_move(g, view) {
            lines.push(w.text(lang, ids::P10_VIEW_LAST, &[("move", last.into())]));
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
                let mut line = to_move_line(w, lang, t, g, view.to_move.seat());
                if view.check.is_some() {
                    push_sentence(w, lang, &mut line, &check_text(w, lang, &view.checkers));
                }
                lines.push(line);
            }
            None => {}
        }
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

/// The promotion choices of a line as a list (`wazir (=W), ferz (=F), …`).
fn choice_list(w: &Wording, lang: Lang, tier: u8) -> String {
    let choices: Vec<String> =
        Kind::promotions(tier).iter().map(|&k| choice_word(w, lang, k)).collect();
    list(lang, List::Items, &choices)
}

/// The engine's reason for refusing to castle, in words.
fn castle_reason(w: &Wording, lang: Lang, why: CastleBan) -> String {
    let id = match why {
        CastleBan::Moved => ids::P10_CASTLE_MOVED,
        CastleBan::Blocked => ids::P10_CASTLE_BLOCKED,
        CastleBan::InCheck => ids::P10_CASTLE_IN_CHECK,
        CastleBan::Attacked => ids::P10_CASTLE_ATTACKED,
    };
    w.text(lang, id, &[])
}

/// Perfect 10 x 10's narrator.
pub(crate) struct Voice;

impl Narrator for Voice {
    /// The choices for a pawn reaching a promotion line: one button per piece of that line (the
    /// seed's code as the ending, `=W`) and, on the 6th and 8th ranks, "stay a pawn".
    fn completions(
        &self,
        w: &Wording,
        lang: Lang,
        _game: &AnyGame,
        _seat: Seat,
        _text: &str,
        error: &AnyError,
    ) -> Vec<(String, String)> {
        let AnyError::Perfect10(Error::BadPromotion { tier, .. }) = error else {
            return Vec::new();
        };
        let mut choices: Vec<(String, String)> = Kind::promotions(*tier)
            .iter()
            .map(|&k| (capitalized(&choice_word(w, lang, k)), format!("={}", k.seed_code())))
            .collect();
        if matches!(tier, 1 | 2) {
            choices.push((w.text(lang, ids::P10_BTN_STAY, &[]), STAY[0].to_string()));
        }
        choices
    }

    fn completion_question(
        &self,
        w: &Wording,
        lang: Lang,
        t: &Snapshot<'_>,
        text: &str,
        error: &AnyError,
    ) -> String {
        let question = w.text(
            lang,
            ids::P10_COMPLETE_PROMOTION,
            &[("id", t.id.into()), ("move", text.into())],
        );
        format!("{}\n{question}", self.error_text(w, lang, error))
    }

    /// The options that differ from the defaults (none in the seed's rules) and the clock in one
    /// sentence.
    fn rules_summary(&self, w: &Wording, lang: Lang, t: &Snapshot<'_>) -> String {
        let changed = narrate::option_words(w, lang, t.game, &[]);
        let clock = narrate::clock_text(w, lang, t);
        if changed.is_empty() {
            w.text(lang, ids::P10_RULES_SUMMARY, &[("clock", clock.into())])
        } else {
            w.text(
                lang,
                ids::P10_RULES_SUMMARY_OPTIONS,
                &[("options", changed.into()), ("clock", clock.into())],
            )
        }
    }

    /// The public start announcement, with the start position.
    fn started(&self, w: &Wording, t: &Snapshot<'_>, images: bool) -> Outbound {
        let lang = t.lang;
        let text = w.text(
            lang,
            ids::P10_STARTED,
            &[
                ("game", game_name(w, lang, t.game.kind()).into()),
                ("id", t.id.into()),
                ("white", name_of(t, 0).into()),
                ("black", name_of(t, 1).into()),
                ("rules", self.rules_summary(w, lang, t).into()),
            ],
        );
        let mut m = msg(t, public(t), text);
        m.image = narrate::picture(t, Viewer::Public, lang, images);
        m
    }

    /// One public message for the action: the move in the seed's codes and in words, check, a
    /// pass or claim, the result or who is to move next, and the board.
    fn announce(
        &self,
        w: &Wording,
        t: &Snapshot<'_>,
        events: &[Noticed<AnyEvent>],
        _langs: &[Lang],
        images: bool,
    ) -> Vec<Outbound> {
        let pl = t.lang;
        let Some(g) = state(t.game) else { return Vec::new() };
        let ply = g.view(Viewer::Public).plies;
        let mut lines = Vec::new();
        for noticed in events {
            let AnyEvent::Perfect10(event) = &noticed.event else { continue };
            match event {
                Event::Moved { .. } => lines.extend(moved_line(w, pl, t, ply, event)),
                Event::Passed { color } => lines.push(w.text(
                    pl,
                    ids::P10_PASSED,
                    &[
                        ("id", t.id.into()),
                        ("ply", ply.into()),
                        ("player", player(w, pl, t, *color).into()),
                    ],
                )),
                Event::Claimed { color } => lines.push(w.text(
                    pl,
                    ids::P10_CLAIMED,
                    &[("id", t.id.into()), ("player", player(w, pl, t, *color).into())],
                )),
                Event::Ended { result, reason } => {
                    lines.push(narrate::chess_result_text(w, pl, t, *result, reason, DRAW_LIMIT));
                }
            }
        }
        if let ToAct::Seat(seat, _) = t.game.to_act() {
            lines.push(to_move_line(w, pl, t, g, seat));
        }
        let mut m = msg(t, public(t), lines.join("\n"));
        m.image = narrate::picture(t, Viewer::Public, pl, images);
        vec![m]
    }

    /// The private turn prompt. In correspondence games it always comes (the players are not
    /// watching the chat); in live games only when there is something only the player to move must
    /// hear: a draw to claim, a forced pass (each with its button) or the four-checks warning. It
    /// carries no image: the public message has the board, and `/view` shows it from the player's
    /// side.
    fn turn_prompts(
        &self,
        w: &Wording,
        t: &Snapshot<'_>,
        seat: Seat,
        prompt: Prompt,
        lang: Lang,
        _images: bool,
    ) -> Vec<Outbound> {
        if prompt != Prompt::Move {
            return Vec::new();
        }
        let Some(to) = narrate::private(t, seat.index()) else { return Vec::new() };
        let Some(g) = state(t.game) else { return Vec::new() };
        let view = g.view(Viewer::Seat(seat));
        let id = t.id;
        let turn = t.actions;
        let legal = g.legal_actions(seat);
        let mut notes = Vec::new();
        let mut buttons = Vec::new();
        if legal.contains(&Action::Pass) {
            notes.push(w.text(lang, ids::P10_MUST_PASS_PRIVATE, &[]));
            buttons.push(Button {
                label: w.text(lang, ids::P10_BTN_PASS, &[]),
                payload: Payload::new(id, turn, Choice::Window(WindowChoice::Pass)),
            });
        }
        if view.claimable {
            notes.push(w.text(lang, ids::P10_CAN_CLAIM, &[]));
            buttons.push(Button {
                label: w.text(lang, ids::P10_BTN_CLAIM, &[]),
                payload: Payload::new(id, turn, Choice::Window(WindowChoice::Claim)),
            });
        }
        let with: Vec<String> = legal
            .iter()
            .filter_map(|a| match a {
                Action::Claim { with: Some(mv) } => {
                    Some(g.format_action(&Action::Move { mv: *mv }))
                }
                _ => None,
            })
            .collect();
        if !with.is_empty() {
            let mut list: Vec<String> = with.iter().take(CLAIM_HINT_MOVES).cloned().collect();
            if with.len() > CLAIM_HINT_MOVES {
                list.push("…".to_string());
            }
            notes.push(w.text(
                lang,
                ids::P10_CAN_CLAIM_WITH,
                &[
                    ("moves", super::wording::list(lang, List::Codes, &list).into()),
                    ("example", with.first().map_or_else(String::new, Clone::clone).into()),
                ],
            ));
        }
        for square in &view.three_checks {
            let kind = view.pieces.iter().find(|(s, _, _)| s == square).map(|&(_, _, k)| k);
            if let Some(kind) = kind {
                notes.push(w.text(
                    lang,
                    ids::P10_WARN_FOUR_CHECKS,
                    &[
                        ("piece", piece_word(w, lang, kind).into()),
                        ("square", square.to_string().into()),
                    ],
                ));
            }
        }
        if notes.is_empty() && t.time.pace != crate::table::clock::Pace::Correspondence {
            return Vec::new();
        }
        let mut text = w.text(
            lang,
            ids::P10_TURN_PRIVATE,
            &[
                ("id", id.into()),
                ("game", game_name(w, lang, t.game.kind()).into()),
                ("color", color_word(w, lang, color_of(seat)).into()),
            ],
        );
        if let Some(last) = last_move(g, &view) {
            push_sentence(
                w,
                lang,
                &mut text,
                &w.text(lang, ids::P10_VIEW_LAST, &[("move", last.into())]),
            );
        }
        if view.check.is_some() {
            push_sentence(w, lang, &mut text, &check_text(w, lang, &view.checkers));
        }
        for note in notes {
            text.push('\n');
            text.push_str(&note);
        }
        let mut m = msg(t, to, text);
        m.buttons = buttons;
        vec![m]
    }

    /// A refused action, in the player's words: what is wrong, with squares and pieces named.
    fn error_text(&self, w: &Wording, lang: Lang, error: &AnyError) -> String {
        let AnyError::Perfect10(e) = error else {
            return narrate::common_error_text(w, lang, error);
        };
        let piece = |k: Kind| FluentValue::from(piece_word(w, lang, k));
        let sq = |s: &Square| FluentValue::from(s.to_string());
        let (id, args): (Id, Vec<(&str, FluentValue<'_>)>) = match e {
            Error::Malformed { text } => {
                (ids::P10_ERR_MALFORMED, vec![("text", text.as_str().into())])
            }
            Error::NoPiece { square } => (ids::P10_ERR_NO_PIECE, vec![("square", sq(square))]),
            Error::WrongPiece { square, given, actual } => (
                ids::P10_ERR_WRONG_PIECE,
                vec![
                    ("square", sq(square)),
                    ("given", piece(*given)),
                    ("actual", piece(*actual)),
                    ("given_code", code_word(w, lang, *given).into()),
                    ("actual_code", code_word(w, lang, *actual).into()),
                ],
            ),
            Error::NotYourPiece { square, piece: p, .. } => {
                (ids::P10_ERR_NOT_YOUR_PIECE, vec![("square", sq(square)), ("piece", piece(*p))])
            }
            Error::IllegalMove { piece: p, from, to, fault: MoveFault::NotItsWay } => (
                ids::P10_ERR_ILLEGAL_MOVE,
                vec![
                    ("piece", piece(*p)),
                    ("from", sq(from)),
                    ("to", sq(to)),
                    ("how", w.text_of(lang, &format!("p10-how-{}", p.name()), &[]).into()),
                ],
            ),
            Error::IllegalMove { piece: p, from, to, fault } => (
                ids::P10_ERR_MOVE_STOPPED,
                vec![
                    ("piece", piece(*p)),
                    ("from", sq(from)),
                    ("to", sq(to)),
                    ("why", fault_text(w, lang, *p, to, fault).into()),
                ],
            ),
            Error::NoMoveTo { piece: p, to } => {
                (ids::P10_ERR_NO_MOVE_TO, vec![("piece", piece(*p)), ("to", sq(to))])
            }
            Error::Ambiguous { piece: p, to, from, promotion } => {
                let squares: Vec<String> = from.iter().map(ToString::to_string).collect();
                // The example names the first piece by its file (by its square when two share it),
                // and what a pawn becomes where it must become something: a move the game takes.
                let example = from.first().map_or(String::new(), |f| {
                    let file = f.to_string().chars().next().unwrap_or('a');
                    let shared = from.iter().filter(|o| o.file == f.file).count() > 1;
                    let by = if shared { f.to_string() } else { file.to_string() };
                    let becomes =
                        promotion.map_or(String::new(), |k| format!("={}", k.seed_code()));
                    if *p == Kind::Pawn {
                        format!("{file}x{to}{becomes}")
                    } else {
                        format!("{}{by}{to}", code_word(w, lang, *p))
                    }
                });
                (
                    ids::P10_ERR_AMBIGUOUS,
                    vec![
                        ("piece", piece(*p)),
                        ("to", sq(to)),
                        ("from", list(lang, List::Items, &squares).into()),
                        ("example", example.into()),
                    ],
                )
            }
            Error::BadPromotion { to, tier } => {
                let id = match tier {
                    1 | 2 => ids::P10_ERR_PROMOTION_TIER,
                    3 => ids::P10_ERR_PROMOTION_LAST,
                    _ => ids::P10_ERR_PROMOTION_NONE,
                };
                // The first choice of the line is the example of how to say it.
                let code = Kind::promotions(*tier).first().map_or("", |k| k.seed_code());
                (
                    id,
                    vec![
                        ("to", sq(to)),
                        ("list", choice_list(w, lang, *tier).into()),
                        ("code", code.into()),
                    ],
                )
            }
            Error::CannotCastle { why } => {
                (ids::P10_ERR_CANNOT_CASTLE, vec![("why", castle_reason(w, lang, *why).into())])
            }
            Error::LeavesKingInCheck { king, attacker, attacker_piece, .. } => (
                ids::P10_ERR_LEAVES_KING_IN_CHECK,
                vec![
                    ("king", sq(king)),
                    ("attacker", sq(attacker)),
                    ("piece", piece(*attacker_piece)),
                ],
            ),
            Error::PassNotAllowed => (ids::P10_ERR_PASS_NOT_ALLOWED, Vec::new()),
            Error::NoRepetition { occurrences, with } => {
                let n = i64::try_from(*occurrences).unwrap_or(i64::MAX);
                let id = if with.is_some() {
                    ids::P10_ERR_NO_REPETITION_AFTER
                } else {
                    ids::P10_ERR_NO_REPETITION
                };
                (id, vec![("n", n.into())])
            }
            Error::NotYourTurn | Error::NoSuchSeat => (ids::ERR_NOT_A_PLAYER, Vec::new()),
            Error::GameOver => (ids::ERR_GAME_OVER, Vec::new()),
        };
        w.text(lang, id, &args)
    }
}

/// What stops a piece (the engine's [`MoveFault`]) as the clause after "cannot move to …".
fn fault_text(w: &Wording, lang: Lang, mover: Kind, to: &Square, fault: &MoveFault) -> String {
    let piece = |k: Kind| FluentValue::from(piece_word(w, lang, k));
    let sq = |s: &Square| FluentValue::from(s.to_string());
    let (id, args): (Id, Vec<(&str, FluentValue<'_>)>) = match fault {
        MoveFault::NotItsWay => {
            return w.text_of(lang, &format!("p10-how-{}", mover.name()), &[]);
        }
        MoveFault::OwnPiece { at, piece: p } => {
            (ids::P10_FAULT_OWN_PIECE, vec![("at", sq(at)), ("piece", piece(*p))])
        }
        MoveFault::Blocked { at, own, piece: p } => (
            if *own { ids::P10_FAULT_BLOCKED_OWN } else { ids::P10_FAULT_BLOCKED_ENEMY },
            vec![("at", sq(at)), ("piece", piece(*p))],
        ),
        MoveFault::PawnFront { at, own, piece: p } => (
            if *own { ids::P10_FAULT_PAWN_FRONT_OWN } else { ids::P10_FAULT_PAWN_FRONT_ENEMY },
            vec![("at", sq(at)), ("piece", piece(*p))],
        ),
        MoveFault::PawnNothingToTake => (ids::P10_FAULT_PAWN_NOTHING, vec![("to", sq(to))]),
        MoveFault::PawnDoubleOffStart => (ids::P10_FAULT_PAWN_DOUBLE, Vec::new()),
        MoveFault::NoScreen => (ids::P10_FAULT_NO_SCREEN, vec![("piece", piece(mover))]),
        MoveFault::TwoScreens { at, piece: p, .. } => (
            ids::P10_FAULT_TWO_SCREENS,
            vec![("piece", piece(mover)), ("at", sq(at)), ("other", piece(*p))],
        ),
    };
    w.text(lang, id, &args)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::GameResult;
    use crate::games::GameKind;
    use crate::games::perfect10::Move;

    #[test]
    fn piece_names_are_the_engines_english_and_the_seeds_chinese_names() {
        let w = Wording::new();
        for kind in Kind::ALL {
            assert_eq!(piece_word(&w, Lang::En, kind), kind.name(), "{kind:?}");
            // The seed writes Traditional characters: zh-Hant uses its names as they are, and
            // zh-Hans their Simplified forms, which the move parser reads as well.
            assert_eq!(piece_word(&w, Lang::ZhHant, kind), kind.chinese_name(), "{kind:?}");
            let hans = piece_word(&w, Lang::ZhHans, kind);
            let parsed = crate::games::perfect10::chinese_piece(&hans);
            assert_eq!(parsed, Some(kind), "{kind:?}: {hans}");
            for lang in Lang::ALL {
                assert!(w.has(lang, &format!("p10-how-{}", kind.name())), "{kind:?} {lang}");
            }
        }
    }

    #[test]
    fn every_reason_the_engine_ends_a_game_with_is_worded_in_every_language() {
        use crate::games::perfect10::reason;
        let w = Wording::new();
        for code in [
            reason::CHECKMATE,
            reason::FOUR_CHECKS,
            reason::DOUBLE_PASS,
            reason::THREEFOLD_REPETITION,
            reason::MOVE_RULE,
            reason::INSUFFICIENT_MATERIAL,
        ] {
            for lang in Lang::ALL {
                assert!(w.has(lang, &format!("reason-{code}")), "reason-{code} in {lang}");
            }
        }
    }

    #[test]
    fn a_claim_refusal_names_the_count_now_or_after_the_move() {
        let w = Wording::new();
        let text = |with| {
            Voice.error_text(
                &w,
                Lang::En,
                &AnyError::Perfect10(Error::NoRepetition { occurrences: 2, with }),
            )
        };
        let now = text(None);
        assert!(now.contains("occurred 2 times"), "{now}");
        let mv = Move { from: Square::new(4, 2), to: Square::new(4, 4), promotion: None };
        let after = text(Some(mv));
        assert!(after.contains("after that move"), "{after}");
    }

    /// A Perfect 10 x 10 game at its start, as the narrator reads it, with `status` and the
    /// stored result.
    fn table(status: GameStatus, result: Option<GameResult>) -> narrate::Owned {
        let options = crate::games::AnyOptions::default_for(GameKind::Perfect10);
        let game = AnyGame::new(&options, crate::core::Seed(1)).expect("the start position");
        narrate::Owned {
            id: crate::store::GameId(12),
            status,
            stored_result: result,
            ..narrate::Owned::new(game)
        }
    }

    #[test]
    fn captions_say_whose_move_or_the_result_in_characters_the_font_has() {
        let cases = [
            (GameStatus::Active, None, "#12 · ply 0 · white to move", "#12 · 第0手 · 轮到白方"),
            (
                GameStatus::Over,
                Some(GameResult::Winner(Seat(1))),
                "#12 · ply 0 · black wins",
                "#12 · 第0手 · 黑方胜",
            ),
            (GameStatus::Over, Some(GameResult::Draw), "#12 · ply 0 · draw", "#12 · 第0手 · 和局"),
            (GameStatus::Aborted, None, "#12 · ply 0", "#12 · 第0手"),
        ];
        for (status, result, en, zh) in cases {
            let owned = table(status, result);
            let t = owned.snapshot();
            let Some(g) = state(t.game) else { panic!("a Perfect 10 x 10 table") };
            let mut view = g.view(Viewer::Public);
            assert_eq!(caption(&t, &view, Lang::En), en);
            assert_eq!(caption(&t, &view, Lang::ZhHans), zh);
            view.check = Some(Square::new(5, 0));
            for lang in Lang::ALL {
                let text = caption(&t, &view, lang);
                assert!(
                    text.chars().all(|c| c == ' ' || crate::render::can_draw(c)),
                    "{lang}: `{text}` has a character the font lacks"
                );
            }
        }
        let owned = table(GameStatus::Active, None);
        let t = owned.snapshot();
        let Some(g) = state(t.game) else { panic!("a Perfect 10 x 10 table") };
        let mut view = g.view(Viewer::Public);
        view.check = Some(Square::new(5, 0));
        assert_eq!(caption(&t, &view, Lang::ZhHans), "#12 · 第0手 · 轮到白方 · 将军");
    }
}
