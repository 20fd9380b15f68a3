//! Positions built by hand for the Reinforcement and Supply Phase tests:
//! a scenario's game with every piece off the map and no control memory.
// Each test binary uses a part of it.
#![allow(dead_code)]

use engine::prelude::*;
use engine::Setup;
use gml::forces::{Kind, Nationality};
use gml::map::SpaceId;
use gml::state::{Held, Phase, Place, UnitId};
use gml::tables::tables;
use gml::Gml;

/// The scenario's game with every unit and leader in the pool, no space
/// remembered as anyone's, nothing pending.
pub fn cleared(scenario: &str) -> Gml {
    let mut g = Gml::new(&Setup::new(scenario, 1));
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
    g.held = vec![Held::default(); tables().map.spaces.len()];
    g.stack.clear();
    g
}

pub fn sid(id: &str) -> SpaceId {
    tables().map.space(id).unwrap_or_else(|| panic!("no space {id}"))
}

/// Puts a counter of the pool matching the kind, nationality, home and
/// experience in the space.
pub fn put(
    g: &mut Gml,
    kind: Kind,
    nationality: Nationality,
    home: Option<&str>,
    experienced: bool,
    at: &str,
) -> UnitId {
    let u = (0..g.units.len() as UnitId)
        .find(|&u| {
            let c = g.counters(u);
            g.units[u as usize].at == Place::Pool
                && c.kind == kind
                && c.nationality == Some(nationality)
                && c.home.as_deref() == home
                && c.experienced == experienced
        })
        .unwrap_or_else(|| panic!("no {kind:?} counter left in the pool"));
    g.units[u as usize].at = Place::Space(sid(at));
    u
}

/// Ends the phase before `phase` and lets the game run to the next decision.
pub fn enter_after(g: &mut Gml, phase: Phase) {
    g.phase = phase;
    g.stack.clear();
    g.advance();
}

/// The log's texts since entry `from`.
pub fn log_since(g: &Gml, from: usize) -> Vec<String> {
    g.core.log.visible(None).skip(from).map(|e| e.text.clone()).collect()
}

/// Steps along communication lines through spaces in play (no enemy in
/// the way), from `from` to every space.
pub fn distances(g: &Gml, from: SpaceId) -> Vec<u16> {
    let m = &tables().map;
    let mut dist = vec![u16::MAX; m.spaces.len()];
    dist[from as usize] = 0;
    let mut queue = std::collections::VecDeque::from([from]);
    while let Some(s) = queue.pop_front() {
        for &(n, kind) in m.neighbours(s) {
            if kind.is_line() && g.in_play(n) && dist[n as usize] == u16::MAX {
                dist[n as usize] = dist[s as usize] + 1;
                queue.push_back(n);
            }
        }
    }
    dist
}

/// Puts the seat's Indian unit of the tribe in the space.
pub fn put_indian(g: &mut Gml, seat: engine::Seat, tribe: &str, at: &str) -> UnitId {
    let u = (0..g.units.len() as UnitId)
        .find(|&u| {
            let c = g.counters(u);
            g.units[u as usize].at == Place::Pool
                && c.kind == Kind::Indian
                && c.side == Some(seat)
                && c.home.as_deref() == Some(tribe)
        })
        .unwrap_or_else(|| panic!("no {tribe} unit left in the pool"));
    g.units[u as usize].at = Place::Space(sid(at));
    u
}
