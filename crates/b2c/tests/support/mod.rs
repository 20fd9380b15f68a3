//! Shared helpers for the rule tests.
#![allow(dead_code)]

use b2c::state::*;
use b2c::B2c;
use engine::Game;

pub const B: u8 = BRITISH;
pub const P: u8 = PATRIOT;

/// Apply the action with this id for `seat`; panics with the legal ids if refused.
pub fn act(g: &mut B2c, seat: u8, id: &str) {
    match engine::find_action(g, seat, id) {
        Ok(a) => engine::apply(g, seat, &a).expect("legal"),
        Err(e) => panic!("{e}; legal: {:?}", ids(g, seat)),
    }
}

pub fn ids(g: &B2c, seat: u8) -> Vec<String> {
    engine::described(g, seat).into_iter().map(|a| a.id).collect()
}

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
    if (l as usize) < b2c::map::map().len() {
        b2c::map::map().id(l).to_string()
    } else {
        format!("special-{l}")
    }
}

pub fn new_game(scenario: &str, seed: u64) -> B2c {
    let mut s = engine::Setup::new(scenario, seed);
    s.validate(B2c::info()).unwrap();
    B2c::new(&s)
}
