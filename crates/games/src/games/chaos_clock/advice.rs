//! What the solver tells players and plays for the bot: hints (the verdict and every best
//! action), the bot's move, and the post-game analysis (the first action that changed the
//! proven outcome). All pure and budgeted: past its budget a search says "unknown", never
//! guesses.
//!
//! Semantics (docs/chaos-clock.md, decision 6): a position's value is its value in the game
//! graph, without the history (the third-repetition rule is the referee's guard against endless
//! play, which the solver already counts as 同输).

use super::fast;
use super::solver::{self, Budget, Verdict};
use super::{Action, State};
use crate::core::Seat;
use crate::games::Game;

/// The solver's advice for the side to act.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Advice {
    /// The proven outcome for the side to act.
    pub verdict: Verdict,
    /// The absolute value (`solver::JIA_WINS` …).
    pub value: u8,
    /// Every action that keeps the proven outcome, in canonical order.
    pub best: Vec<Action>,
    /// Positions the search created.
    pub positions: usize,
    /// In a lost position, from [`State::hint`]: each action's practical chances, best first
    /// (empty otherwise, and from [`State::advice`]).
    pub chances: Vec<Chance>,
}

/// How an action of a lost side leaves the opponent: of `replies` legal replies, `keeping` keep
/// the opponent's proven win. Fewer winning replies are more chances for the opponent to go
/// wrong: what a lost side can still play for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chance {
    /// The action.
    pub action: Action,
    /// The opponent's replies that keep its win.
    pub keeping: usize,
    /// The opponent's legal replies.
    pub replies: usize,
}

/// The post-game analysis.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Analysis {
    /// No action was played.
    Empty,
    /// Every action kept the start's proven value.
    Kept {
        /// The absolute value of the start (and of every later position).
        value: u8,
    },
    /// Action number `ply` (1-based) changed the proven value from `before` to `after`.
    Changed {
        /// The action's number in the game, from 1.
        ply: usize,
        /// Who played it.
        seat: Seat,
        /// The action.
        action: Action,
        /// The absolute value before it.
        before: u8,
        /// The absolute value after it.
        after: u8,
    },
    /// The positions needed more than the budget.
    Unknown,
}

impl State {
    /// The verdict for the side to act and every best action; `Err` past `budget` positions.
    ///
    /// # Errors
    ///
    /// The search would need more than `budget` positions.
    pub fn advice(&self, budget: usize) -> Result<Advice, Budget> {
        let pos = self.solver_pos();
        let s = fast::solve_best(&pos, budget)?;
        let legal = self.legal_actions(self.to_move);
        // Only actions the engine accepts (the solver's list is the same set; this keeps the
        // two from ever drifting apart silently).
        let best = s.best().into_iter().filter(|a| legal.contains(a)).collect();
        Ok(Advice {
            verdict: Verdict::of(s.value, pos.side),
            value: s.value,
            best,
            positions: s.positions,
            chances: Vec::new(),
        })
    }

    /// [`State::advice`] for `/hint`: in a lost position it also weighs every action by the
    /// opponent's replies that keep the win ([`Chance`]), fewest first (then by fewest of them
    /// in proportion, then in canonical order). Actions after which the same side acts again or
    /// the game ends are left out of the chances (they are in `best` anyway).
    ///
    /// # Errors
    ///
    /// A search would need more than `budget` positions.
    pub fn hint(&self, budget: usize) -> Result<Advice, Budget> {
        let mut advice = self.advice(budget)?;
        if advice.verdict != Verdict::Lose {
            return Ok(advice);
        }
        let mut chances = Vec::new();
        for action in self.legal_actions(self.to_move) {
            let mut next = self.clone();
            next.apply(action);
            if next.to_act().outcome().is_some() || next.to_move == self.to_move {
                continue;
            }
            let reply = next.advice(budget)?;
            advice.positions += reply.positions;
            let replies = next.legal_actions(next.to_move).len();
            chances.push(Chance { action, keeping: reply.best.len(), replies });
        }
        chances.sort_by(|a, b| {
            a.keeping.cmp(&b.keeping).then((a.keeping * b.replies).cmp(&(b.keeping * a.replies)))
        });
        advice.chances = chances;
        Ok(advice)
    }

    /// The bot's action: a best action (it never gives up a proven outcome), choosing among
    /// equals the one that brings the most pieces home, then the one whose position has occurred
    /// least often in this game (so that a won game makes progress instead of circling), then
    /// the first in canonical order. `proven` is false when the search ran over its budget; the
    /// bot then plays the first legal non-pass action. `None` when the game is over.
    #[must_use]
    pub fn bot_action(&self, budget: usize) -> Option<(Action, bool)> {
        let legal = self.legal_actions(self.to_move);
        if legal.is_empty() {
            return None;
        }
        let Ok(advice) = self.advice(budget) else {
            return self.bot_guess().map(|a| (a, false));
        };
        Some((self.bot_pick(&advice)?, true))
    }

    /// [`State::bot_action`]'s guess when the search runs over its budget: the first legal
    /// non-pass action, else the first legal action. `None` when the game is over.
    #[must_use]
    pub fn bot_guess(&self) -> Option<Action> {
        let legal = self.legal_actions(self.to_move);
        legal.iter().copied().find(|a| *a != Action::Pass).or(legal.first().copied())
    }

    /// [`State::bot_action`]'s choice once the search is done: among `advice.best` (every
    /// legal action if it is empty), the one that brings the most pieces home, then the one
    /// whose position has occurred least often, then the first in canonical order. `None` when
    /// the game is over.
    #[must_use]
    pub fn bot_pick(&self, advice: &Advice) -> Option<Action> {
        let score = |a: &Action| {
            let mut next = self.clone();
            next.apply(*a);
            let home = next.home_count(super::JIA) + next.home_count(super::YI);
            (std::cmp::Reverse(home), next.times_seen())
        };
        let legal;
        let candidates = if advice.best.is_empty() {
            legal = self.legal_actions(self.to_move);
            &legal
        } else {
            &advice.best
        };
        candidates.iter().min_by_key(|a| score(a)).copied()
    }

    /// The first action of the game that changed the proven outcome, searching every position
    /// with one shared memo (`budget` positions in all).
    #[must_use]
    pub fn analysis(&self, budget: usize) -> Analysis {
        let Some((first, _)) = self.trail.first() else { return Analysis::Empty };
        let mut search = fast::Fast::new(budget);
        let mut value_of = |p: &solver::Pos| {
            let mut p = *p;
            p.normalize();
            search.value(&p)
        };
        let Ok(start) = value_of(first) else { return Analysis::Unknown };
        let mut before = start;
        for (i, (pos, action)) in self.trail.iter().enumerate() {
            // The value after the action: of the child it leads to, or the value of an action
            // that ends the game at once (a second pass).
            let mut child = None;
            pos.for_each_child(|a, c| {
                if a == *action {
                    child = Some(c);
                }
            });
            let after = match child {
                Some(Err(v)) => v,
                Some(Ok(c)) => match c.terminal() {
                    Some(v) => v,
                    None => match value_of(&c) {
                        Ok(v) => v,
                        Err(_) => return Analysis::Unknown,
                    },
                },
                // Not reachable: every trail action was legal when played.
                None => return Analysis::Unknown,
            };
            if after != before {
                let seat = if pos.side == 0 { super::JIA } else { super::YI };
                return Analysis::Changed { ply: i + 1, seat, action: *action, before, after };
            }
            before = after;
        }
        Analysis::Kept { value: start }
    }
}
