//! 12.0 the battle scenarios: lengths, deployment as printed, the choices
//! a deployment leaves to its seat, and the turn's first phases.

use engine::prelude::*;
use engine::Setup;
use gml::forces::{AMERICAN, BRITISH};
use gml::frames::Frame;
use gml::scenario::{Piece, Scenario, SCENARIOS};
use gml::state::{Phase, Place};
use gml::{Action, Gml};

fn new(scenario: &str) -> Gml {
    Gml::new(&Setup::new(scenario, 1))
}

/// Plays the set-up's choices with each seat's first legal action.
fn deployed(scenario: &str) -> Gml {
    let mut g = new(scenario);
    while g.phase == Phase::Deployment {
        let seat = g.to_act().iter().next().expect("a seat deploys");
        let mut legal = Vec::new();
        g.legal(seat, &mut legal);
        g.apply_legal(seat, &legal[0]);
    }
    g
}

fn on_map(g: &Gml, seat: engine::Seat) -> usize {
    let units = (0..g.units.len() as u16)
        .filter(|&u| matches!(g.units[u as usize].at, Place::Space(_)) && g.side(u) == seat)
        .count();
    let leaders = (0..g.leaders.len() as u8)
        .filter(|&l| matches!(g.leaders[l as usize].at, Place::Space(_)) && g.leader(l).side == seat)
        .count();
    units + leaders
}

fn printed(scenario: Scenario, seat: engine::Seat) -> usize {
    scenario
        .spec()
        .deployment
        .iter()
        .filter(|l| l.seat == seat)
        .flat_map(|l| l.pieces.iter())
        .map(|p| match p {
            Piece::Leader(_) => 1,
            Piece::Units { n, .. } => *n as usize,
        })
        .sum()
}

// rule: gml 12.11, 12.21, 12.31, 12.41
#[test]
fn each_scenario_lasts_as_printed() {
    for (key, turns) in [("canada", 17), ("saratoga", 13), ("southern-1780", 18), ("greene", 7)] {
        let g = new(key);
        assert_eq!(g.turns(), turns, "{key}");
        assert_eq!(g.turn_index(), 0);
    }
    for (i, spec) in SCENARIOS.iter().enumerate() {
        assert_eq!(spec.scenario as usize, i, "SCENARIOS follows the enum's order");
    }
}

// rule: gml 12.13, 12.23, 12.33, 12.43
#[test]
fn every_printed_piece_is_deployed() {
    for key in ["canada", "saratoga", "southern-1780", "greene"] {
        let g = deployed(key);
        let sc = g.scenario;
        assert_eq!(on_map(&g, BRITISH), printed(sc, BRITISH), "{key} British");
        assert_eq!(on_map(&g, AMERICAN), printed(sc, AMERICAN), "{key} American");
        g.invariants().unwrap();
    }
}

// rule: gml 12.13
#[test]
fn canada_deploys_north_of_ticonderoga_at_crown_point_and_entrenched() {
    let g = deployed("canada");
    let at = |leader: &str| {
        let l = (0..g.leaders.len() as u8).find(|&l| g.leader(l).id == leader).unwrap();
        match g.leaders[l as usize].at {
            Place::Space(s) => g.space_id(s).to_string(),
            other => format!("{other:?}"),
        }
    };
    // "1 space north of Ticonderoga": Crown Point is its one neighbour further north.
    assert_eq!(at("montgomery"), "crown-point");
    assert_eq!(at("allen"), "crown-point");
    assert_eq!(at("carleton"), "montreal");
    let quebec = gml::tables::tables().map.space("quebec").unwrap();
    assert!(g.units_at(quebec).all(|u| g.units[u as usize].entrenched));
    assert_eq!(g.units_at(quebec).count(), 2);
}

// rule: gml 12.23
#[test]
fn saratoga_leaves_washington_a_choice_south_of_west_point_in_new_jersey() {
    let mut g = new("saratoga");
    let mut seen = None;
    while g.phase == Phase::Deployment {
        if let Some(Frame::Deploy { spaces, line, .. }) = g.stack.last() {
            let l = g.line(*line, false);
            if l.pieces.contains(&Piece::Leader("washington")) {
                seen = Some(spaces.iter().map(|&s| g.space_id(s)).collect::<Vec<_>>());
            }
        }
        let seat = g.to_act().iter().next().unwrap();
        let mut legal = Vec::new();
        g.legal(seat, &mut legal);
        g.apply_legal(seat, &legal[legal.len() - 1]);
    }
    let spaces = seen.expect("Washington's line is a choice");
    assert!(
        spaces.contains(&"fort-lee") && spaces.contains(&"pompton"),
        "{spaces:?}"
    );
    let m = &gml::tables::tables().map;
    for s in spaces {
        let sp = m.get(m.space(s).unwrap());
        assert_eq!(m.state(sp).id, "nj");
    }
}

// rule: gml 12.11, 3.1
#[test]
fn canada_skips_the_british_part_of_its_first_turn() {
    let g = deployed("canada");
    assert_eq!(g.phase, Phase::Command(AMERICAN));
    assert_eq!(g.to_act().iter().collect::<Vec<_>>(), vec![AMERICAN]);
    let g = deployed("greene");
    assert_eq!(g.phase, Phase::Command(BRITISH));
    let mut legal = Vec::new();
    g.legal(BRITISH, &mut legal);
    assert_eq!(legal, vec![Action::Roll, Action::Single]);
}
