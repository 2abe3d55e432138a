//! The `arbiter` binary: parses the command line and hands over to the library. `anyhow` is used
//! at this level only.

use std::ffi::OsString;
use std::fmt::Display;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, CommandFactory, Parser, Subcommand};

use arbiter::bot;
use arbiter::cli::{self, CliError, Setup};
use arbiter::config::Config;
use arbiter::store::Location;

/// A chat-bot referee for board games.
#[derive(Debug, Parser)]
#[command(name = "arbiter", version, about, long_about = None)]
struct Cli {
    /// The configuration file (default: config.toml when present).
    #[arg(long, global = true)]
    config: Option<PathBuf>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum RecordFormat {
    Text,
    Json,
}

#[derive(Debug, Subcommand)]
enum RatingsWhat {
    /// Recompute every rating from the stored results (ratings are derived data), and say
    /// whether they came out as they were kept.
    Rebuild {
        /// The database: a SQLite file or a postgres:// URL.
        #[arg(long)]
        db: Location,
    },
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Run the referee (the default): every chat platform whose token is configured (Telegram:
    /// TELEGRAM_TOKEN, Discord: DISCORD_TOKEN), or the console table when none is.
    Serve,
    /// Run a transcript and print one JSON line per message sent.
    Script {
        /// The database to use and keep, a SQLite file or a postgres:// URL (default: a
        /// temporary SQLite file).
        #[arg(long)]
        db: Option<Location>,
        /// The seed every game seed derives from.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// The transcript.
        file: PathBuf,
    },
    /// Draw one view of a game as a PNG.
    Render {
        #[command(flatten)]
        setup: SetupArgs,
        /// A seat's private view (e.g. p1).
        #[arg(long, group = "view")]
        seat: Option<String>,
        /// The public view (the default).
        #[arg(long, group = "view")]
        public: bool,
        /// Everything, as revealed after the game.
        #[arg(long, group = "view")]
        reveal: bool,
        /// Where to write the PNG.
        #[arg(short = 'o', long = "output")]
        output: PathBuf,
        /// Actions to apply first, as for `play`.
        #[arg(allow_hyphen_values = true)]
        actions: Vec<String>,
    },
    /// Print a game's record (docs/records.md): headers and every action with its public
    /// comment.
    Export {
        /// The database: a SQLite file or a postgres:// URL.
        #[arg(long)]
        db: Location,
        /// The game's id.
        #[arg(long, required_unless_present = "tournament", conflicts_with = "tournament")]
        game: Option<i64>,
        /// A tournament's id instead: its standings, crosstable, pairings and every game's
        /// record, as text.
        #[arg(long)]
        tournament: Option<i64>,
        /// `text` (the record format) or `json`.
        #[arg(long, value_enum, default_value_t = RecordFormat::Text)]
        format: RecordFormat,
    },
    /// Rebuild a finished game from a record file as a new game of the database, unrated
    /// unless --rated is given, and print its id. A game the database already holds (the one
    /// the record came from, or an earlier import of it) is refused.
    Import {
        /// The record (as `arbiter export` writes it).
        file: PathBuf,
        /// The database: a SQLite file or a postgres:// URL.
        #[arg(long)]
        db: Location,
        /// Rate the game as its record says (`Rated "yes"`), as the latest game to end;
        /// without it the imported game is unrated and moves no rating.
        #[arg(long)]
        rated: bool,
    },
    /// Write a finished game's replay (docs/community.md): a looping GIF, one picture per ply.
    Replay {
        /// The database: a SQLite file or a postgres:// URL.
        #[arg(long)]
        db: Location,
        /// The game's id.
        #[arg(long)]
        game: i64,
        /// Where to write the GIF.
        #[arg(short = 'o', long = "output")]
        output: PathBuf,
    },
    /// Apply the database's migrations and exit (docs/scale.md): the schema up to date before
    /// the bot starts.
    Migrate {
        /// The database, a SQLite file or a postgres:// URL (default: the configured one,
        /// `ARBITER_DATABASE`).
        #[arg(long)]
        db: Option<Location>,
    },
    /// Copy every game, user, waiting message, follow and setting of one database into
    /// another, empty one (docs/scale.md), e.g. `--from arbiter.db --to postgres://…`; then
    /// check the copy row by row and replay every game from it.
    Copy {
        /// The database to copy: a SQLite file or a postgres:// URL.
        #[arg(long)]
        from: Location,
        /// The empty database to copy into (created and migrated as needed).
        #[arg(long)]
        to: Location,
    },
    /// Ask the running bot's `/healthz` (docs/scale.md) and exit 0 when it is healthy, 1 when it
    /// is not: the Docker image's HEALTHCHECK.
    Health {
        /// The address it listens on (default: the configured `listen`, `ARBITER_LISTEN`).
        #[arg(long)]
        listen: Option<std::net::SocketAddr>,
    },
    /// Ratings (docs/community.md).
    Ratings {
        #[command(subcommand)]
        what: RatingsWhat,
    },
    /// Measure the referee: moves per second and latency over many concurrent games.
    Bench {
        #[command(subcommand)]
        what: BenchWhat,
    },
    /// Apply actions to a game and print the result as one JSON object.
    Play {
        #[command(flatten)]
        setup: SetupArgs,
        /// Actions, in order, each for whoever must act (quote actions that contain spaces).
        #[arg(allow_hyphen_values = true)]
        actions: Vec<String>,
    },
    /// Print the legal actions of the side to act, one per line, sorted (rabble: one unit's
    /// targets, with --from).
    Moves {
        #[command(flatten)]
        setup: SetupArgs,
        /// Rabble only: the targets of the unit on this square (its turns are infinite, so
        /// they are listed one origin at a time).
        #[arg(long)]
        from: Option<String>,
    },
    /// Solve a position exactly (chaos-clock only) and print one JSON object.
    Solve {
        #[command(flatten)]
        setup: SetupArgs,
        /// The position budget; past it the verdict is `unknown`, never a guess.
        #[arg(long, default_value_t = arbiter::games::chaos_clock::fast::DEFAULT_BUDGET)]
        max_positions: usize,
    },
    /// Count action sequences (perft) for games with finitely many actions: `depth d: count`
    /// for every depth up to N.
    Perft {
        #[command(flatten)]
        setup: SetupArgs,
        /// How many plies deep.
        #[arg(long)]
        depth: u32,
        /// First print each legal action with its count at the full depth.
        #[arg(long)]
        divide: bool,
    },
}

#[derive(Debug, Subcommand)]
enum BenchWhat {
    /// Concurrent Dark Fence games in one SQLite file, every announcement kept in the outbox
    /// (boards drawn only with `--images`).
    Referee(arbiter::bench::RefereeBench),
    /// Drawing and encoding each kind of board image.
    Render(arbiter::bench::RenderBench),
    /// A 100-ply replay (`/replay`): every picture drawn and the GIF encoded.
    Replay(arbiter::bench::ReplayBench),
    /// Perft leaf nodes per second on one thread (default: Ultima's start position, depth 4;
    /// `--position middle` for a crowded middle game).
    Perft(arbiter::bench::PerftBench),
    /// The exact Chaos Clock solver on random full starts: solved fraction, median and 95th
    /// percentile time, peak memory.
    #[command(name = "chaos-clock")]
    ChaosClock(arbiter::bench::ChaosClockBench),
    /// Checking one Rabble turn with 10^5 changed squares at coordinates near 10^15 and near
    /// 10^40, and with an empty change map.
    Rabble(arbiter::bench::RabbleBench),
    /// Each game's bot ladder: the top level and level 1 against a random player, each level
    /// against the one below; scores, time per move, peak memory (docs/bots.md).
    Bots(arbiter::bench::BotsBench),
    /// A Swiss of 200 players over 7 rounds: each round's pairing alone, and each round
    /// paired and started through the referee (issue 44's figure).
    Tournament(arbiter::bench::TournamentBench),
}

#[derive(Debug, Args)]
struct SetupArgs {
    /// The game: dark-fence, ultima, perfect10, chaos-clock or rabble.
    game: String,
    /// Options as key=value pairs separated by commas, e.g. board=5x5,report=dir16.
    #[arg(long, default_value = "")]
    options: String,
    /// Start from this position (the game's position text) instead of the start position.
    #[arg(long)]
    position: Option<String>,
    /// The seed for every random choice of the game.
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

impl From<SetupArgs> for Setup {
    fn from(a: SetupArgs) -> Setup {
        Setup { game: a.game, options: a.options, position: a.position, seed: a.seed }
    }
}

fn fail(error: &CliError) -> ExitCode {
    printed(print_lines([error.to_json()]), ExitCode::from(1))
}

/// Prints `lines` to stdout, one per line.
fn print_lines(lines: impl IntoIterator<Item = impl Display>) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    for line in lines {
        writeln!(out, "{line}")?;
    }
    out.flush()
}

/// `code` once the output is written. A reader that went away (`arbiter moves … | head`) ends
/// the output quietly, as for other command-line tools; any other failure to write is reported.
fn printed(written: std::io::Result<()>, code: ExitCode) -> ExitCode {
    match written {
        Ok(()) => code,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => code,
        Err(e) => {
            eprintln!("arbiter: writing the output: {e}");
            ExitCode::from(2)
        }
    }
}

/// Whether `error` comes from writing to a closed pipe.
fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|e| {
        e.downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// [`report`] for a command whose output is the point (`script`, `bench`): a closed pipe on
/// stdout ends it quietly and successfully.
fn report_output(result: anyhow::Result<()>) -> ExitCode {
    match result {
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        other => report(other),
    }
}

/// The command line with the options of a subcommand whose actions may begin with a hyphen
/// (`play` and `render`: a Rabble square such as `-1,5`) moved before its actions, and the
/// actions after `--`. Clap takes everything after the first such action as another action,
/// so `render ultima c2c5 -o x.png` would lose its `-o`. An argument is an option when it is
/// `--long` (known or not, so a misspelt one is refused) or a short option of the subcommand
/// (`-o`); any other argument, `-1,5>-1,6` included, is a value. Other command lines are
/// returned as they are.
fn options_first(args: Vec<OsString>) -> Vec<OsString> {
    let mut cli = Cli::command();
    cli.build();
    let find = |command: &clap::Command, text: &str| -> Option<clap::Arg> {
        let globals = cli.get_arguments().filter(|a| a.is_global_set());
        let mut all = command.get_arguments().chain(globals);
        match text.strip_prefix("--") {
            Some(long) => {
                let name = long.split_once('=').map_or(long, |(name, _)| name);
                all.find(|a| a.get_long() == Some(name)).cloned()
            }
            None => {
                let short = text.strip_prefix('-')?.chars().next()?;
                all.find(|a| a.get_short() == Some(short)).cloned()
            }
        }
    };
    // Whether `text` is an option whose value is the next argument (`-o x.png`, `--seed 3`).
    let value_follows = |command: &clap::Command, text: &str| {
        let attached = if text.starts_with("--") { text.contains('=') } else { text.len() > 2 };
        !attached && find(command, text).is_some_and(|a| a.get_action().takes_values())
    };
    // The subcommand, through `bench` and the options before it.
    let mut command = &cli;
    let mut at = 1;
    while let Some(arg) = args.get(at) {
        let Some(text) = arg.to_str() else { return args };
        if text == "--" {
            return args;
        }
        if text.starts_with('-') {
            at += 1 + usize::from(value_follows(command, text));
            continue;
        }
        match command.find_subcommand(text) {
            Some(sub) => command = sub,
            None => break,
        }
        at += 1;
    }
    if !command.get_positionals().any(clap::Arg::is_allow_hyphen_values_set) || at >= args.len() {
        return args;
    }
    let (mut options, mut values) = (Vec::new(), Vec::new());
    let mut rest = args[at..].iter();
    while let Some(arg) = rest.next() {
        match arg.to_str() {
            Some("--") => {
                values.extend(rest.by_ref().cloned());
            }
            Some(text) if text.starts_with("--") || find(command, text).is_some() => {
                options.push(arg.clone());
                if value_follows(command, text) {
                    options.extend(rest.next().cloned());
                }
            }
            _ => values.push(arg.clone()),
        }
    }
    let mut line = args[..at].to_vec();
    line.extend(options);
    if !values.is_empty() {
        line.push("--".into());
        line.extend(values);
    }
    line
}

/// A seed nobody can predict, for real games (commitment salts derive from it). std's hash
/// keys come from the operating system's randomness.
fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(u64::from(std::process::id()));
    h.finish()
}

fn runtime() -> anyhow::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread().enable_all().build().context("starting tokio")
}

fn serve(config_path: Option<&std::path::Path>) -> anyhow::Result<()> {
    let config = Config::load(config_path, |k| std::env::var(k).ok())?;
    let result = runtime()?.block_on(arbiter::serve::run(
        &config,
        random_seed(),
        arbiter::serve::shutdown_signal(),
    ));
    match result {
        // The console table's reader went away (`arbiter | head`): the session is over.
        Err(e) if !config.has_platform() && is_broken_pipe(&e) => Ok(()),
        other => other,
    }
}

/// `arbiter migrate`: opens the database, which applies every migration, and lists them.
fn migrate(config_path: Option<&std::path::Path>, db: Option<Location>) -> anyhow::Result<()> {
    let db = match db {
        Some(db) => db,
        None => Config::load(config_path, |k| std::env::var(k).ok())?.database,
    };
    runtime()?.block_on(async {
        let store =
            arbiter::store::Store::connect(&db).await.with_context(|| format!("opening {db}"))?;
        let applied = store.migrations().await.context("reading the migrations")?;
        let last = applied.last().map_or_else(String::new, |(v, d)| format!(", the last {v} {d}"));
        println!("{db}: up to date, {} migrations applied{last}.", applied.len());
        Ok(())
    })
}

/// `arbiter health`: 0 when the bot's `/healthz` says healthy, 1 when it answers otherwise, 2
/// when nothing answers.
fn health(config_path: Option<&std::path::Path>, listen: Option<std::net::SocketAddr>) -> ExitCode {
    let asked = (|| {
        let listen =
            match listen {
                Some(listen) => listen,
                None => Config::load(config_path, |k| std::env::var(k).ok())?.listen.ok_or_else(
                    || anyhow::anyhow!("no address: set listen (ARBITER_LISTEN) or pass --listen"),
                )?,
            };
        runtime()?.block_on(bot::health::ask(listen))
    })();
    match asked {
        Ok((code, body)) => {
            println!("{code} {body}");
            if code == 200 { ExitCode::SUCCESS } else { ExitCode::from(1) }
        }
        Err(e) => report(Err(e)),
    }
}

/// Opens an existing database (never creates a SQLite file for a typo).
async fn existing_store(db: &Location) -> anyhow::Result<arbiter::store::Store> {
    if let Some(path) = db.sqlite_path()
        && !path.exists()
    {
        anyhow::bail!("no database at {}", path.display());
    }
    arbiter::store::Store::connect(db).await.with_context(|| format!("opening {db}"))
}

/// `arbiter export`: prints game `id`'s record.
async fn export(db: &Location, id: i64, format: RecordFormat) -> anyhow::Result<()> {
    use arbiter::table::record;
    let store = existing_store(db).await?;
    let record = record::export(&store, arbiter::store::GameId(id)).await?;
    let kind = record
        .header("Game")
        .and_then(arbiter::games::GameKind::from_code)
        .context("the record names no game")?;
    let text = match format {
        RecordFormat::Text => record.to_text(kind),
        RecordFormat::Json => format!("{:#}\n", record.to_json(kind)),
    };
    print!("{text}");
    Ok(())
}

/// `arbiter export --tournament`: prints tournament `id`'s record.
async fn export_tournament(db: &Location, id: i64) -> anyhow::Result<()> {
    let store = existing_store(db).await?;
    let text = arbiter::table::tournament_record::export_tournament(&store, id).await?;
    print!("{text}");
    Ok(())
}

/// `arbiter replay`: writes game `id`'s replay to `output`.
async fn replay(db: &Location, id: i64, output: &std::path::Path) -> anyhow::Result<()> {
    let store = existing_store(db).await?;
    let (gif, frames) = arbiter::table::record::replay(&store, arbiter::store::GameId(id)).await?;
    std::fs::write(output, &gif).with_context(|| format!("writing {}", output.display()))?;
    println!("Wrote {} ({frames} frames, {} bytes).", output.display(), gif.len());
    Ok(())
}

/// `arbiter import`: rebuilds a finished game from a record file.
async fn import(file: &std::path::Path, db: &Location, rated: bool) -> anyhow::Result<()> {
    use arbiter::table::record;
    let text =
        std::fs::read_to_string(file).with_context(|| format!("reading {}", file.display()))?;
    let parsed = record::Record::parse(&text).with_context(|| format!("{}", file.display()))?;
    let store =
        arbiter::store::Store::connect(db).await.with_context(|| format!("opening {db}"))?;
    let id = record::import(&store, &parsed, rated)
        .await
        .with_context(|| format!("{}", file.display()))?;
    println!("Imported as #{id}.");
    Ok(())
}

/// `arbiter copy`: copies `from` into the empty `to`, then verifies the copy: every row read
/// back equal, every game replayed from the copied log.
async fn copy(from: &Location, to: &Location) -> anyhow::Result<()> {
    if from == to {
        anyhow::bail!("--from and --to name the same database");
    }
    let source = existing_store(from).await?;
    let target =
        arbiter::store::Store::connect(to).await.with_context(|| format!("opening {to}"))?;
    let copied = source.copy_into(&target).await.with_context(|| format!("copying into {to}"))?;
    println!(
        "Copied {} games ({} actions), {} users, {} waiting messages, {} follows, {} chat \
         languages and {} settings from {from} to {to}.",
        copied.games,
        copied.actions,
        copied.users,
        copied.messages,
        copied.follows,
        copied.chat_languages,
        copied.meta
    );
    // Verification: everything read back from the copy as it is in the source.
    let same = |what: &str, equal: bool| {
        if equal {
            Ok(())
        } else {
            Err(anyhow::anyhow!("the copy's {what} differ from the source's"))
        }
    };
    same("users", source.all_users().await? == target.all_users().await?)?;
    same("settings", source.all_meta().await? == target.all_meta().await?)?;
    same(
        "chat languages",
        source.all_chat_languages().await? == target.all_chat_languages().await?,
    )?;
    let follows = |mut f: Vec<arbiter::store::Follow>| {
        f.sort_by_key(|f| format!("{f:?}"));
        f
    };
    same("follows", follows(source.all_follows().await?) == follows(target.all_follows().await?))?;
    for platform in arbiter::store::Platform::ALL {
        same(
            "waiting messages",
            source.pending_messages(platform).await? == target.pending_messages(platform).await?,
        )?;
    }
    let statuses = [
        arbiter::store::GameStatus::Invited,
        arbiter::store::GameStatus::Active,
        arbiter::store::GameStatus::Over,
        arbiter::store::GameStatus::Aborted,
    ];
    let games = source.games_with_status(&statuses).await?;
    let mut replayed = 0;
    for game in &games {
        let copy = target.game(game.id).await?;
        same(&format!("game #{}", game.id), &copy == game)?;
        same(
            &format!("actions of game #{}", game.id),
            source.actions(game.id).await? == target.actions(game.id).await?,
        )?;
        replayed += arbiter::table::record::check_replay(&target, game.id)
            .await
            .with_context(|| format!("replaying game #{} from the copy", game.id))?;
    }
    let ratings = if source.all_ratings().await? == target.all_ratings().await? {
        "the ratings rebuilt there match the source's".to_string()
    } else {
        "the ratings were rebuilt there from the results and differ from the source's, which \
         were not up to date (`arbiter ratings rebuild` there says the same)"
            .to_string()
    };
    println!(
        "Verified: every row reads back the same, and all {} games replay from the copy ({replayed} \
         actions); {ratings}.",
        games.len()
    );
    Ok(())
}

/// `arbiter ratings rebuild`: recomputes the ratings of `db` and reports what changed.
async fn rebuild_ratings(db: &Location) -> anyhow::Result<()> {
    let store = existing_store(db).await?;
    let before = store.all_ratings().await.context("reading the ratings")?;
    let games = store.rebuild_ratings().await.context("rebuilding the ratings")?;
    let after = store.all_ratings().await.context("reading the ratings")?;
    let changed = after.iter().filter(|r| !before.contains(r)).count()
        + before
            .iter()
            .filter(|r| {
                !after.iter().any(|a| {
                    a.user_id == r.user_id
                        && a.kind == r.kind
                        && a.community == r.community
                        && a.platform == r.platform
                })
            })
            .count();
    println!(
        "Rebuilt {} ratings from {games} rated games: {}.",
        after.len(),
        if changed == 0 {
            "identical to those kept".to_string()
        } else {
            format!("{changed} differed from those kept and were replaced")
        }
    );
    Ok(())
}

fn report(result: anyhow::Result<()>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("arbiter: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// Whether an event may be logged at all, whatever the filter asks: at trace level tungstenite
/// prints every frame it sends, and the gateway's IDENTIFY frame carries the Discord token. (A
/// directive `tungstenite=debug` in the filter would cap it too, but it also turns tungstenite's
/// debug events on when the filter asks for less, which filled every log with frames.)
fn loggable(meta: &tracing::Metadata<'_>) -> bool {
    let frames =
        meta.target().starts_with("tungstenite") || meta.target().starts_with("tokio_tungstenite");
    !(frames && *meta.level() == tracing::Level::TRACE)
}

fn main() -> ExitCode {
    use std::io::IsTerminal;
    use tracing_subscriber::Layer;
    use tracing_subscriber::layer::SubscriberExt;
    use tracing_subscriber::util::SubscriberInitExt;
    let cli = Cli::parse_from(options_first(std::env::args_os().collect()));
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn"));
    // Colours only on a terminal: a file or a container's log collector gets plain text.
    let logs = tracing_subscriber::fmt::layer()
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .with_filter(filter)
        .with_filter(tracing_subscriber::filter::filter_fn(loggable));
    tracing_subscriber::registry().with(logs).init();
    match cli.command {
        None | Some(Command::Serve) => report(serve(cli.config.as_deref())),
        Some(Command::Script { db, seed, file }) => report_output(runtime().and_then(|rt| {
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            rt.block_on(bot::script::run_file(&file, db.as_ref(), seed, &mut out))?;
            std::io::Write::flush(&mut out).context("writing the output")
        })),
        Some(Command::Export { db, game: None, tournament: Some(id), .. }) => {
            report_output(runtime().and_then(|rt| rt.block_on(export_tournament(&db, id))))
        }
        Some(Command::Export { db, game, format, .. }) => {
            let game = game.unwrap_or_default();
            report_output(runtime().and_then(|rt| rt.block_on(export(&db, game, format))))
        }
        Some(Command::Replay { db, game, output }) => {
            report_output(runtime().and_then(|rt| rt.block_on(replay(&db, game, &output))))
        }
        Some(Command::Import { file, db, rated }) => {
            report_output(runtime().and_then(|rt| rt.block_on(import(&file, &db, rated))))
        }
        Some(Command::Copy { from, to }) => {
            report_output(runtime().and_then(|rt| rt.block_on(copy(&from, &to))))
        }
        Some(Command::Migrate { db }) => report(migrate(cli.config.as_deref(), db)),
        Some(Command::Health { listen }) => health(cli.config.as_deref(), listen),
        Some(Command::Ratings { what: RatingsWhat::Rebuild { db } }) => {
            report_output(runtime().and_then(|rt| rt.block_on(rebuild_ratings(&db))))
        }
        Some(Command::Bench { what: BenchWhat::Referee(bench) }) => {
            report_output(runtime().and_then(|rt| rt.block_on(bench.run())))
        }
        Some(Command::Bench { what: BenchWhat::Render(bench) }) => report_output(bench.run()),
        Some(Command::Bench { what: BenchWhat::Replay(bench) }) => report_output(bench.run()),
        Some(Command::Bench { what: BenchWhat::Perft(bench) }) => report_output(bench.run()),
        Some(Command::Bench { what: BenchWhat::ChaosClock(bench) }) => report_output(bench.run()),
        Some(Command::Bench { what: BenchWhat::Rabble(bench) }) => report_output(bench.run()),
        Some(Command::Bench { what: BenchWhat::Bots(bench) }) => report_output(bench.run()),
        Some(Command::Bench { what: BenchWhat::Tournament(bench) }) => {
            report_output(runtime().and_then(|rt| rt.block_on(bench.run())))
        }
        Some(Command::Solve { setup, max_positions }) => {
            match cli::solve(&setup.into(), max_positions) {
                Ok(out) => printed(print_lines([out]), ExitCode::SUCCESS),
                Err(e) => fail(&e),
            }
        }
        Some(Command::Play { setup, actions }) => match cli::play(&setup.into(), &actions) {
            Ok(out) => printed(print_lines([out]), ExitCode::SUCCESS),
            Err(e) => fail(&e),
        },
        Some(Command::Render { setup, seat, public: _, reveal, output, actions }) => {
            let which = match (seat, reveal) {
                (Some(seat), _) => cli::RenderView::Seat(seat),
                (None, true) => cli::RenderView::Reveal,
                (None, false) => cli::RenderView::Public,
            };
            match cli::render(&setup.into(), &actions, &which) {
                Ok(picture) => report(
                    std::fs::write(&output, &picture.png)
                        .with_context(|| format!("writing {}", output.display())),
                ),
                Err(e) => fail(&e),
            }
        }
        Some(Command::Perft { setup, depth, divide }) => {
            match cli::perft(&setup.into(), depth, divide) {
                Ok(lines) => printed(print_lines(lines), ExitCode::SUCCESS),
                Err(e) => fail(&e),
            }
        }
        Some(Command::Moves { setup, from }) => match match from {
            Some(from) => cli::moves_from(&setup.into(), &from),
            None => cli::moves(&setup.into()),
        } {
            Ok(list) => printed(print_lines(list), ExitCode::SUCCESS),
            Err(e) => fail(&e),
        },
    }
}
