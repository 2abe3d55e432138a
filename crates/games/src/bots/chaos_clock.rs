//! Chaos Clock's bot.
//!
//! - Level 6 ([`super::TOP_LEVEL`]): the exact solver ([`State::bot_action`] with the default
//!   budget); `guessed` when the search ran over it. Where its proven result is not a win, it
//!   picks among the equally valued actions the one that leaves the opponent the most replies
//!   that would give the bot more (its ways to go wrong), see [`REPLY_LOOKS`].
//! - Levels 3–5 ([`STYLES`]): the solver within a level's budget, and a level's chance each
//!   move of a slip (an action drawn at random); levels 4 and 5 pick among the solver's best
//!   as the top level does. Level 2 plays at random; level 1 blunders whenever it can (an
//!   action the solver shows to hand the opponent a forced win, else one that gives up the
//!   proven value another way). Every level takes a win the short look-ahead sees.
//!
//! The short look-ahead ([`shallow`]) sees what ends the game within the bot's action and the
//! opponent's reply: it takes a win, avoids a loss or a 同输 it can see, and prefers 共赢 to
//! 同输 (the solver's order: own win > 共赢 > 同输 > own loss, docs/chaos-clock.md).

use crate::core::{GameResult, Seat};
use crate::games::Game;
use crate::games::chaos_clock::{Action, Advice, State, fast, solver};

/// How a level below the top plays: the solver's budget (positions), how often, in
/// thousandths of its moves, it blunders or slips, and whether it sets traps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    /// The solver's position budget; 0 for none (the short look-ahead only).
    pub budget: usize,
    /// In thousandths: the chance, each move, of a blunder: an action the solver shows to give
    /// up the position's proven value (where it knows; else any action).
    pub blunder: u64,
    /// In thousandths: the chance, each move that is not a blunder, of a slip: an action
    /// drawn at random among all (it may be good or bad, unlike a blunder).
    pub slip: u64,
    /// Whether, among the solver's best actions, it picks the one that leaves the opponent
    /// the most ways to go wrong, as the top level does ([`swindle`]).
    pub swindle: bool,
}

/// Levels 1–5 (index = level − 1; the top level is [`top_level`]), measured against each
/// other in docs/bots.md:
///
/// - 5 and 4: the full solver with the top level's traps ([`swindle`]), slipping in 10 % and
///   30 % of their moves;
/// - 3: a 2 M-position budget (under a second a move), slipping in 52 % of its moves; past
///   its budget (early in a game) it plays the short look-ahead's choice;
/// - 2: a random action (it still takes a win in sight);
/// - 1: a beginner that always blunders where its small search (150 000 positions) sees how,
///   else plays at random: a random player beats it in about two games of three.
///
/// Two perfect players score 50 % (the start decides), so a level scores above the one below
/// only from that level's mistakes; a slip (a random action) costs far less than a blunder (a
/// losing one), which lets five levels fit between the solver and a player that always
/// blunders (docs/bots.md).
pub const STYLES: [Style; 5] = [
    Style { budget: 150_000, blunder: 1000, slip: 0, swindle: false },
    Style { budget: 0, blunder: 1000, slip: 0, swindle: false },
    Style { budget: 2_000_000, blunder: 0, slip: 520, swindle: false },
    Style { budget: fast::DEFAULT_BUDGET, blunder: 0, slip: 300, swindle: true },
    Style { budget: fast::DEFAULT_BUDGET, blunder: 0, slip: 100, swindle: true },
];

/// The action for `seat` at `level`, and whether it had to be guessed (only the top level
/// claims to play perfectly, so only it reports guesses).
#[must_use]
pub fn choose(game: &State, seat: Seat, level: u8, seed: u64) -> Option<(Action, bool)> {
    if game.to_move() != seat || game.to_act().seat() != Some(seat) {
        return None;
    }
    let level = level.clamp(super::MIN_LEVEL, super::TOP_LEVEL);
    if level >= super::TOP_LEVEL {
        return top_level(game, seat);
    }
    let style = STYLES.get(usize::from(level - 1)).copied().unwrap_or(STYLES[0]);
    choose_with(game, seat, style, seed).map(|a| (a, false))
}

/// The action for `seat` played in `style` (levels 1–5, and the ladder's tuning runs):
///
/// 1. a win the short look-ahead ([`shallow`]) sees is always taken;
/// 2. with the style's blunder chance, a random action among those the solver shows to hand
///    the opponent a forced win, else among those that give up the proven value otherwise
///    (any action when the solver is over its budget, or when every action keeps the value);
/// 3. otherwise one of the solver's best actions (the short look-ahead's favourite, then the
///    most pieces home), or, past the budget, the short look-ahead's choice: the most pieces
///    home among the actions it does not see lose.
#[must_use]
pub fn choose_with(game: &State, seat: Seat, style: Style, seed: u64) -> Option<Action> {
    if game.to_move() != seat || game.to_act().seat() != Some(seat) {
        return None;
    }
    let legal = game.legal_actions(seat);
    if legal.is_empty() {
        return None;
    }
    let mut rng = super::rng(seed, game.solver_pos().key());
    let scored: Vec<(Action, i32)> = legal.iter().map(|&a| (a, shallow(game, seat, a))).collect();
    let top = scored.iter().map(|s| s.1).max().unwrap_or(0);
    // A win in sight is always taken (a beginner sees it too).
    if top >= WIN {
        return scored.iter().find(|s| s.1 == top).map(|s| s.0);
    }
    if rng.next_u64() % 1000 < style.blunder {
        let pool = blunders(game, seat, &legal, style.budget);
        let pool = if pool.is_empty() { &legal } else { &pool };
        return pool.get(rng.below(pool.len())).copied().or(legal.first().copied());
    }
    if rng.next_u64() % 1000 < style.slip {
        return legal.get(rng.below(legal.len())).copied();
    }
    let advice = if style.budget > 0 {
        game.advice(style.budget).ok().filter(|a| !a.best.is_empty())
    } else {
        None
    };
    if let Some(advice) = advice {
        if style.swindle
            && let Some(action) = swindle(game, seat, &advice)
        {
            return Some(action);
        }
        // Among the solver's best, what the short look-ahead likes most, then by pieces home.
        let pick = advice.best.iter().max_by_key(|a| {
            let s = scored.iter().find(|s| s.0 == **a).map_or(0, |s| s.1);
            (s, home_after(game, **a), std::cmp::Reverse(**a))
        });
        if let Some(a) = pick {
            return Some(*a);
        }
    }
    let floor = top.min(UNKNOWN);
    let safe: Vec<Action> = scored.iter().filter(|s| s.1 >= floor).map(|s| s.0).collect();
    let best = safe
        .iter()
        .copied()
        .max_by_key(|a| (home_after(game, *a), rng.next_u64() % 1024, std::cmp::Reverse(*a)));
    best.or(legal.first().copied())
}

/// A blunder's candidates: the actions the solver (within `budget`) shows to hand the
/// opponent a forced win, else those that give up the position's value in another way (to 同输),
/// else none (the solver is over its budget, or every action keeps the value).
fn blunders(game: &State, seat: Seat, legal: &[Action], budget: usize) -> Vec<Action> {
    if budget == 0 {
        return Vec::new();
    }
    let Ok(solved) = fast::solve(&game.solver_pos(), budget) else { return Vec::new() };
    let theirs = if seat.0 == 0 { solver::YI_WINS } else { solver::JIA_WINS };
    let pick = |keep: &dyn Fn(u8) -> bool| -> Vec<Action> {
        solved
            .actions
            .iter()
            .filter(|(a, v)| keep(*v) && legal.contains(a))
            .map(|(a, _)| *a)
            .collect()
    };
    let losing = pick(&|v| v == theirs && solved.value != theirs);
    if losing.is_empty() { pick(&|v| v != solved.value) } else { losing }
}

/// The budget of each look at one of the opponent's replies (the top level's tie-break).
const REPLY_BUDGET: usize = 100_000;
/// At most this many of the opponent's replies are solved in all (each within a budget of
/// 100 000 positions), so that the tie-break stays within the
/// move's time aim (docs/bots.md) after the solver's own search.
pub const REPLY_LOOKS: usize = 40;

/// Level 6: a best action by the solver (it never gives up a proven outcome); among equals,
/// unless the win is already proven, the one that leaves the opponent the most replies that
/// give the bot more than the proven value (a win where the proven value is shared, lost or
/// 共赢 where it is lost): the opponent's ways to go wrong. Ties, and a proven win, go to the
/// engine's own choice ([`State::bot_action`]: progress home, fewest repetitions).
fn top_level(game: &State, seat: Seat) -> Option<(Action, bool)> {
    let (fallback, proven) = game.bot_action(fast::DEFAULT_BUDGET)?;
    if !proven {
        return Some((fallback, true));
    }
    let Ok(advice) = game.advice(fast::DEFAULT_BUDGET) else { return Some((fallback, false)) };
    Some((swindle(game, seat, &advice).unwrap_or(fallback), false))
}

/// Among the solver's equally valued actions (`advice.best`), unless the win is already
/// proven, the one that leaves the opponent the most replies that give `seat` more than the
/// proven value (a win where the proven value is shared, lost or 共赢 where it is lost): the
/// opponent's ways to go wrong. `None` when there is nothing to choose (a proven win, one best
/// action, or no best action leaves a way to go wrong).
fn swindle(game: &State, seat: Seat, advice: &Advice) -> Option<Action> {
    let mine = if seat.0 == 0 { solver::JIA_WINS } else { solver::YI_WINS };
    if advice.value == mine || advice.best.len() < 2 {
        return None;
    }
    let rank = |v: u8| match v {
        x if x == mine => 3,
        solver::BOTH_WIN => 2,
        solver::BOTH_LOSE => 1,
        _ => 0,
    };
    let root = rank(advice.value);
    let mut best: Option<(usize, Action)> = None;
    let mut looks = 0;
    for &action in &advice.best {
        let mut next = game.clone();
        if next.play(seat, &action).is_err() || next.to_act().outcome().is_some() {
            continue;
        }
        let Some(mover) = next.to_act().seat() else { continue };
        if mover == seat {
            continue;
        }
        let mut wrong = 0;
        for reply in next.legal_actions(mover) {
            let mut after = next.clone();
            if after.play(mover, &reply).is_err() {
                continue;
            }
            let value = match after.to_act().outcome() {
                Some(o) => match o.result {
                    GameResult::Winner(w) if w == seat => mine,
                    GameResult::Winner(_) => 0,
                    GameResult::BothWin => solver::BOTH_WIN,
                    GameResult::BothLose | GameResult::Draw => solver::BOTH_LOSE,
                },
                None if looks >= REPLY_LOOKS => continue,
                None => {
                    looks += 1;
                    match fast::value(&after.solver_pos(), REPLY_BUDGET) {
                        Ok(v) => v,
                        Err(_) => continue,
                    }
                }
            };
            if rank(value) > root {
                wrong += 1;
            }
        }
        if best.is_none_or(|(w, _)| wrong > w) {
            best = Some((wrong, action));
        }
    }
    best.filter(|(wrong, _)| *wrong > 0).map(|(_, action)| action)
}

/// A win the bot sees.
const WIN: i32 = 40;
/// 共赢 in sight.
const BOTH_WIN: i32 = 30;
/// Nothing decided within the look-ahead.
const UNKNOWN: i32 = 20;
/// The opponent can force 同输 at once or wins only by our grace... (a 同输 in sight).
const BOTH_LOSE: i32 = 10;
/// A loss in sight.
const LOSS: i32 = 0;

/// What `seat` gets from a finished game.
fn worth(result: GameResult, seat: Seat) -> i32 {
    match result {
        GameResult::Winner(w) if w == seat => WIN,
        GameResult::Winner(_) => LOSS,
        GameResult::BothWin => BOTH_WIN,
        GameResult::BothLose | GameResult::Draw => BOTH_LOSE,
    }
}

/// The value for `seat` of playing `action`, looking at most at the opponent's replies: a
/// finished game is worth its result; otherwise the worst the opponent can do at once (it is
/// assumed to take its own win, and to prefer 同输 to letting us win alone), else
/// [`UNKNOWN`]. After an extra turn (a capturing drop) the bot looks one action further.
fn shallow(game: &State, seat: Seat, action: Action) -> i32 {
    shallow_at(game, seat, action, 2)
}

fn shallow_at(game: &State, seat: Seat, action: Action, depth: u8) -> i32 {
    let mut next = game.clone();
    if next.play(seat, &action).is_err() {
        return LOSS;
    }
    if let Some(o) = next.to_act().outcome() {
        return worth(o.result, seat);
    }
    if depth == 0 {
        return UNKNOWN;
    }
    let Some(mover) = next.to_act().seat() else { return UNKNOWN };
    if mover == seat {
        // An extra turn: our best continuation.
        return next
            .legal_actions(seat)
            .into_iter()
            .map(|a| shallow_at(&next, seat, a, depth - 1))
            .max()
            .unwrap_or(UNKNOWN);
    }
    // The opponent's reply: it takes a win, else avoids its own loss; what it leaves us is
    // the worst outcome among its best replies by its own order.
    let mut theirs: Option<(i32, i32)> = None; // (their worth, our worth)
    for reply in next.legal_actions(mover) {
        let mut after = next.clone();
        if after.play(mover, &reply).is_err() {
            continue;
        }
        let (t, o) = match after.to_act().outcome() {
            Some(out) => (worth(out.result, mover), worth(out.result, seat)),
            None => (UNKNOWN, UNKNOWN),
        };
        let better = match theirs {
            None => true,
            Some((bt, bo)) => t > bt || (t == bt && o < bo),
        };
        if better {
            theirs = Some((t, o));
        }
    }
    theirs.map_or(UNKNOWN, |(_, o)| o)
}

/// Pieces home on both sides after `action` (both count: 共赢 needs both sets).
fn home_after(game: &State, action: Action) -> usize {
    let mut next = game.clone();
    if next.play(game.to_move(), &action).is_err() {
        return 0;
    }
    let me = game.to_move();
    2 * next.home_count(me) + next.home_count(me.other())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Seed;
    use crate::games::chaos_clock::Options;

    fn at(position: &str) -> State {
        State::from_position(&Options::default(), position, Seed(1)).expect("valid position")
    }

    /// From the spec's worked example (docs: `12,2,3,4,5,6,7,8,9,10,11,0;0;5`): 甲 drops 1 on
    /// slot 1, capturing 乙's 12 there, which gives 甲 an extra turn with all six pieces home:
    /// 甲 wins alone. Every level sees a win within its look-ahead and takes it.
    #[test]
    fn every_level_takes_the_winning_drop() {
        let game = at("12,2,3,4,5,6,7,8,9,10,11,0;0;5");
        for level in 1..=6 {
            for seed in 0..10 {
                let chosen = choose(&game, Seat(0), level, seed).map(|c| c.0);
                assert_eq!(chosen, Some(Action::Drop(1)), "level {level} seed {seed}");
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_action() {
        let game = State::new(&Options::default(), Seed(9)).expect("valid options");
        for level in 1..=5 {
            assert_eq!(choose(&game, Seat(1), level, 3), choose(&game, Seat(1), level, 3));
        }
    }

    #[test]
    fn every_level_answers_a_legal_action_over_many_random_positions() {
        for game_seed in 0..6u64 {
            let mut game = State::new(&Options::default(), Seed(game_seed)).expect("valid options");
            let mut ply = 0u64;
            while let Some(seat) = game.to_act().seat() {
                let level = (ply % 5) as u8 + 1;
                let chosen = choose(&game, seat, level, game_seed * 1000 + ply);
                let Some((action, _)) = chosen else { panic!("no action at ply {ply}") };
                assert!(game.legal_actions(seat).contains(&action), "{action} at ply {ply}");
                let played = game.play(seat, &action);
                assert!(played.is_ok());
                ply += 1;
                if ply > 200 {
                    break;
                }
            }
        }
    }
}
