//! `/tournament` (docs/community.md "Tournaments"): make one in a chat, join and leave it,
//! start and end it, withdraw a player, read its standings and pairings. A tournament belongs
//! to the chat (channel, group or topic) it was made in and is reached from there; its players
//! reach theirs privately too. Its rounds run by themselves (`rounds.rs`).

use super::command::TournamentAction;
use super::notice::TournamentRefusal;
use super::prelude::*;
use super::referee::Referee;
use super::rounds::{Field, facts_of};
use crate::store::NewTournament;

/// The most players a Swiss takes (`max=`), and its default.
const SWISS_MAX: i64 = 200;
/// The most players a round robin takes (`max=`), and its default: 29 rounds, 30 of a double.
const ROUND_ROBIN_MAX: i64 = 30;
/// The most rounds a Swiss may be asked for.
const MOST_ROUNDS: i64 = 30;

/// A rating for a player with none in the game yet (the ratings' own start).
const UNRATED: f64 = 1500.0;

/// A refusal of `/tournament`.
fn refused(r: TournamentRefusal) -> TableError {
    TableError::Refused(Refusal::Tournament(r))
}

/// A setting's value refused.
fn bad(key: &str, value: &str) -> TableError {
    refused(TournamentRefusal::Setting { key: key.to_string(), value: value.to_string() })
}

/// The tournament's own settings of `/tournament new`, taken out of the line; the rest are the
/// games' terms, for `/new`'s checks.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Settings {
    round_robin: bool,
    rounds: Option<i64>,
    double: bool,
    starts_in: Option<i64>,
    max: Option<i64>,
    rest: Vec<String>,
}

/// A duration as `starts=` takes it: `90s`, `30m`, `2h`, `1d` (a number alone is minutes).
fn duration(value: &str) -> Option<i64> {
    let value = value.trim().to_lowercase();
    let split = value.find(|c: char| !c.is_ascii_digit()).unwrap_or(value.len());
    let (digits, unit) = value.split_at(split);
    let n: i64 = digits.parse().ok()?;
    let unit = match unit {
        "s" => 1,
        "" | "m" | "min" | "分" | "分钟" | "分鐘" => 60,
        "h" | "小时" | "小時" => 3600,
        "d" | "天" => 86_400,
        _ => return None,
    };
    n.checked_mul(unit).filter(|s| (60..=30 * 86_400).contains(s))
}

/// Reads `format=`, `rounds=`, `double=`, `starts=` and `max=` (in English or Chinese).
fn read_settings(settings: &[String]) -> Result<Settings, TableError> {
    let pairs = crate::games::options::split_pairs(&settings.join(",")).map_err(options_refused)?;
    let mut s = Settings {
        round_robin: false,
        rounds: None,
        double: false,
        starts_in: None,
        max: None,
        rest: Vec::new(),
    };
    let yes_no = |key: &str, v: &str| match v.to_lowercase().as_str() {
        "yes" | "on" | "true" | "是" => Ok(true),
        "no" | "off" | "false" | "否" => Ok(false),
        _ => Err(bad(key, v)),
    };
    let count = |key: &str, v: &str, most: i64| {
        v.trim().parse::<i64>().ok().filter(|n| (1..=most).contains(n)).ok_or_else(|| bad(key, v))
    };
    for (key, value) in pairs {
        match key.as_str() {
            "format" | "赛制" | "賽制" => {
                s.round_robin = match value.to_lowercase().as_str() {
                    "roundrobin" | "round_robin" | "round-robin" | "rr" | "循环" | "循環"
                    | "循环赛" | "循環賽" => true,
                    "swiss" | "瑞士" | "瑞士制" => false,
                    _ => return Err(bad("format", &value)),
                }
            }
            "rounds" | "轮数" | "輪數" => {
                s.rounds = Some(count("rounds", &value, MOST_ROUNDS)?)
            }
            "double" | "双循环" | "雙循環" => s.double = yes_no("double", &value)?,
            "starts" | "开始" | "開始" => {
                s.starts_in = Some(duration(&value).ok_or_else(|| bad("starts", &value))?);
            }
            "max" | "人数" | "人數" => s.max = Some(count("max", &value, SWISS_MAX)?),
            "position" => return Err(TableError::Refused(Refusal::SeekPosition)),
            _ => s.rest.push(if value.contains([' ', ',']) {
                format!("{key}=\"{value}\"")
            } else {
                format!("{key}={value}")
            }),
        }
    }
    if s.max.is_some_and(|m| m < 2) {
        return Err(bad("max", "1"));
    }
    if s.round_robin {
        if let Some(r) = s.rounds {
            return Err(bad("rounds", &r.to_string()));
        }
        if s.max.is_some_and(|m| m > ROUND_ROBIN_MAX) {
            return Err(bad("max", &s.max.unwrap_or_default().to_string()));
        }
    } else if s.double {
        return Err(bad("double", "yes"));
    }
    Ok(s)
}

impl Referee {
    /// `/tournament <action> …`.
    pub(super) async fn tournament(
        &self,
        ctx: &Ctx,
        action: TournamentAction,
        game: Option<&str>,
        player: Option<&UserId>,
        settings: &[String],
    ) -> Reply {
        match action {
            TournamentAction::New => self.tournament_new(ctx, game, settings).await,
            TournamentAction::Join => self.tournament_join(ctx).await,
            TournamentAction::Leave => self.tournament_leave(ctx, None).await,
            TournamentAction::Withdraw => {
                let player = player.ok_or_else(|| refused(TournamentRefusal::NeedsPlayer))?;
                self.tournament_leave(ctx, Some(player)).await
            }
            TournamentAction::Start => {
                let field = self.this_tournament(ctx).await?;
                self.organiser(ctx, &field)?;
                match field.row.status.as_str() {
                    "open" => self.start_tournament(field.row.id, Some(&ctx.name)).await,
                    "running" => Err(refused(TournamentRefusal::Started)),
                    _ => Err(refused(TournamentRefusal::Over)),
                }
            }
            TournamentAction::End => {
                let field = self.this_tournament(ctx).await?;
                self.organiser(ctx, &field)?;
                if field.row.status == "over" {
                    return Err(refused(TournamentRefusal::Over));
                }
                Ok(self.close_tournament(&field, Some(&ctx.name)).await)
            }
            TournamentAction::Standings => {
                let field = self.this_tournament(ctx).await?;
                let over = field.row.status == "over";
                Ok(vec![self.standings_message(&field, ctx.lang, ctx.here(), over)])
            }
            TournamentAction::Pairings => {
                let field = self.this_tournament(ctx).await?;
                let round = match game {
                    None => field.row.round,
                    Some(text) => text.trim().parse::<i64>().map_err(|_| bad("round", text))?,
                };
                if round < 1 || round > field.row.round {
                    return Err(refused(TournamentRefusal::NoRound(round)));
                }
                let lines = field.board_lines(round);
                let text = voice::round_pairings(ctx.lang, &field.facts(), round, &lines, false);
                Ok(vec![Outbound::text_to(ctx.platform, ctx.here(), text)])
            }
        }
    }

    /// The tournament a command means: the chat's newest; privately, the caller's newest
    /// unfinished one (else their newest).
    async fn this_tournament(&self, ctx: &Ctx) -> Result<Field, TableError> {
        let row = match &ctx.chat {
            Chat::Group(chat) => self.store.tournament_in_chat(ctx.platform, chat).await?,
            Chat::Private => {
                let mine = self.store.tournaments_of(ctx.platform, &ctx.user).await?;
                let open = mine.iter().find(|t| t.status != "over").cloned();
                open.or_else(|| mine.into_iter().next())
            }
        };
        let Some(row) = row else { return Err(refused(TournamentRefusal::None)) };
        self.field(row.id).await?.ok_or_else(|| refused(TournamentRefusal::None))
    }

    /// Refuses a caller who neither made the tournament nor administers its chat.
    fn organiser(&self, ctx: &Ctx, field: &Field) -> Result<(), TableError> {
        let maker = field.row.platform == ctx.platform && field.row.created_by == ctx.user;
        if maker || (ctx.is_admin && !ctx.is_private()) {
            Ok(())
        } else {
            Err(refused(TournamentRefusal::Organisers))
        }
    }

    /// `/tournament new <game> [format=…] [rounds=N] [double=yes] [starts=…] [max=N]
    /// [options…] [clock…] [rated=…]`: an administrator makes this chat's tournament.
    async fn tournament_new(&self, ctx: &Ctx, game: Option<&str>, settings: &[String]) -> Reply {
        let Chat::Group(chat) = &ctx.chat else {
            return Err(TableError::Refused(Refusal::GroupOnly));
        };
        let community = Self::community(ctx)?;
        if !ctx.is_admin && !self.store.everyone_makes_tournaments(ctx.platform, &community).await?
        {
            return Err(refused(TournamentRefusal::Makers));
        }
        let game = game.ok_or_else(|| refused(TournamentRefusal::NeedsGame))?;
        let s = read_settings(settings)?;
        let checked = Self::read_new(ctx, game, None, &s.rest)?;
        let now = self.clock.now();
        let lang = self.chat_lang(ctx).await?;
        let pairs: Vec<String> =
            checked.options.to_pairs().iter().map(|(k, v)| format!("{k}={v}")).collect();
        let new = NewTournament {
            platform: ctx.platform,
            chat: chat.clone(),
            community,
            parent_chat: ctx.scope.parent.clone(),
            kind: checked.kind.code().to_string(),
            options: pairs.join(","),
            clock: serde_json::to_string(&checked.time).unwrap_or_default(),
            format: if s.round_robin { "roundrobin" } else { "swiss" }.to_string(),
            rounds: s.rounds.unwrap_or(0),
            double_rr: s.double,
            max_players: s.max.unwrap_or(if s.round_robin { ROUND_ROBIN_MAX } else { SWISS_MAX }),
            rated: checked.rated,
            starts_at: s.starts_in.map(|d| now + d),
            seed: seed_bits(self.next_seed().await?),
            locale: lang.code().to_string(),
            created_by: ctx.user.clone(),
            creator_name: ctx.name.clone(),
            now,
        };
        let Some(row) = self.store.create_tournament(&new).await? else {
            let id = self.store.tournament_in_chat(ctx.platform, chat).await?.map_or(0, |t| t.id);
            return Err(refused(TournamentRefusal::Exists(id)));
        };
        let text = voice::tournament_made(lang, &facts_of(&row));
        Ok(vec![Outbound::text_to(ctx.platform, ctx.here(), text)])
    }

    /// `/tournament join`: the caller plays in this chat's tournament (a Swiss takes late
    /// joiners until its last round is paired).
    async fn tournament_join(&self, ctx: &Ctx) -> Reply {
        if ctx.is_private() {
            return Err(TableError::Refused(Refusal::GroupOnly));
        }
        let field = self.this_tournament(ctx).await?;
        let row = &field.row;
        let late = match row.status.as_str() {
            "open" => None,
            "running" if field.round_robin().is_none() && row.round < row.rounds => {
                Some(row.round + 1)
            }
            "running" => return Err(refused(TournamentRefusal::Closed)),
            _ => return Err(refused(TournamentRefusal::Over)),
        };
        let kind = GameKind::from_code(&row.kind).unwrap_or(GameKind::Ultima);
        // Dark Fence tells each player their view privately: as for `/seek`, the bot must be
        // able to write to a player where the platform does not answer privately in the chat.
        let policy = self.policy(ctx.platform);
        if kind == GameKind::DarkFence
            && !policy.private_replies
            && !self.reachable(ctx.platform, &ctx.user).await?
        {
            return Err(refused(TournamentRefusal::Unreachable { link: policy.start_link }));
        }
        let ratings = self.store.ratings_of(ctx.platform, &row.community, &ctx.user).await?;
        let rating = ratings.iter().find(|r| r.kind == row.kind).map_or(UNRATED, |r| r.rating);
        let joined =
            self.store.join_tournament(row.id, ctx.platform, &ctx.user, &ctx.name, rating).await?;
        if joined.is_none() {
            let mine =
                field.players.iter().any(|p| p.platform == ctx.platform && p.user_id == ctx.user);
            return Err(refused(if mine {
                TournamentRefusal::Already
            } else {
                TournamentRefusal::Full(row.max_players)
            }));
        }
        // Counted after the join: players joining at once each see their own number.
        let players = self.store.tournament_players(row.id).await?;
        let count = players.iter().filter(|p| p.withdrawn_round.is_none()).count();
        let text = voice::tournament_joined(ctx.lang, &field.facts(), &ctx.name, count, late);
        Ok(vec![Outbound::text_to(ctx.platform, ctx.here(), text)])
    }

    /// `/tournament leave` (the caller) or `withdraw @player` (an organiser): out before the
    /// start; after it, no longer paired from the next round (a game being played goes on).
    async fn tournament_leave(&self, ctx: &Ctx, player: Option<&UserId>) -> Reply {
        let field = self.this_tournament(ctx).await?;
        if player.is_some() {
            self.organiser(ctx, &field)?;
        }
        let who = player.unwrap_or(&ctx.user);
        let row = &field.row;
        let Some(p) =
            field.players.iter().find(|p| p.platform == ctx.platform && &p.user_id == who)
        else {
            return Err(refused(TournamentRefusal::NotPlaying));
        };
        let by = player.map(|_| ctx.name.as_str());
        let from = match row.status.as_str() {
            "open" => {
                if !self.store.leave_open_tournament(row.id, p.platform, &p.user_id).await? {
                    return Err(refused(TournamentRefusal::NotPlaying));
                }
                None
            }
            "running" => {
                let from = row.round + 1;
                if !self.store.withdraw_from_tournament(row.id, p.number, from).await? {
                    return Err(refused(TournamentRefusal::NotPlaying));
                }
                Some(from)
            }
            _ => return Err(refused(TournamentRefusal::Over)),
        };
        let text = voice::tournament_left(ctx.lang, &field.facts(), &p.name, from, by);
        Ok(vec![Outbound::text_to(ctx.platform, ctx.here(), text)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<String> {
        line.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn a_tournaments_settings_are_taken_out_and_the_games_terms_left() {
        let s = read_settings(&words("format=roundrobin double=yes clock=live max=8 size=9"))
            .expect("settings");
        assert!(s.round_robin && s.double);
        assert_eq!(s.max, Some(8));
        assert_eq!(s.rest, words("clock=live size=9"));
        let s = read_settings(&words("赛制=瑞士 轮数=5 开始=2h")).expect("settings");
        assert!(!s.round_robin);
        assert_eq!((s.rounds, s.starts_in), (Some(5), Some(7200)));
    }

    #[test]
    fn settings_a_tournament_cannot_take_are_refused_by_name() {
        for (line, key) in [
            ("format=knockout", "format"),
            ("rounds=0", "rounds"),
            ("rounds=31", "rounds"),
            ("format=roundrobin rounds=3", "rounds"),
            ("double=yes", "double"),
            ("format=roundrobin max=31", "max"),
            ("max=1", "max"),
            ("starts=soon", "starts"),
            ("starts=10s", "starts"),
        ] {
            match read_settings(&words(line)) {
                Err(TableError::Refused(Refusal::Tournament(TournamentRefusal::Setting {
                    key: k,
                    ..
                }))) => assert_eq!(k, key, "{line}"),
                other => panic!("{line}: {other:?}"),
            }
        }
    }
}
