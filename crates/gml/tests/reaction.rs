//! 6.2 reserve movement and 6.3 the American retreat option: reactions
//! inside the enemy's move.

mod common;

use common::*;
use engine::prelude::*;
use gml::combat::Stage;
use gml::forces::{Kind, Nationality, AMERICAN, BRITISH};
use gml::frames::Frame;
use gml::map::LineKind;
use gml::state::Phase;
use gml::{Action, Gml};

fn to_act(g: &Gml) -> Vec<engine::Seat> {
    g.to_act().iter().collect()
}

// rule: gml 6.3
#[test]
fn americans_entered_by_british_units_may_each_withdraw_and_the_british_move_on() {
    let mut g = cleared("saratoga", Phase::Activation(BRITISH));
    let b = put(&mut g, BRITISH, Kind::British, 1, "albany")[0];
    let m = put(&mut g, AMERICAN, Kind::Militia, 1, "schenectady")[0];
    let c = put(&mut g, AMERICAN, Kind::Continental, 1, "schenectady")[0];
    g.units[c as usize].entrenched = true;
    put(&mut g, BRITISH, Kind::Tory, 1, "canajoharie");
    activations(&mut g, BRITISH, 1);
    move_alone(&mut g, BRITISH, b);
    act(&mut g, BRITISH, "step-schenectady");
    assert_eq!(to_act(&g), vec![AMERICAN], "the Americans are asked at once");
    let p = g.prompt(AMERICAN);
    assert!(
        p.text.contains("entered Schenectady: withdraw") && p.rule == "6.3",
        "{p:?}"
    );
    // The choices tell the entrenched unit from the other (session 40's
    // audit: alike militia were offered under one name).
    let label = |g: &Gml, id: &str| {
        engine::described(g, AMERICAN)
            .into_iter()
            .find(|a| a.id == id)
            .map(|a| a.label)
    };
    let wc = format!("withdraw-{}-to-albany", g.unit_id(c));
    assert_eq!(
        label(&g, &wc).as_deref(),
        Some("Withdraw the Continental unit (entrenched) to Albany (6.3)")
    );
    let wm = format!("withdraw-{}-to-johnstown", g.unit_id(m));
    assert_eq!(
        label(&g, &wm).as_deref(),
        Some("Withdraw the MA Militia to Johnstown (6.3)")
    );
    act(&mut g, AMERICAN, &wm);
    assert_eq!(to_act(&g), vec![AMERICAN], "each unit decides separately");
    assert!(
        !ids(&g, AMERICAN).iter().any(|i| i.contains("-to-canajoharie")),
        "not into the enemy"
    );
    let wc = format!("withdraw-{}-to-albany", g.unit_id(c));
    act(&mut g, AMERICAN, &wc);
    assert_eq!(at(&g, m), "johnstown");
    assert_eq!(at(&g, c), "albany");
    assert!(!g.units[c as usize].entrenched, "a withdrawing unit leaves its trench");
    // Nobody is left: the British unit moves on with what it has left.
    assert_eq!(to_act(&g), vec![BRITISH]);
    assert!(matches!(g.stack.last(), Some(Frame::Move(m)) if m.left == 4));
    assert!(ids(&g, BRITISH).contains(&"step-canajoharie".to_string()));
    // Declining: the British stop there (6.18).
    let mut g = cleared("saratoga", Phase::Activation(BRITISH));
    let b = put(&mut g, BRITISH, Kind::British, 1, "albany")[0];
    put(&mut g, AMERICAN, Kind::Militia, 1, "schenectady");
    activations(&mut g, BRITISH, 1);
    move_alone(&mut g, BRITISH, b);
    act(&mut g, BRITISH, "step-schenectady");
    act(&mut g, AMERICAN, "decline");
    assert!(
        !matches!(g.stack.last(), Some(Frame::Move(_))),
        "stopped by the militia"
    );
}

/// 6.3 "The American retreat does not cost movement points and may be
/// repeated without cost": the militia withdraws again each time the
/// British unit follows it, spending nothing of its own, while the British
/// unit pays only its steps.
// rule: gml 6.3
#[test]
fn a_withdrawal_may_be_repeated_without_cost() {
    let mut g = cleared("saratoga", Phase::Activation(BRITISH));
    let b = put(&mut g, BRITISH, Kind::British, 1, "albany")[0];
    let m = put(&mut g, AMERICAN, Kind::Militia, 1, "schenectady")[0];
    activations(&mut g, BRITISH, 1);
    move_alone(&mut g, BRITISH, b);
    act(&mut g, BRITISH, "step-schenectady");
    let w = format!("withdraw-{}-to-johnstown", g.unit_id(m));
    act(&mut g, AMERICAN, &w);
    act(&mut g, BRITISH, "step-johnstown");
    assert_eq!(to_act(&g), vec![AMERICAN], "asked again");
    let w = format!("withdraw-{}-to-canajoharie", g.unit_id(m));
    act(&mut g, AMERICAN, &w);
    assert_eq!(at(&g, m), "canajoharie");
    assert_eq!(g.units[m as usize].spent, 0, "withdrawals spend nothing");
    // Two roads of its 3 movement points: 1 left, in half points.
    assert!(matches!(g.stack.last(), Some(Frame::Move(mv)) if mv.left == 2));
}

/// 8.251 point 1 bars a retreat into a space "from which [an] enemy unit
/// has entered the current combat"; a 6.3 withdrawal is a retreat into the
/// space the unit withdraws to, its way in as a move's or an 8.25
/// retreat's is (ruling gml #76). Rules gml-26: the withdrawn unit kept the
/// way in of its earlier move (here a 4.1 move from Albany into
/// Bennington), so the British beaten at Saratoga could not retreat to
/// Albany, where no American had come from, and could to Bennington, where
/// the Continental had.
// rule: gml 6.3, 8.251
// ruling: gml #76
#[test]
fn a_withdrawn_unit_entered_its_new_space_from_the_one_it_left() {
    let mut g = cleared("saratoga", Phase::Activation(BRITISH));
    let b = put(&mut g, BRITISH, Kind::British, 1, "stockbridge")[0];
    let c = put(&mut g, AMERICAN, Kind::Continental, 1, "bennington")[0];
    g.units[c as usize].entered = Some((space("albany"), LineKind::Road));
    activations(&mut g, BRITISH, 1);
    move_alone(&mut g, BRITISH, b);
    act(&mut g, BRITISH, "step-bennington");
    let w = format!("withdraw-{}-to-saratoga", g.unit_id(c));
    act(&mut g, AMERICAN, &w);
    assert_eq!(g.units[c as usize].entered, Some((space("bennington"), LineKind::Road)));
    act(&mut g, BRITISH, "step-saratoga");
    // Round one misses; the Americans stay, the British retreat.
    g.core.dice.script([10, 10]);
    enter_after(&mut g, Phase::Activation(BRITISH));
    act(&mut g, AMERICAN, "continue");
    act(&mut g, BRITISH, "retreat");
    assert!(matches!(g.battle().map(|b| &b.stage), Some(Stage::Retreat { .. })));
    assert_eq!(
        legal(&g),
        vec![
            Action::RetreatTo(space("albany")),
            Action::RetreatTo(space("fort-edward"))
        ]
    );
    sound(&g);
}

// rule: gml 6.3
#[test]
fn indians_trigger_no_withdrawal_and_french_units_have_none() {
    let mut g = cleared("saratoga", Phase::Activation(BRITISH));
    let i = put_where(&mut g, BRITISH, 1, "albany", |c| c.kind == Kind::Indian)[0];
    put(&mut g, BRITISH, Kind::British, 1, "new-york");
    put(&mut g, AMERICAN, Kind::Militia, 1, "schenectady");
    activations(&mut g, BRITISH, 2);
    move_alone(&mut g, BRITISH, i);
    act(&mut g, BRITISH, "step-schenectady");
    assert_eq!(to_act(&g), vec![BRITISH], "no window for an Indian entry");
    let mut g = cleared("saratoga", Phase::Activation(BRITISH));
    let b = put(&mut g, BRITISH, Kind::Hessian, 1, "albany")[0];
    put_where(&mut g, AMERICAN, 1, "schenectady", |c| {
        c.nationality == Some(Nationality::French)
    });
    activations(&mut g, BRITISH, 1);
    move_alone(&mut g, BRITISH, b);
    act(&mut g, BRITISH, "step-schenectady");
    assert!(
        !matches!(g.stack.last(), Some(Frame::Withdraw { .. })),
        "French units may not withdraw"
    );
}

// rule: gml 6.3, 6.7
#[test]
fn a_tory_entry_offers_the_withdrawal_but_calls_no_militia() {
    // Ruling gml #41, as printed: 6.3's option is triggered by "British or
    // Tory" units (ruling gml #12), 6.7's initial militia call by "British
    // or Hessian" units only.
    let mut g = cleared("saratoga", Phase::Activation(BRITISH));
    g.called = Vec::new();
    let t = put(&mut g, BRITISH, Kind::Tory, 1, "albany")[0];
    put(&mut g, AMERICAN, Kind::Continental, 1, "schenectady");
    activations(&mut g, BRITISH, 1);
    move_alone(&mut g, BRITISH, t);
    act(&mut g, BRITISH, "step-schenectady");
    assert_eq!(to_act(&g), vec![AMERICAN], "the Americans are asked at once");
    let p = g.prompt(AMERICAN);
    assert!(p.rule == "6.3" && p.text.contains("withdraw"), "{p:?}");
    assert!(g.called.is_empty(), "a Tory calls no militia: {:?}", g.called);
}

/// Saratoga's British phase: Howe activated at Johnstown with `n` British
/// units, his orders next; a Continental at Albany.
fn howe_activated(n: usize) -> (Gml, u8, Vec<u16>, u16) {
    let mut g = cleared("saratoga", Phase::Activation(BRITISH));
    let howe = put_leader(&mut g, "howe", "johnstown");
    let redcoats = put(&mut g, BRITISH, Kind::British, n, "johnstown");
    let a = put(&mut g, AMERICAN, Kind::Continental, 1, "albany")[0];
    activate_with(&mut g, BRITISH, "howe", &redcoats);
    (g, howe, redcoats, a)
}

/// Howe's command goes into reserve; in the American phase the
/// Continental `a` sets out from Albany for Schenectady, and the reserve
/// interrupts and steps into Schenectady first.
fn howe_interrupts(g: &mut Gml, a: u16) {
    act(g, BRITISH, "reserve-howe");
    g.stack.clear();
    activations(g, AMERICAN, 1);
    move_alone(g, AMERICAN, a);
    act(g, AMERICAN, "step-schenectady");
    act(g, BRITISH, "interrupt-howe");
    act(g, BRITISH, "step-schenectady");
}

/// 6.22 "Reserve status may not be carried over from one turn to the
/// next", and the Americans' Activation Phase is the last movement of the
/// turn (3.1): a reserve given there could never move, so none is offered.
/// An American leader activated out of phase in the British Command Phase
/// (4.1) may still go into reserve.
// rule: gml 6.2, 6.22, 4.1, 6.17
// ruling: gml #10, #59
#[test]
fn no_reserve_is_offered_where_no_enemy_movement_follows_in_the_turn() {
    let mut g = cleared("saratoga", Phase::Activation(AMERICAN));
    let gates = put_leader(&mut g, "gates", "albany");
    let c = put(&mut g, AMERICAN, Kind::Continental, 1, "albany")[0];
    activate_with(&mut g, AMERICAN, "gates", &[c]);
    assert!(has(&g, AMERICAN, "move-gates"));
    assert!(!has(&g, AMERICAN, "reserve-gates"), "{:?}", ids(&g, AMERICAN));
    g.phase = Phase::Command(BRITISH);
    assert!(has(&g, AMERICAN, "reserve-gates"), "{:?}", ids(&g, AMERICAN));
    // Nor a reserve that could not move: the turn's allowance spent (#59).
    g.units[c as usize].spent = u8::MAX;
    g.leaders[gates as usize].spent = u8::MAX;
    assert!(!has(&g, AMERICAN, "reserve-gates"), "{:?}", ids(&g, AMERICAN));
}

// rule: gml 6.2, 6.21, 6.22
#[test]
fn a_reserve_interrupts_an_enemy_move_and_lapses_when_unused() {
    let (mut g, howe, _, a) = howe_activated(2);
    // A combat unit without a leader has no reserve order (6.22).
    assert!(!ids(&g, BRITISH).iter().any(|i| i.starts_with("reserve-british")));
    act(&mut g, BRITISH, "reserve-howe");
    assert!(g.leaders[howe as usize].reserve);
    // The American phase: the Continental sets out for Schenectady.
    g.stack.clear();
    activations(&mut g, AMERICAN, 1);
    move_alone(&mut g, AMERICAN, a);
    act(&mut g, AMERICAN, "step-schenectady");
    assert_eq!(to_act(&g), vec![BRITISH], "the reserve may interrupt");
    assert_eq!(at(&g, a), "albany", "the mover waits in its last space");
    // The reacting seat is told what it may do and why (6.21).
    let p = g.prompt(BRITISH);
    assert!(
        p.text.contains("about to enter Schenectady") && p.rule == "6.21",
        "{p:?}"
    );
    // Its "no" is this window's, not 6.3's (session 38's audit).
    let decline = engine::described(&g, BRITISH)
        .into_iter()
        .find(|a| a.id == "decline")
        .map(|a| a.label);
    assert_eq!(decline.as_deref(), Some("Let the move go on (6.21)"));
    act(&mut g, BRITISH, "interrupt-howe");
    assert!(ids(&g, BRITISH).contains(&"step-schenectady".to_string()));
    act(&mut g, BRITISH, "step-schenectady");
    act(&mut g, BRITISH, "done");
    // The interrupted move resumes; the reserve is spent.
    assert_eq!(to_act(&g), vec![AMERICAN]);
    assert!(!g.leaders[howe as usize].reserve);
    act(&mut g, AMERICAN, "step-schenectady");
    assert_eq!(at(&g, a), "schenectady");
    // Unused reserves lapse once the enemy's movement is over.
    let mut g = cleared("saratoga", Phase::Activation(BRITISH));
    let clinton = put_leader(&mut g, "clinton", "new-york");
    g.leaders[clinton as usize].reserve = true;
    enter_after(&mut g, Phase::Activation(AMERICAN));
    assert!(!g.leaders[clinton as usize].reserve);
}

/// 6.22: reserves "may interrupt a unit or stack that is moving, or a
/// unit or stack in reserve that has itself interrupted another unit": an
/// American reserve (given out of phase, 4.1) interrupts a British move,
/// and a British reserve may interrupt it in turn (ruling gml #11).
// rule: gml 6.22, 6.21
// ruling: gml #11
#[test]
fn a_reserve_may_interrupt_an_enemy_reserve_that_interrupted() {
    let mut g = cleared("saratoga", Phase::Activation(BRITISH));
    let howe = put_leader(&mut g, "howe", "johnstown");
    let redcoat = put(&mut g, BRITISH, Kind::British, 1, "johnstown")[0];
    g.units[redcoat as usize].leader = Some(howe);
    g.leaders[howe as usize].reserve = true;
    let arnold = put_leader(&mut g, "arnold", "albany");
    let c = put(&mut g, AMERICAN, Kind::Continental, 1, "albany")[0];
    g.units[c as usize].leader = Some(arnold);
    g.leaders[arnold as usize].reserve = true;
    let b = put(&mut g, BRITISH, Kind::British, 1, "cherry-valley")[0];
    activations(&mut g, BRITISH, 1);
    move_alone(&mut g, BRITISH, b);
    act(&mut g, BRITISH, "step-canajoharie");
    // Howe's reserve may not interrupt a friendly move: only Arnold's.
    assert_eq!(to_act(&g), vec![AMERICAN]);
    act(&mut g, AMERICAN, "interrupt-arnold");
    act(&mut g, AMERICAN, "step-schenectady");
    assert_eq!(to_act(&g), vec![BRITISH], "Howe's reserve may interrupt Arnold's");
    assert_eq!(g.prompt(BRITISH).rule, "6.21");
    assert!(has(&g, BRITISH, "interrupt-howe"));
    act(&mut g, BRITISH, "interrupt-howe");
    act(&mut g, BRITISH, "step-schenectady");
    assert_eq!(at(&g, redcoat), "schenectady");
    assert_eq!(at(&g, c), "albany", "Arnold waits in his last space");
    sound(&g);
}

// rule: gml 6.21
#[test]
fn no_reserve_interrupts_a_friendly_move() {
    let mut g = cleared("saratoga", Phase::Activation(BRITISH));
    let l = put_leader(&mut g, "clinton", "johnstown");
    g.leaders[l as usize].reserve = true;
    let b = put(&mut g, BRITISH, Kind::British, 1, "albany")[0];
    activations(&mut g, BRITISH, 1);
    move_alone(&mut g, BRITISH, b);
    act(&mut g, BRITISH, "step-schenectady");
    assert_eq!(at(&g, b), "schenectady");
}

// rule: gml 6.0, 6.2, 6.4
#[test]
fn a_unit_that_entrenched_stays_when_its_leader_s_reserve_moves() {
    let (mut g, howe, redcoats, a) = howe_activated(2);
    act_unit(&mut g, BRITISH, "entrench", redcoats[0]);
    howe_interrupts(&mut g, a);
    assert_eq!(at(&g, redcoats[1]), "schenectady", "the rest of the reserve moves");
    assert_eq!(
        at(&g, redcoats[0]),
        "johnstown",
        "6.0: the entrenched unit does one thing"
    );
    assert!(g.units[redcoats[0] as usize].entrenched);
    assert_eq!(g.leaders[howe as usize].at, g.units[redcoats[1] as usize].at());
}

// rule: gml 6.5, 6.21
// ruling: gml #13
#[test]
fn a_reserve_moving_in_the_enemy_s_phase_does_not_overrun() {
    let (mut g, _, redcoats, a) = howe_activated(5);
    put(&mut g, AMERICAN, Kind::Militia, 1, "schenectady");
    howe_interrupts(&mut g, a);
    // 6.3 first: the militia stay.
    assert!(matches!(g.stack.last(), Some(Frame::Withdraw { .. })));
    act(&mut g, AMERICAN, "decline");
    assert!(
        !g.stack.iter().any(|f| matches!(f, Frame::Overrun { .. })),
        "only the player performing the phase overruns"
    );
    assert!(redcoats.iter().all(|&u| at(&g, u) == "schenectady"));
}

// rule: gml 6.21, 8.2
#[test]
fn pieces_the_reserve_s_combat_takes_away_move_no_more() {
    // A militia unit in Schenectady sets out for Albany; Howe's reserve
    // steps in first and fights it at once. In some seeded combat the
    // militia is eliminated: its move must end there.
    for seed in 0..40 {
        let (mut g, _, _, _) = howe_activated(3);
        let m = put(&mut g, AMERICAN, Kind::Militia, 1, "schenectady")[0];
        act(&mut g, BRITISH, "reserve-howe");
        g.stack.clear();
        activations(&mut g, AMERICAN, 1);
        move_alone(&mut g, AMERICAN, m);
        act(&mut g, AMERICAN, "step-albany");
        act(&mut g, BRITISH, "interrupt-howe");
        act(&mut g, BRITISH, "step-schenectady");
        g.core.dice = engine::Dice::seeded(seed);
        // Through the withdrawal offer and the combat, taking the first
        // choice, until the American move is on top again or over.
        while !matches!(g.stack.last(), Some(Frame::Move(mv)) if mv.seat == AMERICAN)
            && g.stack
                .iter()
                .any(|f| matches!(f, Frame::Move(mv) if mv.seat == AMERICAN))
        {
            let first = legal(&g)[0];
            take(&mut g, first);
        }
        sound(&g);
        if g.units[m as usize].at() == gml::state::Place::Pool {
            // Before, the eliminated counter stepped back onto the map.
            assert!(
                !g.stack
                    .iter()
                    .any(|f| matches!(f, Frame::Move(mv) if mv.units.contains(&m))),
                "seed {seed}: the eliminated militia still moves"
            );
            assert!(!has(&g, AMERICAN, "step-albany"));
            return;
        }
    }
    panic!("no seed eliminated the militia");
}

// rule: gml 6.0, 6.2, 4.1
#[test]
fn a_reserve_leader_activated_again_gives_up_his_reserve() {
    let (mut g, howe, redcoats, _) = howe_activated(2);
    act(&mut g, BRITISH, "reserve-howe");
    assert!(g.leaders[howe as usize].reserve);
    // Later in the turn (4.1: the opponent's roll) he is activated again.
    g.stack.clear();
    for l in &mut g.leaders {
        l.done = false;
    }
    for &u in &redcoats {
        g.units[u as usize].done = false;
    }
    activate_with(&mut g, BRITISH, "howe", &[]);
    // Before, he could move now and interrupt with his reserve again.
    assert!(!g.leaders[howe as usize].reserve);
}

// rule: gml 6.3, 5.6
// ruling: gml #48
#[test]
fn a_leader_withdraws_with_the_last_unit_of_his_force() {
    let mut g = cleared("saratoga", Phase::Activation(BRITISH));
    let arnold = put_leader(&mut g, "arnold", "schenectady");
    let c = put(&mut g, AMERICAN, Kind::Continental, 2, "schenectady");
    for &u in &c {
        g.units[u as usize].leader = Some(arnold);
    }
    let b = put(&mut g, BRITISH, Kind::British, 1, "albany")[0];
    activations(&mut g, BRITISH, 1);
    move_alone(&mut g, BRITISH, b);
    act(&mut g, BRITISH, "step-schenectady");
    g.core.dice.script([8]);
    let first = format!("withdraw-{}-to-johnstown", g.unit_id(c[0]));
    act(&mut g, AMERICAN, &first);
    assert_eq!(
        leader_at(&g, arnold),
        "schenectady",
        "one of his units is still with him"
    );
    let last = format!("withdraw-{}-to-johnstown", g.unit_id(c[1]));
    act(&mut g, AMERICAN, &last);
    // Before, he stayed alone among the British and rolled on 5.6 (8: captured).
    assert_eq!(leader_at(&g, arnold), "johnstown");
    assert_eq!(g.force(arnold).collect::<Vec<_>>(), vec![c[1]]);
    assert_eq!(g.core.dice.scripted_left(), 1, "no casualty check");
    sound(&g);
}

/// 6.3 "Whenever a British or Tory unit enters a space occupied by an
/// American unit (Continental Army or rebel militia, but not Indians or
/// French), the American player may retreat the American unit to any
/// adjacent space that does not contain enemy units."
/// The American artillery is Continental Army artillery (12.23 "1
/// Continental Army Artillery", 12.33 "1 Continental Artillery"; ruling
/// gml #57).
// rule: gml 6.3
#[test]
fn continental_artillery_may_withdraw_under_6_3() {
    let mut g = cleared("saratoga", Phase::Activation(BRITISH));
    let b = put(&mut g, BRITISH, Kind::British, 1, "albany")[0];
    let art = put_where(&mut g, AMERICAN, 1, "schenectady", |c| {
        c.kind == Kind::Artillery && c.nationality == Some(Nationality::American)
    })[0];
    activations(&mut g, BRITISH, 1);
    move_alone(&mut g, BRITISH, b);
    act(&mut g, BRITISH, "step-schenectady");
    assert!(
        matches!(g.stack.last(), Some(Frame::Withdraw { .. })),
        "6.3: the Continental artillery may withdraw; instead: {:?}",
        ids(&g, AMERICAN)
    );
    let want = format!("withdraw-{}-to-johnstown", g.unit_id(art));
    assert!(has(&g, AMERICAN, &want));
}

/// 6.3 and ruling gml #48: "A leader goes with the last unit of his
/// command (his subordinates' forces included) to withdraw under 6.3, his
/// subordinates with him; while any of those units stays, he stays."
/// Washington commands Gates (5.4), whose force is the command's only unit:
/// when it withdraws, Washington goes with it, not left alone among the
/// British to roll on 5.6.
// rule: gml 6.3, 5.6
// ruling: gml #48
#[test]
fn a_superior_goes_with_the_last_unit_of_his_subordinate_s_force() {
    let mut g = cleared("saratoga", Phase::Activation(BRITISH));
    let w = put_leader(&mut g, "washington", "schenectady");
    let gates = put_leader(&mut g, "gates", "schenectady");
    g.leaders[gates as usize].under = Some(w);
    let c = put(&mut g, AMERICAN, Kind::Continental, 1, "schenectady")[0];
    g.units[c as usize].leader = Some(gates);
    let b = put(&mut g, BRITISH, Kind::British, 1, "albany")[0];
    activations(&mut g, BRITISH, 1);
    move_alone(&mut g, BRITISH, b);
    act(&mut g, BRITISH, "step-schenectady");
    // 8 on the die: a 5.6 check would capture him.
    g.core.dice.script([8, 8]);
    let wd = format!("withdraw-{}-to-johnstown", g.unit_id(c));
    act(&mut g, AMERICAN, &wd);
    assert_eq!(leader_at(&g, gates), "johnstown");
    assert_eq!(
        leader_at(&g, w),
        "johnstown",
        "the last unit of Washington's command withdrew: he goes with it"
    );
}
