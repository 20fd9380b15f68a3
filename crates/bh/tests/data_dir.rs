//! `--data DIR`: map files in a folder replace the reconstructed ones, checked first.

use bh::map::{self, Map};
use engine::prelude::*;
use engine::Setup;

#[test]
fn a_data_folder_replaces_the_map_after_checks() {
    let dir = std::env::temp_dir().join(format!("bh-data-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A regions.tsv that drops an area the scenarios name is refused, and nothing changes.
    let short: String = map::REGIONS_TSV
        .lines()
        .filter(|l| !l.starts_with("boston\t"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(dir.join("regions.tsv"), short).unwrap();
    let err = bh::Bh::use_data_dir(&dir).unwrap_err();
    assert!(err.contains("boston"), "{err}");
    assert!(!map::in_use());
    // A malformed zones.tsv is refused too.
    std::fs::remove_file(dir.join("regions.tsv")).unwrap();
    std::fs::write(dir.join("zones.tsv"), "zone\ttransport\nlz-1\tx\n").unwrap();
    assert!(bh::Bh::use_data_dir(&dir).is_err());
    assert!(!map::in_use());
    // A valid vp.tsv with Breed's Hill worth 6 is used by the next game.
    std::fs::remove_file(dir.join("zones.tsv")).unwrap();
    std::fs::write(
        dir.join("vp.tsv"),
        map::VP_TSV.replace("hill-breeds\t4\t", "hill-breeds\t6\t"),
    )
    .unwrap();
    bh::Bh::use_data_dir(&dir).unwrap();
    assert_eq!(Map::get().vp("hill-breeds"), 6.0);
    let game = bh::Bh::new(&Setup::new("standard", 1));
    assert!(game.check().is_ok());
    // Once a game is made the map cannot change.
    assert!(bh::Bh::use_data_dir(&dir).unwrap_err().contains("already in use"));
    std::fs::remove_dir_all(&dir).unwrap();
}
