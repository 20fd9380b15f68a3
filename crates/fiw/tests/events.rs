//! The Random Events Table against 8.1's example and the events the rules
//! name.

use fiw::balance::{BalanceTables, Index};
use fiw::events::{roller, Column, EventTable};
use fiw::forces::{BRITISH, FRENCH};

#[test]
fn the_rulebook_example() {
    // rule: fiw 8.1
    let events = EventTable::embedded();
    let balance = BalanceTables::embedded();
    // "say the balance of power is moderately pro-French. The player rolls a 6 ... modified to a 5".
    for moderate in 7..=12 {
        let index = Index::new(-moderate).unwrap();
        assert_eq!(6 + balance.event_drm(index), 5);
    }
    let modified = 6 + balance.event_drm(Index::new(-7).unwrap());
    // "rolls once on the B column and then once on the D column".
    assert_eq!(events.columns_for(modified), [Column::B, Column::D]);
    assert_eq!(events.event(Column::B, 4).name, "Hurricane");
    assert_eq!(events.event(Column::D, 2).name, "French Leader Relieved");
}

#[test]
fn the_british_roll_on_odd_turns() {
    // rule: fiw 8.1
    // Ruling fiw #31: counted from the scenario's first turn.
    assert_eq!(roller(1), BRITISH);
    assert_eq!(roller(2), FRENCH);
    assert_eq!(roller(7), BRITISH);
}

#[test]
fn the_named_events_are_on_the_table() {
    // rule: fiw 8.2, 8.3, 5.3, 28.1, 17.4, 25.1, 27.1, 10.5
    let events = EventTable::embedded();
    let find = |id: &str| events.events().find(|(_, _, e)| e.id == id).map(|(_, _, e)| e.clone());
    let syw = find("seven-years-war").expect("8.3 Seven Years War");
    assert!(syw.once, "it breaks out once");
    let spain = find("spain-enters").expect("5.3 Spain Enters Seven Years War");
    assert!(spain.once);
    assert_eq!(spain.requires.as_deref(), Some("seven-years-war"));
    // 8.2 "No Event".
    assert!(find("no-event").is_some());
    // Events the rules refer to: leaders removed (17.4), Indians switching (25.1), spying (27.1), free units (10.5), income (9.1).
    for id in [
        "french-leader-relieved",
        "indians-change-sides",
        "spies",
        "british-regulars",
        "parliament-votes",
    ] {
        assert!(find(id).is_some(), "{id}");
    }
}

#[test]
fn every_first_roll_gives_columns() {
    // rule: fiw 8.1
    let events = EventTable::embedded();
    let balance = BalanceTables::embedded();
    // Every roll a die and the strongest modifier can make reads a row.
    let drm = balance.event_drm(Index::new(18).unwrap());
    for roll in 1 - drm..=6 + drm {
        assert!(!events.columns_for(roll).is_empty());
    }
    // Each column is reachable from a natural roll on a neutral-ish index.
    for c in [Column::A, Column::B, Column::C, Column::D] {
        assert!((1..=6).any(|r| events.columns_for(r).contains(&c)), "{c:?}");
    }
}
