//! Invitations: `/new` (its checks and the table it opens), `/accept` and `/decline`.

use super::prelude::*;
use super::referee::Referee;

impl Referee {
    /// Refuses a new invitation from `ctx` in `chat` when the user or the chat already has as
    /// many open invitations as allowed.
    pub(super) fn invitation_room(&self, ctx: &Ctx, chat: &ChatId) -> Result<(), TableError> {
        let index = self.lock_index();
        let open = |ids: Option<&Vec<GameId>>, mine: bool| {
            ids.into_iter()
                .flatten()
                .filter_map(|id| index.games.get(id))
                .filter(|s| s.status == GameStatus::Invited && (!mine || s.creator == ctx.user))
                .count()
        };
        let limit = self.invitation_limit;
        if open(index.by_user.get(&(ctx.platform, ctx.user.clone())), true) >= self.invitation_limit
        {
            return Err(TableError::Refused(Refusal::InvitationsPerUser(limit)));
        }
        if open(index.by_chat.get(&(ctx.platform, chat.clone())), false) >= self.invitation_limit {
            return Err(TableError::Refused(Refusal::InvitationsPerChat(limit)));
        }
        Ok(())
    }

    /// Whether `input`, a `/new`, would be refused, without creating anything: the game, the
    /// opponent, the options, the time control and the invitation limits are checked as `/new`
    /// checks them. A front end that prepares a place for the game first (a Discord thread)
    /// asks before it does, so a refused `/new` leaves nothing behind. `None`: go ahead (the
    /// command itself still decides).
    pub async fn refuse_new(&self, input: &Incoming) -> Option<Answer> {
        let Input::Command(Ok(Command::New { game, opponent, settings })) = &input.input else {
            return None;
        };
        let ctx = self.touch_user(input).await.ok()?;
        let refused = self.new_checks(&ctx, game, opponent.as_ref(), settings).err()?;
        let messages = vec![self.refusal(&ctx, ctx.here(), &refused)];
        Some(Answer { messages, refused: true, secret: false, lang: ctx.lang })
    }

    /// What `/new` checks before it draws a start: where it is typed, the game, the opponent,
    /// the options and time control, a start position if one is given, and room for one more
    /// invitation.
    pub(super) fn new_checks(
        &self,
        ctx: &Ctx,
        game: &str,
        opponent: Option<&UserId>,
        settings: &[String],
    ) -> Result<NewChecked, TableError> {
        let Chat::Group(chat) = &ctx.chat else {
            return Err(TableError::Refused(Refusal::GroupOnly));
        };
        let checked = Self::read_new(ctx, game, opponent, settings)?;
        if !checked.opponent.as_ref().is_some_and(is_bot) {
            self.invitation_room(ctx, chat)?;
        }
        Ok(checked)
    }

    /// What `/new` (and `/seek`, which takes the same terms) asks for, checked: the game, the
    /// opponent, the options and time control, a start position if one is given.
    pub(super) fn read_new(
        ctx: &Ctx,
        game: &str,
        opponent: Option<&UserId>,
        settings: &[String],
    ) -> Result<NewChecked, TableError> {
        let kind = game_kind(game)?;
        if opponent == Some(&ctx.user) {
            return Err(TableError::Refused(Refusal::SelfInvite));
        }
        // `@bot` (or the platform's mention of this bot, which the adapters rewrite to it) asks
        // the referee itself to play.
        let bot = UserId::new(BOT_USER);
        let opponent = opponent.map(|o| if is_bot_name(o.as_str()) { &bot } else { o });
        let against_bot = opponent.is_some_and(is_bot);
        let pairs =
            crate::games::options::split_pairs(&settings.join(",")).map_err(options_refused)?;
        // Against the bot the inviter chooses a side (`side=` a seat's name, `first`, `second`
        // or `random`) and a level (`level=1..6`, docs/bots.md); against a person
        // the inviter is the first seat, as before.
        // `position="…"` starts the game from a position (puzzles, teaching, a game carried on
        // from a board elsewhere) in the game's position text, the CLI's.
        let (positions, pairs): (Vec<_>, Vec<_>) =
            pairs.into_iter().partition(|(k, _)| k == "position");
        let position = positions.into_iter().next().map(|(_, text)| text);
        let (rateds, pairs): (Vec<_>, Vec<_>) = pairs.into_iter().partition(|(k, _)| k == "rated");
        // `None`: not asked either way (rated, unless something below makes it unrated).
        let rated_asked = match rateds.as_slice() {
            [] => None,
            [(_, value)] => match value.to_lowercase().as_str() {
                "yes" | "on" | "true" => Some(true),
                "no" | "off" | "false" => Some(false),
                _ => {
                    return Err(options_refused(crate::games::OptionsError::BadValue {
                        key: "rated".into(),
                        value: value.clone(),
                        expected: crate::games::options::Expected::OneOf(
                            ["yes", "no"].map(String::from).to_vec(),
                        ),
                    }));
                }
            },
            _ => {
                return Err(options_refused(crate::games::OptionsError::Duplicate {
                    key: "rated".into(),
                }));
            }
        };
        let (sides, pairs): (Vec<_>, Vec<_>) = pairs.into_iter().partition(|(k, _)| k == "side");
        let side = match bot_only(kind, "side", &sides, against_bot)? {
            None => Side::First,
            Some(value) => Side::from_word(kind, value).ok_or_else(|| {
                let mut words: Vec<String> =
                    kind.seat_names().iter().map(|s| (*s).to_string()).collect();
                words.push("random".into());
                options_refused(crate::games::OptionsError::BadValue {
                    key: "side".into(),
                    value: value.to_string(),
                    expected: crate::games::options::Expected::OneOf(words),
                })
            })?,
        };
        // `level=1..6`: how well the bot plays (docs/bots.md); its strongest when not asked.
        let (levels, pairs): (Vec<_>, Vec<_>) = pairs.into_iter().partition(|(k, _)| k == "level");
        let level = match bot_only(kind, "level", &levels, against_bot)? {
            None if against_bot => Some(crate::bots::TOP_LEVEL),
            None => None,
            Some(value) => Some(
                value
                    .trim()
                    .parse::<u8>()
                    .ok()
                    .filter(|n| (crate::bots::MIN_LEVEL..=crate::bots::TOP_LEVEL).contains(n))
                    .ok_or_else(|| {
                        options_refused(crate::games::OptionsError::BadValue {
                            key: "level".into(),
                            value: value.to_string(),
                            expected: crate::games::options::Expected::Range {
                                min: u64::from(crate::bots::MIN_LEVEL),
                                max: u64::from(crate::bots::TOP_LEVEL),
                            },
                        })
                    })?,
            ),
        };
        let (table_pairs, game_pairs): (Vec<_>, Vec<_>) =
            pairs.into_iter().partition(|(k, _)| TimeControl::KEYS.contains(&k.as_str()));
        // Players choose only the options a game offers; keys an engine records for itself
        // (Chaos Clock's `fair_draw`, which skips the fair start's proof) are not theirs to set.
        let specs = kind.option_specs();
        if let Some((key, _)) = game_pairs.iter().find(|(k, _)| !specs.iter().any(|s| s.key == k)) {
            let known: Vec<&str> = specs.iter().map(|s| s.key).collect();
            let e = crate::games::OptionsError::UnknownKey {
                key: key.clone(),
                known: known.join(", "),
            };
            return Err(options_refused(e));
        }
        let game_text: Vec<String> = game_pairs.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let options = AnyOptions::parse(kind, &game_text.join(",")).map_err(options_refused)?;
        let time = TimeControl::from_pairs(&table_pairs).map_err(options_refused)?;
        if let Some(text) = &position {
            AnyGame::from_position(&options, text, Seed(0))
                .map_err(|e| TableError::Refused(Refusal::Position(kind, e)))?;
        }
        // Hints are advice from the solver: a game with them is never rated (docs/chaos-clock.md,
        // decision 8). Asked for both, the game is refused rather than silently unrated.
        let hints = games::options_allow_hints(&options);
        if hints && rated_asked == Some(true) {
            return Err(TableError::Refused(Refusal::RatedHints));
        }
        let rated = rated_asked.unwrap_or(true) && !hints;
        Ok(NewChecked {
            kind,
            opponent: opponent.cloned(),
            options,
            time,
            side,
            level,
            position,
            rated,
        })
    }

    pub(super) async fn new_game(
        &self,
        ctx: &Ctx,
        game: &str,
        opponent: Option<&UserId>,
        settings: &[String],
    ) -> Reply {
        let Chat::Group(chat) = &ctx.chat else {
            return Err(TableError::Refused(Refusal::GroupOnly));
        };
        let NewChecked { kind, opponent, options, time, side, level, position, rated } =
            self.new_checks(ctx, game, opponent, settings)?;
        let opponent = opponent.as_ref();
        let seed = self.next_seed().await?;
        let engine = self.draw_start(ctx, kind, options, position.as_deref(), seed).await?;
        let seat = side.creator_seat(seed);
        let opening = Opening { creator_seat: seat, rated, level };
        self.open_table(ctx, chat, kind, engine, position, seed, time, opponent, opening).await
    }

    /// The engine of a new game of `options` from `seed`: from `position` when given, else the
    /// start drawn (Chaos Clock's fair start searches, in the solver's queue).
    pub(super) async fn draw_start(
        &self,
        ctx: &Ctx,
        kind: GameKind,
        options: AnyOptions,
        position: Option<&str>,
        seed: u64,
    ) -> Result<AnyGame, TableError> {
        Ok(match position {
            Some(text) => AnyGame::from_position(&options, text, Seed(seed))
                .map_err(|e| TableError::Refused(Refusal::Position(kind, e)))?,
            None => {
                // Drawing a start may need the solver (only Chaos Clock's may): one such request
                // in flight per user. Other games draw theirs at once, so a player opening games
                // in two chats at the same moment is not refused for a solver they never asked.
                let _asking = match &options {
                    AnyOptions::ChaosClock(_) => Some(self.reserve_solver(ctx)?),
                    _ => None,
                };
                // Drawing a start may need the solver (Chaos Clock's start=fair): off the async
                // threads.
                self.search(&Self::asker(ctx), "drawing the start", move || {
                    AnyGame::new(&options, Seed(seed))
                })
                .await?
                .map_err(options_refused)?
            }
        })
    }

    /// Stores a new game (`engine`, started from `position` when given) and opens its table:
    /// the invitation, or the start at once against the bot. `rated`: the game counts for
    /// ratings (never against the bot, from a position or with hints, whatever is asked).
    #[allow(clippy::too_many_arguments)]
    pub(super) async fn open_table(
        &self,
        ctx: &Ctx,
        chat: &ChatId,
        kind: GameKind,
        engine: AnyGame,
        position: Option<String>,
        seed: u64,
        time: TimeControl,
        opponent: Option<&UserId>,
        opening: Opening,
    ) -> Reply {
        let Opening { creator_seat, rated, level } = opening;
        let against_bot = opponent.is_some_and(is_bot);
        let rated = rated && !against_bot && position.is_none() && !games::hints_allowed(&engine);
        // The game speaks to its chat in the chat's language (the creator's, unless the chat
        // or its community chose one); each player hears privately in their own.
        let public = self.chat_lang(ctx).await?;
        let mut seats = vec![Some(ctx.user.clone()), opponent.cloned()];
        // The engine's options, which may record how the start was drawn (start=fair's draw),
        // so that reloading the game does not search again.
        let pairs_text: Vec<String> =
            engine.options().to_pairs().iter().map(|(k, v)| format!("{k}={v}")).collect();
        let mut names = vec![ctx.name.clone()];
        names.push(match opponent {
            Some(o) if is_bot(o) => voice::bot_name(public, None),
            Some(o) => self
                .user_row(ctx.platform, o)
                .await?
                .map_or_else(|| o.to_string(), |r| r.display_name),
            None => "?".to_string(),
        });
        if creator_seat == 1 {
            seats.reverse();
            names.reverse();
        }
        let new_game = NewGame {
            platform: ctx.platform,
            chat: chat.clone(),
            kind: kind.code().to_string(),
            options: pairs_text.join(","),
            position,
            seed: seed_bits(seed),
            seats: serde_json::to_string(&seats).unwrap_or_default(),
            creator: ctx.user.clone(),
            locale: public.code().to_string(),
            status: if against_bot { GameStatus::Active } else { GameStatus::Invited },
            clock: serde_json::to_string(&time).unwrap_or_default(),
            engine_version: ENGINE_VERSION,
            now: self.clock.now(),
            community: ctx.scope.community.clone(),
            parent_chat: ctx.scope.parent.clone(),
            rated,
            bot_level: level.filter(|_| against_bot).map(i64::from),
        };
        let table = |row: &GameRow| Table {
            row: row.clone(),
            game: engine.clone(),
            seats: seats.clone(),
            names: names.clone(),
            time,
            actions: 0,
            pending: HashMap::new(),
            partial: HashMap::new(),
            last: None,
        };
        // The invitee hears of it privately too, where the bot can write to them and their
        // `/settings pings` is `dm` (the default): with the same buttons, in their language.
        let mut invitee = None;
        if let Some(o) = opponent.filter(|o| !is_bot(o) && handle_of(o).is_none())
            && let Some(row) = self.user_row(ctx.platform, o).await?
            && row.pings == Pings::Dm
            && self.reachable(ctx.platform, o).await?
        {
            invitee = Some((o.clone(), self.lang_of(ctx.platform, o).await));
        }
        // The invitation names the new game's id: it is worded from the row inside the
        // transaction that creates it, and kept with it.
        let mut invitation = Vec::new();
        let (row, ids) = self
            .store
            .create_game_with(&new_game, |row| {
                if against_bot {
                    return Vec::new();
                }
                invitation = vec![voice::invitation(ctx, &table(row), opponent.is_some())];
                // An invitee the platform could name only by handle: the bot has not met them,
                // so the seat waits for that handle, and the chat learns how they can open the
                // private chat (the adapter names the seat when they first show up).
                let link = self.policy(ctx.platform).start_link;
                if let (Some(handle), Some(link)) = (opponent.and_then(handle_of), link) {
                    let notice = Notice::InviteeUnmet { handle: handle.to_string(), link };
                    invitation.push(self.say(ctx, ctx.here(), public, &notice));
                }
                if let Some((user, lang)) = &invitee {
                    let notice =
                        Notice::InvitedPrivately { creator: ctx.name.clone(), kind, game: row.id };
                    let mut dm = self.say(ctx, Dest::User(user.clone()), *lang, &notice);
                    dm.buttons = voice::invitation_buttons(*lang, row.id);
                    invitation.push(dm);
                }
                let stamp = reply::Stamp {
                    game: row.id,
                    version: row.version,
                    turn: 0,
                    settled: false,
                    offer_closed: false,
                };
                Self::stamp(&mut invitation, stamp);
                self.outbox_rows(&invitation, Some(row.id)).1
            })
            .await?;
        let table = table(&row);
        if against_bot {
            return self.start_against_bot(table).await;
        }
        let (places, _) = self.outbox_rows(&invitation, Some(row.id));
        Self::number(&mut invitation, &places, ids);
        self.install(table);
        Ok(invitation)
    }

    pub(super) async fn accept(&self, ctx: &Ctx, id: Option<GameId>) -> Reply {
        let user = ctx.user.clone();
        // With an id, the checks below say exactly what is wrong; without one, only invitations
        // this user may accept are candidates.
        let id = match id {
            Some(id) => self.resolve(ctx, Some(id), |_| true)?,
            None => self
                .resolve(ctx, None, |s| {
                    s.status == GameStatus::Invited
                        && s.creator != user
                        && s.seats.get(1).is_some_and(|o| o.is_none() || o.as_ref() == Some(&user))
                })
                .map_err(|e| match e {
                    TableError::Refused(Refusal::NoGameHere | Refusal::GameElsewhere(_)) => {
                        // The only invitation here may be the caller's own.
                        let own = self.resolve(ctx, None, |s| {
                            s.status == GameStatus::Invited && s.creator == user
                        });
                        TableError::Refused(if own.is_ok() {
                            Refusal::OwnInvite
                        } else {
                            Refusal::NoInvite
                        })
                    }
                    other => other,
                })?,
        };
        let cell = self.table(id)?;
        let mut t = cell.lock().await;
        if t.row.status != GameStatus::Invited {
            return Err(TableError::Refused(Refusal::AlreadyStarted));
        }
        if t.row.creator == ctx.user {
            return Err(TableError::Refused(Refusal::OwnInvite));
        }
        if let Some(Some(invited)) = t.seats.get(1)
            && *invited != ctx.user
        {
            return Err(TableError::Refused(Refusal::NotInvited(id)));
        }
        let mut seats = t.seats.clone();
        seats[1] = Some(ctx.user.clone());
        // Spec §2.5 rule 10: a game with private information starts only when every player can
        // be reached privately.
        if games::has_hidden_information(&t.game) && !self.policy(ctx.platform).private_replies {
            let mut unreachable = Vec::new();
            let mut missing = Vec::new();
            for (i, seat) in seats.iter().enumerate() {
                if let Some(u) = seat
                    && !self.reachable(ctx.platform, u).await?
                {
                    unreachable.push(if i == 1 { ctx.name.clone() } else { t.names[i].clone() });
                    missing.push(i);
                }
            }
            if !unreachable.is_empty() {
                // A refusal (the invitation stays open), worded for everyone here: the fix may
                // be someone else's to make.
                let names = unreachable.join(", ");
                let link = self.policy(ctx.platform).start_link;
                if link.is_some() {
                    self.start_links
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .insert((ctx.platform, ctx.user.clone(), id));
                    // Where the creator is the one missing, their following the link completes
                    // this accept (the accepter's own private chat may still be needed too:
                    // then it is refused again, and their link completes it).
                    if !ctx.is_private() && missing == [0] {
                        self.waiting_accepts
                            .lock()
                            .unwrap_or_else(std::sync::PoisonError::into_inner)
                            .insert((ctx.platform, id), ctx.clone());
                    }
                }
                return Err(TableError::Refused(Refusal::Unreachable { names, game: id, link }));
            }
        }
        let now = self.clock.now();
        let mut update = t.row.update(now);
        update.seats = serde_json::to_string(&seats).unwrap_or_default();
        update.status = GameStatus::Active;
        update.deadline_at = Some(self.deadline(t.row.platform, &seats, &t.game, t.time, now));
        update.reminders_sent = 0;
        let mut next = t.clone();
        next.row = t.row.after(&update);
        next.seats = seats;
        next.names[1] = ctx.name.clone();
        let mut out = vec![voice::started(&next, self.images)];
        self.turn_prompts(&next, &mut out).await;
        self.openings(&next, &mut out).await;
        self.add_buttons(&next, &mut out);
        self.save(&mut t, next, GameWrite::Update, &update, out).await
    }

    pub(super) async fn decline(&self, ctx: &Ctx, id: Option<GameId>) -> Reply {
        let user = ctx.user.clone();
        let id = match id {
            Some(id) => self.resolve(ctx, Some(id), |_| true)?,
            None => self
                .resolve(ctx, None, |s| {
                    s.status == GameStatus::Invited
                        && s.seats.get(1).is_some_and(|o| o.as_ref() == Some(&user))
                })
                .map_err(|e| match e {
                    TableError::Refused(Refusal::NoGameHere | Refusal::GameElsewhere(_)) => {
                        TableError::Refused(Refusal::NoInvite)
                    }
                    other => other,
                })?,
        };
        let cell = self.table(id)?;
        let mut t = cell.lock().await;
        if t.row.status != GameStatus::Invited {
            return Err(TableError::Refused(Refusal::AlreadyStarted));
        }
        if t.row.creator == ctx.user {
            return Err(TableError::Refused(Refusal::OwnInvite));
        }
        if t.seat_of(ctx.platform, &ctx.user) != Some(1) {
            // An open invitation names no one who could decline it (a spectator pressing
            // Decline under it is told so, not that it "invites someone else").
            let open = matches!(t.seats.get(1), Some(None));
            return Err(TableError::Refused(if open {
                Refusal::DeclineOpen(id)
            } else {
                Refusal::NotInvited(id)
            }));
        }
        let mut update = t.row.update(self.clock.now());
        update.status = GameStatus::Aborted;
        update.reason = Some(EndReason::Declined);
        update.deadline_at = None;
        let mut next = t.clone();
        next.row = t.row.after(&update);
        let lang = public_lang(&t);
        let out = vec![self.say(
            ctx,
            Dest::Chat(t.row.chat.clone()),
            lang,
            &Notice::Declined { by: ctx.name.clone(), game: id },
        )];
        self.save(&mut t, next, GameWrite::Update, &update, out).await
    }
}

/// A table-level key (`side`, `level`) that only a game against the bot takes: its one value,
/// `None` when not given; refused as an unknown option against a person, and when given twice.
fn bot_only<'a>(
    kind: GameKind,
    key: &str,
    given: &'a [(String, String)],
    against_bot: bool,
) -> Result<Option<&'a str>, TableError> {
    match given {
        [] => Ok(None),
        [(_, value)] if against_bot => Ok(Some(value.as_str())),
        [_] => {
            let known: Vec<&str> = kind.option_specs().iter().map(|s| s.key).collect();
            Err(options_refused(crate::games::OptionsError::UnknownKey {
                key: key.into(),
                known: known.join(", "),
            }))
        }
        _ => Err(options_refused(crate::games::OptionsError::Duplicate { key: key.into() })),
    }
}
