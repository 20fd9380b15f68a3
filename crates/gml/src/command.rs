//! 4.0 Activation and 4.1 the Command Table: instead of activating one
//! leader's force or one unit, a player may roll on the table (a d10, 0
//! counting 10) for a number of activations, none, or the opponent's
//! activations followed by a roll again (ruling gml #3). From
//! `data/command.tsv`, as printed.

use engine::table::{self, TableError};
use std::path::Path;

/// 4.1 the three kinds of result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommandResult {
    /// "Results 1, 2, 3, 4, 5 and 6": the activations the player may make.
    Activations(u8),
    /// "None": no activation this turn.
    None,
    /// "The opponent activates 1 or 2 units" at once; then the player
    /// rolls again.
    Opponent(u8),
}

/// The Command Table, indexed by the die (1 to 10).
#[derive(Clone, Debug)]
pub struct CommandTable([CommandResult; 10]);

const COMMAND_TSV: &str = include_str!("../data/command.tsv");
pub const FILE: &str = "command.tsv";

impl CommandTable {
    pub fn read(dir: Option<&Path>) -> Result<CommandTable, TableError> {
        let t = table::read(dir, FILE, COMMAND_TSV, &["die", "activations", "opponent", "reroll"])?;
        let mut results: [Option<CommandResult>; 10] = [None; 10];
        for row in t.rows() {
            let die: usize = row.range("die", 1..=10)?;
            let (activations, opponent) = (row.range("activations", 0..=6)?, row.range("opponent", 0..=2)?);
            let result = match (activations, opponent, row.flag("reroll")?) {
                (0, 0, false) => CommandResult::None,
                (n, 0, false) => CommandResult::Activations(n),
                (0, n, true) => CommandResult::Opponent(n),
                _ => {
                    return Err(row.line_error(
                        "activations, or none, or the opponent's activations and a roll again (4.1)",
                        "a mix of them",
                    ))
                }
            };
            if results[die - 1].replace(result).is_some() {
                return Err(row.error("die", "each die result once"));
            }
        }
        let missing = results.iter().position(Option::is_none);
        if let Some(d) = missing {
            return Err(t.error(
                format!("a row for every die result (1 to 10); none for {}", d + 1),
                "none",
            ));
        }
        Ok(CommandTable(results.map(|r| r.expect("checked above"))))
    }

    pub fn embedded() -> CommandTable {
        CommandTable::read(None).expect("the embedded Command Table is valid (tests/command.rs)")
    }

    /// The result of a d10 roll (1 to 10; the die's 0 is 10).
    pub fn result(&self, die: u8) -> CommandResult {
        self.0[die as usize - 1]
    }
}
