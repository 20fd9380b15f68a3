//! The reconstructed maps against what the rules say of them.

mod common;

use gml::map::{LineKind, Map, Region, Sheet, Terrain, ZoneKind};

fn map() -> Map {
    Map::embedded()
}

fn id(m: &Map, name: &str) -> u16 {
    m.space(name).unwrap_or_else(|| panic!("no space {name}"))
}

#[test]
fn both_maps_hold_every_place_the_scenarios_name() {
    // rule: gml 2.1
    // (the places 12.x names, on the maps 12.12, 12.22, 12.32, 12.42 use)
    let m = map();
    for name in gml::map::NAMED {
        assert!(m.space(name).is_some(), "{name}");
    }
    let sheet = |n: &str| m.get(id(&m, n)).sheet;
    for n in [
        "quebec",
        "montreal",
        "ticonderoga",
        "new-york",
        "philadelphia",
        "falmouth",
    ] {
        assert_eq!(sheet(n), Sheet::North, "{n}");
    }
    for n in ["savannah", "charleston", "camden", "hillsborough", "alexandria"] {
        assert_eq!(sheet(n), Sheet::South, "{n}");
    }
    // 12.15 and 12.25: the places to control are cities or forts of their regions.
    let region = |n: &str| m.region(m.get(id(&m, n)));
    assert_eq!(region("quebec"), Some(Region::Canada));
    assert_eq!(region("montreal"), Some(Region::Canada));
    assert_eq!(region("savannah"), Some(Region::South));
    assert_eq!(m.get(id(&m, "fort-stanwix")).terrain, Terrain::Fort);
    assert_eq!(m.get(id(&m, "ticonderoga")).terrain, Terrain::Fort);
}

#[test]
fn the_south_region_is_georgia_and_the_carolinas() {
    // The regions 9.1 rolls for, as 9.4's example makes up the South.
    let m = map();
    let south: Vec<&str> = m
        .states
        .iter()
        .filter(|s| s.region == Some(Region::South))
        .map(|s| s.id.as_str())
        .collect();
    for s in ["ga", "sc", "nc"] {
        assert!(south.contains(&s), "{south:?}");
    }
    // Every region has a city with victory points, so every Militia Table column can apply.
    for r in Region::ALL {
        assert!(m.spaces.iter().any(|s| s.vp > 0 && m.region(s) == Some(r)), "{r:?}");
    }
    // The off-map boxes belong to no region (9.1 counts British presence in a region).
    for s in m.spaces.iter().filter(|s| s.boxed) {
        assert_eq!(m.region(s), None, "{}", s.id);
    }
}

#[test]
fn communication_lines_cost_what_the_terrain_effects_table_says() {
    // rule: gml 6.16
    // (and 6.19's crossings, whose movement comes with the rules)
    assert_eq!(LineKind::TollRoad.half_points(), Some(1));
    assert_eq!(LineKind::Road.half_points(), Some(2));
    assert_eq!(LineKind::Trail.half_points(), Some(4));
    assert_eq!(LineKind::River.half_points(), Some(2));
    assert_eq!(
        LineKind::Crossing.half_points(),
        None,
        "a crossing takes the whole allowance"
    );
    let m = map();
    for kind in [LineKind::Road, LineKind::Trail, LineKind::River, LineKind::Crossing] {
        assert!(m.lines.iter().any(|l| l.kind == kind), "the maps have a {kind:?}");
    }
    // A crossing joins contiguous spaces but is not a line: counted steps over
    // lines only never use one (ruling gml #29).
    let c = m.lines.iter().find(|l| l.kind == LineKind::Crossing).unwrap();
    let by_line = m.steps(c.a, LineKind::is_line);
    let any = m.steps(c.a, |_| true);
    assert_eq!(any[c.b as usize], 1);
    assert!(
        by_line[c.b as usize] > 1,
        "{} and {} are joined only across the river",
        m.get(c.a).id,
        m.get(c.b).id
    );
    // Lines go both ways.
    assert_eq!(m.between(c.a, c.b), m.between(c.b, c.a));
}

#[test]
fn the_scenarios_set_ups_have_room() {
    // The geometry the set-ups of 12.13, 12.23, 12.33, 12.43 need (the set-ups come with the rules).
    let m = map();
    let north_of = |a: u16, b: u16| m.get(b).lat > m.get(a).lat;
    // 12.13 "1 space north of Ticonderoga".
    let ti = id(&m, "ticonderoga");
    assert!(m.neighbours(ti).iter().any(|&(n, k)| k.is_line() && north_of(ti, n)));
    // 12.23 "1 space south of West Point in NJ".
    let wp = id(&m, "west-point");
    assert!(m
        .neighbours(wp)
        .iter()
        .any(|&(n, k)| k.is_line() && north_of(n, wp) && m.state(m.get(n)).id == "nj"));
    // 12.33 "any space adjacent to Georgetown"; "any space of the South Carolina swamp".
    assert!(!m.neighbours(id(&m, "georgetown")).is_empty());
    let swamps = m
        .spaces
        .iter()
        .filter(|s| s.terrain == Terrain::Swamp && m.state(s).id == "sc")
        .count();
    assert!(swamps >= 2, "{swamps} swamp spaces in South Carolina");
    // 12.43 "within 2 connected spaces of Ninety-Six": more than the town itself.
    let near = m.steps(id(&m, "ninety-six"), LineKind::is_line);
    assert!(near.iter().filter(|&&d| d <= 2).count() >= 4);
}

#[test]
fn ships_sail_as_seven_one_says() {
    // The zones 7.1's naval movement needs (its movement comes with the rules).
    let m = map();
    let zone = |n: &str| {
        m.zones
            .iter()
            .position(|z| z.id == n)
            .unwrap_or_else(|| panic!("no zone {n}")) as u16
    };
    let linked = |a: u16, b: u16| {
        m.zone_links
            .iter()
            .any(|&(x, y, _)| (x, y) == (a, b) || (x, y) == (b, a))
    };
    let (z1, halifax) = (zone("zone-1"), zone("halifax-zone"));
    let (lower, upper) = (zone("st-lawrence-lower"), zone("st-lawrence-upper"));
    let (ontario, erie) = (zone("lake-ontario"), zone("lake-erie"));
    assert!(
        !linked(z1, lower) && !linked(z1, upper),
        "zone 1 reaches the St. Lawrence only through Halifax's"
    );
    assert!(linked(z1, halifax) && linked(halifax, lower) && linked(lower, upper));
    assert!(m.zone_links.iter().any(
        |&(a, b, _)| (a == ontario || b == ontario) && m.zones[(a + b - ontario) as usize].kind == ZoneKind::River
    ));
    assert!(
        !m.zone_links.iter().any(|&(a, b, _)| a == erie || b == erie),
        "no ship reaches Lake Erie"
    );
    // Ruling gml #75: a zone is on its ports' map, and a one-map scenario
    // sails there only.
    for (z, sheet) in [
        ("zone-4", Sheet::North),
        ("chesapeake", Sheet::South),
        ("zone-5", Sheet::South),
    ] {
        assert_eq!(m.zones[zone(z) as usize].sheet, sheet, "{z}");
    }
    // 12.15: Quebec and Montreal are ports on the St. Lawrence.
    for city in ["quebec", "montreal"] {
        let port = m.get(id(&m, city)).port.expect("a port");
        assert!([lower, upper].contains(&port), "{city}");
    }
}

#[test]
fn the_drawing_puts_every_space_on_the_sheet() {
    // rule: gml 2.1, 7.1
    let m = map();
    let d = gml::drawing::drawing(&m);
    d.check().unwrap();
    // GML_DRAWING=PATH writes it out, to look at in a browser before the title is in the catalog.
    if let Some(path) = std::env::var_os("GML_DRAWING") {
        std::fs::write(path, serde_json::to_string(&d).unwrap()).unwrap();
    }
    // 7.1 the maritime zones are drawn as spaces, with their sea lanes and
    // a lane from each port.
    assert_eq!(d.spaces.len(), m.spaces.len() + m.zones.len());
    let ports = m.spaces.iter().filter(|s| s.port.is_some()).count();
    assert_eq!(d.links.len(), m.lines.len() + m.zone_links.len() + ports);
    let lane = |a: &str, b: &str| d.links.iter().any(|l| l.a == a && l.b == b && l.kinds == ["sea"]);
    assert!(lane("zone-1", "halifax-zone") && lane("new-york", "zone-3"));
    let b = d.bounds;
    assert!(d
        .spaces
        .iter()
        .all(|s| (b.x0..=b.x1).contains(&s.x) && (b.y0..=b.y1).contains(&s.y)));
    assert!(
        d.geography.as_ref().is_some_and(|g| !g.land.is_empty()),
        "the coastline under the maps"
    );
    // North up: Quebec is drawn above Savannah.
    let y = |n: &str| d.space(n).unwrap().y;
    assert!(y("quebec") < y("savannah"));
}

#[test]
fn a_bad_override_names_its_fault() {
    // A line to a space that does not exist, and a map without Quebec.
    let dir = common::DataDir::new("map");
    let e = Map::read(Some(dir.write("lines.tsv", "a\tb\tkind\nboston\tnowhere\troad\n")))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("lines.tsv line 2, column 'b'") && e.contains("nowhere"),
        "{e}"
    );
    let spaces = include_str!("../data/spaces.tsv");
    let without: String = spaces
        .lines()
        .filter(|l| !l.starts_with("quebec\t"))
        .map(|l| format!("{l}\n"))
        .collect();
    dir.remove("lines.tsv");
    let e = Map::read(Some(dir.write("spaces.tsv", &without)))
        .unwrap_err()
        .to_string();
    assert!(e.contains("quebec"), "{e}");
    // A zone with ports on both maps belongs to neither (ruling gml #75).
    let straddling: String = spaces
        .lines()
        .map(|l| match l.starts_with("edenton\t") {
            true => format!("{}\n", l.replace("\tzone-5\t", "\tzone-4\t")),
            false => format!("{l}\n"),
        })
        .collect();
    let e = Map::read(Some(dir.write("spaces.tsv", &straddling)))
        .unwrap_err()
        .to_string();
    assert!(e.contains("zone-4") && e.contains("both maps"), "{e}");
}
