//! The map as every client draws it (issue 19's map contract): spaces with
//! drawing coordinates, the links between them, lines such as rivers, the
//! map's own labels and the key of its markers. A title's
//! [`Title::drawing`](crate::Title::drawing) returns one; the browser's one
//! renderer draws it by its [`Geometry`], the pieces and markers of a view's
//! [`Board`](crate::Board) on it. Coordinates are drawing units with y
//! growing southward; [`Drawing::unit`] is the size of one space.

use serde::{Deserialize, Serialize};
use std::collections::HashSet;

/// How the spaces tile the map, which decides how they are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Geometry {
    /// Flat-topped hexes of size `unit` (centre to corner) around each
    /// space's point (Liberty). Neighbours touch: links list only the sides
    /// that carry something.
    Hex,
    /// Regions drawn as the cells of their points (Revolution Road): every
    /// border is a link, and cells that touch without one are closed.
    Area,
    /// Point-to-point: spaces as points joined by the lines of their links
    /// (Give Me Liberty!); every connection is a link.
    Node,
    /// A square grid of side `unit` (The French & Indian War). Neighbours
    /// touch: links list only the sides that carry something.
    Square,
}

/// How the title's pieces look.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PieceStyle {
    /// Square blocks standing up: strength as pips along the top edge, the
    /// combat rating below the name; a back shows only the side's colour.
    Block,
    /// Flat counters with the full name and value; a back shows a "?".
    Counter,
}

/// One space of the map, or a box beside it (a track, the Atlantic, a
/// fleet box) where pieces stand.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Space {
    pub id: String,
    /// Its name as the rulebook writes it ("Boston", "hex 0312").
    pub name: String,
    /// A box beside the map (drawn as a rectangle) rather than a space of
    /// the map's geometry.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub boxed: bool,
    pub x: f64,
    pub y: f64,
    /// The title's key for its terrain, for the renderer's fill ("clear",
    /// "forest", "water", "hill", "town").
    pub terrain: String,
    /// What else the rules attach to it, as keys the renderer may draw
    /// ("town", "port", "fort", "wilderness").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub features: Vec<String>,
    /// A victory-point or similar value printed on it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<i32>,
    /// The colour printed on it (a Liberty town's blue, red or orange).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<String>,
    /// Where its name stands among the map's labels: 0 is placed first;
    /// none when the map prints no name (a hex known by its number).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<u8>,
    /// The space in words, for a tooltip or a screen reader: "Boston (value
    /// 2, port), hex 0312, clear".
    pub detail: String,
}

/// A connection between two spaces, or a side they share, with what the
/// rules attach to it ("road", "trail", "river", "stream", "forest").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Link {
    pub a: String,
    pub b: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub kinds: Vec<String>,
}

/// A line drawn over the spaces through these points (a river through its
/// hexes).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Line {
    pub kind: String,
    pub name: String,
    pub points: Vec<[f64; 2]>,
}

/// A name printed on the map away from any space ("Charles River").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Label {
    pub text: String,
    pub x: f64,
    pub y: f64,
    /// Placed after the spaces' names, the lowest first.
    pub priority: u8,
}

/// How a marker kind is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MarkerShape {
    /// A chip with its symbol among the space's pieces.
    Chip,
    /// A ring around the space in the marker's side colour (control).
    Ring,
}

/// One row of the map's key: a marker kind, its symbol and its rule.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeyEntry {
    /// As in [`Marker::kind`](crate::Marker::kind).
    pub kind: String,
    pub shape: MarkerShape,
    /// Up to three characters on the chip.
    pub symbol: String,
    pub name: String,
    /// Its chip's fill (CSS colour); empty for the side's colour.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub colour: String,
    pub rule: String,
    /// What it does, in a sentence.
    pub text: String,
}

impl KeyEntry {
    /// A key entry in the side's colour.
    pub fn new(kind: &str, shape: MarkerShape, symbol: &str, name: &str, rule: &str, text: &str) -> KeyEntry {
        KeyEntry {
            kind: kind.into(),
            shape,
            symbol: symbol.into(),
            name: name.into(),
            colour: String::new(),
            rule: rule.into(),
            text: text.into(),
        }
    }
}

/// Real geography under the spaces, as SVG path data in drawing units.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Geography {
    pub land: Vec<String>,
    pub lakes: Vec<String>,
    pub coast: Vec<String>,
}

/// The bounds of the drawing.
impl Geography {
    /// The land, lakes and shorelines of a `coast.json` that
    /// tools/coastline/gen.js writes (its other fields describe its source).
    pub fn from_coast_json(text: &str) -> Result<Geography, serde_json::Error> {
        #[derive(Deserialize)]
        struct Coast {
            land: Vec<String>,
            lakes: Vec<String>,
            coast: Vec<String>,
        }
        let c: Coast = serde_json::from_str(text)?;
        Ok(Geography {
            land: c.land,
            lakes: c.lakes,
            coast: c.coast,
        })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bounds {
    pub x0: f64,
    pub y0: f64,
    pub x1: f64,
    pub y1: f64,
}

/// A title's map as every client draws it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Drawing {
    pub title: String,
    pub geometry: Geometry,
    pub pieces: PieceStyle,
    /// A space's size in drawing units (a hex's centre to corner, a
    /// square's side, a typical distance between neighbouring points).
    pub unit: f64,
    pub bounds: Bounds,
    pub spaces: Vec<Space>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub links: Vec<Link>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lines: Vec<Line>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub labels: Vec<Label>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub key: Vec<KeyEntry>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub geography: Option<Geography>,
    /// Where the map comes from, said to the player ("reconstructed from
    /// real geography, not the publisher's map").
    pub source: String,
}

impl Drawing {
    /// What a client could not draw: a space id twice, a link, a line or
    /// a label with no place, an empty or inverted bounds, a key kind twice.
    pub fn check(&self) -> Result<(), String> {
        let finite = |v: f64| v.is_finite();
        if !(self.unit > 0.0 && finite(self.unit)) {
            return Err(format!("unit {} is not a positive size", self.unit));
        }
        let b = self.bounds;
        if !(b.x0 < b.x1 && b.y0 < b.y1 && [b.x0, b.y0, b.x1, b.y1].into_iter().all(finite)) {
            return Err(format!("bounds {b:?} hold nothing"));
        }
        let mut ids = HashSet::new();
        for s in &self.spaces {
            if s.id.is_empty() || s.name.is_empty() {
                return Err(format!("space {:?} has no id or name", s.id));
            }
            if !ids.insert(s.id.as_str()) {
                return Err(format!("space {} is listed twice", s.id));
            }
            if !finite(s.x) || !finite(s.y) {
                return Err(format!("space {} has no drawing point", s.id));
            }
        }
        for l in &self.links {
            for end in [&l.a, &l.b] {
                if !ids.contains(end.as_str()) {
                    return Err(format!("link {}-{} names no space {end}", l.a, l.b));
                }
            }
        }
        for l in &self.lines {
            if l.points.len() < 2 || !l.points.iter().flatten().all(|v| finite(*v)) {
                return Err(format!("line {} has fewer than two points", l.name));
            }
        }
        if let Some(l) = self
            .labels
            .iter()
            .find(|l| l.text.is_empty() || !finite(l.x) || !finite(l.y))
        {
            return Err(format!("label {:?} is empty or has no point", l.text));
        }
        let mut kinds = HashSet::new();
        if let Some(k) = self.key.iter().find(|k| !kinds.insert(k.kind.as_str())) {
            return Err(format!("marker kind {} is in the key twice", k.kind));
        }
        Ok(())
    }

    pub fn space(&self, id: &str) -> Option<&Space> {
        self.spaces.iter().find(|s| s.id == id)
    }
}

/// Kilometres east and south of 39°N 75°W of a point on the earth, in the
/// Lambert conformal conic projection (sphere of radius 6371 km, standard
/// parallels 33°N and 45°N) that every map over real geography shares:
/// tools/coastline projects the coastlines the same way.
pub fn lambert(lat: f64, lon: f64) -> (f64, f64) {
    const R: f64 = 6371.0;
    let (phi1, phi2, phi0, lam0) = (
        33f64.to_radians(),
        45f64.to_radians(),
        39f64.to_radians(),
        -75f64.to_radians(),
    );
    let t = |phi: f64| (std::f64::consts::FRAC_PI_4 + phi / 2.0).tan();
    let n = (phi1.cos() / phi2.cos()).ln() / (t(phi2) / t(phi1)).ln();
    let f = phi1.cos() * t(phi1).powf(n) / n;
    let rho = |phi: f64| R * f / t(phi).powf(n);
    let theta = n * (lon.to_radians() - lam0);
    let r = rho(lat.to_radians());
    (r * theta.sin(), r * theta.cos() - rho(phi0))
}

/// The bounds around these points with `margin` on every side.
pub fn bounds_around(points: impl IntoIterator<Item = (f64, f64)>, margin: f64) -> Bounds {
    let mut b = Bounds {
        x0: f64::MAX,
        y0: f64::MAX,
        x1: f64::MIN,
        y1: f64::MIN,
    };
    for (x, y) in points {
        b = Bounds {
            x0: b.x0.min(x),
            y0: b.y0.min(y),
            x1: b.x1.max(x),
            y1: b.y1.max(y),
        };
    }
    Bounds {
        x0: b.x0 - margin,
        y0: b.y0 - margin,
        x1: b.x1 + margin,
        y1: b.y1 + margin,
    }
}

/// Test maps of the two geometries no title draws yet (point-to-point and
/// square grid), for the browser's renderer tests (`web/e2e/fixtures`).
pub mod samples {
    use super::*;

    fn space(id: &str, name: &str, (x, y): (f64, f64), terrain: &str, features: &[&str]) -> Space {
        Space {
            id: id.into(),
            name: name.into(),
            boxed: false,
            x,
            y,
            terrain: terrain.into(),
            features: features.iter().map(|f| f.to_string()).collect(),
            value: None,
            colour: None,
            label: Some(if features.contains(&"town") { 0 } else { 1 }),
            detail: format!("{name}, {terrain}"),
        }
    }

    fn link(a: &str, b: &str, kinds: &[&str]) -> Link {
        Link {
            a: a.into(),
            b: b.into(),
            kinds: kinds.iter().map(|k| k.to_string()).collect(),
        }
    }

    fn key() -> Vec<KeyEntry> {
        vec![KeyEntry {
            kind: "control".into(),
            shape: MarkerShape::Ring,
            symbol: "C".into(),
            name: "Control".into(),
            colour: String::new(),
            rule: "test".into(),
            text: "The side that holds the space.".into(),
        }]
    }

    /// Seven places of the upper Hudson joined by roads, a trail and the
    /// lake, and a box for the Atlantic.
    pub fn node() -> Drawing {
        let mut spaces = vec![
            space("albany", "Albany", (40.0, 200.0), "town", &["town", "port"]),
            space("saratoga", "Saratoga", (42.0, 150.0), "clear", &[]),
            space("fort-edward", "Fort Edward", (45.0, 110.0), "clear", &["fort"]),
            space("bennington", "Bennington", (95.0, 165.0), "clear", &["town"]),
            space("ticonderoga", "Ticonderoga", (60.0, 50.0), "clear", &["fort"]),
            space("crown-point", "Crown Point", (62.0, 20.0), "clear", &["fort"]),
            space("skenesborough", "Skenesborough", (85.0, 80.0), "swamp", &[]),
        ];
        let mut atlantic = space("atlantic", "Atlantic", (120.0, 225.0), "water", &[]);
        atlantic.boxed = true;
        atlantic.label = Some(2);
        spaces.push(atlantic);
        Drawing {
            title: "test-node".into(),
            geometry: Geometry::Node,
            pieces: PieceStyle::Counter,
            unit: 30.0,
            bounds: bounds_around(spaces.iter().map(|s| (s.x, s.y)), 30.0),
            links: vec![
                link("albany", "saratoga", &["road"]),
                link("saratoga", "fort-edward", &["road"]),
                link("saratoga", "bennington", &["trail"]),
                link("fort-edward", "skenesborough", &["trail"]),
                link("fort-edward", "ticonderoga", &["road"]),
                link("ticonderoga", "crown-point", &["lake"]),
                link("skenesborough", "ticonderoga", &["lake"]),
                link("albany", "atlantic", &["river"]),
            ],
            spaces,
            lines: Vec::new(),
            labels: vec![Label {
                text: "Lake Champlain".into(),
                x: 80.0,
                y: 35.0,
                priority: 3,
            }],
            key: key(),
            geography: None,
            source: "A test map for the renderer, not a game's map.".into(),
        }
    }

    /// A grid of six by five squares with forest, a lake, a fort and a
    /// river along two sides.
    pub fn square() -> Drawing {
        let mut spaces = Vec::new();
        for row in 0..5 {
            for col in 0..6 {
                let terrain = match (col, row) {
                    (2, 1) | (2, 2) => "lake",
                    (4, _) | (5, 0) => "forest",
                    _ => "clear",
                };
                let features: &[&str] = match (col, row) {
                    (1, 3) => &["town"],
                    (3, 1) => &["fort"],
                    _ => &[],
                };
                let id = format!("{:02}{:02}", col + 1, row + 1);
                let name = if features.is_empty() {
                    format!("square {id}")
                } else {
                    ["Quebec", "Fort Frontenac"][usize::from(features[0] == "fort")].to_string()
                };
                let mut s = space(&id, &name, (col as f64 * 10.0, row as f64 * 10.0), terrain, features);
                if features.is_empty() {
                    s.label = None;
                }
                spaces.push(s);
            }
        }
        Drawing {
            title: "test-square".into(),
            geometry: Geometry::Square,
            pieces: PieceStyle::Counter,
            unit: 10.0,
            bounds: bounds_around(spaces.iter().map(|s| (s.x, s.y)), 10.0),
            spaces,
            links: vec![link("0101", "0201", &["river"]), link("0102", "0202", &["river"])],
            lines: Vec::new(),
            labels: Vec::new(),
            key: key(),
            geography: None,
            source: "A test map for the renderer, not a game's map.".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_test_maps_hold_together_and_match_the_browsers_fixtures() {
        for (name, d) in [("node", samples::node()), ("square", samples::square())] {
            d.check().unwrap();
            let path = format!("{}/../../web/e2e/fixtures/{name}-map.json", env!("CARGO_MANIFEST_DIR"));
            let json = serde_json::to_string_pretty(&d).unwrap() + "\n";
            if std::env::var_os("POWDERHORN_FIXTURES").is_some() {
                std::fs::write(&path, &json).unwrap();
            }
            let stored = std::fs::read_to_string(&path).unwrap_or_default();
            assert!(
                stored == json,
                "{path} is not the test map (regenerate: POWDERHORN_FIXTURES=1 cargo test -p engine drawing)"
            );
            let back: Drawing = serde_json::from_str(&stored).unwrap();
            assert_eq!(back, d);
        }
    }

    #[test]
    fn lambert_keeps_distances_and_puts_north_up() {
        assert_eq!(lambert(39.0, -75.0), (0.0, 0.0));
        let (ny, phila, boston) = (lambert(40.71, -74.01), lambert(39.95, -75.15), lambert(42.358, -71.058));
        let km = |a: (f64, f64), b: (f64, f64)| (a.0 - b.0).hypot(a.1 - b.1);
        // Great-circle distances: New York-Philadelphia 130 km, New York-Boston 306 km.
        assert!((km(ny, phila) - 130.0).abs() < 3.0, "{}", km(ny, phila));
        assert!((km(ny, boston) - 306.0).abs() < 5.0, "{}", km(ny, boston));
        assert!(
            boston.0 > ny.0 && boston.1 < ny.1,
            "Boston lies east and north of New York"
        );
    }

    #[test]
    fn check_names_what_a_client_could_not_draw() {
        let ok = samples::node();
        let mut twice = ok.clone();
        twice.spaces.push(twice.spaces[0].clone());
        let mut loose = ok.clone();
        loose.links.push(samples::node().links[0].clone());
        loose.links.last_mut().unwrap().b = "nowhere".into();
        let mut flat = ok.clone();
        flat.bounds.x1 = flat.bounds.x0;
        let mut keys = ok.clone();
        keys.key.push(keys.key[0].clone());
        for (bad, says) in [
            (twice, "listed twice"),
            (loose, "names no space nowhere"),
            (flat, "hold nothing"),
            (keys, "in the key twice"),
        ] {
            let e = bad.check().unwrap_err();
            assert!(e.contains(says), "{e}");
        }
        assert_eq!(ok.space("albany").map(|s| s.name.as_str()), Some("Albany"));
    }
}
