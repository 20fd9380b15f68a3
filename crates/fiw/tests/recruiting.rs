//! 3.1 the Income/Expenditure Phase: 9.1 income, 9.2-9.32 and 10.x
//! purchases drafted in secret by both sides at once (ruling fiw #30),
//! 18.1 supply points, 22.1 markers, 17.5 leaders.

mod common;

use common::*;
use engine::prelude::*;
use fiw::actions::Action;
use fiw::civilization::Marker;
use fiw::frames::Frame;
use fiw::state::{Base, Fiw, Place};
use fiw::tables::tables;

/// Plays to turn 2's purchases with the position `setup` leaves on an
/// emptied map, the Home Government rolls scripted.
fn at_purchases(setup: impl Fn(&mut Fiw), rolls: [u8; 2]) -> Fiw {
    let mut g = cleared(BRITISH);
    setup(&mut g);
    to_next_turn(&mut g);
    assert!(matches!(g.stack.last(), Some(Frame::ChooseFirst { .. })), "turn 2");
    // Random events: 4 gives columns A and B; A2 (the war, already on)
    // and B6 are no event.
    g.core.dice.script([4, 2, 6, rolls[0], rolls[1]]);
    // Nobody negotiates.
    idle_until(&mut g, |g| matches!(g.stack.last(), Some(Frame::Purchases)));
    g
}

fn face(id: &str) -> u16 {
    tables().forces.faces.iter().position(|f| f.id == id).unwrap() as u16
}

#[test]
fn income_is_the_home_government_roll_plus_the_economic_squares() {
    // rule: fiw 9.1, 5.26, 5.27, 5.7
    let boston_symbols = {
        let q = tables().map.square(sq("boston"));
        u32::from(q.trading) + u32::from(q.manufacturing)
    };
    let g = at_purchases(
        |g| {
            put(g, "br-line", "boston");
        },
        [4, 2],
    );
    // The war column (35.3 7.2): British 4 -> 12, French 2 -> 4. Boston's
    // Massachusetts turned passive at the end of turn 1 (5.22): half value,
    // rounded down (5.26, ruling #25).
    assert_eq!(g.status(fiw::map::Colony::Massachusetts), fiw::state::Status::Passive);
    let british = tables().home_government.income(fiw::income::Power::British, true, 4);
    let french = tables().home_government.income(fiw::income::Power::French, true, 2);
    assert_eq!(
        u32::from(g.treasury[BRITISH as usize]),
        10 + u32::from(british) + boston_symbols / 2
    );
    assert_eq!(u32::from(g.treasury[FRENCH as usize]), 5 + u32::from(french));
    assert!(logged(&g, "British income: Home Government"));
}

#[test]
fn enemy_and_passive_squares_pay_half_rounded_down_once() {
    // rule: fiw 9.1, 5.26, 5.7
    let mut g = cleared(BRITISH);
    put(&mut g, "fr-bearn", "boston");
    put(&mut g, "fr-ber", "philadelphia");
    let half = |id: &str| {
        let q = tables().map.square(sq(id));
        u32::from(q.trading) + u32::from(q.manufacturing)
    };
    // ruling: fiw #25
    assert_eq!(g.square_income(FRENCH), (half("boston") + half("philadelphia")) / 2);
    assert_eq!(g.square_income(BRITISH), 0, "occupation, not control, pays (6.0)");
}

#[test]
fn purchases_are_secret_until_both_are_done_then_made_together() {
    // rule: fiw 3.1, 9.2, 10.1, 10.6
    let mut g = at_purchases(|_| {}, [4, 4]);
    let before = g.treasury;
    act(&mut g, BRITISH, Action::Recruit(face("br-line")));
    act(&mut g, BRITISH, Action::At(Place::Base(Base::Britain)));
    // The French see nothing of it, and may still buy.
    let french: engine::TableView = serde_json::from_value(g.view(Some(FRENCH))).unwrap();
    assert!(!french.facts.iter().any(|f| f.value.contains("Foot")));
    assert_eq!(g.treasury, before, "nothing is paid before the reveal");
    act(&mut g, BRITISH, Action::Commit);
    assert!(g.to_act().contains(FRENCH) && !g.to_act().contains(BRITISH));
    act(&mut g, FRENCH, Action::BuySupply);
    act(&mut g, FRENCH, Action::Commit);
    assert!(!matches!(g.stack.last(), Some(Frame::Purchases)), "revealed");
    assert_eq!(
        g.treasury[BRITISH as usize],
        before[BRITISH as usize] - 4,
        "a regular regiment: 4"
    );
    assert_eq!(g.treasury[FRENCH as usize], before[FRENCH as usize] - 2);
    assert_eq!(g.units_in(Place::Base(Base::Britain)).count(), 1);
    assert!(logged(&g, "The British spend £4"));
}

#[test]
fn supply_points_cost_two_pounds_for_the_first_ten_then_three() {
    // rule: fiw 18.1, 9.32
    let mut g = at_purchases(|_| {}, [6, 6]);
    g.treasury = [40, 0];
    for _ in 0..11 {
        act(&mut g, BRITISH, Action::BuySupply);
    }
    act(&mut g, BRITISH, Action::Commit);
    // The French have nothing to spend: only Done.
    assert_eq!(legal(&g, FRENCH), vec![Action::Commit]);
    act(&mut g, FRENCH, Action::Commit);
    assert_eq!(g.treasury[BRITISH as usize], 40 - (10 * 2 + 3));
    assert_eq!(g.supply[BRITISH as usize], 10 + 11);
}

#[test]
fn nobody_spends_more_than_the_treasury() {
    // rule: fiw 9.32, 10.6
    let mut g = at_purchases(|_| {}, [1, 1]);
    g.treasury = [3, 0];
    act(&mut g, BRITISH, Action::BuySupply);
    let v = legal(&g, BRITISH);
    assert!(!v.contains(&Action::BuySupply), "£1 left");
    assert!(!v.contains(&Action::Recruit(face("br-line"))));
}

#[test]
fn british_regulars_on_the_map_are_three_a_turn_in_occupied_british_cities() {
    // rule: fiw 10.1, 10.71
    let mut g = at_purchases(
        |g| {
            put(g, "br-line", "boston");
        },
        [6, 6],
    );
    g.treasury = [60, 0];
    for _ in 0..3 {
        act(&mut g, BRITISH, Action::Recruit(face("br-line")));
        act(&mut g, BRITISH, Action::At(Place::Sq(sq("boston"))));
    }
    act(&mut g, BRITISH, Action::Recruit(face("br-line")));
    let v = legal(&g, BRITISH);
    assert!(
        !v.contains(&Action::At(Place::Sq(sq("boston")))),
        "a fourth goes to the home base"
    );
    assert!(v.contains(&Action::At(Place::Base(Base::Britain))));
    // Provincials only in their own colony's occupied cities and towns.
    act(&mut g, BRITISH, Action::Cancel);
    act(&mut g, BRITISH, Action::Recruit(face("ma-infantry")));
    let v = legal(&g, BRITISH);
    assert!(v.iter().all(
        |a| matches!(a, Action::At(Place::Sq(s)) if tables().map.colony(*s) == Some(fiw::map::Colony::Massachusetts))
            || *a == Action::Cancel
    ));
}

#[test]
fn markers_need_a_friendly_unit_and_fortresses_an_engineer() {
    // rule: fiw 22.1, 22.11, 22.13, 22.7
    let mut g = at_purchases(
        |g| {
            put(g, "br-line", "1108");
            put(g, "br-line", "0811");
            put(g, "br-engineers", "0811");
        },
        [6, 6],
    );
    g.treasury = [60, 0];
    act(&mut g, BRITISH, Action::Build(Marker::Fortress));
    let v = legal(&g, BRITISH);
    assert!(v.contains(&Action::At(Place::Sq(sq("0811")))));
    assert!(
        !v.contains(&Action::At(Place::Sq(sq("1108")))),
        "no engineer at Fort William Henry"
    );
    act(&mut g, BRITISH, Action::At(Place::Sq(sq("0811"))));
    act(&mut g, BRITISH, Action::Commit);
    act(&mut g, FRENCH, Action::Commit);
    assert_eq!(
        g.fortified(sq("0811")),
        Some(fiw::map::Works::Fortress),
        "it replaces the fort (22.11)"
    );
    assert_eq!(g.civs.iter().filter(|c| c.sq == sq("0811")).count(), 1);
}

#[test]
fn leaders_come_from_the_box() {
    // rule: fiw 17.5, 17.8, 17.44
    let mut g = at_purchases(
        |g| {
            put(g, "br-line", "boston");
            put_leader(g, "wolfe", "boston");
        },
        [6, 6],
    );
    g.treasury = [60, 0];
    let v = legal(&g, BRITISH);
    let rows: Vec<&str> = v
        .iter()
        .filter_map(|a| match a {
            Action::Appoint(l) => Some(tables().forces.leaders[*l as usize].id.as_str()),
            _ => None,
        })
        .collect();
    assert!(rows.contains(&"howe"), "Howe is in the box");
    assert!(
        !rows.contains(&"braddock") && !rows.contains(&"wolfe"),
        "dead or on the map: {rows:?}"
    );
}
