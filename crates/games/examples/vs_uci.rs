//! Plays Perfect 10 x 10 between our bot and a UCI engine (Fairy-Stockfish on the variant file
//! of `tools/perfect10-oracle`) at fixed search depths, and prints each depth's score and our
//! time per move.
//!
//! ```text
//! cargo run --release --locked -p arbiter-games --example vs_uci -- \
//!     --engine /path/to/stockfish --ini /path/to/perfect10.ini \
//!     --depths 2,1,3 --games 20 --level 6 --seed 1 --max-plies 400 --opening-plies 2
//! ```
//!
//! Rules "tier promotions off for both": Fairy-Stockfish's variant file has only the last
//! promotion line, so our bot plays through `bots::perfect10::choose_with` with
//! `Promotions::LastRankOnly` (it neither plays nor expects a promotion on White's 6th/8th or
//! Black's 5th/3rd rank); the random opening plies never promote either.
//!
//! Our engine is the referee: it decides legality and every result (checkmate, passes, the
//! four-checks rule, insufficient material). The engine's moves go through our engine's
//! `legal_actions`; a move it refuses ends the game, is printed and counted apart (not in the
//! score). Before each of the engine's moves its own position (`d`) is compared with ours
//! (board and side to move), so a notation mismatch shows at once. Threefold repetition: our
//! engine only draws it on a claim; the engine under test cannot claim over UCI, and its own
//! rules (`nFoldRule = 3`) end the game there, so the harness claims for it when the position
//! on the board has occurred three times at its turn, or its move makes the third occurrence.
//! Our bot claims as it does in the game (when its search says it stands worse).
//!
//! Openings: game `g` plays opening `g / 2` (`--opening-plies` random plies, seeded), with our
//! bot White in even games and Black in odd ones; the bot's seed differs per game. A game that
//! reaches `--max-plies` counts as a draw and is reported as capped.
//!
//! Notation (the oracle's README): moves are from-square + to-square with ranks 1-10; the
//! engine appends `+` to a Rook's or Bishop's move onto the last rank (its automatic promotion)
//! and writes a pass as the king's square twice; it writes a promoted Rook/Bishop as `+R`/`+B`
//! in a FEN where we write `D`/`H`.

// The harness measures time per move and runs a process: examples may, the engines may not.
#![allow(clippy::disallowed_methods)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use arbiter_games::bots::perfect10::{Promotions, choose_with};
use arbiter_games::core::{GameResult, Seed, SplitMix64, ToAct};
use arbiter_games::games::Game;
use arbiter_games::games::perfect10::{
    Action, Color, Kind, Move, Options, START_FEN, Square, State,
};

/// A UCI engine on pipes.
struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Engine {
    fn start(path: &str, ini: &str) -> Engine {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {path}: {e}"));
        let input = child.stdin.take().expect("stdin");
        let output = BufReader::new(child.stdout.take().expect("stdout"));
        let mut engine = Engine { child, input, output };
        engine.send("uci");
        engine.wait_for("uciok");
        engine.send(&format!("setoption name VariantPath value {ini}"));
        engine.send("setoption name UCI_Variant value perfect10");
        engine.send("setoption name Threads value 1");
        engine.ready();
        engine
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("write to the engine");
        self.input.flush().expect("flush");
    }

    /// Reads lines until one starts with `prefix`, and returns it.
    fn wait_for(&mut self, prefix: &str) -> String {
        let mut line = String::new();
        loop {
            line.clear();
            let n = self.output.read_line(&mut line).expect("read from the engine");
            assert!(n > 0, "the engine closed its output while we waited for {prefix}");
            if line.starts_with(prefix) {
                return line.trim_end().to_string();
            }
        }
    }

    fn ready(&mut self) {
        self.send("isready");
        self.wait_for("readyok");
    }

    fn set_position(&mut self, moves: &[String]) {
        if moves.is_empty() {
            self.send(&format!("position fen {START_FEN}"));
        } else {
            self.send(&format!("position fen {START_FEN} moves {}", moves.join(" ")));
        }
    }

    /// The engine's FEN of the position last set (its `d` command).
    fn fen(&mut self) -> String {
        self.send("d");
        let line = self.wait_for("Fen: ");
        line.trim_start_matches("Fen: ").to_string()
    }

    fn best_move(&mut self, depth: u32) -> String {
        self.send(&format!("go depth {depth}"));
        let line = self.wait_for("bestmove");
        line.split_whitespace().nth(1).unwrap_or("").to_string()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.send("quit");
        let _ = self.child.wait();
    }
}

/// Board and side to move of a FEN, with a promoted Rook/Bishop written as `D`/`H`.
fn board_and_side(fen: &str) -> String {
    let normal = fen.replace("+R", "D").replace("+r", "d").replace("+B", "H").replace("+b", "h");
    normal.split_whitespace().take(2).collect::<Vec<_>>().join(" ")
}

fn king_square(game: &State, color: Color) -> Option<Square> {
    (0..10u8)
        .flat_map(|r| (0..10u8).map(move |f| Square::new(f, r)))
        .find(|&s| game.piece_at(s) == Some((color, Kind::King)))
}

/// `action` (about to be played in `game`) in the engine's notation; `None` for a bare claim.
fn to_uci(game: &State, action: &Action) -> Option<String> {
    let mv = match action {
        Action::Move { mv } | Action::Claim { with: Some(mv) } => mv,
        Action::Claim { with: None } => return None,
        Action::Pass => {
            let king = king_square(game, game.to_move()).expect("a king");
            return Some(format!("{king}{king}"));
        }
    };
    let mut text = format!("{}{}", mv.from, mv.to);
    if let Some(kind) = mv.promotion {
        text.push(kind.letter().to_ascii_lowercase());
    } else {
        let last = if game.to_move() == Color::White { 9 } else { 0 };
        let piece = game.piece_at(mv.from).map(|(_, k)| k);
        if mv.to.rank == last && matches!(piece, Some(Kind::Rook | Kind::Bishop)) {
            text.push('+');
        }
    }
    Some(text)
}

/// Splits `e9e10q` into squares and a promotion letter.
fn parse_uci(text: &str) -> Option<(Square, Square, Option<char>)> {
    let text = text.trim_end_matches('+');
    let bytes = text.as_bytes();
    let square_end = |start: usize| {
        let mut i = start + 1;
        while bytes.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        i
    };
    let mid = square_end(0);
    let end = square_end(mid);
    let from: Square = text.get(..mid)?.parse().ok()?;
    let to: Square = text.get(mid..end)?.parse().ok()?;
    let rest = text.get(end..)?;
    let mut chars = rest.chars();
    let promo = chars.next();
    if chars.next().is_some() {
        return None;
    }
    Some((from, to, promo))
}

/// The engine's move as our action, if our engine lists it.
fn from_uci(legal: &[Action], text: &str) -> Option<Action> {
    let (from, to, promo) = parse_uci(text)?;
    if from == to {
        return legal.contains(&Action::Pass).then_some(Action::Pass);
    }
    let promotion = match promo {
        Some(c) => Some(Kind::from_letter(c)?),
        None => None,
    };
    let mv = Move { from, to, promotion };
    // The engine's rules end the game at a third occurrence: claim it for the engine.
    let claim = Action::Claim { with: Some(mv) };
    if legal.contains(&claim) {
        return Some(claim);
    }
    let action = Action::Move { mv };
    legal.contains(&action).then_some(action)
}

fn is_tier_promotion(action: &Action) -> bool {
    matches!(action, Action::Move { mv } | Action::Claim { with: Some(mv) }
        if mv.promotion.is_some_and(|k| !Kind::promotions(3).contains(&k)))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum End {
    /// The game ended by our engine's rules: our score and the reason.
    Result(GameResult, &'static str),
    /// The ply cap.
    Capped,
    /// The engine's move was refused, or its position differed from ours.
    Refused,
}

struct Game1 {
    end: End,
    plies: usize,
    ours: Vec<Duration>,
    theirs: Vec<Duration>,
    moves: Vec<String>,
    note: String,
}

struct Settings {
    level: u8,
    seed: u64,
    max_plies: usize,
    opening_plies: usize,
}

fn play_game(engine: &mut Engine, settings: &Settings, depth: u32, g: u64) -> Game1 {
    let mut game = State::new(&Options::default(), Seed(0)).expect("start");
    let our_color = if g.is_multiple_of(2) { Color::White } else { Color::Black };
    let opening = g / 2;
    let mut rng = SplitMix64(settings.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (opening + 1));
    let bot_seed = settings.seed.wrapping_mul(1_000_003).wrapping_add(g);
    let mut moves: Vec<String> = Vec::new();
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    let mut plies = 0;
    let mut note = String::new();
    engine.send("ucinewgame");
    engine.ready();
    let end = loop {
        let seat = match game.to_act() {
            ToAct::Over(outcome) => break End::Result(outcome.result, outcome.reason),
            ToAct::Seat(seat, _) => seat,
        };
        if plies >= settings.max_plies {
            break End::Capped;
        }
        let legal = game.legal_actions(seat);
        let action = if plies < settings.opening_plies {
            let options: Vec<Action> = legal
                .iter()
                .copied()
                .filter(|a| matches!(a, Action::Move { .. }) && !is_tier_promotion(a))
                .collect();
            options[rng.below(options.len())]
        } else if game.to_move() == our_color {
            let start = Instant::now();
            let action =
                choose_with(&game, seat, settings.level, bot_seed, Promotions::LastRankOnly)
                    .expect("the bot answers when it is to act");
            ours.push(start.elapsed());
            action
        } else if legal.contains(&Action::Claim { with: None }) {
            Action::Claim { with: None }
        } else {
            engine.set_position(&moves);
            let theirs_fen = engine.fen();
            if board_and_side(&theirs_fen) != board_and_side(&game.position()) {
                note = format!("positions differ: ours {} theirs {theirs_fen}", game.position());
                break End::Refused;
            }
            let start = Instant::now();
            let text = engine.best_move(depth);
            theirs.push(start.elapsed());
            match from_uci(&legal, &text) {
                Some(action) => action,
                None => {
                    note = format!("refused {text} at {}", game.position());
                    break End::Refused;
                }
            }
        };
        if let Some(text) = to_uci(&game, &action) {
            moves.push(text);
        }
        if matches!(action, Action::Claim { .. }) {
            moves.push("claim".to_string());
        }
        game.play(seat, &action).unwrap_or_else(|e| panic!("{action} refused: {e}"));
        plies += 1;
    };
    // Claims are marked in the printed list only, not sent to the engine.
    Game1 { end, plies, ours, theirs, moves, note }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn times(list: &mut [Duration]) -> String {
    list.sort();
    format!(
        "{} moves, p50 {:.3?}, p95 {:.3?}, max {:.3?}",
        list.len(),
        percentile(list, 0.5),
        percentile(list, 0.95),
        list.last().copied().unwrap_or_default()
    )
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: vs_uci --engine PATH --ini PATH [--depths 1,2,3] [--games 20] [--level 6] \
                 [--seed 1] [--max-plies 400] [--opening-plies 2]";
    let flag = |name: &str| {
        args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).map(String::as_str)
    };
    let engine_path = flag("--engine").expect(usage);
    let ini = flag("--ini").expect(usage);
    let depths: Vec<u32> =
        flag("--depths").unwrap_or("1,2,3").split(',').map(|d| d.parse().expect(usage)).collect();
    let games: u64 = flag("--games").map_or(20, |n| n.parse().expect(usage));
    let settings = Settings {
        level: flag("--level").map_or(6, |n| n.parse().expect(usage)),
        seed: flag("--seed").map_or(1, |n| n.parse().expect(usage)),
        max_plies: flag("--max-plies").map_or(400, |n| n.parse().expect(usage)),
        opening_plies: flag("--opening-plies").map_or(2, |n| n.parse().expect(usage)),
    };
    println!(
        "vs_uci: engine {engine_path}, variant file {ini}, our level {}, seed {}, {games} games \
         a depth, ply cap {}, {} random opening plies, tier promotions off for both",
        settings.level, settings.seed, settings.max_plies, settings.opening_plies
    );
    let mut engine = Engine::start(engine_path, ini);
    for depth in depths {
        let (mut wins, mut draws, mut losses, mut capped, mut refused) = (0, 0, 0, 0, 0);
        let mut plies = 0;
        let mut reasons: Vec<(String, usize)> = Vec::new();
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        for g in 0..games {
            let our_color = if g.is_multiple_of(2) { Color::White } else { Color::Black };
            let report = play_game(&mut engine, &settings, depth, g);
            let (label, reason) = match report.end {
                End::Result(GameResult::Winner(s), reason) if s == our_color.seat() => {
                    wins += 1;
                    ("win", reason.to_string())
                }
                End::Result(GameResult::Winner(_), reason) => {
                    losses += 1;
                    ("loss", reason.to_string())
                }
                End::Result(_, reason) => {
                    draws += 1;
                    ("draw", reason.to_string())
                }
                End::Capped => {
                    draws += 1;
                    capped += 1;
                    ("draw", "ply cap".to_string())
                }
                End::Refused => {
                    refused += 1;
                    ("refused", "refused".to_string())
                }
            };
            if report.end != End::Refused {
                plies += report.plies;
            }
            let key = format!("{label} by {reason}");
            match reasons.iter_mut().find(|(k, _)| *k == key) {
                Some((_, n)) => *n += 1,
                None => reasons.push((key, 1)),
            }
            println!(
                "depth {depth} game {g} (ours {our_color}, opening {}): {label} ({reason}) after \
                 {} plies{}",
                g / 2,
                report.plies,
                if report.note.is_empty() { String::new() } else { format!("; {}", report.note) }
            );
            println!("  moves: {}", report.moves.join(" "));
            ours.extend(report.ours);
            theirs.extend(report.theirs);
        }
        let counted = wins + draws + losses;
        let score = f64::from(wins) + 0.5 * f64::from(draws);
        reasons.sort();
        println!(
            "== depth {depth}: level {} won {wins}, drew {draws} ({capped} capped), lost {losses} \
             of {counted}: {score}/{counted} = {:.1} %; refused {refused}; {:.1} plies a game",
            settings.level,
            if counted > 0 { 100.0 * score / f64::from(counted) } else { 0.0 },
            if counted > 0 { plies as f64 / f64::from(counted) } else { 0.0 }
        );
        println!(
            "   endings: {}",
            reasons.iter().map(|(k, n)| format!("{k} {n}")).collect::<Vec<_>>().join(", ")
        );
        println!("   our time: {}", times(&mut ours));
        println!("   engine time: {}", times(&mut theirs));
    }
}
