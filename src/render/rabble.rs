//! Rabble images: the view's window of the main plane (x −1..14, y −1..14 by default) with
//! the seed's colour bands (the battlefield, the sky-blue front rows, the promotion rows), every
//! unit as its most valuable piece's figure in its side's colour and, for a stack, its members'
//! codes and its height; numeric
//! coordinates on both axes; the scores under the board; the last turn's squares tinted and,
//! while the sides pick their pieces, the four squares the pick being asked for fills outlined.
//! Red is drawn at the bottom unless the theme is flipped (Blue's own view).

use image::{Rgba, RgbaImage};

use super::board::draw_caption;
use super::common::{
    LONG_NUMBER, Labels, Picture, Script, Theme, encode, fill_disc, fill_rect, shorten_numbers,
    text_centered,
};
use super::figure::{self, Body, Figure, Paints};
use crate::games::rabble::text::Observation;
use crate::games::rabble::{Int, Kind, Side, Unit, View};

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

/// Text is never drawn smaller than this many pixels, however far a view is zoomed out.
const MIN_TEXT: f32 = 11.0;

/// The steps a zoomed-out axis is labelled in: every coordinate, then every 2nd, 5th, 10th …
const LABEL_STEPS: [i64; 9] = [1, 2, 5, 10, 20, 50, 100, 200, 500];

/// The labels of `count` consecutive coordinates from `from`, where `fits(label, k)` says
/// whether a label fits the room of `k` squares: the numbers themselves when each fits its own
/// square; else offsets from the first (`+0`, `+1`, …) with the note naming that first
/// coordinate (`x = 1000000000 + n`), so labels near 10^15 never run into each other; else (a
/// view zoomed far out) only every 2nd, 5th, 10th … coordinate, the multiples of that step, so
/// that every label drawn is readable. A coordinate left unlabelled gets an empty string.
fn axis_labels(
    axis: char,
    from: &Int,
    count: i64,
    fits: impl Fn(&str, i64) -> bool,
) -> (Vec<String>, Option<String>) {
    let values: Vec<Int> = (0..count).map(|i| from + i).collect();
    let numbers: Vec<String> = values.iter().map(ToString::to_string).collect();
    let offsets: Vec<String> = (0..count).map(|i| format!("+{i}")).collect();
    let note = Some(format!("{axis} = {from} + n"));
    for k in LABEL_STEPS {
        if numbers.iter().all(|l| fits(l, k)) {
            let shown = values
                .iter()
                .zip(&numbers)
                .map(|(v, l)| if divisible(v, k) { l.clone() } else { String::new() });
            return (shown.collect(), None);
        }
        if offsets.iter().all(|l| fits(l, k)) {
            let shown = offsets.iter().enumerate().map(|(i, l)| {
                if (i as i64).rem_euclid(k) == 0 { l.clone() } else { String::new() }
            });
            return (shown.collect(), note);
        }
    }
    (vec![String::new(); values.len()], None)
}

/// Whether `v` is a multiple of `k`, a divisor of 1,000 (every step of [`LABEL_STEPS`]): read
/// off its last three digits, exact at any size.
fn divisible(v: &Int, k: i64) -> bool {
    let digits = v.abs().to_string();
    let last = &digits[digits.len().saturating_sub(3)..];
    last.parse::<i64>().is_ok_and(|n| n % k == 0)
}

/// Whether a label of `size`-pixel digits fits `width` pixels (digits are about 0.55 of the
/// text size wide in the bundled font).
fn fits_width(label: &str, size: f32, width: i64) -> bool {
    (label.chars().count() as f32) * size * 0.55 <= (width as f32) * 0.95
}

/// `text` with its long numbers shortened (`img-long-number`), so that a line drawn under a
/// board far out stays inside the picture.
fn short(labels: &Labels, text: &str) -> String {
    shorten_numbers(text, LONG_NUMBER, |head, tail, digits| {
        labels.fill(
            "img-long-number",
            &[("head", head), ("tail", tail), ("digits", &digits.to_string())],
        )
    })
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

/// How many rows of statistics the footer has: one per side.
const STATS_ROWS: i64 = 2;

/// The height of one side's row of statistics, for footer lines `line` pixels high.
fn stats_row(line: i64) -> i64 {
    line * 11 / 10
}

/// One side's statistics by piece type (spec §5; the seed's 「每種統計吃子得分的大數字下,新增了
/// 三串小數字」), in a row whose top left is `(x, y)`, `width` wide, for footer lines `line`
/// high: the side's name, then a column per kind in the rules' order with the kind's code and
/// the capture points earned on it in large type and, under them, its hires · drops into the
/// battlefield · high-dimension jumps in small type. A column with nothing to count is faint.
fn draw_stats(
    img: &mut RgbaImage,
    view: &View,
    side: Side,
    (x, y): (i64, i64),
    (width, line): (i64, i64),
    theme: &Theme,
) {
    let st = &view.stats[side.index()];
    let name = theme.labels.get(if side == Side::Red { "img-red" } else { "img-blue" });
    let (big, small) = ((line as f32 * 0.36).max(MIN_TEXT + 2.0), MIN_TEXT.max(line as f32 * 0.27));
    let name_w = line * 3 / 2;
    let color = if side == Side::Red { RED } else { BLUE };
    text_centered(img, name, x + name_w / 2, y + line / 2, big, color);
    let col = (width - name_w) / 9;
    for (k, kind) in Kind::ALL.into_iter().enumerate() {
        let cx = x + name_w + col * i64::try_from(k).unwrap_or(0) + col / 2;
        let counts = [st.hires[k], st.drops_into_b[k], st.high_jumps[k]];
        let mut ink = theme.ink;
        if st.capture_points[k] == 0 && counts.iter().all(|n| *n == 0) {
            ink.0[3] = 90;
        }
        let head = format!("{} {}", label(kind, theme.script), st.capture_points[k]);
        text_centered(img, &head, cx, y + line * 7 / 20, big, ink);
        let tail = counts.map(|n| n.to_string()).join("·");
        text_centered(img, &tail, cx, y + line * 4 / 5, small, ink);
    }
}

/// A piece page's mark on the square whose top left corner is `(sx, sy)`: a dot for a move, a
/// red ring for a capture (over the unit captured), a green square for a stack.
fn draw_mark(img: &mut RgbaImage, mark: Mark, sx: i64, sy: i64, cell: i64, theme: &Theme) {
    let (cx, cy) = (sx + cell / 2, sy + cell / 2);
    match mark {
        Mark::Move => {
            let mut dot = theme.ink;
            dot.0[3] = 170;
            fill_disc(img, cx, cy, (cell / 7).max(3), dot);
        }
        Mark::Capture => {
            let outer = cell * 9 / 20;
            super::board::ring(img, (cx, cy), outer - (cell / 12).max(2), outer, 0, theme.check);
        }
        Mark::Stack => outline(img, sx + 2, sy + 2, cell - 4, (cell / 14).max(3), STACK),
    }
}

/// The outline of a square a piece page's piece may stack onto.
const STACK: Rgba<u8> = Rgba([34, 139, 62, 255]);

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
    let (xs, x_note) = axis_labels('x', &o.x.0, cols, |l, k| fits_width(l, size, cell * k));
    let (ys, y_note) = axis_labels('y', &o.y.0, rows, |l, _| fits_width(l, size, label_w));
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
            &short(&theme.labels, &title),
            left + cols * cell / 2,
            top - title_h / 2,
            size * 1.2,
            theme.ink,
        );
        for (j, line) in grid.iter().enumerate() {
            let j = i64::try_from(j).unwrap_or(0);
            let y = &o.y.0 + j;
            // Row y.0 at the bottom, or at the top when the theme is flipped (Blue's own view).
            let sy = top + if theme.flipped { j } else { rows - 1 - j } * cell;
            for (i, cellv) in line.iter().enumerate() {
                let i = i64::try_from(i).unwrap_or(0);
                let x = &o.x.0 + i;
                let sx = left + if theme.flipped { cols - 1 - i } else { i } * cell;
                let in_b = *z == 1 && x.within(1, 12) && y.within(1, 12);
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
        let notes = short(&theme.labels, &notes.join("   "));
        text_centered(&mut img, &notes, width / 2, y, size, theme.ink);
    }
    encode(&img)
}

/// Draws `view` and encodes it as PNG. Equal views give identical bytes.
#[must_use]
pub fn render(view: &View, caption: &str, theme: &Theme) -> Picture {
    draw(view, caption, theme, &[], true)
}

/// What a piece page (`/rules rabble <code>`) marks on a square the piece reaches in one turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// It may move there (the square is empty): a dot.
    Move,
    /// It may capture the enemy unit there: a red ring.
    Capture,
    /// It may stack onto the friendly unit there (a turn that costs points): a green square.
    Stack,
}

/// `view` drawn as the game draws its board but without the score footer, with the squares of
/// `marks` marked: a piece page (`/rules rabble <code>`) and the selection's strips. Equal inputs
/// give identical bytes.
#[must_use]
pub fn marked(
    view: &View,
    marks: &[(crate::games::rabble::Coord, Mark)],
    caption: &str,
    theme: &Theme,
) -> Picture {
    draw(view, caption, theme, marks, false)
}

/// Draws a view: the board with `marks` on it and, when `footer`, the scores and counters.
fn draw(
    view: &View,
    caption: &str,
    theme: &Theme,
    marks: &[(crate::games::rabble::Coord, Mark)],
    footer: bool,
) -> Picture {
    let cols = i64::try_from(view.cells.first().map_or(0, Vec::len)).unwrap_or(0);
    let rows = i64::try_from(view.cells.len()).unwrap_or(0);
    let cell = i64::from(theme.cell.clamp(8, 512)) / 2 + 4;
    let margin = i64::from(theme.margin.min(512));
    let band = i64::from(theme.caption.clamp(8, 512));
    // Coordinate labels, offsets from the first when the numbers are too wide for a square
    // (their notes go in the footer).
    // Coordinates are never smaller than [`MIN_TEXT`]: zoomed out, fewer of them are labelled.
    let size = (cell as f32 * 0.32).max(MIN_TEXT);
    let (xs, x_note) = axis_labels('x', &view.x.0, cols, |l, k| fits_width(l, size, cell * k));
    let (ys, y_note) = axis_labels('y', &view.y.0, rows, |l, k| {
        fits_width(l, size, margin) && size * 1.1 <= (cell * k) as f32
    });
    let notes: Vec<String> = x_note.into_iter().chain(y_note).collect();
    // Scores, then each side's counters (the seed's 「三串小數字」), then what lies outside,
    // then the coordinate notes.
    // The footer's lines are a square high, or high enough for readable text when zoomed out.
    let line = cell.max(32);
    let notes_h = if notes.is_empty() { 0 } else { line * 2 / 3 };
    let footer_h = if footer {
        line + STATS_ROWS * stats_row(line)
            + line * 2 / 3
            + if view.outside.1 > 0 { line * 2 / 3 } else { 0 }
            + notes_h
    } else {
        notes_h
    };
    let width = cols * cell + 2 * margin;
    let height = band + rows * cell + margin + footer_h;
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
        let y = &view.y.0 + j;
        for (i, cellv) in row.iter().enumerate() {
            let i = i64::try_from(i).unwrap_or(0);
            let x = &view.x.0 + i;
            let (sx, sy) = at(i, j);
            let in_b = view.layer.is_main() && x.within(1, 12) && y.within(1, 12);
            let color = if (5..=8).contains(&y) && in_b {
                front
            } else if in_b {
                battlefield
            } else {
                outside
            };
            fill_rect(&mut img, sx + 1, sy + 1, cell - 2, cell - 2, color);
            let here = crate::games::rabble::Coord { x, y: y.clone(), layer: view.layer.clone() };
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
            if let Some((_, mark)) = marks.iter().find(|(c, _)| *c == here) {
                draw_mark(&mut img, *mark, sx, sy, cell, theme);
            }
        }
    }
    // The promotion lines: under y = 8 (Red's zone starts) and over y = 5 (Blue's).
    for line_y in [8, 6] {
        // Offsets from the window's first row: none of them when the window is far away.
        let Some(j) = (Int::new(line_y) - &view.y.0).to_i64() else { continue };
        if (0..rows).contains(&j) {
            let (_, sy) = at(0, j);
            let sy = if theme.flipped { sy } else { sy + cell - 1 };
            fill_rect(&mut img, left, sy, cols * cell, 2, zone);
        }
    }
    // Coordinates.
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
    let base = top + rows * cell + margin;
    let small = (line as f32 * 0.3).max(MIN_TEXT);
    if !footer {
        if !notes.is_empty() {
            let y = base + notes_h / 2;
            text_centered(&mut img, &notes.join("   "), width / 2, y, small, theme.ink);
        }
        return encode(&img);
    }
    // Scores under the board.
    let w = &theme.labels;
    let (red, blue) = (w.get("img-red"), w.get("img-blue"));
    let scores = format!("{red} {}   {blue} {}", view.score[0], view.score[1]);
    let big = (line as f32 * 0.45).max(MIN_TEXT + 3.0);
    text_centered(&mut img, &scores, width / 2, base + line / 2, big, theme.ink);
    // Each side's statistics by piece type, then their key.
    let mut y = base + line;
    for side in [Side::Red, Side::Blue] {
        draw_stats(&mut img, view, side, (margin, y), (width - 2 * margin, line), theme);
        y += stats_row(line);
    }
    text_centered(&mut img, w.get("img-stats-key"), width / 2, y + line / 3, small, theme.ink);
    let after = y + line * 2 / 3;
    if view.outside.1 > 0 {
        let shown: Vec<String> =
            view.outside.0.iter().take(4).map(|(c, u)| format!("{} {c}", u.letters())).collect();
        let more = view.outside.1.saturating_sub(shown.len());
        let mut text = w.fill("img-outside", &[("list", &shown.join(" "))]);
        if more > 0 {
            text.push_str(&format!(" +{more}"));
        }
        let text = short(w, &text);
        text_centered(&mut img, &text, width / 2, after + line / 3, small, theme.ink);
    }
    if !notes.is_empty() {
        let y = after + line / 3 + if view.outside.1 > 0 { line * 2 / 3 } else { 0 };
        let notes = short(w, &notes.join("   "));
        text_centered(&mut img, &notes, width / 2, y, small, theme.ink);
    }
    encode(&img)
}

#[cfg(test)]
mod tests {
    use super::axis_labels;
    use crate::games::rabble::Int;

    #[test]
    fn coordinates_that_fit_their_square_are_written_whole_and_far_ones_as_offsets() {
        let fits = |l: &str, k: i64| super::fits_width(l, 12.8, 40 * k);
        let (labels, note) = axis_labels('x', &Int::new(-1), 16, fits);
        assert_eq!(labels.first().map(String::as_str), Some("-1"));
        assert_eq!(labels.last().map(String::as_str), Some("14"));
        assert_eq!(note, None);
        // 15 digits cannot fit a 40-pixel square: offsets from the first, named once.
        let far = 999_999_998_999_993;
        let (labels, note) = axis_labels('y', &Int::new(far), 16, fits);
        assert_eq!(labels.first().map(String::as_str), Some("+0"));
        assert_eq!(labels.get(7).map(String::as_str), Some("+7"));
        assert_eq!(note.as_deref(), Some("y = 999999998999993 + n"));
        // Beyond any machine integer, exactly: the first label is 10^40 itself.
        let huge: Int = format!("1{}", "0".repeat(40)).parse().unwrap();
        let (labels, note) = axis_labels('x', &huge, 16, fits);
        assert_eq!(labels.last().map(String::as_str), Some("+15"));
        assert_eq!(note, Some(format!("x = 1{} + n", "0".repeat(40))));
    }

    #[test]
    fn zoomed_far_out_every_label_drawn_fits_and_they_fall_on_multiples_of_a_round_step() {
        // Squares of 16 pixels and 11-pixel text (zoom 3): "-17" is 18 pixels wide, so not
        // every square can carry its number; every 2nd one can, at the even coordinates.
        let fits = |l: &str, k: i64| super::fits_width(l, 11.0, 16 * k);
        let (labels, note) = axis_labels('x', &Int::new(-17), 48, fits);
        assert_eq!(note, None);
        assert_eq!(labels.len(), 48);
        for (i, l) in labels.iter().enumerate() {
            let v = -17 + i as i64;
            assert_eq!(l.is_empty(), v % 2 != 0, "{v}: {l:?}");
            if !l.is_empty() {
                assert_eq!(l, &v.to_string());
                assert!(fits(l, 2), "{l}");
            }
        }
    }
}
