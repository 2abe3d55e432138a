//! The referee's transcript suites, a module each:
//!
//! - `end_to_end`: whole Dark Fence games through the transcript runner, restarts,
//!   byte-identical transcripts, exactly-once moves under concurrency, and the no-leak property;
//! - `commands`: every command and every error path;
//! - `dark_fence`: Dark Fence's private words and its challenge variant's group (issue 42);
//! - `chaos_clock`, `ultima`, `perfect10`, `rabble`: each game through the referee;
//! - `bots`: every game against the bot, with levels (issue 43);
//! - `community`, `away`: ratings, records, replays, follows, vacations, digests and links;
//! - `languages`: each chat its own language, and a client's language kept across restarts;
//! - `tournaments`: Swiss and round-robin tournaments from their making to their winner (issue 44);
//! - `seeks`, `platforms`: seeks in a community, and everywhere seeks between Discord and
//!   Telegram (issue 43).

mod away;
mod bots;
mod chaos_clock;
mod commands;
mod community;
mod dark_fence;
mod end_to_end;
mod languages;
mod perfect10;
mod platforms;
mod rabble;
mod seeks;
mod tournaments;
mod ultima;
