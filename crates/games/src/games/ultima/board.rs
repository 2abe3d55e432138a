//! The board and the rules' machinery: 64 one-byte squares, precomputed rays, Zobrist keys,
//! freezing, pseudo-legal move generation with every implied capture, and the fast "is this king
//! capturable" test that legality and check rest on.
//!
//! Everything here works on square indices (a1 = 0 … h8 = 63) and piece bytes; `state.rs` turns
//! them into the public [`super::Square`], [`super::Kind`] and [`super::Action`]. A move is
//! `(from, to, captured squares)`; playing one is copy-make ([`Board::after`]), which is as fast
//! as make/unmake for 66 bytes and cannot get out of step.

use super::{Color, Kind};

/// No square (off the board).
pub(crate) const NONE: u8 = 64;

/// Piece codes: bits 0–2 the kind (1..=7), bit 3 set for Black; 0 is an empty square.
pub(crate) const KING: u8 = 1;
pub(crate) const PINCER: u8 = 2;
pub(crate) const WITHDRAWER: u8 = 3;
pub(crate) const LEAPER: u8 = 4;
pub(crate) const COORDINATOR: u8 = 5;
pub(crate) const IMMOBILIZER: u8 = 6;
pub(crate) const CHAMELEON: u8 = 7;
const BLACK: u8 = 8;

/// The eight directions as (file, rank) steps: the first four orthogonal, each next to its
/// opposite, so that [`opp`] is `d ^ 1`.
const DIRS: [(i8, i8); 8] = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1), (-1, 1), (1, -1)];

/// The opposite of direction `d`.
#[inline]
const fn opp(d: usize) -> usize {
    d ^ 1
}

pub(crate) fn code(color: Color, kind: Kind) -> u8 {
    let k = match kind {
        Kind::King => KING,
        Kind::Pincer => PINCER,
        Kind::Withdrawer => WITHDRAWER,
        Kind::LongLeaper => LEAPER,
        Kind::Coordinator => COORDINATOR,
        Kind::Immobilizer => IMMOBILIZER,
        Kind::Chameleon => CHAMELEON,
    };
    match color {
        Color::White => k,
        Color::Black => k | BLACK,
    }
}

/// The kind of a non-empty piece byte.
pub(crate) fn kind_of(p: u8) -> Kind {
    match p & 7 {
        KING => Kind::King,
        PINCER => Kind::Pincer,
        WITHDRAWER => Kind::Withdrawer,
        LEAPER => Kind::LongLeaper,
        COORDINATOR => Kind::Coordinator,
        IMMOBILIZER => Kind::Immobilizer,
        _ => Kind::Chameleon,
    }
}

/// The colour of a non-empty piece byte.
pub(crate) fn color_of(p: u8) -> Color {
    if p & BLACK == 0 { Color::White } else { Color::Black }
}

#[inline]
fn side(p: u8) -> usize {
    usize::from(p >> 3)
}

#[inline]
fn bit(sq: u8) -> u64 {
    1u64 << sq
}

#[inline]
fn file(sq: u8) -> u8 {
    sq & 7
}

#[inline]
fn rank(sq: u8) -> u8 {
    sq >> 3
}

/// Rays: for each square and direction, the squares in that direction, nearest first.
struct Tables {
    ray: [[[u8; 7]; 8]; 64],
    len: [[u8; 8]; 64],
    /// The up-to-8 neighbours of each square, and how many.
    neighbours: [[u8; 8]; 64],
    neighbour_count: [u8; 64],
}

const fn build_tables() -> Tables {
    let mut t = Tables {
        ray: [[[NONE; 7]; 8]; 64],
        len: [[0; 8]; 64],
        neighbours: [[NONE; 8]; 64],
        neighbour_count: [0; 64],
    };
    let mut sq = 0;
    while sq < 64 {
        let (f0, r0) = ((sq % 8) as i8, (sq / 8) as i8);
        let mut d = 0;
        while d < 8 {
            let (df, dr) = DIRS[d];
            let (mut f, mut r, mut n) = (f0 + df, r0 + dr, 0);
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                t.ray[sq][d][n] = (r * 8 + f) as u8;
                n += 1;
                f += df;
                r += dr;
            }
            t.len[sq][d] = n as u8;
            if n > 0 {
                t.neighbours[sq][t.neighbour_count[sq] as usize] = t.ray[sq][d][0];
                t.neighbour_count[sq] += 1;
            }
            d += 1;
        }
        sq += 1;
    }
    t
}

static TABLES: Tables = build_tables();

#[inline]
fn ray(sq: u8, d: usize) -> &'static [u8] {
    let s = usize::from(sq);
    &TABLES.ray[s][d][..usize::from(TABLES.len[s][d])]
}

/// The neighbour of `sq` in direction `d`, or [`NONE`].
#[inline]
fn step(sq: u8, d: usize) -> u8 {
    TABLES.ray[usize::from(sq)][d][0]
}

#[inline]
fn neighbours(sq: u8) -> &'static [u8] {
    let s = usize::from(sq);
    &TABLES.neighbours[s][..usize::from(TABLES.neighbour_count[s])]
}

/// Zobrist keys from a fixed SplitMix64 stream: one per (piece byte, square), and one for
/// "Black to move".
struct Zobrist {
    piece: [[u64; 64]; 16],
    black_to_move: u64,
}

const fn build_zobrist() -> Zobrist {
    // The seed is arbitrary but fixed: hashes must be the same in every run.
    let mut state = 0x0017_1A11_BA40_0E11_u64;
    let mut z = Zobrist { piece: [[0; 64]; 16], black_to_move: 0 };
    let mut p = 0;
    while p < 16 {
        let mut sq = 0;
        while sq < 64 {
            z.piece[p][sq] = crate::core::splitmix64(&mut state);
            sq += 1;
        }
        p += 1;
    }
    z.black_to_move = crate::core::splitmix64(&mut state);
    z
}

static ZOBRIST: Zobrist = build_zobrist();

/// The key that is XORed in when Black is to move.
pub(crate) fn side_key(to_move: Color) -> u64 {
    match to_move {
        Color::White => 0,
        Color::Black => ZOBRIST.black_to_move,
    }
}

/// The rule options the move generator needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Rules {
    /// MacKay's "pure" immobilizer: a friendly immobilizer or chameleon next to an enemy
    /// immobilizer frees the other friendly pieces around it.
    pub pure_immobilizer: bool,
    /// A chameleon's leap captures only the leapers.
    pub pure_chameleon: bool,
    /// Frozen pieces (not kings) may remove themselves.
    pub suicide: bool,
}

/// A pseudo-legal move: `from == to` is a suicide. `caps` holds every square it empties by
/// capture (a king's displaced victim included).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Mv {
    pub from: u8,
    pub to: u8,
    pub caps: u64,
}

impl Mv {
    pub fn is_suicide(self) -> bool {
        self.from == self.to
    }

    /// Whether the move is irreversible (resets the no-capture count and repetition window).
    pub fn is_capture_or_suicide(self) -> bool {
        self.caps != 0 || self.is_suicide()
    }
}

/// The pieces, where the kings are, and the Zobrist hash of the pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Board {
    pub squares: [u8; 64],
    /// White's and Black's king squares, [`NONE`] if absent (only while a position text is
    /// being checked).
    pub kings: [u8; 2],
    pub hash: u64,
}

impl Board {
    pub fn empty() -> Board {
        Board { squares: [0; 64], kings: [NONE; 2], hash: 0 }
    }

    /// Puts `p` on the empty square `sq`.
    pub fn put(&mut self, sq: u8, p: u8) {
        self.squares[usize::from(sq)] = p;
        self.hash ^= ZOBRIST.piece[usize::from(p)][usize::from(sq)];
        if p & 7 == KING {
            self.kings[side(p)] = sq;
        }
    }

    /// Empties `sq` and returns what stood there.
    pub fn take(&mut self, sq: u8) -> u8 {
        let p = self.squares[usize::from(sq)];
        if p != 0 {
            self.squares[usize::from(sq)] = 0;
            self.hash ^= ZOBRIST.piece[usize::from(p)][usize::from(sq)];
            if p & 7 == KING && self.kings[side(p)] == sq {
                self.kings[side(p)] = NONE;
            }
        }
        p
    }

    #[inline]
    pub fn at(&self, sq: u8) -> u8 {
        self.squares[usize::from(sq)]
    }

    /// The hash computed from scratch (for the invariant check).
    pub fn recomputed_hash(&self) -> u64 {
        (0..64u8)
            .filter(|&sq| self.at(sq) != 0)
            .fold(0, |h, sq| h ^ ZOBRIST.piece[usize::from(self.at(sq))][usize::from(sq)])
    }

    /// The board after `mv` (copy-make).
    pub fn after(&self, mv: Mv) -> Board {
        let mut b = *self;
        if mv.is_suicide() {
            b.take(mv.from);
            return b;
        }
        let mut caps = mv.caps;
        while caps != 0 {
            let sq = caps.trailing_zeros() as u8;
            caps &= caps - 1;
            b.take(sq);
        }
        let p = b.take(mv.from);
        b.put(mv.to, p);
        b
    }

    #[inline]
    fn is_enemy(&self, sq: u8, me: usize) -> bool {
        let p = self.at(sq);
        p != 0 && side(p) != me
    }

    #[inline]
    fn is_own(&self, sq: u8, me: usize) -> bool {
        let p = self.at(sq);
        p != 0 && side(p) == me
    }

    // ---------------------------------------------------------------------------------------
    // Freezing
    // ---------------------------------------------------------------------------------------

    /// The square of an enemy piece that freezes the piece on `sq`, if it is frozen.
    ///
    /// Decision 1 of the spec. CVP (default): every enemy piece next to an immobilizer is
    /// frozen, and an immobilizer next to an enemy chameleon is frozen; nothing cancels. Pure
    /// (MacKay): a piece next to an enemy immobilizer is frozen only if no *other* friendly
    /// immobilizer or chameleon touches that immobilizer; an immobilizer next to an enemy
    /// chameleon is frozen as before.
    pub fn frozen_by(&self, sq: u8, rules: Rules) -> Option<u8> {
        let p = self.at(sq);
        if p == 0 {
            return None;
        }
        let me = side(p);
        let is_immobilizer = p & 7 == IMMOBILIZER;
        for &n in neighbours(sq) {
            let q = self.at(n);
            if q == 0 || side(q) == me {
                continue;
            }
            match q & 7 {
                IMMOBILIZER if !rules.pure_immobilizer || !self.is_neutralised(n, sq, me) => {
                    return Some(n);
                }
                CHAMELEON if is_immobilizer => return Some(n),
                _ => {}
            }
        }
        None
    }

    /// Pure rules: whether a friendly (to `me`) immobilizer or chameleon other than the one on
    /// `except` touches the enemy immobilizer on `imm`.
    fn is_neutralised(&self, imm: u8, except: u8, me: usize) -> bool {
        neighbours(imm).iter().any(|&m| {
            let q = self.at(m);
            m != except && q != 0 && side(q) == me && matches!(q & 7, IMMOBILIZER | CHAMELEON)
        })
    }

    // ---------------------------------------------------------------------------------------
    // Move generation
    // ---------------------------------------------------------------------------------------

    /// Every pseudo-legal move of `color` (suicides included under `rules.suicide`): right
    /// geometry, free path, every implied capture, but the own king's safety not checked.
    pub fn pseudo_moves(&self, color: Color, rules: Rules, out: &mut Vec<Mv>) {
        let me = color.index();
        for sq in 0..64u8 {
            let p = self.at(sq);
            if p == 0 || side(p) != me {
                continue;
            }
            if self.frozen_by(sq, rules).is_some() {
                // Decision 2: a frozen piece other than the king may remove itself.
                if rules.suicide && p & 7 != KING {
                    out.push(Mv { from: sq, to: sq, caps: 0 });
                }
                continue;
            }
            self.piece_moves(sq, rules, out);
        }
    }

    /// The moves of the (unfrozen) piece on `from`, suicides excluded.
    pub fn piece_moves(&self, from: u8, rules: Rules, out: &mut Vec<Mv>) {
        let p = self.at(from);
        let me = side(p);
        let mut push = |to: u8, caps: u64| out.push(Mv { from, to, caps });
        match p & 7 {
            KING => {
                for &n in neighbours(from) {
                    let q = self.at(n);
                    if q == 0 {
                        push(n, 0);
                    } else if side(q) != me {
                        push(n, bit(n));
                    }
                }
            }
            PINCER => {
                for d in 0..4 {
                    for &to in ray(from, d) {
                        if self.at(to) != 0 {
                            break;
                        }
                        push(to, self.pinches(to, me, false));
                    }
                }
            }
            WITHDRAWER => {
                for d in 0..8 {
                    let back = step(from, opp(d));
                    let caps = if back != NONE && self.is_enemy(back, me) { bit(back) } else { 0 };
                    for &to in ray(from, d) {
                        if self.at(to) != 0 {
                            break;
                        }
                        push(to, caps);
                    }
                }
            }
            LEAPER => {
                for d in 0..8 {
                    self.leaps(from, d, me, false, &mut push);
                }
            }
            COORDINATOR => {
                for d in 0..8 {
                    for &to in ray(from, d) {
                        if self.at(to) != 0 {
                            break;
                        }
                        push(to, self.coordinates(to, me, false));
                    }
                }
            }
            IMMOBILIZER => {
                for d in 0..8 {
                    for &to in ray(from, d) {
                        if self.at(to) != 0 {
                            break;
                        }
                        push(to, 0);
                    }
                }
            }
            _ => self.chameleon_moves(from, me, rules, &mut push),
        }
    }

    /// The chameleon: queen moves, each capturing what its geometry implies for each enemy
    /// kind; leaps over enemy long leapers; a king step onto the enemy king.
    fn chameleon_moves(&self, from: u8, me: usize, rules: Rules, push: &mut impl FnMut(u8, u64)) {
        for d in 0..8 {
            let back = step(from, opp(d));
            let withdrawal =
                if back != NONE && self.is_enemy(back, me) && self.at(back) & 7 == WITHDRAWER {
                    bit(back)
                } else {
                    0
                };
            let orthogonal = d < 4;
            // The captures a non-leaping chameleon move to `to` makes.
            let others = |to: u8| {
                let pinch = if orthogonal { self.pinches(to, me, true) } else { 0 };
                withdrawal | pinch | self.coordinates(to, me, true)
            };
            self.leaps(from, d, me, true, |to, leapt| {
                // Decision 3: combined (default) adds the other captures to a leap; pure
                // makes a leaping move capture only the leapers.
                let extra = if leapt != 0 && rules.pure_chameleon { 0 } else { others(to) };
                push(to, leapt | extra);
            });
        }
        // A king is captured only by a king step onto it (spec §2 chameleon). In a legal game
        // this never happens (no one may leave a king capturable); generating it keeps this
        // generator complete for the "is the king capturable" cross-check.
        for &n in neighbours(from) {
            let q = self.at(n);
            if q != 0 && side(q) != me && q & 7 == KING {
                push(n, bit(n));
            }
        }
    }

    /// Calls `push(to, leapt)` for every landing square of a leaper (or a chameleon, which
    /// leaps only over enemy long leapers) going in direction `d` from `from`: empty squares
    /// before the first piece, and after each leapt enemy that has an empty square behind it.
    fn leaps(&self, from: u8, d: usize, me: usize, chameleon: bool, mut push: impl FnMut(u8, u64)) {
        let line = ray(from, d);
        let mut leapt = 0u64;
        let mut i = 0;
        while i < line.len() {
            let sq = line[i];
            let q = self.at(sq);
            if q == 0 {
                push(sq, leapt);
            } else if side(q) != me
                && (!chameleon || q & 7 == LEAPER)
                && i + 1 < line.len()
                && self.at(line[i + 1]) == 0
            {
                leapt |= bit(sq);
            } else {
                break;
            }
            i += 1;
        }
    }

    /// The enemies pinched by a pincer (or, with `chameleon`, the enemy pincers pinched by a
    /// chameleon) landing on `to`: orthogonally adjacent, with a friendly piece beyond.
    fn pinches(&self, to: u8, me: usize, chameleon: bool) -> u64 {
        let mut caps = 0;
        for d in 0..4 {
            let victim = step(to, d);
            if victim == NONE {
                continue;
            }
            let jaw = step(victim, d);
            if jaw != NONE
                && self.is_enemy(victim, me)
                && (!chameleon || self.at(victim) & 7 == PINCER)
                && self.is_own(jaw, me)
            {
                caps |= bit(victim);
            }
        }
        caps
    }

    /// The enemies a coordinator (or, with `chameleon`, the enemy coordinators a chameleon)
    /// landing on `to` captures: those on (to's file, king's rank) and (king's file, to's
    /// rank), unless `to` shares a rank or file with its own king.
    fn coordinates(&self, to: u8, me: usize, chameleon: bool) -> u64 {
        let king = self.kings[me];
        if king == NONE || file(to) == file(king) || rank(to) == rank(king) {
            return 0;
        }
        let mut caps = 0;
        for corner in [rank(king) * 8 + file(to), rank(to) * 8 + file(king)] {
            if self.is_enemy(corner, me) && (!chameleon || self.at(corner) & 7 == COORDINATOR) {
                caps |= bit(corner);
            }
        }
        caps
    }

    // ---------------------------------------------------------------------------------------
    // Attacks on a king
    // ---------------------------------------------------------------------------------------

    /// An enemy piece that could capture `color`'s king now if it were the enemy's turn (an
    /// unfrozen enemy with a pseudo-legal move that captures the king), or `None`.
    ///
    /// This is the rules' capture geometry turned around, piece type by piece type; the tests
    /// check it against generating every enemy move (`Board::king_capturable_slow`).
    pub fn king_attacker(&self, color: Color, rules: Rules) -> Option<u8> {
        let me = color.index();
        let king = self.kings[me];
        if king == NONE {
            return None;
        }
        let enemy = 1 - me;
        let free = |sq: u8| self.frozen_by(sq, rules).is_none();
        // Neighbours: an enemy king or chameleon steps onto it; a withdrawer moves away.
        for d in 0..8 {
            let n = step(king, d);
            if n == NONE {
                continue;
            }
            let q = self.at(n);
            if q == 0 || side(q) != enemy {
                continue;
            }
            match q & 7 {
                KING | CHAMELEON if free(n) => return Some(n),
                WITHDRAWER => {
                    let away = step(n, d);
                    if away != NONE && self.at(away) == 0 && free(n) {
                        return Some(n);
                    }
                }
                _ => {}
            }
        }
        // Long leapers: the leaper travels in direction `d` through the king, so the square
        // beyond the king in `d` must be empty; looking back from the king, every piece of the
        // king's side met must have an empty square behind it (toward the king).
        for d in 0..8 {
            let beyond = step(king, d);
            if beyond == NONE || self.at(beyond) != 0 {
                continue;
            }
            let mut gap_after = false;
            for &sq in ray(king, opp(d)) {
                let q = self.at(sq);
                if q == 0 {
                    gap_after = true;
                    continue;
                }
                if side(q) == enemy {
                    if q & 7 == LEAPER && free(sq) {
                        return Some(sq);
                    }
                    break;
                }
                if !gap_after {
                    break;
                }
                gap_after = false;
            }
        }
        // Pincers: an empty orthogonal neighbour with an enemy piece (the jaw) opposite it,
        // reachable by an unfrozen enemy pincer along a rank or file.
        for d in 0..4 {
            let landing = step(king, d);
            let jaw = step(king, opp(d));
            if landing == NONE || jaw == NONE || self.at(landing) != 0 || !self.is_own(jaw, enemy) {
                continue;
            }
            for d2 in 0..4 {
                if d2 == opp(d) {
                    continue; // that way lies the king itself
                }
                for &sq in ray(landing, d2) {
                    let q = self.at(sq);
                    if q == 0 {
                        continue;
                    }
                    if side(q) == enemy && q & 7 == PINCER && free(sq) {
                        return Some(sq);
                    }
                    break;
                }
            }
        }
        // Coordinator: with the king on the enemy king's rank, a coordinator reaching any
        // square of the king's file captures it (the king is the corner), and vice versa.
        let enemy_king = self.kings[enemy];
        if enemy_king != NONE {
            let same_rank = rank(king) == rank(enemy_king);
            let same_file = file(king) == file(enemy_king);
            if same_rank || same_file {
                for sq in 0..64u8 {
                    let q = self.at(sq);
                    if q == 0 || side(q) != enemy || q & 7 != COORDINATOR || !free(sq) {
                        continue;
                    }
                    for d in 0..8 {
                        for &to in ray(sq, d) {
                            if self.at(to) != 0 {
                                break;
                            }
                            if (same_rank && file(to) == file(king))
                                || (same_file && rank(to) == rank(king))
                            {
                                return Some(sq);
                            }
                        }
                    }
                }
            }
        }
        None
    }

    /// Whether `color`'s king is capturable, by generating every enemy move (the slow,
    /// obviously right version of [`Board::king_attacker`], for tests).
    #[cfg(test)]
    pub fn king_capturable_slow(&self, color: Color, rules: Rules) -> bool {
        let king = self.kings[color.index()];
        let mut moves = Vec::new();
        self.pseudo_moves(color.opponent(), rules, &mut moves);
        moves.iter().any(|m| !m.is_suicide() && m.caps & bit(king) != 0)
    }

    /// Whether `mv` (pseudo-legal for `color`) leaves `color`'s king safe.
    #[inline]
    pub fn is_legal(&self, mv: Mv, color: Color, rules: Rules) -> bool {
        self.after(mv).king_attacker(color, rules).is_none()
    }

    /// Whether `color` has at least one legal move.
    pub fn has_legal_move(&self, color: Color, rules: Rules, buffer: &mut Vec<Mv>) -> bool {
        buffer.clear();
        self.pseudo_moves(color, rules, buffer);
        buffer.iter().any(|&mv| self.is_legal(mv, color, rules))
    }
}

/// Perft from `board` with `color` to move, counting action sequences `depth` long (`depth`
/// ≥ 1). A position where the game is over has no continuations: no legal move, the third
/// occurrence of a position (tracked in `history`, whose last entry is this position, within
/// the last `since` plies), or `since` reaching `limit_plies` (0: no limit). Leaves are counted
/// without being played (bulk counting).
pub(crate) fn perft(
    board: &Board,
    color: Color,
    depth: u32,
    since: u32,
    limit_plies: u32,
    history: &mut Vec<u64>,
    rules: Rules,
) -> u64 {
    let mut moves = Vec::with_capacity(96);
    board.pseudo_moves(color, rules, &mut moves);
    if depth <= 1 {
        return moves.iter().filter(|&&mv| board.is_legal(mv, color, rules)).count() as u64;
    }
    let next_color = color.opponent();
    let mut total = 0;
    for &mv in &moves {
        let child = board.after(mv);
        if child.king_attacker(color, rules).is_some() {
            continue;
        }
        let child_since = if mv.is_capture_or_suicide() { 0 } else { since + 1 };
        let hash = child.hash ^ side_key(next_color);
        if limit_plies != 0 && child_since >= limit_plies {
            continue;
        }
        history.push(hash);
        if !is_third_occurrence(history, child_since) {
            total += perft(&child, next_color, depth - 1, child_since, limit_plies, history, rules);
        }
        history.pop();
    }
    total
}

/// Whether the last position of `history` occurred at least twice before within the last
/// `since` plies (earlier positions had more pieces and cannot repeat).
pub(crate) fn is_third_occurrence(history: &[u64], since: u32) -> bool {
    let Some((&last, earlier)) = history.split_last() else { return false };
    let window = (since as usize).min(earlier.len());
    // Only positions an even number of plies back have the same side to move; the hash
    // includes the side to move, so counting equal hashes is enough.
    earlier[earlier.len() - window..].iter().filter(|&&h| h == last).count() >= 2
}
