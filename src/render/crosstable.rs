//! The crosstable picture of a tournament (issue 44): a title over a grid of plain strings,
//! one line per player, the winner's line highlighted. The caller words every cell (the
//! pairing crate's standings give them); this module only lays them out, so it knows nothing
//! of tournaments.
//!
//! **Large fields.** At most [`MAX_ROWS`] lines are drawn, the top of the standings, and a
//! last line says how many more there are ([`Table::more`]). Fewer are drawn when the picture
//! would exceed [`MAX_BYTES`] (text is what costs bytes: about 4 KB a line 840 pixels wide):
//! a quarter fewer at a time, down to [`MIN_ROWS`]. A 64-player, 7-round Swiss shows its top
//! 22. Columns are as wide as their widest text; when the grid would be wider than
//! [`MAX_WIDTH`] (a round robin of many players has a column per opponent), the font shrinks
//! to fit, down to [`MIN_SIZE`] pixels, and past that the picture grows wider. Names are cut
//! with `…` beyond [`NAME_WIDTH`] pixels at the normal size. Characters the bundled font lacks
//! are drawn as `?` (it holds the common Chinese characters of both scripts, see
//! `assets/fonts/README.md`).

use ab_glyph::PxScale;
use image::{Rgba, RgbaImage};
use imageproc::drawing::text_size;

use super::common::{MAX_BYTES, Picture, Theme, drawable, encode, fill_rect, font, text_at};

/// What a crosstable shows, every cell already worded.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Table {
    /// Over the grid, e.g. "Spring Swiss: after round 7".
    pub title: String,
    /// One header per column, e.g. `#`, `Name`, `1`, `2`…, `Pts`, `SB`.
    pub headers: Vec<String>,
    /// The lines, best first, each with one cell per column (missing cells are blank, extra
    /// ones ignored).
    pub rows: Vec<Vec<String>>,
    /// The column written left-aligned and cut when long (the players' names); the others
    /// are centred.
    pub name_column: Option<usize>,
    /// The line to highlight (the winner's, or the leader's), by index into `rows`.
    pub highlight: Option<usize>,
    /// The last line when some lines are left out, with `{n}` for how many, e.g.
    /// "… and {n} more".
    pub more: String,
}

/// The most lines drawn; the rest are counted in [`Table::more`].
pub const MAX_ROWS: usize = 30;
/// The fewest lines kept when shrinking to fit [`MAX_BYTES`] (the picture may then be
/// larger).
pub const MIN_ROWS: usize = 8;
/// The width the font shrinks to stay within.
pub const MAX_WIDTH: u32 = 1600;
/// The normal text size, in pixels.
pub const SIZE: f32 = 16.0;
/// The smallest text size when shrinking to fit [`MAX_WIDTH`].
pub const MIN_SIZE: f32 = 10.0;
/// The widest a name may be at [`SIZE`], in pixels (scaled with the font).
pub const NAME_WIDTH: f32 = 220.0;

/// The width of `text` at `size`, in pixels.
fn text_width(text: &str, size: f32) -> f32 {
    font().map_or(0.0, |f| text_size(PxScale::from(size), f, text).0 as f32)
}

/// `text` cut with `…` to at most `max` pixels at `size`.
fn cut(text: &str, size: f32, max: f32) -> String {
    if text_width(text, size) <= max {
        return text.to_string();
    }
    let mut chars: Vec<char> = text.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        let shorter: String = chars.iter().collect::<String>() + "…";
        if text_width(&shorter, size) <= max {
            return shorter;
        }
    }
    "…".to_string()
}

/// The grid's geometry at one text size.
struct Layout {
    size: f32,
    /// Each column's width in pixels.
    columns: Vec<u32>,
    /// The cells as drawn (names cut), shown rows only.
    rows: Vec<Vec<String>>,
    row_height: u32,
}

impl Layout {
    fn new(table: &Table, shown: &[Vec<String>], size: f32) -> Layout {
        let pad = (size * 0.8).round();
        let name_max = NAME_WIDTH * size / SIZE;
        let columns_count = table.headers.len();
        let rows: Vec<Vec<String>> = shown
            .iter()
            .map(|row| {
                (0..columns_count)
                    .map(|c| {
                        let text = drawable(row.get(c).map_or("", String::as_str));
                        if Some(c) == table.name_column { cut(&text, size, name_max) } else { text }
                    })
                    .collect()
            })
            .collect();
        let columns = (0..columns_count)
            .map(|c| {
                let header = text_width(&drawable(&table.headers[c]), size);
                let widest = rows.iter().map(|r| text_width(&r[c], size)).fold(header, f32::max);
                (widest + 2.0 * pad).ceil() as u32
            })
            .collect();
        Layout { size, columns, rows, row_height: (size * 1.75).round() as u32 }
    }

    fn width(&self) -> u32 {
        self.columns.iter().sum::<u32>() + 2 * MARGIN
    }
}

/// The margin around the grid.
const MARGIN: u32 = 12;

/// Draws `table`: the title, a header band, the top lines in alternating shades (the
/// highlighted one in the theme's highlight colour), and the [`Table::more`] line when lines
/// were left out: at most [`MAX_ROWS`] lines, fewer if the picture would exceed [`MAX_BYTES`]
/// (see the module docs).
#[must_use]
pub fn render(table: &Table, theme: &Theme) -> Picture {
    let mut limit = table.rows.len().min(MAX_ROWS);
    loop {
        let picture = draw(table, limit, theme);
        if picture.png.len() <= MAX_BYTES || limit <= MIN_ROWS {
            return picture;
        }
        limit = (limit * 3 / 4).max(MIN_ROWS);
    }
}

/// [`render`] with the first `limit` lines.
fn draw(table: &Table, limit: usize, theme: &Theme) -> Picture {
    let shown = &table.rows[..table.rows.len().min(limit)];
    let hidden = table.rows.len() - shown.len();
    let mut layout = Layout::new(table, shown, SIZE);
    if layout.width() > MAX_WIDTH {
        let fit = SIZE * (MAX_WIDTH - 2 * MARGIN) as f32 / (layout.width() - 2 * MARGIN) as f32;
        layout = Layout::new(table, shown, fit.floor().max(MIN_SIZE));
    }
    let size = layout.size;
    let title_size = SIZE * 1.25;
    let title = drawable(&table.title);
    let title_height = (title_size * 2.0).round() as u32;
    let row_height = layout.row_height;
    let footer = if hidden > 0 { row_height } else { 0 };
    let lines = u32::try_from(shown.len() + 1).unwrap_or(u32::MAX);
    let grid_width = layout.columns.iter().sum::<u32>();
    let width = layout.width().max(text_width(&title, title_size).ceil() as u32 + 2 * MARGIN);
    let height = MARGIN + title_height + lines * row_height + footer + MARGIN;
    let mut img = RgbaImage::from_pixel(width, height, theme.background);

    text_at(&mut img, &title, i64::from(MARGIN), i64::from(MARGIN), title_size, theme.ink);
    let left = i64::from(MARGIN);
    let top = i64::from(MARGIN + title_height);
    let row_h = i64::from(row_height);
    let grid_w = i64::from(grid_width);
    let header_band = Rgba([theme.ink[0], theme.ink[1], theme.ink[2], 40]);
    let stripe = Rgba([theme.ink[0], theme.ink[1], theme.ink[2], 12]);
    let rule = Rgba([theme.ink[0], theme.ink[1], theme.ink[2], 50]);
    fill_rect(&mut img, left, top, grid_w, row_h, header_band);
    for (r, _) in layout.rows.iter().enumerate() {
        let y = top + row_h * (i64::try_from(r).unwrap_or(0) + 1);
        if table.highlight == Some(r) {
            fill_rect(&mut img, left, y, grid_w, row_h, theme.last_move);
        } else if r % 2 == 1 {
            fill_rect(&mut img, left, y, grid_w, row_h, stripe);
        }
    }
    // Column rules, and one under the header.
    let grid_h = row_h * i64::from(lines);
    let mut x = left;
    for &w in &layout.columns {
        fill_rect(&mut img, x, top, 1, grid_h, rule);
        x += i64::from(w);
    }
    fill_rect(&mut img, x, top, 1, grid_h, rule);
    fill_rect(&mut img, left, top + row_h - 1, grid_w, 1, rule);
    fill_rect(&mut img, left, top + grid_h, grid_w + 1, 1, rule);

    let headers: Vec<String> = table.headers.iter().map(|h| drawable(h)).collect();
    let all_lines = std::iter::once(&headers).chain(layout.rows.iter());
    // The font's line box puts the glyphs a little low: lift them by a tenth of the size.
    let text_top = (row_h - i64::from(size.round() as u32)) / 2 - i64::from((size / 10.0) as u32);
    let pad = i64::from((size * 0.8).round() as u32);
    for (r, cells) in all_lines.enumerate() {
        let y = top + row_h * i64::try_from(r).unwrap_or(0) + text_top;
        let mut x = left;
        for (c, text) in cells.iter().enumerate() {
            let w = i64::from(layout.columns[c]);
            let tx = if Some(c) == table.name_column {
                x + pad
            } else {
                x + (w - text_width(text, size).round() as i64) / 2
            };
            text_at(&mut img, text, tx, y, size, theme.ink);
            x += w;
        }
    }
    if hidden > 0 {
        let more = table.more.replace("{n}", &hidden.to_string());
        let y = top + grid_h + text_top;
        text_at(&mut img, &more, left + pad, y, size, theme.ink);
    }
    encode(&img)
}
