//! `--data DIR`: a printed game's Player's Aid replaces the reconstructed VP schedule (data-provenance.md).
mod support;
use b2c::state::*;
use engine::prelude::*;
use support::*;

// rule: b2c 13.0, 11.0
#[test]
fn a_printed_vp_schedule_replaces_the_reconstructed_one() {
    let dir = std::env::temp_dir().join(format!("b2c-data-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A schedule without every key is refused and changes nothing.
    std::fs::write(dir.join("vp.tsv"), "concord\t7\tprinted\n").unwrap();
    let err = b2c::B2c::use_data_dir(&dir).unwrap_err();
    assert!(err.contains("percy-lexington"), "{err}");
    let full: String = include_str!("../data/vp.tsv").replace("concord\t5\t", "concord\t7\t");
    std::fs::write(dir.join("vp.tsv"), full).unwrap();
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
