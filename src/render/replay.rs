//! Animated replays (`/replay`, `arbiter replay`; docs/community.md): the pictures of a game,
//! one per ply, as a looping GIF, the last one held. Every platform plays a GIF (Discord
//! inline, Telegram as an animation), which an animated PNG is not.

use image::codecs::gif::{GifEncoder, Repeat};
use image::{Delay, Frame, Rgba, RgbaImage};

use super::Picture;

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
    /// A picture is not a PNG this program wrote, or the GIF could not be written.
    #[error("the replay could not be drawn: {0}")]
    Image(#[from] image::ImageError),
    /// A picture is larger than a GIF may be (65,535 pixels a side).
    #[error("a picture is too large for a GIF")]
    TooLarge,
}

/// The GIF of `pictures` (PNGs, one per ply, the start first). Pictures of different sizes are
/// drawn on a canvas of the largest, top left, on the first picture's corner colour.
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
    if width > u32::from(u16::MAX) || height > u32::from(u16::MAX) {
        return Err(ReplayError::TooLarge);
    }
    let background = decoded.first().map_or(Rgba([255, 255, 255, 255]), |i| *i.get_pixel(0, 0));
    let mut out = Vec::new();
    {
        let mut encoder = GifEncoder::new_with_speed(&mut out, SPEED);
        encoder.set_repeat(Repeat::Infinite)?;
        let last = decoded.len() - 1;
        for (i, picture) in decoded.into_iter().enumerate() {
            let canvas = if picture.dimensions() == (width, height) {
                picture
            } else {
                let mut canvas = RgbaImage::from_pixel(width, height, background);
                image::imageops::overlay(&mut canvas, &picture, 0, 0);
                canvas
            };
            let ms = if i == last { HOLD_MS } else { FRAME_MS };
            encoder.encode_frame(Frame::from_parts(
                canvas,
                0,
                0,
                Delay::from_numer_denom_ms(ms, 1),
            ))?;
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
