//! The bots' ladder for Dark Fence, Chaos Clock and Rabble: each pairing plays `games` games
//! (each start twice, once with each player in each seat), through `bots::arena::play`, and prints the
//! scores and the time per move.
//!
//! ```text
//! cargo run -p arbiter-games --release --example ladder_hidden -- <game> [games] [max_plies] [options] [pairs]
//! ```
//!
//! `game` is a game code (`chaos-clock`, `dark-fence`, `rabble`); `options` the game's option
//! text (`-` for the defaults); `pairs` a comma list such as `6:r,2:1,3:2` (`r` = random), by
//! default the top level against random and each level against the one below.

// The ladder measures time per move: examples may read the clock, the engines may not.
#![allow(clippy::disallowed_methods)]

use std::time::{Duration, Instant};

use arbiter_games::bots::arena::{self, Player};
use arbiter_games::core::Seat;
use arbiter_games::games::{AnyOptions, GameKind};

fn player(text: &str) -> Player {
    match text {
        "r" => Player::Random,
        n => Player::Level(n.parse().unwrap_or(1)),
    }
}

fn percentile(times: &mut [Duration], p: f64) -> Duration {
    if times.is_empty() {
        return Duration::ZERO;
    }
    times.sort();
    let i = ((times.len() as f64 - 1.0) * p).round() as usize;
    times[i.min(times.len() - 1)]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = args.first().map_or("chaos-clock", String::as_str);
    let games: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(10);
    let max_plies: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(400);
    let options_text = args.get(3).map_or("-", String::as_str);
    let pairs = args.get(4).map_or("6:r,2:1,3:2,4:3,5:4,6:5", String::as_str);
    let Some(kind) = GameKind::from_code(code) else {
        eprintln!("unknown game {code}");
        std::process::exit(2);
    };
    let options = if options_text == "-" {
        AnyOptions::default_for(kind)
    } else {
        match AnyOptions::parse(kind, options_text) {
            Ok(o) => o,
            Err(e) => {
                eprintln!("bad options: {e}");
                std::process::exit(2);
            }
        }
    };
    let start = Instant::now();
    let mut clock = move || start.elapsed();
    println!("{code} [{options_text}] games={games} max_plies={max_plies}");
    for pair in pairs.split(',') {
        let Some((a, b)) = pair.split_once(':') else { continue };
        let (a, b) = (player(a), player(b));
        let (mut score, mut capped, mut errors) = (0.0, 0, 0);
        let mut times_a: Vec<Duration> = Vec::new();
        let mut plies = 0usize;
        for g in 0..games {
            // Games 2k and 2k + 1 play the same start, `a` in seat 0 then in seat 1: a start
            // that favours one seat (Chaos Clock's often do) counts once for each player.
            let seed = 0x5EED_0000 + (g / 2) * 7919 + u64::from(pair.len() as u32);
            let a_seat = Seat((g % 2) as u8);
            let players = if a_seat.0 == 0 { [a, b] } else { [b, a] };
            match arena::play(&options, seed, players, max_plies, &mut clock) {
                Ok(report) => {
                    score += report.score(a_seat);
                    if report.result.is_none() {
                        capped += 1;
                    }
                    plies += report.plies;
                    times_a.extend(report.times[a_seat.index()].iter().copied());
                }
                Err(e) => {
                    errors += 1;
                    eprintln!("game {g}: {e}");
                }
            }
        }
        let p50 = percentile(&mut times_a, 0.5);
        let p95 = percentile(&mut times_a, 0.95);
        let max = times_a.last().copied().unwrap_or_default();
        println!(
            "{a} vs {b}: {score:.1}/{games} = {:.0}% (capped {capped}, errors {errors}, avg plies {}); {a}: p50 {:.3}s p95 {:.3}s max {:.3}s over {} moves",
            100.0 * score / games as f64,
            plies / games.max(1) as usize,
            p50.as_secs_f64(),
            p95.as_secs_f64(),
            max.as_secs_f64(),
            times_a.len()
        );
    }
}
