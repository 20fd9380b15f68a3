//! What the rule tests share: a game of On to Quebec past its set-up, an
//! emptied map, pieces put where a test needs them, actions by id.
#![allow(dead_code, unused_imports)]

use engine::prelude::*;
use engine::{Seat, Setup};
use fiw::actions::{Action, Piece};
use fiw::frames::Frame;
use fiw::map::Sq;
use fiw::state::{Fiw, Place, UnitId};
use fiw::tables::tables;

pub use fiw::forces::{BRITISH, FRENCH};

/// On to Quebec with its set-up played (each choice the first one
/// offered) and `first` chosen as first player: the first player's 1st
/// movement sub-phase.
pub fn started(first: Seat) -> Fiw {
    let mut g = Fiw::new(&Setup::new("on-to-quebec", 7));
    while let Some(Frame::Deploy { seat, .. }) = g.stack.last().cloned() {
        let mut v = Vec::new();
        g.legal(seat, &mut v);
        g.apply_legal(seat, &v[0]);
    }
    let Some(Frame::ChooseFirst { seat }) = g.stack.last().cloned() else {
        panic!("the initiative phase follows the set-up")
    };
    g.apply_legal(seat, &Action::First(first));
    assert!(matches!(g.stack.last(), Some(Frame::Movement { seat }) if *seat == first));
    g
}

/// The same with every piece off the map (in the pool) and no markers
/// but the printed works.
pub fn cleared(first: Seat) -> Fiw {
    let mut g = started(first);
    for u in &mut g.units {
        u.at = Place::Pool;
    }
    for l in &mut g.leaders {
        if matches!(l.at, Place::Sq(_)) {
            l.at = Place::Pool;
        }
    }
    g.civs.retain(|c| c.printed);
    g
}

pub fn sq(id: &str) -> Sq {
    Sq::parse(id)
        .or_else(|| tables().map.place(id).map(|p| p.sq))
        .unwrap_or_else(|| panic!("no square or place {id}"))
}

/// A counter of the pool showing face `face` (an id of counters.tsv), put
/// in a square.
pub fn put(g: &mut Fiw, face: &str, at: &str) -> UnitId {
    let f = &tables().forces;
    let u = (0..g.units.len() as UnitId)
        .find(|&u| {
            let unit = &g.units[u as usize];
            let c = &f.counters[unit.counter as usize];
            unit.at == Place::Pool && f.faces_of(c).any(|x| x.id == face)
        })
        .unwrap_or_else(|| panic!("no {face} left in the pool"));
    let c = &f.counters[g.units[u as usize].counter as usize];
    g.units[u as usize].back = f.faces[c.front].id != face;
    g.units[u as usize].at = Place::Sq(sq(at));
    u
}

/// A leader of the box put in a square.
pub fn put_leader(g: &mut Fiw, name: &str, at: &str) -> u8 {
    let l = g
        .pool_leader(name)
        .unwrap_or_else(|| panic!("{name} is not in the box"));
    g.leaders[l as usize].at = Place::Sq(sq(at));
    l
}

/// The legal actions of a seat.
pub fn legal(g: &Fiw, seat: Seat) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal(seat, &mut v);
    v
}

/// Takes the action if it is legal (panics otherwise, listing them).
pub fn act(g: &mut Fiw, seat: Seat, a: Action) {
    let v = legal(g, seat);
    assert!(v.contains(&a), "{a:?} is not legal; legal: {v:?}");
    g.apply_legal(seat, &a);
}

/// Forms a force of these pieces in a square and sets it out.
pub fn set_out(g: &mut Fiw, seat: Seat, at: &str, pieces: &[Piece]) {
    act(g, seat, Action::Form(Place::Sq(sq(at))));
    for &p in pieces {
        act(g, seat, Action::Add(p));
    }
    act(g, seat, Action::Go);
}

/// Whether some log entry everyone reads contains `text`.
pub fn logged(g: &Fiw, text: &str) -> bool {
    g.log().visible(None).any(|e| e.text.contains(text))
}

/// Ends the turn's operations phases without moving anyone: to the next
/// turn's first-player choice, or the end.
pub fn to_next_turn(g: &mut Fiw) {
    let turn = g.turn;
    idle_until(g, |g| {
        g.turn > turn && matches!(g.stack.last(), Some(Frame::ChooseFirst { .. }))
    });
}

/// Plays on without moving anyone (every movement sub-phase ended, no
/// purchases, first offered choice elsewhere, the British first) until
/// `stop` holds or the game ends.
pub fn idle_until(g: &mut Fiw, stop: impl Fn(&Fiw) -> bool) {
    while g.core.outcome.is_none() && !stop(g) {
        let seat = g.to_act().iter().next().expect("someone acts");
        let v = legal(g, seat);
        // Whatever ends a step without doing anything, else the first choice.
        let idle = [
            Action::EndMovement,
            Action::Commit,
            Action::Done,
            Action::EndCombat,
            Action::Decline,
            Action::First(BRITISH),
        ];
        let a = idle.into_iter().find(|a| v.contains(a)).unwrap_or(v[0]);
        act(g, seat, a);
    }
}
