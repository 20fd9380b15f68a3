//! 12.0 Game Set-Up: the 1775 scenario, checked against the rulebook's tables.

use engine::prelude::*;
use engine::Setup;
use liberty::map::Map;
use liberty::Liberty;

const BRITISH: u8 = 0;
const AMERICAN: u8 = 1;

/// 12.0 BRITISH: 1775 and AMERICAN: 1775, as printed (name, strength, location).
const BRITISH_1775: &[(&str, u8, &str)] = &[
    ("Howe", 3, "Boston"),
    ("Grey", 3, "Boston"),
    ("Grant", 3, "Boston"),
    ("Howe (fleet)", 3, "Boston"),
    ("Carleton", 2, "Québec"),
    ("Fraser", 2, "Québec"),
    ("Peters", 2, "Montreal"),
    ("Cunningham", 2, "Norfolk"),
    ("Butler", 2, "Fort Oswego"),
    ("Tarleton", 2, "Wilmington"),
    ("Ferguson", 2, "Augusta"),
    ("Hood", 3, "British West Indies"),
    ("Rawdon", 4, "British West Indies"),
    ("Cherokee", 2, "Cherokee"),
    ("Mohawk", 2, "Mohawk"),
    ("Shawnee", 1, "Shawnee"),
];

const AMERICAN_1775: &[(&str, u8, &str)] = &[
    ("Washington", 2, "Springfield"),
    ("Pickens", 3, "Springfield"),
    ("Ward", 3, "Springfield"),
    ("Putnam", 3, "Hartford"),
    ("Gates", 3, "Fort Ticonderoga"),
    ("Wooster", 2, "Newport"),
    ("Stark", 3, "Portsmouth"),
    ("Clinton", 3, "New York"),
    ("Dickinson", 3, "New Brunswick"),
    ("Sumter", 2, "Charleston"),
    ("de Barras", 3, "French West Indies"),
    ("St. Simon", 3, "French West Indies"),
];

fn start(seed: u64) -> Liberty {
    Liberty::new(&Setup::new("1775", seed))
}

/// The block of `side` with this printed name.
fn named(side: u8, name: &str) -> u8 {
    let all = liberty::blocks::embedded();
    let hits: Vec<u8> = (0..all.len() as u8)
        .filter(|&b| all[b as usize].side == side && all[b as usize].name == name)
        .collect();
    assert_eq!(hits.len(), 1, "{name} names one block of its side");
    hits[0]
}

// rule: liberty 12.0, 2.0
#[test]
fn every_set_up_block_stands_at_its_place_and_strength() {
    let g = start(1);
    let map = Map::embedded();
    for (side, table) in [(BRITISH, BRITISH_1775), (AMERICAN, AMERICAN_1775)] {
        for &(name, s, place) in table {
            let b = named(side, name) as usize;
            assert_eq!(g.loc[b], map.by_name(place).unwrap(), "{name}");
            assert_eq!(g.strength[b], s, "{name}");
        }
    }
    let on_map = (0..g.loc.len() as u8).filter(|&b| g.on_map(b)).count();
    assert_eq!(on_map, BRITISH_1775.len() + AMERICAN_1775.len());
    g.check().unwrap();
}

// rule: liberty 12.0, 9.0
#[test]
fn the_rest_wait_in_the_pools_and_the_french_aside() {
    let g = start(2);
    let all = liberty::blocks::embedded();
    assert_eq!(all.len(), 50, "2.0 twenty-five blocks of each colour");
    for (b, info) in all.iter().enumerate() {
        if g.on_map(b as u8) {
            continue;
        }
        let expect = if info.is_french() { "french-pool" } else { "pool" };
        assert_eq!(g.where_is(&info.id), expect, "{}", info.id);
        assert_eq!(g.strength[b], 0);
    }
    assert!(!g.french_entered);
    let pool = |side: u8| {
        (0..50u8)
            .filter(|&b| g.where_is(&all[b as usize].id) == "pool" && all[b as usize].side == side)
            .count()
    };
    assert_eq!(pool(BRITISH), 25 - 16);
    assert_eq!(pool(AMERICAN), 25 - 12 - 6, "six French blocks wait aside");
}

// rule: liberty 12.0, 3.0, 1.2
#[test]
fn the_1775_year_has_three_cards_each_and_boston_is_british() {
    let g = start(3);
    assert_eq!(g.year, 1775);
    assert_eq!((g.hands[0].len(), g.hands[1].len()), (3, 3));
    assert_eq!(g.turns_in_year, 3, "ruling: liberty #1 as many Game Turns as cards");
    assert_eq!(g.deck.len(), 25 - 6);
    assert!(g.waits_for("british") && g.waits_for("american"), "both play a card");
    // Boston is a blue town held by British blocks: British (1.2 occupation).
    assert!(g.friendly(Liberty::place_named("Boston"), BRITISH));
    assert!(g.friendly(Liberty::place_named("Springfield"), AMERICAN));
    assert_eq!(g.british_supply(), 16);
}

// rule: liberty 12.0, 6.0
#[test]
fn british_cannot_draw_replacements_in_1775() {
    let mut g = start(4);
    g.frames.clear();
    g.begin_actions(BRITISH, BRITISH, 2);
    let ids = g.legal_ids("british");
    assert!(ids.iter().any(|i| i.starts_with("group-")));
    assert!(!ids.contains(&"replace".to_string()), "{ids:?}");
    g.frames.clear();
    g.begin_actions(BRITISH, AMERICAN, 2);
    assert!(g.legal_ids("american").contains(&"replace".to_string()));
    // From 1776 the British may.
    g.year = 1776;
    g.frames.clear();
    g.begin_actions(BRITISH, BRITISH, 2);
    assert!(g.legal_ids("british").contains(&"replace".to_string()));
}

// rule: liberty 12.0, 3.0
#[test]
fn the_second_year_deals_five_cards() {
    let mut g = start(5);
    g.frames.clear();
    g.turn = g.turns_in_year;
    g.stage = liberty::turn::Stage::EndTurn;
    g.advance();
    while g.year == 1775 && g.core.outcome.is_none() {
        let seat = if g.waits_for("british") { "british" } else { "american" };
        let ids = g.legal_ids(seat);
        let id = ["disband-done", "no-offer"]
            .iter()
            .find(|x| ids.contains(&x.to_string()))
            .map(|s| s.to_string());
        g.act(seat, &id.unwrap_or_else(|| ids[0].clone())).unwrap();
    }
    assert_eq!(g.year, 1776);
    assert_eq!((g.hands[0].len(), g.hands[1].len()), (5, 5));
    assert_eq!(g.turns_in_year, 5);
}

// rule: liberty 2.0, 2.1, 2.2, 2.21, 2.22, 2.23, 2.24, 2.25
#[test]
fn the_order_of_battle_matches_the_table() {
    use liberty::blocks::{Kind as K, Nation as N};
    // Side, nation, kind, mix, move, combat (Order of Battle table).
    let table: &[(u8, N, K, usize, u8, &str)] = &[
        (AMERICAN, N::American, K::Leader, 2, 1, "C3"),
        (AMERICAN, N::American, K::Continental, 4, 1, "C2"),
        (AMERICAN, N::American, K::Dragoon, 1, 2, "B2"),
        (AMERICAN, N::American, K::Rifle, 1, 1, "B3"),
        (AMERICAN, N::American, K::Militia, 8, 1, "C1"),
        (AMERICAN, N::American, K::MilitiaDragoon, 1, 2, "B2"),
        (AMERICAN, N::French, K::Leader, 1, 1, "C3"),
        (AMERICAN, N::French, K::Foot, 3, 1, "C2"),
        (AMERICAN, N::French, K::Dragoon, 1, 2, "B2"),
        (AMERICAN, N::French, K::Warship, 3, 2, "A2"),
        (BRITISH, N::British, K::Leader, 3, 1, "C3"),
        (BRITISH, N::British, K::Foot, 4, 1, "C2"),
        (BRITISH, N::British, K::Light, 1, 1, "B2"),
        (BRITISH, N::British, K::Guards, 1, 1, "C4"),
        (BRITISH, N::British, K::Dragoon, 1, 2, "B2"),
        (BRITISH, N::Hessian, K::Foot, 3, 1, "C2"),
        (BRITISH, N::Hessian, K::Light, 1, 1, "B2"),
        (BRITISH, N::Loyalist, K::Loyalist, 3, 1, "C1"),
        (BRITISH, N::Loyalist, K::Ranger, 1, 2, "B2"),
        (BRITISH, N::Loyalist, K::Dragoon, 1, 2, "B2"),
        (BRITISH, N::Indian, K::Indian, 3, 2, "B1"),
        (BRITISH, N::British, K::Warship, 3, 2, "A2"),
    ];
    let all = liberty::blocks::embedded();
    let mut seen = 0;
    for &(side, nation, kind, mix, moves, combat) in table {
        let of: Vec<_> = all
            .iter()
            .filter(|b| b.side == side && b.nation == nation && b.kind == kind)
            .collect();
        assert_eq!(of.len(), mix, "{nation:?} {kind:?}");
        for b in of {
            assert_eq!(b.moves, moves, "{}", b.id);
            assert_eq!(format!("{}{}", b.class_letter(), b.fire), combat, "{}", b.id);
            // 2.11 strengths 2 to 4; the set-up never exceeds a block's maximum.
            assert!((2..=4).contains(&b.max), "{}", b.id);
        }
        seen += mix;
    }
    assert_eq!(seen, all.len());
    // 2.21 the leaders named in the rules.
    for id in ["b-howe", "a-washington", "a-gates", "f-rochambeau"] {
        assert_eq!(
            liberty::blocks::info(liberty::blocks::by_id(id).unwrap()).kind,
            K::Leader
        );
    }
}

// rule: liberty 2.0
#[test]
fn a_bad_blocks_override_names_its_fault_and_changes_nothing() {
    let dir = std::env::temp_dir().join(format!("liberty-blocks-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let howe = "b-howe\tbritish\tbritish\tleader\tHowe\t1\t";
    assert!(liberty::blocks::BLOCKS_TSV.contains(howe));
    let bad = liberty::blocks::BLOCKS_TSV.replace(howe, "b-howe\tbritish\tbritish\tleader\tHowe\t5\t");
    std::fs::write(dir.join("blocks.tsv"), bad).unwrap();
    let e = liberty::Liberty::use_data_dir(&dir).unwrap_err();
    let path = dir.join("blocks.tsv").display().to_string();
    assert_eq!(
        e,
        format!("{path} line 5, column 'move': expected a number from 1 to 3, found '5'")
    );
    let b = liberty::blocks::by_id("b-howe").unwrap();
    assert_eq!(liberty::blocks::info(b).moves, 1, "the embedded order of battle stays");
    std::fs::remove_dir_all(&dir).unwrap();
}
