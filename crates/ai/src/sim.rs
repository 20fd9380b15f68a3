//! The balance simulator: many independent seeded games between bots, win
//! rates with Wilson 95% intervals, game lengths and the distribution of the
//! final position's evaluation; results as JSON that shards can be merged from.
//!
//! Game `i` of a run with seed `S` is played from setup seed `S + i` and its
//! bots are seeded from it too, so a game's result depends on neither the
//! thread count nor the shard it ran in. Bots search with one tree each and no
//! wall-clock cap here (games run in parallel instead), so a run is
//! reproducible.

use crate::{BotSpec, Observation};
use engine::{Game, Record, Seat, Session, Setup};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

pub const FORMAT: &str = "powderhorn-simulation";
pub const VERSION: u32 = 1;
/// Bins of the histogram of final evaluations, over [0, 1].
pub const BINS: usize = 10;

/// What to simulate.
#[derive(Clone, Debug)]
pub struct SimConfig {
    /// TITLE/SCENARIO, as given (for the results).
    pub scenario: String,
    /// The scenario key, options and first seed.
    pub setup: Setup,
    /// Games in the whole run (all shards).
    pub games: usize,
    /// One bot per seat, in seat order.
    pub seats: Vec<BotSpec>,
    /// OS threads playing games at once.
    pub threads: usize,
    /// `(i, n)`: play only the i-th (1-based) of n equal slices of the games.
    pub shard: Option<(usize, usize)>,
    /// A game still running after this many actions stops as a draw.
    pub max_actions: usize,
    /// Write each game's save file here (`game-N.json`, N its index in the
    /// run), so that any game can be read back with its whole log.
    pub save_games: Option<PathBuf>,
}

/// Called after each game of a run, from any thread.
pub type Progress<'a> = &'a (dyn Fn(&GameRecord) + Sync);

/// One game's result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Index of the game in the run.
    pub game: usize,
    /// Setup seed of the game.
    pub seed: u64,
    /// `None`: a draw, or cut off at the action limit.
    pub winner: Option<String>,
    /// The victory level, for a title that has levels.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
    pub reason: String,
    pub actions: usize,
    /// Bot decisions with more than one legal action.
    pub decisions: usize,
    /// Each seat's evaluation of the position just before the game ended
    /// (the last one when cut off): the margin of the result.
    pub position: BTreeMap<String, f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rate {
    pub rate: f64,
    /// Wilson 95% interval.
    pub low: f64,
    pub high: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Margin {
    /// The seat whose evaluation is counted (the first seat).
    pub seat: String,
    pub mean: f64,
    /// Games per tenth of [0, 1] (the last bin includes 1).
    pub histogram: Vec<usize>,
}

/// A run's results: its configuration, a summary and every game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SimResults {
    pub format: String,
    pub version: u32,
    pub scenario: String,
    /// The rules and data the games were played under
    /// (`engine::data::rules_stamp`); empty in files made before it was
    /// recorded. Shards merge only under the same rules.
    #[serde(default)]
    pub rules: String,
    pub options: BTreeMap<String, String>,
    pub seed: u64,
    pub max_actions: usize,
    /// Seats in the title's order.
    pub seat_order: Vec<String>,
    /// The bot of each seat.
    pub seats: BTreeMap<String, String>,
    /// `"i/n"` for one shard of a run, absent for a whole or merged run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<String>,
    pub games: usize,
    pub wins: BTreeMap<String, usize>,
    pub draws: usize,
    /// Games stopped at the action limit (counted as draws).
    pub cut_off: usize,
    /// For a title with victory levels: per winning seat (or "draw"), the
    /// games ended at each level.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub levels: BTreeMap<String, BTreeMap<String, usize>>,
    pub win_rates: BTreeMap<String, Rate>,
    pub draw_rate: Rate,
    pub mean_length: f64,
    pub mean_decisions: f64,
    pub margin: Margin,
    pub results: Vec<GameRecord>,
}

/// The Wilson score interval of `k` successes in `n` trials at 95%.
pub fn wilson(k: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let n_f = n as f64;
    let p = k as f64 / n_f;
    let z2 = z * z;
    let denom = 1.0 + z2 / n_f;
    let centre = (p + z2 / (2.0 * n_f)) / denom;
    let half = z * (p * (1.0 - p) / n_f + z2 / (4.0 * n_f * n_f)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

fn rate(k: usize, n: usize) -> Rate {
    let (low, high) = wilson(k, n);
    Rate {
        rate: if n > 0 { k as f64 / n as f64 } else { 0.0 },
        low,
        high,
    }
}

/// The game indices of shard `(i, n)` of `games` (1-based `i`).
pub fn shard_range(games: usize, shard: Option<(usize, usize)>) -> std::ops::Range<usize> {
    match shard {
        None => 0..games,
        Some((i, n)) => (games * (i - 1) / n)..(games * i / n),
    }
}

/// Parse `i/n` with 1 <= i <= n.
pub fn parse_shard(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("bad shard '{s}': give i/n with 1 <= i <= n, e.g. 1/4");
    let (i, n) = s.split_once('/').ok_or_else(bad)?;
    let (i, n) = (
        i.parse::<usize>().map_err(|_| bad())?,
        n.parse::<usize>().map_err(|_| bad())?,
    );
    if i == 0 || i > n {
        return Err(bad());
    }
    Ok((i, n))
}

/// Play the configured games on `threads` threads; `progress` is called
/// after each game (from any thread).
pub fn simulate<G: Game>(cfg: &SimConfig, progress: Progress) -> Result<SimResults, String> {
    let info = G::info();
    if cfg.seats.len() != info.seats.len() {
        return Err(format!("{} needs {} bots, one per seat", info.key, info.seats.len()));
    }
    if let Some((i, n)) = cfg.shard {
        if i == 0 || i > n {
            return Err(format!("bad shard {i}/{n}"));
        }
    }
    let mut setup = cfg.setup.clone();
    setup.validate(info).map_err(|e| e.to_string())?;
    let seats: Vec<BotSpec> = cfg.seats.iter().map(uncapped).collect();
    let range = shard_range(cfg.games, cfg.shard);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(cfg.threads.max(1))
        .build()
        .map_err(|e| e.to_string())?;
    if let Some(dir) = &cfg.save_games {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let records: Vec<GameRecord> = pool.install(|| {
        range
            .into_par_iter()
            .map(|i| {
                let (r, moves) = play::<G>(&setup, &seats, cfg.max_actions, i, cfg.save_games.is_some());
                if let Some(dir) = &cfg.save_games {
                    save_game::<G>(dir, &setup, &r, &moves)?;
                }
                progress(&r);
                Ok(r)
            })
            .collect::<Result<_, String>>()
    })?;
    let mut out = summarize(
        Meta {
            scenario: cfg.scenario.clone(),
            rules: engine::data::rules_stamp(info),
            options: setup.options.clone(),
            seed: setup.seed,
            max_actions: cfg.max_actions,
            seat_order: info.seats.iter().map(|s| s.to_string()).collect(),
            seats: info
                .seats
                .iter()
                .zip(&cfg.seats)
                .map(|(s, b)| (s.to_string(), b.to_string()))
                .collect(),
        },
        records,
    );
    out.shard = cfg.shard.map(|(i, n)| format!("{i}/{n}"));
    Ok(out)
}

/// The bot without its wall-clock cap (so that a run is reproducible).
fn uncapped(b: &BotSpec) -> BotSpec {
    match b {
        BotSpec::Ismcts { level, budget } => BotSpec::Ismcts {
            level: level.clone(),
            budget: crate::Budget {
                max_time: Duration::MAX,
                ..*budget
            },
        },
        other => other.clone(),
    }
}

/// One game: seats that must act at once act in a random order.
pub fn play_one<G: Game>(setup: &Setup, bots: &[BotSpec], max_actions: usize, game: usize) -> GameRecord {
    play::<G>(setup, bots, max_actions, game, false).0
}

/// The save file of a played game, replayed from its setup and moves.
fn save_game<G: Game>(dir: &Path, setup: &Setup, r: &GameRecord, moves: &[Record]) -> Result<(), String> {
    let setup = Setup {
        seed: r.seed,
        ..setup.clone()
    };
    let session = Session::<G>::replay(setup, moves).map_err(|e| format!("game {}: {e}", r.game))?;
    let path = dir.join(format!("game-{}.json", r.game));
    let text = serde_json::to_string(&session.save()).map_err(|e| e.to_string())?;
    std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// `play_one`, also returning the moves (seat and action id) when `keep`.
fn play<G: Game>(
    setup: &Setup,
    bots: &[BotSpec],
    max_actions: usize,
    game: usize,
    keep: bool,
) -> (GameRecord, Vec<Record>) {
    let info = G::info();
    let seed = setup.seed.wrapping_add(game as u64);
    let mut g = G::new(&Setup { seed, ..setup.clone() });
    g.log_mut().set_enabled(false);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_b075_0000_0000);
    let n_seats = info.seats.len() as Seat;
    let evals = |g: &G| -> BTreeMap<String, f64> {
        (0..n_seats)
            .map(|s| (info.seat_name(s).to_string(), round6(g.evaluate(s))))
            .collect()
    };
    let mut actions = 0;
    let mut decisions = 0;
    let mut position = evals(&g);
    let mut moves = Vec::new();
    while g.outcome().is_none() && actions < max_actions {
        let to_act: Vec<Seat> = g.to_act().iter().collect();
        assert!(
            !to_act.is_empty(),
            "{} seed {seed}: no seat must act and no outcome",
            info.key
        );
        let seat = to_act[rng.gen_range(0..to_act.len())];
        let obs = Observation::new(&g, seat);
        let bot_seed: u64 = rng.gen();
        if obs.legal().len() > 1 {
            decisions += 1;
        }
        let a = bots[seat as usize].choose(&obs, bot_seed, 1);
        position = evals(&g);
        if keep {
            moves.push(Record {
                seat: info.seat_name(seat).to_string(),
                action: g.describe(seat, &a).id,
                dice: vec![],
                draws: vec![],
            });
        }
        g.apply_legal(seat, &a);
        actions += 1;
    }
    let (winner, level, reason) = match g.outcome() {
        Some(o) => (
            o.winner.map(|w| info.seat_name(w).to_string()),
            o.level.clone(),
            o.reason.clone(),
        ),
        None => {
            position = evals(&g);
            (None, None, format!("cut off after {max_actions} actions"))
        }
    };
    let record = GameRecord {
        game,
        seed,
        winner,
        level,
        reason,
        actions,
        decisions,
        position,
    };
    (record, moves)
}

/// Six decimals: enough for a margin, and exact through JSON (merging
/// shards read from files gives the very numbers of a whole run).
fn round6(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

struct Meta {
    scenario: String,
    rules: String,
    options: BTreeMap<String, String>,
    seed: u64,
    max_actions: usize,
    seat_order: Vec<String>,
    seats: BTreeMap<String, String>,
}

fn summarize(m: Meta, mut results: Vec<GameRecord>) -> SimResults {
    results.sort_by_key(|r| r.game);
    let n = results.len();
    let mut wins: BTreeMap<String, usize> = m.seat_order.iter().map(|s| (s.clone(), 0)).collect();
    let mut draws = 0;
    let mut cut_off = 0;
    let mut levels: BTreeMap<String, BTreeMap<String, usize>> = BTreeMap::new();
    for r in &results {
        match &r.winner {
            Some(w) => *wins.entry(w.clone()).or_default() += 1,
            None => draws += 1,
        }
        if let Some(level) = &r.level {
            let who = r.winner.clone().unwrap_or_else(|| "draw".into());
            *levels.entry(who).or_default().entry(level.clone()).or_default() += 1;
        }
        if r.reason.starts_with("cut off") {
            cut_off += 1;
        }
    }
    let mean = |f: &dyn Fn(&GameRecord) -> f64| {
        if n == 0 {
            0.0
        } else {
            results.iter().map(f).sum::<f64>() / n as f64
        }
    };
    let first = m.seat_order.first().cloned().unwrap_or_default();
    let mut histogram = vec![0usize; BINS];
    for r in &results {
        let e = r.position.get(&first).copied().unwrap_or(0.5).clamp(0.0, 1.0);
        histogram[((e * BINS as f64) as usize).min(BINS - 1)] += 1;
    }
    SimResults {
        format: FORMAT.to_string(),
        version: VERSION,
        win_rates: wins.iter().map(|(s, &k)| (s.clone(), rate(k, n))).collect(),
        draw_rate: rate(draws, n),
        mean_length: mean(&|r| r.actions as f64),
        mean_decisions: mean(&|r| r.decisions as f64),
        margin: Margin {
            seat: first.clone(),
            mean: mean(&|r| r.position.get(&first).copied().unwrap_or(0.5)),
            histogram,
        },
        scenario: m.scenario,
        rules: m.rules,
        options: m.options,
        seed: m.seed,
        max_actions: m.max_actions,
        seat_order: m.seat_order,
        seats: m.seats,
        shard: None,
        games: n,
        wins,
        draws,
        cut_off,
        levels,
        results,
    }
}

/// Combine the results of shards (or of any runs of the same configuration):
/// every game once, the summary recomputed.
pub fn merge(parts: Vec<SimResults>) -> Result<SimResults, String> {
    let Some(first) = parts.first() else {
        return Err("nothing to merge".into());
    };
    for p in &parts {
        if p.format != FORMAT || p.version != VERSION {
            return Err(format!(
                "not a {FORMAT} version {VERSION} file ({} {})",
                p.format, p.version
            ));
        }
        if p.rules != first.rules {
            return Err(format!(
                "runs played under other rules: '{}' vs '{}' (a rules change alters games, so their shards cannot be merged)",
                first.rules, p.rules
            ));
        }
        let same = p.scenario == first.scenario
            && p.options == first.options
            && p.seed == first.seed
            && p.seats == first.seats
            && p.seat_order == first.seat_order
            && p.max_actions == first.max_actions;
        if !same {
            return Err(format!(
                "runs differ: {} {:?} seed {} vs {} {:?} seed {} (scenario, options, seed, bots and action limit must match)",
                first.scenario, first.seats, first.seed, p.scenario, p.seats, p.seed
            ));
        }
    }
    let meta = Meta {
        scenario: first.scenario.clone(),
        rules: first.rules.clone(),
        options: first.options.clone(),
        seed: first.seed,
        max_actions: first.max_actions,
        seat_order: first.seat_order.clone(),
        seats: first.seats.clone(),
    };
    let mut all: BTreeMap<usize, GameRecord> = BTreeMap::new();
    for p in parts {
        for r in p.results {
            if let Some(old) = all.get(&r.game) {
                if *old != r {
                    return Err(format!("game {} differs between the files", r.game));
                }
            }
            all.insert(r.game, r);
        }
    }
    Ok(summarize(meta, all.into_values().collect()))
}

fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// The results as a table for the terminal.
pub fn table(r: &SimResults) -> String {
    let mut s = String::new();
    let shard = r.shard.as_deref().map(|x| format!(" (shard {x})")).unwrap_or_default();
    let rules = if r.rules.is_empty() { "not recorded" } else { &r.rules };
    let _ = writeln!(
        s,
        "{}: {} games, seed {}{shard}, rules {rules}",
        r.scenario, r.games, r.seed
    );
    let _ = writeln!(
        s,
        "{:<12} {:<16} {:>6} {:>8}  95% interval",
        "seat", "bot", "wins", "rate"
    );
    for seat in &r.seat_order {
        let w = r.wins.get(seat).copied().unwrap_or(0);
        let rt = &r.win_rates[seat];
        let _ = writeln!(
            s,
            "{:<12} {:<16} {:>6} {:>8}  {} - {}",
            seat,
            r.seats.get(seat).map(String::as_str).unwrap_or("?"),
            w,
            pct(rt.rate),
            pct(rt.low),
            pct(rt.high)
        );
    }
    let _ = writeln!(
        s,
        "{:<12} {:<16} {:>6} {:>8}  {} - {}",
        "draws",
        if r.cut_off > 0 {
            format!("({} cut off)", r.cut_off)
        } else {
            String::new()
        },
        r.draws,
        pct(r.draw_rate.rate),
        pct(r.draw_rate.low),
        pct(r.draw_rate.high)
    );
    for (who, counts) in &r.levels {
        let each: Vec<String> = counts.iter().map(|(level, k)| format!("{level} {k}")).collect();
        let _ = writeln!(s, "levels of {who}: {}", each.join(", "));
    }
    let _ = writeln!(
        s,
        "mean game length: {:.1} actions ({:.1} bot decisions with a choice)",
        r.mean_length, r.mean_decisions
    );
    let _ = writeln!(
        s,
        "final position, {}'s evaluation (0 lost .. 1 won): mean {:.3}",
        r.margin.seat, r.margin.mean
    );
    let most = r.margin.histogram.iter().copied().max().unwrap_or(0).max(1);
    for (i, &c) in r.margin.histogram.iter().enumerate() {
        let lo = i as f64 / BINS as f64;
        let bar = "#".repeat((c * 40).div_ceil(most));
        let _ = writeln!(s, "  {:.1}-{:.1} {:>6} {bar}", lo, lo + 1.0 / BINS as f64, c);
    }
    s
}
