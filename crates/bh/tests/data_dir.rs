//! `--data DIR`: map files in a folder replace the reconstructed ones,
//! checked first; a bad folder is refused whole, its fault named by file,
//! line and column.

use bh::map::{self, Map};
use engine::prelude::*;
use engine::Setup;

#[test]
fn a_data_folder_replaces_the_map_after_checks() {
    let dir = std::env::temp_dir().join(format!("bh-data-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).display().to_string();
    // A regions.tsv that drops an area the scenarios name is refused, and nothing changes.
    let short: String = map::REGIONS_TSV
        .lines()
        .filter(|l| !l.starts_with("boston\t"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(dir.join("regions.tsv"), short).unwrap();
    let err = bh::Bh::use_data_dir(&dir).unwrap_err();
    assert_eq!(
        err,
        format!("{}: the scenarios need the area 'boston'", path("regions.tsv"))
    );
    assert!(!map::in_use());
    // A malformed zones.tsv is refused too: a missing column, then a bad cell.
    std::fs::remove_file(dir.join("regions.tsv")).unwrap();
    std::fs::write(dir.join("zones.tsv"), "zone\ttransport\nlz-1\tx\n").unwrap();
    let err = bh::Bh::use_data_dir(&dir).unwrap_err();
    assert!(
        err.starts_with(&format!("{} line 1: expected a column 'staging'", path("zones.tsv"))),
        "{err}"
    );
    std::fs::write(
        dir.join("zones.tsv"),
        map::ZONES_TSV.replace("lz-2\t1\t3\t", "lz-2\tone\t3\t"),
    )
    .unwrap();
    let err = bh::Bh::use_data_dir(&dir).unwrap_err();
    assert_eq!(
        err,
        format!(
            "{} line 4, column 'transport': expected a whole number (u8), found 'one'",
            path("zones.tsv")
        )
    );
    assert!(!map::in_use());
    // A good deck and a good schedule beside a bad line-of-sight table: none is used.
    std::fs::remove_file(dir.join("zones.tsv")).unwrap();
    let deck = include_str!("../../revroad/data/cards.tsv").replace("\n1\t3\t3\t0\t", "\n1\t1\t1\t0\t");
    std::fs::write(dir.join("cards.tsv"), deck).unwrap();
    std::fs::write(
        dir.join("vp.tsv"),
        map::VP_TSV.replace("hill-breeds\t4\t", "hill-breeds\t9\t"),
    )
    .unwrap();
    std::fs::write(
        dir.join("los.tsv"),
        map::LOS_TSV.replace("neck\tbunker-north\tyes\t", "neck\tbunker-north\tmaybe\t"),
    )
    .unwrap();
    let err = bh::Bh::use_data_dir(&dir).unwrap_err();
    assert_eq!(
        err,
        format!(
            "{} line 7, column 'blocked': expected one of yes|no, found 'maybe'",
            path("los.tsv")
        )
    );
    assert!(!map::in_use());
    assert_eq!(
        revroad::cards::card(1).british,
        3,
        "the deck of the refused folder is not used"
    );
    std::fs::remove_file(dir.join("cards.tsv")).unwrap();
    std::fs::remove_file(dir.join("los.tsv")).unwrap();
    // A valid vp.tsv with Breed's Hill worth 6 is used by the next game.
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
