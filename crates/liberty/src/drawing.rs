//! The map as the browser draws it: spaces with drawing coordinates, the
//! hexsides worth drawing and the river chains (web/liberty.js renders it).

use crate::map::{Map, SideTerrain, Terrain};
use serde_json::{json, Value};

fn r3(v: f64) -> f64 {
    (v * 1000.0).round() / 1000.0
}

/// Liberty: spaces with drawing coordinates (flat-topped hexes of size 1,
/// y southward), the hexsides worth drawing (forest, marsh, river, bay or
/// navigable land-land sides) with their end points, and the river chains.
pub fn map_json() -> Value {
    let m = Map::embedded();
    let px: Vec<(f64, f64)> = (0..m.spaces.len()).map(|h| m.pixel(h as u16)).collect();
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for &(x, y) in &px {
        x0 = x0.min(x);
        y0 = y0.min(y);
        x1 = x1.max(x);
        y1 = y1.max(y);
    }
    let spaces: Vec<Value> = m
        .spaces
        .iter()
        .enumerate()
        .map(|(i, s)| {
            json!({
                "id": s.id, "x": r3(px[i].0), "y": r3(px[i].1), "col": s.col, "row": s.row,
                "terrain": s.terrain, "zone": s.zone, "wilderness": s.wilderness, "town": s.town,
            })
        })
        .collect();
    let land = |h: u16| m.spaces[h as usize].terrain == Terrain::Land;
    let sides: Vec<Value> = m
        .sides
        .iter()
        .filter(|s| s.terrain != SideTerrain::Clear || s.river || (land(s.a) && land(s.b) && (!s.ground || s.naval)))
        .map(|s| {
            let (ax, ay) = px[s.a as usize];
            let (bx, by) = px[s.b as usize];
            let (mx, my) = ((ax + bx) / 2.0, (ay + by) / 2.0);
            let (dx, dy) = (bx - ax, by - ay);
            let len = (dx * dx + dy * dy).sqrt().max(1e-9);
            // The shared edge is perpendicular to the centre line, one hex size long.
            let (ux, uy) = (-dy / len * 0.5, dx / len * 0.5);
            json!({
                "a": m.spaces[s.a as usize].id, "b": m.spaces[s.b as usize].id,
                "terrain": s.terrain, "ground": s.ground, "naval": s.naval, "river": s.river,
                "x1": r3(mx - ux), "y1": r3(my - uy), "x2": r3(mx + ux), "y2": r3(my + uy),
            })
        })
        .collect();
    let rivers: Vec<Value> = m
        .rivers
        .iter()
        .map(|(name, hexes)| {
            json!({
                "name": name,
                "hexes": hexes.iter().map(|&h| &m.spaces[h as usize].id).collect::<Vec<_>>(),
                "points": hexes.iter().map(|&h| [r3(px[h as usize].0), r3(px[h as usize].1)]).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({
        "title": "liberty",
        "layout": "flat-topped hexes, size 1 (centre to corner), y grows southward",
        "reconstructed": "This map is reconstructed from real geography, not the publisher's map.",
        "bounds": {"x0": r3(x0 - 1.0), "y0": r3(y0 - 1.0), "x1": r3(x1 + 1.0), "y1": r3(y1 + 1.0)},
        "spaces": spaces,
        "sides": sides,
        "rivers": rivers,
    })
}
