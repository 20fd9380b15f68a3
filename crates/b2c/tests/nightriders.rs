//! 4.4, 4.6, 6.10, 6.12 Nightriders, Alert markers and escapes.
mod support;
use b2c::frames::Frame;
use b2c::state::*;
use b2c::B2c;
use engine::prelude::*;
use revroad::testing::log_texts;
use support::*;

/// The Patriots' Call to Arms with the Nightrider `rider` in `region`
/// beside an unbroken Regular (6.12).
fn riding_past_a_regular(rider: &str, region: &str) -> (B2c, u8) {
    let mut g = board();
    let p = g.put_named(Kind::Nightrider, rider, region);
    g.put(Kind::Regular, region);
    start(&mut g, P, "call-to-arms");
    (g, p)
}

// rule: b2c 6.12, 4.3
#[test]
fn call_to_arms_alerts_a_town_and_risks_capture() {
    let mut g = board();
    let rev = g.put_named(Kind::Nightrider, "Revere", "watsons-corner");
    g.gather[r("menotomy") as usize] = Gather::Gather;
    let mm = g.put(Kind::Minuteman, "menotomy");
    g.pm(mm).under = true;
    start(&mut g, P, "call-to-arms");
    // Alewife Brook has a road: one point.
    act(&mut g, P, "to-menotomy");
    g.core.dice.script([6]);
    act(&mut g, P, "alert-town");
    assert_eq!(g.gather[r("menotomy") as usize], Gather::Muster);
    assert!(g.piece(rev).flipped, "captured on a 6");
    // The minuteman's free move comes first.
    assert!(matches!(g.frames.last(), Some(Frame::FreeMove { .. })));
    act(&mut g, P, "done");
    assert!(!g.piece(mm).under);
    assert!(g.piece(rev).moved);
}

// rule: b2c 6.12
#[test]
fn leaving_regulars_costs_a_point_or_a_capture_roll_and_streams_cost_two() {
    let (mut g, d) = riding_past_a_regular("Dawes", "lincoln");
    assert!(can(&g, P, "evade-to-fiske-hill") && can(&g, P, "risk-to-fiske-hill"));
    assert!(!can(&g, P, "alert-town"), "no flip beside an unbroken Regular");
    g.core.dice.script([3]);
    act(&mut g, P, "risk-to-fiske-hill");
    assert_eq!(at(&g, d), "fiske-hill");
    // 3 points left: Fiske Hill to Lincoln costs 1, Lincoln to Waltham (a stream without road) 2.
    act(&mut g, P, "to-lincoln");
    assert!(can(&g, P, "evade-to-waltham") || can(&g, P, "risk-to-waltham"));
    let mut g = board();
    g.put_named(Kind::Nightrider, "Dawes", "lincoln");
    start(&mut g, P, "call-to-arms");
    act(&mut g, P, "to-waltham");
    let Some(Frame::Ride(ride)) = g.frames.last() else {
        panic!()
    };
    assert_eq!(ride.ap, 2);
}

// rule: b2c 6.12
#[test]
fn riding_off_the_map_past_regulars_elects_a_point_or_a_capture_roll() {
    let (mut g, rev) = riding_past_a_regular("Revere", "barretts-farm");
    assert!(can(&g, P, "leave-left") && can(&g, P, "risk-leave-left"));
    let mut evading = g.clone();
    act(&mut evading, P, "leave-left");
    assert_eq!(at(&evading, rev), "box-left");
    assert!(
        evading.log().visible(None).all(|e| !e.text.starts_with("Capture roll")),
        "no roll when evading"
    );
    g.core.dice.script([6]);
    act(&mut g, P, "risk-leave-left");
    assert!(g.piece(rev).flipped, "captured on a 6, in the region it tried to leave");
    assert_eq!(at(&g, rev), "barretts-farm");
    let (mut g, rev) = riding_past_a_regular("Revere", "barretts-farm");
    g.core.dice.script([2]);
    act(&mut g, P, "risk-leave-left");
    assert_eq!(at(&g, rev), "box-left", "a missed roll lets it ride off for one point");
}

// rule: b2c 6.12, 4.6
#[test]
fn riders_leave_the_map_and_raise_the_alert_the_next_turn() {
    let mut g = board();
    let rev = g.put_named(Kind::Nightrider, "Revere", "barretts-farm");
    let alert = r("alert-west");
    g.alert = 1 << alert;
    let davis = g.put_named(Kind::PatriotLeader, "Davis", "alert-west");
    g.pm(davis).under = true;
    let m = g.put_militia(2, "alert-west");
    g.pm(m).under = true;
    start(&mut g, P, "call-to-arms");
    act(&mut g, P, "leave-left");
    assert_eq!(at(&g, rev), "box-left");
    // Nothing more this turn from the box.
    assert!(g.piece(rev).moved);
    g.give(P, 0, 1);
    act(&mut g, P, "pass");
    assert_eq!(g.turn, 3);
    start(&mut g, P, "call-to-arms");
    act(&mut g, P, "remove-alert-alert-west");
    assert_eq!(g.alert, 0);
    assert!(!g.piece(davis).under && !g.piece(m).under);
    // The released units enter the map by the Acton road.
    act(&mut g, B, "pass");
    act(&mut g, P, "move-alert-west");
    choose(&mut g, P, &[m, davis]);
    act(&mut g, P, "to-barretts-farm");
    act(&mut g, P, "to-concord");
    act(&mut g, P, "done");
    assert_eq!(at(&g, m), "concord");
}

// rule: b2c 6.12, 4.4
#[test]
fn prescott_comes_when_lexington_musters_or_the_others_are_taken() {
    let mut g = board();
    g.gather[r("lexington") as usize] = Gather::Muster;
    let p = g.put_named(Kind::Nightrider, "Prescott", "lexington");
    g.pm(p).under = true;
    g.give(B, 1, 0);
    act(&mut g, B, "pass");
    assert!(g.prescott_free && !g.piece(p).under);
    let mut g = board();
    g.gather[r("lexington") as usize] = Gather::Gather;
    let p = g.put_named(Kind::Nightrider, "Prescott", "lexington");
    g.pm(p).under = true;
    for n in ["Revere", "Dawes"] {
        let x = g.put_named(Kind::Nightrider, n, "boston-neck");
        g.pm(x).flipped = true;
    }
    g.give(B, 1, 0);
    act(&mut g, B, "pass");
    // (the escorts: leave them)
    while g.to_act().contains(B) && matches!(g.frames.last(), Some(Frame::Escort { .. })) {
        act(&mut g, B, "done");
    }
    assert!(g.prescott_free, "the turn after both were captured");
    assert!(!g.piece(p).under);
}

// rule: b2c 6.10
#[test]
fn escape_with_modifiers() {
    let mut g = board();
    let h = g.put_named(Kind::SonOfLiberty, "Hancock", "menotomy");
    g.pm(h).flipped = true;
    g.pm(h).since = 1;
    g.put(Kind::Minuteman, "menotomy");
    g.put(Kind::Minuteman, "menotomy");
    g.put(Kind::Regular, "menotomy");
    g.give(P, 3, 3);
    g.core.dice.script([5]); // 5 + 2 - 1 = 6
    act(&mut g, P, "escape-hancock");
    assert!(!g.piece(h).flipped);
    act(&mut g, P, "go-fresh-pond");
    assert_eq!(at(&g, h), "fresh-pond");
    assert!(g.piece(h).moved);
    let mut g = board();
    let d = g.put_named(Kind::Nightrider, "Dawes", "menotomy");
    g.pm(d).flipped = true;
    g.put(Kind::Regular, "menotomy");
    g.give(P, 3, 3);
    g.core.dice.script([6]); // 6 - 1 = 5: fails
    act(&mut g, P, "escape-dawes");
    assert!(g.piece(d).flipped);
}

// rule: b2c 6.11, 4.3
#[test]
fn hinder_muster_blocks_the_alert() {
    let mut g = board();
    g.put_named(Kind::Nightrider, "Revere", "menotomy");
    g.gather[r("menotomy") as usize] = Gather::Gather;
    g.hinder[HINDER_MUSTER as usize] = Hinder::Map(r("menotomy"), 2);
    g.give(P, 3, 3);
    assert!(can(&g, P, "remove-hinder-muster"));
    act(&mut g, P, "call-to-arms");
    assert!(!can(&g, P, "alert-town"));
}

/// Session 42, played through the CLI: the rider's "done" said only
/// "Done", an evasion was logged as a plain ride, and leaving the map went
/// unlogged. The rider's stop says what it gives up, an evasion and a ride
/// off the map are told.
// rule: b2c 6.12
#[test]
fn a_riders_done_and_log_say_what_happens() {
    let mut g = board();
    g.put_named(Kind::Nightrider, "Revere", "concord");
    g.put(Kind::Regular, "concord");
    start(&mut g, P, "call-to-arms");
    assert_eq!(g.prompt(P).text, "Revere in Concord: 4 Activity Points left");
    assert_eq!(
        info(&g, P, "done").label,
        "Done: Revere rides no further (4 Activity Points unused)"
    );
    act(&mut g, P, "evade-to-barretts-farm");
    act(&mut g, P, "leave-left");
    let log = log_texts(&g);
    assert!(log
        .iter()
        .any(|t| t == "Revere rides from Concord to Barrett's Farm, evading the British for 1 more Activity Point."));
    assert!(log
        .iter()
        .any(|t| t == "Revere rides off the map from Barrett's Farm into the Nightrider Box, Left Edge."));
}
