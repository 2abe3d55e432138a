//! `arbiter-games`: the pure game engines of `arbiter` (STYLE §3).
//!
//! Every engine under [`games`] implements one [`games::Game`] contract with per-seat views and
//! audience-tagged events, and [`games::AnyGame`] dispatches to them. [`core`] holds the
//! vocabulary they share with the rest of the program. Nothing here reads a clock, a file, the
//! network or a global random number generator: randomness comes in as a [`core::Seed`].
//!
//! The `arbiter` crate re-exports both modules as `arbiter::core` and `arbiter::games`.

pub mod bots;
pub mod core;
pub mod games;
