//! 8.0 A, 8.11 maritime combat in the battle scenarios: the phasing side's
//! fleets against enemy transports left at sea (8.17), ruling gml #56.

mod common;

use common::*;
use engine::prelude::*;
use gml::forces::{Kind, AMERICAN, BRITISH};
use gml::frames::Frame;
use gml::state::{Phase, Place};
use gml::Gml;

/// The seat's Activation Phase with the board as the test set it, naval
/// movement first (the turn began with the board so: 7.2 its land units in
/// port may sail). No activations follow the naval movement.
fn naval_phase(g: &mut Gml, seat: engine::Seat) {
    g.note_in_port();
    g.activations = 0;
    enter_after(g, Phase::Command(seat));
    assert!(
        matches!(g.stack.last(), Some(Frame::Naval { seat: s, .. }) if *s == seat),
        "the naval movement of the phase is offered"
    );
}

/// Southern 1780: `n` American Continentals sail out of Charleston into
/// zone 7 and stay at sea (7.3 allows it: they left port this phase), with
/// `leader` aboard the first if given (ruling gml #51); then in the British
/// Activation Phase a fleet from Savannah joins them. The British are about
/// to end their naval movement.
fn transports_met(n: usize, leader: Option<&str>) -> (Gml, Vec<u16>) {
    let mut g = cleared("southern-1780", Phase::Deployment);
    let conts = put(&mut g, AMERICAN, Kind::Continental, n, "charleston");
    g.mark_control(space("charleston"));
    let aboard = leader.map(|l| put_leader(&mut g, l, "charleston"));
    let fleet = put(&mut g, BRITISH, Kind::Naval, 1, "savannah")[0];
    put(&mut g, BRITISH, Kind::British, 1, "savannah");
    g.mark_control(space("savannah"));
    naval_phase(&mut g, AMERICAN);
    // 7.2 the transport roll: as many as sail.
    g.core.dice.script([n as u8]);
    for (i, &u) in conts.iter().enumerate() {
        act_unit(&mut g, AMERICAN, "sail", u);
        if let (0, Some(l)) = (i, aboard) {
            let id = format!("board-{}", g.leader(l).id);
            act(&mut g, AMERICAN, &id);
        }
        act(&mut g, AMERICAN, "sea-zone-7");
        act(&mut g, AMERICAN, "done");
    }
    g.units[fleet as usize].done = false;
    naval_phase(&mut g, BRITISH);
    act_unit(&mut g, BRITISH, "sail", fleet);
    act(&mut g, BRITISH, "sea-zone-7");
    (g, conts)
}

/// The British end their naval movement and the Combat Phase begins.
fn to_combat(g: &mut Gml) {
    while g.phase == Phase::Activation(BRITISH) {
        act(g, BRITISH, "done");
    }
}

/// 8.11 Maritime combat. "Whenever there are enemy naval units in the same
/// zone, or naval units of the player in phase and transports that are not
/// in phase, maritime combat may take place. [...] To decide on other
/// maritime combats, the player in phase rolls a die and adds one to the
/// result for each naval unit he has more than the other player has
/// present. If the result is 10 or more, there is combat."
/// 8.17 "If no friendly naval units are present, the transports become
/// targets and are eliminated upon suffering a hit."
/// 7.3 "Naval and transport units that begin the turn in a port may finish
/// the Movement Phase in a maritime zone."
///
/// An American Continental sails out of Charleston and stays at sea (7.3
/// allows it); in the next British Activation Phase a British fleet from
/// Savannah enters zone 7. In the British Combat Phase the British roll
/// for maritime combat (10 + 1 = 11: combat), and the unescorted transport
/// is eliminated by the fleet's hit.
// rule: gml 8.11, 8.17, 7.3
// ruling: gml #56
#[test]
fn a_british_fleet_may_attack_american_transports_left_at_sea() {
    let (mut g, conts) = transports_met(1, None);
    // 8.11: 10 + 1 (one fleet more) = 11, combat; 8.13 the fleet's 1 hits.
    g.core.dice.script([10, 1]);
    to_combat(&mut g);
    assert_logged(
        &g,
        "Maritime combat in Maritime Zone 7 (Carolina and Georgia Low Country): 10 + 1 fleet = 11, combat",
    );
    assert_eq!(g.units[conts[0] as usize].at(), Place::Pool, "{}", log_text(&g));
}

/// 8.11 "If the result is 9 or less, there is no combat": 8 + 1.
// rule: gml 8.11
#[test]
fn a_maritime_roll_under_ten_leaves_the_transports_alone() {
    let (mut g, conts) = transports_met(1, None);
    g.core.dice.script([8]);
    to_combat(&mut g);
    assert_logged(&g, "= 9, no combat");
    assert_eq!(g.units[conts[0] as usize].at(), Place::Zone(zone("zone-7")));
}

/// 8.13 "If a unit is hit, the opposing player chooses which of his units
/// will take the hit"; 8.17 a transport is eliminated by a hit, and the
/// leader aboard is lost with his unit (ruling gml #51). One hit on two
/// transports: the Americans choose the one that carries Greene.
// rule: gml 8.13, 8.17
// ruling: gml #56
#[test]
fn the_owner_chooses_the_transports_a_hit_sinks() {
    let (mut g, conts) = transports_met(2, Some("greene"));
    let greene = leader(&g, "greene");
    g.core.dice.script([10, 1]);
    to_combat(&mut g);
    assert!(matches!(
        g.stack.last(),
        Some(Frame::Sink {
            seat: AMERICAN,
            hits: 1,
            ..
        })
    ));
    assert_eq!(g.prompt(AMERICAN).rule, "8.17");
    let choices = ids(&g, AMERICAN);
    assert_eq!(choices.len(), 2, "either unit: {choices:?}");
    act_unit(&mut g, AMERICAN, "hit", conts[0]);
    assert_eq!(g.units[conts[0] as usize].at(), Place::Pool);
    assert_eq!(g.leaders[greene as usize].at, Place::Gone, "lost with his unit");
    assert_eq!(g.units[conts[1] as usize].at(), Place::Zone(zone("zone-7")));
    assert_logged(&g, "aboard, is lost with it");
}
