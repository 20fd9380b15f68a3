//! 5.3, 28.1 neutral Spain: until Spain enters the war its units in
//! Florida serve no side, so Florida's cities count for nobody.

mod common;

use common::*;
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
