//! Tuning Chaos Clock's levels: plays two players given as styles (`budget:blunder[:slip[:swindle]]`, the
//! blunder and slip chances in thousandths of moves, see `bots::chaos_clock::Style`), or `6` for the top
//! level, over `starts` starts, each from both seats (the seeds of `ladder_hidden`), and prints
//! the first player's score.
//!
//! ```text
//! cargo run -p arbiter-games --release --example chaos_clock_tune -- <starts> <a> <b> [max_plies]
//! ```
//!
//! `CC_TRACE=1` prints each game's end and the plies where the top level guessed;
//! `CC_TRACE=2` also each ply's proven value; `CC_ONLY=<start>` plays that start alone.

use arbiter_games::bots::chaos_clock::{self, Style};
use arbiter_games::core::{GameResult, Seat, Seed};
use arbiter_games::games::Game;
use arbiter_games::games::chaos_clock::{Options, State, fast};

#[derive(Clone, Copy)]
enum Who {
    Top,
    Styled(Style),
}

fn who(text: &str) -> Who {
    let parts: Vec<u64> = text.split(':').map(|p| p.parse().unwrap_or(0)).collect();
    match parts.as_slice() {
        [b, x, rest @ ..] => Who::Styled(Style {
            budget: usize::try_from(*b).unwrap_or(0),
            blunder: *x,
            slip: rest.first().copied().unwrap_or(0),
            swindle: rest.get(1).is_some_and(|s| *s > 0),
        }),
        _ => Who::Top,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let starts: u64 = args.first().and_then(|s| s.parse().ok()).unwrap_or(10);
    let a = who(args.get(1).map_or("6", String::as_str));
    let b = who(args.get(2).map_or("6", String::as_str));
    let max_plies: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(400);
    let (mut score, mut plies_all, mut capped) = (0.0, 0, 0);
    let trace = std::env::var_os("CC_TRACE").is_some();
    let only: Option<u64> = std::env::var("CC_ONLY").ok().and_then(|v| v.parse().ok());
    let deep = std::env::var("CC_TRACE").is_ok_and(|v| v == "2");
    let mut tally = [0usize; 4]; // a wins, b wins, 共赢, 同输 or cap
    for g in 0..2 * starts {
        let seed = 0x5EED_0000 + (g / 2) * 7919 + 3;
        let a_seat = Seat((g % 2) as u8);
        if only.is_some_and(|o| o != g / 2) {
            continue;
        }
        let Ok(mut game) = State::new(&Options::default(), Seed(seed)) else { continue };
        let mut plies = 0;
        let mut guessed = Vec::new();
        while plies < max_plies {
            let Some(seat) = game.to_act().seat() else { break };
            let player = if seat == a_seat { a } else { b };
            let ply_seed = seed ^ (plies as u64).wrapping_mul(0xA24B_AED4_963E_E407);
            let action = match player {
                Who::Top => chaos_clock::choose(&game, seat, 6, ply_seed).map(|c| {
                    if c.1 {
                        guessed.push(plies);
                    }
                    c.0
                }),
                Who::Styled(s) => chaos_clock::choose_with(&game, seat, s, ply_seed),
            };
            let Some(action) = action else { break };
            if deep {
                let v = fast::value(&game.solver_pos(), fast::DEFAULT_BUDGET);
                let n = game.legal_actions(seat).len();
                println!("  ply {plies} seat {} value {v:?} legal {n} plays {action}", seat.0);
            }
            if game.play(seat, &action).is_err() {
                break;
            }
            plies += 1;
        }
        plies_all += plies;
        if trace {
            let end = game.to_act().outcome();
            println!(
                "start {} a={} plies {plies} end {:?} guessed at {guessed:?}",
                g / 2,
                a_seat.0,
                end.map(|o| (o.result, o.reason))
            );
        }
        match game.to_act().outcome().map(|o| o.result) {
            Some(GameResult::Winner(w)) if w == a_seat => {
                score += 1.0;
                tally[0] += 1;
            }
            Some(GameResult::Winner(_)) => tally[1] += 1,
            Some(GameResult::BothWin) => {
                score += 0.5;
                tally[2] += 1;
            }
            Some(GameResult::BothLose | GameResult::Draw) => {
                score += 0.5;
                tally[3] += 1;
            }
            None => {
                score += 0.5;
                capped += 1;
                tally[3] += 1;
            }
        }
    }
    let games = 2 * starts;
    println!(
        "{} vs {}: {score:.1}/{games} = {:.0}% (a wins {}, b wins {}, 共赢 {}, 同输/cap {} (capped {capped}), avg plies {})",
        args.get(1).map_or("6", String::as_str),
        args.get(2).map_or("6", String::as_str),
        100.0 * score / games as f64,
        tally[0],
        tally[1],
        tally[2],
        tally[3],
        plies_all / games.max(1) as usize,
    );
}
