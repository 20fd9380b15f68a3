//! 18.6, 23.2 the supply of a siege's forces: the garrison's sally and the
//! relief force's forage (rulings fiw #48, #54).

mod common;

use common::*;
use engine::prelude::*;
use fiw::civilization::Marker;
use fiw::map::Sq;
use fiw::state::{Phase, Place, Sub, UnitId};
use fiw::tables::tables;
use fiw::{Action, Fiw};

/// The emptied On to Quebec (printed works only) with Quebec besieged: a
/// French garrison of one regiment inside its fortress, one British
/// regiment besieging it. The game, Quebec and the garrison.
fn quebec_besieged() -> (Fiw, Sq, UnitId) {
    let mut g = cleared(BRITISH);
    g.stack.clear();
    let quebec = sq("quebec");
    let garrison = put(&mut g, "fr-bearn", quebec);
    g.units[garrison as usize].inside = true;
    put(&mut g, "br-line", quebec);
    assert!(g.besieged(quebec));
    assert!(g.garrisoned(quebec, FRENCH));
    (g, quebec, garrison)
}

/// A land neighbour of `s` across a side.
fn land_neighbour(s: Sq) -> Sq {
    let m = &tables().map;
    s.orthogonal()
        .find(|&n| m.land_route(s, n).is_some())
        .expect("a land neighbour")
}

/// The combat sub-phase of `seat` in operations phase `round` begins.
fn fight_in(g: &mut Fiw, seat: engine::Seat, round: u8) {
    g.phase = Phase::Operations { round, seat };
    g.sub = Sub::InvasionReaction;
    g.stack.clear();
    g.advance();
}

#[test]
fn a_garrison_with_a_magazine_inside_may_sally_without_a_supply_point() {
    // rule: fiw 18.61, 23.23, 12.2
    // ruling: fiw #48, #54
    // 18.61 "Units that can trace a "line of supply" to a magazine
    // are in supply. They don't have to expend supply points to initiate
    // operations"; ruling fiw #54: "only a magazine inside its fortress
    // supplies it" (a besieged garrison). Ruling fiw #48: a siege attack in
    // the 2nd-4th phase is offered if a supply point or a magazine in reach
    // pays for it.
    // The French garrison of Quebec, with a French magazine inside the
    // fortress and no supply point, sallies in the 2nd phase: the magazine
    // inside is its supply (the relief force's line, to which the
    // fortress's magazine is closed, is not the garrison's).
    let (mut g, quebec, _) = quebec_besieged();
    put_marker(&mut g, Marker::Magazine, quebec, FRENCH);
    assert_eq!(
        g.garrison_line(quebec, FRENCH),
        Some(quebec),
        "the garrison is in supply"
    );
    g.supply[FRENCH as usize] = 0;
    fight_in(&mut g, FRENCH, 2);
    let v = legal(&g, FRENCH);
    assert!(
        v.contains(&Action::Attack(quebec)),
        "the garrison in magazine supply may sally: offered only {v:?}"
    );
}

#[test]
fn a_sallying_garrison_draws_on_no_magazine_beyond_its_besiegers() {
    // rule: fiw 18.2, 18.61, 23.23
    // ruling: fiw #54
    // Ruling #54: "A besieged garrison traces no line of supply out
    // through its besiegers: only a magazine inside its fortress supplies
    // it (18.62), else supply points (18.33)". Rule 18.2: "To allow a force
    // to conduct operations in the 2nd, 3rd and/or 4th operations phases:
    // expend one SP per force."
    // The French garrison of Quebec sallies in the 2nd phase; the only
    // French magazine is in the square next to Quebec, outside the siege.
    // It pays a supply point, and draws on no magazine through its
    // besiegers.
    let (mut g, quebec, _) = quebec_besieged();
    let out = land_neighbour(quebec);
    put_marker(&mut g, Marker::Magazine, out, FRENCH);
    assert_eq!(g.garrison_line(quebec, FRENCH), None, "the garrison's line is cut");
    g.supply[FRENCH as usize] = 1;
    fight_in(&mut g, FRENCH, 2);
    act(&mut g, FRENCH, Action::Attack(quebec));
    assert_eq!(
        g.supply[FRENCH as usize], 0,
        "the sally is an operation of the cut-off garrison: one supply point"
    );
    assert!(
        !g.civ(out, Marker::Magazine).is_some_and(|c| c.used),
        "the magazine beyond the besiegers was not used"
    );
}

#[test]
fn a_relief_force_forages_at_the_squares_value_not_as_a_besieger() {
    // rule: fiw 23.22, 23.25, 18.32
    // 23.22 "The besieging units are considered to be outside the
    // fortress, though they are still within the square. They defend and
    // forage as if they were in a settlement square." 18.32 "Each square on
    // the map has a forage value ... the number of regimental equivalents
    // that may be supplied through foraging." 23.25: a relief force is
    // "a force separate from the besieged force", not a besieger.
    // Quebec (a city: forage 5) is besieged; the French garrison is fed by
    // its magazine inside (18.62), and a French relief force of four
    // regiments stands beside it with no line of supply. Quebec's forage
    // feeds them all (not the besiegers' settled row of 3, which would
    // starve one regiment).
    let (mut g, quebec, garrison) = quebec_besieged();
    put_marker(&mut g, Marker::Magazine, quebec, FRENCH);
    let relief: Vec<UnitId> = (0..4).map(|_| put(&mut g, "fr-mar", quebec)).collect();
    assert!(relief.iter().all(|&u| !g.units[u as usize].inside));
    assert_eq!(g.forage_value(quebec), 5);
    assert_eq!(
        g.ration(quebec, FRENCH).forage,
        15,
        "the relief force forages at Quebec's 5 regiments"
    );
    g.first = FRENCH;
    g.supply[FRENCH as usize] = 0;
    g.phase = Phase::Provisioning(FRENCH);
    g.provisioning(FRENCH);
    let on_map = relief
        .iter()
        .filter(|&&u| g.units[u as usize].at() == Place::Sq(quebec))
        .count();
    assert_eq!(on_map, 4, "four regiments within a forage value of five");
    assert_eq!(g.units[garrison as usize].at(), Place::Sq(quebec));
}
