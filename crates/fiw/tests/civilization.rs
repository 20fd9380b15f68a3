//! The Capture Table.

use fiw::civilization::{Capture, CaptureTable, Marker, MARKERS};

#[test]
fn every_marker_can_be_captured_or_destroyed() {
    // rule: fiw 22.6, 22.61
    let t = CaptureTable::read(None).unwrap();
    for (_, m) in MARKERS {
        let results: Vec<Capture> = (1..=6).map(|r| t.result(m, r)).collect();
        assert!(
            results.contains(&Capture::Captured) && results.contains(&Capture::Destroyed),
            "{m:?}"
        );
    }
    // Masonry survives more often than a stockade.
    let captured = |m| (1..=6).filter(|&r| t.result(m, r) == Capture::Captured).count();
    assert!(captured(Marker::Fortress) > captured(Marker::Fort));
}
