//! The fast core: a padded 14×14 mailbox (the 10×10 board with two off-board files and ranks on
//! every side, so that every leap of up to two squares lands in the array), make/unmake, attack
//! tests and bulk-counting perft.
//!
//! Why a mailbox and not 128-bit bitboards: half the piece types here are hoppers (cannon,
//! archer) and short leapers whose attacks bitboards do not make cheaper without magic tables
//! for 100 squares; a mailbox keeps "is this square attacked" a handful of byte loads along
//! eight rays, and legality is decided by that test only for the moves that can matter (king
//! moves, en passant, castling, evasions, and moves on a line through the king). Measured: see
//! `docs/perfect10.md` and `arbiter bench perft --game perfect10`.

/// Mailbox width (and height): 10 squares plus 2 off-board on each side.
pub const WIDTH: usize = 14;
/// Mailbox cells.
pub const CELLS: usize = WIDTH * WIDTH;
/// An empty square.
pub const EMPTY: u8 = 0;
/// A cell off the board.
pub const OFF: u8 = 0x80;
/// The colour bit of White's pieces.
pub const WHITE_BIT: u8 = 0x20;
/// The colour bit of Black's pieces.
pub const BLACK_BIT: u8 = 0x40;
/// The kind bits of a piece code.
pub const KIND_MASK: u8 = 0x1F;

/// Kind codes (1..=19), in the order of [`super::Kind::ALL`].
pub const KING: u8 = 1;
/// Queen (Q).
pub const QUEEN: u8 = 2;
/// Marshal (M): rook + knight.
pub const MARSHAL: u8 = 3;
/// Princess (I): bishop + knight.
pub const PRINCESS: u8 = 4;
/// Dragon (D): rook + ferz.
pub const DRAGON: u8 = 5;
/// Griffin (H): bishop + wazir.
pub const GRIFFIN: u8 = 6;
/// Rook.
pub const ROOK: u8 = 7;
/// Bishop.
pub const BISHOP: u8 = 8;
/// Cannon: moves as a rook, captures over exactly one screen.
pub const CANNON: u8 = 9;
/// Archer: moves as a bishop, captures over exactly one screen.
pub const ARCHER: u8 = 10;
/// Guard: a non-royal king.
pub const GUARD: u8 = 11;
/// Knight.
pub const KNIGHT: u8 = 12;
/// Elephant: ferz + alfil (jumping).
pub const ELEPHANT: u8 = 13;
/// Ship: wazir + dabbaba (jumping).
pub const SHIP: u8 = 14;
/// Wazir: one orthogonal step.
pub const WAZIR: u8 = 15;
/// Ferz: one diagonal step.
pub const FERZ: u8 = 16;
/// Dabbaba: an orthogonal jump of two.
pub const DABBABA: u8 = 17;
/// Alfil: a diagonal jump of two.
pub const ALFIL: u8 = 18;
/// Pawn.
pub const PAWN: u8 = 19;

const SLIDE_O: u16 = 1;
const SLIDE_D: u16 = 2;
const HOP_O: u16 = 4;
const HOP_D: u16 = 8;
const STEP_W: u16 = 16;
const STEP_F: u16 = 32;
const LEAP_N: u16 = 64;
const LEAP_D: u16 = 128;
const LEAP_A: u16 = 256;

/// How each kind moves and attacks (pawns are handled apart). Index: kind code.
const FLAGS: [u16; 32] = {
    let mut f = [0u16; 32];
    f[KING as usize] = STEP_W | STEP_F;
    f[QUEEN as usize] = SLIDE_O | SLIDE_D;
    f[MARSHAL as usize] = SLIDE_O | LEAP_N;
    f[PRINCESS as usize] = SLIDE_D | LEAP_N;
    f[DRAGON as usize] = SLIDE_O | STEP_F;
    f[GRIFFIN as usize] = SLIDE_D | STEP_W;
    f[ROOK as usize] = SLIDE_O;
    f[BISHOP as usize] = SLIDE_D;
    f[CANNON as usize] = HOP_O;
    f[ARCHER as usize] = HOP_D;
    f[GUARD as usize] = STEP_W | STEP_F;
    f[KNIGHT as usize] = LEAP_N;
    f[ELEPHANT as usize] = STEP_F | LEAP_A;
    f[SHIP as usize] = STEP_W | LEAP_D;
    f[WAZIR as usize] = STEP_W;
    f[FERZ as usize] = STEP_F;
    f[DABBABA as usize] = LEAP_D;
    f[ALFIL as usize] = LEAP_A;
    f
};

const N: isize = WIDTH as isize;
const ORTH: [isize; 4] = [1, -1, N, -N];
const DIAG: [isize; 4] = [N + 1, N - 1, -N + 1, -N - 1];
const KNIGHT_OFFS: [isize; 8] =
    [2 * N + 1, 2 * N - 1, -2 * N + 1, -2 * N - 1, N + 2, N - 2, -N + 2, -N - 2];
const DAB_OFFS: [isize; 4] = [2, -2, 2 * N, -2 * N];
const ALF_OFFS: [isize; 4] = [2 * N + 2, 2 * N - 2, -2 * N + 2, -2 * N - 2];

/// A move as the generator makes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Mv {
    /// Mailbox index of the from-square.
    pub from: u8,
    /// Mailbox index of the to-square.
    pub to: u8,
    /// The kind a pawn becomes (0: stays a pawn, or not a pawn move).
    pub promo: u8,
    /// [`NORMAL`], [`DOUBLE`], [`EN_PASSANT`], [`CASTLE_KING`], [`CASTLE_QUEEN`] or [`PASS`].
    pub flag: u8,
}

/// An ordinary move or capture.
pub const NORMAL: u8 = 0;
/// A pawn's double step.
pub const DOUBLE: u8 = 1;
/// An en passant capture.
pub const EN_PASSANT: u8 = 2;
/// Castling towards the j-file rook (king f→h, rook j→g).
pub const CASTLE_KING: u8 = 3;
/// Castling towards the a-file rook (king f→d, rook a→e).
pub const CASTLE_QUEEN: u8 = 4;
/// The pass of a side with no legal move.
pub const PASS: u8 = 5;

impl Mv {
    /// The pass.
    pub const PASS: Mv = Mv { from: 0, to: 0, promo: 0, flag: PASS };
}

/// What [`Board::make`] needs to undo a move.
#[derive(Debug, Clone, Copy)]
pub struct Undo {
    moved: u8,
    captured: u8,
    captured_id: u8,
    captured_at: u8,
    castle: u8,
    ep: u8,
}

/// Castling right bits.
pub const WHITE_KINGSIDE: u8 = 1;
/// White towards a1.
pub const WHITE_QUEENSIDE: u8 = 2;
/// Black towards j10.
pub const BLACK_KINGSIDE: u8 = 4;
/// Black towards a10.
pub const BLACK_QUEENSIDE: u8 = 8;

/// The mailbox index of a board square (`file`, `rank` 0..10).
#[must_use]
pub const fn idx(file: u8, rank: u8) -> u8 {
    (rank + 2) * WIDTH as u8 + file + 2
}

/// The board file (0..10) of a mailbox index on the board.
#[must_use]
pub const fn file_of(i: u8) -> u8 {
    i % WIDTH as u8 - 2
}

/// The board rank (0..10) of a mailbox index on the board.
#[must_use]
pub const fn rank_of(i: u8) -> u8 {
    i / WIDTH as u8 - 2
}

/// The 100 board squares' mailbox indexes, a1, b1, …, j10.
pub const SQUARES: [u8; 100] = {
    let mut s = [0u8; 100];
    let mut i = 0;
    while i < 100 {
        s[i] = idx((i % 10) as u8, (i / 10) as u8);
        i += 1;
    }
    s
};

const CASTLE_MASK: [u8; CELLS] = {
    let mut m = [0xFFu8; CELLS];
    m[idx(5, 0) as usize] = !(WHITE_KINGSIDE | WHITE_QUEENSIDE);
    m[idx(9, 0) as usize] = !WHITE_KINGSIDE;
    m[idx(0, 0) as usize] = !WHITE_QUEENSIDE;
    m[idx(5, 9) as usize] = !(BLACK_KINGSIDE | BLACK_QUEENSIDE);
    m[idx(9, 9) as usize] = !BLACK_KINGSIDE;
    m[idx(0, 9) as usize] = !BLACK_QUEENSIDE;
    m
};

/// The colour bit of side `c` (0 White, 1 Black).
#[must_use]
pub const fn color_bit(c: u8) -> u8 {
    if c == 0 { WHITE_BIT } else { BLACK_BIT }
}

/// The side (0 White, 1 Black) of a piece code.
#[must_use]
pub const fn side_of(p: u8) -> u8 {
    if p & WHITE_BIT != 0 { 0 } else { 1 }
}

/// Why the piece on one square cannot go to another, in mailbox cells: what
/// [`Board::fault`] finds once the generator has no such move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// Not a way this piece moves at all.
    NotItsWay,
    /// One of the mover's own pieces stands on the target.
    OwnPiece,
    /// A piece stands on the way, on this cell.
    Blocked(u8),
    /// A pawn's straight step onto an occupied cell (pawns capture diagonally).
    PawnFront,
    /// A pawn's diagonal step with nothing to take.
    PawnNothingToTake,
    /// A pawn's double step from off its start rank.
    PawnDoubleOffStart,
    /// A cannon's or archer's capture with no piece between to jump over.
    NoScreen,
    /// A cannon's or archer's capture over more than one piece; the cell of the second.
    TwoScreens(u8),
}

/// A move list (a `Vec`, reused by the caller: perft keeps one per ply).
pub type MoveList = Vec<Mv>;

/// The board: pieces, piece identities (for the four-checks rule), kings, side to move,
/// castling rights and the en passant target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// Piece codes per mailbox cell ([`EMPTY`], [`OFF`] or kind | colour bit).
    pub cells: [u8; CELLS],
    /// A piece's identity per cell (0 on empty cells); kept through moves and promotions.
    pub ids: [u8; CELLS],
    /// Each side's king cell.
    pub kings: [u8; 2],
    /// 0: White to move, 1: Black.
    pub side: u8,
    /// Castling right bits.
    pub castle: u8,
    /// The cell a pawn skipped with its double step on the last move (0: none).
    pub ep: u8,
}

impl Board {
    /// An empty board, White to move.
    #[must_use]
    pub fn empty() -> Board {
        let mut cells = [OFF; CELLS];
        for s in SQUARES {
            cells[s as usize] = EMPTY;
        }
        Board { cells, ids: [0; CELLS], kings: [0; 2], side: 0, castle: 0, ep: 0 }
    }

    /// The piece code on a cell.
    #[inline]
    #[must_use]
    pub fn at(&self, i: u8) -> u8 {
        self.cells[i as usize]
    }

    /// Whether cell `s` is attacked by side `by` with the current occupancy (cannons and
    /// archers through exactly one screen).
    #[must_use]
    pub fn attacked(&self, s: u8, by: u8) -> bool {
        let b = &self.cells;
        let s = s as isize;
        let cb = color_bit(by);
        let at = |o: isize| b[(s + o) as usize];
        let pawn = PAWN | cb;
        if by == 0 {
            if at(-N - 1) == pawn || at(-N + 1) == pawn {
                return true;
            }
        } else if at(N - 1) == pawn || at(N + 1) == pawn {
            return true;
        }
        let has = |p: u8, flag: u16| p & cb != 0 && FLAGS[(p & KIND_MASK) as usize] & flag != 0;
        for o in ORTH {
            if has(at(o), STEP_W) {
                return true;
            }
        }
        for o in DIAG {
            if has(at(o), STEP_F) {
                return true;
            }
        }
        for o in KNIGHT_OFFS {
            if has(at(o), LEAP_N) {
                return true;
            }
        }
        for o in DAB_OFFS {
            if has(at(o), LEAP_D) {
                return true;
            }
        }
        for o in ALF_OFFS {
            if has(at(o), LEAP_A) {
                return true;
            }
        }
        self.ray_attacked(s, cb, &ORTH, SLIDE_O, CANNON)
            || self.ray_attacked(s, cb, &DIAG, SLIDE_D, ARCHER)
    }

    #[inline]
    fn ray_attacked(&self, s: isize, cb: u8, dirs: &[isize; 4], slide: u16, hopper: u8) -> bool {
        let b = &self.cells;
        for &d in dirs {
            let mut t = s + d;
            while b[t as usize] == EMPTY {
                t += d;
            }
            let p = b[t as usize];
            if p == OFF {
                continue;
            }
            if p & cb != 0 && FLAGS[(p & KIND_MASK) as usize] & slide != 0 {
                return true;
            }
            t += d;
            while b[t as usize] == EMPTY {
                t += d;
            }
            if b[t as usize] == hopper | cb {
                return true;
            }
        }
        false
    }

    /// Every cell of side `by` whose piece attacks cell `s` (for check announcements and the
    /// four-checks rule), sorted.
    #[must_use]
    pub fn attackers(&self, s: u8, by: u8) -> Vec<u8> {
        let b = &self.cells;
        let si = s as isize;
        let cb = color_bit(by);
        let mut out = Vec::new();
        let pawn = PAWN | cb;
        let pawn_offs: [isize; 2] = if by == 0 { [-N - 1, -N + 1] } else { [N - 1, N + 1] };
        for o in pawn_offs {
            if b[(si + o) as usize] == pawn {
                out.push((si + o) as u8);
            }
        }
        let leaps: [(&[isize], u16); 5] = [
            (&ORTH, STEP_W),
            (&DIAG, STEP_F),
            (&KNIGHT_OFFS, LEAP_N),
            (&DAB_OFFS, LEAP_D),
            (&ALF_OFFS, LEAP_A),
        ];
        for (offs, flag) in leaps {
            for &o in offs {
                let p = b[(si + o) as usize];
                if p & cb != 0 && FLAGS[(p & KIND_MASK) as usize] & flag != 0 {
                    out.push((si + o) as u8);
                }
            }
        }
        for (dirs, slide, hopper) in [(&ORTH, SLIDE_O, CANNON), (&DIAG, SLIDE_D, ARCHER)] {
            for &d in dirs {
                let mut t = si + d;
                while b[t as usize] == EMPTY {
                    t += d;
                }
                let p = b[t as usize];
                if p == OFF {
                    continue;
                }
                if p & cb != 0 && FLAGS[(p & KIND_MASK) as usize] & slide != 0 {
                    out.push(t as u8);
                }
                t += d;
                while b[t as usize] == EMPTY {
                    t += d;
                }
                if b[t as usize] == hopper | cb {
                    out.push(t as u8);
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Whether the side to move is in check.
    #[must_use]
    pub fn in_check(&self) -> bool {
        self.attacked(self.kings[self.side as usize], self.side ^ 1)
    }

    /// Plays a (pseudo-legal) move and returns what undoes it.
    pub fn make(&mut self, m: Mv) -> Undo {
        let mut undo = Undo {
            moved: 0,
            captured: EMPTY,
            captured_id: 0,
            captured_at: m.to,
            castle: self.castle,
            ep: self.ep,
        };
        let us = self.side;
        self.side ^= 1;
        self.ep = 0;
        if m.flag == PASS {
            return undo;
        }
        let (from, to) = (m.from as usize, m.to as usize);
        let p = self.cells[from];
        let id = self.ids[from];
        undo.moved = p;
        match m.flag {
            EN_PASSANT => {
                let at = if us == 0 { to - WIDTH } else { to + WIDTH };
                undo.captured_at = at as u8;
                undo.captured = self.cells[at];
                undo.captured_id = self.ids[at];
                self.cells[at] = EMPTY;
                self.ids[at] = 0;
            }
            CASTLE_KING | CASTLE_QUEEN => {
                let (rook_from, rook_to) =
                    if m.flag == CASTLE_KING { (from + 4, from + 1) } else { (from - 5, from - 1) };
                self.cells[rook_to] = self.cells[rook_from];
                self.ids[rook_to] = self.ids[rook_from];
                self.cells[rook_from] = EMPTY;
                self.ids[rook_from] = 0;
            }
            _ => {
                undo.captured = self.cells[to];
                undo.captured_id = self.ids[to];
            }
        }
        let kind = p & KIND_MASK;
        let last_rank = if us == 0 { 9 } else { 0 };
        let placed = if m.promo != 0 {
            m.promo | color_bit(us)
        } else if rank_of(m.to) == last_rank && kind == ROOK {
            DRAGON | color_bit(us)
        } else if rank_of(m.to) == last_rank && kind == BISHOP {
            GRIFFIN | color_bit(us)
        } else {
            p
        };
        self.cells[from] = EMPTY;
        self.ids[from] = 0;
        self.cells[to] = placed;
        self.ids[to] = id;
        if kind == KING {
            self.kings[us as usize] = m.to;
        }
        self.castle &= CASTLE_MASK[from] & CASTLE_MASK[to];
        if m.flag == DOUBLE {
            self.ep = ((from + to) / 2) as u8;
        }
        undo
    }

    /// Takes back the move `m` that `make` answered with `undo`.
    pub fn unmake(&mut self, m: Mv, undo: Undo) {
        self.side ^= 1;
        self.castle = undo.castle;
        self.ep = undo.ep;
        if m.flag == PASS {
            return;
        }
        let (from, to) = (m.from as usize, m.to as usize);
        let id = self.ids[to];
        self.cells[from] = undo.moved;
        self.ids[from] = id;
        self.cells[to] = EMPTY;
        self.ids[to] = 0;
        let cap = undo.captured_at as usize;
        self.cells[cap] = undo.captured;
        self.ids[cap] = undo.captured_id;
        if undo.moved & KIND_MASK == KING {
            self.kings[self.side as usize] = m.from;
        }
        if m.flag == CASTLE_KING || m.flag == CASTLE_QUEEN {
            let (rook_from, rook_to) =
                if m.flag == CASTLE_KING { (from + 4, from + 1) } else { (from - 5, from - 1) };
            self.cells[rook_from] = self.cells[rook_to];
            self.ids[rook_from] = self.ids[rook_to];
            self.cells[rook_to] = EMPTY;
            self.ids[rook_to] = 0;
        }
    }

    /// Every pseudo-legal move of the side to move (castling already checked for attacked
    /// squares; everything else may still leave the king attacked).
    pub fn pseudo_moves(&self, out: &mut MoveList) {
        out.clear();
        let us = self.side;
        let cb = color_bit(us);
        let b = &self.cells;
        for s in SQUARES {
            let p = b[s as usize];
            if p & cb == 0 {
                continue;
            }
            let kind = p & KIND_MASK;
            if kind == PAWN {
                self.pawn_moves(s, out);
                continue;
            }
            let f = FLAGS[kind as usize];
            let si = s as isize;
            let mut leap = |offs: &[isize]| {
                for &o in offs {
                    let t = (si + o) as usize;
                    let q = b[t];
                    if q == EMPTY || (q != OFF && q & cb == 0) {
                        out.push(Mv { from: s, to: t as u8, promo: 0, flag: NORMAL });
                    }
                }
            };
            if f & STEP_W != 0 {
                leap(&ORTH);
            }
            if f & STEP_F != 0 {
                leap(&DIAG);
            }
            if f & LEAP_N != 0 {
                leap(&KNIGHT_OFFS);
            }
            if f & LEAP_D != 0 {
                leap(&DAB_OFFS);
            }
            if f & LEAP_A != 0 {
                leap(&ALF_OFFS);
            }
            if f & (SLIDE_O | HOP_O) != 0 {
                self.rays(s, &ORTH, f & HOP_O != 0, out);
            }
            if f & (SLIDE_D | HOP_D) != 0 {
                self.rays(s, &DIAG, f & HOP_D != 0, out);
            }
        }
        self.castling_moves(out);
    }

    /// Why the side to move's piece on `from` cannot go to `to` (the generator has no such
    /// move): the geometry first, then what stands on the target or on the way. Castling and
    /// leaving the king in check are the caller's (they need the whole position).
    #[must_use]
    pub fn fault(&self, from: u8, to: u8) -> Fault {
        let b = &self.cells;
        let p = b[from as usize];
        let us = self.side;
        let cb = color_bit(us);
        let target = b[to as usize];
        let own_target = target != EMPTY && target != OFF && target & cb != 0;
        let d = to as isize - from as isize;
        if p & KIND_MASK == PAWN {
            let fwd: isize = if us == 0 { N } else { -N };
            let start = if us == 0 { 2 } else { 7 };
            return if d == fwd {
                if target == EMPTY { Fault::NotItsWay } else { Fault::PawnFront }
            } else if d == 2 * fwd {
                let between = (from as isize + fwd) as u8;
                if rank_of(from) != start {
                    Fault::PawnDoubleOffStart
                } else if b[between as usize] != EMPTY {
                    Fault::Blocked(between)
                } else if target != EMPTY {
                    Fault::PawnFront
                } else {
                    Fault::NotItsWay
                }
            } else if d == fwd + 1 || d == fwd - 1 {
                if own_target {
                    Fault::OwnPiece
                } else if target == EMPTY {
                    Fault::PawnNothingToTake
                } else {
                    Fault::NotItsWay
                }
            } else {
                Fault::NotItsWay
            };
        }
        let f = FLAGS[(p & KIND_MASK) as usize];
        let leaps: [(u16, &[isize]); 5] = [
            (STEP_W, &ORTH),
            (STEP_F, &DIAG),
            (LEAP_N, &KNIGHT_OFFS),
            (LEAP_D, &DAB_OFFS),
            (LEAP_A, &ALF_OFFS),
        ];
        let leap = leaps.iter().any(|(flag, offs)| f & flag != 0 && offs.contains(&d));
        let ray = |dirs: &[isize; 4]| {
            dirs.iter().copied().find(|&dir| {
                let mut t = from as isize + dir;
                while b[t as usize] != OFF {
                    if t == to as isize {
                        return true;
                    }
                    t += dir;
                }
                false
            })
        };
        let slide = [(SLIDE_O | HOP_O, &ORTH), (SLIDE_D | HOP_D, &DIAG)]
            .iter()
            .find_map(|(flags, dirs)| (f & flags != 0).then(|| ray(dirs)).flatten());
        if leap && own_target {
            return Fault::OwnPiece;
        }
        let Some(dir) = slide.filter(|_| !leap) else {
            return Fault::NotItsWay;
        };
        let between: Vec<u8> = (1..)
            .map(|k| (from as isize + k * dir) as u8)
            .take_while(|&t| t != to)
            .filter(|&t| b[t as usize] != EMPTY)
            .collect();
        let hopper = f & (HOP_O | HOP_D) != 0;
        match (hopper, between.as_slice(), target == EMPTY) {
            (_, _, _) if own_target => match between.first() {
                Some(&first) if !hopper => Fault::Blocked(first),
                _ => Fault::OwnPiece,
            },
            (false, [first, ..], _) | (true, [first, ..], true) => Fault::Blocked(*first),
            (true, [], false) => Fault::NoScreen,
            (true, [_, second, ..], false) => Fault::TwoScreens(*second),
            _ => Fault::NotItsWay,
        }
    }

    #[inline]
    fn rays(&self, s: u8, dirs: &[isize; 4], hopper: bool, out: &mut MoveList) {
        let b = &self.cells;
        let cb = color_bit(self.side);
        for &d in dirs {
            let mut t = s as isize + d;
            while b[t as usize] == EMPTY {
                out.push(Mv { from: s, to: t as u8, promo: 0, flag: NORMAL });
                t += d;
            }
            let q = b[t as usize];
            if q == OFF {
                continue;
            }
            if !hopper {
                if q & cb == 0 {
                    out.push(Mv { from: s, to: t as u8, promo: 0, flag: NORMAL });
                }
                continue;
            }
            t += d;
            while b[t as usize] == EMPTY {
                t += d;
            }
            let q = b[t as usize];
            if q != OFF && q & cb == 0 {
                out.push(Mv { from: s, to: t as u8, promo: 0, flag: NORMAL });
            }
        }
    }

    fn pawn_moves(&self, s: u8, out: &mut MoveList) {
        let b = &self.cells;
        let us = self.side;
        let them = color_bit(us ^ 1);
        let fwd: isize = if us == 0 { N } else { -N };
        let si = s as isize;
        let one = (si + fwd) as usize;
        if b[one] == EMPTY {
            push_pawn(us, s, one as u8, out);
            let start = if us == 0 { 2 } else { 7 };
            let two = (si + 2 * fwd) as usize;
            if rank_of(s) == start && b[two] == EMPTY {
                out.push(Mv { from: s, to: two as u8, promo: 0, flag: DOUBLE });
            }
        }
        for side in [-1, 1] {
            let t = (si + fwd + side) as usize;
            let q = b[t];
            if q & them != 0 {
                push_pawn(us, s, t as u8, out);
            } else if self.ep != 0 && t == self.ep as usize {
                out.push(Mv { from: s, to: t as u8, promo: 0, flag: EN_PASSANT });
            }
        }
    }

    fn castling_moves(&self, out: &mut MoveList) {
        let us = self.side;
        let rank = if us == 0 { 0 } else { 9 };
        let (king_right, queen_right) = if us == 0 {
            (WHITE_KINGSIDE, WHITE_QUEENSIDE)
        } else {
            (BLACK_KINGSIDE, BLACK_QUEENSIDE)
        };
        if self.castle & (king_right | queen_right) == 0 {
            return;
        }
        let king = idx(5, rank);
        let cb = color_bit(us);
        if self.at(king) != KING | cb {
            return;
        }
        let them = us ^ 1;
        if self.attacked(king, them) {
            return;
        }
        let empty = |files: &[u8]| files.iter().all(|&f| self.at(idx(f, rank)) == EMPTY);
        let safe = |files: &[u8]| files.iter().all(|&f| !self.attacked(idx(f, rank), them));
        if self.castle & king_right != 0
            && self.at(idx(9, rank)) == ROOK | cb
            && empty(&[6, 7, 8])
            && safe(&[6, 7])
        {
            out.push(Mv { from: king, to: idx(7, rank), promo: 0, flag: CASTLE_KING });
        }
        if self.castle & queen_right != 0
            && self.at(idx(0, rank)) == ROOK | cb
            && empty(&[1, 2, 3, 4])
            && safe(&[4, 3])
        {
            out.push(Mv { from: king, to: idx(3, rank), promo: 0, flag: CASTLE_QUEEN });
        }
    }

    /// Whether the pseudo-legal move `m` leaves the mover's king unattacked. `in_check` is
    /// whether the mover is in check now.
    #[inline]
    pub fn is_legal(&mut self, m: Mv, in_check: bool) -> bool {
        let us = self.side;
        let king = self.kings[us as usize];
        if !in_check
            && m.flag <= DOUBLE
            && m.from != king
            && !on_line(king, m.from)
            && !on_line(king, m.to)
        {
            // Not in check, and neither square is on a line through the king: only a line
            // piece (slider or hopper) could be uncovered or given a screen, and that needs a
            // square on its line.
            return true;
        }
        let undo = self.make(m);
        let legal = !self.attacked(self.kings[us as usize], us ^ 1);
        self.unmake(m, undo);
        legal
    }

    /// Every legal move of the side to move (the pass not included).
    pub fn legal_moves(&mut self, out: &mut MoveList) {
        let mut pseudo = MoveList::with_capacity(128);
        self.pseudo_moves(&mut pseudo);
        let check = self.in_check();
        out.clear();
        for &m in &pseudo {
            if self.is_legal(m, check) {
                out.push(m);
            }
        }
    }

    /// Bulk-counting perft: `passes` is how many passes in a row led here (two end the game).
    /// Counts moves and passes; the game-ending rules that do not change move lists (four
    /// checks, insufficient material, repetition claims) are not applied, as in
    /// Fairy-Stockfish's perft.
    pub fn perft(&mut self, depth: u32, passes: u8) -> u64 {
        let mut lists = vec![MoveList::with_capacity(128); depth as usize];
        self.perft_with(depth, passes, &mut lists)
    }

    fn perft_with(&mut self, depth: u32, passes: u8, lists: &mut [MoveList]) -> u64 {
        if depth == 0 {
            return 1;
        }
        if passes >= 2 {
            return 0;
        }
        let Some((pseudo, rest)) = lists.split_first_mut() else { return 0 };
        self.pseudo_moves(pseudo);
        let check = self.in_check();
        let mut total = 0u64;
        let mut any = false;
        for &m in pseudo.iter() {
            if !self.is_legal(m, check) {
                continue;
            }
            any = true;
            if depth == 1 {
                total += 1;
            } else {
                let undo = self.make(m);
                total += self.perft_with(depth - 1, 0, rest);
                self.unmake(m, undo);
            }
        }
        if !any && !check {
            if depth == 1 {
                return 1;
            }
            let undo = self.make(Mv::PASS);
            total = self.perft_with(depth - 1, passes + 1, rest);
            self.unmake(Mv::PASS, undo);
        }
        total
    }
}

fn push_pawn(us: u8, from: u8, to: u8, out: &mut MoveList) {
    let rank = rank_of(to);
    let tier = if us == 0 { rank } else { 9 - rank };
    let options: &[u8] = match tier {
        5 => &[0, WAZIR, FERZ, DABBABA, ALFIL],
        7 => &[0, GUARD, KNIGHT, ELEPHANT, SHIP, ROOK, BISHOP, CANNON, ARCHER],
        9 => &[QUEEN, MARSHAL, PRINCESS],
        _ => &[0],
    };
    for &promo in options {
        out.push(Mv { from, to, promo, flag: NORMAL });
    }
}

/// Whether two cells lie on one rank, file or diagonal.
#[inline]
#[must_use]
pub fn on_line(a: u8, b: u8) -> bool {
    let (fa, ra) = (a % WIDTH as u8, a / WIDTH as u8);
    let (fb, rb) = (b % WIDTH as u8, b / WIDTH as u8);
    fa == fb || ra == rb || fa.abs_diff(fb) == ra.abs_diff(rb)
}
