//! "Why not?" (issue 18 item 12): the rule that forbids a move or an Action
//! a player points at, from the same checks as the legal actions.
mod support;
use b2c::state::*;
use b2c::B2c;
use engine::WhyNot;
use revroad::testing::{answered_legal, refusal, refused_by};
use support::*;

fn why(g: &B2c, seat: u8, region: &str) -> WhyNot {
    engine::why_not(g, seat, region)
}

// rule: b2c 6.4.2, 3.0
#[test]
fn a_march_keeps_to_the_road_and_to_adjacent_regions() {
    let mut g = board();
    let u = regulars(&mut g, 2, "lincoln");
    move_group(&mut g, B, "lincoln", &u);
    assert!(answered_legal(&why(&g, B, "fiske-hill"), "to-fiske-hill"));
    refused_by(why(&g, B, "cambridge"), "3.0", "adjacent");
    act(&mut g, B, "to-fiske-hill");
    // Bedford road lies next to Fiske Hill but no road joins them.
    assert!(!can(&g, B, "to-bedford-road"));
    refused_by(why(&g, B, "bedford-road"), "6.4.2", "may not leave the road");
    assert!(answered_legal(&why(&g, B, "lexington"), "to-lexington"));
}

// rule: b2c 6.4.1
#[test]
fn a_scout_off_the_road_goes_one_region() {
    let mut g = board();
    let u = regulars(&mut g, 1, "cambridge");
    move_group(&mut g, B, "cambridge", &u);
    act(&mut g, B, "to-fresh-pond");
    refused_by(why(&g, B, "cambridge"), "6.4.1", "Scout");
}

// rule: b2c 6.4.2
#[test]
fn the_force_march_is_the_third_region_and_needs_a_unit_to_break() {
    let mut g = board();
    let u = regulars(&mut g, 1, "menotomy");
    move_group(&mut g, B, "menotomy", &u);
    for to in ["foot-of-the-rocks", "lexington", "fiske-hill"] {
        act(&mut g, B, &format!("to-{to}"));
    }
    refused_by(why(&g, B, "lincoln"), "6.4.2", "third");
    // A leader alone has no unbroken unit to break for the force march.
    let mut g = board();
    let l = g.put_named(Kind::BritishLeader, "Smith", "menotomy");
    move_group(&mut g, B, "menotomy", &[l]);
    act(&mut g, B, "to-foot-of-the-rocks");
    act(&mut g, B, "to-lexington");
    refused_by(why(&g, B, "fiske-hill"), "6.4.2", "ruling b2c #15");
}

// rule: b2c 15.2
#[test]
fn no_force_march_in_the_solitaire_scenarios() {
    let mut g = board_with("solo-british", &[]);
    let u = regulars(&mut g, 2, "menotomy");
    move_group(&mut g, B, "menotomy", &u);
    act(&mut g, B, "to-foot-of-the-rocks");
    act(&mut g, B, "to-lexington");
    refused_by(why(&g, B, "fiske-hill"), "15.2", "may not force march");
}

// rule: b2c 6.4
#[test]
fn the_stop_rule_is_explained_where_the_group_stopped() {
    let mut g = board();
    let u = regulars(&mut g, 2, "menotomy");
    g.put(Kind::Minuteman, "foot-of-the-rocks");
    move_group(&mut g, B, "menotomy", &u);
    act(&mut g, B, "to-foot-of-the-rocks");
    refused_by(why(&g, B, "lexington"), "6.4", "must stop");
    let f = refusal(why(&g, B, "lexington")).remove(0);
    assert!(f.reason.contains("Foot of the Rocks"), "{}", f.reason);
}

// rule: b2c 6.11
#[test]
fn hinder_movement_is_explained() {
    let mut g = board();
    let u = g.put(Kind::Regular, "menotomy");
    g.hinder[HINDER_MOVEMENT as usize] = Hinder::Map(r("foot-of-the-rocks"), 2);
    move_group(&mut g, B, "menotomy", &[u]);
    act(&mut g, B, "to-foot-of-the-rocks");
    refused_by(why(&g, B, "lexington"), "6.11", "Hinder Movement");
}

// rule: b2c 4.1
#[test]
fn broken_units_are_explained_by_their_heading_and_the_enemy() {
    let mut g = board();
    let x = g.put_militia(1, "lexington");
    g.pm(x).flipped = true;
    g.put(Kind::Regular, "foot-of-the-rocks");
    move_group(&mut g, P, "lexington", &[x]);
    assert!(answered_legal(&why(&g, P, "bedford-road"), "to-bedford-road"));
    assert!(answered_legal(&why(&g, P, "fiske-hill"), "to-fiske-hill"));
    refused_by(why(&g, P, "woburn-road"), "4.1", "towards Concord");
    refused_by(why(&g, P, "foot-of-the-rocks"), "4.1", "British Regulars");
    let mut g = board();
    let y = g.put(Kind::Regular, "lexington");
    g.pm(y).flipped = true;
    g.put(Kind::Minuteman, "foot-of-the-rocks");
    move_group(&mut g, B, "lexington", &[y]);
    refused_by(why(&g, B, "foot-of-the-rocks"), "4.1", "Minutemen");
    refused_by(why(&g, B, "fiske-hill"), "4.1", "towards Boston");
}

// rule: b2c 3.0, 9.0
#[test]
fn boston_charlestown_and_the_landing() {
    let mut g = board();
    g.turn = 1;
    let u = regulars(&mut g, 2, "boston");
    move_group(&mut g, B, "boston", &u);
    assert!(answered_legal(&why(&g, B, "lechmere-point"), "land-lechmere-point"));
    act(&mut g, B, "land-lechmere-point");
    refused_by(why(&g, B, "cambridge"), "9.0", "may not move further");
    // No landing after turn 1.
    let mut g = board();
    let v = regulars(&mut g, 1, "boston");
    move_group(&mut g, B, "boston", &v);
    refused_by(why(&g, B, "lechmere-point"), "9.0", "first turn only");
    let mut g = board();
    let m = g.put(Kind::Minuteman, "boston-neck");
    let n = g.put(Kind::Minuteman, "prospect-hill");
    g.put(Kind::Regular, "charlestown");
    move_group(&mut g, P, "boston-neck", &[m]);
    refused_by(why(&g, P, "boston"), "3.0", "may not enter the Boston region");
    act(&mut g, P, "done");
    move_group(&mut g, P, "prospect-hill", &[n]);
    refused_by(why(&g, P, "charlestown"), "3.0", "unbroken British Regulars");
}

// rule: b2c 11.0
#[test]
fn smiths_broken_regulars_move_one_region_after_concord() {
    let mut g = board();
    smiths_broken_regular_moves(&mut g);
    refused_by(why(&g, B, "lexington"), "11.0", "one area per Move Action");
}

// rule: b2c 6.1, 6.2, 6.4
#[test]
fn the_action_menu_explains_attack_assault_and_move() {
    let mut g = board();
    let u = regulars(&mut g, 2, "lincoln");
    g.put(Kind::Minuteman, "fiske-hill");
    g.give(B, 3, 3);
    assert!(answered_legal(
        &why(&g, B, "fiske-hill"),
        "assault-lincoln-to-fiske-hill"
    ));
    // An empty region: no enemy to attack or assault, nothing of yours to move.
    let rules = refusal(why(&g, B, "concord"));
    let sections: Vec<&str> = rules.iter().map(|f| f.rule).collect();
    assert_eq!(sections, ["6.1", "6.2", "6.4"], "{rules:?}");
    // Units that moved neither assault nor move again.
    each(&mut g, &u, |p| p.moved = true);
    let rules = refusal(why(&g, B, "fiske-hill"));
    assert_eq!(rules[0].rule, "6.1");
    assert!(rules[0].reason.contains("none active"), "{}", rules[0].reason);
    assert!(
        rules.iter().any(|f| f.rule == "6.2" && f.reason.contains("Moved")),
        "{rules:?}"
    );
    assert!(
        refusal(why(&g, B, "lincoln"))
            .iter()
            .any(|f| f.rule == "6.4" && f.reason.contains("Moved Marker")),
        "lincoln's units all moved"
    );
    // Units that fired do not attack again; the British in Boston are no Patriot target.
    let mut g = board();
    let v = regulars(&mut g, 1, "lexington");
    g.put(Kind::Minuteman, "lexington");
    each(&mut g, &v, |p| {
        p.fired = true;
        p.moved = true;
    });
    g.put(Kind::Minuteman, "boston-neck");
    g.put(Kind::Regular, "boston");
    g.give(B, 3, 3);
    refused_by(why(&g, B, "lexington"), "6.1", "Fired Marker");
    g.give(P, 3, 3);
    // (Hinder Movement, which may be placed in any region, is on the Turn Track.)
    g.hinder[HINDER_MOVEMENT as usize] = Hinder::Track;
    refused_by(why(&g, P, "boston"), "3.0", "may not be targeted");
}

// rule: b2c 4.4, 14.3
#[test]
fn hancock_and_adams_cross_a_stream_only_as_their_whole_move() {
    let mut g = board();
    g.put_named(Kind::SonOfLiberty, "Hancock", "weston");
    start(&mut g, P, "move-hancock");
    act(&mut g, P, "to-waltham");
    assert!(answered_legal(&why(&g, P, "lexington"), "to-lexington"));
    refused_by(why(&g, P, "lincoln"), "4.4", "stream");
    refused_by(why(&g, P, "concord"), "3.0", "adjacent");
    act(&mut g, P, "to-lexington");
    refused_by(why(&g, P, "fiske-hill"), "4.4", "two regions");
}

// rule: b2c 4.3, 3.0
#[test]
fn the_free_move_of_freed_minutemen_keeps_out_of_boston() {
    let mut g = board();
    let u = g.put(Kind::Regular, "boston-neck");
    g.gather[r("boston-neck") as usize] = Gather::Gather;
    let mm = g.put(Kind::Minuteman, "boston-neck");
    g.pm(mm).under = true;
    move_group(&mut g, B, "boston-neck", &[u]);
    act(&mut g, B, "to-roxbury");
    assert!(answered_legal(&why(&g, P, "dorchester"), "to-dorchester"));
    refused_by(why(&g, P, "boston"), "3.0", "Boston");
    refused_by(why(&g, P, "lexington"), "3.0", "adjacent");
}
