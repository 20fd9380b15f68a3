//! 6.5 Land Move, 6.6 Naval Move, 6.8 Reorganize, 6.10 Land Troops, 3.0-3.5, 7.1 withdrawal.

mod support;
use bh::state::*;
use bh::Bh;
use engine::prelude::*;
use support::*;

fn sandbox(seat: engine::Seat) -> Bh {
    Bh::sandbox("standard", seat)
}

fn dests(g: &Bh, from: &str, group: &[PieceId]) -> Vec<String> {
    let mut v: Vec<String> = g
        .destinations(g.region(from), group)
        .into_iter()
        .map(|r| g.map().id(r).to_string())
        .collect();
    v.sort();
    v
}

// rule: bh 6.5, 3.0
#[test]
fn units_move_three_leaders_four_and_stop_next_to_unbroken_enemies() {
    let mut g = sandbox(P);
    let mm = g.put(Minuteman, P, "neck");
    let l = g.put(Leader, P, "neck");
    let far = |g: &Bh, i: PieceId| {
        let d = dests(g, "neck", &[i]);
        d.iter()
            .map(|r| g.map().dist(g.region("neck"), g.region(r)))
            .max()
            .unwrap()
    };
    assert_eq!(far(&g, mm), 3);
    assert_eq!(far(&g, l), 4);
    g.put(Regular, B, "bunker-slope-north");
    let d = dests(&g, "neck", &[mm]);
    assert!(d.contains(&"north-shore".to_string()));
    assert!(
        !d.contains(&"mystic-beach".to_string()),
        "north-shore is next to the British: stop there"
    );
    assert!(
        !d.contains(&"bunker-slope-north".to_string()),
        "never into an enemy region (ruling bh #18)"
    );
    // 3.0 stacking: three units fill a region.
    for _ in 0..3 {
        g.put(Minuteman, P, "ridge-neck");
    }
    assert!(!dests(&g, "neck", &[mm]).contains(&"ridge-neck".to_string()));
    assert!(
        dests(&g, "neck", &[l]).contains(&"ridge-neck".to_string()),
        "leaders do not count"
    );
    acts(
        &mut g,
        "patriot",
        &["land-move", "neck", &piece(mm), "done", "north-shore"],
    );
    assert!(g.pieces[mm as usize].moved);
    assert!(ids(&g, "patriot").contains(&"skip".to_string()));
}

// rule: bh 3.3, 6.5
#[test]
fn british_stop_on_entering_town_and_nobody_enters_fire() {
    let mut g = sandbox(B);
    let r = g.put(Regular, B, "harbor-shore");
    g.update_released();
    g.released |= bit(g.region("harbor-shore"));
    let d = dests(&g, "harbor-shore", &[r]);
    assert!(d.contains(&"town-east".to_string()) && !d.contains(&"town-square".to_string()));
    g.ablaze = bit(g.region("town-east"));
    assert!(!dests(&g, "harbor-shore", &[r]).contains(&"town-east".to_string()));
    let mm = g.put(Minuteman, P, "town-north-east");
    assert!(
        dests(&g, "town-north-east", &[mm]).contains(&"town-wharves".to_string()),
        "Patriots move on"
    );
}

// rule: bh 4.1
#[test]
fn broken_units_without_a_leader_head_home() {
    let mut g = sandbox(P);
    let mm = g.put(Minuteman, P, "ndw-south");
    g.pieces[mm as usize].flipped = true;
    let m = g.map();
    let here = m.dist(g.region("ndw-south"), m.muster());
    for r in g.destinations(g.region("ndw-south"), &[mm]) {
        assert!(m.dist(r, m.muster()) < here, "only toward the Neck");
    }
    let l = g.put(Leader, P, "ndw-south");
    assert!(g
        .destinations(g.region("ndw-south"), &[mm, l])
        .iter()
        .any(|&r| m.dist(r, m.muster()) >= here));
}

// rule: bh 3.4, 3.2
#[test]
fn neck_courage_check_under_the_charles_river_guns() {
    let mut g = sandbox(P);
    g.fleet = g.region("fleet-charles");
    let weak = g.put_militia(0, "muster-box");
    let strong = g.put_militia(2, "muster-box");
    acts(
        &mut g,
        "patriot",
        &["land-move", "muster-box", &piece(weak), &piece(strong), "done"],
    );
    g.core.dice.script([3, 2]);
    act(&mut g, "patriot", "neck");
    assert_eq!(loc(&g, weak), "muster-box", "3 + 0 = 3: back to the Muster Box");
    assert!(g.pieces[weak as usize].moved);
    assert_eq!(loc(&g, strong), "neck", "2 + 2 = 4 carries on");
    // A move whose every piece turns back says so, not "0 piece(s) move".
    let alone = g.put_militia(0, "muster-box");
    g.to_move = P;
    acts(&mut g, "patriot", &["land-move", "muster-box", &piece(alone), "done"]);
    g.core.dice.script([1]);
    act(&mut g, "patriot", "neck");
    assert_eq!(loc(&g, alone), "muster-box");
    let last = g
        .core
        .log
        .visible(None)
        .last()
        .map(|e| e.text.clone())
        .unwrap_or_default();
    assert!(last.starts_with("Every piece turns back"), "{last}");
    // 3.2 nothing in the Muster Box can be targeted.
    g.put(Regular, B, "neck");
    assert!(g
        .volley_targets(B, g.region("neck"))
        .iter()
        .all(|&r| r != g.region("muster-box")));
}

// rule: bh 3.4, 6.2
// 3.4: "any Patriot Militia piece entering the Charlestown Neck region from
// the Patriot Muster Box is subject to a courage check ... A roll of 1, 2, or
// 3 will make the piece retreat back into the Patriot Muster Box ending its
// move. Place a Moved Marker on the retreating piece." 6.2: "The Assaulting
// units move into the target region." Militia assaulting the Neck from the
// box enter it too, under the guns (ruling bh #41); "if the attacker ever has
// less healthy units than the defender, the Assault ends".
#[test]
fn militia_assaulting_the_neck_from_the_muster_box_test_their_courage() {
    let mut g = sandbox(P);
    g.fleet = g.region("fleet-charles");
    let weak = g.put_militia(0, "muster-box");
    let mm = g.put(Minuteman, P, "muster-box");
    let strong = g.put_militia(2, "muster-box");
    g.put(Regular, B, "neck");
    // Courage: 3 + 0 turns back, 2 + 2 crosses; the free fire misses.
    g.core.dice.script([3, 2, 1, 1]);
    engage(&mut g, "patriot", "assault", "muster-box", "neck", &[weak, mm, strong]);
    assert_eq!(loc(&g, weak), "muster-box", "3 + 0 = 3: back to the Muster Box");
    assert!(g.pieces[weak as usize].moved && !g.pieces[weak as usize].fired);
    assert_eq!((loc(&g, mm), loc(&g, strong)), ("neck".into(), "neck".into()));
    assert_logged(&g, "crosses the Neck under fire");
    // Every militia turns back, too few left against the defenders: the
    // Assault ends before it begins.
    let mut g = sandbox(P);
    g.fleet = g.region("fleet-charles");
    let a = g.put_militia(0, "muster-box");
    let b = g.put_militia(1, "muster-box");
    let reg = g.put(Regular, B, "neck");
    g.put(Regular, B, "neck");
    g.core.dice.script([1, 2]);
    engage(&mut g, "patriot", "assault", "muster-box", "neck", &[a, b]);
    assert_eq!((loc(&g, a), loc(&g, b)), ("muster-box".into(), "muster-box".into()));
    assert!(!g.pieces[reg as usize].fired, "no combat: {}", log(&g));
    assert_eq!(g.to_move, B, "the Action is over");
    assert!(g.frames.iter().all(|f| !matches!(f, Frame::Assault(_))));
}

// rule: bh 3.5, 6.10
#[test]
fn land_troops_and_the_staging_number() {
    let mut g = sandbox(B);
    let lz = "lz-3";
    let regs: Vec<PieceId> = (0..4).map(|_| g.put(Regular, B, lz)).collect();
    let l = g.put(Leader, B, lz);
    acts(&mut g, "british", &["land-troops", "zone-3", "point-shore"]);
    // Transport number 2: two units, and the leader for free.
    act(&mut g, "british", &piece(regs[0]));
    act(&mut g, "british", &piece(l));
    act(&mut g, "british", &piece(regs[1]));
    assert!(!ids(&g, "british").contains(&piece(regs[2])));
    act(&mut g, "british", "done");
    assert_eq!(loc(&g, regs[1]), "point-shore");
    assert!(g.pieces[regs[1] as usize].moved);
    assert!(
        g.released & bit(g.region("point-shore")) == 0,
        "staging number 3 not met by two"
    );
    g.end_markers_for_test();
    g.to_move = B;
    assert!(!g.move_regions(B).contains(&g.region("point-shore")));
    act(&mut g, "british", "land-troops");
    acts(&mut g, "british", &["zone-3", "point-shore", &piece(regs[2]), "done"]);
    assert!(g.released & bit(g.region("point-shore")) != 0);
    // FAQ: the British never move between landing zones.
    assert!(!g
        .destinations(g.region("point-shore"), &[regs[0]])
        .contains(&g.region("lz-3")));
}

// rule: bh 3.5
#[test]
fn faq_staging_area_units_move_in_groups_of_three() {
    let mut g = sandbox(B);
    let regs: Vec<PieceId> = (0..5).map(|_| g.put(Regular, B, "mystic-point")).collect();
    g.update_released();
    acts(&mut g, "british", &["land-move", "mystic-point"]);
    for &r in &regs[..3] {
        act(&mut g, "british", &piece(r));
    }
    assert!(!ids(&g, "british").contains(&piece(regs[3])));
    acts(&mut g, "british", &["done", "breeds-slope-east"]);
    acts(
        &mut g,
        "british",
        &[&piece(regs[3]), &piece(regs[4]), "done", "east-shore"],
    );
    assert_eq!(loc(&g, regs[4]), "east-shore");
}

// rule: bh 6.6, 4.5
#[test]
fn the_fleet_sails_between_adjacent_boxes() {
    let mut g = sandbox(B);
    act(&mut g, "british", "naval-move");
    let mut v = ids(&g, "british");
    v.sort();
    assert_eq!(v, vec!["fleet-charles", "fleet-mystic"]);
    act(&mut g, "british", "fleet-mystic");
    // The log names the box it left (it had named the new one twice).
    assert_logged(
        &g,
        "The fleet sails from the Boston Harbor fleet box to the Mystic River fleet box.",
    );
    g.to_move = B;
    act(&mut g, "british", "naval-move");
    assert_eq!(
        ids(&g, "british"),
        vec!["fleet-harbor"],
        "Mystic and Charles are not adjacent"
    );
}

// rule: bh 6.8
#[test]
fn reorganize_the_line_swaps_places() {
    let mut g = sandbox(P);
    let a: Vec<PieceId> = (0..3).map(|_| g.put(Minuteman, P, "breeds-redoubt")).collect();
    let b: Vec<PieceId> = (0..3).map(|_| g.put_militia(1, "breeds-south")).collect();
    acts(&mut g, "patriot", &["reorganize", "breeds-redoubt", "breeds-south"]);
    act(&mut g, "patriot", &piece(a[0]));
    assert!(
        !ids(&g, "patriot").contains(&"done".to_string()),
        "four units in Breed's south"
    );
    act(&mut g, "patriot", &piece(b[0]));
    act(&mut g, "patriot", "done");
    assert_eq!(loc(&g, a[0]), "breeds-south");
    assert_eq!(loc(&g, b[0]), "breeds-redoubt");
    assert!(g.pieces[a[0] as usize].moved && !g.pieces[a[1] as usize].moved);
}

// rule: bh 7.1
#[test]
fn withdrawal_before_assault_pairs_militia_with_minutemen_or_leaders() {
    let mut g = sandbox(B);
    let regs: Vec<PieceId> = (0..3).map(|_| g.put(Regular, B, "breeds-slope-east")).collect();
    let mm = g.put(Minuteman, P, "breeds-redoubt");
    let m1 = g.put_militia(1, "breeds-redoubt");
    let m2 = g.put_militia(1, "breeds-redoubt");
    assault_redoubt(&mut g, &regs);
    assert!(!ids(&g, "patriot").contains(&piece(m1)), "militia need a partner");
    act(&mut g, "patriot", &piece(mm));
    act(&mut g, "patriot", &piece(m1));
    assert!(!ids(&g, "patriot").contains(&piece(m2)), "one militia per minuteman");
    act(&mut g, "patriot", "done");
    let to = ids(&g, "patriot");
    assert!(!to.contains(&"breeds-slope-east".to_string()) && !to.contains(&"ndw-south".to_string()));
    act(&mut g, "patriot", &to[0]);
    assert_eq!(loc(&g, mm), loc(&g, m1), "FAQ: withdraw to the same region");
    assert_eq!(loc(&g, m2), "breeds-redoubt");
}

// rule: bh 7.1
#[test]
fn faq_broken_minutemen_and_wounded_leaders_withdraw_alone() {
    let mut g = sandbox(B);
    let r = g.put(Regular, B, "breeds-slope-east");
    let mm = g.put(Minuteman, P, "breeds-redoubt");
    g.pieces[mm as usize].flipped = true;
    let m1 = g.put_militia(0, "breeds-redoubt");
    assault_redoubt(&mut g, &[r]);
    act(&mut g, "patriot", &piece(mm));
    assert!(!ids(&g, "patriot").contains(&piece(m1)));
}

// rule: bh 7.1
#[test]
fn retreaters_go_one_region_further_when_the_first_is_full() {
    let mut g = sandbox(B);
    let r = g.put(Regular, B, "breeds-slope-east");
    let mm = g.put(Minuteman, P, "breeds-redoubt");
    for _ in 0..3 {
        g.put(Minuteman, P, "breeds-slope-west");
    }
    for _ in 0..3 {
        g.put(Minuteman, P, "breeds-slope-north");
    }
    assault_redoubt(&mut g, &[r]);
    act(&mut g, "patriot", &piece(mm));
    act(&mut g, "patriot", "done");
    let to = ids(&g, "patriot");
    assert!(
        to.contains(&"breeds-slope-west".to_string()),
        "full, but the region beyond has room"
    );
    act(&mut g, "patriot", "breeds-slope-west");
    // Ruling bh #33: the owner picks the region one further. Until he does,
    // the full region holds it beside three others, "temporarily
    // over-stacking" as 7.1 allows (tests/conformance.rs: four at once).
    assert_eq!(g.units(g.region("breeds-slope-west"), P), 4);
    eprintln!("DEBUG {:?} frames {:?}", g.check(), g.frames);
    g.check().unwrap();
    let further = ids(&g, "patriot");
    assert!(further.len() > 1, "{further:?}");
    let pick = further.last().unwrap().clone();
    act(&mut g, "patriot", &pick);
    let at = g.pieces[mm as usize].loc;
    assert_eq!(g.map().id(at), pick);
    assert!(g.map().adjacent(at, g.region("breeds-slope-west")));
    assert!(g.units(at, P) <= 3);
}

// rule: bh 6.4, 7.1
#[test]
fn pieces_leaving_a_fire_move_on_past_a_full_region() {
    let mut g = sandbox(B);
    let mm = g.put(Minuteman, P, "town-shipyard");
    for _ in 0..3 {
        g.put(Minuteman, P, "town-wharves");
    }
    for id in ["town-mill", "town-meeting"] {
        g.ablaze |= bit(g.region(id));
    }
    g.ignite(g.region("town-shipyard"), "6.4");
    g.advance();
    assert_eq!(ids(&g, "patriot"), vec!["town-wharves"]);
    act(&mut g, "patriot", "town-wharves");
    g.check().unwrap();
    // Ruling bh #33: two regions beyond (the square and the ferry), the owner picks.
    let mut further = ids(&g, "patriot");
    further.sort();
    assert_eq!(further, vec!["town-ferry", "town-square"]);
    act(&mut g, "patriot", "town-ferry");
    assert_eq!(loc(&g, mm), "town-ferry");
    let at = g.pieces[mm as usize].loc;
    assert!(g.map().adjacent(at, g.region("town-wharves")) && g.units(at, P) <= 3);
}

// rule: bh 6.8, 9.1
#[test]
fn reorganize_never_dead_ends_on_a_region_over_stacked_by_a_blocked_run() {
    let mut g = sandbox(P);
    let mut stuck = Vec::new();
    for _ in 0..3 {
        stuck.push(g.put(Minuteman, P, "ridge-neck"));
    }
    let ran = g.put_militia(1, "ridge-neck");
    g.pieces[ran as usize].panic = true;
    for _ in 0..3 {
        stuck.push(g.put(Minuteman, P, "bunker-slope-west"));
    }
    for &i in &stuck {
        g.pieces[i as usize].moved = true;
    }
    let (a, b) = (g.region("ridge-neck"), g.region("bunker-slope-west"));
    g.frames.push(Frame::Reorganize {
        a: Some(a),
        b: Some(b),
        picked: vec![],
    });
    assert_eq!(ids(&g, "patriot"), vec!["done"], "nothing can move: the Action may end");
}

// rule: bh 7.1
#[test]
fn a_retreater_whose_onward_region_was_filled_is_lost() {
    // Ruling bh #33: the Minuteman went on past the full wharves, but the
    // pieces retreating with it filled both regions beyond (the ferry and
    // the square; the mill and the meeting house burn).
    let mut g = sandbox(B);
    let mm = g.put(Minuteman, P, "town-wharves");
    for id in ["town-wharves", "town-ferry", "town-square"] {
        put_n(&mut g, 3, Minuteman, P, id);
    }
    for id in ["town-mill", "town-meeting"] {
        g.ablaze |= bit(g.region(id));
    }
    let morale = g.morale[P as usize];
    g.frames.push(Frame::Overflow {
        piece: mm,
        at: g.region("town-shipyard"),
        origin: NO_REGION,
    });
    g.advance();
    assert_eq!(loc(&g, mm), "gone");
    assert_eq!(g.morale[P as usize], morale - 1, "9.0 a unit destroyed");
    assert!(log(&g).contains("has nowhere to retreat and is lost"));
    assert_eq!(g.units(g.region("town-wharves"), P), 3);
}
