//! 35.3 On to Quebec: the set-up, the first turn's skipped phases, the
//! initiative, the Balance of Power phase and the end of play.

mod common;

use common::*;
use engine::prelude::*;
use engine::Setup;
use fiw::actions::Action;
use fiw::frames::Frame;
use fiw::map::{Colony, Settlement};
use fiw::state::{Fiw, Phase, Place, Status, UnitId};
use fiw::tables::tables;

#[test]
fn the_french_set_up_first_with_a_unit_in_every_post_the_british_have_not_taken() {
    // rule: fiw 35.3
    let mut g = Fiw::new(&Setup::new("on-to-quebec", 3));
    assert!(matches!(g.stack.last(), Some(Frame::Deploy { seat, .. }) if *seat == FRENCH));
    assert_eq!(g.stage().phase.value, "French set-up");
    // The phase the table shows follows the side placing.
    while let Some(&Frame::Deploy { seat: FRENCH, .. }) = g.stack.last() {
        let a = legal(&g, FRENCH)[0];
        act(&mut g, FRENCH, a);
    }
    assert_eq!(g.stage().phase.value, "British set-up");
    let g = started(BRITISH);
    let m = &tables().map;
    for p in &m.places {
        let colony = m.colony(p.sq);
        if !matches!(colony, Some(Colony::NewFrance | Colony::Louisiana)) {
            continue;
        }
        let post = p.settlement.is_some() || p.works.is_some();
        let captured = ["louisbourg", "fort-gaspereau", "fort-duquesne", "fort-frontenac"].contains(&p.id.as_str());
        if post && !captured {
            assert!(g.has_units(p.sq, FRENCH), "no French unit in {}", p.name);
        }
    }
    assert!(g.has_units(sq("louisbourg"), BRITISH) && !g.has_units(sq("louisbourg"), FRENCH));
    assert!(g.has_units(sq("fort-duquesne"), BRITISH));
    // 3.7 Destroyed in Fort Frontenac: no fort, nobody there (ruling fiw #34).
    assert!(g.fortified(sq("fort-frontenac")).is_none());
    assert!(!g.has_units(sq("fort-frontenac"), FRENCH) && !g.has_units(sq("fort-frontenac"), BRITISH));
}

#[test]
fn the_scenario_s_numbers_leaders_and_colonies() {
    // rule: fiw 35.3, 5.1, 5.2, 5.3, 4.0, 17.44, 10.61
    let g = started(BRITISH);
    assert_eq!(g.balance.value(), 3);
    // 10.61 the whole set-up is on the map, and the treasuries are still
    // the scenario's: initial deployment costs nothing.
    assert!(g.units.iter().filter(|u| matches!(u.at(), Place::Sq(_))).count() > 80);
    assert_eq!(g.treasury, [10, 5]);
    assert_eq!(g.supply, [10, 5]);
    assert_eq!(g.status(Colony::NewYork), Status::Active);
    assert_eq!(g.status(Colony::Virginia), Status::Passive);
    assert_eq!(g.status(Colony::NewFrance), Status::Active);
    assert_eq!(g.status(Colony::Florida), Status::Neutral);
    let at = |name: &str| {
        let l = (0..g.leaders.len())
            .find(|&l| g.leader(l as u8).answers_to(name))
            .unwrap();
        g.leaders[l].at
    };
    assert_eq!(at("drucour"), Place::Prisoner, "3.8 Drucour is a British prisoner");
    assert_eq!(at("braddock"), Place::Gone);
    assert_eq!(at("monro"), Place::Gone);
    assert_eq!(at("wolfe"), Place::Sq(sq("louisbourg")));
    assert!(g.war, "7.2 the Seven Years War is on");
    // The magazines of 3.7 and 4.7.
    for p in [
        "quebec",
        "montreal",
        "new-orleans",
        "ticonderoga",
        "halifax",
        "new-york",
        "fort-william-henry",
        "carlisle",
    ] {
        assert!(
            g.civ(sq(p), fiw::civilization::Marker::Magazine).is_some(),
            "a magazine in {p}"
        );
    }
}

#[test]
fn british_provincial_infantry_may_set_up_on_either_face() {
    // rule: fiw 35.3, 2.33
    let mut g = Fiw::new(&Setup::new("on-to-quebec", 3));
    while let Some(Frame::Deploy { seat, .. }) = g.stack.last().cloned() {
        if seat == BRITISH {
            break;
        }
        let v = legal(&g, seat);
        g.apply_legal(seat, &v[0]);
    }
    let mut offered_light = false;
    while let Some(Frame::Deploy { seat, .. }) = g.stack.last().cloned() {
        let v = legal(&g, seat);
        offered_light |= v.iter().any(|a| matches!(a, Action::Deploy { light: true, .. }));
        g.apply_legal(seat, &v[0]);
    }
    assert!(offered_light);
}

#[test]
fn british_provincial_regiments_may_set_up_broken_down() {
    // rule: fiw 19.1, 35.3
    // 35.3 4.4 "These units may be broken down in initial deployment": the
    // first British provincial regiment offered so is placed as three
    // detachments of its colony and type, in one square.
    let mut g = Fiw::new(&Setup::new("on-to-quebec", 3));
    let mut broken = None;
    while let Some(Frame::Deploy { seat, line, left }) = g.stack.last().cloned() {
        let v = legal(&g, seat);
        if let Some(&a) = v
            .iter()
            .find(|a| matches!(a, Action::DeployBroken { light: false, .. }))
        {
            assert_eq!(seat, BRITISH, "only the British may break down (4.4)");
            broken = Some((a, line, left));
            break;
        }
        g.apply_legal(seat, &v[0]);
    }
    let (a, line, left) = broken.expect("a British provincial regiment may be broken down");
    let Action::DeployBroken { sq, .. } = a else {
        unreachable!()
    };
    let need = g.broken_down(line).expect("three detachments in the mix");
    let before: Vec<_> = g.units_at(sq).collect();
    g.apply_legal(BRITISH, &a);
    let new: Vec<_> = g.units_at(sq).filter(|u| !before.contains(u)).collect();
    assert_eq!(new.len(), 3);
    assert!(
        new.iter().all(|&u| need.fits(g.face(u))),
        "three detachments of the regiment's kind"
    );
    assert!(new.iter().all(|&u| g.face(u).size == fiw::forces::Size::Detachment));
    // One regiment of the line is placed.
    match g.stack.last() {
        Some(&Frame::Deploy { line: l, left: n, .. }) if l == line => assert_eq!(n, left - 1),
        _ => assert_eq!(left, 1, "the line was done"),
    }
    // The French may not break theirs down, nor the British their regulars.
    let g = Fiw::new(&Setup::new("on-to-quebec", 3));
    let spec = fiw::scenario::spec(g.scenario);
    for (i, l) in spec.lines.iter().enumerate() {
        if let fiw::scenario::What::Units(n) = l.what {
            if n.side == FRENCH || n.regular != Some(false) {
                assert!(g.broken_down(i as u8).is_none());
            }
        }
    }
}

#[test]
fn the_first_turn_has_no_events_negotiations_or_income_and_the_favoured_side_chooses_first() {
    // rule: fiw 7.1, 7.2, 35.3
    let g = started(FRENCH);
    assert_eq!(g.first, FRENCH, "the British (+3) chose the French to go first");
    assert!(logged(&g, "No random events on the first turn"));
    assert!(logged(&g, "No negotiations on the first turn"));
    assert!(logged(&g, "No income/expenditure phase on the first turn"));
    assert_eq!(g.phase, Phase::Operations { round: 1, seat: FRENCH });
}

/// Ends every movement sub-phase until the game leaves the operations
/// phases of the turn.
fn end_operations(g: &mut Fiw) {
    to_next_turn(g);
}

#[test]
fn occupying_an_enemy_city_shifts_the_balance_in_the_balance_of_power_phase() {
    // rule: fiw 4.11, 4.1, 3.1
    let mut g = cleared(BRITISH);
    put(&mut g, "br-line", "quebec");
    put(&mut g, "fr-bearn", "boston");
    // An Indian unit does not count for occupation.
    let i = put(&mut g, "mohawk-br", "montreal");
    assert!(g.units[i as usize].back);
    end_operations(&mut g);
    // Quebec: 2 toward the British; Boston: 1 toward the French.
    assert_eq!(g.balance.value(), 3 + 2 - 1);
    assert_eq!(g.turn, 2);
    assert!(logged(&g, "occupy Quebec"));
    assert!(!logged(&g, "occupy Montreal"));
}

#[test]
fn after_the_last_turn_the_victory_points_decide_the_level() {
    // rule: fiw 29.1, 29.2, 29.21, 29.22, 35.3
    let mut g = cleared(BRITISH);
    put(&mut g, "br-line", "quebec");
    put(&mut g, "br-line", "montreal");
    end_operations(&mut g);
    assert_eq!(g.turn, 2);
    // Turn 2: the favoured British choose again.
    let Some(Frame::ChooseFirst { seat }) = g.stack.last().cloned() else {
        panic!("7.1 each turn")
    };
    assert_eq!(seat, BRITISH);
    // Random events: A2 (the war, already on) and B6, no event.
    g.core.dice.script([4, 2, 6]);
    idle_until(&mut g, |_| false);
    let o = g.core.outcome.clone().expect("two turns played");
    let (b, f) = (g.score_of(BRITISH), g.score_of(FRENCH));
    assert_eq!(b.objectives, 10 + 2, "Quebec and Montreal");
    assert_eq!(f.objectives, 0);
    let diff = b.total().abs_diff(f.total());
    let level = match diff {
        0..=19 => "draw",
        20..=59 => "colonial",
        60..=99 => "continental",
        _ => "imperial",
    };
    assert_eq!(o.level.as_deref(), Some(level));
    assert_eq!(
        o.winner,
        (level != "draw").then_some(if b.total() > f.total() { BRITISH } else { FRENCH })
    );
}

#[test]
fn victory_points_count_cities_capitals_symbols_the_balance_and_pounds() {
    // rule: fiw 29.1, 29.11, 6.0, 6.1
    // ruling: fiw #59
    let mut g = cleared(BRITISH);
    g.treasury = [11, 0];
    let base = g.score_of(BRITISH);
    assert_eq!(base.pounds, 2, "11 pounds: a tenth rounded up (ruling fiw #27)");
    assert_eq!(base.balance, 5, "+3 is mildly pro-British");
    assert_eq!(base.objectives, 0, "nothing occupied");
    put(&mut g, "br-line", "new-orleans");
    put(&mut g, "br-line", "philadelphia");
    let s = g.score_of(BRITISH);
    let philly = tables().map.place("philadelphia").unwrap();
    assert!(philly.capital && philly.settlement == Some(Settlement::City));
    assert_eq!(
        s.objectives,
        8 + 2,
        "New Orleans 8, a British colonial capital 2, not 3 for a capital city"
    );
    let symbols = |id: &str| {
        let q = tables().map.square(sq(id));
        u32::from(q.trading) + u32::from(q.manufacturing)
    };
    assert_eq!(s.symbols, symbols("new-orleans") + symbols("philadelphia"));
    // A French unit in the same square: nobody controls it (29.11).
    put(&mut g, "fr-bearn", "philadelphia");
    assert_eq!(g.score_of(BRITISH).objectives, 8);
    // Indians never occupy.
    let mut g = cleared(BRITISH);
    put(&mut g, "mohawk-br", "montreal");
    assert_eq!(g.score_of(BRITISH).objectives, 0);
}

/// A scenario with these options, its set-up played with the first choice
/// offered, the map then emptied as in `cleared`.
fn cleared_with(options: &[(&str, &str)]) -> Fiw {
    let mut setup = Setup::new("on-to-quebec", 11);
    for (k, v) in options {
        setup.options.insert(k.to_string(), v.to_string());
    }
    let mut g = Fiw::new(&setup);
    while let Some(Frame::Deploy { seat, .. }) = g.stack.last().cloned() {
        let v = legal(&g, seat);
        g.apply_legal(seat, &v[0]);
    }
    for u in 0..g.units.len() as UnitId {
        g.units.place(u, Place::Pool);
    }
    g
}

#[test]
fn the_extended_scenario_ends_in_1762() {
    // rule: fiw 35.4, 35.0
    let mut g = cleared_with(&[("extended", "on")]);
    assert_eq!(g.last_turn(), 4, "1759-62");
    assert_eq!(g.stage().turn.value, "1759 (turn 1 of 4)");
    idle_until(&mut g, |_| false);
    assert!(g.core.outcome.is_some());
    assert_eq!((g.turn, g.year()), (4, 1762));
    assert!(logged(&g, "Turn 4 (1762) begins."));
    // Without the option On to Quebec ends in 1760 (35.3 1.0).
    let mut g = cleared_with(&[]);
    assert_eq!(g.last_turn(), 2);
    idle_until(&mut g, |_| false);
    assert_eq!((g.turn, g.year()), (2, 1760));
    // The option is the title's: a session accepts on and off only.
    let mut setup = Setup::new("on-to-quebec", 1);
    setup.options.insert("extended".into(), "1763".into());
    assert!(engine::Session::<Fiw>::new(setup).is_err());
}

#[test]
fn a_player_may_concede_the_game() {
    // rule: fiw 29.3
    // 35.4 1.0 (a shorter game by agreement) and 29.3 are a concession:
    // the engine's resignation ends the game for the other side.
    let mut s = engine::Session::<Fiw>::new(Setup::new("on-to-quebec", 2)).unwrap();
    s.resign(FRENCH).unwrap();
    let o = s.state().outcome().expect("the game is over");
    assert_eq!(o.winner, Some(BRITISH));
    assert!(s.state().to_act().is_empty());
}

#[test]
fn the_players_may_agree_to_a_draw() {
    // rule: fiw 29.3
    // The engine's draw by agreement: one side offers, the other accepts;
    // an offer lapses when a move is played (ruling #50).
    let mut s = engine::Session::<Fiw>::new(Setup::new("on-to-quebec", 2)).unwrap();
    assert_eq!(Fiw::info().agreed_draw, Some("29.3"));
    s.offer_draw(BRITISH).unwrap();
    let seat = s.state().to_act().iter().next().expect("a side sets up");
    let id = engine::described(s.state(), seat)[0].id.clone();
    s.act(seat, &id, &[]).unwrap();
    assert_eq!(s.draw_offer(), None, "the move lapsed the offer");
    s.offer_draw(FRENCH).unwrap();
    s.undo(seat).unwrap();
    assert_eq!(s.draw_offer(), None, "an undo lapses it too");
    s.act(seat, &id, &[]).unwrap();
    assert_eq!(
        s.offer_draw(FRENCH).map(|()| s.state().outcome().is_some()),
        Ok(false),
        "a new offer, not an acceptance"
    );
    s.offer_draw(BRITISH).unwrap();
    let o = s.state().outcome().expect("the game is over");
    assert_eq!(o.winner, None);
    assert_eq!(o.level.as_deref(), Some("draw"), "29.22's least level");
    assert_eq!((o.reason.as_str(), o.rule.as_str()), ("drawn by agreement", "29.3"));
    assert!(s.state().to_act().is_empty());
    assert!(logged(s.state(), "The players agree to a draw."));
    // The save holds it: it loads to the same end.
    let save = s.save();
    assert!(save.agreed_draw);
    let loaded = engine::Session::<Fiw>::load(&save).unwrap();
    assert_eq!(loaded.state().outcome(), s.state().outcome());
}

#[test]
fn picquet_sets_up_in_a_village_of_new_france_and_the_indians_in_any_french_village() {
    // rule: fiw 35.3
    let g = Fiw::new(&Setup::new("on-to-quebec", 7));
    let spec = fiw::scenario::spec(g.scenario);
    let line_of = |what: &dyn Fn(&fiw::scenario::Line) -> bool| spec.lines.iter().position(what).unwrap() as u8;
    let m = &tables().map;
    let colonies = |line: u8| -> Vec<Colony> {
        let mut c: Vec<Colony> = g
            .deploy_squares(FRENCH, line)
            .iter()
            .filter_map(|&s| m.colony(s))
            .collect();
        c.sort_by_key(|c| c.id());
        c.dedup();
        c
    };
    let picquet = line_of(&|l| matches!(l.what, fiw::scenario::What::Leader("picquet")));
    assert_eq!(
        colonies(picquet),
        vec![Colony::NewFrance],
        "3.3 any Indian village in New France"
    );
    let indians = line_of(&|l| {
        matches!(l.what, fiw::scenario::What::Indians { .. }) && matches!(l.at, fiw::scenario::Where::Villages(_))
    });
    let mut french = vec![Colony::Louisiana, Colony::NewFrance];
    french.sort_by_key(|c| c.id());
    let mut got = colonies(indians);
    got.retain(|c| french.contains(c));
    assert_eq!(got, french, "3.5 any Indian villages in French territory");
}

#[test]
fn spain_may_enter_in_its_historic_year_with_no_events_that_turn() {
    // rule: fiw 8.3, 35.4
    // The log of 1761 up to its negotiations.
    let in_1761 = |options: &[(&str, &str)]| {
        let mut g = cleared_with(options);
        idle_until(&mut g, |g| {
            g.year() == 1761 && matches!(g.phase, Phase::Negotiations(_))
        });
        let texts: Vec<String> = g.log().visible(None).map(|e| e.text.clone()).collect();
        let from = texts
            .iter()
            .position(|t| t.contains("Turn 3 (1761) begins."))
            .expect("1761");
        (g.spain, texts[from..].to_vec())
    };
    let (spain, log) = in_1761(&[("extended", "on"), ("historic-spain", "on")]);
    assert!(spain, "5.3 Florida and the Spanish units are in the war");
    assert!(log
        .iter()
        .any(|t| t.contains("Spain enters the war in its historic year")));
    assert!(!log.iter().any(|t| t.contains("roll for random events")), "{log:?}");
    let (_, log) = in_1761(&[("extended", "on")]);
    assert!(
        log.iter().any(|t| t.contains("roll for random events")),
        "rolled without the option"
    );
}

#[test]
fn without_rule_31_no_massacre_marker_is_set_up_and_fort_gaspereau_is_an_ordinary_captured_fort() {
    // rule: fiw 35.3, 31.35
    // ruling: fiw #46 the scenario's Massacre markers (Oswego, Fort
    // Gaspereau) belong to the optional rule 31, not in play: none is
    // placed, and the British set up in Fort Gaspereau, a fort they hold.
    let g = started(BRITISH);
    assert!(g.massacres.is_empty(), "{:?}", g.massacres);
    let gaspereau = sq("fort-gaspereau");
    assert!(g.has_units(gaspereau, BRITISH) && !g.has_units(gaspereau, FRENCH));
    assert_eq!(g.fortified(gaspereau), Some(fiw::map::Works::Fort));
    let fort = g
        .civ(gaspereau, fiw::civilization::Marker::Fort)
        .expect("the printed fort");
    assert_eq!(fort.side, BRITISH, "the British hold it");
}
