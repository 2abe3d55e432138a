//! The rating chart of `/profile` (docs/community.md): one small panel per game, the player's
//! rating after each rated game, from 1500 before the first.

use image::{Rgba, RgbaImage};

use super::common::{
    Picture, Theme, encode, fill_disc, fill_rect, text_at, text_centered, thick_line,
};

/// One game's line: its name (as the reader reads it) and the rating before the first rated
/// game followed by the rating after each.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    /// The game's name.
    pub label: String,
    /// Ratings in order, at least one.
    pub points: Vec<f64>,
}

/// The words around the panels, in the reader's language: the chart's title and what the
/// x-axis counts.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Labels {
    /// Over the whole chart, e.g. "Rating after each rated game".
    pub title: String,
    /// Under each panel's x-axis, e.g. "rated games".
    pub x_axis: String,
}

/// Width of the image.
const WIDTH: u32 = 520;
/// Room at the top for the chart's title.
const TITLE: u32 = 38;
/// Height of one game's panel.
const PANEL: u32 = 140;
/// Room left of each panel for the rating scale.
const LEFT: i64 = 56;
/// Room right of each panel.
const RIGHT: i64 = 16;
/// Room above the plot for the game's name.
const TOP: i64 = 28;
/// Room below the plot for the x-axis: its ticks, their numbers and what it counts.
const BOTTOM: i64 = 34;
/// The least room between two numbers on the x-axis, in pixels.
const TICK_ROOM: i64 = 36;

/// The games numbered on an x-axis of `games` rated games drawn `width` pixels wide: 0 (the
/// start), every multiple of a round step (1, 2, 5, 10, 20, 50…) far enough apart to read, and
/// the last game when it is not too close to the one before.
fn ticks(games: usize, width: i64) -> Vec<usize> {
    if games == 0 {
        return vec![0];
    }
    let per_game = |step: usize| {
        i64::try_from(step).unwrap_or(i64::MAX).saturating_mul(width)
            / i64::try_from(games).unwrap_or(i64::MAX).max(1)
    };
    let mut step = 1;
    for next in [1, 2, 5].iter().cycle().scan(1_usize, |scale, &m| {
        let s = m * *scale;
        if m == 5 {
            *scale *= 10;
        }
        Some(s)
    }) {
        step = next;
        if per_game(step) >= TICK_ROOM || step >= games {
            break;
        }
    }
    let mut out: Vec<usize> = (0..=games).step_by(step).collect();
    if let Some(&last) = out.last()
        && last != games
    {
        if per_game(games - last) < TICK_ROOM * 2 / 3 && out.len() > 1 {
            out.pop();
        }
        out.push(games);
    }
    out
}

/// Draws `series` (at most the first eight) one panel under another, under `labels.title`.
/// Each panel's scale spans its own lowest and highest rating (at least 100 points, so a flat
/// line stays flat-looking), with both written on the left; the last rating is written at the
/// end of the line; the x-axis counts the rated games, from 0 (the rating before the first).
#[must_use]
pub fn rating_chart(series: &[Series], labels: &Labels, theme: &Theme) -> Picture {
    let shown = &series[..series.len().min(8)];
    let panels = u32::try_from(shown.len().max(1)).unwrap_or(1);
    let mut img = RgbaImage::from_pixel(WIDTH, TITLE + PANEL * panels, theme.background);
    let grid = Rgba([theme.ink[0], theme.ink[1], theme.ink[2], 60]);
    text_at(&mut img, &labels.title, 10, 8, 19.0, theme.ink);
    fill_rect(&mut img, 0, i64::from(TITLE) - 2, i64::from(WIDTH), 1, grid);
    for (i, s) in shown.iter().enumerate() {
        let top = i64::from(TITLE) + i64::try_from(i).unwrap_or(0) * i64::from(PANEL);
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
        let games = points.len() - 1;
        let steps = i64::try_from(games).unwrap_or(1).max(1);
        let x_of = |k: usize| LEFT + i64::try_from(k).unwrap_or(0) * plot_width / steps;
        fill_rect(&mut img, LEFT, plot_top, plot_width + 1, 1, grid);
        text_at(&mut img, &format!("{}", high.round()), 8, plot_top - 7, 13.0, theme.ink);
        text_at(
            &mut img,
            &format!("{}", low.round()),
            8,
            plot_top + plot_height - 7,
            13.0,
            theme.ink,
        );
        // The x-axis: a solid line, a tick and a number for the games counted, and what it
        // counts under them.
        let axis = plot_top + plot_height;
        fill_rect(&mut img, LEFT, axis, plot_width + 1, 1, theme.ink);
        for k in ticks(games, plot_width) {
            fill_rect(&mut img, x_of(k), axis, 1, 4, theme.ink);
            text_centered(&mut img, &k.to_string(), x_of(k), axis + 11, 12.0, theme.ink);
        }
        text_centered(&mut img, &labels.x_axis, LEFT + plot_width / 2, axis + 26, 12.0, theme.ink);
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
        let labels = Labels { title: "alice".into(), x_axis: "rated games".into() };
        let p = rating_chart(&series, &labels, &Theme::default());
        assert_eq!((p.width, p.height), (WIDTH, TITLE + 2 * PANEL));
        assert!(p.png.starts_with(b"\x89PNG"));
        // No series at all still draws an empty panel rather than failing.
        assert_eq!(rating_chart(&[], &labels, &Theme::default()).height, TITLE + PANEL);
    }

    #[test]
    fn the_x_axis_numbers_round_steps_far_enough_apart_and_the_last_game() {
        // Wide room: every game.
        assert_eq!(ticks(3, 360), [0, 1, 2, 3]);
        assert_eq!(ticks(0, 360), [0]);
        // 40 games on 360 pixels: 9 pixels a game, so every 5th (45 pixels apart).
        assert_eq!(ticks(40, 360), [0, 5, 10, 15, 20, 25, 30, 35, 40]);
        // 23 games: steps of 5 (78 pixels), and 23 itself, 47 pixels after 20.
        assert_eq!(ticks(23, 360), [0, 5, 10, 15, 20, 23]);
        // 21 games: 21 is 17 pixels after 20, too close: 20 gives way to it.
        assert_eq!(ticks(21, 360), [0, 5, 10, 15, 21]);
        // Many games: still a handful of numbers, never crowded.
        let many = ticks(100_000, 360);
        assert!(many.len() <= 11, "{many:?}");
        assert_eq!((many[0], many.last().copied()), (0, Some(100_000)));
    }

    #[test]
    fn the_title_and_the_axis_words_are_drawn() {
        let series = [Series { label: "Ultima".into(), points: vec![1500.0, 1662.0] }];
        let theme = Theme::default();
        let bare = rating_chart(&series, &Labels::default(), &theme);
        let labelled = rating_chart(
            &series,
            &Labels { title: "alice: rating".into(), x_axis: "rated games".into() },
            &theme,
        );
        let decode = |p: &Picture| image::load_from_memory(&p.png).expect("a PNG").to_rgba8();
        let (bare, labelled) = (decode(&bare), decode(&labelled));
        let inked = |img: &RgbaImage, y0: u32, y1: u32| {
            (y0..y1)
                .flat_map(|y| (0..WIDTH).map(move |x| (x, y)))
                .filter(|&(x, y)| img.get_pixel(x, y) != &theme.background)
                .count()
        };
        assert!(inked(&labelled, 0, TITLE - 4) > inked(&bare, 0, TITLE - 4), "the title");
        let axis_words = TITLE + PANEL - 12..TITLE + PANEL - 1;
        assert!(
            inked(&labelled, axis_words.start, axis_words.end)
                > inked(&bare, axis_words.start, axis_words.end),
            "the x-axis words"
        );
    }
}
