//! Rabble images: the view's window of the main plane (x −1..14, y −1..14 by default) with
//! the seed's colour bands (the battlefield, the sky-blue front rows, the promotion rows), every
//! unit as its most valuable piece's figure in its side's colour and, for a stack, its members'
//! codes and its height; numeric
//! coordinates on both axes; the scores under the board; the last turn's squares tinted and,
//! while the sides pick their pieces, the four squares the pick being asked for fills outlined.
//! Red is drawn at the bottom unless the theme is flipped (Blue's own view).

use image::{Rgba, RgbaImage};

use super::board::draw_caption;
use super::common::{Picture, Script, Theme, encode, fill_disc, fill_rect, text_centered};
use super::figure::{self, Body, Figure, Paints};
use crate::games::rabble::text::Observation;
use crate::games::rabble::{Kind, Side, Unit, View};

/// Red's units: red, as the side is named (not the chess boards' orange).
const RED: Rgba<u8> = Rgba([190, 38, 38, 255]);
/// Blue's units.
const BLUE: Rgba<u8> = Rgba([28, 88, 184, 255]);

/// The figure of a piece kind: the chess figure for the piece its letter names (馬仔 the knight,
/// 車夫 the rook, 相爺 the bishop, 老王 the king, 老後 the queen, 跳兵 the pawn), the cannon's for
/// 山炮, a coronet for the prince 公子 and a star for 大哥, whose moves no chess piece has.
#[must_use]
pub fn figure(kind: Kind) -> Figure {
    Figure::of(match kind {
        Kind::P => Body::Pawn,
        Kind::N => Body::Knight,
        Kind::R => Body::Rook,
        Kind::B => Body::Bishop,
        Kind::C => Body::Cannon,
        Kind::K => Body::King,
        Kind::Q => Body::Queen,
        Kind::J => Body::Prince,
        Kind::G => Body::Star,
    })
}

/// A pixel count as the figure drawer takes it.
fn px(n: i64) -> u32 {
    u32::try_from(n).unwrap_or(8)
}

/// The character drawn for a piece kind: the seed's Traditional characters, their Simplified
/// forms (马 车 后) for Simplified readers, or the English letter.
#[must_use]
pub fn label(kind: Kind, script: Script) -> char {
    match (script, kind.hanzi()) {
        (Script::Latin, _) => kind.letter(),
        (Script::Simplified, '馬') => '马',
        (Script::Simplified, '車') => '车',
        (Script::Simplified, '後') => '后',
        (_, c) => c,
    }
}

fn top_kind(u: &Unit) -> Kind {
    u.pieces.iter().copied().max_by_key(|k| (k.value(), *k)).unwrap_or(Kind::P)
}

/// A stack's members, most valuable first (`NPP`; `馬兵兵`), cut to what fits in a disc with
/// `+` when longer (the height badge gives the count).
fn members(u: &Unit, script: Script) -> String {
    let mut kinds = u.pieces.clone();
    kinds.sort_by_key(|k| std::cmp::Reverse((k.value(), *k)));
    let room = if script.is_chinese() { 3 } else { 4 };
    let mut text: String = kinds.iter().take(room).map(|k| label(*k, script)).collect();
    if kinds.len() > room {
        text.pop();
        text.push('+');
    }
    text
}

/// The labels of `count` consecutive coordinates from `from`, for squares `cell` pixels wide in
/// text of `size` pixels: the numbers themselves when the widest fits its square, else offsets
/// from the first (`+0`, `+1`, …) with the note naming that first coordinate (`x = 1000000000 +
/// n`), so labels near 10^15 never run into each other.
fn axis_labels(
    axis: char,
    from: i64,
    count: i64,
    cell: i64,
    size: f32,
) -> (Vec<String>, Option<String>) {
    let values: Vec<i64> = (0..count).map(|i| from.saturating_add(i)).collect();
    let widest = values.iter().map(|v| v.to_string().len()).max().unwrap_or(1);
    // Digits are about 0.55 of the text size wide in the bundled font.
    if (widest as f32) * size * 0.55 <= (cell as f32) * 0.95 {
        return (values.iter().map(ToString::to_string).collect(), None);
    }
    let labels = (0..count).map(|i| format!("+{i}")).collect();
    (labels, Some(format!("{axis} = {from} + n")))
}

/// A unit as its most valuable piece's figure in its side's colour and, for a stack, every
/// member's code in small type under a smaller figure and its height on a badge; `cell` is the
/// square's side and `(sx, sy)` its top left corner.
fn draw_unit(img: &mut RgbaImage, u: &Unit, sx: i64, sy: i64, cell: i64, theme: &Theme) {
    let fill = if u.owner == Side::Red { RED } else { BLUE };
    let (cx, cy) = (sx + cell / 2, sy + cell / 2);
    let paints = Paints::dark(fill, theme.ink, Rgba([255, 255, 255, 255]));
    let top = figure(top_kind(u));
    if u.pieces.len() == 1 {
        let size = cell * 22 / 25;
        figure::draw(img, top, paints, cx - size / 2, cy - size / 2, px(size));
    } else {
        // A stack: its most valuable piece above, every member in small type below it.
        let size = cell * 3 / 5;
        figure::draw(img, top, paints, cx - size / 2, sy + cell / 25, px(size));
        let text = members(u, theme.script);
        text_centered(img, &text, cx, sy + cell - cell / 5, cell as f32 * 0.27, fill);
    }
    if u.pieces.len() > 1 {
        // The stack's height on a dark badge at the disc's lower right.
        let h = u.pieces.len().to_string();
        let (bx, by) = (sx + cell - cell / 5, sy + cell - cell / 5);
        fill_disc(img, bx, by, cell / 5, theme.ink);
        text_centered(img, &h, bx, by, cell as f32 * 0.3, Rgba([255, 255, 255, 255]));
    }
}

/// A square outline `width` pixels thick, `side` pixels on a side, from `(x, y)`.
fn outline(img: &mut RgbaImage, x: i64, y: i64, side: i64, width: i64, color: Rgba<u8>) {
    fill_rect(img, x, y, side, width, color);
    fill_rect(img, x, y + side - width, side, width, color);
    fill_rect(img, x, y, width, side, color);
    fill_rect(img, x + side - width, y, width, side, color);
}

/// Draws the seed's 3-D observation (三維坐標觀察系統): one panel per layer, the top layer
/// first, left to right and then down, three panels to a row; each panel is the block seen from
/// above with its coordinates, titled with its layer, the main plane's title marked. Equal
/// observations give identical bytes.
#[must_use]
pub fn observation(o: &Observation, caption: &str, theme: &Theme) -> Picture {
    let cols = i64::try_from(o.layers.first().map_or(0, |(_, r)| r.first().map_or(0, Vec::len)))
        .unwrap_or(0);
    let rows = i64::try_from(o.layers.first().map_or(0, |(_, r)| r.len())).unwrap_or(0);
    let n = i64::try_from(o.layers.len()).unwrap_or(0);
    let cell = i64::from(theme.cell.clamp(8, 512)) / 2;
    let band = i64::from(theme.caption.clamp(8, 512));
    let per_row = n.clamp(1, 3);
    let panel_rows = (n + per_row - 1) / per_row;
    // A panel: its title above, row labels at its left, column labels under it.
    let (label_w, title_h, foot_h, gap) = (cell, cell * 3 / 4, cell * 3 / 4, cell / 2);
    let panel_w = label_w + cols * cell + gap;
    let panel_h = title_h + rows * cell + foot_h + gap;
    let size = cell as f32 * 0.36;
    let (xs, x_note) = axis_labels('x', o.x.0, cols, cell, size);
    let (ys, y_note) = axis_labels('y', o.y.0, rows, label_w, size);
    let notes: Vec<String> = x_note.into_iter().chain(y_note).collect();
    let notes_h = if notes.is_empty() { 0 } else { cell };
    let width = per_row * panel_w + gap;
    let height = band + panel_rows * panel_h + notes_h;
    let mut img = RgbaImage::from_pixel(
        u32::try_from(width.max(1)).unwrap_or(1),
        u32::try_from(height.max(1)).unwrap_or(1),
        theme.background,
    );
    draw_caption(&mut img, caption, band, theme.ink);
    let battlefield = Rgba([200, 226, 190, 255]);
    let front = Rgba([190, 222, 240, 255]);
    let other = Rgba([236, 232, 222, 255]);
    for (p, (z, grid)) in o.layers.iter().enumerate() {
        let p = i64::try_from(p).unwrap_or(0);
        let left = gap + (p % per_row) * panel_w + label_w;
        let top = band + (p / per_row) * panel_h + title_h;
        let title = if *z == 1 {
            format!("z={z} {}", theme.labels.get("img-main-plane"))
        } else {
            format!("z={z}")
        };
        text_centered(
            &mut img,
            &title,
            left + cols * cell / 2,
            top - title_h / 2,
            size * 1.2,
            theme.ink,
        );
        for (j, line) in grid.iter().enumerate() {
            let j = i64::try_from(j).unwrap_or(0);
            let y = o.y.0 + j;
            // Row y.0 at the bottom, or at the top when the theme is flipped (Blue's own view).
            let sy = top + if theme.flipped { j } else { rows - 1 - j } * cell;
            for (i, cellv) in line.iter().enumerate() {
                let i = i64::try_from(i).unwrap_or(0);
                let x = o.x.0 + i;
                let sx = left + if theme.flipped { cols - 1 - i } else { i } * cell;
                let in_b = *z == 1 && (1..=12).contains(&x) && (1..=12).contains(&y);
                let color = match (in_b, (5..=8).contains(&y)) {
                    (true, true) => front,
                    (true, false) => battlefield,
                    (false, _) => other,
                };
                fill_rect(&mut img, sx + 1, sy + 1, cell - 2, cell - 2, color);
                if let Some(u) = cellv {
                    draw_unit(&mut img, u, sx, sy, cell, theme);
                }
            }
            let label = ys.get(usize::try_from(j).unwrap_or(0)).map_or("", String::as_str);
            text_centered(&mut img, label, left - label_w / 2, sy + cell / 2, size, theme.ink);
        }
        for (i, t) in xs.iter().enumerate() {
            let i = i64::try_from(i).unwrap_or(0);
            let sx = left + if theme.flipped { cols - 1 - i } else { i } * cell;
            let y = top + rows * cell + foot_h / 2;
            text_centered(&mut img, t, sx + cell / 2, y, size, theme.ink);
        }
    }
    if !notes.is_empty() {
        let y = band + panel_rows * panel_h + notes_h / 2;
        text_centered(&mut img, &notes.join("   "), width / 2, y, size, theme.ink);
    }
    encode(&img)
}

/// Draws `view` and encodes it as PNG. Equal views give identical bytes.
#[must_use]
pub fn render(view: &View, caption: &str, theme: &Theme) -> Picture {
    let cols = i64::try_from(view.cells.first().map_or(0, Vec::len)).unwrap_or(0);
    let rows = i64::try_from(view.cells.len()).unwrap_or(0);
    let cell = i64::from(theme.cell.clamp(8, 512)) / 2 + 4;
    let margin = i64::from(theme.margin.min(512));
    let band = i64::from(theme.caption.clamp(8, 512));
    // Coordinate labels, offsets from the first when the numbers are too wide for a square
    // (their notes go in the footer).
    let (xs, x_note) = axis_labels('x', view.x.0, cols, cell, cell as f32 * 0.32);
    let (ys, y_note) = axis_labels('y', view.y.0, rows, margin, cell as f32 * 0.32);
    let notes: Vec<String> = x_note.into_iter().chain(y_note).collect();
    // Scores, then each side's counters (the seed's 「三串小數字」), then what lies outside,
    // then the coordinate notes.
    let notes_h = if notes.is_empty() { 0 } else { cell * 2 / 3 };
    let footer = cell * 2 + if view.outside.1 > 0 { cell * 2 / 3 } else { 0 } + notes_h;
    let width = cols * cell + 2 * margin;
    let height = band + rows * cell + margin + footer;
    let mut img = RgbaImage::from_pixel(
        u32::try_from(width.max(1)).unwrap_or(1),
        u32::try_from(height.max(1)).unwrap_or(1),
        theme.background,
    );
    draw_caption(&mut img, caption, band, theme.ink);
    let left = margin;
    let top = band;
    // Screen position of window column i and row j (row 0 = y.0, drawn at the bottom).
    let at = |i: i64, j: i64| -> (i64, i64) {
        let (ci, rj) = if theme.flipped { (cols - 1 - i, j) } else { (i, rows - 1 - j) };
        (left + ci * cell, top + rj * cell)
    };
    let battlefield = Rgba([200, 226, 190, 255]);
    let front = Rgba([190, 222, 240, 255]);
    let outside = Rgba([236, 232, 222, 255]);
    let zone = Rgba([120, 120, 120, 255]);
    let slots: Vec<crate::games::rabble::Coord> = view
        .selecting
        .map(|(side, step)| crate::games::rabble::state::pick_squares(side, step).to_vec())
        .unwrap_or_default();
    for (j, row) in view.cells.iter().enumerate() {
        let j = i64::try_from(j).unwrap_or(0);
        let y = view.y.0 + j;
        for (i, cellv) in row.iter().enumerate() {
            let i = i64::try_from(i).unwrap_or(0);
            let x = view.x.0 + i;
            let (sx, sy) = at(i, j);
            let in_b = view.layer.is_main() && (1..=12).contains(&x) && (1..=12).contains(&y);
            let color = if (5..=8).contains(&y) && in_b {
                front
            } else if in_b {
                battlefield
            } else {
                outside
            };
            fill_rect(&mut img, sx + 1, sy + 1, cell - 2, cell - 2, color);
            let here = crate::games::rabble::Coord { x, y, layer: view.layer.clone() };
            if view.last_squares.contains(&here) {
                // The last turn's squares, as chess boards mark the last move.
                fill_rect(&mut img, sx + 1, sy + 1, cell - 2, cell - 2, theme.last_move);
            }
            if let Some(u) = cellv {
                draw_unit(&mut img, u, sx, sy, cell, theme);
            }
            if slots.contains(&here) {
                // The four squares the pick being asked for fills.
                outline(&mut img, sx + 2, sy + 2, cell - 4, 3, theme.check);
            }
        }
    }
    // The promotion lines: under y = 8 (Red's zone starts) and over y = 5 (Blue's).
    for line_y in [8, 6] {
        let j = line_y - view.y.0;
        if (0..rows).contains(&j) {
            let (_, sy) = at(0, j);
            let sy = if theme.flipped { sy } else { sy + cell - 1 };
            fill_rect(&mut img, left, sy, cols * cell, 2, zone);
        }
    }
    // Coordinates.
    let size = cell as f32 * 0.32;
    for (i, t) in xs.iter().enumerate() {
        let i = i64::try_from(i).unwrap_or(0);
        let (sx, _) = at(i, 0);
        let (_, sy) = at(0, if theme.flipped { rows - 1 } else { 0 });
        text_centered(&mut img, t, sx + cell / 2, sy + cell + margin / 3, size, theme.ink);
    }
    for (j, t) in ys.iter().enumerate() {
        let j = i64::try_from(j).unwrap_or(0);
        let (_, sy) = at(0, j);
        text_centered(&mut img, t, left / 2, sy + cell / 2, size, theme.ink);
    }
    // Scores under the board.
    let w = &theme.labels;
    let (red, blue) = (w.get("img-red"), w.get("img-blue"));
    let scores = format!("{red} {}   {blue} {}", view.score[0], view.score[1]);
    let base = top + rows * cell + margin;
    text_centered(&mut img, &scores, width / 2, base + cell / 2, cell as f32 * 0.45, theme.ink);
    let count = |a: &[u32; 9]| a.iter().sum::<u32>().to_string();
    let counters = |i: usize| {
        let st = &view.stats[i];
        w.fill(
            "img-counters",
            &[
                ("hires", &count(&st.hires)),
                ("drops", &count(&st.drops_into_b)),
                ("jumps", &count(&st.high_jumps)),
            ],
        )
    };
    let small = cell as f32 * 0.3;
    let line = format!("{red} {}   {blue} {}", counters(0), counters(1));
    text_centered(&mut img, &line, width / 2, base + cell + cell / 3, small, theme.ink);
    if view.outside.1 > 0 {
        let shown: Vec<String> =
            view.outside.0.iter().take(4).map(|(c, u)| format!("{} {c}", u.letters())).collect();
        let more = view.outside.1.saturating_sub(shown.len());
        let mut text = w.fill("img-outside", &[("list", &shown.join(" "))]);
        if more > 0 {
            text.push_str(&format!(" +{more}"));
        }
        text_centered(&mut img, &text, width / 2, base + cell * 2, small, theme.ink);
    }
    if !notes.is_empty() {
        let y = base + cell * 2 + if view.outside.1 > 0 { cell * 2 / 3 } else { 0 };
        text_centered(&mut img, &notes.join("   "), width / 2, y, small, theme.ink);
    }
    encode(&img)
}

#[cfg(test)]
mod tests {
    use super::axis_labels;

    #[test]
    fn coordinates_that_fit_their_square_are_written_whole_and_far_ones_as_offsets() {
        let (labels, note) = axis_labels('x', -1, 16, 40, 12.8);
        assert_eq!(labels.first().map(String::as_str), Some("-1"));
        assert_eq!(labels.last().map(String::as_str), Some("14"));
        assert_eq!(note, None);
        // 15 digits cannot fit a 40-pixel square: offsets from the first, named once.
        let far = 999_999_998_999_993;
        let (labels, note) = axis_labels('y', far, 16, 40, 12.8);
        assert_eq!(labels.first().map(String::as_str), Some("+0"));
        assert_eq!(labels.get(7).map(String::as_str), Some("+7"));
        assert_eq!(note.as_deref(), Some("y = 999999998999993 + n"));
    }
}
