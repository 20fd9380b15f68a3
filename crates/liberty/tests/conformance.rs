//! The engine's conformance harness for every Liberty scenario and option set.
// rule: liberty 2.0

use engine::conformance::{run, Config};
use liberty::Liberty;

#[test]
fn liberty_1775_random_games_conform() {
    let mut cfg = Config::new("1775");
    cfg.games = 6;
    cfg.check_every = 7;
    let r = run::<Liberty>(&cfg);
    assert_eq!(r.games, 6);
    assert!(r.actions > 100);
}

#[test]
fn liberty_1775_with_every_option_conforms() {
    let mut cfg = Config::new("1775");
    for k in ["british-initiative", "militia-firepower", "bayonet", "pursuit"] {
        cfg.options.insert(k.into(), "on".into());
    }
    cfg.games = 4;
    cfg.first_seed = 100;
    cfg.check_every = 7;
    let r = run::<Liberty>(&cfg);
    assert_eq!(r.games, 4);
}
