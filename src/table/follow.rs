//! `/follow` and `/unfollow` (docs/community.md): a follower gets a private copy of each public
//! announcement of a game, or of every game a player plays in the community where the follow
//! was made. Only messages to the game's own chat are copied, so a follower never gets
//! anything a spectator there could not see.

use super::error::TableError;
use super::notice::Refusal;
use super::referee::Referee;
use super::reply::{Dest, Outbound};
use super::types::{Chat, Ctx, Reply, Table};
use super::voice::{self, Following};
use crate::store::{Follow, Followed, GameRow, UserId};

impl Referee {
    /// The followers of the game `row` (seated `seats`) who are not its players.
    fn followers(&self, row: &GameRow, seats: &[Option<UserId>]) -> Vec<UserId> {
        let community = row.rating_community();
        let pool = super::seeks::is_pool_chat(&row.chat) && row.platform.is_chat();
        let follows = self.lock_follows();
        let mut out: Vec<UserId> = follows
            .iter()
            // A game played privately may be followed from the other chat platform too (its
            // followers are written as its seats are, [`UserId::seated_on`]).
            .filter(|f| f.platform == row.platform || pool)
            .filter(|f| match &f.followed {
                Followed::Game(id) => *id == row.id,
                Followed::Player { user, community: c } => {
                    f.platform == row.platform
                        && c == community
                        && seats.iter().any(|s| s.as_ref() == Some(user))
                }
            })
            .map(|f| UserId::seated_on(row.platform, f.platform, &f.follower))
            .filter(|f| !seats.iter().any(|s| s.as_ref() == Some(f)))
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// Adds to `out` a private copy, without buttons, of each of its messages to the game's
    /// chat, for each follower of the game.
    pub(super) fn copy_to_followers(&self, t: &Table, out: &mut Vec<Outbound>) {
        let followers = self.followers(&t.row, &t.seats);
        if followers.is_empty() {
            return;
        }
        let public = voice::public_of(t);
        let copies: Vec<Outbound> = out
            .iter()
            .filter(|m| m.to == public && m.platform == t.row.platform)
            .flat_map(|m| {
                followers.iter().map(move |f| Outbound {
                    platform: m.platform,
                    to: Dest::User(f.clone()),
                    text: m.text.clone(),
                    image: m.image.clone(),
                    buttons: Vec::new(),
                    outbox: None,
                    stamp: None,
                })
            })
            .collect();
        out.extend(copies);
    }

    /// `/follow #id` or `/follow @player` (`on`), `/unfollow` (`!on`), typed in a group: a game
    /// reached from here and still running, or a player's games in this community. A game
    /// played in its players' private chats (an everywhere seek's) belongs to no community: any
    /// user of its platform follows it by its number, from anywhere, privately too.
    pub(super) async fn follow(
        &self,
        ctx: &Ctx,
        id: Option<crate::store::GameId>,
        player: Option<&UserId>,
        on: bool,
    ) -> Reply {
        let pool = id.and_then(|id| {
            let index = self.lock_index();
            let s = index.games.get(&id)?;
            let platform =
                s.platform == ctx.platform || (s.platform.is_chat() && ctx.platform.is_chat());
            (platform && super::seeks::is_pool_chat(&s.chat)).then(|| s.clone())
        });
        if pool.is_none() && !matches!(ctx.chat, Chat::Group(_)) {
            return Err(TableError::Refused(Refusal::CommunityOnly));
        }
        let (followed, what) = match (id, player) {
            (Some(id), _) => {
                let summary = match pool {
                    Some(s) => Some(s),
                    None => self.lock_index().games.get(&id).cloned(),
                };
                let Some(summary) = summary
                    .filter(|s| Self::reaches(ctx, s) || super::seeks::is_pool_chat(&s.chat))
                else {
                    if on {
                        return Err(TableError::Refused(Refusal::NoSuchGame(id)));
                    }
                    // A game that ended may still be unfollowed.
                    return self.unfollow_game(ctx, id).await;
                };
                if on && summary.has_player(ctx.platform, &ctx.user) {
                    return Err(TableError::Refused(Refusal::FollowOwn(id)));
                }
                (Followed::Game(id), Following::Game(id))
            }
            (None, Some(user)) => {
                if user == &ctx.user {
                    return Err(TableError::Refused(Refusal::FollowSelf));
                }
                let community = Self::community(ctx)?;
                let name = self.shown_name(ctx.platform, user).await;
                (Followed::Player { user: user.clone(), community }, Following::Player(name))
            }
            (None, None) => {
                return Err(TableError::Refused(Refusal::Missing {
                    command: if on { "follow" } else { "unfollow" },
                    what: "follow",
                }));
            }
        };
        let follow = Follow { platform: ctx.platform, follower: ctx.user.clone(), followed };
        let changed = if on {
            self.store.add_follow(&follow).await?
        } else {
            self.store.remove_follow(&follow).await?
        };
        {
            let mut follows = self.lock_follows();
            follows.retain(|f| f != &follow);
            if on {
                follows.push(follow);
            }
        }
        Ok(vec![self.reply_here(ctx, voice::follow(ctx.lang, &what, on, changed))])
    }

    async fn unfollow_game(&self, ctx: &Ctx, id: crate::store::GameId) -> Reply {
        let follow = Follow {
            platform: ctx.platform,
            follower: ctx.user.clone(),
            followed: Followed::Game(id),
        };
        let changed = self.store.remove_follow(&follow).await?;
        self.lock_follows().retain(|f| f != &follow);
        let text = voice::follow(ctx.lang, &Following::Game(id), false, changed);
        Ok(vec![self.reply_here(ctx, text)])
    }
}
