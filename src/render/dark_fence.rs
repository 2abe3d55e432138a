//! Dark Fence images, each drawn from one [`View`] only:
//!
//! - a seat's view: the grid with coordinates, the border, the seat's own token, fences and last
//!   path, the cells where the opponent may be given what this seat was told (shaded), and the
//!   history of announced fence directions and reports;
//! - the public view: common knowledge only (both tokens in the challenge variant; no positions
//!   in referee mode);
//! - the reveal (once the game is over, or the referee's view): every fence in its owner's
//!   colour with its ply number, both paths, and the step that decided the game.

use image::{Rgba, RgbaImage};

use super::common::{
    Labels, Picture, Theme, encode, fill_disc, fill_rect, text_at, text_centered, thick_line,
};
use crate::games::dark_fence::{
    Cell, Dims, Dir, Edge, Player, Rel8, Report, Reveal, View, Violation,
};

/// Pixel geometry of one image.
struct Layout {
    cell: i64,
    x0: i64,
    y0: i64,
    dims: Dims,
}

impl Layout {
    fn new(dims: Dims, theme: &Theme) -> Layout {
        // Large boards shrink their cells so the image stays about 800 px wide at most.
        let side = i64::from(dims.cols.max(dims.rows));
        let cell = i64::from(theme.cell).min(720 / side.max(1)).max(16);
        Layout { cell, x0: i64::from(theme.margin), y0: i64::from(theme.caption), dims }
    }

    fn board_w(&self) -> i64 {
        self.cell * i64::from(self.dims.cols)
    }

    fn board_h(&self) -> i64 {
        self.cell * i64::from(self.dims.rows)
    }

    fn center(&self, c: Cell) -> (i64, i64) {
        (
            self.x0 + i64::from(c.c) * self.cell + self.cell / 2,
            self.y0 + i64::from(c.r) * self.cell + self.cell / 2,
        )
    }

    /// The two ends of an edge's line.
    fn edge(&self, e: Edge) -> ((i64, i64), (i64, i64)) {
        let left = self.x0 + i64::from(e.cell.c) * self.cell;
        let top = self.y0 + i64::from(e.cell.r) * self.cell;
        let (right, bottom) = (left + self.cell, top + self.cell);
        match e.side {
            Dir::U => ((left, top), (right, top)),
            Dir::D => ((left, bottom), (right, bottom)),
            Dir::L => ((left, top), (left, bottom)),
            Dir::R => ((right, top), (right, bottom)),
        }
    }
}

fn seat_color(theme: &Theme, p: Option<Player>) -> Rgba<u8> {
    match p {
        Some(Player::P1) => theme.first,
        Some(Player::P2) => theme.second,
        None => theme.ink,
    }
}

fn token_label(p: Player) -> &'static str {
    match p {
        Player::P1 => "1",
        Player::P2 => "2",
    }
}

/// A fence direction as the image writes it (`R`, `右`).
fn dir_word(d: Dir, labels: &Labels) -> &str {
    labels.get(match d {
        Dir::U => "img-dir-u",
        Dir::D => "img-dir-d",
        Dir::L => "img-dir-l",
        Dir::R => "img-dir-r",
    })
}

/// Where a report says the opponent is (`up-left, more up d2`, `左上偏上 d2`), or its cell.
fn rel_words(r: &Report, labels: &Labels) -> String {
    if let Some(cell) = r.cell {
        return cell.to_string();
    }
    let mut s = labels
        .get(match r.dir {
            Rel8::Up => "img-rel-up",
            Rel8::Down => "img-rel-down",
            Rel8::Left => "img-rel-left",
            Rel8::Right => "img-rel-right",
            Rel8::UpLeft => "img-rel-up-left",
            Rel8::UpRight => "img-rel-up-right",
            Rel8::DownLeft => "img-rel-down-left",
            Rel8::DownRight => "img-rel-down-right",
            Rel8::Same => "img-rel-same",
        })
        .to_string();
    if let Some(lean) = r.lean {
        use crate::games::dark_fence::Lean;
        s.push_str(labels.get(match lean {
            Lean::Up => "img-lean-up",
            Lean::Down => "img-lean-down",
            Lean::Left => "img-lean-left",
            Lean::Right => "img-lean-right",
        }));
    }
    if let Some(d) = r.distance {
        // Written out ("distance 3"): `d3` would read as a cell.
        s.push_str(&labels.fill("img-distance", &[("n", &d.to_string())]));
    }
    s
}

/// The cells where the opponent may stand, from what `view`'s seat was told: the latest report
/// relative to its own cell and, after the opponent's move, the fence that move placed (its
/// side of the final cell was neither the pre-fenced border, unless 边空, nor one of this seat's
/// own fences: either would have ended the game). `None` when nothing narrows it down.
fn possible_opponent_cells(view: &View) -> Option<(Player, Vec<Cell>)> {
    let me = view.viewer?;
    if view.is_challenge() || view.reveal.is_some() {
        return None;
    }
    let my_cell = view.positions[me.index()]?;
    let dims = view.dims();
    let opponent = me.other();
    let last = view.plies.last();
    let report = match (last, view.setup_report) {
        (Some(p), _) => p.reports.map(|r| r[me.index()]),
        (None, Some(r)) => Some(r),
        (None, None) => None,
    };
    let Some(report) = report else {
        // Before any report: a fixed start is known to both; a free start is known to P2.
        let known = match view.options.start {
            crate::games::dark_fence::Start::Fixed => {
                Some(if opponent == Player::P1 { Cell::new(0, 0) } else { dims.far_corner() })
            }
            crate::games::dark_fence::Start::Free => view.opponent_start,
        };
        return known.map(|c| (opponent, vec![c]));
    };
    let own_edges: Vec<Edge> = view.own_records.iter().map(|r| r.edge).collect();
    let fence_after_their_move = last.filter(|p| p.mover == opponent).and_then(|p| p.fence_dir);
    let cells = dims
        .cells()
        .filter(|&c| Report::between(my_cell, c, view.options.report) == report)
        .filter(|&c| match fence_after_their_move {
            Some(dir) => {
                let e = dims.edge(c, dir);
                (view.options.edge_empty || !dims.is_border(e)) && !own_edges.contains(&e)
            }
            None => true,
        })
        .collect();
    Some((opponent, cells))
}

fn draw_grid(img: &mut RgbaImage, l: &Layout, theme: &Theme) {
    fill_rect(img, l.x0, l.y0, l.board_w(), l.board_h(), theme.light);
    for c in 0..=i64::from(l.dims.cols) {
        let x = l.x0 + c * l.cell;
        thick_line(img, (x, l.y0), (x, l.y0 + l.board_h()), 1, theme.dark);
    }
    for r in 0..=i64::from(l.dims.rows) {
        let y = l.y0 + r * l.cell;
        thick_line(img, (l.x0, y), (l.x0 + l.board_w(), y), 1, theme.dark);
    }
    // The border is fenced in advance.
    let (w, h) = (l.board_w(), l.board_h());
    for (a, b) in [((0, 0), (w, 0)), ((0, h), (w, h)), ((0, 0), (0, h)), ((w, 0), (w, h))] {
        thick_line(img, (l.x0 + a.0, l.y0 + a.1), (l.x0 + b.0, l.y0 + b.1), 4, theme.ink);
    }
    let size = (l.cell as f32 * 0.3).clamp(10.0, 18.0);
    for c in 0..l.dims.cols {
        let label = char::from(b'A' + c).to_string();
        text_centered(
            img,
            &label,
            l.x0 + i64::from(c) * l.cell + l.cell / 2,
            l.y0 + l.board_h() + 14,
            size,
            theme.ink,
        );
    }
    for r in 0..l.dims.rows {
        text_centered(
            img,
            &(u32::from(r) + 1).to_string(),
            l.x0 / 2,
            l.y0 + i64::from(r) * l.cell + l.cell / 2,
            size,
            theme.ink,
        );
    }
}

fn draw_fence(img: &mut RgbaImage, l: &Layout, e: Edge, color: Rgba<u8>, label: Option<&str>) {
    let (a, b) = l.edge(e);
    let width = (l.cell / 9).max(4);
    // A fence is one side of one cell: its square ends are pulled in by half its width so it
    // never runs past the cell's corners, and a fence on the border (边空) is drawn just inside
    // the frame instead of half outside it.
    let inset = width / 2 + 1;
    let (right, bottom) = (l.x0 + l.board_w(), l.y0 + l.board_h());
    let (a, b) = if a.0 == b.0 {
        let x = if a.0 <= l.x0 {
            a.0 + width / 2
        } else if a.0 >= right {
            a.0 - width / 2
        } else {
            a.0
        };
        ((x, a.1 + inset), (x, b.1 - inset))
    } else {
        let y = if a.1 <= l.y0 {
            a.1 + width / 2
        } else if a.1 >= bottom {
            a.1 - width / 2
        } else {
            a.1
        };
        ((a.0 + inset, y), (b.0 - inset, y))
    };
    thick_line(img, a, b, width, color);
    if let Some(text) = label {
        let (mx, my) = ((a.0 + b.0) / 2, (a.1 + b.1) / 2);
        let r = (l.cell / 7).max(7);
        // A label on a border fence stays inside the image.
        let mx = mx.clamp(r, i64::from(img.width()) - r - 1);
        let my = my.clamp(r, i64::from(img.height()) - r - 1);
        fill_disc(img, mx, my, r, Rgba([255, 255, 255, 235]));
        text_centered(img, text, mx, my, (r as f32 * 1.5).max(9.0), color);
    }
}

fn draw_token(img: &mut RgbaImage, l: &Layout, c: Cell, p: Player, theme: &Theme) {
    let (cx, cy) = l.center(c);
    let r = l.cell * 3 / 10;
    fill_disc(img, cx, cy, r + 2, theme.ink);
    fill_disc(img, cx, cy, r, seat_color(theme, Some(p)));
    text_centered(img, token_label(p), cx, cy, r as f32 * 1.3, Rgba([255, 255, 255, 255]));
}

fn draw_path(img: &mut RgbaImage, l: &Layout, path: &[Cell], p: Player, theme: &Theme, width: i64) {
    let shift = if p == Player::P1 { -l.cell / 8 } else { l.cell / 8 };
    let points: Vec<(i64, i64)> = path
        .iter()
        .map(|c| {
            let (x, y) = l.center(*c);
            (x + shift, y + shift)
        })
        .collect();
    let mut color = seat_color(theme, Some(p));
    color.0[3] = 200;
    for w in points.windows(2) {
        thick_line(img, w[0], w[1], width, color);
    }
    if let (Some(first), Some(last)) = (points.first(), points.last()) {
        fill_disc(img, first.0, first.1, width + 1, color);
        fill_disc(img, last.0, last.1, width * 2, color);
    }
}

fn draw_reveal(img: &mut RgbaImage, l: &Layout, reveal: &Reveal, theme: &Theme) {
    for r in &reveal.records {
        draw_path(img, l, &r.path, r.by, theme, 2);
    }
    for f in &reveal.fences {
        let label = (f.ply > 0).then(|| f.ply.to_string());
        draw_fence(img, l, f.edge, seat_color(theme, f.by), label.as_deref());
    }
    if let Some(decisive) = reveal.decisive {
        let record = reveal.records.iter().find(|r| r.ply == decisive.ply);
        if let Some(r) = record {
            draw_path(img, l, &r.path, r.by, theme, 4);
        }
        match decisive.violation {
            Violation::CrossedFence { edge, from, to, .. } => {
                draw_fence(img, l, edge, theme.check, None);
                let (a, b) = (l.center(from), l.center(to));
                let (mx, my) = ((a.0 + b.0) / 2, (a.1 + b.1) / 2);
                let s = l.cell / 6;
                thick_line(img, (mx - s, my - s), (mx + s, my + s), 4, theme.check);
                thick_line(img, (mx - s, my + s), (mx + s, my - s), 4, theme.check);
            }
            Violation::EndedOnOpponent { cell } => {
                let (cx, cy) = l.center(cell);
                for k in 0..3 {
                    ring(img, cx, cy, l.cell * 4 / 10 + k, theme.check);
                }
            }
            Violation::BorderFence { edge } | Violation::DuplicateFence { edge, .. } => {
                draw_fence(img, l, edge, theme.check, Some("!"));
            }
        }
    }
    for p in Player::BOTH {
        if let Some(c) = reveal.positions[p.index()] {
            draw_token(img, l, c, p, theme);
        }
    }
}

fn ring(img: &mut RgbaImage, cx: i64, cy: i64, r: i64, color: Rgba<u8>) {
    let steps = (r * 8).max(16);
    for s in 0..steps {
        let a = std::f64::consts::TAU * s as f64 / steps as f64;
        let x = cx + (r as f64 * a.cos()).round() as i64;
        let y = cy + (r as f64 * a.sin()).round() as i64;
        fill_rect(img, x - 1, y - 1, 3, 3, color);
    }
}

/// The history lines under the board.
fn history(view: &View, labels: &Labels) -> Vec<String> {
    let me = view.viewer;
    let mut lines = Vec::new();
    if let Some(r) = view.reveal.as_ref() {
        for rec in &r.records {
            let path: Vec<String> = rec.path.iter().map(ToString::to_string).collect();
            let mark = if r.decisive.is_some_and(|d| d.ply == rec.ply) { " !" } else { "" };
            lines.push(format!(
                "{}. P{} {} {}{mark}",
                rec.ply,
                rec.by.index() + 1,
                path.join("-"),
                dir_word(rec.dir, labels)
            ));
        }
        return lines;
    }
    for ply in &view.plies {
        let who = format!("P{}", ply.mover.index() + 1);
        let line = match (ply.fence_dir, ply.reports, ply.cell) {
            (Some(d), Some(reports), _) => match me {
                Some(p) => format!(
                    "{}. {who} {}  {}",
                    ply.ply,
                    dir_word(d, labels),
                    rel_words(&reports[p.index()], labels)
                ),
                None => format!(
                    "{}. {who} {}  1→2 {}  2→1 {}",
                    ply.ply,
                    dir_word(d, labels),
                    rel_words(&reports[0], labels),
                    rel_words(&reports[1], labels)
                ),
            },
            (_, _, Some(cell)) => {
                let own = me.and_then(|_| view.own_records.iter().find(|r| r.ply == ply.ply));
                match own {
                    Some(r) => {
                        let path: Vec<String> = r.path.iter().map(ToString::to_string).collect();
                        format!(
                            "{}. {who} → {cell}  [{} {}]",
                            ply.ply,
                            path.join("-"),
                            dir_word(r.dir, labels)
                        )
                    }
                    None => format!("{}. {who} → {cell}", ply.ply),
                }
            }
            _ => continue,
        };
        lines.push(line);
    }
    // Only the latest lines fit; they are the ones a player needs.
    let keep = 12;
    if lines.len() > keep {
        lines.drain(..lines.len() - keep);
    }
    lines
}

/// Draws a Dark Fence view (see the module docs for what each viewer gets).
pub(super) fn render(view: &View, caption: &str, theme: &Theme) -> Picture {
    let l = Layout::new(view.dims(), theme);
    // The caption's first line is the header; further lines (why the game ended) go first
    // under the board.
    let mut caption_lines = caption.lines();
    let caption = caption_lines.next().unwrap_or_default();
    let mut lines: Vec<String> = caption_lines.map(str::to_string).collect();
    lines.extend(history(view, &theme.labels));
    let line_h = 20;
    let width = (l.x0 + l.board_w() + 16).max(340);
    let board_bottom = l.y0 + l.board_h() + 30;
    let height = board_bottom + line_h * i64::try_from(lines.len()).unwrap_or(0) + 10;
    let mut img = RgbaImage::from_pixel(
        u32::try_from(width).unwrap_or(340),
        u32::try_from(height).unwrap_or(340),
        theme.background,
    );
    text_at(&mut img, caption, 10, 8, 20.0, theme.ink);
    draw_grid(&mut img, &l, theme);
    if let Some((_, cells)) = possible_opponent_cells(view) {
        for c in cells {
            let (cx, cy) = l.center(c);
            fill_rect(
                &mut img,
                cx - l.cell / 2 + 2,
                cy - l.cell / 2 + 2,
                l.cell - 3,
                l.cell - 3,
                theme.maybe,
            );
        }
    }
    match &view.reveal {
        Some(reveal) => draw_reveal(&mut img, &l, reveal, theme),
        None => {
            if let Some(me) = view.viewer {
                // The seat's own last move, as the other games mark theirs (the opponent's is
                // hidden: the reports and the shading say what is known of it).
                if let Some(last) = view.own_records.last() {
                    draw_path(&mut img, &l, &last.path, me, theme, 2);
                }
                for r in &view.own_records {
                    draw_fence(
                        &mut img,
                        &l,
                        r.edge,
                        seat_color(theme, Some(me)),
                        Some(&r.ply.to_string()),
                    );
                }
            }
            for p in Player::BOTH {
                if let Some(c) = view.positions[p.index()] {
                    draw_token(&mut img, &l, c, p, theme);
                }
            }
        }
    }
    for (i, line) in lines.iter().enumerate() {
        let y = board_bottom + line_h * i64::try_from(i).unwrap_or(0);
        text_at(&mut img, line, 12, y, 16.0, theme.ink);
    }
    encode(&img)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Seat, Seed, Viewer};
    use crate::games::Game;
    use crate::games::dark_fence::{Options, State};

    fn played(moves: &[&str]) -> State {
        let mut s = State::new(&Options::default(), Seed(1)).unwrap();
        for m in moves {
            let seat = s.to_act().seat().unwrap();
            let a = s.parse_action(seat, m).unwrap();
            s.play(seat, &a).unwrap();
        }
        s
    }

    #[test]
    fn the_opponent_may_be_only_where_the_latest_report_points() {
        // P1 A1-A4-B4-B3 R: P1 is told P2 is down-right of B3 (T-01): C4 or D4.
        let s = played(&["A1-A4-B4-B3 R"]);
        let (who, cells) = possible_opponent_cells(&s.view(Viewer::Seat(Seat(0)))).unwrap();
        assert_eq!(who, Player::P2);
        let names: Vec<String> = cells.iter().map(ToString::to_string).collect();
        assert_eq!(names, ["C4", "D4"]);
        // P2 moves D4-D1 L (fence on D1's left): P1 on B3 is told P2 is up-right: C1, D1, C2, D2;
        // a fence to the left of C1 would be... all four have an interior left edge, none is P1's.
        let s = played(&["A1-A4-B4-B3 R", "D4-D1 L"]);
        let (_, cells) = possible_opponent_cells(&s.view(Viewer::Seat(Seat(0)))).unwrap();
        let names: Vec<String> = cells.iter().map(ToString::to_string).collect();
        assert_eq!(names, ["C1", "D1", "C2", "D2"]);
    }

    #[test]
    fn a_fence_toward_the_border_rules_out_the_cells_on_that_border() {
        // P2 stays on D4 and fences up (D4:U = D3:D): P1 on A1 is told P2 is down-right, and
        // the fence went up, so P2 is not in row 1 (the border would have ended the game).
        let s = played(&["A1 R", "D4 U"]);
        let (_, cells) = possible_opponent_cells(&s.view(Viewer::Seat(Seat(0)))).unwrap();
        assert!(cells.iter().all(|c| c.r > 0), "{cells:?}");
        assert!(cells.contains(&Cell::new(3, 3)));
        // P2 ends right of P1 in row 1 and fences left: not on B1, whose left side is P1's own
        // fence A1:R (a duplicate would have ended the game).
        let s = played(&["A1 R", "D4-D1-C1 L"]);
        let (_, cells) = possible_opponent_cells(&s.view(Viewer::Seat(Seat(0)))).unwrap();
        let names: Vec<String> = cells.iter().map(ToString::to_string).collect();
        assert_eq!(names, ["C1", "D1"]);
    }
}
