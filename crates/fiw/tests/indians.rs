//! The Indian Table.

use fiw::indians::{Condition, IndianTable, Outcome};

#[test]
fn indians_go_home_but_never_change_sides() {
    // rule: fiw 25.4, 25.1
    let t = IndianTable::read(None).unwrap();
    // Outcomes are staying or going home only: sides change by random event alone (25.1).
    let natural: Vec<Outcome> = (1..=6).map(|r| t.result(r, &[])).collect();
    assert!(natural.contains(&Outcome::AllHome) && natural.contains(&Outcome::Stay));
    // A leader and a village keep them better.
    let held = |c: &[Condition]| (1..=6).filter(|&r| t.result(r, c) == Outcome::Stay).count();
    assert!(held(&[Condition::Leader, Condition::Village]) > held(&[]));
}
