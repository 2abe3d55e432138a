//! Chaos Clock (混乱时钟) images: the clock face with its twelve slots (12 at the top, 3 on the
//! right, clockwise), every piece a disc in its owner's colour (甲's odd pieces in
//! [`Theme::first`], 乙's even ones in [`Theme::second`]) carrying its number, pieces at home
//! ringed in green with a ✓ badge, the banned piece (the one the opponent just moved) ringed in
//! dashed red with a × badge, the last action highlighted (its slots tinted with
//! [`Theme::last_move`] and, for a move, a clockwise arrow from slot to slot), who is to move in
//! the middle of the clock, and both hands in labelled rows below it.
//!
//! The game has no hidden information, so every viewer gets the same picture. The clock is never
//! turned: [`Theme::flipped`] is ignored (a clock face reads the same for both players, and slot
//! 12 at the top is part of the game's notation).

use ab_glyph::PxScale;
use image::{Rgba, RgbaImage};
use imageproc::drawing::text_size;

use super::board::{draw_caption, text_width};
use super::common::{
    Labels, Picture, Theme, blend, drawable, encode, fill_disc, fill_rect, fill_triangle, font,
    text_at, text_centered, thick_line,
};
use crate::core::Seat;
use crate::games::chaos_clock::{Action, JIA, Last, LastAction, View, owner_of};

/// The colour of the "home" ring and badge (Okabe–Ito bluish green, distinct from both seats'
/// colours, the last-move tint and the red ban mark).
const HOME: Rgba<u8> = Rgba([0, 158, 115, 255]);
/// White, for text on dark badges.
const WHITE: Rgba<u8> = Rgba([255, 255, 255, 255]);

/// The name of a seat (甲 / Jia for seat 0).
fn seat_name(labels: &Labels, seat: Seat) -> &str {
    labels.get(if seat == JIA { "img-jia" } else { "img-yi" })
}

/// "Yi to move" / "轮到乙".
fn to_move(labels: &Labels, seat: Seat) -> String {
    labels.fill("img-to-move", &[("who", seat_name(labels, seat))])
}

/// The line describing the last action, e.g. `Yi: move 5  12→5`, `乙: 过`.
fn last_action_line(labels: &Labels, last: &LastAction) -> String {
    let who = seat_name(labels, last.seat);
    let what = match last.action {
        Action::Move(n) => labels.fill("img-move", &[("n", &n.to_string())]),
        Action::Drop(n) => labels.fill("img-drop", &[("n", &n.to_string())]),
        Action::Pass => labels.get("img-pass").to_string(),
    };
    match (last.from, last.to) {
        (Some(from), Some(to)) => format!("{who}: {what}  {from}→{to}"),
        (Some(from), None) => format!("{who}: {what}  {from}→{}", labels.get("img-hand")),
        _ => format!("{who}: {what}"),
    }
}

/// What an empty hand shows.
const EMPTY: &str = "—";

/// Pixel geometry of one image, all derived from [`Theme::cell`].
struct Layout {
    /// Image width and height.
    width: i64,
    height: i64,
    /// The caption band's height.
    caption: i64,
    /// The clock's centre.
    cx: i64,
    cy: i64,
    /// Radius of the circle the slot centres lie on.
    slots: i64,
    /// Radius of a piece disc.
    piece: i64,
    /// Radius of the dial (the filled clock face).
    dial: i64,
    /// Radius of the circle the slot numbers lie on.
    labels: i64,
    /// Radius of the last move's arrow.
    arrow: i64,
    /// Top of the first hand row, and the rows' height.
    hands: i64,
    row: i64,
    /// Left margin.
    margin: i64,
    /// The unit everything scales with (a clamped [`Theme::cell`]).
    unit: i64,
}

impl Layout {
    fn new(theme: &Theme) -> Layout {
        let unit = i64::from(theme.cell.clamp(24, 120));
        let margin = i64::from(theme.margin.clamp(4, 120));
        let caption = i64::from(theme.caption.clamp(8, 200));
        let piece = unit / 2;
        let slots = unit * 57 / 20;
        let dial = slots + piece + unit / 6;
        let labels = dial + unit * 3 / 10;
        let half = labels + unit / 5;
        let width = 2 * half + 2 * margin;
        let row = unit * 3 / 4;
        let hands = caption + 2 * half;
        let height = hands + 2 * row + margin / 2;
        Layout {
            width,
            height,
            caption,
            cx: width / 2,
            cy: caption + half,
            slots,
            piece,
            dial,
            labels,
            arrow: slots - piece - unit / 5,
            hands,
            row,
            margin,
            unit,
        }
    }

    /// The angle of a slot (1–12), clockwise from the top, in radians.
    fn angle(slot: u8) -> f64 {
        f64::from(slot % 12) * std::f64::consts::TAU / 12.0
    }

    /// The point at `radius` from the centre at clockwise angle `a` from the top.
    fn at(&self, radius: i64, a: f64) -> (i64, i64) {
        let r = radius as f64;
        (self.cx + (r * a.sin()).round() as i64, self.cy - (r * a.cos()).round() as i64)
    }

    /// The centre of a slot (1–12).
    fn slot(&self, slot: u8) -> (i64, i64) {
        self.at(self.slots, Self::angle(slot))
    }
}

/// WCAG relative luminance of an sRGB colour, 0.0..=1.0 (as in the square-board layer).
fn luminance(c: Rgba<u8>) -> f64 {
    let lin = |v: u8| {
        let v = f64::from(v) / 255.0;
        if v <= 0.039_28 { v / 12.92 } else { ((v + 0.055) / 1.055).powf(2.4) }
    };
    0.2126 * lin(c.0[0]) + 0.7152 * lin(c.0[1]) + 0.0722 * lin(c.0[2])
}

/// Black or white, whichever contrasts more with `fill` (as on the square boards).
fn contrast_text(fill: Rgba<u8>) -> Rgba<u8> {
    let l = luminance(fill);
    if (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) { Rgba([0, 0, 0, 255]) } else { WHITE }
}

fn opaque(mut c: Rgba<u8>) -> Rgba<u8> {
    c.0[3] = 255;
    c
}

fn with_alpha(mut c: Rgba<u8>, alpha: u8) -> Rgba<u8> {
    c.0[3] = alpha;
    c
}

fn seat_color(theme: &Theme, seat: Seat) -> Rgba<u8> {
    opaque(if seat == JIA { theme.first } else { theme.second })
}

/// A ring between radii `inner` and `outer` around (cx, cy); with `dashes` > 0 only every other
/// of `2 * dashes` equal arcs is drawn.
fn ring(
    img: &mut RgbaImage,
    (cx, cy): (i64, i64),
    inner: i64,
    outer: i64,
    dashes: u32,
    color: Rgba<u8>,
) {
    for y in cy - outer..=cy + outer {
        for x in cx - outer..=cx + outer {
            let (dx, dy) = (x - cx, y - cy);
            let d2 = dx * dx + dy * dy;
            if d2 < inner * inner || d2 > outer * outer {
                continue;
            }
            if dashes > 0 {
                let angle = (dy as f64).atan2(dx as f64) + std::f64::consts::PI;
                let arc = std::f64::consts::PI / f64::from(dashes);
                if ((angle / arc).floor() as i64) % 2 == 1 {
                    continue;
                }
            }
            blend(img, x, y, color);
        }
    }
}

/// A clockwise arc from slot `from` to slot `to` (a full turn when they are equal) with an
/// arrowhead at `to`, inside the ring of pieces.
fn draw_arrow(img: &mut RgbaImage, l: &Layout, from: u8, to: u8, color: Rgba<u8>) {
    let steps_between = (i64::from(to) - i64::from(from)).rem_euclid(12);
    let slots = if steps_between == 0 { 12 } else { steps_between };
    let start = Layout::angle(from);
    let head = (l.unit / 4).max(6);
    // Stop short of the end by the arrowhead's length.
    let sweep = slots as f64 * std::f64::consts::TAU / 12.0 - head as f64 / l.arrow as f64;
    let width = (l.unit / 14).max(2);
    let n = ((sweep * l.arrow as f64) as i64).max(1);
    // Stamp each pixel of the stroke once: collect the stamped pixels first, then blend them, so
    // overlapping stamps do not darken a translucent colour.
    let mut stamped = std::collections::BTreeSet::new();
    for s in 0..=n {
        let (x, y) = l.at(l.arrow, start + sweep * s as f64 / n as f64);
        for dy in -width / 2..=width / 2 {
            for dx in -width / 2..=width / 2 {
                if dx * dx + dy * dy <= (width / 2) * (width / 2) + 1 {
                    stamped.insert((x + dx, y + dy));
                }
            }
        }
    }
    for (x, y) in stamped {
        blend(img, x, y, color);
    }
    let (bx, by) = l.at(l.arrow, start);
    fill_disc(img, bx, by, width, color);
    // The arrowhead: its tip on the arc at `to`, pointing along the clockwise tangent.
    let end = start + slots as f64 * std::f64::consts::TAU / 12.0;
    let r = l.arrow as f64;
    let tip = (l.cx as f64 + r * end.sin(), l.cy as f64 - r * end.cos());
    let tangent = (end.cos(), end.sin());
    let normal = (end.sin(), -end.cos());
    let (len, half) = (head as f64 * 1.3, head as f64 * 0.75);
    let base = (tip.0 - tangent.0 * len, tip.1 - tangent.1 * len);
    fill_triangle(
        img,
        [
            tip,
            (base.0 + normal.0 * half, base.1 + normal.1 * half),
            (base.0 - normal.0 * half, base.1 - normal.1 * half),
        ],
        color,
    );
}

/// Text drawn twice a pixel apart: a bolder stroke that reads better on a phone.
fn bold_centered(img: &mut RgbaImage, text: &str, (cx, cy): (i64, i64), size: f32, c: Rgba<u8>) {
    text_centered(img, text, cx, cy, size, c);
    text_centered(img, text, cx + 1, cy, size, c);
}

/// A numbered disc in its owner's colour with a dark edge.
fn draw_piece(img: &mut RgbaImage, (cx, cy): (i64, i64), r: i64, n: u8, theme: &Theme) {
    let fill = seat_color(theme, owner_of(n));
    let edge = (r / 18).max(1);
    fill_disc(img, cx, cy, r, opaque(theme.ink));
    fill_disc(img, cx, cy, r - edge, fill);
    let size = if n >= 10 { r as f32 * 1.05 } else { r as f32 * 1.2 };
    bold_centered(img, &n.to_string(), (cx, cy), size, contrast_text(fill));
}

/// A small round badge with one symbol, at the upper right of a piece of radius `r`.
fn badge(img: &mut RgbaImage, (cx, cy): (i64, i64), r: i64, symbol: &str, color: Rgba<u8>) {
    let b = (r * 2 / 5).max(5);
    let offset = (r as f64 * std::f64::consts::FRAC_1_SQRT_2).round() as i64;
    let (bx, by) = (cx + offset, cy - offset);
    fill_disc(img, bx, by, b + 2, WHITE);
    fill_disc(img, bx, by, b, color);
    bold_centered(img, symbol, (bx, by), b as f32 * 1.6, WHITE);
}

/// The piece the ban applies to, if it means anything: on the board and not at home (a home
/// piece never moves anyway, and a ban on 12 gone to the hand does not forbid dropping it).
fn banned_slot(view: &View) -> Option<u8> {
    let Last::Piece(p) = view.last else { return None };
    let slot = view.board.iter().zip(1u8..).find(|(q, _)| **q == p).map(|(_, s)| s)?;
    (slot != p).then_some(slot)
}

fn draw_clock(img: &mut RgbaImage, l: &Layout, view: &View, theme: &Theme) {
    // The dial, its slot ticks and the slot numbers.
    fill_disc(img, l.cx, l.cy, l.dial + 2, opaque(theme.ink));
    fill_disc(img, l.cx, l.cy, l.dial, opaque(theme.light));
    let label_size = (l.unit as f32 * 0.3).max(9.0);
    for slot in 1..=12u8 {
        let a = Layout::angle(slot);
        let outer = l.at(l.dial, a);
        let inner = l.at(l.dial - l.unit / 8, a);
        thick_line(img, inner, outer, (l.unit / 24).max(2), opaque(theme.ink));
        text_centered(
            img,
            &slot.to_string(),
            l.at(l.labels, a).0,
            l.at(l.labels, a).1,
            label_size,
            theme.ink,
        );
    }

    // The last action's slots, under everything else.
    let last = view.last_action.as_ref();
    let halo = l.piece + l.unit / 4;
    for slot in last.iter().flat_map(|a| [a.from, a.to]).flatten() {
        if (1..=12).contains(&slot) {
            let (x, y) = l.slot(slot);
            fill_disc(img, x, y, halo, theme.last_move);
        }
    }

    // Empty slots: a faint ring where a piece would stand.
    for slot in 1..=12u8 {
        let (x, y) = l.slot(slot);
        ring(img, (x, y), l.piece - 2, l.piece, 0, with_alpha(theme.ink, 70));
    }

    // The last move's arrow, clockwise from its slot to where it landed (a full turn for 12
    // going round the clock into the hand).
    if let Some(LastAction { from: Some(from), to, .. }) = last
        && (1..=12).contains(from)
    {
        let to = to.filter(|t| (1..=12).contains(t)).unwrap_or(*from);
        draw_arrow(img, l, *from, to, with_alpha(theme.ink, 190));
    }

    // Pieces, with their home and ban marks.
    let banned = banned_slot(view);
    let mark = (l.unit / 12).max(2);
    for (slot, &n) in (1u8..).zip(&view.board) {
        if !(1..=12).contains(&n) {
            continue;
        }
        let c = l.slot(slot);
        if n == slot {
            ring(img, c, l.piece + 1, l.piece + 1 + mark, 0, HOME);
        } else if banned == Some(slot) {
            ring(img, c, l.piece + 1, l.piece + 1 + mark, 10, opaque(theme.check));
        }
        draw_piece(img, c, l.piece - 1, n, theme);
        if n == slot {
            badge(img, c, l.piece, "✓", HOME);
        } else if banned == Some(slot) {
            badge(img, c, l.piece, "×", opaque(theme.check));
        }
    }

    // The middle: who is to move, then what was just done.
    let w = &theme.labels;
    let size = l.unit as f32 * 0.38;
    if view.outcome.is_none() {
        let line = to_move(w, view.to_move);
        let y = l.cy - l.unit / 3;
        fill_disc(
            img,
            l.cx - text_width(&line, size) / 2 - l.unit / 5,
            y,
            l.unit / 9,
            seat_color(theme, view.to_move),
        );
        bold_centered(img, &line, (l.cx, y), size, seat_color(theme, view.to_move));
    }
    if let Some(last) = last {
        let y = if view.outcome.is_none() { l.cy + l.unit / 3 } else { l.cy };
        text_centered(img, &last_action_line(w, last), l.cx, y, size * 0.8, theme.ink);
    }
}

fn draw_hands(img: &mut RgbaImage, l: &Layout, view: &View, theme: &Theme) {
    let w = &theme.labels;
    let r = l.unit * 3 / 10;
    let label_size = l.unit as f32 * 0.36;
    for (i, (seat, hand)) in [(JIA, &view.jia_hand), (crate::games::chaos_clock::YI, &view.yi_hand)]
        .into_iter()
        .enumerate()
    {
        let top = l.hands + l.row * i64::try_from(i).unwrap_or(0);
        let mid = top + l.row / 2;
        let color = seat_color(theme, seat);
        let to_move = view.outcome.is_none() && view.to_move == seat;
        if to_move {
            fill_rect(
                img,
                l.margin / 2,
                top + 2,
                l.width - l.margin,
                l.row - 4,
                with_alpha(color, 40),
            );
            text_centered(img, "→", l.margin, mid, label_size, color);
        }
        let name_x = l.margin + l.unit / 3;
        let name = seat_name(w, seat);
        let (_, h) =
            font().map_or((0, 0), |f| text_size(PxScale::from(label_size), f, &drawable(name)));
        text_at(img, name, name_x, mid - i64::from(h) / 2 - i64::from(h) / 6, label_size, color);
        text_at(
            img,
            name,
            name_x + 1,
            mid - i64::from(h) / 2 - i64::from(h) / 6,
            label_size,
            color,
        );
        let first = name_x + l.unit * 6 / 5 + r;
        if hand.is_empty() {
            text_centered(img, EMPTY, first, mid, label_size, theme.ink);
        }
        for (k, &n) in hand.iter().enumerate() {
            let x = first + i64::try_from(k).unwrap_or(0) * (2 * r + l.unit / 8);
            draw_piece(img, (x, mid), r, n, theme);
        }
        // How many of the seat's pieces are home, at the right end of the row.
        let home =
            view.board.iter().zip(1u8..).filter(|&(&p, s)| p == s && owner_of(p) == seat).count();
        let text = format!("✓ {home}/6");
        let x = l.width - l.margin - text_width(&text, label_size * 0.85);
        let (_, h) = font()
            .map_or((0, 0), |f| text_size(PxScale::from(label_size * 0.85), f, &drawable(&text)));
        text_at(img, &text, x, mid - i64::from(h) / 2 - i64::from(h) / 6, label_size * 0.85, HOME);
    }
}

/// Draws `view` (see the module docs for what it shows).
#[must_use]
pub fn draw(view: &View, caption: &str, theme: &Theme) -> RgbaImage {
    let l = Layout::new(theme);
    let mut img = RgbaImage::from_pixel(
        u32::try_from(l.width).unwrap_or(1),
        u32::try_from(l.height).unwrap_or(1),
        opaque(theme.background),
    );
    draw_caption(&mut img, caption, l.caption, theme.ink);
    draw_clock(&mut img, &l, view, theme);
    draw_hands(&mut img, &l, view, theme);
    img
}

/// Draws `view` and encodes it as PNG. Equal views give identical bytes.
#[must_use]
pub fn render(view: &View, caption: &str, theme: &Theme) -> Picture {
    encode(&draw(view, caption, theme))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Seed, Viewer};
    use crate::games::Game;
    use crate::games::chaos_clock::{Options, State, YI};
    use crate::render::can_draw;

    const START: &str = "8,6,1,11,9,10,12,7,4,2,3,5;1;0";

    fn view_after(position: &str, moves: &[&str]) -> View {
        let mut game =
            State::from_position(&Options::default(), position, Seed(0)).expect("a valid position");
        for text in moves {
            let seat = game.to_act().seat().expect("someone is to move");
            let action = game.parse_action(seat, text).expect("an action");
            game.play(seat, &action).expect("a legal action");
        }
        game.view(Viewer::Public)
    }

    fn pixels(view: &View, theme: &Theme) -> RgbaImage {
        draw(view, "#1", theme)
    }

    #[test]
    fn every_word_and_mark_the_clock_can_draw_is_in_the_font() {
        let actions: Vec<Action> = (1..=12u8)
            .flat_map(|n| [Action::Move(n), Action::Drop(n)])
            .chain([Action::Pass])
            .collect();
        // The English labels here; the referee's test of its `img-*` messages checks the
        // other languages.
        for labels in [Labels::default()] {
            let w = &labels;
            let mut texts = vec![seat_name(w, JIA).to_string(), seat_name(w, YI).to_string()];
            texts.push(EMPTY.to_string());
            for seat in [JIA, YI] {
                texts.push(to_move(w, seat));
                for &action in &actions {
                    for (from, to) in [(Some(12), Some(5)), (Some(12), None), (None, Some(3))] {
                        texts.push(last_action_line(w, &LastAction { seat, action, from, to }));
                    }
                }
            }
            texts.extend(["✓", "×", "→", "✓ 6/6", "0123456789"].map(String::from));
            for text in texts {
                assert!(text.chars().all(|c| c == ' ' || can_draw(c)), "{text:?}");
            }
        }
    }

    #[test]
    fn two_positions_differing_only_in_the_banned_piece_give_different_pictures() {
        let theme = Theme::default();
        // The start with 乙 to move: 12 on slot 7 and 7 on slot 8 could both move.
        let banned = |last: &str| {
            pixels(&view_after(&format!("8,6,1,11,9,10,12,7,4,2,3,5;1;{last}"), &[]), &theme)
        };
        let none = banned("0");
        let twelve = banned("12");
        let seven = banned("7");
        assert_ne!(none, twelve, "a ban on 12 shows");
        assert_ne!(twelve, seven, "bans on 12 and 7 differ");
    }

    #[test]
    fn a_ban_that_bans_nothing_is_not_drawn() {
        let theme = Theme::default();
        // Piece 2 is home; piece 10 is in 乙's hand.
        let board = "12,2,3,4,5,6,7,8,9,0,11,1;0";
        let plain = pixels(&view_after(&format!("{board};0"), &[]), &theme);
        assert_eq!(pixels(&view_after(&format!("{board};2"), &[]), &theme), plain, "home");
        assert_eq!(pixels(&view_after(&format!("{board};10"), &[]), &theme), plain, "in hand");
        assert_ne!(pixels(&view_after(&format!("{board};12"), &[]), &theme), plain, "on the board");
    }

    #[test]
    fn twelve_going_round_the_clock_tints_the_slot_it_left() {
        let theme = Theme::default();
        // 12 on slot 1 of a board where it may move: round the clock into 乙's hand.
        let view = view_after("12,2,3,4,5,6,7,8,9,10,0,0;1;0", &["m12"]);
        let last = view.last_action.expect("a last action");
        assert_eq!((last.from, last.to), (Some(1), None), "premise");
        assert_eq!(view.yi_hand, [12], "premise");
        let img = pixels(&view, &theme);
        let l = Layout::new(&theme);
        let (x, y) = l.slot(1);
        // Between the empty slot's faint ring and the halo's edge.
        let p = img.get_pixel(
            u32::try_from(x + l.piece + l.unit / 12).expect("inside"),
            u32::try_from(y).expect("inside"),
        );
        assert_ne!(*p, opaque(theme.light), "slot 1 is tinted");
    }

    #[test]
    fn the_picture_is_phone_sized_and_odd_themes_do_not_panic() {
        let view = view_after(START, &["m5", "m3"]);
        let pic = render(&view, "#1", &Theme::default());
        assert!((600..=700).contains(&pic.width), "{} px wide", pic.width);
        assert!(pic.png.len() <= crate::render::MAX_BYTES, "{} bytes", pic.png.len());
        for theme in [
            Theme { cell: 0, margin: 0, caption: 0, ..Theme::default() },
            Theme { cell: 10_000, margin: 10_000, caption: 10_000, ..Theme::default() },
        ] {
            let pic = render(&view, "a caption far too long to fit: 龘 ……………………………………", &theme);
            assert!(pic.width > 0 && pic.width <= 2000, "{}", pic.width);
        }
    }
}
