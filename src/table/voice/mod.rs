//! The voice: every sentence the referee says, and the only module that reaches the Fluent
//! wording (`wording.rs`: its constructor, its methods and `say` are `pub(super)` there, visible
//! in the voice alone, so the compiler refuses a sentence worded anywhere else).
//!
//! The referee's operations decide and hand the voice typed events: the referee's own
//! notices and refusals ([`crate::table::notice`], worded in `notice.rs` here), and a table at
//! a moment (`table.rs`: invitations, starts, endings, prompts, views, `/games` lines,
//! `/rules`), which each game's narrator words (`dark_fence.rs`, `ultima.rs`, `perfect10.rs`,
//! `chaos_clock.rs`, `rabble.rs`, each a `Voice` implementing `narrate::Narrator`, with `narrate.rs`
//! for what they share, `rabble_moves.rs` for Rabble's `/moves` and refused turns, `pieces.rs`
//! for piece help and legends, `positions.rs` for a refused position, `fence_puzzle.rs` for Dark
//! Fence's puzzle, `fence_words.rs` for the words its narrator, views and puzzle share,
//! `fence_challenge.rs` for its challenge variant's windows and one message per ply). The front
//! ends get the few words
//! they word themselves (command descriptions, Discord's permission names, image labels)
//! through the narrow functions of `front.rs`.
//!
//! Inside the voice the imports run one way: `table.rs` and `notice.rs` → the narrators →
//! `narrate.rs` → `wording.rs`. Nothing here imports an operation file or the registry of
//! rules (`games.rs`); the voice reads the vocabulary (`types.rs`) and the replies below it.

mod away;
mod chaos_clock;
mod community;
mod dark_fence;
mod fence_challenge;
mod fence_puzzle;
mod fence_words;
mod front;
mod narrate;
mod notice;
mod perfect10;
mod piece_page;
mod pieces;
mod positions;
mod rabble;
mod rabble_moves;
mod rabble_pieces;
mod seeks;
mod table;
mod tournaments;
mod ultima;
mod wording;

pub use front::{
    Permission, catalog_ids, command_text, follows_shortly, game_name, move_form,
    permissions_missing,
};
pub use narrate::natural_order;
pub use wording::image_labels;

pub(super) use away::*;
pub(super) use community::*;
#[cfg(test)]
pub(super) use narrate::human_duration;
pub(super) use narrate::{AdviceResult, Fork, theme};
pub(super) use seeks::*;
pub(super) use table::*;
pub(super) use tournaments::*;
