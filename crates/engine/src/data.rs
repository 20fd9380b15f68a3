//! Which data a title's games are played with: the embedded (reconstructed)
//! files, or files a `--data DIR` replaced. A save file records it, so a game
//! is never replayed over another map or order of battle without a clear
//! error.

use crate::game::{Game, TitleInfo};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Mutex;

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
