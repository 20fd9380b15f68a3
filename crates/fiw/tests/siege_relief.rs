//! 23.25, ruling fiw #17: a relief force left beside the besiegers once the
//! garrison is gone is no garrison: the siege is over, it takes nothing of
//! the fortress and forages at the square's value (found by session 32's
//! audit of chapters 14-19). 22.5: while a siege with a relief force lasts
//! nobody destroys a marker there; once it is over the victors may.
//! Positions are scripted as in `battle.rs`.

mod common;

use common::*;
use engine::prelude::*;
use engine::Seat;
use fiw::actions::Action;
use fiw::civilization::Marker;
use fiw::frames::Frame;
use fiw::map::{Colony, Sq, Terrain};
use fiw::state::{Phase, Place, Sub, UnitId};
use fiw::Fiw;

fn open(terrain: Terrain) -> Sq {
    common::open_square(terrain, |c| c != Colony::Florida)
}

/// The combat sub-phase of `seat` in operations phase `round` begins.
fn fight_in(g: &mut Fiw, seat: Seat, round: u8) {
    g.phase = Phase::Operations { round, seat };
    g.sub = Sub::InvasionReaction;
    g.stack.clear();
    g.advance();
}

/// In `seat`'s movement sub-phase, pushed on the stack, a force of every
/// unit of `seat` in `from` steps into `to` (as `battle.rs`).
fn step_in(g: &mut Fiw, seat: Seat, from: Sq, to: Sq) {
    g.stack.push(Frame::Movement {
        seat,
        passed: Vec::new(),
        passed_naval: Vec::new(),
    });
    act_id(g, seat, &format!("form-{from}"));
    for u in g.units_at(from).collect::<Vec<_>>() {
        if g.side(u) == seat {
            act_id(g, seat, &format!("add-u{u}"));
        }
    }
    act_id(g, seat, "go");
    act_id(g, seat, &format!("step-{to}"));
}

/// A French fortress in an open square of `terrain` holding a French
/// garrison of `garrison`; three British regiments march in from the west
/// side and besiege it (23.22): the game, the square, the garrison.
fn siege_of(terrain: Terrain, garrison: &[&str]) -> (Fiw, Sq, Vec<UnitId>) {
    let mut g = in_operations();
    let sq = open(terrain);
    let inside: Vec<UnitId> = garrison.iter().map(|f| put(&mut g, f, sq)).collect();
    put_marker(&mut g, Marker::Fortress, sq, FRENCH).printed = true;
    let from = sq.orthogonal().next().unwrap();
    for f in ["br-line", "br-line", "br-line"] {
        put(&mut g, f, from);
    }
    step_in(&mut g, BRITISH, from, sq);
    assert!(inside.iter().all(|&u| g.units[u as usize].inside));
    assert!(g.besieged(sq));
    (g, sq, inside)
}

/// The siege of a French fortress in clear country with a French relief
/// force of `relief` beside the garrison (23.25: outside the fortress);
/// then the one garrison regiment starves (18.4) or is otherwise lost:
/// the game, the square and the relief force.
fn garrison_lost(relief: &[&str]) -> (Fiw, Sq, Vec<UnitId>) {
    let (mut g, sq, garrison) = siege_of(Terrain::Clear, &["fr-ang"]);
    let relief: Vec<UnitId> = relief.iter().map(|f| put(&mut g, f, sq)).collect();
    assert!(relief.iter().all(|&u| !g.units[u as usize].inside));
    g.to_pool(garrison[0]);
    (g, sq, relief)
}

/// 23.25 "Relief Forces. Forces friendly to the besieged force may enter
/// the square. They form a force separate from the besieged force. They may
/// not enter the fortress unless all besieging forces are removed from the
/// square. If conducting combat, all units are combined, but the relief
/// force doesn't gain any advantage from the fortress." When the garrison
/// is gone (starved) the besiegers are still in the square: the relief
/// force has not entered the fortress and may not take its tripling.
#[test]
fn a_relief_force_takes_no_fortress_multiple_when_the_garrison_is_gone() {
    // rule: fiw 23.25, 23.26, 15.74
    let (mut g, _, _) = garrison_lost(&["fr-bearn"]);
    g.core.dice.script([3]);
    fight_in(&mut g, BRITISH, 1);
    let options = ids(&g, FRENCH);
    assert!(
        !options.contains(&"defend-fortress".to_string()),
        "the relief force is offered the fortress it never entered: {options:?}"
    );
}

/// 23.25 a relief force is no besieger; 23.22 only besiegers "forage as if
/// they were in a settlement square"; ruling fiw #54 "a relief force
/// foraging alone is no besieger and forages at the square's value";
/// ruling fiw #17 the siege ends with the last of the garrison. Three
/// French regiments left in a clear square (forage 2) once their garrison
/// starved must feed on 2 regiments' worth, not on the settled row's 3.
#[test]
fn a_relief_force_forages_at_the_squares_value_once_the_garrison_is_gone() {
    // rule: fiw 18.32, 18.4, 23.22, 23.25
    // ruling: fiw #54
    let (mut g, sq, relief) = garrison_lost(&["fr-bearn", "fr-burg", "fr-camb"]);
    g.stack.clear();
    g.first = FRENCH;
    g.supply[FRENCH as usize] = 0;
    g.phase = Phase::Provisioning(FRENCH);
    g.provisioning(FRENCH);
    // Finish any choice by starving the first unit offered.
    while let Some(&Frame::Provision { seat, .. }) = g.stack.last() {
        let v = legal(&g, seat);
        let a = v.iter().find(|a| matches!(a, Action::Starve(_))).copied().unwrap();
        act(&mut g, seat, a);
    }
    let fed = relief
        .iter()
        .filter(|&&u| g.units[u as usize].at() == Place::Sq(sq))
        .count();
    assert_eq!(
        fed, 2,
        "clear country feeds two regiments; the relief force ate as besiegers do"
    );
}

/// The combat sub-phase is over: the next movement sub-phase waits.
fn over(g: &Fiw) -> bool {
    g.sub == Sub::Movement
}

/// 22.5 "A player may, at the end of any friendly combat phase, destroy
/// any civilization marker in a square his combat units occupy ... This
/// may not be done in siege situations." 23.21 both sides in a fortress
/// square: "In such a situation, a siege is said to be taking place";
/// 23.25 a relief force beside the garrison does not end it. Neither the
/// French (garrison and relief force) nor the British besiegers may
/// destroy the fortress or the magazine inside while the siege lasts.
#[test]
fn no_marker_is_destroyed_in_a_siege_with_a_relief_force() {
    // rule: fiw 22.5, 23.21, 23.23, 23.25
    for seat in [FRENCH, BRITISH] {
        let (mut g, sq, _) = siege_of(Terrain::Clear, &["fr-ang"]);
        put_marker(&mut g, Marker::Magazine, sq, FRENCH);
        put(&mut g, "fr-bearn", sq);
        assert!(g.besieged(sq));
        fight_in(&mut g, seat, 1);
        act_id(&mut g, seat, &format!("no-attack-{sq}"));
        assert!(over(&g), "no marker may be destroyed: {:?}", ids(&g, seat));
        assert!(g.destroyable(seat).is_empty());
        assert!(g.civ(sq, Marker::Fortress).is_some() && g.civ(sq, Marker::Magazine).is_some());
    }
}

/// 23.26 "A Siege remains in effect until ... 2) the besieging force
/// captures the fortress": once the garrison and its relief force are
/// destroyed and the fortress taken (22.6), the siege is over by the end
/// of the combat phase and 22.5 lets the victors destroy what they took.
#[test]
fn markers_may_be_destroyed_once_the_siege_is_over() {
    // rule: fiw 22.5, 22.6, 23.25, 23.26
    let (mut g, sq, _) = siege_of(Terrain::Clear, &["fr-ang"]);
    put_marker(&mut g, Marker::Magazine, sq, FRENCH);
    put(&mut g, "fr-bearn", sq);
    for _ in 0..3 {
        put(&mut g, "br-brigade", sq);
    }
    fight_in(&mut g, BRITISH, 1);
    act_id(&mut g, BRITISH, &format!("attack-{sq}"));
    // 60 against 5 x 3 + 5 = 20: 3:1 on the Linear table, a 5 is DD; then
    // the Capture Table's 4 for the fortress and for the magazine.
    g.core.dice.script([5, 4, 4]);
    act_id(&mut g, FRENCH, "defend-fortress");
    assert!(!g.besieged(sq));
    assert_eq!(g.works(sq), Some((fiw::map::Works::Fortress, BRITISH)));
    assert_eq!(
        ids(&g, BRITISH),
        [
            format!("destroy-{sq}-fortress"),
            format!("destroy-{sq}-magazine"),
            "end-combat".to_string()
        ]
    );
    act_id(&mut g, BRITISH, &format!("destroy-{sq}-fortress"));
    assert_eq!(g.fortified(sq), None);
}

/// 17.4 "If, at the end of a friendly combat phase, a friendly combat unit
/// is in a square that contains one or more enemy leaders and no combat
/// units friendly to those leaders, follow the capture procedure." 23.22,
/// 23.24: Montcalm marching alone to the relief of a besieged fortress
/// stays outside it, among the besiegers, and the garrison inside is not
/// beside him: at the end of the British combat phase he rolls (3 + 1
/// against a 6) and is captured. De Lévis, inside with the garrison, is
/// shielded by it and rolls nothing. Before, the garrison shielded both.
#[test]
fn a_leader_alone_outside_a_besieged_fortress_is_checked_for_capture() {
    // rule: fiw 17.4, 17.41, 23.22, 23.24, 23.25
    // ruling: fiw #82
    let (mut g, sq, _) = siege_of(Terrain::Clear, &["fr-ang"]);
    let levis = put_leader(&mut g, "de-levis", sq);
    g.leaders[levis as usize].inside = true;
    let from = sq.orthogonal().nth(1).unwrap();
    let montcalm = put_leader(&mut g, "montcalm", from);
    g.stack.push(Frame::Movement {
        seat: FRENCH,
        passed: Vec::new(),
        passed_naval: Vec::new(),
    });
    act_id(&mut g, FRENCH, &format!("form-{from}"));
    act_id(&mut g, FRENCH, &format!("add-l{montcalm}"));
    act_id(&mut g, FRENCH, "go");
    act_id(&mut g, FRENCH, &format!("step-{sq}"));
    assert_eq!(g.leaders[montcalm as usize].at, Place::Sq(sq));
    assert!(
        !g.leaders[montcalm as usize].inside,
        "23.24: he may not enter the fortress"
    );
    fight_in(&mut g, BRITISH, 1);
    g.core.dice.script([6]);
    act_id(&mut g, BRITISH, &format!("no-attack-{sq}"));
    assert_eq!(g.leaders[montcalm as usize].at, Place::Prisoner);
    assert_eq!(g.leaders[levis as usize].at, Place::Sq(sq));
    assert!(g.besieged(sq) && g.leaders[levis as usize].inside);
}
