//! The odds, the choice of table, the die roll modifiers and both Combat
//! Results Tables against 15.x, 11.5, 17.4, 23.27 and 32.1.

use fiw::combat::{leader_drm, odds, siege_multiple, tables_allowed, CombatTables, Crt, Loss, Odds, ODDS};

#[test]
fn odds_round_as_the_examples() {
    // rule: fiw 15.71, 15.73
    assert_eq!(odds(14, 5), Odds::TwoToOne, "2.8:1 drops the .8");
    assert_eq!(odds(6, 10), Odds::OneToTwo, "1:1.67 rounds to 1:2");
    assert_eq!(odds(7, 4), Odds::ThreeToTwo, "1.75:1 rounds down to 1.5:1");
    assert_eq!(odds(6, 4), Odds::ThreeToTwo, "exactly 50 percent more");
    assert_eq!(odds(7, 5), Odds::OneToOne, "less than 50 percent more");
    assert_eq!(odds(8, 4), Odds::TwoToOne, "twice as much");
    assert_eq!(odds(5, 5), Odds::OneToOne);
    assert_eq!(odds(5, 11), Odds::OneToThree, "1:2.2 rounds up to 1:3");
}

#[test]
fn odds_beyond_the_table() {
    // rule: fiw 15.72
    assert_eq!(odds(1, 9), Odds::OneToThree, "1:9 is 1:3");
    assert_eq!(odds(30, 3), Odds::FourToOne, "10:1 is 4:1");
    assert_eq!(odds(13, 3), Odds::FourToOne);
    assert_eq!(odds(11, 3), Odds::ThreeToOne);
}

#[test]
fn the_attacker_chooses_by_half_his_printed_factors() {
    // rule: fiw 15.6, 15.61, 15.62, 15.63
    assert_eq!(tables_allowed(10, 4), [Crt::Linear]);
    assert_eq!(tables_allowed(4, 10), [Crt::Raid]);
    assert_eq!(
        tables_allowed(5, 5),
        [Crt::Linear, Crt::Raid],
        "50 percent each: either"
    );
}

#[test]
fn leader_modifiers_are_the_difference() {
    // rule: fiw 15.8
    let t = CombatTables::embedded();
    let drm = leader_drm(&[2], &[1]);
    assert_eq!(drm, 1, "2 - 1");
    assert_eq!(4 + drm, 5, "a 4 becomes a 5");
    // One leader each: the best counts, not the sum.
    assert_eq!(leader_drm(&[1, 2, 1], &[]), 2);
    assert_eq!(leader_drm(&[], &[3]), -3);
    // A modified roll beyond the table reads its last row.
    assert_eq!(
        t.result(Crt::Linear, Odds::OneToOne, 9),
        t.result(Crt::Linear, Odds::OneToOne, 7)
    );
    assert_eq!(
        t.result(Crt::Raid, Odds::OneToOne, -2),
        t.result(Crt::Raid, Odds::OneToOne, 0)
    );
}

#[test]
fn every_result_leaves_one_side_gone_or_retreated() {
    // rule: fiw 11.5
    let t = CombatTables::embedded();
    for crt in [Crt::Linear, Crt::Raid] {
        for (roll, row) in t.table(crt).rows.iter() {
            for (i, r) in row.iter().enumerate() {
                let gone = |s: fiw::combat::SideResult| s.loss == Loss::All || s.retreat;
                assert!(
                    gone(r.attacker) || gone(r.defender),
                    "{crt:?} roll {roll} {}: {}",
                    ODDS[i].0,
                    r.code
                );
                assert!(r.ends_battle());
            }
        }
    }
}

#[test]
fn the_results_the_rules_name_are_on_the_tables() {
    // rule: fiw 17.4, 32.1, 15.1
    let t = CombatTables::embedded();
    let all: Vec<_> = [Crt::Linear, Crt::Raid]
        .iter()
        .flat_map(|&c| {
            t.table(c)
                .rows
                .iter()
                .flat_map(|(_, row)| row.to_vec())
                .collect::<Vec<_>>()
        })
        .collect();
    for code in ["DD", "BB", "AR", "DR"] {
        assert!(all.iter().any(|r| r.code == code), "{code}");
    }
    assert!(all.iter().any(|r| r.leaders_eliminated), "17.4 all leaders eliminated");
    // Both tables cover every natural roll with every odds column (15.72-15.73: 1:3 to 4:1 with 1.5:1).
    for crt in [Crt::Linear, Crt::Raid] {
        let b = t.table(crt).rows.bounds();
        assert!(*b.start() <= 1 && *b.end() >= 6);
    }
}

#[test]
fn refusing_the_honours_turns_dd_into_bb() {
    // rule: fiw 32.1
    let t = CombatTables::embedded();
    let dd = t.result(Crt::Linear, Odds::FourToOne, 6);
    assert_eq!(dd.code, "DD");
    let bb = dd.refused_honours();
    assert_eq!(bb.code, "BB");
    assert_eq!((bb.attacker.loss, bb.defender.loss), (Loss::Half, Loss::All));
    let dr = t.result(Crt::Linear, Odds::OneToOne, 5);
    assert_eq!(dr.refused_honours(), dr, "only DD changes");
}

#[test]
fn siege_trains_double_once_against_works() {
    // rule: fiw 23.27
    assert_eq!(siege_multiple(1, 0, true), 2);
    assert_eq!(siege_multiple(3, 0, true), 2, "ruling fiw #18: doubled once");
    assert_eq!(siege_multiple(1, 1, true), 1, "negated one for one");
    assert_eq!(siege_multiple(2, 1, true), 2);
    assert_eq!(siege_multiple(2, 0, false), 1, "forts and fortresses only");
}

#[test]
fn better_odds_and_rolls_never_hurt_the_attacker() {
    // rule: fiw 15.1
    // A check of the reconstruction: each table gets no worse for the attacker to the right or down.
    let rank = |code: &str, star: bool| {
        let base = ["AE", "AL", "AR", "DR", "DL", "BB", "DD"]
            .iter()
            .position(|c| *c == code)
            .unwrap() as i32
            * 2;
        // Losing one's own leaders is worse; the enemy's, better.
        base + if star {
            if code.starts_with('A') {
                -1
            } else {
                1
            }
        } else {
            0
        }
    };
    let t = CombatTables::embedded();
    for crt in [Crt::Linear, Crt::Raid] {
        let rows: Vec<Vec<i32>> = t
            .table(crt)
            .rows
            .iter()
            .map(|(_, row)| row.iter().map(|r| rank(r.code, r.leaders_eliminated)).collect())
            .collect();
        for (i, row) in rows.iter().enumerate() {
            for j in 0..row.len() {
                if j > 0 {
                    assert!(row[j] >= row[j - 1], "{crt:?} row {i} col {j}");
                }
                if i > 0 {
                    assert!(row[j] >= rows[i - 1][j], "{crt:?} row {i} col {j}");
                }
            }
        }
    }
}

#[test]
fn raids_melt_away_lines_are_decisive() {
    // rule: fiw 15.6
    // The two tactical styles (designer's notes): no AE on the Raid table, more eliminations on the Linear.
    let t = CombatTables::embedded();
    let count = |crt, code: &str| {
        t.table(crt)
            .rows
            .iter()
            .flat_map(|(_, row)| row.to_vec())
            .filter(|r| r.code == code)
            .count()
    };
    assert_eq!(count(Crt::Raid, "AE"), 0);
    assert!(count(Crt::Linear, "AE") + count(Crt::Linear, "DD") > count(Crt::Raid, "DD"));
}
