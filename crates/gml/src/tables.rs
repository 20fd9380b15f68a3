//! The tables a game is played with, read once: the embedded
//! (reconstructed) files, or those a `--data DIR` gave (every file checked
//! before any is used, so that a bad one changes nothing).

use crate::command::CommandTable;
use crate::forces::Forces;
use crate::map::Map;
use crate::militia::Militia;
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
}

static TABLES: Loaded<Tables> = Loaded::new("the Give Me Liberty! tables");

impl Tables {
    fn read(dir: Option<&Path>) -> Result<Tables, String> {
        let e = |e: engine::table::TableError| e.to_string();
        Ok(Tables {
            map: Map::read(dir).map_err(e)?,
            forces: Forces::read(dir).map_err(e)?,
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
