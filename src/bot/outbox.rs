//! The sending side of the delivery outbox: one [`Outbox`] per chat platform takes the
//! referee's messages, keeps one queue per destination (a chat, or one user's private chat),
//! and sends each queue in order until every message is delivered.
//!
//! The referee saves the messages that announce a change in the store's outbox in the same
//! transaction as the change ([`crate::store::Store::write_game`]); they carry their outbox id,
//! and the row is deleted here once the platform took the message. After a crash the next start
//! sends what is left ([`Outbox::resume`]): a message sent just before the crash, but not yet
//! marked, is sent again (at least once, never zero times). Answers that changed nothing (a
//! `/board`, a refusal) carry no id: they ride the same queues, in order, and are kept in the
//! store only if a shutdown leaves them unsent.
//!
//! Faults ([`Fault`]):
//! - transient (a 5xx, a network error, a send that hangs past the send timeout, a 429): the
//!   same piece is tried again after the pause the platform asks for, however long, or else 1 s
//!   doubling up to 60 s, for as long as the message is younger than the age limit (default
//!   24 h); past it the message is dropped with a warning and the chat is told;
//! - a private chat that refuses the bot: the platform's rule (the referee marks the user
//!   unreachable and tells the game's group once); each message it refuses is dropped;
//! - anything else permanent (the chat is gone, the request is refused): logged and dropped.
//!
//! Each destination has its own worker task, so a chat that waits never holds up another.
//!
//! Several instances sharing a PostgreSQL database (docs/scale.md) share its outbox: each
//! message belongs to the instance that wrote it, under a lease it renews while it lives
//! ([`Ledger::renew`]). Every few seconds ([`Settings::sweep`]) an instance takes over the
//! messages whose lease ran out (their instance died) or that belong to none (a stop released
//! them), oldest first, so nothing stays stuck. A message is sent only once no older message
//! to the same destination waits with another instance ([`Ledger::waits_elsewhere`]): each
//! chat reads them in the order they were written, whichever instance wrote them.

use std::collections::{HashMap, HashSet, VecDeque};
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use crate::store::{ChatId, DbError, GameId, NewMessage, Store, StoredMessage, UserId};
use crate::table::payload::Choice;
use crate::table::reply::{Dest, Outbound, Stamp, is_momentary};

/// A boxed future that can cross threads (what [`Platform`]'s methods return).
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Why a piece was not delivered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// Worth trying again: a 5xx, a network error, a send that hung, a 429.
    Transient {
        /// The pause the platform asked for (a 429's `retry_after`), if it said.
        retry_after: Option<Duration>,
        /// For the log.
        detail: String,
    },
    /// The user's private chat refuses the bot (Telegram 403, Discord 50007).
    Closed,
    /// It will never work (the chat is gone, the request is refused): dropped.
    Permanent(String),
}

/// What one queued message is known by, the same at every retry: its outbox row (whose id a
/// restart reads back unchanged), or, for an answer that is not kept, a number this process
/// gave it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Key {
    /// A kept message: its outbox id.
    Row(i64),
    /// An answer not kept: a number drawn once per process and the entry's serial number.
    Answer {
        /// Drawn once per process.
        process: u64,
        /// Counts the answers this process queued.
        serial: u64,
    },
}

impl Key {
    /// The key of `message` as it is queued now.
    fn of(message: &Outbound) -> Key {
        static SERIAL: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        static PROCESS: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
        match message.outbox {
            Some(id) => Key::Row(id),
            None => Key::Answer {
                process: *PROCESS.get_or_init(|| {
                    use std::hash::{BuildHasher, Hasher};
                    std::collections::hash_map::RandomState::new().build_hasher().finish()
                }),
                serial: SERIAL.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            },
        }
    }

    /// A token for piece `piece` (whose text is `text`) of the message: 24 hexadecimal digits
    /// of a SHA-256 of the key, the piece's number and its text. The same piece of the same
    /// message gets the same token at every retry and after a restart; any other piece or
    /// message another (a new database numbers its rows from 1 again, but not with the same
    /// texts). 24 characters fit Discord's 25 for a `nonce`.
    #[must_use]
    pub fn token(&self, piece: usize, text: &str) -> String {
        use sha2::Digest;
        use std::fmt::Write;
        let key = match self {
            Key::Row(id) => format!("row:{id}"),
            Key::Answer { process, serial } => format!("answer:{process:x}:{serial}"),
        };
        let mut hash = sha2::Sha256::new();
        hash.update(format!("arbiter-outbox:{key}:{piece}:").as_bytes());
        hash.update(text.as_bytes());
        hash.finalize().iter().take(12).fold(String::with_capacity(24), |mut out, b| {
            let _ = write!(out, "{b:02x}");
            out
        })
    }
}

/// What a chat platform's front end does for its [`Outbox`].
pub trait Platform: Send + Sync + 'static {
    /// One API call's worth of message (a text, a photo with its caption).
    type Piece: Send + Sync + 'static;

    /// Which platform it is, as in [`Outbound::platform`].
    fn name(&self) -> crate::store::Platform;

    /// Joins `next` into `last` when both go out as one platform message (Telegram joins
    /// short plain texts to the same chat); false when they stay apart.
    fn merge(&self, last: &mut Outbound, next: &Outbound) -> bool {
        let _ = (last, next);
        false
    }

    /// The pieces one message is sent as, in order. `key` is what the message is known by
    /// across its retries (and, once kept, across restarts): a platform that can tell a post
    /// made twice from two posts (Discord's `nonce`) derives its token from it
    /// ([`Key::token`]).
    fn plan(&self, message: Outbound, key: Key) -> Vec<Self::Piece>;

    /// Whether sends to `to` keep to [`Settings::chat_limit`] (Telegram's groups: about twenty
    /// messages a minute, past which it answers 429 and, repeated, mutes the bot for longer).
    fn paced(&self, to: &Dest) -> bool {
        let _ = to;
        false
    }

    /// What the platform needs to take the buttons off a message it sent ([`Platform::retire`]).
    type Sent: Send + Sync + 'static;

    /// Sends one piece, once (the outbox does the retrying). Returns the sent message's handle
    /// when the piece carries buttons of one moment of a game ([`crate::table::reply::is_momentary`]),
    /// for taking them off once they go stale.
    fn send<'a>(
        &'a self,
        to: &'a Dest,
        piece: &'a Self::Piece,
    ) -> BoxFuture<'a, Result<Option<Self::Sent>, Fault>>;

    /// Takes the momentary buttons off a message sent earlier, keeping the others ("My view"):
    /// a later change of its game made them stale. Best effort: a failure is logged, and a
    /// press on a button left behind is still refused by the referee as stale.
    fn retire<'a>(&'a self, sent: &'a Self::Sent) -> BoxFuture<'a, ()> {
        let _ = sent;
        Box::pin(async {})
    }

    /// `user`'s private chat refused the bot, on a send that began at `since`: what to tell
    /// instead (the referee's [`crate::table::Referee::delivery_failed`], which disregards a
    /// refusal older than the user's latest proof of an open chat), to be sent like any
    /// message.
    fn closed<'a>(
        &'a self,
        user: &'a UserId,
        since: tokio::time::Instant,
    ) -> BoxFuture<'a, Vec<Outbound>>;

    /// The note to a chat whose messages were dropped after the age limit, if the platform
    /// words one.
    fn dropped_note(&self, chat: &ChatId, count: usize, age: Duration) -> Option<Outbound> {
        let _ = (chat, count, age);
        None
    }
}

/// Where an [`Outbox`] keeps messages until delivered: the store's outbox table (a map in
/// memory in the unit tests, whose paused clock does not mix with the database's timeouts).
pub trait Ledger: Send + Sync + 'static {
    /// The messages of `platform` still kept, oldest first.
    fn pending<'a>(
        &'a self,
        platform: crate::store::Platform,
    ) -> BoxFuture<'a, Result<Vec<StoredMessage>, DbError>>;
    /// Forgets delivered (or dropped) messages.
    fn delete<'a>(&'a self, ids: &'a [i64]) -> BoxFuture<'a, Result<(), DbError>>;
    /// Keeps messages (answers a shutdown left unsent); returns their ids.
    fn keep(&self, messages: Vec<NewMessage>) -> BoxFuture<'_, Result<Vec<i64>, DbError>>;
    /// Whether other instances share this outbox (then [`Ledger::pending`] returns only the
    /// messages no live instance is sending, and claims them).
    fn shared(&self) -> bool {
        false
    }
    /// Extends the lease on this instance's messages.
    fn renew(&self) -> BoxFuture<'_, Result<(), DbError>> {
        Box::pin(async { Ok(()) })
    }
    /// Gives this instance's messages up for others to take over (at a stop).
    fn release(&self) -> BoxFuture<'_, Result<(), DbError>> {
        Box::pin(async { Ok(()) })
    }
    /// Whether a message to `to` older than `id` waits with another instance or with none.
    fn waits_elsewhere<'a>(
        &'a self,
        platform: crate::store::Platform,
        to: &'a Dest,
        id: i64,
    ) -> BoxFuture<'a, Result<bool, DbError>> {
        let _ = (platform, to, id);
        Box::pin(async { Ok(false) })
    }
}

impl Ledger for Store {
    fn pending<'a>(
        &'a self,
        platform: crate::store::Platform,
    ) -> BoxFuture<'a, Result<Vec<StoredMessage>, DbError>> {
        Box::pin(self.take_over_messages(platform))
    }

    fn delete<'a>(&'a self, ids: &'a [i64]) -> BoxFuture<'a, Result<(), DbError>> {
        Box::pin(self.delete_messages(ids))
    }

    fn keep(&self, messages: Vec<NewMessage>) -> BoxFuture<'_, Result<Vec<i64>, DbError>> {
        Box::pin(self.enqueue(messages))
    }

    fn shared(&self) -> bool {
        self.is_shared()
    }

    fn renew(&self) -> BoxFuture<'_, Result<(), DbError>> {
        Box::pin(async { self.renew_leases().await.map(drop) })
    }

    fn release(&self) -> BoxFuture<'_, Result<(), DbError>> {
        Box::pin(async { self.release_messages().await.map(drop) })
    }

    fn waits_elsewhere<'a>(
        &'a self,
        platform: crate::store::Platform,
        to: &'a Dest,
        id: i64,
    ) -> BoxFuture<'a, Result<bool, DbError>> {
        Box::pin(async move { self.sent_before_elsewhere(platform, &to.to_string(), id).await })
    }
}

/// How patient an [`Outbox`] is (the `[delivery]` section of the configuration).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// A message not delivered within this age is dropped (default 24 h).
    pub max_age: Duration,
    /// A send that has not answered within this is abandoned and tried again (default 30 s).
    pub send_timeout: Duration,
    /// The first pause after a transient fault that named none (then doubled).
    pub first_retry: Duration,
    /// The longest such pause.
    pub max_retry: Duration,
    /// At shutdown, how long to keep sending before the rest is left for the next start
    /// (default 10 s).
    pub grace: Duration,
    /// At most this many sends in any such span to one paced chat ([`Platform::paced`]):
    /// default 20 a minute, Telegram's limit for a group. A send that would go past it waits.
    pub chat_limit: (usize, Duration),
    /// With a shared outbox ([`Ledger::shared`]), how often to look for messages left by an
    /// instance that died or stopped (default 5 s).
    pub sweep: Duration,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            max_age: Duration::from_secs(24 * 3600),
            send_timeout: Duration::from_secs(30),
            first_retry: Duration::from_secs(1),
            max_retry: Duration::from_secs(60),
            grace: Duration::from_secs(10),
            chat_limit: (20, Duration::from_secs(60)),
            sweep: Duration::from_secs(5),
        }
    }
}

/// One queued message: the message (with its outbox id when kept) and when it was promised.
#[derive(Debug, Clone)]
struct Entry {
    message: Outbound,
    /// Unix milliseconds.
    created_ms: i64,
    /// Its age when it was queued, and when that was: its age now is the sum of that and the
    /// time since (measured on tokio's clock, which tests can pause and advance).
    age_when_queued: Duration,
    queued: tokio::time::Instant,
    /// Which push it came with: only messages of one answer are joined ([`Platform::merge`]),
    /// so what a chat reads does not depend on how fast the platform answers.
    answer: u64,
    /// What it is known by at every retry.
    key: Key,
}

impl Entry {
    fn new(message: Outbound, created_ms: i64, answer: u64) -> Entry {
        let age = u64::try_from(now_ms().saturating_sub(created_ms)).unwrap_or(0);
        Entry {
            key: Key::of(&message),
            message,
            created_ms,
            age_when_queued: Duration::from_millis(age),
            queued: tokio::time::Instant::now(),
            answer,
        }
    }

    fn age(&self) -> Duration {
        self.age_when_queued + self.queued.elapsed()
    }
}

#[derive(Default)]
struct State {
    queues: HashMap<Dest, VecDeque<Entry>>,
    /// Destinations with a worker running.
    busy: HashSet<Dest>,
    workers: Vec<tokio::task::AbortHandle>,
    /// The task renewing leases and taking over left messages (shared outboxes only).
    keeper: Option<tokio::task::AbortHandle>,
    stopping: bool,
    /// Rows delivered (or dropped) whose delete is under way: their messages are off the
    /// queues, but the outbox is not idle until the store has forgotten them, and a stop that
    /// cuts a delete short finishes it ([`Outbox::stop`]).
    deleting: Vec<i64>,
    /// Rows delivered whose delete failed: tried again with the next delete, and at a stop.
    undeleted: Vec<i64>,
    /// Rows this outbox read from the store ([`Outbox::resume`], take-overs): a push of the
    /// same row is the same message, already queued (or sent). At a start the referee may hand
    /// out a message it kept just before the outbox read the store (what an end promised,
    /// made again at the start), which would otherwise go twice. Few: only what a stop or a
    /// crash left.
    taken: HashSet<i64>,
}

struct Inner<P: Platform> {
    platform: P,
    store: Arc<dyn Ledger>,
    settings: Settings,
    state: Mutex<State>,
    idle: tokio::sync::Notify,
    /// Numbers the pushes.
    answers: std::sync::atomic::AtomicU64,
    /// When the latest sends to each paced chat went out, oldest first (at most
    /// `chat_limit.0` each).
    sent_at: Mutex<HashMap<Dest, VecDeque<tokio::time::Instant>>>,
    /// Per game: the latest change delivered, and the messages still showing its buttons.
    shown: Mutex<HashMap<GameId, Shown<P::Sent>>>,
}

/// What the chats show of one game: the latest change delivered anywhere (every destination
/// together: a change makes buttons stale wherever they are), and the messages whose
/// momentary buttons are still live.
struct Shown<S> {
    /// The latest change's version and turn.
    version: i64,
    turn: i64,
    /// The latest versions that settled the game and that closed an offer.
    settled_at: i64,
    offer_closed_at: i64,
    live: Vec<Live<S>>,
}

impl<S> Default for Shown<S> {
    fn default() -> Self {
        Shown {
            version: i64::MIN,
            turn: 0,
            settled_at: i64::MIN,
            offer_closed_at: i64::MIN,
            live: Vec::new(),
        }
    }
}

/// A delivered message with momentary buttons.
struct Live<S> {
    /// The version it was worded at: its change's, or, for a message announcing none (an
    /// echo, a question), the latest delivered when it was.
    base: i64,
    /// The turn its buttons were offered at.
    turn: i64,
    /// Whether they answer an offer.
    offer: bool,
    sent: S,
}

impl<S> Shown<S> {
    /// Whether `live`'s buttons are stale after what was delivered since: a later change at
    /// another turn, one that settled the game, or for an offer's buttons one that closed it
    /// (as the referee judges a press).
    fn stale(&self, live: &Live<S>) -> bool {
        self.version > live.base
            && (live.turn != self.turn
                || live.base < self.settled_at
                || (live.offer && live.base < self.offer_closed_at))
    }
}

/// The deliverer of one platform (see the module documentation).
pub struct Outbox<P: Platform> {
    inner: Arc<Inner<P>>,
}

impl<P: Platform> Clone for Outbox<P> {
    fn clone(&self) -> Self {
        Outbox { inner: self.inner.clone() }
    }
}

impl<P: Platform> std::fmt::Debug for Outbox<P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Outbox").field("platform", &self.inner.platform.name()).finish()
    }
}

/// Now, in unix milliseconds (the age of queued messages is wall-clock time).
#[allow(clippy::disallowed_methods)] // the deliverer's own clock, like the referee's
fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

impl<P: Platform> Outbox<P> {
    /// An outbox for `platform` over `store`'s outbox table.
    #[must_use]
    pub fn new(platform: P, store: Store, settings: Settings) -> Outbox<P> {
        Outbox::with_ledger(platform, Arc::new(store), settings)
    }

    /// An outbox for `platform` that keeps its messages in `store`.
    #[must_use]
    pub fn with_ledger(platform: P, store: Arc<dyn Ledger>, settings: Settings) -> Outbox<P> {
        Outbox {
            inner: Arc::new(Inner {
                platform,
                store,
                settings,
                state: Mutex::new(State::default()),
                idle: tokio::sync::Notify::new(),
                answers: std::sync::atomic::AtomicU64::new(0),
                sent_at: Mutex::default(),
                shown: Mutex::default(),
            }),
        }
    }

    /// The platform this outbox sends through.
    #[must_use]
    pub fn platform(&self) -> &P {
        &self.inner.platform
    }

    /// Queues what the store's outbox still holds for this platform (left by a crash or a
    /// shutdown), oldest first: call it before anything new is pushed.
    ///
    /// # Errors
    ///
    /// The store cannot be read.
    pub async fn resume(&self) -> Result<usize, DbError> {
        let n = self.take_over().await?;
        if self.inner.store.shared() {
            let mut state = self.inner.state.lock().unwrap_or_else(PoisonError::into_inner);
            if state.keeper.is_none() && !state.stopping {
                let outbox = self.clone();
                state.keeper = Some(tokio::spawn(outbox.keep_shared()).abort_handle());
            }
        }
        Ok(n)
    }

    /// With a shared outbox, for as long as this instance runs: renews the lease on its
    /// messages, and takes over those left by others (see the module documentation).
    async fn keep_shared(self) {
        let renew_every = crate::store::LEASE / 3;
        let mut renewed = tokio::time::Instant::now();
        loop {
            tokio::time::sleep(self.inner.settings.sweep.min(renew_every)).await;
            if renewed.elapsed() >= renew_every {
                match self.inner.store.renew().await {
                    Ok(()) => renewed = tokio::time::Instant::now(),
                    Err(e) => tracing::error!(error = ?e, "renewing the outbox leases failed"),
                }
            }
            if let Err(e) = self.take_over().await {
                tracing::error!(error = ?e, "looking for messages left by other instances failed");
            }
        }
    }

    /// Queues the messages [`Ledger::pending`] hands this instance; how many.
    async fn take_over(&self) -> Result<usize, DbError> {
        let rows = self.inner.store.pending(self.inner.platform.name()).await?;
        let answer = self.next_answer();
        let mut entries = Vec::with_capacity(rows.len());
        let mut unreadable = Vec::new();
        for row in &rows {
            match Outbound::from_stored(row) {
                Some(message) => entries.push(Entry::new(message, row.message.created_at, answer)),
                None => {
                    tracing::error!(id = row.id, "an outbox row cannot be read; dropped");
                    unreadable.push(row.id);
                }
            }
        }
        if !unreadable.is_empty() {
            self.inner.store.delete(&unreadable).await?;
        }
        let n = entries.len();
        if n > 0 {
            tracing::info!(platform = %self.inner.platform.name(), n, "resuming deliveries");
        }
        {
            let mut state = self.inner.state.lock().unwrap_or_else(PoisonError::into_inner);
            state.taken.extend(entries.iter().filter_map(|e| e.message.outbox));
        }
        self.queue(entries);
        Ok(n)
    }

    /// Queues `messages` (this platform's), each behind what waits for its destination; a
    /// kept message this outbox already read from the store is not queued again.
    pub fn push(&self, messages: Vec<Outbound>) {
        let now = now_ms();
        let answer = self.next_answer();
        let messages: Vec<Outbound> = {
            let state = self.inner.state.lock().unwrap_or_else(PoisonError::into_inner);
            messages
                .into_iter()
                .filter(|m| !m.outbox.is_some_and(|id| state.taken.contains(&id)))
                .collect()
        };
        self.retire_stale(&messages);
        self.queue(messages.into_iter().map(|message| Entry::new(message, now, answer)).collect());
    }

    /// Takes off, at once, the momentary buttons that the changes `messages` announce make
    /// stale, without waiting for the announcements to be delivered: in a group at its message
    /// limit the announcement may wait a minute, and the old board's buttons must not stay
    /// pressable meanwhile (issue 42). Best effort, in the background, like every retirement.
    fn retire_stale(&self, messages: &[Outbound]) {
        let stale: Vec<P::Sent> = {
            let mut shown = self.inner.shown.lock().unwrap_or_else(PoisonError::into_inner);
            messages
                .iter()
                .filter_map(|m| m.stamp)
                .flat_map(|s| {
                    note_change(&mut shown, s);
                    stale_of(&mut shown, s.game)
                })
                .collect()
        };
        if stale.is_empty() {
            return;
        }
        let inner = self.inner.clone();
        tokio::spawn(async move {
            for sent in &stale {
                inner.platform.retire(sent).await;
            }
        });
    }

    /// Whether a message to `to` queued now would wait for the platform's limit on that chat
    /// ([`Settings::chat_limit`]): the chat's latest sends and the messages waiting before it
    /// fill the window. Never for a chat that is not paced. A front end says so where a reply would
    /// otherwise seem lost (a pressed button's small notice).
    #[must_use]
    pub fn behind(&self, to: &Dest) -> bool {
        if !self.inner.platform.paced(to) {
            return false;
        }
        let waiting = {
            let state = self.inner.state.lock().unwrap_or_else(PoisonError::into_inner);
            state.queues.get(to).map_or(0, VecDeque::len)
        };
        let (most, span) = self.inner.settings.chat_limit;
        let sent_at = self.inner.sent_at.lock().unwrap_or_else(PoisonError::into_inner);
        let now = tokio::time::Instant::now();
        let recent = sent_at
            .get(to)
            .map_or(0, |times| times.iter().filter(|t| now.duration_since(**t) < span).count());
        // One more goes at once only while the window has room for it after those waiting.
        recent + waiting >= most.max(1)
    }

    fn next_answer(&self) -> u64 {
        self.inner.answers.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    }

    fn queue(&self, entries: Vec<Entry>) {
        let mut start = Vec::new();
        {
            let mut state = self.inner.state.lock().unwrap_or_else(PoisonError::into_inner);
            for entry in entries {
                let to = entry.message.to.clone();
                state.queues.entry(to.clone()).or_default().push_back(entry);
                if !state.stopping && state.busy.insert(to.clone()) {
                    start.push(to);
                }
            }
            for to in start {
                let inner = self.inner.clone();
                let handle = tokio::spawn(work(inner, to));
                state.workers.push(handle.abort_handle());
            }
            state.workers.retain(|w| !w.is_finished());
        }
    }

    /// Messages still queued (sent or not yet), every destination together.
    #[must_use]
    pub fn queued(&self) -> usize {
        let state = self.inner.state.lock().unwrap_or_else(PoisonError::into_inner);
        state.queues.values().map(VecDeque::len).sum()
    }

    /// Waits until every queue is empty and the store has forgotten every message delivered.
    pub async fn idle(&self) {
        loop {
            let notified = self.inner.idle.notified();
            let settled = {
                let state = self.inner.state.lock().unwrap_or_else(PoisonError::into_inner);
                state.queues.values().all(VecDeque::is_empty) && state.deleting.is_empty()
            };
            if settled {
                return;
            }
            notified.await;
        }
    }

    /// Stops: sends what it can within `grace`, then stops every worker and keeps what is left
    /// for the next start (messages without an outbox id are written to the store's outbox).
    /// Every delete of a delivered message that it began is finished first, however long the
    /// store keeps it waiting (a busy database): a message delivered but left in the outbox
    /// would be sent again by the next start. Returns how many messages could be neither sent
    /// nor kept (0 unless the store fails).
    pub async fn stop(&self, grace: Duration) -> usize {
        let drained = tokio::time::timeout(grace, self.idle()).await.is_ok();
        let (left, unfinished): (Vec<Entry>, Vec<i64>) = {
            let mut state = self.inner.state.lock().unwrap_or_else(PoisonError::into_inner);
            state.stopping = true;
            for w in state.workers.drain(..) {
                w.abort();
            }
            if let Some(keeper) = state.keeper.take() {
                keeper.abort();
            }
            state.busy.clear();
            let mut unfinished = std::mem::take(&mut state.deleting);
            unfinished.append(&mut state.undeleted);
            (state.queues.drain().flat_map(|(_, q)| q).collect(), unfinished)
        };
        self.finish_deletes(unfinished).await;
        if drained && left.is_empty() {
            self.release().await;
            return 0;
        }
        let kept = left.iter().filter(|e| e.message.outbox.is_some()).count();
        let unkept: Vec<_> = left
            .iter()
            .filter(|e| e.message.outbox.is_none())
            .map(|e| e.message.to_stored(None, e.created_ms))
            .collect();
        let n = unkept.len();
        tracing::info!(
            platform = %self.inner.platform.name(),
            kept = kept + n,
            "deliveries left for the next start"
        );
        let lost = match self.inner.store.keep(unkept).await {
            Ok(_) => 0,
            Err(e) => {
                tracing::error!(error = ?e, n, "messages lost at shutdown: the outbox cannot be written");
                n
            }
        };
        self.release().await;
        lost
    }

    /// At a stop: deletes the rows of messages delivered whose delete a worker began (cut
    /// short by the stop, or failed), trying a few times. A delete runs under the store's own
    /// timeouts (SQLite waits up to 5 s for a busy database), so this ends.
    async fn finish_deletes(&self, mut ids: Vec<i64>) {
        if ids.is_empty() {
            return;
        }
        ids.sort_unstable();
        ids.dedup();
        for attempt in 1..=STOP_DELETE_TRIES {
            match self.inner.store.delete(&ids).await {
                Ok(()) => return,
                Err(e) if attempt < STOP_DELETE_TRIES => {
                    tracing::warn!(error = ?e, attempt, "marking messages delivered at the stop failed; trying again");
                    tokio::time::sleep(STOP_DELETE_PAUSE).await;
                }
                Err(e) => tracing::error!(
                    error = ?e,
                    ?ids,
                    "messages delivered but not marked so: the next start sends them again"
                ),
            }
        }
    }

    /// With a shared outbox, leaves what this instance did not send to the others at once.
    async fn release(&self) {
        if self.inner.store.shared()
            && let Err(e) = self.inner.store.release().await
        {
            tracing::error!(error = ?e, "releasing the outbox messages failed; they are taken over when their lease runs out");
        }
    }
}

/// A run of queued messages sent as one (see [`Platform::merge`]).
struct Batch {
    message: Outbound,
    ids: Vec<i64>,
    entries: usize,
    /// The first (oldest) entry's.
    first: Entry,
}

/// The worker of one destination: sends its queue until it is empty.
async fn work<P: Platform>(inner: Arc<Inner<P>>, to: Dest) {
    // A paced chat sends one batch a round, so that an answer queued meanwhile goes next
    // ([`answers_first`]) instead of after a whole round of announcements.
    let paced_chat = inner.platform.paced(&to);
    loop {
        let snapshot: Vec<Entry> = {
            let mut state = inner.state.lock().unwrap_or_else(PoisonError::into_inner);
            if let Some(q) = state.queues.get_mut(&to) {
                in_written_order(q);
                if paced_chat {
                    answers_first(q);
                }
            }
            let queue = state.queues.get(&to).map(|q| q.iter().cloned().collect::<Vec<_>>());
            match queue {
                Some(q) if !q.is_empty() => q,
                _ => {
                    state.queues.remove(&to);
                    state.busy.remove(&to);
                    drop(state);
                    inner.idle.notify_waiters();
                    return;
                }
            }
        };
        let mut batches: Vec<Batch> = Vec::new();
        for e in snapshot {
            if let Some(last) = batches.last_mut()
                && last.first.answer == e.answer
                && inner.platform.merge(&mut last.message, &e.message)
            {
                last.ids.extend(e.message.outbox);
                last.entries += 1;
                continue;
            }
            batches.push(Batch {
                ids: e.message.outbox.into_iter().collect(),
                message: e.message.clone(),
                entries: 1,
                first: e,
            });
        }
        if paced_chat {
            batches.truncate(1);
        }
        for batch in batches {
            if overtakes(&inner, &to, &batch.ids).await {
                // An older message to this destination waits with another instance: wait for
                // it to go (or to be taken over here), then look again.
                tokio::time::sleep(OVERTAKE_WAIT).await;
                break;
            }
            let outcome = deliver(&inner, &to, batch.message, &batch.first).await;
            let dropped = matches!(outcome, Outcome::Closed(_) | Outcome::Expired);
            forget(&inner, &to, batch.entries, &batch.ids).await;
            match outcome {
                Outcome::Sent | Outcome::Dropped => {}
                Outcome::Expired => {
                    if let Dest::Chat(chat) = &to
                        && let Some(note) =
                            inner.platform.dropped_note(chat, batch.entries, inner.settings.max_age)
                    {
                        let mut state = inner.state.lock().unwrap_or_else(PoisonError::into_inner);
                        let answer =
                            inner.answers.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let entry = Entry::new(note, now_ms(), answer);
                        state.queues.entry(to.clone()).or_default().push_back(entry);
                    }
                }
                Outcome::Closed(since) => {
                    if let Dest::User(user) = &to {
                        let told = inner.platform.closed(user, since).await;
                        let outbox = Outbox { inner: inner.clone() };
                        outbox.push(told);
                    }
                }
            }
            if dropped {
                // The rest of this round for the destination goes the same way (a closed
                // private chat) or is retried from the next round (after an expiry).
                break;
            }
        }
    }
}

/// How long a worker waits before looking again when an older message to its destination
/// waits with another instance.
const OVERTAKE_WAIT: Duration = Duration::from_millis(200);

/// How often a stop tries to delete the rows of delivered messages ([`Outbox::stop`]), and the
/// pause between two tries.
const STOP_DELETE_TRIES: u32 = 3;
const STOP_DELETE_PAUSE: Duration = Duration::from_millis(500);

/// Puts the queue's kept messages (those with an outbox id) in the order they were written, in
/// the places kept messages hold (answers, which have no id, stay where they are): messages
/// taken over from another instance join the queue at its end, but go before any later one.
/// Called only between rounds, when no delivery is under way.
fn in_written_order(queue: &mut VecDeque<Entry>) {
    let places: Vec<usize> =
        (0..queue.len()).filter(|i| queue[*i].message.outbox.is_some()).collect();
    if places.windows(2).all(|w| queue[w[0]].message.outbox <= queue[w[1]].message.outbox) {
        return;
    }
    let mut kept: Vec<Entry> = places.iter().map(|i| queue[*i].clone()).collect();
    kept.sort_by_key(|e| e.message.outbox);
    for (place, entry) in places.into_iter().zip(kept) {
        queue[place] = entry;
    }
}

/// In a paced chat (a Telegram group at its message limit can hold announcements for a minute
/// or more), moves the answers to commands ahead of the announcements waiting: what a player
/// just asked (`/board`, a refusal) is not held behind the queue (issue 42). An answer is a
/// push that keeps nothing for this chat (no outbox row: it changed nothing); a push that
/// announces a change keeps its own order, and so do the answers among themselves. Called
/// only between rounds, when no delivery is under way.
fn answers_first(queue: &mut VecDeque<Entry>) {
    let announcing: HashSet<u64> =
        queue.iter().filter(|e| e.message.outbox.is_some()).map(|e| e.answer).collect();
    let is_answer = |e: &Entry| !announcing.contains(&e.answer);
    let Some(first_kept) = queue.iter().position(|e| !is_answer(e)) else { return };
    if !queue.iter().skip(first_kept).any(is_answer) {
        return;
    }
    let (answers, rest): (Vec<Entry>, Vec<Entry>) = queue.drain(..).partition(is_answer);
    queue.extend(answers);
    queue.extend(rest);
}

/// Whether sending a batch of kept messages `ids` now would overtake an older message to
/// `to` that waits with another instance (never where the outbox is not shared). A failing
/// check lets the batch go: order is then best effort, delivery is not held up.
async fn overtakes<P: Platform>(inner: &Inner<P>, to: &Dest, ids: &[i64]) -> bool {
    let Some(first) = ids.iter().min() else { return false };
    if !inner.store.shared() {
        return false;
    }
    match inner.store.waits_elsewhere(inner.platform.name(), to, *first).await {
        Ok(waits) => waits,
        Err(e) => {
            tracing::error!(error = ?e, "checking the order of a chat's messages failed");
            false
        }
    }
}

enum Outcome {
    Sent,
    /// A permanent fault: logged, dropped.
    Dropped,
    /// Past the age limit: dropped.
    Expired,
    /// The private chat refuses the bot; the refused send began at this instant.
    Closed(tokio::time::Instant),
}

/// Takes the first `entries` messages of `to`'s queue off it (delivered or dropped) and their
/// rows out of the store's outbox, with any whose delete failed before. Until the store has
/// answered, the rows count as being deleted: the outbox is not idle, and a stop that cuts
/// this short deletes them itself.
async fn forget<P: Platform>(inner: &Inner<P>, to: &Dest, entries: usize, ids: &[i64]) {
    let ids: Vec<i64> = {
        let mut state = inner.state.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(q) = state.queues.get_mut(to) {
            for _ in 0..entries.min(q.len()) {
                q.pop_front();
            }
        }
        let mut all = std::mem::take(&mut state.undeleted);
        all.extend_from_slice(ids);
        state.deleting.extend_from_slice(&all);
        all
    };
    if ids.is_empty() {
        return;
    }
    let deleted = inner.store.delete(&ids).await;
    {
        let mut state = inner.state.lock().unwrap_or_else(PoisonError::into_inner);
        state.deleting.retain(|id| !ids.contains(id));
        if let Err(e) = deleted {
            // Tried again with the next delete and at the stop; a crash before then sends them
            // again after the restart: at least once.
            tracing::error!(error = ?e, ?ids, "marking messages delivered failed");
            state.undeleted.extend_from_slice(&ids);
        }
    }
    inner.idle.notify_waiters();
}

/// Waits until one more send to `to` keeps within [`Settings::chat_limit`] (only for paced
/// chats), and counts it: a sliding window, like the platform's own.
async fn pace<P: Platform>(inner: &Inner<P>, to: &Dest) {
    if !inner.platform.paced(to) {
        return;
    }
    let (most, span) = inner.settings.chat_limit;
    loop {
        let wait = {
            let mut sent_at = inner.sent_at.lock().unwrap_or_else(PoisonError::into_inner);
            let times = sent_at.entry(to.clone()).or_default();
            let now = tokio::time::Instant::now();
            while times.front().is_some_and(|t| now.duration_since(*t) >= span) {
                times.pop_front();
            }
            match times.front() {
                Some(oldest) if times.len() >= most.max(1) => span - now.duration_since(*oldest),
                _ => {
                    times.push_back(now);
                    return;
                }
            }
        };
        tracing::debug!(
            ?to,
            wait_ms = u64::try_from(wait.as_millis()).unwrap_or(u64::MAX),
            "pacing a chat"
        );
        tokio::time::sleep(wait).await;
    }
}

/// Counts the send to `to` that [`pace`] let through as made now, when its answer came: the
/// platform took it somewhere between asking and answering, so the window is measured from
/// the latest moment it can have counted it (measuring from the start, a send at the window's
/// edge met a 429 now and then). One worker sends to a destination, so the last entry is this
/// send's.
fn paced<P: Platform>(inner: &Inner<P>, to: &Dest) {
    if !inner.platform.paced(to) {
        return;
    }
    let mut sent_at = inner.sent_at.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(last) = sent_at.get_mut(to).and_then(VecDeque::back_mut) {
        *last = tokio::time::Instant::now();
    }
}

/// Sends one message's pieces in order, each tried until it goes or the message is too old.
async fn deliver<P: Platform>(
    inner: &Inner<P>,
    to: &Dest,
    message: Outbound,
    first: &Entry,
) -> Outcome {
    let settings = inner.settings;
    let name = inner.platform.name();
    let momentary = message.buttons.iter().find(|b| is_momentary(b)).map(|b| {
        let offer =
            message.buttons.iter().any(|b| matches!(b.payload.choice, Choice::Offer { .. }));
        (b.payload.game, b.payload.turn, offer)
    });
    let stamp = message.stamp;
    let mut handle = None;
    for piece in inner.platform.plan(message, first.key) {
        let mut pause = settings.first_retry;
        loop {
            pace(inner, to).await;
            let began = tokio::time::Instant::now();
            let sent = tokio::time::timeout(settings.send_timeout, inner.platform.send(to, &piece))
                .await
                .unwrap_or_else(|_| {
                    Err(Fault::Transient { retry_after: None, detail: "the send timed out".into() })
                });
            paced(inner, to);
            match sent {
                Ok(sent) => {
                    handle = sent.or(handle);
                    break;
                }
                Err(Fault::Closed) => {
                    tracing::warn!(platform = %name, ?to, "the private chat refuses the bot");
                    return Outcome::Closed(began);
                }
                Err(Fault::Permanent(detail)) => {
                    tracing::error!(platform = %name, ?to, %detail, "a message cannot be delivered; dropped");
                    return Outcome::Dropped;
                }
                Err(Fault::Transient { retry_after, detail }) => {
                    let wait = retry_after.unwrap_or(pause);
                    let age = first.age();
                    if age + wait > settings.max_age {
                        tracing::warn!(
                            platform = %name,
                            ?to,
                            %detail,
                            age_seconds = age.as_secs(),
                            "a message could not be delivered within the age limit; dropped"
                        );
                        return Outcome::Expired;
                    }
                    tracing::info!(
                        platform = %name,
                        ?to,
                        %detail,
                        retry_in_ms = u64::try_from(wait.as_millis()).unwrap_or(u64::MAX),
                        "delivery failed; trying again"
                    );
                    tokio::time::sleep(wait).await;
                    if retry_after.is_none() {
                        pause = (pause * 2).min(settings.max_retry);
                    }
                }
            }
        }
    }
    let stale = shown(inner, momentary.zip(handle), stamp);
    for sent in &stale {
        inner.platform.retire(sent).await;
    }
    Outcome::Sent
}

/// Records what a message just delivered shows: the change it announces and its momentary
/// buttons (game, turn, whether an offer's; with the handle to take them off). Returns the
/// messages whose buttons are now stale, forgetting them.
fn shown<P: Platform>(
    inner: &Inner<P>,
    buttons: Option<((GameId, i64, bool), P::Sent)>,
    stamp: Option<Stamp>,
) -> Vec<P::Sent> {
    let keyboard_game = buttons.as_ref().map(|((id, _, _), _)| *id);
    let mut shown = inner.shown.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(s) = stamp {
        note_change(&mut shown, s);
    }
    if let Some(((id, turn, offer), sent)) = buttons {
        let game = shown.entry(id).or_default();
        let base = stamp.filter(|s| s.game == id).map_or(game.version, |s| s.version);
        game.live.push(Live { base, turn, offer, sent });
    }
    let mut stale = Vec::new();
    for id in stamp.map(|s| s.game).into_iter().chain(keyboard_game) {
        stale.extend(stale_of(&mut shown, id));
    }
    stale
}

/// Records the change `s` announces (when it is queued, and again when it is delivered): a
/// change older than the latest known (another chat's queue was slower) says nothing new.
fn note_change<S>(shown: &mut HashMap<GameId, Shown<S>>, s: Stamp) {
    let game = shown.entry(s.game).or_default();
    if s.version >= game.version {
        game.version = s.version;
        game.turn = s.turn;
        if s.settled {
            game.settled_at = s.version;
        }
        if s.offer_closed {
            game.offer_closed_at = s.version;
        }
    }
}

/// Forgets and returns the messages of game `id` whose momentary buttons are stale now.
fn stale_of<S>(shown: &mut HashMap<GameId, Shown<S>>, id: GameId) -> Vec<S> {
    let Some(game) = shown.get_mut(&id) else { return Vec::new() };
    let (old, live): (Vec<_>, Vec<_>) =
        std::mem::take(&mut game.live).into_iter().partition(|l| game.stale(l));
    game.live = live;
    old.into_iter().map(|l| l.sent).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A platform whose sends succeed unless a fault is queued for the destination; it records
    /// every delivered text, in order, and who was found closed.
    #[derive(Default)]
    struct Fake {
        sent: Mutex<Vec<(Dest, String)>>,
        faults: Mutex<HashMap<Dest, VecDeque<Fault>>>,
        /// Sends to these destinations never answer.
        hung: Mutex<HashSet<Dest>>,
        closed: Mutex<Vec<String>>,
        /// When each send went out, in order.
        sent_at: Mutex<Vec<tokio::time::Instant>>,
        /// The texts whose buttons were taken off, in order.
        retired: Mutex<Vec<String>>,
        /// Whether groups are paced.
        pacing: bool,
    }

    impl Platform for Fake {
        /// The text, and whether it carries momentary buttons.
        type Piece = (String, bool);
        /// The text of a message with momentary buttons.
        type Sent = String;

        fn name(&self) -> crate::store::Platform {
            crate::store::Platform::Script
        }

        fn plan(&self, message: Outbound, _key: Key) -> Vec<(String, bool)> {
            let momentary = message.buttons.iter().any(is_momentary);
            vec![(message.text, momentary)]
        }

        fn paced(&self, to: &Dest) -> bool {
            self.pacing && matches!(to, Dest::Chat(_))
        }

        fn send<'a>(
            &'a self,
            to: &'a Dest,
            piece: &'a (String, bool),
        ) -> BoxFuture<'a, Result<Option<String>, Fault>> {
            Box::pin(async move {
                if self.hung.lock().expect("hung").contains(to) {
                    std::future::pending::<()>().await;
                }
                let fault =
                    self.faults.lock().expect("faults").get_mut(to).and_then(VecDeque::pop_front);
                match fault {
                    Some(f) => Err(f),
                    None => {
                        self.sent.lock().expect("sent").push((to.clone(), piece.0.clone()));
                        self.sent_at.lock().expect("sent_at").push(tokio::time::Instant::now());
                        Ok(piece.1.then(|| piece.0.clone()))
                    }
                }
            })
        }

        fn retire<'a>(&'a self, sent: &'a String) -> BoxFuture<'a, ()> {
            self.retired.lock().expect("retired").push(sent.clone());
            Box::pin(async {})
        }

        fn closed<'a>(
            &'a self,
            user: &'a UserId,
            _since: tokio::time::Instant,
        ) -> BoxFuture<'a, Vec<Outbound>> {
            Box::pin(async move {
                self.closed.lock().expect("closed").push(user.to_string());
                vec![message(Dest::Chat("group".into()), &format!("{user} missed a message"))]
            })
        }

        fn dropped_note(&self, chat: &ChatId, count: usize, _age: Duration) -> Option<Outbound> {
            Some(message(Dest::Chat(chat.clone()), &format!("{count} dropped")))
        }
    }

    fn message(to: Dest, text: &str) -> Outbound {
        Outbound {
            platform: crate::store::Platform::Script,
            to,
            text: text.into(),
            image: None,
            buttons: Vec::new(),
            outbox: None,
            stamp: None,
        }
    }

    /// The outbox table, in memory.
    #[derive(Default)]
    struct Memory {
        rows: Mutex<std::collections::BTreeMap<i64, NewMessage>>,
        /// Held for writing while the database is busy: deletes wait for it.
        busy: Arc<tokio::sync::RwLock<()>>,
    }

    impl Memory {
        fn count(&self) -> usize {
            self.rows.lock().expect("rows").len()
        }
    }

    impl Ledger for Memory {
        fn pending<'a>(
            &'a self,
            platform: crate::store::Platform,
        ) -> BoxFuture<'a, Result<Vec<StoredMessage>, DbError>> {
            let rows = self.rows.lock().expect("rows");
            let out = rows
                .iter()
                .filter(|(_, m)| m.platform == platform)
                .map(|(id, m)| StoredMessage { id: *id, message: m.clone() })
                .collect();
            Box::pin(async move { Ok(out) })
        }

        fn delete<'a>(&'a self, ids: &'a [i64]) -> BoxFuture<'a, Result<(), DbError>> {
            Box::pin(async move {
                let _free = self.busy.read().await;
                let mut rows = self.rows.lock().expect("rows");
                for id in ids {
                    rows.remove(id);
                }
                Ok(())
            })
        }

        fn keep(&self, messages: Vec<NewMessage>) -> BoxFuture<'_, Result<Vec<i64>, DbError>> {
            let mut rows = self.rows.lock().expect("rows");
            let mut ids = Vec::new();
            for m in messages {
                let id = rows.keys().next_back().map_or(1, |k| k + 1);
                rows.insert(id, m);
                ids.push(id);
            }
            Box::pin(async move { Ok(ids) })
        }
    }

    fn group(n: u32) -> Dest {
        Dest::Chat(format!("g{n}").into())
    }

    /// Saves `texts` to `to` in the outbox, as the referee does with a change.
    async fn kept(store: &Arc<Memory>, to: &Dest, texts: &[&str]) -> Vec<Outbound> {
        let mut out: Vec<Outbound> = texts.iter().map(|t| message(to.clone(), t)).collect();
        let rows =
            out.iter().map(|m| m.to_stored(Some(crate::store::GameId(1)), now_ms())).collect();
        let ids = store.keep(rows).await.expect("the outbox takes them");
        for (m, id) in out.iter_mut().zip(ids) {
            m.outbox = Some(id);
        }
        out
    }

    fn sent_to(fake: &Fake, to: &Dest) -> Vec<String> {
        let sent = fake.sent.lock().expect("sent");
        sent.iter().filter(|(d, _)| d == to).map(|(_, t)| t.clone()).collect()
    }

    #[tokio::test(start_paused = true)]
    async fn a_failing_chat_gets_everything_late_and_in_order_while_another_chat_goes_on() {
        let store = Arc::new(Memory::default());
        let fake = Fake::default();
        let transient = |s| Fault::Transient {
            retry_after: Some(Duration::from_secs(s)),
            detail: "429".into(),
        };
        // Ten-minute pauses, five times: far past the old limits (4 tries, 120 s).
        fake.faults
            .lock()
            .expect("faults")
            .insert(group(1), (0..5).map(|_| transient(600)).collect());
        let outbox = Outbox::with_ledger(fake, store.clone(), Settings::default());
        let mut first = kept(&store, &group(1), &["1a", "1b"]).await;
        first.extend(kept(&store, &group(2), &["2a"]).await);
        let (one, two) =
            (kept(&store, &group(1), &["1c"]).await, kept(&store, &group(2), &["2b"]).await);
        let started = tokio::time::Instant::now();
        outbox.push(first);
        outbox.push(one);
        outbox.push(two);
        // The other chat is served at once, while the failing one still waits for its first
        // ten minutes to pass.
        while sent_to(outbox.platform(), &group(2)).len() < 2 {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        assert!(started.elapsed() < Duration::from_secs(600), "{:?}", started.elapsed());
        assert_eq!(sent_to(outbox.platform(), &group(2)), ["2a", "2b"]);
        assert!(sent_to(outbox.platform(), &group(1)).is_empty());
        outbox.idle().await;
        assert_eq!(sent_to(outbox.platform(), &group(1)), ["1a", "1b", "1c"]);
        assert_eq!(store.count(), 0, "all marked delivered");
    }

    #[tokio::test(start_paused = true)]
    async fn server_errors_and_hung_sends_are_tried_again_with_backoff_until_they_go() {
        let store = Arc::new(Memory::default());
        let fake = Fake::default();
        let error = || Fault::Transient { retry_after: None, detail: "502 Bad Gateway".into() };
        fake.faults.lock().expect("faults").insert(group(1), (0..8).map(|_| error()).collect());
        fake.hung.lock().expect("hung").insert(group(2));
        let settings = Settings { send_timeout: Duration::from_secs(5), ..Settings::default() };
        let outbox = Outbox::with_ledger(fake, store.clone(), settings);
        outbox.push(kept(&store, &group(1), &["after errors"]).await);
        outbox.push(kept(&store, &group(2), &["after a hang"]).await);
        let started = tokio::time::Instant::now();
        tokio::time::sleep(Duration::from_secs(20)).await;
        outbox.platform().hung.lock().expect("hung").clear();
        outbox.idle().await;
        assert_eq!(sent_to(outbox.platform(), &group(1)), ["after errors"]);
        assert_eq!(sent_to(outbox.platform(), &group(2)), ["after a hang"]);
        // 1 + 2 + 4 + 8 + 16 + 32 + 60 + 60 seconds of backoff for eight failures.
        assert!(started.elapsed() >= Duration::from_secs(183), "{:?}", started.elapsed());
        assert_eq!(store.count(), 0);
    }

    #[tokio::test(start_paused = true)]
    async fn a_message_past_the_age_limit_is_dropped_and_its_chat_told() {
        let store = Arc::new(Memory::default());
        let fake = Fake::default();
        let error = || Fault::Transient { retry_after: None, detail: "503".into() };
        fake.faults.lock().expect("faults").insert(group(1), (0..1000).map(|_| error()).collect());
        let settings = Settings { max_age: Duration::from_secs(3600), ..Settings::default() };
        let outbox = Outbox::with_ledger(fake, store.clone(), settings);
        outbox.push(kept(&store, &group(1), &["too late"]).await);
        tokio::time::sleep(Duration::from_secs(3000)).await;
        assert_eq!(outbox.queued(), 1, "still trying within the hour");
        // The faults stop after the hour: the note about the dropped message gets through.
        tokio::time::sleep(Duration::from_secs(700)).await;
        outbox.platform().faults.lock().expect("faults").clear();
        outbox.idle().await;
        assert_eq!(sent_to(outbox.platform(), &group(1)), ["1 dropped"]);
        assert_eq!(store.count(), 0, "dropped for good");
    }

    #[tokio::test]
    async fn a_closed_private_chat_is_reported_once_per_message_and_its_explanation_sent() {
        let store = Arc::new(Memory::default());
        let fake = Fake::default();
        let ann = Dest::User("ann".into());
        fake.faults.lock().expect("faults").insert(ann.clone(), VecDeque::from([Fault::Closed]));
        let outbox = Outbox::with_ledger(fake, store.clone(), Settings::default());
        outbox.push(kept(&store, &ann, &["your view"]).await);
        outbox.idle().await;
        assert_eq!(*outbox.platform().closed.lock().expect("closed"), ["ann"]);
        assert_eq!(
            sent_to(outbox.platform(), &Dest::Chat("group".into())),
            ["ann missed a message"]
        );
        assert!(sent_to(outbox.platform(), &ann).is_empty());
        assert_eq!(store.count(), 0);
    }

    #[tokio::test]
    async fn a_stop_keeps_what_was_not_sent_and_the_next_start_sends_it_in_order() {
        let store = Arc::new(Memory::default());
        let fake = Fake::default();
        fake.hung.lock().expect("hung").insert(group(1));
        let outbox = Outbox::with_ledger(fake, store.clone(), Settings::default());
        outbox.push(kept(&store, &group(1), &["kept 1", "kept 2"]).await);
        // An answer that changed nothing is not in the store until a stop leaves it unsent.
        outbox.push(vec![message(group(1), "answer")]);
        outbox.push(kept(&store, &group(2), &["other"]).await);
        while store.count() > 2 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        assert_eq!(outbox.stop(Duration::from_millis(300)).await, 0, "nothing lost");
        assert_eq!(sent_to(outbox.platform(), &group(2)), ["other"]);
        assert_eq!(store.count(), 3);
        let next = Outbox::with_ledger(Fake::default(), store.clone(), Settings::default());
        assert_eq!(next.resume().await.expect("resumes"), 3);
        next.idle().await;
        assert_eq!(sent_to(next.platform(), &group(1)), ["kept 1", "kept 2", "answer"]);
        assert_eq!(store.count(), 0);
    }
    /// A SIGTERM right after two messages went out, while the database is busy for a second
    /// (another writer holds it): their deletes wait, and the stop waits for them instead of
    /// ending the workers under them. The next start finds nothing to send again.
    #[tokio::test(start_paused = true)]
    async fn a_stop_while_the_database_is_busy_finishes_the_deletes_it_began() {
        let store = Arc::new(Memory::default());
        let outbox = Outbox::with_ledger(Fake::default(), store.clone(), Settings::default());
        let (one, two) =
            (kept(&store, &group(1), &["ply 1"]).await, kept(&store, &group(2), &["ply 2"]).await);
        let busy = store.busy.clone().write_owned().await;
        outbox.push(one);
        outbox.push(two);
        while outbox.platform().sent.lock().expect("sent").len() < 2 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let stopping = tokio::spawn({
            let outbox = outbox.clone();
            async move { outbox.stop(Duration::from_millis(100)).await }
        });
        tokio::time::sleep(Duration::from_secs(1)).await;
        assert!(!stopping.is_finished(), "the stop waits for the deletes it began");
        drop(busy);
        assert_eq!(stopping.await.expect("the stop ends"), 0);
        assert_eq!(store.count(), 0, "both delivered messages are forgotten");
        let next = Outbox::with_ledger(Fake::default(), store.clone(), Settings::default());
        assert_eq!(next.resume().await.expect("resumes"), 0, "nothing to send again");
    }

    /// The same through the real SQLite store, held busy by a second connection's write
    /// transaction for a second after the sends (the store waits up to 5 s for it): no message
    /// delivered before the stop is sent again by the next start.
    #[tokio::test]
    async fn a_stop_while_sqlite_is_locked_by_another_writer_sends_nothing_twice() {
        use sqlx::Connection;
        let dir = tempfile::tempdir().expect("a temporary directory");
        let path = dir.path().join("outbox.db");
        let store = Store::open(&path).await.expect("the store opens");
        let stored = |to: &Dest, text: &str| message(to.clone(), text).to_stored(None, now_ms());
        let ids = store
            .enqueue(vec![stored(&group(1), "ply 1"), stored(&group(2), "ply 2")])
            .await
            .expect("enqueue");
        let outbox = Outbox::new(Fake::default(), store.clone(), Settings::default());
        let mut other = sqlx::SqliteConnection::connect(&format!("sqlite://{}", path.display()))
            .await
            .expect("a second connection");
        sqlx::query("BEGIN IMMEDIATE").execute(&mut other).await.expect("the write lock");
        for (to, text, id) in [(group(1), "ply 1", ids[0]), (group(2), "ply 2", ids[1])] {
            let mut m = message(to, text);
            m.outbox = Some(id);
            outbox.push(vec![m]);
        }
        while outbox.platform().sent.lock().expect("sent").len() < 2 {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let stopping = tokio::spawn({
            let outbox = outbox.clone();
            async move { outbox.stop(Duration::from_millis(50)).await }
        });
        tokio::time::sleep(Duration::from_secs(1)).await;
        // Had it ended here, the process would exit with the deletes undone.
        assert!(!stopping.is_finished(), "the stop waits for the deletes it began");
        sqlx::query("ROLLBACK").execute(&mut other).await.expect("the lock given back");
        assert_eq!(stopping.await.expect("the stop ends"), 0);
        assert_eq!(store.pending_messages_count().await.expect("count"), 0);
        let next = Outbox::new(Fake::default(), store.clone(), Settings::default());
        assert_eq!(next.resume().await.expect("resumes"), 0, "nothing to send again");
        next.idle().await;
        assert!(next.platform().sent.lock().expect("sent").is_empty());
    }

    /// A start reads a kept message from the store, and the referee hands the same message
    /// out too (an analysis made again at the start and kept just before the outbox read the
    /// store): it goes once.
    #[tokio::test]
    async fn a_kept_message_read_at_the_start_and_handed_out_again_goes_once() {
        let store = Arc::new(Memory::default());
        let promised = kept(&store, &group(1), &["analysis"]).await;
        let outbox = Outbox::with_ledger(Fake::default(), store.clone(), Settings::default());
        assert_eq!(outbox.resume().await.expect("resumes"), 1);
        outbox.push(promised);
        outbox.idle().await;
        assert_eq!(sent_to(outbox.platform(), &group(1)), ["analysis"]);
        assert_eq!(store.count(), 0);
    }

    /// A message to `to` with one button of `choice` for game 1 at `turn`.
    fn with_button(to: &Dest, text: &str, choice: Choice, turn: i64) -> Outbound {
        let payload = crate::table::payload::Payload::new(crate::store::GameId(1), turn, choice);
        let mut m = message(to.clone(), text);
        m.buttons = vec![crate::table::reply::Button { label: "b".into(), payload }];
        m
    }

    /// `m` as announcing version `version` of game 1, at `turn`.
    fn stamped(mut m: Outbound, version: i64, turn: i64, settled: bool, closed: bool) -> Outbound {
        let game = crate::store::GameId(1);
        m.stamp = Some(Stamp { game, version, turn, settled, offer_closed: closed });
        m
    }

    async fn retired_after(outbox: &Outbox<Fake>, messages: Vec<Outbound>) -> Vec<String> {
        outbox.push(messages);
        outbox.idle().await;
        std::mem::take(&mut *outbox.platform().retired.lock().expect("retired"))
    }

    #[tokio::test]
    async fn buttons_are_taken_off_exactly_when_the_referee_would_refuse_them_as_stale() {
        let store = Arc::new(Memory::default());
        let outbox = Outbox::with_ledger(Fake::default(), store, Settings::default());
        let (chat, dm) = (group(1), Dest::User("bob".into()));
        let offer = Choice::Offer { kind: crate::table::payload::OfferKind::Draw, accept: true };
        // An invitation in the chat and privately, with a note of the same change.
        let invited = vec![
            stamped(with_button(&chat, "invitation", Choice::Accept, 0), 3, 0, false, false),
            stamped(message(chat.clone(), "note"), 3, 0, false, false),
            stamped(with_button(&dm, "invited", Choice::Accept, 0), 3, 0, false, false),
        ];
        assert!(retired_after(&outbox, invited).await.is_empty());
        // The start settles it: both copies go, wherever they are; the first turn's stay.
        let start =
            vec![stamped(with_button(&chat, "turn 0", Choice::TypeMove, 0), 4, 0, true, false)];
        let mut gone = retired_after(&outbox, start).await;
        gone.sort();
        assert_eq!(gone, ["invitation", "invited"]);
        // An offer is made, and a move echoed privately, at the same turn: nothing goes.
        let offered =
            vec![stamped(with_button(&chat, "offer", offer.clone(), 0), 5, 0, false, false)];
        assert!(retired_after(&outbox, offered).await.is_empty());
        let echo = vec![with_button(&dm, "echo", Choice::Confirm(None), 0)];
        assert!(retired_after(&outbox, echo).await.is_empty());
        // "My view" is never stale, whatever happens.
        let view = vec![with_button(&dm, "view", Choice::View, 0)];
        assert!(retired_after(&outbox, view).await.is_empty());
        // The offer is declined: its buttons alone go.
        let declined = vec![stamped(message(chat.clone(), "declined"), 6, 0, false, true)];
        assert_eq!(retired_after(&outbox, declined).await, ["offer"]);
        // The move is played: the turn moves on, and the turn's buttons and the echo go.
        let moved =
            vec![stamped(with_button(&chat, "turn 1", Choice::TypeMove, 1), 7, 1, false, false)];
        assert_eq!(retired_after(&outbox, moved).await, ["turn 0", "echo"]);
        // A message of an earlier change delivered late (a slower chat) is stale at once,
        // and tells nothing new: the present turn's buttons stay.
        let late =
            vec![stamped(with_button(&group(2), "late", Choice::TypeMove, 0), 5, 0, false, false)];
        assert_eq!(retired_after(&outbox, late).await, ["late"]);
        let over = vec![stamped(message(chat, "over"), 8, 1, true, false)];
        assert_eq!(retired_after(&outbox, over).await, ["turn 1"]);
    }

    #[tokio::test(start_paused = true)]
    async fn a_paced_group_never_gets_more_than_its_limit_in_any_window() {
        let store = Arc::new(Memory::default());
        let fake = Fake { pacing: true, ..Fake::default() };
        let settings =
            Settings { chat_limit: (20, Duration::from_secs(60)), ..Settings::default() };
        let outbox = Outbox::with_ledger(fake, store, settings);
        let started = tokio::time::Instant::now();
        for i in 0..45 {
            outbox.push(vec![message(group(1), &i.to_string())]);
        }
        // A private chat is not paced: it goes at once while the group waits.
        outbox.push(vec![message(Dest::User("u".into()), "private")]);
        outbox.idle().await;
        let at = outbox.platform().sent_at.lock().expect("sent_at").clone();
        let sent = outbox.platform().sent.lock().expect("sent").clone();
        let group_times: Vec<_> =
            sent.iter().zip(&at).filter(|((to, _), _)| *to == group(1)).map(|(_, t)| *t).collect();
        assert_eq!(group_times.len(), 45);
        for window in group_times.windows(21) {
            assert!(window[20] - window[0] >= Duration::from_secs(60), "21 sends within a minute");
        }
        // 45 sends at 20 a minute: the last waits two full windows, and no longer.
        let last = group_times[44] - started;
        assert!(last >= Duration::from_secs(120) && last < Duration::from_secs(121), "{last:?}");
        let private = sent.iter().zip(&at).find(|((to, _), _)| matches!(to, Dest::User(_)));
        assert!(private.is_some_and(|(_, t)| *t - started < Duration::from_secs(1)));
    }

    /// Two instances sharing a PostgreSQL outbox (docs/scale.md, "Several instances"): the
    /// messages of one that died wait until its lease runs out, are then taken over by the
    /// other, and reach the chat before the survivor's own later message.
    #[tokio::test]
    async fn a_shared_outbox_takes_over_a_dead_instances_messages_in_the_order_they_were_written() {
        use sqlx::Connection;
        let Some(location) = crate::store::testing::postgres().await else {
            eprintln!("skipped: ARBITER_TEST_POSTGRES names no PostgreSQL server");
            return;
        };
        let dead = Store::connect(&location).await.expect("the first instance");
        let alive = Store::connect(&location).await.expect("the second instance");
        let to = group(1);
        let stored = |text: &str| message(to.clone(), text).to_stored(None, now_ms());
        // The first instance wrote two messages, then died before sending them.
        let older = dead.enqueue(vec![stored("one"), stored("two")]).await.expect("enqueue");
        // The second wrote a third, and sends it.
        let ids = alive.enqueue(vec![stored("three")]).await.expect("enqueue");
        assert!(ids[0] > older[1]);
        let settings = Settings { sweep: Duration::from_millis(50), ..Settings::default() };
        let outbox = Outbox::new(Fake::default(), alive.clone(), settings);
        assert_eq!(outbox.resume().await.expect("resume"), 0, "the dead one's lease still runs");
        let mut third = message(to.clone(), "three");
        third.outbox = Some(ids[0]);
        outbox.push(vec![third]);
        tokio::time::sleep(Duration::from_millis(400)).await;
        assert!(
            outbox.platform().sent.lock().expect("sent").is_empty(),
            "the third went before the two older ones"
        );
        // The dead instance renews nothing: its lease runs out (moved on here).
        let crate::store::Location::Postgres(url) = &location else { unreachable!() };
        let mut conn = sqlx::PgConnection::connect(url).await.expect("connect");
        sqlx::query("UPDATE outbox SET lease_until = 0 WHERE id = ANY($1)")
            .bind(&older)
            .execute(&mut conn)
            .await
            .expect("expire");
        tokio::time::timeout(Duration::from_secs(10), outbox.idle()).await.expect("delivered");
        let sent: Vec<String> =
            outbox.platform().sent.lock().expect("sent").iter().map(|(_, t)| t.clone()).collect();
        assert_eq!(sent, ["one", "two", "three"]);
        assert_eq!(alive.pending_messages_count().await.expect("count"), 0);
        // A stop leaves nothing owned: what a stopping instance could not send is taken over
        // by the next at once.
        alive.enqueue(vec![stored("four")]).await.expect("enqueue");
        assert_eq!(outbox.stop(Duration::from_millis(10)).await, 0);
        let next = Store::connect(&location).await.expect("a third instance");
        let taken = next.take_over_messages(crate::store::Platform::Script).await.expect("take");
        assert_eq!(taken.len(), 1, "{taken:?}");
        assert!(
            next.take_over_messages(crate::store::Platform::Script).await.expect("take").is_empty()
        );
    }
}
