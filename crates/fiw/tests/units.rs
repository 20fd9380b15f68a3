//! The lists of counters by place agree with where each counter is, in
//! id order, through any sequence of moves and a save and load.

use fiw::map::Sq;
use fiw::state::{Base, Place, Unit, UnitId, Units};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn place(rng: &mut ChaCha8Rng) -> Place {
    match rng.gen_range(0..8) {
        0 => Place::Pool,
        1 => Place::Prisoner,
        2 => Place::Gone,
        3 => Place::Base([Base::Britain, Base::France, Base::WestIndies][rng.gen_range(0..3)]),
        // A few squares, so that lists grow long and short.
        _ => Place::Sq(Sq::from_index(rng.gen_range(0..4) * 97)),
    }
}

/// What a scan of every counter says is in `at`.
fn scanned(units: &Units, at: Place) -> Vec<UnitId> {
    (0..units.len() as UnitId)
        .filter(|&u| units[u as usize].at() == at)
        .collect()
}

#[test]
fn the_lists_follow_every_move() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut units = Units::new((0..60).map(Unit::new).collect());
    let places: Vec<Place> = (0..200).map(|_| place(&mut rng)).collect();
    for step in 0..5000 {
        let u = rng.gen_range(0..60);
        let to = places[step % places.len()];
        units.place(u, to);
        assert_eq!(units[u as usize].at(), to);
        if step % 50 == 0 {
            units.check().unwrap();
            for &at in &places {
                assert_eq!(units.in_place(at).collect::<Vec<_>>(), scanned(&units, at), "{at:?}");
            }
            let squares: Vec<Sq> = fiw::units::squares(&units).collect();
            let mut expected: Vec<Sq> = (0..60)
                .filter_map(|u| match units[u].at() {
                    Place::Sq(sq) => Some(sq),
                    _ => None,
                })
                .collect();
            expected.sort_by_key(|s| s.index());
            expected.dedup();
            assert_eq!(squares, expected);
        }
    }
    // A save and load rebuilds the lists.
    let text = serde_json::to_string(&units).unwrap();
    let back: Units = serde_json::from_str(&text).unwrap();
    back.check().unwrap();
    for &at in &places {
        assert_eq!(back.in_place(at).collect::<Vec<_>>(), scanned(&units, at));
    }
}

#[test]
fn a_counter_replaced_behind_the_lists_breaks_the_invariant() {
    let mut units = Units::new((0..4).map(Unit::new).collect());
    units.place(2, Place::Sq(Sq::from_index(5)));
    units.check().unwrap();
    // Editing a counter's other fields is fine; replacing it is not.
    units[2].moved = true;
    units.check().unwrap();
    units[2] = Unit::new(0);
    assert!(units.check().is_err());
}
