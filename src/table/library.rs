//! The Rabble draw library (`/library`) and its forks.

use super::prelude::*;
use super::referee::Referee;

impl Referee {
    /// `/library`: the most recent drawn Rabble games kept for others to continue, each with
    /// its plies, scores, changed squares, ancestry and board; `/library #id [@opponent]`
    /// continues one in this channel as a new game (a fork: the original stays as it was).
    pub(super) async fn library(
        &self,
        ctx: &Ctx,
        id: Option<GameId>,
        opponent: Option<&UserId>,
    ) -> Reply {
        let lang = ctx.lang;
        let Some(id) = id else {
            // One read serves both the library (agreed draws) and its tree (every game
            // continued from a library game, whatever its status).
            let all = self
                .store
                .games_with_status(&[
                    GameStatus::Invited,
                    GameStatus::Active,
                    GameStatus::Over,
                    GameStatus::Aborted,
                ])
                .await?;
            let mut forks: BTreeMap<GameId, Vec<voice::Fork>> = BTreeMap::new();
            for row in &all {
                if let Some(parent) = games::parent_of(row) {
                    forks.entry(parent).or_default().push(games::fork_of(row));
                }
            }
            let mut rows: Vec<GameRow> = all.into_iter().filter(games::in_library).collect();
            rows.sort_by_key(|r| std::cmp::Reverse(r.id));
            if rows.is_empty() {
                return Ok(vec![self.say(ctx, ctx.here(), lang, &Notice::LibraryEmpty)]);
            }
            let total = rows.len();
            let mut out = vec![self.say(
                ctx,
                ctx.here(),
                lang,
                &Notice::LibraryHeader { count: total, shown: total.min(LIBRARY_SHOWN) },
            )];
            for row in rows.into_iter().take(LIBRARY_SHOWN) {
                let t = self.load(row).await?;
                let children = forks.get(&t.row.id).map_or(&[][..], Vec::as_slice);
                let entry = voice::library_entry(lang, &t, children);
                let Some(text) = entry else { continue };
                let mut m = Outbound {
                    platform: ctx.platform,
                    to: ctx.here(),
                    text,
                    image: None,
                    buttons: Vec::new(),
                    outbox: None,
                    stamp: None,
                };
                m.image = voice::picture(&t, Viewer::Public, lang, self.images);
                out.push(m);
            }
            return Ok(out);
        };
        let Chat::Group(chat) = &ctx.chat else {
            return Err(TableError::Refused(Refusal::GroupOnly));
        };
        let not_drawn = || TableError::Refused(Refusal::LibraryNotDrawn(id));
        let row = match self.store.game(id).await {
            Ok(row) => row,
            Err(crate::store::DbError::NotFound) => return Err(not_drawn()),
            Err(e) => return Err(e.into()),
        };
        if !games::in_library(&row) {
            return Err(not_drawn());
        }
        if opponent == Some(&ctx.user) {
            return Err(TableError::Refused(Refusal::SelfInvite));
        }
        // `@bot`: the referee plays the fork itself, at its strongest.
        let bot = UserId::new(BOT_USER);
        let opponent = opponent.map(|o| if is_bot_name(o.as_str()) { &bot } else { o });
        let against_bot = opponent.is_some_and(is_bot);
        if !against_bot {
            self.invitation_room(ctx, chat)?;
        }
        let source = self.load(row).await?;
        let AnyGame::Rabble(g) = &source.game else { return Err(not_drawn()) };
        let fork = g.fork(u64::try_from(id.0).unwrap_or_default());
        let position = fork.to_text();
        let seed = self.next_seed().await?;
        let time = source.time;
        self.open_table(
            ctx,
            chat,
            GameKind::Rabble,
            AnyGame::Rabble(fork),
            Some(position),
            seed,
            time,
            opponent,
            // A fork from the draw library is unrated (docs/community.md).
            Opening {
                creator_seat: 0,
                rated: false,
                level: against_bot.then_some(crate::bots::TOP_LEVEL),
            },
        )
        .await
    }
}
