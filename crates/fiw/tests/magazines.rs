//! 18.6 magazines and the supply points that pay for them: which magazine
//! a line of supply draws on (18.62, ruling fiw #72) and supply points
//! bought in the phase paying for a magazine (18.1, 22.1, ruling fiw #73).

mod common;

use common::*;
use fiw::civilization::Marker;
use fiw::map::Sq;
use fiw::state::{Fiw, Phase, Place, UnitId};
use fiw::tables::tables;
use fiw::Action;

/// On to Quebec with nothing set up and no magazine on the map.
fn unsupplied(seed: u64) -> Fiw {
    let mut g = blank(seed);
    g.civs.retain(|c| c.kind != Marker::Magazine);
    g
}

/// The British provisioning phase, the British first this turn.
fn provision(g: &mut Fiw, supply: u16) {
    g.first = BRITISH;
    g.supply[BRITISH as usize] = supply;
    g.phase = Phase::Provisioning(BRITISH);
    g.provisioning(BRITISH);
}

/// A land square beside `city` across a plain side, with no city or town.
fn beside(city: Sq) -> Sq {
    let m = &tables().map;
    city.orthogonal()
        .find(|&n| m.land_route(city, n).is_some() && m.settlement(n).is_none() && !m.square(n).terrain.is_water())
        .expect("a land square beside the city")
}

/// 18.62 "Magazines in cities or towns aren't expended by being used to
/// provide supply. In other squares, magazines are expended if used for any
/// function during a turn." 18.61 "Units that can trace a line of supply to
/// a magazine are in supply."
///
/// A force that reaches both a city magazine (never expended) and a
/// magazine in open country is in supply from the city's: nothing obliges
/// its owner to burn the field magazine. The code always draws on the
/// nearest magazine its search meets (`supply.rs` `supply_line`, used by
/// `provision_from`/`draw_on`), so the field magazine is spent and removed
/// at step 14.1 although the city's alone fed the force.
#[test]
fn a_city_magazine_in_reach_spares_a_field_magazine() {
    // rule: fiw 18.62
    // rule: fiw 18.61
    // ruling: fiw #72
    let mut g = unsupplied(11);
    let halifax = sq("halifax");
    let field = beside(halifax);
    put_marker(&mut g, Marker::Magazine, halifax, BRITISH);
    put_marker(&mut g, Marker::Magazine, field, BRITISH);
    // More than the field square forages: the force needs a magazine.
    let us: Vec<UnitId> = (0..6).map(|_| put(&mut g, "br-line", field)).collect();
    assert!(g.supply_line(field, BRITISH).is_some());
    provision(&mut g, 0);
    assert!(
        us.iter().all(|&u| g.units[u as usize].at() == Place::Sq(field)),
        "the force is in supply"
    );
    assert!(
        !g.civ(field, Marker::Magazine).unwrap().used,
        "the field magazine was spent although the Halifax city magazine (never expended, 18.62) \
         supplied the force"
    );
}

/// 18.1 "Supply Points (SP) are purchased in the income/expenditure
/// phase." 22.1 "Civilization markers are created in the income/expenditure
/// phase by expending the designated number of pounds (and sometimes supply
/// points)." 3.1 (b) "Recruit (and/or disband) units, supply points and
/// civilization markers". 18.21 "A player may never have fewer than zero
/// supply points (no deficit supplying)."
///
/// Supply points bought in the phase are the player's: he may spend them
/// on the magazine he builds in that same phase, and never goes below
/// zero. The draft prices the magazine's supply points against the total
/// held before the phase only (`recruiting.rs` `left_after`, `affordable`;
/// `reveal_purchases` subtracts them before the bought points are added),
/// so a player with £200 and no supply points cannot buy two and build a
/// magazine with them.
#[test]
fn supply_points_bought_in_the_phase_pay_for_a_magazine() {
    // rule: fiw 22.1
    // rule: fiw 18.1
    // ruling: fiw #73
    let mut g = purchasing(&[("br-line", "1010")]);
    g.supply = [0, 0];
    assert!(
        !legal(&g, BRITISH).contains(&Action::Build(Marker::Magazine)),
        "no supply point yet"
    );
    act(&mut g, BRITISH, Action::BuySupply);
    act(&mut g, BRITISH, Action::BuySupply);
    let v = legal(&g, BRITISH);
    assert!(
        v.contains(&Action::Build(Marker::Magazine)),
        "two supply points bought this phase should pay the magazine's two: {v:?}"
    );
}
