//! What a seat sees: the board as printed counters and leaders, the facts
//! panel with the turn and phase; the battle scenarios hide nothing.

mod common;

use engine::prelude::*;
use engine::TableView;

// rule: gml 2.2, 3.0
#[test]
fn every_seat_sees_the_same_board_of_face_up_counters_and_leaders() {
    let g = common::deployed("saratoga");
    let views: Vec<serde_json::Value> = [None, Some(0), Some(1)].into_iter().map(|v| g.view(v)).collect();
    assert_eq!(views[0], views[1]);
    assert_eq!(views[0], views[2]);
    let table: TableView = serde_json::from_value(views[0].clone()).unwrap();
    let howe = table
        .board
        .pieces
        .iter()
        .find(|p| p.id.as_deref() == Some("howe"))
        .expect("Howe is on the board");
    assert_eq!(howe.space, "new-york");
    assert_eq!(howe.kind.as_deref(), Some("leader"));
    assert!(howe.rating.as_deref().unwrap().ends_with("★★★"));
    let hessians = table
        .board
        .pieces
        .iter()
        .filter(|p| p.kind.as_deref() == Some("hessian"))
        .count();
    assert_eq!(hessians, 6, "4 at New York, 1 at Oswego, 1 at St. Johns (12.23)");
    let stage = g.stage();
    assert!(table.facts.contains(&stage.turn) && table.facts.contains(&stage.phase));
    assert!(
        stage.turn.value.starts_with("May I 1777, turn 1 of 13"),
        "{}",
        stage.turn.value
    );
}

/// The log writes a side as the rulebook does, "British" and "American",
/// never the seat's key: in the set-up lines and in a game's first turns.
// rule: gml 3.1, 4.1
#[test]
fn the_log_names_the_sides_as_the_rulebook_does() {
    let mut g = common::deployed("saratoga");
    common::assert_logged(&g, "American: Philip Schuyler");
    common::assert_logged(&g, "British: Barry St. Leger");
    // The first turns, always the first legal action (a Command Table
    // roll, activations, naval and land moves, combat).
    for _ in 0..400 {
        let Some(&a) = common::legal(&g).first() else { break };
        common::take(&mut g, a);
    }
    common::assert_logged(&g, "on the Command Table");
    for line in common::log_text(&g).lines() {
        assert!(
            !line.contains("british") && !line.contains("american"),
            "a seat's key in the log: {line}"
        );
    }
}

/// 12.x2 each scenario plays on one map and some of its regions: the view
/// names those spaces (`in_play`), so that a client frames them and not
/// both maps.
// rule: gml 12.12, 12.32
#[test]
fn the_view_names_the_spaces_the_scenario_plays_on() {
    let in_play = |scenario: &str| {
        let table: TableView = serde_json::from_value(common::deployed(scenario).view(None)).unwrap();
        table.board.in_play
    };
    let canada = in_play("canada");
    assert!(canada.iter().any(|s| s == "quebec") && canada.iter().any(|s| s == "boston"));
    assert!(
        !canada.iter().any(|s| s == "charleston"),
        "the South map is not in play"
    );
    let south = in_play("southern-1780");
    assert!(south.iter().any(|s| s == "charleston"));
    assert!(!south.iter().any(|s| s == "quebec"), "the North map is not in play");
}

// rule: gml 12.25, 12.0
#[test]
fn the_facts_say_who_holds_the_key_spaces() {
    // Control lasts once the units have gone (12.0): the map alone does not
    // show it, so the facts list each side's key spaces.
    let g = common::deployed("saratoga");
    let table: TableView = serde_json::from_value(g.view(None)).unwrap();
    let key = table
        .facts
        .iter()
        .find(|f| f.label == "Key spaces")
        .expect("a Key spaces fact");
    assert_eq!(key.rule, "12.25");
    // As 12.23 sets up: Albany, empty, is no one's until a side enters it.
    assert_eq!(
        key.value,
        "British: New York; American: Philadelphia, West Point, Fort Stanwix and Ticonderoga; no one's: Albany \
         (the British win holding 5 of the 6 at the end of any turn, else the Americans)"
    );
}

/// The space of the combat being fought is marked on the map for every
/// seat, as the facts panel names it.
// rule: gml 8.2
#[test]
fn the_combat_being_fought_is_marked_on_the_map() {
    use gml::forces::{Kind, AMERICAN, BRITISH};
    let mut g = common::cleared("saratoga", gml::state::Phase::Activation(BRITISH));
    common::put(&mut g, BRITISH, Kind::British, 1, "saratoga");
    common::put(&mut g, AMERICAN, Kind::Continental, 1, "saratoga");
    // Both sides miss in the first round: the combat goes on.
    g.core.dice.script([9, 9]);
    g.advance();
    assert!(g.fought().is_some(), "a combat in Saratoga");
    for viewer in [None, Some(0), Some(1)] {
        let table: TableView = serde_json::from_value(g.view(viewer)).unwrap();
        let marked: Vec<&str> = table
            .board
            .markers
            .iter()
            .filter(|m| m.kind == "battle")
            .map(|m| m.space.as_str())
            .collect();
        assert_eq!(marked, ["saratoga"]);
    }
}
