//! Audit of 5.x-12.x against the rulebook: each test shows a place where the
//! code does not do what the rulebook (or a recorded ruling) says. Every test
//! here fails on the code as audited.

mod support;
use bh::Bh;
use engine::prelude::*;
use support::*;

fn sandbox(seat: engine::Seat) -> Bh {
    Bh::sandbox("standard", seat)
}

// rule: bh 6.2, 7.1
// 6.2: "The defending units then get one free round of combat." ...
// "Either player may retreat voluntarily after any round of combat (7.1)."
// 7.1: "At the end of each round of combat, either player has the option to
// retreat some or all of his units in the region."
// The code goes from the free defensive round straight into the next round
// of simultaneous combat (assault.rs `assault_step`, AStage::AfterDefence ->
// AStage::Round) without offering either side a retreat.
#[test]
fn the_attacker_may_retreat_after_the_free_defensive_round() {
    let mut g = sandbox(B);
    let regs = put_n(&mut g, 3, Regular, B, "breeds-slope-east");
    g.put(Minuteman, P, "breeds-redoubt");
    assault_redoubt(&mut g, &regs);
    act(&mut g, "patriot", "done"); // no withdrawal before combat
                                    // Free defensive fire: 1 minuteman + 2 for the redoubt = 3 dice, no hit;
                                    // then (in the code) a round: 6 attacker dice, 3 defender dice, no hits.
    g.core.dice.script([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    act(&mut g, "patriot", "fire");
    assert!(
        !log(&g).contains("The attacker rolls"),
        "a round of combat was fought before the attacker could retreat after the free defensive round:\n{}",
        log(&g)
    );
    assert!(ids(&g, "british").contains(&"retreat".to_string()));
}

// rule: bh 6.2, 7.1, 4.10
// 4.10: "Fired Markers are placed on pieces that participated in combat."
// 6.2: "Note: Before the Assault begins the Patriot player may opt to carry
// out any retreats before combat" ... "Place a Fired Marker on any defending
// units that don't already have a Fired Marker."
// A Minuteman that withdraws before the Assault begins takes no part in the
// combat, yet the code (assault.rs `perform_assault`, AStage::WithdrawTo)
// gives it a Fired marker, so it may no longer Volley Fire this turn.
#[test]
fn withdrawing_before_combat_does_not_count_as_firing() {
    let mut g = sandbox(B);
    let regs = put_n(&mut g, 2, Regular, B, "breeds-slope-east");
    let mms = put_n(&mut g, 2, Minuteman, P, "breeds-redoubt");
    assault_redoubt(&mut g, &regs);
    act(&mut g, "patriot", &piece(mms[0]));
    act(&mut g, "patriot", "done");
    act(&mut g, "patriot", "breeds-slope-west");
    assert_eq!(loc(&g, mms[0]), "breeds-slope-west");
    assert!(
        !g.pieces[mms[0] as usize].fired,
        "a unit that withdrew before combat did not participate in combat"
    );
}

// rule: bh 11.1
// 11.1: "Patriot units in the redoubt region on Breed's Hill and the two wall
// regions have a strong defensive advantage. When applying hits to counters
// in those regions, the Patriot player ignores the first hit scored by the
// British and then applies the remainder."
// The advantage is defensive; the code (combat.rs `covered`, `push_hits`)
// also ignores the first British hit on Patriot *attackers* who assault
// British units holding the redoubt.
#[test]
fn redoubt_cover_does_not_shield_patriots_assaulting_the_redoubt() {
    let mut g = sandbox(P);
    g.opts.redoubt_wall = true;
    let mms = put_n(&mut g, 2, Minuteman, P, "breeds-slope-west");
    g.put(Regular, B, "breeds-redoubt");
    // British free defensive fire: Regular 2 + redoubt 2 = 4 dice, one hit;
    // then (if the hit is ignored) a round with no hits.
    g.core.dice.script([6, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    engage(
        &mut g,
        "patriot",
        "assault",
        "breeds-slope-west",
        "breeds-redoubt",
        &mms,
    );
    let p = g.prompt(P);
    assert!(
        p.text.contains("assign 1 hit"),
        "the British defensive hit on the assaulting Patriots was ignored: {p:?}\n{}",
        log(&g)
    );
}

// rule: bh 12.2
// 12.2 Victory points (solitaire): "-1 VP to the Patriots if demoralized"
// (the schedule has no such line for the British). The code (victory.rs `vp`)
// takes 1 VP from a demoralized British side in the solitaire scenarios too.
#[test]
fn solitaire_british_demoralization_costs_no_victory_point() {
    let mut g = Bh::sandbox("solo-british", B);
    let before = g.vp(B);
    g.demoralized[B as usize] = true;
    assert_eq!(g.vp(B), before, "12.2 lists -1 VP for a demoralized Patriot side only");
}

// rule: bh 9.2, 6.8
// 9.2: "Militia activated for movement may only move towards the Muster Box."
// 6.8: in Reorganize the Line "counters in one region may move to the other
// region" ... "All counters that moved are given a Moved Marker."
// The code (movement.rs `legal_movement`, Frame::Reorganize; `reorg_fits`)
// applies the 9.2 heading only to Land Move (`heading` in `enter_bar`), so a
// demoralized Patriot militia may reorganize away from the Muster Box.
#[test]
fn demoralized_militia_may_not_reorganize_away_from_the_muster_box() {
    let mut g = sandbox(P);
    g.demoralized[P as usize] = true;
    let m = g.put_militia(1, "bunker-south");
    g.put(Minuteman, P, "breeds-slope-north");
    let (muster, from, to) = (
        g.map().muster(),
        g.region("bunker-south"),
        g.region("breeds-slope-north"),
    );
    assert!(g.map().dist(to, muster) > g.map().dist(from, muster));
    acts(&mut g, "patriot", &["reorganize", "bunker-south", "breeds-slope-north"]);
    assert!(
        !ids(&g, "patriot").contains(&piece(m)),
        "a demoralized militia moves away from the Muster Box by Reorganize the Line"
    );
}

// rule: bh 4.1, 6.8
// 4.1: "Broken Patriot units moving without a leader may only move towards
// Charlestown Neck." (ruling bh #11: toward the Muster Box). Reorganize the
// Line moves counters (6.8), but the code does not restrict a broken,
// leaderless unit there (movement.rs `legal_movement`, Frame::Reorganize).
#[test]
fn a_broken_leaderless_unit_may_not_reorganize_away_from_the_neck() {
    let mut g = sandbox(P);
    let mm = g.put(Minuteman, P, "bunker-south");
    g.pieces[mm as usize].flipped = true;
    g.put(Minuteman, P, "breeds-slope-north");
    let (neck, from, to) = (g.map().neck(), g.region("bunker-south"), g.region("breeds-slope-north"));
    assert!(g.map().dist(to, neck) > g.map().dist(from, neck));
    acts(&mut g, "patriot", &["reorganize", "bunker-south", "breeds-slope-north"]);
    assert!(
        !ids(&g, "patriot").contains(&piece(mm)),
        "a broken unit without a leader moves away from the Neck by Reorganize the Line"
    );
}

// rule: bh 12.4
// Ruling bh #29 (British Final Fire, option `final-fire`): "each British
// region with a unit still able to fire ... may make one Volley Fire at one
// adjacent Patriot region, all its able units firing (three at most from a
// Staging Area, #3)". From a Staging Area holding more than three able units
// the code (solo.rs `final_fire_regions`) offers the same region again once
// three have fired, so it makes a second Volley Fire.
#[test]
fn final_fire_is_one_volley_per_region_even_from_a_staging_area() {
    let mut g = Bh::sandbox("solo-patriot", B);
    g.opts.final_fire = true;
    put_n(&mut g, 5, Regular, B, "east-shore");
    g.put(Minuteman, P, "rail-fence");
    g.ap = [0, 0];
    g.advance();
    assert_eq!(g.actor(), Some(B));
    act(&mut g, "british", "east-shore");
    // Three Regulars, 6 dice - 1 for the fence = 5 dice, no hit.
    g.core.dice.script([1, 1, 1, 1, 1]);
    act(&mut g, "british", "rail-fence");
    assert_logged(&g, "Volley Fire from Mystic shore below the rail fence");
    assert!(
        !ids(&g, "british").contains(&"east-shore".to_string()),
        "the region that made its Final Fire volley is offered a second one: {:?}",
        ids(&g, "british")
    );
}
