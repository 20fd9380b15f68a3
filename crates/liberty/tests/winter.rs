//! The Winter Turn (11.0-11.5), French Entry (9.0), Indians (10.0), control
//! as it counts for victory (1.2, 5.3) and leader wintering (2.21), played
//! through the public API with scripted dice.

mod support;
use support::*;

use engine::prelude::*;
use liberty::map::{Colour, Map};
use liberty::turn::Stage;
use liberty::Liberty;

fn block(id: &str) -> u8 {
    liberty::blocks::by_id(id).expect("known block")
}

/// Close the last Game Turn of the year: control is recomputed (5.3) and the
/// Winter Turn (11.0) runs until a seat must decide.
fn end_year(g: &mut Liberty) {
    g.frames.clear();
    g.turn = g.turns_in_year;
    g.stage = Stage::EndTurn;
    g.advance();
}

/// Finish both seats' disbanding without disbanding anything else.
fn no_more_disbanding(g: &mut Liberty) {
    for seat in ["british", "american"] {
        if g.waits_for(seat) && g.legal_ids(seat).contains(&"disband-done".to_string()) {
            act(g, seat, "disband-done");
        }
    }
}

fn winner(g: &Liberty) -> Option<u8> {
    g.core.outcome.as_ref().and_then(|o| o.winner)
}

/// Sum of the values of red and orange towns (British by colour, 1.2).
fn british_by_colour() -> u32 {
    Map::embedded()
        .towns()
        .filter(|(_, t)| t.colour != Colour::Blue)
        .map(|(_, t)| t.value as u32)
        .sum()
}

// rule: liberty 1.2, 5.3, 11.1
#[test]
fn british_win_with_30_supply_points_occupied_blue_towns_count() {
    let mut g = Liberty::sandbox(1);
    let base = british_by_colour();
    assert_eq!(g.british_supply(), base, "vacant towns count for their colour");
    // Occupying blue towns makes them British (occupation beats colour).
    let mut total = base;
    for (b, town) in [
        ("b-grey", "Philadelphia"),
        ("b-grant", "New York"),
        ("b-rawdon", "Boston"),
        ("b-percy", "Charleston"),
        ("b-fraser", "Baltimore"),
    ] {
        g.put(b, town, 2);
        total += Map::embedded().town(hex(town)).unwrap().value as u32;
    }
    assert_eq!(total, 30, "the test needs exactly 30 points");
    end_year(&mut g);
    assert_eq!(g.british_supply(), 30);
    assert_eq!(winner(&g), Some(BRITISH));
    assert_eq!(g.core.outcome.as_ref().unwrap().rule, "11.1");
}

// rule: liberty 1.2, 5.3, 11.1
#[test]
fn twenty_nine_points_is_no_victory_and_an_occupied_red_town_is_lost() {
    let mut g = Liberty::sandbox(2);
    for (b, town) in [
        ("b-grey", "Philadelphia"),
        ("b-grant", "New York"),
        ("b-rawdon", "Boston"),
        ("b-percy", "Charleston"),
        ("b-fraser", "Baltimore"),
    ] {
        g.put(b, town, 2);
    }
    // An American block in red Augusta (value 1) takes it from the British.
    g.put("a-ward", "Augusta", 2);
    end_year(&mut g);
    no_more_disbanding(&mut g);
    assert_eq!(g.british_supply(), 29);
    assert_eq!(g.core.outcome, None);
    assert_eq!(g.year, 1777, "the game goes on to the next year");
}

// rule: liberty 11.1
#[test]
fn american_win_below_12_but_not_at_12() {
    let mut g = Liberty::sandbox(3);
    assert_eq!(british_by_colour(), 13);
    g.put("a-ward", "Augusta", 2);
    end_year(&mut g);
    assert_eq!(g.british_supply(), 12);
    assert_eq!(g.core.outcome, None, "12 points is not fewer than 12");

    let mut g = Liberty::sandbox(3);
    g.put("a-ward", "Québec", 2);
    end_year(&mut g);
    assert_eq!(g.british_supply(), 10);
    assert_eq!(winner(&g), Some(AMERICAN));
}

// rule: liberty 11.1
#[test]
fn the_end_of_1783_is_an_american_victory_but_1782_is_not() {
    let mut g = Liberty::sandbox(4);
    g.year = 1782;
    g.core.dice.script([1, 1]); // the French Entry roll fails
    end_year(&mut g);
    assert_eq!(g.core.outcome, None);
    let mut g = Liberty::sandbox(4);
    g.year = 1783;
    end_year(&mut g);
    assert_eq!(winner(&g), Some(AMERICAN));
    assert!(g.core.outcome.as_ref().unwrap().reason.contains("1783"));
}

// rule: liberty 5.3, 1.2
#[test]
fn victory_reads_stored_control_and_a_vacated_town_reverts() {
    let mut g = Liberty::sandbox(5);
    let base = g.british_supply();
    // Mid-turn occupation changes nothing (5.3: only at the end of a Game Turn).
    let grey = g.put("b-grey", "Philadelphia", 3);
    assert_eq!(g.british_supply(), base);
    g.recompute_control();
    assert_eq!(g.british_supply(), base + 4);
    // The British leave: the town stays British until the turn ends, then reverts.
    g.place(grey, liberty::state::POOL);
    assert_eq!(g.british_supply(), base + 4);
    g.recompute_control();
    assert_eq!(g.british_supply(), base);
    // An Indian town (orange) is British unless enemy occupied.
    let mohawk = hex("Mohawk");
    assert!(g.friendly(mohawk, BRITISH));
    g.put("a-ward", "Mohawk", 2);
    g.recompute_control();
    assert!(g.friendly(mohawk, AMERICAN));
}

// rule: liberty 5.3, 11.3, 1.2
#[test]
fn a_town_vacated_in_the_winter_reverts_before_the_new_year() {
    // Ruling liberty #5: the Winter Turn ends with control recomputed, so a
    // blue town the British disbanded out of is American in Turn 1.
    let mut g = Liberty::sandbox(5);
    let base = g.british_supply();
    g.put("b-grey", "Philadelphia", 3);
    end_year(&mut g);
    assert_eq!(g.british_supply(), base + 4, "held at the end of the last Game Turn");
    act(&mut g, "british", "disband-b-grey");
    // Nothing else to disband, eliminate or exchange: the winter ends.
    no_more_disbanding(&mut g);
    for seat in ["british", "american"] {
        if g.phase_name() == "winter" && g.waits_for(seat) {
            act(&mut g, seat, "no-offer");
        }
    }
    assert_eq!((g.year, g.phase_name()), (1777, "cards"));
    assert_eq!(g.where_is("b-grey"), "pool");
    assert!(g.friendly(hex("Philadelphia"), AMERICAN));
    assert_eq!(g.british_supply(), base);
}

// rule: liberty 11.2, 9.0
#[test]
fn no_french_entry_roll_at_the_end_of_1775() {
    let mut g = Liberty::sandbox(6);
    g.year = 1775;
    g.turns_in_year = 3;
    g.core.dice.script([6, 6]);
    end_year(&mut g);
    assert!(!g.french_entered);
    assert_eq!(g.core.dice.scripted_left(), 2, "no dice were rolled");
    assert_eq!(g.year, 1776);
}

// rule: liberty 9.0, 11.2, 12.0
#[test]
fn french_entry_on_8_moves_the_french_pool_but_not_the_west_indies() {
    let mut g = Liberty::sandbox(7);
    g.put("f-stsimon", "wi-french", 3);
    g.put("f-ship-debarras", "wi-french", 3);
    g.core.dice.script([3, 4]);
    end_year(&mut g);
    assert!(!g.french_entered, "7 is not enough");
    assert_eq!(g.where_is("f-rochambeau"), "french-pool");

    let mut g = Liberty::sandbox(7);
    g.put("f-stsimon", "wi-french", 3);
    g.put("f-ship-debarras", "wi-french", 3);
    g.core.dice.script([4, 4]);
    end_year(&mut g);
    assert!(g.french_entered);
    for f in [
        "f-rochambeau",
        "f-viomenil",
        "f-deuxponts",
        "f-lauzun",
        "f-ship-degrasse",
        "f-ship-destaing",
    ] {
        assert_eq!(g.where_is(f), "pool", "{f} joins the American pool");
    }
    assert_eq!(g.where_is("f-stsimon"), "French West Indies");
    assert_eq!(g.where_is("f-ship-debarras"), "French West Indies");
    // 9.0 drawn French blocks are deployed in the Atlantic box.
    let mut hexes = Vec::new();
    g.deploy_hexes(block("f-rochambeau"), &mut hexes);
    assert_eq!(hexes, vec![Map::embedded().atlantic]);
}

// rule: liberty 9.0, 11.1
#[test]
fn no_french_entry_roll_when_the_war_is_won() {
    let mut g = Liberty::sandbox(8);
    g.put("a-ward", "Québec", 2);
    g.core.dice.script([6, 6]);
    end_year(&mut g);
    assert_eq!(winner(&g), Some(AMERICAN));
    assert!(!g.french_entered);
    assert_eq!(g.core.dice.scripted_left(), 2);
}

// rule: liberty 9.0, 9.1, 3.3, 11.3
#[test]
fn before_entry_french_blocks_cannot_move_take_supply_or_disband() {
    // ruling: liberty #19
    let mut g = Liberty::sandbox(9);
    let st = g.put("f-stsimon", "wi-french", 2);
    g.put("f-ship-debarras", "wi-french", 3);
    g.put("a-ward", "Boston", 2);
    g.recompute_control();
    g.begin_actions(AMERICAN, AMERICAN, 1);
    let ids = g.legal_ids("american");
    assert!(ids.contains(&"group-1607".to_string()));
    assert!(!ids.contains(&"group-wi-french".to_string()), "{ids:?}");
    assert!(!g.can_take_supply(st));
    assert!(
        !g.may_disband(st),
        "disbanding would put it in the American pool before entry"
    );

    g.french_entered = true;
    assert!(g.legal_ids("american").contains(&"group-wi-french".to_string()));
    assert!(g.can_take_supply(st));
    assert!(g.may_disband(st));
}

// rule: liberty 10.0, 11.3
#[test]
fn an_indian_is_captured_when_its_town_is_occupied_at_the_end_of_the_year() {
    // ruling: liberty #20
    let mut g = Liberty::sandbox(10);
    // The Cherokee are in the pool; the Mohawk are on the map away from home.
    g.put("a-ward", "Cherokee", 2);
    g.put("b-mohawk", "Fort Stanwix", 2);
    g.put("a-pickens", "Mohawk", 3);
    g.put("b-shawnee", "Shawnee", 1);
    end_year(&mut g);
    assert_eq!(g.where_is("b-cherokee"), "prisoner", "captured even from the pool");
    assert_eq!(g.where_is("b-mohawk"), "prisoner");
    assert_eq!(g.where_is("a-ward"), "pool", "the occupier is disbanded");
    assert_eq!(g.where_is("a-pickens"), "pool");
    assert_eq!(g.where_is("b-shawnee"), "Shawnee", "an unoccupied town is safe");
    let log: Vec<String> = g.core.log.visible(None).map(|e| e.rule.to_string()).collect();
    assert!(log.iter().filter(|r| *r == "10.0").count() >= 2);
}

// rule: liberty 10.0, 9.0
#[test]
fn a_french_block_in_an_indian_town_captures_it_too() {
    let mut g = Liberty::sandbox(11);
    g.french_entered = true;
    g.put("f-lauzun", "Shawnee", 3);
    g.put("b-shawnee", "0408", 2);
    end_year(&mut g);
    assert_eq!(g.where_is("b-shawnee"), "prisoner");
    assert_eq!(g.where_is("f-lauzun"), "pool");
}

// rule: liberty 10.0, 6.1
#[test]
fn a_redrawn_indian_deploys_at_home_else_in_an_adjacent_neutral_hex() {
    // ruling: liberty #18
    let map = Map::embedded();
    let mut g = Liberty::sandbox(12);
    let cherokee = block("b-cherokee");
    let home = hex("Cherokee");
    let mut v = Vec::new();
    g.deploy_hexes(cherokee, &mut v);
    assert_eq!(v, vec![home]);
    // The town is American-held: any neutral adjacent wilderness hex free of
    // enemy blocks, but not one the Americans occupy.
    g.put("a-ward", "Cherokee", 2);
    g.put("a-pickens", "0215", 2);
    g.recompute_control();
    v.clear();
    g.deploy_hexes(cherokee, &mut v);
    let adj: Vec<u16> = map.neighbours(home).iter().map(|&(n, _)| n).collect();
    assert_eq!(v.len(), adj.len() - 1, "{v:?}");
    for h in &v {
        assert!(adj.contains(h) && g.neutral(*h) && map.space(*h).wilderness);
    }
    assert!(!v.contains(&hex("0215")) && !v.contains(&home));
}

// rule: liberty 10.0, 11.4, 11.3
#[test]
fn indians_suffer_no_winter_attrition_but_may_disband_in_a_town() {
    let mut g = Liberty::sandbox(13);
    // Eight hexes away from any town: no supply, yet the Indian stays.
    g.put("b-shawnee", "0408", 3);
    g.put("b-cherokee", "Cherokee", 3);
    end_year(&mut g);
    assert!(g.waits_for("british"));
    let ids = g.legal_ids("british");
    assert!(ids.contains(&"disband-b-cherokee".to_string()));
    assert!(!ids.contains(&"disband-b-shawnee".to_string()), "0408 is no town");
    act(&mut g, "british", "disband-b-cherokee");
    no_more_disbanding(&mut g);
    assert_eq!(g.where_is("b-cherokee"), "pool");
    assert_eq!(g.where_is("b-shawnee"), "hex 0408");
    assert_eq!(g.strength_of("b-shawnee"), 3);
    assert_eq!(g.year, 1777);
}

// rule: liberty 11.0, 11.3, 11.4, 11.5
#[test]
fn winter_actions_come_in_order_british_first() {
    let mut g = Liberty::sandbox(14);
    // Both sides over supply in ports, and a prisoner each.
    for b in ["b-grey", "b-grant", "b-rawdon", "b-percy"] {
        g.put(b, "Boston", 2);
    }
    for b in ["a-ward", "a-pickens", "a-stark"] {
        g.put(b, "Newport", 2);
    }
    g.put("b-fraser", "atlantic", 2);
    g.capture(block("b-heister"));
    g.capture(block("a-sumter"));
    g.core.dice.script([1, 1]);
    end_year(&mut g);
    assert_eq!(g.core.dice.scripted_left(), 0, "the French roll came before any choice");
    assert_eq!(g.where_is("b-fraser"), "pool", "11.3 the Atlantic box is emptied");
    // 11.3 British disband first, then the Americans.
    assert!(g.waits_for("british") && !g.waits_for("american"));
    assert_eq!(g.phase_name(), "winter");
    assert!(g.legal_ids("british").contains(&"disband-b-grey".to_string()));
    act(&mut g, "british", "disband-done");
    assert!(g.waits_for("american") && !g.waits_for("british"));
    assert!(g.legal_ids("american").contains(&"disband-a-ward".to_string()));
    act(&mut g, "american", "disband-done");
    // 11.4 attrition, British first: Boston supplies 3 of 4.
    assert!(g.waits_for("british") && !g.waits_for("american"));
    let ids = g.legal_ids("british");
    assert_eq!(ids.len(), 4, "{ids:?}");
    act(&mut g, "british", "eliminate-b-percy");
    assert_eq!(g.where_is("b-percy"), "prisoner");
    assert!(g.waits_for("american"));
    act(&mut g, "american", "eliminate-a-stark");
    // 11.5 then prisoner exchange offers.
    assert!(g.waits_for("british") && g.waits_for("american"));
    assert!(g
        .legal_ids("british")
        .contains(&"offer-a-sumter-for-b-heister".to_string()));
    act(&mut g, "british", "no-offer");
    act(&mut g, "american", "no-offer");
    assert_eq!(g.year, 1777);
    assert_eq!(g.phase_name(), "cards");
}

// rule: liberty 11.3
#[test]
fn british_disband_on_or_next_to_a_friendly_port_only() {
    let mut g = Liberty::sandbox(15);
    g.put("b-grey", "Boston", 2);
    g.put("b-grant", "Springfield", 2); // next to British-held Boston
    g.put("b-rawdon", "Albany", 2); // no port next to it
    g.put("b-knyphausen", "Saratoga", 2); // Hessians are British for all purposes
    g.put("b-ship-hood", "Boston", 2);
    g.put("b-peters", "Albany", 2); // Loyalists: any town hex
    g.put("b-butler", "Fort Stanwix", 2);
    g.recompute_control();
    for (b, ok) in [
        ("b-grey", true),
        ("b-grant", true),
        ("b-rawdon", false),
        ("b-knyphausen", false),
        ("b-ship-hood", true),
        ("b-peters", true),
        ("b-butler", true),
    ] {
        assert_eq!(g.may_disband(block(b)), ok, "{b}");
    }
    // Without the British in Boston, Springfield has no friendly port nearby.
    g.place(block("b-grey"), liberty::state::POOL);
    g.place(block("b-ship-hood"), liberty::state::POOL);
    g.recompute_control();
    assert!(!g.may_disband(block("b-grant")));
}

// rule: liberty 11.3, 5.4
#[test]
fn yorktown_and_dover_close_their_ports_for_disbanding() {
    // ruling: liberty #20
    let mut g = Liberty::sandbox(16);
    let grey = g.put("b-grey", "Baltimore", 2);
    let grant = g.put("b-grant", "Philadelphia", 2);
    let lancaster = g.put("b-rawdon", "Lancaster", 2); // next to both ports
    g.recompute_control();
    assert!(g.may_disband(grey) && g.may_disband(grant) && g.may_disband(lancaster));
    g.put("a-ward", "Yorktown", 2);
    g.recompute_control();
    assert!(!g.may_disband(grey), "Baltimore is in Chesapeake Bay");
    assert!(g.may_disband(grant) && g.may_disband(lancaster));
    g.put("a-pickens", "Dover", 2);
    g.recompute_control();
    assert!(!g.may_disband(grant), "Philadelphia is on the Delaware");
    assert!(
        !g.may_disband(lancaster),
        "a closed port is no adjacent friendly port either"
    );
}

// rule: liberty 11.3
#[test]
fn americans_disband_in_any_town_french_need_a_port() {
    let mut g = Liberty::sandbox(17);
    g.french_entered = true;
    let ward = g.put("a-ward", "West Point", 2); // a small town
    let pickens = g.put("a-pickens", "1307", 2); // no town
    let lauzun = g.put("f-lauzun", "Saratoga", 2);
    let viomenil = g.put("f-viomenil", "Hartford", 2);
    g.put("f-ship-degrasse", "atlantic", 2);
    g.recompute_control();
    assert!(g.may_disband(ward));
    assert!(!g.may_disband(pickens));
    assert!(!g.may_disband(lauzun), "Saratoga is no port and has none next to it");
    assert!(g.may_disband(viomenil));
    end_year(&mut g);
    assert_eq!(
        g.where_is("f-ship-degrasse"),
        "pool",
        "11.3 the Atlantic box must be emptied"
    );
}

// rule: liberty 11.4, 2.21
#[test]
fn wintering_diagram_new_brunswick_leader_supply() {
    let nb = hex("New Brunswick");
    // Value 2; a leader 1 supports himself: three blocks.
    for (leader, others, excess) in [(1, 2, 0), (1, 3, 1), (2, 3, 0), (2, 4, 1), (4, 5, 0), (4, 6, 1)] {
        let mut g = Liberty::sandbox(18);
        g.put("b-howe", "New Brunswick", leader);
        for b in ["b-grey", "b-grant", "b-rawdon", "b-percy", "b-fraser", "b-guards"]
            .iter()
            .take(others)
        {
            g.put(b, "New Brunswick", 2);
        }
        assert_eq!(
            g.winter_excess(nb, BRITISH).0,
            excess,
            "leader {leader} with {others} others"
        );
    }
}

// rule: liberty 11.4, 2.21
#[test]
fn leader_supply_example_washington_in_boston() {
    let boston = hex("Boston");
    let mut g = Liberty::sandbox(19);
    g.put("a-washington", "Boston", 2);
    for b in ["a-ward", "a-pickens", "a-putnam", "a-stark"] {
        g.put(b, "Boston", 2);
    }
    assert_eq!(
        g.winter_excess(boston, AMERICAN).0,
        0,
        "Washington 2 + Boston 3 support 5 blocks"
    );
    g.put("a-clinton", "Boston", 2);
    let (e, removable) = g.winter_excess(boston, AMERICAN);
    assert_eq!(e, 1);
    assert_eq!(removable.len(), 5, "the owner picks any block but Washington");
    assert!(
        !removable.contains(&block("a-washington")),
        "losing him would cost two more"
    );
    // Only one leader supplies: Gates adds nothing while Washington does.
    g.put("a-gates", "Boston", 4);
    g.place(block("a-clinton"), liberty::state::POOL);
    assert_eq!(g.winter_excess(boston, AMERICAN).0, 0);
    g.put("a-clinton", "Boston", 2);
    g.put("a-dickinson", "Boston", 2);
    assert_eq!(
        g.winter_excess(boston, AMERICAN).0,
        1,
        "the best leader (4) supplies, not both"
    );
}

// rule: liberty 11.4
#[test]
fn leaders_supply_only_in_a_town_hex_and_warships_count() {
    let mut g = Liberty::sandbox(20);
    // A leader in a small town supplies; outside a town nothing does.
    g.put("a-washington", "West Point", 2);
    g.put("a-ward", "West Point", 2);
    assert_eq!(g.winter_excess(hex("West Point"), AMERICAN).0, 0);
    g.put("a-gates", "1307", 3);
    g.put("a-pickens", "1307", 2);
    assert_eq!(g.winter_excess(hex("1307"), AMERICAN).0, 2);
    // Warships are blocks for winter supply (ruling liberty #21).
    g.put("b-ship-hood", "Québec", 2);
    for b in ["b-grey", "b-grant", "b-rawdon"] {
        g.put(b, "Québec", 2);
    }
    assert_eq!(g.winter_excess(hex("Québec"), BRITISH).0, 1);
}

/// The Wintering Diagram, every location at once, played through the Winter Turn.
// rule: liberty 11.3, 11.4, 10.0, 9.0
#[test]
fn wintering_diagram_played_through() {
    // ruling: liberty #21
    let mut g = Liberty::sandbox(21);
    g.french_entered = true;
    // New Brunswick: value 2, a British leader 1 and two blocks.
    g.put("b-cornwallis", "New Brunswick", 1);
    g.put("b-grey", "New Brunswick", 3);
    g.put("b-grant", "New Brunswick", 3);
    // West Point: no value; a British block next to British-held New Brunswick.
    g.put("b-percy", "West Point", 2);
    // Fort Stanwix: no value; Indians and a British foot block.
    g.put("b-mohawk", "Fort Stanwix", 2);
    g.put("b-knyphausen", "Fort Stanwix", 3);
    // Albany supplies one block; New York four.
    g.put("a-arnold", "Albany", 3);
    for b in ["b-rawdon", "b-fraser", "b-guards", "b-dragoon"] {
        g.put(b, "New York", 2);
    }
    // Hartford: value 3, an American leader and four French blocks.
    g.put("a-gates", "Hartford", 1);
    for f in ["f-stsimon", "f-viomenil", "f-deuxponts", "f-lauzun"] {
        g.put(f, "Hartford", 2);
    }
    g.core.dice.script([1, 1]);
    end_year(&mut g);
    assert!(
        g.friendly(hex("New Brunswick"), BRITISH),
        "occupied, so friendly to the British"
    );

    let ids = g.legal_ids("british");
    assert!(
        ids.contains(&"disband-b-percy".to_string()),
        "West Point is next to the port New Brunswick"
    );
    assert!(
        !ids.contains(&"disband-b-knyphausen".to_string()),
        "Fort Stanwix is next to no port"
    );
    assert!(
        ids.contains(&"disband-b-mohawk".to_string()),
        "an Indian may disband in a town"
    );
    act(&mut g, "british", "disband-b-percy");
    act(&mut g, "british", "disband-done");

    // Hartford: Gates supplies only himself, so one French block is surplus;
    // Hartford is a port, so it may disband rather than be captured.
    assert_eq!(g.winter_excess(hex("Hartford"), AMERICAN).0, 1);
    let ids = g.legal_ids("american");
    assert!(ids.contains(&"disband-f-lauzun".to_string()), "{ids:?}");
    act(&mut g, "american", "disband-f-lauzun");
    act(&mut g, "american", "disband-done");

    // Attrition: only the foot block at Fort Stanwix is beyond supply, and
    // it is the one block that may go: it is lost with no decision.
    assert!(!g.legal_ids("british").iter().any(|a| a.starts_with("eliminate-")));
    assert_eq!(g.where_is("b-knyphausen"), "prisoner");
    assert_eq!(g.where_is("b-mohawk"), "Fort Stanwix");
    assert_eq!(g.where_is("b-percy"), "pool");
    assert_eq!(g.where_is("f-lauzun"), "pool");
    for b in ["b-cornwallis", "b-grey", "b-grant"] {
        assert_eq!(g.where_is(b), "New Brunswick");
    }
    for f in ["a-gates", "f-stsimon", "f-viomenil", "f-deuxponts"] {
        assert_eq!(g.where_is(f), "Hartford");
    }
    assert_eq!(g.where_is("a-arnold"), "Albany");
    assert_eq!(g.where_is("b-rawdon"), "New York");
}

// rule: liberty 11.4
#[test]
fn wintering_diagram_limits_when_exceeded() {
    let mut g = Liberty::sandbox(22);
    g.french_entered = true;
    g.put("a-arnold", "Albany", 3);
    g.put("a-ward", "Albany", 3);
    assert_eq!(g.winter_excess(hex("Albany"), AMERICAN).0, 1);
    for b in ["b-rawdon", "b-fraser", "b-guards", "b-dragoon", "b-grey"] {
        g.put(b, "New York", 2);
    }
    assert_eq!(g.winter_excess(hex("New York"), BRITISH).0, 1);
    // Hartford: the French leader does not supply an American block either.
    g.put("f-rochambeau", "Hartford", 4);
    for b in ["a-ward", "a-pickens", "a-putnam", "a-stark"] {
        g.put(b, "Hartford", 2);
    }
    let (e, removable) = g.winter_excess(hex("Hartford"), AMERICAN);
    assert_eq!(e, 1);
    assert!(
        !removable.contains(&block("f-rochambeau")),
        "losing the leader does not help"
    );
    // Without leader supply the British block at West Point is captured.
    g.put("b-percy", "West Point", 2);
    assert_eq!(g.winter_excess(hex("West Point"), BRITISH).0, 1);
}

// rule: liberty 11.3
#[test]
fn west_point_cannot_disband_when_no_adjacent_port_is_british() {
    // ruling: liberty #5 (stored control): New Brunswick is a blue town, friendly
    // to the British only while they occupy it, as in the Wintering Diagram.
    let mut g = Liberty::sandbox(23);
    let percy = g.put("b-percy", "West Point", 2);
    g.recompute_control();
    assert!(!g.may_disband(percy));
    g.put("b-grey", "New Brunswick", 2);
    g.recompute_control();
    assert!(g.may_disband(percy));
}

// rule: liberty 11.5
#[test]
fn winter_prisoner_exchange_is_an_offer_to_accept_or_decline() {
    // ruling: liberty #23
    let mut g = Liberty::sandbox(24);
    g.capture(block("b-grey"));
    g.capture(block("b-grant"));
    g.capture(block("a-ward"));
    end_year(&mut g);
    assert!(g.waits_for("british") && g.waits_for("american"));
    act(&mut g, "british", "offer-a-ward-for-b-grey");
    assert!(g.waits_for("american") && !g.waits_for("british"));
    assert_eq!(
        g.legal_ids("american"),
        vec!["accept".to_string(), "decline".to_string()]
    );
    act(&mut g, "american", "decline");
    assert_eq!(g.where_is("a-ward"), "prisoner");
    assert_eq!(g.where_is("b-grey"), "prisoner");
    // One offer per seat per Winter Turn; the Americans may still make theirs.
    assert!(!g.legal_ids("british").iter().any(|i| i.starts_with("offer-")));
    act(&mut g, "american", "offer-b-grant-for-a-ward");
    act(&mut g, "british", "accept");
    assert_eq!(g.where_is("a-ward"), "pool");
    assert_eq!(g.where_is("b-grant"), "pool");
    assert_eq!(g.where_is("b-grey"), "prisoner");
    assert_eq!(g.year, 1777, "no offers left: the winter ends");
}

// rule: liberty 11.5, 3.1
#[test]
fn prisoner_exchange_once_per_seat_in_each_card_phase() {
    let mut g = Liberty::sandbox(25);
    g.capture(block("b-grey"));
    g.capture(block("a-ward"));
    g.capture(block("a-pickens"));
    end_year(&mut g);
    act(&mut g, "british", "no-offer");
    act(&mut g, "american", "no-offer");
    assert_eq!(g.phase_name(), "cards");
    let ids = g.legal_ids("american");
    assert!(ids.contains(&"offer-b-grey-for-a-ward".to_string()), "{ids:?}");
    act(&mut g, "american", "offer-b-grey-for-a-ward");
    act(&mut g, "british", "decline");
    assert!(!g.legal_ids("american").iter().any(|i| i.starts_with("offer-")));
    assert!(g.legal_ids("british").iter().any(|i| i.starts_with("offer-")));
    // The next Card Phase allows a new offer.
    let c = g
        .legal_ids("british")
        .into_iter()
        .find(|i| i.starts_with("card-"))
        .unwrap();
    act(&mut g, "british", &c);
    let c = g
        .legal_ids("american")
        .into_iter()
        .find(|i| i.starts_with("card-"))
        .unwrap();
    act(&mut g, "american", &c);
    while !(g.phase_name() == "cards" && g.played == [None, None]) {
        let seat = if g.waits_for("british") { "british" } else { "american" };
        let ids = g.legal_ids(seat);
        let id = ["end-actions", "supply-done", "disband-done"]
            .iter()
            .find(|x| ids.contains(&x.to_string()))
            .map(|s| s.to_string())
            .unwrap_or_else(|| ids[0].clone());
        act(&mut g, seat, &id);
    }
    assert!(g.legal_ids("american").contains(&"offer-b-grey-for-a-ward".to_string()));
}

// rule: liberty 11.3, 11.4
#[test]
fn a_step_passed_over_for_want_of_hidden_blocks_is_a_reveal() {
    // Whether the Americans have anything to disband depends on what their
    // blocks are. When the game passes over their disbanding after the
    // British "done", the British have learnt that (they still act, in
    // attrition): the action must not be undoable (a reveal).
    let mut g = Liberty::sandbox(15);
    for b in ["b-grey", "b-grant", "b-rawdon", "b-percy"] {
        g.put(b, "Boston", 2);
    }
    g.put("a-ward", "0408", 2);
    end_year(&mut g);
    assert!(g.waits_for("british"));
    let before = g.dice().events();
    act(&mut g, "british", "disband-done");
    assert!(g.waits_for("british"), "British attrition in Boston comes next");
    assert!(g.legal_ids("british").iter().any(|id| id.starts_with("eliminate-")));
    assert!(g.dice().events() > before, "passing over the Americans is a reveal");

    // A seat's own step that ends by itself after its own action reveals
    // nothing: the British disband their only block, the Americans decide.
    let mut g = Liberty::sandbox(16);
    g.put("b-grey", "Boston", 2);
    g.put("a-ward", "Newport", 2);
    end_year(&mut g);
    let before = g.dice().events();
    act(&mut g, "british", "disband-b-grey");
    assert!(g.waits_for("american") && !g.waits_for("british"));
    assert_eq!(g.dice().events(), before, "nothing was revealed");
}

// rule: liberty 11.2, 11.3, 9.0, 9.1
#[test]
fn french_entry_rolled_in_a_winter_lets_the_west_indies_french_disband_that_winter() {
    // 11.2 comes before 11.3: once France enters, St. Simon and de Barras,
    // on their friendly port, may disband like any French block (and go to
    // the American pool, 9.0); before entry they could not (ruling liberty #19).
    let mut g = Liberty::sandbox(26);
    g.put("f-stsimon", "wi-french", 3);
    g.put("f-ship-debarras", "wi-french", 3);
    g.put("a-ward", "Boston", 2);
    g.core.dice.script([4, 4]);
    end_year(&mut g);
    assert!(g.french_entered);
    assert!(g.waits_for("american"), "nothing British to disband");
    let ids = g.legal_ids("american");
    for b in ["f-stsimon", "f-ship-debarras", "a-ward"] {
        assert!(ids.contains(&format!("disband-{b}")), "{b}: {ids:?}");
    }
    act(&mut g, "american", "disband-f-stsimon");
    assert_eq!(g.where_is("f-stsimon"), "pool");
}

// rule: liberty 11.4
#[test]
fn winter_attrition_asks_only_where_there_is_a_choice() {
    // Grey in a hex with no town and Butler in Fort Oswego (no supply value)
    // must both go: no choice. Albany supplies one block: Rawdon or Fraser.
    let mut g = position(&[
        ("b-grey", "1505", 2),
        ("b-butler", "Fort Oswego", 2),
        ("b-rawdon", "Albany", 2),
        ("b-fraser", "Albany", 2),
    ]);
    end_year(&mut g);
    no_more_disbanding(&mut g);
    assert_eq!(g.where_is("b-grey"), "prisoner");
    assert_eq!(g.where_is("b-butler"), "prisoner");
    assert_eq!(
        sorted(&g.legal_ids("british").iter().map(String::as_str).collect::<Vec<_>>()),
        sorted(&["eliminate-b-rawdon", "eliminate-b-fraser"])
    );
    let p = prompt(&g, "british");
    assert_eq!(
        p,
        "Beyond the winter supply limit in Albany (1 too many): choose a block to lose there, one at a time."
    );
    let log = log_text(&g, None);
    assert!(log.contains("Winter attrition in hex 1505: Grey is captured."), "{log}");
    assert!(
        log.contains("Winter attrition in Fort Oswego: Butler is captured."),
        "{log}"
    );
    act(&mut g, "british", "eliminate-b-fraser");
    assert_eq!(g.where_is("b-rawdon"), "Albany");
    assert!(!g.legal_ids("british").iter().any(|a| a.starts_with("eliminate-")));
}

/// Ruling #32: 11.3's "adjacent to a friendly port" is across a hexside a
/// ground block may cross, as in the Wintering Diagram (West Point by New
/// Brunswick; Fort Stanwix "not adjacent to a port"): a hex facing a port
/// only across an all-sea hexside is not next to it for disbanding.
// rule: liberty 11.3
// ruling: liberty #32
#[test]
fn a_port_across_an_all_sea_hexside_is_not_adjacent_for_disbanding() {
    use liberty::map::{Map, Terrain};
    let map = Map::embedded();
    let land = |h: liberty::map::Hex| map.space(h).terrain == Terrain::Land;
    let ground_port = |h: liberty::map::Hex| {
        map.space(h)
            .adj
            .iter()
            .any(|&(n, s)| map.sides[s as usize].ground && map.is_port(n))
    };
    let (h, port) = (0..map.spaces.len() as liberty::map::Hex)
        .filter(|&h| land(h) && h != map.atlantic && !map.is_port(h) && !ground_port(h))
        .find_map(|h| {
            let by_sea = map
                .space(h)
                .adj
                .iter()
                .find(|&&(n, s)| !map.sides[s as usize].ground && land(n) && map.is_port(n));
            by_sea.map(|&(n, _)| (h, n))
        })
        .expect("a land hex facing a port across an all-sea hexside only");
    let (h, port) = (map.space(h).id.clone(), map.space(port).id.clone());
    let mut g = Liberty::sandbox(16);
    g.put("b-grey", &port, 2);
    g.put("b-grant", &h, 2);
    g.recompute_control();
    assert!(g.may_disband(block("b-grey")), "on the port ({port})");
    assert!(!g.may_disband(block("b-grant")), "{h}, across the water from {port}");
}
