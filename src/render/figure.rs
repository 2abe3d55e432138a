//! Piece figures: this project's own vector drawings of chess-like pieces, filled and outlined
//! with anti-aliased edges by `tiny-skia`, in place of letters on discs (issue 22).
//!
//! Every figure is drawn in a 100×100 box (y down, the base at the bottom) from a few paths
//! written here, so it scales to any square. The six chess figures (king, queen, rook, bishop,
//! knight, pawn) are drawn as players know them. Fairy pieces are built from parts, as chess
//! variant sites draw them:
//!
//! - a **combined piece** shows its parts side by side: the left half of one figure and the
//!   right half of the other (Perfect 10 x 10's marshal is knight | rook, its princess
//!   knight | bishop);
//! - a **step or jump** is marked on the figure with the atoms of fairy-chess notation: a `+`
//!   for a one-step orthogonal move (wazir), a `×` for a diagonal one (ferz), four dots in a `+`
//!   for an orthogonal jump of two (dabbaba) and four dots in a `×` for a diagonal jump of two
//!   (alfil). The leapers are a token carrying their marks (a guard is `+` and `×`, a ship `+`
//!   and its dots), and a promoted rook or bishop is its figure with the step it gained
//!   (the dragon a rook with a `×`, the griffin a bishop with a `+`);
//! - a few pieces have figures of their own: the cannon (a barrel on a wheel), the archer (a bow
//!   and arrow), Rabble's prince (a coronet) and its 大哥 (a star);
//! - Ultima's pieces take the figures Ultima players know from a chess set (coordinator rook,
//!   long leaper knight, chameleon bishop, withdrawer queen, immobilizer an upside-down rook).
//!
//! White is light with dark lines and Black dark with light lines, as on every chess site; a
//! side named for a colour (Rabble's Red and Blue) is filled with it. Drawn figures are kept per
//! thread by figure, colours and size, so a board of forty pieces rasterises each figure once.

use std::cell::RefCell;
use std::collections::HashMap;

use image::{Rgba, RgbaImage};
use tiny_skia::{
    Color, FillRule, LineCap, LineJoin, Mask, Paint, Path, PathBuilder, Pixmap, Stroke, Transform,
};

/// A figure's outline.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Body {
    /// A crown with a cross.
    King,
    /// A crown of five points.
    Queen,
    /// A tower with battlements.
    Rook,
    /// A mitre with its slit.
    Bishop,
    /// A horse's head, facing left.
    Knight,
    /// A ball on a stem.
    Pawn,
    /// A barrel on a wheel.
    Cannon,
    /// A bow with an arrow.
    Archer,
    /// A coronet of three points.
    Prince,
    /// A five-pointed star on a stem.
    Star,
    /// A plain disc on a stem, for pieces told apart by their marks.
    Token,
}

/// Steps and jumps drawn on a figure (the move atoms W, F, D and A of fairy-chess notation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Marks {
    /// One step orthogonally: `+`.
    pub wazir: bool,
    /// One step diagonally: `×`.
    pub ferz: bool,
    /// A jump of two orthogonally: four dots in a `+`.
    pub dabbaba: bool,
    /// A jump of two diagonally: four dots in a `×`.
    pub alfil: bool,
}

impl Marks {
    /// Whether nothing is marked.
    #[must_use]
    pub fn is_empty(self) -> bool {
        !(self.wazir || self.ferz || self.dabbaba || self.alfil)
    }
}

/// A piece's figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Figure {
    /// The figure, or its left half when [`Figure::right`] is set.
    pub left: Body,
    /// The right half of a combined piece.
    pub right: Option<Body>,
    /// Steps and jumps marked on it.
    pub marks: Marks,
    /// Drawn upside down (Ultima's immobilizer, an upside-down rook).
    pub inverted: bool,
}

impl Figure {
    /// A plain figure.
    #[must_use]
    pub const fn of(body: Body) -> Self {
        Figure {
            left: body,
            right: None,
            marks: Marks { wazir: false, ferz: false, dabbaba: false, alfil: false },
            inverted: false,
        }
    }

    /// A combined piece: the left half of `left` beside the right half of `right`.
    #[must_use]
    pub const fn combined(left: Body, right: Body) -> Self {
        let mut f = Figure::of(left);
        f.right = Some(right);
        f
    }

    /// `body` with `marks` on it.
    #[must_use]
    pub const fn marked(body: Body, marks: Marks) -> Self {
        let mut f = Figure::of(body);
        f.marks = marks;
        f
    }

    /// `body` upside down.
    #[must_use]
    pub const fn inverted(body: Body) -> Self {
        let mut f = Figure::of(body);
        f.inverted = true;
        f
    }
}

/// The colours a figure is drawn in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Paints {
    /// The figure's body.
    pub fill: Rgba<u8>,
    /// Its outline.
    pub line: Rgba<u8>,
    /// Lines and marks inside it (an eye, a slit, the step marks).
    pub detail: Rgba<u8>,
}

impl Paints {
    /// A light side's figure on `fill`: dark outline and details.
    #[must_use]
    pub fn light(fill: Rgba<u8>, ink: Rgba<u8>) -> Self {
        Paints { fill, line: ink, detail: ink }
    }

    /// A dark (or coloured) side's figure on `fill`: dark outline, light details.
    #[must_use]
    pub fn dark(fill: Rgba<u8>, ink: Rgba<u8>, light: Rgba<u8>) -> Self {
        Paints { fill, line: ink, detail: light }
    }
}

/// The figure's outline width in box units.
const LINE: f32 = 3.6;

/// One part of a drawing: a filled and outlined shape, or a detail stroke or dot.
enum Part {
    Shape(Path),
    Detail(Path),
    Dot(Path),
}

fn path(f: impl FnOnce(&mut PathBuilder)) -> Option<Path> {
    let mut pb = PathBuilder::new();
    f(&mut pb);
    pb.finish()
}

fn circle(x: f32, y: f32, r: f32) -> Option<Path> {
    PathBuilder::from_circle(x, y, r)
}

fn polygon(points: &[(f32, f32)]) -> Option<Path> {
    path(|pb| {
        if let Some(&(x, y)) = points.first() {
            pb.move_to(x, y);
        }
        for &(x, y) in &points[1.min(points.len())..] {
            pb.line_to(x, y);
        }
        pb.close();
    })
}

fn rect(x0: f32, y0: f32, x1: f32, y1: f32) -> Option<Path> {
    polygon(&[(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
}

/// The foot every figure stands on.
fn base() -> Option<Path> {
    path(|pb| {
        pb.move_to(22.0, 91.0);
        pb.line_to(78.0, 91.0);
        pb.line_to(78.0, 85.0);
        pb.cubic_to(78.0, 81.0, 74.0, 79.0, 70.0, 79.0);
        pb.line_to(30.0, 79.0);
        pb.cubic_to(26.0, 79.0, 22.0, 81.0, 22.0, 85.0);
        pb.close();
    })
}

/// A flared stem from the base up to `top` (its half width there `half`).
fn stem(top: f32, half: f32) -> Option<Path> {
    path(|pb| {
        pb.move_to(33.0, 80.0);
        pb.cubic_to(37.0, 70.0, 50.0 - half, 64.0, 50.0 - half, top);
        pb.line_to(50.0 + half, top);
        pb.cubic_to(50.0 + half, 64.0, 63.0, 70.0, 67.0, 80.0);
        pb.close();
    })
}

/// The parts of `body`, back to front.
fn parts(body: Body) -> Vec<Part> {
    use Part::{Detail, Dot, Shape};
    let mut out: Vec<Option<Part>> = Vec::new();
    let shape = |p: Option<Path>| p.map(Shape);
    match body {
        Body::Pawn => {
            out.push(shape(stem(50.0, 6.0)));
            out.push(shape(base()));
            out.push(shape(rect(37.0, 46.0, 63.0, 52.0)));
            out.push(shape(circle(50.0, 33.0, 13.0)));
        }
        Body::Rook => {
            out.push(shape(polygon(&[(33.0, 80.0), (37.0, 46.0), (63.0, 46.0), (67.0, 80.0)])));
            out.push(shape(base()));
            out.push(shape(polygon(&[
                (28.0, 46.0),
                (28.0, 16.0),
                (38.0, 16.0),
                (38.0, 25.0),
                (45.0, 25.0),
                (45.0, 16.0),
                (55.0, 16.0),
                (55.0, 25.0),
                (62.0, 25.0),
                (62.0, 16.0),
                (72.0, 16.0),
                (72.0, 46.0),
            ])));
            out.push(
                path(|pb| {
                    pb.move_to(30.0, 36.0);
                    pb.line_to(70.0, 36.0);
                })
                .map(Detail),
            );
        }
        Body::Bishop => {
            out.push(shape(stem(58.0, 6.0)));
            out.push(shape(base()));
            out.push(shape(circle(50.0, 13.0, 5.0)));
            out.push(shape(path(|pb| {
                pb.move_to(50.0, 17.0);
                pb.cubic_to(66.0, 27.0, 69.0, 42.0, 61.0, 55.0);
                pb.line_to(39.0, 55.0);
                pb.cubic_to(31.0, 42.0, 34.0, 27.0, 50.0, 17.0);
                pb.close();
            })));
            out.push(shape(rect(37.0, 53.0, 63.0, 60.0)));
            out.push(
                path(|pb| {
                    pb.move_to(57.0, 28.0);
                    pb.line_to(46.0, 41.0);
                })
                .map(Detail),
            );
        }
        Body::Knight => {
            out.push(shape(path(|pb| {
                pb.move_to(34.0, 80.0);
                pb.cubic_to(36.0, 70.0, 42.0, 62.0, 46.0, 56.0);
                pb.cubic_to(40.0, 57.0, 32.0, 60.0, 25.0, 58.0);
                pb.cubic_to(17.0, 56.0, 15.0, 48.0, 20.0, 43.0);
                pb.line_to(38.0, 25.0);
                pb.line_to(44.0, 10.0);
                pb.line_to(51.0, 19.0);
                pb.cubic_to(67.0, 23.0, 78.0, 40.0, 76.0, 58.0);
                pb.cubic_to(75.0, 67.0, 73.0, 74.0, 71.0, 80.0);
                pb.close();
            })));
            out.push(shape(base()));
            out.push(circle(40.0, 32.0, 3.2).map(Dot));
            out.push(
                path(|pb| {
                    pb.move_to(55.0, 23.0);
                    pb.cubic_to(66.0, 31.0, 70.0, 46.0, 68.0, 68.0);
                })
                .map(Detail),
            );
        }
        Body::Queen | Body::King | Body::Star => {
            if body == Body::King {
                out.push(shape(polygon(&[
                    (47.0, 5.0),
                    (53.0, 5.0),
                    (53.0, 12.0),
                    (60.0, 12.0),
                    (60.0, 18.0),
                    (53.0, 18.0),
                    (53.0, 34.0),
                    (47.0, 34.0),
                    (47.0, 18.0),
                    (40.0, 18.0),
                    (40.0, 12.0),
                    (47.0, 12.0),
                ])));
            }
            out.push(shape(stem(54.0, 8.0)));
            out.push(shape(base()));
            match body {
                Body::King => out.push(shape(path(|pb| {
                    pb.move_to(31.0, 57.0);
                    pb.cubic_to(21.0, 47.0, 19.0, 31.0, 32.0, 29.0);
                    pb.cubic_to(40.0, 28.0, 46.0, 35.0, 50.0, 42.0);
                    pb.cubic_to(54.0, 35.0, 60.0, 28.0, 68.0, 29.0);
                    pb.cubic_to(81.0, 31.0, 79.0, 47.0, 69.0, 57.0);
                    pb.close();
                }))),
                Body::Queen => {
                    out.push(shape(polygon(&[
                        (31.0, 56.0),
                        (19.0, 26.0),
                        (34.0, 40.0),
                        (36.0, 18.0),
                        (45.0, 37.0),
                        (50.0, 14.0),
                        (55.0, 37.0),
                        (64.0, 18.0),
                        (66.0, 40.0),
                        (81.0, 26.0),
                        (69.0, 56.0),
                    ])));
                    for (x, y) in
                        [(19.0, 26.0), (36.0, 18.0), (50.0, 14.0), (64.0, 18.0), (81.0, 26.0)]
                    {
                        out.push(shape(circle(x, y, 4.5)));
                    }
                }
                _ => {
                    let points: Vec<(f32, f32)> = (0u8..10)
                        .map(|i| {
                            let r = if i % 2 == 0 { 26.0 } else { 11.0 };
                            let a = std::f32::consts::PI * (f32::from(i) / 5.0 - 0.5);
                            (50.0 + r * a.cos(), 33.0 + r * a.sin())
                        })
                        .collect();
                    out.push(shape(polygon(&points)));
                }
            }
            out.push(shape(rect(33.0, 54.0, 67.0, 60.0)));
        }
        Body::Prince => {
            out.push(shape(stem(50.0, 6.0)));
            out.push(shape(base()));
            out.push(shape(polygon(&[
                (34.0, 50.0),
                (28.0, 24.0),
                (41.0, 36.0),
                (50.0, 18.0),
                (59.0, 36.0),
                (72.0, 24.0),
                (66.0, 50.0),
            ])));
            for (x, y) in [(28.0, 24.0), (50.0, 18.0), (72.0, 24.0)] {
                out.push(shape(circle(x, y, 4.0)));
            }
            out.push(shape(rect(36.0, 48.0, 64.0, 54.0)));
        }
        Body::Token => {
            out.push(shape(stem(50.0, 6.0)));
            out.push(shape(base()));
            out.push(shape(rect(37.0, 58.0, 63.0, 64.0)));
            out.push(shape(circle(50.0, 35.0, 24.0)));
        }
        Body::Cannon => {
            out.push(shape(base()));
            out.push(shape(polygon(&[(27.0, 60.0), (72.0, 22.0), (81.0, 33.0), (36.0, 71.0)])));
            out.push(shape(polygon(&[(68.0, 18.0), (76.0, 13.0), (87.0, 28.0), (80.0, 34.0)])));
            out.push(shape(circle(41.0, 64.0, 14.0)));
            out.push(circle(41.0, 64.0, 4.0).map(Dot));
        }
        Body::Archer => {
            out.push(shape(base()));
            out.push(shape(path(|pb| {
                pb.move_to(58.0, 10.0);
                pb.cubic_to(20.0, 22.0, 20.0, 62.0, 58.0, 74.0);
                pb.line_to(58.0, 67.0);
                pb.cubic_to(32.0, 57.0, 32.0, 27.0, 58.0, 17.0);
                pb.close();
            })));
            out.push(
                path(|pb| {
                    pb.move_to(58.0, 12.0);
                    pb.line_to(58.0, 72.0);
                })
                .map(Detail),
            );
            out.push(shape(polygon(&[(27.0, 64.0), (69.0, 22.0), (73.0, 26.0), (31.0, 68.0)])));
            out.push(shape(polygon(&[(80.0, 11.0), (75.0, 32.0), (59.0, 16.0)])));
        }
    }
    out.into_iter().flatten().collect()
}

/// Where the marks go on `body`: their centre and scale (1 = the token's disc).
fn marks_place(body: Body) -> (f32, f32, f32) {
    match body {
        Body::Rook => (50.0, 61.0, 0.62),
        Body::Bishop => (50.0, 37.0, 0.62),
        _ => (50.0, 35.0, 1.0),
    }
}

/// The marks' strokes (a `+`, a `×`) and dots around (cx, cy) at scale s.
fn mark_parts(marks: Marks, (cx, cy, s): (f32, f32, f32)) -> Vec<Part> {
    let mut out = Vec::new();
    let arm = 10.0 * s;
    let line = |x0: f32, y0: f32, x1: f32, y1: f32| {
        path(|pb| {
            pb.move_to(cx + x0, cy + y0);
            pb.line_to(cx + x1, cy + y1);
        })
    };
    if marks.wazir {
        out.extend(line(-arm, 0.0, arm, 0.0).map(Part::Detail));
        out.extend(line(0.0, -arm, 0.0, arm).map(Part::Detail));
    }
    if marks.ferz {
        let d = arm * 0.78;
        out.extend(line(-d, -d, d, d).map(Part::Detail));
        out.extend(line(-d, d, d, -d).map(Part::Detail));
    }
    let far = 17.0 * s;
    if marks.dabbaba {
        for (dx, dy) in [(0.0, -far), (far, 0.0), (0.0, far), (-far, 0.0)] {
            out.extend(circle(cx + dx, cy + dy, 3.2 * s).map(Part::Dot));
        }
    }
    if marks.alfil {
        let d = far * 0.74;
        for (dx, dy) in [(-d, -d), (d, -d), (d, d), (-d, d)] {
            out.extend(circle(cx + dx, cy + dy, 3.2 * s).map(Part::Dot));
        }
    }
    out
}

fn color(c: Rgba<u8>) -> Color {
    Color::from_rgba8(c.0[0], c.0[1], c.0[2], c.0[3])
}

fn paint(c: Rgba<u8>) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(color(c));
    p.anti_alias = true;
    p
}

/// Draws `parts` onto `pixmap` through `transform`, clipped to `mask`.
fn paint_parts(
    pixmap: &mut Pixmap,
    parts: &[Part],
    paints: Paints,
    transform: Transform,
    mask: Option<&Mask>,
) {
    let fill = paint(paints.fill);
    let line = paint(paints.line);
    let detail = paint(paints.detail);
    let outline = Stroke { width: LINE, line_join: LineJoin::Round, ..Stroke::default() };
    let thin = Stroke {
        width: LINE * 0.9,
        line_cap: LineCap::Round,
        line_join: LineJoin::Round,
        ..Stroke::default()
    };
    for part in parts {
        match part {
            Part::Shape(p) => {
                pixmap.fill_path(p, &fill, FillRule::Winding, transform, mask);
                pixmap.stroke_path(p, &line, &outline, transform, mask);
            }
            Part::Detail(p) => pixmap.stroke_path(p, &detail, &thin, transform, mask),
            Part::Dot(p) => pixmap.fill_path(p, &detail, FillRule::Winding, transform, mask),
        }
    }
}

/// `figure` drawn on a transparent square of `size` pixels.
fn rasterise(figure: Figure, paints: Paints, size: u32) -> Option<Pixmap> {
    let mut pixmap = Pixmap::new(size, size)?;
    let k = size as f32 / 100.0;
    let mut transform = Transform::from_scale(k, k);
    if figure.inverted {
        // Upside down about the box's middle, its foot at the top, moved down a little so that
        // the foot keeps clear of the square's corner where the code stands.
        transform = transform.pre_concat(Transform::from_row(1.0, 0.0, 0.0, -1.0, 0.0, 106.0));
    }
    match figure.right {
        None => {
            let mut own = parts(figure.left);
            if figure.left == Body::Bishop && !figure.marks.is_empty() {
                // The marks take the mitre's middle, where its slit would be.
                own.retain(|p| !matches!(p, Part::Detail(_)));
            }
            paint_parts(&mut pixmap, &own, paints, transform, None);
        }
        Some(right) => {
            let half = |x0: f32, x1: f32| -> Option<Mask> {
                let mut mask = Mask::new(size, size)?;
                mask.fill_path(&rect(x0, -10.0, x1, 110.0)?, FillRule::Winding, true, transform);
                Some(mask)
            };
            let (l, r) = (half(-10.0, 50.0)?, half(50.0, 110.0)?);
            paint_parts(&mut pixmap, &parts(figure.left), paints, transform, Some(&l));
            paint_parts(&mut pixmap, &parts(right), paints, transform, Some(&r));
            // The seam between the two halves, where they overlap.
            if let Some(seam) = path(|pb| {
                pb.move_to(50.0, 14.0);
                pb.line_to(50.0, 80.0);
            }) {
                let mut both = Mask::new(size, size)?;
                for p in parts(figure.left).iter().chain(parts(right).iter()) {
                    if let Part::Shape(p) = p {
                        both.fill_path(p, FillRule::Winding, true, transform);
                    }
                }
                let stroke = Stroke { width: LINE * 0.7, ..Stroke::default() };
                pixmap.stroke_path(&seam, &paint(paints.line), &stroke, transform, Some(&both));
            }
        }
    }
    if !figure.marks.is_empty() {
        let place = marks_place(figure.left);
        paint_parts(&mut pixmap, &mark_parts(figure.marks, place), paints, transform, None);
    }
    Some(pixmap)
}

/// Figures already drawn, by figure, colours and size (at most [`CACHE_LIMIT`] per thread).
type Cache = HashMap<(Figure, Paints, u32), Option<Pixmap>>;

/// How many drawn figures a thread keeps before it starts again.
const CACHE_LIMIT: usize = 512;

thread_local! {
    static DRAWN: RefCell<Cache> = RefCell::new(HashMap::new());
}

/// Draws `figure` in a `size`-pixel square whose top left corner is (x, y) of `img`, over what
/// is there. Parts outside the image are skipped.
pub fn draw(img: &mut RgbaImage, figure: Figure, paints: Paints, x: i64, y: i64, size: u32) {
    let size = size.clamp(4, 1024);
    DRAWN.with(|cache| {
        let mut cache = cache.borrow_mut();
        if cache.len() >= CACHE_LIMIT {
            cache.clear();
        }
        let drawn =
            cache.entry((figure, paints, size)).or_insert_with(|| rasterise(figure, paints, size));
        if let Some(pixmap) = drawn {
            composite(img, pixmap, x, y);
        }
    });
}

/// Lays `pixmap` (premultiplied RGBA) over `img` at (x, y).
fn composite(img: &mut RgbaImage, pixmap: &Pixmap, x: i64, y: i64) {
    let (w, h) = (i64::from(pixmap.width()), i64::from(pixmap.height()));
    let (iw, ih) = (i64::from(img.width()), i64::from(img.height()));
    let data = pixmap.data();
    for py in 0..h {
        let ty = y + py;
        if !(0..ih).contains(&ty) {
            continue;
        }
        for px in 0..w {
            let tx = x + px;
            if !(0..iw).contains(&tx) {
                continue;
            }
            let Ok(i) = usize::try_from((py * w + px) * 4) else { continue };
            let a = u32::from(data[i + 3]);
            if a == 0 {
                continue;
            }
            let (Ok(ux), Ok(uy)) = (u32::try_from(tx), u32::try_from(ty)) else { continue };
            let dst = img.get_pixel_mut(ux, uy);
            for c in 0..3 {
                // Source over: premultiplied source plus what the source leaves of the target.
                let v = u32::from(data[i + c]) + u32::from(dst.0[c]) * (255 - a) / 255;
                dst.0[c] = u8::try_from(v.min(255)).unwrap_or(255);
            }
            dst.0[3] = 255;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const INK: Rgba<u8> = Rgba([20, 20, 20, 255]);
    const PAPER: Rgba<u8> = Rgba([250, 248, 243, 255]);

    fn drawn(figure: Figure) -> RgbaImage {
        let mut img = RgbaImage::from_pixel(100, 100, PAPER);
        draw(&mut img, figure, Paints::light(Rgba([255, 255, 255, 255]), INK), 0, 0, 100);
        img
    }

    /// The pixels `figure` changes on paper.
    fn ink(figure: Figure) -> Vec<(u32, u32)> {
        let img = drawn(figure);
        img.enumerate_pixels().filter(|(_, _, p)| **p != PAPER).map(|(x, y, _)| (x, y)).collect()
    }

    const ALL: [Body; 11] = [
        Body::King,
        Body::Queen,
        Body::Rook,
        Body::Bishop,
        Body::Knight,
        Body::Pawn,
        Body::Cannon,
        Body::Archer,
        Body::Prince,
        Body::Star,
        Body::Token,
    ];

    #[test]
    fn every_body_is_drawn_inside_its_box_and_no_two_look_alike() {
        let mut seen: Vec<Vec<(u32, u32)>> = Vec::new();
        for body in ALL {
            let pixels = ink(Figure::of(body));
            assert!(pixels.len() > 800, "{body:?} draws too little: {}", pixels.len());
            assert!(pixels.len() < 7000, "{body:?} fills its box: {}", pixels.len());
            assert!(!seen.contains(&pixels), "{body:?} looks like an earlier body");
            seen.push(pixels);
        }
    }

    #[test]
    fn edges_are_anti_aliased() {
        let img = drawn(Figure::of(Body::Pawn));
        let between = img.pixels().filter(|p| **p != PAPER && p.0[0] > 40 && p.0[0] < 240).count();
        assert!(between > 50, "only {between} pixels between ink and paper");
    }

    #[test]
    fn a_combined_figure_is_the_left_half_of_one_and_the_right_half_of_the_other() {
        let knight = drawn(Figure::of(Body::Knight));
        let rook = drawn(Figure::of(Body::Rook));
        let both = drawn(Figure::combined(Body::Knight, Body::Rook));
        // Away from the seam each half is its own figure (to a rounding step: clipping to a half
        // takes tiny-skia's masked pipeline, which rounds edge pixels one level differently).
        for y in 0..100 {
            for x in (0..44).chain(56..100) {
                let want = if x < 50 { knight.get_pixel(x, y) } else { rook.get_pixel(x, y) };
                let got = both.get_pixel(x, y);
                let close = (0..3).all(|c| got.0[c].abs_diff(want.0[c]) <= 2);
                assert!(close, "({x}, {y}): {got:?} {want:?}");
            }
        }
    }

    #[test]
    fn marks_and_inversion_change_the_figure() {
        let plain = drawn(Figure::of(Body::Token));
        let w = Marks { wazir: true, ..Marks::default() };
        let f = Marks { ferz: true, ..Marks::default() };
        let wazir = drawn(Figure::marked(Body::Token, w));
        let ferz = drawn(Figure::marked(Body::Token, f));
        // The `+` crosses the disc's middle, the `×` leaves it to the diagonals.
        assert_eq!(plain.get_pixel(50, 35).0[0], 255);
        assert!(wazir.get_pixel(50, 29).0[0] < 60, "{:?}", wazir.get_pixel(50, 29));
        assert_eq!(ferz.get_pixel(50, 29).0[0], 255);
        assert_ne!(plain, wazir);
        assert_ne!(wazir, ferz);
        let rook = drawn(Figure::of(Body::Rook));
        let upside = drawn(Figure::inverted(Body::Rook));
        // Upside down and 6 units lower: the row at y is the plain figure's row at 105 - y.
        for y in [20, 40, 60, 85] {
            for x in 0..100 {
                let a = rook.get_pixel(x, y).0[0];
                let b = upside.get_pixel(x, 105 - y).0[0];
                assert!(a.abs_diff(b) < 40, "({x}, {y}): {a} vs {b}");
            }
        }
    }

    #[test]
    fn a_figure_off_the_image_is_cut_without_a_panic() {
        let paints = Paints::light(Rgba([255, 255, 255, 255]), INK);
        let inked = |x: i64, y: i64| {
            let mut img = RgbaImage::from_pixel(30, 30, PAPER);
            draw(&mut img, Figure::of(Body::King), paints, x, y, 72);
            img.pixels().filter(|p| **p != PAPER).count()
        };
        // Its right part reaches into the image; its lower part does.
        assert!(inked(-40, 0) > 0);
        assert!(inked(0, -50) > 0);
        // Wholly outside, however far: nothing drawn.
        assert_eq!(inked(30, 0), 0);
        assert_eq!(inked(i64::MAX / 2, 0), 0);
        assert_eq!(inked(0, i64::MIN / 2), 0);
    }
}
