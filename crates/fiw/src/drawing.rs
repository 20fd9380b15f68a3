//! 2.1 The map as the browser draws it (`engine::Drawing`): the square
//! grid (2.5) in kilometres of the grid's own frame, each square with its
//! terrain (2.12), places and symbols, the colony borders along square
//! sides (2.13), the roads, rivers and trails (13.5), the holding boxes
//! beside the map (2.15, 21.0), the colonies' and waters' names, the key of
//! the markers, and the real coastline under it all (`data/coast.json`).
//!
//! The frame is the one `tools/coastline/gen.js` writes `coast.json` in:
//! x east along a row and y south down a column, in km from square 0101's
//! north-west corner, so a square's centre is at ((col - ½) × 150,
//! (row - ½) × 150) and the coastline lies right under the squares.

use crate::map::{
    Colony, Empire, LinkKind, Map, Place, Settlement, Sq, Square, Terrain, Water, Works, COLUMNS, ROWS, SIDE_KM,
};
use engine::drawing::{
    bounds_around, Drawing, Geography, Geometry, KeyEntry, Label, Line, Link, MarkerShape, PieceStyle, Space,
};
use std::collections::HashMap;

/// 2.5 "Each square is about 150 kilometers across": one square is one
/// unit of the drawing, and the drawing's units are those kilometres.
pub const UNIT: f64 = SIDE_KM;

/// The size of a box beside the map in drawing units: the renderer draws
/// every box of a square map 2.4 by 1.4 squares (`web/geometry.js`, class
/// `Square`), so the boxes are placed with that room around them.
const BOX_W: f64 = 2.4 * UNIT;
const BOX_H: f64 = 1.4 * UNIT;
/// The gap between the map's east edge and the boxes.
const BOX_GAP: f64 = 0.3 * UNIT;
/// The margin of the drawing around the squares and boxes (half a square).
const MARGIN: f64 = 0.5 * UNIT;

/// The kind of the links that are colony borders. Not "border": the
/// renderer gives every link it draws along a side the class `border` as
/// well as its kinds (`web/board.js`), so a kind "border" could not be
/// styled apart from a river or a forest side.
pub const COLONY_BORDER: &str = "colony-border";

/// Where a square's centre is drawn: km of the grid's frame (x east along
/// the rows, y south down the columns, from 0101's north-west corner).
pub fn centre(sq: Sq) -> (f64, f64) {
    ((f64::from(sq.col) - 0.5) * UNIT, (f64::from(sq.row) - 0.5) * UNIT)
}

/// Where a place of the earth is drawn: the shared projection
/// ([`engine::drawing::lambert`]) turned and shifted as the grid is
/// (`map.rs`), the frame of `coast.json`.
pub fn point(lat: f64, lon: f64) -> (f64, f64) {
    let turn = |(x, y): (f64, f64)| {
        let r = crate::map::ROTATION_DEG.to_radians();
        (r.cos() * x + r.sin() * y, -r.sin() * x + r.cos() * y)
    };
    // The turned grid has 0101's centre where `centre` draws it.
    let origin = Sq { col: 1, row: 1 };
    let (u0, v0) = turn(origin.centre_km());
    let (u, v) = turn(engine::drawing::lambert(lat, lon));
    let (cx, cy) = centre(origin);
    (u - u0 + cx, v - v0 + cy)
}

/// 2.15 Holding boxes, 21.0 Base Areas and ruling fiw #21: the places
/// beside the map where pieces stand (id, name, where, what the rules say).
/// The home bases stand off the east edge their fleets cross (21.11,
/// 21.12), the French West Indies off the south-east corner (entered from
/// the south or east edge, ruling fiw #21), the leaders and the prisoners
/// (17.42: captured leaders; ruling fiw #4) below the home bases.
pub fn boxes() -> Vec<(&'static str, &'static str, f64, f64, &'static str)> {
    let x = f64::from(COLUMNS) * UNIT + BOX_GAP + BOX_W / 2.0;
    let bottom = f64::from(ROWS) * UNIT;
    vec![
        (
            "britain",
            "British Home Base",
            x,
            4.5 * UNIT,
            "British units off the map in the British Isles (2.15, 21.0); fleets enter and leave by any sea square of the east edge (21.11)",
        ),
        (
            "france",
            "French Home Base",
            x,
            6.5 * UNIT,
            "French units off the map in France (2.15, 21.0); fleets enter and leave by any sea square of the east edge (21.12)",
        ),
        (
            "leaders",
            "Leaders",
            x,
            9.5 * UNIT,
            "Leaders available but not yet in play (2.15)",
        ),
        (
            "prisoners",
            "Prisoners",
            x,
            11.5 * UNIT,
            "Leaders held off the map by the player who captured them (17.42)",
        ),
        (
            "west-indies",
            "French West Indies",
            x,
            bottom - BOX_H / 2.0,
            "French and Spanish units off the map in the West Indies (10.3, 21.21); entered by sea from the south or east edge (ruling fiw #21)",
        ),
    ]
}

/// 2.1-2.15, 13.5: the French & Indian War's map as every client draws it.
pub fn drawing(m: &Map) -> Drawing {
    let mut spaces: Vec<Space> = m.squares.iter().map(|s| square_space(m, s)).collect();
    let grid = (f64::from(COLUMNS) * UNIT, f64::from(ROWS) * UNIT);
    let mut corners = vec![(0.0, 0.0), grid];
    for (id, name, x, y, detail) in boxes() {
        corners.push((x - BOX_W / 2.0, y - BOX_H / 2.0));
        corners.push((x + BOX_W / 2.0, y + BOX_H / 2.0));
        spaces.push(Space {
            id: id.into(),
            name: name.into(),
            boxed: true,
            x,
            y,
            terrain: "box".into(),
            features: Vec::new(),
            value: None,
            colour: None,
            label: Some(0),
            detail: format!("{name}: {detail}."),
        });
    }
    Drawing {
        title: "fiw".into(),
        geometry: Geometry::Square,
        // Blocks, whose backs show only the side's colour: 27.1 lets a
        // player examine enemy units only with a unit of his in their
        // square, in combat, or in a city or town of his. (2.3's pieces are
        // cardboard, each side's printed in its colour blocks.)
        pieces: PieceStyle::Block,
        unit: UNIT,
        bounds: bounds_around(corners, MARGIN),
        spaces,
        links: links(m),
        lines: rivers(m),
        labels: labels(m),
        key: key(),
        geography: Geography::from_coast_json(include_str!("../data/coast.json")).ok(),
        source: "This map is reconstructed from real geography and the rules, not the publisher's map.".into(),
    }
}

/// 2.12 a square's terrain, 13.71 all-water squares, and what its places
/// and symbols add (10.1 cities and towns, 23.0 forts and fortresses, 16.0
/// capitals, 25.2 Indian villages, 14.4 settled squares, 20.33 ports, 9.1
/// trading and manufacturing symbols).
fn square_space(m: &Map, s: &Square) -> Space {
    let sq = s.sq;
    let places = ordered(m.places_in(sq).collect());
    let names: Vec<&str> = places.iter().map(|p| p.name.trim()).filter(|n| !n.is_empty()).collect();
    let name = if names.is_empty() {
        format!("square {sq}")
    } else {
        names.join(" / ")
    };
    // "town" and "fort" are the renderer's marks for a settlement and a
    // fortification (`web/geometry.js`, `Square.decorate`: a dot and a bold
    // name, a small square), so a city carries "town" as well and a
    // fortress "fort" as well; "city" and "fortress" say which it is.
    let mut features: Vec<&str> = Vec::new();
    match m.settlement(sq) {
        Some(Settlement::City) => features.extend(["city", "town"]),
        Some(Settlement::Town) => features.push("town"),
        None => {}
    }
    match m.works(sq) {
        Some(Works::Fort) => features.push("fort"),
        Some(Works::Fortress) => features.extend(["fortress", "fort"]),
        None => {}
    }
    if places.iter().any(|p| p.capital) {
        features.push("capital");
    }
    if m.village(sq).is_some() {
        features.push("village");
    }
    if s.terrain == Terrain::Settled {
        features.push("settlement");
    }
    if s.port {
        features.push("port");
    }
    if s.trading > 0 {
        features.push("trading");
    }
    if s.manufacturing > 0 {
        features.push("manufacturing");
    }
    // Capitals and cities first (the places the rules name most), then
    // towns and fortresses, forts, and Indian villages last; a square
    // without a place is known by its number.
    let label = (!names.is_empty()).then(|| {
        if features.contains(&"capital") || features.contains(&"city") {
            0
        } else if features.contains(&"town") || features.contains(&"fortress") {
            1
        } else if features.contains(&"fort") {
            2
        } else {
            3
        }
    });
    let (x, y) = centre(sq);
    Space {
        id: sq.to_string(),
        name: name.clone(),
        boxed: false,
        x,
        y,
        terrain: s.terrain.id().into(),
        features: features.into_iter().map(str::to_string).collect(),
        value: None,
        colour: None,
        label,
        detail: detail(m, s, &name, &places),
    }
}

/// A square's places, the settlement first, then the works, then the village.
fn ordered(mut places: Vec<&Place>) -> Vec<&Place> {
    places.sort_by_key(|p| (p.settlement.is_none(), p.works.is_none(), p.tribe.is_some()));
    places
}

/// The square in words: "Quebec / Lorette, square 1206: New France
/// (French), settled. Quebec: city, fortress, capital of New France. ...".
fn detail(m: &Map, s: &Square, name: &str, places: &[&Place]) -> String {
    let sq = s.sq;
    let head = if places.is_empty() {
        format!("Square {sq}")
    } else {
        format!("{name}, square {sq}")
    };
    let mut parts = Vec::new();
    match s.colony {
        None => {
            let what = if s.terrain == Terrain::Lake { "lake" } else { "sea" };
            let water = s
                .waters
                .first()
                .map_or(String::new(), |w| format!(", {}", water_name(*w)));
            parts.push(format!("{head}: all {what}{water} (13.71: naval units only)"));
        }
        Some(c) => parts.push(format!("{head}: {}, {}", colony_words(c), terrain_words(s.terrain))),
    }
    for p in places {
        parts.push(place_words(m, p));
    }
    if s.port {
        parts.push("Port (20.33)".into());
    }
    let symbols: Vec<String> = [(s.trading, "trading"), (s.manufacturing, "manufacturing")]
        .into_iter()
        .filter(|&(n, _)| n > 0)
        .map(|(n, what)| format!("{n} {what} symbol{}", if n == 1 { "" } else { "s" }))
        .collect();
    if !symbols.is_empty() {
        parts.push(format!("{} (9.1)", symbols.join(", ")));
    }
    if s.colony.is_some() && !s.waters.is_empty() {
        let waters: Vec<&str> = s.waters.iter().map(|w| water_name(*w)).collect();
        parts.push(format!("On the {}", waters.join(" and the ")));
    }
    parts.join(". ") + "."
}

fn colony_words(c: Colony) -> String {
    match c.empire() {
        None => "disputed land (5.4)".into(),
        Some(Empire::British) => format!("{} (British)", c.name()),
        Some(Empire::French) => format!("{} (French)", c.name()),
        Some(Empire::Spanish) => format!("{} (Spanish)", c.name()),
    }
}

fn terrain_words(t: Terrain) -> &'static str {
    match t {
        Terrain::Clear => "clear",
        Terrain::Settled => "settled (a settlement square, 14.4)",
        Terrain::Wilderness => "wilderness",
        Terrain::Rough => "rough",
        Terrain::Mountain => "mountain",
        Terrain::Sea => "all sea",
        Terrain::Lake => "all lake",
    }
}

/// "Quebec: city, fortress, capital of New France"; "Lorette: Indian
/// village of the Huron".
fn place_words(m: &Map, p: &Place) -> String {
    let mut what = Vec::new();
    match p.settlement {
        Some(Settlement::City) => what.push("city".to_string()),
        Some(Settlement::Town) => what.push("town".into()),
        None => {}
    }
    match p.works {
        Some(Works::Fort) => what.push("fort".into()),
        Some(Works::Fortress) => what.push("fortress".into()),
        None => {}
    }
    if p.capital {
        if let Some(c) = m.colony(p.sq) {
            what.push(format!("capital of {}", c.name()));
        }
    }
    if let Some(t) = &p.tribe {
        what.push(format!("Indian village of the {} (25.2)", engine::log::capitalised(t)));
    }
    let name = p.name.trim();
    if name.is_empty() {
        engine::log::capitalised(&what.join(", "))
    } else {
        format!("{name}: {}", what.join(", "))
    }
}

/// The seas and Great Lakes by name (20.1, 20.2).
pub fn water_name(w: Water) -> &'static str {
    match w {
        Water::Atlantic => "Atlantic",
        Water::BayOfFundy => "Bay of Fundy",
        Water::GulfOfStLawrence => "Gulf of St. Lawrence",
        Water::ChesapeakeBay => "Chesapeake Bay",
        Water::GulfOfMexico => "Gulf of Mexico",
        Water::HudsonBay => "Hudson Bay",
        Water::LakeSuperior => "Lake Superior",
        Water::LakeMichigan => "Lake Michigan",
        Water::LakeHuron => "Lake Huron",
        Water::LakeErie => "Lake Erie",
        Water::LakeOntario => "Lake Ontario",
    }
}

/// 13.51, 13.53 the roads and trails and 13.71 the all-water sides and
/// vertices, with their kinds; then 2.13 the colony borders, which "run
/// along the sides of squares", between orthogonal neighbours of two
/// colonies (disputed land, 5.4, counting as one). A side that is both
/// carries both kinds in one link.
///
/// Roads and trails are links: the renderer draws them from centre to
/// centre (`web/geometry.js` `alongCentres`), across a vertex as well as a
/// side, as the units move along them. Borders and water are links drawn on
/// the side the two squares share. Rivers are not links but lines
/// ([`rivers`]): the renderer draws every other link kind on the shared
/// side, which would show a river running along the border of two squares
/// when it runs through both of them.
fn links(m: &Map) -> Vec<Link> {
    let mut out: Vec<Link> = Vec::new();
    let mut at: HashMap<(Sq, Sq), usize> = HashMap::new();
    let mut add = |a: Sq, b: Sq, kind: &str| {
        let key = if a < b { (a, b) } else { (b, a) };
        match at.get(&key) {
            Some(&i) => out[i].kinds.push(kind.into()),
            None => {
                at.insert(key, out.len());
                out.push(Link {
                    a: a.to_string(),
                    b: b.to_string(),
                    kinds: vec![kind.into()],
                });
            }
        }
    };
    for l in m.links.iter().filter(|l| l.kind != LinkKind::River) {
        add(l.a, l.b, l.kind.id());
    }
    for sq in Sq::all() {
        let Some(here) = m.colony(sq) else { continue };
        for n in [Sq::new(sq.col + 1, sq.row), Sq::new(sq.col, sq.row + 1)]
            .into_iter()
            .flatten()
        {
            if m.colony(n).is_some_and(|there| there != here) {
                add(sq, n, COLONY_BORDER);
            }
        }
    }
    out
}

/// 13.52 the rivers, as lines from square centre to square centre through
/// the squares they join, a line for each unbranched stretch of each river
/// (named from its links' notes, as `data/links.tsv` writes them). Liberty
/// draws its rivers through hexes the same way; the renderer styles lines
/// of kind "river" (`web/style.css` `.line.river`).
fn rivers(m: &Map) -> Vec<Line> {
    let mut groups: Vec<(String, Vec<(Sq, Sq)>)> = Vec::new();
    for l in m.links.iter().filter(|l| l.kind == LinkKind::River) {
        let name = river_name(&l.note);
        match groups.iter_mut().find(|g| g.0 == name) {
            Some(g) => g.1.push((l.a, l.b)),
            None => groups.push((name, vec![(l.a, l.b)])),
        }
    }
    let mut lines = Vec::new();
    for (name, edges) in groups {
        for chain in chains(&edges) {
            lines.push(Line {
                kind: "river".into(),
                name: name.clone(),
                points: chain
                    .iter()
                    .map(|&s| {
                        let (x, y) = centre(s);
                        [x, y]
                    })
                    .collect(),
            });
        }
    }
    lines
}

/// "rule 13.5; reconstructed: the Mississippi (also the Vincennes trace)"
/// names the Mississippi; a note that names none, a river.
fn river_name(note: &str) -> String {
    let text = note.split_once("reconstructed:").map_or("", |(_, t)| t).trim();
    let main = text.split(" (").next().unwrap_or("").trim();
    let main = main.strip_prefix("the ").unwrap_or(main);
    if main.is_empty() {
        "River".into()
    } else {
        engine::log::capitalised(main)
    }
}

/// The edges of a river as paths: each runs from an end or a fork to the
/// next end or fork, so each edge is in exactly one path.
fn chains(edges: &[(Sq, Sq)]) -> Vec<Vec<Sq>> {
    let degree = |s: Sq| edges.iter().filter(|e| e.0 == s || e.1 == s).count();
    let mut nodes: Vec<Sq> = edges.iter().flat_map(|e| [e.0, e.1]).collect();
    nodes.sort();
    nodes.dedup();
    // Ends and forks first; what is left is a loop, started anywhere.
    nodes.sort_by_key(|&s| degree(s) == 2);
    let mut used = vec![false; edges.len()];
    let mut out = Vec::new();
    for start in nodes {
        loop {
            let mut path = vec![start];
            let mut here = start;
            while let Some(i) = (0..edges.len()).find(|&i| !used[i] && (edges[i].0 == here || edges[i].1 == here)) {
                used[i] = true;
                here = if edges[i].0 == here { edges[i].1 } else { edges[i].0 };
                path.push(here);
                if degree(here) != 2 {
                    break;
                }
            }
            if path.len() < 2 {
                break;
            }
            out.push(path);
        }
    }
    out
}

/// 2.11 the colonies' names, each at the middle of its squares (at its
/// square nearest that middle, for a colony whose middle falls outside it,
/// as Massachusetts with Maine), 5.4 "Disputed" on each stretch of disputed
/// land, and the seas and Great Lakes (20.1, 20.2) in the middle of their
/// all-water squares, or of the squares on their shores when they have
/// none.
fn labels(m: &Map) -> Vec<Label> {
    let mut out = Vec::new();
    for c in Colony::ALL.into_iter().filter(|&c| c != Colony::Disputed) {
        let squares: Vec<Sq> = m.squares_of(c).collect();
        if let Some((x, y)) = middle(&squares) {
            out.push(Label {
                text: c.name().into(),
                x,
                y,
                priority: 0,
            });
        }
    }
    for region in regions(m, Colony::Disputed) {
        if region.len() >= 3 {
            if let Some((x, y)) = middle(&region) {
                out.push(Label {
                    text: "Disputed".into(),
                    x,
                    y,
                    priority: 2,
                });
            }
        }
    }
    let waters = [
        Water::Atlantic,
        Water::GulfOfMexico,
        Water::HudsonBay,
        Water::GulfOfStLawrence,
        Water::LakeSuperior,
        Water::LakeMichigan,
        Water::LakeHuron,
        Water::LakeErie,
        Water::LakeOntario,
        Water::BayOfFundy,
        Water::ChesapeakeBay,
    ];
    for w in waters {
        let part: Vec<Sq> = m
            .squares
            .iter()
            .filter(|s| s.terrain.is_water() && s.waters.contains(&w))
            .map(|s| s.sq)
            .collect();
        let squares = if part.is_empty() {
            m.squares
                .iter()
                .filter(|s| s.waters.contains(&w))
                .map(|s| s.sq)
                .collect()
        } else {
            part
        };
        if let Some((x, y)) = middle(&squares) {
            out.push(Label {
                text: water_name(w).into(),
                x,
                y,
                priority: 1,
            });
        }
    }
    out
}

/// The middle of these squares, or the centre of the one nearest it when
/// it lies in none of them.
fn middle(squares: &[Sq]) -> Option<(f64, f64)> {
    if squares.is_empty() {
        return None;
    }
    let n = squares.len() as f64;
    let (sx, sy) = squares
        .iter()
        .map(|&s| centre(s))
        .fold((0.0, 0.0), |a, p| (a.0 + p.0, a.1 + p.1));
    let (x, y) = (sx / n, sy / n);
    // The square holding the point (one on a side is in the square east or
    // south of it, as `Sq::at_km` counts).
    let holder = Sq::new((x / UNIT).floor() as u8 + 1, (y / UNIT).floor() as u8 + 1);
    if holder.is_some_and(|h| squares.contains(&h)) {
        return Some((x, y));
    }
    squares
        .iter()
        .map(|&s| centre(s))
        .min_by(|a, b| (a.0 - x).hypot(a.1 - y).total_cmp(&(b.0 - x).hypot(b.1 - y)))
}

/// The stretches of a colony's land joined across sides.
fn regions(m: &Map, c: Colony) -> Vec<Vec<Sq>> {
    let mut seen = vec![false; m.squares.len()];
    let mut out = Vec::new();
    for start in m.squares_of(c) {
        if seen[start.index()] {
            continue;
        }
        seen[start.index()] = true;
        let mut region = vec![start];
        let mut i = 0;
        while i < region.len() {
            for n in region[i].orthogonal() {
                if !seen[n.index()] && m.colony(n) == Some(c) {
                    seen[n.index()] = true;
                    region.push(n);
                }
            }
            i += 1;
        }
        out.push(region);
    }
    out
}

/// The markers the game puts on the board, as the map's key explains them:
/// 2.34 and 22.0 the civilization markers, 31.0 massacre, 23.2 siege and
/// 2.35 control.
fn key() -> Vec<KeyEntry> {
    let entry = KeyEntry::new;
    let coloured = |kind, symbol, name, colour: &str, rule, text| KeyEntry {
        colour: colour.into(),
        ..entry(kind, MarkerShape::Chip, symbol, name, rule, text)
    };
    vec![
        entry(
            "fort",
            MarkerShape::Chip,
            "F",
            "Fort",
            "2.34, 22.0, 23.0",
            "A defensive position (23.0), taken by enemy combat units that enter it when it is left empty (22.4)",
        ),
        entry(
            "fortress",
            MarkerShape::Chip,
            "FF",
            "Fortress",
            "2.34, 22.0, 23.2",
            "A permanent defensive position: its defenders ignore retreats and may be besieged",
        ),
        entry(
            "magazine",
            MarkerShape::Chip,
            "M",
            "Magazine",
            "2.34, 22.0, 18.6",
            "A logistics centre: units that trace a line of supply to it are in supply",
        ),
        entry(
            "trail",
            MarkerShape::Chip,
            "T",
            "Trail",
            "2.34, 22.2, 13.53",
            "A road cut through the wilderness: it works as a trail printed on the map",
        ),
        coloured(
            "massacre",
            "X",
            "Massacre",
            "#7a1f1f",
            "31.0",
            "A massacred square: no forage, taxes or victory points, no deployment there until removed",
        ),
        coloured(
            "siege",
            "S",
            "Siege",
            "#5b4a2f",
            "23.2",
            "A fortress under siege: the besieged may not leave, the besiegers stay outside it",
        ),
        entry(
            "control",
            MarkerShape::Ring,
            "C",
            "Control",
            "2.35, 5.1-5.3",
            "The player who controls the colony (its marker may stand in the colony on the map)",
        ),
    ]
}
