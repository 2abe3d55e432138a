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
/// Largest dimension number accepted in typed input (a sanity cap, not a rule).
pub const MAX_DIM: u32 = 1_000_000;

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
        "`{0}`: ω-coordinates are notation only (the seed: 完全沒有任何卵用); write the finite part, e.g. (……0——9,4,1) or 9,4,1"
    )]
    Omega(String),
    /// A non-zero entry before `——` in the long form.
    #[error(
        "`{0}`: in the long form every entry before —— must be 0; anything else names a transfinite square, which this board does not have"
    )]
    Transfinite(String),
    /// Beyond the sanity caps.
    #[error("`{0}` is too far out: coordinates are limited to ±10^15 and dimensions to 1,000,000")]
    TooLarge(String),
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
    /// # Errors
    /// A [`CoordError`] saying what is wrong.
    pub fn parse(text: &str) -> Result<Coord, CoordError> {
        let original = text.trim();
        let err = || CoordError::Syntax(original.to_string());
        if original.contains(['ω', 'Ω']) {
            return Err(CoordError::Omega(original.to_string()));
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
                    let v: i64 = entry.parse().map_err(|_| err())?;
                    if v != 0 {
                        return Err(CoordError::Transfinite(original.to_string()));
                    }
                }
                s = strip_dots(after).to_string();
                break;
            }
        }
        let (positional, keyed) = match s.split_once(';') {
            Some((p, k)) => (p.to_string(), Some(k.to_string())),
            None => (s.clone(), None),
        };
        let values: Vec<i64> = positional
            .split(',')
            .map(|e| parse_value(e.trim(), original))
            .collect::<Result<_, _>>()?;
        if values.len() < 2 {
            return Err(err());
        }
        let mut c = Coord::xyz(values[0], values[1], values.get(2).copied().unwrap_or(1));
        for (i, v) in values.iter().enumerate().skip(3) {
            let dim =
                u32::try_from(i + 1).map_err(|_| CoordError::TooLarge(original.to_string()))?;
            if dim > MAX_DIM {
                return Err(CoordError::TooLarge(original.to_string()));
            }
            c = c.with_dim(dim, *v);
        }
        if let Some(keyed) = keyed {
            for entry in keyed.split([',', ';']).map(str::trim).filter(|e| !e.is_empty()) {
                let (d, v) = entry
                    .trim_start_matches(['d', 'D', 'w', 'W'])
                    .split_once('=')
                    .ok_or_else(err)?;
                let dim: u32 = d.trim().parse().map_err(|_| err())?;
                if !(4..=MAX_DIM).contains(&dim) {
                    return Err(CoordError::TooLarge(original.to_string()));
                }
                c = c.with_dim(dim, parse_value(v.trim(), original)?);
            }
        }
        Ok(c)
    }

    /// The seed's long notation, `(……0——9,4,1,2……)`, for flavour.
    #[must_use]
    pub fn long_form(&self) -> String {
        let short = self.to_string();
        let inner = short.trim_start_matches('(').trim_end_matches(')');
        format!("(……0——{inner},1……)")
    }
}

fn strip_dots(s: &str) -> &str {
    s.trim().trim_matches(|c| c == '…' || c == '.' || c == '，' || c == ',').trim()
}

fn parse_value(text: &str, original: &str) -> Result<i64, CoordError> {
    let v: i64 = text.parse().map_err(|_| CoordError::Syntax(original.to_string()))?;
    if v.unsigned_abs() > MAX_VALUE.unsigned_abs() {
        return Err(CoordError::TooLarge(original.to_string()));
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
