//! Shared vocabulary of every game and of the referee: seats, viewers, who acts, outcomes,
//! audiences and seeds.
//!
//! Nothing here knows a particular game. Each game names its seats (`p1`/`p2`, `white`/`black`,
//! …) through [`crate::games::GameKind::seat_names`]; here a seat is only its index in turn order.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A place at the table, by its index in turn order (0 moves first unless a game says otherwise).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Seat(pub u8);

impl Seat {
    /// The other seat of a two-seat game.
    #[must_use]
    pub fn other(self) -> Seat {
        Seat(1 - self.0.min(1))
    }

    /// The seat's index, for arrays.
    #[must_use]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// Who is looking: a seat sees its own view, the public sees common knowledge only, and the
/// referee (the "god" of Dark Fence) sees everything (for reveals and tools, never for players
/// while a game runs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Viewer {
    /// One seat's private view.
    Seat(Seat),
    /// Common knowledge: what the public channel and spectators may see.
    Public,
    /// Everything, including hidden information.
    Referee,
}

/// What kind of decision a seat is asked for; lets the referee word its prompt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Prompt {
    /// An ordinary move.
    Move,
    /// A choice before play starts (for example a free start cell).
    Setup,
    /// A window in which the seat may challenge, pass or claim.
    Window,
}

/// Who must act now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum ToAct {
    /// This seat must act, with this kind of decision.
    Seat(Seat, Prompt),
    /// The game is over.
    Over(Outcome),
}

impl ToAct {
    /// The seat that must act, if the game is not over.
    #[must_use]
    pub fn seat(self) -> Option<Seat> {
        match self {
            ToAct::Seat(seat, _) => Some(seat),
            ToAct::Over(_) => None,
        }
    }

    /// The outcome, if the game is over.
    #[must_use]
    pub fn outcome(self) -> Option<Outcome> {
        match self {
            ToAct::Over(outcome) => Some(outcome),
            ToAct::Seat(..) => None,
        }
    }
}

/// How a game ended for its seats. Games need not be zero-sum: Chaos Clock has both-win and
/// both-lose endings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameResult {
    /// This seat won; every other seat lost.
    Winner(Seat),
    /// Nobody won.
    Draw,
    /// Every seat won.
    BothWin,
    /// Every seat lost.
    BothLose,
}

impl GameResult {
    /// The result as a short stable code: `seat:N` for a win of seat N, `draw`, `both-win`,
    /// `both-lose` (how the store keeps it, and what other tools read).
    #[must_use]
    pub fn code(&self) -> String {
        match self {
            GameResult::Winner(seat) => format!("seat:{}", seat.0),
            GameResult::Draw => "draw".into(),
            GameResult::BothWin => "both-win".into(),
            GameResult::BothLose => "both-lose".into(),
        }
    }

    /// The result a [`GameResult::code`] stands for, if it stands for one.
    #[must_use]
    pub fn from_code(code: &str) -> Option<GameResult> {
        match code {
            "draw" => Some(GameResult::Draw),
            "both-win" => Some(GameResult::BothWin),
            "both-lose" => Some(GameResult::BothLose),
            seat => seat.strip_prefix("seat:")?.parse().ok().map(|n| GameResult::Winner(Seat(n))),
        }
    }
}

/// With the `sqlx` feature a result is a text column holding its [`GameResult::code`], for any
/// database whose text sqlx maps. The impls live here because both the type and sqlx's traits
/// would be foreign to the store's crate.
#[cfg(feature = "sqlx")]
mod stored {
    use sqlx::encode::IsNull;
    use sqlx::error::BoxDynError;

    use super::GameResult;

    impl<DB: sqlx::Database> sqlx::Type<DB> for GameResult
    where
        String: sqlx::Type<DB>,
    {
        fn type_info() -> DB::TypeInfo {
            <String as sqlx::Type<DB>>::type_info()
        }

        fn compatible(ty: &DB::TypeInfo) -> bool {
            <String as sqlx::Type<DB>>::compatible(ty)
        }
    }

    impl<'q, DB: sqlx::Database> sqlx::Encode<'q, DB> for GameResult
    where
        String: sqlx::Encode<'q, DB>,
    {
        fn encode_by_ref(
            &self,
            buf: &mut <DB as sqlx::Database>::ArgumentBuffer<'q>,
        ) -> Result<IsNull, BoxDynError> {
            <String as sqlx::Encode<'q, DB>>::encode(self.code(), buf)
        }
    }

    impl<'r, DB: sqlx::Database> sqlx::Decode<'r, DB> for GameResult
    where
        String: sqlx::Decode<'r, DB>,
    {
        fn decode(value: <DB as sqlx::Database>::ValueRef<'r>) -> Result<Self, BoxDynError> {
            let code = <String as sqlx::Decode<'r, DB>>::decode(value)?;
            GameResult::from_code(&code)
                .ok_or_else(|| format!("`{code}` is no stored result").into())
        }
    }
}

/// A finished game: the result and a stable kebab-case reason code (`crossed-fence`,
/// `resigned`, …) that the referee words for users and the store keeps as it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Outcome {
    /// Who won.
    pub result: GameResult,
    /// Why the game ended, as a stable code.
    pub reason: &'static str,
}

/// Who may see an event. The referee routes by this: public channel, or one seat's private chat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Audience {
    /// The public channel and every seat.
    Everyone,
    /// Only this seat, privately.
    Only(Seat),
    /// Every seat but this one (and not the public channel).
    AllBut(Seat),
}

impl Audience {
    /// Whether `viewer` may receive an event with this audience.
    #[must_use]
    pub fn reaches(self, viewer: Viewer) -> bool {
        match (self, viewer) {
            (_, Viewer::Referee) | (Audience::Everyone, _) => true,
            (Audience::Only(s), Viewer::Seat(v)) => s == v,
            (Audience::AllBut(s), Viewer::Seat(v)) => s != v,
            (Audience::Only(_) | Audience::AllBut(_), Viewer::Public) => false,
        }
    }
}

/// An event together with who may see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Noticed<E> {
    /// Who may see the event.
    pub audience: Audience,
    /// What happened, as data (the referee words it).
    pub event: E,
}

impl<E> Noticed<E> {
    /// An event for everyone.
    pub fn everyone(event: E) -> Self {
        Noticed { audience: Audience::Everyone, event }
    }

    /// An event for one seat only.
    pub fn only(seat: Seat, event: E) -> Self {
        Noticed { audience: Audience::Only(seat), event }
    }
}

/// The seed from which every random choice of one game derives. It is kept with the game, so
/// replaying (options, seed, actions) rebuilds the same state. Players never see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Seed(pub u64);

impl fmt::Display for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// One step of SplitMix64 (Steele, Lea and Flood): advances `state` and returns the next output.
/// The one deterministic generator of the project (seeds, Zobrist keys, playouts); `const` so
/// tables can be built at compile time.
#[must_use]
pub const fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A SplitMix64 stream, for random playouts in tools and tests.
#[derive(Debug, Clone)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next 64 bits.
    pub fn next_u64(&mut self) -> u64 {
        splitmix64(&mut self.0)
    }

    /// A number in `0..n` (0 when `n` is 0); the slight modulo bias does not matter for playouts.
    pub fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next_u64() % (n.max(1) as u64)).unwrap_or(0)
    }
}

/// A stable, kebab-case code for an error variant, used by tools (`arbiter play` prints it) and
/// by the referee to choose its wording.
pub trait ErrorCode {
    /// The code, e.g. `not-straight`.
    fn code(&self) -> &'static str;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn audiences_reach_exactly_the_viewers_they_name() {
        let (a, b) = (Seat(0), Seat(1));
        assert!(Audience::Everyone.reaches(Viewer::Public));
        assert!(Audience::Only(a).reaches(Viewer::Seat(a)));
        assert!(!Audience::Only(a).reaches(Viewer::Seat(b)));
        assert!(!Audience::Only(a).reaches(Viewer::Public));
        assert!(Audience::AllBut(a).reaches(Viewer::Seat(b)));
        assert!(!Audience::AllBut(a).reaches(Viewer::Seat(a)));
        assert!(!Audience::AllBut(a).reaches(Viewer::Public));
        assert!(Audience::Only(b).reaches(Viewer::Referee));
    }

    #[test]
    fn the_other_seat_of_a_pair_is_the_opposite_index() {
        assert_eq!(Seat(0).other(), Seat(1));
        assert_eq!(Seat(1).other(), Seat(0));
    }
}
