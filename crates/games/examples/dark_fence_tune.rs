//! Tuning Dark Fence's levels: plays two players given as `reasoning/slip/challenge_at[/slip_to]`
//! (see `bots::dark_fence::Profile`; a level alone, `1` to `6`, plays that level's profile)
//! over `games` games, each seed twice with the seats swapped (the seeds of
//! `ladder_hidden`), and prints the first player's score.
//!
//! ```text
//! cargo run -p arbiter-games --release --example dark_fence_tune -- <games> <options|-> <a> <b>
//! ```

use arbiter_games::bots::dark_fence::{self, Profile};
use arbiter_games::core::{GameResult, Seat, Seed, Viewer};
use arbiter_games::games::{AnyAction, AnyGame, AnyOptions, Game, GameKind};

fn who(text: &str) -> Profile {
    if !text.contains('/')
        && let Some(p) =
            text.parse::<usize>().ok().and_then(|l| dark_fence::PROFILES.get(l.checked_sub(1)?))
    {
        return *p;
    }
    let mut it = text.split('/').map(|x| x.parse::<u64>().unwrap_or(0));
    let reasoning = it.next().unwrap_or(6) as u8;
    let slip = it.next().unwrap_or(0);
    let challenge_at = it.next().unwrap_or(650);
    let slip_to = it.next().unwrap_or(1) as u8;
    Profile { reasoning, slip, slip_to, challenge_at }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().and_then(|s| s.parse().ok()).unwrap_or(40);
    let text = args.get(1).map_or("-", String::as_str);
    let kind = GameKind::DarkFence;
    let Ok(options) = (if text == "-" {
        Ok(AnyOptions::default_for(kind))
    } else {
        AnyOptions::parse(kind, text)
    }) else {
        eprintln!("bad options");
        std::process::exit(2);
    };
    let a = who(args.get(2).map_or("6", String::as_str));
    let b = who(args.get(3).map_or("5", String::as_str));
    let mut score = 0.0;
    let mut plies_all = 0;
    for g in 0..games {
        let seed = 0x5EED_0000 + (g / 2) * 7919 + 3;
        let a_seat = Seat((g % 2) as u8);
        let Ok(mut game) = AnyGame::new(&options, Seed(seed)) else { continue };
        let mut plies = 0;
        while plies < 400 {
            let Some(seat) = game.to_act().seat() else { break };
            let profile = if seat == a_seat { a } else { b };
            let ply_seed = seed ^ (plies as u64).wrapping_mul(0xA24B_AED4_963E_E407);
            let AnyGame::DarkFence(g) = &game else { break };
            let view = g.view(Viewer::Seat(seat));
            let Some(action) = dark_fence::choose_with(&view, profile, ply_seed) else {
                break;
            };
            if game.play(seat, &AnyAction::DarkFence(action)).is_err() {
                break;
            }
            plies += 1;
        }
        plies_all += plies;
        score += match game.to_act().outcome().map(|o| o.result) {
            Some(GameResult::Winner(w)) if w == a_seat => 1.0,
            Some(GameResult::Winner(_) | GameResult::BothLose) => 0.0,
            _ => 0.5,
        };
    }
    println!(
        "{} vs {} [{text}]: {score:.1}/{games} = {:.0}% (avg plies {})",
        args.get(2).map_or("6", String::as_str),
        args.get(3).map_or("5", String::as_str),
        100.0 * score / games as f64,
        plies_all / games.max(1) as usize
    );
}
