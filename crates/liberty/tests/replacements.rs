//! Replacements (6.0-6.2, 10.0, 12.0 special rules, 9.1, 5.3).

mod support;
use support::*;

use liberty::state::Frame;
use liberty::Liberty;

/// The hexes offered for the drawn block.
fn deploy_ids(g: &Liberty, seat: &str) -> Vec<String> {
    assert!(
        matches!(g.frames.last(), Some(Frame::Deploy { .. })),
        "{:?}",
        g.frames.last()
    );
    g.legal_ids(seat)
}

// rule: liberty 12.0, 6.0
#[test]
fn no_british_replacements_in_1775() {
    let mut g = position_with_pool(
        &[("b-grey", "Boston", 3), ("a-ward", "Hartford", 3)],
        &["b-percy", "a-pickens"],
    );
    g.year = 1775;
    g.begin_actions(0, 0, 2);
    assert!(!legal(&g, "british", "replace"));
    act(&mut g, "british", "end-actions");
    assert!(legal(&g, "american", "replace"));
    let mut g = position_with_pool(&[("b-grey", "Boston", 3)], &["b-percy"]);
    g.begin_actions(0, 0, 2);
    assert!(legal(&g, "british", "replace"));
}

// rule: liberty 6.0, 6.1, 6.2
#[test]
fn british_and_french_replacements_go_to_the_atlantic_at_full_strength() {
    let mut g = position_with_pool(&[("b-grey", "Boston", 3)], &["b-percy"]);
    g.begin_actions(0, 0, 1);
    act(&mut g, "british", "replace");
    assert_eq!(deploy_ids(&g, "british"), vec!["deploy-atlantic".to_string()]);
    act(&mut g, "british", "deploy-atlantic");
    assert_eq!(g.where_is("b-percy"), "the Atlantic");
    assert_eq!(
        g.strength_of("b-percy"),
        liberty::blocks::info(liberty::blocks::by_id("b-percy").unwrap()).max
    );
    let mut g = position_with_pool(&[("a-ward", "Boston", 3)], &["f-lauzun"]);
    g.french_entered = true;
    g.begin_actions(1, 1, 1);
    act(&mut g, "american", "replace");
    assert_eq!(deploy_ids(&g, "american"), vec!["deploy-atlantic".to_string()]);
}

// rule: liberty 6.2, 6.0, 9.1
#[test]
fn american_blocks_deploy_in_friendly_supply_towns_militia_only_in_red_towns() {
    let blocks = [
        ("a-ward", "Montreal", 3),
        ("b-grey", "New York", 3),
        ("a-pickens", "wi-french", 3),
    ];
    let mut g = position_with_pool(&blocks, &["a-greene"]);
    g.begin_actions(1, 1, 1);
    act(&mut g, "american", "replace");
    let ids = deploy_ids(&g, "american");
    assert!(ids.contains(&format!("deploy-{}", hex_id("Hartford"))));
    assert!(
        !ids.contains(&format!("deploy-{}", hex_id("Montreal"))),
        "a continental in a red town"
    );
    assert!(!ids.contains(&format!("deploy-{}", hex_id("New York"))), "enemy blocks");
    assert!(
        !ids.contains(&format!("deploy-{}", hex_id("Saratoga"))),
        "no supply value"
    );
    assert!(!ids.contains(&"deploy-wi-french".to_string()), "never the West Indies");
    act(&mut g, "american", &format!("deploy-{}", hex_id("Hartford")));
    assert_eq!(g.where_is("a-greene"), "Hartford");
    assert_eq!(g.strength_of("a-greene"), 4, "full strength");
    let mut g = position_with_pool(&blocks, &["a-stark"]);
    g.begin_actions(1, 1, 1);
    act(&mut g, "american", "replace");
    assert!(
        deploy_ids(&g, "american").contains(&format!("deploy-{}", hex_id("Montreal"))),
        "militia may"
    );
}

// rule: liberty 6.2
#[test]
fn at_most_one_replacement_per_hex_per_turn() {
    // ruling: liberty #18 at most one replacement deployed per hex per Game Turn.
    let mut g = position_with_pool(&[("b-grey", "Boston", 3)], &["a-stark", "a-clinton"]);
    g.begin_actions(1, 1, 2);
    act(&mut g, "american", "replace");
    act(&mut g, "american", &format!("deploy-{}", hex_id("Hartford")));
    act(&mut g, "american", "replace");
    let ids = deploy_ids(&g, "american");
    assert!(!ids.contains(&format!("deploy-{}", hex_id("Hartford"))));
    assert!(ids.contains(&format!("deploy-{}", hex_id("Springfield"))));
}

// rule: liberty 5.3, 6.2
#[test]
fn player_two_cannot_deploy_in_a_town_just_vacated_by_player_one() {
    let mut g = position_with_pool(&[("b-grey", "Boston", 3), ("b-grant", "1606", 3)], &["a-ward"]);
    g.begin_actions(0, 0, 1);
    act(&mut g, "british", "group-1607");
    act(&mut g, "british", "pick-b-grey");
    act(&mut g, "british", &format!("step-{}", hex_id("Springfield")));
    assert!(g.waits_for("american"));
    act(&mut g, "american", "replace");
    let ids = deploy_ids(&g, "american");
    assert!(
        !ids.contains(&format!("deploy-{}", hex_id("Boston"))),
        "still British until the turn ends"
    );
    assert!(
        !ids.contains(&format!("deploy-{}", hex_id("Springfield"))),
        "enemy blocks: a battle hex"
    );
    assert!(ids.contains(&format!("deploy-{}", hex_id("Hartford"))));
}

// rule: liberty 6.1, 9.1
#[test]
fn loyalists_deploy_in_friendly_supply_towns_but_not_the_west_indies() {
    let mut g = position_with_pool(&[("b-grey", "Boston", 3), ("a-ward", "Québec", 3)], &["b-peters"]);
    g.begin_actions(0, 0, 1);
    act(&mut g, "british", "replace");
    let ids = deploy_ids(&g, "british");
    assert!(
        ids.contains(&format!("deploy-{}", hex_id("Boston"))),
        "a blue town the British hold"
    );
    assert!(ids.contains(&format!("deploy-{}", hex_id("Montreal"))));
    assert!(!ids.contains(&format!("deploy-{}", hex_id("Québec"))), "enemy blocks");
    assert!(
        !ids.contains(&format!("deploy-{}", hex_id("Fort Oswego"))),
        "no supply value"
    );
    assert!(!ids.contains(&"deploy-wi-british".to_string()));
    assert!(!ids.contains(&"deploy-atlantic".to_string()));
}

// rule: liberty 6.1, 10.0
#[test]
fn indians_deploy_in_their_own_town_or_else_a_neutral_adjacent_wilderness_hex() {
    // ruling: liberty #18 10.0's fallback; an undeployable block returns to the pool.
    let mut g = position_with_pool(&[("b-grey", "Boston", 3)], &["b-mohawk"]);
    g.begin_actions(0, 0, 1);
    act(&mut g, "british", "replace");
    assert_eq!(deploy_ids(&g, "british"), vec![format!("deploy-{}", hex_id("Mohawk"))]);
    let mut g = position_with_pool(&[("b-grey", "Boston", 3), ("a-ward", "Mohawk", 3)], &["b-mohawk"]);
    g.begin_actions(0, 0, 1);
    act(&mut g, "british", "replace");
    let ids = deploy_ids(&g, "british");
    assert!(
        ids.contains(&"deploy-1304".to_string()) && ids.contains(&"deploy-1205".to_string()),
        "{ids:?}"
    );
    assert!(!ids.contains(&"deploy-1306".to_string()), "not wilderness");
    assert!(
        !ids.contains(&format!("deploy-{}", hex_id("Fort Stanwix"))),
        "a town is not neutral"
    );
    let mut g = position_with_pool(
        &[
            ("b-grey", "Boston", 3),
            ("a-ward", "Mohawk", 3),
            ("a-pickens", "1304", 3),
            ("a-stark", "1205", 3),
        ],
        &["b-mohawk"],
    );
    g.begin_actions(0, 0, 2);
    act(&mut g, "british", "replace");
    assert_eq!(g.where_is("b-mohawk"), "pool");
    assert_eq!(g.strength_of("b-mohawk"), 0);
    assert!(matches!(g.frames.last(), Some(Frame::Actions { left: 1, .. })));
}

/// The Actions prompt names only what is offered: no replacement in 1775
/// for the British.
// rule: liberty 3.1, 6.0
#[test]
fn the_actions_prompt_names_only_the_actions_offered() {
    use engine::Procedure;
    let prompt = |g: &liberty::Liberty, seat| g.prompt(seat).text;
    let mut g = position_with_pool(
        &[("b-grey", "Boston", 3), ("a-ward", "Hartford", 3)],
        &["b-percy", "a-pickens"],
    );
    g.year = 1775;
    g.begin_actions(0, 0, 1);
    assert_eq!(prompt(&g, 0), "1 Action left: move a group or end your actions.");
    act(&mut g, "british", "end-actions");
    assert_eq!(
        prompt(&g, 1),
        "1 Action left: move a group, draw a replacement, or end your actions."
    );
    let mut g = position_with_pool(&[("b-grey", "Boston", 3)], &["b-percy"]);
    g.begin_actions(0, 0, 2);
    assert_eq!(
        prompt(&g, 0),
        "2 Actions left: move a group, draw a replacement, or end your actions."
    );
}
