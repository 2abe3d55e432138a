//! Maximum-cardinality matching in a general graph: Edmonds' blossom algorithm, O(V³).
//!
//! The Swiss pairing uses it as its completion test (can these players still all be paired
//! under the absolute criteria?) and as the fallback that always yields a valid pairing when
//! the bounded Dutch search runs out of budget. Graphs are small (at most a few hundred
//! players), so an adjacency matrix is fine.

/// A perfect matching of the graph on `0..n` whose edges `adjacent` gives, as `mate[v]`, or
/// `None` when the graph has none (always `None` for an odd `n`).
pub(crate) fn perfect_matching(
    n: usize,
    adjacent: impl Fn(usize, usize) -> bool,
) -> Option<Vec<usize>> {
    if n % 2 == 1 {
        return None;
    }
    let graph: Vec<Vec<usize>> =
        (0..n).map(|v| (0..n).filter(|&u| u != v && adjacent(v, u)).collect()).collect();
    let mut blossom = Blossom::new(&graph);
    // A greedy start saves most augmenting searches.
    for (v, neighbours) in graph.iter().enumerate() {
        if blossom.mate[v] == NONE
            && let Some(&u) = neighbours.iter().find(|&&u| blossom.mate[u] == NONE)
        {
            blossom.mate[v] = u;
            blossom.mate[u] = v;
        }
    }
    for root in 0..n {
        if blossom.mate[root] != NONE {
            continue;
        }
        // Without an augmenting path from `root` now there is none later either (a vertex
        // left exposed by one search stays exposed in a maximum matching), so the matching
        // cannot be perfect.
        let end = blossom.find_path(root)?;
        blossom.augment(end);
    }
    Some(blossom.mate)
}

/// Whether the graph on `0..n` has a perfect matching.
pub(crate) fn has_perfect_matching(n: usize, adjacent: impl Fn(usize, usize) -> bool) -> bool {
    perfect_matching(n, adjacent).is_some()
}

const NONE: usize = usize::MAX;

/// The state of one run of Edmonds' algorithm (the classic BFS formulation with blossom bases).
struct Blossom<'g> {
    graph: &'g [Vec<usize>],
    mate: Vec<usize>,
    parent: Vec<usize>,
    base: Vec<usize>,
    used: Vec<bool>,
    in_blossom: Vec<bool>,
    queue: Vec<usize>,
}

impl<'g> Blossom<'g> {
    fn new(graph: &'g [Vec<usize>]) -> Self {
        let n = graph.len();
        Blossom {
            graph,
            mate: vec![NONE; n],
            parent: vec![NONE; n],
            base: (0..n).collect(),
            used: vec![false; n],
            in_blossom: vec![false; n],
            queue: Vec::with_capacity(n),
        }
    }

    /// The lowest common ancestor of `a` and `b` in the alternating forest, by blossom bases.
    fn lca(&self, mut a: usize, mut b: usize) -> usize {
        let mut seen = vec![false; self.graph.len()];
        loop {
            a = self.base[a];
            seen[a] = true;
            if self.mate[a] == NONE {
                break;
            }
            a = self.parent[self.mate[a]];
        }
        loop {
            b = self.base[b];
            if seen[b] {
                return b;
            }
            b = self.parent[self.mate[b]];
        }
    }

    /// Marks the blossom path from `v` up to base `b`, re-pointing parents through `child`.
    fn mark_path(&mut self, mut v: usize, b: usize, mut child: usize) {
        while self.base[v] != b {
            self.in_blossom[self.base[v]] = true;
            self.in_blossom[self.base[self.mate[v]]] = true;
            self.parent[v] = child;
            child = self.mate[v];
            v = self.parent[self.mate[v]];
        }
    }

    /// The exposed vertex at the end of an augmenting path from `root`, if there is one.
    fn find_path(&mut self, root: usize) -> Option<usize> {
        let n = self.graph.len();
        self.used.iter_mut().for_each(|u| *u = false);
        self.parent.iter_mut().for_each(|p| *p = NONE);
        for (i, b) in self.base.iter_mut().enumerate() {
            *b = i;
        }
        self.used[root] = true;
        self.queue.clear();
        self.queue.push(root);
        let mut head = 0;
        while head < self.queue.len() {
            let v = self.queue[head];
            head += 1;
            for &to in &self.graph[v] {
                if self.base[v] == self.base[to] || self.mate[v] == to {
                    continue;
                }
                if to == root || (self.mate[to] != NONE && self.parent[self.mate[to]] != NONE) {
                    let current = self.lca(v, to);
                    self.in_blossom.iter_mut().for_each(|b| *b = false);
                    self.mark_path(v, current, to);
                    self.mark_path(to, current, v);
                    for i in 0..n {
                        if self.in_blossom[self.base[i]] {
                            self.base[i] = current;
                            if !self.used[i] {
                                self.used[i] = true;
                                self.queue.push(i);
                            }
                        }
                    }
                } else if self.parent[to] == NONE {
                    self.parent[to] = v;
                    if self.mate[to] == NONE {
                        return Some(to);
                    }
                    let next = self.mate[to];
                    self.used[next] = true;
                    self.queue.push(next);
                }
            }
        }
        None
    }

    /// Flips the augmenting path ending at `end`.
    fn augment(&mut self, mut end: usize) {
        while end != NONE {
            let pv = self.parent[end];
            let ppv = self.mate[pv];
            self.mate[end] = pv;
            self.mate[pv] = end;
            end = ppv;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Exhaustive search: the first unmatched vertex takes each free neighbour in turn.
    fn brute_force(n: usize, adjacent: &dyn Fn(usize, usize) -> bool) -> bool {
        fn go(free: &[usize], adjacent: &dyn Fn(usize, usize) -> bool) -> bool {
            let Some(&v) = free.first() else { return true };
            for &u in &free[1..] {
                if adjacent(v, u) {
                    let rest: Vec<usize> =
                        free.iter().copied().filter(|&x| x != v && x != u).collect();
                    if go(&rest, adjacent) {
                        return true;
                    }
                }
            }
            false
        }
        let free: Vec<usize> = (0..n).collect();
        go(&free, adjacent)
    }

    #[test]
    fn a_five_cycle_plus_a_pendant_pair_is_found_through_the_blossom() {
        // 0-1-2-3-4-0 is an odd cycle; 5 hangs off 2. The greedy start pairs 0-1 and 2-3,
        // leaving 4 and 5 exposed; only an augmenting path through the blossom fixes it.
        let edges = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (2, 5)];
        let adjacent =
            |a: usize, b: usize| edges.iter().any(|&(x, y)| (x, y) == (a, b) || (y, x) == (a, b));
        let mate = perfect_matching(6, adjacent).expect("a perfect matching exists");
        for (v, &u) in mate.iter().enumerate() {
            assert_eq!(mate[u], v);
            assert!(adjacent(v, u), "{v}-{u} is not an edge");
        }
    }

    #[test]
    fn the_blossom_algorithm_agrees_with_brute_force_on_random_graphs() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        for round in 0..400 {
            let n = 2 * (1 + round % 5);
            let mut matrix = vec![false; n * n];
            for a in 0..n {
                for b in a + 1..n {
                    state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    let edge = (state >> 33) % 100 < 30;
                    matrix[a * n + b] = edge;
                    matrix[b * n + a] = edge;
                }
            }
            let adjacent = |a: usize, b: usize| matrix[a * n + b];
            let found = perfect_matching(n, adjacent);
            assert_eq!(found.is_some(), brute_force(n, &adjacent), "graph {matrix:?}");
            if let Some(mate) = found {
                for (v, &u) in mate.iter().enumerate() {
                    assert_eq!(mate[u], v);
                    assert!(adjacent(v, u));
                }
            }
        }
    }
}
