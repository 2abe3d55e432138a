//! Input to operation: a platform's [`super::Incoming`] becomes a context and a command, the
//! command goes to the operation that decides it, and a refusal is worded for its reader.

use super::prelude::*;
use super::referee::Referee;

impl Referee {
    /// Handles one command and returns what to send. Never fails: refusals and internal errors
    /// come back as messages.
    pub async fn handle(&self, input: Incoming) -> Vec<Outbound> {
        self.answer(input).await.messages
    }

    /// Handles one command like [`Referee::handle`], and also tells whether it was refused, for
    /// front ends that show a refusal differently from news (a Telegram alert under a pressed
    /// button, a Discord ephemeral reply).
    pub async fn answer(&self, input: Incoming) -> Answer {
        self.sync().await;
        let ctx = match self.touch_user(&input).await {
            Ok(ctx) => ctx,
            Err(e) => {
                tracing::error!(error = ?e, "recording the user");
                let lang = input.locale.as_deref().and_then(Lang::from_code).unwrap_or_default();
                let here = match input.chat {
                    Chat::Group(id) => Dest::Chat(id),
                    Chat::Private => Dest::User(input.user_id),
                };
                let messages = vec![Self::tell(input.platform, here, lang, &Notice::Failed)];
                return Answer { messages, refused: true, secret: false, lang };
            }
        };
        let (parsed, line) = match &input.input {
            Input::Line(line) => (command::parse(line, ctx.is_private()), line.as_str()),
            Input::Command(command) => (command.clone().map(Some), ""),
        };
        let result = match parsed {
            Ok(None) => {
                let messages = self.stray_move(&ctx, line).await;
                let refused = !messages.is_empty();
                return Answer { refused, secret: refused, messages, lang: ctx.lang };
            }
            Ok(Some(cmd)) => {
                let asked = cmd.clone();
                let mut result = self.dispatch(&ctx, cmd.clone()).await;
                // Another instance moved the game first: read what it did, decide again.
                let mut tries = 1;
                while let Err(e) = &result
                    && self.worth_retrying(e)
                    && tries < CONFLICT_TRIES
                {
                    tries += 1;
                    self.sync().await;
                    result = self.dispatch(&ctx, cmd.clone()).await;
                }
                if let Err(TableError::Refused(Refusal::WhichGame(_))) = &result {
                    self.lock_which().insert((ctx.platform, ctx.user.clone()), asked);
                }
                result
            }
            Err(e) => Err(TableError::Refused(match e {
                // The console table's own commands reach the referee only when the console
                // could not take them (`/as` without a name): answer with how to use them.
                command::CommandError::Unknown(c)
                    if ctx.platform == Platform::Console
                        && command::CONSOLE_COMMANDS.contains(&c.as_str()) =>
                {
                    Refusal::ConsoleCommand
                }
                command::CommandError::Unknown(c) => Refusal::UnknownCommand(c),
                command::CommandError::Missing { command, what } => {
                    Refusal::Missing { command, what }
                }
                command::CommandError::BadArgument { command, arg } => {
                    Refusal::BadArgument { command, arg }
                }
                command::CommandError::BadCount { command, key, value } => {
                    Refusal::BadCount { command, key, value }
                }
                command::CommandError::TooLong { limit, length } => {
                    Refusal::LineTooLong { limit, length }
                }
            })),
        };
        match result {
            Ok(mut messages) => {
                // What an answer says to a game played privately goes to its players.
                self.privatize_known(&mut messages);
                Answer { messages, refused: false, secret: false, lang: ctx.lang }
            }
            Err(e) => Answer {
                messages: vec![self.refusal(&ctx, ctx.here(), &e)],
                refused: true,
                secret: matches!(e, TableError::Refused(Refusal::PrivateOnly)) && !ctx.is_private(),
                lang: ctx.lang,
            },
        }
    }

    /// A line without `/` in a group is conversation, unless its author plays a hidden-information
    /// game here and the line is one of that game's private actions (spec L-01): then it is
    /// refused without being echoed or played, and the player is sent to the private chat.
    /// Only lines with a digit count (a cell), so "上" or "R" in conversation stays conversation.
    pub(super) async fn stray_move(&self, ctx: &Ctx, text: &str) -> Vec<Outbound> {
        // A line longer than any command is conversation, whatever it holds (no parse of it).
        if ctx.is_private()
            || text.chars().count() > command::MAX_LINE_CHARS
            || !text.chars().any(|c| c.is_ascii_digit() || ('０'..='９').contains(&c))
        {
            return Vec::new();
        }
        let user = ctx.user.clone();
        let ids: Vec<GameId> = {
            let index = self.lock_index();
            let Chat::Group(chat) = &ctx.chat else { return Vec::new() };
            index
                .by_chat
                .get(&(ctx.platform, chat.clone()))
                .into_iter()
                .flatten()
                .filter(|id| {
                    index.games.get(id).is_some_and(|s| {
                        s.status == GameStatus::Active
                            && s.seats.iter().any(|u| u.as_ref() == Some(&user))
                    })
                })
                .copied()
                .collect()
        };
        for id in ids {
            let Ok(cell) = self.table(id) else { continue };
            let t = cell.lock().await;
            let Some(seat) = t.seat_of(ctx.platform, &ctx.user) else { continue };
            let private = t
                .game
                .parse_action(Seat(u8::try_from(seat).unwrap_or(0)), text)
                .is_ok_and(|a| games::is_private_action(&t.game, &a));
            if private {
                return vec![self.refusal(
                    ctx,
                    ctx.here(),
                    &TableError::Refused(Refusal::PrivateOnly),
                )];
            }
        }
        Vec::new()
    }

    /// Words a refusal for the user who caused it.
    pub(super) fn refusal(&self, ctx: &Ctx, to: Dest, error: &TableError) -> Outbound {
        let text = match error {
            TableError::Refused(refusal) => refusal.text(ctx.lang),
            TableError::Action(e) => voice::error_text(ctx.lang, e),
            TableError::Conflict => Refusal::AlreadyPlayed.text(ctx.lang),
            TableError::Internal(detail) | TableError::Store(detail) => {
                tracing::error!(%detail, user = %ctx.user, "internal error");
                Notice::Failed.text(ctx.lang)
            }
        };
        // "Which game?" comes with one button per candidate: `#12 Ultima`.
        let buttons = match error {
            TableError::Refused(Refusal::WhichGame(ids)) => ids
                .iter()
                .map(|id| {
                    let kind = self
                        .lock_tables()
                        .get(id)
                        .and_then(|cell| cell.try_lock().ok().map(|t| t.game.kind()));
                    let label = match kind {
                        Some(kind) => format!("#{id} {}", voice::game_name(ctx.lang, kind)),
                        None => format!("#{id}"),
                    };
                    Button { label, payload: Payload::new(*id, 0, Choice::Pick) }
                })
                .collect(),
            _ => Vec::new(),
        };
        Outbound {
            platform: ctx.platform,
            to,
            text,
            image: None,
            buttons,
            outbox: None,
            stamp: None,
        }
    }

    /// A notice of the referee's, worded in `lang`, for `to` on the platform of `ctx`.
    pub(super) fn say(&self, ctx: &Ctx, to: Dest, lang: Lang, notice: &Notice) -> Outbound {
        Self::tell(ctx.platform, to, lang, notice)
    }

    /// A notice of the referee's, worded in `lang`, for `to` on `platform` (where no command's
    /// context exists: timers, delivery reports, a user who could not be recorded).
    pub(super) fn tell(platform: Platform, to: Dest, lang: Lang, notice: &Notice) -> Outbound {
        Outbound {
            platform,
            to,
            text: notice.text(lang),
            image: None,
            buttons: Vec::new(),
            outbox: None,
            stamp: None,
        }
    }

    /// Records the user (name, private reachability) and works out the language to answer in.
    pub(super) async fn touch_user(&self, input: &Incoming) -> Result<Ctx, TableError> {
        let key = (input.platform, input.user_id.clone());
        let cached = self.lock_users().get(&key).cloned();
        let mut row = match cached {
            Some(row) if row.display_name == input.user_name => row,
            _ => self.store.upsert_user(input.platform, &input.user_id, &input.user_name).await?,
        };
        // A private line proves the private chat open, except where the platform says it does
        // not ([`Policy::private_replies`]: a Discord /move is answered ephemerally, whatever
        // the direct messages). There, a user's first private-looking line only settles an
        // unknown as reachable, in one conditional statement: the row read above may predate a
        // refusal that another task recorded meanwhile (the invitation's direct message refused
        // while its invitee pressed Accept), and a guess must not undo it, or the channel would
        // be told twice that the direct messages are closed.
        let (platform, user) = (input.platform, &input.user_id);
        if input.chat == Chat::Private && !self.policy(platform).private_replies {
            self.opened_now(platform, user);
            if row.reachable != Some(true) {
                self.store.set_reachable(platform, user, Some(true)).await?;
                row.reachable = Some(true);
            }
        } else if input.chat == Chat::Private && row.reachable.is_none() {
            row.reachable = if self.store.settle_reachable(platform, user).await? {
                Some(true)
            } else {
                self.store.user(platform, user).await?.and_then(|r| r.reachable)
            };
        }
        // The client's language is kept with the user, so that what is sent to them while they
        // are silent (an invitation, a reminder) is in it after a restart too.
        let hint = input.locale.as_deref().and_then(Lang::from_code);
        if let Some(hint) = hint
            && row.client_locale.as_deref() != Some(hint.code())
        {
            self.store.set_client_locale(input.platform, &input.user_id, Some(hint.code())).await?;
            row.client_locale = Some(hint.code().to_string());
        }
        let lang = row
            .locale
            .as_deref()
            .and_then(Lang::from_code)
            .or(hint)
            .or_else(|| row.client_locale.as_deref().and_then(Lang::from_code))
            .or(self.policy(input.platform).default_lang)
            .unwrap_or_default();
        self.cache_user(row);
        Ok(Ctx {
            platform: input.platform,
            user: input.user_id.clone(),
            name: input.user_name.clone(),
            lang,
            chat: input.chat.clone(),
            is_admin: input.is_admin,
            scope: input.scope.clone(),
        })
    }

    pub(super) async fn dispatch(&self, ctx: &Ctx, cmd: Command) -> Reply {
        match cmd {
            Command::New { game, opponent, settings } => {
                self.new_game(ctx, &game, opponent.as_ref(), &settings).await
            }
            Command::Seek { game, settings } => self.seek(ctx, game.as_deref(), &settings).await,
            Command::Unseek(game) => self.unseek(ctx, game.as_deref()).await,
            Command::Tournament { action, game, player, settings } => {
                // Boxed: a round's start is a large future, kept off the dispatcher's own.
                let player = player.as_ref();
                Box::pin(self.tournament(ctx, action, game.as_deref(), player, &settings)).await
            }
            Command::Accept(id) => self.accept(ctx, id).await,
            Command::Decline(id) => self.decline(ctx, id).await,
            Command::Move { id, text } => self.move_text(ctx, id, &text).await,
            Command::Confirm(id) => self.confirm(ctx, id, true, None).await,
            Command::Cancel(id) => self.confirm(ctx, id, false, None).await,
            Command::Board { id, window } => self.board(ctx, id, window.as_deref()).await,
            Command::View { id, slice: None } => self.view(ctx, id).await,
            Command::View { id, slice: Some(slice) } => self.observe(ctx, id, &slice).await,
            Command::Moves { id, square } => self.moves(ctx, id, &square).await,
            Command::Challenge(id) => self.window(ctx, id, WindowChoice::Challenge).await,
            Command::Pass(id) => self.window(ctx, id, WindowChoice::Pass).await,
            Command::Claim(id) => self.window(ctx, id, WindowChoice::Claim).await,
            Command::Hint(id) => self.hint(ctx, id).await,
            Command::Switch(id) => self.switch_sides(ctx, id).await,
            Command::Resign(id) => self.resign(ctx, id).await,
            Command::Draw { id, answer } => self.offer(ctx, id, OfferKind::Draw, answer).await,
            Command::Takeback { id, answer } => {
                self.offer(ctx, id, OfferKind::Takeback, answer).await
            }
            Command::Abort(id) => self.abort(ctx, id, false).await,
            Command::AdminAbort(id) => {
                if !ctx.is_admin {
                    return Err(TableError::Refused(Refusal::NotAdmin));
                }
                self.abort(ctx, Some(id), true).await
            }
            Command::Games => Ok(self.games(ctx).await),
            Command::Library { id, opponent } => self.library(ctx, id, opponent.as_ref()).await,
            Command::Rules { game, topic } => self.rules(ctx, game.as_deref(), topic.as_deref()),
            Command::Leaderboard { game, min } => self.leaderboard(ctx, &game, min).await,
            Command::Profile(user) => self.profile(ctx, user.as_ref()).await,
            Command::History { player, game, page } => {
                self.history(ctx, player.as_ref(), game.as_deref(), page).await
            }
            Command::Export(id) => self.export(ctx, id).await,
            Command::Replay(id) => self.replay(ctx, id).await,
            Command::Follow { id, player, on } => self.follow(ctx, id, player.as_ref(), on).await,
            Command::Vacation(days) => self.vacation(ctx, days.as_deref()).await,
            Command::Link(code) => self.link(ctx, code.as_deref()).await,
            Command::Unlink => self.unlink(ctx).await,
            Command::Help => {
                let console = ctx.platform == Platform::Console;
                let help = Notice::Help { admin: ctx.is_admin, console };
                Ok(vec![self.say(ctx, ctx.here(), ctx.lang, &help)])
            }
            Command::Settings(pairs) => self.settings(ctx, &pairs).await,
            Command::Start(token) => {
                if !ctx.is_private() {
                    return Err(TableError::Refused(Refusal::StartPrivate));
                }
                let welcome = self.say(
                    ctx,
                    ctx.here(),
                    ctx.lang,
                    &Notice::Welcome { name: ctx.name.clone() },
                );
                // A start link `view-<id>` (sent after a private delivery failed) reopens the
                // chat and brings the player's view of the game at once.
                let id = match token {
                    None => return Ok(vec![welcome]),
                    Some(StartToken::View(id)) => {
                        let mut out = vec![welcome];
                        match self.view(ctx, Some(id)).await {
                            Ok(more) => out.extend(more),
                            Err(e) => out.push(self.refusal(ctx, ctx.here(), &e)),
                        }
                        return Ok(out);
                    }
                    // A start link `accept-<id>` finishes the `/accept` that needed this chat.
                    // The creator of the game follows the same link when they were the one
                    // unreachable: for them the chat is now open and the opponent accepts again.
                    Some(StartToken::Accept(id)) => id,
                };
                let creator = self.lock_index().games.get(&id).map(|s| s.creator.clone());
                if creator.as_ref() == Some(&ctx.user) {
                    // The creator was the one unreachable: their chat is open now, and the
                    // accept that waited for it completes (the game's chat is told as usual).
                    let waiting = self
                        .waiting_accepts
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .remove(&(ctx.platform, id));
                    let mut out = vec![welcome];
                    if let Some(accepter) = waiting {
                        match self.accept(&accepter, Some(id)).await {
                            Ok(more) => out.extend(more),
                            Err(e) => out.push(self.refusal(&accepter, accepter.here(), &e)),
                        }
                    }
                    return Ok(out);
                }
                let mut out = vec![welcome];
                let linked = self
                    .start_links
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .remove(&(ctx.platform, ctx.user.clone(), id));
                let chat = self.lock_index().games.get(&id).map(|s| s.chat.clone());
                // The link was handed to this user in the game's chat: accept as if there.
                let there = match chat {
                    Some(chat) if linked => Some(Ctx { chat: Chat::Group(chat), ..ctx.clone() }),
                    _ => None,
                };
                let ctx = there.as_ref().unwrap_or(ctx);
                match self.accept(ctx, Some(id)).await {
                    Ok(more) => out.extend(more),
                    Err(e) => out.push(self.refusal(ctx, ctx.here(), &e)),
                }
                Ok(out)
            }
            Command::Press(payload) => self.press(ctx, payload).await,
        }
    }

    pub(super) async fn press(&self, ctx: &Ctx, payload: Option<Payload>) -> Reply {
        let Some(Payload { game: id, turn, choice }) = payload else {
            return Err(TableError::Refused(Refusal::StaleButton));
        };
        if choice == Choice::Seek {
            return self.answer_seek_press(ctx, turn).await;
        }
        if choice == Choice::Pick {
            // The answer to "Which game?": the command asked about, in this game (which it
            // checks like any command naming a game).
            let asked = self.lock_which().remove(&(ctx.platform, ctx.user.clone()));
            let command = asked.and_then(|c| c.in_game(id));
            let Some(command) = command else {
                return Err(TableError::Refused(Refusal::StaleButton));
            };
            return Box::pin(self.dispatch(ctx, command)).await;
        }
        // A button of a game out of reach from here is as stale as one of no game at all.
        let reached = self.lock_index().games.get(&id).is_some_and(|s| Self::reaches(ctx, s));
        let current = match self.table(id) {
            Ok(cell) if reached => cell.lock().await.actions,
            _ => return Err(TableError::Refused(Refusal::StaleButton)),
        };
        // One's own view is never stale: the button under an old board shows the present.
        // "Switch sides" stays good until the player's first action, which the switch itself
        // checks (the bot may have opened since the button was offered).
        if current != turn && choice != Choice::View && choice != Choice::Switch {
            return Err(TableError::Refused(Refusal::StaleButton));
        }
        let id = Some(id);
        match choice {
            Choice::Accept => self.accept(ctx, id).await,
            Choice::Decline => self.decline(ctx, id).await,
            Choice::Window(choice) => self.window(ctx, id, choice).await,
            Choice::Confirm(tag) => self.confirm(ctx, id, true, tag.as_deref()).await,
            Choice::Cancel(tag) => self.confirm(ctx, id, false, tag.as_deref()).await,
            Choice::View => self.view(ctx, id).await,
            Choice::Act(action) => self.move_text(ctx, id, &action).await,
            Choice::Complete(ending) => self.complete(ctx, id, &ending, turn).await,
            Choice::Offer { kind, accept } => self.offer(ctx, id, kind, Some(accept)).await,
            Choice::Switch => self.switch_sides(ctx, id).await,
            // Front ends with a move form open it themselves; elsewhere the button means nothing.
            Choice::TypeMove | Choice::Pick | Choice::Seek => {
                Err(TableError::Refused(Refusal::StaleButton))
            }
        }
    }
}
