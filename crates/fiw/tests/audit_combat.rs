//! Audit of chapters 15 (Combat) and 23 (Forts & Fortresses), with where
//! they touch 17 (leaders) and 22 (markers): each test shows a place where
//! the code does not do what the rulebook (or a recorded ruling) says, and
//! fails on the code as audited.

mod common;

use common::{put, put_leader, put_marker};
use engine::prelude::*;
use engine::Seat;
use fiw::actions::Action;
use fiw::civilization::Marker;
use fiw::combat::{Crt, Odds};
use fiw::forces::{BRITISH, FRENCH};
use fiw::map::{Colony, Sq, Terrain};
use fiw::state::{Phase, Place, Sub, UnitId};
use fiw::tables::tables;
use fiw::Fiw;

// ----- scaffolding, as in tests/battle.rs -----

/// On to Quebec with nothing on the map, in the British 1st operations
/// phase.
fn game() -> Fiw {
    let mut g = Fiw::new(&engine::Setup::new("on-to-quebec", 7));
    g.stack.clear();
    for u in 0..g.units.len() as UnitId {
        g.units.place(u, Place::Pool);
    }
    for u in g.units.iter_mut() {
        u.back = false;
        u.inside = false;
        u.ops = 0;
        u.moved = false;
    }
    for l in &mut g.leaders {
        if matches!(l.at, Place::Sq(_) | Place::Base(_)) {
            l.at = Place::Pool;
        }
        l.inside = false;
    }
    g.civs.clear();
    g.turn = 1;
    g.phase = Phase::Operations {
        round: 1,
        seat: BRITISH,
    };
    g.sub = Sub::Movement;
    g
}

/// A leader from the Leader box, serving `side`.
#[allow(dead_code)]
fn lead(g: &mut Fiw, id: &str, sq: Sq, side: Seat) -> u8 {
    let l = put_leader(g, id, sq);
    g.leaders[l as usize].side = side;
    l
}

fn open_square(terrain: Terrain) -> Sq {
    common::open_square(terrain, |c| c != Colony::Florida)
}

fn armies<'a>(terrain: Terrain, faces: impl IntoIterator<Item = &'a str>) -> (Fiw, Sq, Vec<UnitId>) {
    let mut g = game();
    let sq = open_square(terrain);
    let units = faces.into_iter().map(|f| put(&mut g, f, sq)).collect();
    (g, sq, units)
}

fn fight(g: &mut Fiw, seat: Seat) {
    fight_in(g, seat, 1);
}

fn fight_in(g: &mut Fiw, seat: Seat, round: u8) {
    g.phase = Phase::Operations { round, seat };
    g.sub = Sub::InvasionReaction;
    g.stack.clear();
    g.advance();
}

fn fight_with(g: &mut Fiw, seat: Seat, dice: &[u8]) -> Vec<String> {
    g.core.dice.script(dice.iter().copied());
    fight(g, seat);
    log_of(g, "15.7")
}

fn ids(g: &Fiw, seat: Seat) -> Vec<String> {
    let mut v = Vec::new();
    g.legal(seat, &mut v);
    v.iter().map(|a| g.describe(seat, a).id).collect()
}

fn act(g: &mut Fiw, seat: Seat, id: &str) {
    let mut v = Vec::new();
    g.legal(seat, &mut v);
    let a = v
        .into_iter()
        .find(|a| g.describe(seat, a).id == id)
        .unwrap_or_else(|| panic!("{id} is not legal: {:?}", ids(g, seat)));
    g.apply_legal(seat, &a);
}

fn log_of(g: &Fiw, rule: &str) -> Vec<String> {
    g.log()
        .visible(None)
        .filter(|e| e.rule == rule)
        .map(|e| e.text.clone())
        .collect()
}

fn assert_rolled(g: &Fiw, text: &str) {
    let rolls = log_of(g, "15.7");
    assert!(rolls.first().is_some_and(|r| r.contains(text)), "{rolls:?}");
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
    while g.sub != Sub::Movement {
        let seat = g.to_act().iter().next().expect("a seat decides");
        let mut v = Vec::new();
        g.legal(seat, &mut v);
        g.apply_legal(seat, &v[0]);
    }
}

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

/// A force of every unit of `seat` in `from` marches into `to` (their
/// operations of the phase forgotten first, as in a later phase).
fn march(g: &mut Fiw, seat: Seat, from: Sq, to: Sq) {
    for u in g.units.iter_mut() {
        u.ops = 0;
    }
    step_in(g, seat, from, to);
    if matches!(g.stack.last(), Some(fiw::frames::Frame::Force(_))) {
        act(g, seat, "halt");
    }
    g.stack.pop();
}

/// Three brigades and three regiments: 60 strength points.
const SIXTY: [&str; 6] = [
    "br-brigade",
    "br-brigade",
    "br-brigade",
    "br-line",
    "br-line",
    "br-line",
];

/// The emptied game with a French fortress in a clear square, a French
/// regiment (5) in it, besieged by sixty British strength points marched
/// in from the square `from`: the game, the square, the garrison, `from`.
fn siege() -> (Fiw, Sq, UnitId, Sq) {
    let (mut g, sq, garrison) = armies(Terrain::Clear, ["fr-ang"]);
    let d = garrison[0];
    put_marker(&mut g, Marker::Fortress, sq, FRENCH).printed = true;
    let from = sq.orthogonal().next().unwrap();
    for f in SIXTY {
        put(&mut g, f, from);
    }
    step_in(&mut g, BRITISH, from, sq);
    g.stack.clear();
    assert!(g.units[d as usize].inside && g.besieged(sq));
    (g, sq, d, from)
}

// ----- 23.2 sieges -----

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
    // garrison. When the British come back, both French regiments
    // occupied the square before them and are inside. The code never
    // clears the garrison's `inside` mark when the siege lifts, so
    // `Fiw::invest` returns early ("a landing after the fleet...") and the
    // newcomer stays outside: attacked, it is not tripled (5 x 3 + 5 = 20
    // instead of 5 x 3 + 5 x 3 = 30).
    let (mut g, sq, _, from) = siege();
    march(&mut g, BRITISH, sq, from);
    assert!(!g.besieged(sq), "the siege is lifted");
    let side = sq.orthogonal().nth(1).unwrap();
    let newcomer = put(&mut g, "fr-art", side);
    march(&mut g, FRENCH, side, sq);
    march(&mut g, BRITISH, from, sq);
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
    // British come back there is no fortress: a DR must drive the French
    // out. The stale `inside` mark left from the lifted siege makes
    // `retreat_group` skip them, so they "ignore the retreat" in open
    // country and both sides stay in the square.
    let (mut g, sq, d, from) = siege();
    march(&mut g, BRITISH, sq, from);
    fight(&mut g, FRENCH);
    act(&mut g, FRENCH, &format!("destroy-{sq}-fortress"));
    assert_eq!(g.fortified(sq), None);
    march(&mut g, BRITISH, from, sq);
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

// ----- 22.11, 23.0 building -----

#[test]
fn a_fort_and_a_fortress_are_never_built_in_one_square() {
    // rule: fiw 22.11, 23.0
    // 22.11 "there may never be a fort and a fortress in the same square at
    // the same time. If building a fortress in a square with a fort, the
    // fort is removed when the fortress is placed."
    // `marker_squares` offers a fort in a square where a fortress was
    // bought this turn (it checks only the works standing now and purchases
    // of the same type); carried out in order, the fortress is placed, then
    // the fort beside it.
    let x = open_square(Terrain::Clear);
    let x_id = x.to_string();
    let mut g = common::purchasing(&[("br-line", x_id.as_str()), ("br-engineers", x_id.as_str())]);
    let here = Action::At(Place::Sq(x));
    common::act(&mut g, BRITISH, Action::Build(Marker::Fortress));
    common::act(&mut g, BRITISH, here);
    let fort_offered = common::legal(&g, BRITISH).contains(&Action::Build(Marker::Fort)) && {
        common::act(&mut g, BRITISH, Action::Build(Marker::Fort));
        common::legal(&g, BRITISH).contains(&here)
    };
    if fort_offered {
        common::act(&mut g, BRITISH, here);
    }
    common::act(&mut g, BRITISH, Action::Commit);
    common::act(&mut g, FRENCH, Action::Commit);
    let kinds: Vec<Marker> = g.civs.iter().filter(|c| c.sq == x).map(|c| c.kind).collect();
    assert!(kinds.contains(&Marker::Fortress), "{kinds:?}");
    assert!(
        !kinds.contains(&Marker::Fort),
        "22.11: a fort beside the fortress: {kinds:?}"
    );
}

#[test]
fn a_relief_force_traces_its_line_of_supply() {
    // rule: fiw 23.25, 18.61, 23.22
    // ruling: fiw #54 (it concerns "a besieged garrison")
    // 23.25 "Relief Forces. Forces friendly to the besieged force may enter
    // the square. They form a force separate from the besieged force."
    // 18.61 "Units that can trace a 'line of supply' to a magazine are in
    // supply." Ruling #54 cuts the line of the besieged garrison only ("a
    // besieged garrison traces no line of supply out through its
    // besiegers"; its besiegers trace theirs as any force in a square with
    // the enemy, ruling #19).
    // Three French regiments of a relief force stand outside the besieged
    // fortress, a French magazine one square away; the garrison (one
    // regiment) forages in the clear square (2). `Fiw::supply_line` answers
    // for the whole French side of the square: since some French units are
    // inside, nobody there reaches the magazine, and with no supply point
    // two regiments' worth starve.
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

// ----- 15.74 terrain, 23.0 forts -----

#[test]
fn a_defender_does_not_shelter_in_the_attackers_fort() {
    // rule: fiw 15.74, 22.4, 23.0
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
