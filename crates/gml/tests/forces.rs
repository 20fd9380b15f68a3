//! The counter mix, the leaders and the turn track against what the
//! scenarios deploy and how long they last.

mod common;

use gml::forces::{Forces, Kind, Nationality, AMERICAN, BRITISH};
use gml::turns::{self, Interface};

#[test]
fn every_leader_the_scenarios_deploy_exists_on_his_side() {
    // The data the deployments of 12.13, 12.23, 12.33, 12.43 and the reinforcements of 12.24, 12.34 need (the set-ups themselves come with the rules).
    let f = Forces::embedded();
    let americans = [
        "arnold",
        "montgomery",
        "allen",
        "knox",
        "schuyler",
        "herkimer",
        "putnam",
        "washington",
        "sullivan",
        "wayne",
        "alexander",
        "gates",
        "morgan",
        "lincoln",
        "marion",
        "kalb",
        "sumter",
        "greene",
    ];
    let british = [
        "carleton",
        "clinton",
        "st-leger",
        "burgoyne",
        "baum",
        "howe",
        "cornwallis",
        "knyphausen",
        "grant",
        "tarleton",
    ];
    for (ids, side) in [(&americans[..], AMERICAN), (&british[..], BRITISH)] {
        for id in ids {
            let l = f.leader(id).unwrap_or_else(|| panic!("no leader {id}"));
            assert_eq!(l.side, side, "{id}");
        }
    }
    assert_eq!(f.leader("knyphausen").unwrap().nationality, Nationality::Hessian);
    assert_eq!(f.leader("baum").unwrap().nationality, Nationality::Hessian);
}

#[test]
fn ranks_follow_the_rules() {
    // The ranks 5.4 and 12.34 fix (command by rank comes with the rules).
    let f = Forces::embedded();
    let rank = |id: &str| f.leader(id).unwrap().rank;
    assert_eq!(rank("washington"), 3);
    // 12.34: "Clinton is considered a three-star general" in the Southern Campaign: he is not one otherwise.
    assert!(rank("clinton") < 3);
    for l in &f.leaders {
        assert!((1..=3).contains(&l.rank), "{}", l.id);
    }
}

#[test]
fn the_mix_holds_saratogas_british_army() {
    // rule: gml 2.2
    let f = Forces::embedded();
    let british_land = |ex: bool| f.count(|c| c.kind == Kind::British && c.experienced == ex);
    // New York 8 + 1 experienced, St. Johns 1, Oswego 1.
    assert!(british_land(false) >= 10 && british_land(true) >= 1);
    assert!(f.count(|c| c.kind == Kind::Hessian && !c.experienced) >= 6);
    assert!(f.count(|c| c.kind == Kind::Artillery && c.nationality == Some(Nationality::British)) >= 2);
    assert!(f.count(|c| c.kind == Kind::Naval && c.side == Some(BRITISH)) >= 2);
    assert!(f.count(|c| c.kind == Kind::Tory && c.home.as_deref() == Some("ny")) >= 2);
    for tribe in ["mohawk", "abenaki"] {
        assert_eq!(
            f.count(|c| c.kind == Kind::Indian && c.side == Some(BRITISH) && c.home.as_deref() == Some(tribe)),
            1
        );
    }
    // 2.2 the printed values: British Army 5 and 3, experienced 6 and 4 (ruling gml #34), naval 5 and 5 reduced to 4 (8.13).
    let row = |k: Kind, ex: bool| f.counters.iter().find(|c| c.kind == k && c.experienced == ex).unwrap();
    assert_eq!(
        (row(Kind::British, false).combat, row(Kind::British, false).movement),
        (5, 3)
    );
    assert_eq!(
        (row(Kind::British, true).combat, row(Kind::British, true).movement),
        (6, 4)
    );
    assert_eq!(
        (
            row(Kind::Continental, false).combat,
            row(Kind::Continental, false).movement
        ),
        (4, 4)
    );
    let naval = row(Kind::Naval, false);
    assert_eq!((naval.combat, naval.reduced, naval.movement), (5, 4, 5));
}

#[test]
fn the_turn_track_fits_every_scenarios_length() {
    // rule: gml 3.0
    // (and the lengths 12.11, 12.21, 12.31, 12.41 print, and 8.27's example)
    let track = turns::read(None).unwrap();
    let at = |id: &str| {
        track
            .iter()
            .position(|t| t.id == id)
            .unwrap_or_else(|| panic!("no turn {id}"))
    };
    let length = |from: &str, to: &str| at(to) - at(from) + 1;
    assert_eq!(length("1775-sep-1", "1776-jun-2"), 17, "Invasion of Canada");
    assert_eq!(length("1777-may-1", "1777-nov-1"), 13, "Saratoga");
    assert_eq!(length("1780-jan", "1780-oct-2"), 18, "Southern Campaign");
    assert_eq!(length("1780-dec", "1781-apr-2"), 7, "Greene's Campaign");
    // 8.27's example: six turns after April I is July I.
    assert_eq!(track[at("1778-apr-1") + 6].name(), "July I 1778");
    assert_eq!(track[at("1780-dec")].name(), "December 1780");
    // Ruling gml #38: the Winter Interface comes before December's turn.
    assert_eq!(track[at("1776-dec")].interface, Some(Interface::Winter));
    assert_eq!(track[0].interface, None);
}

#[test]
fn a_turn_out_of_order_is_refused() {
    let dir = common::DataDir::new("turns");
    let text = "id\tmonth\tyear\thalf\tinterface\n1775-sep-1\tsep\t1775\t1\t\n1775-oct-1\toct\t1775\t1\t\n";
    let e = turns::read(Some(dir.write("turns.tsv", text))).unwrap_err().to_string();
    assert!(e.contains("line 3") && e.contains("September II 1775"), "{e}");
}

#[test]
fn georgia_has_the_two_tory_militia_of_the_placement_example() {
    // The counters 9.4's example needs (its placement comes with the rules).
    // "both Georgia units are in play. He must therefore choose a militia unit from North Carolina or South Carolina."
    let f = Forces::embedded();
    let tories = |state: &str| f.count(|c| c.kind == Kind::Tory && !c.experienced && c.home.as_deref() == Some(state));
    assert_eq!(tories("ga"), 2);
    assert!(tories("nc") >= 1 && tories("sc") >= 1);
}

// rule: gml 11.5
#[test]
fn a_band_of_indians_is_counted_as_an_indian_unit() {
    // "1 Mohawk Indian" (12.23) is one counter: named as one unit, so that
    // the log's verbs agree ("The Mohawk Indian unit sails").
    let mut g = common::cleared("saratoga", gml::state::Phase::Combat(BRITISH));
    let mohawk = common::put_home(&mut g, BRITISH, Kind::Indian, "mohawk", 1, "oswego")[0];
    let abenaki = common::put_home(&mut g, BRITISH, Kind::Indian, "abenaki", 1, "oswego")[0];
    let regulars = common::put(&mut g, BRITISH, Kind::British, 2, "oswego");
    assert_eq!(g.unit_name(mohawk), "Mohawk Indian unit");
    assert_eq!(
        g.units_words(&[mohawk, regulars[0], abenaki, regulars[1]]),
        "1 Mohawk Indian unit, 2 British units and 1 Abenaki Indian unit"
    );
    assert_eq!(g.units_counted(&[mohawk], true), ["Mohawk Indian unit"]);
    assert_eq!(g.units_words(&[mohawk, mohawk]), "2 Mohawk Indian units");
}
