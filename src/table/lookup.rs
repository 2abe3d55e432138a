//! Lookup and authority: which game a command means, who reaches it from where, who
//! administers it, and the games a chat or a user has.

use super::prelude::*;
use super::referee::Referee;

/// How many of the caller's games in other chats a refusal lists at most.
const ELSEWHERE_LISTED: usize = 5;

impl Referee {
    /// Finds the game a command means: the id given, or the caller's only matching game here.
    pub(super) fn resolve(
        &self,
        ctx: &Ctx,
        id: Option<GameId>,
        want: impl Fn(&Summary) -> bool,
    ) -> Result<GameId, TableError> {
        let index = self.lock_index();
        let here = |s: &Summary| match &ctx.chat {
            Chat::Group(chat) => s.platform == ctx.platform && s.chat == *chat,
            // A game paired between Discord and Telegram is played from both.
            Chat::Private => s.has_player(ctx.platform, &ctx.user),
        };
        if let Some(id) = id {
            // A game out of reach answers exactly as a game that does not exist: ids are
            // sequential, and must tell nothing about other chats.
            return match index.games.get(&id) {
                Some(s) if Self::reaches(ctx, s) && want(s) => Ok(id),
                Some(s) if Self::reaches(ctx, s) => {
                    Err(TableError::Refused(Refusal::GameNotYours(id)))
                }
                Some(_) => Err(TableError::Refused(Refusal::NoSuchGame(id))),
                None => {
                    let broken = self.lock_broken().get(&id).map(Self::row_summary);
                    Err(match broken {
                        Some(s) if Self::reaches(ctx, &s) => {
                            TableError::Refused(Refusal::Unresumable(id))
                        }
                        _ => TableError::Refused(Refusal::NoSuchGame(id)),
                    })
                }
            };
        }
        let candidates = match &ctx.chat {
            Chat::Group(chat) => index.by_chat.get(&(ctx.platform, chat.clone())),
            Chat::Private => index.by_user.get(&(ctx.platform, ctx.user.clone())),
        };
        let mut found: Vec<GameId> = candidates
            .into_iter()
            .flatten()
            .filter(|id| index.games.get(id).is_some_and(|s| here(s) && want(s)))
            .copied()
            .collect();
        if let (Chat::Private, Some(typed)) = (&ctx.chat, &ctx.scope.typed_in) {
            let there = |s: &Summary| {
                s.chat == *typed
                    || (typed.topic.is_none() && s.parent_chat.as_deref() == Some(&typed.id))
            };
            let in_chat: Vec<GameId> =
                found.iter().copied().filter(|id| index.games.get(id).is_some_and(there)).collect();
            if !in_chat.is_empty() {
                found = in_chat;
            }
        }
        found.sort_unstable();
        match found.as_slice() {
            [] => {
                // Where the caller's games are instead, when they typed in a group: a move in
                // the wrong channel learns which channel (the console and transcripts name chats).
                let Chat::Group(typed) = &ctx.chat else {
                    return Err(TableError::Refused(Refusal::NoGameHere));
                };
                let mut elsewhere: Vec<Elsewhere> = index
                    .by_user
                    .get(&(ctx.platform, ctx.user.clone()))
                    .into_iter()
                    .flatten()
                    .filter_map(|id| {
                        let s = index.games.get(id)?;
                        let seated = s.has_player(ctx.platform, &ctx.user);
                        (seated && s.chat != *typed && want(s)).then(|| Elsewhere {
                            game: *id,
                            kind: s.kind,
                            chat: s.chat.id.clone(),
                            named: matches!(ctx.platform, Platform::Console | Platform::Script),
                            private: super::seeks::is_pool_chat(&s.chat),
                        })
                    })
                    .collect();
                elsewhere.sort_by_key(|e| e.game);
                elsewhere.truncate(ELSEWHERE_LISTED);
                Err(TableError::Refused(if elsewhere.is_empty() {
                    Refusal::NoGameHere
                } else {
                    Refusal::GameElsewhere(elsewhere)
                }))
            }
            [one] => Ok(*one),
            many => Err(TableError::Refused(Refusal::WhichGame(many.to_vec()))),
        }
    }

    /// Whether a command typed where `ctx` says may name the game `s` by its id: from the
    /// game's own chat, from the channel its thread was opened under, and, for a seated player
    /// (or its creator), from their private chat. Nothing else reaches it, administrators
    /// included ([`Referee::administers`] is their wider reach, for `/admin` alone).
    pub(super) fn reaches(ctx: &Ctx, s: &Summary) -> bool {
        match &ctx.chat {
            Chat::Group(chat) => {
                s.platform == ctx.platform
                    && (s.chat == *chat
                        || (chat.topic.is_none()
                            && s.parent_chat.as_deref() == Some(chat.id.as_str())))
            }
            // A player seated from the other chat platform reaches it from their private chat.
            Chat::Private => {
                s.created_by(ctx.platform, &ctx.user) || s.has_player(ctx.platform, &ctx.user)
            }
        }
    }

    /// Whether the caller administers the chat of game `s`: the platform says they administer
    /// the chat where they typed, and the game is reached from there or belongs to the same
    /// community (on Discord: the same server, threads included). Never from a private chat.
    pub(super) fn administers(ctx: &Ctx, s: &Summary) -> bool {
        ctx.is_admin
            && !ctx.is_private()
            && s.platform == ctx.platform
            && (Self::reaches(ctx, s)
                || ctx.scope.community.as_ref().is_some_and(|c| s.community.as_ref() == Some(c)))
    }

    pub(super) fn seated(ctx: &Ctx) -> impl Fn(&Summary) -> bool + '_ {
        move |s: &Summary| s.has_player(ctx.platform, &ctx.user)
    }

    /// The games a user may mean in `chat`, for a platform's autocomplete: `(id, label)` of
    /// the invited and running games there (in a private chat, the user's own), newest first,
    /// at most `limit`. Labels name the game and its players, nothing hidden.
    pub async fn games_here(
        &self,
        platform: Platform,
        user: &UserId,
        chat: &Chat,
        limit: usize,
    ) -> Vec<(GameId, String)> {
        self.sync().await;
        let mut ids: Vec<GameId> = {
            let index = self.lock_index();
            let key = match chat {
                Chat::Group(id) => index.by_chat.get(&(platform, id.clone())),
                Chat::Private => index.by_user.get(&(platform, user.clone())),
            };
            key.into_iter().flatten().copied().collect()
        };
        ids.sort_unstable_by(|a, b| b.cmp(a));
        ids.dedup();
        let mut out = Vec::new();
        for id in ids.into_iter().take(limit) {
            let Ok(cell) = self.table(id) else { continue };
            let t = cell.lock().await;
            let names: Vec<&str> = t.names.iter().map(String::as_str).collect();
            out.push((id, format!("#{id} {} {}", t.game.kind().code(), names.join(" – "))));
        }
        out
    }

    /// The caller's legal actions in their game here (or game `id`), for a platform's
    /// autocomplete: only in games without hidden information whose legal actions are a finite
    /// list, only when it is the caller's turn, and never more than `limit` (those starting
    /// with `prefix`, ignoring case). Empty otherwise: suggestions must never tell a player
    /// what the rules hide. Rabble, whose turns are infinite, offers likely turns instead, each
    /// checked by the engine (the typed square's targets).
    pub async fn public_actions(
        &self,
        platform: Platform,
        user: &UserId,
        chat: &Chat,
        id: Option<GameId>,
        prefix: &str,
        limit: usize,
    ) -> Vec<String> {
        self.sync().await;
        let ctx = Ctx {
            platform,
            user: user.clone(),
            name: String::new(),
            lang: Lang::default(),
            chat: chat.clone(),
            is_admin: false,
            scope: Scope::default(),
        };
        let Ok(id) = self
            .resolve(&ctx, id, |s| s.status == GameStatus::Active && s.has_player(platform, user))
        else {
            return Vec::new();
        };
        let Ok(cell) = self.table(id) else { return Vec::new() };
        let mut t = cell.lock().await;
        let ToAct::Seat(seat, _) = t.game.to_act() else { return Vec::new() };
        if t.row.status != GameStatus::Active || t.seat_of(platform, user) != Some(seat.index()) {
            return Vec::new();
        }
        // Games whose turns cannot be listed (Rabble's are infinite) suggest likely ones.
        if let Some(found) = games::suggestions(&mut t.game, seat, prefix, limit) {
            return found;
        }
        if games::has_hidden_information(&t.game) || !t.game.has_exhaustive_actions() {
            return Vec::new();
        }
        let prefix = prefix.trim().to_lowercase();
        let mut actions: Vec<String> = t
            .game
            .legal_actions(seat)
            .iter()
            .map(|a| t.game.format_action(a))
            .filter(|a| a.to_lowercase().starts_with(&prefix))
            .collect();
        actions.sort_by(|a, b| natural_order(a, b));
        actions.dedup();
        actions.truncate(limit);
        actions
    }
}
