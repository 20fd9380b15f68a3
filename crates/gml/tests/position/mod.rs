//! Positions for the rules' tests: a scenario's game with the board
//! cleared, then pieces put where a test wants them.
#![allow(dead_code)]

use engine::Seat;
use gml::forces::Kind;
use gml::frames::Frame;
use gml::map::SpaceId;
use gml::state::{Gml, LeaderId, Phase, Place, UnitId};
use gml::tables::tables;

pub fn space(id: &str) -> SpaceId {
    tables().map.space(id).unwrap_or_else(|| panic!("no space {id}"))
}

/// The scenario's game with every piece off the map, nothing pending, in
/// `phase`.
pub fn empty(scenario: &str, phase: Phase) -> Gml {
    let mut g = Gml::start(&engine::Setup::new(scenario, 7));
    for u in &mut g.units {
        u.at = Place::Pool;
        u.entrenched = false;
        u.inside = false;
        u.leader = None;
    }
    for l in &mut g.leaders {
        l.at = Place::Pool;
        l.under = None;
    }
    g.stack.clear();
    g.phase = phase;
    // Every state has had its initial militia call: a test of 6.7 resets it.
    g.called = (0..tables().map.states.len() as u8).collect();
    g
}

/// `n` counters of a kind and side from the pool (any home), put in `at`.
pub fn put(g: &mut Gml, seat: Seat, kind: Kind, n: usize, at: &str) -> Vec<UnitId> {
    put_where(g, seat, n, at, |c| c.kind == kind && !c.experienced)
}

/// `n` counters matching `like` from the pool, put in `at`.
pub fn put_where(
    g: &mut Gml,
    seat: Seat,
    n: usize,
    at: &str,
    like: impl Fn(&gml::forces::Counters) -> bool,
) -> Vec<UnitId> {
    let s = space(at);
    let mut out = Vec::new();
    for u in 0..g.units.len() as UnitId {
        if out.len() == n {
            break;
        }
        let c = g.counters(u);
        if g.units[u as usize].at == Place::Pool && c.side == Some(seat) && like(c) {
            g.units[u as usize].at = Place::Space(s);
            out.push(u);
        }
    }
    assert_eq!(out.len(), n, "the pool holds {n} such counters");
    g.mark_control(s);
    out
}

pub fn leader(g: &Gml, id: &str) -> LeaderId {
    (0..g.leaders.len() as LeaderId)
        .find(|&l| g.leader(l).id == id)
        .unwrap_or_else(|| panic!("no leader {id}"))
}

pub fn put_leader(g: &mut Gml, id: &str, at: &str) -> LeaderId {
    let l = leader(g, id);
    g.leaders[l as usize].at = Place::Space(space(at));
    l
}

/// `seat` has `left` activations of its own phase to spend.
pub fn activations(g: &mut Gml, seat: Seat, left: u8) {
    g.phase = Phase::Activation(seat);
    g.stack.push(Frame::Activations {
        seat,
        left,
        opponent: false,
    });
}

pub fn at(g: &Gml, u: UnitId) -> String {
    match g.units[u as usize].at {
        Place::Space(s) => g.space_id(s).to_string(),
        other => format!("{other:?}"),
    }
}

pub fn leader_at(g: &Gml, l: LeaderId) -> String {
    match g.leaders[l as usize].at {
        Place::Space(s) => g.space_id(s).to_string(),
        other => format!("{other:?}"),
    }
}

/// Take the action with this id, or fail naming the legal ones.
pub fn act(g: &mut Gml, seat: Seat, id: &str) {
    let a = engine::find_action(g, seat, id).unwrap_or_else(|e| panic!("{id}: {e:?}; legal: {:?}", ids(g, seat)));
    engine::Game::apply_legal(g, seat, &a);
}

/// `verb` a unit: "activate", "move", "join", "entrench", "drop", "sail".
pub fn act_unit(g: &mut Gml, seat: Seat, verb: &str, u: UnitId) {
    let id = format!("{verb}-{}", g.unit_id(u));
    act(g, seat, &id);
}

pub fn ids(g: &Gml, seat: Seat) -> Vec<String> {
    engine::described(g, seat).into_iter().map(|a| a.id).collect()
}

pub fn has(g: &Gml, seat: Seat, id: &str) -> bool {
    ids(g, seat).iter().any(|i| i == id)
}
