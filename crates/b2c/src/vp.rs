//! 13.0 the Player's Aid victory points, from `data/vp.tsv` (the rulebook
//! gives the rule-fixed awards; the rest is reconstructed, each with its reason).

use engine::data::{self, Loaded, Staged};
use engine::table::{self, Table, TableError};
use std::path::Path;
use std::sync::OnceLock;

/// Each item of the schedule: key, whole VP, reason.
type Schedule = Vec<(String, i32, String)>;

const VP_TSV: &str = include_str!("../data/vp.tsv");
/// The schedule's file, which `--data` may replace.
const FILE: &str = "vp.tsv";
const COLUMNS: &[&str] = &["key", "value"];
static SCHEDULE: Loaded<Schedule> = Loaded::new("the VP schedule");

fn schedule() -> &'static Schedule {
    SCHEDULE.get(|| read(None).expect("embedded vp.tsv is valid"))
}

/// Every key the rules look up.
const KEYS: &[&str] = &[
    "concord",
    "percy-lexington",
    "percy-failed",
    "first-shot",
    "sol-captured",
    "nightrider-captured",
    "regular-destroyed",
    "patriot-destroyed",
    "cannon-destroyed",
    "leader-killed",
    "leader-wounded",
    "regular-broken",
    "patriot-broken",
];

/// `--data DIR`: a `vp.tsv` there (the printed Player's Aid) replaces the
/// schedule, once installed.
pub fn read_data_dir(dir: &Path) -> Result<Staged<Schedule>, String> {
    if !data::overrides(dir, &[FILE]) {
        return SCHEDULE.stage(None);
    }
    SCHEDULE.stage(Some(read(Some(dir)).map_err(|e| e.to_string())?))
}

/// The schedule from `vp.tsv` in `dir` (the `--data` folder), else the
/// embedded one.
fn read(dir: Option<&Path>) -> Result<Schedule, TableError> {
    parse(&table::read(dir, FILE, VP_TSV, COLUMNS)?)
}

/// A schedule with every key the rules look up, each once.
fn parse(table: &Table) -> Result<Schedule, TableError> {
    let mut v: Schedule = Vec::new();
    for row in table.rows() {
        let key = row.str("key");
        if v.iter().any(|(k, _, _)| k == key) {
            return Err(row.error("key", "each key once"));
        }
        v.push((key.to_string(), row.parse("value")?, row.reason().to_string()));
    }
    if let Some(k) = KEYS.iter().find(|k| !v.iter().any(|(key, _, _)| key == *k)) {
        return Err(table.error(format!("a row for '{k}'"), "none"));
    }
    Ok(v)
}

/// Whole VP for a schedule item. Panics on an unknown key (a programming error).
pub fn value(key: &str) -> i32 {
    schedule()
        .iter()
        .find(|(k, _, _)| k == key)
        .map(|(_, v, _)| *v)
        .unwrap_or_else(|| panic!("vp.tsv has no '{key}'"))
}

/// The casualty and capture items (4.1, 4.2, 4.4), looked up once: the AI's evaluation counts them at every step.
pub struct Casualties {
    pub regular_destroyed: i32,
    pub regular_broken: i32,
    pub cannon_destroyed: i32,
    pub leader_killed: i32,
    pub leader_wounded: i32,
    pub patriot_destroyed: i32,
    pub patriot_broken: i32,
    pub sol_captured: i32,
    pub nightrider_captured: i32,
}

/// The schedule in use is fixed once read (`use_data_dir` comes first), so these never go stale.
pub fn casualties() -> &'static Casualties {
    static CASUALTIES: OnceLock<Casualties> = OnceLock::new();
    CASUALTIES.get_or_init(|| Casualties {
        regular_destroyed: value("regular-destroyed"),
        regular_broken: value("regular-broken"),
        cannon_destroyed: value("cannon-destroyed"),
        leader_killed: value("leader-killed"),
        leader_wounded: value("leader-wounded"),
        patriot_destroyed: value("patriot-destroyed"),
        patriot_broken: value("patriot-broken"),
        sol_captured: value("sol-captured"),
        nightrider_captured: value("nightrider-captured"),
    })
}

pub fn provenance() -> Vec<(String, String)> {
    schedule()
        .iter()
        .map(|(k, v, why)| (format!("victory points: {k} = {v}"), why.clone()))
        .collect()
}
