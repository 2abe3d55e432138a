//! Every integration test, one test binary with a module per subject. One binary is compiled and
//! linked once instead of eleven times (each of them linked the whole bot and its chat clients),
//! and its tests share the machine's threads, so the long waits of the chat storms overlap the
//! referee's work instead of running alone at the end (docs/architecture.md, "CI time").
//!
//! Run one subject with its module path, e.g. `cargo test --test suite telegram::` or
//! `cargo test --test suite referee::commands::`.

mod common;

mod architecture;
mod cli;
mod conformance;
mod console;
mod discord;
mod locales;
mod parsers;
mod records;
mod referee;
mod render;
mod store;
mod telegram;
