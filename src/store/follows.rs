//! Follows (`/follow`, docs/community.md): who gets a game's public announcements privately.
//! A follow is stored as a row of text columns (kind, target, community); the statements are
//! in `queries/`.

use super::types::{GameId, Platform, UserId};

/// What a follow is of.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Followed {
    /// One game, by id.
    Game(GameId),
    /// Every game of a player in one community.
    Player {
        /// The player.
        user: UserId,
        /// The community the follow was made in.
        community: String,
    },
}

/// One follow.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Follow {
    /// Platform.
    pub platform: Platform,
    /// Who follows.
    pub follower: UserId,
    /// What.
    pub followed: Followed,
}

/// A `follows` row as read: platform, follower, kind, target, community.
pub(super) type Row = (Platform, UserId, String, String, String);

/// The follow a row holds (`None`: a kind this version does not know).
pub(super) fn of_row((platform, follower, kind, target, community): Row) -> Option<Follow> {
    let followed = match kind.as_str() {
        "game" => Followed::Game(GameId(target.parse().ok()?)),
        "player" => Followed::Player { user: UserId::from(target.as_str()), community },
        _ => return None,
    };
    Some(Follow { platform, follower, followed })
}

/// A follow's kind, target and community columns.
pub(super) fn parts(followed: &Followed) -> (&'static str, String, String) {
    match followed {
        Followed::Game(id) => ("game", id.0.to_string(), String::new()),
        Followed::Player { user, community } => ("player", user.to_string(), community.clone()),
    }
}
