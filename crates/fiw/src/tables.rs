//! The tables a game is played with, read once: the embedded
//! (reconstructed) files, or those a `--data DIR` gave (every file checked
//! before any is used, so that a bad one changes nothing).

use crate::balance::{self, BalanceTables};
use crate::civilization::{self, CaptureTable};
use crate::combat::{self, CombatTables};
use crate::events::{self, EventTable};
use crate::forces::{self, Forces};
use crate::income::{self, Expenditure, HomeGovernment};
use crate::indians::{self, IndianTable};
use crate::map::{self, Map, Sq};
use crate::negotiations::{self, NegotiationTable};
use crate::supply::{self, SupplyLine};
use crate::terrain::{self, TerrainEffects};
use engine::data::{self, Loaded};
use std::path::Path;

/// Every data file of these tables, as `--data` may replace them.
pub const FILES: [&str; 19] = [
    map::FILES[0],
    map::FILES[1],
    map::FILES[2],
    terrain::FILE,
    combat::FILES[0],
    combat::FILES[1],
    events::FILES[0],
    events::FILES[1],
    balance::FILES[0],
    balance::FILES[1],
    income::FILES[0],
    income::FILES[1],
    negotiations::FILE,
    indians::FILES[0],
    indians::FILES[1],
    civilization::FILE,
    supply::FILE,
    forces::FILES[0],
    forces::FILES[1],
];

pub struct Tables {
    /// 2.1 the square-grid map.
    pub map: Map,
    /// 2.12 the Terrain Effects Chart.
    pub terrain: TerrainEffects,
    /// 15.1 the Linear and Raid Combat Results Tables.
    pub combat: CombatTables,
    /// 8.1 the Random Events Table.
    pub events: EventTable,
    /// 4.0 the Balance of Power Index's bands and changes.
    pub balance: BalanceTables,
    /// 9.1 the Home Government Income Table.
    pub home_government: HomeGovernment,
    /// 9.2 the Expenditure Table.
    pub expenditure: Expenditure,
    /// 16.1 the Negotiation Table.
    pub negotiation: NegotiationTable,
    /// 25.4 the Indian Table.
    pub indians: IndianTable,
    /// 22.6 the Capture Table.
    pub capture: CaptureTable,
    /// 18.61 the Line of Supply Length Chart.
    pub supply_line: SupplyLine,
    /// 2.3, 17.0 the counter mix and the leaders.
    pub forces: Forces,
    /// 29.1 the places worth victory points, from the map (read once: the
    /// bots' evaluation counts them at every playout's end).
    pub objectives: Vec<(Sq, u32)>,
    /// 29.1 the squares with trading or manufacturing symbols, from the map.
    pub symbols: Vec<(Sq, u32)>,
    /// 10.1-10.3 the squares of the cities and towns (where recruits are
    /// placed), each once, in square order.
    pub towns: Vec<Sq>,
    /// 19.0 per counter design and face shown (front, back), the designs
    /// able to show the face it breaks down into (from the counters).
    pub breakdowns: Vec<[Vec<u16>; 2]>,
}

static TABLES: Loaded<Tables> = Loaded::new("the French & Indian War tables");

impl Tables {
    /// Reads every table, from `dir` where it has the file; the first
    /// fault, naming its file and line, stops the reading.
    pub fn read(dir: Option<&Path>) -> Result<Tables, String> {
        let e = |e: engine::table::TableError| e.to_string();
        let map = Map::read(dir).map_err(e)?;
        let forces = Forces::read(dir).map_err(e)?;
        Ok(Tables {
            breakdowns: crate::reorganization::breakdown_designs(&forces),
            objectives: crate::victory::objectives(&map),
            symbols: crate::victory::symbols(&map),
            towns: map.towns(),
            map,
            terrain: TerrainEffects::read(dir).map_err(e)?,
            combat: CombatTables::read(dir).map_err(e)?,
            events: EventTable::read(dir).map_err(e)?,
            balance: BalanceTables::read(dir).map_err(e)?,
            home_government: HomeGovernment::read(dir).map_err(e)?,
            expenditure: Expenditure::read(dir).map_err(e)?,
            negotiation: NegotiationTable::read(dir).map_err(e)?,
            indians: IndianTable::read(dir).map_err(e)?,
            capture: CaptureTable::read(dir).map_err(e)?,
            supply_line: SupplyLine::read(dir).map_err(e)?,
            forces,
        })
    }
}

/// The tables in use. Inlined to a load and a test once they are read:
/// the bots' playouts ask for them (a unit's face) millions of times.
#[inline]
pub fn tables() -> &'static Tables {
    match TABLES.current() {
        Some(t) => t,
        None => first_tables(),
    }
}

#[cold]
fn first_tables() -> &'static Tables {
    TABLES.get(|| Tables::read(None).expect("the embedded tables are valid (tests/data.rs)"))
}

/// `--data DIR`: the files found there replace the embedded ones.
pub fn use_data_dir(dir: &Path) -> Result<(), String> {
    if !data::overrides(dir, &FILES) {
        return Ok(());
    }
    TABLES.stage(Some(Tables::read(Some(dir))?))?.install();
    Ok(())
}
