//! `arbiter`: a chat-bot referee for board games.
//!
//! Architecture (STYLE §3): pure game engines under [`games`] implement one [`games::Game`]
//! contract with per-seat views and audience-tagged events, and [`games::AnyGame`] dispatches to
//! them. [`core`] holds the vocabulary they share with the rest of the program. The [`cli`]
//! module is the analysis front end (`arbiter play`, `arbiter moves`). The referee ([`table`])
//! owns turns, clocks and every sentence users see, and saves each action in the [`store`]
//! (SQLite, an append-only action log per game) before announcing it. Front ends translate
//! between a platform and the referee.

pub mod bench;
pub mod bot;
pub mod cli;
pub mod config;
pub mod ratings;
pub mod render;
pub mod serve;
pub mod store;
pub mod table;

/// The referee's own players, with levels, from the engines' crate (`arbiter-games`).
pub use arbiter_games::bots;
/// The shared vocabulary of games and referee, from the engines' crate (`arbiter-games`).
pub use arbiter_games::core;
/// The pure game engines, from their own crate (`arbiter-games`), built apart so that tests can
/// optimise them fully (docs/architecture.md, "Build profile").
pub use arbiter_games::games;
