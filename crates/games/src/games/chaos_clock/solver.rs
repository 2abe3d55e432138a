//! The exact solver: the value of any Chaos Clock position under best play, where each side
//! prefers its own win > 共赢 > 同输 > its own loss and infinite play counts as 同输 (spec
//! decision 9). The design is in `docs/chaos-clock.md`; in brief:
//!
//! 1. **Graph, not tree.** A position is the board, the side to move and the ban (`last`), packed
//!    into 53 bits. Every position reachable from the root is stored once, in the table of its
//!    layer (rank, see 2): open addressing over u64 words `key | value << 56`, found layer by
//!    layer in ascending rank. Terminal positions are stored with their value and not expanded.
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

use super::Action;

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
            let keep =
                self.board.iter().position(|&p| p == self.last).is_some_and(|i| self.movable(i));
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
        self.completion().or_else(|| both_stuck(&self.board).then_some(BOTH_LOSE))
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
    pub fn for_each_child(&self, mut f: impl FnMut(Action, Result<Pos, u8>)) {
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
                f(Action::Drop(n), Ok(c));
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
            f(Action::Move(p), Ok(c));
        }
        if self.last == PASS {
            f(Action::Pass, Err(BOTH_LOSE));
        } else {
            let mut c = *self;
            c.side = 1 - me;
            c.last = PASS;
            f(Action::Pass, Ok(c));
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
    let mut sides = [false; 2];
    for p in dead_pieces(board) {
        sides[owner(p) as usize] = true;
    }
    sides
}

/// The pieces [`stuck_sides`] finds dead (that provably never move again and so never come
/// home), in increasing order.
#[must_use]
pub fn dead_pieces(board: &[u8; 12]) -> Vec<u8> {
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
    (1..=12u8).filter(|&p| dead[p as usize]).collect()
}

/// Slots (as a bit mask) that a piece `q` on slot index `j` may ever visit: `j + k·gcd(q, 12)`.
const fn orbit(q: usize, j: usize) -> u16 {
    let g = gcd12(q);
    let mut m = 0u16;
    let mut s = j % g;
    while s < 12 {
        m |= 1 << s;
        s += g;
    }
    m
}

const ORBITS: [[u16; 12]; 13] = {
    let mut t = [[0u16; 12]; 13];
    let mut q = 1;
    while q <= 12 {
        let mut j = 0;
        while j < 12 {
            t[q][j] = orbit(q, j);
            j += 1;
        }
        q += 1;
    }
    t
};

/// `stuck_sides(board) == [true, true]`, with bit masks and early exits (the hot path of
/// [`Pos::terminal`]). The same greatest fixpoint: a piece stays dead while it cannot move now,
/// no live piece's orbit covers its slot and the piece owning its slot is on the board and dead.
#[must_use]
pub fn both_stuck(board: &[u8; 12]) -> bool {
    let mut slot_of = [0u8; 13];
    let mut on_board = 0u16; // pieces, not at home, bit p
    let mut homes = 0u16; // slots at home, bit i
    for (i, &p) in board.iter().enumerate() {
        if p as usize == i + 1 {
            homes |= 1 << i;
        } else if p != 0 {
            on_board |= 1 << p;
            slot_of[p as usize] = i as u8;
        }
    }
    let mut dead = 0u16;
    let mut b = on_board;
    while b != 0 {
        let p = b.trailing_zeros() as usize;
        b &= b - 1;
        let i = slot_of[p] as usize;
        let t = (i + p) % 12;
        if t != i && homes & (1 << t) != 0 {
            dead |= 1 << p;
        }
    }
    const ODD: u16 = 0b0_1010_1010_1010; // pieces 1,3,..,11
    const EVEN: u16 = 0b1_0101_0101_0100; // pieces 2,4,..,12
    loop {
        if dead & ODD == 0 || dead & EVEN == 0 {
            return false;
        }
        let mut reach = 0u16;
        let mut alive = on_board & !dead;
        while alive != 0 {
            let q = alive.trailing_zeros() as usize;
            alive &= alive - 1;
            reach |= ORBITS[q][slot_of[q] as usize];
        }
        let mut next = dead;
        let mut d = dead;
        while d != 0 {
            let p = d.trailing_zeros() as usize;
            d &= d - 1;
            let i = slot_of[p] as usize;
            let owner_piece = i + 1;
            let owner_dead = dead & (1 << owner_piece) != 0;
            if !owner_dead || reach & (1 << i) != 0 {
                next &= !(1 << p);
            }
        }
        if next == dead {
            return true;
        }
        dead = next;
    }
}

const fn gcd12(q: usize) -> usize {
    let (mut a, mut b) = (q, 12);
    while b != 0 {
        let r = a % b;
        a = b;
        b = r;
    }
    a
}

/// The search ran out of its state budget.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Budget {
    /// States discovered when it stopped.
    pub positions: usize,
}

/// The default position budget: the layer tables take 12–23 bytes per position, so
/// a search stays well within 500 MB.
pub const DEFAULT_BUDGET: usize = 12_000_000;

/// The verdict for the side to move (the reference's codes 4, 3, 2, 1).
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// The side to move wins (己赢).
    Win,
    /// Both win (共赢).
    BothWin,
    /// Both lose (同输).
    BothLose,
    /// The side to move loses (己输).
    Lose,
}

impl Verdict {
    /// The verdict of absolute `value` for `side` (0 = 甲, 1 = 乙).
    #[must_use]
    pub fn of(value: u8, side: u8) -> Verdict {
        match value {
            BOTH_WIN => Verdict::BothWin,
            BOTH_LOSE => Verdict::BothLose,
            JIA_WINS if side == 0 => Verdict::Win,
            YI_WINS if side == 1 => Verdict::Win,
            _ => Verdict::Lose,
        }
    }

    /// `win`, `both-win`, `both-lose` or `lose`.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Verdict::Win => "win",
            Verdict::BothWin => "both-win",
            Verdict::BothLose => "both-lose",
            Verdict::Lose => "lose",
        }
    }
}

/// `jia`, `yi`, `both-win` or `both-lose` for an absolute value.
#[must_use]
pub fn result_code(value: u8) -> &'static str {
    match value {
        JIA_WINS => "jia",
        YI_WINS => "yi",
        BOTH_WIN => "both-win",
        _ => "both-lose",
    }
}

/// A solved root.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Solved {
    /// Absolute value of the root.
    pub value: u8,
    /// Each root action with the absolute value it leads to.
    pub actions: Vec<(Action, u8)>,
    /// States in the graph.
    pub positions: usize,
}

impl Solved {
    /// Every root action that achieves the root's value, in canonical order.
    #[must_use]
    pub fn best(&self) -> Vec<Action> {
        self.actions.iter().filter(|(_, v)| *v == self.value).map(|(a, _)| *a).collect()
    }
}

#[inline]
fn mix(k: u64) -> usize {
    let mut x = k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x ^= x >> 29;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    (x ^ (x >> 32)) as usize
}

/// Bits of a slot word holding the position key (53 bits); bits 56..59 hold its value
/// (0 = not known yet, else an absolute value).
const KMASK: u64 = (1 << 53) - 1;
const VSHIFT: u32 = 56;
const EMPTY: u64 = u64::MAX;
/// Number of layer ranks, see [`Pos::rank`].
const RANKS: usize = 13 * 13;

/// One layer (one rank): an open-addressing table of slot words (key | value << 56). The slot
/// index is the position's id inside the layer while the layer is solved.
struct Layer {
    slots: Vec<u64>,
    mask: usize,
    len: usize,
}

impl Layer {
    fn new() -> Layer {
        Layer { slots: Vec::new(), mask: 0, len: 0 }
    }
    #[inline]
    fn find(&self, k: u64) -> Result<usize, usize> {
        if self.slots.is_empty() {
            return Err(usize::MAX);
        }
        let mut h = mix(k) & self.mask;
        loop {
            let s = self.slots[h];
            if s == EMPTY {
                return Err(h);
            }
            if s & KMASK == k {
                return Ok(h);
            }
            h = (h + 1) & self.mask;
        }
    }
    #[inline]
    fn value_at(&self, h: usize) -> u8 {
        ((self.slots[h] >> VSHIFT) & 7) as u8
    }
    /// Inserts `word` at the free slot `h` returned by [`Layer::find`].
    fn insert(&mut self, h: usize, word: u64) {
        if self.slots.is_empty() {
            self.slots = vec![EMPTY; 16];
            self.mask = 15;
            let Err(h) = self.find(word & KMASK) else { unreachable!() };
            self.slots[h] = word;
        } else {
            self.slots[h] = word;
        }
        self.len += 1;
        if self.len * 10 > self.slots.len() * 7 {
            let bigger = vec![EMPTY; self.slots.len() * 2];
            let old = std::mem::replace(&mut self.slots, bigger);
            self.mask = self.slots.len() - 1;
            for w in old {
                if w != EMPTY {
                    let Err(h) = self.find(w & KMASK) else { unreachable!() };
                    self.slots[h] = w;
                }
            }
        }
    }
}

/// Solves `root` exactly (the root's repetition history is taken as empty), or reports that more than `max_positions` states would be needed.
pub fn solve(root: &Pos, max_positions: usize) -> Result<Solved, Budget> {
    let mut root = *root;
    root.normalize();
    let mut layers: Vec<Layer> = (0..RANKS).map(|_| Layer::new()).collect();
    let rt = root.terminal().unwrap_or(0);
    layers[root.rank()].insert(0, root.key() | u64::from(rt) << VSHIFT);
    let mut total = 1usize;
    // 1. Discovery, layer by layer in ascending rank: an action never lowers the rank, so when
    //    a layer is expanded every position of it has been found (or is found inside it).
    //    Terminal positions are stored with their value and not expanded.
    let mut queue: Vec<u64> = Vec::new();
    for r in 0..RANKS {
        if layers[r].len == 0 {
            continue;
        }
        queue.clear();
        queue.extend(layers[r].slots.iter().filter(|&&w| w != EMPTY && w >> VSHIFT == 0));
        while let Some(k) = queue.pop() {
            let pos = Pos::from_key(k);
            pos.for_each_child(|_, child| {
                let Ok(c) = child else { return };
                let ck = c.key();
                let cr = c.rank();
                let layer = &mut layers[cr];
                if let Err(h) = layer.find(ck) {
                    let t = c.terminal().unwrap_or(0);
                    layer.insert(h, ck | u64::from(t) << VSHIFT);
                    total += 1;
                    if t == 0 && cr == r {
                        queue.push(ck);
                    }
                }
            });
            if total > max_positions {
                return Err(Budget { positions: total });
            }
        }
    }
    // 2. Solve ranks from the highest down.
    let mut work = Work::default();
    for r in (0..RANKS).rev() {
        if layers[r].len > 0 {
            let (_, hi) = layers.split_at_mut(r);
            let Some((this, above)) = hi.split_first_mut() else { continue };
            solve_layer(this, above, r, &mut work);
        }
    }
    let lookup = |c: &Pos| {
        let l = &layers[c.rank()];
        l.find(c.key()).map(|h| l.value_at(h)).unwrap_or(0)
    };
    let value = lookup(&root);
    let mut actions = Vec::new();
    root.for_each_child(|a, child| {
        let v = match child {
            Err(v) => v,
            // A root that is already over lists its actions with its own value (as before).
            Ok(_) if rt != 0 => rt,
            Ok(c) => lookup(&c),
        };
        actions.push((a, v));
    });
    Ok(Solved { value, actions, positions: total })
}

#[derive(Default)]
struct Work {
    loc: Vec<u32>,
    node_slot: Vec<u32>,
    exits: Vec<u8>,
    off: Vec<u32>,
    edges: Vec<u32>,
    roff: Vec<u32>,
    redges: Vec<u32>,
    cnt: Vec<u32>,
    side: Vec<u8>,
    local: Vec<u8>,
    queue: Vec<u32>,
}

fn bit(v: u8) -> u8 {
    1 << v
}

/// Solves one layer whose exits (higher layers) are solved: retrograde analysis with in-layer
/// reverse edges and successor counters. `above[i]` is the layer of rank `r + 1 + i`.
#[allow(clippy::needless_range_loop)] // `u` indexes several parallel arrays
fn solve_layer(this: &mut Layer, above: &[Layer], r: usize, w: &mut Work) {
    let cap = this.slots.len();
    w.loc.clear();
    w.loc.resize(cap, u32::MAX);
    w.node_slot.clear();
    for (h, &s) in this.slots.iter().enumerate() {
        if s != EMPTY && s >> VSHIFT == 0 {
            w.loc[h] = w.node_slot.len() as u32;
            w.node_slot.push(h as u32);
        }
    }
    let m = w.node_slot.len();
    w.exits.clear();
    w.off.clear();
    w.edges.clear();
    w.side.clear();
    w.off.push(0);
    for u in 0..m {
        let pos = Pos::from_key(this.slots[w.node_slot[u] as usize] & KMASK);
        w.side.push(pos.side);
        let mut ex = 0u8;
        pos.for_each_child(|_, child| match child {
            Err(v) => ex |= bit(v),
            Ok(c) => {
                let cr = c.rank();
                let ck = c.key();
                // Discovery stored every child, so the lookups always succeed.
                if cr == r {
                    let Ok(h) = this.find(ck) else { unreachable!() };
                    let v = this.value_at(h);
                    if v != 0 {
                        ex |= bit(v);
                    } else {
                        w.edges.push(w.loc[h]);
                    }
                } else {
                    let l = &above[cr - r - 1];
                    let Ok(h) = l.find(ck) else { unreachable!() };
                    let v = l.value_at(h);
                    debug_assert!(v != 0);
                    ex |= bit(v);
                }
            }
        });
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
    w.local.clear();
    w.local.resize(m, 0);
    let local = &mut w.local;
    // Attractors for each winner.
    for (winner, wside) in [(JIA_WINS, 0u8), (YI_WINS, 1u8)] {
        w.cnt.clear();
        w.queue.clear();
        for u in 0..m {
            w.cnt.push(w.off[u + 1] - w.off[u]);
            if local[u] != 0 {
                continue;
            }
            let is = if w.side[u] == wside {
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
        if local[u] == 0 && w.exits[u] & bit(BOTH_WIN) != 0 {
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
    for u in 0..m {
        let v = if local[u] == 0 { BOTH_LOSE } else { local[u] };
        this.slots[w.node_slot[u] as usize] |= u64::from(v) << VSHIFT;
    }
}
