//! What perfect play yields from Chaos Clock's normal starts: the exact solver's value of each
//! start the ladder plays (`ladder_hidden`'s seeds) and of `count` more starts drawn from seeds
//! 0, 1, 2, …, tallied as 甲 wins, 乙 wins, 共赢 and 同输.
//!
//! ```text
//! cargo run -p arbiter-games --release --example chaos_clock_starts -- [count] [ladder_starts]
//! ```

use arbiter_games::core::Seed;
use arbiter_games::games::Game;
use arbiter_games::games::chaos_clock::{Options, State, fast, solver};

fn tally(label: &str, seeds: impl Iterator<Item = u64>) {
    let mut counts = [0usize; 6];
    for seed in seeds {
        let Ok(game) = State::new(&Options::default(), Seed(seed)) else { continue };
        let v = fast::value(&game.solver_pos(), fast::DEFAULT_BUDGET).map_or(5, usize::from);
        if let Some(c) = counts.get_mut(v) {
            *c += 1;
        }
    }
    let n: usize = counts.iter().sum();
    let pct = |k: usize| 100.0 * counts.get(k).copied().unwrap_or(0) as f64 / n.max(1) as f64;
    println!(
        "{label}: {n} starts: 甲 wins {} ({:.0}%), 乙 wins {} ({:.0}%), 共赢 {} ({:.0}%), 同输 {} ({:.0}%), unknown {}",
        counts[usize::from(solver::JIA_WINS)],
        pct(usize::from(solver::JIA_WINS)),
        counts[usize::from(solver::YI_WINS)],
        pct(usize::from(solver::YI_WINS)),
        counts[usize::from(solver::BOTH_WIN)],
        pct(usize::from(solver::BOTH_WIN)),
        counts[usize::from(solver::BOTH_LOSE)],
        pct(usize::from(solver::BOTH_LOSE)),
        counts[5],
    );
}

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let count = args.first().copied().unwrap_or(200);
    let ladder = args.get(1).copied().unwrap_or(20);
    // ladder_hidden's seeds for a three-character pairing such as `6:5` (start k is played
    // twice, once from each seat).
    tally("ladder starts", (0..ladder).map(|k| 0x5EED_0000 + k * 7919 + 3));
    tally("seeds 0..", 0..count);
}
