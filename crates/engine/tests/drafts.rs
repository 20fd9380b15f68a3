//! Secret commitments built in many steps by both seats at once
//! (`engine::Drafts`, per-seat undo in `Session`), on the test title Muster.

use engine::conformance::{run, Config};
use engine::testkit::muster::{Muster, Order};
use engine::{described, Entry, Game, Seat, SeatSet, Session, Setup, Views};
use serde_json::Value;

const BRITISH: Seat = 0;
const FRENCH: Seat = 1;

fn new_game(seed: u64) -> Session<Muster> {
    Session::new(Setup::new("std", seed)).unwrap()
}

/// Everything `seat` knows: its view, its log and its legal ids.
fn known(s: &Session<Muster>, seat: Seat) -> (Value, Vec<Entry>, Vec<String>) {
    let g = s.state();
    let ids = described(g, seat).into_iter().map(|a| a.id).collect();
    (g.view(Some(seat)), g.log().visible(Some(seat)).cloned().collect(), ids)
}

fn order(s: &Session<Muster>, seat: Seat) -> Order {
    *s.state().orders.draft(seat)
}

fn militia(n: u8) -> Order {
    Order {
        regulars: 0,
        militia: n,
    }
}

#[test]
fn muster_passes_the_conformance_harness() {
    let mut cfg = Config::new("std");
    cfg.games = 20;
    let r = run::<Muster>(&cfg);
    assert_eq!(r.games, 20);
}

/// The harness's independence check: a draft step told to both seats
/// changes the other seat's log, and so must be caught (it would also make
/// the other seat's undo unsound).
#[test]
#[should_panic(expected = "changed what a seat deciding alongside sees or may do")]
fn the_harness_catches_a_draft_step_the_other_seat_sees() {
    let mut cfg = Config::new("std");
    cfg.options.insert("tattle".into(), "on".into());
    cfg.games = 3;
    run::<Muster>(&cfg);
}

/// The check of a commit taken back out of turn: with option `hasty` a
/// commit narrows the other seat's choices, so taking it back widens them.
#[test]
#[should_panic(expected = "commit taken back changed what another seat may do")]
fn the_harness_catches_a_commit_that_narrows_the_other_seats_choices() {
    let mut cfg = Config::new("std");
    cfg.options.insert("hasty".into(), "on".into());
    cfg.games = 3;
    run::<Muster>(&cfg);
}

#[test]
fn one_seats_undo_leaves_the_other_seats_draft_and_knowledge_untouched() {
    let mut s = new_game(1);
    assert_eq!(s.state().to_act(), SeatSet::one(BRITISH).with(FRENCH));
    s.act(BRITISH, "buy-militia", &[]).unwrap();
    s.act(FRENCH, "buy-militia", &[]).unwrap();
    s.act(FRENCH, "buy-militia", &[]).unwrap();
    let french = known(&s, FRENCH);
    // The British step is the first of three: it goes, the French ones stay.
    s.undo(BRITISH).unwrap();
    assert_eq!(order(&s, BRITISH), militia(0));
    assert_eq!(order(&s, FRENCH), militia(2));
    assert_eq!(known(&s, FRENCH), french);
    let ids: Vec<_> = s
        .actions()
        .iter()
        .map(|r| (r.seat.as_str(), r.action.as_str()))
        .collect();
    assert_eq!(ids, [("french", "buy-militia"), ("french", "buy-militia")]);
    // Nothing British is left to undo; the French steps still undo, one by one.
    assert!(!s.can_undo(BRITISH) && s.undo(BRITISH).is_err());
    s.undo(FRENCH).unwrap();
    assert_eq!(order(&s, FRENCH), militia(1));
}

#[test]
fn the_other_seats_actions_and_commit_do_not_break_a_seats_undo() {
    let mut s = new_game(2);
    s.act(BRITISH, "buy-regular", &[]).unwrap();
    s.act(BRITISH, "buy-militia", &[]).unwrap();
    s.act(FRENCH, "buy-militia", &[]).unwrap();
    s.act(FRENCH, "commit", &[]).unwrap();
    // France committed: it no longer acts, and Britain's steps still undo.
    assert_eq!(s.state().to_act(), SeatSet::one(BRITISH));
    s.undo(BRITISH).unwrap();
    s.undo(BRITISH).unwrap();
    assert_eq!(order(&s, BRITISH), Order::default());
    assert_eq!(order(&s, FRENCH), militia(1));
    assert!(!s.can_undo(BRITISH));
    assert_eq!(s.state().to_act(), SeatSet::one(BRITISH), "France stays committed");
    // Undo in the middle of the other seat's actions is what a replay of
    // the remaining actions gives, and it saves and loads.
    let replayed = Session::<Muster>::replay(s.setup().clone(), s.actions()).unwrap();
    let json = |g: &Muster| serde_json::to_string(g).unwrap();
    assert_eq!(json(replayed.state()), json(s.state()));
    Session::<Muster>::load(&s.save()).unwrap();
}

/// A seat that committed may take the commit back while the other still
/// drafts, and revise its draft, as a player may before all are shown; the
/// other's steps made meanwhile stay. Once the last seat commits, the
/// reveal ends every undo.
#[test]
fn a_commit_can_be_taken_back_until_the_reveal() {
    let mut s = new_game(4);
    s.act(FRENCH, "buy-militia", &[]).unwrap();
    s.act(FRENCH, "commit", &[]).unwrap();
    s.act(BRITISH, "buy-regular", &[]).unwrap();
    let british = known(&s, BRITISH);
    assert!(s.can_undo(FRENCH), "the commit, while Britain drafts");
    s.undo(FRENCH).unwrap();
    assert_eq!(s.state().to_act(), SeatSet::one(BRITISH).with(FRENCH));
    assert_eq!(order(&s, BRITISH).regulars, 1, "Britain's step stays");
    assert_ne!(
        known(&s, BRITISH).0["orders"]["committed"],
        british.0["orders"]["committed"]
    );
    s.undo(FRENCH).unwrap();
    assert_eq!(order(&s, FRENCH), Order::default(), "and then its steps");
    s.act(FRENCH, "buy-militia", &[]).unwrap();
    s.act(FRENCH, "buy-militia", &[]).unwrap();
    s.act(FRENCH, "commit", &[]).unwrap();
    s.act(BRITISH, "commit", &[]).unwrap();
    assert!(!s.can_undo(FRENCH) && s.undo(FRENCH).is_err(), "revealed");
    let replayed = Session::<Muster>::replay(s.setup().clone(), s.actions()).unwrap();
    let json = |g: &Muster| serde_json::to_string(g).unwrap();
    assert_eq!(json(replayed.state()), json(s.state()));
}

#[test]
fn a_seat_sees_nothing_of_the_other_draft_before_the_reveal() {
    let mut s = new_game(3);
    let french = known(&s, FRENCH);
    let spectator = s.state().view(None);
    s.act(BRITISH, "buy-regular", &[]).unwrap();
    s.act(BRITISH, "buy-militia", &[]).unwrap();
    // Neither the French view, log and legal ids nor the spectator's change.
    assert_eq!(known(&s, FRENCH), french);
    assert_eq!(s.state().view(None), spectator);
    let drafts = |viewer| s.state().view(viewer)["orders"]["drafts"].clone();
    assert_eq!(drafts(Some(FRENCH))[BRITISH as usize], Value::Null);
    assert_eq!(drafts(Some(BRITISH))[BRITISH as usize]["militia"], 1);
    // Committing is announced, the draft still hidden.
    s.act(BRITISH, "commit", &[]).unwrap();
    let (view, log, _) = known(&s, FRENCH);
    assert_eq!(view["orders"]["committed"], 1);
    assert_eq!(view["orders"]["drafts"][BRITISH as usize], Value::Null);
    assert_eq!(log.last().unwrap().text, "british commits");
    assert!(log.iter().all(|e| !e.text.contains("regulars")));
}

#[test]
fn both_drafts_are_revealed_together_and_the_reveal_ends_every_undo() {
    let mut s = new_game(4);
    let pounds = s.state().pounds;
    s.act(BRITISH, "buy-regular", &[]).unwrap();
    s.act(FRENCH, "buy-militia", &[]).unwrap();
    s.act(FRENCH, "buy-militia", &[]).unwrap();
    s.act(BRITISH, "commit", &[]).unwrap();
    assert!(s.can_undo(FRENCH));
    s.act(FRENCH, "commit", &[]).unwrap();
    // Revealed together, paid, scored (strength 2 against 2: no point), and
    // the next round's income rolled: nothing before it can be undone.
    let log: Vec<_> = s.state().log().visible(None).map(|e| e.text.clone()).collect();
    assert!(log.contains(&"british musters 1 regulars, 0 militia".to_string()));
    assert!(log.contains(&"french musters 0 regulars, 2 militia".to_string()));
    assert_eq!(s.state().points, [0, 0]);
    assert_eq!(s.state().round, 2);
    assert!(s.state().pounds[0] >= pounds[0] - 3 + 4 && s.state().pounds[1] >= pounds[1] - 2 + 4);
    assert_eq!(s.state().to_act(), SeatSet::one(BRITISH).with(FRENCH));
    for seat in [BRITISH, FRENCH] {
        assert!(!s.can_undo(seat));
        assert!(s.undo(seat).is_err());
    }
}

/// The server's and the CLI's path: seats by name through `AnyGame`, where
/// both seats act at once and each undoes its own step.
#[test]
fn the_type_erased_game_gives_each_seat_its_own_undo() {
    let entry = engine::TitleEntry::of::<Muster>();
    let mut g = (entry.new)(Setup::new("std", 5)).unwrap();
    assert_eq!(g.to_act(), ["british", "french"]);
    g.act("french", "buy-militia", &[], &[]).unwrap();
    g.act("british", "buy-militia", &[], &[]).unwrap();
    assert!(g.can_undo("french") && g.can_undo("british"));
    let british = g.view(Some("british")).unwrap();
    g.undo("french").unwrap();
    assert_eq!(g.view(Some("british")).unwrap(), british);
    assert_eq!(g.view(Some("french")).unwrap()["orders"]["drafts"][1]["militia"], 0);
    assert_eq!(g.action_count(), 1);
}
