//! How long a bot takes to decide (docs/ai.md; `powderhorn bench SCENARIO
//! --bot BOT`): the bot plays every seat of seeded games and each decision
//! with more than one legal action is timed. Timing is a measurement, so it
//! runs with the bot's wall-clock cap, unlike the simulator.

use crate::{ismcts, BotSpec, Observation};
use engine::{Game, Setup};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// Decision times in seconds (sorted) and the search's iterations.
#[derive(Clone, Debug, Default)]
pub struct Timing {
    pub games: usize,
    pub seconds: Vec<f64>,
    pub iterations: u64,
    pub searching: f64,
}

impl Timing {
    /// The `p` quantile (0 = fastest, 1 = slowest) of the decision times.
    pub fn quantile(&self, p: f64) -> f64 {
        if self.seconds.is_empty() {
            return 0.0;
        }
        self.seconds[((self.seconds.len() - 1) as f64 * p.clamp(0.0, 1.0)).round() as usize]
    }

    /// Search iterations per second of searching (0 for bots that do not search).
    pub fn iterations_per_second(&self) -> f64 {
        if self.searching > 0.0 {
            self.iterations as f64 / self.searching
        } else {
            0.0
        }
    }
}

/// Play `games` games from `setup` (game i from seed `setup.seed + i`), `bot`
/// in every seat with `trees` search trees, until `most` decisions are timed.
pub fn time_decisions<G: Game>(
    setup: &Setup,
    bot: &BotSpec,
    games: usize,
    trees: usize,
    most: usize,
) -> Result<Timing, String> {
    let mut setup = setup.clone();
    setup.validate(G::info()).map_err(|e| e.to_string())?;
    let mut t = Timing::default();
    for i in 0..games as u64 {
        if t.seconds.len() >= most {
            break;
        }
        let mut s = setup.clone();
        s.seed = setup.seed.wrapping_add(i);
        let mut g = G::new(&s);
        g.log_mut().set_enabled(false);
        let mut rng = ChaCha8Rng::seed_from_u64(s.seed);
        t.games += 1;
        while g.outcome().is_none() && t.seconds.len() < most {
            let seats: Vec<_> = g.to_act().iter().collect();
            let seat = seats[rng.gen_range(0..seats.len())];
            let obs = Observation::new(&g, seat);
            let start = Instant::now();
            let a = match bot {
                BotSpec::Ismcts { .. } if obs.legal().len() > 1 => {
                    let budget = bot.budget_for::<G>().expect("a searching bot");
                    let r = ismcts::search(&obs, &budget, rng.gen(), trees);
                    t.iterations += r.iterations;
                    t.searching += r.elapsed.as_secs_f64();
                    obs.legal()[r.best].clone()
                }
                _ => bot.choose(&obs, rng.gen(), trees),
            };
            if obs.legal().len() > 1 {
                t.seconds.push(start.elapsed().as_secs_f64());
            }
            g.apply_legal(seat, &a);
        }
    }
    t.seconds.sort_by(f64::total_cmp);
    Ok(t)
}
