//! 8.0 Search and Capture, with the FAQ's answers.
mod support;
use b2c::state::*;
use engine::prelude::*;
use support::*;

// rule: b2c 8.0, 8.1, 6.9, 10.0
#[test]
fn search_scores_hash_marks_less_militia_and_minutemen() {
    let mut g = board();
    g.arms = 1 << r("lexington");
    g.put(Kind::Regular, "lexington");
    g.put_militia(1, "lexington");
    g.put_militia(2, "lexington");
    g.put(Kind::Minuteman, "lexington");
    g.stack_deck(&[9]); // three hash marks
    start(&mut g, B, "search-lexington");
    assert_eq!(g.vp[0], 2, "3 - 2 (militia and minutemen) = 1 VP");
    assert_eq!(g.arms, 0);
    assert_ne!(g.searched & (1 << r("lexington")), 0);
    assert!(g.shot, "searching among armed Patriots fires the Shot (10.0)");
    assert!(!can(&g, B, "search-lexington") || g.to_act().contains(P));
    // One kind only: -1; the number of units makes no difference.
    let mut g = board();
    g.arms = 1 << r("lincoln");
    g.put(Kind::Regular, "lincoln");
    g.put(Kind::Minuteman, "lincoln");
    g.put(Kind::Minuteman, "lincoln");
    g.stack_deck(&[9]);
    start(&mut g, B, "search-lincoln");
    assert_eq!(g.vp[0], 4);
}

// rule: b2c 8.1, 4.3
#[test]
fn faq_inactive_units_do_not_reduce_a_search() {
    let mut g = board();
    g.arms = 1 << r("waltham");
    g.gather[r("waltham") as usize] = Gather::Gather;
    let h = g.put_hidden("waltham");
    g.pm(h).under = true;
    let m = g.put(Kind::Minuteman, "waltham");
    g.pm(m).under = true;
    g.put(Kind::Regular, "waltham");
    g.stack_deck(&[22]);
    start(&mut g, B, "search-waltham");
    assert_eq!(g.vp[0], 6, "all three hash marks count");
    assert!(!g.shot, "no active Patriot unit there");
}

// rule: b2c 6.11, 8.1
#[test]
fn hinder_search_blocks_the_arms_search_only() {
    let mut g = board();
    g.arms = 1 << r("lincoln");
    g.put(Kind::Regular, "lincoln");
    g.hinder[HINDER_SEARCH as usize] = Hinder::Map(r("lincoln"), 2);
    g.give(B, 3, 3);
    assert!(!can(&g, B, "search-lincoln"));
    act(&mut g, B, "remove-hinder-search");
    assert_eq!(g.hinder[HINDER_SEARCH as usize], Hinder::Track);
    assert!(!g.shot, "removing the marker is no search (FAQ)");
}

// rule: b2c 8.2, 6.9
#[test]
fn faq_capture_both_sons_under_a_gather_marker_with_one_action() {
    let mut g = board();
    g.gather[r("lexington") as usize] = Gather::Gather;
    let h = g.put_named(Kind::SonOfLiberty, "Hancock", "lexington");
    let a = g.put_named(Kind::SonOfLiberty, "Adams", "lexington");
    g.pm(h).under = true;
    g.pm(a).under = true;
    g.put(Kind::Regular, "lexington");
    g.stack_deck(&[2, 6]); // one hash mark each
    start(&mut g, B, "search-lexington");
    assert!(g.piece(h).flipped && g.piece(a).flipped);
    assert_eq!(g.deck.discard.len(), 2, "a card for each Son of Liberty");
    assert_eq!(g.piece(h).since, g.turn);
    // A Son of Liberty may not try to escape on the turn of its capture (6.10).
    assert!(!can(&g, P, &format!("escape-{}", pid(&g, h))));
}

// rule: b2c 8.2
#[test]
fn failed_capture_extra_draws_cost_a_vp_each() {
    let mut g = board();
    let h = g.put_named(Kind::SonOfLiberty, "Hancock", "menotomy");
    g.put(Kind::Regular, "menotomy");
    g.vp[0] = 4;
    g.stack_deck(&[10, 14, 2]); // no hash, no hash, one
    start(&mut g, B, "search-menotomy");
    act(&mut g, B, "yes");
    assert_eq!(g.vp[0], 2);
    act(&mut g, B, "yes");
    assert_eq!(g.vp[0], 0);
    assert!(g.piece(h).flipped, "captured on the third card");
    // Without a VP to pay no extra draw: the Patriots may move the piece away.
    let mut g = board();
    let a = g.put_named(Kind::SonOfLiberty, "Adams", "menotomy");
    g.put(Kind::Regular, "menotomy");
    g.stack_deck(&[10]);
    start(&mut g, B, "search-menotomy");
    assert_eq!(g.to_act(), engine::SeatSet::one(P));
    assert!(can(&g, P, "no"));
    act(&mut g, P, "go-woburn-road");
    assert_eq!(at(&g, a), "woburn-road");
}

// rule: b2c 8.2
#[test]
fn patriot_presence_reduces_a_capture_draw() {
    let mut g = board();
    let h = g.put_named(Kind::SonOfLiberty, "Hancock", "menotomy");
    g.put(Kind::Regular, "menotomy");
    g.put(Kind::Minuteman, "menotomy");
    g.stack_deck(&[2]); // one hash mark, less one for the minuteman
    start(&mut g, B, "search-menotomy");
    assert!(!g.piece(h).flipped);
}

// rule: b2c 8.1, 4.7
#[test]
fn hidden_arms_outside_a_town_region_may_be_searched() {
    // Ruling b2c #17: 8.1 speaks of "a town region", but ha5 (Barrett's Farm)
    // and Cambridge's second marker (Lechmere Point) lie in open regions: any
    // region with an unsearched Hidden Arms marker may be searched.
    for region in ["barretts-farm", "lechmere-point"] {
        let mut g = board();
        g.arms = 1 << r(region);
        g.put(Kind::Regular, region);
        g.stack_deck(&[9]); // three hash marks
        g.give(B, 3, 3);
        assert!(can(&g, B, &format!("search-{region}")), "{region}: {:?}", ids(&g, B));
        act(&mut g, B, &format!("search-{region}"));
        assert_eq!(g.vp[0], 6, "{region}: all three hash marks count");
        assert_eq!(g.arms, 0, "{region}: the marker is gone");
        assert_ne!(g.searched & (1 << r(region)), 0);
    }
}
