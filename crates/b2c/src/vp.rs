//! 13.0 the Player's Aid victory points, from `data/vp.tsv` (the rulebook
//! gives the rule-fixed awards; the rest is reconstructed, each with its reason).

use std::sync::OnceLock;

type Table = Vec<(String, i32, String)>;

static TABLE: OnceLock<Table> = OnceLock::new();

fn table() -> &'static Table {
    TABLE.get_or_init(|| parse(include_str!("../data/vp.tsv")).expect("embedded vp.tsv is valid"))
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

/// `--data DIR`: a `vp.tsv` there (the printed Player's Aid) replaces the schedule.
pub fn use_data_dir(dir: &std::path::Path) -> Result<(), String> {
    let path = dir.join("vp.tsv");
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Ok(());
    };
    let t = parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    for k in KEYS {
        if !t.iter().any(|(key, _, _)| key == k) {
            return Err(format!("{}: no value for '{k}'", path.display()));
        }
    }
    TABLE
        .set(t)
        .map_err(|_| "the VP schedule is already in use: --data must come before any game is made".to_string())
}

pub fn parse(text: &str) -> Result<Vec<(String, i32, String)>, String> {
    let mut v = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        let n = f
            .get(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| format!("vp line {}: no value", i + 1))?;
        v.push((f[0].to_string(), n, f.get(2).unwrap_or(&"").to_string()));
    }
    Ok(v)
}

/// Whole VP for a schedule item. Panics on an unknown key (a programming error).
pub fn value(key: &str) -> i32 {
    table()
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
    table()
        .iter()
        .map(|(k, v, why)| (format!("victory points: {k} = {v}"), why.clone()))
        .collect()
}
