//! What the tests share: a `--data` folder of files, gone when dropped.
// Each test binary uses a part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

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

use engine::prelude::*;
use engine::Setup;
use gml::forces::{Kind, BRITISH};
use gml::map::SpaceId;
use gml::state::{LeaderId, Phase, Place, UnitId};
use gml::tables::tables;
use gml::{Action, Gml};

/// A scenario's game with nothing on the map and nothing pending, at the
/// end of the British Activation Phase: advancing it enters the Combat
/// Phase.
pub fn bare(scenario: &str) -> Gml {
    let mut g = Gml::new(&Setup::new(scenario, 1));
    g.stack.clear();
    for u in &mut g.units {
        u.at = Place::Pool;
        u.leader = None;
        u.entrenched = false;
        u.inside = false;
        u.entered = None;
        u.done = false;
        u.reduced = false;
    }
    for l in &mut g.leaders {
        l.at = Place::Pool;
        l.under = None;
        l.done = false;
    }
    // Every state's initial militia call made (6.7).
    g.called = (0..tables().map.states.len() as u8).collect();
    g.phase = Phase::Activation(BRITISH);
    g
}

pub fn sp(id: &str) -> SpaceId {
    tables().map.space(id).unwrap_or_else(|| panic!("no space {id}"))
}

/// Places a counter of the kind from the pool.
pub fn put(g: &mut Gml, kind: Kind, seat: engine::Seat, experienced: bool, at: &str) -> UnitId {
    let u = (0..g.units.len() as UnitId)
        .find(|&u| {
            let c = g.counters(u);
            g.units[u as usize].at == Place::Pool
                && c.kind == kind
                && c.side == Some(seat)
                && c.experienced == experienced
        })
        .unwrap_or_else(|| panic!("no {kind:?} in the pool"));
    g.units[u as usize].at = Place::Space(sp(at));
    u
}

pub fn lead(g: &mut Gml, id: &str, at: &str) -> LeaderId {
    let l = tables().forces.leaders.iter().position(|l| l.id == id).unwrap() as LeaderId;
    g.leaders[l as usize].at = Place::Space(sp(at));
    l
}

/// The acting seat takes the action, which must be legal.
pub fn act(g: &mut Gml, a: Action) {
    let seat = g.to_act().iter().next().expect("a seat acts");
    let mut v = Vec::new();
    g.legal(seat, &mut v);
    assert!(v.contains(&a), "{a:?} is not among {v:?}");
    g.apply_legal(seat, &a);
}

pub fn legal(g: &Gml) -> Vec<Action> {
    let mut v = Vec::new();
    if let Some(seat) = g.to_act().iter().next() {
        g.legal(seat, &mut v);
    }
    v
}

pub fn logged(g: &Gml, text: &str) -> bool {
    g.core.log.visible(None).any(|e| e.text.contains(text))
}

pub fn log_text(g: &Gml) -> String {
    g.core
        .log
        .visible(None)
        .map(|e| e.text.clone())
        .collect::<Vec<_>>()
        .join("\n")
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
