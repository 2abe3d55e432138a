//! Rabble chess's answers about turns, for its narrator (`rabble.rs`): `/moves`, one square's
//! targets with each ray outcome said once and each price the turn checker's own; a refused
//! turn, worded from the engine's key and values (`rb-err-<key>`), with the pieces that can be
//! hired and, when a refusal's proposal would be refused too, why; and the list and length
//! limits every Rabble answer keeps to.

use super::narrate::{self, Snapshot, msg};
use super::wording::{List, Wording, ids, list};
use crate::games::rabble::{Coord, Kind, TurnError, text};
use crate::games::{AnyError, AnyGame};
use crate::render::{LONG_NUMBER, shorten_numbers};
use crate::table::reply::{Dest, Lang, Outbound};

/// The longest Rabble answer, in characters. Telegram takes 4,096 per message and its adapter
/// splits a longer text into several, so every answer stays one message with room to spare: lists
/// that grow with the game or the input are summarised ([`summarised`]) and anything still longer
/// is cut at a line ([`fit`]).
pub(super) const MAX_ANSWER_CHARS: usize = 3_500;

/// How many characters one list (targets, squares, units, forks) may fill before the rest is
/// counted instead of listed ("… and 12 more").
pub(super) const LIST_CHARS: usize = 900;

/// How many letters of a tall stack are written before its height is given instead.
const LETTERS_SHOWN: usize = 12;

/// A unit's letters (`PPN`), a tall stack's first [`LETTERS_SHOWN`] then its height
/// (`PPPPPPPPPPPP…(40)`).
pub(super) fn letters(unit: &crate::games::rabble::Unit) -> String {
    stack_text(&unit.letters())
}

/// Letters as [`letters`] writes them.
pub(super) fn stack_text(all: &str) -> String {
    let height = all.chars().count();
    if height <= LETTERS_SHOWN {
        return all.to_string();
    }
    let shown: String = all.chars().take(LETTERS_SHOWN).collect();
    format!("{shown}…({height})")
}

/// `items` joined by `sep` while they fit in `budget` characters, the rest counted
/// (`rb-and-more`); at least the first item is always shown.
pub(super) fn summarised(
    w: &Wording,
    lang: Lang,
    items: &[String],
    sep: &str,
    budget: usize,
) -> String {
    let mut out = String::new();
    let mut used = 0;
    for (i, item) in items.iter().enumerate() {
        let add = item.chars().count() + if i == 0 { 0 } else { sep.chars().count() };
        if i > 0 && used + add > budget {
            out.push_str(sep);
            out.push_str(&w.text(lang, ids::RB_AND_MORE, &[("count", (items.len() - i).into())]));
            return out;
        }
        if i > 0 {
            out.push_str(sep);
        }
        out.push_str(item);
        used += add;
    }
    out
}

/// `text` as one message of at most [`MAX_ANSWER_CHARS`] characters: whole lines while they
/// fit, then as much of the next as fits and a note (`rb-cut`) that the rest is left out.
pub(super) fn fit(w: &Wording, lang: Lang, text: String) -> String {
    if text.chars().count() <= MAX_ANSWER_CHARS {
        return text;
    }
    // Squares far out are written whole while the answer fits; beyond, their long numbers
    // are shortened to their first and last digits with the digit count (`rb-long-number`).
    let text = short_numbers(w, lang, &text);
    if text.chars().count() <= MAX_ANSWER_CHARS {
        return text;
    }
    let note = w.text(lang, ids::RB_CUT, &[]);
    let room = MAX_ANSWER_CHARS.saturating_sub(note.chars().count() + 2);
    let mut out = String::new();
    let mut used = 0;
    for line in text.lines() {
        let n = line.chars().count() + 1;
        if used + n > room {
            let part: String = line.chars().take(room.saturating_sub(used + 1)).collect();
            if !part.is_empty() {
                out.push_str(&part);
                out.push_str("…\n");
            }
            break;
        }
        out.push_str(line);
        out.push('\n');
        used += n;
    }
    out.push_str(&note);
    out
}

/// `text` with every number longer than [`LONG_NUMBER`] digits shortened to its first and last
/// digits and its digit count (`rb-long-number`: `12345678…87654321 (4000 digits)`).
pub(super) fn short_numbers(w: &Wording, lang: Lang, text: &str) -> String {
    shorten_numbers(text, LONG_NUMBER, |head, tail, digits| {
        w.text(
            lang,
            ids::RB_LONG_NUMBER,
            &[("head", head.into()), ("tail", tail.into()), ("digits", digits.to_string().into())],
        )
    })
}

/// The most characters a square, a turn or a layer takes in an answer before it is shortened
/// ([`long_text`]).
pub(super) const SQUARE_CHARS: usize = 400;

/// A square, a turn or any text holding squares, as an answer writes it: whole up to
/// [`SQUARE_CHARS`] characters; beyond, its long numbers shortened ([`short_numbers`]); and if
/// that is still too long, a square's keyed higher dimensions after the first ones counted
/// (`(0,0,0;d4=0,d5=0,… and 988 more)`, [`summarised`]), anything else cut with `…`. So a
/// square far out or in a thousand dimensions never fills a message by itself.
pub(super) fn long_text(w: &Wording, lang: Lang, text: &str) -> String {
    if text.chars().count() <= SQUARE_CHARS {
        return text.to_string();
    }
    let text = short_numbers(w, lang, text);
    if text.chars().count() <= SQUARE_CHARS {
        return text;
    }
    let square = text.starts_with('(') && text.ends_with(')') && text.matches('(').count() == 1;
    match text.split_once(';') {
        Some((head, keyed)) if square && head.chars().count() < SQUARE_CHARS / 2 => {
            let items: Vec<String> =
                keyed.trim_end_matches(')').split(',').map(str::to_string).collect();
            let budget = SQUARE_CHARS - head.chars().count();
            format!("{head};{})", summarised(w, lang, &items, ",", budget))
        }
        _ => {
            let cut: String = text.chars().take(SQUARE_CHARS).collect();
            format!("{cut}…")
        }
    }
}

/// A coordinate that does not read, in words (`rb-err-coord-<key>`).
pub(super) fn coord_error(
    w: &Wording,
    lang: Lang,
    e: &crate::games::rabble::coord::CoordError,
) -> String {
    w.text_of(lang, &format!("rb-err-coord-{}", e.key()), &[("text", e.text().into())])
}

/// The pieces that can be hired, as the reader may type them: the letters, each with its
/// Chinese name in the reader's script for a Chinese reader (`P 兵、N 马、…` or `P 兵、N 馬、…`),
/// written as the notation reads them ([`Kind::from_char`]), like a piece button's label.
fn hired_codes(lang: Lang) -> String {
    let codes: Vec<String> = Kind::HIRED
        .iter()
        .map(|k| match lang {
            Lang::En => k.letter().to_string(),
            Lang::ZhHans => format!("{} {}", k.letter(), k.hanzi_simplified()),
            Lang::ZhHant => format!("{} {}", k.letter(), k.hanzi()),
        })
        .collect();
    list(lang, List::Items, &codes)
}

/// A rule's refusal in words (`rb-err-<key>`), or `None` when its key has no message. When
/// the refusal's proposal would be refused too, its statement (`rb-err-<key>`, without the
/// proposal) and the proposal's own refusal, in one sentence (`rb-err-proposal-refused`).
/// The step kinds it names (`MOVE`, `JUMP3`, …) are worded as `rb-step-<kind>`.
fn rule_text(w: &Wording, lang: Lang, t: &TurnError) -> Option<String> {
    let mut args: Vec<(&str, fluent_bundle::FluentValue<'_>)> = t
        .args
        .iter()
        .map(|(k, v)| {
            let v = match *k {
                "step" | "earlier" => {
                    w.text_of(lang, &format!("rb-step-{}", v.to_lowercase()), &[])
                }
                _ => long_text(w, lang, v),
            };
            (*k, v.into())
        })
        .collect();
    args.push(("pieces", hired_codes(lang).into()));
    let id = format!("rb-err-{}", t.key);
    let statement = w.has(lang, &id).then(|| w.text_of(lang, &id, &args))?;
    let Some(instead) = &t.instead else { return Some(statement) };
    let fix = t.args.iter().find(|(k, _)| *k == "fix").map_or("", |(_, v)| v.as_str());
    Some(w.text(
        lang,
        ids::RB_ERR_PROPOSAL_REFUSED,
        &[
            ("statement", statement.into()),
            ("fix", long_text(w, lang, fix).into()),
            ("reason", rule_text(w, lang, instead).unwrap_or_else(|| instead.to_string()).into()),
        ],
    ))
}

/// A refused turn, worded in `lang` from the engine's key and values (`rb-err-<key>`, and
/// `rb-err-syntax-<key>` for a turn that does not read), inside the frame `rb-refused`. A key
/// without a message (none, as a test checks) falls back to the engine's English.
pub(super) fn error_text(w: &Wording, lang: Lang, error: &AnyError) -> String {
    use crate::games::rabble::{Error, notation::NotationError};
    let AnyError::Rabble(e) = error else { return narrate::common_error_text(w, lang, error) };
    let worded = |id: String, args: Vec<(&str, String)>| {
        let mut args: Vec<(&str, fluent_bundle::FluentValue<'_>)> =
            args.into_iter().map(|(k, v)| (k, v.into())).collect();
        args.push(("pieces", hired_codes(lang).into()));
        w.has(lang, &id).then(|| w.text_of(lang, &id, &args))
    };
    let detail = match e {
        Error::GameOver => return w.text(lang, ids::ERR_GAME_OVER, &[]),
        Error::NotYourTurn => return w.text(lang, ids::ERR_NOT_YOUR_TURN, &[]),
        Error::Turn(t) => rule_text(w, lang, t),
        Error::Notation(NotationError::Syntax { text, key, detail, .. }) => worded(
            format!("rb-err-syntax-{key}"),
            vec![("text", text.clone()), ("detail", detail.clone())],
        ),
        Error::Notation(NotationError::Coord(c)) => {
            worded(format!("rb-err-coord-{}", c.key()), vec![("text", c.text().to_string())])
        }
    };
    let detail = detail.unwrap_or_else(|| e.to_string());
    fit(w, lang, w.text(lang, ids::RB_REFUSED, &[("detail", detail.into())]))
}

/// Rays of one outcome, each part its arrows (or `rb-ray-all` for all eight) with what lies on
/// them: the outcome is said once (`rb-ray-blocked`: "blocked at once: ↑ ↖ ↗ (then …); …").
fn ray_lines(w: &Wording, lang: Lang, rays: &[text::RayTargets]) -> Vec<String> {
    let and = |items: Vec<String>| {
        items
            .into_iter()
            .reduce(|first, second| {
                w.text(lang, ids::RB_RAY_AND, &[("first", first.into()), ("second", second.into())])
            })
            .unwrap_or_default()
    };
    text::grouped(rays)
        .into_iter()
        .map(|group| {
            let parts: Vec<String> = group
                .parts
                .iter()
                .map(|part| {
                    let arrows = if part.is_all() {
                        w.text(lang, ids::RB_RAY_ALL, &[])
                    } else {
                        part.arrows.join(" ")
                    };
                    let mut details = Vec::new();
                    if !part.blockers.is_empty() {
                        let blockers: Vec<String> = part
                            .blockers
                            .iter()
                            .map(|(u, k)| {
                                w.text(
                                    lang,
                                    ids::RB_RAY_BLOCKER,
                                    &[("unit", stack_text(u).into()), ("k", k.to_string().into())],
                                )
                            })
                            .collect();
                        let blockers = list(lang, List::Items, &blockers);
                        details.push(w.text(
                            lang,
                            ids::RB_RAY_THEN,
                            &[("blockers", blockers.into())],
                        ));
                    }
                    let mut reached: Vec<String> = part
                        .run_end
                        .iter()
                        .map(|d| w.text(lang, ids::RB_RAY_RUN, &[("target", d.to_string().into())]))
                        .collect();
                    reached.extend(part.targets.iter().map(ToString::to_string));
                    if !reached.is_empty() {
                        let targets = reached.join(" ");
                        details.push(w.text(
                            lang,
                            ids::RB_RAY_REACHES,
                            &[("targets", targets.into())],
                        ));
                    }
                    if details.is_empty() {
                        arrows
                    } else {
                        w.text(
                            lang,
                            ids::RB_RAY_PART,
                            &[("arrows", arrows.into()), ("details", and(details).into())],
                        )
                    }
                })
                .collect();
            let rays = ("rays", and(parts).into());
            match group.empty {
                None => w.text(lang, ids::RB_RAY_OPEN, &[rays]),
                Some(n) if n.is_zero() => w.text(lang, ids::RB_RAY_BLOCKED, &[rays]),
                Some(n) => {
                    w.text(lang, ids::RB_RAY_EMPTY, &[rays, ("count", n.to_string().into())])
                }
            }
        })
        .collect()
}

/// `/moves <square>`: where the unit on a square can go, one origin at a time (spec §11.5): its
/// targets within four squares, its rays (each outcome once, with the directions that share
/// it) with their blockers, its jumps, each stacking or paying step with what the turn costs.
/// The targets are written in the turn notation players type.
///
/// # Errors
/// The square does not read or is empty, in words.
pub(super) fn moves_message(
    w: &Wording,
    lang: Lang,
    t: &Snapshot<'_>,
    square: &str,
    to: Dest,
) -> Option<Result<Outbound, String>> {
    let AnyGame::Rabble(g) = &t.game else { return None };
    let origin = match Coord::parse(square.trim()) {
        Ok(origin) => origin,
        Err(e) => return Some(Err(coord_error(w, lang, &e))),
    };
    let Ok(found) = text::targets(g, &origin) else {
        let from = long_text(w, lang, &origin.to_string());
        return Some(Err(w.text(lang, ids::RB_ERR_EMPTY_ORIGIN, &[("from", from.into())])));
    };
    let targets = |items: &[text::Target]| {
        if items.is_empty() {
            return w.text(lang, ids::RB_MOVES_NOTHING, &[]);
        }
        let items: Vec<String> = items.iter().map(ToString::to_string).collect();
        summarised(w, lang, &items, " ", LIST_CHARS)
    };
    let mut lines = vec![w.text(
        lang,
        ids::RB_MOVES,
        &[
            ("id", t.id.into()),
            ("unit", stack_text(&found.unit).into()),
            ("square", long_text(w, lang, &origin.to_string()).into()),
        ],
    )];
    lines.push(w.text(lang, ids::RB_MOVES_NEAR, &[("targets", targets(&found.near).into())]));
    lines.extend(ray_lines(w, lang, &found.rays));
    let jumps = ("jumps", targets(&found.jumps).into());
    let next = ("next", found.next_dim.to_string().into());
    lines.push(w.text(lang, ids::RB_MOVES_JUMPS, &[jumps, next]));
    if found.queen {
        lines.push(w.text(lang, ids::RB_MOVES_QUEEN, &[]));
    }
    Some(Ok(msg(t, to, fit(w, lang, lines.join("\n")))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Seat;
    use crate::games::Game;
    use crate::games::rabble::{Options, State};

    /// The wording keys of the engine's refusals, read from its source: each `refuse("code", …)`
    /// is worded by the `.key("…")` that follows it, or else by its code; each notation mistake
    /// by the key its `syntax(original, "key", …)` call names.
    fn refusal_keys() -> Vec<String> {
        let state = include_str!("../../../crates/games/src/games/rabble/state.rs");
        let mut keys = Vec::new();
        let mut rest = state;
        while let Some(at) = rest.find("refuse(") {
            let call = &rest[at + "refuse(".len()..];
            let Some(quoted) = call.trim_start().strip_prefix('"') else {
                rest = call; // the definition, `fn refuse(code: …`
                continue;
            };
            let code = quoted.split('"').next().unwrap_or_default().to_string();
            // The call's end: parentheses balanced, string literals skipped.
            let (mut depth, mut in_string, mut end) = (1, false, 0);
            for (i, c) in call.char_indices() {
                match (c, in_string) {
                    ('"', _) => in_string = !in_string,
                    ('(', false) => depth += 1,
                    (')', false) => depth -= 1,
                    _ => {}
                }
                if depth == 0 {
                    end = i + 1;
                    break;
                }
            }
            let after = call[end..].trim_start();
            let key = after
                .strip_prefix(".key(\"")
                .and_then(|k| k.split('"').next())
                .map_or(code, ToString::to_string);
            keys.push(format!("rb-err-{key}"));
            rest = &call[end..];
        }
        // A proposal's statement without it: the first string its `.proposing(…)` call names.
        for call in state.split(".proposing(").skip(1) {
            if let Some(key) = call.split('"').nth(1) {
                keys.push(format!("rb-err-{key}"));
            }
        }
        let notation = include_str!("../../../crates/games/src/games/rabble/notation.rs");
        for part in notation.split("syntax(").skip(1) {
            let mut words = part.split(',');
            if words.next().map(str::trim) == Some("original")
                && let Some(key) = words.next().and_then(|k| k.trim().strip_prefix('"'))
            {
                keys.push(format!("rb-err-syntax-{}", key.trim_end_matches('"')));
            }
        }
        keys.push("rb-err-syntax-unexpected".into());
        keys.push("rb-err-syntax-drop-piece".into()); // `unknown_hire`
        // A coordinate's refusals: the keys its `CoordError::key` returns.
        let coord = include_str!("../../../crates/games/src/games/rabble/coord.rs");
        let body = coord.split("pub fn key(").nth(1).unwrap_or_default();
        let body = body.split("\n    }\n").next().unwrap_or_default();
        for arm in body.split("=> \"").skip(1) {
            keys.push(format!("rb-err-coord-{}", arm.split('"').next().unwrap_or_default()));
        }
        keys.sort();
        keys.dedup();
        keys
    }

    #[test]
    fn a_long_list_shows_what_fits_and_counts_the_rest_and_a_short_one_is_whole() {
        let w = Wording::new();
        let items: Vec<String> = (0..500).map(|i| format!("x{i},{i}")).collect();
        assert_eq!(summarised(&w, Lang::En, &items[..3], " ", LIST_CHARS), "x0,0 x1,1 x2,2");
        let text = summarised(&w, Lang::En, &items, " ", LIST_CHARS);
        let shown: Vec<&str> = text.split(' ').take_while(|t| t.starts_with('x')).collect();
        assert_eq!(shown, items[..shown.len()].iter().map(String::as_str).collect::<Vec<_>>());
        assert!(shown.join(" ").chars().count() <= LIST_CHARS, "{text}");
        assert!(shown.len() > 50, "as many as fit: {text}");
        assert!(text.ends_with(&format!(" … and {} more", 500 - shown.len())), "{text}");
        let zh = summarised(&w, Lang::ZhHans, &items, "、", 100);
        let shown = zh.split('、').take_while(|t| t.starts_with('x')).count();
        assert!(zh.ends_with(&format!("、……另有 {} 项", 500 - shown)), "{zh}");
        // One item longer than the budget is still shown, alone.
        let huge = vec!["y".repeat(2 * LIST_CHARS), "z".to_string()];
        let text = summarised(&w, Lang::En, &huge, " ", LIST_CHARS);
        assert_eq!(text, format!("{} … and 1 more", huge[0]));
    }

    #[test]
    fn an_answer_over_the_cap_keeps_its_first_lines_and_says_the_rest_is_left_out() {
        let w = Wording::new();
        assert_eq!(fit(&w, Lang::En, "short\nanswer".into()), "short\nanswer");
        let long: String = (0..1_000).map(|i| format!("line {i}\n")).collect();
        for lang in Lang::ALL {
            let cut = fit(&w, lang, long.clone());
            assert!(cut.chars().count() <= MAX_ANSWER_CHARS, "{lang}: {}", cut.chars().count());
            let note = w.text(lang, ids::RB_CUT, &[]);
            let (kept, end) = cut.rsplit_once('\n').expect("lines, then the note");
            assert_eq!(end, note);
            assert!(long.starts_with(kept.trim_end_matches('…')), "{lang}: {kept}");
            assert!(kept.lines().count() > 300, "as many lines as fit");
        }
        // A single line longer than a message is cut inside.
        let one = "x".repeat(10 * MAX_ANSWER_CHARS);
        let cut = fit(&w, Lang::En, one);
        assert!(cut.chars().count() <= MAX_ANSWER_CHARS);
        assert!(cut.starts_with("xxxx") && cut.contains("x…\n("), "{cut:.40}");
    }

    #[test]
    fn every_refusal_the_engine_can_give_is_worded_in_every_language() {
        let keys = refusal_keys();
        assert!(keys.len() > 60, "the scan finds the refusals: {keys:?}");
        assert!(keys.contains(&"rb-err-use-capture".to_string()), "{keys:?}");
        assert!(keys.contains(&"rb-err-enemy-target".to_string()), "{keys:?}");
        assert!(keys.contains(&"rb-err-selecting-uniques".to_string()), "{keys:?}");
        assert!(keys.contains(&"rb-err-syntax-layer-jump".to_string()), "{keys:?}");
        assert!(keys.contains(&"rb-err-coord-omega".to_string()), "{keys:?}");
        assert!(keys.contains(&"rb-err-coord-transfinite".to_string()), "{keys:?}");
        let w = Wording::new();
        for key in &keys {
            for lang in Lang::ALL {
                assert!(w.has(lang, key), "{key} in {lang}");
            }
        }
    }

    #[test]
    fn refusals_read_in_english_as_the_engine_words_them_and_in_chinese_without_english() {
        let w = Wording::new();
        let mut game = State::start(&Options { select: false, ..Options::default() });
        let red = Seat(0);
        // One ply first, so that Blue's own pawns and the emptied squares can be refused too.
        let first = game.parse_action(red, "7,6x7,8").expect("the seed's first move reads");
        game.play(red, &first).expect("the seed's first move");
        let blue = Seat(1);
        let cases = [
            "3,7>3,6",     // use-capture
            "3,7x3,8",     // own-unit
            "7,6>7,5",     // empty-origin
            "3,5x3,3",     // not-yours
            "3,7,1x3,5,2", // other-layer
            "3,7>3,3",     // geometry
            "drop K@3,6",  // bad-drop
            "drop P@3,5",  // drop-enemy
            "3,7 z+",      // jump into a full square
            "pass",        // syntax-pass
            "pick R",      // syntax-pick
            "3,7 z*",      // syntax-layer-jump
            "ω,1>2,2",     // coord-omega
            "1e99,1>2,2",  // coord-syntax
            "3,7x3,5x3,4", // twice
            "3,7>3,6x3,5", // combination: a move, then a capture (rule 1)
            "drop X@3,6",  // syntax-drop-piece
            "drop 象@3,6", // syntax-drop-piece, a Chinese name the notation does not know
        ];
        let mut keys = std::collections::BTreeSet::new();
        for text in cases {
            let error = match game.parse_action(blue, text) {
                Err(e) => e,
                Ok(action) => game.clone().play(blue, &action).expect_err(text),
            };
            let en = error_text(&w, Lang::En, &AnyError::Rabble(error.clone()));
            assert_eq!(en, format!("Not played: {error}. Nothing changed."), "{text}");
            let zh = error_text(&w, Lang::ZhHans, &AnyError::Rabble(error.clone()));
            assert!(zh.starts_with("未走："), "{text}: {zh}");
            for word in ["holds", "empty", "cannot", "write", "unit", "square"] {
                assert!(!zh.contains(word), "{text}: English `{word}` in {zh}");
            }
            keys.insert(match &error {
                crate::games::rabble::Error::Turn(t) => t.key.to_string(),
                other => other.to_string(),
            });
        }
        assert!(keys.len() >= 12, "the cases reach different refusals: {keys:?}");
        // 3,3 holds Red's pawn, which Blue's pawn on 3,7 cannot capture either: the refusal
        // says so instead of proposing x.
        assert!(keys.contains("enemy-target"), "{keys:?}");
    }

    // Issue 42: a drop of an unknown piece names the pieces that can be hired, by letter and,
    // for a Chinese reader, by the Chinese name the notation reads in the reader's script.
    #[test]
    fn an_unknown_piece_in_a_drop_is_refused_with_the_pieces_that_can_be_hired() {
        let w = Wording::new();
        let mut game = State::start(&Options { select: false, ..Options::default() });
        for typed in ["drop X@7,9", "drop 象@7,9", "X*7,9"] {
            let error = game.parse_action(Seat(0), typed).expect_err(typed);
            let en = error_text(&w, Lang::En, &AnyError::Rabble(error.clone()));
            assert!(en.contains("the pieces that can be hired are P, N, R, B, C, Q, G"), "{en}");
            for (lang, simplified) in [(Lang::ZhHans, true), (Lang::ZhHant, false)] {
                let zh = error_text(&w, lang, &AnyError::Rabble(error.clone()));
                for kind in Kind::HIRED {
                    let name = if simplified { kind.hanzi_simplified() } else { kind.hanzi() };
                    assert_eq!(Kind::from_char(name), Some(kind), "the notation reads {name}");
                    let code = format!("{} {name}", kind.letter());
                    assert!(zh.contains(&code), "{lang}: {code} in {zh}");
                }
                for royal in [Kind::K, Kind::J] {
                    assert!(!zh.contains(&format!("{} ", royal.letter())), "{lang}: {zh}");
                }
            }
        }
        let zh = error_text(
            &w,
            Lang::ZhHans,
            &AnyError::Rabble(game.parse_action(Seat(0), "drop X@7,9").expect_err("X")),
        );
        assert!(zh.contains("N 马、R 车"), "the reader's script: {zh}");
        // The King, hired by its own letter, is refused with the same list.
        let action = game.parse_action(Seat(0), "drop K@7,9").expect("a drop reads");
        let error = game.play(Seat(0), &action).expect_err("no King is hired");
        let en = error_text(&w, Lang::En, &AnyError::Rabble(error));
        assert!(en.contains("cannot be hired; the pieces that can be hired are P, N,"), "{en}");
    }
}
