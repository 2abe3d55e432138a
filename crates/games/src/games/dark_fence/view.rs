//! What each audience may know: events (tagged with their audience by the engine), relative
//! reports, the per-viewer [`View`] and the full [`Reveal`] after the game (spec §2.5, §3.9).
//!
//! Every field here is data, never wording: the referee turns it into sentences and the
//! renderer into pictures. A seat's view holds only that seat's own moves and what the rules
//! announce to it; the public view holds only what both players know.

use serde::Serialize;

use super::board::{Cell, Dims, Dir, Edge};
use super::options::{Mode, Options, ReportKind};
use super::{Player, Reason};
use crate::core::Prompt;

/// Where the opponent lies, in eight directions (or the same cell).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rel8 {
    /// 上
    Up,
    /// 下
    Down,
    /// 左
    Left,
    /// 右
    Right,
    /// 左上
    UpLeft,
    /// 右上
    UpRight,
    /// 左下
    DownLeft,
    /// 右下
    DownRight,
    /// 同格 (only under `first_move_onto_opponent=allowed`)
    Same,
}

/// In a diagonal quadrant under `dir16`, which axis the offset leans toward (偏上/偏下/偏左/偏右).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Lean {
    /// 偏上
    Up,
    /// 偏下
    Down,
    /// 偏左
    Left,
    /// 偏右
    Right,
}

/// A relative position report from one player's side (spec §3.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Report {
    /// The eight-way direction.
    pub dir: Rel8,
    /// Under `dir16` in a diagonal quadrant, the lean; `None` on an exact diagonal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lean: Option<Lean>,
    /// Under the `+manhattan` or `+chebyshev` reports, the distance.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub distance: Option<u16>,
    /// Under `exact`, the opponent's cell.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cell: Option<Cell>,
}

impl Report {
    /// The report for a player on `me` about an opponent on `them`.
    #[must_use]
    pub fn between(me: Cell, them: Cell, kind: ReportKind) -> Report {
        let dx = i16::from(them.c) - i16::from(me.c);
        let dy = i16::from(them.r) - i16::from(me.r);
        let dir = match (dx.signum(), dy.signum()) {
            (0, 0) => Rel8::Same,
            (0, -1) => Rel8::Up,
            (0, _) => Rel8::Down,
            (-1, 0) => Rel8::Left,
            (_, 0) => Rel8::Right,
            (-1, -1) => Rel8::UpLeft,
            (_, -1) => Rel8::UpRight,
            (-1, _) => Rel8::DownLeft,
            (_, _) => Rel8::DownRight,
        };
        let diagonal = dx != 0 && dy != 0;
        let lean = (matches!(kind, ReportKind::Dir16 | ReportKind::Dir16Manhattan) && diagonal)
            .then(|| match dy.abs().cmp(&dx.abs()) {
                std::cmp::Ordering::Greater => Some(if dy < 0 { Lean::Up } else { Lean::Down }),
                std::cmp::Ordering::Less => Some(if dx < 0 { Lean::Left } else { Lean::Right }),
                std::cmp::Ordering::Equal => None,
            })
            .flatten();
        let manhattan = (dx.abs() + dy.abs()).unsigned_abs();
        let chebyshev = dx.abs().max(dy.abs()).unsigned_abs();
        let distance = match kind {
            ReportKind::Dir8Manhattan | ReportKind::Dir16Manhattan => Some(manhattan),
            ReportKind::Dir8Chebyshev => Some(chebyshev),
            _ => None,
        };
        let cell = (kind == ReportKind::Exact).then_some(them);
        Report { dir, lean, distance, cell }
    }
}

/// A violation of the losing conditions (a)–(c), with what the reveal needs to show it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Violation {
    /// (a) The path crossed a fence.
    CrossedFence {
        /// The fenced edge.
        edge: Edge,
        /// Who placed it (unknown for fences given by a position).
        owner: Option<Player>,
        /// The ply on which it was placed (0 = given by the position).
        placed_ply: u16,
        /// The 0-based index of the unit step that crossed it.
        step: u16,
        /// The cell the step left.
        from: Cell,
        /// The cell the step entered.
        to: Cell,
    },
    /// (b) The path ended on the opponent's cell.
    EndedOnOpponent {
        /// The cell.
        cell: Cell,
    },
    /// (c) The fence went on the pre-fenced border (边空 off, or a repeated border segment).
    BorderFence {
        /// The border segment.
        edge: Edge,
    },
    /// (c) The fence went where one already is.
    DuplicateFence {
        /// The edge.
        edge: Edge,
        /// Who placed the existing fence.
        owner: Option<Player>,
        /// When.
        placed_ply: u16,
    },
}

impl Violation {
    /// The reason code this violation ends a game with.
    #[must_use]
    pub fn reason(self) -> Reason {
        match self {
            Violation::CrossedFence { .. } => Reason::CrossedFence,
            Violation::EndedOnOpponent { .. } => Reason::EndedOnOpponent,
            Violation::BorderFence { .. } => Reason::BorderFence,
            Violation::DuplicateFence { .. } => Reason::DuplicateFence,
        }
    }
}

/// A violation found on a given ply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Found {
    /// The ply of the violating move.
    pub ply: u16,
    /// Who made it.
    pub by: Player,
    /// What it broke.
    pub violation: Violation,
}

/// The result of a finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Decision {
    /// This player won.
    Winner(Player),
    /// A draw.
    Draw,
}

/// How the game ended, in detail.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum EndDetail {
    /// A move broke rule (a), (b) or (c) and the referee (or `auto_b`) ended the game.
    Violation {
        /// The violation and its move.
        found: Found,
    },
    /// The fences separated the tokens and areas decided.
    Separated {
        /// Area of P1's and P2's regions.
        areas: [u16; 2],
        /// Under 绝杀 with equal areas, the remaining fences in each region.
        #[serde(skip_serializing_if = "Option::is_none")]
        residual: Option<[u16; 2]>,
    },
    /// A challenge was resolved.
    Challenge {
        /// The challenger.
        by: Player,
        /// The challenged player.
        against: Player,
        /// The first violation found in scope, if any.
        first: Option<Found>,
        /// Every violation of the challenged player in scope.
        all: Vec<Found>,
    },
    /// A claim of separation was resolved.
    Claim {
        /// The claimant.
        by: Player,
        /// Whether the tokens were separated.
        separated: bool,
        /// Areas, when separated.
        #[serde(skip_serializing_if = "Option::is_none")]
        areas: Option<[u16; 2]>,
        /// 绝杀 residuals, when separated with equal areas.
        #[serde(skip_serializing_if = "Option::is_none")]
        residual: Option<[u16; 2]>,
    },
    /// The ply cap was reached.
    PlyCap {
        /// Under `replay_original`, what the referee rules would have decided (`None`: nothing
        /// would have ended the game, a draw).
        decided_by: Option<Box<EndDetail>>,
    },
}

/// One move as revealed after the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RevealedRecord {
    /// Ply number (1-based).
    pub ply: u16,
    /// Who moved.
    pub by: Player,
    /// The full path.
    pub path: Vec<Cell>,
    /// The fence direction.
    pub dir: Dir,
    /// The edge the fence went on.
    pub edge: Edge,
    /// Whether the fence was actually added (not a duplicate or a refused border placement).
    pub placed: bool,
    /// The rule the move broke, if any.
    pub violation: Option<Violation>,
}

/// A fence with its owner and ply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct FenceInfo {
    /// The edge (canonical).
    pub edge: Edge,
    /// Who placed it, if known.
    pub by: Option<Player>,
    /// When (0 = given by the position).
    pub ply: u16,
}

/// Everything, shown once the game is over (and to the referee at any time).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Reveal {
    /// Where the tokens started.
    pub starts: [Option<Cell>; 2],
    /// Where they are now.
    pub positions: [Option<Cell>; 2],
    /// Every fence in force, with owner and ply.
    pub fences: Vec<FenceInfo>,
    /// Every move.
    pub records: Vec<RevealedRecord>,
    /// The ply and (for a crossing) the step that decided the game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decisive: Option<Found>,
    /// Under `commitments`, the salt of each sealed record, in hex, by ply.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub salts: Vec<String>,
}

/// A player's own move, as that player knows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OwnRecord {
    /// Ply number.
    pub ply: u16,
    /// The path.
    pub path: Vec<Cell>,
    /// The fence direction.
    pub dir: Dir,
    /// The edge the fence was meant for.
    pub edge: Edge,
}

/// What everyone learned on one ply.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PublicPly {
    /// Ply number.
    pub ply: u16,
    /// Who moved.
    pub mover: Player,
    /// Referee mode: the fence direction.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fence_dir: Option<Dir>,
    /// Referee mode: what P1 was told about P2 and P2 about P1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reports: Option<[Report; 2]>,
    /// Challenge variant: the mover's final cell.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cell: Option<Cell>,
    /// Challenge variant with `commitments`: the record's salted hash.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub commitment: Option<String>,
    /// Challenge variant: the window decisions, in order (`pass` by whom).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub passes: Vec<Player>,
}

/// An open challenge window.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct WindowInfo {
    /// 1 (the opponent of the mover) or 2 (the mover).
    pub number: u8,
    /// Who decides.
    pub holder: Player,
    /// Whom a challenge would target.
    pub target: Player,
}

/// What one viewer may know, as data for the referee and the renderer. The same type serves
/// every viewer; fields a viewer may not know are empty.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct View {
    /// The seat this view is for (`None`: the public or the referee).
    pub viewer: Option<Player>,
    /// Whether this is the referee's full view.
    pub omniscient: bool,
    /// The options (all public).
    pub options: Options,
    /// Plies played.
    pub ply: u16,
    /// Who must act and how (`None` once over).
    pub to_act: Option<(Player, Prompt)>,
    /// The cells the viewer is told: its own; both in the challenge variant; both for the referee.
    pub positions: [Option<Cell>; 2],
    /// Free start: P1's start, when this viewer was told it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub opponent_start: Option<Cell>,
    /// The viewer's own moves (all moves for the referee view are in `reveal`).
    pub own_records: Vec<OwnRecord>,
    /// What everyone learned, ply by ply.
    pub plies: Vec<PublicPly>,
    /// Relative reports given to this viewer outside plies (after a free start).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub setup_report: Option<Report>,
    /// The open challenge window, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub window: Option<WindowInfo>,
    /// The result, once over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<(Decision, Reason)>,
    /// The end in detail, once over.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end: Option<EndDetail>,
    /// Everything, once over (or for the referee).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reveal: Option<Reveal>,
}

impl View {
    /// The board size.
    #[must_use]
    pub fn dims(&self) -> Dims {
        self.options.board
    }

    /// Whether this is a challenge-variant game.
    #[must_use]
    pub fn is_challenge(&self) -> bool {
        self.options.mode == Mode::Challenge
    }
}

/// What just happened. The engine tags each event with its audience; the field comments say which.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Event {
    /// Free start: a player chose a start cell (to that player; to everyone in the challenge
    /// variant, where positions are public).
    StartChosen {
        /// Who chose.
        player: Player,
        /// The cell.
        cell: Cell,
    },
    /// Free start: P2 is told P1's start (only P2; `p2_sees_p1_start`).
    OpponentStart {
        /// P1's start.
        cell: Cell,
    },
    /// Both players are in place; `first` moves first (everyone).
    InPlace {
        /// Who moves first.
        first: Player,
    },
    /// A relative report after a free start (only the player named).
    Report {
        /// Who is told.
        to: Player,
        /// Where the opponent lies.
        report: Report,
    },
    /// Referee mode: the move was carried out (only the mover).
    Moved {
        /// Ply number.
        ply: u16,
        /// The path walked.
        path: Vec<Cell>,
        /// The fence placed.
        fence: Edge,
    },
    /// Referee mode: the per-ply announcement (everyone; spec §3.9.1).
    Announced {
        /// Ply number.
        ply: u16,
        /// Who moved.
        mover: Player,
        /// The fence direction.
        fence_dir: Dir,
        /// What P1 is told about P2, and P2 about P1.
        reports: [Report; 2],
    },
    /// Challenge variant: the sealed record was stored (only the mover; identical bytes for
    /// clean and violating records, spec §3.10.1).
    Recorded {
        /// Ply number.
        ply: u16,
    },
    /// Challenge variant: the mover stops on a cell (everyone).
    Stopped {
        /// Ply number.
        ply: u16,
        /// Who moved.
        mover: Player,
        /// The final cell.
        cell: Cell,
        /// Under `commitments`, `sha256(record ‖ salt)` in hex.
        #[serde(skip_serializing_if = "Option::is_none")]
        commitment: Option<String>,
    },
    /// Challenge variant: a window opens (everyone).
    WindowOpened {
        /// 1 or 2.
        number: u8,
        /// Who decides.
        holder: Player,
        /// Whom a challenge would target.
        target: Player,
    },
    /// Challenge variant: the holder passed (everyone).
    Passed {
        /// Who passed.
        by: Player,
        /// In which window.
        number: u8,
    },
    /// Challenge variant: the holder challenged (everyone).
    Challenged {
        /// The challenger.
        by: Player,
        /// The challenged player.
        against: Player,
    },
    /// Challenge variant: the holder claimed separation (everyone).
    Claimed {
        /// The claimant.
        by: Player,
    },
    /// The game is over: result, reason, detail and the full reveal (everyone).
    GameOver {
        /// Who won.
        decision: Decision,
        /// Why.
        reason: Reason,
        /// In detail.
        detail: EndDetail,
        /// Everything.
        reveal: Reveal,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(name: &str) -> Cell {
        super::super::parse_cell(name, Dims { cols: 5, rows: 5 }).unwrap()
    }

    // Spec §4.5 R-01: me B2, opponent E3 on 5×5.
    #[test]
    fn r01_reports_from_b2_to_e3() {
        let (me, them) = (cell("B2"), cell("E3"));
        let r = Report::between(me, them, ReportKind::Dir8);
        assert_eq!((r.dir, r.lean, r.distance), (Rel8::DownRight, None, None));
        let r = Report::between(me, them, ReportKind::Dir16);
        assert_eq!((r.dir, r.lean), (Rel8::DownRight, Some(Lean::Right)));
        assert_eq!(Report::between(me, them, ReportKind::Dir8Manhattan).distance, Some(4));
        assert_eq!(Report::between(me, them, ReportKind::Dir8Chebyshev).distance, Some(3));
        let r = Report::between(me, them, ReportKind::Dir16Manhattan);
        assert_eq!((r.lean, r.distance), (Some(Lean::Right), Some(4)));
        assert_eq!(Report::between(me, them, ReportKind::Exact).cell, Some(them));
    }

    // Spec §4.5 R-02: me C3, opponent C1.
    #[test]
    fn r02_reports_straight_up() {
        let (me, them) = (cell("C3"), cell("C1"));
        for kind in [ReportKind::Dir8, ReportKind::Dir16] {
            let r = Report::between(me, them, kind);
            assert_eq!((r.dir, r.lean), (Rel8::Up, None));
        }
        assert_eq!(Report::between(me, them, ReportKind::Dir8Manhattan).distance, Some(2));
        assert_eq!(Report::between(me, them, ReportKind::Dir8Chebyshev).distance, Some(2));
    }

    // Spec §4.5 R-03: me A1, opponent C3 (an exact diagonal).
    #[test]
    fn r03_reports_an_exact_diagonal_without_lean() {
        let (me, them) = (cell("A1"), cell("C3"));
        let r = Report::between(me, them, ReportKind::Dir16);
        assert_eq!((r.dir, r.lean), (Rel8::DownRight, None));
        assert_eq!(Report::between(me, them, ReportKind::Dir8Manhattan).distance, Some(4));
        assert_eq!(Report::between(me, them, ReportKind::Dir8Chebyshev).distance, Some(2));
    }

    #[test]
    fn reports_lean_toward_the_larger_offset_in_every_quadrant() {
        let me = cell("C3");
        let cases = [
            ("B1", Rel8::UpLeft, Lean::Up),
            ("A2", Rel8::UpLeft, Lean::Left),
            ("D1", Rel8::UpRight, Lean::Up),
            ("E2", Rel8::UpRight, Lean::Right),
            ("B5", Rel8::DownLeft, Lean::Down),
            ("A4", Rel8::DownLeft, Lean::Left),
        ];
        for (them, dir, lean) in cases {
            let r = Report::between(me, cell(them), ReportKind::Dir16);
            assert_eq!((r.dir, r.lean), (dir, Some(lean)), "C3 -> {them}");
        }
        assert_eq!(Report::between(me, me, ReportKind::Dir8).dir, Rel8::Same);
    }
}
