//! The legend image of a game whose pieces are not standard chess (`/rules <game>`): every
//! piece's figure beside its code and its name in the reader's language, in rows of three so
//! that it reads on a phone. The caption line names the game.

use image::RgbaImage;

use super::board::{draw_caption, fit, paints};
use super::common::{Picture, Theme, encode, fill_rect, text_at};
use super::figure::{self, Figure};

/// One piece of a legend.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Its figure.
    pub figure: Figure,
    /// The code players type for it (empty for a pawn without one).
    pub code: String,
    /// Its name in the reader's language.
    pub name: String,
}

/// Entries per row.
const COLUMNS: i64 = 3;

/// Draws the legend of `entries` under `caption` and encodes it as PNG. Equal inputs give
/// identical bytes.
#[must_use]
pub fn render(entries: &[Entry], caption: &str, theme: &Theme) -> Picture {
    let cell = i64::from(theme.cell.clamp(8, 512)) * 3 / 4;
    let band = i64::from(theme.caption.clamp(8, 512));
    let pad = cell / 5;
    let column = cell * 4;
    let n = i64::try_from(entries.len()).unwrap_or(0);
    let rows = (n + COLUMNS - 1) / COLUMNS;
    let width = COLUMNS * column + 2 * pad;
    let height = band + rows * (cell + pad) + pad;
    let mut background = theme.background;
    background.0[3] = 255;
    let mut img = RgbaImage::from_pixel(
        u32::try_from(width.max(1)).unwrap_or(1),
        u32::try_from(height.max(1)).unwrap_or(1),
        background,
    );
    draw_caption(&mut img, caption, band, theme.ink);
    let mut fill = theme.white;
    fill.0[3] = 255;
    let size = (cell as f32 * 0.36).max(8.0);
    for (i, entry) in (0i64..).zip(entries) {
        let x = pad + (i % COLUMNS) * column;
        let y = band + (i / COLUMNS) * (cell + pad);
        // The figure on a light square, as on the board.
        fill_rect(&mut img, x, y, cell, cell, theme.light);
        let side = cell * 21 / 25;
        let at = (x + (cell - side) / 2, y + (cell - side) / 2);
        let side = u32::try_from(side).unwrap_or(8);
        figure::draw(&mut img, entry.figure, paints(fill, theme), at.0, at.1, side);
        let text = if entry.code.is_empty() {
            entry.name.clone()
        } else {
            format!("{} {}", entry.code, entry.name)
        };
        let text = fit(&text, column - cell - pad, size);
        text_at(&mut img, &text, x + cell + pad / 2, y + (cell - size as i64) / 2, size, theme.ink);
    }
    encode(&img)
}
