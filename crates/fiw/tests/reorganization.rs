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
