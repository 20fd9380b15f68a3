//! 16.0 Negotiations: the Negotiation Table (`data/negotiation.tsv`,
//! reconstructed), one part for colonial capitals and one for Indian
//! villages, read by the differential of the two sides' totals (16.1).

use crate::dice::{RollRows, DIE};
use engine::table::{self, Row, TableError};
use std::path::Path;

const NEGOTIATION_TSV: &str = include_str!("../data/negotiation.tsv");
/// The file `--data` may replace.
pub const FILE: &str = "negotiation.tsv";

/// 16.0 where negotiations take place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// A colonial capital: status and reinforcements.
    Capital,
    /// An Indian village: Indian units.
    Village,
}

/// One result of the table (the file's header says what each does).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Nothing,
    /// 5.24, 5.25 the colony's status shifts the negotiator's way.
    Shift,
    /// As `Shift`, plus a free militia regiment in his own colony (10.5).
    ShiftAndMilitia,
    /// 17.4 the negotiating leader is eliminated.
    LeaderEliminated,
    /// 10.4 that many Indian units on the negotiator's side.
    Indians(u8),
    /// 25.1 one Indian unit on the enemy's side.
    EnemyIndians,
}

/// The differential columns, lowest first: the first is "or less", the
/// last "or more".
pub const DIFFERENTIALS: [&str; 8] = ["-1", "0", "+1", "+2", "+3", "+4", "+5", "+6"];
const LOWEST: i32 = -1;

/// 16.1 the Negotiation Table.
#[derive(Clone, Debug)]
pub struct NegotiationTable {
    pub capital: RollRows<[Outcome; 8]>,
    pub village: RollRows<[Outcome; 8]>,
}

fn outcome(row: &Row, column: &str, target: Target) -> Result<Outcome, TableError> {
    let (words, expected): (&[(&str, Outcome)], _) = match target {
        Target::Capital => (
            &[
                ("-", Outcome::Nothing),
                ("S", Outcome::Shift),
                ("S+", Outcome::ShiftAndMilitia),
                ("L", Outcome::LeaderEliminated),
            ],
            "one of - S S+ L (a capital)",
        ),
        Target::Village => (
            &[
                ("-", Outcome::Nothing),
                ("1", Outcome::Indians(1)),
                ("2", Outcome::Indians(2)),
                ("L", Outcome::LeaderEliminated),
                ("E", Outcome::EnemyIndians),
            ],
            "one of - 1 2 L E (a village)",
        ),
    };
    let cell = row.str(column);
    words
        .iter()
        .find(|(w, _)| *w == cell)
        .map(|&(_, o)| o)
        .ok_or_else(|| row.error(column, expected))
}

impl NegotiationTable {
    pub fn read(dir: Option<&Path>) -> Result<NegotiationTable, TableError> {
        let mut columns = vec!["target", "roll"];
        columns.extend(DIFFERENTIALS);
        let t = table::read(dir, FILE, NEGOTIATION_TSV, &columns)?;
        let targets = [("capital", Target::Capital), ("village", Target::Village)];
        for row in t.rows() {
            row.one_of("target", &targets)?;
        }
        let part = |target: Target| {
            let rows = t.rows().filter(move |r| r.one_of("target", &targets) == Ok(target));
            RollRows::read_rows(&t, rows, DIE, |row| {
                let mut cells = [Outcome::Nothing; 8];
                for (cell, column) in cells.iter_mut().zip(DIFFERENTIALS) {
                    *cell = outcome(row, column, target)?;
                }
                Ok(cells)
            })
        };
        Ok(NegotiationTable {
            capital: part(Target::Capital)?,
            village: part(Target::Village)?,
        })
    }

    /// 16.1 the result of a differential and an unmodified roll.
    pub fn result(&self, target: Target, differential: i32, roll: u8) -> Outcome {
        let rows = match target {
            Target::Capital => &self.capital,
            Target::Village => &self.village,
        };
        let column = (differential.clamp(LOWEST, LOWEST + DIFFERENTIALS.len() as i32 - 1) - LOWEST) as usize;
        rows.get(i32::from(roll))[column]
    }
}
