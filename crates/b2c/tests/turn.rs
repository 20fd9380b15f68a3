//! 5.0 the turn sequence, Reserve Actions, Plan, Pass, Gather Intelligence, Hinder markers, the end of turn.
mod support;
use b2c::frames::Frame;
use b2c::state::*;
use b2c::B2c;
use engine::prelude::*;
use support::*;

/// A sandbox that runs the rest of the turn from the Action Phase.
fn ready(g: &mut B2c) {
    g.frames.clear();
    g.advance();
}

// rule: b2c 5.1, 5.2
#[test]
fn the_side_with_more_actions_goes_first_and_ties_roll() {
    let mut g = board();
    g.put(Kind::Regular, "boston");
    g.stack_deck(&[9]); // British 4, Patriots 3
    g.start_turn();
    ready(&mut g);
    assert_eq!(g.actions, [4, 3]);
    assert_eq!(g.to_act(), engine::SeatSet::one(B));
    let mut g = board();
    g.stack_deck(&[1]); // 3 and 3: a die, even = Patriots
    g.core.dice.script([4]);
    g.start_turn();
    ready(&mut g);
    assert_eq!(g.to_act(), engine::SeatSet::one(P));
    let mut g = board();
    g.stack_deck(&[1]);
    g.core.dice.script([3]);
    g.start_turn();
    ready(&mut g);
    assert_eq!(g.to_act(), engine::SeatSet::one(B));
}

// rule: b2c 5.2, 6.15
#[test]
fn players_alternate_and_the_last_actions_run_out() {
    let mut g = board();
    g.give(B, 3, 1);
    act(&mut g, B, "pass");
    assert_eq!(g.to_act(), engine::SeatSet::one(P));
    act(&mut g, P, "pass");
    assert_eq!(g.actions, [2, 0]);
    act(&mut g, B, "pass");
    assert_eq!(
        g.to_act(),
        engine::SeatSet::one(B),
        "the opponent uses the remaining Actions"
    );
    act(&mut g, B, "pass");
    assert_eq!(g.turn, 3, "both tracks at 0 end the turn");
}

// rule: b2c 6.13, 6.15, 5.2
#[test]
fn plan_on_the_last_action_or_when_nothing_else_is_possible() {
    // 6.15's example: two Actions left and a possible Attack: Pass, not Plan.
    let mut g = board();
    g.put(Kind::Minuteman, "lincoln");
    g.put(Kind::Regular, "lincoln");
    g.intel_used = [true, true];
    g.give(P, 3, 2);
    assert!(can(&g, P, "attack-lincoln"));
    assert!(can(&g, P, "pass") && !can(&g, P, "plan"));
    // On the 1 space Plan is allowed and ends the player's Actions.
    g.give(P, 3, 1);
    act(&mut g, P, "plan");
    assert_eq!((g.reserve[1], g.actions[1]), (1, 0));
    // With nothing but Pass possible, Plan even with two Actions left.
    let mut g = board();
    g.intel_used = [true, true];
    g.hinder = [Hinder::Track; 3];
    g.give(P, 3, 2);
    assert_eq!(ids(&g, P), vec!["plan", "pass"]);
    g.reserve[1] = 2;
    assert_eq!(ids(&g, P), vec!["pass"], "at most two Reserve Actions");
}

// rule: b2c 5.2
#[test]
fn reserve_actions_only_when_not_ahead_or_on_the_last_action() {
    let mut g = board();
    g.put(Kind::Regular, "cambridge");
    g.reserve = [1, 0];
    g.give(B, 3, 2);
    assert!(!can(&g, B, "use-reserve"), "ahead of the Patriots");
    g.give(B, 2, 2);
    act(&mut g, B, "use-reserve");
    act(&mut g, B, "gather-intelligence");
    assert_eq!((g.reserve[0], g.actions[0]), (0, 2), "the track is untouched");
    assert_eq!(g.to_act(), engine::SeatSet::one(P));
}

// rule: b2c 6.14
#[test]
fn gather_intelligence_shows_two_cards_to_one_seat() {
    let mut g = board();
    g.stack_deck(&[7, 13]);
    g.give(P, 2, 2);
    act(&mut g, P, "gather-intelligence");
    assert_eq!(g.view(Some(P))["intel"], serde_json::json!([7, 13]));
    assert_eq!(g.view(Some(B))["intel"], serde_json::json!([]));
    assert!(g.core.log.visible(Some(B)).all(|e| !e.text.contains("card 7")));
    assert!(g.core.log.visible(Some(P)).any(|e| e.text.contains("card 7")));
    assert!(!can(&g, P, "gather-intelligence") || g.to_act().contains(B));
    // A world resampled for the Patriots keeps the two cards they saw.
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(3);
    let w = g.determinize(P, &mut rng);
    assert_eq!(&w.deck.draw[..2], &[7, 13]);
    // Once per player per turn (ruling b2c #13): the British may still look.
    assert!(can(&g, B, "gather-intelligence"));
    act(&mut g, B, "gather-intelligence");
    g.give(P, 2, 2);
    assert!(!can(&g, P, "gather-intelligence"));
}

// rule: b2c 6.11, 5.3
#[test]
fn hinder_markers_place_remove_and_expire() {
    let mut g = board();
    g.put(Kind::Regular, "cambridge");
    g.give(P, 2, 2);
    // Named as the rulebook names the marker (session 42: "Place hinder-movement in Menotomy").
    assert_eq!(
        info(&g, P, "hinder-movement-menotomy").label,
        "Place the Hinder Movement marker in Menotomy (6.11)"
    );
    act(&mut g, P, "hinder-movement-menotomy");
    assert_eq!(g.hinder[HINDER_MOVEMENT as usize], Hinder::Map(r("menotomy"), 2));
    assert_eq!(
        info(&g, B, "remove-hinder-movement").label,
        "Remove the Hinder Movement marker (6.11)"
    );
    act(&mut g, B, "remove-hinder-movement");
    assert_eq!(g.hinder[HINDER_MOVEMENT as usize], Hinder::Track);
    // Not available again this turn.
    assert!(!can(&g, P, "hinder-movement-lincoln"));
    act(&mut g, P, "pass");
    act(&mut g, B, "pass");
    assert_eq!(
        g.hinder[HINDER_MOVEMENT as usize],
        Hinder::Available,
        "back after the end of turn"
    );
    // A marker left alone shows 2, then 1, then leaves.
    g.hinder[HINDER_SEARCH as usize] = Hinder::Map(r("lincoln"), 2);
    g.give(B, 1, 0);
    act(&mut g, B, "pass");
    assert_eq!(g.hinder[HINDER_SEARCH as usize], Hinder::Map(r("lincoln"), 1));
    g.give(B, 1, 0);
    act(&mut g, B, "pass");
    assert_eq!(g.hinder[HINDER_SEARCH as usize], Hinder::Available);
}

// rule: b2c 4.5, 5.3, 6.11
#[test]
fn muster_markers_leave_at_the_end_of_turn_unless_held() {
    let mut g = board();
    for id in ["menotomy", "lincoln", "waltham"] {
        g.gather[r(id) as usize] = Gather::Muster;
        let p = g.put(Kind::Minuteman, id);
        g.pm(p).under = true;
    }
    g.put(Kind::Regular, "lincoln");
    g.hinder[HINDER_MUSTER as usize] = Hinder::Map(r("waltham"), 2);
    g.give(B, 1, 0);
    act(&mut g, B, "pass");
    assert_eq!(g.gather[r("menotomy") as usize], Gather::None);
    assert!(g.pieces.iter().filter(|p| p.loc == r("menotomy")).all(|p| !p.under));
    assert_eq!(
        g.gather[r("lincoln") as usize],
        Gather::Muster,
        "an unbroken Regular holds it"
    );
    assert_eq!(
        g.gather[r("waltham") as usize],
        Gather::Muster,
        "Hinder Muster holds it"
    );
}

// rule: b2c 4.5, 5.3
#[test]
fn a_broken_regular_does_not_hold_a_muster_marker() {
    // Ruling b2c #6: "a British Regular" is an unbroken one everywhere (4.3,
    // 5.3, 6.12): a broken Regular keeps no Muster marker at the end of turn.
    let mut g = board();
    g.gather[r("lincoln") as usize] = Gather::Muster;
    let mm = g.put(Kind::Minuteman, "lincoln");
    g.pm(mm).under = true;
    let x = g.put(Kind::Regular, "lincoln");
    g.pm(x).flipped = true;
    let mut held = g.clone();
    held.pm(x).flipped = false;
    g.give(B, 1, 0);
    act(&mut g, B, "pass");
    assert_eq!(g.gather[r("lincoln") as usize], Gather::None);
    assert!(!g.piece(mm).under, "its units are active");
    held.give(B, 1, 0);
    act(&mut held, B, "pass");
    assert_eq!(
        held.gather[r("lincoln") as usize],
        Gather::Muster,
        "unbroken, it holds the marker"
    );
}

// rule: b2c 5.3, 4.4
#[test]
fn captured_pieces_are_escorted_toward_boston() {
    let mut g = board();
    let revere = g.put_named(Kind::Nightrider, "Revere", "roxbury");
    g.pm(revere).flipped = true;
    g.give(B, 1, 0);
    act(&mut g, B, "pass");
    assert!(matches!(g.frames.last(), Some(Frame::Escort { .. })));
    assert!(!can(&g, B, "to-brookline"), "only toward Boston");
    act(&mut g, B, "to-boston-neck");
    act(&mut g, B, "to-boston");
    assert_eq!(g.piece(revere).loc, TAKEN, "permanently captured");
    assert_eq!(g.turn, 3);
}

/// Ruling #34: an escort steps one region closer to Boston, or as many steps
/// and nearer as the crow flies, so from Concord it may take the Battle Road
/// as well as the way through Weston, and never turns back.
// rule: b2c 5.3
#[test]
fn an_escort_from_concord_may_take_the_battle_road() {
    let mut g = board();
    let hancock = g.put_named(Kind::SonOfLiberty, "Hancock", "concord");
    g.pm(hancock).flipped = true;
    g.give(B, 1, 0);
    act(&mut g, B, "pass");
    assert!(can(&g, B, "to-meriams-corner") && can(&g, B, "to-sudbury-road"));
    assert!(!can(&g, B, "to-barretts-farm"), "away from Boston");
    act(&mut g, B, "to-meriams-corner");
    assert!(!can(&g, B, "to-concord"), "never back");
    assert!(can(&g, B, "to-lincoln"));
}

// rule: b2c 12.0
#[test]
fn percy_arrives_on_turn_nine_or_eight_by_option() {
    for (opt, turn) in [("9", 9), ("8", 8)] {
        let mut g = B2c::sandbox("standard", &[("percy-turn", opt)], 1);
        let p = g.put_named(Kind::BritishLeader, "Percy", "boston");
        g.pm(p).loc = WAITING;
        g.turn = turn - 1;
        g.give(B, 1, 0);
        act(&mut g, B, "pass");
        assert_eq!(g.turn, turn);
        assert_eq!(at(&g, p), "boston");
    }
}

// rule: b2c 4.8, 5.3
#[test]
fn moved_and_fired_markers_clear_at_the_end_of_turn() {
    let mut g = board();
    let x = g.put(Kind::Regular, "cambridge");
    g.pm(x).moved = true;
    g.pm(x).fired = true;
    g.ambush = 1 << r("cambridge");
    g.give(B, 1, 0);
    act(&mut g, B, "pass");
    assert!(!g.piece(x).moved && !g.piece(x).fired && g.ambush == 0);
}
