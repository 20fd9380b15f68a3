//! The engine's conformance harness for every Give Me Liberty! battle
//! scenario (12.x): random games under every check of the harness.
// rule: gml 3.1, 12.1, 12.2, 12.3, 12.4, 12.13, 12.23, 12.33, 12.43

use engine::conformance::{run, Config};
use gml::Gml;

fn conform(scenario: &str, games: usize) {
    conform_with(scenario, games, &[]);
}

fn conform_with(scenario: &str, games: usize, options: &[(&str, &str)]) {
    let mut cfg = Config::new(scenario);
    for (k, v) in options {
        cfg.options.insert(k.to_string(), v.to_string());
    }
    // GML_GAMES=n plays more games (a longer soak than the default run).
    cfg.games = std::env::var("GML_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(games);
    cfg.check_every = 7;
    cfg.max_actions = 20_000;
    let r = run::<Gml>(&cfg);
    eprintln!(
        "{scenario}: {} games, {} actions, wins {:?}, draws {}",
        r.games, r.actions, r.wins, r.draws
    );
    assert_eq!(r.games, cfg.games);
    assert!(r.actions > 100);
}

// rule: gml 5.5
#[test]
fn every_scenario_conforms_with_the_leader_abilities() {
    for scenario in ["canada", "saratoga", "southern-1780", "greene"] {
        conform_with(scenario, 1, &[("abilities", "on")]);
    }
}

#[test]
fn canada_random_games_conform() {
    conform("canada", 2);
}

#[test]
fn saratoga_random_games_conform() {
    conform("saratoga", 2);
}

#[test]
fn southern_1780_random_games_conform() {
    conform("southern-1780", 2);
}

#[test]
fn greene_random_games_conform() {
    conform("greene", 2);
}

/// `powderhorn fuzz gml/southern-1780 --seed 1069` (session 26): a reserve
/// (6.21) entered Sunbury, fought and retreated to Savannah before its 6.6
/// fort question was asked, and the unit went "inside" a fort where there
/// is none. Units a combat took away are asked no more.
// rule: gml 6.6, 6.21
#[test]
fn a_reserve_that_retreats_before_the_fort_question_is_not_put_inside() {
    let mut cfg = Config::new("southern-1780");
    cfg.games = 1;
    cfg.first_seed = 1069;
    cfg.check_every = 1;
    cfg.max_actions = 20_000;
    assert_eq!(run::<Gml>(&cfg).games, 1);
}

/// Whoever must act is told what to decide and under which rule: no
/// decision of a random game falls back to the idle "Waiting" prompt (the
/// naval movement, voyages and reaction windows once did).
// rule: gml 3.1, 6.21, 6.3, 7.0
#[test]
fn whoever_must_act_is_told_what_to_decide() {
    use engine::prelude::*;
    use rand_chacha::rand_core::{RngCore, SeedableRng};
    for scenario in ["canada", "saratoga", "southern-1780", "greene"] {
        for seed in 1..=3 {
            let mut g = Gml::new(&engine::Setup::new(scenario, seed));
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut legal = Vec::new();
            while g.outcome().is_none() {
                let seat = g.to_act().iter().next().expect("a seat must act");
                let p = g.prompt(seat);
                assert_ne!(p.text, "Waiting", "{scenario} seed {seed}: {:?}", g.stack.last());
                legal.clear();
                g.legal(seat, &mut legal);
                let a = legal[rng.next_u32() as usize % legal.len()];
                g.apply_legal(seat, &a);
            }
        }
    }
}
