//! Hidden information in the views, the sampler, and the map for the browser.
mod support;
use engine::prelude::*;
use support::*;

// rule: b2c 4.3, 4.1
#[test]
fn units_under_markers_and_militia_values_stay_hidden() {
    let g = new_game("standard", 4);
    let british = g.view(Some(B));
    let patriot = view_board(&g, Some(P));
    let count = |b: &engine::Board, kind: &str| b.pieces.iter().filter(|p| p.kind.as_deref() == Some(kind)).count();
    assert_eq!(
        count(&view_board(&g, Some(B)), "minuteman"),
        0,
        "the British see only the markers"
    );
    assert_eq!(count(&patriot, "minuteman"), 7);
    assert_eq!(count(&patriot, "hidden"), g.pieces.iter().filter(|p| p.hidden).count());
    // 4.1 a hidden militia's value is not drawn yet: it stands on its back, without one.
    assert!(patriot
        .pieces
        .iter()
        .filter(|p| p.kind.as_deref() == Some("hidden"))
        .all(|p| p.face == engine::Face::Back && p.strength.is_none()));
    let gather = view_board(&g, Some(B))
        .markers
        .iter()
        .filter(|m| m.kind == "gather")
        .count();
    assert_eq!(gather, 12);
    // Nothing about the deck order, and no random generator.
    assert!(british.get("dice").is_none() && british["intel"] == serde_json::json!([]));
    let text = british.to_string();
    assert!(text.contains("\"vp\"") && text.contains("\"turn\"") && text.contains("\"actions\""));
}

/// 8 of the game table (issue 19): once the game is over, both players see
/// every counter, as they would lift the markers at the table.
// rule: b2c 4.3
#[test]
fn units_under_markers_are_shown_to_all_once_the_game_is_over() {
    let mut g = new_game("standard", 4);
    let minutemen = |b: engine::Board| {
        b.pieces
            .iter()
            .filter(|p| p.kind.as_deref() == Some("minuteman"))
            .count()
    };
    assert_eq!(minutemen(view_board(&g, None)), 0);
    g.core.finish(Some(B), "the Patriots resign", "");
    assert_eq!(minutemen(view_board(&g, Some(B))), 7);
    assert_eq!(minutemen(view_board(&g, None)), 7);
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
fn the_drawing_for_every_client() {
    let m = b2c::drawing();
    m.check().unwrap();
    assert_eq!(m.geometry, engine::drawing::Geometry::Area);
    let concord = m.space("concord").unwrap();
    assert!(concord.features.contains(&"town".to_string()) && concord.detail.contains("Muster Area (4.3)"));
    assert!(m
        .space("barretts-farm")
        .unwrap()
        .detail
        .contains("Hidden Arms marker 5 (4.7)"));
    assert!(m.links.iter().any(|l| l.kinds == ["road", "river"]));
    assert!(m.bounds.x1 - m.bounds.x0 > 300.0 && m.bounds.y1 - m.bounds.y0 > 200.0);
    assert!(concord.x < m.space("boston").unwrap().x, "Concord lies west of Boston");
    assert!(m.space("alert-west").unwrap().boxed && !concord.boxed);
    // The key names every kind of marker the view may show.
    let key: Vec<&str> = m.key.iter().map(|k| k.kind.as_str()).collect();
    for kind in [
        "gather",
        "muster",
        "alert",
        "hidden-arms",
        "searched",
        "ambush",
        "snipe",
    ] {
        assert!(key.contains(&kind), "{kind} in the key");
    }
    assert!(b2c::state::HINDER_NAMES.iter().all(|h| key.contains(h)));
    assert!(!b2c::B2c::provenance().is_empty());
    assert!(b2c::B2c::provenance().iter().all(|(_, why)| !why.is_empty()));
}

use revroad::testing::{facts, view_board};

// rule: b2c 2.0, 5.1, 5.2, 6.14, 13.0
#[test]
fn the_facts_read_as_the_rulebook_says_them() {
    let mut g = board();
    g.turn = 4;
    g.card = Some(12);
    g.actions = [2, 3];
    g.reserve = [1, 0];
    g.vp = [6, 3];
    g.deck
        .discard
        .push(g.deck.draw.remove(g.deck.draw.iter().position(|&n| n == 12).unwrap()));
    // 6.14 the British gathered intelligence: the next two cards are theirs to see.
    g.known[B as usize] = 2;
    let next: Vec<String> = g.deck.draw[..2]
        .iter()
        .map(|&n| revroad::facts::card_words(n, true))
        .collect();
    let british = facts(&g, Some(B));
    let hand = format!("Your next cards: {} (6.14)", next.join("; then "));
    let mut expected = vec![
        "Scenario: From Boston to Concord (two players, 12 turns) (15.1)".to_string(),
        "Game Turn: Turn 4 of 12 (2.0)".into(),
        "Turn segment: Perform Actions (5.2)".into(),
        "Turn card: Card 12: British 3 Actions, Patriot 3 Actions, 1 hash mark (5.1)".into(),
        "Actions left: British 2, Patriot 3 (5.1)".into(),
        "Reserve Actions: British 1, Patriot 0 (5.2)".into(),
        // Half points count (15.2): the track reads 3 and 1.5.
        "Victory Points: British 3, Patriot 1.5 (13.0)".into(),
        "Card deck: 21 in the draw pile, 1 in the discard pile (2.0)".into(),
        hand,
        "The Shot Heard 'Round the World: not yet fired (10.0)".into(),
        "Concord: not yet entered by a British Regular (11.0)".into(),
        "Hinder markers: Movement available, Search available, Muster available (6.11)".into(),
    ];
    assert_eq!(british, expected);
    // The cards a seat has seen are its own: not the Patriot's, nor a spectator's.
    expected.remove(8);
    for seat in [Some(P), None] {
        let other = facts(&g, seat);
        assert_eq!(other, expected, "{seat:?}");
    }
    // A raw key never shows.
    assert!(
        british.iter().all(|f| !f.contains('_') && !f.contains('{')),
        "{british:?}"
    );
}

// rule: b2c 6.12, 9.0, 12.0, 15.3
#[test]
fn the_facts_name_the_step_the_bot_and_the_reinforcements() {
    let g = new_game("standard", 4);
    let f = facts(&g, None);
    assert!(
        f.contains(&"Turn segment: Call to Arms before Turn 1 (9.0)".to_string()),
        "{f:?}"
    );
    assert!(f.contains(&"Action: Call to Arms (6.12)".to_string()), "{f:?}");
    assert!(f.contains(&"To act: Patriot (5.2)".to_string()), "{f:?}");
    assert!(
        f.contains(&"Reinforcements: Turn 9: 10 British units (12.0)".to_string()),
        "{f:?}"
    );
    let solo = revroad::testing::new_game::<b2c::B2c>("solo-british", 4, &[("bot", "sheet")]);
    let f = facts(&solo, None);
    assert!(
        f.contains(&"Bot: the Patriot side plays by its bot sheet (15.3)".to_string()),
        "{f:?}"
    );
}

/// Session 41's audit: Moved and Fired markers (4.8) decide what may still
/// move, attack, be ambushed (6.6) or sniped (6.7), but were not on the
/// map. One marker per region and side, as Bunker Hill draws them; none for
/// a unit the viewer does not see (under a Gather marker, 4.3).
// rule: b2c 4.8, 4.3
#[test]
fn moved_and_fired_markers_are_on_the_map_for_the_units_seen() {
    use b2c::state::Kind;
    let mut g = board();
    let u = regulars(&mut g, 2, "menotomy");
    let f = g.put(Kind::Regular, "lexington");
    let mf = g.put(Kind::Regular, "lincoln");
    each(&mut g, &u, |p| p.moved = true);
    g.pm(f).fired = true;
    each(&mut g, &[mf], |p| {
        p.moved = true;
        p.fired = true
    });
    // A Patriot unit under a Gather marker, marked as moved.
    let hidden = g.put(Kind::Minuteman, "concord");
    each(&mut g, &[hidden], |p| {
        p.under = true;
        p.moved = true
    });
    let chips = |seat| {
        view_board(&g, Some(seat))
            .markers
            .into_iter()
            .filter(|m| ["moved", "fired", "moved-fired"].contains(&m.kind.as_str()))
            .map(|m| format!("{} {} {}", m.space, m.kind, m.side.unwrap_or_default()))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        chips(B),
        [
            "menotomy moved british",
            "lexington fired british",
            "lincoln moved-fired british"
        ]
    );
    assert!(chips(P).contains(&"concord moved patriot".to_string()));
    // The map's key explains them.
    let key = b2c::view::drawing().key;
    assert!(["moved", "fired", "moved-fired"]
        .iter()
        .all(|k| key.iter().any(|e| e.kind == *k && e.rule == "4.8")));
}
