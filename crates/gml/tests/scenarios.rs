//! 12.0 the battle scenarios: lengths, deployment as printed, the choices
//! a deployment leaves to its seat, and the turn's first phases.

mod common;

use common::{cleared, deployed, enter_after, leader, leader_at, log_text, logged, put, put_leader, space, zone};
use engine::prelude::*;
use engine::Setup;
use gml::forces::{Kind, AMERICAN, BRITISH};
use gml::frames::Frame;
use gml::scenario::{Piece, Scenario, SCENARIOS};
use gml::state::{Phase, Place};
use gml::tables::tables;
use gml::{Action, Gml};

fn new(scenario: &str) -> Gml {
    Gml::new(&Setup::new(scenario, 1))
}

fn on_map(g: &Gml, seat: engine::Seat) -> usize {
    let units = (0..g.units.len() as u16)
        .filter(|&u| matches!(g.units[u as usize].at(), Place::Space(_)) && g.side(u) == seat)
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

// rule: gml 12.13, 12.23, 12.33, 12.43
#[test]
fn no_choice_of_a_set_up_keeps_the_other_side_off_the_map() {
    // The i-th space of every choice (the last where there are fewer):
    // across all i each line takes each of its spaces. Putnam "within 2
    // spaces of New York City" (12.23) may not take New York, where the
    // British set up after him.
    for key in ["canada", "saratoga", "southern-1780", "greene"] {
        let mut widest = 1;
        let mut i = 0;
        while i < widest {
            let mut g = new(key);
            while g.phase == Phase::Deployment {
                let seat = g.to_act().iter().next().unwrap();
                let mut legal = Vec::new();
                g.legal(seat, &mut legal);
                widest = widest.max(legal.len());
                if let Some(Frame::Deploy { spaces, line, .. }) = g.stack.last() {
                    let l = g.line(*line, false);
                    if l.pieces.contains(&Piece::Leader("putnam")) {
                        assert!(spaces.iter().all(|&s| g.space_id(s) != "new-york"), "{spaces:?}");
                    }
                }
                g.apply_legal(seat, &legal[i.min(legal.len() - 1)]);
            }
            let sc = g.scenario;
            assert!(!common::logged(&g, "No space is free"), "{key}, choice {i}");
            assert_eq!(on_map(&g, BRITISH), printed(sc, BRITISH), "{key} British, choice {i}");
            assert_eq!(
                on_map(&g, AMERICAN),
                printed(sc, AMERICAN),
                "{key} American, choice {i}"
            );
            i += 1;
        }
    }
}

#[test]
fn a_line_in_words_names_its_own_side_s_counters() {
    let g = new("saratoga");
    let howe = (0..)
        .map(|i| g.line(i, false))
        .find(|l| l.pieces.contains(&Piece::Leader("howe")))
        .unwrap();
    let words = g.line_words(howe);
    assert!(words.contains("Howe") && words.contains("British Artillery"), "{words}");
    assert!(!words.contains("Continental"), "{words}");
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

/// A green counter of the kind put in `at`, the space remembered as the
/// seat's (9.2) as if the counter had marched in.
fn hold(g: &mut Gml, seat: engine::Seat, kind: Kind, at: &str) -> u16 {
    let u = put(g, seat, kind, 1, at)[0];
    g.mark_control(space(at));
    u
}

// rule: gml 12.15, 9.2, 12.0
#[test]
fn canada_is_an_american_win_holding_quebec_and_montreal_at_a_turn_end() {
    let mut g = cleared("canada", Phase::Final);
    hold(&mut g, AMERICAN, Kind::Continental, "quebec");
    enter_after(&mut g, Phase::Final);
    assert!(g.core.outcome.is_none(), "Quebec alone is not enough");
    let m = hold(&mut g, AMERICAN, Kind::Militia, "montreal");
    // The militia leave Montreal: it stays American, the last to hold it alone.
    g.units.place(m, Place::Pool);
    enter_after(&mut g, Phase::Final);
    let o = g.core.outcome.clone().expect("the Americans win");
    assert_eq!(o.winner, Some(AMERICAN));
    assert_eq!(o.rule, "12.15");
}

// rule: gml 12.15
#[test]
fn canada_is_a_british_win_at_the_end_otherwise() {
    let mut g = cleared("canada", Phase::Final);
    hold(&mut g, AMERICAN, Kind::Continental, "quebec");
    g.turn += g.turns() - 1;
    enter_after(&mut g, Phase::Final);
    assert_eq!(g.core.outcome.unwrap().winner, Some(BRITISH));
}

// rule: gml 12.25, 9.2
#[test]
fn saratoga_is_british_with_five_of_six_spaces_and_tories_hold_none() {
    let mut g = cleared("saratoga", Phase::Final);
    for s in ["philadelphia", "new-york", "west-point", "albany"] {
        hold(&mut g, BRITISH, Kind::British, s);
    }
    hold(&mut g, BRITISH, Kind::Tory, "fort-stanwix");
    enter_after(&mut g, Phase::Final);
    assert!(g.core.outcome.is_none(), "a Tory does not control for victory (9.2)");
    hold(&mut g, BRITISH, Kind::Hessian, "ticonderoga");
    enter_after(&mut g, Phase::Final);
    assert_eq!(g.core.outcome.unwrap().winner, Some(BRITISH));
    let mut g = cleared("saratoga", Phase::Final);
    g.turn += g.turns() - 1;
    enter_after(&mut g, Phase::Final);
    assert_eq!(g.core.outcome.unwrap().winner, Some(AMERICAN));
}

// rule: gml 12.35
#[test]
fn the_southern_campaign_has_two_thresholds_and_a_draw() {
    let mut g = cleared("southern-1780", Phase::Final);
    for s in ["camden", "charlotte", "augusta"] {
        hold(&mut g, AMERICAN, Kind::Militia, s);
    }
    enter_after(&mut g, Phase::Final);
    assert!(
        g.core.outcome.is_none(),
        "the Americans' three count at the end of the game"
    );
    g.turn += g.turns() - 2;
    enter_after(&mut g, Phase::Final);
    assert_eq!(g.core.outcome.unwrap().winner, Some(AMERICAN));
    let mut g = cleared("southern-1780", Phase::Final);
    for s in [
        "charleston",
        "savannah",
        "augusta",
        "ninety-six",
        "camden",
        "wilmington",
    ] {
        hold(&mut g, BRITISH, Kind::British, s);
    }
    enter_after(&mut g, Phase::Final);
    assert_eq!(g.core.outcome.unwrap().winner, Some(BRITISH));
    let mut g = cleared("southern-1780", Phase::Final);
    hold(&mut g, AMERICAN, Kind::Militia, "camden");
    g.turn += g.turns() - 1;
    enter_after(&mut g, Phase::Final);
    let o = g.core.outcome.unwrap();
    assert_eq!(o.winner, None, "{}", o.reason);
}

// rule: gml 12.45
#[test]
fn greene_is_judged_at_the_end_only() {
    let mut g = cleared("greene", Phase::Final);
    hold(&mut g, AMERICAN, Kind::Militia, "augusta");
    enter_after(&mut g, Phase::Final);
    assert!(g.core.outcome.is_none(), "only at the end of April II");
    g.turn = {
        let t = &gml::tables::tables().turns;
        t.iter().position(|t| t.id == "1781-apr-2").unwrap() as u16
    };
    enter_after(&mut g, Phase::Final);
    assert_eq!(g.core.outcome.unwrap().winner, Some(AMERICAN));
}

/// The Reinforcement Phase of `seat` in the scenario's turn `turn`, its
/// militia rolls failing (a 10 raises nothing in any column: militia.tsv).
fn reinforce(g: &mut Gml, turn: &str, seat: engine::Seat, then: &[u8]) {
    let rolls = g.scenario.spec().militia.iter().filter(|r| r.seat == seat).count();
    let mut dice: Vec<u8> = vec![10; rolls];
    dice.extend(then);
    g.core.dice.script(dice);
    g.turn = gml::tables::tables().turns.iter().position(|t| t.id == turn).unwrap() as u16;
    enter_after(g, Phase::Combat(seat));
}

// rule: gml 12.14
#[test]
fn clinton_lands_at_quebec_in_may_or_beside_the_st_lawrence_if_it_is_lost() {
    let mut g = cleared("canada", Phase::Final);
    reinforce(&mut g, "1776-may-1", BRITISH, &[]);
    let clinton = leader(&g, "clinton");
    assert_eq!(leader_at(&g, clinton), "quebec");
    let mut g = cleared("canada", Phase::Final);
    hold(&mut g, AMERICAN, Kind::Continental, "quebec");
    reinforce(&mut g, "1776-may-1", BRITISH, &[]);
    let Some(Frame::Deploy { spaces, .. }) = g.stack.last() else {
        panic!("the British choose where Clinton lands")
    };
    let m = &gml::tables::tables().map;
    assert!(!spaces.contains(&m.space("quebec").unwrap()));
    assert!(spaces.contains(&m.space("montreal").unwrap()));
    for &s in spaces {
        let z = m.get(s).port.expect("a port on the river");
        assert!(m.zones[z as usize].id.starts_with("st-lawrence"));
    }
}

// rule: gml 12.14, 6.7
// ruling: gml #36
#[test]
fn clinton_landing_in_a_state_not_yet_entered_calls_its_militia() {
    let mut g = cleared("canada", Phase::Final);
    hold(&mut g, AMERICAN, Kind::Continental, "quebec");
    let m = &gml::tables::tables().map;
    let oswegatchie = space("oswegatchie");
    let new_york = m.get(oswegatchie).state;
    g.called.retain(|&s| s != new_york);
    reinforce(&mut g, "1776-may-1", BRITISH, &[]);
    common::take(&mut g, gml::actions::Action::Place(oswegatchie));
    // Before, a scheduled landing called nobody.
    common::assert_logged(&g, "its militia are called");
    assert!(g.called.contains(&new_york));
}

// rule: gml 12.14, 12.34, 5.2
// ruling: gml #46
#[test]
fn an_arriving_leader_commands_the_units_he_arrives_with() {
    let mut g = cleared("canada", Phase::Final);
    reinforce(&mut g, "1776-may-1", BRITISH, &[]);
    let clinton = leader(&g, "clinton");
    let force: Vec<_> = g.force(clinton).collect();
    // Before, his two units arrived under nobody: Clinton's Defensive
    // Value was lost in a combat before his first activation.
    assert_eq!(force.len(), 2, "Clinton and two British land units");
    assert!(force.iter().all(|&u| common::at(&g, u) == "quebec"));
}

// rule: gml 12.24
#[test]
fn gates_replaces_schuyler_on_a_six_or_more_from_june_ii() {
    let mut g = cleared("saratoga", Phase::Final);
    let schuyler = put_leader(&mut g, "schuyler", "albany");
    let units = put(&mut g, AMERICAN, Kind::Continental, 2, "albany");
    g.mark_control(space("albany"));
    for &u in &units {
        g.units[u as usize].leader = Some(schuyler);
    }
    reinforce(&mut g, "1777-jun-1", AMERICAN, &[9]);
    assert_eq!(g.core.dice.scripted_left(), 1, "no roll before June II");
    g.core.dice = engine::Dice::seeded(3);
    reinforce(&mut g, "1777-jun-2", AMERICAN, &[5]);
    assert_eq!(leader_at(&g, schuyler), "albany", "5 fails");
    reinforce(&mut g, "1777-jul-1", AMERICAN, &[6]);
    let gates = leader(&g, "gates");
    assert_eq!(leader_at(&g, gates), "albany");
    assert_eq!(g.leaders[schuyler as usize].at, Place::Gone);
    assert!(
        units.iter().all(|&u| g.units[u as usize].leader == Some(gates)),
        "Gates takes Schuyler's command"
    );
}

// rule: gml 12.34
#[test]
fn southern_reinforcements_enter_beside_an_occupied_space() {
    let mut g = cleared("southern-1780", Phase::Final);
    reinforce(&mut g, "1780-mar-1", AMERICAN, &[]);
    let alexandria = space("alexandria");
    assert_eq!(g.land_at(alexandria, AMERICAN).count(), 1);
    let mut g = cleared("southern-1780", Phase::Final);
    hold(&mut g, BRITISH, Kind::British, "hillsborough");
    reinforce(&mut g, "1780-jun-2", AMERICAN, &[]);
    let Some(Frame::Deploy { spaces, .. }) = g.stack.last() else {
        panic!("Kalb's column chooses a free neighbour of Hillsborough")
    };
    let m = &gml::tables::tables().map;
    let h = m.space("hillsborough").unwrap();
    assert!(!spaces.contains(&h));
    assert!(spaces.iter().all(|&s| m.between(h, s).is_some()));
}

// rule: gml 3.1, 3.0
#[test]
fn a_turn_runs_the_phases_of_3_1_in_order_and_the_turn_marker_moves() {
    let mut g = deployed("greene");
    let first = g.turn;
    let mut seen: Vec<Phase> = vec![g.phase];
    let mut rng_pick = 0usize;
    while g.turn == first && g.core.outcome.is_none() {
        let seat = g.to_act().iter().next().expect("someone acts");
        let mut legal = Vec::new();
        g.legal(seat, &mut legal);
        // Ending things at once where offered keeps the turn short.
        let a = legal
            .iter()
            .find(|a| **a == Action::Done)
            .copied()
            .unwrap_or(legal[rng_pick % legal.len()]);
        rng_pick += 1;
        g.apply_legal(seat, &a);
        if seen.last() != Some(&g.phase) {
            seen.push(g.phase);
        }
    }
    let want = [
        Phase::Command(BRITISH),
        Phase::Activation(BRITISH),
        Phase::Combat(BRITISH),
        Phase::Reinforcement(BRITISH),
        Phase::Command(AMERICAN),
        Phase::Activation(AMERICAN),
        Phase::Combat(AMERICAN),
        Phase::Reinforcement(AMERICAN),
        Phase::Supply,
        Phase::Final,
        Phase::Command(BRITISH),
    ];
    // Phases with no decision pass unseen: what was seen is in 3.1's order.
    let mut at = 0;
    for p in &seen {
        let i = want[at..]
            .iter()
            .position(|w| w == p)
            .unwrap_or_else(|| panic!("{p:?} out of order in {seen:?}"));
        at += i;
    }
    assert_eq!(g.turn, first + 1, "the turn marker moved");
    assert_eq!(g.phase, Phase::Command(BRITISH));
}

// rule: gml 5.2, 12.23
#[test]
fn a_leader_commands_the_units_of_his_set_up_line_before_any_activation() {
    // Ruling gml #46: Schuyler's line (Schuyler, Arnold, 2 Continentals at
    // Ticonderoga) forms his command when the American set-up ends; all
    // fits his Command Value (3), so nobody is asked.
    let mut g = deployed("saratoga");
    let (schuyler, arnold) = (leader(&g, "schuyler"), leader(&g, "arnold"));
    let ticonderoga = space("ticonderoga");
    let line: Vec<u16> = g.land_at(ticonderoga, AMERICAN).collect();
    assert_eq!(line.len(), 2);
    assert!(line.iter().all(|&u| g.units[u as usize].leader == Some(schuyler)));
    assert_eq!(
        g.leaders[arnold as usize].under,
        Some(schuyler),
        "5.4 Arnold serves under him"
    );
    common::assert_logged(
        &g,
        "Philip Schuyler commands Benedict Arnold, Continental unit and Continental unit",
    );
    // A British attack there before any American activation: Schuyler's
    // Defensive Value counts (5.3).
    put(&mut g, BRITISH, Kind::British, 2, "ticonderoga");
    enter_after(&mut g, Phase::Activation(BRITISH));
    common::assert_logged(&g, "Land combat in Ticonderoga");
    let bonus: Vec<Action> = common::legal(&g)
        .into_iter()
        .filter(|a| matches!(a, Action::Bonus(_)))
        .collect();
    assert_eq!(bonus, line.iter().map(|&u| Action::Bonus(u)).collect::<Vec<_>>());
    common::take(&mut g, bonus[0]);
    common::assert_logged(&g, "Philip Schuyler adds 1 point to the Continental unit");
}

// rule: gml 5.2, 12.33
#[test]
fn a_leader_with_more_units_than_his_command_value_has_his_seat_choose() {
    // Lincoln (Command Value 4) and six units in Charleston: offered the
    // first four in counter order, the American may change them.
    let mut g = new("southern-1780");
    let lincoln = leader(&g, "lincoln");
    while !matches!(g.stack.last(), Some(Frame::Form { .. })) {
        assert_eq!(
            g.phase,
            Phase::Deployment,
            "Lincoln's command is asked during the set-up"
        );
        let seat = g.to_act().iter().next().expect("a seat deploys");
        let legal = common::legal(&g);
        g.apply_legal(seat, &legal[0]);
    }
    assert!(matches!(
        g.stack.last(),
        Some(&Frame::Form { leader, muster: true, .. }) if leader == lincoln
    ));
    assert_eq!(g.to_act().iter().collect::<Vec<_>>(), vec![AMERICAN]);
    let charleston = space("charleston");
    let force: Vec<u16> = g.force(lincoln).collect();
    assert_eq!(force.len(), 4, "offered up to his Command Value");
    let gun = g
        .land_at(charleston, AMERICAN)
        .find(|&u| g.counters(u).kind == Kind::Artillery)
        .expect("the Continental Artillery");
    assert!(!force.contains(&gun));
    let legal = common::legal(&g);
    assert_eq!(legal[0], Action::Done, "keeping the offer comes first");
    assert!(!legal.contains(&Action::Join(gun, lincoln)), "no room");
    common::take(&mut g, Action::Leave(force[0]));
    common::take(&mut g, Action::Join(gun, lincoln));
    common::take(&mut g, Action::Done);
    assert!(g.force(lincoln).any(|u| u == gun));
    assert!(!g.force(lincoln).any(|u| u == force[0]));
    assert!(
        !g.units[gun as usize].done && !g.leaders[lincoln as usize].done,
        "no activation"
    );
    common::assert_logged(&g, "Benjamin Lincoln commands");
}

/// 12.24 "Starting with the 11 June turn, the American player rolls dice
/// during each allied reinforcement phase to see whether Gates replaces
/// Schuyler. With a dice roll of 6 or more, Schuyler is withdrawn and
/// replaced by Gates."
///
/// Schuyler is aboard a transport at sea (ruling gml #51 lets a leader sail
/// with a unit; 7.3 lets it end its phase at sea) in the American
/// Reinforcement Phase of June II. The book makes the roll in each such
/// phase; the code skips it because Schuyler is not in a land space, so a
/// 6 does not bring Gates (rules gml-13).
// rule: gml 12.24
// ruling: gml #55
#[test]
fn the_gates_roll_is_made_while_schuyler_is_at_sea() {
    let mut g = cleared("saratoga", Phase::Final);
    let schuyler = leader(&g, "schuyler");
    let cont = put(&mut g, AMERICAN, Kind::Continental, 1, "philadelphia")[0];
    let z = Place::Zone(zone("zone-4"));
    g.units.place(cont, z);
    g.units[cont as usize].leader = Some(schuyler);
    g.leaders[schuyler as usize].at = z;
    g.invariants().unwrap();
    // The American militia rolls fail (10), then the Gates roll: 6.
    let rolls = g.scenario.spec().militia.iter().filter(|r| r.seat == AMERICAN).count();
    let mut dice = vec![10; rolls];
    dice.push(6);
    g.core.dice.script(dice);
    g.turn = tables().turns.iter().position(|t| t.id == "1777-jun-2").unwrap() as u16;
    enter_after(&mut g, Phase::Combat(AMERICAN));
    assert!(
        logged(&g, "Gates for Schuyler"),
        "12.24: no Gates roll was made in the June II American Reinforcement Phase.\nLog:\n{}",
        log_text(&g)
    );
    assert_eq!(g.leaders[schuyler as usize].at, Place::Gone, "a 6 replaces Schuyler");
    let gates = leader(&g, "gates");
    assert_eq!(g.leaders[gates as usize].at, z, "Gates takes his place aboard");
}
