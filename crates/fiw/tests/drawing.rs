//! The map as the browser draws it (`fiw::drawing`) against the map and
//! what the rules say of it.

use engine::drawing::{Geometry, MarkerShape, PieceStyle};
use engine::Drawing;
use fiw::drawing::{boxes, centre, drawing, point, COLONY_BORDER, UNIT};
use fiw::map::{Colony, LinkKind, Map, Sq, Terrain, COLUMNS, ROWS};
use std::collections::HashSet;

fn both() -> (Map, Drawing) {
    let m = Map::embedded();
    let d = drawing(&m);
    (m, d)
}

fn sq_of(m: &Map, name: &str) -> Sq {
    m.place(name).unwrap_or_else(|| panic!("no place {name}")).sq
}

fn kinds(d: &Drawing, a: Sq, b: Sq) -> Vec<&str> {
    let (a, b) = (a.to_string(), b.to_string());
    d.links
        .iter()
        .filter(|l| (l.a == a && l.b == b) || (l.a == b && l.b == a))
        .flat_map(|l| l.kinds.iter().map(String::as_str))
        .collect()
}

const BOXES: [&str; 5] = ["britain", "france", "leaders", "prisoners", "west-indies"];

#[test]
fn the_drawing_holds_every_square_once_and_the_boxes() {
    // rule: fiw 2.1, 2.5, 2.15
    let (_, d) = both();
    d.check().unwrap();
    assert_eq!(d.geometry, Geometry::Square);
    assert_eq!(d.pieces, PieceStyle::Block);
    assert_eq!(d.unit, 150.0);
    let squares: Vec<&str> = d.spaces.iter().filter(|s| !s.boxed).map(|s| s.id.as_str()).collect();
    assert_eq!(squares.len(), 506);
    let all: Vec<String> = Sq::all().map(|s| s.to_string()).collect();
    assert_eq!(squares, all.iter().map(String::as_str).collect::<Vec<_>>());
    let boxed: HashSet<&str> = d.spaces.iter().filter(|s| s.boxed).map(|s| s.id.as_str()).collect();
    assert_eq!(boxed, BOXES.into_iter().collect());
    assert_eq!(d.spaces.len(), 506 + BOXES.len());
    // The bounds hold every square and box with room to spare.
    let b = d.bounds;
    for s in &d.spaces {
        let (hw, hh) = if s.boxed {
            (1.2 * UNIT, 0.7 * UNIT)
        } else {
            (UNIT / 2.0, UNIT / 2.0)
        };
        assert!(
            b.x0 < s.x - hw && s.x + hw < b.x1 && b.y0 < s.y - hh && s.y + hh < b.y1,
            "{} outside {b:?}",
            s.id
        );
    }
}

#[test]
fn squares_lie_on_the_grid_with_the_coastline_right_under_them() {
    // rule: fiw 2.1, 2.5
    let (m, d) = both();
    for sq in Sq::all() {
        let s = d.space(&sq.to_string()).unwrap();
        assert_eq!((s.x, s.y), centre(sq));
        // Every orthogonal neighbour one side (150 km) away, east or south.
        for n in sq.orthogonal() {
            let (x, y) = centre(n);
            assert_eq!((x - s.x).abs() + (y - s.y).abs(), UNIT, "{sq}-{n}");
        }
    }
    assert_eq!(centre(Sq::parse("0101").unwrap()), (75.0, 75.0));
    assert_eq!(
        centre(Sq::parse("2223").unwrap()),
        ((f64::from(COLUMNS) - 0.5) * UNIT, (f64::from(ROWS) - 0.5) * UNIT)
    );
    // A place's true position, in the drawing's frame, falls in its square.
    for p in &m.places {
        let (x, y) = point(p.lat, p.lon);
        let (cx, cy) = centre(p.sq);
        assert!(
            (x - cx).abs() < UNIT / 2.0 && (y - cy).abs() < UNIT / 2.0,
            "{} drawn at ({x:.0}, {y:.0}), not in {}",
            p.id,
            p.sq
        );
    }
    // And the coastline passes by the seaports, not by an inland fort.
    let geo = d.geography.as_ref().expect("the coastline");
    let coast: Vec<(f64, f64)> = geo
        .coast
        .iter()
        .flat_map(|path| {
            let nums: Vec<f64> = path
                .split(|c: char| c.is_ascii_alphabetic() || c.is_whitespace() || c == ',')
                .filter(|t| !t.is_empty())
                .map(|t| t.parse().unwrap())
                .collect();
            nums.chunks(2).map(|c| (c[0], c[1])).collect::<Vec<_>>()
        })
        .collect();
    let to_coast = |name: &str| {
        let p = m.place(name).unwrap();
        let (x, y) = point(p.lat, p.lon);
        coast
            .iter()
            .map(|&(a, b)| (a - x).hypot(b - y))
            .fold(f64::MAX, f64::min)
    };
    for port in ["Boston", "Quebec", "Charleston", "New York City", "Halifax"] {
        assert!(
            to_coast(port) < 15.0,
            "{port} is {:.0} km off the coast",
            to_coast(port)
        );
    }
    assert!(to_coast("Fort Duquesne") > 100.0);
}

#[test]
fn places_give_their_squares_names_features_and_words() {
    // rule: fiw 10.1, 16.0, 23.0, 25.2, 14.4, 20.33, 9.1
    let (m, d) = both();
    let at = |name: &str| d.space(&sq_of(&m, name).to_string()).unwrap();
    let quebec = at("Quebec");
    for f in [
        "city",
        "capital",
        "fortress",
        "village",
        "settlement",
        "port",
        "trading",
        "manufacturing",
    ] {
        assert!(
            quebec.features.iter().any(|x| x == f),
            "Quebec lacks {f}: {:?}",
            quebec.features
        );
    }
    assert_eq!(quebec.name, "Quebec / Lorette");
    assert_eq!(quebec.label, Some(0));
    assert!(quebec.detail.contains("capital of New France"), "{}", quebec.detail);
    assert!(quebec.detail.contains("Huron"), "{}", quebec.detail);
    let duquesne = at("Fort Duquesne");
    assert!(duquesne.features.iter().any(|f| f == "fort"), "{:?}", duquesne.features);
    assert!(!duquesne.features.iter().any(|f| f == "fortress" || f == "town"));
    assert!(duquesne.name.contains("Fort Duquesne"));
    assert!(duquesne.detail.contains("disputed"), "{}", duquesne.detail);
    // A town is not a city; a square without places has no name printed.
    let carlisle = at("Carlisle");
    assert!(carlisle.features.iter().any(|f| f == "town") && !carlisle.features.iter().any(|f| f == "city"));
    assert!(carlisle.label > quebec.label);
    for s in &m.squares {
        let space = d.space(&s.sq.to_string()).unwrap();
        assert_eq!(space.terrain, s.terrain.id());
        let places = m.places_in(s.sq).count();
        assert_eq!(space.label.is_some(), places > 0, "{}", s.sq);
        if places == 0 {
            assert_eq!(space.name, format!("square {}", s.sq));
        }
        assert_eq!(space.features.iter().any(|f| f == "port"), s.port, "{}", s.sq);
        assert_eq!(
            space.features.iter().any(|f| f == "settlement"),
            s.terrain == Terrain::Settled
        );
        assert_eq!(space.features.iter().any(|f| f == "village"), m.village(s.sq).is_some());
        if let Some(c) = s.colony.filter(|&c| c != Colony::Disputed) {
            assert!(space.detail.contains(c.name()), "{}", space.detail);
        }
    }
}

#[test]
fn colony_borders_run_along_the_sides_between_two_colonies() {
    // rule: fiw 2.13, 2.11, 5.4
    let (m, d) = both();
    let sq = |id: &str| Sq::parse(id).unwrap();
    // Pennsylvania (Philadelphia) and New Jersey (Perth Amboy), Pennsylvania
    // and Delaware (Newcastle), New France (Presque Isle) and disputed land.
    for (a, b) in [("1111", "1211"), ("1111", "1112"), ("0810", "0811")] {
        assert_ne!(m.colony(sq(a)), m.colony(sq(b)));
        assert!(kinds(&d, sq(a), sq(b)).contains(&COLONY_BORDER), "{a}-{b}");
    }
    let mut expected = 0;
    for a in Sq::all() {
        for b in a.orthogonal().filter(|&b| a < b) {
            let (ca, cb) = (m.colony(a), m.colony(b));
            if ca.is_some() && cb.is_some() && ca != cb {
                expected += 1;
            }
        }
    }
    let borders: Vec<_> = d
        .links
        .iter()
        .filter(|l| l.kinds.iter().any(|k| k == COLONY_BORDER))
        .collect();
    assert_eq!(borders.len(), expected);
    for l in borders {
        let (a, b) = (sq(&l.a), sq(&l.b));
        assert!(a.orthogonal().any(|n| n == b), "{a}-{b} share no side");
        assert!(
            m.colony(a).is_some() && m.colony(b).is_some(),
            "{a}-{b}: a coast is no border"
        );
        assert_ne!(m.colony(a), m.colony(b), "{a}-{b} in one colony");
    }
    // None inside a colony: New York's squares, Boston's and the sea.
    assert!(!kinds(&d, sq("1109"), sq("1110")).contains(&COLONY_BORDER));
    assert!(!kinds(&d, sq("2109"), sq("2110")).contains(&COLONY_BORDER));
}

#[test]
fn every_road_river_trail_and_water_side_is_drawn() {
    // rule: fiw 13.5, 13.51, 13.52, 13.53, 13.71
    let (m, d) = both();
    let mut river_steps = HashSet::new();
    for line in &d.lines {
        assert_eq!(line.kind, "river");
        assert!(!line.name.is_empty());
        for w in line.points.windows(2) {
            let key = |p: [f64; 2]| {
                Sq::all()
                    .find(|&s| centre(s) == (p[0], p[1]))
                    .expect("a square's centre")
            };
            let (a, b) = (key(w[0]), key(w[1]));
            assert!(river_steps.insert(if a < b { (a, b) } else { (b, a) }), "{a}-{b} twice");
        }
    }
    let rivers = m.links.iter().filter(|l| l.kind == LinkKind::River).count();
    assert_eq!(river_steps.len(), rivers);
    for l in &m.links {
        match l.kind {
            LinkKind::River => {
                let key = if l.a < l.b { (l.a, l.b) } else { (l.b, l.a) };
                assert!(river_steps.contains(&key), "river {}-{}", l.a, l.b);
                assert!(
                    !kinds(&d, l.a, l.b).contains(&"river"),
                    "river {}-{} also on the side",
                    l.a,
                    l.b
                );
            }
            k => assert!(kinds(&d, l.a, l.b).contains(&k.id()), "{} {}-{}", k.id(), l.a, l.b),
        }
    }
    // The Mississippi by name; a trail across a vertex is a link too.
    assert!(d.lines.iter().any(|l| l.name == "Mississippi"));
    let diagonal_trail = m
        .links
        .iter()
        .find(|l| l.kind == LinkKind::Trail && l.a.diagonal().any(|n| n == l.b))
        .expect("the data hold a trail across a vertex");
    assert_eq!(kinds(&d, diagonal_trail.a, diagonal_trail.b), ["trail"]);
}

#[test]
fn the_holding_boxes_stand_beside_the_map() {
    // rule: fiw 2.15, 21.0, 21.11, 21.12
    // ruling: fiw #21 (the French West Indies, entered from the south or east edge)
    let (_, d) = both();
    let east = f64::from(COLUMNS) * UNIT;
    let south = f64::from(ROWS) * UNIT;
    let rect = |id: &str| {
        let s = d.space(id).unwrap();
        assert!(s.boxed && s.label.is_some(), "{id}");
        (s.x - 1.2 * UNIT, s.y - 0.7 * UNIT, s.x + 1.2 * UNIT, s.y + 0.7 * UNIT)
    };
    for id in BOXES {
        let (x0, _, _, y1) = rect(id);
        assert!(x0 > east, "{id} overlaps the squares");
        assert!(y1 <= south, "{id} below the map");
        for other in BOXES.into_iter().filter(|&o| o != id) {
            let (a, b) = (rect(id), rect(other));
            assert!(
                a.2 <= b.0 || b.2 <= a.0 || a.3 <= b.1 || b.3 <= a.1,
                "{id} overlaps {other}"
            );
        }
    }
    let y = |id: &str| d.space(id).unwrap().y;
    assert!(y("britain") < y("france") && y("france") < y("west-indies"));
    assert!(
        y("west-indies") > south - UNIT,
        "the West Indies at the south-east corner"
    );
    assert_eq!(d.space("britain").unwrap().name, "British Home Base");
    assert_eq!(d.space("france").unwrap().name, "French Home Base");
    assert_eq!(boxes().len(), BOXES.len());
}

#[test]
fn the_key_lists_the_markers_the_game_puts_on_the_board() {
    // rule: fiw 2.34, 22.0, 23.2, 31.0, 2.35
    let (_, d) = both();
    for (kind, rule) in [
        ("fort", "22.0"),
        ("fortress", "22.0"),
        ("magazine", "22.0"),
        ("trail", "22.2"),
        ("massacre", "31.0"),
        ("siege", "23.2"),
        ("control", "2.35"),
    ] {
        let k = d
            .key
            .iter()
            .find(|k| k.kind == kind)
            .unwrap_or_else(|| panic!("no {kind}"));
        assert!(k.rule.contains(rule), "{kind}: {}", k.rule);
        assert!(!k.text.is_empty() && !k.name.is_empty());
        assert!(k.symbol.chars().count() <= 3);
        assert_eq!(k.shape == MarkerShape::Ring, kind == "control");
    }
    // Markers of no side carry their own colour (the chip's text is white).
    for kind in ["massacre", "siege"] {
        assert!(!d.key.iter().find(|k| k.kind == kind).unwrap().colour.is_empty());
    }
}

#[test]
fn labels_name_each_colony_on_its_land_and_the_great_waters() {
    // rule: fiw 2.11, 5.4, 20.1, 20.2
    let (m, d) = both();
    let square_at = |x: f64, y: f64| Sq::new((x / UNIT) as u8 + 1, (y / UNIT) as u8 + 1).unwrap();
    for c in Colony::ALL.into_iter().filter(|&c| c != Colony::Disputed) {
        let labels: Vec<_> = d.labels.iter().filter(|l| l.text == c.name()).collect();
        assert_eq!(labels.len(), 1, "{}", c.name());
        assert_eq!(m.colony(square_at(labels[0].x, labels[0].y)), Some(c), "{}", c.name());
    }
    for l in d.labels.iter().filter(|l| l.text == "Disputed") {
        assert_eq!(m.colony(square_at(l.x, l.y)), Some(Colony::Disputed));
    }
    for water in [
        "Atlantic",
        "Gulf of Mexico",
        "Lake Superior",
        "Lake Michigan",
        "Lake Huron",
        "Lake Erie",
        "Lake Ontario",
    ] {
        let l = d
            .labels
            .iter()
            .find(|l| l.text == water)
            .unwrap_or_else(|| panic!("no {water}"));
        let s = m.square(square_at(l.x, l.y));
        assert!(
            s.waters.iter().any(|w| fiw::drawing::water_name(*w) == water),
            "{water} labelled in {}",
            s.sq
        );
    }
}

#[test]
fn the_drawing_round_trips_through_json() {
    // rule: fiw 2.1
    let (_, d) = both();
    let json = serde_json::to_string(&d).unwrap();
    let back: Drawing = serde_json::from_str(&json).unwrap();
    assert_eq!(back, d);
    back.check().unwrap();
    assert!(json.contains("\"geometry\":\"square\""));
}
