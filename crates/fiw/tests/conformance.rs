//! The engine's conformance harness for On to Quebec (35.3): random games
//! under every check of the harness, from the set-up to a victory level.
// rule: fiw 3.1, 35.3

use engine::conformance::{run, Config, Report};
use fiw::Fiw;

/// The number of games FIW_GAMES=n asks for (a longer soak than the
/// default run), if it is set.
fn games_asked() -> Option<usize> {
    std::env::var("FIW_GAMES").ok().and_then(|v| v.parse().ok())
}

/// Plays the games `cfg` sets under every check of the harness, says what
/// came of them, and checks that all were played.
fn play(cfg: &Config, what: &str) -> Report {
    let r = run::<Fiw>(cfg);
    eprintln!(
        "{what}: {} games, {} actions, wins {:?}, draws {}",
        r.games, r.actions, r.wins, r.draws
    );
    assert_eq!(r.games, cfg.games);
    r
}

#[test]
fn on_to_quebec_random_games_conform() {
    let mut cfg = Config::new("on-to-quebec");
    cfg.games = games_asked().unwrap_or(2);
    cfg.check_every = 11;
    cfg.max_actions = 20_000;
    let r = play(&cfg, "on-to-quebec");
    assert!(r.actions > 100);
}

#[test]
fn the_extended_scenario_conforms_to_its_end_in_1762() {
    // rule: fiw 35.4
    let mut cfg = Config::new("on-to-quebec");
    cfg.options.insert("extended".into(), "on".into());
    cfg.games = games_asked().map_or(1, |n| n.div_ceil(2));
    cfg.first_seed = 101;
    cfg.check_every = 13;
    cfg.max_actions = 40_000;
    play(&cfg, "on-to-quebec extended");
}
