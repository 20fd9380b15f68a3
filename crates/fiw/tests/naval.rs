//! 20.0 Naval Operations and 21.0 Base Areas on On to Quebec's map: naval
//! forces, transport, landing, the home bases and blocking.

mod common;

use common::{act, cleared, idle_until, label, legal, put, put_leader, put_marker, sq, started_with_seed};
use engine::prelude::*;
use fiw::actions::{Action, Piece};
use fiw::civilization::Marker;
use fiw::forces::{BRITISH, FRENCH};
use fiw::frames::Frame;
use fiw::map::Colony;
use fiw::state::{Base, Place, Status, UnitId};
use fiw::Fiw;

fn at(id: &str) -> Place {
    Place::Sq(sq(id))
}

fn clear(g: &mut Fiw, side: u8, squares: &[&str]) {
    for s in squares {
        let theirs: Vec<UnitId> = g.units_in(at(s)).filter(|&u| g.side(u) == side).collect();
        for u in theirs {
            g.units.place(u, Place::Pool);
        }
        for l in &mut g.leaders {
            if l.at == at(s) && l.side == side {
                l.at = Place::Pool;
            }
        }
    }
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

fn sails(g: &Fiw, seat: u8) -> Vec<Place> {
    legal(g, seat)
        .into_iter()
        .filter_map(|a| match a {
            Action::Sail(to) => Some(to),
            _ => None,
        })
        .collect()
}

/// A naval force of these naval units formed in `from`, these land units
/// embarked: not yet under sail.
fn board(g: &mut Fiw, seat: u8, from: Place, fleets: &[UnitId], cargo: &[UnitId]) {
    act(g, seat, Action::FormNaval(from));
    for &f in fleets {
        act(g, seat, Action::Add(Piece::Unit(f)));
    }
    for &u in cargo {
        act(g, seat, Action::Embark(Piece::Unit(u)));
    }
}

/// The same naval force, set sail.
fn set_sail(g: &mut Fiw, seat: u8, from: Place, fleets: &[UnitId], cargo: &[UnitId]) {
    board(g, seat, from, fleets, cargo);
    act(g, seat, Action::SetSail);
}

/// The British end their movement sub-phase: the French 1st phase's.
/// A Louisbourg fleet sets sail carrying `regiments` of the Foot there;
/// returns every Foot regiment at Louisbourg, the carried first.
fn from_louisbourg(g: &mut Fiw, regiments: usize) -> Vec<UnitId> {
    let louisbourg = at("1805");
    let fleet = units(g, "br-fleet", louisbourg)[0];
    let lines = units(g, "br-line", louisbourg);
    set_sail(g, BRITISH, louisbourg, &[fleet], &lines[..regiments]);
    lines
}

fn to_french(g: &mut Fiw) {
    act(g, BRITISH, Action::EndMovement);
    idle_until(g, |g| matches!(g.stack.last(), Some(Frame::Movement { .. })));
    assert!(matches!(g.stack.last(), Some(&Frame::Movement { seat, .. }) if seat == FRENCH));
}

const ST_LAWRENCE: [&str; 6] = ["1705", "1704", "1604", "1504", "1404", "1304"];

#[test]
fn the_louisbourg_fleets_carry_eight_regiments_up_the_st_lawrence() {
    // rule: fiw 20.21, 20.31, 20.32, 20.33, 20.34, 20.4, 20.41, 20.8, 22.4, 5.24
    let mut g = started_with_seed(1, BRITISH);
    clear(&mut g, FRENCH, &ST_LAWRENCE);
    let louisbourg = at("1805");
    // A French magazine left unguarded where the force lands (22.4).
    put_marker(&mut g, Marker::Magazine, sq("1304"), FRENCH);
    // A passive colony the landing invades (5.24).
    g.set_status(Colony::NewFrance, Status::Passive);
    let fleets = units(&g, "br-fleet", louisbourg);
    assert_eq!(fleets.len(), 2, "35.3: two fleets at Louisbourg");
    let line = units(&g, "br-line", louisbourg);
    assert_eq!(line.len(), 8);
    board(&mut g, BRITISH, louisbourg, &fleets, &line);
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
        assert_eq!(g.units[r as usize].at(), at("1304"));
        assert!(g.units[r as usize].moved);
    }
    assert_eq!(g.leaders[wolfe as usize].at, at("1304"));
    assert!(fleets.iter().all(|&f| g.units[f as usize].at() == at("1304")));
    assert!(g.check().is_ok());
    assert_eq!(g.civ(sq("1304"), Marker::Magazine).map(|c| c.side), Some(BRITISH));
    assert_eq!(g.status(Colony::NewFrance), Status::Active);
    // 12.0: they operated this phase; 20.53 no second voyage.
    assert!(!legal(&g, BRITISH).contains(&Action::FormNaval(at("1304"))));
}

#[test]
fn a_fleet_carries_four_regiments() {
    // rule: fiw 20.32, 20.51
    let mut g = started_with_seed(2, BRITISH);
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
    // What is taken off stays off (undo brings it back): forming ends.
    let v = legal(&g, BRITISH);
    assert!(!v.contains(&Action::Add(Piece::Unit(fleets[1]))));
    assert!(!v.contains(&Action::Embark(Piece::Unit(line[4]))));
}

#[test]
fn flotillas_sail_lakes_rivers_and_coasts_but_not_the_sea() {
    // rule: fiw 20.1, 20.2, 13.71
    let mut g = started_with_seed(3, BRITISH);
    clear(&mut g, FRENCH, &["1705", "0909", "1008", "1109", "1009"]);
    let louisbourg = at("1805");
    let flotilla = put(&mut g, "br-riverine", louisbourg);
    set_sail(&mut g, BRITISH, louisbourg, &[flotilla], &[]);
    assert_eq!(naval(&g).left, 12, "a flotilla's six movement points");
    assert_eq!(sails(&g, BRITISH), vec![at("1705")], "only the coast, not the sea");
    act(&mut g, BRITISH, Action::Halt);
    // The fleets of the same port put to sea.
    let fleet = units(&g, "br-fleet", louisbourg)[0];
    set_sail(&mut g, BRITISH, louisbourg, &[fleet], &[]);
    let to = sails(&g, BRITISH);
    for s in ["1705", "1804", "1905", "1806"] {
        assert!(to.contains(&at(s)), "{s} in {to:?}");
    }
    act(&mut g, BRITISH, Action::Halt);
    // On Lake Ontario: along the lake coast and up the Mohawk.
    let oswego = at("1009");
    let lake = put(&mut g, "br-riverine", oswego);
    set_sail(&mut g, BRITISH, oswego, &[lake], &[]);
    let to = sails(&g, BRITISH);
    for s in ["0909", "1008", "1109"] {
        assert!(to.contains(&at(s)), "{s} in {to:?}");
    }
    assert!(!to.contains(&at("1010")), "no water joins Oswego to 1010");
    act(&mut g, BRITISH, Action::Sail(at("1109")));
    assert_eq!(g.units[lake as usize].at(), at("1109"));
}

/// 8.1 Atlantic Gales (the reconstructed B5: "This turn no naval unit may
/// enter or leave a home base"): a naval force formed in a home base could
/// go nowhere, so none is offered there, and "why not?" names the gales
/// (ruling fiw #94; rules fiw-25: it formed, paid its supply point in a
/// later phase and could only halt).
#[test]
fn no_naval_force_forms_in_a_home_base_under_atlantic_gales() {
    // rule: fiw 8.1, 21.1, 12.2
    // ruling: fiw #94
    let mut g = started_with_seed(4, BRITISH);
    let britain = Place::Base(Base::Britain);
    put(&mut g, "br-fleet", britain);
    assert!(legal(&g, BRITISH).contains(&Action::FormNaval(britain)));
    g.this_turn.push("atlantic-gales".into());
    assert!(!legal(&g, BRITISH).contains(&Action::FormNaval(britain)));
    let why = g.why_not(BRITISH, "britain");
    assert!(why.iter().any(|f| f.rule == "8.1"), "{why:?}");
}

#[test]
fn a_fleet_leaves_the_british_home_base_at_half_its_allowance() {
    // rule: fiw 21.1, 21.11, 21.21, 21.22, 21.13
    let mut g = started_with_seed(4, BRITISH);
    let britain = Place::Base(Base::Britain);
    let fleet = put(&mut g, "br-fleet", britain);
    let regiment = put(&mut g, "br-line", britain);
    set_sail(&mut g, BRITISH, britain, &[fleet], &[regiment]);
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
    assert_eq!(g.units[regiment as usize].at(), Place::Pool);

    // A fleet on the east edge goes home for half its allowance, only to
    // its own side's base (21.21).
    let mut g = started_with_seed(4, BRITISH);
    let fleet = put(&mut g, "br-fleet", at("2207"));
    set_sail(&mut g, BRITISH, at("2207"), &[fleet], &[]);
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
    let mut g = started_with_seed(4, BRITISH);
    let fleet = put(&mut g, "br-fleet", britain);
    put(&mut g, "fr-fleet", at("2205"));
    set_sail(&mut g, BRITISH, britain, &[fleet], &[]);
    act(&mut g, BRITISH, Action::Sail(at("2205")));
    assert!(matches!(g.stack.last(), Some(Frame::Movement { .. })));
    assert_eq!(g.units[fleet as usize].at(), at("2205"));
}

#[test]
fn land_units_that_cannot_debark_are_eliminated() {
    // rule: fiw 20.4, 20.41
    let mut g = started_with_seed(5, BRITISH);
    clear(&mut g, FRENCH, &ST_LAWRENCE);
    clear(&mut g, FRENCH, &["1305"]);
    let louisbourg = at("1805");
    let fleet = units(&g, "br-fleet", louisbourg)[0];
    let line = units(&g, "br-line", louisbourg);
    set_sail(&mut g, BRITISH, louisbourg, &[fleet], &line[..1]);
    for s in ST_LAWRENCE.iter().chain(&["1305"]) {
        act(&mut g, BRITISH, Action::Sail(at(s)));
    }
    // Three movement points: too few to land on a coast (20.41).
    assert_eq!(naval(&g).left, 6);
    assert!(g.describe(BRITISH, &Action::Halt).warning.is_some());
    act(&mut g, BRITISH, Action::Halt);
    assert_eq!(g.units[line[0] as usize].at(), Place::Pool);
    assert_eq!(g.units[fleet as usize].at(), at("1305"));
    let french: Vec<String> = g.log().visible(Some(FRENCH)).map(|e| e.text.clone()).collect();
    assert!(
        french.iter().any(|t| t.contains("a British piece is eliminated")),
        "{french:?}"
    );

    // A friendly port takes them in for nothing, however few points are left.
    let mut g = started_with_seed(5, BRITISH);
    let halifax = at("1606");
    put(&mut g, "br-line", halifax);
    let fleet = units(&g, "br-fleet", louisbourg)[0];
    let r = units(&g, "br-line", louisbourg)[0];
    set_sail(&mut g, BRITISH, louisbourg, &[fleet], &[r]);
    for s in ["1806", "1807", "1808", "1708", "1707", "1706", "1606"] {
        act(&mut g, BRITISH, Action::Sail(at(s)));
    }
    assert_eq!(naval(&g).left, 6);
    assert!(label(&g, BRITISH, Action::Halt).contains("free"));
    act(&mut g, BRITISH, Action::Halt);
    assert_eq!(g.units[r as usize].at(), halifax);
}

#[test]
fn sailing_where_the_cargo_would_be_lost_says_so_first() {
    // rule: fiw 20.4, 13.32
    // A step into enemy units ends the move (13.32); with too few points
    // left to debark, what the force carries is lost (20.4). Halt said so;
    // the step that forced it said "(1 MP)" and lost Wolfe's army.
    let mut g = started_with_seed(5, BRITISH);
    clear(&mut g, FRENCH, &ST_LAWRENCE);
    clear(&mut g, FRENCH, &["1305"]);
    put(&mut g, "fr-line-det", at("1305"));
    let line = from_louisbourg(&mut g, 1);
    for s in ST_LAWRENCE {
        assert_eq!(
            g.describe(BRITISH, &Action::Sail(at(s))).warning,
            None,
            "{s}: the move goes on"
        );
        act(&mut g, BRITISH, Action::Sail(at(s)));
    }
    let w = g.describe(BRITISH, &Action::Sail(at("1305"))).warning;
    assert!(
        w.is_some_and(|w| w.contains("eliminated")),
        "the step into the French detachment"
    );
    act(&mut g, BRITISH, Action::Sail(at("1305")));
    assert_eq!(g.units[line[0] as usize].at(), Place::Pool, "as warned");
}

#[test]
fn embarking_and_debarking_on_a_coast_cost_four_points() {
    // rule: fiw 20.33, 20.41
    let mut g = started_with_seed(6, BRITISH);
    clear(&mut g, FRENCH, &["1705", "1605"]);
    let coast = at("1705");
    let fleet = put(&mut g, "br-fleet", coast);
    let regiment = put(&mut g, "br-light", coast);
    board(&mut g, BRITISH, coast, &[fleet], &[regiment]);
    assert!(label(&g, BRITISH, Action::SetSail).contains("4 MP"));
    act(&mut g, BRITISH, Action::SetSail);
    assert_eq!(naval(&g).left, 12, "ten less four to embark off the coast");
    act(&mut g, BRITISH, Action::Sail(at("1605")));
    assert_eq!(naval(&g).left, 10);
    act(&mut g, BRITISH, Action::Halt);
    assert_eq!(g.units[regiment as usize].at(), at("1605"));
}

#[test]
fn naval_units_stop_enemy_naval_units() {
    // rule: fiw 20.22, 13.32
    let mut g = started_with_seed(7, BRITISH);
    let louisbourg = at("1805");
    put(&mut g, "fr-fleet", at("1806"));
    let fleet = units(&g, "br-fleet", louisbourg)[0];
    set_sail(&mut g, BRITISH, louisbourg, &[fleet], &[]);
    act(&mut g, BRITISH, Action::Sail(at("1806")));
    assert!(
        matches!(g.stack.last(), Some(Frame::Movement { .. })),
        "the move ends there"
    );
    assert_eq!(g.units[fleet as usize].at(), at("1806"));

    // Ruling fiw #22: French flotillas may not enter a coast held by
    // British land units; French fleets may, and stop there.
    let mut g = started_with_seed(7, BRITISH);
    clear(&mut g, FRENCH, &["1205"]);
    let quebec = at("1206");
    put(&mut g, "br-line", at("1205"));
    let flotilla = put(&mut g, "fr-riverine", quebec);
    let fleet = put(&mut g, "fr-fleet", quebec);
    to_french(&mut g);
    set_sail(&mut g, FRENCH, quebec, &[flotilla], &[]);
    let to = sails(&g, FRENCH);
    // 27.1 the French cannot see what the block in 1205 is: the step is
    // offered, and tried the flotilla is turned back.
    assert!(to.contains(&at("1205")), "{to:?}");
    assert!(to.contains(&at("1106")), "up the St. Lawrence: {to:?}");
    act(&mut g, FRENCH, Action::Sail(at("1205")));
    assert_eq!(g.units[flotilla as usize].at(), quebec, "turned back");
    assert!(!sails(&g, FRENCH).contains(&at("1205")));
    act(&mut g, FRENCH, Action::Halt);
    set_sail(&mut g, FRENCH, quebec, &[fleet], &[]);
    act(&mut g, FRENCH, Action::Sail(at("1205")));
    assert!(matches!(g.stack.last(), Some(Frame::Movement { .. })));
    assert_eq!(g.units[fleet as usize].at(), at("1205"));
}

#[test]
fn later_phases_cost_a_supply_point_and_the_fourth_winter_attrition() {
    // rule: fiw 12.2, 12.3
    let mut g = started_with_seed(8, BRITISH);
    clear(&mut g, FRENCH, &["1705"]);
    g.civs.retain(|c| c.kind != Marker::Magazine);
    g.supply[BRITISH as usize] = 5;
    idle_until(&mut g, |g| {
        g.round() == Some(4) && matches!(g.stack.last(), Some(&Frame::Movement { seat, .. }) if seat == BRITISH)
    });
    assert_eq!(g.round(), Some(4));
    let louisbourg = at("1805");
    let fleet = units(&g, "br-fleet", louisbourg)[0];
    let r = units(&g, "br-line", louisbourg)[0];
    board(&mut g, BRITISH, louisbourg, &[fleet], &[r]);
    assert!(g.describe(BRITISH, &Action::SetSail).warning.is_some());
    act(&mut g, BRITISH, Action::SetSail);
    assert_eq!(g.supply[BRITISH as usize], 4, "one supply point for the whole force");
    act(&mut g, BRITISH, Action::Sail(at("1705")));
    // The fleet rolls 1, the regiment 6 (12.3, after it lands).
    g.core.dice.script([1, 6]);
    act(&mut g, BRITISH, Action::Halt);
    assert_eq!(g.units[fleet as usize].at(), Place::Pool);
    assert_eq!(g.units[r as usize].at(), at("1705"));
}

#[test]
fn a_carried_unit_moves_no_more_that_impulse_but_may_sail_again_the_next() {
    // rule: fiw 20.52, 20.53, 20.54, 20.5, 13.9
    let mut g = started_with_seed(9, BRITISH);
    clear(&mut g, FRENCH, &["1705"]);
    let louisbourg = at("1805");
    let fleet = units(&g, "br-fleet", louisbourg)[0];
    let r = units(&g, "br-line", louisbourg)[0];
    set_sail(&mut g, BRITISH, louisbourg, &[fleet], &[r]);
    // 20.54: under way, it picks up nobody.
    assert!(!legal(&g, BRITISH)
        .iter()
        .any(|a| matches!(a, Action::Embark(_) | Action::Add(_))));
    act(&mut g, BRITISH, Action::Sail(at("1705")));
    act(&mut g, BRITISH, Action::Halt);
    assert_eq!(g.units[r as usize].at(), at("1705"));
    // 20.52 no other movement this impulse; 20.53 no second voyage, even
    // with a fresh fleet in the square.
    let fresh = put(&mut g, "br-fleet", at("1705"));
    let v = legal(&g, BRITISH);
    assert!(!v.contains(&Action::Form(at("1705"))));
    board(&mut g, BRITISH, at("1705"), &[fresh], &[]);
    assert!(!legal(&g, BRITISH).contains(&Action::Embark(Piece::Unit(r))));
    act(&mut g, BRITISH, Action::Halt);
    // 20.54: in the next impulse it may be carried again.
    idle_until(&mut g, |g| {
        g.round() == Some(2) && matches!(g.stack.last(), Some(&Frame::Movement { seat, .. }) if seat == BRITISH)
    });
    board(&mut g, BRITISH, at("1705"), &[fresh], &[]);
    assert!(legal(&g, BRITISH).contains(&Action::Embark(Piece::Unit(r))));
}

#[test]
fn units_landed_among_the_enemy_fight_at_the_end_of_the_move() {
    // rule: fiw 20.62, 20.6
    let mut g = started_with_seed(10, BRITISH);
    clear(&mut g, FRENCH, &["1705"]);
    put(&mut g, "fr-line-det", at("1705"));
    let lines = from_louisbourg(&mut g, 4);
    act(&mut g, BRITISH, Action::Sail(at("1705")));
    // The enemy there stops the force; the regiments land among them.
    assert!(matches!(g.stack.last(), Some(Frame::Movement { .. })));
    assert!(lines[..4].iter().all(|&r| g.units[r as usize].at() == at("1705")));
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

#[test]
fn a_step_into_enemy_units_says_the_force_stops_and_lands() {
    // rule: fiw 20.22, 20.62, 13.32
    // ruling: fiw #22
    // The French block in 1705 is seen (27.0): the label says what the
    // step brings, not only its "(1 MP)".
    let mut g = started_with_seed(10, BRITISH);
    clear(&mut g, FRENCH, &["1705"]);
    put(&mut g, "fr-line-det", at("1705"));
    from_louisbourg(&mut g, 4);
    let into = label(&g, BRITISH, Action::Sail(at("1705")));
    assert!(
        into.ends_with("(1 MP): enemy units there, it stops there (20.22) and must land, 4 MP, into a battle (20.62)"),
        "{into}"
    );
    let open = sails(&g, BRITISH)
        .into_iter()
        .find(|&p| matches!(p, Place::Sq(s) if !g.units_at(s).any(|u| g.side(u) == FRENCH)))
        .expect("a free step");
    assert!(label(&g, BRITISH, Action::Sail(open)).ends_with("(1 MP)"));
}

#[test]
fn a_landing_at_an_enemy_fortress_besieges_its_garrison() {
    // rule: fiw 23.2, 23.21, 23.22, 20.4
    // ruling: fiw #17
    let mut g = started_with_seed(1, BRITISH);
    let quebec = at("quebec");
    let garrison: Vec<UnitId> = g.units_in(quebec).filter(|&u| g.side(u) == FRENCH).collect();
    assert!(!garrison.is_empty(), "35.3: the French hold Quebec");
    assert!(!g.besieged(sq("quebec")));
    let louisbourg = at("1805");
    let fleet = units(&g, "br-fleet", louisbourg)[0];
    let lines = units(&g, "br-line", louisbourg);
    clear(&mut g, FRENCH, &["1305"]);
    for &u in std::iter::once(&fleet).chain(&lines[..4]) {
        g.units.place(u, at("1305"));
    }
    set_sail(&mut g, BRITISH, at("1305"), &[fleet], &lines[..4]);
    act(&mut g, BRITISH, Action::Sail(at("1205")));
    act(&mut g, BRITISH, Action::Sail(quebec));
    assert!(lines[..4].iter().all(|&r| g.units[r as usize].at() == quebec), "landed");
    assert!(
        garrison.iter().all(|&u| g.units[u as usize].inside),
        "23.22 the garrison, there first, is inside the fortress"
    );
    assert!(g.besieged(sq("quebec")));
}

#[test]
fn a_fleet_alone_at_an_enemy_fortress_besieges_its_garrison() {
    // rule: fiw 23.21, 23.22, 20.22
    // ruling: fiw #17
    let mut g = started_with_seed(1, BRITISH);
    let quebec = at("quebec");
    let garrison: Vec<UnitId> = g.units_in(quebec).filter(|&u| g.side(u) == FRENCH).collect();
    let fleet = units(&g, "br-fleet", at("1805"))[0];
    clear(&mut g, FRENCH, &["1305"]);
    g.units.place(fleet, at("1305"));
    set_sail(&mut g, BRITISH, at("1305"), &[fleet], &[]);
    act(&mut g, BRITISH, Action::Sail(at("1205")));
    act(&mut g, BRITISH, Action::Sail(quebec));
    assert_eq!(g.units[fleet as usize].at(), quebec);
    // Before, the garrison stood outside its own fortress and a DR drove
    // it out before a lone fleet.
    assert!(
        garrison.iter().all(|&u| g.units[u as usize].inside),
        "23.22 the garrison, there first, is inside the fortress"
    );
    assert!(g.besieged(sq("quebec")));
}

#[test]
fn enemy_land_units_block_flotillas_only_in_port_or_coast_squares() {
    // rule: fiw 20.22, 13.32
    // ruling: fiw #22
    let mut g = started_with_seed(7, BRITISH);
    clear(&mut g, FRENCH, &["1106"]);
    let flotilla = put(&mut g, "br-riverine", at("1106"));
    assert!(g.units_at(sq("1107")).any(|u| g.side(u) == FRENCH && !g.is_naval(u)));
    assert!(g.units_at(sq("1206")).any(|u| g.side(u) == FRENCH && !g.is_naval(u)));
    set_sail(&mut g, BRITISH, at("1106"), &[flotilla], &[]);
    let to = sails(&g, BRITISH);
    // Quebec is a port held by the French: blocked, which the British
    // learn by trying (27.1: they cannot see what holds it).
    assert!(to.contains(&at("1206")), "{to:?}");
    act(&mut g, BRITISH, Action::Sail(at("1206")));
    assert_eq!(g.units[flotilla as usize].at(), at("1106"), "turned back");
    let to = sails(&g, BRITISH);
    assert!(!to.contains(&at("1206")), "{to:?}");
    // Montreal, up the river (no port, no sea coast): entered, and the
    // flotilla stops there.
    assert!(to.contains(&at("1107")), "{to:?}");
    act(&mut g, BRITISH, Action::Sail(at("1107")));
    assert_eq!(g.units[flotilla as usize].at(), at("1107"));
    assert!(
        matches!(g.stack.last(), Some(Frame::Movement { .. })),
        "the move ends there"
    );
}

/// 11.3: "A force may drop off units, but the dropped off units may not
/// conduct any further movement in that sub-phase." 20.0: naval units "are
/// treated like other combat units, with the following specifications" (none
/// of which forbids a drop-off). A naval force of two fleets may leave one
/// of them on the way.
#[test]
fn a_naval_force_may_drop_off_one_of_its_fleets_on_the_way() {
    // rule: fiw 11.3
    // rule: fiw 20.21
    // ruling: fiw #69
    let mut g = cleared(BRITISH);
    let louisbourg = at("1805");
    let f1 = put(&mut g, "br-fleet", louisbourg);
    let f2 = put(&mut g, "br-fleet", louisbourg);
    act(&mut g, BRITISH, Action::FormNaval(louisbourg));
    act(&mut g, BRITISH, Action::Add(Piece::Unit(f1)));
    act(&mut g, BRITISH, Action::Add(Piece::Unit(f2)));
    act(&mut g, BRITISH, Action::SetSail);
    act(&mut g, BRITISH, Action::Sail(at("1806")));
    assert_eq!(naval(&g).at, at("1806"));
    let v = legal(&g, BRITISH);
    assert!(
        v.contains(&Action::Drop(Piece::Unit(f2))),
        "11.3: the second fleet may stay in 1806 while the first sails on; legal: {v:?}"
    );
    let left = naval(&g).left;
    act(&mut g, BRITISH, Action::Drop(Piece::Unit(f2)));
    assert_eq!(naval(&g).navy, vec![f1]);
    assert_eq!(naval(&g).left, left, "11.3: the force keeps its movement");
    let on = legal(&g, BRITISH)
        .into_iter()
        .find_map(|a| match a {
            Action::Sail(to) => Some(to),
            _ => None,
        })
        .expect("somewhere to sail on to");
    act(&mut g, BRITISH, Action::Sail(on));
    assert_eq!(g.units[f1 as usize].at(), on);
    assert_eq!(g.units[f2 as usize].at(), at("1806"), "dropped off where it was");
    assert!(
        !legal(&g, BRITISH).contains(&Action::Drop(Piece::Unit(f1))),
        "the last naval unit carries the force"
    );
}

/// 20.32: "A naval unit may transport the following number of units: 1)
/// four regiments (or equivalent)". 20.31: "Transport is indicated by
/// placing the land units under the fleet units." A brigade or legion
/// (three regiments each, ruling fiw #23) goes under one fleet, which has
/// then room for one regiment more, not for a second brigade: three fleets
/// carry three such units, not four, though twelve regiments' room is
/// pooled.
#[test]
fn three_fleets_carry_three_brigades_not_four() {
    // rule: fiw 20.32
    // rule: fiw 20.31
    // ruling: fiw #68
    let mut g = cleared(BRITISH);
    let louisbourg = at("1805");
    let fleets: Vec<UnitId> = (0..3).map(|_| put(&mut g, "br-fleet", louisbourg)).collect();
    let mut big: Vec<UnitId> = (0..3).map(|_| put(&mut g, "br-brigade", louisbourg)).collect();
    big.push(put(&mut g, "br-comb", louisbourg));
    act(&mut g, BRITISH, Action::FormNaval(louisbourg));
    for &f in &fleets {
        act(&mut g, BRITISH, Action::Add(Piece::Unit(f)));
    }
    for &b in &big[..3] {
        act(&mut g, BRITISH, Action::Embark(Piece::Unit(b)));
    }
    let v = legal(&g, BRITISH);
    assert!(
        !v.contains(&Action::Embark(Piece::Unit(big[3]))),
        "each fleet holds one three-regiment unit and one regiment more: \
         a fourth such unit does not fit under three fleets"
    );
}

/// 17.21: "All units in a force may add one leader's military rating to
/// their printed movement factors." 20.8: "Leaders don't provide any
/// movement bonuses to fleets using sea movement." 20.0 names fleets
/// ("ocean going") and flotillas ("lakes and coastal squares") apart, and
/// 20.22 says "riverine units but not fleets": the exception is the
/// fleets'. A flotilla going up the St. Lawrence with de Lévis (2) aboard
/// moves 6 + 2.
#[test]
fn a_leader_aboard_adds_his_rating_to_a_flotilla_not_only_to_land_units() {
    // rule: fiw 20.8
    // rule: fiw 17.21
    // ruling: fiw #70
    let mut g = cleared(FRENCH);
    let quebec = at("1206");
    let flotilla = put(&mut g, "fr-riverine", quebec);
    let levis = put_leader(&mut g, "de-levis", quebec);
    assert_eq!(g.leader(levis).military, 2);
    act(&mut g, FRENCH, Action::FormNaval(quebec));
    act(&mut g, FRENCH, Action::Add(Piece::Unit(flotilla)));
    act(&mut g, FRENCH, Action::Embark(Piece::Leader(levis)));
    act(&mut g, FRENCH, Action::SetSail);
    assert_eq!(
        naval(&g).left,
        2 * (6 + 2),
        "a flotilla is no fleet: de Lévis's 2 is added to its 6 (in half points)"
    );
}

/// 20.32 "an unlimited number of leaders": a naval unit may carry a leader
/// with no land unit. 20.33 "Costs to embark ... from a non-port coastal
/// square: four movement points" names no piece apart: Washington alone
/// embarking off the coast costs the fleet four of its ten, as a regiment
/// does (`embarking_and_debarking_on_a_coast_cost_four_points`); from a
/// port, nothing. 20.41 his landing on a coast costs four.
#[test]
fn a_leader_alone_sails_and_pays_to_embark_off_a_coast() {
    // rule: fiw 20.32, 20.33, 20.41, 20.52
    for (from, left) in [("1705", 12), ("1805", 20)] {
        let mut g = cleared(BRITISH);
        let fleet = put(&mut g, "br-fleet", at(from));
        let washington = put_leader(&mut g, "washington", at(from));
        board(&mut g, BRITISH, at(from), &[fleet], &[]);
        // The choice says the price before it is paid.
        let embark = label(&g, BRITISH, Action::Embark(Piece::Leader(washington)));
        assert_eq!(embark.contains("costs the force 4 MP (20.33)"), left == 12, "{embark}");
        act(&mut g, BRITISH, Action::Embark(Piece::Leader(washington)));
        act(&mut g, BRITISH, Action::SetSail);
        assert_eq!(
            naval(&g).left,
            left,
            "ten, less four only off a non-port coast ({from})"
        );
    }
    let mut g = cleared(BRITISH);
    let fleet = put(&mut g, "br-fleet", at("1705"));
    let washington = put_leader(&mut g, "washington", at("1705"));
    board(&mut g, BRITISH, at("1705"), &[fleet], &[]);
    act(&mut g, BRITISH, Action::Embark(Piece::Leader(washington)));
    act(&mut g, BRITISH, Action::SetSail);
    act(&mut g, BRITISH, Action::Sail(at("1605")));
    assert!(label(&g, BRITISH, Action::Halt).contains("4 MP"));
    act(&mut g, BRITISH, Action::Halt);
    assert_eq!(g.leaders[washington as usize].at, at("1605"));
    // 20.52 landed, he moves no more this impulse.
    assert!(!legal(&g, BRITISH).contains(&Action::Form(at("1605"))));
}

/// 20.31 "Both the naval unit and the land unit must start the movement in
/// the same square": a leader alone who marched into a port this impulse
/// may not board there (12.2: one operation a phase).
#[test]
fn a_leader_alone_who_marched_into_a_port_may_not_board() {
    // rule: fiw 20.31, 12.2
    let mut g = cleared(BRITISH);
    let halifax = sq("1606");
    let inland = halifax
        .orthogonal()
        .find(|&n| fiw::tables::tables().map.land_route(n, halifax).is_some())
        .expect("a land square beside Halifax");
    let fleet = put(&mut g, "br-fleet", at("1606"));
    let washington = put_leader(&mut g, "washington", Place::Sq(inland));
    act(&mut g, BRITISH, Action::Form(Place::Sq(inland)));
    act(&mut g, BRITISH, Action::Add(Piece::Leader(washington)));
    act(&mut g, BRITISH, Action::Go);
    act(&mut g, BRITISH, Action::Step(halifax));
    act(&mut g, BRITISH, Action::Halt);
    board(&mut g, BRITISH, at("1606"), &[fleet], &[]);
    assert!(!legal(&g, BRITISH).contains(&Action::Embark(Piece::Leader(washington))));
}

/// Louisbourg's fleets sail with a regiment to Halifax (1606), six
/// movement points left there: the fleets and the regiment.
fn sail_to_halifax(g: &mut Fiw) -> (Vec<UnitId>, UnitId) {
    let louisbourg = at("1805");
    let fleets = units(g, "br-fleet", louisbourg);
    let r = units(g, "br-line", louisbourg)[0];
    set_sail(g, BRITISH, louisbourg, &fleets, &[r]);
    for s in ["1806", "1807", "1808", "1708", "1707", "1706", "1606"] {
        act(g, BRITISH, Action::Sail(at(s)));
    }
    assert_eq!(naval(g).left, 6);
    (fleets, r)
}

/// 20.41 "Costs to debark ... onto ... a port occupied by at least one
/// friendly unit: zero movement points": a unit there before the force,
/// not one of its own. A fleet the force drops off in the port (11.3,
/// ruling fiw #69) came with it: landing beside it costs four, as beside
/// the fleet that carries the regiment. Three points left at an empty
/// Halifax: the regiment cannot land.
#[test]
fn a_naval_unit_dropped_in_a_port_does_not_hold_it_for_the_landing() {
    // rule: fiw 20.41, 11.3
    // ruling: fiw #81
    let mut g = started_with_seed(5, BRITISH);
    clear(&mut g, BRITISH, &["1606"]);
    let (fleets, r) = sail_to_halifax(&mut g);
    act(&mut g, BRITISH, Action::Drop(Piece::Unit(fleets[1])));
    assert!(
        label(&g, BRITISH, Action::Halt).contains("cannot land"),
        "{}",
        label(&g, BRITISH, Action::Halt)
    );
    act(&mut g, BRITISH, Action::Halt);
    assert_eq!(g.units[r as usize].at(), Place::Pool);
}

/// 20.41 "a port occupied by at least one friendly unit: zero movement
/// points" reads "occupied" as ruling fiw #26 does: a non-Indian combat
/// unit. Friendly Indians alone in Halifax do not occupy it: the regiment
/// arriving with three points left cannot land there; a British regiment
/// in their place makes the landing free. Before, the Indians did too.
#[test]
fn friendly_indians_alone_do_not_make_a_landing_free() {
    // rule: fiw 20.41, 6.0
    // ruling: fiw #85, #26
    for (holder, lands) in [("mohawk-br", false), ("br-line", true)] {
        let mut g = started_with_seed(5, BRITISH);
        clear(&mut g, BRITISH, &["1606"]);
        put(&mut g, holder, at("1606"));
        let (_, r) = sail_to_halifax(&mut g);
        assert_eq!(
            !label(&g, BRITISH, Action::Halt).contains("cannot land"),
            lands,
            "{holder}: {}",
            label(&g, BRITISH, Action::Halt)
        );
        act(&mut g, BRITISH, Action::Halt);
        let landed = if lands { at("1606") } else { Place::Pool };
        assert_eq!(g.units[r as usize].at(), landed, "{holder}");
    }
}
