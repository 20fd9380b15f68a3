//! 7.0-7.3 naval movement and transport, before the activations (3.1 B.1).

mod position;

use engine::prelude::*;
use gml::forces::{Kind, AMERICAN, BRITISH};
use gml::frames::Frame;
use gml::state::{Phase, Place};
use gml::Gml;
use position::*;

fn sail(g: &mut Gml, u: u16) {
    act_unit(g, BRITISH, "sail", u);
}

/// The British Activation Phase of Saratoga's first turn with the board
/// as a test sets it, naval movement first.
fn naval_phase(g: &mut Gml) {
    g.activations = 1;
    g.phase = Phase::Command(BRITISH);
    g.stack.clear();
    g.advance();
    assert!(matches!(g.stack.last(), Some(Frame::Naval { seat: BRITISH, .. })));
}

// rule: gml 7.0, 7.1, 3.1
#[test]
fn a_fleet_pays_a_point_to_leave_port_one_a_zone_and_one_to_enter_port() {
    let mut g = empty("saratoga", Phase::Deployment);
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
#[test]
fn the_transport_roll_limits_the_land_units_that_sail_and_they_land_in_any_free_port() {
    let mut g = empty("saratoga", Phase::Deployment);
    let redcoats = put(&mut g, BRITISH, Kind::British, 3, "new-york");
    put(&mut g, AMERICAN, Kind::Militia, 1, "staten-island");
    naval_phase(&mut g);
    // d10 3: 2 units may sail.
    g.core.dice.script([3]);
    sail(&mut g, redcoats[0]);
    act(&mut g, BRITISH, "sea-zone-3");
    assert!(
        !ids(&g, BRITISH).contains(&"land-staten-island".to_string()),
        "an enemy-held port: 8.15"
    );
    act(&mut g, BRITISH, "sea-zone-4");
    act(&mut g, BRITISH, "land-philadelphia");
    assert_eq!(at(&g, redcoats[0]), "philadelphia");
    assert!(
        g.units[redcoats[0] as usize].done,
        "a unit that sailed is not activated too (ruling gml #20)"
    );
    sail(&mut g, redcoats[1]);
    act(&mut g, BRITISH, "done");
    assert!(
        !ids(&g, BRITISH).contains(&format!("sail-{}", g.unit_id(redcoats[2]))),
        "the roll allowed two"
    );
}

// rule: gml 7.2, 6.7
#[test]
fn landing_in_a_state_for_the_first_time_calls_its_militia() {
    let mut g = empty("saratoga", Phase::Deployment);
    let pa = gml::tables::tables()
        .map
        .states
        .iter()
        .position(|s| s.id == "pa")
        .unwrap() as u8;
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
    let mut g = empty("saratoga", Phase::Deployment);
    let fleet = put(&mut g, BRITISH, Kind::Naval, 1, "new-york")[0];
    naval_phase(&mut g);
    sail(&mut g, fleet);
    act(&mut g, BRITISH, "sea-zone-3");
    act(&mut g, BRITISH, "done");
    // Nothing else to do: the phase ends, the fleet began it in port.
    assert!(!matches!(g.phase, Phase::Activation(_)), "the phase is over");
    assert!(matches!(g.units[fleet as usize].at, Place::Zone(_)));
    assert_eq!(g.at_sea, vec![fleet]);
    // Its next phase ends with it still at sea: lost.
    g.stack.clear();
    g.phase = Phase::Activation(BRITISH);
    g.advance();
    assert_eq!(g.units[fleet as usize].at, Place::Pool);
}
