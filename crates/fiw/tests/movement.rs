//! 11.3 forces, 13.x movement, 17.21 the leader's bonus, 12.2 supply for
//! later phases, 12.3 winter attrition, 5.24 invasion, 22.4 markers taken.

mod common;

use common::*;
use fiw::actions::{Action, Piece};
use fiw::civilization::Marker;
use fiw::frames::Frame;
use fiw::map::Colony;
use fiw::state::{Civ, Phase, Place, Status};

fn left(g: &fiw::Fiw) -> u8 {
    match g.stack.last() {
        Some(Frame::Force(f)) => f.left,
        other => panic!("no force moving: {other:?}"),
    }
}

#[test]
fn a_road_costs_half_a_point_and_rough_ground_three_for_heavy_units() {
    // rule: fiw 13.1, 13.51, 2.12
    let mut g = cleared(BRITISH);
    let u = put(&mut g, "br-line", "1109");
    set_out(&mut g, BRITISH, "1109", &[Piece::Unit(u)]);
    assert_eq!(left(&g), 8, "a line regiment moves 4");
    act(&mut g, BRITISH, Action::Step(sq("1108")));
    assert_eq!(left(&g), 7, "Albany to Fort William Henry by road: 1/2");
    act(&mut g, BRITISH, Action::Step(sq("1208")));
    assert_eq!(
        left(&g),
        5,
        "the Crown Point road, a trail: 1 whatever the terrain (13.53)"
    );
    assert_eq!(g.units[u as usize].at, Place::Sq(sq("1208")));
    act(&mut g, BRITISH, Action::Halt);
    // Overland into rough ground: 3 for heavy units.
    let v = put(&mut g, "br-line", "1109");
    set_out(&mut g, BRITISH, "1109", &[Piece::Unit(v)]);
    act(&mut g, BRITISH, Action::Step(sq("1108")));
    act(&mut g, BRITISH, Action::Step(sq("1008")));
    let rough = g.terrain(sq("1008"));
    let cost = fiw::tables::tables().terrain.cost(rough.id(), false);
    let fiw::terrain::Cost::Halves(h) = cost else {
        panic!("1008 is land")
    };
    assert_eq!(
        left(&g),
        7 - h,
        "overland: the entered square's terrain ({})",
        rough.id()
    );
}

#[test]
fn light_forces_cross_vertices_and_pay_the_light_rates_heavy_ones_do_not() {
    // rule: fiw 13.2, 13.21, 17.9
    let mut g = cleared(BRITISH);
    let light = put(&mut g, "br-light", "1109");
    let heavy = put(&mut g, "br-line", "1110");
    set_out(&mut g, BRITISH, "1109", &[Piece::Unit(light)]);
    assert!(
        legal(&g, BRITISH).contains(&Action::Step(sq("1208"))),
        "light: across the vertex"
    );
    act(&mut g, BRITISH, Action::Step(sq("1208")));
    assert_eq!(left(&g), 12 - 4, "rough costs light units 2");
    act(&mut g, BRITISH, Action::Halt);
    set_out(&mut g, BRITISH, "1110", &[Piece::Unit(heavy)]);
    let v = legal(&g, BRITISH);
    assert!(!v.contains(&Action::Step(sq("1209"))) || !v.contains(&Action::Step(sq("1011"))));
    assert!(!v.contains(&Action::Step(sq("1011"))), "heavy units cross sides only");
    assert!(!v.contains(&Action::Step(sq("1209"))), "1110 to 1209 is a vertex");
}

#[test]
fn a_force_moves_at_its_slowest_even_after_dropping_it() {
    // rule: fiw 11.3, 13.4
    let mut g = cleared(BRITISH);
    let light = put(&mut g, "br-light", "1109");
    let line = put(&mut g, "br-line", "1109");
    set_out(&mut g, BRITISH, "1109", &[Piece::Unit(light), Piece::Unit(line)]);
    assert_eq!(left(&g), 8, "6 and 4 move at 4");
    act(&mut g, BRITISH, Action::Step(sq("1108")));
    act(&mut g, BRITISH, Action::Drop(Piece::Unit(line)));
    assert_eq!(left(&g), 7, "dropping the slow regiment gives nothing back");
    assert_eq!(g.units[line as usize].at, Place::Sq(sq("1108")));
    // The dropped regiment may not move again in this sub-phase (11.3, 12.0).
    act(&mut g, BRITISH, Action::Halt);
    assert!(!legal(&g, BRITISH).contains(&Action::Form(Place::Sq(sq("1108")))));
}

#[test]
fn one_leader_adds_his_military_rating_to_the_units_but_not_to_leaders() {
    // rule: fiw 17.21, 17.2
    let mut g = cleared(BRITISH);
    let washington = put_leader(&mut g, "washington", "1012");
    let va = put(&mut g, "va-infantry", "1012");
    set_out(&mut g, BRITISH, "1012", &[Piece::Unit(va), Piece::Leader(washington)]);
    // 17.21's example: Washington (1) with an infantry regiment: one more.
    assert_eq!(left(&g), 2 * (5 + 1));
    act(&mut g, BRITISH, Action::Halt);
    let mut g = cleared(BRITISH);
    let amherst = put_leader(&mut g, "amherst", "1109");
    set_out(&mut g, BRITISH, "1109", &[Piece::Leader(amherst)]);
    assert_eq!(left(&g), 12, "a leader alone moves his own 6, no bonus");
}

#[test]
fn units_stop_on_entering_enemy_combat_units_but_leave_them_freely() {
    // rule: fiw 13.32, 13.34
    let mut g = cleared(BRITISH);
    let u = put(&mut g, "br-light", "1109");
    put(&mut g, "fr-bearn", "1108");
    set_out(&mut g, BRITISH, "1109", &[Piece::Unit(u)]);
    act(&mut g, BRITISH, Action::Step(sq("1108")));
    assert!(matches!(g.stack.last(), Some(Frame::Movement { .. })), "the move ended");
    assert!(logged(&g, "enemy units are there"));
}

#[test]
fn british_militia_keep_to_their_colony_and_nobody_enters_neutral_florida() {
    // rule: fiw 13.8, 24.1, 13.72, 5.3
    let mut g = cleared(BRITISH);
    let m = put(&mut g, "ny-militia", "1109");
    set_out(&mut g, BRITISH, "1109", &[Piece::Unit(m)]);
    let v = legal(&g, BRITISH);
    assert!(v.contains(&Action::Step(sq("1108"))), "1108 is New York");
    assert!(!v.contains(&Action::Step(sq("1209"))), "1209 is Connecticut");
    act(&mut g, BRITISH, Action::Halt);
    let ga = put(&mut g, "br-light", "0818");
    assert_eq!(fiw::tables::tables().map.colony(sq("0819")), Some(Colony::Florida));
    set_out(&mut g, BRITISH, "0818", &[Piece::Unit(ga)]);
    assert!(!legal(&g, BRITISH)
        .iter()
        .any(|a| matches!(a, Action::Step(s) if fiw::tables::tables().map.colony(*s) == Some(Colony::Florida))));
}

#[test]
fn entering_a_passive_enemy_colony_activates_it_and_takes_unguarded_markers() {
    // rule: fiw 5.24, 22.4, 22.3
    let mut g = cleared(FRENCH);
    assert_eq!(g.status(Colony::Virginia), Status::Passive);
    let u = put(&mut g, "fr-mar", "0811");
    g.civs.push(Civ {
        kind: Marker::Magazine,
        sq: sq("0912"),
        side: BRITISH,
        printed: false,
        used: false,
    });
    set_out(&mut g, FRENCH, "0811", &[Piece::Unit(u)]);
    act(&mut g, FRENCH, Action::Step(sq("0912")));
    assert_eq!(g.civ(sq("0912"), Marker::Magazine).map(|c| c.side), Some(FRENCH));
    let colony = fiw::tables::tables().map.colony(sq("0912")).unwrap();
    assert_eq!(g.status(colony), Status::Active, "{} is invaded", colony.name());
}

/// Ends every movement sub-phase until the `round`-th phase of `seat`.
fn to_phase(g: &mut fiw::Fiw, round: u8, seat: engine::Seat) {
    idle_until(g, |g| {
        g.phase == (Phase::Operations { round, seat }) && matches!(g.stack.last(), Some(Frame::Movement { .. }))
    });
}

#[test]
fn a_later_phase_costs_a_supply_point_unless_a_magazine_supplies_the_force() {
    // rule: fiw 12.2, 18.2, 18.61
    let mut g = cleared(BRITISH);
    let far = put(&mut g, "br-line", "0713");
    let near = put(&mut g, "br-line", "1108");
    g.civs.push(Civ {
        kind: Marker::Magazine,
        sq: sq("1109"),
        side: BRITISH,
        printed: false,
        used: false,
    });
    to_phase(&mut g, 2, BRITISH);
    let sp = g.supply[BRITISH as usize];
    set_out(&mut g, BRITISH, "0713", &[Piece::Unit(far)]);
    assert_eq!(g.supply[BRITISH as usize], sp - 1, "no magazine near: one SP");
    act(&mut g, BRITISH, Action::Halt);
    set_out(&mut g, BRITISH, "1108", &[Piece::Unit(near)]);
    assert_eq!(g.supply[BRITISH as usize], sp - 1, "the Albany magazine supplies it");
    // A magazine outside a city or town is spent for the turn (18.62).
    assert!(g.civ(sq("1109"), Marker::Magazine).unwrap().used || g.settlement(sq("1109")).is_some());
}

#[test]
fn the_operations_example_one_force_four_phases() {
    // rule: fiw 12.0, 12.2, 12.3, 12.4
    let mut g = cleared(BRITISH);
    let l = put_leader(&mut g, "wolfe", "0811");
    let units: Vec<_> = (0..3).map(|_| put(&mut g, "br-line", "0811")).collect();
    let mut force: Vec<Piece> = units.iter().map(|&u| Piece::Unit(u)).collect();
    force.push(Piece::Leader(l));
    let sp = g.supply[BRITISH as usize];
    // 1st phase: free.
    set_out(&mut g, BRITISH, "0811", &force);
    act(&mut g, BRITISH, Action::Halt);
    assert_eq!(g.supply[BRITISH as usize], sp);
    // 2nd phase: one SP; 3rd: nothing; 4th: one SP, then winter attrition.
    to_phase(&mut g, 2, BRITISH);
    set_out(&mut g, BRITISH, "0811", &force);
    act(&mut g, BRITISH, Action::Halt);
    assert_eq!(g.supply[BRITISH as usize], sp - 1);
    to_phase(&mut g, 4, BRITISH);
    set_out(&mut g, BRITISH, "0811", &force);
    assert_eq!(g.supply[BRITISH as usize], sp - 2);
    g.core.dice.script([1, 4, 6]);
    act(&mut g, BRITISH, Action::Halt);
    assert_eq!(g.units[units[0] as usize].at, Place::Pool, "a 1 eliminates");
    assert_eq!(g.units[units[1] as usize].at, Place::Sq(sq("0811")));
    assert_eq!(g.units[units[2] as usize].at, Place::Sq(sq("0811")));
    assert_eq!(
        g.leaders[l as usize].at,
        Place::Sq(sq("0811")),
        "leaders never suffer attrition"
    );
    assert!(logged(&g, "Winter attrition"));
}

#[test]
fn a_piece_operates_once_a_phase() {
    // rule: fiw 12.0, 12.2
    let mut g = cleared(BRITISH);
    let u = put(&mut g, "br-line", "1109");
    set_out(&mut g, BRITISH, "1109", &[Piece::Unit(u)]);
    act(&mut g, BRITISH, Action::Halt);
    assert!(!legal(&g, BRITISH).contains(&Action::Form(Place::Sq(sq("1109")))));
}
