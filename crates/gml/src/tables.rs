//! The tables a game is played with, read once: the embedded
//! (reconstructed) files, or those a `--data DIR` gave (every file checked
//! before any is used, so that a bad one changes nothing).

use crate::command::CommandTable;
use crate::forces::{Forces, Kind, AMERICAN, BRITISH};
use crate::map::Map;
use crate::militia::Militia;
use crate::scenario::SCENARIOS;
use crate::state::UnitId;
use crate::supply::SupplyTable;
use crate::terrain::TerrainEffects;
use crate::turns::{self, Turn};
use engine::data::{self, Loaded};
use std::path::Path;

pub struct Tables {
    pub map: Map,
    pub forces: Forces,
    pub militia: Militia,
    pub command: CommandTable,
    pub turns: Vec<Turn>,
    pub supply: SupplyTable,
    /// 8.21 the Terrain Effects Table.
    pub terrain: TerrainEffects,
    /// 12.x2 per scenario, whether each space is in play.
    pub in_play: Vec<Vec<bool>>,
    /// 9.4 per seat and state, the counters (unit ids, lowest first) a
    /// militia unit raised in the state is taken from.
    pub militia_units: [Vec<Vec<UnitId>>; 2],
}

static TABLES: Loaded<Tables> = Loaded::new("the Give Me Liberty! tables");

impl Tables {
    fn read(dir: Option<&Path>) -> Result<Tables, String> {
        let e = |e: engine::table::TableError| e.to_string();
        let map = Map::read(dir).map_err(e)?;
        let forces = Forces::read(dir).map_err(e)?;
        // Both indexes are read once: the bots' playouts ask them for every
        // space a move may enter and every state a militia unit may join.
        let in_play = SCENARIOS
            .iter()
            .map(|spec| map.spaces.iter().map(|s| spec.in_play(&map, s)).collect())
            .collect();
        let militia_units = [BRITISH, AMERICAN].map(|seat| {
            let kind = if seat == AMERICAN { Kind::Militia } else { Kind::Tory };
            (0..map.states.len())
                .map(|st| {
                    let id = map.states[st].id.as_str();
                    // The Militia Table's note (ruling gml #27): Canadian
                    // militia are the experienced Tory counters, which
                    // have no state.
                    let home = if seat == BRITISH && id == "canada" {
                        None
                    } else {
                        Some(id)
                    };
                    (0..)
                        .zip(forces.unit_rows())
                        .filter(|&(_, row)| {
                            let c = &forces.counters[row as usize];
                            c.kind == kind && c.home.as_deref() == home
                        })
                        .map(|(u, _)| u)
                        .collect()
                })
                .collect()
        });
        Ok(Tables {
            map,
            forces,
            in_play,
            militia_units,
            militia: Militia::read(dir).map_err(e)?,
            command: CommandTable::read(dir).map_err(e)?,
            turns: turns::read(dir).map_err(e)?,
            supply: SupplyTable::read(dir).map_err(e)?,
            terrain: TerrainEffects::read(dir).map_err(e)?,
        })
    }
}

/// The tables in use.
pub fn tables() -> &'static Tables {
    TABLES.get(|| Tables::read(None).expect("the embedded tables are valid (tests/data.rs)"))
}

/// `--data DIR`: the files found there replace the embedded ones.
pub fn use_data_dir(dir: &Path) -> Result<(), String> {
    if !data::overrides(dir, <crate::Gml as engine::Title>::info().data_files) {
        return Ok(());
    }
    TABLES.stage(Some(Tables::read(Some(dir))?))?.install();
    Ok(())
}
