//! What the log tells (issue 19): each step of a moving group with how many
//! pieces, which, from where and to where, the sides capitalised, each die
//! with what it needed, and the regions each line happened in.
mod support;
use b2c::state::*;
use engine::Entry;
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
    let e = log.iter().find(|e| e.rule == "7.0").expect("a combat roll");
    assert_eq!(
        e.text,
        "The Patriots roll 1 dice in Concord, needs 5 or 6 to hit: 1 hit."
    );
    assert_eq!((e.dice.clone(), e.path.clone()), (vec![6], vec![r_id("concord")]));
}

fn r_id(id: &str) -> String {
    id.to_string()
}
