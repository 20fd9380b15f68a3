//! `powderhorn`: start, inspect, play, verify and benchmark games from a terminal.
//!
//! Exit codes: 0 success, 1 error (bad file, unknown scenario, ...), 2 a refused
//! action (illegal, not this seat's turn, bad dice, nothing to undo).

mod commands;
mod error;
mod play;
mod render;
mod store;

use clap::{Parser, Subcommand};
use error::Refused;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "powderhorn", version, about = "Rules-enforced wargames in the terminal")]
struct Cli {
    /// A folder of data files (hexes.tsv, hexsides.tsv, rivers.tsv, blocks.tsv)
    /// that replace the reconstructed ones, e.g. with a printed game's values.
    /// A game made with it must be loaded with it.
    #[arg(long, global = true, value_name = "DIR")]
    data: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

/// Options shared by the commands that start a game.
#[derive(clap::Args)]
struct SetupArgs {
    /// Random seed (default: fresh entropy, printed).
    #[arg(long)]
    seed: Option<u64>,
    /// A rule option, KEY=VALUE (repeatable).
    #[arg(long = "option", value_name = "KEY=VALUE", value_parser = commands::parse_option)]
    options: Vec<(String, String)>,
}

#[derive(Subcommand)]
enum Command {
    /// List every scenario: its key, title and name.
    Scenarios,
    /// Start a game and write its save file.
    New {
        /// TITLE/SCENARIO, e.g. liberty/1775.
        scenario: String,
        #[command(flatten)]
        setup: SetupArgs,
        /// The save file to write.
        #[arg(short = 'o', long = "output")]
        output: PathBuf,
    },
    /// Title, scenario, seed, progress and who must act (or the outcome).
    Status { file: PathBuf },
    /// The legal actions of a seat, one a line: id and label.
    Legal {
        file: PathBuf,
        #[arg(long = "as", value_name = "SEAT")]
        seat: String,
    },
    /// Apply an action and save the game.
    Act {
        file: PathBuf,
        #[arg(long = "as", value_name = "SEAT")]
        seat: String,
        /// The action id (see `legal`).
        action: String,
        /// Dice to use for this action's rolls, e.g. 3,5,1 (referee mode).
        #[arg(long)]
        dice: Option<String>,
    },
    /// Take back the seat's last action, where the rules allow it.
    Undo {
        file: PathBuf,
        #[arg(long = "as", value_name = "SEAT")]
        seat: String,
    },
    /// What a seat (or a spectator) sees.
    View {
        file: PathBuf,
        #[arg(long = "as", value_name = "SEAT|spectator", default_value = "spectator")]
        seat: String,
        /// Print the view's JSON.
        #[arg(long)]
        json: bool,
    },
    /// The log entries a seat (or, without --as, a spectator) may read.
    Log {
        file: PathBuf,
        #[arg(long = "as", value_name = "SEAT")]
        seat: Option<String>,
    },
    /// Replay a save from its setup and actions and compare with its state.
    Verify { file: PathBuf },
    /// Play in the terminal against a random bot, or hotseat.
    Play {
        scenario: String,
        /// The seat you play, or `hotseat` for all of them.
        #[arg(long = "as", value_name = "SEAT|hotseat")]
        seat: String,
        #[command(flatten)]
        setup: SetupArgs,
        /// Save the game here on quitting or when it ends.
        #[arg(long)]
        save: Option<PathBuf>,
    },
    /// Information about a title's data.
    Data {
        #[command(subcommand)]
        what: DataCommand,
    },
    /// Time random games (typed actions, log off).
    Bench {
        scenario: String,
        #[arg(long, default_value_t = 10)]
        games: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long = "option", value_name = "KEY=VALUE", value_parser = commands::parse_option)]
        options: Vec<(String, String)>,
    },
}

#[derive(Subcommand)]
enum DataCommand {
    /// Every reconstructed data item of a title, with the reasoning behind it.
    Provenance { title: String },
}

fn run(cli: Cli) -> anyhow::Result<()> {
    use commands as c;
    if let Some(dir) = &cli.data {
        liberty::use_data_dir(dir).map_err(|e| anyhow::anyhow!("--data {}: {e}", dir.display()))?;
    }
    match cli.command {
        Command::Scenarios => c::scenarios(),
        Command::New {
            scenario,
            setup,
            output,
        } => c::new(&scenario, setup.seed, setup.options, &output),
        Command::Status { file } => c::status(&file),
        Command::Legal { file, seat } => c::legal(&file, &seat),
        Command::Act {
            file,
            seat,
            action,
            dice,
        } => c::act(&file, &seat, &action, dice.as_deref()),
        Command::Undo { file, seat } => c::undo(&file, &seat),
        Command::View { file, seat, json } => c::view(&file, &seat, json),
        Command::Log { file, seat } => c::log(&file, seat.as_deref()),
        Command::Verify { file } => c::verify(&file),
        Command::Play {
            scenario,
            seat,
            setup,
            save,
        } => {
            let stdin = std::io::stdin();
            let cfg = play::Config {
                scenario,
                who: seat,
                seed: setup.seed,
                options: setup.options,
                save,
                echo: !stdin.is_terminal(),
            };
            play::play(cfg, stdin.lock(), std::io::stdout().lock())
        }
        Command::Data {
            what: DataCommand::Provenance { title },
        } => c::provenance(&title),
        Command::Bench {
            scenario,
            games,
            seed,
            options,
        } => c::bench(&scenario, games, seed, options),
    }
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("powderhorn: {e:#}");
            if e.downcast_ref::<Refused>().is_some() {
                ExitCode::from(2)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}
