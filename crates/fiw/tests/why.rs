//! "Why not?": the rule that forbids a set-up square, a step of a force,
//! a piece joining a force or a recruit's square, from the same checks as
//! the legal actions.

mod common;

use common::*;
use engine::prelude::*;
use engine::{Forbidden, Seat, WhyNot};
use fiw::actions::{Action, Piece};
use fiw::frames::Frame;
use fiw::map::{Colony, Sq};
use fiw::scenario::{self, Scenario, What, Where};
use fiw::state::{Fiw, Place, UnitId};
use fiw::tables::tables;

fn why(g: &Fiw, seat: Seat, target: &str) -> WhyNot {
    engine::why_not(g, seat, target)
}

/// The first rule of a refusal (panics on any other answer).
fn forbidden(w: WhyNot) -> Forbidden {
    match w {
        WhyNot::Forbidden { rules } => rules[0].clone(),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// The refusal's rule and reason, checked against the rule expected and
/// words the reason must hold.
fn refused(g: &Fiw, seat: Seat, target: &str, rule: &str, words: &[&str]) {
    let f = forbidden(why(g, seat, target));
    assert_eq!(f.rule, rule, "{target}: {}", f.reason);
    for w in words {
        assert!(f.reason.contains(w), "{target}: {:?} lacks {w:?}", f.reason);
    }
}

fn is_legal(w: &WhyNot, id: &str) -> bool {
    matches!(w, WhyNot::Legal { actions } if actions.iter().any(|a| a.id == id))
}

fn unit_id(u: UnitId) -> String {
    format!("u{u}")
}

fn left(g: &Fiw) -> u8 {
    match g.stack.last() {
        Some(Frame::Force(f)) => f.left,
        other => panic!("no force moving: {other:?}"),
    }
}

/// The French set-up line "Any French cities, towns, forts in New France:
/// two heavy infantry regiments; ...".
fn new_france_posts_line() -> u8 {
    scenario::spec(Scenario::OnToQuebec)
        .lines
        .iter()
        .position(|l| {
            l.seat == FRENCH
                && matches!(l.what, What::Units(_))
                && l.at
                    == Where::Posts {
                        colony: Colony::NewFrance,
                        cities: true,
                        towns: true,
                        forts: true,
                    }
        })
        .expect("35.3 3.3 has the line") as u8
}

// rule: fiw 35.3
#[test]
fn a_set_up_square_the_line_does_not_name_is_refused() {
    let g = Fiw::new(&engine::Setup::new("on-to-quebec", 3));
    let Some(&Frame::Deploy { seat, .. }) = g.stack.last() else {
        panic!("the set-up begins")
    };
    assert_eq!(seat, FRENCH, "35.3 3.0 the French set up first");
    // Albany is a British town: no French line names it.
    refused(
        &g,
        FRENCH,
        &sq("albany").to_string(),
        "35.3",
        &["Albany", "not a place the line names"],
    );
    // Not the British's turn to set up.
    assert!(matches!(
        why(&g, BRITISH, &sq("albany").to_string()),
        WhyNot::NotNow { .. }
    ));
}

// rule: fiw 35.3
#[test]
fn a_captured_place_is_refused_to_the_french_set_up() {
    let mut g = blank(3);
    let line = new_france_posts_line();
    g.stack.push(Frame::Deploy {
        seat: FRENCH,
        line,
        left: 2,
    });
    let louisbourg = sq("louisbourg");
    assert_eq!(tables().map.colony(louisbourg), Some(Colony::NewFrance));
    refused(
        &g,
        FRENCH,
        &louisbourg.to_string(),
        "35.3 3.0",
        &["Louisbourg is not French occupied; the British have captured it"],
    );
    // A British unit in a French post shuts it to the French set-up.
    put(&mut g, "br-line", "trois-rivieres");
    refused(
        &g,
        FRENCH,
        &sq("trois-rivieres").to_string(),
        "35.3",
        &["British units hold"],
    );
}

// rule: fiw 35.3
#[test]
fn the_cover_rule_refuses_a_square_that_would_leave_a_post_uncovered() {
    let mut g = blank(3);
    let m = &tables().map;
    let captured = scenario::spec(Scenario::OnToQuebec).captured;
    let spare = sq("trois-rivieres");
    // Every French city, town and fort but Trois Rivieres holds a unit.
    let pool: Vec<UnitId> = (0..g.units.len() as UnitId)
        .filter(|&u| {
            let f = g.face(u);
            f.side == FRENCH && f.nation == fiw::forces::Nation::French && f.kind == fiw::forces::UnitType::Light
        })
        .collect();
    let mut pool = pool.into_iter();
    let mut posts: Vec<Sq> = m
        .places
        .iter()
        .filter(|p| matches!(m.colony(p.sq), Some(Colony::NewFrance | Colony::Louisiana)))
        .filter(|p| p.settlement.is_some() || p.works.is_some())
        .filter(|p| !captured.contains(&p.id.as_str()))
        .map(|p| p.sq)
        .filter(|&s| s != spare)
        .collect();
    posts.sort_by_key(|s| s.index());
    posts.dedup();
    for s in posts {
        let u = pool.next().expect("light units enough for the posts");
        g.units.place(u, Place::Sq(s));
    }
    // One piece left of a New France posts line: it must go to the
    // uncovered post.
    g.stack.push(Frame::Deploy {
        seat: FRENCH,
        line: new_france_posts_line(),
        left: 1,
    });
    assert!(is_legal(
        &why(&g, FRENCH, &spare.to_string()),
        &format!("deploy-{spare}")
    ));
    refused(
        &g,
        FRENCH,
        &sq("quebec").to_string(),
        "35.3 3.0",
        &[
            "at least one unit deployed per French city, town and fort",
            "Quebec",
            "Trois Rivieres",
        ],
    );
}

// rule: fiw 13.1, 13.2, 11.3
#[test]
fn a_step_out_of_reach_names_contiguity_and_the_vertices_of_light_units() {
    let mut g = cleared(BRITISH);
    let heavy = put(&mut g, "br-line", "1110");
    form(&mut g, BRITISH, "1110", &[Piece::Unit(heavy)]);
    // Forming: set out first.
    refused(&g, BRITISH, "1109", "11.3", &["has not set out", "set out first"]);
    act(&mut g, BRITISH, Action::Go);
    refused(&g, BRITISH, "1112", "13.1", &["contiguous square", "not next to"]);
    // 1110 to 1209 is a vertex: heavy units cross sides only.
    refused(
        &g,
        BRITISH,
        "1209",
        "13.2",
        &["vertices", "not every piece of this force is light"],
    );
    refused(&g, BRITISH, "1110", "13.1", &["halt"]);
}

// rule: fiw 13.71
#[test]
fn water_is_closed_to_land_movement() {
    let mut g = cleared(BRITISH);
    let m = &tables().map;
    // A land square beside an all-water square across a side.
    let (from, water) = Sq::all()
        .filter(|&s| !g.terrain(s).is_water() && m.colony(s) != Some(Colony::Florida))
        .find_map(|s| s.orthogonal().find(|&n| g.terrain(n).is_water()).map(|n| (s, n)))
        .expect("a coast");
    let u = put(&mut g, "br-line", from);
    set_out(&mut g, BRITISH, from, &[Piece::Unit(u)]);
    refused(
        &g,
        BRITISH,
        &water.to_string(),
        "13.71",
        &["unless moving via naval movement", "all sea or lake"],
    );
}

// rule: fiw 13.6, 13.1
#[test]
fn a_step_beyond_the_points_left_says_its_cost_and_what_is_left() {
    let mut g = cleared(BRITISH);
    let u = put(&mut g, "br-line", "1109");
    set_out(&mut g, BRITISH, "1109", &[Piece::Unit(u)]);
    assert_eq!(left(&g), 8);
    // A neighbour of Albany costing more than half a point.
    let Some(Frame::Force(f)) = g.stack.last().cloned() else {
        panic!("moving")
    };
    let (to, cost) = tables()
        .map
        .land_steps(sq("1109"), false)
        .into_iter()
        .filter_map(|(n, r)| Some((n, g.step_cost(&f, sq("1109"), n, r)?)))
        .find(|&(_, c)| c > 1)
        .expect("a dearer step");
    if let Some(Frame::Force(f)) = g.stack.last_mut() {
        f.left = 1;
    }
    refused(
        &g,
        BRITISH,
        &to.to_string(),
        "13.6",
        &[
            "sufficient movement points",
            &format!("costs {}", fiw::movement::half(cost)),
            "has ½ left",
        ],
    );
}

// rule: fiw 13.8, 24.1
#[test]
fn british_militia_may_not_leave_their_colony() {
    let mut g = cleared(BRITISH);
    let m = &tables().map;
    // A Massachusetts square with a neighbour across a side in another
    // colony, joined over land.
    let (from, out) = Sq::all()
        .filter(|&s| m.colony(s) == Some(Colony::Massachusetts) && !g.terrain(s).is_water())
        .find_map(|s| {
            m.land_steps(s, false)
                .into_iter()
                .find(|&(n, _)| {
                    m.colony(n)
                        .is_some_and(|c| c != Colony::Massachusetts && c != Colony::Florida)
                })
                .map(|(n, _)| (s, n))
        })
        .expect("a border of Massachusetts");
    let u = put(&mut g, "ma-militia", from);
    set_out(&mut g, BRITISH, from, &[Piece::Unit(u)]);
    refused(
        &g,
        BRITISH,
        &out.to_string(),
        "13.8",
        &[
            "British militia may never leave their own particular colony",
            "Massachusetts",
        ],
    );
}

// rule: fiw 13.32, 12.0
#[test]
fn a_force_that_stopped_on_enemy_units_may_not_move_again_this_phase() {
    let mut g = cleared(BRITISH);
    let u = put(&mut g, "br-light", "1109");
    put(&mut g, "fr-bearn", "1108");
    set_out(&mut g, BRITISH, "1109", &[Piece::Unit(u)]);
    // The step is legal while the force moves.
    assert!(is_legal(&why(&g, BRITISH, "1108"), "step-1108"));
    act(&mut g, BRITISH, Action::Step(sq("1108")));
    assert!(matches!(g.stack.last(), Some(Frame::Movement { .. })), "the move ended");
    let WhyNot::Forbidden { rules } = why(&g, BRITISH, "1108") else {
        panic!("no force forms in 1108")
    };
    assert_eq!(rules[0].rule, "13.32");
    assert!(rules[0].reason.contains("must stop"), "{}", rules[0].reason);
    assert_eq!(rules[1].rule, "12.0");
    assert!(rules[1].reason.contains("up to one per operations phase"));
    // No piece of the British in an empty square.
    refused(&g, BRITISH, "1112", "11.3", &["no units or leaders"]);
}

// rule: fiw 11.3, 11.2, 12.0
#[test]
fn a_piece_joins_a_force_only_from_its_square_and_once_a_phase() {
    let mut g = cleared(BRITISH);
    let first = put(&mut g, "br-line", "1109");
    set_out(&mut g, BRITISH, "1109", &[Piece::Unit(first)]);
    act(&mut g, BRITISH, Action::Step(sq("1108")));
    act(&mut g, BRITISH, Action::Halt);
    let fresh = put(&mut g, "br-line", "1108");
    let elsewhere = put(&mut g, "br-line", "1110");
    let enemy = put(&mut g, "fr-bearn", "1108");
    form(&mut g, BRITISH, "1108", &[]);
    assert!(is_legal(&why(&g, BRITISH, &unit_id(fresh)), &format!("add-u{fresh}")));
    refused(
        &g,
        BRITISH,
        &unit_id(first),
        "12.0",
        &["up to one per operations phase", "has operated in this phase"],
    );
    refused(
        &g,
        BRITISH,
        &unit_id(elsewhere),
        "11.3",
        &[
            "begin that movement phase in the same square",
            "is in square 1110 in New York, not in Fort William Henry",
        ],
    );
    // The enemy's piece is not named (27.1).
    let f = forbidden(why(&g, BRITISH, &unit_id(enemy)));
    assert_eq!(f.rule, "11.2");
    assert!(!f.reason.contains(&g.unit_name(enemy)), "{}", f.reason);
}

// rule: fiw 11.3
#[test]
fn a_piece_left_out_and_a_square_passed_over_are_explained() {
    // Ruling fiw #49: forming makes each choice once; undo takes it back.
    let mut g = cleared(BRITISH);
    let (a, b) = (put(&mut g, "br-line", "1109"), put(&mut g, "br-line", "1109"));
    form(&mut g, BRITISH, "1109", &[Piece::Unit(a)]);
    act(&mut g, BRITISH, Action::Remove(Piece::Unit(a)));
    refused(
        &g,
        BRITISH,
        &unit_id(a),
        "11.3",
        &["you left the", "out of this force", "undo"],
    );
    assert!(is_legal(&why(&g, BRITISH, &unit_id(b)), &format!("add-u{b}")));
    act(&mut g, BRITISH, Action::Halt);
    refused(&g, BRITISH, "1109", "11.3", &["let it go unmoved", "Albany", "undo"]);
}

// rule: fiw 20.31, 20.32, 20.1, 20.21, 13.8
#[test]
fn boarding_and_sailing_a_naval_force_are_explained() {
    let mut g = cleared(BRITISH);
    let fleet = put(&mut g, "br-fleet", "boston");
    let line: Vec<UnitId> = (0..5).map(|_| put(&mut g, "br-line", "boston")).collect();
    let militia = put(&mut g, "ma-militia", "boston");
    let away = put(&mut g, "br-line", "albany");
    act(&mut g, BRITISH, Action::FormNaval(Place::Sq(sq("boston"))));
    refused(
        &g,
        BRITISH,
        &unit_id(line[0]),
        "20.31",
        &["choose the force's naval units"],
    );
    act(&mut g, BRITISH, Action::Add(Piece::Unit(fleet)));
    for &u in &line[..4] {
        act(&mut g, BRITISH, Action::Embark(Piece::Unit(u)));
    }
    refused(
        &g,
        BRITISH,
        &unit_id(line[4]),
        "20.32",
        &[
            "four regiments",
            "carries 4 regiments, 4 regiments aboard",
            "would add 1 regiment",
        ],
    );
    refused(
        &g,
        BRITISH,
        &unit_id(fleet),
        "20.32",
        &["without the", "could carry 0 regiments"],
    );
    refused(
        &g,
        BRITISH,
        &unit_id(militia),
        "13.8",
        &["own particular colony", "Massachusetts"],
    );
    refused(
        &g,
        BRITISH,
        &unit_id(away),
        "20.31",
        &["same square or home base", "not in Boston"],
    );
    assert!(is_legal(
        &why(&g, BRITISH, &unit_id(line[0])),
        &format!("remove-u{}", line[0])
    ));
    act(&mut g, BRITISH, Action::SetSail);
    let boston = sq("boston");
    let land = boston
        .orthogonal()
        .find(|&n| !tables().map.square(n).fleet_navigable())
        .expect("Boston has land inland");
    refused(
        &g,
        BRITISH,
        &land.to_string(),
        "20.1",
        &["fleet-navigable", "is a fleet"],
    );
    let far = sq("albany");
    refused(&g, BRITISH, &far.to_string(), "20.21", &["not next to Boston"]);
    let sea = boston
        .orthogonal()
        .find(|&n| tables().map.naval_step(fiw::map::Navy::Fleet, boston, n))
        .expect("Boston opens on the sea");
    assert!(is_legal(&why(&g, BRITISH, &sea.to_string()), &format!("sail-{sea}")));
}

fn face(id: &str) -> u16 {
    tables().forces.faces.iter().position(|f| f.id == id).expect("a face") as u16
}

fn place(g: &mut Fiw, seat: Seat, recruit: &str, at: &str) {
    act(g, seat, Action::Recruit(face(recruit)));
    act(g, seat, Action::At(Place::Sq(sq(at))));
}

// rule: fiw 10.1, 10.71
#[test]
fn a_recruit_s_square_is_explained() {
    let mut g = purchasing(&[
        ("br-line", "boston"),
        ("br-line", "new-york"),
        ("br-line", "albany"),
        ("br-line", "philadelphia"),
        ("fr-bearn", "philadelphia"),
    ]);
    act(&mut g, BRITISH, Action::Recruit(face("ma-infantry")));
    let boston = sq("boston").to_string();
    assert!(is_legal(&why(&g, BRITISH, &boston), &format!("at-{boston}")));
    refused(
        &g,
        BRITISH,
        &sq("fort-william-henry").to_string(),
        "10.1",
        &["city or town squares: Fort William Henry has none"],
    );
    refused(
        &g,
        BRITISH,
        &sq("hartford").to_string(),
        "10.1",
        &["colony of the same name", "Massachusetts"],
    );
    back_out(&mut g, BRITISH);
    // Regulars: British-occupied British cities and towns, three a turn.
    act(&mut g, BRITISH, Action::Recruit(face("br-line")));
    refused(&g, BRITISH, &sq("philadelphia").to_string(), "10.1", &["enemy units"]);
    refused(
        &g,
        BRITISH,
        &sq("hartford").to_string(),
        "10.1",
        &["no British combat unit"],
    );
    back_out(&mut g, BRITISH);
    for _ in 0..3 {
        place(&mut g, BRITISH, "br-line", "boston");
    }
    act(&mut g, BRITISH, Action::Recruit(face("br-line")));
    refused(
        &g,
        BRITISH,
        &boston,
        "10.1",
        &["up to three regular regiments per turn on-map", "3 are bought"],
    );
    back_out(&mut g, BRITISH);
    // 10.71 up to the square's forage value of new regiments.
    let forage = g.forage_value(sq("albany"));
    for _ in 0..forage {
        place(&mut g, BRITISH, "ny-infantry", "albany");
    }
    act(&mut g, BRITISH, Action::Recruit(face("ny-infantry")));
    refused(
        &g,
        BRITISH,
        &sq("albany").to_string(),
        "10.71",
        &[
            "up to the square's forage value",
            &format!("its forage value is {forage}"),
        ],
    );
}

// rule: fiw 16.0, 16.2, 16.31, 16.33, 16.34
#[test]
fn a_square_closed_to_negotiations_names_its_rule() {
    let (mut g, [dinwiddie, _]) = british_negotiations([("dinwiddie", "williamsburg"), ("amherst", "st-augustine")]);
    let at = |id: &str| sq(id).to_string();
    let bare = Sq::all()
        .find(|&s| tables().map.places_in(s).next().is_none())
        .expect("a square without places");
    refused(&g, BRITISH, &bare.to_string(), "16.0", &["has neither"]);
    refused(&g, BRITISH, &at("philadelphia"), "16.0", &["no British leader"]);
    refused(&g, BRITISH, &at("st-augustine"), "16.34", &["Florida", "Spain"]);
    // Neutral Spanish units there are nobody's (5.3): 16.34 still governs.
    let sp = put(&mut g, "fl-militia", "st-augustine");
    refused(&g, BRITISH, &at("st-augustine"), "16.34", &["Florida", "Spain"]);
    g.units.place(sp, Place::Pool);
    let u = put(&mut g, "fr-bearn", "williamsburg");
    refused(&g, BRITISH, &at("williamsburg"), "16.33", &["French combat units"]);
    g.units.place(u, Place::Pool);
    let open = Action::Negotiate {
        sq: sq("williamsburg"),
        village: false,
        leader: dinwiddie,
    };
    let id = engine::Describe::describe(&g, BRITISH, &open).id;
    assert!(is_legal(&why(&g, BRITISH, &at("williamsburg")), &id));
    act(&mut g, BRITISH, open);
    g.core.dice.script([1]);
    act(&mut g, BRITISH, Action::Spend(0));
    refused(
        &g,
        BRITISH,
        &at("williamsburg"),
        "16.31",
        &["attempted in", "this phase"],
    );
    // The French, with a leader in a British capital.
    act(&mut g, BRITISH, Action::Done);
    put_leader(&mut g, "bougainville", "new-york");
    refused(
        &g,
        FRENCH,
        &at("new-york"),
        "16.2",
        &["British colonial capital", "may not initiate"],
    );
}

/// The event `id` applied now, rolled by `roller`, as the Random Events
/// phase applies it.
fn event(g: &mut Fiw, roller: Seat, id: &str) {
    g.stack.push(Frame::Events {
        roller,
        queue: vec![id.into()],
    });
    g.advance();
}

#[test]
fn an_event_says_why_a_unit_is_not_among_its_choices() {
    // rule: fiw 8.1
    let mut g = cleared(BRITISH);
    let mohawk = put(&mut g, "mohawk-br", "canajoharie");
    let regulars = put(&mut g, "br-line", "canajoharie");
    let huron = put(&mut g, "huron-fr", "lorette");
    event(&mut g, FRENCH, "smallpox");
    // Each player loses one Indian unit of his; the first player picks first.
    let Some(Frame::EventChoice { seat, options, .. }) = g.stack.last().cloned() else {
        panic!("a choice: {:?}", g.stack.last())
    };
    assert_eq!(seat, BRITISH);
    assert_eq!(options, vec![fiw::events::Choice::Unit(mohawk)]);
    assert!(is_legal(
        &why(&g, BRITISH, &unit_id(mohawk)),
        &format!("pick-u{mohawk}")
    ));
    refused(
        &g,
        BRITISH,
        &unit_id(regulars),
        "8.1",
        &["Smallpox", "is not an Indian unit"],
    );
    // The Huron is French and out of sight: "not yours", no name (27.1).
    let f = forbidden(why(&g, BRITISH, &unit_id(huron)));
    assert!(f.reason.ends_with("that unit is not yours"), "{}", f.reason);
    // The French are not deciding yet.
    assert!(matches!(why(&g, FRENCH, &unit_id(huron)), WhyNot::NotNow { .. }));
    act(&mut g, BRITISH, Action::Pick(options[0]));
    assert_eq!(g.units[mohawk as usize].at(), Place::Pool);
    let Some(Frame::EventChoice { seat: FRENCH, .. }) = g.stack.last() else {
        panic!("the French choice: {:?}", g.stack.last())
    };
}

#[test]
fn a_war_party_event_says_why_a_square_is_not_a_village_it_may_join() {
    // rule: fiw 25.1, 8.1
    let mut g = cleared(BRITISH);
    put(&mut g, "fr-bearn", "canajoharie");
    event(&mut g, BRITISH, "iroquois-council");
    let Some(Frame::EventChoice {
        seat: BRITISH, options, ..
    }) = g.stack.last().cloned()
    else {
        panic!("a British choice: {:?}", g.stack.last())
    };
    let (canajoharie, lorette, boston) = (sq("canajoharie"), sq("lorette"), sq("boston"));
    assert!(!options.contains(&fiw::events::Choice::Sq(canajoharie)));
    refused(
        &g,
        BRITISH,
        &canajoharie.to_string(),
        "25.1",
        &["Iroquois Council", "French combat units are in"],
    );
    refused(
        &g,
        BRITISH,
        &lorette.to_string(),
        "25.1",
        &["is not in a British colony"],
    );
    refused(&g, BRITISH, &boston.to_string(), "25.1", &["has no Indian village"]);
    let fiw::events::Choice::Sq(open) = options[0] else {
        panic!()
    };
    assert!(is_legal(&why(&g, BRITISH, &open.to_string()), &format!("pick-{open}")));
}

#[test]
fn indians_change_sides_names_an_escort_only_where_the_roller_may_look() {
    // rule: fiw 25.1, 27.1
    let mut g = cleared(BRITISH);
    let huron = put(&mut g, "huron-fr", "lorette");
    put(&mut g, "fr-bearn", "lorette");
    let free = put(&mut g, "abenaki-fr", "saint-francois");
    event(&mut g, BRITISH, "indians-change-sides");
    let Some(Frame::EventChoice {
        seat: BRITISH, options, ..
    }) = g.stack.last().cloned()
    else {
        panic!("a British choice: {:?}", g.stack.last())
    };
    assert_eq!(options, vec![fiw::events::Choice::Unit(free)]);
    // Unseen: one answer for every face-down block, escorted or not, an
    // Indian or not (27.1): it is picked by its square.
    let f = forbidden(why(&g, BRITISH, &unit_id(huron)));
    assert_eq!(f.rule, "25.1");
    assert!(
        f.reason
            .ends_with("that unit stands face down: pick one on the map by the square it stands in"),
        "{}",
        f.reason
    );
    let bearn = g.units_at(sq("lorette")).find(|&u| u != huron).unwrap();
    for u in [free, bearn] {
        assert_eq!(forbidden(why(&g, BRITISH, &unit_id(u))), f, "the same for u{u}");
    }
    assert!(is_legal(
        &why(&g, BRITISH, &sq("saint-francois").to_string()),
        &format!("pick-{}-unit", sq("saint-francois"))
    ));
    // A British unit in the square: the escort is seen and named.
    put(&mut g, "br-line", "lorette");
    refused(
        &g,
        BRITISH,
        &unit_id(huron),
        "25.1",
        &["French non-Indian combat units share its square"],
    );
}

#[test]
fn a_leader_event_tells_nothing_of_where_a_face_down_leader_stands() {
    // rule: fiw 27.3, 17.4
    // ruling: fiw #51
    let mut g = cleared(BRITISH);
    let on_map = put_leader(&mut g, "montcalm", "quebec");
    let brigadier = put_leader(&mut g, "french-brigadier", "montreal");
    let at_home = put_leader(&mut g, "de-levis", Place::Base(fiw::state::Base::France));
    event(&mut g, FRENCH, "french-leader-relieved");
    assert!(matches!(g.stack.last(), Some(Frame::EventChoice { seat: BRITISH, .. })));
    // On the map or in the French Home Base, named or not: one answer.
    let f = forbidden(why(&g, BRITISH, &format!("l{on_map}")));
    assert_eq!(f.rule, "17.4");
    assert!(f.reason.contains("that leader stands face down"), "{}", f.reason);
    for l in [brigadier, at_home] {
        assert_eq!(forbidden(why(&g, BRITISH, &format!("l{l}"))), f, "the same for l{l}");
    }
    let quebec = sq("quebec");
    assert!(is_legal(
        &why(&g, BRITISH, &quebec.to_string()),
        &format!("pick-{quebec}-leader")
    ));
}

// rule: fiw 35.3
#[test]
fn the_leaders_of_any_french_occupied_square_are_refused_a_square_no_french_unit_occupies() {
    // 3.3 "Any French occupied squares" (ruling fiw #26): the neutral
    // Spanish garrison of St. Augustine occupies it for nobody (5.3).
    let mut g = Fiw::new(&engine::Setup::new("on-to-quebec", 3));
    let line = scenario::spec(Scenario::OnToQuebec)
        .lines
        .iter()
        .position(|l| matches!(l.what, What::Leader("bougainville")))
        .expect("35.3 3.3 has the line") as u8;
    while !matches!(g.stack.last(), Some(&Frame::Deploy { line: l, .. }) if l == line) {
        let v = legal(&g, FRENCH);
        g.apply_legal(FRENCH, &v[0]);
    }
    let staug = sq("st-augustine");
    assert!(g.has_units(staug, FRENCH), "the French set up Spain's garrison");
    refused(
        &g,
        FRENCH,
        &staug.to_string(),
        "35.3",
        &["any French occupied squares", "neutral Spanish"],
    );
    let quebec = sq("quebec");
    assert!(is_legal(
        &why(&g, FRENCH, &quebec.to_string()),
        &format!("deploy-{quebec}")
    ));
}

// rule: fiw 35.3, 23.0
#[test]
fn a_fortress_city_is_refused_to_a_line_of_towns_and_forts() {
    // ruling: fiw #77 Quebec holds a fortress, not a fort: "Any towns,
    // forts in New France" does not name it.
    let mut g = blank(3);
    let line = scenario::spec(Scenario::OnToQuebec)
        .lines
        .iter()
        .position(|l| matches!(l.what, What::Leader("langlade")))
        .expect("35.3 3.4 has the line") as u8;
    g.stack.push(Frame::Deploy {
        seat: FRENCH,
        line,
        left: 1,
    });
    refused(
        &g,
        FRENCH,
        &sq("quebec").to_string(),
        "35.3",
        &["Quebec", "fortress", "ruling fiw #77"],
    );
    let montreal = sq("montreal");
    assert!(is_legal(
        &why(&g, FRENCH, &montreal.to_string()),
        &format!("deploy-{montreal}")
    ));
}
