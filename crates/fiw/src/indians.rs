//! 25.0 Indians: the Indian Table each square of a player's Indian units
//! rolls on in the Indian phase (25.4), with its modifiers
//! (`data/indians.tsv`, `data/indian-modifiers.tsv`, reconstructed).

use crate::dice::RollRows;
use engine::table::{self, TableError};
use std::path::Path;

const INDIANS_TSV: &str = include_str!("../data/indians.tsv");
const MODIFIERS_TSV: &str = include_str!("../data/indian-modifiers.tsv");
/// The files `--data` may replace.
pub const FILES: [&str; 2] = ["indians.tsv", "indian-modifiers.tsv"];

/// 25.4 what happens to a square's Indian units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Stay,
    /// One unit, the owner's choice, returns to the pool (not eliminated).
    OneHome,
    /// Every unit of the square returns to the pool.
    AllHome,
}

/// The conditions that modify the roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Condition {
    /// A leader of the owning side in the square.
    Leader,
    /// The square is an Indian village.
    Village,
}

/// 25.4 the Indian Table.
#[derive(Clone, Debug)]
pub struct IndianTable {
    pub rows: RollRows<Outcome>,
    /// Each condition's modifier.
    pub modifiers: Vec<(Condition, i32)>,
}

impl IndianTable {
    pub fn read(dir: Option<&Path>) -> Result<IndianTable, TableError> {
        let t = table::read(dir, FILES[0], INDIANS_TSV, &["roll", "result"])?;
        let results = [
            ("stay", Outcome::Stay),
            ("one-home", Outcome::OneHome),
            ("all-home", Outcome::AllHome),
        ];
        let rows = RollRows::read(&t, -3..=10, |row| row.one_of("result", &results))?;
        let t = table::read(dir, FILES[1], MODIFIERS_TSV, &["id", "drm"])?;
        let conditions = [("leader", Condition::Leader), ("village", Condition::Village)];
        let mut modifiers: Vec<(Condition, i32)> = Vec::new();
        for row in t.rows() {
            let c = row.one_of("id", &conditions)?;
            if modifiers.iter().any(|(m, _)| *m == c) {
                return Err(row.error("id", "each condition once"));
            }
            modifiers.push((c, row.range("drm", -3..=3)?));
        }
        Ok(IndianTable { rows, modifiers })
    }

    /// 25.4 the outcome of a natural roll for a square where `conditions`
    /// hold.
    pub fn result(&self, roll: u8, conditions: &[Condition]) -> Outcome {
        let drm: i32 = self
            .modifiers
            .iter()
            .filter(|(c, _)| conditions.contains(c))
            .map(|(_, m)| m)
            .sum();
        *self.rows.get(i32::from(roll) + drm)
    }
}
