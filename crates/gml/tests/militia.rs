//! The Militia Table and the Initial Militia Call Table.

mod common;

use gml::forces::{AMERICAN, BRITISH};
use gml::map::Region;
use gml::militia::{Militia, Presence};

#[test]
fn the_militia_table_example() {
    // rule: gml 9.3
    // "The British player rolls dice in the No British in Region column for
    // the South region ... the result is 6 ... must obtain a 6 or less."
    let t = Militia::embedded();
    assert_eq!(t.need(Region::South, BRITISH, Presence::None), Some(6));
    assert!(t.raises(Region::South, BRITISH, Presence::None, 6));
    assert!(!t.raises(Region::South, BRITISH, Presence::None, 7));
}

#[test]
fn the_printed_rows_are_as_printed() {
    // rule: gml 9.1
    let t = Militia::embedded();
    let row = |r, seat| {
        [
            Presence::None,
            Presence::NoCities,
            Presence::SomeCities,
            Presence::AllCities,
        ]
        .map(|p| t.need(r, seat, p))
    };
    assert_eq!(row(Region::Canada, BRITISH), [Some(8), Some(6), Some(5), Some(3)]);
    assert_eq!(row(Region::NewEngland, AMERICAN), [Some(5), Some(7), Some(8), Some(5)]);
    assert_eq!(row(Region::NewEngland, BRITISH), [Some(4), Some(3), Some(3), Some(2)]);
    // Ruling gml #27: "—" is no success; the rebels raise none in Canada.
    assert_eq!(row(Region::Canada, AMERICAN), [None; 4]);
    assert!(!t.raises(Region::Canada, AMERICAN, Presence::None, 1));
}

#[test]
fn the_column_follows_british_presence_and_the_cities_they_hold() {
    // rule: gml 9.1
    // (with the control of 9.2 counted by the rules to come)
    assert_eq!(Presence::of(false, 0, 3), Presence::None);
    assert_eq!(Presence::of(true, 0, 3), Presence::NoCities);
    assert_eq!(Presence::of(true, 1, 3), Presence::SomeCities);
    assert_eq!(Presence::of(true, 3, 3), Presence::AllCities);
}

#[test]
fn the_initial_calls() {
    // The Initial Militia Call Table of 6.7 (the call itself comes with the rules).
    let t = Militia::embedded();
    assert_eq!(t.initial_call("pa"), Some(3));
    assert_eq!(t.initial_call("ct"), Some(2));
    assert_eq!(
        t.initial_call("ma"),
        None,
        "the Massachusetts call is used at the start"
    );
    assert_eq!(t.initial_call("nw"), None);
}

#[test]
fn a_missing_row_is_named() {
    let dir = common::DataDir::new("militia");
    let head = "region\trow\tnone\tpresent\tsome\tall\n";
    let e = Militia::read(Some(
        dir.write("militia.tsv", &format!("{head}south\tT\t6\t5\t4\t11\n")),
    ))
    .unwrap_err()
    .to_string();
    assert!(e.contains("line 2, column 'all'") && e.contains("1 to 10"), "{e}");
    let e = Militia::read(Some(dir.write("militia.tsv", &format!("{head}south\tT\t6\t5\t4\t3\n"))))
        .unwrap_err()
        .to_string();
    assert!(e.contains("a R row for the Canada region"), "{e}");
}
