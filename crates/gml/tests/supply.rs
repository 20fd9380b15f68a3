//! 10.0-10.3 supply: tracing a line to a source, the units supplied
//! automatically, and the Supply Table for the others.

mod common;

use common::{cleared, log_since, put, put_home, put_leader, put_where, space, DataDir};
use engine::prelude::*;
use gml::forces::{Kind, Nationality, AMERICAN, BRITISH};
use gml::frames::Frame;
use gml::map::SpaceId;
use gml::state::{Phase, Place, UnitId};
use gml::supply::SupplyTable;
use gml::tables::tables;
use gml::{Action, Gml};

/// The scenario cleared at the end of the American Reinforcement Phase:
/// advancing it enters the Supply Phase.
fn before_supply(scenario: &str) -> Gml {
    cleared(scenario, Phase::Reinforcement(AMERICAN))
}

/// Every VP city in play remembered as British for supply: no American
/// unit can trace supply anywhere.
fn british_cities(g: &mut Gml) {
    let m = &tables().map;
    for s in 0..m.spaces.len() as SpaceId {
        if g.in_play(s) && m.get(s).vp > 0 {
            g.held[s as usize].supply = Some(BRITISH);
            g.held[s as usize].vp = Some(BRITISH);
        }
    }
}

/// Steps along communication lines through spaces in play (no enemy in
/// the way), from `from` to every space.
fn distances(g: &Gml, from: SpaceId) -> Vec<u16> {
    let m = &tables().map;
    let mut dist = vec![u16::MAX; m.spaces.len()];
    dist[from as usize] = 0;
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(s) = queue.pop_front() {
        for &(n, kind) in m.neighbours(s) {
            if kind.is_line() && g.in_play(n) && dist[n as usize] == u16::MAX {
                dist[n as usize] = dist[s as usize] + 1;
                queue.push_back(n);
            }
        }
    }
    dist
}

fn offered(g: &Gml, seat: engine::Seat) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal(seat, &mut v);
    v
}

#[test]
fn the_supply_table_as_the_text_fills_it() {
    // rule: gml 10.1
    // rule: gml 10.2
    // Ruling gml #30: militia 5 or less, Indians 8, experienced Tories 7.
    let t = SupplyTable::embedded();
    let need = |kind: Kind, nat: Nationality, exp: bool| {
        let c = tables()
            .forces
            .counters
            .iter()
            .find(|c| c.kind == kind && c.nationality == Some(nat) && c.experienced == exp)
            .expect("a counter");
        t.success(c)
    };
    for (kind, nat, exp, want) in [
        (Kind::Militia, Nationality::American, false, Some(5)),
        (Kind::Militia, Nationality::American, true, Some(7)),
        (Kind::Continental, Nationality::American, false, Some(7)),
        (Kind::Continental, Nationality::American, true, Some(8)),
        (Kind::Indian, Nationality::Indian, false, Some(8)),
        (Kind::British, Nationality::British, false, Some(6)),
        (Kind::British, Nationality::British, true, Some(7)),
        (Kind::Hessian, Nationality::Hessian, false, Some(5)),
        (Kind::Hessian, Nationality::Hessian, true, Some(6)),
        (Kind::Artillery, Nationality::Hessian, false, Some(7)),
        (Kind::Tory, Nationality::Tory, false, Some(5)),
        (Kind::Tory, Nationality::Tory, true, Some(7)),
        (Kind::Naval, Nationality::British, false, None),
    ] {
        let why = if kind == Kind::Naval { " (10.0)" } else { "" };
        assert_eq!(need(kind, nat, exp), want, "{kind:?} {nat:?} experienced {exp}{why}");
    }
}

#[test]
fn a_bad_supply_table_is_named() {
    let dir = DataDir::new("supply");
    let e = SupplyTable::read(Some(dir.write("supply.tsv", "unit\tsuccess\nmilitia\t5\n")))
        .unwrap_err()
        .to_string();
    assert!(e.contains("a row for continental"), "{e}");
    let e = SupplyTable::read(Some(dir.write("supply.tsv", "unit\tsuccess\nmilitia\t11\n")))
        .unwrap_err()
        .to_string();
    assert!(e.contains("1 to 10"), "{e}");
}

#[test]
fn the_seeking_supply_example() {
    // rule: gml 10.1
    // rule: gml 10.0
    // ruling: gml #26
    // Five units that cannot trace supply: 2 militia, an artillery unit,
    // an experienced militia unit and a Continental. The player supplies
    // the artillery and the two militia automatically; the experienced
    // militia rolls 6 and stays, the Continental rolls 9 and is eliminated.
    let mut g = before_supply("greene");
    british_cities(&mut g);
    let m1 = put_home(&mut g, AMERICAN, Kind::Militia, "nc", 1, "salisbury")[0];
    let m2 = put_home(&mut g, AMERICAN, Kind::Militia, "nc", 1, "salisbury")[0];
    let art = put(&mut g, AMERICAN, Kind::Artillery, 1, "salisbury")[0];
    let ex = put_where(&mut g, AMERICAN, 1, "salisbury", |c| {
        c.kind == Kind::Militia && c.experienced
    })[0];
    let cont = put(&mut g, AMERICAN, Kind::Continental, 1, "salisbury")[0];
    assert!(!g.traces_supply(space("salisbury"), AMERICAN));
    g.core.dice.script([6, 9]);
    let from = g.core.log.len();
    g.advance();
    assert_eq!(g.phase, Phase::Supply);
    assert!(matches!(g.stack.last(), Some(Frame::Supply(c)) if c.free == 3 && c.units.len() == 5));
    let mut v = offered(&g, AMERICAN);
    v.sort_by_key(|a| format!("{a:?}"));
    let mut all: Vec<Action> = [m1, m2, art, ex, cont].map(Action::Supply).to_vec();
    all.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(v, all);
    for u in [art, m1, m2] {
        g.apply_legal(AMERICAN, &Action::Supply(u));
    }
    assert_eq!(g.core.dice.scripted_left(), 0);
    for u in [m1, m2, art, ex] {
        assert_eq!(
            g.units[u as usize].at(),
            Place::Space(space("salisbury")),
            "{}",
            g.unit_id(u)
        );
    }
    assert_eq!(
        g.units[cont as usize].at(),
        Place::Gone,
        "10.1's example: \"eliminated from the game\" (ruling gml #26)"
    );
    let log = log_since(&g, from);
    for want in [
        "American: 5 units in Salisbury cannot trace supply: 3 are supplied automatically",
        "seeks supply: 6, needs 7 or less: supplied",
        "seeks supply: 9, needs 7 or less: eliminated",
    ] {
        assert!(log.iter().any(|t| t.contains(want)), "{want}: {log:?}");
    }
}

#[test]
fn british_units_trace_to_a_port_they_control_within_four() {
    // rule: gml 10.2
    let mut g = before_supply("greene");
    let port = space("charleston");
    g.held[port as usize].supply = Some(BRITISH);
    let d = distances(&g, port);
    let at = |n: u16| {
        (0..d.len() as SpaceId)
            .find(|&s| d[s as usize] == n)
            .expect("a space that far")
    };
    let (four, five) = (at(4), at(5));
    assert!(g.traces_supply(port, BRITISH), "in the port itself");
    assert!(g.traces_supply(four, BRITISH));
    assert!(!g.traces_supply(five, BRITISH));
    // An uncontrolled port is no source.
    g.held[port as usize].supply = None;
    assert!(!g.traces_supply(four, BRITISH));
    // 10.2 Tory militia control a port for supply (9.2), not for victory.
    let t = put_home(&mut g, BRITISH, Kind::Tory, "sc", 1, "charleston")[0];
    g.mark_control(port);
    assert_eq!(g.controller(port), None);
    g.units.place(t, Place::Pool);
    assert!(g.traces_supply(four, BRITISH));

    // Four alike British units at five spaces: three are supplied
    // automatically with no choice to make, the fourth rolls 7 (needs 6).
    let name = |s: SpaceId| g.space_id(s).to_string();
    let (four_id, five_id) = (name(four), name(five));
    let near = put(&mut g, BRITISH, Kind::British, 4, &four_id);
    let far = put(&mut g, BRITISH, Kind::British, 4, &five_id);
    g.core.dice.script([7]);
    g.advance();
    assert_eq!(g.core.dice.scripted_left(), 0);
    assert_eq!(g.phase, Phase::Command(BRITISH), "no decision: the next turn began");
    assert!(near.iter().all(|&u| g.units[u as usize].at() == Place::Space(four)));
    let left = far
        .iter()
        .filter(|&&u| g.units[u as usize].at() == Place::Space(five))
        .count();
    assert_eq!(left, 3);
}

/// Greene cleared with every VP city British but Hillsborough, which is
/// nobody's: a space two steps from it, and no VP city itself, whose
/// American units trace supply to Hillsborough only.
fn two_from_hillsborough() -> (Gml, SpaceId, SpaceId) {
    let mut g = before_supply("greene");
    british_cities(&mut g);
    let city = space("hillsborough");
    g.held[city as usize] = Default::default();
    let d = distances(&g, city);
    let x = (0..d.len() as SpaceId)
        .find(|&s| d[s as usize] == 2 && tables().map.get(s).vp == 0)
        .expect("a space two from Hillsborough");
    (g, city, x)
}

#[test]
fn enemy_land_units_block_the_path() {
    // rule: gml 10.1
    // ruling: gml #29
    let (mut g, city, x) = two_from_hillsborough();
    assert!(g.traces_supply(x, AMERICAN));
    // British units in every space next to it cut every line.
    let next: Vec<String> = tables()
        .map
        .neighbours(x)
        .iter()
        .filter(|(n, _)| g.in_play(*n))
        .map(|(n, _)| g.space_id(*n).to_string())
        .collect();
    let blocks: Vec<UnitId> = next
        .iter()
        .map(|s| put(&mut g, BRITISH, Kind::British, 1, s)[0])
        .collect();
    assert!(!g.traces_supply(x, AMERICAN));
    for u in blocks {
        g.units.place(u, Place::Pool);
    }
    // Enemy units in the units' own space do not block: it is not part of
    // the path.
    let here = g.space_id(x).to_string();
    put(&mut g, BRITISH, Kind::British, 1, &here);
    assert!(g.traces_supply(x, AMERICAN));
    // The source is part of the path: an Indian unit there blocks it, though
    // Indians never put a city under enemy control.
    let i = put_home(&mut g, BRITISH, Kind::Indian, "cherokee", 1, "hillsborough")[0];
    assert!(!g.traces_supply(x, AMERICAN));
    g.mark_control(city);
    g.units.place(i, Place::Pool);
    assert!(
        g.traces_supply(x, AMERICAN),
        "Indians leave the city uncontrolled (10.1)"
    );
    // A Tory unit that held it alone leaves it under enemy control.
    let t = put_home(&mut g, BRITISH, Kind::Tory, "nc", 1, "hillsborough")[0];
    g.mark_control(city);
    g.units.place(t, Place::Pool);
    assert!(!g.traces_supply(x, AMERICAN));
}

#[test]
fn entrenched_americans_with_the_enemy_have_two_supplied_automatically() {
    // rule: gml 10.1
    for dug_in in [true, false] {
        let mut g = before_supply("greene");
        british_cities(&mut g);
        let ours = put_home(&mut g, AMERICAN, Kind::Militia, "nc", 3, "salisbury");
        for &u in &ours {
            g.units[u as usize].entrenched = dug_in;
        }
        // Two British units there, out of supply too but within their three.
        let theirs = put(&mut g, BRITISH, Kind::British, 2, "salisbury");
        g.core.dice.script([6]);
        g.advance();
        assert_eq!(g.phase, Phase::Command(BRITISH));
        assert!(theirs
            .iter()
            .all(|&u| g.units[u as usize].at() == Place::Space(space("salisbury"))));
        let left = ours
            .iter()
            .filter(|&&u| g.units[u as usize].at() == Place::Space(space("salisbury")))
            .count();
        if dug_in {
            assert_eq!(g.core.dice.scripted_left(), 0);
            assert_eq!(left, 2, "the third militia rolled 6 (needs 5)");
        } else {
            assert_eq!(g.core.dice.scripted_left(), 1, "no roll");
            assert_eq!(left, 3);
        }
    }
}

#[test]
fn indians_that_fail_leave_the_game() {
    // rule: gml 10.2
    // ruling: gml #26
    let mut g = before_supply("greene");
    let regulars = put(&mut g, BRITISH, Kind::British, 3, "salisbury");
    let indian = put_home(&mut g, BRITISH, Kind::Indian, "cherokee", 1, "salisbury")[0];
    g.core.dice.script([9]);
    g.advance();
    assert_eq!(g.phase, Phase::Supply);
    assert_eq!(g.to_act().iter().collect::<Vec<_>>(), vec![BRITISH]);
    assert_eq!(offered(&g, BRITISH).len(), 4, "the units differ: a real choice");
    for &u in &regulars {
        g.apply_legal(BRITISH, &Action::Supply(u));
    }
    assert_eq!(g.core.dice.scripted_left(), 0);
    assert_eq!(g.units[indian as usize].at(), Place::Gone);
    assert!(regulars
        .iter()
        .all(|&u| g.units[u as usize].at() == Place::Space(space("salisbury"))));
}

#[test]
fn a_blockaded_port_is_no_source() {
    // rule: gml 10.3
    // The hook the naval rules fill: enemy naval units in the port
    // (ruling gml #22) blockade it.
    let mut g = before_supply("greene");
    let port = space("wilmington");
    g.held[port as usize].supply = Some(BRITISH);
    assert!(g.supply_source(port, BRITISH));
    assert!(!g.blockaded(port, BRITISH));
    let ship = put(&mut g, AMERICAN, Kind::Naval, 1, "wilmington")[0];
    assert!(g.blockaded(port, BRITISH));
    assert!(!g.supply_source(port, BRITISH));
    assert!(!g.traces_supply(port, BRITISH));
    g.units.place(ship, Place::Pool);
    assert!(g.traces_supply(port, BRITISH));
}

#[test]
fn a_british_fleet_blockading_charleston_cuts_it_off_as_an_american_source() {
    // rule: gml 10.3
    // rule: gml 7.5
    // Ruling gml #22: the blockade holds against the Americans too, whose
    // sources are VP cities, several of them ports.
    let mut g = common::deployed("southern-1780");
    let charleston = space("charleston");
    assert!(
        g.supply_source(charleston, AMERICAN),
        "Lincoln's Charleston supplies him"
    );
    g.activations = 1;
    common::enter_after(&mut g, Phase::Command(BRITISH));
    assert!(matches!(g.stack.last(), Some(Frame::Naval { seat: BRITISH, .. })));
    let fleet = g
        .units_at(space("savannah"))
        .find(|&u| g.counters(u).kind == Kind::Naval)
        .expect("a British fleet at Savannah (12.33)");
    common::act_unit(&mut g, BRITISH, "sail", fleet);
    common::act(&mut g, BRITISH, "sea-zone-7");
    common::act(&mut g, BRITISH, "land-charleston");
    assert!(g.blockading(fleet), "the fleet blockades Charleston (7.5)");
    assert!(g.blockaded(charleston, AMERICAN));
    assert!(
        !g.supply_source(charleston, AMERICAN),
        "a blockaded port is no source of supply (10.3)"
    );
}

#[test]
fn the_map_notes_supply_distances() {
    // rule: gml 10.2
    // data/README-map.md: Camden is 3 from Charleston, Ninety-Six 4 from
    // Savannah; Ticonderoga 5 from Sorel, so Burgoyne's army must seek
    // supply between Canada and New York.
    let mut g = before_supply("greene");
    for port in ["charleston", "savannah"] {
        g.held[space(port) as usize].supply = Some(BRITISH);
    }
    assert!(g.traces_supply(space("camden"), BRITISH));
    assert!(g.traces_supply(space("ninety-six"), BRITISH));
    let mut g = before_supply("saratoga");
    g.held[space("sorel") as usize].supply = Some(BRITISH);
    assert!(g.traces_supply(space("st-johns"), BRITISH));
    assert!(!g.traces_supply(space("ticonderoga"), BRITISH));
}

// rule: gml 10.2, 10.1
// ruling: gml #60
// Rules gml-16: four British units of one counter row, the last of them
// entrenched, cannot trace supply: "the British player selects which 3
// units are automatically supplied and which roll dice". The units are not
// alike: one that fails its roll leaves the map, and the entrenched one
// keeps its +1 (8.21) only if it stays. The player is asked (before, the
// first three in counter order were taken and the entrenched one rolled).
#[test]
fn units_of_one_counter_row_that_differ_in_works_or_command_are_chosen_by_the_owner() {
    let mut g = before_supply("greene");
    let units = put(&mut g, BRITISH, Kind::British, 4, "salisbury");
    g.units[units[3] as usize].entrenched = true;
    g.core.dice.script([9]);
    g.advance();
    assert_eq!(g.phase, Phase::Supply, "the owner chooses");
    let v = offered(&g, BRITISH);
    assert_eq!(v.len(), 4, "{v:?}");
    for &u in &units[1..] {
        g.apply_legal(BRITISH, &Action::Supply(u));
    }
    assert_eq!(g.core.dice.scripted_left(), 0);
    assert_eq!(g.units[units[0] as usize].at(), Place::Gone, "9: it needs 6");
    assert!(g.units[units[3] as usize].entrenched);
    assert_eq!(g.units[units[3] as usize].at(), Place::Space(space("salisbury")));

    // Inside a fort or outside it, in a leader's force or in none: the
    // same (Thicketty Fort).
    for differ in [
        (|g: &mut Gml, u: UnitId| g.units[u as usize].inside = true) as fn(&mut Gml, UnitId),
        |g: &mut Gml, u: UnitId| {
            let l = common::put_leader(g, "cornwallis", "thicketty-fort");
            g.units[u as usize].leader = Some(l);
        },
    ] {
        let mut g = before_supply("greene");
        let units = put(&mut g, BRITISH, Kind::British, 4, "thicketty-fort");
        differ(&mut g, units[3]);
        g.advance();
        assert_eq!(g.phase, Phase::Supply, "the owner chooses");
        assert_eq!(offered(&g, BRITISH).len(), 4);
    }
    // Alike in every way: no choice, the first three are taken.
    let mut g = before_supply("greene");
    put(&mut g, BRITISH, Kind::British, 4, "thicketty-fort");
    g.core.dice.script([1]);
    g.advance();
    assert_eq!(g.phase, Phase::Command(BRITISH));
}

// rule: gml 10.2, 10.1
/// A supply line runs along communication lines, never across the sea:
/// British units in Savannah, on the maritime zone of a Charleston they
/// control, are more than four spaces from it by land and must seek
/// supply. Enemy-controlled spaces without enemy land units do not cut a
/// line: Camden, remembered as American, still passes it on.
#[test]
fn supply_runs_along_lines_not_across_the_sea_nor_stopped_by_enemy_control() {
    let mut g = before_supply("greene");
    let port = space("charleston");
    g.held[port as usize].supply = Some(BRITISH);
    let d = distances(&g, port);
    assert!(d[space("savannah") as usize] > 4, "{}", d[space("savannah") as usize]);
    let m = &tables().map;
    assert_eq!(m.get(space("savannah")).port, m.get(port).port, "one zone");
    assert!(!g.traces_supply(space("savannah"), BRITISH));
    // Camden, 3 from Charleston, under American control and empty: a
    // space beyond it still traces through it.
    let camden = space("camden");
    g.held[camden as usize].supply = Some(AMERICAN);
    g.held[camden as usize].vp = Some(AMERICAN);
    let beyond = tables()
        .map
        .neighbours(camden)
        .iter()
        .map(|&(n, _)| n)
        .find(|&n| d[n as usize] == 4 && g.in_play(n))
        .expect("a space four from Charleston next to Camden");
    let block: Vec<SpaceId> = tables()
        .map
        .neighbours(beyond)
        .iter()
        .map(|&(n, _)| n)
        .filter(|&n| n != camden && g.in_play(n))
        .collect();
    let name = |s: SpaceId| g.space_id(s).to_string();
    let names: Vec<String> = block.iter().map(|&s| name(s)).collect();
    for s in &names {
        put(&mut g, AMERICAN, Kind::Continental, 1, s);
    }
    assert!(g.traces_supply(beyond, BRITISH), "through Camden");
    put(&mut g, AMERICAN, Kind::Continental, 1, "camden");
    assert!(!g.traces_supply(beyond, BRITISH), "enemy land units in Camden");
}

/// 10.1 "none of the spaces through which the supply line is traced may
/// contain enemy land units": a leader is no land unit (10.0 leaders do
/// not even check supply), so enemy leaders alone on every way out of the
/// space do not cut its line, nor one alone in the source city.
#[test]
fn enemy_leaders_alone_do_not_cut_a_supply_line() {
    // rule: gml 10.1
    let (mut g, _, x) = two_from_hillsborough();
    let ways: Vec<SpaceId> = tables()
        .map
        .neighbours(x)
        .iter()
        .filter(|(n, _)| g.in_play(*n))
        .map(|&(n, _)| n)
        .collect();
    let british = ["cornwallis", "tarleton", "clinton", "howe", "grant", "knyphausen"];
    assert!(ways.len() < british.len(), "enough leaders for every way out");
    for (&s, id) in ways.iter().zip(british) {
        let at = g.space_id(s).to_string();
        put_leader(&mut g, id, &at);
    }
    put_leader(&mut g, "burgoyne", "hillsborough");
    assert!(g.traces_supply(x, AMERICAN));
}
