//! Ratings as the store derives them (docs/community.md): which finished games count, and the
//! replay of games in the order they ended, in memory. Decisions only, no SQL: both backends
//! read the games, hand them to [`Replay`] and write what it comes to, so a rating is the same
//! figure on either database. The Glicko-2 arithmetic itself is [`crate::ratings`].

use std::collections::HashMap;

use super::types::{GameRow, GameStatus, POOL_COMMUNITY, Platform, RatingChange, UserId};

/// A ratings group: platform, community, game.
pub(super) type Group = (Platform, String, String);

/// The group `row` is rated in. The everywhere pool of the chat platforms is one group,
/// whichever of them hosted the game (named by [`Platform::Discord`]; its statements take
/// both platforms' games, see [`spans_chat_platforms`]).
pub(super) fn group_of(row: &GameRow) -> Group {
    let community = row.rating_community();
    let platform = if community == POOL_COMMUNITY && row.platform.is_chat() {
        Platform::Discord
    } else {
        row.platform
    };
    (platform, community.to_string(), row.kind.clone())
}

/// Whether `group` takes the games of both chat platforms (the everywhere pool).
pub(super) fn spans_chat_platforms(group: &Group) -> bool {
    group.0.is_chat() && group.1 == POOL_COMMUNITY
}

/// Where the rating of `seat` (a seat of a game of `group`) is kept: in the group under the
/// player's own platform and id (a player seated from the other chat platform is qualified in
/// the game's seats, [`UserId::seated_on`]).
pub(super) fn standing_of(group: &Group, host: Platform, seat: &UserId) -> (Group, UserId) {
    if spans_chat_platforms(group) {
        let (platform, user) = seat.on(host);
        ((platform, group.1.clone(), group.2.clone()), user)
    } else {
        (group.clone(), seat.clone())
    }
}

/// The two players of a rated game, from its seats JSON (`None` when it has not two).
pub(super) fn two_players(row: &GameRow) -> Option<[UserId; 2]> {
    let seats: Vec<Option<String>> = serde_json::from_str(&row.seats).ok()?;
    match seats.as_slice() {
        [Some(a), Some(b)] => Some([UserId::from(a.as_str()), UserId::from(b.as_str())]),
        _ => None,
    }
}

/// Whether `row` counts for ratings now: rated, over with a result, with two players and its
/// place in the order of ends.
pub(super) fn counts(row: &GameRow) -> bool {
    row.rated
        && row.status == GameStatus::Over
        && row.result.is_some()
        && row.ended_seq.is_some()
        && two_players(row).is_some()
}

/// Ratings applied in memory, then written: what one group (or every group) comes to when its
/// games are replayed in the order they ended.
#[derive(Default)]
pub(super) struct Replay {
    pub(super) standings: HashMap<(Group, UserId), crate::ratings::Standing>,
    pub(super) changes: Vec<RatingChange>,
}

impl Replay {
    /// Rates `row` on the standings so far (a player not in them starts afresh), recording
    /// what it did to each player in seat order.
    pub(super) fn apply(&mut self, row: &GameRow) {
        let (Some(players), Some(result)) = (two_players(row), row.result) else { return };
        let group = group_of(row);
        let key = |u: &UserId| standing_of(&group, row.platform, u);
        let first = self.standings.get(&key(&players[0])).copied().unwrap_or_default();
        let second = self.standings.get(&key(&players[1])).copied().unwrap_or_default();
        let (a, b) = crate::ratings::rate(&first, &second, result);
        for (seat, (user, before, after)) in
            [(&players[0], first, a), (&players[1], second, b)].into_iter().enumerate()
        {
            self.changes.push(RatingChange {
                game_id: row.id,
                seat: i64::try_from(seat).unwrap_or(0),
                user_id: user.clone(),
                before: before.rating.rating,
                after: after.rating.rating,
                deviation: after.rating.deviation,
            });
            self.standings.insert(key(user), after);
        }
    }
}
