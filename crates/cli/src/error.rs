//! The one error kind with its own exit code: a refused action (exit 2).

use std::fmt;

/// An action, seat, dice list or undo the game refused; the save file is untouched.
#[derive(Debug)]
pub struct Refused(pub String);

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Refused {}

/// Turn any displayable refusal into an `anyhow` error that exits with 2.
pub fn refused(e: impl fmt::Display) -> anyhow::Error {
    Refused(e.to_string()).into()
}
