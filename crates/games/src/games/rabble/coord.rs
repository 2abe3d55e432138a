//! Coordinates of the unbounded board ([I-1] in `../shared/specs/rabble.md`).
//!
//! A square is `(x, y, z, w4, w5, …)`: every component an integer, and every component from w4
//! on equal to 1 except finitely many. `x`, `y` and `z` are stored as `i64`; the higher
//! dimensions as a sorted list of `(dimension, value)` holding only values that are not 1, so a
//! coordinate in a million dimensions costs as little as one in three.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Largest absolute value accepted in typed input (a sanity cap, not a rule).
pub const MAX_VALUE: i64 = 1_000_000_000_000_000;
/// Most digits one number of a coordinate may have (10^15 has 16), leading zeros included.
pub const MAX_DIGITS: usize = 16;
/// The dimensions a coordinate may name and a jump may use: x, y, z and w4 … w16. A fixed bound
/// for fair use, the same in every game (docs/rabble.md, decision 21): a square costs at most
/// 16 numbers to read, print and list, whatever anyone types.
pub const MAX_DIM: u32 = 16;
/// How much of a refused coordinate or turn its refusal repeats (characters).
pub const EXCERPT_CHARS: usize = 60;

/// A layer (位面): everything in a coordinate but x and y.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Layer {
    /// The third coordinate; the main plane has z = 1.
    pub z: i64,
    /// Dimensions 4 and up whose value is not 1, sorted by dimension.
    pub hi: Vec<(u32, i64)>,
}

impl Layer {
    /// The main layer: z = 1 and every higher coordinate 1.
    #[must_use]
    pub fn main() -> Layer {
        Layer { z: 1, hi: Vec::new() }
    }

    /// Whether this is the main layer (主位面).
    #[must_use]
    pub fn is_main(&self) -> bool {
        self.z == 1 && self.hi.is_empty()
    }
}

/// One square of the board.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Coord {
    /// File: increases to Red's right.
    pub x: i64,
    /// Row: increases towards Blue.
    pub y: i64,
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
    /// A number beyond ±10^15 or longer than [`MAX_DIGITS`].
    #[error("`{0}` is too far out: each number of a square has at most 16 digits, within ±10^15")]
    TooLarge(String),
    /// More than [`MAX_DIM`] dimensions, or a dimension above it.
    #[error(
        "`{0}` names too many dimensions: a square has at most 16 (x, y, z and w4 to w16), in every game"
    )]
    TooManyDims(String),
}

impl CoordError {
    /// The wording key of this refusal at the table (`rb-err-coord-<key>`).
    #[must_use]
    pub fn key(&self) -> &'static str {
        match self {
            CoordError::Syntax(_) => "syntax",
            CoordError::Omega(_) => "omega",
            CoordError::Transfinite(_) => "transfinite",
            CoordError::TooLarge(_) => "too-large",
            CoordError::TooManyDims(_) => "too-many-dims",
        }
    }

    /// The coordinate as typed, cut after [`EXCERPT_CHARS`] characters.
    #[must_use]
    pub fn text(&self) -> &str {
        match self {
            CoordError::Syntax(t)
            | CoordError::Omega(t)
            | CoordError::Transfinite(t)
            | CoordError::TooLarge(t)
            | CoordError::TooManyDims(t) => t,
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
    pub fn main(x: i64, y: i64) -> Coord {
        Coord { x, y, layer: Layer::main() }
    }

    /// A square of layer z (all higher coordinates 1).
    #[must_use]
    pub fn xyz(x: i64, y: i64, z: i64) -> Coord {
        Coord { x, y, layer: Layer { z, hi: Vec::new() } }
    }

    /// Whether the square lies on the main plane.
    #[must_use]
    pub fn is_main(&self) -> bool {
        self.layer.is_main()
    }

    /// The value of dimension `dim` (1 = x, 2 = y, 3 = z, 4 and up = w).
    #[must_use]
    pub fn dim(&self, dim: u32) -> i64 {
        match dim {
            1 => self.x,
            2 => self.y,
            3 => self.layer.z,
            _ => self.layer.hi.iter().find(|(d, _)| *d == dim).map_or(1, |(_, v)| *v),
        }
    }

    /// The same square with dimension `dim` set to `value` (kept normalised: a higher dimension
    /// set to 1 disappears from the list).
    #[must_use]
    pub fn with_dim(&self, dim: u32, value: i64) -> Coord {
        let mut c = self.clone();
        match dim {
            1 => c.x = value,
            2 => c.y = value,
            3 => c.layer.z = value,
            _ => {
                c.layer.hi.retain(|(d, _)| *d != dim);
                if value != 1 {
                    c.layer.hi.push((dim, value));
                    c.layer.hi.sort_unstable();
                }
            }
        }
        c
    }

    /// The same layer, another (x, y).
    #[must_use]
    pub fn at(&self, x: i64, y: i64) -> Coord {
        Coord { x, y, layer: self.layer.clone() }
    }

    /// `self + k·(dx, dy)` in the same layer, or `None` on `i64` overflow.
    #[must_use]
    pub fn offset(&self, dx: i64, dy: i64, k: i64) -> Option<Coord> {
        let x = self.x.checked_add(dx.checked_mul(k)?)?;
        let y = self.y.checked_add(dy.checked_mul(k)?)?;
        Some(self.at(x, y))
    }

    /// The dimensions (3 and up) in which `self` and `other` differ, when x and y agree.
    #[must_use]
    pub fn differing_dims(&self, other: &Coord) -> Vec<u32> {
        let mut out = Vec::new();
        if self.layer.z != other.layer.z {
            out.push(3);
        }
        let mut dims: Vec<u32> =
            self.layer.hi.iter().chain(&other.layer.hi).map(|(d, _)| *d).collect();
        dims.sort_unstable();
        dims.dedup();
        for d in dims {
            if self.dim(d) != other.dim(d) {
                out.push(d);
            }
        }
        out
    }

    /// Reads a coordinate: `x,y`, `x,y,z`, `x,y,z,w4,…` (trailing 1s optional), keyed higher
    /// dimensions `x,y,z;d9=2`, optional parentheses, and the seed's long form
    /// `(……0,0——9,4,1,1……)` when every entry before `——` is 0.
    ///
    /// At most [`MAX_DIM`] numbers are named (x, y, z and w4 … w16), each of at most
    /// [`MAX_DIGITS`] digits within ±[`MAX_VALUE`]; reading stops at the first number over the
    /// bound, so the work does not grow with what follows it. A refusal repeats at most
    /// [`EXCERPT_CHARS`] characters of the text.
    ///
    /// # Errors
    /// A [`CoordError`] saying what is wrong.
    pub fn parse(text: &str) -> Result<Coord, CoordError> {
        let original = text.trim();
        let err = || CoordError::Syntax(excerpt(original));
        let too_many = || CoordError::TooManyDims(excerpt(original));
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
                let entries = before.split(',').map(str::trim).filter(|e| !e.is_empty());
                for (i, entry) in entries.enumerate() {
                    if i >= MAX_DIM as usize {
                        return Err(too_many());
                    }
                    super::board::work::add(1);
                    let v: i64 = entry.parse().map_err(|_| err())?;
                    if v != 0 {
                        return Err(CoordError::Transfinite(excerpt(original)));
                    }
                }
                s = strip_dots(after).to_string();
                break;
            }
        }
        let (positional, keyed) = s.split_once(';').unwrap_or((s.as_str(), ""));
        // Named so far: x, y, z, w4, … positionally, then any keyed ones.
        let mut named: u32 = 0;
        let (mut x, mut y, mut z) = (0, 0, 1);
        let mut hi = Vec::new();
        for entry in positional.split(',') {
            named += 1;
            if named > MAX_DIM {
                return Err(too_many());
            }
            let v = parse_value(entry.trim(), original)?;
            match named {
                1 => x = v,
                2 => y = v,
                3 => z = v,
                dim if v != 1 => hi.push((dim, v)),
                _ => {}
            }
        }
        if named < 2 {
            return Err(err());
        }
        let mut c = Coord { x, y, layer: Layer { z, hi } };
        for entry in keyed.split([',', ';']).map(str::trim).filter(|e| !e.is_empty()) {
            named += 1;
            if named > MAX_DIM {
                return Err(too_many());
            }
            let (d, v) =
                entry.trim_start_matches(['d', 'D', 'w', 'W']).split_once('=').ok_or_else(err)?;
            let d = d.trim();
            if d.is_empty() || !d.bytes().all(|b| b.is_ascii_digit()) {
                return Err(err());
            }
            // Digits only: a number too big for `u32` is a dimension beyond the bound.
            let dim = d.parse::<u32>().unwrap_or(u32::MAX);
            if dim < 4 {
                return Err(err());
            }
            if dim > MAX_DIM {
                return Err(too_many());
            }
            c = c.with_dim(dim, parse_value(v.trim(), original)?);
        }
        Ok(c)
    }

    /// The seed's long notation, `(……0——9,4,1,2,1……)`, for flavour: every dimension up to the
    /// highest one in use written out, then a 1 when there are dimensions left (which
    /// [`Coord::parse`] reads back).
    #[must_use]
    pub fn long_form(&self) -> String {
        let top = self.layer.hi.last().map_or(3, |(d, _)| *d).max(3);
        let values: Vec<String> = (1..=top).map(|d| self.dim(d).to_string()).collect();
        let more = if top < MAX_DIM { ",1" } else { "" };
        format!("(……0——{}{more}……)", values.join(","))
    }
}

fn strip_dots(s: &str) -> &str {
    s.trim().trim_matches(|c| c == '…' || c == '.' || c == '，' || c == ',').trim()
}

/// One number of a coordinate: at most [`MAX_DIGITS`] digits after an optional sign, within
/// ±[`MAX_VALUE`]. Counted as one unit of the engine's work.
fn parse_value(text: &str, original: &str) -> Result<i64, CoordError> {
    super::board::work::add(1);
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if digits.len() > MAX_DIGITS && digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(CoordError::TooLarge(excerpt(original)));
    }
    let v: i64 = text.parse().map_err(|_| CoordError::Syntax(excerpt(original)))?;
    if v.unsigned_abs() > MAX_VALUE.unsigned_abs() {
        return Err(CoordError::TooLarge(excerpt(original)));
    }
    Ok(v)
}

/// Higher dimensions up to this one print positionally; beyond it they print keyed (`;d9=2`).
const POSITIONAL_DIMS: u32 = 8;

impl fmt::Display for Coord {
    /// The short form: `(9,4,1)`, `(9,4,1,2)` with a 4th coordinate, `(9,4,1;d20=2)` for a
    /// sparse high dimension.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{},{}", self.x, self.y, self.layer.z)?;
        let top = self.layer.hi.last().map_or(0, |(d, _)| *d);
        if top <= POSITIONAL_DIMS {
            for dim in 4..=top {
                write!(f, ",{}", self.dim(dim))?;
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
