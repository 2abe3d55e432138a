//! The board: a pure fill function plus a finite, normalised map of changes ([I-3], spec §2.5,
//! §11.2), with per-line indexes so that every ray query is a handful of ordered-map lookups.

use std::collections::hash_map::DefaultHasher;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::hash::{Hash, Hasher};

use serde::{Deserialize, Serialize};

use super::coord::{Coord, Layer};
use super::int::Int;

/// The two sides. Red (紅) moves first and sits at low y.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    /// 紅, first to move, rows y ≤ 6.
    Red,
    /// 藍, second, rows y ≥ 7.
    Blue,
}

impl Side {
    /// The other side.
    #[must_use]
    pub fn other(self) -> Side {
        match self {
            Side::Red => Side::Blue,
            Side::Blue => Side::Red,
        }
    }

    /// Index 0 (Red) or 1 (Blue).
    #[must_use]
    pub fn index(self) -> usize {
        match self {
            Side::Red => 0,
            Side::Blue => 1,
        }
    }

    /// The side of index 0 or 1.
    #[must_use]
    pub fn from_index(i: usize) -> Side {
        if i == 0 { Side::Red } else { Side::Blue }
    }

    /// Forward along y: +1 for Red, −1 for Blue ([I-8]).
    #[must_use]
    pub fn forward(self) -> i64 {
        match self {
            Side::Red => 1,
            Side::Blue => -1,
        }
    }

    /// Whether row `y` is in this side's promotion and cheap-stacking zone Z ([I-8]).
    #[must_use]
    pub fn in_zone(self, y: impl Into<Int>) -> bool {
        let y = y.into();
        match self {
            Side::Red => y >= 8,
            Side::Blue => y <= 5,
        }
    }

    /// Mirror a Red-side row onto this side (y → 13 − y for Blue).
    #[must_use]
    pub fn row(self, red_y: i64) -> i64 {
        match self {
            Side::Red => red_y,
            Side::Blue => 13 - red_y,
        }
    }

    /// [`Side::row`] for a row of any size.
    #[must_use]
    pub fn row_of(self, red_y: &Int) -> Int {
        match self {
            Side::Red => red_y.clone(),
            Side::Blue => -(red_y - 13),
        }
    }
}

/// The nine piece kinds (spec, vocabulary table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Kind {
    /// 跳兵 pawn, 1 point.
    P,
    /// 馬仔, 3.
    N,
    /// 車夫, 3.
    R,
    /// 相爺, 3.
    B,
    /// 山炮, 3.
    C,
    /// 老王 king, no value.
    K,
    /// 老後 queen, 12.
    Q,
    /// 公子 prince, no value.
    J,
    /// 大哥, 12.
    G,
}

impl Kind {
    /// Every kind, in letter order P N R B C K Q J G.
    pub const ALL: [Kind; 9] =
        [Kind::P, Kind::N, Kind::R, Kind::B, Kind::C, Kind::K, Kind::Q, Kind::J, Kind::G];

    /// The kinds a drop may hire (every kind but the King and the Prince), in letter order.
    pub const HIRED: [Kind; 7] = [Kind::P, Kind::N, Kind::R, Kind::B, Kind::C, Kind::Q, Kind::G];

    /// The hired kinds' letters, for a refusal in English (`P, N, R, B, C, Q, G`); the table
    /// adds their Chinese names for a Chinese reader.
    #[must_use]
    pub fn hired_codes() -> String {
        let codes: Vec<String> = Kind::HIRED.iter().map(|k| k.letter().to_string()).collect();
        codes.join(", ")
    }

    /// Points (spec §5): P 1; N R B C 3; Q G 12; K J 0.
    #[must_use]
    pub fn value(self) -> i64 {
        match self {
            Kind::P => 1,
            Kind::N | Kind::R | Kind::B | Kind::C => 3,
            Kind::Q | Kind::G => 12,
            Kind::K | Kind::J => 0,
        }
    }

    /// The upper-case letter.
    #[must_use]
    pub fn letter(self) -> char {
        match self {
            Kind::P => 'P',
            Kind::N => 'N',
            Kind::R => 'R',
            Kind::B => 'B',
            Kind::C => 'C',
            Kind::K => 'K',
            Kind::Q => 'Q',
            Kind::J => 'J',
            Kind::G => 'G',
        }
    }

    /// The one-character Chinese name.
    #[must_use]
    pub fn hanzi(self) -> char {
        match self {
            Kind::P => '兵',
            Kind::N => '馬',
            Kind::R => '車',
            Kind::B => '相',
            Kind::C => '炮',
            Kind::K => '王',
            Kind::Q => '後',
            Kind::J => '公',
            Kind::G => '哥',
        }
    }

    /// The one-character Chinese name in simplified characters (马 车 后 where [`Kind::hanzi`]
    /// has 馬 車 後), which [`Kind::from_char`] reads too.
    #[must_use]
    pub fn hanzi_simplified(self) -> char {
        match self {
            Kind::N => '马',
            Kind::R => '车',
            Kind::Q => '后',
            other => other.hanzi(),
        }
    }

    /// Reads a letter (either case) or a Chinese name.
    #[must_use]
    pub fn from_char(c: char) -> Option<Kind> {
        let k = match c.to_ascii_uppercase() {
            'P' | '兵' => Kind::P,
            'N' | '馬' | '马' => Kind::N,
            'R' | '車' | '车' => Kind::R,
            'B' | '相' => Kind::B,
            'C' | '炮' => Kind::C,
            'K' | '王' => Kind::K,
            'Q' | '後' | '后' => Kind::Q,
            'J' | '公' => Kind::J,
            'G' | '哥' => Kind::G,
            _ => return None,
        };
        Some(k)
    }

    /// Kings and princes never stack and are never carried ([I-9]).
    #[must_use]
    pub fn stacks(self) -> bool {
        !matches!(self, Kind::K | Kind::J)
    }
}

/// Everything standing on one square: one piece or a stack, one owner.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Unit {
    /// The owner.
    pub owner: Side,
    /// The members, sorted; never empty.
    pub pieces: Vec<Kind>,
}

impl Unit {
    /// A unit of one piece.
    #[must_use]
    pub fn single(owner: Side, kind: Kind) -> Unit {
        Unit { owner, pieces: vec![kind] }
    }

    /// Sum of the member values (what capturing it scores, [I-18]).
    #[must_use]
    pub fn value(&self) -> i64 {
        self.pieces.iter().map(|k| k.value()).sum()
    }

    /// The highest member value.
    #[must_use]
    pub fn max_value(&self) -> i64 {
        self.pieces.iter().map(|k| k.value()).max().unwrap_or(0)
    }

    /// Whether the unit holds a piece of this kind.
    #[must_use]
    pub fn has(&self, kind: Kind) -> bool {
        self.pieces.contains(&kind)
    }

    /// Whether the unit is a lone king or a lone prince.
    #[must_use]
    pub fn is_lone_royal(&self) -> bool {
        matches!(self.pieces.as_slice(), [Kind::K] | [Kind::J])
    }

    /// Text: the letters, upper case for Red and lower case for Blue (e.g. `PPN`, `q`).
    #[must_use]
    pub fn letters(&self) -> String {
        self.pieces
            .iter()
            .map(|k| match self.owner {
                Side::Red => k.letter(),
                Side::Blue => k.letter().to_ascii_lowercase(),
            })
            .collect()
    }
}

/// The content of a square: `None` is empty.
pub type Cell = Option<Unit>;

/// The fill function's configuration: what stands on any square by default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Fill {
    /// The `band_empty` reading: the four sky-blue rows start empty in every layer.
    pub band_empty: bool,
    /// 讓n級子 handicap level (0 = none, 1–7) given by Red and by Blue ([I-28]).
    pub handicap: [u8; 2],
}

impl Fill {
    /// Whether `c` is a selection slot (spec §3): empty until picked.
    #[must_use]
    pub fn is_slot(c: &Coord) -> bool {
        c.is_main()
            && (1..=12).contains(&c.x)
            && ((1..=4).contains(&c.y) || (9..=12).contains(&c.y))
            && (!(5..=8).contains(&c.x) || c.y == 1 || c.y == 12)
    }

    /// Whether the default content of `c` is non-empty (cheaper than [`Fill::cell`]).
    #[must_use]
    pub fn occupied(&self, c: &Coord) -> bool {
        !(Fill::is_slot(c) || (self.band_empty && (5..=8).contains(&c.y)))
    }

    /// Whether every square of row `y` in `layer` is empty by default.
    #[must_use]
    pub fn row_empty(&self, y: &Int) -> bool {
        self.band_empty && (5..=8).contains(y)
    }

    /// The default content of `c` ([I-3], handicaps [I-28]).
    #[must_use]
    pub fn cell(&self, c: &Coord) -> Cell {
        if !self.occupied(c) {
            return None;
        }
        let natural = if c.y <= 6 { Side::Red } else { Side::Blue };
        let level = self.handicap[natural.index()];
        let owner = if level > 0 && in_handicap_region(natural, level, c) {
            natural.other()
        } else {
            natural
        };
        Some(Unit::single(owner, Kind::P))
    }
}

/// Whether `c` is in the regions of handicap `level` given by `giver` ([I-28], spec §8.1; the
/// table is written for Red, mirrored y → 13 − y for Blue).
#[must_use]
pub fn in_handicap_region(giver: Side, level: u8, c: &Coord) -> bool {
    let x = &c.x;
    let y = &giver.row_of(&c.y);
    let flank = *x <= -2 || *x >= 15;
    let main = c.is_main();
    let plain_hi = c.layer.hi.is_empty();
    (level >= 1 && main && (5..=6).contains(y) && flank)
        || (level >= 2 && main && (1..=6).contains(y) && flank)
        || (level >= 3 && main && *y <= -6 && ((1..=4).contains(x) || (9..=12).contains(x)))
        || (level >= 4 && main && *y <= 0 && flank)
        || (level >= 5 && plain_hi && (c.layer.z == 0 || c.layer.z == 2))
        || (level >= 6 && plain_hi && c.layer.z != 1)
        || (level >= 7 && !plain_hi)
}

/// The four line families of a layer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    /// Constant y; position x.
    Row,
    /// Constant x; position y.
    Col,
    /// Constant x − y; position x.
    Diag,
    /// Constant x + y; position x.
    Anti,
}

/// A line of one layer: family and constant.
type LineKey = (Layer, Family, Int);

/// The changed squares of one line: maximal runs of changed-to-empty squares, and the positions
/// of changed squares holding a unit.
#[derive(Debug, Clone, Default, PartialEq)]
struct LineIndex {
    runs: BTreeMap<Int, Int>,
    units: BTreeSet<Int>,
}

impl LineIndex {
    fn run_containing(&self, pos: &Int) -> Option<(&Int, &Int)> {
        let (a, b) = self.runs.range(..=pos).next_back()?;
        (pos <= b).then_some((a, b))
    }

    fn add_empty(&mut self, pos: &Int) {
        let mut start = pos.clone();
        let mut end = pos.clone();
        if let Some((a, b)) = self.run_containing(&(pos - 1)) {
            let (a, b) = (a.clone(), b.clone());
            self.runs.remove(&a);
            start = a;
            end = end.max(b);
        }
        if let Some(b) = self.runs.remove(&(pos + 1)) {
            end = b;
        }
        self.runs.insert(start, end);
    }

    fn remove_empty(&mut self, pos: &Int) {
        if let Some((a, b)) = self.run_containing(pos) {
            let (a, b) = (a.clone(), b.clone());
            self.runs.remove(&a);
            if a < *pos {
                self.runs.insert(a, pos - 1);
            }
            if *pos < b {
                self.runs.insert(pos + 1, b);
            }
        }
    }

    fn is_empty(&self) -> bool {
        self.runs.is_empty() && self.units.is_empty()
    }
}

/// The line through `c` in direction `(dx, dy)` (a unit step of one of the 8 directions): its
/// key, the position of `c` along it, and the position step per unit of `k`.
fn line_of(c: &Coord, dx: i64, dy: i64) -> (LineKey, Int, i64) {
    let layer = c.layer.clone();
    match (dx, dy) {
        (_, 0) => ((layer, Family::Row, c.y.clone()), c.x.clone(), dx),
        (0, _) => ((layer, Family::Col, c.x.clone()), c.y.clone(), dy),
        _ if dx == dy => ((layer, Family::Diag, &c.x - &c.y), c.x.clone(), dx),
        _ => ((layer, Family::Anti, &c.x + &c.y), c.x.clone(), dx),
    }
}

/// The board. Everything not in `changes` is `fill.cell(c)`.
#[derive(Debug, Clone)]
pub struct Board {
    fill: Fill,
    changes: HashMap<Coord, Cell>,
    lines: HashMap<LineKey, LineIndex>,
    /// Changed squares per (x, y), for lines across layers and the side view.
    columns: HashMap<(Int, Int), HashSet<Coord>>,
    hash: u128,
    /// While a turn is being tried: each square's change-map entry before its first write.
    journal: Option<Vec<(Coord, Option<Cell>)>>,
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.fill == other.fill && self.changes == other.changes
    }
}

/// A square found by a ray scan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hit {
    /// Steps from the origin.
    pub k: Int,
    /// The square.
    pub at: Coord,
}

impl Board {
    /// An unchanged board.
    #[must_use]
    pub fn new(fill: Fill) -> Board {
        Board {
            fill,
            changes: HashMap::new(),
            lines: HashMap::new(),
            columns: HashMap::new(),
            hash: 0,
            journal: None,
        }
    }

    /// The fill configuration.
    #[must_use]
    pub fn fill(&self) -> Fill {
        self.fill
    }

    /// What stands on `c`.
    #[must_use]
    pub fn get(&self, c: &Coord) -> Cell {
        work::add(1);
        match self.changes.get(c) {
            Some(cell) => cell.clone(),
            None => self.fill.cell(c),
        }
    }

    /// Whether `c` holds anything.
    #[must_use]
    pub fn occupied(&self, c: &Coord) -> bool {
        work::add(1);
        match self.changes.get(c) {
            Some(cell) => cell.is_some(),
            None => self.fill.occupied(c),
        }
    }

    /// The changes, in no particular order.
    pub fn changes(&self) -> impl Iterator<Item = (&Coord, &Cell)> {
        self.changes.iter()
    }

    /// How many squares differ from the fill.
    #[must_use]
    pub fn change_count(&self) -> usize {
        self.changes.len()
    }

    /// An order-independent 128-bit hash of the change map.
    #[must_use]
    pub fn hash(&self) -> u128 {
        self.hash
    }

    /// The changed squares with the same (x, y) as `c`, in any layer.
    pub fn column(&self, x: &Int, y: &Int) -> impl Iterator<Item = &Coord> {
        self.columns.get(&(x.clone(), y.clone())).into_iter().flatten()
    }

    /// Starts recording writes so that [`Board::rollback`] can undo them: a turn is tried in
    /// place, never on a copy, so trying one costs the same with 10 or 10^5 changes.
    pub fn begin(&mut self) {
        self.journal = Some(Vec::new());
    }

    /// Keeps the writes since [`Board::begin`].
    pub fn commit(&mut self) {
        self.journal = None;
    }

    /// Undoes every write since [`Board::begin`].
    pub fn rollback(&mut self) {
        let Some(journal) = self.journal.take() else { return };
        for (c, before) in journal.into_iter().rev() {
            let cell = match before {
                Some(cell) => cell,
                None => self.fill.cell(&c),
            };
            self.set(&c, cell);
        }
    }

    /// Puts `cell` on `c`, keeping the map normalised and every index in step.
    pub fn set(&mut self, c: &Coord, cell: Cell) {
        if let Some(journal) = &mut self.journal {
            journal.push((c.clone(), self.changes.get(c).cloned()));
        }
        if let Some(old) = self.changes.remove(c) {
            self.unindex(c, &old);
        }
        if cell != self.fill.cell(c) {
            self.index(c, &cell);
            self.changes.insert(c.clone(), cell);
        }
    }

    fn entry_hash(c: &Coord, cell: &Cell) -> u128 {
        let mut a = DefaultHasher::new();
        (0u8, c, cell).hash(&mut a);
        let mut b = DefaultHasher::new();
        (1u8, c, cell).hash(&mut b);
        (u128::from(a.finish()) << 64) | u128::from(b.finish())
    }

    fn index(&mut self, c: &Coord, cell: &Cell) {
        self.hash ^= Board::entry_hash(c, cell);
        for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
            let (key, pos, _) = line_of(c, dx, dy);
            let line = self.lines.entry(key).or_default();
            if cell.is_some() {
                line.units.insert(pos);
            } else {
                line.add_empty(&pos);
            }
        }
        self.columns.entry((c.x.clone(), c.y.clone())).or_default().insert(c.clone());
    }

    fn unindex(&mut self, c: &Coord, cell: &Cell) {
        self.hash ^= Board::entry_hash(c, cell);
        for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
            let (key, pos, _) = line_of(c, dx, dy);
            if let Some(line) = self.lines.get_mut(&key) {
                if cell.is_some() {
                    line.units.remove(&pos);
                } else {
                    line.remove_empty(&pos);
                }
                if line.is_empty() {
                    self.lines.remove(&key);
                }
            }
        }
        let column = (c.x.clone(), c.y.clone());
        if let Some(set) = self.columns.get_mut(&column) {
            set.remove(c);
            if set.is_empty() {
                self.columns.remove(&column);
            }
        }
    }

    /// The first `want` occupied squares along `origin + k·(dx, dy)` for `1 ≤ k ≤ kmax`
    /// (`None` = unbounded), treating `vacated` as empty. The work is a few ordered-map lookups
    /// per square returned, never proportional to the distance travelled, whatever the size of
    /// the coordinates.
    #[must_use]
    pub fn scan(
        &self,
        origin: &Coord,
        (dx, dy): (i64, i64),
        kmax: Option<&Int>,
        want: usize,
        vacated: Option<&Coord>,
    ) -> Vec<Hit> {
        let (key, pos0, step) = line_of(origin, dx, dy);
        let line = self.lines.get(&key);
        let mut found = Vec::new();
        let mut k = Int::ONE;
        // Bounded: every pass either returns a square, jumps over a whole run, or steps over
        // one of the at most four default-empty squares a column or diagonal crosses in a band
        // (or an emptied selection slot); the cap only guards against a logic error.
        for _ in 0..256 {
            work::add(1);
            if found.len() >= want || kmax.is_some_and(|m| k > *m) {
                break;
            }
            let at = origin.offset(dx, dy, &k);
            let pos = if step > 0 { &pos0 + &k } else { &pos0 - &k };
            if vacated == Some(&at) {
                k = k + 1;
                continue;
            }
            if let Some((a, b)) = line.and_then(|l| l.run_containing(&pos)) {
                let far = if step > 0 { b - &pos } else { &pos - a };
                k = k + far + 1;
                continue;
            }
            if line.is_some_and(|l| l.units.contains(&pos)) {
                found.push(Hit { k: k.clone(), at });
                k = k + 1;
                continue;
            }
            if self.changes.contains_key(&at) {
                // Changed but neither a run nor a unit cannot happen; step on rather than loop.
                k = k + 1;
                continue;
            }
            if self.fill.occupied(&at) {
                found.push(Hit { k: k.clone(), at });
                k = k + 1;
                continue;
            }
            // A default-empty square. Along a band row with `band_empty` the whole line is empty
            // by default: the next occupied square is the next changed unit, if any.
            if dy == 0 && self.fill.row_empty(&at.y) {
                let next = line.and_then(|l| {
                    let mut it: Box<dyn Iterator<Item = &Int>> = if step > 0 {
                        Box::new(l.units.range(&pos..))
                    } else {
                        Box::new(l.units.range(..=&pos).rev())
                    };
                    it.find(|p| {
                        vacated.is_none_or(|v| v.y != at.y || v.x != **p || v.layer != at.layer)
                    })
                    .cloned()
                });
                match next {
                    Some(p) => k = k + (&p - &pos).abs(),
                    None => break,
                }
                continue;
            }
            k = k + 1;
        }
        found
    }

    /// The number of occupied squares strictly between `a` and `b`, which differ in exactly one
    /// dimension of 3 and up (a line across layers, for the king face-off [I-12]); `None` when
    /// they do not lie on such a line.
    #[must_use]
    pub fn occupied_between_layers(&self, a: &Coord, b: &Coord) -> Option<Int> {
        if a.x != b.x || a.y != b.y {
            return None;
        }
        let dims = a.differing_dims(b);
        let [dim] = dims.as_slice() else { return None };
        let (va, vb) = (a.dim(dim), b.dim(dim));
        let (lo, hi) = if va < vb { (va.clone(), vb) } else { (vb, va.clone()) };
        let between = &hi - &lo - 1;
        let mut changed_empty = 0u64;
        let mut changed_units = 0u64;
        for c in self.column(&a.x, &a.y) {
            work::add(1);
            let v = c.dim(dim);
            if v > lo && v < hi && c.with_dim(dim, &va) == *a {
                if self.changes.get(c).is_some_and(Option::is_some) {
                    changed_units += 1;
                } else {
                    changed_empty += 1;
                }
            }
        }
        let unchanged = &between - &Int::from(changed_empty) - Int::from(changed_units);
        // Default occupancy along the line: empty on a band row with `band_empty`; otherwise
        // occupied except for the one main-plane square if it is an unpicked slot.
        let default_empty_unchanged = if self.fill.row_empty(&a.y) {
            unchanged.clone()
        } else {
            let main = a.with_dim(dim, 1);
            let main_between = lo < 1 && 1 < hi && main.is_main();
            Int::from(u64::from(
                main_between && !self.changes.contains_key(&main) && Fill::is_slot(&main),
            ))
        };
        Some(Int::from(changed_units) + unchanged - default_empty_unchanged)
    }
}

/// The engine's work, counted in the tests: one unit per square read ([`Board::get`],
/// [`Board::occupied`]), per step of a ray scan, per changed square of a column walked and per
/// number of a typed coordinate read ([`Coord::parse`](super::coord::Coord::parse)). The
/// property test that random turns anywhere never enumerate anything unbounded reads it. In
/// other builds counting compiles to nothing (the engine keeps no global state).
pub(crate) mod work {
    #[cfg(test)]
    thread_local! {
        static COUNT: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    }

    /// Counts `n` units of work.
    #[cfg(test)]
    pub(crate) fn add(n: u64) {
        COUNT.with(|c| c.set(c.get().saturating_add(n)));
    }

    /// Counts nothing outside the tests.
    #[cfg(not(test))]
    #[inline]
    pub(crate) fn add(_: u64) {}

    /// The work counted on this thread since the last call, and a fresh start.
    #[cfg(test)]
    pub(crate) fn take() -> u64 {
        COUNT.with(|c| c.replace(0))
    }
}
