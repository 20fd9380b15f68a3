//! Hidden information in the views, the sampler, and the map for the browser.
mod support;
use engine::prelude::*;
use support::*;

// rule: b2c 4.3, 4.1
#[test]
fn units_under_markers_and_militia_values_stay_hidden() {
    let g = new_game("standard", 4);
    let british = g.view(Some(B));
    let patriot = g.view(Some(P));
    let count = |v: &serde_json::Value, kind: &str| {
        v["pieces"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["kind"] == kind)
            .count()
    };
    assert_eq!(count(&british, "minuteman"), 0, "the British see only the markers");
    assert_eq!(count(&patriot, "minuteman"), 7);
    assert_eq!(count(&patriot, "hidden"), g.pieces.iter().filter(|p| p.hidden).count());
    assert!(patriot["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .all(|p| p["kind"] != "hidden" || p["label"] == "?"));
    assert_eq!(
        british["markers"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["kind"] == "gather")
            .count(),
        12
    );
    // Nothing about the deck order, and no random generator.
    assert!(british.get("dice").is_none() && british["intel"] == serde_json::json!([]));
    let text = british.to_string();
    assert!(text.contains("\"vp\"") && text.contains("\"turn\"") && text.contains("\"actions\""));
}

// rule: b2c 6.14, 4.1
#[test]
fn determinize_reshuffles_the_unseen_deck_only() {
    let g = new_game("standard", 4);
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(9);
    let w = g.determinize(B, &mut rng);
    assert_eq!(w.pieces, g.pieces);
    let mut a = w.deck.draw.clone();
    let mut b = g.deck.draw.clone();
    a.sort();
    b.sort();
    assert_eq!(a, b);
    assert!(w.check().is_ok());
}

#[test]
fn map_json_for_the_renderer() {
    let m = b2c::map_json();
    let regions = m["regions"].as_array().unwrap();
    assert!(regions
        .iter()
        .any(|r| r["id"] == "concord" && r["town"] == true && r["icons"][0] == "muster"));
    assert!(regions
        .iter()
        .any(|r| r["id"] == "barretts-farm" && r["icons"][0] == "ha5"));
    assert!(m["borders"]
        .as_array()
        .unwrap()
        .iter()
        .any(|b| b["water"] == "river" && b["road"] == true));
    assert!(m["width"].as_f64().unwrap() > 300.0 && m["height"].as_f64().unwrap() > 200.0);
    let (cx, cy) = (
        regions.iter().find(|r| r["id"] == "concord").unwrap()["x"]
            .as_f64()
            .unwrap(),
        regions.iter().find(|r| r["id"] == "boston").unwrap()["x"]
            .as_f64()
            .unwrap(),
    );
    assert!(cx < cy, "Concord lies west of Boston");
    assert!(!b2c::B2c::provenance().is_empty());
    assert!(b2c::B2c::provenance().iter().all(|(_, why)| !why.is_empty()));
}
