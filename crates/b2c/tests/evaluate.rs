//! The AI's evaluation: in [0, 1], complementary, and rising as the British near Concord (11.0).
mod support;
use b2c::state::*;
use engine::prelude::*;
use rand::{Rng, SeedableRng};
use support::*;

// rule: b2c 11.0, 13.0
#[test]
fn evaluation_is_a_probability_and_rewards_the_march_on_concord() {
    for sc in ["standard", "solo-british", "solo-patriot"] {
        let mut g = new_game(sc, 11);
        g.log_mut().set_enabled(false);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let mut legal = Vec::new();
        while g.outcome().is_none() {
            let (b, p) = (g.evaluate(B), g.evaluate(P));
            assert!(
                (0.0..=1.0).contains(&b) && ((b + p) - 1.0).abs() < 1e-9,
                "{sc}: {b} {p}"
            );
            let seat = g.to_act().iter().next().unwrap();
            legal.clear();
            g.legal(seat, &mut legal);
            let a = legal[rng.gen_range(0..legal.len())];
            g.apply_legal(seat, &a);
        }
        let w = g.outcome().unwrap().winner.unwrap();
        assert_eq!(g.evaluate(w), 1.0);
    }
    let near = |region: &str| {
        let mut g = board();
        g.put(Kind::Regular, region);
        g.evaluate(B)
    };
    assert!(near("meriams-corner") > near("lexington"));
    assert!(near("lexington") > near("cambridge"));
}
