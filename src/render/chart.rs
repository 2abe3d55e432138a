//! The rating chart of `/profile` (docs/community.md): one small panel per game, the player's
//! rating after each rated game, from 1500 before the first.

use image::{Rgba, RgbaImage};

use super::common::{Picture, Theme, encode, fill_disc, fill_rect, text_at, thick_line};

/// One game's line: its name (as the reader reads it) and the rating before the first rated
/// game followed by the rating after each.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    /// The game's name.
    pub label: String,
    /// Ratings in order, at least one.
    pub points: Vec<f64>,
}

/// Width of the image.
const WIDTH: u32 = 520;
/// Height of one game's panel.
const PANEL: u32 = 120;
/// Room left of each panel for the rating scale.
const LEFT: i64 = 56;
/// Room right of each panel.
const RIGHT: i64 = 16;
/// Room above the plot for the game's name.
const TOP: i64 = 28;
/// Room below the plot.
const BOTTOM: i64 = 14;

/// Draws `series` (at most the first eight) one panel under another. Each panel's scale spans
/// its own lowest and highest rating (at least 100 points, so a flat line stays flat-looking),
/// with both written on the left; the last rating is written at the end of the line.
#[must_use]
pub fn rating_chart(series: &[Series], theme: &Theme) -> Picture {
    let shown = &series[..series.len().min(8)];
    let panels = u32::try_from(shown.len().max(1)).unwrap_or(1);
    let mut img = RgbaImage::from_pixel(WIDTH, PANEL * panels, theme.background);
    let grid = Rgba([theme.ink[0], theme.ink[1], theme.ink[2], 60]);
    for (i, s) in shown.iter().enumerate() {
        let top = i64::try_from(i).unwrap_or(0) * i64::from(PANEL);
        if i > 0 {
            fill_rect(&mut img, 0, top, i64::from(WIDTH), 1, grid);
        }
        text_at(&mut img, &s.label, 10, top + 6, 17.0, theme.ink);
        let points: Vec<f64> = s.points.iter().copied().filter(|p| p.is_finite()).collect();
        let Some(&last) = points.last() else { continue };
        let low = points.iter().copied().fold(f64::INFINITY, f64::min);
        let high = points.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let middle = f64::midpoint(low, high);
        let span = (high - low).max(100.0);
        let (low, high) = (middle - span / 2.0, middle + span / 2.0);
        let plot_top = top + TOP;
        let plot_height = i64::from(PANEL) - TOP - BOTTOM;
        let plot_width = i64::from(WIDTH) - LEFT - RIGHT - 44;
        #[allow(clippy::cast_possible_truncation)]
        let y_of = |r: f64| plot_top + ((high - r) / (high - low) * plot_height as f64) as i64;
        let steps = i64::try_from(points.len().saturating_sub(1)).unwrap_or(1).max(1);
        let x_of = |k: usize| LEFT + i64::try_from(k).unwrap_or(0) * plot_width / steps;
        fill_rect(&mut img, LEFT, plot_top, plot_width + 1, 1, grid);
        fill_rect(&mut img, LEFT, plot_top + plot_height, plot_width + 1, 1, grid);
        text_at(&mut img, &format!("{}", high.round()), 8, plot_top - 7, 13.0, theme.ink);
        text_at(
            &mut img,
            &format!("{}", low.round()),
            8,
            plot_top + plot_height - 7,
            13.0,
            theme.ink,
        );
        let line = theme.first;
        for (k, pair) in points.windows(2).enumerate() {
            thick_line(&mut img, (x_of(k), y_of(pair[0])), (x_of(k + 1), y_of(pair[1])), 2, line);
        }
        // A dot for each game while they are few enough to tell apart.
        if points.len() <= 40 {
            for (k, &p) in points.iter().enumerate() {
                fill_disc(&mut img, x_of(k), y_of(p), 3, line);
            }
        }
        let end_x = x_of(points.len() - 1);
        text_at(&mut img, &format!("{}", last.round()), end_x + 6, y_of(last) - 8, 14.0, theme.ink);
    }
    encode(&img)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chart_has_one_panel_per_game_and_is_a_png() {
        let series = [
            Series { label: "Ultima".into(), points: vec![1500.0, 1662.0, 1580.0] },
            Series { label: "混乱时钟".into(), points: vec![1500.0] },
        ];
        let p = rating_chart(&series, &Theme::default());
        assert_eq!((p.width, p.height), (WIDTH, 2 * PANEL));
        assert!(p.png.starts_with(b"\x89PNG"));
        // No series at all still draws an empty panel rather than failing.
        assert_eq!(rating_chart(&[], &Theme::default()).height, PANEL);
    }
}
