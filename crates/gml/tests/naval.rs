//! 7.0-7.3 naval movement and transport, before the activations (3.1 B.1).

mod common;

use common::*;
use engine::prelude::*;
use gml::forces::{Kind, AMERICAN, BRITISH};
use gml::frames::Frame;
use gml::state::{Phase, Place};
use gml::Gml;

fn sail(g: &mut Gml, u: u16) {
    act_unit(g, BRITISH, "sail", u);
}

/// The British Activation Phase of Saratoga's first turn with the board
/// as a test sets it, naval movement first. The turn began with the board
/// so (7.2: its land units in port may sail).
fn naval_phase(g: &mut Gml) {
    g.note_in_port();
    g.activations = 1;
    enter_after(g, Phase::Command(BRITISH));
    assert!(matches!(g.stack.last(), Some(Frame::Naval { seat: BRITISH, .. })));
}

// rule: gml 7.0, 7.1, 3.1
#[test]
fn a_fleet_pays_a_point_to_leave_port_one_a_zone_and_one_to_enter_port() {
    let mut g = cleared("saratoga", Phase::Deployment);
    let fleet = put(&mut g, BRITISH, Kind::Naval, 1, "new-york")[0];
    naval_phase(&mut g);
    sail(&mut g, fleet);
    act(&mut g, BRITISH, "sea-zone-3");
    act(&mut g, BRITISH, "sea-zone-2");
    act(&mut g, BRITISH, "sea-zone-1");
    act(&mut g, BRITISH, "sea-zone-2");
    act(&mut g, BRITISH, "land-newport");
    assert_eq!(at(&g, fleet), "newport");
    assert_eq!(ids(&g, BRITISH), vec!["done"], "its five points are spent");
}

// rule: gml 7.2
// ruling: gml #54
#[test]
fn the_transport_roll_limits_the_land_units_that_sail_and_they_land_in_any_free_port() {
    // 7.2: "the result is the number of units that may move out from the
    // port": a 2 lets two of the three sail.
    let mut g = cleared("saratoga", Phase::Deployment);
    let redcoats = put(&mut g, BRITISH, Kind::British, 3, "new-york");
    put(&mut g, AMERICAN, Kind::Militia, 1, "staten-island");
    naval_phase(&mut g);
    g.core.dice.script([2]);
    sail(&mut g, redcoats[0]);
    act(&mut g, BRITISH, "sea-zone-3");
    act(&mut g, BRITISH, "sea-zone-4");
    act(&mut g, BRITISH, "land-philadelphia");
    assert_eq!(at(&g, redcoats[0]), "philadelphia");
    assert!(
        g.units[redcoats[0] as usize].done,
        "a unit that sailed is not activated too (ruling gml #20)"
    );
    let board = g.board();
    let shown = board
        .pieces
        .iter()
        .find(|p| p.id.as_deref() == Some(g.unit_id(redcoats[0]).as_str()))
        .expect("on the board");
    assert!(
        shown.states.iter().any(|s| s == "sailed") && !shown.states.iter().any(|s| s == "activated"),
        "the board says it sailed, not that it was activated: {:?}",
        shown.states
    );
    sail(&mut g, redcoats[1]);
    act(&mut g, BRITISH, "sea-zone-3");
    act(&mut g, BRITISH, "done");
    assert!(
        !ids(&g, BRITISH).contains(&format!("sail-{}", g.unit_id(redcoats[2]))),
        "the roll allowed two"
    );
}

// rule: gml 7.2, 7.1
// ruling: gml #63
#[test]
fn a_voyage_leaves_its_port_and_a_transported_unit_lands_in_another() {
    // Seed 65001 of the equal Saratoga pairing: Howe, Clinton and three
    // more went aboard at New York and nothing sailed, which broke up
    // Howe's army and spent the transport roll. A voyage from port must
    // leave it, and a unit that sailed out does not land back.
    let mut g = cleared("saratoga", Phase::Deployment);
    let howe = put_leader(&mut g, "howe", "new-york");
    let redcoats = put(&mut g, BRITISH, Kind::British, 2, "new-york");
    for &u in &redcoats {
        g.units[u as usize].leader = Some(howe);
        g.units[u as usize].entrenched = true;
    }
    let fleet = put(&mut g, BRITISH, Kind::Naval, 1, "new-york")[0];
    naval_phase(&mut g);
    g.core.dice.script([2]);
    sail(&mut g, redcoats[0]);
    assert_eq!(
        ids(&g, BRITISH),
        vec!["board-howe", "sea-zone-3"],
        "no voyage that stays in port"
    );
    act(&mut g, BRITISH, "sea-zone-3");
    let legal = ids(&g, BRITISH);
    assert!(
        legal.contains(&"done".to_string()),
        "it may stay at sea (7.3): {legal:?}"
    );
    assert!(
        !legal.contains(&"land-new-york".to_string()),
        "nor land back: {legal:?}"
    );
    assert!(legal.contains(&"land-staten-island".to_string()), "{legal:?}");
    act(&mut g, BRITISH, "done");
    assert!(
        g.units[redcoats[1] as usize].entrenched,
        "the unit that stayed keeps its works"
    );
    assert_eq!(g.units[redcoats[1] as usize].leader, Some(howe), "and its leader");
    // A fleet leaves its port too, but may come back to it.
    sail(&mut g, fleet);
    assert_eq!(ids(&g, BRITISH), vec!["sea-zone-3"]);
    act(&mut g, BRITISH, "sea-zone-3");
    act(&mut g, BRITISH, "land-new-york");
    assert!(ids(&g, BRITISH).contains(&"done".to_string()));
    g.invariants().unwrap();
}

// rule: gml 7.0, 7.2, 6.13
// ruling: gml #51
#[test]
fn a_leader_sails_aboard_with_a_unit_and_lands_with_it() {
    // Howe goes aboard with one of his British units: it is his force at
    // sea, the unit that stays in port leaves his command, and he lands
    // with it. He counts nothing on the transport roll.
    let mut g = cleared("saratoga", Phase::Deployment);
    let howe = put_leader(&mut g, "howe", "new-york");
    let clinton = put_leader(&mut g, "clinton", "new-york");
    g.leaders[clinton as usize].under = Some(howe);
    let redcoats = put(&mut g, BRITISH, Kind::British, 2, "new-york");
    for &u in &redcoats {
        g.units[u as usize].leader = Some(howe);
    }
    naval_phase(&mut g);
    assert!(
        !ids(&g, BRITISH).iter().any(|i| i.contains("howe")),
        "no leader sails alone"
    );
    assert_eq!(g.prompt(BRITISH).rule, "7.0");
    g.core.dice.script([1]);
    sail(&mut g, redcoats[0]);
    let p = g.prompt(BRITISH);
    assert!(p.text.contains("may go aboard") && p.rule == "7.1", "{p:?}");
    assert!(
        ids(&g, BRITISH).contains(&"board-howe".to_string()),
        "{:?}",
        ids(&g, BRITISH)
    );
    act(&mut g, BRITISH, "board-howe");
    assert!(
        !ids(&g, BRITISH).iter().any(|i| i.starts_with("board-")),
        "one leader a unit"
    );
    assert_eq!(
        g.units[redcoats[1] as usize].leader, None,
        "the unit left in port leaves his force"
    );
    assert_eq!(g.leaders[clinton as usize].under, None, "and so does Clinton");
    act(&mut g, BRITISH, "sea-zone-3");
    assert!(matches!(g.leaders[howe as usize].at, Place::Zone(_)));
    assert_eq!(g.force(howe).collect::<Vec<_>>(), vec![redcoats[0]]);
    act(&mut g, BRITISH, "sea-zone-4");
    act(&mut g, BRITISH, "land-philadelphia");
    assert_eq!(leader_at(&g, howe), "philadelphia");
    assert_eq!(at(&g, redcoats[0]), "philadelphia");
    assert!(g.leaders[howe as usize].done, "he has acted in the phase");
    assert_logged(&g, "Howe goes aboard with the");
    g.invariants().unwrap();
}

// rule: gml 7.2, 7.3
// ruling: gml #51
#[test]
fn a_leader_at_sea_goes_on_with_his_unit_and_is_lost_with_it() {
    let mut g = cleared("saratoga", Phase::Deployment);
    let howe = put_leader(&mut g, "howe", "new-york");
    let redcoat = put(&mut g, BRITISH, Kind::British, 1, "new-york")[0];
    naval_phase(&mut g);
    g.core.dice.script([1]);
    sail(&mut g, redcoat);
    act(&mut g, BRITISH, "board-howe");
    act(&mut g, BRITISH, "sea-zone-3");
    act(&mut g, BRITISH, "done");
    assert!(!matches!(g.phase, Phase::Activation(_)), "the phase is over");
    assert!(
        matches!(g.leaders[howe as usize].at, Place::Zone(_)),
        "he waits at sea aboard"
    );
    // His next phase begins at sea: the unit sails on, and Howe with it.
    g.units[redcoat as usize].done = false;
    g.leaders[howe as usize].done = false;
    naval_phase(&mut g);
    sail(&mut g, redcoat);
    assert!(!ids(&g, BRITISH).iter().any(|i| i.starts_with("board-")));
    act(&mut g, BRITISH, "sea-zone-2");
    assert_eq!(g.leaders[howe as usize].at, g.units[redcoat as usize].at());
    // It stays at sea to the phase's end: lost (7.3), and Howe with it.
    act(&mut g, BRITISH, "done");
    assert_eq!(g.units[redcoat as usize].at(), Place::Pool);
    assert_eq!(g.leaders[howe as usize].at, Place::Gone);
    assert_logged(&g, "Howe, aboard, is lost with it");
    g.invariants().unwrap();
}

// rule: gml 7.2, 6.7
#[test]
fn landing_in_a_state_for_the_first_time_calls_its_militia() {
    let mut g = cleared("saratoga", Phase::Deployment);
    let pa = state("pa");
    g.called.retain(|&s| s != pa);
    let redcoat = put(&mut g, BRITISH, Kind::British, 1, "new-york")[0];
    naval_phase(&mut g);
    g.core.dice.script([1]);
    sail(&mut g, redcoat);
    act(&mut g, BRITISH, "sea-zone-3");
    act(&mut g, BRITISH, "sea-zone-4");
    act(&mut g, BRITISH, "land-philadelphia");
    assert_eq!(
        g.to_act().iter().collect::<Vec<_>>(),
        vec![AMERICAN],
        "Pennsylvania's militia are called"
    );
    assert!(g.called.contains(&pa));
}

// rule: gml 7.3
#[test]
fn a_unit_may_end_at_sea_once_and_is_lost_if_still_there_after_its_next_phase() {
    let mut g = cleared("saratoga", Phase::Deployment);
    let fleet = put(&mut g, BRITISH, Kind::Naval, 1, "new-york")[0];
    naval_phase(&mut g);
    sail(&mut g, fleet);
    act(&mut g, BRITISH, "sea-zone-3");
    act(&mut g, BRITISH, "done");
    // Nothing else to do: the phase ends, the fleet began it in port.
    assert!(!matches!(g.phase, Phase::Activation(_)), "the phase is over");
    assert!(matches!(g.units[fleet as usize].at(), Place::Zone(_)));
    // Its next phase (the next turn: the Command Phase clears the marks of
    // the last) begins with it at sea and ends with it still there: lost.
    g.units[fleet as usize].done = false;
    naval_phase(&mut g);
    assert_eq!(g.at_sea, vec![fleet]);
    act(&mut g, BRITISH, "done");
    assert_eq!(g.units[fleet as usize].at(), Place::Pool);
    assert_logged(&g, "is still at sea at its end: lost");
}

// rule: gml 7.3, 8.24
#[test]
fn a_fleet_that_retires_to_sea_in_the_enemy_combat_phase_must_reach_port_in_its_next_phase() {
    // Ruling gml #21: at sea when its side's phase begins, lost if still
    // at sea when it ends, however it got there.
    let mut g = cleared("saratoga", Phase::Activation(AMERICAN));
    let redcoat = put(&mut g, BRITISH, Kind::British, 1, "philadelphia")[0];
    let fleet = put(&mut g, BRITISH, Kind::Naval, 1, "philadelphia")[0];
    put(&mut g, AMERICAN, Kind::Continental, 3, "philadelphia");
    // The American Combat Phase: the British defenders miss (10, 10), the
    // three Continentals hit twice: the British unit is eliminated.
    g.core.dice.script([10, 10, 1, 1, 1]);
    g.advance();
    assert_eq!(g.units[redcoat as usize].at(), Place::Pool, "{}", log_text(&g));
    assert_logged(&g, "retires to the maritime zone");
    assert!(matches!(g.units[fleet as usize].at(), Place::Zone(_)));
    // The next British Activation Phase: the fleet stays at sea.
    naval_phase(&mut g);
    assert_eq!(g.at_sea, vec![fleet]);
    act(&mut g, BRITISH, "done");
    assert!(!matches!(g.phase, Phase::Activation(_)), "the phase is over");
    assert_eq!(g.units[fleet as usize].at(), Place::Pool, "lost at sea (7.3)");
}

// rule: gml 5.6, 7.2
#[test]
fn a_leader_alone_in_a_port_where_the_enemy_lands_is_checked() {
    // Ruling gml #23 spares a landing 6.2, 6.3 and 6.6, not 5.6: Marion
    // alone in Charleston is checked when a British unit lands there.
    let mut g = cleared("southern-1780", Phase::Deployment);
    let redcoat = put(&mut g, BRITISH, Kind::British, 1, "savannah")[0];
    let marion = put_leader(&mut g, "marion", "charleston");
    let militia = put(&mut g, AMERICAN, Kind::Militia, 1, "moncks-corner")[0];
    naval_phase(&mut g);
    // d10 3: the transport roll lets 3 units sail; d10 4: Marion's check,
    // 1-7: he joins the nearest friendly units.
    g.core.dice.script([3, 4]);
    sail(&mut g, redcoat);
    act(&mut g, BRITISH, "sea-zone-7");
    act(&mut g, BRITISH, "land-charleston");
    assert_eq!(at(&g, redcoat), "charleston");
    assert_eq!(g.core.dice.scripted_left(), 0, "the 5.6 roll is made");
    assert_logged(&g, "Francis Marion's casualty check: 4");
    assert_eq!(leader_at(&g, marion), "moncks-corner");
    assert_eq!(at(&g, militia), "moncks-corner");
    assert!(!g.units[redcoat as usize].assault, "no land units there: no assault");
    sound(&g);
}

// rule: gml 5.6, 7.2
#[test]
fn a_leader_alone_in_a_port_may_be_captured_by_a_landing() {
    let mut g = cleared("southern-1780", Phase::Deployment);
    let redcoat = put(&mut g, BRITISH, Kind::British, 1, "savannah")[0];
    let marion = put_leader(&mut g, "marion", "charleston");
    naval_phase(&mut g);
    // d10 8 on the check: captured.
    g.core.dice.script([3, 8]);
    sail(&mut g, redcoat);
    act(&mut g, BRITISH, "sea-zone-7");
    act(&mut g, BRITISH, "land-charleston");
    assert_eq!(g.leaders[marion as usize].at, Place::Captured);
    sound(&g);
}

// rule: gml 7.2
#[test]
fn only_a_unit_in_port_at_the_start_of_the_turn_may_sail() {
    let mut g = cleared("saratoga", Phase::Deployment);
    let early = put(&mut g, AMERICAN, Kind::Militia, 1, "philadelphia")[0];
    // The turn begins (3.1): the Final Phase of the last one ends.
    enter_after(&mut g, Phase::Final);
    assert_eq!(g.phase, Phase::Command(BRITISH));
    // In the British half a militia unit reaches the port (a 6.7
    // placement, a 6.3 withdrawal or an 8.25 retreat would do the same).
    let late = put(&mut g, AMERICAN, Kind::Militia, 1, "philadelphia")[0];
    enter_after(&mut g, Phase::Reinforcement(BRITISH));
    assert_eq!(g.phase, Phase::Command(AMERICAN));
    g.activations = 1;
    enter_after(&mut g, Phase::Command(AMERICAN));
    assert!(matches!(g.stack.last(), Some(Frame::Naval { seat: AMERICAN, .. })));
    assert!(
        has(&g, AMERICAN, &format!("sail-{}", g.unit_id(early))),
        "in port since the turn began"
    );
    assert!(
        !has(&g, AMERICAN, &format!("sail-{}", g.unit_id(late))),
        "not in port at the start of the turn: {:?}",
        ids(&g, AMERICAN)
    );
}

// rule: gml 7.2, 12.11
#[test]
fn in_the_invasion_of_canada_the_first_turn_starts_at_the_american_command_phase() {
    let g = deployed("canada");
    assert_eq!(g.phase, Phase::Command(AMERICAN));
    let arnold_units: Vec<u16> = g.land_at(space("falmouth"), AMERICAN).collect();
    assert!(!arnold_units.is_empty());
    assert!(
        arnold_units
            .iter()
            .all(|&u| g.in_port.contains(&(u, space("falmouth")))),
        "Falmouth is a port: its units may sail in the first turn"
    );
}

// rule: gml 8.15, 8.16, 8.17, 8.0, 7.5
#[test]
fn a_landing_in_an_enemy_port_is_an_amphibious_assault_fought_first_against_the_naval_defense_marker() {
    let mut g = cleared("saratoga", Phase::Deployment);
    let fleet = put(&mut g, BRITISH, Kind::Naval, 1, "new-york")[0];
    let redcoat = put(&mut g, BRITISH, Kind::British, 1, "new-york")[0];
    let militia = put(&mut g, AMERICAN, Kind::Militia, 1, "staten-island")[0];
    // A combat 8.0 D would fight, elsewhere.
    put(&mut g, BRITISH, Kind::British, 1, "white-plains");
    put(&mut g, AMERICAN, Kind::Continental, 1, "white-plains");
    naval_phase(&mut g);
    // 7.5 the fleet enters the port the enemy holds: a blockade.
    sail(&mut g, fleet);
    act(&mut g, BRITISH, "sea-zone-3");
    act(&mut g, BRITISH, "land-staten-island");
    act(&mut g, BRITISH, "done");
    assert_eq!(at(&g, fleet), "staten-island");
    assert!(g.blockading(fleet) && g.blockaded(space("staten-island"), AMERICAN));
    let board = g.board();
    let shown = board
        .pieces
        .iter()
        .find(|p| p.id.as_deref() == Some(g.unit_id(fleet).as_str()));
    assert!(
        shown.is_some_and(|p| p.states.iter().any(|s| s == "blockading")),
        "the board shows the blockade"
    );
    // d10 3: two land units may sail; the redcoat lands among the enemy.
    g.core.dice.script([3]);
    sail(&mut g, redcoat);
    act(&mut g, BRITISH, "sea-zone-3");
    act(&mut g, BRITISH, "land-staten-island");
    assert!(g.units[redcoat as usize].assault);
    assert_logged(&g, "an amphibious assault on Staten Island");
    // 8.16 the marker is "used in any combat where the defender … begins
    // the combat with ships in port": an American fleet lies there (the
    // test puts it; port combat, 8.14, is the campaign's).
    put(&mut g, AMERICAN, Kind::Naval, 1, "staten-island");
    // Round 1: the militia (3) misses with 4, the fleet (5, 8.24) with
    // 10, the marker (4) hits with 4; the hit falls on the landed unit,
    // never on the fleet (8.24, 8.17). Then the landed redcoat, reduced
    // to 4, fires at 3 (8.21 (4): -1) and the fleet at 5: both hit.
    g.core.dice.script([4, 10, 4, 3, 5]);
    // The Combat Phase follows, amphibious assaults first.
    enter_after(&mut g, Phase::Activation(BRITISH));
    assert_logged(&g, "Amphibious assault on Staten Island (8.0 C)");
    assert_eq!(g.battle().map(|b| b.space), Some(space("staten-island")));
    assert!(!logged(&g, "White Plains"), "8.0 C before D: {}", log_text(&g));
    assert_logged(&g, "The port's Naval Defense marker (4) fights");
    assert_logged(&g, "The Americans roll 4, 10, 4 for units at 3, 5, 4: 1 hit");
    assert!(g.units[redcoat as usize].reduced && !g.units[fleet as usize].reduced);
    assert_logged(&g, "The British roll 3, 5 for units at 3, 5: 2 hits");
    // The defender puts its two hits on the militia or the marker.
    let marker = g.battle().and_then(|b| b.marker).expect("the marker is on the panel");
    assert_eq!(g.counters(marker).kind, Kind::NavalDefense);
    let hit_marker = format!("hit-{}", g.unit_id(marker));
    assert!(has(&g, AMERICAN, &hit_marker), "{:?}", ids(&g, AMERICAN));
    assert!(has(&g, AMERICAN, &format!("hit-{}", g.unit_id(militia))));
    act(&mut g, AMERICAN, &hit_marker);
    assert!(g.units[marker as usize].reduced, "turned to its reduced side (8.16)");
    act(&mut g, AMERICAN, &hit_marker);
    assert_eq!(g.battle().and_then(|b| b.marker), None, "a second hit destroys it");
    assert!(!g.units[marker as usize].reduced);
    assert_eq!(g.units[marker as usize].at(), Place::Pool);
}

// rule: gml 8.15, 8.16, 8.21
#[test]
fn an_assault_on_a_fort_port_meets_the_marker_of_5_even_when_the_defenders_are_inside() {
    let mut g = cleared("southern-1780", Phase::Deployment);
    let redcoats = put(&mut g, BRITISH, Kind::British, 2, "savannah");
    let militia = put(&mut g, AMERICAN, Kind::Militia, 1, "sunbury")[0];
    g.units[militia as usize].inside = true;
    naval_phase(&mut g);
    g.core.dice.script([3]);
    for &u in &redcoats {
        sail(&mut g, u);
        act(&mut g, BRITISH, "sea-zone-7");
        act(&mut g, BRITISH, "land-sunbury");
    }
    // With an American ship in port (8.16). Every defender inside a fort
    // would make a combat voluntary (8.0 E); the assault is fought all
    // the same. The militia fires at 3 + 1 for the fort (8.26), the
    // marker at 5, the fleet at 5.
    put(&mut g, AMERICAN, Kind::Naval, 1, "sunbury");
    g.core.dice.script([10, 10, 10, 10, 10]);
    // The Combat Phase follows, amphibious assaults first.
    enter_after(&mut g, Phase::Activation(BRITISH));
    assert_logged(&g, "Amphibious assault on Sunbury (8.0 C)");
    assert_logged(&g, "The port's Naval Defense marker (5) fights");
    assert_logged(&g, "for units at 4, 5, 5: 0 hits");
    // The landed units at 5 - 1 (assault) - 2 (the fort, 8.21 (2)) = 2.
    assert_logged(&g, "The British roll 10, 10 for units at 2, 2: 0 hits");
}

/// 8.15: "a transported unit with a Combat Value of 5 would be placed in
/// space 4 at the start of the amphibious assault."
// rule: gml 8.15, 8.21, 8.16
// ruling: gml #68
#[test]
fn the_amphibious_assault_example_a_transported_five_lands_in_space_four() {
    let mut g = cleared("saratoga", Phase::Deployment);
    let redcoat = put(&mut g, BRITISH, Kind::British, 1, "new-york")[0];
    assert_eq!(g.counters(redcoat).combat, 5);
    put(&mut g, AMERICAN, Kind::Militia, 1, "staten-island");
    naval_phase(&mut g);
    g.core.dice.script([1]);
    sail(&mut g, redcoat);
    act(&mut g, BRITISH, "sea-zone-3");
    act(&mut g, BRITISH, "land-staten-island");
    assert!(g.units[redcoat as usize].assault);
    // Round 1: the militia misses; the landed unit, at full strength,
    // fires from space 4. The Americans have no ship in port, so no
    // Naval Defense marker fights (8.16, ruling gml #68; rules gml-23:
    // it had fought in every assault).
    g.core.dice.script([10, 10]);
    enter_after(&mut g, Phase::Activation(BRITISH));
    assert_logged(&g, "Amphibious assault on Staten Island");
    assert_eq!(g.battle().and_then(|b| b.marker), None);
    assert!(!logged(&g, "Naval Defense marker"), "{}", log_text(&g));
    assert_logged(&g, "The Americans roll 10 for units at 3: 0 hits");
    assert!(!g.units[redcoat as usize].reduced);
    assert_logged(&g, "The British roll 10 for units at 4: 0 hits");
}

// rule: gml 7.2
#[test]
fn a_transported_unit_does_not_pass_enemy_fleets_without_as_many_of_its_own() {
    let mut g = cleared("saratoga", Phase::Deployment);
    let militia = put(&mut g, AMERICAN, Kind::Continental, 1, "staten-island")[0];
    let fleet = put(&mut g, BRITISH, Kind::Naval, 1, "new-york")[0];
    let zone3 = gml::tables::tables()
        .map
        .zones
        .iter()
        .position(|z| z.id == "zone-3")
        .unwrap() as u16;
    g.units.place(fleet, Place::Zone(zone3));
    g.note_in_port();
    g.activations = 1;
    // Without it the way is open.
    let mut free = g.clone();
    free.units.place(fleet, Place::Pool);
    let sail = format!("sail-{}", g.unit_id(militia));
    for g in [&mut g, &mut free] {
        enter_after(g, Phase::Command(AMERICAN));
    }
    // Ruling gml #63: a unit that could not leave is not offered to sail.
    assert!(!has(&g, AMERICAN, &sail), "the British fleet holds zone 3");
    free.core.dice.script([3]);
    act(&mut free, AMERICAN, &sail);
    assert_eq!(ids(&free, AMERICAN), vec!["sea-zone-3"]);
}

// rule: gml 9.2, 7.2, 12.0
#[test]
fn a_port_the_last_of_a_side_sails_from_is_held_by_the_side_left_there() {
    let mut g = cleared("saratoga", Phase::Deployment);
    let redcoat = put(&mut g, BRITISH, Kind::British, 1, "new-york")[0];
    let new_york = space("new-york");
    g.mark_control(new_york);
    put(&mut g, AMERICAN, Kind::Continental, 1, "new-york");
    assert_eq!(g.controller(new_york), None, "both sides there");
    naval_phase(&mut g);
    g.core.dice.script([3]);
    sail(&mut g, redcoat);
    act(&mut g, BRITISH, "sea-zone-3");
    // Before, the port stayed British with only Americans in it.
    assert_eq!(g.controller(new_york), Some(AMERICAN));
}

/// 7.2 Naval Transport. "A die is rolled to determine how many units may
/// use naval transport; the result is the number of units that may move
/// out from the port." (3.1 B.1: "first he rolls a die to see how many
/// units may conduct naval transport"; F.2: "rolls a die to determine
/// naval transport and moves the corresponding number of units".)
///
/// The rulebook prints no Naval Transport Table (its Game Tables list has
/// none): the die result is the number. A 4 lets four units sail (rules
/// gml-13 had a reconstructed table halving it to 2).
// rule: gml 7.2, 3.1
// ruling: gml #54
#[test]
fn the_transport_die_result_is_the_number_of_units_that_may_sail() {
    let mut g = cleared("saratoga", Phase::Deployment);
    let redcoats = put(&mut g, BRITISH, Kind::British, 4, "new-york");
    g.mark_control(space("new-york"));
    naval_phase(&mut g);
    g.core.dice.script([4]);
    for (i, &u) in redcoats.iter().enumerate() {
        let id = format!("sail-{}", g.unit_id(u));
        assert!(
            has(&g, BRITISH, &id),
            "a transport roll of 4 lets 4 units sail; unit {} of 4 may not ({:?}).\nLog:\n{}",
            i + 1,
            ids(&g, BRITISH),
            log_text(&g)
        );
        act(&mut g, BRITISH, &id);
        act(&mut g, BRITISH, "sea-zone-3");
        act(&mut g, BRITISH, "done");
    }
}

/// The American Activation Phase with the board as a test sets it, naval
/// movement first; the turn began with the board so (7.2).
fn american_naval_phase(g: &mut Gml) {
    g.note_in_port();
    g.activations = 1;
    enter_after(g, Phase::Command(AMERICAN));
    assert!(matches!(g.stack.last(), Some(Frame::Naval { seat: AMERICAN, .. })));
}

/// 8.16 "Naval Defense markers are used in any combat where the defender
/// ... begins the combat with ships in port": a section of 8.1, whose
/// combats are maritime combat, port combat and amphibious assault. A land
/// combat (8.2) in a port is none of them: the defender's fleet there
/// fights beside its land units (8.24), and no marker with them. An
/// amphibious assault meets the marker (the tests above).
// rule: gml 8.16, 8.24, 8.1
// ruling: gml #68
#[test]
fn a_land_combat_in_a_port_where_the_defender_has_ships_gets_no_naval_defense_marker() {
    let mut g = cleared("southern-1780", Phase::Activation(AMERICAN));
    let savannah = space("savannah");
    put(&mut g, BRITISH, Kind::British, 1, "savannah");
    let fleet = put(&mut g, BRITISH, Kind::Naval, 1, "savannah")[0];
    g.held[savannah as usize] = gml::state::Held {
        vp: Some(BRITISH),
        supply: Some(BRITISH),
    };
    put(&mut g, AMERICAN, Kind::Continental, 1, "savannah");
    // The American Combat Phase: the British, not in phase, defend with
    // their land unit and their fleet; the Continental attacks at 4 - 1
    // (a VP city).
    g.core.dice.script([10, 10, 10]);
    g.advance();
    assert_logged(&g, "Land combat in Savannah");
    let b = g.battle().expect("the combat is under way");
    assert_eq!((b.attacker, b.ships[BRITISH as usize].clone()), (AMERICAN, vec![fleet]));
    assert_eq!(b.marker, None);
    assert!(!logged(&g, "Naval Defense marker"), "{}", log_text(&g));
    assert_logged(&g, "The British roll 10, 10 for units at 5, 5: 0 hits");
    assert_logged(&g, "The Americans roll 10 for units at 3: 0 hits");
}

/// 7.2: transports may not "enter a port space that contains enemy naval
/// units, unless at least the same number of friendly naval units are
/// present". A British fleet blockades Charleston (7.5): an American unit
/// sailing from Georgetown may land in Beaufort, not in Charleston; with
/// an American fleet in Charleston as well, it may.
// rule: gml 7.2, 7.5
// ruling: gml #22
#[test]
fn a_transport_lands_in_a_blockaded_port_only_with_as_many_friendly_fleets_there() {
    let mut g = cleared("southern-1780", Phase::Deployment);
    let charleston = space("charleston");
    put(&mut g, AMERICAN, Kind::Militia, 1, "charleston");
    g.mark_control(charleston);
    let fleet = put(&mut g, BRITISH, Kind::Naval, 1, "charleston")[0];
    assert!(g.blockading(fleet));
    let continental = put(&mut g, AMERICAN, Kind::Continental, 1, "georgetown")[0];
    let mut escorted = g.clone();
    put(&mut escorted, AMERICAN, Kind::Naval, 1, "charleston");
    for (g, lands) in [(&mut g, false), (&mut escorted, true)] {
        american_naval_phase(g);
        g.core.dice.script([1]);
        act_unit(g, AMERICAN, "sail", continental);
        act(g, AMERICAN, "sea-zone-6");
        act(g, AMERICAN, "sea-zone-7");
        assert!(has(g, AMERICAN, "land-beaufort-sc"));
        assert_eq!(has(g, AMERICAN, "land-charleston"), lands, "{:?}", ids(g, AMERICAN));
    }
}

/// 7.5 and 10.3 give a blockade one effect, on supply, and 7.2 bars
/// transports only from entering a port or a maritime zone that holds
/// enemy naval units: a unit in port sails out past the blockading fleet
/// when the maritime zone is free of enemy fleets.
// rule: gml 7.2, 7.5, 10.3
// ruling: gml #69
#[test]
fn a_blockade_does_not_keep_transports_in_port() {
    let mut g = cleared("southern-1780", Phase::Deployment);
    let charleston = space("charleston");
    let militia = put(&mut g, AMERICAN, Kind::Militia, 1, "charleston")[0];
    g.mark_control(charleston);
    let fleet = put(&mut g, BRITISH, Kind::Naval, 1, "charleston")[0];
    assert!(g.blockading(fleet) && g.blockaded(charleston, AMERICAN));
    american_naval_phase(&mut g);
    g.core.dice.script([1]);
    act_unit(&mut g, AMERICAN, "sail", militia);
    act(&mut g, AMERICAN, "sea-zone-7");
    act(&mut g, AMERICAN, "land-beaufort-sc");
    assert_eq!(at(&g, militia), "beaufort-sc");
}

/// 5.6 checks a leader "alone in a space entered by enemy units"; ruling
/// gml #6 checks a leader alone among enemy land units whoever moved. Howe's last unit sails from New York, where American units stand
/// too, and he stays ashore (he could have gone aboard, ruling #51): he is
/// checked as it leaves, and on a 4 joins the British at White Plains. In a
/// port without enemy units a leader left alone just stays (6.11: he may
/// move alone).
// rule: gml 5.6, 7.2
// ruling: gml #70
#[test]
fn a_leader_left_among_the_enemy_when_his_last_unit_sails_is_checked() {
    let mut g = cleared("saratoga", Phase::Deployment);
    let howe = put_leader(&mut g, "howe", "new-york");
    let redcoat = put(&mut g, BRITISH, Kind::British, 1, "new-york")[0];
    g.units[redcoat as usize].leader = Some(howe);
    put(&mut g, BRITISH, Kind::British, 1, "white-plains");
    let mut alone = g.clone();
    put(&mut g, AMERICAN, Kind::Continental, 1, "new-york");
    // The transport roll, then Howe's casualty check.
    g.core.dice.script([1, 4]);
    naval_phase(&mut g);
    sail(&mut g, redcoat);
    act(&mut g, BRITISH, "sea-zone-3");
    assert_eq!(g.core.dice.scripted_left(), 0, "{}", log_text(&g));
    assert_logged(&g, "William Howe's casualty check: 4, escapes to friendly units");
    assert_eq!(leader_at(&g, howe), "white-plains");
    sound(&g);
    // No enemy in New York: Howe stays there, unchecked.
    alone.core.dice.script([1]);
    naval_phase(&mut alone);
    sail(&mut alone, redcoat);
    act(&mut alone, BRITISH, "sea-zone-3");
    assert!(!logged(&alone, "casualty check"));
    assert_eq!(leader_at(&alone, howe), "new-york");
}

// rule: gml 12.42, 12.22, 7.1
// ruling: gml #75
#[test]
fn ships_sail_only_on_the_zones_of_the_map_in_use() {
    // A random game of Greene (South map only) sailed Tory militia from
    // Wilmington up to the New York Bight, on the North map.
    let mut g = cleared("greene", Phase::Deployment);
    let tories = put(&mut g, BRITISH, Kind::Tory, 1, "wilmington")[0];
    naval_phase(&mut g);
    g.core.dice.script([1]);
    sail(&mut g, tories);
    act(&mut g, BRITISH, "sea-zone-6");
    act(&mut g, BRITISH, "sea-zone-5");
    let legal = ids(&g, BRITISH);
    assert!(legal.contains(&"sea-chesapeake".to_string()), "{legal:?}");
    assert!(legal.contains(&"land-new-bern".to_string()), "{legal:?}");
    assert!(
        !legal.contains(&"sea-zone-4".to_string()),
        "Delaware Bay is on the North map: {legal:?}"
    );
    // And the other way: Saratoga's fleets keep to the North map.
    let mut g = cleared("saratoga", Phase::Deployment);
    let fleet = put(&mut g, BRITISH, Kind::Naval, 1, "philadelphia")[0];
    naval_phase(&mut g);
    sail(&mut g, fleet);
    act(&mut g, BRITISH, "sea-zone-4");
    let legal = ids(&g, BRITISH);
    assert!(legal.contains(&"sea-zone-3".to_string()), "{legal:?}");
    assert!(
        !legal.contains(&"sea-zone-5".to_string()),
        "the Virginia Capes are on the South map: {legal:?}"
    );
}

// rule: gml 7.3
#[test]
fn a_unit_lost_at_sea_is_eliminated_as_in_combat() {
    // 7.3 "the unit is eliminated": as a hit's elimination (ruling gml
    // #26) it goes back to the pool a new piece (#59), an Indian out of
    // the game. Rules gml-27: an Indian went back to the pool, and a
    // counter kept its voyage of the phase, shown as having sailed and
    // acted when it was raised again.
    let mut g = cleared("saratoga", Phase::Deployment);
    let redcoat = put(&mut g, BRITISH, Kind::British, 1, "new-york")[0];
    let mohawk = put_home(&mut g, BRITISH, Kind::Indian, "mohawk", 1, "new-york")[0];
    for u in [redcoat, mohawk] {
        g.units.place(u, Place::Zone(zone("zone-3")));
    }
    naval_phase(&mut g);
    assert_eq!(g.at_sea, vec![redcoat, mohawk]);
    // The British unit sails on a zone and ends its voyage still at sea.
    sail(&mut g, redcoat);
    act(&mut g, BRITISH, "sea-zone-2");
    act(&mut g, BRITISH, "done");
    act(&mut g, BRITISH, "done");
    assert!(!matches!(g.phase, Phase::Activation(_)), "the phase is over");
    assert_eq!(g.units[redcoat as usize].at(), Place::Pool);
    let unit = &g.units[redcoat as usize];
    assert!(!unit.sailed && !unit.done, "a new piece in the pool");
    assert_eq!(g.units[mohawk as usize].at(), Place::Gone, "an Indian leaves the game");
    sound(&g);
}

/// 7.2 "Units on transports that are already at sea continue moving and do
/// not count toward the result of the transport die roll": one at sea
/// sails without a roll, and still sails once a roll of 1 is spent.
// rule: gml 7.2
#[test]
fn units_already_at_sea_sail_on_outside_the_transport_roll() {
    let mut g = cleared("saratoga", Phase::Deployment);
    let redcoats = put(&mut g, BRITISH, Kind::British, 2, "new-york");
    g.mark_control(space("new-york"));
    let afloat = put(&mut g, BRITISH, Kind::Hessian, 2, "new-york");
    for &u in &afloat {
        g.units.place(u, Place::Zone(zone("zone-3")));
    }
    naval_phase(&mut g);
    // The first at sea lands with no roll made.
    sail(&mut g, afloat[0]);
    act(&mut g, BRITISH, "land-new-york");
    assert!(!logged(&g, "Naval transport:"), "no roll for a unit at sea");
    // A roll of 1: one unit out of port, then no other.
    g.core.dice.script([1]);
    sail(&mut g, redcoats[0]);
    act(&mut g, BRITISH, "sea-zone-3");
    act(&mut g, BRITISH, "done");
    assert_logged(&g, "Naval transport: 1 land unit may sail from port");
    assert!(!has(&g, BRITISH, &format!("sail-{}", g.unit_id(redcoats[1]))));
    // The other at sea still sails on.
    sail(&mut g, afloat[1]);
    act(&mut g, BRITISH, "land-new-york");
    assert_eq!(at(&g, afloat[1]), "new-york");
}
