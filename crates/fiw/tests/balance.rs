//! The Balance of Power Index: no zero space, its extremes, its bands.

use fiw::balance::{BalanceTables, Degree, Favours, Index, EXTREME};
use fiw::forces::{BRITISH, FRENCH};

#[test]
fn there_is_no_zero_space() {
    // rule: fiw 4.0, 7.0
    assert!(Index::new(0).is_none());
    let plus1 = Index::new(1).unwrap();
    assert_eq!(plus1.shift(1, FRENCH).value(), -1, "from +1 straight to -1");
    assert_eq!(Index::new(-1).unwrap().shift(2, BRITISH).value(), 2);
    assert_eq!(plus1.favours(), BRITISH);
    assert_eq!(Index::new(-1).unwrap().favours(), FRENCH);
}

#[test]
fn the_index_stops_at_eighteen() {
    // rule: fiw 4.3
    assert!(Index::new(19).is_none() && Index::new(-19).is_none());
    let top = Index::new(17).unwrap().shift(5, BRITISH);
    assert_eq!(top.value(), EXTREME as i8);
    assert_eq!(top.shift(1, FRENCH).value(), 17, "it may shift back");
    assert_eq!(Index::new(-18).unwrap().shift(3, FRENCH).value(), -18);
}

#[test]
fn the_bands() {
    // rule: fiw 4.0, 8.1, 29.1
    let b = BalanceTables::embedded();
    let degree = |v| b.band(Index::new(v).unwrap()).degree;
    // 8.1 moderately pro-French gives -1.
    for v in -12..=-7 {
        assert_eq!(degree(v), Degree::Moderate);
        assert_eq!(b.event_drm(Index::new(v).unwrap()), -1);
    }
    assert_eq!(b.event_drm(Index::new(8).unwrap()), 1, "mirrored for the British");
    // The scenarios' starts: -1 (35.1), -7 (35.2), +3 (35.3).
    assert_eq!(degree(-1), Degree::Mild);
    assert_eq!(degree(-7), Degree::Moderate);
    assert_eq!(degree(3), Degree::Mild);
    assert_eq!(degree(18), Degree::Strong);
    // 29.1 +5, +10, +15 to the favoured side.
    assert_eq!(b.victory(Index::new(2).unwrap(), BRITISH), 5);
    assert_eq!(b.victory(Index::new(-9).unwrap(), FRENCH), 10);
    assert_eq!(b.victory(Index::new(-15).unwrap(), FRENCH), 15);
    assert_eq!(b.victory(Index::new(-15).unwrap(), BRITISH), 0);
    // 4.2 the favoured side alone gains negotiation strength.
    assert!(b.negotiation(Index::new(-1).unwrap(), FRENCH) > 0);
    assert_eq!(b.negotiation(Index::new(-1).unwrap(), BRITISH), 0);
}

#[test]
fn the_chart_has_the_changes_the_rules_give() {
    // rule: fiw 4.1, 4.11, 17.42, 31.34, 32.2, 33.2
    let b = BalanceTables::embedded();
    let c = |id| b.change(id, None).unwrap();
    assert_eq!(
        (c("leader-executed").shift, c("leader-executed").favours),
        (1, Favours::Opponent)
    );
    assert_eq!((c("massacre").shift, c("massacre").favours), (2, Favours::Opponent));
    assert_eq!((c("atrocity").shift, c("atrocity").favours), (1, Favours::Opponent));
    assert!(b.change("occupy", Some("quebec")).is_some());
    assert!(
        b.change("units-eliminated", None).is_some(),
        "24.2, 33.1: eliminations count"
    );
}
