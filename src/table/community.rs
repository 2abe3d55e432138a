//! What surrounds the games of a community (docs/community.md): ratings after a rated game,
//! `/leaderboard`, `/profile` and `/history`. A community is a Discord server, a Telegram group,
//! or the console; these commands answer about the community they are typed in, so they are
//! refused in a private chat.

use fluent_bundle::FluentValue;

use super::dates::day;
use super::error::TableError;
use super::games::game_kind;
use super::narrate;
use super::notice::Refusal;
use super::referee::Referee;
use super::reply::{self, Lang, Outbound};
use super::types::{Chat, Ctx, Reply, Table, public_lang};
use crate::core::{GameResult, Viewer};
use crate::games::GameKind;
use crate::ratings;
use crate::store::{GameRow, Platform, RatingRow, UserId};

/// How many players `/leaderboard` lists.
const TOP: usize = 10;
/// How many games `/history` lists.
const HISTORY: i64 = 10;
/// How many recent results `/profile` shows per game.
const RECENT: usize = 5;

/// How a finished game went for one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Went {
    Won,
    Lost,
    /// Drawn, or both won or both lost (rated as a draw).
    Drawn,
}

impl Went {
    fn of(row: &GameRow, user: &UserId) -> Option<Went> {
        let seats: Vec<Option<UserId>> = serde_json::from_str(&row.seats).ok()?;
        let seat = seats.iter().position(|s| s.as_ref() == Some(user))?;
        Some(match row.result? {
            GameResult::Winner(w) if w.index() == seat => Went::Won,
            GameResult::Winner(_) => Went::Lost,
            GameResult::Draw | GameResult::BothWin | GameResult::BothLose => Went::Drawn,
        })
    }

    fn code(self) -> &'static str {
        match self {
            Went::Won => "won",
            Went::Lost => "lost",
            Went::Drawn => "drawn",
        }
    }
}

/// The signed change between two ratings as players read it (`+162`, `−162`, `±0`), rounded
/// figures subtracted so that the change matches the two figures shown.
fn change(before: f64, after: f64) -> String {
    #[allow(clippy::cast_possible_truncation)]
    let diff = after.round() as i64 - before.round() as i64;
    match diff {
        0 => "±0".to_string(),
        d if d > 0 => format!("+{d}"),
        d => format!("−{}", d.unsigned_abs()),
    }
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
        let lang = public_lang(t);
        let w = self.wording;
        let players: Vec<String> = changes
            .iter()
            .map(|c| {
                let name = usize::try_from(c.seat)
                    .ok()
                    .and_then(|i| t.names.get(i))
                    .cloned()
                    .unwrap_or_else(|| c.user_id.to_string());
                w.text(
                    lang,
                    "rating-change",
                    &[
                        ("name", name.into()),
                        ("rating", ratings::shown(c.after, c.deviation).into()),
                        ("change", change(c.before, c.after).into()),
                    ],
                )
            })
            .collect();
        let text = w.text(
            lang,
            "rating-changes",
            &[
                ("id", t.row.id.to_string().into()),
                ("players", players.join(&w.text(lang, "list-sep", &[])).into()),
            ],
        );
        let mut out = vec![super::games::msg_of(t, super::games::public_of(t), text)];
        self.copy_to_followers(t, &mut out);
        self.enqueue(out, Some(t.row.id)).await
    }

    /// `/leaderboard <game>`: the community's best [`TOP`] of a game, and where the caller
    /// stands.
    pub(super) async fn leaderboard(&self, ctx: &Ctx, game: &str) -> Reply {
        let kind = game_kind(game)?;
        let community = Self::community(ctx)?;
        let rows = self.store.leaderboard(ctx.platform, &community, kind.code()).await?;
        let w = self.wording;
        let lang = ctx.lang;
        let name = narrate::game_name(w, lang, kind);
        if rows.is_empty() {
            return Ok(vec![
                self.reply_here(ctx, w.text(lang, "lb-empty", &[("game", name.into())])),
            ]);
        }
        let mut lines = vec![w.text(lang, "lb-title", &[("game", name.clone().into())])];
        for (i, row) in rows.iter().take(TOP).enumerate() {
            let player = self.shown_name(ctx.platform, &row.user_id).await;
            lines.push(w.text(
                lang,
                "lb-line",
                &[
                    ("rank", (i + 1).to_string().into()),
                    ("name", player.into()),
                    ("rating", row.standing().shown().into()),
                    ("record", self.record(lang, row).into()),
                ],
            ));
        }
        match rows.iter().position(|r| r.user_id == ctx.user) {
            Some(at) => lines.push(w.text(
                lang,
                "lb-you",
                &[
                    ("rank", (at + 1).to_string().into()),
                    ("total", rows.len().to_string().into()),
                    ("rating", rows[at].standing().shown().into()),
                ],
            )),
            None => lines.push(w.text(lang, "lb-you-none", &[("game", name.into())])),
        }
        Ok(vec![self.reply_here(ctx, lines.join("\n"))])
    }

    /// `W won, D drawn, L lost` of a rating row, with its game count.
    fn record(&self, lang: Lang, row: &RatingRow) -> String {
        self.wording.text(
            lang,
            "rating-record",
            &[
                ("games", FluentValue::from(row.games)),
                ("wins", row.wins.to_string().into()),
                ("draws", row.draws.to_string().into()),
                ("losses", row.losses.to_string().into()),
            ],
        )
    }

    /// `/profile [@player]`: per game, the player's rating, record, current streak and recent
    /// results here, with a chart of their ratings.
    pub(super) async fn profile(&self, ctx: &Ctx, who: Option<&UserId>) -> Reply {
        let community = Self::community(ctx)?;
        let user = who.unwrap_or(&ctx.user);
        let w = self.wording;
        let lang = ctx.lang;
        let name = if user == &ctx.user {
            ctx.name.clone()
        } else {
            self.shown_name(ctx.platform, user).await
        };
        let rows = self.store.ratings_of(ctx.platform, &community, user).await?;
        if rows.is_empty() {
            return Ok(vec![
                self.reply_here(ctx, w.text(lang, "profile-none", &[("name", name.into())])),
            ]);
        }
        let mut lines = vec![w.text(lang, "profile-title", &[("name", name.into())])];
        let mut series = Vec::new();
        for row in &rows {
            let Some(kind) = GameKind::from_code(&row.kind) else { continue };
            let game = narrate::game_name(w, lang, kind);
            let recent = self
                .store
                .finished_games(ctx.platform, &community, Some(user), Some(&row.kind), 50)
                .await?;
            let went: Vec<Went> =
                recent.iter().filter(|g| g.rated).filter_map(|g| Went::of(g, user)).collect();
            let mut line = w.text(
                lang,
                "profile-line",
                &[
                    ("game", game.clone().into()),
                    ("rating", row.standing().shown().into()),
                    ("record", self.record(lang, row).into()),
                ],
            );
            if let Some(&last) = went.first() {
                let streak = went.iter().take_while(|&&g| g == last).count();
                let letters: Vec<String> = went
                    .iter()
                    .take(RECENT)
                    .map(|g| w.text(lang, &format!("went-{}", g.code()), &[]))
                    .collect();
                line.push('\n');
                line.push_str(&w.text(
                    lang,
                    "profile-form",
                    &[
                        ("streak", FluentValue::from(i64::try_from(streak).unwrap_or(0))),
                        ("single", if streak == 1 { "yes" } else { "no" }.into()),
                        ("went", last.code().into()),
                        ("recent", letters.join(" ").into()),
                    ],
                ));
            }
            lines.push(line);
            let history =
                self.store.rating_history(ctx.platform, &community, &row.kind, user).await?;
            let mut points: Vec<f64> = history.first().map(|c| c.before).into_iter().collect();
            points.extend(history.iter().map(|c| c.after));
            series.push(crate::render::chart::Series { label: game, points });
        }
        let image = self.images.then(|| {
            let theme = narrate::theme(Viewer::Public, lang);
            let p = crate::render::chart::rating_chart(&series, &theme);
            reply::Image::png(p.png, p.width, p.height)
        });
        let mut answer = self.reply_here(ctx, lines.join("\n"));
        answer.image = image;
        Ok(vec![answer])
    }

    /// `/history [@player] [game]`: the community's last [`HISTORY`] finished games, newest
    /// first, with their results and ids.
    pub(super) async fn history(
        &self,
        ctx: &Ctx,
        who: Option<&UserId>,
        game: Option<&str>,
    ) -> Reply {
        let community = Self::community(ctx)?;
        let kind = game.map(game_kind).transpose()?;
        let games = self
            .store
            .finished_games(ctx.platform, &community, who, kind.map(GameKind::code), HISTORY)
            .await?;
        let w = self.wording;
        let lang = ctx.lang;
        let mut lines = vec![match who {
            Some(u) => {
                let name = self.shown_name(ctx.platform, u).await;
                w.text(lang, "history-title-player", &[("name", name.into())])
            }
            None => w.text(lang, "history-title", &[]),
        }];
        if games.is_empty() {
            return Ok(vec![self.reply_here(ctx, w.text(lang, "history-none", &[]))]);
        }
        for row in &games {
            lines.push(self.history_line(lang, row).await);
        }
        Ok(vec![self.reply_here(ctx, lines.join("\n"))])
    }

    /// One finished game as `/history` lists it: id, game, players and result, the day it
    /// ended, whether it was rated.
    async fn history_line(&self, lang: Lang, row: &GameRow) -> String {
        let w = self.wording;
        let seats: Vec<Option<UserId>> = serde_json::from_str(&row.seats).unwrap_or_default();
        let mut names = Vec::new();
        for seat in &seats {
            names.push(match seat {
                Some(u) if u.as_str() == super::BOT_USER => w.text(lang, "bot-name", &[]),
                Some(u) => self.shown_name(row.platform, u).await,
                None => "?".to_string(),
            });
        }
        let name = |i: usize| names.get(i).cloned().unwrap_or_default();
        let game = GameKind::from_code(&row.kind)
            .map_or_else(|| row.kind.clone(), |k| narrate::game_name(w, lang, k));
        let (id, result) = match row.result {
            Some(GameResult::Winner(s)) => (
                "history-won",
                vec![
                    ("winner", name(s.index()).into()),
                    ("loser", name(1 - s.index().min(1)).into()),
                ],
            ),
            Some(GameResult::Draw) => ("history-drawn", vec![]),
            Some(GameResult::BothWin) => ("history-both-won", vec![]),
            Some(GameResult::BothLose) | None => ("history-both-lost", vec![]),
        };
        let mut args: Vec<(&str, FluentValue<'_>)> = vec![
            ("id", row.id.to_string().into()),
            ("game", game.into()),
            ("p1", name(0).into()),
            ("p2", name(1).into()),
            ("day", day(row.updated_at).into()),
            ("rated", if row.rated { "yes" } else { "no" }.into()),
        ];
        args.extend(result);
        w.text(lang, id, &args)
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
        let w = self.wording;
        let caption = w.text(
            ctx.lang,
            "export-caption",
            &[
                ("id", id.to_string().into()),
                ("game", narrate::game_name(w, ctx.lang, kind).into()),
                ("plies", FluentValue::from(i64::try_from(record.actions.len()).unwrap_or(0))),
            ],
        );
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
        let w = self.wording;
        let caption = w.text(
            ctx.lang,
            "replay-caption",
            &[
                ("id", id.to_string().into()),
                ("game", narrate::game_name(w, ctx.lang, kind).into()),
                ("plies", FluentValue::from(i64::try_from(frames.saturating_sub(1)).unwrap_or(0))),
            ],
        );
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_are_signed_from_the_figures_shown() {
        assert_eq!(change(1500.0, 1661.8), "+162");
        assert_eq!(change(1500.0, 1338.2), "−162");
        assert_eq!(change(1500.4, 1499.6), "±0");
    }
}
