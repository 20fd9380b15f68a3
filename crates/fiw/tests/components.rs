//! 2.0 Components: what the charts record, as every seat's view shows it,
//! and the die.

mod common;

use common::*;
use engine::prelude::*;
use engine::{Fact, TableView};
use fiw::map::Colony;
use fiw::state::Status;
use fiw::tables::tables;

fn facts(g: &fiw::Fiw, seat: engine::Seat) -> Vec<Fact> {
    let v: TableView = serde_json::from_value(g.view(Some(seat))).unwrap();
    v.facts
}

fn fact(g: &fiw::Fiw, seat: engine::Seat, name: &str) -> String {
    facts(g, seat)
        .into_iter()
        .find(|f| f.label == name)
        .unwrap_or_else(|| panic!("no fact {name}"))
        .value
}

#[test]
fn the_colony_control_chart_shows_each_colony_s_status() {
    // rule: fiw 2.14, 5.0
    let mut g = started(BRITISH);
    let chart = fact(&g, FRENCH, "Colony Control Chart");
    // 35.3 4.1 and 3.1.
    assert!(
        chart.starts_with("active: New France, Louisiana, Massachusetts"),
        "{chart}"
    );
    let passive = chart.split("passive: ").nth(1).expect("passive colonies");
    assert!(passive.contains("Virginia"), "{chart}");
    assert!(chart.ends_with("neutral: Florida"), "{chart}");
    for c in Colony::ALL.iter().filter(|&&c| c != Colony::Disputed) {
        assert!(chart.contains(c.name()), "{} is on the chart", c.name());
    }
    g.set_status(Colony::Virginia, Status::Active);
    let chart = fact(&g, BRITISH, "Colony Control Chart");
    assert!(!chart.split("passive: ").nth(1).unwrap().contains("Virginia"));
}

#[test]
fn the_other_charts_record_the_index_the_treasuries_and_the_turn() {
    // rule: fiw 2.2
    let mut g = started(BRITISH);
    assert_eq!(fact(&g, FRENCH, "Balance of Power"), "+3 (mild pro-British)");
    assert_eq!(fact(&g, FRENCH, "British treasury"), "£10, 10 supply points");
    assert_eq!(fact(&g, BRITISH, "French treasury"), "£5, 5 supply points");
    assert_eq!(fact(&g, BRITISH, "Turn"), "1759 (turn 1 of 2)");
    g.treasury[FRENCH as usize] = 7;
    assert_eq!(fact(&g, BRITISH, "French treasury"), "£7, 5 supply points");
    // The tables the game consults: two Combat Results Tables, the events,
    // income and expenditure, negotiation and terrain charts.
    let t = tables();
    use fiw::combat::Crt;
    assert!(fiw::combat::ODDS.iter().any(|&(_, o)| {
        (1..=6).any(|r| t.combat.result(Crt::Linear, o, r).code != t.combat.result(Crt::Raid, o, r).code)
    }));
    assert!(t.events.events().count() == 24);
    assert!(t.expenditure.cost(fiw::income::Item::Fort, None).is_some());
    assert!(t.terrain.forage("wilderness", &[]) > 0);
}

#[test]
fn one_six_sided_die_and_modifiers_added_up() {
    // rule: fiw 2.6
    let mut g = started(BRITISH);
    let mut seen = [0u32; 7];
    for _ in 0..600 {
        let r = g.core.dice.d6();
        assert!((1..=6).contains(&r));
        seen[r as usize] += 1;
    }
    assert!(seen[1..].iter().all(|&n| n > 0), "{seen:?}");
    // A +1 modifier on a 3 reads the row of 4; several add up; beyond the
    // table the last row is read (the printed "or more").
    let e = &tables().events;
    assert_eq!(e.columns_for(3 + 1), e.columns_for(4));
    assert_eq!(e.columns_for(6 + 1 + 1), e.columns_for(8));
    assert_eq!(e.columns_for(6 + 2 + 2), e.columns_for(8));
    assert_eq!(e.columns_for(1 - 2 - 2), e.columns_for(0));
    assert_ne!(e.columns_for(0), e.columns_for(8));
}

#[test]
fn both_seats_see_the_leaders_off_the_map() {
    // rule: fiw 17.42, 2.15, 17.44, 27.0
    // ruling: fiw #63
    // Every leader in the Leader box but Drucour, the British prisoner of
    // 35.3 3.8, and Braddock and Monro, permanently eliminated (35.3 4.8).
    let mut g = blank(1);
    for seat in [BRITISH, FRENCH] {
        assert!(
            !facts(&g, seat)
                .iter()
                .any(|f| f.label == "Prisoners held by the French"),
            "an empty list is left out"
        );
    }
    let monckton = leader(&g, "monckton");
    g.leaders[monckton as usize].at = fiw::state::Place::Prisoner;
    let rogers = leader(&g, "rogers");
    g.leaders[rogers as usize].at = fiw::state::Place::Gone;
    for seat in [BRITISH, FRENCH] {
        assert_eq!(
            fact(&g, seat, "Prisoners held by the British"),
            "Augustin de Boschenry de Drucour"
        );
        assert_eq!(fact(&g, seat, "Prisoners held by the French"), "Robert Monckton");
        assert_eq!(
            fact(&g, seat, "Leaders gone for good"),
            "Edward Braddock, George Monro and Robert Rogers"
        );
        let british = fact(&g, seat, "Leader box, British");
        assert!(
            british.contains("Jeffery Amherst") && british.contains("Brigadier ×3"),
            "{british}"
        );
        assert!(
            !british.contains("Monckton") && !british.contains("Rogers"),
            "{british}"
        );
        assert!(fact(&g, seat, "Leader box, French").contains("Louis-Joseph de Montcalm"));
        assert_eq!(fact(&g, seat, "Leader box, Indian"), "Pontiac and Chief ×4");
    }
}
