//! Coordinates of the unbounded board ([I-1] in `docs/rabble.md`).
//!
//! A square is `(x, y, z, w4, w5, …)`: every component an integer, and every component from w4
//! on equal to 1 except finitely many. Every component and every dimension index is an exact
//! [`Int`] of any size (decision 21); the higher dimensions are a sorted list of
//! `(dimension, value)` holding only values that are not 1, so a coordinate in a million
//! dimensions costs as little as one in three.

use std::fmt;
use std::hash::{Hash, Hasher};

use serde::{Deserialize, Serialize};

pub use super::int::Int;

/// How much of a refused coordinate or turn its refusal repeats (characters).
pub const EXCERPT_CHARS: usize = 60;

/// A layer (位面): everything in a coordinate but x and y.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Layer {
    /// The third coordinate; the main plane has z = 1.
    pub z: Int,
    /// Dimensions 4 and up whose value is not 1, sorted by dimension, each dimension once.
    pub hi: Vec<(Int, Int)>,
}

impl Hash for Layer {
    /// Hashes as the derived hash of `{ z: i64, hi: Vec<(u32, i64)> }` did while the values fit
    /// those types, so the repetition keys of stored positions stay valid.
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.z.hash(state);
        self.hi.len().hash(state);
        for (d, v) in &self.hi {
            match d.to_u32() {
                Some(d) => d.hash(state),
                None => d.hash(state),
            }
            v.hash(state);
        }
    }
}

impl Layer {
    /// The main layer: z = 1 and every higher coordinate 1.
    #[must_use]
    pub fn main() -> Layer {
        Layer { z: Int::ONE, hi: Vec::new() }
    }

    /// Whether this is the main layer (主位面).
    #[must_use]
    pub fn is_main(&self) -> bool {
        self.z == 1 && self.hi.is_empty()
    }

    /// The highest dimension in use: 3, or the highest w whose value is not 1.
    #[must_use]
    pub fn top(&self) -> Int {
        self.hi.last().map_or(Int::new(3), |(d, _)| d.clone())
    }
}

/// One square of the board.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Coord {
    /// File: increases to Red's right.
    pub x: Int,
    /// Row: increases towards Blue.
    pub y: Int,
    /// Everything else.
    pub layer: Layer,
}

/// Why a coordinate could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CoordError {
    /// Not a coordinate at all.
    #[error("`{0}` is not a coordinate: write x,y or x,y,z (for example 7,6 or 7,6,2)")]
    Syntax(String),
    /// A transfinite value.
    #[error(
        "`{0}`: ω-coordinates are notation only; write the finite part, e.g. (……0——9,4,1) or 9,4,1"
    )]
    Omega(String),
    /// A non-zero entry before `——` in the long form.
    #[error(
        "`{0}`: in the long form every entry before —— must be 0; anything else names a transfinite square, which this board does not have"
    )]
    Transfinite(String),
}

impl CoordError {
    /// The wording key of this refusal at the table (`rb-err-coord-<key>`).
    #[must_use]
    pub fn key(&self) -> &'static str {
        match self {
            CoordError::Syntax(_) => "syntax",
            CoordError::Omega(_) => "omega",
            CoordError::Transfinite(_) => "transfinite",
        }
    }

    /// The coordinate as typed, cut after [`EXCERPT_CHARS`] characters.
    #[must_use]
    pub fn text(&self) -> &str {
        match self {
            CoordError::Syntax(t) | CoordError::Omega(t) | CoordError::Transfinite(t) => t,
        }
    }
}

/// `text` as a refusal repeats it: whole up to [`EXCERPT_CHARS`] characters, else their first
/// ones and `…`, so that no refusal grows with what was typed.
#[must_use]
pub fn excerpt(text: &str) -> String {
    match text.char_indices().nth(EXCERPT_CHARS) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

impl Coord {
    /// A square of the main plane.
    #[must_use]
    pub fn main(x: impl Into<Int>, y: impl Into<Int>) -> Coord {
        Coord { x: x.into(), y: y.into(), layer: Layer::main() }
    }

    /// A square of layer z (all higher coordinates 1).
    #[must_use]
    pub fn xyz(x: impl Into<Int>, y: impl Into<Int>, z: impl Into<Int>) -> Coord {
        Coord { x: x.into(), y: y.into(), layer: Layer { z: z.into(), hi: Vec::new() } }
    }

    /// Whether the square lies on the main plane.
    #[must_use]
    pub fn is_main(&self) -> bool {
        self.layer.is_main()
    }

    /// The value of dimension `dim` (1 = x, 2 = y, 3 = z, 4 and up = w); a binary search among
    /// the higher dimensions in use.
    #[must_use]
    pub fn dim(&self, dim: impl Into<Int>) -> Int {
        let dim = dim.into();
        match dim.to_i64() {
            Some(1) => self.x.clone(),
            Some(2) => self.y.clone(),
            Some(3) => self.layer.z.clone(),
            _ => match self.layer.hi.binary_search_by(|(d, _)| d.cmp(&dim)) {
                Ok(i) => self.layer.hi[i].1.clone(),
                Err(_) => Int::ONE,
            },
        }
    }

    /// The same square with dimension `dim` set to `value` (kept normalised: a higher dimension
    /// set to 1 disappears from the list).
    #[must_use]
    pub fn with_dim(&self, dim: impl Into<Int>, value: impl Into<Int>) -> Coord {
        let (dim, value) = (dim.into(), value.into());
        let mut c = self.clone();
        match dim.to_i64() {
            Some(1) => c.x = value,
            Some(2) => c.y = value,
            Some(3) => c.layer.z = value,
            _ => match c.layer.hi.binary_search_by(|(d, _)| d.cmp(&dim)) {
                Ok(i) if value == 1 => {
                    c.layer.hi.remove(i);
                }
                Ok(i) => c.layer.hi[i].1 = value,
                Err(_) if value == 1 => {}
                Err(i) => c.layer.hi.insert(i, (dim, value)),
            },
        }
        c
    }

    /// The same layer, another (x, y).
    #[must_use]
    pub fn at(&self, x: impl Into<Int>, y: impl Into<Int>) -> Coord {
        Coord { x: x.into(), y: y.into(), layer: self.layer.clone() }
    }

    /// `self + k·(dx, dy)` in the same layer, exact at any distance.
    #[must_use]
    pub fn offset(&self, dx: i64, dy: i64, k: &Int) -> Coord {
        let step = |v: &Int, d: i64| match d {
            0 => v.clone(),
            1 => v + k,
            -1 => v - k,
            _ => v + &(k * d),
        };
        Coord { x: step(&self.x, dx), y: step(&self.y, dy), layer: self.layer.clone() }
    }

    /// The dimensions (3 and up) in which `self` and `other` differ, when x and y agree: a
    /// merge of the two sorted lists, linear in the dimensions in use.
    #[must_use]
    pub fn differing_dims(&self, other: &Coord) -> Vec<Int> {
        let mut out = Vec::new();
        if self.layer.z != other.layer.z {
            out.push(Int::new(3));
        }
        let (a, b) = (&self.layer.hi, &other.layer.hi);
        let (mut i, mut j) = (0, 0);
        while i < a.len() || j < b.len() {
            let order = match (a.get(i), b.get(j)) {
                (Some(p), Some(q)) => p.0.cmp(&q.0),
                (Some(_), None) => std::cmp::Ordering::Less,
                _ => std::cmp::Ordering::Greater,
            };
            match order {
                std::cmp::Ordering::Less => {
                    out.push(a[i].0.clone());
                    i += 1;
                }
                std::cmp::Ordering::Greater => {
                    out.push(b[j].0.clone());
                    j += 1;
                }
                std::cmp::Ordering::Equal => {
                    if a[i].1 != b[j].1 {
                        out.push(a[i].0.clone());
                    }
                    i += 1;
                    j += 1;
                }
            }
        }
        out
    }

    /// Reads a coordinate: `x,y`, `x,y,z`, `x,y,z,w4,…` (trailing 1s optional), keyed higher
    /// dimensions `x,y,z;d9=2`, optional parentheses, and the seed's long form
    /// `(……0,0——9,4,1,1……)` when every entry before `——` is 0.
    ///
    /// Any number of numbers of any length, and any dimension from 4 up, are read exactly
    /// (decision 21): what bounds the input is the message that carries it. The work is
    /// linear in the text but for one sort of the keyed dimensions and the big-integer
    /// conversion of numbers beyond 18 digits. A keyed dimension named twice, or named both
    /// positionally and keyed, takes its last value. A refusal repeats at most
    /// [`EXCERPT_CHARS`] characters of the text.
    ///
    /// # Errors
    /// A [`CoordError`] saying what is wrong.
    pub fn parse(text: &str) -> Result<Coord, CoordError> {
        let original = text.trim();
        let err = || CoordError::Syntax(excerpt(original));
        if original.contains(['ω', 'Ω']) {
            return Err(CoordError::Omega(excerpt(original)));
        }
        let mut s = original
            .trim_start_matches(['(', '（'])
            .trim_end_matches([')', '）'])
            .replace('，', ",")
            .replace('；', ";");
        // The long form: "……0,0,0——9,4,1,1……".
        for dash in ["——", "—", "--"] {
            if let Some((before, after)) = s.split_once(dash) {
                let before = strip_dots(before);
                for entry in before.split(',').map(str::trim).filter(|e| !e.is_empty()) {
                    if !parse_value(entry, original)?.is_zero() {
                        return Err(CoordError::Transfinite(excerpt(original)));
                    }
                }
                s = strip_dots(after).to_string();
                break;
            }
        }
        let (positional, keyed) = s.split_once(';').unwrap_or((s.as_str(), ""));
        let (mut x, mut y, mut z) = (Int::ZERO, Int::ZERO, Int::ONE);
        // Higher dimensions in the order given: positional ones (sorted, each once), then the
        // keyed ones; sorted stably by dimension below, the last of each dimension wins.
        let mut hi: Vec<(Int, Int)> = Vec::new();
        let mut named: u64 = 0;
        for entry in positional.split(',') {
            named += 1;
            let v = parse_value(entry.trim(), original)?;
            match named {
                1 => x = v,
                2 => y = v,
                3 => z = v,
                dim if v != 1 => hi.push((Int::from(dim), v)),
                _ => {}
            }
        }
        if named < 2 {
            return Err(err());
        }
        let mut any_keyed = false;
        for entry in keyed.split([',', ';']).map(str::trim).filter(|e| !e.is_empty()) {
            let (d, v) =
                entry.trim_start_matches(['d', 'D', 'w', 'W']).split_once('=').ok_or_else(err)?;
            let d = d.trim();
            if d.is_empty() || !d.bytes().all(|b| b.is_ascii_digit()) {
                return Err(err());
            }
            let dim: Int = d.parse().map_err(|_| err())?;
            if dim < 4 {
                return Err(err());
            }
            hi.push((dim, parse_value(v.trim(), original)?));
            any_keyed = true;
        }
        if any_keyed {
            hi.sort_by(|a, b| a.0.cmp(&b.0));
            let mut merged: Vec<(Int, Int)> = Vec::with_capacity(hi.len());
            for (d, v) in hi {
                match merged.last_mut() {
                    Some(last) if last.0 == d => last.1 = v,
                    _ => merged.push((d, v)),
                }
            }
            merged.retain(|(_, v)| *v != 1);
            hi = merged;
        }
        Ok(Coord { x, y, layer: Layer { z, hi } })
    }

    /// The seed's long notation, `(……0——9,4,1,2,1……)`, for flavour: every dimension up to the
    /// highest one in use written out, then a 1 for the dimensions left (which [`Coord::parse`]
    /// reads back). Beyond w16 the higher dimensions are keyed instead
    /// (`(……0——9,4,1;d20=2……)`), so the text never grows with the dimension's number.
    #[must_use]
    pub fn long_form(&self) -> String {
        let top = self.layer.top();
        if top > 16 {
            let short = self.to_string();
            return format!("(……0——{}……)", &short[1..short.len() - 1]);
        }
        let top = top.to_i64().unwrap_or(3);
        let values: Vec<String> = (1..=top).map(|d| self.dim(d).to_string()).collect();
        format!("(……0——{},1……)", values.join(","))
    }
}

fn strip_dots(s: &str) -> &str {
    s.trim().trim_matches(|c| c == '…' || c == '.' || c == '，' || c == ',').trim()
}

/// One number of a coordinate: an optional sign and decimal digits, any length. Counted as
/// one unit of the engine's work.
fn parse_value(text: &str, original: &str) -> Result<Int, CoordError> {
    super::board::work::add(1);
    text.parse().map_err(|_| CoordError::Syntax(excerpt(original)))
}

/// Higher dimensions up to this one print positionally; beyond it they print keyed (`;d9=2`).
pub const POSITIONAL_DIMS: i64 = 8;

impl fmt::Display for Coord {
    /// The short form: `(9,4,1)`, `(9,4,1,2)` with a 4th coordinate, `(9,4,1;d20=2)` for a
    /// sparse high dimension. Every number is written whole.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{},{}", self.x, self.y, self.layer.z)?;
        let top = self.layer.top();
        if top <= POSITIONAL_DIMS {
            let mut hi = self.layer.hi.iter().peekable();
            for dim in 4..=top.to_i64().unwrap_or(3) {
                match hi.next_if(|(d, _)| *d == dim) {
                    Some((_, v)) => write!(f, ",{v}")?,
                    None => write!(f, ",1")?,
                }
            }
        } else {
            let mut sep = ';';
            for (d, v) in &self.layer.hi {
                write!(f, "{sep}d{d}={v}")?;
                sep = ',';
            }
        }
        write!(f, ")")
    }
}
