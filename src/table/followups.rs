//! What a game's end promises to say afterwards, on its own: Chaos Clock's analysis, a solver
//! search of seconds (docs/scale.md, "Delivery under stops").
//!
//! The end is announced at once, saved before announced as always; the analysis follows as a
//! kept message of its own. So that a stop or a crash between the two loses nothing, the
//! promise is written down before the end is saved (a key of the store's key/value table,
//! [`analysis_key`]) and taken out only in the transaction that puts the analysis in the
//! outbox ([`crate::store::Store::fulfil`]). A start finds the promises left and keeps them
//! ([`crate::table::Referee::open`]); a stop waits for those under way
//! ([`crate::table::Referee::settle`]). The work runs in the background here; what it has to
//! say is handed out by the next clock tick, or by `settle`.
//!
//! A leaf of the referee: it knows the layers below the operations (the store, the solver, the
//! voice), not the [`super::referee::Referee`] that owns it.

use std::future::Future;
use std::time::Duration;

use super::prelude::*;

/// Where the store keeps the promise of an analysis: `analysis-due.<game id>`.
pub(super) const ANALYSIS_PREFIX: &str = "analysis-due.";

/// The key of the promise that game `id`'s end made.
pub(super) fn analysis_key(id: GameId) -> String {
    format!("{ANALYSIS_PREFIX}{id}")
}

/// The follow-ups under way, and the messages of those done, waiting to be handed out. Dropping
/// it (the referee) ends those under way: what they promised stays in the store, for the next
/// start.
#[derive(Debug, Default)]
pub(super) struct Followups {
    state: Arc<StdMutex<State>>,
    changed: Arc<tokio::sync::Notify>,
}

#[derive(Debug, Default)]
struct State {
    running: HashMap<u64, tokio::task::AbortHandle>,
    next: u64,
    ready: Vec<Outbound>,
}

impl Followups {
    fn lock(state: &StdMutex<State>) -> std::sync::MutexGuard<'_, State> {
        state.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Runs `work` in the background; what it has to say is handed out by [`Followups::take`].
    pub(super) fn spawn(&self, work: impl Future<Output = Vec<Outbound>> + Send + 'static) {
        let (state, changed) = (self.state.clone(), self.changed.clone());
        // Registered before the task can finish: it takes the lock to say it is done.
        let mut guard = Self::lock(&self.state);
        let n = guard.next;
        guard.next += 1;
        let task = tokio::spawn(async move {
            let said = work.await;
            let mut s = Self::lock(&state);
            s.ready.extend(said);
            s.running.remove(&n);
            drop(s);
            changed.notify_waiters();
        });
        guard.running.insert(n, task.abort_handle());
    }

    /// What the follow-ups done so far have to say, in the order they finished.
    pub(super) fn take(&self) -> Vec<Outbound> {
        std::mem::take(&mut Self::lock(&self.state).ready)
    }

    /// Waits, at most `patience`, until no follow-up is under way; then what they had to say.
    pub(super) async fn settle(&self, patience: Duration) -> Vec<Outbound> {
        let wait = async {
            loop {
                let notified = self.changed.notified();
                if Self::lock(&self.state).running.is_empty() {
                    return;
                }
                notified.await;
            }
        };
        if tokio::time::timeout(patience, wait).await.is_err() {
            tracing::warn!("follow-ups of ended games still under way; the next start keeps them");
        }
        self.take()
    }
}

impl Drop for Followups {
    fn drop(&mut self) {
        for task in Self::lock(&self.state).running.values() {
            task.abort();
        }
    }
}

/// Computes the analysis of `t`, a game just ended with a result, words it in its public
/// language and keeps the promise its end made: in one transaction the promise goes and the
/// analysis joins the outbox (`kept`: the platform delivers from it), numbered, or, where the
/// platform keeps nothing, the promise goes and the message is returned unkept. Another
/// instance that kept the promise first (several instances, a start while this one still
/// worked) leaves nothing to say. A failing store leaves the promise for the next start.
pub(super) async fn analysis(
    store: Store,
    solver: Arc<solver::Solver>,
    t: Table,
    kept: bool,
    now_ms: i64,
) -> Vec<Outbound> {
    let id = t.row.id;
    let game = t.game.clone();
    let who = format!("game:{id}");
    let found = solver.run(&who, "the analysis", move || games::analysis(&game)).await;
    let message = match found {
        Ok(Some(analysis)) => voice::analysis_text(public_lang(&t), &t, &analysis)
            .map(|text| voice::msg_of(&t, voice::public_of(&t), text)),
        Ok(None) => None,
        Err(e) => {
            tracing::error!(game = %id, error = ?e, "the analysis failed; kept for the next start");
            return Vec::new();
        }
    };
    let mut out: Vec<Outbound> = message.into_iter().collect();
    let rows =
        if kept { out.iter().map(|m| m.to_stored(Some(id), now_ms)).collect() } else { Vec::new() };
    match store.fulfil(&analysis_key(id), rows).await {
        Ok(Some(ids)) => {
            for (m, row) in out.iter_mut().zip(ids) {
                m.outbox = Some(row);
            }
            out
        }
        Ok(None) => Vec::new(),
        Err(e) => {
            tracing::error!(game = %id, error = ?e, "the analysis cannot be kept; the next start tries again");
            Vec::new()
        }
    }
}
