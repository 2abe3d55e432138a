//! The rules of every game, as pure libraries behind one [`Game`] contract, and [`AnyGame`], the
//! closed enum through which the referee and the tools drive them.
//!
//! Engines know nothing of users, chats, wall-clock time or storage (STYLE §2 lesson 1): they
//! take options, a seed and actions, and answer with per-viewer views and audience-tagged events.
//! Adding a game is one line in the `games!` invocation below plus its module; the compiler then
//! lists every place that must learn about it.

use std::fmt;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::core::{ErrorCode, Noticed, Outcome, Seat, Seed, ToAct, Viewer};

pub mod chaos_clock;
pub mod dark_fence;
pub mod options;
pub mod perfect10;
pub mod rabble;
pub mod ultima;

pub use options::{OptionSpec, OptionsError};

/// A game's variant settings: plain data with defaults, built from `key=value` pairs and checked
/// as a whole (Fairy-Stockfish style: variants are data).
pub trait GameOptions:
    Clone + Default + fmt::Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// Every option key with its values, default and a one-line description.
    const SPECS: &'static [OptionSpec];

    /// Builds options from pairs (keys already lowercased; see [`options::split_pairs`]);
    /// unmentioned keys keep their defaults. The result is validated.
    ///
    /// # Errors
    ///
    /// An unknown key, a bad value, or options that contradict each other.
    fn from_pairs(pairs: &[(String, String)]) -> Result<Self, OptionsError>;

    /// The options as pairs, in [`Self::SPECS`] order, every key included.
    fn to_pairs(&self) -> Vec<(&'static str, String)>;

    /// Checks the options as a whole.
    ///
    /// # Errors
    ///
    /// The first contradiction found.
    fn validate(&self) -> Result<(), OptionsError>;

    /// The options that differ from the defaults, as `k=v,k=v` (empty for the defaults).
    fn summary(&self) -> String {
        let defaults = Self::default().to_pairs();
        self.to_pairs()
            .into_iter()
            .zip(defaults)
            .filter(|(mine, default)| mine.1 != default.1)
            .map(|((k, v), _)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// One game's rules. Pure: no I/O, no wall clock, no global RNG.
///
/// # Contracts
///
/// `tests/conformance.rs` checks each of these for every game in [`AnyGame`]:
///
/// 1. **Legal ⇔ accepted.** When [`Game::EXHAUSTIVE_ACTIONS`] is true, `play(s, a)` is `Ok` exactly
///    for the `a` in `legal_actions(s)`. When it is false (Dark Fence paths may loop forever),
///    `legal_actions` lists one representative per distinct effect; each is accepted, and every
///    accepted action has the effect of a listed one. `play` errs for a seat that is not to act.
/// 2. **Atomic.** When `play` returns `Err`, the state is exactly as before.
/// 3. **Notation round-trips.** `parse_action(s, &format_action(a)) == Ok(a)` for legal `a`.
/// 4. **No leaks.** Two states that differ only in what seat `s` may not know give byte-equal
///    `view(Seat(s))` and `view(Public)`, and `s` receives no event it may not see.
/// 5. **Playouts end.** Random playouts end within a bound and [`Game::check_invariants`] holds
///    after every step.
/// 6. **Replay.** Replaying (options, seed, actions) rebuilds an equal state. The stored action
///    log is the source of truth; a snapshot is only a cache.
pub trait Game: Clone + PartialEq + fmt::Debug + Send + Sync + Sized + 'static {
    /// Variant settings.
    type Options: GameOptions;
    /// One decision by one seat. Resign, draw offers, takebacks and timeouts are not actions:
    /// they belong to the referee.
    type Action: Clone + Eq + fmt::Debug + Serialize + DeserializeOwned + Send + Sync + 'static;
    /// What one viewer may know. It must not depend on information hidden from that viewer.
    type View: Clone + PartialEq + fmt::Debug + Serialize + Send + Sync + 'static;
    /// What just happened, as data for announcements (the referee words it).
    type Event: Clone + PartialEq + fmt::Debug + Serialize + Send + Sync + 'static;
    /// Why an action was refused (malformed, out of turn, against the rules).
    type Error: std::error::Error + ErrorCode + Clone + PartialEq + Send + Sync + 'static;
    /// Why a position text was refused.
    type PositionError: std::error::Error + ErrorCode + Clone + PartialEq + Send + Sync + 'static;

    /// Whether [`Game::legal_actions`] lists every legal action (see contract 1).
    const EXHAUSTIVE_ACTIONS: bool;

    /// The start position for these options. All randomness derives from `seed`.
    ///
    /// # Errors
    ///
    /// The options fail [`GameOptions::validate`].
    fn new(options: &Self::Options, seed: Seed) -> Result<Self, OptionsError>;

    /// A position from the game's position text format (for tools, tests and puzzles).
    ///
    /// # Errors
    ///
    /// The text is malformed or describes an impossible position.
    fn from_position(
        options: &Self::Options,
        text: &str,
        seed: Seed,
    ) -> Result<Self, Self::PositionError>;

    /// The current position in the position text format, from the referee's (full) view.
    fn position(&self) -> String;

    /// The options this game was created with.
    fn options(&self) -> &Self::Options;

    /// Who must act now, and with what kind of decision, or the outcome.
    fn to_act(&self) -> ToAct;

    /// The legal actions of `seat` (empty when `seat` is not to act), sorted by notation.
    #[must_use]
    fn legal_actions(&self, seat: Seat) -> Vec<Self::Action>;

    /// Plays one action. Atomic: on `Err` the state is unchanged.
    ///
    /// # Errors
    ///
    /// The game is over, `seat` is not to act, or the action is malformed or illegal.
    fn play(
        &mut self,
        seat: Seat,
        action: &Self::Action,
    ) -> Result<Vec<Noticed<Self::Event>>, Self::Error>;

    /// What `viewer` may know now.
    #[must_use]
    fn view(&self, viewer: Viewer) -> Self::View;

    /// Parses an action typed by `seat`. Uses only what `seat` may know.
    ///
    /// # Errors
    ///
    /// The text is not an action of this game in this phase.
    fn parse_action(&self, seat: Seat, text: &str) -> Result<Self::Action, Self::Error>;

    /// The canonical notation of an action.
    fn format_action(&self, action: &Self::Action) -> String;

    /// Checks the state's internal consistency (used by the conformance playouts).
    ///
    /// # Errors
    ///
    /// A description of the first broken invariant.
    fn check_invariants(&self) -> Result<(), String>;

    /// The outcome, once the game is over.
    fn outcome(&self) -> Option<Outcome> {
        self.to_act().outcome()
    }

    /// Perft: the number of action sequences `depth` long from here (1 at depth 0; a finished
    /// game has no continuations). Meaningful only where [`Game::EXHAUSTIVE_ACTIONS`] holds. This
    /// generic version copies the game per action; engines override it with a fast one.
    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let ToAct::Seat(seat, _) = self.to_act() else { return 0 };
        let actions = self.legal_actions(seat);
        if depth == 1 {
            return actions.len() as u64;
        }
        actions
            .iter()
            .map(|action| {
                let mut next = self.clone();
                match next.play(seat, action) {
                    Ok(_) => next.perft(depth - 1),
                    Err(_) => 0,
                }
            })
            .sum()
    }
}

/// The games, each as `Variant => module, "code", [seat names in turn order]`. One line adds a
/// game to the kind list, the dispatch enums and every `match` over them.
macro_rules! games {
    ($($variant:ident => $module:ident, $code:literal, [$($seat:literal),+ $(,)?];)+) => {
        /// Which game. Its `code` is stable: it is stored, typed in commands and printed by tools.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum GameKind {
            $(
                #[doc = concat!("`", $code, "`")]
                $variant,
            )+
        }

        impl GameKind {
            /// Every game, in a fixed order.
            pub const ALL: &'static [GameKind] = &[$(GameKind::$variant),+];

            /// The stable code, e.g. `dark-fence`.
            #[must_use]
            pub fn code(self) -> &'static str {
                match self { $(GameKind::$variant => $code),+ }
            }

            /// The game with this code.
            #[must_use]
            pub fn from_code(code: &str) -> Option<GameKind> {
                let code = code.trim().to_lowercase().replace('_', "-");
                GameKind::ALL.iter().copied().find(|k| k.code() == code)
            }

            /// The seats' names in turn order (seat 0 first).
            #[must_use]
            pub fn seat_names(self) -> &'static [&'static str] {
                match self { $(GameKind::$variant => &[$($seat),+]),+ }
            }

            /// The name of `seat`, or `seat<N>` for an index the game does not have.
            #[must_use]
            pub fn seat_name(self, seat: Seat) -> String {
                self.seat_names()
                    .get(seat.index())
                    .map_or_else(|| format!("seat{}", seat.0), |n| (*n).to_string())
            }

            /// The seat with this name (case-insensitive).
            #[must_use]
            pub fn seat_by_name(self, name: &str) -> Option<Seat> {
                let name = name.trim().to_lowercase();
                self.seat_names()
                    .iter()
                    .position(|n| *n == name)
                    .and_then(|i| u8::try_from(i).ok())
                    .map(Seat)
            }

            /// The options this game accepts.
            #[must_use]
            pub fn option_specs(self) -> &'static [OptionSpec] {
                match self {
                    $(GameKind::$variant =>
                        <<$module::State as Game>::Options as GameOptions>::SPECS),+
                }
            }
        }

        impl fmt::Display for GameKind {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.code())
            }
        }

        /// One game's options, whatever the game.
        #[derive(Debug, Clone, PartialEq, Serialize)]
        #[serde(untagged)]
        pub enum AnyOptions {
            $(
                #[doc = concat!("Options of `", $code, "`.")]
                $variant(<$module::State as Game>::Options),
            )+
        }

        impl AnyOptions {
            /// The defaults of `kind`.
            #[must_use]
            pub fn default_for(kind: GameKind) -> AnyOptions {
                match kind { $(GameKind::$variant => AnyOptions::$variant(Default::default())),+ }
            }

            /// Options of `kind` from `k=v,k=v` text (empty text gives the defaults).
            ///
            /// # Errors
            ///
            /// See [`GameOptions::from_pairs`].
            pub fn parse(kind: GameKind, text: &str) -> Result<AnyOptions, OptionsError> {
                let pairs = options::split_pairs(text)?;
                Ok(match kind {
                    $(GameKind::$variant => AnyOptions::$variant(
                        <<$module::State as Game>::Options as GameOptions>::from_pairs(&pairs)?)),+
                })
            }

            /// The game these options belong to.
            #[must_use]
            pub fn kind(&self) -> GameKind {
                match self { $(AnyOptions::$variant(_) => GameKind::$variant),+ }
            }

            /// Every option as pairs.
            #[must_use]
            pub fn to_pairs(&self) -> Vec<(&'static str, String)> {
                match self { $(AnyOptions::$variant(o) => o.to_pairs()),+ }
            }

            /// The options that differ from the defaults, as `k=v,k=v`.
            #[must_use]
            pub fn summary(&self) -> String {
                match self { $(AnyOptions::$variant(o) => o.summary()),+ }
            }
        }

        /// A game in progress, whatever the game.
        #[derive(Debug, Clone, PartialEq)]
        pub enum AnyGame {
            $(
                #[doc = concat!("A game of `", $code, "`.")]
                $variant($module::State),
            )+
        }

        /// An action of some game.
        #[derive(Debug, Clone, PartialEq, Eq, Serialize)]
        #[serde(untagged)]
        pub enum AnyAction {
            $(
                #[doc = concat!("An action of `", $code, "`.")]
                $variant(<$module::State as Game>::Action),
            )+
        }

        /// A view of some game.
        #[derive(Debug, Clone, PartialEq, Serialize)]
        #[serde(untagged)]
        pub enum AnyView {
            $(
                #[doc = concat!("A view of `", $code, "`.")]
                $variant(<$module::State as Game>::View),
            )+
        }

        /// An event of some game.
        #[derive(Debug, Clone, PartialEq, Serialize)]
        #[serde(untagged)]
        pub enum AnyEvent {
            $(
                #[doc = concat!("An event of `", $code, "`.")]
                $variant(<$module::State as Game>::Event),
            )+
        }

        /// Why an action or a position of some game was refused.
        #[derive(Debug, Clone, PartialEq, thiserror::Error)]
        pub enum AnyError {
            /// The options were refused.
            #[error(transparent)]
            Options(#[from] OptionsError),
            /// The action belongs to another game.
            #[error("that action belongs to another game")]
            WrongGame,
            $(
                #[doc = concat!("An action of `", $code, "` was refused.")]
                #[error(transparent)]
                $variant(<$module::State as Game>::Error),
            )+
        }

        /// Why a position text of some game was refused.
        #[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
        pub enum AnyPositionError {
            /// The options belong to another game.
            #[error("those options belong to another game")]
            WrongGame,
            $(
                #[doc = concat!("A position of `", $code, "` was refused.")]
                #[error(transparent)]
                $variant(<$module::State as Game>::PositionError),
            )+
        }

        impl ErrorCode for AnyError {
            fn code(&self) -> &'static str {
                match self {
                    AnyError::Options(e) => e.code(),
                    AnyError::WrongGame => "wrong-game",
                    $(AnyError::$variant(e) => e.code()),+
                }
            }
        }

        impl ErrorCode for AnyPositionError {
            fn code(&self) -> &'static str {
                match self {
                    AnyPositionError::WrongGame => "wrong-game",
                    $(AnyPositionError::$variant(e) => e.code()),+
                }
            }
        }

        impl AnyGame {
            /// A new game from its options and seed.
            ///
            /// # Errors
            ///
            /// The options fail validation.
            pub fn new(options: &AnyOptions, seed: Seed) -> Result<AnyGame, OptionsError> {
                Ok(match options {
                    $(AnyOptions::$variant(o) => AnyGame::$variant($module::State::new(o, seed)?)),+
                })
            }

            /// A game from a position text.
            ///
            /// # Errors
            ///
            /// The text is not a valid position of this game.
            pub fn from_position(
                options: &AnyOptions,
                text: &str,
                seed: Seed,
            ) -> Result<AnyGame, AnyPositionError> {
                Ok(match options {
                    $(AnyOptions::$variant(o) => AnyGame::$variant(
                        $module::State::from_position(o, text, seed)
                            .map_err(AnyPositionError::$variant)?)),+
                })
            }

            /// Which game this is.
            #[must_use]
            pub fn kind(&self) -> GameKind {
                match self { $(AnyGame::$variant(_) => GameKind::$variant),+ }
            }

            /// The options the game was created with.
            #[must_use]
            pub fn options(&self) -> AnyOptions {
                match self { $(AnyGame::$variant(g) => AnyOptions::$variant(g.options().clone())),+ }
            }

            /// See [`Game::position`].
            #[must_use]
            pub fn position(&self) -> String {
                match self { $(AnyGame::$variant(g) => g.position()),+ }
            }

            /// See [`Game::to_act`].
            #[must_use]
            pub fn to_act(&self) -> ToAct {
                match self { $(AnyGame::$variant(g) => g.to_act()),+ }
            }

            /// See [`Game::perft`].
            #[must_use]
            pub fn perft(&self, depth: u32) -> u64 {
                match self { $(AnyGame::$variant(g) => g.perft(depth)),+ }
            }

            /// Whether the game lists every legal action (see [`Game::EXHAUSTIVE_ACTIONS`]).
            #[must_use]
            pub fn exhaustive_actions(&self) -> bool {
                match self { $(AnyGame::$variant(_) => <$module::State as Game>::EXHAUSTIVE_ACTIONS),+ }
            }

            /// See [`Game::legal_actions`].
            #[must_use]
            pub fn legal_actions(&self, seat: Seat) -> Vec<AnyAction> {
                match self {
                    $(AnyGame::$variant(g) =>
                        g.legal_actions(seat).into_iter().map(AnyAction::$variant).collect()),+
                }
            }

            /// See [`Game::parse_action`].
            ///
            /// # Errors
            ///
            /// The text is not an action of this game in this phase.
            pub fn parse_action(&self, seat: Seat, text: &str) -> Result<AnyAction, AnyError> {
                match self {
                    $(AnyGame::$variant(g) => g.parse_action(seat, text)
                        .map(AnyAction::$variant).map_err(AnyError::$variant)),+
                }
            }

            /// See [`Game::format_action`].
            #[must_use]
            pub fn format_action(&self, action: &AnyAction) -> String {
                #[allow(unreachable_patterns)]
                match (self, action) {
                    $((AnyGame::$variant(g), AnyAction::$variant(a)) => g.format_action(a),)+
                    _ => String::from("?"),
                }
            }

            /// See [`Game::play`].
            ///
            /// # Errors
            ///
            /// The action is refused; the game is unchanged.
            pub fn play(
                &mut self,
                seat: Seat,
                action: &AnyAction,
            ) -> Result<Vec<Noticed<AnyEvent>>, AnyError> {
                #[allow(unreachable_patterns)]
                match (self, action) {
                    $((AnyGame::$variant(g), AnyAction::$variant(a)) => Ok(g
                        .play(seat, a)
                        .map_err(AnyError::$variant)?
                        .into_iter()
                        .map(|n| Noticed { audience: n.audience, event: AnyEvent::$variant(n.event) })
                        .collect()),)+
                    _ => Err(AnyError::WrongGame),
                }
            }

            /// See [`Game::view`].
            #[must_use]
            pub fn view(&self, viewer: Viewer) -> AnyView {
                match self { $(AnyGame::$variant(g) => AnyView::$variant(g.view(viewer))),+ }
            }

            /// See [`Game::check_invariants`].
            ///
            /// # Errors
            ///
            /// The first broken invariant.
            pub fn check_invariants(&self) -> Result<(), String> {
                match self { $(AnyGame::$variant(g) => g.check_invariants()),+ }
            }

            /// Whether `legal_actions` is the full set of legal actions.
            #[must_use]
            pub fn has_exhaustive_actions(&self) -> bool {
                match self { $(AnyGame::$variant(_) => <$module::State as Game>::EXHAUSTIVE_ACTIONS),+ }
            }
        }
    };
}

games! {
    DarkFence => dark_fence, "dark-fence", ["p1", "p2"];
    Ultima => ultima, "ultima", ["white", "black"];
    Perfect10 => perfect10, "perfect10", ["white", "black"];
    ChaosClock => chaos_clock, "chaos-clock", ["jia", "yi"];
    Rabble => rabble, "rabble", ["red", "blue"];
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_codes_and_seat_names_round_trip() {
        for &kind in GameKind::ALL {
            assert_eq!(GameKind::from_code(kind.code()), Some(kind));
            for (i, name) in kind.seat_names().iter().enumerate() {
                let seat = Seat(u8::try_from(i).unwrap());
                assert_eq!(kind.seat_by_name(name), Some(seat));
                assert_eq!(kind.seat_name(seat), *name);
            }
        }
        assert_eq!(GameKind::from_code("Dark_Fence"), Some(GameKind::DarkFence));
        assert_eq!(GameKind::from_code("chess"), None);
    }
}
