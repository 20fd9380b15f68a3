//! 2.1 The maps as the browser draws them (`engine::Drawing`): spaces at
//! their real places (kilometres of the shared Lambert projection), the
//! communication lines by kind, the maritime zones where they lie with
//! their sea lanes, and the off-map boxes pulled in to the maps' edge.

use crate::map::{Map, Terrain, ZoneKind};
use engine::drawing::{
    bounds_around, lambert, Drawing, Geography, Geometry, KeyEntry, Link, MarkerShape, PieceStyle, Space,
};

/// About the distance between neighbouring spaces, in kilometres: the
/// size of a counter.
const UNIT: f64 = 30.0;
/// The sheet's margin around the spaces on the maps, in kilometres
/// (tools/coastline/gen.js clips the coastline to the same extent).
const MARGIN: f64 = 75.0;

fn r1(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

/// Both maps on one sheet: the North map's Virginia edge meets the South
/// map's, as their lines join.
pub fn drawing(m: &Map) -> Drawing {
    let at = |lat: f64, lon: f64| {
        let (x, y) = lambert(lat, lon);
        (r1(x), r1(y))
    };
    let on_map: Vec<(f64, f64)> = m.spaces.iter().filter(|s| !s.boxed).map(|s| at(s.lat, s.lon)).collect();
    let inner = bounds_around(on_map.iter().copied(), UNIT);
    let spaces: Vec<Space> = m
        .spaces
        .iter()
        .map(|s| {
            let (mut x, mut y) = at(s.lat, s.lon);
            if s.boxed {
                // A box far off (the Caribbean) stands at the maps' edge, in its direction.
                x = x.clamp(inner.x0, inner.x1);
                y = y.clamp(inner.y0, inner.y1);
            }
            let mut features = Vec::new();
            let terrain = match s.terrain {
                Terrain::Clear => "clear",
                Terrain::Fort => "fort",
                Terrain::Swamp => "swamp",
            };
            if s.terrain == Terrain::Fort {
                features.push("fort".to_string());
            }
            if s.vp > 0 {
                features.push("town".into());
            }
            if s.port.is_some() {
                features.push("port".into());
            }
            if s.grants {
                features.push("grants".into());
            }
            if s.tribe.is_some() {
                features.push("settlement".into());
            }
            let state = m.state(s);
            let mut detail = match m.region(s) {
                Some(r) => format!("{}, {} ({} region)", s.name, state.name, r.name()),
                None => format!("{}, off the maps", s.name),
            };
            if s.vp > 0 {
                detail += &format!("; city worth {} VP", s.vp);
            }
            if let Some(z) = s.port {
                detail += &format!("; port on {}", m.zones[z as usize].name);
            }
            if let Some(t) = &s.tribe {
                detail += &format!("; {t} settlement");
            }
            if s.terrain != Terrain::Clear {
                detail += &format!("; {terrain}");
            }
            Space {
                id: s.id.clone(),
                name: s.name.clone(),
                boxed: s.boxed,
                x,
                y,
                terrain: terrain.into(),
                features,
                value: (s.vp > 0).then_some(s.vp as i32),
                colour: None,
                // Names of cities first, then forts and ports, then the rest.
                label: Some(if s.vp > 0 || s.boxed {
                    0
                } else if s.port.is_some() || s.terrain == Terrain::Fort {
                    1
                } else {
                    2
                }),
                detail,
            }
        })
        .collect();
    let mut spaces = spaces;
    // 7.1 the maritime zones are spaces too: ships and transported units
    // stand in them, and a click there sails.
    spaces.extend(m.zones.iter().map(|z| {
        // A zone off the maps (Halifax's) at their edge, as the boxes.
        let (x, y) = at(z.lat, z.lon);
        let (x, y) = (x.clamp(inner.x0, inner.x1), y.clamp(inner.y0, inner.y1));
        Space {
            id: z.id.clone(),
            name: z.name.clone(),
            boxed: false,
            x,
            y,
            terrain: if z.kind == ZoneKind::Lake { "lake" } else { "sea" }.into(),
            features: vec!["zone".into()],
            value: None,
            colour: None,
            label: Some(3),
            detail: format!("{}: 1 movement point to enter (7.1)", z.name),
        }
    }));
    let mut links: Vec<Link> = m
        .lines
        .iter()
        .map(|l| Link {
            a: m.get(l.a).id.clone(),
            b: m.get(l.b).id.clone(),
            kinds: vec![l.kind.word().to_string()],
        })
        .collect();
    let sea = |a: &str, b: &str| Link {
        a: a.into(),
        b: b.into(),
        kinds: vec!["sea".into()],
    };
    links.extend(
        m.zone_links
            .iter()
            .map(|&(a, b, _)| sea(&m.zones[a as usize].id, &m.zones[b as usize].id)),
    );
    links.extend(
        m.spaces
            .iter()
            .filter_map(|s| Some(sea(&s.id, &m.zones[s.port? as usize].id))),
    );
    Drawing {
        title: "gml".into(),
        geometry: Geometry::Node,
        pieces: PieceStyle::Counter,
        unit: UNIT,
        bounds: bounds_around(on_map.iter().copied(), MARGIN),
        spaces,
        links,
        lines: Vec::new(),
        labels: Vec::new(),
        key: key(),
        geography: Geography::from_coast_json(include_str!("../data/coast.json")).ok(),
        source: "These maps are reconstructed from real geography, not the publisher's maps.".into(),
    }
}

/// The markers the board shows (`view.rs`), as the map's key explains them.
fn key() -> Vec<KeyEntry> {
    let entry = KeyEntry::new;
    vec![
        entry(
            "control",
            MarkerShape::Ring,
            "",
            "Control",
            "9.2",
            "The side that last held the space alone with units able to control it (Tories and Indians cannot)",
        ),
        entry(
            "battle",
            MarkerShape::Ring,
            "B",
            "Battle",
            "8.2",
            "The combat being fought: its units stand on the Battle Panel",
        ),
        entry(
            "trench",
            MarkerShape::Chip,
            "T",
            "Trench",
            "6.4",
            "Units entrenched here defend at +1 (8.26) until enemy artillery destroys the trench",
        ),
        entry(
            "fort-destroyed",
            MarkerShape::Chip,
            "X",
            "Fort destroyed",
            "8.26",
            "Two artillery hits destroyed this fort: it gives no more benefit",
        ),
    ]
}
