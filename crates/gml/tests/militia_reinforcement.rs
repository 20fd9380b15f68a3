//! 9.1-9.4 militia reinforcements in the Reinforcement Phase: the Militia
//! Table roll in the column of the map or of the scenario, and the
//! placement of the unit raised.

mod common;

use common::{act, assert_logged, cleared, deployed, has, ids, log_since, put, put_home, put_leader, space, state};
use engine::prelude::*;
use gml::forces::{Kind, AMERICAN, BRITISH};
use gml::frames::Frame;
use gml::map::Region;
use gml::militia::Presence;
use gml::state::{Phase, Place};
use gml::tables::tables;
use gml::{Action, Gml};

fn places(g: &Gml, seat: engine::Seat) -> Vec<String> {
    let mut v = Vec::new();
    g.legal(seat, &mut v);
    v.iter()
        .map(|a| match a {
            Action::Place(s) => g.space_id(*s).to_string(),
            other => panic!("only places are offered, not {other:?}"),
        })
        .collect()
}

#[test]
fn the_militia_table_example_in_the_reinforcement_phase() {
    // rule: gml 9.3, 9.0
    // rule: gml 3.1, 12.44
    // The British roll for the South with no British in the region: the
    // result is 6, "he must obtain a 6 or less".
    for (die, raised) in [(6, true), (7, false)] {
        let mut g = cleared("greene", Phase::Combat(BRITISH));
        put_home(&mut g, BRITISH, Kind::Tory, "sc", 1, "ninety-six");
        assert_eq!(
            g.militia_column(Region::South),
            Presence::None,
            "Tories are no presence"
        );
        let from = g.core.log.len();
        // Greene (12.44): the South, then the South-Central region.
        g.core.dice.script([die, 10]);
        g.advance();
        assert_eq!(g.core.dice.scripted_left(), 0);
        let log = log_since(&g, from);
        assert!(
            log.iter()
                .any(|t| t.contains(&format!("South (T row, no British presence): {die}, needs 6 or less"))),
            "{log:?}"
        );
        let raise = matches!(
            g.stack.last(),
            Some(Frame::Raise {
                seat: BRITISH,
                left: 1,
                ..
            })
        );
        assert_eq!(raise, raised, "{die}");
        if !raised {
            assert_eq!(g.phase, Phase::Command(AMERICAN));
        }
    }
}

#[test]
fn the_placement_example_wilmington() {
    // rule: gml 9.4
    // Both Georgia Tory militia units are in play: the British player must
    // take a North or South Carolina unit; he places it in Wilmington.
    let mut g = cleared("greene", Phase::Combat(BRITISH));
    put_home(&mut g, BRITISH, Kind::Tory, "ga", 1, "savannah");
    put_home(&mut g, BRITISH, Kind::Tory, "ga", 1, "augusta");
    // An American unit keeps its space closed to the Tories.
    put_home(&mut g, AMERICAN, Kind::Militia, "nc", 1, "new-bern");
    g.core.dice.script([1, 10]);
    g.advance();
    let offered = places(&g, BRITISH);
    assert!(offered.contains(&"wilmington".to_string()));
    assert!(offered.contains(&"charleston".to_string()));
    assert!(!offered.contains(&"new-bern".to_string()), "enemy units there");
    let m = &tables().map;
    for s in &offered {
        let st = &m.states[m.get(space(s)).state as usize].id;
        assert!(st == "nc" || st == "sc", "{s} is in {st}");
    }
    g.apply_legal(BRITISH, &Action::Place(space("wilmington")));
    let placed: Vec<_> = g.units_at(space("wilmington")).collect();
    assert_eq!(placed.len(), 1);
    let c = g.counters(placed[0]);
    assert_eq!((c.kind, c.home.as_deref()), (Kind::Tory, Some("nc")));
    assert_eq!(g.phase, Phase::Command(AMERICAN), "the phase goes on");
}

#[test]
fn the_scenario_fixes_the_column() {
    // rule: gml 12.14
    // rule: gml 9.1
    // 12.14 B: New England in "British presence, some VP cities
    // controlled" (R row 8) though no British unit is near; the Middle
    // Atlantic in "no British presence" (R row 4).
    let mut g = cleared("canada", Phase::Combat(AMERICAN));
    assert_eq!(g.militia_column(Region::NewEngland), Presence::None);
    let from = g.core.log.len();
    g.core.dice.script([8, 5]);
    g.advance();
    assert_eq!(g.core.dice.scripted_left(), 0);
    let log = log_since(&g, from);
    assert!(
        log.iter().any(|t| t.contains(
            "New England (R row, British presence, some VP cities controlled, as the scenario fixes): 8, needs 8 or less"
        )),
        "{log:?}"
    );
    assert!(
        log.iter().any(|t| t
            .contains("Middle Atlantic (R row, no British presence, as the scenario fixes): 5, needs 4 or less: none")),
        "{log:?}"
    );
    // The unit raised is of a New England state, in a space of its state.
    let offered = places(&g, AMERICAN);
    assert!(!offered.is_empty());
    let m = &tables().map;
    for s in &offered {
        assert_eq!(m.region(m.get(space(s))), Some(Region::NewEngland), "{s}");
    }
}

#[test]
fn canadian_militia_are_experienced_tories() {
    // rule: gml 9.4
    // 12.14 A: the British roll for Canada in the column of the map; the
    // Militia Table's note gives Canada the experienced Tory counters.
    let mut g = cleared("canada", Phase::Combat(BRITISH));
    g.core.dice.script([8]);
    g.advance();
    let offered = places(&g, BRITISH);
    assert!(offered.contains(&"quebec".to_string()), "{offered:?}");
    g.apply_legal(BRITISH, &Action::Place(space("quebec")));
    let u = g.units_at(space("quebec")).next().expect("placed");
    let c = g.counters(u);
    assert!(c.kind == Kind::Tory && c.experienced, "{c:?}");
}

#[test]
fn the_columns_follow_british_presence_and_control() {
    // rule: gml 9.1
    // rule: gml 9.2
    let mut g = cleared("greene", Phase::Combat(AMERICAN));
    let south = Region::South;
    assert_eq!(g.militia_column(south), Presence::None);
    // Tories and Indians are no British presence.
    put_home(&mut g, BRITISH, Kind::Tory, "sc", 1, "charleston");
    put_home(&mut g, BRITISH, Kind::Indian, "cherokee", 1, "keowee");
    g.mark_control(space("charleston"));
    assert_eq!(g.militia_column(south), Presence::None);
    // A Hessian unit is.
    let h = put(&mut g, BRITISH, Kind::Hessian, 1, "camden")[0];
    assert_eq!(g.militia_column(south), Presence::NoCities, "Tories control no VP city");
    // A British unit takes Charleston: some cities.
    let b = put(&mut g, BRITISH, Kind::British, 1, "charleston")[0];
    g.mark_control(space("charleston"));
    assert_eq!(g.militia_column(south), Presence::SomeCities);
    // Americans in the city too: nobody controls it (9.2).
    let a = put(&mut g, AMERICAN, Kind::Continental, 1, "charleston")[0];
    assert_eq!(g.militia_column(south), Presence::NoCities);
    g.units.place(a, Place::Pool);
    // British or Hessian units were the last to occupy every VP city.
    let m = &tables().map;
    for s in 0..m.spaces.len() as u16 {
        if g.in_play(s) && m.region(m.get(s)) == Some(south) && m.get(s).vp > 0 {
            g.held[s as usize].vp = Some(BRITISH);
        }
    }
    assert_eq!(g.militia_column(south), Presence::AllCities);
    // The British units leave the region: the memory stays, the presence goes.
    g.units.place(h, Place::Pool);
    g.units.place(b, Place::Pool);
    assert_eq!(g.militia_column(south), Presence::None);

    // The roll uses the column of the map: the Americans in the South with
    // British presence and no VP city held need 5 (R row).
    let mut g = cleared("greene", Phase::Combat(AMERICAN));
    put(&mut g, BRITISH, Kind::British, 1, "camden");
    let need = tables().militia.need(south, AMERICAN, Presence::NoCities).unwrap();
    let from = g.core.log.len();
    g.core.dice.script([need, 10]);
    g.advance();
    let log = log_since(&g, from);
    assert!(
        log.iter().any(|t| t.contains(&format!(
            "South (R row, British presence, no VP city controlled): {need}, needs {need} or less: a militia unit is raised"
        ))),
        "{log:?}"
    );
    assert!(matches!(g.stack.last(), Some(Frame::Raise { seat: AMERICAN, .. })));
}

#[test]
fn scheduled_arrivals_keep_their_counters() {
    // rule: gml 12.34
    // Kalb's Maryland militia (June II 1780) is set aside at the set-up:
    // the Militia Table cannot take it from the pool before it arrives.
    let mut g = deployed("southern-1780");
    let md = state("md");
    let later: Vec<u16> = (0..g.units.len() as u16)
        .filter(|&u| g.units[u as usize].at() == Place::Later)
        .collect();
    assert!(later
        .iter()
        .any(|&u| g.counters(u).kind == Kind::Militia && g.counters(u).home.as_deref() == Some("md")));
    while let Some(u) = g.pool_militia(AMERICAN, md) {
        g.units.place(u, Place::Space(space("baltimore")));
    }
    assert!(later.iter().all(|&u| g.units[u as usize].at() == Place::Later));
}

// rule: gml 9.4, 3.1
/// The limits of a placement: "if there are no militia units of that state
/// available ... the player must choose another state in the region", and
/// the unit goes to "any space not occupied by enemy units". The British
/// raise a unit in the South with no North or South Carolina Tory counter
/// left in the pool and every Georgia space held by American units: no
/// unit can be placed, and the phase goes on.
#[test]
fn a_unit_raised_with_no_counter_or_no_free_space_is_not_placed() {
    let mut g = cleared("greene", Phase::Combat(BRITISH));
    for u in 0..g.units.len() as u16 {
        let c = g.counters(u);
        let carolina = matches!(c.home.as_deref(), Some("nc" | "sc"));
        if c.kind == Kind::Tory && carolina && g.units[u as usize].at() == Place::Pool {
            g.units.place(u, Place::Gone);
        }
    }
    let m = &tables().map;
    let georgia: Vec<String> = m
        .spaces_of(state("ga"))
        .iter()
        .filter(|&&s| g.in_play(s))
        .map(|&s| g.space_id(s).to_string())
        .collect();
    assert!(!georgia.is_empty());
    for s in &georgia {
        put(&mut g, AMERICAN, Kind::Continental, 1, s);
    }
    let from = g.core.log.len();
    g.core.dice.script([1, 10]);
    g.advance();
    let log = log_since(&g, from);
    assert!(
        log.iter()
            .any(|t| t.contains("No militia counter of the South region can be placed")),
        "{log:?}"
    );
    assert!(!g.stack.iter().any(|f| matches!(f, Frame::Raise { .. })));
    assert_eq!(g.phase, Phase::Command(AMERICAN));
}

/// A counter eliminated and placed again is a new piece (ruling gml #59):
/// a Tory that separated from a group (6.13: it may not join another stack
/// that turn) and fell in the British part of the turn, raised again in
/// the British Reinforcement Phase (9.4), may join a leader activated by
/// the American Command Table's "opponent activates" (4.1). Rules gml-27:
/// the counter kept the old piece's separation, and could not.
// rule: gml 9.4, 6.13
#[test]
fn a_unit_raised_again_the_turn_it_fell_is_a_new_piece() {
    let mut g = cleared("saratoga", Phase::Activation(BRITISH));
    // The only Delaware Tory counter, which left its group in Saratoga.
    let tory = put_home(&mut g, BRITISH, Kind::Tory, "de", 1, "saratoga")[0];
    g.units[tory as usize].done = true;
    g.units[tory as usize].separated = true;
    put(&mut g, AMERICAN, Kind::Continental, 2, "saratoga");
    put_leader(&mut g, "howe", "dover");
    // The Combat Phase: the Continentals hit twice, the Tory is gone. The
    // British Reinforcement Phase: no Canadian militia (10), a Middle
    // Atlantic one (1): the same counter, placed in Delaware beside Howe.
    g.core.dice.script([1, 1, 10, 1]);
    g.advance();
    assert_logged(&g, "The DE Tory Militia is eliminated");
    act(&mut g, BRITISH, "place-dover");
    assert_eq!(g.units[tory as usize].at(), Place::Space(space("dover")));
    // The American Command Phase: 4, "the opponent activates 1": Howe.
    g.core.dice.script([4]);
    act(&mut g, AMERICAN, "roll");
    act(&mut g, BRITISH, "activate-howe");
    let id = format!("join-{}-to-howe", g.unit_id(tory));
    assert!(has(&g, BRITISH, &id), "{:?}", ids(&g, BRITISH));
}
