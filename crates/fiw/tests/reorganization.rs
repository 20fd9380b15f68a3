//! 19.0 Reorganization and 26.0 Legions.

mod common;

use common::*;
use engine::prelude::*;
use fiw::actions::Action;

fn faces_at(g: &fiw::Fiw, at: &str) -> Vec<String> {
    let mut v: Vec<String> = g.units_at(sq(at)).map(|u| g.face(u).id.clone()).collect();
    v.sort();
    v
}

/// The rule "why not?" cites first for a British target.
fn refused(g: &fiw::Fiw, target: &str) -> &'static str {
    match engine::why_not(g, BRITISH, target) {
        engine::WhyNot::Forbidden { rules } => rules[0].rule,
        other => panic!("{target}: {other:?}"),
    }
}

/// A British force of units of these faces formed in 1109 on an emptied
/// map: the game and the units.
fn formed(faces: &[&str]) -> (fiw::Fiw, Vec<fiw::state::UnitId>) {
    let mut g = cleared(BRITISH);
    let units: Vec<_> = faces.iter().map(|f| put(&mut g, f, "1109")).collect();
    form(&mut g, BRITISH, "1109", &pieces(&units));
    (g, units)
}

#[test]
fn three_detachments_make_a_regiment_and_a_regiment_breaks_into_three() {
    // rule: fiw 19.0, 10.72
    let (mut g, d) = formed(&["br-line-det"; 3]);
    act(&mut g, BRITISH, Action::Combine(d[0]));
    assert_eq!(faces_at(&g, "1109"), vec!["br-line"]);
    // A reorganized force must set out (it may stop at once).
    assert!(!legal(&g, BRITISH).contains(&Action::Halt));
    // Not broken down again while forming: undo is the way back.
    let r = g.units_at(sq("1109")).next().unwrap();
    assert!(!legal(&g, BRITISH).contains(&Action::BreakDown(r)));
    act(&mut g, BRITISH, Action::Go);
    act(&mut g, BRITISH, Action::Halt);
    assert!(logged(&g, "reorganize units in"), "the French read only that");

    let (mut g, r) = formed(&["br-line"]);
    act(&mut g, BRITISH, Action::BreakDown(r[0]));
    assert_eq!(faces_at(&g, "1109"), vec!["br-line-det"; 3]);
    assert!(!legal(&g, BRITISH).iter().any(|a| matches!(a, Action::Combine(_))));
}

#[test]
fn a_legion_is_two_regular_line_regiments_and_a_light_one() {
    // rule: fiw 19.0, 26.0, 2.33
    let (mut g, units) = formed(&["br-light", "br-line", "br-line"]);
    let light = units[0];
    act(&mut g, BRITISH, Action::FormLegion(light));
    assert_eq!(faces_at(&g, "1109"), vec!["br-comb"]);
    // 26.0 heavy or light at the owner's direction.
    let legion = g.units_at(sq("1109")).next().unwrap();
    assert!(!g.is_light(legion));
    act(&mut g, BRITISH, Action::Light(legion));
    assert!(g.is_light(legion));
    // Switched once and not broken down while forming: undo goes back.
    let v = legal(&g, BRITISH);
    assert!(!v.contains(&Action::Light(legion)) && !v.contains(&Action::BreakDown(legion)));

    let (mut g, legion) = formed(&["br-comb"]);
    act(&mut g, BRITISH, Action::BreakDown(legion[0]));
    assert_eq!(faces_at(&g, "1109"), vec!["br-light", "br-line", "br-line"]);
    assert!(!legal(&g, BRITISH).iter().any(|a| matches!(a, Action::FormLegion(_))));
}

#[test]
fn only_alike_units_combine() {
    // rule: fiw 19.0
    let (g, _) = formed(&["br-line-det", "br-line-det", "br-light-det"]);
    assert!(!legal(&g, BRITISH).iter().any(|x| matches!(x, Action::Combine(_))));
}

#[test]
fn reorganizing_in_a_later_phase_costs_the_force_its_supply_point() {
    // rule: fiw 19.0, 12.2
    let mut g = cleared(BRITISH);
    let d: Vec<_> = (0..3).map(|_| put(&mut g, "br-line-det", "0713")).collect();
    idle_until(&mut g, |g| {
        g.phase
            == (fiw::state::Phase::Operations {
                round: 2,
                seat: BRITISH,
            })
    });
    let sp = g.supply[BRITISH as usize];
    form(&mut g, BRITISH, "0713", &pieces(&d));
    act(&mut g, BRITISH, Action::Combine(d[0]));
    act(&mut g, BRITISH, Action::Go);
    assert_eq!(g.supply[BRITISH as usize], sp - 1);
}

#[test]
fn units_are_not_reorganized_while_setting_up() {
    // rule: fiw 19.1
    // Each set-up line places units at the echelon it names; the only
    // choices are where (and, 35.3 4.0, on which face), save what the
    // scenario allows: 35.3 4.4 British provincial regiments broken down.
    let mut g = fiw::Fiw::new(&engine::Setup::new("on-to-quebec", 4));
    let mut lines = 0;
    while let Some(fiw::frames::Frame::Deploy { seat, line, .. }) = g.stack.last().cloned() {
        let v = legal(&g, seat);
        let allowed = |a: &Action| match a {
            Action::Deploy { .. } => true,
            Action::DeployBroken { .. } => g.broken_down(line).is_some(),
            _ => false,
        };
        assert!(v.iter().all(allowed), "{v:?}");
        g.apply_legal(seat, &v[0]);
        lines += 1;
    }
    assert!(lines > 20);
}

/// 19.0: "Units may be reorganized at the start of any movement phase. It
/// costs no movement points, but the player must initiate a movement phase
/// in order to perform reorganization"; 12.3 counts reorganizing as an
/// operation "even if the force doesn't move". 23.24: "Besieged units may
/// not exit the fortress", which reorganizing in place does not do. So a
/// besieged garrison forms a force of its own (23.25: apart from a relief
/// force) that reorganizes and stays inside; before, a besieged unit could
/// join no force at all, and the garrison could never combine.
#[test]
fn a_besieged_garrison_reorganizes_inside_its_fortress() {
    // rule: fiw 19.0, 23.24
    // rule: fiw 23.25, 12.3
    // ruling: fiw #74
    let mut g = in_operations();
    let sq = open_square(fiw::map::Terrain::Clear, |c| c != fiw::map::Colony::Florida);
    let garrison: Vec<_> = (0..3).map(|_| put(&mut g, "br-line-det", sq)).collect();
    for &u in &garrison {
        g.units[u as usize].inside = true;
    }
    let amherst = put_leader(&mut g, "amherst", sq);
    g.leaders[amherst as usize].inside = true;
    put_marker(&mut g, fiw::civilization::Marker::Fortress, sq, BRITISH);
    put(&mut g, "fr-ang", sq);
    let relief = put(&mut g, "br-line", sq);
    assert!(g.besieged(sq));
    g.stack.push(fiw::frames::Frame::Movement {
        seat: BRITISH,
        passed: Vec::new(),
        passed_naval: Vec::new(),
    });
    form(&mut g, BRITISH, sq, &pieces(&garrison));
    // 23.25 the relief force beside it is a force of its own.
    assert!(!legal(&g, BRITISH).contains(&Action::Add(fiw::actions::Piece::Unit(relief))));
    assert_eq!(refused(&g, &format!("u{relief}")), "23.25");
    // Forming only to reorganize: it sets out only once it has.
    assert!(!legal(&g, BRITISH).contains(&Action::Go));
    act(&mut g, BRITISH, Action::Combine(garrison[0]));
    act(&mut g, BRITISH, Action::Go);
    // 23.24: it does not leave the fortress, so its move ends by itself.
    assert!(
        matches!(g.stack.last(), Some(fiw::frames::Frame::Movement { .. })),
        "23.24: it does not leave the fortress"
    );
    let regiment = g
        .units_at(sq)
        .find(|&u| g.face(u).id == "br-line" && u != relief)
        .expect("the regiment made");
    assert!(g.units[regiment as usize].inside && g.besieged(sq));
    // 23.26 the siege goes on: Amherst, left out, is still inside.
    assert!(g.leaders[amherst as usize].inside && !g.units[relief as usize].inside);
}

/// 19.0 sets no place for reorganizing, and 11.3 lets a force "begin that
/// movement phase in the same square or same home base area": a legion in
/// Great Britain breaks down there (the force has no land move to make,
/// 21.1), and its regiments share the fleets' room with three brigades
/// the next phase (ruling fiw #68: three fleets carry three three-regiment
/// units, not four). Before, no land force formed in a home base.
#[test]
fn a_legion_breaks_down_in_the_home_base_to_fit_aboard_the_fleets() {
    // rule: fiw 19.0, 11.3
    // rule: fiw 21.1, 20.32
    // ruling: fiw #68, #75
    let mut g = cleared(BRITISH);
    let britain = fiw::state::Place::Base(fiw::state::Base::Britain);
    let fleets: Vec<_> = (0..3).map(|_| put(&mut g, "br-fleet", britain)).collect();
    let brigades: Vec<_> = (0..3).map(|_| put(&mut g, "br-brigade", britain)).collect();
    let legion = put(&mut g, "br-comb", britain);
    form(&mut g, BRITISH, britain, &pieces(&[legion]));
    assert!(!legal(&g, BRITISH).contains(&Action::Go));
    act(&mut g, BRITISH, Action::BreakDown(legion));
    act(&mut g, BRITISH, Action::Go);
    // It may go nowhere: its move ends by itself (13.1).
    assert!(matches!(g.stack.last(), Some(fiw::frames::Frame::Movement { .. })));
    let regiments: Vec<_> = g
        .units_in(britain)
        .filter(|u| !fleets.contains(u) && !brigades.contains(u))
        .collect();
    let mut faces: Vec<_> = regiments.iter().map(|&u| g.face(u).id.clone()).collect();
    faces.sort();
    assert_eq!(faces, ["br-light", "br-line", "br-line"]);
    idle_until(&mut g, |g| {
        g.phase
            == (fiw::state::Phase::Operations {
                round: 2,
                seat: BRITISH,
            })
    });
    act(&mut g, BRITISH, Action::FormNaval(britain));
    for &f in &fleets {
        act(&mut g, BRITISH, Action::Add(fiw::actions::Piece::Unit(f)));
    }
    for &u in brigades.iter().chain(&regiments) {
        act(&mut g, BRITISH, Action::Embark(fiw::actions::Piece::Unit(u)));
    }
    act(&mut g, BRITISH, Action::SetSail);
}

/// 23.26: "A Siege remains in effect until: 1) all besieging units move
/// out of the square or are eliminated". Besiegers who reorganize stay in
/// the square, so the garrison stays shut in; before, the counters going
/// to the mix ended the siege for a moment and freed the garrison.
#[test]
fn besiegers_who_reorganize_keep_the_siege() {
    // rule: fiw 19.0, 23.26
    // ruling: fiw #74
    let mut g = in_operations();
    let sq = open_square(fiw::map::Terrain::Clear, |c| c != fiw::map::Colony::Florida);
    let garrison = put(&mut g, "fr-ang", sq);
    g.units[garrison as usize].inside = true;
    put_marker(&mut g, fiw::civilization::Marker::Fortress, sq, FRENCH);
    let besiegers: Vec<_> = (0..3).map(|_| put(&mut g, "br-line-det", sq)).collect();
    g.stack.push(fiw::frames::Frame::Movement {
        seat: BRITISH,
        passed: Vec::new(),
        passed_naval: Vec::new(),
    });
    form(&mut g, BRITISH, sq, &pieces(&besiegers));
    act(&mut g, BRITISH, Action::Combine(besiegers[0]));
    assert!(g.besieged(sq) && g.units[garrison as usize].inside);
}

/// 26.0 "That choice may be made and changed at any time in the turn": a
/// legion made light in the 1st operations phase stays light after it,
/// and is made heavy again when it forms a force in the 2nd.
#[test]
fn a_legion_keeps_its_choice_until_its_owner_changes_it() {
    // rule: fiw 26.0, 12.0
    let (mut g, legion) = formed(&["br-comb"]);
    let legion = legion[0];
    act(&mut g, BRITISH, Action::Light(legion));
    act(&mut g, BRITISH, Action::Go);
    act(&mut g, BRITISH, Action::Halt);
    idle_until(&mut g, |g| {
        g.phase
            == (fiw::state::Phase::Operations {
                round: 2,
                seat: BRITISH,
            })
    });
    assert!(g.is_light(legion), "still light in the 2nd phase");
    form(&mut g, BRITISH, "1109", &pieces(&[legion]));
    act(&mut g, BRITISH, Action::Light(legion));
    assert!(!g.is_light(legion), "heavy again");
}
