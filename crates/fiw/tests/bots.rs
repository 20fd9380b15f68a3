//! What the bots value in a position (`Game::evaluate`): victory points
//! first, then nearness to the objectives a side does not hold.

mod common;

use common::{cleared, put, sq, BRITISH, FRENCH};
use engine::prelude::*;
use fiw::map::Sq;
use fiw::state::Place;
use fiw::tables::tables;

/// A land square with no place in it, `d` king's moves from Quebec.
fn from_quebec(g: &fiw::state::Fiw, d: u8) -> Sq {
    let q = sq("quebec");
    Sq::all()
        .find(|&s| {
            s.col.abs_diff(q.col).max(s.row.abs_diff(q.row)) == d
                && !g.terrain(s).is_water()
                && !tables().map.places.iter().any(|p| p.sq == s)
        })
        .expect("such a square")
}

#[test]
fn the_bots_value_marching_on_an_objective_and_taking_it_most() {
    let mut g = cleared(BRITISH);
    let garrison = put(&mut g, "fr-bearn", "quebec");
    let (five_off, beside) = (from_quebec(&g, 5), from_quebec(&g, 1));
    let redcoats = put(&mut g, "br-line", five_off);
    let far = g.evaluate(BRITISH);
    g.units.place(redcoats, Place::Sq(beside));
    let near = g.evaluate(BRITISH);
    assert!(near > far, "beside Quebec ({near}) over five squares off ({far})");
    assert!(
        (g.evaluate(FRENCH) - (1.0 - near)).abs() < 1e-9,
        "the French value it the other way"
    );
    g.units.place(garrison, Place::Pool);
    g.units.place(redcoats, Place::Sq(sq("quebec")));
    let taken = g.evaluate(BRITISH);
    assert!(
        taken > near + 0.05,
        "holding Quebec ({taken}) over standing beside it ({near})"
    );
}
