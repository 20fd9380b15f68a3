//! "Why not?" (issue 18 item 12): the rule that forbids a move or a
//! deployment a player points at, from the same checks as the legal actions.

mod support;
use support::*;

use engine::{Forbidden, WhyNot};
use liberty::Liberty;

fn why(g: &Liberty, seat: &str, place: &str) -> WhyNot {
    let s = if seat == "british" { BRITISH } else { AMERICAN };
    engine::why_not(g, s, &hex_id(place))
}

fn why_block(g: &Liberty, seat: &str, id: &str) -> WhyNot {
    let s = if seat == "british" { BRITISH } else { AMERICAN };
    engine::why_not(g, s, id)
}

/// The first rule of a refusal (panics on any other answer).
fn forbidden(w: WhyNot) -> Forbidden {
    match w {
        WhyNot::Forbidden { rules } => rules[0].clone(),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

fn is_legal(w: &WhyNot, id: &str) -> bool {
    matches!(w, WhyNot::Legal { actions } if actions.iter().any(|a| a.id == id))
}

// rule: liberty 5.2, 5.1
#[test]
fn a_full_hexside_is_explained_by_its_limit() {
    let mut g = position(&[
        ("b-howe", "Boston", 3),
        ("a-pickens", "Springfield", 3),
        ("a-ward", "Springfield", 3),
        ("a-putnam", "Springfield", 3),
        ("a-wooster", "Springfield", 3),
        ("a-stark", "Springfield", 3),
    ]);
    g.begin_actions(1, 1, 2);
    act(&mut g, "american", &group("Springfield"));
    for b in ["a-pickens", "a-ward", "a-putnam", "a-wooster"] {
        act(&mut g, "american", &format!("pick-{b}"));
        act(&mut g, "american", &format!("step-{}", hex_id("Boston")));
    }
    // The four that crossed have moved: blocks move once per Game Turn.
    let f = forbidden(why_block(&g, "american", "a-ward"));
    assert_eq!(f.rule, "5.1");
    assert!(f.reason.contains("once per Game Turn"), "{}", f.reason);
    act(&mut g, "american", "pick-a-stark");
    let f = forbidden(why(&g, "american", "Boston"));
    assert_eq!(f.rule, "5.2");
    assert!(f.reason.contains("4 of your blocks"), "{}", f.reason);
    assert!(is_legal(
        &why(&g, "american", "Hartford"),
        &format!("step-{}", hex_id("Hartford"))
    ));
    // Two hexes away and no river or sea move there.
    assert_eq!(forbidden(why(&g, "american", "New York")).rule, "5.1");
    // Not the British's decision.
    assert!(matches!(why(&g, "british", "Boston"), WhyNot::NotNow { .. }));
}

// rule: liberty 2.25, 5.7
#[test]
fn indians_are_told_of_the_wilderness_and_the_sea() {
    let mut g = position(&[("b-mohawk", "Mohawk", 2), ("b-shawnee", "Québec", 1)]);
    g.begin_actions(0, 0, 3);
    act(&mut g, "british", &group("Mohawk"));
    act(&mut g, "british", "pick-b-mohawk");
    let f = forbidden(why(&g, "british", "1306"));
    assert_eq!(f.rule, "2.25");
    assert!(f.reason.contains("Wilderness"), "{}", f.reason);
    act(&mut g, "british", &format!("step-{}", hex_id("1304")));
    act(&mut g, "british", "stop");
    end_group(&mut g, "british");
    act(&mut g, "british", &group("Québec"));
    act(&mut g, "british", "pick-b-shawnee");
    let f = forbidden(engine::why_not(&g, BRITISH, "atlantic"));
    assert_eq!(f.rule, "5.7");
}

// rule: liberty 5.4
#[test]
fn pinned_blocks_and_the_attack_hexside_are_explained() {
    // The rulebook's Pinning Example: two attack five; two are pinned, the
    // others may not leave by the hexside the attackers came in by.
    let mut g = pinning_example();
    act(&mut g, "british", &group("New Brunswick"));
    for b in ["b-grey", "b-grant"] {
        act(&mut g, "british", &format!("pick-{b}"));
        act(&mut g, "british", &format!("step-{}", hex_id("1307")));
    }
    assert!(g.waits_for("american"));
    act(&mut g, "american", &group("1307"));
    act(&mut g, "american", "pin-a-pickens");
    act(&mut g, "american", "pin-a-ward");
    let f = forbidden(why_block(&g, "american", "a-ward"));
    assert_eq!(f.rule, "5.4");
    assert!(f.reason.contains("pinned"), "{}", f.reason);
    act(&mut g, "american", "pick-a-putnam");
    let f = forbidden(why(&g, "american", "New Brunswick"));
    assert_eq!(f.rule, "5.4");
    assert!(f.reason.contains("hexside used by the pinning blocks"), "{}", f.reason);
    assert!(matches!(why(&g, "american", "Albany"), WhyNot::Legal { .. }));
}

// rule: liberty 6.0, 6.2, 5.3, 9.1
#[test]
fn deployments_name_the_rule_that_forbids_the_town() {
    let blocks = [
        ("a-ward", "Montreal", 3),
        ("b-grey", "New York", 3),
        ("a-pickens", "wi-french", 3),
    ];
    // Only the Continental a-greene in the pool: the draw is known.
    let mut g = position_with_pool(&blocks, &["a-greene"]);
    g.begin_actions(1, 1, 1);
    act(&mut g, "american", "replace");
    assert!(is_legal(
        &why(&g, "american", "Hartford"),
        &format!("deploy-{}", hex_id("Hartford"))
    ));
    assert_eq!(forbidden(why(&g, "american", "Montreal")).rule, "6.2");
    // A British block holds it: an enemy hex, whatever its town's colour.
    assert_eq!(forbidden(why(&g, "american", "New York")).rule, "5.3");
    assert_eq!(forbidden(why(&g, "american", "Saratoga")).rule, "6.0");
    assert_eq!(forbidden(engine::why_not(&g, AMERICAN, "wi-french")).rule, "9.1");
}

// rule: liberty 7.4
#[test]
fn retreats_are_explained_by_the_attack_hexside_and_enemy_hexes() {
    // Ward attacks Grey in Boston from 1606.
    let mut g = position(&[("b-grey", "Boston", 3)]);
    g.put("a-ward", "Boston", 3);
    g.entered("a-ward", "1606");
    g.player1 = AMERICAN;
    g.core.dice.script([6; 18]);
    g.begin_battles();
    // The defender may not leave by the attacker's hexside, nor into an
    // enemy hex, vacant or not.
    let f = forbidden(why(&g, "british", "1606"));
    assert_eq!(f.rule, "7.4");
    assert!(f.reason.contains("used by the Attacker to enter"), "{}", f.reason);
    let f = forbidden(why(&g, "british", "Springfield"));
    assert!(f.reason.contains("Friendly or Neutral"), "{}", f.reason);
    act(&mut g, "british", "fire-b-grey");
    // The attacker leaves only across its attack hexside.
    assert!(is_legal(&why(&g, "american", "1606"), "retreat-a-ward-1606"));
    let f = forbidden(why(&g, "american", "Springfield"));
    assert_eq!(f.rule, "7.4");
    assert!(
        f.reason.contains("only retreat via hexside(s) used to attack"),
        "{}",
        f.reason
    );
    assert!(forbidden(why(&g, "american", "New York"))
        .reason
        .contains("cannot reach"));
}

// rule: liberty 9.1, 5.4, 8.4, 5.7
#[test]
fn refused_sea_moves_give_the_rule_that_refuses_them() {
    // Before French Entry: the British West Indies hold two British blocks;
    // Marion in Yorktown closes the Chesapeake; Clinton holds New York.
    let mut g = position(&[
        ("b-rawdon", "wi-british", 3),
        ("b-ship-hood", "wi-british", 3),
        ("b-guards", "atlantic", 3),
        ("b-grey", "atlantic", 3),
        ("b-grant", "atlantic", 3),
        ("b-percy", "atlantic", 3),
        ("b-knyphausen", "atlantic", 3),
        ("b-ship-howe", "atlantic", 3),
        ("b-heister", "Baltimore", 3),
        ("b-riedesel", "Boston", 3),
        ("a-marion", "Yorktown", 3),
        ("a-clinton", "New York", 3),
    ]);
    g.begin_actions(0, 0, 3);
    act(&mut g, "british", &group("atlantic"));
    act(&mut g, "british", "pick-b-guards");
    // Before, each was "not next to the Atlantic" (5.1).
    let f = forbidden(engine::why_not(&g, BRITISH, "wi-british"));
    assert_eq!(f.rule, "9.1");
    assert!(f.reason.contains("limited to two blocks"), "{}", f.reason);
    let f = forbidden(engine::why_not(&g, BRITISH, "wi-french"));
    assert_eq!(f.rule, "9.1");
    assert!(
        f.reason.contains("before French Entry the British cannot enter"),
        "{}",
        f.reason
    );
    let f = forbidden(why(&g, "british", "Baltimore"));
    assert_eq!(f.rule, "5.4");
    assert!(f.reason.contains("an enemy block in Yorktown closes"), "{}", f.reason);
    assert!(f.reason.contains("Baltimore among them"), "{}", f.reason);
    let f = forbidden(why(&g, "british", "New York"));
    assert_eq!(f.rule, "8.4");
    assert!(f.reason.contains("a Sea Attack must include a warship"), "{}", f.reason);
    assert!(is_legal(&why(&g, "british", "Boston"), &sail("Boston")));
    act(&mut g, "british", &sail("Boston"));
    // Opened by the fleet, the Sea Attack carries three ground blocks.
    act(&mut g, "british", "pick-b-ship-howe");
    act(&mut g, "british", &sail("New York"));
    for b in ["b-grey", "b-grant", "b-percy"] {
        act(&mut g, "british", &format!("pick-{b}"));
        act(&mut g, "british", &sail("New York"));
    }
    act(&mut g, "british", "pick-b-knyphausen");
    let f = forbidden(why(&g, "british", "New York"));
    assert_eq!(f.rule, "8.4");
    assert!(f.reason.contains("three"), "{}", f.reason);
    act(&mut g, "british", &sail("Boston"));
    end_group(&mut g, "british");
    // Out of a closed bay, and from a port on the map only to the Atlantic.
    act(&mut g, "british", &group("Baltimore"));
    act(&mut g, "british", "pick-b-heister");
    let f = forbidden(engine::why_not(&g, BRITISH, "atlantic"));
    assert_eq!(f.rule, "5.4");
    assert!(
        f.reason
            .contains("Yorktown closes the bay's ports to sea movement, Baltimore among them"),
        "{}",
        f.reason
    );
    let on = ids(&g, "british").into_iter().find(|i| i.starts_with("step-")).unwrap();
    act(&mut g, "british", &on);
    act(&mut g, "british", "stop");
    end_group(&mut g, "british");
    act(&mut g, "british", &group("Boston"));
    act(&mut g, "british", "pick-b-riedesel");
    let f = forbidden(why(&g, "british", "New York"));
    assert_eq!(f.rule, "5.1");
    assert!(
        f.reason
            .contains("via the Atlantic box (5.7): from Boston only to the Atlantic"),
        "{}",
        f.reason
    );
}

// rule: liberty 5.1, 5.4, 3.1
#[test]
fn choosing_a_group_explains_a_hex_that_cannot_move() {
    let mut g = position(&[
        ("a-greene", "Boston", 3),
        ("a-ward", "Albany", 3),
        ("b-howe", "Springfield", 3),
    ]);
    g.begin_actions(0, 1, 2);
    // No block of yours there.
    let f = forbidden(why(&g, "american", "Hartford"));
    assert_eq!(f.rule, "5.1");
    assert!(f.reason.contains("you have none in Hartford"), "{}", f.reason);
    // Moved this turn.
    act(&mut g, "american", &group("Albany"));
    act(&mut g, "american", "pick-a-ward");
    act(&mut g, "american", &format!("step-{}", hex_id("Saratoga")));
    act(&mut g, "american", "stop");
    end_group(&mut g, "american");
    let f = forbidden(why(&g, "american", "Saratoga"));
    assert_eq!(f.rule, "5.1");
    assert!(f.reason.contains("have moved"), "{}", f.reason);
    // The block itself, clicked: its hex's answer.
    let f = forbidden(why_block(&g, "american", "a-ward"));
    assert_eq!(f.rule, "5.1");
    // A hex that may move is legal.
    assert!(is_legal(&why(&g, "american", "Boston"), &group("Boston")));
}
