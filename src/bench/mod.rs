//! `arbiter bench referee`: sustained moves per second and per-move latency over many
//! concurrent Dark Fence games in one SQLite file, without images (issue 3's figure).
//! `arbiter bench render`: drawing and encoding each kind of board image. `arbiter bench perft`:
//! a game engine's move generator, as perft leaf nodes per second on one thread. `arbiter bench
//! bots`: each game's bot ladder ([`bots`]).
//!
//! Set-up (not timed): `--games` games are created and accepted through the referee, and for
//! each a sequence of moves that keeps it running is worked out with the engine. Timed: `--workers`
//! tasks submit those moves through `Referee::handle` as private-chat commands, each task owning
//! every `workers`-th game, round-robin, until `--moves` moves are in. Each move is validated,
//! saved in its own transaction and announced, exactly as in play.

use std::collections::HashMap;
use std::io::Write as _;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::Context;

use crate::core::Seed;
use crate::games::rabble::Int;
use crate::games::{AnyGame, AnyOptions, GameKind};
use crate::store::{GameStatus, Platform, Store};
use crate::table::clock::ManualClock;
use crate::table::{Chat, Incoming, Policy, Referee};

/// `println!` that hands a failed write (a reader that went away, as in `… | head`) back as an
/// error instead of panicking; the binary ends quietly on a closed pipe.
macro_rules! say {
    ($($arg:tt)*) => {
        writeln!(std::io::stdout().lock(), $($arg)*).context("writing the output")?
    };
}

const PLATFORM: Platform = Platform::Bench;

// After `say!`, which it uses.
mod bots;
mod memory;
mod tournament;
pub use bots::BotsBench;
use memory::peak_memory;
pub use tournament::TournamentBench;

/// Options of `arbiter bench referee`.
#[derive(Debug, Clone, clap::Args)]
pub struct RefereeBench {
    /// Concurrent games.
    #[arg(long, default_value_t = 10_000)]
    pub games: usize,
    /// Moves to time.
    #[arg(long, default_value_t = 20_000)]
    pub moves: usize,
    /// Tasks submitting moves at the same time.
    #[arg(long, default_value_t = 64)]
    pub workers: usize,
    /// The database: a SQLite file or a postgres:// URL (default: a temporary SQLite file,
    /// removed afterwards).
    #[arg(long)]
    pub db: Option<crate::store::Location>,
    /// Seed for the games and the move choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Draw the boards as served (each announcement's PNG is rendered and kept in the outbox
    /// with its move); without it no image is drawn.
    #[arg(long)]
    pub images: bool,
    /// Keep no outbox (announcements returned only, as the console does): the outbox's own cost
    /// is the difference with a run without it.
    #[arg(long)]
    pub no_outbox: bool,
    /// Referees sharing the database, as that many bot instances would (PostgreSQL only):
    /// each its own store and connections, in this process. A game's consecutive moves go to
    /// different instances in turn, as a load balancer spreading updates would send them, so
    /// every move is made on a copy another instance moved last.
    #[arg(long, default_value_t = 1)]
    pub instances: usize,
}

/// Options of `arbiter bench perft`.
///
/// Run it in release, e.g. the crowded Ultima middle game at depth 4:
/// `cargo run --release -- bench perft --game ultima --position middle`.
#[derive(Debug, Clone, clap::Args)]
pub struct PerftBench {
    /// The game's code.
    #[arg(long, default_value = "ultima")]
    pub game: String,
    /// Options as key=value pairs separated by commas.
    #[arg(long, default_value = "")]
    pub options: String,
    /// A position text, or `middle` for the game's crowded middle game ([`ULTIMA_MIDDLE_GAME`],
    /// [`PERFECT10_MIDDLE_GAME`]; default: the start position).
    #[arg(long)]
    pub position: Option<String>,
    /// How many plies deep.
    #[arg(long, default_value_t = 4)]
    pub depth: u32,
}

/// A crowded Ultima middle game (White to move, every piece still on the board): pincers
/// advanced on both wings, a leaper and a chameleon of each side developed, the black
/// immobilizer on d4 freezing three white pieces (so suicides are available), kings on their
/// start squares. It exercises far more of the move generator than the start position, where
/// only pincers can move: 48 legal actions instead of 32.
pub const ULTIMA_MIDDLE_GAME: &str =
    "c1xwk1l1/1pp1pp1p/p2l1xp1/3p4/2PiP3/P1L2X1P/1P1P1PP1/I1XKW1LC w";

/// A crowded Perfect 10 x 10 middle game: the spec's midgame position, whose Fairy-Stockfish
/// perft the spec gives.
pub const PERFECT10_MIDDLE_GAME: &str = crate::games::perfect10::SPEC_MIDDLE_GAME;

impl PerftBench {
    /// Runs perft once on one thread and prints the leaf nodes, the seconds and the nodes per
    /// second.
    ///
    /// # Errors
    ///
    /// The game, options or position are refused, or the game has unbounded actions.
    #[allow(clippy::disallowed_methods)] // a benchmark measures wall-clock time
    pub fn run(&self) -> anyhow::Result<()> {
        let position = match self.position.as_deref() {
            Some("middle") if self.game == "perfect10" => Some(PERFECT10_MIDDLE_GAME.to_string()),
            Some("middle") => Some(ULTIMA_MIDDLE_GAME.to_string()),
            other => other.map(str::to_string),
        };
        let setup = crate::cli::Setup {
            game: self.game.clone(),
            options: self.options.clone(),
            position,
            seed: 0,
        };
        let game = crate::cli::build(&setup).map_err(|e| anyhow::anyhow!("{}", e.message))?;
        if !game.exhaustive_actions() {
            anyhow::bail!(
                "`{}` has unboundedly many actions; perft counts only finite ones",
                self.game
            );
        }
        let started = Instant::now();
        let nodes = game.perft(self.depth);
        let seconds = started.elapsed().as_secs_f64();
        say!("position: {}", game.position());
        say!(
            "depth {}: {nodes} leaf nodes in {seconds:.3} s, {:.2} M nodes/s",
            self.depth,
            nodes as f64 / seconds.max(1e-9) / 1e6
        );
        Ok(())
    }
}

/// One kind of image to draw in `bench render`.
type Drawing<'a> = Box<dyn Fn() -> crate::render::Picture + 'a>;

/// Options of `arbiter bench render`.
#[derive(Debug, Clone, clap::Args)]
pub struct RenderBench {
    /// Images drawn per kind.
    #[arg(long, default_value_t = 200)]
    pub iterations: usize,
}

impl RenderBench {
    /// Draws each kind of image `iterations` times and prints the median and 95th percentile
    /// time (drawing and PNG encoding) and the size.
    ///
    /// # Errors
    ///
    /// A sample game cannot be set up.
    #[allow(clippy::disallowed_methods)] // a benchmark measures wall-clock time
    pub fn run(&self) -> anyhow::Result<()> {
        use crate::core::Viewer;
        use crate::render::board::{BoardView, Piece, Square};
        use crate::render::{Theme, render};

        let play = |options: &str, moves: &[&str]| -> anyhow::Result<AnyGame> {
            let o = AnyOptions::parse(GameKind::DarkFence, options)
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            let mut g = AnyGame::new(&o, Seed(3)).map_err(|e| anyhow::anyhow!("{e}"))?;
            for m in moves {
                let seat = g.to_act().seat().context("game over")?;
                let a = g.parse_action(seat, m).map_err(|e| anyhow::anyhow!("{e}"))?;
                g.play(seat, &a).map_err(|e| anyhow::anyhow!("{e}"))?;
            }
            Ok(g)
        };
        let mid = play("", &["A1-A4-B4-B3 R", "D4-D1 L", "B3-B1 D"])?;
        let over = play("", &["A1-A4-B4-B3 R", "D4-D1 L", "B3-B1 D", "D1-D3-B3 U"])?;
        let big = play("board=12x12,report=exact", &["A1-L1 D", "L12-A12 U", "L1-L6 L"])?;
        let theme = Theme::default();
        let mut kinds: Vec<(&str, Drawing<'_>)> = vec![
            (
                "dark-fence 4x4 seat view",
                Box::new(|| render(&mid.view(Viewer::Seat(crate::core::Seat(1))), "#1", &theme)),
            ),
            (
                "dark-fence 4x4 public view",
                Box::new(|| render(&mid.view(Viewer::Public), "#1", &theme)),
            ),
            (
                "dark-fence 4x4 reveal",
                Box::new(|| render(&over.view(Viewer::Public), "#1", &theme)),
            ),
            (
                "dark-fence 12x12 referee view",
                Box::new(|| render(&big.view(Viewer::Referee), "#1", &theme)),
            ),
        ];
        // The chess-like games' start positions as served, through their own renderers (the
        // figures of issue 22 are measured on these against the discs before them).
        let start = |kind: GameKind, options: &str| -> anyhow::Result<AnyGame> {
            let o = AnyOptions::parse(kind, options).map_err(|e| anyhow::anyhow!("{e}"))?;
            AnyGame::new(&o, Seed(3)).map_err(|e| anyhow::anyhow!("{e}"))
        };
        let ultima = start(GameKind::Ultima, "")?;
        let perfect10 = start(GameKind::Perfect10, "")?;
        let rabble = start(GameKind::Rabble, "select=off")?;
        kinds.push((
            "ultima start",
            Box::new(move || render(&ultima.view(Viewer::Public), "#1", &Theme::default())),
        ));
        kinds.push((
            "perfect10 start",
            Box::new(move || render(&perfect10.view(Viewer::Public), "#1", &Theme::default())),
        ));
        kinds.push((
            "rabble start",
            Box::new(move || render(&rabble.view(Viewer::Public), "#1", &Theme::default())),
        ));
        const CHINESE: [char; 10] = ['城', '騎', '教', '公', '王', '后', '相', '教', '騎', '城'];
        for (name, files, ranks, chinese) in [
            ("square board 8x8", 8u8, 8u8, false),
            ("square board 10x10", 10, 10, false),
            ("square board 10x10 Chinese", 10, 10, true),
        ] {
            let mut pieces = Vec::new();
            for file in 0..files {
                for (rank, owner) in [(0, 0), (1, 0), (ranks - 2, 1), (ranks - 1, 1)] {
                    let pawn = rank == 1 || rank == ranks - 2;
                    let label = match (chinese, pawn) {
                        (false, true) => 'P',
                        (false, false) => char::from(b'A' + file),
                        (true, true) => '兵',
                        (true, false) => CHINESE[usize::from(file % 10)],
                    };
                    pieces.push((
                        Square { file, rank },
                        Piece {
                            label: label.to_string(),
                            figure: None,
                            owner,
                            marked: file == 2 && rank == 1,
                        },
                    ));
                }
            }
            let view = BoardView {
                files,
                ranks,
                pieces,
                flipped: false,
                last_move: Some((Square { file: 4, rank: 1 }, Square { file: 4, rank: 3 })),
                captured: vec![Square { file: 3, rank: 4 }],
                check: Some(Square { file: 4, rank: ranks - 1 }),
                targets: Vec::new(),
                arrow: None,
                rectangle: None,
                taken: Vec::new(),
                notes: Vec::new(),
                caption: "#7 · White to move · 23h".into(),
            };
            kinds.push((
                name,
                Box::new(move || crate::render::board::render(&view, &Theme::default())),
            ));
        }
        for (name, draw) in &kinds {
            let mut times = Vec::with_capacity(self.iterations);
            let mut size = (0, 0, 0);
            for _ in 0..self.iterations.max(1) {
                let t0 = Instant::now();
                let p = draw();
                times.push(t0.elapsed());
                size = (p.width, p.height, p.png.len());
            }
            times.sort_unstable();
            let at = |q: f64| {
                times[((times.len() as f64 - 1.0) * q).round() as usize].as_secs_f64() * 1e3
            };
            say!(
                "{name:32} median {:6.2} ms  p95 {:6.2} ms  {}x{} px  {:.1} KB",
                at(0.5),
                at(0.95),
                size.0,
                size.1,
                size.2 as f64 / 1024.0
            );
        }
        Ok(())
    }
}

/// SplitMix64 for choosing moves.
fn next(state: &mut u64) -> u64 {
    crate::core::splitmix64(state)
}

/// Up to `plies` moves (as text) that keep a fresh referee-mode game running.
fn playout(plies: usize, rng: &mut u64) -> Vec<String> {
    let options = AnyOptions::parse(GameKind::DarkFence, "confirm_moves=false")
        .unwrap_or_else(|_| AnyOptions::default_for(GameKind::DarkFence));
    let Ok(mut game) = AnyGame::new(&options, Seed(0)) else { return Vec::new() };
    let mut moves = Vec::new();
    for _ in 0..plies {
        let Some(seat) = game.to_act().seat() else { break };
        let legal = game.legal_actions(seat);
        let start = usize::try_from(next(rng) % legal.len().max(1) as u64).unwrap_or(0);
        let pick = (0..legal.len()).map(|k| &legal[(start + k) % legal.len()]).find(|a| {
            let mut probe = game.clone();
            probe.play(seat, a).is_ok() && probe.to_act().outcome().is_none()
        });
        let Some(action) = pick.cloned() else { break };
        moves.push(game.format_action(&action));
        if game.play(seat, &action).is_err() {
            break;
        }
    }
    moves
}

fn user(game: usize, seat: usize) -> String {
    format!("u{}", game * 2 + seat)
}

impl RefereeBench {
    /// Runs the benchmark and prints the figures.
    ///
    /// # Errors
    ///
    /// The database cannot be created or a set-up command fails.
    #[allow(clippy::disallowed_methods)] // a benchmark measures wall-clock time
    pub async fn run(&self) -> anyhow::Result<()> {
        let dir = tempfile::tempdir().context("creating a temporary directory")?;
        let db = self
            .db
            .clone()
            .unwrap_or_else(|| crate::store::Location::Sqlite(dir.path().join("bench.db")));
        let store = Store::connect(&db).await.with_context(|| format!("opening {db}"))?;
        anyhow::ensure!(
            self.instances == 1 || store.is_shared(),
            "--instances {} needs a PostgreSQL database (--db postgres://…): a SQLite file is \
             served by one instance",
            self.instances
        );
        let clock = Arc::new(ManualClock::new(crate::bot::script::EPOCH));
        let policies = HashMap::from([(
            PLATFORM,
            Policy {
                dm_needs_start: false,
                default_lang: None,
                start_link: None,
                // Measured as served: every announcement saved in the outbox with its move.
                outbox: !self.no_outbox,
                ..Policy::default()
            },
        )]);
        let open = |store: Store| {
            let (clock, policies) = (clock.clone(), policies.clone());
            async move {
                let mut referee = Referee::open(store, clock, self.seed, policies)
                    .await
                    .map_err(|e| anyhow::anyhow!("starting the referee: {e:?}"))?;
                if !self.images {
                    referee = referee.without_images();
                }
                anyhow::Ok(Arc::new(referee))
            }
        };
        let referee = open(store.clone()).await?;
        let say = |user: String, chat: Chat, text: String| Incoming {
            platform: PLATFORM,
            user_name: user.clone(),
            user_id: user.into(),
            chat,
            input: text.into(),
            locale: None,
            is_admin: false,
            scope: crate::table::Scope::default(),
        };
        let setup = Instant::now();
        // Set up by as many tasks as the timed run uses (each game's commands in order).
        let mut tasks = Vec::new();
        for w in 0..self.workers.max(1) {
            let referee = referee.clone();
            let (workers, games) = (self.workers.max(1), self.games);
            tasks.push(tokio::spawn(async move {
                for g in (w..games).step_by(workers) {
                    let chat = Chat::Group(format!("#c{g}").into());
                    referee
                        .handle(say(
                            user(g, 0),
                            chat.clone(),
                            format!("/new dark-fence @{} confirm_moves=false", user(g, 1)),
                        ))
                        .await;
                    referee.handle(say(user(g, 1), chat, "/accept".into())).await;
                    // Each player has opened the private chat before (once per player, as in
                    // real use), so the timed moves measure moves, not first contacts.
                    for seat in 0..2 {
                        referee.handle(say(user(g, seat), Chat::Private, "/start".into())).await;
                    }
                }
            }));
        }
        for t in tasks {
            t.await.context("a set-up task failed")?;
        }
        let per_game = self.moves.div_ceil(self.games.max(1)) + 1;
        let mut rng = self.seed;
        let scripts: Vec<Vec<String>> =
            (0..self.games).map(|_| playout(per_game, &mut rng)).collect();
        eprintln!(
            "set up {} games and their moves in {:.1} s; timing {} moves with {} workers",
            self.games,
            setup.elapsed().as_secs_f64(),
            self.moves,
            self.workers
        );
        // The other instances start once the games exist (each rebuilds them all, as a start
        // does; not timed).
        let mut referees = vec![referee];
        for _ in 1..self.instances.max(1) {
            let store = Store::connect(&db).await.with_context(|| format!("opening {db}"))?;
            referees.push(open(store).await?);
        }
        let referees = Arc::new(referees);
        // What each instance did before the timed moves (a start reads every game): the
        // report below counts the timed run's work only.
        let before: Vec<crate::table::Work> = referees.iter().map(|r| r.work()).collect();
        let made: Arc<Vec<AtomicUsize>> =
            Arc::new((0..referees.len()).map(|_| AtomicUsize::new(0)).collect());
        let scripts = Arc::new(scripts);
        let budget = Arc::new(AtomicUsize::new(self.moves));
        let started = Instant::now();
        let mut tasks = Vec::new();
        for w in 0..self.workers.max(1) {
            let (referees, scripts, budget) = (referees.clone(), scripts.clone(), budget.clone());
            let made = made.clone();
            let workers = self.workers.max(1);
            let games = self.games;
            tasks.push(tokio::spawn(async move {
                let mut latencies = Vec::new();
                let mut refused = 0usize;
                let rounds = scripts.iter().map(Vec::len).max().unwrap_or(0);
                'outer: for round in 0..rounds {
                    for g in (w..games).step_by(workers) {
                        let Some(text) = scripts[g].get(round) else { continue };
                        if budget
                            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |b| b.checked_sub(1))
                            .is_err()
                        {
                            break 'outer;
                        }
                        let who = user(g, round % 2);
                        let instance = (g + round) % referees.len();
                        let referee = &referees[instance];
                        made[instance].fetch_add(1, Ordering::Relaxed);
                        let t0 = Instant::now();
                        let out =
                            referee.handle(say(who.clone(), Chat::Private, text.clone())).await;
                        latencies.push(t0.elapsed());
                        // A played move is announced to the channel; a refusal only answers the sender.
                        if !out.iter().any(|m| matches!(m.to, crate::table::reply::Dest::Chat(_))) {
                            refused += 1;
                        }
                    }
                }
                (latencies, refused)
            }));
        }
        let mut latencies: Vec<Duration> = Vec::new();
        let mut refused = 0;
        for t in tasks {
            let (l, r) = t.await.context("a worker failed")?;
            latencies.extend(l);
            refused += r;
        }
        let elapsed = started.elapsed();
        latencies.sort_unstable();
        let pct = |p: f64| {
            let i = ((latencies.len() as f64 - 1.0) * p).round() as usize;
            latencies.get(i).copied().unwrap_or_default()
        };
        let played = latencies.len();
        say!(
            "games: {}  instances: {}  workers: {}  moves: {}  refused: {}",
            self.games,
            self.instances.max(1),
            self.workers,
            played,
            refused
        );
        say!(
            "elapsed: {:.2} s  throughput: {:.0} moves/s",
            elapsed.as_secs_f64(),
            played as f64 / elapsed.as_secs_f64()
        );
        say!(
            "latency per move: p50 {:.2} ms  p99 {:.2} ms  max {:.2} ms",
            pct(0.50).as_secs_f64() * 1e3,
            pct(0.99).as_secs_f64() * 1e3,
            latencies.last().copied().unwrap_or_default().as_secs_f64() * 1e3
        );
        // Each instance's own share of the moves, and what keeping up with the others cost it.
        let (mut read_all, mut replayed_all) = (0, 0);
        for (i, referee) in referees.iter().enumerate() {
            let now = referee.work();
            let first = before.get(i).copied().unwrap_or_default();
            let read = now.games_read_again - first.games_read_again;
            let replayed = now.games_replayed - first.games_replayed;
            let moves = made[i].load(Ordering::Relaxed);
            (read_all, replayed_all) = (read_all + read, replayed_all + replayed);
            say!(
                "instance {}: moves sent {}  games held {}  games read again {}  rebuilt from \
                 their log {}",
                i + 1,
                moves,
                now.games_held,
                read,
                replayed
            );
        }
        say!(
            "games read again per move: {:.2}  rebuilt from their log per move: {:.2}",
            read_all as f64 / played.max(1) as f64,
            replayed_all as f64 / played.max(1) as f64
        );
        let stored: usize = {
            let mut n = 0;
            for row in store.games_with_status(&[GameStatus::Active, GameStatus::Over]).await? {
                n += store.actions(row.id).await?.len();
            }
            n
        };
        say!("actions stored: {stored}");
        say!("messages kept in the outbox: {}", store.pending_messages_count().await?);
        if refused > 0 || stored != played {
            anyhow::bail!("{refused} moves were refused and {stored} of {played} stored");
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Seat;

    #[test]
    fn the_middle_game_position_is_a_legal_ultima_position() {
        let options = AnyOptions::default_for(GameKind::Ultima);
        let game = AnyGame::from_position(&options, ULTIMA_MIDDLE_GAME, Seed(0)).expect("valid");
        assert_eq!(game.position(), ULTIMA_MIDDLE_GAME);
        assert!(game.to_act().seat().is_some());
    }

    #[test]
    fn playouts_are_reproducible_and_keep_the_game_running() {
        let (mut a, mut b) = (7, 7);
        let moves = playout(6, &mut a);
        assert_eq!(moves, playout(6, &mut b));
        assert!(!moves.is_empty());
        let options = AnyOptions::default_for(GameKind::DarkFence);
        let mut game = AnyGame::new(&options, Seed(0)).unwrap();
        for text in &moves {
            let seat = game.to_act().seat().unwrap_or(Seat(0));
            let action = game.parse_action(seat, text).unwrap();
            game.play(seat, &action).unwrap();
        }
        assert!(game.to_act().outcome().is_none(), "{moves:?}");
    }

    #[test]
    fn the_rabble_bench_turns_are_legal_but_the_one_named_illegal_on_every_board() {
        use crate::games::rabble::{Int, Side, notation};
        let huge: Int = format!("1{}", "0".repeat(40)).parse().unwrap();
        for (f, changes, holes) in [
            (Int::new(999_999_999_000_000), 0, 0),
            (Int::new(999_999_999_000_000), 2_000, 10_000),
            (huge, 2_000, 10_000),
        ] {
            let mut s = rabble_board(&f, 1, changes);
            assert!(s.board().change_count() >= changes);
            for (name, text) in rabble_turns(&f, holes) {
                let action = notation::parse(&text).unwrap();
                let verdict = s.validate(Side::Red, &action);
                assert_eq!(verdict.is_err(), name.starts_with("illegal"), "{name}: {verdict:?}");
            }
        }
    }
}

/// Options of `arbiter bench chaos-clock`: the exact solver on random full starts.
#[derive(Debug, Clone, clap::Args)]
pub struct ChaosClockBench {
    /// How many random starts (derangements from consecutive seeds).
    #[arg(long, default_value_t = 20)]
    pub starts: u64,
    /// The first seed; start `i` uses seed `seed + i`, exactly as `arbiter solve chaos-clock
    /// --seed` would.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// The position budget of each search.
    #[arg(long, default_value_t = crate::games::chaos_clock::fast::DEFAULT_BUDGET)]
    pub max_positions: usize,
}

impl ChaosClockBench {
    /// Solves each start, printing one line per start, then the solved fraction, the median and
    /// 95th percentile time and the peak memory (VmHWM).
    ///
    /// # Errors
    ///
    /// None in practice (kept for symmetry with the other benches).
    #[allow(clippy::disallowed_methods)] // a benchmark measures wall-clock time
    pub fn run(&self) -> anyhow::Result<()> {
        use crate::games::Game;
        use crate::games::chaos_clock::{Options, State, fast, solver};
        let mut times = Vec::new();
        let mut solved = 0u64;
        for i in 0..self.starts {
            let seed = Seed(self.seed.wrapping_add(i));
            let state = State::new(&Options::default(), seed)?;
            let pos = state.solver_pos();
            let started = Instant::now();
            let answer = fast::solve_best(&pos, self.max_positions);
            let seconds = started.elapsed().as_secs_f64();
            times.push(seconds);
            match answer {
                Ok(s) => {
                    solved += 1;
                    let best: Vec<String> = s.best().iter().map(ToString::to_string).collect();
                    say!(
                        "seed {}: {} {} best {} ({} positions, {seconds:.2} s)",
                        seed.0,
                        state.position(),
                        solver::Verdict::of(s.value, pos.side).code(),
                        best.join(" "),
                        s.positions
                    );
                }
                Err(b) => say!(
                    "seed {}: {} unknown (budget of {} positions exceeded, {seconds:.2} s)",
                    seed.0,
                    state.position(),
                    b.positions
                ),
            }
        }
        times.sort_by(f64::total_cmp);
        let at = |q: f64| {
            let n = times.len();
            if n == 0 { 0.0 } else { times[((n as f64 * q) as usize).min(n - 1)] }
        };
        say!(
            "solved {solved}/{}; median {:.2} s, p95 {:.2} s; peak memory {}",
            self.starts,
            at(0.5),
            at(0.95),
            peak_memory()
        );
        Ok(())
    }
}

/// Options of `arbiter bench rabble`: checking one Rabble turn against a board with many
/// changed squares at huge coordinates, and against an empty change map.
#[derive(Debug, Clone, clap::Args)]
pub struct RabbleBench {
    /// Changed squares scattered around the test pieces (the second run; the first has none
    /// but the test pieces themselves).
    #[arg(long, default_value_t = 100_000)]
    pub changes: usize,
    /// Where the test pieces stand: x and y near this value.
    #[arg(long, default_value_t = 999_999_999_000_000)]
    pub far: i64,
    /// Times each test turn is checked.
    #[arg(long, default_value_t = 2_000)]
    pub repeats: usize,
    /// Seed for the scattered changes.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// The test turns of the Rabble bench, relative to the far corner `(f, f)` in layer 3: each
/// reads rays through the scattered changes. Red is to move.
fn rabble_turns(f: &Int, holes: i64) -> Vec<(&'static str, String)> {
    let c = |dx: i64, dy: i64| format!("{},{},3", f + dx, f + dy);
    vec![
        (
            "dage rides its row of holes and captures",
            format!("{}x{}", c(0, -50), c(holes + 1, -50)),
        ),
        ("queen slides then steps", format!("{}>{}", c(0, -60), c(-5, -66))),
        ("cannon captures over a screen", format!("{}x{}", c(0, -70), c(0, -67))),
        ("chefu captures along a file", format!("{}x{}", c(0, -80), c(0, -79))),
        ("pawn leap-captures", format!("{}x{}", c(0, -90), c(0, -88))),
        ("drop onto an own unit", format!("drop N&{}", c(3, -95))),
        ("illegal: the dage cannot jump two screens", format!("{}x{}", c(0, -50), c(0, -40))),
        (
            "kings face off across layers",
            format!("{},{},3x{},{},9", f + 200, f - 200, f + 200, f - 200),
        ),
    ]
}

impl RabbleBench {
    /// Builds both boards, then prints the mean time per check of each test turn.
    ///
    /// # Errors
    ///
    /// A test turn that does not parse (a bug in the bench).
    #[allow(clippy::disallowed_methods)] // a benchmark measures wall-clock time
    pub fn run(&self) -> anyhow::Result<()> {
        use crate::games::rabble::{Side, notation};
        // The first board holds only the test pieces; the second also a run of 10^4 holes on
        // the dage's row and `changes` scattered changes; the third is the second near
        // x = y = 10^40, beyond any machine integer.
        let huge: Int = format!("1{}", "0".repeat(40)).parse().unwrap_or_default();
        for (f, changes) in
            [(Int::new(self.far), 0), (Int::new(self.far), self.changes), (huge, self.changes)]
        {
            let build = Instant::now();
            let mut s = rabble_board(&f, self.seed, changes);
            say!(
                "{} changed squares (built in {:.1} s), pieces near x = y = {f}:",
                s.board().change_count(),
                build.elapsed().as_secs_f64()
            );
            let mut worst: f64 = 0.0;
            let holes = if changes == 0 { 0 } else { 10_000 };
            for (name, text) in rabble_turns(&f, holes) {
                let action = notation::parse(&text).map_err(|e| anyhow::anyhow!("{text}: {e}"))?;
                let verdict = s.validate(Side::Red, &action);
                // Warm up (caches, the CPU's clock) before timing.
                for _ in 0..self.repeats {
                    let _ = std::hint::black_box(s.validate(Side::Red, &action));
                }
                let started = Instant::now();
                for _ in 0..self.repeats {
                    let _ = std::hint::black_box(s.validate(Side::Red, &action));
                }
                let micros = started.elapsed().as_secs_f64() * 1e6 / self.repeats.max(1) as f64;
                worst = worst.max(micros);
                let verdict = match verdict {
                    Ok(r) => format!("legal, cost {}", r.cost),
                    Err(e) => format!("refused: {e}"),
                };
                say!("  {micros:8.2} µs  {name} ({verdict})");
            }
            say!("  worst {worst:.2} µs per check");
        }
        Ok(())
    }
}

/// The Rabble bench's board: the test pieces of [`rabble_turns`] near `(f, f)` in layer 3
/// and, when `changes` > 0, a run of 10^4 holes on the dage's row plus `changes` scattered
/// changes (holes, pieces, stacks of both sides) in layers 3 and 4.
fn rabble_board(f: &Int, seed: u64, changes: usize) -> crate::games::rabble::State {
    use crate::core::SplitMix64;
    use crate::games::rabble::{Coord, Kind, Options, Side, State, Unit};

    let mut s = State::start(&Options { select: false, ..Options::default() });
    let mut rng = SplitMix64(seed);
    // Scatter `changes` squares over a square of side 3·√n around the far corner
    // (about one in nine changed), in layers 3 and 4: holes, pieces, stacks.
    let side = (3.0 * (changes as f64).sqrt()).max(1.0) as usize;
    let mut placed = 0;
    while placed < changes {
        let x = f - (side as i64) / 2 + rng.below(side) as i64;
        let y = f + (100 + rng.below(side) as i64);
        let c = Coord::xyz(x, y, 3 + rng.below(2) as i64);
        let owner = if rng.below(2) == 0 { Side::Red } else { Side::Blue };
        let cell = match rng.below(4) {
            0 => None,
            1 => Some(Unit::single(owner, Kind::N)),
            2 => Some(Unit { owner, pieces: vec![Kind::P, Kind::P] }),
            _ => Some(Unit::single(owner.other(), Kind::P)),
        };
        if s.board().get(&c) != cell {
            s.set_cell(&c, cell);
            placed += 1;
        }
    }
    let at = |dx: i64, dy: i64| Coord::xyz(f + dx, f + dy, 3);
    // The dage's row: a run of holes (none on the empty map), then a blue pawn.
    let holes = if changes == 0 { 0 } else { 10_000 };
    for k in 1..=holes {
        s.set_cell(&at(k, -50), None);
    }
    s.set_cell(&at(0, -50), Some(Unit::single(Side::Red, Kind::G)));
    s.set_cell(&at(holes + 1, -50), Some(Unit::single(Side::Blue, Kind::N)));
    s.set_cell(&at(3, -95), Some(Unit::single(Side::Red, Kind::P)));
    s.set_cell(&at(0, -60), Some(Unit::single(Side::Red, Kind::Q)));
    for k in 1..=5 {
        s.set_cell(&at(-k, -60 - k), None);
    }
    s.set_cell(&at(-5, -66), None);
    s.set_cell(&at(0, -70), Some(Unit::single(Side::Red, Kind::C)));
    s.set_cell(&at(0, -69), None);
    s.set_cell(&at(0, -80), Some(Unit::single(Side::Red, Kind::R)));
    s.set_cell(&at(0, -90), Some(Unit::single(Side::Red, Kind::P)));
    s.set_cell(&at(0, -88), Some(Unit::single(Side::Blue, Kind::P)));
    let king = |z: i64| Coord::xyz(f + 200, f - 200, z);
    s.set_cell(&king(3), Some(Unit::single(Side::Red, Kind::K)));
    s.set_cell(&king(9), Some(Unit::single(Side::Blue, Kind::K)));
    for z in 4..9 {
        s.set_cell(&king(z), None);
    }
    s
}

/// Options of `arbiter bench replay`.
#[derive(Debug, Clone, clap::Args)]
pub struct ReplayBench {
    /// Plies of the game replayed.
    #[arg(long, default_value_t = 100)]
    pub plies: usize,
    /// Times the whole replay is made.
    #[arg(long, default_value_t = 3)]
    pub iterations: usize,
    /// Also write the GIF here, to look at.
    #[arg(short = 'o', long = "output")]
    pub output: Option<PathBuf>,
}

impl ReplayBench {
    /// Plays `plies` legal moves of Perfect 10 x 10 (the largest standard board; each move the
    /// legal action at a fixed stride through the list, so every run plays the same game),
    /// then draws one picture per ply and encodes the GIF, `iterations` times: prints the
    /// median time (drawing and encoding, as `/replay` does) and the file's size and frames.
    ///
    /// # Errors
    ///
    /// The sample game cannot be set up or drawn.
    #[allow(clippy::disallowed_methods)] // a benchmark measures wall-clock time
    pub fn run(&self) -> anyhow::Result<()> {
        use crate::core::Viewer;
        use crate::render::{Theme, render};
        let options =
            AnyOptions::parse(GameKind::Perfect10, "").map_err(|e| anyhow::anyhow!("{e}"))?;
        let mut game = AnyGame::new(&options, Seed(1)).map_err(|e| anyhow::anyhow!("{e}"))?;
        let mut games = vec![game.clone()];
        for ply in 0..self.plies {
            let Some(seat) = game.to_act().seat() else { break };
            let legal = game.legal_actions(seat);
            let Some(action) = legal.get((ply * 7 + 3) % legal.len().max(1)) else { break };
            game.play(seat, action).map_err(|e| anyhow::anyhow!("{e}"))?;
            games.push(game.clone());
        }
        let theme = Theme::default();
        let mut times = Vec::new();
        let mut gif = Vec::new();
        for _ in 0..self.iterations.max(1) {
            let started = Instant::now();
            let pictures: Vec<crate::render::Picture> = games
                .iter()
                .enumerate()
                .map(|(i, g)| render(&g.view(Viewer::Public), &format!("#1 · ply {i}"), &theme))
                .collect();
            gif = crate::render::replay::gif(&pictures)?;
            times.push(started.elapsed());
        }
        times.sort_unstable();
        let median = times[times.len() / 2];
        let frames = crate::render::replay::frame_count(&gif)?;
        println!(
            "replay of {} plies (Perfect 10 x 10): {:.0} ms median of {} runs, {} frames, {} bytes ({:.2} MB)",
            games.len() - 1,
            median.as_secs_f64() * 1000.0,
            times.len(),
            frames,
            gif.len(),
            gif.len() as f64 / 1_000_000.0
        );
        if let Some(path) = &self.output {
            std::fs::write(path, &gif).with_context(|| format!("writing {}", path.display()))?;
        }
        Ok(())
    }
}
