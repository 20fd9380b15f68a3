//! 16.0 Negotiations: where, with whom, the pounds, the counter and the
//! table's results.

mod common;

use common::*;
use engine::prelude::*;
use fiw::actions::Action;
use fiw::frames::Frame;
use fiw::map::Colony;
use fiw::state::{Fiw, Place, Status};

/// Negotiations in a place, with its village or not, by `leader`.
fn negotiation(at: &str, village: bool, leader: u8) -> Action {
    Action::Negotiate {
        sq: sq(at),
        village,
        leader,
    }
}

#[test]
fn a_leader_in_a_passive_colony_s_capital_activates_it() {
    // rule: fiw 16.0, 16.1, 5.24, 4.2, 9.22, 17.3, 27.3
    // ruling: fiw #62
    // 17.3 his diplomatic rating and 9.22 the pounds added count toward
    // the differential; the pounds leave the treasury.
    let (mut g, [l]) = british_negotiations([("dinwiddie", "williamsburg")]);
    assert_eq!(g.status(Colony::Virginia), Status::Passive);
    let pounds = g.treasury[BRITISH as usize];
    act(&mut g, BRITISH, negotiation("williamsburg", false, l));
    // Up to his diplomacy (2).
    let v = legal(&g, BRITISH);
    assert!(v.contains(&Action::Spend(2)) && !v.contains(&Action::Spend(3)));
    // Diplomacy 2 + 2 pounds + 1 for the mildly favourable index = +5;
    // the capital row 4 at +5 is S.
    g.core.dice.script([4]);
    act(&mut g, BRITISH, Action::Spend(2));
    assert_eq!(g.treasury[BRITISH as usize], pounds - 2);
    assert!(logged(&g, "differential +5, roll 4"), "no counter was possible");
    assert_eq!(g.status(Colony::Virginia), Status::Active);
    // The leader is designated openly (ruling fiw #62): the French, with
    // nothing in Williamsburg, read who negotiated.
    assert!(g.log().visible(Some(FRENCH)).any(|e| e
        .text
        .starts_with("Robert Dinwiddie negotiates for the British in Williamsburg")));
}

#[test]
fn a_shift_in_an_own_active_colony_changes_nothing_and_says_so() {
    // rule: fiw 16.1, 5.24
    // An S result in an active colony of one's own leaves it so; the log
    // said "the colony's status shifts" and nothing more.
    let (mut g, [l]) = british_negotiations([("dinwiddie", "williamsburg")]);
    g.set_status(Colony::Virginia, Status::Active);
    act(&mut g, BRITISH, negotiation("williamsburg", false, l));
    g.core.dice.script([4]);
    act(&mut g, BRITISH, Action::Spend(2));
    assert!(logged(&g, "differential +5, roll 4: the colony's status shifts"));
    assert!(logged(&g, "Virginia stays active: no change."));
    assert_eq!(g.status(Colony::Virginia), Status::Active);
}

#[test]
fn the_french_may_not_open_in_a_british_capital_but_may_counter_there() {
    // rule: fiw 16.2, 16.1
    let (mut g, [dinwiddie, bougainville]) =
        british_negotiations([("dinwiddie", "williamsburg"), ("bougainville", "williamsburg")]);
    act(&mut g, BRITISH, negotiation("williamsburg", false, dinwiddie));
    act(&mut g, BRITISH, Action::Spend(2));
    // The French decide whether to counter.
    assert_eq!(legal(&g, FRENCH), vec![Action::Counter(bougainville), Action::Decline]);
    act(&mut g, FRENCH, Action::Counter(bougainville));
    // 5 against 2 + 1: +2; capital row 5 at +2 is S.
    g.core.dice.script([5]);
    act(&mut g, FRENCH, Action::Spend(1));
    // 16.1 each total says its parts, for the players to check.
    assert!(logged(
        &g,
        "5 (diplomacy 2, £2, Balance of Power 1) against 3 (diplomacy 2, £1), differential +2, roll 5"
    ));
    assert_eq!(g.status(Colony::Virginia), Status::Active);
    // One attempt a square (16.31); the French then may not open there.
    assert!(!legal(&g, BRITISH).iter().any(|a| matches!(a, Action::Negotiate { .. })));
    act(&mut g, BRITISH, Action::Done);
    assert!(matches!(g.stack.last(), Some(Frame::Negotiations { seat, .. }) if *seat == FRENCH));
    assert!(!legal(&g, FRENCH)
        .iter()
        .any(|a| matches!(a, Action::Negotiate { sq: s, .. } if *s == sq("williamsburg"))));
}

#[test]
fn a_leader_with_no_diplomacy_may_negotiate_but_add_no_pounds() {
    // rule: fiw 16.32
    // He is not asked to add none: the talks go on without a click.
    let (mut g, [amherst]) = british_negotiations([("amherst", "williamsburg")]);
    g.core.dice.script([1]);
    act(&mut g, BRITISH, negotiation("williamsburg", false, amherst));
    assert!(!legal(&g, BRITISH).iter().any(|a| matches!(a, Action::Spend(_))));
    assert!(logged(&g, "differential +1, roll 1: no effect"));
}

#[test]
fn a_bad_roll_loses_the_leader_and_villages_give_indians() {
    // rule: fiw 16.1, 17.4, 17.44, 10.4, 25.1
    let (mut g, [amherst, johnson]) = british_negotiations([("amherst", "williamsburg"), ("johnson", "canajoharie")]);
    // Amherst: 0 + 0 + 1 = +1; capital row 1 at +1: no effect.
    g.core.dice.script([1]);
    act(&mut g, BRITISH, negotiation("williamsburg", false, amherst));
    assert!(logged(&g, "differential +1, roll 1: no effect"));
    // Johnson at the Mohawk village: 3 + 3 + 1 = +7 (as +6), roll 4: 2 Indians.
    g.treasury[BRITISH as usize] = 10;
    act(&mut g, BRITISH, negotiation("canajoharie", true, johnson));
    let before = g
        .side_at(sq("canajoharie"), BRITISH)
        .filter(|&u| g.is_indian(u))
        .count();
    g.core.dice.script([4]);
    act(&mut g, BRITISH, Action::Spend(3));
    assert_eq!(
        g.side_at(sq("canajoharie"), BRITISH)
            .filter(|&u| g.is_indian(u))
            .count(),
        before + 2
    );
    // A leader lost: a differential of -1 or less and a 1.
    let (mut g, [_, vaudreuil]) = british_negotiations([("amherst", "williamsburg"), ("de-vaudreuil", "williamsburg")]);
    act(&mut g, BRITISH, negotiation("williamsburg", false, amherst));
    act(&mut g, FRENCH, Action::Counter(vaudreuil));
    g.core.dice.script([1]);
    act(&mut g, FRENCH, Action::Spend(3));
    assert_eq!(
        g.leaders[amherst as usize].at,
        Place::Gone,
        "named leaders never return"
    );
}

#[test]
fn one_attempt_a_square_none_among_enemy_units_none_in_neutral_florida() {
    // rule: fiw 16.31, 16.33, 16.34, 16.3
    let (mut g, [dinwiddie, washington, amherst]) = british_negotiations([
        ("dinwiddie", "williamsburg"),
        ("washington", "williamsburg"),
        ("amherst", "st-augustine"),
    ]);
    let opens = |g: &Fiw, s: &str, l: u8| legal(g, BRITISH).contains(&negotiation(s, false, l));
    assert!(opens(&g, "williamsburg", dinwiddie) && opens(&g, "williamsburg", washington));
    // 16.34 Florida only once Spain is a belligerent.
    assert!(!opens(&g, "st-augustine", amherst));
    g.spain = true;
    g.set_status(Colony::Florida, Status::Active);
    assert!(opens(&g, "st-augustine", amherst));
    // 16.33 not with enemy combat units in the square.
    let u = put(&mut g, "fr-bearn", "williamsburg");
    assert!(!opens(&g, "williamsburg", dinwiddie));
    g.units.place(u, Place::Pool);
    // 16.31 one attempt against a square in a phase, whoever tries.
    act(&mut g, BRITISH, negotiation("williamsburg", false, dinwiddie));
    g.core.dice.script([1]);
    act(&mut g, BRITISH, Action::Spend(0));
    assert!(!opens(&g, "williamsburg", washington));
    assert!(opens(&g, "st-augustine", amherst), "another square still may");
}

#[test]
fn florida_at_war_is_never_made_passive() {
    // rule: fiw 5.3, 16.1
    let (mut g, [amherst]) = british_negotiations([("amherst", "st-augustine")]);
    g.spain = true;
    g.set_status(Colony::Florida, Status::Active);
    // Amherst (diplomacy 0) adds no pound: the roll comes at once.
    g.core.dice.script([6]);
    act(&mut g, BRITISH, negotiation("st-augustine", false, amherst));
    assert!(logged(&g, "the colony's status shifts"), "a shift was rolled");
    assert_eq!(
        g.status(Colony::Florida),
        Status::Active,
        "5.3 neutral or active, never passive"
    );
}

/// Turn 2's first-player choice, with Dinwiddie in Williamsburg and
/// Bougainville in Quebec.
fn turn_two_with_a_leader_each() -> Fiw {
    let mut g = cleared(BRITISH);
    put_leader(&mut g, "dinwiddie", "williamsburg");
    put_leader(&mut g, "bougainville", "quebec");
    to_next_turn(&mut g);
    g
}

#[test]
fn the_first_player_negotiates_first() {
    // rule: fiw 3.1, 16.1, 7.2
    // ruling: fiw #29 the first player negotiates first, as in every other
    // phase, not the player who has the initiative.
    let mut g = turn_two_with_a_leader_each();
    let Some(Frame::ChooseFirst { seat }) = g.stack.last().cloned() else {
        panic!("turn 2's first-player choice")
    };
    assert_eq!(seat, BRITISH, "the British hold the initiative");
    // Random events: A2 (the war, already on) and B6: no event.
    g.core.dice.script([4, 2, 6]);
    act(&mut g, BRITISH, Action::First(FRENCH));
    assert_eq!(g.initiative, BRITISH);
    assert!(
        matches!(g.stack.last(), Some(Frame::Negotiations { seat, .. }) if *seat == FRENCH),
        "{:?}",
        g.stack.last()
    );
    act(&mut g, FRENCH, Action::Done);
    assert!(
        matches!(g.stack.last(), Some(Frame::Negotiations { seat, .. }) if *seat == BRITISH),
        "{:?}",
        g.stack.last()
    );
}

#[test]
fn the_phase_shown_is_the_phase_being_played() {
    // rule: fiw 3.1, 16.0
    // The first-player choice showed "Random Events Phase", the French
    // negotiations "British Negotiations" and the British ones
    // "Income/Expenditure Phase": each phase's step names the next as it
    // pushes its decisions.
    let mut g = turn_two_with_a_leader_each();
    let shown = |g: &Fiw| (g.stage().phase.value, g.view(Some(BRITISH))["phase"].clone());
    assert_eq!(shown(&g).0, "Initiative Phase");
    g.core.dice.script([4, 2, 6]);
    act(&mut g, BRITISH, Action::First(FRENCH));
    assert_eq!(shown(&g).0, "French Negotiations");
    act(&mut g, FRENCH, Action::Done);
    assert_eq!(shown(&g).0, "British Negotiations");
    assert_eq!(shown(&g).1, "British Negotiations", "the view's phase");
    act(&mut g, BRITISH, Action::Done);
    assert_eq!(shown(&g).0, "Income/Expenditure Phase");
}

/// 16.1 "The non-phasing player declares if he will attempt to counter …
/// He may do so only if he has a leader in the square", and the defensive
/// total is that counter's: the British, favoured by the index (4.2), add
/// their bonus to a French negotiation's defence only when a British
/// leader counters in the square (ruling fiw #93; rules fiw-25: it had
/// defended every French negotiation, so a French leader could raise
/// enemy Indians in his own capital).
#[test]
fn the_favoured_side_s_bonus_defends_only_a_counter() {
    // rule: fiw 16.1, 4.2
    // ruling: fiw #93
    let (mut g, [bougainville]) = british_negotiations([("bougainville", "quebec")]);
    act(&mut g, BRITISH, Action::Done);
    g.core.dice.script([1]);
    act(&mut g, FRENCH, negotiation("quebec", false, bougainville));
    act(&mut g, FRENCH, Action::Spend(0));
    assert!(
        logged(&g, "Bougainville negotiates for the French in Quebec"),
        "{:?}",
        g.log().visible(None).map(|e| e.text.clone()).collect::<Vec<_>>()
    );
    assert!(
        logged(&g, "against 0, differential"),
        "no British leader there: no defence"
    );
}
