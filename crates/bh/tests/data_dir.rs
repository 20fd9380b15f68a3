//! `--data DIR`: map files in a folder replace the reconstructed ones,
//! checked first; a bad folder is refused whole, its fault named by file,
//! line and column.

use bh::map::{self, Map};
use bh::Bh;
use engine::prelude::*;
use engine::Setup;
use revroad::testing::{deck_unchanged, DataDir};

#[test]
fn a_data_folder_replaces_the_map_after_checks() {
    let dir = DataDir::new("bh");
    // A regions.tsv that drops an area the scenarios name is refused, and nothing changes.
    let short: String = map::REGIONS_TSV
        .lines()
        .filter(|l| !l.starts_with("boston\t"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(
        dir.refused::<Bh>("regions.tsv", &short),
        "regions.tsv: the scenarios need the area 'boston'"
    );
    assert!(!map::in_use());
    // 3.1 a fence or wall modifier counts from regions next to it only (rules bh-10).
    let far = map::REGIONS_TSV.replace(
        "\tbreeds-slope-east,east-shore\t",
        "\tbreeds-slope-east,east-shore,mystic-point\t",
    );
    let err = dir.refused::<Bh>("regions.tsv", &far);
    assert!(
        err.contains("column 'faces'") && err.contains("(3.1)") && err.contains("'mystic-point'"),
        "{err}"
    );
    assert!(!map::in_use());
    // A malformed zones.tsv is refused too: a missing column, then a bad cell.
    dir.remove("regions.tsv");
    let err = dir.refused::<Bh>("zones.tsv", "zone\ttransport\nlz-1\tx\n");
    assert!(
        err.starts_with("zones.tsv line 1: expected a column 'staging'"),
        "{err}"
    );
    assert_eq!(
        dir.refused::<Bh>("zones.tsv", &map::ZONES_TSV.replace("lz-2\t1\t3\t", "lz-2\tone\t3\t")),
        "zones.tsv line 4, column 'transport': expected a whole number (u8), found 'one'"
    );
    assert!(!map::in_use());
    // A good deck and a good schedule beside a bad line-of-sight table: none is used.
    dir.remove("zones.tsv");
    dir.write_deck();
    dir.write("vp.tsv", &map::VP_TSV.replace("hill-breeds\t4\t", "hill-breeds\t9\t"));
    let los = map::LOS_TSV.replace("neck\tbunker-north\tyes\t", "neck\tbunker-north\tmaybe\t");
    assert_eq!(
        dir.refused::<Bh>("los.tsv", &los),
        "los.tsv line 7, column 'blocked': expected one of yes|no, found 'maybe'"
    );
    assert!(!map::in_use());
    deck_unchanged();
    dir.remove("cards.tsv");
    dir.remove("los.tsv");
    // A valid vp.tsv with Breed's Hill worth 6 is used by the next game.
    dir.write("vp.tsv", &map::VP_TSV.replace("hill-breeds\t4\t", "hill-breeds\t6\t"));
    Bh::use_data_dir(&dir.0).unwrap();
    assert_eq!(Map::get().vp("hill-breeds"), 6.0);
    let game = Bh::new(&Setup::new("standard", 1));
    assert!(game.check().is_ok());
    // Once a game is made the map cannot change.
    assert!(Bh::use_data_dir(&dir.0).unwrap_err().contains("already in use"));
}
