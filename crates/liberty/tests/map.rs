//! Tests of the reconstructed Liberty map (crates/liberty/data/*.tsv).

use liberty::map::{parse, Colour, Hex, Map, SideTerrain, Terrain, Zone, HEXES_TSV, HEXSIDES_TSV, RIVERS_TSV};

fn m() -> &'static Map {
    Map::embedded()
}

fn hex(name: &str) -> Hex {
    m().by_name(name).unwrap_or_else(|| panic!("no town {name}"))
}

fn adjacent(a: Hex, b: Hex) -> bool {
    m().side_between(a, b).is_some()
}

const NAMED: &[&str] = &[
    "Boston",
    "Québec",
    "Montreal",
    "Norfolk",
    "Fort Oswego",
    "Wilmington",
    "Augusta",
    "Springfield",
    "Hartford",
    "Fort Ticonderoga",
    "Newport",
    "Portsmouth",
    "New York",
    "New Brunswick",
    "Charleston",
    "West Point",
    "Albany",
    "Fort Stanwix",
    "Philadelphia",
    "Baltimore",
    "Yorktown",
    "Dover",
    "Monmouth",
    "Cherokee",
    "Mohawk",
    "Shawnee",
];

// rule: liberty 1.2
#[test]
fn every_named_place_is_a_town_in_its_own_hex() {
    let mut seen = std::collections::HashSet::new();
    for n in NAMED {
        let h = hex(n);
        assert_eq!(m().town(h).unwrap().name, *n);
        assert_eq!(m().space(h).terrain, Terrain::Land, "{n}");
        assert!(seen.insert(h), "{n} shares a hex");
    }
    for b in ["atlantic", "wi-british", "wi-french"] {
        assert!(m().by_name(b).is_some() && m().by_id(b).is_some(), "{b}");
    }
}

// rule: liberty 11.4
#[test]
fn wintering_diagram_values_and_ports() {
    for (n, v) in [
        ("Boston", 3),
        ("New York", 4),
        ("Hartford", 3),
        ("New Brunswick", 2),
        ("Albany", 1),
        ("West Point", 0),
        ("Fort Stanwix", 0),
    ] {
        assert_eq!(m().town(hex(n)).unwrap().value, v, "{n}");
    }
    assert!(m().is_port(hex("Hartford")));
    assert!(m().is_port(hex("New Brunswick")));
    assert!(!m().is_port(hex("West Point")));
    assert!(adjacent(hex("West Point"), hex("New Brunswick")));
    assert!(m().adjacent_port(hex("West Point")));
    assert!(!m().adjacent_port(hex("Fort Stanwix")));
}

// rule: liberty 1.3
#[test]
fn ports() {
    for n in [
        "Québec",
        "Boston",
        "New York",
        "Newport",
        "Portsmouth",
        "Norfolk",
        "Charleston",
        "Wilmington",
        "Philadelphia",
        "Baltimore",
        "Yorktown",
        "New Brunswick",
        "wi-british",
        "wi-french",
    ] {
        assert!(m().is_port(hex(n)), "{n} should be a port");
    }
    assert!(!m().is_port(m().atlantic));
    assert!(!m().is_port(hex("Montreal")));
}

// rule: liberty 5.2
#[test]
fn boston_neighbours_of_the_hexside_example() {
    let s = m().side_between(hex("Springfield"), hex("Boston")).expect("adjacent");
    let side = m().side(s);
    assert_eq!(side.terrain, SideTerrain::Clear);
    assert!(side.ground);
    assert_eq!(side.limit(), 4);
    let s = m().side_between(hex("Newport"), hex("Boston")).expect("adjacent");
    assert!(m().side(s).ground);
}

// rule: liberty 5.4
#[test]
fn chesapeake_and_delaware_choke_points() {
    let york = hex("Yorktown");
    let eastern_shore = m().by_id("1212").unwrap();
    let s = m()
        .side_between(york, eastern_shore)
        .expect("Yorktown touches the hex north of Cape Charles");
    assert!(!m().side(s).ground);
    assert!(m().side(s).naval);
    // warships cannot cross the peninsula: no naval hexside from that hex to the open sea
    for &(n, s) in m().neighbours(eastern_shore) {
        if m().space(n).terrain == Terrain::Sea {
            assert!(!m().side(s).naval);
        }
    }
    let dover = hex("Dover");
    let monmouth = hex("Monmouth");
    let s = m().side_between(dover, monmouth).expect("Dover touches Monmouth");
    assert!(!m().side(s).ground);
    assert_eq!(m().chokepoint_of(hex("Baltimore")), Some(york));
    assert_eq!(m().chokepoint_of(hex("Philadelphia")), Some(dover));
    assert_eq!(m().chokepoint_of(hex("Norfolk")), None);
    assert_eq!(m().chokepoints.len(), 2);
}

// rule: liberty 4.0
#[test]
fn weather_zones() {
    for n in ["Baltimore", "Philadelphia", "Boston", "Québec", "New York"] {
        assert_eq!(m().space(hex(n)).zone, Some(Zone::North), "{n}");
    }
    for n in [
        "Yorktown",
        "Norfolk",
        "Charleston",
        "Augusta",
        "wi-british",
        "wi-french",
    ] {
        assert_eq!(m().space(hex(n)).zone, Some(Zone::South), "{n}");
    }
    assert_eq!(m().space(m().atlantic).zone, None);
}

// rule: liberty 5.6
#[test]
fn no_river_move_past_niagara_falls() {
    let chain = |n: &str| m().rivers.iter().find(|(r, _)| r == n).unwrap().1.clone();
    let ontario = chain("Lake Ontario shore");
    let erie = chain("Lake Erie shore");
    for &h in &ontario {
        for (d, _) in m().river_moves(h) {
            assert!(
                !erie.contains(d) || ontario.contains(d),
                "river move from Lake Ontario shore {} to Lake Erie shore {}",
                m().space(h).id,
                m().space(*d).id
            );
        }
    }
    // Niagara: the two shores touch, but only by ordinary ground movement
    let niagara = hex("Fort Niagara");
    assert!(ontario.contains(&niagara));
    assert!(erie.iter().any(|&e| adjacent(e, niagara)));
}

// rule: liberty 5.6
#[test]
fn no_river_move_from_ticonderoga_to_albany() {
    let tic = hex("Fort Ticonderoga");
    let alb = hex("Albany");
    let sep = hex("Saratoga");
    assert!(!adjacent(tic, alb));
    assert!(adjacent(tic, sep) && adjacent(sep, alb));
    assert!(!m().river_moves(tic).iter().any(|(d, _)| *d == alb));
    assert!(!m().river_moves(alb).iter().any(|(d, _)| *d == tic));
    assert!(m().river_moves(tic).iter().any(|(d, _)| *d == sep));
    // Movement Diagram: Morgan moves two hexes from Albany to New York by river
    let ny = hex("New York");
    let (_, sides) = m()
        .river_moves(alb)
        .iter()
        .find(|(d, _)| *d == ny)
        .expect("Albany-New York by river");
    assert_eq!(sides.len(), 2);
    assert!(sides.iter().all(|&s| m().side(s).river));
}

// rule: liberty 1.4
#[test]
fn indian_towns_are_wilderness() {
    for n in ["Cherokee", "Mohawk", "Shawnee"] {
        let h = hex(n);
        assert_eq!(m().town(h).unwrap().colour, Colour::Orange);
        let forest = m()
            .neighbours(h)
            .iter()
            .filter(|(_, s)| m().side(*s).terrain == SideTerrain::Forest)
            .count();
        assert!(forest >= 2 && m().space(h).wilderness, "{n}");
        // a usable wilderness region: some wilderness neighbour
        assert!(m().neighbours(h).iter().any(|(x, _)| m().space(*x).wilderness), "{n}");
    }
    // marsh does not make wilderness
    for s in &m().spaces {
        let forest = s
            .adj
            .iter()
            .filter(|(_, si)| m().side(*si).terrain == SideTerrain::Forest)
            .count();
        assert_eq!(s.wilderness, s.terrain == Terrain::Land && forest >= 2, "{}", s.id);
    }
}

// rule: liberty 1.5
#[test]
fn west_indies_boxes() {
    let [b, f] = m().west_indies;
    assert_eq!(m().town(b).unwrap().colour, Colour::Red);
    assert_eq!(m().town(f).unwrap().colour, Colour::Blue);
    assert_eq!(m().town(b).unwrap().value, 2);
    assert_eq!(m().town(f).unwrap().value, 2);
    assert!(m().neighbours(b).is_empty() && m().neighbours(m().atlantic).is_empty());
}

// rule: liberty 11.1
#[test]
fn victory_point_balance() {
    let boston = hex("Boston");
    let mut british = 0u32;
    let mut total = 0u32;
    for (h, t) in m().towns() {
        total += t.value as u32;
        if t.colour != Colour::Blue || h == boston {
            british += t.value as u32;
        }
    }
    assert!((14..=18).contains(&british), "British start with {british}");
    assert!((55..=65).contains(&total), "map total {total}");
    assert!((12..30).contains(&british));
}

// rule: liberty 1.1
#[test]
fn hexsides_and_grid_are_consistent() {
    let map = m();
    assert!(map.hex_count() > 200);
    for (i, s) in map.sides.iter().enumerate() {
        let (a, b) = (map.space(s.a), map.space(s.b));
        if a.terrain == Terrain::Sea || b.terrain == Terrain::Sea {
            assert!(!s.ground, "side {i}");
        }
        assert_eq!(map.side_between(s.a, s.b), Some(i as u16));
    }
    let mut px = std::collections::HashSet::new();
    for h in 0..map.spaces.len() as Hex {
        let (x, y) = map.pixel(h);
        assert!(px.insert(((x * 100.0) as i64, (y * 100.0) as i64)));
    }
    // every town and every river has provenance
    let prov = map.provenance();
    for (h, t) in map.towns() {
        let id = &map.space(h).id;
        assert!(
            prov.iter().any(|(i, n)| i.starts_with(id.as_str()) && !n.is_empty()),
            "{}",
            t.name
        );
    }
    for (r, _) in &map.rivers {
        assert!(prov.iter().any(|(i, _)| *i == format!("river {r}")));
    }
}

fn with_line(text: &str, line: &str) -> String {
    format!("{text}{line}\n")
}

// rule: liberty 1.1
#[test]
fn bad_data_gives_clear_errors() {
    // non-adjacent hexside
    let e = parse(
        HEXES_TSV,
        &with_line(HEXSIDES_TSV, "1607\t0314\tforest\tyes\tno\tx"),
        RIVERS_TSV,
    )
    .unwrap_err();
    assert_eq!(e.file, "hexsides.tsv");
    assert!(e.to_string().contains("expected a hex adjacent to 1607"), "{e}");
    assert!(e.line.is_some());
    // unknown hex in a river
    let e = parse(HEXES_TSV, HEXSIDES_TSV, &with_line(RIVERS_TSV, "Nowhere\t1607 9999\tx")).unwrap_err();
    assert_eq!(e.file, "rivers.tsv");
    assert!(e.to_string().contains("9999"), "{e}");
    // river chain not adjacent
    let e = parse(HEXES_TSV, HEXSIDES_TSV, &with_line(RIVERS_TSV, "Gap\t1607 0314\tx")).unwrap_err();
    assert!(e.to_string().contains("expected a hex adjacent to 1607"), "{e}");
    // bad colour
    let bad = HEXES_TSV.replace("\tBoston\t3\tblue\t", "\tBoston\t3\tpurple\t");
    assert_ne!(bad, HEXES_TSV);
    let e = parse(&bad, HEXSIDES_TSV, RIVERS_TSV).unwrap_err();
    assert_eq!(e.file, "hexes.tsv");
    assert!(
        e.to_string().contains("colour") && e.to_string().contains("purple"),
        "{e}"
    );
    // duplicate town name
    let bad = HEXES_TSV.replace("\tMonmouth\t", "\tBoston\t");
    let e = parse(&bad, HEXSIDES_TSV, RIVERS_TSV).unwrap_err();
    assert_eq!(e.column.as_deref(), Some("town"));
    assert!(e.to_string().contains("no other hex has"), "{e}");
    // missing box row
    let bad: String = HEXES_TSV
        .lines()
        .filter(|l| !l.starts_with("wi-french"))
        .map(|l| format!("{l}\n"))
        .collect();
    let e = parse(&bad, HEXSIDES_TSV, RIVERS_TSV).unwrap_err();
    assert!(e.to_string().contains("wi-french"), "{e}");
    // bad value
    let bad = HEXES_TSV.replace("\tBoston\t3\t", "\tBoston\t7\t");
    let e = parse(&bad, HEXSIDES_TSV, RIVERS_TSV).unwrap_err();
    assert!(e.to_string().contains("column 'value'") && e.found == "7", "{e}");
}

// rule: liberty 1.0
#[test]
fn load_dir_overrides_one_file() {
    let dir = std::env::temp_dir().join(format!("liberty-map-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let changed = HEXES_TSV.replace("\tAlbany\t1\t", "\tAlbany\t2\t");
    std::fs::write(dir.join("hexes.tsv"), changed).unwrap();
    let map = liberty::map::load_dir(&dir).unwrap();
    let alb = map.by_name("Albany").unwrap();
    assert_eq!(map.town(alb).unwrap().value, 2);
    assert_eq!(map.rivers.len(), m().rivers.len());
    std::fs::write(dir.join("rivers.tsv"), "river\thexes\tnote\nX\t1607 0314\tx\n").unwrap();
    let e = liberty::map::load_dir(&dir).unwrap_err();
    assert!(
        e.file.ends_with("rivers.tsv") && e.file.contains("liberty-map-test"),
        "{e}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
