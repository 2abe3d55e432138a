//! The game state and the turn checker (spec §3, §5, §6, §7, §11.4): selection, costs, the
//! ten combination rules, scores, and the end-of-game conditions in the spec's order.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::board::{Board, Cell, Fill, Kind, Side, Unit};
use super::coord::Coord;
use super::geometry::{face_off, queen_path, reaches};
use super::int::Int;
use super::notation::{Action, Step};
use super::options::{Handicap, Options};

/// Per side statistics (spec §5, 「三串小數字」), indexed by [`Kind`] order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// Points earned by capturing each kind.
    pub capture_points: [i64; 9],
    /// Hires (drops) of each kind.
    pub hires: [u32; 9],
    /// Drops into the main battlefield of each kind.
    pub drops_into_b: [u32; 9],
    /// High-dimension jumps by units whose most valuable member is this kind.
    pub high_jumps: [u32; 9],
}

fn kind_index(k: Kind) -> usize {
    Kind::ALL.iter().position(|x| *x == k).unwrap_or(0)
}

/// Why a game ended (spec §7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reason {
    /// Loss 1: the original king captured with no higher score.
    KingCaptured,
    /// Loss 2: half the opponent's score or less.
    ScoreHalved,
    /// Loss 3: a crowned prince captured.
    CrownedKingCaptured,
    /// Loss 4: no unit but a lone K/J in the front line.
    FrontLineLost,
    /// Loss 5: units on 12 or fewer battlefield squares.
    BattlefieldLost,
    /// Loss 6: an enemy K/J on an initial K/J square.
    HomeSquareTaken,
    /// Loss 7 / draw 2: sixfold repetition.
    Repetition,
    /// Loss 8 / draw 3: the quiet-ply limit.
    QuietPlies,
    /// Draw 1: agreed.
    Agreed,
}

impl Reason {
    /// The stable code.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Reason::KingCaptured => "king-captured",
            Reason::ScoreHalved => "score-halved",
            Reason::CrownedKingCaptured => "crowned-king-captured",
            Reason::FrontLineLost => "front-line-lost",
            Reason::BattlefieldLost => "battlefield-lost",
            Reason::HomeSquareTaken => "home-square-taken",
            Reason::Repetition => "repetition",
            Reason::QuietPlies => "quiet-plies",
            Reason::Agreed => "agreed",
        }
    }
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum End {
    /// `side` won.
    Win(Side, Reason),
    /// Drawn.
    Draw(Reason),
}

/// The phase of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Selection pick number 0..18 (Red's step 1, Blue's step 1, Red's step 2, …).
    Select(u8),
    /// Play.
    Play,
}

/// A rule violation: what the player did wrong, in words, with a stable code, and the key and
/// values the table words it from in each language (`rb-err-<key>`).
///
/// A refusal that proposes another turn (`use x to capture it`, `write & to stack onto it`)
/// proposes it only when the turn checker accepts that turn. When it would be refused too, the
/// refusal states what it found without the proposal (`key` is then the bare statement's, e.g.
/// `enemy-target`), names the turn it would have proposed (the value `fix`), and carries the
/// reason that turn is refused in [`TurnError::instead`]; its `code` is that reason's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct TurnError {
    /// Stable code for tests and logs.
    pub code: &'static str,
    /// Which sentence this is: the code, or a finer key where one code has several sentences.
    pub key: &'static str,
    /// The sentence's values by name (squares, pieces, prices), as text.
    pub args: Vec<(&'static str, String)>,
    /// The sentence in English, for tools and logs.
    pub message: String,
    /// Why the turn this refusal would have proposed is refused too (see above).
    pub instead: Option<Box<TurnError>>,
    /// The turn this refusal proposes, with the key and English of the statement without the
    /// proposal, until the turn checker has tried it.
    hint: Option<Box<Hint>>,
}

/// A proposed turn and the refusal's statement without it (see [`TurnError`]).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Hint {
    /// The turn proposed.
    turn: Action,
    /// The key of the statement without the proposal (`rb-err-<key>`).
    key: &'static str,
    /// That statement in English.
    message: String,
}

impl TurnError {
    /// The same refusal, worded by a finer key than its code.
    fn key(mut self, key: &'static str) -> TurnError {
        self.key = key;
        self
    }

    /// The same refusal with one more named value for its wording.
    fn arg(mut self, name: &'static str, value: &impl ToString) -> TurnError {
        self.args.push((name, value.to_string()));
        self
    }

    /// The same refusal proposing `turn`, which is worded as `key` (`message` in English)
    /// without the proposal when `turn` is refused too.
    fn proposing(mut self, turn: Action, key: &'static str, message: String) -> TurnError {
        self.hint = Some(Box::new(Hint { turn, key, message }));
        self
    }
}

fn refuse(code: &'static str, message: impl Into<String>) -> TurnError {
    TurnError {
        code,
        key: code,
        args: Vec::new(),
        message: message.into(),
        instead: None,
        hint: None,
    }
}

/// How many proposed turns in a row the checker tries before a refusal: each proposal settles
/// the step it is about, and a turn has at most one step of each kind (rule 10), so a chain of
/// proposals is shorter than this.
const PROPOSALS_TRIED: u8 = 12;

/// What happened in a turn, for announcements.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Report {
    /// Points spent.
    pub cost: i64,
    /// Points gained by capturing.
    pub gained: i64,
    /// The unit captured, if any.
    pub captured: Option<Unit>,
    /// A prince became king.
    pub prince_crowned: bool,
    /// The queen waypoint chosen when the player gave none.
    pub waypoint: Option<Coord>,
}

/// The whole game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// The options.
    pub options: Options,
    #[serde(with = "board_serde")]
    board: Box<Board>,
    /// Selection or play.
    pub phase: Phase,
    /// Whose turn.
    pub to_move: Side,
    /// Scores, Red then Blue.
    pub score: [i64; 2],
    /// Q and G hire credits per side: `[side][0 = Q, 1 = G]`.
    pub credits: [[u32; 2]; 2],
    /// Statistics per side.
    pub stats: Box<[Stats; 2]>,
    /// Where each side's K and J stand (`None` once gone): `[side][0 = K, 1 = J]`.
    pub royals: Box<[[Option<Coord>; 2]; 2]>,
    /// Each side's K and J squares at the end of selection (loss 6).
    pub initial_royals: [Vec<Coord>; 2],
    /// Whether a side's king is a crowned prince (loss 3).
    pub crowned: [bool; 2],
    /// Whether a side has held a unit in the front line (loss 4 under `band_empty`).
    pub front_reached: [bool; 2],
    /// Plies since a non-pawn was captured (counted after handicap turns).
    pub quiet_plies: u32,
    /// Free handicap turns the receiver still has (讓n步先), exact at any size.
    pub handicap_turns: Int,
    /// A draw offer standing from the previous ply.
    pub draw_offer: Option<Side>,
    /// Occurrences of each full state (hash → count), for the sixfold repetition.
    #[serde(with = "reps_serde")]
    pub reps: HashMap<u128, u8>,
    /// Plies played (selection excluded).
    pub ply: u32,
    /// The end, once reached.
    pub end: Option<End>,
    /// The last turn, canonical (for views).
    #[serde(default)]
    pub last: Option<String>,
    /// The squares the last turn used (where a unit acted from and every square it went to,
    /// a drop's square, the squares a pick filled), for the pictures.
    #[serde(default)]
    pub last_squares: Vec<Coord>,
    /// The repetition key the turn being tried recorded (so a trial can take it back).
    #[serde(skip)]
    recorded: Option<u128>,
}

/// Red's default placement for each selection step ([I-7]): left/right group per row, then the
/// uniques.
fn default_pick(step: u8) -> Vec<Kind> {
    use Kind::{B, C, G, J, K, N, P, Q, R};
    match step {
        0 => vec![R, N, B, C],
        1 => vec![C, B, N, R],
        8 => vec![Q, K, J, G],
        _ => vec![P, P, P, P],
    }
}

/// The four squares a selection step fills for `side`, in the player's own left-to-right order.
#[must_use]
pub fn pick_squares(side: Side, step: u8) -> [Coord; 4] {
    let row = if step == 8 { 1 } else { 1 + i64::from(step / 2) };
    let xs: [i64; 4] = match (step, step % 2) {
        (8, _) => [5, 6, 7, 8],
        (_, 0) => [1, 2, 3, 4],
        _ => [9, 10, 11, 12],
    };
    let y = side.row(row);
    xs.map(|x| Coord::main(if side == Side::Blue { 13 - x } else { x }, y))
}

impl State {
    /// A new game: the selection phase, or with `select=off` the default placement at once.
    #[must_use]
    pub fn start(options: &Options) -> State {
        let fill = Fill { band_empty: options.band_empty, handicap: options.levels() };
        let mut s = State {
            options: options.clone(),
            board: Box::new(Board::new(fill)),
            phase: Phase::Select(0),
            to_move: Side::Red,
            score: [120, 120],
            credits: [[0; 2]; 2],
            stats: Box::new([Stats::default(), Stats::default()]),
            royals: Box::new([[None, None], [None, None]]),
            initial_royals: [Vec::new(), Vec::new()],
            crowned: [false; 2],
            front_reached: [!options.band_empty; 2],
            quiet_plies: 0,
            handicap_turns: Int::ZERO,
            draw_offer: None,
            reps: HashMap::new(),
            ply: 0,
            end: None,
            last: None,
            last_squares: Vec::new(),
            recorded: None,
        };
        if !options.select {
            for _ in 0..18 {
                let _ = s.pick(&[]);
            }
        }
        s
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Who receives free handicap turns, if anyone.
    fn steps_receiver(&self) -> Option<(Side, Int)> {
        match (&self.options.red_gives, &self.options.blue_gives) {
            (Handicap::Steps(n), _) => Some((Side::Blue, n.clone())),
            (_, Handicap::Steps(n)) => Some((Side::Red, n.clone())),
            _ => None,
        }
    }

    fn pick(&mut self, kinds: &[Kind]) -> Result<(), TurnError> {
        let Phase::Select(n) = self.phase else {
            return Err(refuse("not-selecting", "the selection phase is over"));
        };
        let side = if n % 2 == 0 { Side::Red } else { Side::Blue };
        let step = n / 2;
        let kinds: Vec<Kind> = if kinds.is_empty() { default_pick(step) } else { kinds.to_vec() };
        if step == 8 {
            let mut sorted = kinds.clone();
            sorted.sort_unstable();
            if sorted != [Kind::K, Kind::Q, Kind::J, Kind::G] {
                return Err(refuse(
                    "bad-pick",
                    "the last pick places the four unique pieces, each once: Q K J G in any order",
                )
                .key("bad-pick-uniques"));
            }
        } else if kinds
            .iter()
            .any(|k| !matches!(k, Kind::R | Kind::N | Kind::B | Kind::C | Kind::P))
        {
            return Err(refuse(
                "bad-pick",
                "each slot of a row is one of R N B C P (repeats allowed)",
            )
            .key("bad-pick-group"));
        }
        for (kind, square) in kinds.iter().zip(pick_squares(side, step)) {
            if *kind == Kind::P {
                self.score[side.index()] += 1;
            }
            if *kind == Kind::K {
                self.royals[side.index()][0] = Some(square.clone());
            }
            if *kind == Kind::J {
                self.royals[side.index()][1] = Some(square.clone());
            }
            self.board.set(&square, Some(Unit::single(side, *kind)));
        }
        if n + 1 < 18 {
            self.phase = Phase::Select(n + 1);
            self.to_move = side.other();
        } else {
            self.phase = Phase::Play;
            self.initial_royals =
                [0, 1].map(|i| self.royals[i].iter().flatten().cloned().collect());
            self.to_move = Side::Red;
            if let Some((receiver, n)) = self.steps_receiver() {
                self.to_move = receiver;
                self.handicap_turns = n;
            }
            if let Some(giver) = self.exposed_king() {
                // Refused like any pick: the caller rolls the whole pick back.
                return Err(refuse(
                    "king-exposed",
                    format!(
                        "with this placement {}'s king could be captured at once, which a level handicap must never allow: place the unique pieces differently",
                        if giver == Side::Red { "Red" } else { "Blue" }
                    ),
                ).arg("side", &if giver == Side::Red { "red" } else { "blue" }));
            }
            self.record_position();
            self.recorded = None;
        }
        Ok(())
    }

    /// [I-29] 「不能讓對方有機會一步就吃了自己的老王」: the side giving a level handicap (讓n級子)
    /// whose king the receiver could capture in one step, if any. Every one-step capture of
    /// that king is tried by every receiver unit that could make one: each changed unit
    /// (finitely many) and each unit within four squares of the king in its layer and the two
    /// beside it (the default pawns there; default pawns farther away reach no farther). Drops
    /// never capture, so no hired piece is tried. Runs once, when the selection ends.
    fn exposed_king(&self) -> Option<Side> {
        for giver in [Side::Red, Side::Blue] {
            let gives =
                if giver == Side::Red { &self.options.red_gives } else { &self.options.blue_gives };
            if !matches!(gives, Handicap::Level(_)) {
                continue;
            }
            let Some(king) = self.royals[giver.index()][0].clone() else { continue };
            let receiver = giver.other();
            let mut candidates: std::collections::BTreeSet<Coord> = self
                .board
                .changes()
                .filter(|(_, cell)| cell.as_ref().is_some_and(|u| u.owner == receiver))
                .map(|(c, _)| c.clone())
                .collect();
            for dz in -1..=1 {
                let z = &king.layer.z + dz;
                for dy in -4..=4 {
                    for dx in -4..=4 {
                        let (x, y) = (&king.x + dx, &king.y + dy);
                        let layer = super::coord::Layer { z: z.clone(), ..king.layer.clone() };
                        let c = Coord { x, y, layer };
                        if self.board.get(&c).is_some_and(|u| u.owner == receiver) {
                            candidates.insert(c);
                        }
                    }
                }
            }
            let mut trial = self.clone();
            trial.handicap_turns = Int::ZERO;
            for from in candidates {
                let capture = Action::Unit {
                    from,
                    check: None,
                    split: None,
                    steps: vec![Step::Capture { to: king.clone(), via: None }],
                };
                if trial.attempt(receiver, &capture, false).is_ok() {
                    return Some(giver);
                }
            }
        }
        None
    }

    /// The 128-bit key of the full state for repetition ([I-25]).
    fn position_key(&self) -> u128 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        (self.to_move, self.score, self.credits, self.crowned).hash(&mut h);
        self.board.hash() ^ u128::from(h.finish())
    }

    fn record_position(&mut self) -> u8 {
        let key = self.position_key();
        self.recorded = Some(key);
        let count = self.reps.entry(key).or_insert(0);
        *count = count.saturating_add(1);
        *count
    }

    /// Plays one turn for `side`. On error nothing changes.
    ///
    /// # Errors
    /// A [`TurnError`] naming the first rule the turn breaks.
    pub fn play_turn(&mut self, side: Side, action: &Action) -> Result<Report, TurnError> {
        if self.end.is_some() {
            return Err(refuse("game-over", "the game is over"));
        }
        if side != self.to_move {
            return Err(refuse("not-your-turn", "it is not your turn"));
        }
        self.attempt(side, action, true)
    }

    /// Checks a turn for `side` without playing it: the answer [`State::play_turn`] would give
    /// (the report's costs and gains too, but not what the turn would do to the game's end:
    /// a crowned prince or a result are only worked out when the turn is played).
    ///
    /// # Errors
    /// A [`TurnError`] naming the first rule the turn breaks.
    pub fn validate(&mut self, side: Side, action: &Action) -> Result<Report, TurnError> {
        if self.end.is_some() {
            return Err(refuse("game-over", "the game is over"));
        }
        if side != self.to_move {
            return Err(refuse("not-your-turn", "it is not your turn"));
        }
        self.attempt(side, action, false)
    }

    /// What `action` costs `side`: the points the turn checker charges for it, were it `side`'s
    /// turn now (on `side`'s own turn, what playing it would charge: nothing on a free
    /// handicap turn). Whether `side` has the points is not asked, so a turn beyond the score
    /// is still priced. Nothing changes.
    ///
    /// # Errors
    /// A [`TurnError`] naming the first rule the turn breaks.
    pub fn cost_of(&mut self, side: Side, action: &Action) -> Result<i64, TurnError> {
        let saved = (self.to_move, self.handicap_turns.clone(), self.score, self.end);
        if self.to_move != side {
            self.to_move = side;
            self.handicap_turns = Int::ZERO;
        }
        self.end = None;
        // Room for any price, and for any capture's gain on top without overflow.
        self.score[side.index()] = i64::MAX / 4;
        let result = self.attempt_once(side, action, false);
        (self.to_move, self.handicap_turns, self.score, self.end) = saved;
        result.map(|report| report.cost)
    }

    /// Tries a turn in place ([`State::attempt_once`]); when it is refused with a proposal of
    /// another turn, tries that turn too and keeps the proposal only if it would be accepted
    /// (see [`TurnError`]).
    fn attempt(&mut self, side: Side, action: &Action, keep: bool) -> Result<Report, TurnError> {
        self.attempt_proposing(side, action, keep, PROPOSALS_TRIED)
    }

    fn attempt_proposing(
        &mut self,
        side: Side,
        action: &Action,
        keep: bool,
        tries: u8,
    ) -> Result<Report, TurnError> {
        let mut refusal = match self.attempt_once(side, action, keep) {
            Err(refusal) => refusal,
            accepted => return accepted,
        };
        let Some(hint) = refusal.hint.take() else { return Err(refusal) };
        let Hint { turn, key, message } = *hint;
        let reason = match tries.checked_sub(1) {
            Some(left) => match self.attempt_proposing(side, &turn, false, left) {
                Ok(_) => return Err(refusal),
                Err(reason) => reason,
            },
            // Not reached (see PROPOSALS_TRIED); the statement alone is true either way.
            None => {
                refusal.key = key;
                refusal.message = message;
                return Err(refusal);
            }
        };
        let fix = super::notation::format(&turn);
        let mut args = refusal.args;
        args.push(("fix", fix.clone()));
        Err(TurnError {
            code: reason.code,
            key,
            args,
            message: format!("{message}, and `{fix}` would be refused too: {}", reason.message),
            instead: Some(Box::new(reason)),
            hint: None,
        })
    }

    /// Tries a turn in place: the board journals its writes and everything else is small, so
    /// the cost does not grow with the number of changes or plies.
    fn attempt_once(
        &mut self,
        side: Side,
        action: &Action,
        keep: bool,
    ) -> Result<Report, TurnError> {
        let fill = self.board.fill();
        let board = std::mem::replace(&mut self.board, Box::new(Board::new(fill)));
        let reps = std::mem::take(&mut self.reps);
        let backup = self.clone();
        self.board = board;
        self.reps = reps;
        self.board.begin();
        self.recorded = None;
        let result = self.apply(side, action, keep);
        if result.is_ok() && keep {
            self.board.commit();
            self.recorded = None;
            return result;
        }
        self.board.rollback();
        if let Some(key) = self.recorded.take()
            && let Some(n) = self.reps.get_mut(&key)
        {
            *n -= 1;
            if *n == 0 {
                self.reps.remove(&key);
            }
        }
        let board = std::mem::replace(&mut self.board, Box::new(Board::new(fill)));
        let reps = std::mem::take(&mut self.reps);
        *self = backup;
        self.board = board;
        self.reps = reps;
        result
    }

    fn apply(&mut self, side: Side, action: &Action, finish: bool) -> Result<Report, TurnError> {
        if let Action::Pick(kinds) = action {
            self.pick(kinds)?;
            return Ok(Report {
                cost: 0,
                gained: 0,
                captured: None,
                prince_crowned: false,
                waypoint: None,
            });
        }
        if let Phase::Select(n) = self.phase {
            // The example is a pick this step takes: a group's pieces, or the four uniques.
            return Err(if n / 2 == 8 {
                refuse(
                    "selecting",
                    "the selection phase comes first: `pick Q K J G` or `pick default`",
                )
                .key("selecting-uniques")
            } else {
                refuse(
                    "selecting",
                    "the selection phase comes first: `pick R N B C` or `pick default`",
                )
            });
        }
        let offer = self.draw_offer.take();
        let free = self.handicap_turns > 0;
        let mut report =
            Report { cost: 0, gained: 0, captured: None, prince_crowned: false, waypoint: None };
        match action {
            Action::Pick(_) => {}
            Action::OfferDraw => {
                if free {
                    return Err(refuse(
                        "handicap-turn",
                        "handicap turns are for stacking, jumping and hiring only",
                    )
                    .key("handicap-offer"));
                }
                self.draw_offer = Some(side);
            }
            Action::AcceptDraw => {
                if offer != Some(side.other()) {
                    return Err(refuse(
                        "no-offer",
                        "there is no draw offer to accept: the offer must be the ply just played",
                    ));
                }
                self.end = Some(End::Draw(Reason::Agreed));
                self.ply += 1;
                self.to_move = side.other();
                return Ok(report);
            }
            Action::Drop { kind, to, stack, promote } => {
                report.cost = self.drop(side, *kind, to, *stack, *promote, free)?;
            }
            Action::Unit { from, check, split, steps } => {
                report = self.unit_turn(side, from, *check, split.as_deref(), steps, free)?;
            }
        }
        if report.cost > self.score[side.index()] {
            return Err(refuse(
                "no-debt",
                format!(
                    "this turn costs {} points and you have {} (no debt)",
                    report.cost,
                    self.score[side.index()]
                ),
            )
            .arg("cost", &report.cost)
            .arg("score", &self.score[side.index()]));
        }
        self.score[side.index()] -= report.cost;
        self.score[side.index()] += report.gained;
        // Legality is settled; what follows (counters, the end of the game) cannot refuse the
        // turn, so a trial (`validate`) stops here.
        if finish {
            self.finish_turn(side, &mut report, free);
        }
        Ok(report)
    }

    /// What stacking `acting` onto `there` at `at` would cost (spec §5, [I-16]), or `None`
    /// when the two cannot stack (a king or prince in either).
    #[must_use]
    pub fn stacking_price(acting: &Unit, there: &Unit, at: &Coord) -> Option<i64> {
        State::merge(acting, there).ok().map(|merged| State::stack_price(acting.owner, at, &merged))
    }

    fn stack_price(owner: Side, at: &Coord, merged: &Unit) -> i64 {
        if owner.in_zone(&at.y) { 1 } else { merged.max_value() }
    }

    /// The refusal of a plain move onto one's own unit, naming what stacking would cost
    /// (spec §10.2: "use & (stacking costs N)").
    fn use_stack(side: Side, acting: &Unit, there: &Unit, to: &Coord, op: char) -> TurnError {
        match State::merge(acting, there) {
            Ok(merged) => refuse(
                "use-stack",
                format!(
                    "{to} holds your unit: write {op} to stack onto it (stacking costs {})",
                    State::stack_price(side, to, &merged)
                ),
            )
            .key("use-stack-move")
            .arg("to", &to)
            .arg("op", &op)
            .arg("price", &State::stack_price(side, to, &merged)),
            Err(e) => e,
        }
    }

    /// A landing refused for a missing `&` (onto one's own unit) or a `&` too many (onto an
    /// empty square), proposing `turn`, the same turn written the other way.
    fn landing_hint(e: TurnError, turn: Action, to: &Coord) -> TurnError {
        match e.key {
            "use-stack-move" => e.proposing(turn, "own-unit", format!("{to} holds your own unit")),
            "stack-empty" => e.proposing(turn, "empty-target", format!("{to} is empty")),
            _ => e,
        }
    }

    fn merge(a: &Unit, b: &Unit) -> Result<Unit, TurnError> {
        if a.pieces.iter().chain(&b.pieces).any(|k| !k.stacks()) {
            return Err(refuse("royal-stack", "the King and the Prince never stack"));
        }
        let mut pieces: Vec<Kind> = a.pieces.iter().chain(&b.pieces).copied().collect();
        pieces.sort_unstable();
        Ok(Unit { owner: a.owner, pieces })
    }

    #[allow(clippy::too_many_arguments)]
    fn drop(
        &mut self,
        side: Side,
        kind: Kind,
        to: &Coord,
        stack: bool,
        promote: Option<Kind>,
        free: bool,
    ) -> Result<i64, TurnError> {
        if !kind.stacks() {
            return Err(refuse(
                "bad-drop",
                format!(
                    "the King and the Prince cannot be hired; the pieces that can be hired are {}",
                    Kind::hired_codes()
                ),
            ));
        }
        if promote.is_some() && free {
            return Err(
                refuse("handicap-turn", "handicap turns cannot promote").key("handicap-promote")
            );
        }
        let credit = match kind {
            Kind::Q => Some(0),
            Kind::G => Some(1),
            _ => None,
        };
        if let Some(c) = credit {
            if self.credits[side.index()][c] == 0 {
                return Err(refuse(
                    "no-credit",
                    format!(
                        "hiring a {} needs a credit: capture an enemy {} first",
                        kind.hanzi(),
                        kind.hanzi()
                    ),
                )
                .arg("piece", &kind.hanzi()));
            }
            self.credits[side.index()][c] -= 1;
        }
        let mut cost = kind.value();
        let in_b = to.is_main() && (1..=12).contains(&to.x) && (1..=12).contains(&to.y);
        if in_b {
            cost += 1;
        }
        let dropped = Unit::single(side, kind);
        let landed = match (self.board.get(to), stack) {
            (None, false) => dropped,
            (None, true) => {
                return Err(refuse("not-friendly", format!("{to} is empty: use @ to drop there"))
                    .key("drop-empty")
                    .arg("to", &to)
                    .proposing(
                        Action::Drop { kind, to: to.clone(), stack: false, promote },
                        "empty-target",
                        format!("{to} is empty"),
                    ));
            }
            (Some(u), _) if u.owner != side => {
                return Err(refuse(
                    "enemy-square",
                    format!(
                        "{to} holds an enemy unit: drops go to empty squares or your own units"
                    ),
                )
                .key("drop-enemy")
                .arg("to", &to));
            }
            (Some(_), false) => {
                return Err(refuse(
                    "use-stack",
                    format!("{to} holds your unit: use & to drop onto it (stacking costs extra)"),
                )
                .key("drop-stack")
                .arg("to", &to)
                .proposing(
                    Action::Drop { kind, to: to.clone(), stack: true, promote },
                    "own-unit",
                    format!("{to} holds your own unit"),
                ));
            }
            (Some(u), true) => {
                let merged = State::merge(&u, &dropped)?;
                cost += State::stack_price(side, to, &merged);
                merged
            }
        };
        let mut landed = landed;
        if let Some(p) = promote {
            self.promote(side, &mut landed, to, p)?;
        }
        self.board.set(to, Some(landed));
        let st = &mut self.stats[side.index()];
        st.hires[kind_index(kind)] += 1;
        if in_b {
            st.drops_into_b[kind_index(kind)] += 1;
        }
        Ok(if free { 0 } else { cost })
    }

    fn promote(&self, side: Side, unit: &mut Unit, at: &Coord, to: Kind) -> Result<(), TurnError> {
        if !matches!(to, Kind::N | Kind::R | Kind::B | Kind::C) {
            return Err(refuse("bad-promotion", "a pawn promotes to N, R, B or C"));
        }
        if !side.in_zone(&at.y) {
            return Err(refuse("not-in-zone", format!("{at} is not past your promotion line"))
                .arg("at", &at));
        }
        let Some(i) = unit.pieces.iter().position(|k| *k == Kind::P) else {
            return Err(refuse("no-pawn", "this unit has no pawn to promote"));
        };
        unit.pieces[i] = to;
        unit.pieces.sort_unstable();
        Ok(())
    }

    /// Checks the order of action kinds against the forbid table of spec §6.
    pub(super) fn check_sequence(kinds: &[&'static str], free: bool) -> Result<(), TurnError> {
        let forbids = |k: &str| -> &'static [&'static str] {
            match k {
                "MOVE" | "JUMP3" | "JUMPH" => &["CAPTURE", "DROP", "SPLIT"],
                "CAPTURE" | "STACK" => {
                    &["MOVE", "CAPTURE", "DROP", "JUMP3", "JUMPH", "SPLIT", "STACK"]
                }
                "DROP" => &["MOVE", "CAPTURE", "JUMP3", "JUMPH", "SPLIT"],
                "SPLIT" => &["DROP"],
                _ => &[],
            }
        };
        let rule = |k: &str| match k {
            "MOVE" => 1,
            "CAPTURE" => 2,
            "DROP" => 3,
            "JUMP3" => 4,
            "JUMPH" => 5,
            "STACK" => 6,
            "SPLIT" => 7,
            _ => 8,
        };
        for (i, k) in kinds.iter().enumerate() {
            if kinds[..i].contains(k) {
                return Err(
                    refuse("twice", format!("{k} at most once per turn (rule 10)")).arg("step", &k)
                );
            }
            for earlier in &kinds[..i] {
                if forbids(earlier).contains(k) {
                    return Err(refuse(
                        "combination",
                        format!("{k} is not allowed after {earlier} (rule {})", rule(earlier)),
                    )
                    .arg("step", &k)
                    .arg("earlier", &earlier)
                    .arg("rule", &rule(earlier)));
                }
            }
        }
        if free {
            for (i, k) in kinds.iter().enumerate() {
                let plain_move = *k == "MOVE" && kinds.get(i + 1) != Some(&"STACK");
                if matches!(*k, "CAPTURE" | "SPLIT" | "PROMOTE") || plain_move {
                    return Err(refuse(
                        "handicap-turn",
                        "handicap turns may only stack, jump or hire: no capture, plain move, split or promotion",
                    ).key("handicap-kinds"));
                }
            }
        }
        Ok(())
    }

    fn unit_turn(
        &mut self,
        side: Side,
        from: &Coord,
        check: Option<Kind>,
        split: Option<&[Kind]>,
        steps: &[Step],
        free: bool,
    ) -> Result<Report, TurnError> {
        let Some(unit) = self.board.get(from) else {
            return Err(refuse("empty-origin", format!("{from} is empty")).arg("from", &from));
        };
        if unit.owner != side {
            return Err(
                refuse("not-yours", format!("{from} holds an enemy unit")).arg("from", &from)
            );
        }
        if let Some(k) = check
            && !unit.has(k)
        {
            return Err(refuse(
                "wrong-piece",
                format!("{from} holds {}, not {}", unit.letters(), k.letter()),
            )
            .arg("from", &from)
            .arg("has", &unit.letters())
            .arg("given", &k.letter()));
        }
        // The acting unit and what stays behind.
        let (mut acting, rest) = match split {
            None => (unit, None),
            Some(part) => {
                let mut left = unit.pieces.clone();
                for k in part {
                    let Some(i) = left.iter().position(|x| x == k) else {
                        return Err(refuse(
                            "bad-split",
                            format!(
                                "{from} holds {}; it cannot split off {}",
                                unit.letters(),
                                part.iter().map(|k| k.letter()).collect::<String>()
                            ),
                        )
                        .key("bad-split-part")
                        .arg("from", &from)
                        .arg("has", &unit.letters())
                        .arg("part", &part.iter().map(|k| k.letter()).collect::<String>()));
                    };
                    left.remove(i);
                }
                if left.is_empty() {
                    // A statement, not a proposal: which smaller part (or whether the whole
                    // unit) could make this turn is not the refusal's to guess.
                    let part: String = part.iter().map(|k| k.letter()).collect();
                    return Err(refuse(
                        "bad-split",
                        format!(
                            "a split leaves part of the stack behind, and {from} holds {} only: /{part} names all of it",
                            unit.letters()
                        ),
                    )
                    .key("bad-split-all")
                    .arg("from", &from)
                    .arg("has", &unit.letters())
                    .arg("part", &part));
                }
                (
                    Unit { owner: side, pieces: part.to_vec() },
                    Some(Unit { owner: side, pieces: left }),
                )
            }
        };
        let mut kinds: Vec<&'static str> = Vec::new();
        if split.is_some() {
            kinds.push("SPLIT");
        }
        for step in steps {
            // A waypoint (`>a xb`) is one path of the Queen's; for a unit without her it is
            // what the player wrote, a MOVE before the step, which the rules then judge.
            if let Step::Move { via: Some(_), .. }
            | Step::Capture { via: Some(_), .. }
            | Step::Stack { via: Some(_), .. } = step
                && !acting.has(Kind::Q)
            {
                kinds.push("MOVE");
            }
            match step {
                Step::Move { .. } => kinds.push("MOVE"),
                Step::Capture { .. } => kinds.push("CAPTURE"),
                Step::Stack { .. } => kinds.extend(["MOVE", "STACK"]),
                Step::Jump3 { stack, .. } => {
                    kinds.push("JUMP3");
                    if *stack {
                        kinds.push("STACK");
                    }
                }
                Step::JumpH { stack, .. } => {
                    kinds.push("JUMPH");
                    if *stack {
                        kinds.push("STACK");
                    }
                }
                Step::Promote(_) => kinds.push("PROMOTE"),
            }
        }
        State::check_sequence(&kinds, free)?;
        if split.is_some()
            && !kinds.iter().any(|k| matches!(*k, "MOVE" | "CAPTURE" | "JUMP3" | "JUMPH"))
        {
            return Err(refuse("bad-split", "a split-off part must relocate (rule 7)")
                .key("bad-split-stay"));
        }
        let mut report =
            Report { cost: 0, gained: 0, captured: None, prince_crowned: false, waypoint: None };
        let mut pos = from.clone();
        let mut left_origin = false;
        // The same turn with step `i` written as `step`: what a refusal proposes.
        let rewritten = |i: usize, step: Step| {
            let mut steps = steps.to_vec();
            steps[i] = step;
            Action::Unit { from: from.clone(), check, split: split.map(<[Kind]>::to_vec), steps }
        };
        // A jump's landing refused for a `&` too many or too few proposes the jump the other way.
        let jump_hint = |i: usize, to: &Coord, e: TurnError| match (e.key, &steps[i]) {
            ("stack-empty" | "use-stack-move", Step::Jump3 { up, stack }) => {
                let turn = rewritten(i, Step::Jump3 { up: *up, stack: !stack });
                State::landing_hint(e, turn, to)
            }
            ("stack-empty" | "use-stack-move", Step::JumpH { dim, up, stack }) => {
                let turn = rewritten(i, Step::JumpH { dim: dim.clone(), up: *up, stack: !stack });
                State::landing_hint(e, turn, to)
            }
            _ => e,
        };
        for (i, step) in steps.iter().enumerate() {
            match step {
                Step::Promote(k) => {
                    self.promote(side, &mut acting, &pos, *k)?;
                    // The acting unit stands on `pos` unless it is a split part that has not
                    // left its stack yet.
                    if left_origin || rest.is_none() {
                        self.board.set(&pos, Some(acting.clone()));
                    }
                    continue;
                }
                Step::Jump3 { up, stack } => {
                    let to = pos.with_dim(3, step_dim(&pos.layer.z, *up));
                    self.vacate(&mut left_origin, &pos, rest.as_ref());
                    report.cost += self
                        .land(side, &mut acting, &to, *stack)
                        .map_err(|e| jump_hint(i, &to, e))?;
                    pos = to;
                }
                Step::JumpH { dim, up, stack } => {
                    let to = pos.with_dim(dim, step_dim(&pos.dim(dim), *up));
                    let price = if acting.pieces.len() == 1 { 1 } else { acting.max_value() };
                    let top =
                        acting.pieces.iter().copied().max_by_key(|k| k.value()).unwrap_or(Kind::P);
                    self.stats[side.index()].high_jumps[kind_index(top)] += 1;
                    self.vacate(&mut left_origin, &pos, rest.as_ref());
                    report.cost += price
                        + self
                            .land(side, &mut acting, &to, *stack)
                            .map_err(|e| jump_hint(i, &to, e))?;
                    pos = to;
                }
                Step::Move { to, via } | Step::Stack { to, via } | Step::Capture { to, via } => {
                    let capture = matches!(step, Step::Capture { .. });
                    let stacking = matches!(step, Step::Stack { .. });
                    if *to == pos {
                        return Err(refuse("same-square", "the unit must end on another square"));
                    }
                    let royal_duel = capture
                        && acting.has(Kind::K)
                        && self.board.get(to).is_some_and(|u| u.owner != side && u.has(Kind::K));
                    if to.layer != pos.layer && !royal_duel {
                        return Err(refuse(
                            "other-layer",
                            format!(
                                "{to} is in another layer: pieces move within their layer, which only a jump (z+/z- or dN+/dN-) changes"
                            ),
                        ).arg("to", &to));
                    }
                    // Occupancy of the target.
                    let target = self.board.get(to);
                    match (&target, capture, stacking) {
                        (None, false, false) => {}
                        (None, true, _) => {
                            return Err(refuse(
                                "nothing-to-capture",
                                format!("{to} is empty: use > to move there"),
                            )
                            .arg("to", &to)
                            .proposing(
                                rewritten(i, Step::Move { to: to.clone(), via: via.clone() }),
                                "empty-target",
                                format!("{to} is empty"),
                            ));
                        }
                        (None, false, true) => {
                            return Err(refuse(
                                "not-friendly",
                                format!("{to} is empty: use > to move there"),
                            )
                            .key("move-empty")
                            .arg("to", &to)
                            .proposing(
                                rewritten(i, Step::Move { to: to.clone(), via: via.clone() }),
                                "empty-target",
                                format!("{to} is empty"),
                            ));
                        }
                        (Some(u), false, false) if u.owner == side => {
                            let turn =
                                rewritten(i, Step::Stack { to: to.clone(), via: via.clone() });
                            let e = State::use_stack(side, &acting, u, to, '&');
                            return Err(State::landing_hint(e, turn, to));
                        }
                        (Some(_), false, false) => {
                            return Err(refuse(
                                "use-capture",
                                format!("{to} holds an enemy unit: use x to capture it"),
                            )
                            .arg("to", &to)
                            .proposing(
                                rewritten(i, Step::Capture { to: to.clone(), via: via.clone() }),
                                "enemy-target",
                                format!("{to} holds an enemy unit"),
                            ));
                        }
                        (Some(u), true, _) if u.owner == side => {
                            return Err(refuse("own-unit", format!("{to} holds your own unit"))
                                .arg("to", &to));
                        }
                        (Some(u), false, true) if u.owner != side => {
                            return Err(refuse(
                                "use-capture",
                                format!("{to} holds an enemy unit: use x to capture it"),
                            )
                            .arg("to", &to)
                            .proposing(
                                rewritten(i, Step::Capture { to: to.clone(), via: via.clone() }),
                                "enemy-target",
                                format!("{to} holds an enemy unit"),
                            ));
                        }
                        _ => {}
                    }
                    if capture && acting.has(Kind::J) {
                        return Err(refuse("prince-no-capture", "the Prince never captures"));
                    }
                    if capture && target.as_ref().is_some_and(|u| u.has(Kind::J)) {
                        return Err(refuse("prince-immune", "the Prince cannot be captured"));
                    }
                    let origin_vacated = rest.is_none();
                    let geometric = via.is_none()
                        && reaches(&self.board, &acting.pieces, side, &pos, to, capture);
                    let face = royal_duel && face_off(&self.board, &pos, to);
                    let mut ok = geometric || face;
                    if !ok
                        && acting.has(Kind::Q)
                        && let Some(path) =
                            queen_path(&self.board, &pos, to, via.as_ref(), origin_vacated)
                    {
                        ok = true;
                        if via.is_none() {
                            report.waypoint = path;
                        }
                    }
                    if !ok {
                        // A waypoint without the Queen never gets here: the combination rules
                        // refuse it as the MOVE it is (above).
                        return Err(refuse(
                            "geometry",
                            format!(
                                "{} on {pos} cannot {} {to}",
                                acting.letters(),
                                if capture { "capture on" } else { "reach" }
                            ),
                        )
                        .arg("unit", &acting.letters())
                        .arg("from", &pos)
                        .arg("to", &to)
                        .arg("capture", &if capture { "yes" } else { "no" }));
                    }
                    self.vacate(&mut left_origin, &pos, rest.as_ref());
                    if capture {
                        let victim = target.unwrap_or_else(|| Unit::single(side.other(), Kind::P));
                        report.gained += victim.value();
                        for k in &victim.pieces {
                            self.stats[side.index()].capture_points[kind_index(*k)] += k.value();
                            match k {
                                Kind::Q => self.credits[side.index()][0] += 1,
                                Kind::G => self.credits[side.index()][1] += 1,
                                _ => {}
                            }
                        }
                        report.captured = Some(victim);
                        self.board.set(to, Some(acting.clone()));
                    } else {
                        report.cost += self.land(side, &mut acting, to, stacking)?;
                    }
                    pos = to.clone();
                }
            }
        }
        // Royals follow their unit (they never stack, so the acting unit is the royal alone).
        for (slot, kind) in [(0, Kind::K), (1, Kind::J)] {
            if acting.has(kind) && split.is_none() {
                self.royals[side.index()][slot] = Some(pos.clone());
            }
        }
        if free {
            report.cost = 0;
        }
        Ok(report)
    }

    fn vacate(&mut self, left_origin: &mut bool, pos: &Coord, rest: Option<&Unit>) {
        if !*left_origin {
            *left_origin = true;
            self.board.set(pos, rest.cloned());
        } else {
            self.board.set(pos, None);
        }
    }

    /// Lands the acting unit on `to` (empty, or friendly when `stack`), returning the stacking
    /// price.
    fn land(
        &mut self,
        side: Side,
        acting: &mut Unit,
        to: &Coord,
        stack: bool,
    ) -> Result<i64, TurnError> {
        match (self.board.get(to), stack) {
            (None, false) => {
                self.board.set(to, Some(acting.clone()));
                Ok(0)
            }
            (None, true) => Err(refuse("not-friendly", format!("{to} is empty: leave out the &"))
                .key("stack-empty")
                .arg("to", &to)),
            (Some(u), _) if u.owner != side => Err(refuse(
                "enemy-square",
                format!("{to} holds an enemy unit (and a capture is not allowed here)"),
            )
            .key("stack-enemy")
            .arg("to", &to)),
            (Some(u), false) => Err(State::use_stack(side, acting, &u, to, '&')),
            (Some(u), true) => {
                let merged = State::merge(acting, &u)?;
                let price = State::stack_price(side, to, &merged);
                *acting = merged;
                self.board.set(to, Some(acting.clone()));
                Ok(price)
            }
        }
    }

    fn finish_turn(&mut self, side: Side, report: &mut Report, free: bool) {
        let opp = side.other();
        self.ply += 1;
        if free {
            self.handicap_turns = &self.handicap_turns - 1;
        } else {
            let non_pawn =
                report.captured.as_ref().is_some_and(|u| u.pieces.iter().any(|k| *k != Kind::P));
            self.quiet_plies = if non_pawn { 0 } else { self.quiet_plies + 1 };
        }
        self.to_move = if self.handicap_turns > 0 { side } else { opp };
        // 1. A king captured ([I-31], [I-32]; loss 3 for a crowned prince).
        if let Some(victim) = &report.captured
            && victim.has(Kind::K)
        {
            let o = opp.index();
            self.royals[o][0] = None;
            if self.crowned[o] {
                self.end = Some(End::Win(side, Reason::CrownedKingCaptured));
                return;
            }
            if self.score[o] <= self.score[side.index()] {
                self.end = Some(End::Win(side, Reason::KingCaptured));
                return;
            }
            if let Some(j) = self.royals[o][1].take() {
                self.board.set(&j, Some(Unit::single(opp, Kind::K)));
                self.royals[o][0] = Some(j);
                self.crowned[o] = true;
                report.prince_crowned = true;
            }
        }
        // 2. Loss 6, the opponent first ([I-24]).
        for s in [opp, side] {
            if self.home_taken(s) {
                self.end = Some(End::Win(s.other(), Reason::HomeSquareTaken));
                return;
            }
        }
        // 3–4. Losses 2, 4, 5: the opponent first, so when both fail the mover wins.
        for s in [opp, side] {
            if let Some(reason) = self.structural_loss(s) {
                self.end = Some(End::Win(s.other(), reason));
                return;
            }
        }
        // 5. Repetition and the quiet-ply counter.
        let count = self.record_position();
        let (r, b) = (self.score[0], self.score[1]);
        let lower = if r < b {
            Some(Side::Red)
        } else if b < r {
            Some(Side::Blue)
        } else {
            None
        };
        if count >= 6 {
            self.end = Some(match lower {
                Some(l) => End::Win(l.other(), Reason::Repetition),
                None => End::Draw(Reason::Repetition),
            });
            return;
        }
        if self.quiet_plies >= self.options.quiet_limit {
            self.end = Some(match lower {
                Some(l) => End::Win(l.other(), Reason::QuietPlies),
                None => End::Draw(Reason::QuietPlies),
            });
        }
    }

    /// Loss 6: an enemy K or J on one of `s`'s initial K/J squares.
    fn home_taken(&self, s: Side) -> bool {
        self.initial_royals[s.index()].iter().any(|c| {
            self.board.get(c).is_some_and(|u| u.owner != s && (u.has(Kind::K) || u.has(Kind::J)))
        })
    }

    /// Losses 2, 4 and 5 for side `s`.
    fn structural_loss(&mut self, s: Side) -> Option<Reason> {
        let (mine, theirs) = (self.score[s.index()], self.score[s.other().index()]);
        if theirs > 0 && 2 * mine <= theirs {
            return Some(Reason::ScoreHalved);
        }
        let counts = |u: &Unit| u.owner == s && !u.is_lone_royal();
        let front = (1..=12).any(|x| {
            (5..=8).any(|y| self.board.get(&Coord::main(x, y)).as_ref().is_some_and(counts))
        });
        if front {
            self.front_reached[s.index()] = true;
        } else if self.front_reached[s.index()] {
            return Some(Reason::FrontLineLost);
        }
        let held = (1..=12)
            .flat_map(|x| (1..=12).map(move |y| (x, y)))
            .filter(|&(x, y)| self.board.get(&Coord::main(x, y)).as_ref().is_some_and(counts))
            .count();
        if held <= 12 {
            return Some(Reason::BattlefieldLost);
        }
        None
    }

    /// Side to act, when the game is on.
    #[must_use]
    pub fn selecting(&self) -> Option<(Side, u8)> {
        match self.phase {
            Phase::Select(n) => Some((if n % 2 == 0 { Side::Red } else { Side::Blue }, n / 2)),
            Phase::Play => None,
        }
    }

    /// Internal consistency: the change map is normalised, royals stand where recorded.
    ///
    /// # Errors
    /// A description of the first inconsistency.
    pub fn consistency(&self) -> Result<(), String> {
        for (c, cell) in self.board.changes() {
            if *cell == self.board.fill().cell(c) {
                return Err(format!("change at {c} equals the fill"));
            }
            if let Some(u) = cell {
                if u.pieces.is_empty() {
                    return Err(format!("empty unit at {c}"));
                }
                if u.pieces.len() > 1 && u.pieces.iter().any(|k| !k.stacks()) {
                    return Err(format!("royal in a stack at {c}"));
                }
            }
        }
        for side in [Side::Red, Side::Blue] {
            for (slot, kind) in [(0, Kind::K), (1, Kind::J)] {
                if let Some(c) = &self.royals[side.index()][slot]
                    && self.board.get(c) != Some(Unit::single(side, kind))
                {
                    return Err(format!("{kind:?} of {side:?} is not on {c}"));
                }
            }
        }
        Ok(())
    }

    /// The position text: the whole state as one line of JSON (fill configuration, change
    /// list sorted by square, scores, credits, statistics, royals, counters and the repetition
    /// table), which [`State::from_text`] reads back exactly. The draw library stores it.
    #[must_use]
    pub fn to_text(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a position text.
    ///
    /// # Errors
    /// When the text is not a position, or describes an inconsistent one.
    pub fn from_text(text: &str) -> Result<State, String> {
        let state: State =
            serde_json::from_str(text).map_err(|e| format!("not a Rabble position: {e}"))?;
        state.consistency()?;
        Ok(state)
    }

    /// A fork of this drawn game for the draw library (spec §8.3, [I-30]): the same position,
    /// side to move, scores, credits, statistics, counters and repetition table, with the end and
    /// any standing draw offer cleared and `from` naming the game it continues.
    #[must_use]
    pub fn fork(&self, parent: u64) -> State {
        let mut s = self.clone();
        s.end = None;
        s.draw_offer = None;
        s.options.from = Some(parent);
        s
    }

    /// Writes a cell directly (tests and the position loader).
    pub fn set_cell(&mut self, c: &Coord, cell: Cell) {
        self.board.set(c, cell);
    }
}

fn step_dim(v: &Int, up: bool) -> Int {
    v + if up { 1 } else { -1 }
}

/// The board serialises as its fill and its list of changes; indexes are rebuilt on load.
mod board_serde {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::super::board::{Board, Cell, Fill};
    use super::super::coord::Coord;

    #[derive(Serialize, Deserialize)]
    struct Flat {
        fill: Fill,
        changes: Vec<(Coord, Cell)>,
    }

    pub fn serialize<S: Serializer>(board: &Board, s: S) -> Result<S::Ok, S::Error> {
        let mut changes: Vec<(Coord, Cell)> =
            board.changes().map(|(c, v)| (c.clone(), v.clone())).collect();
        changes.sort_by(|a, b| a.0.cmp(&b.0));
        Flat { fill: board.fill(), changes }.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Box<Board>, D::Error> {
        let flat = Flat::deserialize(d)?;
        let mut board = Board::new(flat.fill);
        for (c, cell) in flat.changes {
            board.set(&c, cell);
        }
        Ok(Box::new(board))
    }
}

/// Repetition counts serialise as hex keys.
mod reps_serde {
    use std::collections::HashMap;

    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(reps: &HashMap<u128, u8>, s: S) -> Result<S::Ok, S::Error> {
        let mut v: Vec<(String, u8)> =
            reps.iter().map(|(k, c)| (format!("{k:032x}"), *c)).collect();
        v.sort();
        v.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<HashMap<u128, u8>, D::Error> {
        let v: Vec<(String, u8)> = Vec::deserialize(d)?;
        v.into_iter()
            .map(|(k, c)| {
                u128::from_str_radix(&k, 16).map(|k| (k, c)).map_err(serde::de::Error::custom)
            })
            .collect()
    }
}
