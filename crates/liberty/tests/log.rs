//! What the log tells each seat (issue 19): movements with their count and
//! destination, hidden blocks counted and never named to the other side
//! (2.0), attacks told from reinforcements, each die with what it needed,
//! one line per event, and the map spaces each line happened in.

mod support;
use support::*;

use engine::Entry;
use liberty::blocks::{AMERICAN, BRITISH};
use liberty::Liberty;

fn fire(g: &mut Liberty, seat: &str, block: &str) {
    act(g, seat, &format!("fire-{block}"));
}

fn step(place: &str) -> String {
    format!("step-{}", hex_id(place))
}

/// Move block `id` of the current group along `places`, then stop it if it
/// is still moving.
fn walk(g: &mut Liberty, seat: &str, id: &str, places: &[&str]) {
    act(g, seat, &format!("pick-{id}"));
    for p in places {
        act(g, seat, &step(p));
    }
    if legal(g, seat, "stop") {
        act(g, seat, "stop");
    }
}

/// The entries `viewer` reads (the tests start each log afresh).
fn read(g: &Liberty, viewer: Option<u8>) -> Vec<Entry> {
    g.core.log.visible(viewer).cloned().collect()
}

fn line<'a>(entries: &'a [Entry], text: &str) -> &'a Entry {
    entries.iter().find(|e| e.text == text).unwrap_or_else(|| {
        panic!(
            "no line '{text}' in {:#?}",
            entries.iter().map(|e| &e.text).collect::<Vec<_>>()
        )
    })
}

// rule: liberty 5.1, 2.0
#[test]
fn a_group_move_says_how_many_blocks_went_where_and_names_them_only_to_their_owner() {
    let mut g = position(&[
        ("a-greene", "Boston", 3),
        ("a-ward", "Boston", 3),
        ("a-lee", "Boston", 3),
    ]);
    g.begin_actions(1, 1, 1);
    g.core.log = engine::Log::default();
    act(&mut g, "american", &group("Boston"));
    walk(&mut g, "american", "a-greene", &["Springfield"]);
    walk(&mut g, "american", "a-ward", &["Springfield"]);
    walk(&mut g, "american", "a-lee", &["Springfield", "Albany"]);
    end_group(&mut g, "american");
    let own = read(&g, Some(AMERICAN));
    let e = line(&own, "American moves Greene and Ward from Boston to Springfield.");
    assert_eq!(
        (e.rule.as_ref(), e.path.clone()),
        ("5.1", vec![hex_id("Boston"), hex_id("Springfield")])
    );
    line(&own, "American moves Lee from Boston to Albany.");
    for viewer in [Some(BRITISH), None] {
        let theirs = read(&g, viewer);
        let e = line(&theirs, "American moves 2 blocks from Boston to Springfield.");
        assert_eq!(e.path, vec![hex_id("Boston"), hex_id("Springfield")]);
        // The arrow follows the hexes passed (the way is seen, 2.0).
        let e = line(&theirs, "American moves a block from Boston to Albany.");
        assert_eq!(e.path, vec![hex_id("Boston"), hex_id("Springfield"), hex_id("Albany")]);
        let text = log_text(&g, viewer);
        assert!(!["Greene", "Ward", "Lee"].iter().any(|n| text.contains(n)), "{text}");
    }
    // One line per destination, read once by each seat.
    assert_eq!(own.iter().filter(|e| e.text.contains("moves")).count(), 2, "{own:#?}");
}

// rule: liberty 5.1, 5.6, 2.0
#[test]
fn blocks_that_reach_one_hex_by_two_ways_get_a_line_and_an_arrow_each() {
    let mut g = position(&[
        ("a-greene", "Boston", 3),
        ("a-lee", "Boston", 3),
        ("a-morgan", "Albany", 3),
    ]);
    g.begin_actions(1, 1, 2);
    g.core.log = engine::Log::default();
    act(&mut g, "american", &group("Boston"));
    walk(&mut g, "american", "a-greene", &["Springfield"]);
    walk(&mut g, "american", "a-lee", &["Hartford", "Springfield"]);
    end_group(&mut g, "american");
    // A river move passes the hexes of its river (5.6): Albany to New York by West Point.
    act(&mut g, "american", &group("Albany"));
    act(&mut g, "american", "pick-a-morgan");
    act(&mut g, "american", &format!("river-{}", hex_id("New York")));
    end_group(&mut g, "american");
    let own = read(&g, Some(AMERICAN));
    let e = line(&own, "American moves Greene from Boston to Springfield.");
    assert_eq!(e.path, vec![hex_id("Boston"), hex_id("Springfield")]);
    let e = line(
        &own,
        "American moves Lee from Boston to Springfield by way of Hartford.",
    );
    assert_eq!(
        e.path,
        vec![hex_id("Boston"), hex_id("Hartford"), hex_id("Springfield")]
    );
    let e = line(&own, "American moves Morgan from Albany to New York by river.");
    assert_eq!(e.path, vec![hex_id("Albany"), hex_id("West Point"), hex_id("New York")]);
    let theirs = read(&g, Some(BRITISH));
    line(&theirs, "American moves a block from Boston to Springfield.");
    line(
        &theirs,
        "American moves a block from Boston to Springfield by way of Hartford.",
    );
}

// rule: liberty 5.4, 7.22
#[test]
fn an_attack_and_a_reinforcement_are_told_apart() {
    let mut g = position(&[
        ("b-grey", "1606", 3),
        ("b-grant", "1606", 3),
        ("a-ward", "Boston", 3),
        ("a-greene", "Springfield", 3),
    ]);
    g.begin_actions(BRITISH, BRITISH, 1);
    g.core.log = engine::Log::default();
    act(&mut g, "british", &group("1606"));
    walk(&mut g, "british", "b-grey", &["Boston"]);
    walk(&mut g, "british", "b-grant", &["Boston"]);
    end_group(&mut g, "british");
    assert!(g.waits_for("american"));
    act(&mut g, "american", &group("Springfield"));
    walk(&mut g, "american", "a-greene", &["Boston"]);
    end_group(&mut g, "american");
    let british = read(&g, Some(BRITISH));
    let e = line(&british, "British attacks Boston from hex 1606 with Grey and Grant.");
    assert_eq!(
        (e.rule.as_ref(), e.path.clone()),
        ("5.4", vec![hex_id("1606"), hex_id("Boston")])
    );
    let e = line(
        &british,
        "American reinforces the battle in Boston with a block from Springfield: in reserve until round 2.",
    );
    assert_eq!(
        (e.rule.as_ref(), e.path.clone()),
        ("7.22", vec![hex_id("Springfield"), hex_id("Boston")])
    );
    let american = read(&g, Some(AMERICAN));
    line(&american, "British attacks Boston from hex 1606 with 2 blocks.");
    line(
        &american,
        "American reinforces the battle in Boston with Greene from Springfield: in reserve until round 2.",
    );
    let text = log_text(&g, Some(AMERICAN));
    assert!(!text.contains("American attacks"), "{text}");
}

// rule: liberty 5.5
#[test]
fn a_force_march_roll_says_what_it_needed_and_what_it_did() {
    let mut g = position(&[("a-ward", "Boston", 1), ("a-lee", "Boston", 3)]);
    g.begin_actions(1, 1, 1);
    g.core.dice.script([3]);
    act(&mut g, "american", &group("Boston"));
    g.core.log = engine::Log::default();
    walk(&mut g, "american", "a-ward", &["Springfield", "Albany"]);
    walk(&mut g, "american", "a-lee", &["Springfield"]);
    end_group(&mut g, "american");
    let own = read(&g, Some(AMERICAN));
    let e = line(
        &own,
        "Force march: Ward in Albany rolls 3, 1-3 loses a step: Ward loses its last step and is captured.",
    );
    assert_eq!((e.dice.clone(), e.path.clone()), (vec![3], vec![hex_id("Albany")]));
    // The British learn where and what it cost; the block is named once captured (a prisoner stands face up).
    let theirs = read(&g, Some(BRITISH));
    line(
        &theirs,
        "Force march: an American block in Albany rolls 3, 1-3 loses a step: Ward loses its last step and is captured.",
    );
    line(&theirs, "American moves a block from Boston to Albany by force march.");
    line(&theirs, "American moves a block from Boston to Springfield.");
}

// ruling: liberty #28 — out of a battle hex and back in: Player 2's block reinforces it, in reserve.
// rule: liberty 5.1, 5.4, 7.22
#[test]
fn a_block_out_of_its_battle_hex_and_back_is_told_and_waits_in_reserve() {
    let mut g = position(&[
        ("b-grey", "1606", 3),
        ("a-ward", "Boston", 3),
        ("a-marion", "Boston", 3),
    ]);
    g.begin_actions(BRITISH, BRITISH, 1);
    g.core.log = engine::Log::default();
    act(&mut g, "british", &group("1606"));
    walk(&mut g, "british", "b-grey", &["Boston"]);
    end_group(&mut g, "british");
    // Player 2 names Ward pinned (5.4), and Marion (move 2) goes out to
    // Springfield and back.
    act(&mut g, "american", &group("Boston"));
    act(&mut g, "american", "pin-a-ward");
    walk(&mut g, "american", "a-marion", &["Springfield", "Boston"]);
    end_group(&mut g, "american");
    line(
        &read(&g, Some(AMERICAN)),
        "American reinforces the battle in Boston with Marion, out of Boston and back: in reserve until round 2.",
    );
    let theirs = read(&g, Some(BRITISH));
    let e = line(
        &theirs,
        "American reinforces the battle in Boston with a block, out of Boston and back: in reserve until round 2.",
    );
    assert_eq!(e.path, vec![hex_id("Boston"), hex_id("Springfield"), hex_id("Boston")]);
    // In the battle it is a reserve (7.22): the British see a back so marked.
    g.begin_battles();
    let backs: Vec<_> = board(&g, Some(BRITISH))
        .pieces
        .into_iter()
        .filter(|p| p.space == hex_id("Boston") && p.side == "american" && p.id.is_none())
        .map(|p| (p.count, p.states))
        .collect();
    assert_eq!(backs, [(1, vec!["in reserve".into()])]);
    assert_eq!(shown_in(&g, BRITISH, &hex_id("Boston"), "american"), ["a-ward"]);
}

// rule: liberty 7.31, 7.32
#[test]
fn a_shot_says_what_it_needed_and_a_loss_where_it_happened() {
    let mut g = position(&[("a-ward", "Boston", 1)]);
    g.put("b-grey", "Boston", 2);
    g.entered("b-grey", "1606");
    g.player1 = BRITISH;
    g.core.dice.script([6, 1, 2]);
    g.begin_battles();
    g.core.log = engine::Log::default();
    fire(&mut g, "american", "a-ward");
    fire(&mut g, "british", "b-grey");
    let seen = read(&g, None);
    let e = line(&seen, "Ward C1 (1) fires at C1, needs 1 to hit: 0 hits.");
    assert_eq!((e.dice.clone(), e.path.clone()), (vec![6], vec![hex_id("Boston")]));
    line(&seen, "Grey C2 (2) fires at C2, needs 1-2 to hit: 2 hits.");
    let e = line(&seen, "Ward C1 takes a hit at strength 1 and is captured.");
    assert_eq!(e.path, vec![hex_id("Boston")]);
    assert_eq!(
        seen.iter()
            .filter(|e| e.text.contains("Ward") && e.text.contains("captured"))
            .count(),
        1
    );
}

// rule: liberty 3.3
#[test]
fn a_supply_step_is_one_line_for_each_seat() {
    let mut g = position(&[("a-washington", "Boston", 2)]);
    g.frames.push(liberty::state::Frame::Supply {
        seat: AMERICAN,
        left: 1,
        given: 0,
    });
    g.core.log = engine::Log::default();
    act(&mut g, "american", "supply-a-washington");
    // (The next Game Turn begins after the supply phase here: its line follows.)
    let supply = |e: &Entry| e.text.starts_with("Supply");
    let own: Vec<String> = read(&g, Some(AMERICAN))
        .into_iter()
        .filter(supply)
        .map(|e| e.text)
        .collect();
    assert_eq!(own, ["Supply: Washington in Boston gains a step (now 3)."]);
    let theirs: Vec<String> = read(&g, Some(BRITISH))
        .into_iter()
        .filter(supply)
        .map(|e| e.text)
        .collect();
    assert_eq!(theirs, ["Supply: an American block in Boston gains a step."]);
}

// rule: liberty 11.4
#[test]
fn winter_attrition_captures_a_block_in_one_line() {
    let mut g = position(&[("b-butler", "1606", 2)]);
    g.frames.push(liberty::state::Frame::Attrition { seat: BRITISH });
    g.core.log = engine::Log::default();
    g.eliminate(liberty::blocks::by_id("b-butler").unwrap());
    let seen = read(&g, None);
    let lines: Vec<&str> = seen.iter().map(|e| e.text.as_str()).collect();
    assert_eq!(lines, ["Winter attrition in hex 1606: Butler is captured."]);
    assert_eq!(seen[0].path, vec![hex_id("1606")]);
}

// rule: liberty 5.3, 3.0
#[test]
fn a_town_changing_hands_and_a_new_game_turn_are_logged() {
    let mut g = position(&[("a-ward", "Fort Oswego", 2)]);
    let h = hex("Fort Oswego");
    g.control[h as usize] = BRITISH;
    g.frames.clear();
    g.turn = 1;
    g.stage = liberty::turn::Stage::EndTurn;
    g.core.log = engine::Log::default();
    engine::Game::advance(&mut g);
    assert!(g.friendly(h, AMERICAN));
    for viewer in [None, Some(BRITISH), Some(AMERICAN)] {
        let seen = read(&g, viewer);
        let e = line(
            &seen,
            "Fort Oswego changes hands: British-controlled before, American-controlled now.",
        );
        assert_eq!(e.path, vec![hex_id("Fort Oswego")]);
        line(
            &seen,
            &format!("{}, Game Turn 2 of {} begins.", g.year, g.turns_in_year),
        );
    }
}
