//! Which data a title's games are played with: the embedded (reconstructed)
//! files, or files a `--data DIR` replaced. A save file records it, so a game
//! is never replayed over another map or order of battle without a clear
//! error.

use crate::game::{Game, TitleInfo};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Mutex, OnceLock};

/// The data files a `--data DIR` replaced, and a digest of their contents.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DataOverride {
    /// File names, sorted.
    pub files: Vec<String>,
    /// SHA-256 over each file's name and contents, in that order (hex).
    pub sha256: String,
}

impl DataOverride {
    /// The title's data files found in `dir`; `None` when there is none.
    pub fn read(dir: &Path, names: &[&str]) -> Result<Option<Self>, String> {
        let mut names: Vec<&str> = names.iter().copied().filter(|n| dir.join(n).is_file()).collect();
        if names.is_empty() {
            return Ok(None);
        }
        names.sort_unstable();
        let mut hash = Sha256::new();
        for n in &names {
            let path = dir.join(n);
            let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            for part in [n.as_bytes(), &bytes] {
                hash.update((part.len() as u64).to_le_bytes());
                hash.update(part);
            }
        }
        let sha256 = hash.finalize().iter().map(|b| format!("{b:02x}")).collect();
        Ok(Some(DataOverride {
            files: names.into_iter().map(String::from).collect(),
            sha256,
        }))
    }
}

/// Says which data a save or this run uses, for error messages.
pub fn describe(data: Option<&DataOverride>) -> String {
    match data {
        None => "the embedded data".into(),
        Some(d) => format!("--data files {} (sha256 {})", d.files.join(", "), &d.sha256[..12]),
    }
}

static IN_USE: Mutex<BTreeMap<&'static str, DataOverride>> = Mutex::new(BTreeMap::new());

/// `--data DIR` for `G`: the title checks and installs the files, then the
/// files it reads are recorded for its save files.
pub fn use_data_dir<G: Game>(dir: &Path) -> Result<(), String> {
    let data = DataOverride::read(dir, G::info().data_files)?;
    G::use_data_dir(dir)?;
    if let Some(d) = data {
        IN_USE.lock().expect("data registry").insert(G::info().key, d);
    }
    Ok(())
}

/// The data files replaced for this title in this run, if any.
pub fn in_use(title: &str) -> Option<DataOverride> {
    IN_USE.lock().expect("data registry").get(title).cloned()
}

/// The rules and data a game of this title is played with here: its rules
/// version, and the digest of the data files `--data` replaced, if any. The
/// server stores it with each game and refuses to replay a game under
/// another.
pub fn rules_stamp(info: &TitleInfo) -> String {
    match in_use(info.key) {
        None => info.rules_version.to_string(),
        Some(d) => format!("{} data sha256:{}", info.rules_version, d.sha256),
    }
}

// ---------------------------------------------------------------- the tables in use

// A title's tables are fixed once the first game reads them: the embedded
// ones, or those a `--data DIR` gave. Every title follows one procedure:
// read and check every file first ([`Loaded::stage`]), install only when
// all are good ([`Staged::install`]), so that a bad override changes nothing.

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
