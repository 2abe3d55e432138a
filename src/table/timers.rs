//! Clocks: the tick that ends overdue turns, plays timeouts and sends reminders.

use super::prelude::*;
use super::referee::Referee;

impl Referee {
    /// Sends reminders at half and at 90 % of each decision's time and ends what ran out: a move
    /// loses on time, a challenge window passes. Call it regularly (the console does every
    /// second; transcripts on `!clock`).
    pub async fn tick(&self) -> Vec<Outbound> {
        self.sync().await;
        let now = self.clock.now();
        let mut due: Vec<GameId> = self
            .lock_index()
            .games
            .iter()
            .filter(|(_, s)| {
                let bot_to_act = s
                    .to_act
                    .and_then(|i| s.seats.get(i))
                    .is_some_and(|u| u.as_ref().is_some_and(is_bot));
                s.status == GameStatus::Active && (s.deadline_at.is_some() || bot_to_act)
            })
            .map(|(id, _)| *id)
            .collect();
        due.sort_unstable();
        // What ended games had to say afterwards (an analysis) goes first: it is the oldest.
        let mut out = self.followups.take();
        out.extend(self.tell_unresumable().await);
        out.extend(self.vacations_ended(now).await);
        for id in due {
            let Ok(cell) = self.table(id) else { continue };
            let mut t = cell.lock().await;
            match self.tick_table(&mut t, now).await {
                Ok(mut o) => out.append(&mut o),
                // Another instance sharing the store fired it first (or the player moved
                // there): its write stands, and the next tick sees the game as it is.
                Err(TableError::Conflict) if self.store.is_shared() => {
                    tracing::debug!(game = %id, "deadline handled by another instance");
                }
                Err(e) => tracing::error!(game = %id, error = ?e, "clock"),
            }
        }
        out.extend(self.digests(now).await);
        out.extend(self.seek_timers(now).await);
        out.extend(Box::pin(self.tournament_timers(now)).await);
        self.privatize_known(&mut out);
        out
    }

    pub(super) async fn tick_table(
        &self,
        t: &mut Table,
        now: i64,
    ) -> Result<Vec<Outbound>, TableError> {
        // The bot never runs out of time: if it is to act (the bot was interrupted before it
        // answered, e.g. by a restart), it plays now.
        let bot = self.bot_moves(t).await?;
        if !bot.is_empty() {
            return Ok(bot);
        }
        let (Some(deadline), ToAct::Seat(seat, prompt)) = (t.row.deadline_at, t.game.to_act())
        else {
            return Ok(Vec::new());
        };
        if t.row.status != GameStatus::Active {
            return Ok(Vec::new());
        }
        let length = t.decision_seconds();
        let start = deadline - length;
        let lang = public_lang(t);
        let name = t.names.get(seat.index()).cloned().unwrap_or_default();
        let platform = t.row.platform;
        if now >= deadline {
            if let Some((played, action)) = games::timeout_action(&t.game, prompt) {
                // A challenge window is asked of its holder privately, and the group hears of
                // the ply once it closes (one message a ply): so is its timeout told.
                let holder = t.seats.get(seat.index()).cloned().flatten();
                let (to, lang) = match (played, holder) {
                    (clock::TimeoutMove::Pass, Some(user)) => {
                        let lang = self.lang_of(platform, &user).await;
                        (Dest::User(user), lang)
                    }
                    _ => (Dest::Chat(t.row.chat.clone()), lang),
                };
                let said = vec![Self::tell(
                    platform,
                    to,
                    lang,
                    &Notice::TimedOutPlayed { played, name: name.clone(), game: t.row.id },
                )];
                return self.apply(t, seat.index(), &action, None, said).await;
            }
            let winner = Seat(1 - seat.0.min(1));
            let said = vec![Self::tell(
                platform,
                Dest::Chat(t.row.chat.clone()),
                lang,
                &Notice::TimedOutLost { name: name.clone(), game: t.row.id },
            )];
            let winner = Some(GameResult::Winner(winner));
            return self.finish(t, GameStatus::Over, winner, EndReason::Timeout, said).await;
        }
        // A reminder with less than a minute left would reach the player about when the time
        // is up, or after (a live window of seconds): none is sent.
        if deadline - now < MIN_REMINDER_LEFT_SECONDS {
            return Ok(Vec::new());
        }
        let level = if now >= start + length * 9 / 10 {
            2
        } else if now >= start + length / 2 {
            1
        } else {
            0
        };
        if level <= t.row.reminders_sent {
            return Ok(Vec::new());
        }
        // A player on vacation is not reminded: their clock stands still until they return.
        if let Some(Some(user)) = t.seats.get(seat.index())
            && self.on_vacation(t.row.platform, user).is_some_and(|a| a.until > now)
        {
            return Ok(Vec::new());
        }
        let mut update = t.row.update(now);
        update.reminders_sent = level;
        let mut next = t.clone();
        next.row = t.row.after(&update);
        let mut out = Vec::new();
        if let Some(Some(user)) = t.seats.get(seat.index())
            && self.user_row(t.row.platform, user).await?.is_none_or(|r| r.notifications)
        {
            let user_lang = self.lang_of(t.row.platform, user).await;
            out.push(Self::tell(
                platform,
                Dest::User(user.clone()),
                user_lang,
                &Notice::Reminder { game: t.row.id, deadline, left: deadline - now },
            ));
        }
        self.save(t, next, GameWrite::Update, &update, out).await
    }
}
