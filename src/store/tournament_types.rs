//! The rows of tournaments (`/tournament`; the statements are in `tournaments.rs`, the
//! tables' columns in `migrations/sqlite/20261207000000_add_tournaments.sql`).

use super::types::{ChatId, GameId, NewGame, Platform, UserId};

/// A tournament as stored.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct TournamentRow {
    /// Its number.
    pub id: i64,
    /// The platform of its chat.
    pub platform: Platform,
    /// The chat (channel, group or topic) it belongs to.
    #[sqlx(flatten)]
    pub chat: ChatId,
    /// The community its games are rated in.
    pub community: String,
    /// The channel the chat was opened under, if any.
    pub parent_chat: Option<String>,
    /// The game's code.
    pub kind: String,
    /// The game's options, `k=v,k=v`.
    pub options: String,
    /// The time control, as stored with games.
    pub clock: String,
    /// `roundrobin` or `swiss`.
    pub format: String,
    /// The rounds: asked for a Swiss; a round robin's, once it starts (0 before).
    pub rounds: i64,
    /// A double round robin (each pair twice, colours reversed).
    pub double_rr: bool,
    /// The most players it takes.
    pub max_players: i64,
    /// Whether its games count for ratings.
    pub rated: bool,
    /// When it starts by itself, if set.
    pub starts_at: Option<i64>,
    /// `open` (taking players), `running` or `over`.
    pub status: String,
    /// The round being played (0 before the start).
    pub round: i64,
    /// Draws the first colour and each game's start.
    pub seed: i64,
    /// The language it speaks in its chat.
    pub locale: String,
    /// Who made it.
    pub created_by: UserId,
    /// Their name when they made it.
    pub creator_name: String,
    /// When it was made (unix seconds).
    pub created_at: i64,
    /// When it ended.
    pub ended_at: Option<i64>,
}

/// A tournament to make.
#[derive(Debug, Clone, PartialEq)]
pub struct NewTournament {
    /// The platform of its chat.
    pub platform: Platform,
    /// Its chat.
    pub chat: ChatId,
    /// The community its games are rated in.
    pub community: String,
    /// The channel the chat was opened under, if any.
    pub parent_chat: Option<String>,
    /// The game's code.
    pub kind: String,
    /// The game's options, `k=v,k=v`.
    pub options: String,
    /// The time control, as stored with games.
    pub clock: String,
    /// `roundrobin` or `swiss`.
    pub format: String,
    /// A Swiss's rounds (0 for a round robin: counted at the start).
    pub rounds: i64,
    /// A double round robin.
    pub double_rr: bool,
    /// The most players.
    pub max_players: i64,
    /// Whether its games count for ratings.
    pub rated: bool,
    /// When it starts by itself.
    pub starts_at: Option<i64>,
    /// Its seed.
    pub seed: i64,
    /// Its language.
    pub locale: String,
    /// Who makes it.
    pub created_by: UserId,
    /// Their name.
    pub creator_name: String,
    /// Now.
    pub now: i64,
}

/// One player of a tournament.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct TournamentPlayer {
    /// The tournament.
    pub tournament_id: i64,
    /// Their number, from 1 in the order they joined: their id in the pairing.
    pub number: i64,
    /// Their platform.
    pub platform: Platform,
    /// Who.
    pub user_id: UserId,
    /// Their name when they joined.
    pub name: String,
    /// Their rating in the game when they joined.
    pub rating: f64,
    /// The first round they may be paired in.
    pub joined_round: i64,
    /// The first round they are no longer paired in, once withdrawn.
    pub withdrawn_round: Option<i64>,
}

/// One board of one round, with its game's state when it is played.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct PairingRow {
    /// The round, from 1.
    pub round: i64,
    /// The board, from 1.
    pub board: i64,
    /// The player of the seat that moves first (their number).
    pub white: i64,
    /// The other player; `None` for a bye.
    pub black: Option<i64>,
    /// The game, when it is played.
    pub game_id: Option<GameId>,
    /// An unplayed board's points for `white`, in half points.
    pub white_points: Option<i64>,
    /// An unplayed board's points for `black`.
    pub black_points: Option<i64>,
    /// The game's status (`None` when unplayed).
    pub status: Option<String>,
    /// The game's result code (`seat:0`, `draw`, …), once it has one.
    pub result: Option<String>,
    /// The game's seats (JSON, as the game row keeps them).
    pub seats: Option<String>,
}

/// One board of a round to start: a game to create, or an unplayed board.
#[derive(Debug, Clone, PartialEq)]
pub struct NewBoard {
    /// The player of the first seat.
    pub white: i64,
    /// The other player (`None`: a bye).
    pub black: Option<i64>,
    /// The game to create, or `None` for an unplayed board.
    pub game: Option<NewGame>,
    /// An unplayed board's points (white's, black's), in half points.
    pub points: (i64, i64),
}
