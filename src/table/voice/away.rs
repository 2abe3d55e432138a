//! The words of time away from the table and of who follows what (docs/community.md):
//! vacations, the daily digest, the waiting games' lines, linked accounts, `/follow`.

use fluent_bundle::FluentValue;

use super::wording::{List, ids, list, wording};
use crate::store::{GameId, Platform};
use crate::table::dates::day_time;
use crate::table::notice::GameLine;
use crate::table::reply::{Lang, date};
use crate::table::types::Table;

/// A date as the reader's local time where the platform shows one, else as a UTC minute.
fn when(at: i64) -> FluentValue<'static> {
    date(at, &day_time(at)).into()
}

/// `#3, #5` (`#3、#5` in Chinese): the games named in one sentence.
fn ids_text(lang: Lang, ids: &[GameId]) -> String {
    let ids: Vec<String> = ids.iter().map(|id| format!("#{id}")).collect();
    list(lang, List::Items, &ids)
}

/// A platform's name as players know it.
fn platform_name(platform: Platform) -> &'static str {
    match platform {
        Platform::Console => "Console",
        Platform::Script => "Script",
        Platform::Bench => "Bench",
        Platform::Telegram => "Telegram",
        Platform::Discord => "Discord",
    }
}

/// `/vacation` without a word: the vacation running until `until`, or none, with the days
/// `left` of the year's `allowance`.
pub(crate) fn vacation_status(lang: Lang, until: Option<i64>, left: i64, allowance: i64) -> String {
    let w = wording();
    match until {
        Some(until) => w.text(
            lang,
            ids::VACATION_STATUS_ON,
            &[("until", when(until)), ("left", left.into()), ("allowance", allowance.into())],
        ),
        None => w.text(
            lang,
            ids::VACATION_STATUS_OFF,
            &[("left", left.into()), ("allowance", allowance.into())],
        ),
    }
}

/// `/vacation off`: the vacation ended early, with the days `left` of the `allowance`.
pub(crate) fn vacation_ended(lang: Lang, left: i64, allowance: i64) -> String {
    wording().text(
        lang,
        ids::VACATION_ENDED,
        &[("left", left.into()), ("allowance", allowance.into())],
    )
}

/// Told to a chat: `name` is away until `until`, and the clocks of `games` there wait.
pub(crate) fn vacation_told(lang: Lang, name: &str, until: i64, games: &[GameId]) -> String {
    wording().text(
        lang,
        ids::VACATION_TOLD,
        &[
            ("name", name.to_string().into()),
            ("until", when(until)),
            ("games", ids_text(lang, games).into()),
        ],
    )
}

/// `/vacation <days>` answered: away until `until`, the `games` paused (none, maybe), the days
/// `left` of the `allowance`.
pub(crate) fn vacation_started(
    lang: Lang,
    until: i64,
    games: &[GameId],
    left: i64,
    allowance: i64,
) -> String {
    let w = wording();
    let games = if games.is_empty() {
        w.text(lang, ids::VACATION_NO_GAMES, &[])
    } else {
        ids_text(lang, games)
    };
    w.text(
        lang,
        ids::VACATION_STARTED,
        &[
            ("until", when(until)),
            ("games", games.into()),
            ("left", left.into()),
            ("allowance", allowance.into()),
        ],
    )
}

/// A vacation ran to its end, told privately with the games `waiting` for the player.
pub(crate) fn vacation_over(lang: Lang, waiting: &[GameLine]) -> String {
    let mut text = wording().text(lang, ids::VACATION_OVER, &[]);
    if !waiting.is_empty() {
        text.push_str("\n\n");
        text.push_str(&GameLine::list_text(lang, waiting));
    }
    text
}

/// Told to a chat: `name` is back early, and the clocks of `games` there run again.
pub(crate) fn vacation_back(lang: Lang, name: &str, games: &[GameId]) -> String {
    wording().text(
        lang,
        ids::VACATION_BACK_TOLD,
        &[("name", name.to_string().into()), ("games", ids_text(lang, games).into())],
    )
}

/// The daily digest: the games `waiting` for the reader.
pub(crate) fn digest(lang: Lang, waiting: &[GameLine]) -> String {
    let w = wording();
    let mut text = w.text(lang, ids::DIGEST_HEADER, &[("count", waiting.len().into())]);
    text.push('\n');
    text.push_str(&GameLine::list_text(lang, waiting));
    text.push_str("\n\n");
    text.push_str(&w.text(lang, ids::DIGEST_FOOTER, &[]));
    text
}

/// How much time a waiting game's decision has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Timing {
    /// No deadline (an invitation).
    Untimed,
    /// Its clock waits for the player's vacation, which ends then (unix seconds).
    PausedUntil(i64),
    /// This many seconds are left.
    Left(i64),
}

/// One game waiting for the reader, with its timing, and the platform it is on when that is
/// not the one the reader asks from.
pub(crate) fn waiting_line(
    lang: Lang,
    t: &Table,
    timing: Timing,
    elsewhere: Option<Platform>,
) -> GameLine {
    let w = wording();
    let mut line = super::table::game_line(lang, t);
    line = match timing {
        Timing::Untimed => line,
        Timing::PausedUntil(until) => {
            w.text(lang, ids::GAMES_LINE_PAUSED, &[("line", line.into()), ("until", when(until))])
        }
        Timing::Left(left) => w.text(
            lang,
            ids::GAMES_LINE_TIMED,
            &[("line", line.into()), ("left", super::narrate::human_duration(left, lang).into())],
        ),
    };
    if let Some(p) = elsewhere {
        line = w.text(
            lang,
            ids::GAMES_LINE_PLATFORM,
            &[("platform", platform_name(p).into()), ("line", line.into())],
        );
    }
    GameLine::Worded(line)
}

/// `Telegram Alice, Discord alice` (in `lang`'s list): accounts by platform and shown name.
fn accounts_text(lang: Lang, accounts: &[(Platform, String)]) -> String {
    let names: Vec<String> =
        accounts.iter().map(|(p, name)| format!("{} {name}", platform_name(*p))).collect();
    list(lang, List::Items, &names)
}

/// `/link`: the `code` to type on the other account within `minutes`, and the accounts
/// already `linked`.
pub(crate) fn link_code(
    lang: Lang,
    code: &str,
    minutes: i64,
    linked: &[(Platform, String)],
) -> String {
    let w = wording();
    let mut text = w.text(
        lang,
        ids::LINK_CODE,
        &[("code", code.to_string().into()), ("minutes", minutes.into())],
    );
    if !linked.is_empty() {
        text.push('\n');
        text.push_str(&w.text(
            lang,
            ids::LINK_LINKED,
            &[("accounts", accounts_text(lang, linked).into())],
        ));
    }
    text
}

/// Accounts linked: the reader's others now.
pub(crate) fn linked(lang: Lang, others: &[(Platform, String)]) -> String {
    wording().text(lang, ids::LINK_DONE, &[("accounts", accounts_text(lang, others).into())])
}

/// `/unlink` answered: whether the account `was` linked.
pub(crate) fn unlinked(lang: Lang, was: bool) -> String {
    wording().text(lang, if was { ids::UNLINK_DONE } else { ids::UNLINK_NOT }, &[])
}

/// What `/follow` or `/unfollow` named.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Following {
    /// A game.
    Game(GameId),
    /// A player, by the name shown for them.
    Player(String),
}

/// `/follow` (`on`) or `/unfollow` answered: whether it `changed` anything (else it was
/// already so).
pub(crate) fn follow(lang: Lang, what: &Following, on: bool, changed: bool) -> String {
    let id = match (what, on, changed) {
        (Following::Game(_), true, true) => ids::FOLLOW_GAME,
        (Following::Game(_), true, false) => ids::FOLLOW_GAME_ALREADY,
        (Following::Game(_), false, true) => ids::UNFOLLOW_GAME,
        (Following::Game(_), false, false) => ids::UNFOLLOW_GAME_NOT,
        (Following::Player(_), true, true) => ids::FOLLOW_PLAYER,
        (Following::Player(_), true, false) => ids::FOLLOW_PLAYER_ALREADY,
        (Following::Player(_), false, true) => ids::UNFOLLOW_PLAYER,
        (Following::Player(_), false, false) => ids::UNFOLLOW_PLAYER_NOT,
    };
    let arg = match what {
        Following::Game(game) => ("id", game.to_string().into()),
        Following::Player(name) => ("name", name.clone().into()),
    };
    wording().text(lang, id, &[arg])
}
