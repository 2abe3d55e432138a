//! What players look at: `/board`, `/view`, the 3-D observation, `/moves`, `/games` and
//! `/rules`.

use super::prelude::*;
use super::referee::Referee;

impl Referee {
    pub(super) async fn board(&self, ctx: &Ctx, id: Option<GameId>, window: Option<&str>) -> Reply {
        let id = match (self.resolve(ctx, id, |_| true), id) {
            (Ok(id), _) => id,
            (Err(e), Some(id)) if window.is_none() => {
                return self.ended(ctx, id, false).await.map(|m| vec![m]).ok_or(e);
            }
            (Err(e), _) => return Err(e),
        };
        let cell = self.table(id)?;
        let t = cell.lock().await;
        if let Some(window) = window {
            // Only a board larger than its picture (Rabble's) has windows.
            let Some(answer) = voice::window_message(
                ctx.lang,
                &t,
                window,
                ctx.here_on(t.row.platform),
                self.images,
            ) else {
                return Err(TableError::Refused(Refusal::BoardWindow));
            };
            return answer.map(|m| vec![m]).map_err(|d| TableError::Refused(Refusal::BadWindow(d)));
        }
        let view = t.game.view(Viewer::Public);
        Ok(vec![voice::view_message(ctx.lang, &t, &view, ctx.here_on(t.row.platform), self.images)])
    }

    /// `/view z …`: Rabble's 3-D observation, for anyone in the channel (no secrets).
    pub(super) async fn observe(&self, ctx: &Ctx, id: Option<GameId>, slice: &str) -> Reply {
        let id = self.resolve(ctx, id, |_| true)?;
        let cell = self.table(id)?;
        let t = cell.lock().await;
        let Some(answer) = voice::observation_message(
            ctx.lang,
            &t,
            slice,
            ctx.here_on(t.row.platform),
            self.images,
        ) else {
            return Err(TableError::Refused(Refusal::ViewSlice));
        };
        answer.map(|m| vec![m]).map_err(|d| TableError::Refused(Refusal::BadSlice(d)))
    }

    /// `/moves <square>`: where one Rabble unit can go, for anyone in the channel.
    pub(super) async fn moves(&self, ctx: &Ctx, id: Option<GameId>, square: &str) -> Reply {
        let id = self.resolve(ctx, id, |_| true)?;
        let cell = self.table(id)?;
        let t = cell.lock().await;
        let Some(answer) = voice::moves_message(ctx.lang, &t, square, ctx.here_on(t.row.platform))
        else {
            return Err(TableError::Refused(Refusal::MovesRabble));
        };
        answer.map(|m| vec![m]).map_err(|d| TableError::Refused(Refusal::BadSquare(d)))
    }

    pub(super) async fn view(&self, ctx: &Ctx, id: Option<GameId>) -> Reply {
        let id = match (self.resolve(ctx, id, Self::seated(ctx)), id) {
            (Ok(id), _) => id,
            // A spectator asking (or pressing My view) for a game they may see but do not play.
            (Err(TableError::Refused(Refusal::GameNotYours(id))), _) => {
                return Err(TableError::Refused(Refusal::ViewNotPlaying(id)));
            }
            (Err(e), Some(id)) => return self.ended(ctx, id, true).await.map(|m| vec![m]).ok_or(e),
            (Err(e), None) => return Err(e),
        };
        let cell = self.table(id)?;
        let t = cell.lock().await;
        let seat =
            t.seat_of(ctx.platform, &ctx.user).ok_or(TableError::Refused(Refusal::NotAPlayer))?;
        let view = t.game.view(Viewer::Seat(Seat(u8::try_from(seat).unwrap_or(0))));
        // A private view always goes to the private chat, wherever it was asked for.
        Ok(vec![voice::view_message(
            ctx.lang,
            &t,
            &view,
            ctx.private_on(t.row.platform),
            self.images,
        )])
    }

    pub(super) async fn games(&self, ctx: &Ctx) -> Vec<Outbound> {
        // Other chats' games waiting for the caller are listed only where the answer is the
        // caller's alone (a private chat, or a platform that answers privately in a channel):
        // in a group they would tell everyone there about other chats. There they come with
        // the time left, the nearest deadline first, and include the games of the caller's
        // linked accounts (`/link`), as the daily digest does.
        let elsewhere = ctx.is_private() || self.policy(ctx.platform).private_replies;
        let here: Vec<GameId> = {
            let index = self.lock_index();
            let mut ids: Vec<GameId> = match &ctx.chat {
                Chat::Group(chat) => index
                    .by_chat
                    .get(&(ctx.platform, chat.clone()))
                    .into_iter()
                    .flatten()
                    .copied()
                    .collect(),
                Chat::Private => Vec::new(),
            };
            ids.sort_unstable();
            ids
        };
        let mut lines = Vec::new();
        for id in here {
            let Ok(cell) = self.table(id) else { continue };
            let t = cell.lock().await;
            lines.push(notice::GameLine::Worded(voice::game_line(ctx.lang, &t)));
        }
        let now = self.clock.now();
        let only = (!elsewhere).then_some(ctx);
        let mut waiting = self.waiting_lines(ctx.platform, &ctx.user, ctx.lang, now, only).await;
        let broken: Vec<GameRow> = self.lock_broken().values().cloned().collect();
        for row in broken {
            let s = Self::row_summary(&row);
            if matches!(&ctx.chat, Chat::Group(c) if *c == s.chat)
                || (ctx.is_private() && Self::reaches(ctx, &s))
            {
                let kind = GameKind::from_code(&row.kind).ok_or_else(|| row.kind.clone());
                let line = notice::GameLine::Unresumable { game: row.id, kind };
                if ctx.is_private() { waiting.push(line) } else { lines.push(line) }
            }
        }
        let here = (!ctx.is_private()).then_some(lines);
        vec![self.say(ctx, ctx.here(), ctx.lang, &Notice::Games { here, waiting })]
    }

    pub(super) fn rules(&self, ctx: &Ctx, game: Option<&str>, topic: Option<&str>) -> Reply {
        let Some(game) = game else {
            return Ok(vec![self.say(ctx, ctx.here(), ctx.lang, &Notice::RulesWhich)]);
        };
        let kind = game_kind(game)?;
        let reply = |text: String, image: Option<reply::Image>| Outbound {
            platform: ctx.platform,
            to: ctx.here(),
            text,
            image,
            buttons: Vec::new(),
            outbox: None,
            stamp: None,
        };
        let Some(topic) = topic else {
            // The pieces' figures with their codes and names, for a game that has pieces.
            let image = self
                .images
                .then(|| voice::legend_picture(ctx.lang, kind))
                .flatten()
                .map(|p| reply::Image::png(p.png, p.width, p.height));
            return Ok(vec![reply(voice::rules_text(ctx.lang, kind), image)]);
        };
        if kind == GameKind::DarkFence
            && let Some(attempt) = voice::puzzle_attempt(topic)
        {
            let (text, image) = voice::puzzle_reply(ctx.lang, attempt, self.images)
                .map_err(|text| TableError::Refused(Refusal::Puzzle(text)))?;
            return Ok(vec![reply(text, image)]);
        }
        let help = voice::piece_help(ctx.lang, kind, topic)
            .ok_or_else(|| TableError::Refused(Refusal::NoSuchPiece(kind, topic.to_string())))?;
        let image = self.images.then(|| {
            let theme = voice::theme(Viewer::Public, ctx.lang);
            let p = help.picture(&theme);
            reply::Image::png(p.png, p.width, p.height)
        });
        Ok(vec![reply(help.text, image)])
    }
}
