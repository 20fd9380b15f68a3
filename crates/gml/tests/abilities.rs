//! 5.5 Special Leader Abilities (the optional `abilities` rule): each
//! ability's effect with the option on, and the same position unchanged
//! with it off, on positions built by hand with scripted dice.

mod common;

use common::*;
use engine::prelude::*;
use engine::Setup;
use gml::combat::Stage;
use gml::forces::{Kind, Nationality, AMERICAN, BRITISH};
use gml::frames::Frame;
use gml::state::{LeaderId, Phase, Place, UnitId};
use gml::{Action, Gml};

/// Saratoga cleared before `seat`'s Combat Phase, the abilities `on` or off.
fn before_combat(seat: engine::Seat, on: bool) -> Gml {
    let mut g = cleared("saratoga", Phase::Activation(seat));
    g.abilities.on = on;
    g
}

/// The leader `id` in `at` commanding `units`.
fn lead(g: &mut Gml, id: &str, at: &str, units: &[UnitId]) -> LeaderId {
    let l = put_leader(g, id, at);
    for &u in units {
        g.units[u as usize].leader = Some(l);
    }
    l
}

fn stage(g: &Gml) -> Option<&Stage> {
    g.battle().map(|b| &b.stage)
}

/// The half movement points of the group on the move.
fn left(g: &Gml) -> u8 {
    match g.stack.last() {
        Some(Frame::Move(m)) => m.left,
        other => panic!("no group on the move: {other:?}"),
    }
}

// rule: gml 5.5
#[test]
fn the_option_is_off_by_default_and_kept_in_saves() {
    let g = Gml::new(&Setup::new("saratoga", 1));
    assert!(!g.abilities.on);
    assert!(!serde_json::to_string(&g).unwrap().contains("\"abilities\""));
    let mut setup = Setup::new("saratoga", 1);
    setup.options.insert("abilities".into(), "on".into());
    let g = Gml::new(&setup);
    assert!(g.abilities.on);
    let back: Gml = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
    assert!(back.abilities.on);
    sound(&g);
}

/// Burgoyne's group of one British unit sets out from Saratoga.
fn burgoyne_moves(on: bool) -> (Gml, UnitId) {
    let mut g = cleared("saratoga", Phase::Activation(BRITISH));
    g.abilities.on = on;
    let u = put(&mut g, BRITISH, Kind::British, 1, "saratoga")[0];
    put_leader(&mut g, "burgoyne", "saratoga");
    activate_with(&mut g, BRITISH, "burgoyne", &[u]);
    act(&mut g, BRITISH, "move-burgoyne");
    (g, u)
}

// rule: gml 5.5, 6.12
#[test]
fn burgoynes_units_move_one_less() {
    let (g, u) = burgoyne_moves(true);
    assert_eq!(left(&g), (g.counters(u).movement - 1) * 2);
    sound(&g);
    let (g, u) = burgoyne_moves(false);
    assert_eq!(left(&g), g.counters(u).movement * 2);
}

/// Campbell alone sets out from Pittsburgh, in the Northwest Territories.
fn campbell_moves(on: bool) -> Gml {
    let mut g = cleared("saratoga", Phase::Activation(AMERICAN));
    g.abilities.on = on;
    put_leader(&mut g, "campbell", "pittsburgh");
    activate_with(&mut g, AMERICAN, "campbell", &[]);
    act(&mut g, AMERICAN, "move-campbell");
    g
}

// rule: gml 5.5, 6.11, 6.12
#[test]
fn campbells_group_moves_one_more_from_the_northwest() {
    assert_eq!(left(&campbell_moves(true)), 10);
    assert_eq!(left(&campbell_moves(false)), 8);
}

// rule: gml 5.5, 5.2
#[test]
fn campbell_commands_one_more_with_militia_only() {
    let mut g = cleared("saratoga", Phase::Activation(AMERICAN));
    g.abilities.on = true;
    let l = put_leader(&mut g, "campbell", "albany");
    let base = g.leader(l).command;
    assert_eq!(g.command_value(l), base, "no units: no militia stack");
    put(&mut g, AMERICAN, Kind::Militia, 1, "albany");
    assert_eq!(g.command_value(l), base + 1);
    g.abilities.on = false;
    assert_eq!(g.command_value(l), base);
    g.abilities.on = true;
    put(&mut g, AMERICAN, Kind::Continental, 1, "albany");
    assert_eq!(g.command_value(l), base, "not militia only");
}

// rule: gml 5.5, 5.7
#[test]
fn duportail_commands_french_units() {
    let mut g = cleared("saratoga", Phase::Activation(AMERICAN));
    let f = put_where(&mut g, AMERICAN, 1, "albany", |c| {
        c.nationality == Some(Nationality::French)
    })[0];
    let l = put_leader(&mut g, "duportail", "albany");
    assert!(!g.may_command(l, f));
    g.abilities.on = true;
    assert!(g.may_command(l, f));
    let other = put_leader(&mut g, "alexander", "albany");
    assert!(!g.may_command(other, f), "only Duportail");
}

// rule: gml 5.5, 4.0
#[test]
fn howe_may_refuse_to_move_and_the_activation_is_not_spent() {
    let mut g = cleared("saratoga", Phase::Activation(BRITISH));
    g.abilities.on = true;
    put_leader(&mut g, "howe", "albany");
    put_leader(&mut g, "grey", "saratoga");
    activations(&mut g, BRITISH, 1);
    g.core.dice.script([9]);
    act(&mut g, BRITISH, "activate-howe");
    assert_logged(&g, "William Howe is to move: 9, he does not move this turn");
    assert!(matches!(g.stack.last(), Some(Frame::Activations { left: 1, .. })));
    assert!(!has(&g, BRITISH, "activate-howe"));
    sound(&g);
    act(&mut g, BRITISH, "activate-grey");
    assert!(matches!(g.stack.last(), Some(Frame::Form { .. })));

    let mut g = cleared("saratoga", Phase::Activation(BRITISH));
    g.abilities.on = true;
    put_leader(&mut g, "howe", "albany");
    activations(&mut g, BRITISH, 1);
    g.core.dice.script([8]);
    act(&mut g, BRITISH, "activate-howe");
    assert_logged(&g, "William Howe is to move: 8, he moves");
    assert!(matches!(g.stack.last(), Some(Frame::Form { .. })));

    // Without the option nothing is rolled.
    let mut g = cleared("saratoga", Phase::Activation(BRITISH));
    put_leader(&mut g, "howe", "albany");
    activations(&mut g, BRITISH, 1);
    act(&mut g, BRITISH, "activate-howe");
    assert_eq!(g.core.dice.scripted_left(), 0);
    assert!(!logged(&g, "William Howe is to move"));
    assert!(matches!(g.stack.last(), Some(Frame::Form { .. })));
}

/// A British unit attacks Alexander's Continental, Washington beside him.
fn alexander_fights(on: bool, dice: &[u8]) -> (Gml, LeaderId) {
    let mut g = before_combat(BRITISH, on);
    put(&mut g, BRITISH, Kind::British, 1, "saratoga");
    let c = put(&mut g, AMERICAN, Kind::Continental, 1, "saratoga");
    let l = lead(&mut g, "alexander", "saratoga", &c);
    put_leader(&mut g, "washington", "saratoga");
    g.core.dice.script(dice.iter().copied());
    g.advance();
    (g, l)
}

// rule: gml 5.5, 5.3, 8.2
#[test]
fn a_drunk_alexander_gives_no_points_and_may_leave_the_game() {
    // 8: drunk; the Americans hit (1), the British miss (10); round two
    // the reduced British unit is eliminated; then 9: Alexander leaves.
    let (mut g, l) = alexander_fights(true, &[8, 1, 10]);
    assert_logged(
        &g,
        "William Alexander (Lord Stirling) enters combat: 8, he has had too much to drink",
    );
    let b = g.battle().unwrap();
    assert!(b.unfit.contains(&l) && b.bonus.is_empty());
    assert_logged(&g, "The Americans roll 1 for units at 4: 1 hit");
    take(&mut g, Action::Continue);
    g.core.dice.script([1, 10, 9]);
    take(&mut g, Action::Continue);
    assert_logged(
        &g,
        "William Alexander (Lord Stirling) was drunk in the combat, with George Washington in his group (9-10 removes him from the game): 9, he is removed from the game",
    );
    assert_eq!(g.leaders[l as usize].at, Place::Gone);
    assert!(g.units.iter().all(|u| u.leader != Some(l)));
    sound(&g);

    // 7: sober, his 2 defensive points go to his unit.
    let (g, l) = alexander_fights(true, &[7, 10, 10]);
    assert_logged(&g, "William Alexander (Lord Stirling) enters combat: 7, sober");
    let b = g.battle().unwrap();
    assert!(!b.unfit.contains(&l) && b.bonus.len() == 1);

    // Off: no roll, his points as usual.
    let (g, _) = alexander_fights(false, &[10, 10]);
    assert!(!logged(&g, "Alexander enters combat"));
    assert_eq!(g.battle().unwrap().bonus.len(), 1);
    assert_eq!(stage(&g), Some(&Stage::Stay { seat: AMERICAN }));
}

// rule: gml 5.5, 8.2
#[test]
fn alexander_stays_on_a_low_roll_after_his_drink() {
    let (mut g, l) = alexander_fights(true, &[9, 1, 10]);
    take(&mut g, Action::Continue);
    g.core.dice.script([1, 10, 8]);
    take(&mut g, Action::Continue);
    assert_logged(&g, "William Alexander (Lord Stirling) was drunk in the combat, with George Washington in his group (9-10 removes him from the game): 8, he stays");
    assert!(matches!(g.leaders[l as usize].at, Place::Space(_)));
}

/// `id` attacks with one British unit against one Continental in Saratoga.
fn british_attack(id: &str, on: bool, dice: &[u8]) -> Gml {
    let mut g = before_combat(BRITISH, on);
    let u = put(&mut g, BRITISH, Kind::British, 1, "saratoga");
    lead(&mut g, id, "saratoga", &u);
    put(&mut g, AMERICAN, Kind::Continental, 1, "saratoga");
    g.core.dice.script(dice.iter().copied());
    g.advance();
    g
}

// rule: gml 5.5, 8.2
#[test]
fn grey_may_surprise_the_defenders() {
    // 9: the Americans do not fire in round one; the British do (1).
    let g = british_attack("grey", true, &[9, 1]);
    assert_logged(&g, "Charles Grey attacks: 9, he surprises the defenders");
    assert!(!logged(&g, "The Americans roll"));
    assert_logged(&g, "The British roll 1");
    assert_eq!(g.core.dice.scripted_left(), 0);
    sound(&g);
    // 8: both fire.
    let g = british_attack("grey", true, &[8, 10, 10]);
    assert_logged(&g, "Charles Grey attacks: 8, no surprise");
    assert_logged(&g, "The Americans roll 10");
    // Off: no roll, both fire.
    let g = british_attack("grey", false, &[10, 10]);
    assert!(!logged(&g, "Grey attacks"));
    assert_logged(&g, "The Americans roll 10");
    assert_logged(&g, "The British roll 10");
}

// rule: gml 5.5, 8.2
#[test]
fn baums_units_may_hold_their_fire_in_the_first_round() {
    let g = british_attack("baum", true, &[6, 10]);
    assert_logged(
        &g,
        "Friedrich Baum attacks with his command alone: 6, the Americans fire",
    );
    assert_logged(&g, "The Americans roll 10");
    assert!(!logged(&g, "The British roll"));
    assert_eq!(g.core.dice.scripted_left(), 0);
    let g = british_attack("baum", true, &[5, 10, 10]);
    assert_logged(
        &g,
        "Friedrich Baum attacks with his command alone: 5, his units fire as usual",
    );
    assert_logged(&g, "The British roll 10");
    let g = british_attack("baum", false, &[10, 10]);
    assert!(!logged(&g, "Baum attacks"));
    assert_logged(&g, "The British roll 10");
}

// rule: gml 5.5, 8.2
#[test]
fn baum_rolls_only_when_no_other_leader_attacks_with_him() {
    let mut g = before_combat(BRITISH, true);
    let u = put(&mut g, BRITISH, Kind::British, 1, "saratoga");
    lead(&mut g, "baum", "saratoga", &u);
    put_leader(&mut g, "grey", "saratoga");
    put(&mut g, AMERICAN, Kind::Continental, 1, "saratoga");
    g.core.dice.script([1, 10, 10]);
    g.advance();
    assert!(!logged(&g, "Friedrich Baum attacks"));
    assert_logged(&g, "Charles Grey attacks: 1");
}

/// Clark attacks a British-side unit of `kind` in Saratoga with two
/// Continentals: his points wait to be given.
fn clark_attacks(on: bool, kind: Kind) -> Gml {
    let mut g = before_combat(AMERICAN, on);
    let c = put(&mut g, AMERICAN, Kind::Continental, 2, "saratoga");
    lead(&mut g, "clark", "saratoga", &c);
    put(&mut g, BRITISH, kind, 1, "saratoga");
    g.advance();
    g
}

// rule: gml 5.5, 5.1
#[test]
fn clark_attacks_indians_two_points_better() {
    let g = clark_attacks(true, Kind::Indian);
    assert!(matches!(stage(&g), Some(Stage::Bonus { left: 3, .. })));
    let g = clark_attacks(false, Kind::Indian);
    assert!(matches!(stage(&g), Some(Stage::Bonus { left: 1, .. })));
    let g = clark_attacks(true, Kind::British);
    assert!(matches!(stage(&g), Some(Stage::Bonus { left: 1, .. })));
}

// rule: gml 5.5, 8.251
// ruling: gml #42
#[test]
fn clark_is_no_better_in_a_point_three_retreat_into_indians() {
    let mut g = before_combat(BRITISH, true);
    let b = put(&mut g, BRITISH, Kind::British, 1, "saratoga")[0];
    g.units[b as usize].entered = Some((common::space("fort-edward"), gml::map::LineKind::River));
    put(&mut g, BRITISH, Kind::Indian, 1, "bennington");
    put(&mut g, BRITISH, Kind::British, 2, "albany");
    let c = put(&mut g, AMERICAN, Kind::Continental, 3, "saratoga");
    let clark = put_leader(&mut g, "clark", "saratoga");
    g.core.dice.script([10; 4]);
    g.advance();
    assert_eq!(stage(&g), Some(&Stage::Stay { seat: AMERICAN }), "{}", log_text(&g));
    for &u in &c {
        g.units[u as usize].leader = Some(clark);
    }
    take(&mut g, Action::Retreat);
    take(&mut g, Action::Fighter(c[0]));
    take(&mut g, Action::Fighter(c[1]));
    // Only Indians defend, but the ability acts in an 8.2 combat only.
    assert!(
        matches!(stage(&g), Some(Stage::Bonus { left: 1, .. })),
        "{:?}",
        stage(&g)
    );
}

/// Clinton's British unit is attacked in Saratoga.
fn clinton_attacked(on: bool) -> (Gml, Vec<UnitId>) {
    let mut g = before_combat(AMERICAN, on);
    let u = put(&mut g, BRITISH, Kind::British, 1, "saratoga");
    lead(&mut g, "clinton", "saratoga", &u);
    put(&mut g, AMERICAN, Kind::Continental, 1, "saratoga");
    g.advance();
    (g, u)
}

// rule: gml 5.5, 8.25
#[test]
fn clintons_force_may_retreat_before_combat() {
    let (mut g, u) = clinton_attacked(true);
    assert_eq!(stage(&g), Some(&Stage::Evade { seat: BRITISH }));
    assert!(has(&g, BRITISH, "retreat") && has(&g, BRITISH, "continue"));
    sound(&g);
    take(&mut g, Action::Retreat);
    assert_logged(&g, "Henry Clinton's force retreats before combat");
    if g.battle().is_some_and(|b| matches!(b.stage, Stage::Retreat { .. })) {
        let to = legal(&g)[0];
        take(&mut g, to);
    }
    assert_ne!(at(&g, u[0]), "saratoga");
    assert!(
        !logged(&g, "The British roll") && !logged(&g, "The Americans roll"),
        "no shot fired"
    );
    assert!(!logged(&g, "greater victory"));

    // He may fight instead: the combat goes on to its first fire.
    let (mut g, _) = clinton_attacked(true);
    g.core.dice.script([10, 10]);
    take(&mut g, Action::Continue);
    assert_logged(&g, "The British roll 10");

    // Off: no such choice.
    let (g, _) = clinton_attacked(false);
    assert!(!matches!(stage(&g), Some(Stage::Evade { .. })));
}

/// An American greater victory over Howe's army in Saratoga: four units a
/// side, the British retreat after a round without hits.
fn greater_victory(on: bool, extra: &[&str], dice: &[u8], draws: &[&str]) -> Gml {
    let mut g = before_combat(BRITISH, on);
    put(&mut g, BRITISH, Kind::British, 4, "saratoga");
    put(&mut g, AMERICAN, Kind::Continental, 4, "saratoga");
    put_leader(&mut g, "howe", "saratoga");
    for id in extra {
        put_leader(&mut g, id, "saratoga");
    }
    put_leader(&mut g, "washington", "saratoga");
    g.core.dice.script([10; 8].into_iter().chain(dice.iter().copied()));
    g.core.dice.script_draws(draws.iter().map(|d| d.to_string()));
    g.advance();
    take(&mut g, Action::Continue);
    take(&mut g, Action::Retreat);
    while g.battle().is_some() {
        let a = legal(&g)[0];
        take(&mut g, a);
    }
    g
}

// rule: gml 5.5, 8.27
#[test]
fn howe_may_go_home_after_the_first_american_greater_victory() {
    let howe = leader(&Gml::start(&Setup::new("saratoga", 1)), "howe");
    let g = greater_victory(true, &["clinton", "cornwallis"], &[4], &["cornwallis"]);
    assert_logged(&g, "A greater victory for the Americans");
    assert_logged(
        &g,
        "The first American greater victory, William Howe: 4, he returns to Great Britain",
    );
    assert_eq!(g.leaders[howe as usize].at, Place::Gone);
    let c = leader(&g, "cornwallis");
    assert_logged(&g, "Charles Cornwallis (drawn) becomes the British commander-in-chief");
    assert_eq!(g.rank(c), 3);
    assert_eq!(g.rank(leader(&g, "clinton")), 2);
    sound(&g);

    // One successor in play: no draw.
    let g = greater_victory(true, &["burgoyne"], &[10], &[]);
    assert_logged(&g, "John Burgoyne becomes the British commander-in-chief");

    // 3: Howe keeps the command, and the check is not made again.
    let g = greater_victory(true, &["clinton"], &[3], &[]);
    assert_logged(&g, "William Howe: 3, he keeps the command");
    assert!(matches!(g.leaders[howe as usize].at, Place::Space(_)));
    assert!(g.abilities.greater);
}

// rule: gml 5.5, 8.27
#[test]
fn without_the_option_howe_stays_after_a_greater_victory() {
    let g = greater_victory(false, &[], &[], &[]);
    let howe = leader(&g, "howe");
    assert_logged(&g, "A greater victory for the Americans");
    assert!(!logged(&g, "William Howe:"));
    assert!(matches!(g.leaders[howe as usize].at, Place::Space(_)));
}
