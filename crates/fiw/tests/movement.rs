//! 11.3 forces, 13.x movement, 17.21 the leader's bonus, 12.2 supply for
//! later phases, 12.3 winter attrition, 5.24 invasion, 22.4 markers taken.

mod common;

use common::*;
use engine::prelude::*;
use fiw::actions::{Action, Piece};
use fiw::civilization::Marker;
use fiw::frames::Frame;
use fiw::map::Colony;
use fiw::state::{Phase, Place, Status};
use fiw::tables::tables;

fn left(g: &fiw::Fiw) -> u8 {
    match g.stack.last() {
        Some(Frame::Force(f)) => f.left,
        other => panic!("no force moving: {other:?}"),
    }
}

/// The half points a British line regiment pays to step from `a` into `b`.
fn line_step(g: &mut fiw::Fiw, a: fiw::map::Sq, b: fiw::map::Sq) -> u8 {
    let u = put(g, "br-line", a);
    set_out(g, BRITISH, a, &[Piece::Unit(u)]);
    let before = left(g);
    act(g, BRITISH, Action::Step(b));
    before - left(g)
}

#[test]
fn a_road_costs_half_a_point_and_rough_ground_three_for_heavy_units() {
    // rule: fiw 13.1, 13.51, 2.12, 13.6
    // 13.6: each move below combines a road with a trail, or with an
    // overland step, within the force's movement points.
    let mut g = cleared(BRITISH);
    let u = put(&mut g, "br-line", "1109");
    set_out(&mut g, BRITISH, "1109", &[Piece::Unit(u)]);
    assert_eq!(left(&g), 8, "a line regiment moves 4");
    act(&mut g, BRITISH, Action::Step(sq("1108")));
    assert_eq!(left(&g), 7, "Albany to Fort William Henry by road: 1/2");
    act(&mut g, BRITISH, Action::Step(sq("1208")));
    assert_eq!(
        left(&g),
        5,
        "the Crown Point road, a trail: 1 whatever the terrain (13.53)"
    );
    assert_eq!(g.units[u as usize].at(), Place::Sq(sq("1208")));
    act(&mut g, BRITISH, Action::Halt);
    // Overland into rough ground: 3 for heavy units.
    let v = put(&mut g, "br-line", "1109");
    set_out(&mut g, BRITISH, "1109", &[Piece::Unit(v)]);
    act(&mut g, BRITISH, Action::Step(sq("1108")));
    act(&mut g, BRITISH, Action::Step(sq("1008")));
    let rough = g.terrain(sq("1008"));
    let cost = fiw::tables::tables().terrain.cost(rough.id(), false);
    let fiw::terrain::Cost::Halves(h) = cost else {
        panic!("1008 is land")
    };
    assert_eq!(
        left(&g),
        7 - h,
        "overland: the entered square's terrain ({})",
        rough.id()
    );
}

#[test]
fn light_forces_cross_vertices_and_pay_the_light_rates_heavy_ones_do_not() {
    // rule: fiw 13.2, 13.21, 17.9
    let mut g = cleared(BRITISH);
    let light = put(&mut g, "br-light", "1109");
    let heavy = put(&mut g, "br-line", "1110");
    set_out(&mut g, BRITISH, "1109", &[Piece::Unit(light)]);
    assert!(
        legal(&g, BRITISH).contains(&Action::Step(sq("1208"))),
        "light: across the vertex"
    );
    act(&mut g, BRITISH, Action::Step(sq("1208")));
    assert_eq!(left(&g), 12 - 4, "rough costs light units 2");
    act(&mut g, BRITISH, Action::Halt);
    set_out(&mut g, BRITISH, "1110", &[Piece::Unit(heavy)]);
    let v = legal(&g, BRITISH);
    assert!(!v.contains(&Action::Step(sq("1209"))) || !v.contains(&Action::Step(sq("1011"))));
    assert!(!v.contains(&Action::Step(sq("1011"))), "heavy units cross sides only");
    assert!(!v.contains(&Action::Step(sq("1209"))), "1110 to 1209 is a vertex");
}

#[test]
fn a_force_moves_at_its_slowest_even_after_dropping_it() {
    // rule: fiw 11.3, 13.4
    let mut g = cleared(BRITISH);
    let light = put(&mut g, "br-light", "1109");
    let line = put(&mut g, "br-line", "1109");
    set_out(&mut g, BRITISH, "1109", &[Piece::Unit(light), Piece::Unit(line)]);
    assert_eq!(left(&g), 8, "6 and 4 move at 4");
    act(&mut g, BRITISH, Action::Step(sq("1108")));
    act(&mut g, BRITISH, Action::Drop(Piece::Unit(line)));
    assert_eq!(left(&g), 7, "dropping the slow regiment gives nothing back");
    assert_eq!(g.units[line as usize].at(), Place::Sq(sq("1108")));
    // The dropped regiment may not move again in this sub-phase (11.3, 12.0).
    act(&mut g, BRITISH, Action::Halt);
    assert!(!legal(&g, BRITISH).contains(&Action::Form(Place::Sq(sq("1108")))));
}

/// 11.3: "a force with a light infantry (movement factor of six) and an
/// infantry regiment (movement factor of five) would have a movement of
/// five, even if the infantry regiment were dropped off in the first square
/// entered."
#[test]
fn the_force_movement_example_light_six_and_infantry_five_move_five_even_after_the_drop() {
    // rule: fiw 11.3
    let mut g = cleared(BRITISH);
    let light = put(&mut g, "br-light", "1109");
    let infantry = put(&mut g, "ma-infantry", "1109");
    assert_eq!(g.face(light).movement, 6);
    assert_eq!(g.face(infantry).movement, 5);
    set_out(&mut g, BRITISH, "1109", &[Piece::Unit(light), Piece::Unit(infantry)]);
    assert_eq!(left(&g), 2 * 5, "a movement of five (in half points)");
    act(&mut g, BRITISH, Action::Step(sq("1108")));
    let after_step = left(&g);
    let cost = 2 * 5 - after_step;
    act(&mut g, BRITISH, Action::Drop(Piece::Unit(infantry)));
    assert_eq!(g.units[infantry as usize].at(), Place::Sq(sq("1108")));
    assert_eq!(left(&g), 2 * 5 - cost, "still five: not the light infantry's six");
}

#[test]
fn one_leader_adds_his_military_rating_to_the_units_but_not_to_leaders() {
    // rule: fiw 17.21, 17.2
    let mut g = cleared(BRITISH);
    let washington = put_leader(&mut g, "washington", "1012");
    let va = put(&mut g, "va-infantry", "1012");
    set_out(&mut g, BRITISH, "1012", &[Piece::Unit(va), Piece::Leader(washington)]);
    // 17.21's example: Washington (1) with an infantry regiment: one more.
    assert_eq!(left(&g), 2 * (5 + 1));
    act(&mut g, BRITISH, Action::Halt);
    let mut g = cleared(BRITISH);
    let amherst = put_leader(&mut g, "amherst", "1109");
    set_out(&mut g, BRITISH, "1109", &[Piece::Leader(amherst)]);
    assert_eq!(left(&g), 12, "a leader alone moves his own 6, no bonus");
}

/// 17.21: "British leader Washington (military value of "1") is stacked
/// with a British infantry regiment (movement factor of "4"). That gives
/// the British force a leader-enhanced movement factor of "5"."
#[test]
fn the_leader_bonus_example_washington_and_a_british_regiment_of_four_move_five() {
    // rule: fiw 17.21
    let mut g = cleared(BRITISH);
    let washington = put_leader(&mut g, "washington", "1012");
    let regiment = put(&mut g, "br-line", "1012");
    assert_eq!(g.face(regiment).movement, 4);
    set_out(
        &mut g,
        BRITISH,
        "1012",
        &[Piece::Unit(regiment), Piece::Leader(washington)],
    );
    assert_eq!(left(&g), 2 * 5);
}

#[test]
fn units_stop_on_entering_enemy_combat_units_but_leave_them_freely() {
    // rule: fiw 13.32, 13.34
    let mut g = cleared(BRITISH);
    let u = put(&mut g, "br-light", "1109");
    put(&mut g, "fr-bearn", "1108");
    set_out(&mut g, BRITISH, "1109", &[Piece::Unit(u)]);
    act(&mut g, BRITISH, Action::Step(sq("1108")));
    assert!(matches!(g.stack.last(), Some(Frame::Movement { .. })), "the move ended");
    assert!(logged(&g, "enemy units are there"));
}

#[test]
fn british_militia_keep_to_their_colony_and_nobody_enters_neutral_florida() {
    // rule: fiw 13.8, 24.1, 13.72, 5.3
    let mut g = cleared(BRITISH);
    let m = put(&mut g, "ny-militia", "1109");
    set_out(&mut g, BRITISH, "1109", &[Piece::Unit(m)]);
    let v = legal(&g, BRITISH);
    assert!(v.contains(&Action::Step(sq("1108"))), "1108 is New York");
    assert!(!v.contains(&Action::Step(sq("1209"))), "1209 is Connecticut");
    act(&mut g, BRITISH, Action::Halt);
    let ga = put(&mut g, "br-light", "0818");
    assert_eq!(fiw::tables::tables().map.colony(sq("0819")), Some(Colony::Florida));
    set_out(&mut g, BRITISH, "0818", &[Piece::Unit(ga)]);
    assert!(!legal(&g, BRITISH)
        .iter()
        .any(|a| matches!(a, Action::Step(s) if fiw::tables::tables().map.colony(*s) == Some(Colony::Florida))));
}

#[test]
fn a_leader_with_units_keeps_their_pace_his_bonus_added() {
    // rule: fiw 17.21, 11.3
    // ruling: fiw #52
    let mut g = cleared(BRITISH);
    let rogers = put_leader(&mut g, "rogers", "1109");
    let rangers = put(&mut g, "rr", "1109");
    set_out(&mut g, BRITISH, "1109", &[Piece::Unit(rangers), Piece::Leader(rogers)]);
    // Rogers' own 6 does not hold back his rangers' 7 + 2.
    assert_eq!(left(&g), 2 * (7 + 2));
}

#[test]
fn a_force_left_all_light_by_a_drop_off_moves_as_light() {
    // rule: fiw 11.3, 13.2, 13.21
    // ruling: fiw #11
    let mut g = cleared(BRITISH);
    let light = put(&mut g, "br-light", "1109");
    let line = put(&mut g, "br-line", "1109");
    set_out(&mut g, BRITISH, "1109", &[Piece::Unit(light), Piece::Unit(line)]);
    act(&mut g, BRITISH, Action::Step(sq("1108")));
    let diagonals = |g: &fiw::Fiw| {
        legal(g, BRITISH)
            .into_iter()
            .filter(|a| matches!(a, Action::Step(to) if to.col != 11 && to.row != 8))
            .count()
    };
    assert_eq!(diagonals(&g), 0, "heavy: sides only");
    act(&mut g, BRITISH, Action::Drop(Piece::Unit(line)));
    // The slowest factor stays (11.3), but every piece left is light.
    assert_eq!(left(&g), 7);
    assert!(diagonals(&g) > 0, "light: across the vertices");
}

#[test]
fn walking_into_an_abandoned_enemy_fortress_shifts_the_balance() {
    // rule: fiw 22.4, 23.1, 4.1
    // ruling: fiw #53
    let mut g = cleared(BRITISH);
    let x = open_square(fiw::map::Terrain::Wilderness);
    let to = fiw::map::Sq {
        col: x.col + 1,
        row: x.row,
    };
    put_marker(&mut g, Marker::Fortress, to, FRENCH);
    let u = put(&mut g, "br-line", x);
    set_out(&mut g, BRITISH, x, &[Piece::Unit(u)]);
    act(&mut g, BRITISH, Action::Step(to));
    assert_eq!(g.civ(to, Marker::Fortress).map(|c| c.side), Some(BRITISH));
    assert!(
        logged(&g, "the Balance of Power shifts 2 toward the British"),
        "as for a fortress captured in battle"
    );
}

#[test]
fn entering_a_passive_enemy_colony_activates_it_and_takes_unguarded_markers() {
    // rule: fiw 5.24, 22.4, 22.3
    let mut g = cleared(FRENCH);
    assert_eq!(g.status(Colony::Virginia), Status::Passive);
    let u = put(&mut g, "fr-mar", "0811");
    put_marker(&mut g, Marker::Magazine, sq("0912"), BRITISH);
    set_out(&mut g, FRENCH, "0811", &[Piece::Unit(u)]);
    act(&mut g, FRENCH, Action::Step(sq("0912")));
    assert_eq!(g.civ(sq("0912"), Marker::Magazine).map(|c| c.side), Some(FRENCH));
    let colony = fiw::tables::tables().map.colony(sq("0912")).unwrap();
    assert_eq!(g.status(colony), Status::Active, "{} is invaded", colony.name());
}

#[test]
fn a_leader_alone_neither_activates_a_colony_nor_takes_markers() {
    // rule: fiw 5.24, 22.4
    // ruling: fiw #9
    let mut g = cleared(FRENCH);
    let l = put_leader(&mut g, "langlade", "0811");
    put_marker(&mut g, Marker::Magazine, sq("0912"), BRITISH);
    set_out(&mut g, FRENCH, "0811", &[Piece::Leader(l)]);
    act(&mut g, FRENCH, Action::Step(sq("0912")));
    assert_eq!(g.leaders[l as usize].at, Place::Sq(sq("0912")));
    assert_eq!(g.civ(sq("0912"), Marker::Magazine).map(|c| c.side), Some(BRITISH));
    let colony = fiw::tables::tables().map.colony(sq("0912")).unwrap();
    assert_eq!(g.status(colony), Status::Passive, "a leader alone invades nothing");
}

#[test]
fn a_trail_marker_links_its_square_to_an_adjacent_road_or_trail() {
    // rule: fiw 22.2, 13.53
    // ruling: fiw #12
    use fiw::map::{Route, Sq, Terrain};
    use fiw::terrain::Cost;
    let t = fiw::tables::tables();
    let (m, halves) = (&t.map, |id: &str| match t.terrain.cost(id, false) {
        Cost::Halves(h) => h,
        Cost::Prohibited => panic!("{id} is open"),
    });
    // A square on a printed road or trail, and beside it across country
    // one that is on neither, in rough or wilderness.
    let (a, b) = Sq::all()
        .flat_map(|a| a.orthogonal().map(move |b| (a, b)))
        .find(|&(a, b)| {
            m.on_track(a)
                && !m.on_track(b)
                && m.land_route(a, b) == Some(Route::Overland)
                && matches!(m.square(b).terrain, Terrain::Wilderness | Terrain::Rough)
                && ![a, b].iter().any(|&s| m.colony(s) == Some(Colony::Florida))
        })
        .expect("a road or trail square beside open country");
    assert!(halves("trail") < halves(m.square(b).terrain.id()));
    let mut g = cleared(BRITISH);
    put_marker(&mut g, Marker::Trail, b, BRITISH);
    assert_eq!(
        line_step(&mut g, a, b),
        halves("trail"),
        "{a} to the marked {b}: a trail step"
    );
}

/// Ends every movement sub-phase until the `round`-th phase of `seat`.
fn to_phase(g: &mut fiw::Fiw, round: u8, seat: engine::Seat) {
    idle_until(g, |g| {
        g.phase == (Phase::Operations { round, seat }) && matches!(g.stack.last(), Some(Frame::Movement { .. }))
    });
}

#[test]
fn a_later_phase_costs_a_supply_point_unless_a_magazine_supplies_the_force() {
    // rule: fiw 12.2, 18.2, 18.61
    let mut g = cleared(BRITISH);
    let far = put(&mut g, "br-line", "0713");
    let near = put(&mut g, "br-line", "1108");
    put_marker(&mut g, Marker::Magazine, sq("1109"), BRITISH);
    to_phase(&mut g, 2, BRITISH);
    let sp = g.supply[BRITISH as usize];
    // The choice says the price (session 38's audit), where it is paid.
    let go = |g: &fiw::Fiw| {
        engine::described(g, BRITISH)
            .into_iter()
            .find(|a| a.id == "go")
            .map(|a| a.label)
    };
    form(&mut g, BRITISH, "0713", &[Piece::Unit(far)]);
    assert_eq!(go(&g).as_deref(), Some("Set out, spending a supply point (12.2)"));
    act(&mut g, BRITISH, Action::Go);
    assert_eq!(g.supply[BRITISH as usize], sp - 1, "no magazine near: one SP");
    act(&mut g, BRITISH, Action::Halt);
    set_out(&mut g, BRITISH, "1108", &[Piece::Unit(near)]);
    assert_eq!(g.supply[BRITISH as usize], sp - 1, "the Albany magazine supplies it");
    // A magazine outside a city or town is spent for the turn (18.62).
    assert!(g.civ(sq("1109"), Marker::Magazine).unwrap().used || g.settlement(sq("1109")).is_some());
}

#[test]
fn the_operations_example_one_force_four_phases() {
    // rule: fiw 12.0, 12.2, 12.3, 12.4
    let mut g = cleared(BRITISH);
    let l = put_leader(&mut g, "wolfe", "0811");
    let units: Vec<_> = (0..3).map(|_| put(&mut g, "br-line", "0811")).collect();
    let mut force = pieces(&units);
    force.push(Piece::Leader(l));
    let sp = g.supply[BRITISH as usize];
    // 1st phase: free.
    set_out(&mut g, BRITISH, "0811", &force);
    act(&mut g, BRITISH, Action::Halt);
    assert_eq!(g.supply[BRITISH as usize], sp);
    // 2nd phase: one SP; 3rd: nothing; 4th: one SP, then winter attrition.
    to_phase(&mut g, 2, BRITISH);
    set_out(&mut g, BRITISH, "0811", &force);
    act(&mut g, BRITISH, Action::Halt);
    assert_eq!(g.supply[BRITISH as usize], sp - 1);
    to_phase(&mut g, 4, BRITISH);
    set_out(&mut g, BRITISH, "0811", &force);
    assert_eq!(g.supply[BRITISH as usize], sp - 2);
    g.core.dice.script([1, 4, 6]);
    act(&mut g, BRITISH, Action::Halt);
    assert_eq!(g.units[units[0] as usize].at(), Place::Pool, "a 1 eliminates");
    assert_eq!(g.units[units[1] as usize].at(), Place::Sq(sq("0811")));
    assert_eq!(g.units[units[2] as usize].at(), Place::Sq(sq("0811")));
    assert_eq!(
        g.leaders[l as usize].at,
        Place::Sq(sq("0811")),
        "leaders never suffer attrition"
    );
    assert!(logged(&g, "Winter attrition"));
}

#[test]
fn a_piece_operates_once_a_phase() {
    // rule: fiw 12.0, 12.2
    let mut g = cleared(BRITISH);
    let u = put(&mut g, "br-line", "1109");
    set_out(&mut g, BRITISH, "1109", &[Piece::Unit(u)]);
    act(&mut g, BRITISH, Action::Halt);
    assert!(!legal(&g, BRITISH).contains(&Action::Form(Place::Sq(sq("1109")))));
}

#[test]
fn forming_a_force_ends_each_choice_made_once() {
    // rule: fiw 11.3, 12.0
    // A piece left out stays out, and a force let go unmoved is not formed
    // in that square again this sub-phase: undo takes a choice back, and
    // no run of choices comes back to where it started.
    let mut g = cleared(BRITISH);
    let (a, b) = (put(&mut g, "br-line", "1109"), put(&mut g, "br-line", "1109"));
    let here = Place::Sq(sq("1109"));
    act(&mut g, BRITISH, Action::Form(here));
    act(&mut g, BRITISH, Action::Add(Piece::Unit(a)));
    act(&mut g, BRITISH, Action::Remove(Piece::Unit(a)));
    let v = legal(&g, BRITISH);
    assert!(!v.contains(&Action::Add(Piece::Unit(a))), "left out for good");
    assert!(v.contains(&Action::Add(Piece::Unit(b))));
    assert_eq!(label(&g, BRITISH, Action::Halt), "Do not form this force");
    act(&mut g, BRITISH, Action::Halt);
    let v = legal(&g, BRITISH);
    assert!(!v.contains(&Action::Form(here)), "passed over this sub-phase");
    assert!(v.contains(&Action::EndMovement));
    // The next phase forms it again.
    act(&mut g, BRITISH, Action::EndMovement);
    idle_until(&mut g, |g| {
        g.round() == Some(2) && g.stack.last().is_some_and(|f| f.seat() == Some(BRITISH))
    });
    assert!(legal(&g, BRITISH).contains(&Action::Form(here)));
}

/// A land square of `terrain` with nothing printed in it, its eight
/// neighbours land joined to it, in British or disputed land well inside
/// the map.
fn open_square(terrain: fiw::map::Terrain) -> fiw::map::Sq {
    common::open_square(terrain, |c| {
        c != Colony::Florida && c != Colony::NewFrance && c != Colony::Louisiana
    })
}

fn at(col: u8, row: u8) -> fiw::map::Sq {
    fiw::map::Sq::new(col, row).unwrap()
}

fn moving(g: &fiw::Fiw) -> bool {
    matches!(g.stack.last(), Some(Frame::Force(f)) if f.moving)
}

#[test]
fn a_light_force_crosses_a_vertex_between_two_enemy_held_squares() {
    // rule: fiw 13.22, 13.2
    let mut g = cleared(BRITISH);
    let x = open_square(fiw::map::Terrain::Wilderness);
    let d = at(x.col + 1, x.row + 1);
    // Enemy combat units on both squares beside the diagonal.
    put(&mut g, "fr-bearn", at(x.col + 1, x.row));
    put(&mut g, "fr-guy", at(x.col, x.row + 1));
    let u = put(&mut g, "br-light", x);
    set_out(&mut g, BRITISH, x, &[Piece::Unit(u)]);
    act(&mut g, BRITISH, Action::Step(d));
    assert!(moving(&g), "no stop: the diagonal passes between them");
    assert!(!logged(&g, "enemy units are there"));
    assert!(legal(&g, BRITISH).iter().any(|a| matches!(a, Action::Step(_))));
}

#[test]
fn friendly_units_lone_enemy_leaders_and_markers_do_not_stop_a_force() {
    // rule: fiw 13.31, 13.33, 13.3, 22.3
    let mut g = cleared(BRITISH);
    let x = open_square(fiw::map::Terrain::Wilderness);
    let (east, far) = (at(x.col + 1, x.row), at(x.col + 1, x.row + 1));
    let friends = put(&mut g, "br-line", east);
    put_leader(&mut g, "montcalm", far);
    put_marker(&mut g, Marker::Fort, far, FRENCH);
    let u = put(&mut g, "br-light", x);
    set_out(&mut g, BRITISH, x, &[Piece::Unit(u)]);
    let full = left(&g);
    // 13.31 through friendly units at no penalty: the same cost as an
    // empty clear square.
    act(&mut g, BRITISH, Action::Step(east));
    assert!(moving(&g));
    let cost = full - left(&g);
    assert_eq!(g.units[friends as usize].at(), Place::Sq(east), "they stay");
    // 13.33 a leader alone and a fort do not stop it.
    act(&mut g, BRITISH, Action::Step(far));
    assert!(moving(&g), "the force moves on");
    assert_eq!(full - left(&g), 2 * cost);
    assert!(legal(&g, BRITISH).iter().any(|a| matches!(a, Action::Step(_))));
}

#[test]
fn any_number_of_units_stack_and_enemies_may_share_a_square() {
    // rule: fiw 11.1, 11.0
    let mut g = cleared(BRITISH);
    let x = open_square(fiw::map::Terrain::Wilderness);
    let east = at(x.col + 1, x.row);
    for _ in 0..9 {
        put(&mut g, "br-line-det", east);
    }
    let force: Vec<Piece> = (0..9).map(|_| Piece::Unit(put(&mut g, "br-line", x))).collect();
    set_out(&mut g, BRITISH, x, &force);
    act(&mut g, BRITISH, Action::Step(east));
    act(&mut g, BRITISH, Action::Halt);
    assert_eq!(g.side_at(east, BRITISH).count(), 18, "no stacking limit");
    // A force may end its move with the enemy: both stand in the square
    // until the combat sub-phase.
    let south = at(x.col, x.row + 1);
    put(&mut g, "fr-bearn", south);
    let v = put(&mut g, "br-line", x);
    set_out(&mut g, BRITISH, x, &[Piece::Unit(v)]);
    act(&mut g, BRITISH, Action::Step(south));
    assert!(g.has_units(south, BRITISH) && g.has_units(south, FRENCH));
}

#[test]
fn french_units_and_french_indians_move_as_one_force() {
    // rule: fiw 11.2
    let mut g = cleared(FRENCH);
    let x = open_square(fiw::map::Terrain::Wilderness);
    let regular = put(&mut g, "fr-mar", x);
    let indian = put(&mut g, "ottawa-fr", x);
    let l = put_leader(&mut g, "de-levis", x);
    set_out(
        &mut g,
        FRENCH,
        x,
        &[Piece::Unit(regular), Piece::Unit(indian), Piece::Leader(l)],
    );
    // The French leader leads the whole force (17.7: a non-Indian leader
    // may lead Indian units).
    assert!(matches!(g.stack.last(), Some(Frame::Force(f)) if f.bonus == Some(l)));
    let east = at(x.col + 1, x.row);
    act(&mut g, FRENCH, Action::Step(east));
    assert_eq!(g.units[regular as usize].at(), Place::Sq(east));
    assert_eq!(g.units[indian as usize].at(), Place::Sq(east));
}

#[test]
fn within_those_restrictions_a_force_may_enter_any_square() {
    // rule: fiw 5.6, 5.4, 5.5
    let m = fiw::tables::tables().map.clone();
    // A square on the border of New York and New France, next to an Indian
    // village and the disputed lands.
    let x = fiw::map::Sq::all()
        .find(|&s| {
            let cs: Vec<_> = s.orthogonal().filter_map(|n| m.colony(n)).collect();
            !m.square(s).terrain.is_water()
                && m.colony(s) == Some(Colony::NewYork)
                && cs.contains(&Colony::NewFrance)
                && s.orthogonal().any(|n| m.village(n).is_some())
        })
        .expect("a New York square on the border of New France");
    let mut g = cleared(BRITISH);
    let u = put(&mut g, "br-light", x);
    set_out(&mut g, BRITISH, x, &[Piece::Unit(u)]);
    let v = legal(&g, BRITISH);
    for (n, _) in m.land_steps(x, true) {
        assert!(v.contains(&Action::Step(n)), "{n} ({:?})", m.colony(n));
    }
}

#[test]
fn spanish_militia_never_leave_florida_and_spanish_units_wait_for_spain() {
    // rule: fiw 24.3, 5.3, 28.1
    let mut g = cleared(FRENCH);
    let staug = sq("st-augustine");
    let militia = put(&mut g, "fl-militia", "st-augustine");
    let line = put(&mut g, "sp-light", "st-augustine");
    // Neutral Spain: nobody uses its units.
    assert!(!legal(&g, FRENCH).contains(&Action::Form(Place::Sq(staug))));
    g.spain = true;
    g.set_status(Colony::Florida, Status::Active);
    set_out(&mut g, FRENCH, "st-augustine", &[Piece::Unit(militia)]);
    let m = &fiw::tables::tables().map;
    let steps: Vec<fiw::map::Sq> = legal(&g, FRENCH)
        .into_iter()
        .filter_map(|a| match a {
            Action::Step(s) => Some(s),
            _ => None,
        })
        .collect();
    assert!(!steps.is_empty());
    assert!(steps.iter().all(|&s| m.colony(s) == Some(Colony::Florida)), "{steps:?}");
    act(&mut g, FRENCH, Action::Halt);
    // Spanish light infantry may go to Georgia (across the vertex).
    set_out(&mut g, FRENCH, "st-augustine", &[Piece::Unit(line)]);
    assert!(legal(&g, FRENCH)
        .iter()
        .any(|a| matches!(a, Action::Step(s) if m.colony(*s) == Some(Colony::Georgia))));
}

#[test]
fn supply_points_never_run_below_zero_and_leaders_pay_for_later_phases() {
    // rule: fiw 18.21, 18.42, 18.2
    let mut g = cleared(BRITISH);
    let x = open_square(fiw::map::Terrain::Wilderness);
    let y = at(x.col + 3, x.row);
    let amherst = put_leader(&mut g, "amherst", x);
    let u = put(&mut g, "br-line", y);
    to_phase(&mut g, 2, BRITISH);
    assert!(g.supply_line(x, BRITISH).is_none() && g.supply_line(y, BRITISH).is_none());
    g.supply[BRITISH as usize] = 1;
    // 18.42 a lone leader needs no provisioning, but pays to operate.
    set_out(&mut g, BRITISH, x, &[Piece::Leader(amherst)]);
    assert_eq!(g.supply[BRITISH as usize], 0, "deducted from the total");
    act(&mut g, BRITISH, Action::Halt);
    // 18.21 none left, none spent: the regiment may not set out.
    assert!(!legal(&g, BRITISH).contains(&Action::Form(Place::Sq(y))));
    assert_eq!(g.units[u as usize].at(), Place::Sq(y));
}

#[test]
fn a_captured_magazine_supplies_its_captor() {
    // rule: fiw 18.63, 22.4, 18.6, 18.61
    let mut g = cleared(BRITISH);
    let x = open_square(fiw::map::Terrain::Wilderness);
    let mag = at(x.col + 1, x.row);
    put_marker(&mut g, Marker::Magazine, mag, FRENCH);
    assert_eq!(g.supply_line(x, FRENCH), Some(mag));
    assert_eq!(g.supply_line(x, BRITISH), None);
    let u = put(&mut g, "br-line", x);
    let v = put(&mut g, "br-line", x);
    set_out(&mut g, BRITISH, x, &[Piece::Unit(u)]);
    act(&mut g, BRITISH, Action::Step(mag));
    act(&mut g, BRITISH, Action::Halt);
    assert_eq!(g.civ(mag, Marker::Magazine).map(|c| c.side), Some(BRITISH));
    to_phase(&mut g, 2, BRITISH);
    let sp = g.supply[BRITISH as usize];
    set_out(&mut g, BRITISH, x, &[Piece::Unit(v)]);
    assert_eq!(g.supply[BRITISH as usize], sp, "the magazine supplies the force");
    assert!(logged(&g, "draws on the magazine"));
}

#[test]
fn trail_markers_work_as_printed_trails() {
    // rule: fiw 22.2, 13.53
    // ruling: fiw #12
    let mut g = cleared(BRITISH);
    let x = open_square(fiw::map::Terrain::Wilderness);
    let east = at(x.col + 1, x.row);
    let m = &fiw::tables::tables().map;
    assert_eq!(m.land_route(x, east), Some(fiw::map::Route::Overland));
    let t = &fiw::tables::tables().terrain;
    let halves = |id: &str| match t.cost(id, false) {
        fiw::terrain::Cost::Halves(h) => h,
        fiw::terrain::Cost::Prohibited => panic!("{id} is open"),
    };
    let u = put(&mut g, "br-line", x);
    set_out(&mut g, BRITISH, x, &[Piece::Unit(u)]);
    assert_eq!(
        g.describe(BRITISH, &Action::Step(east)).label,
        // An unnamed square is named with its colony (5.24, 14.1 turn on it).
        format!(
            "Move to square {east} in {} ({} MP)",
            m.colony(east).expect("an open square in a colony").name(),
            fiw::movement::half(halves(g.terrain(east).id()))
        )
    );
    act(&mut g, BRITISH, Action::Halt);
    for s in [x, east] {
        put_marker(&mut g, Marker::Trail, s, BRITISH);
    }
    let v = put(&mut g, "br-line", x);
    set_out(&mut g, BRITISH, x, &[Piece::Unit(v)]);
    let full = left(&g);
    act(&mut g, BRITISH, Action::Step(east));
    assert_eq!(full - left(&g), halves("trail"));
    assert!(halves("trail") < halves(g.terrain(east).id()));
}

#[test]
fn units_a_reorganization_made_and_left_out_still_suffer_winter_attrition() {
    // rule: fiw 12.3, 19.0, 12.0
    // ruling: fiw #49
    let mut g = cleared(BRITISH);
    let r = put(&mut g, "br-line", "0811");
    to_phase(&mut g, 4, BRITISH);
    let here = Place::Sq(sq("0811"));
    form(&mut g, BRITISH, "0811", &[Piece::Unit(r)]);
    act(&mut g, BRITISH, Action::BreakDown(r));
    let dets: Vec<_> = g.units_at(sq("0811")).collect();
    assert_eq!(dets.len(), 3);
    // Two detachments left out, the third sets out and stops.
    act(&mut g, BRITISH, Action::Remove(Piece::Unit(dets[0])));
    act(&mut g, BRITISH, Action::Remove(Piece::Unit(dets[1])));
    act(&mut g, BRITISH, Action::Go);
    // The force reorganized: every unit it made rolls, the one that set
    // out first; a 1 eliminates.
    g.core.dice.script([1, 1, 6]);
    act(&mut g, BRITISH, Action::Halt);
    assert_eq!(g.units[dets[2] as usize].at(), Place::Pool);
    assert_eq!(g.units[dets[0] as usize].at(), Place::Pool, "left out, it rolls too");
    assert_eq!(g.units[dets[1] as usize].at(), here);
    // The one left standing operated with the force (12.0): no second
    // operation this phase.
    assert!(!legal(&g, BRITISH).contains(&Action::Form(here)));
}

#[test]
fn a_step_along_a_great_lake_coast_costs_half_a_point_even_where_a_trail_joins_the_squares() {
    // rule: fiw 13.52, 13.6
    // ruling: fiw #12
    // 13.52 "Units moving directly along rivers and Great Lake
    // coasts pay one-half (0.5) movement point per square."
    // 13.6 "A force may combine any number of types of movement
    // in a single move as long as it has sufficient movement points."
    // Ruling #12 (map): "The reduced cost applies to a step between two
    // adjacent squares joined by a road, river or trail link, or both on the
    // same Great Lake's coast".
    //
    // 0610 and 0710 both touch Lake Erie; the map data also join them by a
    // trail link (1 MP): the lake coast's half point applies (rules fiw-14).
    let m = &tables().map;
    let (a, b) = (sq("0610"), sq("0710"));
    assert!(m.square(a).lake_coast() && m.square(b).lake_coast());
    assert!(m
        .square(a)
        .waters
        .iter()
        .any(|w| w.is_great_lake() && m.square(b).waters.contains(w)));
    let mut g = cleared(BRITISH);
    assert_eq!(
        line_step(&mut g, a, b),
        1,
        "along the Lake Erie coast: one half point (the route: {:?})",
        m.land_route(a, b)
    );
}

#[test]
fn a_leader_who_adds_nothing_may_be_dropped_off() {
    // rule: fiw 17.21
    // 17.21 "A maximum of one leader per force may provide that
    // bonus. The leader must move with the force in question and may not be
    // dropped off anywhere along the route, though other units in the force
    // may still be dropped off."
    // Abercromby (military 0) marches with a British regiment: he provides
    // no bonus (4 + 0 = 4), so nothing binds him to the force; he may stay
    // behind in the square the force passes (rules fiw-14).
    let mut g = cleared(BRITISH);
    let line = put(&mut g, "br-line", "1109");
    let aber = put_leader(&mut g, "abercromby", "1109");
    g.leaders[aber as usize].side = BRITISH;
    assert_eq!(g.leader(aber).military, 0);
    set_out(&mut g, BRITISH, "1109", &[Piece::Unit(line), Piece::Leader(aber)]);
    act(&mut g, BRITISH, Action::Step(sq("1108")));
    let v = legal(&g, BRITISH);
    assert!(
        v.contains(&Action::Drop(Piece::Leader(aber))),
        "a leader adding 0 gives no bonus and may be dropped off: {v:?}"
    );
}

#[test]
fn a_force_beside_the_enemy_may_stay_or_leave_and_stops_in_the_next_enemy_square() {
    // rule: fiw 13.34, 13.32
    // 13.34 "A force that begins its movement in the same square as an
    // enemy unit or marker may always exit that square (or remain in
    // place) ... Units may move directly from one enemy occupied square to
    // another but must stop in the square entered."
    let mut g = cleared(BRITISH);
    let x = open_square(fiw::map::Terrain::Wilderness);
    let (east, south) = (at(x.col + 1, x.row), at(x.col, x.row + 1));
    put(&mut g, "fr-bearn", x);
    put(&mut g, "fr-guy", east);
    let (a, b) = (put(&mut g, "br-light", x), put(&mut g, "br-light", x));
    // Set out, it may halt where it is or leave; into an empty square it
    // moves on.
    set_out(&mut g, BRITISH, x, &[Piece::Unit(a)]);
    assert!(legal(&g, BRITISH).contains(&Action::Halt));
    act(&mut g, BRITISH, Action::Step(south));
    assert!(moving(&g), "out of the shared square and on");
    act(&mut g, BRITISH, Action::Halt);
    // Straight into the next enemy-held square: the move ends there.
    set_out(&mut g, BRITISH, x, &[Piece::Unit(b)]);
    act(&mut g, BRITISH, Action::Step(east));
    assert!(!moving(&g), "it stops in the square entered");
    assert_eq!(g.units[b as usize].at(), Place::Sq(east));
}

#[test]
fn a_moving_force_picks_up_nobody_and_the_units_it_passes_move_on_their_own() {
    // rule: fiw 11.3, 13.31
    // 11.3 "A force may not pick up additional units in the course of an
    // operation ... there's nothing to stop a player from moving units
    // separately."
    let mut g = cleared(BRITISH);
    let x = open_square(fiw::map::Terrain::Wilderness);
    let east = at(x.col + 1, x.row);
    let waiting = put(&mut g, "br-light", east);
    let u = put(&mut g, "br-light", x);
    set_out(&mut g, BRITISH, x, &[Piece::Unit(u)]);
    act(&mut g, BRITISH, Action::Step(east));
    let v = legal(&g, BRITISH);
    assert!(!v.iter().any(|a| matches!(a, Action::Add(_))), "{v:?}");
    act(&mut g, BRITISH, Action::Halt);
    // The unit passed has not operated: it forms a force of its own.
    assert!(legal(&g, BRITISH).contains(&Action::Form(Place::Sq(east))));
    form(&mut g, BRITISH, east, &[Piece::Unit(waiting)]);
    let v = legal(&g, BRITISH);
    assert!(v.contains(&Action::Go));
    assert!(
        !v.contains(&Action::Add(Piece::Unit(u))),
        "the force that came in has moved this sub-phase"
    );
}

#[test]
fn units_dropped_off_in_a_fourth_phase_still_roll_for_winter_attrition() {
    // rule: fiw 12.3, 11.3
    // 12.3 "Any force that initiates an operation in a fourth impulse
    // must ... roll a die for each combat unit": a unit dropped off on the
    // way set out with the force, so it rolls when the move ends.
    let mut g = cleared(BRITISH);
    let (a, b) = (put(&mut g, "br-line", "1109"), put(&mut g, "br-line", "1109"));
    to_phase(&mut g, 4, BRITISH);
    form(&mut g, BRITISH, "1109", &[Piece::Unit(a), Piece::Unit(b)]);
    // The choice says what follows (session 38's audit).
    let go = engine::described(&g, BRITISH)
        .into_iter()
        .find(|x| x.id == "go")
        .map(|x| x.label);
    assert!(
        go.as_deref()
            .is_some_and(|l| l.contains(", then winter attrition (12.2, 12.3)")),
        "{go:?}"
    );
    act(&mut g, BRITISH, Action::Go);
    act(&mut g, BRITISH, Action::Step(sq("1108")));
    act(&mut g, BRITISH, Action::Drop(Piece::Unit(a)));
    act(&mut g, BRITISH, Action::Step(sq("1208")));
    g.core.dice.script([1, 6]);
    act(&mut g, BRITISH, Action::Halt);
    assert_eq!(g.units[a as usize].at(), Place::Pool, "the dropped unit rolls a 1");
    assert_eq!(g.units[b as usize].at(), Place::Sq(sq("1208")));
}

#[test]
fn an_enemy_fleet_alone_in_port_stops_a_land_force() {
    // rule: fiw 13.32, 2.4
    // 2.4 "Combat Unit. A unit with a printed combat strength of 1 or
    // more": a fleet is one, so a land force entering its port stops.
    let mut g = cleared(BRITISH);
    let (hartford, boston) = (sq("1209"), sq("boston"));
    assert!(tables().map.square(boston).port);
    let fleet = put(&mut g, "fr-fleet", boston);
    assert!(g.face(fleet).combat >= 1);
    let u = put(&mut g, "br-light", hartford);
    set_out(&mut g, BRITISH, hartford, &[Piece::Unit(u)]);
    act(&mut g, BRITISH, Action::Step(boston));
    assert!(!moving(&g), "the move ends in Boston");
    assert!(logged(&g, "enemy units are there"));
}

/// Sets the moving force's points left (in halves).
fn set_left(g: &mut fiw::Fiw, halves: u8) {
    match g.stack.last_mut() {
        Some(Frame::Force(f)) => f.left = halves,
        other => panic!("no force moving: {other:?}"),
    }
}

/// The audit's "Move the force: 0 movement points left", offering only
/// halt: a force that can pay for no further step ends its move by itself,
/// and the mover forms the next force. The French cannot tell it from a
/// force that could go on: their view is the same.
#[test]
fn a_force_that_can_pay_for_no_further_step_ends_its_move_by_itself() {
    // rule: fiw 13.1, 11.3
    let s = open_square(fiw::map::Terrain::Wilderness);
    let from = s.orthogonal().next().expect("a neighbour");
    let mut g = cleared(BRITISH);
    let u = put(&mut g, "br-line", from);
    set_out(&mut g, BRITISH, from, &[Piece::Unit(u)]);
    let mut going_on = g.clone();
    set_left(&mut going_on, 40);
    // The step costs its last points.
    let Some(Frame::Force(f)) = g.stack.last() else {
        panic!("a force moving")
    };
    let route = tables().map.land_route(from, s).expect("joined");
    let cost = g.step_cost(f, from, s, route).expect("land");
    set_left(&mut g, cost);
    act(&mut g, BRITISH, Action::Step(s));
    assert_eq!(g.units[u as usize].at(), Place::Sq(s));
    assert!(
        matches!(g.stack.last(), Some(Frame::Movement { seat: BRITISH, .. })),
        "the move ended: {:?}",
        g.stack.last()
    );
    assert!(legal(&g, BRITISH).contains(&Action::EndMovement));
    act(&mut going_on, BRITISH, Action::Step(s));
    assert!(moving(&going_on), "with points left it goes on");
    assert_eq!(g.view(Some(FRENCH)), going_on.view(Some(FRENCH)));
}

/// 11.3, 13.2: a force that could go on once it drops a heavy piece off
/// (the light one pays less) does not end its move by itself.
#[test]
fn a_force_that_could_go_on_after_a_drop_off_keeps_moving() {
    // rule: fiw 13.1, 11.3, 13.2
    let s = open_square(fiw::map::Terrain::Wilderness);
    let from = s.orthogonal().next().expect("a neighbour");
    let mut g = cleared(BRITISH);
    let line = put(&mut g, "br-line", from);
    let light = put(&mut g, "br-light", from);
    set_out(&mut g, BRITISH, from, &[Piece::Unit(line), Piece::Unit(light)]);
    act(&mut g, BRITISH, Action::Step(s));
    // One point: wilderness costs the pair 2, the light infantry alone 1.
    set_left(&mut g, 2);
    let v = legal(&g, BRITISH);
    assert!(!v.iter().any(|a| matches!(a, Action::Step(_))), "{v:?}");
    assert!(v.contains(&Action::Drop(Piece::Unit(line))));
    act(&mut g, BRITISH, Action::Drop(Piece::Unit(line)));
    assert!(moving(&g));
    assert!(legal(&g, BRITISH).iter().any(|a| matches!(a, Action::Step(_))));
    // Dropping the light one instead would leave nothing to pay with.
    let mut g2 = cleared(BRITISH);
    let line = put(&mut g2, "br-line", from);
    let light = put(&mut g2, "br-light", from);
    set_out(&mut g2, BRITISH, from, &[Piece::Unit(line), Piece::Unit(light)]);
    act(&mut g2, BRITISH, Action::Step(s));
    set_left(&mut g2, 2);
    act(&mut g2, BRITISH, Action::Drop(Piece::Unit(light)));
    assert!(!moving(&g2), "the line regiment alone can go no further");
}

/// 12.3: in a 4th phase a step that ends the move says that winter
/// attrition follows, as a halt does.
#[test]
fn a_last_step_in_a_fourth_phase_warns_of_winter_attrition() {
    // rule: fiw 12.3, 13.1
    let s = open_square(fiw::map::Terrain::Wilderness);
    let from = s.orthogonal().next().expect("a neighbour");
    let mut g = cleared(BRITISH);
    to_phase(&mut g, 4, BRITISH);
    let u = put(&mut g, "br-line", from);
    set_out(&mut g, BRITISH, from, &[Piece::Unit(u)]);
    set_left(&mut g, 40);
    assert_eq!(g.warning(Action::Step(s)), None, "points left after it");
    let Some(Frame::Force(f)) = g.stack.last() else {
        panic!("a force moving")
    };
    let route = tables().map.land_route(from, s).expect("joined");
    let cost = g.step_cost(f, from, s, route).expect("land");
    set_left(&mut g, cost);
    let w = g.warning(Action::Step(s)).expect("a warning");
    assert!(w.contains("winter attrition"), "{w}");
}
