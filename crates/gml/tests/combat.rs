//! 8.0-8.28 land combat, 8.25 retreats, 6.5 overrun and 5.6 leader
//! casualties, on positions built by hand with scripted dice.

mod common;

use common::*;
use engine::prelude::*;
use gml::combat::Stage;
use gml::forces::{Kind, AMERICAN, BRITISH};
use gml::frames::{Frame, Move};
use gml::map::LineKind;
use gml::state::{Phase, Place, Unit, UnitId};
use gml::tables::tables;
use gml::{Action, Gml};

/// Saratoga cleared at the end of the British Activation Phase: advancing
/// it enters the Combat Phase.
fn before_combat() -> Gml {
    cleared("saratoga", Phase::Activation(BRITISH))
}

fn stage(g: &Gml) -> Option<&Stage> {
    g.battle().map(|b| &b.stage)
}

// rule: gml 8.21, 8.26
#[test]
fn the_terrain_effects_table_is_read() {
    let t = &tables().terrain;
    assert_eq!(t.attack("fort"), -2);
    assert_eq!(t.defend("fort"), 1);
    assert_eq!(t.defend("trench"), 1);
    assert_eq!(t.attack("vp-city"), -1);
    assert_eq!(t.attack("swamp"), -1);
    assert_eq!(t.attack("river"), -1);
    assert_eq!(t.attack("clear"), 0);
}

/// 8.22's example: a British unit attacks Continentals at 4 and 5 in
/// Saratoga, and round one is fought. The defender's units: 7 against 4
/// misses, 3 against 5 hits; the British unit, reduced to 4 before it
/// fires, misses with 5.
fn worked_example() -> (Gml, [UnitId; 3]) {
    let mut g = before_combat();
    let b = put(&mut g, BRITISH, Kind::British, 1, "saratoga")[0];
    let c4 = put(&mut g, AMERICAN, Kind::Continental, 1, "saratoga")[0];
    let c5 = put_where(&mut g, AMERICAN, 1, "saratoga", |c| {
        c.kind == Kind::Continental && c.experienced
    })[0];
    g.core.dice.script([7, 3, 5]);
    g.advance();
    (g, [b, c4, c5])
}

// rule: gml 8.22, 8.2
#[test]
fn the_worked_example_and_a_first_round_where_the_defender_fires_first() {
    let (g, [b, c4, c5]) = worked_example();
    assert_logged(&g, "Land combat in Saratoga");
    assert_logged(&g, "The Americans roll 7, 3 for units at 4, 5: 1 hit");
    assert!(g.units[b as usize].reduced);
    assert_logged(&g, "The British roll 5 for units at 4: 0 hits");
    assert!(!g.units[c4 as usize].reduced && !g.units[c5 as usize].reduced);
    assert_eq!(stage(&g), Some(&Stage::Stay { seat: AMERICAN }));
    assert_eq!(legal(&g), vec![Action::Continue, Action::Retreat]);
    sound(&g);
}

// rule: gml 8.2, 8.22
#[test]
fn later_rounds_are_simultaneous_and_units_turn_back_at_the_end() {
    let (mut g, [b, c4, c5]) = worked_example();
    take(&mut g, Action::Continue);
    // Round 2: both fire before any hit: the reduced British unit still
    // fires and hits, and is then eliminated.
    g.core.dice.script([1, 10, 2]);
    take(&mut g, Action::Continue);
    assert_logged(&g, "Combat round 2");
    assert_logged(&g, "The Americans roll 1, 10 for units at 4, 5: 1 hit");
    assert_logged(&g, "The British roll 2 for units at 4: 1 hit");
    // The defender applies its hit: its choice between two units.
    assert_eq!(stage(&g), Some(&Stage::Hits { seat: AMERICAN }));
    assert_eq!(legal(&g), vec![Action::Hit(c4), Action::Hit(c5)]);
    // A reduced unit's choice says the hit eliminates it (session 38's
    // audit: alike labels hid which unit was reduced).
    let label = |g: &Gml, u: UnitId| {
        let id = format!("hit-{}", g.unit_id(u));
        engine::described(g, AMERICAN)
            .into_iter()
            .find(|a| a.id == id)
            .map(|a| a.label)
    };
    // Alike units are told apart by their values on the panel (session
    // 40's audit of 12.4: a hit on the wrong one threw a leader's points
    // away).
    assert_eq!(
        label(&g, c4).as_deref(),
        Some("The Continental unit (value 4) takes the hit (8.22)")
    );
    assert_eq!(
        label(&g, c5).as_deref(),
        Some("The experienced Continental unit (value 5) takes the hit (8.22)")
    );
    let mut worn = g.clone();
    worn.units[c4 as usize].reduced = true;
    assert_eq!(
        label(&worn, c4).as_deref(),
        Some("The Continental unit (reduced, value 3) takes the hit and is eliminated (8.22)")
    );
    take(&mut g, Action::Hit(c5));
    assert_eq!(g.units[b as usize].at(), Place::Pool);
    assert_logged(&g, "The Americans win the combat in Saratoga");
    assert!(g.battle().is_none());
    // 8.22 every unit turns back when combat ends.
    assert!(!g.units[c5 as usize].reduced);
    assert_eq!(g.held[space("saratoga") as usize].vp, Some(AMERICAN));
}

// rule: gml 8.23, 8.25
// ruling: gml #26
#[test]
fn militia_that_rout_are_removed_or_retreat_if_experienced() {
    let mut g = before_combat();
    put(&mut g, BRITISH, Kind::British, 3, "saratoga");
    let m = put(&mut g, AMERICAN, Kind::Militia, 1, "saratoga")[0];
    let x = put_where(&mut g, AMERICAN, 1, "saratoga", |c| {
        c.kind == Kind::Militia && c.experienced
    })[0];
    // Americans miss twice, the British hit once; both militia fail.
    g.core.dice.script([10, 10, 1, 10, 10, 9, 9]);
    g.advance();
    take(&mut g, Action::Hit(m));
    assert_logged(&g, "checks morale: 9 against 2, it routs and is removed from the game");
    assert_logged(&g, "checks morale: 9 against 4, it routs and retreats");
    assert_eq!(g.units[m as usize].at(), Place::Gone);
    assert!(matches!(stage(&g), Some(Stage::Retreat { routing: true, .. })));
    take(&mut g, Action::RetreatTo(space("bennington")));
    assert_eq!(g.units[x as usize].at(), Place::Space(space("bennington")));
    assert_logged(&g, "The British win the combat in Saratoga");
    assert!(g.battle().is_none());
}

// rule: gml 8.23
#[test]
fn militia_that_hold_stay() {
    let mut g = before_combat();
    put(&mut g, BRITISH, Kind::British, 1, "saratoga");
    let m = put(&mut g, AMERICAN, Kind::Militia, 1, "saratoga")[0];
    // The militia misses, is hit (reduced to 2), rolls 2: holds.
    g.core.dice.script([10, 1, 2]);
    g.advance();
    assert_logged(&g, "checks morale: 2 against 2, it holds");
    assert_eq!(g.units[m as usize].at(), Place::Space(space("saratoga")));
    assert_eq!(stage(&g), Some(&Stage::Stay { seat: AMERICAN }));
}

/// 8.2 step 7 "With a result of 4 to 10, the Indians flee": the
/// Americans hit; the British (Indians too) miss; the Indians roll `die`.
fn indian_morale(die: u8) -> (Gml, UnitId) {
    let mut g = before_combat();
    let b = put(&mut g, BRITISH, Kind::British, 1, "saratoga")[0];
    let i = put(&mut g, BRITISH, Kind::Indian, 1, "saratoga")[0];
    put(&mut g, AMERICAN, Kind::Continental, 1, "saratoga");
    g.core.dice.script([1, 10, 10, die]);
    g.advance();
    take(&mut g, Action::Hit(b));
    (g, i)
}

// rule: gml 8.2
#[test]
fn indians_of_a_side_that_took_a_hit_may_flee() {
    let (g, i) = indian_morale(4);
    assert_logged(&g, "roll 4 for morale: they flee and leave the game");
    // Ruling gml #26: Indians are out of the game for good.
    assert_eq!(g.units[i as usize].at(), Place::Gone);
    // On 1 to 3 they stay.
    let (g, i) = indian_morale(3);
    assert_logged(&g, "roll 3 for morale: they stay");
    assert_eq!(g.units[i as usize].at(), Place::Space(space("saratoga")));
}

// rule: gml 8.2, 8.26
#[test]
fn artillery_destroys_a_trench_with_one_hit() {
    let mut g = before_combat();
    let gun = put(&mut g, BRITISH, Kind::Artillery, 1, "saratoga")[0];
    put(&mut g, BRITISH, Kind::British, 1, "saratoga");
    let c = put(&mut g, AMERICAN, Kind::Continental, 1, "saratoga")[0];
    g.units[c as usize].entrenched = true;
    g.advance();
    // 8.0 E: the defender wholly entrenched, the combat is voluntary.
    assert_eq!(legal(&g), vec![Action::Attack(space("saratoga")), Action::Done]);
    take(&mut g, Action::Attack(space("saratoga")));
    assert_eq!(stage(&g), Some(&Stage::Bombard { chosen: vec![] }));
    assert_eq!(legal(&g), vec![Action::Bombard(gun), Action::Done]);
    // Its only gun designated, step 4 fires at once.
    g.core.dice.script([3, 10, 10]);
    take(&mut g, Action::Bombard(gun));
    assert_logged(&g, "fires at the trench: 3 against 6, a hit");
    assert_logged(&g, "The trench in Saratoga is destroyed");
    assert!(!g.units[c as usize].entrenched);
    // The Continental has lost its +1; the gun does not fire again in round one.
    assert_logged(&g, "The Americans roll 10 for units at 4: 0 hits");
    assert_logged(&g, "The British roll 10 for units at 5: 0 hits");
}

fn fort_battle(dice: [u8; 4]) -> (Gml, u16) {
    let mut g = before_combat();
    let g1 = put(&mut g, BRITISH, Kind::Artillery, 1, "ticonderoga")[0];
    let g2 = put(&mut g, BRITISH, Kind::Artillery, 1, "ticonderoga")[0];
    put(&mut g, BRITISH, Kind::British, 1, "ticonderoga");
    let c = put(&mut g, AMERICAN, Kind::Continental, 1, "ticonderoga")[0];
    g.units[c as usize].inside = true;
    g.advance();
    take(&mut g, Action::Attack(space("ticonderoga")));
    take(&mut g, Action::Bombard(g1));
    g.core.dice.script(dice);
    // Both guns designated: step 4 fires at once.
    take(&mut g, Action::Bombard(g2));
    (g, c)
}

// rule: gml 8.2, 8.26
#[test]
fn artillery_destroys_a_fort_with_two_hits() {
    // Ruling gml #16: each gun at its modified value (6 - 2 for the fort).
    let (g, c) = fort_battle([2, 4, 10, 10]);
    assert_logged(&g, "fires at the fort: 2 against 4, a hit");
    assert_logged(&g, "The fort of Ticonderoga is destroyed");
    assert!(g.razed.contains(&space("ticonderoga")));
    assert!(!g.units[c as usize].inside);
    assert_logged(&g, "The Americans roll 10 for units at 4: 0 hits");
    assert_logged(&g, "The British roll 10 for units at 5: 0 hits");

    let (g, c) = fort_battle([2, 5, 10, 10]);
    assert_logged(
        &g,
        "The fort of Ticonderoga stands: 1 hit, of the 2 this step needs to destroy it",
    );
    assert!(!g.razed.contains(&space("ticonderoga")));
    assert!(g.units[c as usize].inside);
    assert_logged(&g, "The Americans roll 10 for units at 5: 0 hits");
    assert_logged(&g, "The British roll 10 for units at 3: 0 hits");
}

// rule: gml 8.2
#[test]
fn a_lone_gun_is_warned_that_it_cannot_destroy_a_fort() {
    // Session 40's audit of 12.4: one gun designated against a fort gave
    // up its fire at units for a hit that could never destroy it.
    let warning = |g: &Gml, u: UnitId| {
        let id = format!("bombard-{}", g.unit_id(u));
        engine::described(g, BRITISH)
            .into_iter()
            .find(|a| a.id == id)
            .and_then(|a| a.warning)
    };
    let mut g = before_combat();
    let gun = put(&mut g, BRITISH, Kind::Artillery, 1, "ticonderoga")[0];
    put(&mut g, BRITISH, Kind::British, 1, "ticonderoga");
    let c = put(&mut g, AMERICAN, Kind::Continental, 1, "ticonderoga")[0];
    g.units[c as usize].inside = true;
    g.advance();
    take(&mut g, Action::Attack(space("ticonderoga")));
    assert!(
        warning(&g, gun).is_some_and(|w| w.starts_with("A fort falls only to two hits in this step")),
        "{:?}",
        warning(&g, gun)
    );
    // Two guns may destroy it: no warning.
    let mut g = before_combat();
    let guns = put(&mut g, BRITISH, Kind::Artillery, 2, "ticonderoga");
    let c = put(&mut g, AMERICAN, Kind::Continental, 1, "ticonderoga")[0];
    g.units[c as usize].inside = true;
    g.advance();
    take(&mut g, Action::Attack(space("ticonderoga")));
    assert_eq!(warning(&g, guns[0]), None);
}

/// A British unit attacks a Continental in the works of `at` (`works`
/// puts it inside the fort or in a trench); both sides roll 10.
fn attack_on_works(at: &str, works: fn(&mut Unit)) -> Gml {
    let mut g = before_combat();
    put(&mut g, BRITISH, Kind::British, 1, at);
    let c = put(&mut g, AMERICAN, Kind::Continental, 1, at)[0];
    works(&mut g.units[c as usize]);
    g.advance();
    g.core.dice.script([10, 10]);
    take(&mut g, Action::Attack(space(at)));
    g
}

// rule: gml 8.21, 8.26
#[test]
fn a_fort_gives_attackers_minus_two_and_defenders_plus_one_a_trench_plus_one() {
    // Ruling gml #15: both the table's -2 and the rules' +1.
    let g = attack_on_works("ticonderoga", |u| u.inside = true);
    assert_logged(&g, "The Americans roll 10 for units at 5: 0 hits");
    assert_logged(&g, "The British roll 10 for units at 3: 0 hits");

    let g = attack_on_works("saratoga", |u| u.entrenched = true);
    assert_logged(&g, "The Americans roll 10 for units at 5: 0 hits");
    assert_logged(&g, "The British roll 10 for units at 5: 0 hits");

    // Only units in the works at the start benefit (8.26): one outside,
    // and the combat is mandatory.
    let mut g = before_combat();
    put(&mut g, BRITISH, Kind::British, 1, "saratoga");
    let c = put(&mut g, AMERICAN, Kind::Continental, 1, "saratoga")[0];
    put(&mut g, AMERICAN, Kind::Continental, 1, "saratoga");
    g.units[c as usize].entrenched = true;
    g.core.dice.script([10, 10, 10]);
    g.advance();
    assert_logged(&g, "Mandatory combat in Saratoga");
    assert_logged(&g, "The Americans roll 10, 10 for units at 5, 4: 0 hits");
}

// rule: gml 5.1, 8.21
#[test]
fn a_leaders_points_are_split_one_at_a_time_and_values_clamped_to_seven() {
    let mut g = before_combat();
    let l = put_leader(&mut g, "burgoyne", "saratoga");
    let a = put(&mut g, BRITISH, Kind::British, 1, "saratoga")[0];
    let x = put_where(&mut g, BRITISH, 1, "saratoga", |c| {
        c.kind == Kind::British && c.experienced
    })[0];
    let m = put(&mut g, AMERICAN, Kind::Militia, 1, "saratoga")[0];
    for u in [a, x] {
        g.units[u as usize].leader = Some(l);
    }
    g.advance();
    assert_eq!(
        stage(&g),
        Some(&Stage::Bonus {
            seat: BRITISH,
            leader: l,
            left: 2
        })
    );
    assert_eq!(legal(&g), vec![Action::Bonus(a), Action::Bonus(x)]);
    sound(&g);
    take(&mut g, Action::Bonus(x));
    g.core.dice.script([10, 10, 10]);
    take(&mut g, Action::Bonus(x));
    // 6 + 2 = 8, clamped to 7 (5.1, 8.21).
    assert_logged(&g, "The British roll 10, 10 for units at 5, 7: 0 hits");
    let _ = m;
}

/// 5.1: "if a leader has an Offensive Combat Value of 2, he could raise the
/// Combat Value of two of his units by 1 each, or raise the Combat Value of
/// one unit by 2." The first branch (the second is
/// `a_leaders_points_are_split_one_at_a_time_and_values_clamped_to_seven`,
/// above).
// rule: gml 5.1, 8.21
#[test]
fn the_offensive_value_example_raises_two_units_by_one_each() {
    let mut g = before_combat();
    let l = put_leader(&mut g, "burgoyne", "saratoga");
    let units = put(&mut g, BRITISH, Kind::British, 2, "saratoga");
    put(&mut g, AMERICAN, Kind::Militia, 1, "saratoga");
    for &u in &units {
        g.units[u as usize].leader = Some(l);
    }
    g.advance();
    assert_eq!(
        stage(&g),
        Some(&Stage::Bonus {
            seat: BRITISH,
            leader: l,
            left: 2
        }),
        "Burgoyne's Offensive Combat Value is 2"
    );
    take(&mut g, Action::Bonus(units[0]));
    g.core.dice.script([10, 10, 10]);
    take(&mut g, Action::Bonus(units[1]));
    // Both British units (5) are raised by one: 6 and 6.
    assert_logged(&g, "The British roll 10, 10 for units at 6, 6: 0 hits");
}

// rule: gml 8.21
#[test]
fn a_value_never_falls_below_one() {
    // The American attack into a VP city by a river line: 2 (reduced) - 1 - 1.
    let mut g = before_combat();
    g.phase = Phase::Activation(AMERICAN);
    put(&mut g, BRITISH, Kind::British, 1, "albany");
    let m = put(&mut g, AMERICAN, Kind::Militia, 1, "albany")[0];
    g.units[m as usize].entered = Some((space("saratoga"), LineKind::River));
    g.core.dice.script([1, 10, 1]);
    g.advance();
    assert!(g.units[m as usize].reduced);
    assert_logged(&g, "The Americans roll 10 for units at 1: 0 hits");
}

/// A British attack on saratoga from Fort Edward with `n` American
/// defenders, the neighbours filled as given; round one misses.
fn retreat_position(n: usize, bennington: usize, albany: usize, entrench: bool) -> (Gml, Vec<u16>) {
    retreat_position_with(n, bennington, albany, entrench, false)
}

fn retreat_position_with(n: usize, bennington: usize, albany: usize, entrench: bool, gates: bool) -> (Gml, Vec<u16>) {
    let mut g = before_combat();
    if gates {
        put_leader(&mut g, "gates", "saratoga");
    }
    let b = put(&mut g, BRITISH, Kind::British, 1, "saratoga")[0];
    g.units[b as usize].entered = Some((space("fort-edward"), LineKind::River));
    put(&mut g, BRITISH, Kind::British, bennington, "bennington");
    put(&mut g, BRITISH, Kind::British, albany, "albany");
    let us = put(&mut g, AMERICAN, Kind::Continental, n, "saratoga");
    for &u in &us {
        g.units[u as usize].entrenched = entrench;
    }
    g.core.dice.script(std::iter::repeat_n(10, n + 1));
    g.advance();
    if entrench {
        take(&mut g, Action::Attack(space("saratoga")));
    }
    assert_eq!(stage(&g), Some(&Stage::Stay { seat: AMERICAN }), "{}", log_text(&g));
    (g, us)
}

// rule: gml 8.25, 8.251, 8.252
#[test]
fn retreat_priority_one_avoids_enemies_and_the_enemys_way_in() {
    let (mut g, us) = retreat_position_with(2, 0, 0, false, true);
    let gates = g.leaders_at(space("saratoga")).next().expect("Gates");
    take(&mut g, Action::Retreat);
    // Not Fort Edward, whence the British came (river: -1 for them).
    assert_eq!(
        legal(&g),
        vec![
            Action::RetreatTo(space("bennington")),
            Action::RetreatTo(space("albany"))
        ]
    );
    take(&mut g, Action::RetreatTo(space("albany")));
    for u in us {
        assert_eq!(g.units[u as usize].at(), Place::Space(space("albany")));
    }
    assert_eq!(g.leaders[gates as usize].at, Place::Space(space("albany")));
    assert_logged(&g, "2 American units retreat to Albany");

    // With the enemy in Albany, Bennington is the only way: no choice.
    let (mut g, us) = retreat_position(1, 0, 1, false);
    take(&mut g, Action::Retreat);
    assert_eq!(g.units[us[0] as usize].at(), Place::Space(space("bennington")));
}

// rule: gml 6.7, 8.251
// ruling: gml #36
#[test]
fn a_british_retreat_into_a_state_not_yet_entered_calls_its_militia() {
    let mut g = before_combat();
    g.called.retain(|&st| st != state("nh"));
    let b = put(&mut g, BRITISH, Kind::British, 1, "saratoga")[0];
    g.units[b as usize].entered = Some((space("fort-edward"), LineKind::River));
    put(&mut g, AMERICAN, Kind::Continental, 2, "saratoga");
    g.core.dice.script([10, 10, 10]);
    g.advance();
    take(&mut g, Action::Continue);
    take(&mut g, Action::Retreat);
    take(&mut g, Action::RetreatTo(space("bennington")));
    assert_eq!(g.units[b as usize].at(), Place::Space(space("bennington")));
    assert_logged(&g, "enter New Hampshire (with the Hampshire Grants) for the first time");
    assert!(matches!(g.stack.last(), Some(Frame::Raise { seat: AMERICAN, .. })));
    sound(&g);
}

// rule: gml 8.251
#[test]
fn retreat_priority_two_back_into_the_trench() {
    let (mut g, us) = retreat_position(2, 2, 2, true);
    take(&mut g, Action::Retreat);
    assert_logged(&g, "2 units retreat into the works of Saratoga");
    assert!(matches!(stage(&g), Some(Stage::Shelter { seat: BRITISH })));
    assert_eq!(legal(&g), vec![Action::Continue, Action::Done]);
    sound(&g);
    take(&mut g, Action::Done);
    assert!(g.battle().is_none());
    for u in us {
        assert_eq!(g.units[u as usize].at(), Place::Space(space("saratoga")));
        assert!(g.units[u as usize].entrenched);
    }
    // Fought once this phase: not again.
    assert!(!logged(&g, "Combat round 2"));
}

// rule: gml 8.251
#[test]
fn retreat_priority_three_fights_into_a_space_with_one_enemy_unit() {
    let (mut g, us) = retreat_position(3, 1, 2, false);
    let lone = g
        .units_at(space("bennington"))
        .next()
        .expect("the British unit in Bennington");
    take(&mut g, Action::Retreat);
    assert!(matches!(stage(&g), Some(Stage::Pick { .. })), "{}", log_text(&g));
    sound(&g);
    take(&mut g, Action::Fighter(us[0]));
    sound(&g);
    // The enemy unit fires first (misses), then the two hit twice.
    g.core.dice.script([10, 1, 1]);
    take(&mut g, Action::Fighter(us[1]));
    assert_logged(&g, "A retreat into an enemy space in Bennington");
    // A step of the first combat's retreat, not a combat of its own.
    assert_logged(&g, "The round of the retreat from Saratoga into Bennington ends");
    assert!(!logged(&g, "The combat in Bennington ends"));
    assert_eq!(g.units[lone as usize].at(), Place::Pool);
    for u in us {
        assert_eq!(g.units[u as usize].at(), Place::Space(space("bennington")));
        assert!(!g.units[u as usize].reduced);
    }
    assert!(g.battle().is_none());
}

// rule: gml 8.251, 8.21
// ruling: gml #18
#[test]
fn a_point_three_round_adds_the_retreating_leaders_offensive_and_the_enemys_defensive_value() {
    let mut g = before_combat();
    let w = put_leader(&mut g, "washington", "saratoga");
    let b = put(&mut g, BRITISH, Kind::British, 1, "saratoga")[0];
    g.units[b as usize].entered = Some((space("fort-edward"), LineKind::River));
    let lone = put(&mut g, BRITISH, Kind::British, 1, "bennington")[0];
    let burgoyne = put_leader(&mut g, "burgoyne", "bennington");
    g.units[lone as usize].leader = Some(burgoyne);
    put(&mut g, BRITISH, Kind::British, 2, "albany");
    let us = put(&mut g, AMERICAN, Kind::Continental, 3, "saratoga");
    g.core.dice.script([10; 4]);
    g.advance();
    assert_eq!(stage(&g), Some(&Stage::Stay { seat: AMERICAN }), "{}", log_text(&g));
    // Washington, on the panel, now commands the three.
    for &u in &us {
        g.units[u as usize].leader = Some(w);
    }
    take(&mut g, Action::Retreat);
    take(&mut g, Action::Fighter(us[0]));
    take(&mut g, Action::Fighter(us[1]));
    // Washington's Offensive Value (2), a point at a time.
    assert_eq!(legal(&g), vec![Action::Bonus(us[0]), Action::Bonus(us[1])]);
    take(&mut g, Action::Bonus(us[0]));
    g.core.dice.script([10, 10, 10]);
    take(&mut g, Action::Bonus(us[0]));
    // Burgoyne's Defensive Value (2) all to his one unit: 4 + 2.
    assert_logged(&g, "The British roll 10 for units at 6: 0 hits");
    assert_logged(&g, "The Americans roll 10, 10 for units at 6, 4: 0 hits");
}

/// 8.251 point 3: "If the enemy unit remains in its place after the
/// combat, the retreating units may not enter the space. A 'Step 3'
/// retreat may only be attempted at the end of each combat round": the
/// three stay in the combat, the attacker decides in his turn, and at the
/// end of the next round they may try again (ruling gml #18; rules gml-23:
/// they were eliminated, audit of session 39).
// rule: gml 8.251, 8.25, 8.2
// ruling: gml #18
#[test]
fn a_failed_point_three_retreat_stays_in_the_combat_and_may_try_again() {
    let (mut g, us) = retreat_position(3, 1, 2, false);
    take(&mut g, Action::Retreat);
    take(&mut g, Action::Fighter(us[0]));
    g.core.dice.script([10, 10, 10]);
    take(&mut g, Action::Fighter(us[1]));
    assert_logged(&g, "may not enter it, and stay in the combat");
    for &u in &us {
        assert_eq!(at(&g, u), "saratoga");
    }
    assert_eq!(stage(&g), Some(&Stage::Stay { seat: BRITISH }), "{}", log_text(&g));
    g.core.dice.script([10; 4]);
    take(&mut g, Action::Continue);
    assert_logged(&g, "Combat round 2");
    assert_eq!(stage(&g), Some(&Stage::Stay { seat: AMERICAN }), "{}", log_text(&g));
    assert!(legal(&g).contains(&Action::Retreat), "another attempt");
    sound(&g);
}

// rule: gml 5.6, 8.22
#[test]
fn a_leader_whose_units_are_all_gone_is_checked() {
    let mut g = before_combat();
    put(&mut g, BRITISH, Kind::British, 2, "saratoga");
    let gates = put_leader(&mut g, "gates", "saratoga");
    let c = put(&mut g, AMERICAN, Kind::Continental, 1, "saratoga")[0];
    g.units[c as usize].leader = Some(gates);
    // Gates's 2 defensive points go to his one unit at once (6); it misses,
    // and two British hits eliminate it.
    g.core.dice.script([10, 1, 1, 10]);
    g.advance();
    assert_eq!(g.units[c as usize].at(), Place::Pool);
    assert_logged(&g, "Horatio Gates's casualty check: 10, killed");
    assert_eq!(g.leaders[gates as usize].at, Place::Gone);
}

/// Both sides with a leader and four land units, British and Continental.
fn greater_position(continentals: bool) -> (Gml, Vec<u16>) {
    let mut g = before_combat();
    put_leader(&mut g, "burgoyne", "saratoga");
    put_leader(&mut g, "gates", "saratoga");
    let bs = put(&mut g, BRITISH, Kind::British, 4, "saratoga");
    let kind = if continentals { Kind::Continental } else { Kind::Militia };
    put(&mut g, AMERICAN, kind, 4, "saratoga");
    g.core.dice.script([10; 8]);
    g.advance();
    (g, bs)
}

// rule: gml 8.27, 8.28
#[test]
fn a_greater_victory_lets_the_winner_promote_a_unit() {
    let (mut g, bs) = greater_position(true);
    assert_logged(&g, "a greater victory is possible");
    take(&mut g, Action::Retreat);
    take(&mut g, Action::RetreatTo(space("bennington")));
    assert_logged(&g, "A greater victory for the British");
    // (Ruling gml #25, which the log does not cite by number.)
    assert_logged(&g, "no Political Track and no French entry, so nothing shifts");
    assert!(matches!(stage(&g), Some(Stage::Ascend { seat: BRITISH })));
    sound(&g);
    let mut v = legal(&g);
    assert_eq!(v.pop(), Some(Action::Done));
    assert_eq!(v, bs.iter().map(|&u| Action::Promote(u)).collect::<Vec<_>>());
    take(&mut g, Action::Promote(bs[0]));
    assert_eq!(g.units[bs[0] as usize].at(), Place::Pool);
    let vets = g
        .land_at(space("saratoga"), BRITISH)
        .filter(|&u| g.counters(u).experienced)
        .count();
    assert_eq!(vets, 1);
    assert!(g.battle().is_none());
}

/// 8.28 the experienced counter stands in for the promoted one for the
/// rest of the turn, its spent movement too: the British who stopped in
/// Saratoga (6.18) move no further when the American roll activates them
/// again; the green counter back in the pool is a fresh piece.
// rule: gml 6.17, 4.1, 8.28
// ruling: gml #59
#[test]
fn a_promoted_unit_has_spent_what_its_counter_spent_that_turn() {
    let (mut g, bs) = greater_position(true);
    for &u in &bs {
        g.units[u as usize].spent = u8::MAX;
    }
    take(&mut g, Action::Retreat);
    take(&mut g, Action::RetreatTo(space("bennington")));
    take(&mut g, Action::Promote(bs[0]));
    assert_eq!(g.units[bs[0] as usize].spent, 0);
    let vet = g
        .land_at(space("saratoga"), BRITISH)
        .find(|&u| g.counters(u).experienced)
        .expect("the veteran");
    british_activated_again(&mut g);
    act_unit(&mut g, BRITISH, "activate", vet);
    assert!(
        !has(&g, BRITISH, &format!("move-{}", g.unit_id(vet))),
        "nothing left to spend: before, its 4 movement points"
    );
}

// rule: gml 8.27
#[test]
fn no_greater_victory_without_continentals() {
    let (mut g, _) = greater_position(false);
    assert!(!logged(&g, "a greater victory is possible"));
    take(&mut g, Action::Retreat);
    take(&mut g, Action::RetreatTo(space("bennington")));
    assert_logged(&g, "The British win the combat");
    assert!(!logged(&g, "A greater victory"));
    assert!(g.battle().is_none());
}

/// 8.28: "if the American player obtains a greater victory, he may replace
/// a militia unit with an experienced militia unit, or a Continental Army
/// unit with an experienced Continental Army unit. Artillery ... cannot be
/// promoted."
// rule: gml 8.28, 8.27
#[test]
fn the_promotion_example_an_american_greater_victory_promotes_militia_or_continentals_not_artillery() {
    let mut g = before_combat();
    put_leader(&mut g, "burgoyne", "saratoga");
    put_leader(&mut g, "gates", "saratoga");
    put(&mut g, BRITISH, Kind::British, 4, "saratoga");
    let cont = put(&mut g, AMERICAN, Kind::Continental, 1, "saratoga")[0];
    let militia = put(&mut g, AMERICAN, Kind::Militia, 2, "saratoga");
    let art = put_where(&mut g, AMERICAN, 1, "saratoga", |c| c.kind == Kind::Artillery)[0];
    g.core.dice.script([10; 8]);
    g.advance();
    assert_logged(&g, "a greater victory is possible");
    // The Americans (defending) stay; the British retreat.
    assert_eq!(stage(&g), Some(&Stage::Stay { seat: AMERICAN }));
    take(&mut g, Action::Continue);
    take(&mut g, Action::Retreat);
    let to = legal(&g)
        .into_iter()
        .find(|a| matches!(a, Action::RetreatTo(_)))
        .expect("a space to retreat to");
    take(&mut g, to);
    assert_logged(&g, "A greater victory for the Americans");
    assert!(matches!(stage(&g), Some(Stage::Ascend { seat: AMERICAN })));
    let v = legal(&g);
    assert!(v.contains(&Action::Promote(cont)), "{v:?}");
    assert!(v.contains(&Action::Promote(militia[0])), "{v:?}");
    assert!(
        !v.contains(&Action::Promote(art)),
        "artillery has no experienced version"
    );
    take(&mut g, Action::Promote(militia[0]));
    assert_eq!(g.units[militia[0] as usize].at(), Place::Pool);
    let vets: Vec<_> = g
        .land_at(space("saratoga"), AMERICAN)
        .filter(|&u| g.counters(u).experienced)
        .collect();
    assert_eq!(vets.len(), 1);
    assert_eq!(g.counters(vets[0]).kind, Kind::Militia);
}

/// Burgoyne and five British units moving from `from` into `to`, where
/// one American militia unit stands and stays (6.3 declined, ruling gml
/// #12): the game and the militia.
fn five_enter(from: &str, to: &str) -> (Gml, u16) {
    let mut g = before_combat();
    let l = put_leader(&mut g, "burgoyne", from);
    let units = put(&mut g, BRITISH, Kind::British, 5, from);
    let m = put(&mut g, AMERICAN, Kind::Militia, 1, to)[0];
    put(&mut g, AMERICAN, Kind::Continental, 1, "albany");
    g.stack.push(Frame::Activations {
        seat: BRITISH,
        left: 1,
        opponent: false,
    });
    g.stack.push(Frame::Move(Move {
        seat: BRITISH,
        leaders: vec![l],
        units,
        at: space(from),
        left: 6,
        moved: false,
        reserve: false,
    }));
    take(&mut g, Action::Step(space(to)));
    take(&mut g, Action::Decline);
    (g, m)
}

/// Five British units moving from Fort Edward into Saratoga, where one
/// American militia unit stands: the overrun is offered.
fn overrun_position() -> (Gml, u16) {
    let (g, m) = five_enter("fort-edward", "saratoga");
    assert_eq!(legal(&g), vec![Action::Yes, Action::No]);
    assert!(matches!(g.stack.last(), Some(Frame::Overrun { .. })));
    sound(&g);
    (g, m)
}

// rule: gml 6.6, 6.5
// ruling: gml #14
#[test]
fn a_unit_outside_a_fort_goes_inside_before_an_overrun() {
    let (mut g, m) = five_enter("crown-point", "ticonderoga");
    assert!(
        matches!(g.stack.last(), Some(Frame::Fort { seat: AMERICAN, .. })),
        "the militia are asked about the fort first"
    );
    take(&mut g, Action::Yes);
    assert!(g.units[m as usize].inside);
    assert!(
        !g.stack.iter().any(|f| matches!(f, Frame::Overrun { .. })),
        "6.5: a unit in a fort cannot be overrun"
    );
    sound(&g);
    // Staying outside, it may be overrun.
    let (mut g, m) = five_enter("crown-point", "ticonderoga");
    take(&mut g, Action::No);
    assert!(!g.units[m as usize].inside);
    assert!(matches!(g.stack.last(), Some(Frame::Overrun { .. })));
}

// rule: gml 6.5
#[test]
fn an_overrun_that_destroys_the_unit_moves_on() {
    let (mut g, m) = overrun_position();
    // The militia fires first and misses; five British at 5 - 1 (river).
    g.core.dice.script([10, 1, 1, 10, 10, 10]);
    take(&mut g, Action::Yes);
    assert_logged(
        &g,
        "The British roll 1, 1, 10, 10, 10 for units at 4, 4, 4, 4, 4: 2 hits",
    );
    assert_eq!(g.units[m as usize].at(), Place::Pool);
    assert_logged(&g, "The overrun in Saratoga succeeds");
    match g.stack.last() {
        Some(Frame::Move(mv)) => {
            assert_eq!(mv.at, space("saratoga"));
            assert_eq!(mv.left, 4);
            assert_eq!(mv.units.len(), 5);
        }
        other => panic!("the move goes on: {other:?}"),
    }
    assert!(legal(&g).contains(&Action::Step(space("albany"))));
}

// rule: gml 6.5, 6.18
#[test]
fn an_overrun_that_fails_stops_the_stack() {
    let (mut g, m) = overrun_position();
    g.core.dice.script([10, 10, 10, 10, 10, 10]);
    take(&mut g, Action::Yes);
    assert_eq!(g.units[m as usize].at(), Place::Space(space("saratoga")));
    assert_logged(&g, "The overrun in Saratoga fails");
    assert!(matches!(g.stack.last(), Some(Frame::Activations { .. })));
    assert!(g.units.iter().all(|u| !u.reduced));
}

// rule: gml 6.5
#[test]
fn declining_an_overrun_stops_as_usual() {
    let (mut g, m) = overrun_position();
    take(&mut g, Action::No);
    assert_eq!(g.units[m as usize].at(), Place::Space(space("saratoga")));
    assert_logged(&g, "stops: enemy units in Saratoga");
    assert!(matches!(g.stack.last(), Some(Frame::Activations { .. })));
}

// rule: gml 4.1, 8.0
#[test]
fn an_out_of_phase_move_fights_at_once_the_mover_attacking() {
    let mut g = before_combat();
    g.phase = Phase::Command(BRITISH);
    g.stack.push(Frame::Command { seat: BRITISH });
    put(&mut g, BRITISH, Kind::British, 1, "saratoga");
    let m = put(&mut g, AMERICAN, Kind::Militia, 1, "bennington")[0];
    // 4 on the Command Table: the opponent activates 1.
    g.core.dice.script([4]);
    take(&mut g, Action::Roll);
    take(&mut g, Action::ActivateUnit(m));
    take(&mut g, Action::MoveUnit(m));
    g.core.dice.script([10, 10]);
    take(&mut g, Action::Step(space("saratoga")));
    if legal(&g) == vec![Action::Done] {
        take(&mut g, Action::Done);
    }
    assert_logged(&g, "Land combat in Saratoga: the Americans attack");
    assert_eq!(g.battle().map(|b| b.attacker), Some(AMERICAN));
    assert_eq!(g.phase, Phase::Command(BRITISH));
}

// rule: gml 8.0, 8.2, 6.5
#[test]
fn random_games_fight_land_combats_and_stay_consistent() {
    // GML_COMBAT_GAMES=n plays more (a soak that reports what happened).
    let games: usize = std::env::var("GML_COMBAT_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(12);
    let mut fought = 0;
    let mut seen = std::collections::BTreeMap::new();
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    for (i, scenario) in ["saratoga", "southern-1780", "greene", "canada"]
        .iter()
        .cycle()
        .take(games)
        .enumerate()
    {
        let mut g = Gml::new(&engine::Setup::new(scenario, i as u64 + 7));
        for _ in 0..20_000 {
            if g.core.outcome.is_some() {
                break;
            }
            g.check().unwrap_or_else(|e| panic!("{scenario}: {e}"));
            let seat = g.to_act().iter().next().expect("someone acts");
            let mut v = Vec::new();
            g.legal(seat, &mut v);
            assert!(!v.is_empty(), "{scenario}: no legal action");
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let a = v[(state % v.len() as u64) as usize];
            g.apply_legal(seat, &a);
        }
        if logged(&g, "Land combat in") {
            fought += 1;
        }
        for what in [
            "Overrun in",
            "A retreat into an enemy space",
            "retreat into the works",
            "fires at the",
            "A greater victory",
            "Ascension",
            "routs",
            "flee",
            "casualty check",
            "attacks in",
        ] {
            *seen.entry(what).or_insert(0) += g.core.log.visible(None).filter(|e| e.text.contains(what)).count();
        }
    }
    eprintln!("{fought} of {games} games fought land combats; {seen:?}");
    // Since rules gml-9 (ruling gml #46) the set-up's leaders command their
    // units, which are then no longer activated alone: random players move
    // fewer pieces toward the enemy (5 of the 12 default games fight, 9
    // did before).
    assert!(fought >= games / 3, "{fought}");
}

// rule: gml 8.251, 8.22
#[test]
fn the_two_fighters_of_a_point_three_retreat_take_the_enemy_units_hits() {
    let (mut g, us) = retreat_position(3, 1, 2, false);
    take(&mut g, Action::Retreat);
    take(&mut g, Action::Fighter(us[0]));
    // The enemy unit hits first: one of the two fighters takes it.
    g.core.dice.script([1, 10, 10]);
    take(&mut g, Action::Fighter(us[2]));
    assert_eq!(legal(&g), vec![Action::Hit(us[0]), Action::Hit(us[2])]);
    // Two Battle Panels on the stack: the retreat's round on the combat's.
    assert_eq!(g.stack.iter().filter(|f| matches!(f, Frame::Battle(_))).count(), 2);
    sound(&g);
    take(&mut g, Action::Hit(us[2]));
    assert_logged(&g, "The Americans roll 10, 10 for units at 4, 3: 0 hits");
    assert_logged(&g, "may not enter it, and stay in the combat");
    // The retreat's round is over; its hit stays on for the combat.
    assert_eq!(g.stack.iter().filter(|f| matches!(f, Frame::Battle(_))).count(), 1);
    assert!(g.units[us[2] as usize].reduced);
}

// rule: gml 5.3, 5.0
#[test]
fn a_defending_leader_adds_his_defensive_value_to_his_units() {
    let mut g = before_combat();
    put(&mut g, BRITISH, Kind::British, 1, "saratoga");
    let gates = put_leader(&mut g, "gates", "saratoga");
    let m = put(&mut g, AMERICAN, Kind::Militia, 1, "saratoga")[0];
    g.units[m as usize].leader = Some(gates);
    // Gates (defensive 2) raises his one militia unit from 3 to 5; the
    // defender fires first in the first round (8.2 step 5).
    g.core.dice.script([10, 10]);
    g.advance();
    assert_logged(&g, "The Americans roll 10 for units at 5: 0 hits");
}

// rule: gml 8.24
#[test]
fn naval_units_in_a_port_fight_beside_their_land_units_and_take_no_hits() {
    let mut g = before_combat();
    let redcoat = put(&mut g, BRITISH, Kind::British, 1, "staten-island")[0];
    let fleet = put(&mut g, BRITISH, Kind::Naval, 1, "staten-island")[0];
    put(&mut g, AMERICAN, Kind::Continental, 1, "staten-island");
    // The Continental (defender) hits first: the land unit takes it, not
    // the fleet; then the British fire with both.
    g.core.dice.script([1, 10, 10]);
    g.advance();
    assert!(g.units[redcoat as usize].reduced, "{}", log_text(&g));
    assert!(!g.units[fleet as usize].reduced);
    assert_logged(&g, "The British roll 10, 10 for units at 4, 5: 0 hits");
}

// rule: gml 8.21, 8.15, 8.251
#[test]
/// 8.21 (4): "Units that carry out an amphibious assault have their Combat
/// Value reduced by 1", in every round of that combat (ruling gml #23); the
/// point 3 round of 8.251 after it is fought by land ("landed units that
/// retreat do so by land (8.25)", #23), without the -1. Three British
/// units landed in Sunbury, beaten back, break out into Savannah (a VP
/// city: -1 to attackers) at 5 - 1 = 4, not 3.
fn a_point_three_round_after_an_amphibious_assault_is_fought_without_its_minus_one() {
    let mut g = cleared("southern-1780", Phase::Activation(BRITISH));
    let bs = put(&mut g, BRITISH, Kind::British, 3, "sunbury");
    for &u in &bs {
        g.units[u as usize].assault = true;
    }
    put(&mut g, AMERICAN, Kind::Continental, 1, "sunbury");
    put(&mut g, AMERICAN, Kind::Continental, 1, "savannah");
    // Round 1 of the assault: everybody misses.
    g.core.dice.script([10; 5]);
    g.advance();
    assert_logged(&g, "Amphibious assault on Sunbury (8.0 C)");
    assert_logged(&g, "The British roll 10, 10, 10 for units at 4, 4, 4: 0 hits");
    assert_eq!(stage(&g), Some(&Stage::Stay { seat: AMERICAN }));
    take(&mut g, Action::Continue);
    // The British retreat: Savannah (one enemy unit) is the only way.
    take(&mut g, Action::Retreat);
    assert!(matches!(stage(&g), Some(Stage::Pick { .. })), "{}", log_text(&g));
    take(&mut g, Action::Fighter(bs[0]));
    g.core.dice.script([10; 3]);
    take(&mut g, Action::Fighter(bs[1]));
    assert_logged(&g, "A retreat into an enemy space in Savannah");
    // 5, -1 for the VP city; no amphibious assault is carried out here.
    assert_logged(&g, "The British roll 10, 10 for units at 4, 4: 0 hits");
}

// rule: gml 8.24, 8.251
#[test]
/// 8.24: "When land combat occurs in a port space, the naval units present
/// take part", in the one round of 8.251 point 3 too (as in a 6.5
/// overrun): the two retreating units fight the lone British land unit of
/// the port of Savannah and the British fleet beside it.
fn a_fleet_in_the_port_fights_in_a_point_three_round_there() {
    let mut g = cleared("southern-1780", Phase::Activation(BRITISH));
    put(&mut g, BRITISH, Kind::British, 1, "sunbury");
    let us = put(&mut g, AMERICAN, Kind::Continental, 3, "sunbury");
    put(&mut g, BRITISH, Kind::British, 1, "savannah");
    put(&mut g, BRITISH, Kind::Naval, 1, "savannah");
    // Round 1 in Sunbury: everybody misses.
    g.core.dice.script([10; 4]);
    g.advance();
    assert_logged(&g, "Land combat in Sunbury");
    assert_eq!(stage(&g), Some(&Stage::Stay { seat: AMERICAN }), "{}", log_text(&g));
    take(&mut g, Action::Retreat);
    assert!(matches!(stage(&g), Some(Stage::Pick { .. })), "{}", log_text(&g));
    take(&mut g, Action::Fighter(us[0]));
    g.core.dice.script([10; 4]);
    take(&mut g, Action::Fighter(us[1]));
    assert_logged(&g, "A retreat into an enemy space in Savannah");
    // The land unit (5) and the fleet (5) fire for the defenders.
    assert_logged(&g, "The British roll 10, 10 for units at 5, 5: 0 hits");
}

// rule: gml 8.2, 8.21, 8.26, 8.251
// ruling: gml #15, #16, #18
/// A fort held inside and outside: one Continental inside Ticonderoga, one
/// outside it, every way out held by two British units. The combat is
/// mandatory (not all the defenders are in works, 8.2); the gun may fire at
/// the fort (step 4), at 6: the fort's -2 counts only while every defender
/// is inside; the one inside fights at 5, the other at 4. A retreat has no
/// point 1 space: the unit inside goes back into the fort (point 2), the
/// one outside cannot follow and is eliminated from the game (8.252, 8.25,
/// ruling gml #26).
#[test]
fn a_fort_held_inside_and_outside() {
    let mut g = before_combat();
    let gun = put(&mut g, BRITISH, Kind::Artillery, 1, "ticonderoga")[0];
    put(&mut g, BRITISH, Kind::British, 1, "ticonderoga");
    let inside = put(&mut g, AMERICAN, Kind::Continental, 1, "ticonderoga")[0];
    let outside = put(&mut g, AMERICAN, Kind::Continental, 1, "ticonderoga")[0];
    g.units[inside as usize].inside = true;
    for s in ["fort-george", "skenesborough", "crown-point", "rutland"] {
        put(&mut g, BRITISH, Kind::British, 2, s);
    }
    g.advance();
    assert_logged(&g, "Mandatory combat in Ticonderoga");
    assert_eq!(stage(&g), Some(&Stage::Bombard { chosen: vec![] }));
    g.core.dice.script([10, 10, 10, 10]);
    take(&mut g, Action::Bombard(gun));
    assert_logged(&g, "fires at the fort: 10 against 6, no effect");
    assert_logged(&g, "The Americans roll 10, 10 for units at 5, 4: 0 hits");
    assert_logged(&g, "The British roll 10 for units at 5: 0 hits");
    take(&mut g, Action::Retreat);
    assert_eq!(g.units[outside as usize].at(), Place::Gone);
    assert_eq!(g.units[inside as usize].at(), Place::Space(space("ticonderoga")));
    assert!(g.units[inside as usize].inside);
    assert!(matches!(stage(&g), Some(Stage::Shelter { seat: BRITISH })));
    sound(&g);
}

// rule: gml 8.2, 8.26
/// Artillery alone against a trench: the gun fires at the trench in step 4
/// and not again in the first round (the attacker has nothing left to fire
/// in step 6); from round two it fires at the enemy units as any unit.
#[test]
fn artillery_alone_fires_at_the_trench_then_at_units_from_round_two() {
    let mut g = before_combat();
    let gun = put(&mut g, BRITISH, Kind::Artillery, 1, "saratoga")[0];
    let c = put(&mut g, AMERICAN, Kind::Continental, 1, "saratoga")[0];
    g.units[c as usize].entrenched = true;
    g.advance();
    take(&mut g, Action::Attack(space("saratoga")));
    g.core.dice.script([5, 10]);
    take(&mut g, Action::Bombard(gun));
    assert_logged(&g, "The trench in Saratoga is destroyed");
    assert_logged(&g, "The Americans roll 10 for units at 4: 0 hits");
    assert!(!logged(&g, "The British roll"), "{}", log_text(&g));
    take(&mut g, Action::Continue);
    g.core.dice.script([10, 10]);
    take(&mut g, Action::Continue);
    assert_logged(&g, "The British roll 10 for units at 6: 0 hits");
}

// rule: gml 8.23, 8.252
/// An experienced militia unit routs to Albany in the first round; when its
/// side then retreats, 8.252 sends every unit to the same space: Albany,
/// with no choice of Bennington.
#[test]
fn a_side_retreats_where_its_routed_militia_went() {
    let mut g = before_combat();
    let b = put(&mut g, BRITISH, Kind::British, 3, "saratoga");
    g.units[b[0] as usize].entered = Some((space("fort-edward"), LineKind::River));
    let x = put_where(&mut g, AMERICAN, 1, "saratoga", |c| {
        c.kind == Kind::Militia && c.experienced
    })[0];
    let c = put(&mut g, AMERICAN, Kind::Continental, 1, "saratoga")[0];
    g.core.dice.script([10, 10, 1, 10, 10, 9]);
    g.advance();
    take(&mut g, Action::Hit(x));
    assert_logged(&g, "it routs and retreats");
    assert_eq!(
        legal(&g),
        vec![
            Action::RetreatTo(space("bennington")),
            Action::RetreatTo(space("albany"))
        ]
    );
    take(&mut g, Action::RetreatTo(space("albany")));
    take(&mut g, Action::Retreat);
    assert_logged(&g, "1 American unit retreats to Albany");
    assert_eq!(g.units[c as usize].at(), Place::Space(space("albany")));
    assert_eq!(g.units[x as usize].at(), Place::Space(space("albany")));
}

// rule: gml 8.25, 5.6
/// Nowhere to go: two Continentals under Gates in Saratoga, each way out
/// held by two British units (no point 1 or 3 space) and no works to go
/// back into (point 2). "Units that cannot retreat are eliminated from
/// the game" (ruling gml #26: they do not go back to the pool); Gates,
/// left without units, is checked (a 9: wounded).
#[test]
fn a_retreat_with_nowhere_to_go_eliminates_the_units_and_checks_their_leader() {
    let mut g = before_combat();
    let gates = put_leader(&mut g, "gates", "saratoga");
    put(&mut g, BRITISH, Kind::British, 1, "saratoga");
    for s in ["fort-edward", "bennington", "albany"] {
        put(&mut g, BRITISH, Kind::British, 2, s);
    }
    let us = put(&mut g, AMERICAN, Kind::Continental, 2, "saratoga");
    // Round one misses; then Gates's check.
    g.core.dice.script([10, 10, 10, 9]);
    g.advance();
    // The choice says what the retreat costs.
    let label = g.describe(AMERICAN, &Action::Retreat).label;
    assert_eq!(
        label,
        "Retreat (8.25): 2 Continental units would be eliminated from the game, with nowhere to go"
    );
    take(&mut g, Action::Retreat);
    assert_logged(
        &g,
        "2 Continental units cannot retreat and are eliminated from the game",
    );
    for u in us {
        assert_eq!(g.units[u as usize].at(), Place::Gone);
    }
    assert_eq!(g.leaders[gates as usize].at, Place::Wounded, "{}", log_text(&g));
}

/// Ruling gml #65: 8.251 point 3 spells out the round's whole outcome: the
/// retreating units enter if the enemy unit is eliminated or routs. Their
/// own militia, reduced in that round, check no morale (8.23's check at
/// the end of a round would have them retreat again from a retreat). Two
/// American militia and a Continental fight their way into Bennington; the
/// lone British unit reduces one militia before the two eliminate it.
// rule: gml 8.23, 8.251
// ruling: gml #65
#[test]
fn militia_reduced_in_a_point_three_round_check_no_morale_and_enter() {
    let mut g = before_combat();
    let b = put(&mut g, BRITISH, Kind::British, 1, "saratoga")[0];
    g.units[b as usize].entered = Some((space("fort-edward"), LineKind::River));
    put(&mut g, BRITISH, Kind::British, 1, "bennington");
    put(&mut g, BRITISH, Kind::British, 2, "albany");
    let ms = put(&mut g, AMERICAN, Kind::Militia, 2, "saratoga");
    put(&mut g, AMERICAN, Kind::Continental, 1, "saratoga");
    // Round one in Saratoga: everybody misses.
    g.core.dice.script([10; 4]);
    g.advance();
    assert_eq!(stage(&g), Some(&Stage::Stay { seat: AMERICAN }), "{}", log_text(&g));
    take(&mut g, Action::Retreat);
    assert!(matches!(stage(&g), Some(Stage::Pick { .. })), "{}", log_text(&g));
    take(&mut g, Action::Fighter(ms[0]));
    // The British unit hits (1); the militia (2 and 3) hit twice (1, 1).
    g.core.dice.script([1, 1, 1]);
    take(&mut g, Action::Fighter(ms[1]));
    take(&mut g, Action::Hit(ms[0]));
    assert_logged(&g, "A retreat into an enemy space in Bennington");
    assert_logged(&g, "The Americans roll 1, 1 for units at 2, 3: 2 hits");
    assert!(!logged(&g, "checks morale"), "{}", log_text(&g));
    for u in ms {
        assert_eq!(
            g.units[u as usize].at(),
            Place::Space(space("bennington")),
            "{}",
            log_text(&g)
        );
    }
}

/// 5.5 Baum: "With a die roll of 6 to 10, American forces may fire in the
/// first round, but the units under Baum's command may not" (ruling gml
/// #42: "Baum's: the units of his command do not fire in round one"). 8.2
/// step 4's artillery fire at the works is first-round fire ("Artillery
/// units may not fire again in the first combat round"). A gun of Baum's
/// command, silenced by his roll, is still designated and fires at the
/// trench in step 4 (combat.rs `bombard_choices`, `bombard` ignore
/// `Battle::silent`), destroying it.
// rule: gml 8.2, 5.5
// ruling: gml #42
#[test]
fn a_gun_of_baums_silenced_command_does_not_fire_at_the_works() {
    let mut g = before_combat();
    g.abilities.on = true;
    let baum = put_leader(&mut g, "baum", "saratoga");
    let gun = put(&mut g, BRITISH, Kind::Artillery, 1, "saratoga")[0];
    let red = put(&mut g, BRITISH, Kind::British, 1, "saratoga")[0];
    for u in [gun, red] {
        g.units[u as usize].leader = Some(baum);
    }
    let c = put(&mut g, AMERICAN, Kind::Continental, 1, "saratoga")[0];
    g.units[c as usize].entrenched = true;
    g.advance();
    // Baum's roll: 6, his units may not fire in the first round.
    g.core.dice.script([6]);
    take(&mut g, Action::Attack(space("saratoga")));
    assert_logged(&g, "Friedrich Baum attacks with his command alone: 6");
    // His Offensive point.
    take(&mut g, Action::Bonus(red));
    // The gun at the trench (1, were it to fire), the Continental (10).
    g.core.dice.script([1, 10, 10]);
    if legal(&g).contains(&Action::Bombard(gun)) {
        take(&mut g, Action::Bombard(gun));
    }
    if legal(&g).contains(&Action::Done) && matches!(stage(&g), Some(Stage::Bombard { .. })) {
        take(&mut g, Action::Done);
    }
    assert!(!logged(&g, "fires at the trench"), "{}", log_text(&g));
    assert!(g.units[c as usize].entrenched, "the trench stands");
}

/// 8.251 point 3: "If the enemy unit is a militia unit, suffers a hit and
/// is not eliminated, its morale is checked. If it routs, the retreating
/// units may enter the space." Three British units, beaten in Saratoga,
/// break out into Bennington held by one green militia unit: reduced, it
/// routs (removed, 8.23) and all three enter. (Passes: no other test has
/// the enemy unit rout rather than die.)
// rule: gml 8.251, 8.23
#[test]
fn a_point_three_retreat_enters_when_the_enemy_militia_routs() {
    let mut g = before_combat();
    let bs = put(&mut g, BRITISH, Kind::British, 3, "saratoga");
    put(&mut g, AMERICAN, Kind::Continental, 1, "saratoga");
    put(&mut g, AMERICAN, Kind::Continental, 2, "fort-edward");
    put(&mut g, AMERICAN, Kind::Continental, 2, "albany");
    let m = put(&mut g, AMERICAN, Kind::Militia, 1, "bennington")[0];
    // Round one: everybody misses; the Americans stay, the British retreat.
    g.core.dice.script([10; 4]);
    g.advance();
    take(&mut g, Action::Continue);
    take(&mut g, Action::Retreat);
    assert!(matches!(stage(&g), Some(Stage::Pick { .. })), "{}", log_text(&g));
    take(&mut g, Action::Fighter(bs[0]));
    // The militia misses (10); the British hit once (1, 10); it rolls 9.
    g.core.dice.script([10, 1, 10, 9]);
    take(&mut g, Action::Fighter(bs[1]));
    assert_logged(&g, "checks morale: 9 against 2, it routs and is removed from the game");
    assert_eq!(g.units[m as usize].at(), Place::Gone);
    for u in bs {
        assert_eq!(g.units[u as usize].at(), Place::Space(space("bennington")));
    }
    assert!(g.battle().is_none());
}

/// The Terrain Effects Table takes its points from "all attacking units";
/// 8.21 checks the modifiers "after placing the units on the Battle Panel",
/// where 8.24 places the naval units of a port at their Combat Value. An
/// attacking fleet is on the panel beside its land units: it fights at 5 -
/// 1 in New York (a VP city), at 5 - 2 against defenders inside the fort
/// of Sunbury. It takes no river -1 (it came by no line) and, in an
/// amphibious assault, not the landed units' -1 (8.21 (4); `naval.rs`).
// rule: gml 8.21, 8.24, 8.26
// ruling: gml #15, #66
#[test]
fn an_attacking_fleet_takes_the_terrain_and_fort_modifiers_of_the_port() {
    let mut g = before_combat();
    put(&mut g, BRITISH, Kind::British, 1, "new-york");
    put(&mut g, BRITISH, Kind::Naval, 1, "new-york");
    put(&mut g, AMERICAN, Kind::Continental, 1, "new-york");
    g.core.dice.script([10, 10, 10]);
    g.advance();
    assert_logged(&g, "Land combat in New York");
    assert_logged(&g, "The Americans roll 10 for units at 4: 0 hits");
    assert_logged(&g, "The British roll 10, 10 for units at 4, 4: 0 hits");

    let mut g = cleared("southern-1780", Phase::Activation(BRITISH));
    put(&mut g, BRITISH, Kind::British, 1, "sunbury");
    put(&mut g, BRITISH, Kind::Naval, 1, "sunbury");
    let m = put(&mut g, AMERICAN, Kind::Militia, 1, "sunbury")[0];
    g.units[m as usize].inside = true;
    g.core.dice.script([10, 10, 10]);
    g.advance();
    // Every defender inside the fort: voluntary (8.0 E).
    take(&mut g, Action::Attack(space("sunbury")));
    assert_logged(&g, "The Americans roll 10 for units at 4: 0 hits");
    assert_logged(&g, "The British roll 10, 10 for units at 3, 3: 0 hits");
}

/// 8.251 point 3 into a space that holds both sides' units: three
/// Continentals beaten in Saratoga may go neither to Albany (two British
/// units) nor to Fort Edward (whence the British came), and Bennington
/// holds one British unit beside an American militia unit (entrenched:
/// their combat there is voluntary). Point 3 reads "a space containing an
/// enemy unit": the two that retreat fight the British unit alone, the
/// militia there firing no shot ("two of these units"). The British unit
/// eliminated, all three enter beside the militia and the space is
/// American (9.2); had it held, the three could not enter and would be
/// eliminated (ruling gml #18), the militia staying where it is.
// rule: gml 8.251, 8.25, 9.2
// ruling: gml #18
#[test]
fn a_point_three_retreat_into_a_space_held_by_both_sides_fights_its_enemy_unit_alone() {
    let position = |dice: [u8; 3]| {
        let mut g = before_combat();
        let b = put(&mut g, BRITISH, Kind::British, 1, "saratoga")[0];
        g.units[b as usize].entered = Some((space("fort-edward"), LineKind::River));
        let lone = put(&mut g, BRITISH, Kind::British, 1, "bennington")[0];
        let militia = put(&mut g, AMERICAN, Kind::Militia, 1, "bennington")[0];
        g.units[militia as usize].entrenched = true;
        put(&mut g, BRITISH, Kind::British, 2, "albany");
        let us = put(&mut g, AMERICAN, Kind::Continental, 3, "saratoga");
        g.core.dice.script([10; 4]);
        g.advance();
        assert_eq!(stage(&g), Some(&Stage::Stay { seat: AMERICAN }), "{}", log_text(&g));
        take(&mut g, Action::Retreat);
        assert!(matches!(stage(&g), Some(Stage::Pick { dest, .. }) if *dest == space("bennington")));
        take(&mut g, Action::Fighter(us[0]));
        g.core.dice.script(dice);
        take(&mut g, Action::Fighter(us[1]));
        assert_logged(&g, "A retreat into an enemy space in Bennington");
        (g, us, lone, militia)
    };
    // The British unit misses; the two fire alone and hit twice.
    let (g, us, lone, militia) = position([10, 1, 1]);
    assert_logged(&g, "The Americans roll 1, 1 for units at 4, 4: 2 hits");
    assert_eq!(g.units[lone as usize].at(), Place::Pool);
    for u in us {
        assert_eq!(at(&g, u), "bennington");
    }
    assert_eq!(at(&g, militia), "bennington");
    assert!(g.units[militia as usize].entrenched);
    assert_eq!(g.controller(space("bennington")), Some(AMERICAN));
    assert!(g.battle().is_none());
    sound(&g);
    // It holds: the three stay in the combat in Saratoga, the militia
    // where it is.
    let (g, us, lone, militia) = position([10, 10, 10]);
    assert_logged(&g, "may not enter it, and stay in the combat");
    assert_eq!(at(&g, lone), "bennington");
    for u in us {
        assert_eq!(at(&g, u), "saratoga");
    }
    assert_eq!(at(&g, militia), "bennington");
    sound(&g);
}

/// A 4.1 activation of the militia `m`: it walks into Saratoga, where the
/// British are entrenched, and the voluntary combat its move caused is
/// declined.
fn militia_declines_saratoga(g: &mut Gml, m: UnitId) {
    take(g, Action::ActivateUnit(m));
    take(g, Action::MoveUnit(m));
    take(g, Action::Step(space("saratoga")));
    take(g, Action::Done);
    assert_eq!(legal(g), vec![Action::Attack(space("saratoga")), Action::Done]);
    take(g, Action::Done);
}

/// An American militia unit out of phase (4.1) from Bennington into
/// Saratoga, where the British unit is entrenched: no stop (6.18), the
/// combat voluntary and declined. In the British Combat Phase the British
/// attack it from their trench and then retreat: 8.251 bars the spaces
/// "from which [an] enemy unit has entered the current combat", and the
/// militia entered from Bennington in this player-turn, as a reserve
/// moving in the British Activation Phase would have (rules gml-19 forgot
/// a 4.1 mover's way in as the British Activation Phase began).
// rule: gml 8.251, 4.1
// ruling: gml #3, #67
#[test]
fn an_out_of_phase_mover_s_way_in_is_barred_to_the_enemy_retreat_later_in_the_turn() {
    let mut g = before_combat();
    g.phase = Phase::Command(BRITISH);
    g.stack.push(Frame::Command { seat: BRITISH });
    let b = put(&mut g, BRITISH, Kind::British, 1, "saratoga")[0];
    g.units[b as usize].entrenched = true;
    let m = put(&mut g, AMERICAN, Kind::Militia, 1, "bennington")[0];
    // 4: the opponent activates 1; then the British roll 5: 1 activation.
    g.core.dice.script([4, 5]);
    take(&mut g, Action::Roll);
    militia_declines_saratoga(&mut g, m);
    assert_eq!(g.phase, Phase::Activation(BRITISH), "{}", log_text(&g));
    while g.phase == Phase::Activation(BRITISH) {
        take(&mut g, Action::Done);
    }
    // Round 1 misses; the Americans stay, the British retreat.
    g.core.dice.script([10, 10]);
    take(&mut g, Action::Attack(space("saratoga")));
    take(&mut g, Action::Continue);
    take(&mut g, Action::Retreat);
    let options = legal(&g);
    assert!(
        !options.contains(&Action::RetreatTo(space("bennington"))),
        "{options:?}"
    );
    assert!(options.contains(&Action::RetreatTo(space("albany"))), "{options:?}");
}

/// Ruling gml #3: the combats of a 4.1 activation are those its moves
/// cause. The first activation's militia entered Saratoga (the British
/// entrenched there: voluntary, declined); after the reroll a second
/// activation's Continental attacks Albany and is eliminated there. The
/// Saratoga combat, the first activation's, is not offered again.
// rule: gml 4.1, 8.0
// ruling: gml #3
#[test]
fn a_second_out_of_phase_activation_fights_only_the_combats_its_own_moves_cause() {
    let mut g = before_combat();
    g.phase = Phase::Command(BRITISH);
    g.stack.push(Frame::Command { seat: BRITISH });
    let b = put(&mut g, BRITISH, Kind::British, 1, "saratoga")[0];
    g.units[b as usize].entrenched = true;
    put(&mut g, BRITISH, Kind::British, 2, "albany");
    let m = put(&mut g, AMERICAN, Kind::Militia, 1, "bennington")[0];
    let c = put(&mut g, AMERICAN, Kind::Continental, 1, "bennington")[0];
    // 4, the opponent activates 1, and 4 again on the reroll; the two
    // British units in Albany hit the Continental twice.
    g.core.dice.script([4, 4, 1, 1]);
    take(&mut g, Action::Roll);
    militia_declines_saratoga(&mut g, m);
    take(&mut g, Action::ActivateUnit(c));
    take(&mut g, Action::MoveUnit(c));
    take(&mut g, Action::Step(space("albany")));
    assert_eq!(g.units[c as usize].at(), Place::Pool, "{}", log_text(&g));
    assert!(g.battle().is_none());
    assert!(
        !legal(&g).contains(&Action::Attack(space("saratoga"))),
        "{:?}",
        legal(&g)
    );
}

/// 8.251 point 1: "a space ... that does not contain enemy units". Ruling
/// gml #73 reads it as enemy land units, as ruling #49 reads "not occupied
/// by enemy units": a fleet alone in a port stops no land unit (7.5 makes
/// it a blockade; it fights land units only beside its own, 8.24). The
/// Americans beaten at Danbury may fall back on Fairfield, where a British
/// fleet lies, but not on Litchfield or Peekskill, which British units
/// hold, nor White Plains, whence the British came.
// rule: gml 8.251
// ruling: gml #73
#[test]
fn a_retreat_may_go_where_only_enemy_fleets_lie() {
    let mut g = before_combat();
    let b = put(&mut g, BRITISH, Kind::British, 1, "danbury")[0];
    g.units[b as usize].entered = Some((space("white-plains"), LineKind::Road));
    put(&mut g, BRITISH, Kind::British, 1, "litchfield");
    put(&mut g, BRITISH, Kind::British, 1, "peekskill");
    put(&mut g, BRITISH, Kind::Naval, 1, "fairfield");
    let c = put(&mut g, AMERICAN, Kind::Continental, 1, "danbury")[0];
    g.core.dice.script([10; 2]);
    g.advance();
    assert_eq!(stage(&g), Some(&Stage::Stay { seat: AMERICAN }), "{}", log_text(&g));
    // The one space point 1 allows is taken without asking.
    take(&mut g, Action::Retreat);
    assert_logged(&g, "1 American unit retreats to Fairfield");
    assert_eq!(at(&g, c), "fairfield");
}

/// Takes the hits of the stage on top, each on a full-strength unit while
/// there is one.
fn take_hits_on_full_units(g: &mut Gml) {
    while let Some(Stage::Hits { .. }) = stage(g) {
        let hits = legal(g);
        let full = hits
            .iter()
            .find(|a| matches!(a, Action::Hit(u) if !g.units[*u as usize].reduced))
            .unwrap_or(&hits[0]);
        take(g, *full);
    }
}

/// 8.27 "The winning side must still have some land units on the Battle
/// Panel to claim the victory": both sides, each with a leader and four
/// land units (British and Continental), are wiped out in the same
/// simultaneous round (8.2 step 11): nobody wins, and no greater victory.
// rule: gml 8.27, 8.2
#[test]
fn sides_eliminated_in_the_same_round_claim_no_victory() {
    let mut g = before_combat();
    put_leader(&mut g, "burgoyne", "saratoga");
    put_leader(&mut g, "gates", "saratoga");
    let bs = put(&mut g, BRITISH, Kind::British, 4, "saratoga");
    let cs = put(&mut g, AMERICAN, Kind::Continental, 4, "saratoga");
    // Round one: every die hits, each side reduces its four units.
    g.core.dice.script([1; 8]);
    g.advance();
    assert_logged(&g, "a greater victory is possible");
    take_hits_on_full_units(&mut g);
    take_hits_on_full_units(&mut g);
    take(&mut g, Action::Continue);
    // Round two: every die hits again; each side loses its last units.
    g.core.dice.script([1; 8]);
    take(&mut g, Action::Continue);
    take_hits_on_full_units(&mut g);
    take_hits_on_full_units(&mut g);
    assert!(g.battle().is_none(), "{}", log_text(&g));
    for u in bs.into_iter().chain(cs) {
        assert_eq!(g.units[u as usize].at(), Place::Pool);
    }
    assert!(!logged(&g, "win the combat"), "{}", log_text(&g));
    assert!(!logged(&g, "A greater victory"));
}

/// 8.22 "any units still on their reduced side are turned back to their
/// full-strength side, including units that have retreated".
// rule: gml 8.22, 8.25
#[test]
fn a_reduced_unit_that_retreats_is_turned_back() {
    let mut g = before_combat();
    let b = put(&mut g, BRITISH, Kind::British, 1, "saratoga")[0];
    g.units[b as usize].entered = Some((space("fort-edward"), LineKind::River));
    let cs = put(&mut g, AMERICAN, Kind::Continental, 2, "saratoga");
    // The Continentals miss, the British unit hits once.
    g.core.dice.script([10, 10, 1]);
    g.advance();
    take(&mut g, Action::Hit(cs[0]));
    assert!(g.units[cs[0] as usize].reduced);
    take(&mut g, Action::Retreat);
    take(&mut g, Action::RetreatTo(space("albany")));
    assert!(g.battle().is_none());
    assert_eq!(at(&g, cs[0]), "albany");
    assert!(!g.units[cs[0] as usize].reduced);
}

/// 8.2 step 8: "the players who control them check whether they hold.
/// The defender is checked first, then the attacker".
// rule: gml 8.2, 8.23
#[test]
fn the_defender_s_militia_check_morale_before_the_attacker_s() {
    let mut g = before_combat();
    let t = put(&mut g, BRITISH, Kind::Tory, 1, "saratoga")[0];
    let m = put(&mut g, AMERICAN, Kind::Militia, 1, "saratoga")[0];
    // Each hits the other; the American militia (defender) holds on 2,
    // the Tory militia (attacker) routs on 9.
    g.core.dice.script([1, 1, 2, 9]);
    let from = g.core.log.visible(None).count();
    g.advance();
    let checks: Vec<String> = log_since(&g, from)
        .into_iter()
        .filter(|l| l.contains("checks morale"))
        .collect();
    assert_eq!(checks.len(), 2, "{}", log_text(&g));
    assert_eq!(
        checks,
        vec![
            "The MA Militia checks morale: 2 against 2, it holds",
            "The MA Tory Militia checks morale: 9 against 2, it routs and is removed from the game"
        ]
    );
    assert_eq!(g.units[t as usize].at(), Place::Gone);
    assert_eq!(g.units[m as usize].at(), Place::Space(space("saratoga")));
}
