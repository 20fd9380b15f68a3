//! 27.0 Fog o' War: what each seat may examine of the other's pieces.

mod common;

use common::*;
use engine::prelude::*;
use engine::{Face, TableView, Viewer};

fn board(g: &fiw::Fiw, viewer: Viewer) -> engine::Board {
    let v: TableView = serde_json::from_value(g.view(viewer)).unwrap();
    v.board
}

#[test]
fn enemy_blocks_stand_face_down_unless_a_friendly_piece_shares_the_square() {
    // rule: fiw 27.1, 27.3, 2.3
    let mut g = cleared(BRITISH);
    put(&mut g, "fr-bearn", "1208");
    put_leader(&mut g, "montcalm", "1208");
    let b = board(&g, Some(BRITISH));
    let at: Vec<_> = b.pieces.iter().filter(|p| p.space == "1208").collect();
    assert!(at
        .iter()
        .all(|p| p.face == Face::Back && p.id.is_none() && p.name.is_empty()));
    assert_eq!(
        at.iter().map(|p| p.count).sum::<u32>(),
        2,
        "the British see how many stand there"
    );
    // The colours tell a French regular block (2.3).
    assert!(at
        .iter()
        .any(|p| p.nation.as_deref() == Some("french") && p.kind.as_deref() == Some("regular")));
    // The French see their own.
    assert!(board(&g, Some(FRENCH))
        .pieces
        .iter()
        .any(|p| p.space == "1208" && p.face == Face::Up && p.name == "Bearn"));
    // A British unit in the square examines them (27.1 (1)).
    put(&mut g, "br-light", "1208");
    let b = board(&g, Some(BRITISH));
    assert!(b
        .pieces
        .iter()
        .filter(|p| p.space == "1208")
        .all(|p| p.face == Face::Up));
}

#[test]
fn an_enemy_force_in_a_friendly_city_or_town_is_seen() {
    // rule: fiw 27.1
    let mut g = cleared(BRITISH);
    put(&mut g, "br-line", "montreal");
    let b = board(&g, Some(FRENCH));
    assert!(b.pieces.iter().any(|p| p.space == "1107" && p.face == Face::Up));
    put(&mut g, "br-line", "1208");
    let b = board(&g, Some(FRENCH));
    assert!(b.pieces.iter().any(|p| p.space == "1208" && p.face == Face::Back));
}

#[test]
fn markers_are_always_seen() {
    // rule: fiw 27.2
    let g = started(BRITISH);
    let b = board(&g, Some(BRITISH));
    assert!(b
        .markers
        .iter()
        .any(|m| m.space == "1208" && m.kind == "magazine" && m.side.as_deref() == Some("french")));
}

#[test]
fn the_set_up_log_does_not_name_the_enemy_s_units() {
    // rule: fiw 27.1
    let g = started(BRITISH);
    let british: Vec<String> = g.log().visible(Some(BRITISH)).map(|e| e.text.clone()).collect();
    assert!(british.iter().any(|t| t.contains("A French unit sets up in Quebec")));
    assert!(!british.iter().any(|t| t.contains("Bearn") || t.contains("Montcalm")));
    let french: Vec<String> = g.log().visible(Some(FRENCH)).map(|e| e.text.clone()).collect();
    assert!(french.iter().any(|t| t.contains("Montcalm sets up in Quebec")));
}

#[test]
fn the_bots_sample_only_which_block_is_which_the_mix_being_open() {
    // rule: fiw 27.1, 27.3, 10.72
    // ruling: fiw #63
    use engine::game::Views;
    use rand::SeedableRng;
    let mut g = cleared(BRITISH);
    let squares = ["1208", "1308", "1108"];
    for (face, at) in ["fr-bearn", "fr-guy", "fr-ang"].into_iter().zip(squares) {
        put(&mut g, face, at);
    }
    let designs = |g: &fiw::Fiw| {
        let mut v: Vec<u16> = g.units.iter().map(|u| u.counter).collect();
        v.sort_unstable();
        v
    };
    let at = |g: &fiw::Fiw, sq: &str| -> Vec<u16> {
        g.units_at(common::sq(sq))
            .map(|u| g.units[u as usize].counter)
            .collect()
    };
    let mut moved = false;
    for seed in 0..20 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let w = g.determinize(BRITISH, &mut rng);
        // The mix is the same: the pool, and so what stands on the map.
        assert_eq!(designs(&w), designs(&g));
        moved |= squares.iter().any(|sq| at(&w, sq) != at(&g, sq));
        // The French know their own.
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let own = g.determinize(FRENCH, &mut rng);
        assert!(squares.iter().all(|sq| at(&own, sq) == at(&g, sq)));
    }
    assert!(moved, "the British cannot tell which French regular is where");
}
