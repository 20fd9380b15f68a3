//! Reading and writing save files: every load replays and checks the game,
//! every write is atomic (a temporary file renamed over the old one).

use anyhow::{Context, Result};
use engine::{AnyGame, SaveFile};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Read and parse a save file, without replaying it.
pub fn read(path: &Path) -> Result<SaveFile> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    engine::parse_save(&text).with_context(|| format!("{}", path.display()))
}

/// Read a save file and rebuild its game (replaying and checking it).
pub fn load(path: &Path) -> Result<Box<dyn AnyGame>> {
    let save = read(path)?;
    catalog::load(&save).with_context(|| format!("{}", path.display()))
}

/// Write the game's save file atomically: the old file stays whole if anything fails.
pub fn write(path: &Path, game: &dyn AnyGame) -> Result<()> {
    let mut text = serde_json::to_string_pretty(&game.save()).context("cannot serialize the game")?;
    text.push('\n');
    let tmp = temp_path(path);
    let result = (|| -> std::io::Result<()> {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result.with_context(|| format!("cannot write {}", path.display()))
}

/// `game.json` -> `game.json.tmp`, next to it (a rename never crosses file systems).
fn temp_path(path: &Path) -> PathBuf {
    let mut name = path
        .file_name()
        .map(|n| n.to_os_string())
        .unwrap_or_else(|| "game".into());
    name.push(".tmp");
    path.with_file_name(name)
}
