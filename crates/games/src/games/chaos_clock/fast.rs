//! Search from the root instead of full enumeration (session 3).
//!
//! The value of a position (solver.rs semantics) is
//!   * X wins   iff the position is in X's attractor A_X: X can force reaching a terminal "X wins"
//!     in finitely many plies (least fixpoint; infinite play is not reaching);
//!   * 共赢     iff it is in neither attractor and a path (both sides cooperating) leads to a 共赢
//!     terminal through positions in neither attractor;
//!   * 同输     otherwise.
//!
//! (Same characterisation as solver.rs's layer solve, composed over the layers.)
//!
//! A_X membership is decided with a *local* least-fixpoint algorithm (Liu & Smolka style) on
//! the AND/OR graph: X-to-move nodes are OR, the others AND. Nodes are explored on demand; a node
//! becomes TRUE only by a well-founded propagation (proof), and when the work list drains, every
//! explored non-true node is FALSE for good, because then the explored non-true nodes form a trap:
//! an OR node has all children explored and non-true, an AND node waits on one explored non-true
//! child (or has a terminal non-X child). Cycles need no special care: the fixpoint is computed
//! on the explored graph. A query that proves its node TRUE stops at once; the non-true nodes it
//! created are not final and are forgotten (only TRUE and FINAL-false nodes are kept between
//! queries, so every kept fact is exact).
//!
//! Extra escapes for AND nodes / skipped children of OR nodes, all positions provably not in
//! A_X: a terminal that is not an X win, a FINAL node, a position where X has a dead piece (X
//! can never complete), a position proven in the other attractor (A_X ∩ A_Y = ∅), a position on a
//! proven 共赢 path (in neither attractor). The trap argument still holds: a trap node in A_X of
//! minimal attractor rank would need a child in A_X of lower rank, and every child it may use is
//! either such a known outsider or a trap node of lower rank — contradiction.
//!
//! Move ordering: children by the number of actions of the side to move in them (few opponent
//! replies first), i.e. initial proof numbers; this matters 10× in positions searched.
//!
//! 共赢 reachability is a plain depth-first search through positions proven in neither
//! attractor (queries above); a failed search marks everything it visited as "no path" (all of
//! it was explored), a successful one marks the path.

use super::Action;
use super::solver::{BOTH_LOSE, BOTH_WIN, Budget, JIA_WINS, PASS, Pos, Solved, YI_WINS};
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

#[derive(Default)]
pub(crate) struct H(u64);
impl Hasher for H {
    fn finish(&self) -> u64 {
        let mut x = self.0.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        x ^= x >> 29;
        x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x ^ (x >> 32)
    }
    fn write(&mut self, _: &[u8]) {
        unreachable!()
    }
    fn write_u64(&mut self, k: u64) {
        self.0 = k;
    }
}
type Map<V> = HashMap<u64, V, BuildHasherDefault<H>>;
type Set = HashSet<u64, BuildHasherDefault<H>>;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kid {
    Term(u8),
    /// key, dead sides (bit 0: 甲 has a dead piece, bit 1: 乙)
    Node(u64, u8),
}

fn win_of(side: u8) -> u8 {
    if side == 0 { JIA_WINS } else { YI_WINS }
}

const ODD: u16 = 0b0_1010_1010_1010;
const EVEN: u16 = 0b1_0101_0101_0100;

/// Terminal value (as `Pos::terminal`) and move-ordering score of child `c` for the mover `m`
/// (higher = tried first): the number of actions of the side to move in `c`, counted against
/// `m` when that is the opponent (few replies first, like initial proof numbers).
#[inline]
#[cfg(test)]
fn info(c: &Pos, m: u8) -> (Option<u8>, i32, u8, u64) {
    let mut on = 0u16;
    let mut home = 0u16; // pieces at home, bit = piece
    let mut hs = 0u16; // slots holding their own piece, bit = slot index
    let mut key = 0u64;
    for (i, &q) in c.board.iter().enumerate() {
        on |= 1 << q;
        key |= u64::from(q) << (4 * i);
        if q as usize == i + 1 {
            home |= 1 << q;
            hs |= 1 << i;
        }
    }
    key |= u64::from(c.side) << 48 | u64::from(c.last) << 49;
    let me = c.side;
    let (mm, tm) = if me == 0 { (ODD, EVEN) } else { (EVEN, ODD) };
    let mine = (home & mm).count_ones();
    let theirs = (home & tm).count_ones();
    match (mine == 6, theirs == 6) {
        (true, true) => return (Some(BOTH_WIN), 0, 0, key),
        (true, false) => return (Some(win_of(me)), 0, 0, key),
        (false, true) if mine <= 4 => return (Some(win_of(1 - me)), 0, 0, key),
        _ => {}
    }
    let mut n = (!on & mm).count_ones() as i32 + 1;
    let mut cand = 0u16;
    let mut cslot = [0u8; 13];
    for (i, &q) in c.board.iter().enumerate() {
        if q == 0 || hs & (1 << i) != 0 {
            continue;
        }
        let t = TGT[i][q as usize] as usize;
        if t != i && hs & (1 << t) != 0 {
            cand |= 1 << q;
            cslot[q as usize] = i as u8;
        } else if q != c.last {
            n += 1;
        }
    }
    // dead pieces start among the blocked ones (dead_sides' initial set) and need the piece
    // owning their slot to be dead too (dead_sides' first removal rule): prune cheaply, call
    // dead_sides only when something survives
    loop {
        let mut next = cand;
        let mut d = cand;
        while d != 0 {
            let p = d.trailing_zeros() as usize;
            d &= d - 1;
            if cand & (1 << (cslot[p] as usize + 1)) == 0 {
                next &= !(1 << p);
            }
        }
        if next == cand {
            break;
        }
        cand = next;
    }
    let dead = if cand != 0 { dead_sides(&c.board) } else { 0 };
    if dead == 3 {
        return (Some(BOTH_LOSE), 0, dead, key);
    }
    (None, if me == m { n } else { -n }, dead, key)
}

const TGT: [[u8; 13]; 12] = {
    let mut t = [[0u8; 13]; 12];
    let mut i = 0;
    while i < 12 {
        let mut q = 0;
        while q <= 12 {
            t[i][q] = ((i + q) % 12) as u8;
            q += 1;
        }
        i += 1;
    }
    t
};

const fn gcd12(q: usize) -> usize {
    let (mut a, mut b) = (q, 12);
    while b != 0 {
        let r = a % b;
        a = b;
        b = r;
    }
    a
}

const ORBITS: [[u16; 12]; 13] = {
    let mut t = [[0u16; 12]; 13];
    let mut q = 1;
    while q <= 12 {
        let mut j = 0;
        while j < 12 {
            let g = gcd12(q);
            let mut m = 0u16;
            let mut s = j % g;
            while s < 12 {
                m |= 1 << s;
                s += g;
            }
            t[q][j] = m;
            j += 1;
        }
        q += 1;
    }
    t
};

/// Per side, whether it has a piece that provably never moves again (bit 0: 甲, bit 1: 乙):
/// the same greatest fixpoint as `solver::stuck_sides` (and `both_stuck` = both bits), with
/// bit masks. Such a side can never complete, so it can never win nor reach 共赢.
pub(crate) fn dead_sides(board: &[u8; 12]) -> u8 {
    let mut slot_of = [0u8; 13];
    let mut on_board = 0u16;
    let mut homes = 0u16;
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
    // Cheap necessary condition first: the piece owning a dead piece's slot is on the board
    // and dead (the same removal rule as below, without the orbit part).
    loop {
        let mut next = dead;
        let mut d = dead;
        while d != 0 {
            let p = d.trailing_zeros() as usize;
            d &= d - 1;
            if dead & (1 << (slot_of[p] as usize + 1)) == 0 {
                next &= !(1 << p);
            }
        }
        if next == dead {
            break;
        }
        dead = next;
    }
    loop {
        if dead == 0 {
            return 0;
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
            let owner_dead = dead & (1 << (i + 1)) != 0;
            if !owner_dead || reach & (1 << i) != 0 {
                next &= !(1 << p);
            }
        }
        if next == dead {
            return u8::from(dead & ODD != 0) | u8::from(dead & EVEN != 0) << 1;
        }
        dead = next;
    }
}

/// Children in canonical order (as `Pos::for_each_child`: drops ascending, moves by piece
/// ascending, pass), each with its ordering score for the mover (i32::MIN for a game end),
/// computed from the parent with incremental masks and key. Checked against
/// `for_each_child` + [`info`] by `proto gencheck`.
pub(crate) fn gen_kids(p: &Pos, out: &mut [(i32, u8, Kid); 24]) -> usize {
    let me = p.side;
    let m = me;
    let b = p.board;
    let mut on = 0u16;
    let mut home = 0u16; // pieces at home
    let mut hs = 0u16; // home slots
    let mut nh = 0u16; // pieces on the board, not at home
    let mut blocked = 0u16; // pieces of nh whose landing slot holds a piece at home
    let mut tb = [0u16; 12]; // pieces of nh (not 12 on its own slot) landing on slot j
    let mut slot_of = [0xffu8; 13];
    let mut bkey = 0u64;
    for (i, &q) in b.iter().enumerate() {
        on |= 1 << q;
        bkey |= u64::from(q) << (4 * i);
        slot_of[q as usize] = i as u8;
        if q as usize == i + 1 {
            home |= 1 << q;
            hs |= 1 << i;
        }
    }
    for (i, &q) in b.iter().enumerate() {
        if q != 0 && hs & (1 << i) == 0 {
            nh |= 1 << q;
            let t = TGT[i][q as usize] as usize;
            if t != i {
                tb[t] |= 1 << q;
                if hs & (1 << t) != 0 {
                    blocked |= 1 << q;
                }
            }
        }
    }
    let mut n = 0;
    // drops
    let mut d = !on & if me == 0 { ODD } else { EVEN };
    while d != 0 {
        let q = d.trailing_zeros() as usize;
        d &= d - 1;
        let s = q - 1;
        let cap = b[s];
        let extra = cap != 0 && (1 - (cap & 1)) != me;
        let side = if extra { me } else { 1 - me };
        let key = (bkey & !(0xf << (4 * s))) | (q as u64) << (4 * s) | u64::from(side) << 48;
        let capm = if cap != 0 { 1u16 << cap } else { 0 };
        let c = Child {
            con: (on & !capm) | 1 << q | 1,
            home: home | 1 << q,
            nh: nh & !capm,
            blocked: (blocked | tb[s]) & !capm,
            moved: 0,
            moved_to: 0,
            key,
            side,
            last: 0,
        };
        out[n] = finish(&b, &slot_of, &c, m, n, |cb| cb[s] = q as u8);
        n += 1;
    }
    // moves
    for q in 1..=12usize {
        let i = slot_of[q] as usize;
        if i == 0xff || q as u8 == p.last || hs & (1 << i) != 0 || blocked & (1 << q) != 0 {
            continue;
        }
        let t = TGT[i][q] as usize;
        let qm = 1u16 << q;
        let mut key = bkey & !(0xf << (4 * i));
        let side = 1 - me;
        let c = if t == i {
            // 12 leaves the board
            key |= u64::from(side) << 48;
            Child {
                con: (on & !qm) | 1,
                home,
                nh: nh & !qm,
                blocked,
                moved: q as u8,
                moved_to: 0xff,
                key,
                side,
                last: 0,
            }
        } else {
            let cap = b[t];
            let capm = if cap != 0 { 1u16 << cap } else { 0 };
            key = (key & !(0xf << (4 * t))) | (q as u64) << (4 * t);
            if t + 1 == q {
                key |= u64::from(side) << 48;
                Child {
                    con: (on & !capm) | 1,
                    home: home | qm,
                    nh: nh & !capm & !qm,
                    blocked: (blocked | tb[t]) & !capm & !qm,
                    moved: q as u8,
                    moved_to: t as u8,
                    key,
                    side,
                    last: 0,
                }
            } else {
                let t2 = TGT[t][q] as usize;
                let qb = hs & (1 << t2) != 0;
                let last = if qb { 0 } else { q as u8 };
                key |= u64::from(side) << 48 | u64::from(last) << 49;
                Child {
                    con: (on & !capm) | 1,
                    home,
                    nh: nh & !capm,
                    blocked: (blocked & !capm & !qm) | if qb { qm } else { 0 },
                    moved: q as u8,
                    moved_to: t as u8,
                    key,
                    side,
                    last,
                }
            }
        };
        out[n] = finish(&b, &slot_of, &c, m, n, |cb| {
            cb[i] = 0;
            if t != i {
                cb[t] = q as u8;
            }
        });
        n += 1;
    }
    // pass
    if p.last == PASS {
        out[n] = (i32::MIN, n as u8, Kid::Term(BOTH_LOSE));
    } else {
        let side = 1 - me;
        let key = bkey | u64::from(side) << 48 | u64::from(PASS) << 49;
        let c =
            Child { con: on | 1, home, nh, blocked, moved: 0, moved_to: 0, key, side, last: PASS };
        out[n] = finish(&b, &slot_of, &c, m, n, |_| {});
    }
    n + 1
}

/// A child described by masks (see [`gen_kids`]).
struct Child {
    con: u16,
    home: u16,
    nh: u16,
    blocked: u16,
    /// piece moved (0 for a drop or pass) and its new slot (0xff: off the board)
    moved: u8,
    moved_to: u8,
    key: u64,
    side: u8,
    last: u8,
}

/// Terminal test, dead sides and score of a child, as [`info`] but from masks; `edit` turns
/// the parent board into the child's (only needed when a dead piece is possible).
#[inline]
fn finish(
    pb: &[u8; 12],
    pslot: &[u8; 13],
    c: &Child,
    m: u8,
    n: usize,
    edit: impl Fn(&mut [u8; 12]),
) -> (i32, u8, Kid) {
    let me = c.side;
    let (mm, tm) = if me == 0 { (ODD, EVEN) } else { (EVEN, ODD) };
    let mine = (c.home & mm).count_ones();
    let theirs = (c.home & tm).count_ones();
    let term = |v| (i32::MIN, n as u8, Kid::Term(v));
    match (mine == 6, theirs == 6) {
        (true, true) => return term(BOTH_WIN),
        (true, false) => return term(win_of(me)),
        (false, true) if mine <= 4 => return term(win_of(1 - me)),
        _ => {}
    }
    let mut mob = (!c.con & mm).count_ones() as i32 + 1 + (c.nh & !c.blocked).count_ones() as i32;
    if c.last != 0 && c.last != PASS {
        mob -= 1; // the banned piece (a ban is kept only on a piece that can move)
    }
    // dead pieces start among the blocked ones and need the piece owning their slot to be
    // blocked too (dead_sides' first removal rule): prune, call dead_sides only if any survive
    let mut cand = c.blocked;
    let slot = |p: usize| if p == c.moved as usize { c.moved_to } else { pslot[p] };
    loop {
        let mut next = cand;
        let mut d = cand;
        while d != 0 {
            let p = d.trailing_zeros() as usize;
            d &= d - 1;
            if cand & (1 << (slot(p) as usize + 1)) == 0 {
                next &= !(1 << p);
            }
        }
        if next == cand {
            break;
        }
        cand = next;
    }
    let dead = if cand != 0 {
        let mut cb = *pb;
        edit(&mut cb);
        dead_sides(&cb)
    } else {
        0
    };
    if dead == 3 {
        return term(BOTH_LOSE);
    }
    (if me == m { mob } else { -mob }, n as u8, Kid::Node(c.key, dead))
}

/// Children of a non-terminal position, ordered for the mover (most promising first).
fn ordered(p: &Pos, out: &mut Vec<Kid>) -> u128 {
    out.clear();
    let mut sc: [(i32, u8, Kid); 24] = [(0, 0, Kid::Term(0)); 24];
    let n = gen_kids(p, &mut sc);
    let s = &mut sc[..n];
    s.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    out.extend(s.iter().map(|e| e.2));
    let mut perm = 0u128;
    for (i, e) in s.iter().enumerate() {
        perm |= u128::from(e.1) << (5 * i);
    }
    perm
}

/// Reference version of [`gen_kids`] (for_each_child + info), for `proto gencheck`.
#[cfg(test)]
pub(crate) fn gen_slow(p: &Pos, out: &mut [(i32, u8, Kid); 24]) -> usize {
    let m = p.side;
    let mut n = 0;
    p.for_each_child(|_, c| {
        out[n] = match c {
            Err(v) => (i32::MIN, n as u8, Kid::Term(v)),
            Ok(c) => match info(&c, m) {
                (Some(v), _, _, _) => (i32::MIN, n as u8, Kid::Term(v)),
                (None, s, d, k) => (s, n as u8, Kid::Node(k, d)),
            },
        };
        n += 1;
    });
    n
}

const TRUE: u8 = 1;
const FINAL: u8 = 2;
const NIL: u32 = u32::MAX;

enum Frame {
    Visit(u32),
    /// OR node, next child index, start of its children in `kbuf`, number of children.
    Or(u32, u8, u32, u8),
}

/// Facts from outside an attractor query: positions proven in the other attractor (disjoint
/// from A_X) or proven to have a 共赢 path through positions in neither attractor.
pub(crate) struct Ext<'a> {
    other: Option<&'a Att>,
    coop: Option<&'a Map<bool>>,
}

impl Ext<'_> {
    #[inline]
    fn not_x(&self, k: u64) -> bool {
        self.other.is_some_and(|o| o.known(k) == Some(true))
            || self.coop.is_some_and(|c| c.get(&k) == Some(&true))
    }
}

/// Local solver of "position ∈ A_X".
pub(crate) struct Att {
    x: u8,
    xbit: u8,
    win: u8,
    map: Map<u32>,
    key: Vec<u64>,
    st: Vec<u8>,
    idx: Vec<u8>,
    depth: Vec<u8>,
    limit: u8,
    cut: bool,
    head: Vec<u32>,
    arena: Vec<(u32, u32)>,
    stack: Vec<Frame>,
    kbuf: Vec<Kid>,
    prop: Vec<u32>,
    kids: Vec<Kid>,
    pub created: usize,
}

impl Att {
    pub fn new(x: u8) -> Att {
        Att {
            x,
            xbit: 1 << x,
            win: win_of(x),
            map: Map::default(),
            key: vec![],
            st: vec![],
            idx: vec![],
            depth: vec![],
            limit: u8::MAX,
            cut: false,
            head: vec![],
            arena: vec![],
            stack: vec![],
            kbuf: vec![],
            prop: vec![],
            kids: vec![],
            created: 0,
        }
    }

    fn create(&mut self, k: u64, depth: u8) -> u32 {
        let id = self.key.len() as u32;
        self.depth.push(depth);
        self.key.push(k);
        self.st.push(0);
        self.idx.push(0);
        self.head.push(NIL);
        self.map.insert(k, id);
        self.created += 1;
        id
    }

    fn dep(&mut self, on: u32, who: u32) {
        self.arena.push((who, self.head[on as usize]));
        self.head[on as usize] = (self.arena.len() - 1) as u32;
    }

    /// Known status of key: Some(true) proven in A_X, Some(false) final not, None otherwise
    /// (unknown or in progress).
    fn known(&self, k: u64) -> Option<bool> {
        let &id = self.map.get(&k)?;
        let s = self.st[id as usize];
        if s & TRUE != 0 {
            Some(true)
        } else if s & FINAL != 0 {
            Some(false)
        } else {
            None
        }
    }

    /// `id` became true: propagate.
    fn set_true(&mut self, id: u32, ext: &Ext) {
        self.st[id as usize] |= TRUE;
        self.prop.push(id);
        self.run_prop(ext);
    }

    fn run_prop(&mut self, ext: &Ext) {
        while let Some(u) = self.prop.pop() {
            let mut e = self.head[u as usize];
            self.head[u as usize] = NIL;
            while e != NIL {
                let (d, next) = self.arena[e as usize];
                e = next;
                let du = d as usize;
                if self.st[du] & (TRUE | FINAL) != 0 {
                    continue;
                }
                let p = Pos::from_key(self.key[du]);
                if p.side == self.x {
                    self.st[du] |= TRUE;
                    self.prop.push(d);
                } else {
                    self.advance(d, &p, ext);
                }
            }
        }
    }

    /// AND node `d` (its current child became true, or first visit): move to the next child
    /// that is not proven true; register on it.
    fn advance(&mut self, d: u32, p: &Pos, ext: &Ext) {
        // the same order as at the visit (ordered() is deterministic)
        let mut arr: [(i32, u8, Kid); 24] = [(0, 0, Kid::Term(0)); 24];
        let n = gen_kids(p, &mut arr);
        arr[..n].sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let du = d as usize;
        let mut i = self.idx[du] as usize;
        loop {
            if i == n {
                self.st[du] |= TRUE;
                self.prop.push(d);
                break;
            }
            match arr[i].2 {
                Kid::Term(v) => {
                    if v != self.win {
                        self.st[du] |= FINAL;
                        break;
                    }
                }
                Kid::Node(k, dd) if dd & self.xbit != 0 || ext.not_x(k) => {
                    // X has a dead piece there (X can never win from it), or it is known to be
                    // in the other attractor or on a 共赢 path: an escape
                    self.st[du] |= FINAL;
                    break;
                }
                Kid::Node(k, _) => match self.map.get(&k).copied() {
                    None => {
                        let c = self.create(k, self.depth[du].saturating_add(1));
                        self.dep(c, d);
                        self.stack.push(Frame::Visit(c));
                        break;
                    }
                    Some(c) => {
                        let s = self.st[c as usize];
                        if s & TRUE == 0 {
                            if s & FINAL != 0 {
                                self.st[du] |= FINAL;
                            } else {
                                self.dep(c, d);
                            }
                            break;
                        }
                    }
                },
            }
            i += 1;
        }
        self.idx[du] = i as u8;
    }

    /// Whether `p` (not terminal) is in A_X; exact. Err when the budget is exceeded.
    pub fn query(&mut self, p: &Pos, budget: &mut usize, ext: &Ext) -> Result<bool, ()> {
        let k = p.key();
        if let Some(v) = self.known(k) {
            return Ok(v);
        }
        if dead_sides(&p.board) & self.xbit != 0 {
            return Ok(false);
        }
        let first = self.key.len();
        // One unlimited round (depth-limited rounds, `round(k, limit, …)` with limit < 255,
        // were measured and dropped: more positions).
        Ok(self.round(k, u8::MAX, first, budget, ext)?.expect("an unlimited round is exact"))
    }

    /// One round of [`Att::query`] with a depth limit: Some(answer) when exact, None when the
    /// limit cut the search before the root was proven.
    fn round(
        &mut self,
        k: u64,
        limit: u8,
        first: usize,
        budget: &mut usize,
        ext: &Ext,
    ) -> Result<Option<bool>, ()> {
        if let Some(v) = self.known(k) {
            return Ok(Some(v));
        }
        self.limit = limit;
        self.cut = false;
        debug_assert!(!self.map.contains_key(&k));
        let start = self.key.len();
        let root = self.create(k, 0);
        self.stack.clear();
        self.kbuf.clear();
        self.stack.push(Frame::Visit(root));
        let mut kids = std::mem::take(&mut self.kids);
        while let Some(f) = self.stack.pop() {
            if self.st[root as usize] & TRUE != 0 {
                break;
            }
            if self.key.len() - first > *budget {
                self.kids = kids;
                *budget = 0;
                self.forget(start);
                self.stack.clear();
                self.arena.clear();
                return Err(());
            }
            match f {
                Frame::Visit(id) => {
                    let pos = Pos::from_key(self.key[id as usize]);
                    if self.st[id as usize] & (TRUE | FINAL) != 0 {
                        continue;
                    }
                    if self.limit != u8::MAX && self.depth[id as usize] >= self.limit {
                        self.cut = true;
                        continue;
                    }
                    if pos.side == self.x {
                        // OR: pre-scan for a terminal win or a proven child.
                        ordered(&pos, &mut kids);
                        let mut done = true;
                        let mut hit = false;
                        for kd in &kids {
                            match *kd {
                                Kid::Term(v) => {
                                    if v == self.win {
                                        hit = true;
                                        break;
                                    }
                                }
                                Kid::Node(c, dd) if dd & self.xbit != 0 || ext.not_x(c) => {}
                                Kid::Node(c, _) => match self.known(c) {
                                    Some(true) => {
                                        hit = true;
                                        break;
                                    }
                                    Some(false) => {}
                                    None => done = false,
                                },
                            }
                        }
                        if hit {
                            self.set_true(id, ext);
                        } else if done {
                            self.st[id as usize] |= FINAL;
                        } else {
                            let at = self.kbuf.len();
                            self.kbuf.extend_from_slice(&kids);
                            self.stack.push(Frame::Or(id, 0, at as u32, kids.len() as u8));
                        }
                    } else {
                        // AND: pre-scan for an escape (terminal not X-win, or final-false child).
                        ordered(&pos, &mut kids);
                        let mut esc = false;
                        for kd in &kids {
                            match *kd {
                                Kid::Term(v) => {
                                    if v != self.win {
                                        esc = true;
                                        break;
                                    }
                                }
                                Kid::Node(c, dd) => {
                                    if dd & self.xbit != 0
                                        || self.known(c) == Some(false)
                                        || ext.not_x(c)
                                    {
                                        esc = true;
                                        break;
                                    }
                                }
                            }
                        }
                        if esc {
                            self.st[id as usize] |= FINAL;
                        } else {
                            self.idx[id as usize] = 0;
                            self.advance(id, &pos, ext);
                            self.run_prop(ext);
                        }
                    }
                }
                Frame::Or(id, from, at, n) => {
                    let at = at as usize;
                    debug_assert!(self.kbuf.len() == at + n as usize);
                    if self.st[id as usize] & TRUE != 0 {
                        self.kbuf.truncate(at);
                        continue;
                    }
                    let mut j = from as usize;
                    let mut pushed = false;
                    while j < n as usize {
                        if let Kid::Node(c, dd) = self.kbuf[at + j]
                            && dd & self.xbit == 0
                            && !ext.not_x(c)
                        {
                            match self.map.get(&c).copied() {
                                None => {
                                    let cid =
                                        self.create(c, self.depth[id as usize].saturating_add(1));
                                    self.dep(cid, id);
                                    self.stack.push(Frame::Or(id, (j + 1) as u8, at as u32, n));
                                    self.stack.push(Frame::Visit(cid));
                                    pushed = true;
                                    break;
                                }
                                Some(cid) => {
                                    let s = self.st[cid as usize];
                                    if s & TRUE != 0 {
                                        self.set_true(id, ext);
                                        break;
                                    }
                                    if s & FINAL == 0 {
                                        self.dep(cid, id);
                                    }
                                }
                            }
                        }
                        j += 1;
                    }
                    if !pushed {
                        self.kbuf.truncate(at);
                    }
                }
            }
        }
        self.kids = kids;
        let ok = self.st[root as usize] & TRUE != 0;
        self.stack.clear();
        // Every node kept after a round is TRUE (already notified) or FINAL (never notifies),
        // so no dependency list is read again: drop them all.
        self.arena.clear();
        if ok {
            self.forget(start);
            *budget = budget.saturating_sub(self.key.len() - first);
            Ok(Some(true))
        } else if self.cut {
            self.forget(start);
            Ok(None)
        } else {
            for id in start..self.key.len() {
                if self.st[id] & TRUE == 0 {
                    self.st[id] |= FINAL;
                }
            }
            *budget = budget.saturating_sub(self.key.len() - first);
            Ok(Some(false))
        }
    }

    /// Forgets the nodes created since `start` that are neither proven nor final (their false
    /// is provisional). Proven (TRUE) and FINAL facts stay: they are exact on their own.
    fn forget(&mut self, start: usize) {
        for id in start..self.key.len() {
            if self.st[id] & (TRUE | FINAL) == 0 {
                self.map.remove(&self.key[id]);
                self.st[id] = 0xff; // dead id (never referenced by a live notifier)
            }
        }
    }
}

/// Default budget (positions created by the search, forgotten ones included): about 60 bytes
/// each at peak, so 8 M stays under ~500 MB.
pub const DEFAULT_BUDGET: usize = 8_000_000;

/// The whole solver state: an exact search with its memo, kept across queries.
pub struct Fast {
    att: [Att; 2],
    coop: Map<bool>,
    max: usize,
    coop_visits: usize,
}

fn coop_score(c: &Pos) -> i32 {
    let mut h = 0;
    for (i, &q) in c.board.iter().enumerate() {
        if q as usize == i + 1 {
            h += 1;
        }
    }
    h
}

impl Fast {
    /// A search that may create at most `budget` positions in all, over every query asked of
    /// it: what one query proves (a position's attractor, a 共赢 path) serves the later ones.
    pub fn new(budget: usize) -> Fast {
        Fast { att: [Att::new(0), Att::new(1)], coop: Map::default(), max: budget, coop_visits: 0 }
    }

    fn in_att(&mut self, x: u8, p: &Pos) -> Result<bool, Budget> {
        let mut b = self.max.saturating_sub(self.positions());
        let r = self.query_x(x, p, &mut b);
        r.map_err(|_| Budget { positions: self.positions() })
    }

    fn query_x(&mut self, x: u8, p: &Pos, b: &mut usize) -> Result<bool, ()> {
        let (a0, a1) = self.att.split_at_mut(1);
        let (me, other) = if x == 0 { (&mut a0[0], &a1[0]) } else { (&mut a1[0], &a0[0]) };
        let ext = Ext { other: Some(other), coop: Some(&self.coop) };
        me.query(p, b, &ext)
    }

    /// Which attractor `p` (not terminal) is in, if any: Some(side that wins) or None. The
    /// opponent's attractor is asked first (measured: fewer positions on random starts than
    /// mover first, or than alternating the two questions with growing budgets).
    fn classify(&mut self, p: &Pos) -> Result<Option<u8>, Budget> {
        let o = 1 - p.side;
        if self.in_att(o, p)? {
            return Ok(Some(o));
        }
        Ok(if self.in_att(p.side, p)? { Some(p.side) } else { None })
    }

    /// The positions created so far.
    pub fn positions(&self) -> usize {
        self.att[0].created + self.att[1].created + self.coop_visits
    }

    /// In neither attractor (p not terminal).
    fn neutral(&mut self, p: &Pos) -> Result<bool, Budget> {
        Ok(self.classify(p)?.is_none())
    }

    /// p neutral and not terminal: is there a cooperative path to a 共赢 terminal?
    fn coop_query(&mut self, p: &Pos) -> Result<bool, Budget> {
        let k = p.key();
        if let Some(&v) = self.coop.get(&k) {
            return Ok(v);
        }
        if dead_sides(&p.board) != 0 {
            return Ok(false);
        }
        let mut visited = Set::default();
        visited.insert(k);
        // stack of (key, ordered children, next index)
        let mut stack: Vec<(u64, Vec<u64>, usize)> = vec![];
        let kids_of = |q: &Pos| -> Result<Vec<u64>, bool> {
            let mut v: Vec<(i32, usize, u64)> = vec![];
            let mut found = false;
            q.for_each_child(|_, c| match c {
                Err(_) => {}
                Ok(c) => match c.terminal() {
                    Some(t) => found |= t == BOTH_WIN,
                    // a side with a dead piece never completes: no 共赢 from there
                    None if dead_sides(&c.board) != 0 => {}
                    None => v.push((coop_score(&c), v.len(), c.key())),
                },
            });
            if found {
                return Err(true);
            }
            v.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
            Ok(v.into_iter().map(|e| e.2).collect())
        };
        match kids_of(p) {
            Err(_) => {
                self.coop.insert(k, true);
                return Ok(true);
            }
            Ok(v) => stack.push((k, v, 0)),
        }
        self.coop_visits += 1;
        let mut success = false;
        'outer: while let Some(top) = stack.last_mut() {
            if top.2 == top.1.len() {
                stack.pop();
                continue;
            }
            let c = top.1[top.2];
            top.2 += 1;
            if visited.contains(&c) {
                continue;
            }
            match self.coop.get(&c) {
                Some(true) => {
                    success = true;
                    break 'outer;
                }
                Some(false) => continue,
                None => {}
            }
            visited.insert(c);
            let cp = Pos::from_key(c);
            if !self.neutral(&cp)? {
                self.coop.insert(c, false);
                continue;
            }
            self.coop_visits += 1;
            if self.positions() > self.max {
                return Err(Budget { positions: self.positions() });
            }
            match kids_of(&cp) {
                Err(_) => {
                    self.coop.insert(c, true);
                    success = true;
                    break 'outer;
                }
                Ok(v) => stack.push((c, v, 0)),
            }
        }
        if success {
            for e in &stack {
                self.coop.insert(e.0, true);
            }
        } else {
            for &v in &visited {
                self.coop.entry(v).or_insert(false);
            }
        }
        Ok(success)
    }

    /// Absolute value of a position.
    pub fn value(&mut self, p: &Pos) -> Result<u8, Budget> {
        if let Some(t) = p.terminal() {
            return Ok(t);
        }
        if let Some(x) = self.classify(p)? {
            return Ok(win_of(x));
        }
        if self.coop_query(p)? {
            return Ok(BOTH_WIN);
        }
        Ok(BOTH_LOSE)
    }
}

/// The absolute value of `root` alone (what `start=fair` needs), exactly or `Err` past the
/// budget.
///
/// # Errors
///
/// The search would need more than `max_positions` positions.
pub fn value(root: &Pos, max_positions: usize) -> Result<u8, Budget> {
    let mut root = *root;
    root.normalize();
    Fast::new(max_positions).value(&root)
}

/// Solves `root` exactly: root value and the value of every root action (as solver::solve).
///
/// # Errors
///
/// The search would need more than `max_positions` positions.
pub fn solve(root: &Pos, max_positions: usize) -> Result<Solved, Budget> {
    let mut root = *root;
    root.normalize();
    let mut f = Fast::new(max_positions);
    let value = f.value(&root)?;
    let rt = root.terminal();
    let mut kids = vec![];
    root.for_each_child(|a, c| kids.push((a, c)));
    let mut actions = vec![];
    for (a, c) in kids {
        let v = match c {
            Err(v) => v,
            Ok(_) if rt.is_some() => value,
            Ok(c) => f.value(&c)?,
        };
        actions.push((a, v));
    }
    let _ = PASS;
    Ok(Solved { value, actions, positions: f.positions() })
}

/// Solves `root` exactly but only as far as the product needs: the root value and every action
/// that achieves it (the other actions get value 0 = "not best", not computed). A root where the
/// game is over has its value and no actions.
///
/// # Errors
///
/// The search would need more than `max_positions` positions.
pub fn solve_best(root: &Pos, max_positions: usize) -> Result<Solved, Budget> {
    let mut root = *root;
    root.normalize();
    if let Some(value) = root.terminal() {
        return Ok(Solved { value, actions: Vec::new(), positions: 0 });
    }
    let mut f = Fast::new(max_positions);
    let value = f.value(&root)?;
    let mut kids = vec![];
    root.for_each_child(|a, c| kids.push((a, c)));
    let me = root.side;
    let mut actions = vec![];
    for (a, c) in kids {
        let best = match c {
            Err(v) => v == value,
            Ok(c) => match c.terminal() {
                Some(t) => t == value,
                None => {
                    if value == win_of(me) {
                        f.in_att(me, &c)?
                    } else if value == win_of(1 - me) {
                        true
                    } else if value == BOTH_WIN {
                        // the root is not in A_me, so no child is: only A_opp is asked
                        !f.in_att(1 - me, &c)? && f.coop_query(&c)?
                    } else {
                        !f.in_att(1 - me, &c)?
                    }
                }
            },
        };
        actions.push((a, if best { value } else { 0 }));
    }
    let _ = Action::Pass;
    Ok(Solved { value, actions, positions: f.positions() })
}
