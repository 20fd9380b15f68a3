//! The engine's conformance harness for On to Quebec (35.3): random games
//! under every check of the harness, from the set-up to a victory level.
// rule: fiw 3.1, 35.3

use engine::conformance::{run, Config};
use fiw::Fiw;

#[test]
fn on_to_quebec_random_games_conform() {
    let mut cfg = Config::new("on-to-quebec");
    // FIW_GAMES=n plays more games (a longer soak than the default run).
    cfg.games = std::env::var("FIW_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2);
    cfg.check_every = 11;
    cfg.max_actions = 20_000;
    let r = run::<Fiw>(&cfg);
    eprintln!(
        "on-to-quebec: {} games, {} actions, wins {:?}, draws {}",
        r.games, r.actions, r.wins, r.draws
    );
    assert_eq!(r.games, cfg.games);
    assert!(r.actions > 100);
}

#[test]
fn the_extended_scenario_conforms_to_its_end_in_1762() {
    // rule: fiw 35.4
    let mut cfg = Config::new("on-to-quebec");
    cfg.options.insert("extended".into(), "on".into());
    cfg.games = std::env::var("FIW_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .map_or(1, |n: usize| n.div_ceil(2));
    cfg.first_seed = 101;
    cfg.check_every = 13;
    cfg.max_actions = 40_000;
    let r = run::<Fiw>(&cfg);
    eprintln!(
        "on-to-quebec extended: {} games, {} actions, wins {:?}, draws {}",
        r.games, r.actions, r.wins, r.draws
    );
    assert_eq!(r.games, cfg.games);
}
