//! The rules per game the referee asks about at the table, apart from the voice: the names
//! players type for a game, hidden information, which actions are secret, which wait for a
//! confirmation, how a typed action reads at the table, the turns to offer as a player types,
//! and whether agreed draws join a library. One [`Rules`] per game, by game kind ([`of`]);
//! `games.rs` asks it, and the voice words what it decides (a narrator never decides these).

mod contract;
pub(crate) mod dark_fence;
pub(crate) mod perfect10;
pub(crate) mod rabble;

use crate::games::GameKind;
pub(crate) use contract::Rules;

/// Ultima's rules: the defaults.
struct Ultima;

impl Rules for Ultima {
    fn names(&self) -> &'static [&'static str] {
        &["极相棋", "極相棋", "极相", "baroque", "baroque-chess", "baroque_chess"]
    }
}

/// Chaos Clock's rules: the defaults (its bot and solver are in `games.rs`).
struct ChaosClock;

impl Rules for ChaosClock {
    fn names(&self) -> &'static [&'static str] {
        &["混乱时钟", "混亂時鐘", "时钟", "chaos", "chaos_clock", "chaosclock"]
    }
}

/// The rules of `kind`.
pub(crate) fn of(kind: GameKind) -> &'static dyn Rules {
    match kind {
        GameKind::DarkFence => &dark_fence::DarkFence,
        GameKind::Ultima => &Ultima,
        GameKind::Perfect10 => &perfect10::Perfect10,
        GameKind::ChaosClock => &ChaosClock,
        GameKind::Rabble => &rabble::Rabble,
    }
}
