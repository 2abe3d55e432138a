//! The referee's state: [`Referee`] with its caches of running games, users, follows and
//! vacations, how it opens (every running game rebuilt from its log) and the small accessors
//! every operation uses.

use super::prelude::*;

/// The most positions whose advice is kept ([`Referee::hint`]); each entry is a few hundred bytes.
pub(super) const ADVICE_CACHED: usize = 10_000;

/// The referee for every game of every chat.
pub struct Referee {
    pub(super) store: Store,
    pub(super) clock: Arc<dyn Clock>,
    pub(super) seed_base: u64,
    pub(super) policies: StdMutex<HashMap<Platform, Policy>>,
    pub(super) tables: StdMutex<HashMap<GameId, Arc<Mutex<Table>>>>,
    pub(super) index: StdMutex<Index>,
    pub(super) users: StdMutex<HashMap<(Platform, UserId), UserRow>>,
    /// When each user last proved their private chat open (in this process): a refusal of a
    /// send that began before it is stale and must not close the chat again.
    pub(super) opened: StdMutex<HashMap<(Platform, UserId), tokio::time::Instant>>,
    /// Every follow (`/follow`), read at start and kept in step with the store.
    pub(super) follows: StdMutex<Vec<crate::store::Follow>>,
    /// Running vacations (`/vacation`), read at start and kept in step with the store.
    pub(super) vacations: StdMutex<HashMap<(Platform, UserId), Away>>,
    /// Vacation days each player may take per year ([`Referee::with_vacation_days`]).
    pub(super) vacation_days: i64,
    /// Link codes handed out, to draw each from a fresh number.
    pub(super) link_codes: std::sync::atomic::AtomicU64,
    /// Start links handed out for an `/accept` that needed the acceptor's private chat
    /// (platform, user, game): following one accepts as if typed in the game's chat, which a
    /// private chat otherwise does not reach for someone not yet seated. Memory only: after a
    /// restart the player accepts again in the group.
    pub(super) start_links: StdMutex<std::collections::HashSet<(Platform, UserId, GameId)>>,
    /// Accepts that waited for another seat's private chat (the creator's): the accepter as
    /// they accepted, by game. The creator following the start link completes it, as if the
    /// accepter had accepted again. Memory only, like `start_links`.
    pub(super) waiting_accepts: StdMutex<HashMap<(Platform, GameId), Ctx>>,
    /// Solver searches: one per core at once, round robin across requesters, one request in
    /// flight per user ([`solver::Solver`]).
    pub(super) solver: Arc<solver::Solver>,
    /// What ended games promised to say afterwards (Chaos Clock's analysis), under way in the
    /// background ([`super::followups`]).
    pub(super) followups: super::followups::Followups,
    /// The solver's advice by position: the game is deterministic, so a position asked about
    /// again (a second `/hint`, a hint after a takeback) is answered without a search.
    pub(super) advice: StdMutex<HashMap<String, AdviceResult>>,
    /// Whether messages that show a board carry its image.
    pub(super) images: bool,
    /// Open invitations allowed per user and per chat ([`Referee::with_invitation_limit`]).
    pub(super) invitation_limit: usize,
    /// Running games whose stored log does not replay (an engine change, a corrupt row): kept
    /// listed as "cannot be resumed" until an administrator aborts them.
    pub(super) broken: StdMutex<BTreeMap<GameId, GameRow>>,
    /// Broken games whose chat was told (or found told in the store): not looked up again.
    pub(super) broken_told: StdMutex<std::collections::HashSet<GameId>>,
    /// The last command each user was asked "Which game?" about, answered by a button per
    /// candidate ([`Choice::Pick`]). Memory only: after a restart the user types it again.
    pub(super) which: StdMutex<HashMap<(Platform, UserId), Command>>,
    /// Where the next read of the store's changes starts ([`Referee::sync`]); `None` on SQLite.
    pub(super) sync_mark: StdMutex<Option<i64>>,
    /// Games found older in memory than in the store (a write lost the race, or the feed named
    /// one busy here): read again by the next [`Referee::sync`].
    pub(super) stale: StdMutex<std::collections::HashSet<GameId>>,
    /// One sync at a time; how many began, and the number of the last one done.
    pub(super) sync_gate: tokio::sync::Mutex<()>,
    pub(super) sync_started: std::sync::atomic::AtomicU64,
    pub(super) sync_done: std::sync::atomic::AtomicU64,
    /// Games read from the store again because another instance wrote them, and games rebuilt
    /// from their log for that reason ([`Referee::work`]).
    pub(super) read_again: std::sync::atomic::AtomicU64,
    pub(super) replayed: std::sync::atomic::AtomicU64,
}

/// What one instance did to keep up with the others sharing its database ([`Referee::work`]):
/// the work issue 45 asks to see per instance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Work {
    /// Running games held in memory now.
    pub games_held: usize,
    /// Games read again from the store since the start because another instance wrote them
    /// (or a write here lost the race for them).
    pub games_read_again: u64,
    /// Of those, the games rebuilt by replaying their whole log.
    pub games_replayed: u64,
}

impl std::fmt::Debug for Referee {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Referee").field("games", &self.lock_index().len()).finish_non_exhaustive()
    }
}

impl Referee {
    /// A referee over `store`, reading time from `clock`; `seed_base` makes game seeds
    /// (transcripts fix it; the bot draws it at random). Every running game is rebuilt by
    /// replaying its action log.
    ///
    /// # Errors
    ///
    /// The store cannot be read.
    pub async fn open(
        store: Store,
        clock: Arc<dyn Clock>,
        seed_base: u64,
        policies: HashMap<Platform, Policy>,
    ) -> Result<Referee, TableError> {
        let referee = Referee {
            store,
            clock,
            seed_base,
            policies: StdMutex::new(policies),
            tables: StdMutex::new(HashMap::new()),
            index: StdMutex::new(Index::default()),
            users: StdMutex::new(HashMap::new()),
            opened: StdMutex::new(HashMap::new()),
            follows: StdMutex::new(Vec::new()),
            vacations: StdMutex::new(HashMap::new()),
            vacation_days: i64::from(DEFAULT_VACATION_DAYS),
            link_codes: std::sync::atomic::AtomicU64::new(0),
            start_links: StdMutex::default(),
            waiting_accepts: StdMutex::default(),
            solver: Arc::new(solver::Solver::new(
                std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
            )),
            followups: super::followups::Followups::default(),
            advice: StdMutex::default(),
            images: true,
            invitation_limit: DEFAULT_INVITATION_LIMIT,
            broken: StdMutex::default(),
            broken_told: StdMutex::default(),
            which: StdMutex::default(),
            sync_mark: StdMutex::default(),
            stale: StdMutex::default(),
            sync_gate: tokio::sync::Mutex::new(()),
            sync_started: std::sync::atomic::AtomicU64::new(0),
            sync_done: std::sync::atomic::AtomicU64::new(0),
            read_again: std::sync::atomic::AtomicU64::new(0),
            replayed: std::sync::atomic::AtomicU64::new(0),
        };
        // Where other instances share the store, the changes are read from before what is
        // loaded now, so that nothing written meanwhile is missed.
        if referee.store.is_shared() {
            *referee.lock_mark() = Some(referee.store.changes(None).await?.mark);
        }
        for row in
            referee.store.games_with_status(&[GameStatus::Invited, GameStatus::Active]).await?
        {
            let id = row.id;
            match referee.load(row.clone()).await {
                Ok(table) => referee.install(table),
                // The store failed, not the game: the start fails (and is tried again) rather
                // than call a sound game unresumable.
                Err(TableError::Store(e)) => return Err(TableError::Store(e)),
                Err(e) => {
                    tracing::error!(
                        game = %id,
                        error = ?e,
                        "cannot rebuild game from its log: kept as 'cannot be resumed'"
                    );
                    referee.lock_broken().insert(id, row);
                }
            }
        }
        *referee.lock_follows() = referee.store.all_follows().await?;
        referee.load_vacations().await?;
        // Ratings are derived from the results: a stop between a game's end and its rating
        // left that game to rate now (in the order games ended, as always).
        match referee.store.catch_up_ratings().await {
            Ok(0) => {}
            Ok(n) => tracing::info!(games = n, "rated games whose rating a stop interrupted"),
            Err(e) => tracing::error!(error = ?e, "catching up on ratings failed"),
        }
        // An end's analysis that a stop or a crash cut short is made now (handed out by the
        // first ticks).
        referee.keep_promises().await;
        Ok(referee)
    }

    pub(super) fn lock_broken(&self) -> std::sync::MutexGuard<'_, BTreeMap<GameId, GameRow>> {
        self.broken.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// What the index would keep of a stored game that has no table (its log does not replay).
    pub(super) fn row_summary(row: &GameRow) -> Summary {
        Summary {
            platform: row.platform,
            chat: row.chat.clone(),
            seats: serde_json::from_str(&row.seats).unwrap_or_default(),
            creator: row.creator.clone(),
            status: row.status,
            to_act: None,
            deadline_at: None,
            community: row.community.clone(),
            parent_chat: row.parent_chat.clone(),
            kind: GameKind::from_code(&row.kind),
            secret_moves: GameKind::from_code(&row.kind)
                .is_some_and(|k| super::rules::of(k).has_hidden_information()),
            version: row.version,
        }
    }

    /// At most `limit` open invitations per user and per chat (default
    /// [`DEFAULT_INVITATION_LIMIT`]): a flood of `/new` cannot fill a chat or the store.
    #[must_use]
    pub fn with_invitation_limit(mut self, limit: usize) -> Referee {
        self.invitation_limit = limit;
        self
    }

    /// Vacation days each player may take per calendar year (default
    /// [`DEFAULT_VACATION_DAYS`]; `/vacation`).
    #[must_use]
    pub fn with_vacation_days(mut self, days: u32) -> Referee {
        self.vacation_days = i64::from(days);
        self
    }

    /// Without board images (the referee benchmark measures moves, not drawing).
    #[must_use]
    pub fn without_images(mut self) -> Referee {
        self.images = false;
        self
    }

    /// What this instance did to keep up with other instances on its database (see [`Work`]);
    /// all zero but the games held on SQLite.
    #[must_use]
    pub fn work(&self) -> Work {
        use std::sync::atomic::Ordering;
        Work {
            games_held: self.lock_index().games.len(),
            games_read_again: self.read_again.load(Ordering::Relaxed),
            games_replayed: self.replayed.load(Ordering::Relaxed),
        }
    }

    /// The store (for tools and tests).
    #[must_use]
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The command definitions, for registering commands on platforms.
    #[must_use]
    pub fn commands() -> &'static [command::CommandSpec] {
        command::COMMANDS
    }

    pub(super) fn lock_index(&self) -> std::sync::MutexGuard<'_, Index> {
        self.index.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    pub(super) fn lock_which(
        &self,
    ) -> std::sync::MutexGuard<'_, HashMap<(Platform, UserId), Command>> {
        self.which.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    pub(super) fn lock_tables(
        &self,
    ) -> std::sync::MutexGuard<'_, HashMap<GameId, Arc<Mutex<Table>>>> {
        self.tables.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    pub(super) fn lock_users(
        &self,
    ) -> std::sync::MutexGuard<'_, HashMap<(Platform, UserId), UserRow>> {
        self.users.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    pub(super) fn lock_follows(&self) -> std::sync::MutexGuard<'_, Vec<crate::store::Follow>> {
        self.follows.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Notes that `user` proved their private chat open just now.
    pub(super) fn opened_now(&self, platform: Platform, user: &UserId) {
        self.opened
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert((platform, user.clone()), tokio::time::Instant::now());
    }

    /// Rebuilds a game from its row and log.
    pub(super) async fn load(&self, row: GameRow) -> Result<Table, TableError> {
        if row.engine_version > ENGINE_VERSION {
            return Err(TableError::Internal(format!(
                "game {} was made by engine version {}, newer than this build's {ENGINE_VERSION}",
                row.id, row.engine_version
            )));
        }
        let kind = GameKind::from_code(&row.kind)
            .ok_or_else(|| TableError::Internal(format!("unknown game kind {}", row.kind)))?;
        let options = AnyOptions::parse(kind, &row.options)
            .map_err(|e| TableError::Internal(format!("stored options: {e}")))?;
        let seed = seed_of(row.seed);
        let mut game = match &row.position {
            Some(p) => AnyGame::from_position(&options, p, seed)
                .map_err(|e| TableError::Internal(format!("stored position: {e}")))?,
            None => AnyGame::new(&options, seed)
                .map_err(|e| TableError::Internal(format!("stored options: {e}")))?,
        };
        let actions = self.store.actions(row.id).await?;
        for a in &actions {
            let seat = Seat(u8::try_from(a.seat).unwrap_or(u8::MAX));
            let action = game.parse_action(seat, &a.notation).map_err(|e| {
                TableError::Internal(format!("replay #{} seq {}: {e}", row.id, a.seq))
            })?;
            game.play(seat, &action).map_err(|e| {
                TableError::Internal(format!("replay #{} seq {}: {e}", row.id, a.seq))
            })?;
        }
        let seats: Vec<Option<UserId>> = serde_json::from_str(&row.seats)
            .map_err(|e| TableError::Internal(format!("stored seats: {e}")))?;
        let time: TimeControl = serde_json::from_str(&row.clock)
            .map_err(|e| TableError::Internal(format!("stored clock: {e}")))?;
        let mut names = Vec::new();
        let locale = Lang::from_code(&row.locale).unwrap_or_default();
        for seat in &seats {
            names.push(match seat {
                Some(u) if is_bot(u) => voice::bot_name(locale, None),
                Some(u) => self
                    .user_row(row.platform, u)
                    .await?
                    .map_or_else(|| u.to_string(), |r| r.display_name),
                None => String::from("?"),
            });
        }
        let count = i64::try_from(actions.len()).unwrap_or(i64::MAX);
        // An action echoed for confirmation before a restart still waits, if the game has not
        // moved on since (a kept one of another turn is stale and stays unread).
        let mut pending = HashMap::new();
        if row.status == GameStatus::Active {
            for seat in 0..seats.len() {
                let Some(kept) = self.store.meta(&super::types::pending_key(row.id, seat)).await?
                else {
                    continue;
                };
                let Some((turn, notation)) = super::types::read_pending(&kept) else { continue };
                let who = Seat(u8::try_from(seat).unwrap_or(u8::MAX));
                if let (true, Ok(action)) = (turn == count, game.parse_action(who, notation)) {
                    pending.insert(seat, Pending { turn, action });
                }
            }
        }
        Ok(Table {
            row,
            game,
            seats,
            names,
            time,
            actions: count,
            pending,
            partial: HashMap::new(),
            last: actions
                .last()
                .and_then(|a| Some((usize::try_from(a.seat).ok()?, a.notation.clone()))),
        })
    }

    pub(super) fn summary(table: &Table) -> Summary {
        Summary {
            platform: table.row.platform,
            chat: table.row.chat.clone(),
            seats: table.seats.clone(),
            creator: table.row.creator.clone(),
            status: table.row.status,
            to_act: table.game.to_act().seat().map(Seat::index),
            deadline_at: table.row.deadline_at,
            community: table.row.community.clone(),
            parent_chat: table.row.parent_chat.clone(),
            kind: Some(table.game.kind()),
            secret_moves: games::has_hidden_information(&table.game),
            version: table.row.version,
        }
    }

    pub(super) fn install(&self, table: Table) {
        let id = table.row.id;
        let summary = Self::summary(&table);
        let running = summary.status.is_running();
        let mut index = self.lock_index();
        let mut tables = self.lock_tables();
        if running {
            index.insert(id, summary);
            tables.insert(id, Arc::new(Mutex::new(table)));
        } else {
            index.remove(id);
            tables.remove(&id);
        }
    }

    pub(super) fn refresh(&self, table: &Table) {
        let summary = Self::summary(table);
        let id = table.row.id;
        if summary.status.is_running() {
            self.lock_index().insert(id, summary);
        } else {
            self.lock_index().remove(id);
            self.lock_tables().remove(&id);
        }
    }

    pub(super) async fn user_row(
        &self,
        platform: Platform,
        user: &UserId,
    ) -> Result<Option<UserRow>, TableError> {
        // A seat of a game hosted on the other chat platform names its own platform.
        let (platform, user) = user.on(platform);
        let user = &user;
        let key = (platform, user.clone());
        if let Some(row) = self.lock_users().get(&key) {
            return Ok(Some(row.clone()));
        }
        let row = self.store.user(platform, user).await?;
        if let Some(r) = &row {
            self.lock_users().insert(key, r.clone());
        }
        Ok(row)
    }

    pub(super) fn cache_user(&self, row: UserRow) {
        self.lock_users().insert((row.platform, row.user_id.clone()), row);
    }

    /// The language to write to `user` in: their choice, else what their client last told
    /// (stored, so it survives a restart), else the platform's default.
    pub(super) async fn lang_of(&self, platform: Platform, user: &UserId) -> Lang {
        let (platform, user) = user.on(platform);
        let user = &user;
        let row = self.user_row(platform, user).await.ok().flatten();
        row.and_then(|row| {
            let chosen = row.locale.as_deref().and_then(Lang::from_code);
            chosen.or_else(|| row.client_locale.as_deref().and_then(Lang::from_code))
        })
        .or(self.policy(platform).default_lang)
        .unwrap_or_default()
    }

    /// The language of the public messages of games opened where `ctx` was typed: what the
    /// chat's administrators chose (`/settings chat-language=`), else what the platform says
    /// its community asks for (a Discord server's preferred locale), else the asker's own.
    pub(super) async fn chat_lang(&self, ctx: &Ctx) -> Result<Lang, TableError> {
        let Chat::Group(chat) = &ctx.chat else {
            return Ok(ctx.lang);
        };
        let chosen = self.store.chat_locale(ctx.platform, chat).await?;
        Ok(chosen
            .as_deref()
            .and_then(Lang::from_code)
            .or_else(|| ctx.scope.community_locale.as_deref().and_then(Lang::from_code))
            .unwrap_or(ctx.lang))
    }

    pub(super) fn policy(&self, platform: Platform) -> Policy {
        let policies = self.policies.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        policies.get(&platform).cloned().unwrap_or_default()
    }

    /// Records the name others see for a user the platform told about without their writing
    /// (Discord: a member chosen as an opponent), so that announcements name them.
    ///
    /// # Errors
    ///
    /// The store fails.
    pub async fn learn_user(
        &self,
        platform: Platform,
        user: &UserId,
        name: &str,
    ) -> Result<(), TableError> {
        let known = self.lock_users().get(&(platform, user.clone())).cloned();
        if known.is_some_and(|row| row.display_name == name) {
            return Ok(());
        }
        let row = self.store.upsert_user(platform, user, name).await?;
        self.cache_user(row);
        Ok(())
    }

    /// Replaces what `platform` allows; a front end calls this when it learns something only
    /// after connecting (Telegram's bot name, for the start link).
    pub fn set_policy(&self, platform: Platform, policy: Policy) {
        let mut policies = self.policies.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        policies.insert(platform, policy);
    }

    pub(super) fn table(&self, id: GameId) -> Result<Arc<Mutex<Table>>, TableError> {
        self.lock_tables().get(&id).cloned().ok_or(TableError::Refused(Refusal::NoSuchGame(id)))
    }

    pub(super) fn seed_for(&self, n: u64) -> u64 {
        mix(self.seed_base ^ mix(n))
    }

    /// The seed of the next game created here: the running count of games, stored, mixed
    /// into the referee's seed.
    pub(super) async fn next_seed(&self) -> Result<u64, TableError> {
        let counter = self
            .store
            .meta("games_created")
            .await?
            .and_then(|v| v.parse::<u64>().ok())
            .unwrap_or(0)
            + 1;
        self.store.set_meta("games_created", &counter.to_string()).await?;
        Ok(self.seed_for(counter))
    }

    pub(super) fn lock_advice(&self) -> std::sync::MutexGuard<'_, HashMap<String, AdviceResult>> {
        self.advice.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}
