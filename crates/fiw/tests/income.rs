//! The Home Government Income and Expenditure tables.

use fiw::forces::UnitType;
use fiw::income::{HomeGovernment, Item, Origin, Placement, Power};

#[test]
fn supply_points_cost_two_then_three() {
    // rule: fiw 18.1
    let e = fiw::tables::Tables::read(None).unwrap().expenditure;
    assert_eq!(e.supply_points(0, 10), 20);
    assert_eq!(e.supply_points(0, 12), 26);
    assert_eq!(e.supply_points(8, 4), 2 * 2 + 2 * 3);
    assert_eq!(e.supply_points(10, 1), 3);
}

#[test]
fn leaders_are_at_the_bottom_of_the_expenditure_table() {
    // rule: fiw 17.5, 31.4
    // The errata: "The cost to recruit Leaders is listed at the bottom of the chart".
    let e = fiw::tables::tables().expenditure.clone();
    let n = e.lines.len();
    let leaders = [Item::LeaderNamed, Item::LeaderBrigadier, Item::LeaderChief];
    assert!(e.lines[n - 3..].iter().all(|l| leaders.contains(&l.item)));
    // Just above them, the massacre marker's removal, paid in supply points (31.4).
    assert_eq!(e.lines[n - 4].item, Item::Massacre);
    assert!(e.lines[n - 4].supply > 0);
}

#[test]
fn everything_purchasable_has_a_price_and_a_place() {
    // rule: fiw 9.2, 10.1, 10.2, 10.6, 10.7, 22.1, 22.7
    let e = &fiw::tables::tables().expenditure;
    use UnitType::*;
    for (t, o) in [
        (Line, Origin::Regular),
        (Light, Origin::Regular),
        (Grenadiers, Origin::Regular),
        (SiegeTrain, Origin::Regular),
        (Engineers, Origin::Regular),
        (Fleet, Origin::Regular),
        (Line, Origin::Provincial),
        (Militia, Origin::Provincial),
        (Rangers, Origin::Provincial),
        (Riverine, Origin::Provincial),
    ] {
        let c = e.cost(Item::Unit(t), Some(o)).unwrap_or_else(|| panic!("{t:?} {o:?}"));
        let home = if o == Origin::Regular {
            Placement::HomeBase
        } else {
            Placement::OwnCityTown
        };
        assert_eq!(
            c.placement, home,
            "{t:?}: regulars at home (10.1, 10.2), provincials in their colony"
        );
    }
    // Regulars cost more than provincials, who cost more than militia.
    let p = |t, o| e.cost(Item::Unit(t), Some(o)).unwrap().pounds;
    assert!(p(Line, Origin::Regular) > p(Line, Origin::Provincial));
    assert!(p(Line, Origin::Provincial) > p(Militia, Origin::Provincial));
    // 10.4 Indians come by negotiation only; 19.0 legions and brigades by reorganisation.
    assert!(e.cost(Item::Unit(Indians), None).is_none());
    assert!(e.cost(Item::Unit(Legion), Some(Origin::Regular)).is_none());
    // 22.7 fortresses and trails need an engineer.
    assert_eq!(
        e.cost(Item::Fortress, None).unwrap().placement,
        Placement::EngineerSquare
    );
    assert_eq!(e.cost(Item::Trail, None).unwrap().placement, Placement::EngineerSquare);
}

#[test]
fn the_war_changes_the_home_government_columns() {
    // rule: fiw 9.1, 28.2
    let h = HomeGovernment::read(None).unwrap();
    for roll in 1..=7 {
        assert!(
            h.income(Power::British, true, roll) > h.income(Power::British, false, roll),
            "the war tilts to Britain"
        );
        assert!(h.income(Power::French, true, roll) <= h.income(Power::French, false, roll));
        assert!(h.income(Power::Spanish, true, roll) > 0);
    }
    // The rows never pay less for a higher roll.
    for p in [Power::British, Power::French, Power::Spanish] {
        for war in [false, true] {
            assert!((1..7).all(|r| h.income(p, war, r) <= h.income(p, war, r + 1)));
        }
    }
    // The scenarios' treasuries (35.x: 5 and 10) are one or two years' income.
    assert!((4..=7).contains(&h.income(Power::British, false, 4)));
}
