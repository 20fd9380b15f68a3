//! 13.0 victory, 4.7 hidden arms VP, 14.5 variants, 12.0 Percy's failure, 15.2 solitaire victory.
mod support;
use b2c::state::*;
use b2c::B2c;
use engine::prelude::*;
use support::*;

fn end(g: &mut B2c) {
    g.turn = 12;
    g.give(B, 1, 0);
    act(g, B, "pass");
    assert!(g.outcome().is_some());
}

// rule: b2c 13.0, 11.0
#[test]
fn no_regular_in_concord_is_an_automatic_patriot_victory() {
    let mut g = board();
    g.put(Kind::Regular, "lincoln");
    g.vp = [100, 0];
    end(&mut g);
    assert_eq!(g.outcome().unwrap().winner, Some(P));
    assert_eq!(g.outcome().unwrap().rule, "11.0");
}

// rule: b2c 13.0, 4.7, 12.0
#[test]
fn victory_points_at_the_end_and_ties_to_the_british() {
    let mut g = board();
    g.concord_entered = true;
    g.put(Kind::Regular, "concord");
    // ha5 unsearched (5) and one plain marker (1); Percy never made it (5): 11 Patriot VP.
    g.arms = (1 << r("barretts-farm")) | (1 << r("waltham"));
    g.vp = [22, 0];
    end(&mut g);
    assert_eq!(g.vp, [22, 22]);
    assert_eq!(g.outcome().unwrap().winner, Some(B), "a tie goes to the British");
    // Casualties and captures (vp.tsv): a destroyed Regular is 2 VP, a captured Son of Liberty 3.
    let mut g = board();
    g.concord_entered = true;
    g.percy_award = true;
    let x = g.put(Kind::Regular, "concord");
    let y = g.put(Kind::Regular, "concord");
    g.pm(y).loc = DESTROYED;
    let h = g.put_named(Kind::SonOfLiberty, "Hancock", "boston-neck");
    g.pm(h).loc = TAKEN;
    end(&mut g);
    assert!(g.piece(x).on_map());
    assert_eq!(g.vp, [6, 4]);
    assert_eq!(g.outcome().unwrap().winner, Some(B));
}

// rule: b2c 14.0, 14.5
#[test]
fn hidden_arms_balance_options() {
    let score = |opt: &str| {
        let mut g = B2c::sandbox("standard", &[("hidden-arms", opt)], 1);
        g.concord_entered = true;
        g.percy_award = true;
        g.put(Kind::Regular, "concord");
        g.arms = (1 << r("waltham")) | (1 << r("medford")) | (1 << r("lincoln"));
        end(&mut g);
        g.vp[1] / 2
    };
    // Lincoln's ha4 always counts; the two plain markers vary.
    assert_eq!(score("standard"), 6);
    assert_eq!(score("none"), 4);
    let any = score("any-hash");
    assert!((4..=6).contains(&any));
    let count = score("hash-count");
    assert!((4..=10).contains(&count));
}

// rule: b2c 15.2
#[test]
fn solitaire_victory_with_attrition() {
    let mut g = B2c::sandbox("solo-patriot", &[], 1);
    g.concord_entered = true;
    // Everything British in Lexington with no Patriots there: 4 + 2 VP.
    for _ in 0..4 {
        g.put(Kind::Regular, "lexington");
    }
    let b = g.put(Kind::Regular, "lexington");
    g.pm(b).flipped = true;
    let dead = g.put(Kind::Regular, "lexington");
    g.pm(dead).loc = DESTROYED;
    let pm = g.put(Kind::Minuteman, "lincoln");
    g.pm(pm).flipped = true;
    // Attrition: the broken Regular survives on 5, the broken minuteman disbands on 5.
    g.core.dice.script([5, 5]);
    end(&mut g);
    assert_eq!(g.piece(b).loc, r("lexington"));
    assert_eq!(g.piece(pm).loc, DESTROYED);
    // British: 8 (Lexington, empty of Patriots) + 4 (consolidated) + 2 (a destroyed minuteman) = 14 halves;
    // Patriots: 2 (destroyed Regular) + 1 (broken Regular) = 3 halves; casualties 2.5 <= 6.
    assert_eq!(g.vp, [14, 3]);
    assert_eq!(g.outcome().unwrap().winner, Some(B));
}

// rule: b2c 15.2
#[test]
fn solitaire_reinforcements_on_a_hash_card() {
    let mut g = B2c::sandbox("solo-british", &[], 1);
    g.put(Kind::Regular, "boston");
    let before = g.pieces.len();
    let c = *g.deck.draw.iter().find(|&&n| revroad::cards::card(n).hash > 0).unwrap();
    g.stack_deck(&[c]);
    g.core.dice.script([2]);
    g.start_turn();
    assert_eq!(g.pieces.len(), before + 1);
    let p = (g.pieces.len() - 1) as u8;
    assert!(g.piece(p).hidden);
    assert_eq!(at(&g, p), "lincoln", "a 2 places it in Lincoln");
}

// rule: b2c 15.2
#[test]
fn solitaire_british_rules() {
    // No force march; Percy may land on turn 8; the hinder marker goes between the British and Lexington.
    let mut g = B2c::sandbox("solo-patriot", &[("bot", "seat")], 1);
    g.turn = 8;
    let u: Vec<u8> = (0..2).map(|_| g.put(Kind::Regular, "boston")).collect();
    start(&mut g, B, "move-boston");
    pick(&mut g, B, u[0]);
    act(&mut g, B, "done");
    assert!(can(&g, B, "land-prospect-hill"));
    act(&mut g, B, "to-boston-neck");
    act(&mut g, B, "to-roxbury");
    assert!(!can(&g, B, "to-brookline"), "no force march (15.2)");
    act(&mut g, B, "done");
    act(&mut g, B, "done");
    assert!(can(&g, P, "hinder-movement-brookline"));
    assert!(!can(&g, P, "hinder-movement-concord"));
}

// rule: b2c 15.2, 6.11
#[test]
fn solitaire_hinder_search_also_goes_between_the_british_and_lexington() {
    let place = |scenario: &str| {
        let mut g = B2c::sandbox(scenario, &[("bot", "seat")], 1);
        g.put(Kind::Regular, "concord");
        g.arms = (1 << r("meriams-corner")) | (1 << r("sudbury-road"));
        g.give(P, 3, 3);
        (
            can(&g, P, "hinder-search-meriams-corner"),
            can(&g, P, "hinder-search-sudbury-road"),
        )
    };
    assert_eq!(place("solo-patriot"), (true, false));
    assert_eq!(place("standard"), (true, true));
}
