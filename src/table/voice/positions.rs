//! How a position that cannot start a game is explained: the engines give their reasons as data
//! ([`crate::games::AnyPositionError`]) and each is worded here in the reader's language.

use fluent_bundle::FluentValue;

use super::wording::say;
use crate::table::reply::Lang;

/// Why a `position="…"` was refused, in the reader's words. The engines give Ultima's, Perfect
/// 10 x 10's and Chaos Clock's reasons as data (which rank, which letter, which colour has how
/// many kings), worded here in each language. Some reasons exist only as the parser's English
/// sentence (Dark Fence's and Rabble's parsers, Chaos Clock's malformed fields, Perfect 10 x
/// 10's castling): every reader gets the kind of fault in their language (the text does not
/// read, the position cannot occur, the fields it needs), and an English reader the parser's
/// sentence after it; the refusal around it points to `/rules <game>`, which shows the format
/// with an example.
pub(crate) fn position_error(lang: Lang, e: &crate::games::AnyPositionError) -> String {
    use crate::games::AnyPositionError as P;
    use crate::games::{chaos_clock, perfect10, ultima};
    let detailed = |generic: String, why: &str| {
        if lang.is_chinese() { generic } else { format!("{generic} ({why})") }
    };
    let text = |s: &str| FluentValue::from(s.to_string());
    let n = |v: usize| FluentValue::from(v.to_string());
    // The letters a position may use, from the engines' own pieces.
    let letters = |all: &mut dyn Iterator<Item = char>| {
        text(&all.map(String::from).collect::<Vec<_>>().join(" "))
    };
    let w = super::wording::wording();
    let ultima_color = |c: ultima::Color| super::ultima::color_word(w, lang, c);
    let ultima_piece = |k: ultima::Kind| super::ultima::piece_word(w, lang, k);
    match e {
        P::WrongGame => say(lang, "pos-wrong-game", &[]),
        P::Ultima(e) => {
            use ultima::PositionError as U;
            match e {
                U::Empty => say(lang, "pos-empty", &[]),
                U::RankCount { found } => {
                    say(lang, "pos-rank-count", &[("ranks", n(8)), ("found", n(*found))])
                }
                U::RankLength { rank, squares } => say(
                    lang,
                    "pos-rank-length",
                    &[("rank", rank.to_string().into()), ("squares", n(*squares)), ("files", n(8))],
                ),
                U::BadCharacter { found } => say(
                    lang,
                    "pos-bad-character",
                    &[
                        ("found", text(&found.to_string())),
                        ("letters", letters(&mut ultima::Kind::ALL.iter().map(|k| k.letter()))),
                    ],
                ),
                U::MissingSide => say(lang, "pos-missing-side", &[]),
                U::BadSide { found } => say(lang, "pos-bad-side", &[("found", text(found))]),
                U::Trailing { found } => say(lang, "pos-trailing", &[("found", text(found))]),
                U::KingCount { color, count } => say(
                    lang,
                    "pos-king-count",
                    &[("color", ultima_color(*color).into()), ("count", n(*count))],
                ),
                U::TooMany { color, kind, count, max } => say(
                    lang,
                    "pos-too-many",
                    &[
                        ("color", ultima_color(*color).into()),
                        ("piece", ultima_piece(*kind).into()),
                        ("count", n(*count)),
                        ("max", n(*max)),
                    ],
                ),
                U::KingCapturable { color, king, attacker, attacker_piece } => say(
                    lang,
                    "pos-king-capturable",
                    &[
                        ("color", ultima_color(*color).into()),
                        ("king", king.to_string().into()),
                        ("attacker", attacker.to_string().into()),
                        ("piece", ultima_piece(*attacker_piece).into()),
                    ],
                ),
            }
        }
        P::Perfect10(e) => {
            use perfect10::PositionError as F;
            let color =
                |c: &str| say(lang, if c == "white" { "p10-white" } else { "p10-black" }, &[]);
            match e {
                F::Empty => say(lang, "pos-empty", &[]),
                F::RankCount { found } => {
                    say(lang, "pos-rank-count", &[("ranks", n(10)), ("found", n(*found))])
                }
                F::RankLength { rank, squares } => say(
                    lang,
                    "pos-rank-length",
                    &[
                        ("rank", rank.to_string().into()),
                        ("squares", n(*squares)),
                        ("files", n(10)),
                    ],
                ),
                F::BadCharacter { found } => say(
                    lang,
                    "pos-bad-character",
                    &[
                        ("found", text(&found.to_string())),
                        ("letters", letters(&mut perfect10::Kind::ALL.iter().map(|k| k.letter()))),
                    ],
                ),
                F::BadSide { found } => say(lang, "pos-bad-side", &[("found", text(found))]),
                F::BadCastling { found, why } => {
                    detailed(say(lang, "pos-bad-castling", &[("found", text(found))]), why)
                }
                F::BadEnPassant { found } => {
                    say(lang, "pos-bad-en-passant", &[("found", text(found))])
                }
                F::BadCounter { found } => say(lang, "pos-bad-counter", &[("found", text(found))]),
                F::KingCount { color: c, count } => {
                    say(lang, "pos-king-count", &[("color", color(c).into()), ("count", n(*count))])
                }
                F::PawnRank { square } => {
                    say(lang, "pos-pawn-rank", &[("square", square.to_string().into())])
                }
                F::OpponentInCheck => say(lang, "pos-opponent-in-check", &[]),
                F::Trailing { found } => say(lang, "pos-trailing", &[("found", text(found))]),
            }
        }
        P::ChaosClock(e) => match e {
            chaos_clock::PositionError::Malformed(why) => {
                detailed(say(lang, "pos-chaos-malformed", &[]), why)
            }
            chaos_clock::PositionError::Duplicate(piece) => {
                say(lang, "pos-chaos-duplicate", &[("piece", piece.to_string().into())])
            }
        },
        P::DarkFence(e) => match e {
            crate::games::dark_fence::PositionError::Syntax(why) => {
                detailed(say(lang, "pos-unreadable", &[]), why)
            }
            crate::games::dark_fence::PositionError::Impossible(why) => {
                detailed(say(lang, "pos-impossible", &[]), why)
            }
        },
        P::Rabble(e) => detailed(say(lang, "pos-unreadable", &[]), &e.0),
    }
}
