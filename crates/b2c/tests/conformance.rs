//! The engine's conformance harness for every b2c scenario, and one run with every option on.
// rule: b2c 15.0, 15.1, 15.3, 15.4

use b2c::B2c;
use engine::conformance::{run, Config};

fn conform(scenario: &str, games: usize, options: &[(&str, &str)]) {
    let mut cfg = Config::new(scenario);
    cfg.games = games;
    cfg.check_every = 5;
    cfg.max_actions = 20_000;
    for (k, v) in options {
        cfg.options.insert(k.to_string(), v.to_string());
    }
    let r = run::<B2c>(&cfg);
    assert_eq!(r.games, games);
    assert!(r.actions > 50 * games);
}

#[test]
fn standard_random_games_conform() {
    conform("standard", 4, &[]);
}

#[test]
fn solo_british_random_games_conform() {
    conform("solo-british", 4, &[]);
}

#[test]
fn solo_patriot_random_games_conform() {
    conform("solo-patriot", 4, &[]);
}

#[test]
fn every_option_on_conforms() {
    conform(
        "standard",
        3,
        &[
            ("leader-rerolls", "on"),
            ("opfire-movement", "on"),
            ("hobbled-sol", "on"),
            ("militia-minutemen", "on"),
            ("hidden-arms", "hash-count"),
            ("percy-turn", "8"),
        ],
    );
}

#[test]
fn solo_scenarios_conform_with_either_bot_option() {
    conform("solo-british", 3, &[("bot", "sheet")]);
    conform("solo-patriot", 3, &[("bot", "sheet")]);
    conform("solo-british", 2, &[("bot", "seat")]);
}
