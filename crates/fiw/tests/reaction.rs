//! 14.0 Invasion Reaction: militia, supply points and Indians raised by an
//! invasion, and where they go (14.4).

use engine::prelude::*;
use engine::{Seat, Setup};
use fiw::forces::{Size, BRITISH, FRENCH};
use fiw::frames::Frame;
use fiw::map::Sq;
use fiw::state::{Phase, Place, Sub, UnitId};
use fiw::tables::tables;
use fiw::{Action, Fiw};

/// On to Quebec with nothing set up: every counter in the pool, the
/// printed works and the scenario's markers on the map.
fn blank(seed: u64) -> Fiw {
    let mut g = Fiw::new(&Setup::new("on-to-quebec", seed));
    g.stack.clear();
    g
}

fn sq(place: &str) -> Sq {
    fiw::setup::place_sq(place)
}

/// A counter of the pool showing the face `face` is put in `at`.
fn put(g: &mut Fiw, face: &str, at: Sq) -> UnitId {
    let f = &tables().forces;
    let u = (0..g.units.len() as UnitId)
        .find(|&u| {
            let c = &f.counters[g.units[u as usize].counter as usize];
            g.units[u as usize].at == Place::Pool && f.faces_of(c).any(|x| x.id == face)
        })
        .unwrap_or_else(|| panic!("a {face} in the pool"));
    let c = &f.counters[g.units[u as usize].counter as usize];
    g.units[u as usize].back = f.faces[c.front].id != face;
    g.units[u as usize].at = Place::Sq(at);
    u
}

/// `phasing` has just ended its movement sub-phase in the 1st operations
/// phase.
fn end_of_movement(g: &mut Fiw, phasing: Seat) {
    g.first = phasing;
    g.phase = Phase::Operations {
        round: 1,
        seat: phasing,
    };
    g.sub = Sub::Movement;
    g.advance();
}

/// The units of `side` in a square whose face is militia of `home`.
fn militia_at(g: &Fiw, at: Sq, home: &str) -> Vec<UnitId> {
    g.units_at(at)
        .filter(|&u| g.is_militia(u) && g.face(u).home.as_deref() == Some(home))
        .collect()
}

fn legal(g: &Fiw, seat: Seat) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal(seat, &mut v);
    v
}

fn said(g: &Fiw, seat: Seat, words: &str) -> bool {
    g.log().visible(Some(seat)).any(|e| e.text.contains(words))
}

#[test]
fn new_france_raises_a_regiment_and_a_supply_point_per_french_occupied_city() {
    // rule: fiw 14.32, 14.1, 14.4
    // 14.32's example: the British invade New France and capture Trois
    // Rivieres while the French occupy Quebec and Montreal.
    let mut g = blank(1);
    put(&mut g, "fr-bearn", sq("quebec"));
    put(&mut g, "fr-guy", sq("montreal"));
    let invader = put(&mut g, "br-line", sq("trois-rivieres"));
    g.units[invader as usize].moved = true;
    let supply = g.supply[FRENCH as usize];
    end_of_movement(&mut g, BRITISH);
    assert_eq!(g.supply[FRENCH as usize], supply + 2, "two supply points");
    assert!(said(
        &g,
        BRITISH,
        "the French receive two militia regiments and two supply points"
    ));
    // 14.4 the French choose where each goes: any city, town or settled
    // square of New France, the British-held Trois Rivieres too.
    assert!(matches!(g.stack.last(), Some(Frame::Raise { seat: FRENCH, units, .. }) if units.len() == 2));
    let options = legal(&g, FRENCH);
    for place in ["quebec", "montreal", "trois-rivieres", "louisbourg", "fort-detroit"] {
        assert!(options.contains(&Action::Raise(sq(place))), "{place} offered");
    }
    assert!(
        !options.contains(&Action::Raise(Sq::parse("1205").unwrap())),
        "rough country is not settled"
    );
    assert!(legal(&g, BRITISH).is_empty());
    g.apply_legal(FRENCH, &Action::Raise(sq("quebec")));
    g.apply_legal(FRENCH, &Action::Raise(sq("trois-rivieres")));
    assert_eq!(militia_at(&g, sq("quebec"), "new-france").len(), 1);
    let raised = militia_at(&g, sq("trois-rivieres"), "new-france");
    assert_eq!(raised.len(), 1);
    assert_eq!(g.face(raised[0]).size, Size::Regiment);
    // The British at Trois Rivieres see the regiment raised among them (27.1).
    assert!(said(&g, BRITISH, "is raised in Trois Rivieres"));
    assert!(!matches!(g.stack.last(), Some(Frame::Raise { .. })));
}

#[test]
fn a_french_force_in_new_york_raises_two_regiments_and_two_supply_points() {
    // rule: fiw 14.31, 14.1, 14.4
    let mut g = blank(2);
    let invader = put(&mut g, "fr-bearn", sq("oswego"));
    g.units[invader as usize].moved = true;
    let supply = g.supply[BRITISH as usize];
    end_of_movement(&mut g, FRENCH);
    assert_eq!(g.supply[BRITISH as usize], supply + 2);
    let options = legal(&g, BRITISH);
    // New York's city, town and settled squares; the wilderness of Oswego is none.
    assert!(options.contains(&Action::Raise(sq("new-york"))));
    assert!(options.contains(&Action::Raise(sq("albany"))));
    assert!(!options.contains(&Action::Raise(sq("oswego"))));
    g.apply_legal(BRITISH, &Action::Raise(sq("albany")));
    g.apply_legal(BRITISH, &Action::Raise(sq("albany")));
    let raised = militia_at(&g, sq("albany"), "new-york");
    assert_eq!(raised.len(), 2);
    assert!(raised.iter().all(|&u| g.face(u).size == Size::Regiment));
    // 27.1 the French, far away, learn only that a block arrived.
    assert!(said(&g, FRENCH, "A British provincial unit is raised in Albany"));
    assert!(!said(&g, FRENCH, "NY militia"));
}

#[test]
fn nova_scotia_raises_one_militia_detachment() {
    // rule: fiw 14.31
    // ruling: fiw #44
    let mut g = blank(3);
    let invader = put(&mut g, "fr-mar-det", sq("annapolis-royal"));
    g.units[invader as usize].moved = true;
    let supply = g.supply[BRITISH as usize];
    end_of_movement(&mut g, FRENCH);
    assert_eq!(g.supply[BRITISH as usize], supply + 1);
    g.apply_legal(BRITISH, &Action::Raise(sq("halifax")));
    let raised = militia_at(&g, sq("halifax"), "nova-scotia");
    assert_eq!(raised.len(), 1);
    assert_eq!(g.face(raised[0]).size, Size::Detachment, "the detachment face");
}

#[test]
fn a_village_roll_of_six_gives_two_indians_to_the_reacting_side() {
    // rule: fiw 14.34, 14.4, 25.1
    // ruling: fiw #10
    let mut g = blank(4);
    let invader = put(&mut g, "fr-mar-det", sq("logstown"));
    g.units[invader as usize].moved = true;
    g.core.dice.script([6]);
    g.core.dice.script_draws(["mohawk".to_string(), "cherokee".to_string()]);
    end_of_movement(&mut g, FRENCH);
    let indians: Vec<UnitId> = g.units_at(sq("logstown")).filter(|&u| g.is_indian(u)).collect();
    assert_eq!(indians.len(), 2);
    assert!(indians.iter().all(|&u| g.side(u) == BRITISH), "on the British side");
    let homes: Vec<&str> = indians.iter().map(|&u| g.face(u).home.as_deref().unwrap()).collect();
    assert_eq!(homes, ["mohawk", "cherokee"]);
    assert!(said(&g, FRENCH, "roll 6 for the invaded Indian village of Logstown"));

    // 1-3: nothing.
    let mut g = blank(4);
    let invader = put(&mut g, "fr-mar-det", sq("logstown"));
    g.units[invader as usize].moved = true;
    g.core.dice.script([3]);
    end_of_movement(&mut g, FRENCH);
    assert_eq!(g.units_at(sq("logstown")).filter(|&u| g.is_indian(u)).count(), 0);
}

#[test]
fn no_reaction_for_a_force_that_did_not_move() {
    // rule: fiw 14.2
    // ruling: fiw #9
    let mut g = blank(5);
    put(&mut g, "fr-bearn", sq("albany"));
    put(&mut g, "fr-mar-det", sq("logstown"));
    let supply = g.supply;
    end_of_movement(&mut g, FRENCH);
    assert_eq!(g.supply, supply);
    assert!(militia_at(&g, sq("albany"), "new-york").is_empty());
    assert_eq!(g.units_at(sq("logstown")).count(), 1);
    assert!(
        g.sub == Sub::Combat || g.sub == Sub::Movement,
        "on past the reaction: {:?}",
        g.sub
    );
    assert!(!matches!(g.stack.last(), Some(fiw::frames::Frame::Raise { .. })));
}

#[test]
fn placement_is_limited_by_forage_and_massacres() {
    // rule: fiw 14.4, 31.35, 10.71
    // ruling: fiw #23
    let mut g = blank(6);
    for place in ["quebec", "montreal", "trois-rivieres", "louisbourg"] {
        put(&mut g, "fr-mar-det", sq(place));
        g.massacres.push(sq(place));
    }
    let invader = put(&mut g, "br-line", Sq::parse("1205").unwrap());
    g.units[invader as usize].moved = true;
    let supply = g.supply[FRENCH as usize];
    end_of_movement(&mut g, BRITISH);
    // Four cities occupied: four regiments and four supply points; only
    // Detroit (a town: forage 3) may take them, three at most.
    assert_eq!(g.supply[FRENCH as usize], supply + 4);
    assert_eq!(militia_at(&g, sq("fort-detroit"), "new-france").len(), 3);
    assert!(said(&g, FRENCH, "it stays in the pool"));
    assert!(
        !matches!(g.stack.last(), Some(Frame::Raise { .. })),
        "no choice was left"
    );
}

#[test]
fn florida_raises_a_regiment_and_a_supply_point_per_spanish_occupied_city() {
    // rule: fiw 14.33, 14.3, 14.0
    let mut g = blank(8);
    g.spain = true;
    g.set_status(fiw::map::Colony::Florida, fiw::state::Status::Active);
    put(&mut g, "sp-line", sq("st-augustine"));
    // A French regiment does not make Pensacola Spanish-occupied.
    put(&mut g, "fr-bearn", sq("pensacola"));
    let invader = put(&mut g, "br-line", sq("san-marcos"));
    g.units[invader as usize].moved = true;
    let supply = g.supply[FRENCH as usize];
    end_of_movement(&mut g, BRITISH);
    assert_eq!(g.supply[FRENCH as usize], supply + 1, "one supply point");
    assert!(said(
        &g,
        BRITISH,
        "the Spanish occupy St. Augustine: the French receive one militia regiment and one supply point"
    ));
    let Some(Frame::Raise { seat, units, .. }) = g.stack.last().cloned() else {
        panic!("the French place the militia: {:?}", g.stack.last())
    };
    assert_eq!(seat, FRENCH);
    assert_eq!(units.len(), 1);
    assert_eq!(g.face(units[0]).home.as_deref(), Some("florida"));
    assert_eq!(g.face(units[0]).size, Size::Regiment);
}

#[test]
fn movement_then_invasion_reaction_then_combat() {
    // rule: fiw 12.1, 3.1
    let mut g = blank(9);
    put(&mut g, "fr-bearn", sq("quebec"));
    put(&mut g, "fr-line-det", sq("trois-rivieres"));
    let invader = put(&mut g, "br-line", sq("trois-rivieres"));
    g.units[invader as usize].moved = true;
    end_of_movement(&mut g, BRITISH);
    // The reaction comes first: the French put their militia with the
    // garrison the British attack.
    assert_eq!(g.sub, Sub::InvasionReaction);
    while matches!(g.stack.last(), Some(Frame::Raise { .. })) {
        g.apply_legal(FRENCH, &Action::Raise(sq("trois-rivieres")));
    }
    assert_eq!(g.sub, Sub::Combat);
    let rules: Vec<String> = g.log().visible(None).map(|e| e.rule.to_string()).collect();
    let reaction = rules.iter().position(|r| r == "14.32").expect("the reaction");
    let combat = rules.iter().position(|r| r == "15.1").expect("the combat");
    assert!(reaction < combat);
    let reveal = g
        .log()
        .visible(None)
        .find(|e| e.rule == "15.1")
        .map(|e| e.text.clone())
        .unwrap();
    assert!(
        reveal.contains("the French defend with Piquet line 1-4, NF militia"),
        "{reveal}"
    );
}
