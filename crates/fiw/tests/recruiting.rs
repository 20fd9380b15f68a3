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

/// The same with only units of these faces put in these places.
fn at_purchases_with(units: &[(&str, &str)], rolls: [u8; 2]) -> Fiw {
    at_purchases(
        |g| {
            for (face, at) in units {
                put(g, face, at);
            }
        },
        rolls,
    )
}

/// The British, then the French, commit their purchases: the reveal.
fn reveal(g: &mut Fiw) {
    act(g, BRITISH, Action::Commit);
    act(g, FRENCH, Action::Commit);
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
    let g = at_purchases_with(&[("br-line", "boston")], [4, 2]);
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

/// 6.0: "Should a player abandon a square completely, he loses any benefits
/// he would have gained from it. For example, he couldn't collect income
/// from it."
#[test]
fn the_abandonment_example_an_abandoned_square_pays_no_income() {
    // rule: fiw 6.0, 9.1
    let mut g = cleared(BRITISH);
    let u = put(&mut g, "fr-bearn", "boston");
    assert!(g.square_income(FRENCH) > 0, "Boston pays its occupier");
    g.units.place(u, Place::Pool);
    assert_eq!(g.square_income(FRENCH), 0, "abandoned: nothing");
}

#[test]
fn purchases_are_secret_until_both_are_done_then_made_together() {
    // rule: fiw 3.1, 9.2, 10.1, 10.6
    let mut g = at_purchases_with(&[], [4, 4]);
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
fn the_purchase_screen_says_what_is_bought_and_groups_the_recruits() {
    // rule: fiw 9.2, 10.6, 2.33
    // Ruling fiw #30: the prompt says what the seat has bought and has
    // left, and only its own; some sixty recruits come grouped by kind.
    let mut g = at_purchases_with(&[("br-line", "boston")], [4, 4]);
    let ask = |g: &Fiw, s| engine::Procedure::prompt(g, s).text;
    let pounds = g.treasury[BRITISH as usize];
    assert!(
        ask(&g, BRITISH).contains(&format!("So far: nothing yet (leaves £{pounds}, ")),
        "{}",
        ask(&g, BRITISH)
    );
    act(&mut g, BRITISH, Action::Recruit(face("br-line")));
    act(&mut g, BRITISH, Action::At(Place::Base(Base::Britain)));
    let mine = ask(&g, BRITISH);
    assert!(
        mine.contains("So far: Foot line in British Home Base") && mine.contains(&format!("£{}", pounds - 4)),
        "{mine}"
    );
    assert!(!ask(&g, FRENCH).contains("Foot"), "the French read nothing of it");
    let group = |id: &str| {
        let infos = legal(&g, BRITISH).into_iter().map(|a| g.describe(BRITISH, &a));
        let infos: Vec<_> = infos.collect();
        let found = infos.iter().find(|i| i.id == id);
        found
            .unwrap_or_else(|| panic!("{id} among {:?}", infos.iter().map(|i| &i.id).collect::<Vec<_>>()))
            .group
            .clone()
    };
    assert_eq!(group("recruit-br-line").as_deref(), Some("Recruit regulars (10.6)"));
    assert_eq!(group("recruit-ma-militia").as_deref(), Some("Recruit militia (10.6)"));
    assert_eq!(
        group("recruit-ma-infantry").as_deref(),
        Some("Recruit provincials and others (10.6)")
    );
    assert_eq!(group("recruit-br-fleet").as_deref(), Some("Recruit naval units (10.6)"));
    assert_eq!(group("appoint-rogers").as_deref(), Some("Recruit a leader (17.5)"));
    assert_eq!(group("buy-supply"), None);
    // 2.33 a counter's printed name, and its type unless the type spells
    // the name out ("Fleet 4-10", not "Fleet fleet 4-10").
    let label = |id: &str| {
        let a = legal(&g, BRITISH).into_iter().find(|a| g.describe(BRITISH, a).id == id);
        g.describe(BRITISH, &a.unwrap_or_else(|| panic!("{id}"))).label
    };
    assert!(
        label("recruit-br-line").starts_with("Recruit Foot line 5-4 (£"),
        "{}",
        label("recruit-br-line")
    );
    assert!(
        label("recruit-br-fleet").starts_with("Recruit Fleet 4-10 (£"),
        "{}",
        label("recruit-br-fleet")
    );
    assert!(
        label("recruit-br-siege").starts_with("Recruit Siege train 1-2 (£"),
        "{}",
        label("recruit-br-siege")
    );
    act(&mut g, BRITISH, Action::Recruit(face("br-siege")));
    act(&mut g, BRITISH, Action::At(Place::Base(Base::Britain)));
    let mine = ask(&g, BRITISH);
    assert!(mine.contains("Siege train in British Home Base"), "{mine}");
}

#[test]
fn supply_points_cost_two_pounds_for_the_first_ten_then_three() {
    // rule: fiw 18.1, 9.32
    let mut g = at_purchases_with(&[], [6, 6]);
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
    let mut g = at_purchases_with(&[], [1, 1]);
    g.treasury = [3, 0];
    act(&mut g, BRITISH, Action::BuySupply);
    let v = legal(&g, BRITISH);
    assert!(!v.contains(&Action::BuySupply), "£1 left");
    assert!(!v.contains(&Action::Recruit(face("br-line"))));
}

#[test]
fn british_regulars_on_the_map_are_three_a_turn_in_occupied_british_cities() {
    // rule: fiw 10.1, 10.71, 10.7
    let mut g = at_purchases_with(&[("br-line", "boston")], [6, 6]);
    g.treasury = [60, 0];
    for _ in 0..3 {
        act(&mut g, BRITISH, Action::Recruit(face("br-line")));
        act(&mut g, BRITISH, Action::At(Place::Sq(sq("boston"))));
    }
    act(&mut g, BRITISH, Action::Recruit(face("br-line")));
    // The prompt names the purchase waiting for its place; undo drops it.
    let ask = engine::Procedure::prompt(&g, BRITISH).text;
    assert!(
        ask.starts_with("Recruit ") && ask.contains("choose where it goes (10.7), or undo"),
        "{ask}"
    );
    assert!(
        !engine::Procedure::prompt(&g, FRENCH).text.contains("Recruit"),
        "the French see nothing of it"
    );
    let v = legal(&g, BRITISH);
    assert!(
        !v.contains(&Action::At(Place::Sq(sq("boston")))),
        "a fourth goes to the home base"
    );
    assert!(v.contains(&Action::At(Place::Base(Base::Britain))));
    // Provincials only in their own colony's occupied cities and towns.
    back_out(&mut g, BRITISH);
    act(&mut g, BRITISH, Action::Recruit(face("ma-infantry")));
    let v = legal(&g, BRITISH);
    assert!(v.iter().all(
        |a| matches!(a, Action::At(Place::Sq(s)) if tables().map.colony(*s) == Some(fiw::map::Colony::Massachusetts))
    ));
}

#[test]
fn markers_need_a_friendly_unit_and_fortresses_an_engineer() {
    // rule: fiw 22.1, 22.11, 22.13, 22.7
    let mut g = at_purchases_with(
        &[("br-line", "1108"), ("br-line", "0811"), ("br-engineers", "0811")],
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
    reveal(&mut g);
    assert_eq!(
        g.fortified(sq("0811")),
        Some(fiw::map::Works::Fortress),
        "it replaces the fort (22.11)"
    );
    assert_eq!(g.civs.iter().filter(|c| c.sq == sq("0811")).count(), 1);
}

#[test]
fn each_engineer_builds_one_type_of_marker_a_turn() {
    // rule: fiw 22.7, 22.11, 35.3
    // Whether a trail may follow a fortress in 0811 this turn, with these
    // units there (35.3 sets up two engineers together at Louisbourg).
    let trail_too = |units: &[&str]| {
        let units: Vec<(&str, &str)> = units.iter().map(|&u| (u, "0811")).collect();
        let mut g = purchasing(&units);
        let here = Action::At(Place::Sq(sq("0811")));
        act(&mut g, BRITISH, Action::Build(Marker::Fortress));
        act(&mut g, BRITISH, here);
        legal(&g, BRITISH).contains(&Action::Build(Marker::Trail)) && {
            act(&mut g, BRITISH, Action::Build(Marker::Trail));
            legal(&g, BRITISH).contains(&here)
        }
    };
    assert!(!trail_too(&["br-line", "br-engineers"]), "one engineer, one type");
    assert!(trail_too(&["br-line", "br-engineers", "ma-engineers"]), "one type each");
}

#[test]
fn an_engineer_detachment_is_a_third_of_a_regiment_against_the_forage_value() {
    // rule: fiw 10.71, 22.7
    // ruling: fiw #23
    let mut g = purchasing(&[("br-line", "boston")]);
    let (boston, forage) = (Action::At(Place::Sq(sq("boston"))), g.forage_value(sq("boston")));
    for _ in 1..forage {
        act(&mut g, BRITISH, Action::Recruit(face("ma-infantry")));
        act(&mut g, BRITISH, boston);
    }
    // A regiment short of the forage value: room for two engineers.
    for _ in 0..2 {
        act(&mut g, BRITISH, Action::Recruit(face("br-engineers")));
        act(&mut g, BRITISH, boston);
    }
    assert!(
        !legal(&g, BRITISH).contains(&Action::Recruit(face("ma-infantry"))),
        "no room for another regiment in Boston"
    );
    act(&mut g, BRITISH, Action::Recruit(face("br-line")));
    let why = engine::why_not(&g, BRITISH, &sq("boston").to_string());
    let placed = format!("{}⅔ regiments placed in Boston already", forage - 1);
    assert!(
        matches!(&why, engine::WhyNot::Forbidden { rules } if rules[0].rule == "10.71" && rules[0].reason.contains(&placed)),
        "{why:?}"
    );
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

#[test]
fn disbanding_removes_a_friendly_unit_or_marker_for_nothing() {
    // rule: fiw 10.8, 10.73
    let mut g = at_purchases_with(
        &[("br-line", "boston"), ("br-light", "boston"), ("fr-bearn", "quebec")],
        [4, 4],
    );
    let line = g.units_at(sq("boston")).find(|&u| g.face(u).id == "br-line").unwrap();
    let french = g.units_at(sq("quebec")).next().unwrap();
    put_marker(&mut g, Marker::Magazine, sq("boston"), BRITISH);
    let (treasury, balance) = (g.treasury, g.balance);
    act(&mut g, BRITISH, Action::Disband);
    let v = legal(&g, BRITISH);
    assert!(v.contains(&Action::DisbandUnit(line)));
    assert!(v.contains(&Action::DisbandMarker(sq("boston"), Marker::Magazine)));
    assert!(!v.contains(&Action::DisbandUnit(french)), "friendly units only");
    assert!(
        !v.iter()
            .any(|a| matches!(a, Action::DisbandMarker(s, _) if *s == sq("fort-william-henry"))),
        "a printed fort is no marker"
    );
    act(&mut g, BRITISH, Action::DisbandUnit(line));
    act(&mut g, BRITISH, Action::Disband);
    assert!(
        !legal(&g, BRITISH).contains(&Action::DisbandUnit(line)),
        "once is enough"
    );
    act(&mut g, BRITISH, Action::DisbandMarker(sq("boston"), Marker::Magazine));
    // Nothing happens before the reveal.
    assert_eq!(g.units[line as usize].at(), Place::Sq(sq("boston")));
    reveal(&mut g);
    assert_eq!(g.units[line as usize].at(), Place::Pool, "back in the counter mix");
    assert!(g.civ(sq("boston"), Marker::Magazine).is_none());
    assert_eq!(g.treasury, treasury, "there is no cost");
    assert_eq!(g.balance, balance, "not eliminated: no Balance of Power shift (4.1)");
    // The French read that a unit was disbanded, not which (27.1).
    let french_log: Vec<String> = g.log().visible(Some(FRENCH)).map(|e| e.text.clone()).collect();
    assert!(
        french_log
            .iter()
            .any(|t| t.contains("The British disband a British regular unit in Boston")),
        "{french_log:?}"
    );
    assert!(!french_log.iter().any(|t| t.contains("Foot")));
    assert!(logged(&g, "The British remove their magazine in Boston."));
}

#[test]
fn a_militia_detachment_flips_to_its_regiment_side_for_the_regiment_s_cost() {
    // rule: fiw 24.4
    // ruling: fiw #24
    let mut g = at_purchases_with(&[("ma-militia-det", "boston"), ("ma-militia", "boston")], [4, 4]);
    let det = g
        .units_at(sq("boston"))
        .find(|&u| g.face(u).id == "ma-militia-det")
        .unwrap();
    let regiment = g
        .units_at(sq("boston"))
        .find(|&u| g.face(u).id == "ma-militia")
        .unwrap();
    let v = legal(&g, BRITISH);
    assert!(v.contains(&Action::Flip(det)));
    assert!(!v.contains(&Action::Flip(regiment)), "already a regiment");
    let cost = tables()
        .expenditure
        .cost(
            fiw::income::Item::Unit(fiw::forces::UnitType::Militia),
            Some(fiw::income::Origin::Provincial),
        )
        .unwrap()
        .pounds;
    assert!(g
        .describe(BRITISH, &Action::Flip(det))
        .label
        .contains(&format!("£{cost}")));
    let before = g.treasury[BRITISH as usize];
    act(&mut g, BRITISH, Action::Flip(det));
    assert!(!legal(&g, BRITISH).contains(&Action::Flip(det)));
    reveal(&mut g);
    assert_eq!(g.face(det).id, "ma-militia");
    assert_eq!(g.units[det as usize].at(), Place::Sq(sq("boston")));
    assert_eq!(g.treasury[BRITISH as usize], before - u16::from(cost));
    // With no pounds there is no flip.
    let mut g = at_purchases_with(&[("ma-militia-det", "boston")], [4, 4]);
    g.treasury[BRITISH as usize] = 0;
    assert!(!legal(&g, BRITISH).iter().any(|a| matches!(a, Action::Flip(_))));
}

#[test]
fn the_initiative_player_s_purchases_are_made_first() {
    // rule: fiw 7.3
    // ruling: fiw #30
    let mut g = cleared(BRITISH);
    to_next_turn(&mut g);
    put(&mut g, "ottawa-br", "1109");
    put(&mut g, "abenaki-fr", "1206");
    // The index (+3) favours the British, who make the French first player.
    g.core.dice.script([4, 2, 6, 4, 4]);
    act(&mut g, BRITISH, Action::First(FRENCH));
    assert_eq!((g.initiative, g.first), (BRITISH, FRENCH));
    idle_until(&mut g, |g| matches!(g.stack.last(), Some(Frame::Purchases)));
    // Both recruit Pontiac, a single counter serving either side (17.7).
    let pontiac = tables().forces.leaders.iter().position(|l| l.id == "pontiac").unwrap() as u8;
    g.treasury = [20, 20];
    act(&mut g, FRENCH, Action::Appoint(pontiac));
    act(&mut g, FRENCH, Action::At(Place::Sq(sq("1206"))));
    act(&mut g, FRENCH, Action::Commit);
    act(&mut g, BRITISH, Action::Appoint(pontiac));
    act(&mut g, BRITISH, Action::At(Place::Sq(sq("1109"))));
    act(&mut g, BRITISH, Action::Commit);
    let l = (0..g.leaders.len()).find(|&l| g.leaders[l].leader == pontiac).unwrap();
    assert_eq!(g.leaders[l].at, Place::Sq(sq("1109")), "the British had the initiative");
    assert_eq!(g.leaders[l].side, BRITISH);
    assert_eq!(g.treasury[FRENCH as usize], 20, "the French are refunded");
    let said = |seat, text: &str| g.log().visible(Some(seat)).any(|e| e.text.contains(text));
    assert!(said(FRENCH, "no Pontiac (the last was taken; refunded)"));
    assert!(
        said(BRITISH, "nothing for a leader (refunded)"),
        "whom the French wanted is theirs to know"
    );
}

#[test]
fn one_treasury_pays_for_leaders_units_and_markers_anywhere() {
    // rule: fiw 9.31, 9.21, 9.0
    let mut g = at_purchases(
        |g| {
            put(g, "br-line", "new-york");
            put(g, "va-militia", "williamsburg");
            g.treasury[BRITISH as usize] = 0;
        },
        [4, 4],
    );
    // The treasury is the Home Government's pounds and New York's.
    let home = tables().home_government.income(fiw::income::Power::British, true, 4);
    assert_eq!(
        u32::from(g.treasury[BRITISH as usize]),
        u32::from(home) + g.square_income(BRITISH)
    );
    assert!(g.square_income(BRITISH) > 0, "New York City pays");
    let before = g.treasury[BRITISH as usize];
    // A Virginia regiment, a fort in Virginia and a leader, from one pool.
    act(&mut g, BRITISH, Action::Recruit(face("va-infantry")));
    act(&mut g, BRITISH, Action::At(Place::Sq(sq("williamsburg"))));
    act(&mut g, BRITISH, Action::Build(Marker::Fort));
    act(&mut g, BRITISH, Action::At(Place::Sq(sq("williamsburg"))));
    let howe = tables().forces.leaders.iter().position(|l| l.id == "howe").unwrap() as u8;
    act(&mut g, BRITISH, Action::Appoint(howe));
    act(&mut g, BRITISH, Action::At(Place::Sq(sq("williamsburg"))));
    let (cost, _) = g.cost_of(g.drafts.as_ref().unwrap().draft(BRITISH));
    let e = &tables().expenditure;
    let price = |item, origin| u32::from(e.cost(item, origin).unwrap().pounds);
    use fiw::income::{Item, Origin};
    assert_eq!(
        cost,
        price(Item::Unit(fiw::forces::UnitType::Line), Some(Origin::Provincial))
            + price(Item::Fort, None)
            + price(Item::LeaderNamed, None)
    );
    reveal(&mut g);
    assert_eq!(u32::from(g.treasury[BRITISH as usize]), u32::from(before) - cost);
    assert_eq!(g.fortified(sq("williamsburg")), Some(fiw::map::Works::Fort));
    assert_eq!(g.units_at(sq("williamsburg")).count(), 2);
}

#[test]
fn spanish_units_are_recruited_only_once_spain_is_at_war() {
    // rule: fiw 10.3, 28.1
    // ruling: fiw #21
    let mut g = at_purchases_with(&[("fl-militia", "st-augustine"), ("fr-bearn", "pensacola")], [4, 4]);
    g.treasury[FRENCH as usize] = 30;
    let spanish = |g: &Fiw| {
        legal(g, FRENCH)
            .into_iter()
            .filter(|a| matches!(a, Action::Recruit(f) if tables().forces.faces[*f as usize].nation == fiw::forces::Nation::Spanish))
            .count()
    };
    assert_eq!(spanish(&g), 0, "Spain is neutral");
    g.spain = true;
    g.set_status(fiw::map::Colony::Florida, fiw::state::Status::Active);
    assert!(spanish(&g) > 0);
    // Regulars go to the West Indies box.
    act(&mut g, FRENCH, Action::Recruit(face("sp-line")));
    assert_eq!(legal(&g, FRENCH), vec![Action::At(Place::Base(Base::WestIndies))]);
    back_out(&mut g, FRENCH);
    // Provincials in a Spanish-occupied city or town of Florida: not
    // Pensacola, which only French units hold.
    act(&mut g, FRENCH, Action::Recruit(face("fl-militia")));
    assert_eq!(legal(&g, FRENCH), vec![Action::At(Place::Sq(sq("st-augustine")))]);
}

#[test]
fn markers_are_never_built_in_a_home_base_or_at_sea() {
    // rule: fiw 22.12
    let sea = tables().map.sea_squares().next().unwrap();
    let mut g = at_purchases_with(&[("br-line", "boston")], [6, 6]);
    g.treasury = [60, 0];
    put(&mut g, "br-fleet", sea);
    let home = put(&mut g, "br-line", "boston");
    g.units.place(home, Place::Base(Base::Britain));
    for kind in [Marker::Fort, Marker::Magazine] {
        act(&mut g, BRITISH, Action::Build(kind));
        let v = legal(&g, BRITISH);
        assert!(v.contains(&Action::At(Place::Sq(sq("boston")))));
        assert!(!v.contains(&Action::At(Place::Sq(sea))), "not at sea");
        assert!(
            !v.iter().any(|a| matches!(a, Action::At(Place::Base(_)))),
            "not in a home base"
        );
        back_out(&mut g, BRITISH);
    }
}

#[test]
fn a_captured_leader_is_released_to_his_side_s_home_base() {
    // rule: fiw 17.42
    // ruling: fiw #32
    let mut g = at_purchases(
        |g| {
            put(g, "br-line", "boston");
            let montcalm = put_leader(g, "montcalm", "quebec");
            g.leaders[montcalm as usize].at = Place::Prisoner;
        },
        [6, 6],
    );
    let montcalm = leader(&g, "montcalm");
    assert!(
        !legal(&g, FRENCH).contains(&Action::Release(montcalm)),
        "only the captor releases"
    );
    act(&mut g, BRITISH, Action::Release(montcalm));
    assert!(
        !legal(&g, BRITISH).contains(&Action::Release(montcalm)),
        "once in a draft"
    );
    assert_eq!(
        g.leaders[montcalm as usize].at,
        Place::Prisoner,
        "secret until revealed"
    );
    reveal(&mut g);
    assert_eq!(g.leaders[montcalm as usize].at, Place::Base(Base::France));
    assert!(logged(
        &g,
        "The British spend £0: the release of Louis-Joseph de Montcalm, who returns to the French Home Base"
    ));
}

#[test]
fn the_enemy_reads_a_recruit_and_a_leader_as_the_board_shows_them() {
    // rule: fiw 27.1, 27.3, 9.2
    let mut g = at_purchases(|g| _ = put(g, "br-line", "boston"), [6, 6]);
    g.treasury = [60, 0];
    let howe = tables().forces.leaders.iter().position(|l| l.id == "howe").unwrap() as u8;
    act(&mut g, BRITISH, Action::Recruit(face("br-line")));
    act(&mut g, BRITISH, Action::At(Place::Base(Base::Britain)));
    act(&mut g, BRITISH, Action::Appoint(howe));
    act(&mut g, BRITISH, Action::At(Place::Sq(sq("boston"))));
    reveal(&mut g);
    let read = |seat| -> String {
        let spent: Vec<String> = g
            .log()
            .visible(Some(seat))
            .filter(|e| e.text.starts_with("The British spend"))
            .map(|e| e.text.clone())
            .collect();
        assert_eq!(spent.len(), 1, "{spent:?}");
        spent[0].clone()
    };
    let (own, theirs) = (read(BRITISH), read(FRENCH));
    let recruit = tables().forces.faces[face("br-line") as usize].name.clone();
    assert!(own.contains(&recruit) && own.contains("Howe"), "{own}");
    assert!(!theirs.contains(&recruit) && !theirs.contains("Howe"), "{theirs}");
    assert!(theirs.contains("a British leader in Boston"), "{theirs}");
    assert!(theirs.contains("British Home Base"), "{theirs}");
}

#[test]
fn engineers_are_recruited_as_the_detachments_they_are() {
    // rule: fiw 10.73, 22.7
    let g = at_purchases_with(&[], [6, 6]);
    let offered = |seat, id: &str| legal(&g, seat).contains(&Action::Recruit(face(id)));
    assert!(offered(BRITISH, "br-engineers") && offered(FRENCH, "fr-engineers"));
    assert!(
        !offered(BRITISH, "br-line-det"),
        "other detachments come from reorganization"
    );
}

#[test]
fn flotillas_are_recruited_on_lakes_and_rivers_never_in_a_home_base() {
    // rule: fiw 20.1, 20.2, 10.1
    let mut g = at_purchases_with(&[("br-line", "albany"), ("br-line", "boston")], [6, 6]);
    g.treasury = [60, 0];
    act(&mut g, BRITISH, Action::Recruit(face("br-riverine")));
    let places: Vec<Place> = legal(&g, BRITISH)
        .into_iter()
        .filter_map(|a| match a {
            Action::At(p) => Some(p),
            _ => None,
        })
        .collect();
    assert!(!places.contains(&Place::Base(Base::Britain)), "{places:?}");
    let m = &tables().map;
    assert!(
        places
            .iter()
            .all(|p| matches!(p, Place::Sq(s) if m.flotilla_navigable(*s))),
        "{places:?}"
    );
    assert_eq!(
        m.flotilla_navigable(sq("albany")),
        places.contains(&Place::Sq(sq("albany")))
    );
    assert!(!places.contains(&Place::Sq(sq("boston"))) || m.flotilla_navigable(sq("boston")));
}

#[test]
fn a_unit_may_be_broken_down_in_the_purchases_at_no_cost() {
    // rule: fiw 10.8, 19.0
    let mut g = at_purchases_with(&[("br-line", "boston")], [6, 6]);
    let u = g.units_at(sq("boston")).next().unwrap();
    let before = g.treasury;
    act(&mut g, BRITISH, Action::BreakDown(u));
    assert!(!legal(&g, BRITISH).contains(&Action::BreakDown(u)), "once a draft");
    assert_eq!(
        g.units[u as usize].at(),
        Place::Sq(sq("boston")),
        "nothing happens before the reveal"
    );
    reveal(&mut g);
    assert_eq!(g.units[u as usize].at(), Place::Pool);
    let here: Vec<_> = g.units_at(sq("boston")).collect();
    assert_eq!(here.len(), 3, "three of the echelon below");
    assert!(here.iter().all(|&d| g.face(d).size == fiw::forces::Size::Detachment));
    assert_eq!(g.treasury, before, "no cost");
}

#[test]
fn a_besieged_unit_broken_down_stays_inside_its_fortress() {
    // rule: fiw 23.24, 10.8, 19.0
    let mut g = at_purchases(|_| {}, [6, 6]);
    // Ruling fiw #83: the British hold Quebec, so their regiment is its
    // garrison.
    let fortress = g
        .civs
        .iter_mut()
        .find(|c| c.sq == sq("quebec") && c.kind == Marker::Fortress);
    fortress.expect("Quebec's fortress").side = BRITISH;
    let r = put(&mut g, "br-line", "quebec");
    put(&mut g, "fr-bearn", "quebec");
    g.invest(FRENCH, sq("quebec"));
    assert!(g.units[r as usize].inside, "besieged");
    act(&mut g, BRITISH, Action::BreakDown(r));
    reveal(&mut g);
    let made: Vec<_> = g.units_at(sq("quebec")).filter(|&u| g.side(u) == BRITISH).collect();
    assert_eq!(made.len(), 3);
    // Before, the three detachments stood outside: out of the siege.
    assert!(made.iter().all(|&u| g.units[u as usize].inside));
    assert!(
        !g.units[r as usize].inside,
        "the regiment's counter went back to the mix"
    );
}

#[test]
fn a_break_down_takes_its_parts_after_the_recruits() {
    // rule: fiw 10.8, 10.72
    let mut g = at_purchases_with(&[("br-brigade", "boston")], [6, 6]);
    g.treasury = [60, 0];
    // The mix keeps three British line regiments of any counter (19.0: the
    // brigade's parts), all of them able to show the recruit's face.
    let line = &tables().forces.faces[face("br-line") as usize];
    let kin = |g: &Fiw, u| {
        let f = g.face(u);
        (f.nation, f.regular, f.kind, f.size) == (line.nation, line.regular, line.kind, line.size) && f.side == BRITISH
    };
    let mut pool: Vec<_> = g.units_in(Place::Pool).filter(|&u| kin(&g, u)).collect();
    pool.retain(|&u| g.face(u).id != "br-line");
    for u in pool {
        g.units.place(u, Place::Sq(sq("halifax")));
    }
    while g.units_in(Place::Pool).filter(|&u| kin(&g, u)).count() > 3 {
        put(&mut g, "br-line", "halifax");
    }
    let brigade = g.units_at(sq("boston")).next().unwrap();
    act(&mut g, BRITISH, Action::BreakDown(brigade));
    act(&mut g, BRITISH, Action::Recruit(face("br-line")));
    act(&mut g, BRITISH, Action::At(Place::Base(Base::Britain)));
    reveal(&mut g);
    assert_eq!(g.units_in(Place::Base(Base::Britain)).count(), 1, "the recruit is made");
    assert_eq!(
        g.units[brigade as usize].at(),
        Place::Sq(sq("boston")),
        "two regiments left: no break-down"
    );
    let told = |seat| {
        g.log()
            .visible(Some(seat))
            .any(|e| e.text.contains("is not broken down"))
    };
    assert!(told(BRITISH) && !told(FRENCH));
}

#[test]
fn a_fort_and_a_fortress_are_never_built_in_one_square() {
    // rule: fiw 22.11, 23.0
    // ruling: fiw #65
    // 22.11 "there may never be a fort and a fortress in the same square at
    // the same time. If building a fortress in a square with a fort, the
    // fort is removed when the fortress is placed."
    // A fort may not be bought where a fortress was bought this turn (it
    // was, and both were placed).
    let x = sq("0811");
    let x_id = x.to_string();
    let mut g = purchasing(&[("br-line", x_id.as_str()), ("br-engineers", x_id.as_str())]);
    let here = Action::At(Place::Sq(x));
    act(&mut g, BRITISH, Action::Build(Marker::Fortress));
    act(&mut g, BRITISH, here);
    let fort_offered = legal(&g, BRITISH).contains(&Action::Build(Marker::Fort)) && {
        act(&mut g, BRITISH, Action::Build(Marker::Fort));
        legal(&g, BRITISH).contains(&here)
    };
    if fort_offered {
        act(&mut g, BRITISH, here);
    }
    act(&mut g, BRITISH, Action::Commit);
    act(&mut g, FRENCH, Action::Commit);
    let kinds: Vec<Marker> = g.civs.iter().filter(|c| c.sq == x).map(|c| c.kind).collect();
    assert!(kinds.contains(&Marker::Fortress), "{kinds:?}");
    assert!(
        !kinds.contains(&Marker::Fort),
        "22.11: a fort beside the fortress: {kinds:?}"
    );
}

#[test]
fn french_provincials_are_recruited_in_their_own_colony() {
    // rule: fiw 10.2, 5.21
    // ruling: fiw #66
    // 10.2 "Provincials. French provincial units are recruited in
    // the colony of the same name on any French occupied city or town
    // square." (5.21 lets them be *used* with any French colony, not
    // recruited there.) A New France volunteer regiment may not be raised
    // in New Orleans (Louisiana; rules fiw-14: it was).
    // A French unit in Quebec too, so the recruit has a lawful place.
    let mut g = purchasing(&[("fr-mar", "new-orleans"), ("fr-mar", "quebec")]);
    let nf = face("c-vol");
    assert_eq!(tables().forces.faces[nf as usize].home.as_deref(), Some("new-france"));
    act(&mut g, FRENCH, Action::Recruit(nf));
    let places = legal(&g, FRENCH);
    assert!(
        !places.contains(&Action::At(Place::Sq(sq("new-orleans")))),
        "a New France provincial is offered New Orleans: {places:?}"
    );
}

/// 6.1: "the French player may occupy all squares in Virginia, but he may
/// not mobilize Virginian provincial units because he doesn't "control"
/// Virginia."
#[test]
fn the_control_example_the_french_occupying_virginia_raise_no_virginian_provincials() {
    // rule: fiw 6.1, 10.2
    let g = purchasing(&[("fr-mar", "williamsburg")]);
    assert!(g.occupies(sq("williamsburg"), FRENCH));
    let v = legal(&g, FRENCH);
    for id in ["va-infantry", "va-infantry-light", "va-militia"] {
        assert!(!v.contains(&Action::Recruit(face(id))), "{id}: {v:?}");
    }
}

#[test]
fn provincials_are_bought_in_a_passive_colony_and_may_not_leave_it() {
    // rule: fiw 10.1, 5.26
    // ruling: fiw #28 provincials may be recruited in a passive colony
    // (nothing forbids it) but stay inside it while it is passive.
    use fiw::actions::Piece;
    use fiw::map::Colony;
    use fiw::state::Status;
    let mut g = at_purchases_with(&[("va-militia", "williamsburg")], [4, 4]);
    assert_eq!(g.status(Colony::Virginia), Status::Passive);
    act(&mut g, BRITISH, Action::Recruit(face("va-infantry")));
    act(&mut g, BRITISH, Action::At(Place::Sq(sq("williamsburg"))));
    reveal(&mut g);
    let u = (0..g.units.len() as fiw::state::UnitId)
        .find(|&u| g.face(u).id == "va-infantry" && g.units[u as usize].at() == Place::Sq(sq("williamsburg")))
        .expect("the Virginia regiment was raised in Williamsburg");
    assert!(matches!(g.stack.last(), Some(Frame::Movement { seat, .. }) if *seat == BRITISH));
    // On Virginia's border, it may not step out while Virginia is passive.
    let (v, out) = common::virginia_border();
    g.units.place(u, Place::Sq(v));
    let mut active = g.clone();
    active.set_status(Colony::Virginia, Status::Active);
    set_out(&mut g, BRITISH, v, &[Piece::Unit(u)]);
    assert!(
        !legal(&g, BRITISH).contains(&Action::Step(out)),
        "bound to passive Virginia"
    );
    set_out(&mut active, BRITISH, v, &[Piece::Unit(u)]);
    assert!(
        legal(&active, BRITISH).contains(&Action::Step(out)),
        "free once Virginia is active"
    );
}

#[test]
fn fort_loudoun_in_disputed_land_is_a_british_work_the_british_may_build_in() {
    // rule: fiw 22.13, 5.4, 22.4, 35.3
    // ruling: fiw #78 Fort Loudoun (0615), the printed work in disputed
    // land nobody sets up in, is British at the start: South Carolina
    // built it in 1756 and held it until August 1760. 22.13 then lets the
    // British build beside their own fort, and bars the French.
    let loudoun = sq("fort-loudoun");
    assert_eq!(tables().map.colony(loudoun), Some(fiw::map::Colony::Disputed));
    let g = Fiw::new(&engine::Setup::new("on-to-quebec", 7));
    assert_eq!(g.works(loudoun), Some((fiw::map::Works::Fort, BRITISH)), "at the start");
    assert_eq!(
        started(BRITISH).works(loudoun),
        Some((fiw::map::Works::Fort, BRITISH)),
        "after the set-up"
    );
    let here = Action::At(Place::Sq(loudoun));
    let mut g = purchasing(&[("br-line", "fort-loudoun")]);
    act(&mut g, BRITISH, Action::Build(Marker::Magazine));
    assert!(
        legal(&g, BRITISH).contains(&here),
        "the British build in their own fort"
    );
    // The French, whose only unit stands there, may build nowhere.
    let g = purchasing(&[("fr-ang", "fort-loudoun")]);
    assert!(
        !legal(&g, FRENCH).contains(&Action::Build(Marker::Magazine)),
        "22.13 not beside an enemy marker"
    );
}

#[test]
fn a_released_prisoner_goes_back_to_his_own_side() {
    // rule: fiw 17.42
    // ruling: fiw #32
    // The French hold Monckton: they release him to the British.
    let mut g = purchasing(&[]);
    let monckton = leader(&g, "monckton");
    g.leaders[monckton as usize].at = Place::Prisoner;
    assert!(legal(&g, FRENCH).contains(&Action::Release(monckton)));
    assert_eq!(
        label(&g, FRENCH, Action::Release(monckton)),
        "Release the prisoner Robert Monckton to the British (17.42; free, terms are yours to agree)"
    );
}

/// 10.71 "An unlimited number of leaders may be placed in a square, and an
/// unlimited number of recruits may be placed in a home base": once Boston
/// holds its forage value of new regiments, regulars still go to the
/// British home base, more than any square's forage value, and leaders
/// still go to Boston.
#[test]
fn leaders_in_a_full_square_and_recruits_in_the_home_base_are_unlimited() {
    // rule: fiw 10.71, 10.1
    let mut g = purchasing(&[("br-line", "boston")]);
    let boston = Action::At(Place::Sq(sq("boston")));
    let britain = Action::At(Place::Base(Base::Britain));
    let forage = g.forage_value(sq("boston"));
    // Three regulars (10.1's limit on the map), then Massachusetts men.
    for i in 0..forage {
        let recruit = if i < 3 { "br-line" } else { "ma-infantry" };
        act(&mut g, BRITISH, Action::Recruit(face(recruit)));
        act(&mut g, BRITISH, boston);
    }
    assert!(
        !legal(&g, BRITISH).contains(&Action::Recruit(face("ma-infantry"))),
        "Boston, the only British-occupied city of Massachusetts, is full"
    );
    for _ in 0..=forage {
        act(&mut g, BRITISH, Action::Recruit(face("br-line")));
        act(&mut g, BRITISH, britain);
    }
    for name in ["howe", "abercromby"] {
        act(&mut g, BRITISH, Action::Appoint(leader_row(name)));
        assert!(legal(&g, BRITISH).contains(&boston), "{name} to Boston");
        act(&mut g, BRITISH, boston);
    }
    act(&mut g, BRITISH, Action::Commit);
    act(&mut g, FRENCH, Action::Commit);
    let home = g.units_in(Place::Base(Base::Britain)).count();
    assert_eq!(home, usize::from(forage) + 1);
    for name in ["howe", "abercromby"] {
        assert_eq!(g.leaders[leader(&g, name) as usize].at, Place::Sq(sq("boston")));
    }
}

/// The row of leaders.tsv of a leader id.
fn leader_row(id: &str) -> u8 {
    tables()
        .forces
        .leaders
        .iter()
        .position(|l| l.id == id)
        .expect("a leader of leaders.tsv") as u8
}
