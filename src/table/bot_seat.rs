//! The referee's own seat and the solver: the bot's moves, adjudication, `/hint` and the
//! analysis after a game.

use super::followups;
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
        let mut started = vec![voice::started(&next, self.images)];
        // Said with the start, before the bot opens: the player's board and buttons come last.
        started.extend(self.lost_start(&next).await);
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

    /// Against the bot, at the start: when the solver proves the player's side lost with best
    /// play, the warning and the offer of the other side (`/switch`, or the button under the
    /// warning); nothing otherwise (a side that can still win or share the win, a search over
    /// its budget, a game without a solver).
    async fn lost_start(&self, t: &Table) -> Option<Outbound> {
        let bot = t.seats.iter().position(|u| u.as_ref().is_some_and(is_bot))?;
        let person = 1 - bot.min(1);
        if t.row.status != GameStatus::Active {
            return None;
        }
        let game = t.game.clone();
        let who = format!("game:{}", t.row.id);
        let winner = self
            .search(&who, "the start's verdict", move || games::proven_winner(&game))
            .await
            .ok()
            .flatten()?;
        if winner != Seat(u8::try_from(bot).unwrap_or(1)) {
            return None;
        }
        Some(voice::start_lost(t, person))
    }

    /// `/switch`: against the bot, before the player's first action, the player takes the
    /// other side. The bot's actions so far are taken back, newest first, each its own saved
    /// step, and the last one saved with the seats exchanged; then the game starts again from
    /// its start, and the bot acts if it is its turn.
    pub(super) async fn switch_sides(&self, ctx: &Ctx, id: Option<GameId>) -> Reply {
        let id =
            self.resolve(ctx, id, |s| s.status == GameStatus::Active && Self::seated(ctx)(s))?;
        let cell = self.table(id)?;
        let mut t = cell.lock().await;
        let seat =
            t.seat_of(ctx.platform, &ctx.user).ok_or(TableError::Refused(Refusal::NotAPlayer))?;
        let bot = 1 - seat.min(1);
        if !t.seats.get(bot).cloned().flatten().as_ref().is_some_and(is_bot) {
            return Err(TableError::Refused(Refusal::SwitchNotBot(id)));
        }
        let log = self.store.actions(id).await?;
        if log.iter().any(|a| usize::try_from(a.seat).ok() == Some(seat)) {
            return Err(TableError::Refused(Refusal::SwitchTooLate(id)));
        }
        let (options, seed, position) =
            (t.game.options(), seed_of(t.row.seed), t.row.position.clone());
        let start = |n: usize| -> Result<AnyGame, TableError> {
            let internal = |e: &dyn std::fmt::Display| TableError::Internal(e.to_string());
            let mut game = match &position {
                Some(p) => AnyGame::from_position(&options, p, seed).map_err(|e| internal(&e))?,
                None => AnyGame::new(&options, seed).map_err(|e| internal(&e))?,
            };
            for a in log.iter().take(n) {
                let seat = Seat(u8::try_from(a.seat).unwrap_or(0));
                let action = game.parse_action(seat, &a.notation).map_err(|e| internal(&e))?;
                game.play(seat, &action).map_err(|e| internal(&e))?;
            }
            Ok(game)
        };
        // Newest first: each step leaves a game the log replays, whatever stops it.
        for n in (0..log.len()).rev() {
            let game = start(n)?;
            let last_step = n == 0;
            let (next, update) = self.switch_step(&t, game, n, last_step);
            let out = if last_step { self.switched(&next, seat) } else { Vec::new() };
            let mut saved = self.save(&mut t, next, GameWrite::RemoveLast, &update, out).await?;
            if last_step {
                self.after_switch(&mut t, &mut saved).await;
                return Ok(saved);
            }
        }
        // No action yet (the player was to open): the seats alone change.
        let (next, update) = self.switch_step(&t, start(0)?, 0, true);
        let out = self.switched(&next, seat);
        let mut saved = self.save(&mut t, next, GameWrite::Update, &update, out).await?;
        self.after_switch(&mut t, &mut saved).await;
        Ok(saved)
    }

    /// One step of [`Referee::switch_sides`]: the table with `game` after the first `n`
    /// actions, and the seats exchanged when `exchange`.
    fn switch_step(
        &self,
        t: &Table,
        game: AnyGame,
        n: usize,
        exchange: bool,
    ) -> (Table, GameUpdate) {
        let now = self.clock.now();
        let mut next = t.clone();
        if exchange {
            next.seats.reverse();
            next.names.reverse();
        }
        let mut update = t.row.update(now);
        update.seats = serde_json::to_string(&next.seats).unwrap_or_default();
        update.offer = None;
        update.reminders_sent = 0;
        update.deadline_at = Some(self.deadline(t.row.platform, &next.seats, &game, t.time, now));
        next.row = t.row.after(&update);
        next.game = game;
        next.actions = i64::try_from(n).unwrap_or(0);
        next.last = None;
        next.pending.clear();
        next.partial.clear();
        (next, update)
    }

    /// What the chat is told when the sides are exchanged: who now plays which side, and the
    /// start again, with its board and buttons.
    fn switched(&self, next: &Table, seat: usize) -> Vec<Outbound> {
        vec![voice::sides_switched(next, 1 - seat.min(1)), voice::started(next, self.images)]
    }

    /// After the sides were exchanged and saved: the bot acts if it is to open, else the
    /// player is prompted; appended to `out`.
    async fn after_switch(&self, t: &mut Table, out: &mut Vec<Outbound>) {
        let bot = self.bot_moves(t).await.unwrap_or_else(|e| {
            // The switch is saved; the next clock tick retries the bot's move.
            tracing::error!(error = ?e, id = %t.row.id, "the bot could not open after a switch");
            Vec::new()
        });
        if bot.is_empty() {
            self.turn_prompts(t, out).await;
            self.add_buttons(t, out);
        }
        out.extend(bot);
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
            let level = bot_level(t);
            let (seed, ply) = (seed_of(t.row.seed).0, u64::try_from(t.actions).unwrap_or(0));
            let choice = self
                .search(&who, "the bot's search", move || {
                    games::bot_action(&game, seat, level, seed, ply)
                })
                .await?;
            let Some(crate::bots::Choice { action, guessed }) = choice else { break };
            let mut said = Vec::new();
            if guessed {
                said.push(voice::bot_unproven(t));
            }
            // Recorded as the bot's own action, not the referee's: `(referee)` in a record is
            // kept for what the referee plays for a player whose time ran out.
            let bot = UserId::new(BOT_USER);
            out.extend(self.apply(t, seat.index(), &action, Some(&bot), said).await?);
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
        let seat =
            t.seat_of(ctx.platform, &ctx.user).ok_or(TableError::Refused(Refusal::NotAPlayer))?;
        if !games::hints_allowed(&t.game) {
            return Err(TableError::Refused(Refusal::HintsOff(id)));
        }
        // Hints are never given in a rated game (docs/chaos-clock.md, decision 8): such a game
        // can only be one stored before hints made a game unrated.
        if t.row.rated {
            return Err(TableError::Refused(Refusal::HintsRated(id)));
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
        Ok(vec![voice::msg_of(&t, ctx.private_on(t.row.platform), text)])
    }

    /// Writes down, before `next` is saved as the game's end with a result, that the end
    /// promises an analysis (in the games that have one, Chaos Clock): a stop or a crash after
    /// the save leaves the promise for the next start ([`super::followups`]). The end is
    /// announced at once; the analysis follows on its own ([`Referee::follow_end`]). A store
    /// that fails here costs the promise's safety, not the end.
    pub(super) async fn promise_analysis(&self, next: &Table) {
        if next.row.result.is_none() || !games::has_analysis(&next.game) {
            return;
        }
        let key = followups::analysis_key(next.row.id);
        if let Err(e) = self.store.set_meta(&key, "1").await {
            tracing::error!(game = %next.row.id, error = ?e, "the analysis's promise cannot be written");
        }
    }

    /// Starts the analysis of `t`, a game just saved as ended with a result, in the
    /// background, when its end promised one; the next tick (or [`Referee::settle`]) hands it
    /// out, kept in the outbox where the platform delivers from it.
    pub(super) fn follow_end(&self, t: &Table) {
        if t.row.result.is_none() || !games::has_analysis(&t.game) {
            return;
        }
        let kept = self.policy(t.row.platform).outbox;
        let now_ms = self.clock.now().saturating_mul(1000);
        let work =
            followups::analysis(self.store.clone(), self.solver.clone(), t.clone(), kept, now_ms);
        self.followups.spawn(work);
    }

    /// At start: keeps the promises that ends made before a stop or a crash cut their analysis
    /// short (in the background, like any). A promise whose game did not end with a result
    /// (its end was never saved, and it was aborted since) is forgotten; one whose game still
    /// runs waits for its end.
    pub(super) async fn keep_promises(&self) {
        let due = match self.store.meta_starting(followups::ANALYSIS_PREFIX).await {
            Ok(due) => due,
            Err(e) => {
                tracing::error!(error = ?e, "reading the promises of ended games failed");
                return;
            }
        };
        for (key, _) in due {
            let id = key.strip_prefix(followups::ANALYSIS_PREFIX).and_then(|n| n.parse().ok());
            let row = match id.map(GameId) {
                Some(id) => self.store.game(id).await.map(Some),
                None => Ok(None),
            };
            let table = match row {
                Ok(Some(row)) if row.status.is_running() => continue,
                Ok(Some(row)) if row.status == GameStatus::Over && row.result.is_some() => {
                    self.load(row).await.ok()
                }
                Ok(_) | Err(crate::store::DbError::NotFound) => None,
                Err(e) => {
                    tracing::error!(key, error = ?e, "reading a game with a promise failed");
                    continue;
                }
            };
            match table {
                Some(t) => {
                    tracing::info!(game = %t.row.id, "making an analysis a stop cut short");
                    self.follow_end(&t);
                }
                None => {
                    if let Err(e) = self.store.fulfil(&key, Vec::new()).await {
                        tracing::error!(key, error = ?e, "forgetting a promise failed");
                    }
                }
            }
        }
    }

    /// Waits, at most `patience`, for what ended games promised to say afterwards (Chaos
    /// Clock's analysis) and returns it: a stop calls it before the front ends stop, so the
    /// analysis of a game that ended just before is delivered (or kept) with the rest. What is
    /// still under way after `patience` is made again at the next start.
    pub async fn settle(&self, patience: std::time::Duration) -> Vec<Outbound> {
        self.followups.settle(patience).await
    }
}

/// The level the bot plays `t` at: the one chosen at `/new`, or its strongest for a game created
/// before levels existed (when it had only that one).
pub(super) fn bot_level(t: &Table) -> u8 {
    t.row.bot_level.and_then(|n| u8::try_from(n).ok()).unwrap_or(crate::bots::TOP_LEVEL)
}
