//! A good `--data` file replaces the embedded one, for every game made
//! afterwards (its own test binary: the tables are fixed once installed).

use fiw::combat::{Crt, Odds};
use fiw::tables;
use std::path::Path;

#[test]
fn a_good_override_replaces_the_embedded_table() {
    // rule: fiw 15.1
    let dir = std::env::temp_dir().join(format!("fiw-data-good-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/crt-raid.tsv");
    // An owner's printed table: here a 4:1 raid destroys on a natural 1.
    let text = std::fs::read_to_string(data)
        .unwrap()
        .replace("1\tAL\tAR*\tAR\tAR\tAR\tDR\tDR", "1\tAL\tAR*\tAR\tAR\tAR\tDR\tDD");
    std::fs::write(dir.join("crt-raid.tsv"), text).unwrap();
    tables::use_data_dir(&dir).unwrap();
    assert_eq!(tables::tables().combat.result(Crt::Raid, Odds::FourToOne, 1).code, "DD");
    // The other tables are the embedded ones.
    assert_eq!(
        tables::tables().combat.result(Crt::Linear, Odds::FourToOne, 1).code,
        "DR"
    );
    // Once in use, the tables are fixed.
    let again = tables::use_data_dir(&dir).unwrap_err();
    assert!(again.contains("already in use"), "{again}");
    std::fs::remove_dir_all(&dir).unwrap();
}
