//! The words of tournaments (`/tournament`; docs/community.md "Tournaments"): a tournament
//! announced, players joining and leaving, each round's pairings (in its chat, and to each
//! player privately), the standings as text and as a crosstable picture, the winner, and the
//! tournament's refusals.

use arbiter_pairing::standings::{Crosstable, Layout, TieBreak, format_points, format_quarters};

use super::narrate::theme;
use super::seeks::{SeekTerms, seek_terms};
use super::wording::{List, ids, list, wording};
use crate::core::Viewer;
use crate::store::GameId;
use crate::table::notice::TournamentRefusal;
use crate::table::reply::{Image, Lang};

/// A tournament's identity and terms, as every sentence about it names them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TournamentFacts {
    /// Its number.
    pub(crate) id: i64,
    /// A round robin (`Some(double)`) or a Swiss (`None`).
    pub(crate) round_robin: Option<bool>,
    /// Its rounds (0: not known before the start).
    pub(crate) rounds: i64,
    /// Every game's terms (the command in them is not used).
    pub(crate) terms: SeekTerms,
    /// Who made it.
    pub(crate) maker: String,
    /// When it starts by itself.
    pub(crate) starts_at: Option<i64>,
    /// The most players.
    pub(crate) max: i64,
}

/// One board of a round, as the voice words it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct BoardLine {
    /// The board, from 1.
    pub(crate) board: i64,
    /// The first seat's player.
    pub(crate) white: String,
    /// The other player; `None` for a bye.
    pub(crate) black: Option<String>,
    /// The game, when played.
    pub(crate) game: Option<GameId>,
    /// The points so far (white's, black's, in half points); `None` while it is played.
    pub(crate) points: Option<(u32, u32)>,
}

/// One line of the standings, as the voice words it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct StandingLine {
    /// The place (`3`, or `3-4` when shared).
    pub(crate) place: String,
    /// The player.
    pub(crate) name: String,
    /// Points, in half points.
    pub(crate) points: u32,
    /// The tie-breaks, in quarter points.
    pub(crate) tie_breaks: Vec<Option<u32>>,
    /// Withdrawn from the tournament.
    pub(crate) withdrawn: bool,
}

/// What stands between two sentences (or a sentence and its bracket): a space, none in
/// Chinese.
fn gap(lang: Lang) -> &'static str {
    if lang.is_chinese() { "" } else { " " }
}

/// The tournament's name: "Ultima Swiss #3", "Ultima double round robin #4".
pub(crate) fn tournament_name(lang: Lang, t: &TournamentFacts) -> String {
    let w = wording();
    let game = super::narrate::game_name(w, lang, t.terms.kind);
    let format = match t.round_robin {
        None => "swiss",
        Some(false) => "roundrobin",
        Some(true) => "double",
    };
    w.text(
        lang,
        ids::TOURNAMENT_NAME,
        &[("game", game.into()), ("format", format.into()), ("id", t.id.to_string().into())],
    )
}

/// `/tournament new` answered in its chat: what it is and how to join.
pub(crate) fn tournament_made(lang: Lang, t: &TournamentFacts) -> String {
    let w = wording();
    let mut text = w.text(
        lang,
        ids::TOURNAMENT_MADE,
        &[
            ("name", tournament_name(lang, t).into()),
            ("maker", t.maker.clone().into()),
            ("terms", seek_terms(lang, &t.terms).into()),
            ("rounds", t.rounds.into()),
            ("max", t.max.into()),
        ],
    );
    text.push_str(gap(lang));
    text.push_str(&match t.starts_at {
        Some(at) => w.text(lang, ids::TOURNAMENT_STARTS_AT, &[("at", super::seeks::when(at))]),
        None => w.text(lang, ids::TOURNAMENT_STARTS_BY_MAKER, &[("maker", t.maker.clone().into())]),
    });
    text
}

/// A player joined (`count` players now).
pub(crate) fn tournament_joined(
    lang: Lang,
    t: &TournamentFacts,
    name: &str,
    count: usize,
    late: Option<i64>,
) -> String {
    let w = wording();
    let name_t = tournament_name(lang, t);
    match late {
        None => w.text(
            lang,
            ids::TOURNAMENT_JOINED,
            &[
                ("player", name.into()),
                ("name", name_t.into()),
                ("count", count.into()),
                ("max", t.max.into()),
            ],
        ),
        Some(round) => w.text(
            lang,
            ids::TOURNAMENT_JOINED_LATE,
            &[("player", name.into()), ("name", name_t.into()), ("round", round.into())],
        ),
    }
}

/// A player left before the start, or is withdrawn from round `from` on (`by`: an organiser,
/// when it was not the player).
pub(crate) fn tournament_left(
    lang: Lang,
    t: &TournamentFacts,
    name: &str,
    from: Option<i64>,
    by: Option<&str>,
) -> String {
    let w = wording();
    let name_t = tournament_name(lang, t);
    match (from, by) {
        (None, _) => {
            w.text(lang, ids::TOURNAMENT_LEFT, &[("player", name.into()), ("name", name_t.into())])
        }
        (Some(round), None) => w.text(
            lang,
            ids::TOURNAMENT_WITHDREW,
            &[("player", name.into()), ("name", name_t.into()), ("round", round.into())],
        ),
        (Some(round), Some(by)) => w.text(
            lang,
            ids::TOURNAMENT_WITHDRAWN,
            &[
                ("player", name.into()),
                ("name", name_t.into()),
                ("round", round.into()),
                ("by", by.into()),
            ],
        ),
    }
}

/// A board as a line: "1. Alice – Bob: #12, playing", "3. Carol: bye (1)".
fn board_line(lang: Lang, b: &BoardLine) -> String {
    let w = wording();
    let Some(black) = &b.black else {
        let points = format_points(b.points.map_or(0, |p| p.0));
        return w.text(
            lang,
            ids::TOURNAMENT_BOARD_BYE,
            &[
                ("board", b.board.into()),
                ("player", b.white.clone().into()),
                ("points", points.into()),
            ],
        );
    };
    let result = match (b.game, b.points) {
        (Some(id), None) => w.text(lang, ids::TOURNAMENT_PLAYING, &[("id", id.to_string().into())]),
        (Some(id), Some((a, c))) => w.text(
            lang,
            ids::TOURNAMENT_PLAYED,
            &[
                ("id", id.to_string().into()),
                ("white", format_points(a).into()),
                ("black", format_points(c).into()),
            ],
        ),
        (None, p) => {
            let (a, c) = p.unwrap_or((0, 0));
            w.text(
                lang,
                ids::TOURNAMENT_FORFEIT,
                &[("white", format_points(a).into()), ("black", format_points(c).into())],
            )
        }
    };
    w.text(
        lang,
        ids::TOURNAMENT_BOARD,
        &[
            ("board", b.board.into()),
            ("white", b.white.clone().into()),
            ("black", black.clone().into()),
            ("result", result.into()),
        ],
    )
}

/// A round's pairings, a board a line: announced when the round starts (`started`), or asked
/// for with `/tournament pairings`.
pub(crate) fn round_pairings(
    lang: Lang,
    t: &TournamentFacts,
    round: i64,
    boards: &[BoardLine],
    started: bool,
) -> String {
    let w = wording();
    let head = w.text(
        lang,
        if started { ids::TOURNAMENT_ROUND_STARTED } else { ids::TOURNAMENT_ROUND_PAIRINGS },
        &[
            ("name", tournament_name(lang, t).into()),
            ("round", round.into()),
            ("rounds", t.rounds.into()),
        ],
    );
    let mut lines = vec![head];
    lines.extend(boards.iter().map(|b| board_line(lang, b)));
    lines.join("\n")
}

/// The title of a round's own place (a Discord thread, a Telegram topic).
pub(crate) fn round_place_title(lang: Lang, t: &TournamentFacts, round: i64) -> String {
    wording().text(
        lang,
        ids::TOURNAMENT_PLACE_TITLE,
        &[("name", tournament_name(lang, t).into()), ("round", round.into())],
    )
}

/// Where a round's games are played, under its pairings.
pub(crate) fn round_place(lang: Lang, title: &str) -> String {
    wording().text(lang, ids::TOURNAMENT_PLACE, &[("place", title.into())])
}

/// A player's pairing told privately: their opponent, their seat and the game's number (or
/// their bye).
pub(crate) fn round_told(
    lang: Lang,
    t: &TournamentFacts,
    round: i64,
    opponent: Option<&str>,
    first: bool,
    game: Option<GameId>,
) -> String {
    let w = wording();
    let name = tournament_name(lang, t);
    match (opponent, game) {
        (Some(opponent), Some(id)) => w.text(
            lang,
            if first { ids::TOURNAMENT_TOLD_FIRST } else { ids::TOURNAMENT_TOLD_SECOND },
            &[
                ("name", name.into()),
                ("round", round.into()),
                ("opponent", opponent.into()),
                ("id", id.to_string().into()),
            ],
        ),
        _ => w.text(
            lang,
            ids::TOURNAMENT_TOLD_BYE,
            &[("name", name.into()), ("round", round.into())],
        ),
    }
}

/// The name of a tie-break, as a column header.
fn tie_break_name(lang: Lang, tb: TieBreak) -> String {
    let id = match tb {
        TieBreak::Buchholz => ids::TOURNAMENT_TB_BUCHHOLZ,
        TieBreak::SonnebornBerger => ids::TOURNAMENT_TB_SB,
        TieBreak::DirectEncounter => ids::TOURNAMENT_TB_DIRECT,
    };
    wording().text(lang, id, &[])
}

/// The standings as text (after `played` rounds of `rounds`; `over`: the final ones, with the
/// winner) and, when images are on, the crosstable picture.
#[allow(clippy::too_many_arguments)]
pub(crate) fn standings(
    lang: Lang,
    t: &TournamentFacts,
    played: i64,
    over: bool,
    lines: &[StandingLine],
    tie_breaks: &[TieBreak],
    cross: &Crosstable,
    names: &dyn Fn(u32) -> String,
    images: bool,
) -> (String, Option<Image>) {
    let w = wording();
    let name = tournament_name(lang, t);
    let title = if over {
        w.text(lang, ids::TOURNAMENT_FINAL_STANDINGS, &[("name", name.clone().into())])
    } else {
        w.text(
            lang,
            ids::TOURNAMENT_STANDINGS_AFTER,
            &[("name", name.clone().into()), ("round", played.into()), ("rounds", t.rounds.into())],
        )
    };
    let mut text = vec![title.clone()];
    if lines.is_empty() {
        text.push(w.text(lang, ids::TOURNAMENT_NO_PLAYERS, &[]));
    }
    // Before the first round is over there is nothing to rank: the players, in seeding order.
    if played == 0 && !over {
        let names: Vec<String> = lines.iter().map(|l| l.name.clone()).collect();
        if !names.is_empty() {
            text.push(list(lang, List::Items, &names));
        }
        return (text.join("\n"), None);
    }
    let tb_names: Vec<String> = tie_breaks.iter().map(|tb| tie_break_name(lang, *tb)).collect();
    for l in lines {
        let tbs: Vec<String> = l
            .tie_breaks
            .iter()
            .zip(&tb_names)
            .filter_map(|(v, n)| v.map(|v| format!("{n} {}", format_quarters(v))))
            .collect();
        let mut line = w.text(
            lang,
            ids::TOURNAMENT_STANDING_LINE,
            &[
                ("place", l.place.clone().into()),
                ("player", l.name.clone().into()),
                ("points", format_points(l.points).into()),
            ],
        );
        if !tbs.is_empty() {
            let breaks = list(lang, List::Items, &tbs);
            line.push_str(gap(lang));
            line.push_str(&w.text(
                lang,
                ids::TOURNAMENT_STANDING_BREAKS,
                &[("breaks", breaks.into())],
            ));
        }
        if l.withdrawn {
            line.push_str(gap(lang));
            line.push_str(&w.text(lang, ids::TOURNAMENT_WITHDRAWN_MARK, &[]));
        }
        text.push(line);
    }
    if over {
        let winners: Vec<String> =
            lines.iter().filter(|l| l.place.starts_with("1")).map(|l| l.name.clone()).collect();
        if let Some(top) = lines.first() {
            text.push(w.text(
                lang,
                ids::TOURNAMENT_WINNER,
                &[
                    ("players", list(lang, List::Items, &winners).into()),
                    ("shared", if winners.len() > 1 { "yes" } else { "no" }.into()),
                    ("points", format_points(top.points).into()),
                    ("name", name.into()),
                ],
            ));
        }
    }
    let image = images.then(|| crosstable_picture(lang, &title, cross, names, &tb_names, lines));
    (text.join("\n"), image)
}

/// The crosstable as a picture: `#`, the name, a column per round (Swiss) or per opponent
/// (round robin), the points and the tie-breaks, the leader's line highlighted.
fn crosstable_picture(
    lang: Lang,
    title: &str,
    cross: &Crosstable,
    names: &dyn Fn(u32) -> String,
    tb_names: &[String],
    lines: &[StandingLine],
) -> Image {
    let w = wording();
    let columns = match cross.layout {
        Layout::PerOpponent => cross.rows.len(),
        Layout::PerRound => cross.rows.first().map_or(0, |r| r.cells.len()),
    };
    let mut headers = vec!["#".to_string(), w.text(lang, ids::TOURNAMENT_COL_PLAYER, &[])];
    headers.extend((1..=columns).map(|c| c.to_string()));
    headers.push(w.text(lang, ids::TOURNAMENT_COL_POINTS, &[]));
    headers.extend(tb_names.iter().cloned());
    let rows = cross
        .rows
        .iter()
        .zip(lines)
        .map(|(r, l)| {
            let mut cells = vec![r.place.to_string(), names(r.player)];
            if l.withdrawn {
                cells[1].push_str(" (-)");
            }
            cells.extend(r.cells.iter().map(arbiter_pairing::standings::Cell::text));
            cells.push(format_points(r.points));
            cells.extend(r.tie_breaks.iter().map(|v| v.map(format_quarters).unwrap_or_default()));
            cells
        })
        .collect();
    let table = crate::render::crosstable::Table {
        title: title.to_string(),
        headers,
        rows,
        name_column: Some(1),
        highlight: (!cross.rows.is_empty()).then_some(0),
        more: w.text(lang, ids::TOURNAMENT_MORE, &[]),
    };
    let p = crate::render::crosstable::render(&table, &theme(Viewer::Public, lang));
    Image::png(p.png, p.width, p.height)
}

/// The tournament ended before `rounds` were played, by its organiser (`by`) or for want of
/// players (`by` is `None`).
pub(crate) fn tournament_cancelled(lang: Lang, t: &TournamentFacts, by: Option<&str>) -> String {
    let w = wording();
    let name = tournament_name(lang, t);
    match by {
        Some(by) => {
            w.text(lang, ids::TOURNAMENT_ENDED_BY, &[("name", name.into()), ("by", by.into())])
        }
        None => w.text(lang, ids::TOURNAMENT_TOO_FEW, &[("name", name.into())]),
    }
}

/// `/settings tournaments=admins|everyone` answered.
pub(crate) fn tournament_makers_set(lang: Lang, everyone: bool) -> String {
    let id = if everyone {
        ids::TOURNAMENT_MAKERS_EVERYONE_SET
    } else {
        ids::TOURNAMENT_MAKERS_ADMINS_SET
    };
    wording().text(lang, id, &[])
}

/// A tournament's refusal, in the reader's language.
pub(crate) fn tournament_refusal(lang: Lang, r: &TournamentRefusal) -> String {
    let w = wording();
    match r {
        TournamentRefusal::None => w.text(lang, ids::ERR_TOURNAMENT_NONE, &[]),
        TournamentRefusal::Exists(id) => {
            w.text(lang, ids::ERR_TOURNAMENT_EXISTS, &[("id", id.to_string().into())])
        }
        TournamentRefusal::Makers => w.text(lang, ids::ERR_TOURNAMENT_MAKERS, &[]),
        TournamentRefusal::Organisers => w.text(lang, ids::ERR_TOURNAMENT_ORGANISERS, &[]),
        TournamentRefusal::Closed => w.text(lang, ids::ERR_TOURNAMENT_CLOSED, &[]),
        TournamentRefusal::Full(max) => {
            w.text(lang, ids::ERR_TOURNAMENT_FULL, &[("max", (*max).into())])
        }
        TournamentRefusal::Already => w.text(lang, ids::ERR_TOURNAMENT_ALREADY, &[]),
        TournamentRefusal::NotPlaying => w.text(lang, ids::ERR_TOURNAMENT_NOT_PLAYING, &[]),
        TournamentRefusal::Started => w.text(lang, ids::ERR_TOURNAMENT_STARTED, &[]),
        TournamentRefusal::TooFew => w.text(lang, ids::ERR_TOURNAMENT_TOO_FEW, &[]),
        TournamentRefusal::Over => w.text(lang, ids::ERR_TOURNAMENT_OVER, &[]),
        TournamentRefusal::NoRound(round) => {
            w.text(lang, ids::ERR_TOURNAMENT_NO_ROUND, &[("round", (*round).into())])
        }
        TournamentRefusal::Setting { key, value } => w.text(
            lang,
            ids::ERR_TOURNAMENT_SETTING,
            &[("key", key.clone().into()), ("value", value.clone().into())],
        ),
        TournamentRefusal::NeedsGame => w.text(lang, ids::ERR_TOURNAMENT_NEEDS_GAME, &[]),
        TournamentRefusal::NeedsPlayer => w.text(lang, ids::ERR_TOURNAMENT_NEEDS_PLAYER, &[]),
        TournamentRefusal::Unreachable { link } => match link {
            Some(link) => {
                w.text(lang, ids::ERR_TOURNAMENT_UNREACHABLE_LINK, &[("link", link.clone().into())])
            }
            None => w.text(lang, ids::ERR_TOURNAMENT_UNREACHABLE, &[]),
        },
    }
}
