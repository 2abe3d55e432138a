//! The rules per game that the referee asks about, by game kind: hidden information, private
//! actions, confirmation, reading a typed action, what a timeout plays, the bot and the solver,
//! Rabble's draw library, the names players type for a game. The sentences about a game are
//! the voice's ([`super::voice`]); decisions that call the engines directly (the bot's move, the
//! solver's advice) stay here.

use super::clock::TimeoutMove;
use super::payload::WindowChoice;
use super::rules;
use crate::core::{GameResult, Prompt, Seat};
use crate::games::{AnyAction, AnyError, AnyGame, GameKind, dark_fence, rabble};
use crate::store::{EndReason, GameId, GameStatus};

/// The solver's answer for a position: its advice, or how far it got within its budget.
pub(crate) type AdviceResult =
    Result<crate::games::chaos_clock::Advice, crate::games::chaos_clock::solver::Budget>;

/// A game continued from another (a fork of a library game), as its parent's entry lists it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Fork {
    /// The fork's id.
    pub id: GameId,
    /// Where it is in its life.
    pub status: GameStatus,
    /// Its result once over.
    pub result: Option<GameResult>,
    /// Whether it ended by agreement (an agreed draw joins the library).
    pub agreed: bool,
}

/// The game for a name players may type instead of the code.
pub(super) fn kind_from_name(name: &str) -> Option<GameKind> {
    let name = name.trim().to_lowercase();
    GameKind::ALL.iter().copied().find(|&k| rules::of(k).names().contains(&name.as_str()))
}

/// Whether moves of this game are private (so typed only in a private chat) and the start
/// needs every player reachable privately.
pub(super) fn has_hidden_information(game: &AnyGame) -> bool {
    rules::of(game.kind()).has_hidden_information()
}

/// Whether an action is secret by the rules, so that it may only be typed in a private chat.
pub(super) fn is_private_action(game: &AnyGame, action: &AnyAction) -> bool {
    rules::of(game.kind()).is_private_action(action)
}

/// Whether the referee echoes this action for confirmation first.
pub(super) fn needs_confirmation(game: &AnyGame, action: &AnyAction) -> bool {
    rules::of(game.kind()).needs_confirmation(game, action)
}

/// What a typed action means at this table (see [`rules::Rules::parse_action`]).
pub(super) fn parse_action(game: &AnyGame, seat: Seat, text: &str) -> Result<AnyAction, AnyError> {
    rules::of(game.kind()).parse_action(game, seat, text)
}

/// Actions to offer as the player types, for games whose actions cannot be listed (see
/// [`rules::Rules::suggestions`]).
pub(super) fn suggestions(
    game: &mut AnyGame,
    seat: Seat,
    prefix: &str,
    limit: usize,
) -> Option<Vec<String>> {
    rules::of(game.kind()).suggestions(game, seat, prefix, limit)
}

/// The text a completion button's ending is appended to.
pub(super) fn partial_text(game: &AnyGame, seat: Seat, text: &str) -> String {
    rules::of(game.kind()).partial_text(game, seat, text)
}

/// What the referee plays for a seat whose time ran out instead of ending the game (which
/// default, for the notice, and the action itself, typed): a challenge window passes (Dark
/// Fence's), Rabble's selection takes the default pick. `None`: the seat loses on time.
pub(super) fn timeout_action(game: &AnyGame, prompt: Prompt) -> Option<(TimeoutMove, AnyAction)> {
    match (game, prompt) {
        (AnyGame::DarkFence(_), Prompt::Window) => {
            Some((TimeoutMove::Pass, AnyAction::DarkFence(dark_fence::Action::Pass)))
        }
        (AnyGame::Rabble(_), Prompt::Setup) => {
            // The default placement (the seed: 「超時則按原先的默認位置安排」); an empty pick is
            // the default one (`pick default`).
            Some((TimeoutMove::DefaultPick, AnyAction::Rabble(rabble::Action::Pick(Vec::new()))))
        }
        _ => None,
    }
}

/// The action a challenge window's answer (`/challenge`, `/pass`, `/claim`, or its button)
/// means in this game, typed; `None` where the game has no such answer, whose own parser then
/// refuses the word in its own terms.
pub(super) fn window_action(game: &AnyGame, choice: WindowChoice) -> Option<AnyAction> {
    use crate::games::{chaos_clock, perfect10};
    Some(match (game, choice) {
        (AnyGame::DarkFence(_), WindowChoice::Challenge) => {
            AnyAction::DarkFence(dark_fence::Action::Challenge)
        }
        (AnyGame::DarkFence(_), WindowChoice::Pass) => {
            AnyAction::DarkFence(dark_fence::Action::Pass)
        }
        (AnyGame::DarkFence(_), WindowChoice::Claim) => {
            AnyAction::DarkFence(dark_fence::Action::Claim)
        }
        (AnyGame::ChaosClock(_), WindowChoice::Pass) => {
            AnyAction::ChaosClock(chaos_clock::Action::Pass)
        }
        (AnyGame::Perfect10(_), WindowChoice::Pass) => {
            AnyAction::Perfect10(perfect10::Action::Pass)
        }
        (AnyGame::Perfect10(_), WindowChoice::Claim) => {
            AnyAction::Perfect10(perfect10::Action::Claim { with: None })
        }
        _ => return None,
    })
}

/// The bot's choice for `seat` at `level` in every game ([`crate::bots::choose`]), seeded by
/// the game's seed and its ply so that a game replays to the same moves. A search: run it off
/// the async threads.
pub(super) fn bot_action(
    game: &AnyGame,
    seat: Seat,
    level: u8,
    seed: u64,
    ply: u64,
) -> Option<crate::bots::Choice> {
    let seed = seed ^ ply.wrapping_mul(0xA24B_AED4_963E_E407);
    crate::bots::choose(game, seat, level, seed)
}

/// A game the solver proves decided while one side is stuck for good (Chaos Clock, spec
/// decision 7: "the bot may offer adjudication when the solver proves the result"; the referee
/// ends such a game at once rather than make the players play out a known result).
pub(super) struct Adjudication {
    /// The seat whose pieces are stuck.
    pub stuck: Seat,
    /// Its pieces that can never move again, in increasing order.
    pub pieces: Vec<u8>,
    /// The proven result with best play.
    pub result: GameResult,
}

/// The store's code of an adjudicated ending ([`Adjudication`]).
pub(super) const ADJUDICATED_STUCK: &str = "stuck-adjudicated";

/// The side stuck for good in a running game and its dead pieces, when exactly one side is
/// (both: the engine ends that itself). Cheap (no search): the referee asks after every action
/// and searches only when this finds something.
pub(super) fn stuck_side(game: &AnyGame) -> Option<(Seat, Vec<u8>)> {
    use crate::games::chaos_clock::solver;
    let AnyGame::ChaosClock(g) = game else { return None };
    if crate::games::Game::to_act(g).outcome().is_some() {
        return None;
    }
    let pieces = solver::dead_pieces(&g.board());
    let side = solver::owner(*pieces.first()?);
    if pieces.iter().any(|&p| solver::owner(p) != side) {
        return None;
    }
    Some((Seat(side), pieces))
}

/// The adjudication of a running game with a side stuck for good ([`stuck_side`]), if the
/// solver proves the result within its budget. A search: run it off the async threads.
pub(super) fn adjudication(game: &AnyGame) -> Option<Adjudication> {
    use crate::games::chaos_clock::solver;
    let (stuck, pieces) = stuck_side(game)?;
    let AnyGame::ChaosClock(g) = game else { return None };
    let advice = g.advice(crate::games::chaos_clock::fast::DEFAULT_BUDGET).ok()?;
    let result = match advice.value {
        solver::JIA_WINS => GameResult::Winner(Seat(0)),
        solver::YI_WINS => GameResult::Winner(Seat(1)),
        solver::BOTH_WIN => GameResult::BothWin,
        solver::BOTH_LOSE => GameResult::BothLose,
        _ => return None,
    };
    Some(Adjudication { stuck, pieces, result })
}

/// Whether `/hint` may answer in this game: Chaos Clock with `hints=on`, which the creator set
/// at `/new` and the opponent saw in the invitation and accepted.
pub(super) fn hints_allowed(game: &AnyGame) -> bool {
    matches!(game, AnyGame::ChaosClock(g) if crate::games::Game::options(g).hints)
}

/// The seat that wins with best play from here, when the solver proves one within its budget
/// (`None`: a shared result, a search over budget, a game without a solver). A search: run it
/// off the async threads.
pub(super) fn proven_winner(game: &AnyGame) -> Option<Seat> {
    use crate::games::chaos_clock::{fast, solver};
    let AnyGame::ChaosClock(g) = game else { return None };
    match fast::value(&g.solver_pos(), fast::DEFAULT_BUDGET).ok()? {
        solver::JIA_WINS => Some(Seat(0)),
        solver::YI_WINS => Some(Seat(1)),
        _ => None,
    }
}

/// Whether these options allow `/hint` ([`hints_allowed`] before the game is drawn).
pub(super) fn options_allow_hints(options: &crate::games::AnyOptions) -> bool {
    matches!(options, crate::games::AnyOptions::ChaosClock(o) if o.hints)
}

/// The solver's advice for the side to act (`None` for games without a solver; `Err` past the
/// search budget).
pub(super) fn advice(game: &AnyGame) -> Option<AdviceResult> {
    match game {
        AnyGame::ChaosClock(g) => Some(g.hint(crate::games::chaos_clock::fast::DEFAULT_BUDGET)),
        _ => None,
    }
}

/// Whether a finished game of this kind is followed by an analysis ([`analysis`]).
pub(super) fn has_analysis(game: &AnyGame) -> bool {
    matches!(game, AnyGame::ChaosClock(_))
}

/// The post-game analysis of a finished game, for games that have one.
pub(super) fn analysis(game: &AnyGame) -> Option<crate::games::chaos_clock::Analysis> {
    match game {
        AnyGame::ChaosClock(g) => Some(g.analysis(crate::games::chaos_clock::fast::DEFAULT_BUDGET)),
        _ => None,
    }
}

/// The library game a stored game continues (Rabble's `from` option), read from the row
/// without replaying it.
pub(super) fn parent_of(row: &crate::store::GameRow) -> Option<GameId> {
    if !GameKind::from_code(&row.kind).is_some_and(|k| rules::of(k).has_draw_library()) {
        return None;
    }
    match crate::games::AnyOptions::parse(GameKind::Rabble, &row.options) {
        Ok(crate::games::AnyOptions::Rabble(o)) => {
            o.from.and_then(|p| i64::try_from(p).ok()).map(GameId)
        }
        _ => None,
    }
}

/// Whether a stored game is in the draw library: a game of a kind that has one (Rabble) that
/// ended in an agreed draw (rule-based draws would be adjudicated again at once).
pub(super) fn in_library(row: &crate::store::GameRow) -> bool {
    GameKind::from_code(&row.kind).is_some_and(|k| rules::of(k).has_draw_library())
        && row.status == GameStatus::Over
        && row.result == Some(GameResult::Draw)
        && row.reason == Some(EndReason::Agreed)
}

/// A fork of a library game, as its parent's entry lists it.
pub(super) fn fork_of(row: &crate::store::GameRow) -> Fork {
    Fork {
        id: row.id,
        status: row.status,
        result: stored_result_of(row),
        agreed: row.reason == Some(EndReason::Agreed),
    }
}

/// The result stored in a finished game's row (`seat:0`, `seat:1`, `draw`, `both-win`,
/// `both-lose`).
fn stored_result_of(row: &crate::store::GameRow) -> Option<GameResult> {
    if row.status != GameStatus::Over {
        return None;
    }
    row.result
}

/// The game a name means: its code (`chaos-clock`) or one of the names players use for it
/// (`chaos`, `混乱时钟`, `混亂時鐘`).
#[must_use]
pub fn kind_named(name: &str) -> Option<GameKind> {
    GameKind::from_code(name.trim()).or_else(|| kind_from_name(name))
}

/// Every name players use for a game besides its code, for completing what they type.
#[must_use]
pub fn game_aliases(kind: GameKind) -> &'static [&'static str] {
    rules::of(kind).names()
}

/// The game a player named, by code (`dark-fence`) or name (`暗弈分野`).
pub(super) fn game_kind(name: &str) -> Result<GameKind, super::error::TableError> {
    GameKind::from_code(name).or_else(|| kind_from_name(name)).ok_or_else(|| {
        super::error::TableError::Refused(super::notice::Refusal::UnknownGame(name.to_string()))
    })
}
