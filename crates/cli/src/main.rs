//! `powderhorn`: start, inspect, play, verify and benchmark games from a terminal.
//!
//! Exit codes: 0 success, 1 error (bad file, unknown scenario, ...), 2 a refused
//! action (illegal, not this seat's turn, bad dice, nothing to undo).

mod commands;
mod error;
mod play;
mod render;
mod simulate;
mod store;

use clap::{Parser, Subcommand};
use error::Refused;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

/// mimalloc, not the system's allocator: the titles' views are JSON trees
/// of many small allocations, and `fuzz` builds seven views a step; with it
/// a fuzz game takes about 0.6 of the CPU time (glibc's malloc and free
/// were 40-45% of it).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(name = "powderhorn", version, about = "Rules-enforced wargames in the terminal")]
struct Cli {
    /// A folder of data files that replace the reconstructed ones, e.g. with a
    /// printed game's values: each title reads DIR/TITLE/ if that folder exists
    /// (e.g. DIR/liberty/hexes.tsv, DIR/b2c/regions.tsv), else DIR itself.
    /// A game made with it must be loaded with it.
    #[arg(long, global = true, value_name = "DIR")]
    data: Option<PathBuf>,
    /// Without a command: serve the site on 127.0.0.1:8080 (as `serve`).
    #[command(subcommand)]
    command: Option<Command>,
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
    /// Serve the browser site and its JSON API (the default without a command).
    Serve {
        /// Address to listen on.
        #[arg(long, default_value = server::DEFAULT_ADDR)]
        addr: String,
        /// Where games are stored: a SQLite file (created if missing) or a
        /// PostgreSQL URL, postgres://user@host/db (several servers may share it).
        #[arg(long, default_value = server::DEFAULT_DB)]
        db: PathBuf,
        /// A host name the site is reached by, as the browser's address bar
        /// shows it: NAME or NAME:PORT, e.g. the public name behind a TLS
        /// reverse proxy (repeatable). Requests for other names are refused
        /// (421), and so are writes from pages of other sites (403). The
        /// address of --addr is always accepted, with localhost:PORT,
        /// 127.0.0.1:PORT and [::1]:PORT when it is a loopback or 0.0.0.0.
        #[arg(long = "host", value_name = "NAME")]
        hosts: Vec<String>,
        /// Let `GET /metrics` answer requests that carry `Authorization:
        /// Bearer TOKEN` (without it, only requests from this machine that no
        /// proxy forwarded).
        #[arg(long, value_name = "TOKEN")]
        metrics_token: Option<String>,
        #[command(flatten)]
        limits: server::Limits,
    },
    /// List every scenario: its key, title and name.
    Scenarios,
    /// Start a game and write its save file.
    ///
    /// A save file holds the whole game, both sides' hidden blocks and
    /// cards included: it serves play by e-mail between players who trust
    /// each other, a referee, or a review. For fog of war between strangers,
    /// play on the server (`powderhorn serve`, an invite link).
    New {
        /// TITLE/SCENARIO, e.g. liberty/1775.
        scenario: String,
        #[command(flatten)]
        setup: SetupArgs,
        /// What the set-up draws, by name, in order (referee mode;
        /// repeatable): Liberty's first deal, British hand first (`--draw s3`).
        #[arg(long = "draw", value_name = "NAME")]
        draws: Vec<String>,
        /// The save file to write.
        #[arg(short = 'o', long = "output")]
        output: PathBuf,
    },
    /// Title, scenario, seed, progress and who must act (or the outcome);
    /// with `--as`, what that seat is asked (a prompt is its seat's own).
    Status {
        file: PathBuf,
        #[arg(long = "as", value_name = "SEAT")]
        seat: Option<String>,
    },
    /// The legal actions of a seat, one a line: id and label.
    Legal {
        file: PathBuf,
        #[arg(long = "as", value_name = "SEAT")]
        seat: String,
    },
    /// Why a seat may not act on a space or piece now ("why not?"): the
    /// legal actions that point at it, or the rules that forbid it.
    Why {
        file: PathBuf,
        #[arg(long = "as", value_name = "SEAT")]
        seat: String,
        /// A space or piece id, as the legal actions' targets name them
        /// (`powderhorn view --json`).
        target: String,
    },
    /// Apply an action and save the game.
    Act {
        file: PathBuf,
        #[arg(long = "as", value_name = "SEAT")]
        seat: String,
        /// The action id (see `legal`).
        action: String,
        /// Dice to use for this action's rolls, e.g. 3,5,1 (referee mode);
        /// more dice than it rolls refuse it.
        #[arg(long)]
        dice: Option<String>,
        /// What this action draws, by name, in the order it draws (referee
        /// mode; repeatable): a Liberty block id (`--draw a-morgan`) or card
        /// key (`--draw s3`), a Revolution Road card number (`--draw 7`).
        #[arg(long = "draw", value_name = "NAME")]
        draws: Vec<String>,
    },
    /// Take back the seat's last action, where the rules allow it.
    Undo {
        file: PathBuf,
        #[arg(long = "as", value_name = "SEAT")]
        seat: String,
    },
    /// Resign: the game ends, won by the other side of a two-seat title.
    Resign {
        file: PathBuf,
        #[arg(long = "as", value_name = "SEAT")]
        seat: String,
    },
    /// Offer a draw where the rules provide one (FIW 29.3), or accept the
    /// other side's standing offer, which ends the game drawn. An offer
    /// stands until the other side answers or a move is played.
    Draw {
        file: PathBuf,
        #[arg(long = "as", value_name = "SEAT")]
        seat: String,
        /// Decline the other side's offer instead.
        #[arg(long)]
        decline: bool,
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
    /// Replay a save from its setup and actions and compare with its state;
    /// or check a server game's record (GET /api/games/ID/record, once the
    /// game is over): its seed matches the commitment shown at the start and
    /// its moves replay to the outcome announced.
    Verify {
        file: PathBuf,
        /// Instead, replay the save's moves under this build's rules,
        /// whatever rules it was saved under, and print per move a digest of
        /// who had to act and their legal actions, then the outcome: two
        /// builds that print the same play the game alike (a bot pairing's
        /// games are so checked after a rules change, tools/sims/sims.py).
        #[arg(long)]
        trace: bool,
    },
    /// Play in the terminal against a bot (see --opponent), or hotseat.
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
        /// The bot playing the other seats: random, greedy,
        /// ismcts:easy|normal|hard or ismcts:ITERATIONS.
        #[arg(long, default_value = "random", value_name = "BOT")]
        opponent: String,
    },
    /// Play many seeded games between bots: win rates, lengths, margins
    /// (`simulate merge a.json b.json` combines the results of shards).
    #[command(args_conflicts_with_subcommands = true)]
    Simulate {
        #[command(subcommand)]
        merge: Option<SimulateCommand>,
        #[command(flatten)]
        run: SimulateArgs,
    },
    /// Information about a title's data.
    Data {
        #[command(subcommand)]
        what: DataCommand,
    },
    /// Time random games (typed actions, log off), or with --bot the
    /// decisions of a bot playing every seat.
    Bench {
        scenario: String,
        #[arg(long, default_value_t = 10)]
        games: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long = "option", value_name = "KEY=VALUE", value_parser = commands::parse_option)]
        options: Vec<(String, String)>,
        /// Play each action by its id through the session (log on, undo
        /// snapshots), as the CLI and the server do, instead of typed
        /// actions with the log off.
        #[arg(long, conflicts_with = "bot")]
        session: bool,
        /// Time this bot's decisions (e.g. ismcts:normal) instead of random games.
        #[arg(long)]
        bot: Option<String>,
        /// Search trees per decision with --bot (default: one per core).
        #[arg(long)]
        trees: Option<usize>,
        /// Stop after this many timed decisions with --bot.
        #[arg(long, default_value_t = 300)]
        decisions: usize,
    },
    /// Play seeded random games under every check of the conformance
    /// harness at every step; each failure is written as the save file
    /// that reproduces it. Exits 1 when a game failed.
    ///
    /// The summary gives the games, actions, failures, time and the seed
    /// range; a long run says how far it is every 30 s on stderr, with the
    /// seed below which every game is done. A run stopped there goes on in
    /// another session with `--seed` at that seed and `--games` the rest:
    /// a seed is always the same game, whatever the threads.
    Fuzz(commands::FuzzRun),
}

/// `powderhorn simulate TITLE/SCENARIO ...`.
#[derive(clap::Args)]
struct SimulateArgs {
    /// TITLE/SCENARIO, e.g. liberty/1775.
    scenario: Option<String>,
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// The bot of a seat, SEAT=BOT (repeatable; BOT is random, greedy,
    /// ismcts:easy|normal|hard or ismcts:ITERATIONS; default random).
    #[arg(long = "seat", value_name = "SEAT=BOT")]
    seats: Vec<String>,
    /// Games played at once (default: all cores). Results do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
    /// Game i is played from seed SEED+i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[arg(long = "option", value_name = "KEY=VALUE", value_parser = commands::parse_option)]
    options: Vec<(String, String)>,
    /// Play only the i-th of n equal slices of the games (merge them later).
    #[arg(long, value_name = "i/n")]
    shard: Option<String>,
    /// A game not over after this many actions stops as a draw.
    #[arg(long, default_value_t = 20_000)]
    max_actions: usize,
    /// Write each game's save file into DIR (game-N.json, N the game's index
    /// in the run), to read a game back with `powderhorn log`.
    #[arg(long, value_name = "DIR")]
    save_games: Option<PathBuf>,
    #[command(flatten)]
    output: SimulateOutput,
}

#[derive(clap::Args)]
struct SimulateOutput {
    /// Write the results (every game and the summary) as JSON.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Draw win rates and margins as an SVG chart.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

#[derive(Subcommand)]
enum SimulateCommand {
    /// Combine the JSON results of shards (or runs) of one configuration.
    Merge {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        #[command(flatten)]
        output: SimulateOutput,
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
        for t in catalog::titles() {
            let key = (t.info)().key;
            let own = dir.join(key);
            let from = if own.is_dir() { own } else { dir.clone() };
            (t.use_data_dir)(&from).map_err(|e| anyhow::anyhow!("--data {} ({key}): {e}", from.display()))?;
        }
    }
    let Some(command) = cli.command else {
        return serve(&server::Config::new(server::DEFAULT_ADDR, server::DEFAULT_DB));
    };
    match command {
        Command::Serve {
            addr,
            db,
            hosts,
            metrics_token,
            limits,
        } => serve(&server::Config {
            addr,
            db: db.to_string_lossy().into_owned(),
            hosts,
            limits,
            metrics_token,
        }),
        Command::Scenarios => c::scenarios(),
        Command::New {
            scenario,
            setup,
            draws,
            output,
        } => c::new(&scenario, setup.seed, setup.options, &draws, &output),
        Command::Status { file, seat } => c::status(&file, seat.as_deref()),
        Command::Legal { file, seat } => c::legal(&file, &seat),
        Command::Why { file, seat, target } => c::why(&file, &seat, &target),
        Command::Act {
            file,
            seat,
            action,
            dice,
            draws,
        } => c::act(&file, &seat, &action, dice.as_deref(), &draws),
        Command::Undo { file, seat } => c::undo(&file, &seat),
        Command::Resign { file, seat } => c::resign(&file, &seat),
        Command::Draw { file, seat, decline } => c::draw(&file, &seat, decline),
        Command::View { file, seat, json } => c::view(&file, &seat, json),
        Command::Log { file, seat } => c::log(&file, seat.as_deref()),
        Command::Verify { file, trace: false } => c::verify(&file),
        Command::Verify { file, trace: true } => c::trace(&file),
        Command::Play {
            scenario,
            seat,
            setup,
            save,
            opponent,
        } => {
            let stdin = std::io::stdin();
            let cfg = play::Config {
                scenario,
                who: seat,
                seed: setup.seed,
                options: setup.options,
                save,
                opponent,
                echo: !stdin.is_terminal(),
            };
            play::play(cfg, stdin.lock(), std::io::stdout().lock())
        }
        Command::Simulate {
            merge: Some(SimulateCommand::Merge { files, output }),
            ..
        } => simulate::merge(&files, output.out.as_deref(), output.svg.as_deref()),
        Command::Simulate { merge: None, run } => simulate::run(simulate::Config {
            scenario: run
                .scenario
                .ok_or_else(|| anyhow::anyhow!("simulate needs TITLE/SCENARIO (or `simulate merge FILES`)"))?,
            games: run.games,
            seats: run.seats,
            threads: run.threads,
            seed: run.seed,
            options: run.options,
            shard: run.shard,
            max_actions: run.max_actions,
            save_games: run.save_games,
            out: run.output.out,
            svg: run.output.svg,
        }),
        Command::Data {
            what: DataCommand::Provenance { title },
        } => c::provenance(&title),
        Command::Fuzz(run) => c::fuzz(&run),
        Command::Bench {
            scenario,
            games,
            seed,
            options,
            session,
            bot: None,
            ..
        } => c::bench(&scenario, games, seed, options, session),
        Command::Bench {
            scenario,
            games,
            seed,
            options,
            bot: Some(bot),
            trees,
            decisions,
            ..
        } => c::bench_bot(&scenario, &bot, games, seed, options, trees, decisions),
    }
}

fn serve(cfg: &server::Config) -> anyhow::Result<()> {
    server::run(cfg).map_err(|e| anyhow::anyhow!("{e}"))
}

/// A terminal command piped into `head` or `less` ends quietly when the
/// reader closes the pipe, as Unix tools do, instead of panicking on the next
/// print. Not for the server: it keeps Rust's default (SIGPIPE ignored), so a
/// closed connection is an error to handle, never the end of the process.
fn quit_on_closed_pipe(cli: &Cli) {
    #[cfg(unix)]
    if !matches!(cli.command, None | Some(Command::Serve { .. })) {
        // SAFETY: restores the default action of one signal, before any
        // thread is started; no handler runs Rust code.
        unsafe {
            libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    quit_on_closed_pipe(&cli);
    match run(cli) {
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
