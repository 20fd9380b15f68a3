//! 6.4 Movement, Scout and March, the stop rule, the cannon, landings, Assemble, free moves.
mod support;
use b2c::frames::Frame;
use b2c::state::*;
use engine::prelude::*;
use revroad::testing::log_texts;
use support::*;

// rule: b2c 6.4, 6.4.1, 6.4.2, 4.8
#[test]
fn faq_five_regulars_move_every_way_at_once() {
    let mut g = board();
    let u = regulars(&mut g, 5, "menotomy");
    // Two march three regions along the road; one breaks for the force march.
    move_group(&mut g, B, "menotomy", &u[..2]);
    act(&mut g, B, "to-foot-of-the-rocks");
    act(&mut g, B, "to-lexington");
    act(&mut g, B, "to-fiske-hill");
    act(&mut g, B, "done");
    // The force-march break; then one marches two regions the other way.
    pick(&mut g, B, u[1]);
    choose(&mut g, B, &[u[2]]);
    act(&mut g, B, "to-watsons-corner");
    act(&mut g, B, "to-cambridge");
    assert!(
        can(&g, B, "to-lechmere-point"),
        "it could force march a third road region"
    );
    assert!(!can(&g, B, "to-fresh-pond"), "but never leave the road");
    act(&mut g, B, "done");
    // One scouts off the road; it cannot go on.
    choose(&mut g, B, &[u[3]]);
    act(&mut g, B, "to-fresh-pond");
    assert_eq!(ids(&g, B), vec!["done"]);
    act(&mut g, B, "done");
    act(&mut g, B, "done");
    assert_eq!(at(&g, u[0]), "fiske-hill");
    assert_eq!(at(&g, u[1]), "fiske-hill");
    assert!(g.piece(u[1]).flipped && !g.piece(u[0]).flipped);
    assert_eq!(at(&g, u[2]), "cambridge");
    assert_eq!(at(&g, u[3]), "fresh-pond");
    assert_eq!(at(&g, u[4]), "menotomy");
    assert!(u[..4].iter().all(|&p| g.piece(p).moved) && !g.piece(u[4]).moved);
    // The unmoved one can be activated by a later Action.
    act(&mut g, P, "pass");
    assert!(can(&g, B, "move-menotomy"));
}

// rule: b2c 6.4.2
#[test]
fn march_follows_the_road_and_drops_units_off() {
    let mut g = board();
    let u = regulars(&mut g, 2, "lincoln");
    move_group(&mut g, B, "lincoln", &u);
    // Waltham lies over a stream without a road: a Scout only.
    act(&mut g, B, "to-fiske-hill");
    assert!(
        !can(&g, B, "to-bedford-road"),
        "no road from Fiske Hill to the Bedford road"
    );
    let id = format!("drop-{}", pid(&g, u[1]));
    act(&mut g, B, &id);
    act(&mut g, B, "to-lexington");
    act(&mut g, B, "done");
    assert_eq!(
        (at(&g, u[0]).as_str(), at(&g, u[1]).as_str()),
        ("lexington", "fiske-hill")
    );
    assert_eq!(g.piece(u[0]).marched, 2);
}

// rule: b2c 6.4
#[test]
fn the_stop_rule_counts_the_units_entering_together() {
    // British: four Regulars stop where two unbroken Patriot units stand, not where one does.
    let mut g = board();
    let u = regulars(&mut g, 4, "menotomy");
    g.put(Kind::Minuteman, "foot-of-the-rocks");
    g.put_militia(1, "lexington");
    g.put_militia(1, "lexington");
    g.put_named(Kind::PatriotLeader, "Parker", "foot-of-the-rocks");
    move_group(&mut g, B, "menotomy", &u);
    act(&mut g, B, "to-foot-of-the-rocks");
    assert!(can(&g, B, "to-lexington"), "one minuteman is less than half of four");
    act(&mut g, B, "to-lexington");
    assert_eq!(ids(&g, B), vec!["done"], "two militia are half of four: stop");
    // Patriots: two militia stop where one Regular stands.
    let mut g = board();
    let a = g.put_militia(1, "waltham");
    let b = g.put_militia(2, "waltham");
    let c = g.put(Kind::Minuteman, "waltham");
    g.put(Kind::Regular, "watertown");
    move_group(&mut g, P, "waltham", &[a, b, c]);
    act(&mut g, P, "to-watertown");
    assert!(can(&g, P, "to-cambridge"), "one Regular is less than half of three");
}

// rule: b2c 4.1, 6.4
#[test]
fn the_cannon_breaks_a_unit_on_entering_and_may_go_on() {
    let mut g = board();
    let u = regulars(&mut g, 4, "roxbury");
    let gun = g.put(Kind::Cannon, "roxbury");
    let m1 = g.put_militia(1, "brookline");
    let m2 = g.put_militia(2, "brookline");
    start(&mut g, B, "move-roxbury");
    assert!(
        !can(&g, B, &format!("pick-{}", pid(&g, gun))),
        "the cannon moves only with a Regular"
    );
    choose(&mut g, B, &[u[0], u[1], u[2], u[3], gun]);
    act(&mut g, B, "to-brookline");
    // The Patriots choose which unit breaks.
    assert_eq!(g.to_act(), engine::SeatSet::one(P));
    pick(&mut g, P, m2);
    assert!(g.piece(m2).flipped && !g.piece(m1).flipped);
    // One unbroken militia is less than half of four Regulars: the force may go on.
    assert!(can(&g, B, "to-little-cambridge"));
}

/// 4.1 Field Cannon: "only the first region entered containing Patriot
/// units must break a unit", those of "if the cannon enters a space with
/// Patriot Militia or Minutemen"; "It has no effect on already broken
/// units." A first region holding only broken militia uses up the break
/// (ruling b2c #2); one holding only a Patriot leader does not.
// rule: b2c 4.1
#[test]
fn the_cannons_move_break_goes_to_the_first_region_with_militia_even_broken() {
    let mut g = board();
    let u = regulars(&mut g, 4, "roxbury");
    let gun = g.put(Kind::Cannon, "roxbury");
    let target = g.put_militia(1, "little-cambridge");
    let mut led = g.clone();
    let broken = g.put_militia(2, "brookline");
    g.pm(broken).flipped = true;
    led.put_named(Kind::PatriotLeader, "Parker", "brookline");
    for g in [&mut g, &mut led] {
        move_group(g, B, "roxbury", &[u[0], u[1], u[2], u[3], gun]);
        act(g, B, "to-brookline");
        act(g, B, "to-little-cambridge");
    }
    assert!(!g.piece(target).flipped, "the break went to Brookline's broken militia");
    assert_eq!(g.to_act(), engine::SeatSet::one(B));
    // Behind a lone leader the cannon breaks the militia (the Patriots' only choice).
    pick(&mut led, P, target);
    assert!(led.piece(target).flipped, "a leader's region uses up no break");
}

// rule: b2c 4.1
#[test]
fn broken_units_without_a_leader_move_only_homeward() {
    let mut g = board();
    let x = g.put_militia(1, "lexington");
    g.pm(x).flipped = true;
    g.put(Kind::Regular, "foot-of-the-rocks");
    move_group(&mut g, P, "lexington", &[x]);
    // Toward Concord as the crow flies (ruling #34): Fiske Hill, on the
    // Battle Road, is nearer it than Lexington is, though no fewer steps.
    assert!(can(&g, P, "to-bedford-road"), "toward Concord");
    assert!(can(&g, P, "to-fiske-hill"), "toward Concord");
    assert!(
        !can(&g, P, "to-foot-of-the-rocks"),
        "not into British Regulars nor away from Concord"
    );
    assert!(!can(&g, P, "to-woburn-road"));
    let mut g = board();
    let y = g.put(Kind::Regular, "lexington");
    g.pm(y).flipped = true;
    g.put(Kind::Minuteman, "foot-of-the-rocks");
    move_group(&mut g, B, "lexington", &[y]);
    assert!(!can(&g, B, "to-foot-of-the-rocks"), "not into Minutemen");
    assert!(!can(&g, B, "to-fiske-hill"), "only toward Boston");
}

// rule: b2c 9.0, 3.0
#[test]
fn first_turn_landing_and_boston_is_closed_to_patriots() {
    let mut g = board();
    g.turn = 1;
    let u = regulars(&mut g, 3, "boston");
    move_group(&mut g, B, "boston", &u[..2]);
    act(&mut g, B, "land-lechmere-point");
    assert_eq!(ids(&g, B), vec!["done"], "landed units may not move further");
    act(&mut g, B, "done");
    // FAQ: land and march in the same Action.
    choose(&mut g, B, &[u[2]]);
    act(&mut g, B, "to-boston-neck");
    act(&mut g, B, "done");
    assert_eq!(at(&g, u[0]), "lechmere-point");
    assert_eq!(at(&g, u[2]), "boston-neck");
    // No landing after turn 1.
    g.turn = 2;
    let v = g.put(Kind::Regular, "boston");
    move_group(&mut g, B, "boston", &[v]);
    assert!(!can(&g, B, "land-lechmere-point"));
    // Patriots never enter Boston, nor Charlestown held by an unbroken Regular.
    let mut g = board();
    let m = g.put(Kind::Minuteman, "boston-neck");
    let n = g.put(Kind::Minuteman, "prospect-hill");
    g.put(Kind::Regular, "charlestown");
    move_group(&mut g, P, "boston-neck", &[m]);
    assert!(!can(&g, P, "to-boston"));
    act(&mut g, P, "done");
    move_group(&mut g, P, "prospect-hill", &[n]);
    assert!(!can(&g, P, "to-charlestown"));
}

// rule: b2c 6.11
#[test]
fn hinder_movement_stops_the_british() {
    let mut g = board();
    let u = g.put(Kind::Regular, "menotomy");
    g.hinder[HINDER_MOVEMENT as usize] = Hinder::Map(r("foot-of-the-rocks"), 2);
    move_group(&mut g, B, "menotomy", &[u]);
    act(&mut g, B, "to-foot-of-the-rocks");
    assert_eq!(ids(&g, B), vec!["done"]);
}

// rule: b2c 11.0
#[test]
fn smiths_broken_regulars_after_concord_move_one_region() {
    let mut g = board();
    smiths_broken_regular_moves(&mut g);
    assert!(!can(&g, B, "to-lexington"), "no March for them");
}

// rule: b2c 6.5
#[test]
fn assemble_gathers_units_from_around_a_region() {
    let mut g = board();
    let a = g.put(Kind::Minuteman, "lexington");
    let b = g.put_militia(1, "lincoln");
    let c = g.put(Kind::Minuteman, "concord");
    start(&mut g, P, "assemble-fiske-hill");
    pick(&mut g, P, a);
    assert!(
        !can(&g, P, &format!("pick-{}", pid(&g, c))),
        "Concord is not next to Fiske Hill"
    );
    act(&mut g, P, "done");
    assert_eq!((at(&g, a).as_str(), at(&g, b).as_str()), ("fiske-hill", "lincoln"));
    assert!(g.piece(a).moved && !g.piece(b).moved);
}

/// Ruling b2c #37: once every unit that may assemble is chosen, the Action
/// carries itself out; no lone "done" is asked.
// rule: b2c 6.5
#[test]
fn an_assemble_with_every_unit_chosen_carries_itself_out() {
    let mut g = board();
    let a = g.put(Kind::Minuteman, "lexington");
    let b = g.put_militia(1, "lincoln");
    start(&mut g, P, "assemble-fiske-hill");
    pick(&mut g, P, a);
    assert_eq!(ids(&g, P), vec![format!("pick-{}", pid(&g, b)), "done".to_string()]);
    pick(&mut g, P, b);
    assert_eq!((at(&g, a).as_str(), at(&g, b).as_str()), ("fiske-hill", "fiske-hill"));
    assert!(g.piece(a).moved && g.piece(b).moved);
    assert!(!can(&g, P, "done"), "no lone done after the last unit");
    let log = log_texts(&g);
    assert!(
        log.iter()
            .any(|t| t.contains("move Minuteman from Lexington to Fiske Hill to assemble")),
        "{log:?}"
    );
}

// rule: b2c 4.4, 14.3
#[test]
fn sons_of_liberty_move_alone_two_regions_or_one_hobbled() {
    let mut g = board();
    let h = g.put_named(Kind::SonOfLiberty, "Hancock", "lexington");
    start(&mut g, P, "move-hancock");
    act(&mut g, P, "to-woburn-road");
    act(&mut g, P, "to-malden");
    assert_eq!(ids(&g, P), vec!["done"]);
    act(&mut g, P, "done");
    assert_eq!(at(&g, h), "malden");
    assert!(g.piece(h).moved);
    let mut g = board_with("standard", &[("hobbled-sol", "on")]);
    g.put_named(Kind::SonOfLiberty, "Adams", "lexington");
    start(&mut g, P, "move-adams");
    act(&mut g, P, "to-woburn-road");
    assert_eq!(ids(&g, P), vec!["done"]);
}

// rule: b2c 4.3
#[test]
fn british_departure_musters_a_town_and_frees_its_minutemen() {
    let mut g = board();
    let u = g.put(Kind::Regular, "menotomy");
    g.gather[r("menotomy") as usize] = Gather::Gather;
    let mm = g.put(Kind::Minuteman, "menotomy");
    g.pm(mm).under = true;
    let mil = g.put_hidden("menotomy");
    g.pm(mil).under = true;
    move_group(&mut g, B, "menotomy", &[u]);
    act(&mut g, B, "to-fresh-pond");
    // The Patriots take the free move at once, mid-Action.
    assert_eq!(g.gather[r("menotomy") as usize], Gather::Muster);
    assert!(matches!(g.frames.last(), Some(Frame::FreeMove { .. })));
    act(&mut g, P, "to-foot-of-the-rocks");
    act(&mut g, P, "to-lexington");
    assert_eq!(at(&g, mm), "lexington");
    assert!(!g.piece(mm).moved, "no Moved marker");
    assert!(g.piece(mil).under, "the militia waits for the end of turn (4.5)");
}

// rule: b2c 4.3, 6.11
#[test]
fn hinder_muster_blocks_the_flip_when_the_british_leave() {
    // Ruling b2c #6: a Hinder Muster marker also blocks the flip a British
    // departure causes (4.3); without it the same departure musters the town.
    let mut g = board();
    let u = g.put(Kind::Regular, "menotomy");
    g.gather[r("menotomy") as usize] = Gather::Gather;
    let mm = g.put(Kind::Minuteman, "menotomy");
    g.pm(mm).under = true;
    g.hinder[HINDER_MUSTER as usize] = Hinder::Map(r("menotomy"), 2);
    let mut free = g.clone();
    free.hinder[HINDER_MUSTER as usize] = Hinder::Track;
    move_group(&mut g, B, "menotomy", &[u]);
    act(&mut g, B, "to-fresh-pond");
    assert_eq!(g.gather[r("menotomy") as usize], Gather::Gather, "no flip");
    assert!(g.piece(mm).under, "the minutemen stay inactive");
    assert!(!matches!(g.frames.last(), Some(Frame::FreeMove { .. })));
    move_group(&mut free, B, "menotomy", &[u]);
    act(&mut free, B, "to-fresh-pond");
    assert_eq!(free.gather[r("menotomy") as usize], Gather::Muster);
}

// rule: b2c 14.2
#[test]
fn opportunity_fire_on_units_moving_through() {
    let mut g = board_with("standard", &[("opfire-movement", "on")]);
    let u = regulars(&mut g, 4, "menotomy");
    g.put(Kind::Minuteman, "foot-of-the-rocks");
    move_group(&mut g, B, "menotomy", &u);
    act(&mut g, B, "to-foot-of-the-rocks");
    g.core.dice.script([6]);
    act(&mut g, B, "to-lexington");
    // One hit on the moving pieces, British choice.
    assert_eq!(g.to_act(), engine::SeatSet::one(B));
    pick(&mut g, B, u[0]);
    assert!(g.piece(u[0]).flipped);
}

/// 14.2: "a region that has at least one unbroken enemy piece". "Unbroken"
/// is the face of a military unit (4.1); a leader's is "healthy" (4.2), and
/// the book names healthy leaders beside unbroken units wherever it means
/// both (7.0, 6.7, 7.1.3, 11.0); the cannon has no strength and no broken
/// face (a hit destroys it). Healthy leaders, the cannon and broken units
/// roll no opportunity fire.
// rule: b2c 14.2
#[test]
fn opportunity_fire_during_movement_needs_an_unbroken_military_unit() {
    let mut g = board_with("standard", &[("opfire-movement", "on")]);
    let mm: Vec<u8> = (0..3).map(|_| g.put(Kind::Minuteman, "menotomy")).collect();
    g.put_named(Kind::BritishLeader, "Smith", "foot-of-the-rocks");
    g.put(Kind::Cannon, "foot-of-the-rocks");
    let broken = g.put(Kind::Regular, "foot-of-the-rocks");
    g.pm(broken).flipped = true;
    let u = regulars(&mut g, 4, "watertown");
    g.put_named(Kind::PatriotLeader, "Parker", "waltham");
    let militia = g.put_militia(1, "waltham");
    g.pm(militia).flipped = true;
    g.core.dice.script([6]);
    move_group(&mut g, P, "menotomy", &mm);
    act(&mut g, P, "to-foot-of-the-rocks");
    act(&mut g, P, "to-lexington");
    act(&mut g, P, "done");
    move_group(&mut g, B, "watertown", &u);
    act(&mut g, B, "to-waltham");
    act(&mut g, B, "to-weston");
    act(&mut g, B, "done");
    assert_eq!(g.core.dice.scripted_left(), 1, "nobody rolled opportunity fire");
    assert!(mm.iter().all(|&p| at(&g, p) == "lexington" && !g.piece(p).flipped));
    assert!(u.iter().all(|&p| at(&g, p) == "weston" && !g.piece(p).flipped));
}

// rule: b2c 15.2
#[test]
fn solitaire_patriot_opportunity_fire_caps_at_two_hits() {
    let mut g = board_with("solo-british", &[]);
    let u = regulars(&mut g, 6, "lincoln");
    for _ in 0..5 {
        g.put_militia(1, "fiske-hill");
    }
    g.put(Kind::Minuteman, "fiske-hill");
    g.put(Kind::Minuteman, "bedford-road");
    move_group(&mut g, B, "lincoln", &u);
    // Fiske Hill: 6 SP -> 1 die + 1 minuteman = 2 dice; Bedford road: 1 minuteman.
    g.core.dice.script([6, 6, 6]);
    act(&mut g, B, "to-fiske-hill");
    let hits = match g.frames.last() {
        Some(Frame::Hits(h)) => h.n,
        f => panic!("expected hits, got {f:?}"),
    };
    assert_eq!(hits, 2, "no more than 2 opportunity fire hits per Move Action");
}

// rule: b2c 6.4
#[test]
fn a_unit_chosen_and_left_in_place_is_not_offered_again_in_that_action() {
    let mut g = board();
    let u = g.put(Kind::Regular, "menotomy");
    move_group(&mut g, B, "menotomy", &[u]);
    act(&mut g, B, "done"); // it stays
                            // Nothing else in Menotomy may move: the Move Action is over.
    assert!(!matches!(g.frames.last(), Some(Frame::Move(_))));
    assert!(!g.piece(u).moved, "no Moved marker: a later Action may move it");
}

/// 4.1 Field Cannon: "It must always be accompanied by a British Regular
/// when moving or attacking." The last Regular may not be dropped off along
/// the road (6.4.2) while the cannon goes on (rules b2c-4).
// rule: b2c 4.1, 6.4.2
#[test]
fn the_cannon_never_marches_on_without_a_regular() {
    let mut g = board();
    let u = g.put(Kind::Regular, "lincoln");
    let gun = g.put(Kind::Cannon, "lincoln");
    let percy = g.put_named(Kind::BritishLeader, "Percy", "lincoln");
    move_group(&mut g, B, "lincoln", &[u, gun, percy]);
    act(&mut g, B, "to-fiske-hill");
    let drop = format!("drop-{}", pid(&g, u));
    if can(&g, B, &drop) {
        act(&mut g, B, &drop);
        assert!(
            !can(&g, B, "to-lexington"),
            "the cannon goes on without a Regular; legal: {:?}",
            ids(&g, B)
        );
    }
}

/// 3.0: "Patriot units may not enter the Charlestown region if it contains
/// any unbroken British Regulars": the Sons of Liberty, "units" too (4.0),
/// keep out of it as out of Boston (rules b2c-4).
// rule: b2c 3.0, 4.4
#[test]
fn adams_may_not_enter_charlestown_held_by_regulars() {
    let mut g = board();
    let adams = g.put_named(Kind::SonOfLiberty, "Adams", "prospect-hill");
    g.put(Kind::Regular, "charlestown");
    let id = format!("move-{}", pid(&g, adams));
    start(&mut g, P, &id);
    assert!(
        !can(&g, P, "to-charlestown"),
        "Adams may ride into Charlestown past its unbroken Regulars; legal: {:?}",
        ids(&g, P)
    );
}

/// 3.0 and 8.2: a Son of Liberty placed after a failed capture ("may elect
/// to move the Sons of Liberty unit to an adjacent region") never goes into
/// a Charlestown held by an unbroken Regular (rules b2c-4).
// rule: b2c 3.0, 8.2
#[test]
fn a_son_of_liberty_escaping_capture_may_not_go_into_guarded_charlestown() {
    let mut g = board();
    let adams = g.put_named(Kind::SonOfLiberty, "Adams", "prospect-hill");
    g.put(Kind::Regular, "prospect-hill");
    g.put(Kind::Regular, "charlestown");
    g.stack_deck(&[1]); // card 1: no hash marks, the capture fails
    start(&mut g, B, "search-prospect-hill");
    assert!(!g.piece(adams).flipped, "not captured");
    assert!(can(&g, P, "go-cambridge"), "the Patriots place Adams: {:?}", ids(&g, P));
    assert!(
        !can(&g, P, "go-charlestown"),
        "Adams may be placed in Charlestown past its unbroken Regular; legal: {:?}",
        ids(&g, P)
    );
}

/// 14.2 Opportunity Fire During Movement: "If a player elects to move
/// through a region that has at least one unbroken enemy piece, the enemy
/// immediately rolls one die. On a roll of 6, one hit is scored against the
/// moving pieces."
/// 6.4: "Patriot units must stop when entering a region that contains any
/// British Regulars (even broken ones) that number greater than or equal to
/// half the number of all unbroken Patriot military units (not leaders)."
///
/// Three unbroken minutemen march Menotomy - Foot of the Rocks (one unbroken
/// Regular: 1 < 3/2, no stop) - Lexington (one broken Regular). Leaving Foot
/// of the Rocks the British roll a 6: the hit is scored "immediately", so
/// the group enters Lexington with two unbroken units, and one Regular is
/// half of two: it must stop there (no force march on to a third region).
// rule: b2c 14.2, 6.4
#[test]
fn opfire_hit_during_movement_counts_before_the_stop_rule() {
    let mut g = board_with("standard", &[("opfire-movement", "on")]);
    let mm: Vec<u8> = (0..3).map(|_| g.put(Kind::Minuteman, "menotomy")).collect();
    g.put(Kind::Regular, "foot-of-the-rocks");
    let broken = g.put(Kind::Regular, "lexington");
    g.pm(broken).flipped = true;
    move_group(&mut g, P, "menotomy", &mm);
    act(&mut g, P, "to-foot-of-the-rocks");
    assert!(can(&g, P, "to-lexington"), "1 Regular < half of 3: the march goes on");
    g.core.dice.script([6]);
    act(&mut g, P, "to-lexington");
    // The 14.2 hit on the moving pieces, Patriot choice.
    pick(&mut g, P, mm[0]);
    assert!(g.piece(mm[0]).flipped);
    assert_eq!(at(&g, mm[1]), "lexington");
    assert!(
        !ids(&g, P).iter().any(|a| a.starts_with("to-")),
        "two unbroken minutemen entered Lexington, where one Regular stands: they must stop (6.4); legal: {:?}",
        ids(&g, P)
    );
}

/// The audit of rules b2c-5 (its sb3.json): Percy's column enters Cambridge,
/// which holds the healthy Warren and Heath and militia of 1, 1, 0 and 2.
/// 15.2 rolls one die per five "unbroken Patriot Strength Points", and 4.1
/// makes the "0" militia worth 1 when paired with a healthy leader: 5 SP,
/// one die (ruling b2c #32; rules b2c-5 counted 4 SP and rolled none).
// rule: b2c 4.1, 15.2
#[test]
fn solitaire_patriot_opportunity_fire_pairs_a_0_militia_with_a_leader() {
    for wounded in [false, true] {
        let mut g = board_with("solo-british", &[]);
        let u = regulars(&mut g, 4, "lechmere-point");
        for name in ["Warren", "Heath"] {
            let l = g.put_named(Kind::PatriotLeader, name, "cambridge");
            g.pm(l).flipped = wounded;
        }
        for v in [1, 1, 0, 2] {
            g.put_militia(v, "cambridge");
        }
        move_group(&mut g, B, "lechmere-point", &u);
        g.core.dice.script([6, 1]);
        act(&mut g, B, "to-cambridge");
        let fire: Vec<String> = log_texts(&g)
            .into_iter()
            .filter(|t| t.starts_with("Patriot opportunity fire"))
            .collect();
        if wounded {
            // Wounded leaders pair with no militia (ruling b2c #5): 4 SP, no die.
            assert_eq!(g.core.dice.scripted_left(), 2, "{fire:?}");
            assert!(fire.is_empty(), "{fire:?}");
        } else {
            assert_eq!(g.core.dice.scripted_left(), 1, "one die from Cambridge");
            assert_eq!(
                fire,
                [
                    "Patriot opportunity fire from Cambridge at Cambridge: 5 strength points and 0 unbroken \
                  minutemen give 1 die, needs 6 to hit: 1 hit."
                ]
            );
            assert!(matches!(g.frames.last(), Some(Frame::Hits(h)) if h.n == 1));
        }
    }
}

/// The audit of rules b2c-5 (g1.json, turn 9): a Hinder Movement marker
/// stopped Percy on Boston Neck and nothing said so.
// rule: b2c 6.11
#[test]
fn a_hinder_movement_marker_that_stops_the_british_is_logged() {
    let mut g = board();
    let u = regulars(&mut g, 2, "boston");
    g.hinder[HINDER_MOVEMENT as usize] = Hinder::Map(r("boston-neck"), 2);
    move_group(&mut g, B, "boston", &u);
    act(&mut g, B, "to-boston-neck");
    assert!(!can(&g, B, "to-roxbury"), "the marker ends the move");
    assert!(log_texts(&g)
        .iter()
        .any(|t| t == "The Hinder Movement marker in Boston Neck stops the British move there."));
}

/// Session 41's audit: the third region of a march was offered as a plain
/// "Move to Fiske Hill", its break told only afterwards. The step now says
/// it is a force march, and its warning what it costs.
// rule: b2c 6.4.2
#[test]
fn a_force_march_step_is_labelled_and_warned() {
    let mut g = board();
    let u = regulars(&mut g, 2, "menotomy");
    move_group(&mut g, B, "menotomy", &u);
    for step in ["to-foot-of-the-rocks", "to-lexington"] {
        let i = info(&g, B, step);
        assert!(i.warning.is_none() && !i.label.contains("force march"), "{}", i.label);
        act(&mut g, B, step);
    }
    let i = info(&g, B, "to-fiske-hill");
    assert_eq!(i.label, "Move to Fiske Hill (force march)");
    let w = i.warning.expect("a force march is warned of");
    assert!(
        w.starts_with("Force march (6.4.2)") && w.contains("one of its 2 unbroken military units breaks"),
        "{w}"
    );
    // Smith with one unbroken Regular: the Regular is the one to break.
    let mut g = board();
    let x = g.put(Kind::Regular, "menotomy");
    let l = g.put_named(Kind::BritishLeader, "Smith", "menotomy");
    move_group(&mut g, B, "menotomy", &[x, l]);
    act(&mut g, B, "to-foot-of-the-rocks");
    act(&mut g, B, "to-lexington");
    let w = info(&g, B, "to-fiske-hill").warning.unwrap();
    assert!(w.contains("and Regular breaks at the end of the march"), "{w}");
}

/// Session 41's audit: every Move ended with a "Choose units to move
/// together, then done" offering only "done". When the last group has gone
/// and nothing in the region may still move, the Move Action ends by itself
/// (ruling b2c #35, rules b2c-8); while units are left, "done" ends it and
/// says so.
// rule: b2c 6.4
#[test]
fn a_move_ends_by_itself_when_nothing_is_left_to_move() {
    let mut g = board();
    let u = regulars(&mut g, 2, "menotomy");
    move_group(&mut g, B, "menotomy", &u[..1]);
    act(&mut g, B, "to-foot-of-the-rocks");
    assert_eq!(info(&g, B, "done").label, "Done: the group stops in Foot of the Rocks");
    act(&mut g, B, "done");
    // One Regular is left: the Action goes on, and "done" ends it.
    assert!(g.prompt(B).text.starts_with("Choose other units in Menotomy"));
    assert_eq!(info(&g, B, "done").label, "Done: end the Move Action");
    choose(&mut g, B, &u[1..]);
    act(&mut g, B, "to-foot-of-the-rocks");
    act(&mut g, B, "done");
    assert!(
        !matches!(g.frames.last(), Some(Frame::Move(_))),
        "nothing left to move: the Action is over"
    );
    assert!(ids(&g, P).contains(&"pass".to_string()), "the Patriots act next");
}

/// Session 42: a group that took every unit left to choose was sent off by
/// a lone "done", the only choice offered (no unit may be unpicked). It
/// sets out at once, as a Move with nothing left to move ends (ruling b2c
/// #36, rules b2c-9); while a unit may still join, "done" sends it.
// rule: b2c 6.4
#[test]
fn a_group_that_takes_every_unit_left_sets_out_at_once() {
    let mut g = board();
    let u = regulars(&mut g, 3, "menotomy");
    start(&mut g, B, "move-menotomy");
    pick(&mut g, B, u[0]);
    assert!(can(&g, B, &format!("pick-{}", pid(&g, u[1]))));
    assert_eq!(info(&g, B, "done").label, "Done: the chosen units move together");
    act(&mut g, B, "done");
    act(&mut g, B, "to-foot-of-the-rocks");
    act(&mut g, B, "done");
    // The second group: the last unit chosen, it sets out with no "done".
    pick(&mut g, B, u[1]);
    assert!(matches!(g.frames.last(), Some(Frame::Move(m)) if m.at == NO_REGION));
    pick(&mut g, B, u[2]);
    assert!(matches!(g.frames.last(), Some(Frame::Move(m)) if m.at == r("menotomy") && m.steps == 0));
    assert!(g.prompt(B).text.starts_with("Move the group on from Menotomy"));
    assert!(can(&g, B, "to-foot-of-the-rocks"));
    assert_eq!(info(&g, B, "done").label, "Done: the group stays");
    // 4.1 the cannon joins only beside a Regular: a Regular chosen, the
    // cannon may still join, and the group waits for it or a "done".
    let mut g = board();
    let x = g.put(Kind::Regular, "menotomy");
    g.put(Kind::Cannon, "menotomy");
    start(&mut g, B, "move-menotomy");
    pick(&mut g, B, x);
    assert!(matches!(g.frames.last(), Some(Frame::Move(m)) if m.at == NO_REGION));
    assert!(ids(&g, B).iter().any(|i| i.starts_with("pick-")), "the cannon may join");
}

/// Session 41's audit: the computer spent a Move Action that moved nothing.
/// 6.4 "Not all eligible units need be selected": a Move may move none, and
/// the Action is spent like a Pass (6.15); the choice and the log say so
/// (ruling b2c #35).
// rule: b2c 6.4, 6.15
#[test]
fn a_move_of_nothing_says_the_action_is_spent() {
    let mut g = board();
    regulars(&mut g, 1, "menotomy");
    start(&mut g, B, "move-menotomy");
    assert!(g.prompt(B).text.contains("done with none spends the Action"));
    assert_eq!(info(&g, B, "done").label, "Move nothing: the Action is spent (6.4)");
    act(&mut g, B, "done");
    assert_eq!(g.actions[B as usize], 2);
    assert!(log_texts(&g)
        .iter()
        .any(|t| t == "The British move nothing from Menotomy: the Action is spent."));
}
