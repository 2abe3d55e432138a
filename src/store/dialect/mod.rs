//! The statements and primitives each database words its own way, below the query layer that
//! writes the rest once (`queries/`): `both!` picks the dialect of the connection in hand.

pub(super) mod postgres;
pub(super) mod sqlite;
