//! The conformance harness every title runs for every scenario: seeded games
//! of random legal actions that must never panic or dead-end, must end with an
//! outcome within a bound, keep the title's invariants, round-trip through
//! JSON, replay to the same state, refuse illegal actions without change, and
//! never leak: a world resampled for a seat looks byte-identical to that seat.

use crate::game::{described, find_action, Game, Refusal, Seat, Setup};
use crate::session::Session;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeMap, HashSet};

#[derive(Clone, Debug)]
pub struct Config {
    pub scenario: String,
    pub options: BTreeMap<String, String>,
    pub games: usize,
    pub first_seed: u64,
    /// A game that has not ended after this many actions fails.
    pub max_actions: usize,
    /// Run the expensive checks (JSON, leaks, refusals, undo) every n-th step.
    pub check_every: usize,
}

impl Config {
    pub fn new(scenario: &str) -> Self {
        Config {
            scenario: scenario.to_string(),
            options: BTreeMap::new(),
            games: 10,
            first_seed: 1,
            max_actions: 100_000,
            check_every: 1,
        }
    }
}

#[derive(Debug, Default)]
pub struct Report {
    pub games: usize,
    pub actions: usize,
    pub wins: BTreeMap<String, usize>,
    pub draws: usize,
}

fn json<G: Game>(g: &G) -> String {
    serde_json::to_string(g).expect("state serializes")
}

/// Run the harness; panics with the seed and step of the first failure.
pub fn run<G: Game>(cfg: &Config) -> Report {
    let mut report = Report::default();
    for i in 0..cfg.games {
        let seed = cfg.first_seed + i as u64;
        let setup = Setup {
            scenario: cfg.scenario.clone(),
            options: cfg.options.clone(),
            seed,
            draws: Vec::new(),
        };
        let n = one_game::<G>(setup, cfg);
        report.games += 1;
        report.actions += n.0;
        match n.1 {
            Some(w) => *report.wins.entry(w).or_default() += 1,
            None => report.draws += 1,
        }
    }
    report
}

fn one_game<G: Game>(setup: Setup, cfg: &Config) -> (usize, Option<String>) {
    let info = G::info();
    let seed = setup.seed;
    let mut s = Session::<G>::new(setup.clone()).expect("scenario is valid");
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut stale: Vec<(Seat, G::Action)> = Vec::new();
    let mut step = 0usize;
    while s.state().outcome().is_none() {
        let at = |what: &str| format!("{} seed {seed} step {step}: {what}", info.key);
        assert!(step < cfg.max_actions, "{}", at("no outcome within the bound"));
        let to_act = s.state().to_act();
        assert!(
            !to_act.is_empty(),
            "{}",
            at("dead end: no seat must act and no outcome")
        );
        if let Err(e) = s.state().check() {
            panic!("{}", at(&format!("invariant broken: {e}")));
        }
        let seats: Vec<Seat> = to_act.iter().collect();
        let deep = step.is_multiple_of(cfg.check_every);
        for &seat in &seats {
            let acts = described(s.state(), seat);
            assert!(
                !acts.is_empty(),
                "{}",
                at(&format!(
                    "dead end: {} must act but has no legal action",
                    info.seat_name(seat)
                ))
            );
            if deep {
                let mut ids = HashSet::new();
                for a in &acts {
                    assert!(
                        !a.id.is_empty() && !a.id.contains(char::is_whitespace),
                        "{}",
                        at(&format!("bad action id '{}'", a.id))
                    );
                    assert!(
                        ids.insert(a.id.clone()),
                        "{}",
                        at(&format!("duplicate action id '{}'", a.id))
                    );
                }
                let mut typed = Vec::new();
                s.state().legal(seat, &mut typed);
                for (a, described) in typed.iter().zip(&acts) {
                    let id = crate::action_id(s.state(), seat, a);
                    assert_eq!(id, described.id, "{}", at("write_id and describe give different ids"));
                }
            }
        }
        if deep {
            round_trip(s.state(), &at);
            no_leaks(s.state(), &mut rng, &at);
            refusals(&mut s, &stale, &at);
        }
        let seat = seats[rng.gen_range(0..seats.len())];
        let mut legal = Vec::new();
        s.state().legal(seat, &mut legal);
        let action = legal[rng.gen_range(0..legal.len())].clone();
        let id = s.state().describe(seat, &action).id;
        s.act(seat, &id, &[])
            .unwrap_or_else(|e| panic!("{}", at(&format!("legal action '{id}' refused: {e}"))));
        if deep && s.can_undo(seat) {
            let after = json(s.state());
            s.undo(seat).expect("undo allowed");
            s.act(seat, &id, &[]).expect("redo after undo");
            assert_eq!(after, json(s.state()), "{}", at("undo then redo differs"));
        }
        if stale.len() > 16 {
            stale.remove(0);
        }
        stale.push((seat, action));
        step += 1;
    }
    if let Err(e) = s.state().check() {
        panic!("{} seed {seed}: invariant broken at the end: {e}", info.key);
    }
    let replayed = Session::<G>::replay(setup, s.actions())
        .unwrap_or_else(|e| panic!("{} seed {seed}: replay failed: {e}", info.key));
    assert_eq!(
        json(s.state()),
        json(replayed.state()),
        "{} seed {seed}: replay differs",
        info.key
    );
    let save = s.save();
    Session::<G>::load(&save).unwrap_or_else(|e| panic!("{} seed {seed}: load of own save failed: {e}", info.key));
    let winner = s
        .state()
        .outcome()
        .and_then(|o| o.winner)
        .map(|w| info.seat_name(w).to_string());
    (step, winner)
}

fn round_trip<G: Game>(g: &G, at: &dyn Fn(&str) -> String) {
    let text = json(g);
    let back: G =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}", at(&format!("state does not deserialize: {e}"))));
    assert_eq!(text, json(&back), "{}", at("JSON round trip differs"));
}

/// A world resampled for `seat` differs only in what `seat` cannot see, so the
/// seat's view, log and legal actions must be byte-identical in it.
fn no_leaks<G: Game>(g: &G, rng: &mut ChaCha8Rng, at: &dyn Fn(&str) -> String) {
    let info = G::info();
    for seat in 0..info.seats.len() as Seat {
        let sample = g.determinize(seat, rng);
        if let Err(e) = sample.check() {
            panic!(
                "{}",
                at(&format!(
                    "determinized world for {} breaks invariants: {e}",
                    info.seat_name(seat)
                ))
            );
        }
        let name = info.seat_name(seat);
        assert_eq!(
            g.view(Some(seat)).to_string(),
            sample.view(Some(seat)).to_string(),
            "{}",
            at(&format!("{name}'s view depends on hidden information"))
        );
        let log = |x: &G| serde_json::to_string(&x.log().visible(Some(seat)).collect::<Vec<_>>()).unwrap();
        assert_eq!(
            log(g),
            log(&sample),
            "{}",
            at(&format!("{name}'s log depends on hidden information"))
        );
        let ids = |x: &G| described(x, seat).into_iter().map(|a| a.id).collect::<Vec<_>>();
        assert_eq!(
            ids(g),
            ids(&sample),
            "{}",
            at(&format!("{name}'s legal actions depend on hidden information"))
        );
    }
    assert_eq!(
        g.view(None).to_string(),
        g.determinize(0, rng).view(None).to_string(),
        "{}",
        at("the spectator view depends on hidden information")
    );
}

/// Illegal actions are refused with a reason and change nothing.
fn refusals<G: Game>(s: &mut Session<G>, stale: &[(Seat, G::Action)], at: &dyn Fn(&str) -> String) {
    let info = G::info();
    let before = json(s.state());
    let to_act = s.state().to_act();
    for seat in 0..info.seats.len() as Seat {
        let r = s.act(seat, "no-such-action", &[1, 2, 3]);
        assert!(r.is_err(), "{}", at("a made-up action id was accepted"));
        if !to_act.contains(seat) {
            if let Some((_, a)) = stale.iter().find(|(st, _)| *st == seat) {
                let r = crate::apply(&mut s.state().clone(), seat, a);
                assert!(
                    matches!(r, Err(Refusal::NotYourTurn(_))),
                    "{}",
                    at("a seat acted out of turn")
                );
            }
        }
    }
    for (seat, a) in stale {
        if !to_act.contains(*seat) {
            continue;
        }
        let mut legal = Vec::new();
        s.state().legal(*seat, &mut legal);
        if !legal.contains(a) {
            let mut copy = s.state().clone();
            let r = crate::apply(&mut copy, *seat, a);
            assert!(
                matches!(r, Err(Refusal::NotLegal(..))),
                "{}",
                at("a stale action was accepted")
            );
            assert_eq!(before, json(&copy), "{}", at("a refused action changed the state"));
        }
    }
    assert!(find_action(s.state(), 0, "").is_err());
    assert_eq!(before, json(s.state()), "{}", at("a refused action changed the state"));
}

/// A random game with typed actions and the log off: the speed benchmark.
/// Returns the number of actions applied.
pub fn random_playout<G: Game>(g: &mut G, rng: &mut ChaCha8Rng, max_actions: usize) -> usize {
    let mut legal = Vec::new();
    let mut n = 0;
    while g.outcome().is_none() && n < max_actions {
        let to_act = g.to_act();
        let count = to_act.0.count_ones() as usize;
        let seat = to_act.iter().nth(rng.gen_range(0..count)).expect("a seat must act");
        legal.clear();
        g.legal(seat, &mut legal);
        let a = &legal[rng.gen_range(0..legal.len())];
        g.apply_legal(seat, a);
        n += 1;
    }
    n
}

/// A random game played through [`Session::act`], each action named by its
/// id as a caller names it: the benchmark of the per-move path. Returns the
/// number of actions applied.
pub fn session_playout<G: Game>(s: &mut Session<G>, rng: &mut ChaCha8Rng) -> usize {
    let mut legal = Vec::new();
    let mut n = 0;
    while s.state().outcome().is_none() {
        let to_act = s.state().to_act();
        let count = to_act.0.count_ones() as usize;
        let seat = to_act.iter().nth(rng.gen_range(0..count)).expect("a seat must act");
        legal.clear();
        s.state().legal(seat, &mut legal);
        let id = crate::action_id(s.state(), seat, &legal[rng.gen_range(0..legal.len())]);
        s.act(seat, &id, &[]).expect("a legal action is accepted");
        n += 1;
    }
    n
}
