//! The words of a community's standings (docs/community.md): rating changes after a rated
//! game, `/leaderboard`, `/profile`, `/history`, and the captions of `/export` and `/replay`.

use fluent_bundle::FluentValue;

use super::wording::{Id, List, ids, list, wording};
use crate::core::GameResult;
use crate::games::GameKind;
use crate::ratings;
use crate::store::{GameId, GameRow, RatingChange, RatingRow};
use crate::table::dates::day;
use crate::table::reply::Lang;

/// How many recent results `/profile` shows per game.
const RECENT: usize = 5;

/// How a finished game went for one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Went {
    /// Won.
    Won,
    /// Lost.
    Lost,
    /// Drawn, or both won or both lost (rated as a draw).
    Drawn,
}

impl Went {
    fn code(self) -> &'static str {
        match self {
            Went::Won => "won",
            Went::Lost => "lost",
            Went::Drawn => "drawn",
        }
    }

    /// The message of the letter for one result (`W`, `L`, `D`).
    fn letter_id(self) -> Id {
        match self {
            Went::Won => ids::WENT_WON,
            Went::Lost => ids::WENT_LOST,
            Went::Drawn => ids::WENT_DRAWN,
        }
    }
}

/// The signed change between two ratings as players read it (`+162`, `−162`, `±0`), rounded
/// figures subtracted so that the change matches the two figures shown.
fn change(before: f64, after: f64) -> String {
    #[allow(clippy::cast_possible_truncation)]
    let diff = after.round() as i64 - before.round() as i64;
    match diff {
        0 => "±0".to_string(),
        d if d > 0 => format!("+{d}"),
        d => format!("−{}", d.unsigned_abs()),
    }
}

/// The ratings of game `id` changed: each player's change, by the name shown for them
/// ("#3 ratings: Alice 1662? (+162), Bob 1338? (−162).").
pub(crate) fn rating_changes(lang: Lang, id: GameId, changes: &[(String, RatingChange)]) -> String {
    let w = wording();
    let players: Vec<String> = changes
        .iter()
        .map(|(name, c)| {
            w.text(
                lang,
                ids::RATING_CHANGE,
                &[
                    ("name", name.clone().into()),
                    ("rating", ratings::shown(c.after, c.deviation).into()),
                    ("change", change(c.before, c.after).into()),
                ],
            )
        })
        .collect();
    w.text(
        lang,
        ids::RATING_CHANGES,
        &[("id", id.to_string().into()), ("players", list(lang, List::Items, &players).into())],
    )
}

/// `W won, D drawn, L lost` of a rating row, with its game count.
fn record(lang: Lang, row: &RatingRow) -> String {
    wording().text(
        lang,
        ids::RATING_RECORD,
        &[
            ("games", FluentValue::from(row.games)),
            ("wins", row.wins.to_string().into()),
            ("draws", row.draws.to_string().into()),
            ("losses", row.losses.to_string().into()),
        ],
    )
}

/// Where the reader of a leaderboard stands.
#[derive(Clone, Copy)]
pub(crate) enum Standing<'a> {
    /// Listed: their rank, of how many, and their row.
    Ranked(usize, usize, &'a RatingRow),
    /// Rated, but with fewer games (this many) than the list's minimum.
    TooFew(i64),
    /// Not rated in this game here.
    Unrated,
}

/// `/leaderboard` of `kind`: the best players (by shown name, best first), of those with at
/// least `min` rated games when given, and where the reader stands; a community without such
/// players when `top` is empty. `pool`: the everywhere pool's (asked privately), not a
/// community's.
pub(crate) fn leaderboard(
    lang: Lang,
    kind: GameKind,
    top: &[(String, &RatingRow)],
    you: Standing<'_>,
    min: Option<u32>,
    pool: bool,
) -> String {
    let w = wording();
    let name = super::front::game_name(lang, kind);
    let pool = ("pool", FluentValue::from(if pool { "yes" } else { "no" }));
    if top.is_empty() {
        return match min {
            Some(min) => w.text(
                lang,
                ids::LB_EMPTY_MIN,
                &[("game", name.into()), ("min", FluentValue::from(min)), pool.clone()],
            ),
            None => w.text(lang, ids::LB_EMPTY, &[("game", name.into()), pool]),
        };
    }
    let title = match min {
        Some(min) => w.text(
            lang,
            ids::LB_TITLE_MIN,
            &[("game", name.clone().into()), ("min", FluentValue::from(min)), pool.clone()],
        ),
        None => w.text(lang, ids::LB_TITLE, &[("game", name.clone().into()), pool.clone()]),
    };
    let mut lines = vec![title];
    for (i, (player, row)) in top.iter().enumerate() {
        lines.push(w.text(
            lang,
            ids::LB_LINE,
            &[
                ("rank", (i + 1).to_string().into()),
                ("name", player.clone().into()),
                ("rating", row.standing().shown().into()),
                ("record", record(lang, row).into()),
            ],
        ));
    }
    match you {
        Standing::Ranked(rank, total, row) => lines.push(w.text(
            lang,
            ids::LB_YOU,
            &[
                ("rank", rank.to_string().into()),
                ("total", total.to_string().into()),
                ("rating", row.standing().shown().into()),
            ],
        )),
        Standing::TooFew(games) => lines.push(w.text(
            lang,
            ids::LB_YOU_FEW,
            &[
                ("game", name.into()),
                ("games", FluentValue::from(games)),
                ("min", FluentValue::from(min.unwrap_or(0))),
                pool,
            ],
        )),
        Standing::Unrated => {
            lines.push(w.text(lang, ids::LB_YOU_NONE, &[("game", name.into()), pool]));
        }
    }
    lines.join("\n")
}

/// `/profile` of a player (`name`) without ratings here.
pub(crate) fn profile_none(lang: Lang, name: &str) -> String {
    wording().text(lang, ids::PROFILE_NONE, &[("name", name.to_string().into())])
}

/// `/profile`'s first line.
pub(crate) fn profile_title(lang: Lang, name: &str) -> String {
    wording().text(lang, ids::PROFILE_TITLE, &[("name", name.to_string().into())])
}

/// The words of `/profile`'s chart: its title and what its x-axis counts. The player is named
/// in the message above it, not in the picture: a name may hold characters the bundled font
/// does not draw.
pub(crate) fn profile_chart_labels(lang: Lang) -> crate::render::chart::Labels {
    let w = wording();
    crate::render::chart::Labels {
        title: w.text(lang, ids::PROFILE_CHART_TITLE, &[]),
        x_axis: w.text(lang, ids::PROFILE_CHART_X, &[]),
    }
}

/// `/profile`'s entry for one game: the rating and record of `row`, and the current streak and
/// recent results from `went` (newest first, rated games only).
pub(crate) fn profile_line(lang: Lang, kind: GameKind, row: &RatingRow, went: &[Went]) -> String {
    let w = wording();
    let mut line = w.text(
        lang,
        ids::PROFILE_LINE,
        &[
            ("game", super::front::game_name(lang, kind).into()),
            ("rating", row.standing().shown().into()),
            ("record", record(lang, row).into()),
        ],
    );
    if let Some(&last) = went.first() {
        let streak = went.iter().take_while(|&&g| g == last).count();
        let letters: Vec<String> =
            went.iter().take(RECENT).map(|g| w.text(lang, g.letter_id(), &[])).collect();
        line.push('\n');
        line.push_str(&w.text(
            lang,
            ids::PROFILE_FORM,
            &[
                ("streak", FluentValue::from(i64::try_from(streak).unwrap_or(0))),
                ("single", if streak == 1 { "yes" } else { "no" }.into()),
                ("went", last.code().into()),
                ("recent", letters.join(" ").into()),
            ],
        ));
    }
    line
}

/// `/history`'s first line: of one player (`Some(name)`) or of the whole community.
pub(crate) fn history_title(lang: Lang, player: Option<&str>) -> String {
    match player {
        Some(name) => {
            wording().text(lang, ids::HISTORY_TITLE_PLAYER, &[("name", name.to_string().into())])
        }
        None => wording().text(lang, ids::HISTORY_TITLE, &[]),
    }
}

/// `/history`'s last line: which page of how many, and the next page's number when there
/// are older games.
pub(crate) fn history_page(lang: Lang, page: u32, pages: u32) -> String {
    let args = |next: Option<u32>| {
        let mut args: Vec<(&str, FluentValue<'_>)> =
            vec![("page", FluentValue::from(page)), ("pages", FluentValue::from(pages))];
        if let Some(next) = next {
            args.push(("next", FluentValue::from(next)));
        }
        args
    };
    if page < pages {
        wording().text(lang, ids::HISTORY_PAGE_MORE, &args(Some(page + 1)))
    } else {
        wording().text(lang, ids::HISTORY_PAGE, &args(None))
    }
}

/// `/history` with no finished game to list.
pub(crate) fn history_none(lang: Lang) -> String {
    wording().text(lang, ids::HISTORY_NONE, &[])
}

/// One finished game as `/history` lists it: id, game, players (`names`, by seat) and result,
/// the day it ended, whether it was rated.
pub(crate) fn history_line(lang: Lang, row: &GameRow, names: &[String]) -> String {
    let name = |i: usize| names.get(i).cloned().unwrap_or_default();
    let game = GameKind::from_code(&row.kind)
        .map_or_else(|| row.kind.clone(), |k| super::front::game_name(lang, k));
    let (id, result) = match row.result {
        Some(GameResult::Winner(s)) => (
            ids::HISTORY_WON,
            vec![("winner", name(s.index()).into()), ("loser", name(1 - s.index().min(1)).into())],
        ),
        Some(GameResult::Draw) => (ids::HISTORY_DRAWN, vec![]),
        Some(GameResult::BothWin) => (ids::HISTORY_BOTH_WON, vec![]),
        Some(GameResult::BothLose) | None => (ids::HISTORY_BOTH_LOST, vec![]),
    };
    let mut args: Vec<(&str, FluentValue<'_>)> = vec![
        ("id", row.id.to_string().into()),
        ("game", game.into()),
        ("p1", name(0).into()),
        ("p2", name(1).into()),
        ("day", day(row.updated_at).into()),
        ("rated", if row.rated { "yes" } else { "no" }.into()),
    ];
    args.extend(result);
    wording().text(lang, id, &args)
}

/// What a file sent for a game is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum GameFile {
    /// `/export`: the record.
    Record,
    /// `/replay`: the animation.
    Replay,
}

/// The caption of game `id`'s record or replay (`file`), a game of `kind` of `plies` plies.
pub(crate) fn file_caption(
    lang: Lang,
    file: GameFile,
    id: GameId,
    kind: GameKind,
    plies: usize,
) -> String {
    let message = match file {
        GameFile::Record => ids::EXPORT_CAPTION,
        GameFile::Replay => ids::REPLAY_CAPTION,
    };
    wording().text(
        lang,
        message,
        &[
            ("id", id.to_string().into()),
            ("game", super::front::game_name(lang, kind).into()),
            ("plies", FluentValue::from(i64::try_from(plies).unwrap_or(0))),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_are_signed_from_the_figures_shown() {
        assert_eq!(change(1500.0, 1661.8), "+162");
        assert_eq!(change(1500.0, 1338.2), "−162");
        assert_eq!(change(1500.4, 1499.6), "±0");
    }
}
