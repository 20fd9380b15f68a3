//! A quick strength check on Liberty 1775 (docs/ai.md): a search bot with a
//! given budget and playout length against another bot, each side in turn:
//!
//!     cargo run --release -p ai --example duel -- ITERATIONS PLAYOUT OPPONENT GAMES [THREADS]

use ai::sim::play_one;
use ai::{BotSpec, Budget};
use engine::prelude::*;
use engine::Setup;
use liberty::Liberty;
use rayon::prelude::*;
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize, d: &str| args.get(i).cloned().unwrap_or_else(|| d.to_string());
    let iterations: u32 = arg(1, "200").parse().unwrap();
    let playout: usize = arg(2, "100").parse().unwrap();
    let opponent = BotSpec::parse(&arg(3, "random")).unwrap();
    let games: usize = arg(4, "10").parse().unwrap();
    let threads: usize = arg(5, "2").parse().unwrap();
    let bot = BotSpec::Ismcts {
        level: format!("{iterations}/{playout}"),
        budget: Budget {
            iterations,
            max_time: Duration::MAX,
            playout,
        },
    };
    let mut setup = Setup::new("1775", 1000);
    setup.validate(Liberty::info()).unwrap();
    let start = Instant::now();
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
    let won: Vec<(usize, bool)> = pool.install(|| {
        (0..games)
            .into_par_iter()
            .map(|i| {
                let side = i % 2;
                let mut bots = vec![opponent.clone(), opponent.clone()];
                bots[side] = bot.clone();
                let r = play_one::<Liberty>(&setup, &bots, 20_000, i);
                (side, r.winner.as_deref() == Some(Liberty::info().seats[side]))
            })
            .collect()
    });
    for side in 0..2 {
        let n = won.iter().filter(|w| w.0 == side).count();
        let k = won.iter().filter(|w| w.0 == side && w.1).count();
        let (lo, hi) = ai::wilson(k, n);
        println!(
            "{bot} as {} vs {opponent}: {k}/{n} won ({:.0}%-{:.0}%)",
            Liberty::info().seats[side],
            100.0 * lo,
            100.0 * hi
        );
    }
    println!("{:.1} s", start.elapsed().as_secs_f64());
}
