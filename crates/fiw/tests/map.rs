//! The reconstructed map against what the rules say of it.

use fiw::map::{Colony, LinkKind, Map, Navy, Route, Settlement, Sq, Terrain, Water, Works, COLUMNS, ROWS};
use std::collections::HashSet;

fn map() -> Map {
    Map::embedded()
}

fn sq_of(m: &Map, name: &str) -> Sq {
    m.place(name).unwrap_or_else(|| panic!("no place {name}")).sq
}

#[test]
fn every_place_the_scenarios_name_is_in_the_colony_they_imply() {
    // rule: fiw 35.1, 35.2, 35.3, 29.1
    // (set-ups, "French cities, towns, forts in New France", victory cities)
    let m = map();
    let expect: &[(&str, Colony)] = &[
        ("Quebec", Colony::NewFrance),
        ("Montréal", Colony::NewFrance),
        ("Trois Rivieres", Colony::NewFrance),
        ("St. Jeans", Colony::NewFrance),
        ("Louisbourg", Colony::NewFrance),
        ("Ticonderoga", Colony::NewFrance),
        ("Fort Frontenac", Colony::NewFrance),
        ("Fort Niagara", Colony::NewFrance),
        ("Fort Detroit", Colony::NewFrance),
        ("Fort Gaspereau", Colony::NewFrance),
        ("Fort Vincennes", Colony::Louisiana),
        ("New Orleans", Colony::Louisiana),
        ("Mobile", Colony::Louisiana),
        ("St. Augustine", Colony::Florida),
        ("San Marcos", Colony::Florida),
        ("Pensacola", Colony::Florida),
        ("Halifax", Colony::NovaScotia),
        ("Oswego", Colony::NewYork),
        ("Fort Oswego", Colony::NewYork),
        ("Fort William Henry", Colony::NewYork),
        ("Fort Saratoga (William Henry)", Colony::NewYork),
        ("Fort Schuyler", Colony::NewYork),
        ("New York City", Colony::NewYork),
        ("Carlisle", Colony::Pennsylvania),
        ("Fort Duquesne", Colony::Disputed),
    ];
    for &(name, colony) in expect {
        assert_eq!(m.colony(sq_of(&m, name)), Some(colony), "{name}");
    }
    for name in fiw::map::NAMED {
        assert!(m.place(name).is_some(), "{name}");
    }
    // 35.2: Fort William Henry (British) and Ticonderoga (French) face each other.
    assert_ne!(sq_of(&m, "Fort William Henry"), sq_of(&m, "Ticonderoga"));
    // 14.32's example: Trois Rivieres, Quebec and Montreal are three cities.
    let cities: HashSet<Sq> = ["Quebec", "Montreal", "Trois Rivieres"].map(|n| sq_of(&m, n)).into();
    assert_eq!(cities.len(), 3);
    for sq in cities {
        assert_eq!(m.settlement(sq), Some(Settlement::City));
    }
    // 35.x "Fort X" and "Louisbourg": fortifications to hold and besiege (23.0).
    for name in [
        "Fort Duquesne",
        "Fort Niagara",
        "Fort Frontenac",
        "Ticonderoga",
        "Fort Oswego",
        "Fort Schuyler",
    ] {
        assert!(m.works(sq_of(&m, name)).is_some(), "{name}");
    }
    assert_eq!(m.works(sq_of(&m, "Louisbourg")), Some(Works::Fortress));
    // 35.x: at least one Indian village in New France for Picquet.
    assert!(m.squares_of(Colony::NewFrance).any(|s| m.village(s).is_some()));
}

#[test]
fn the_errata_make_new_jersey_and_delaware_one_square_each() {
    // rule: fiw 2.11, 2.13
    // (map errata: "New Jersey consists of the square containing Perth Amboy.
    // Delaware consists of the square containing Newcastle.")
    let m = map();
    let nj: Vec<Sq> = m.squares_of(Colony::NewJersey).collect();
    let de: Vec<Sq> = m.squares_of(Colony::Delaware).collect();
    assert_eq!(nj, [sq_of(&m, "Perth Amboy")]);
    assert_eq!(de, [sq_of(&m, "Newcastle")]);
    // Neither holds its neighbours' capitals.
    for name in ["New York City", "Philadelphia", "Annapolis"] {
        let sq = sq_of(&m, name);
        assert!(!nj.contains(&sq) && !de.contains(&sq), "{name}");
    }
}

#[test]
fn every_colony_has_one_capital_and_the_right_kind() {
    // rule: fiw 2.4, 5.1, 5.2, 5.3, 16.0, 29.1
    let m = map();
    for colony in Colony::ALL.into_iter().filter(|&c| c != Colony::Disputed) {
        let capital = m.capital(colony).unwrap_or_else(|| panic!("{colony:?} has no capital"));
        assert_eq!(m.colony(capital.sq), Some(colony));
        assert!(m.squares_of(colony).count() >= 1);
    }
    assert_eq!(m.capital(Colony::NewFrance).map(|p| p.id.as_str()), Some("quebec"));
    assert_eq!(m.capital(Colony::Louisiana).map(|p| p.id.as_str()), Some("new-orleans"));
    assert_eq!(m.capital(Colony::Florida).map(|p| p.id.as_str()), Some("st-augustine"));
    let thirteen = Colony::ALL.iter().filter(|c| c.is_thirteen()).count();
    assert_eq!(thirteen, 13);
    // 5.2: Maine is part of Massachusetts.
    assert_eq!(m.colony(Sq::of(44.32, -69.77).unwrap()), Some(Colony::Massachusetts));
}

#[test]
fn a_square_id_gives_its_centre_and_back() {
    // rule: fiw 2.1, 2.5
    // (a square grid of squares about 150 km across)
    assert_eq!(Sq::all().count(), COLUMNS as usize * ROWS as usize);
    for (i, sq) in Sq::all().enumerate() {
        assert_eq!(sq.index(), i);
        assert_eq!(Sq::from_index(i), sq);
        assert_eq!(Sq::parse(&sq.to_string()), Some(sq));
        let (x, y) = sq.centre_km();
        assert_eq!(Sq::at_km(x, y), Some(sq), "{sq}");
        for n in sq.orthogonal() {
            let (a, b) = n.centre_km();
            assert!(((a - x).hypot(b - y) - fiw::map::SIDE_KM).abs() < 1e-6);
        }
    }
    assert_eq!(Sq::parse("1211").map(|s| (s.col, s.row)), Some((12, 11)));
    for bad in ["0011", "2301", "0124", "121", "12a1"] {
        assert_eq!(Sq::parse(bad), None, "{bad}");
    }
    let m = map();
    for p in &m.places {
        assert_eq!(
            Sq::of(p.lat, p.lon),
            Some(p.sq),
            "{} is drawn inside its own square",
            p.id
        );
    }
}

#[test]
fn links_join_touching_land_squares() {
    // rule: fiw 13.1, 13.2, 13.71
    let m = map();
    for l in &m.links {
        assert!(l.a.touch(l.b).is_some(), "{}-{}", l.a, l.b);
        assert!(!m.square(l.a).terrain.is_water() && !m.square(l.b).terrain.is_water());
    }
    // No land step ever enters an all-sea or all-lake square.
    for sq in Sq::all() {
        for (n, _) in m.land_steps(sq, true) {
            assert!(!m.square(n).terrain.is_water(), "{sq}->{n}");
            assert!(!m.square(sq).terrain.is_water());
        }
    }
    // Water squares have no colony, land squares one.
    for s in &m.squares {
        assert_eq!(s.colony.is_none(), s.terrain.is_water(), "{}", s.sq);
    }
}

#[test]
fn roads_rivers_trails_and_lake_coasts_are_where_the_war_went() {
    // rule: fiw 13.51, 13.52, 13.53
    let m = map();
    let route = |a: &str, b: &str| m.land_route(sq_of(&m, a), sq_of(&m, b));
    // The Chemin du Roy; the Hudson; Nemacolin's path / Braddock's road.
    assert_eq!(route("Quebec", "Trois Rivieres"), Some(Route::River));
    assert_eq!(route("Albany", "Fort William Henry"), Some(Route::Road));
    let cumberland = sq_of(&m, "Fort Cumberland");
    let trail = m
        .land_steps(cumberland, true)
        .into_iter()
        .any(|(_, r)| r == Route::Trail);
    assert!(trail, "Braddock's road leaves Fort Cumberland");
    // Lake Ontario's shore from Oswego to Fort Frontenac.
    assert_eq!(route("Oswego", "Fort Frontenac"), Some(Route::LakeCoast));
    let kinds: HashSet<LinkKind> = m.links.iter().map(|l| l.kind).collect();
    assert_eq!(kinds.len(), 4, "roads, rivers, trails and water sides");
}

#[test]
fn each_colony_hangs_together() {
    // rule: fiw 2.11, 5.2, 13.8, 24.1
    // (militia may not cross their colony's border, so a colony in pieces
    // would strand them; Maine is Massachusetts' exclave beyond New
    // Hampshire, and Newfoundland an island)
    let m = map();
    // 5.4: disputed land is whatever is left over, in several pieces.
    for colony in Colony::ALL.into_iter().filter(|&c| c != Colony::Disputed) {
        let squares: Vec<Sq> = m.squares_of(colony).collect();
        let first = squares[0];
        let reach = m.steps(first, Some(colony));
        let cut: Vec<String> = squares
            .iter()
            .filter(|s| reach[s.index()] == u16::MAX)
            .map(|s| s.to_string())
            .collect();
        let expected: &[&str] = match colony {
            // Île Royale (Louisbourg), across the Canso strait from the mainland.
            Colony::NewFrance => &[],
            // Maine beyond New Hampshire's coast.
            Colony::Massachusetts => &["1309"],
            _ => &[],
        };
        assert_eq!(cut, expected, "{colony:?}");
    }
}

#[test]
fn naval_units_sail_where_the_water_goes() {
    // rule: fiw 20.1, 20.2, 21.11, 21.12
    let m = map();
    // 21.11: every row ends at sea on the east edge, the home bases' door.
    assert_eq!(m.home_base_edge().count(), ROWS as usize);
    // A fleet reaches Quebec from the east edge over sea squares and coasts.
    let quebec = sq_of(&m, "Quebec");
    let start = m.home_base_edge().next().expect("an east-edge sea square");
    let mut seen = HashSet::from([start]);
    let mut todo = vec![start];
    while let Some(s) = todo.pop() {
        for n in s.orthogonal() {
            if m.naval_step(Navy::Fleet, s, n) && seen.insert(n) {
                todo.push(n);
            }
        }
    }
    for name in [
        "Quebec",
        "Louisbourg",
        "Halifax",
        "New York City",
        "Charleston",
        "St. Augustine",
        "New Orleans",
    ] {
        assert!(seen.contains(&sq_of(&m, name)), "a fleet reaches {name}");
    }
    // Hudson Strait is off the map: James Bay is reached by the Abitibi
    // canoe route, not from the east edge.
    let moose = sq_of(&m, "Moose Factory");
    assert!(!seen.contains(&moose));
    assert!(m.land_steps(moose, false).iter().any(|&(_, r)| r == Route::River));
    // Montreal is up-river: flotillas only (20.2).
    let montreal = sq_of(&m, "Montreal");
    assert!(!seen.contains(&montreal));
    assert!(m.flotilla_navigable(montreal));
    assert!(m.naval_step(Navy::Flotilla, montreal, sq_of(&m, "Trois Rivieres")));
    assert!(m.square(quebec).port);
    // The Great Lakes are not reached by sea.
    assert!(!seen.contains(&sq_of(&m, "Fort Niagara")));
    let ontario = m
        .squares
        .iter()
        .filter(|s| s.waters.contains(&Water::LakeOntario))
        .count();
    assert!(ontario >= 3);
    // Every port is on a sea coast; no sea square has symbols (ruling fiw #20).
    for sq in m.ports() {
        assert!(m.square(sq).coastal(), "{sq}");
    }
    for sq in m.sea_squares() {
        assert_eq!(m.square(sq).trading + m.square(sq).manufacturing, 0);
    }
    assert!(m.west_indies_edge().count() > m.home_base_edge().count());
}

#[test]
fn terrain_uses_the_terrain_effects_words() {
    // rule: fiw 2.12, 18.32
    let m = map();
    let used: HashSet<&str> = m.squares.iter().map(|s| s.terrain.id()).collect();
    for t in ["clear", "settled", "wilderness", "rough", "mountain", "sea", "lake"] {
        assert!(used.contains(t), "{t}");
    }
    // Every terrain of the map has its row on the Terrain Effects Chart,
    // which gives its forage (18.32).
    let effects = &fiw::tables::tables().terrain;
    for t in &used {
        effects.get(t);
    }
    assert!(effects.forage("settled", &[]) > effects.forage("wilderness", &[]));
    assert_eq!(m.square(sq_of(&m, "Quebec")).terrain, Terrain::Settled);
    // 9.1: trading and manufacturing symbols on both sides.
    let symbols = |c: Colony| -> u32 {
        m.squares_of(c)
            .map(|s| u32::from(m.square(s).trading + m.square(s).manufacturing))
            .sum()
    };
    assert!(symbols(Colony::NewFrance) > 0 && symbols(Colony::Massachusetts) > 0);
}

#[test]
fn a_bad_override_names_its_file_and_line() {
    let dir = std::env::temp_dir().join(format!("fiw-map-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = "a\tb\tkind\tnote\n0101\t0102\tcanal\tno such kind\n";
    std::fs::write(dir.join("links.tsv"), text).unwrap();
    let e = Map::read(Some(&dir)).unwrap_err();
    assert_eq!(e.line, Some(2));
    assert!(e.file.ends_with("links.tsv"), "{}", e.file);
    assert!(e.to_string().contains("column 'kind'"), "{e}");
    // A link between squares that do not touch.
    std::fs::write(dir.join("links.tsv"), "a\tb\tkind\n0101\t0103\troad\n").unwrap();
    let e = Map::read(Some(&dir)).unwrap_err();
    assert_eq!((e.line, e.column.as_deref()), (Some(2), Some("b")));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn indian_villages_stand_in_either_empire() {
    // rule: fiw 5.5, 2.4
    let m = map();
    let empires: Vec<Option<fiw::map::Empire>> = m
        .places
        .iter()
        .filter(|p| p.tribe.is_some())
        .map(|p| m.colony(p.sq).and_then(|c| c.empire()))
        .collect();
    // British and French colonies hold villages, and the disputed lands
    // (5.4): there is no Indian territory of its own.
    assert!(empires.contains(&Some(fiw::map::Empire::British)));
    assert!(empires.contains(&Some(fiw::map::Empire::French)));
    assert!(m
        .places
        .iter()
        .filter(|p| p.tribe.is_some())
        .all(|p| m.colony(p.sq).is_some()));
}
