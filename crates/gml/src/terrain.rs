//! The Terrain Effects Table (with 8.21 (3) and 8.26 for the works), from
//! `data/terrain-effects.tsv`: what a space, its works and the line its
//! attackers came by add to a unit's Combat Value (8.21; ruling gml #15).

use engine::table::{self, TableError};
use std::path::Path;

const TERRAIN_TSV: &str = include_str!("../data/terrain-effects.tsv");
pub const FILE: &str = "terrain-effects.tsv";

/// The rows the combat rules look up, which any table must have.
const NEEDED: &[&str] = &["clear", "fort", "vp-city", "swamp", "trench", "river"];

/// One row: a terrain, works or line kind and its combat modifiers.
#[derive(Clone, Debug)]
pub struct Effect {
    pub id: String,
    /// "terrain", "works" or "line".
    pub kind: String,
    /// 8.21 added to every attacking unit.
    pub attack: i8,
    /// 8.21, 8.26 added to the defending units inside.
    pub defend: i8,
    pub provenance: String,
}

/// The Terrain Effects Table.
#[derive(Clone, Debug)]
pub struct TerrainEffects {
    pub rows: Vec<Effect>,
}

impl TerrainEffects {
    pub fn read(dir: Option<&Path>) -> Result<TerrainEffects, TableError> {
        let t = table::read(dir, FILE, TERRAIN_TSV, &["id", "kind", "movement", "attack", "defend"])?;
        let mut rows: Vec<Effect> = Vec::new();
        for row in t.rows() {
            let id = row.str("id").to_string();
            if rows.iter().any(|r| r.id == id) {
                return Err(row.error("id", "each terrain, works or line once"));
            }
            let kind = row.one_of("kind", &[("terrain", "terrain"), ("works", "works"), ("line", "line")])?;
            if let Some(m) = row.opt("movement") {
                if m != "all" && m.parse::<f32>().map_or(true, |x| !(0.0..=6.0).contains(&x)) {
                    return Err(row.error("movement", "movement points (0 to 6) or 'all'"));
                }
            }
            rows.push(Effect {
                id,
                kind: kind.to_string(),
                attack: row.range("attack", -6..=6)?,
                defend: row.range("defend", -6..=6)?,
                provenance: row.reason().to_string(),
            });
        }
        for id in NEEDED {
            if !rows.iter().any(|r| r.id == *id) {
                return Err(t.error(format!("a row '{id}' (8.21, Terrain Effects Table)"), "none"));
            }
        }
        Ok(TerrainEffects { rows })
    }

    pub fn embedded() -> TerrainEffects {
        TerrainEffects::read(None).expect("the embedded Terrain Effects Table is valid (tests/combat.rs)")
    }

    fn get(&self, id: &str) -> &Effect {
        self.rows
            .iter()
            .find(|r| r.id == id)
            .expect("the needed rows are checked when read")
    }

    /// 8.21 the modifier to every attacking unit of a terrain, works or line.
    pub fn attack(&self, id: &str) -> i8 {
        self.get(id).attack
    }

    /// 8.21 (3), 8.26 the modifier to the defending units inside works.
    pub fn defend(&self, id: &str) -> i8 {
        self.get(id).defend
    }
}
