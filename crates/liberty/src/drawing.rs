//! The map as the browser draws it (`engine::Drawing`): flat-topped hexes
//! with their towns, the hexsides worth drawing, the river chains, the
//! control, battle and pinned markers, and the real coastline under them.

use crate::map::{Map, SideTerrain, Terrain};
use engine::drawing::{
    bounds_around, Drawing, Geography, Geometry, KeyEntry, Line, Link, MarkerShape, PieceStyle, Space,
};

fn r3(v: f64) -> f64 {
    (v * 1000.0).round() / 1000.0
}

/// The coastline and lakes in the grid's own projection
/// (`tools/coastline/gen.js` writes `data/coast.json`).
fn geography() -> Option<Geography> {
    Geography::from_coast_json(include_str!("../data/coast.json")).ok()
}

/// 1.0 Mapboard: hexes of size 1, y southward; boxes (1.5, 1.6) beside it.
pub fn drawing() -> Drawing {
    let m = Map::embedded();
    let px: Vec<(f64, f64)> = (0..m.spaces.len()).map(|h| m.pixel(h as u16)).collect();
    let spaces = m
        .spaces
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let boxed = s.terrain == Terrain::Box;
            let mut features = Vec::new();
            if s.town.is_some() {
                features.push("town".to_string());
            }
            if s.town.as_ref().is_some_and(|t| t.port) {
                features.push("port".into());
            }
            if s.wilderness {
                features.push("wilderness".into());
            }
            let (name, detail) = match (&s.town, s.id.as_str()) {
                (Some(t), _) => {
                    let port = if t.port { ", port" } else { "" };
                    let at = if boxed {
                        String::new()
                    } else {
                        format!(", hex {}", s.id)
                    };
                    (
                        t.name.clone(),
                        format!("{} ({:?} town, value {}{port}){at}", t.name, t.colour, t.value),
                    )
                }
                (None, "atlantic") => ("Atlantic".into(), "Atlantic box (1.6)".into()),
                (None, id) => (format!("hex {id}"), format!("hex {id}")),
            };
            let terrain = match s.terrain {
                Terrain::Land => "land",
                Terrain::Sea => "sea",
                Terrain::Box => "box",
            };
            let detail = match (boxed, s.wilderness) {
                (true, _) => detail,
                (false, true) => format!("{detail}, {terrain}, wilderness (1.4)"),
                (false, false) => format!("{detail}, {terrain}"),
            };
            Space {
                id: s.id.clone(),
                name,
                boxed,
                x: r3(px[i].0),
                y: r3(px[i].1),
                terrain: terrain.into(),
                features,
                value: s.town.as_ref().map(|t| i32::from(t.value)),
                colour: s.town.as_ref().map(|t| format!("{:?}", t.colour).to_lowercase()),
                // Boxes first, then the most valuable towns; a hex is known by its number.
                label: if boxed {
                    Some(0)
                } else {
                    s.town.as_ref().map(|t| 10 - t.value)
                },
                detail,
            }
        })
        .collect();
    let land = |h: u16| m.spaces[h as usize].terrain == Terrain::Land;
    let links = m
        .sides
        .iter()
        .filter_map(|s| {
            let kind = match s.terrain {
                SideTerrain::Forest => "forest",
                SideTerrain::Marsh => "marsh",
                SideTerrain::Clear if !land(s.a) || !land(s.b) => return None,
                SideTerrain::Clear if !s.ground => "bay",
                SideTerrain::Clear if s.naval => "navigable",
                SideTerrain::Clear => return None,
            };
            Some(Link {
                a: m.spaces[s.a as usize].id.clone(),
                b: m.spaces[s.b as usize].id.clone(),
                kinds: vec![kind.into()],
            })
        })
        .collect();
    let lines = m
        .rivers
        .iter()
        .map(|(name, hexes)| Line {
            kind: "river".into(),
            name: name.clone(),
            points: hexes
                .iter()
                .map(|&h| [r3(px[h as usize].0), r3(px[h as usize].1)])
                .collect(),
        })
        .collect();
    let b = bounds_around(px.iter().copied(), 1.0);
    Drawing {
        title: "liberty".into(),
        geometry: Geometry::Hex,
        pieces: PieceStyle::Block,
        unit: 1.0,
        bounds: engine::drawing::Bounds {
            x0: r3(b.x0),
            y0: r3(b.y0),
            x1: r3(b.x1),
            y1: r3(b.y1),
        },
        spaces,
        links,
        lines,
        labels: Vec::new(),
        key: vec![
            KeyEntry::new(
                "control",
                MarkerShape::Ring,
                "C",
                "Control",
                "5.3",
                "The side that controls the hex: its blocks hold it, or its colour when empty.",
            ),
            KeyEntry::new(
                "battle",
                MarkerShape::Ring,
                "B",
                "Battle",
                "7.0",
                "The battle being fought.",
            ),
            KeyEntry::new(
                "pinned",
                MarkerShape::Chip,
                "P",
                "Pinned",
                "5.4",
                "How many of the defender's blocks the attackers pin there: they may not move this Game Turn, \
                 and the others may not leave across the hexsides the attackers came by.",
            ),
        ],
        geography: geography(),
        source: "This map is reconstructed from real geography, not the publisher's map.".into(),
    }
}
