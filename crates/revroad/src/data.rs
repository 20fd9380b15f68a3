//! The data a Revolution Road game plays with: the embedded tables, or those
//! a `--data DIR` gave, read with `engine::table` and fixed once the first
//! game reads them. Both games and the shared cards keep their tables here,
//! so that every `--data` follows one procedure: read and check every file
//! first ([`Loaded::stage`]), install only when all are good
//! ([`Staged::install`]), so that a bad override changes nothing.

use std::path::Path;
use std::sync::OnceLock;

/// One title's parsed tables of one kind (a map, a schedule, a deck).
pub struct Loaded<T> {
    cell: OnceLock<T>,
    /// What the tables are, for "the map is already in use".
    what: &'static str,
}

impl<T> Loaded<T> {
    pub const fn new(what: &'static str) -> Self {
        Loaded {
            cell: OnceLock::new(),
            what,
        }
    }

    /// The tables in use: those installed by `--data`, else the embedded
    /// ones, read on first use.
    pub fn get(&self, embedded: impl FnOnce() -> T) -> &T {
        self.cell.get_or_init(embedded)
    }

    /// The tables in use, if a game or `--data` fixed them already.
    pub fn current(&self) -> Option<&T> {
        self.cell.get()
    }

    /// Tables read from `--data`, checked but not yet used; `None` when the
    /// folder replaces none of them. Refused once tables are in use.
    pub fn stage(&'static self, value: Option<T>) -> Result<Staged<T>, String> {
        if value.is_some() && self.cell.get().is_some() {
            return Err(format!(
                "{} is already in use: --data must come before any game is made",
                self.what
            ));
        }
        Ok(Staged { slot: self, value })
    }
}

/// Tables that passed every check, to be used by the next game.
#[must_use = "staged data is used only once installed"]
pub struct Staged<T: 'static> {
    slot: &'static Loaded<T>,
    value: Option<T>,
}

impl<T> Staged<T> {
    /// Use these tables from now on. [`Loaded::stage`] checked the slot was
    /// free; `--data` is read before any game, so nothing fills it between.
    pub fn install(self) {
        if let Some(v) = self.value {
            // A lost race would only keep the tables already in use.
            let _ = self.slot.cell.set(v);
        }
    }
}

/// Whether `dir` holds any of these data files (as `DataOverride::read`
/// decides which files to digest).
pub fn overrides(dir: &Path, files: &[&str]) -> bool {
    files.iter().any(|f| dir.join(f).is_file())
}
