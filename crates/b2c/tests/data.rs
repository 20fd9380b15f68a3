//! `--data DIR`: a printed game's Player's Aid replaces the reconstructed VP
//! schedule (data-provenance.md); a bad folder is refused whole.
mod support;
use b2c::state::*;
use engine::prelude::*;
use support::*;

// rule: b2c 13.0, 11.0
#[test]
fn a_printed_vp_schedule_replaces_the_reconstructed_one() {
    let dir = std::env::temp_dir().join(format!("b2c-data-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).display().to_string();
    let vp = include_str!("../data/vp.tsv");
    // A schedule without every key is refused.
    std::fs::write(dir.join("vp.tsv"), "key\tvalue\tprovenance\nconcord\t7\tprinted\n").unwrap();
    let err = b2c::B2c::use_data_dir(&dir).unwrap_err();
    assert_eq!(
        err,
        format!("{}: expected a row for 'percy-lexington', found none", path("vp.tsv"))
    );
    // A good schedule and a good deck beside a bad map: the map's fault is
    // named by file, line and column, and none of the three is used.
    std::fs::write(dir.join("vp.tsv"), vp.replace("concord\t5\t", "concord\t9\t")).unwrap();
    let deck = include_str!("../../revroad/data/cards.tsv").replace("\n1\t3\t3\t0\t", "\n1\t1\t1\t0\t");
    std::fs::write(dir.join("cards.tsv"), deck).unwrap();
    let regions = include_str!("../data/regions.tsv").replace("\t-71.231\ttown", "\t-71.231\tvillage");
    std::fs::write(dir.join("regions.tsv"), regions).unwrap();
    let err = b2c::B2c::use_data_dir(&dir).unwrap_err();
    assert_eq!(
        err,
        format!(
            "{} line 16, column 'kind': expected one of town|open|alert|box, found 'village'",
            path("regions.tsv")
        )
    );
    std::fs::remove_file(dir.join("regions.tsv")).unwrap();
    // A border to a region that is not on the map.
    let borders = include_str!("../data/borders.tsv").replace("boston-neck\troxbury\t", "boston-neck\troxbry\t");
    std::fs::write(dir.join("borders.tsv"), borders).unwrap();
    let err = b2c::B2c::use_data_dir(&dir).unwrap_err();
    assert_eq!(
        err,
        format!(
            "{} line 5, column 'b': expected a region of regions.tsv, found 'roxbry'",
            path("borders.tsv")
        )
    );
    std::fs::remove_file(dir.join("borders.tsv")).unwrap();
    std::fs::remove_file(dir.join("cards.tsv")).unwrap();
    assert_eq!(
        revroad::cards::card(1).british,
        3,
        "the deck of the refused folder is not used"
    );
    // The printed schedule alone is used (nothing above was installed, or
    // this would be refused as a second schedule).
    std::fs::write(dir.join("vp.tsv"), vp.replace("concord\t5\t", "concord\t7\t")).unwrap();
    b2c::B2c::use_data_dir(&dir).unwrap();
    let mut g = board();
    let x = g.put(Kind::Regular, "meriams-corner");
    move_group(&mut g, B, "meriams-corner", &[x]);
    act(&mut g, B, "to-concord");
    assert_eq!(g.vp[0], 14);
    assert!(b2c::B2c::provenance()
        .iter()
        .any(|(k, why)| k.contains("concord = 7") && !why.is_empty()));
    std::fs::remove_dir_all(&dir).ok();
}
