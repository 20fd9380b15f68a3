//! Battles (2.11, 2.12, 7.0-7.5), Indians in combat (2.25) and the optional
//! combat rules, played through the public API with scripted dice. Naval
//! battles, sea attacks and sea retreats (8.x) are in tests/naval.rs.

mod support;

use liberty::Liberty;
use support::*;

fn fire(g: &mut Liberty, seat: &str, block: &str) {
    act(g, seat, &format!("fire-{block}"));
}

// rule: liberty 7.22, 7.1
#[test]
fn combat_reserves_example_springfield_and_newport_attack_boston() {
    let springfield = ["a-washington", "a-pickens", "a-ward", "a-putnam"];
    let mut g = position(&[
        ("b-howe", "Boston", 3),
        ("b-grey", "Boston", 3),
        ("a-washington", "Springfield", 3),
        ("a-pickens", "Springfield", 3),
        ("a-ward", "Springfield", 3),
        ("a-putnam", "Springfield", 3),
        ("a-wooster", "Newport", 2),
        ("a-stark", "Newport", 3),
    ]);
    g.begin_actions(AMERICAN, AMERICAN, 2);
    // Two Group Moves (two Actions) into Boston through different hexsides.
    act(&mut g, "american", "group-1506");
    for b in springfield {
        act(&mut g, "american", &format!("pick-{b}"));
        act(&mut g, "american", "step-1607");
    }
    end_group(&mut g, "american");
    act(&mut g, "american", "group-1608");
    for b in ["a-wooster", "a-stark"] {
        act(&mut g, "american", &format!("pick-{b}"));
        act(&mut g, "american", "step-1607");
    }
    end_group(&mut g, "american");
    // The attacker declares the Springfield group the Main Attack.
    let main = format!("main-1607-{}", side("Springfield", "Boston"));
    let mut offered = ids(&g, "american");
    offered.sort();
    let mut expected = vec![main.clone(), format!("main-1607-{}", side("Newport", "Boston"))];
    expected.sort();
    assert_eq!(offered, expected);
    act(&mut g, "american", &main);
    act(&mut g, "british", "end-actions");

    // Round 1: only the Springfield blocks fight; Newport's are hidden reserves.
    g.core.dice.script([6; 60]);
    assert_eq!(round(&g), 1);
    assert_eq!(shown_in(&g, BRITISH, "1607", "american"), sorted(&springfield));
    assert_eq!(hidden_count(&g, BRITISH, "1607", "american"), 2);
    let seen = log_text(&g, Some(BRITISH));
    assert!(seen.contains("Battle in Boston, American attacking"), "{seen}");
    assert!(seen.contains("Washington C3 (3)"), "{seen}");
    assert!(!seen.contains("Wooster") && !seen.contains("Stark"), "{seen}");
    let taken = fire_round(&mut g);
    let asked: Vec<&str> = taken.iter().map(|t| t.1.as_str()).collect();
    assert_eq!(asked.len(), 6, "{asked:?}");
    assert!(
        !asked.iter().any(|i| i.contains("wooster") || i.contains("stark")),
        "{asked:?}"
    );

    // Round 2: the reserves are revealed and fight like any other block.
    assert_eq!(round(&g), 2);
    let seen = log_text(&g, Some(BRITISH));
    assert!(
        seen.contains("[7.22] Reserves join the battle: Wooster C1 (2), Stark C1 (3)."),
        "{seen}"
    );
    assert_eq!(hidden_count(&g, BRITISH, "1607", "american"), 0);
    assert_eq!(shown_in(&g, BRITISH, "1607", "american").len(), 6);
    let taken = fire_round(&mut g);
    let asked: Vec<&str> = taken.iter().map(|t| t.1.as_str()).collect();
    assert_eq!(asked.len(), 8, "{asked:?}");
    assert!(
        asked.contains(&"fire-a-wooster") && asked.contains(&"fire-a-stark"),
        "{asked:?}"
    );
}

/// Americans attack British Boston from Springfield (main) and Newport (reserve).
fn boston_two_hexsides(grey: u8) -> Liberty {
    let mut g = position(&[("b-grey", "Boston", grey)]);
    g.put("a-washington", "Boston", 2);
    g.entered("a-washington", "Springfield");
    g.put("a-wooster", "Boston", 2);
    g.entered("a-wooster", "Newport");
    g.player1 = AMERICAN;
    g
}

// ruling: liberty #8 — the winner's reserves stay (unrevealed) and may regroup.
// rule: liberty 7.22
#[test]
fn battle_ends_in_round_one_and_the_winners_reserves_stay_hidden() {
    let mut g = boston_two_hexsides(1);
    g.core.dice.script([6, 1, 6]);
    g.begin_battles();
    fire(&mut g, "british", "b-grey");
    fire(&mut g, "american", "a-washington");
    assert_eq!(g.where_is("b-grey"), "prisoner");
    // The battle is over after Washington's shot: Wooster never fought.
    assert_eq!(round(&g), 1);
    assert!(seat_waiting(&g) == "american" && ids(&g, "american").contains(&"regroup-done".to_string()));
    assert_eq!(shown_in(&g, BRITISH, "1607", "american"), sorted(&["a-washington"]));
    assert_eq!(hidden_count(&g, BRITISH, "1607", "american"), 1);
    act(&mut g, "american", "regroup-a-wooster-1608");
    act(&mut g, "american", "regroup-done");
    assert!(!in_battle(&g));
    assert_eq!(g.where_is("a-wooster"), "Newport");
    assert_eq!(g.where_is("a-washington"), "Boston");
    let seen = log_text(&g, Some(BRITISH));
    assert!(!seen.contains("Wooster"), "{seen}");
    assert!(log_text(&g, Some(AMERICAN)).contains("Wooster C1 (2) regroups from Boston to Newport."));
}

/// British Grey (main, from 1606) and Grant (reserve, from Newport) attack
/// American Ward in Boston.
fn british_attack_with_reserve() -> Liberty {
    let mut g = position(&[("a-ward", "Boston", 3)]);
    g.put("b-grey", "Boston", 1);
    g.entered("b-grey", "1606");
    g.put("b-grant", "Boston", 3);
    g.entered("b-grant", "Newport");
    g.player1 = BRITISH;
    g
}

// ruling: liberty #8 — the loser's reserves retreat when the battle ends in round 1.
// rule: liberty 7.22, 7.4
#[test]
fn losing_sides_reserves_retreat_unseen_when_battle_ends_in_round_one() {
    let mut g = british_attack_with_reserve();
    g.core.dice.script([1, 6, 6]);
    g.begin_battles();
    fire(&mut g, "american", "a-ward");
    assert_eq!(g.where_is("b-grey"), "prisoner");
    // Grant must retreat, only across an attack hexside (Newport is enemy).
    assert_eq!(ids(&g, "british"), vec!["retreat-b-grant-1606".to_string()]);
    act(&mut g, "british", "retreat-b-grant-1606");
    assert_eq!(g.where_is("b-grant"), "hex 1606");
    let seen = log_text(&g, Some(AMERICAN));
    assert!(
        !seen.contains("Grant") && seen.contains("A British block retreats from Boston to hex 1606."),
        "{seen}"
    );
    // One line for the owner: its block by name, not the others' line too.
    let own = log_text(&g, Some(BRITISH));
    assert!(own.contains("Grant C2 (3) retreats from Boston to hex 1606."), "{own}");
    assert!(!own.contains("A British block retreats"), "{own}");
    assert_eq!(hidden_count(&g, AMERICAN, "1606", "british"), 1);
}

// ruling: liberty #15 — a reserve that must retreat and cannot is captured.
// rule: liberty 7.22, 7.4
#[test]
fn reserves_that_cannot_retreat_are_captured() {
    let mut g = british_attack_with_reserve();
    g.put("a-pickens", "1606", 3);
    g.core.dice.script([1, 6, 6]);
    g.begin_battles();
    fire(&mut g, "american", "a-ward");
    assert_eq!(g.where_is("b-grant"), "prisoner");
    let seen = log_text(&g, None);
    assert!(seen.contains("Grant cannot retreat and is captured."), "{seen}");
    // One line for the capture (issue 19: it was told twice).
    assert_eq!(seen.matches("Grant").count(), 1, "{seen}");
}

// rule: liberty 7.22
#[test]
fn player_two_reinforcements_are_always_in_reserve() {
    let mut g = position(&[("a-ward", "Boston", 3)]);
    g.put("b-grey", "Boston", 3);
    g.entered("b-grey", "1606");
    g.put("a-pickens", "Boston", 3);
    g.entered("a-pickens", "Hartford");
    g.player1 = BRITISH;
    g.core.dice.script([6; 30]);
    g.begin_battles();
    assert_eq!(shown_in(&g, BRITISH, "1607", "american"), sorted(&["a-ward"]));
    assert_eq!(hidden_count(&g, BRITISH, "1607", "american"), 1);
    let taken = fire_round(&mut g);
    assert_eq!(
        taken,
        vec![
            ("american".into(), "fire-a-ward".into()),
            ("british".into(), "fire-b-grey".into())
        ]
    );
    let taken = fire_round(&mut g);
    assert_eq!(taken.len(), 3);
    assert!(taken.iter().any(|t| t.1 == "fire-a-pickens"));
}

// rule: liberty 7.31, 2.11, 2.12
#[test]
fn combat_example_leader_four_rolls_four_dice_and_scores_two_hits() {
    let mut g = position(&[("b-howe", "Boston", 4)]);
    g.put("a-ward", "Boston", 3);
    g.entered("a-ward", "Springfield");
    g.player1 = AMERICAN;
    g.core.dice.script([1, 2, 4, 5]);
    g.begin_battles();
    fire(&mut g, "british", "b-howe");
    let (dice, text) = last_roll(&g);
    assert_eq!(dice, vec![1, 2, 4, 5]);
    assert!(
        text.contains("Howe C3 (4) fires at C3, needs 1-3 to hit: 2 hits"),
        "{text}"
    );
    assert_eq!(g.strength_of("a-ward"), 1);
}

/// 2.12: "a block rated B1 only scores a hit for each "1" rolled, but a
/// block rated B3 scores one hit for each 1, 2, or 3 rolled." Both roll 1,
/// 2, 3.
// rule: liberty 2.12, 7.31
#[test]
fn the_firepower_example_b1_hits_only_on_ones_b3_on_one_to_three() {
    // A B1 block (the Mohawk) defending.
    let mut g = position(&[("b-mohawk", "Springfield", 3)]);
    g.put("a-ward", "Springfield", 3);
    g.entered("a-ward", "Boston");
    g.player1 = AMERICAN;
    g.core.dice.script([1, 2, 3]);
    g.begin_battles();
    fire(&mut g, "british", "b-mohawk");
    let (dice, text) = last_roll(&g);
    assert_eq!(dice, vec![1, 2, 3]);
    assert!(text.contains("fires at B1, needs 1 to hit: 1 hit."), "{text}");
    // A B3 block (Morgan's riflemen) defending.
    let mut g = position(&[("a-morgan", "Springfield", 3)]);
    g.put("b-grey", "Springfield", 3);
    g.entered("b-grey", "Boston");
    g.player1 = BRITISH;
    g.core.dice.script([1, 2, 3]);
    g.begin_battles();
    fire(&mut g, "american", "a-morgan");
    let (dice, text) = last_roll(&g);
    assert_eq!(dice, vec![1, 2, 3]);
    assert!(text.contains("fires at B3, needs 1-3 to hit: 3 hits."), "{text}");
}

// rule: liberty 7.31, 7.21, 2.12
#[test]
fn combat_round_example_sequence() {
    // British Leader (C3) and Light Foot (B2) attack American Militia (C1)
    // and Continental Foot (C2).
    let mut g = position(&[("a-ward", "1606", 3), ("a-arnold", "1606", 3)]);
    for b in ["b-carleton", "b-fraser"] {
        g.put(b, "1606", 2);
        g.entered(b, "Boston");
    }
    g.player1 = BRITISH;
    g.core.dice.script([6; 40]);
    g.begin_battles();
    // 1. British Light Foot (B2).
    let (seat, legal) = waiting(&g);
    assert_eq!(seat, "british");
    assert!(
        legal.contains(&"fire-b-fraser".into()) && !legal.contains(&"fire-b-carleton".into()),
        "{legal:?}"
    );
    fire(&mut g, "british", "b-fraser");
    // 2-3. Both American blocks (C), in the order the American player likes.
    let (seat, legal) = waiting(&g);
    assert_eq!(seat, "american");
    assert!(
        legal.contains(&"fire-a-ward".into()) && legal.contains(&"fire-a-arnold".into()),
        "{legal:?}"
    );
    fire(&mut g, "american", "a-ward");
    assert_eq!(waiting(&g).0, "american");
    // Any block may retreat instead of firing.
    assert!(ids(&g, "american").iter().any(|i| i.starts_with("retreat-a-arnold-")));
    fire(&mut g, "american", "a-arnold");
    // 4. British Leader (C3).
    let (seat, legal) = waiting(&g);
    assert_eq!(seat, "british");
    assert!(legal.contains(&"fire-b-carleton".into()), "{legal:?}");
    fire(&mut g, "british", "b-carleton");
    assert_eq!(round(&g), 2);
    let fired: Vec<String> = log_text(&g, None)
        .lines()
        .filter(|l| l.starts_with("[7.31]"))
        .map(String::from)
        .collect();
    assert_eq!(fired.len(), 4);
    for (line, who) in fired.iter().zip(["Fraser B2", "Ward C1", "Arnold C2", "Carleton C3"]) {
        assert!(line.contains(who), "{line}");
    }
}

// rule: liberty 7.32, 2.11
#[test]
fn hits_go_to_the_strongest_block_owner_breaks_ties_applied_at_once() {
    let mut g = position(&[("a-arnold", "1606", 3), ("a-ward", "1606", 3), ("a-wooster", "1606", 2)]);
    g.put("b-fraser", "1606", 3);
    g.entered("b-fraser", "Boston");
    g.player1 = BRITISH;
    g.core.dice.script([1, 2, 6, 6, 6]);
    g.begin_battles();
    fire(&mut g, "british", "b-fraser");
    // First hit: Arnold and Ward tie at 3, the American chooses.
    let mut legal = ids(&g, "american");
    legal.sort();
    assert_eq!(legal, vec!["hit-a-arnold".to_string(), "hit-a-ward".to_string()]);
    act(&mut g, "american", "hit-a-ward");
    // Second hit: Arnold is now the only strongest block.
    assert_eq!(
        (
            g.strength_of("a-arnold"),
            g.strength_of("a-ward"),
            g.strength_of("a-wooster")
        ),
        (2, 2, 2)
    );
    // Hits apply at once: Arnold now fires with two dice.
    fire(&mut g, "american", "a-arnold");
    assert_eq!(last_roll(&g).0.len(), 2);
}

// rule: liberty 2.11
#[test]
fn a_block_reduced_below_one_is_captured() {
    let mut g = position(&[("a-ward", "Boston", 1), ("a-stark", "Boston", 1)]);
    g.put("b-grey", "Boston", 2);
    g.entered("b-grey", "1606");
    g.player1 = BRITISH;
    g.core.dice.script([6, 6, 2, 2]);
    g.begin_battles();
    fire(&mut g, "american", "a-ward");
    fire(&mut g, "american", "a-stark");
    fire(&mut g, "british", "b-grey");
    // Two hits, one per tied strength-1 block (owner's choice each time).
    act(&mut g, "american", "hit-a-stark");
    assert_eq!(g.where_is("a-stark"), "prisoner");
    assert_eq!(g.where_is("a-ward"), "prisoner");
    let seen = log_text(&g, None);
    assert!(
        seen.contains("Stark C1 takes a hit at strength 1 and is captured.")
            && seen.contains("Ward C1 takes a hit at strength 1 and is captured."),
        "{seen}"
    );
}

/// American Ward attacks British Grey in Boston from the neutral hex 1606.
fn ward_attacks_boston_from_1606() -> Liberty {
    let mut g = position(&[("b-grey", "Boston", 3)]);
    g.put("a-ward", "Boston", 3);
    g.entered("a-ward", "1606");
    g.player1 = AMERICAN;
    g
}

// rule: liberty 7.2, 7.4
#[test]
fn three_rounds_then_the_attacker_retreats_across_its_attack_hexside() {
    let mut g = ward_attacks_boston_from_1606();
    g.core.dice.script([6; 18]);
    g.begin_battles();
    // The defender may not leave across the attacker's hexside; the other
    // neighbours are enemy (American) hexes even when vacant.
    assert_eq!(ids(&g, "british"), vec!["fire-b-grey".to_string()]);
    fire(&mut g, "british", "b-grey");
    // The attacker leaves only across its attack hexside, although Springfield,
    // Hartford and Newport are friendly.
    let mut legal = ids(&g, "american");
    legal.sort();
    assert_eq!(
        legal,
        vec!["fire-a-ward".to_string(), "retreat-a-ward-1606".to_string()]
    );
    fire(&mut g, "american", "a-ward");
    for r in [2, 3] {
        assert_eq!(round(&g), r);
        fire_round(&mut g);
    }
    assert!(log_text(&g, None).contains("not decided after 3 rounds: American must retreat"));
    assert_eq!(
        prompt(&g, "american"),
        "Battle in Boston is not decided after the last round: retreat your blocks."
    );
    assert_eq!(ids(&g, "american"), vec!["retreat-a-ward-1606".to_string()]);
    act(&mut g, "american", "retreat-a-ward-1606");
    assert!(!in_battle(&g));
    assert_eq!(g.where_is("a-ward"), "hex 1606");
    assert_eq!(g.where_is("b-grey"), "Boston");
}

// ruling: liberty #15 — a block that must retreat and cannot is captured.
// rule: liberty 7.4, 7.2
#[test]
fn the_last_side_across_a_shared_hexside_alone_may_retreat_by_it() {
    let mut g = position(&[("a-ward", "Boston", 3)]);
    g.put("b-grey", "Boston", 3);
    g.entered("b-grey", "1606");
    // Player 2 follows the attacker across the same hexside.
    g.put("a-pickens", "Boston", 3);
    g.entered("a-pickens", "1606");
    g.player1 = BRITISH;
    g.core.dice.script([6; 24]);
    g.begin_battles();
    assert!(ids(&g, "american").contains(&"retreat-a-ward-1606".to_string()));
    fire(&mut g, "american", "a-ward");
    // The attacker cannot retreat at all now, so it must fire.
    assert_eq!(ids(&g, "british"), vec!["fire-b-grey".to_string()]);
    fire(&mut g, "british", "b-grey");
    fire_round(&mut g);
    fire_round(&mut g);
    assert_eq!(g.where_is("b-grey"), "prisoner");
    assert!(log_text(&g, None).contains("Grey cannot retreat"));
    act(&mut g, "american", "regroup-done");
    assert!(!in_battle(&g));
}

// rule: liberty 7.4, 7.1
#[test]
fn retreats_never_enter_or_cross_enemy_or_battle_hexes() {
    let setup = |second_battle: bool| {
        let mut g = position(&[("b-dragoon", "Boston", 3)]);
        if second_battle {
            g.put("b-grant", "1606", 3);
        }
        g.put("a-ward", "Boston", 3);
        g.entered("a-ward", "Springfield");
        if second_battle {
            g.put("a-pickens", "1606", 3);
            g.entered("a-pickens", "1605");
        }
        g.player1 = AMERICAN;
        g.core.dice.script([6; 10]);
        g.begin_battles();
        if second_battle {
            act(&mut g, "american", "battle-1607");
        }
        g
    };
    let g = setup(false);
    let legal = ids(&g, "british");
    // A dragoon retreats up to two hexes, through 1606 only: Springfield,
    // Hartford and Newport are American and Portsmouth too, even if vacant.
    assert!(legal.contains(&"retreat-b-dragoon-1606".to_string()), "{legal:?}");
    assert!(
        legal
            .iter()
            .any(|i| i.starts_with("retreat-b-dragoon-") && i != "retreat-b-dragoon-1606"),
        "{legal:?}"
    );
    for enemy in ["1506", "1507", "1608", "1705"] {
        assert!(!legal.contains(&format!("retreat-b-dragoon-{enemy}")), "{legal:?}");
    }
    // With a battle pending in 1606 the dragoon can neither enter nor cross it.
    let g = setup(true);
    assert_eq!(ids(&g, "british"), vec!["fire-b-dragoon".to_string()]);
}

// ruling: liberty #4 — retreats get a fresh hexside count each Combat Round.
// rule: liberty 7.4, 5.2
#[test]
fn retreat_hexside_limits_apply_per_combat_round() {
    // Americans in Fort Ticonderoga can only leave for 1504, across a forest
    // hexside (2 blocks a round).
    let mut g = position(&[
        ("a-pickens", "Fort Ticonderoga", 3),
        ("a-ward", "Fort Ticonderoga", 3),
        ("a-putnam", "Fort Ticonderoga", 3),
        ("b-grant", "1304", 3),
        ("b-percy", "1505", 3),
        ("b-knyphausen", "Saratoga", 3),
    ]);
    g.put("b-fraser", "Fort Ticonderoga", 1);
    g.entered("b-fraser", "1404");
    g.player1 = BRITISH;
    g.core.dice.script([6; 20]);
    g.begin_battles();
    fire(&mut g, "british", "b-fraser");
    let mut legal = ids(&g, "american");
    legal.retain(|i| i.starts_with("retreat-"));
    legal.sort();
    assert_eq!(
        legal,
        sorted(&["retreat-a-pickens-1504", "retreat-a-putnam-1504", "retreat-a-ward-1504"])
    );
    act(&mut g, "american", "retreat-a-pickens-1504");
    act(&mut g, "american", "retreat-a-ward-1504");
    assert_eq!(ids(&g, "american"), vec!["fire-a-putnam".to_string()]);
    fire(&mut g, "american", "a-putnam");
    assert_eq!(round(&g), 2);
    fire(&mut g, "british", "b-fraser");
    assert!(ids(&g, "american").contains(&"retreat-a-putnam-1504".to_string()));
}

/// Americans attack British Grey in Albany across the West Point hexside:
/// Morgan came up the Hudson by river from New York, Greene overland.
fn albany_attack(grey: u8, block_west_point: bool) -> Liberty {
    let mut g = position(&[("b-grey", "Albany", grey)]);
    if block_west_point {
        g.put("b-grant", "West Point", 3);
        g.recompute_control();
    }
    g.put("a-morgan", "Albany", 3);
    let morgan = g.entered("a-morgan", "West Point");
    g.by_river |= 1u64 << morgan;
    g.put("a-greene", "Albany", 3);
    g.entered("a-greene", "West Point");
    g.player1 = AMERICAN;
    g
}

// rule: liberty 7.4, 5.6
#[test]
fn only_blocks_that_entered_by_river_retreat_by_river() {
    let mut g = albany_attack(3, false);
    g.core.dice.script([6; 10]);
    g.begin_battles();
    let mut legal = ids(&g, "american");
    legal.sort();
    assert_eq!(
        legal,
        sorted(&["fire-a-morgan", "retreat-a-morgan-1408", "retreat-a-morgan-1409"])
    );
    fire(&mut g, "american", "a-morgan");
    fire(&mut g, "british", "b-grey");
    let mut legal = ids(&g, "american");
    legal.sort();
    assert_eq!(legal, sorted(&["fire-a-greene", "retreat-a-greene-1408"]));
    // A river retreat may not pass through an enemy-held hex either.
    let mut g = albany_attack(3, true);
    g.core.dice.script([6; 10]);
    g.begin_battles();
    assert_eq!(ids(&g, "american"), vec!["fire-a-morgan".to_string()]);
}

// ruling: liberty #16 — regroup up to the move rating to Friendly hexes; by river only if entered by river.
// rule: liberty 7.5, 5.6
#[test]
fn the_victor_regroups_to_friendly_hexes_by_river_only_if_it_came_by_river() {
    let mut g = albany_attack(1, false);
    g.core.dice.script([1, 6, 6]);
    g.begin_battles();
    fire(&mut g, "american", "a-morgan");
    assert_eq!(g.where_is("b-grey"), "prisoner");
    let legal = ids(&g, "american");
    let dests = |b: &str| -> Vec<String> {
        let mut v: Vec<String> = legal
            .iter()
            .filter_map(|i| i.strip_prefix(&format!("regroup-{b}-")).map(String::from))
            .collect();
        v.sort();
        v
    };
    // Greene: Friendly hexes next to Albany (neutral 1306/1307 are not).
    assert_eq!(dests("a-greene"), sorted(&["1406", "1408", "1506", "1507"]));
    // Morgan also reaches New York and Fort Stanwix by river.
    assert_eq!(
        dests("a-morgan"),
        sorted(&["1206", "1406", "1408", "1409", "1506", "1507"])
    );
    act(&mut g, "american", "regroup-a-morgan-1409");
    assert_eq!(g.where_is("a-morgan"), "New York");
    act(&mut g, "american", "regroup-done");
    assert!(!in_battle(&g));
}

// ruling: liberty #4 — a regroup gets a fresh hexside count.
// rule: liberty 7.5, 5.2
#[test]
fn regroup_has_fresh_hexside_limits() {
    let mut g = position(&[
        ("a-pickens", "Fort Ticonderoga", 3),
        ("a-ward", "Fort Ticonderoga", 3),
        ("a-putnam", "Fort Ticonderoga", 3),
        ("a-stark", "Fort Ticonderoga", 3),
    ]);
    g.put("b-fraser", "Fort Ticonderoga", 1);
    g.entered("b-fraser", "1404");
    g.player1 = BRITISH;
    // The forest-and-river hexside to Saratoga (limit 3) was used up in movement.
    let s = side("Fort Ticonderoga", "Saratoga") as usize;
    g.side_use[s][AMERICAN as usize] = 3;
    g.core.dice.script([6, 1, 6, 6]);
    g.begin_battles();
    fire(&mut g, "british", "b-fraser");
    fire(&mut g, "american", "a-pickens");
    // Only Saratoga is Friendly; neutral hexes and the enemy Mohawk town are not.
    let legal = ids(&g, "american");
    let mut regroups: Vec<&String> = legal.iter().filter(|i| i.starts_with("regroup-a-")).collect();
    regroups.sort();
    assert_eq!(regroups.len(), 4, "{legal:?}");
    assert!(regroups.iter().all(|i| i.ends_with("-1406")), "{legal:?}");
    for b in ["a-pickens", "a-ward", "a-putnam"] {
        act(&mut g, "american", &format!("regroup-{b}-1406"));
    }
    // Three blocks have crossed: the hexside is closed to the fourth.
    assert!(!in_battle(&g));
    assert_eq!(g.where_is("a-stark"), "Fort Ticonderoga");
    assert_eq!(g.where_is("a-ward"), "Saratoga");
}

// ruling: liberty #17 — Player 1 orders every battle before the first reveal.
// rule: liberty 7.1
#[test]
fn player_one_orders_all_battles_before_any_block_is_revealed() {
    let mut g = position(&[("b-grey", "Boston", 3), ("b-grant", "New York", 1)]);
    g.put("a-ward", "Boston", 3);
    g.entered("a-ward", "Springfield");
    g.put("a-stark", "New York", 3);
    g.entered("a-stark", "West Point");
    g.player1 = AMERICAN;
    g.core.dice.script([6, 1, 6, 6]);
    g.begin_battles();
    assert!(!g.waits_for("british"));
    let mut legal = ids(&g, "american");
    legal.sort();
    assert_eq!(legal, sorted(&["battle-1409", "battle-1607"]));
    assert!(!log_text(&g, None).contains("Battle in"));
    assert_eq!(shown_in(&g, BRITISH, "1607", "american"), Vec::<String>::new());
    act(&mut g, "american", "battle-1409");
    let seen = log_text(&g, Some(BRITISH));
    assert!(
        seen.contains("Battle in New York") && !seen.contains("Battle in Boston"),
        "{seen}"
    );
    assert_eq!(shown_in(&g, BRITISH, "1409", "american"), sorted(&["a-stark"]));
    assert_eq!(shown_in(&g, BRITISH, "1607", "american"), Vec::<String>::new());
    fire(&mut g, "british", "b-grant");
    fire(&mut g, "american", "a-stark");
    assert_eq!(g.where_is("b-grant"), "prisoner");
    act(&mut g, "american", "regroup-done");
    // New York is won; the Boston battle follows.
    assert!(log_text(&g, None).contains("Battle in Boston"));
    assert_eq!(shown_in(&g, BRITISH, "1607", "american"), sorted(&["a-ward"]));
}

// rule: liberty 2.25, 10.0
#[test]
fn indians_fire_b2_in_their_own_town_and_b1_elsewhere() {
    for (town, rating, need, hits) in [("Mohawk", 2, "1-2", 1), ("Fort Stanwix", 1, "1", 0)] {
        let mut g = position(&[("b-mohawk", town, 3)]);
        g.put("a-stark", town, 3);
        g.entered("a-stark", if town == "Mohawk" { "Saratoga" } else { "1306" });
        g.player1 = AMERICAN;
        g.core.dice.script([2, 3, 6]);
        g.begin_battles();
        // The roster gives the rating in force, and why it is not the printed B1.
        let roster = if rating == 2 {
            "Mohawk B2 (3, own town)"
        } else {
            "Mohawk B1 (3)"
        };
        assert!(
            log_text(&g, None).contains(&format!("American attacking: {roster}, Stark C1 (3).")),
            "{}",
            log_text(&g, None)
        );
        fire(&mut g, "british", "b-mohawk");
        let (_, text) = last_roll(&g);
        assert!(
            text.contains(&format!("{roster} fires at B{rating}, needs {need} to hit: {hits} hit")),
            "{town}: {text}"
        );
        assert_eq!(g.strength_of("a-stark"), 3 - hits);
    }
}

// ruling: liberty #22 — militia C2 binds all defending militia and loyalist foot; capture if no retreat.
// rule: liberty Optional Rules
#[test]
fn militia_firepower_c2_in_round_one_then_retreat_in_round_two() {
    let run = |cornered: bool| {
        let mut g = position(&[
            ("a-ward", "Boston", 3),
            ("a-pickens", "Boston", 3),
            ("a-marion", "Boston", 3),
        ]);
        if cornered {
            for (b, at) in [
                ("b-percy", "Springfield"),
                ("b-knyphausen", "Hartford"),
                ("b-heister", "Newport"),
            ] {
                g.put(b, at, 3);
            }
            g.recompute_control();
        }
        g.put("b-grey", "Boston", 4);
        g.entered("b-grey", "1606");
        g.player1 = BRITISH;
        g.opts.militia_firepower = true;
        g.core.dice.script([6; 40]);
        g.begin_battles();
        let mut legal = ids(&g, "american");
        legal.sort();
        assert_eq!(legal, sorted(&["militia-c1", "militia-c2"]));
        assert_eq!(seat_waiting(&g), "american");
        // C2 in round 1 only, then the obligation to retreat (not "this battle").
        assert_eq!(
            described(&g, "american", "militia-c2").0,
            "Militia fire C2 in round 1, then must retreat in round 2 unless your side has won"
        );
        act(&mut g, "american", "militia-c2");
        assert!(
            log_text(&g, None).contains(
                "The defending militia will fire C2 in round 1, then must retreat in round 2 unless their side wins the battle."
            ),
            "{}",
            log_text(&g, None)
        );
        g
    };
    let mut g = run(false);
    // Marion (militia dragoon, B2) is not bound by the option.
    fire(&mut g, "american", "a-marion");
    assert!(last_roll(&g).1.contains("fires at B2"));
    fire(&mut g, "american", "a-ward");
    // Its label gives the rating it fires with in round 1.
    assert!(
        last_roll(&g).1.contains("Ward C2 (3, militia option) fires at C2"),
        "{}",
        last_roll(&g).1
    );
    fire(&mut g, "american", "a-pickens");
    fire(&mut g, "british", "b-grey");
    assert_eq!(round(&g), 2);
    fire(&mut g, "american", "a-marion");
    let legal = ids(&g, "american");
    assert!(
        !legal.contains(&"fire-a-ward".to_string()) && !legal.contains(&"fire-a-pickens".to_string()),
        "{legal:?}"
    );
    assert!(legal.contains(&"retreat-a-ward-1506".to_string()), "{legal:?}");
    act(&mut g, "american", "retreat-a-ward-1506");
    act(&mut g, "american", "retreat-a-pickens-1507");
    // With every way out closed, the militia is captured in round 2.
    let mut g = run(true);
    fire(&mut g, "american", "a-marion");
    fire(&mut g, "american", "a-ward");
    fire(&mut g, "american", "a-pickens");
    fire(&mut g, "british", "b-grey");
    fire(&mut g, "american", "a-marion");
    assert_eq!(g.where_is("a-ward"), "prisoner");
    assert_eq!(g.where_is("a-pickens"), "prisoner");
    assert!(log_text(&g, None).contains("Ward must retreat and cannot"));
}

// rule: liberty Optional Rules
#[test]
fn bayonet_charge_c3_guards_c5_in_round_two_then_retreat_in_round_three() {
    let mut g = position(&[
        ("a-washington", "Boston", 4),
        ("a-greene", "Boston", 4),
        ("a-arnold", "Boston", 4),
    ]);
    for b in ["b-grey", "b-guards", "b-fraser"] {
        g.put(b, "Boston", 3);
        g.entered(b, "1606");
    }
    g.player1 = BRITISH;
    g.opts.bayonet = true;
    g.core.dice.script([6; 36]);
    g.begin_battles();
    let taken = fire_round(&mut g);
    assert!(taken.iter().all(|t| t.1.starts_with("fire-")), "{taken:?}");
    // Round 2: the charge is offered to regular foot and Guards, not light foot.
    fire(&mut g, "british", "b-fraser");
    for b in ["a-washington", "a-greene", "a-arnold"] {
        fire(&mut g, "american", b);
    }
    let legal = ids(&g, "british");
    assert!(
        legal.contains(&"charge-b-grey".into()) && legal.contains(&"charge-b-guards".into()),
        "{legal:?}"
    );
    assert!(!legal.iter().any(|i| i == "charge-b-fraser"));
    g.core.dice.script([5, 5, 6, 3, 3, 4]);
    act(&mut g, "british", "charge-b-guards");
    while ids(&g, "american").iter().any(|i| i.starts_with("hit-")) {
        let h = ids(&g, "american")[0].clone();
        act(&mut g, "american", &h);
    }
    assert!(
        last_roll(&g)
            .1
            .contains("Mathew C4 (3) charges with the bayonet and fires at C5, needs 1-5 to hit: 2 hits"),
        "{}",
        last_roll(&g).1
    );
    act(&mut g, "british", "charge-b-grey");
    while ids(&g, "american").iter().any(|i| i.starts_with("hit-")) {
        let h = ids(&g, "american")[0].clone();
        act(&mut g, "american", &h);
    }
    assert!(
        last_roll(&g).1.contains("fires at C3, needs 1-3 to hit: 2 hits"),
        "{}",
        last_roll(&g).1
    );
    // Round 3: the chargers must retreat; Fraser may still fire.
    assert_eq!(round(&g), 3);
    g.core.dice.script([6; 20]);
    fire(&mut g, "british", "b-fraser");
    for b in ["a-washington", "a-greene", "a-arnold"] {
        fire(&mut g, "american", b);
    }
    let legal = ids(&g, "british");
    assert!(
        !legal.iter().any(|i| i == "fire-b-grey" || i == "fire-b-guards"),
        "{legal:?}"
    );
    assert!(legal.contains(&"retreat-b-grey-1606".into()) && legal.contains(&"retreat-b-guards-1606".into()));
}

// rule: liberty Optional Rules, 2.25
#[test]
fn pursuit_round_four_attacker_retreats_and_indians_fire_b3() {
    let mut g = position(&[("b-mohawk", "Springfield", 3), ("b-grey", "Springfield", 3)]);
    g.put("a-ward", "Springfield", 3);
    g.entered("a-ward", "Boston");
    g.player1 = AMERICAN;
    g.opts.pursuit = true;
    g.core.dice.script([6; 27]);
    g.begin_battles();
    fire(&mut g, "british", "b-mohawk");
    assert!(last_roll(&g).1.contains("fires at B1"));
    fire_round(&mut g);
    fire_round(&mut g);
    fire_round(&mut g);
    assert_eq!(round(&g), 4);
    // Round 4 is named the pursuit round, in the log and in the prompts.
    assert!(
        log_text(&g, None)
            .contains("Combat round 4, the pursuit round: the defender fires; the attacker must retreat."),
        "{}",
        log_text(&g, None)
    );
    assert_eq!(
        prompt(&g, "british"),
        "Battle in Springfield, pursuit round (4): fire or retreat with a block; the attacker must retreat."
    );
    g.core.dice.script([3, 6, 6, 6, 6, 6]);
    fire(&mut g, "british", "b-mohawk");
    assert!(
        last_roll(&g)
            .1
            .contains("Mohawk B3 (3, pursuit) fires at B3, needs 1-3 to hit: 1 hit"),
        "{}",
        last_roll(&g).1
    );
    fire(&mut g, "british", "b-grey");
    // The attacker must retreat in its normal turn.
    assert_eq!(ids(&g, "american"), vec!["retreat-a-ward-1607".to_string()]);
    assert_eq!(
        prompt(&g, "american"),
        "Battle in Springfield, pursuit round (4): the attacker must retreat; retreat a block."
    );
    act(&mut g, "american", "retreat-a-ward-1607");
    assert!(!in_battle(&g));
}

// ruling: liberty #8 — the defender's reserves take no hits in round 1 and retreat if the battle ends then.
// rule: liberty 7.22
#[test]
fn reserves_take_no_hits_in_round_one() {
    let mut g = position(&[("a-ward", "Boston", 2)]);
    g.put("b-grey", "Boston", 3);
    g.entered("b-grey", "1606");
    g.put("a-pickens", "Boston", 3);
    g.entered("a-pickens", "Hartford");
    g.player1 = BRITISH;
    g.core.dice.script([6, 6, 1, 1, 1]);
    g.begin_battles();
    fire(&mut g, "american", "a-ward");
    fire(&mut g, "british", "b-grey");
    // Three hits: two capture Ward, the third finds no target.
    assert_eq!(g.where_is("a-ward"), "prisoner");
    assert_eq!(g.strength_of("a-pickens"), 3);
    assert!(log_text(&g, None).contains("1 hit finds no target"));
    // The battle ends in round 1: the unrevealed reserve must retreat, and is
    // told why (7.22), as the log tells everyone.
    assert_eq!(
        prompt(&g, "american"),
        "Battle in Boston is lost in round 1: your blocks that fought it are gone, \
         so your reserves, which had not joined it yet, must retreat."
    );
    assert!(
        log_text(&g, None).contains(
            "American has no block left fighting in Boston in round 1: the battle is lost, and its reserve must retreat."
        ),
        "{}",
        log_text(&g, None)
    );
    let mut legal = ids(&g, "american");
    legal.sort();
    assert_eq!(
        legal,
        sorted(&[
            "retreat-a-pickens-1506",
            "retreat-a-pickens-1507",
            "retreat-a-pickens-1608"
        ])
    );
    assert_eq!(hidden_count(&g, BRITISH, "1607", "american"), 1);
}

// rule: liberty Optional Rules, 7.22
#[test]
fn militia_firepower_is_not_available_to_reserves() {
    let mut g = position(&[("a-ward", "Boston", 3)]);
    g.put("b-grey", "Boston", 4);
    g.entered("b-grey", "1606");
    g.put("a-pickens", "Boston", 3);
    g.entered("a-pickens", "Hartford");
    g.player1 = BRITISH;
    g.opts.militia_firepower = true;
    g.core.dice.script([6; 20]);
    g.begin_battles();
    act(&mut g, "american", "militia-c2");
    fire_round(&mut g);
    // Round 2: Ward must withdraw, Pickens (a reserve in round 1) fights on at C1.
    let legal = ids(&g, "american");
    assert!(!legal.contains(&"fire-a-ward".to_string()), "{legal:?}");
    fire(&mut g, "american", "a-pickens");
    assert!(
        last_roll(&g).1.contains("Pickens C1 (3) fires at C1"),
        "{}",
        last_roll(&g).1
    );
}

/// Play the battle on, firing and taking hits with the first block offered,
/// retreating the British warship when it is offered a retreat and any block
/// that may do nothing but retreat, until the battle is over.
fn play_out(g: &mut Liberty) {
    let mut guard = 0;
    while in_battle(g) {
        guard += 1;
        assert!(guard < 200, "the battle does not end");
        let (seat, legal) = waiting(g);
        let pick = legal
            .iter()
            .find(|i| i.starts_with("fire-") || i.starts_with("hit-") || i.starts_with("hold-"))
            .or_else(|| legal.iter().find(|i| i.starts_with("retreat-")))
            .or_else(|| legal.iter().find(|i| *i == "regroup-done"))
            .cloned()
            .unwrap_or_else(|| panic!("{seat}: nothing to do in {legal:?}"));
        act(g, seat, &pick);
    }
}

// Rulebook 8.2: "Warships can capture and hold a vacant enemy town, but must
// retreat from ground blocks after three rounds of combat. This means that an
// attacking ground block displaces a warship even if it does not eliminate the
// ship in combat." docs/rulings.md (Liberty, further decisions, "Pursuit option
// + #14"): "With the pursuit option, warships alone facing ground blocks fight
// round 4 like everyone else, then retreat."
// With the pursuit option on, the attacking ground block fights round 4
// instead of retreating in it, and the lone warship then yields (rules
// liberty-4: the attacker had to retreat in round 4 and the warship kept the
// town).
// rule: liberty 8.2, 8.6
#[test]
fn pursuit_option_warship_alone_still_yields_to_the_attacking_ground_block() {
    let mut g = position(&[("b-ship-hood", "Charleston", 3)]);
    g.put("a-sumter", "Charleston", 2);
    g.entered("a-sumter", "0617");
    g.player1 = AMERICAN;
    g.opts.pursuit = true;
    g.core.dice.script([6; 40]);
    g.begin_battles();
    play_out(&mut g);
    assert_eq!(
        g.where_is("a-sumter"),
        "Charleston",
        "the attacking ground block should displace the lone warship; log:\n{}",
        log_text(&g, None)
    );
    assert_ne!(g.where_is("b-ship-hood"), "Charleston");
}
