//! Shared helpers for the rule tests.
#![allow(dead_code)]

use b2c::frames::Frame;
use b2c::state::*;
use b2c::B2c;

pub const B: u8 = BRITISH;
pub const P: u8 = PATRIOT;

#[allow(unused_imports)]
pub use revroad::testing::info;
pub use revroad::testing::{act, ids};

pub fn can(g: &B2c, seat: u8, id: &str) -> bool {
    ids(g, seat).iter().any(|i| i == id)
}

pub fn r(id: &str) -> u8 {
    B2c::region_id(id)
}

pub fn pid(g: &B2c, p: u8) -> String {
    g.piece_id(p)
}

pub fn pick(g: &mut B2c, seat: u8, p: u8) {
    let id = format!("pick-{}", g.piece_id(p));
    act(g, seat, &id);
}

pub fn at(g: &B2c, p: u8) -> String {
    let l = g.piece(p).loc;
    if in_region(l) {
        b2c::map::map().id(l).to_string()
    } else {
        format!("special-{l}")
    }
}

pub fn new_game(scenario: &str, seed: u64) -> B2c {
    revroad::testing::new_game(scenario, seed, &[])
}

/// An empty board of `scenario` on turn 2, in the Action Phase (`B2c::sandbox`).
pub fn board_with(scenario: &str, options: &[(&str, &str)]) -> B2c {
    B2c::sandbox(scenario, options, 1)
}

/// An empty standard board.
pub fn board() -> B2c {
    board_with("standard", &[])
}

pub fn regulars(g: &mut B2c, n: usize, region: &str) -> Vec<u8> {
    (0..n).map(|_| g.put(Kind::Regular, region)).collect()
}

/// Change each of `units` (a marker, its broken side).
pub fn each(g: &mut B2c, units: &[u8], f: impl Fn(&mut Piece)) {
    for &p in units {
        f(g.pm(p));
    }
}

/// `seat` takes the Action `id`, three Actions a side on the track.
pub fn start(g: &mut B2c, seat: u8, id: &str) {
    g.give(seat, 3, 3);
    act(g, seat, id);
}

/// `seat` picks each of `units`, then is done; a Move's group that took
/// every unit left to choose has set out by itself (ruling b2c #36).
pub fn choose(g: &mut B2c, seat: u8, units: &[u8]) {
    for &p in units {
        pick(g, seat, p);
    }
    if !matches!(g.frames.last(), Some(Frame::Move(m)) if m.at != NO_REGION) {
        act(g, seat, "done");
    }
}

/// `seat` moves the group `units` out of `from` (6.4): next, its steps.
pub fn move_group(g: &mut B2c, seat: u8, from: &str, units: &[u8]) {
    start(g, seat, &format!("move-{from}"));
    choose(g, seat, units);
}

/// `seat` attacks `region` with `attackers`: next, the defender's retreat before combat (7.1).
pub fn attack(g: &mut B2c, seat: u8, region: &str, attackers: &[u8]) {
    start(g, seat, &format!("attack-{region}"));
    choose(g, seat, attackers);
}

/// The defending `seat` stays (no retreat before combat) and defends with
/// `defenders`: next, the attacker's fire (7.0).
pub fn stand(g: &mut B2c, seat: u8, defenders: &[u8]) {
    act(g, seat, "done");
    choose(g, seat, defenders);
}

/// 11.0 Concord entered: a broken Regular of Smith's force moves with Smith
/// from Lincoln to Fiske Hill; next, the group's further steps.
pub fn smiths_broken_regular_moves(g: &mut B2c) {
    g.concord_entered = true;
    let x = g.put(Kind::Regular, "lincoln");
    g.pm(x).flipped = true;
    let l = g.put_named(Kind::BritishLeader, "Smith", "lincoln");
    move_group(g, B, "lincoln", &[x, l]);
    act(g, B, "to-fiske-hill");
}
