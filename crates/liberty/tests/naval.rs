//! Naval battles (8.2), shore bombardment (8.3), sea attacks (8.4), sea
//! retreats (8.5), warship control (8.6) and West Indies battles (9.1),
//! played through the public API with scripted dice.

mod support;

use liberty::map::Terrain;
use liberty::Liberty;
use support::*;

fn fire(g: &mut Liberty, seat: &str, block: &str) {
    act(g, seat, &format!("fire-{block}"));
}

fn retreats_of(g: &Liberty, seat: &str, block: &str) -> Vec<String> {
    let mut v: Vec<String> = ids(g, seat)
        .iter()
        .filter_map(|i| i.strip_prefix(&format!("retreat-{block}-")).map(String::from))
        .collect();
    v.sort();
    v
}

/// A British Sea Attack on New York from the Atlantic: the Howe fleet with
/// `ground` blocks aboard, against de Barras and Clinton.
fn sea_attack_on_new_york(fleet: u8, ground: &[(&str, u8)], debarras: u8, clinton: u8) -> Liberty {
    let mut g = position(&[
        ("f-ship-debarras", "New York", debarras),
        ("a-clinton", "New York", clinton),
    ]);
    g.french_entered = true;
    g.put("b-ship-howe", "New York", fleet);
    g.entered("b-ship-howe", "sea");
    for (b, s) in ground {
        g.put(b, "New York", *s);
        g.entered(b, "sea");
    }
    g.player1 = BRITISH;
    g
}

// ruling: liberty #12 — a Sea-Attack dragoon is C in the round it lands.
// ruling: liberty #13 — warship hits go to enemy warships, the surplus to ground blocks.
// rule: liberty 8.2, 8.4, 2.12
#[test]
fn naval_battle_then_landing_with_dragoons_at_c() {
    let mut g = sea_attack_on_new_york(3, &[("b-grey", 3), ("b-dragoon", 3)], 1, 3);
    g.core.dice.script([1, 1, 1]);
    g.begin_battles();
    // The roster says who is still aboard (8.4).
    assert!(
        log_text(&g, None).contains("Harcourt B2 (3, aboard)"),
        "{}",
        log_text(&g, None)
    );
    // A blocks first, the defender's before the attacker's; ground blocks wait.
    assert_eq!(seat_waiting(&g), "american");
    assert!(ids(&g, "american").contains(&"fire-f-ship-debarras".to_string()));
    assert!(!ids(&g, "american").iter().any(|i| i.contains("clinton")));
    fire(&mut g, "american", "f-ship-debarras");
    // The hit goes to the fleet although Grey and Harcourt are as strong.
    assert_eq!(
        (
            g.strength_of("b-ship-howe"),
            g.strength_of("b-grey"),
            g.strength_of("b-dragoon")
        ),
        (2, 3, 3)
    );
    let legal = ids(&g, "british");
    assert!(legal.contains(&"fire-b-ship-howe".to_string()), "{legal:?}");
    assert!(
        !legal
            .iter()
            .any(|i| i.starts_with("fire-b-grey") || i.starts_with("fire-b-dragoon")),
        "{legal:?}"
    );
    // Two hits: de Barras sinks, the surplus hit carries over to Clinton.
    fire(&mut g, "british", "b-ship-howe");
    assert_eq!(g.where_is("f-ship-debarras"), "prisoner");
    assert_eq!(g.strength_of("a-clinton"), 2);
    assert!(log_text(&g, None).contains("the attacking blocks land"));
    // Landed at once: Clinton (C, defender) fires, then Grey and the dragoon,
    // which is C in its landing round.
    g.core.dice.script([6; 8]);
    assert_eq!(ids(&g, "american")[0], "fire-a-clinton");
    fire(&mut g, "american", "a-clinton");
    let legal = ids(&g, "british");
    assert!(
        legal.contains(&"fire-b-grey".to_string()) && legal.contains(&"fire-b-dragoon".to_string()),
        "{legal:?}"
    );
    fire(&mut g, "british", "b-dragoon");
    assert!(
        last_roll(&g).1.contains("Harcourt C2 (3, landing) fires at C2"),
        "{}",
        last_roll(&g).1
    );
    fire(&mut g, "british", "b-grey");
    // Round 2: after the fleet (A), the dragoon is B again and fires before Clinton.
    assert_eq!(round(&g), 2);
    g.core.dice.script([6; 8]);
    fire(&mut g, "british", "b-ship-howe");
    let (seat, legal) = waiting(&g);
    assert_eq!(seat, "british");
    assert!(
        legal.contains(&"fire-b-dragoon".to_string()) && !legal.contains(&"fire-b-grey".to_string()),
        "{legal:?}"
    );
}

// rule: liberty 8.4, 7.22
// ruling: liberty #25
#[test]
fn a_reserve_warship_does_not_keep_a_sea_attack_aboard_in_round_one() {
    // De Barras sailed in this turn to reinforce the battle the British
    // started: a reserve, not there until round 2 (7.22). Grey and Harcourt
    // land at once and round 1 is fought ashore, Clinton firing.
    let mut g = sea_attack_on_new_york(2, &[("b-grey", 3), ("b-dragoon", 3)], 3, 3);
    g.entered("f-ship-debarras", "sea");
    g.core.dice.script([6; 8]);
    g.begin_battles();
    let seen = log_text(&g, None);
    assert!(seen.contains("Harcourt C2 (3, landing)"), "{seen}");
    assert!(!seen.contains("aboard"), "{seen}");
    assert!(!seen.contains("De Barras"), "the reserve stays hidden: {seen}");
    // Howe, an A block, bombards first: no enemy warship fights round 1.
    assert_eq!(seat_waiting(&g), "british");
    fire(&mut g, "british", "b-ship-howe");
    assert_eq!(seat_waiting(&g), "american");
    assert!(
        ids(&g, "american").contains(&"fire-a-clinton".to_string()),
        "{:?}",
        ids(&g, "american")
    );
}

// rule: liberty 8.4
#[test]
fn failed_landing_costs_each_ground_block_a_step_and_returns_it_to_the_atlantic() {
    let mut g = sea_attack_on_new_york(1, &[("b-grey", 3), ("b-fraser", 1)], 3, 3);
    g.core.dice.script([1, 6, 6]);
    g.begin_battles();
    fire(&mut g, "american", "f-ship-debarras");
    assert_eq!(g.where_is("b-ship-howe"), "prisoner");
    assert_eq!(g.where_is("b-grey"), "the Atlantic");
    assert_eq!(g.strength_of("b-grey"), 2);
    assert_eq!(g.where_is("b-fraser"), "prisoner");
    let seen = log_text(&g, None);
    assert!(seen.contains("Grey loses a step and returns to the Atlantic"), "{seen}");
    // The defender has won.
    assert!(!in_battle(&g) || ids(&g, "american").contains(&"regroup-done".to_string()));
    assert_eq!(g.where_is("a-clinton"), "New York");
}

// ruling: liberty #13 — a bombardment hit on a strength-1 ground block is lost.
// rule: liberty 8.3
#[test]
fn shore_bombardment_cannot_eliminate_and_warships_take_ground_hits() {
    let mut g = position(&[("b-ship-howe", "Boston", 3)]);
    for (b, s) in [("a-ward", 1), ("a-pickens", 2)] {
        g.put(b, "Boston", s);
        g.entered(b, "Springfield");
    }
    g.player1 = AMERICAN;
    g.core.dice.script([1, 1, 1, 1, 6, 6]);
    g.begin_battles();
    fire(&mut g, "british", "b-ship-howe");
    // One hit reduces Pickens to 1; the two others are lost, no choice asked.
    assert_eq!((g.strength_of("a-ward"), g.strength_of("a-pickens")), (1, 1));
    assert_eq!(
        log_text(&g, None).matches("Shore bombardment cannot eliminate").count(),
        2
    );
    assert_eq!(seat_waiting(&g), "american");
    assert!(ids(&g, "american").iter().all(|i| !i.starts_with("hit-")));
    fire(&mut g, "american", "a-ward");
    assert_eq!(g.strength_of("b-ship-howe"), 2);
}

// ruling: liberty #13 — ground-block hits go only to ground blocks while both sides have warships.
// rule: liberty 8.2, 7.22
#[test]
fn ground_hits_spare_warships_while_both_sides_have_them() {
    let mut g = position(&[("a-ward", "Boston", 3), ("f-ship-debarras", "Boston", 3)]);
    g.french_entered = true;
    g.put("b-grey", "Boston", 2);
    g.entered("b-grey", "1606");
    // The fleet enters across a sea hexside, not the Main Attack: a reserve.
    g.put("b-ship-howe", "Boston", 3);
    g.entered("b-ship-howe", "1706");
    g.player1 = BRITISH;
    g.core.dice.script([6; 8]);
    g.begin_battles();
    assert_eq!(shown_in(&g, AMERICAN, "1607", "british"), sorted(&["b-grey"]));
    let taken = fire_round(&mut g);
    assert!(!taken.iter().any(|t| t.1.contains("ship-howe")), "{taken:?}");
    assert_eq!(round(&g), 2);
    g.core.dice.script([1, 6, 6, 6, 6, 1, 6, 6]);
    fire(&mut g, "american", "f-ship-debarras");
    assert_eq!((g.strength_of("b-ship-howe"), g.strength_of("b-grey")), (2, 2));
    fire(&mut g, "british", "b-ship-howe");
    fire(&mut g, "american", "a-ward");
    // Ward's hit goes to Grey, though the fleet is as strong.
    assert_eq!((g.strength_of("b-ship-howe"), g.strength_of("b-grey")), (2, 1));
}

/// Americans attack British Boston (fleet and `ground`) from Springfield.
fn boston_defended_by_sea(ground: &[&str]) -> Liberty {
    let mut g = position(&[("b-ship-howe", "Boston", 3)]);
    for b in ground {
        g.put(b, "Boston", 3);
    }
    g.recompute_control();
    g.put("a-ward", "Boston", 3);
    g.entered("a-ward", "Springfield");
    g.player1 = AMERICAN;
    g
}

// rule: liberty 8.5
#[test]
fn sea_retreat_of_at_most_three_ground_blocks_after_an_unopposed_warship() {
    let ground = ["b-grey", "b-grant", "b-percy", "b-knyphausen"];
    let mut g = boston_defended_by_sea(&ground);
    g.begin_battles();
    // Before the warship leaves, nobody may go by sea.
    assert!(retreats_of(&g, "british", "b-ship-howe").contains(&"atlantic".to_string()));
    act(&mut g, "british", "retreat-b-ship-howe-atlantic");
    assert_eq!(g.where_is("b-ship-howe"), "the Atlantic");
    for b in &ground[..3] {
        assert_eq!(retreats_of(&g, "british", b), sorted(&["1606", "atlantic"]), "{b}");
        act(&mut g, "british", &format!("retreat-{b}-atlantic"));
    }
    assert_eq!(retreats_of(&g, "british", "b-knyphausen"), sorted(&["1606"]));
    // Next round the warship is gone: no more sea retreats.
    g.core.dice.script([6; 10]);
    fire(&mut g, "british", "b-knyphausen");
    fire(&mut g, "american", "a-ward");
    assert_eq!(round(&g), 2);
    assert_eq!(retreats_of(&g, "british", "b-knyphausen"), sorted(&["1606"]));
}

// rule: liberty 8.5, 5.7
#[test]
fn american_blocks_never_retreat_by_sea_french_blocks_may() {
    let mut g = position(&[
        ("f-ship-debarras", "Boston", 3),
        ("f-stsimon", "Boston", 3),
        ("a-ward", "Boston", 3),
    ]);
    g.french_entered = true;
    g.put("b-grey", "Boston", 3);
    g.entered("b-grey", "1606");
    g.player1 = BRITISH;
    g.begin_battles();
    act(&mut g, "american", "retreat-f-ship-debarras-atlantic");
    assert!(retreats_of(&g, "american", "f-stsimon").contains(&"atlantic".to_string()));
    assert!(!retreats_of(&g, "american", "a-ward").contains(&"atlantic".to_string()));
    assert!(!retreats_of(&g, "american", "a-ward").is_empty());
}

// rule: liberty 8.5
#[test]
fn no_sea_retreat_from_land_when_the_warship_was_opposed() {
    // A French Sea Attack on British Boston: d'Estaing with St. Simon aboard.
    let mut g = position(&[("b-ship-howe", "Boston", 3), ("b-grey", "Boston", 3)]);
    g.french_entered = true;
    for b in ["f-ship-destaing", "f-stsimon"] {
        g.put(b, "Boston", 3);
        g.entered(b, "sea");
    }
    g.player1 = AMERICAN;
    g.begin_battles();
    // The British fleet may retreat although opposed; Grey may not follow.
    act(&mut g, "british", "retreat-b-ship-howe-atlantic");
    assert!(!retreats_of(&g, "british", "b-grey").contains(&"atlantic".to_string()));
}

// rule: liberty 8.5
#[test]
fn a_warship_retreats_even_across_the_sea_hexside_the_enemy_warship_came_in_by() {
    // ruling: liberty #33 8.5 "even via a sea hexside used by enemy warships
    // to enter the battle": d'Estaing sailed into Boston from the sea hex
    // 1707; Howe may still retreat to the Atlantic.
    let mut g = position(&[("b-ship-howe", "Boston", 3), ("b-grey", "Boston", 3)]);
    g.french_entered = true;
    g.put("f-ship-destaing", "Boston", 3);
    g.entered("f-ship-destaing", "1707");
    g.player1 = AMERICAN;
    g.begin_battles();
    assert!(retreats_of(&g, "british", "b-ship-howe").contains(&"atlantic".to_string()));
    act(&mut g, "british", "retreat-b-ship-howe-atlantic");
    assert_eq!(g.where_is("b-ship-howe"), "the Atlantic");
}

// rule: liberty 8.5, 8.4
#[test]
fn blocks_at_sea_follow_a_warship_retreating_even_when_opposed() {
    let mut g = sea_attack_on_new_york(3, &[("b-grey", 3)], 3, 3);
    g.core.dice.script([6, 6, 6]);
    g.begin_battles();
    fire(&mut g, "american", "f-ship-debarras");
    assert!(retreats_of(&g, "british", "b-ship-howe").contains(&"atlantic".to_string()));
    act(&mut g, "british", "retreat-b-ship-howe-atlantic");
    // Clinton cannot fire while the French still hold the sea; it may hold.
    let legal = ids(&g, "american");
    assert!(
        legal.contains(&"hold-a-clinton".to_string()) && !legal.contains(&"fire-a-clinton".to_string()),
        "{legal:?}"
    );
    act(&mut g, "american", "hold-a-clinton");
    // Grey is still aboard: it cannot fire or land, but sails away unharmed.
    assert_eq!(ids(&g, "british"), vec!["retreat-b-grey-atlantic".to_string()]);
    act(&mut g, "british", "retreat-b-grey-atlantic");
    assert_eq!(
        (g.where_is("b-grey").as_str(), g.strength_of("b-grey")),
        ("the Atlantic", 3)
    );
}

// ruling: liberty #15 — blocks aboard are not captured while a warship can still take them off.
// rule: liberty 8.4, 8.5, 7.2
#[test]
fn after_three_rounds_blocks_aboard_leave_with_their_warship() {
    let mut g = sea_attack_on_new_york(3, &[("b-grey", 3)], 3, 3);
    g.core.dice.script([6; 18]);
    g.begin_battles();
    for _ in 0..3 {
        fire_round(&mut g);
    }
    assert!(log_text(&g, None).contains("British must retreat"));
    assert_eq!(g.where_is("b-grey"), "New York");
    assert!(retreats_of(&g, "british", "b-grey").is_empty());
    act(&mut g, "british", "retreat-b-ship-howe-atlantic");
    assert_eq!(retreats_of(&g, "british", "b-grey"), vec!["atlantic".to_string()]);
    act(&mut g, "british", "retreat-b-grey-atlantic");
    assert_eq!(
        (g.where_is("b-grey").as_str(), g.strength_of("b-grey")),
        ("the Atlantic", 3)
    );
}

// ruling: liberty #14 — warships alone against ground blocks retreat after round 3.
// rule: liberty 8.6, 7.2
#[test]
fn warships_alone_retreat_from_ground_blocks_after_three_rounds() {
    let mut g = position(&[("b-ship-hood", "Charleston", 3)]);
    g.put("a-sumter", "Charleston", 2);
    g.entered("a-sumter", "0617");
    g.player1 = AMERICAN;
    g.core.dice.script([6; 15]);
    g.begin_battles();
    for _ in 0..3 {
        fire_round(&mut g);
    }
    // Said as 8.6 warship control, not as the attacker's 7.2 retreat.
    assert!(
        log_text(&g, None).contains(
            "[8.6] The battle is not decided after 3 rounds: warships alone cannot hold Charleston \
             against ground blocks (8.2), so Hood must leave."
        ),
        "{}",
        log_text(&g, None)
    );
    assert_eq!(
        prompt(&g, "british"),
        "Battle in Charleston: warships alone cannot hold against ground blocks: retreat them."
    );
    assert!(!g.waits_for("american"));
    let dests = retreats_of(&g, "british", "b-ship-hood");
    assert!(dests.contains(&"atlantic".to_string()), "{dests:?}");
    act(&mut g, "british", "retreat-b-ship-hood-atlantic");
    assert_eq!(g.where_is("a-sumter"), "Charleston");
}

// rule: liberty 8.6, 8.1
#[test]
fn a_warship_takes_control_of_a_vacant_enemy_town() {
    let mut g = position(&[("b-ship-hood", "atlantic", 3)]);
    g.begin_actions(BRITISH, BRITISH, 1);
    act(&mut g, "british", "group-atlantic");
    act(&mut g, "british", "pick-b-ship-hood");
    act(&mut g, "british", "sail-0717");
    end_group(&mut g, "british");
    if g.waits_for("british") {
        act(&mut g, "british", "end-actions");
    }
    act(&mut g, "american", "end-actions");
    assert_eq!(g.where_is("b-ship-hood"), "Charleston");
    let control: Vec<Option<String>> = board(&g, None)
        .markers
        .into_iter()
        .filter(|m| m.kind == "control" && m.space == "0717")
        .map(|m| m.side)
        .collect();
    assert_eq!(control, [Some("british".to_string())]);
}

// rule: liberty 7.5, 9.1
#[test]
fn regroup_between_west_indies_ports_never_to_the_atlantic() {
    let mut g = position(&[("f-stsimon", "wi-french", 1)]);
    g.french_entered = true;
    for b in ["b-ship-hood", "b-rawdon"] {
        g.put(b, "wi-french", 3);
        g.entered(b, "sea");
    }
    g.player1 = BRITISH;
    g.core.dice.script([6, 6, 6, 6, 1, 6, 6, 6]);
    g.begin_battles();
    fire(&mut g, "british", "b-ship-hood");
    fire(&mut g, "american", "f-stsimon");
    fire(&mut g, "british", "b-rawdon");
    assert_eq!(g.where_is("f-stsimon"), "prisoner");
    let mut legal = ids(&g, "british");
    legal.sort();
    assert_eq!(
        legal,
        sorted(&[
            "regroup-b-rawdon-wi-british",
            "regroup-b-ship-hood-wi-british",
            "regroup-done"
        ])
    );
    act(&mut g, "british", "regroup-b-rawdon-wi-british");
    assert_eq!(g.where_is("b-rawdon"), "British West Indies");
}

// rule: liberty 8.5, 9.1
#[test]
fn sea_retreat_from_a_west_indies_port_to_the_other_or_the_atlantic() {
    let mut g = position(&[("f-ship-debarras", "wi-french", 3), ("f-stsimon", "wi-french", 3)]);
    g.french_entered = true;
    for b in ["b-ship-hood", "b-rawdon"] {
        g.put(b, "wi-french", 3);
        g.entered(b, "sea");
    }
    g.player1 = BRITISH;
    g.core.dice.script([6, 6, 6]);
    g.begin_battles();
    fire(&mut g, "american", "f-ship-debarras");
    assert_eq!(
        retreats_of(&g, "british", "b-ship-hood"),
        sorted(&["atlantic", "wi-british"])
    );
    act(&mut g, "british", "retreat-b-ship-hood-wi-british");
    assert_eq!(
        retreats_of(&g, "british", "b-rawdon"),
        sorted(&["atlantic", "wi-british"])
    );
    act(&mut g, "british", "retreat-b-rawdon-wi-british");
    assert_eq!(g.where_is("b-rawdon"), "British West Indies");
}

// rule: liberty 5.4, 8.5
#[test]
fn an_enemy_block_in_dover_closes_philadelphia_to_sea_retreats() {
    for blocked in [false, true] {
        let mut g = position(&[("b-ship-howe", "Philadelphia", 3), ("b-grey", "Philadelphia", 3)]);
        if blocked {
            g.put("a-stark", "Dover", 3);
            g.recompute_control();
        }
        g.put("a-ward", "Philadelphia", 3);
        g.entered("a-ward", "Lancaster");
        g.player1 = AMERICAN;
        g.begin_battles();
        let dests = retreats_of(&g, "british", "b-ship-howe");
        assert_eq!(dests.contains(&"atlantic".to_string()), !blocked, "{dests:?}");
    }
}

// rule: liberty 1.6
#[test]
fn the_atlantic_holds_both_sides_and_never_has_a_battle() {
    let mut g = position(&[
        ("b-ship-graves", "atlantic", 3),
        ("b-percy", "atlantic", 4),
        ("f-ship-degrasse", "atlantic", 3),
        ("f-viomenil", "atlantic", 4),
    ]);
    g.french_entered = true;
    g.begin_battles();
    assert!(!in_battle(&g), "no combat is allowed in the Atlantic box");
    assert_eq!(g.where_is("b-percy"), "the Atlantic");
    assert_eq!(g.where_is("f-viomenil"), "the Atlantic");
    assert_eq!(g.strength_of("f-viomenil"), 4);
}

// ruling: liberty 8.4 — a failed Sea Attack between the West Indies ports returns to its port.
// rule: liberty 8.4, 9.1
#[test]
fn a_failed_sea_attack_from_the_other_west_indies_port_returns_there() {
    let mut g = position(&[("f-ship-debarras", "wi-french", 3), ("f-stsimon", "wi-french", 2)]);
    g.french_entered = true;
    g.put("b-ship-hood", "wi-british", 1);
    g.put("b-rawdon", "wi-british", 3);
    g.begin_actions(BRITISH, BRITISH, 1);
    act(&mut g, "british", "group-wi-british");
    for b in ["b-ship-hood", "b-rawdon"] {
        act(&mut g, "british", &format!("pick-{b}"));
        act(&mut g, "british", "sail-wi-french");
    }
    end_group(&mut g, "british");
    if g.waits_for("british") {
        act(&mut g, "british", "end-actions");
    }
    act(&mut g, "american", "end-actions");
    // De Barras (A, defending) sinks Hood before Rawdon can land.
    g.core.dice.script([1, 6, 6]);
    fire(&mut g, "american", "f-ship-debarras");
    assert_eq!(g.where_is("b-ship-hood"), "prisoner");
    assert_eq!(g.where_is("b-rawdon"), "British West Indies");
    assert_eq!(g.strength_of("b-rawdon"), 2);
    let seen = log_text(&g, None);
    assert!(
        seen.contains("Rawdon loses a step and returns to British West Indies"),
        "{seen}"
    );
}

// rule: liberty 8.4, 9.1
#[test]
fn a_failed_sea_attack_from_the_atlantic_on_a_west_indies_port_returns_to_the_atlantic() {
    let mut g = position(&[("f-ship-debarras", "wi-french", 3), ("f-stsimon", "wi-french", 2)]);
    g.french_entered = true;
    for b in ["b-ship-hood", "b-rawdon"] {
        g.put(b, "wi-french", if b == "b-ship-hood" { 1 } else { 3 });
        g.entered(b, "sea");
    }
    g.player1 = BRITISH;
    g.core.dice.script([1, 6, 6]);
    g.begin_battles();
    fire(&mut g, "american", "f-ship-debarras");
    assert_eq!(g.where_is("b-rawdon"), "the Atlantic");
    assert_eq!(g.strength_of("b-rawdon"), 2);
}

// Every ground block of a Sea Attack sails from one box, so a failed attack
// sends them all back to it (rule 8.4's further decision in docs/rulings.md):
// a second group may not bring ground blocks from the Atlantic into a Sea
// Attack made from the other West Indies port, though its warships alone may
// join.
// rule: liberty 8.4, 9.1
#[test]
fn a_sea_attack_from_a_west_indies_port_takes_no_ground_blocks_from_the_atlantic() {
    let start = |from_the_other_port: bool| {
        let mut g = position(&[
            ("f-ship-debarras", "wi-french", 3),
            ("f-stsimon", "wi-french", 2),
            ("b-ship-howe", "atlantic", 3),
            ("b-grey", "atlantic", 3),
        ]);
        g.french_entered = true;
        g.put("b-ship-hood", "wi-british", 1);
        g.put("b-rawdon", "wi-british", 3);
        g.begin_actions(BRITISH, BRITISH, 2);
        if from_the_other_port {
            act(&mut g, "british", "group-wi-british");
            for b in ["b-ship-hood", "b-rawdon"] {
                act(&mut g, "british", &format!("pick-{b}"));
                act(&mut g, "british", "sail-wi-french");
            }
            end_group(&mut g, "british");
        }
        act(&mut g, "british", &group("atlantic"));
        act(&mut g, "british", "pick-b-ship-howe");
        assert!(
            legal(&g, "british", "sail-wi-french"),
            "warships alone are not restricted"
        );
        act(&mut g, "british", "sail-wi-french");
        act(&mut g, "british", "pick-b-grey");
        g
    };
    // From the Atlantic alone, Grey may follow Howe into the port.
    assert!(legal(&start(false), "british", "sail-wi-french"));
    // Not into the attack made from the British port: no combined Sea Attack.
    let g = start(true);
    assert!(!legal(&g, "british", "sail-wi-french"));
    assert!(legal(&g, "british", "sail-wi-british"), "Grey may still sail elsewhere");
}

// ruling: liberty #14 — only attacking ground blocks ashore make lone warships yield.
// rule: liberty 8.4, 7.2, 8.2
#[test]
fn a_landing_the_defending_warships_prevent_for_three_rounds_fails() {
    // A British Sea Attack on New York held by de Barras alone: three rounds of
    // misses and Grey never lands, so the attacker retreats (7.2) and Grey
    // sails off with the fleet (before, de Barras had to leave and Grey took
    // New York without ever landing).
    let mut g = position(&[("f-ship-debarras", "New York", 3)]);
    g.french_entered = true;
    g.recompute_control();
    g.put("b-ship-howe", "New York", 3);
    g.entered("b-ship-howe", "sea");
    g.put("b-grey", "New York", 3);
    g.entered("b-grey", "sea");
    g.player1 = BRITISH;
    g.core.dice.script([6; 18]);
    g.begin_battles();
    for _ in 0..3 {
        fire_round(&mut g);
    }
    assert!(
        log_text(&g, None).contains("not decided after 3 rounds: British must retreat"),
        "{}",
        log_text(&g, None)
    );
    assert!(!g.waits_for("american"));
    act(&mut g, "british", "retreat-b-ship-howe-atlantic");
    act(&mut g, "british", "retreat-b-grey-atlantic");
    assert_eq!(g.where_is("b-grey"), "the Atlantic");
    assert_eq!(g.where_is("f-ship-debarras"), "New York");
}

// ruling: liberty #12 — a Sea-Attack dragoon is C in the round it lands.
// rule: liberty 8.4, 7.21
#[test]
fn the_roster_gives_a_landing_dragoon_its_c_rating() {
    // Unopposed by warships, the blocks land at once: Harcourt fires in the C
    // step of round 1, and the battle's roster says so (it read B2).
    let mut g = position(&[("a-clinton", "New York", 3)]);
    g.put("b-ship-howe", "New York", 3);
    g.entered("b-ship-howe", "sea");
    g.put("b-dragoon", "New York", 3);
    g.entered("b-dragoon", "sea");
    g.player1 = BRITISH;
    g.core.dice.script([6; 12]);
    g.begin_battles();
    assert!(
        log_text(&g, None).contains(
            "Battle in New York, British attacking: Harcourt C2 (3, landing), Howe (fleet) A2 (3), Clinton C1 (3)."
        ),
        "{}",
        log_text(&g, None)
    );
}

// rule: liberty 8.1, 7.4, 5.2
#[test]
fn a_warship_retreat_uses_none_of_a_hexsides_retreat_limit() {
    // Americans attack British Yorktown overland; the fleet retreats across
    // the clear Yorktown-Norfolk hexside first (A before C), and four ground
    // blocks may still retreat across it that round.
    let ground = ["b-grey", "b-grant", "b-rawdon", "b-percy", "b-heister"];
    let mut g = position(&[("b-ship-howe", "Yorktown", 3)]);
    for b in ground {
        g.put(b, "Yorktown", 3);
    }
    g.recompute_control();
    let map = liberty::map::Map::embedded();
    let (yorktown, norfolk) = (hex("Yorktown"), hex("Norfolk"));
    let from = map
        .space(yorktown)
        .adj
        .iter()
        .find(|&&(n, s)| n != norfolk && map.sides[s as usize].ground && map.space(n).terrain == Terrain::Land)
        .map(|&(n, _)| map.space(n).id.clone())
        .expect("Yorktown has a land neighbour besides Norfolk");
    g.put("a-ward", "Yorktown", 3);
    g.entered("a-ward", &from);
    g.player1 = AMERICAN;
    g.begin_battles();
    act(&mut g, "british", "retreat-b-ship-howe-1213");
    assert_eq!(g.where_is("b-ship-howe"), "Norfolk");
    for b in &ground[..4] {
        assert!(retreats_of(&g, "british", b).contains(&"1213".to_string()), "{b}");
        act(&mut g, "british", &format!("retreat-{b}-1213"));
    }
    assert!(!retreats_of(&g, "british", "b-heister").contains(&"1213".to_string()));
}
