//! Bots for every title, through the engine's [`Game`] trait only, and the
//! balance simulator that pits them against each other.
//!
//! A bot never reads the true state. It is handed an [`Observation`]: the
//! seat it plays, that seat's legal actions (which depend only on what the
//! seat may know: the conformance harness checks it) and a sampler of worlds
//! consistent with what the seat has seen ([`Game::determinize`], which
//! resamples every hidden thing and gives the world a fresh generator). The
//! observation keeps the true state private and offers nothing else.
//!
//! Three bots ([`BotSpec`]): uniformly random, greedy (best one-step
//! evaluation, averaged over sampled worlds) and single-observer
//! information-set Monte Carlo tree search ([`ismcts`]) at three budgets.

pub mod entry;
pub mod ismcts;
pub mod sim;
pub mod svg;
pub mod timing;

pub use entry::AiEntry;
pub use sim::{merge, simulate, wilson, GameRecord, SimConfig, SimResults};
pub use timing::Timing;

use engine::{Game, Log, Sampler, Seat};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::time::Duration;

/// What a bot may know when it chooses: its seat, its legal actions, and
/// worlds sampled for it. The true state is private to this type.
pub struct Observation<G: Game> {
    /// The true state with its log emptied and switched off (samples are
    /// cheaper to clone). Read only by `sample` and `legal(seat)`.
    hidden: G,
    seat: Seat,
    legal: Vec<G::Action>,
    /// The seat's worlds from `hidden` ([`engine::Views::sampler`]).
    sampler: Sampler<G>,
}

impl<G: Game> Observation<G> {
    /// What `seat` may know of `game`; its legal actions are none unless it
    /// acts now.
    pub fn new(game: &G, seat: Seat) -> Self {
        let mut hidden = game.clone();
        *hidden.log_mut() = Log::default();
        hidden.log_mut().set_enabled(false);
        let mut legal = Vec::new();
        hidden.legal(seat, &mut legal);
        let sampler = hidden.sampler(seat);
        Observation {
            hidden,
            seat,
            legal,
            sampler,
        }
    }

    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// `pick` among the legal actions, unless it presses a declined
    /// proposal ([`Game::presses`]): then the best of the others by
    /// `better`, if there is one.
    fn unpressed(&self, pick: usize, better: impl Fn(usize, usize) -> bool) -> usize {
        let presses = |i: usize| self.hidden.presses(self.seat, &self.legal[i]);
        if !presses(pick) {
            return pick;
        }
        (0..self.legal.len())
            .filter(|&i| !presses(i))
            .reduce(|a, b| if better(b, a) { b } else { a })
            .unwrap_or(pick)
    }

    /// The seat's legal actions, in the game's order (the same in every
    /// sampled world: the conformance harness checks their ids).
    pub fn legal(&self) -> &[G::Action] {
        &self.legal
    }

    /// A world consistent with all the seat has seen, hidden things and
    /// future dice resampled from `rng`, with the log off.
    pub fn sample(&self, rng: &mut ChaCha8Rng) -> G {
        let mut w = (self.sampler)(&self.hidden, rng);
        w.log_mut().set_enabled(false);
        w
    }
}

/// How long a search may run: iterations, and a wall-clock cap per decision.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    pub iterations: u32,
    pub max_time: Duration,
    /// Random actions in a playout before it is cut off and evaluated.
    pub playout: usize,
}

/// A bot, as written on the command line: `random`, `greedy`,
/// `ismcts:easy|normal|hard` or `ismcts:N` (N iterations).
#[derive(Clone, Debug, PartialEq)]
pub enum BotSpec {
    Random,
    Greedy,
    Ismcts { level: String, budget: Budget },
}

/// The named levels of `ismcts`, whose iterations a title may scale
/// ([`Game::SEARCH_SCALE`]).
pub const LEVELS: [&str; 3] = ["easy", "normal", "hard"];

/// Random actions before a playout is cut off and scored by `evaluate`.
pub const PLAYOUT: usize = 30;

impl BotSpec {
    pub fn parse(s: &str) -> Result<BotSpec, String> {
        let level = |name: &str, iterations: u32, secs: u64| BotSpec::Ismcts {
            level: name.to_string(),
            budget: Budget {
                iterations,
                max_time: Duration::from_secs(secs),
                playout: PLAYOUT,
            },
        };
        match s {
            "random" => Ok(BotSpec::Random),
            "greedy" => Ok(BotSpec::Greedy),
            "ismcts" | "ismcts:normal" => Ok(level("normal", 2000, 2)),
            "ismcts:easy" => Ok(level("easy", 200, 1)),
            "ismcts:hard" => Ok(level("hard", 10_000, 10)),
            _ => match s.strip_prefix("ismcts:").map(str::parse::<u32>) {
                Some(Ok(n)) if n > 0 => Ok(level(&n.to_string(), n, 60)),
                _ => Err(format!(
                    "unknown bot '{s}' (random, greedy, ismcts:easy, ismcts:normal, ismcts:hard or ismcts:ITERATIONS)"
                )),
            },
        }
    }

    /// The search's budget in title `G`: a named level's iterations
    /// ([`LEVELS`]) times the title's [`Game::SEARCH_SCALE`], `ismcts:N`'s
    /// as written; `None` for a bot that does not search.
    pub fn budget_for<G: Game>(&self) -> Option<Budget> {
        match self {
            BotSpec::Ismcts { level, budget } => {
                let scale = if LEVELS.contains(&level.as_str()) {
                    G::SEARCH_SCALE
                } else {
                    1
                };
                Some(Budget {
                    iterations: budget.iterations.saturating_mul(scale),
                    ..*budget
                })
            }
            _ => None,
        }
    }

    /// Choose an action for the observation's seat. `seed` makes the choice
    /// reproducible; `trees` is the number of independent search trees
    /// (root parallelism, run on rayon's pool): the choice depends on the
    /// seed and `trees`, never on the number of OS threads, as long as the
    /// iterations finish within the time cap.
    pub fn choose<G: Game>(&self, obs: &Observation<G>, seed: u64, trees: usize) -> G::Action {
        let legal = obs.legal();
        assert!(!legal.is_empty(), "a bot was asked to act with no legal action");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        if legal.len() == 1 {
            return legal[0].clone();
        }
        let i = match self {
            BotSpec::Random => rng.gen_range(0..legal.len()),
            BotSpec::Greedy => greedy(obs, &mut rng),
            BotSpec::Ismcts { .. } => {
                let budget = self.budget_for::<G>().expect("a searching bot");
                let r = ismcts::search(obs, &budget, seed, trees.max(1));
                let key = |i: usize| (r.visits[i], r.mean[i]);
                obs.unpressed(r.best, |a, b| key(a) > key(b))
            }
        };
        legal[i].clone()
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpec::Random => f.write_str("random"),
            BotSpec::Greedy => f.write_str("greedy"),
            BotSpec::Ismcts { level, .. } => write!(f, "ismcts:{level}"),
        }
    }
}

/// A draw's worth on the scale of [`Game::evaluate`]: a bot offered a draw
/// (FIW 29.3) accepts it when it [`judge`]s its position below this.
pub const DRAW: f64 = 0.5;

/// Worlds a seat's judgement of a position averages over ([`judge`]).
pub const JUDGE_WORLDS: usize = 8;

/// How well `seat` stands in `game` as far as it may know: the mean of
/// [`Game::evaluate`] over `worlds` worlds sampled from what it has seen
/// (never the true state), from `seed`. A draw is worth 0.5 on this scale:
/// a bot accepts an offer of one when it judges its position below that.
pub fn judge<G: Game>(game: &G, seat: Seat, worlds: usize, seed: u64) -> f64 {
    let obs = Observation::new(game, seat);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let worlds = worlds.max(1);
    (0..worlds).map(|_| obs.sample(&mut rng).evaluate(seat)).sum::<f64>() / worlds as f64
}

/// Worlds the greedy bot averages each action's evaluation over.
const GREEDY_WORLDS: usize = 4;

/// The index of the legal action whose result evaluates best for the seat,
/// averaged over a few sampled worlds (ties broken at random).
fn greedy<G: Game>(obs: &Observation<G>, rng: &mut ChaCha8Rng) -> usize {
    let seat = obs.seat();
    let n = obs.legal().len();
    let mut score = vec![0.0f64; n];
    let mut legal = Vec::new();
    for _ in 0..GREEDY_WORLDS {
        let world = obs.sample(rng);
        legal.clear();
        world.legal(seat, &mut legal);
        if legal.len() != n {
            continue;
        }
        for (i, a) in legal.iter().enumerate() {
            let mut w = world.clone();
            w.apply_legal(seat, a);
            score[i] += w.evaluate(seat);
        }
    }
    let best = score.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let ties: Vec<usize> = (0..n).filter(|&i| score[i] >= best - 1e-9).collect();
    let pick = ties[rng.gen_range(0..ties.len())];
    obs.unpressed(pick, |a, b| score[a] > score[b])
}
