//! What every picture shares: the bundled font, the [`Theme`] (sizes, colours, script and the
//! words an image draws), the [`Picture`] an image becomes, PNG encoding, and the drawing
//! primitives the games' renderers use. A leaf of `render/`: it imports no renderer.

use std::sync::LazyLock;

use ab_glyph::{Font, FontRef, PxScale};
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ImageEncoder, Rgba, RgbaImage};
use imageproc::drawing::{draw_text_mut, text_size};

/// The attachment name every board image is sent under (no state in file names).
pub const FILE_NAME: &str = "board.png";

/// The bundled font: a subset of Noto Sans CJK SC (OFL-1.1), see `assets/fonts/README.md`.
static FONT_BYTES: &[u8] = include_bytes!("../../assets/fonts/NotoSansCJKsc-subset.otf");

/// Every character the font holds for boards and labels (and so the only ones they draw).
pub const CHARSET: &str = include_str!("../../assets/fonts/charset.txt");

/// The further characters the font holds for players' names: common Chinese characters in both
/// scripts, kana, Latin, Greek and Cyrillic letters (`assets/fonts/make-names.py`).
pub const NAME_CHARSET: &str = include_str!("../../assets/fonts/names.txt");

static FONT: LazyLock<Option<FontRef<'static>>> =
    LazyLock::new(|| FontRef::try_from_slice(FONT_BYTES).ok());

/// The embedded font (`None` only if the bundled file were corrupt; a test loads it).
#[must_use]
pub fn font() -> Option<&'static FontRef<'static>> {
    FONT.as_ref()
}

/// Whether the font can draw `c` (a glyph other than `.notdef`).
#[must_use]
pub fn can_draw(c: char) -> bool {
    font().is_some_and(|f| f.glyph_id(c).0 != 0)
}

/// `text` with every character the font cannot draw replaced by `?`, so no image ever shows a
/// missing-glyph box.
#[must_use]
pub fn drawable(text: &str) -> String {
    text.chars().map(|c| if can_draw(c) || c == ' ' { c } else { '?' }).collect()
}

/// An encoded image with its size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    /// PNG bytes.
    pub png: Vec<u8>,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

/// Which labels boards use: Latin letters, or Chinese characters in the reader's script (a
/// piece's code on the board is the one the legend and the rules give that reader).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Script {
    /// Latin letters and English words.
    #[default]
    Latin,
    /// Simplified Chinese characters (简体).
    Simplified,
    /// Traditional Chinese characters (繁體).
    Traditional,
}

impl Script {
    /// Whether pieces are drawn with Chinese characters.
    #[must_use]
    pub fn is_chinese(self) -> bool {
        self != Script::Latin
    }
}

/// Sizes and colours of every image.
#[derive(Debug, Clone, PartialEq)]
pub struct Theme {
    /// Side of one square, in pixels.
    pub cell: u32,
    /// Width of the coordinate margin.
    pub margin: u32,
    /// Height of the caption line.
    pub caption: u32,
    /// Background.
    pub background: Rgba<u8>,
    /// Light squares.
    pub light: Rgba<u8>,
    /// Dark squares.
    pub dark: Rgba<u8>,
    /// Grid lines and coordinates.
    pub ink: Rgba<u8>,
    /// The first seat's colour (white pieces, P1).
    pub first: Rgba<u8>,
    /// The second seat's colour (black pieces, P2).
    pub second: Rgba<u8>,
    /// White's pieces on the chess-like boards: light, as on every chess site.
    pub white: Rgba<u8>,
    /// Black's pieces on the chess-like boards: dark.
    pub black: Rgba<u8>,
    /// Highlight of the last move.
    pub last_move: Rgba<u8>,
    /// Highlight of captured squares.
    pub captured: Rgba<u8>,
    /// Check marker.
    pub check: Rgba<u8>,
    /// Shading of cells where a hidden piece may be.
    pub maybe: Rgba<u8>,
    /// Labels.
    pub script: Script,
    /// Draw square boards from the second seat's side (rank 1 at the top).
    pub flipped: bool,
    /// The words images draw, in the reader's language.
    pub labels: Labels,
}

/// Every word an image draws, by message id, with the names of the `{arg}` slots each one
/// takes. The referee words them from its Fluent files (`img-*` messages), the one place
/// user-facing text lives; [`Labels::default`] is the English of those files, for tools and
/// tests that draw without a referee (a test checks the two agree).
pub const LABELS: &[(&str, &str, &[&str])] = &[
    ("img-jia", "Jia", &[]),
    ("img-yi", "Yi", &[]),
    ("img-to-move", "{who} to move", &["who"]),
    ("img-move", "move {n}", &["n"]),
    ("img-drop", "drop {n}", &["n"]),
    ("img-pass", "pass", &[]),
    ("img-hand", "hand", &[]),
    ("img-main-plane", "main plane", &[]),
    ("img-red", "Red", &[]),
    ("img-blue", "Blue", &[]),
    (
        "img-stats-key",
        "by piece type: capture points, and under them hires · drops into B · high jumps",
        &[],
    ),
    ("img-outside", "outside: {list}", &["list"]),
    ("img-long-number", "{head}…{tail} ({digits} digits)", &["head", "tail", "digits"]),
    ("img-dir-u", "U", &[]),
    ("img-dir-d", "D", &[]),
    ("img-dir-l", "L", &[]),
    ("img-dir-r", "R", &[]),
    ("img-rel-up", "up", &[]),
    ("img-rel-down", "down", &[]),
    ("img-rel-left", "left", &[]),
    ("img-rel-right", "right", &[]),
    ("img-rel-up-left", "up-left", &[]),
    ("img-rel-up-right", "up-right", &[]),
    ("img-rel-down-left", "down-left", &[]),
    ("img-rel-down-right", "down-right", &[]),
    ("img-rel-same", "same", &[]),
    ("img-lean-up", ", more up", &[]),
    ("img-lean-down", ", more down", &[]),
    ("img-lean-left", ", more left", &[]),
    ("img-lean-right", ", more right", &[]),
    ("img-distance", ", distance {n}", &["n"]),
];

/// How many digits a number may have before [`shorten_numbers`] shortens it.
pub const LONG_NUMBER: usize = 24;
/// How many of its first and of its last digits a shortened number keeps.
pub const KEPT_DIGITS: usize = 8;

/// `text` with every run of more than `longest` ASCII digits written as its first and last
/// [`KEPT_DIGITS`] digits, worded with the run's length by `word(head, tail, digits)` (for
/// example `12345678…87654321 (4000 digits)`): a number of any size stays readable in a line.
/// Linear in the text.
#[must_use]
pub fn shorten_numbers(
    text: &str,
    longest: usize,
    word: impl Fn(&str, &str, usize) -> String,
) -> String {
    let mut out = String::with_capacity(text.len().min(4 * longest + 64));
    let mut rest = text;
    while let Some(start) = rest.find(|c: char| c.is_ascii_digit()) {
        out.push_str(&rest[..start]);
        let run = &rest[start..];
        let len = run.find(|c: char| !c.is_ascii_digit()).unwrap_or(run.len());
        let digits = &run[..len];
        if len > longest.max(2 * KEPT_DIGITS) {
            out.push_str(&word(&digits[..KEPT_DIGITS], &digits[len - KEPT_DIGITS..], len));
        } else {
            out.push_str(digits);
        }
        rest = &run[len..];
    }
    out.push_str(rest);
    out
}

/// The words of [`LABELS`] in one language: a label's text with `{arg}` slots that
/// [`Labels::fill`] replaces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Labels(std::collections::BTreeMap<&'static str, String>);

impl Labels {
    /// Labels worded by `word(id, args)`, which returns the message `id` with each named
    /// argument written as its own `{name}` slot.
    pub fn from_fn(word: impl Fn(&'static str, &'static [&'static str]) -> String) -> Labels {
        Labels(LABELS.iter().map(|(id, _, args)| (*id, word(id, args))).collect())
    }

    /// The label `id` (its id if it is unknown: a test keeps [`LABELS`] complete).
    #[must_use]
    pub fn get<'a>(&'a self, id: &'a str) -> &'a str {
        self.0.get(id).map_or(id, String::as_str)
    }

    /// The label `id` with its `{name}` slots filled.
    #[must_use]
    pub fn fill(&self, id: &str, args: &[(&str, &str)]) -> String {
        let mut text = self.get(id).to_string();
        for (name, value) in args {
            text = text.replace(&format!("{{{name}}}"), value);
        }
        text
    }
}

impl Default for Labels {
    fn default() -> Self {
        Labels(LABELS.iter().map(|(id, english, _)| (*id, (*english).to_string())).collect())
    }
}

impl Default for Theme {
    fn default() -> Self {
        Theme {
            cell: 72,
            margin: 28,
            caption: 40,
            background: Rgba([250, 248, 243, 255]),
            light: Rgba([240, 217, 181, 255]),
            dark: Rgba([181, 136, 99, 255]),
            ink: Rgba([40, 40, 40, 255]),
            first: Rgba([0, 114, 178, 255]),
            second: Rgba([213, 94, 0, 255]),
            white: Rgba([250, 247, 238, 255]),
            black: Rgba([45, 45, 50, 255]),
            last_move: Rgba([240, 228, 66, 150]),
            captured: Rgba([204, 121, 167, 150]),
            check: Rgba([200, 30, 30, 255]),
            maybe: Rgba([86, 180, 233, 90]),
            script: Script::Latin,
            flipped: false,
            labels: Labels::default(),
        }
    }
}

/// The most bytes an image may take (both platforms take more; phones on slow links don't).
pub const MAX_BYTES: usize = 100 * 1024;

/// Encodes an image as PNG with fixed settings: 8-bit RGB (every board is opaque, and a quarter
/// less data to compress than RGBA), adaptive filters, and only the IHDR, IDAT and IEND chunks
/// (no text, time or EXIF chunks). Deflate level 1 first; an image that comes out over
/// [`MAX_BYTES`] is compressed again at the default level. Measured (`bench render`, release,
/// 2026-11-27): with anti-aliased discs the `Fast` setting no longer kept a 10x10 board under
/// 100 KB, so every such board paid for two passes (12.6 ms, 38 KB); level 1 takes one pass
/// (6.4 ms, 65 KB; 7.2 ms and 72 KB full of Chinese labels).
#[must_use]
pub fn encode(image: &RgbaImage) -> Picture {
    let rgb: Vec<u8> = image.pixels().flat_map(|p| [p.0[0], p.0[1], p.0[2]]).collect();
    let compress = |level: CompressionType| {
        let mut png = Vec::new();
        let encoder = PngEncoder::new_with_quality(&mut png, level, FilterType::Adaptive);
        match encoder.write_image(
            &rgb,
            image.width(),
            image.height(),
            image::ExtendedColorType::Rgb8,
        ) {
            Ok(()) => png,
            // Writing to a Vec cannot fail; an empty picture is the safe answer if it did.
            Err(_) => Vec::new(),
        }
    };
    let mut png = compress(CompressionType::Level(1));
    if png.len() > MAX_BYTES {
        png = compress(CompressionType::Default);
    }
    Picture { png, width: image.width(), height: image.height() }
}

/// Blends `color` (with its alpha) over the pixel at (x, y), if inside the image.
pub fn blend(img: &mut RgbaImage, x: i64, y: i64, color: Rgba<u8>) {
    let (Ok(x), Ok(y)) = (u32::try_from(x), u32::try_from(y)) else { return };
    if x >= img.width() || y >= img.height() {
        return;
    }
    let a = u32::from(color.0[3]);
    let p = img.get_pixel_mut(x, y);
    for i in 0..3 {
        let mixed = (u32::from(color.0[i]) * a + u32::from(p.0[i]) * (255 - a)) / 255;
        p.0[i] = u8::try_from(mixed).unwrap_or(255);
    }
    p.0[3] = 255;
}

/// Fills a rectangle, blending by the colour's alpha (clipped to the image; opaque colours are
/// written directly, which is most of every board).
pub fn fill_rect(img: &mut RgbaImage, x: i64, y: i64, w: i64, h: i64, color: Rgba<u8>) {
    let (x0, y0) = (x.max(0), y.max(0));
    let x1 = (x + w).min(i64::from(img.width()));
    let y1 = (y + h).min(i64::from(img.height()));
    if x0 >= x1 || y0 >= y1 {
        return;
    }
    if color.0[3] == 255 {
        for yy in y0..y1 {
            for xx in x0..x1 {
                // In range: clipped above.
                img.put_pixel(
                    u32::try_from(xx).unwrap_or(0),
                    u32::try_from(yy).unwrap_or(0),
                    color,
                );
            }
        }
        return;
    }
    for yy in y0..y1 {
        for xx in x0..x1 {
            blend(img, xx, yy, color);
        }
    }
}

/// A filled disc of radius `r` centred at (cx, cy).
pub fn fill_disc(img: &mut RgbaImage, cx: i64, cy: i64, r: i64, color: Rgba<u8>) {
    // Anti-aliased: a pixel on the rim takes the colour in proportion to how much of it the
    // disc covers (by its centre's distance from the circle, a close estimate of the area).
    let inner = (r - 1).max(0);
    let alpha = f64::from(color.0[3]);
    for y in cy - r - 1..=cy + r + 1 {
        for x in cx - r - 1..=cx + r + 1 {
            let (dx, dy) = (x - cx, y - cy);
            let d2 = dx * dx + dy * dy;
            if d2 <= inner * inner {
                blend(img, x, y, color);
                continue;
            }
            let coverage = (r as f64 + 0.5 - ((d2 as f64).sqrt())).clamp(0.0, 1.0);
            if coverage > 0.0 {
                let mut c = color;
                c.0[3] = (alpha * coverage).round() as u8;
                blend(img, x, y, c);
            }
        }
    }
}

/// A filled triangle (for arrowheads).
pub fn fill_triangle(img: &mut RgbaImage, p: [(f64, f64); 3], color: Rgba<u8>) {
    let min_x = p.iter().map(|q| q.0).fold(f64::INFINITY, f64::min).floor() as i64;
    let max_x = p.iter().map(|q| q.0).fold(f64::NEG_INFINITY, f64::max).ceil() as i64;
    let min_y = p.iter().map(|q| q.1).fold(f64::INFINITY, f64::min).floor() as i64;
    let max_y = p.iter().map(|q| q.1).fold(f64::NEG_INFINITY, f64::max).ceil() as i64;
    let side = |a: (f64, f64), b: (f64, f64), c: (f64, f64)| {
        (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)
    };
    for y in min_y..=max_y {
        for x in min_x..=max_x {
            let q = (x as f64, y as f64);
            let s = [side(p[0], p[1], q), side(p[1], p[2], q), side(p[2], p[0], q)];
            if s.iter().all(|&v| v >= 0.0) || s.iter().all(|&v| v <= 0.0) {
                blend(img, x, y, color);
            }
        }
    }
}

/// A thick straight line from (x0, y0) to (x1, y1), `width` pixels wide.
pub fn thick_line(
    img: &mut RgbaImage,
    (x0, y0): (i64, i64),
    (x1, y1): (i64, i64),
    width: i64,
    color: Rgba<u8>,
) {
    let steps = (x1 - x0).abs().max((y1 - y0).abs()).max(1);
    let r = (width / 2).max(1);
    for s in 0..=steps {
        let x = x0 + (x1 - x0) * s / steps;
        let y = y0 + (y1 - y0) * s / steps;
        fill_rect(img, x - r, y - r, width.max(1), width.max(1), color);
    }
}

/// Draws `text` (only drawable characters) centred on (cx, cy) at `size` pixels.
pub fn text_centered(
    img: &mut RgbaImage,
    text: &str,
    cx: i64,
    cy: i64,
    size: f32,
    color: Rgba<u8>,
) {
    let Some(font) = font() else { return };
    let text = drawable(text);
    let scale = PxScale::from(size);
    let (w, h) = text_size(scale, font, &text);
    let x = cx - i64::from(w) / 2;
    let y = cy - i64::from(h) / 2 - i64::from(h) / 6;
    draw_text_mut(
        img,
        color,
        i32::try_from(x).unwrap_or(0),
        i32::try_from(y).unwrap_or(0),
        scale,
        font,
        &text,
    );
}

/// Draws `text` (only drawable characters) with its left edge at x and top at y.
pub fn text_at(img: &mut RgbaImage, text: &str, x: i64, y: i64, size: f32, color: Rgba<u8>) {
    let Some(font) = font() else { return };
    let text = drawable(text);
    draw_text_mut(
        img,
        color,
        i32::try_from(x).unwrap_or(0),
        i32::try_from(y).unwrap_or(0),
        PxScale::from(size),
        font,
        &text,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_font_loads_and_draws_every_character_of_its_charset() {
        assert!(font().is_some(), "the bundled font parses");
        let missing: String = CHARSET
            .chars()
            .chain(NAME_CHARSET.chars())
            .filter(|c| !c.is_control() && *c != ' ' && !can_draw(*c))
            .collect();
        assert!(missing.is_empty(), "the font lacks: {missing}");
        for name in
            ["张伟", "王秀英", "陳志明", "林宜臻", "さくら", "José Müller", "Søren", "Дмитрий"]
        {
            assert_eq!(drawable(name), name, "a common name draws whole");
        }
        for c in "王夹夾麻协協跳拖仿甲乙上下左右骑騎卫衛帅帥炮砲马馬车車后後".chars()
        {
            assert!(can_draw(c), "{c}");
        }
        assert!(!can_draw('龘'), "a character outside the subset is not drawable");
        assert_eq!(drawable("A1 龘 右"), "A1 ? 右");
    }

    #[test]
    fn encoded_pngs_carry_only_the_critical_chunks() {
        let mut img = RgbaImage::from_pixel(20, 10, Rgba([1, 2, 3, 255]));
        text_centered(&mut img, "A1", 10, 5, 8.0, Rgba([0, 0, 0, 255]));
        let pic = encode(&img);
        assert_eq!((pic.width, pic.height), (20, 10));
        assert_eq!(chunk_types(&pic.png), ["IHDR", "IDAT", "IEND"]);
        assert_eq!(encode(&img), pic, "same pixels, same bytes");
    }

    /// The chunk types of a PNG, in order.
    pub(crate) fn chunk_types(png: &[u8]) -> Vec<String> {
        assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "PNG signature");
        let mut at = 8;
        let mut types = Vec::new();
        while at + 8 <= png.len() {
            let len = u32::from_be_bytes([png[at], png[at + 1], png[at + 2], png[at + 3]]) as usize;
            types.push(String::from_utf8_lossy(&png[at + 4..at + 8]).into_owned());
            at += 12 + len;
        }
        types
    }
}
