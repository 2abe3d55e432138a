//! The Dutch system's bracket-by-bracket search (C.04.3 articles 1–4, criteria C.1–C.15).
//!
//! Score groups are paired from the top. A bracket is the players who floated down from above
//! (moved-down players, MDPs) followed by the score group's own players (residents), each part
//! in pairing order. Candidates are generated in the Dutch order:
//!
//! 1. each MDP, highest first, takes a resident in order (S1 = MDPs, S2 = residents), then a
//!    lower MDP, then floats on;
//! 2. the residents left split into S1 (the upper half) and S2; each S1 player in turn takes
//!    the first free S2 player (the transpositions of S2, in lexicographic order), then a free
//!    S1 player below it (standing in for the Dutch exchanges), then floats; S2 players left
//!    over pair among themselves in order, or float.
//!
//! A candidate is legal when every pair is allowed at the current level and the players who
//! float, with every lower score group, can still all be paired (the completion test, by
//! blossom matching). Among legal candidates the search keeps the one with the lowest cost
//! vector, compared in this order (the C.04.3 quality criteria it implements):
//!
//! | slot | criterion |
//! |---|---|
//! | 0 | pairs that meet again (only at level `Any`) |
//! | 1 | pairs with the same absolute colour preference (only when C.3 is relaxed) |
//! | 2 | C.5: players who float (i.e. maximise the pairs) |
//! | 3 | C.6, simplified: the sum of the floaters' scores (float the lowest scores) |
//! | 4 | C.10: players who do not get their colour preference |
//! | 5 | C.11: players who do not get their strong (or absolute) colour preference |
//! | 6 | C.12: floaters who also floated down in the previous round |
//! | 7 | C.13: players floating up who also floated up in the previous round |
//! | 8 | C.14: floaters who also floated down two rounds before |
//! | 9 | C.15: players floating up who also floated up two rounds before |
//!
//! Ties go to the candidate generated first. The search stops at the first candidate whose
//! cost reaches a lower bound (the usual case), or when the bracket's node budget runs out;
//! if by then no legal candidate was found, the pairs of any perfect matching of the bracket
//! and the lower groups are taken, which is always legal.

use super::colour::Strength;
use super::{Ctx, Float, Level};
use crate::Colour;
use crate::matching;

/// The most completion tests (blossom matchings) one bracket may run.
const MAX_COMPLETION_TESTS: u32 = 200;

/// The cost vector of a candidate (see the module docs for the slots).
type Cost = [u32; 10];

/// Pairs `remaining` (in pairing order, an even number that the level's rules can pair
/// completely) bracket by bracket; returns pairs of indices.
pub(super) fn pair_brackets(ctx: &Ctx<'_>, remaining: &[usize]) -> Vec<(usize, usize)> {
    let mut pairs = Vec::with_capacity(remaining.len() / 2);
    let mut floaters: Vec<usize> = Vec::new();
    let mut start = 0;
    while start < remaining.len() {
        let score = ctx.score(remaining[start]);
        let end = remaining[start..]
            .iter()
            .position(|&i| ctx.score(i) != score)
            .map_or(remaining.len(), |k| start + k);
        let residents = &remaining[start..end];
        let lower = &remaining[end..];
        let (found, floating) = pair_bracket(ctx, &floaters, residents, lower);
        pairs.extend(found);
        floaters = floating;
        start = end;
    }
    pairs
}

/// Pairs one bracket; returns its pairs and the players who float down from it.
fn pair_bracket(
    ctx: &Ctx<'_>,
    mdps: &[usize],
    residents: &[usize],
    lower: &[usize],
) -> (Vec<(usize, usize)>, Vec<usize>) {
    let members: Vec<usize> = mdps.iter().chain(residents).copied().collect();
    let mut search = Search::new(ctx, &members, mdps.len(), lower);
    search.stage_one(0, [0; 10]);
    if let Some((_, pairs, floaters)) = search.best {
        return (
            pairs.iter().map(|&(a, b)| (members[a], members[b])).collect(),
            floaters.iter().map(|&a| members[a]).collect(),
        );
    }
    fallback(ctx, &members, lower)
}

/// Any legal split: the pairs inside the bracket of a perfect matching of the bracket and the
/// lower groups; those matched below float.
fn fallback(
    ctx: &Ctx<'_>,
    members: &[usize],
    lower: &[usize],
) -> (Vec<(usize, usize)>, Vec<usize>) {
    let set: Vec<usize> = members.iter().chain(lower).copied().collect();
    let mate = matching::perfect_matching(set.len(), |x, y| ctx.allowed(set[x], set[y]))
        .unwrap_or_else(|| (0..set.len()).map(|i| i ^ 1).collect());
    let mut pairs = Vec::new();
    let mut floaters = Vec::new();
    for (x, &y) in mate.iter().enumerate().take(members.len()) {
        if y >= members.len() {
            floaters.push(set[x]);
        } else if x < y {
            pairs.push((set[x], set[y]));
        }
    }
    (pairs, floaters)
}

/// The search of one bracket. Positions index `members`.
struct Search<'a, 'p> {
    ctx: &'a Ctx<'p>,
    members: &'a [usize],
    mdps: usize,
    lower: &'a [usize],
    decided: Vec<bool>,
    pairs: Vec<(usize, usize)>,
    floaters: Vec<usize>,
    /// Stage two's order (S1 then S2) and the length of its S1.
    order: Vec<usize>,
    s1: usize,
    nodes: u32,
    /// Completion tests run so far.
    tests: u32,
    ideal: Cost,
    done: bool,
    best: Option<Candidate>,
}

/// A legal candidate: its cost, its pairs and its floaters (positions in the bracket).
type Candidate = (Cost, Vec<(usize, usize)>, Vec<usize>);

impl<'a, 'p> Search<'a, 'p> {
    fn new(ctx: &'a Ctx<'p>, members: &'a [usize], mdps: usize, lower: &'a [usize]) -> Self {
        let mut search = Search {
            ctx,
            members,
            mdps,
            lower,
            decided: vec![false; members.len()],
            pairs: Vec::new(),
            floaters: Vec::new(),
            order: Vec::new(),
            s1: 0,
            nodes: 0,
            tests: 0,
            ideal: [0; 10],
            done: false,
            best: None,
        };
        search.ideal = search.bound();
        search
    }

    /// A cost that no way of deciding the players still undecided can beat (added to the cost
    /// of those decided, a lower bound of every candidate below the node): one floater when
    /// an odd number is left (of the lowest score), and the colour preferences that cannot
    /// all be met because more players want one colour than there are pairs.
    fn bound(&self) -> Cost {
        let (mut left, mut lowest) = (0, u32::MAX);
        let (mut white, mut black, mut strong_white, mut strong_black) = (0, 0, 0, 0);
        for (pos, &i) in self.members.iter().enumerate() {
            if self.decided[pos] {
                continue;
            }
            left += 1;
            lowest = lowest.min(self.ctx.score(i));
            let p = &self.ctx.prefs[i];
            let strong = p.strength >= Strength::Strong;
            match p.colour {
                Some(Colour::White) => {
                    white += 1;
                    strong_white += u32::from(strong);
                }
                Some(Colour::Black) => {
                    black += 1;
                    strong_black += u32::from(strong);
                }
                None => {}
            }
        }
        let odd = left % 2;
        // With `odd` floaters, at least `wanting - odd` players wanting one colour are paired,
        // and each pair grants that colour to one of them at most.
        let excess = |wanting: u32| wanting.saturating_sub(odd + (left - odd) / 2);
        [
            0,
            0,
            odd,
            if odd == 1 { lowest } else { 0 },
            excess(white).max(excess(black)),
            excess(strong_white).max(excess(strong_black)),
            0,
            0,
            0,
            0,
        ]
    }

    /// Whether to stop exploring below a node of cost `cost`.
    fn cut(&mut self, cost: &Cost) -> bool {
        self.nodes += 1;
        let budget = self.ctx.options.bracket_budget;
        // Over budget the best candidate so far is taken; without one the search goes on a
        // while longer before the fallback takes over.
        if (self.nodes > budget && self.best.is_some())
            || self.nodes > budget.saturating_mul(4)
            || self.tests > MAX_COMPLETION_TESTS
        {
            self.done = true;
        }
        // Every slot only grows as more players are decided, so a partial cost that is no
        // better than the best complete one cannot lead to a better candidate.
        self.done || self.best.as_ref().is_some_and(|(best, _, _)| cost >= best)
    }

    /// The cost of pairing positions `a` and `b` (`a` before `b` in the bracket order).
    fn pair_cost(&self, a: usize, b: usize) -> Cost {
        let ctx = self.ctx;
        let (x, y) = (self.members[a], self.members[b]);
        let (high, low) = if x < y { (x, y) } else { (y, x) };
        let mut cost = [0; 10];
        cost[0] = u32::from(ctx.level == Level::Any && ctx.has_met(x, y));
        cost[1] = u32::from(ctx.level != Level::Strict && ctx.clash(x, y));
        let colour = ctx.colour_of_higher(high, low);
        for (player, got) in [(high, colour), (low, colour.opposite())] {
            let pref = &ctx.prefs[player];
            if pref.colour.is_some_and(|c| c != got) {
                cost[4] += 1;
                if pref.strength >= Strength::Strong {
                    cost[5] += 1;
                }
            }
        }
        if ctx.score(x) != ctx.score(y) {
            let up = if ctx.score(x) < ctx.score(y) { x } else { y };
            let (last, before) = floats(ctx, up);
            cost[7] = u32::from(last == Some(Float::Up));
            cost[9] = u32::from(before == Some(Float::Up));
        }
        cost
    }

    /// The cost of position `a` floating down.
    fn float_cost(&self, a: usize) -> Cost {
        let x = self.members[a];
        let (last, before) = floats(self.ctx, x);
        let mut cost = [0; 10];
        cost[2] = 1;
        cost[3] = self.ctx.score(x);
        cost[6] = u32::from(last == Some(Float::Down));
        cost[8] = u32::from(before == Some(Float::Down));
        cost
    }

    /// Tries pairing `a` with `b` (or floating `a` when `b` is `None`), then continues with
    /// `next`.
    fn try_step(
        &mut self,
        cost: Cost,
        a: usize,
        b: Option<usize>,
        next: &mut dyn FnMut(&mut Self, Cost),
    ) {
        let step = match b {
            Some(b) => {
                if !self.ctx.allowed(self.members[a], self.members[b]) {
                    return;
                }
                self.pair_cost(a, b)
            }
            None => self.float_cost(a),
        };
        let total = add(cost, step);
        self.decided[a] = true;
        match b {
            Some(b) => {
                self.decided[b] = true;
                self.pairs.push((a, b));
            }
            None => self.floaters.push(a),
        }
        if !self.cut(&add(total, self.bound())) {
            next(self, total);
        }
        self.decided[a] = false;
        match b {
            Some(b) => {
                self.decided[b] = false;
                self.pairs.pop();
            }
            None => {
                self.floaters.pop();
            }
        }
    }

    /// Stage one: MDP `k` (and those after it) take residents, lower MDPs, or float.
    fn stage_one(&mut self, k: usize, cost: Cost) {
        if self.done {
            return;
        }
        if k == self.mdps {
            self.order = (self.mdps..self.members.len()).filter(|&r| !self.decided[r]).collect();
            self.s1 = self.order.len() / 2;
            self.stage_two(0, cost);
            return;
        }
        if self.decided[k] {
            self.stage_one(k + 1, cost);
            return;
        }
        let partners: Vec<usize> = (self.mdps..self.members.len())
            .chain(k + 1..self.mdps)
            .filter(|&r| !self.decided[r])
            .collect();
        for b in partners {
            self.try_step(cost, k, Some(b), &mut |s, c| s.stage_one(k + 1, c));
            if self.done {
                return;
            }
        }
        self.try_step(cost, k, None, &mut |s, c| s.stage_one(k + 1, c));
    }

    /// Stage two: the first undecided player from place `i` of the S1-then-S2 order takes a
    /// partner or floats.
    fn stage_two(&mut self, i: usize, cost: Cost) {
        if self.done {
            return;
        }
        let Some(offset) = self.order[i..].iter().position(|&p| !self.decided[p]) else {
            self.leaf(cost);
            return;
        };
        let i = i + offset;
        let a = self.order[i];
        let partners: Vec<usize> = if i < self.s1 {
            // S2 in order (the transpositions), then S1 below (the exchanges' stand-in).
            self.order[self.s1..].iter().chain(&self.order[i + 1..self.s1]).copied().collect()
        } else {
            self.order[i + 1..].to_vec()
        };
        for b in partners {
            if self.decided[b] {
                continue;
            }
            self.try_step(cost, a, Some(b), &mut |s, c| s.stage_two(i + 1, c));
            if self.done {
                return;
            }
        }
        self.try_step(cost, a, None, &mut |s, c| s.stage_two(i + 1, c));
    }

    /// A complete candidate: keep it if it is better than the best and passes the completion
    /// test.
    fn leaf(&mut self, cost: Cost) {
        if self.best.as_ref().is_some_and(|(best, _, _)| &cost >= best) {
            return;
        }
        let floating: Vec<usize> = self.floaters.iter().map(|&a| self.members[a]).collect();
        let completes = if self.lower.is_empty() {
            floating.is_empty()
        } else {
            self.tests += 1;
            let set: Vec<usize> = floating.iter().chain(self.lower).copied().collect();
            self.ctx.completes(&set)
        };
        if !completes {
            return;
        }
        self.best = Some((cost, self.pairs.clone(), self.floaters.clone()));
        if cost <= self.ideal {
            self.done = true;
        }
    }
}

/// A player's floats in the previous round and the one before.
fn floats(ctx: &Ctx<'_>, i: usize) -> (Option<Float>, Option<Float>) {
    let f = &ctx.players[i].floats;
    let last = f.last().copied().flatten();
    let before = f.len().checked_sub(2).and_then(|k| f[k]);
    (last, before)
}

fn add(a: Cost, b: Cost) -> Cost {
    let mut c = a;
    for (x, y) in c.iter_mut().zip(b) {
        *x += y;
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::swiss::{Options, Player};

    /// The lowest cost over every perfect matching of `members` that the level allows, by
    /// exhaustive enumeration, using the search's own cost of a pair.
    fn brute_force(search: &Search<'_, '_>, free: &[usize]) -> Option<Cost> {
        let Some((&a, rest)) = free.split_first() else { return Some([0; 10]) };
        let mut best: Option<Cost> = None;
        for &b in rest {
            if !search.ctx.allowed(search.members[a], search.members[b]) {
                continue;
            }
            let others: Vec<usize> = rest.iter().copied().filter(|&x| x != b).collect();
            if let Some(cost) = brute_force(search, &others) {
                let total = add(cost, search.pair_cost(a, b));
                if best.is_none_or(|known| total < known) {
                    best = Some(total);
                }
            }
        }
        best
    }

    #[test]
    fn a_single_bracket_gets_the_cheapest_pairing_that_exhaustive_search_finds() {
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        };
        let mut checked = 0;
        for _ in 0..300 {
            let n = 2 * (2 + next(3) as u32); // 4, 6 or 8 players, one score group
            let mut players: Vec<Player> = (1..=n).map(|r| Player::new(r, r)).collect();
            for p in &mut players {
                for _ in 0..3 {
                    let colour = match next(3) {
                        0 => None,
                        1 => Some(crate::Colour::White),
                        _ => Some(crate::Colour::Black),
                    };
                    p.colours.push(colour);
                    p.floats.push(None);
                }
            }
            for a in 1..=n {
                for b in a + 1..=n {
                    if next(4) == 0 {
                        players[a as usize - 1].opponents.push(b);
                        players[b as usize - 1].opponents.push(a);
                    }
                }
            }
            let refs: Vec<&Player> = players.iter().collect();
            let ctx = Ctx::new(&refs, Level::Strict, &Options::default());
            let members: Vec<usize> = (0..players.len()).collect();
            let mut search = Search::new(&ctx, &members, 0, &[]);
            let want = brute_force(&search, &members);
            search.stage_one(0, [0; 10]);
            let got = search.best.as_ref().map(|(cost, _, _)| *cost);
            assert_eq!(got, want, "players {players:?}");
            checked += usize::from(want.is_some());
        }
        assert!(checked > 100, "only {checked} fields could be paired");
    }
}
