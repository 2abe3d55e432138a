//! Times the Swiss pairing: `cargo run -p arbiter-pairing --release --example bench -- 200 7`
//! pairs a field of 200 players over 7 rounds with random results from a fixed seed and prints
//! each round's pairing time, then the median and the maximum. A third argument changes the
//! seed. Results are a white win, a draw or a black win with equal odds.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use arbiter_pairing::Colour;
use arbiter_pairing::swiss::{Options, Player, PlayerId, pair};

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let players = args.first().copied().unwrap_or(200) as u32;
    let rounds = args.get(1).copied().unwrap_or(7) as u32;
    let mut seed = args.get(2).copied().unwrap_or(44);
    let mut next = move || {
        // SplitMix64.
        seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let mut field: Vec<Player> = (1..=players).map(|rank| Player::new(rank, rank)).collect();
    let index: HashMap<PlayerId, usize> =
        field.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
    let mut times = Vec::new();
    for round in 1..=rounds {
        #[allow(clippy::disallowed_methods, reason = "a benchmark measures wall time")]
        let start = Instant::now();
        let pairing = match pair(&field, &Options::default()) {
            Ok(pairing) => pairing,
            Err(e) => {
                eprintln!("round {round}: {e}");
                return;
            }
        };
        let took = start.elapsed();
        times.push(took);
        println!(
            "round {round}: {} games, bye {:?}, relaxed {:?}, {:.3} ms",
            pairing.games.len(),
            pairing.bye,
            pairing.relaxed,
            took.as_secs_f64() * 1e3
        );
        for g in &pairing.games {
            let white = (next() % 3) as u32;
            let (w, b) = (index[&g.white], index[&g.black]);
            field[w].record_game(g.black, Colour::White, white, pairing.float_of(g.white));
            field[b].record_game(g.white, Colour::Black, 2 - white, pairing.float_of(g.black));
        }
        if let Some(b) = pairing.bye {
            field[index[&b]].record_bye(2);
        }
    }
    times.sort();
    let p50 = times.get(times.len() / 2).copied().unwrap_or(Duration::ZERO);
    let max = times.last().copied().unwrap_or(Duration::ZERO);
    println!(
        "{players} players, {rounds} rounds: pairing p50 {:.3} ms, max {:.3} ms",
        p50.as_secs_f64() * 1e3,
        max.as_secs_f64() * 1e3
    );
}
