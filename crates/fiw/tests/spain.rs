//! 5.3, 28.1 neutral Spain: until Spain enters the war its units in
//! Florida serve no side, so Florida's cities count for nobody and the
//! French may not use them.

mod common;

use common::*;
use engine::prelude::*;
use fiw::state::Fiw;

/// On to Quebec set up (Spain neutral), and the same with Spain at war.
fn neutral_and_at_war() -> (Fiw, Fiw) {
    let g = started(BRITISH);
    assert!(!g.spain, "35.3: Spain is neutral");
    let mut war = g.clone();
    war.spain = true;
    (g, war)
}

#[test]
fn neutral_spanish_garrisons_occupy_nothing_for_the_french() {
    // rule: fiw 5.3, 28.1, 29.1, 9.1
    let (g, war) = neutral_and_at_war();
    let st_augustine = sq("st-augustine");
    assert!(g.has_units(st_augustine, FRENCH), "the Spanish garrison stands there");
    assert!(!g.occupies(st_augustine, FRENCH) && !g.controls(st_augustine, FRENCH));
    assert!(war.controls(st_augustine, FRENCH), "28.1 once Spain is at war");
    // Florida's objectives and symbols, and its income, are the French's only then.
    let (neutral, at_war) = (g.score_of(FRENCH), war.score_of(FRENCH));
    assert!(neutral.objectives < at_war.objectives, "{neutral:?} {at_war:?}");
    assert!(g.square_income(FRENCH) <= war.square_income(FRENCH));
}

#[test]
fn the_balance_of_power_ignores_a_neutral_florida() {
    // rule: fiw 4.11, 5.3
    let mut g = started(BRITISH);
    to_next_turn(&mut g);
    assert!(
        !logged(&g, "occupy St. Augustine"),
        "a neutral Spanish garrison shifts nothing"
    );
}

/// The income/expenditure phase of an emptied On to Quebec with a neutral
/// Spanish garrison in St. Augustine (a Florida militia regiment, whose
/// counter breaks down, and a detachment, whose counter flips) and one
/// French unit in Quebec, both treasuries full.
fn purchasing_beside_a_neutral_florida() -> (Fiw, [fiw::state::UnitId; 2]) {
    let mut g = cleared(BRITISH);
    let regiment = put(&mut g, "fl-militia", "st-augustine");
    let detachment = put(&mut g, "fl-militia-det", "st-augustine");
    put(&mut g, "fr-bearn", "quebec");
    g.stack.clear();
    g.collect_income();
    g.treasury = [200, 200];
    (g, [regiment, detachment])
}

#[test]
fn the_french_may_not_use_neutral_spanish_units_in_their_purchases() {
    // rule: fiw 5.3, 28.1, 10.8, 17.5, 22.1, 24.4
    use fiw::actions::Action;
    use fiw::civilization::Marker;
    use fiw::state::Place;
    let (mut g, [regiment, detachment]) = purchasing_beside_a_neutral_florida();
    let st_augustine = Place::Sq(sq("st-augustine"));
    let places = |g: &mut Fiw, chosen: Action| {
        act(g, FRENCH, chosen);
        let v = legal(g, FRENCH);
        back_out(g, FRENCH);
        v
    };
    let montcalm = g.leaders[leader(&g, "montcalm") as usize].leader;
    let uses_spain = |g: &mut Fiw| {
        let v = legal(g, FRENCH);
        let spanish = [Action::BreakDown(regiment), Action::Flip(detachment)];
        (
            places(g, Action::Appoint(montcalm)).contains(&Action::At(st_augustine)),
            places(g, Action::Build(Marker::Magazine)).contains(&Action::At(st_augustine)),
            places(g, Action::Disband).contains(&Action::DisbandUnit(regiment)),
            spanish.iter().any(|a| v.contains(a)),
        )
    };
    assert_eq!(uses_spain(&mut g), (false, false, false, false), "Spain is neutral");
    g.spain = true;
    g.set_status(fiw::map::Colony::Florida, fiw::state::Status::Active);
    assert_eq!(uses_spain(&mut g), (true, true, true, true), "28.1 French controlled");
}

#[test]
fn desertion_never_takes_a_neutral_spanish_militia() {
    // rule: fiw 5.3, 28.1, 8.1
    use fiw::events::Choice;
    use fiw::frames::Frame;
    let mut g = cleared(BRITISH);
    let spanish = put(&mut g, "fl-militia", "st-augustine");
    let french = put(&mut g, "nf-militia", "montreal");
    g.initiative = FRENCH;
    let mut war = g.clone();
    war.spain = true;
    for g in [&mut g, &mut war] {
        g.stack.push(Frame::Events {
            roller: FRENCH,
            queue: vec!["desertion".into()],
        });
        g.advance();
    }
    let options = |g: &Fiw| match g.stack.last() {
        Some(Frame::EventChoice {
            seat: FRENCH, options, ..
        }) => options.clone(),
        other => panic!("the French choice: {other:?}"),
    };
    assert_eq!(options(&g), [Choice::Unit(french)]);
    let why = engine::why_not(&g, FRENCH, &format!("u{spanish}"));
    assert!(
        matches!(&why, engine::WhyNot::Forbidden { rules } if rules[0].rule == "5.3"),
        "{why:?}"
    );
    assert!(options(&war).contains(&Choice::Unit(spanish)), "28.1 French controlled");
}

/// The British invasion reaction of the 1st operations phase is over and
/// a French leader alone with British units rolls within his ratings
/// (17.41): he escapes.
fn escape_after_invasion(g: &mut Fiw) {
    use fiw::state::{Phase, Sub};
    g.phase = Phase::Operations {
        round: 1,
        seat: BRITISH,
    };
    g.sub = Sub::InvasionReaction;
    g.stack.clear();
    g.core.dice.script([1]);
    g.advance();
}

#[test]
fn an_escaping_french_leader_never_joins_a_neutral_spanish_garrison() {
    // rule: fiw 17.41, 5.3, 28.1
    // ruling: fiw #32
    use fiw::state::{Base, Place};
    let mut g = cleared(BRITISH);
    put(&mut g, "fl-militia", "st-augustine");
    put(&mut g, "br-line", "savannah");
    let montcalm = put_leader(&mut g, "montcalm", "savannah");
    let mut war = g.clone();
    war.spain = true;
    for g in [&mut g, &mut war] {
        escape_after_invasion(g);
    }
    assert_eq!(
        g.leaders[montcalm as usize].at,
        Place::Base(Base::France),
        "no friends on the map: home"
    );
    assert_eq!(war.leaders[montcalm as usize].at, Place::Sq(sq("st-augustine")));

    // French units as near as the garrison: the French choose among them
    // alone, and "why not?" says St. Augustine holds no French units.
    let mut g = cleared(BRITISH);
    put(&mut g, "fl-militia", "st-augustine");
    put(&mut g, "br-line", "savannah");
    put_leader(&mut g, "montcalm", "savannah");
    let (charleston, georgia) = (sq("charleston"), sq("0817"));
    put(&mut g, "fr-line-det", charleston);
    put(&mut g, "fr-line-det", georgia);
    escape_after_invasion(&mut g);
    let escapes: Vec<String> = legal(&g, FRENCH)
        .iter()
        .map(|a| engine::Describe::describe(&g, FRENCH, a).id)
        .collect();
    assert_eq!(escapes, [format!("escape-{georgia}"), format!("escape-{charleston}")]);
    let why = engine::why_not(&g, FRENCH, &sq("st-augustine").to_string());
    assert!(
        matches!(&why, engine::WhyNot::Forbidden { rules } if rules[0].reason.contains("no French combat units are in St. Augustine")),
        "{why:?}"
    );
}

#[test]
fn neutral_spanish_units_are_in_automatic_supply() {
    // rule: fiw 18.31, 18.4, 5.3
    // ruling: fiw #55
    let mut g = blank(7);
    assert!(!g.spain);
    let m = &fiw::tables::tables().map;
    let here = (0..m.squares.len())
        .map(fiw::map::Sq::from_index)
        .filter(|&s| m.colony(s) == Some(fiw::map::Colony::Florida) && !m.square(s).terrain.is_water())
        .min_by_key(|&s| g.forage_value(s))
        .expect("Florida has land");
    let garrison: Vec<_> = (0..4).map(|_| put(&mut g, "sp-line", here)).collect();
    let mut war = g.clone();
    war.spain = true;
    assert!(
        war.ration(here, FRENCH).surplus() > 0,
        "at war, four regiments outgrow the wilderness"
    );
    // Before, the French provisioned them, and starved them, while Spain
    // was neutral.
    assert_eq!(g.ration(here, FRENCH).need, 0);
    g.first = FRENCH;
    g.supply[FRENCH as usize] = 0;
    g.phase = fiw::state::Phase::Provisioning(FRENCH);
    g.provisioning(FRENCH);
    assert!(garrison
        .iter()
        .all(|&u| g.units[u as usize].at() == fiw::state::Place::Sq(here)));
}

/// 28.2 "the French player rolls for Spanish income": a die of his own,
/// shown beside the French one for the British to check.
#[test]
fn the_spanish_income_die_is_shown() {
    // rule: fiw 28.2, 9.1
    let mut g = cleared(BRITISH);
    g.spain = true;
    g.stack.clear();
    g.core.dice.script([3, 4, 5]);
    g.collect_income();
    let line = g
        .core
        .log
        .visible(Some(BRITISH))
        .find(|e| e.text.starts_with("French income"))
        .expect("the French income is logged");
    assert!(
        line.text.contains("Spain") && line.text.contains("(roll 5"),
        "{}",
        line.text
    );
    assert_eq!(line.dice, vec![4, 5], "both French dice");
}
