//! The referee's own seat and the solver: the bot's moves, adjudication, `/hint` and the
//! analysis after a game.

use super::prelude::*;
use super::referee::Referee;

impl Referee {
    /// A game against the bot starts at once (no invitation to accept); the bot moves if it is
    /// its turn.
    pub(super) async fn start_against_bot(&self, mut table: Table) -> Reply {
        let now = self.clock.now();
        let mut update = table.row.update(now);
        update.deadline_at =
            Some(self.deadline(table.row.platform, &table.seats, &table.game, table.time, now));
        let mut next = table.clone();
        next.row = table.row.after(&update);
        let started = vec![voice::started(&next, self.images)];
        let mut out = self.save(&mut table, next, GameWrite::Update, &update, started).await?;
        let id = table.row.id;
        self.install(table);
        let cell = self.table(id)?;
        let mut t = cell.lock().await;
        let bot = self.bot_moves(&mut t).await.unwrap_or_else(|e| {
            // The game is saved and started; the next clock tick retries the bot's move.
            tracing::error!(error = ?e, %id, "the bot could not open");
            Vec::new()
        });
        if bot.is_empty() {
            self.turn_prompts(&t, &mut out).await;
            self.add_buttons(&t, &mut out);
        }
        out.extend(bot);
        Ok(out)
    }

    /// Plays the bot's turns, each saved before it is announced like any player's, until a
    /// person is to act or the game is over.
    pub(super) async fn bot_moves(&self, t: &mut Table) -> Result<Vec<Outbound>, TableError> {
        let mut out = Vec::new();
        while t.row.status == GameStatus::Active
            && let ToAct::Seat(seat, _) = t.game.to_act()
            && t.seats.get(seat.index()).cloned().flatten().as_ref().is_some_and(is_bot)
        {
            let game = t.game.clone();
            let who = format!("game:{}", t.row.id);
            let choice = self
                .search(&who, "the bot's search", move || games::bot_action(&game, seat))
                .await?;
            let Some((action, proven)) = choice else { break };
            let mut said = Vec::new();
            if !proven {
                said.push(voice::bot_unproven(t));
            }
            out.extend(self.apply(t, seat.index(), &action, None, said).await?);
            out.extend(self.adjudicate(t).await?);
        }
        Ok(out)
    }

    /// Ends a running game whose result the solver proves while one side is stuck for good
    /// ([`games::adjudication`]), saying which pieces are stuck; nothing otherwise.
    pub(super) async fn adjudicate(&self, t: &mut Table) -> Result<Vec<Outbound>, TableError> {
        // Most actions leave no side stuck: only then is the solver (and its queue) asked.
        if t.row.status != GameStatus::Active || games::stuck_side(&t.game).is_none() {
            return Ok(Vec::new());
        }
        let game = t.game.clone();
        let who = format!("game:{}", t.row.id);
        let Some(found) =
            self.search(&who, "the adjudication", move || games::adjudication(&game)).await?
        else {
            return Ok(Vec::new());
        };
        let said = vec![voice::adjudicated(t, found.stuck, &found.pieces)];
        let reason = EndReason::Rule(games::ADJUDICATED_STUCK.to_string());
        self.finish(t, GameStatus::Over, Some(found.result), reason, said).await
    }

    /// A player's action, then the bot's answer when it plays in this game.
    pub(super) async fn apply_then_bot(
        &self,
        t: &mut Table,
        seat: usize,
        action: &AnyAction,
        by: Option<&UserId>,
    ) -> Reply {
        let mut out = self.apply(t, seat, action, by, Vec::new()).await?;
        match self.adjudicate(t).await {
            Ok(ended) => out.extend(ended),
            Err(e) => tracing::error!(error = ?e, id = %t.row.id, "adjudication failed"),
        }
        // The player's action is saved: it is announced whatever happens to the bot's answer
        // (which the next clock tick retries).
        match self.bot_moves(t).await {
            Ok(bot) => out.extend(bot),
            Err(e) => tracing::error!(error = ?e, id = %t.row.id, "the bot could not answer"),
        }
        Ok(out)
    }

    /// A solver search for `who` (a user, or a game for the bot and the analysis), off the
    /// async threads, in `who`'s turn ([`solver::Solver`]).
    pub(super) async fn search<T: Send + 'static>(
        &self,
        who: &str,
        what: &str,
        search: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, TableError> {
        self.solver.run(who, what, search).await
    }

    /// Who asks the solver: the user, for `/hint` and fair starts (one request in flight each).
    pub(super) fn asker(ctx: &Ctx) -> String {
        format!("user:{}:{}", ctx.platform, ctx.user)
    }

    /// Marks the caller's one solver request in flight, or refuses a second one at once.
    pub(super) fn reserve_solver(&self, ctx: &Ctx) -> Result<solver::Reservation<'_>, TableError> {
        self.solver.reserve(&Self::asker(ctx)).ok_or(TableError::Refused(Refusal::SolverBusy))
    }

    /// `/hint`: the solver's verdict and best actions for the player to act, privately, in
    /// games whose players agreed to hints.
    pub(super) async fn hint(&self, ctx: &Ctx, id: Option<GameId>) -> Reply {
        let id =
            self.resolve(ctx, id, |s| s.status == GameStatus::Active && Self::seated(ctx)(s))?;
        let cell = self.table(id)?;
        let t = cell.lock().await;
        let seat = t.seat_of(&ctx.user).ok_or(TableError::Refused(Refusal::NotAPlayer))?;
        if !games::hints_allowed(&t.game) {
            return Err(TableError::Refused(Refusal::HintsOff(id)));
        }
        // A hint is advice for your own action: the player waiting is told whose turn it is
        // (the verdict is worded for the player to act, "a win for you").
        self.check_turn(&t, seat)?;
        // The search may take seconds: it runs without holding the game, so other commands
        // (the opponent's /board, a clock tick) are not held up; the answer is given only if
        // the game has not moved on meanwhile.
        let (game, ply) = (t.game.clone(), t.actions);
        drop(t);
        let position = game.position();
        let cached = self.lock_advice().get(&position).cloned();
        let advice = match cached {
            Some(known) => Some(known),
            None => {
                let _asking = self.reserve_solver(ctx)?;
                let advice = self
                    .search(&Self::asker(ctx), "the hint's search", move || games::advice(&game))
                    .await?;
                if let Some(found) = &advice {
                    let mut cache = self.lock_advice();
                    if cache.len() >= super::referee::ADVICE_CACHED {
                        // Bounded memory: start again rather than track ages.
                        cache.clear();
                    }
                    cache.insert(position, found.clone());
                }
                advice
            }
        };
        let t = cell.lock().await;
        if t.actions != ply || t.row.status != GameStatus::Active {
            return Err(TableError::Refused(Refusal::HintStale(id)));
        }
        let text = voice::hint_text(ctx.lang, &t, advice.as_ref());
        Ok(vec![voice::msg_of(&t, Dest::User(ctx.user.clone()), text)])
    }

    /// The post-game analysis, when the game has one (Chaos Clock), searched off the async
    /// threads.
    pub(super) async fn analysis(&self, t: &Table) -> Option<Outbound> {
        let game = t.game.clone();
        let who = format!("game:{}", t.row.id);
        let analysis =
            self.search(&who, "the analysis", move || games::analysis(&game)).await.ok()??;
        let text = voice::analysis_text(public_lang(t), t, &analysis)?;
        Some(voice::msg_of(t, voice::public_of(t), text))
    }
}
