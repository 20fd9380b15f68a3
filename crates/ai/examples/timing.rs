//! Decision times and search speed of a bot on Liberty 1775 (docs/ai.md):
//!
//!     cargo run --release -p ai --example timing -- ismcts:normal GAMES [TREES [DECISIONS]]
//!
//! plays the given number of games, the bot as both seats, and times every
//! decision with more than one legal action (stopping after DECISIONS).

use ai::{ismcts, BotSpec, Observation};
use engine::{Game, Setup};
use liberty::Liberty;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let bot = BotSpec::parse(args.get(1).map(String::as_str).unwrap_or("ismcts:normal")).expect("a bot");
    let games: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let trees: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let most: usize = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(usize::MAX);
    let mut times = Vec::new();
    let (mut iterations, mut searching) = (0u64, 0.0f64);
    for seed in 1..=games {
        let mut setup = Setup::new("1775", seed);
        setup.validate(Liberty::info()).unwrap();
        let mut g = Liberty::new(&setup);
        g.log_mut().set_enabled(false);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut actions = 0;
        while g.outcome().is_none() && actions < 5000 && times.len() < most {
            let seats: Vec<_> = g.to_act().iter().collect();
            let seat = seats[rng.gen_range(0..seats.len())];
            let obs = Observation::new(&g, seat);
            let start = Instant::now();
            let a = match (&bot, obs.legal().len()) {
                (_, 1) => obs.legal()[0],
                (BotSpec::Ismcts { budget, .. }, _) => {
                    let r = ismcts::search(&obs, budget, rng.gen(), trees);
                    iterations += r.iterations;
                    searching += r.elapsed.as_secs_f64();
                    obs.legal()[r.best]
                }
                _ => bot.choose(&obs, rng.gen(), trees),
            };
            if obs.legal().len() > 1 {
                times.push(start.elapsed().as_secs_f64());
            }
            g.apply_legal(seat, &a);
            actions += 1;
        }
        println!(
            "game {seed}: {actions} actions, outcome {:?}",
            g.outcome().map(|o| &o.reason)
        );
    }
    times.sort_by(f64::total_cmp);
    let q = |p: f64| times[((times.len() - 1) as f64 * p) as usize];
    println!(
        "{bot}: {} decisions, median {:.3} s, p90 {:.3} s, max {:.3} s, total {:.1} s",
        times.len(),
        q(0.5),
        q(0.9),
        q(1.0),
        times.iter().sum::<f64>()
    );
    if searching > 0.0 {
        println!("iterations/s: {:.0}", iterations as f64 / searching);
    }
}
