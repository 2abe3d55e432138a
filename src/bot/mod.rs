//! Front ends: each turns its platform's input into [`crate::table::Incoming`] and the referee's
//! [`crate::table::reply::Outbound`] into its platform's output, and does nothing else.
//!
//! - [`route`]: what the chat front ends share (the routing of each message to its platform's
//!   front end, the loopback check); neither front end imports the other, and none imports the
//!   wiring above them ([`crate::serve`], where the configuration meets the front ends).
//! - [`outbox`]: the deliverer each chat platform sends through: per chat, in order, retried
//!   until delivered, resumed after a restart.
//! - [`telegram`]: the Telegram bot (long polling).
//! - [`discord`]: the Discord bot (gateway, slash commands, buttons, forms).
//! - [`health`]: `GET /healthz` on the `listen` address, and `arbiter health` that asks it.
//! - [`console`]: a local table at the terminal, one person playing several users (what
//!   [`crate::serve`] opens when no platform is configured).
//! - [`script`]: the transcript runner (`arbiter script`), the console's scripted twin that the
//!   tests and later checks drive.

pub mod console;
pub mod discord;
pub mod health;
pub mod outbox;
pub mod route;
pub mod script;
pub mod telegram;
