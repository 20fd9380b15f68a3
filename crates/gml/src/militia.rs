//! 9.0 Normal Turn Reinforcements: the Militia Table (9.1, 9.3) and the
//! Initial Militia Call (6.7), from `data/militia.tsv` and
//! `data/initial-call.tsv` (printed in part; the rest reconstructed, each
//! row says why).

use crate::forces::{AMERICAN, BRITISH};
use crate::map::{Region, REGIONS};
use engine::table::{self, Row, TableError};
use engine::Seat;
use std::collections::HashMap;
use std::path::Path;

/// 9.1 the Militia Table's four columns: how far the British hold a region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Presence {
    /// No British or Hessian land unit in the region (Tories may be there).
    None,
    /// British presence, no VP city controlled.
    NoCities,
    /// British presence, some VP cities controlled.
    SomeCities,
    /// British presence, every VP city controlled.
    AllCities,
}

impl Presence {
    /// 9.1 the column of a region with `british` (British or Hessian land
    /// units in it: Tories do not count) where British or Hessian units
    /// control `held` of its `cities` VP cities (9.2).
    pub fn of(british: bool, held: usize, cities: usize) -> Presence {
        match (british, held) {
            (false, _) => Presence::None,
            (true, 0) => Presence::NoCities,
            (true, h) if h >= cities => Presence::AllCities,
            (true, _) => Presence::SomeCities,
        }
    }
}

/// The Militia Table and the Initial Militia Call Table.
#[derive(Clone, Debug)]
pub struct Militia {
    /// Per region and seat (R is the American row, T the British), the
    /// highest d10 roll that raises a militia unit in each column; `None`
    /// where the table prints "—".
    need: HashMap<(Region, Seat), [Option<u8>; 4]>,
    /// 6.7 per state id, the units of its initial call; `None` once used
    /// (Massachusetts at the start).
    calls: HashMap<String, Option<u8>>,
}

const MILITIA_TSV: &str = include_str!("../data/militia.tsv");
const CALL_TSV: &str = include_str!("../data/initial-call.tsv");
/// The files `--data` may replace.
pub const FILES: [&str; 2] = ["militia.tsv", "initial-call.tsv"];
const COLUMNS: [&str; 4] = ["none", "present", "some", "all"];

/// A d10 threshold, or "-" for none.
fn threshold(row: &Row, column: &str) -> Result<Option<u8>, TableError> {
    match row.str(column) {
        "-" => Ok(None),
        _ => row.range(column, 1..=10).map(Some),
    }
}

impl Militia {
    pub fn read(dir: Option<&Path>) -> Result<Militia, TableError> {
        let militia = table::read(
            dir,
            "militia.tsv",
            MILITIA_TSV,
            &["region", "row", "none", "present", "some", "all"],
        )?;
        let mut need = HashMap::new();
        for row in militia.rows() {
            let region = row
                .one_of("region", REGIONS)?
                .ok_or_else(|| row.error("region", "one of the six regions"))?;
            let seat = row.one_of("row", &[("R", AMERICAN), ("T", BRITISH)])?;
            let mut cells = [None; 4];
            for (cell, column) in cells.iter_mut().zip(COLUMNS) {
                *cell = threshold(&row, column)?;
            }
            if need.insert((region, seat), cells).is_some() {
                return Err(row.line_error("each region's R and T rows once", "a repeated row"));
            }
        }
        for r in Region::ALL {
            for (seat, name) in [(AMERICAN, "R"), (BRITISH, "T")] {
                if !need.contains_key(&(r, seat)) {
                    return Err(militia.error(format!("a {name} row for the {} region (9.1)", r.name()), "none"));
                }
            }
        }
        let call_table = table::read(dir, "initial-call.tsv", CALL_TSV, &["state", "call"])?;
        let mut calls = HashMap::new();
        for row in call_table.rows() {
            let call = match row.str("call") {
                "-" => None,
                _ => Some(row.range("call", 0..=9)?),
            };
            if calls.insert(row.str("state").to_string(), call).is_some() {
                return Err(row.error("state", "a state listed once"));
            }
        }
        Ok(Militia { need, calls })
    }

    pub fn embedded() -> Militia {
        Militia::read(None).expect("the embedded militia tables are valid (tests/militia.rs)")
    }

    /// 9.3 the highest roll that raises a militia unit for `seat` in
    /// `region` under `presence`; `None` where none can.
    pub fn need(&self, region: Region, seat: Seat, presence: Presence) -> Option<u8> {
        self.need[&(region, seat)][presence as usize]
    }

    /// 9.3 "must obtain a 6 or less on the roll".
    pub fn raises(&self, region: Region, seat: Seat, presence: Presence, roll: u8) -> bool {
        self.need(region, seat, presence).is_some_and(|n| roll <= n)
    }

    /// 6.7 the militia units a state's initial call places, `None` where
    /// the table has none (used already, or not a state that calls).
    pub fn initial_call(&self, state: &str) -> Option<u8> {
        self.calls.get(state).copied().flatten()
    }
}
