//! The `arbiter` binary: parses the command line and hands over to the library. `anyhow` is used
//! at this level only.

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use arbiter::cli::{self, CliError, Setup};

/// A chat-bot referee for board games.
#[derive(Debug, Parser)]
#[command(name = "arbiter", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Apply actions to a game and print the result as one JSON object.
    Play {
        #[command(flatten)]
        setup: SetupArgs,
        /// Actions, in order, each for whoever must act (quote actions that contain spaces).
        #[arg(allow_hyphen_values = true)]
        actions: Vec<String>,
    },
    /// Print the legal actions of the side to act, one per line, sorted.
    Moves {
        #[command(flatten)]
        setup: SetupArgs,
    },
}

#[derive(Debug, Args)]
struct SetupArgs {
    /// The game: dark-fence.
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
    println!("{}", error.to_json());
    ExitCode::from(1)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Play { setup, actions }) => match cli::play(&setup.into(), &actions) {
            Ok(out) => {
                println!("{out}");
                ExitCode::SUCCESS
            }
            Err(e) => fail(&e),
        },
        Some(Command::Moves { setup }) => match cli::moves(&setup.into()) {
            Ok(list) => {
                for line in list {
                    println!("{line}");
                }
                ExitCode::SUCCESS
            }
            Err(e) => fail(&e),
        },
        None => {
            // The console table and the chat front ends arrive with the referee (issue 3); until
            // then the binary is the analysis tool.
            println!(
                "arbiter: the referee and console table are not built yet.\n\
                 Try `arbiter play dark-fence 'A1-A4-B4-B3 R'` or `arbiter --help`."
            );
            ExitCode::SUCCESS
        }
    }
}
