//! 3.0 the turn record track: one turn in December, January and February,
//! two (I and II) in every other month, from September I 1775 to December
//! 1781 (13.1), with the Strategic Interfaces (3.2) between them, from
//! `data/turns.tsv` (reconstructed from the four scenarios' lengths: 12.11,
//! 12.21, 12.31, 12.41).

use engine::table::{self, Table, TableError};

/// 3.2 the four Strategic Interfaces of a year.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Interface {
    Winter,
    Spring,
    Summer,
    Autumn,
}

const INTERFACES: &[(&str, Option<Interface>)] = &[
    ("", None),
    ("winter", Some(Interface::Winter)),
    ("spring", Some(Interface::Spring)),
    ("summer", Some(Interface::Summer)),
    ("autumn", Some(Interface::Autumn)),
];

const MONTHS: [&str; 12] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];
const MONTH_NAMES: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

#[derive(Clone, Debug)]
pub struct Turn {
    pub id: String,
    pub year: u16,
    /// 0 for January.
    pub month: u8,
    /// 1 or 2 (I or II); 0 in the one-turn months.
    pub half: u8,
    /// The Interface played just before this turn in the campaign game.
    pub interface: Option<Interface>,
    pub provenance: String,
}

impl Turn {
    /// "May I 1777", "December 1780": as the scenarios name turns.
    pub fn name(&self) -> String {
        let month = MONTH_NAMES[self.month as usize];
        match self.half {
            0 => format!("{month} {}", self.year),
            h => format!("{month} {} {}", if h == 1 { "I" } else { "II" }, self.year),
        }
    }
}

const TURNS_TSV: &str = include_str!("../data/turns.tsv");
/// The file `--data` may replace.
pub const FILE: &str = "turns.tsv";
const COLUMNS: &[&str] = &["id", "month", "year", "half", "interface"];

fn parse(t: &Table) -> Result<Vec<Turn>, TableError> {
    let mut out: Vec<Turn> = Vec::new();
    for row in t.rows() {
        let month = MONTHS
            .iter()
            .position(|m| *m == row.str("month"))
            .ok_or_else(|| row.error("month", "jan, feb, ... or dec"))? as u8;
        let one_turn = matches!(month, 0 | 1 | 11);
        let half = match row.opt("half") {
            None if one_turn => 0,
            Some(_) if !one_turn => row.range("half", 1..=2)?,
            _ => return Err(row.error("half", "1 or 2, empty in December, January and February (3.0)")),
        };
        let turn = Turn {
            id: row.str("id").to_string(),
            year: row.range("year", 1775..=1781)?,
            month,
            half,
            interface: row.one_of("interface", INTERFACES)?,
            provenance: row.reason().to_string(),
        };
        // In order: each turn the next after the one before.
        if let Some(prev) = out.last() {
            let next = match (prev.month, prev.half) {
                (m, 1) => (prev.year, m, 2),
                (11, _) => (prev.year + 1, 0, 0),
                (m, _) => (prev.year, m + 1, if matches!(m + 1, 1 | 11) { 0 } else { 1 }),
            };
            if (turn.year, turn.month, turn.half) != next {
                let (year, month, half) = next;
                let want = Turn {
                    year,
                    month,
                    half,
                    ..turn.clone()
                };
                return Err(row.line_error(
                    format!("{} (3.0: the turn after {})", want.name(), prev.name()),
                    turn.name(),
                ));
            }
        }
        out.push(turn);
    }
    Ok(out)
}

/// The turn record track.
pub fn read(dir: Option<&std::path::Path>) -> Result<Vec<Turn>, TableError> {
    parse(&table::read(dir, FILE, TURNS_TSV, COLUMNS)?)
}
