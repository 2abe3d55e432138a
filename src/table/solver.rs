//! Fair use of the solver (Chaos Clock's bot, `/hint`, the analysis, fair starts).
//!
//! Each search may hold a core and a few hundred MB for seconds, so at most one runs per core.
//! Waiting searches are served **round robin across requesters** (a user, or a game for the
//! bot's moves and analyses), not first come first served: one player's storm of requests
//! cannot push another chat's fair start behind all of them, only behind at most one of theirs
//! per free slot. On top of that each user may have **one request in flight** at a time
//! ([`Solver::reserve`]); the referee refuses a second one at once.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::Mutex as StdMutex;

use tokio::sync::oneshot;

use super::error::TableError;

/// Runs searches on the blocking threads, at most `slots` at once, round robin across
/// requesters.
#[derive(Debug)]
pub(super) struct Solver {
    slots: usize,
    state: StdMutex<State>,
}

#[derive(Debug, Default)]
struct State {
    running: usize,
    /// Requesters with waiting searches, in the order they are served next.
    turn: VecDeque<String>,
    /// Each requester's waiting searches, oldest first.
    waiting: HashMap<String, VecDeque<oneshot::Sender<()>>>,
    /// Users with a request in flight ([`Solver::reserve`]).
    busy: HashSet<String>,
}

/// A user's one request in flight; dropping it lets them ask again.
#[derive(Debug)]
pub(super) struct Reservation<'a> {
    solver: &'a Solver,
    who: String,
}

impl Drop for Reservation<'_> {
    fn drop(&mut self) {
        self.solver.lock().busy.remove(&self.who);
    }
}

/// A running search's slot; dropping it hands the slot to the next requester in turn.
struct Slot<'a> {
    solver: &'a Solver,
}

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        self.solver.release();
    }
}

impl Solver {
    /// A solver with `slots` searches at once (at least one).
    pub(super) fn new(slots: usize) -> Solver {
        Solver { slots: slots.max(1), state: StdMutex::default() }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Marks `who` as having a request in flight, or `None` when they already have one.
    pub(super) fn reserve(&self, who: &str) -> Option<Reservation<'_>> {
        self.lock()
            .busy
            .insert(who.to_string())
            .then(|| Reservation { solver: self, who: who.to_string() })
    }

    /// Waits for a slot in `who`'s turn.
    async fn slot(&self, who: &str) -> Slot<'_> {
        let wait = {
            let mut state = self.lock();
            if state.running < self.slots && state.turn.is_empty() {
                state.running += 1;
                None
            } else {
                let (tx, rx) = oneshot::channel();
                let queue = state.waiting.entry(who.to_string()).or_default();
                queue.push_back(tx);
                if queue.len() == 1 {
                    state.turn.push_back(who.to_string());
                }
                Some(rx)
            }
        };
        if let Some(rx) = wait {
            // The slot is handed over with the message; a closed channel cannot happen while
            // this solver lives, and then the slot was counted for us all the same.
            let _ = rx.await;
        }
        Slot { solver: self }
    }

    /// Hands a freed slot to the next waiting requester in turn, or frees it.
    fn release(&self) {
        let mut state = self.lock();
        while let Some(who) = state.turn.pop_front() {
            let Some(queue) = state.waiting.get_mut(&who) else { continue };
            let next = queue.pop_front();
            if queue.is_empty() {
                state.waiting.remove(&who);
            } else {
                state.turn.push_back(who);
            }
            // A waiter whose caller gave up (dropped its receiver) passes the slot on.
            if let Some(tx) = next
                && tx.send(()).is_ok()
            {
                return;
            }
        }
        state.running -= 1;
    }

    /// Runs `search` on the blocking threads once a slot is free in `who`'s turn.
    ///
    /// # Errors
    ///
    /// The search panicked.
    pub(super) async fn run<T: Send + 'static>(
        &self,
        who: &str,
        what: &str,
        search: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, TableError> {
        let _slot = self.slot(who).await;
        tokio::task::spawn_blocking(search)
            .await
            .map_err(|e| TableError::Internal(format!("{what}: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;

    #[test]
    fn a_user_has_one_request_in_flight_at_a_time() {
        let solver = Solver::new(2);
        let first = solver.reserve("telegram:alice").expect("the first request");
        assert!(solver.reserve("telegram:alice").is_none(), "a second one is refused");
        assert!(solver.reserve("telegram:bob").is_some(), "others are not affected");
        drop(first);
        assert!(solver.reserve("telegram:alice").is_some(), "once answered, she may ask again");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn waiting_searches_are_served_round_robin_across_requesters() {
        let solver = Arc::new(Solver::new(1));
        let order = Arc::new(StdMutex::new(Vec::new()));
        // A search holds the one slot until told to finish.
        let (finish, hold) = std::sync::mpsc::channel::<()>();
        let running = {
            let solver = solver.clone();
            tokio::spawn(async move {
                solver.run("alice", "first", move || hold.recv().is_ok()).await.expect("runs")
            })
        };
        while solver.lock().running == 0 {
            tokio::task::yield_now().await;
        }
        // Alice queues three more, then Carol one: Carol's must not wait for all of Alice's.
        let mut tasks = Vec::new();
        for name in ["alice-1", "alice-2", "alice-3", "carol-1"] {
            let (shared, order) = (solver.clone(), order.clone());
            let who = name.split('-').next().expect("a name").to_string();
            tasks.push(tokio::spawn(async move {
                let wait = shared.run(&who, name, {
                    let order = order.clone();
                    move || order.lock().expect("the order").push(name)
                });
                wait.await.expect("runs");
            }));
            // Each is queued before the next is asked (their order is the test's).
            loop {
                let waiting: usize = solver.lock().waiting.values().map(VecDeque::len).sum();
                if waiting == tasks.len() {
                    break;
                }
                tokio::task::yield_now().await;
            }
        }
        finish.send(()).expect("the first search waits");
        assert!(running.await.expect("the first search"));
        for t in tasks {
            t.await.expect("a queued search");
        }
        assert_eq!(*order.lock().expect("the order"), ["alice-1", "carol-1", "alice-2", "alice-3"]);
        assert_eq!(solver.lock().running, 0, "every slot is free again");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn no_more_searches_run_at_once_than_there_are_slots() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let limit = Arc::new(Solver::new(2));
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let mut tasks = Vec::new();
        for i in 0..6 {
            let (limit, running, most) = (limit.clone(), running.clone(), most.clone());
            tasks.push(tokio::spawn(async move {
                limit
                    .run(&format!("user{}", i % 3), "a test search", move || {
                        let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        // Stay until a second search runs beside this one (or two seconds pass), so
                        // that a third one would be seen if the limit let it in.
                        for _ in 0..2000 {
                            if running.load(Ordering::SeqCst) >= 2 {
                                break;
                            }
                            std::thread::sleep(std::time::Duration::from_millis(1));
                        }
                        std::thread::sleep(std::time::Duration::from_millis(20));
                        most.fetch_max(running.load(Ordering::SeqCst), Ordering::SeqCst);
                        running.fetch_sub(1, Ordering::SeqCst);
                        i * 10
                    })
                    .await
            }));
        }
        let mut results = Vec::new();
        for task in tasks {
            results.push(task.await.expect("the task ends").expect("the search runs"));
        }
        assert_eq!(results, [0, 10, 20, 30, 40, 50], "every search ran and gave its answer");
        assert_eq!(most.load(Ordering::SeqCst), 2, "two at once, never three");
    }
}
