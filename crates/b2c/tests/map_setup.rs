//! The reconstructed map against every constraint the rules give, and the set-ups.
mod support;
use b2c::map::{map, Kind as RK};
use b2c::state::*;
use b2c::B2c;
use engine::prelude::*;
use engine::table::Table;
use support::*;

// rule: b2c 3.0
#[test]
fn regions_borders_and_the_dark_water_rule() {
    let m = map();
    // Boston faces Charlestown and Cambridge across dark water without a road: not adjacent.
    assert!(m.border(r("boston"), r("charlestown")).is_none());
    assert!(m.border(r("boston"), r("cambridge")).is_none());
    // A dark-blue border with a road (the Great Bridge) is adjacent; a stream without one too.
    assert!(m.border(r("little-cambridge"), r("cambridge")).unwrap().road);
    let s = m.border(r("lechmere-point"), r("prospect-hill")).unwrap();
    assert!(!s.road && s.water == b2c::map::Water::Stream);
    // Towns are the named regions with a settlement.
    for t in [
        "boston",
        "charlestown",
        "cambridge",
        "menotomy",
        "lexington",
        "lincoln",
        "concord",
        "watertown",
        "waltham",
        "medford",
        "brookline",
        "roxbury",
        "winnisimmet",
    ] {
        assert!(m.area(r(t)).town, "{t} is a town");
    }
    assert_eq!(
        (0..m.len() as u8).filter(|&i| m.area(i).landing).count(),
        2,
        "two naval landing regions"
    );
    // The map parser refuses a dark-blue border without a road.
    let regions = ["id", "name", "lat", "lon", "kind", "town", "edges", "icons"];
    let regions = Table::parse("regions.tsv", include_str!("../data/regions.tsv"), &regions).unwrap();
    let bad = "a\tb\troad\twater\tprovenance\nboston\tboston-neck\tno\triver\tx\n";
    let bad = Table::parse("borders.tsv", bad, &["a", "b", "road", "water"]).unwrap();
    let e = b2c::map::Map::parse(&regions, &bad).err().unwrap();
    assert_eq!(
        e.to_string(),
        "borders.tsv line 2, column 'road': expected yes on a dark-blue border: without a road it is not a border (3.0), found 'no'"
    );
}

// rule: b2c 4.3, 4.6, 4.7
#[test]
fn muster_alert_and_hidden_arms_icons() {
    let m = map();
    let muster: Vec<&str> = (0..m.len() as u8)
        .filter(|&i| m.area(i).muster)
        .map(|i| m.id(i))
        .collect();
    let faq = [
        "charlestown",
        "cambridge",
        "watsons-corner",
        "menotomy",
        "lexington",
        "lincoln",
        "concord",
        "watertown",
        "waltham",
        "brookline",
        "roxbury",
        "medford",
        "winnisimmet",
    ];
    assert_eq!(muster.len(), 13);
    for f in faq {
        assert!(muster.contains(&f), "{f} has a Muster icon (FAQ)");
    }
    let numbered: Vec<(String, u8)> = (0..m.len() as u8)
        .filter(|&i| m.area(i).ha > 10)
        .map(|i| (m.id(i).to_string(), m.area(i).ha_value()))
        .collect();
    assert_eq!(numbered.len(), 5);
    for (id, v) in [
        ("menotomy", 1),
        ("watertown", 2),
        ("lexington", 3),
        ("lincoln", 4),
        ("barretts-farm", 5),
    ] {
        assert!(numbered.contains(&(id.to_string(), v)), "ha{v} in {id} (15.1)");
    }
    assert_eq!((0..m.len() as u8).filter(|&i| m.area(i).ha == 1).count(), 8);
    assert!(
        m.border(r("barretts-farm"), r("concord")).is_some(),
        "ha5 is next to Concord"
    );
    assert!(m.area(r("lechmere-point")).ha == 1 && m.border(r("lechmere-point"), r("cambridge")).is_some());
    assert!(m.area(r("boston")).ha == 0 && m.area(r("concord")).ha == 0);
    // Alert icons on the top, left and bottom edges.
    let mut edges = 0;
    for i in 0..m.len() as u8 {
        if m.area(i).kind == RK::Alert {
            edges |= m.area(i).edges;
        }
    }
    assert_eq!(edges, b2c::map::TOP | b2c::map::LEFT | b2c::map::BOTTOM);
}

// rule: b2c 12.0
#[test]
fn percys_road_to_lexington_takes_a_forced_march_in_four_turns() {
    // FAQ: entering on turn 9 Percy needs at least one forced march in four turns, or three in three.
    let m = map();
    let mut best = vec![u8::MAX; m.len()];
    best[m.boston as usize] = 0;
    let mut queue = vec![m.boston];
    while let Some(x) = queue.pop() {
        for (n, b) in m.borders_of(x) {
            if b.road && m.area(n).on_map() && best[x as usize] + 1 < best[n as usize] {
                best[n as usize] = best[x as usize] + 1;
                queue.push(n);
            }
        }
    }
    assert_eq!(best[m.lexington as usize], 9);
    assert!(m.dist(m.concord, m.concord) == 0 && m.toward_concord(r("lincoln"), r("meriams-corner")));
    assert!(m.toward_boston(r("roxbury"), r("boston-neck")));
}

// rule: b2c 15.1, 4.4, 4.5
#[test]
fn standard_set_up() {
    let g = new_game("standard", 1);
    let m = map();
    let count = |f: &dyn Fn(&Piece) -> bool| g.pieces.iter().filter(|p| f(p)).count();
    assert_eq!(count(&|p| p.kind == Kind::Regular && p.loc == m.boston), 7);
    assert_eq!(count(&|p| p.kind == Kind::BritishLeader && p.loc == m.boston), 2);
    assert_eq!(
        count(&|p| p.loc == WAITING),
        10,
        "Percy, 8 Regulars and the cannon wait for turn 9"
    );
    assert_eq!(count(&|p| p.kind == Kind::Minuteman && p.under), 7);
    assert_eq!(count(&|p| p.kind == Kind::PatriotLeader && p.under), 10);
    assert_eq!(g.gather.iter().filter(|x| **x != Gather::None).count(), 13);
    assert_eq!(g.gather[m.charlestown as usize], Gather::Muster);
    assert_eq!(g.arms.count_ones(), 13);
    let lex = m.lexington;
    assert_eq!(
        count(&|p| p.loc == lex && p.under && matches!(p.kind, Kind::Nightrider | Kind::SonOfLiberty)),
        3
    );
    assert_eq!(count(&|p| p.hidden && p.under), 13 + g.alert.count_ones() as usize);
    assert_eq!(g.deck.draw.len(), 22);
    // 9.0 the free Call to Arms comes first.
    assert_eq!(g.to_act(), engine::SeatSet::one(P));
    assert!(g.check().is_ok());
}

// rule: b2c 15.2, 15.3, 15.4
#[test]
fn solitaire_set_ups_and_decks() {
    let g = new_game("solo-british", 3);
    let m = map();
    assert_eq!(g.turn, 8);
    assert!(g.concord_entered && g.shot, "ruling b2c #26");
    assert_eq!(g.count(m.concord, B, |p| p.kind == Kind::Regular && p.flipped), 4);
    assert_eq!(g.count(m.concord, B, |p| p.kind == Kind::Regular && !p.flipped), 3);
    assert_eq!(g.count(m.boston, B, |p| p.kind == Kind::Regular && p.percy), 8);
    assert_eq!(g.count(r("cambridge"), P, |p| p.hidden), 4);
    assert_eq!(g.count(m.concord, P, |p| p.kind == Kind::Militia && !p.hidden), 5);
    assert_eq!(g.count(m.concord, P, |p| p.kind == Kind::Minuteman && p.flipped), 2);
    assert_eq!(g.pool.total(), 21 - 8);
    for n in b2c::setup::deck_cards(Scenario::SoloBritish) {
        let c = revroad::cards::card(n);
        assert!(c.british < 5 && c.british <= c.patriot);
    }
    for n in b2c::setup::deck_cards(Scenario::SoloPatriot) {
        let c = revroad::cards::card(n);
        assert!(c.patriot < 5 && c.patriot <= c.british);
    }
    assert!(g.deck.draw.len() + g.deck.discard.len() < 22);
}

// rule: b2c 2.0
#[test]
fn the_deck_reshuffles_its_discards() {
    let mut g = B2c::sandbox("standard", &[], 5);
    let n = g.deck.draw.len();
    for _ in 0..n + 1 {
        g.draw_hash(r("concord"));
    }
    assert_eq!(g.deck.draw.len() + g.deck.discard.len(), 22);
    assert_eq!(g.deck.discard.len(), 1);
}

// rule: b2c 9.0, 6.12
#[test]
fn pre_game_call_to_arms_is_free_and_safe() {
    let mut g = new_game("standard", 2);
    // Revere rides first from Charlestown.
    assert!(can(&g, P, "to-prospect-hill"));
    act(&mut g, P, "to-prospect-hill");
    act(&mut g, P, "to-watsons-corner");
    act(&mut g, P, "alert-town");
    // The flip frees nothing here but costs one point without a capture roll (9.0).
    assert_eq!(g.gather[r("watsons-corner") as usize], Gather::Muster);
    act(&mut g, P, "done");
    // Dawes must pay two points to leave Boston: only the evading move, never the capture risk.
    let dawes_moves = ids(&g, P);
    assert!(dawes_moves.contains(&"evade-to-boston-neck".to_string()));
    assert!(!dawes_moves.iter().any(|i| i.starts_with("risk")));
    act(&mut g, P, "evade-to-boston-neck");
    act(&mut g, P, "done");
    // Turn 1 begins; riders carry Moved markers, so no second Call to Arms (6.12).
    assert_eq!(g.turn, 1);
    assert!(g
        .pieces
        .iter()
        .filter(|p| p.kind == Kind::Nightrider && !p.under)
        .all(|p| p.moved));
    assert!(!g.free_riders().iter().any(|_| true));
}
