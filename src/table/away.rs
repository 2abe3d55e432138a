//! Time away from the table (docs/community.md): vacations (`/vacation`), the daily digest
//! (`/settings digest=on`), the waiting games `/games` lists privately, and accounts linked
//! across platforms (`/link`) so that one list holds a person's games on all of them.
//!
//! A vacation stops the player's clocks in correspondence games: a decision of theirs that is
//! due gets its deadline moved on by the vacation's length, and one that becomes theirs during
//! it is timed from the vacation's end. Returning early (a move, or `/vacation off`) takes the
//! unused part back off those deadlines, so each one keeps the time it had when the vacation
//! began. Live games are never paused.

use std::collections::BTreeMap;

use super::dates::{DAY, year};
use super::notice::GameLine;
use super::prelude::*;
use super::referee::Referee;
use super::reply::{Dest, Lang, Outbound};
use super::voice::Timing;
use crate::core::ToAct;
use crate::games::AnyGame;
use crate::store::{ChatId, GameId, Platform, UserId};

/// How long a link code may be used.
const LINK_CODE_SECONDS: i64 = 15 * 60;

/// The letters of link codes: no 0/O or 1/I/L, which read alike.
const CODE_LETTERS: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/// The UTC year of unix time `seconds`, which vacation days are counted in.
fn year_of(seconds: i64) -> i64 {
    year(seconds)
}

/// Whether the game of `s` waits for `user`: their move, or their answer to an invitation.
fn waits_for(s: &Summary, platform: Platform, user: &UserId) -> bool {
    let seated = UserId::seated_on(s.platform, platform, user);
    let me = Some(&seated);
    (s.status == GameStatus::Active
        && s.to_act.and_then(|i| s.seats.get(i)).is_some_and(|u| u.as_ref() == me))
        || (s.status == GameStatus::Invited && s.seats.get(1).is_some_and(|u| u.as_ref() == me))
}

impl Referee {
    pub(super) fn lock_vacations(
        &self,
    ) -> std::sync::MutexGuard<'_, std::collections::HashMap<(Platform, UserId), Away>> {
        self.vacations.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Reads the running vacations (at start).
    pub(super) async fn load_vacations(&self) -> Result<(), TableError> {
        let rows = self.store.on_vacation().await?;
        let mut vacations = self.lock_vacations();
        for row in rows {
            if let (Some(from), Some(until)) = (row.vacation_from, row.vacation_until) {
                vacations.insert((row.platform, row.user_id), Away { from, until });
            }
        }
        Ok(())
    }

    /// The user's running vacation, if any.
    pub(super) fn on_vacation(&self, platform: Platform, user: &UserId) -> Option<Away> {
        // A seat of a game hosted on the other chat platform names its own platform.
        self.lock_vacations().get(&user.on(platform)).copied()
    }

    /// Ends the user's vacation in memory (the caller then calls [`Referee::vacation_over`]).
    pub(super) fn take_vacation(&self, platform: Platform, user: &UserId) -> Option<Away> {
        self.lock_vacations().remove(&user.on(platform))
    }

    /// When the decision `game` asks for now is due: its time from `now`, and, in a
    /// correspondence game whose player to act is on vacation, from the vacation's end.
    pub(super) fn deadline(
        &self,
        platform: Platform,
        seats: &[Option<UserId>],
        game: &AnyGame,
        time: TimeControl,
        now: i64,
    ) -> i64 {
        let base = now + decision_seconds(game, time);
        if time.pace != Pace::Correspondence {
            return base;
        }
        let ToAct::Seat(seat, _) = game.to_act() else { return base };
        let Some(Some(user)) = seats.get(seat.index()) else { return base };
        match self.on_vacation(platform, user) {
            Some(away) if away.until > now => base + (away.until - now),
            _ => base,
        }
    }

    /// The days the user has left this year, and the days already charged to it.
    async fn vacation_days_left(
        &self,
        platform: Platform,
        user: &UserId,
        now: i64,
    ) -> Result<(i64, i64), TableError> {
        let row = self.store.user(platform, user).await?;
        let year = year_of(now);
        let used = row.filter(|r| r.vacation_year == year).map_or(0, |r| r.vacation_used);
        Ok(((self.vacation_days - used).max(0), used))
    }

    /// `/vacation [days|off]`.
    pub(super) async fn vacation(&self, ctx: &Ctx, arg: Option<&str>) -> Reply {
        let now = self.clock.now();
        let (left, used) = self.vacation_days_left(ctx.platform, &ctx.user, now).await?;
        let allowance = self.vacation_days;
        let current = self.on_vacation(ctx.platform, &ctx.user).filter(|a| a.until > now);
        let lang = ctx.lang;
        let word = arg.map(str::trim).unwrap_or_default().to_lowercase();
        match word.as_str() {
            "" => {
                let text = voice::vacation_status(lang, current.map(|a| a.until), left, allowance);
                Ok(vec![self.reply_here(ctx, text)])
            }
            "off" | "end" | "back" | "0" | "结束" | "結束" | "回来" | "回來" => {
                let Some(away) = current else {
                    return Err(TableError::Refused(Refusal::VacationNot));
                };
                self.take_vacation(ctx.platform, &ctx.user);
                let mut out =
                    self.vacation_over(ctx.platform, &ctx.user, away, now, None, true).await;
                let (left, _) = self.vacation_days_left(ctx.platform, &ctx.user, now).await?;
                let text = voice::vacation_ended(lang, left, allowance);
                out.insert(0, self.reply_here(ctx, text));
                Ok(out)
            }
            days => {
                if let Some(away) = current {
                    return Err(TableError::Refused(Refusal::VacationRunning {
                        until: away.until,
                    }));
                }
                if left == 0 {
                    return Err(TableError::Refused(Refusal::VacationNoneLeft { allowance }));
                }
                let days = days
                    .trim_end_matches(['d', '天'])
                    .parse::<i64>()
                    .ok()
                    .filter(|d| (1..=left).contains(d))
                    .ok_or(TableError::Refused(Refusal::VacationDays { left }))?;
                self.start_vacation(ctx, days, now, used).await
            }
        }
    }

    async fn start_vacation(&self, ctx: &Ctx, days: i64, now: i64, used: i64) -> Reply {
        let until = now + days * DAY;
        let year = year_of(now);
        // The days are charged when the vacation begins; returning early gives back those not
        // begun.
        self.store
            .set_vacation(ctx.platform, &ctx.user, Some((now, until)), year, used + days)
            .await?;
        self.refresh_user(ctx.platform, &ctx.user).await;
        self.lock_vacations().insert((ctx.platform, ctx.user.clone()), Away { from: now, until });
        let moved = until - now;
        let by_chat = self.shift_clocks(ctx.platform, &ctx.user, moved, now, None).await;
        let games: Vec<GameId> = by_chat.values().flat_map(|(_, _, ids)| ids.clone()).collect();
        let mut out = Vec::new();
        for (dest, lang, ids) in by_chat.into_values() {
            let text = voice::vacation_told(lang, &ctx.name, until, &ids);
            out.push(Outbound::text_to(ctx.platform, dest, text));
        }
        let out = self.enqueue(out, None).await;
        let left = (self.vacation_days - used - days).max(0);
        let text = voice::vacation_started(ctx.lang, until, &games, left, self.vacation_days);
        let mut answer = vec![self.reply_here(ctx, text)];
        answer.extend(out);
        Ok(answer)
    }

    /// Moves by `seconds` the deadlines of the user's correspondence games where the decision
    /// is theirs (forward when a vacation begins, back when it ends early; a deadline never
    /// moves before `now`), skipping `skip`. Returns the running correspondence games of the
    /// user by chat, with the chat's language, to tell them.
    async fn shift_clocks(
        &self,
        platform: Platform,
        user: &UserId,
        seconds: i64,
        now: i64,
        skip: Option<GameId>,
    ) -> BTreeMap<ChatId, (Dest, Lang, Vec<GameId>)> {
        let mut ids: Vec<GameId> = self
            .lock_index()
            .by_user
            .get(&(platform, user.clone()))
            .into_iter()
            .flatten()
            .copied()
            .collect();
        ids.sort_unstable();
        ids.dedup();
        let mut by_chat: BTreeMap<ChatId, (Dest, Lang, Vec<GameId>)> = BTreeMap::new();
        // The game `skip` is the one whose table the caller holds (the move that ended the
        // vacation): it is neither locked again nor named, as its own announcement follows.
        for id in ids.into_iter().filter(|id| Some(*id) != skip) {
            let Ok(cell) = self.table(id) else { continue };
            let mut t = cell.lock().await;
            let Some(seat) = t.seat_of(platform, user) else { continue };
            if t.row.status != GameStatus::Active || t.time.pace != Pace::Correspondence {
                continue;
            }
            by_chat
                .entry(t.row.chat.clone())
                .or_insert_with(|| (voice::public_of(&t), public_lang(&t), Vec::new()))
                .2
                .push(id);
            if t.game.to_act().seat().map(crate::core::Seat::index) != Some(seat) {
                continue;
            }
            let Some(deadline) = t.row.deadline_at else { continue };
            let mut update = t.row.update(now);
            update.deadline_at = Some((deadline + seconds).max(now));
            let mut next = t.clone();
            next.row = t.row.after(&update);
            if let Err(e) = self.save(&mut t, next, GameWrite::Update, &update, Vec::new()).await {
                tracing::error!(game = %id, error = ?e, "moving a clock for a vacation failed");
            }
        }
        by_chat
    }

    /// After a vacation ended (taken out of memory by the caller): records it, and when it
    /// ended `early` moves the clocks back and tells the games' chats.
    pub(super) async fn vacation_over(
        &self,
        platform: Platform,
        user: &UserId,
        away: Away,
        now: i64,
        skip: Option<GameId>,
        early: bool,
    ) -> Vec<Outbound> {
        // A seat of a game hosted on the other chat platform names its own platform.
        let (platform, user) = user.on(platform);
        let user = &user;
        let row = match self.store.user(platform, user).await {
            Ok(Some(row)) => row,
            Ok(None) => return Vec::new(),
            Err(e) => {
                tracing::error!(error = ?e, "ending a vacation failed");
                return Vec::new();
            }
        };
        // Days not begun are given back.
        let taken = (away.until - away.from + DAY - 1) / DAY;
        let begun = ((now - away.from + DAY - 1) / DAY).clamp(1, taken.max(1));
        let refund = if early { (taken - begun).max(0) } else { 0 };
        let used = (row.vacation_used - refund).max(0);
        // Ended only if it is still the stored one: another instance sharing the store may
        // have ended it first (and moved the clocks and told the chats).
        match self.store.end_vacation(platform, user, (away.from, away.until), used).await {
            Ok(true) => {}
            Ok(false) => {
                self.refresh_user(platform, user).await;
                return Vec::new();
            }
            Err(e) => tracing::error!(error = ?e, "ending a vacation failed"),
        }
        self.refresh_user(platform, user).await;
        if !early {
            let lang = self.lang_of(platform, user).await;
            let lines = self.waiting_lines(platform, user, lang, now, None).await;
            let text = voice::vacation_over(lang, &lines);
            let out = vec![Outbound::text_to(platform, Dest::User(user.clone()), text)];
            return self.enqueue(out, None).await;
        }
        let back = away.until - now;
        let by_chat = self.shift_clocks(platform, user, -back, now, skip).await;
        let name = self.shown_name(platform, user).await;
        let mut out = Vec::new();
        for (dest, lang, ids) in by_chat.into_values() {
            let text = voice::vacation_back(lang, &name, &ids);
            out.push(Outbound::text_to(platform, dest, text));
        }
        self.enqueue(out, None).await
    }

    /// Ends the vacations that ran out by `now`.
    pub(super) async fn vacations_ended(&self, now: i64) -> Vec<Outbound> {
        let ended: Vec<((Platform, UserId), Away)> = {
            let mut vacations = self.lock_vacations();
            let keys: Vec<(Platform, UserId)> =
                vacations.iter().filter(|(_, a)| a.until <= now).map(|(k, _)| k.clone()).collect();
            keys.into_iter().filter_map(|k| vacations.remove(&k).map(|a| (k, a))).collect()
        };
        let mut out = Vec::new();
        for ((platform, user), away) in ended {
            out.extend(self.vacation_over(platform, &user, away, now, None, false).await);
        }
        out
    }

    /// Reads the user's row again into the cache (after a change made here).
    async fn refresh_user(&self, platform: Platform, user: &UserId) {
        if let Ok(Some(row)) = self.store.user(platform, user).await {
            self.cache_user(row);
        }
    }

    /// The identities of the person behind `user`: theirs, and those linked to it.
    pub(super) async fn identities(
        &self,
        platform: Platform,
        user: &UserId,
    ) -> Vec<(Platform, UserId)> {
        let mine = vec![(platform, user.clone())];
        let account = match self.user_row(platform, user).await {
            Ok(Some(row)) => row.account,
            _ => None,
        };
        let Some(account) = account else { return mine };
        match self.store.linked(&account).await {
            Ok(rows) if !rows.is_empty() => {
                let mut all: Vec<(Platform, UserId)> =
                    rows.into_iter().map(|r| (r.platform, r.user_id)).collect();
                // The reader's own identity first.
                all.sort_by_key(|k| (k.0 != platform || k.1 != *user, k.0.as_str(), k.1.clone()));
                all
            }
            _ => mine,
        }
    }

    /// The games waiting for the user (and, unless `only` restricts the list to what a chat's
    /// command reaches, for their linked accounts), worded in `lang` with the time left, the
    /// nearest deadline first (invitations, which have none, last).
    pub(super) async fn waiting_lines(
        &self,
        platform: Platform,
        user: &UserId,
        lang: Lang,
        now: i64,
        only: Option<&Ctx>,
    ) -> Vec<GameLine> {
        let who = match only {
            Some(_) => vec![(platform, user.clone())],
            None => self.identities(platform, user).await,
        };
        let mut found: Vec<(Option<i64>, GameId, Platform, UserId)> = Vec::new();
        {
            let index = self.lock_index();
            for (p, u) in &who {
                for id in index.by_user.get(&(*p, u.clone())).into_iter().flatten() {
                    let Some(s) = index.games.get(id) else { continue };
                    if !waits_for(s, *p, u) || only.is_some_and(|ctx| !Self::reaches(ctx, s)) {
                        continue;
                    }
                    let deadline = (s.status == GameStatus::Active).then_some(s.deadline_at);
                    found.push((deadline.flatten(), *id, *p, u.clone()));
                }
            }
        }
        found.sort_by_key(|(deadline, id, ..)| (deadline.is_none(), *deadline, *id));
        found.dedup_by_key(|f| f.1);
        let mut lines = Vec::new();
        for (deadline, id, p, u) in found {
            let Ok(cell) = self.table(id) else { continue };
            let t = cell.lock().await;
            let timing = match deadline {
                None => Timing::Untimed,
                Some(deadline) => match self.on_vacation(p, &u).filter(|a| a.until > now) {
                    Some(away) if t.time.pace == Pace::Correspondence => {
                        Timing::PausedUntil(away.until)
                    }
                    _ => Timing::Left(deadline - now),
                },
            };
            lines.push(voice::waiting_line(lang, &t, timing, (p != platform).then_some(p)));
        }
        lines
    }

    /// Sends the daily digests due by `now`: to each player who asked for one, the games
    /// waiting for them on every platform linked, the nearest deadline first. Nothing is sent
    /// when nothing waits (the next one is still a day later).
    pub(super) async fn digests(&self, now: i64) -> Vec<Outbound> {
        let due = match self.store.digests_due(now).await {
            Ok(due) => due,
            Err(e) => {
                tracing::error!(error = ?e, "reading the digests due failed");
                return Vec::new();
            }
        };
        let mut out = Vec::new();
        for row in due {
            let Some(at) = row.digest_at else { continue };
            // Daily at the same time; days the bot was down are not made up.
            let next = at + ((now - at) / DAY + 1) * DAY;
            match self.store.claim_digest(row.platform, &row.user_id, at, next).await {
                Ok(true) => {}
                Ok(false) => continue,
                Err(e) => {
                    tracing::error!(error = ?e, "claiming a digest failed");
                    continue;
                }
            }
            self.refresh_user(row.platform, &row.user_id).await;
            let lang = self.lang_of(row.platform, &row.user_id).await;
            let lines = self.waiting_lines(row.platform, &row.user_id, lang, now, None).await;
            if lines.is_empty() {
                continue;
            }
            let text = voice::digest(lang, &lines);
            out.push(Outbound::text_to(row.platform, Dest::User(row.user_id.clone()), text));
        }
        self.enqueue(out, None).await
    }

    /// `/link` (a code for another account) and `/link CODE` (use one).
    pub(super) async fn link(&self, ctx: &Ctx, code: Option<&str>) -> Reply {
        if !ctx.is_private() && !self.policy(ctx.platform).private_replies {
            return Err(TableError::Refused(Refusal::LinkPrivate));
        }
        let now = self.clock.now();
        let lang = ctx.lang;
        let Some(code) = code.map(|c| c.trim().to_uppercase().replace(' ', "")) else {
            let code = self.new_link_code(ctx, now);
            self.store
                .put_link_code(&code, ctx.platform, &ctx.user, now, now + LINK_CODE_SECONDS)
                .await?;
            let others = self.linked_accounts(ctx.platform, &ctx.user).await;
            let text = voice::link_code(lang, &code, LINK_CODE_SECONDS / 60, &others);
            return Ok(vec![self.reply_here(ctx, text)]);
        };
        let Some((platform, user)) = self.store.take_link_code(&code, now).await? else {
            return Err(TableError::Refused(Refusal::LinkCode));
        };
        if platform == ctx.platform && user == ctx.user {
            return Err(TableError::Refused(Refusal::LinkSelf));
        }
        let issuer = self.store.user(platform, &user).await?;
        let account = issuer
            .and_then(|r| r.account)
            .unwrap_or_else(|| format!("{}:{}", platform.as_str(), user));
        // The caller's other links come along: one person, one account.
        let mine = self.store.user(ctx.platform, &ctx.user).await?.and_then(|r| r.account);
        let mut members = vec![(platform, user.clone()), (ctx.platform, ctx.user.clone())];
        if let Some(old) = mine.filter(|old| *old != account) {
            members.extend(
                self.store.linked(&old).await?.into_iter().map(|r| (r.platform, r.user_id)),
            );
        }
        for (p, u) in &members {
            self.store.set_account(*p, u, Some(&account)).await?;
            self.refresh_user(*p, u).await;
        }
        let mut out = Vec::new();
        let others = self.linked_accounts(ctx.platform, &ctx.user).await;
        out.push(self.reply_here(ctx, voice::linked(lang, &others)));
        // The other account hears of it too (where it may be written to privately).
        let other_lang = self.lang_of(platform, &user).await;
        let others = self.linked_accounts(platform, &user).await;
        let text = voice::linked(other_lang, &others);
        out.push(Outbound::text_to(platform, Dest::User(user), text));
        Ok(out)
    }

    /// `/unlink`.
    pub(super) async fn unlink(&self, ctx: &Ctx) -> Reply {
        let linked = self.user_row(ctx.platform, &ctx.user).await?.and_then(|r| r.account);
        if linked.is_some() {
            self.store.set_account(ctx.platform, &ctx.user, None).await?;
            self.refresh_user(ctx.platform, &ctx.user).await;
        }
        Ok(vec![self.reply_here(ctx, voice::unlinked(ctx.lang, linked.is_some()))])
    }

    /// The user's other linked accounts, by platform and shown name.
    async fn linked_accounts(&self, platform: Platform, user: &UserId) -> Vec<(Platform, String)> {
        let mut accounts = Vec::new();
        for (p, u) in self.identities(platform, user).await {
            if p == platform && u == *user {
                continue;
            }
            accounts.push((p, self.shown_name(p, &u).await));
        }
        accounts
    }

    /// A fresh link code, `ABCD-EFGH`: drawn from the referee's seed (random for the bot,
    /// fixed in transcripts), a counter, the time and the user.
    fn new_link_code(&self, ctx: &Ctx, now: i64) -> String {
        let n = self.link_codes.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let user: u64 =
            ctx.user.as_str().bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
                (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
            });
        let mut z = self.seed_base ^ n.rotate_left(32) ^ user ^ now.cast_unsigned();
        let mut bits = crate::core::splitmix64(&mut z);
        let len = u64::try_from(CODE_LETTERS.len()).unwrap_or(1);
        let mut code = String::new();
        for i in 0..8 {
            if i == 4 {
                code.push('-');
            }
            let pick = usize::try_from(bits % len).unwrap_or(0);
            code.push(char::from(CODE_LETTERS[pick]));
            bits /= len;
        }
        code
    }
}
