//! The combat sub-phase played through: the rulebook's examples of 15.71,
//! 15.73, 15.75 and 15.8 with scripted dice, withdrawal (15.5), the choice
//! of table (15.63), retreats (ruling fiw #4), sieges
//! (23.2x), siege trains (23.27), leader capture (17.41, 17.42) and the
//! Capture Table (22.6). Each test clears the map of On to Quebec and
//! places the pieces itself.

mod common;

use common::{act_id as act, ids, in_operations, label, legal, put, put_leader, put_marker, virginia_border};
use engine::prelude::*;
use engine::Seat;
use fiw::actions::Action;
use fiw::civilization::{Capture, Marker};
use fiw::combat::{odds, Crt, Odds};
use fiw::forces::{BRITISH, FRENCH};
use fiw::map::{Colony, Sq, Terrain};
use fiw::state::{Phase, Place, Sub, UnitId};
use fiw::tables::tables;
use fiw::Fiw;

/// A leader from the Leader box, serving `side`.
fn lead(g: &mut Fiw, id: &str, sq: Sq, side: Seat) -> u8 {
    let l = put_leader(g, id, sq);
    g.leaders[l as usize].side = side;
    l
}

/// A land square of `terrain` with nothing printed in it, every neighbour
/// land across a plain side or vertex, away from Florida.
fn open_square(terrain: Terrain) -> Sq {
    common::open_square(terrain, |c| c != Colony::Florida)
}

/// The emptied game with units of these faces put, in this order, in an
/// open square of `terrain`: the game, the square and the units.
fn armies<'a>(terrain: Terrain, faces: impl IntoIterator<Item = &'a str>) -> (Fiw, Sq, Vec<UnitId>) {
    let mut g = in_operations();
    let sq = open_square(terrain);
    let units = faces.into_iter().map(|f| put(&mut g, f, sq)).collect();
    (g, sq, units)
}

/// The combat sub-phase of `seat` in the 1st operations phase begins.
fn fight(g: &mut Fiw, seat: Seat) {
    fight_in(g, seat, 1);
}

/// The combat sub-phase of `seat` in operations phase `round` begins.
fn fight_in(g: &mut Fiw, seat: Seat, round: u8) {
    g.phase = Phase::Operations { round, seat };
    g.sub = Sub::InvasionReaction;
    g.stack.clear();
    g.advance();
}

/// The dice scripted, then the combat sub-phase of `seat`: the combat
/// results rolled so far (15.7).
fn fight_with(g: &mut Fiw, seat: Seat, dice: &[u8]) -> Vec<String> {
    g.core.dice.script(dice.iter().copied());
    fight(g, seat);
    log_of(g, "15.7")
}

/// Asserts that the first combat result rolled (15.7) says `text`.
fn assert_rolled(g: &Fiw, text: &str) {
    let rolls = log_of(g, "15.7");
    assert!(rolls.first().is_some_and(|r| r.contains(text)), "{rolls:?}");
}

/// `seat` is offered exactly `options` and takes `choice`, the dice
/// scripted.
fn decide(g: &mut Fiw, seat: Seat, options: &[&str], choice: &str, dice: &[u8]) {
    assert_eq!(ids(g, seat), options);
    g.core.dice.script(dice.iter().copied());
    act(g, seat, choice);
}

fn log_of(g: &Fiw, rule: &str) -> Vec<String> {
    g.log()
        .visible(None)
        .filter(|e| e.rule == rule)
        .map(|e| e.text.clone())
        .collect()
}

/// The die giving `code` on the Linear table at 4:1.
fn four_to_one(code: &str) -> u8 {
    (1..=6u8)
        .find(|&d| tables().combat.result(Crt::Linear, Odds::FourToOne, i32::from(d)).code == code)
        .unwrap_or_else(|| panic!("a {code} at 4:1"))
}

/// Whoever must decide takes the first choice, to the end of the
/// sub-phase.
fn settle(g: &mut Fiw) {
    while !over(g) {
        let seat = g.to_act().iter().next().expect("a seat decides");
        let mut v = Vec::new();
        g.legal(seat, &mut v);
        g.apply_legal(seat, &v[0]);
    }
}

/// The combat sub-phase is over: the next phase's movement waits.
fn over(g: &Fiw) -> bool {
    g.sub == Sub::Movement
}

#[test]
fn fourteen_against_five_is_two_to_one() {
    // rule: fiw 15.71, 15.1, 15.9
    let (mut g, sq, units) = armies(Terrain::Clear, ["br-line", "br-line", "br-light", "fr-ang"]);
    let d = units[3];
    let expect = tables().combat.result(Crt::Linear, Odds::TwoToOne, 3);
    fight_with(&mut g, BRITISH, &[3]);
    settle(&mut g);
    let rolls = log_of(&g, "15.7");
    assert_eq!(rolls.len(), 1);
    assert!(
        rolls[0].contains("14 against 5, odds 2:1 on the Linear table"),
        "{}",
        rolls[0]
    );
    assert!(rolls[0].ends_with(&format!("{}.", expect.code)), "{}", rolls[0]);
    // The defender left the square, by elimination or retreat (11.5).
    assert!(expect.defender.leaves());
    assert_ne!(g.units[d as usize].at(), Place::Sq(sq));
}

#[test]
fn ten_against_six_is_one_to_two() {
    // rule: fiw 15.71, 15.72
    let (mut g, ..) = armies(Terrain::Clear, ["br-line", "br-line-det", "fr-ang", "fr-art"]);
    assert_eq!(odds(6, 10), Odds::OneToTwo);
    fight_with(&mut g, BRITISH, &[6]);
    assert_rolled(&g, "6 against 10, odds 1:2");
}

#[test]
fn seven_against_four_is_one_and_a_half_to_one() {
    // rule: fiw 15.73
    // A Spanish line regiment (4-4) is no faster than the British: no withdrawal.
    let (mut g, ..) = armies(Terrain::Clear, ["br-line", "br-line-det", "br-line-det", "sp-line"]);
    fight_with(&mut g, BRITISH, &[2]);
    assert_rolled(&g, "7 against 4, odds 1.5:1");
}

#[test]
fn heavy_five_and_light_four_in_the_wilderness_defend_at_thirteen() {
    // rule: fiw 15.74, 15.75, 15.3, 11.4
    // 11.4, 15.3: the three attacking regiments fight as one force (15),
    // the two defending ones as one combined defence (13).
    let (mut g, ..) = armies(
        Terrain::Wilderness,
        ["br-line", "br-line", "br-line", "fr-ang", "fr-mar"],
    );
    fight_with(&mut g, BRITISH, &[4]);
    let defence = log_of(&g, "15.74");
    assert_eq!(
        defence,
        ["The French defend with the multiples of wilderness terrain: strength 13."]
    );
    assert_rolled(&g, "15 against 13, odds 1:1");
}

#[test]
fn leaders_two_and_one_make_a_four_a_five() {
    // rule: fiw 15.8, 17.22
    let (mut g, sq, _) = armies(Terrain::Clear, ["br-line", "br-line", "fr-ang", "fr-art"]);
    lead(&mut g, "amherst", sq, BRITISH); // military 2
    lead(&mut g, "bougainville", sq, FRENCH); // military 1
    let expect = tables().combat.result(Crt::Linear, Odds::OneToOne, 5);
    let rolls = fight_with(&mut g, BRITISH, &[4]);
    assert!(
        rolls[0].contains("die 4, Jeffery Amherst +2, Louis-Antoine de Bougainville -1: 5,"),
        "{}",
        rolls[0]
    );
    assert!(rolls[0].ends_with(&format!("{}.", expect.code)), "{}", rolls[0]);
}

#[test]
fn an_indian_leader_leads_only_indians() {
    // rule: fiw 17.7, 25.3
    let (mut g, sq, _) = armies(Terrain::Clear, ["fr-ang", "ottawa-fr", "br-line"]);
    lead(&mut g, "pontiac", sq, FRENCH);
    let rolls = fight_with(&mut g, FRENCH, &[3]);
    assert!(!rolls[0].contains("Pontiac"), "a mixed force: {}", rolls[0]);
}

#[test]
fn a_faster_defender_may_withdraw() {
    // rule: fiw 15.5, 15.1
    let (mut g, sq, units) = armies(Terrain::Clear, ["br-line", "fr-mar"]);
    let m = units[1];
    let l = lead(&mut g, "montcalm", sq, FRENCH);
    fight(&mut g, BRITISH);
    assert_eq!(g.to_act().iter().collect::<Vec<_>>(), [FRENCH]);
    let options = ids(&g, FRENCH);
    assert!(options.contains(&"stand".to_string()));
    // Light units alone may withdraw across a vertex too (but Montcalm is heavy).
    assert_eq!(options.len(), 5, "four sides and stand: {options:?}");
    let to = sq.orthogonal().next().unwrap();
    act(&mut g, FRENCH, &format!("withdraw-{to}"));
    assert_eq!(g.units[m as usize].at(), Place::Sq(to));
    assert_eq!(
        g.leaders[l as usize].at,
        Place::Sq(to),
        "the leader goes with the force"
    );
    assert!(log_of(&g, "15.7").is_empty(), "the combat ends at once");
    assert!(over(&g));
}

#[test]
fn no_withdrawal_from_as_fast_an_attacker() {
    // rule: fiw 15.5
    // Both move 6.
    let (mut g, ..) = armies(Terrain::Clear, ["br-light", "fr-mar"]);
    fight_with(&mut g, BRITISH, &[3]);
    assert!(log_of(&g, "15.5").is_empty());
    assert_eq!(log_of(&g, "15.7").len(), 1);
}

#[test]
fn half_heavy_half_light_lets_the_attacker_choose() {
    // rule: fiw 15.6, 15.61, 15.62, 15.63
    // 5 heavy, 4 + 1 light.
    let (mut g, ..) = armies(Terrain::Clear, ["br-line", "br-light", "br-light-det", "fr-ang"]);
    fight(&mut g, BRITISH);
    assert_eq!(
        label(&g, BRITISH, Action::Crt(Crt::Raid)),
        "Use the Raid Combat Results Table (15.63)"
    );
    decide(&mut g, BRITISH, &["crt-linear", "crt-raid"], "crt-raid", &[3]);
    assert_eq!(
        log_of(&g, "15.63"),
        ["The British choose the Raid Combat Results Table: heavy and light units have 5 printed combat factors each."]
    );
    assert_rolled(&g, "on the Raid table");
}

#[test]
fn the_defender_picks_one_multiple_for_his_force() {
    // rule: fiw 15.74, 23.1
    let (mut g, sq, _) = armies(Terrain::Rough, SIXTY.into_iter().chain(["fr-ang"]));
    put_marker(&mut g, Marker::Fortress, sq, FRENCH);
    // As the British entry made it (23.22): the French are inside, and
    // the British attack the siege (ruling fiw #48).
    g.invest(BRITISH, sq);
    fight(&mut g, BRITISH);
    act(&mut g, BRITISH, &format!("attack-{sq}"));
    // Rough doubles, the fortress triples.
    decide(
        &mut g,
        FRENCH,
        &["defend-rough", "defend-fortress"],
        "defend-fortress",
        &[3],
    );
    assert_rolled(&g, "60 against 15, odds 4:1");
}

#[test]
fn a_multiple_not_offered_gives_what_the_offered_one_gives_and_is_named() {
    // rule: fiw 15.74
    // Rough terrain and a fort both double every defender: one choice is
    // offered, and the fort is named beside it rather than silently dropped.
    let (mut g, sq, units) = armies(Terrain::Rough, ["fr-ang", "fr-mar", "br-comb", "br-line"]);
    put_marker(&mut g, Marker::Fort, sq, BRITISH);
    g.invest(FRENCH, sq);
    fight(&mut g, FRENCH);
    let light = format!("light-u{}", units[2]);
    assert_eq!(ids(&g, BRITISH), ["defend-rough", light.as_str()]);
    let defend = legal(&g, BRITISH)
        .into_iter()
        .find(|a| g.describe(BRITISH, a).id == "defend-rough")
        .unwrap();
    let strength = 2 * (u32::from(g.face(units[2]).combat) + u32::from(g.face(units[3]).combat));
    assert_eq!(
        label(&g, BRITISH, defend),
        format!("Defend with the multiples of rough terrain (the fort gives the same): strength {strength} (15.74)")
    );
    g.core.dice.script([3]);
    act(&mut g, BRITISH, "defend-rough");
    assert_eq!(
        log_of(&g, "15.74"),
        [format!(
            "The British defend with the multiples of rough terrain (the fort gives the same): strength {strength}."
        )]
    );
}

#[test]
fn a_beaten_force_retreats_where_its_owner_chooses() {
    // rule: fiw 15.9, 13.2
    // ruling: fiw #4
    let (mut g, sq, units) = armies(Terrain::Clear, BRIGADES.into_iter().chain(["fr-ang"]));
    let d = units[3];
    // Block two sides with British units.
    let mut sides = sq.orthogonal();
    let (n1, n2, free) = (sides.next().unwrap(), sides.next().unwrap(), sides.next().unwrap());
    put(&mut g, "br-line-det", n1);
    put(&mut g, "br-line-det", n2);
    fight_with(&mut g, BRITISH, &[four_to_one("DR")]);
    let options = ids(&g, FRENCH);
    assert_eq!(
        options.len(),
        2,
        "two free sides; a heavy unit takes no vertex: {options:?}"
    );
    assert!(!options.contains(&format!("retreat-{n1}")));
    // "Why not?" from the same check: the enemy, a corner, too far.
    let refused = |target: Sq| match engine::why_not(&g, FRENCH, &target.to_string()) {
        engine::WhyNot::Forbidden { rules } => (rules[0].rule, rules[0].reason.to_string()),
        other => panic!("{target}: {other:?}"),
    };
    let (rule, reason) = refused(n1);
    assert_eq!(rule, "15.9");
    assert!(reason.contains("British combat units are in"), "{reason}");
    let corner = sq.diagonal().next().unwrap();
    assert_eq!(refused(corner).0, "13.2");
    let far = Sq::all().find(|s| s.touch(sq).is_none() && *s != sq).unwrap();
    assert!(refused(far).1.contains("one square"));
    assert!(matches!(
        engine::why_not(&g, FRENCH, &free.to_string()),
        engine::WhyNot::Legal { .. }
    ));
    act(&mut g, FRENCH, &format!("retreat-{free}"));
    assert_eq!(g.units[d as usize].at(), Place::Sq(free));
}

#[test]
fn units_with_nowhere_to_retreat_are_eliminated_to_the_pool() {
    // rule: fiw 15.9, 10.73
    // ruling: fiw #4
    // 34.1's prisoners are an optional rule, not in play: the regiment may
    // be recruited again.
    let (mut g, sq, units) = armies(Terrain::Clear, BRIGADES.into_iter().chain(["fr-ang"]));
    let d = units[3];
    for n in sq.orthogonal() {
        put(&mut g, "br-line-det", n);
    }
    let before = g.balance.value();
    fight_with(&mut g, BRITISH, &[four_to_one("DR")]);
    assert_eq!(g.units[d as usize].at(), Place::Pool);
    assert!(common::logged(
        &g,
        "have nowhere to retreat and are eliminated (ruling fiw #4)"
    ));
    assert!(over(&g));
    // One regiment is less than the three a space of the Balance costs.
    assert_eq!(g.balance.value(), before);
}

#[test]
fn eliminating_three_regiments_shifts_the_balance() {
    // rule: fiw 4.1, 10.73
    let (mut g, _, units) = armies(
        Terrain::Clear,
        SIXTY.into_iter().chain(["fr-ang", "fr-art", "fr-bearn"]),
    );
    let before = g.balance;
    fight_with(&mut g, BRITISH, &[four_to_one("DD")]);
    for &d in &units[SIXTY.len()..] {
        assert_eq!(
            g.units[d as usize].at(),
            Place::Pool,
            "eliminated units may be recruited again"
        );
    }
    assert_eq!(g.balance, before.shift(1, BRITISH));
}

#[test]
fn a_loss_of_half_is_the_owners_choice() {
    // rule: fiw 15.9
    let (mut g, sq, units) = armies(
        Terrain::Clear,
        SIXTY.into_iter().chain(["fr-ang", "fr-line-det", "fr-line-det"]),
    );
    let (big, small) = (units[SIXTY.len()], units[SIXTY.len() + 1]);
    // 60 against 7: a DL costs units of 4 strength (half of 7, rounded up).
    fight_with(&mut g, BRITISH, &[four_to_one("DL")]);
    let options = ids(&g, FRENCH);
    assert!(options.contains(&format!("lose-u{big}")) && options.contains(&format!("lose-u{small}")));
    // "Why not?" for the pieces the loss may not be taken in.
    let elsewhere = g.units_at(sq).count();
    let away = sq.orthogonal().next().unwrap();
    let far = put(&mut g, "fr-line-det", away);
    let levis = put_leader(&mut g, "de-levis", away);
    let why = |g: &Fiw, target: String| {
        g.why_not(FRENCH, &target)
            .into_iter()
            .map(|f| (f.rule, f.reason.to_string()))
            .collect::<Vec<_>>()
    };
    let [(rule, text)] = &why(&g, format!("u{far}"))[..] else {
        panic!("one reason")
    };
    assert_eq!(*rule, "15.9");
    assert!(text.starts_with("only the units in the battle at"), "{text}");
    let [(_, text)] = &why(&g, format!("u{}", units[0]))[..] else {
        panic!("one reason")
    };
    assert!(
        text.starts_with("the French take this loss from their own units"),
        "{text}"
    );
    let [(_, text)] = &why(&g, format!("l{levis}"))[..] else {
        panic!("one reason")
    };
    assert!(text.contains("leaders are no part of it"), "{text}");
    assert_eq!(why(&g, format!("u{small}")), Vec::new(), "a legal loss is not refused");
    assert_eq!(g.units_at(sq).count(), elsewhere);
    act(&mut g, FRENCH, &format!("lose-u{small}"));
    // 1 of 4 lost: still the owner's choice.
    assert!(ids(&g, FRENCH).contains(&format!("lose-u{big}")));
    act(&mut g, FRENCH, &format!("lose-u{big}"));
    assert_eq!(g.units[big as usize].at(), Place::Pool);
    assert_eq!(g.units[small as usize].at(), Place::Pool);
}

/// Three brigades: 45 strength points.
const BRIGADES: [&str; 3] = ["br-brigade", "br-brigade", "br-brigade"];

/// Three brigades and three regiments: 60 strength points.
const SIXTY: [&str; 6] = [
    "br-brigade",
    "br-brigade",
    "br-brigade",
    "br-line",
    "br-line",
    "br-line",
];

/// In `seat`'s movement sub-phase, pushed on the stack, a force of every
/// unit of `seat` in `from` steps into `to`.
fn step_in(g: &mut Fiw, seat: Seat, from: Sq, to: Sq) {
    g.stack.push(fiw::frames::Frame::Movement {
        seat,
        passed: Vec::new(),
        passed_naval: Vec::new(),
    });
    act(g, seat, &format!("form-{from}"));
    for u in g.units_at(from).collect::<Vec<_>>() {
        if g.side(u) == seat {
            act(g, seat, &format!("add-u{u}"));
        }
    }
    act(g, seat, "go");
    act(g, seat, &format!("step-{to}"));
}

/// The emptied game with a fortress square besieged by the British, the
/// French inside: the game, the square, the garrison and a besieger.
fn siege() -> (Fiw, Sq, UnitId, UnitId) {
    let (mut g, sq, garrison) = armies(Terrain::Clear, ["fr-ang"]);
    let d = garrison[0];
    put_marker(&mut g, Marker::Fortress, sq, FRENCH).printed = true;
    let from = sq.orthogonal().next().unwrap();
    let a = put(&mut g, SIXTY[0], from);
    for f in &SIXTY[1..] {
        put(&mut g, f, from);
    }
    // The British march in: the French are inside (23.22).
    step_in(&mut g, BRITISH, from, sq);
    assert!(g.units[d as usize].inside, "23.22 the French were there first");
    assert!(!g.units[a as usize].inside);
    assert!(g.besieged(sq));
    (g, sq, d, a)
}

/// The British attack the besieged fortress, the dice scripted, and the
/// French defend with the fortress's multiple.
fn assault(g: &mut Fiw, sq: Sq, dice: &[u8]) {
    assault_in(g, sq, 1, dice);
}

/// [`assault`] in operations phase `round`.
fn assault_in(g: &mut Fiw, sq: Sq, round: u8, dice: &[u8]) {
    fight_in(g, BRITISH, round);
    act(g, BRITISH, &format!("attack-{sq}"));
    g.core.dice.script(dice.iter().copied());
    act(g, FRENCH, "defend-fortress");
}

#[test]
fn either_side_may_leave_a_siege_alone() {
    // rule: fiw 23.2, 23.21, 23.22, 23.23
    let (mut g, sq, d, a) = siege();
    fight(&mut g, BRITISH);
    assert_eq!(ids(&g, BRITISH), [format!("attack-{sq}"), format!("no-attack-{sq}")]);
    act(&mut g, BRITISH, &format!("no-attack-{sq}"));
    assert!(over(&g));
    // The besieged may sally in their own phase, or not.
    fight(&mut g, FRENCH);
    assert_eq!(ids(&g, FRENCH), [format!("attack-{sq}"), format!("no-attack-{sq}")]);
    act(&mut g, FRENCH, &format!("no-attack-{sq}"));
    assert_eq!(g.units[d as usize].at(), Place::Sq(sq));
    assert_eq!(g.units[a as usize].at(), Place::Sq(sq));
    assert!(log_of(&g, "15.7").is_empty());
    assert!(over(&g), "22.5: no destroying markers in a siege, so no decision");
}

#[test]
fn the_besieged_ignore_retreats() {
    // rule: fiw 23.21, 11.5
    let (mut g, sq, d, _) = siege();
    fight(&mut g, BRITISH);
    act(&mut g, BRITISH, &format!("attack-{sq}"));
    // 60 against 5 x 3 = 15: 4:1 on the Linear table.
    let dice = [four_to_one("DR")];
    decide(
        &mut g,
        FRENCH,
        &["defend-clear", "defend-fortress"],
        "defend-fortress",
        &dice,
    );
    assert_rolled(&g, "60 against 15, odds 4:1");
    assert_eq!(g.units[d as usize].at(), Place::Sq(sq), "no retreat from the fortress");
    assert_eq!(log_of(&g, "23.21").len(), 1);
    assert!(g.besieged(sq), "the siege goes on");
}

#[test]
fn a_siege_attack_is_an_operation() {
    // rule: fiw 12.2
    // The British marched in during the 1st phase. In the 2nd, attacking
    // the fortress is an operation: with no supply point and no magazine
    // in reach they may only leave the siege alone (ruling fiw #48).
    let (mut g, sq, _, a) = siege();
    g.supply[BRITISH as usize] = 0;
    fight_in(&mut g, BRITISH, 2);
    assert_eq!(ids(&g, BRITISH), [format!("no-attack-{sq}")]);
    // The prompt says why the attack is missing.
    let (prompt, rule) = g.combat_prompt();
    assert_eq!(rule, "12.2");
    assert!(
        prompt.contains("no supply point or magazine in reach pays for it"),
        "{prompt}"
    );
    // With supply points, the attack spends one for the besiegers.
    let (mut g, sq, _, a2) = siege();
    g.supply[BRITISH as usize] = 2;
    fight_in(&mut g, BRITISH, 2);
    assert_eq!(g.combat_prompt().1, "23.23");
    act(&mut g, BRITISH, &format!("attack-{sq}"));
    assert_eq!(g.supply[BRITISH as usize], 1);
    assert_ne!(g.units[a2 as usize].ops & (1 << 2), 0, "they operated in the 2nd phase");
    assert_eq!(log_of(&g, "12.2").len(), 1);
    // Units that moved in this very phase already paid when they set out.
    let (mut g, sq, _, _) = siege();
    g.supply[BRITISH as usize] = 0;
    for u in g.side_at(sq, BRITISH).collect::<Vec<_>>() {
        g.units[u as usize].ops |= 1 << 3;
    }
    fight_in(&mut g, BRITISH, 3);
    act(&mut g, BRITISH, &format!("attack-{sq}"));
    assert!(log_of(&g, "12.2").is_empty());
    assert_eq!(g.units[a as usize].at(), Place::Sq(sq));
}

#[test]
fn a_winter_siege_attack_suffers_attrition() {
    // rule: fiw 12.3
    // In the 4th phase the besiegers that attack without having moved roll
    // winter attrition once the combat is over (ruling fiw #48): the first
    // rolls a 1 and is eliminated, the others 6s.
    let (mut g, sq, d, _) = siege();
    g.supply[BRITISH as usize] = 1;
    let besiegers: Vec<UnitId> = g.side_at(sq, BRITISH).collect();
    let mut dice = vec![four_to_one("DR"), 1];
    dice.extend(std::iter::repeat_n(6, besiegers.len() - 1));
    // The choice says its price and what follows (session 38's audit).
    let mut asked = g.clone();
    fight_in(&mut asked, BRITISH, 4);
    let label = engine::described(&asked, BRITISH)
        .into_iter()
        .find(|a| a.id == format!("attack-{sq}"))
        .map(|a| a.label);
    assert!(
        label
            .as_deref()
            .is_some_and(|l| l.ends_with(", spending a supply point, then winter attrition (23.23, 12.2, 12.3)")),
        "{label:?}"
    );
    assault_in(&mut g, sq, 4, &dice);
    let rolls = log_of(&g, "12.3");
    assert_eq!(rolls.len(), besiegers.len(), "{rolls:?}");
    assert!(rolls[0].contains("rolls 1 and is eliminated"), "{}", rolls[0]);
    assert_eq!(g.units[besiegers[0] as usize].at(), Place::Pool);
    assert!(besiegers[1..]
        .iter()
        .all(|&u| g.units[u as usize].at() == Place::Sq(sq)));
    assert_eq!(
        g.units[d as usize].at(),
        Place::Sq(sq),
        "the garrison ignores the retreat"
    );
    // The garrison sallying in the 1st phase rolls nothing.
    let mut g = sally();
    settle(&mut g);
    assert!(log_of(&g, "12.3").is_empty());
}

#[test]
fn forced_into_battle_where_they_stand_is_no_operation() {
    // rule: fiw 14.4, 12.2, 12.3
    // ruling: fiw #58
    // British regiments that did not move this phase find French units
    // raised into their square (14.4): the battle is mandatory (15.21) but
    // not an operation of theirs. In the 2nd phase it costs no supply
    // point, in the 4th no winter attrition is rolled.
    for round in [2, 4] {
        let (mut g, sq, units) = armies(Terrain::Clear, ["br-line", "br-line", "fr-ang"]);
        g.supply[BRITISH as usize] = 3;
        g.core.dice.script([3]);
        fight_in(&mut g, BRITISH, round);
        // The battle, to the end of the British combat sub-phase.
        let combat = Phase::Operations { round, seat: BRITISH };
        while g.phase == combat && g.sub == Sub::Combat {
            let seat = g.to_act().iter().next().expect("a seat decides");
            let mut v = Vec::new();
            g.legal(seat, &mut v);
            g.apply_legal(seat, &v[0]);
        }
        assert_eq!(log_of(&g, "15.7").len(), 1, "they fought in phase {round}");
        assert_eq!(g.supply[BRITISH as usize], 3, "phase {round}: nothing paid");
        assert!(log_of(&g, "12.2").is_empty() && log_of(&g, "12.3").is_empty());
        let bit = 1 << round;
        for &u in &units[..2] {
            let unit = &g.units[u as usize];
            assert!(unit.at() != Place::Sq(sq) || unit.ops & bit == 0, "not an operation");
        }
    }
}

/// The British leave the siege alone; in their phase the garrison sallies,
/// the die scripted 3.
#[test]
fn a_garrison_lost_to_winter_attrition_after_a_sally_leaves_its_fortress_to_the_besiegers() {
    // rule: fiw 12.3, 22.4, 23.26, 10.73
    // ruling: fiw #48, #97
    // The garrison of one regiment sallies in the 4th phase (5 against 60,
    // 1:3 on the Linear table: a 5 is AR, which it ignores, 23.21), then
    // rolls winter attrition (#48): a 1. The siege is over, and the
    // fortress, left to the besiegers in its square, is theirs (#97). The
    // regiment is back in the counter mix as any eliminated unit, inside
    // no fortress (10.73: it may be recruited again).
    let (mut g, sq, d, _) = siege();
    g.supply[FRENCH as usize] = 1;
    fight_in(&mut g, FRENCH, 4);
    g.core.dice.script([5, 1]);
    act(&mut g, FRENCH, &format!("attack-{sq}"));
    assert_rolled(&g, "AR");
    assert!(log_of(&g, "12.3")[0].contains("rolls 1 and is eliminated"));
    assert_eq!(g.units[d as usize].at(), Place::Pool);
    assert!(!g.units[d as usize].inside, "its markings cleared in the pool");
    assert!(!g.besieged(sq));
    assert_eq!(g.works(sq), Some((fiw::map::Works::Fortress, BRITISH)));
}

fn sally() -> Fiw {
    let (mut g, sq, _, _) = siege();
    fight(&mut g, BRITISH);
    act(&mut g, BRITISH, &format!("no-attack-{sq}"));
    fight(&mut g, FRENCH);
    g.core.dice.script([3]);
    act(&mut g, FRENCH, &format!("attack-{sq}"));
    g
}

#[test]
fn besiegers_defend_as_in_a_settlement() {
    // rule: fiw 23.22, 15.74
    let g = sally();
    let defence = log_of(&g, "15.74");
    assert_eq!(
        defence,
        ["The British defend with the multiples of settled terrain: strength 60."]
    );
}

#[test]
fn siege_trains_double_the_attack_on_a_fort() {
    // rule: fiw 23.27
    // A French fort in a clear square, these units in it: the rolls of a
    // British attack the French meet in the fort.
    let fort_battle = |faces: &[&str]| {
        let (mut g, sq, _) = armies(Terrain::Clear, faces.iter().copied());
        put_marker(&mut g, Marker::Fort, sq, FRENCH);
        fight_with(&mut g, BRITISH, &[3]);
        act(&mut g, FRENCH, "defend-fort");
        log_of(&g, "15.7")
    };
    // Two trains against one: doubled once, (5 + 1 + 1) x 2 = 14; the fort
    // doubles the defence, (5 + 1) x 2 = 12.
    let rolls = fort_battle(&["br-line", "br-siege", "br-siege", "fr-ang", "fr-siege"]);
    assert!(
        rolls[0].contains("14 (doubled by siege trains, 23.27) against 12"),
        "{}",
        rolls[0]
    );
    // One against one: no doubling.
    let rolls = fort_battle(&["br-line", "br-siege", "fr-ang", "fr-siege"]);
    assert!(rolls[0].contains("6 against 12"), "{}", rolls[0]);
}

#[test]
fn a_leader_left_alone_escapes_or_is_captured() {
    // rule: fiw 17.4, 17.41
    // ruling: fiw #32
    // A British regiment and a French leader alone in a clear square.
    let alone = |leader: &str| {
        let (mut g, sq, _) = armies(Terrain::Clear, ["br-line"]);
        let l = lead(&mut g, leader, sq, FRENCH);
        (g, sq, l)
    };
    let (mut g, sq, montcalm) = alone("montcalm"); // 3 + 1
                                                   // Two French stacks two squares away, one three.
    let (c, r) = (sq.col, sq.row);
    let east = Sq::new(c + 2, r).unwrap();
    let south = Sq::new(c + 1, r + 2).unwrap();
    let far = Sq::new(c + 3, r + 3).unwrap();
    put(&mut g, "fr-line-det", east);
    put(&mut g, "fr-line-det", south);
    put(&mut g, "fr-line-det", far);
    fight_with(&mut g, BRITISH, &[4]);
    assert!(log_of(&g, "17.41")[0].contains("rolls 4 against 4"));
    // Ruling fiw #32: fewest squares, a diagonal step counting one; a tie is the owner's.
    assert_eq!(ids(&g, FRENCH), [format!("escape-{east}"), format!("escape-{south}")]);
    // "Why not?" from the same check: farther friends, or none there.
    let refused = |target: Sq| match engine::why_not(&g, FRENCH, &target.to_string()) {
        engine::WhyNot::Forbidden { rules } => (rules[0].rule, rules[0].reason.to_string()),
        other => panic!("{target}: {other:?}"),
    };
    assert_eq!(refused(far).0, "17.41");
    assert!(refused(far).1.contains("is 3 squares from") && refused(far).1.contains("stand 2 away"));
    assert!(refused(Sq::new(c, r + 1).unwrap()).1.contains("no French combat units"));
    act(&mut g, FRENCH, &format!("escape-{south}"));
    assert_eq!(g.leaders[montcalm as usize].at, Place::Sq(south));

    let (mut g, _, montcalm) = alone("montcalm");
    put(&mut g, "fr-line-det", east);
    let before = g.balance;
    fight_with(&mut g, BRITISH, &[5]);
    assert_eq!(
        g.leaders[montcalm as usize].at,
        Place::Prisoner,
        "a named leader is captured"
    );
    assert_eq!(g.balance, before.shift(1, BRITISH), "leader-eliminated");

    let (mut g, _, brigadier) = alone("french-brigadier"); // 1 + 0
    fight_with(&mut g, BRITISH, &[2]);
    assert_eq!(
        g.leaders[brigadier as usize].at,
        Place::Pool,
        "a brigadier is eliminated (17.44)"
    );
}

#[test]
fn indians_may_execute_their_prisoner() {
    // rule: fiw 17.42, 34.2
    let (mut g, sq, _) = armies(Terrain::Clear, ["ottawa-br"]);
    let montcalm = lead(&mut g, "montcalm", sq, FRENCH);
    put(&mut g, "fr-line-det", Sq::new(sq.col + 2, sq.row).unwrap());
    let before = g.balance;
    fight_with(&mut g, BRITISH, &[6]);
    assert_eq!(ids(&g, BRITISH), ["execute", "spare"]);
    act(&mut g, BRITISH, "execute");
    assert_eq!(g.leaders[montcalm as usize].at, Place::Gone);
    // Captured (one toward the British), then executed (one toward the French).
    assert_eq!(g.balance, before.shift(1, BRITISH).shift(1, FRENCH));
}

#[test]
fn the_winner_rolls_for_the_losers_fort() {
    // rule: fiw 22.6, 22.61, 22.5
    let (mut g, sq, _) = armies(Terrain::Clear, BRIGADES.into_iter().chain(["fr-line-det"]));
    put_marker(&mut g, Marker::Fort, sq, FRENCH).printed = true;
    let t = &tables().capture;
    let captured = (1..=6)
        .find(|&r| t.result(Marker::Fort, r) == Capture::Captured)
        .unwrap();
    fight_with(&mut g, BRITISH, &[four_to_one("DD"), captured]);
    // The detachment defends at 2 in the fort, 1 in the open: the French pick.
    act(&mut g, FRENCH, "defend-fort");
    assert_eq!(g.works(sq), Some((fiw::map::Works::Fort, BRITISH)), "captured");
    assert_eq!(log_of(&g, "22.6").len(), 1);
    // 22.5 the British may now destroy it.
    assert_eq!(
        ids(&g, BRITISH),
        [format!("destroy-{sq}-fort"), "end-combat".to_string()]
    );
    act(&mut g, BRITISH, &format!("destroy-{sq}-fort"));
    assert_eq!(g.works(sq), None);
    assert!(over(&g), "nothing left to destroy");
}

#[test]
fn the_combat_square_is_examined_by_both() {
    // rule: fiw 27.1
    let (mut g, sq, _) = armies(Terrain::Clear, ["br-line", "br-light", "br-light-det", "fr-ang"]);
    fight(&mut g, BRITISH);
    assert!(g.examines(FRENCH, sq) && g.examines(BRITISH, sq));
    assert_eq!(g.battle_square(), Some(sq));
    let reveal = log_of(&g, "15.1");
    assert!(
        reveal[0]
            .contains("the British attack with Foot line 5-4, Light infantry 4+6 and Light infantry 1+6 (strength 10)"),
        "{}",
        reveal[0]
    );
}

#[test]
fn naval_units_fight_at_their_printed_strength() {
    // rule: fiw 20.61, 20.63, 20.8
    let mut g = in_operations();
    let m = &tables().map;
    let sq = m
        .sea_squares()
        .find(|&s| {
            s.orthogonal()
                .filter(|&n| m.naval_step(fiw::map::Navy::Fleet, s, n))
                .count()
                >= 2
        })
        .unwrap();
    put(&mut g, "br-fleet", sq);
    put(&mut g, "br-fleet", sq);
    lead(&mut g, "wolfe", sq, BRITISH);
    put(&mut g, "fr-fleet", sq);
    let rolls = fight_with(&mut g, BRITISH, &[3]);
    assert!(rolls[0].contains("8 against 4, odds 2:1"), "{}", rolls[0]);
    assert!(!rolls[0].contains("Wolfe"), "20.8: no leader for naval units alone");
}

/// The phasing side's movement sub-phase: a force of every unit in `from`
/// moves into `to`.
fn march(g: &mut Fiw, seat: Seat, from: Sq, to: Sq) {
    step_in(g, seat, from, to);
    if matches!(g.stack.last(), Some(fiw::frames::Frame::Force(_))) {
        act(g, seat, "halt");
    }
    g.stack.pop();
}

#[test]
fn forces_that_entered_apart_attack_together_and_must_attack() {
    // rule: fiw 15.21, 15.22, 15.2, 11.4
    let (mut g, sq, _) = armies(Terrain::Clear, []);
    let mut sides = sq.orthogonal();
    let (west, north, other) = (sides.next().unwrap(), sides.next().unwrap(), sides.next().unwrap());
    put(&mut g, "br-line", west);
    put(&mut g, "br-light", north);
    put(&mut g, "fr-ang", sq);
    // A French unit next door, with no British unit in its square.
    let next_door = put(&mut g, "fr-art", other);
    march(&mut g, BRITISH, west, sq);
    march(&mut g, BRITISH, north, sq);
    fight_with(&mut g, BRITISH, &[3]);
    // No choice to attack or not: the combat is resolved (15.21), with both
    // forces combined into one attack (15.22, 11.4).
    let reveal = log_of(&g, "15.1");
    assert_eq!(reveal.len(), 1, "one attack in the square: {reveal:?}");
    assert!(
        reveal[0].contains("the British attack with Foot line 5-4 and Light infantry 4+6 (strength 9)"),
        "{}",
        reveal[0]
    );
    settle(&mut g);
    assert_eq!(log_of(&g, "15.7").len(), 1);
    // Combat is within a square: the unit next door is not attacked.
    assert_eq!(g.units[next_door as usize].at(), Place::Sq(other));
}

#[test]
fn an_attack_once_declared_goes_to_its_end() {
    // rule: fiw 15.4
    let (mut g, ..) = armies(
        Terrain::Clear,
        [
            "br-line",
            "br-light",
            "br-light-det",
            "fr-ang",
            "fr-art",
            "fr-bearn",
            "fr-burg",
            "fr-camb",
            "fr-guy",
        ],
    );
    fight(&mut g, BRITISH);
    // The British see 30 against their 10: still only the tables to choose.
    assert!(log_of(&g, "15.1")[0].contains("(strength 30)"));
    decide(&mut g, BRITISH, &["crt-linear", "crt-raid"], "crt-raid", &[1]);
    assert_eq!(log_of(&g, "15.7").len(), 1, "resolved");
    assert_rolled(&g, "10 against 30, odds 1:3");
}

#[test]
fn a_leader_leads_the_indians_of_his_force_too() {
    // rule: fiw 17.23, 17.7
    let (mut g, sq, _) = armies(Terrain::Clear, ["br-line", "ottawa-br", "fr-ang", "fr-art"]);
    lead(&mut g, "amherst", sq, BRITISH); // military 2
                                          // 5 heavy against 4 light: the Linear table (15.61), no choice.
    let rolls = fight_with(&mut g, BRITISH, &[3]);
    assert!(
        rolls[0].contains("9 against 10") && rolls[0].contains("Jeffery Amherst +2"),
        "{}",
        rolls[0]
    );
}

#[test]
fn only_combat_units_capture_leaders() {
    // rule: fiw 17.43
    let (mut g, sq, _) = armies(Terrain::Clear, []);
    lead(&mut g, "wolfe", sq, BRITISH);
    let montcalm = lead(&mut g, "montcalm", sq, FRENCH);
    put(&mut g, "fr-line-det", Sq::new(sq.col + 2, sq.row).unwrap());
    fight(&mut g, BRITISH);
    assert!(over(&g));
    assert!(log_of(&g, "17.41").is_empty(), "an enemy leader does not capture");
    assert_eq!(g.leaders[montcalm as usize].at, Place::Sq(sq));
    // A British combat unit does (17.4).
    put(&mut g, "br-line-det", sq);
    fight_with(&mut g, BRITISH, &[6]);
    assert_eq!(log_of(&g, "17.41").len(), 1);
    assert_eq!(g.leaders[montcalm as usize].at, Place::Prisoner);
}

#[test]
fn the_besieged_may_not_leave_and_a_relief_force_stays_outside() {
    // rule: fiw 23.24, 23.25
    let (mut g, sq, d, _) = siege();
    g.stack.push(fiw::frames::Frame::Movement {
        seat: FRENCH,
        passed: Vec::new(),
        passed_naval: Vec::new(),
    });
    // It forms a force only to reorganize (19.0; ruling fiw #74): one
    // that sets out only once it has, and then moves nowhere.
    act(&mut g, FRENCH, &format!("form-{sq}"));
    act(&mut g, FRENCH, &format!("add-u{d}"));
    assert!(
        !ids(&g, FRENCH).contains(&"go".to_string()),
        "the garrison may not exit the fortress"
    );
    act(&mut g, FRENCH, "halt");
    g.stack.pop();
    // A relief force marches in: it stands outside the fortress.
    let from = sq.orthogonal().nth(1).unwrap();
    let relief = put(&mut g, "fr-art", from);
    march(&mut g, FRENCH, from, sq);
    assert_eq!(g.units[relief as usize].at(), Place::Sq(sq));
    assert!(!g.units[relief as usize].inside && g.units[d as usize].inside);
    assert!(g.besieged(sq));
    // Attacked, they defend together; the fortress triples the garrison
    // only: 5 x 3 + 5 = 20.
    assault(&mut g, sq, &[3]);
    assert_rolled(&g, "60 against 20, odds 3:1");
}

#[test]
fn a_siege_lasts_until_the_besiegers_leave_or_take_the_fortress() {
    // rule: fiw 23.26
    let (mut g, sq, d, _) = siege();
    // In a later turn the besiegers march off: the siege is over and the
    // garrison may move.
    for u in g.units.iter_mut() {
        u.ops = 0;
    }
    let to = sq.orthogonal().nth(2).unwrap();
    march(&mut g, BRITISH, sq, to);
    assert!(!g.besieged(sq));
    g.stack.push(fiw::frames::Frame::Movement {
        seat: FRENCH,
        passed: Vec::new(),
        passed_naval: Vec::new(),
    });
    assert!(ids(&g, FRENCH).contains(&format!("form-{sq}")));
    g.stack.pop();
    assert_eq!(g.units[d as usize].at(), Place::Sq(sq));
    // Besieged again, then taken: the garrison is destroyed.
    let (mut g, sq, d, a) = siege();
    assault(&mut g, sq, &[four_to_one("DD"), 1]);
    settle(&mut g);
    assert_eq!(g.units[d as usize].at(), Place::Pool);
    assert!(!g.besieged(sq));
    assert!(g.units_at(sq).all(|u| !g.units[u as usize].inside));
    assert_eq!(g.units[a as usize].at(), Place::Sq(sq));
}

#[test]
fn a_defending_legion_may_switch_to_light_before_the_multiple_is_chosen() {
    // rule: fiw 26.0, 15.74, 15.75
    // ruling: fiw #49
    let (mut g, _, units) = armies(Terrain::Wilderness, ["fr-ang", "fr-mar", "br-comb"]);
    let legion = units[2];
    assert!(!g.units[legion as usize].as_light);
    let strength = u32::from(g.face(legion).combat);
    fight(&mut g, FRENCH);
    let light = format!("light-u{legion}");
    assert_eq!(ids(&g, BRITISH), ["defend-wilderness", light.as_str()]);
    act(&mut g, BRITISH, &light);
    assert_eq!(log_of(&g, "26.0").len(), 1, "{:?}", log_of(&g, "26.0"));
    assert!(log_of(&g, "26.0")[0].ends_with("defends as light."));
    // Once switched, one multiple is left and it is taken: light units
    // defend at x2 in wilderness (15.75).
    let defence = format!(
        "The British defend with the multiples of wilderness terrain: strength {}.",
        2 * strength
    );
    assert_eq!(log_of(&g, "15.74"), [defence]);
    // Left heavy, x1.
    let (mut g, ..) = armies(Terrain::Wilderness, ["fr-ang", "fr-mar", "br-comb"]);
    fight(&mut g, FRENCH);
    act(&mut g, BRITISH, "defend-wilderness");
    let defence = format!("The British defend with the multiples of wilderness terrain: strength {strength}.");
    assert_eq!(log_of(&g, "15.74"), [defence]);
}

#[test]
fn an_attacking_legion_that_did_not_move_may_switch_before_the_table_is_chosen() {
    // rule: fiw 26.0, 15.6
    // ruling: fiw #13
    // A British legion attacks where it stands (as a sally would): heavy,
    // it must use the Linear table; switched light, the Raid table.
    let (mut g, _, units) = armies(Terrain::Clear, ["br-comb", "fr-bearn"]);
    let legion = units[0];
    fight(&mut g, BRITISH);
    let light = format!("light-u{legion}");
    assert_eq!(ids(&g, BRITISH), ["crt-linear", light.as_str()]);
    // The prompt and the one table's label say why it is the only one.
    let prompt = g.prompt(BRITISH);
    assert!(
        prompt
            .text
            .ends_with("choose the Combat Results Table (all 14 printed combat factors are heavy)"),
        "{}",
        prompt.text
    );
    assert_eq!(prompt.rule, "15.61");
    assert_eq!(
        label(&g, BRITISH, Action::Crt(Crt::Linear)),
        "Use the Linear Combat Results Table (15.61)"
    );
    act(&mut g, BRITISH, &light);
    assert!(log_of(&g, "26.0")[0].ends_with("attacks as light."));
    assert_eq!(
        log_of(&g, "15.62"),
        ["The British must use the Raid Combat Results Table: all 14 printed combat factors are light."]
    );
}

#[test]
fn an_attacking_legion_that_formed_a_force_this_phase_chose_then() {
    // rule: fiw 26.0, 15.6
    // ruling: fiw #13, #49
    // The legion operated (it formed a force): its choice was made while
    // forming, and "why not?" says so. Heavy 14 against light 14: both
    // tables.
    let (mut g, _, units) = armies(
        Terrain::Clear,
        [
            "br-comb",
            "br-light",
            "br-light",
            "br-light",
            "br-light-det",
            "br-light-det",
            "fr-bearn",
        ],
    );
    let legion = units[0];
    for &u in &units[..6] {
        g.units[u as usize].ops |= 1 << 1;
    }
    fight(&mut g, BRITISH);
    assert_eq!(ids(&g, BRITISH), ["crt-linear", "crt-raid"]);
    match engine::why_not(&g, BRITISH, &format!("u{legion}")) {
        engine::WhyNot::Forbidden { rules } => {
            assert_eq!(rules[0].rule, "26.0");
            assert!(rules[0]
                .reason
                .contains("has had its choice of heavy or light for this combat"));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_star_result_names_only_a_side_with_a_leader_in_the_battle() {
    // rule: fiw 17.4, 15.9
    // 1:1 on the Linear table, a modified 1: AL*. The British have no
    // leader there: nobody to eliminate, nothing said.
    let (mut g, sq, _) = armies(Terrain::Clear, ["br-line", "fr-bearn"]);
    lead(&mut g, "bougainville", sq, FRENCH); // military 1
    let rolls = fight_with(&mut g, BRITISH, &[2]);
    assert!(rolls[0].contains("1:1") && rolls[0].contains(": 1, "), "{}", rolls[0]);
    assert!(!rolls[0].contains("leaders eliminated"), "{}", rolls[0]);
    // With Amherst there, he is.
    let rolls = log_of(&amherst_falls(), "15.7");
    assert!(rolls[0].ends_with(", the British leaders eliminated."), "{}", rolls[0]);
}

/// Amherst (+2) and Lévis (-2) at 1:1 on the Linear table, a 1: AL*,
/// Amherst killed.
fn amherst_falls() -> Fiw {
    let (mut g, sq, _) = armies(Terrain::Clear, ["br-line", "fr-bearn"]);
    lead(&mut g, "amherst", sq, BRITISH); // military 2
    lead(&mut g, "de-levis", sq, FRENCH); // military 2
    fight_with(&mut g, BRITISH, &[1]);
    g
}

#[test]
fn a_named_leader_killed_is_said_once_with_the_balance_shift() {
    // rule: fiw 17.44, 4.1
    let g = amherst_falls();
    let lines: Vec<String> = g
        .log()
        .visible(None)
        .filter(|e| e.text.contains("Jeffery Amherst is killed"))
        .map(|e| e.text.clone())
        .collect();
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].starts_with("Jeffery Amherst is killed: the Balance of Power shifts"));
}

#[test]
fn naval_units_alone_defend_at_their_printed_strength() {
    // rule: fiw 20.63, 15.74
    // ruling: fiw #14
    let (mut g, ..) = fleet_at_quebec(FRENCH);
    fight(&mut g, FRENCH);
    act(&mut g, BRITISH, "stand");
    // A fleet (4) in a city: no multiple.
    assert!(log_of(&g, "15.74").is_empty(), "{:?}", log_of(&g, "15.74"));
    assert_eq!(
        log_of(&g, "20.63"),
        ["The British naval units defend at their printed strength (20.63): strength 4."]
    );
}

#[test]
fn a_withdrawal_into_a_passive_enemy_colony_activates_it() {
    // rule: fiw 5.24, 15.5
    // ruling: fiw #9
    use fiw::state::Status;
    let (sq, to) = beside_virginia();
    let mut g = in_operations();
    put(&mut g, "br-line", sq);
    let m_ = put(&mut g, "fr-mar", sq);
    g.set_status(Colony::Virginia, Status::Passive);
    fight(&mut g, BRITISH);
    act(&mut g, FRENCH, &format!("withdraw-{to}"));
    assert_eq!(g.units[m_ as usize].at(), Place::Sq(to));
    assert_eq!(g.status(Colony::Virginia), Status::Active);
}

/// An all-water square.
fn water(s: Sq) -> bool {
    tables().map.square(s).terrain.is_water()
}

/// A land square outside Virginia, and a square of Virginia with no city or
/// town beside it.
fn beside_virginia() -> (Sq, Sq) {
    let m = &tables().map;
    Sq::all()
        .filter(|&s| m.colony(s) == Some(Colony::Virginia) && !water(s) && m.settlement(s).is_none())
        .flat_map(|v| v.orthogonal().map(move |n| (n, v)))
        .find(|&(n, _)| {
            !water(n)
                && m.colony(n)
                    .is_some_and(|c| c != Colony::Virginia && c != Colony::Florida)
        })
        .expect("a square beside Virginia")
}

#[test]
fn a_withdrawal_onto_a_face_down_leader_shows_him_and_cannot_be_undone() {
    // rule: fiw 27.1, 27.3, 15.5
    let (sq, to) = beside_virginia();
    let events = |leader: bool| {
        let mut g = in_operations();
        put(&mut g, "br-line", sq);
        put(&mut g, "fr-mar", sq);
        if leader {
            let l = put_leader(&mut g, "washington", to);
            assert!(
                g.hidden_from(fiw::actions::Piece::Leader(l), FRENCH),
                "face down to the French"
            );
        }
        fight(&mut g, BRITISH);
        let before = g.core.dice.events();
        act(&mut g, FRENCH, &format!("withdraw-{to}"));
        g.core.dice.events() - before
    };
    // The combat sub-phase then ends with nothing to destroy: a reveal of
    // its own (22.5), with or without the leader.
    assert_eq!(events(false), 1, "an empty square shows nothing");
    assert_eq!(events(true), 2, "the leader is shown: the step is a reveal");
}

/// 24.1: "British Militia may never leave their home colonies. If forced to
/// retreat outside their own colony's borders, they are eliminated instead.
/// So, for example, Virginian militia must always be inside Virginia."
#[test]
fn the_militia_example_virginian_militia_retreating_out_of_virginia_are_eliminated() {
    // rule: fiw 24.1, 15.9
    let (v, out) = virginia_border();
    let mut g = in_operations();
    let militia = put(&mut g, "va-militia", v);
    let det = put(&mut g, "br-line-det", v);
    for _ in 0..2 {
        put(&mut g, "fr-brigade", v);
    }
    // The French attack in their combat sub-phase; the defender retreats.
    g.core.dice.script([four_to_one("DR")]);
    fight(&mut g, FRENCH);
    // Whatever the defender is asked before the roll (a terrain multiple),
    // the first choice.
    for _ in 0..4 {
        let v = ids(&g, BRITISH);
        if v.iter().any(|a| a.starts_with("retreat-")) || v.is_empty() {
            break;
        }
        act(&mut g, BRITISH, &v[0]);
    }
    assert_rolled(&g, "odds 4:1");
    // The choice says what it costs (session 38's audit).
    let label = engine::described(&g, BRITISH)
        .into_iter()
        .find(|a| a.id == format!("retreat-{out}"))
        .map(|a| a.label)
        .expect("the retreat out of Virginia");
    assert!(
        label.ends_with(": VA militia 2+5 may not leave its colony and is eliminated (24.1)"),
        "{label}"
    );
    act(&mut g, BRITISH, &format!("retreat-{out}"));
    assert_eq!(g.units[det as usize].at(), Place::Sq(out), "the regular goes");
    assert_eq!(
        g.units[militia as usize].at(),
        Place::Pool,
        "the Virginian militia is eliminated instead"
    );
}

/// 24.1 with nobody else to retreat: two New Hampshire militia beaten at
/// Portsmouth, New Hampshire's one square, have nowhere in their colony to
/// go. No square is asked for (each would give the same end) and no unit
/// is said to retreat: they are eliminated (session 38's audit: five
/// squares were offered and the log read "retreat ... to Boston: .").
#[test]
fn militia_with_no_square_of_their_colony_are_eliminated_without_a_choice() {
    // rule: fiw 24.1, 15.9
    let portsmouth = Sq::parse("1308").expect("a square");
    assert_eq!(tables().map.colony(portsmouth), Some(Colony::NewHampshire));
    let mut g = in_operations();
    let militia = [
        put(&mut g, "nh-militia", portsmouth),
        put(&mut g, "nh-militia", portsmouth),
    ];
    // 15 against 4: 3:1.
    put(&mut g, "fr-brigade", portsmouth);
    let dr = (1..=6u8)
        .find(|&d| tables().combat.result(Crt::Linear, Odds::ThreeToOne, i32::from(d)).code == "DR")
        .expect("a DR at 3:1");
    g.core.dice.script([dr]);
    fight(&mut g, FRENCH);
    // They stand (15.5), and lose.
    for _ in 0..4 {
        let v = ids(&g, BRITISH);
        assert!(!v.iter().any(|a| a.starts_with("retreat-")), "no retreat asked: {v:?}");
        match v.iter().find(|a| *a == "stand").or(v.first()) {
            Some(a) => act(&mut g, BRITISH, &a.clone()),
            None => break,
        }
    }
    assert_rolled(&g, "odds 3:1");
    for u in militia {
        assert_eq!(g.units[u as usize].at(), Place::Pool);
    }
    // (What the British read: the square's lines are theirs, 27.1.)
    let log: Vec<&str> = g.core.log.visible(Some(BRITISH)).map(|e| e.text.as_ref()).collect();
    assert!(
        log.contains(&"The British militia in Portsmouth cannot retreat out of their colony."),
        "{log:#?}"
    );
    assert!(!log.iter().any(|l| l.starts_with("The British retreat from Portsmouth")));
}

/// A French brigade attacks a Virginian unit of face `face` on a border of
/// Virginia, with Virginia `status`: the game at the British choice to
/// withdraw or stand, and the square across the border.
fn attacked_on_virginia_s_border(face: &str, status: fiw::state::Status) -> (Fiw, Sq) {
    let (v, out) = virginia_border();
    let mut g = in_operations();
    g.set_status(Colony::Virginia, status);
    put(&mut g, face, v);
    put(&mut g, "fr-brigade", v);
    fight(&mut g, FRENCH);
    (g, out)
}

/// Asserts that the unit of `face` in passive Virginia may withdraw, but
/// not out of Virginia, and that "why not?" cites `rule`.
fn withdraws_only_within_virginia(face: &str, rule: &str) {
    let (g, out) = attacked_on_virginia_s_border(face, fiw::state::Status::Passive);
    let v_ids = ids(&g, BRITISH);
    assert!(
        v_ids.iter().any(|a| a.starts_with("withdraw-")),
        "a withdrawal within Virginia is offered: {v_ids:?}"
    );
    assert!(
        !v_ids.contains(&format!("withdraw-{out}")),
        "not out of Virginia: {v_ids:?}"
    );
    match engine::why_not(&g, BRITISH, &out.to_string()) {
        engine::WhyNot::Forbidden { rules } => assert_eq!(rules[0].rule, rule, "{rules:?}"),
        other => panic!("{other:?}"),
    }
}

/// 13.8, 24.1 "British Militia may never leave their home colonies": a
/// withdrawal before combat (15.5) is the force's own choice, so Virginian
/// militia withdraw only within Virginia (ruling fiw #91); "why not?" says
/// so. (Forced out by a retreat, 15.9, they are eliminated instead.)
#[test]
fn militia_withdraw_only_within_their_colony() {
    // rule: fiw 13.8, 24.1, 15.5
    withdraws_only_within_virginia("va-militia", "13.8");
}

#[test]
fn a_passive_colony_s_provincials_withdraw_only_within_it() {
    // rule: fiw 5.26, 15.5
    // ruling: fiw #96 (as #91 for militia): a withdrawal is the force's
    // own choice, and Virginia (passive in On to Quebec) keeps its
    // provincials, as their moves do (#28).
    withdraws_only_within_virginia("va-infantry-light", "5.26");
    // An active colony's provincials may withdraw out of it.
    let (g, out) = attacked_on_virginia_s_border("va-infantry-light", fiw::state::Status::Active);
    let v_ids = ids(&g, BRITISH);
    assert!(v_ids.contains(&format!("withdraw-{out}")), "{v_ids:?}");
}

/// [`march`] in a later phase: the operations of the phase forgotten.
fn march_again(g: &mut Fiw, seat: Seat, from: Sq, to: Sq) {
    for u in g.units.iter_mut() {
        u.ops = 0;
    }
    march(g, seat, from, to);
}

#[test]
fn a_relief_force_in_the_fortress_when_the_siege_lifted_is_inside_the_next_siege() {
    // rule: fiw 23.22, 23.25, 23.26
    // 23.25 "They may not enter the fortress unless all besieging forces
    // are removed from the square." 23.26 "A Siege remains in effect
    // until: 1) all besieging units move out of the square". 23.22 "Only
    // the units that originally occupied the fortress square are
    // considered to be inside the fortress."
    // The British lift the siege by marching off; a French regiment then
    // marches into the fortress square, where no enemy stands: it joins the
    // garrison. When the British come back, both French units occupied the
    // square before them and are inside: attacked, both are tripled
    // (5 x 3 + 5 x 3 = 30, not 20 as when the lifted siege's marks stayed).
    let (mut g, sq, _, _) = siege();
    let from = sq.orthogonal().next().unwrap();
    march_again(&mut g, BRITISH, sq, from);
    assert!(!g.besieged(sq), "the siege is lifted");
    let side = sq.orthogonal().nth(1).unwrap();
    let newcomer = put(&mut g, "fr-art", side);
    march_again(&mut g, FRENCH, side, sq);
    march_again(&mut g, BRITISH, from, sq);
    assert!(g.besieged(sq), "besieged again");
    fight(&mut g, BRITISH);
    act(&mut g, BRITISH, &format!("attack-{sq}"));
    g.core.dice.script([3]);
    act(&mut g, FRENCH, "defend-fortress");
    assert!(
        g.units[newcomer as usize].inside,
        "23.22: the newcomer held the fortress square before the besiegers came back"
    );
    assert_rolled(&g, "60 against 30");
}

#[test]
fn a_former_garrison_without_a_fortress_retreats() {
    // rule: fiw 23.21, 11.5, 22.5
    // 23.21 "Units defending in or attacking out of a fortress square
    // ignore all retreat results." 11.5 "combat will always result in one
    // side or the other being completely eliminated or retreated out of
    // the square ... The one exception is siege".
    // The British lift the siege; the French destroy their own fortress at
    // the end of their combat phase (22.5: no siege any more). When the
    // British come back there is no fortress: a DR drives the French out
    // (the lifted siege's marks once kept them "inside" and they ignored
    // the retreat in open country).
    let (mut g, sq, d, _) = siege();
    let from = sq.orthogonal().next().unwrap();
    march_again(&mut g, BRITISH, sq, from);
    fight(&mut g, FRENCH);
    act(&mut g, FRENCH, &format!("destroy-{sq}-fortress"));
    assert_eq!(g.fortified(sq), None);
    march_again(&mut g, BRITISH, from, sq);
    fight_with(&mut g, BRITISH, &[four_to_one("DR")]);
    settle(&mut g);
    assert!(
        log_of(&g, "23.21").is_empty(),
        "no fortress, yet 23.21: {:?}",
        log_of(&g, "23.21")
    );
    assert_ne!(
        g.units[d as usize].at(),
        Place::Sq(sq),
        "11.5: the defeated French retreat out of the square"
    );
}

#[test]
fn a_relief_force_traces_its_line_of_supply() {
    // rule: fiw 23.25, 18.61, 23.22
    // ruling: fiw #54
    // 23.25 "Relief Forces. Forces friendly to the besieged force may enter
    // the square. They form a force separate from the besieged force."
    // 18.61 "Units that can trace a 'line of supply' to a magazine are in
    // supply." Ruling #54 cuts the line of the besieged garrison only ("a
    // besieged garrison traces no line of supply out through its
    // besiegers"; its besiegers trace theirs as any force in a square with
    // the enemy, ruling #19).
    // Three French regiments of a relief force stand outside the besieged
    // fortress, a French magazine one square away; the garrison (one
    // regiment) forages in the clear square (2). The relief force traces
    // its line (ruling #54 cuts only the garrison's); before, the square's
    // French were fed as one force and two regiments' worth starved.
    let (mut g, sq, d, _) = siege();
    let side = sq.orthogonal().nth(1).unwrap();
    let relief: Vec<UnitId> = ["fr-art", "fr-bearn", "fr-burg"]
        .into_iter()
        .map(|f| put(&mut g, f, sq))
        .collect();
    assert!(relief.iter().all(|&u| !g.units[u as usize].inside));
    put_marker(&mut g, Marker::Magazine, side, FRENCH);
    // Control: without the garrison inside, the line reaches the magazine.
    let mut h = g.clone();
    h.units.place(d, Place::Pool);
    assert_eq!(h.supply_line(sq, FRENCH), Some(side), "the magazine is in reach");
    g.supply[FRENCH as usize] = 0;
    g.first = FRENCH;
    g.phase = Phase::Provisioning(FRENCH);
    g.provisioning(FRENCH);
    let pending = matches!(g.stack.last(), Some(fiw::frames::Frame::Provision { seat, .. }) if *seat == FRENCH);
    let on_map = relief
        .iter()
        .chain([&d])
        .filter(|&&u| g.units[u as usize].at() == Place::Sq(sq))
        .count();
    assert!(
        !pending && on_map == 4,
        "the relief force is fed by its magazine, the garrison by the forage: {on_map} of 4 left, decision pending: {pending}"
    );
}

#[test]
fn a_defender_does_not_shelter_in_the_attackers_fort() {
    // rule: fiw 15.74, 22.4, 23.0
    // ruling: fiw #64
    // 22.4 "If the enemy moves any combat unit into the square, he captures
    // the marker automatically and may use it": a marker serves the side
    // that holds it. French units raised into a square where the British
    // stand in their own fort (14.4 "Squares may have enemy units in them
    // and, if so, that will mandate combat") are attacked there; the code
    // (`defence_choices`, `fortified`) offers them the British fort's
    // doubling, whoever owns it (and `roll_battle` would double British
    // siege trains attacking their own fort, 23.27).
    let (mut g, sq, _) = armies(Terrain::Clear, ["br-line", "fr-ang"]);
    put_marker(&mut g, Marker::Fort, sq, BRITISH);
    fight(&mut g, BRITISH);
    assert!(
        !ids(&g, FRENCH).contains(&"defend-fort".to_string()),
        "the French are offered the British fort: {:?}",
        ids(&g, FRENCH)
    );
}

#[test]
fn a_bloodbath_that_leaves_neither_side_a_unit_ends_the_siege() {
    // rule: fiw 23.26, 15.9
    // Fuzz seed 20,021 of fiw/on-to-quebec: a BB at Ticonderoga eliminated
    // the garrison and the besiegers alike; the French leader, left alone
    // in the square, is inside no fortress any more.
    let (mut g, sq, garrison) = armies(Terrain::Clear, ["fr-ang"]);
    put_marker(&mut g, Marker::Fortress, sq, FRENCH).printed = true;
    let chief = lead(&mut g, "de-bourlamaque", sq, FRENCH);
    let from = sq.orthogonal().next().unwrap();
    put(&mut g, "br-brigade", from);
    step_in(&mut g, BRITISH, from, sq);
    g.stack.clear();
    lead(&mut g, "amherst", sq, BRITISH);
    assert!(g.leaders[chief as usize].inside);
    fight(&mut g, BRITISH);
    act(&mut g, BRITISH, &format!("attack-{sq}"));
    g.core.dice.script([6]);
    act(&mut g, FRENCH, "defend-fortress");
    settle(&mut g);
    assert_rolled(&g, "7, BB");
    assert_eq!(g.units[garrison[0] as usize].at(), Place::Pool);
    assert!(!g.has_units(sq, BRITISH) && !g.besieged(sq));
    assert_eq!(g.leaders[chief as usize].at, Place::Sq(sq));
    assert!(!g.leaders[chief as usize].inside, "23.26: no siege, nobody inside");
    g.check().unwrap();
}

/// 17.41: an escaping leader is placed "on the nearest stack containing
/// friendly units". 23.22: "Only the units that originally occupied the
/// fortress square are considered to be inside the fortress", and 23.24:
/// "Other units on the besieged player's side may not enter the fortress".
/// A besieged garrison is no stack he may join: placed in its square he
/// would stand outside it, alone among the besiegers. He goes to the
/// nearest friends outside a besieged fortress, a relief force beside the
/// garrison among them. Before, he went to the garrison's square, outside
/// the fortress with the besiegers.
#[test]
fn an_escaping_leader_is_not_placed_among_the_besiegers() {
    // rule: fiw 17.41, 23.22
    // rule: fiw 23.24, 23.25
    // ruling: fiw #76
    // A British regiment and Montcalm (3 + 1) alone in a clear square; a
    // French fortress east of it besieged by a British regiment; French
    // detachments three squares east and three south. Montcalm rolls 4.
    let escape = |relief: bool| {
        let (mut g, sq, _) = armies(Terrain::Clear, ["br-line"]);
        let montcalm = lead(&mut g, "montcalm", sq, FRENCH);
        let (c, r) = (sq.col, sq.row);
        let fortress = Sq::new(c + 1, r).unwrap();
        let garrison = put(&mut g, "fr-line-det", fortress);
        g.units[garrison as usize].inside = true;
        put_marker(&mut g, Marker::Fortress, fortress, FRENCH);
        put(&mut g, "br-line", fortress);
        if relief {
            put(&mut g, "fr-ang", fortress);
        }
        put(&mut g, "fr-line-det", Sq::new(c + 3, r).unwrap());
        put(&mut g, "fr-line-det", Sq::new(c, r + 3).unwrap());
        assert!(g.besieged(fortress));
        g.core.dice.script([4]);
        fight(&mut g, BRITISH);
        act(&mut g, BRITISH, &format!("no-attack-{fortress}"));
        (g, fortress, montcalm)
    };
    let (g, fortress, _) = escape(false);
    let (c, r) = (fortress.col - 1, fortress.row);
    let (east, south) = (Sq::new(c + 3, r).unwrap(), Sq::new(c, r + 3).unwrap());
    assert_eq!(ids(&g, FRENCH), [format!("escape-{east}"), format!("escape-{south}")]);
    match engine::why_not(&g, FRENCH, &fortress.to_string()) {
        engine::WhyNot::Forbidden { rules } => {
            assert_eq!(rules[0].rule, "23.24");
            assert!(rules[0].reason.contains("besieged"), "{}", rules[0].reason);
        }
        other => panic!("{other:?}"),
    }
    // A relief force beside the garrison is a stack outside the fortress.
    let (g, fortress, montcalm) = escape(true);
    assert_eq!(g.leaders[montcalm as usize].at, Place::Sq(fortress));
    assert!(!g.leaders[montcalm as usize].inside);
}

#[test]
fn french_defenders_in_fort_loudoun_get_nothing_from_the_british_fort() {
    // rule: fiw 15.74, 22.4, 5.4, 35.3
    // ruling: fiw #78 Fort Loudoun, the printed work in disputed land, is
    // British at the start: French units attacked there are not offered
    // its fort multiple (ruling fiw #64).
    let mut g = common::cleared(BRITISH);
    let loudoun = common::sq("fort-loudoun");
    assert_eq!(g.works(loudoun), Some((fiw::map::Works::Fort, BRITISH)));
    put(&mut g, "br-line", loudoun);
    put(&mut g, "fr-ang", loudoun);
    fight(&mut g, BRITISH);
    // Offered no choice of multiple, they defend with the terrain's.
    let offered = ids(&g, FRENCH);
    assert!(
        !offered.contains(&"defend-fort".to_string()),
        "the French are offered the British fort: {offered:?}"
    );
    let defence = log_of(&g, "15.74");
    assert!(
        defence.len() == 1 && defence[0].starts_with("The French defend") && !defence[0].contains("fort"),
        "{defence:?}"
    );
}

/// A British fleet lying at Quebec, its fortress held by `holder` (the
/// British fleet took no French marker, ruling fiw #9); two French
/// regiments march in from the land square beside it: the game, the
/// square and the fleet.
fn fleet_at_quebec(holder: Seat) -> (Fiw, Sq, UnitId) {
    let mut g = in_operations();
    let quebec = common::sq("quebec");
    let from = quebec
        .orthogonal()
        .find(|&n| tables().map.land_route(n, quebec).is_some())
        .expect("a land square beside Quebec");
    put_marker(&mut g, Marker::Fortress, quebec, holder).printed = true;
    let fleet = put(&mut g, "br-fleet", quebec);
    put(&mut g, "fr-ang", from);
    put(&mut g, "fr-bearn", from);
    march(&mut g, FRENCH, from, quebec);
    (g, quebec, fleet)
}

/// 23.22 "Only the units that originally occupied the fortress square are
/// considered to be inside the fortress", 23.24 "Other units on the
/// besieged player's side may not enter the fortress": only the side
/// holding it (22.4) has units inside. A British fleet lying at an empty
/// French Quebec is not shut in when French regiments march in: no siege,
/// so the French must attack (15.21; 23.23's choice is a siege's), the
/// fleet, faster, may withdraw (15.5) and sails away, and 22.5's "siege
/// situations" do not keep the French from destroying their marker.
/// Before, the fleet was the garrison of the French fortress. At a British
/// Quebec the fleet is its holder's garrison, besieged as before.
#[test]
fn a_fleet_at_an_empty_enemy_fortress_is_not_its_garrison() {
    // rule: fiw 23.22, 23.23, 23.24, 22.4, 22.5, 15.5
    // ruling: fiw #83, #9, #17
    let (mut g, quebec, fleet) = fleet_at_quebec(FRENCH);
    assert!(!g.units[fleet as usize].inside && !g.besieged(quebec));
    assert!(g.destroyable(FRENCH).contains(&(quebec, Marker::Fortress)));
    fight(&mut g, FRENCH);
    let offered = ids(&g, BRITISH);
    let sail = offered
        .iter()
        .find(|a| a.starts_with("withdraw-"))
        .unwrap_or_else(|| panic!("no withdrawal: {offered:?}"))
        .clone();
    assert!(offered.contains(&"stand".to_string()));
    act(&mut g, BRITISH, &sail);
    assert_eq!(
        g.units[fleet as usize].at(),
        Place::Sq(common::sq(sail.trim_start_matches("withdraw-")))
    );
    assert!(g.units_at(quebec).all(|u| g.side(u) == FRENCH));

    let (mut g, quebec, fleet) = fleet_at_quebec(BRITISH);
    assert!(g.units[fleet as usize].inside && g.besieged(quebec));
    assert!(g.destroyable(FRENCH).is_empty());
    fight(&mut g, FRENCH);
    assert_eq!(
        ids(&g, FRENCH),
        [format!("attack-{quebec}"), format!("no-attack-{quebec}")]
    );
}

/// 22.5 "destroy any civilization marker in a square his combat units
/// occupy", read as 22.4 (ruling fiw #9): naval units alone occupy for
/// neither. A British fleet alone at an empty French Quebec may not
/// destroy its fortress or magazine at the end of the British combat
/// phase; a British regiment there may. Before, the fleet could.
#[test]
fn a_fleet_alone_destroys_no_marker() {
    // rule: fiw 22.5, 22.4, 22.61
    // ruling: fiw #84, #9, #26
    for (face, may) in [("br-fleet", false), ("br-line", true)] {
        let mut g = in_operations();
        let quebec = common::sq("quebec");
        put_marker(&mut g, Marker::Fortress, quebec, FRENCH).printed = true;
        put_marker(&mut g, Marker::Magazine, quebec, FRENCH);
        put(&mut g, face, quebec);
        fight(&mut g, BRITISH);
        assert_eq!(!over(&g), may, "{face}: {:?}", ids(&g, BRITISH));
        let expected = if may {
            vec![(quebec, Marker::Fortress), (quebec, Marker::Magazine)]
        } else {
            Vec::new()
        };
        assert_eq!(g.destroyable(BRITISH), expected, "{face}");
    }
}

/// 22.6 "If a friendly force wins a battle and there are one or more
/// combat units remaining in a square that contains civilization markers
/// controlled by the enemy ... roll on the Capture Table", read as 22.4 and
/// 22.5 (rulings fiw #9, #84): naval units alone take no marker, so two
/// British fleets that drive the French out of Quebec roll for nothing and
/// the French magazine stays French; a regiment with them rolls for it.
/// Before, the fleets rolled.
#[test]
fn fleets_alone_roll_for_no_marker_they_win() {
    // rule: fiw 22.6, 22.4
    // ruling: fiw #86, #9, #84
    for (extra, rolls) in [(None, false), (Some("br-line"), true)] {
        let mut g = in_operations();
        let quebec = common::sq("quebec");
        put_marker(&mut g, Marker::Magazine, quebec, FRENCH);
        put(&mut g, "br-fleet", quebec);
        put(&mut g, "br-fleet", quebec);
        if let Some(face) = extra {
            put(&mut g, face, quebec);
        }
        put(&mut g, "fr-ang", quebec);
        g.core.dice.script([6, 6, 6, 6]);
        fight(&mut g, BRITISH);
        settle(&mut g);
        assert!(g.units_at(quebec).all(|u| g.side(u) == BRITISH), "the British won");
        assert_eq!(log_of(&g, "22.6").len(), usize::from(rolls), "{extra:?}");
        if !rolls {
            assert_eq!(g.civ(quebec, Marker::Magazine).map(|c| c.side), Some(FRENCH));
        }
    }
}
