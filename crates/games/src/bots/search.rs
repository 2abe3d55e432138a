//! The search shared by the chess-like bots ([`super::ultima`] and [`super::perfect10`]):
//! iterative-deepening negamax alpha-beta with principal-variation windows, a transposition
//! table, move ordering (the table's move, captures by what they win, killers, history), late
//! move reductions, a check extension and a bounded quiescence search on captures.
//!
//! It knows nothing of either game: a game module wraps its engine's fast board in a
//! [`Position`] (moves, copy-make, evaluation from the side to move, a 64-bit key) and calls
//! [`search`] with the [`Limits`] of a level. Budgets are counted in nodes, never in time, so
//! that the same position, limits and seed give the same move on every machine.

use crate::core::SplitMix64;

/// The score of a won game at the root; a win in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores at or beyond this (in absolute value) are wins or losses, not evaluations.
pub const MATE_BOUND: i32 = MATE - 1_000;
const INFINITY: i32 = MATE + 1;
/// The deepest the search goes from the root, extensions and quiescence included.
const MAX_PLY: usize = 96;

/// How a game that cannot go on ended, from the side to move's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The side to move has won.
    Win,
    /// The side to move has lost.
    Loss,
    /// A draw.
    Draw,
}

/// What happens when the side to move has no legal move.
#[derive(Debug, Clone)]
pub enum Stuck<P> {
    /// The game ends so.
    Ends(Verdict),
    /// The side passes; this is the position after the pass.
    Passes(P),
}

/// A game position as the search sees it. Implementations are cheap to clone: playing a move
/// is copy-make.
pub trait Position: Clone {
    /// A move of the engine's fast board.
    type Move: Copy + PartialEq + std::fmt::Debug;

    /// The number of distinct [`Position::move_slot`] values (the history table's size).
    const MOVE_SLOTS: usize;

    /// A hash of everything that decides the game from here on (pieces, side to move, rights).
    fn key(&self) -> u64;

    /// Every candidate move of the side to move, into `out` (cleared first). Moves that
    /// [`Position::play`] refuses are skipped, so pseudo-legal moves are fine.
    fn moves(&self, out: &mut Vec<Self::Move>);

    /// The position after `mv`, or `None` when `mv` is illegal (it leaves the own king
    /// capturable).
    fn play(&self, mv: Self::Move) -> Option<Self>;

    /// What happens when the side to move has no legal move.
    fn stuck(&self) -> Stuck<Self>;

    /// The verdict of a rule that has already ended the game here (a draw limit, a rule the
    /// last move broke), before any move is generated.
    fn ended(&self) -> Option<Verdict>;

    /// The position's value for the side to move, in centipawns (a pawn or pincer is about
    /// 100).
    fn evaluate(&self) -> i32;

    /// What `mv` wins at once (captured material and promotion gain), 0 for a quiet move; the
    /// quiescence search tries only moves with a positive gain.
    fn gain(&self, mv: Self::Move) -> i32;

    /// The value of the piece that moves (the "least valuable attacker" of MVV-LVA).
    fn mover_value(&self, mv: Self::Move) -> i32;

    /// Whether the side to move is in check.
    fn in_check(&self) -> bool;

    /// How many of the last plies were reversible (no capture, no pawn move): repetitions are
    /// looked for only that far back.
    fn reversible_plies(&self) -> u32;

    /// A number below [`Position::MOVE_SLOTS`] that tells moves apart (from and to squares).
    fn move_slot(&self, mv: Self::Move) -> usize;
}

/// How hard and how well a level searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration, in plies.
    pub depth: u8,
    /// The node budget: the search stops when it has visited this many positions and keeps the
    /// best move of the last finished iteration.
    pub nodes: u64,
    /// Captures deep the quiescence search goes (0: none, the evaluation is taken as is).
    pub quiescence: u8,
    /// Each root move's score gets a random bonus in `-noise..=noise` centipawns.
    pub noise: i32,
    /// Out of 1000: how often the level plays a uniformly random legal move instead.
    pub random_per_mille: u32,
    /// log2 of the transposition table's entry count.
    pub table_bits: u8,
}

/// What a search found.
#[derive(Debug, Clone, PartialEq)]
pub struct Found<M> {
    /// The move to play.
    pub best: M,
    /// Its score (noise included) for the side to move.
    pub score: i32,
    /// The last iteration that finished.
    pub depth: u8,
    /// Positions visited.
    pub nodes: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Debug, Clone, Copy)]
struct Entry<M> {
    key: u64,
    mv: Option<M>,
    score: i32,
    depth: i8,
    bound: Bound,
}

/// Searches `root` and returns its best legal move (`None` when it has none). `history` holds
/// the keys of the positions before `root` in the game, oldest first (for repetitions);
/// `rng` draws the noise and the random moves.
pub fn search<P: Position>(
    root: &P,
    history: &[u64],
    limits: Limits,
    rng: &mut SplitMix64,
) -> Option<Found<P::Move>> {
    let mut moves = Vec::with_capacity(128);
    root.moves(&mut moves);
    let mut legal: Vec<(P::Move, P)> =
        moves.iter().filter_map(|&m| root.play(m).map(|child| (m, child))).collect();
    if legal.is_empty() {
        return None;
    }
    if rng.below(1000) < limits.random_per_mille as usize {
        let i = rng.below(legal.len());
        let (best, _) = legal.swap_remove(i);
        return Some(Found { best, score: 0, depth: 0, nodes: 0 });
    }
    let noise: Vec<i32> = legal
        .iter()
        .map(|_| {
            let span = usize::try_from(limits.noise.max(0)).unwrap_or(0) * 2 + 1;
            rng.below(span) as i32 - limits.noise.max(0)
        })
        .collect();
    let mut s = Searcher::new(root, history, limits);
    // Root moves with their noise, ordered: by what they win first, later by the last
    // iteration's scores.
    let mut order: Vec<(usize, i32)> =
        (0..legal.len()).map(|i| (i, legal.get(i).map_or(0, |(m, _)| root.gain(*m)))).collect();
    order.sort_by_key(|&(i, g)| (-g, i));
    let mut best: Option<(usize, i32)> = None;
    let mut reached = 0;
    for depth in 1..=limits.depth.max(1) {
        let mut alpha = -INFINITY;
        let mut scores: Vec<(usize, i32)> = Vec::with_capacity(order.len());
        let mut iteration_best: Option<(usize, i32)> = None;
        for (n, &(i, _)) in order.iter().enumerate() {
            let Some((_, child)) = legal.get(i) else { continue };
            let bonus = noise.get(i).copied().unwrap_or(0);
            let d = i32::from(depth) - 1;
            // Each root move is searched against the best so far minus its own noise, so that
            // the noisy scores compare exactly.
            let a = alpha - bonus;
            let raw = if n == 0 {
                -s.negamax(child, d, -INFINITY, -a, 1)
            } else {
                let probe = -s.negamax(child, d, -a - 1, -a, 1);
                if probe > a && !s.stopped { -s.negamax(child, d, -INFINITY, -a, 1) } else { probe }
            };
            if s.stopped {
                break;
            }
            let score = raw + bonus;
            scores.push((i, score));
            if iteration_best.is_none_or(|(_, b)| score > b) {
                iteration_best = Some((i, score));
                alpha = alpha.max(score);
            }
        }
        if s.stopped {
            // An unfinished iteration's choice is taken only when it beat the last finished
            // iteration's score. Measured: taking it whenever it beat the first move's new score
            // made level 5 lose 2.5-7.5 to level 4 in Ultima, against 10-0 with this rule.
            if let (Some((i, score)), Some((_, old))) = (iteration_best, best)
                && score > old
                && scores.len() > 1
            {
                best = Some((i, score));
            }
            if best.is_none() {
                best = iteration_best;
            }
            break;
        }
        best = iteration_best;
        reached = depth;
        // The next iteration tries the best first, then the others by this one's scores (moves
        // that failed low keep their bound, a fair guess of their order).
        scores.sort_by_key(|&(i, score)| (-score, i));
        order = scores.iter().map(|&(i, score)| (i, score)).collect();
        if best.is_some_and(|(_, score)| score.abs() >= MATE_BOUND) {
            break;
        }
    }
    let (i, score) = best.or_else(|| order.first().copied())?;
    let best = legal.get(i).map(|(m, _)| *m)?;
    Some(Found { best, score, depth: reached, nodes: s.nodes })
}

struct Searcher<M> {
    table: Vec<Option<Entry<M>>>,
    mask: u64,
    nodes: u64,
    budget: u64,
    stopped: bool,
    quiescence: u8,
    /// The game's keys before the root, then the keys along the current line.
    keys: Vec<u64>,
    /// How many of `keys` are the game's (the rest are the line's).
    game_keys: usize,
    killers: Vec<[Option<M>; 2]>,
    history: Vec<i32>,
    buffers: Vec<Vec<M>>,
}

impl<M: Copy + PartialEq + std::fmt::Debug> Searcher<M> {
    fn new<P: Position<Move = M>>(root: &P, history: &[u64], limits: Limits) -> Self {
        let bits = limits.table_bits.clamp(8, 24);
        let size = 1usize << bits;
        let mut keys = Vec::with_capacity(history.len() + MAX_PLY + 1);
        keys.extend_from_slice(history);
        let game_keys = keys.len();
        keys.push(root.key());
        Searcher {
            table: vec![None; size],
            mask: (size as u64) - 1,
            nodes: 0,
            budget: limits.nodes.max(1),
            stopped: false,
            quiescence: limits.quiescence,
            keys,
            game_keys,
            killers: vec![[None; 2]; MAX_PLY + 2],
            history: vec![0; P::MOVE_SLOTS],
            buffers: (0..MAX_PLY + 2).map(|_| Vec::with_capacity(128)).collect(),
        }
    }

    fn probe(&self, key: u64) -> Option<Entry<M>> {
        let slot = usize::try_from(key & self.mask).unwrap_or(0);
        self.table.get(slot).copied().flatten().filter(|e| e.key == key)
    }

    fn store(&mut self, key: u64, entry: Entry<M>) {
        let slot = usize::try_from(key & self.mask).unwrap_or(0);
        if let Some(cell) = self.table.get_mut(slot) {
            // Always replace, unless the old entry is deeper and of the same position.
            if cell.is_none_or(|old| old.key != key || old.depth <= entry.depth) {
                *cell = Some(entry);
            }
        }
    }

    /// Whether the position on top of `keys` repeats one within the last `reversible` plies
    /// (once inside the line, or twice in the game before it: a repetition is a draw).
    fn is_repetition(&self, reversible: u32) -> bool {
        let Some((&now, before)) = self.keys.split_last() else { return false };
        let window = (reversible as usize).min(before.len());
        let mut seen_in_game = 0;
        // Same side to move: an even number of plies back.
        let mut back = 2;
        while back <= window {
            let at = before.len() - back;
            if before.get(at) == Some(&now) {
                if at + 1 > self.game_keys {
                    return true;
                }
                seen_in_game += 1;
                if seen_in_game >= 2 {
                    return true;
                }
            }
            back += 2;
        }
        false
    }

    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.budget {
            self.stopped = true;
        }
        self.stopped
    }

    fn verdict_score(verdict: Verdict, ply: usize) -> i32 {
        match verdict {
            Verdict::Win => MATE - ply as i32,
            Verdict::Loss => -(MATE - ply as i32),
            Verdict::Draw => 0,
        }
    }

    fn negamax<P: Position<Move = M>>(
        &mut self,
        pos: &P,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        let key = pos.key();
        self.keys.push(key);
        let score = self.node(pos, key, depth, alpha, beta, ply);
        self.keys.pop();
        score
    }

    fn node<P: Position<Move = M>>(
        &mut self,
        pos: &P,
        key: u64,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if let Some(verdict) = pos.ended() {
            return Self::verdict_score(verdict, ply);
        }
        if self.is_repetition(pos.reversible_plies()) {
            return 0;
        }
        if ply >= MAX_PLY {
            return pos.evaluate();
        }
        let in_check = pos.in_check();
        // A check is searched a ply deeper (the line is forcing), but not forever.
        let depth = if in_check && ply < MAX_PLY / 3 { depth + 1 } else { depth };
        if depth <= 0 {
            return self.quiesce(pos, alpha, beta, ply, 0);
        }
        let original_alpha = alpha;
        let mut table_move = None;
        if let Some(e) = self.probe(key) {
            table_move = e.mv;
            if i32::from(e.depth) >= depth {
                let score = from_table(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cut {
                    return score;
                }
            }
        }
        let mut moves = self.buffers.get_mut(ply).map(std::mem::take).unwrap_or_default();
        pos.moves(&mut moves);
        self.order(pos, &mut moves, table_move, ply);
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut legal = 0usize;
        for &mv in &moves {
            let Some(child) = pos.play(mv) else { continue };
            legal += 1;
            let quiet = pos.gain(mv) == 0;
            let score = if legal == 1 {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1)
            } else {
                // Late quiet moves get a shallower look first.
                let reduction =
                    if depth >= 3 && legal > 3 && quiet && !in_check && !self.is_killer(mv, ply) {
                        if legal > 10 { 2 } else { 1 }
                    } else {
                        0
                    };
                let mut s =
                    -self.negamax(&child, depth - 1 - reduction, -alpha - 1, -alpha, ply + 1);
                if s > alpha && reduction > 0 && !self.stopped {
                    s = -self.negamax(&child, depth - 1, -alpha - 1, -alpha, ply + 1);
                }
                if s > alpha && s < beta && !self.stopped {
                    s = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1);
                }
                s
            };
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if quiet {
                    self.remember_cutoff(pos, mv, depth, ply);
                }
                break;
            }
        }
        if let Some(slot) = self.buffers.get_mut(ply) {
            *slot = moves;
        }
        if self.stopped {
            return 0;
        }
        if legal == 0 {
            return match pos.stuck() {
                Stuck::Ends(verdict) => Self::verdict_score(verdict, ply),
                Stuck::Passes(next) => -self.negamax(&next, depth - 1, -beta, -alpha, ply + 1),
            };
        }
        let bound = if best <= original_alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let depth = i8::try_from(depth).unwrap_or(i8::MAX);
        self.store(key, Entry { key, mv: best_move, score: to_table(best, ply), depth, bound });
        best
    }

    fn quiesce<P: Position<Move = M>>(
        &mut self,
        pos: &P,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qdepth: u8,
    ) -> i32 {
        let stand = pos.evaluate();
        if stand >= beta || qdepth >= self.quiescence || ply >= MAX_PLY {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut moves = self.buffers.get_mut(ply).map(std::mem::take).unwrap_or_default();
        pos.moves(&mut moves);
        let mut captures: Vec<(M, i32)> = moves
            .iter()
            .filter_map(|&m| {
                let g = pos.gain(m);
                // Delta pruning: a capture that cannot lift the score to alpha is not tried.
                (g > 0 && stand + g + 200 > alpha).then(|| (m, g * 16 - pos.mover_value(m) / 16))
            })
            .collect();
        if let Some(slot) = self.buffers.get_mut(ply) {
            *slot = moves;
        }
        captures.sort_by_key(|&(_, k)| -k);
        let mut best = stand;
        for (mv, _) in captures {
            let Some(child) = pos.play(mv) else { continue };
            if self.tick() {
                return 0;
            }
            let score = match child.ended() {
                Some(verdict) => -Self::verdict_score(verdict, ply + 1),
                None => -self.quiesce(&child, -beta, -alpha, ply + 1, qdepth + 1),
            };
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }

    fn is_killer(&self, mv: M, ply: usize) -> bool {
        self.killers.get(ply).is_some_and(|k| k.contains(&Some(mv)))
    }

    fn remember_cutoff<P: Position<Move = M>>(&mut self, pos: &P, mv: M, depth: i32, ply: usize) {
        if let Some(k) = self.killers.get_mut(ply)
            && k[0] != Some(mv)
        {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        if let Some(h) = self.history.get_mut(pos.move_slot(mv)) {
            *h = (*h + depth * depth).min(1 << 20);
        }
    }

    /// Orders `moves`: the table's move, then captures by gain (most valuable victim, least
    /// valuable attacker), then killers, then quiet moves by history.
    fn order<P: Position<Move = M>>(
        &self,
        pos: &P,
        moves: &mut [M],
        table_move: Option<M>,
        ply: usize,
    ) {
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        moves.sort_by_cached_key(|&m| {
            let key = if Some(m) == table_move {
                i64::MAX
            } else {
                let g = pos.gain(m);
                if g > 0 {
                    (1i64 << 40) + i64::from(g) * 64 - i64::from(pos.mover_value(m))
                } else if killers[0] == Some(m) {
                    1i64 << 32
                } else if killers[1] == Some(m) {
                    (1i64 << 32) - 1
                } else {
                    i64::from(self.history.get(pos.move_slot(m)).copied().unwrap_or(0))
                }
            };
            std::cmp::Reverse(key)
        });
    }
}

/// A score as the table keeps it: mate scores counted from this node, not from the root.
fn to_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A take-away game: take 1, 2 or 3 from a pile; whoever takes the last wins. The side to
    /// move loses exactly when the pile is a multiple of 4 (the opponent answers k with 4 − k),
    /// which the search must find without any help from the evaluation (always 0).
    #[derive(Debug, Clone)]
    struct Pile(u32);

    impl Position for Pile {
        type Move = u32;
        const MOVE_SLOTS: usize = 4;

        fn key(&self) -> u64 {
            u64::from(self.0).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        }
        fn moves(&self, out: &mut Vec<u32>) {
            out.clear();
            out.extend((1..=3).filter(|&k| k <= self.0));
        }
        fn play(&self, k: u32) -> Option<Pile> {
            self.0.checked_sub(k).map(Pile)
        }
        fn stuck(&self) -> Stuck<Pile> {
            // An empty pile: the opponent took the last.
            Stuck::Ends(Verdict::Loss)
        }
        fn ended(&self) -> Option<Verdict> {
            None
        }
        fn evaluate(&self) -> i32 {
            0
        }
        fn gain(&self, _: u32) -> i32 {
            0
        }
        fn mover_value(&self, _: u32) -> i32 {
            0
        }
        fn in_check(&self) -> bool {
            false
        }
        fn reversible_plies(&self) -> u32 {
            0
        }
        fn move_slot(&self, k: u32) -> usize {
            k as usize
        }
    }

    fn exact(depth: u8) -> Limits {
        Limits {
            depth,
            nodes: 1_000_000,
            quiescence: 0,
            noise: 0,
            random_per_mille: 0,
            table_bits: 12,
        }
    }

    #[test]
    fn the_search_solves_the_take_away_game_for_every_pile_up_to_twenty() {
        for pile in 1..=20u32 {
            let found = search(&Pile(pile), &[], exact(24), &mut SplitMix64(pile.into()))
                .expect("a non-empty pile has moves");
            if pile % 4 == 0 {
                assert!(found.score <= -MATE_BOUND, "pile {pile} is lost: {found:?}");
            } else {
                assert_eq!((pile - found.best) % 4, 0, "pile {pile}: {found:?}");
                assert!(found.score >= MATE_BOUND, "pile {pile} is won: {found:?}");
                // Taking the whole pile wins at once (one ply); a longer win is scored lower.
                let plies = MATE - found.score;
                assert_eq!(plies % 2, 1, "pile {pile}: a win ends on the winner's ply");
            }
        }
    }

    #[test]
    fn a_spent_node_budget_still_returns_a_legal_move() {
        let limits = Limits { nodes: 5, ..exact(24) };
        let found = search(&Pile(19), &[], limits, &mut SplitMix64(1)).expect("moves");
        assert!((1..=3).contains(&found.best), "{found:?}");
        assert!(found.nodes <= 5, "{found:?}");
    }

    #[test]
    fn a_position_without_moves_has_no_best_move() {
        assert_eq!(search(&Pile(0), &[], exact(3), &mut SplitMix64(0)), None);
    }

    #[test]
    fn a_position_seen_twice_in_the_game_or_once_in_the_line_is_a_draw() {
        // Keys at an even distance back have the same side to move.
        let mut s = Searcher::<u32>::new(&Pile(4), &[7, 1, 7], exact(1));
        s.keys.push(7);
        assert!(s.is_repetition(4), "7 stood 2 and 4 plies back in the game");
        assert!(!s.is_repetition(2), "only one of them is inside a 2-ply reversible window");
        let root = Pile(4).key();
        let mut s = Searcher::<u32>::new(&Pile(4), &[], exact(1));
        s.keys.push(99);
        assert!(!s.is_repetition(10), "99 is new");
        s.keys.push(root);
        assert!(s.is_repetition(10), "the root again, inside the searched line");
    }
}
