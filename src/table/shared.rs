//! Several instances on one database (docs/scale.md, "Several instances"). Each instance keeps
//! the running games in memory, as one alone does; what keeps them true to the store is:
//!
//! - **A change feed.** Before it handles anything (a command, a button, a tick), the referee
//!   asks the store what was written since it last asked ([`Store::changes`]): every game
//!   another instance moved is rebuilt from its log, a game another instance created is
//!   installed, one that ended is dropped, and changed users and follows are read again. So no
//!   command is answered from a copy older than the moment it arrived.
//! - **The version check.** Between that read and the write, another instance may still move
//!   the same game first. The write then fails on the game's version, nothing is written or
//!   announced ([`TableError::Conflict`]), and the command is decided again on the game as it
//!   now stands (a move sent to two instances at once is played once; the second is told it
//!   was already played).
//! - **Deadlines** are writes of the same kind: whichever instance's tick writes the timeout
//!   or the reminder first fires it, and the others' writes fail on the version and say
//!   nothing. Vacations end and digests go out through a compare-and-set in the store, and an
//!   unresumable game is announced by the instance that stored the mark first.
//!
//! On SQLite (one process) the feed is always empty and a conflict is final.
//!
//! [`Store::changes`]: crate::store::Store::changes

use std::sync::atomic::Ordering;

use super::error::TableError;
use super::referee::Referee;
use super::types::Away;
use crate::store::{GameId, GameRow};

impl Referee {
    /// Brings what this instance keeps in memory up to the store's state (see the module
    /// documentation). Nothing on SQLite. A failure is logged: the command then runs on what
    /// memory holds, and its write is still checked against the stored version.
    ///
    /// Syncs run one at a time, and a caller is served by any sync that began after it
    /// arrived: under load one read of the changes serves every request that waited for it.
    pub(super) async fn sync(&self) {
        if !self.store.is_shared() {
            return;
        }
        let arrived = self.sync_started.load(Ordering::SeqCst);
        let _gate = self.sync_gate.lock().await;
        if self.sync_done.load(Ordering::SeqCst) > arrived {
            return;
        }
        let number = self.sync_started.fetch_add(1, Ordering::SeqCst) + 1;
        self.sync_now().await;
        self.sync_done.store(number, Ordering::SeqCst);
    }

    async fn sync_now(&self) {
        let since = *self.lock_mark();
        let changes = match self.store.changes(since).await {
            Ok(changes) => changes,
            Err(e) => {
                tracing::error!(error = ?e, "reading the changes of other instances failed");
                return;
            }
        };
        let mut behind: Vec<GameId> = self.lock_stale().drain().collect();
        for (id, version, status) in changes.games {
            let known = self.lock_index().games.get(&id).map(|s| s.version);
            let broken = self.lock_broken().contains_key(&id);
            let wanted = match known {
                Some(v) => v < version,
                // A game this instance does not hold: a new one, or one that cannot be resumed.
                None => status.is_running() || broken,
            };
            if wanted {
                behind.push(id);
            }
        }
        // Games newer in the store, and those known to be behind whether or not the feed
        // named them this time (a write that lost a race, a game that was busy here).
        behind.sort_unstable();
        behind.dedup();
        for id in behind {
            self.read_again.fetch_add(1, Ordering::Relaxed);
            match self.store.game(id).await {
                Ok(row) => self.game_changed(row).await,
                Err(e) => {
                    tracing::error!(game = %id, error = ?e, "reading a game again failed");
                    self.lock_stale().insert(id);
                }
            }
        }
        for row in changes.users {
            let key = (row.platform, row.user_id.clone());
            {
                let mut vacations = self.lock_vacations();
                match (row.vacation_from, row.vacation_until) {
                    (Some(from), Some(until)) => {
                        vacations.insert(key.clone(), Away { from, until });
                    }
                    _ => {
                        vacations.remove(&key);
                    }
                }
            }
            let mut users = self.lock_users();
            if users.contains_key(&key) {
                users.insert(key, row);
            }
        }
        if changes.follows {
            match self.store.all_follows().await {
                Ok(all) => *self.lock_follows() = all,
                Err(e) => tracing::error!(error = ?e, "reading the follows failed"),
            }
        }
        *self.lock_mark() = Some(changes.mark);
    }

    /// Notes that the game `id` in memory is older than the stored one.
    pub(super) fn mark_stale(&self, id: GameId) {
        if self.store.is_shared() {
            self.lock_stale().insert(id);
        }
    }

    fn lock_stale(&self) -> std::sync::MutexGuard<'_, std::collections::HashSet<GameId>> {
        self.stale.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The mark the next [`Referee::sync`] asks from (`None` on SQLite).
    pub(super) fn lock_mark(&self) -> std::sync::MutexGuard<'_, Option<i64>> {
        self.sync_mark.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Takes in a game row written in the store: rebuilds the game if it is newer than the one
    /// in memory, installs it if new, drops it once it ended.
    async fn game_changed(&self, row: GameRow) {
        let id = row.id;
        let known = self.lock_index().games.get(&id).map(|s| s.version);
        if known.is_some_and(|v| v >= row.version) {
            return;
        }
        if !row.status.is_running() {
            if known.is_some() {
                self.lock_index().remove(id);
                self.lock_tables().remove(&id);
            }
            self.lock_broken().remove(&id);
            return;
        }
        if let Some(broken) = self.lock_broken().get_mut(&id) {
            *broken = row;
            return;
        }
        let old = self.lock_tables().get(&id).cloned();
        // A command here holds the game: it finishes on what it has (a write of it fails on the
        // version and is decided again after a sync), and the game is read again at the next.
        let kept = match &old {
            Some(cell) => match cell.try_lock() {
                Ok(t) => Some((t.pending.clone(), t.partial.clone())),
                Err(_) => {
                    self.lock_stale().insert(id);
                    return;
                }
            },
            None => None,
        };
        match self.load(row.clone()).await {
            Ok(mut table) => {
                self.replayed.fetch_add(1, Ordering::Relaxed);
                // What memory alone holds (a move echoed for confirmation, a move typed without
                // its last part) is kept: each names the turn it belongs to, and is refused as
                // stale once the game moved past it.
                if let Some((pending, partial)) = kept {
                    table.pending = pending;
                    table.partial = partial;
                }
                // Installed unless this instance meanwhile wrote a newer version itself.
                let newer_here =
                    self.lock_index().games.get(&id).is_some_and(|s| s.version >= row.version);
                if !newer_here {
                    self.install(table);
                }
            }
            // The store failed, not the game (a connection lost or none free in time, as
            // when many instances share one server): read it again at the next sync rather
            // than call a sound game unresumable.
            Err(TableError::Store(e)) => {
                tracing::error!(game = %id, error = %e, "reading a game again failed");
                self.lock_stale().insert(id);
            }
            Err(e) => {
                tracing::error!(
                    game = %id,
                    error = ?e,
                    "cannot rebuild game from its log: kept as 'cannot be resumed'"
                );
                // Running (checked above): listed as "cannot be resumed", as at a start.
                self.lock_index().remove(id);
                self.lock_tables().remove(&id);
                self.lock_broken().insert(id, row);
            }
        }
    }

    /// Whether `error` is a lost race for a game that is worth deciding again after a
    /// [`Referee::sync`]: only where other instances share the store.
    pub(super) fn worth_retrying(&self, error: &TableError) -> bool {
        matches!(error, TableError::Conflict) && self.store.is_shared()
    }
}
