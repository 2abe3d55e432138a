//! Play: a move typed or pressed, its confirmation, challenge windows, applying an action and
//! the prompts and buttons that follow.

use super::prelude::*;
use super::referee::Referee;

impl Referee {
    pub(super) async fn move_text(&self, ctx: &Ctx, id: Option<GameId>, text: &str) -> Reply {
        let awaiting = |s: &Summary| {
            let user = UserId::seated_on(s.platform, ctx.platform, &ctx.user);
            s.status == GameStatus::Active
                && s.to_act.and_then(|i| s.seats.get(i)).is_some_and(|u| u.as_ref() == Some(&user))
        };
        let id = match (id, ctx.is_private()) {
            (Some(id), _) => self.resolve(ctx, Some(id), Self::seated(ctx))?,
            // In a private chat a bare action goes to the one game waiting for the caller.
            (None, true) => self.resolve(ctx, None, awaiting).or_else(|_| {
                self.resolve(ctx, None, |s| s.status == GameStatus::Active && Self::seated(ctx)(s))
            })?,
            // In a group, a bare move means one of the caller's games here whose moves may be
            // typed here; only when there is none does a secret game answer (that its moves go
            // privately), so "Which game?" never offers a game the move could not be played in.
            (None, false) => {
                let playing = |s: &Summary| s.status == GameStatus::Active && Self::seated(ctx)(s);
                self.resolve(ctx, None, |s| playing(s) && !s.secret_moves).or_else(|e| match e {
                    TableError::Refused(Refusal::NoGameHere | Refusal::GameElsewhere(_)) => {
                        self.resolve(ctx, None, playing)
                    }
                    e => Err(e),
                })?
            }
        };
        let cell = self.table(id)?;
        let mut t = cell.lock().await;
        let seat =
            t.seat_of(ctx.platform, &ctx.user).ok_or(TableError::Refused(Refusal::NotAPlayer))?;
        if games::has_hidden_information(&t.game) && !ctx.is_private() {
            // Spec L-01: never echoed, never applied; the player is sent to the private chat.
            return Err(TableError::Refused(Refusal::PrivateOnly));
        }
        if let Err(e) = self.check_turn(&t, seat) {
            // The same move sent twice (a double tap, two devices): the first one was played.
            let again = t.last.as_ref().is_some_and(|(s, notation)| {
                *s == seat && notation.eq_ignore_ascii_case(text.trim())
            });
            return Err(if again { TableError::Refused(Refusal::AlreadyPlayed) } else { e });
        }
        let seat_id = Seat(u8::try_from(seat).unwrap_or(0));
        let action = match games::parse_action(&t.game, seat_id, text) {
            Ok(action) => action,
            Err(e) => {
                // A move missing only its last part: offer the completions as buttons.
                let choices = voice::completions(ctx.lang, &t.game, seat_id, text, &e);
                if choices.is_empty() {
                    return Err(e.into());
                }
                let turn = t.actions;
                let partial = games::partial_text(&t.game, seat_id, text);
                t.partial.insert(seat, (turn, partial.clone()));
                return Ok(vec![voice::completion_prompt(ctx, &t, &partial, &e, &choices, turn)]);
            }
        };
        t.partial.remove(&seat);
        if games::needs_confirmation(&t.game, &action) {
            // Checked on a copy before the echo, so an impossible action is refused at once. The
            // outcome is thrown away: only whether the action is possible is used, and that depends
            // only on what the player knows.
            t.game.clone().play(Seat(u8::try_from(seat).unwrap_or(0)), &action)?;
            let turn = t.actions;
            // Kept before it is echoed, so that `/confirm` after a restart still finds it.
            let kept = pending_value(turn, &t.game.format_action(&action));
            self.store.set_meta(&pending_key(t.row.id, seat), &kept).await?;
            t.pending.insert(seat, Pending { turn, action: action.clone() });
            return Ok(vec![voice::confirmation(ctx, &t, &action, turn)]);
        }
        self.apply_then_bot(&mut t, seat, &action, Some(&ctx.user)).await
    }

    /// A completion button: the move typed earlier with the chosen ending, submitted as if typed
    /// whole (so it is echoed for confirmation where the game asks for that).
    pub(super) async fn complete(
        &self,
        ctx: &Ctx,
        id: Option<GameId>,
        ending: &str,
        turn: i64,
    ) -> Reply {
        let id =
            self.resolve(ctx, id, |s| s.status == GameStatus::Active && Self::seated(ctx)(s))?;
        let text = {
            let cell = self.table(id)?;
            let mut t = cell.lock().await;
            let seat = t
                .seat_of(ctx.platform, &ctx.user)
                .ok_or(TableError::Refused(Refusal::NotAPlayer))?;
            match t.partial.remove(&seat) {
                Some((at, text)) if at == turn => text,
                _ => return Err(TableError::Refused(Refusal::StaleButton)),
            }
        };
        self.move_text(ctx, Some(id), &format!("{text} {ending}")).await
    }

    pub(super) fn check_turn(&self, t: &Table, seat: usize) -> Result<(), TableError> {
        if t.row.status == GameStatus::Invited {
            return Err(TableError::Refused(Refusal::NotStarted));
        }
        match t.game.to_act() {
            ToAct::Over(_) => Err(TableError::Refused(Refusal::GameOver)),
            _ if t.row.status != GameStatus::Active => Err(TableError::Refused(Refusal::GameOver)),
            ToAct::Seat(s, _) if s.index() == seat => Ok(()),
            ToAct::Seat(s, _) => {
                let name = t.names.get(s.index()).cloned().unwrap_or_default();
                Err(TableError::Refused(Refusal::NotYourTurn(name)))
            }
        }
    }

    /// Confirms (`yes`) or cancels the action waiting for the caller's confirmation; with a
    /// `tag` (a button's, [`payload::echo_tag`]) only if that action is the one waiting: a
    /// button under an older echo is stale, and the newer one keeps waiting.
    pub(super) async fn confirm(
        &self,
        ctx: &Ctx,
        id: Option<GameId>,
        yes: bool,
        tag: Option<&str>,
    ) -> Reply {
        let id =
            self.resolve(ctx, id, |s| s.status == GameStatus::Active && Self::seated(ctx)(s))?;
        let cell = self.table(id)?;
        let mut t = cell.lock().await;
        let seat =
            t.seat_of(ctx.platform, &ctx.user).ok_or(TableError::Refused(Refusal::NotAPlayer))?;
        let waiting = t.pending.get(&seat).ok_or(TableError::Refused(Refusal::NothingToConfirm))?;
        let other =
            tag.is_some_and(|tag| tag != payload::echo_tag(&t.game.format_action(&waiting.action)));
        if other {
            return Err(TableError::Refused(Refusal::StaleButton));
        }
        self.store.set_meta(&pending_key(t.row.id, seat), "").await?;
        let pending =
            t.pending.remove(&seat).ok_or(TableError::Refused(Refusal::NothingToConfirm))?;
        if pending.turn != t.actions {
            return Err(TableError::Refused(Refusal::StaleButton));
        }
        if !yes {
            return Ok(vec![self.say(
                ctx,
                Dest::User(ctx.user.clone()),
                ctx.lang,
                &Notice::ConfirmCancelled,
            )]);
        }
        self.check_turn(&t, seat)?;
        self.apply_then_bot(&mut t, seat, &pending.action, Some(&ctx.user)).await
    }

    pub(super) async fn window(
        &self,
        ctx: &Ctx,
        id: Option<GameId>,
        choice: WindowChoice,
    ) -> Reply {
        let id =
            self.resolve(ctx, id, |s| s.status == GameStatus::Active && Self::seated(ctx)(s))?;
        let cell = self.table(id)?;
        let mut t = cell.lock().await;
        let seat =
            t.seat_of(ctx.platform, &ctx.user).ok_or(TableError::Refused(Refusal::NotAPlayer))?;
        self.check_turn(&t, seat)?;
        let action = match games::window_action(&t.game, choice) {
            Some(action) => action,
            None => t.game.parse_action(Seat(u8::try_from(seat).unwrap_or(0)), choice.word())?,
        };
        self.apply_then_bot(&mut t, seat, &action, Some(&ctx.user)).await
    }

    /// Validates, applies to a copy, saves (one transaction with the version check), then
    /// announces. On any error nothing changed.
    /// `said` are messages that come first (the referee playing for a player out of time).
    pub(super) async fn apply(
        &self,
        t: &mut Table,
        seat: usize,
        action: &AnyAction,
        by: Option<&UserId>,
        said: Vec<Outbound>,
    ) -> Reply {
        let mut game = t.game.clone();
        let notation = game.format_action(action);
        let events = game.play(Seat(u8::try_from(seat).unwrap_or(0)), action)?;
        let now = self.clock.now();
        // A player on vacation who plays is back: their clocks run again (docs/community.md).
        // As the seat writes them: a player of the other chat platform is qualified.
        let seated = by.and(t.seats.get(seat).cloned().flatten());
        let back = seated.and_then(|u| {
            let away = self.take_vacation(t.row.platform, &u)?;
            Some((u, away))
        });
        let mut update = t.row.update(now);
        update.offer = None; // an action answers any standing offer
        match game.to_act() {
            ToAct::Over(outcome) => {
                update.status = GameStatus::Over;
                // A game over before both players acted is not rated (docs/community.md).
                update.rated = t.row.rated && t.actions + 1 >= 2;
                update.result = Some(outcome.result);
                update.reason = Some(EndReason::of_code(outcome.reason));
                update.deadline_at = None;
            }
            ToAct::Seat(..) => {
                update.deadline_at =
                    Some(self.deadline(t.row.platform, &t.seats, &game, t.time, now));
                update.reminders_sent = 0;
            }
        }
        let row = ActionRow {
            seq: t.actions + 1,
            seat: i64::try_from(seat).unwrap_or(0),
            notation,
            by_user: by.cloned(),
            at: now,
        };
        // The announcement is worded from the table as it will be, and saved with the action:
        // only once both are kept does anything change in memory or get sent.
        let mut next = t.clone();
        next.row = t.row.after(&update);
        next.game = game;
        next.actions += 1;
        next.last = Some((seat, row.notation.clone()));
        next.pending.clear();
        next.partial.clear();
        let langs = self.seat_langs(&next).await;
        let mut out = said;
        out.extend(voice::announce(&next, &events, &langs, self.images));
        self.turn_prompts(&next, &mut out).await;
        self.add_buttons(&next, &mut out);
        self.promise_analysis(&next).await;
        let saved = self.save(t, next, GameWrite::Action(row), &update, out).await;
        if let (Err(_), Some((user, away))) = (&saved, &back) {
            self.lock_vacations().insert(user.on(t.row.platform), *away);
        }
        let mut out = saved?;
        if let Some((user, away)) = back {
            let platform = t.row.platform;
            out.extend(self.vacation_over(platform, &user, away, now, Some(t.row.id), true).await);
        }
        if t.row.status == GameStatus::Over {
            // Ratings follow the saved end (they are derived from it, and rebuilt from it).
            out.extend(self.rate_end(t).await);
            // The analysis of a finished game is long work: the end is announced now, and the
            // analysis follows on its own (docs/scale.md, "Delivery under stops").
            self.follow_end(t);
            // A tournament's round may be over with it: the next round follows.
            out.extend(Box::pin(self.tournament_game_over(t)).await);
        }
        Ok(out)
    }

    /// The platform's extra buttons ([`Policy::view_button`], [`Policy::move_button`]) on the
    /// messages of one step of an active game: "My view" under public boards of games with
    /// hidden information, "Type a move" under the mover's private prompt.
    pub(super) fn add_buttons(&self, t: &Table, out: &mut [Outbound]) {
        let policy = self.policy(t.row.platform);
        if t.row.status != GameStatus::Active || !(policy.view_button || policy.move_button) {
            return;
        }
        let lang = public_lang(t);
        let hidden = games::has_hidden_information(&t.game);
        let mover = match t.game.to_act() {
            ToAct::Seat(seat, _) => t.seats.get(seat.index()).cloned().flatten(),
            _ => None,
        };
        if !hidden {
            return;
        }
        for m in out.iter_mut() {
            if policy.view_button && matches!(m.to, Dest::Chat(_)) && m.image.is_some() {
                m.buttons
                    .push(voice::button(lang, Payload::new(t.row.id, t.actions, Choice::View)));
            }
        }
        // The mover's last private message with their board (the turn prompt).
        let prompt = out.iter_mut().rev().find(|m| {
            m.image.is_some() && matches!(&m.to, Dest::User(u) if mover.as_ref() == Some(u))
        });
        if policy.move_button
            && let Some(m) = prompt
        {
            m.buttons
                .push(voice::button(lang, Payload::new(t.row.id, t.actions, Choice::TypeMove)));
        }
    }

    /// Each seat's language, for private messages.
    pub(super) async fn seat_langs(&self, t: &Table) -> Vec<Lang> {
        let mut langs = Vec::with_capacity(t.seats.len());
        for seat in &t.seats {
            langs.push(match seat {
                Some(u) => self.lang_of(t.row.platform, u).await,
                None => Lang::default(),
            });
        }
        langs
    }

    /// Adds to `out` what each player who does not act first is told privately as the game
    /// starts (a game with hidden information: their own view), in their language.
    pub(super) async fn openings(&self, t: &Table, out: &mut Vec<Outbound>) {
        if t.row.status != GameStatus::Active || !games::has_hidden_information(&t.game) {
            return;
        }
        let first = t.game.to_act().seat();
        for (i, seat) in t.seats.iter().enumerate() {
            let Some(user) = seat else { continue };
            let seat = Seat(u8::try_from(i).unwrap_or(0));
            if Some(seat) == first || is_bot(user) {
                continue;
            }
            let lang = self.lang_of(t.row.platform, user).await;
            out.extend(voice::opening(t, seat, lang, self.images));
        }
    }

    /// Adds to `out` (the announcements of a change) the prompts for whoever must act next:
    /// public "X to move" and a private prompt with the player's own view. The player also
    /// hears of it as their `/settings pings` ask: `dm` by the private prompt, or by a mention
    /// in the game's chat while their private chat is closed (at any pace); `mention` by a
    /// mention as well in a correspondence game; `off` by neither in a correspondence game,
    /// except the private prompt of a game with hidden information, which carries what only
    /// they may see.
    pub(super) async fn turn_prompts(&self, t: &Table, out: &mut Vec<Outbound>) {
        let ToAct::Seat(seat, prompt) = t.game.to_act() else { return };
        if t.row.status != GameStatus::Active {
            return;
        }
        let Some(Some(user)) = t.seats.get(seat.index()) else { return };
        if is_bot(user) {
            return;
        }
        let lang = self.lang_of(t.row.platform, user).await;
        let prompts = voice::turn_prompts(t, seat, prompt, lang, self.images);
        let correspondence = t.time.pace == Pace::Correspondence;
        let row = self.user_row(t.row.platform, user).await.ok().flatten();
        let pings = row.as_ref().map(|r| r.pings).unwrap_or_default();
        let closed = row.as_ref().is_some_and(|r| r.reachable == Some(false));
        let private = Dest::User(user.clone());
        let quiet =
            correspondence && pings == Pings::Off && !games::has_hidden_information(&t.game);
        let public = Dest::Chat(t.row.chat.clone());
        for m in prompts {
            if quiet && m.to == private {
                continue;
            }
            // One group message a ply (issue 42): a public line that only says whose move it
            // is (Dark Fence's "Ply 2: bob to move.") joins the announcement of the change
            // before it, as every other game words it in one message.
            let joins = m.to == public && m.image.is_none() && m.buttons.is_empty();
            if !(joins && join_public(out, &public, m.platform, &m.text)) {
                out.push(m);
            }
        }
        // A mention asked for (`pings=mention`) is for correspondence games, where nobody
        // watches the chat; one standing in for a closed private chat (`pings=dm`) is for
        // every game, as the private prompt it replaces would have notified them in any pace.
        let mention = match pings {
            Pings::Mention => correspondence,
            Pings::Dm => closed,
            Pings::Off => false,
        };
        if !mention {
            return;
        }
        let who = reply::ping(user.as_str(), t.names.get(seat.index()).map_or("", String::as_str));
        let note = Notice::TurnPing { who, game: t.row.id }.text(public_lang(t));
        if !join_public(out, &public, t.row.platform, &note) {
            out.push(Outbound {
                platform: t.row.platform,
                to: public,
                text: note,
                image: None,
                buttons: Vec::new(),
                outbox: None,
                stamp: None,
            });
        }
    }

    /// The end of finished game `id` (its last announcement: result, reason, the final board,
    /// and for Dark Fence the full reveal), for `/board #id` and `/view #id` once the game has
    /// left the running tables. `None` when there is no such finished game, or it is out of
    /// the caller's reach ([`Referee::reaches`]; privately, only its players), so that the
    /// caller's refusal stays the same as for a game that never existed.
    pub(super) async fn ended(&self, ctx: &Ctx, id: GameId, own: bool) -> Option<Outbound> {
        let row = self.store.game(id).await.ok()?;
        if row.status.is_running() {
            return None;
        }
        let result = row.result;
        let reason = row.reason.clone();
        let t = match self.load(row).await {
            Ok(t) => t,
            Err(e) => {
                tracing::warn!(%id, error = ?e, "a finished game cannot be replayed");
                return None;
            }
        };
        let summary = Self::summary(&t);
        if !Self::reaches(ctx, &summary) || (own && t.seat_of(ctx.platform, &ctx.user).is_none()) {
            return None;
        }
        let mut m = voice::finished(&t, result, reason.as_ref(), self.images);
        m.to = if own { ctx.private_on(t.row.platform) } else { ctx.here_on(t.row.platform) };
        Some(m)
    }
}

/// Appends `text` as a new line to the last message of `out` for the game's chat `public`, as
/// part of that message rather than one of its own (whose move it is, a turn ping); whether
/// there was one to join. Never a message already kept in the outbox (a bot's opening, saved
/// before its prompt): its kept copy, which is sent again after a crash or by another
/// instance, would lack the line.
fn join_public(out: &mut [Outbound], public: &Dest, platform: Platform, text: &str) -> bool {
    let last = out.iter_mut().rev().find(|m| m.to == *public && m.platform == platform);
    match last.filter(|m| m.outbox.is_none()) {
        Some(m) => {
            m.text.push('\n');
            m.text.push_str(text);
            true
        }
        None => false,
    }
}
