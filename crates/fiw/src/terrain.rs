//! 2.12 Terrain and the Terrain Effects Chart, from
//! `data/terrain-effects.tsv`: what a square's terrain, its features and the
//! routes through it cost to move (13.1, 13.5), how they multiply a
//! defender (15.74, 15.75) and how many units they feed (18.32).

use engine::table::{self, Row, TableError};
use std::path::Path;

const TERRAIN_TSV: &str = include_str!("../data/terrain-effects.tsv");
/// The file `--data` may replace.
pub const FILE: &str = "terrain-effects.tsv";
const COLUMNS: &[&str] = &["id", "kind", "heavy-move", "light-move", "heavy", "light", "forage"];

/// What a row of the chart describes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The one terrain of a square (the map's vocabulary).
    Terrain,
    /// A square feature: city, town, fort, fortress.
    Feature,
    /// 13.5 a route a step may follow.
    Route,
}

/// Every row the chart has, fixed because the map names them.
pub const ROWS: [(&str, Kind); 15] = [
    ("clear", Kind::Terrain),
    ("settled", Kind::Terrain),
    ("wilderness", Kind::Terrain),
    ("rough", Kind::Terrain),
    ("mountain", Kind::Terrain),
    ("sea", Kind::Terrain),
    ("lake", Kind::Terrain),
    ("city", Kind::Feature),
    ("town", Kind::Feature),
    ("fort", Kind::Feature),
    ("fortress", Kind::Feature),
    ("road", Kind::Route),
    ("river", Kind::Route),
    ("lake-coast", Kind::Route),
    ("trail", Kind::Route),
];

/// 13.1, 13.5 the cost of entering a square or of a step along a route.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cost {
    /// In half movement points (13.51: a road costs one-half).
    Halves(u8),
    /// 13.71 closed to land movement.
    Prohibited,
}

/// One row of the chart.
#[derive(Clone, Debug)]
pub struct Effect {
    pub id: String,
    pub kind: Kind,
    /// Heavy and light units' cost (17.9 the light movement rates); `None`
    /// for a feature, which changes no cost.
    pub heavy_move: Option<Cost>,
    pub light_move: Option<Cost>,
    /// 15.74 the heavy and light defence multiples; `None` for a route.
    pub heavy: Option<u8>,
    pub light: Option<u8>,
    /// 18.32 regimental equivalents fed; `None`: no effect.
    pub forage: Option<u8>,
    pub reason: String,
}

/// A defending unit as 15.74 multiplies it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Defender {
    /// The printed combat strength.
    pub strength: u32,
    /// 2.32 a "+" on the counter (a legion as its owner declares, 26.0).
    pub light: bool,
    /// 20.63 naval units always defend at their printed strength.
    pub naval: bool,
}

/// The Terrain Effects Chart.
#[derive(Clone, Debug)]
pub struct TerrainEffects {
    pub rows: Vec<Effect>,
}

fn cost(row: &Row, column: &str) -> Result<Option<Cost>, TableError> {
    let expected = "movement points in halves (0.5 to 6) or x (prohibited)";
    match row.opt(column) {
        None => Ok(None),
        Some("x") => Ok(Some(Cost::Prohibited)),
        Some(text) => {
            let points: f32 = text.parse().map_err(|_| row.error(column, expected))?;
            let halves = points * 2.0;
            if halves.fract() != 0.0 || !(1.0..=12.0).contains(&halves) {
                return Err(row.error(column, expected));
            }
            Ok(Some(Cost::Halves(halves as u8)))
        }
    }
}

fn optional(row: &Row, column: &str, range: std::ops::RangeInclusive<u8>) -> Result<Option<u8>, TableError> {
    match row.opt(column) {
        None => Ok(None),
        Some(_) => row.range(column, range).map(Some),
    }
}

impl TerrainEffects {
    pub fn read(dir: Option<&Path>) -> Result<TerrainEffects, TableError> {
        let t = table::read(dir, FILE, TERRAIN_TSV, COLUMNS)?;
        let mut rows: Vec<Effect> = Vec::new();
        for row in t.rows() {
            let id = row.str("id");
            let Some(&(_, kind)) = ROWS.iter().find(|(r, _)| *r == id) else {
                let ids: Vec<&str> = ROWS.iter().map(|(r, _)| *r).collect();
                return Err(row.error("id", format!("one of {}", ids.join("|"))));
            };
            if rows.iter().any(|r| r.id == id) {
                return Err(row.error("id", "each terrain, feature or route once"));
            }
            let words = [
                ("terrain", Kind::Terrain),
                ("feature", Kind::Feature),
                ("route", Kind::Route),
            ];
            let word = words.iter().find(|(_, k)| *k == kind).map_or("", |(w, _)| w);
            if row.one_of("kind", &words)? != kind {
                return Err(row.error("kind", format!("{word} (the kind of '{id}')")));
            }
            // 15.74: "doubled or tripled", never more.
            let e = Effect {
                id: id.to_string(),
                kind,
                heavy_move: cost(&row, "heavy-move")?,
                light_move: cost(&row, "light-move")?,
                heavy: optional(&row, "heavy", 1..=3)?,
                light: optional(&row, "light", 1..=3)?,
                forage: optional(&row, "forage", 0..=12)?,
                reason: row.reason().to_string(),
            };
            let (moves, multiplies) = (kind != Kind::Feature, kind != Kind::Route);
            for (column, present, wanted) in [
                ("heavy-move", e.heavy_move.is_some(), moves),
                ("light-move", e.light_move.is_some(), moves),
                ("heavy", e.heavy.is_some(), multiplies),
                ("light", e.light.is_some(), multiplies),
                ("forage", e.forage.is_some(), kind == Kind::Terrain),
            ] {
                if wanted && !present {
                    return Err(row.error(column, format!("a value for a {word}")));
                }
                if present && !wanted && column != "forage" {
                    return Err(row.error(column, format!("an empty cell for a {word}")));
                }
            }
            if kind == Kind::Route && e.forage.is_some() {
                return Err(row.error("forage", "an empty cell for a route"));
            }
            if kind == Kind::Route && [e.heavy_move, e.light_move].contains(&Some(Cost::Prohibited)) {
                return Err(row.error("heavy-move", "a cost for a route (13.5)"));
            }
            rows.push(e);
        }
        for (id, _) in ROWS {
            if !rows.iter().any(|r| r.id == id) {
                return Err(t.error(format!("a row '{id}' (2.12 Terrain Effects Chart)"), "none"));
            }
        }
        Ok(TerrainEffects { rows })
    }

    pub fn embedded() -> TerrainEffects {
        TerrainEffects::read(None).expect("the embedded Terrain Effects Chart is valid (tests/terrain.rs)")
    }

    /// The row of a terrain, feature or route of [`ROWS`]; panics on another
    /// id, which the map's loader never gives.
    pub fn get(&self, id: &str) -> &Effect {
        self.rows
            .iter()
            .find(|r| r.id == id)
            .unwrap_or_else(|| panic!("no Terrain Effects Chart row '{id}'"))
    }

    /// 13.1, 13.5, 17.9 the cost of entering a square of `terrain`, or of
    /// a step along a route, for a heavy or a light unit; a trail marker
    /// costs as a trail.
    // ruling: fiw #12
    pub fn cost(&self, id: &str, light: bool) -> Cost {
        let e = self.get(id);
        let cost = if light { e.light_move } else { e.heavy_move };
        cost.unwrap_or_else(|| panic!("'{id}' is a feature: it has no movement cost"))
    }

    /// 15.74, 15.75 the multiple of one defending unit under `id`, the one
    /// terrain or feature its force chose (ruling fiw #14).
    pub fn multiple(&self, id: &str, unit: Defender) -> u32 {
        // ruling: fiw #14
        let e = self.get(id);
        if unit.naval {
            return 1;
        }
        let m = if unit.light { e.light } else { e.heavy };
        u32::from(m.unwrap_or(1))
    }

    /// 15.74 the defence strength of a force that chose `id` as its one
    /// multiple: each unit takes that row's heavy or light multiple
    /// (ruling fiw #14).
    pub fn defence(&self, id: &str, units: &[Defender]) -> u32 {
        units.iter().map(|&u| u.strength * self.multiple(id, u)).sum()
    }

    /// 15.74 the defender's best choice among the square's terrain and
    /// features: the one giving the highest strength, and that strength.
    pub fn best_defence<'a>(&self, choices: &[&'a str], units: &[Defender]) -> (&'a str, u32) {
        let mut scored = choices.iter().map(|&id| (id, self.defence(id, units)));
        let first = scored.next().expect("a square has a terrain");
        scored.fold(first, |best, c| if c.1 > best.1 { c } else { best })
    }

    /// 18.32 a square's forage value: its terrain's, or a feature's when
    /// higher.
    pub fn forage(&self, terrain: &str, features: &[&str]) -> u8 {
        features
            .iter()
            .filter_map(|f| self.get(f).forage)
            .fold(self.get(terrain).forage.unwrap_or(0), u8::max)
    }
}
