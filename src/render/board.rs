//! The square-board layer shared by the chess-like games (8x8 Ultima, 10x10 Perfect and the
//! like): a caption band on top, the board seen from its viewer's side with file letters along
//! the bottom and rank numbers along the left, pieces as figures ([`super::figure`]) with the
//! code players type small in their square's corner (or, for a piece without a figure, a disc
//! carrying its code, Chinese or Latin as the caller picks), and highlights for the last move, captured squares,
//! a check and marked (e.g. frozen) pieces. A piece diagram (`/rules <game> <code>`) adds the
//! squares a piece reaches, or a move it teaches: an arrow, the pieces it captures crossed in red,
//! and notes under the board (the key to its marks, what it shows).
//!
//! A game turns its view into a [`BoardView`] and calls [`render`]; it may also [`draw`] the
//! board and paint its own extras on top before encoding. Boards are clamped to 16x16, squares
//! and pieces outside the board are skipped, and the same view always gives the same bytes.

use ab_glyph::PxScale;
use image::{Rgba, RgbaImage};
use imageproc::drawing::text_size;

use super::common::{Picture, Theme, blend, drawable, encode, fill_disc, fill_rect, font, text_at};
use super::common::{fill_triangle, text_centered, thick_line};
use super::figure::{self, Figure, Paints};

/// The largest board side drawn; larger boards are clamped to it.
const MAX_SIDE: u8 = 16;

/// A square: file 0 = a, rank 0 = 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Square {
    /// Column from the first player's left, 0 = file a.
    pub file: u8,
    /// Row from the first player's side, 0 = rank 1.
    pub rank: u8,
}

/// A piece as drawn: its figure, its code (Chinese or Latin, chosen by the caller: one or two
/// characters, `R+`; empty for a piece without a code, as pawns are), its owner (0 =
/// first/white, 1 = second/black), and whether it is marked (e.g. an Ultima piece frozen by an
/// immobilizer), which draws a dashed ring and hatching around it. A piece with a figure shows
/// its code small in its square's top left corner; one without is a disc carrying its code (a
/// smaller plain disc when it has none).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The code players type for it (characters the font lacks are drawn as `?`).
    pub label: String,
    /// Its figure, or `None` for a disc with its code.
    pub figure: Option<Figure>,
    /// 0 = the first seat (white, [`Theme::first`]), anything else the second
    /// ([`Theme::second`]).
    pub owner: u8,
    /// Whether the piece carries the "marked" (frozen) marker.
    pub marked: bool,
}

/// How a piece reaches a square in a piece diagram.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reach {
    /// It may move there (a dot).
    Move,
    /// It may capture there (a ring).
    Capture,
    /// Both (a dot in a ring).
    Both,
}

/// A mark a [`Note`] shows in front of its words: the key to a mark on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mark {
    /// The taught move's arrow ([`BoardView::arrow`]).
    Arrow,
    /// A piece the taught move captures: a red cross ([`BoardView::taken`]).
    Taken,
    /// A frozen piece: hatching and a dashed ring ([`Piece::marked`]).
    Frozen,
}

/// A line under the board: a key to one of its marks (the mark, then its words), or without a
/// mark a sentence saying what the picture shows; wrapped to the picture's width.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Note {
    /// The mark it explains, drawn small in front of the words, if any.
    pub mark: Option<Mark>,
    /// Its words (characters the font lacks are drawn as `?`).
    pub text: String,
}

/// What a square board shows.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BoardView {
    /// Number of files (columns), 1..=16; 0 draws no board, larger values are clamped to 16.
    pub files: u8,
    /// Number of ranks (rows), 1..=16; 0 draws no board, larger values are clamped to 16.
    pub ranks: u8,
    /// The pieces on the board; pieces off the board are skipped, and a later piece on the same
    /// square is drawn over an earlier one.
    pub pieces: Vec<(Square, Piece)>,
    /// Seen from the second player's side: rank 1 at the top, file a on the right.
    pub flipped: bool,
    /// The last move's from and to squares, tinted with [`Theme::last_move`].
    pub last_move: Option<(Square, Square)>,
    /// Squares where pieces were just captured, tinted with [`Theme::captured`] and crossed.
    pub captured: Vec<Square>,
    /// The square of a king in check, ringed with [`Theme::check`].
    pub check: Option<Square>,
    /// Squares a piece reaches, in piece diagrams (`/rules <game> <code>`).
    pub targets: Vec<(Square, Reach)>,
    /// A move a piece diagram teaches, from its first square to its second: an arrow over the
    /// board (the picture shows the position before it).
    pub arrow: Option<(Square, Square)>,
    /// A rectangle a piece diagram outlines, dashed, through the middles of two opposite
    /// corner squares (a coordinator's with its king).
    pub rectangle: Option<(Square, Square)>,
    /// The pieces the taught move captures, still standing (the position is before the move),
    /// crossed in red over their figures.
    pub taken: Vec<Square>,
    /// Lines under the board (the key to its marks, what it shows), wrapped to its width.
    pub notes: Vec<Note>,
    /// The caption line above the board (game id, whose turn, clock); characters the font
    /// lacks are drawn as `?`, and a caption too long for the image is shrunk, then cut with `…`.
    pub caption: String,
}

/// Pixel geometry of one drawing.
struct Layout {
    files: u8,
    ranks: u8,
    cell: i64,
    /// Left edge of the board.
    left: i64,
    /// Top edge of the board.
    top: i64,
    width: u32,
    height: u32,
    flipped: bool,
    /// The notes as wrapped lines: a line's mark (on a note's first line only), how far its
    /// words stand in from the margin (clear of the mark), and its words.
    notes: Vec<(Option<Mark>, i64, String)>,
    /// Top edge of the notes, their type size and line height.
    notes_top: i64,
    note_size: f32,
    note_line: i64,
}

impl Layout {
    fn new(view: &BoardView, theme: &Theme) -> Self {
        let files = view.files.min(MAX_SIDE);
        let ranks = view.ranks.min(MAX_SIDE);
        let cell = i64::from(theme.cell.clamp(8, 512));
        let margin = i64::from(theme.margin.min(512));
        let caption = i64::from(theme.caption.clamp(8, 512));
        let (board_w, board_h) = if files == 0 || ranks == 0 {
            (0, 0)
        } else {
            (i64::from(files) * cell, i64::from(ranks) * cell)
        };
        // Wide enough for a readable caption even on a tiny board.
        let width = (board_w + 2 * margin).max(4 * cell + 2 * margin);
        let height = caption + board_h + if board_h > 0 { margin + margin / 3 } else { margin / 2 };
        let note_size = (cell as f32 * 0.27).max(9.0);
        let note_line = (f64::from(note_size) * 1.5).round() as i64;
        let mut notes = Vec::new();
        for note in &view.notes {
            // A mark takes a line's height in front of the words, and the words keep clear of it.
            let indent = if note.mark.is_some() { note_line + note_line / 3 } else { 0 };
            let room = width - 2 * margin - indent;
            for (i, line) in wrap(&note.text, room, note_size).into_iter().enumerate() {
                notes.push((if i == 0 { note.mark } else { None }, indent, line));
            }
        }
        let notes_top = height;
        let notes_h =
            if notes.is_empty() { 0 } else { notes.len() as i64 * note_line + margin / 2 };
        let height = height + notes_h;
        Layout {
            files,
            ranks,
            cell,
            left: (width - board_w) / 2,
            top: caption,
            width: u32::try_from(width).unwrap_or(1),
            height: u32::try_from(height).unwrap_or(1),
            flipped: view.flipped,
            notes,
            notes_top,
            note_size,
            note_line,
        }
    }

    fn has_board(&self) -> bool {
        self.files > 0 && self.ranks > 0
    }

    /// Column on screen (0 = left) of a file.
    fn column(&self, file: u8) -> i64 {
        if self.flipped { i64::from(self.files) - 1 - i64::from(file) } else { i64::from(file) }
    }

    /// Row on screen (0 = top) of a rank.
    fn row(&self, rank: u8) -> i64 {
        if self.flipped { i64::from(rank) } else { i64::from(self.ranks) - 1 - i64::from(rank) }
    }

    /// Top-left pixel of a square, or `None` if it is off the board.
    fn origin(&self, sq: Square) -> Option<(i64, i64)> {
        (sq.file < self.files && sq.rank < self.ranks).then(|| {
            (self.left + self.column(sq.file) * self.cell, self.top + self.row(sq.rank) * self.cell)
        })
    }

    /// Centre pixel of a square, or `None` if it is off the board.
    fn centre(&self, sq: Square) -> Option<(i64, i64)> {
        self.origin(sq).map(|(x, y)| (x + self.cell / 2, y + self.cell / 2))
    }
}

/// The name of a file: `a`..`z`, then numbers from 27 on.
fn file_name(file: u8) -> String {
    if file < 26 { char::from(b'a' + file).to_string() } else { (u32::from(file) + 1).to_string() }
}

/// WCAG relative luminance of an sRGB colour, 0.0..=1.0.
fn luminance(c: Rgba<u8>) -> f64 {
    let lin = |v: u8| {
        let v = f64::from(v) / 255.0;
        if v <= 0.039_28 { v / 12.92 } else { ((v + 0.055) / 1.055).powf(2.4) }
    };
    0.2126 * lin(c.0[0]) + 0.7152 * lin(c.0[1]) + 0.0722 * lin(c.0[2])
}

/// Black or white, whichever contrasts more with `fill`.
fn contrast_text(fill: Rgba<u8>) -> Rgba<u8> {
    let l = luminance(fill);
    let on_white = 1.05 / (l + 0.05);
    let on_black = (l + 0.05) / 0.05;
    if on_black >= on_white { Rgba([0, 0, 0, 255]) } else { Rgba([255, 255, 255, 255]) }
}

/// A ring between radii `inner` and `outer` around (cx, cy), its edges anti-aliased (a pixel on
/// either rim takes the colour in proportion to how much of it the ring covers, estimated by its
/// centre's distance); with `dashes` > 0 only every other of `2 * dashes` equal arcs is drawn.
pub(super) fn ring(
    img: &mut RgbaImage,
    (cx, cy): (i64, i64),
    inner: i64,
    outer: i64,
    dashes: u32,
    color: Rgba<u8>,
) {
    let (r0, r1) = (inner as f64, outer as f64);
    for y in cy - outer - 1..=cy + outer + 1 {
        for x in cx - outer - 1..=cx + outer + 1 {
            let (dx, dy) = (x - cx, y - cy);
            let d = ((dx * dx + dy * dy) as f64).sqrt();
            let cover = (r1 + 0.5 - d).clamp(0.0, 1.0) * (d - r0 + 0.5).clamp(0.0, 1.0);
            if cover <= 0.0 {
                continue;
            }
            if dashes > 0 {
                let angle = (dy as f64).atan2(dx as f64) + std::f64::consts::PI;
                let arc = std::f64::consts::PI / f64::from(dashes);
                let k = (angle / arc).floor() as i64;
                if k % 2 == 1 {
                    continue;
                }
            }
            let mut c = color;
            c.0[3] = (f64::from(color.0[3]) * cover).round() as u8;
            blend(img, x, y, c);
        }
    }
}

/// Diagonal stripes over a disc of radius `r` around (cx, cy).
fn hatch_disc(img: &mut RgbaImage, (cx, cy): (i64, i64), r: i64, period: i64, color: Rgba<u8>) {
    let stripe = (period / 3).max(1);
    for y in cy - r..=cy + r {
        for x in cx - r..=cx + r {
            let (dx, dy) = (x - cx, y - cy);
            if dx * dx + dy * dy <= r * r && (dx + dy).rem_euclid(period) < stripe {
                blend(img, x, y, color);
            }
        }
    }
}

/// Pixel width of `text` at `size` (the text as drawn, with undrawable characters replaced).
pub(super) fn text_width(text: &str, size: f32) -> i64 {
    font().map_or(0, |f| i64::from(text_size(PxScale::from(size), f, &drawable(text)).0))
}

/// `text` cut with `…` until it is at most `room` pixels wide at `size`.
pub(super) fn fit(text: &str, room: i64, size: f32) -> String {
    let mut out = text.to_string();
    let mut chars: Vec<char> = text.chars().collect();
    while text_width(&out, size) > room && !chars.is_empty() {
        chars.pop();
        out = chars.iter().collect::<String>().trim_end().to_string() + "…";
    }
    out
}

/// `text` in lines at most `room` pixels wide at `size` (a word longer than that alone on its
/// line): broken at the last space that fits, or between two characters where there is none
/// (Chinese), but never before a closing punctuation mark.
pub(super) fn wrap(text: &str, room: i64, size: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for c in text.trim().chars() {
        let mut longer = line.clone();
        longer.push(c);
        let closing = "，。、；：？！）」』”,.;:?!)".contains(c);
        if line.is_empty() || closing || text_width(&longer, size) <= room {
            line = longer;
            continue;
        }
        if c == ' ' {
            lines.push(std::mem::take(&mut line));
            continue;
        }
        match line.rfind(' ') {
            Some(at) if at > 0 => {
                let rest = line[at + 1..].to_string();
                line.truncate(at);
                lines.push(std::mem::replace(&mut line, rest));
                line.push(c);
            }
            _ => {
                lines.push(std::mem::take(&mut line));
                line.push(c);
            }
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines.into_iter().map(|l| l.trim().to_string()).filter(|l| !l.is_empty()).collect()
}

/// Draws the caption centred in the top band, shrinking it (down to a floor) and then cutting it
/// with `…` until it fits. Shared by every renderer's caption line.
pub(super) fn draw_caption(img: &mut RgbaImage, caption: &str, band: i64, color: Rgba<u8>) {
    let caption = caption.trim();
    if caption.is_empty() {
        return;
    }
    let room = i64::from(img.width()) - 16;
    let full = band as f32 * 0.65;
    let floor = (full * 0.7).max(10.0);
    let mut size = full;
    while size > floor && text_width(caption, size) > room {
        size -= 1.0;
    }
    let text = fit(caption, room, size);
    let x = (i64::from(img.width()) - text_width(&text, size)) / 2;
    let (_, h) = font().map_or((0, 0), |f| text_size(PxScale::from(size), f, &text));
    let y = (band - i64::from(h)) / 2;
    text_at(img, &text, x, y, size, color);
}

/// Draws `view` from its viewer's side.
#[must_use]
pub fn draw(view: &BoardView, theme: &Theme) -> RgbaImage {
    let layout = Layout::new(view, theme);
    let mut background = theme.background;
    background.0[3] = 255;
    let mut img = RgbaImage::from_pixel(layout.width, layout.height, background);
    draw_caption(&mut img, &view.caption, layout.top, theme.ink);
    if !layout.has_board() {
        return img;
    }
    let cell = layout.cell;

    // Squares: a1 is dark, as in chess.
    for rank in 0..layout.ranks {
        for file in 0..layout.files {
            let sq = Square { file, rank };
            if let Some((x, y)) = layout.origin(sq) {
                let color = if (file + rank) % 2 == 0 { theme.dark } else { theme.light };
                fill_rect(&mut img, x, y, cell, cell, color);
            }
        }
    }

    // Highlights under the pieces.
    if let Some((from, to)) = view.last_move {
        for sq in [from, to] {
            if let Some((x, y)) = layout.origin(sq) {
                fill_rect(&mut img, x, y, cell, cell, theme.last_move);
            }
        }
    }
    let cross = Rgba([theme.captured.0[0], theme.captured.0[1], theme.captured.0[2], 255]);
    for &sq in &view.captured {
        if let Some((x, y)) = layout.origin(sq) {
            fill_rect(&mut img, x, y, cell, cell, theme.captured);
            let (a, b) = (cell / 10, cell - 1 - cell / 10);
            let w = (cell / 14).max(2);
            thick_line(&mut img, (x + a, y + a), (x + b, y + b), w, cross);
            thick_line(&mut img, (x + b, y + a), (x + a, y + b), w, cross);
        }
    }

    // Frame.
    let (bw, bh) = (i64::from(layout.files) * cell, i64::from(layout.ranks) * cell);
    let frame = (cell / 36).max(1);
    fill_rect(&mut img, layout.left - frame, layout.top - frame, bw + 2 * frame, frame, theme.ink);
    fill_rect(&mut img, layout.left - frame, layout.top + bh, bw + 2 * frame, frame, theme.ink);
    fill_rect(&mut img, layout.left - frame, layout.top, frame, bh, theme.ink);
    fill_rect(&mut img, layout.left + bw, layout.top, frame, bh, theme.ink);

    // Coordinates: files along the bottom, ranks along the left, from the viewer's side.
    let margin = i64::from(theme.margin.min(512));
    let coord_size = (margin as f32 * 0.8).min(cell as f32 * 0.45).max(8.0);
    for file in 0..layout.files {
        let cx = layout.left + layout.column(file) * cell + cell / 2;
        let cy = layout.top + bh + frame + margin / 2;
        text_centered(&mut img, &file_name(file), cx, cy, coord_size, theme.ink);
    }
    for rank in 0..layout.ranks {
        let cy = layout.top + layout.row(rank) * cell + cell / 2;
        let cx = (layout.left - frame) / 2;
        text_centered(&mut img, &(u32::from(rank) + 1).to_string(), cx, cy, coord_size, theme.ink);
    }

    // Check marker: a thick ring around the square's piece, outside its disc and under a marked
    // piece's dashed ring, so a frozen king in check shows both.
    if let Some((cx, cy)) = view.check.and_then(|sq| layout.centre(sq)) {
        let outer = cell / 2 - 1;
        ring(&mut img, (cx, cy), outer - (cell / 12).max(2), outer, 0, theme.check);
    }

    // Pieces.
    let disc = cell * 2 / 5;
    let edge = (cell / 36).max(1);
    let label_size = cell as f32 * 0.56;
    for (sq, piece) in &view.pieces {
        let Some((cx, cy)) = layout.centre(*sq) else { continue };
        // White light and Black dark, as on every chess board.
        let mut fill = if piece.owner == 0 { theme.white } else { theme.black };
        fill.0[3] = 255;
        let label = piece.label.as_str();
        if let Some(figure) = piece.figure {
            draw_figure(&mut img, (cx, cy), cell, piece, figure, fill, theme);
            continue;
        }
        // A piece without a code (a pawn) is a smaller plain disc.
        let disc = if label.is_empty() { cell * 3 / 10 } else { disc };
        fill_disc(&mut img, cx, cy, disc, theme.ink);
        fill_disc(&mut img, cx, cy, disc - edge, fill);
        let text = contrast_text(fill);
        if piece.marked {
            let mut stripes = theme.ink;
            stripes.0[3] = 110;
            hatch_disc(&mut img, (cx, cy), disc - edge, (cell / 7).max(3), stripes);
        }
        // Drawn twice a pixel apart: a slightly bolder stroke reads better on a phone.
        // Two characters (`R+`, `城+`) in smaller type, so they stay inside the disc.
        let size = if label.chars().count() > 1 { label_size * 0.72 } else { label_size };
        text_centered(&mut img, label, cx, cy, size, text);
        text_centered(&mut img, label, cx + 1, cy, size, text);
        if piece.marked {
            let r = disc + cell / 40 + 1;
            ring(&mut img, (cx, cy), r, r + (cell / 16).max(2), 8, theme.ink);
        }
    }

    // Where a piece goes, in piece diagrams: a dot for a move, a ring for a capture.
    for &(sq, reach) in &view.targets {
        let Some((cx, cy)) = layout.centre(sq) else { continue };
        if matches!(reach, Reach::Move | Reach::Both) {
            let mut dot = theme.ink;
            dot.0[3] = 170;
            fill_disc(&mut img, cx, cy, (cell / 7).max(3), dot);
        }
        if matches!(reach, Reach::Capture | Reach::Both) {
            let outer = cell * 2 / 5;
            ring(&mut img, (cx, cy), outer - (cell / 12).max(2), outer, 0, theme.check);
        }
    }

    // A taught move: its rectangle, its captures crossed over their figures, then its arrow
    // over everything.
    if let Some((one, other)) = view.rectangle
        && let (Some(a), Some(b)) = (layout.centre(one), layout.centre(other))
    {
        let corners = [a, (b.0, a.1), b, (a.0, b.1)];
        for i in 0..4 {
            dashed(&mut img, corners[i], corners[(i + 1) % 4], cell, arrow_color(theme));
        }
    }
    for &sq in &view.taken {
        if let Some((x, y)) = layout.origin(sq) {
            red_cross(&mut img, (x, y), cell, theme);
        }
    }
    if let Some((from, to)) = view.arrow
        && let (Some(a), Some(b)) = (layout.centre(from), layout.centre(to))
    {
        let (dx, dy) = ((b.0 - a.0) as f64, (b.1 - a.1) as f64);
        let length = (dx * dx + dy * dy).sqrt().max(1.0);
        // From the edge of the mover's figure to the middle of the square it lands on.
        let lift = cell as f64 * 0.45;
        let start = (a.0 as f64 + dx / length * lift, a.1 as f64 + dy / length * lift);
        arrow(&mut img, start, (b.0 as f64, b.1 as f64), cell, arrow_color(theme));
    }

    draw_notes(&mut img, &layout, theme);
    img
}

/// The arrow's colour: the first seat's blue, a little translucent so the squares show through.
fn arrow_color(theme: &Theme) -> Rgba<u8> {
    let mut c = theme.first;
    c.0[3] = 215;
    c
}

/// A red cross with a light halo over the square at `(x, y)` (its top left pixel).
fn red_cross(img: &mut RgbaImage, (x, y): (i64, i64), cell: i64, theme: &Theme) {
    // Inside the square's corners, so the piece's code and much of its figure stay readable.
    let (a, b) = (x + cell / 4, x + cell - 1 - cell / 4);
    let (c, d) = (y + cell / 4, y + cell - 1 - cell / 4);
    let w = (cell / 14).max(2);
    let mut halo = theme.white;
    halo.0[3] = 255;
    let mut red = theme.check;
    red.0[3] = 255;
    for (color, width) in [(halo, w + (cell / 24).max(2)), (red, w)] {
        thick_line(img, (a, c), (b, d), width, color);
        thick_line(img, (b, c), (a, d), width, color);
    }
}

/// A dashed straight line from `a` to `b` (pixels), its dashes sized for squares of `cell`
/// pixels.
fn dashed(img: &mut RgbaImage, a: (i64, i64), b: (i64, i64), cell: i64, color: Rgba<u8>) {
    let steps = (b.0 - a.0).abs().max((b.1 - a.1).abs());
    let (on, period) = ((cell / 6).max(2), (cell / 6 + cell / 9).max(3));
    let r = (cell / 40).max(1);
    let mut stamped = std::collections::BTreeSet::new();
    for s in 0..=steps {
        if s % period >= on {
            continue;
        }
        let x = a.0 + (b.0 - a.0) * s / steps.max(1);
        let y = a.1 + (b.1 - a.1) * s / steps.max(1);
        for dy in -r..=r {
            for dx in -r..=r {
                stamped.insert((x + dx, y + dy));
            }
        }
    }
    for (x, y) in stamped {
        blend(img, x, y, color);
    }
}

/// An arrow from `from` to its tip at `to` (pixels), its stroke and head sized for squares of
/// `cell` pixels; every pixel is blended once, so a translucent colour stays even.
fn arrow(img: &mut RgbaImage, from: (f64, f64), to: (f64, f64), cell: i64, color: Rgba<u8>) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let length = (dx * dx + dy * dy).sqrt().max(1.0);
    let (ux, uy) = (dx / length, dy / length);
    let head = (cell as f64 * 0.34).min(length * 0.6);
    let half = head * 0.6;
    let base = (to.0 - ux * head, to.1 - uy * head);
    let r = (cell as f64 / 20.0).max(1.0);
    // The stroke: pixels within `r` of the segment from `from` to the head's base.
    let mut stamped = std::collections::BTreeSet::new();
    let (x0, x1) = (from.0.min(base.0) - r, from.0.max(base.0) + r);
    let (y0, y1) = (from.1.min(base.1) - r, from.1.max(base.1) + r);
    let run = ((base.0 - from.0).powi(2) + (base.1 - from.1).powi(2)).sqrt();
    for y in y0.floor() as i64..=y1.ceil() as i64 {
        for x in x0.floor() as i64..=x1.ceil() as i64 {
            let (px, py) = (x as f64 - from.0, y as f64 - from.1);
            let along = (px * ux + py * uy).clamp(0.0, run);
            let (ex, ey) = (px - ux * along, py - uy * along);
            if ex * ex + ey * ey <= r * r {
                stamped.insert((x, y));
            }
        }
    }
    for (x, y) in stamped {
        blend(img, x, y, color);
    }
    let (nx, ny) = (-uy, ux);
    let wings =
        [to, (base.0 + nx * half, base.1 + ny * half), (base.0 - nx * half, base.1 - ny * half)];
    fill_triangle(img, wings, color);
}

/// The notes under the board: each line's mark small in front of its words.
fn draw_notes(img: &mut RgbaImage, layout: &Layout, theme: &Theme) {
    let margin = i64::from(theme.margin.min(512));
    let h = layout.note_line;
    for (i, (mark, indent, text)) in layout.notes.iter().enumerate() {
        let y = layout.notes_top + i as i64 * h;
        if let Some(mark) = mark {
            draw_mark(img, (margin, y), h, *mark, theme);
        }
        text_at(img, text, margin + indent, y + h / 8, layout.note_size, theme.ink);
    }
}

/// A small `mark` in the `size`×`size` box at `(x, y)`, as the board draws it.
fn draw_mark(img: &mut RgbaImage, (x, y): (i64, i64), size: i64, mark: Mark, theme: &Theme) {
    let (cx, cy) = (x + size / 2, y + size / 2);
    match mark {
        Mark::Arrow => {
            let from = ((x + size / 12) as f64, cy as f64);
            arrow(img, from, ((x + size - size / 12) as f64, cy as f64), size, arrow_color(theme));
        }
        Mark::Taken => red_cross(img, (x, y), size, theme),
        Mark::Frozen => {
            let r = size * 2 / 5;
            let mut stripes = theme.ink;
            stripes.0[3] = 110;
            hatch_disc(img, (cx, cy), r, (size / 5).max(3), stripes);
            ring(img, (cx, cy), r, r + (size / 12).max(1), 6, theme.ink);
        }
    }
}

/// The paints of a figure filled with `fill`: dark lines on a light side, light lines on a dark
/// one.
#[must_use]
pub fn paints(fill: Rgba<u8>, theme: &Theme) -> Paints {
    if contrast_text(fill) == Rgba([0, 0, 0, 255]) {
        Paints::light(fill, theme.ink)
    } else {
        let mut light = theme.white;
        light.0[3] = 255;
        Paints::dark(fill, theme.ink, light)
    }
}

/// A piece's figure on the square centred at (cx, cy), a little below the middle so that its
/// code fits in the square's top left corner; a marked piece gets hatching behind it and a
/// dashed ring around it.
fn draw_figure(
    img: &mut RgbaImage,
    (cx, cy): (i64, i64),
    cell: i64,
    piece: &Piece,
    figure: Figure,
    fill: Rgba<u8>,
    theme: &Theme,
) {
    let size = cell * 21 / 25;
    let (x, y) = (cx - size / 2, cy - size / 2 + cell / 25);
    if piece.marked {
        let mut stripes = theme.ink;
        stripes.0[3] = 90;
        hatch_disc(img, (cx, cy), cell * 2 / 5, (cell / 7).max(3), stripes);
    }
    figure::draw(img, figure, paints(fill, theme), x, y, u32::try_from(size).unwrap_or(8));
    if !piece.label.is_empty() {
        let (left, top) = (cx - cell / 2, cy - cell / 2);
        let size = (cell as f32 * 0.22).max(7.0);
        text_at(img, &piece.label, left + cell / 20, top + cell / 40, size, theme.ink);
    }
    if piece.marked {
        let r = cell * 2 / 5 + cell / 40 + 1;
        ring(img, (cx, cy), r, r + (cell / 16).max(2), 8, theme.ink);
    }
}

/// Draws `view` and encodes it as PNG (see [`super::encode`]). Equal views give identical bytes.
#[must_use]
pub fn render(view: &BoardView, theme: &Theme) -> Picture {
    encode(&draw(view, theme))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one_piece(flipped: bool) -> BoardView {
        BoardView {
            files: 8,
            ranks: 8,
            pieces: vec![(
                Square { file: 0, rank: 0 },
                Piece { label: "K".into(), figure: None, owner: 0, marked: false },
            )],
            flipped,
            ..BoardView::default()
        }
    }

    #[test]
    fn a1_is_bottom_left_for_the_first_player_and_top_right_when_flipped() {
        let theme = Theme::default();
        for flipped in [false, true] {
            let view = one_piece(flipped);
            let layout = Layout::new(&view, &theme);
            let img = draw(&view, &theme);
            let (cx, cy) = layout.centre(Square { file: 0, rank: 0 }).unwrap();
            let (w, h) = (i64::from(img.width()), i64::from(img.height()));
            if flipped {
                assert!(cx > w / 2 && cy < h / 2, "a1 at ({cx}, {cy}) flipped");
            } else {
                assert!(cx < w / 2 && cy > h / 2, "a1 at ({cx}, {cy})");
            }
            // The disc is drawn off-centre of the label, where no glyph reaches.
            let px = img.get_pixel(
                u32::try_from(cx).unwrap(),
                u32::try_from(cy - layout.cell / 3).unwrap(),
            );
            assert_eq!(*px, theme.white, "the piece's disc at a1, flipped = {flipped}");
        }
    }

    #[test]
    fn text_contrasts_with_the_disc() {
        assert_eq!(contrast_text(Rgba([0, 114, 178, 255])), Rgba([255, 255, 255, 255]));
        assert_eq!(contrast_text(Rgba([240, 228, 66, 255])), Rgba([0, 0, 0, 255]));
        assert_eq!(contrast_text(Rgba([0, 0, 0, 255])), Rgba([255, 255, 255, 255]));
    }

    #[test]
    fn files_are_lettered_then_numbered() {
        assert_eq!(file_name(0), "a");
        assert_eq!(file_name(25), "z");
        assert_eq!(file_name(26), "27");
    }

    #[test]
    fn off_board_squares_have_no_place() {
        let layout = Layout::new(&one_piece(false), &Theme::default());
        assert!(layout.origin(Square { file: 8, rank: 0 }).is_none());
        assert!(layout.origin(Square { file: 0, rank: 8 }).is_none());
    }
}
