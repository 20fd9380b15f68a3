//! 22.0 Civilization Markers: the Capture Table (`data/capture.tsv`,
//! reconstructed) rolled for each enemy marker, printed fort or fortress
//! in a square a friendly force won (22.6, 22.61).

use crate::dice::{RollRows, DIE};
use engine::table::{self, TableError};
use std::path::Path;

const CAPTURE_TSV: &str = include_str!("../data/capture.tsv");
/// The file `--data` may replace.
pub const FILE: &str = "capture.tsv";

/// 2.34 the civilization markers (forts and fortresses printed too, 22.61).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Marker {
    Fort,
    Fortress,
    Magazine,
    Trail,
}

/// The table's columns, in [`Marker`] order.
pub const MARKERS: [(&str, Marker); 4] = [
    ("fort", Marker::Fort),
    ("fortress", Marker::Fortress),
    ("magazine", Marker::Magazine),
    ("trail", Marker::Trail),
];

/// 22.6 what becomes of the marker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Capture {
    /// 22.4 it changes hands.
    Captured,
    /// 22.5 it is removed.
    Destroyed,
}

/// 22.6 the Capture Table.
#[derive(Clone, Debug)]
pub struct CaptureTable {
    pub rows: RollRows<[Capture; 4]>,
}

impl CaptureTable {
    pub fn read(dir: Option<&Path>) -> Result<CaptureTable, TableError> {
        let mut columns = vec!["roll"];
        columns.extend(MARKERS.iter().map(|(c, _)| *c));
        let t = table::read(dir, FILE, CAPTURE_TSV, &columns)?;
        let results = [("captured", Capture::Captured), ("destroyed", Capture::Destroyed)];
        let rows = RollRows::read(&t, DIE, |row| {
            let mut cells = [Capture::Captured; 4];
            for (cell, (column, _)) in cells.iter_mut().zip(MARKERS) {
                *cell = row.one_of(column, &results)?;
            }
            Ok(cells)
        })?;
        Ok(CaptureTable { rows })
    }

    /// 22.6 the result of an unmodified roll for one marker.
    pub fn result(&self, marker: Marker, roll: u8) -> Capture {
        self.rows.get(i32::from(roll))[marker as usize]
    }
}
