//! 2.6 Die: one six-sided die; die roll modifiers are added up (2.6 DRM).
//! A table read with a modified roll lists consecutive rolls, one per row; a
//! roll beyond its first or last row reads that row (the printed "0 or
//! less" and "7 or more").

use engine::table::{Row, Table, TableError};

/// A natural die roll.
pub const DIE: std::ops::RangeInclusive<i32> = 1..=6;

/// The rows of a table indexed by a (modified) die roll.
#[derive(Clone, Debug)]
pub struct RollRows<T> {
    first: i32,
    rows: Vec<T>,
}

impl<T> RollRows<T> {
    /// Reads `table`'s rows: the `roll` column holds consecutive whole
    /// numbers within `bounds` that cover a natural roll (1-6); `cell`
    /// reads the rest of each row.
    pub fn read(
        table: &Table,
        bounds: std::ops::RangeInclusive<i32>,
        cell: impl FnMut(&Row) -> Result<T, TableError>,
    ) -> Result<RollRows<T>, TableError> {
        Self::read_rows(table, table.rows(), bounds, cell)
    }

    /// As [`RollRows::read`], for some of `table`'s rows (one part of a
    /// table printed in parts).
    pub fn read_rows<'a>(
        table: &Table,
        of: impl Iterator<Item = Row<'a>>,
        bounds: std::ops::RangeInclusive<i32>,
        mut cell: impl FnMut(&Row) -> Result<T, TableError>,
    ) -> Result<RollRows<T>, TableError> {
        let mut first = None;
        let mut rows = Vec::new();
        for row in of {
            let roll: i32 = row.range("roll", bounds.clone())?;
            let start = *first.get_or_insert(roll);
            if roll != start + rows.len() as i32 {
                return Err(row.error(
                    "roll",
                    format!("the roll {} (rows in order, one per roll)", start + rows.len() as i32),
                ));
            }
            rows.push(cell(&row)?);
        }
        let first = first.unwrap_or(0);
        let last = first + rows.len() as i32 - 1;
        if rows.is_empty() || first > *DIE.start() || last < *DIE.end() {
            return Err(table.error(
                "a row for each roll 1 to 6 at least",
                format!("rolls {first} to {last}"),
            ));
        }
        Ok(RollRows { first, rows })
    }

    /// The row of a modified roll: the first or last row beyond them.
    pub fn get(&self, roll: i32) -> &T {
        let last = self.first + self.rows.len() as i32 - 1;
        &self.rows[(roll.clamp(self.first, last) - self.first) as usize]
    }

    /// The lowest and highest roll with a row of its own.
    pub fn bounds(&self) -> std::ops::RangeInclusive<i32> {
        self.first..=self.first + self.rows.len() as i32 - 1
    }

    /// Every row with its roll.
    pub fn iter(&self) -> impl Iterator<Item = (i32, &T)> + '_ {
        self.rows
            .iter()
            .enumerate()
            .map(move |(i, r)| (self.first + i as i32, r))
    }
}
