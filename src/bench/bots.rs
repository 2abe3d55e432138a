//! `arbiter bench bots` (issue 43): for each game, a ladder of matches: the top level and
//! level 1 against a random player, and each level against the one below, from the game's
//! normal start, each start played twice with the seats exchanged. It prints each pairing's
//! wins, draws and losses (from the stronger side: the higher level, or the bot against the
//! random player) and its score, then each level's time per move (p50, p95, max) and the peak
//! memory. docs/bots.md records the figures.
//!
//! The matches run on `--threads` threads (default 1, so that a move's time is the time of a
//! move alone on its core); a match is [`crate::bots::arena::play`].

use std::collections::BTreeMap;
use std::io::Write as _;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::Context;

use crate::bots::arena::{self, Player};
use crate::bots::{MIN_LEVEL, TOP_LEVEL};
use crate::games::{AnyOptions, GameKind};

/// Options of `arbiter bench bots`.
#[derive(Debug, Clone, clap::Args)]
pub struct BotsBench {
    /// Only this game (its code); every game when not given.
    #[arg(long)]
    pub game: Option<String>,
    /// The game's options as `key=value` pairs separated by commas (with `--game`).
    #[arg(long, default_value = "")]
    pub options: String,
    /// Matches per pairing (rounded up to an even number: each start is played from both
    /// seats).
    #[arg(long, default_value_t = 10)]
    pub games: usize,
    /// Only these pairings, e.g. `6-r,2-1` (`r`: the random player); the whole ladder when not
    /// given.
    #[arg(long)]
    pub pairings: Option<String>,
    /// Actions after which a match stops as a draw.
    #[arg(long, default_value_t = 400)]
    pub max_plies: usize,
    /// The first start's seed; pair `i` uses `seed + i`.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Matches played at once.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
}

/// One pairing of a ladder: the stronger side (by rank) first.
type Pairing = (Player, Player);

/// What a pairing's matches added up to, from the first (stronger) side.
#[derive(Debug, Default, Clone)]
struct Tally {
    wins: usize,
    draws: usize,
    losses: usize,
    capped: usize,
    score: f64,
    plies: usize,
}

impl BotsBench {
    /// Plays the ladders and prints them.
    ///
    /// # Errors
    ///
    /// An unknown game or pairing, options the game refuses, or a bot that played an action
    /// its engine refused (a bug, named with its game and ply).
    #[allow(clippy::disallowed_methods)] // a benchmark measures wall-clock time
    pub fn run(&self) -> anyhow::Result<()> {
        let kinds: Vec<GameKind> = match &self.game {
            Some(code) => {
                vec![GameKind::from_code(code).with_context(|| format!("no game called {code}"))?]
            }
            None => GameKind::ALL.to_vec(),
        };
        let pairings = match &self.pairings {
            Some(text) => parse_pairings(text)?,
            None => ladder(),
        };
        let pairs = self.games.div_ceil(2);
        for kind in kinds {
            let options = if self.game.is_some() {
                AnyOptions::parse(kind, &self.options)?
            } else {
                AnyOptions::default_for(kind)
            };
            let summary = options.summary();
            let summary = if summary.is_empty() { "default options".into() } else { summary };
            say!(
                "{} ({summary}), {} matches a pairing, at most {} plies",
                kind.code(),
                pairs * 2,
                self.max_plies
            );
            let times: Mutex<BTreeMap<u8, Vec<Duration>>> = Mutex::new(BTreeMap::new());
            for &(strong, weak) in &pairings {
                let tally = self.pairing(&options, strong, weak, pairs, &times)?;
                let n = tally.wins + tally.draws + tally.losses;
                say!(
                    "  {strong} vs {weak}: {} won, {} drawn ({} at the ply cap), {} lost; score {:.0} % ({:.1}/{n}); {:.0} plies a match",
                    tally.wins,
                    tally.draws,
                    tally.capped,
                    tally.losses,
                    100.0 * tally.score / n.max(1) as f64,
                    tally.score,
                    tally.plies as f64 / n.max(1) as f64
                );
            }
            let times = times.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
            for (level, mut list) in times {
                list.sort();
                let at = |q: f64| {
                    let n = list.len();
                    if n == 0 {
                        Duration::ZERO
                    } else {
                        list.get(((n as f64 * q) as usize).min(n - 1)).copied().unwrap_or_default()
                    }
                };
                say!(
                    "  level {level}: {} moves; p50 {:.1} ms, p95 {:.1} ms, max {:.1} ms",
                    list.len(),
                    ms(at(0.5)),
                    ms(at(0.95)),
                    ms(list.last().copied().unwrap_or_default())
                );
            }
        }
        say!("peak memory {}", super::memory::peak_memory());
        Ok(())
    }

    /// Plays `pairs` starts twice each (seats exchanged) between `strong` and `weak`, adding
    /// each level's move times to `times`.
    #[allow(clippy::disallowed_methods)] // a benchmark measures wall-clock time
    fn pairing(
        &self,
        options: &AnyOptions,
        strong: Player,
        weak: Player,
        pairs: usize,
        times: &Mutex<BTreeMap<u8, Vec<Duration>>>,
    ) -> anyhow::Result<Tally> {
        let jobs: Vec<(u64, bool)> = (0..pairs)
            .flat_map(|i| {
                let seed = self.seed.wrapping_add(i as u64);
                [(seed, false), (seed, true)]
            })
            .collect();
        let next = Mutex::new(jobs.into_iter());
        let tally = Mutex::new(Tally::default());
        let failed: Mutex<Option<String>> = Mutex::new(None);
        let clock = Instant::now();
        std::thread::scope(|scope| {
            for _ in 0..self.threads.max(1) {
                scope.spawn(|| {
                    loop {
                        let job = next.lock().ok().and_then(|mut j| j.next());
                        let Some((seed, swapped)) = job else { break };
                        let players = if swapped { [weak, strong] } else { [strong, weak] };
                        let mut now = || clock.elapsed();
                        match arena::play(options, seed, players, self.max_plies, &mut now) {
                            Ok(report) => {
                                let strong_seat = crate::core::Seat(u8::from(swapped));
                                let score = report.score(strong_seat);
                                if let Ok(mut t) = tally.lock() {
                                    t.score += score;
                                    t.plies += report.plies;
                                    if report.result.is_none() {
                                        t.capped += 1;
                                    }
                                    match score {
                                        s if s > 0.75 => t.wins += 1,
                                        s if s < 0.25 => t.losses += 1,
                                        _ => t.draws += 1,
                                    }
                                }
                                if let Ok(mut times) = times.lock() {
                                    for (seat, list) in report.times.into_iter().enumerate() {
                                        if let Some(Player::Level(level)) = players.get(seat) {
                                            times.entry(*level).or_default().extend(list);
                                        }
                                    }
                                }
                            }
                            Err(e) => {
                                if let Ok(mut f) = failed.lock() {
                                    f.get_or_insert(e);
                                }
                                break;
                            }
                        }
                    }
                });
            }
        });
        if let Some(e) = failed.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner) {
            anyhow::bail!("{}: {e}", options.kind().code());
        }
        Ok(tally.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner))
    }
}

/// The whole ladder: the top level and level 1 against the random player, then each level
/// against the one below, strongest first.
fn ladder() -> Vec<Pairing> {
    let mut out = vec![
        (Player::Level(TOP_LEVEL), Player::Random),
        (Player::Level(MIN_LEVEL), Player::Random),
    ];
    for level in (MIN_LEVEL + 1..=TOP_LEVEL).rev() {
        out.push((Player::Level(level), Player::Level(level - 1)));
    }
    out
}

/// `6-r,2-1` as pairings.
fn parse_pairings(text: &str) -> anyhow::Result<Vec<Pairing>> {
    let player = |word: &str| -> anyhow::Result<Player> {
        match word.trim() {
            "r" | "random" => Ok(Player::Random),
            n => {
                let level: u8 = n.parse().with_context(|| format!("`{n}` is no level"))?;
                anyhow::ensure!(
                    (MIN_LEVEL..=TOP_LEVEL).contains(&level),
                    "levels are 1 to 6, not {level}"
                );
                Ok(Player::Level(level))
            }
        }
    };
    text.split(',')
        .map(|pair| {
            let (a, b) =
                pair.split_once('-').with_context(|| format!("`{pair}` is not like 6-r"))?;
            Ok((player(a)?, player(b)?))
        })
        .collect()
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
