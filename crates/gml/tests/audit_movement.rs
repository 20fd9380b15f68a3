//! Audit of chapters 4-6 (activation, leaders, land movement) against the
//! rulebook: each test here demonstrates a suspected discrepancy and
//! fails on the code as it stands.

mod common;

use common::*;
use gml::forces::{Kind, AMERICAN, BRITISH};
use gml::frames::Frame;
use gml::state::{Phase, UnitId};
use gml::Gml;

/// Answers every pending 6.6 fort question of `seat` about `u` with
/// "inside" (taking the group's "yes"), and says whether one was asked.
fn answer_fort_inside(g: &mut Gml, seat: engine::Seat, u: UnitId) -> bool {
    let mut asked = false;
    while let Some(Frame::Fort { seat: s, units, .. }) = g.stack.last() {
        if *s != seat || !units.contains(&u) {
            break;
        }
        asked = true;
        act(g, seat, "yes");
    }
    asked
}

// rule: gml 6.6, 6.13
// ruling: gml #14, #52
// 6.6: "When one or more units occupy a fort space, the owning player must
// decide whether to remain inside or outside the fort, or both." Ruling
// #52: a unit separating from a moving group "stays ... and its move ends
// there"; ruling #14: "A group ending its move in a fort space where no
// enemy unit is inside may go inside". A unit dropped in West Point (a
// fort) is never asked; the group that goes on is asked nothing either.
#[test]
fn a_unit_separating_in_a_fort_space_is_asked_inside_or_outside() {
    let mut g = cleared("saratoga", Phase::Activation(AMERICAN));
    put_leader(&mut g, "putnam", "peekskill");
    let units = put(&mut g, AMERICAN, Kind::Continental, 2, "peekskill");
    activate_with(&mut g, AMERICAN, "putnam", &units);
    act(&mut g, AMERICAN, "move-putnam");
    act(&mut g, AMERICAN, "step-west-point");
    act_unit(&mut g, AMERICAN, "drop", units[0]);
    let mut asked = answer_fort_inside(&mut g, AMERICAN, units[0]);
    act(&mut g, AMERICAN, "step-goshen");
    act(&mut g, AMERICAN, "done");
    asked |= answer_fort_inside(&mut g, AMERICAN, units[0]);
    assert_eq!(at(&g, units[0]), "west-point");
    assert!(
        asked && g.units[units[0] as usize].inside,
        "the unit left in the fort space was never offered the fort (6.6)"
    );
}

// rule: gml 6.6, 6.3
// ruling: gml #12, #14
// 6.6: "When one or more units occupy a fort space, the owning player must
// decide whether to remain inside or outside the fort, or both." A
// Continental withdrawing (6.3) from Peekskill into West Point, an empty
// fort space, is never asked.
#[test]
fn a_unit_withdrawing_into_a_fort_space_is_asked_inside_or_outside() {
    let mut g = cleared("saratoga", Phase::Activation(BRITISH));
    let c = put(&mut g, AMERICAN, Kind::Continental, 1, "peekskill")[0];
    let b = put(&mut g, BRITISH, Kind::British, 1, "white-plains")[0];
    activations(&mut g, BRITISH, 1);
    move_alone(&mut g, BRITISH, b);
    act(&mut g, BRITISH, "step-peekskill");
    let w = format!("withdraw-{}-to-west-point", g.unit_id(c));
    act(&mut g, AMERICAN, &w);
    assert_eq!(at(&g, c), "west-point");
    let asked = g
        .stack
        .iter()
        .any(|f| matches!(f, Frame::Fort { units, .. } if units.contains(&c)));
    assert!(asked, "the withdrawn unit occupies a fort space and is asked nothing");
}

// rule: gml 5.4, 6.14
// ruling: gml #5
// Ruling #5: "forces persist between turns and are re-formed only when
// their leader is activated". Knox serves under Gates; Washington is
// activated, Gates is not: Washington may not take Knox away from Gates's
// command (he may take Gates, and Knox with him).
#[test]
fn an_activated_leader_does_not_take_a_subordinate_from_a_leader_not_activated() {
    let mut g = cleared("saratoga", Phase::Activation(AMERICAN));
    put_leader(&mut g, "washington", "morristown");
    let gates = put_leader(&mut g, "gates", "morristown");
    let knox = put_leader(&mut g, "knox", "morristown");
    g.leaders[knox as usize].under = Some(gates);
    activations(&mut g, AMERICAN, 1);
    act(&mut g, AMERICAN, "activate-washington");
    assert!(
        !has(&g, AMERICAN, "subordinate-knox-to-washington"),
        "Knox is under Gates, who is not activated"
    );
}

// rule: gml 5.6, 6.11
// ruling: gml #50
// 5.6: casualty checks are made "when a leader is alone in a space entered
// by enemy units". Ruling #50: a leader moving without units who enters a
// space of enemy land units "is then 'a leader alone in a space' with
// enemy units". Gates, moving alone, rejoins his Continental at Saratoga,
// which British units share: he is not alone there, yet he is checked
// (8: captured).
#[test]
fn a_leader_joining_his_own_units_in_a_shared_space_is_not_checked() {
    let mut g = cleared("saratoga", Phase::Activation(AMERICAN));
    let gates = put_leader(&mut g, "gates", "albany");
    put(&mut g, AMERICAN, Kind::Continental, 2, "saratoga");
    put(&mut g, BRITISH, Kind::British, 1, "saratoga");
    activations(&mut g, AMERICAN, 1);
    act(&mut g, AMERICAN, "activate-gates");
    act(&mut g, AMERICAN, "done");
    act(&mut g, AMERICAN, "move-gates");
    g.core.dice.script([8]);
    act(&mut g, AMERICAN, "step-saratoga");
    assert_eq!(
        leader_at(&g, gates),
        "saratoga",
        "Gates is with his own units, not alone:\n{}",
        log_text(&g)
    );
    assert_eq!(g.core.dice.scripted_left(), 1, "no casualty roll");
}
