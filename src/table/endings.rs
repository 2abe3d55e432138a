//! Offers and endings: resigning, draw and takeback offers, aborts (also of games that
//! cannot be resumed) and finishing a game.

use super::prelude::*;
use super::referee::Referee;

impl Referee {
    /// The one notice to each chat of a game that cannot be resumed, given at the first tick
    /// after the start that found it (once per game: the store remembers it was told).
    pub(super) async fn tell_unresumable(&self) -> Vec<Outbound> {
        let told = |id: GameId| {
            self.broken_told.lock().unwrap_or_else(std::sync::PoisonError::into_inner).insert(id)
        };
        let rows: Vec<GameRow> = {
            let checked =
                self.broken_told.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            self.lock_broken().values().filter(|r| !checked.contains(&r.id)).cloned().collect()
        };
        let mut out = Vec::new();
        for row in rows {
            let key = format!("unresumable-told.{}", row.id);
            // Stored only if absent: of several instances sharing the store, one tells.
            match self.store.claim_meta(&key, "1").await {
                Ok(true) => {}
                Ok(false) => {
                    told(row.id);
                    continue;
                }
                Err(e) => {
                    tracing::error!(game = %row.id, error = ?e, "writing the store");
                    continue;
                }
            }
            told(row.id);
            let lang = Lang::from_code(&row.locale).unwrap_or_default();
            let mut notice = vec![Outbound {
                platform: row.platform,
                to: Dest::Chat(row.chat.clone()),
                text: Notice::Unresumable { game: row.id }.text(lang),
                image: None,
                buttons: Vec::new(),
                outbox: None,
                stamp: None,
            }];
            // A game played privately is not in the index: its players are read off its row.
            let seats: Vec<Option<UserId>> = serde_json::from_str(&row.seats).unwrap_or_default();
            super::seeks::privatize(&row.chat, &seats, &mut notice);
            out.append(&mut notice);
        }
        // Kept like any announcement (the meta mark above keeps it from being said twice).
        self.enqueue(out, None).await
    }

    /// `/admin abort` of a game that cannot be resumed: it is ended as aborted, with no replay.
    pub(super) async fn abort_unresumable(&self, ctx: &Ctx, id: GameId) -> Reply {
        let Some(row) = self.lock_broken().get(&id).cloned() else {
            return Err(TableError::Refused(Refusal::NoSuchGame(id)));
        };
        let mut update = row.update(self.clock.now());
        update.status = GameStatus::Aborted;
        update.reason = Some(EndReason::AdminAborted);
        update.deadline_at = None;
        update.offer = None;
        let lang = Lang::from_code(&row.locale).unwrap_or_default();
        let told = self.say(
            ctx,
            Dest::Chat(row.chat.clone()),
            lang,
            &Notice::Aborted { by: ctx.name.clone(), game: id },
        );
        let mut out = Self::told_here_too(ctx, told);
        let stamp = reply::Stamp {
            game: id,
            version: row.version + 1,
            turn: 0,
            settled: true,
            offer_closed: row.offer.is_some(),
        };
        Self::stamp(&mut out, stamp);
        let (places, rows) = self.outbox_rows(&out, Some(id));
        let (_, ids) =
            self.store.write_game(id, row.version, GameWrite::Update, &update, rows).await?;
        self.lock_broken().remove(&id);
        Self::number(&mut out, &places, ids);
        Ok(out)
    }

    /// Ends a game outside the rules (resign, timeout, agreed draw, abort) and announces it with
    /// the full reveal.
    pub(super) async fn finish(
        &self,
        t: &mut Table,
        status: GameStatus,
        result: Option<GameResult>,
        reason: EndReason,
        said: Vec<Outbound>,
    ) -> Result<Vec<Outbound>, TableError> {
        let mut update = t.row.update(self.clock.now());
        update.status = status;
        // A game over before both players acted is not rated (docs/community.md).
        update.rated = t.row.rated && t.actions >= 2;
        update.result = result;
        update.reason = Some(reason.clone());
        update.deadline_at = None;
        update.offer = None;
        let mut next = t.clone();
        next.row = t.row.after(&update);
        next.pending.clear();
        let mut out = said;
        out.push(voice::finished(&next, result, Some(&reason), self.images));
        self.promise_analysis(&next).await;
        let mut out = self.save(t, next, GameWrite::Update, &update, out).await?;
        if result.is_some() {
            out.extend(self.rate_end(t).await);
            // Announced now; the analysis follows on its own (docs/scale.md).
            self.follow_end(t);
        }
        // A tournament's game counts even without a result (aborted: 0 each).
        out.extend(Box::pin(self.tournament_game_over(t)).await);
        Ok(out)
    }

    pub(super) async fn resign(&self, ctx: &Ctx, id: Option<GameId>) -> Reply {
        let id =
            self.resolve(ctx, id, |s| s.status == GameStatus::Active && Self::seated(ctx)(s))?;
        let cell = self.table(id)?;
        let mut t = cell.lock().await;
        let seat =
            t.seat_of(ctx.platform, &ctx.user).ok_or(TableError::Refused(Refusal::NotAPlayer))?;
        if t.row.status != GameStatus::Active || t.game.to_act().outcome().is_some() {
            return Err(TableError::Refused(Refusal::GameOver));
        }
        let winner = Seat(u8::try_from(1 - seat.min(1)).unwrap_or(0));
        let winner = Some(GameResult::Winner(winner));
        self.finish(&mut t, GameStatus::Over, winner, EndReason::Resigned, Vec::new()).await
    }

    pub(super) async fn offer(
        &self,
        ctx: &Ctx,
        id: Option<GameId>,
        kind: OfferKind,
        answer: Option<bool>,
    ) -> Reply {
        let id =
            self.resolve(ctx, id, |s| s.status == GameStatus::Active && Self::seated(ctx)(s))?;
        let cell = self.table(id)?;
        let mut t = cell.lock().await;
        let seat =
            t.seat_of(ctx.platform, &ctx.user).ok_or(TableError::Refused(Refusal::NotAPlayer))?;
        if t.row.status != GameStatus::Active {
            return Err(TableError::Refused(Refusal::GameOver));
        }
        if kind == OfferKind::Takeback && games::has_hidden_information(&t.game) {
            return Err(TableError::Refused(Refusal::TakebackHidden));
        }
        if t.seats.iter().any(|u| u.as_ref().is_some_and(is_bot)) {
            return Err(TableError::Refused(Refusal::BotOffers));
        }
        let standing = t.offer().filter(|o| o.kind == kind);
        let to = Dest::Chat(t.row.chat.clone());
        let lang = public_lang(&t);
        let name = ctx.name.as_str();
        match (standing, answer) {
            // Accepting: an explicit accept, or offering back what the other side offered.
            (Some(o), Some(true) | None) if o.by != seat => {
                if kind == OfferKind::Draw {
                    let said = vec![self.say(
                        ctx,
                        to,
                        lang,
                        &Notice::OfferAccepted { kind, by: name.to_string(), game: id },
                    )];
                    return self
                        .finish(
                            &mut t,
                            GameStatus::Over,
                            Some(GameResult::Draw),
                            EndReason::Agreed,
                            said,
                        )
                        .await;
                }
                self.take_back(ctx, &mut t).await
            }
            (Some(o), Some(false)) if o.by != seat => {
                let mut update = t.row.update(self.clock.now());
                update.offer = None;
                let mut next = t.clone();
                next.row = t.row.after(&update);
                let out = vec![self.say(
                    ctx,
                    to,
                    lang,
                    &Notice::OfferDeclined { kind, by: name.to_string(), game: id },
                )];
                self.save(&mut t, next, GameWrite::Update, &update, out).await
            }
            // The caller's own offer, offered again or answered (its Accept button pressed by
            // the one who offered): it waits for the other side.
            (Some(_), _) => Err(TableError::Refused(Refusal::OfferPending)),
            (_, Some(_)) => Err(TableError::Refused(Refusal::NoOffer)),
            (None, None) => {
                if kind == OfferKind::Takeback && t.actions == 0 {
                    return Err(TableError::Refused(Refusal::NothingToTakeBack));
                }
                let mut update = t.row.update(self.clock.now());
                update.offer =
                    Some(serde_json::to_string(&Offer { kind, by: seat }).unwrap_or_default());
                let mut next = t.clone();
                next.row = t.row.after(&update);
                let other = t.names.get(1 - seat.min(1)).cloned().unwrap_or_default();
                let mut out = self.say(
                    ctx,
                    to,
                    lang,
                    &Notice::Offered { kind, by: name.to_string(), other, game: id },
                );
                let answer = |accept| Payload::new(id, t.actions, Choice::Offer { kind, accept });
                out.buttons =
                    vec![voice::button(lang, answer(true)), voice::button(lang, answer(false))];
                self.save(&mut t, next, GameWrite::Update, &update, vec![out]).await
            }
        }
    }

    /// Removes the last action (both players agreed) and rebuilds the game by replay.
    pub(super) async fn take_back(&self, ctx: &Ctx, t: &mut Table) -> Reply {
        let actions = self.store.actions(t.row.id).await?;
        let kind = t.game.kind();
        let options = t.game.options();
        let mut game = match &t.row.position {
            Some(p) => AnyGame::from_position(&options, p, seed_of(t.row.seed))
                .map_err(|e| TableError::Internal(e.to_string()))?,
            None => AnyGame::new(&options, seed_of(t.row.seed))
                .map_err(|e| TableError::Internal(e.to_string()))?,
        };
        for a in actions.iter().take(actions.len().saturating_sub(1)) {
            let seat = Seat(u8::try_from(a.seat).unwrap_or(0));
            let action = game
                .parse_action(seat, &a.notation)
                .map_err(|e| TableError::Internal(format!("{kind} replay: {e}")))?;
            game.play(seat, &action)
                .map_err(|e| TableError::Internal(format!("{kind} replay: {e}")))?;
        }
        let now = self.clock.now();
        let mut update = t.row.update(now);
        update.offer = None;
        update.deadline_at = Some(self.deadline(t.row.platform, &t.seats, &game, t.time, now));
        update.reminders_sent = 0;
        let mut next = t.clone();
        next.row = t.row.after(&update);
        next.game = game;
        next.actions -= 1;
        next.last = actions
            .iter()
            .rev()
            .nth(1)
            .and_then(|a| Some((usize::try_from(a.seat).ok()?, a.notation.clone())));
        next.pending.clear();
        let lang = public_lang(&next);
        let mut out = vec![self.say(
            ctx,
            Dest::Chat(next.row.chat.clone()),
            lang,
            &Notice::OfferAccepted {
                kind: OfferKind::Takeback,
                by: ctx.name.clone(),
                game: next.row.id,
            },
        )];
        // Everyone sees the position the game went back to (takebacks exist only in games
        // without hidden information).
        let view = next.game.view(Viewer::Public);
        out.push(voice::view_message(lang, &next, &view, voice::public_of(&next), self.images));
        self.turn_prompts(&next, &mut out).await;
        self.save(t, next, GameWrite::RemoveLast, &update, out).await
    }

    pub(super) async fn abort(&self, ctx: &Ctx, id: Option<GameId>, admin: bool) -> Reply {
        let user = ctx.user.clone();
        let id = if admin {
            // An administrator reaches every game of their community, from any of its chats.
            let Some(id) = id else { return Err(TableError::Refused(Refusal::NoGameHere)) };
            let running = self.lock_index().games.get(&id).map(|s| Self::administers(ctx, s));
            let broken =
                self.lock_broken().get(&id).map(|r| Self::administers(ctx, &Self::row_summary(r)));
            match (running, broken) {
                (Some(true), _) => id,
                (None, Some(true)) => return self.abort_unresumable(ctx, id).await,
                _ => {
                    return Err(TableError::Refused(Refusal::NoSuchGame(id)));
                }
            }
        } else {
            self.resolve(ctx, id, |s| {
                s.creator == user || s.seats.iter().any(|u| u.as_ref() == Some(&user))
            })?
        };
        let cell = self.table(id)?;
        let mut t = cell.lock().await;
        if !admin && t.actions > 0 {
            return Err(TableError::Refused(Refusal::AbortStarted));
        }
        let reason = if admin { EndReason::AdminAborted } else { EndReason::Aborted };
        let lang = public_lang(&t);
        let told = self.say(
            ctx,
            Dest::Chat(t.row.chat.clone()),
            lang,
            &Notice::Aborted { by: ctx.name.clone(), game: id },
        );
        let said = if admin { Self::told_here_too(ctx, told) } else { vec![told] };
        self.finish(&mut t, GameStatus::Aborted, None, reason, said).await
    }
}
