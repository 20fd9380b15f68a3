//! 8.0 Random Events: the first roll, modified by the balance of power,
//! picks the columns (`data/event-columns.tsv`); an unmodified roll on each
//! picks the event (`data/events.tsv`). Both reconstructed around 8.1's
//! example and the events the rules name.

use crate::dice::{RollRows, DIE};
use crate::forces::{BRITISH, FRENCH};
use engine::table::{self, TableError};
use engine::Seat;
use std::path::Path;

const COLUMNS_TSV: &str = include_str!("../data/event-columns.tsv");
const EVENTS_TSV: &str = include_str!("../data/events.tsv");
/// The files `--data` may replace.
pub const FILES: [&str; 2] = ["event-columns.tsv", "events.tsv"];

/// 8.1 the table's columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    A,
    B,
    C,
    D,
}

const LETTERS: [(&str, Column); 4] = [("A", Column::A), ("B", Column::B), ("C", Column::C), ("D", Column::D)];

/// Whom an event concerns (8.1: "either or both players regardless of who
/// rolled").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Concerns {
    British,
    French,
    Both,
    /// The player who rolled.
    Roller,
}

/// One cell of the table.
#[derive(Clone, Debug)]
pub struct Event {
    pub id: String,
    pub name: String,
    /// 8.2 at most once a game.
    pub once: bool,
    /// An event that must have happened first, else No Event.
    pub requires: Option<String>,
    pub concerns: Concerns,
    pub effect: String,
    pub reason: String,
}

/// The Random Events Table.
#[derive(Clone, Debug)]
pub struct EventTable {
    /// 8.1 the columns each modified first roll gives, in order.
    pub columns: RollRows<Vec<Column>>,
    /// Column by column, rolls 1 to 6.
    events: Vec<Event>,
}

/// 8.1 who rolls: the British on odd turns, the French on even ones,
/// counted from the scenario's first turn (ruling fiw #31).
pub fn roller(turn: u32) -> Seat {
    // ruling: fiw #31
    if turn % 2 == 1 {
        BRITISH
    } else {
        FRENCH
    }
}

impl EventTable {
    pub fn read(dir: Option<&Path>) -> Result<EventTable, TableError> {
        let t = table::read(dir, FILES[0], COLUMNS_TSV, &["roll", "columns"])?;
        let columns = RollRows::read(&t, -3..=10, |row| {
            let mut cols = Vec::new();
            for letter in row.str("columns").split_whitespace() {
                let Some(&(_, c)) = LETTERS.iter().find(|(l, _)| *l == letter) else {
                    return Err(row.part_error("columns", "columns A B C D, space-separated", letter));
                };
                if cols.contains(&c) {
                    return Err(row.part_error("columns", "each column once", letter));
                }
                cols.push(c);
            }
            if cols.is_empty() {
                return Err(row.error("columns", "one or more of A B C D"));
            }
            Ok(cols)
        })?;
        let names = ["column", "roll", "id", "name", "once", "requires", "side", "effect"];
        let t = table::read(dir, FILES[1], EVENTS_TSV, &names)?;
        let mut cells: Vec<Option<Event>> = vec![None; 4 * 6];
        for row in t.rows() {
            let column = row.one_of("column", &LETTERS)?;
            let roll: i32 = row.range("roll", DIE)?;
            let slot = &mut cells[column as usize * 6 + (roll - 1) as usize];
            if slot.is_some() {
                let cell = format!("{}{}", row.str("column"), row.str("roll"));
                return Err(row.line_error("each column and roll once", cell));
            }
            if row.opt("id").is_none() || row.opt("name").is_none() {
                return Err(row.line_error("an id and a name", "an empty cell"));
            }
            let concerns = [
                ("british", Concerns::British),
                ("french", Concerns::French),
                ("both", Concerns::Both),
                ("roller", Concerns::Roller),
            ];
            *slot = Some(Event {
                id: row.str("id").to_string(),
                name: row.str("name").to_string(),
                once: row.flag("once")?,
                requires: row.opt("requires").map(str::to_string),
                concerns: row.one_of("side", &concerns)?,
                effect: row.str("effect").to_string(),
                reason: row.reason().to_string(),
            });
        }
        let mut events = Vec::with_capacity(cells.len());
        for (i, cell) in cells.into_iter().enumerate() {
            let missing = || t.error(format!("an event for {}{}", LETTERS[i / 6].0, i % 6 + 1), "none");
            events.push(cell.ok_or_else(missing)?);
        }
        for e in &events {
            if let Some(other) = events
                .iter()
                .find(|o| o.id == e.id && (o.name != e.name || o.once != e.once))
            {
                return Err(t.error(
                    format!("one name and once flag for the event {}", e.id),
                    other.name.clone(),
                ));
            }
            if let Some(r) = &e.requires {
                if !events.iter().any(|o| &o.id == r) {
                    return Err(t.error(format!("{}'s requirement to be an event of the table", e.id), r.clone()));
                }
            }
        }
        Ok(EventTable { columns, events })
    }

    pub fn embedded() -> EventTable {
        EventTable::read(None).expect("the embedded Random Events Table is valid (tests/events.rs)")
    }

    /// 8.1 the columns the modified first roll designates.
    pub fn columns_for(&self, modified_roll: i32) -> &[Column] {
        self.columns.get(modified_roll)
    }

    /// 8.1 the event of `column` for an unmodified roll of 1-6.
    pub fn event(&self, column: Column, roll: u8) -> &Event {
        assert!((1..=6).contains(&roll), "a natural die roll, not {roll}");
        &self.events[column as usize * 6 + usize::from(roll) - 1]
    }

    /// Every event with its column and roll.
    pub fn events(&self) -> impl Iterator<Item = (Column, u8, &Event)> + '_ {
        self.events
            .iter()
            .enumerate()
            .map(|(i, e)| (LETTERS[i / 6].1, (i % 6 + 1) as u8, e))
    }
}
