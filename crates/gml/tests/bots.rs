//! What the bots value in a position (`Game::evaluate`): key spaces held
//! first, then nearness to those not yet held, then the units on the map.

mod common;

use common::{cleared, put, space};
use engine::prelude::*;
use gml::forces::{Kind, AMERICAN, BRITISH};
use gml::state::{Phase, Place};
use gml::tables::tables;

/// A space `d` steps from Ticonderoga.
fn steps_from_ticonderoga(d: u16) -> String {
    let map = &tables().map;
    let t = space("ticonderoga");
    let s = (0..map.spaces.len() as u16)
        .find(|&s| map.apart(s, t) == d && !map.get(s).boxed)
        .expect("a space that far");
    map.get(s).id.clone()
}

#[test]
fn a_conquering_side_values_standing_nearer_its_goals_and_holding_them_most() {
    let mut g = cleared("saratoga", Phase::Command(BRITISH));
    put(&mut g, AMERICAN, Kind::Continental, 1, "philadelphia");
    let far = steps_from_ticonderoga(4);
    let near = steps_from_ticonderoga(1);
    let redcoat = put(&mut g, BRITISH, Kind::British, 1, &far)[0];
    let at_far = g.evaluate(BRITISH);
    g.units.place(redcoat, Place::Space(space(&near)));
    let at_near = g.evaluate(BRITISH);
    assert!(
        at_near > at_far,
        "{near} next to Ticonderoga ({at_near}) over {far} ({at_far})"
    );
    // A step is worth more than the noise of a playout (docs/ai.md,
    // session 35: at 0.005 a step the search could not tell moves apart).
    let step = (at_near - at_far) / 3.0;
    assert!(step > 0.015, "a step nearer: {step}");
    g.units.place(redcoat, Place::Space(space("ticonderoga")));
    g.mark_control(space("ticonderoga"));
    let holding = g.evaluate(BRITISH);
    assert!(
        holding > at_near + step,
        "holding Ticonderoga ({holding}) over standing beside it ({at_near})"
    );
    // Units count whatever their place: an American unit more lowers the
    // British value.
    put(&mut g, AMERICAN, Kind::Continental, 1, "albany");
    assert!(g.evaluate(BRITISH) < holding);
}

#[test]
fn distances_between_spaces_are_the_steps_over_lines_and_crossings() {
    let map = &tables().map;
    let ny = space("new-york");
    let steps = map.steps(ny, |_| true);
    for s in 0..map.spaces.len() as u16 {
        assert_eq!(map.apart(ny, s), steps[s as usize]);
        assert_eq!(map.apart(s, ny), steps[s as usize], "lines join both ways");
    }
}
