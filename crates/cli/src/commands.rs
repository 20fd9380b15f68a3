//! The one-shot commands: each reads what it needs, does one thing, and prints.

use crate::error::refused;
use crate::{render, store};
use anyhow::{anyhow, bail, Context, Result};
use engine::{AnyGame, Setup, WhyNot};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Parse `KEY=VALUE` (for `--option`).
pub fn parse_option(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((k, v)) if !k.is_empty() => Ok((k.to_string(), v.to_string())),
        _ => Err(format!("'{s}' is not KEY=VALUE")),
    }
}

/// Parse `--dice 3,5,1`: numbers 1..=20.
pub fn parse_dice(s: &str) -> Result<Vec<u8>> {
    s.split(',')
        .map(|d| {
            d.trim()
                .parse::<u8>()
                .ok()
                .filter(|n| (1..=20).contains(n))
                .ok_or_else(|| refused(format!("bad dice '{s}': give numbers from 1 to 20 separated by commas")))
        })
        .collect()
}

/// A seed from the OS's entropy.
pub fn fresh_seed() -> u64 {
    rand::random()
}

/// Build and start a game of "title/scenario"; `draws` are a referee's
/// draws of the set-up (a first deal), by name.
pub fn start(scenario: &str, seed: u64, options: Vec<(String, String)>, draws: &[String]) -> Result<Box<dyn AnyGame>> {
    let options: BTreeMap<String, String> = options.into_iter().collect();
    catalog::new_game(scenario, |key| Setup {
        scenario: key,
        options,
        seed,
        draws: draws.to_vec(),
    })
    .map_err(|e| anyhow!("{e}"))
}

pub fn scenarios() -> Result<()> {
    for t in catalog::titles() {
        let info = (t.info)();
        for s in info.scenarios {
            println!("{}/{}  {} — {}", info.key, s.key, info.name, s.name);
        }
    }
    Ok(())
}

pub fn new(
    scenario: &str,
    seed: Option<u64>,
    options: Vec<(String, String)>,
    draws: &[String],
    out: &Path,
) -> Result<()> {
    let seed = seed.unwrap_or_else(fresh_seed);
    let game = start(scenario, seed, options, draws)?;
    store::write(out, game.as_ref())?;
    println!("new game {scenario} with seed {seed} written to {}", out.display());
    for line in render::asked(game.as_ref(), None) {
        println!("{line}");
    }
    Ok(())
}

pub fn status(file: &Path, seat: Option<&str>) -> Result<()> {
    let game = store::load(file)?;
    let info = game.info();
    let setup = game.setup();
    let scenario = info.scenarios.iter().find(|s| s.key == setup.scenario);
    println!("title: {} ({})", info.name, info.key);
    match scenario {
        Some(s) => println!("scenario: {} — {}{}", s.key, s.name, render::rule_suffix(s.rule)),
        None => println!("scenario: {}", setup.scenario),
    }
    println!("seed: {}", setup.seed);
    if !setup.options.is_empty() {
        let opts: Vec<String> = setup.options.iter().map(|(k, v)| format!("{k}={v}")).collect();
        println!("options: {}", opts.join(" "));
    }
    println!("actions: {}", game.action_count());
    if let Some(when) = render::when(&game.view(None)?) {
        println!("{when}");
    }
    for line in render::asked(game.as_ref(), seat) {
        println!("{line}");
    }
    if let Some(line) = render::draw_offer(game.as_ref()) {
        println!("{line}");
    }
    Ok(())
}

pub fn legal(file: &Path, seat: &str) -> Result<()> {
    let game = store::load(file)?;
    for a in game.legal(seat).map_err(refused)? {
        println!("{}", render::choice(&a));
    }
    Ok(())
}

/// "Why not?": exits 0 with the legal actions that point at `target`, or
/// the rules that forbid it (section and reason); 2 when the seat is not to
/// act or the title does not explain that decision.
pub fn why(file: &Path, seat: &str, target: &str) -> Result<()> {
    let game = store::load(file)?;
    match game.why_not(seat, target).map_err(refused)? {
        WhyNot::Legal { actions } => {
            for a in actions {
                println!("legal: {} {}", a.id, a.label);
            }
            Ok(())
        }
        WhyNot::Forbidden { rules } => {
            for r in rules {
                println!("forbidden ({}): {}", r.rule, r.reason);
            }
            Ok(())
        }
        WhyNot::NotNow { reason } => Err(refused(reason)),
        WhyNot::Unexplained => Err(refused(format!(
            "no action of {seat} points at '{target}' now, and no rule is given for it at this step"
        ))),
    }
}

pub fn act(file: &Path, seat: &str, action: &str, dice: Option<&str>, draws: &[String]) -> Result<()> {
    let dice = dice.map(parse_dice).transpose()?.unwrap_or_default();
    let mut game = store::load(file)?;
    let before = game.log(Some(seat)).map_err(refused)?.len();
    game.act(seat, action, &dice, draws).map_err(refused)?;
    store::write(file, game.as_ref())?;
    for e in game.log(Some(seat))?.iter().skip(before) {
        println!("{}", render::entry(e));
    }
    for line in render::asked(game.as_ref(), Some(seat)) {
        println!("{line}");
    }
    Ok(())
}

pub fn undo(file: &Path, seat: &str) -> Result<()> {
    let mut game = store::load(file)?;
    game.undo(seat).map_err(refused)?;
    store::write(file, game.as_ref())?;
    println!("undone: {} actions now", game.action_count());
    for line in render::asked(game.as_ref(), Some(seat)) {
        println!("{line}");
    }
    Ok(())
}

pub fn resign(file: &Path, seat: &str) -> Result<()> {
    let mut game = store::load(file)?;
    let before = game.log(Some(seat)).map_err(refused)?.len();
    game.resign(seat).map_err(refused)?;
    store::write(file, game.as_ref())?;
    print_since(game.as_ref(), seat, before)
}

/// 29.3 Concession (FIW): offer a draw, accept the other side's offer
/// (the game ends drawn), or with `decline` decline it.
pub fn draw(file: &Path, seat: &str, decline: bool) -> Result<()> {
    let mut game = store::load(file)?;
    let before = game.log(Some(seat)).map_err(refused)?.len();
    let offered = game.draw_offer();
    if decline {
        game.decline_draw(seat).map_err(refused)?;
    } else {
        game.offer_draw(seat).map_err(refused)?;
    }
    store::write(file, game.as_ref())?;
    match (decline, offered) {
        (true, Some(by)) => println!("{seat} declines the draw {by} offered"),
        (false, None) => println!("{seat} offers a draw"),
        _ => {}
    }
    print_since(game.as_ref(), seat, before)
}

/// The log entries `seat` may read from the `before`-th on (a
/// resignation's, an agreed draw's), then what is asked now.
fn print_since(game: &dyn AnyGame, seat: &str, before: usize) -> Result<()> {
    for e in game.log(Some(seat))?.iter().skip(before) {
        println!("{}", render::entry(e));
    }
    for line in render::asked(game, Some(seat)) {
        println!("{line}");
    }
    if let Some(line) = render::draw_offer(game) {
        println!("{line}");
    }
    Ok(())
}

/// `spectator` (any case) is the viewer who sees nothing hidden.
pub fn viewer(seat: &str) -> Option<&str> {
    (!seat.eq_ignore_ascii_case("spectator")).then_some(seat)
}

pub fn view(file: &Path, seat: &str, json: bool) -> Result<()> {
    let game = store::load(file)?;
    let v = game.view(viewer(seat)).map_err(refused)?;
    if json {
        println!("{}", serde_json::to_string_pretty(&v)?);
    } else {
        print!("{}", render::view(&v));
    }
    Ok(())
}

pub fn log(file: &Path, seat: Option<&str>) -> Result<()> {
    let game = store::load(file)?;
    for e in game.log(seat.and_then(viewer)).map_err(refused)? {
        println!("{}", render::entry(&e));
    }
    Ok(())
}

/// A save file replays to its state; a server game's record
/// (`GET /api/games/ID/record`) matches its dice commitment and replays to
/// the outcome announced ([`server::seeds::verify`]).
pub fn verify(file: &Path) -> Result<()> {
    let text = std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
    let is_record = serde_json::from_str::<serde_json::Value>(&text).ok().is_some_and(|v| {
        v["format"]
            .as_str()
            .is_some_and(|f| f.starts_with("powderhorn-record/"))
    });
    if is_record {
        let record: server::seeds::Record =
            serde_json::from_str(&text).with_context(|| format!("{} is not a readable game record", file.display()))?;
        let v = server::seeds::verify(&record).map_err(|e| anyhow!("{}: {e}", file.display()))?;
        println!(
            "ok: the seed matches the commitment {}{}; the {} stored moves replay to the outcome announced: {}",
            record.commitment,
            if record.seed_chosen {
                " (the creator chose this seed)"
            } else {
                ""
            },
            v.moves,
            v.outcome["reason"].as_str().unwrap_or("")
        );
        return Ok(());
    }
    let game = store::load(file)?;
    println!("ok: {} actions replay to the saved state", game.action_count());
    Ok(())
}

/// `verify --trace`: the save's moves under this build's rules, a line each.
pub fn trace(file: &Path) -> Result<()> {
    let save = store::read(file)?;
    let lines = catalog::trace(&save).with_context(|| format!("{}", file.display()))?;
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    for line in lines {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

pub fn provenance(title: &str) -> Result<()> {
    let entry = catalog::title(title).ok_or_else(|| anyhow!("unknown title '{title}'"))?;
    let items = (entry.provenance)();
    if items.is_empty() {
        bail!("no reconstructed data listed for {title}");
    }
    for (item, why) in &items {
        println!("{item}\n    {why}");
    }
    println!("{} reconstructed items", items.len());
    Ok(())
}

/// `bench`: random games with typed actions and the log off (the speed of a
/// playout); `--session`: the same through `Session::act` by action id with
/// the log on (the speed of the CLI's and the server's moves).
pub fn bench(scenario: &str, games: usize, seed: u64, options: Vec<(String, String)>, session: bool) -> Result<()> {
    let (entry, key) = catalog::scenario(scenario).map_err(|e| anyhow!("{e}"))?;
    let setup = Setup {
        scenario: key,
        options: options.into_iter().collect(),
        seed,
        draws: Vec::new(),
    };
    let start = Instant::now();
    let play = if session {
        entry.session_games
    } else {
        entry.random_games
    };
    let counts = play(&setup, games).context("bad setup")?;
    let secs = start.elapsed().as_secs_f64();
    let total: usize = counts.iter().sum();
    let per = |n: f64| if secs > 0.0 { n / secs } else { f64::INFINITY };
    println!("games: {games}");
    println!("actions: {total}");
    println!("time: {secs:.3} s");
    println!("games/s: {:.1}", per(games as f64));
    println!("actions/s: {:.0}", per(total as f64));
    if games > 0 {
        println!("mean actions per game: {:.1}", total as f64 / games as f64);
    }
    Ok(())
}

/// What `powderhorn fuzz` plays: the games of seeds SEED, SEED+1, ...,
/// SEED+GAMES-1, each the same game whatever the threads. A long run split
/// over sessions goes on where it stopped with `--seed` at the seed its
/// last progress line gives (or the summary's next one).
#[derive(clap::Args)]
pub struct FuzzRun {
    /// TITLE/SCENARIO, e.g. liberty/1775 (`powderhorn scenarios` lists them).
    pub scenario: String,
    /// Games to play: seeds SEED to SEED+GAMES-1.
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    /// The first game's seed (then +1, +2, ...). To go on with a run that
    /// stopped: the seed below which its last progress line says every game
    /// is done.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[arg(long = "option", value_name = "KEY=VALUE", value_parser = parse_option)]
    pub options: Vec<(String, String)>,
    /// Games played at once (default: one per core); a game's result does
    /// not depend on them.
    #[arg(long)]
    pub threads: Option<usize>,
    /// A game not over after this many actions fails.
    #[arg(long, default_value_t = 100_000)]
    pub max_actions: usize,
    /// Where the save files of failed games go.
    #[arg(long, default_value = "fuzz-failures")]
    pub out: std::path::PathBuf,
}

/// How often a long fuzz run says how far it is, on stderr.
const PROGRESS_EVERY: Duration = Duration::from_secs(30);

/// How far a fuzz run is: the games done (in any order, over threads) and
/// the first seed not done yet, below which every game is done.
struct Progress {
    done: Vec<bool>,
    /// Index of the first game not done.
    next: usize,
    games: usize,
    actions: usize,
    failures: Vec<engine::conformance::Failure>,
    /// When to say how far the run is.
    report: Instant,
}

impl Progress {
    fn finish(&mut self, i: usize, result: Result<usize, engine::conformance::Failure>) {
        self.done[i] = true;
        while self.next < self.done.len() && self.done[self.next] {
            self.next += 1;
        }
        self.games += 1;
        match result {
            Ok(n) => self.actions += n,
            // The actions played before the failure count too.
            Err(f) => {
                self.actions += f.save.actions.len();
                self.failures.push(f);
            }
        }
    }
}

/// `fuzz`: seeded games under every harness check; failures become save files.
pub fn fuzz(run: &FuzzRun) -> Result<()> {
    let out = run.out.as_path();
    let (entry, key) = catalog::scenario(&run.scenario).map_err(|e| anyhow!("{e}"))?;
    let mut setup = Setup {
        scenario: key,
        options: run.options.iter().cloned().collect(),
        seed: run.seed,
        draws: Vec::new(),
    };
    setup.validate((entry.info)()).context("bad setup")?;
    if run.seed.checked_add(run.games as u64).is_none() {
        bail!(
            "the seeds from {} on overflow: give a smaller --seed or --games",
            run.seed
        );
    }
    let threads = run
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, 256);
    let next = AtomicUsize::new(0);
    let start = Instant::now();
    let progress = Mutex::new(Progress {
        done: vec![false; run.games],
        next: 0,
        games: 0,
        actions: 0,
        failures: Vec::new(),
        report: start + PROGRESS_EVERY,
    });
    // The harness reports a failure by panicking: the failure is printed
    // below with its save file, not by the default hook.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                // Each thread takes the next seed not yet taken: which
                // thread plays a game changes nothing in it.
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= run.games {
                    break;
                }
                let game = Setup {
                    seed: setup.seed + i as u64,
                    ..setup.clone()
                };
                let result = (entry.check_game)(&game, run.max_actions);
                // Written at once, so that a long run stopped early keeps them.
                if let Err(f) = &result {
                    if let Err(e) = save_failure(out, &run.scenario, f) {
                        eprintln!("seed {}: {} (not saved: {e:#})", f.seed, f.message);
                    }
                }
                let mut p = progress.lock().expect("progress");
                p.finish(i, result);
                let now = Instant::now();
                if now >= p.report && p.games < run.games {
                    p.report = now + PROGRESS_EVERY;
                    let secs = (now - start).as_secs_f64();
                    eprintln!(
                        "{}: {} of {} games, {} actions, {} failed, {secs:.0} s, {:.2} games/s; every seed below {} done",
                        run.scenario,
                        p.games,
                        run.games,
                        p.actions,
                        p.failures.len(),
                        p.games as f64 / secs,
                        run.seed + p.next as u64
                    );
                }
            });
        }
    });
    std::panic::set_hook(hook);
    let p = progress.into_inner().expect("progress");
    let mut failures = p.failures;
    failures.sort_by_key(|f| f.seed);
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{}: {} games, {} actions, {} failed, {secs:.1} s ({:.2} games/s, {threads} threads); seeds {} to {}, next {}",
        run.scenario,
        run.games,
        p.actions,
        failures.len(),
        if secs > 0.0 { run.games as f64 / secs } else { 0.0 },
        run.seed,
        (run.seed + run.games as u64).saturating_sub(1),
        run.seed + run.games as u64
    );
    if failures.is_empty() {
        return Ok(());
    }
    for f in &failures {
        println!(
            "seed {}: {}\n    {} actions before it: {}",
            f.seed,
            f.message,
            f.save.actions.len(),
            failure_path(out, &run.scenario, f.seed).display()
        );
    }
    bail!("{} of {} games failed", failures.len(), run.games)
}

fn failure_path(out: &Path, scenario: &str, seed: u64) -> std::path::PathBuf {
    out.join(format!("{}-seed-{seed}.json", scenario.replace('/', "-")))
}

/// A failed game's save file, which replays to the failure.
fn save_failure(out: &Path, scenario: &str, f: &engine::conformance::Failure) -> Result<()> {
    std::fs::create_dir_all(out).with_context(|| format!("{}", out.display()))?;
    let path = failure_path(out, scenario, f.seed);
    let text = serde_json::to_string_pretty(&f.save)?;
    std::fs::write(&path, text).with_context(|| format!("{}", path.display()))
}

/// `bench --bot`: decision times of a bot in every seat (docs/ai.md).
pub fn bench_bot(
    scenario: &str,
    bot: &str,
    games: usize,
    seed: u64,
    options: Vec<(String, String)>,
    trees: Option<usize>,
    decisions: usize,
) -> Result<()> {
    let (entry, key) = catalog::scenario(scenario).map_err(|e| anyhow!("{e}"))?;
    let ai = catalog::ai((entry.info)().key).ok_or_else(|| anyhow!("no bots for {}", (entry.info)().key))?;
    let bot = ai::BotSpec::parse(bot).map_err(|e| anyhow!("{e}"))?;
    let setup = Setup {
        scenario: key,
        options: options.into_iter().collect(),
        seed,
        draws: Vec::new(),
    };
    let trees = trees.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let t = (ai.timing)(&setup, &bot, games, trees, decisions).map_err(|e| anyhow!("bad setup: {e}"))?;
    println!("bot: {bot} ({trees} trees)");
    println!("games: {}", t.games);
    println!("decisions timed: {}", t.seconds.len());
    println!("median: {:.3} s", t.quantile(0.5));
    println!("p90: {:.3} s", t.quantile(0.9));
    println!("max: {:.3} s", t.quantile(1.0));
    if t.iterations > 0 {
        println!("iterations/s: {:.0}", t.iterations_per_second());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_must_be_1_to_20() {
        assert_eq!(parse_dice("3,5,1").unwrap(), vec![3, 5, 1]);
        assert_eq!(parse_dice("20").unwrap(), vec![20]);
        for bad in ["0", "21", "3,,5", "x", "", "-1", "300"] {
            assert!(parse_dice(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn options_are_key_value() {
        assert_eq!(parse_option("bayonet=on").unwrap(), ("bayonet".into(), "on".into()));
        assert!(parse_option("bayonet").is_err());
        assert!(parse_option("=on").is_err());
    }
}
