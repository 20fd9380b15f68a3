//! Cards (3.0-3.3), the Card Phase and Player 1, Supply cards, and the
//! weather roll (4.0).

mod support;
use support::*;

use engine::prelude::*;
use liberty::cards::{full_deck, Card};
use liberty::state::{Frame, Weather};
use liberty::Liberty;

/// A 1776 Card Phase with these hands; `weather` is the die Player 2 rolls.
fn card_phase(british: &[Card], american: &[Card], blocks: &[(&str, &str, u8)], weather: u8) -> Liberty {
    let mut g = Liberty::sandbox(5);
    for (id, at, s) in blocks {
        g.put(id, at, *s);
    }
    g.recompute_control();
    g.hands = [british.to_vec(), american.to_vec()];
    g.core.dice.script([weather]);
    g.advance();
    assert!(matches!(g.frames.last(), Some(Frame::CardPlay)));
    g
}

fn play(g: &mut Liberty, british: Card, american: Card) {
    act(g, "british", &format!("card-{}", british.key()));
    assert!(!g.waits_for("british") && g.waits_for("american"));
    act(g, "american", &format!("card-{}", american.key()));
}

fn actions_of(g: &Liberty) -> Option<(u8, u8)> {
    match g.frames.last() {
        Some(Frame::Actions { seat, left, .. }) => Some((*seat, *left)),
        _ => None,
    }
}

// rule: liberty 3.0, 12.0
#[test]
fn the_deck_has_25_cards_and_each_year_deals_five_three_in_1775() {
    let d = full_deck();
    let n = |c: Card| d.iter().filter(|x| **x == c).count();
    assert_eq!(d.len(), 25);
    assert_eq!((n(Card::A1), n(Card::A2), n(Card::A3)), (6, 8, 6));
    assert_eq!(d.iter().filter(|c| c.is_supply()).count(), 5);
    assert!(d
        .iter()
        .filter(|c| c.is_supply())
        .all(|c| matches!(c.supply_steps(), 2 | 3) && c.actions() == 0));
    let mut g = Liberty::sandbox(3);
    g.deal();
    assert_eq!((g.hands[0].len(), g.hands[1].len(), g.turns_in_year), (5, 5, 5));
    g.year = 1775;
    g.deal();
    assert_eq!((g.hands[0].len(), g.hands[1].len(), g.turns_in_year), (3, 3, 3));
    assert_eq!(g.deck.len(), 19);
}

// rule: liberty 3.1, 4.0
#[test]
fn the_highest_action_card_is_player_1_and_ties_go_to_the_british() {
    // American A3 beats British A2: the Americans act first, with 3 Actions.
    let mut g = card_phase(&[Card::A2], &[Card::A3], &[], 6);
    play(&mut g, Card::A2, Card::A3);
    assert_eq!(g.player1, 1);
    assert_eq!(g.weather, Weather::Fair);
    assert_eq!(actions_of(&g), Some((1, 3)));
    act(&mut g, "american", "end-actions");
    assert_eq!(actions_of(&g), Some((0, 2)));
    // A tie goes to the British.
    let mut g = card_phase(&[Card::A2], &[Card::A2], &[], 6);
    play(&mut g, Card::A2, Card::A2);
    assert_eq!(g.player1, 0);
    assert_eq!(actions_of(&g), Some((0, 2)));
}

// rule: liberty 3.1
#[test]
fn british_initiative_option_lets_the_british_choose_on_equal_cards() {
    let mut g = card_phase(&[Card::A1], &[Card::A1], &[], 6);
    g.opts.british_initiative = true;
    play(&mut g, Card::A1, Card::A1);
    assert!(g.waits_for("british") && !g.waits_for("american"));
    assert!(legal(&g, "british", "go-first") && legal(&g, "british", "go-second"));
    act(&mut g, "british", "go-second");
    assert_eq!(g.player1, 1);
    assert_eq!(actions_of(&g), Some((1, 1)));
    // Unequal cards: no choice.
    let mut g = card_phase(&[Card::A1], &[Card::A2], &[], 6);
    g.opts.british_initiative = true;
    play(&mut g, Card::A1, Card::A2);
    assert_eq!(g.player1, 1);
    assert_eq!(actions_of(&g), Some((1, 2)));
}

// rule: liberty 4.0
#[test]
fn player_two_rolls_for_weather_one_north_two_south() {
    for (die, w) in [
        (1, Weather::North),
        (2, Weather::South),
        (3, Weather::Fair),
        (6, Weather::Fair),
    ] {
        let mut g = card_phase(&[Card::A3], &[Card::A1], &[], die);
        play(&mut g, Card::A3, Card::A1);
        assert_eq!(g.weather, w, "die {die}");
        assert_eq!(g.core.dice.scripted_left(), 0);
    }
}

// rule: liberty 3.3, 3.1
#[test]
fn a_supply_card_makes_its_player_player_1_resolved_first_without_actions() {
    // ruling: liberty #1 a Supply card gives no Actions; Player 2 then acts normally.
    let blocks = [
        ("b-grey", "Boston", 2),
        ("a-ward", "Hartford", 2),
        ("a-pickens", "Hartford", 1),
    ];
    let mut g = card_phase(&[Card::A1], &[Card::S2], &blocks, 6);
    play(&mut g, Card::A1, Card::S2);
    assert_eq!(g.player1, 1);
    assert!(matches!(g.frames.last(), Some(Frame::Supply { seat: 1, left: 2, .. })));
    // One step per block.
    act(&mut g, "american", "supply-a-ward");
    assert!(!legal(&g, "american", "supply-a-ward"));
    act(&mut g, "american", "supply-a-pickens");
    assert_eq!((g.strength_of("a-ward"), g.strength_of("a-pickens")), (3, 2));
    // The Supply player has no Actions: the British act next.
    assert_eq!(actions_of(&g), Some((0, 1)));
}

// rule: liberty 3.3
#[test]
fn both_supply_cards_the_british_are_player_1_and_allocate_first() {
    let blocks = [("b-grey", "Boston", 2), ("a-ward", "Hartford", 2)];
    let mut g = card_phase(&[Card::S3], &[Card::S2], &blocks, 6);
    play(&mut g, Card::S3, Card::S2);
    assert_eq!(g.player1, 0);
    assert!(g.waits_for("british") && !g.waits_for("american"));
    act(&mut g, "british", "supply-b-grey");
    // Nothing else British can take a step: on to the American Supply card.
    assert!(matches!(g.frames.last(), Some(Frame::Supply { seat: 1, .. })));
    act(&mut g, "american", "supply-a-ward");
    // The year goes on: no Actions for either; the turn ends.
    assert_eq!(g.turn, 2);
    assert!(matches!(g.frames.last(), Some(Frame::CardPlay)));
}

// rule: liberty 3.3, 9.1, 10.0
#[test]
fn who_may_take_supply_steps() {
    // ruling: liberty #2 supply towns its side controls, the Atlantic, the West
    // Indies, Indians in their own town; French only after entry (ruling #19).
    let blocks = [
        ("b-grey", "Boston", 2),
        ("b-grant", "Boston", 4),
        ("b-percy", "atlantic", 2),
        ("b-rawdon", "wi-british", 3),
        ("b-ship-howe", "Québec", 2),
        ("b-peters", "Fort Oswego", 2),
        ("b-ferguson", "1606", 2),
        ("b-mohawk", "Mohawk", 1),
        ("b-cherokee", "0313", 1),
        ("b-cunningham", "Springfield", 1),
        ("a-ward", "Springfield", 2),
        ("f-stsimon", "wi-french", 2),
    ];
    let mut g = card_phase(&[Card::S3], &[Card::A1], &blocks, 6);
    play(&mut g, Card::S3, Card::A1);
    let ids = g.legal_ids("british");
    for yes in ["b-grey", "b-percy", "b-rawdon", "b-ship-howe", "b-mohawk"] {
        assert!(ids.contains(&format!("supply-{yes}")), "{yes}: {ids:?}");
    }
    for no in [
        "b-grant",      // at full strength
        "b-peters",     // Fort Oswego is no Supply Town
        "b-ferguson",   // no town at all
        "b-cherokee",   // an Indian away from its town
        "b-cunningham", // in a battle hex, an American town
    ] {
        assert!(!ids.contains(&format!("supply-{no}")), "{no}: {ids:?}");
    }
    act(&mut g, "british", "supply-done");
    // French blocks only after French Entry.
    let mut g = card_phase(&[Card::A1], &[Card::S2], &blocks, 6);
    play(&mut g, Card::A1, Card::S2);
    assert!(!legal(&g, "american", "supply-f-stsimon"));
    assert!(legal(&g, "american", "supply-a-ward"));
    let mut g = card_phase(&[Card::A1], &[Card::S2], &blocks, 6);
    g.french_entered = true;
    play(&mut g, Card::A1, Card::S2);
    assert!(legal(&g, "american", "supply-f-stsimon"));
}

// rule: liberty 3.3, 10.0
#[test]
fn an_indian_in_a_friendly_supply_town_takes_a_step_as_well_as_at_home() {
    // 3.3: steps go to "friendly blocks located in Supply Towns"; "Supply
    // cards may also be used on Indians in their own town hex". The Mohawk in
    // Montreal (a red Supply Town, wilderness) is such a block (before, an
    // Indian took steps only at home).
    let blocks = [
        ("b-mohawk", "Montreal", 1),
        ("b-cherokee", "0313", 1),
        ("b-shawnee", "Shawnee", 1),
    ];
    let mut g = card_phase(&[Card::S3], &[Card::A1], &blocks, 6);
    play(&mut g, Card::S3, Card::A1);
    assert!(legal(&g, "british", "supply-b-mohawk"));
    assert!(legal(&g, "british", "supply-b-shawnee"), "at home, a town of value 0");
    assert!(!legal(&g, "british", "supply-b-cherokee"), "no town at all");
}

// rule: liberty 3.2
#[test]
fn moves_come_before_replacements() {
    let mut g = Liberty::sandbox(9);
    g.put("a-ward", "Hartford", 3);
    g.put("a-pickens", "Boston", 3);
    g.recompute_control();
    g.begin_actions(1, 1, 3);
    assert!(legal(&g, "american", "group-1507") && legal(&g, "american", "replace"));
    act(&mut g, "american", "group-1507");
    act(&mut g, "american", "pick-a-ward");
    act(&mut g, "american", "step-1506");
    act(&mut g, "american", "stop");
    act(&mut g, "american", "replace");
    if let Some(Frame::Deploy { .. }) = g.frames.last() {
        let first = g.legal_ids("american")[0].clone();
        act(&mut g, "american", &first);
    }
    assert!(g.waits_for("american"));
    assert!(!legal(&g, "american", "group-1607"), "no move after a replacement");
    assert!(legal(&g, "american", "replace"));
}

/// No further Group Move nor Replacement is open to `seat`.
fn no_action_left(g: &Liberty, seat: &str) -> bool {
    !ids(g, seat).iter().any(|i| i == "replace" || i.starts_with("group-"))
}

/// Whatever the drawn block's deployment asks, the first hex offered.
fn deploy_first(g: &mut Liberty, seat: &str) {
    if let Some(Frame::Deploy { .. }) = g.frames.last() {
        let first = g.legal_ids(seat)[0].clone();
        act(g, seat, &first);
    }
}

/// Ends the group's move where it stands, if it has not ended by itself.
fn halt(g: &mut Liberty) {
    if legal(g, "american", "stop") {
        act(g, "american", "stop");
    }
    end_group(g, "american");
}

fn american_position() -> Liberty {
    let mut g = position_with_pool(
        &[
            ("b-grey", "New York", 3),
            ("a-ward", "Hartford", 3),
            ("a-pickens", "Boston", 3),
        ],
        &["a-stark", "a-clinton"],
    );
    g.begin_actions(1, 1, 2);
    g
}

/// 3.1: "playing an Action 2 card allows two Group Moves, or two
/// Replacements, or one of each."
// rule: liberty 3.1, 3.2
#[test]
fn the_action_card_example_an_action_2_card_is_two_moves_two_replacements_or_one_of_each() {
    // Two Group Moves.
    let mut g = american_position();
    act(&mut g, "american", &group("Hartford"));
    act(&mut g, "american", "pick-a-ward");
    act(&mut g, "american", "step-1506");
    halt(&mut g);
    assert!(legal(&g, "american", "replace"), "a second Action is left");
    act(&mut g, "american", &group("Boston"));
    act(&mut g, "american", "pick-a-pickens");
    act(&mut g, "american", "step-1606");
    halt(&mut g);
    assert!(no_action_left(&g, "american"), "{:?}", ids(&g, "american"));
    // Two Replacements.
    let mut g = american_position();
    act(&mut g, "american", "replace");
    deploy_first(&mut g, "american");
    act(&mut g, "american", "replace");
    deploy_first(&mut g, "american");
    assert!(no_action_left(&g, "american"), "{:?}", ids(&g, "american"));
    // One of each (3.2: the move first).
    let mut g = american_position();
    act(&mut g, "american", &group("Hartford"));
    act(&mut g, "american", "pick-a-ward");
    act(&mut g, "american", "step-1506");
    halt(&mut g);
    act(&mut g, "american", "replace");
    deploy_first(&mut g, "american");
    assert!(no_action_left(&g, "american"), "{:?}", ids(&g, "american"));
}

// rule: liberty 3.3, 3.1, 7.1
#[test]
fn the_supply_card_player_is_player_1_for_the_battle_order_and_no_initiative_choice() {
    // 3.3 Note: "The Player who plays a Supply card is Player 1 for rule
    // purposes": the British attack twice with their Action 3, and the
    // Americans, who played the Supply card, order the battles (7.1).
    let blocks = [
        ("b-grey", "Springfield", 3),
        ("b-grant", "Newport", 3),
        ("a-ward", "Hartford", 1),
        ("a-stark", "Boston", 2),
    ];
    let mut g = card_phase(&[Card::A3], &[Card::S2], &blocks, 6);
    g.opts.british_initiative = true;
    play(&mut g, Card::A3, Card::S2);
    assert_eq!(g.player1, 1);
    act(&mut g, "american", "supply-a-ward");
    act(&mut g, "american", "supply-done");
    assert_eq!(actions_of(&g), Some((0, 3)), "Player 2 acts after the supply");
    for (from, to, b) in [("Springfield", "Hartford", "b-grey"), ("Newport", "Boston", "b-grant")] {
        act(&mut g, "british", &group(from));
        act(&mut g, "british", &format!("pick-{b}"));
        act(&mut g, "british", &format!("step-{}", hex_id(to)));
        end_group(&mut g, "british");
    }
    act(&mut g, "british", "end-actions");
    assert!(matches!(g.frames.last(), Some(Frame::BattleOrder { .. })));
    assert!(g.waits_for("american") && !g.waits_for("british"));
    assert!(legal(&g, "american", &format!("battle-{}", hex_id("Boston"))));

    // The British Initiative Option is for equal Action cards only: two
    // Supply cards make the British Player 1 with no choice (3.3).
    let mut g = card_phase(&[Card::S2], &[Card::S2], &blocks, 6);
    g.opts.british_initiative = true;
    play(&mut g, Card::S2, Card::S2);
    assert_eq!(g.player1, 0);
    assert!(!legal(&g, "british", "go-first") && !legal(&g, "british", "go-second"));
    assert!(matches!(g.frames.last(), Some(Frame::Supply { seat: 0, .. })));
}

// rule: liberty 3.3, 2.0
#[test]
fn a_supply_card_no_block_can_use_says_so() {
    // Every American block at full strength: the card closes at once. Its
    // owner reads why; the British read the line they read when the
    // American adds no step by choice (whether one could is hidden, 2.0).
    let blocks = [("b-grey", "Boston", 2), ("a-ward", "Hartford", 3)];
    let mut g = card_phase(&[Card::A1], &[Card::S3], &blocks, 6);
    play(&mut g, Card::A1, Card::S3);
    assert_eq!(actions_of(&g), Some((0, 1)));
    let own = log_text(&g, Some(AMERICAN));
    assert!(
        own.contains("[3.3] Your Supply card adds no step: no block of yours can take one"),
        "{own}"
    );
    let theirs = log_text(&g, Some(BRITISH));
    assert!(
        theirs.contains("[3.3] American's Supply card adds no step."),
        "{theirs}"
    );
    assert!(!theirs.contains("Your Supply card"), "{theirs}");
    // By choice: the same line for the British.
    let blocks = [("b-grey", "Boston", 2), ("a-ward", "Hartford", 2)];
    let mut g = card_phase(&[Card::A1], &[Card::S3], &blocks, 6);
    play(&mut g, Card::A1, Card::S3);
    act(&mut g, "american", "supply-done");
    assert!(log_text(&g, Some(AMERICAN)).contains("[3.3] You add no supply step."));
    let theirs = log_text(&g, Some(BRITISH));
    assert!(
        theirs.contains("[3.3] American's Supply card adds no step."),
        "{theirs}"
    );
}
