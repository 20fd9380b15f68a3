//! 18.3 Provisioning: magazines (which one a line draws on, 18.62, ruling
//! fiw #72, and supply points bought in the phase paying for one, 22.1,
//! #73), forage, a supply point for the surplus, and starvation.

mod common;

use common::*;
use engine::prelude::*;
use fiw::civilization::Marker;
use fiw::frames::Frame;
use fiw::map::{Colony, Sq, Terrain};
use fiw::state::{Phase, Place, UnitId};
use fiw::tables::tables;
use fiw::{Action, Fiw};

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

fn on_map(g: &Fiw, us: &[UnitId]) -> usize {
    us.iter()
        .filter(|&&u| matches!(g.units[u as usize].at(), Place::Sq(_)))
        .count()
}

#[test]
fn a_line_of_supply_to_a_magazine_feeds_any_number() {
    // rule: fiw 18.61, 18.62, 18.31
    // ruling: fiw #7
    let mut g = unsupplied(1);
    // A magazine at Oswego (no city or town), three regiments next to it in
    // rough country (forage 1), and five in Halifax on its city magazine.
    put_marker(&mut g, Marker::Magazine, sq("oswego"), BRITISH);
    put_marker(&mut g, Marker::Magazine, sq("halifax"), BRITISH);
    let rough: Vec<UnitId> = (0..3).map(|_| put(&mut g, "br-line", "1010")).collect();
    let city: Vec<UnitId> = (0..6).map(|_| put(&mut g, "br-line", "halifax")).collect();
    provision(&mut g, 0);
    assert_eq!(on_map(&g, &rough), 3);
    assert_eq!(on_map(&g, &city), 6);
    assert_eq!(g.phase, Phase::Provisioning(FRENCH), "no decision was asked");
    // 18.62 the Oswego magazine is spent by its use; the city's is not.
    assert!(g.civ(sq("oswego"), Marker::Magazine).unwrap().used);
    assert!(!g.civ(sq("halifax"), Marker::Magazine).unwrap().used);
}

#[test]
fn units_up_to_the_forage_value_forage() {
    // rule: fiw 18.32, 18.3
    // ruling: fiw #23
    let mut g = unsupplied(2);
    // Boston, a city in settled country: forage 5 regimental equivalents.
    let mut us: Vec<UnitId> = (0..4).map(|_| put(&mut g, "br-line", "boston")).collect();
    us.extend((0..3).map(|_| put(&mut g, "br-line-det", "boston")));
    provision(&mut g, 3);
    assert_eq!(on_map(&g, &us), 7);
    assert_eq!(g.supply[BRITISH as usize], 3, "no supply point spent");
    assert_eq!(g.phase, Phase::Provisioning(FRENCH));
}

#[test]
fn one_supply_point_provisions_the_whole_surplus() {
    // rule: fiw 18.33, 18.41
    let mut g = unsupplied(3);
    let us: Vec<UnitId> = (0..7).map(|_| put(&mut g, "br-line", "boston")).collect();
    provision(&mut g, 2);
    assert_eq!(
        g.stack.last(),
        Some(&Frame::Provision {
            seat: BRITISH,
            sq: sq("boston")
        })
    );
    let options = legal(&g, BRITISH);
    assert!(options.contains(&Action::Provision(sq("boston"))));
    // 18.41 never obliged: starving is offered too.
    assert!(options.contains(&Action::Starve(us[0])));
    assert!(legal(&g, FRENCH).is_empty());
    g.apply_legal(BRITISH, &Action::Provision(sq("boston")));
    assert_eq!(g.supply[BRITISH as usize], 1);
    assert_eq!(on_map(&g, &us), 7);
}

#[test]
fn the_owner_chooses_the_units_that_starve() {
    // rule: fiw 18.4, 18.41, 10.73
    let mut g = unsupplied(4);
    let lines: Vec<UnitId> = (0..5).map(|_| put(&mut g, "br-line", "boston")).collect();
    let grenadiers = put(&mut g, "br-grenadiers", "boston");
    provision(&mut g, 0);
    let options = legal(&g, BRITISH);
    assert!(
        !options.contains(&Action::Provision(sq("boston"))),
        "no supply point to spend"
    );
    assert!(options.contains(&Action::Starve(grenadiers)));
    g.apply_legal(BRITISH, &Action::Starve(lines[0]));
    assert_eq!(g.units[lines[0] as usize].at(), Place::Pool, "eliminated to the pool");
    assert_eq!(on_map(&g, &lines), 4);
    assert_eq!(g.units[grenadiers as usize].at(), Place::Sq(sq("boston")));
    // The French learn that a unit starved, not which.
    assert!(g
        .log()
        .visible(Some(FRENCH))
        .any(|e| e.text == "A British regular unit in Boston is out of supply and eliminated."));

    // Alike, there is nothing to choose: the surplus starves at once.
    let mut g = unsupplied(4);
    let lines: Vec<UnitId> = (0..6).map(|_| put(&mut g, "br-line", "boston")).collect();
    provision(&mut g, 0);
    assert_eq!(on_map(&g, &lines), 5);
    assert_eq!(g.phase, Phase::Provisioning(FRENCH));
}

#[test]
fn one_indian_or_light_infantry_detachment_forages_free_in_wilderness_and_rough() {
    // rule: fiw 18.32
    let mut g = unsupplied(5);
    // Wilderness and rough forage one regiment each.
    let a = vec![put(&mut g, "br-line", "oswego"), put(&mut g, "mohawk-br", "oswego")];
    let b = vec![put(&mut g, "br-line", "1010"), put(&mut g, "br-light-det", "1010")];
    // A line detachment is not free.
    let c = vec![put(&mut g, "br-line", "0910"), put(&mut g, "br-line-det", "0910")];
    // Checked after it (row by row): two regiments alike in rough, one too many.
    let d = vec![put(&mut g, "br-line", "0911"), put(&mut g, "br-line", "0911")];
    provision(&mut g, 0);
    // Row by row: Oswego (1009) is checked before 0910, 1010 after.
    assert_eq!(on_map(&g, &a), 2);
    assert_eq!(
        g.stack.last(),
        Some(&Frame::Provision {
            seat: BRITISH,
            sq: sq("0910")
        })
    );
    g.apply_legal(BRITISH, &Action::Starve(c[1]));
    assert_eq!(on_map(&g, &c), 1);
    assert_eq!(on_map(&g, &b), 2);
    assert_eq!(on_map(&g, &d), 1, "the squares after the decision are checked too");
}

#[test]
fn fleets_at_sea_forage_nothing() {
    // rule: fiw 20.7, 18.32
    // ruling: fiw #20
    let mut g = unsupplied(6);
    let sea = tables().map.sea_squares().next().unwrap();
    let fleet = put(&mut g, "br-fleet", sea);
    provision(&mut g, 0);
    assert_eq!(g.units[fleet as usize].at(), Place::Pool);
}

#[test]
fn home_bases_feed_any_number() {
    // rule: fiw 21.3, 18.31
    let mut g = unsupplied(7);
    let mut us = Vec::new();
    // Twenty-five regimental equivalents (ruling fiw #23).
    for (face, n) in [
        ("br-line", 6),
        ("br-light", 4),
        ("br-brigade", 3),
        ("br-siege", 3),
        ("br-fleet", 3),
    ] {
        for _ in 0..n {
            let u = (0..g.units.len() as UnitId)
                .find(|&u| g.units[u as usize].at() == Place::Pool && g.face(u).id == face)
                .unwrap();
            g.units.place(u, Place::Base(fiw::state::Base::Britain));
            us.push(u);
        }
    }
    provision(&mut g, 0);
    assert_eq!(g.phase, Phase::Provisioning(FRENCH), "no decision, no supply point");
    assert!(us
        .iter()
        .all(|&u| g.units[u as usize].at() == Place::Base(fiw::state::Base::Britain)));
}

#[test]
fn supply_points_feed_friendly_indians_too() {
    // rule: fiw 18.5
    let mut g = unsupplied(8);
    // Five British warbands in rough country (forage 1): one eats free,
    // four thirds of a regiment against three.
    let us: Vec<UnitId> = ["ottawa-br", "abenaki-br", "ojibwa-br", "huron-br", "shawnee-br"]
        .iter()
        .map(|f| put(&mut g, f, "1010"))
        .collect();
    assert!(us.iter().all(|&u| g.is_indian(u) && g.side(u) == BRITISH));
    provision(&mut g, 1);
    assert!(legal(&g, BRITISH).contains(&Action::Provision(sq("1010"))));
    g.apply_legal(BRITISH, &Action::Provision(sq("1010")));
    assert_eq!(g.supply[BRITISH as usize], 0);
    assert_eq!(on_map(&g, &us), 5);
}

#[test]
fn besiegers_forage_as_in_a_settlement_square() {
    // rule: fiw 23.22, 18.32
    // ruling: fiw #14
    let mut g = unsupplied(3);
    let quebec = sq("quebec");
    let garrison = put(&mut g, "fr-line-det", "quebec");
    g.units[garrison as usize].inside = true;
    put(&mut g, "br-line", "quebec");
    assert!(g.besieged(quebec));
    assert_eq!(g.forage_value(quebec), 5, "Quebec is a city");
    assert_eq!(
        g.ration(quebec, FRENCH).forage,
        15,
        "the garrison: the city's 5 regiments"
    );
    let settled = tables().terrain.forage("settled", &[]);
    assert_eq!(settled, 3);
    assert_eq!(
        g.ration(quebec, BRITISH).forage,
        9,
        "the besiegers: a settlement square's 3"
    );
}

#[test]
fn a_line_of_supply_follows_trail_markers() {
    // rule: fiw 22.2, 18.61
    // ruling: fiw #12
    use fiw::map::{Route, Sq};
    let m = &tables().map;
    // Five squares in a row joined only across country.
    let row = Sq::all()
        .map(|s| {
            (0..5)
                .map(move |k| Sq {
                    col: s.col + k,
                    row: s.row,
                })
                .collect::<Vec<_>>()
        })
        .find(|r| {
            r.iter().all(|&s| {
                s.col <= 22 && !m.square(s).terrain.is_water() && m.colony(s) != Some(fiw::map::Colony::Florida)
            }) && r.windows(2).all(|w| m.land_route(w[0], w[1]) == Some(Route::Overland))
        })
        .expect("five squares joined across country");
    let mut g = unsupplied(4);
    put_marker(&mut g, Marker::Magazine, row[4], BRITISH);
    put(&mut g, "br-line", row[0]);
    assert_eq!(
        g.supply_line(row[0], BRITISH),
        None,
        "four steps across country: 8 of 6"
    );
    for &s in &row {
        put_marker(&mut g, Marker::Trail, s, BRITISH);
    }
    assert_eq!(g.supply_line(row[0], BRITISH), Some(row[4]), "four trail steps: 4 of 6");
}

#[test]
fn a_brigade_breaks_down_so_that_only_part_of_it_starves() {
    // rule: fiw 18.4, 19.0
    let mut g = unsupplied(5);
    // Rough country feeds one regiment; the brigade is three.
    let brigade = put(&mut g, "br-brigade", "1010");
    provision(&mut g, 0);
    let options = legal(&g, BRITISH);
    assert_eq!(options, vec![Action::Starve(brigade), Action::BreakDown(brigade)]);
    assert!(label(&g, BRITISH, Action::BreakDown(brigade)).contains("(18.4)"));
    g.apply_legal(BRITISH, &Action::BreakDown(brigade));
    // Three regiments, alike: two starve at once, one is fed.
    let left: Vec<UnitId> = g.side_at(sq("1010"), BRITISH).collect();
    assert_eq!(left.len(), 1);
    assert_eq!(g.face(left[0]).id, "br-line");
    assert!(!matches!(g.stack.last(), Some(Frame::Provision { .. })));
    // Regiments alone are no larger than the surplus: nothing to break down.
    let mut g = unsupplied(5);
    let lines: Vec<UnitId> = (0..3).map(|_| put(&mut g, "br-line", "1010")).collect();
    provision(&mut g, 0);
    assert_eq!(on_map(&g, &lines), 1, "no choice: two starve");
}

#[test]
fn a_besieged_garrison_traces_no_line_of_supply_through_its_besiegers() {
    // rule: fiw 18.61, 18.62, 23.22
    // ruling: fiw #54
    let m = &tables().map;
    let quebec = sq("quebec");
    let out = quebec
        .orthogonal()
        .find(|&n| m.land_route(quebec, n).is_some())
        .expect("Quebec has a land neighbour");
    let mut g = cleared(BRITISH);
    // Ruling fiw #83: the British hold Quebec, so their regiment is its
    // garrison.
    let fortress = g.civs.iter_mut().find(|c| c.sq == quebec && c.kind == Marker::Fortress);
    fortress.expect("Quebec's fortress").side = BRITISH;
    put(&mut g, "br-line", quebec);
    let mag = g.civs.len();
    put_marker(&mut g, Marker::Magazine, out, BRITISH);
    assert_eq!(g.supply_line(quebec, BRITISH), Some(out), "no siege: one step");
    put(&mut g, "fr-bearn", quebec);
    g.invest(FRENCH, quebec);
    assert_eq!(
        g.garrison_line(quebec, BRITISH),
        None,
        "the besiegers cut it (the FAQ: 18.33)"
    );
    // Its besiegers trace theirs as before; a magazine inside still serves
    // the garrison (18.62), and no relief force (23.25).
    g.civs[mag].side = FRENCH;
    assert_eq!(g.supply_line(quebec, FRENCH), Some(out));
    put_marker(&mut g, Marker::Magazine, quebec, BRITISH);
    assert_eq!(g.garrison_line(quebec, BRITISH), Some(quebec));
    assert_eq!(
        g.supply_line(quebec, BRITISH),
        None,
        "a relief force may not enter the fortress"
    );
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

#[test]
fn besiegers_in_the_wilderness_get_no_free_forage() {
    // rule: fiw 23.22 "The besieging units ... defend and forage as if
    // they were in a settlement square."
    // rule: fiw 18.32 "one Indian unit or one light infantry detachment may
    // gain forage for free in wilderness and rough squares."
    // ruling: fiw #14 (besiegers forage as in settled terrain, "whatever the
    // square").
    // Rules fiw-19: the besiegers had the settled row's forage value and
    // still the wilderness square's free Indian, so besiegers of a fortress
    // in the forest fed a third of a regiment more than in settled country.
    let mut g = unsupplied(11);
    let sq = open_square(Terrain::Wilderness, |c| c != Colony::Florida);
    put_marker(&mut g, Marker::Fortress, sq, FRENCH);
    let garrison = put(&mut g, "fr-line-det", sq);
    g.units[garrison as usize].inside = true;
    for _ in 0..3 {
        put(&mut g, "br-line", sq);
    }
    put(&mut g, "mohawk-br", sq);
    assert!(g.besieged(sq));
    let r = g.ration(sq, BRITISH);
    assert_eq!(r.forage, 9, "a settlement square's 3 regiments");
    assert_eq!(r.need, 10, "three regiments and a warband, nothing free");
}

#[test]
fn a_fleet_at_sea_traces_a_line_of_supply_to_a_magazine_ashore() {
    // rule: fiw 18.61 "Units that can trace a "line of supply" to a magazine
    // are in supply ... Supply radius is defined as a path of squares traced
    // from the force being supplied back to a friendly magazine. The path is
    // traced across square sides".
    // rule: fiw 20.7 "Naval units ... are provisioned in the same manner as
    // land units."
    // ruling: fiw #80, after #19 (the path may not *enter* all-sea
    // squares) and #20 ("fleets at sea need a magazine trace or 1 SP").
    // The line steps out of the water onto land: a fleet one side away
    // from the city magazine of Halifax, with no supply point, had starved.
    let mut g = unsupplied(12);
    let halifax = sq("halifax");
    put_marker(&mut g, Marker::Magazine, halifax, BRITISH);
    let sea = halifax
        .orthogonal()
        .find(|&s| tables().map.square(s).terrain == Terrain::Sea)
        .expect("a sea square beside Halifax");
    let fleet = put(&mut g, "br-fleet", sea);
    assert!(g.supply_line(sea, BRITISH).is_some(), "one side from the magazine");
    provision(&mut g, 0);
    assert_eq!(g.units[fleet as usize].at(), Place::Sq(sea), "fed by its line");
}

#[test]
fn the_owner_chooses_between_a_starving_garrison_and_its_relief_force() {
    // rule: fiw 18.4 "If there is a choice, the owning player selects which
    // units will be eliminated."
    // rule: fiw 23.22, 23.25 (only the units that first occupied the
    // fortress are inside it; a relief force beside them is a force apart,
    // and the siege ends when the last of the garrison goes, 23.26, ruling
    // fiw #17).
    // ruling: fiw #54 (garrison and relief force, unfed by any line, forage
    // together at the square's value).
    // Two French regiments of one design, one inside the besieged fortress
    // and one of the relief force beside it, where the forest feeds one:
    // which starves decides whether the siege goes on. Rules fiw-19: the
    // choice compared only counter designs, found "no choice" and starved
    // the first in counter order (here the garrison's regiment, ending the
    // siege), never asking the owner.
    let mut g = unsupplied(13);
    let sq = open_square(Terrain::Wilderness, |c| c != Colony::Florida);
    put_marker(&mut g, Marker::Fortress, sq, FRENCH);
    let garrison = put(&mut g, "fr-ber", sq);
    g.units[garrison as usize].inside = true;
    put(&mut g, "br-line", sq);
    let relief = put(&mut g, "fr-ber", sq);
    assert!(g.besieged(sq));
    assert_eq!(g.ration(sq, FRENCH).surplus(), 3, "one regiment too many");
    g.first = FRENCH;
    g.supply[FRENCH as usize] = 0;
    g.phase = Phase::Provisioning(FRENCH);
    g.provisioning(FRENCH);
    assert_eq!(on_map(&g, &[garrison, relief]), 2, "nothing starved unasked");
    assert_eq!(g.stack.last(), Some(&Frame::Provision { seat: FRENCH, sq }));
    let options = legal(&g, FRENCH);
    assert!(options.contains(&Action::Starve(garrison)));
    assert!(options.contains(&Action::Starve(relief)));
}
