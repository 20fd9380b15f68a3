//! Movement (5.0-5.7), warship movement (8.1), the movement side of Sea
//! Attacks (8.4) and the West Indies (9.1), on hand-built positions.

mod support;
use support::*;

use liberty::state::{Frame, Weather};
use liberty::Liberty;

/// Move block `id` of the current group along `moves` (action ids), then
/// stop it if it is still moving.
fn walk(g: &mut Liberty, seat: &str, id: &str, moves: &[&str]) {
    act(g, seat, &format!("pick-{id}"));
    for m in moves {
        act(g, seat, m);
    }
    if legal(g, seat, "stop") {
        act(g, seat, "stop");
    }
}

fn river(place: &str) -> String {
    format!("river-{}", hex_id(place))
}

fn steps_offered(g: &Liberty, seat: &str) -> bool {
    g.legal_ids(seat).iter().any(|x| x.starts_with("step-"))
}

fn bit(id: &str) -> u64 {
    1u64 << liberty::blocks::by_id(id).unwrap()
}

fn step(place: &str) -> String {
    format!("step-{}", hex_id(place))
}

// rule: liberty 2.13, 2.22, 2.23, 5.5
#[test]
fn foot_moves_one_hex_dragoons_two_and_force_march_adds_one() {
    let mut g = position(&[("a-greene", "Boston", 3), ("a-lee", "Boston", 3)]);
    g.begin_actions(1, 1, 1);
    act(&mut g, "american", "group-1607");
    act(&mut g, "american", "pick-a-greene");
    act(&mut g, "american", &step("Springfield"));
    // After its one hex the foot may still force march one more (5.5) ...
    assert!(legal(&g, "american", &step("Albany")));
    act(&mut g, "american", &step("Albany"));
    // ... and then it has stopped.
    assert!(legal(&g, "american", "pick-a-lee"));
    assert!(!g.legal_ids("american").iter().any(|x| x.starts_with("step-")));
    act(&mut g, "american", "pick-a-lee");
    act(&mut g, "american", &step("Springfield"));
    act(&mut g, "american", &step("Albany"));
    // Two hexes are the dragoon's rating; a third is a force march.
    assert!(legal(&g, "american", &step("1307")));
    // 5.5 force-march rolls come after all movement: 4 = no loss, 2 = a step
    // lost. Nothing is left to move, so the group and the Actions end here.
    g.core.dice.script([4, 2]);
    act(&mut g, "american", &step("1307"));
    assert_eq!(g.core.dice.scripted_left(), 0);
    assert_eq!(g.where_is("a-greene"), "Albany");
    assert_eq!(g.where_is("a-lee"), "hex 1307");
    assert_eq!(g.strength_of("a-greene"), 3);
    assert_eq!(g.strength_of("a-lee"), 2);
}

// rule: liberty 5.1, 5.3
#[test]
fn a_group_passes_through_friends_and_stops_on_entering_enemies() {
    let mut g = position(&[
        ("b-dragoon", "Boston", 3),
        ("b-tarleton", "Boston", 3),
        ("b-grant", "1606", 3),
        ("a-ward", "Portsmouth", 3),
    ]);
    let springfield = Liberty::place_named("Springfield");
    g.begin_actions(0, 0, 2);
    act(&mut g, "british", &group("Boston"));
    // Through the friendly block in 1606 and on into Portsmouth: an attack, so it stops.
    act(&mut g, "british", "pick-b-dragoon");
    act(&mut g, "british", &step("1606"));
    assert!(legal(&g, "british", &step("Portsmouth")));
    act(&mut g, "british", &step("Portsmouth"));
    assert!(legal(&g, "british", "pick-b-tarleton"), "the dragoon has stopped");
    // A vacant enemy town is attacked too (5.4): the dragoon stops after one hex.
    act(&mut g, "british", "pick-b-tarleton");
    act(&mut g, "british", &step("Springfield"));
    assert_eq!(g.where_is("b-tarleton"), "Springfield");
    assert!(!steps_offered(&g, "british"));
    // 5.3 moving in does not change control before the end of the Game Turn.
    assert!(g.friendly(springfield, 1));
    // 5.1 blocks move once per Game Turn: no group from where they arrived.
    assert!(!legal(&g, "british", &group("Springfield")));
    assert!(!legal(&g, "british", &group("Portsmouth")));
    assert!(legal(&g, "british", &group("1606")));
}

// rule: liberty 5.2
#[test]
fn four_may_cross_from_springfield_and_four_more_from_newport() {
    let mut g = position(&[
        ("b-howe", "Boston", 3),
        ("a-pickens", "Springfield", 3),
        ("a-ward", "Springfield", 3),
        ("a-putnam", "Springfield", 3),
        ("a-wooster", "Springfield", 3),
        ("a-stark", "Springfield", 3),
        ("a-clinton", "Newport", 3),
        ("a-dickinson", "Newport", 3),
        ("a-sumter", "Newport", 3),
        ("a-greene", "Newport", 3),
    ]);
    g.begin_actions(1, 1, 2);
    act(&mut g, "american", &group("Springfield"));
    for b in ["a-pickens", "a-ward", "a-putnam", "a-wooster"] {
        walk(&mut g, "american", b, &[&step("Boston")]);
    }
    // The Springfield-Boston hexside is full for the Americans this turn.
    act(&mut g, "american", "pick-a-stark");
    assert!(!legal(&g, "american", &step("Boston")));
    assert!(legal(&g, "american", &step("Hartford")));
    act(&mut g, "american", &step("Hartford"));
    act(&mut g, "american", "stop");
    end_group(&mut g, "american");
    act(&mut g, "american", &group("Newport"));
    for b in ["a-clinton", "a-dickinson", "a-sumter", "a-greene"] {
        walk(&mut g, "american", b, &[&step("Boston")]);
    }
    assert_eq!(g.count[Liberty::place_named("Boston") as usize][1], 8);
}

// rule: liberty 5.2
#[test]
fn hexside_limits_count_both_directions_and_each_player_separately() {
    // ruling: liberty #4 every block a player moves across a hexside, either direction.
    let mut g = position(&[
        ("a-pickens", "Hartford", 3),
        ("a-ward", "Hartford", 3),
        ("a-putnam", "Springfield", 3),
        ("a-wooster", "Springfield", 3),
        ("a-stark", "Springfield", 3),
        ("b-grey", "Boston", 3),
        ("b-grant", "Boston", 3),
        ("b-percy", "Boston", 3),
        ("b-rawdon", "Boston", 3),
    ]);
    g.begin_actions(1, 1, 2);
    act(&mut g, "american", &group("Hartford"));
    walk(&mut g, "american", "a-pickens", &[&step("Springfield")]);
    walk(&mut g, "american", "a-ward", &[&step("Springfield")]);
    end_group(&mut g, "american");
    act(&mut g, "american", &group("Springfield"));
    walk(&mut g, "american", "a-putnam", &[&step("Hartford")]);
    walk(&mut g, "american", "a-wooster", &[&step("Hartford")]);
    act(&mut g, "american", "pick-a-stark");
    assert!(
        !legal(&g, "american", &step("Hartford")),
        "2 + 2 crossings fill the clear hexside"
    );
    // Each player has its own four: after four Americans crossed 1306-1307,
    // four British may force march across it too.
    let mut g = position(&[
        ("a-pickens", "1306", 3),
        ("a-ward", "1306", 3),
        ("a-putnam", "1306", 3),
        ("a-wooster", "1306", 3),
        ("b-grey", "1207", 3),
        ("b-grant", "1207", 3),
        ("b-percy", "1207", 3),
        ("b-rawdon", "1207", 3),
    ]);
    g.begin_actions(1, 1, 1);
    act(&mut g, "american", &group("1306"));
    for b in ["a-pickens", "a-ward", "a-putnam", "a-wooster"] {
        walk(&mut g, "american", b, &[&step("1307")]);
    }
    assert!(g.waits_for("british"));
    g.core.dice.script([6, 6, 6, 6]);
    act(&mut g, "british", &group("1207"));
    for b in ["b-grey", "b-grant", "b-percy", "b-rawdon"] {
        walk(&mut g, "british", b, &[&step("1306"), &step("1307")]);
    }
    let side = liberty::map::Map::embedded()
        .side_between(Liberty::place_named("1306"), Liberty::place_named("1307"))
        .unwrap();
    assert_eq!(g.side_use[side as usize], [4, 4]);
}

// rule: liberty 5.2, 5.5
#[test]
fn forest_hexsides_hold_two_and_stop_unless_a_river_runs_through() {
    let mut g = position(&[
        ("a-lee", "Springfield", 3),
        ("a-marion", "Springfield", 3),
        ("a-pickens", "Springfield", 3),
        ("a-ward", "1606", 3),
        ("a-putnam", "1606", 3),
        ("a-wooster", "1606", 3),
        ("a-stark", "1606", 3),
    ]);
    g.begin_actions(1, 1, 2);
    act(&mut g, "american", &group("Springfield"));
    // Springfield-Saratoga is forest: a dragoon stops after crossing it, and
    // may not force march on (5.5 "must still halt").
    act(&mut g, "american", "pick-a-lee");
    act(&mut g, "american", &step("Saratoga"));
    assert!(!steps_offered(&g, "american"));
    walk(&mut g, "american", "a-marion", &[&step("Saratoga")]);
    act(&mut g, "american", "pick-a-pickens");
    assert!(!legal(&g, "american", &step("Saratoga")), "forest limit is 2");
    // Springfield-1505 is forest with the Connecticut running through: no stop.
    act(&mut g, "american", &step("1505"));
    assert!(steps_offered(&g, "american"));
    act(&mut g, "american", "stop");
    end_group(&mut g, "american");
    act(&mut g, "american", &group("1606"));
    // 1606-1505 is forest without a river: limit 2.
    walk(&mut g, "american", "a-ward", &[&step("1505")]);
    walk(&mut g, "american", "a-putnam", &[&step("1505")]);
    act(&mut g, "american", "pick-a-wooster");
    assert!(!legal(&g, "american", &step("1505")));
    assert_eq!(
        liberty::map::Map::embedded()
            .side(
                liberty::map::Map::embedded()
                    .side_between(Liberty::place_named("Springfield"), Liberty::place_named("1505"))
                    .unwrap()
            )
            .limit(),
        3
    );
}

// rule: liberty 2.25, 10.0, 5.6, 5.7
#[test]
fn indians_keep_to_the_wilderness_ignore_forest_stops_use_rivers_but_never_ships() {
    let mut g = position(&[
        ("b-mohawk", "Mohawk", 2),
        ("b-cherokee", "1404", 2),
        ("b-shawnee", "Québec", 1),
    ]);
    g.begin_actions(0, 0, 3);
    act(&mut g, "british", &group("Mohawk"));
    act(&mut g, "british", "pick-b-mohawk");
    assert!(!legal(&g, "british", &step("1306")), "1306 is not wilderness");
    act(&mut g, "british", &step("1304"));
    // Forest hexside crossed, no stop: on to another wilderness hex.
    assert!(legal(&g, "british", &step("1404")));
    act(&mut g, "british", "stop");
    end_group(&mut g, "british");
    act(&mut g, "british", &group("1404"));
    act(&mut g, "british", "pick-b-cherokee");
    assert!(legal(&g, "british", &river("Montreal")));
    act(&mut g, "british", &river("Montreal"));
    assert_eq!(g.where_is("b-cherokee"), "Montreal");
    act(&mut g, "british", &group("Québec"));
    act(&mut g, "british", "pick-b-shawnee");
    assert!(!legal(&g, "british", "sail-atlantic"), "Indians cannot move by sea");
}

// rule: liberty 5.4
#[test]
fn pinning_example_two_attack_five_and_three_may_leave_but_not_across_the_attack_hexside() {
    let mut g = pinning_example();
    act(&mut g, "british", &group("New Brunswick"));
    walk(&mut g, "british", "b-grey", &[&step("1307")]);
    walk(&mut g, "british", "b-grant", &[&step("1307")]);
    assert!(g.waits_for("american"));
    // The defender names two pinned blocks before anything leaves the hex.
    act(&mut g, "american", &group("1307"));
    assert!(legal(&g, "american", "pin-a-pickens"));
    assert!(!legal(&g, "american", "pick-a-pickens"));
    act(&mut g, "american", "pin-a-pickens");
    act(&mut g, "american", "pin-a-ward");
    assert!(
        !legal(&g, "american", "pick-a-pickens"),
        "pinned blocks cannot be substituted"
    );
    act(&mut g, "american", "pick-a-putnam");
    // Not back across the hexside the attackers used ...
    assert!(!legal(&g, "american", &step("New Brunswick")));
    // ... but elsewhere, even to attack.
    assert!(legal(&g, "american", &step("Albany")));
    act(&mut g, "american", &step("1207"));
    assert_eq!(g.attack_at(Liberty::place_named("1207")).unwrap().attacker, 1);
    walk(&mut g, "american", "a-wooster", &[&step("Albany")]);
    walk(&mut g, "american", "a-stark", &[&step("West Point")]);
    assert_eq!(g.count[Liberty::place_named("1307") as usize], [2, 2]);
}

// rule: liberty 5.4
#[test]
fn as_many_attackers_as_defenders_pin_them_all() {
    let mut g = position(&[
        ("b-grey", "New Brunswick", 3),
        ("b-grant", "New Brunswick", 3),
        ("a-pickens", "1307", 3),
        ("a-ward", "1307", 3),
        ("a-putnam", "Albany", 3),
    ]);
    g.begin_actions(0, 0, 1);
    act(&mut g, "british", &group("New Brunswick"));
    walk(&mut g, "british", "b-grey", &[&step("1307")]);
    walk(&mut g, "british", "b-grant", &[&step("1307")]);
    assert!(!legal(&g, "american", &group("1307")));
    assert!(legal(&g, "american", &group("Albany")));
}

/// Grey and Grant attack the Americans `in_1307` from New Brunswick, and
/// Wooster reinforces them from Albany: the Americans' next Action is theirs.
fn reinforced_against_two(in_1307: &[&str]) -> Liberty {
    let mut blocks = vec![
        ("b-grey", "New Brunswick", 3),
        ("b-grant", "New Brunswick", 3),
        ("a-wooster", "Albany", 3),
    ];
    blocks.extend(in_1307.iter().map(|&b| (b, "1307", 3)));
    let mut g = position(&blocks);
    g.begin_actions(0, 0, 2);
    act(&mut g, "british", &group("New Brunswick"));
    walk(&mut g, "british", "b-grey", &[&step("1307")]);
    walk(&mut g, "british", "b-grant", &[&step("1307")]);
    end_group(&mut g, "british");
    act(&mut g, "british", "end-actions");
    act(&mut g, "american", &group("Albany"));
    walk(&mut g, "american", "a-wooster", &[&step("1307")]);
    end_group(&mut g, "american");
    g
}

// rule: liberty 5.4, 7.22
#[test]
fn a_reinforcement_cannot_be_named_pinned_in_place_of_an_unmoved_block() {
    // ruling: liberty #33 a block that moved into the attacked hex this turn
    // cannot move again (5.1), so it cannot stand as a pinned block for one
    // that could ("Pinned blocks cannot be substituted"): pins fall on
    // unmoved blocks only.
    let mut g = reinforced_against_two(&["a-pickens", "a-ward", "a-putnam"]);
    act(&mut g, "american", &group("1307"));
    assert!(legal(&g, "american", "pin-a-pickens"));
    assert!(!legal(&g, "american", "pin-a-wooster"));
    act(&mut g, "american", "pin-a-pickens");
    act(&mut g, "american", "pin-a-ward");
    assert!(legal(&g, "american", "pick-a-putnam"));
    assert!(!legal(&g, "american", "pick-a-wooster"));
}

// rule: liberty 5.4, 7.22
#[test]
fn a_hex_whose_unmoved_blocks_are_all_pinned_starts_no_group_whatever_reinforced_it() {
    // ruling: liberty #33 two attackers pin both unmoved defenders; the
    // reinforcement beside them has moved: nothing may leave.
    let g = reinforced_against_two(&["a-pickens", "a-ward"]);
    assert_eq!(g.count[Liberty::place_named("1307") as usize], [2, 3]);
    assert!(!legal(&g, "american", &group("1307")));
}

// rule: liberty 4.0, 5.4, 7.22
#[test]
fn a_storm_forbids_reinforcing_a_battle_from_its_zone() {
    // ruling: liberty #33 moving into a hex the enemy attacks is moving into
    // an enemy-occupied hex, an attack (5.4), so a storm forbids it within or
    // from its zone: under a northern storm the Americans in Baltimore (North)
    // may not join the battle in 1111 (South); from Richmond (South) they may.
    let setup = |weather: Weather| {
        let mut g = position(&[
            ("b-grey", "Yorktown", 3),
            ("a-ward", "1111", 3),
            ("a-pickens", "Baltimore", 3),
            ("a-putnam", "Richmond", 3),
        ]);
        g.begin_actions(0, 0, 1);
        g.weather = weather;
        act(&mut g, "british", &group("Yorktown"));
        walk(&mut g, "british", "b-grey", &[&step("1111")]);
        end_group(&mut g, "british");
        if legal(&g, "british", "end-actions") {
            act(&mut g, "british", "end-actions");
        }
        assert!(g.waits_for("american"));
        g
    };
    let mut g = setup(Weather::North);
    act(&mut g, "american", &group("Baltimore"));
    act(&mut g, "american", "pick-a-pickens");
    assert!(!legal(&g, "american", &step("1111")));
    assert!(legal(&g, "american", &step("1011")), "other movement is allowed");
    let mut g = setup(Weather::North);
    act(&mut g, "american", &group("Richmond"));
    act(&mut g, "american", "pick-a-putnam");
    assert!(legal(&g, "american", &step("1111")));
    // In fair weather Baltimore's block may join it.
    let mut g = setup(Weather::Fair);
    act(&mut g, "american", &group("Baltimore"));
    act(&mut g, "american", "pick-a-pickens");
    assert!(legal(&g, "american", &step("1111")));
}

// rule: liberty 5.4, 7.22, 8.4
#[test]
fn reserves_warships_and_sea_attack_blocks_pin_too() {
    // ruling: liberty #6 every attacking block in the hex pins one defending
    // block, reserves, warships and blocks of a Sea Attack at sea included;
    // Player 2 names the pinned blocks before any block leaves the hex.
    // A reserve: Pickens and Ward cross the Main Attack hexside from
    // Springfield, Wooster comes from 1606 and is in reserve (7.22); the
    // three pin three of the four British blocks in Boston.
    let mut g = position(&[
        ("b-howe", "Boston", 3),
        ("b-grey", "Boston", 3),
        ("b-grant", "Boston", 3),
        ("b-percy", "Boston", 3),
        ("a-pickens", "Springfield", 3),
        ("a-ward", "Springfield", 3),
        ("a-wooster", "1606", 3),
    ]);
    let boston = Liberty::place_named("Boston");
    let from_springfield = liberty::map::Map::embedded()
        .side_between(boston, Liberty::place_named("Springfield"))
        .unwrap();
    g.begin_actions(1, 1, 3);
    act(&mut g, "american", &group("Springfield"));
    walk(&mut g, "american", "a-pickens", &[&step("Boston")]);
    walk(&mut g, "american", "a-ward", &[&step("Boston")]);
    act(&mut g, "american", &group("1606"));
    walk(&mut g, "american", "a-wooster", &[&step("Boston")]);
    act(&mut g, "american", "end-actions");
    act(
        &mut g,
        "american",
        &format!("main-{}-{from_springfield}", hex_id("Boston")),
    );
    assert_eq!(g.attack_at(boston).unwrap().main, Some(from_springfield));
    assert!(g.waits_for("british"));
    assert_eq!(g.pin_count(boston, BRITISH), 3, "the reserve pins too");
    act(&mut g, "british", &group("Boston"));
    act(&mut g, "british", "pin-b-howe");
    act(&mut g, "british", "pin-b-grey");
    assert!(
        !legal(&g, "british", "pick-b-percy"),
        "a third block is pinned, by the reserve"
    );
    act(&mut g, "british", "pin-b-grant");
    assert!(legal(&g, "british", "pick-b-percy"), "the fourth is free");
    // A Sea Attack: the French warship and St. Simon, who stays aboard while
    // the British warship in New York is there (8.4), pin two of four.
    let mut g = position(&[
        ("b-ship-howe", "New York", 3),
        ("b-grey", "New York", 3),
        ("b-grant", "New York", 3),
        ("b-percy", "New York", 3),
        ("f-ship-debarras", "atlantic", 3),
        ("f-stsimon", "atlantic", 3),
    ]);
    g.french_entered = true;
    let ny = Liberty::place_named("New York");
    g.begin_actions(1, 1, 1);
    act(&mut g, "american", &group("atlantic"));
    walk(&mut g, "american", "f-ship-debarras", &[&sail("New York")]);
    walk(&mut g, "american", "f-stsimon", &[&sail("New York")]);
    end_group(&mut g, "american");
    if g.waits_for("american") && legal(&g, "american", "end-actions") {
        act(&mut g, "american", "end-actions");
    }
    assert!(g.attack_at(ny).unwrap().sea.is_some(), "a Sea Attack");
    assert!(g.waits_for("british"));
    assert_eq!(g.pin_count(ny, BRITISH), 2, "the warship and the block at sea");
    act(&mut g, "british", &group("New York"));
    act(&mut g, "british", "pin-b-grey");
    assert!(!legal(&g, "british", "pick-b-percy"), "the warship pins one too");
    act(&mut g, "british", "pin-b-grant");
    assert!(legal(&g, "british", "pick-b-percy"));
}

// rule: liberty 5.6, 5.5
#[test]
fn river_moves_go_two_hexes_along_one_river_and_allow_no_force_march() {
    let mut g = position(&[
        ("a-morgan", "Albany", 3),
        ("a-gates", "Fort Ticonderoga", 3),
        ("a-greene", "Fort Ticonderoga", 3),
        ("b-butler", "Fort Niagara", 3),
        ("b-peters", "Montreal", 2),
    ]);
    g.begin_actions(1, 1, 3);
    // Albany to New York: two hexes down the Hudson for a one-hex block.
    act(&mut g, "american", &group("Albany"));
    act(&mut g, "american", "pick-a-morgan");
    assert!(legal(&g, "american", &river("New York")));
    act(&mut g, "american", &river("New York"));
    assert_eq!(g.where_is("a-morgan"), "New York");
    assert_eq!(g.force_marched, 0);
    // Fort Ticonderoga: along Lake Champlain but not past Saratoga to Albany.
    act(&mut g, "american", &group("Fort Ticonderoga"));
    act(&mut g, "american", "pick-a-gates");
    assert!(legal(&g, "american", &river("Saratoga")));
    assert!(!legal(&g, "american", &river("Albany")));
    // Up the lake and the Richelieu into Montreal: a river move may attack,
    // across forest hexsides without stopping at them.
    act(&mut g, "american", &river("Montreal"));
    assert_eq!(g.where_is("a-gates"), "Montreal");
    assert!(legal(&g, "american", "pick-a-greene"));
    act(&mut g, "american", "pick-a-greene");
    act(&mut g, "american", &river("Saratoga"));
    // A river move is the whole move: no force march after it.
    assert!(!steps_offered(&g, "american"));
    act(&mut g, "american", "end-actions");
    assert!(g.waits_for("british"));
    // Niagara Falls: the Lake Ontario shore does not lead on to Lake Erie.
    act(&mut g, "british", &group("Fort Niagara"));
    act(&mut g, "british", "pick-b-butler");
    assert!(legal(&g, "british", &river("Fort Oswego")));
    assert!(!legal(&g, "british", &river("0906")));
    assert!(!legal(&g, "british", &river("0807")));
}

// rule: liberty 5.5
#[test]
fn force_march_rolls_come_after_all_movement_and_capture_a_strength_one_block() {
    let mut g = position(&[
        ("a-ward", "Boston", 1),
        ("a-lee", "Boston", 3),
        ("a-pickens", "Newport", 3),
    ]);
    g.begin_actions(1, 1, 2);
    g.core.dice.script([3]);
    act(&mut g, "american", &group("Boston"));
    walk(&mut g, "american", "a-ward", &[&step("Springfield"), &step("Albany")]);
    walk(&mut g, "american", "a-lee", &[&step("Springfield")]);
    end_group(&mut g, "american");
    assert_eq!(g.core.dice.scripted_left(), 1, "no roll before all movement is done");
    assert_eq!(g.where_is("a-ward"), "Albany");
    act(&mut g, "american", &group("Newport"));
    walk(&mut g, "american", "a-pickens", &[&step("Hartford")]);
    assert!(g.waits_for("british"));
    assert_eq!(g.core.dice.scripted_left(), 0);
    assert_eq!(g.where_is("a-ward"), "prisoner");
    assert_eq!(g.where_is("a-lee"), "Springfield");
}

// rule: liberty 5.4
#[test]
fn naval_choke_points_close_the_bay_and_the_estuary() {
    let mut g = position(&[
        ("b-grey", "atlantic", 3),
        ("b-grant", "Baltimore", 3),
        ("b-percy", "Philadelphia", 3),
        ("a-ward", "Yorktown", 3),
        ("a-pickens", "Dover", 3),
    ]);
    g.begin_actions(0, 0, 3);
    act(&mut g, "british", &group("atlantic"));
    act(&mut g, "british", "pick-b-grey");
    assert!(
        !legal(&g, "british", &sail("Baltimore")),
        "Yorktown closes the Chesapeake"
    );
    assert!(
        !legal(&g, "british", &sail("Philadelphia")),
        "Dover closes the Delaware"
    );
    assert!(legal(&g, "british", &sail("Norfolk")) || legal(&g, "british", &sail("Québec")));
    act(&mut g, "british", &sail("Québec"));
    act(&mut g, "british", &group("Baltimore"));
    act(&mut g, "british", "pick-b-grant");
    assert!(!legal(&g, "british", "sail-atlantic"), "nor can they leave");
    // Ground blocks at Dover are south of the estuary: no way to Monmouth.
    let mut g = position(&[
        ("a-pickens", "Dover", 3),
        ("a-ward", "Monmouth", 3),
        ("a-putnam", "Yorktown", 3),
    ]);
    g.begin_actions(1, 1, 3);
    act(&mut g, "american", &group("Dover"));
    act(&mut g, "american", "pick-a-pickens");
    assert!(!legal(&g, "american", &step("Monmouth")));
    assert!(legal(&g, "american", &step("Philadelphia")));
    act(&mut g, "american", &step("Philadelphia"));
    act(&mut g, "american", "stop");
    act(&mut g, "american", &group("Monmouth"));
    act(&mut g, "american", "pick-a-ward");
    assert!(!legal(&g, "american", &step("Dover")));
    act(&mut g, "american", &step("New Brunswick"));
    act(&mut g, "american", "stop");
    // Ground blocks in Yorktown cannot cross the bay to the hex north of Cape Charles.
    act(&mut g, "american", &group("Yorktown"));
    act(&mut g, "american", "pick-a-putnam");
    assert!(!legal(&g, "american", &step("1212")));
    assert!(legal(&g, "american", &step("Richmond")));
}

// rule: liberty 4.0, 5.4
#[test]
fn weather_forbids_attacks_within_or_from_its_zone_but_not_other_movement() {
    let blocks = [
        ("b-grey", "Boston", 3),
        ("b-grant", "Baltimore", 3),
        ("b-percy", "Baltimore", 3),
        ("a-ward", "1111", 3),
    ];
    // North storm: no attack within the North, not even on a vacant enemy town;
    // moving to a neutral hex is allowed.
    let mut g = position(&blocks);
    g.begin_actions(0, 0, 2);
    g.weather = Weather::North;
    act(&mut g, "british", &group("Boston"));
    act(&mut g, "british", "pick-b-grey");
    assert!(!legal(&g, "british", &step("Springfield")));
    assert!(legal(&g, "british", &step("1606")));
    act(&mut g, "british", &step("1606"));
    act(&mut g, "british", "stop");
    // ... nor from the North into the South (Baltimore is North, 1111 South).
    act(&mut g, "british", &group("Baltimore"));
    act(&mut g, "british", "pick-b-grant");
    assert!(!legal(&g, "british", &step("1111")));
    // South storm: the same attack is within the South.
    let mut g = position(&blocks);
    g.begin_actions(0, 0, 2);
    g.weather = Weather::South;
    act(&mut g, "british", &group("Baltimore"));
    act(&mut g, "british", "pick-b-grant");
    assert!(!legal(&g, "british", &step("1111")));
    // A force march out of the North is an attack from the North as well.
    let mut g = position(&blocks);
    g.begin_actions(0, 0, 2);
    g.weather = Weather::North;
    act(&mut g, "british", &group("Baltimore"));
    act(&mut g, "british", "pick-b-grant");
    act(&mut g, "british", &step("1011"));
    assert!(!legal(&g, "british", &step("1111")));
    // Fair weather: the attack is allowed.
    let mut g = position(&blocks);
    g.begin_actions(0, 0, 2);
    act(&mut g, "british", &group("Baltimore"));
    act(&mut g, "british", "pick-b-grant");
    assert!(legal(&g, "british", &step("1111")));
}

// rule: liberty 4.0, 5.4, 8.4
#[test]
fn a_southern_storm_does_not_stop_a_sea_attack_into_baltimore_or_philadelphia() {
    // ruling: liberty #3 a Sea Attack is judged by its destination only.
    let blocks = [
        ("b-ship-howe", "atlantic", 3),
        ("b-grey", "atlantic", 3),
        ("a-ward", "Baltimore", 3),
        ("a-pickens", "Philadelphia", 3),
        ("a-putnam", "Charleston", 3),
    ];
    let mut g = position(&blocks);
    g.begin_actions(0, 0, 1);
    g.weather = Weather::South;
    act(&mut g, "british", &group("atlantic"));
    act(&mut g, "british", "pick-b-ship-howe");
    assert!(legal(&g, "british", &sail("Baltimore")));
    assert!(legal(&g, "british", &sail("Philadelphia")));
    assert!(!legal(&g, "british", &sail("Charleston")));
    act(&mut g, "british", &sail("Baltimore"));
    walk(&mut g, "british", "b-grey", &[&sail("Baltimore")]);
    assert_eq!(g.where_is("b-grey"), "Baltimore");
    let mut g = position(&blocks);
    g.begin_actions(0, 0, 1);
    g.weather = Weather::North;
    act(&mut g, "british", &group("atlantic"));
    act(&mut g, "british", "pick-b-ship-howe");
    assert!(!legal(&g, "british", &sail("Baltimore")));
    assert!(!legal(&g, "british", &sail("Philadelphia")));
    assert!(legal(&g, "british", &sail("Charleston")));
}

// rule: liberty 5.7, 9.0
#[test]
fn sea_movement_goes_through_the_atlantic_for_british_and_french_only() {
    let mut g = position(&[
        ("b-grey", "Boston", 3),
        ("b-grant", "atlantic", 3),
        ("b-percy", "atlantic", 3),
        ("b-rawdon", "atlantic", 3),
        ("a-ward", "Portsmouth", 3),
        ("a-pickens", "New York", 3),
    ]);
    g.begin_actions(0, 0, 2);
    // From a friendly port to the Atlantic.
    act(&mut g, "british", &group("Boston"));
    walk(&mut g, "british", "b-grey", &["sail-atlantic"]);
    assert_eq!(g.where_is("b-grey"), "the Atlantic");
    // One Action splits a group in the Atlantic over several friendly ports;
    // never into a port with enemy blocks or an enemy port without a warship.
    act(&mut g, "british", &group("atlantic"));
    act(&mut g, "british", "pick-b-grant");
    assert!(!legal(&g, "british", &sail("Portsmouth")));
    assert!(!legal(&g, "british", &sail("Newport")));
    assert!(!legal(&g, "british", "pick-b-grey"), "it has moved this turn");
    act(&mut g, "british", &sail("Boston"));
    walk(&mut g, "british", "b-percy", &[&sail("Québec")]);
    walk(&mut g, "british", "b-rawdon", &[&sail("Norfolk")]);
    assert_eq!(g.where_is("b-grant"), "Boston");
    assert_eq!(g.where_is("b-percy"), "Québec");
    assert_eq!(g.where_is("b-rawdon"), "Norfolk");
    // American blocks never move by sea (9.0); French ones do after entry.
    let mut g = position(&[("a-pickens", "New York", 3), ("f-stsimon", "atlantic", 3)]);
    g.french_entered = true;
    g.begin_actions(1, 1, 2);
    act(&mut g, "american", &group("New York"));
    act(&mut g, "american", "pick-a-pickens");
    assert!(!legal(&g, "american", "sail-atlantic"));
    act(&mut g, "american", &step("West Point"));
    act(&mut g, "american", "stop");
    act(&mut g, "american", &group("atlantic"));
    act(&mut g, "american", "pick-f-stsimon");
    assert!(legal(&g, "american", &sail("New York")));
    assert!(legal(&g, "american", &sail("Newport")));
    assert!(
        !legal(&g, "american", &sail("Québec")),
        "an enemy port needs a Sea Attack"
    );
}

// rule: liberty 5.7, 5.4
#[test]
fn player_two_may_sail_unpinned_blocks_out_of_an_embattled_hex() {
    let mut g = position(&[
        ("a-ward", "Springfield", 3),
        ("b-howe", "Boston", 3),
        ("b-grey", "Boston", 3),
        ("b-grant", "Boston", 3),
    ]);
    g.begin_actions(1, 1, 1);
    act(&mut g, "american", &group("Springfield"));
    walk(&mut g, "american", "a-ward", &[&step("Boston")]);
    assert!(g.waits_for("british"));
    act(&mut g, "british", &group("Boston"));
    act(&mut g, "british", "pin-b-howe");
    act(&mut g, "british", "pick-b-grey");
    assert!(legal(&g, "british", "sail-atlantic"));
    assert!(!legal(&g, "british", &step("Springfield")), "the attack's hexside");
    act(&mut g, "british", "sail-atlantic");
    assert_eq!(g.where_is("b-grey"), "the Atlantic");
}

// rule: liberty 8.1, 2.24, 5.5
#[test]
fn warships_sail_port_to_port_within_two_hexes_or_three_by_force_march() {
    let mut g = position(&[("b-ship-howe", "Boston", 3), ("b-grey", "Boston", 3)]);
    let boston = Liberty::place_named("Boston");
    g.begin_actions(0, 0, 1);
    act(&mut g, "british", &group("Boston"));
    act(&mut g, "british", "pick-b-ship-howe");
    let ids = g.legal_ids("british");
    assert!(ids.contains(&"sail-atlantic".to_string()));
    assert!(!steps_offered(&g, "british"), "warships never move overland");
    let reach = g.warship_reach(0, boston, 3);
    let map = liberty::map::Map::embedded();
    for id in ids
        .iter()
        .filter_map(|x| x.strip_prefix("sail-"))
        .filter(|x| *x != "atlantic")
    {
        let p = map.by_id(id).unwrap();
        assert!(map.is_port(p), "{id} must be a port");
        assert!(reach.iter().any(|r| r.0 == p));
    }
    // Entering the vacant enemy port of Newport is attacking: the ship stops
    // there and Hartford, beyond it, is out of reach.
    assert!(legal(&g, "british", &sail("Newport")));
    assert!(legal(&g, "british", &sail("Portsmouth")));
    assert!(!legal(&g, "british", &sail("Hartford")));
    // From Newport, Portsmouth is three sea hexes away: a force march, rolled
    // after movement (2 loses a step).
    let mut g = position(&[("b-ship-howe", "Newport", 3), ("b-grey", "Newport", 3)]);
    g.begin_actions(0, 0, 1);
    act(&mut g, "british", &group("Newport"));
    act(&mut g, "british", "pick-b-ship-howe");
    g.core.dice.script([2]);
    act(&mut g, "british", &sail("Portsmouth"));
    act(&mut g, "british", "end-group");
    assert_eq!(g.where_is("b-ship-howe"), "Portsmouth");
    assert_eq!(g.strength_of("b-ship-howe"), 2);
    assert_eq!(g.where_is("b-grey"), "Newport", "the ground block did not go along");
}

// rule: liberty 8.4
#[test]
fn a_sea_attack_needs_a_warship_takes_at_most_three_ground_blocks_and_may_split() {
    let mut g = position(&[
        ("b-ship-howe", "atlantic", 3),
        ("b-grey", "atlantic", 3),
        ("b-grant", "atlantic", 3),
        ("b-percy", "atlantic", 3),
        ("b-rawdon", "atlantic", 3),
        ("a-clinton", "New York", 3),
    ]);
    g.begin_actions(0, 0, 1);
    act(&mut g, "british", &group("atlantic"));
    act(&mut g, "british", "pick-b-grey");
    assert!(!legal(&g, "british", &sail("New York")), "no warship has gone in");
    act(&mut g, "british", &sail("Québec"));
    walk(&mut g, "british", "b-ship-howe", &[&sail("New York")]);
    walk(&mut g, "british", "b-grant", &[&sail("New York")]);
    walk(&mut g, "british", "b-percy", &[&sail("New York")]);
    act(&mut g, "british", "pick-b-rawdon");
    assert!(legal(&g, "british", &sail("New York")), "a third ground block");
    act(&mut g, "british", &sail("New York"));
    let a = g.attack_at(Liberty::place_named("New York")).unwrap().clone();
    assert_eq!(
        a.sea,
        Some(Liberty::place_named("atlantic")),
        "sailed from the Atlantic"
    );
    assert_eq!(a.main, Some(liberty::state::BY_SEA));
    // A fourth is one too many.
    let mut g = position(&[
        ("b-ship-howe", "atlantic", 3),
        ("b-grey", "atlantic", 3),
        ("b-grant", "atlantic", 3),
        ("b-percy", "atlantic", 3),
        ("b-rawdon", "atlantic", 3),
        ("a-clinton", "New York", 3),
    ]);
    g.begin_actions(0, 0, 1);
    act(&mut g, "british", &group("atlantic"));
    walk(&mut g, "british", "b-ship-howe", &[&sail("New York")]);
    for b in ["b-grey", "b-grant", "b-percy"] {
        walk(&mut g, "british", b, &[&sail("New York")]);
    }
    act(&mut g, "british", "pick-b-rawdon");
    assert!(!legal(&g, "british", &sail("New York")));
    // Ground blocks sail only from the Atlantic: a warship's move from a port
    // on the map never carries them.
    assert!(legal(&g, "british", &sail("Québec")));
}

// rule: liberty 8.4
#[test]
fn sea_attacks_never_combine_with_another_attack_and_one_per_target() {
    // ruling: liberty #11 one Sea Attack per target hex per turn.
    let blocks = [
        ("b-ship-howe", "atlantic", 3),
        ("b-ship-hood", "atlantic", 3),
        ("b-grey", "atlantic", 3),
        ("b-grant", "atlantic", 3),
        ("b-percy", "West Point", 3),
        ("a-clinton", "New York", 3),
    ];
    // Sea Attack first: the overland attack from West Point is refused.
    let mut g = position(&blocks);
    g.begin_actions(0, 0, 3);
    act(&mut g, "british", &group("atlantic"));
    walk(&mut g, "british", "b-ship-howe", &[&sail("New York")]);
    walk(&mut g, "british", "b-grey", &[&sail("New York")]);
    end_group(&mut g, "british");
    act(&mut g, "british", &group("West Point"));
    act(&mut g, "british", "pick-b-percy");
    assert!(!legal(&g, "british", &step("New York")));
    act(&mut g, "british", &step("1307"));
    act(&mut g, "british", "stop");
    end_group(&mut g, "british");
    // A second Sea Attack on the same port is refused; a warship alone may join.
    act(&mut g, "british", &group("atlantic"));
    let mut probe = g.clone();
    act(&mut probe, "british", "pick-b-grant");
    assert!(!legal(&probe, "british", &sail("New York")));
    act(&mut g, "british", "pick-b-ship-hood");
    act(&mut g, "british", &sail("New York"));
    act(&mut g, "british", "pick-b-grant");
    assert!(
        !legal(&g, "british", &sail("New York")),
        "this warship opened no Sea Attack"
    );
    // Overland attack first: the warship may still join, but no ground block by sea.
    let mut g = position(&blocks);
    g.begin_actions(0, 0, 2);
    act(&mut g, "british", &group("West Point"));
    walk(&mut g, "british", "b-percy", &[&step("New York")]);
    act(&mut g, "british", &group("atlantic"));
    walk(&mut g, "british", "b-ship-howe", &[&sail("New York")]);
    act(&mut g, "british", "pick-b-grey");
    assert!(!legal(&g, "british", &sail("New York")));
    let a = g.attack_at(Liberty::place_named("New York")).unwrap();
    assert_eq!(a.sea, None);
}

// rule: liberty 8.4, 8.2
#[test]
fn a_warship_alone_may_join_an_overland_attack_and_then_the_main_attack_is_declared() {
    let mut g = position(&[
        ("b-ship-howe", "atlantic", 3),
        ("b-percy", "West Point", 3),
        ("a-clinton", "New York", 3),
    ]);
    g.begin_actions(0, 0, 2);
    act(&mut g, "british", &group("atlantic"));
    walk(&mut g, "british", "b-ship-howe", &[&sail("New York")]);
    end_group(&mut g, "british");
    // The warship came alone: an overland attack may follow it in.
    act(&mut g, "british", &group("West Point"));
    walk(&mut g, "british", "b-percy", &[&step("New York")]);
    let ny = Liberty::place_named("New York");
    let a = g.attack_at(ny).unwrap().clone();
    assert_eq!(a.sea, None);
    assert!(matches!(g.frames.last(), Some(Frame::MainAttack { .. })));
    let side = liberty::map::Map::embedded()
        .side_between(ny, Liberty::place_named("West Point"))
        .unwrap();
    assert!(legal(
        &g,
        "british",
        &format!("main-{}-{}", hex_id("New York"), liberty::state::BY_SEA)
    ));
    act(&mut g, "british", &format!("main-{}-{side}", hex_id("New York")));
    assert_eq!(g.attack_at(ny).unwrap().main, Some(side));
}

// rule: liberty 8.4, 5.7
#[test]
fn player_two_cannot_sea_attack_into_its_own_hex_under_attack() {
    let mut g = position(&[
        ("a-ward", "Springfield", 3),
        ("b-howe", "Boston", 3),
        ("b-ship-hood", "atlantic", 3),
        ("b-grey", "atlantic", 3),
    ]);
    g.begin_actions(1, 1, 1);
    act(&mut g, "american", &group("Springfield"));
    walk(&mut g, "american", "a-ward", &[&step("Boston")]);
    act(&mut g, "british", &group("atlantic"));
    act(&mut g, "british", "pick-b-grey");
    assert!(!legal(&g, "british", &sail("Boston")));
    act(&mut g, "british", &sail("Québec"));
    // Warships alone are not restricted.
    act(&mut g, "british", "pick-b-ship-hood");
    assert!(legal(&g, "british", &sail("Boston")));
}

// rule: liberty 9.1, 9.0
#[test]
fn west_indies_moves_and_stacking_before_french_entry() {
    // ruling: liberty #19 French blocks cannot move before French Entry.
    let blocks = [
        ("b-ship-hood", "wi-british", 3),
        ("b-rawdon", "wi-british", 4),
        ("b-grey", "atlantic", 3),
        ("f-ship-debarras", "wi-french", 3),
        ("f-stsimon", "wi-french", 3),
    ];
    let mut g = position(&blocks);
    g.begin_actions(0, 0, 2);
    act(&mut g, "british", &group("atlantic"));
    act(&mut g, "british", "pick-b-grey");
    assert!(!legal(&g, "british", "sail-wi-british"), "two blocks already");
    assert!(!legal(&g, "british", "sail-wi-french"));
    act(&mut g, "british", &sail("Québec"));
    act(&mut g, "british", &group("wi-british"));
    act(&mut g, "british", "pick-b-ship-hood");
    assert!(
        !legal(&g, "british", "sail-wi-french"),
        "no attack on the French before entry"
    );
    assert!(legal(&g, "british", "sail-atlantic"));
    // Only the Atlantic and the other port are reachable from the West Indies.
    assert_eq!(g.legal_ids("british"), vec!["sail-atlantic".to_string()]);
    act(&mut g, "british", "sail-atlantic");
    assert!(!legal(&g, "american", &group("wi-french")));
    // After entry: a Sea Attack directly between the two ports.
    let mut g = position(&blocks);
    g.french_entered = true;
    g.begin_actions(1, 1, 1);
    act(&mut g, "american", &group("wi-french"));
    walk(&mut g, "american", "f-ship-debarras", &["sail-wi-british"]);
    walk(&mut g, "american", "f-stsimon", &["sail-wi-british"]);
    let a = g.attack_at(Liberty::place_named("wi-british")).unwrap();
    assert!(a.sea.is_some() && a.attacker == 1);
}

// rule: liberty 7.22, 5.4
#[test]
fn main_attack_is_declared_at_the_end_of_movement_before_force_march_rolls() {
    // ruling: liberty #7 the Main Attack is a hexside, declared per battle hex.
    let mut g = position(&[
        ("b-howe", "Boston", 3),
        ("a-pickens", "Springfield", 3),
        ("a-ward", "Springfield", 3),
        ("a-wooster", "Portsmouth", 3),
    ]);
    let boston = Liberty::place_named("Boston");
    let map = liberty::map::Map::embedded();
    let from_springfield = map.side_between(boston, Liberty::place_named("Springfield")).unwrap();
    let from_1606 = map.side_between(boston, Liberty::place_named("1606")).unwrap();
    g.begin_actions(1, 1, 3);
    act(&mut g, "american", &group("Springfield"));
    walk(&mut g, "american", "a-pickens", &[&step("Boston")]);
    walk(&mut g, "american", "a-ward", &[&step("Boston")]);
    g.core.dice.script([6]);
    act(&mut g, "american", &group("Portsmouth"));
    walk(&mut g, "american", "a-wooster", &[&step("1606"), &step("Boston")]);
    act(&mut g, "american", "end-actions");
    assert_eq!(
        g.core.dice.scripted_left(),
        1,
        "force march rolls wait for the declaration"
    );
    let ids = g.legal_ids("american");
    assert_eq!(ids.len(), 2, "{ids:?}");
    act(&mut g, "american", &format!("main-1607-{from_1606}"));
    assert_eq!(g.attack_at(boston).unwrap().main, Some(from_1606));
    assert_ne!(Some(from_springfield), g.attack_at(boston).unwrap().main);
    assert!(g.waits_for("british"));
    assert_eq!(g.core.dice.scripted_left(), 0);
}

// rule: liberty 5.4, 7.22
#[test]
fn player_two_entering_a_town_player_one_took_unopposed_is_the_attacker() {
    // ruling: liberty #9 no battle existed, so Player 2 attacks.
    let mut g = position(&[
        ("b-dragoon", "Boston", 3),
        ("b-tarleton", "Albany", 3),
        ("a-ward", "Hartford", 3),
        ("a-pickens", "1606", 3),
    ]);
    let springfield = Liberty::place_named("Springfield");
    g.begin_actions(0, 0, 2);
    act(&mut g, "british", &group("Boston"));
    walk(&mut g, "british", "b-dragoon", &[&step("Springfield")]);
    act(&mut g, "british", &group("Albany"));
    walk(&mut g, "british", "b-tarleton", &[&step("Springfield")]);
    // Unopposed: no Main Attack to declare.
    assert!(g.waits_for("american"));
    assert_eq!(g.attack_at(springfield).unwrap().attacker, 0);
    act(&mut g, "american", &group("Hartford"));
    walk(&mut g, "american", "a-ward", &[&step("Springfield")]);
    act(&mut g, "american", &group("1606"));
    walk(&mut g, "american", "a-pickens", &[&step("Springfield")]);
    let a = g.attack_at(springfield).unwrap();
    assert_eq!(a.attacker, 1);
    assert!(matches!(g.frames.last(), Some(Frame::MainAttack { seat: 1, .. })));
}

/// The Movement Diagram of 5.7: a British Sea Attack on New York with a
/// warship and three blocks, and the American reaction.
fn diagram() -> Liberty {
    let mut g = position(&[
        ("b-ship-howe", "atlantic", 3),
        ("b-grey", "atlantic", 3),
        ("b-grant", "atlantic", 3),
        ("b-percy", "atlantic", 3),
        ("b-dragoon", "Hartford", 3),
        ("a-clinton", "New York", 3),
        ("a-dickinson", "New York", 3),
        ("a-arnold", "West Point", 3),
        ("a-morgan", "Albany", 3),
        ("f-lauzun", "Philadelphia", 3),
        ("f-viomenil", "Philadelphia", 3),
    ]);
    g.french_entered = true;
    g.begin_actions(0, 0, 3);
    act(&mut g, "british", &group("atlantic"));
    for b in ["b-ship-howe", "b-grey", "b-grant", "b-percy"] {
        walk(&mut g, "british", b, &[&sail("New York")]);
    }
    g
}

// rule: liberty 5.7, 8.4, 7.22, 5.6, 5.5
#[test]
fn movement_diagram_sea_attack_on_new_york_and_the_american_reaction() {
    let mut g = diagram();
    // Hartford's block cannot join the Sea Attack on New York (8.4; nor could
    // it reach New York past Arnold).
    act(&mut g, "british", &group("Hartford"));
    let mut probe = g.clone();
    act(&mut probe, "british", "pick-b-dragoon");
    act(&mut probe, "british", &step("West Point"));
    assert!(!steps_offered(&probe, "british"));
    act(&mut g, "british", "end-group");
    act(&mut g, "british", "end-actions");
    // The American reaction: four blocks reinforce New York.
    act(&mut g, "american", &group("West Point"));
    walk(&mut g, "american", "a-arnold", &[&step("New York")]);
    act(&mut g, "american", &group("Albany"));
    walk(&mut g, "american", "a-morgan", &[&river("New York")]);
    g.core.dice.script([6]);
    act(&mut g, "american", &group("Philadelphia"));
    walk(
        &mut g,
        "american",
        "f-lauzun",
        &[&step("New Brunswick"), &step("New York")],
    );
    assert_eq!(g.force_marched, 0, "the dragoon's two hexes are its rating");
    walk(
        &mut g,
        "american",
        "f-viomenil",
        &[&step("New Brunswick"), &step("New York")],
    );
    // The foot force marched: rolled after all movement (6: no loss).
    assert_eq!(g.core.dice.scripted_left(), 0);
    assert_eq!(g.strength_of("f-viomenil"), 3);
    // 7.22: all the reinforcing blocks are reserves in the battle.
    let Some(Frame::Battle(bt)) = g.frames.last() else {
        panic!("the battle for New York begins: {:?}", g.frames.last())
    };
    assert_eq!(bt.attacker, 0);
    for b in ["a-arnold", "a-morgan", "f-lauzun", "f-viomenil"] {
        assert!(bt.reserve & bit(b) != 0, "{b} is a reserve");
    }
    for b in ["a-clinton", "a-dickinson", "b-grey", "b-ship-howe"] {
        assert!(bt.reserve & bit(b) == 0, "{b} fights in round 1");
    }
}

// rule: liberty 5.7, 5.4, 5.6
#[test]
fn movement_diagram_the_hartford_block_pins_arnold_and_interdicts_morgan() {
    let mut g = diagram();
    act(&mut g, "british", &group("Hartford"));
    walk(&mut g, "british", "b-dragoon", &[&step("West Point")]);
    act(&mut g, "british", "end-actions");
    // One attacker pins Arnold, the one defender.
    assert!(!legal(&g, "american", &group("West Point")));
    act(&mut g, "american", &group("Albany"));
    act(&mut g, "american", "pick-a-morgan");
    assert!(
        !legal(&g, "american", &river("New York")),
        "West Point is enemy-occupied now"
    );
    assert!(legal(&g, "american", &river("West Point")), "it may join that battle");
}

/// The warning an action's description carries, by id.
fn warning(g: &Liberty, seat: &str, id: &str) -> Option<String> {
    let s = <Liberty as engine::Title>::info().seat(seat).unwrap();
    engine::described(g, s)
        .into_iter()
        .find(|a| a.id == id)
        .expect("legal")
        .warning
}

// rule: liberty 5.5
#[test]
fn a_force_march_step_says_its_risk_before_it_is_taken() {
    let mut g = position(&[("a-greene", "Boston", 3)]);
    g.begin_actions(1, 1, 1);
    act(&mut g, "american", "group-1607");
    act(&mut g, "american", "pick-a-greene");
    assert_eq!(warning(&g, "american", &step("Springfield")), None, "within its move");
    act(&mut g, "american", &step("Springfield"));
    let w = warning(&g, "american", &step("Albany")).expect("one hex beyond its move");
    assert!(
        w.starts_with("Force march (5.5): Greene goes one hex beyond its move"),
        "{w}"
    );
    assert!(w.contains("1-3 loses a step"), "{w}");
}

// rule: liberty 1.6, 5.4, 5.7
#[test]
fn sailing_into_the_atlantic_beside_enemy_blocks_is_no_attack_and_pins_none() {
    // British Player 1 sails two blocks from Boston to the Atlantic, where the
    // French wait: "No combat is allowed" there (1.6), so nothing attacks and
    // the French may still sail out (before, the two British blocks pinned
    // both French ones and the American could not move that group).
    let mut g = position(&[
        ("b-grey", "Boston", 3),
        ("b-grant", "Boston", 3),
        ("f-ship-debarras", "atlantic", 3),
        ("f-stsimon", "atlantic", 3),
    ]);
    g.french_entered = true;
    g.begin_actions(BRITISH, BRITISH, 1);
    g.played[1] = Some(liberty::cards::Card::A1);
    act(&mut g, "british", &group("Boston"));
    walk(&mut g, "british", "b-grey", &[&sail("atlantic")]);
    walk(&mut g, "british", "b-grant", &[&sail("atlantic")]);
    end_group(&mut g, "british");
    assert!(g.attack_at(Liberty::place_named("atlantic")).is_none());
    assert!(!log_text(&g, None).contains("attacks the Atlantic"));
    assert_eq!(seat_waiting(&g), "american");
    act(&mut g, "american", &group("atlantic"));
    assert!(
        !matches!(g.frames.last(), Some(Frame::Pin { .. })),
        "no block is pinned in the Atlantic"
    );
    walk(&mut g, "american", "f-ship-debarras", &[&sail("Newport")]);
    walk(&mut g, "american", "f-stsimon", &[&sail("Newport")]);
    assert_eq!(g.where_is("f-stsimon"), "Newport");
}

// rule: liberty 8.4, 8.1
#[test]
fn a_warship_sailing_in_along_the_coast_keeps_the_sea_attack_a_sea_attack() {
    // The Howe fleet carries Grey from the Atlantic against New York, held by
    // de Barras and Clinton; Hood joins from Newport on the map. "Moves by
    // warships only are not restricted": Grey stays aboard while de Barras
    // holds the sea (before, Hood's coming made it an overland attack: Grey
    // fought ashore from round 1 and the Main Attack was asked for).
    let mut g = position(&[
        ("b-ship-howe", "atlantic", 3),
        ("b-grey", "atlantic", 3),
        ("b-ship-hood", "Newport", 3),
        ("f-ship-debarras", "New York", 3),
        ("a-clinton", "New York", 3),
    ]);
    g.french_entered = true;
    g.begin_actions(BRITISH, BRITISH, 2);
    act(&mut g, "british", &group("atlantic"));
    walk(&mut g, "british", "b-ship-howe", &[&sail("New York")]);
    walk(&mut g, "british", "b-grey", &[&sail("New York")]);
    end_group(&mut g, "british");
    act(&mut g, "british", &group("Newport"));
    walk(&mut g, "british", "b-ship-hood", &[&sail("New York")]);
    end_group(&mut g, "british");
    let ny = Liberty::place_named("New York");
    let a = g.attack_at(ny).unwrap().clone();
    assert_eq!(a.sea, Some(Liberty::place_named("atlantic")));
    assert_eq!(a.main, Some(liberty::state::BY_SEA));
    if g.waits_for("british") {
        assert!(!matches!(g.frames.last(), Some(Frame::MainAttack { .. })));
        act(&mut g, "british", "end-actions");
    }
    act(&mut g, "american", "end-actions");
    // Round 1: de Barras fires first; Clinton may not fire while the fleets fight.
    g.core.dice.script([6; 12]);
    act(&mut g, "american", "fire-f-ship-debarras");
    act(&mut g, "british", "fire-b-ship-howe");
    let legal = ids(&g, "american");
    assert!(!legal.contains(&"fire-a-clinton".to_string()), "{legal:?}");
    assert!(
        !ids(&g, "british").contains(&"fire-b-grey".to_string()),
        "Grey is still aboard"
    );
}

// rule: liberty 5.5, 8.1
#[test]
fn a_warship_force_march_says_its_risk_before_it_is_taken() {
    // A fleet's move on the map is two hexes (8.1); a port three hexes off
    // is a force march ("even warships", 5.5), so its choice carries the
    // warning and says so, like a step. The first port from which both
    // kinds of move go.
    let map = liberty::map::Map::embedded();
    let probe = position(&[]);
    let home = map
        .ports
        .iter()
        .copied()
        .find(|&p| {
            let r = probe.warship_reach(BRITISH, p, 3);
            !map.west_indies.contains(&p) && r.iter().any(|x| x.1 == 3) && r.iter().any(|x| x.1 <= 2)
        })
        .expect("a port with ports two and three hexes off");
    let home = map.space(home).id.clone();
    let mut g = position(&[("b-ship-howe", &home, 3)]);
    g.begin_actions(0, 0, 1);
    act(&mut g, "british", &group(&home));
    act(&mut g, "british", "pick-b-ship-howe");
    let reach = g.warship_reach(BRITISH, hex(&home), 3);
    let far = reach.iter().find(|r| r.1 == 3).unwrap();
    let near = reach.iter().find(|r| r.1 <= 2).unwrap();
    let id = |h: u16| format!("sail-{}", map.space(h).id);
    let (label, w) = described(&g, "british", &id(far.0));
    assert!(label.ends_with("(force march)"), "{label}");
    let w = w.expect("a force march");
    assert!(
        w.starts_with("Force march (5.5): Howe (fleet) sails one hex beyond its move"),
        "{w}"
    );
    assert!(w.contains("1-3 loses a step"), "{w}");
    // Howe alone, on the last Action: any move ends the Actions (said, but
    // no force march).
    let (label, w) = described(&g, "british", &id(near.0));
    assert!(
        !label.contains("force march") && w.as_deref().is_some_and(|w| w.starts_with("This is your last Action")),
        "{label} {w:?}"
    );
    assert!(!described(&g, "british", "sail-atlantic")
        .1
        .unwrap()
        .contains("Force march"));
}

// ruling: liberty #28 — a move may end in the hex it began in; said so.
// rule: liberty 5.5, 5.1
#[test]
fn a_force_march_step_is_labelled_and_a_step_back_home_is_told() {
    let mut g = position(&[("a-greene", "Boston", 3)]);
    g.begin_actions(1, 1, 1);
    act(&mut g, "american", "group-1607");
    act(&mut g, "american", "pick-a-greene");
    assert_eq!(described(&g, "american", &step("Springfield")).0, "Step to Springfield");
    act(&mut g, "american", &step("Springfield"));
    assert_eq!(
        described(&g, "american", &step("Albany")).0,
        "Step to Albany (force march)"
    );
    // Back into the hex its move began in: legal, and said.
    let (label, w) = described(&g, "american", &step("Boston"));
    assert_eq!(label, "Step back to Boston, where its move began (force march)");
    let w = w.unwrap();
    assert!(w.contains("It ends where it began, in Boston."), "{w}");
    // Taken, the log says "out of Boston and back", not "from Boston to Boston".
    let from = log_len(&g);
    act(&mut g, "american", &step("Boston"));
    end_group(&mut g, "american");
    let own = log_text(&g, Some(AMERICAN));
    assert!(
        own.contains("American moves Greene out of Boston and back by force march."),
        "{own}"
    );
    let theirs = log_from(&g, from);
    assert!(
        theirs.contains("American moves a block out of Boston and back by force march."),
        "{theirs}"
    );
    assert!(!own.contains("from Boston to Boston"), "{own}");
    // A block of move 2 goes out and back without a force march: the label
    // still says where it ends, and no risk is warned of.
    let mut g = position(&[("a-marion", "Boston", 3)]);
    g.begin_actions(1, 1, 1);
    act(&mut g, "american", "group-1607");
    act(&mut g, "american", "pick-a-marion");
    act(&mut g, "american", &step("Springfield"));
    let (label, w) = described(&g, "american", &step("Boston"));
    assert_eq!((label.as_str(), w), ("Step back to Boston, where its move began", None));
}

// ruling: liberty #29 — a Group Move of no block spends its Action; said before and after.
// rule: liberty 5.1, 3.1
#[test]
fn an_empty_group_move_says_it_spends_the_action_and_a_pick_says_how_to_take_it_back() {
    let mut g = position(&[
        ("a-greene", "Boston", 3),
        ("a-putnam", "Boston", 3),
        ("a-ward", "Springfield", 3),
    ]);
    g.begin_actions(1, 1, 2);
    act(&mut g, "american", "group-1607");
    assert_eq!(
        prompt(&g, "american"),
        "Group Move from Boston: choose a block to move, or end the group move \
         (with no block moved, the Action is still spent)."
    );
    assert_eq!(
        described(&g, "american", "end-group").0,
        "End this group move without moving a block (the Action is spent)"
    );
    // A picked block that has not moved has no "stop": the prompt says so.
    act(&mut g, "american", "pick-a-greene");
    assert!(!legal(&g, "american", "stop"));
    assert_eq!(
        prompt(&g, "american"),
        "Move Greene (in Boston): choose where it goes, or undo to leave it where it is."
    );
    // Once it has stepped, it may stop, and the group move reads as before.
    act(&mut g, "american", &step("1606"));
    assert_eq!(
        prompt(&g, "american"),
        "Move Greene (now in hex 1606): step on, move by river or sea, or stop."
    );
    act(&mut g, "american", "stop");
    assert_eq!(described(&g, "american", "end-group").0, "End this group move");
    end_group(&mut g, "american");
    // The second Action: a Group Move ended with nothing moved is logged as
    // spent, and leaves no Action.
    act(&mut g, "american", "group-1506");
    act(&mut g, "american", "end-group");
    assert!(
        log_text(&g, None)
            .contains("American ends the Group Move from Springfield without moving a block: the Action is spent."),
        "{}",
        log_text(&g, None)
    );
    assert!(!legal(&g, "american", "group-1506"));
}

// rule: liberty 7.22, 8.1
#[test]
fn main_attack_choices_tell_a_land_entry_from_a_sea_entry_of_one_place() {
    // Grey steps from Boston into Newport; the fleet sails there round the
    // coast through hex 1707. Both came from Boston: the choices say how,
    // and which blocks each brings.
    let mut g = position(&[
        ("b-grey", "Boston", 3),
        ("b-ship-howe", "Boston", 3),
        ("a-wooster", "Newport", 2),
    ]);
    g.begin_actions(0, 0, 1);
    act(&mut g, "british", &group("Boston"));
    walk(&mut g, "british", "b-grey", &[&step("Newport")]);
    walk(&mut g, "british", "b-ship-howe", &[&sail("Newport")]);
    end_group(&mut g, "british");
    if legal(&g, "british", "end-actions") {
        act(&mut g, "british", "end-actions");
    }
    let newport = hex("Newport");
    let sea_side = g.entry[liberty::blocks::by_id("b-ship-howe").unwrap() as usize];
    let sea_from = liberty::map::Map::embedded().sides[sea_side as usize].clone();
    let via = if sea_from.a == newport { sea_from.b } else { sea_from.a };
    let via = liberty::map::Map::embedded().space(via).id.clone();
    let land = format!("main-{}-{}", hex_id("Newport"), side("Boston", "Newport"));
    let sea = format!("main-{}-{sea_side}", hex_id("Newport"));
    assert_eq!(
        described(&g, "british", &land).0,
        "Main Attack on Newport by land from Boston: Grey"
    );
    assert_eq!(
        described(&g, "british", &sea).0,
        format!("Main Attack on Newport by sea from hex {via}: Howe (fleet)")
    );
    act(&mut g, "british", &land);
    assert!(
        log_text(&g, None).contains(
            "The Main Attack on Newport is declared: the blocks that came by land from Boston; the others wait in reserve."
        ),
        "{}",
        log_text(&g, None)
    );
}

// rule: liberty 3.1, 5.1
#[test]
fn a_last_action_that_ends_the_actions_by_itself_warns_and_end_actions_counts_unused() {
    // Player 2 (American), one Action: Greene steps into enemy-held
    // Springfield and must stop; no other block can move, so the Group Move
    // and the Actions end by themselves and the battle follows.
    let mut g = position(&[("a-greene", "Boston", 3), ("b-howe", "Springfield", 3)]);
    g.begin_actions(0, 1, 1);
    act(&mut g, "american", "group-1607");
    act(&mut g, "american", "pick-a-greene");
    let w = described(&g, "american", &step("Springfield")).1.expect("a warning");
    assert!(w.starts_with("This is your last Action"), "{w}");
    assert!(w.contains("the battles begin"), "{w}");
    assert!(w.ends_with("This cannot be undone."), "{w}");

    // With an Action left and a block free elsewhere, nothing ends by itself.
    let mut g = position(&[
        ("a-greene", "Boston", 3),
        ("a-ward", "Albany", 3),
        ("b-howe", "Springfield", 3),
    ]);
    g.begin_actions(0, 1, 2);
    act(&mut g, "american", "group-1607");
    act(&mut g, "american", "pick-a-greene");
    assert_eq!(described(&g, "american", &step("Springfield")).1, None);
    act(&mut g, "american", &step("Springfield"));
    // Ending the Actions with one unused: said in the label and warned.
    end_group(&mut g, "american");
    let (label, w) = described(&g, "american", "end-actions");
    assert_eq!(label, "End your actions (1 left unused)");
    let w = w.expect("a warning");
    assert!(
        w.starts_with("1 Action unused: ending your Actions loses it (3.1)."),
        "{w}"
    );

    // Player 1 with one Action: the other player's Actions follow.
    let mut g = position(&[("b-howe", "Boston", 3), ("a-ward", "Springfield", 3)]);
    g.begin_actions(0, 0, 1);
    act(&mut g, "british", "group-1607");
    act(&mut g, "british", "pick-b-howe");
    let w = described(&g, "british", &step("Springfield")).1.expect("a warning");
    assert!(w.contains("Then the American Actions follow."), "{w}");
}

// rule: liberty 8.1, 5.2
#[test]
fn warships_ignore_hexside_limits_and_leave_them_to_the_ground_blocks() {
    // Yorktown-Norfolk is a clear hexside on the water: four British ground
    // blocks a turn, and any number of warships besides.
    let mut g = position(&[
        ("b-ship-howe", "Yorktown", 3),
        ("b-ship-hood", "Yorktown", 3),
        ("b-grey", "Yorktown", 3),
        ("b-grant", "Yorktown", 3),
        ("b-rawdon", "Yorktown", 3),
        ("b-percy", "Yorktown", 3),
        ("b-heister", "Yorktown", 3),
    ]);
    g.begin_actions(0, 0, 1);
    act(&mut g, "british", &group("Yorktown"));
    walk(&mut g, "british", "b-ship-howe", &[&sail("Norfolk")]);
    for id in ["b-grey", "b-grant", "b-rawdon", "b-percy"] {
        walk(&mut g, "british", id, &[&step("Norfolk")]);
    }
    // The warships counted nothing: the four ground blocks filled it.
    assert_eq!(g.side_use[side("Yorktown", "Norfolk") as usize], [4, 0]);
    walk(&mut g, "british", "b-ship-hood", &[&sail("Norfolk")]);
    assert_eq!(
        g.where_is("b-ship-hood"),
        "Norfolk",
        "a full hexside does not stop a warship"
    );
    act(&mut g, "british", "pick-b-heister");
    assert!(
        !legal(&g, "british", &step("Norfolk")),
        "the hexside is full for ground blocks"
    );
}

// rule: liberty 2.25, 5.5
#[test]
fn an_indian_may_force_march_a_third_wilderness_hex() {
    let mut g = position(&[("b-mohawk", "Mohawk", 2)]);
    g.begin_actions(0, 0, 1);
    act(&mut g, "british", &group("Mohawk"));
    act(&mut g, "british", "pick-b-mohawk");
    act(&mut g, "british", &step("1304"));
    act(&mut g, "british", &step("1404"));
    // Its two hexes are done; a third is a force march, still in the wilderness.
    let third = ids(&g, "british")
        .into_iter()
        .find(|i| i.starts_with("step-"))
        .expect("an Indian may force march");
    let to = third.strip_prefix("step-").unwrap();
    assert!(liberty::map::Map::embedded().space(hex(to)).wilderness);
    // 5.5 the roll comes after all movement: 2 loses a step.
    g.core.dice.script([2]);
    act(&mut g, "british", &third);
    assert_eq!(g.strength_of("b-mohawk"), 1);
}
