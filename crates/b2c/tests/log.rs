//! What the log tells (issue 19): each step of a moving group with how many
//! pieces, which, from where and to where, the sides capitalised, each die
//! with what it needed, and the regions each line happened in.
mod support;
use b2c::state::*;
use engine::prelude::*;
use engine::Entry;
use revroad::testing::log_texts;
use support::*;

fn entries(g: &B2c) -> Vec<Entry> {
    g.core.log.visible(None).cloned().collect()
}

// rule: b2c 6.4
#[test]
fn a_moving_group_says_how_many_pieces_went_where() {
    let mut g = board();
    let u = regulars(&mut g, 2, "lincoln");
    let smith = g.put_named(Kind::BritishLeader, "Smith", "lincoln");
    g.core.log = engine::Log::default();
    move_group(&mut g, B, "lincoln", &[smith, u[0], u[1]]);
    act(&mut g, B, "to-fiske-hill");
    act(&mut g, B, "to-lexington");
    let log = entries(&g);
    let steps: Vec<(&str, &[String])> = log
        .iter()
        .filter(|e| e.rule == "6.4")
        .map(|e| (e.text.as_str(), e.path.as_slice()))
        .collect();
    assert_eq!(
        steps,
        [
            (
                "The British move 3 pieces (Regular ×2 and Smith) from Lincoln to Fiske Hill.",
                &[r_id("lincoln"), r_id("fiske-hill")][..]
            ),
            (
                "The British move 3 pieces (Regular ×2 and Smith) from Fiske Hill to Lexington.",
                &[r_id("fiske-hill"), r_id("lexington")][..]
            ),
        ]
    );
    assert!(log.iter().all(|e| !e.text.contains("british")), "{log:#?}");
}

// rule: b2c 7.0
#[test]
fn a_combat_roll_says_what_each_die_needed() {
    let mut g = board();
    let x = g.put(Kind::Regular, "concord");
    let m = g.put(Kind::Minuteman, "concord");
    attack(&mut g, B, "concord", &[x]);
    stand(&mut g, P, &[m]);
    g.core.log = engine::Log::default();
    g.core.dice.script([6, 1, 1]);
    act(&mut g, B, "defensive-fire");
    let log = entries(&g);
    // The attacker's choice is told first (7.0), whoever attacks.
    assert_eq!(
        log[0].text,
        "The British face Defensive Fire in Concord: the defenders fire first."
    );
    let e = log
        .iter()
        .find(|e| e.rule == "7.0" && !e.dice.is_empty())
        .expect("a combat roll");
    assert_eq!(
        e.text,
        "The Patriots roll 1 die in Concord, needs 5 or 6 to hit: 1 hit."
    );
    assert_eq!((e.dice.clone(), e.path.clone()), (vec![6], vec![r_id("concord")]));
}

fn r_id(id: &str) -> String {
    id.to_string()
}

/// The audit of rules b2c-5 (s-rally-log.json): after the owner chose the
/// unit to rally, the summary read "0 units rallied".
// rule: b2c 6.8
#[test]
fn a_rally_by_choice_counts_the_units_rallied() {
    let mut g = board();
    g.put_named(Kind::PatriotLeader, "Buttrick", "bedford-road");
    let a = g.put(Kind::Minuteman, "bedford-road");
    let b = g.put(Kind::Minuteman, "bedford-road");
    each(&mut g, &[a, b], |p| p.flipped = true);
    start(&mut g, P, "rally-bedford-road");
    pick(&mut g, P, a);
    let texts = log_texts(&g);
    assert_eq!(
        texts[texts.len() - 2..],
        [
            "Minuteman in Bedford Road is rallied.",
            "1 unit rallied in Bedford Road."
        ]
    );
}

/// The audit of rules b2c-5 (s-lex-search.json): a search's draw showed the
/// hash marks but not the Patriot modifier (8.1), so neither seat could
/// check the result; the same for a capture draw (8.2).
// rule: b2c 8.1, 8.2
#[test]
fn search_and_capture_draws_show_the_patriot_modifier() {
    let mut g = board();
    g.arms = 1 << r("lexington");
    g.put(Kind::Regular, "lexington");
    g.put_militia(1, "lexington");
    g.put(Kind::Minuteman, "lexington");
    g.put_named(Kind::SonOfLiberty, "Adams", "lexington");
    g.stack_deck(&[22, 19]); // three hash marks, then two
    start(&mut g, B, "search-lexington");
    let texts = log_texts(&g);
    assert!(texts.contains(&"Card 22 drawn: 3 hash marks, -2 for militia and minutemen present (8.1): 1.".into()));
    assert!(texts.contains(&"Card 19 drawn: 2 hash marks, -2 for militia and minutemen present (8.1): 0.".into()));
    assert!(texts.contains(&"Adams is not found: a capture needs a hash mark left after the modifier.".into()));
    // 8.2 every draw failed and the British decline to pay 1 VP for another:
    // the Patriots may move Adams next door, which the prompt says.
    act(&mut g, B, "no");
    let p = g.prompt(P);
    assert_eq!(
        (p.text.as_str(), p.rule.as_str()),
        (
            "Move Adams to a region adjacent to Lexington, or leave him there",
            "8.2"
        )
    );
}

/// A capture's lines say what the draw needed (8.2: "a number of hash marks
/// greater than zero"), whichever way it went.
// rule: b2c 8.2
#[test]
fn a_capture_draw_says_what_it_needed() {
    let mut g = board();
    g.put(Kind::Regular, "lexington");
    g.put_named(Kind::SonOfLiberty, "Adams", "lexington");
    g.stack_deck(&[2]); // one hash mark
    start(&mut g, B, "search-lexington");
    let texts = log_texts(&g);
    assert!(texts.contains(&"Card 2 drawn: 1 hash mark.".into()), "{texts:?}");
    assert!(
        texts.contains(&"Adams is captured: a hash mark is left.".into()),
        "{texts:?}"
    );
}

/// The audit of rules b2c-5 (g8.json): the Hinder Search marker barred the
/// arms search while the capture went ahead, and nothing said so.
// rule: b2c 6.11, 8.2
#[test]
fn a_hinder_search_marker_that_bars_the_arms_search_is_logged() {
    let mut g = board();
    g.arms = 1 << r("lincoln");
    g.put(Kind::Regular, "lincoln");
    let h = g.put_named(Kind::SonOfLiberty, "Hancock", "lincoln");
    g.hinder[HINDER_SEARCH as usize] = Hinder::Map(r("lincoln"), 2);
    g.stack_deck(&[2]);
    start(&mut g, B, "search-lincoln");
    assert!(g.piece(h).flipped, "the capture goes ahead");
    assert_ne!(g.arms, 0, "the arms are not searched");
    assert!(log_texts(&g).contains(&"The Hinder Search marker in Lincoln bars the search for hidden arms.".to_string()));
}

/// The audit of rules b2c-5 (s-t2-escape.json): an escaped Nightrider's
/// prompt read "Place Revere in Lexington"; 6.10 places it next door.
// rule: b2c 6.10
#[test]
fn an_escape_prompt_says_adjacent() {
    let mut g = board();
    let rv = g.put_named(Kind::Nightrider, "Revere", "lexington");
    g.pm(rv).flipped = true;
    g.core.dice.script([6]);
    let id = format!("escape-{}", pid(&g, rv));
    start(&mut g, P, &id);
    let p = g.prompt(P);
    assert_eq!(
        (p.text.as_str(), p.rule.as_str()),
        ("Place Revere in a region adjacent to Lexington", "6.10")
    );
}

/// The audit of rules b2c-5 (g1.json, turns 7-9): the British escorted the
/// captured Hancock toward Boston and no line said so, nor named him when
/// he reached Boston (4.4, 5.3).
// rule: b2c 5.3, 4.4
#[test]
fn escorts_of_captured_pieces_are_logged_by_name() {
    let mut g = board();
    let h = g.put_named(Kind::SonOfLiberty, "Hancock", "roxbury");
    g.pm(h).flipped = true;
    g.give(P, 0, 1);
    act(&mut g, P, "pass"); // the last Action: the turn ends
    act(&mut g, B, "to-boston-neck");
    act(&mut g, B, "to-boston");
    let texts = log_texts(&g);
    for line in [
        "The British escort captured Hancock from Roxbury to Boston Neck.",
        "The British escort captured Hancock from Boston Neck to Boston.",
        "Captured Hancock reaches Boston: permanently captured.",
    ] {
        assert!(texts.iter().any(|t| t == line), "{line}: {texts:#?}");
    }
    assert_eq!(g.piece(h).loc, TAKEN);
}

/// Session 46's audit: after a Charge the retreat prompt read "Choose units
/// to retreat", though the broken units must go and only leaders are chosen
/// (6.3); the assaulting side's retreat read "towards Concord as the crow
/// flies", though it must go back where the Assault came from (7.1.4).
// rule: b2c 6.3, 7.1.4
#[test]
fn retreat_prompts_say_who_must_go_and_where() {
    let mut g = board();
    g.put_named(Kind::BritishLeader, "Smith", "menotomy");
    let x = g.put(Kind::Regular, "menotomy");
    let a = g.put_militia(1, "menotomy");
    let l = g.put_named(Kind::PatriotLeader, "Baldwin", "menotomy");
    start(&mut g, B, "charge-menotomy");
    pick(&mut g, B, x);
    pick(&mut g, P, a);
    pick(&mut g, P, l);
    assert_eq!(
        g.prompt(P).text,
        "The broken units must retreat (6.3): choose up to two leaders to go with them, then done"
    );
    let mut g2 = board();
    let m = g2.put(Kind::Minuteman, "fiske-hill");
    let x = g2.put(Kind::Regular, "lincoln");
    g2.give(P, 3, 3);
    act(&mut g2, P, "assault-fiske-hill-to-lincoln");
    choose(&mut g2, P, &[m]);
    stand(&mut g2, B, &[x]);
    g2.core.dice.script([4, 1]);
    act(&mut g2, P, "defensive-fire");
    pick(&mut g2, P, m); // the British hit: broken, no Patriot dice
    pick(&mut g2, P, m); // it retreats
    act(&mut g2, P, "done");
    assert_eq!(
        g2.prompt(P).text,
        "Choose where the retreat goes: back to Fiske Hill, where the Assault came from (7.1.4)"
    );
}
