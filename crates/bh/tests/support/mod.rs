//! Helpers for the rule tests: act by id, list ids, read the log.
#![allow(dead_code)]

use bh::state::{in_region, PieceId, Unit, BRITISH, PATRIOT};
use bh::Bh;
use engine::Seat;
use revroad::testing;
#[allow(unused_imports)]
pub use revroad::testing::bot_pick;

pub const B: Seat = BRITISH;
pub const P: Seat = PATRIOT;
#[allow(unused_imports)]
pub use Unit::*;

pub fn seat(name: &str) -> Seat {
    if name == "british" {
        B
    } else {
        P
    }
}

pub fn ids(g: &Bh, who: &str) -> Vec<String> {
    testing::ids(g, seat(who))
}

/// `who`'s legal action `id` as the clients see it.
pub fn info(g: &Bh, who: &str, id: &str) -> engine::ActionInfo {
    testing::info(g, seat(who), id)
}

pub fn act(g: &mut Bh, who: &str, id: &str) {
    testing::act(g, seat(who), id)
}

pub fn acts(g: &mut Bh, who: &str, list: &[&str]) {
    for id in list {
        act(g, who, id);
    }
}

/// `who` takes the Action `action` (a Volley Fire, an Assault) from `from`
/// at `at` with `units`.
pub fn engage(g: &mut Bh, who: &str, action: &str, from: &str, at: &str, units: &[PieceId]) {
    acts(g, who, &[action, from, at]);
    for &u in units {
        act(g, who, &piece(u));
    }
    act(g, who, "done");
}

/// The British Assault Breed's Hill redoubt from its eastern slope with
/// `units`, the position of many rule examples.
pub fn assault_redoubt(g: &mut Bh, units: &[PieceId]) {
    engage(g, "british", "assault", "breeds-slope-east", "breeds-redoubt", units);
}

pub fn piece(i: PieceId) -> String {
    format!("piece-{i}")
}

pub fn log(g: &Bh) -> String {
    testing::log_texts(g).join("\n")
}

pub fn loc(g: &Bh, i: PieceId) -> String {
    let l = g.pieces[i as usize].loc;
    if !in_region(l) {
        "gone".into()
    } else {
        g.map().id(l).to_string()
    }
}

/// `n` pieces of a kind put on `region`.
pub fn put_n(g: &mut Bh, n: usize, unit: Unit, side: Seat, region: &str) -> Vec<PieceId> {
    (0..n).map(|_| g.put(unit, side, region)).collect()
}

/// The log holds `text` (the whole log shown when not).
pub fn assert_logged(g: &Bh, text: &str) {
    let all = log(g);
    assert!(all.contains(text), "{text:?} not in:\n{all}");
}
