//! `arbiter`: a chat-bot referee for board games.
//!
//! Architecture (STYLE §3): pure game engines under [`games`] implement one [`games::Game`]
//! contract with per-seat views and audience-tagged events, and [`games::AnyGame`] dispatches to
//! them. [`core`] holds the vocabulary they share with the rest of the program. The [`cli`]
//! module is the analysis front end (`arbiter play`, `arbiter moves`); the referee, the store,
//! the renderer and the chat adapters build on the same contract.

pub mod cli;
pub mod core;
pub mod games;
