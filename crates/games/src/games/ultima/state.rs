//! The game state, the [`Game`] implementation, and the view (identical for every viewer:
//! Ultima has no hidden information).

use serde::Serialize;

use super::board::{self, Board, KING, Mv, NONE, Rules, color_of, kind_of, side_key};
use super::notation::{self, Typed};
use super::options::{ChameleonRule, Immobilizer, Options};
use super::{
    Action, Capture, Color, Error, Event, Kind, MoveFault, PositionError, Square, SuicideBan,
    reason,
};
use crate::core::{GameResult, Noticed, Outcome, Prompt, Seat, Seed, ToAct, Viewer};
use crate::games::{Game, GameOptions, OptionsError};

/// A game of Ultima in progress.
#[derive(Debug, Clone, PartialEq)]
pub struct State {
    options: Options,
    rules: Rules,
    board: Board,
    to_move: Color,
    /// Plies played since the start (or the given position).
    plies: u32,
    /// Plies since the last capture or suicide (or the start).
    since_capture: u32,
    /// Position hashes (pieces and side to move) from the start, the current one last.
    history: Vec<u64>,
    last: Option<Action>,
    /// Squares emptied by captures (or a suicide) in the last action, sorted.
    captured: Vec<Square>,
    outcome: Option<Outcome>,
}

/// What everyone sees: the whole position (Ultima has perfect information).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct View {
    /// Every piece, sorted by square.
    pub pieces: Vec<(Square, Color, Kind)>,
    /// Whose move it is (after the game: who would have moved).
    pub to_move: Color,
    /// The last action, if any.
    pub last: Option<Action>,
    /// Squares emptied by captures in the last action (a suicide's square included).
    pub captured: Vec<Square>,
    /// Pieces of either colour that cannot move now, under the game's immobilizer model.
    pub frozen: Vec<Square>,
    /// The king of the side to move, if it is capturable (in check).
    pub check: Option<Square>,
    /// With check, the enemy piece that could capture that king.
    pub attacker: Option<Square>,
    /// Plies played.
    pub plies: u32,
    /// Plies since the last capture or suicide.
    pub since_capture: u32,
    /// The position text.
    pub position: String,
    /// The outcome, once the game is over.
    pub outcome: Option<Outcome>,
}

fn sq(s: Square) -> u8 {
    s.index() as u8
}

fn square(i: u8) -> Square {
    Square::from_index(usize::from(i))
}

fn rules_of(options: &Options) -> Rules {
    Rules {
        pure_immobilizer: options.immobilizer == Immobilizer::Pure,
        pure_chameleon: options.chameleon == ChameleonRule::Pure,
        suicide: options.suicide,
    }
}

impl State {
    fn from_board(options: &Options, board: Board, to_move: Color) -> State {
        let mut state = State {
            options: options.clone(),
            rules: rules_of(options),
            board,
            to_move,
            plies: 0,
            since_capture: 0,
            history: vec![board.hash ^ side_key(to_move)],
            last: None,
            captured: Vec::new(),
            outcome: None,
        };
        state.outcome = state.judge();
        state
    }

    /// The board, for the engine's own tests.
    #[cfg(test)]
    pub(crate) fn board_for_tests(&self) -> Board {
        self.board
    }

    /// What the bots' search starts from (`bots::ultima`): the board, the side to move, the
    /// rule options, the plies since the last capture or suicide, the no-capture limit in plies
    /// (0: none) and the position keys of the game so far, the current one last.
    pub(crate) fn search_root(&self) -> (Board, Color, Rules, u32, u32, &[u64]) {
        let limit = self.options.nocapture_limit_plies();
        (self.board, self.to_move, self.rules, self.since_capture, limit, &self.history)
    }

    /// The side to move.
    #[must_use]
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The piece on `square`, if any.
    #[must_use]
    pub fn piece_at(&self, square: Square) -> Option<(Color, Kind)> {
        if !square.is_on_board() {
            return None;
        }
        let p = self.board.at(sq(square));
        (p != 0).then(|| (color_of(p), kind_of(p)))
    }

    /// The square of `color`'s king.
    #[must_use]
    pub fn king(&self, color: Color) -> Square {
        square(self.board.kings[color.index()])
    }

    /// Whether the side to move is in check (its king capturable by an unfrozen enemy).
    #[must_use]
    pub fn is_check(&self) -> bool {
        self.board.king_attacker(self.to_move, self.rules).is_some()
    }

    /// The enemy piece that freezes the piece on `square`, if it is frozen.
    #[must_use]
    pub fn frozen_by(&self, square: Square) -> Option<Square> {
        if !square.is_on_board() {
            return None;
        }
        self.board.frozen_by(sq(square), self.rules).map(self::square)
    }

    /// Who won and why, once no action remains or a draw rule applies. Checked in this order:
    /// no legal action (checkmate or stalemate, both a loss), threefold repetition, the
    /// no-capture limit.
    fn judge(&self) -> Option<Outcome> {
        let mut buffer = Vec::with_capacity(96);
        if !self.board.has_legal_move(self.to_move, self.rules, &mut buffer) {
            let reason = if self.is_check() { reason::CHECKMATE } else { reason::STALEMATE };
            return Some(Outcome {
                result: GameResult::Winner(self.to_move.opponent().seat()),
                reason,
            });
        }
        if board::is_third_occurrence(&self.history, self.since_capture) {
            return Some(Outcome {
                result: GameResult::Draw,
                reason: reason::THREEFOLD_REPETITION,
            });
        }
        let limit = self.options.nocapture_limit_plies();
        if limit != 0 && self.since_capture >= limit {
            return Some(Outcome { result: GameResult::Draw, reason: reason::NO_CAPTURE_LIMIT });
        }
        None
    }

    /// Every legal move as board moves (captures included), in no particular order.
    fn legal_moves(&self) -> Vec<Mv> {
        let mut moves = Vec::with_capacity(96);
        if self.outcome.is_some() {
            return moves;
        }
        self.board.pseudo_moves(self.to_move, self.rules, &mut moves);
        moves.retain(|&mv| self.board.is_legal(mv, self.to_move, self.rules));
        moves
    }

    /// Checks `action` for `color` (the side to move) and returns the board move with its
    /// captures, or why it is refused.
    fn check_action(&self, color: Color, action: Action) -> Result<Mv, Error> {
        let (from, to) = action.squares();
        if !from.is_on_board() || !to.is_on_board() {
            return Err(Error::Malformed { text: format!("{action:?}") });
        }
        let p = self.board.at(sq(from));
        if p == 0 {
            return Err(Error::NoPiece { square: from });
        }
        let (owner, piece) = (color_of(p), kind_of(p));
        if owner != color {
            return Err(Error::NotYourPiece { square: from, color: owner, piece });
        }
        let frozen_by = self.board.frozen_by(sq(from), self.rules);
        let mv = match action {
            Action::Suicide { square } => {
                let ban = if !self.rules.suicide {
                    Some(SuicideBan::Off)
                } else if piece == Kind::King {
                    Some(SuicideBan::King)
                } else if frozen_by.is_none() {
                    Some(SuicideBan::NotFrozen { piece })
                } else {
                    None
                };
                if let Some(reason) = ban {
                    return Err(Error::SuicideNotAllowed { square, reason });
                }
                Mv { from: sq(square), to: sq(square), caps: 0 }
            }
            Action::Move { .. } => {
                if let Some(by) = frozen_by {
                    return Err(Error::Frozen {
                        square: from,
                        piece,
                        by: square(by),
                        by_piece: kind_of(self.board.at(by)),
                    });
                }
                let mut moves = Vec::with_capacity(32);
                self.board.piece_moves(sq(from), self.rules, &mut moves);
                match moves.into_iter().find(|m| m.to == sq(to)) {
                    Some(mv) => mv,
                    None => {
                        let fault = self.fault(from, to, piece);
                        return Err(Error::IllegalMove { piece, from, to, fault });
                    }
                }
            }
        };
        let after = self.board.after(mv);
        if let Some(attacker) = after.king_attacker(color, self.rules) {
            return Err(Error::LeavesKingInCheck {
                from,
                to,
                king: square(after.kings[color.index()]),
                attacker: square(attacker),
                attacker_piece: kind_of(after.at(attacker)),
            });
        }
        Ok(mv)
    }

    /// Why the piece on `from` cannot go to `to` (for a move the generator did not list).
    fn fault(&self, from: Square, to: Square, piece: Kind) -> MoveFault {
        if from == to {
            return MoveFault::NoMovement;
        }
        let df = i16::from(to.file) - i16::from(from.file);
        let dr = i16::from(to.rank) - i16::from(from.rank);
        if df != 0 && dr != 0 && df.abs() != dr.abs() {
            return MoveFault::NotALine;
        }
        let me = self.board.at(sq(from));
        let target = self.board.at(sq(to));
        if piece == Kind::King {
            if df.abs().max(dr.abs()) > 1 {
                return MoveFault::KingStep;
            }
            return MoveFault::OwnPiece { at: to };
        }
        if piece == Kind::Pincer && df != 0 && dr != 0 {
            return MoveFault::PincerDiagonal;
        }
        let (sf, sr) = (df.signum(), dr.signum());
        let at = |k: i16| {
            Square::new(
                (i16::from(from.file) + sf * k) as u8,
                (i16::from(from.rank) + sr * k) as u8,
            )
        };
        let steps = df.abs().max(dr.abs());
        let leaps = matches!(piece, Kind::LongLeaper | Kind::Chameleon);
        for k in 1..steps {
            let here = at(k);
            let q = self.board.at(sq(here));
            if q == 0 {
                continue;
            }
            if !leaps {
                let own = color_of(q) == color_of(me);
                return MoveFault::Blocked { at: here, piece: kind_of(q), own };
            }
            if color_of(q) == color_of(me) {
                return MoveFault::LeapOwn { at: here };
            }
            if piece == Kind::Chameleon && kind_of(q) != Kind::LongLeaper {
                return MoveFault::ChameleonLeapsLeapersOnly { at: here, piece: kind_of(q) };
            }
            if k + 1 < steps && self.board.at(sq(at(k + 1))) != 0 {
                return MoveFault::LeapAdjacent { at: here };
            }
        }
        if target != 0 {
            let own = color_of(target) == color_of(me);
            return MoveFault::Occupied { at: to, piece: kind_of(target), own };
        }
        // Every case the generator refuses is named above; this is only a safe answer.
        MoveFault::NotALine
    }

    /// Plays a checked move: board, counters, history, outcome; returns the events.
    fn apply(&mut self, color: Color, action: Action, mv: Mv) -> Vec<Noticed<Event>> {
        let p = self.board.at(mv.from);
        let piece = kind_of(p);
        let mut captures = Vec::new();
        let mut caps = mv.caps;
        while caps != 0 {
            let at = caps.trailing_zeros() as u8;
            caps &= caps - 1;
            let victim = kind_of(self.board.at(at));
            // A chameleon captures each piece by that piece's own rule.
            let by = if piece == Kind::Chameleon { victim } else { piece };
            let rule = by.rule().unwrap_or(super::CaptureRule::Displacement);
            captures.push(Capture { square: square(at), piece: victim, rule });
        }
        captures.sort_by_key(|c| c.square);
        let frozen_before = self.frozen_squares();
        self.board = self.board.after(mv);
        self.plies += 1;
        self.since_capture = if mv.is_capture_or_suicide() { 0 } else { self.since_capture + 1 };
        self.to_move = color.opponent();
        self.history.push(self.board.hash ^ side_key(self.to_move));
        self.last = Some(action);
        self.captured = if mv.is_suicide() {
            vec![square(mv.from)]
        } else {
            captures.iter().map(|c| c.square).collect()
        };
        let check = self.is_check();
        let attacker = self
            .board
            .king_attacker(self.to_move, self.rules)
            .map(|a| (square(a), kind_of(self.board.at(a))));
        let freezes = self.freezes_since(frozen_before);
        self.outcome = self.judge();
        let mut events = vec![Noticed::everyone(match action {
            Action::Move { from, to } => {
                Event::Moved { color, piece, from, to, captures, check, attacker, freezes }
            }
            Action::Suicide { square } => Event::Suicide { color, piece, square },
        })];
        if let Some(outcome) = self.outcome {
            events.push(Noticed::everyone(Event::Ended {
                result: outcome.result,
                reason: outcome.reason,
            }));
        }
        events
    }

    /// The squares whose pieces are frozen now, as a bit set.
    fn frozen_squares(&self) -> u64 {
        (0..64u8)
            .filter(|&i| self.board.at(i) != 0 && self.board.frozen_by(i, self.rules).is_some())
            .fold(0, |set, i| set | (1 << i))
    }

    /// The pieces frozen now that were not in `before` ([`State::frozen_squares`]).
    fn freezes_since(&self, before: u64) -> Vec<super::Freeze> {
        let mut freezes = Vec::new();
        for i in 0..64u8 {
            let p = self.board.at(i);
            if p == 0 || before & (1 << i) != 0 {
                continue;
            }
            let Some(by) = self.board.frozen_by(i, self.rules) else { continue };
            let piece = kind_of(p);
            freezes.push(super::Freeze {
                square: square(i),
                color: color_of(p),
                piece,
                by: square(by),
                by_piece: kind_of(self.board.at(by)),
                removable: self.rules.suicide && piece != Kind::King,
            });
        }
        freezes.sort_by_key(|f| f.square);
        freezes
    }

    fn action_of(mv: Mv) -> Action {
        if mv.is_suicide() {
            Action::Suicide { square: square(mv.from) }
        } else {
            Action::Move { from: square(mv.from), to: square(mv.to) }
        }
    }

    /// The move algebraic notation means: the first reading that some legal move fits, when
    /// exactly one piece can make it. When none can, a reading whose piece the mover has and
    /// that only one of them could mean goes on as that move, so that the refusal says what
    /// stops it (a frozen piece, a blocked way); otherwise the refusal names the piece and the
    /// target.
    fn resolve_san(&self, seat: Seat, readings: &[notation::San]) -> Result<Action, Error> {
        let Some(color) = Color::from_seat(seat) else { return Err(Error::NoSuchSeat) };
        let fits = |r: &notation::San, from: Square| {
            self.piece_at(from) == Some((color, r.piece))
                && r.file.is_none_or(|f| from.file == f)
                && r.rank.is_none_or(|rank| from.rank == rank)
        };
        let legal = self.legal_actions(seat);
        for r in readings {
            let from: Vec<Square> = legal
                .iter()
                .filter_map(|a| match *a {
                    Action::Move { from, to } if to == r.to && fits(r, from) => Some(from),
                    _ => None,
                })
                .collect();
            match from.as_slice() {
                [] => {}
                [one] => return Ok(Action::Move { from: *one, to: r.to }),
                _ => return Err(Error::Ambiguous { piece: r.piece, to: r.to, from }),
            }
        }
        let owned = |r: &notation::San| -> Vec<Square> {
            (0..64u8).map(|i| Square::new(i % 8, i / 8)).filter(|&s| fits(r, s)).collect()
        };
        let Some(first) = readings.first() else {
            return Err(Error::Malformed { text: String::new() });
        };
        let r = readings.iter().find(|r| !owned(r).is_empty()).unwrap_or(first);
        match owned(r).as_slice() {
            [one] if *one != r.to => Ok(Action::Move { from: *one, to: r.to }),
            _ => Err(Error::NoMoveTo { piece: r.piece, to: r.to }),
        }
    }
}

impl Game for State {
    type Options = Options;
    type Action = Action;
    type View = View;
    type Event = Event;
    type Error = Error;
    type PositionError = PositionError;

    const EXHAUSTIVE_ACTIONS: bool = true;

    /// The start position of `options.setup`. The seed is unused: Ultima has no chance.
    fn new(options: &Options, _seed: Seed) -> Result<Self, OptionsError> {
        options.validate()?;
        let (board, to_move) =
            notation::parse_position(options.setup.start_position()).map_err(|e| {
                OptionsError::Conflict {
                    key: "setup".into(),
                    reason: crate::games::options::Why::BadStart(e.to_string()),
                }
            })?;
        Ok(State::from_board(options, board, to_move))
    }

    /// A position text: 8 ranks from rank 8 down, `/`-separated, digits for empty runs,
    /// `K P W L C I X` (upper case White), then `w` or `b`. Refused: bad syntax, not exactly one
    /// king per side, more pieces of a kind than a side starts with, or the side not to move
    /// in check. Counters start at 0 and the repetition history at this position.
    fn from_position(options: &Options, text: &str, _seed: Seed) -> Result<Self, PositionError> {
        let (board, to_move) = notation::parse_position(text)?;
        let rules = rules_of(options);
        let other = to_move.opponent();
        if let Some(attacker) = board.king_attacker(other, rules) {
            return Err(PositionError::KingCapturable {
                color: other,
                king: square(board.kings[other.index()]),
                attacker: square(attacker),
                attacker_piece: kind_of(board.at(attacker)),
            });
        }
        Ok(State::from_board(options, board, to_move))
    }

    fn position(&self) -> String {
        notation::format_position(&self.board, self.to_move)
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn to_act(&self) -> ToAct {
        match self.outcome {
            Some(outcome) => ToAct::Over(outcome),
            None => ToAct::Seat(self.to_move.seat(), Prompt::Move),
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if Color::from_seat(seat) != Some(self.to_move) {
            return Vec::new();
        }
        let mut actions: Vec<Action> =
            self.legal_moves().into_iter().map(Self::action_of).collect();
        // The notation is `<from><to>`, so sorting by (from, to) with squares ordered by file
        // then rank is sorting by notation.
        actions.sort_by_key(|a| a.squares());
        actions
    }

    fn play(&mut self, seat: Seat, action: &Action) -> Result<Vec<Noticed<Event>>, Error> {
        let color = Color::from_seat(seat).ok_or(Error::NoSuchSeat)?;
        if self.outcome.is_some() {
            return Err(Error::GameOver);
        }
        if color != self.to_move {
            return Err(Error::NotYourTurn);
        }
        // Every check happens before the first change, so an `Err` leaves `self` as it was.
        let mv = self.check_action(color, *action)?;
        Ok(self.apply(color, *action, mv))
    }

    fn view(&self, _viewer: Viewer) -> View {
        let mut pieces = Vec::with_capacity(32);
        let mut frozen = Vec::new();
        for i in 0..64u8 {
            let p = self.board.at(i);
            if p == 0 {
                continue;
            }
            pieces.push((square(i), color_of(p), kind_of(p)));
            if self.board.frozen_by(i, self.rules).is_some() {
                frozen.push(square(i));
            }
        }
        pieces.sort_by_key(|(s, _, _)| *s);
        frozen.sort();
        View {
            pieces,
            to_move: self.to_move,
            last: self.last,
            captured: self.captured.clone(),
            frozen,
            check: self.is_check().then(|| self.king(self.to_move)),
            attacker: self.board.king_attacker(self.to_move, self.rules).map(square),
            plies: self.plies,
            since_capture: self.since_capture,
            position: self.position(),
            outcome: self.outcome,
        }
    }

    /// Parses `d2d5`, `d2-d5`, `D2D5`, `Ld2-d5`, `跳d2d5`, … (a suicide: `d2d2`). A piece named
    /// in front must be the piece on the from-square.
    fn parse_action(&self, seat: Seat, text: &str) -> Result<Action, Error> {
        let Typed { action, piece } = match notation::parse_action(text) {
            Ok(typed) => typed,
            Err(e) => {
                let readings = notation::parse_san(text);
                if readings.is_empty() {
                    return Err(e);
                }
                return self.resolve_san(seat, &readings);
            }
        };
        if let Some(given) = piece {
            let (from, _) = action.squares();
            match self.piece_at(from) {
                None => return Err(Error::NoPiece { square: from }),
                Some((_, actual)) if actual != given => {
                    return Err(Error::WrongPiece { square: from, given, actual });
                }
                Some(_) => {}
            }
        }
        Ok(action)
    }

    fn format_action(&self, action: &Action) -> String {
        action.to_string()
    }

    fn check_invariants(&self) -> Result<(), String> {
        for color in Color::BOTH {
            let kings = (0..64u8)
                .filter(|&i| {
                    let p = self.board.at(i);
                    p != 0 && p & 7 == KING && color_of(p) == color
                })
                .collect::<Vec<_>>();
            if kings.len() != 1 {
                return Err(format!("{color} has {} kings", kings.len()));
            }
            if self.board.kings[color.index()] != kings[0] || kings[0] == NONE {
                return Err(format!("{color}'s king square is out of date"));
            }
        }
        if self.board.hash != self.board.recomputed_hash() {
            return Err("the incremental hash differs from the recomputed one".into());
        }
        if self.history.last() != Some(&(self.board.hash ^ side_key(self.to_move))) {
            return Err("the last history entry is not the current position".into());
        }
        if self.history.len() != self.plies as usize + 1 {
            return Err(format!(
                "{} history entries after {} plies",
                self.history.len(),
                self.plies
            ));
        }
        if self.since_capture > self.plies {
            return Err(format!(
                "{} plies since a capture but {} played",
                self.since_capture, self.plies
            ));
        }
        if self.board.king_attacker(self.to_move.opponent(), self.rules).is_some() {
            return Err("the side that just moved left its king capturable".into());
        }
        if self.outcome != self.judge() {
            return Err("the stored outcome is out of date".into());
        }
        Ok(())
    }

    /// Fast perft: copy-make on the board, leaves counted without being played, and the draw
    /// rules tracked exactly as `play` does (a finished game has no continuations).
    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.outcome.is_some() {
            return 0;
        }
        let mut history = self.history.clone();
        board::perft(
            &self.board,
            self.to_move,
            depth,
            self.since_capture,
            self.options.nocapture_limit_plies(),
            &mut history,
            self.rules,
        )
    }
}
