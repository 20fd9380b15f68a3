//! The Negotiation Table.

use fiw::negotiations::{NegotiationTable, Outcome, Target};

#[test]
fn a_zero_diplomacy_leader_may_still_succeed() {
    // rule: fiw 16.32
    let n = &fiw::tables::tables().negotiation;
    // Diplomacy 0, no pounds, no opponent: a differential of 0.
    assert!((1..=6).any(|r| matches!(n.result(Target::Village, 0, r), Outcome::Indians(_))));
}

#[test]
fn differentials_beyond_the_columns_read_the_last() {
    // rule: fiw 16.1
    let n = NegotiationTable::read(None).unwrap();
    for target in [Target::Capital, Target::Village] {
        for roll in 1..=6 {
            assert_eq!(n.result(target, 12, roll), n.result(target, 6, roll));
            assert_eq!(n.result(target, -5, roll), n.result(target, -1, roll));
        }
    }
}

#[test]
fn a_higher_differential_never_does_worse() {
    // rule: fiw 16.1, 5.24, 10.4, 17.4
    let n = NegotiationTable::read(None).unwrap();
    let rank = |o: Outcome| match o {
        Outcome::LeaderEliminated => 0,
        Outcome::EnemyIndians => 1,
        Outcome::Nothing => 2,
        Outcome::Shift | Outcome::Indians(1) => 3,
        Outcome::ShiftAndMilitia | Outcome::Indians(_) => 4,
    };
    for target in [Target::Capital, Target::Village] {
        for roll in 1..=6 {
            for d in -1..6 {
                assert!(
                    rank(n.result(target, d + 1, roll)) >= rank(n.result(target, d, roll)),
                    "{target:?} {d} {roll}"
                );
            }
        }
        // Negotiations can activate colonies (5.24) and raise Indians (10.4), and can cost a leader (17.4).
        let cells: Vec<Outcome> = (1..=6)
            .flat_map(|r| (-1..=6).map(move |d| (d, r)))
            .map(|(d, r)| n.result(target, d, r))
            .collect();
        assert!(cells.contains(&Outcome::LeaderEliminated));
        match target {
            Target::Capital => assert!(cells.contains(&Outcome::Shift)),
            Target::Village => assert!(cells.contains(&Outcome::Indians(2))),
        }
    }
}
