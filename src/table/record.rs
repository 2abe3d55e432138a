//! Game records (docs/records.md): a finished game as text (or JSON) with its headers and every
//! action in the game's own notation, each with the public comment a reader needs; and the
//! import that rebuilds a game from one. `arbiter export` and `arbiter import` are their
//! command lines.
//!
//! The text format, version 2: PGN-style tag pairs (the Seven Tag Roster first, then the tags
//! arbiter needs to rebuild the game), a blank line, then one line per action:
//!
//! ```text
//! [Event "Rated Ultima game"]
//! [Site "arbiter, script"]
//! …one `[Tag "value"]` per line…
//! [Record "arbiter 2"]
//!
//! 1. white c2c5 ; alice (white) pincer c2-c5.
//! 2. black a7a6 ; bob (black) pincer a7-a6.
//! ```
//!
//! An action line is its ply, the seat that acted (by the game's seat names), `(referee)` when
//! the referee acted for the seat (time ran out), the notation, and after ` ; ` the public
//! comment, which import ignores. Blank lines and lines starting with `#` are ignored. Version
//! 1 (`Key: value` headers, `Record: arbiter 1` first) is still read.

use std::collections::HashMap;

use serde_json::{Value, json};

use super::clock::TimeControl;
use super::dates::{parse_timestamp, timestamp};
use super::reply::Lang;
use super::types::{Table, is_bot, seed_of};
use super::{games, voice};
use crate::core::{GameResult, Seat, ToAct, Viewer};
use crate::games::{AnyGame, AnyOptions, GameKind};
use crate::store::{
    ActionRow, ChatId, DbError, EndReason, GameId, GameRow, GameStatus, NewGame, Platform, Store,
    UserId,
};

/// The `Record` tag's value: the format and its version.
const MAGIC: &str = "arbiter 2";

/// Version 1's first header line's value (`Record: arbiter 1`), still read.
const MAGIC_V1: &str = "arbiter 1";

/// Why a record cannot be made or read.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// The store failed.
    #[error("the database: {0}")]
    Store(#[from] DbError),
    /// No such game.
    #[error("there is no game #{0}")]
    NoGame(GameId),
    /// No such tournament.
    #[error("there is no tournament #{0}")]
    NoTournament(i64),
    /// A replay is of a finished game.
    #[error("game #{0} is still being played: its replay comes once it ends")]
    Running(GameId),
    /// Dark Fence's record holds the hidden moves: only once the game is over.
    #[error("game #{0} hides its moves until it ends: its record comes after the end")]
    Hidden(GameId),
    /// The record's game is in the database already (imported before, or played there):
    /// importing it again would count it twice.
    #[error("this game is already in the database as #{0}: nothing was imported")]
    AlreadyThere(GameId),
    /// The record is not one this program reads, at this line (1-based; 0: the record or the
    /// stored game as a whole, which no line names).
    #[error("{}", located(*line, what))]
    Bad {
        /// The line.
        line: usize,
        /// What is wrong.
        what: String,
    },
}

/// `line 5: …`, or the bare reason when no line is at fault.
fn located(line: usize, what: &str) -> String {
    if line == 0 { what.to_string() } else { format!("line {line}: {what}") }
}

fn bad(line: usize, what: impl Into<String>) -> RecordError {
    RecordError::Bad { line, what: what.into() }
}

/// One action of a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordLine {
    /// The seat that acted (0-based).
    pub seat: usize,
    /// The game's notation.
    pub notation: String,
    /// The referee acted for the seat (a timeout's pass).
    pub by_referee: bool,
    /// The public comment (empty when there is none).
    pub comment: String,
}

/// A game's record: its headers in order, then its actions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// `Key: value` headers, in the order written.
    pub headers: Vec<(String, String)>,
    /// The actions, in order.
    pub actions: Vec<RecordLine>,
}

/// The public comment of an announcement: its first line without the game's id and ply
/// (`#1 ply 3: ` / `Ply 3: `), which the record's own numbering says. When the announcement
/// opens with the end's headline (`⟦b:|#1 is over: …⟧`, which the Result header says), the line
/// after it: why the game ended.
fn comment_of(text: &str, id: GameId) -> String {
    let mut lines = text.lines();
    let mut first = lines.next().unwrap_or_default();
    if first.starts_with("⟦b:|")
        && let Some(why) = lines.next()
    {
        first = why;
    }
    // Bold markers the adapters render (`⟦b:|…⟧`) are not the record's.
    let first = first.replace("⟦b:|", "").replace('⟧', "");
    let rest = first.strip_prefix(&format!("#{id} ")).unwrap_or(&first).to_string();
    match rest.split_once(": ").or_else(|| rest.split_once('：')) {
        Some((head, tail))
            if head.chars().count() <= 12 && head.chars().any(|c| c.is_ascii_digit()) =>
        {
            tail.to_string()
        }
        _ => rest,
    }
}

impl Record {
    /// The value of header `key`, if present.
    #[must_use]
    pub fn header(&self, key: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// The record as text (the format above): tag pairs, a blank line, the action lines.
    #[must_use]
    pub fn to_text(&self, kind: GameKind) -> String {
        let mut out = String::new();
        for (k, v) in &self.headers {
            out.push_str(&format!("[{k} \"{}\"]\n", escape(v)));
        }
        out.push('\n');
        for (i, a) in self.actions.iter().enumerate() {
            let seat = kind.seat_name(Seat(u8::try_from(a.seat).unwrap_or(u8::MAX)));
            let by = if a.by_referee { " (referee)" } else { "" };
            out.push_str(&format!("{}. {seat}{by} {}", i + 1, a.notation));
            if !a.comment.is_empty() {
                out.push_str(&format!(" ; {}", a.comment));
            }
            out.push('\n');
        }
        out
    }

    /// The record as JSON: `{"headers": {…}, "actions": [{ply, seat, notation, by_referee,
    /// comment}]}`, headers in order.
    #[must_use]
    pub fn to_json(&self, kind: GameKind) -> Value {
        let headers: serde_json::Map<String, Value> =
            self.headers.iter().map(|(k, v)| (k.clone(), Value::String(v.clone()))).collect();
        let actions: Vec<Value> = self
            .actions
            .iter()
            .enumerate()
            .map(|(i, a)| {
                json!({
                    "ply": i + 1,
                    "seat": kind.seat_name(Seat(u8::try_from(a.seat).unwrap_or(u8::MAX))),
                    "notation": a.notation,
                    "by_referee": a.by_referee,
                    "comment": a.comment,
                })
            })
            .collect();
        json!({"headers": headers, "actions": actions})
    }

    /// Reads a record's text, version 2 (tag pairs) or 1 (`Key: value` headers, read as the
    /// version 2 tags they stand for).
    ///
    /// # Errors
    ///
    /// [`RecordError::Bad`] with the line that is not understood.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let mut headers = Vec::new();
        let mut actions = Vec::new();
        let mut kind: Option<GameKind> = None;
        let mut in_actions = false;
        // Version 1 writes `Key: value` headers; version 2 `[Tag "value"]`.
        let mut v1 = false;
        for (i, raw) in text.lines().enumerate() {
            let n = i + 1;
            let line = raw.trim();
            if line.starts_with('#') {
                continue;
            }
            if line.is_empty() {
                in_actions = !headers.is_empty();
                continue;
            }
            if !in_actions {
                if headers.is_empty() {
                    v1 = !line.starts_with('[');
                }
                let (k, v) = if v1 { v1_header(n, line)? } else { tag(n, line)? };
                if v1 && headers.is_empty() && (k != "Record" || v != MAGIC_V1) {
                    return Err(bad(
                        n,
                        format!(
                            "not a record: the first line is `[Record \"{MAGIC}\"]` or `Record: {MAGIC_V1}`"
                        ),
                    ));
                }
                if !v1 && k == "Record" && v != MAGIC {
                    return Err(bad(
                        n,
                        format!("a record of another version: `{v}`, not `{MAGIC}`"),
                    ));
                }
                if k == "Game" {
                    kind = Some(
                        GameKind::from_code(&v)
                            .ok_or_else(|| bad(n, format!("unknown game {v}")))?,
                    );
                }
                headers.push((k, v));
                continue;
            }
            let kind = kind.ok_or_else(|| bad(n, "the headers name no Game"))?;
            if !v1 && !headers.iter().any(|(k, _)| k == "Record") {
                return Err(bad(n, format!("not a record: no `[Record \"{MAGIC}\"]` tag")));
            }
            let (action, comment) = match line.split_once(" ; ") {
                Some((a, c)) => (a, c.trim().to_string()),
                None => (line.strip_suffix(" ;").unwrap_or(line), String::new()),
            };
            let mut words = action.splitn(2, ' ');
            let ply = words.next().unwrap_or_default();
            if ply != format!("{}.", actions.len() + 1) {
                return Err(bad(n, format!("expected ply {}.", actions.len() + 1)));
            }
            let rest = words.next().unwrap_or_default().trim();
            let (seat_name, rest) = rest.split_once(' ').unwrap_or((rest, ""));
            let seat = kind
                .seat_by_name(seat_name)
                .ok_or_else(|| bad(n, format!("`{seat_name}` is no seat of {}", kind.code())))?;
            let (by_referee, notation) = match rest.strip_prefix("(referee) ") {
                Some(n) => (true, n),
                None => (false, rest),
            };
            if notation.trim().is_empty() {
                return Err(bad(n, "an action line needs the action"));
            }
            actions.push(RecordLine {
                seat: seat.index(),
                notation: notation.trim().to_string(),
                by_referee,
                comment,
            });
        }
        if headers.is_empty() {
            return Err(bad(0, "the record is empty"));
        }
        if !headers.iter().any(|(k, _)| k == "Record") {
            return Err(bad(0, format!("not a record: no `[Record \"{MAGIC}\"]` tag")));
        }
        if v1 {
            headers = from_v1(&headers, kind);
        }
        Ok(Record { headers, actions })
    }
}

/// A tag value as PGN writes it inside quotes: `\` and `"` escaped with a backslash.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// One version 2 header line, `[Tag "value"]`, read (its value unescaped).
fn tag(n: usize, line: &str) -> Result<(String, String), RecordError> {
    let shape = || bad(n, "a tag is `[Name \"value\"]`");
    let inner = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')).ok_or_else(shape)?;
    let (name, quoted) = inner.split_once(' ').ok_or_else(shape)?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(shape());
    }
    let quoted = quoted.trim();
    let body = quoted.strip_prefix('"').and_then(|q| q.strip_suffix('"')).ok_or_else(shape)?;
    let mut value = String::new();
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next().ok_or_else(shape)?),
            '"' => return Err(shape()),
            c => value.push(c),
        }
    }
    Ok((name.to_string(), value))
}

/// One version 1 header line, `Key: value`.
fn v1_header(n: usize, line: &str) -> Result<(String, String), RecordError> {
    let (k, v) = line
        .split_once(": ")
        .or_else(|| line.strip_suffix(':').map(|k| (k, "")))
        .ok_or_else(|| bad(n, "a header is `Key: value`"))?;
    Ok((k.to_string(), v.to_string()))
}

/// Version 1's headers as the version 2 tags they stand for: `Player N`/`Name N` become the
/// seat's tags, `Result: seat:1 (black wins)` becomes `0-1`; the others keep their names.
fn from_v1(headers: &[(String, String)], kind: Option<GameKind>) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (k, v) in headers {
        let seat_of = |prefix: &str| {
            let n: usize = k.strip_prefix(prefix)?.parse().ok()?;
            let seat = Seat(u8::try_from(n.checked_sub(1)?).ok()?);
            Some(seat_tag(kind?, seat))
        };
        match k.as_str() {
            "Record" => out.push((k.clone(), MAGIC.to_string())),
            "Result" => {
                let code = v.split_whitespace().next().unwrap_or_default();
                // An unknown code is kept as written, for import to refuse by name.
                let result = GameResult::from_code(code)
                    .map_or(code.to_string(), |r| pgn_result(Some(r)).to_string());
                out.push((k.clone(), result));
            }
            _ => {
                if let Some(seat) = seat_of("Player ") {
                    out.push((format!("{seat}User"), v.clone()));
                } else if let Some(seat) = seat_of("Name ") {
                    out.push((seat, v.clone()));
                } else if !k.starts_with("Seat ") {
                    out.push((k.clone(), v.clone()));
                }
            }
        }
    }
    out
}

/// A seat's tag: its name with a capital (`White`, `Black`, `P1`, `Jia`, `Red`); the player's
/// name is its value, and `<tag>User` holds the player's user id.
fn seat_tag(kind: GameKind, seat: Seat) -> String {
    let name = kind.seat_name(seat);
    let mut chars = name.chars();
    chars.next().map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// A result as PGN's `Result` tag writes it, in seat order: `1-0` the first seat won, `0-1`
/// the second, `1/2-1/2` a draw, `*` no result. Chaos Clock's both-win and both-lose, which
/// PGN has no words for, are `1-1` and `0-0`.
fn pgn_result(result: Option<GameResult>) -> &'static str {
    match result {
        Some(GameResult::Winner(Seat(0))) => "1-0",
        Some(GameResult::Winner(_)) => "0-1",
        Some(GameResult::Draw) => "1/2-1/2",
        Some(GameResult::BothWin) => "1-1",
        Some(GameResult::BothLose) => "0-0",
        None => "*",
    }
}

/// The result a `Result` tag stands for (`None` for `*`), or `Err` for anything else.
fn result_of_pgn(text: &str) -> Result<Option<GameResult>, ()> {
    Ok(Some(match text {
        "1-0" => GameResult::Winner(Seat(0)),
        "0-1" => GameResult::Winner(Seat(1)),
        "1/2-1/2" => GameResult::Draw,
        "1-1" => GameResult::BothWin,
        "0-0" => GameResult::BothLose,
        "*" => return Ok(None),
        _ => return Err(()),
    }))
}

/// A game's kind, options and start, and the engine replayed up to each action.
/// Replays game `id`'s stored log through its engine from its start, as a restart does, and
/// returns how many actions it applied (`arbiter copy` checks every copied game this way).
///
/// # Errors
///
/// No such game; the store failed; an action the engine refuses.
pub async fn check_replay(store: &Store, id: GameId) -> Result<usize, RecordError> {
    let row = match store.game(id).await {
        Ok(row) => row,
        Err(DbError::NotFound) => return Err(RecordError::NoGame(id)),
        Err(e) => return Err(e.into()),
    };
    let (_, mut game) = start_of(&row).map_err(|e| bad(0, format!("#{id}: {e}")))?;
    let stored = store.actions(id).await?;
    for a in &stored {
        let seat = Seat(u8::try_from(a.seat).unwrap_or(u8::MAX));
        let replay = |e: &dyn std::fmt::Display| bad(0, format!("#{id} seq {}: {e}", a.seq));
        let action = game.parse_action(seat, &a.notation).map_err(|e| replay(&e))?;
        game.play(seat, &action).map_err(|e| replay(&e))?;
    }
    Ok(stored.len())
}

fn start_of(row: &GameRow) -> Result<(GameKind, AnyGame), String> {
    let kind =
        GameKind::from_code(&row.kind).ok_or_else(|| format!("unknown game {}", row.kind))?;
    let options = AnyOptions::parse(kind, &row.options).map_err(|e| format!("options: {e}"))?;
    let seed = seed_of(row.seed);
    let game = match &row.position {
        Some(p) => {
            AnyGame::from_position(&options, p, seed).map_err(|e| format!("position: {e}"))?
        }
        None => AnyGame::new(&options, seed).map_err(|e| format!("options: {e}"))?,
    };
    Ok((kind, game))
}

/// The seats of a stored game and the names shown for them.
async fn seats_and_names(
    store: &Store,
    row: &GameRow,
) -> Result<(Vec<Option<UserId>>, Vec<String>), RecordError> {
    let seats: Vec<Option<UserId>> = serde_json::from_str(&row.seats).unwrap_or_default();
    let lang = Lang::from_code(&row.locale).unwrap_or_default();
    let mut names = Vec::new();
    for seat in &seats {
        names.push(match seat {
            Some(u) if u.as_str() == super::BOT_USER => super::voice::bot_name(lang, row.bot_level),
            Some(u) => {
                // A seat of the other chat platform is named from its own platform's row.
                let (platform, u) = u.on(row.platform);
                store.user(platform, &u).await?.map_or_else(|| u.to_string(), |r| r.display_name)
            }
            None => "?".to_string(),
        });
    }
    Ok((seats, names))
}

/// The replay of finished game `id` (docs/community.md): a GIF of its pictures, one per ply
/// from the start, drawn as its chat saw them, except that a game with hidden information is
/// drawn from the referee's side (the full reveal, ply by ply). Returns the GIF and its frame
/// count.
///
/// # Errors
///
/// No such game; a game still running ([`RecordError::Running`]); the store failed; the game
/// does not replay or draw.
pub async fn replay(store: &Store, id: GameId) -> Result<(Vec<u8>, usize), RecordError> {
    let row = match store.game(id).await {
        Ok(row) => row,
        Err(DbError::NotFound) => return Err(RecordError::NoGame(id)),
        Err(e) => return Err(e.into()),
    };
    if row.status.is_running() {
        return Err(RecordError::Running(id));
    }
    let (_, mut game) = start_of(&row).map_err(|e| bad(0, e))?;
    let viewer =
        if games::has_hidden_information(&game) { Viewer::Referee } else { Viewer::Public };
    let (seats, names) = seats_and_names(store, &row).await?;
    let lang = Lang::from_code(&row.locale).unwrap_or_default();
    let stored = store.actions(id).await?;
    let mut table = Table {
        row: GameRow { status: GameStatus::Active, result: None, reason: None, ..row.clone() },
        game: game.clone(),
        seats,
        names,
        time: serde_json::from_str(&row.clock).unwrap_or_default(),
        actions: 0,
        pending: HashMap::new(),
        partial: HashMap::new(),
        last: None,
    };
    let draw = |t: &Table| {
        voice::picture(t, viewer, lang, true).map(|i| crate::render::Picture {
            png: i.png,
            width: i.width,
            height: i.height,
        })
    };
    let mut pictures: Vec<crate::render::Picture> = draw(&table).into_iter().collect();
    for (i, a) in stored.iter().enumerate() {
        let seat = Seat(u8::try_from(a.seat).unwrap_or(u8::MAX));
        let replay = |e: &dyn std::fmt::Display| bad(0, format!("#{id} seq {}: {e}", a.seq));
        let action = game.parse_action(seat, &a.notation).map_err(|e| replay(&e))?;
        game.play(seat, &action).map_err(|e| replay(&e))?;
        table.game = game.clone();
        table.actions += 1;
        table.last = Some((seat.index(), a.notation.clone()));
        if i + 1 == stored.len() {
            // The last picture is the end as stored (a resignation, a timeout: the rules do
            // not know it).
            table.row = row.clone();
        }
        pictures.extend(draw(&table));
    }
    let gif = crate::render::replay::gif(&pictures).map_err(|e| bad(0, e.to_string()))?;
    Ok((gif, pictures.len()))
}

/// The Seven Tag Roster of PGN, in its order: `Event` (rated or casual, and the game, as
/// lichess writes it; a tournament's name for its games), `Site`, `Date` (the start's UTC day,
/// `2026.01.01`), `Round` (`-`, none; a tournament's `round.board`),
/// one tag per seat with the player's name (`White` and `Black` in the chess-like games, the
/// game's own seat names in the others: `P1`, `Jia`, `Red`…), and `Result`.
fn pgn_roster(kind: GameKind, row: &GameRow, names: &[String]) -> Vec<(String, String)> {
    let rated = if row.rated { "Rated" } else { "Casual" };
    let game = voice::game_name(Lang::En, kind);
    let mut tags = vec![
        ("Event".to_string(), format!("{rated} {game} game")),
        ("Site".into(), format!("arbiter, {}", row.platform)),
        ("Date".into(), super::dates::day(row.created_at).replace('-', ".")),
        ("Round".into(), "-".into()),
    ];
    for (i, name) in names.iter().enumerate() {
        tags.push((seat_tag(kind, Seat(u8::try_from(i).unwrap_or(u8::MAX))), name.clone()));
    }
    let result = if row.status.is_running() { None } else { row.result };
    tags.push(("Result".into(), pgn_result(result).into()));
    tags
}

/// The record of game `id` as stored: finished games, and running games that hide nothing.
///
/// # Errors
///
/// No such game; a running Dark Fence game ([`RecordError::Hidden`]); the store failed; the
/// stored game does not replay.
pub async fn export(store: &Store, id: GameId) -> Result<Record, RecordError> {
    let row = match store.game(id).await {
        Ok(row) => row,
        Err(DbError::NotFound) => return Err(RecordError::NoGame(id)),
        Err(e) => return Err(e.into()),
    };
    let (kind, mut game) = start_of(&row).map_err(|e| bad(0, e))?;
    if row.status.is_running() && games::has_hidden_information(&game) {
        return Err(RecordError::Hidden(id));
    }
    let (seats, names) = seats_and_names(store, &row).await?;
    let time: TimeControl = serde_json::from_str(&row.clock).unwrap_or_default();
    let lang = Lang::from_code(&row.locale).unwrap_or_default();
    let mut headers = pgn_roster(kind, &row, &names);
    // A tournament's game is its event's, on its round and board (PGN's `Round "2.3"`).
    if let Some((tournament, round, board)) = store.tournament_of_game(id).await?
        && let Some(t) = store.tournament(tournament).await?
    {
        for (key, value) in headers.iter_mut() {
            match key.as_str() {
                "Event" => *value = voice::tournament_name(Lang::En, &super::rounds::facts_of(&t)),
                "Round" => *value = format!("{round}.{board}"),
                _ => {}
            }
        }
    }
    headers.extend([
        ("Record".to_string(), MAGIC.to_string()),
        ("Game".into(), kind.code().into()),
        ("Id".into(), id.to_string()),
        ("Platform".into(), row.platform.to_string()),
        ("Chat".into(), row.chat.id.clone()),
    ]);
    if let Some(topic) = row.chat.topic {
        headers.push(("Topic".into(), topic.to_string()));
    }
    if let Some(c) = &row.community {
        headers.push(("Community".into(), c.clone()));
    }
    headers.push(("Options".into(), row.options.clone()));
    if let Some(p) = &row.position {
        headers.push(("Position".into(), p.clone()));
    }
    headers.push(("Seed".into(), row.seed.to_string()));
    for (i, seat) in seats.iter().enumerate() {
        let tag = seat_tag(kind, Seat(u8::try_from(i).unwrap_or(u8::MAX)));
        headers.push((format!("{tag}User"), seat.as_ref().map_or("?".into(), ToString::to_string)));
    }
    headers.push(("Clock".into(), row.clock.clone()));
    headers.push(("Language".into(), row.locale.clone()));
    headers.push(("Rated".into(), if row.rated { "yes" } else { "no" }.into()));
    if let Some(level) = row.bot_level {
        headers.push(("BotLevel".into(), level.to_string()));
    }
    headers.push(("Started".into(), timestamp(row.created_at)));
    headers.push(("Status".into(), row.status.as_str().into()));
    if !row.status.is_running() {
        headers.push(("Ended".into(), timestamp(row.updated_at)));
    }
    if let Some(reason) = &row.reason {
        headers.push(("Reason".into(), reason.code().into()));
    }
    let stored = store.actions(id).await?;
    let mut table = Table {
        row: GameRow { status: GameStatus::Active, result: None, reason: None, ..row.clone() },
        game: game.clone(),
        seats: seats.clone(),
        names,
        time,
        actions: 0,
        pending: HashMap::new(),
        partial: HashMap::new(),
        last: None,
    };
    let mut actions = Vec::new();
    for a in &stored {
        let seat = Seat(u8::try_from(a.seat).unwrap_or(u8::MAX));
        let replay = |e: &dyn std::fmt::Display| bad(0, format!("#{id} seq {}: {e}", a.seq));
        let action = game.parse_action(seat, &a.notation).map_err(|e| replay(&e))?;
        let events = game.play(seat, &action).map_err(|e| replay(&e))?;
        table.game = game.clone();
        table.actions += 1;
        table.last = Some((seat.index(), a.notation.clone()));
        if let ToAct::Over(outcome) = game.to_act() {
            table.row.status = GameStatus::Over;
            table.row.result = Some(outcome.result);
            table.row.reason = Some(EndReason::of_code(outcome.reason));
        }
        let langs = vec![lang; seats.len()];
        let said = voice::announce(&table, &events, &langs, false);
        let public = voice::public_of(&table);
        let comment = said
            .iter()
            .find(|m| m.to == public)
            .map(|m| comment_of(&m.text, id))
            .unwrap_or_default();
        actions.push(RecordLine {
            seat: seat.index(),
            notation: a.notation.clone(),
            // The bot's actions are its own (games stored before they carried the bot's id
            // have none, like the referee's): the bot never runs out of time.
            by_referee: a.by_user.is_none()
                && !seats
                    .get(usize::try_from(a.seat).unwrap_or(usize::MAX))
                    .cloned()
                    .flatten()
                    .as_ref()
                    .is_some_and(is_bot),
            comment,
        });
    }
    Ok(Record { headers, actions })
}

/// Rebuilds a finished game from `record` as a new game of the store (its chat and community
/// as recorded) and returns its id. The game is unrated unless `rated` is asked for; then it
/// is rated as recorded (`Rated: yes` only), at once, as the latest game to end.
/// Every action is replayed through the game's engine first; nothing is written unless all of
/// them are legal, the record's result agrees with the rules where the rules ended the game,
/// the game is over or aborted, and the game is not in the store already (the game it was
/// exported from, or an earlier import of it).
///
/// # Errors
///
/// [`RecordError::Bad`] naming the header or action line at fault;
/// [`RecordError::AlreadyThere`] naming the game already stored; the store failed.
pub async fn import(store: &Store, record: &Record, rated: bool) -> Result<GameId, RecordError> {
    let need = |key: &str| record.header(key).ok_or_else(|| bad(0, format!("no `{key}` header")));
    let kind = GameKind::from_code(need("Game")?).ok_or_else(|| bad(0, "unknown game"))?;
    let platform: Platform = need("Platform")?
        .parse()
        .map_err(|_| bad(0, "Platform is console, script, bench, telegram or discord"))?;
    let status = match need("Status")? {
        "over" => GameStatus::Over,
        "aborted" => GameStatus::Aborted,
        other => return Err(bad(0, format!("only finished games are imported (Status: {other})"))),
    };
    let seed: i64 = need("Seed")?.parse().map_err(|_| bad(0, "Seed is a number"))?;
    let topic = record
        .header("Topic")
        .map(|t| t.parse::<i64>().map_err(|_| bad(0, "Topic is a number")))
        .transpose()?;
    let chat = ChatId { id: need("Chat")?.to_string(), topic };
    let started =
        parse_timestamp(need("Started")?).ok_or_else(|| bad(0, "Started is a UTC time"))?;
    let ended = parse_timestamp(need("Ended")?).ok_or_else(|| bad(0, "Ended is a UTC time"))?;
    let result = match record.header("Result") {
        Some(r) => result_of_pgn(r).map_err(|()| {
            bad(0, format!("unknown result {r} (1-0, 0-1, 1/2-1/2, 1-1, 0-0 or *)"))
        })?,
        None => None,
    };
    let reason = record.header("Reason").map(EndReason::of_code);
    let mut seats: Vec<Option<UserId>> = Vec::new();
    let mut names = Vec::new();
    for i in 0..kind.seat_names().len() {
        let tag = seat_tag(kind, Seat(u8::try_from(i).unwrap_or(u8::MAX)));
        let player = need(&format!("{tag}User"))?;
        seats.push((player != "?").then(|| UserId::from(player)));
        names.push(record.header(&tag).unwrap_or(player).to_string());
    }
    let row_like = GameRow {
        id: GameId(0),
        platform,
        chat: chat.clone(),
        kind: kind.code().into(),
        options: need("Options")?.into(),
        position: record.header("Position").map(str::to_string),
        seed,
        seats: serde_json::to_string(&seats).unwrap_or_default(),
        creator: seats.first().cloned().flatten().unwrap_or_else(|| UserId::from("?")),
        locale: record.header("Language").unwrap_or("en").into(),
        status,
        result,
        reason: reason.clone(),
        clock: need("Clock")?.into(),
        deadline_at: None,
        reminders_sent: 0,
        offer: None,
        version: 0,
        engine_version: super::ENGINE_VERSION,
        created_at: started,
        updated_at: ended,
        community: record.header("Community").map(str::to_string),
        parent_chat: None,
        // Unrated unless asked for (`--rated`): a game rated where it was played moved
        // ratings there already, and an import must not move them again by accident. Asked
        // for, a game unrated where it was played stays unrated.
        rated: rated
            && match record.header("Rated") {
                Some("yes") => true,
                Some("no") | None => false,
                Some(other) => return Err(bad(0, format!("Rated is yes or no, not {other}"))),
            },
        ended_seq: None,
        bot_level: match record.header("BotLevel") {
            None => None,
            Some(text) => Some(
                text.parse::<u8>()
                    .ok()
                    .filter(|n| (crate::bots::MIN_LEVEL..=crate::bots::TOP_LEVEL).contains(n))
                    .map(i64::from)
                    .ok_or_else(|| bad(0, format!("BotLevel is 1 to 6, not {text}")))?,
            ),
        },
    };
    serde_json::from_str::<TimeControl>(&row_like.clock)
        .map_err(|e| bad(0, format!("Clock: {e}")))?;
    let (_, mut game) = start_of(&row_like).map_err(|e| bad(0, e))?;
    // The action lines follow the headers and a blank line: their line numbers, for errors.
    let first_line = record.headers.len() + 2;
    for (i, a) in record.actions.iter().enumerate() {
        let seat = Seat(u8::try_from(a.seat).unwrap_or(u8::MAX));
        let line = first_line + i;
        if !matches!(game.to_act(), ToAct::Seat(s, ..) if s == seat) {
            return Err(bad(line, format!("it is not {}'s turn", kind.seat_name(seat))));
        }
        let action = game.parse_action(seat, &a.notation).map_err(|e| bad(line, e.to_string()))?;
        game.play(seat, &action).map_err(|e| bad(line, e.to_string()))?;
    }
    match game.to_act() {
        ToAct::Over(outcome) => {
            if result != Some(outcome.result)
                || reason.as_ref().map(EndReason::code) != Some(outcome.reason)
            {
                return Err(bad(
                    0,
                    format!(
                        "the rules end this game with {} ({}), not the recorded result",
                        outcome.result.code(),
                        outcome.reason
                    ),
                ));
            }
        }
        ToAct::Seat(..) => {
            if status == GameStatus::Over && result.is_none() {
                return Err(bad(0, "a game that is over needs a Result"));
            }
        }
    }
    if let Some(id) = already_there(store, &row_like, record).await? {
        return Err(RecordError::AlreadyThere(id));
    }
    for (seat, name) in seats.iter().zip(&names) {
        // A seat from another platform (an everywhere game, `telegram:5001` in a Discord
        // game) is that platform's user: their row is kept there, under their own id.
        let Some((home, user)) = seat.as_ref().map(|u| u.on(platform)) else { continue };
        if user.as_str() != super::BOT_USER && store.user(home, &user).await?.is_none() {
            store.upsert_user(home, &user, name).await?;
        }
    }
    let new = NewGame {
        platform,
        chat,
        kind: row_like.kind.clone(),
        options: row_like.options.clone(),
        position: row_like.position.clone(),
        seed,
        seats: row_like.seats.clone(),
        creator: row_like.creator.clone(),
        locale: row_like.locale.clone(),
        status: GameStatus::Active,
        clock: row_like.clock.clone(),
        engine_version: super::ENGINE_VERSION,
        now: started,
        community: row_like.community.clone(),
        parent_chat: None,
        rated: row_like.rated,
        bot_level: row_like.bot_level,
    };
    let mut row = store.create_game(&new).await?;
    for (i, a) in record.actions.iter().enumerate() {
        let action = ActionRow {
            seq: i64::try_from(i + 1).unwrap_or(i64::MAX),
            seat: i64::try_from(a.seat).unwrap_or(0),
            notation: a.notation.clone(),
            by_user: if a.by_referee { None } else { seats.get(a.seat).cloned().flatten() },
            at: ended,
        };
        row = store.commit_action(row.id, row.version, &action, &row.update(started)).await?;
    }
    let mut update = row.update(ended);
    update.status = status;
    update.result = result;
    update.reason = reason;
    update.deadline_at = None;
    let row = store.update_game(row.id, row.version, &update).await?;
    store.rate_game(row.id).await?;
    Ok(row.id)
}

/// The game of the database that `record` is a record of, if any: in the same chat, of the
/// same game, options, start, seed, players and start time, with the same actions. That is the
/// game the record was exported from (when it is imported where it was played) or an earlier
/// import of it (import restores all of these).
async fn already_there(
    store: &Store,
    row: &GameRow,
    record: &Record,
) -> Result<Option<GameId>, RecordError> {
    for other in store.games_in_chat(row.platform, &row.chat).await? {
        let same = other.kind == row.kind
            && other.seed == row.seed
            && other.created_at == row.created_at
            && other.options == row.options
            && other.position == row.position
            && serde_json::from_str::<Vec<Option<UserId>>>(&other.seats).ok()
                == serde_json::from_str::<Vec<Option<UserId>>>(&row.seats).ok();
        if !same {
            continue;
        }
        let actions = store.actions(other.id).await?;
        let same_actions = actions.len() == record.actions.len()
            && actions.iter().zip(&record.actions).all(|(a, r)| {
                a.notation == r.notation && usize::try_from(a.seat).ok() == Some(r.seat)
            });
        if same_actions {
            return Ok(Some(other.id));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_read_back_and_nonsense_is_refused() {
        for t in [0, 1_767_225_600, 1_795_804_934, -1] {
            assert_eq!(parse_timestamp(&timestamp(t)), Some(t), "{}", timestamp(t));
        }
        assert_eq!(timestamp(1_795_804_934), "2026-11-27T18:42:14Z");
        for bad in ["2026-02-30T00:00:00Z", "2026-11-27 18:42:14", "2026-13-01T00:00:00Z", ""] {
            assert_eq!(parse_timestamp(bad), None, "{bad}");
        }
    }

    #[test]
    fn comments_lose_the_id_and_ply_the_record_numbers_itself() {
        let id = GameId(12);
        assert_eq!(
            comment_of("#12 ply 3: alice (white) pincer c2-c5.\nbob to move.", id),
            "alice (white) pincer c2-c5."
        );
        assert_eq!(
            comment_of("Ply 2: bob has moved. Fence direction: up.", id),
            "bob has moved. Fence direction: up."
        );
        assert_eq!(comment_of("⟦b:|#12 is over: bob wins.⟧", id), "is over: bob wins.");
        assert_eq!(
            comment_of("⟦b:|#12 is over: alice wins.⟧\nbob crossed the fence at B3:R.", id),
            "bob crossed the fence at B3:R."
        );
    }

    #[test]
    fn a_record_reads_back_what_it_wrote_and_names_the_line_at_fault() {
        let record = Record {
            headers: vec![("Record".into(), MAGIC.into()), ("Game".into(), "ultima".into())],
            actions: vec![
                RecordLine {
                    seat: 0,
                    notation: "c2c5".into(),
                    by_referee: false,
                    comment: "a pincer".into(),
                },
                RecordLine {
                    seat: 1,
                    notation: "pass".into(),
                    by_referee: true,
                    comment: String::new(),
                },
            ],
        };
        let text = record.to_text(GameKind::Ultima);
        assert_eq!(
            text,
            "[Record \"arbiter 2\"]\n[Game \"ultima\"]\n\n1. white c2c5 ; a pincer\n2. black (referee) pass\n"
        );
        assert_eq!(Record::parse(&text).expect("reads"), record);
        let head = "[Record \"arbiter 2\"]\n[Game \"ultima\"]\n\n";
        let e = Record::parse(&format!("{head}1. white c2c5\n3. black a7a6\n")).unwrap_err();
        assert_eq!(e.to_string(), "line 5: expected ply 2.");
        let e = Record::parse("Game: ultima\n").unwrap_err();
        assert!(e.to_string().starts_with("line 1: not a record"), "{e}");
        let e = Record::parse("[Game \"ultima\"]\n\n1. white c2c5\n").unwrap_err();
        assert!(e.to_string().starts_with("line 3: not a record"), "{e}");
        let e = Record::parse("[Record \"arbiter 9\"]\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1: a record of another version: `arbiter 9`, not `arbiter 2`"
        );
        assert_eq!(Record::parse("").unwrap_err().to_string(), "the record is empty");
        let e = Record::parse(&format!("{head}1. green c2c5\n")).unwrap_err();
        assert_eq!(e.to_string(), "line 4: `green` is no seat of ultima");
        let e = Record::parse("[Record arbiter 2]\n").unwrap_err();
        assert_eq!(e.to_string(), "line 1: a tag is `[Name \"value\"]`");
    }

    #[test]
    fn a_tag_value_with_quotes_and_backslashes_reads_back_as_written() {
        let clock = r#"{"pace":"live","note":"a \\ b"}"#;
        let record = Record {
            headers: vec![("Record".into(), MAGIC.into()), ("Clock".into(), clock.into())],
            actions: Vec::new(),
        };
        let text = record.to_text(GameKind::Ultima);
        assert!(text.contains(r#"[Clock "{\"pace\":\"live\",\"note\":\"a \\\\ b\"}"]"#), "{text}");
        assert_eq!(Record::parse(&text).expect("reads").header("Clock"), Some(clock));
    }

    #[test]
    fn a_version_1_record_reads_as_the_version_2_tags_it_stands_for() {
        let v1 = "Record: arbiter 1\nGame: chaos-clock\nPlayer 1: alice\nName 1: Alice\n\
                  Seat 1: jia\nPlayer 2: bot\nName 2: Arbiter\nSeat 2: yi\n\
                  Result: both-win (both win)\n\n1. yi m2 ; a comment\n";
        let record = Record::parse(v1).expect("reads");
        let tags: Vec<(&str, &str)> =
            record.headers.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        assert_eq!(
            tags,
            [
                ("Record", "arbiter 2"),
                ("Game", "chaos-clock"),
                ("JiaUser", "alice"),
                ("Jia", "Alice"),
                ("YiUser", "bot"),
                ("Yi", "Arbiter"),
                ("Result", "1-1"),
            ]
        );
        assert_eq!(record.actions.len(), 1);
    }

    #[test]
    fn results_are_written_in_seat_order_and_read_back() {
        for result in [
            None,
            Some(GameResult::Winner(Seat(0))),
            Some(GameResult::Winner(Seat(1))),
            Some(GameResult::Draw),
            Some(GameResult::BothWin),
            Some(GameResult::BothLose),
        ] {
            assert_eq!(result_of_pgn(pgn_result(result)), Ok(result), "{result:?}");
        }
        assert_eq!(pgn_result(Some(GameResult::Winner(Seat(0)))), "1-0");
        assert_eq!(result_of_pgn("2-0"), Err(()));
    }
}
