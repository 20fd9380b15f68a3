//! Audit of the Liberty rules against `shared/rulebooks/liberty.txt`: each
//! test here demonstrates a place where the code does not do what the
//! rulebook (or a recorded ruling) says, and fails on the current code.

mod support;

use liberty::Liberty;
use support::*;

/// Play the battle on, firing and taking hits with the first block offered,
/// retreating the British warship when it is offered a retreat and any block
/// that may do nothing but retreat, until the battle is over.
fn play_out(g: &mut Liberty) {
    let mut guard = 0;
    while in_battle(g) {
        guard += 1;
        assert!(guard < 200, "the battle does not end");
        let (seat, legal) = waiting(g);
        let pick = legal
            .iter()
            .find(|i| i.starts_with("fire-") || i.starts_with("hit-") || i.starts_with("hold-"))
            .or_else(|| legal.iter().find(|i| i.starts_with("retreat-")))
            .or_else(|| legal.iter().find(|i| *i == "regroup-done"))
            .cloned()
            .unwrap_or_else(|| panic!("{seat}: nothing to do in {legal:?}"));
        act(g, seat, &pick);
    }
}

// Rulebook 8.2: "Warships can capture and hold a vacant enemy town, but must
// retreat from ground blocks after three rounds of combat. This means that an
// attacking ground block displaces a warship even if it does not eliminate the
// ship in combat." docs/rulings.md (Liberty, further decisions, "Pursuit option
// + #14"): "With the pursuit option, warships alone facing ground blocks fight
// round 4 like everyone else, then retreat."
// With the pursuit option on, the code instead obliges the attacking ground
// block to retreat in round 4 (battle.rs `must_retreat`), so the warship keeps
// the town: the attacking ground block never displaces it.
#[test]
fn pursuit_option_warship_alone_still_yields_to_the_attacking_ground_block() {
    let mut g = position(&[("b-ship-hood", "Charleston", 3)]);
    g.put("a-sumter", "Charleston", 2);
    g.entered("a-sumter", "0617");
    g.player1 = AMERICAN;
    g.opts.pursuit = true;
    g.core.dice.script([6; 40]);
    g.begin_battles();
    play_out(&mut g);
    assert_eq!(
        g.where_is("a-sumter"),
        "Charleston",
        "the attacking ground block should displace the lone warship; log:\n{}",
        log_text(&g, None)
    );
    assert_ne!(g.where_is("b-ship-hood"), "Charleston");
}
