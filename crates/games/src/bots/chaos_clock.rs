//! Chaos Clock's bot.
//!
//! - Level 6 ([`super::TOP_LEVEL`]): the exact solver ([`State::bot_action`] with the default
//!   budget); `guessed` when the search ran over it. Where its proven result is not a win, it
//!   picks among the equally valued actions the one whose opponent's replies most often give
//!   the bot more (its ways to go wrong), else one that plays on ([`swindle`]).
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
/// - 5 and 4: the full solver with the top level's traps ([`swindle`]), slipping in 13 % and
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
    Style { budget: fast::DEFAULT_BUDGET, blunder: 0, slip: 130, swindle: true },
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

/// The positions the top level's tie-break ([`swindle`]) may create in all, solving the
/// opponent's replies with one shared memo, so that it stays within the move's time aim
/// (docs/bots.md) after the solver's own search. A reply past it is left out of the count.
pub const SWINDLE_BUDGET: usize = 4_000_000;

/// Level 6: a best action by the solver (it never gives up a proven outcome); among equals,
/// unless the win is already proven, the one most likely to let an opponent go wrong
/// ([`swindle`]). A proven win, and positions with nothing to choose, go to the engine's own
/// choice ([`State::bot_action`]: progress home, fewest repetitions).
fn top_level(game: &State, seat: Seat) -> Option<(Action, bool)> {
    // One search serves both the proven value and the engine's own choice (`bot_action`
    // would search again). Past the budget, `bot_action`'s guess.
    let Ok(advice) = game.advice(fast::DEFAULT_BUDGET) else {
        return game.bot_guess().map(|a| (a, true));
    };
    let fallback = game.bot_pick(&advice)?;
    Some((swindle(game, seat, &advice).unwrap_or(fallback), false))
}

/// Among the solver's equally valued actions (`advice.best`), unless the win is already
/// proven, the one that leaves the largest share of the opponent's replies giving `seat` more
/// than the proven value (a win where the proven value is shared, lost or 共赢 where it is
/// lost; a reply into the bot's own win counts twice): the opponent's chance to go wrong if
/// it replied at random. A share, not a count: a player at random is as likely to err among
/// four replies with two wrong as among twelve with six. Where no action leaves one at once,
/// an action that keeps the game going (fewest repetitions first) rather than one that ends
/// it at the proven value: a pass that makes two in a row settles for 同输, while playing on
/// (which the solver shows gives up nothing) leaves an imperfect opponent time to go wrong
/// later. `None` when there
/// is nothing to choose (a proven win, one best action, or every best action ends the game).
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
    // (the chance that a reply at random goes wrong, a win counting twice, in thousandths;
    // fewest repetitions; action): the largest wins, the first of equals in canonical order
    // kept.
    let mut best: Option<(u64, std::cmp::Reverse<u8>, Action)> = None;
    // One memo for every reply's search: the replies of different actions share most of
    // their positions.
    let mut search = fast::Fast::new(SWINDLE_BUDGET);
    for &action in &advice.best {
        let mut next = game.clone();
        if next.play(seat, &action).is_err() || next.to_act().outcome().is_some() {
            continue;
        }
        let Some(mover) = next.to_act().seat() else { continue };
        // After an extra turn (a capturing drop) the opponent has no reply yet: nothing to
        // count, but the game goes on.
        let replies = if mover == seat { Vec::new() } else { next.legal_actions(mover) };
        let (mut wrong, mut counted) = (0u64, 0u64);
        for reply in replies {
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
                None => {
                    let mut pos = after.solver_pos();
                    pos.normalize();
                    match search.value(&pos) {
                        Ok(v) => v,
                        Err(_) => continue,
                    }
                }
            };
            counted += 1;
            let r = rank(value);
            if r == 3 {
                wrong += 2;
            } else if r > root {
                wrong += 1;
            }
        }
        let chance = (wrong * 1000).checked_div(counted).unwrap_or(0);
        let key = (chance, std::cmp::Reverse(next.times_seen()));
        if best.is_none_or(|(c, r, _)| key > (c, r)) {
            best = Some((key.0, key.1, action));
        }
    }
    best.map(|(_, _, action)| action)
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

    /// Over positions reached by random play: wherever the proven value is not the top
    /// level's own win and it has a choice, it keeps the proven value (its action is one of
    /// the solver's best), and it does not end the game at that value (a pass into two in a
    /// row, a third repetition) while an equally valued action plays on, even where the
    /// engine's own choice (`bot_pick`: most pieces home) would.
    #[test]
    fn the_top_level_keeps_the_proven_value_and_plays_on_rather_than_settle() {
        let ends = |game: &State, seat: Seat, action: Action| {
            let mut next = game.clone();
            next.play(seat, &action).is_ok() && next.to_act().outcome().is_some()
        };
        // Random play rarely reaches a position where the engine's choice ends the game while
        // an equal action plays on: of seeds 0..200, only 92 (twice) and 192 do; this range
        // holds one of them and keeps the test to a few seconds.
        const SEEDS: std::ops::Range<u64> = 80..110;
        let (mut checked, mut could_settle, mut engine_settles) = (0, 0, 0);
        for game_seed in SEEDS {
            let mut game = State::new(&Options::default(), Seed(game_seed)).expect("valid options");
            let mut rng = crate::core::SplitMix64(game_seed);
            for ply in 0..40 {
                let Some(seat) = game.to_act().seat() else { break };
                let mine = if seat.0 == 0 { solver::JIA_WINS } else { solver::YI_WINS };
                let advice = if ply >= 6 { game.advice(2_000_000).ok() } else { None };
                if let Some(advice) = advice.filter(|a| a.value != mine && a.best.len() >= 2) {
                    let chosen = choose(&game, seat, 6, ply);
                    let Some((action, guessed)) = chosen else { panic!("no action at ply {ply}") };
                    assert!(!guessed, "seed {game_seed} ply {ply}: solved within 2 M, not a guess");
                    assert!(advice.best.contains(&action), "seed {game_seed} ply {ply}: {action}");
                    let best = &advice.best;
                    if best.iter().any(|a| ends(&game, seat, *a))
                        && best.iter().any(|a| !ends(&game, seat, *a))
                    {
                        could_settle += 1;
                        if game.bot_pick(&advice).is_some_and(|a| ends(&game, seat, a)) {
                            engine_settles += 1;
                        }
                        assert!(
                            !ends(&game, seat, action),
                            "seed {game_seed} ply {ply}: {action} settles"
                        );
                    }
                    checked += 1;
                }
                let legal = game.legal_actions(seat);
                let Some(&action) = legal.get(rng.below(legal.len())) else { break };
                assert!(game.play(seat, &action).is_ok());
            }
        }
        assert!(checked >= 20, "only {checked} positions with a choice");
        assert!(could_settle >= 1, "no position where an equally valued action ends the game");
        assert!(engine_settles >= 1, "no position where the engine's choice would settle");
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
