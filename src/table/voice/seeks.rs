//! The words of seeks (`/seek`, `/unseek`; docs/community.md "Seeks"): a seek announced, the
//! open seeks listed, a pairing told to both players, a seek lapsed or offered the bot.

use fluent_bundle::FluentValue;

use super::narrate::{game_name, human_duration};
use super::wording::{ids, wording};
use crate::games::GameKind;
use crate::store::GameId;
use crate::table::clock::{Pace, TimeControl};
use crate::table::dates::day_time;
use crate::table::reply::{Lang, date};

/// What a seek asks for, as the voice words it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SeekTerms {
    /// The game.
    pub(crate) kind: GameKind,
    /// Its options that differ from the defaults, `k=v,k=v` (empty: none).
    pub(crate) options: String,
    /// The time control.
    pub(crate) time: TimeControl,
    /// Rated.
    pub(crate) rated: bool,
    /// The exact command that answers it (`/seek ultima clock=live`).
    pub(crate) command: String,
    /// It pairs with every community that allows it (`scope=everywhere`).
    pub(crate) everywhere: bool,
}

/// A date as the reader's local time where the platform shows one, else as a UTC minute.
pub(super) fn when(at: i64) -> FluentValue<'static> {
    date(at, &day_time(at)).into()
}

/// "Ultima (variant=x), live, 10 minutes per move, rated".
pub(crate) fn seek_terms(lang: Lang, terms: &SeekTerms) -> String {
    let w = wording();
    let mut game = game_name(w, lang, terms.kind);
    if !terms.options.is_empty() {
        let (open, close) = if lang.is_chinese() { ("（", "）") } else { (" (", ")") };
        game = format!("{game}{open}{}{close}", terms.options);
    }
    let per = human_duration(i64::from(terms.time.per_move), lang);
    let clock_id = match terms.time.pace {
        Pace::Correspondence => ids::CLOCK_CORRESPONDENCE,
        Pace::Live => ids::CLOCK_LIVE,
    };
    let clock = w.text(lang, clock_id, &[("per", per.into())]);
    let rated = if terms.rated { "yes" } else { "no" };
    w.text(
        lang,
        ids::SEEK_TERMS,
        &[("game", game.into()), ("clock", clock.into()), ("rated", rated.into())],
    )
}

/// A seek announced where it was typed (or, when the same seeker asked again on the same terms,
/// `renewed`: told to them).
pub(crate) fn seek_waiting(
    lang: Lang,
    name: &str,
    terms: &SeekTerms,
    until: i64,
    renewed: bool,
) -> String {
    let text = seek_terms(lang, terms);
    if renewed {
        return wording().text(
            lang,
            ids::SEEK_RENEWED,
            &[("terms", text.into()), ("until", when(until))],
        );
    }
    wording().text(
        lang,
        if terms.everywhere { ids::SEEK_WAITING_EVERYWHERE } else { ids::SEEK_WAITING },
        &[
            ("name", name.into()),
            ("terms", text.into()),
            ("command", terms.command.clone().into()),
            ("until", when(until)),
        ],
    )
}

/// `/seek` alone: the open seeks the reader could answer here, each with its command.
pub(crate) fn seek_list(lang: Lang, seeks: &[(String, SeekTerms)]) -> String {
    let w = wording();
    if seeks.is_empty() {
        return w.text(lang, ids::SEEK_LIST_NONE, &[]);
    }
    let mut lines = vec![w.text(lang, ids::SEEK_LIST, &[])];
    for (name, terms) in seeks {
        lines.push(w.text(
            lang,
            ids::SEEK_LINE,
            &[
                ("name", name.as_str().into()),
                ("terms", seek_terms(lang, terms).into()),
                ("command", terms.command.clone().into()),
            ],
        ));
    }
    lines.join("\n")
}

/// `/unseek` answered: how many seeks it withdrew.
pub(crate) fn unsought(lang: Lang, count: usize) -> String {
    if count == 0 {
        return wording().text(lang, ids::SEEK_UNSEEK_NONE, &[]);
    }
    wording().text(lang, ids::SEEK_UNSEEK_DONE, &[("count", count.into())])
}

/// Who hears of a pairing, and where the game is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Paired {
    /// The answering player, where they typed: the game is in the first seeker's chat.
    Elsewhere,
    /// The answering player, in a group: the game is played in the private chats.
    Private,
    /// The first seeker, privately: the game is in the chat where they asked.
    Answered,
    /// The first seeker, privately: the game is played right there.
    AnsweredPrivate,
}

/// A pairing told to one of its players (`how`), naming the other player and the game.
pub(crate) fn seek_paired(
    lang: Lang,
    how: Paired,
    opponent: &str,
    kind: GameKind,
    id: GameId,
) -> String {
    let w = wording();
    let message = match how {
        Paired::Elsewhere => ids::SEEK_PAIRED_ELSEWHERE,
        Paired::Private => ids::SEEK_PAIRED_PRIVATE,
        Paired::Answered => ids::SEEK_ANSWERED,
        Paired::AnsweredPrivate => ids::SEEK_ANSWERED_PRIVATE,
    };
    w.text(
        lang,
        message,
        &[
            ("opponent", opponent.into()),
            ("game", game_name(w, lang, kind).into()),
            ("id", id.into()),
        ],
    )
}

/// `/settings public-seeks=on|off` answered: whether this community's everywhere seeks pair
/// beyond it now.
pub(crate) fn public_seeks_set(lang: Lang, on: bool) -> String {
    wording().text(lang, if on { ids::SEEK_PUBLIC_ON } else { ids::SEEK_PUBLIC_OFF }, &[])
}

/// A seek lapsed without an opponent.
pub(crate) fn seek_expired(lang: Lang, terms: &SeekTerms) -> String {
    wording().text(lang, ids::SEEK_EXPIRED, &[("terms", seek_terms(lang, terms).into())])
}

/// No one answered for a while: the bot offered, with the command that starts that game.
pub(crate) fn seek_bot_offer(lang: Lang, terms: &SeekTerms, command: &str) -> String {
    wording().text(
        lang,
        ids::SEEK_BOT_OFFER,
        &[("terms", seek_terms(lang, terms).into()), ("command", command.into())],
    )
}
