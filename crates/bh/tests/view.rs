//! The facts panel of the view (issue 19): the rulebook's words, the same
//! for every seat (Bunker Hill holds no private cards).
mod support;
use bh::state::{Phase, BRITISH, PATRIOT};
use bh::Bh;

use revroad::testing::facts;

// rule: bh 2.0, 4.3, 5.1, 5.2, 8.0, 9.0, 9.2, 10.0
#[test]
fn the_facts_read_as_the_rulebook_says_them() {
    let mut g = Bh::sandbox("standard", PATRIOT);
    g.turn = 4;
    g.card = Some(5);
    g.ap = [2, 1];
    g.reserve = [0, 1];
    g.ammo = 11;
    g.morale = [20, 0];
    g.demoralized = [false, true];
    g.ammo_arrived = true;
    let expected = vec![
        "Scenario: Bunker Hill (two players, 10 turns) (12.1)".to_string(),
        "Game Turn: Turn 4 of 10 (2.0)".into(),
        "Turn segment: Perform Actions (5.2)".into(),
        "To act: Patriot (5.2)".into(),
        "Turn card: Card 5: British 3 Actions, Patriot 5 Actions (5.1)".into(),
        "Actions left: British 2, Patriot 1 (5.1)".into(),
        "Reserve Actions: British 0, Patriot 1 (5.2)".into(),
        // The Patriot demoralization costs its VP (the Player Aid).
        "Victory Points: British 0, Patriot -1 (10.0)".into(),
        "Patriot ammunition: 11 on the Ammo Track (8.0)".into(),
        "Morale: British 20, Patriot 0 (9.0)".into(),
        "Demoralized: Patriot (9.2)".into(),
        "British cannon ammunition: the right ammunition has arrived (4.3)".into(),
        "Naval Fleet: Boston Harbor fleet box (4.5)".into(),
        "Card deck: 10 in the draw pile, 0 in the discard pile (2.0)".into(),
    ];
    assert_eq!(facts(&g, Some(BRITISH)), expected);
    // Bunker Hill has no hand: both seats and a spectator read the same lines.
    assert_eq!(facts(&g, Some(PATRIOT)), expected);
    assert_eq!(facts(&g, None), expected);
}

// rule: bh 12.1, 12.3, 6.1
#[test]
fn a_new_game_names_its_scenario_bot_and_reinforcements() {
    let g: Bh = revroad::testing::new_game("standard", 3, &[]);
    let f = facts(&g, None);
    assert!(f.contains(&"Turn segment: Set-up (12.1)".to_string()), "{f:?}");
    assert!(f.iter().all(|l| !l.starts_with("Action:")), "{f:?}");
    assert!(
        f.contains(
            &"Reinforcements: Turn 2: 3 Patriot units; Turn 3: 9 British units; Turn 3: 3 Patriot units; \
              Turn 4: 3 Patriot units; Turn 5: 6 Patriot units; Turn 6: 7 British units (12.1)"
                .to_string()
        ),
        "{f:?}"
    );
    let g: Bh = revroad::testing::new_game("solo-british", 3, &[("bot", "sheet")]);
    let f = facts(&g, None);
    assert!(
        f.contains(&"Bot: the Patriot side plays by its bot sheet (12.3)".to_string()),
        "{f:?}"
    );
    assert!(
        f.contains(&"Action: Choose the British Objective (12.3)".to_string()),
        "{f:?}"
    );
    // A Volley Fire under way is named.
    let mut g = Bh::sandbox("standard", PATRIOT);
    g.frames.push(bh::state::Frame::Volley {
        from: None,
        target: None,
        chosen: Vec::new(),
    });
    assert_eq!(g.phase, Phase::Actions);
    assert!(facts(&g, None).contains(&"Action: Volley Fire (6.1)".to_string()));
}
