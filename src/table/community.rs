//! What surrounds the games of a community (docs/community.md): ratings after a rated game,
//! `/leaderboard`, `/profile` and `/history`. A community is a Discord server, a Telegram group,
//! or the console; these commands answer about the community they are typed in, so they are
//! refused in a private chat.

use super::error::TableError;
use super::games::game_kind;
use super::notice::Refusal;
use super::referee::Referee;
use super::reply::{self, Lang, Outbound};
use super::types::{Chat, Ctx, Reply, Table, public_lang};
use super::voice::{self, GameFile, Went};
use crate::core::{GameResult, Viewer};
use crate::games::GameKind;
use crate::store::{GameRow, POOL_COMMUNITY, Platform, UserId};

/// How many players `/leaderboard` lists.
const TOP: usize = 10;
/// How many games `/history` lists.
const HISTORY: i64 = 10;

/// How a finished game went for `user`.
fn went(row: &GameRow, user: &UserId) -> Option<Went> {
    let seats: Vec<Option<UserId>> = serde_json::from_str(&row.seats).ok()?;
    let seat = seats.iter().position(|s| s.as_ref() == Some(user))?;
    Some(match row.result? {
        GameResult::Winner(w) if w.index() == seat => Went::Won,
        GameResult::Winner(_) => Went::Lost,
        GameResult::Draw | GameResult::BothWin | GameResult::BothLose => Went::Drawn,
    })
}

impl Referee {
    /// The community a command typed here is about (refused in a private chat).
    pub(super) fn community(ctx: &Ctx) -> Result<String, TableError> {
        match (&ctx.chat, &ctx.scope.community) {
            (Chat::Group(_), Some(c)) => Ok(c.clone()),
            (Chat::Group(chat), None) => Ok(chat.id.clone()),
            (Chat::Private, _) => Err(TableError::Refused(Refusal::CommunityOnly)),
        }
    }

    /// A user's name as shown: their display name, or their id when never seen.
    pub(super) async fn shown_name(&self, platform: Platform, user: &UserId) -> String {
        match self.user_row(platform, user).await {
            Ok(Some(row)) => row.display_name,
            _ => user.to_string(),
        }
    }

    /// After a game ended and was saved: rates it if it counts, and words the change for its
    /// chat ("#3 ratings: Alice 1662? (+162), Bob 1338? (−162)."), kept in the outbox. Nothing
    /// when the game does not count; a store failure is logged (the next start rates it).
    pub(super) async fn rate_end(&self, t: &Table) -> Vec<Outbound> {
        if !t.row.rated {
            return Vec::new();
        }
        let changes = match self.store.rate_game(t.row.id).await {
            Ok(changes) => changes,
            Err(e) => {
                tracing::error!(game = %t.row.id, error = ?e, "rating a finished game failed");
                return Vec::new();
            }
        };
        if changes.is_empty() {
            return Vec::new();
        }
        let named: Vec<_> = changes
            .into_iter()
            .map(|c| {
                let name = usize::try_from(c.seat)
                    .ok()
                    .and_then(|i| t.names.get(i))
                    .cloned()
                    .unwrap_or_else(|| c.user_id.to_string());
                (name, c)
            })
            .collect();
        let text = voice::rating_changes(public_lang(t), t.row.id, &named);
        let mut out = vec![voice::msg_of(t, voice::public_of(t), text)];
        self.copy_to_followers(t, &mut out);
        // An ended game has left the index that `enqueue` finds a private table's players in.
        super::seeks::privatize(&t.row.chat, &t.seats, &mut out);
        self.enqueue(out, Some(t.row.id)).await
    }

    /// `/leaderboard <game> [min=N]`: the community's best [`TOP`] of a game (of the players
    /// with at least `min` rated games of it, when given), and where the caller stands.
    /// Asked privately, the everywhere pool's: the games paired `scope=everywhere`, one pool
    /// for both chat platforms (each rating kept under its player's own platform).
    pub(super) async fn leaderboard(&self, ctx: &Ctx, game: &str, min: Option<u32>) -> Reply {
        let kind = game_kind(game)?;
        let pool = ctx.is_private();
        let mut all = if pool {
            let platforms = if ctx.platform.is_chat() {
                vec![Platform::Discord, Platform::Telegram]
            } else {
                vec![ctx.platform]
            };
            let mut all = Vec::new();
            for platform in platforms {
                all.extend(self.store.leaderboard(platform, POOL_COMMUNITY, kind.code()).await?);
            }
            all
        } else {
            self.store.leaderboard(ctx.platform, &Self::community(ctx)?, kind.code()).await?
        };
        // The store's order, kept across the two platforms' rows.
        all.sort_by(|a, b| {
            b.rating
                .total_cmp(&a.rating)
                .then(b.games.cmp(&a.games))
                .then_with(|| a.user_id.cmp(&b.user_id))
        });
        let enough = |r: &crate::store::RatingRow| min.is_none_or(|m| r.games >= i64::from(m));
        let rows: Vec<_> = all.iter().filter(|r| enough(r)).collect();
        let mut top = Vec::new();
        for row in rows.iter().take(TOP) {
            top.push((self.shown_name(row.platform, &row.user_id).await, *row));
        }
        let me = |r: &crate::store::RatingRow| r.platform == ctx.platform && r.user_id == ctx.user;
        let you = match rows.iter().position(|r| me(r)) {
            Some(at) => voice::Standing::Ranked(at + 1, rows.len(), rows[at]),
            None => match all.iter().find(|r| me(r)) {
                Some(row) => voice::Standing::TooFew(row.games),
                None => voice::Standing::Unrated,
            },
        };
        let text = voice::leaderboard(ctx.lang, kind, &top, you, min, pool);
        Ok(vec![self.reply_here(ctx, text)])
    }

    /// `/profile [@player]`: per game, the player's rating, record, current streak and recent
    /// results here, with a chart of their ratings.
    pub(super) async fn profile(&self, ctx: &Ctx, who: Option<&UserId>) -> Reply {
        let community = Self::community(ctx)?;
        let user = who.unwrap_or(&ctx.user);
        let lang = ctx.lang;
        let name = if user == &ctx.user {
            ctx.name.clone()
        } else {
            self.shown_name(ctx.platform, user).await
        };
        let rows = self.store.ratings_of(ctx.platform, &community, user).await?;
        if rows.is_empty() {
            return Ok(vec![self.reply_here(ctx, voice::profile_none(lang, &name))]);
        }
        let mut lines = vec![voice::profile_title(lang, &name)];
        let mut series = Vec::new();
        for row in &rows {
            let Some(kind) = GameKind::from_code(&row.kind) else { continue };
            let recent = self
                .store
                .finished_games(ctx.platform, &community, Some(user), Some(&row.kind), 50)
                .await?;
            let went: Vec<Went> =
                recent.iter().filter(|g| g.rated).filter_map(|g| went(g, user)).collect();
            lines.push(voice::profile_line(lang, kind, row, &went));
            let history =
                self.store.rating_history(ctx.platform, &community, &row.kind, user).await?;
            let mut points: Vec<f64> = history.first().map(|c| c.before).into_iter().collect();
            points.extend(history.iter().map(|c| c.after));
            series
                .push(crate::render::chart::Series { label: voice::game_name(lang, kind), points });
        }
        let image = self.images.then(|| {
            let theme = voice::theme(Viewer::Public, lang);
            let labels = voice::profile_chart_labels(lang);
            let p = crate::render::chart::rating_chart(&series, &labels, &theme);
            reply::Image::png(p.png, p.width, p.height)
        });
        let mut answer = self.reply_here(ctx, lines.join("\n"));
        answer.image = image;
        Ok(vec![answer])
    }

    /// `/history [@player] [game] [page=N]`: the community's finished games, newest first,
    /// [`HISTORY`] a page, with their results and ids, and which page of how many.
    pub(super) async fn history(
        &self,
        ctx: &Ctx,
        who: Option<&UserId>,
        game: Option<&str>,
        page: Option<u32>,
    ) -> Reply {
        let community = Self::community(ctx)?;
        let kind = game.map(game_kind).transpose()?;
        let code = kind.map(GameKind::code);
        let total = self.store.finished_count(ctx.platform, &community, who, code).await?;
        let pages = u32::try_from((total + HISTORY - 1) / HISTORY).unwrap_or(u32::MAX).max(1);
        let page = page.unwrap_or(1);
        if total > 0 && page > pages {
            return Err(TableError::Refused(Refusal::NoSuchPage { page, pages }));
        }
        let skip = i64::from(page - 1) * HISTORY;
        let games = self
            .store
            .finished_games_from(ctx.platform, &community, who, code, HISTORY, skip)
            .await?;
        let lang = ctx.lang;
        let player = match who {
            Some(u) => Some(self.shown_name(ctx.platform, u).await),
            None => None,
        };
        let mut lines = vec![voice::history_title(lang, player.as_deref())];
        if games.is_empty() {
            return Ok(vec![self.reply_here(ctx, voice::history_none(lang))]);
        }
        for row in &games {
            lines.push(self.history_line(lang, row).await);
        }
        if pages > 1 {
            lines.push(voice::history_page(lang, page, pages));
        }
        Ok(vec![self.reply_here(ctx, lines.join("\n"))])
    }

    /// One finished game as `/history` lists it: id, game, players and result, the day it
    /// ended, whether it was rated.
    async fn history_line(&self, lang: Lang, row: &GameRow) -> String {
        let seats: Vec<Option<UserId>> = serde_json::from_str(&row.seats).unwrap_or_default();
        let mut names = Vec::new();
        for seat in &seats {
            names.push(match seat {
                Some(u) if u.as_str() == super::BOT_USER => voice::bot_name(lang, row.bot_level),
                Some(u) => self.shown_name(row.platform, u).await,
                None => "?".to_string(),
            });
        }
        voice::history_line(lang, row, &names)
    }

    /// `/export #id`: the game's record (docs/records.md) as a text file, for those who reach
    /// the game (its chat, or privately its players); a running game that hides its moves has
    /// none until it ends.
    pub(super) async fn export(&self, ctx: &Ctx, id: crate::store::GameId) -> Reply {
        let no = || TableError::Refused(Refusal::NoRecord(id));
        let Ok(row) = self.store.game(id).await else { return Err(no()) };
        if !Self::reaches(ctx, &Self::row_summary(&row)) {
            return Err(no());
        }
        let record = match super::record::export(&self.store, id).await {
            Ok(record) => record,
            Err(super::record::RecordError::Hidden(_)) => {
                return Err(TableError::Refused(Refusal::RecordHidden(id)));
            }
            Err(super::record::RecordError::NoGame(_)) => return Err(no()),
            Err(e) => return Err(TableError::Internal(e.to_string())),
        };
        let Some(kind) = GameKind::from_code(&row.kind) else { return Err(no()) };
        let text = record.to_text(kind);
        let caption =
            voice::file_caption(ctx.lang, GameFile::Record, id, kind, record.actions.len());
        let mut answer = self.reply_here(ctx, caption);
        answer.image = Some(reply::Image {
            png: text.into_bytes(),
            width: 0,
            height: 0,
            kind: reply::FileKind::Text,
        });
        Ok(vec![answer])
    }

    /// `/replay #id`: the finished game as a looping GIF, one picture per ply (the full reveal
    /// for a game with hidden information), for those who reach the game.
    pub(super) async fn replay(&self, ctx: &Ctx, id: crate::store::GameId) -> Reply {
        let no = || TableError::Refused(Refusal::NoRecord(id));
        let Ok(row) = self.store.game(id).await else { return Err(no()) };
        if !Self::reaches(ctx, &Self::row_summary(&row)) {
            return Err(no());
        }
        let Some(kind) = GameKind::from_code(&row.kind) else { return Err(no()) };
        let store = self.store.clone();
        // Drawing every ply is long work: off the async threads, one request per user at once.
        let _asking =
            self.reserve_solver(ctx).map_err(|_| TableError::Refused(Refusal::ReplayBusy))?;
        let made = tokio::task::spawn_blocking(move || {
            tokio::runtime::Handle::current().block_on(super::record::replay(&store, id))
        })
        .await
        .map_err(|e| TableError::Internal(e.to_string()))?;
        let (gif, frames) = match made {
            Ok(made) => made,
            Err(super::record::RecordError::Running(_)) => {
                return Err(TableError::Refused(Refusal::ReplayRunning(id)));
            }
            Err(super::record::RecordError::NoGame(_)) => return Err(no()),
            Err(e) => return Err(TableError::Internal(e.to_string())),
        };
        let caption =
            voice::file_caption(ctx.lang, GameFile::Replay, id, kind, frames.saturating_sub(1));
        let mut answer = self.reply_here(ctx, caption);
        answer.image =
            Some(reply::Image { png: gif, width: 0, height: 0, kind: reply::FileKind::Gif });
        Ok(vec![answer])
    }

    /// A reply in the chat the command came from.
    pub(super) fn reply_here(&self, ctx: &Ctx, text: String) -> Outbound {
        Outbound {
            platform: ctx.platform,
            to: ctx.here(),
            text,
            image: None,
            buttons: Vec::new(),
            outbox: None,
            stamp: None,
        }
    }
}
