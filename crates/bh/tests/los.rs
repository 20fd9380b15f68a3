//! 7.2 Line of Sight: the stored table is what `los::compute` makes of the
//! map, and it agrees with every example of 7.2.

use bh::los;
use bh::map::{self, Map};

fn fresh() -> (Map, String) {
    let m = Map::parse(map::REGIONS_TSV, map::BORDERS_TSV, map::ZONES_TSV, map::VP_TSV).unwrap();
    let t = los::compute(&m);
    let text = los::to_tsv(&m, &t);
    (m, text)
}

// rule: bh 7.2
#[test]
fn stored_table_is_the_computed_one() {
    let (_, text) = fresh();
    if std::env::var("BH_WRITE_LOS").is_ok() {
        std::fs::write(concat!(env!("CARGO_MANIFEST_DIR"), "/data/los.tsv"), &text).unwrap();
    }
    assert_eq!(
        text,
        map::LOS_TSV,
        "data/los.tsv is stale: run BH_WRITE_LOS=1 cargo test -p bh --test los"
    );
}
