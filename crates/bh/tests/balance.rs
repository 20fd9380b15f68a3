//! A balance smoke run (ignored by default; `cargo test -p bh --release --test
//! balance -- --ignored --nocapture`): one-ply greedy bots on `evaluate`.
// rule: bh 10.0

use bh::Bh;
use engine::prelude::*;
use engine::Setup;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn greedy_game(scenario: &str, seed: u64) -> (Option<u8>, f64, f64) {
    let mut g = Bh::new(&Setup::new(scenario, seed));
    g.core.log.set_enabled(false);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut steps = 0;
    while g.outcome().is_none() && steps < 20_000 {
        let seat = g.to_act().iter().next().unwrap();
        let mut legal = Vec::new();
        g.legal(seat, &mut legal);
        let mut best = (f64::MIN, 0);
        for (k, a) in legal.iter().enumerate() {
            let mut c = g.clone();
            c.apply_legal(seat, a);
            let v = c.evaluate(seat) + rng.gen::<f64>() * 1e-3;
            if v > best.0 {
                best = (v, k);
            }
        }
        g.apply_legal(seat, &legal[best.1]);
        steps += 1;
    }
    (g.outcome().and_then(|o| o.winner), g.vp(0), g.vp(1))
}

#[test]
#[ignore]
fn greedy_bots_both_win_some_games() {
    for scenario in ["standard", "solo-british", "solo-patriot"] {
        let mut wins = [0; 2];
        let mut vp = [0.0; 2];
        let n = 20;
        for seed in 0..n {
            let (w, b, p) = greedy_game(scenario, seed);
            if let Some(w) = w {
                wins[w as usize] += 1;
            }
            vp[0] += b;
            vp[1] += p;
        }
        eprintln!(
            "{scenario}: British {} Patriot {} (mean VP {:.1} to {:.1})",
            wins[0],
            wins[1],
            vp[0] / n as f64,
            vp[1] / n as f64
        );
    }
}
