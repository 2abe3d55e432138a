//! Measures the bots' levels against each other: plays matches with `bots::arena::play` from the
//! normal start, both colours, a different seed per game, and prints each pairing's score and
//! the time per move of every level (p50, p95, max), read with the wall clock around each move.
//!
//! ```text
//! cargo run --release -p arbiter-games --example ladder -- ultima 10 300 6:r 2:1 3:2
//! ```
//!
//! Arguments: the game code, games per pairing (half with each colour), the ply cap (a capped
//! match counts as a draw), then pairings `A:B` (levels, or `r` for the random player); the
//! first player's score is reported.

use std::time::{Duration, Instant};

use arbiter_games::bots::arena::{self, Player};
use arbiter_games::core::Seat;
use arbiter_games::games::{AnyOptions, GameKind};

fn player(text: &str) -> Option<Player> {
    if text == "r" { Some(Player::Random) } else { text.parse().ok().map(Player::Level) }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

#[allow(clippy::disallowed_methods)] // a benchmark reads the clock; the engines never do
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: ladder <game> <games> <ply cap> <A:B>...";
    let kind = args.first().and_then(|c| GameKind::from_code(c)).expect(usage);
    let games: u64 = args.get(1).and_then(|n| n.parse().ok()).expect(usage);
    let cap: usize = args.get(2).and_then(|n| n.parse().ok()).expect(usage);
    let options = AnyOptions::default_for(kind);
    let start = Instant::now();
    let mut clock = move || start.elapsed();
    for pairing in args.iter().skip(3) {
        let (a, b) = pairing.split_once(':').expect(usage);
        let (a, b) = (player(a).expect(usage), player(b).expect(usage));
        let (mut score, mut wins, mut draws, mut capped, mut plies) = (0.0, 0, 0, 0, 0);
        let mut times: [Vec<Duration>; 2] = [Vec::new(), Vec::new()];
        for g in 0..games {
            // Even games: A is White (seat 0); odd games: A is Black.
            let a_seat = Seat((g % 2) as u8);
            let players = if g % 2 == 0 { [a, b] } else { [b, a] };
            let seed = 0x1ADD_E500 + g * 7919;
            let report = arena::play(&options, seed, players, cap, &mut clock)
                .unwrap_or_else(|e| panic!("{kind} {pairing} game {g}: {e}"));
            let s = report.score(a_seat);
            score += s;
            if s == 1.0 {
                wins += 1;
            } else if s == 0.5 {
                draws += 1;
            }
            if report.result.is_none() {
                capped += 1;
            }
            plies += report.plies;
            times[0].extend(&report.times[a_seat.index()]);
            times[1].extend(&report.times[a_seat.other().index()]);
            println!(
                "  {kind} {a} vs {b} game {g} ({}): {s} after {} plies{}",
                if a_seat.0 == 0 { "A white" } else { "A black" },
                report.plies,
                if report.result.is_none() { " (capped)" } else { "" }
            );
        }
        println!(
            "{kind} {a} vs {b}: {score}/{games} = {:.0} % ({wins} wins, {draws} draws of which \
             {capped} capped, {:.0} plies a game)",
            100.0 * score / games as f64,
            plies as f64 / games as f64
        );
        for (who, list) in [a, b].into_iter().zip(times.iter_mut()) {
            if matches!(who, Player::Random) {
                continue;
            }
            list.sort();
            println!(
                "  {who}: {} moves, p50 {:?}, p95 {:?}, max {:?}",
                list.len(),
                percentile(list, 0.5),
                percentile(list, 0.95),
                list.last().copied().unwrap_or_default()
            );
        }
    }
}
