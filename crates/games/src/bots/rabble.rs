//! Rabble's bot (烏合之眾): a one-ply look with the opponent's best reply (levels 1–3) or an
//! iteratively deepened capture search (levels 4–6) over the turns of the units where the game
//! happens, with an evaluation of score, material at risk and king safety.
//!
//! The board is unbounded and every square starts full, so no turn list is complete
//! ([`crate::games::Game::legal_actions`] lists only lone pawns on the contact rows). The bot
//! builds its own list from what changed ([`Board::changes`], finite) and never from a range of
//! coordinates: each of its units that differs from the fill, and each of its pawns within two
//! squares of a changed square, with
//!
//! - every square of the unit's 9×9 neighbourhood (a move, a capture, or at level 4 and up a
//!   stack), read by offset from the unit's own coordinates, whatever their size;
//! - along each of its eight rays ([`ray_hints`]): the first two occupied squares (a capture or
//!   a stack) and the far end of an empty run;
//! - at level 4 and up, a split part's captures, 3-D jumps (z ± 1) and, at level 5 and up, a
//!   pawn promoted in its zone before a capture, and hired pieces dropped next to the enemy
//!   King.
//!
//! Every candidate is checked by the engine's own turn checker ([`State::validate`]), so the bot
//! only ever plays turns the engine accepts. Selection: level 1 picks at random, level 2 the
//! default placement, level 3 and up pawns for every group (each pawn chosen is a point, and
//! points decide the quiet-ply and score endings) with the uniques in the default order.
//!
//! The evaluation of a position after the bot's turn, from its side: the score difference
//! (what captures, hires and stacks change), a won or lost game, and from level 3 the
//! opponent's best capture in reply (the most it can take back at once, the King included:
//! losing it loses the game unless the score is higher) and a small bonus for threatening the
//! enemy King. Lower levels look at fewer candidates twice and add noise.
//!
//! Levels 4–6 search instead (`search_root`): every candidate, then 1, 2 or 3 plies of the
//! captures the same generator finds (and the King's steps where a later ply could take it),
//! negamax with alpha-beta and standing pat; the leaves add a term under a pawn for units near
//! the enemy King, Queens and Dage (`pressure`). The root deepens one ply at a time, each
//! iteration ordered by the last one's values, so a node budget that runs out mid-iteration
//! keeps the best move of what was searched completely (level 6's budget often ends during its
//! third ply late in a game). Budgets count the turns played or tried and the units looked at.
//!
//! Between good players almost every turn takes a pawn, so a game is a pawn-for-pawn trade
//! decided by the points at the quiet-ply ending: one point given away loses it. Levels 4 and
//! 5 are made weaker on purpose by a slip, a chance per move (20 % and 5 %) to overlook their
//! captures and play their best other turn (one point given away), unless their own search
//! says that turn loses more than two points (the King or a piece); level 6 never slips.

use crate::core::Seat;
use crate::games::Game;
use crate::games::rabble::geometry::ray_hints;
use crate::games::rabble::{Action, Board, Coord, End, Int, Kind, Side, State, Step, Unit};

/// How many of the best one-ply candidates each level checks against the opponent's replies
/// (index = level − 1).
const REPLY_CHECKS: [usize; 6] = [0, 0, 6, 12, 20, 32];
/// Noise added to each candidate's value, in tenths of a point, by level.
const NOISE: [u64; 6] = [40, 20, 8, 4, 2, 0];
/// The chance in percent that level 1 plays a random candidate.
const LEVEL1_RANDOM: u64 = 40;
/// A won game, in the evaluation's units (tenths of a point).
const WON: i64 = 1_000_000;
/// At most this many units are considered (the nearest to the action come first).
const MAX_UNITS: usize = 160;

/// The action for `seat` at `level`.
#[must_use]
pub fn choose(game: &State, seat: Seat, level: u8, seed: u64) -> Option<Action> {
    if game.to_act().seat() != Some(seat) {
        return None;
    }
    let level = level.clamp(super::MIN_LEVEL, super::TOP_LEVEL);
    let side = Side::from_index(seat.index());
    let mut rng = super::rng(seed, u64::from(game.ply) ^ 0x2ABB_1E00);
    if let Some((_, step)) = game.selecting() {
        return Some(pick(level, step, &mut rng));
    }
    let me = side.index();
    let them = side.other().index();
    let ahead = game.score[me] - game.score[them];
    let legal = game.legal_actions(seat);
    if legal.contains(&Action::AcceptDraw) && level >= 2 && ahead < 0 {
        return Some(Action::AcceptDraw);
    }
    let candidates = candidates(game, side, level);
    if candidates.is_empty() {
        // Not reached in practice (a side always has a pawn turn); the engine's own list.
        return legal.into_iter().find(|a| !matches!(a, Action::AcceptDraw | Action::OfferDraw));
    }
    let index = usize::from(level - 1);
    if level == 1 && rng.next_u64() % 100 < LEVEL1_RANDOM {
        let i = rng.below(candidates.len());
        return candidates.get(i).map(|(a, _)| a.clone());
    }
    if level >= SEARCH_FROM {
        return search_root(game, side, level, &candidates, &mut rng);
    }
    let noise = NOISE.get(index).copied().unwrap_or(0);
    let mut scored: Vec<(i64, usize, State)> = Vec::new();
    for (i, (action, _)) in candidates.iter().enumerate() {
        let mut next = game.clone();
        if next.play(seat, action).is_err() {
            continue;
        }
        let value = static_value(&next, side) + jitter(&mut rng, noise);
        scored.push((value, i, next));
    }
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let checks = REPLY_CHECKS.get(index).copied().unwrap_or(0);
    let mut best: Option<(i64, usize)> = None;
    for (k, (value, i, next)) in scored.iter().enumerate() {
        let value = if k < checks && next.end.is_none() {
            let target = candidates.get(*i).and_then(|(_, to)| to.clone());
            value - reply_threat(next, side) + king_threat(next, side, target.as_ref())
        } else if k < checks {
            *value
        } else if checks > 0 {
            // Unchecked candidates count as if the opponent took back what it may.
            value - 2_000
        } else {
            *value
        };
        if best.is_none_or(|(b, _)| value > b) {
            best = Some((value, *i));
        }
    }
    best.and_then(|(_, i)| candidates.get(i)).map(|(a, _)| a.clone())
}

/// The first level that searches ([`search_root`]) instead of checking replies.
const SEARCH_FROM: u8 = 4;

/// How a searching level thinks (levels from [`SEARCH_FROM`]).
struct Profile {
    /// Plies searched after the bot's own turn at the last iteration: the opponent's replies,
    /// then the bot's answers, and so on (captures, and the King's steps where a later ply
    /// could take it). The root deepens one ply at a time up to it.
    depth: u8,
    /// The most nodes the search may spend (a turn played or tried, or ten units looked at
    /// for replies): the bound that keeps a move within its time, counted, not clocked.
    budget: u64,
    /// The chance in percent, per move, of a slip: the bot overlooks its captures and plays
    /// its best turn among the others (a point given away in a pawn-for-pawn game).
    slip: u64,
}

/// Levels 4, 5 and 6.
const PROFILES: [Profile; 3] = [
    Profile { depth: 1, budget: 40_000, slip: 20 },
    Profile { depth: 2, budget: 100_000, slip: 5 },
    Profile { depth: 3, budget: 100_000, slip: 0 },
];
/// Above every evaluation.
const INFINITY: i64 = 4 * WON;

/// A bounded alpha-beta search: the counter of work done and the budget.
struct Search {
    /// Nodes spent so far (see [`Profile::budget`]).
    nodes: u64,
    /// The most it may do.
    budget: u64,
    /// The level (which turns are generated).
    level: u8,
}

impl Search {
    fn exhausted(&self) -> bool {
        self.nodes >= self.budget
    }

    /// The value of `state` for the side to move, searching `depth` more plies of captures
    /// (and the King's steps) with standing pat allowed: negamax, alpha-beta. A value found
    /// after the budget ran out is not exact ([`search_root`] drops it).
    fn quiesce(&mut self, state: &State, depth: u8, mut alpha: i64, beta: i64) -> i64 {
        let side = state.to_move;
        let stand = leaf_value(state, side);
        if state.end.is_some() || depth == 0 || self.exhausted() {
            return stand;
        }
        if stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        let replies = self.replies(state, side, depth > 1);
        // A refused turn changes nothing, so one copy serves until a turn is played on it.
        let mut spare: Option<State> = None;
        for action in replies {
            if self.exhausted() {
                break;
            }
            self.nodes += 1;
            let next = spare.get_or_insert_with(|| state.clone());
            if next.play_turn(side, &action).is_err() {
                continue;
            }
            let Some(next) = spare.take() else { continue };
            let value = -self.quiesce(&next, depth - 1, -beta, -alpha);
            if value > alpha {
                alpha = value;
                if alpha >= beta {
                    break;
                }
            }
        }
        alpha
    }

    /// `side`'s captures in `state` (its turn), the most valuable target first (the King
    /// before all), not yet checked: [`Search::quiesce`] plays them, and the engine refuses
    /// those that are not turns; with `king_steps`, its lone King's steps after them.
    fn replies(&mut self, state: &State, side: Side, king_steps: bool) -> Vec<Action> {
        let board = state.board();
        let mut scored: Vec<(i64, Action)> = Vec::new();
        let mut raw = Vec::new();
        let units = units(state, side);
        // Looking at the units is work too: a tenth of a node each, so that the budget
        // bounds the time as the game grows.
        self.nodes += units.len() as u64 / 10;
        for from in units {
            raw.clear();
            unit_turns(board, side, &from, self.level, true, &mut raw);
            for (k, (action, to)) in raw.iter().enumerate() {
                // Turns of one unit may repeat (an offset and a ray's blocker); two units'
                // never do.
                if raw[..k].iter().any(|(a, _)| a == action) {
                    continue;
                }
                let target = to.as_ref().and_then(|t| board.get(t));
                let order = target.map_or(0, |u| if u.has(Kind::K) { WON } else { u.value() });
                scored.push((order, action.clone()));
            }
        }
        // Stable: equal gains keep the generation order (nearest the action first).
        scored.sort_by_key(|s| std::cmp::Reverse(s.0));
        let mut out: Vec<Action> = scored.into_iter().map(|(_, a)| a).collect();
        if king_steps && let Some(king) = state.royals[side.index()][0].as_ref() {
            let one = Int::ONE;
            for (dx, dy) in (-1..=1).flat_map(|dy| (-1..=1).map(move |dx| (dx, dy))) {
                if (dx, dy) == (0, 0) {
                    continue;
                }
                let to = king.offset(dx, dy, &one);
                if board.get(&to).is_none() {
                    out.push(Action::Unit {
                        from: king.clone(),
                        check: None,
                        split: None,
                        steps: vec![Step::Move { to, via: None }],
                    });
                }
            }
        }
        out
    }
}

/// Whether a turn captures (a unit's capture step).
fn captures_something(action: &Action) -> bool {
    matches!(action, Action::Unit { steps, .. } if steps.iter().any(|s| matches!(s, Step::Capture { .. })))
}

/// One root candidate of [`search_root`].
struct RootMove {
    /// Its value at the last depth searched (or its own value before the first).
    value: i64,
    /// Random, to order equal values (the level's variety).
    tie: u64,
    /// Its index in the candidate list.
    index: usize,
    /// The position after it.
    next: State,
}

/// Levels from [`SEARCH_FROM`]: iterative deepening over the candidates ([`deepen`]). With the
/// level's slip chance the captures are left out for this move, unless the best other turn
/// loses more than [`SLIP_MARGIN`] by the search (the King or a piece): then it searches them
/// all after all.
fn search_root(
    game: &State,
    side: Side,
    level: u8,
    candidates: &[(Action, Option<Coord>)],
    rng: &mut crate::core::SplitMix64,
) -> Option<Action> {
    let index = usize::from(level.saturating_sub(SEARCH_FROM));
    let profile = PROFILES.get(index).unwrap_or(&PROFILES[0]);
    let slip = profile.slip > 0 && rng.next_u64() % 100 < profile.slip;
    let mut found = None;
    if slip && candidates.iter().any(|(a, _)| !captures_something(a)) {
        let now = leaf_value(game, side);
        found = deepen(game, side, level, profile, candidates, true, rng)
            .filter(|(_, value)| *value >= now - SLIP_MARGIN);
    }
    if found.is_none() {
        found = deepen(game, side, level, profile, candidates, false, rng);
    }
    found.and_then(|(i, _)| candidates.get(i)).map(|(a, _)| a.clone())
}

/// The most a slip may lose by the search's own value, against the position before it: two
/// points (a pawn not taken and one more), not a piece.
const SLIP_MARGIN: i64 = 20;

/// Iterative deepening over `candidates` (the captures left out with `quiet`): each is played
/// once and ordered by its own value (equal ones in a random order, the level's variety), then
/// all are searched 1, 2, … plies deep up to the level's depth, each iteration ordered by the
/// last one's values with its best move first. When the budget runs out during an iteration,
/// the move kept is the best of those that iteration searched completely (the previous best
/// is searched first, so it is one of them); a value cut short by the budget is never used.
/// The chosen candidate's index and value.
fn deepen(
    game: &State,
    side: Side,
    level: u8,
    profile: &Profile,
    candidates: &[(Action, Option<Coord>)],
    quiet: bool,
    rng: &mut crate::core::SplitMix64,
) -> Option<(usize, i64)> {
    let mut search = Search { nodes: 0, budget: profile.budget, level };
    let seat = Seat(u8::try_from(side.index()).unwrap_or(0));
    let mut root: Vec<RootMove> = Vec::new();
    for (i, (action, _)) in candidates.iter().enumerate() {
        if quiet && captures_something(action) {
            continue;
        }
        search.nodes += 1;
        let mut next = game.clone();
        if next.play(seat, action).is_err() {
            continue;
        }
        root.push(RootMove { value: leaf_value(&next, side), tie: rng.next_u64(), index: i, next });
    }
    root.sort_by(|a, b| b.value.cmp(&a.value).then(a.tie.cmp(&b.tie)));
    let first = root.first()?;
    let mut best = (first.index, first.value);
    for depth in 1..=profile.depth {
        let mut alpha = -INFINITY;
        let mut found: Option<(usize, i64)> = None;
        let mut complete = true;
        for r in &mut root {
            if search.exhausted() {
                complete = false;
                break;
            }
            search.nodes += 1;
            let value = if r.next.end.is_some() {
                leaf_value(&r.next, side)
            } else {
                -search.quiesce(&r.next, depth, -INFINITY, -alpha)
            };
            if search.exhausted() {
                complete = false;
                break;
            }
            r.value = value;
            if found.is_none() || value > alpha {
                alpha = value;
                found = Some((r.index, value));
            }
        }
        if let Some(f) = found {
            best = f;
        }
        if !complete {
            break;
        }
        // The best first, then by value (bounds below it keep their order among equals).
        let top = best.0;
        root.sort_by(|a, b| (b.index == top).cmp(&(a.index == top)).then(b.value.cmp(&a.value)));
    }
    Some(best)
}

/// A random value in `-spread..=spread`.
fn jitter(rng: &mut crate::core::SplitMix64, spread: u64) -> i64 {
    if spread == 0 {
        return 0;
    }
    let v = rng.next_u64() % (2 * spread + 1);
    i64::try_from(v).unwrap_or(0) - i64::try_from(spread).unwrap_or(0)
}

/// A selection pick for `step` (0–7 groups, 8 the uniques).
fn pick(level: u8, step: u8, rng: &mut crate::core::SplitMix64) -> Action {
    use Kind::{B, C, N, P, R};
    if step >= 8 {
        return Action::Pick(Vec::new());
    }
    match level {
        1 => {
            let kinds = [P, N, R, B, C];
            Action::Pick((0..4).map(|_| kinds[rng.below(kinds.len())]).collect())
        }
        2 => Action::Pick(Vec::new()),
        _ => Action::Pick(vec![P; 4]),
    }
}

/// The value of `state` for `side`, in tenths of a point: a finished game, else the score
/// difference.
fn static_value(state: &State, side: Side) -> i64 {
    match state.end {
        Some(End::Win(w, _)) if w == side => return WON,
        Some(End::Win(..)) => return -WON,
        Some(End::Draw(_)) => {
            // A draw is worth what the score lead is not.
            let lead = state.score[side.index()] - state.score[side.other().index()];
            return if lead > 0 {
                -WON / 2
            } else if lead < 0 {
                WON / 2
            } else {
                0
            };
        }
        None => {}
    }
    let lead = state.score[side.index()] - state.score[side.other().index()];
    // With the scores tied the quiet-ply ending draws; ahead, every quiet ply brings the win.
    10 * lead
}

/// The most [`pressure`] may add or take: less than a pawn, so the search never gives up a
/// point for it, and among turns of equal points it goes for the enemy's King and big pieces.
const PRESSURE_CAP: i64 = 9;

/// The search's value of `state` for `side`: [`static_value`] and, in a game still going, the
/// difference of both sides' [`pressure`].
fn leaf_value(state: &State, side: Side) -> i64 {
    let value = static_value(state, side);
    if state.end.is_some() {
        return value;
    }
    value + pressure(state, side) - pressure(state, side.other())
}

/// How close `side`'s units stand to the enemy's King, Queens and Dage (the targets that
/// decide a game: the King with the scores level, a big piece by its 12 points), in tenths of
/// a point up to [`PRESSURE_CAP`]: 3, 2 or 1 for each unit one, two or three squares from one.
/// Read from the changed squares only (a unit of `side` near the enemy's pieces has moved
/// there, so it is a change), never from a range of coordinates.
fn pressure(state: &State, side: Side) -> i64 {
    let board = state.board();
    let mut targets: Vec<&Coord> = Vec::new();
    let mut own: Vec<&Coord> = Vec::new();
    for (c, cell) in board.changes() {
        let Some(unit) = cell else { continue };
        if unit.owner == side {
            own.push(c);
        } else if unit.has(Kind::K) || unit.has(Kind::Q) || unit.has(Kind::G) {
            targets.push(c);
        }
    }
    let mut total = 0;
    for t in &targets {
        for c in &own {
            if let Some(d) = near(c, t).filter(|d| *d <= 3) {
                total += 4 - d;
            }
        }
    }
    total.min(PRESSURE_CAP)
}

/// The most the opponent can take at once in `state` (its turn), in the evaluation's units:
/// its best capture's score, or the whole game when it can take the King and win by it.
fn reply_threat(state: &State, side: Side) -> i64 {
    let foe = side.other();
    let mut worst = 0i64;
    let mut trial = state.clone();
    for (from, to) in captures(state, foe) {
        let action = Action::Unit {
            from: from.clone(),
            check: None,
            split: None,
            steps: vec![Step::Capture { to: to.clone(), via: None }],
        };
        let Ok(report) = trial.validate(foe, &action) else { continue };
        let royal = report.captured.as_ref().is_some_and(|u| u.has(Kind::K));
        let loss = if royal {
            let mut after = state.clone();
            match after.play_turn(foe, &action) {
                Ok(_) => match after.end {
                    Some(End::Win(w, _)) if w == foe => WON / 2,
                    _ => 10 * report.gained + 500,
                },
                Err(_) => 0,
            }
        } else {
            10 * report.gained
        };
        worst = worst.max(loss);
    }
    worst
}

/// A small bonus when the unit that just moved to `target` attacks the enemy King (and
/// taking it would win), from `state` with the opponent to move.
fn king_threat(state: &State, side: Side, target: Option<&Coord>) -> i64 {
    let (Some(target), Some(king)) = (target, state.royals[side.other().index()][0].as_ref())
    else {
        return 0;
    };
    if state.score[side.other().index()] > state.score[side.index()] {
        return 0;
    }
    let mut probe = state.clone();
    probe.to_move = side;
    let action = Action::Unit {
        from: target.clone(),
        check: None,
        split: None,
        steps: vec![Step::Capture { to: king.clone(), via: None }],
    };
    if probe.validate(side, &action).is_ok() { 30 } else { 0 }
}

/// The distance in squares (the larger of |dx| and |dy|) between two squares of one layer, if
/// it is small; `None` for other layers or far apart.
fn near(a: &Coord, b: &Coord) -> Option<i64> {
    if a.layer != b.layer {
        return None;
    }
    let dx = (&a.x - &b.x).to_i64()?;
    let dy = (&a.y - &b.y).to_i64()?;
    Some(dx.abs().max(dy.abs()))
}

/// Whether two squares of one layer share a rank, file or diagonal.
fn aligned(a: &Coord, b: &Coord) -> bool {
    if a.layer != b.layer {
        return false;
    }
    let dx = &a.x - &b.x;
    let dy = &a.y - &b.y;
    dx == 0 || dy == 0 || dx == dy || dx == &Int::ZERO - &dy
}

/// `side`'s units worth moving: those that differ from the fill, then its pawns within two
/// squares of any changed square, sorted (the change map has no order of its own).
fn units(state: &State, side: Side) -> Vec<Coord> {
    let board = state.board();
    let mut changed: Vec<(&Coord, &Option<Unit>)> = board.changes().collect();
    changed.sort_by(|a, b| a.0.cmp(b.0));
    let mut own: Vec<Coord> = changed
        .iter()
        .filter(|(_, cell)| cell.as_ref().is_some_and(|u| u.owner == side))
        .map(|(c, _)| (*c).clone())
        .collect();
    // Non-pawn units first: they matter most if the list is cut.
    own.sort_by_key(|c| board.get(c).is_some_and(|u| u.pieces.iter().all(|k| *k == Kind::P)));
    let one = Int::ONE;
    let mut pawns = Vec::new();
    // Every square listed so far, for a constant-time check (the lists' order is kept).
    let mut listed: std::collections::HashSet<Coord> = own.iter().cloned().collect();
    // Squares already looked at (the same answer twice): small main-plane squares by their
    // numbers, the others by the square itself.
    let mut looked: std::collections::HashSet<(i64, i64)> = std::collections::HashSet::new();
    let mut looked_far: std::collections::HashSet<Coord> = std::collections::HashSet::new();
    let pawn = Some(Unit::single(side, Kind::P));
    for (c, _) in &changed {
        let small = c.is_main().then(|| c.x.to_i64().zip(c.y.to_i64())).flatten();
        for dy in -2..=2 {
            for dx in -2..=2 {
                let n = match small {
                    Some((x, y)) if x.abs() < 1 << 40 && y.abs() < 1 << 40 => {
                        if !looked.insert((x + dx, y + dy)) {
                            continue;
                        }
                        Coord::main(x + dx, y + dy)
                    }
                    _ => {
                        let n = c.offset(dx, dy, &one);
                        if !looked_far.insert(n.clone()) {
                            continue;
                        }
                        n
                    }
                };
                if board.get(&n) == pawn && !listed.contains(&n) {
                    listed.insert(n.clone());
                    pawns.push(n);
                }
            }
        }
        if own.len() + pawns.len() > 4 * MAX_UNITS {
            break;
        }
    }
    // The contact rows of the battlefield (what `legal_actions` lists), so that the start has
    // its pawn captures too.
    let rows: [i64; 2] = if state.options.band_empty {
        [side.row(3), side.row(4)]
    } else {
        [side.row(5), side.row(6)]
    };
    for y in rows {
        for x in -1..=14 {
            let c = Coord::main(x, y);
            if board.get(&c) == pawn && !listed.contains(&c) {
                listed.insert(c.clone());
                pawns.push(c);
            }
        }
    }
    pawns.sort();
    own.extend(pawns);
    own.truncate(MAX_UNITS);
    own
}

/// The turns of `side`'s unit on `from` worth trying (see the module's list), with the square
/// each ends on.
fn unit_turns(
    board: &Board,
    side: Side,
    from: &Coord,
    level: u8,
    only_captures: bool,
    out: &mut Vec<(Action, Option<Coord>)>,
) {
    let Some(unit) = board.get(from) else { return };
    let lone_pawn = unit.pieces == [Kind::P];
    let royal = unit.is_lone_royal();
    let one = Int::ONE;
    let f = side.forward();
    let offsets: Vec<(i64, i64)> = if lone_pawn {
        vec![(0, f), (0, 2 * f), (-1, 0), (1, 0), (-1, f), (1, f)]
    } else if royal {
        (-1..=1).flat_map(|dy| (-1..=1).map(move |dx| (dx, dy))).collect()
    } else {
        (-4..=4).flat_map(|dy| (-4..=4).map(move |dx| (dx, dy))).collect()
    };
    let unit_turn = |step: Step| Action::Unit {
        from: from.clone(),
        check: None,
        split: None,
        steps: vec![step],
    };
    let push = |to: &Coord, out: &mut Vec<(Action, Option<Coord>)>| match board.get(to) {
        None if only_captures => {}
        None => out.push((unit_turn(Step::Move { to: to.clone(), via: None }), Some(to.clone()))),
        Some(u) if u.owner != side => {
            if !u.has(Kind::J) {
                out.push((
                    unit_turn(Step::Capture { to: to.clone(), via: None }),
                    Some(to.clone()),
                ));
            }
        }
        Some(u) => {
            if level >= 4 && !only_captures && !royal && !u.has(Kind::K) && !u.has(Kind::J) {
                out.push((unit_turn(Step::Stack { to: to.clone(), via: None }), Some(to.clone())));
            }
        }
    };
    for (dx, dy) in offsets {
        if (dx, dy) != (0, 0) {
            push(&from.offset(dx, dy, &one), out);
        }
    }
    if !lone_pawn {
        for hint in ray_hints(board, from) {
            for (k, at) in &hint.blockers {
                if *k > 4 || royal {
                    // Only the King's face-off reaches far among the royals.
                    if royal {
                        if unit.has(Kind::K)
                            && board.get(at).is_some_and(|u| u.has(Kind::K) && u.owner != side)
                        {
                            push(at, out);
                        }
                    } else {
                        push(at, out);
                    }
                }
            }
            if royal {
                continue;
            }
            let far = match &hint.empty_to {
                Some(e) if *e > 4 => Some(if *e > 12 { Int::new(12) } else { e.clone() }),
                None => Some(Int::new(12)),
                Some(_) => None,
            };
            if let Some(k) = far {
                push(&from.offset(hint.dir.0, hint.dir.1, &k), out);
            }
        }
    }
    if level >= 4 && !royal {
        if !only_captures {
            for up in [true, false] {
                out.push((unit_turn(Step::Jump3 { up, stack: false }), None));
            }
        }
        if unit.pieces.len() > 1 {
            let mut kinds = unit.pieces.clone();
            kinds.dedup();
            for kind in kinds {
                for (dx, dy) in [(0, f), (-1, f), (1, f), (-1, 0), (1, 0)] {
                    let to = from.offset(dx, dy, &one);
                    if board.get(&to).is_some_and(|u| u.owner != side && !u.has(Kind::J)) {
                        out.push((
                            Action::Unit {
                                from: from.clone(),
                                check: None,
                                split: Some(vec![kind]),
                                steps: vec![Step::Capture { to: to.clone(), via: None }],
                            },
                            Some(to),
                        ));
                    }
                }
            }
        }
    }
    if level >= 5 && unit.has(Kind::P) && side.in_zone(from.y.clone()) {
        for promote in [Kind::N, Kind::C] {
            for dy in -4..=4 {
                for dx in -4..=4 {
                    let to = from.offset(dx, dy, &one);
                    if board.get(&to).is_some_and(|u| u.owner != side && u.value() >= 3) {
                        out.push((
                            Action::Unit {
                                from: from.clone(),
                                check: None,
                                split: None,
                                steps: vec![
                                    Step::Promote(promote),
                                    Step::Capture { to: to.clone(), via: None },
                                ],
                            },
                            Some(to),
                        ));
                    }
                }
            }
        }
    }
}

/// Every turn the bot considers for `side`, each checked by the engine, with the square the
/// acting unit ends on (for the King-threat bonus).
fn candidates(state: &State, side: Side, level: u8) -> Vec<(Action, Option<Coord>)> {
    let board = state.board();
    let mut raw = Vec::new();
    for from in units(state, side) {
        unit_turns(board, side, &from, level, false, &mut raw);
    }
    if level >= 5
        && let Some(king) = state.royals[side.other().index()][0].as_ref()
    {
        // Hired Mazai next to the enemy King, where they would attack it (leaps of 3 or 4).
        let one = Int::ONE;
        for (dx, dy) in [(3, 0), (-3, 0), (0, 3), (0, -3), (2, 1), (-2, 1), (2, -1), (-2, -1)] {
            let to = king.offset(dx, dy, &one);
            if board.get(&to).is_none() {
                raw.push((
                    Action::Drop { kind: Kind::N, to: to.clone(), stack: false, promote: None },
                    Some(to),
                ));
            }
        }
    }
    let mut probe = state.clone();
    let mut seen = std::collections::HashSet::new();
    raw.into_iter()
        .filter(|(a, _)| seen.insert(a.clone()))
        .filter(|(a, _)| probe.validate(side, a).is_ok())
        .collect()
}

/// The (attacker, target) pairs worth checking for `side`'s captures: every unit of `side`
/// near or in line with an enemy unit that is changed or next to a change.
fn captures(state: &State, side: Side) -> Vec<(Coord, Coord)> {
    let board = state.board();
    let attackers = units(state, side);
    let targets = units(state, side.other());
    let mut out = Vec::new();
    for t in &targets {
        let valuable = board.get(t).is_some_and(|u| u.pieces != [Kind::P]);
        for a in &attackers {
            let close = near(a, t).is_some_and(|d| d <= 4);
            let far = valuable
                && aligned(a, t)
                && board.get(a).is_some_and(|u| u.pieces.iter().any(|k| *k != Kind::P));
            if close || far {
                out.push((a.clone(), t.clone()));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Seed;
    use crate::games::rabble::Options;

    fn started() -> State {
        State::new(&Options::default(), Seed(0)).expect("default options")
    }

    #[test]
    fn every_level_answers_a_turn_the_engine_accepts_through_selection_and_play() {
        for level in 1..=6u8 {
            let mut game = started();
            // The searching levels take up to seconds a turn: fewer turns of play for them.
            let plies = if level >= SEARCH_FROM { 28 } else { 40 };
            for ply in 0..plies {
                let Some(seat) = game.to_act().seat() else { break };
                // The other seat plays level 1, so both code paths meet varied positions.
                let lvl = if seat.0 == 0 { level } else { 1 };
                let action = choose(&game, seat, lvl, 17 * ply + u64::from(level));
                let action = action.expect("an action");
                let played = game.play(seat, &action);
                assert!(played.is_ok(), "level {lvl} ply {ply}: {action:?} refused: {played:?}");
            }
        }
    }

    /// Whether any Blue unit within four squares of Red's King could capture it were it Blue's
    /// turn (the engine's own checker decides).
    fn blue_can_take_the_red_king(game: &State) -> bool {
        let Some(king) = game.royals[Side::Red.index()][0].clone() else { return true };
        let mut probe = game.clone();
        probe.to_move = Side::Blue;
        for dy in -4..=4 {
            for dx in -4..=4 {
                let from = king.offset(dx, dy, &Int::ONE);
                if probe.board().get(&from).is_none_or(|u| u.owner != Side::Blue) {
                    continue;
                }
                let action = Action::Unit {
                    from,
                    check: None,
                    split: None,
                    steps: vec![Step::Capture { to: king.clone(), via: None }],
                };
                if probe.validate(Side::Blue, &action).is_ok() {
                    return true;
                }
            }
        }
        false
    }

    #[test]
    fn the_search_levels_answer_a_pawn_that_attacks_their_king() {
        let options = Options { select: false, ..Options::default() };
        let mut game = State::new(&options, Seed(0)).expect("options");
        // A Blue pawn on (6,3) reaches Red's King on (6,1) with its two-square leap.
        game.set_cell(&Coord::main(6, 3), Some(Unit::single(Side::Blue, Kind::P)));
        assert!(blue_can_take_the_red_king(&game), "the position is a threat");
        for level in 4..=6u8 {
            for seed in 0..3 {
                let action = choose(&game, Seat(0), level, seed).expect("an action");
                let mut after = game.clone();
                after.play(Seat(0), &action).expect("accepted");
                assert!(!blue_can_take_the_red_king(&after), "level {level}: {action:?}");
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_turn() {
        let mut game = started();
        while game.selecting().is_some() {
            let seat = game.to_act().seat().expect("a seat");
            let action = choose(&game, seat, 3, 1).expect("a pick");
            game.play(seat, &action).expect("accepted");
        }
        let seat = game.to_act().seat().expect("a seat");
        for level in 1..=6 {
            assert_eq!(choose(&game, seat, level, 99), choose(&game, seat, level, 99));
        }
    }
}
