//! The Line of Supply Length Chart.

use fiw::supply::{Step, SupplyLine};

#[test]
fn routes_reach_further_than_overland_paths() {
    // rule: fiw 18.61, 13.5
    let s = SupplyLine::read(None).unwrap();
    assert!(s.length(&[Step::Road]) < s.length(&[Step::Overland]));
    // The longest line along a route, and overland.
    let along = s.limit / s.length(&[Step::River]);
    let across = s.limit / s.length(&[Step::Overland]);
    assert!(s.reaches(&vec![Step::River; along as usize]));
    assert!(!s.reaches(&vec![Step::River; along as usize + 1]));
    assert!(across >= 1 && across < along);
    assert!(s.reaches(&[]), "a force on its magazine");
}
