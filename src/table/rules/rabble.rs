//! Rabble's rules at the table: the names players type for it, a pick typed in parts, the
//! turns to offer as a player types (a side's turns are infinite), and its draw library.

use crate::core::Seat;
use crate::games::AnyGame;
use crate::games::rabble::{Coord, Kind};

use super::contract::Rules;

/// Names players may type instead of the code (compared trimmed and lowercased).
pub(super) const NAMES: &[&str] =
    &["烏合之眾", "乌合之众", "烏合之眾象棋", "乌合之众象棋", "rabble-chess", "rabblechess"];

/// The pieces of a pick typed without all four (`pick`, `pick R N`, `pick-RN`, `選 車`), or
/// `None` when `text` is something else.
pub(crate) fn partial_pick(text: &str) -> Option<Vec<Kind>> {
    let lower = text.trim().to_lowercase();
    let letters: String = match lower.split_whitespace().collect::<Vec<_>>().as_slice() {
        [word, rest @ ..] if *word == "pick" || *word == "選" => rest.concat(),
        [word] => word.strip_prefix("pick-")?.to_string(),
        _ => return None,
    };
    if letters == "default" {
        return None;
    }
    let kinds: Vec<Kind> = letters.chars().map(Kind::from_char).collect::<Option<_>>()?;
    (kinds.len() < 4).then_some(kinds)
}

/// A pick being built, written so a completion's letter can be appended (`pick R N`).
fn partial_text(text: &str) -> String {
    match partial_pick(text) {
        Some(kinds) => {
            let letters: Vec<String> = kinds.iter().map(|k| k.letter().to_string()).collect();
            format!("pick {}", letters.join(" ")).trim_end().to_string()
        }
        None => text.trim().to_string(),
    }
}

/// Turns to offer as the player types (Discord's autocomplete), each checked by the engine:
/// during selection the default and a few common picks; in play, once a square is typed, the
/// unit's targets from [`text::targets`](crate::games::rabble::text::targets) as whole turns
/// (`7,6x7,8`, `7,6 z+`), else the contact-row pawn turns and the draw offer. A side's turns
/// are infinite, so this is a choice of likely ones, never a list of all.
pub(crate) fn suggestions(
    g: &mut crate::games::rabble::State,
    seat: Seat,
    prefix: &str,
    limit: usize,
) -> Vec<String> {
    use crate::games::rabble::{notation, text};
    let side = crate::games::rabble::game::side(seat);
    let prefix = prefix.trim().to_lowercase();
    let mut candidates: Vec<String> = Vec::new();
    if let Some((_, step)) = g.selecting() {
        let picks: &[&str] = if step == 8 {
            &["pick default", "pick Q K J G", "pick K Q J G", "pick Q J K G", "pick G Q K J"]
        } else {
            &["pick default", "pick R N B C", "pick C B N R", "pick P P P P", "pick N N N N"]
        };
        candidates.extend(picks.iter().map(ToString::to_string));
    } else {
        // The square typed so far: digits, commas and minus signs up to the first operator.
        let origin_text: String =
            prefix.chars().take_while(|c| c.is_ascii_digit() || *c == ',' || *c == '-').collect();
        match Coord::parse(&origin_text).ok().filter(|_| origin_text.contains(',')) {
            Some(origin) => {
                if let Ok(found) = text::targets(g, &origin) {
                    let far = found.rays.iter().flat_map(|r| r.run_end.iter().chain(&r.targets));
                    let steps = found.near.iter().chain(far);
                    candidates.extend(steps.map(|t| format!("{origin_text}{}", t.step)));
                    candidates
                        .extend(found.jumps.iter().map(|j| format!("{origin_text} {}", j.step)));
                }
            }
            None => {
                use crate::games::Game;
                candidates.extend(g.legal_actions(seat).iter().map(notation::format));
            }
        }
    }
    let mut out = Vec::new();
    for text in candidates {
        if out.len() >= limit {
            break;
        }
        if !text.to_lowercase().starts_with(&prefix) || out.contains(&text) {
            continue;
        }
        let legal = notation::parse(&text).is_ok_and(|a| g.validate(side, &a).is_ok());
        if legal {
            out.push(text);
        }
    }
    out
}

/// Rabble's rules.
pub(super) struct Rabble;

impl Rules for Rabble {
    fn names(&self) -> &'static [&'static str] {
        NAMES
    }

    fn partial_text(&self, _game: &AnyGame, _seat: Seat, text: &str) -> String {
        partial_text(text)
    }

    fn suggestions(
        &self,
        game: &mut AnyGame,
        seat: Seat,
        prefix: &str,
        limit: usize,
    ) -> Option<Vec<String>> {
        match game {
            AnyGame::Rabble(g) => Some(suggestions(g, seat, prefix, limit)),
            _ => None,
        }
    }

    fn has_draw_library(&self) -> bool {
        true
    }
}
