//! The conformance harness every title runs for every scenario: seeded games
//! of random legal actions that must never panic or dead-end, must end with an
//! outcome within a bound, keep the title's invariants, round-trip through
//! JSON, replay to the same state, refuse illegal actions without change, and
//! never leak: a world resampled for a seat looks byte-identical to that seat,
//! "why not?" answers included; and "why not?" never forbids a target that a
//! legal action points at.
//! Where several seats act at once it checks each seat's undo, and that in
//! an independent phase no seat's action or undo reaches another.

use crate::game::{described, find_action, Game, Refusal, Seat, SeatSet, Setup};
use crate::session::{Record, SaveFile, Session};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeMap, HashSet};
use std::panic::{self, AssertUnwindSafe};

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

/// The state as JSON without its log, and the log's length: what the
/// per-step comparisons compare (the log only grows, and the whole state,
/// log included, is compared after the last action).
fn fingerprint<G: Game>(s: &mut Session<G>) -> (String, usize) {
    let len = s.state().log().len();
    (s.without_log(json), len)
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
        let mut s = Session::<G>::new(setup).expect("scenario is valid");
        let n = one_game(&mut s, cfg);
        report.games += 1;
        report.actions += n.0;
        match n.1 {
            Some(w) => *report.wins.entry(w).or_default() += 1,
            None => report.draws += 1,
        }
    }
    report
}

/// One game of the harness on a new session; panics at the first failure.
fn one_game<G: Game>(s: &mut Session<G>, cfg: &Config) -> (usize, Option<String>) {
    let info = G::info();
    let setup = s.setup().clone();
    let seed = setup.seed;
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut stale: Vec<(Seat, G::Action)> = Vec::new();
    // Per seat, the log entries the leak check has compared already.
    let mut compared = vec![0usize; info.seats.len()];
    // Every target a legal action pointed at so far: the why-not probes.
    let (mut probes, mut probed) = (Vec::new(), HashSet::new());
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
                for t in acts.iter().filter_map(|a| a.target.as_ref()) {
                    if probed.insert(t.clone()) {
                        probes.push(t.clone());
                    }
                }
                if let Err(e) = crate::why::check_agrees(s.state(), seat, &probes) {
                    panic!("{}", at(&e));
                }
            }
        }
        if deep {
            s.without_log(|g| round_trip(g, &at));
            no_leaks(s.state(), &mut rng, &mut compared, &probes, &at);
            refusals(s, &stale, &at);
        }
        let seat = seats[rng.gen_range(0..seats.len())];
        let mut legal = Vec::new();
        s.state().legal(seat, &mut legal);
        let action = legal[rng.gen_range(0..legal.len())].clone();
        let id = s.state().describe(seat, &action).id;
        // A world the seat cannot tell from this one, for the reveal check.
        let world = deep.then(|| {
            let mut r = ChaCha8Rng::seed_from_u64(seed ^ ((step as u64) << 20));
            s.state().determinize(seat, &mut r)
        });
        // What the other seats deciding alongside know, which the action
        // must not change while who acts stays the same.
        let others = to_act.without(seat);
        let alongside = (deep && s.state().independent()).then(|| observations(s.state(), others));
        s.act(seat, &id, &[])
            .unwrap_or_else(|e| panic!("{}", at(&format!("legal action '{id}' refused: {e}"))));
        if let (Some(seen), true) = (alongside, s.state().to_act() == to_act) {
            assert_eq!(
                seen,
                observations(s.state(), others),
                "{}",
                at(&format!("{id} changed what a seat deciding alongside sees or may do"))
            );
        }
        if let (Some(world), true) = (world, s.can_undo(seat)) {
            reveals_nothing(s.state(), world, seat, &id, &at);
        }
        if deep {
            undo_redo(s, &at);
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
    round_trip(s.state(), &|what: &str| {
        format!("{} seed {seed} at the end: {what}", info.key)
    });
    let save = s.save();
    Session::<G>::load(&save).unwrap_or_else(|e| panic!("{} seed {seed}: load of own save failed: {e}", info.key));
    let winner = s
        .state()
        .outcome()
        .and_then(|o| o.winner)
        .map(|w| info.seat_name(w).to_string());
    (step, winner)
}

/// An action that can be undone must not have shown its seat anything
/// hidden: the same action in a world resampled for the seat before it
/// leaves the seat the same view and log. (An action that reveals must be
/// an undo barrier: `Dice::reveal`, or a roll or draw.)
fn reveals_nothing<G: Game>(g: &G, mut world: G, seat: Seat, id: &str, at: &dyn Fn(&str) -> String) {
    let action = find_action(&world, seat, id).unwrap_or_else(|e| {
        panic!(
            "{}",
            at(&format!(
                "'{id}' is not legal in a world the seat cannot tell apart: {e}"
            ))
        )
    });
    world.apply_legal(seat, &action);
    let name = G::info().seat_name(seat);
    assert_eq!(
        g.to_act(),
        world.to_act(),
        "{}",
        at(&format!(
            "{id} showed {name} something hidden by who acts next, yet it can be undone"
        ))
    );
    assert_eq!(
        g.view(Some(seat)).to_string(),
        world.view(Some(seat)).to_string(),
        "{}",
        at(&format!("{id} showed {name} something hidden, yet it can be undone"))
    );
    let log = |x: &G| serde_json::to_string(&x.log().visible(Some(seat)).last()).unwrap();
    assert_eq!(
        log(g),
        log(&world),
        "{}",
        at(&format!("{id} told {name} something hidden, yet it can be undone"))
    );
}

/// For every seat that can undo, undo then redo gives the same state: for
/// a seat that did not act last, its action then moves after the others'
/// (in an independent phase it must not matter). While the seats decide
/// independently, one seat's undo changes nothing the others see or may do.
fn undo_redo<G: Game>(s: &mut Session<G>, at: &dyn Fn(&str) -> String) {
    let to_act = s.state().to_act();
    let undoing: Vec<Seat> = to_act.iter().filter(|&seat| s.can_undo(seat)).collect();
    for seat in undoing {
        let name = G::info().seat_name(seat);
        let last = s.actions().iter().rev().find(|r| r.seat == name);
        let id = last.expect("an undoable action is recorded").action.clone();
        let others = to_act.without(seat);
        let seen = s.state().independent().then(|| observations(s.state(), others));
        let after = fingerprint(s);
        s.undo(seat).expect("undo allowed");
        if let Some(seen) = seen {
            assert_eq!(
                seen,
                observations(s.state(), others),
                "{}",
                at(&format!("{name}'s undo changed what another seat sees or may do"))
            );
        }
        s.act(seat, &id, &[]).expect("redo after undo");
        assert_eq!(
            after,
            fingerprint(s),
            "{}",
            at(&format!("{name}'s undo then redo differs"))
        );
    }
}

/// What each of `seats` knows of `g`: its view, how many log entries it
/// may read (the log only grows) and its legal ids.
fn observations<G: Game>(g: &G, seats: SeatSet) -> Vec<(String, usize, Vec<String>)> {
    seats
        .iter()
        .map(|seat| {
            let ids = described(g, seat).into_iter().map(|a| a.id).collect();
            (g.view(Some(seat)).to_string(), g.log().visible(Some(seat)).count(), ids)
        })
        .collect()
}

fn round_trip<G: Game>(g: &G, at: &dyn Fn(&str) -> String) {
    let text = json(g);
    let back: G =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}", at(&format!("state does not deserialize: {e}"))));
    assert_eq!(text, json(&back), "{}", at("JSON round trip differs"));
}

/// A world resampled for `seat` differs only in what `seat` cannot see, so the
/// seat's view, log and legal actions must be byte-identical in it.
/// `compared[seat]`: the entries of the seat's log compared at earlier steps
/// (a sampled world's log is the true one filtered, so older entries cannot
/// differ now if they did not then); only the newer ones are compared.
fn no_leaks<G: Game>(
    g: &G,
    rng: &mut ChaCha8Rng,
    compared: &mut [usize],
    probes: &[String],
    at: &dyn Fn(&str) -> String,
) {
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
        let from = compared[seat as usize];
        let log = |x: &G| {
            let seen: Vec<_> = x.log().visible(Some(seat)).collect();
            (
                seen.len(),
                serde_json::to_string(&seen[from.min(seen.len())..]).unwrap(),
            )
        };
        let (len, text) = log(g);
        assert_eq!(
            (len, text),
            log(&sample),
            "{}",
            at(&format!("{name}'s log depends on hidden information"))
        );
        compared[seat as usize] = len;
        let ids = |x: &G| described(x, seat).into_iter().map(|a| a.id).collect::<Vec<_>>();
        assert_eq!(
            ids(g),
            ids(&sample),
            "{}",
            at(&format!("{name}'s legal actions depend on hidden information"))
        );
        for t in probes {
            assert_eq!(
                crate::Describe::why_not(g, seat, t),
                crate::Describe::why_not(&sample, seat, t),
                "{}",
                at(&format!("{name}'s \"why not?\" for {t} depends on hidden information"))
            );
        }
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
    let before = fingerprint(s);
    // Copies to try actions on, without the log (a refusal adds no entry).
    let bare = s.without_log(G::clone);
    let to_act = s.state().to_act();
    for seat in 0..info.seats.len() as Seat {
        let r = s.act(seat, "no-such-action", &[1, 2, 3]);
        assert!(r.is_err(), "{}", at("a made-up action id was accepted"));
        if !to_act.contains(seat) {
            assert!(s.undo(seat).is_err(), "{}", at("a seat undid out of turn"));
            if let Some((_, a)) = stale.iter().find(|(st, _)| *st == seat) {
                let r = crate::apply(&mut bare.clone(), seat, a);
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
            let mut copy = bare.clone();
            let r = crate::apply(&mut copy, *seat, a);
            assert!(
                matches!(r, Err(Refusal::NotLegal(..))),
                "{}",
                at("a stale action was accepted")
            );
            assert_eq!(
                (before.0.as_str(), 0),
                (json(&copy).as_str(), copy.log().len()),
                "{}",
                at("a refused action changed the state")
            );
        }
    }
    assert!(find_action(s.state(), 0, "").is_err());
    assert_eq!(before, fingerprint(s), "{}", at("a refused action changed the state"));
}

/// A game the harness failed, for `powderhorn fuzz`: what failed, and the
/// save file of the actions played before the failure (its state is null
/// when even their replay fails: loading the file then reproduces that).
#[derive(Debug)]
pub struct Failure {
    pub seed: u64,
    pub message: String,
    /// Boxed: a failure is rare and a save file large.
    pub save: Box<SaveFile>,
}

/// One game of the harness with every check at every step, from `setup`:
/// the number of actions, or the failure (a failed check or a panic in the
/// title's rules) with the save file that reproduces it.
pub fn check_game<G: Game>(setup: &Setup, max_actions: usize) -> Result<usize, Failure> {
    let fail = |message: String, save: SaveFile| Failure {
        seed: setup.seed,
        message,
        save: Box::new(save),
    };
    let cfg = Config {
        scenario: setup.scenario.clone(),
        options: setup.options.clone(),
        games: 1,
        first_seed: setup.seed,
        max_actions,
        check_every: 1,
    };
    let mut s = Session::<G>::new(setup.clone()).map_err(|e| fail(e.to_string(), unplayable::<G>(setup, &[])))?;
    match panic::catch_unwind(AssertUnwindSafe(|| one_game(&mut s, &cfg))) {
        Ok((n, _)) => Ok(n),
        Err(payload) => {
            let message = panic_text(payload.as_ref());
            let actions = s.actions().to_vec();
            let save = match panic::catch_unwind(AssertUnwindSafe(|| Session::<G>::replay(s.setup().clone(), &actions)))
            {
                Ok(Ok(replayed)) => replayed.save(),
                _ => unplayable::<G>(s.setup(), &actions),
            };
            Err(fail(message, save))
        }
    }
}

/// A save file of these actions without a state (they do not replay).
fn unplayable<G: Game>(setup: &Setup, actions: &[Record]) -> SaveFile {
    SaveFile::of::<G>(setup.clone(), actions.to_vec(), serde_json::Value::Null)
}

fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    match (payload.downcast_ref::<String>(), payload.downcast_ref::<&str>()) {
        (Some(s), _) => s.clone(),
        (_, Some(s)) => s.to_string(),
        _ => "a panic without a message".into(),
    }
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
