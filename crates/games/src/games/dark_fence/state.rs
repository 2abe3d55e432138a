//! The game state and the rules: resolving moves in referee mode (spec §3.5), sealing them in
//! the challenge variant (§3.10), free start (§3.9.2), separation and 绝杀 (§3.6), and the
//! [`Game`] contract.

use std::collections::VecDeque;
use std::fmt::Write as _;

use sha2::{Digest, Sha256};

use super::board::{Cell, Dims, Dir, Edge, Fences, Placement, side_between, unit_steps};
use super::notation::{self, MoveInput, PositionError, PositionText};
use super::options::{
    CapAdjudication, ChallengeScope, FirstMoveOntoOpponent, Mode, Options, PartitionHandling, Start,
};
use super::view::{
    Decision, EndDetail, Event, FenceInfo, Found, OwnRecord, PublicPly, Report, Reveal,
    RevealedRecord, View, Violation, WindowInfo,
};
use super::{Action, ActionError, Player, Reason};
use crate::core::{GameResult, Noticed, Outcome, Prompt, Seat, Seed, ToAct, Viewer};
use crate::games::{Game, GameOptions, OptionsError};

/// One move as it happened (the full truth: referee mode's played moves, or the challenge
/// variant's sealed records).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// Ply number, from 1.
    pub ply: u16,
    /// Who moved.
    pub by: Player,
    /// The path and direction.
    pub input: MoveInput,
    /// The edge the fence was meant for (canonical).
    pub edge: Edge,
    /// Whether the fence was added.
    pub placed: bool,
    /// The losing condition the move met, judged against the fences in force before it.
    pub violation: Option<Violation>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Phase {
    Setup(Player),
    Move,
    Window { number: u8, holder: Player },
    Over { decision: Decision, reason: Reason, detail: EndDetail, decisive: Option<Found> },
}

/// A game of Dark Fence. Holds the full truth; [`Game::view`] projects it per viewer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    options: Options,
    seed: Seed,
    starts: [Option<Cell>; 2],
    pos: [Option<Cell>; 2],
    fences: Fences,
    ply: u16,
    to_move: Player,
    p1_has_moved: bool,
    phase: Phase,
    history: Vec<Record>,
    public: Vec<PublicPly>,
    setup_reports: [Option<Report>; 2],
}

impl State {
    fn dims(&self) -> Dims {
        self.options.board
    }

    /// The full move history (the referee's knowledge).
    #[must_use]
    pub fn history(&self) -> &[Record] {
        &self.history
    }

    /// The fences in force (placed ones; border segments block regardless).
    #[must_use]
    pub fn fences(&self) -> &Fences {
        &self.fences
    }

    /// A player's cell (`None` before a free start choice).
    #[must_use]
    pub fn cell_of(&self, player: Player) -> Option<Cell> {
        self.pos[player.index()]
    }

    /// Who acts now and how, or `None` once over.
    fn actor(&self) -> Option<(Player, Prompt)> {
        match &self.phase {
            Phase::Setup(p) => Some((*p, Prompt::Setup)),
            Phase::Move => Some((self.to_move, Prompt::Move)),
            Phase::Window { holder, .. } => Some((*holder, Prompt::Window)),
            Phase::Over { .. } => None,
        }
    }

    fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over { .. })
    }

    /// The rule (a), (b) or (c) a move meets against the fences in force now; the earliest in
    /// time when several apply (spec A10).
    fn judge(&self, mover: Player, input: &MoveInput, edge: Edge) -> Option<Violation> {
        let dims = self.dims();
        for (i, (from, to)) in unit_steps(&input.path).enumerate() {
            if self.fences.blocks(dims, from, to) {
                let side = side_between(from, to).unwrap_or(Dir::R);
                let crossed = dims.edge(from, side);
                let placement = self.fences.get(crossed);
                return Some(Violation::CrossedFence {
                    edge: crossed,
                    owner: placement.and_then(|p| p.by),
                    placed_ply: placement.map_or(0, |p| p.ply),
                    step: u16::try_from(i).unwrap_or(u16::MAX),
                    from,
                    to,
                });
            }
        }
        let last = input.final_cell();
        let onto_allowed = self.options.first_move_onto_opponent == FirstMoveOntoOpponent::Allowed
            && mover == Player::P1
            && !self.p1_has_moved;
        if self.pos[mover.other().index()] == Some(last) && !onto_allowed {
            return Some(Violation::EndedOnOpponent { cell: last });
        }
        let existing = self.fences.get(edge);
        if dims.is_border(edge) {
            if !self.options.edge_empty {
                return Some(Violation::BorderFence { edge });
            }
            if let Some(p) = existing.filter(|_| !self.options.edge_empty_repeat) {
                return Some(Violation::DuplicateFence { edge, owner: p.by, placed_ply: p.ply });
            }
        } else if let Some(p) = existing {
            return Some(Violation::DuplicateFence { edge, owner: p.by, placed_ply: p.ply });
        }
        None
    }

    /// Whether the tokens are in different regions of `fences`.
    fn separated(&self, fences: &Fences, pos: [Cell; 2]) -> bool {
        !fences.components(self.dims()).connected(pos[0], pos[1])
    }

    /// Areas decide a separation (spec §3.5 step 5, §3.6): the larger region wins; equal areas
    /// draw, or under 绝杀 the region with fewer remaining fences wins.
    fn area_decision(
        &self,
        fences: &Fences,
        pos: [Cell; 2],
    ) -> (Decision, [u16; 2], Option<[u16; 2]>) {
        let dims = self.dims();
        let comps = fences.components(dims);
        let areas = [comps.area(pos[0]), comps.area(pos[1])];
        if areas[0] != areas[1] {
            let winner = if areas[0] > areas[1] { Player::P1 } else { Player::P2 };
            return (Decision::Winner(winner), areas, None);
        }
        if !self.options.juesha {
            return (Decision::Draw, areas, None);
        }
        let residual = pos.map(|token| {
            let count = fences
                .iter()
                .filter(|(edge, _)| match edge.cells(dims) {
                    Some((a, b)) => comps.connected(a, token) && comps.connected(b, token),
                    None => self.options.juesha_count_border && comps.connected(edge.cell, token),
                })
                .count();
            u16::try_from(count).unwrap_or(u16::MAX)
        });
        let decision = match residual[0].cmp(&residual[1]) {
            std::cmp::Ordering::Less => Decision::Winner(Player::P1),
            std::cmp::Ordering::Greater => Decision::Winner(Player::P2),
            std::cmp::Ordering::Equal => Decision::Draw,
        };
        (decision, areas, Some(residual))
    }

    fn both_positions(&self) -> [Cell; 2] {
        // Both tokens are placed in every phase after setup (checked by `check_invariants`).
        self.pos.map(|p| p.unwrap_or(Cell::new(0, 0)))
    }

    /// The salt of the record sealed on `ply`: unpredictable without the game's secret seed,
    /// fresh for every ply, and reproducible on replay.
    fn salt(&self, ply: u16) -> [u8; 16] {
        let digest = Sha256::new()
            .chain_update(b"arbiter/dark-fence/salt")
            .chain_update(self.seed.0.to_le_bytes())
            .chain_update(ply.to_le_bytes())
            .finalize();
        let mut salt = [0u8; 16];
        salt.copy_from_slice(&digest[..16]);
        salt
    }

    /// `sha256(record ‖ salt)` in hex, the record being its canonical notation (spec §2.5 rule 11).
    #[must_use]
    pub fn commitment(record: &MoveInput, salt: &[u8; 16]) -> String {
        hex(&Sha256::new()
            .chain_update(record.to_string().as_bytes())
            .chain_update(salt)
            .finalize())
    }

    fn end(
        &mut self,
        decision: Decision,
        reason: Reason,
        detail: EndDetail,
        decisive: Option<Found>,
    ) -> Noticed<Event> {
        self.phase = Phase::Over { decision, reason, detail: detail.clone(), decisive };
        Noticed::everyone(Event::GameOver { decision, reason, detail, reveal: self.reveal() })
    }

    fn reveal(&self) -> Reveal {
        let decisive = match &self.phase {
            Phase::Over { decisive, .. } => *decisive,
            _ => None,
        };
        Reveal {
            starts: self.starts,
            positions: self.pos,
            fences: self
                .fences
                .iter()
                .map(|(edge, p)| FenceInfo { edge, by: p.by, ply: p.ply })
                .collect(),
            records: self
                .history
                .iter()
                .map(|r| RevealedRecord {
                    ply: r.ply,
                    by: r.by,
                    path: r.input.path.clone(),
                    dir: r.input.dir,
                    edge: r.edge,
                    placed: r.placed,
                    violation: r.violation,
                })
                .collect(),
            decisive,
            salts: if self.options.commitments {
                self.history.iter().map(|r| hex(&self.salt(r.ply))).collect()
            } else {
                Vec::new()
            },
        }
    }

    fn play_start(
        &mut self,
        player: Player,
        cell: Cell,
    ) -> Result<Vec<Noticed<Event>>, ActionError> {
        if !self.dims().contains(cell) {
            return Err(ActionError::OffBoard { cell: cell.to_string() });
        }
        if player == Player::P2 && self.pos[0] == Some(cell) {
            return Err(ActionError::StartTaken { cell });
        }
        let challenge = self.options.mode == Mode::Challenge;
        self.pos[player.index()] = Some(cell);
        self.starts[player.index()] = Some(cell);
        let chosen = Event::StartChosen { player, cell };
        let mut events = vec![if challenge {
            Noticed::everyone(chosen)
        } else {
            Noticed::only(player.seat(), chosen)
        }];
        match player {
            Player::P1 => {
                if !challenge && self.options.p2_sees_p1_start {
                    events.push(Noticed::only(Player::P2.seat(), Event::OpponentStart { cell }));
                }
                self.phase = Phase::Setup(Player::P2);
            }
            Player::P2 => {
                events.push(Noticed::everyone(Event::InPlace { first: Player::P1 }));
                if !challenge {
                    // Both players get a report after setup, to keep things symmetric (§3.9.2).
                    let pos = self.both_positions();
                    for p in Player::BOTH {
                        let report = Report::between(
                            pos[p.index()],
                            pos[p.other().index()],
                            self.options.report,
                        );
                        self.setup_reports[p.index()] = Some(report);
                        events.push(Noticed::only(p.seat(), Event::Report { to: p, report }));
                    }
                }
                self.phase = Phase::Move;
                self.to_move = Player::P1;
            }
        }
        Ok(events)
    }

    fn play_move(
        &mut self,
        mover: Player,
        input: &MoveInput,
    ) -> Result<Vec<Noticed<Event>>, ActionError> {
        let me = self.pos[mover.index()]
            .ok_or(ActionError::WrongPhase { got: "move", expected: "a start cell" })?;
        notation::check_move(input, self.dims(), me, &self.options)?;
        let dims = self.dims();
        let last = input.final_cell();
        let edge = dims.edge(last, input.dir);
        let violation = self.judge(mover, input, edge);
        let ply = self.ply + 1;
        self.ply = ply;
        if mover == Player::P1 {
            self.p1_has_moved = true;
        }
        self.pos[mover.index()] = Some(last);
        // In the challenge variant a violating record still places its fence (§3.10.2), unless
        // the edge itself cannot take one: a pre-fenced border (边空 off) or an existing fence
        // (`place` refuses that). Judged on the edge, not on which violation came first (A10).
        let placeable = violation.is_none()
            || (self.options.mode == Mode::Challenge
                && (!dims.is_border(edge) || self.options.edge_empty));
        let placed = placeable && self.fences.place(edge, Placement { by: Some(mover), ply });
        self.history.push(Record { ply, by: mover, input: input.clone(), edge, placed, violation });
        self.to_move = mover.other();
        let found = violation.map(|violation| Found { ply, by: mover, violation });
        match self.options.mode {
            Mode::Referee => Ok(self.after_referee_move(mover, input, edge, found)),
            Mode::Challenge => Ok(self.after_sealed_move(mover, input, found)),
        }
    }

    fn after_referee_move(
        &mut self,
        mover: Player,
        input: &MoveInput,
        edge: Edge,
        found: Option<Found>,
    ) -> Vec<Noticed<Event>> {
        let ply = self.ply;
        if let Some(found) = found {
            let reason = found.violation.reason();
            return vec![self.end(
                Decision::Winner(mover.other()),
                reason,
                EndDetail::Violation { found },
                Some(found),
            )];
        }
        let pos = self.both_positions();
        if self.separated(&self.fences, pos) {
            let (decision, areas, residual) = self.area_decision(&self.fences, pos);
            return vec![self.end(
                decision,
                Reason::Separated,
                EndDetail::Separated { areas, residual },
                None,
            )];
        }
        let reports = [
            Report::between(pos[0], pos[1], self.options.report),
            Report::between(pos[1], pos[0], self.options.report),
        ];
        self.public.push(PublicPly {
            ply,
            mover,
            fence_dir: Some(input.dir),
            reports: Some(reports),
            cell: None,
            commitment: None,
            passes: Vec::new(),
        });
        vec![
            Noticed::everyone(Event::Announced { ply, mover, fence_dir: input.dir, reports }),
            Noticed::only(
                mover.seat(),
                Event::Moved { ply, path: input.path.clone(), fence: edge },
            ),
        ]
    }

    fn after_sealed_move(
        &mut self,
        mover: Player,
        input: &MoveInput,
        found: Option<Found>,
    ) -> Vec<Noticed<Event>> {
        let ply = self.ply;
        let cell = input.final_cell();
        let commitment =
            self.options.commitments.then(|| State::commitment(input, &self.salt(ply)));
        self.public.push(PublicPly {
            ply,
            mover,
            fence_dir: None,
            reports: None,
            cell: Some(cell),
            commitment: commitment.clone(),
            passes: Vec::new(),
        });
        let mut events = vec![
            Noticed::only(mover.seat(), Event::Recorded { ply }),
            Noticed::everyone(Event::Stopped { ply, mover, cell, commitment }),
        ];
        let winner = Decision::Winner(mover.other());
        if let Some(found) = found.filter(|f| {
            self.options.auto_b && matches!(f.violation, Violation::EndedOnOpponent { .. })
        }) {
            events.push(self.end(
                winner,
                Reason::EndedOnOpponent,
                EndDetail::Violation { found },
                Some(found),
            ));
            return events;
        }
        let pos = self.both_positions();
        if self.options.partition_handling == PartitionHandling::Auto
            && self.separated(&self.fences, pos)
        {
            // As the referee would: a separating move that broke a rule loses for that rule;
            // a clean one lets the areas decide.
            let end = match found {
                Some(found) => self.end(
                    winner,
                    found.violation.reason(),
                    EndDetail::Violation { found },
                    Some(found),
                ),
                None => {
                    let (decision, areas, residual) = self.area_decision(&self.fences, pos);
                    self.end(
                        decision,
                        Reason::Separated,
                        EndDetail::Separated { areas, residual },
                        None,
                    )
                }
            };
            events.push(end);
            return events;
        }
        let holder = mover.other();
        self.phase = Phase::Window { number: 1, holder };
        events.push(Noticed::everyone(Event::WindowOpened { number: 1, holder, target: mover }));
        events
    }

    fn play_window(
        &mut self,
        number: u8,
        holder: Player,
        action: &Action,
    ) -> Result<Vec<Noticed<Event>>, ActionError> {
        let target = holder.other();
        match action {
            Action::Pass => {
                if let Some(last) = self.public.last_mut() {
                    last.passes.push(holder);
                }
                let mut events = vec![Noticed::everyone(Event::Passed { by: holder, number })];
                if number == 1 {
                    self.phase = Phase::Window { number: 2, holder: target };
                    events.push(Noticed::everyone(Event::WindowOpened {
                        number: 2,
                        holder: target,
                        target: holder,
                    }));
                } else if u32::from(self.ply) >= self.options.effective_ply_cap() {
                    events.push(self.adjudicate_cap());
                } else {
                    self.phase = Phase::Move;
                }
                Ok(events)
            }
            Action::Challenge => {
                let latest = self.history.iter().rev().find(|r| r.by == target).map(|r| r.ply);
                let all: Vec<Found> = self
                    .history
                    .iter()
                    .filter(|r| r.by == target)
                    .filter(|r| {
                        self.options.challenge_scope == ChallengeScope::WholeGame
                            || Some(r.ply) == latest
                    })
                    .filter_map(|r| {
                        r.violation.map(|violation| Found { ply: r.ply, by: r.by, violation })
                    })
                    .collect();
                let first = all.first().copied();
                let (decision, reason) = if first.is_some() {
                    (Decision::Winner(holder), Reason::ChallengeUpheld)
                } else {
                    (Decision::Winner(target), Reason::ChallengeRejected)
                };
                let detail = EndDetail::Challenge { by: holder, against: target, first, all };
                Ok(vec![
                    Noticed::everyone(Event::Challenged { by: holder, against: target }),
                    self.end(decision, reason, detail, first),
                ])
            }
            Action::Claim => {
                if self.options.partition_handling != PartitionHandling::Claim {
                    return Err(ActionError::ClaimsOff);
                }
                let pos = self.both_positions();
                let claimed = Noticed::everyone(Event::Claimed { by: holder });
                let end = if self.separated(&self.fences, pos) {
                    let (decision, areas, residual) = self.area_decision(&self.fences, pos);
                    let detail = EndDetail::Claim {
                        by: holder,
                        separated: true,
                        areas: Some(areas),
                        residual,
                    };
                    self.end(decision, Reason::ClaimUpheld, detail, None)
                } else {
                    let detail = EndDetail::Claim {
                        by: holder,
                        separated: false,
                        areas: None,
                        residual: None,
                    };
                    self.end(Decision::Winner(target), Reason::ClaimRejected, detail, None)
                };
                Ok(vec![claimed, end])
            }
            Action::Start(_) | Action::Move(_) => Err(ActionError::WrongPhase {
                got: action_kind(action),
                expected: "challenge or pass",
            }),
        }
    }

    /// The ply cap (spec §3.10.4): a draw, or a replay under the referee rules in which the
    /// first event of the true history that would have ended the game decides.
    fn adjudicate_cap(&mut self) -> Noticed<Event> {
        if self.options.cap_adjudication == CapAdjudication::Draw {
            return self.end(
                Decision::Draw,
                Reason::PlyCap,
                EndDetail::PlyCap { decided_by: None },
                None,
            );
        }
        let mut fences = Fences::default();
        for (edge, p) in self.fences.iter().filter(|(_, p)| p.ply == 0) {
            fences.place(edge, p);
        }
        let mut pos = self.starts.map(|p| p.unwrap_or(Cell::new(0, 0)));
        for record in &self.history {
            pos[record.by.index()] = record.input.final_cell();
            if let Some(violation) = record.violation {
                let found = Found { ply: record.ply, by: record.by, violation };
                let detail = EndDetail::PlyCap {
                    decided_by: Some(Box::new(EndDetail::Violation { found })),
                };
                return self.end(
                    Decision::Winner(record.by.other()),
                    Reason::PlyCap,
                    detail,
                    Some(found),
                );
            }
            fences.place(record.edge, Placement { by: Some(record.by), ply: record.ply });
            if self.separated(&fences, pos) {
                let (decision, areas, residual) = self.area_decision(&fences, pos);
                let detail = EndDetail::PlyCap {
                    decided_by: Some(Box::new(EndDetail::Separated { areas, residual })),
                };
                return self.end(decision, Reason::PlyCap, detail, None);
            }
        }
        self.end(Decision::Draw, Reason::PlyCap, EndDetail::PlyCap { decided_by: None }, None)
    }

    /// The shortest path from `from` to every cell that crosses no fence: fewest unit steps,
    /// then fewest straight segments; `None` for cells in another region.
    fn shortest_paths(&self, from: Cell) -> Vec<Option<Vec<Cell>>> {
        let dims = self.dims();
        let n = dims.cell_count();
        let mut dist = vec![u32::MAX; n];
        let mut order = Vec::with_capacity(n);
        let mut queue = VecDeque::from([from]);
        dist[dims.index(from)] = 0;
        while let Some(cell) = queue.pop_front() {
            order.push(cell);
            for dir in Dir::ALL {
                if let Some(next) =
                    dims.step(cell, dir).filter(|&next| !self.fences.blocks(dims, cell, next))
                    && dist[dims.index(next)] == u32::MAX
                {
                    dist[dims.index(next)] = dist[dims.index(cell)] + 1;
                    queue.push_back(next);
                }
            }
        }
        // segments[(cell, last direction)] along shortest paths, with the predecessor state.
        let state = |cell: Cell, dir: Dir| dims.index(cell) * 4 + dir as usize;
        let mut segments = vec![u32::MAX; n * 4];
        let mut prev: Vec<Option<(Cell, Option<Dir>)>> = vec![None; n * 4];
        for &cell in &order {
            let incoming: Vec<(Option<Dir>, u32)> = if cell == from {
                vec![(None, 0)]
            } else {
                Dir::ALL
                    .into_iter()
                    .filter(|&d| segments[state(cell, d)] != u32::MAX)
                    .map(|d| (Some(d), segments[state(cell, d)]))
                    .collect()
            };
            for (came, cost) in incoming {
                for dir in Dir::ALL {
                    let Some(next) = dims.step(cell, dir) else { continue };
                    if self.fences.blocks(dims, cell, next)
                        || dist[dims.index(next)] != dist[dims.index(cell)] + 1
                    {
                        continue;
                    }
                    let c = cost + u32::from(came != Some(dir));
                    if c < segments[state(next, dir)] {
                        segments[state(next, dir)] = c;
                        prev[state(next, dir)] = Some((cell, came));
                    }
                }
            }
        }
        dims.cells()
            .map(|target| {
                if target == from {
                    return Some(vec![from]);
                }
                let best = Dir::ALL
                    .into_iter()
                    .filter(|&d| segments[state(target, d)] != u32::MAX)
                    .min_by_key(|&d| segments[state(target, d)])?;
                let mut path = vec![target];
                let (mut cell, mut dir) = (target, best);
                while let Some((p, came)) = prev[state(cell, dir)] {
                    if came != Some(dir) && p != from {
                        path.push(p);
                    }
                    match came {
                        Some(d) => (cell, dir) = (p, d),
                        None => break,
                    }
                }
                path.push(from);
                path.reverse();
                Some(path)
            })
            .collect()
    }

    fn representative_moves(&self, me: Cell) -> Vec<Action> {
        let dims = self.dims();
        let reachable = self.shortest_paths(me);
        let mut actions = Vec::with_capacity(dims.cell_count() * 4);
        let max = usize::from(self.options.max_waypoints);
        for (target, path) in dims.cells().zip(reachable) {
            let straight = target.c == me.c || target.r == me.r;
            let path = match path {
                Some(path) if (target != me || self.options.allow_stay) && path.len() <= max => {
                    path
                }
                Some(_) if target == me => {
                    // Staying is off: the shortest way to end where one started is out and back.
                    let out = Dir::ALL
                        .into_iter()
                        .filter_map(|d| dims.step(me, d))
                        .find(|&n| !self.fences.blocks(dims, me, n))
                        .or_else(|| Dir::ALL.into_iter().find_map(|d| dims.step(me, d)))
                        .unwrap_or(me);
                    vec![me, out, me]
                }
                // Another region, or a fence-free route longer than max_waypoints: the geometric
                // route (it may cross fences, and then loses, but it is a well-formed move).
                _ if straight => vec![me, target],
                _ => vec![me, Cell::new(target.c, me.r), target],
            };
            if path.len() > max {
                continue; // no well-formed move ends here under this waypoint limit
            }
            for dir in Dir::ALL {
                actions.push(Action::Move(MoveInput { path: path.clone(), dir }));
            }
        }
        actions
    }
}

fn action_kind(action: &Action) -> &'static str {
    match action {
        Action::Start(_) => "start choice",
        Action::Move(_) => "move",
        Action::Challenge => "challenge",
        Action::Pass => "pass",
        Action::Claim => "claim",
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().fold(String::with_capacity(bytes.len() * 2), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

fn impossible(message: impl Into<String>) -> PositionError {
    PositionError::Impossible(message.into())
}

impl Game for State {
    type Options = Options;
    type Action = Action;
    type View = View;
    type Event = Event;
    type Error = ActionError;
    type PositionError = PositionError;

    const EXHAUSTIVE_ACTIONS: bool = false;

    fn new(options: &Options, seed: Seed) -> Result<Self, OptionsError> {
        options.validate()?;
        let (pos, phase) = match options.start {
            Start::Fixed => {
                ([Some(Cell::new(0, 0)), Some(options.board.far_corner())], Phase::Move)
            }
            Start::Free => ([None, None], Phase::Setup(Player::P1)),
        };
        Ok(State {
            options: options.clone(),
            seed,
            starts: pos,
            pos,
            fences: Fences::default(),
            ply: 0,
            to_move: Player::P1,
            p1_has_moved: false,
            phase,
            history: Vec::new(),
            public: Vec::new(),
            setup_reports: [None, None],
        })
    }

    /// The position's board size replaces the `board` option.
    fn from_position(options: &Options, text: &str, seed: Seed) -> Result<Self, PositionError> {
        let parsed: PositionText = text.parse()?;
        let options = Options { board: parsed.dims, ..options.clone() };
        options.validate().map_err(|e| impossible(e.to_string()))?;
        let dims = parsed.dims;
        if parsed.pos[0] == parsed.pos[1]
            && options.first_move_onto_opponent != FirstMoveOntoOpponent::Allowed
        {
            return Err(impossible(
                "both tokens on one cell needs first_move_onto_opponent=allowed",
            ));
        }
        let mut fences = Fences::default();
        for &(edge, by) in &parsed.fences {
            if dims.is_border(edge) && !options.edge_empty {
                return Err(impossible(format!("{edge} is on the border and edge_empty is off")));
            }
            if !fences.place(edge, Placement { by, ply: 0 }) {
                return Err(impossible(format!("{edge} is fenced twice")));
            }
        }
        let mut state = State::new(&options, seed).map_err(|e| impossible(e.to_string()))?;
        state.pos = parsed.pos.map(Some);
        state.starts = state.pos;
        state.fences = fences;
        state.to_move = parsed.to;
        state.phase = Phase::Move;
        state.p1_has_moved = !(state.fences.is_empty() && parsed.to == Player::P1);
        let separation_ends =
            options.mode == Mode::Referee || options.partition_handling == PartitionHandling::Auto;
        if separation_ends && state.separated(&state.fences, parsed.pos) {
            return Err(impossible("the fences already separate the tokens"));
        }
        Ok(state)
    }

    fn position(&self) -> String {
        let cell = |p: Option<Cell>| p.map_or_else(|| "?".to_string(), |c| c.to_string());
        let mut text = format!(
            "{} p1={} p2={} to={}",
            self.dims(),
            cell(self.pos[0]),
            cell(self.pos[1]),
            self.to_move.name()
        );
        if !self.fences.is_empty() {
            let list: Vec<String> = self
                .fences
                .iter()
                .map(|(edge, p)| match p.by {
                    Some(by) => format!("{edge}@{}", by.name()),
                    None => edge.to_string(),
                })
                .collect();
            let _ = write!(text, " fences={}", list.join(","));
        }
        text
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn to_act(&self) -> ToAct {
        match &self.phase {
            Phase::Setup(p) => ToAct::Seat(p.seat(), Prompt::Setup),
            Phase::Move => ToAct::Seat(self.to_move.seat(), Prompt::Move),
            Phase::Window { holder, .. } => ToAct::Seat(holder.seat(), Prompt::Window),
            Phase::Over { decision, reason, .. } => ToAct::Over(Outcome {
                result: match decision {
                    Decision::Winner(p) => GameResult::Winner(p.seat()),
                    Decision::Draw => GameResult::Draw,
                },
                reason: reason.code(),
            }),
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        let Some((actor, prompt)) = self.actor() else { return Vec::new() };
        if Player::from_seat(seat) != Some(actor) {
            return Vec::new();
        }
        let mut actions = match prompt {
            Prompt::Setup => self
                .dims()
                .cells()
                .filter(|&c| actor == Player::P1 || self.pos[0] != Some(c))
                .map(Action::Start)
                .collect(),
            Prompt::Window => {
                let mut v = vec![Action::Challenge, Action::Pass];
                if self.options.partition_handling == PartitionHandling::Claim {
                    v.push(Action::Claim);
                }
                v
            }
            Prompt::Move => match self.pos[actor.index()] {
                Some(me) => self.representative_moves(me),
                None => Vec::new(),
            },
        };
        actions.sort_by_cached_key(|a| self.format_action(a));
        actions
    }

    fn play(&mut self, seat: Seat, action: &Action) -> Result<Vec<Noticed<Event>>, ActionError> {
        let player = Player::from_seat(seat).ok_or(ActionError::NoSuchSeat)?;
        let (actor, _) = self.actor().ok_or(ActionError::GameOver)?;
        if player != actor {
            return Err(ActionError::NotYourTurn);
        }
        // Every check below happens before the first change, so an `Err` leaves `self` as it was.
        match (&self.phase, action) {
            (Phase::Setup(_), Action::Start(cell)) => self.play_start(player, *cell),
            (Phase::Move, Action::Move(input)) => self.play_move(player, input),
            (&Phase::Window { number, holder }, _) => self.play_window(number, holder, action),
            (Phase::Setup(_), other) => {
                Err(ActionError::WrongPhase { got: action_kind(other), expected: "a start cell" })
            }
            (Phase::Move, other) => {
                Err(ActionError::WrongPhase { got: action_kind(other), expected: "a move" })
            }
            (Phase::Over { .. }, _) => Err(ActionError::GameOver),
        }
    }

    fn view(&self, viewer: Viewer) -> View {
        let omniscient = viewer == Viewer::Referee;
        let seat = match viewer {
            Viewer::Seat(s) => Player::from_seat(s),
            Viewer::Public | Viewer::Referee => None,
        };
        let over = self.is_over();
        let public_positions = omniscient || over || self.options.mode == Mode::Challenge;
        let positions = if public_positions {
            self.pos
        } else {
            let mut known = [None, None];
            if let Some(p) = seat {
                known[p.index()] = self.pos[p.index()];
            }
            known
        };
        let opponent_start = (seat == Some(Player::P2)
            && self.options.mode == Mode::Referee
            && self.options.start == Start::Free
            && self.options.p2_sees_p1_start)
            .then_some(self.starts[0])
            .flatten();
        let own_records = seat
            .map(|p| {
                self.history
                    .iter()
                    .filter(|r| r.by == p)
                    .map(|r| OwnRecord {
                        ply: r.ply,
                        path: r.input.path.clone(),
                        dir: r.input.dir,
                        edge: r.edge,
                    })
                    .collect()
            })
            .unwrap_or_default();
        let (result, end) = match &self.phase {
            Phase::Over { decision, reason, detail, .. } => {
                (Some((*decision, *reason)), Some(detail.clone()))
            }
            _ => (None, None),
        };
        View {
            viewer: seat,
            omniscient,
            options: self.options.clone(),
            ply: self.ply,
            to_act: self.actor(),
            positions,
            opponent_start,
            own_records,
            plies: self.public.clone(),
            setup_report: seat.and_then(|p| self.setup_reports[p.index()]),
            window: match self.phase {
                Phase::Window { number, holder } => {
                    Some(WindowInfo { number, holder, target: holder.other() })
                }
                _ => None,
            },
            result,
            end,
            reveal: (over || omniscient).then(|| self.reveal()),
        }
    }

    fn parse_action(&self, seat: Seat, text: &str) -> Result<Action, ActionError> {
        let player = Player::from_seat(seat).ok_or(ActionError::NoSuchSeat)?;
        let word: String = text.trim().trim_end_matches(['!', '！']).to_lowercase();
        match word.as_str() {
            "challenge" | "质疑" | "質疑" => return Ok(Action::Challenge),
            "pass" | "不质疑" | "不質疑" => return Ok(Action::Pass),
            "claim" | "分野" => return Ok(Action::Claim),
            _ => {}
        }
        if matches!(self.phase, Phase::Setup(_)) {
            return notation::parse_cell(text, self.dims()).map(Action::Start);
        }
        // The parser sees only the text, the board, the mover's own cell and the options.
        let me = self.pos[player.index()]
            .ok_or(ActionError::WrongPhase { got: "move", expected: "a start cell" })?;
        notation::parse_move(text, self.dims(), me, &self.options).map(Action::Move)
    }

    fn format_action(&self, action: &Action) -> String {
        match action {
            Action::Start(cell) => cell.to_string(),
            Action::Move(input) => input.to_string(),
            Action::Challenge => "challenge".into(),
            Action::Pass => "pass".into(),
            Action::Claim => "claim".into(),
        }
    }

    fn check_invariants(&self) -> Result<(), String> {
        let dims = self.dims();
        let in_setup = matches!(self.phase, Phase::Setup(_));
        for (i, p) in self.pos.iter().enumerate() {
            match p {
                Some(c) if !dims.contains(*c) => {
                    return Err(format!("token {i} off the board at {c}"));
                }
                None if !in_setup => return Err(format!("token {i} unplaced after setup")),
                _ => {}
            }
        }
        for (edge, placement) in self.fences.iter() {
            if edge.canonical(dims) != edge || !dims.contains(edge.cell) {
                return Err(format!("fence {edge} is not canonical or off the board"));
            }
            if dims.is_border(edge) && !self.options.edge_empty {
                return Err(format!("border fence {edge} without edge_empty"));
            }
            if placement.ply > self.ply {
                return Err(format!("fence {edge} placed on future ply {}", placement.ply));
            }
        }
        if usize::from(self.ply) != self.history.len() {
            return Err(format!("ply {} but {} records", self.ply, self.history.len()));
        }
        for (i, pair) in self.history.windows(2).enumerate() {
            if pair[0].by == pair[1].by || pair[1].ply != pair[0].ply + 1 {
                return Err(format!("records {i} and {} do not alternate", i + 1));
            }
        }
        if self.fences.len()
            > usize::try_from(dims.interior_edges() + dims.border_segments()).unwrap_or(usize::MAX)
        {
            return Err("more fences than edges".into());
        }
        match self.options.mode {
            Mode::Referee => {
                if matches!(self.phase, Phase::Window { .. }) {
                    return Err("a challenge window in referee mode".into());
                }
                if !self.is_over() {
                    if self.history.iter().any(|r| r.violation.is_some()) {
                        return Err("a violation did not end a referee game".into());
                    }
                    if !in_setup && self.separated(&self.fences, self.both_positions()) {
                        return Err("separated tokens in a running referee game".into());
                    }
                }
            }
            Mode::Challenge => {
                if self.public.len() != self.history.len() {
                    return Err("public log and records disagree".into());
                }
            }
        }
        Ok(())
    }
}
