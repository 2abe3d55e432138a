//! The exact solver: the value of any Chaos Clock position under best play, where each side
//! prefers its own win > 共赢 > 同输 > its own loss and infinite play counts as 同输 (spec
//! decision 9). The design is in `docs/chaos-clock.md`; in brief:
//!
//! 1. **Graph, not tree.** A position is the board, the side to move and the ban (`last`), packed
//!    into 53 bits. Every position reachable from the root is enumerated once (breadth first,
//!    open addressing over a key vector).
//! 2. **Layers.** A piece at home never moves again and a captured piece only ever returns home,
//!    so every action either stays in its layer (same pieces at home, same pieces in hand: a move
//!    onto an empty slot, or a pass) or strictly raises the rank (|home ∪ hand|, |home|). Ranks
//!    are solved from the highest down, so each layer sees its exits already solved.
//! 3. **Retrograde analysis inside a layer.** Because every preference order ranks the own win
//!    first and the opponent's win last, a position is a win for X exactly when X can force
//!    reaching an X-win (an attractor, computed with successor counters over the in-layer
//!    reverse edges). Among the rest both sides prefer 共赢 to 同输, so 共赢 is cooperative
//!    reachability of a 共赢 through positions that are in neither attractor; all else is 同输
//!    (including every cycle: infinite play is 同输).
//!
//! A search that would need more than its position budget stops and says so ([`Budget`]); it
//! never guesses.

/// `last` value: nothing banned and the previous turn was not a pass.
pub const NONE: u8 = 0;
/// `last` value: the previous turn was a pass.
pub const PASS: u8 = 13;

/// Absolute values.
pub const JIA_WINS: u8 = 1;
/// 乙 wins.
pub const YI_WINS: u8 = 2;
/// Both win.
pub const BOTH_WIN: u8 = 3;
/// Both lose.
pub const BOTH_LOSE: u8 = 4;

/// A bare position.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Pos {
    /// `board[i]` is the piece on slot `i + 1` (0 empty).
    pub board: [u8; 12],
    /// 0 = 甲 (odd pieces) to move, 1 = 乙 (even).
    pub side: u8,
    /// 0 none, 1..=12 banned piece, 13 previous turn was a pass.
    pub last: u8,
}

/// An action in the solver's terms.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Act {
    /// Move piece n.
    Move(u8),
    /// Drop piece n.
    Drop(u8),
    /// Pass.
    Pass,
}

/// Side owning piece `n`: 0 for odd, 1 for even.
#[inline]
pub fn owner(n: u8) -> u8 {
    1 - (n & 1)
}

#[inline]
fn home(board: &[u8; 12], i: usize) -> bool {
    board[i] as usize == i + 1
}

/// Number of `side`'s pieces at home.
pub fn home_count(board: &[u8; 12], side: u8) -> u32 {
    let mut c = 0;
    let first = if side == 0 { 1 } else { 2 };
    let mut n = first;
    while n <= 12 {
        if board[n - 1] as usize == n {
            c += 1;
        }
        n += 2;
    }
    c
}

impl Pos {
    /// Packs into a key.
    pub fn key(&self) -> u64 {
        let mut k = 0u64;
        for (i, &p) in self.board.iter().enumerate() {
            k |= u64::from(p) << (4 * i);
        }
        k | u64::from(self.side) << 48 | u64::from(self.last) << 49
    }

    /// Unpacks a key.
    pub fn from_key(k: u64) -> Pos {
        let mut board = [0u8; 12];
        for (i, b) in board.iter_mut().enumerate() {
            *b = ((k >> (4 * i)) & 15) as u8;
        }
        Pos { board, side: ((k >> 48) & 1) as u8, last: ((k >> 49) & 15) as u8 }
    }

    /// Whether piece on slot index `i` may move (ignoring the ban).
    #[inline]
    fn movable(&self, i: usize) -> bool {
        let p = self.board[i];
        if p == 0 || home(&self.board, i) {
            return false;
        }
        let t = (i + p as usize) % 12;
        t == i || !home(&self.board, t)
    }

    /// Clears a ban that bans nothing (piece off the board, at home, or without a move).
    pub fn normalize(&mut self) {
        if (1..=12).contains(&self.last) {
            let keep = self.board.iter().position(|&p| p == self.last).is_some_and(|i| self.movable(i));
            if !keep {
                self.last = NONE;
            }
        }
    }

    /// The value of a position where the game is over at the start of the turn, if it is:
    /// completion (judged for the side to move, spec §4 rule 7) and both sides stuck forever.
    /// Two passes in a row end the game on the action, see [`Pos::for_each_child`].
    #[must_use]
    pub fn terminal(&self) -> Option<u8> {
        self.completion().or_else(|| (stuck_sides(&self.board) == [true, true]).then_some(BOTH_LOSE))
    }

    /// The completion part of [`Pos::terminal`]: both complete is 共赢; the side to move
    /// complete and the other not is its win; the other complete while the side to move has four
    /// or fewer pieces at home (so no single action can complete it) is the other's win.
    #[must_use]
    pub fn completion(&self) -> Option<u8> {
        let me = self.side;
        let mine = home_count(&self.board, me);
        let theirs = home_count(&self.board, 1 - me);
        let win = |s: u8| if s == 0 { JIA_WINS } else { YI_WINS };
        match (mine == 6, theirs == 6) {
            (true, true) => Some(BOTH_WIN),
            (true, false) => Some(win(me)),
            (false, true) if mine <= 4 => Some(win(1 - me)),
            _ => None,
        }
    }

    /// Calls `f(action, child)` for every legal action in canonical order (drops ascending,
    /// moves by piece ascending, pass); `child` is `Err(value)` for an action that ends the game
    /// at once (a second pass in a row).
    pub fn for_each_child(&self, mut f: impl FnMut(Act, Result<Pos, u8>)) {
        let me = self.side;
        let mut on_board = 0u16;
        for &p in &self.board {
            on_board |= 1 << p;
        }
        let first = if me == 0 { 1 } else { 2 };
        let mut n = first;
        while n <= 12 {
            if on_board & (1 << n) == 0 {
                let mut c = *self;
                let captured = c.board[n as usize - 1];
                c.board[n as usize - 1] = n;
                let extra = captured != 0 && owner(captured) != me;
                c.side = if extra { me } else { 1 - me };
                c.last = NONE;
                f(Act::Drop(n), Ok(c));
            }
            n += 2;
        }
        let mut slot_of = [usize::MAX; 13];
        for (i, &p) in self.board.iter().enumerate() {
            slot_of[p as usize] = i;
        }
        for p in 1..=12u8 {
            let i = slot_of[p as usize];
            if i == usize::MAX || p == self.last || !self.movable(i) {
                continue;
            }
            let t = (i + p as usize) % 12;
            let mut c = *self;
            c.board[i] = 0;
            if t != i {
                c.board[t] = p;
            }
            c.side = 1 - me;
            c.last = p;
            c.normalize();
            f(Act::Move(p), Ok(c));
        }
        if self.last == PASS {
            f(Act::Pass, Err(BOTH_LOSE));
        } else {
            let mut c = *self;
            c.side = 1 - me;
            c.last = PASS;
            f(Act::Pass, Ok(c));
        }
    }

    /// Layer rank: transitions between different layers strictly increase it.
    pub fn rank(&self) -> usize {
        let mut nonhome = 0;
        let mut homes = 0;
        for i in 0..12 {
            let p = self.board[i];
            if p != 0 {
                if home(&self.board, i) {
                    homes += 1;
                } else {
                    nonhome += 1;
                }
            }
        }
        (12 - nonhome) * 13 + homes
    }
}

/// Pieces that provably never move again: they cannot move now (the landing slot holds a piece
/// at home, which stays there), no other piece that may still move can ever land on their slot
/// (a piece on the board stays on its orbit, slots `j + k·gcd(n, 12)`, until captured), and the
/// piece that belongs on their slot can never be dropped there (it is itself such a piece). The
/// greatest fixpoint of that description, so 双扣 (two pieces locking each other) is included.
/// Returns, per side (0 = 甲, 1 = 乙), whether that side has such a piece and so can never
/// complete.
#[must_use]
pub fn stuck_sides(board: &[u8; 12]) -> [bool; 2] {
    let mut dead = [false; 13];
    let mut slot_of = [usize::MAX; 13];
    for (i, &p) in board.iter().enumerate() {
        if p == 0 || home(board, i) {
            continue;
        }
        slot_of[p as usize] = i;
        let t = (i + p as usize) % 12;
        dead[p as usize] = t != i && home(board, t);
    }
    loop {
        let mut changed = false;
        for p in 1..=12usize {
            if !dead[p] {
                continue;
            }
            let i = slot_of[p];
            let owner_piece = i + 1;
            let owner_free = slot_of[owner_piece] == usize::MAX || !dead[owner_piece];
            let reachable = (1..12usize).any(|q| {
                let j = slot_of[q];
                q != p && j != usize::MAX && !dead[q] && (i + 12 - j) % gcd12(q) == 0
            });
            if owner_free || reachable {
                dead[p] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut sides = [false; 2];
    for p in 1..=12u8 {
        if dead[p as usize] {
            sides[owner(p) as usize] = true;
        }
    }
    sides
}

fn gcd12(q: usize) -> usize {
    let (mut a, mut b) = (q, 12);
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The search ran out of its state budget.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Budget {
    /// States discovered when it stopped.
    pub positions: usize,
}

/// A solved root.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Solved {
    /// Absolute value of the root.
    pub value: u8,
    /// Each root action with the absolute value it leads to.
    pub actions: Vec<(Act, u8)>,
    /// States in the graph.
    pub positions: usize,
}

const EMPTY: u32 = u32::MAX;

struct Table {
    slots: Vec<u32>,
    mask: usize,
}

#[inline]
fn mix(k: u64) -> usize {
    let mut x = k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x ^= x >> 29;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    (x ^ (x >> 32)) as usize
}

impl Table {
    fn new() -> Table {
        Table { slots: vec![EMPTY; 1 << 16], mask: (1 << 16) - 1 }
    }
    fn find(&self, keys: &[u64], k: u64) -> Result<u32, usize> {
        let mut h = mix(k) & self.mask;
        loop {
            let s = self.slots[h];
            if s == EMPTY {
                return Err(h);
            }
            if keys[s as usize] == k {
                return Ok(s);
            }
            h = (h + 1) & self.mask;
        }
    }
    fn grow(&mut self, keys: &[u64]) {
        let cap = self.slots.len() * 2;
        self.slots = vec![EMPTY; cap];
        self.mask = cap - 1;
        for (i, &k) in keys.iter().enumerate() {
            if let Err(h) = self.find(keys, k) {
                self.slots[h] = i as u32;
            }
        }
    }
}

/// Solves `root` exactly, or reports that more than `max_positions` states would be needed.
pub fn solve(root: &Pos, max_positions: usize) -> Result<Solved, Budget> {
    let mut root = *root;
    root.normalize();
    // 1. Discovery.
    let mut keys: Vec<u64> = vec![root.key()];
    let mut table = Table::new();
    table.grow(&keys);
    let mut next = 0;
    while next < keys.len() {
        let pos = Pos::from_key(keys[next]);
        next += 1;
        if pos.terminal().is_some() {
            continue;
        }
        let mut overflow = false;
        pos.for_each_child(|_, child| {
            if let Ok(c) = child {
                if c.terminal().is_some() {
                    return;
                }
                let k = c.key();
                if let Err(h) = table.find(&keys, k) {
                    table.slots[h] = keys.len() as u32;
                    keys.push(k);
                    if keys.len() * 2 > table.slots.len() {
                        table.grow(&keys);
                    }
                    if keys.len() > max_positions {
                        overflow = true;
                    }
                }
            }
        });
        if overflow {
            return Err(Budget { positions: keys.len() });
        }
    }
    let n = keys.len();
    // 2. Renumber so that each rank is contiguous, ascending.
    let ranks: Vec<u8> = keys.iter().map(|&k| Pos::from_key(k).rank() as u8).collect();
    let mut starts = [0usize; 13 * 13 + 2];
    for &r in &ranks {
        starts[r as usize + 1] += 1;
    }
    for r in 1..starts.len() {
        starts[r] += starts[r - 1];
    }
    let mut fill = starts;
    let mut perm = vec![0u32; n];
    for (i, &r) in ranks.iter().enumerate() {
        perm[i] = fill[r as usize] as u32;
        fill[r as usize] += 1;
    }
    drop(ranks);
    let mut sorted = vec![0u64; n];
    for (i, &k) in keys.iter().enumerate() {
        sorted[perm[i] as usize] = k;
    }
    keys = sorted;
    for s in table.slots.iter_mut() {
        if *s != EMPTY {
            *s = perm[*s as usize];
        }
    }
    drop(perm);
    // 3. Solve ranks from the highest down.
    let mut val = vec![0u8; n];
    let mut work = Work::default();
    for r in (0..13 * 13).rev() {
        let (lo, hi) = (starts[r], starts[r + 1]);
        if lo < hi {
            solve_group(&keys, &table, &mut val, lo, hi, &mut work);
        }
    }
    let root_idx = table.find(&keys, root.key()).unwrap_or(0) as usize;
    let mut actions = Vec::new();
    root.for_each_child(|a, child| {
        let v = match child {
            Err(v) => v,
            Ok(c) => match c.terminal() {
                Some(v) => v,
                None => val[table.find(&keys, c.key()).unwrap_or(0) as usize],
            },
        };
        actions.push((a, v));
    });
    Ok(Solved { value: val[root_idx], actions, positions: n })
}

#[derive(Default)]
struct Work {
    exits: Vec<u8>,
    off: Vec<u32>,
    edges: Vec<u32>,
    roff: Vec<u32>,
    redges: Vec<u32>,
    cnt: Vec<u32>,
    side: Vec<u8>,
    term: Vec<u8>,
    queue: Vec<u32>,
}

fn bit(v: u8) -> u8 {
    1 << v
}

fn solve_group(keys: &[u64], table: &Table, val: &mut [u8], lo: usize, hi: usize, w: &mut Work) {
    let m = hi - lo;
    w.exits.clear();
    w.off.clear();
    w.edges.clear();
    w.side.clear();
    w.term.clear();
    w.off.push(0);
    for u in lo..hi {
        let pos = Pos::from_key(keys[u]);
        w.side.push(pos.side);
        let mut ex = 0u8;
        if let Some(v) = pos.terminal() {
            w.term.push(v);
        } else {
            w.term.push(0);
            pos.for_each_child(|_, child| match child {
                Err(v) => ex |= bit(v),
                Ok(c) => {
                    let cv = c.terminal();
                    if let Some(v) = cv {
                        ex |= bit(v);
                        return;
                    }
                    // Discovery added every non-terminal child, so the lookup always succeeds.
                    let Ok(idx) = table.find(keys, c.key()) else { return };
                    let idx = idx as usize;
                    if (lo..hi).contains(&idx) {
                        w.edges.push((idx - lo) as u32);
                    } else {
                        debug_assert!(val[idx] != 0);
                        ex |= bit(val[idx]);
                    }
                }
            });
        }
        w.exits.push(ex);
        w.off.push(w.edges.len() as u32);
    }
    // Reverse edges.
    w.roff.clear();
    w.roff.resize(m + 1, 0);
    for &t in &w.edges {
        w.roff[t as usize + 1] += 1;
    }
    for i in 1..=m {
        w.roff[i] += w.roff[i - 1];
    }
    w.redges.clear();
    w.redges.resize(w.edges.len(), 0);
    {
        let mut fill: Vec<u32> = w.roff[..m].to_vec();
        for u in 0..m {
            for e in w.off[u]..w.off[u + 1] {
                let t = w.edges[e as usize] as usize;
                w.redges[fill[t] as usize] = u as u32;
                fill[t] += 1;
            }
        }
    }
    let local = &mut val[lo..hi];
    for u in 0..m {
        local[u] = w.term[u];
    }
    // Attractors for each winner.
    for (winner, wside) in [(JIA_WINS, 0u8), (YI_WINS, 1u8)] {
        w.cnt.clear();
        w.queue.clear();
        for u in 0..m {
            w.cnt.push(w.off[u + 1] - w.off[u]);
            let is = if w.term[u] != 0 {
                w.term[u] == winner
            } else if w.side[u] == wside {
                w.exits[u] & bit(winner) != 0
            } else {
                w.cnt[u] == 0 && w.exits[u] & !bit(winner) == 0
            };
            if is {
                local[u] = winner;
                w.queue.push(u as u32);
            }
        }
        while let Some(u) = w.queue.pop() {
            for e in w.roff[u as usize]..w.roff[u as usize + 1] {
                let p = w.redges[e as usize] as usize;
                if local[p] != 0 {
                    continue;
                }
                if w.side[p] == wside {
                    local[p] = winner;
                    w.queue.push(p as u32);
                } else {
                    w.cnt[p] -= 1;
                    if w.cnt[p] == 0 && w.exits[p] & !bit(winner) == 0 {
                        local[p] = winner;
                        w.queue.push(p as u32);
                    }
                }
            }
        }
    }
    // Both win: cooperative reachability through the rest.
    w.queue.clear();
    for u in 0..m {
        if (w.term[u] == BOTH_WIN) || (local[u] == 0 && w.exits[u] & bit(BOTH_WIN) != 0) {
            local[u] = BOTH_WIN;
            w.queue.push(u as u32);
        }
    }
    while let Some(u) = w.queue.pop() {
        for e in w.roff[u as usize]..w.roff[u as usize + 1] {
            let p = w.redges[e as usize] as usize;
            if local[p] == 0 {
                local[p] = BOTH_WIN;
                w.queue.push(p as u32);
            }
        }
    }
    for v in local.iter_mut() {
        if *v == 0 {
            *v = BOTH_LOSE;
        }
    }
}
