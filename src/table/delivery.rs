//! Delivery: saving before announcing, the outbox rows of what is announced, and what the
//! platforms report back (a private chat opened or closed, a chat migrated, a send refused).

use super::prelude::*;
use super::referee::Referee;

impl Referee {
    /// An administrator's abort said in the game's chat and, when they acted from another chat
    /// of the community, there too.
    pub(super) fn told_here_too(ctx: &Ctx, told: Outbound) -> Vec<Outbound> {
        let here = ctx.here();
        if here == told.to {
            return vec![told];
        }
        let copy = Outbound { to: here, ..told.clone() };
        vec![told, copy]
    }

    /// The messages of `out` whose platform delivers from the outbox and that are not there
    /// yet, as outbox rows about `game`, with their places in `out`.
    pub(super) fn outbox_rows(
        &self,
        out: &[Outbound],
        game: Option<GameId>,
    ) -> (Vec<usize>, Vec<NewMessage>) {
        let now_ms = self.clock.now().saturating_mul(1000);
        let mut durable: HashMap<&str, bool> = HashMap::new();
        let mut places = Vec::new();
        let mut rows = Vec::new();
        for (i, m) in out.iter().enumerate() {
            let kept = *durable
                .entry(m.platform.as_str())
                .or_insert_with(|| self.policy(m.platform).outbox);
            if kept && m.outbox.is_none() {
                places.push(i);
                rows.push(m.to_stored(game, now_ms));
            }
        }
        (places, rows)
    }

    /// Marks `out` as announcing the change `stamp`.
    pub(super) fn stamp(out: &mut [Outbound], stamp: reply::Stamp) {
        for m in out {
            m.stamp = Some(stamp);
        }
    }

    /// Gives the messages at `places` their outbox ids.
    pub(super) fn number(out: &mut [Outbound], places: &[usize], ids: Vec<i64>) {
        for (place, id) in places.iter().zip(ids) {
            if let Some(m) = out.get_mut(*place) {
                m.outbox = Some(id);
            }
        }
    }

    /// Saves a change of `t`'s game together with `out`, the messages that announce it (one
    /// transaction: either both are kept or neither), and only then makes `t` the table
    /// `next`, which the messages were worded from. `next.row` is the row as it will read once
    /// saved ([`GameRow::after`]).
    pub(super) async fn save(
        &self,
        t: &mut Table,
        mut next: Table,
        write: GameWrite,
        update: &GameUpdate,
        mut out: Vec<Outbound>,
    ) -> Reply {
        let stamp = reply::Stamp {
            game: next.row.id,
            version: next.row.version,
            turn: next.actions,
            settled: next.row.status != t.row.status,
            offer_closed: t.row.offer.is_some() && next.row.offer.is_none(),
        };
        // The bot's seat is told nothing: it reads its own view from the engine (Dark Fence's
        // bot is handed that view alone, see `crate::bots::choose`), and it has no chat.
        out.retain(|m| !matches!(&m.to, Dest::User(u) if is_bot(u)));
        Self::stamp(&mut out, stamp);
        self.copy_to_followers(&next, &mut out);
        super::seeks::privatize(&next.row.chat, &next.seats, &mut out);
        let (places, rows) = self.outbox_rows(&out, Some(t.row.id));
        let written = self.store.write_game(t.row.id, t.row.version, write, update, rows).await;
        if matches!(written, Err(crate::store::DbError::Conflict { .. })) {
            // Another instance moved it first: read again at the next sync.
            self.mark_stale(t.row.id);
        }
        let (row, ids) = written?;
        // The store numbers a game's end among all ends (`ended_seq`), which no announcement
        // reads: everything else was worded from the row as saved.
        debug_assert_eq!(
            GameRow { ended_seq: None, ..row.clone() },
            GameRow { ended_seq: None, ..next.row.clone() },
            "the announcement was worded from another row"
        );
        next.row = row;
        *t = next;
        self.refresh(t);
        Self::number(&mut out, &places, ids);
        Ok(out)
    }

    /// Sends what is said to a private table ([`super::seeks::privatize`]) to its players, for
    /// messages worded away from the game's table (by the index's seats).
    pub(super) fn privatize_known(&self, out: &mut Vec<Outbound>) {
        let tables: Vec<(ChatId, Vec<Option<UserId>>)> = {
            let index = self.lock_index();
            let mut tables = Vec::new();
            for m in out.iter_mut() {
                let Dest::Chat(chat) = &m.to else { continue };
                if !super::seeks::is_pool_chat(chat) {
                    continue;
                }
                // A private table's name is unique whatever the platform (its seek's number);
                // a message worded for a player of the other chat platform (their vacation's
                // end) is the host's to say.
                let found = Platform::ALL.into_iter().find_map(|p| {
                    let ids = index.by_chat.get(&(p, chat.clone()))?;
                    ids.iter().find_map(|id| index.games.get(id))
                });
                if let Some(s) = found {
                    m.platform = s.platform;
                    tables.push((chat.clone(), s.seats.clone()));
                }
            }
            tables
        };
        for (chat, seats) in tables {
            super::seeks::privatize(&chat, &seats, out);
        }
        super::seeks::cross_platforms(out);
    }

    /// Puts messages that follow a saved change (the Chaos Clock analysis, a group told about a
    /// missed private message) in the outbox. If the store fails they are still returned, to be
    /// sent at once without being kept.
    pub(super) async fn enqueue(
        &self,
        mut out: Vec<Outbound>,
        game: Option<GameId>,
    ) -> Vec<Outbound> {
        self.privatize_known(&mut out);
        let (places, rows) = self.outbox_rows(&out, game);
        if rows.is_empty() {
            return out;
        }
        match self.store.enqueue(rows).await {
            Ok(ids) => Self::number(&mut out, &places, ids),
            Err(e) => tracing::error!(error = ?e, "the outbox cannot be written; sending unkept"),
        }
        out
    }

    /// The note for a player whose secret move, typed in the group chat `chat`, stays there
    /// because the bot may not delete messages: please delete it, and here is the private chat
    /// (the platform's link as a button, where it has one). In the player's language.
    pub async fn secret_kept(&self, platform: Platform, user: &UserId, chat: &ChatId) -> Outbound {
        let lang = self.lang_of(platform, user).await;
        let link = self.policy(platform).start_link;
        Outbound {
            platform,
            to: Dest::Chat(chat.clone()),
            text: Notice::SecretKept { link }.text(lang),
            image: None,
            buttons: Vec::new(),
            outbox: None,
            stamp: None,
        }
    }

    /// The note to a chat whose `count` messages could not be delivered within the age limit
    /// (`age`) and were dropped, in the language of the chat's games.
    #[must_use]
    pub fn undelivered_note(
        &self,
        platform: Platform,
        chat: &ChatId,
        count: usize,
        age: std::time::Duration,
    ) -> Outbound {
        let newest = {
            let index = self.lock_index();
            index.by_chat.get(&(platform, chat.clone())).and_then(|ids| ids.last().copied())
        };
        let lang = newest
            .and_then(|id| self.lock_tables().get(&id).cloned())
            .and_then(|cell| cell.try_lock().ok().map(|t| public_lang(&t)));
        let lang = lang.or(self.policy(platform).default_lang).unwrap_or_default();
        let count = i64::try_from(count).unwrap_or(i64::MAX);
        let age_seconds = i64::try_from(age.as_secs()).unwrap_or(i64::MAX);
        Outbound {
            platform,
            to: Dest::Chat(chat.clone()),
            text: Notice::UndeliveredDropped { count, age_seconds }.text(lang),
            image: None,
            buttons: Vec::new(),
            outbox: None,
            stamp: None,
        }
    }

    /// `user`, just met under the handle `handle` (Telegram's username, lower case, without
    /// `@`), takes the seats reserved for that handle in open invitations: an invitation to
    /// someone the bot had not met waits for them, and nobody else may accept it. Returns how
    /// many invitations now name them.
    ///
    /// # Errors
    ///
    /// The store failed.
    pub async fn claim_handle(
        &self,
        platform: Platform,
        handle: &str,
        user: &UserId,
        name: &str,
    ) -> Result<usize, TableError> {
        self.sync().await;
        let reserved = UserId::new(format!("@{}", handle.to_lowercase()));
        let ids: Vec<GameId> = {
            let index = self.lock_index();
            index.by_user.get(&(platform, reserved.clone())).cloned().unwrap_or_default()
        };
        let mut claimed = 0;
        for id in ids {
            let Ok(cell) = self.table(id) else { continue };
            let mut t = cell.lock().await;
            let Some(seat) = t.seat_of(platform, &reserved) else { continue };
            if t.row.status != GameStatus::Invited {
                continue;
            }
            let mut next = t.clone();
            next.seats[seat] = Some(user.clone());
            next.names[seat] = name.to_string();
            let mut update = t.row.update(self.clock.now());
            update.seats = serde_json::to_string(&next.seats).unwrap_or_default();
            next.row = t.row.after(&update);
            self.save(&mut t, next, GameWrite::Update, &update, Vec::new()).await?;
            claimed += 1;
        }
        Ok(claimed)
    }

    /// A group chat was given a new id: Telegram's `migrate_to_chat_id`, when a group becomes a
    /// supergroup (its old id then refuses every message). Every game of the chat moves to `to`,
    /// in the store (with the messages still waiting for it) and in memory, so later posts go
    /// there and commands typed there find the games. Idempotent: a second notice of the same
    /// move finds nothing left to move. Returns how many games moved.
    ///
    /// # Errors
    ///
    /// The store failed (then nothing moved).
    pub async fn chat_migrated(
        &self,
        platform: Platform,
        from: &str,
        to: &str,
    ) -> Result<u64, TableError> {
        self.sync().await;
        if from == to {
            return Ok(0);
        }
        let moved = self.store.move_chat(platform, from, to).await?;
        let moves = |row: &mut GameRow| {
            row.chat.id = to.to_string();
            for field in [&mut row.community, &mut row.parent_chat] {
                if field.as_deref() == Some(from) {
                    *field = Some(to.to_string());
                }
            }
        };
        for row in self.lock_broken().values_mut() {
            if row.platform == platform && row.chat.id == from {
                moves(row);
            }
        }
        let ids: Vec<GameId> = {
            let index = self.lock_index();
            let here = |s: &Summary| s.platform == platform && s.chat.id == from;
            index.games.iter().filter(|(_, s)| here(s)).map(|(id, _)| *id).collect()
        };
        for id in ids {
            let Ok(cell) = self.table(id) else { continue };
            let mut t = cell.lock().await;
            if t.row.chat.id == from {
                moves(&mut t.row);
                self.refresh(&t);
            }
        }
        if moved > 0 {
            tracing::info!(%platform, from, to, games = moved, "a group chat moved to a new id");
        }
        Ok(moved)
    }

    /// Records that `user` wrote to the bot in their private chat itself (a Discord direct
    /// message, as opposed to an ephemeral reply, which proves nothing about it): the chat is
    /// open, so private prompts reach them again and their turns are no longer pinged in the
    /// game's chat for want of it.
    ///
    /// # Errors
    ///
    /// The store failed.
    pub async fn private_chat_open(
        &self,
        platform: Platform,
        user: &UserId,
    ) -> Result<(), TableError> {
        self.sync().await;
        let known = self.user_row(platform, user).await?;
        if known.is_none() {
            return Ok(());
        }
        self.opened_now(platform, user);
        if known.is_some_and(|r| r.reachable == Some(true)) {
            return Ok(());
        }
        self.store.set_reachable(platform, user, Some(true)).await?;
        if let Some(row) = self.lock_users().get_mut(&(platform, user.clone())) {
            row.reachable = Some(true);
        }
        Ok(())
    }

    /// Marks a user unreachable privately after a platform refused a delivery (Telegram 403,
    /// Discord 50007), so the next game asks them to open the private chat first. Returns what
    /// to tell the channel of each running game the user plays: they missed a private message,
    /// and how to get it back (the platform's start link, with the token `view-<game id>`).
    /// Only the first failure after the user was reachable is told, so repeated failures do
    /// not flood the channel. A refusal of a send that began (`since`) before the user's latest
    /// proof of an open chat is stale (the user opened the chat while it was in flight) and
    /// changes nothing.
    ///
    /// # Errors
    ///
    /// The store failed.
    pub async fn delivery_failed(
        &self,
        platform: Platform,
        user: &UserId,
        since: tokio::time::Instant,
    ) -> Result<Vec<Outbound>, TableError> {
        self.sync().await;
        let opened = self
            .opened
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(&(platform, user.clone()))
            .copied();
        if opened.is_some_and(|at| at > since) {
            tracing::info!(%platform, %user, "a refusal older than the chat's opening is ignored");
            return Ok(Vec::new());
        }
        if self.user_row(platform, user).await?.is_none() {
            // Someone invited before ever writing to the bot (Telegram: never pressed Start).
            let row = self.store.upsert_user(platform, user, user.as_str()).await?;
            self.cache_user(row);
        }
        // Read and set in one statement: two sends refused at once (a view and a prompt, or
        // on two instances) must not both tell the channel.
        let changed = self.store.change_reachable(platform, user, false).await?;
        if let Some(row) = self.lock_users().get_mut(&(platform, user.clone())) {
            row.reachable = Some(false);
        }
        if !changed {
            return Ok(Vec::new());
        }
        let mut ids: Vec<GameId> = {
            let index = self.lock_index();
            index
                .by_user
                .get(&(platform, user.clone()))
                .into_iter()
                .flatten()
                .filter(|id| {
                    // An invitation's private copy may be the first to fail.
                    index.games.get(id).is_some_and(|s| {
                        matches!(s.status, GameStatus::Active | GameStatus::Invited)
                            && s.has_player(platform, user)
                    })
                })
                .copied()
                .collect()
        };
        ids.sort_unstable();
        let link = self.policy(platform).start_link;
        // The notice pings the player (unless they turned pings off): with their private chat
        // closed, a mention in the game's chat is the one way left to reach them. Where it is
        // their turn, the notice says so too: the turn's announcement went out before the
        // refusal of its private prompt came back, so it could not ping them (issue 42).
        let pings = self.user_row(platform, user).await?.map(|r| r.pings).unwrap_or_default();
        let mut out = Vec::new();
        for id in ids {
            let Ok(cell) = self.table(id) else { continue };
            let t = cell.lock().await;
            let Some(seat) = t.seat_of(platform, user) else { continue };
            let name = t.names.get(seat).cloned().unwrap_or_default();
            // As the game's seats write them: the game may be hosted on the other platform.
            let seated = UserId::seated_on(t.row.platform, platform, user);
            let who = if pings == Pings::Off {
                reply::mention(seated.as_str(), &name)
            } else {
                reply::ping(seated.as_str(), &name)
            };
            let reopen = link.clone().map_or(self.policy(platform).reopen, notice::Reopen::Link);
            let told = Notice::DmFailed { name, who: who.clone(), game: id, reopen };
            let here = Dest::Chat(t.row.chat.clone());
            let lang = public_lang(&t);
            let mut message = Self::tell(platform, here, lang, &told);
            let their_turn = t.row.status == GameStatus::Active
                && t.game.to_act().seat().map(Seat::index) == Some(seat);
            if their_turn && pings != Pings::Off {
                message.text.push('\n');
                message.text.push_str(&Notice::TurnPing { who, game: id }.text(lang));
            }
            out.push(message);
        }
        Ok(self.enqueue(out, None).await)
    }

    /// Whether the seat's user can be written to privately now.
    pub(super) async fn reachable(
        &self,
        platform: Platform,
        user: &UserId,
    ) -> Result<bool, TableError> {
        let (platform, user) = user.on(platform);
        let user = &user;
        let known = self.user_row(platform, user).await?.and_then(|r| r.reachable);
        Ok(match known {
            Some(r) => r,
            None => !self.policy(platform).dm_needs_start,
        })
    }
}
