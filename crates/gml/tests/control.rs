//! 9.2 control of a space, for victory (12.x5) and the Militia Table:
//! its last owner's, but nobody's while enemy land units stand there.

mod common;

use common::*;
use engine::Seat;
use gml::forces::{Kind, AMERICAN, BRITISH};
use gml::map::SpaceId;
use gml::state::{Phase, Place};
use gml::Gml;

/// `side` held `at` alone with one unit, since gone (eliminated in a
/// combat the enemy won): the space, still marked as `side`'s.
fn once_held_by(g: &mut Gml, side: Seat, kind: Kind, at: &str) -> SpaceId {
    let s = space(at);
    let u = put(g, side, kind, 1, at)[0];
    g.mark_control(s);
    g.units.place(u, Place::Pool);
    s
}

fn to_last_turn(g: &mut Gml) {
    let last = g.scenario.spec().last;
    g.turn = gml::tables::tables().turns.iter().position(|t| t.id == last).unwrap() as u16;
}

// rule: gml 9.2, 12.0, 12.45
// 9.2: "If enemy units are present in the space, it is not controlled by
// either player." 12.45: "The British player wins if the American player
// controls none of the following spaces at the end of the 11 April turn:
// Camden, Savannah, Augusta, Charleston and Ninety-Six."
// The Americans once held Ninety-Six alone; now a South Carolina Tory
// militia unit stands there alone (an enemy unit present): the Americans
// do not control it, so they control none of the five and the British win.
// (Rules gml-13: the old American memory held, and the Americans won.)
#[test]
fn greene_a_space_occupied_by_enemy_tories_is_not_american_controlled() {
    let mut g = cleared("greene", Phase::Final);
    let ns = once_held_by(&mut g, AMERICAN, Kind::Militia, "ninety-six");
    put_home(&mut g, BRITISH, Kind::Tory, "sc", 1, "ninety-six");
    g.mark_control(ns);
    assert_ne!(
        g.controller(ns),
        Some(AMERICAN),
        "9.2: enemy units are present in Ninety-Six"
    );
    to_last_turn(&mut g);
    enter_after(&mut g, Phase::Final);
    let o = g.core.outcome.clone().expect("the game ends after April II");
    assert_eq!(o.winner, Some(BRITISH), "{}", o.reason);
}

// rule: gml 9.2, 12.25
// 9.2: "If enemy units are present in the space, it is not controlled by
// either player." 12.25: "For a British victory, the British player must
// end any turn controlling 5 of the following six spaces".
// The British were the last to hold Fort Stanwix alone, but an American
// Indian unit (an enemy unit, if one that cannot itself control) now
// stands there alone: the British control only four of the six (rules
// gml-13: Fort Stanwix counted as British and the British won).
#[test]
fn saratoga_an_enemy_indian_in_a_british_held_space_leaves_it_uncontrolled() {
    let mut g = cleared("saratoga", Phase::Final);
    for s in ["philadelphia", "new-york", "west-point", "albany"] {
        put(&mut g, BRITISH, Kind::British, 1, s);
        g.mark_control(space(s));
    }
    let fs = once_held_by(&mut g, BRITISH, Kind::British, "fort-stanwix");
    put_home(&mut g, AMERICAN, Kind::Indian, "oneida", 1, "fort-stanwix");
    g.mark_control(fs);
    assert_ne!(g.controller(fs), Some(BRITISH), "9.2: an enemy unit is in Fort Stanwix");
    enter_after(&mut g, Phase::Final);
    assert!(
        g.core.outcome.is_none(),
        "four of six is no British victory: {:?}",
        g.core.outcome.as_ref().map(|o| o.reason.clone())
    );
}

// rule: gml 12.0, 9.2, 12.25
// ruling: gml #28
// 12.0: "Tory units do not count, except that if a British or Hessian unit
// was the last to occupy a space ..., it is considered under British
// control." A British unit held Ticonderoga alone and marched on; a New
// York Tory unit stands there alone now: the space is still British (the
// Tories change nothing), so with four more the British hold five of the
// six and win. A Tory alone where no British unit was (Albany) controls
// nothing.
#[test]
fn saratoga_a_space_the_british_left_to_tories_stays_british() {
    let mut g = cleared("saratoga", Phase::Final);
    for s in ["philadelphia", "new-york", "west-point", "fort-stanwix"] {
        put(&mut g, BRITISH, Kind::British, 1, s);
        g.mark_control(space(s));
    }
    let ti = once_held_by(&mut g, BRITISH, Kind::British, "ticonderoga");
    put_home(&mut g, BRITISH, Kind::Tory, "ny", 1, "ticonderoga");
    g.mark_control(ti);
    put_home(&mut g, BRITISH, Kind::Tory, "ny", 1, "albany");
    g.mark_control(space("albany"));
    assert_eq!(g.controller(ti), Some(BRITISH));
    assert_eq!(g.controller(space("albany")), None, "Tories alone control nothing");
    enter_after(&mut g, Phase::Final);
    let o = g.core.outcome.clone().expect("five of six at the end of the turn");
    assert_eq!((o.winner, o.rule.as_str()), (Some(BRITISH), "12.25"), "{}", o.reason);
    // The result names the spaces held (session 40's audit).
    assert_eq!(
        o.reason,
        "The British hold 5 of the 6 key spaces: Philadelphia, New York, West Point, Fort Stanwix and Ticonderoga"
    );
}
