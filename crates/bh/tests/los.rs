//! 7.2 Line of Sight: the stored table is what `los::compute` makes of the
//! map, and it agrees with every example of 7.2.

use bh::los;
use bh::map::{self, Map};

fn fresh() -> (Map, String) {
    let m = Map::read_without_sight(None).unwrap();
    let t = los::compute(&m);
    let text = los::to_tsv(&m, &t);
    (m, text)
}

// rule: bh 7.2
#[test]
fn stored_table_is_the_computed_one() {
    let (_, text) = fresh();
    if std::env::var("BH_WRITE_LOS").is_ok() {
        std::fs::write(concat!(env!("CARGO_MANIFEST_DIR"), "/data/los.tsv"), &text).unwrap();
    }
    assert_eq!(
        text,
        map::LOS_TSV,
        "data/los.tsv is stale: run BH_WRITE_LOS=1 cargo test -p bh --test los"
    );
}

use bh::state::{Unit, BRITISH};
use bh::Bh;
use engine::prelude::*;

fn sandbox() -> Bh {
    Bh::sandbox("standard", BRITISH)
}

// rule: bh 7.2
#[test]
fn redoubt_cannot_see_staging_area_6_behind_the_ridge_and_back() {
    let m = Map::get();
    let (redoubt, s6, ridge) = (m.r("breeds-redoubt"), m.r("mill-field"), m.r("ridge-west"));
    assert_eq!(m.zone_of_staging(s6).map(|z| z.number), Some(6));
    for (a, b) in [(redoubt, s6), (s6, redoubt)] {
        let line = m.sight(a, b).unwrap();
        assert!(line.blocked, "the blind region hides {} from {}", m.id(b), m.id(a));
        assert!(line.through.contains(&ridge));
    }
    assert_eq!(m.area(ridge).elevation, 1);
    assert!(m.adjacent(ridge, s6) && !m.adjacent(ridge, redoubt));
    let g = sandbox();
    assert!(!g.sees(redoubt, s6) && !g.sees(s6, redoubt));
}

// rule: bh 7.2
#[test]
fn elevation_0_region_beyond_the_blind_one_is_seen_from_a_hilltop() {
    // 7.2: "there would be LOS to and from an Elevation 0 region that was two
    // regions beyond the ridge": a lower region not immediately behind the
    // intervening ridge or slope is seen.
    let m = Map::get();
    let found = m.land().any(|a| {
        m.land().any(|b| {
            let Some(l) = m.sight(a, b) else { return false };
            m.area(a).elevation == 2
                && m.area(b).elevation == 0
                && !l.blocked
                && l.through
                    .iter()
                    .any(|&r| m.area(r).elevation == 1 && !m.adjacent(r, a) && !m.adjacent(r, b))
        })
    });
    assert!(found, "some hilltop sees past a ridge to a region not right behind it");
}

// rule: bh 7.2
#[test]
fn adjacent_regions_always_see_each_other() {
    let m = Map::get();
    let g = sandbox();
    for a in m.land() {
        for &b in m.neighbours(a) {
            if m.area(b).is_land() {
                assert!(g.sees(a, b), "{} - {}", m.id(a), m.id(b));
            }
        }
    }
}

fn pairs(m: &Map, f: impl Fn(u8, u8, &map::Sight) -> bool) -> Vec<(u8, u8)> {
    let mut v = Vec::new();
    for a in m.land() {
        for b in m.land() {
            if let Some(l) = m.sight(a, b) {
                if !m.adjacent(a, b) && f(a, b, l) {
                    v.push((a, b));
                }
            }
        }
    }
    v
}

// rule: bh 7.2
#[test]
fn same_elevation_lines_are_blocked_by_units_but_not_by_leaders_alone() {
    let m = Map::get();
    let e = |r: u8| m.area(r).elevation;
    let list = pairs(m, |a, b, l| {
        e(a) == 0 && e(b) == 0 && !l.blocked && !l.through.is_empty()
    });
    let &(a, b) = list.first().expect("an open ground line");
    let mid = m.id(m.sight(a, b).unwrap().through[0]).to_string();
    let mut g = sandbox();
    assert!(g.sees(a, b));
    let l = g.put(Unit::Leader, BRITISH, &mid);
    assert!(g.sees(a, b), "a leader alone does not block");
    g.pieces[l as usize].loc = bh::state::WAITING;
    g.put(Unit::Regular, BRITISH, &mid);
    assert!(
        !g.sees(a, b),
        "military units block a same-elevation line (ruling bh #23)"
    );
}

// rule: bh 7.2
#[test]
fn elevation_1_fires_over_units_and_hilltops_over_lower_units() {
    let m = Map::get();
    let e = |r: u8| m.area(r).elevation;
    let list = pairs(m, |a, b, l| {
        e(a) == 1 && e(b) == 0 && !l.blocked && l.through.iter().any(|&r| e(r) == 0)
    });
    let &(a, b) = list.first().expect("a slope-to-ground line over ground");
    let mid = m
        .sight(a, b)
        .unwrap()
        .through
        .iter()
        .copied()
        .find(|&r| e(r) == 0)
        .unwrap();
    let mut g = sandbox();
    g.put(Unit::Regular, BRITISH, m.id(mid));
    assert!(g.sees(a, b) && g.sees(b, a));
    let (top1, top2, slope) = (m.r("bunker-center"), m.r("breeds-redoubt"), m.r("breeds-slope-north"));
    assert!(m.sight(top1, top2).unwrap().through.contains(&slope));
    g.put(Unit::Regular, BRITISH, "breeds-slope-north");
    assert!(g.sees(top1, top2), "hilltops see over units on lower ground");
}

// rule: bh 7.2
#[test]
fn elevation_2_between_lower_regions_and_towns_in_the_way_block() {
    let m = Map::get();
    let e = |r: u8| m.area(r).elevation;
    assert!(!pairs(m, |a, b, l| e(a) < 2
        && e(b) < 2
        && l.through.iter().any(|&r| e(r) == 2))
    .is_empty());
    for (a, b) in pairs(m, |a, b, l| {
        e(a) < 2 && e(b) < 2 && l.through.iter().any(|&r| e(r) == 2)
    }) {
        assert!(m.sight(a, b).unwrap().blocked);
    }
    let towns = pairs(m, |_, _, l| l.through.iter().any(|&r| m.is_town(r)));
    assert!(!towns.is_empty());
    for (a, b) in towns {
        assert!(
            m.sight(a, b).unwrap().blocked,
            "units fire into but not through towns (ruling bh #6)"
        );
    }
}

/// The browser's drawing spreads the land evenly and leaves the geometry alone.
#[test]
fn drawing_spreads_the_land_evenly() {
    let m = Map::get();
    let drawing = Bh::drawing().expect("bh has a map");
    let pos = |id: &str| {
        let s = drawing.space(id).unwrap();
        (s.x, s.y)
    };
    let mut d = Vec::new();
    for a in m.regions() {
        for &b in m.neighbours(a) {
            if m.area(a).is_land() && m.area(b).is_land() {
                let (p, q) = (pos(m.id(a)), pos(m.id(b)));
                d.push(((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2)).sqrt());
            }
        }
    }
    let (lo, hi) = d.iter().fold((f64::MAX, 0f64), |(l, h), &x| (l.min(x), h.max(x)));
    assert!(hi / lo < 2.5, "neighbour distances {lo}..{hi}");
    // The arrangement: the Neck north-west of Breed's, the town south of it, Moulton's Point east.
    let (neck, breeds, town, point) = (
        pos("neck"),
        pos("breeds-redoubt"),
        pos("town-square"),
        pos("point-shore"),
    );
    assert!(neck.0 < breeds.0 && neck.1 < breeds.1 && town.1 > breeds.1 && point.0 > breeds.0);
    // Line of sight still uses the geographic centres.
    let redoubt = m.area(m.r("breeds-redoubt"));
    assert_ne!((redoubt.x, redoubt.y), redoubt.draw);
}
