//! 2.0 Fog-of-War: what each seat and a spectator may see in
//! `Game::view`, and worlds resampled for a seat by `Game::determinize`.

mod support;
use support::*;

use engine::prelude::*;
use engine::{Board, Face, Piece, Setup};
use liberty::Liberty;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

const SEATS: [&str; 2] = ["british", "american"];

fn view(g: &Liberty, viewer: Option<u8>) -> Value {
    engine::Views::view(g, viewer)
}

fn log_json(g: &Liberty, viewer: Option<u8>) -> String {
    let entries: Vec<_> = g.core.log.visible(viewer).collect();
    serde_json::to_string(&entries).unwrap()
}

/// The typed table of a view (engine::Board, the view's `board`).
fn board(v: &Value) -> Board {
    serde_json::from_value(v["board"].clone()).expect("the view's board parses")
}

/// The blocks of `side` standing face up in a view.
fn shown(v: &Value, side: &str) -> Vec<Piece> {
    board(v)
        .pieces
        .into_iter()
        .filter(|p| p.face == Face::Up && p.side == side)
        .collect()
}

/// How many blocks of `side` stand on their backs at `loc` in a view (2.0).
fn hidden_count(v: &Value, side: &str, loc: &str) -> u64 {
    board(v)
        .pieces
        .iter()
        .filter(|p| p.face == Face::Back && p.side == side && p.space == loc)
        .map(|p| u64::from(p.count))
        .sum()
}

fn has_id(p: &Piece, id: &str) -> bool {
    p.id.as_deref() == Some(id)
}

fn revealed(p: &Piece) -> bool {
    p.states.iter().any(|s| s == "revealed")
}

/// No block of `side` is shown to `viewer` unless it is public: revealed in a
/// battle, a prisoner, or face-up in the French pool.
fn assert_fog(g: &Liberty, viewer: Option<u8>) {
    let v = view(g, viewer);
    let text = v.to_string();
    for side in [BRITISH, AMERICAN] {
        if viewer == Some(side) {
            continue;
        }
        for e in shown(&v, SEATS[side as usize]) {
            let public = revealed(&e) || e.space == "prisoner" || e.space == "french-pool";
            assert!(public, "{viewer:?} sees {e:?}");
        }
        for (b, info) in liberty::blocks::embedded().iter().enumerate() {
            if info.side == side && !g.visible(viewer, b as u8) {
                assert!(
                    !text.contains(&format!("\"{}\"", info.id)),
                    "{viewer:?} sees the id {}",
                    info.id
                );
            }
        }
    }
}

// rule: liberty 2.0, 6.0
#[test]
fn each_seat_sees_only_that_enemy_blocks_stand_in_a_hex() {
    let g = Liberty::new(&Setup::new("1775", 1));
    for viewer in [Some(BRITISH), Some(AMERICAN), None] {
        assert_fog(&g, viewer);
    }
    let v = view(&g, Some(BRITISH));
    // Own blocks with full data, the enemy only as counts per place.
    let mine = shown(&v, "british");
    assert_eq!(mine.len(), 25, "the British see all their blocks, pool included");
    let howe = mine.iter().find(|b| has_id(b, "b-howe")).unwrap();
    assert_eq!((howe.space.as_str(), howe.strength.map(|s| s.now)), ("1607", Some(3)));
    assert_eq!(
        hidden_count(&v, "american", "1506"),
        3,
        "Springfield holds three blocks"
    );
    assert_eq!(hidden_count(&v, "american", "wi-french"), 2);
    assert_eq!(
        hidden_count(&v, "american", "pool"),
        7,
        "the pool is secret, its size is not"
    );
    // The French pool is face-up (12.0).
    let french: Vec<Piece> = board(&v)
        .pieces
        .into_iter()
        .filter(|b| b.face == Face::Up && b.space == "french-pool")
        .collect();
    assert_eq!(french.len(), 6);
    // The spectator sees no block of either side but the French pool.
    let s = view(&g, None);
    let up = board(&s).pieces.iter().filter(|b| b.face == Face::Up).count();
    assert_eq!(up, 6);
    assert_eq!(hidden_count(&s, "british", "1607"), 4);
    assert_eq!(hidden_count(&s, "british", "pool"), 9);
}

// rule: liberty 2.0, 3.0, 3.1
#[test]
fn hands_are_secret_and_the_face_down_card_is_hidden() {
    let mut g = Liberty::new(&Setup::new("1775", 2));
    let key = |c: &liberty::cards::Card| Value::from(c.key());
    for seat in [BRITISH, AMERICAN] {
        let v = view(&g, Some(seat));
        let hand: Vec<Value> = g.hands[seat as usize].iter().map(key).collect();
        assert_eq!(v["hand"], Value::from(hand));
        assert_eq!(v["hand_counts"]["british"], 3);
    }
    assert_eq!(view(&g, None)["hand"], Value::Null);
    let card = g
        .legal_ids("british")
        .into_iter()
        .find(|i| i.starts_with("card-"))
        .unwrap();
    let played = card.trim_start_matches("card-").to_string();
    act(&mut g, "british", &card);
    assert_eq!(view(&g, Some(BRITISH))["played"]["british"], played.as_str());
    assert_eq!(view(&g, Some(AMERICAN))["played"]["british"], "face-down");
    assert_eq!(view(&g, None)["played"]["british"], "face-down");
    assert!(log_json(&g, Some(BRITISH)).contains("You play"));
    assert!(!log_json(&g, Some(AMERICAN)).contains("You play"));
    assert!(!log_json(&g, None).contains("You play"));
}

// rule: liberty 2.0, 11.5, 2.11
#[test]
fn prisoners_are_public() {
    let mut g = Liberty::sandbox(3);
    let ward = liberty::blocks::by_id("a-ward").unwrap();
    g.put("a-ward", "Boston", 2);
    g.capture(ward);
    for viewer in [Some(BRITISH), None] {
        let v = view(&g, viewer);
        let e = shown(&v, "american")
            .into_iter()
            .find(|b| has_id(b, "a-ward"))
            .expect("shown");
        assert_eq!(e.space, "prisoner");
    }
}

// rule: liberty 2.0, 6.0
#[test]
fn a_drawn_replacement_is_told_to_its_owner_only() {
    let mut g = Liberty::sandbox(4);
    g.put("a-ward", "Springfield", 2);
    g.recompute_control();
    g.begin_actions(AMERICAN, AMERICAN, 1);
    act(&mut g, "american", "replace");
    let mine = log_json(&g, Some(AMERICAN));
    assert!(mine.contains("You draw"), "{mine}");
    for viewer in [Some(BRITISH), None] {
        assert!(!log_json(&g, viewer).contains("You draw"));
        assert_fog(&g, viewer);
    }
}

// rule: liberty 2.0, 7.1
#[test]
fn blocks_are_revealed_in_battle_and_hidden_again_after() {
    let mut g = Liberty::sandbox(5);
    g.put("b-grey", "Boston", 2);
    g.put("b-grant", "Boston", 3);
    g.put("a-ward", "Springfield", 3);
    g.put("a-pickens", "Hartford", 3);
    g.recompute_control();
    g.begin_actions(AMERICAN, AMERICAN, 1);
    act(&mut g, "american", "group-1506");
    act(&mut g, "american", "pick-a-ward");
    act(&mut g, "american", "step-1607");
    while g.phase_name() != "battles" {
        let seat = if g.waits_for("british") { "british" } else { "american" };
        let ids = g.legal_ids(seat);
        let id = ids
            .iter()
            .find(|i| i.starts_with("main-") || *i == "end-group" || *i == "end-actions")
            .unwrap_or(&ids[0])
            .clone();
        act(&mut g, seat, &id);
    }
    // In battle: the Boston blocks are shown to the enemy and the spectator;
    // Pickens in Hartford stays hidden.
    for viewer in [Some(AMERICAN), None] {
        let v = view(&g, viewer);
        let grant = shown(&v, "british")
            .into_iter()
            .find(|b| has_id(b, "b-grant"))
            .expect("revealed");
        assert_eq!(grant.strength.map(|s| s.now), Some(3));
        assert!(revealed(&grant));
        assert_fog(&g, viewer);
    }
    let v = view(&g, Some(BRITISH));
    assert!(shown(&v, "american").iter().any(|b| has_id(b, "a-ward")));
    assert!(!shown(&v, "american").iter().any(|b| has_id(b, "a-pickens")));
    let battle: Vec<String> = board(&v)
        .markers
        .into_iter()
        .filter(|m| m.kind == "battle")
        .map(|m| m.space)
        .collect();
    assert_eq!(battle, ["1607"]);
    // Fight it out; afterwards the survivors stand upright again.
    g.core.dice.script([6; 40]);
    while g.phase_name() == "battles" {
        let seat = if g.waits_for("british") { "british" } else { "american" };
        let ids = g.legal_ids(seat);
        let id = ids
            .iter()
            .find(|i| i.starts_with("fire-") || i.starts_with("retreat-") || *i == "regroup-done")
            .unwrap_or(&ids[0])
            .clone();
        act(&mut g, seat, &id);
    }
    for viewer in [Some(BRITISH), Some(AMERICAN), None] {
        assert_fog(&g, viewer);
    }
    let v = view(&g, Some(AMERICAN));
    assert!(shown(&v, "british").is_empty(), "{}", v["board"]);
}

/// Play random legal moves from the 1775 start to reach a position with
/// blocks moved, replacements drawn and cards in hand.
fn random_position(seed: u64, steps: usize) -> Liberty {
    let mut g = Liberty::new(&Setup::new("1775", seed));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..steps {
        let acting: Vec<u8> = [BRITISH, AMERICAN]
            .into_iter()
            .filter(|&s| g.to_act().contains(s))
            .collect();
        if acting.is_empty() {
            break;
        }
        let seat = acting[rng.gen_range(0..acting.len())];
        let mut legal = Vec::new();
        g.legal(seat, &mut legal);
        let a = legal[rng.gen_range(0..legal.len())];
        engine::apply(&mut g, seat, &a).unwrap();
    }
    g
}

// rule: liberty 2.0
#[test]
fn determinize_keeps_the_seat_view_and_log_and_resamples_hidden_identities() {
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let mut changed = [false; 2];
    let mut hand_changed = [false; 2];
    for seed in 0..6u64 {
        let g = random_position(seed, 40 + 15 * seed as usize);
        for seat in [BRITISH, AMERICAN] {
            let enemy = 1 - seat;
            let before_view = view(&g, Some(seat)).to_string();
            let before_log = log_json(&g, Some(seat));
            for _ in 0..4 {
                let s = engine::Views::determinize(&g, seat, &mut rng);
                s.check().unwrap();
                assert_eq!(view(&s, Some(seat)).to_string(), before_view, "seed {seed} seat {seat}");
                assert_eq!(log_json(&s, Some(seat)), before_log);
                assert_eq!(s.hands[seat as usize], g.hands[seat as usize]);
                for b in 0..g.loc.len() as u8 {
                    let own = Liberty::side_of(b) == seat;
                    if own || g.visible(Some(seat), b) {
                        assert_eq!(
                            (s.loc[b as usize], s.strength[b as usize]),
                            (g.loc[b as usize], g.strength[b as usize])
                        );
                    } else if s.loc[b as usize] != g.loc[b as usize] {
                        assert_eq!(Liberty::side_of(b), enemy);
                        changed[seat as usize] = true;
                    }
                }
                hand_changed[seat as usize] |= s.hands[enemy as usize] != g.hands[enemy as usize];
            }
        }
    }
    assert_eq!(changed, [true, true], "hidden enemy identities are resampled");
    assert_eq!(hand_changed, [true, true], "the enemy hand is redealt");
}

/// The block the enemy drew and has not yet deployed (6.0).
fn pending_deploy(g: &Liberty) -> Option<u8> {
    g.drawn_block().map(|d| d.1)
}

// rule: liberty 2.0, 6.0, 6.1
#[test]
fn determinize_keeps_a_drawn_replacement_full_strength_and_deployable() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut identities = std::collections::BTreeSet::new();
    for seed in 0..12 {
        let mut g = Liberty::sandbox(seed);
        g.put("b-grey", "Québec", 2);
        g.put("a-ward", "Springfield", 2);
        g.recompute_control();
        g.begin_actions(BRITISH, BRITISH, 1);
        act(&mut g, "british", "replace");
        assert!(pending_deploy(&g).is_some(), "a block waits to deploy");
        let before = view(&g, Some(AMERICAN)).to_string();
        for _ in 0..8 {
            let s = engine::Views::determinize(&g, AMERICAN, &mut rng);
            assert_eq!(view(&s, Some(AMERICAN)).to_string(), before);
            let d = pending_deploy(&s).unwrap();
            let info = liberty::blocks::info(d);
            assert_eq!(
                s.strength[d as usize], info.max,
                "{} is drawn at full strength",
                info.id
            );
            assert_eq!(s.where_is(&info.id), "pool");
            let mut mine = Vec::new();
            s.deploy_hexes(d, &mut mine);
            assert!(!mine.is_empty(), "{} can be deployed", info.id);
            assert!(!s.legal_ids("british").is_empty());
            identities.insert(info.id.clone());
        }
    }
    assert!(identities.len() > 3, "the drawn identity is resampled: {identities:?}");
}

/// Swap everything two blocks carry: where they stand, how they moved, their strength.
fn swap_blocks(g: &mut Liberty, a: u8, b: u8) {
    let (a, b) = (a as usize, b as usize);
    g.loc.swap(a, b);
    g.entry.swap(a, b);
    g.strength.swap(a, b);
    for m in [
        &mut g.moved,
        &mut g.force_marched,
        &mut g.by_river,
        &mut g.pinned,
        &mut g.at_sea,
    ] {
        let (x, y) = ((*m >> a) & 1, (*m >> b) & 1);
        *m &= !((1u64 << a) | (1u64 << b));
        *m |= (x << b) | (y << a);
    }
}

// rule: liberty 2.0
#[test]
fn determinize_depends_only_on_what_the_seat_has_seen() {
    // Two positions the British cannot tell apart: two hidden American
    // blocks of one kind trade places, and one of them has lost a step. The
    // worlds drawn for the British from the same generator must be the same,
    // or the bots would learn the hidden identities and strengths.
    let mut tried = 0;
    for seed in 0..8u64 {
        let g = random_position(seed, 30 + 10 * seed as usize);
        // (A block named in a step under way is left alone: swapping it would
        // need its frame rewritten too.)
        let moving = g.moving_block();
        let hidden: Vec<u8> = (0..g.loc.len() as u8)
            .filter(|&b| {
                Liberty::side_of(b) == AMERICAN
                    && g.on_map(b)
                    && !g.visible(Some(BRITISH), b)
                    && Some(b) != moving
                    && Some(b) != pending_deploy(&g)
            })
            .collect();
        let kind = |b: u8| liberty::blocks::info(b).kind;
        let Some((a, b)) = hidden.iter().enumerate().find_map(|(i, &a)| {
            hidden[i + 1..]
                .iter()
                .find(|&&b| kind(a) == kind(b) && g.loc[a as usize] != g.loc[b as usize])
                .map(|&b| (a, b))
        }) else {
            continue;
        };
        let mut h = g.clone();
        swap_blocks(&mut h, a, b);
        let s = &mut h.strength[a as usize];
        *s = if *s > 1 { *s - 1 } else { liberty::blocks::info(a).max };
        assert_eq!(
            view(&g, Some(BRITISH)),
            view(&h, Some(BRITISH)),
            "the British see no difference"
        );
        assert_ne!(serde_json::to_string(&g).unwrap(), serde_json::to_string(&h).unwrap());
        for k in 0..4 {
            let world = |x: &Liberty| {
                let mut rng = ChaCha8Rng::seed_from_u64(k);
                serde_json::to_string(&engine::Views::determinize(x, BRITISH, &mut rng)).unwrap()
            };
            assert!(world(&g) == world(&h), "seed {seed}, world {k}: the worlds differ");
        }
        tried += 1;
    }
    assert!(tried >= 4, "enough positions with two hidden blocks of a kind: {tried}");
}

// rule: liberty 2.0, 11.1
#[test]
fn every_block_stands_face_up_once_the_game_is_over() {
    let mut g = random_position(5, 60);
    let hidden = |g: &Liberty| {
        let v = view(g, Some(AMERICAN));
        let british = liberty::blocks::embedded().iter().filter(|b| b.side == BRITISH).count();
        british - shown(&v, "british").len()
    };
    assert!(
        hidden(&g) > 0,
        "British blocks are hidden from the Americans while playing"
    );
    g.core.finish(Some(AMERICAN), "test", "11.1");
    assert_eq!(
        hidden(&g),
        0,
        "every British block is shown to the Americans at the end"
    );
    let spectator = view(&g, None);
    assert_eq!(hidden_count(&spectator, "british", "pool"), 0);
    assert_eq!(
        shown(&spectator, "american").len() + shown(&spectator, "british").len(),
        liberty::blocks::embedded().len(),
        "and to a spectator"
    );
}

/// The facts panel's lines, as "label: value (rule)".
fn facts(g: &Liberty, viewer: Option<u8>) -> Vec<String> {
    let v = view(g, viewer);
    let facts: Vec<engine::Fact> = serde_json::from_value(v["facts"].clone()).expect("facts parse");
    facts
        .iter()
        .map(|f| format!("{}: {} ({})", f.label, f.value, f.rule))
        .collect()
}

// rule: liberty 3.0, 3.1, 4.0, 11.0
#[test]
fn the_facts_read_as_the_rulebook_says_them() {
    let mut g = Liberty::sandbox(21);
    g.hands = [
        vec![liberty::cards::Card::A2, liberty::cards::Card::S3],
        vec![liberty::cards::Card::A1],
    ];
    g.weather = liberty::state::Weather::South;
    g.stage = liberty::turn::Stage::Actions1;
    g.frames.push(liberty::state::Frame::Actions {
        seat: BRITISH,
        left: 2,
        replaced: false,
        closed: false,
    });
    let british = facts(&g, Some(BRITISH));
    assert!(
        british.contains(&format!(
            "Year: {}, Game Turn {} of {} (3.0)",
            g.year, g.turn, g.turns_in_year
        )),
        "{british:?}"
    );
    assert!(british.contains(&"Phase: Actions (5.0)".to_string()), "{british:?}");
    assert!(
        british.contains(&"Weather: no attacks within or from the South (4.0)".to_string()),
        "{british:?}"
    );
    assert!(
        british.contains(&"Your hand: Action 2, Supply (3 steps) (3.0)".to_string()),
        "{british:?}"
    );
    let american = facts(&g, Some(AMERICAN));
    assert!(
        american.contains(&"Your hand: Action 1 (3.0)".to_string()),
        "{american:?}"
    );
    assert!(
        !american.join(" ").contains("Supply (3 steps)"),
        "the British hand is theirs alone"
    );
    assert!(facts(&g, None).iter().all(|f| !f.starts_with("Your hand")));
    // In winter the year reads as the Winter Turn, never "turn 4 of 3".
    g.frames.clear();
    g.turn = g.turns_in_year + 1;
    g.frames.push(liberty::state::Frame::Disband { seat: BRITISH });
    let winter = facts(&g, None);
    assert!(
        winter.contains(&format!("Year: {}, Winter Turn (11.0)", g.year)),
        "{winter:?}"
    );
    assert!(winter.iter().all(|f| !f.contains(" of ")), "{winter:?}");
    // 11.5 an exchange offered in the Winter Turn: still the winter (it
    // read "Game Turn 4 of 3", phase "Card play").
    g.frames.clear();
    g.frames
        .push(liberty::state::Frame::WinterExchange { done: [false, false] });
    let b = |id: &str| liberty::blocks::by_id(id).unwrap();
    g.frames.push(liberty::state::Frame::Offer {
        from: AMERICAN,
        give: b("b-butler"),
        get: b("a-ward"),
    });
    let winter = facts(&g, None);
    assert!(
        winter.contains(&format!("Year: {}, Winter Turn (11.0)", g.year)),
        "{winter:?}"
    );
    assert!(winter.contains(&"Phase: Winter (11.0)".to_string()), "{winter:?}");
}

// rule: liberty 11.5
#[test]
fn prisoners_show_what_an_exchange_would_return() {
    let mut g = position(&[("a-ward", "Boston", 1), ("b-butler", "Albany", 1)]);
    g.capture(liberty::blocks::by_id("a-ward").unwrap());
    g.capture(liberty::blocks::by_id("b-butler").unwrap());
    for viewer in [None, Some(BRITISH), Some(AMERICAN)] {
        let ward = board(&view(&g, viewer))
            .pieces
            .into_iter()
            .find(|p| p.id.as_deref() == Some("a-ward"))
            .expect("a prisoner stands face up");
        assert_eq!(ward.space, "prisoner");
        assert!(ward.strength.is_none(), "a prisoner has no strength on the map");
        let info = liberty::blocks::info(liberty::blocks::by_id("a-ward").unwrap());
        let states: Vec<String> = ward.states.iter().map(|s| s.to_string()).collect();
        assert!(states.contains(&info.type_name().to_string()), "{states:?}");
        assert!(states.contains(&"captured".to_string()), "{states:?}");
        assert!(states.contains(&format!("strength up to {}", info.max)), "{states:?}");
    }
    assert_eq!(
        Liberty::prisoner_label(liberty::blocks::by_id("b-butler").unwrap()),
        "Butler (ranger B2, strength up to 3)"
    );
    // The offer says what each prisoner is.
    let offer = ids(&g, "british").into_iter().find(|a| a.starts_with("offer-"));
    if let Some(id) = offer {
        let label = described(&g, "british", &id).0;
        assert!(label.contains("Butler (") && label.contains("Ward ("), "{label}");
        assert!(label.contains("strength up to"), "{label}");
    }
}

// rule: liberty 2.2, 2.13, 2.0
#[test]
fn own_blocks_show_their_type_and_move_to_their_owner_only() {
    // Marion (militia dragoon) attacks Boston, held by Fraser (light foot),
    // Harcourt (dragoon) and the Graves fleet; Ewald (jaeger) waits in New
    // York. All but Ewald stand revealed in the battle.
    let mut g = position(&[
        ("b-fraser", "Boston", 2),
        ("b-dragoon", "Boston", 3),
        ("b-ship-graves", "Boston", 3),
        ("b-ewald", "New York", 2),
        ("a-ward", "Springfield", 3),
    ]);
    g.put("a-marion", "Boston", 3);
    g.entered("a-marion", "1606");
    g.player1 = AMERICAN;
    g.core.dice.script([6; 30]);
    g.begin_battles();
    let states = |viewer: u8, id: &str| -> Vec<String> {
        let side = if id.starts_with("b-") { "british" } else { "american" };
        let p = shown(&view(&g, Some(viewer)), side)
            .into_iter()
            .find(|p| has_id(p, id))
            .unwrap_or_else(|| panic!("{id} face up"));
        p.states.iter().map(|s| s.to_string()).collect()
    };
    // The owner reads what each block is and how far it moves (2.13).
    assert_eq!(states(BRITISH, "b-fraser"), ["light foot", "move 1", "revealed"]);
    assert_eq!(states(BRITISH, "b-dragoon"), ["dragoon", "move 2", "revealed"]);
    assert_eq!(states(BRITISH, "b-ship-graves"), ["warship", "move 2", "revealed"]);
    assert_eq!(states(BRITISH, "b-ewald"), ["jaeger", "move 1"]);
    assert_eq!(
        states(AMERICAN, "a-marion"),
        ["militia dragoon", "move 2", "revealed", "moved"]
    );
    assert_eq!(states(AMERICAN, "a-ward"), ["militia foot", "move 1"]);
    // The other side sees the revealed blocks as before, as a spectator does:
    // no type or move added, and the hidden ones stay backs.
    assert_eq!(states(AMERICAN, "b-fraser"), ["revealed"]);
    assert_eq!(states(BRITISH, "a-marion"), ["revealed", "moved"]);
    for (viewer, enemy) in [(BRITISH, "american"), (AMERICAN, "british")] {
        assert_eq!(
            shown(&view(&g, Some(viewer)), enemy),
            shown(&view(&g, None), enemy),
            "{enemy} blocks as the {viewer} seat sees them"
        );
        assert_fog(&g, Some(viewer));
    }
    assert_eq!(hidden_count(&view(&g, Some(AMERICAN)), "british", "1409"), 1);
    // The kind key is blocks.tsv's (it was "militiadragoon").
    let marion = shown(&view(&g, Some(BRITISH)), "american")
        .into_iter()
        .find(|p| has_id(p, "a-marion"))
        .unwrap();
    assert_eq!(marion.kind.as_deref(), Some("militia-dragoon"));
}

/// The marks (states) of the `side` pieces at `loc` that `viewer` sees,
/// face up by id, on their backs as "back" with their count.
fn marks_in(g: &Liberty, viewer: Option<u8>, loc: &str, side: &str) -> Vec<(String, Vec<String>, u32)> {
    let mut out: Vec<(String, Vec<String>, u32)> = board(&view(g, viewer))
        .pieces
        .into_iter()
        .filter(|p| p.space == loc && p.side == side)
        .map(|p| {
            let who = p.id.clone().unwrap_or_else(|| "back".into());
            (who, p.states.iter().map(|s| s.to_string()).collect(), p.count)
        })
        .collect();
    out.sort();
    out
}

// ruling: liberty #25 — de Barras fights round 1, so the Sea-Attack blocks stay aboard.
// rule: liberty 2.0, 7.22, 8.4
#[test]
fn reserves_and_blocks_aboard_are_marked_for_everyone_and_stay_hidden_from_the_enemy() {
    // A British Sea Attack on New York: the Howe fleet with Grey and
    // Harcourt aboard, against de Barras and Clinton. Player 2 (American)
    // reinforces from West Point with Ward and Arnold, in reserve (7.22).
    let mut g = position(&[
        ("f-ship-debarras", "New York", 2),
        ("a-clinton", "New York", 2),
        ("a-ward", "New York", 3),
        ("a-arnold", "New York", 4),
    ]);
    g.french_entered = true;
    for b in ["b-ship-howe", "b-grey", "b-dragoon"] {
        g.put(b, "New York", 3);
        g.entered(b, "sea");
    }
    g.entered("a-ward", "West Point");
    g.entered("a-arnold", "West Point");
    g.player1 = BRITISH;
    // de Barras misses; the fleet sinks it (2 hits on A2); then all miss.
    let mut dice = vec![6, 6, 1, 1, 6];
    dice.extend([6; 60]);
    g.core.dice.script(dice);
    g.begin_battles();
    assert_eq!(round(&g), 1);
    let ny = hex_id("New York");
    // The British see the reserves as two backs marked "in reserve", nothing
    // more: no id, name, kind, strength or rating (2.0).
    let backs: Vec<Piece> = board(&view(&g, Some(BRITISH)))
        .pieces
        .into_iter()
        .filter(|p| p.space == ny && p.face == Face::Back)
        .collect();
    assert_eq!(backs.len(), 1, "{backs:?}");
    let b = &backs[0];
    assert_eq!((b.side.as_str(), b.count, b.name.as_str()), ("american", 2, "block"));
    assert_eq!(b.states, ["in reserve"]);
    assert!(b.id.is_none() && b.kind.is_none() && b.strength.is_none() && b.rating.is_none() && b.nation.is_none());
    let text = view(&g, Some(BRITISH)).to_string();
    for hidden in ["a-ward", "a-arnold", "Ward", "Arnold", "continental"] {
        assert!(!text.contains(hidden), "the British view names {hidden}");
    }
    assert_fog(&g, Some(BRITISH));
    // The blocks aboard are revealed (7.1) and marked "aboard" (8.4).
    assert_eq!(
        marks_in(&g, Some(AMERICAN), &ny, "british"),
        [
            (
                "b-dragoon".to_string(),
                vec!["revealed".into(), "moved".into(), "aboard".into()],
                1
            ),
            (
                "b-grey".to_string(),
                vec!["revealed".into(), "moved".into(), "aboard".into()],
                1
            ),
            ("b-ship-howe".to_string(), vec!["revealed".into(), "moved".into()], 1),
        ]
    );
    // Each seat sees the other side's pieces as the spectator does.
    for (viewer, enemy) in [(BRITISH, "american"), (AMERICAN, "british")] {
        assert_eq!(
            marks_in(&g, Some(viewer), &ny, enemy),
            marks_in(&g, None, &ny, enemy),
            "{enemy} pieces as the {viewer} seat sees them"
        );
        assert_eq!(
            board(&view(&g, Some(viewer)))
                .pieces
                .into_iter()
                .filter(|p| p.side == enemy && p.space == ny)
                .collect::<Vec<_>>(),
            board(&view(&g, None))
                .pieces
                .into_iter()
                .filter(|p| p.side == enemy && p.space == ny)
                .collect::<Vec<_>>()
        );
    }
    // The owners read the same marks on their own faces.
    assert_eq!(
        marks_in(&g, Some(AMERICAN), &ny, "american"),
        [
            (
                "a-arnold".to_string(),
                vec![
                    "continental".into(),
                    "move 1".into(),
                    "moved".into(),
                    "in reserve".into()
                ],
                1
            ),
            (
                "a-clinton".to_string(),
                vec!["militia foot".into(), "move 1".into(), "revealed".into()],
                1
            ),
            (
                "a-ward".to_string(),
                vec![
                    "militia foot".into(),
                    "move 1".into(),
                    "moved".into(),
                    "in reserve".into()
                ],
                1
            ),
            (
                "f-ship-debarras".to_string(),
                vec!["warship".into(), "move 2".into(), "revealed".into()],
                1
            ),
        ]
    );
    assert!(marks_in(&g, Some(BRITISH), &ny, "british")
        .iter()
        .any(|(id, st, _)| id == "b-grey" && st.ends_with(&["aboard".to_string()])));
    // Round 1: de Barras is sunk (the fleet's hits go to warships, 8.2), the
    // blocks land, and from round 2 the reserves fight face up: no mark left.
    while round(&g) == 1 && in_battle(&g) {
        fire_round(&mut g);
        if round(&g) == 1 {
            let (seat, legal) = waiting(&g);
            act(&mut g, seat, &legal[0]);
        }
    }
    assert_eq!(round(&g), 2, "{}", log_text(&g, None));
    assert!(log_text(&g, None).contains("The enemy warships are gone: the attacking blocks land."));
    assert_eq!(
        shown_in(&g, BRITISH, &ny, "american"),
        sorted(&["a-arnold", "a-clinton", "a-ward"])
    );
    for viewer in [Some(BRITISH), Some(AMERICAN), None] {
        let all = board(&view(&g, viewer));
        assert!(
            all.pieces
                .iter()
                .all(|p| !p.states.iter().any(|s| s == "in reserve" || s == "aboard")),
            "{viewer:?}: {:?}",
            all.pieces
        );
        assert_fog(&g, viewer);
    }
}

/// The pinned markers of a view: (hex, side, count).
fn pin_markers(v: &Value) -> Vec<(String, Option<String>, Option<i64>)> {
    board(v)
        .markers
        .into_iter()
        .filter(|m| m.kind == "pinned")
        .map(|m| (m.space, m.side, m.value))
        .collect()
}

// rule: liberty 5.4
#[test]
fn pinned_blocks_are_marked_on_the_map_for_everyone_and_on_their_faces_for_their_owner() {
    // ruling: liberty #31 how many are pinned is public, which ones is not.
    let mut g = pinning_example();
    act(&mut g, "british", &group("New Brunswick"));
    let hex = hex_id("1307");
    for b in ["b-grey", "b-grant"] {
        act(&mut g, "british", &format!("pick-{b}"));
        act(&mut g, "british", &format!("step-{hex}"));
        if legal(&g, "british", "stop") {
            act(&mut g, "british", "stop");
        }
    }
    for viewer in [Some(BRITISH), Some(AMERICAN), None] {
        assert!(pin_markers(&view(&g, viewer)).is_empty(), "nothing pinned yet");
    }
    act(&mut g, "american", &group("1307"));
    act(&mut g, "american", "pin-a-pickens");
    act(&mut g, "american", "pin-a-ward");
    for viewer in [Some(BRITISH), Some(AMERICAN), None] {
        let v = view(&g, viewer);
        assert_eq!(
            pin_markers(&v),
            [(hex.clone(), Some("american".to_string()), Some(2))],
            "{viewer:?}"
        );
        assert_fog(&g, viewer);
    }
    // The owner sees which: the two named, not the three free to move.
    let pinned: Vec<String> = shown(&view(&g, Some(AMERICAN)), "american")
        .into_iter()
        .filter(|p| p.states.iter().any(|s| s == "pinned"))
        .filter_map(|p| p.id)
        .collect();
    assert_eq!(pinned, ["a-pickens", "a-ward"]);
    // The key says what the marker means.
    let key = Liberty::drawing().expect("a map").key;
    assert!(key.iter().any(|k| k.kind == "pinned" && k.rule == "5.4"));
}
