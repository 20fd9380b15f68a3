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
    // 29.3 a concession: the engine's resignation ends the game for the
    // other side. (35.4 1.0, a shorter game by agreement, is the option
    // `end`, agreed before play: ruling fiw #79.)
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

/// Where a leader of this id is.
fn leader_at(g: &Fiw, name: &str) -> Place {
    let l = (0..g.leaders.len())
        .find(|&l| g.leader(l as u8).answers_to(name))
        .unwrap_or_else(|| panic!("no leader {name}"));
    g.leaders[l].at
}

/// How many units of `seat` in a place's square match `keep`.
fn count_at(g: &Fiw, place: &str, seat: engine::Seat, keep: impl Fn(&fiw::forces::Face) -> bool) -> usize {
    g.units_at(sq(place))
        .filter(|&u| g.side(u) == seat && keep(g.face(u)))
        .count()
}

/// A test on a unit's face.
type Keep = Box<dyn Fn(&fiw::forces::Face) -> bool>;

#[test]
fn the_named_places_hold_what_35_3_prints() {
    // rule: fiw 35.3
    // 3.3-3.5, 4.3-4.5 and 5.0, line by line, after a set-up in which
    // every choice is the first offered. Where an "any ..." line may add
    // to a named place the count is a least; where none may, it is exact.
    use fiw::forces::{Nation, Size, UnitType as T};
    use Size::{Detachment as Det, Regiment as Reg, Squadron};
    let g = started(BRITISH);
    fn reg(nation: Nation, kind: T, size: Size) -> Keep {
        Box::new(move |f| f.regular && f.nation == nation && f.kind == kind && f.size == size)
    }
    fn prov(home: &'static str, kinds: &'static [T], size: Size) -> Keep {
        Box::new(move |f| !f.regular && f.home.as_deref() == Some(home) && kinds.contains(&f.kind) && f.size == size)
    }
    fn indian() -> Keep {
        Box::new(|f| f.nation == Nation::Indian)
    }
    const INF: &[T] = &[T::Line, T::Light];
    const MIL: &[T] = &[T::Militia];
    let (fr, br, sp) = (Nation::French, Nation::British, Nation::Spanish);
    for (name, at) in [
        // 3.3
        ("de-vaudreuil", "quebec"),
        ("montcalm", "quebec"),
        ("de-levis", "montreal"),
        ("de-bourlamaque", "ticonderoga"),
        ("de-kerlerec", "new-orleans"),
        // 4.3, 4.4
        ("wolfe", "louisbourg"),
        ("monckton", "louisbourg"),
        ("amherst", "fort-william-henry"),
        ("rogers", "fort-william-henry"),
        ("bouquet", "carlisle"),
    ] {
        assert_eq!(leader_at(&g, name), Place::Sq(sq(at)), "{name} sets up in {at}");
    }
    let brigadier = (0..g.leaders.len() as u8)
        .filter(|&l| g.leader(l).id == "british-brigadier")
        .any(|l| g.leaders[l as usize].at == Place::Sq(sq("fort-schuyler")));
    assert!(brigadier, "4.3 Fort Schuyler: leader Brigadier (1-0)");
    const EXACTLY: bool = true;
    const AT_LEAST: bool = false;
    #[rustfmt::skip]
    let rows: Vec<(&str, engine::Seat, Keep, usize, bool, &str)> = vec![
        // 3.3, 3.4 the French.
        ("quebec", FRENCH, reg(fr, T::Line, Reg), 6, AT_LEAST, "six heavy regiments"),
        ("quebec", FRENCH, reg(fr, T::Light, Reg), 1, AT_LEAST, "one light regiment"),
        ("quebec", FRENCH, reg(fr, T::SiegeTrain, Reg), 1, AT_LEAST, "one siege train"),
        ("quebec", FRENCH, prov("new-france", MIL, Reg), 1, AT_LEAST, "militia"),
        ("montreal", FRENCH, reg(fr, T::Line, Reg), 1, AT_LEAST, "one heavy regiment"),
        // Montreal and St. Jeans share a square: a militia regiment each.
        ("montreal", FRENCH, prov("new-france", MIL, Reg), 2, AT_LEAST, "militia"),
        ("trois-rivieres", FRENCH, prov("new-france", MIL, Reg), 1, AT_LEAST, "militia"),
        ("fort-niagara", FRENCH, reg(fr, T::Line, Reg), 1, AT_LEAST, "one heavy regiment"),
        ("ticonderoga", FRENCH, reg(fr, T::Line, Reg), 2, AT_LEAST, "two heavy regiments"),
        ("ticonderoga", FRENCH, reg(fr, T::Light, Reg), 1, AT_LEAST, "one light regiment"),
        ("ticonderoga", FRENCH, reg(fr, T::SiegeTrain, Reg), 1, AT_LEAST, "one siege train"),
        ("ticonderoga", FRENCH, reg(fr, T::Engineers, Det), 1, AT_LEAST, "one engineer"),
        ("ticonderoga", FRENCH, prov("new-france", &[T::Light], Reg), 1, AT_LEAST, "3.4 light"),
        ("ticonderoga", FRENCH, indian(), 1, AT_LEAST, "3.5 an Indian unit"),
        ("new-orleans", FRENCH, reg(fr, T::Line, Reg), 1, AT_LEAST, "one heavy regiment"),
        ("new-orleans", FRENCH, reg(fr, T::SiegeTrain, Reg), 1, AT_LEAST, "one siege train"),
        ("new-orleans", FRENCH, prov("louisiana", MIL, Reg), 1, AT_LEAST, "militia"),
        ("mobile", FRENCH, prov("louisiana", MIL, Reg), 1, AT_LEAST, "militia"),
        // 5.0 the Spanish, set up by the French: no other line reaches Florida.
        ("st-augustine", FRENCH, reg(sp, T::Line, Reg), 1, EXACTLY, "one heavy regiment"),
        ("st-augustine", FRENCH, prov("florida", &[T::Light], Reg), 1, EXACTLY, "one light regiment"),
        ("st-augustine", FRENCH, prov("florida", MIL, Reg), 1, EXACTLY, "militia"),
        ("san-marcos", FRENCH, prov("florida", MIL, Reg), 1, EXACTLY, "militia"),
        ("pensacola", FRENCH, reg(sp, T::Line, Reg), 1, EXACTLY, "one heavy regiment"),
        ("pensacola", FRENCH, prov("florida", MIL, Reg), 1, EXACTLY, "militia"),
        // 4.3, 4.4 the British: no "any" line reaches Louisbourg.
        ("louisbourg", BRITISH, reg(br, T::Grenadiers, Reg), 1, EXACTLY, "one grenadier regiment"),
        ("louisbourg", BRITISH, reg(br, T::Line, Reg), 8, EXACTLY, "eight heavy regiments"),
        ("louisbourg", BRITISH, reg(br, T::Light, Reg), 2, EXACTLY, "two light regiments"),
        ("louisbourg", BRITISH, reg(br, T::SiegeTrain, Reg), 2, EXACTLY, "two siege trains"),
        ("louisbourg", BRITISH, reg(br, T::Engineers, Det), 1, EXACTLY, "one engineer"),
        ("louisbourg", BRITISH, reg(br, T::Fleet, Squadron), 2, EXACTLY, "two fleets"),
        ("louisbourg", BRITISH, prov("massachusetts", &[T::Rangers], Reg), 1, EXACTLY, "MA rangers"),
        ("louisbourg", BRITISH, prov("massachusetts", &[T::Engineers], Det), 1, EXACTLY, "MA engineer"),
        ("halifax", BRITISH, reg(br, T::Line, Reg), 1, EXACTLY, "one heavy regiment"),
        ("halifax", BRITISH, prov("nova-scotia", MIL, Reg), 1, EXACTLY, "militia"),
        ("fort-william-henry", BRITISH, reg(br, T::Line, Reg), 4, EXACTLY, "four heavy regiments"),
        ("fort-william-henry", BRITISH, reg(br, T::Light, Reg), 1, EXACTLY, "one light regiment"),
        ("fort-william-henry", BRITISH, reg(br, T::SiegeTrain, Reg), 1, EXACTLY, "one siege train"),
        ("fort-william-henry", BRITISH, prov("connecticut", INF, Reg), 2, EXACTLY, "CT"),
        ("fort-william-henry", BRITISH, prov("new-york", INF, Reg), 1, AT_LEAST, "NY"),
        ("fort-william-henry", BRITISH, prov("massachusetts", INF, Reg), 1, EXACTLY, "MA"),
        ("fort-william-henry", BRITISH, prov("new-hampshire", &[T::Rangers], Reg), 1, EXACTLY, "NH"),
        ("fort-schuyler", BRITISH, reg(br, T::Line, Reg), 2, EXACTLY, "two heavy regiments"),
        ("fort-schuyler", BRITISH, reg(br, T::Light, Reg), 1, EXACTLY, "one light regiment"),
        ("fort-schuyler", BRITISH, reg(br, T::SiegeTrain, Reg), 1, EXACTLY, "one siege train"),
        ("fort-schuyler", BRITISH, prov("new-york", INF, Reg), 2, AT_LEAST, "NY"),
        ("fort-schuyler", BRITISH, indian(), 1, EXACTLY, "4.5 an Indian unit"),
        ("carlisle", BRITISH, reg(br, T::Light, Reg), 1, EXACTLY, "one light regiment"),
        ("carlisle", BRITISH, prov("pennsylvania", INF, Reg), 1, EXACTLY, "PA"),
        ("fort-duquesne", BRITISH, reg(br, T::Light, Reg), 1, EXACTLY, "one light regiment"),
        ("fort-gaspereau", BRITISH, prov("massachusetts", INF, Reg), 1, EXACTLY, "MA"),
    ];
    for (place, seat, keep, n, exact, what) in rows {
        let got = count_at(&g, place, seat, keep);
        if exact {
            assert_eq!(got, n, "{place}: {what}");
        } else {
            assert!(got >= n, "{place}: {what}: {got}, at least {n}");
        }
    }
    // 4.7 a fort on Carlisle; 5.0 St. Augustine's magazine.
    use fiw::civilization::Marker;
    let fort = g.civ(sq("carlisle"), Marker::Fort).expect("4.7 a fort on Carlisle");
    assert!(fort.side == BRITISH && !fort.printed);
    let magazine = g.civ(sq("st-augustine"), Marker::Magazine).expect("5.0 a magazine");
    assert_eq!(magazine.side, FRENCH, "the French set Spain up");
    // 4.3 the third fleet: New York City or Halifax.
    let fleets = |p| count_at(&g, p, BRITISH, reg(br, T::Fleet, Squadron));
    assert_eq!(fleets("new-york") + fleets("halifax"), 1);
}

#[test]
fn british_provincial_infantry_keeps_the_face_chosen_at_set_up() {
    // rule: fiw 35.3, 2.33
    // 4.0 "the British player may initially deploy provincial infantry
    // regiments on either their heavy or light side": the face chosen is
    // the one shown.
    let mut g = Fiw::new(&Setup::new("on-to-quebec", 3));
    while let Some(Frame::Deploy { seat: FRENCH, .. }) = g.stack.last().cloned() {
        let v = legal(&g, FRENCH);
        g.apply_legal(FRENCH, &v[0]);
    }
    let (mut seen, mut want) = ([false, false], false);
    while let Some(Frame::Deploy { seat, .. }) = g.stack.last().cloned() {
        let v = legal(&g, seat);
        let light = v
            .iter()
            .find(|a| matches!(a, Action::Deploy { light: true, .. }))
            .copied();
        let Some(Action::Deploy { sq, .. }) = light else {
            g.apply_legal(seat, &v[0]);
            continue;
        };
        // Alternate the faces, light first.
        want = !want;
        let before: Vec<UnitId> = g.units_at(sq).collect();
        let logged = g.log().visible(Some(seat)).count();
        act(&mut g, seat, Action::Deploy { sq, light: want });
        // The regiment the first set-up line after the action names: the
        // lines after it may set up more there by themselves (ruling fiw
        // #90: one place and one face).
        let told = g
            .log()
            .visible(Some(seat))
            .skip(logged)
            .find(|e| e.rule == "35.3")
            .map(|e| e.text.clone())
            .expect("the placement is told to its side");
        let new: Vec<UnitId> = g
            .units_at(sq)
            .filter(|u| !before.contains(u) && told.contains(&g.unit_name(*u)))
            .collect();
        assert!(!new.is_empty(), "{told}");
        let f = g.face(new[0]);
        assert!(!f.regular && f.side == BRITISH && f.size == fiw::forces::Size::Regiment);
        assert_eq!(
            f.kind == fiw::forces::UnitType::Light,
            want,
            "{} set up on the face chosen",
            f.id
        );
        seen[usize::from(want)] = true;
    }
    assert_eq!(seen, [true, true], "both faces were chosen");
}

#[test]
fn the_french_leaders_of_any_french_occupied_square_may_join_any_square_the_french_set_up_occupies() {
    // rule: fiw 35.3
    // 3.3 "Any French occupied squares: leaders Bougainville, de
    // Villieres". The French set up all their pieces before the British
    // (3.0), in no order the rules set: the squares open to the two leaders
    // are those the whole French set-up occupies (ruling fiw #26: a French
    // non-Indian combat unit; neutral Spanish units occupy for nobody, 5.3),
    // Trois Rivieres with only its militia regiment of 3.4 among them, not
    // only those the units of 3.3's earlier lines stand in.
    let mut g = Fiw::new(&Setup::new("on-to-quebec", 5));
    let spec = fiw::scenario::spec(g.scenario);
    let leader_line = |name: &str| {
        spec.lines
            .iter()
            .position(|l| matches!(l.what, fiw::scenario::What::Leader(n) if n == name))
            .unwrap() as u8
    };
    let (bougainville, villiers) = (leader_line("bougainville"), leader_line("de-villiers"));
    let mut offered: Vec<Vec<fiw::map::Sq>> = Vec::new();
    while let Some(Frame::Deploy { seat: FRENCH, line, .. }) = g.stack.last().cloned() {
        if line == bougainville || line == villiers {
            let mut v = g.deploy_squares(FRENCH, line);
            v.sort();
            offered.push(v);
        }
        let v = legal(&g, FRENCH);
        g.apply_legal(FRENCH, &v[0]);
    }
    assert_eq!(offered.len(), 2, "one piece each");
    let mut occupied: Vec<fiw::map::Sq> = fiw::map::Sq::all().filter(|&s| g.occupies(s, FRENCH)).collect();
    occupied.sort();
    for v in &offered {
        assert_eq!(v, &occupied, "the squares the French set-up occupies");
    }
    // The 3.4 militia regiment of Trois Rivieres is its only unit here.
    let tr = sq("trois-rivieres");
    assert!(g.units_at(tr).all(|u| g.face(u).kind == fiw::forces::UnitType::Militia));
    assert!(offered[0].contains(&tr));
    // Neither neutral Spain's garrisons nor Indians alone occupy.
    assert!(g.has_units(sq("st-augustine"), FRENCH) && !offered[0].contains(&sq("st-augustine")));
    let indians_alone = fiw::map::Sq::all()
        .find(|&s| g.has_units(s, FRENCH) && g.units_at(s).all(|u| g.face(u).nation == fiw::forces::Nation::Indian));
    if let Some(s) = indians_alone {
        assert!(!offered[0].contains(&s), "Indians alone in {s}");
    }
}

#[test]
fn a_line_naming_several_places_offers_those_places() {
    // rule: fiw 35.3
    // 3.3 "In either Fort Niagara, Fort Detroit or Fort Vincennes: one
    // light infantry regiment"; 4.3 "New York City or Halifax: one fleet".
    let g = Fiw::new(&Setup::new("on-to-quebec", 5));
    let spec = fiw::scenario::spec(g.scenario);
    let line = |seat, places: &[&str]| {
        let i = spec
            .lines
            .iter()
            .position(|l| matches!(l.at, fiw::scenario::Where::OneOf(ps) if l.seat == seat && ps == places))
            .unwrap_or_else(|| panic!("a line for {places:?}")) as u8;
        let mut want: Vec<fiw::map::Sq> = places.iter().map(|p| sq(p)).collect();
        want.sort();
        (i, want)
    };
    let (french, want) = line(FRENCH, &["fort-niagara", "fort-detroit", "fort-vincennes"]);
    assert_eq!(g.deploy_squares(FRENCH, french), want);
    let (british, want) = line(BRITISH, &["new-york", "halifax"]);
    assert_eq!(g.deploy_squares(BRITISH, british), want);
}

#[test]
fn the_second_turn_has_events_negotiations_and_income() {
    // rule: fiw 35.3, 7.1
    // 7.1 skips them "on the first turn of the game" only.
    let mut g = cleared(BRITISH);
    to_next_turn(&mut g);
    assert_eq!((g.turn, g.year()), (2, 1760));
    idle_until(&mut g, |g| matches!(g.phase, Phase::Operations { .. }));
    let texts: Vec<String> = g.log().visible(None).map(|e| e.text.clone()).collect();
    let from = texts
        .iter()
        .position(|t| t.contains("Turn 2 (1760) begins."))
        .expect("1760");
    let turn2 = &texts[from..];
    assert!(turn2.iter().any(|t| t.contains("roll for random events")), "{turn2:?}");
    assert!(!turn2.iter().any(|t| t.contains("on the first turn")));
    for seat in [BRITISH, FRENCH] {
        let income = format!("{} income", fiw::state::side_name(seat));
        assert!(turn2.iter().any(|t| t.contains(&income)), "{income} in 1760");
    }
    assert!(turn2.iter().any(|t| t.contains("Negotiations")), "{turn2:?}");
}

#[test]
fn the_british_may_release_drucour_their_prisoner_from_the_set_up() {
    // rule: fiw 35.3, 17.42
    // 3.8 "French leader Drucour is a British prisoner": the British, his
    // captors, may return him in a recruiting phase (ruling fiw #32); the
    // French may not.
    let g = purchasing(&[]);
    let drucour = (0..g.leaders.len() as u8)
        .find(|&l| g.leader(l).answers_to("drucour"))
        .unwrap();
    assert_eq!(g.leaders[drucour as usize].side, FRENCH);
    assert!(legal(&g, BRITISH).contains(&Action::Release(drucour)));
    assert!(!legal(&g, FRENCH).contains(&Action::Release(drucour)));
}

#[test]
fn victory_levels_follow_the_difference_of_the_totals() {
    // rule: fiw 29.1, 29.2, 29.21, 29.22
    // An empty map: the British score +5 for the mildly pro-British index
    // (+3) and each side a tenth of its treasury, rounded up (ruling fiw
    // #27); the difference names the level and the higher total wins.
    let base = cleared(BRITISH);
    for (treasury, level, winner) in [
        ([140, 0], "draw", None),
        ([141, 0], "colonial", Some(BRITISH)),
        ([150, 0], "colonial", Some(BRITISH)),
        ([540, 0], "colonial", Some(BRITISH)),
        ([550, 0], "continental", Some(BRITISH)),
        ([940, 0], "continental", Some(BRITISH)),
        ([950, 0], "imperial", Some(BRITISH)),
        ([0, 50], "draw", None),
        ([0, 240], "draw", None),
        ([0, 250], "colonial", Some(FRENCH)),
        ([0, 1050], "imperial", Some(FRENCH)),
    ] {
        let mut g = base.clone();
        g.treasury = treasury;
        let (b, f) = (g.score_of(BRITISH).total(), g.score_of(FRENCH).total());
        assert_eq!(b, 5 + u32::from(treasury[0]).div_ceil(10));
        assert_eq!(f, u32::from(treasury[1]).div_ceil(10));
        g.victory();
        let o = g.core.outcome.clone().expect("the game is over");
        assert_eq!((o.level.as_deref(), o.winner), (Some(level), winner), "{b} to {f}");
        assert_eq!(o.rule, "29.2");
    }
}

#[test]
fn the_balance_of_power_scores_its_position_after_the_last_balance_of_power_phase() {
    // rule: fiw 29.1, 35.3, 4.11
    // "Balance of Power Index Final Position": the British in Quebec move
    // the index 2 toward them in each Balance of Power phase (+3, +5, +7);
    // play ends after the 1760 phase, at +7, moderately pro-British: 10
    // points, not the 5 of the mild +5 it stood at before that phase.
    let mut g = cleared(BRITISH);
    put(&mut g, "br-line", "quebec");
    to_next_turn(&mut g);
    assert_eq!(g.balance.value(), 5);
    // 1760's random events: A2 (the war, already on) and B6, no event.
    g.core.dice.script([4, 2, 6]);
    idle_until(&mut g, |_| false);
    assert!(g.core.outcome.is_some());
    assert_eq!(g.balance.value(), 7);
    assert_eq!(g.score_of(BRITISH).balance, 10);
    assert!(logged(&g, "Balance of Power 10"), "the score counted at the end");
}

#[test]
fn a_besieged_fortress_and_a_massacred_square_score_for_neither_side() {
    // rule: fiw 29.11
    let mut g = cleared(BRITISH);
    let quebec = sq("quebec");
    let garrison = put(&mut g, "fr-bearn", "quebec");
    let french = g.score_of(FRENCH);
    assert_eq!(french.objectives, 10, "the French hold Quebec");
    assert!(french.symbols > 0, "and its trade");
    // British units besiege it: the garrison is inside its fortress.
    g.units[garrison as usize].inside = true;
    put(&mut g, "br-line", "quebec");
    assert!(g.besieged(quebec));
    let (b, f) = (g.score_of(BRITISH), g.score_of(FRENCH));
    assert_eq!((b.objectives, f.objectives), (0, 0), "Quebec counts for neither");
    assert_eq!(f.symbols, 0);
    assert_eq!(b.symbols, 0);
    // A massacred square counts for nobody, not even the side holding it.
    let mut g = cleared(BRITISH);
    put(&mut g, "br-line", "boston");
    let held = g.score_of(BRITISH);
    let boston = tables().map.square(sq("boston"));
    assert_eq!(held.objectives, 2, "Boston, a British colonial capital");
    assert_eq!(
        held.symbols,
        u32::from(boston.trading) + u32::from(boston.manufacturing)
    );
    assert!(held.symbols > 0, "Boston trades");
    g.massacres.push(sq("boston"));
    let s = g.score_of(BRITISH);
    assert_eq!((s.objectives, s.symbols), (0, 0));
}

#[test]
fn a_line_s_forts_are_printed_forts_and_a_fortress_city_takes_only_lines_naming_cities() {
    // rule: fiw 35.3, 2.34, 22.11, 23.0
    // ruling: fiw #77 a set-up line's "forts" are squares with a printed
    // fort, not a fortress: Quebec and New Orleans, cities with a
    // fortress, take only the lines that name cities; a square holding a
    // fort is a fort whatever else it holds (Mobile, a city with a fort;
    // Montreal, whose square holds the St. Jeans fort).
    let g = Fiw::new(&Setup::new("on-to-quebec", 7));
    let spec = fiw::scenario::spec(g.scenario);
    let offered = |line: usize| g.deploy_squares(FRENCH, line as u8);
    let (quebec, new_orleans) = (sq("quebec"), sq("new-orleans"));
    // 3.4 "Any towns, forts in New France / Louisiana": Langlade, Marin,
    // the militia and Louisiana's light regiment.
    let towns_forts: Vec<(usize, Colony)> = (0..spec.lines.len())
        .filter_map(|i| match spec.lines[i].at {
            fiw::scenario::Where::Posts {
                colony,
                cities: false,
                towns: true,
                forts: true,
            } if spec.lines[i].seat == FRENCH => Some((i, colony)),
            _ => None,
        })
        .collect();
    assert_eq!(
        towns_forts.len(),
        7,
        "Langlade, Marin, four New France and Louisiana militia lines, a light regiment"
    );
    for &(i, colony) in &towns_forts {
        let v = offered(i);
        assert!(!v.contains(&quebec) && !v.contains(&new_orleans), "line {i}: {v:?}");
        let want: &[&str] = if colony == Colony::NewFrance {
            &["montreal", "ticonderoga", "fort-niagara", "fort-detroit"]
        } else {
            &["mobile", "fort-de-chartres", "natchitoches", "fort-vincennes"]
        };
        for p in want {
            assert!(v.contains(&sq(p)), "line {i} offers {p}");
        }
    }
    // A line naming cities still takes the fortress cities.
    let posts = (0..spec.lines.len())
        .filter(|&i| {
            spec.lines[i].seat == FRENCH && matches!(spec.lines[i].at, fiw::scenario::Where::Posts { cities: true, .. })
        })
        .collect::<Vec<_>>();
    assert!(posts.iter().any(|&i| offered(i).contains(&quebec)));
    assert!(posts.iter().any(|&i| offered(i).contains(&new_orleans)));
}

#[test]
fn the_players_may_agree_before_play_to_end_after_any_year() {
    // rule: fiw 35.4, 29.1, 29.2
    // ruling: fiw #79 35.4 1.0 "By mutual agreement, players may decide to
    // end a scenario at the end of any year": the option `end`, agreed
    // before play as 35.4 2.0's `extended` is. The game ends after that
    // year's End of Turn phase and is scored as at the scenario's end.
    let mut g = cleared_with(&[("end", "1759")]);
    assert_eq!(g.last_turn(), 1);
    assert_eq!(g.stage().turn.value, "1759 (turn 1 of 1)");
    put(&mut g, "br-line", "quebec");
    idle_until(&mut g, |_| false);
    let o = g.core.outcome.clone().expect("over after 1759");
    assert_eq!((g.turn, g.year()), (1, 1759));
    assert!(!logged(&g, "Turn 2 (1760) begins."));
    assert!(
        logged(&g, "The players agreed to end the game in 1759"),
        "the log says why"
    );
    assert!(logged(&g, "victory points (objectives"), "29.1 scored");
    let (b, f) = (g.score_of(BRITISH).total(), g.score_of(FRENCH).total());
    assert_eq!(
        o.winner,
        (b.abs_diff(f) >= 20).then_some(if b > f { BRITISH } else { FRENCH }),
        "29.2"
    );
    assert!(o.level.is_some());
    // With the extended scenario, any year before its end in 1762: here 1761.
    let mut g = cleared_with(&[("extended", "on"), ("end", "1761")]);
    assert_eq!(g.last_turn(), 3);
    idle_until(&mut g, |_| false);
    assert!(g.core.outcome.is_some());
    assert_eq!((g.turn, g.year()), (3, 1761));
    assert!(logged(&g, "The players agreed to end the game in 1761"));
    // Without the option, play goes on into 1760.
    let mut g = cleared_with(&[]);
    idle_until(&mut g, |g| g.turn == 2);
    assert!(g.core.outcome.is_none());
    assert_eq!(g.year(), 1760);
    // A year the title does not list is refused, and no game is made.
    for bad in ["1758", "1762", "soon"] {
        let mut setup = Setup::new("on-to-quebec", 1);
        setup.options.insert("end".into(), bad.into());
        assert!(engine::Session::<Fiw>::new(setup).is_err(), "end={bad}");
    }
    // A year past the scenario's end without the extended scenario is
    // refused too: the option declares that 1761 needs it.
    let mut setup = Setup::new("on-to-quebec", 1);
    setup.options.insert("end".into(), "1761".into());
    let Err(err) = engine::Session::<Fiw>::new(setup.clone()) else {
        panic!("end=1761 without the extended scenario was accepted")
    };
    let err = err.to_string();
    assert!(err.contains("'end' = '1761' needs option 'extended' = 'on'"), "{err}");
    setup.options.insert("extended".into(), "on".into());
    assert!(engine::Session::<Fiw>::new(setup).is_ok());
    // So is Spain's historic entry in 1761 (8.3), a year the short game
    // never reaches: accepted, it would have done nothing.
    let mut setup = Setup::new("on-to-quebec", 1);
    setup.options.insert("historic-spain".into(), "on".into());
    let Err(err) = engine::Session::<Fiw>::new(setup.clone()) else {
        panic!("historic-spain without the extended scenario was accepted")
    };
    assert!(err.to_string().contains("needs option 'extended' = 'on'"), "{err}");
}

/// Ruling fiw #90: a set-up line whose next piece has one place and one
/// face left decides nothing, and sets up without a click; a line drawn at
/// random (25.1) still waits for its seat, so that the draw rides on no
/// other action. Every decision the set-up asks is a real choice, and the
/// pieces of the lines that set up by themselves are on the map.
#[test]
fn set_up_lines_with_one_place_and_one_face_set_up_by_themselves() {
    // rule: fiw 35.3, 25.1
    // ruling: fiw #90
    for seed in 1..=3 {
        let mut g = Fiw::new(&Setup::new("on-to-quebec", seed));
        let mut asked = [0; 2];
        while let Some(Frame::Deploy { seat, .. }) = g.stack.last().cloned() {
            let v = legal(&g, seat);
            if v.len() == 1 {
                let what = label(&g, seat, v[0]);
                assert!(what.contains("drawn at random"), "a choice of one: {what}");
            }
            asked[seat as usize] += 1;
            g.apply_legal(seat, &v[0]);
        }
        assert!(matches!(g.stack.last(), Some(Frame::ChooseFirst { .. })));
        // Wolfe's line names Louisbourg alone: he set up by himself.
        assert_eq!(g.leaders[leader(&g, "wolfe") as usize].at, Place::Sq(sq("louisbourg")));
        assert!(asked[BRITISH as usize] < 60 && asked[FRENCH as usize] < 60, "{asked:?}");
    }
}

/// The set-up's lines in words: "Set up 3 MA militia regiments (…)", the
/// colony as printed and the noun in the plural (session 39's audit saw
/// "3 ma militia regiment" and "1 l light infantry regiment").
#[test]
fn set_up_lines_name_the_colony_as_printed_and_count_in_the_plural() {
    // rule: fiw 35.3
    let g = Fiw::new(&engine::Setup::new("on-to-quebec", 1));
    let spec = fiw::scenario::spec(g.scenario);
    let mut seen = 0;
    for (i, l) in spec.lines.iter().enumerate() {
        if let fiw::scenario::What::Units(n) = l.what {
            let words = g.line_words(i as u8);
            let head = words.split(" (").next().unwrap_or_default();
            if let Some(c) = n
                .home
                .and_then(|h| fiw::map::Colony::ALL.into_iter().find(|c| c.id() == h))
            {
                assert!(head.contains(&format!(" {} ", c.abbr())), "{words}");
                seen += 1;
            }
            assert_eq!(head.ends_with('s'), n.n > 1, "{words}");
        }
    }
    assert!(seen > 0);
}

/// 35.3 3.0 "Louisbourg, Fort Gaspereau and Fort Duquesne are not French
/// occupied; the British have captured them": Louisbourg's fortress and
/// Fort Gaspereau are British from the start of the set-up, not French
/// until the British set up there (session 39's audit saw "[French
/// fortress]" under Wolfe's army).
#[test]
fn the_captured_works_are_british_from_the_start_of_the_set_up() {
    // rule: fiw 35.3, 22.4
    let g = Fiw::new(&engine::Setup::new("on-to-quebec", 1));
    assert!(matches!(g.phase, fiw::state::Phase::Deployment(_)));
    for place in ["louisbourg", "fort-gaspereau"] {
        let at = sq(place);
        let works: Vec<_> = g.civs.iter().filter(|c| c.sq == at).collect();
        assert!(!works.is_empty(), "{place} has works");
        assert!(works.iter().all(|c| c.side == BRITISH), "{place}: {works:?}");
    }
}

/// 35.3 3.0 "French must have at least one unit deployed per French city,
/// town and fort", and the captured ones "are not French occupied": the
/// unit deployed occupies the post, which Indians never do (ruling fiw
/// #26). The French set up their village Indians in the forts beside
/// L'Arbre Croche, Saint-Joseph, Coosha and Quapaw, and every other piece
/// away from the posts where they may: each post still gets a unit that
/// occupies it (rules fiw-25: the Indians covered two forts).
#[test]
fn indians_set_up_in_a_fort_s_village_do_not_cover_the_fort() {
    // rule: fiw 35.3
    // ruling: fiw #95
    let m = &tables().map;
    let posts: Vec<_> = m
        .places
        .iter()
        .filter(|p| matches!(m.colony(p.sq), Some(Colony::NewFrance | Colony::Louisiana)))
        .filter(|p| p.settlement.is_some() || p.works.is_some())
        .filter(|p| !["louisbourg", "fort-gaspereau", "fort-duquesne", "fort-frontenac"].contains(&p.id.as_str()))
        .map(|p| p.sq)
        .collect();
    let village_posts: Vec<_> = posts.iter().copied().filter(|&s| m.village(s).is_some()).collect();
    assert!(village_posts.len() >= 2, "forts beside villages: {village_posts:?}");
    let mut g = Fiw::new(&Setup::new("on-to-quebec", 3));
    let mut indians_in_posts = 0;
    while let Some(Frame::Deploy { seat: FRENCH, line, .. }) = g.stack.last().cloned() {
        let spec = fiw::scenario::spec(g.scenario);
        let indians = matches!(spec.lines[line as usize].what, fiw::scenario::What::Indians { .. });
        let offered = legal(&g, FRENCH);
        let square = |a: &Action| match a {
            Action::Deploy { sq, .. } | Action::DeployBroken { sq, .. } => *sq,
            _ => unreachable!("set-up choices"),
        };
        let pick = if indians {
            offered.iter().find(|a| village_posts.contains(&square(a)))
        } else {
            offered.iter().find(|a| !posts.contains(&square(a)))
        };
        let a = *pick.unwrap_or(&offered[0]);
        indians_in_posts += usize::from(indians && village_posts.contains(&square(&a)));
        act(&mut g, FRENCH, a);
    }
    assert_eq!(indians_in_posts, 2, "both village Indians set up in forts");
    for p in posts {
        assert!(g.occupies(p, FRENCH), "no French unit occupies {}", g.sq_name(p));
    }
}

/// 7.2 "Player turn order remains in effect for the remainder of the turn
/// regardless of shifts in the balance of power", and 7.3's initiative,
/// decided in the initiative phase (7.0), with it: the British (+3) send
/// the French first; the index swinging to -10 in the turn changes neither
/// until the next turn's initiative phase, when the French choose.
#[test]
fn the_turn_order_stands_for_the_turn_whatever_the_balance_of_power_does() {
    // rule: fiw 7.2, 7.3, 7.0
    let mut g = started(FRENCH);
    assert_eq!((g.first, g.initiative), (FRENCH, BRITISH));
    g.balance = fiw::balance::Index::new(-10).unwrap();
    idle_until(&mut g, |g| g.phase == Phase::Operations { round: 3, seat: FRENCH });
    assert_eq!((g.first, g.initiative), (FRENCH, BRITISH));
    idle_until(&mut g, |g| {
        g.phase
            == Phase::Operations {
                round: 3,
                seat: BRITISH,
            }
    });
    assert_eq!(g.first, FRENCH, "the French still open each phase");
    to_next_turn(&mut g);
    assert!(matches!(g.stack.last(), Some(Frame::ChooseFirst { seat }) if *seat == FRENCH));
    assert_eq!(g.initiative, FRENCH);
}

/// 4.3 the index goes no higher than +18, and 7.3: "Various game functions
/// will call for players to take actions simultaneously. In the event of a
/// dispute, the player with the initiative goes first." At +17 the British
/// hold Quebec (2 toward them) and the French Boston (1 toward them): made
/// French first, 17, 16, 18; British first, 17, 18 (no higher), 17. The
/// player with the initiative makes his shifts first (ruling fiw #100).
#[test]
fn at_an_extreme_the_initiative_player_s_shifts_come_first() {
    // rule: fiw 4.3, 7.3, 4.11
    // ruling: fiw #100
    let after = |initiative: engine::Seat| {
        let mut g = cleared(BRITISH);
        put(&mut g, "br-line", "quebec");
        put(&mut g, "fr-bearn", "boston");
        g.balance = fiw::balance::Index::new(17).unwrap();
        g.initiative = initiative;
        end_operations(&mut g);
        let lines: Vec<String> = g
            .log()
            .visible(None)
            .filter(|e| e.rule == "4.11")
            .map(|e| e.text.clone())
            .collect();
        (g.balance.value(), lines)
    };
    let (french_first, lines) = after(FRENCH);
    assert_eq!(french_first, 18);
    assert!(
        lines[0].contains("French occupy Boston") && lines[0].ends_with("(+16)."),
        "{lines:?}"
    );
    let (british_first, lines) = after(BRITISH);
    assert_eq!(british_first, 17);
    // The log says the extreme cut the shift (4.3).
    assert_eq!(
        lines[0],
        "The British occupy Quebec: the Balance of Power shifts 1 of its 2 toward them, to its extreme (+18, 4.3)."
    );
}

#[test]
fn a_shift_past_the_extreme_is_told_as_far_as_it_went() {
    // rule: fiw 4.3, 4.0
    use fiw::balance::Index;
    let at = |v: i8| Index::new(v).unwrap();
    let words = |from: i8, by: u8, toward| at(from).shift(by, toward).shift_words(at(from), by, "them");
    assert_eq!(words(5, 2, BRITISH), "shifts 2 toward them (+7)");
    // No zero space: +1 to -2 is two spaces.
    assert_eq!(words(1, 2, FRENCH), "shifts 2 toward them (-2)");
    assert_eq!(
        words(-17, 3, FRENCH),
        "shifts 1 of its 3 toward them, to its extreme (-18, 4.3)"
    );
    assert_eq!(words(18, 1, BRITISH), "stays at its extreme (+18, 4.3)");
}
