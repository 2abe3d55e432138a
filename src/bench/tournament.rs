//! `arbiter bench tournament` (issue 44's figure: pairing 200 players under 1 s on 2 cores):
//! a Swiss of `--players` players over `--rounds` rounds, timed twice.
//!
//! - **The pairing alone**: each round of the Dutch system (`arbiter_pairing::swiss::pair`)
//!   on the field as it stands, with random results (a white win, a draw or a black win, equal
//!   odds, from `--seed`).
//! - **Through the referee**: the same size of field joins a tournament in a temporary SQLite
//!   file (or `--db`); the time measured is the command that ends a round's last game, which
//!   reads the tournament, pairs the next round, creates its games and saves every
//!   announcement (the players' moves before it are not timed). Boards are not drawn.

use std::collections::HashMap;
use std::io::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use arbiter_pairing::Colour;
use arbiter_pairing::swiss::{Options, Player, PlayerId, pair};

use crate::store::{Location, Platform, Store};
use crate::table::clock::ManualClock;
use crate::table::{Chat, Incoming, Policy, Referee};

/// The platform the referee's part plays on.
const PLATFORM: Platform = Platform::Bench;

/// Options of `arbiter bench tournament`.
#[derive(Debug, Clone, clap::Args)]
pub struct TournamentBench {
    /// Players in the Swiss.
    #[arg(long, default_value_t = 200)]
    pub players: u32,
    /// Rounds.
    #[arg(long, default_value_t = 7)]
    pub rounds: u32,
    /// The results' seed.
    #[arg(long, default_value_t = 44)]
    pub seed: u64,
    /// The database for the referee's part (default: a temporary SQLite file).
    #[arg(long)]
    pub db: Option<Location>,
}

/// SplitMix64 from `seed`.
fn splitmix(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// The median and the maximum of `times`.
fn p50_max(mut times: Vec<Duration>) -> (f64, f64) {
    times.sort();
    let ms = |d: Option<&Duration>| d.copied().unwrap_or(Duration::ZERO).as_secs_f64() * 1e3;
    (ms(times.get(times.len() / 2)), ms(times.last()))
}

impl TournamentBench {
    /// Runs both measurements and prints them.
    ///
    /// # Errors
    ///
    /// The database cannot be opened, or the referee refused a command of the run (a bug).
    #[allow(clippy::disallowed_methods)] // a benchmark measures wall-clock time
    pub async fn run(&self) -> anyhow::Result<()> {
        let mut next = splitmix(self.seed);
        let mut field: Vec<Player> = (1..=self.players).map(|r| Player::new(r, r)).collect();
        let index: HashMap<PlayerId, usize> =
            field.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
        let mut times = Vec::new();
        for round in 1..=self.rounds {
            let start = Instant::now();
            let pairing = pair(&field, &Options::default()).map_err(|e| anyhow::anyhow!("{e}"))?;
            let took = start.elapsed();
            times.push(took);
            say!(
                "pairing, round {round}: {} games, {:.3} ms",
                pairing.games.len(),
                took.as_secs_f64() * 1e3
            );
            for g in &pairing.games {
                let white = u32::try_from(next() % 3).unwrap_or(1);
                let (w, b) = (index[&g.white], index[&g.black]);
                field[w].record_game(g.black, Colour::White, white, pairing.float_of(g.white));
                field[b].record_game(g.white, Colour::Black, 2 - white, pairing.float_of(g.black));
            }
            if let Some(b) = pairing.bye {
                field[index[&b]].record_bye(2);
            }
        }
        let (p50, max) = p50_max(times);
        say!(
            "pairing alone, {} players, {} rounds: p50 {p50:.3} ms, max {max:.3} ms",
            self.players,
            self.rounds
        );
        self.through_the_referee().await
    }

    /// The same size of Swiss through the referee: each round's pairing and start timed.
    #[allow(clippy::disallowed_methods)] // a benchmark measures wall-clock time
    async fn through_the_referee(&self) -> anyhow::Result<()> {
        let dir = tempfile::tempdir().context("creating a temporary directory")?;
        let db = self.db.clone().unwrap_or_else(|| Location::Sqlite(dir.path().join("bench.db")));
        let store = Store::connect(&db).await.with_context(|| format!("opening {db}"))?;
        let clock = Arc::new(ManualClock::new(crate::bot::script::EPOCH));
        let policies = HashMap::from([(
            PLATFORM,
            Policy { dm_needs_start: false, start_link: None, outbox: true, ..Policy::default() },
        )]);
        let referee = Referee::open(store, clock, self.seed, policies)
            .await
            .map_err(|e| anyhow::anyhow!("starting the referee: {e:?}"))?
            .without_images();
        let chat = Chat::Group(crate::store::ChatId::new("#bench"));
        let say = |user: &str, admin: bool, text: String| Incoming {
            platform: PLATFORM,
            user_name: user.to_string(),
            user_id: user.into(),
            chat: chat.clone(),
            input: text.into(),
            locale: None,
            is_admin: admin,
            scope: crate::table::Scope::default(),
        };
        let new = format!("/tournament new ultima format=swiss rounds={}", self.rounds);
        referee.handle(say("organiser", true, new)).await;
        for i in 1..=self.players {
            referee.handle(say(&format!("p{i}"), false, "/tournament join".into())).await;
        }
        let start = Instant::now();
        let mut out = referee.handle(say("organiser", true, "/tournament start".into())).await;
        let mut times = vec![start.elapsed()];
        let mut next = splitmix(self.seed);
        for round in 1..=self.rounds {
            say!(
                "referee, round {round}: paired and started in {:.1} ms",
                times[times.len() - 1].as_secs_f64() * 1e3
            );
            // The round's games, from its announcement: "N. white – black: #id, …".
            let games: Vec<(String, String, String)> = out
                .iter()
                .filter(|m| m.text.contains(" has started."))
                .flat_map(|m| m.text.lines().skip(1).map(str::to_string).collect::<Vec<_>>())
                .filter_map(|line| {
                    let (_, rest) = line.split_once(". ")?;
                    let (pair, result) = rest.split_once(": #")?;
                    let (white, black) = pair.split_once(" – ")?;
                    let id = result.split(',').next()?.to_string();
                    Some((white.to_string(), black.to_string(), id))
                })
                .collect();
            anyhow::ensure!(!games.is_empty(), "round {round} started no game");
            let (last, rest) = games.split_last().context("no game")?;
            for (white, black, id) in rest {
                let loser = if next().is_multiple_of(2) { white } else { black };
                referee.handle(say(loser, false, format!("/resign #{id}"))).await;
            }
            let start = Instant::now();
            out = referee.handle(say(&last.0, false, format!("/resign #{}", last.2))).await;
            times.push(start.elapsed());
        }
        // The last timing is the end, not a pairing.
        times.pop();
        let (p50, max) = p50_max(times);
        say!(
            "through the referee, {} players, {} rounds: a round paired and started (its games \
             created, every announcement saved) p50 {p50:.1} ms, max {max:.1} ms",
            self.players,
            self.rounds
        );
        Ok(())
    }
}
