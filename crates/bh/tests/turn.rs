//! 2.0, 5.0-5.3 the turn sequence, 4.3 ammunition arrival, 12.1 set-up.

mod support;
use bh::setup::DECK;
use bh::state::*;
use bh::Bh;
use engine::prelude::*;
use engine::Setup;
use support::*;

// rule: bh 2.0, 12.1, 5.1
#[test]
fn the_deck_is_the_ten_bunker_hill_cards_and_hash_marks_are_ignored() {
    let g = Bh::new(&Setup::new("standard", 3));
    let mut all: Vec<u8> = g.deck.draw.iter().chain(&g.deck.discard).copied().collect();
    all.sort();
    assert_eq!(all, DECK.to_vec());
    let solo = Bh::new(&Setup::new("solo-british", 3));
    let n = solo.deck.draw.len() + solo.deck.discard.len();
    assert_eq!(n, 7, "12.2: cards carrying hash marks are left out in solitaire");
}

// rule: bh 12.1, 3.1, 3.3, 3.5
#[test]
fn standard_set_up_british_in_zone_2_patriots_behind_modifiers() {
    let mut g = Bh::new(&Setup::new("standard", 5));
    assert_eq!(g.to_act(), engine::SeatSet::one(B));
    assert_eq!(ids(&g, "british"), vec!["east-shore", "mystic-point"]);
    for _ in 0..5 {
        act(&mut g, "british", "mystic-point");
    }
    let lz2 = g.region("lz-2");
    let afloat = g.pieces.iter().filter(|p| p.loc == lz2).count();
    assert_eq!(
        afloat, 14,
        "10 Regulars, 2 field artillery, Gage and Pigot in Landing Zone 2"
    );
    let regions = ids(&g, "patriot");
    assert!(!regions.contains(&"moultons-hill".to_string()));
    assert!(regions.contains(&"breeds-redoubt".to_string()) && regions.contains(&"town-square".to_string()));
    assert!(
        !regions.contains(&"east-shore".to_string()),
        "no defensive modifier there"
    );
    let mut placed = 0;
    while g.to_act() == engine::SeatSet::one(P) && g.phase == Phase::Setup {
        let first = ids(&g, "patriot").into_iter().find(|r| {
            let r = g.region(r);
            g.units(r, P) < 3
        });
        act(&mut g, "patriot", &first.unwrap());
        placed += 1;
    }
    assert_eq!(placed, 18, "1 cannon, 7 minutemen, 5 militia, 5 leaders");
    assert_eq!(g.phase, Phase::Actions);
    let muster = g.region("muster-box");
    assert_eq!(g.pieces.iter().filter(|p| p.loc == muster).count(), 5);
    assert!(g.card.is_some() && g.ap[0] > 0);
    assert_eq!((g.ammo, g.morale), (24, [24, 24]));
}

// rule: bh 5.2, 6.12
#[test]
fn free_pass_then_the_opponent_must_act_and_a_paid_pass_spends_an_action() {
    let mut g = Bh::sandbox("standard", B);
    g.ap = [3, 3];
    assert!(ids(&g, "british").contains(&"free-pass".to_string()));
    // Side by side, each pass says what it costs (session 41's audit).
    assert_eq!(
        info(&g, "british", "free-pass").label,
        "Pass for free: spend no Action; the opponent must take the next one (5.2)"
    );
    assert_eq!(
        info(&g, "british", "pass").label,
        "Pass: spend an Action and do nothing (6.12)"
    );
    act(&mut g, "british", "free-pass");
    let p = ids(&g, "patriot");
    assert!(!p.contains(&"free-pass".to_string()), "ruling bh #2: no free pass back");
    assert!(p.contains(&"pass".to_string()));
    act(&mut g, "patriot", "pass");
    assert_eq!(g.ap, [3, 2]);
    // Ahead on Actions: the British must act.
    assert!(!ids(&g, "british").contains(&"free-pass".to_string()));
    act(&mut g, "british", "pass");
    assert_eq!(g.to_move, P);
}

// rule: bh 5.2
#[test]
fn a_player_at_zero_only_passes_and_the_phase_ends_when_both_are_at_zero() {
    let mut g = Bh::sandbox("standard", B);
    g.ap = [0, 2];
    g.advance();
    assert_eq!(g.to_move, P);
    act(&mut g, "patriot", "pass");
    assert_eq!(g.to_move, P, "the British at zero pass again");
    act(&mut g, "patriot", "pass");
    assert_eq!(g.turn, 2, "both tracks at zero: the turn ended");
}

// rule: bh 5.2, 6.11
#[test]
fn reserve_actions_and_plan() {
    let mut g = Bh::sandbox("standard", B);
    g.ap = [3, 2];
    g.reserve = [1, 0];
    assert!(
        !ids(&g, "british").iter().any(|i| i.starts_with("reserve-")),
        "ahead and not on the last Action"
    );
    assert!(!ids(&g, "british").contains(&"plan".to_string()));
    g.ap = [1, 2];
    let b = ids(&g, "british");
    assert!(b.contains(&"reserve-naval-move".to_string()) && b.contains(&"plan".to_string()));
    act(&mut g, "british", "reserve-naval-move");
    act(&mut g, "british", "fleet-mystic");
    assert_eq!(
        (g.ap[0], g.reserve[0]),
        (1, 0),
        "a Reserve Action leaves the track alone"
    );
    act(&mut g, "patriot", "pass");
    act(&mut g, "british", "plan");
    assert_eq!((g.ap[0], g.reserve[0]), (0, 1));
    g.reserve[0] = 2;
    g.ap[0] = 1;
    g.to_move = B;
    assert!(
        !ids(&g, "british").contains(&"plan".to_string()),
        "two Reserve Actions at most"
    );
}

fn end_turn(g: &mut Bh) {
    g.ap = [0, 0];
    g.advance();
}

// rule: bh 4.3, 5.1
#[test]
fn right_ammunition_arrives_on_die_plus_turn_of_ten() {
    let mut g = Bh::sandbox("standard", B);
    g.put(Cannon, B, "moultons-hill");
    g.turn = 3;
    g.core.dice.script([5]);
    end_turn(&mut g);
    assert_eq!(g.turn, 4);
    assert!(!g.ammo_arrived, "5 + 4 = 9");
    g.core.dice.script([6]);
    end_turn(&mut g);
    assert!(g.ammo_arrived, "6 + 5 = 11");
    assert!(log(&g).contains("right ammunition arrives"));
}

// rule: bh 5.1, 9.3
#[test]
fn a_demoralized_side_gets_one_action_less() {
    let mut g = Bh::sandbox("standard", B);
    g.demoralized = [true, false];
    end_turn(&mut g);
    let c = revroad::cards::card(g.card.unwrap());
    assert_eq!(g.ap, [c.british - 1, c.patriot]);
}

// rule: bh 5.1, 4.3, 9.1, 12.1
#[test]
fn a_turn_begins_with_reinforcements_the_card_the_ammunition_then_panic() {
    // Ruling bh #21: (1) the turn's reinforcements, (2) the card and the
    // Action Tracks, (3) the ammunition roll from turn 4, (4) the panic check
    // at Patriot morale 12 or less, (5) the Actions.
    let mut g = Bh::sandbox("standard", B);
    g.turn = 4;
    g.put(Cannon, B, "moultons-hill");
    let late = g.put(Minuteman, P, "ndw-north");
    g.pieces[late as usize].loc = WAITING;
    g.pieces[late as usize].arrives = 5;
    g.morale[1] = 12;
    g.put_militia(2, "ndw-north");
    g.put(Regular, B, "rail-fence");
    g.core.dice.script([1]); // 1 + 5: still the wrong ammunition
    end_turn(&mut g);
    assert_eq!(g.turn, 5);
    let text = log(&g);
    let at = |what: &str| text.find(what).unwrap_or_else(|| panic!("{what:?} not in:\n{text}"));
    let reinforced = at("Patriot reinforcements reach the Muster Box (turn 5)");
    let card = at("Turn 5: card");
    let ammo = at("Ammo roll 1 + turn 5 = 6");
    assert!(reinforced < card && card < ammo, "{text}");
    assert_eq!(loc(&g, late), g.map().id(g.map().muster()));
    // Then the panic check, before any Action: the British pick the region.
    assert_eq!(g.phase, Phase::Panic);
    assert!(matches!(g.frames.last(), Some(Frame::Panic)));
    assert_eq!(ids(&g, "british"), vec!["ndw-north"]);
    assert!(g.ap[0] > 0 || g.ap[1] > 0, "the tracks are already set");
}

// rule: bh 5.3, 4.10, 3.3, 4.6
#[test]
fn end_turn_clears_markers_and_fire_spreads_where_the_british_choose() {
    let mut g = Bh::sandbox("standard", B);
    let r = g.put(Regular, B, "moultons-hill");
    g.pieces[r as usize].moved = true;
    g.pieces[r as usize].fired = true;
    g.ablaze = bh::state::bit(g.region("town-meeting"));
    g.core.dice.script([5]);
    end_turn(&mut g);
    assert!(!g.pieces[r as usize].moved && !g.pieces[r as usize].fired);
    assert_eq!(g.actor(), Some(B));
    let choices = ids(&g, "british");
    assert!(choices.contains(&"town-square".to_string()) && !choices.contains(&"breeds-slope-west".to_string()));
    act(&mut g, "british", "town-square");
    assert!(g.is_ablaze(g.region("town-square")));
    assert_eq!(g.turn, 2);
}

// rule: bh 5.3, 10.0
#[test]
fn last_turn_end_of_game_fire_roll_then_victory() {
    let mut g = Bh::sandbox("standard", B);
    g.turn = 10;
    g.ablaze = bh::state::bit(g.region("town-shipyard"));
    // Normal spread fails (1); the end-of-game rolls: every neighbour catches.
    g.core.dice.script([1, 6, 6, 6]);
    end_turn(&mut g);
    for id in ["town-mill", "town-meeting", "town-wharves"] {
        assert!(g.is_ablaze(g.region(id)), "{id}");
    }
    assert!(g.core.outcome.is_some());
}

// rule: bh 5.3, 12.4
#[test]
fn the_end_of_game_fire_roll_follows_the_solitaire_end_on_the_objective() {
    // Ruling bh #46: the British bot holds the Northern Defense Works after
    // an Action of turn 1: the scenario ends as after its last Action, with
    // 5.3's end-of-game roll (the rest of the turn is not played).
    let mut g = Bh::sandbox("solo-patriot", B);
    g.objective = Some(bh::setup::bot_objective(2));
    g.put(Regular, B, "ndw-north");
    g.put(Regular, B, "ndw-south");
    g.ablaze = bit(g.region("town-shipyard"));
    g.core.dice.script([6, 6, 6]);
    g.frames.push(Frame::AfterAction);
    g.advance();
    for id in ["town-mill", "town-meeting", "town-wharves"] {
        assert!(g.is_ablaze(g.region(id)), "{id}\n{}", log(&g));
    }
    assert!(g.core.outcome.is_some());
    assert_eq!((g.turn, g.ap), (1, [3, 3]), "no more of the turn");
    let all = log(&g);
    assert!(
        all.find("achieved their objectives") < all.find("End-of-game fire roll"),
        "{all}"
    );
}

// rule: bh 5.3, 9.4
#[test]
fn mutual_demoralization_ends_the_game_without_the_end_of_game_fire_roll() {
    // Ruling bh #46: 9.4 "the game immediately ends": victory at once.
    let mut g = Bh::sandbox("standard", B);
    g.ablaze = bit(g.region("town-shipyard"));
    g.demoralized[B as usize] = true;
    g.morale[P as usize] = 1;
    g.core.dice.script([6, 6, 6]);
    g.morale_down(P, 1);
    assert!(g.core.outcome.is_some());
    assert_logged(&g, "Both sides are demoralized");
    assert_eq!(g.ablaze, bit(g.region("town-shipyard")), "{}", log(&g));
    assert_eq!(g.core.dice.scripted_left(), 3, "no die rolled");
}

// rule: bh 4.0, 4.10, 4.9, 4.6
#[test]
fn view_shows_pieces_markers_tracks_and_hides_unknown_militia() {
    let mut g = Bh::sandbox("standard", B);
    let m = g.put(Militia, P, "breeds-redoubt");
    let r = g.put(Regular, B, "moultons-hill");
    g.pieces[r as usize].moved = true;
    g.ablaze = bit(g.region("town-square"));
    let v = g.view(Some(B));
    let board = revroad::testing::view_board(&g, Some(B));
    let mil = board.pieces.iter().find(|p| p.id == Some(piece(m))).unwrap();
    // Ruling bh #9: its strength is not drawn yet, so it stands on its back without one.
    assert_eq!(
        (mil.kind.as_deref(), mil.face, mil.strength),
        (Some("hidden"), engine::Face::Back, None)
    );
    let marker = |kind: &str, space: &str| board.markers.iter().any(|k| k.kind == kind && k.space == space);
    assert!(marker("ablaze", "town-square"));
    assert!(marker("moved", "moultons-hill"));
    assert!(marker("fleet", "fleet-harbor"));
    assert_eq!(v["ammo"], 24);
    assert!(v["vp"]["british"].is_number() && v["actions"]["patriot"] == 3);
    assert_eq!(
        v.to_string(),
        g.view(Some(P)).to_string(),
        "nothing is hidden from one seat only"
    );
    assert!(v.get("deck").unwrap().get("order").is_none());
    // The map for the renderer.
    let m = Bh::drawing().expect("bh has a map");
    m.check().unwrap();
    assert!(m.space("breeds-redoubt").unwrap().detail.contains("the Redoubt (3.1)"));
    assert!(m.links.len() > 80);
    assert!(Bh::provenance().iter().any(|(k, _)| k.starts_with("card 13")));
}

// rule: bh 5.1, 4.1
#[test]
fn determinized_worlds_reshuffle_the_deck_and_leave_militia_unknown() {
    use rand::SeedableRng;
    let mut g = Bh::sandbox("standard", B);
    let m = g.put(Militia, P, "neck");
    let mut orders = std::collections::HashSet::new();
    for seed in 0..8 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let w = g.determinize(B, &mut rng);
        let mut a = w.deck.draw.clone();
        let mut b = g.deck.draw.clone();
        a.sort();
        b.sort();
        assert_eq!(a, b);
        assert_eq!(w.pieces[m as usize].strength, None, "never fixed before it is drawn");
        assert_eq!(w.pool, g.pool);
        assert_eq!(w.view(Some(B)).to_string(), g.view(Some(B)).to_string());
        orders.insert(w.deck.draw.clone());
    }
    assert!(orders.len() > 1, "the draw pile order is resampled");
    g.reveal(m);
    assert!(g.pieces[m as usize].strength.is_some());
    assert_eq!(g.pool.total(), 20);
}

/// Saves name the places off the map; a save from before the names (255 a
/// piece not yet in play, 254 one destroyed) reads as it meant.
#[test]
fn saves_name_the_places_off_the_map_and_old_numbers_read_as_they_meant() {
    let g = Bh::new(&Setup::new("standard", 1));
    let mut v = serde_json::to_value(&g).unwrap();
    let i = g.pieces.iter().position(|p| p.loc == WAITING).unwrap();
    assert_eq!(v["pieces"][i]["loc"], "waiting");
    v["pieces"][i]["loc"] = 255.into();
    v["pieces"][i + 1]["loc"] = 254.into();
    let old: Bh = serde_json::from_value(v).unwrap();
    assert_eq!((old.pieces[i].loc, old.pieces[i + 1].loc), (WAITING, DESTROYED));
}
