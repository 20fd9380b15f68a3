//! "Why not?" (issue 18 item 12): the rule that forbids a Land Move or an
//! Assault a player points at, from the same checks as the legal actions.

mod support;
use bh::state::*;
use bh::Bh;
use engine::WhyNot;
use revroad::testing::{answered_legal, refused_by};
use support::*;

fn why(g: &Bh, who: &str, region: &str) -> WhyNot {
    engine::why_not(g, seat(who), region)
}

/// `who` starts a Land Move of `pieces` from `from`: next, the destination.
fn land_move(g: &mut Bh, who: &str, from: &str, pieces: &[PieceId]) {
    acts(g, who, &["land-move", from]);
    for &i in pieces {
        act(g, who, &piece(i));
    }
    act(g, who, "done");
}

// rule: bh 6.5, 3.0
#[test]
fn a_land_move_goes_three_regions_and_a_leader_four() {
    let mut g = Bh::sandbox("standard", P);
    let mm = g.put(Minuteman, P, "neck");
    let l = g.put(Leader, P, "neck");
    land_move(&mut g, "patriot", "neck", &[mm]);
    assert!(answered_legal(&why(&g, "patriot", "bunker-north"), "bunker-north"));
    refused_by(why(&g, "patriot", "ndw-south"), "6.5", "up to three regions");
    act(&mut g, "patriot", "bunker-north");
    acts(&mut g, "patriot", &[&piece(l), "done"]);
    assert!(answered_legal(&why(&g, "patriot", "ndw-north"), "ndw-north"));
    refused_by(why(&g, "patriot", "breeds-redoubt"), "6.5", "up to four regions");
}

// rule: bh 6.5
#[test]
fn a_land_move_stops_next_to_the_enemy_and_never_enters_it() {
    let mut g = Bh::sandbox("standard", P);
    let mm = g.put(Minuteman, P, "neck");
    g.put(Regular, B, "bunker-north");
    land_move(&mut g, "patriot", "neck", &[mm]);
    assert!(answered_legal(&why(&g, "patriot", "north-shore"), "north-shore"));
    refused_by(why(&g, "patriot", "bunker-north"), "6.5", "ruling bh #18");
    // Two regions away, but past North Shore, next to the Regular.
    refused_by(why(&g, "patriot", "bunker-slope-north"), "6.5", "must stop");
}

// rule: bh 6.5, 3.0
#[test]
fn stacking_is_explained_for_units_not_leaders() {
    let mut g = Bh::sandbox("standard", P);
    let mm = g.put(Minuteman, P, "neck");
    let l = g.put(Leader, P, "neck");
    for _ in 0..3 {
        g.put(Minuteman, P, "ridge-neck");
    }
    land_move(&mut g, "patriot", "neck", &[mm]);
    refused_by(why(&g, "patriot", "ridge-neck"), "6.5", "three military units");
    act(&mut g, "patriot", "north-shore");
    acts(&mut g, "patriot", &[&piece(l), "done"]);
    assert!(
        answered_legal(&why(&g, "patriot", "ridge-neck"), "ridge-neck"),
        "leaders do not count"
    );
}

// rule: bh 3.3, 6.5
#[test]
fn the_british_stop_in_town_and_nobody_enters_fire() {
    let mut g = Bh::sandbox("standard", B);
    let r = g.put(Regular, B, "harbor-shore");
    g.released |= bit(g.region("harbor-shore"));
    g.ablaze = bit(g.region("breeds-south"));
    land_move(&mut g, "british", "harbor-shore", &[r]);
    assert!(answered_legal(&why(&g, "british", "town-east"), "town-east"));
    refused_by(why(&g, "british", "town-square"), "3.3", "town region");
    refused_by(why(&g, "british", "breeds-south"), "6.5", "on fire");
}

// rule: bh 3.2, 3.5
#[test]
fn the_muster_box_and_the_landing_zones_are_closed() {
    let mut g = Bh::sandbox("standard", P);
    let mm = g.put(Minuteman, P, "north-shore");
    land_move(&mut g, "patriot", "north-shore", &[mm]);
    refused_by(why(&g, "patriot", "lz-1"), "3.5", "Landing Zone");
    let mut g = Bh::sandbox("standard", B);
    let r = g.put(Regular, B, "neck");
    land_move(&mut g, "british", "neck", &[r]);
    refused_by(why(&g, "british", "muster-box"), "3.2", "no British pieces");
}

// rule: bh 4.1, 9.2
#[test]
fn broken_and_demoralized_units_head_for_the_muster_box() {
    let mut g = Bh::sandbox("standard", P);
    let mm = g.put(Minuteman, P, "ndw-south");
    g.pieces[mm as usize].flipped = true;
    land_move(&mut g, "patriot", "ndw-south", &[mm]);
    refused_by(why(&g, "patriot", "breeds-slope-east"), "4.1", "Charlestown Neck");
    let mut g = Bh::sandbox("standard", P);
    let m = g.put_militia(1, "ndw-south");
    g.demoralized[P as usize] = true;
    land_move(&mut g, "patriot", "ndw-south", &[m]);
    refused_by(why(&g, "patriot", "breeds-slope-east"), "9.2", "Muster Box");
}

// rule: bh 3.5, 6.10, 6.5
#[test]
fn where_a_land_move_may_start() {
    let mut g = Bh::sandbox("standard", B);
    for _ in 0..2 {
        g.put(Regular, B, "point-shore");
    }
    g.put(Regular, B, "lz-3");
    let moved = g.put(Regular, B, "harbor-shore");
    g.pieces[moved as usize].moved = true;
    g.put(Regular, B, "mill-field");
    g.released |= bit(g.region("harbor-shore")) | bit(g.region("mill-field"));
    act(&mut g, "british", "land-move");
    assert!(answered_legal(&why(&g, "british", "mill-field"), "mill-field"));
    refused_by(why(&g, "british", "point-shore"), "3.5", "Staging Number");
    refused_by(why(&g, "british", "lz-3"), "6.10", "Land Troops");
    refused_by(why(&g, "british", "harbor-shore"), "6.5", "have all moved");
    refused_by(why(&g, "british", "neck"), "6.5", "has none");
}

// rule: bh 6.2
#[test]
fn an_assault_needs_an_adjacent_enemy_and_the_numbers() {
    let mut g = Bh::sandbox("standard", B);
    for _ in 0..2 {
        g.put(Regular, B, "breeds-slope-east");
    }
    g.released |= bit(g.region("breeds-slope-east"));
    g.put(Minuteman, P, "ndw-south");
    for _ in 0..3 {
        g.put(Minuteman, P, "breeds-redoubt");
    }
    let tired = g.put(Regular, B, "mill-field");
    g.pieces[tired as usize].fired = true;
    act(&mut g, "british", "assault");
    refused_by(why(&g, "british", "mill-field"), "6.2", "not moved or fired");
    act(&mut g, "british", "breeds-slope-east");
    assert!(answered_legal(&why(&g, "british", "ndw-south"), "ndw-south"));
    refused_by(
        why(&g, "british", "breeds-redoubt"),
        "6.2",
        "2 of yours in Breed's Hill east slope against 3",
    );
    refused_by(why(&g, "british", "harbor-shore"), "6.2", "has none");
    refused_by(why(&g, "british", "neck"), "3.0", "adjacent");
}

// rule: bh 8.0
#[test]
fn no_patriot_assault_without_ammunition() {
    let mut g = Bh::sandbox("standard", P);
    g.put(Minuteman, P, "ndw-south");
    g.put(Regular, B, "breeds-redoubt");
    act(&mut g, "patriot", "assault");
    assert!(answered_legal(&why(&g, "patriot", "ndw-south"), "ndw-south"));
    g.ammo = 0;
    refused_by(why(&g, "patriot", "ndw-south"), "8.0", "Ammo Marker reaches 0");
}

// rule: bh 6.1, 7.2
#[test]
fn a_volley_needs_range_and_a_line_of_sight() {
    let mut g = Bh::sandbox("standard", B);
    g.put(Regular, B, "rail-fence");
    g.put(Regular, B, "neck");
    let tired = g.put(Regular, B, "mill-field");
    g.pieces[tired as usize].fired = true;
    g.put(Minuteman, P, "east-shore");
    g.put(Minuteman, P, "mystic-point");
    g.put(Minuteman, P, "bunker-north");
    act(&mut g, "british", "volley-fire");
    refused_by(why(&g, "british", "mill-field"), "6.1", "already fired");
    act(&mut g, "british", "rail-fence");
    assert!(answered_legal(&why(&g, "british", "east-shore"), "east-shore"));
    refused_by(why(&g, "british", "mystic-point"), "7.2", "ruling bh #23");
    refused_by(why(&g, "british", "bunker-north"), "6.1", "up to two regions away");
    refused_by(why(&g, "british", "stone-wall"), "6.1", "has none");
    // From the Neck the hill hides Bunker Hill's top, two regions away.
    let mut g = Bh::sandbox("standard", B);
    g.put(Regular, B, "neck");
    g.put(Minuteman, P, "bunker-north");
    g.put(Minuteman, P, "north-shore");
    acts(&mut g, "british", &["volley-fire", "neck"]);
    refused_by(why(&g, "british", "bunker-north"), "7.2", "no line of sight");
}

// rule: bh 3.2, 6.1
// 3.2: "The Patriot Muster Box represents a large off-map area that is
// considered adjacent to the Charlestown Neck region." Its units fire at the
// Neck and see nothing beyond it (ruling bh #41).
#[test]
fn from_the_muster_box_only_the_neck_is_in_sight() {
    let mut g = Bh::sandbox("standard", P);
    g.put(Minuteman, P, "muster-box");
    g.put(Regular, B, "neck");
    g.put(Regular, B, "ridge-neck");
    acts(&mut g, "patriot", &["volley-fire", "muster-box"]);
    assert!(answered_legal(&why(&g, "patriot", "neck"), "neck"));
    refused_by(why(&g, "patriot", "ridge-neck"), "3.2", "ruling bh #41");
}
