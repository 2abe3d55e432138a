//! `/follow` and `/unfollow` (docs/community.md): a follower gets a private copy of each public
//! announcement of a game, or of every game a player plays in the community where the follow
//! was made. Only messages to the game's own chat are copied, so a follower never gets
//! anything a spectator there could not see.

use super::error::TableError;
use super::notice::Refusal;
use super::referee::Referee;
use super::reply::{Dest, Outbound};
use super::types::{Chat, Ctx, Reply, Table};
use crate::store::{Follow, Followed, GameRow, UserId};

impl Referee {
    /// The followers of the game `row` (seated `seats`) who are not its players.
    fn followers(&self, row: &GameRow, seats: &[Option<UserId>]) -> Vec<UserId> {
        let community = row.rating_community();
        let follows = self.lock_follows();
        let mut out: Vec<UserId> = follows
            .iter()
            .filter(|f| f.platform == row.platform)
            .filter(|f| match &f.followed {
                Followed::Game(id) => *id == row.id,
                Followed::Player { user, community: c } => {
                    c == community && seats.iter().any(|s| s.as_ref() == Some(user))
                }
            })
            .map(|f| f.follower.clone())
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
        let public = super::games::public_of(t);
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
    /// reached from here and still running, or a player's games in this community.
    pub(super) async fn follow(
        &self,
        ctx: &Ctx,
        id: Option<crate::store::GameId>,
        player: Option<&UserId>,
        on: bool,
    ) -> Reply {
        let Chat::Group(_) = &ctx.chat else {
            return Err(TableError::Refused(Refusal::CommunityOnly));
        };
        let community = Self::community(ctx)?;
        let w = self.wording;
        let lang = ctx.lang;
        let (followed, key, args): (Followed, &str, Vec<(&str, fluent_bundle::FluentValue<'_>)>) =
            match (id, player) {
                (Some(id), _) => {
                    let summary = self.lock_index().games.get(&id).cloned();
                    let Some(summary) = summary.filter(|s| Self::reaches(ctx, s)) else {
                        if on {
                            return Err(TableError::Refused(Refusal::NoSuchGame(id)));
                        }
                        // A game that ended may still be unfollowed.
                        return self.unfollow_game(ctx, id).await;
                    };
                    if on && summary.seats.iter().any(|s| s.as_ref() == Some(&ctx.user)) {
                        return Err(TableError::Refused(Refusal::FollowOwn(id)));
                    }
                    (Followed::Game(id), "game", vec![("id", id.to_string().into())])
                }
                (None, Some(user)) => {
                    if user == &ctx.user {
                        return Err(TableError::Refused(Refusal::FollowSelf));
                    }
                    let name = self.shown_name(ctx.platform, user).await;
                    (
                        Followed::Player { user: user.clone(), community },
                        "player",
                        vec![("name", name.into())],
                    )
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
        let message = match (on, changed) {
            (true, true) => format!("follow-{key}"),
            (true, false) => format!("follow-{key}-already"),
            (false, true) => format!("unfollow-{key}"),
            (false, false) => format!("unfollow-{key}-not"),
        };
        Ok(vec![self.reply_here(ctx, w.text(lang, &message, &args))])
    }

    async fn unfollow_game(&self, ctx: &Ctx, id: crate::store::GameId) -> Reply {
        let follow = Follow {
            platform: ctx.platform,
            follower: ctx.user.clone(),
            followed: Followed::Game(id),
        };
        let changed = self.store.remove_follow(&follow).await?;
        self.lock_follows().retain(|f| f != &follow);
        let key = if changed { "unfollow-game" } else { "unfollow-game-not" };
        let text = self.wording.text(ctx.lang, key, &[("id", id.to_string().into())]);
        Ok(vec![self.reply_here(ctx, text)])
    }
}
