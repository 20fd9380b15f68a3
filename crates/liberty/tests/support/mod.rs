//! Helpers shared by the Liberty test files: act, legal ids, places, positions, logs.
#![allow(dead_code)]

use engine::prelude::*;
use engine::{Board, Face, Fact};
use liberty::map::Map;
use liberty::Liberty;

pub const BRITISH: u8 = 0;
pub const AMERICAN: u8 = 1;

pub fn act(g: &mut Liberty, seat: &str, id: &str) {
    if let Err(e) = g.act(seat, id) {
        panic!("{seat} {id}: {e}; legal: {:?}", g.legal_ids(seat));
    }
}

pub fn ids(g: &Liberty, seat: &str) -> Vec<String> {
    g.legal_ids(seat)
}

/// Whether action `id` is legal for `seat` now.
pub fn legal(g: &Liberty, seat: &str, id: &str) -> bool {
    g.legal_ids(seat).iter().any(|x| x == id)
}

pub fn sorted(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

pub fn hex(name: &str) -> u16 {
    Liberty::place_named(name)
}

/// The hex id of a place name (or of a hex id given as is).
pub fn hex_id(name: &str) -> String {
    Map::embedded().space(hex(name)).id.clone()
}

/// The hexside between two places.
pub fn side(a: &str, b: &str) -> u16 {
    Map::embedded().side_between(hex(a), hex(b)).expect("adjacent")
}

/// The seat asked to act now, with its legal ids.
pub fn waiting(g: &Liberty) -> (&'static str, Vec<String>) {
    for s in ["british", "american"] {
        if g.waits_for(s) {
            return (s, g.legal_ids(s));
        }
    }
    panic!("nobody is asked to act")
}

pub fn seat_waiting(g: &Liberty) -> &'static str {
    waiting(g).0
}

/// The typed table `viewer` sees (engine::Board, the view's `board`).
pub fn board(g: &Liberty, viewer: Option<u8>) -> Board {
    serde_json::from_value(g.view(viewer)["board"].clone()).expect("the view's board parses")
}

/// The combat round of the battle being fought (0 when none), as the facts
/// panel says it: "Boston, American attacking, round 2" (7.0).
pub fn round(g: &Liberty) -> u64 {
    let facts: Vec<Fact> = serde_json::from_value(g.view(None)["facts"].clone()).expect("the view's facts parse");
    facts.iter().find(|f| f.label == "Battle").map_or(0, |f| {
        f.value
            .rsplit("round ")
            .next()
            .unwrap()
            .parse()
            .expect("a round number")
    })
}

/// Whether a battle is being fought: its marker is on the board (7.0).
pub fn in_battle(g: &Liberty) -> bool {
    board(g, None).markers.iter().any(|m| m.kind == "battle")
}

/// Every log line `viewer` may read, one per line.
pub fn log_text(g: &Liberty, viewer: Option<u8>) -> String {
    g.core
        .log
        .visible(viewer)
        .map(|e| format!("[{}] {}", e.rule, e.text))
        .collect::<Vec<_>>()
        .join("\n")
}

pub fn log_len(g: &Liberty) -> usize {
    g.core.log.visible(None).count()
}

/// The public log lines from entry `from` on.
pub fn log_from(g: &Liberty, from: usize) -> String {
    g.core
        .log
        .visible(None)
        .skip(from)
        .map(|e| format!("[{}] {}", e.rule, e.text))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The dice and text of the last public entry with dice.
pub fn last_roll(g: &Liberty) -> (Vec<u8>, String) {
    let e = g
        .core
        .log
        .visible(None)
        .filter(|e| !e.dice.is_empty())
        .last()
        .expect("a roll");
    (e.dice.clone(), e.text.clone())
}

/// Ids of the `side` blocks at `loc` that `viewer` sees face up.
pub fn shown_in(g: &Liberty, viewer: u8, loc: &str, side: &str) -> Vec<String> {
    let mut out: Vec<String> = board(g, Some(viewer))
        .pieces
        .into_iter()
        .filter(|p| p.face == Face::Up && p.space == loc && p.side == side)
        .map(|p| p.id.expect("a face-up block has its id"))
        .collect();
    out.sort();
    out
}

/// How many `side` blocks at `loc` stand on their backs for `viewer` (2.0).
pub fn hidden_count(g: &Liberty, viewer: u8, loc: &str, side: &str) -> u64 {
    board(g, Some(viewer))
        .pieces
        .iter()
        .filter(|p| p.face == Face::Back && p.space == loc && p.side == side)
        .map(|p| u64::from(p.count))
        .sum()
}

/// Fire (or hold) with the first block offered (taking the first offered hit) until
/// the round changes, the battle ends or no block can fire; returns the
/// (seat, id) taken.
pub fn fire_round(g: &mut Liberty) -> Vec<(String, String)> {
    let r = round(g);
    let mut taken = Vec::new();
    while in_battle(g) && round(g) == r {
        let (seat, legal) = waiting(g);
        let Some(id) = legal
            .iter()
            .find(|i| i.starts_with("fire-") || i.starts_with("hit-") || i.starts_with("hold-"))
            .cloned()
        else {
            break;
        };
        act(g, seat, &id);
        taken.push((seat.to_string(), id));
    }
    taken
}

/// The label and warning of legal action `id` of `seat`, as clients show it.
pub fn described(g: &Liberty, seat: &str, id: &str) -> (String, Option<String>) {
    let s = <Liberty as engine::Title>::info().seat(seat).unwrap();
    let a = engine::described(g, s)
        .into_iter()
        .find(|a| a.id == id)
        .unwrap_or_else(|| panic!("{id} is not legal for {seat}"));
    (a.label, a.warning)
}

/// What `seat` is asked now (the prompt's text).
pub fn prompt(g: &Liberty, seat: &str) -> String {
    let s = <Liberty as engine::Title>::info().seat(seat).unwrap();
    engine::Procedure::prompt(g, s).text
}

/// A sandbox with both sides' blocks put: (id, place, strength).
pub fn position(blocks: &[(&str, &str, u8)]) -> Liberty {
    let mut g = Liberty::sandbox(7);
    for (id, place, s) in blocks {
        g.put(id, place, *s);
    }
    g.recompute_control();
    g
}

/// A sandbox position where of the pools only `pool` stays (the rest are
/// prisoners), so that a blind draw is known.
pub fn position_with_pool(blocks: &[(&str, &str, u8)], pool: &[&str]) -> Liberty {
    let mut g = Liberty::sandbox(13);
    for (id, at, s) in blocks {
        g.put(id, at, *s);
    }
    for b in 0..g.loc.len() as u8 {
        let id = &liberty::blocks::info(b).id;
        if g.loc[b as usize] == liberty::state::POOL && !pool.contains(&id.as_str()) {
            g.place(b, liberty::state::PRISONER);
        }
    }
    for id in pool {
        g.place(liberty::blocks::by_id(id).unwrap(), liberty::state::POOL);
    }
    g.recompute_control();
    g
}

/// The rulebook's Pinning Example (5.4): two British blocks in New
/// Brunswick about to attack five American blocks in 1307, the British
/// to act.
pub fn pinning_example() -> Liberty {
    let mut g = position(&[
        ("b-grey", "New Brunswick", 3),
        ("b-grant", "New Brunswick", 3),
        ("b-percy", "1207", 1),
        ("a-pickens", "1307", 3),
        ("a-ward", "1307", 3),
        ("a-putnam", "1307", 3),
        ("a-wooster", "1307", 3),
        ("a-stark", "1307", 3),
    ]);
    g.begin_actions(0, 0, 1);
    g
}

/// End the current Group Move if it has not ended by itself.
/// The id of a move by sea to `place`.
pub fn sail(place: &str) -> String {
    format!("sail-{}", hex_id(place))
}

/// The id of the action that starts a group move from `place`.
pub fn group(place: &str) -> String {
    format!("group-{}", hex_id(place))
}

pub fn end_group(g: &mut Liberty, seat: &str) {
    if ids(g, seat).contains(&"end-group".to_string()) {
        act(g, seat, "end-group");
    }
}
