//! The conformance harness every title runs for every scenario: seeded games
//! of random legal actions that must never panic or dead-end, must end with an
//! outcome within a bound, never come back to a position they left (no cycle
//! of actions that undo each other), keep the title's invariants, round-trip
//! through JSON, replay to the same state, refuse illegal actions without
//! change, and never leak: a world resampled for a seat looks byte-identical
//! to that seat, "why not?" answers included; and "why not?" never forbids a
//! target that a legal action points at.
//! Where several seats act at once it checks each seat's undo, and that in
//! an independent phase no seat's action or undo reaches another.

use crate::game::{described, find_action, ActionInfo, Game, Refusal, Seat, SeatSet, Setup, Viewer};
use crate::log::Log;
use crate::session::{Record, SaveFile, Session};
use crate::why::Forbidden;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::{BTreeMap, HashMap, HashSet};
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

/// What the harness has worked out of the current state, each thing once
/// though several checks look at it: the views, the legal actions
/// described, the "why not?" answers and the JSON without the log. Cleared
/// whenever the state changes (a refusal must not change it, and the
/// harness checks that it did not).
struct Known {
    json: Option<String>,
    /// Per seat, then the spectator's.
    views: Vec<Option<Value>>,
    acts: Vec<Option<Vec<ActionInfo>>>,
    /// Per seat, the answers for the first probes, in their order.
    why: Vec<Vec<Vec<Forbidden>>>,
}

impl Known {
    fn new(seats: usize) -> Self {
        Known {
            json: None,
            views: vec![None; seats + 1],
            acts: vec![None; seats],
            why: vec![Vec::new(); seats],
        }
    }

    fn clear(&mut self) {
        self.json = None;
        self.views.iter_mut().for_each(|v| *v = None);
        self.acts.iter_mut().for_each(|a| *a = None);
        self.why.iter_mut().for_each(Vec::clear);
    }

    fn view<G: Game>(&mut self, g: &G, viewer: Viewer) -> &Value {
        let i = viewer.map_or(self.acts.len(), usize::from);
        self.views[i].get_or_insert_with(|| g.view(viewer))
    }

    fn acts<G: Game>(&mut self, g: &G, seat: Seat) -> &[ActionInfo] {
        self.acts[seat as usize].get_or_insert_with(|| described(g, seat))
    }

    fn why<G: Game>(&mut self, g: &G, seat: Seat, probes: &[String]) -> &[Vec<Forbidden>] {
        let answers = &mut self.why[seat as usize];
        for t in &probes[answers.len()..] {
            answers.push(crate::Describe::why_not(g, seat, t));
        }
        answers
    }

    /// The state's JSON without its log.
    fn json<G: Game>(&mut self, s: &mut Session<G>) -> &str {
        self.json.get_or_insert_with(|| s.without_log(json))
    }
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
    let mut known = Known::new(info.seats.len());
    // The positions seen so far (without the log): none may come back.
    let mut positions = std::collections::HashMap::new();
    let drawing = G::drawing();
    if let Some(Err(e)) = drawing.as_ref().map(crate::Drawing::check) {
        panic!("{}: the map does not hold together: {e}", info.key);
    }
    let (mut typed, mut id) = (Vec::new(), String::new());
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
            let acts = known.acts(s.state(), seat);
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
                let mut on_map: HashMap<&str, bool> = HashMap::new();
                for a in acts {
                    assert!(
                        !a.id.is_empty() && !a.id.contains(char::is_whitespace),
                        "{}",
                        at(&format!("bad action id '{}'", a.id))
                    );
                    assert!(
                        ids.insert(a.id.as_str()),
                        "{}",
                        at(&format!("duplicate action id '{}'", a.id))
                    );
                    // A group is picked on the map, each member pointing
                    // there, or from a list, none pointing anywhere.
                    if let Some(g) = &a.group {
                        let first = *on_map.entry(g.as_str()).or_insert(a.target.is_some());
                        assert_eq!(
                            first,
                            a.target.is_some(),
                            "{}",
                            at(&format!(
                                "group '{g}' mixes actions with and without a target ('{}')",
                                a.id
                            ))
                        );
                    }
                }
                typed.clear();
                s.state().legal(seat, &mut typed);
                for (a, described) in typed.iter().zip(acts) {
                    id.clear();
                    s.state().write_id(seat, a, &mut id).expect("a String takes any id");
                    assert_eq!(id, described.id, "{}", at("write_id and describe give different ids"));
                }
                for t in acts.iter().filter_map(|a| a.target.as_ref()) {
                    if probed.insert(t.clone()) {
                        probes.push(t.clone());
                    }
                }
                known.why(s.state(), seat, &probes);
                let acts = known.acts[seat as usize].as_deref().expect("described above");
                if let Err(e) = crate::why::agrees(acts, &probes, &known.why[seat as usize]) {
                    panic!("{}", at(&e));
                }
            }
        }
        // Actions that undo each other would let a seat, or a bot, go
        // round in circles for ever: undo is the way back.
        if let Some(then) = positions.insert(hash(known.json(s)), step) {
            panic!(
                "{}",
                at(&format!(
                    "back in the position of step {then} (after {}): actions that undo each other make a cycle",
                    s.actions()[then..]
                        .iter()
                        .map(|r| r.action.as_str())
                        .collect::<Vec<_>>()
                        .join(" ")
                ))
            );
        }
        if deep {
            typed_views(s.state(), &mut known, drawing.as_ref(), &at);
            round_trip::<G>(known.json(s), &at);
            no_leaks(s.state(), &mut known, &mut rng, &mut compared, &probes, &at);
            refusals(s, &mut known, &stale, &at);
        }
        let seat = seats[rng.gen_range(0..seats.len())];
        typed.clear();
        s.state().legal(seat, &mut typed);
        let action = typed[rng.gen_range(0..typed.len())].clone();
        let described = s.state().describe(seat, &action);
        let (id, irreversible) = (described.id, described.irreversible);
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
        known.clear();
        assert!(
            !irreversible || !s.can_undo(seat),
            "{}",
            at(&format!("{id} is said to be irreversible, yet it can be undone"))
        );
        if let (Some(seen), true) = (alongside, s.state().to_act() == to_act) {
            assert_eq!(
                seen,
                observations(s.state(), others),
                "{}",
                at(&format!("{id} changed what a seat deciding alongside sees or may do"))
            );
        }
        if let (Some(world), true) = (world, s.can_undo(seat)) {
            reveals_nothing(s.state(), &mut known, world, seat, &id, &at);
        }
        if deep {
            undo_redo(s, &mut known, &at);
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
    let text = json(s.state());
    same_text(&text, replayed.state(), || {
        format!("{} seed {seed}: replay differs", info.key)
    });
    round_trip::<G>(&text, &|what: &str| {
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

fn hash(text: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut h);
    h.finish()
}

/// Whether two JSON values print the same: `==`, but telling 0.0 from -0.0
/// (and in the order their objects print), so that comparing two views
/// costs no printing of either.
fn json_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) if x.is_f64() && y.is_f64() => {
            x.as_f64().map(f64::to_bits) == y.as_f64().map(f64::to_bits)
        }
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(x, y)| json_eq(x, y)),
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|((k, x), (l, y))| k == l && json_eq(x, y))
        }
        _ => a == b,
    }
}

/// Panics as `assert_eq!` on the printed values would, when they differ;
/// prints them only then.
#[track_caller]
fn same_json(left: &Value, right: &Value, what: impl FnOnce() -> String) {
    if !json_eq(left, right) {
        panic!(
            "assertion `left == right` failed: {}\n  left: {:?}\n right: {:?}",
            what(),
            left.to_string(),
            right.to_string()
        );
    }
}

/// Whether `x` serializes to `expected`, without a new string: into a
/// buffer kept for it, compared at once.
fn serializes_to<T: Serialize>(x: &T, expected: &str) -> bool {
    thread_local! {
        static BUFFER: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    BUFFER.with_borrow_mut(|buffer| {
        buffer.clear();
        serde_json::to_writer(&mut *buffer, x).expect("state serializes");
        buffer.as_slice() == expected.as_bytes()
    })
}

/// Panics as `assert_eq!(expected, json(x))` would, when they differ;
/// builds the JSON of `x` only then.
#[track_caller]
fn same_text<T: Serialize>(expected: &str, x: &T, what: impl FnOnce() -> String) {
    if !serializes_to(x, expected) {
        let text = serde_json::to_string(x).expect("state serializes");
        panic!(
            "assertion `left == right` failed: {}\n  left: {expected:?}\n right: {text:?}",
            what()
        );
    }
}

/// An action that can be undone must not have shown its seat anything
/// hidden: the same action in a world resampled for the seat before it
/// leaves the seat the same view and log. (An action that reveals must be
/// an undo barrier: `Dice::reveal`, or a roll or draw.)
fn reveals_nothing<G: Game>(g: &G, known: &mut Known, mut world: G, seat: Seat, id: &str, at: &dyn Fn(&str) -> String) {
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
    same_json(known.view(g, Some(seat)), &world.view(Some(seat)), || {
        at(&format!("{id} showed {name} something hidden, yet it can be undone"))
    });
    let last = |x: &G| x.log().visible(Some(seat)).last().cloned();
    assert_eq!(
        last(g),
        last(&world),
        "{}",
        at(&format!("{id} told {name} something hidden, yet it can be undone"))
    );
}

/// For every seat that can undo, undo then redo gives the same state: for
/// a seat that did not act last, its action then moves after the others'
/// (in an independent phase it must not matter). While the seats decide
/// independently, one seat's undo changes nothing the others see or may do.
fn undo_redo<G: Game>(s: &mut Session<G>, known: &mut Known, at: &dyn Fn(&str) -> String) {
    let to_act = s.state().to_act();
    // A seat that committed its draft may take the commit back, out of turn.
    let undoing: Vec<Seat> = (0..G::info().seats.len() as Seat)
        .filter(|&seat| s.can_undo(seat))
        .collect();
    for seat in undoing {
        let name = G::info().seat_name(seat);
        let last = s.actions().iter().rev().find(|r| r.seat == name);
        let id = last.expect("an undoable action is recorded").action.clone();
        let others = to_act.without(seat);
        // A draft step is the seat's own; a commit was announced to all,
        // but taking it back changes nothing the others may do.
        let drafting = s.state().independent();
        let seen = (drafting && to_act.contains(seat)).then(|| observations(s.state(), others));
        let may_do = (drafting && !to_act.contains(seat)).then(|| legal_ids(s.state(), others));
        known.json(s);
        let after = (known.json.take().expect("just made"), s.state().log().len());
        s.undo(seat).expect("undo allowed");
        known.clear();
        if let Some(seen) = seen {
            assert_eq!(
                seen,
                observations(s.state(), others),
                "{}",
                at(&format!("{name}'s undo changed what another seat sees or may do"))
            );
        }
        if let Some(may_do) = may_do {
            assert_eq!(
                may_do,
                legal_ids(s.state(), others),
                "{}",
                at(&format!("{name}'s commit taken back changed what another seat may do"))
            );
        }
        s.act(seat, &id, &[]).expect("redo after undo");
        let len = s.state().log().len();
        if len != after.1 || !s.without_log(|g| serializes_to(g, &after.0)) {
            assert_eq!(
                after,
                fingerprint(s),
                "{}",
                at(&format!("{name}'s undo then redo differs"))
            );
        }
        // The state redone: its JSON is the one just compared.
        known.json = Some(after.0);
    }
}

/// Every viewer's view holds the parts clients read alike, in their types
/// (the board contract): facts and board, its markers on the map's spaces.
fn typed_views<G: Game>(g: &G, known: &mut Known, drawing: Option<&crate::Drawing>, at: &dyn Fn(&str) -> String) {
    let viewers = (0..known.acts.len() as Seat).map(Some).chain([None]);
    let stage = g.stage();
    for viewer in viewers {
        let table = match crate::view::TableView::deserialize(known.view(g, viewer)) {
            Ok(t) => t,
            Err(e) => panic!("{}", at(&format!("the view for {viewer:?} is not a table view: {e}"))),
        };
        for fact in [&stage.turn, &stage.phase] {
            assert!(
                table.facts.contains(fact),
                "{}",
                at(&format!("the view for {viewer:?} lacks the stage's fact {fact:?}"))
            );
        }
        let off_map = table
            .board
            .markers
            .iter()
            .find(|m| drawing.is_some_and(|d| d.space(&m.space).is_none()));
        if let Some(m) = off_map {
            panic!(
                "{}",
                at(&format!(
                    "marker {} stands on {}, which the map does not draw",
                    m.kind, m.space
                ))
            );
        }
    }
}

/// What each of `seats` knows of `g`: its view, how many log entries it
/// may read (the log only grows) and its legal ids.
fn observations<G: Game>(g: &G, seats: SeatSet) -> Vec<(String, usize, Vec<String>)> {
    seats
        .iter()
        .zip(legal_ids(g, seats))
        .map(|(seat, ids)| (g.view(Some(seat)).to_string(), g.log().visible(Some(seat)).count(), ids))
        .collect()
}

/// The ids of the actions each of `seats` may take.
fn legal_ids<G: Game>(g: &G, seats: SeatSet) -> Vec<Vec<String>> {
    seats
        .iter()
        .map(|seat| described(g, seat).into_iter().map(|a| a.id).collect())
        .collect()
}

/// The state in `text` deserializes, and serializes to `text` again.
fn round_trip<G: Game>(text: &str, at: &dyn Fn(&str) -> String) {
    let back: G =
        serde_json::from_str(text).unwrap_or_else(|e| panic!("{}", at(&format!("state does not deserialize: {e}"))));
    same_text(text, &back, || at("JSON round trip differs"));
}

/// A world resampled for `seat` differs only in what `seat` cannot see, so the
/// seat's view, log and legal actions must be byte-identical in it.
/// `compared[seat]`: the entries of the seat's log compared at earlier steps
/// (a sampled world's log is the true one filtered, so older entries cannot
/// differ now if they did not then); only the newer ones are compared.
fn no_leaks<G: Game>(
    g: &G,
    known: &mut Known,
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
        same_json(known.view(g, Some(seat)), &sample.view(Some(seat)), || {
            at(&format!("{name}'s view depends on hidden information"))
        });
        let from = compared[seat as usize];
        let len = same_log(g.log(), sample.log(), seat, from).unwrap_or_else(|| {
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
            len
        });
        compared[seat as usize] = len;
        // The sample is all the seat may know: its log has no entry the
        // seat may not read (the AI searches it).
        if sample.log().len() != sample.log().visible(Some(seat)).count() {
            panic!(
                "{}",
                at(&format!(
                    "the world sampled for {name} holds log entries {name} may not read"
                ))
            );
        }
        let ids = |acts: &[ActionInfo]| acts.iter().map(|a| a.id.clone()).collect::<Vec<_>>();
        let theirs = described(&sample, seat);
        let mine = known.acts(g, seat);
        if mine.len() != theirs.len() || mine.iter().zip(&theirs).any(|(a, b)| a.id != b.id) {
            assert_eq!(
                ids(mine),
                ids(&theirs),
                "{}",
                at(&format!("{name}'s legal actions depend on hidden information"))
            );
        }
        for (t, answer) in probes.iter().zip(known.why(g, seat, probes)) {
            assert_eq!(
                answer,
                &crate::Describe::why_not(&sample, seat, t),
                "{}",
                at(&format!("{name}'s \"why not?\" for {t} depends on hidden information"))
            );
        }
    }
    let sample = g.determinize(0, rng);
    same_json(known.view(g, None), &sample.view(None), || {
        at("the spectator view depends on hidden information")
    });
}

/// How many entries of `mine` `seat` may read, when those of `theirs` are
/// as many and, from the `from`-th on, the same (the same JSON); else none.
fn same_log(mine: &Log, theirs: &Log, seat: Seat, from: usize) -> Option<usize> {
    let (mut a, mut b) = (mine.visible(Some(seat)), theirs.visible(Some(seat)));
    let mut n = 0;
    loop {
        match (a.next(), b.next()) {
            (None, None) => return Some(n),
            (Some(x), Some(y)) if n < from || x == y => n += 1,
            _ => return None,
        }
    }
}

/// Illegal actions are refused with a reason and change nothing.
fn refusals<G: Game>(s: &mut Session<G>, known: &mut Known, stale: &[(Seat, G::Action)], at: &dyn Fn(&str) -> String) {
    let info = G::info();
    let before = (known.json(s), s.state().log().len());
    // Copies to try actions on, without the log (a refusal adds no entry).
    let bare = s.without_log(G::clone);
    let to_act = s.state().to_act();
    for seat in 0..info.seats.len() as Seat {
        let r = s.act(seat, "no-such-action", &[1, 2, 3]);
        assert!(r.is_err(), "{}", at("a made-up action id was accepted"));
        if !to_act.contains(seat) {
            // Only a seat that committed a draft still open undoes out of turn.
            if !s.state().independent() {
                assert!(s.undo(seat).is_err(), "{}", at("a seat undid out of turn"));
            }
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
    let mut legal = Vec::new();
    for (k, (seat, a)) in stale.iter().enumerate() {
        // An action played twice lately is tried once: the same try.
        if !to_act.contains(*seat) || stale[..k].iter().any(|(s, b)| s == seat && b == a) {
            continue;
        }
        legal.clear();
        s.state().legal(*seat, &mut legal);
        if !legal.contains(a) {
            let mut copy = bare.clone();
            let r = crate::apply(&mut copy, *seat, a);
            assert!(
                matches!(r, Err(Refusal::NotLegal(..))),
                "{}",
                at("a stale action was accepted")
            );
            if !copy.log().is_empty() || !serializes_to(&copy, before.0) {
                assert_eq!(
                    (before.0, 0),
                    (json(&copy).as_str(), copy.log().len()),
                    "{}",
                    at("a refused action changed the state")
                );
            }
        }
    }
    assert!(find_action(s.state(), 0, "").is_err());
    // The state is unchanged, so what is known of it stays true.
    if s.state().log().len() != before.1 || !s.without_log(|g| serializes_to(g, before.0)) {
        let before = (before.0.to_string(), before.1);
        assert_eq!(before, fingerprint(s), "{}", at("a refused action changed the state"));
    }
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
