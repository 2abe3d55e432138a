//! The game state, the [`Game`] implementation and the view (the same for every viewer:
//! Perfect 10 x 10 has no hidden information).

use serde::Serialize;

use super::board::{self, Board, CASTLE_KING, CASTLE_QUEEN, EN_PASSANT, KIND_MASK, MoveList, Mv};
use super::notation::{self, Typed, TypedMove};
use super::{
    Action, CastleBan, Castling, Color, Error, Event, Kind, Move, MoveFault, Options,
    PositionError, Square, material, reason, win,
};
use crate::core::{GameResult, Noticed, Outcome, Prompt, Seat, Seed, ToAct, Viewer};
use crate::games::{Game, OptionsError};

/// What [`State::search_root`] hands the bots.
pub(crate) type SearchRoot<'a> = (&'a Board, u32, u8, u32, &'a [Vec<(u8, u8)>; 2], &'a [String]);

/// A game of Perfect 10 x 10 in progress.
#[derive(Debug, Clone, PartialEq)]
pub struct State {
    options: Options,
    /// Boxed: the board is most of a game's size, and `AnyGame` holds games by value.
    pub(super) board: Box<Board>,
    halfmove: u32,
    fullmove: u32,
    /// Plies played since the start (or the given position).
    plies: u32,
    /// Passes in a row just played (two end the game).
    passes: u8,
    /// Repetition keys (FEN without counters) from the start, the current one last.
    history: Vec<String>,
    /// Per side: the identities of its pieces that gave check on each of its last consecutive
    /// moves, with how many moves in a row they did.
    pub(super) streaks: [Vec<(u8, u8)>; 2],
    last: Option<Action>,
    last_squares: Option<(Square, Square)>,
    /// The last move in the seed's codes (none after a pass or a bare claim).
    last_seed: Option<String>,
    outcome: Option<Outcome>,
}

/// What everyone sees: the whole position.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct View {
    /// Every piece, sorted by square.
    pub pieces: Vec<(Square, Color, Kind)>,
    /// Whose move it is (after the game: who would have moved).
    pub to_move: Color,
    /// The last action, if any.
    pub last: Option<Action>,
    /// The from and to squares of the last move (none after a pass or at the start).
    pub last_squares: Option<(Square, Square)>,
    /// The last move in the seed's codes (`Nb2-c4`, `e9-e10=M`, `O-O`); none after a pass.
    pub last_seed: Option<String>,
    /// The king of the side to move, if it is in check.
    pub check: Option<Square>,
    /// The enemy pieces giving that check, with their kinds.
    pub checkers: Vec<(Square, Kind)>,
    /// Pieces of the side to move that gave check on its last three moves in a row: another
    /// check by one of them loses (the four-checks rule).
    pub three_checks: Vec<Square>,
    /// Whether the side to move may claim a draw by threefold repetition now.
    pub claimable: bool,
    /// Plies played.
    pub plies: u32,
    /// The FEN.
    pub fen: String,
    /// The outcome, once the game is over.
    pub outcome: Option<Outcome>,
}

impl State {
    fn from_fen(options: &Options, fen: notation::Fen) -> State {
        let mut state = State {
            options: options.clone(),
            history: vec![notation::position_key(&fen.board)],
            board: Box::new(fen.board),
            halfmove: fen.halfmove,
            fullmove: fen.fullmove,
            plies: 0,
            passes: 0,
            streaks: [Vec::new(), Vec::new()],
            last: None,
            last_squares: None,
            last_seed: None,
            outcome: None,
        };
        state.outcome = state.judge_position();
        state
    }

    /// What the bots' search starts from (`bots::perfect10`): the board, the plies since the
    /// last capture or pawn move, the passes just played in a row, the `move_rule` limit in
    /// plies (0: none), each side's check streaks (piece identity, checks in a row) and the
    /// repetition keys of the game so far, the current one last.
    pub(crate) fn search_root(&self) -> SearchRoot<'_> {
        let limit = self.options.move_rule.saturating_mul(2);
        (&self.board, self.halfmove, self.passes, limit, &self.streaks, &self.history)
    }

    /// The side to move.
    #[must_use]
    pub fn to_move(&self) -> Color {
        Color::from_index(self.board.side)
    }

    /// The piece on `square`, if any.
    #[must_use]
    pub fn piece_at(&self, square: Square) -> Option<(Color, Kind)> {
        if !square.is_on_board() {
            return None;
        }
        piece_of(self.board.at(square.cell()))
    }

    /// Whether the side to move is in check.
    #[must_use]
    pub fn in_check(&self) -> bool {
        self.board.in_check()
    }

    /// How many times the current position has occurred (1 the first time).
    #[must_use]
    pub fn repetitions(&self) -> usize {
        let Some(now) = self.history.last() else { return 0 };
        self.history.iter().filter(|k| *k == now).count()
    }

    /// The legal moves of the side to move as generated (the pass not included).
    fn moves(&self) -> MoveList {
        let mut board = self.board.clone();
        let mut moves = MoveList::with_capacity(128);
        board.legal_moves(&mut moves);
        moves
    }

    fn move_of(&self, m: Mv) -> Move {
        Move {
            from: Square::of_cell(m.from),
            to: Square::of_cell(m.to),
            promotion: Kind::from_code(m.promo),
        }
    }

    /// The generated move matching `mv`, if it is legal.
    fn find(&self, mv: Move) -> Option<Mv> {
        if !mv.from.is_on_board() || !mv.to.is_on_board() {
            return None;
        }
        self.moves().into_iter().find(|&m| self.move_of(m) == mv)
    }

    /// Why `mv` is not legal (it is not in the legal list).
    fn diagnose(&self, mv: Move) -> Error {
        if !mv.from.is_on_board() || !mv.to.is_on_board() {
            return Error::Malformed { text: mv.to_string() };
        }
        let us = self.board.side;
        let Some((color, piece)) = self.piece_at(mv.from) else {
            return Error::NoPiece { square: mv.from };
        };
        if color.index() != usize::from(us) {
            return Error::NotYourPiece { square: mv.from, color, piece };
        }
        let mut pseudo = MoveList::with_capacity(128);
        self.board.pseudo_moves(&mut pseudo);
        let same_squares: Vec<Mv> = pseudo
            .iter()
            .copied()
            .filter(|&m| m.from == mv.from.cell() && m.to == mv.to.cell())
            .collect();
        let exposes_king = |m: Mv| {
            let mut board = self.board.clone();
            board.make(m);
            let king = board.kings[us as usize];
            board.attackers(king, us ^ 1).first().map(|&attacker| Error::LeavesKingInCheck {
                mv,
                king: Square::of_cell(king),
                attacker: Square::of_cell(attacker),
                attacker_piece: piece_of(board.at(attacker)).map_or(Kind::King, |(_, k)| k),
            })
        };
        // A pawn's move that leaves the king in check, whatever the pawn becomes, is refused for
        // that, not with advice to name a promotion that would be refused as well (issue 42).
        if piece == Kind::Pawn
            && let Some(&m) = same_squares.first()
            && let Some(refusal) = exposes_king(m)
        {
            return refusal;
        }
        if piece == Kind::Pawn && !same_squares.is_empty() {
            if !same_squares.iter().any(|&m| Kind::from_code(m.promo) == mv.promotion) {
                let rank = if us == 0 { mv.to.rank } else { 9 - mv.to.rank };
                let tier = match rank {
                    5 => 1,
                    7 => 2,
                    9 => 3,
                    _ => 0,
                };
                return Error::BadPromotion { to: mv.to, tier };
            }
        } else if mv.promotion.is_some() {
            return Error::BadPromotion { to: mv.to, tier: 0 };
        }
        if piece == Kind::King && mv.from.file == 5 && mv.to.rank == mv.from.rank {
            let home = if us == 0 { 0 } else { 9 };
            if mv.from.rank == home
                && (mv.to.file == 7 || mv.to.file == 3)
                && let Some(why) = self.why_no_castling(mv.to.file == 7)
            {
                return Error::CannotCastle { why };
            }
        }
        if let Some(&m) = same_squares.iter().find(|m| Kind::from_code(m.promo) == mv.promotion)
            && let Some(refusal) = exposes_king(m)
        {
            return refusal;
        }
        let on = |cell: u8| {
            let (color, piece) =
                piece_of(self.board.at(cell)).unwrap_or((Color::White, Kind::Pawn));
            (Square::of_cell(cell), color.index() == usize::from(us), piece)
        };
        let fault = match self.board.fault(mv.from.cell(), mv.to.cell()) {
            board::Fault::NotItsWay => MoveFault::NotItsWay,
            board::Fault::OwnPiece => {
                let (at, _, piece) = on(mv.to.cell());
                MoveFault::OwnPiece { at, piece }
            }
            board::Fault::Blocked(cell) => {
                let (at, own, piece) = on(cell);
                MoveFault::Blocked { at, own, piece }
            }
            board::Fault::PawnFront => {
                let (at, own, piece) = on(mv.to.cell());
                MoveFault::PawnFront { at, own, piece }
            }
            board::Fault::PawnNothingToTake => MoveFault::PawnNothingToTake,
            board::Fault::PawnDoubleOffStart => MoveFault::PawnDoubleOffStart,
            board::Fault::NoScreen => MoveFault::NoScreen,
            board::Fault::TwoScreens(cell) => {
                let (at, own, piece) = on(cell);
                MoveFault::TwoScreens { at, own, piece }
            }
        };
        Error::IllegalMove { piece, from: mv.from, to: mv.to, fault }
    }

    fn why_no_castling(&self, kingside: bool) -> Option<CastleBan> {
        let us = self.board.side;
        let bit = match (us, kingside) {
            (0, true) => board::WHITE_KINGSIDE,
            (0, false) => board::WHITE_QUEENSIDE,
            (_, true) => board::BLACK_KINGSIDE,
            (_, false) => board::BLACK_QUEENSIDE,
        };
        if self.board.castle & bit == 0 {
            return Some(CastleBan::Moved);
        }
        let rank = if us == 0 { 0 } else { 9 };
        let between: &[u8] = if kingside { &[6, 7, 8] } else { &[1, 2, 3, 4] };
        if between.iter().any(|&f| self.board.at(board::idx(f, rank)) != board::EMPTY) {
            return Some(CastleBan::Blocked);
        }
        if self.board.in_check() {
            return Some(CastleBan::InCheck);
        }
        let crossed: &[u8] = if kingside { &[6, 7] } else { &[4, 3] };
        if crossed.iter().any(|&f| self.board.attacked(board::idx(f, rank), us ^ 1)) {
            return Some(CastleBan::Attacked);
        }
        None
    }

    /// The legal move a typed move means, or why it is refused.
    fn resolve(&self, typed: TypedMove) -> Result<Move, Error> {
        let (from, to, piece, promotion) = match typed {
            TypedMove::Castle(side) => {
                let (from, to) = notation::castle_move(&self.board, side);
                (from, to, Some(Kind::King), None)
            }
            TypedMove::Squares { from, to, piece, promotion } => (from, to, piece, promotion),
            TypedMove::San(readings) => return self.resolve_san(&readings),
        };
        if let Some(given) = piece {
            match self.piece_at(from) {
                None => return Err(Error::NoPiece { square: from }),
                Some((_, actual)) if actual != given => {
                    return Err(Error::WrongPiece { square: from, given, actual });
                }
                Some(_) => {}
            }
        }
        Ok(Move { from, to, promotion })
    }

    /// The move algebraic notation means: the first reading that some legal move fits, when
    /// exactly one piece can make it. When none can, a reading whose piece the mover has and
    /// that only one of them could mean goes on as that move, so that the refusal says what
    /// stops it; otherwise the refusal names the piece and the target.
    fn resolve_san(&self, readings: &[notation::San]) -> Result<Move, Error> {
        let us = self.board.side;
        let moves = self.moves();
        let fits = |r: &notation::San, from: u8| {
            piece_of(self.board.at(from))
                .is_some_and(|(c, k)| c.index() == usize::from(us) && k == r.piece)
                && r.file.is_none_or(|f| board::file_of(from) == f)
                && r.rank.is_none_or(|rank| board::rank_of(from) == rank)
        };
        for r in readings {
            let mut from: Vec<Square> = moves
                .iter()
                .filter(|m| m.flag != board::PASS && m.to == r.to.cell() && fits(r, m.from))
                .map(|m| Square::of_cell(m.from))
                .collect();
            from.sort_unstable_by_key(|s| (s.rank, s.file));
            from.dedup();
            match from.as_slice() {
                [] => {}
                [one] => return Ok(Move { from: *one, to: r.to, promotion: r.promotion }),
                [first, ..] => {
                    // The first piece's move as the example shows it: with the promotion typed,
                    // or, when every move of it to `to` promotes, the first it may take.
                    let to_target = |m: &&Mv| {
                        m.flag != board::PASS && m.from == first.cell() && m.to == r.to.cell()
                    };
                    let mut promotions =
                        moves.iter().filter(to_target).map(|m| Kind::from_code(m.promo));
                    let promotion = match r.promotion {
                        Some(k) if promotions.clone().any(|p| p == Some(k)) => Some(k),
                        _ if promotions.clone().all(|p| p.is_some()) => promotions.find_map(|p| p),
                        _ => None,
                    };
                    return Err(Error::Ambiguous { piece: r.piece, to: r.to, from, promotion });
                }
            }
        }
        let owned = |r: &notation::San| -> Vec<Square> {
            board::SQUARES.iter().copied().filter(|&c| fits(r, c)).map(Square::of_cell).collect()
        };
        let Some(first) = readings.first() else {
            return Err(Error::Malformed { text: String::new() });
        };
        let r = readings.iter().find(|r| !owned(r).is_empty()).unwrap_or(first);
        match owned(r).as_slice() {
            [one] if *one != r.to => Ok(Move { from: *one, to: r.to, promotion: r.promotion }),
            _ => Err(Error::NoMoveTo { piece: r.piece, to: r.to }),
        }
    }

    /// Checks a whole action without changing anything; returns the generated move to play.
    fn check_action(&self, action: Action) -> Result<Option<Mv>, Error> {
        match action {
            Action::Move { mv } => self.find(mv).map(Some).ok_or_else(|| self.diagnose(mv)),
            Action::Pass => {
                if self.moves().is_empty() && !self.board.in_check() {
                    Ok(None)
                } else {
                    Err(Error::PassNotAllowed)
                }
            }
            Action::Claim { with: None } => {
                let n = self.repetitions();
                if n >= 3 {
                    Ok(None)
                } else {
                    Err(Error::NoRepetition { occurrences: n, with: None })
                }
            }
            Action::Claim { with: Some(mv) } => {
                let m = self.find(mv).ok_or_else(|| self.diagnose(mv))?;
                let mut board = self.board.clone();
                board.make(m);
                let key = notation::position_key(&board);
                let n = self.history.iter().filter(|k| **k == key).count() + 1;
                if n >= 3 {
                    Ok(Some(m))
                } else {
                    Err(Error::NoRepetition { occurrences: n, with: Some(mv) })
                }
            }
        }
    }

    fn seed_text(&self, m: Mv, piece: Kind, captured: bool, promoted: Option<Kind>) -> String {
        match notation::castling_of(m) {
            Some(Castling::Kingside) => return "O-O".to_string(),
            Some(Castling::Queenside) => return "O-O-O".to_string(),
            None => {}
        }
        let mut text = format!(
            "{}{}{}{}",
            piece.seed_code(),
            Square::of_cell(m.from),
            if captured { 'x' } else { '-' },
            Square::of_cell(m.to)
        );
        if m.flag == EN_PASSANT {
            text.push_str(" e.p.");
        }
        if let Some(kind) = promoted {
            text.push('=');
            text.push_str(kind.seed_code());
        }
        text
    }

    /// Plays a checked move and words it.
    fn apply_move(&mut self, m: Mv) -> Event {
        let us = self.board.side;
        let color = Color::from_index(us);
        let (_, piece) = piece_of(self.board.at(m.from)).unwrap_or((color, Kind::Pawn));
        let captured_at = if m.flag == EN_PASSANT {
            if us == 0 { m.to - board::WIDTH as u8 } else { m.to + board::WIDTH as u8 }
        } else {
            m.to
        };
        let captured = if matches!(m.flag, CASTLE_KING | CASTLE_QUEEN) {
            None
        } else {
            piece_of(self.board.at(captured_at)).map(|(_, k)| (Square::of_cell(captured_at), k))
        };
        self.board.make(m);
        let placed = piece_of(self.board.at(m.to)).map_or(piece, |(_, k)| k);
        let promoted = (placed != piece).then_some(placed);
        let them = us ^ 1;
        let checkers = self.board.attackers(self.board.kings[them as usize], us);
        // The four-checks rule follows each checking piece's identity.
        let previous = std::mem::take(&mut self.streaks[us as usize]);
        self.streaks[us as usize] = checkers
            .iter()
            .map(|&c| {
                let id = self.board.ids[c as usize];
                let before = previous.iter().find(|(i, _)| *i == id).map_or(0, |(_, n)| *n);
                (id, before.saturating_add(1))
            })
            .collect();
        if piece == Kind::Pawn || captured.is_some() {
            self.halfmove = 0;
        } else {
            self.halfmove += 1;
        }
        if us == 1 {
            self.fullmove += 1;
        }
        self.passes = 0;
        let seed = self.seed_text(m, piece, captured.is_some(), promoted);
        Event::Moved {
            color,
            piece,
            from: Square::of_cell(m.from),
            to: Square::of_cell(m.to),
            captured,
            promoted,
            castling: notation::castling_of(m),
            en_passant: m.flag == EN_PASSANT,
            check: self.pieces_on(&checkers),
            seed,
        }
    }

    /// The pieces on `cells` (the attack code's checkers) with their squares and kinds.
    fn pieces_on(&self, cells: &[u8]) -> Vec<(Square, Kind)> {
        cells
            .iter()
            .filter_map(|&c| piece_of(self.board.at(c)).map(|(_, k)| (Square::of_cell(c), k)))
            .collect()
    }

    fn apply_pass(&mut self) -> Event {
        let us = self.board.side;
        self.board.make(Mv::PASS);
        self.streaks[us as usize].clear();
        self.halfmove += 1;
        if us == 1 {
            self.fullmove += 1;
        }
        self.passes += 1;
        Event::Passed { color: Color::from_index(us) }
    }

    /// The outcome the position itself decides (after `mover` moved, if anyone did).
    fn judge_position(&self) -> Option<Outcome> {
        let to_move = self.to_move();
        if self.streaks[to_move.opponent().index()].iter().any(|&(_, n)| n >= 4) {
            return Some(Outcome { result: win(to_move), reason: reason::FOUR_CHECKS });
        }
        if self.passes >= 2 {
            return Some(Outcome { result: GameResult::Draw, reason: reason::DOUBLE_PASS });
        }
        if self.moves().is_empty() && self.board.in_check() {
            return Some(Outcome { result: win(to_move.opponent()), reason: reason::CHECKMATE });
        }
        let limit = self.options.move_rule.saturating_mul(2);
        if limit > 0 && self.halfmove >= limit && self.plies > 0 {
            return Some(Outcome { result: GameResult::Draw, reason: reason::MOVE_RULE });
        }
        if !material::has_mating_material_at(&self.material(Color::White))
            && !material::has_mating_material_at(&self.material(Color::Black))
        {
            return Some(Outcome {
                result: GameResult::Draw,
                reason: reason::INSUFFICIENT_MATERIAL,
            });
        }
        None
    }

    /// The pieces of `color` other than its king, with their squares.
    fn material(&self, color: Color) -> Vec<(Kind, u8)> {
        board::SQUARES
            .iter()
            .filter_map(|&s| piece_of(self.board.at(s)).map(|p| (p, s)))
            .filter(|&((c, k), _)| c == color && k != Kind::King)
            .map(|((_, k), s)| (k, s))
            .collect()
    }

    fn ended(outcome: Outcome) -> Noticed<Event> {
        Noticed::everyone(Event::Ended { result: outcome.result, reason: outcome.reason })
    }
}

fn piece_of(p: u8) -> Option<(Color, Kind)> {
    if p == board::EMPTY || p == board::OFF {
        return None;
    }
    Some((Color::from_index(board::side_of(p)), Kind::from_code(p & KIND_MASK)?))
}

impl Game for State {
    type Options = Options;
    type Action = Action;
    type View = View;
    type Event = Event;
    type Error = Error;
    type PositionError = PositionError;

    const EXHAUSTIVE_ACTIONS: bool = true;

    fn new(options: &Options, _seed: Seed) -> Result<Self, OptionsError> {
        let fen = notation::parse_fen(notation::START_FEN).map_err(|e| OptionsError::Conflict {
            key: "start".into(),
            reason: crate::games::options::Why::BadStart(e.to_string()),
        })?;
        Ok(State::from_fen(options, fen))
    }

    fn from_position(options: &Options, text: &str, _seed: Seed) -> Result<Self, PositionError> {
        Ok(State::from_fen(options, notation::parse_fen(text)?))
    }

    fn position(&self) -> String {
        notation::format_fen(&self.board, self.halfmove, self.fullmove)
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn to_act(&self) -> ToAct {
        match self.outcome {
            Some(outcome) => ToAct::Over(outcome),
            None => ToAct::Seat(self.to_move().seat(), Prompt::Move),
        }
    }

    fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        if self.outcome.is_some() || Color::from_seat(seat) != Some(self.to_move()) {
            return Vec::new();
        }
        let moves = self.moves();
        let mut actions: Vec<Action> =
            moves.iter().map(|&m| Action::Move { mv: self.move_of(m) }).collect();
        if moves.is_empty() && !self.board.in_check() {
            actions.push(Action::Pass);
        }
        if self.repetitions() >= 3 {
            actions.push(Action::Claim { with: None });
        }
        // A claim with a move needs a position already seen twice; most games have none, so the
        // per-move position keys are built only when the history repeats at all.
        let mut seen: Vec<&String> = self.history.iter().collect();
        seen.sort_unstable();
        let history_repeats = seen.windows(2).any(|w| w[0] == w[1]);
        for &m in moves.iter().filter(|_| history_repeats) {
            let mut board = self.board.clone();
            board.make(m);
            let key = notation::position_key(&board);
            if self.history.iter().filter(|k| **k == key).count() >= 2 {
                actions.push(Action::Claim { with: Some(self.move_of(m)) });
            }
        }
        actions.sort_by_cached_key(ToString::to_string);
        actions
    }

    fn play(&mut self, seat: Seat, action: &Action) -> Result<Vec<Noticed<Event>>, Error> {
        let color = Color::from_seat(seat).ok_or(Error::NoSuchSeat)?;
        if self.outcome.is_some() {
            return Err(Error::GameOver);
        }
        if color != self.to_move() {
            return Err(Error::NotYourTurn);
        }
        // Every check happens before the first change, so an `Err` leaves `self` as it was.
        let checked = self.check_action(*action)?;
        let mut events = Vec::new();
        match (action, checked) {
            (Action::Pass, _) => {
                events.push(Noticed::everyone(self.apply_pass()));
                self.last_seed = None;
            }
            (Action::Claim { with: None }, _) => {}
            (Action::Move { .. } | Action::Claim { with: Some(_) }, Some(m)) => {
                let event = self.apply_move(m);
                if let Event::Moved { seed, .. } = &event {
                    self.last_seed = Some(seed.clone());
                }
                events.push(Noticed::everyone(event));
            }
            (Action::Move { .. } | Action::Claim { with: Some(_) }, None) => {
                return Err(Error::Malformed { text: action.to_string() });
            }
        }
        if !matches!(action, Action::Claim { with: None }) {
            self.plies += 1;
            self.history.push(notation::position_key(&self.board));
            self.last = Some(*action);
            self.last_squares = match action {
                Action::Move { mv } | Action::Claim { with: Some(mv) } => Some((mv.from, mv.to)),
                _ => None,
            };
        }
        let mut outcome = self.judge_position();
        if outcome.is_none() && matches!(action, Action::Claim { .. }) {
            events.push(Noticed::everyone(Event::Claimed { color }));
            outcome =
                Some(Outcome { result: GameResult::Draw, reason: reason::THREEFOLD_REPETITION });
        }
        self.outcome = outcome;
        if let Some(outcome) = outcome {
            events.push(State::ended(outcome));
        }
        Ok(events)
    }

    fn view(&self, _viewer: Viewer) -> View {
        let mut pieces = Vec::with_capacity(60);
        for &s in &board::SQUARES {
            if let Some((c, k)) = piece_of(self.board.at(s)) {
                pieces.push((Square::of_cell(s), c, k));
            }
        }
        pieces.sort_by_key(|(s, _, _)| *s);
        let us = self.board.side;
        let king = self.board.kings[us as usize];
        let checkers = self.pieces_on(&self.board.attackers(king, us ^ 1));
        let three_checks = board::SQUARES
            .iter()
            .filter(|&&s| {
                let id = self.board.ids[s as usize];
                piece_of(self.board.at(s)).is_some_and(|(c, _)| c.index() == usize::from(us))
                    && self.streaks[us as usize].iter().any(|&(i, n)| i == id && n >= 3)
            })
            .map(|&s| Square::of_cell(s))
            .collect();
        View {
            pieces,
            to_move: self.to_move(),
            last: self.last,
            last_squares: self.last_squares,
            last_seed: self.last_seed.clone(),
            check: (!checkers.is_empty()).then(|| Square::of_cell(king)),
            checkers,
            three_checks,
            claimable: self.outcome.is_none() && self.repetitions() >= 3,
            plies: self.plies,
            fen: self.position(),
            outcome: self.outcome,
        }
    }

    /// Parses `e3e5`, `e3-e5`, `Ne2-d4`, `R+a9-a10`, `Ce1xe8`, `e9e10q`, `e9-e10=M`, `O-O`,
    /// `0000`, `pass`, `claim`, `claim e3e5`, algebraic notation as chess players write it
    /// (`Nc4`, `Nxe5`, `exd4`, `e10=Q`, `Nbd4`, with or without `+`/`#`, in either case),
    /// full-width forms and Chinese piece names. A piece
    /// named in front must be the piece on the from-square.
    fn parse_action(&self, _seat: Seat, text: &str) -> Result<Action, Error> {
        let malformed = || Error::Malformed { text: text.trim().to_string() };
        match notation::parse_typed(text).ok_or_else(malformed)? {
            Typed::Pass => Ok(Action::Pass),
            Typed::Claim(None) => Ok(Action::Claim { with: None }),
            Typed::Claim(Some(typed)) => Ok(Action::Claim { with: Some(self.resolve(typed)?) }),
            Typed::Castle(side) => Ok(Action::Move { mv: self.resolve(TypedMove::Castle(side))? }),
            Typed::Move { from, to, piece, promotion } => Ok(Action::Move {
                mv: self.resolve(TypedMove::Squares { from, to, piece, promotion })?,
            }),
            Typed::San(readings) => Ok(Action::Move { mv: self.resolve_san(&readings)? }),
        }
    }

    fn format_action(&self, action: &Action) -> String {
        action.to_string()
    }

    fn check_invariants(&self) -> Result<(), String> {
        for side in 0..2u8 {
            let kings: Vec<u8> = board::SQUARES
                .iter()
                .copied()
                .filter(|&s| self.board.at(s) == board::KING | board::color_bit(side))
                .collect();
            if kings.len() != 1 {
                return Err(format!("side {side} has {} kings", kings.len()));
            }
            if self.board.kings[side as usize] != kings[0] {
                return Err(format!("side {side}'s king square is out of date"));
            }
        }
        let mut ids: Vec<u8> = board::SQUARES
            .iter()
            .filter(|&&s| self.board.at(s) != board::EMPTY)
            .map(|&s| self.board.ids[s as usize])
            .collect();
        let n = ids.len();
        ids.sort_unstable();
        ids.dedup();
        if ids.len() != n || ids.first() == Some(&0) {
            return Err("piece identities are not unique".into());
        }
        if self.board.attacked(self.board.kings[usize::from(self.board.side ^ 1)], self.board.side)
        {
            return Err("the side that just moved left its king in check".into());
        }
        if self.history.len() != self.plies as usize + 1 {
            return Err(format!(
                "{} history entries after {} plies",
                self.history.len(),
                self.plies
            ));
        }
        if self.history.last() != Some(&notation::position_key(&self.board)) {
            return Err("the last history entry is not the current position".into());
        }
        let judged = self.judge_position();
        match (self.outcome, judged) {
            (Some(o), _) if o.reason == reason::THREEFOLD_REPETITION => {}
            (stored, judged) if stored != judged => {
                return Err(format!("stored outcome {stored:?}, judged {judged:?}"));
            }
            _ => {}
        }
        Ok(())
    }

    /// Fast bulk-counting perft on the board (moves and passes; two passes in a row end a
    /// line). Like Fairy-Stockfish's perft it does not apply the rules that end games without
    /// changing move lists (four checks, insufficient material, repetition claims); claims are
    /// not moves. A finished game has no continuations.
    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.outcome.is_some() {
            return 0;
        }
        self.board.clone().perft(depth, self.passes)
    }
}
