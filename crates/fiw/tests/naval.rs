//! 20.0 Naval Operations and 21.0 Base Areas on On to Quebec's map: naval
//! forces, transport, landing, the home bases and blocking.

mod common;

use common::{act, idle_until, legal, sq};
use engine::prelude::*;
use engine::Setup;
use fiw::actions::{Action, Piece};
use fiw::civilization::Marker;
use fiw::forces::{BRITISH, FRENCH};
use fiw::frames::Frame;
use fiw::map::Colony;
use fiw::state::{Base, Civ, Place, Status, UnitId};
use fiw::Fiw;

fn at(id: &str) -> Place {
    Place::Sq(sq(id))
}

/// The set-up played with the first legal action, the British made first
/// player: the British 1st operations phase's movement sub-phase.
fn british_first(seed: u64) -> Fiw {
    let mut g = Fiw::new(&Setup::new("on-to-quebec", seed));
    loop {
        match g.stack.last() {
            Some(&Frame::Movement { seat }) if seat == BRITISH => return g,
            Some(&Frame::ChooseFirst { seat }) => g.apply_legal(seat, &Action::First(BRITISH)),
            _ => {
                let seat = g.to_act().iter().next().expect("someone acts");
                let first = legal(&g, seat)[0];
                g.apply_legal(seat, &first);
            }
        }
    }
}

fn clear(g: &mut Fiw, side: u8, squares: &[&str]) {
    for s in squares {
        for u in 0..g.units.len() {
            if g.units[u].at == at(s) && g.side(u as UnitId) == side {
                g.units[u].at = Place::Pool;
            }
        }
        for l in &mut g.leaders {
            if l.at == at(s) && l.side == side {
                l.at = Place::Pool;
            }
        }
    }
}

/// A counter of the mix taken from the pool and put somewhere.
fn put(g: &mut Fiw, face: &str, place: Place) -> UnitId {
    let u = (0..g.units.len() as UnitId)
        .find(|&u| g.units[u as usize].at == Place::Pool && g.face(u).id == face)
        .unwrap_or_else(|| panic!("no {face} in the pool"));
    g.units[u as usize].at = place;
    u
}

fn units(g: &Fiw, face: &str, place: Place) -> Vec<UnitId> {
    g.units_in(place).filter(|&u| g.face(u).id == face).collect()
}

fn naval(g: &Fiw) -> &fiw::naval::NavalForce {
    match g.stack.last() {
        Some(Frame::Naval(f)) => f,
        other => panic!("no naval force on top: {other:?}"),
    }
}

fn label(g: &Fiw, seat: u8, a: Action) -> String {
    g.describe(seat, &a).label
}

fn sails(g: &Fiw, seat: u8) -> Vec<Place> {
    legal(g, seat)
        .into_iter()
        .filter_map(|a| match a {
            Action::Sail(to) => Some(to),
            _ => None,
        })
        .collect()
}

/// The British end their movement sub-phase: the French 1st phase's.
fn to_french(g: &mut Fiw) {
    act(g, BRITISH, Action::EndMovement);
    idle_until(g, |g| matches!(g.stack.last(), Some(Frame::Movement { .. })));
    assert!(matches!(g.stack.last(), Some(&Frame::Movement { seat }) if seat == FRENCH));
}

const ST_LAWRENCE: [&str; 6] = ["1705", "1704", "1604", "1504", "1404", "1304"];

#[test]
fn the_louisbourg_fleets_carry_eight_regiments_up_the_st_lawrence() {
    // rule: fiw 20.21, 20.31, 20.32, 20.33, 20.34, 20.4, 20.41, 20.8, 22.4, 5.24
    let mut g = british_first(1);
    clear(&mut g, FRENCH, &ST_LAWRENCE);
    let louisbourg = at("1805");
    // A French magazine left unguarded where the force lands (22.4).
    g.civs.push(Civ {
        kind: Marker::Magazine,
        sq: sq("1304"),
        side: FRENCH,
        printed: false,
        used: false,
    });
    // A passive colony the landing invades (5.24).
    g.set_status(Colony::NewFrance, Status::Passive);
    act(&mut g, BRITISH, Action::FormNaval(louisbourg));
    let fleets = units(&g, "br-fleet", louisbourg);
    assert_eq!(fleets.len(), 2, "35.3: two fleets at Louisbourg");
    for &f in &fleets {
        act(&mut g, BRITISH, Action::Add(Piece::Unit(f)));
    }
    let line = units(&g, "br-line", louisbourg);
    assert_eq!(line.len(), 8);
    for &r in &line {
        act(&mut g, BRITISH, Action::Embark(Piece::Unit(r)));
    }
    // 20.32: two fleets are full with eight regiments, even for a
    // detachment; leaders are unlimited.
    assert!(!legal(&g, BRITISH)
        .iter()
        .any(|a| matches!(a, Action::Embark(Piece::Unit(_)))));
    let wolfe = g
        .leaders_in(louisbourg)
        .find(|&l| g.leader(l).id == "wolfe")
        .expect("Wolfe at Louisbourg");
    act(&mut g, BRITISH, Action::Embark(Piece::Leader(wolfe)));
    // 20.33: embarking in a port costs nothing; 20.34, 20.8: the fleets'
    // ten movement points, no leader bonus.
    act(&mut g, BRITISH, Action::SetSail);
    assert_eq!(naval(&g).left, 20);
    let french_log: Vec<String> = g.log().visible(Some(FRENCH)).map(|e| e.text.clone()).collect();
    let seen = french_log.last().expect("a log line");
    assert_eq!(seen, "A British naval force of 11 pieces sets out from Louisbourg.");
    for s in ST_LAWRENCE {
        act(&mut g, BRITISH, Action::Sail(at(s)));
        if s == "1704" {
            // 13.71, 20.31: embarked land units stand at sea with their fleets.
            assert!(g.check().is_ok(), "{:?}", g.check());
            let view = g.view(Some(BRITISH));
            let states = view["board"]["pieces"]
                .as_array()
                .unwrap()
                .iter()
                .find(|p| p["id"] == format!("u{}", line[0]))
                .map(|p| p["states"].to_string())
                .unwrap();
            assert!(states.contains("embarked"), "{states}");
        }
    }
    // 20.21: one movement point a square: four left, the cost of landing
    // on a coast that is no friendly port (20.41).
    assert_eq!(naval(&g).left, 8);
    assert!(label(&g, BRITISH, Action::Halt).contains("(4 MP, 20.41)"));
    act(&mut g, BRITISH, Action::Halt);
    assert!(matches!(g.stack.last(), Some(Frame::Movement { .. })));
    for &r in &line {
        assert_eq!(g.units[r as usize].at, at("1304"));
        assert!(g.units[r as usize].moved);
    }
    assert_eq!(g.leaders[wolfe as usize].at, at("1304"));
    assert!(fleets.iter().all(|&f| g.units[f as usize].at == at("1304")));
    assert!(g.check().is_ok());
    assert_eq!(g.civ(sq("1304"), Marker::Magazine).map(|c| c.side), Some(BRITISH));
    assert_eq!(g.status(Colony::NewFrance), Status::Active);
    // 12.0: they operated this phase; 20.53 no second voyage.
    assert!(!legal(&g, BRITISH).contains(&Action::FormNaval(at("1304"))));
}

#[test]
fn a_fleet_carries_four_regiments() {
    // rule: fiw 20.32, 20.51
    let mut g = british_first(2);
    let louisbourg = at("1805");
    act(&mut g, BRITISH, Action::FormNaval(louisbourg));
    let fleets = units(&g, "br-fleet", louisbourg);
    let line = units(&g, "br-line", louisbourg);
    // No land unit boards before a naval unit is chosen.
    assert!(!legal(&g, BRITISH).iter().any(|a| matches!(a, Action::Embark(_))));
    act(&mut g, BRITISH, Action::Add(Piece::Unit(fleets[0])));
    // 20.51: a naval unit never boards another.
    assert!(!legal(&g, BRITISH).contains(&Action::Embark(Piece::Unit(fleets[1]))));
    for &r in &line[..4] {
        act(&mut g, BRITISH, Action::Embark(Piece::Unit(r)));
    }
    assert!(!legal(&g, BRITISH).contains(&Action::Embark(Piece::Unit(line[4]))));
    act(&mut g, BRITISH, Action::Add(Piece::Unit(fleets[1])));
    act(&mut g, BRITISH, Action::Embark(Piece::Unit(line[4])));
    // Neither fleet may now be left out: one cannot carry five.
    let v = legal(&g, BRITISH);
    assert!(!v.contains(&Action::Remove(Piece::Unit(fleets[0]))));
    assert!(!v.contains(&Action::Remove(Piece::Unit(fleets[1]))));
    act(&mut g, BRITISH, Action::Remove(Piece::Unit(line[4])));
    act(&mut g, BRITISH, Action::Remove(Piece::Unit(fleets[1])));
    assert_eq!(naval(&g).cargo.len(), 4);
}

#[test]
fn flotillas_sail_lakes_rivers_and_coasts_but_not_the_sea() {
    // rule: fiw 20.1, 20.2, 13.71
    let mut g = british_first(3);
    clear(&mut g, FRENCH, &["1705", "0909", "1008", "1109", "1009"]);
    let louisbourg = at("1805");
    let flotilla = put(&mut g, "br-riverine", louisbourg);
    act(&mut g, BRITISH, Action::FormNaval(louisbourg));
    act(&mut g, BRITISH, Action::Add(Piece::Unit(flotilla)));
    act(&mut g, BRITISH, Action::SetSail);
    assert_eq!(naval(&g).left, 12, "a flotilla's six movement points");
    assert_eq!(sails(&g, BRITISH), vec![at("1705")], "only the coast, not the sea");
    act(&mut g, BRITISH, Action::Halt);
    // The fleets of the same port put to sea.
    act(&mut g, BRITISH, Action::FormNaval(louisbourg));
    let fleet = units(&g, "br-fleet", louisbourg)[0];
    act(&mut g, BRITISH, Action::Add(Piece::Unit(fleet)));
    act(&mut g, BRITISH, Action::SetSail);
    let to = sails(&g, BRITISH);
    for s in ["1705", "1804", "1905", "1806"] {
        assert!(to.contains(&at(s)), "{s} in {to:?}");
    }
    act(&mut g, BRITISH, Action::Halt);
    // On Lake Ontario: along the lake coast and up the Mohawk.
    let oswego = at("1009");
    let lake = put(&mut g, "br-riverine", oswego);
    act(&mut g, BRITISH, Action::FormNaval(oswego));
    act(&mut g, BRITISH, Action::Add(Piece::Unit(lake)));
    act(&mut g, BRITISH, Action::SetSail);
    let to = sails(&g, BRITISH);
    for s in ["0909", "1008", "1109"] {
        assert!(to.contains(&at(s)), "{s} in {to:?}");
    }
    assert!(!to.contains(&at("1010")), "no water joins Oswego to 1010");
    act(&mut g, BRITISH, Action::Sail(at("1109")));
    assert_eq!(g.units[lake as usize].at, at("1109"));
}

#[test]
fn a_fleet_leaves_the_british_home_base_at_half_its_allowance() {
    // rule: fiw 21.1, 21.11, 21.21, 21.22, 21.13
    let mut g = british_first(4);
    let britain = Place::Base(Base::Britain);
    let fleet = put(&mut g, "br-fleet", britain);
    let regiment = put(&mut g, "br-line", britain);
    act(&mut g, BRITISH, Action::FormNaval(britain));
    act(&mut g, BRITISH, Action::Add(Piece::Unit(fleet)));
    act(&mut g, BRITISH, Action::Embark(Piece::Unit(regiment)));
    act(&mut g, BRITISH, Action::SetSail);
    assert_eq!(naval(&g).left, 20, "20.33: embarking in a home base is free");
    let to = sails(&g, BRITISH);
    assert!(to.contains(&at("2206")));
    assert!(to.iter().all(|p| matches!(p, Place::Sq(s) if s.col == 22)), "{to:?}");
    assert!(label(&g, BRITISH, Action::Sail(at("2206"))).contains("5 MP"));
    act(&mut g, BRITISH, Action::Sail(at("2206")));
    assert_eq!(naval(&g).left, 10, "21.11: half of ten movement points");
    // 21.22: not back into the base in the same phase.
    assert!(!sails(&g, BRITISH).contains(&britain));
    act(&mut g, BRITISH, Action::Sail(at("2106")));
    act(&mut g, BRITISH, Action::Halt);
    // 20.4: no land at sea: the regiment is lost.
    assert_eq!(g.units[regiment as usize].at, Place::Pool);

    // A fleet on the east edge goes home for half its allowance, only to
    // its own side's base (21.21).
    let mut g = british_first(4);
    let fleet = put(&mut g, "br-fleet", at("2207"));
    act(&mut g, BRITISH, Action::FormNaval(at("2207")));
    act(&mut g, BRITISH, Action::Add(Piece::Unit(fleet)));
    act(&mut g, BRITISH, Action::SetSail);
    let to = sails(&g, BRITISH);
    assert!(to.contains(&britain));
    assert!(!to.contains(&Place::Base(Base::France)));
    assert!(!to.contains(&Place::Base(Base::WestIndies)));
    for s in ["2107", "2007", "2006", "2106", "2206"] {
        act(&mut g, BRITISH, Action::Sail(at(s)));
    }
    assert_eq!(naval(&g).left, 10);
    act(&mut g, BRITISH, Action::Sail(at("2205")));
    assert!(
        !sails(&g, BRITISH).contains(&britain),
        "four movement points do not reach it"
    );

    // 21.13: entering the map onto enemy units stops the force.
    let mut g = british_first(4);
    let fleet = put(&mut g, "br-fleet", britain);
    put(&mut g, "fr-fleet", at("2205"));
    act(&mut g, BRITISH, Action::FormNaval(britain));
    act(&mut g, BRITISH, Action::Add(Piece::Unit(fleet)));
    act(&mut g, BRITISH, Action::SetSail);
    act(&mut g, BRITISH, Action::Sail(at("2205")));
    assert!(matches!(g.stack.last(), Some(Frame::Movement { .. })));
    assert_eq!(g.units[fleet as usize].at, at("2205"));
}

#[test]
fn land_units_that_cannot_debark_are_eliminated() {
    // rule: fiw 20.4, 20.41
    let mut g = british_first(5);
    clear(&mut g, FRENCH, &ST_LAWRENCE);
    clear(&mut g, FRENCH, &["1305"]);
    let louisbourg = at("1805");
    act(&mut g, BRITISH, Action::FormNaval(louisbourg));
    let fleet = units(&g, "br-fleet", louisbourg)[0];
    let line = units(&g, "br-line", louisbourg);
    act(&mut g, BRITISH, Action::Add(Piece::Unit(fleet)));
    act(&mut g, BRITISH, Action::Embark(Piece::Unit(line[0])));
    act(&mut g, BRITISH, Action::SetSail);
    for s in ST_LAWRENCE.iter().chain(&["1305"]) {
        act(&mut g, BRITISH, Action::Sail(at(s)));
    }
    // Three movement points: too few to land on a coast (20.41).
    assert_eq!(naval(&g).left, 6);
    assert!(g.describe(BRITISH, &Action::Halt).warning.is_some());
    act(&mut g, BRITISH, Action::Halt);
    assert_eq!(g.units[line[0] as usize].at, Place::Pool);
    assert_eq!(g.units[fleet as usize].at, at("1305"));
    let french: Vec<String> = g.log().visible(Some(FRENCH)).map(|e| e.text.clone()).collect();
    assert!(
        french.iter().any(|t| t.contains("a British piece is eliminated")),
        "{french:?}"
    );

    // A friendly port takes them in for nothing, however few points are left.
    let mut g = british_first(5);
    let halifax = at("1606");
    put(&mut g, "br-line", halifax);
    act(&mut g, BRITISH, Action::FormNaval(louisbourg));
    let fleet = units(&g, "br-fleet", louisbourg)[0];
    let r = units(&g, "br-line", louisbourg)[0];
    act(&mut g, BRITISH, Action::Add(Piece::Unit(fleet)));
    act(&mut g, BRITISH, Action::Embark(Piece::Unit(r)));
    act(&mut g, BRITISH, Action::SetSail);
    for s in ["1806", "1807", "1808", "1708", "1707", "1706", "1606"] {
        act(&mut g, BRITISH, Action::Sail(at(s)));
    }
    assert_eq!(naval(&g).left, 6);
    assert!(label(&g, BRITISH, Action::Halt).contains("free"));
    act(&mut g, BRITISH, Action::Halt);
    assert_eq!(g.units[r as usize].at, halifax);
}

#[test]
fn embarking_and_debarking_on_a_coast_cost_four_points() {
    // rule: fiw 20.33, 20.41
    let mut g = british_first(6);
    clear(&mut g, FRENCH, &["1705", "1605"]);
    let coast = at("1705");
    let fleet = put(&mut g, "br-fleet", coast);
    let regiment = put(&mut g, "br-light", coast);
    act(&mut g, BRITISH, Action::FormNaval(coast));
    act(&mut g, BRITISH, Action::Add(Piece::Unit(fleet)));
    act(&mut g, BRITISH, Action::Embark(Piece::Unit(regiment)));
    assert!(label(&g, BRITISH, Action::SetSail).contains("4 MP"));
    act(&mut g, BRITISH, Action::SetSail);
    assert_eq!(naval(&g).left, 12, "ten less four to embark off the coast");
    act(&mut g, BRITISH, Action::Sail(at("1605")));
    assert_eq!(naval(&g).left, 10);
    act(&mut g, BRITISH, Action::Halt);
    assert_eq!(g.units[regiment as usize].at, at("1605"));
}

#[test]
fn naval_units_stop_enemy_naval_units() {
    // rule: fiw 20.22, 13.32
    let mut g = british_first(7);
    let louisbourg = at("1805");
    put(&mut g, "fr-fleet", at("1806"));
    act(&mut g, BRITISH, Action::FormNaval(louisbourg));
    let fleet = units(&g, "br-fleet", louisbourg)[0];
    act(&mut g, BRITISH, Action::Add(Piece::Unit(fleet)));
    act(&mut g, BRITISH, Action::SetSail);
    act(&mut g, BRITISH, Action::Sail(at("1806")));
    assert!(
        matches!(g.stack.last(), Some(Frame::Movement { .. })),
        "the move ends there"
    );
    assert_eq!(g.units[fleet as usize].at, at("1806"));

    // Ruling fiw #22: French flotillas may not enter a coast held by
    // British land units; French fleets may, and stop there.
    let mut g = british_first(7);
    clear(&mut g, FRENCH, &["1205"]);
    let quebec = at("1206");
    put(&mut g, "br-line", at("1205"));
    let flotilla = put(&mut g, "fr-riverine", quebec);
    let fleet = put(&mut g, "fr-fleet", quebec);
    to_french(&mut g);
    act(&mut g, FRENCH, Action::FormNaval(quebec));
    act(&mut g, FRENCH, Action::Add(Piece::Unit(flotilla)));
    act(&mut g, FRENCH, Action::SetSail);
    let to = sails(&g, FRENCH);
    assert!(!to.contains(&at("1205")), "{to:?}");
    assert!(to.contains(&at("1106")), "up the St. Lawrence: {to:?}");
    act(&mut g, FRENCH, Action::Halt);
    act(&mut g, FRENCH, Action::FormNaval(quebec));
    act(&mut g, FRENCH, Action::Add(Piece::Unit(fleet)));
    act(&mut g, FRENCH, Action::SetSail);
    act(&mut g, FRENCH, Action::Sail(at("1205")));
    assert!(matches!(g.stack.last(), Some(Frame::Movement { .. })));
    assert_eq!(g.units[fleet as usize].at, at("1205"));
}

#[test]
fn later_phases_cost_a_supply_point_and_the_fourth_winter_attrition() {
    // rule: fiw 12.2, 12.3
    let mut g = british_first(8);
    clear(&mut g, FRENCH, &["1705"]);
    g.civs.retain(|c| c.kind != Marker::Magazine);
    g.supply[BRITISH as usize] = 5;
    idle_until(&mut g, |g| {
        g.round() == Some(4) && matches!(g.stack.last(), Some(&Frame::Movement { seat }) if seat == BRITISH)
    });
    assert_eq!(g.round(), Some(4));
    let louisbourg = at("1805");
    act(&mut g, BRITISH, Action::FormNaval(louisbourg));
    let fleet = units(&g, "br-fleet", louisbourg)[0];
    let r = units(&g, "br-line", louisbourg)[0];
    act(&mut g, BRITISH, Action::Add(Piece::Unit(fleet)));
    act(&mut g, BRITISH, Action::Embark(Piece::Unit(r)));
    assert!(g.describe(BRITISH, &Action::SetSail).warning.is_some());
    act(&mut g, BRITISH, Action::SetSail);
    assert_eq!(g.supply[BRITISH as usize], 4, "one supply point for the whole force");
    act(&mut g, BRITISH, Action::Sail(at("1705")));
    // The fleet rolls 1, the regiment 6 (12.3, after it lands).
    g.core.dice.script([1, 6]);
    act(&mut g, BRITISH, Action::Halt);
    assert_eq!(g.units[fleet as usize].at, Place::Pool);
    assert_eq!(g.units[r as usize].at, at("1705"));
}

#[test]
fn a_carried_unit_moves_no_more_that_impulse_but_may_sail_again_the_next() {
    // rule: fiw 20.52, 20.53, 20.54, 20.5, 13.9
    let mut g = british_first(9);
    clear(&mut g, FRENCH, &["1705"]);
    let louisbourg = at("1805");
    act(&mut g, BRITISH, Action::FormNaval(louisbourg));
    let fleet = units(&g, "br-fleet", louisbourg)[0];
    let lines = units(&g, "br-line", louisbourg);
    let r = lines[0];
    act(&mut g, BRITISH, Action::Add(Piece::Unit(fleet)));
    act(&mut g, BRITISH, Action::Embark(Piece::Unit(r)));
    act(&mut g, BRITISH, Action::SetSail);
    // 20.54: under way, it picks up nobody.
    assert!(!legal(&g, BRITISH)
        .iter()
        .any(|a| matches!(a, Action::Embark(_) | Action::Add(_))));
    act(&mut g, BRITISH, Action::Sail(at("1705")));
    act(&mut g, BRITISH, Action::Halt);
    assert_eq!(g.units[r as usize].at, at("1705"));
    // 20.52 no other movement this impulse; 20.53 no second voyage, even
    // with a fresh fleet in the square.
    let fresh = put(&mut g, "br-fleet", at("1705"));
    let v = legal(&g, BRITISH);
    assert!(!v.contains(&Action::Form(at("1705"))));
    act(&mut g, BRITISH, Action::FormNaval(at("1705")));
    act(&mut g, BRITISH, Action::Add(Piece::Unit(fresh)));
    assert!(!legal(&g, BRITISH).contains(&Action::Embark(Piece::Unit(r))));
    act(&mut g, BRITISH, Action::Halt);
    // 20.54: in the next impulse it may be carried again.
    idle_until(&mut g, |g| {
        g.round() == Some(2) && matches!(g.stack.last(), Some(&Frame::Movement { seat }) if seat == BRITISH)
    });
    act(&mut g, BRITISH, Action::FormNaval(at("1705")));
    act(&mut g, BRITISH, Action::Add(Piece::Unit(fresh)));
    assert!(legal(&g, BRITISH).contains(&Action::Embark(Piece::Unit(r))));
}

#[test]
fn units_landed_among_the_enemy_fight_at_the_end_of_the_move() {
    // rule: fiw 20.62, 20.6
    let mut g = british_first(10);
    clear(&mut g, FRENCH, &["1705"]);
    put(&mut g, "fr-line-det", at("1705"));
    let louisbourg = at("1805");
    act(&mut g, BRITISH, Action::FormNaval(louisbourg));
    let fleet = units(&g, "br-fleet", louisbourg)[0];
    act(&mut g, BRITISH, Action::Add(Piece::Unit(fleet)));
    let lines = units(&g, "br-line", louisbourg);
    for &r in &lines[..4] {
        act(&mut g, BRITISH, Action::Embark(Piece::Unit(r)));
    }
    act(&mut g, BRITISH, Action::SetSail);
    act(&mut g, BRITISH, Action::Sail(at("1705")));
    // The enemy there stops the force; the regiments land among them.
    assert!(matches!(g.stack.last(), Some(Frame::Movement { .. })));
    assert!(lines[..4].iter().all(|&r| g.units[r as usize].at == at("1705")));
    let fought = |g: &Fiw| {
        g.log()
            .visible(None)
            .filter(|e| e.rule == "15.1" && e.text.starts_with("Combat in square 1705"))
            .map(|e| e.text.clone())
            .collect::<Vec<_>>()
    };
    idle_until(&mut g, |g| !fought(g).is_empty());
    let reveal = fought(&g);
    assert!(
        reveal[0].matches("Foot line 5-4").count() == 4 && reveal[0].contains("the French defend with Piquet line"),
        "the landed regiments attack: {}",
        reveal[0]
    );
}
