//! Animated replays (`/replay`, `arbiter replay`; docs/community.md): the pictures of a game,
//! one per ply, as a looping GIF, the last one held. Every platform plays a GIF (Discord
//! inline, Telegram as an animation), which an animated PNG is not.

use image::{Rgba, RgbaImage};

use super::common::Picture;

/// How long each ply is shown.
pub const FRAME_MS: u32 = 900;
/// How long the last picture is held before the loop starts again.
pub const HOLD_MS: u32 = 4_000;
/// The quantiser's speed (1 best and slowest, 30 fastest): boards have few colours, so a fast
/// setting loses nothing visible.
const SPEED: i32 = 20;

/// Why a replay could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// No pictures.
    #[error("a replay needs at least one picture")]
    Empty,
    /// A picture is not a PNG this program wrote.
    #[error("the replay could not be drawn: {0}")]
    Image(#[from] image::ImageError),
    /// The GIF could not be written.
    #[error("the replay could not be written: {0}")]
    Gif(#[from] gif::EncodingError),
    /// A picture is larger than a GIF may be (65,535 pixels a side).
    #[error("a picture is too large for a GIF")]
    TooLarge,
}

/// The smallest rectangle `(left, top, width, height)` holding every pixel where `a` and `b`
/// differ (same sizes), or `None` when they are equal.
fn changed(a: &RgbaImage, b: &RgbaImage) -> Option<(u32, u32, u32, u32)> {
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for (x, y, p) in a.enumerate_pixels() {
        if p != b.get_pixel(x, y) {
            x0 = x0.min(x);
            y0 = y0.min(y);
            x1 = x1.max(x);
            y1 = y1.max(y);
        }
    }
    (x0 != u32::MAX).then(|| (x0, y0, x1 - x0 + 1, y1 - y0 + 1))
}

/// The GIF of `pictures` (PNGs, one per ply, the start first). Pictures of different sizes are
/// drawn on a canvas of the largest, top left, on the first picture's corner colour. After the
/// first, each frame holds only the rectangle that changed since the one before, drawn over it
/// (most plies change two squares and the caption): a tenth of the size and of the time of
/// whole frames.
///
/// # Errors
///
/// No pictures; a picture that does not decode; a canvas over 65,535 pixels a side.
pub fn gif(pictures: &[Picture]) -> Result<Vec<u8>, ReplayError> {
    let first = pictures.first().ok_or(ReplayError::Empty)?;
    let decoded: Vec<RgbaImage> = pictures
        .iter()
        .map(|p| image::load_from_memory(&p.png).map(|i| i.to_rgba8()))
        .collect::<Result<_, _>>()?;
    let width = decoded.iter().map(RgbaImage::width).max().unwrap_or(first.width);
    let height = decoded.iter().map(RgbaImage::height).max().unwrap_or(first.height);
    let (Ok(w), Ok(h)) = (u16::try_from(width), u16::try_from(height)) else {
        return Err(ReplayError::TooLarge);
    };
    let background = decoded.first().map_or(Rgba([255, 255, 255, 255]), |i| *i.get_pixel(0, 0));
    let mut out = Vec::new();
    {
        let mut encoder = gif::Encoder::new(&mut out, w, h, &[])?;
        encoder.set_repeat(gif::Repeat::Infinite)?;
        let last = decoded.len() - 1;
        let mut shown: Option<RgbaImage> = None;
        for (i, picture) in decoded.into_iter().enumerate() {
            let canvas = if picture.dimensions() == (width, height) {
                picture
            } else {
                let mut canvas = RgbaImage::from_pixel(width, height, background);
                image::imageops::overlay(&mut canvas, &picture, 0, 0);
                canvas
            };
            let (left, top, fw, fh) = match &shown {
                None => (0, 0, width, height),
                // An unchanged picture still takes its turn: one pixel, redrawn as it was.
                Some(before) => changed(before, &canvas).unwrap_or((0, 0, 1, 1)),
            };
            let mut pixels =
                image::imageops::crop_imm(&canvas, left, top, fw, fh).to_image().into_raw();
            let to16 = |v: u32| u16::try_from(v).unwrap_or(u16::MAX);
            let mut frame = gif::Frame::from_rgba_speed(to16(fw), to16(fh), &mut pixels, SPEED);
            frame.left = to16(left);
            frame.top = to16(top);
            frame.dispose = gif::DisposalMethod::Keep;
            let ms = if i == last { HOLD_MS } else { FRAME_MS };
            frame.delay = u16::try_from(ms / 10).unwrap_or(u16::MAX);
            encoder.write_frame(&frame)?;
            shown = Some(canvas);
        }
    }
    Ok(out)
}

/// How many frames a GIF holds (for tests and the benchmark's report).
///
/// # Errors
///
/// The bytes are not a GIF.
pub fn frame_count(gif: &[u8]) -> Result<usize, ReplayError> {
    use image::AnimationDecoder;
    let decoder = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(gif))?;
    Ok(decoder.into_frames().count())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture(width: u32, height: u32, shade: u8) -> Picture {
        let img = RgbaImage::from_pixel(width, height, Rgba([shade, shade, shade, 255]));
        super::super::encode(&img)
    }

    #[test]
    fn each_frame_after_the_first_holds_only_what_changed_and_decodes_to_the_whole_picture() {
        let mut a = RgbaImage::from_pixel(30, 20, Rgba([200, 180, 140, 255]));
        let first = super::super::encode(&a);
        for x in 10..14 {
            for y in 5..8 {
                a.put_pixel(x, y, Rgba([20, 20, 20, 255]));
            }
        }
        assert_eq!(
            changed(&image::load_from_memory(&first.png).unwrap().to_rgba8(), &a),
            Some((10, 5, 4, 3))
        );
        let second = super::super::encode(&a);
        let bytes = gif(&[first, second]).expect("a GIF");
        use image::AnimationDecoder;
        let decoder = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&bytes)).unwrap();
        let frames: Vec<_> = decoder.into_frames().collect::<Result<_, _>>().unwrap();
        assert_eq!(frames.len(), 2);
        // The decoder composes each frame over the last: the second reads as the whole picture.
        let shown = frames[1].buffer();
        assert_eq!(shown.dimensions(), (30, 20));
        assert_eq!(shown.get_pixel(11, 6), &Rgba([20, 20, 20, 255]));
        assert_eq!(shown.get_pixel(0, 0), &Rgba([200, 180, 140, 255]));
    }

    #[test]
    fn a_replay_has_one_frame_per_picture_on_the_largest_canvas() {
        let gif =
            gif(&[picture(40, 30, 10), picture(50, 20, 200), picture(40, 30, 90)]).expect("a GIF");
        assert!(gif.starts_with(b"GIF89a"));
        assert_eq!(frame_count(&gif).expect("decodes"), 3);
        let decoder = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&gif)).unwrap();
        assert_eq!(image::ImageDecoder::dimensions(&decoder), (50, 30));
        assert!(matches!(super::gif(&[]), Err(ReplayError::Empty)));
    }
}
