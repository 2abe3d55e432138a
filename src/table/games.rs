//! The referee's side of narration: the registry of the games' narrators ([`narrator`]), the
//! [`Snapshot`] a narrator reads (built here from the referee's table), and the wording every
//! game shares (invitations, endings by the table, `/games` lines, `/rules`).
//!
//! Each game's narrator lives in its own file (`dark_fence.rs`, `ultima.rs`, `perfect10.rs`,
//! `chaos_clock.rs`, `rabble.rs`) and implements [`Narrator`]; those files import `narrate.rs`,
//! never this module or the referee, so the dependencies run one way: referee → `games.rs` →
//! narrators → `narrate.rs`. Decisions that call the engines directly (the bot's move, the
//! solver's advice) stay here, next to the registry.

pub(super) use super::narrate::game_name;

use super::narrate::{AdviceResult, Fork, Narrator, Snapshot, msg, name_of, public};
use super::payload::{Choice, Payload};
use super::reply::{Button, Dest, Image, Lang, Outbound, Wording};
use super::types::{Ctx, Table, public_lang};
use crate::core::{GameResult, Noticed, Prompt, Seat, Viewer};
use crate::games::{AnyAction, AnyError, AnyEvent, AnyGame, AnyOptions, AnyView, GameKind};
use crate::store::{EndReason, GameId, GameStatus};

use super::{chaos_clock, dark_fence, perfect10, rabble, ultima};

/// Every game's narrator, in [`GameKind::ALL`] order.
const NARRATORS: [&dyn Narrator; 5] =
    [&dark_fence::Voice, &ultima::Voice, &perfect10::Voice, &chaos_clock::Voice, &rabble::Voice];

/// The narrator of `kind`.
pub(super) fn narrator(kind: GameKind) -> &'static dyn Narrator {
    NARRATORS.iter().copied().find(|n| n.kind() == kind).unwrap_or(NARRATORS[0])
}

impl Table {
    /// What narrators may read of this table now.
    pub(super) fn snapshot(&self) -> Snapshot<'_> {
        Snapshot {
            id: self.row.id,
            platform: self.row.platform,
            chat: &self.row.chat,
            game: &self.game,
            seats: &self.seats,
            names: &self.names,
            bot_seat: self.seats.iter().position(|u| u.as_ref().is_some_and(super::types::is_bot)),
            time: self.time,
            actions: self.actions,
            status: self.row.status,
            stored_result: stored_result(self),
            lang: public_lang(self),
            seed: self.row.seed,
            decision_seconds: self.decision_seconds(),
        }
    }

    /// This game's narrator.
    pub(super) fn narrator(&self) -> &'static dyn Narrator {
        narrator(self.game.kind())
    }
}

/// The game for a name players may type instead of the code.
pub(super) fn kind_from_name(name: &str) -> Option<GameKind> {
    let name = name.trim().to_lowercase();
    NARRATORS.iter().find(|n| n.names().contains(&name.as_str())).map(|n| n.kind())
}

/// Whether moves of this game are private (so typed only in a private chat) and the start
/// needs every player reachable privately.
pub(super) fn has_hidden_information(game: &AnyGame) -> bool {
    narrator(game.kind()).has_hidden_information()
}

/// Whether an action is secret by the rules, so that it may only be typed in a private chat.
pub(super) fn is_private_action(game: &AnyGame, action: &AnyAction) -> bool {
    narrator(game.kind()).is_private_action(action)
}

/// Whether the referee echoes this action for confirmation first.
pub(super) fn needs_confirmation(game: &AnyGame, action: &AnyAction) -> bool {
    narrator(game.kind()).needs_confirmation(game, action)
}

/// What a typed action means at this table (see [`Narrator::parse_action`]).
pub(super) fn parse_action(game: &AnyGame, seat: Seat, text: &str) -> Result<AnyAction, AnyError> {
    narrator(game.kind()).parse_action(game, seat, text)
}

/// The text a completion button's ending is appended to.
pub(super) fn partial_text(game: &AnyGame, seat: Seat, text: &str) -> String {
    narrator(game.kind()).partial_text(game, seat, text)
}

/// The ways to finish a move typed without its last part (see [`Narrator::completions`]).
pub(super) fn completions(
    w: &Wording,
    lang: Lang,
    game: &AnyGame,
    seat: Seat,
    text: &str,
    error: &AnyError,
) -> Vec<(String, String)> {
    narrator(game.kind()).completions(w, lang, game, seat, text, error)
}

/// The refusal of an incomplete move (`error`, worded as usual) followed by the question, with
/// one button per completion (payload `<id>:<turn>:complete-<end>`), sent where the move was
/// typed (a secret move is typed only in private; a public one may be typed in the channel).
pub(super) fn completion_prompt(
    w: &Wording,
    ctx: &Ctx,
    t: &Table,
    text: &str,
    error: &AnyError,
    choices: &[(String, String)],
    turn: i64,
) -> Outbound {
    let snapshot = t.snapshot();
    let question = t.narrator().completion_question(w, ctx.lang, &snapshot, text, error);
    let mut m = msg(&snapshot, ctx.here(), question);
    m.buttons = buttons(t.row.id, turn, choices);
    m
}

/// One completion button per choice (payload `<id>:<turn>:complete-<end>`).
fn buttons(id: GameId, turn: i64, choices: &[(String, String)]) -> Vec<Button> {
    choices
        .iter()
        .map(|(label, end)| Button {
            label: label.clone(),
            payload: Payload::new(id, turn, Choice::Complete(end.clone())),
        })
        .collect()
}

/// The invitation posted by `/new`.
pub(super) fn invitation(w: &Wording, ctx: &Ctx, t: &Table, named: bool) -> Outbound {
    // An announcement to the chat: in the game's public language, not the creator's.
    let lang = public_lang(t);
    let id = t.row.id;
    let snapshot = t.snapshot();
    let rules = t.narrator().rules_summary(w, lang, &snapshot);
    let game = game_name(w, lang, t.game.kind());
    let text = if named {
        // The invitee is named with a mention that notifies them (a Discord member, pinged;
        // the name elsewhere): the invitation is theirs to answer.
        let opponent = match snapshot.seats.get(1).cloned().flatten() {
            Some(user) if snapshot.bot_seat != Some(1) => {
                super::reply::ping(user.as_str(), name_of(&snapshot, 1))
            }
            _ => name_of(&snapshot, 1).to_string(),
        };
        w.text(
            lang,
            "new-invite",
            &[
                ("creator", ctx.name.as_str().into()),
                ("opponent", opponent.into()),
                ("game", game.into()),
                ("id", id.into()),
                ("rules", rules.into()),
            ],
        )
    } else {
        w.text(
            lang,
            "new-open-invite",
            &[
                ("creator", ctx.name.as_str().into()),
                ("game", game.into()),
                ("id", id.into()),
                ("rules", rules.into()),
            ],
        )
    };
    let mut out = msg(&snapshot, public(&snapshot), text);
    out.buttons = invitation_buttons(w, lang, id);
    out
}

/// An invitation's Accept and Decline, in `lang`.
pub(super) fn invitation_buttons(w: &Wording, lang: Lang, id: GameId) -> Vec<Button> {
    vec![
        Button {
            label: w.text(lang, "btn-accept", &[]),
            payload: Payload::new(id, 0, Choice::Accept),
        },
        Button {
            label: w.text(lang, "btn-decline", &[]),
            payload: Payload::new(id, 0, Choice::Decline),
        },
    ]
}

/// The public start announcement.
pub(super) fn started(w: &Wording, t: &Table, images: bool) -> Outbound {
    let mut m = t.narrator().started(w, &t.snapshot(), images);
    // The legend of a game whose pieces are not chess's goes with the first board, so that a
    // player meeting a code on it knows where to look.
    if let Some(legend) = super::pieces::legend(w, t.snapshot().lang, t.game.kind()) {
        m.text.push('\n');
        m.text.push_str(&legend);
    }
    m
}

/// The private echo of an action waiting for confirmation, to the player who typed it.
pub(super) fn confirmation(
    w: &Wording,
    ctx: &Ctx,
    t: &Table,
    action: &AnyAction,
    turn: i64,
) -> Outbound {
    let to = Dest::User(ctx.user.clone());
    t.narrator().confirmation(w, ctx.lang, &t.snapshot(), to, action, turn)
}

/// The messages for the events of one action, each to its audience.
pub(super) fn announce(
    w: &Wording,
    t: &Table,
    events: &[Noticed<AnyEvent>],
    langs: &[Lang],
    images: bool,
) -> Vec<Outbound> {
    t.narrator().announce(w, &t.snapshot(), events, langs, images)
}

/// A game ended by the table (resign, timeout, agreement, abort), with whatever the end reveals.
pub(super) fn finished(
    w: &Wording,
    t: &Table,
    result: Option<GameResult>,
    reason: Option<&EndReason>,
    images: bool,
) -> Outbound {
    let snapshot = t.snapshot();
    let narrator = t.narrator();
    let lang = snapshot.lang;
    let headline = super::narrate::headline(w, lang, &snapshot, result);
    let loser = match result {
        Some(GameResult::Winner(seat)) => name_of(&snapshot, 1 - seat.index().min(1)).to_string(),
        _ => String::new(),
    };
    let mut text = headline;
    if let Some(reason) = reason {
        let why = w.text(lang, &format!("reason-{}", reason.code()), &[("name", loser.into())]);
        text = format!("{text}\n{why}");
    }
    if let Some(reveal) = narrator.reveal(w, lang, &snapshot) {
        text.push('\n');
        text.push_str(&reveal);
    }
    let mut m = msg(&snapshot, public(&snapshot), text);
    m.image = narrator.picture(&snapshot, narrator.final_viewer(), lang, images);
    m
}

/// The prompts when `seat` must act (public and private).
pub(super) fn turn_prompts(
    w: &Wording,
    t: &Table,
    seat: Seat,
    prompt: Prompt,
    lang: Lang,
    images: bool,
) -> Vec<Outbound> {
    t.narrator().turn_prompts(w, &t.snapshot(), seat, prompt, lang, images)
}

/// A view (public or one seat's) as a message to `to`.
pub(super) fn view_message(
    w: &Wording,
    lang: Lang,
    t: &Table,
    view: &AnyView,
    to: Dest,
    images: bool,
) -> Outbound {
    t.narrator().view_message(w, lang, &t.snapshot(), view, to, images)
}

/// One line of `/games`.
pub(super) fn game_line(w: &Wording, lang: Lang, t: &Table) -> String {
    let snapshot = t.snapshot();
    let state = match (t.row.status, t.game.to_act()) {
        (GameStatus::Invited, _) => w.text(lang, "state-invited", &[]),
        (_, crate::core::ToAct::Seat(seat, _)) => {
            w.text(lang, "state-to-act", &[("name", name_of(&snapshot, seat.index()).into())])
        }
        _ => w.text(lang, "state-over", &[]),
    };
    w.text(
        lang,
        "games-line",
        &[
            ("id", t.row.id.into()),
            ("game", game_name(w, lang, t.game.kind()).into()),
            ("p1", name_of(&snapshot, 0).into()),
            ("p2", name_of(&snapshot, 1).into()),
            ("state", state.into()),
        ],
    )
}

/// `/rules <game>`: the rules in brief and every option.
pub(super) fn rules_text(w: &Wording, lang: Lang, kind: GameKind) -> String {
    let mut text = w.text(lang, &format!("rules-{}", kind.code()), &[]);
    text.push('\n');
    let specs = kind.option_specs();
    text.push_str(&w.text(
        lang,
        if specs.is_empty() { "rules-no-options" } else { "rules-options" },
        &[],
    ));
    for spec in specs {
        let doc_id = format!("opt-{}-{}", kind.code(), spec.key.replace('_', "-"));
        let doc =
            if w.has(lang, &doc_id) { w.text(lang, &doc_id, &[]) } else { spec.doc.to_string() };
        text.push_str(&format!(
            "\n{} = {} ({}: {}): {doc}",
            spec.key,
            spec.values,
            w.text(lang, "rules-default", &[]),
            spec.default
        ));
    }
    if let Some(legend) = super::pieces::legend(w, lang, kind) {
        text.push('\n');
        text.push_str(&legend);
    }
    text.push('\n');
    text.push_str(&w.text(lang, "rules-table-keys", &[]));
    if let Some(example) = start_position_text(kind) {
        text.push('\n');
        let args = [("game", kind.code().into()), ("example", example.into())];
        text.push_str(&w.text(lang, "rules-position", &args));
    }
    text
}

/// The game's start position in its position text (what `position="…"` at `/new` takes), as
/// the example `/rules` gives. Dark Fence's is its fixed start (a free start has no position yet).
pub(super) fn start_position_text(kind: GameKind) -> Option<String> {
    let options = if kind == GameKind::DarkFence { "start=fixed" } else { "" };
    let options = AnyOptions::parse(kind, options).ok()?;
    AnyGame::new(&options, crate::core::Seed(1)).ok().map(|g| g.position())
}

/// A refused action, in the player's words (by the narrator of the game it is about).
pub(super) fn error_text(w: &Wording, lang: Lang, error: &AnyError) -> String {
    let kind = match error {
        AnyError::DarkFence(_) => GameKind::DarkFence,
        AnyError::Ultima(_) => GameKind::Ultima,
        AnyError::Perfect10(_) => GameKind::Perfect10,
        AnyError::ChaosClock(_) => GameKind::ChaosClock,
        AnyError::Rabble(_) => GameKind::Rabble,
        AnyError::Options(_) | AnyError::WrongGame => {
            return super::narrate::common_error_text(w, lang, error);
        }
    };
    narrator(kind).error_text(w, lang, error)
}

/// The board image for `viewer`, drawn from that viewer's view only, with the game's caption.
pub(super) fn picture(t: &Table, viewer: Viewer, lang: Lang, images: bool) -> Option<Image> {
    t.narrator().picture(&t.snapshot(), viewer, lang, images)
}

/// What the referee plays for a seat whose time ran out instead of ending the game, and the
/// message saying so (see [`Narrator::timeout_action`]). `None`: the seat loses on time.
pub(super) fn timeout_action(game: &AnyGame, prompt: Prompt) -> Option<super::clock::TimeoutMove> {
    narrator(game.kind()).timeout_action(prompt)
}

/// A text message of this game's platform.
pub(super) fn msg_of(t: &Table, to: Dest, text: String) -> Outbound {
    msg(&t.snapshot(), to, text)
}

/// The game's chat.
pub(super) fn public_of(t: &Table) -> Dest {
    public(&t.snapshot())
}

/// Whether the referee can play this game itself (`/new <game> @bot`): only where its play is
/// perfect (Chaos Clock's exact solver).
pub(super) fn has_bot(kind: GameKind) -> bool {
    kind == GameKind::ChaosClock
}

/// The bot's action for `seat` and whether the solver proved it best.
pub(super) fn bot_action(game: &AnyGame, seat: Seat) -> Option<(AnyAction, bool)> {
    match game {
        AnyGame::ChaosClock(g) if g.to_move() == seat => g
            .bot_action(crate::games::chaos_clock::fast::DEFAULT_BUDGET)
            .map(|(a, proven)| (AnyAction::ChaosClock(a), proven)),
        _ => None,
    }
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

/// The solver's advice for the side to act (`None` for games without a solver; `Err` past the
/// search budget).
pub(super) fn advice(game: &AnyGame) -> Option<AdviceResult> {
    match game {
        AnyGame::ChaosClock(g) => Some(g.hint(crate::games::chaos_clock::fast::DEFAULT_BUDGET)),
        _ => None,
    }
}

/// The hint in words.
pub(super) fn hint_text(
    w: &Wording,
    lang: Lang,
    t: &Table,
    advice: Option<&AdviceResult>,
) -> String {
    t.narrator().hint_text(w, lang, &t.snapshot(), advice)
}

/// The post-game analysis of a finished game, for games that have one.
pub(super) fn analysis(game: &AnyGame) -> Option<crate::games::chaos_clock::Analysis> {
    match game {
        AnyGame::ChaosClock(g) => Some(g.analysis(crate::games::chaos_clock::fast::DEFAULT_BUDGET)),
        _ => None,
    }
}

/// The post-game analysis in words (`None` for a game without one).
pub(super) fn analysis_text(
    w: &Wording,
    lang: Lang,
    t: &Table,
    analysis: &crate::games::chaos_clock::Analysis,
) -> Option<String> {
    t.narrator().analysis_text(w, lang, &t.snapshot(), analysis)
}

/// The library game a stored game continues (Rabble's `from` option), read from the row
/// without replaying it.
pub(super) fn parent_of(row: &crate::store::GameRow) -> Option<GameId> {
    if !GameKind::from_code(&row.kind).is_some_and(|k| narrator(k).has_draw_library()) {
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
    GameKind::from_code(&row.kind).is_some_and(|k| narrator(k).has_draw_library())
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

/// The result stored for a finished game.
fn stored_result(t: &Table) -> Option<GameResult> {
    stored_result_of(&t.row)
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
    narrator(kind).names()
}

/// The game a player named, by code (`dark-fence`) or name (`暗弈分野`).
pub(super) fn game_kind(name: &str) -> Result<GameKind, super::error::TableError> {
    GameKind::from_code(name).or_else(|| kind_from_name(name)).ok_or_else(|| {
        super::error::TableError::Refused(super::notice::Refusal::UnknownGame(name.to_string()))
    })
}

/// The refusal of a game the referee does not play itself, naming those it does.
pub(super) fn no_bot() -> super::error::TableError {
    let kinds = GameKind::ALL.iter().copied().filter(|k| has_bot(*k)).collect();
    super::error::TableError::Refused(super::notice::Refusal::NoBot(kinds))
}
