//! What the rules' tests share: a `--data` folder of files; a scenario's
//! game with the board cleared and pieces put where a test wants them; the
//! actions taken as a seat would; what the log says.
// Each test binary uses a part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use engine::prelude::*;
use engine::{Seat, Setup};
use gml::forces::{Counters, Kind};
use gml::frames::Frame;
use gml::map::SpaceId;
use gml::state::{LeaderId, Phase, Place, UnitId};
use gml::tables::tables;
use gml::{Action, Gml};

/// A `--data` folder, gone when dropped.
pub struct DataDir(PathBuf);

impl DataDir {
    pub fn new(name: &str) -> DataDir {
        let dir = std::env::temp_dir().join(format!("gml-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        DataDir(dir)
    }

    /// Writes (or replaces) one data file.
    pub fn write(&self, file: &str, text: &str) -> &Path {
        std::fs::write(self.0.join(file), text).unwrap();
        &self.0
    }

    pub fn remove(&self, file: &str) {
        std::fs::remove_file(self.0.join(file)).unwrap();
    }
}

impl Drop for DataDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The scenario's game before its deployment, in `phase` with nothing
/// pending: every counter and leader in the pool, unflagged, no space
/// remembered as anyone's. Every state has had its initial militia call
/// (6.7): a test of the call resets `called`.
pub fn cleared(scenario: &str, phase: Phase) -> Gml {
    let mut g = Gml::start(&Setup::new(scenario, 1));
    g.stack.clear();
    g.phase = phase;
    g.called = (0..tables().map.states.len() as u8).collect();
    g
}

/// The scenario's game with the set-up's choices played, each seat taking
/// its first legal action.
pub fn deployed(scenario: &str) -> Gml {
    let mut g = Gml::new(&Setup::new(scenario, 1));
    while g.phase == Phase::Deployment {
        let seat = g.to_act().iter().next().expect("a seat deploys");
        let mut legal = Vec::new();
        g.legal(seat, &mut legal);
        g.apply_legal(seat, &legal[0]);
    }
    g
}

pub fn space(id: &str) -> SpaceId {
    tables().map.space(id).unwrap_or_else(|| panic!("no space {id}"))
}

/// A state (of the map's `states.tsv`) by id.
pub fn state(id: &str) -> u8 {
    tables()
        .map
        .states
        .iter()
        .position(|s| s.id == id)
        .unwrap_or_else(|| panic!("no state {id}")) as u8
}

/// `n` of the seat's green counters of a kind from the pool (any home),
/// put in `at`.
pub fn put(g: &mut Gml, seat: Seat, kind: Kind, n: usize, at: &str) -> Vec<UnitId> {
    put_where(g, seat, n, at, |c| c.kind == kind && !c.experienced)
}

/// `n` of the seat's green counters of a kind whose home is `home` (the
/// state of a militia or Tory unit, the tribe of an Indian unit), put in
/// `at`.
pub fn put_home(g: &mut Gml, seat: Seat, kind: Kind, home: &str, n: usize, at: &str) -> Vec<UnitId> {
    put_where(g, seat, n, at, |c| {
        c.kind == kind && c.home.as_deref() == Some(home) && !c.experienced
    })
}

/// `n` of the seat's counters matching `like` from the pool, lowest first,
/// put in `at`. No control is marked: a test that wants the space
/// remembered as the seat's calls `mark_control`.
pub fn put_where(g: &mut Gml, seat: Seat, n: usize, at: &str, like: impl Fn(&Counters) -> bool) -> Vec<UnitId> {
    let s = space(at);
    let mut out = Vec::new();
    for u in 0..g.units.len() as UnitId {
        if out.len() == n {
            break;
        }
        let c = g.counters(u);
        if g.units[u as usize].at() == Place::Pool && c.side == Some(seat) && like(c) {
            g.units.place(u, Place::Space(s));
            out.push(u);
        }
    }
    assert_eq!(out.len(), n, "the pool holds {n} such counters");
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

/// One activation for `seat`: the leader `id` activated with these units
/// joined (6.14); his orders come next.
pub fn activate_with(g: &mut Gml, seat: Seat, id: &str, units: &[UnitId]) {
    activations(g, seat, 1);
    act(g, seat, &format!("activate-{id}"));
    for &u in units {
        join(g, seat, u, id);
    }
    act(g, seat, "done");
}

/// 6.14 the unit joins the force of the activated command's leader `to`.
pub fn join(g: &mut Gml, seat: Seat, u: UnitId, to: &str) {
    let id = format!("join-{}-to-{to}", g.unit_id(u));
    act(g, seat, &id);
}

/// Ends `phase` as it stands and lets the game run to the next decision.
pub fn enter_after(g: &mut Gml, phase: Phase) {
    g.phase = phase;
    g.stack.clear();
    g.advance();
}

/// Ends the British part of the turn as it stands; in the American Command
/// Phase the roll is 8, "the opponent activates 2" (4.1), then 5.
pub fn british_activated_again(g: &mut Gml) {
    enter_after(g, Phase::Reinforcement(gml::forces::BRITISH));
    g.core.dice.script([8, 5]);
    act(g, gml::forces::AMERICAN, "roll");
}

pub fn at(g: &Gml, u: UnitId) -> String {
    name(g, g.units[u as usize].at())
}

pub fn leader_at(g: &Gml, l: LeaderId) -> String {
    name(g, g.leaders[l as usize].at)
}

fn name(g: &Gml, at: Place) -> String {
    match at {
        Place::Space(s) => g.space_id(s).to_string(),
        other => format!("{other:?}"),
    }
}

/// Activates the unit alone (5.5) and starts its move.
pub fn move_alone(g: &mut Gml, seat: Seat, u: UnitId) {
    act_unit(g, seat, "activate", u);
    act_unit(g, seat, "move", u);
}

/// Take the action with this id, or fail naming the legal ones.
pub fn act(g: &mut Gml, seat: Seat, id: &str) {
    let a = engine::find_action(g, seat, id).unwrap_or_else(|e| panic!("{id}: {e:?}; legal: {:?}", ids(g, seat)));
    engine::Game::apply_legal(g, seat, &a);
}

/// `verb` a unit: "activate", "move", "entrench", "drop", "sail".
pub fn act_unit(g: &mut Gml, seat: Seat, verb: &str, u: UnitId) {
    let id = format!("{verb}-{}", g.unit_id(u));
    act(g, seat, &id);
}

/// The acting seat takes the action, which must be legal.
pub fn take(g: &mut Gml, a: Action) {
    let seat = g.to_act().iter().next().expect("a seat acts");
    let mut v = Vec::new();
    g.legal(seat, &mut v);
    assert!(v.contains(&a), "{a:?} is not among {v:?}");
    g.apply_legal(seat, &a);
}

/// The acting seat's legal actions.
pub fn legal(g: &Gml) -> Vec<Action> {
    let mut v = Vec::new();
    if let Some(seat) = g.to_act().iter().next() {
        g.legal(seat, &mut v);
    }
    v
}

pub fn ids(g: &Gml, seat: Seat) -> Vec<String> {
    engine::described(g, seat).into_iter().map(|a| a.id).collect()
}

/// A maritime zone by id ("zone-7").
pub fn zone(id: &str) -> gml::map::ZoneId {
    tables()
        .map
        .zones
        .iter()
        .position(|z| z.id == id)
        .unwrap_or_else(|| panic!("no zone {id}")) as gml::map::ZoneId
}

pub fn has(g: &Gml, seat: Seat, id: &str) -> bool {
    ids(g, seat).iter().any(|i| i == id)
}

pub fn logged(g: &Gml, text: &str) -> bool {
    g.core.log.visible(None).any(|e| e.text.contains(text))
}

/// Fails showing the whole log unless an entry contains `text`.
#[track_caller]
pub fn assert_logged(g: &Gml, text: &str) {
    assert!(logged(g, text), "{text:?} is not logged:\n{}", log_text(g));
}

pub fn log_text(g: &Gml) -> String {
    g.core
        .log
        .visible(None)
        .map(|e| e.text.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The log's texts since entry `from`.
pub fn log_since(g: &Gml, from: usize) -> Vec<String> {
    g.core.log.visible(None).skip(from).map(|e| e.text.clone()).collect()
}

/// The state checks its invariants and survives a save and a load
/// unchanged (what the conformance harness asks of every state).
pub fn sound(g: &Gml) {
    g.check().unwrap_or_else(|e| panic!("invariant broken: {e}"));
    let text = serde_json::to_string(g).unwrap();
    let back: Gml = serde_json::from_str(&text).unwrap();
    assert_eq!(serde_json::to_string(&back).unwrap(), text);
    for seat in g.to_act().iter() {
        let mut v = Vec::new();
        g.legal(seat, &mut v);
        assert!(!v.is_empty(), "a seat acts with no legal action");
        let ids: std::collections::HashSet<String> = v.iter().map(|a| g.describe(seat, a).id).collect();
        assert_eq!(ids.len(), v.len(), "action ids are unique");
        let _ = g.prompt(seat);
    }
}
