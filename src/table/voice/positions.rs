//! How a position that cannot start a game is explained: the engines give their reasons as data
//! ([`crate::games::AnyPositionError`]) and each is worded here in the reader's language.

use fluent_bundle::FluentValue;

use super::wording::{ids, say};
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
        P::WrongGame => say(lang, ids::POS_WRONG_GAME, &[]),
        P::Ultima(e) => {
            use ultima::PositionError as U;
            match e {
                U::Empty => say(lang, ids::POS_EMPTY, &[]),
                U::RankCount { found } => {
                    say(lang, ids::POS_RANK_COUNT, &[("ranks", n(8)), ("found", n(*found))])
                }
                U::RankLength { rank, squares } => say(
                    lang,
                    ids::POS_RANK_LENGTH,
                    &[("rank", rank.to_string().into()), ("squares", n(*squares)), ("files", n(8))],
                ),
                U::BadCharacter { found } => say(
                    lang,
                    ids::POS_BAD_CHARACTER,
                    &[
                        ("found", text(&found.to_string())),
                        ("letters", letters(&mut ultima::Kind::ALL.iter().map(|k| k.letter()))),
                    ],
                ),
                U::MissingSide => say(lang, ids::POS_MISSING_SIDE, &[]),
                U::BadSide { found } => say(lang, ids::POS_BAD_SIDE, &[("found", text(found))]),
                U::Trailing { found } => say(lang, ids::POS_TRAILING, &[("found", text(found))]),
                U::KingCount { color, count } => say(
                    lang,
                    ids::POS_KING_COUNT,
                    &[("color", ultima_color(*color).into()), ("count", n(*count))],
                ),
                U::TooMany { color, kind, count, max } => say(
                    lang,
                    ids::POS_TOO_MANY,
                    &[
                        ("color", ultima_color(*color).into()),
                        ("piece", ultima_piece(*kind).into()),
                        ("count", n(*count)),
                        ("max", n(*max)),
                    ],
                ),
                U::KingCapturable { color, king, attacker, attacker_piece } => say(
                    lang,
                    ids::POS_KING_CAPTURABLE,
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
            let color = |c: &str| {
                say(lang, if c == "white" { ids::P10_WHITE } else { ids::P10_BLACK }, &[])
            };
            match e {
                F::Empty => say(lang, ids::POS_EMPTY, &[]),
                F::RankCount { found } => {
                    say(lang, ids::POS_RANK_COUNT, &[("ranks", n(10)), ("found", n(*found))])
                }
                F::RankLength { rank, squares } => say(
                    lang,
                    ids::POS_RANK_LENGTH,
                    &[
                        ("rank", rank.to_string().into()),
                        ("squares", n(*squares)),
                        ("files", n(10)),
                    ],
                ),
                F::BadCharacter { found } => say(
                    lang,
                    ids::POS_BAD_CHARACTER,
                    &[
                        ("found", text(&found.to_string())),
                        ("letters", letters(&mut perfect10::Kind::ALL.iter().map(|k| k.letter()))),
                    ],
                ),
                F::BadSide { found } => say(lang, ids::POS_BAD_SIDE, &[("found", text(found))]),
                F::BadCastling { found, why } => {
                    detailed(say(lang, ids::POS_BAD_CASTLING, &[("found", text(found))]), why)
                }
                F::BadEnPassant { found } => {
                    say(lang, ids::POS_BAD_EN_PASSANT, &[("found", text(found))])
                }
                F::BadCounter { found } => {
                    say(lang, ids::POS_BAD_COUNTER, &[("found", text(found))])
                }
                F::KingCount { color: c, count } => say(
                    lang,
                    ids::POS_KING_COUNT,
                    &[("color", color(c).into()), ("count", n(*count))],
                ),
                F::PawnRank { square } => {
                    say(lang, ids::POS_PAWN_RANK, &[("square", square.to_string().into())])
                }
                F::OpponentInCheck => say(lang, ids::POS_OPPONENT_IN_CHECK, &[]),
                F::Trailing { found } => say(lang, ids::POS_TRAILING, &[("found", text(found))]),
            }
        }
        P::ChaosClock(e) => match e {
            chaos_clock::PositionError::Malformed(why) => {
                detailed(say(lang, ids::POS_CHAOS_MALFORMED, &[]), why)
            }
            chaos_clock::PositionError::Duplicate(piece) => {
                say(lang, ids::POS_CHAOS_DUPLICATE, &[("piece", piece.to_string().into())])
            }
        },
        P::DarkFence(e) => match e {
            crate::games::dark_fence::PositionError::Syntax(why) => {
                detailed(say(lang, ids::POS_UNREADABLE, &[]), why)
            }
            crate::games::dark_fence::PositionError::Impossible(why) => {
                detailed(say(lang, ids::POS_IMPOSSIBLE, &[]), why)
            }
        },
        P::Rabble(e) => detailed(say(lang, ids::POS_UNREADABLE, &[]), &e.0),
    }
}
