//! `powderhorn simulate`: many seeded games between bots, win rates with 95%
//! intervals, JSON results that shards can be merged from, and an SVG chart.

use crate::commands::parse_option;
use ai::sim::{shard_range, table, SimResults};
use ai::{BotSpec, SimConfig};
use anyhow::{anyhow, bail, Context, Result};
use engine::Setup;
use indicatif::{ProgressBar, ProgressStyle};
use std::path::{Path, PathBuf};

/// What `powderhorn simulate TITLE/SCENARIO` was asked for.
pub struct Config {
    pub scenario: String,
    pub games: usize,
    /// SEAT=BOT pairs; seats not named play `random`.
    pub seats: Vec<String>,
    pub threads: Option<usize>,
    pub seed: u64,
    pub options: Vec<(String, String)>,
    pub shard: Option<String>,
    pub max_actions: usize,
    pub save_games: Option<PathBuf>,
    pub out: Option<PathBuf>,
    pub svg: Option<PathBuf>,
}

pub fn run(cfg: Config) -> Result<()> {
    let (entry, key) = catalog::scenario(&cfg.scenario).map_err(|e| anyhow!("{e}"))?;
    let info = (entry.info)();
    let ai = catalog::ai(info.key).ok_or_else(|| anyhow!("no bots for {} yet", info.key))?;
    let mut bots = vec![BotSpec::Random; info.seats.len()];
    for pair in &cfg.seats {
        let (seat, bot) = parse_option(pair).map_err(|e| anyhow!("--seat: {e}"))?;
        let s = info
            .seat(&seat)
            .ok_or_else(|| anyhow!("--seat: unknown seat '{seat}' (choose {})", info.seats.join(", ")))?;
        bots[s as usize] = BotSpec::parse(&bot).map_err(|e| anyhow!("--seat {seat}: {e}"))?;
    }
    let shard = cfg
        .shard
        .as_deref()
        .map(ai::sim::parse_shard)
        .transpose()
        .map_err(|e| anyhow!("--shard: {e}"))?;
    let threads = cfg
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if threads == 0 {
        bail!("--threads must be at least 1");
    }
    let sim = SimConfig {
        scenario: cfg.scenario.clone(),
        setup: Setup {
            scenario: key,
            options: cfg.options.into_iter().collect(),
            seed: cfg.seed,
            draws: Vec::new(),
        },
        games: cfg.games,
        seats: bots,
        threads,
        shard,
        max_actions: cfg.max_actions,
        save_games: cfg.save_games,
    };
    let bar = ProgressBar::new(shard_range(cfg.games, shard).len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {per_sec}  eta {eta}")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    let results = (ai.simulate)(&sim, &|_| bar.inc(1)).map_err(|e| anyhow!("{e}"))?;
    bar.finish_and_clear();
    report(&results, cfg.out.as_deref(), cfg.svg.as_deref())
}

/// `powderhorn simulate merge a.json b.json ...`.
pub fn merge(files: &[PathBuf], out: Option<&Path>, svg: Option<&Path>) -> Result<()> {
    let parts = files
        .iter()
        .map(|f| {
            let text = std::fs::read_to_string(f).with_context(|| format!("cannot read {}", f.display()))?;
            serde_json::from_str::<SimResults>(&text)
                .with_context(|| format!("{}: not simulation results", f.display()))
        })
        .collect::<Result<Vec<_>>>()?;
    let merged = ai::merge(parts).map_err(|e| anyhow!("{e}"))?;
    report(&merged, out, svg)
}

fn report(r: &SimResults, out: Option<&Path>, svg: Option<&Path>) -> Result<()> {
    // Files first: they are the point of a long run, the table is a summary.
    if let Some(path) = out {
        let mut text = serde_json::to_string_pretty(r)?;
        text.push('\n');
        std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))?;
    }
    if let Some(path) = svg {
        let chart = ai::svg::chart(r).map_err(|e| anyhow!("{e}"))?;
        std::fs::write(path, chart).with_context(|| format!("cannot write {}", path.display()))?;
    }
    print!("{}", table(r));
    if let Some(path) = out {
        println!("results written to {}", path.display());
    }
    if let Some(path) = svg {
        println!("chart written to {}", path.display());
    }
    Ok(())
}
