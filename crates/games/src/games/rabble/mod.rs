//! 烏合之眾 Rabble chess (`docs/rabble.md`): an unbounded board in any number of
//! dimensions, filled with infinitely many pawns.
//!
//! The position is a pure fill function plus a finite, normalised change map ([`board`]);
//! a submitted turn is checked by ray arithmetic ([`geometry`]) and the turn checker
//! ([`state`]); nothing infinite is ever stored, listed or iterated. Interpretations are
//! tagged `[I-n]` as in the spec.

pub mod board;
pub mod coord;
pub mod game;
pub mod geometry;
pub mod int;
pub mod notation;
pub mod options;
pub mod state;
pub mod text;

#[cfg(test)]
mod tests;

pub use board::{Board, Cell, Fill, Kind, Side, Unit};
pub use coord::{Coord, Layer};
pub use game::{Error, Event, PositionError, View};
pub use int::Int;
pub use notation::{Action, Step};
pub use options::{Handicap, Options};
pub use state::{End, Reason, State, TurnError};
