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
    // "any space adjacent to the San Lorenzo River": the banks below
    // Quebec too, not only the river's ports (rules gml-23).
    assert!(spaces.contains(&m.space("pointe-levis").unwrap()));
    assert!(spaces.contains(&m.space("pointe-aux-trembles").unwrap()));
    for &s in spaces {
        assert!(m.get(s).bank, "{} is on the river", m.get(s).name);
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

// rule: gml 5.2, 12.23, 5.4
#[test]
fn a_leader_commands_the_units_of_his_set_up_line_before_any_activation() {
    // Ruling gml #46: Schuyler's line (Schuyler, Arnold, 2 Continentals at
    // Ticonderoga) forms his command when the American set-up ends.
    // Ruling gml #72: Arnold serves under him and the offer gives each a
    // unit, so that both leaders' values count (5.1, 5.3); the American is
    // asked, and keeps the offer.
    // ruling: gml #72
    let mut g = deployed("saratoga");
    let (schuyler, arnold) = (leader(&g, "schuyler"), leader(&g, "arnold"));
    let ticonderoga = space("ticonderoga");
    let line: Vec<u16> = g.land_at(ticonderoga, AMERICAN).collect();
    assert_eq!(line.len(), 2);
    let mine = |l| {
        line.iter()
            .copied()
            .filter(|&u| g.units[u as usize].leader == Some(l))
            .count()
    };
    assert_eq!((mine(schuyler), mine(arnold)), (1, 1), "a unit each");
    let arnold_s = line
        .iter()
        .copied()
        .find(|&u| g.units[u as usize].leader == Some(arnold))
        .expect("Arnold's unit");
    assert_eq!(
        g.leaders[arnold as usize].under,
        Some(schuyler),
        "5.4 Arnold serves under him"
    );
    common::assert_logged(
        &g,
        "Philip Schuyler commands 1 Continental unit; Benedict Arnold, under him, 1 Continental unit",
    );
    // A British attack there before any American activation: Schuyler's
    // Defensive Value (2) goes to either unit of his command, then
    // Arnold's (1) to his own unit, the only one he may give it to.
    put(&mut g, BRITISH, Kind::British, 2, "ticonderoga");
    enter_after(&mut g, Phase::Activation(BRITISH));
    // The combat's first line says who commands which units (session
    // 38's audit: it had named every leader on the panel as if he did).
    common::assert_logged(
        &g,
        "the Americans defend with 2 units (Philip Schuyler commanding 1, Benedict Arnold commanding 1)",
    );
    let bonus = |g: &Gml| -> Vec<Action> {
        common::legal(g)
            .into_iter()
            .filter(|a| matches!(a, Action::Bonus(_)))
            .collect()
    };
    assert_eq!(bonus(&g), line.iter().map(|&u| Action::Bonus(u)).collect::<Vec<_>>());
    common::take(&mut g, Action::Bonus(arnold_s));
    common::assert_logged(&g, "Philip Schuyler adds 1 point to the Continental unit");
    common::take(&mut g, Action::Bonus(arnold_s));
    common::assert_logged(&g, "Benedict Arnold adds 1 point to the Continental unit");
    assert!(bonus(&g).is_empty(), "{:?}", common::legal(&g));
}

// rule: gml 5.2, 12.33
#[test]
fn a_leader_with_more_units_than_his_command_value_has_his_seat_choose() {
    // Lincoln (Command Value 4) and his line's six units in Charleston
    // (12.33: the artillery, an NC and an SC militia, 3 Continentals): the
    // first four of the line are placed under him (ruling gml #46), the
    // American may change them.
    // rule: gml 6.14
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
    let mut kinds: Vec<String> = force.iter().map(|&u| format!("{:?}", g.counters(u).kind)).collect();
    kinds.sort();
    assert_eq!(
        kinds,
        ["Artillery", "Continental", "Militia", "Militia"],
        "the line's first four, up to his Command Value"
    );
    let out = g
        .land_at(charleston, AMERICAN)
        .find(|&u| !force.contains(&u))
        .expect("a Continental left out");
    let militia = force[1];
    let legal = common::legal(&g);
    assert_eq!(legal[0], Action::Done, "keeping the offer comes first");
    assert!(!legal.contains(&Action::Join(out, lincoln)), "no room");
    common::take(&mut g, Action::Leave(militia));
    common::take(&mut g, Action::Join(out, lincoln));
    // The prompt names who is in the force as it is formed.
    let ask = engine::Procedure::prompt(&g, AMERICAN).text;
    assert!(ask.contains("now Benjamin Lincoln 4 of 4 units"), "{ask}");
    common::take(&mut g, Action::Done);
    assert!(g.force(lincoln).any(|u| u == out));
    assert!(!g.force(lincoln).any(|u| u == militia));
    assert!(
        !g.units[out as usize].done && !g.leaders[lincoln as usize].done,
        "no activation"
    );
    common::assert_logged(&g, "Benjamin Lincoln commands");
}

/// 5.4, 12.23: Washington's set-up line at Pompton has Sullivan and Wayne
/// with him. The muster (ruling gml #46) offers the chain by rank (Sullivan
/// under Washington, Wayne under Sullivan) and a unit to each leader before
/// Washington takes the rest (ruling gml #72: a subordinate without units
/// adds nothing, 5.1, 5.3); with subordinates in the chain the American is
/// asked, and may hand units on or release a leader.
// rule: gml 5.4, 5.2, 12.23
// ruling: gml #46, #72
#[test]
fn the_set_up_command_gives_each_leader_a_unit_and_lets_the_player_arrange_it() {
    let mut g = new("saratoga");
    let (w, sullivan, wayne) = (leader(&g, "washington"), leader(&g, "sullivan"), leader(&g, "wayne"));
    while !matches!(g.stack.last(), Some(&Frame::Form { leader, .. }) if leader == w) {
        assert_eq!(g.phase, Phase::Deployment, "Washington's command is asked at set-up");
        let seat = g.to_act().iter().next().expect("a seat deploys");
        let legal = common::legal(&g);
        g.apply_legal(seat, &legal[0]);
    }
    assert_eq!(g.leaders[sullivan as usize].under, Some(w));
    assert_eq!(g.leaders[wayne as usize].under, Some(sullivan));
    for l in [w, sullivan, wayne] {
        assert!(g.force(l).count() >= 1, "{} commands a unit", g.leader(l).name);
    }
    let legal = common::legal(&g);
    assert_eq!(legal[0], Action::Done, "keeping the offer comes first");
    assert!(legal.contains(&Action::Release(sullivan)));
    let gun = g
        .force(w)
        .find(|&u| g.counters(u).kind == Kind::Artillery)
        .expect("the gun");
    common::take(&mut g, Action::Join(gun, wayne));
    common::take(&mut g, Action::Done);
    assert_eq!(g.units[gun as usize].leader, Some(wayne));
    common::assert_logged(
        &g,
        "Anthony Wayne, under John Sullivan, 1 Continental unit and 1 Continental Artillery",
    );
    assert!(!g.leaders[w as usize].done, "no activation");
}

/// 12.43 prints "Within 1 space of Camden: Cornwallis, 4 British land
/// units, 1 Hessian land unit, 1 SC Militia" and "Camden: Tarleton, 2
/// British land units, 1 British Artillery". Both in Camden, each leader
/// keeps his own line's units (ruling gml #46: "Each set-up line names a
/// leader with his units"); rules gml-22 had dealt the nine out again in
/// counter order, giving Tarleton the Hessian (found by session 38's audit).
// rule: gml 12.43, 5.2
// ruling: gml #46
#[test]
fn each_set_up_line_s_units_stay_under_its_leader() {
    let mut g = new("greene");
    let (cornwallis, tarleton) = (leader(&g, "cornwallis"), leader(&g, "tarleton"));
    let camden = space("camden");
    while !matches!(g.stack.last(), Some(&Frame::Form { leader, .. }) if leader == cornwallis) {
        assert_eq!(g.phase, Phase::Deployment, "Cornwallis's command is asked at set-up");
        let seat = g.to_act().iter().next().expect("a seat deploys");
        let legal = common::legal(&g);
        let a = if legal.contains(&Action::Place(camden)) {
            Action::Place(camden)
        } else {
            legal[0]
        };
        g.apply_legal(seat, &a);
    }
    let kinds = |l| {
        let mut k: Vec<String> = g.force(l).map(|u| format!("{:?}", g.counters(u).kind)).collect();
        k.sort();
        k
    };
    assert_eq!(kinds(tarleton), ["Artillery", "British", "British"]);
    assert_eq!(
        kinds(cornwallis),
        ["British", "British", "British", "British", "Hessian", "Tory"]
    );
    assert_eq!(g.leaders[tarleton as usize].under, Some(cornwallis));
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

/// 5.6 "when a leader is alone in a space entered by enemy units": a
/// scheduled arrival of a leader without units (12.34 "1 July: Gates in
/// Hillsboro"; 12.24 Morgan and Lincoln; 12.34 Sumter) brings no unit into
/// the space, so a British leader standing alone there is not checked (a
/// leader alone checks nobody he meets, ruling gml #6). Kalb's column
/// (12.34 "2 June: Kalb, 1 Continental Army land unit, and 1 Maryland
/// militia unit in Hillsboro") brings units: he is (rulings gml #6, #49).
/// Before, every arrival checked him, Gates alone too.
// rule: gml 12.34, 12.24, 5.6
// ruling: gml #6, #49
#[test]
fn a_leader_arriving_alone_checks_no_enemy_leader() {
    let mut g = cleared("southern-1780", Phase::Final);
    let tarleton = put_leader(&mut g, "tarleton", "hillsborough");
    // The two militia rolls fail; an 8 would capture a checked leader.
    reinforce(&mut g, "1780-jul-1", AMERICAN, &[8]);
    let gates = leader(&g, "gates");
    assert_eq!(leader_at(&g, gates), "hillsborough", "Hillsborough holds no enemy unit");
    assert!(
        !logged(&g, "casualty check"),
        "Gates is no unit: Tarleton is not checked.\nLog:\n{}",
        log_text(&g)
    );
    assert_eq!(leader_at(&g, tarleton), "hillsborough");
    assert_eq!(g.core.dice.scripted_left(), 1, "no die was rolled for Tarleton");

    let mut g = cleared("southern-1780", Phase::Final);
    let tarleton = put_leader(&mut g, "tarleton", "hillsborough");
    reinforce(&mut g, "1780-jun-2", AMERICAN, &[8]);
    common::assert_logged(&g, "Banastre Tarleton's casualty check: 8, captured");
    assert_eq!(g.leaders[tarleton as usize].at, Place::Captured);
}

/// The game's turn name now ("September I 1775").
fn turn_is(g: &Gml) -> String {
    g.turn_name()
}

// rule: gml 12.11, 12.15, 12.21, 12.25, 12.31, 12.35, 12.41, 12.45
#[test]
fn each_scenario_begins_and_ends_on_its_printed_turns() {
    // 12.11 "begins on 1 September 1775 and ends at the end of the 11 June
    // 1776 turn"; 12.21 "1 May 1777 ... 1 November 1777"; 12.31 "January
    // 1780 ... October II"; 12.41 "December 1780 ... 11 April 1781" (ruling
    // gml #34: "1" is I, "11" is II). Nobody meets a condition on an empty
    // board: no turn but the last ends the game, and the last ends it with
    // each scenario's result by default (12.15 British, 12.25 American,
    // 12.35 a draw, 12.45 British).
    for (key, first, last, winner, rule) in [
        ("canada", "September I 1775", "June II 1776", Some(BRITISH), "12.15"),
        ("saratoga", "May I 1777", "November I 1777", Some(AMERICAN), "12.25"),
        ("southern-1780", "January 1780", "October II 1780", None, "12.35"),
        ("greene", "December 1780", "April II 1781", Some(BRITISH), "12.45"),
    ] {
        let mut g = cleared(key, Phase::Final);
        assert_eq!(turn_is(&g), first, "{key}");
        let mut played = 0;
        loop {
            let name = turn_is(&g);
            enter_after(&mut g, Phase::Final);
            played += 1;
            if let Some(o) = g.core.outcome.clone() {
                assert_eq!(name, last, "{key} ends after {last}");
                assert_eq!((o.winner, o.rule.as_str()), (winner, rule), "{key}: {}", o.reason);
                break;
            }
            assert_ne!(name, last, "{key} went on after its last turn");
            assert!(played < 40, "{key} never ended");
        }
        assert_eq!(played, g.turns() as usize, "{key}");
    }
}

/// The Militia Table rolls one seat makes in its Reinforcement Phase: the
/// log's lines, in order.
fn militia_rolls(g: &mut Gml, seat: engine::Seat, dice: &[u8]) -> Vec<String> {
    let from = g.core.log.len();
    g.core.dice.script(dice.to_vec());
    enter_after(g, Phase::Combat(seat));
    let row = if seat == AMERICAN { "R row" } else { "T row" };
    common::log_since(g, from)
        .into_iter()
        .filter(|t| t.starts_with("Militia Table") && t.contains(row))
        .collect()
}

// rule: gml 12.14, 9.1
#[test]
fn the_british_roll_for_canada_only_in_the_invasion_of_canada() {
    // 12.14 A "The British player rolls dice for the Canada region", in the
    // column the map gives (Canada's VP cities British: all of them).
    let mut g = cleared("canada", Phase::Final);
    for s in ["quebec", "montreal"] {
        hold(&mut g, BRITISH, Kind::British, s);
    }
    // British units in New England and the Middle Atlantic too: no roll there.
    hold(&mut g, BRITISH, Kind::British, "boston");
    hold(&mut g, BRITISH, Kind::British, "new-york");
    let rolls = militia_rolls(&mut g, BRITISH, &[10, 10, 10]);
    assert_eq!(
        rolls,
        vec!["Militia Table, Canada (T row, British presence, all VP cities controlled): 10, needs 3 or less: none"]
    );
}

// rule: gml 12.24, 9.1
#[test]
fn saratoga_rolls_militia_in_its_regions_and_columns() {
    // "The British player rolls dice to obtain militia reinforcements in the
    // Canada and Middle Atlantic regions. The American player rolls dice
    // ... in the Middle Atlantic region, and in the column 'British
    // presence, some victory-point cities controlled' for the New England
    // region." British units hold New York: the Middle Atlantic's column is
    // the map's for both; New England's is fixed for the Americans only.
    let mut g = cleared("saratoga", Phase::Final);
    hold(&mut g, BRITISH, Kind::British, "new-york");
    hold(&mut g, BRITISH, Kind::British, "hartford");
    let british = militia_rolls(&mut g, BRITISH, &[10, 10, 10]);
    assert_eq!(
        british,
        vec![
            "Militia Table, Canada (T row, no British presence): 10, needs 8 or less: none",
            "Militia Table, Middle Atlantic (T row, British presence, some VP cities controlled): 10, needs 4 or less: none",
        ]
    );
    let mut g = cleared("saratoga", Phase::Final);
    hold(&mut g, BRITISH, Kind::British, "new-york");
    let american = militia_rolls(&mut g, AMERICAN, &[10, 10, 10]);
    assert_eq!(
        american,
        vec![
            "Militia Table, Middle Atlantic (R row, British presence, some VP cities controlled): 10, needs 7 or less: none",
            "Militia Table, New England (R row, British presence, some VP cities controlled, as the scenario fixes): 10, needs 8 or less: none",
        ]
    );
}

// rule: gml 12.34, 12.44, 9.1
#[test]
fn the_southern_scenarios_roll_for_both_southern_regions_in_the_map_s_columns() {
    // "The British and American players roll dice to obtain militia
    // reinforcements in the Southern and South-Central regions, in the
    // corresponding columns": British units hold Charleston, none is in
    // the South-Central region.
    for key in ["southern-1780", "greene"] {
        for (seat, south, central) in [
            (BRITISH, "needs 4 or less", "needs 4 or less"),
            (AMERICAN, "needs 6 or less", "needs 5 or less"),
        ] {
            let mut g = cleared(key, Phase::Final);
            hold(&mut g, BRITISH, Kind::British, "charleston");
            let row = if seat == AMERICAN { 'R' } else { 'T' };
            let rolls = militia_rolls(&mut g, seat, &[10, 10, 10]);
            assert_eq!(
                rolls,
                vec![
                    format!("Militia Table, South ({row} row, British presence, some VP cities controlled): 10, {south}: none"),
                    format!("Militia Table, South-Central ({row} row, no British presence): 10, {central}: none"),
                ],
                "{key}"
            );
        }
    }
}

// rule: gml 12.33, 5.4
#[test]
fn clinton_is_a_three_star_general_in_the_southern_campaign_only() {
    // 12.3's note: "Clinton is considered a three-star general": at the
    // Savannah set-up he commands Cornwallis, a two-star leader (5.4).
    let g = deployed("southern-1780");
    let (clinton, cornwallis) = (leader(&g, "clinton"), leader(&g, "cornwallis"));
    assert_eq!(g.rank(clinton), 3);
    assert_eq!(g.leaders[cornwallis as usize].under, Some(clinton));
    // Elsewhere his counter's two stars: no two-star leader under him.
    let mut g = cleared("saratoga", Phase::Final);
    let (clinton, cornwallis) = (
        put_leader(&mut g, "clinton", "new-york"),
        put_leader(&mut g, "cornwallis", "new-york"),
    );
    assert_eq!(g.rank(clinton), 2);
    assert!(!g.may_subordinate(clinton, cornwallis));
}

/// The spaces the pending scheduled arrival may enter, if one waits.
fn arrival_spaces(g: &Gml) -> Option<Vec<&'static str>> {
    match g.stack.last() {
        Some(Frame::Deploy {
            spaces, arrival: true, ..
        }) => Some(spaces.iter().map(|&s| g.space_id(s)).collect()),
        _ => None,
    }
}

/// Every space of the scenario's map in the region (or the state), without
/// British land units.
fn free_spaces(g: &Gml, of: impl Fn(&gml::map::Space) -> bool) -> Vec<&'static str> {
    let m = &tables().map;
    let mut v: Vec<&'static str> = (0..m.spaces.len() as u16)
        .filter(|&s| g.in_play(s) && of(m.get(s)) && !g.has_land(s, BRITISH))
        .map(|s| g.space_id(s))
        .collect();
    v.sort_unstable();
    v
}

// rule: gml 12.24
#[test]
fn morgan_and_lincoln_enter_saratoga_in_july_i_and_august_i_where_printed() {
    // "Morgan enters in the 1 July turn in any space of the Atlantic region
    // [the Middle Atlantic, ruling gml #34]. Lincoln enters in the 1 August
    // turn in any space of New England", not where British units stand.
    let m = &tables().map;
    let mut g = cleared("saratoga", Phase::Final);
    put(&mut g, BRITISH, Kind::British, 1, "albany");
    put(&mut g, BRITISH, Kind::British, 1, "hartford");
    for turn in ["1777-jun-2", "1777-jul-2", "1777-aug-2"] {
        reinforce(&mut g, turn, AMERICAN, &[]);
        assert_eq!(arrival_spaces(&g), None, "nothing arrives in {turn}");
    }
    let (morgan, lincoln) = (leader(&g, "morgan"), leader(&g, "lincoln"));
    reinforce(&mut g, "1777-jul-1", AMERICAN, &[]);
    let mut offered = arrival_spaces(&g).expect("Morgan's space is chosen");
    offered.sort_unstable();
    let want = free_spaces(&g, |s| m.region(s) == Some(gml::map::Region::MiddleAtlantic));
    assert!(!want.contains(&"albany") && want.contains(&"philadelphia"));
    assert_eq!(offered, want);
    common::take(&mut g, Action::Place(space("philadelphia")));
    assert_eq!(leader_at(&g, morgan), "philadelphia");
    assert_eq!(g.leaders[lincoln as usize].at, Place::Pool);
    reinforce(&mut g, "1777-aug-1", AMERICAN, &[]);
    let mut offered = arrival_spaces(&g).expect("Lincoln's space is chosen");
    offered.sort_unstable();
    let want = free_spaces(&g, |s| m.region(s) == Some(gml::map::Region::NewEngland));
    assert!(!want.contains(&"hartford") && want.contains(&"boston"));
    assert_eq!(offered, want);
    common::take(&mut g, Action::Place(space("boston")));
    assert_eq!(leader_at(&g, lincoln), "boston");
}

// rule: gml 12.34
#[test]
fn the_southern_reinforcements_come_on_their_printed_turns() {
    // "1 March: 1 Continental Army land unit in Alexandria. 2 June: Kalb
    // ... in Hillsboro. 1 July: Gates in Hillsboro. 1 August: Sumter in
    // any space of South Carolina" (ruling gml #34: "2 June" is June II).
    let m = &tables().map;
    let mut g = cleared("southern-1780", Phase::Final);
    let (kalb, gates, sumter) = (leader(&g, "kalb"), leader(&g, "gates"), leader(&g, "sumter"));
    reinforce(&mut g, "1780-feb", AMERICAN, &[]);
    assert_eq!(g.land_at(space("alexandria"), AMERICAN).count(), 0);
    reinforce(&mut g, "1780-mar-1", AMERICAN, &[]);
    assert_eq!(g.land_at(space("alexandria"), AMERICAN).count(), 1);
    reinforce(&mut g, "1780-jun-1", AMERICAN, &[]);
    assert_eq!(g.leaders[kalb as usize].at, Place::Pool, "not in June I");
    reinforce(&mut g, "1780-jun-2", AMERICAN, &[]);
    assert_eq!(leader_at(&g, kalb), "hillsborough");
    let column: Vec<String> = g
        .land_at(space("hillsborough"), AMERICAN)
        .map(|u| g.unit_name(u))
        .collect();
    assert_eq!(column, vec!["MD Militia", "Continental unit"]);
    assert_eq!(g.leaders[gates as usize].at, Place::Pool);
    reinforce(&mut g, "1780-jul-1", AMERICAN, &[]);
    assert_eq!(leader_at(&g, gates), "hillsborough");
    assert_eq!(g.leaders[sumter as usize].at, Place::Pool);
    put(&mut g, BRITISH, Kind::British, 1, "camden");
    reinforce(&mut g, "1780-aug-1", AMERICAN, &[]);
    let mut offered = arrival_spaces(&g).expect("Sumter's space is chosen");
    offered.sort_unstable();
    let want = free_spaces(&g, |s| m.states[s.state as usize].id == "sc");
    assert!(!want.contains(&"camden") && want.contains(&"ninety-six"));
    assert_eq!(offered, want);
}

// rule: gml 12.14
#[test]
fn clinton_comes_in_may_i_only() {
    // "In the May turn" (ruling gml #36: May I): not in April II, and not
    // again in May II.
    let mut g = cleared("canada", Phase::Final);
    let clinton = leader(&g, "clinton");
    reinforce(&mut g, "1776-apr-2", BRITISH, &[]);
    assert_eq!(g.leaders[clinton as usize].at, Place::Pool);
    reinforce(&mut g, "1776-may-2", BRITISH, &[]);
    assert_eq!(g.leaders[clinton as usize].at, Place::Pool);
    reinforce(&mut g, "1776-may-1", BRITISH, &[]);
    assert_eq!(leader_at(&g, clinton), "quebec");
    assert_eq!(g.land_at(space("quebec"), BRITISH).count(), 2, "two British land units");
}

// rule: gml 3.1, 12.34, 9.4
#[test]
fn the_militia_raised_are_placed_before_the_turn_s_arrivals() {
    // docs/rulings.md (3.1 D, H, 12.x4): the rolls, then the militia placed,
    // then the scheduled arrivals. June II 1780: the South roll raises a
    // unit (1), the South-Central one does not (10); Kalb waits.
    let mut g = cleared("southern-1780", Phase::Final);
    let kalb = leader(&g, "kalb");
    g.core.dice.script([1, 10]);
    g.turn = tables().turns.iter().position(|t| t.id == "1780-jun-2").unwrap() as u16;
    enter_after(&mut g, Phase::Combat(AMERICAN));
    assert!(matches!(g.stack.last(), Some(Frame::Raise { seat: AMERICAN, .. })));
    assert_eq!(g.leaders[kalb as usize].at, Place::Pool, "Kalb comes after");
    common::take(&mut g, Action::Place(space("camden")));
    g.advance();
    assert_eq!(leader_at(&g, kalb), "hillsborough");
}

/// The set-up played with each choice put in the first space the line
/// allows that holds nothing yet and that no line names (so each line is
/// alone in its space); the set-up's log lines, in order.
fn set_up_apart(key: &str) -> (Gml, Vec<String>) {
    let mut g = new(key);
    let named: Vec<u16> = g
        .scenario
        .spec()
        .deployment
        .iter()
        .filter_map(|l| match l.at {
            gml::scenario::Where::At(name) => Some(space(name)),
            _ => None,
        })
        .collect();
    let rule = g.scenario.info().rule;
    while g.phase == Phase::Deployment {
        let a = match g.stack.last() {
            Some(Frame::Deploy { spaces, .. }) => {
                let empty = |s: u16| g.units_at(s).next().is_none() && g.leaders_at(s).next().is_none();
                let s = spaces
                    .iter()
                    .copied()
                    .find(|&s| empty(s) && !named.contains(&s))
                    .expect("an empty space");
                Action::Place(s)
            }
            _ => common::legal(&g)[0],
        };
        common::take(&mut g, a);
    }
    let lines = g
        .core
        .log
        .visible(None)
        .filter(|e| e.rule == rule)
        .map(|e| e.text.clone())
        .collect();
    (g, lines)
}

// rule: gml 12.13, 12.23, 12.33, 12.43
#[test]
fn each_set_up_is_placed_as_printed_and_in_the_printed_order() {
    // The tables of 12.13, 12.23, 12.33 and 12.43, American first, line by
    // line (rulings gml #27 and #34 for the names; "*" where the line leaves
    // the space to its side).
    let printed: [(&str, &[&str]); 4] = [
        (
            "canada",
            &[
                "American: Benedict Arnold, MA Militia and RI Militia in Falmouth",
                "American: Richard Montgomery, Ethan Allen and MA Militia in Crown Point",
                "American: Henry Knox, NY Militia and Continental unit in Ticonderoga",
                "British: experienced Tory Militia and British Artillery in Quebec (entrenched)",
                "British: Guy Carleton and British unit in Montreal (entrenched)",
                "British: British unit in St. Johns (entrenched)",
            ],
        ),
        (
            "saratoga",
            &[
                "American: Philip Schuyler, Benedict Arnold and 2 Continental units in Ticonderoga",
                "American: Continental unit in West Point (in the fort)",
                "American: Nicholas Herkimer and 2 NY Militia units in Fort Stanwix (in the fort)",
                "American: Israel Putnam and Continental unit in * (entrenched)",
                "American: George Washington, John Sullivan, Anthony Wayne, William Alexander (Lord Stirling), 4 \
                 Continental units and Continental Artillery in * (entrenched)",
                "American: PA Militia in Philadelphia",
                "British: Barry St. Leger, Mohawk Indian unit, British unit and Hessian unit in Oswego",
                "British: John Burgoyne, Friedrich Baum, British unit, British Artillery, Hessian unit and Abenaki \
                 Indian unit in St. Johns",
                "British: William Howe, Henry Clinton, Charles Cornwallis, Wilhelm von Knyphausen, James Grant, \
                 4 Hessian units, 8 British units, experienced British unit, 2 NY Tory Militia units, British \
                 Artillery and 2 British fleets in New York",
            ],
        ),
        (
            "southern-1780",
            &[
                "American: SC Militia in *",
                "American: Benjamin Lincoln, Continental Artillery, NC Militia, SC Militia and 3 Continental \
                 units in Charleston (entrenched)",
                "American: Francis Marion and SC Militia in *",
                "American: SC Militia in Thicketty Fort",
                "British: Henry Clinton, Charles Cornwallis, Banastre Tarleton, 6 British units, Hessian unit, \
                 British Artillery, NY Tory Militia, SC Tory Militia, NC Tory Militia and 2 British fleets \
                 in Savannah",
            ],
        ),
        (
            "greene",
            &[
                "American: Nathanael Greene and 2 Continental units in *",
                "American: Francis Marion and SC Militia in *",
                "American: Daniel Morgan, Continental unit and NC Militia in Thicketty Fort",
                "American: SC Militia in *",
                "American: 2 NC Militia units in *",
                "British: Charles Cornwallis, 4 British units, Hessian unit and SC Tory Militia in *",
                "British: Banastre Tarleton, 2 British units and British Artillery in Camden",
                "British: NC Tory Militia in Wilmington (entrenched)",
                "British: SC Tory Militia in Georgetown (entrenched)",
                "British: British unit and GA Tory Militia in Ninety-Six (entrenched)",
                "British: British unit in Augusta (entrenched)",
                "British: British unit in Charleston (entrenched)",
                "British: GA Tory Militia in Savannah (entrenched)",
            ],
        ),
    ];
    let m = &tables().map;
    for (key, lines) in printed {
        let (g, log) = set_up_apart(key);
        assert_eq!(log.len(), lines.len(), "{key}: {log:#?}");
        for (got, want) in log.iter().zip(lines) {
            let (head, tail) = want.split_once('*').unwrap_or((want, ""));
            let ok = if want.contains('*') {
                got.starts_with(head) && got.ends_with(tail) && got.len() > head.len() + tail.len()
            } else {
                got == want
            };
            assert!(ok, "{key}:\n got  {got}\n want {want}");
            // The works the line prints, on every unit of its space (each
            // line is alone in its space).
            let place = &got[got.rfind(" in ").unwrap() + 4..];
            let place = place
                .trim_end_matches(" (entrenched)")
                .trim_end_matches(" (in the fort)");
            let s = (0..m.spaces.len() as u16)
                .find(|&s| m.get(s).name == place && g.in_play(s))
                .unwrap_or_else(|| panic!("{key}: no space {place}"));
            let units: Vec<u16> = g.units_at(s).collect();
            assert!(!units.is_empty() || !want.contains(" unit"), "{key}: {place}");
            for u in units {
                let unit = &g.units[u as usize];
                assert_eq!(unit.entrenched, want.ends_with("(entrenched)"), "{key}: {place}");
                assert_eq!(unit.inside, want.ends_with("(in the fort)"), "{key}: {place}");
            }
        }
    }
}

// rule: gml 12.11, 3.1
// ruling: gml #35
#[test]
fn canada_s_first_turn_has_no_british_phase_and_the_second_turn_is_whole() {
    // "The Movement, Combat and British Command Reinforcement phases are
    // omitted in the first turn": no British phase (and no British
    // Militia Table roll) in September I 1775; the American part, the
    // Supply and the Final Phases are played; September II begins with the
    // British Command Phase.
    let mut g = deployed("canada");
    let first = g.turn;
    while g.turn == first {
        let seat = g.to_act().iter().next().expect("someone acts");
        let legal = common::legal(&g);
        let a = legal.iter().find(|a| **a == Action::Done).copied().unwrap_or(legal[0]);
        g.apply_legal(seat, &a);
    }
    let log: Vec<String> = g.core.log.visible(None).map(|e| e.text.clone()).collect();
    let end = log
        .iter()
        .position(|t| t == "Turn September II 1775")
        .expect("the turn ends");
    let turn = &log[..end];
    for phase in ["Command", "Activation", "Combat", "Reinforcement"] {
        let british = format!("British {phase} Phase");
        assert!(!turn.contains(&british), "{british} in September I: {turn:#?}");
        let american = format!("American {phase} Phase");
        assert!(turn.contains(&american), "{american} missing: {turn:#?}");
    }
    for phase in ["Supply Phase", "Final Phase"] {
        assert!(turn.iter().any(|t| t == phase), "{phase} missing");
    }
    assert!(!turn.iter().any(|t| t.contains("(T row")), "{turn:#?}");
    assert!(turn.iter().any(|t| t.contains("(R row")), "{turn:#?}");
    assert_eq!(log[end + 1], "British Command Phase");
    assert_eq!(g.phase, Phase::Command(BRITISH));
}

// rule: gml 12.34, 5.2, 6.14
// ruling: gml #46, #61
#[test]
fn a_leader_arriving_alone_takes_command_in_his_space() {
    let mut g = cleared("southern-1780", Phase::Final);
    reinforce(&mut g, "1780-jun-2", AMERICAN, &[]);
    let (kalb, gates) = (leader(&g, "kalb"), leader(&g, "gates"));
    assert_eq!(leader_at(&g, kalb), "hillsborough");
    assert_eq!(
        g.leaders[kalb as usize].under, None,
        "Kalb arrives at the head of his own column"
    );
    reinforce(&mut g, "1780-jul-1", AMERICAN, &[]);
    assert_eq!(leader_at(&g, gates), "hillsborough");
    assert_eq!(
        g.leaders[kalb as usize].under,
        Some(gates),
        "Gates takes his command as he is placed, Kalb serving under him.\nLog:\n{}",
        log_text(&g)
    );
}
