//! Board images: pure functions from a viewer's view (never the full state) and a [`Theme`] to
//! PNG bytes, so an image can never show what its viewer may not know (STYLE §3.7).
//!
//! Fonts are embedded (a subset of Noto Sans CJK SC, `assets/fonts/`), PNGs are encoded with
//! fixed settings and carry no text or EXIF chunks, and nothing depends on time: the same view
//! always gives the same bytes. [`board`] is the square-board layer the chess-like games share;
//! each game draws its own views on top of these helpers.

pub mod board;
pub mod chaos_clock;
pub mod chart;
mod common;
pub mod crosstable;
mod dark_fence;
pub mod figure;
pub mod legend;
pub mod perfect10;
pub mod rabble;
pub mod replay;
pub mod ultima;

pub use common::*;

use crate::games::AnyView;

/// Draws `view` from its viewer's side. Equal views give identical bytes.
#[must_use]
pub fn render(view: &AnyView, caption: &str, theme: &Theme) -> Picture {
    match view {
        AnyView::DarkFence(v) => dark_fence::render(v, caption, theme),
        AnyView::Ultima(v) => ultima::render(v, caption, theme),
        AnyView::Perfect10(v) => perfect10::render(v, caption, theme),
        AnyView::ChaosClock(v) => chaos_clock::render(v, caption, theme),
        AnyView::Rabble(v) => rabble::render(v, caption, theme),
    }
}
