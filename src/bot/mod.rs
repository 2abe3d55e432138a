//! Front ends: each turns its platform's input into [`crate::table::Incoming`] and the referee's
//! [`crate::table::reply::Outbound`] into its platform's output, and does nothing else.
//!
//! - [`console`]: a local table at the terminal, one person playing several users.
//! - [`script`]: the transcript runner (`arbiter script`), the console's scripted twin that the
//!   tests and later checks drive.

pub mod console;
pub mod script;
