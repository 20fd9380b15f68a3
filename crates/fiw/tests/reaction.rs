//! 14.0 Invasion Reaction: militia, supply points and Indians raised by an
//! invasion, and where they go (14.4).

mod common;

use common::*;
use engine::prelude::*;
use engine::Seat;
use fiw::civilization::Marker;
use fiw::forces::Size;
use fiw::frames::Frame;
use fiw::map::{Empire, Sq};
use fiw::state::{Phase, Sub, UnitId};
use fiw::tables::tables;
use fiw::{Action, Fiw};

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

/// A unit of `phasing` that moved into `at`, then the end of `phasing`'s
/// movement sub-phase: the supply points the other side received.
fn invade(g: &mut Fiw, face: &str, at: &str, phasing: Seat) -> u16 {
    let invader = put(g, face, at);
    g.units[invader as usize].moved = true;
    let reacting = usize::from(if phasing == BRITISH { FRENCH } else { BRITISH });
    let supply = g.supply[reacting];
    end_of_movement(g, phasing);
    g.supply[reacting] - supply
}

/// The units of `side` in a square whose face is militia of `home`.
fn militia_at(g: &Fiw, at: Sq, home: &str) -> Vec<UnitId> {
    g.units_at(at)
        .filter(|&u| g.is_militia(u) && g.face(u).home.as_deref() == Some(home))
        .collect()
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
    put(&mut g, "fr-bearn", "quebec");
    put(&mut g, "fr-guy", "montreal");
    assert_eq!(
        invade(&mut g, "br-line", "trois-rivieres", BRITISH),
        2,
        "two supply points"
    );
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
        !options.contains(&Action::Raise(sq("1205"))),
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
    assert_eq!(invade(&mut g, "fr-bearn", "oswego", FRENCH), 2);
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
    assert_eq!(invade(&mut g, "fr-mar-det", "annapolis-royal", FRENCH), 1);
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
    g.core.dice.script([6]);
    g.core.dice.script_draws(["mohawk".to_string(), "cherokee".to_string()]);
    invade(&mut g, "fr-mar-det", "logstown", FRENCH);
    let indians: Vec<UnitId> = g.units_at(sq("logstown")).filter(|&u| g.is_indian(u)).collect();
    assert_eq!(indians.len(), 2);
    assert!(indians.iter().all(|&u| g.side(u) == BRITISH), "on the British side");
    let homes: Vec<&str> = indians.iter().map(|&u| g.face(u).home.as_deref().unwrap()).collect();
    assert_eq!(homes, ["mohawk", "cherokee"]);
    assert!(said(&g, FRENCH, "roll 6 for the invaded Indian village of Logstown"));

    // 1-3: nothing.
    let mut g = blank(4);
    g.core.dice.script([3]);
    invade(&mut g, "fr-mar-det", "logstown", FRENCH);
    assert_eq!(g.units_at(sq("logstown")).filter(|&u| g.is_indian(u)).count(), 0);
}

#[test]
fn indians_alone_do_not_invade_a_village() {
    // rule: fiw 10.4, 14.34
    let mut g = blank(4);
    g.core.dice.script([6]);
    g.core.dice.script_draws(["mohawk".to_string(), "cherokee".to_string()]);
    invade(&mut g, "ottawa-fr", "logstown", FRENCH);
    assert!(
        !said(&g, FRENCH, "invaded Indian village"),
        "10.4: non-Indian units only"
    );
    assert_eq!(g.units_at(sq("logstown")).filter(|&u| g.side(u) == BRITISH).count(), 0);
}

#[test]
fn a_fleet_alone_invades_nothing() {
    // rule: fiw 14.1, 20.0
    // ruling: fiw #9
    // A British fleet sails into Louisbourg's port: naval units alone
    // activate no colony and raise no militia; troops landed there do.
    let mut g = blank(1);
    put(&mut g, "fr-bearn", "quebec");
    assert_eq!(invade(&mut g, "br-fleet", "louisbourg", BRITISH), 0);
    assert!(!said(&g, BRITISH, "Invasion Reaction"));
    assert!(!matches!(g.stack.last(), Some(Frame::Raise { .. })));

    let mut g = blank(1);
    put(&mut g, "fr-bearn", "quebec");
    let fleet = put(&mut g, "br-fleet", "louisbourg");
    g.units[fleet as usize].moved = true;
    assert_eq!(invade(&mut g, "br-line", "louisbourg", BRITISH), 1);
    assert!(said(&g, BRITISH, "French Invasion Reaction"));
}

#[test]
fn indians_raised_in_a_village_take_no_marker_there() {
    // rule: fiw 5.24, 14.4, 22.4
    // ruling: fiw #60
    // The British march into Logstown, an Indian village in disputed land
    // holding their magazine; the French raise an Indian unit there. It
    // was placed, it did not enter: the magazine stays British.
    let mut g = blank(5);
    put_marker(&mut g, Marker::Magazine, sq("logstown"), BRITISH);
    g.core.dice.script([4]);
    invade(&mut g, "br-line", "logstown", BRITISH);
    let indians: Vec<UnitId> = g.units_at(sq("logstown")).filter(|&u| g.is_indian(u)).collect();
    assert_eq!(indians.len(), 1, "one Indian unit raised");
    assert_eq!(g.side(indians[0]), FRENCH);
    assert!(g.civs.iter().any(|c| c.sq == sq("logstown") && c.side == BRITISH));
}

#[test]
fn a_village_does_not_react_to_its_own_side_entering_its_colony() {
    // rule: fiw 14.1, 10.4, 14.34
    // ruling: fiw #92
    // A French force marches into its own Trois Rivieres, beside
    // Saint-François: that is no invasion, and the British roll nothing.
    let mut g = blank(5);
    g.core.dice.script([6]);
    invade(&mut g, "fr-bearn", "saint-francois", FRENCH);
    assert!(!said(&g, BRITISH, "invaded Indian village"));
    assert_eq!(g.core.dice.scripted_left(), 1, "no die rolled");
    assert!(!g.units_at(sq("saint-francois")).any(|u| g.is_indian(u)));

    // The British entering it invade New France: the French roll.
    let mut g = blank(5);
    put(&mut g, "fr-bearn", "quebec");
    g.core.dice.script([6]);
    invade(&mut g, "br-line", "saint-francois", BRITISH);
    assert!(said(
        &g,
        FRENCH,
        "The French roll 6 for the invaded Indian village of Saint-François"
    ));
    assert_eq!(
        g.units_at(sq("saint-francois"))
            .filter(|&u| g.is_indian(u) && g.side(u) == FRENCH)
            .count(),
        2
    );

    // Nor does a British colony's village react to the British.
    let m = &tables().map;
    let village = m
        .places
        .iter()
        .filter(|p| p.tribe.is_some())
        .find(|p| m.colony(p.sq).and_then(|c| c.empire()) == Some(Empire::British))
        .expect("a village in a British colony")
        .sq;
    let mut g = blank(5);
    g.core.dice.script([6]);
    invade(&mut g, "br-line", &village.to_string(), BRITISH);
    assert!(!said(&g, FRENCH, "invaded Indian village"));
}

#[test]
fn militia_raised_into_an_enemy_held_fortress_besiege_it() {
    // rule: fiw 23.21, 23.22, 14.4
    // ruling: fiw #17
    let mut g = blank(5);
    // Ruling fiw #83: the British hold Quebec, so their regiment is its
    // garrison.
    let fortress = g
        .civs
        .iter_mut()
        .find(|c| c.sq == sq("quebec") && c.kind == Marker::Fortress);
    fortress.expect("Quebec's fortress").side = BRITISH;
    put(&mut g, "fr-bearn", "montreal");
    let garrison = put(&mut g, "br-line", "quebec");
    g.units[garrison as usize].moved = true;
    end_of_movement(&mut g, BRITISH);
    while matches!(g.stack.last(), Some(Frame::Raise { .. })) {
        g.apply_legal(FRENCH, &Action::Raise(sq("quebec")));
    }
    assert!(g.besieged(sq("quebec")));
    // The British were there first: they are inside, the militia outside,
    // so the British need not attack (23.23) and ignore retreats (23.21).
    assert!(g.units[garrison as usize].inside);
    assert!(militia_at(&g, sq("quebec"), "new-france")
        .iter()
        .all(|&u| !g.units[u as usize].inside));
}

#[test]
fn no_reaction_for_a_force_that_did_not_move() {
    // rule: fiw 14.2
    // ruling: fiw #9
    let mut g = blank(5);
    put(&mut g, "fr-bearn", "albany");
    put(&mut g, "fr-mar-det", "logstown");
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
        put(&mut g, "fr-mar-det", place);
        g.massacres.push(sq(place));
    }
    // Four cities occupied: four regiments and four supply points; only
    // Detroit (a town: forage 3) may take them, three at most.
    assert_eq!(invade(&mut g, "br-line", "1205", BRITISH), 4);
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
    put(&mut g, "sp-line", "st-augustine");
    // A French regiment does not make Pensacola Spanish-occupied.
    put(&mut g, "fr-bearn", "pensacola");
    assert_eq!(invade(&mut g, "br-line", "san-marcos", BRITISH), 1, "one supply point");
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
    put(&mut g, "fr-bearn", "quebec");
    put(&mut g, "fr-line-det", "trois-rivieres");
    invade(&mut g, "br-line", "trois-rivieres", BRITISH);
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

#[test]
fn militia_raised_among_hidden_enemy_pieces_cannot_be_taken_back() {
    // rule: fiw 14.4, 27.1
    // A French unit stands unseen in a settled square of New York; the
    // British raise a regiment there: it shows the French piece, so the
    // raise is an undo barrier (fuzz, fiw seed 7248).
    let m = &tables().map;
    let hidden = m
        .squares
        .iter()
        .find(|s| {
            s.colony == Some(fiw::map::Colony::NewYork)
                && s.terrain == fiw::map::Terrain::Settled
                && free_of_places(s.sq)
        })
        .map(|s| s.sq)
        .expect("a settled square of New York without a town");
    let mut g = blank(2);
    put(&mut g, "fr-mar-det", hidden);
    invade(&mut g, "fr-bearn", "oswego", FRENCH);
    let raise = Action::Raise(hidden);
    assert!(legal(&g, BRITISH).contains(&raise), "settled squares take militia");
    assert!(g.describe(BRITISH, &raise).irreversible);
    assert!(!g.describe(BRITISH, &Action::Raise(sq("albany"))).irreversible);
}

/// No city, town or village in the square.
fn free_of_places(s: Sq) -> bool {
    tables().map.places_in(s).next().is_none()
}
