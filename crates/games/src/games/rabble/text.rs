//! Text views of the unbounded board (spec §11.5, §11.6): the position text, a finite window
//! of one layer with what lies outside it summarised, the seed's 3-D observation (the x–z
//! slice), and one origin's targets for `/moves`. Each reads only the window it is asked for
//! and the change map; nothing infinite is iterated.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::Serialize;

use super::board::{Board, Kind, Side, Unit};
use super::coord::{Coord, Layer};
use super::game::span;
use super::geometry::{queen_path, ray_hints, reaches};
use super::int::Int;
use super::notation::{Action, Step};
use super::state::State;

/// Largest window side drawn as text (chat messages stay readable).
pub const MAX_WINDOW: i64 = 40;

/// Two characters for a square: the letter (upper case Red, lower case Blue) of the most
/// valuable member, then the stack height (2–9, `+` beyond) or a space; `. ` when empty.
#[must_use]
pub fn glyph(cell: Option<&Unit>) -> String {
    match cell {
        None => ". ".to_string(),
        Some(u) => {
            let top = u.pieces.iter().copied().max_by_key(|k| (k.value(), *k)).unwrap_or(Kind::P);
            let letter = match u.owner {
                Side::Red => top.letter(),
                Side::Blue => top.letter().to_ascii_lowercase(),
            };
            let height = match u.pieces.len() {
                1 => ' ',
                n @ 2..=9 => char::from_digit(u32::try_from(n).unwrap_or(9), 10).unwrap_or('+'),
                _ => '+',
            };
            format!("{letter}{height}")
        }
    }
}

/// The window `x0..=x1 × y0..=y1` of `layer`, top row first (Blue's side at the top), with
/// column and row labels, the red and blue lines and the axis marked, then the changed units of
/// this layer outside the window (nearest first) and a count of changes per other layer. At
/// most [`MAX_WINDOW`] squares a side, anywhere on the board.
#[must_use]
pub fn window(board: &Board, layer: &Layer, (x0, x1): (Int, Int), (y0, y1): (Int, Int)) -> String {
    let x1 = &x0 + span(&x0, &x1, MAX_WINDOW);
    let y0 = &y1 - span(&y0, &y1, MAX_WINDOW);
    let mut out = String::new();
    let label_width = [&x0, &x1, &y0, &y1].iter().map(|v| v.to_string().len()).max().unwrap_or(1);
    let _ = writeln!(out, "layer z={}{}", layer.z, hi_text(layer));
    let mut head = " ".repeat(label_width + 1);
    for i in 0..=span(&x0, &x1, MAX_WINDOW) {
        let s = (&x0 + i).to_string();
        head.push_str(&s[s.len().saturating_sub(2)..]);
        if s.len() < 2 {
            head.push(' ');
        }
    }
    let _ = writeln!(out, "{}", head.trim_end());
    for j in (0..=span(&y0, &y1, MAX_WINDOW)).rev() {
        let y = &y0 + j;
        let mut line = format!("{:>label_width$} ", y.to_string());
        for i in 0..=span(&x0, &x1, MAX_WINDOW) {
            let c = Coord { x: &x0 + i, y: y.clone(), layer: layer.clone() };
            line.push_str(&glyph(board.get(&c).as_ref()));
        }
        let mark = match y.to_i64() {
            Some(9) => "  ── blue line below",
            Some(7) => "  ══ axis below",
            Some(5) => "  ── red line below",
            _ => "",
        };
        let _ = writeln!(out, "{}{mark}", line.trim_end());
    }
    // Outside the window: changed units of this layer, nearest first; other layers' counts.
    let mut outside: Vec<(Int, &Coord, &Unit)> = Vec::new();
    let mut layers: BTreeMap<&Layer, usize> = BTreeMap::new();
    for (c, cell) in board.changes() {
        if c.layer != *layer {
            *layers.entry(&c.layer).or_default() += 1;
            continue;
        }
        if c.x.between(&x0, &x1) && c.y.between(&y0, &y1) {
            continue;
        }
        if let Some(u) = cell {
            let dx = distance_out(&c.x, &x0, &x1);
            let dy = distance_out(&c.y, &y0, &y1);
            outside.push((dx.max(dy), c, u));
        }
    }
    outside.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(b.1)));
    if !outside.is_empty() {
        let shown: Vec<String> =
            outside.iter().take(8).map(|(_, c, u)| format!("{} {c}", u.letters())).collect();
        let more = outside.len().saturating_sub(8);
        let _ = write!(out, "outside the window: {}", shown.join(", "));
        if more > 0 {
            let _ = write!(out, " and {more} more");
        }
        out.push('\n');
    }
    for (l, n) in layers {
        let _ = writeln!(out, "layer z={}{}: {n} changed squares", l.z, hi_text(l));
    }
    out
}

/// How far `v` lies outside `lo..=hi` (0 inside).
fn distance_out(v: &Int, lo: &Int, hi: &Int) -> Int {
    if v < lo {
        lo - v
    } else if v > hi {
        v - hi
    } else {
        Int::ZERO
    }
}

fn hi_text(layer: &Layer) -> String {
    layer.hi.iter().map(|(d, v)| format!(", w{d}={v}")).collect()
}

/// The seed's 3-D observation (三維坐標觀察系統): the x–z slice at row `y`, z from `z1` at the
/// top down to `z0`, x from `x0` to `x1`; z = 1 (the main plane) is marked.
#[must_use]
pub fn side_view(board: &Board, y: &Int, (x0, x1): (Int, Int), (z0, z1): (Int, Int)) -> String {
    let x1 = &x0 + span(&x0, &x1, MAX_WINDOW);
    let z0 = &z1 - span(&z0, &z1, MAX_WINDOW);
    let mut out = format!("row y={y}, x {x0}..{x1}, z {z0}..{z1}\n");
    for k in (0..=span(&z0, &z1, MAX_WINDOW)).rev() {
        let z = &z0 + k;
        let mut line = format!("z={:>3} ", z.to_string());
        for i in 0..=span(&x0, &x1, MAX_WINDOW) {
            line.push_str(&glyph(board.get(&Coord::xyz(&x0 + i, y, &z)).as_ref()));
        }
        let mark = if z == 1 { "  ← main plane" } else { "" };
        let _ = writeln!(out, "{}{mark}", line.trim_end());
    }
    out
}

/// Widest block the 3-D observation shows, in columns and in rows.
pub const OBSERVE_SIDE: i64 = 12;
/// Most layers the 3-D observation shows at once.
pub const OBSERVE_LAYERS: i64 = 9;

/// The seed's 3-D observation (三維坐標觀察系統: 「這個界面可以顯示在某個指定的(x,y)坐標範圍中,
/// z軸棋子的位置」): a block of columns and rows seen through a range of layers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Observation {
    /// The block's columns.
    pub x: (Int, Int),
    /// The block's rows.
    pub y: (Int, Int),
    /// The layers shown (all higher dimensions 1).
    pub z: (Int, Int),
    /// One grid per layer, the top layer (`z.1`) first; rows from `y.0` up, `None` when empty.
    pub layers: Vec<(Int, Vec<Vec<Option<Unit>>>)>,
    /// The changed squares of the block within the layers shown, in coordinate order, with what
    /// stands there now.
    pub changed: Vec<(Coord, Option<Unit>)>,
    /// Other layers with changes in this block (outside `z`, or with a higher dimension not 1),
    /// with their counts.
    pub elsewhere: Vec<(Layer, usize)>,
}

/// A block's columns and rows, and its layers when given, as `/view z` reads them.
pub type Slice = ((Int, Int), (Int, Int), Option<(Int, Int)>);

/// Why a `/view z` slice does not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SliceError {
    /// Not two or three ranges.
    #[error("write the columns, the rows and optionally the layers, e.g. `1..8 1..4 -1..3`")]
    Count,
    /// A range that is not `a..b` of integers.
    #[error("`{word}` is not a range of {axis} (write a..b)")]
    Range {
        /// The range as typed.
        word: String,
        /// `x`, `y` or `z`.
        axis: &'static str,
    },
    /// `b < a`.
    #[error("`{word}` runs backwards: write the smaller {axis} first")]
    Backwards {
        /// The range as typed.
        word: String,
        /// `x`, `y` or `z`.
        axis: &'static str,
    },
    /// More than the observation shows at once.
    #[error("{axis} {from}..{to} is too wide: at most {widest} at a time")]
    TooWide {
        /// `x`, `y` or `z`.
        axis: &'static str,
        /// The range's start.
        from: Int,
        /// Its end.
        to: Int,
        /// The most shown.
        widest: i64,
    },
}

/// Reads `/view z` ranges: `x0..x1 y0..y1 [z0..z1]`, each optionally written `x=…`, a single
/// number standing for a range of one.
///
/// # Errors
/// A range that does not read, is reversed, or is wider than the
/// observation shows ([`OBSERVE_SIDE`] columns and rows, [`OBSERVE_LAYERS`] layers).
pub fn parse_observation(text: &str) -> Result<Slice, SliceError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    if !(2..=3).contains(&words.len()) {
        return Err(SliceError::Count);
    }
    let mut ranges = Vec::new();
    for (word, (axis, widest)) in
        words.iter().zip([("x", OBSERVE_SIDE), ("y", OBSERVE_SIDE), ("z", OBSERVE_LAYERS)])
    {
        let lower = word.to_lowercase();
        let body = lower.strip_prefix(&format!("{axis}=")).unwrap_or(&lower);
        let (a, b) = body.split_once("..").unwrap_or((body, body));
        let number = |t: &str| {
            t.parse::<Int>().map_err(|_| SliceError::Range { word: (*word).to_string(), axis })
        };
        let (a, b) = (number(a)?, number(b)?);
        if b < a {
            return Err(SliceError::Backwards { word: (*word).to_string(), axis });
        }
        if &b - &a >= widest {
            return Err(SliceError::TooWide { axis, from: a, to: b, widest });
        }
        ranges.push((a, b));
    }
    let mut ranges = ranges.into_iter();
    let (x, y) = (ranges.next().unwrap_or_default(), ranges.next().unwrap_or_default());
    Ok((x, y, ranges.next()))
}

/// The 3-D observation of the block `x × y` over the layers `z` (at most [`OBSERVE_LAYERS`]);
/// without `z`, the layers around the main plane (0..=2) widened to the block's changed layers,
/// and if that is too many, the [`OBSERVE_LAYERS`] layers centred on the main plane. Reads the
/// block's cells and its columns' changes only.
#[must_use]
pub fn observation(
    board: &Board,
    x: (Int, Int),
    y: (Int, Int),
    z: Option<(Int, Int)>,
) -> Observation {
    let (w, h) = (span(&x.0, &x.1, OBSERVE_SIDE), span(&y.0, &y.1, OBSERVE_SIDE));
    let (x1, y1) = (&x.0 + w, &y.0 + h);
    let (x, y) = ((x.0, x1), (y.0, y1));
    let mut column_changes: Vec<&Coord> = Vec::new();
    for j in 0..=h {
        for i in 0..=w {
            column_changes.extend(board.column(&(&x.0 + i), &(&y.0 + j)));
        }
    }
    let z = z.map_or_else(
        || {
            let main = column_changes.iter().filter(|c| c.layer.hi.is_empty()).map(|c| &c.layer.z);
            let lo = main.clone().min().map_or(Int::ZERO, |m| m.clone().min(Int::ZERO));
            let hi = main.max().map_or(Int::new(2), |m| m.clone().max(Int::new(2)));
            let half = OBSERVE_LAYERS / 2;
            if &hi - &lo < OBSERVE_LAYERS {
                (lo, hi)
            } else {
                (Int::new(1 - half), Int::new(1 + half))
            }
        },
        |(a, b)| (a.clone(), &a + span(&a, &b, OBSERVE_LAYERS)),
    );
    let layers = (0..=span(&z.0, &z.1, OBSERVE_LAYERS))
        .rev()
        .map(|k| {
            let zz = &z.0 + k;
            let rows = (0..=h)
                .map(|j| (0..=w).map(|i| board.get(&Coord::xyz(&x.0 + i, &y.0 + j, &zz))).collect())
                .collect();
            (zz, rows)
        })
        .collect();
    let mut changed = Vec::new();
    let mut elsewhere: BTreeMap<Layer, usize> = BTreeMap::new();
    for c in column_changes {
        if c.layer.hi.is_empty() && c.layer.z.between(&z.0, &z.1) {
            changed.push((c.clone(), board.get(c)));
        } else {
            *elsewhere.entry(c.layer.clone()).or_default() += 1;
        }
    }
    changed.sort_by(|a, b| a.0.cmp(&b.0));
    Observation { x, y, z, layers, changed, elsewhere: elsewhere.into_iter().collect() }
}

/// The observation as text: one grid per layer, top layer first, the main plane marked.
#[must_use]
pub fn observation_grids(o: &Observation) -> String {
    let mut out = String::new();
    for (z, rows) in &o.layers {
        let mark = if *z == 1 { "  ← main plane" } else { "" };
        let _ = writeln!(out, "z={z}{mark}");
        for (j, row) in rows.iter().enumerate().rev() {
            let yy = &o.y.0 + i64::try_from(j).unwrap_or(0);
            let cells: String = row.iter().map(|c| glyph(c.as_ref())).collect();
            let _ = writeln!(out, "{:>4} {}", yy.to_string(), cells.trim_end());
        }
    }
    out
}

/// One target of a unit: the step as written after its square (`>7,7`, `x7,8`, `&6,6`,
/// `z+&`), and the points the turn of that one step costs when it stacks or costs anything.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Target {
    /// The step in turn notation.
    pub step: String,
    /// What the turn costs, as the turn checker charges it ([`State::cost_of`]): given for a
    /// stacking step always, for another step when it costs points (a dimension jump).
    pub price: Option<i64>,
}

impl std::fmt::Display for Target {
    /// The step, then its price in parentheses when it has one: `&6,6 (1)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.price {
            Some(price) => write!(f, "{} ({price})", self.step),
            None => f.write_str(&self.step),
        }
    }
}

/// One ray of a unit's targets: how far it runs empty, its first blockers, and the targets on
/// it beyond the four squares listed as leaps.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RayTargets {
    /// The direction as an arrow (→ ↑ ↗ …).
    pub arrow: &'static str,
    /// Empty squares before the first blocker: `None` without end, `Some(0)` blocked at once.
    pub empty: Option<Int>,
    /// The first blockers: the unit's letters and the distance.
    pub blockers: Vec<(String, Int)>,
    /// The target at the far end of a long empty run (the empty squares before it are
    /// targets too), in turn notation.
    pub run_end: Option<Target>,
    /// The blockers it can capture or stack onto, in turn notation.
    pub targets: Vec<Target>,
}

/// Where the unit on one square can go (spec §11.5), in turn notation pieces: `>x,y` a move,
/// `xx,y` a capture, `&x,y (price)` a stack, each bare `x,y` in the unit's own layer as the
/// notation reads it (so a target costs two numbers, whatever the layer); then its rays and
/// jumps. Drops are never listed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Targets {
    /// The unit's letters.
    pub unit: String,
    /// Its square.
    pub origin: Coord,
    /// Its targets within four squares.
    pub near: Vec<Target>,
    /// Its eight rays.
    pub rays: Vec<RayTargets>,
    /// Its jumps (`z+`, `d4-&`, …, with what each turn costs when it costs anything).
    pub jumps: Vec<Target>,
    /// The first dimension above those in use, listed among the jumps: every higher one works
    /// like it (the board has no last dimension).
    pub next_dim: Int,
    /// It holds 老後, whose two-stage paths are found for any target named.
    pub queen: bool,
}

/// The targets of the unit on `origin`: its leap targets with what each would be (move,
/// capture, stack and its price), each ray with its first two occupied squares, and its jump
/// targets. Reads a 9×9 neighbourhood, the rays' first blockers and the jump squares only.
/// Prices are the turn checker's own ([`State::cost_of`]), so a listing never shows a price
/// the turn would not be charged.
///
/// # Errors
/// When `origin` is empty.
pub fn targets(state: &State, origin: &Coord) -> Result<Targets, String> {
    let board = state.board();
    let Some(unit) = board.get(origin) else {
        return Err(format!("{origin} is empty"));
    };
    let side = unit.owner;
    // One copy for pricing: the checker tries each one-step turn on it and puts it back.
    let trial = std::cell::RefCell::new(state.clone());
    let price = |step: Step| {
        let turn =
            Action::Unit { from: origin.clone(), check: None, split: None, steps: vec![step] };
        trial.borrow_mut().cost_of(side, &turn).ok()
    };
    let describe = |t: &Coord| -> Option<Target> {
        if t == origin {
            return None;
        }
        let queen = |_capture: bool| {
            unit.has(Kind::Q) && queen_path(board, origin, t, None, true).is_some()
        };
        match board.get(t) {
            None => (reaches(board, &unit.pieces, side, origin, t, false) || queen(false))
                .then(|| Target { step: format!(">{}", short(t, &origin.layer)), price: None }),
            Some(u) if u.owner != side => {
                let duel = unit.has(Kind::K) && u.has(Kind::K);
                let ok = reaches(board, &unit.pieces, side, origin, t, true)
                    || queen(true)
                    || (duel && super::geometry::face_off(board, origin, t));
                (ok && !u.has(Kind::J) && !unit.has(Kind::J))
                    .then(|| Target { step: format!("x{}", short(t, &origin.layer)), price: None })
            }
            Some(u) => {
                // A King or a Prince in either unit: no stacking.
                State::stacking_price(&unit, &u, t)?;
                (reaches(board, &unit.pieces, side, origin, t, false) || queen(false)).then(|| {
                    Target {
                        step: format!("&{}", short(t, &origin.layer)),
                        price: price(Step::Stack { to: t.clone(), via: None }),
                    }
                })
            }
        }
    };
    let mut near = Vec::new();
    for dy in (-4..=4).rev() {
        for dx in -4..=4 {
            if let Some(d) = describe(&origin.offset(dx, dy, &Int::new(1))) {
                near.push(d);
            }
        }
    }
    let mut rays = Vec::new();
    for hint in ray_hints(board, origin) {
        let run_end = hint
            .empty_to
            .as_ref()
            .filter(|a| **a > 4)
            .and_then(|a| describe(&origin.offset(hint.dir.0, hint.dir.1, a)));
        let targets =
            hint.blockers.iter().filter(|(k, _)| *k > 4).filter_map(|(_, c)| describe(c)).collect();
        let blockers = hint
            .blockers
            .iter()
            .map(|(k, c)| {
                (board.get(c).map_or_else(|| "?".to_string(), |u| u.letters()), k.clone())
            })
            .collect();
        rays.push(RayTargets {
            arrow: arrow(hint.dir),
            empty: hint.empty_to,
            blockers,
            run_end,
            targets,
        });
    }
    // Jumps: z ± 1 and every dimension in use plus the next one ("and every higher one
    // alike"); the dimensions in use are sorted, the next one is above them all.
    let next = (origin.layer.top() + 1).max(Int::new(4));
    let mut dims: Vec<Int> = origin.layer.hi.iter().map(|(d, _)| d.clone()).collect();
    dims.push(next.clone());
    let mut jumps = Vec::new();
    // The jump onto `t` (written `name`, `jump(stack)` as a step): onto an empty square, or
    // onto one's own unit with `&`, priced as the whole turn.
    let jump_to = |t: &Coord, name: String, jump: &dyn Fn(bool) -> Step| -> Option<Target> {
        let stack = match board.get(t) {
            None => false,
            Some(u) if u.owner == side => {
                State::stacking_price(&unit, &u, t)?;
                true
            }
            Some(_) => return None,
        };
        let cost = price(jump(stack));
        Some(Target {
            step: if stack { format!("{name}&") } else { name },
            price: if stack { cost } else { cost.filter(|c| *c > 0) },
        })
    };
    for up in [true, false] {
        let z = &origin.layer.z + if up { 1 } else { -1 };
        let name = format!("z{}", if up { '+' } else { '-' });
        if let Some(j) = jump_to(&origin.with_dim(3, z), name, &|stack| Step::Jump3 { up, stack }) {
            jumps.push(j);
        }
    }
    for dim in dims {
        for up in [true, false] {
            let name = format!("d{dim}{}", if up { '+' } else { '-' });
            let v = origin.dim(&dim) + if up { 1 } else { -1 };
            let jump = |stack| Step::JumpH { dim: dim.clone(), up, stack };
            if let Some(j) = jump_to(&origin.with_dim(&dim, v), name, &jump) {
                jumps.push(j);
            }
        }
    }
    Ok(Targets {
        unit: unit.letters(),
        origin: origin.clone(),
        near,
        rays,
        jumps,
        next_dim: next,
        queen: unit.has(Kind::Q),
    })
}

/// Rays that share an outcome, so that a listing says each outcome once: how far they run
/// empty (`None` without end, `Some(0)` blocked at once), then the rays in parts, each part
/// the rays with the same blockers and targets.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RayGroup {
    /// Empty squares before the first blocker, as [`RayTargets::empty`].
    pub empty: Option<Int>,
    /// The rays of this outcome, grouped by what lies on them.
    pub parts: Vec<RayPart>,
}

/// Rays of one [`RayGroup`] with the same blockers and targets.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RayPart {
    /// Their directions, as arrows, in the order of [`Targets::rays`].
    pub arrows: Vec<&'static str>,
    /// The blockers they share, as [`RayTargets::blockers`].
    pub blockers: Vec<(String, Int)>,
    /// The far end of an empty run, as [`RayTargets::run_end`].
    pub run_end: Option<Target>,
    /// The targets beyond four squares, as [`RayTargets::targets`].
    pub targets: Vec<Target>,
}

impl RayPart {
    /// Whether this part holds all eight directions.
    #[must_use]
    pub fn is_all(&self) -> bool {
        self.arrows.len() == 8
    }
}

/// The rays grouped by outcome, outcomes and parts in the order their first ray comes.
#[must_use]
pub fn grouped(rays: &[RayTargets]) -> Vec<RayGroup> {
    let mut groups: Vec<RayGroup> = Vec::new();
    for ray in rays {
        let at = match groups.iter().position(|g| g.empty == ray.empty) {
            Some(at) => at,
            None => {
                groups.push(RayGroup { empty: ray.empty.clone(), parts: Vec::new() });
                groups.len() - 1
            }
        };
        let parts = &mut groups[at].parts;
        match parts.iter_mut().find(|p| {
            p.blockers == ray.blockers && p.run_end == ray.run_end && p.targets == ray.targets
        }) {
            Some(part) => part.arrows.push(ray.arrow),
            None => parts.push(RayPart {
                arrows: vec![ray.arrow],
                blockers: ray.blockers.clone(),
                run_end: ray.run_end.clone(),
                targets: ray.targets.clone(),
            }),
        }
    }
    groups
}

/// What `/moves <coord>` shows for the unit on `origin`, in English (the CLI's `moves
/// --from`): [`targets`] as lines.
///
/// # Errors
/// When `origin` is empty.
pub fn moves(state: &State, origin: &Coord) -> Result<String, String> {
    let t = targets(state, origin)?;
    let mut out = format!("{} on {}:\n", t.unit, t.origin);
    let _ = writeln!(
        out,
        "within 4 squares: {}",
        if t.near.is_empty() { "nothing".to_string() } else { joined(&t.near) }
    );
    // Each outcome once, with the directions that share it.
    for group in grouped(&t.rays) {
        let reach = match &group.empty {
            None => "empty without end".to_string(),
            Some(a) if a.is_zero() => "blocked at once".to_string(),
            Some(a) => format!("empty for {a}"),
        };
        let parts: Vec<String> = group
            .parts
            .iter()
            .map(|part| {
                let mut text = if part.is_all() {
                    "all 8 directions".to_string()
                } else {
                    part.arrows.join(" ")
                };
                let mut details = Vec::new();
                if !part.blockers.is_empty() {
                    let blockers: Vec<String> =
                        part.blockers.iter().map(|(u, k)| format!("{u} at {k}")).collect();
                    details.push(format!("then {}", blockers.join(", ")));
                }
                let mut targets: Vec<String> = part
                    .run_end
                    .iter()
                    .map(|d| format!("{d} (…and the empty squares before it)"))
                    .collect();
                targets.extend(part.targets.iter().map(ToString::to_string));
                if !targets.is_empty() {
                    details.push(format!("reaches {}", targets.join(" ")));
                }
                if !details.is_empty() {
                    let _ = write!(text, " ({})", details.join("; "));
                }
                text
            })
            .collect();
        let _ = writeln!(out, "{reach}: {}", parts.join("; "));
    }
    let jumps = if t.jumps.is_empty() { "none".to_string() } else { joined(&t.jumps) };
    let _ = writeln!(
        out,
        "jumps: {jumps} (in parentheses what the turn costs; every higher dimension works like d{})",
        t.next_dim
    );
    if t.queen {
        out.push_str("老後: name any target; the referee finds a slide-and-step path\n");
    }
    Ok(out)
}

/// Targets as text, space-separated (`x7,8 &6,6 (1)`).
#[must_use]
pub fn joined(targets: &[Target]) -> String {
    targets.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
}

/// A target as a turn names it: bare `x,y` in the acting unit's layer (which the notation
/// reads as that layer, whatever it is), the whole square elsewhere.
fn short(c: &Coord, layer: &Layer) -> String {
    if c.layer == *layer { format!("{},{}", c.x, c.y) } else { c.to_string() }
}

fn arrow((dx, dy): (i64, i64)) -> &'static str {
    match (dx, dy) {
        (1, 0) => "→",
        (-1, 0) => "←",
        (0, 1) => "↑",
        (0, -1) => "↓",
        (1, 1) => "↗",
        (-1, 1) => "↖",
        (1, -1) => "↘",
        _ => "↙",
    }
}
