//! Reaction windows inside a move (`engine::Window`) and the undo rule
//! across them, on the test title Raid. The British column moves first, up
//! its lane; the American pickets and battery guard that lane.

use engine::conformance::{run, Config};
use engine::testkit::raid::Raid;
use engine::{described, Game, Seat, SeatSet, Session, Setup};

const BRITISH: Seat = 0;
const AMERICAN: Seat = 1;

/// A new game whose American guard stands as `layout` wants (the first
/// seed that sets it up so: the set-up is random).
fn new_game(layout: impl Fn(&[u8], u8) -> bool) -> Session<Raid> {
    (1..5000)
        .map(|seed| Session::<Raid>::new(Setup::new("std", seed)).unwrap())
        .find(|s| {
            layout(
                &s.state().pickets[AMERICAN as usize],
                s.state().battery[AMERICAN as usize],
            )
        })
        .expect("some seed sets the guard up so")
}

fn ids(s: &Session<Raid>, seat: Seat) -> Vec<String> {
    described(s.state(), seat).into_iter().map(|a| a.id).collect()
}

#[test]
fn raid_passes_the_conformance_harness() {
    let mut cfg = Config::new("std");
    cfg.games = 30;
    let r = run::<Raid>(&cfg);
    assert_eq!(r.games, 30);
}

/// 6.3: a picket with no empty space to withdraw to, and no battery in
/// range, holds without its owner being asked.
#[test]
fn a_guard_without_a_choice_is_not_asked() {
    // The pattern of gml 6.3 (a retreat option), on a test title: not that rule.
    let mut s = new_game(|pickets, _| pickets.contains(&1) && pickets.contains(&2));
    s.act(BRITISH, "advance", &[]).unwrap();
    assert_eq!(s.state().columns[0], 1);
    assert_eq!(s.state().pickets[AMERICAN as usize], [2]);
    assert_eq!(
        s.state().to_act(),
        SeatSet::one(AMERICAN),
        "the column stopped: the American moves"
    );
    assert_eq!(
        ids(&s, AMERICAN),
        ["advance", "halt"],
        "the American was never asked to react"
    );
}

/// 7.41: a battery fires once a move; a step it can no longer fire at
/// opens no window, and the mover may take that step back.
#[test]
fn a_battery_that_fired_is_not_offered_again_and_a_step_without_a_window_undoes() {
    // The pattern of gml 7.41 (a battery's fire), on a test title: not that rule.
    let mut s = new_game(|pickets, battery| battery == 2 && pickets.iter().all(|&p| p > 4));
    s.act(BRITISH, "advance", &[]).unwrap();
    assert_eq!(ids(&s, AMERICAN), ["decline", "fire"]);
    s.act(AMERICAN, "fire", &[1]).unwrap();
    assert_eq!(s.state().to_act(), SeatSet::one(BRITISH), "a miss: the column goes on");
    s.act(BRITISH, "advance", &[]).unwrap();
    assert_eq!(s.state().to_act(), SeatSet::one(BRITISH), "in range, but fired already");
    assert!(s.can_undo(BRITISH));
    s.undo(BRITISH).unwrap();
    assert_eq!(s.state().columns[0], 1);
    assert!(!s.can_undo(BRITISH), "the die was rolled");
}

/// The undo rule across a window: the mover can take back a step that
/// opened no window, but not one that opened a window nor any before it,
/// even when the reacting seat declined; after the window it may take back
/// its new steps down to the window again.
#[test]
fn the_mover_cannot_undo_past_a_window_even_a_declined_one() {
    let mut s =
        new_game(|pickets, battery| pickets.contains(&2) && pickets.iter().all(|&p| p == 2 || p > 4) && battery > 4);
    s.act(BRITISH, "advance", &[]).unwrap();
    assert!(s.can_undo(BRITISH), "no window at space 1: the step undoes");
    s.undo(BRITISH).unwrap();
    s.act(BRITISH, "advance", &[]).unwrap();
    s.act(BRITISH, "advance", &[]).unwrap();
    // The picket on space 2 may withdraw to 1 or 3: the window opens.
    assert_eq!(s.state().to_act(), SeatSet::one(AMERICAN));
    assert_eq!(ids(&s, AMERICAN), ["decline", "withdraw-1", "withdraw-3"]);
    assert!(!s.can_undo(BRITISH) && !s.can_undo(AMERICAN));
    s.act(AMERICAN, "withdraw-1", &[]).unwrap();
    assert_eq!(s.state().to_act(), SeatSet::one(BRITISH));
    assert!(!s.can_undo(BRITISH), "the reaction is a barrier for the mover");
    s.act(BRITISH, "advance", &[]).unwrap();
    assert!(s.can_undo(BRITISH));
    s.undo(BRITISH).unwrap();
    assert_eq!(s.state().columns[0], 2);
    assert!(!s.can_undo(BRITISH), "not past the window");
    assert!(s.undo(BRITISH).is_err());
}

/// The reacting seat may take back its own reaction while the window stays
/// open to it (here the battery may still fire after the withdrawal).
#[test]
fn the_reacting_seat_undoes_its_reaction_while_the_window_is_open() {
    let mut s =
        new_game(|pickets, battery| pickets.contains(&2) && pickets.iter().all(|&p| p == 2 || p > 4) && battery == 3);
    s.act(BRITISH, "advance", &[]).unwrap();
    s.act(BRITISH, "advance", &[]).unwrap();
    assert_eq!(ids(&s, AMERICAN), ["decline", "withdraw-1", "withdraw-3", "fire"]);
    s.act(AMERICAN, "withdraw-1", &[]).unwrap();
    assert_eq!(ids(&s, AMERICAN), ["decline", "fire"]);
    assert!(s.can_undo(AMERICAN));
    s.undo(AMERICAN).unwrap();
    assert!(s.state().pickets[AMERICAN as usize].contains(&2));
    assert!(!s.can_undo(BRITISH) && !s.can_undo(AMERICAN));
    // Declining lets the picket on 2 hold: the column stops, and the move
    // passes to the American. No other seat acted since the reaction
    // began, so the American may still take its decline back.
    s.act(AMERICAN, "decline", &[]).unwrap();
    assert_eq!(s.state().to_act(), SeatSet::one(AMERICAN));
    assert_eq!(s.state().columns[0], 2);
    s.undo(AMERICAN).unwrap();
    assert_eq!(ids(&s, AMERICAN), ["decline", "withdraw-1", "withdraw-3", "fire"]);
}
