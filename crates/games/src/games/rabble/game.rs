//! Rabble behind the shared [`Game`] contract: seats, views, events and errors.
//!
//! Seat 0 is Red (紅, first), seat 1 Blue. The game has perfect information: every viewer gets
//! the same view. `legal_actions` is not exhaustive (a side's turns are infinite, spec §11.1):
//! it lists the selection default, a draw offer, and every turn of a lone pawn on the contact
//! rows, which is what the conformance suite and a bot-free table need.

use serde::Serialize;

use super::board::{Kind, Side, Unit};
use super::coord::{Coord, Layer};
use super::int::Int;
use super::notation::{self, Action, NotationError};
use super::options::Options;
use super::state::{End, Phase, State, Stats, TurnError};
use crate::core::{ErrorCode, GameResult, Noticed, Outcome, Prompt, Seat, Seed, ToAct, Viewer};
use crate::games::{Game, OptionsError};

/// The window of the main plane a view carries: the seed's battlefield with its frame.
pub const VIEW_X: (i64, i64) = (-1, 14);
/// The most squares a view's window has a side (`/board zoom 3` shows 48).
pub const MAX_VIEW_SIDE: i64 = 64;

/// How many squares after `lo` a window from `lo` to `hi` reaches, at most `most − 1` (0 when
/// `hi < lo`): the window's width less one, as a small number wherever the window lies.
#[must_use]
pub fn span(lo: &Int, hi: &Int, most: i64) -> i64 {
    (hi - lo).to_i64().map_or(if hi > lo { most - 1 } else { 0 }, |d| d.clamp(0, most - 1))
}

/// How far `v` lies outside the range `r` (0 inside it).
fn outside_by(v: &Int, r: &(Int, Int)) -> Int {
    if *v < r.0 {
        &r.0 - v
    } else if *v > r.1 {
        v - &r.1
    } else {
        Int::ZERO
    }
}
/// Rows of the view window.
pub const VIEW_Y: (i64, i64) = (-1, 14);

/// What a viewer sees (everyone sees the same).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct View {
    /// Selection step and picker, while selecting.
    pub selecting: Option<(Side, u8)>,
    /// Whose turn.
    pub to_move: Side,
    /// Scores, Red then Blue.
    pub score: [i64; 2],
    /// Q and G hire credits.
    pub credits: [[u32; 2]; 2],
    /// The counters of the seed's score panel.
    pub stats: Box<[Stats; 2]>,
    /// Plies played.
    pub ply: u32,
    /// Plies since a non-pawn was captured, and the limit.
    pub quiet: (u32, u32),
    /// Free handicap turns left.
    pub handicap_turns: Int,
    /// A standing draw offer.
    pub draw_offer: Option<Side>,
    /// The window's layer.
    pub layer: Layer,
    /// The window's columns and rows (at most [`MAX_VIEW_SIDE`] of each, anywhere).
    pub x: (Int, Int),
    /// Rows.
    pub y: (Int, Int),
    /// The window, row by row from `y.0` up, each cell `None` when empty.
    pub cells: Vec<Vec<Option<Unit>>>,
    /// Changed units of the main plane outside the window, nearest first (at most 8), and how
    /// many there are in all.
    pub outside: (Vec<(Coord, Unit)>, usize),
    /// Other layers with changes, with their counts.
    pub layers: Vec<(Layer, usize)>,
    /// The last turn in canonical notation.
    pub last: Option<String>,
    /// The squares the last turn used, for the pictures (see `State::last_squares`).
    pub last_squares: Vec<Coord>,
    /// The end, once reached.
    pub end: Option<End>,
}

/// Something that happened, announced to everyone.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Event {
    /// A selection pick.
    Picked {
        /// Who picked.
        side: Side,
        /// Step 0–8.
        step: u8,
        /// The pieces, in the picker's left-to-right order.
        kinds: Vec<Kind>,
    },
    /// A turn was played.
    Played {
        /// Who played.
        side: Side,
        /// The turn, canonical.
        text: String,
        /// Points spent.
        cost: i64,
        /// Points gained.
        gained: i64,
        /// What was captured.
        captured: Option<Unit>,
        /// The prince became king.
        crowned: bool,
    },
    /// A draw was offered.
    DrawOffered {
        /// By whom.
        side: Side,
    },
    /// The game ended.
    Ended {
        /// How.
        outcome: Outcome,
    },
}

/// Why an action was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// Another seat is to act.
    #[error("it is not this seat's turn")]
    NotYourTurn,
    /// The text is not a turn.
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// The turn breaks a rule.
    #[error(transparent)]
    Turn(#[from] TurnError),
}

impl ErrorCode for Error {
    fn code(&self) -> &'static str {
        match self {
            Error::GameOver => "game-over",
            Error::NotYourTurn => "not-your-turn",
            Error::Notation(_) => "malformed",
            Error::Turn(e) => e.code,
        }
    }
}

/// A position text that does not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct PositionError(pub String);

impl ErrorCode for PositionError {
    fn code(&self) -> &'static str {
        "bad-position"
    }
}

fn side_of(seat: Seat) -> Side {
    Side::from_index(seat.index())
}

fn seat_of(side: Side) -> Seat {
    Seat(u8::try_from(side.index()).unwrap_or(0))
}

impl State {
    fn outcome(&self) -> Option<Outcome> {
        self.end.map(|end| match end {
            End::Win(side, reason) => {
                Outcome { result: GameResult::Winner(seat_of(side)), reason: reason.code() }
            }
            End::Draw(reason) => Outcome { result: GameResult::Draw, reason: reason.code() },
        })
    }

    /// The view of any window of any layer (`/board x,y` and `zoom`): the cells of
    /// `x.0..=x.1 × y.0..=y.1`, the changed units of that layer outside it, and the other layers'
    /// change counts. Reads the window and the change map only.
    /// The window is at most [`MAX_VIEW_SIDE`] squares a side (a wider one is cut at its
    /// right and top), wherever it lies: its squares are counted from its corner.
    #[must_use]
    pub fn view_window(&self, layer: &Layer, x: (Int, Int), y: (Int, Int)) -> View {
        let board = self.board();
        let (x1, y1) =
            (&x.0 + span(&x.0, &x.1, MAX_VIEW_SIDE), &y.0 + span(&y.0, &y.1, MAX_VIEW_SIDE));
        let (x, y) = ((x.0, x1), (y.0, y1));
        let cells = (0..=span(&y.0, &y.1, MAX_VIEW_SIDE))
            .map(|j| {
                (0..=span(&x.0, &x.1, MAX_VIEW_SIDE))
                    .map(|i| board.get(&Coord { x: &x.0 + i, y: &y.0 + j, layer: layer.clone() }))
                    .collect()
            })
            .collect();
        let mut outside: Vec<(Int, Coord, Unit)> = Vec::new();
        let mut layers: std::collections::BTreeMap<Layer, usize> =
            std::collections::BTreeMap::new();
        for (c, cell) in board.changes() {
            if c.layer != *layer {
                *layers.entry(c.layer.clone()).or_default() += 1;
            } else if let Some(u) = cell
                && !(c.x.between(&x.0, &x.1) && c.y.between(&y.0, &y.1))
            {
                let d = outside_by(&c.x, &x).max(outside_by(&c.y, &y));
                outside.push((d, c.clone(), u.clone()));
            }
        }
        outside.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(&b.1)));
        let total = outside.len();
        View {
            selecting: self.selecting(),
            to_move: self.to_move,
            score: self.score,
            credits: self.credits,
            stats: self.stats.clone(),
            ply: self.ply,
            quiet: (self.quiet_plies, self.options.quiet_limit),
            handicap_turns: self.handicap_turns.clone(),
            draw_offer: self.draw_offer,
            layer: layer.clone(),
            x,
            y,
            cells,
            outside: (outside.into_iter().take(8).map(|(_, c, u)| (c, u)).collect(), total),
            layers: layers.into_iter().collect(),
            last: self.last.clone(),
            last_squares: self.last_squares.clone(),
            end: self.end,
        }
    }

    /// The turns `legal_actions` lists in play: every turn of a lone pawn of `side` on its two
    /// contact rows of the main plane (x from −1 to 14), each checked.
    fn contact_turns(&self, side: Side) -> Vec<Action> {
        let f = side.forward();
        let rows: [i64; 2] = if self.options.band_empty {
            [side.row(3), side.row(4)]
        } else {
            [side.row(5), side.row(6)]
        };
        let mut probe = self.clone();
        let mut out = Vec::new();
        for y in rows {
            for x in -1..=14 {
                let from = Coord::main(x, y);
                if self.board().get(&from) != Some(Unit::single(side, Kind::P)) {
                    continue;
                }
                for (dx, dy) in [(0, f), (0, 2 * f), (-1, 0), (1, 0), (-1, f), (1, f)] {
                    let to = Coord::main(x + dx, y + dy);
                    for step in [
                        notation::Step::Move { to: to.clone(), via: None },
                        notation::Step::Capture { to: to.clone(), via: None },
                        notation::Step::Stack { to: to.clone(), via: None },
                    ] {
                        let action = Action::Unit {
                            from: from.clone(),
                            check: None,
                            split: None,
                            steps: vec![step],
                        };
                        if probe.validate(side, &action).is_ok() {
                            out.push(action);
                        }
                    }
                }
            }
        }
        out
    }
}

impl Game for State {
    type Options = Options;
    type Action = Action;
    type View = View;
    type Event = Event;
    type Error = Error;
    type PositionError = PositionError;

    const EXHAUSTIVE_ACTIONS: bool = false;

    fn new(options: &Options, _seed: Seed) -> Result<Self, OptionsError> {
        crate::games::GameOptions::validate(options)?;
        Ok(State::start(options))
    }

    /// The JSON position text of [`State::to_text`]; its own options win over `options`.
    fn from_position(_options: &Options, text: &str, _seed: Seed) -> Result<Self, PositionError> {
        State::from_text(text).map_err(PositionError)
    }

    fn position(&self) -> String {
        self.to_text()
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn to_act(&self) -> ToAct {
        match self.outcome() {
            Some(outcome) => ToAct::Over(outcome),
            None => match self.phase {
                Phase::Select(_) => ToAct::Seat(seat_of(self.to_move), Prompt::Setup),
                Phase::Play => ToAct::Seat(seat_of(self.to_move), Prompt::Move),
            },
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if self.end.is_some() || seat != seat_of(self.to_move) {
            return Vec::new();
        }
        if let Phase::Select(_) = self.phase {
            return vec![Action::Pick(Vec::new())];
        }
        let mut out = self.contact_turns(self.to_move);
        if self.handicap_turns == 0 {
            out.push(Action::OfferDraw);
        }
        if self.draw_offer == Some(self.to_move.other()) {
            out.push(Action::AcceptDraw);
        }
        out
    }

    fn play(&mut self, seat: Seat, action: &Action) -> Result<Vec<Noticed<Event>>, Error> {
        if self.end.is_some() {
            return Err(Error::GameOver);
        }
        if seat != seat_of(self.to_move) {
            return Err(Error::NotYourTurn);
        }
        let side = self.to_move;
        let step = self.selecting().map(|(_, s)| s);
        let report = self.play_turn(side, action)?;
        let mut events = Vec::new();
        match action {
            Action::Pick(_) => {
                let squares = super::state::pick_squares(side, step.unwrap_or(0));
                let kinds = squares
                    .iter()
                    .filter_map(|c| self.board().get(c))
                    .filter_map(|u| u.pieces.first().copied())
                    .collect();
                events.push(Event::Picked { side, step: step.unwrap_or(0), kinds });
            }
            Action::OfferDraw => events.push(Event::DrawOffered { side }),
            _ => events.push(Event::Played {
                side,
                text: notation::format(action),
                cost: report.cost,
                gained: report.gained,
                captured: report.captured,
                crowned: report.prince_crowned,
            }),
        }
        self.last = Some(notation::format(action));
        self.last_squares = match action {
            Action::Pick(_) => super::state::pick_squares(side, step.unwrap_or(0)).to_vec(),
            Action::Unit { from, steps, .. } => std::iter::once(from.clone())
                .chain(steps.iter().filter_map(step_square).cloned())
                .collect(),
            Action::Drop { to, .. } => vec![to.clone()],
            Action::OfferDraw | Action::AcceptDraw => Vec::new(),
        };
        if let Some(outcome) = self.outcome() {
            events.push(Event::Ended { outcome });
        }
        Ok(events.into_iter().map(Noticed::everyone).collect())
    }

    fn view(&self, _viewer: Viewer) -> View {
        self.view_window(
            &Layer::main(),
            (VIEW_X.0.into(), VIEW_X.1.into()),
            (VIEW_Y.0.into(), VIEW_Y.1.into()),
        )
    }

    fn parse_action(&self, _seat: Seat, text: &str) -> Result<Action, Error> {
        Ok(notation::parse(text)?)
    }

    fn format_action(&self, action: &Action) -> String {
        notation::format(action)
    }

    fn check_invariants(&self) -> Result<(), String> {
        self.consistency()
    }
}

/// Seat of a side, for the table.
#[must_use]
pub fn seat(side: Side) -> Seat {
    seat_of(side)
}

/// Side of a seat, for the table.
#[must_use]
pub fn side(seat: Seat) -> Side {
    side_of(seat)
}

/// The square a step goes to on the same layer (a jump changes layer: not drawn).
fn step_square(step: &super::notation::Step) -> Option<&Coord> {
    use super::notation::Step;
    match step {
        Step::Move { to, .. } | Step::Capture { to, .. } | Step::Stack { to, .. } => Some(to),
        Step::Jump3 { .. } | Step::JumpH { .. } | Step::Promote(_) => None,
    }
}
