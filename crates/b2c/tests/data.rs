//! `--data DIR`: a printed game's Player's Aid replaces the reconstructed VP
//! schedule (data-provenance.md); a bad folder is refused whole.
mod support;
use b2c::state::*;
use b2c::B2c;
use engine::prelude::*;
use revroad::testing::{deck_unchanged, DataDir};
use support::*;

// rule: b2c 13.0, 11.0
#[test]
fn a_printed_vp_schedule_replaces_the_reconstructed_one() {
    let dir = DataDir::new("b2c");
    let vp = include_str!("../data/vp.tsv");
    // A schedule without every key is refused.
    assert_eq!(
        dir.refused::<B2c>("vp.tsv", "key\tvalue\tprovenance\nconcord\t7\tprinted\n"),
        "vp.tsv: expected a row for 'percy-lexington', found none"
    );
    // A good schedule and a good deck beside a bad map: the map's fault is
    // named by file, line and column, and none of the three is used.
    dir.write("vp.tsv", &vp.replace("concord\t5\t", "concord\t9\t"));
    dir.write_deck();
    let regions = include_str!("../data/regions.tsv").replace("\t-71.231\ttown", "\t-71.231\tvillage");
    assert_eq!(
        dir.refused::<B2c>("regions.tsv", &regions),
        "regions.tsv line 16, column 'kind': expected one of town|open|alert|box, found 'village'"
    );
    dir.remove("regions.tsv");
    // A border to a region that is not on the map.
    let borders = include_str!("../data/borders.tsv").replace("boston-neck\troxbury\t", "boston-neck\troxbry\t");
    assert_eq!(
        dir.refused::<B2c>("borders.tsv", &borders),
        "borders.tsv line 5, column 'b': expected a region of regions.tsv, found 'roxbry'"
    );
    dir.remove("borders.tsv");
    dir.remove("cards.tsv");
    deck_unchanged();
    // The printed schedule alone is used (nothing above was installed, or
    // this would be refused as a second schedule).
    dir.write("vp.tsv", &vp.replace("concord\t5\t", "concord\t7\t"));
    B2c::use_data_dir(&dir.0).unwrap();
    let mut g = board();
    let x = g.put(Kind::Regular, "meriams-corner");
    move_group(&mut g, B, "meriams-corner", &[x]);
    act(&mut g, B, "to-concord");
    assert_eq!(g.vp[0], 14);
    assert!(B2c::provenance()
        .iter()
        .any(|(k, why)| k.contains("concord = 7") && !why.is_empty()));
}
