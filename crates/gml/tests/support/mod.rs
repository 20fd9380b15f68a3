//! What the tests share: a `--data` folder of files, gone when dropped.
// Each test binary uses a part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

pub struct DataDir(PathBuf);

impl DataDir {
    pub fn new(name: &str) -> DataDir {
        let dir = std::env::temp_dir().join(format!("gml-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        DataDir(dir)
    }

    /// Writes (or replaces) one data file.
    pub fn write(&self, file: &str, text: &str) -> &Path {
        std::fs::write(self.0.join(file), text).unwrap();
        &self.0
    }

    pub fn remove(&self, file: &str) {
        std::fs::remove_file(self.0.join(file)).unwrap();
    }
}

impl Drop for DataDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
