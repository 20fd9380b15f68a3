//! The Administration phase (ruling fiw #1 step 14): its steps 14.1-14.5.

mod common;

use common::*;
use engine::prelude::*;
use fiw::civilization::Marker;
use fiw::frames::Frame;
use fiw::map::{Colony, Sq};
use fiw::state::{Base, Phase, Place, Status};
use fiw::{Action, Fiw};

/// The administration phase, the British first this turn.
fn administer(g: &mut Fiw) {
    g.first = BRITISH;
    g.phase = Phase::Administration;
    g.advance();
}

fn magazine_at(g: &Fiw, at: Sq) -> bool {
    g.civ(at, Marker::Magazine).is_some()
}

#[test]
fn step_14_1_removes_magazines_under_siege_and_those_spent() {
    // rule: fiw 3.1, 18.62, 23.2
    // ruling: fiw #1, #7
    let mut g = blank(1);
    // Quebec's fortress under siege: French inside, British outside.
    let inside = put(&mut g, "fr-bearn", "quebec");
    g.units[inside as usize].inside = true;
    put(&mut g, "br-line", "quebec");
    put_marker(&mut g, Marker::Magazine, sq("oswego"), BRITISH).used = true;
    assert!(magazine_at(&g, sq("quebec")) && magazine_at(&g, sq("montreal")));
    administer(&mut g);
    assert!(!magazine_at(&g, sq("quebec")), "under siege");
    assert!(!magazine_at(&g, sq("oswego")), "spent outside a city or town");
    assert!(magazine_at(&g, sq("montreal")), "neither");
    assert!(magazine_at(&g, sq("halifax")));
}

#[test]
fn step_14_2_each_indian_force_rolls_on_the_indian_table() {
    // rule: fiw 25.4, 3.1
    // ruling: fiw #1
    let mut g = blank(2);
    // The first player's Indians first: a Mohawk with Johnson in his
    // village (+1 leader, +1 village), then the French squares row by row.
    let mohawk = put(&mut g, "mohawk-br", "canajoharie");
    put_leader(&mut g, "johnson", "canajoharie");
    let shawnee = put(&mut g, "shawnee-fr", "logstown");
    let ottawa = put(&mut g, "ottawa-fr", "1205");
    let ojibwa = put(&mut g, "ojibwa-fr", "1205");
    // Mohawk: 1 + 2 = 3, one goes home (the only one); Ottawa and Ojibwa
    // (1205, row 5): 2, one goes home, the French choose; Shawnee at
    // Logstown (0811, row 11): 4 + 1 = 5, they stay.
    g.core.dice.script([1, 2, 4]);
    administer(&mut g);
    assert_eq!(g.units[mohawk as usize].at(), Place::Pool, "gone home, not eliminated");
    assert_eq!(
        g.stack.last(),
        Some(&Frame::GoHome {
            seat: FRENCH,
            sq: sq("1205")
        })
    );
    let options = legal(&g, FRENCH);
    assert_eq!(options, [Action::Home(ottawa), Action::Home(ojibwa)]);
    g.apply_legal(FRENCH, &Action::Home(ojibwa));
    assert_eq!(g.units[ojibwa as usize].at(), Place::Pool);
    assert_eq!(g.units[ottawa as usize].at(), Place::Sq(sq("1205")));
    assert_eq!(g.units[shawnee as usize].at(), Place::Sq(sq("logstown")));
    assert_eq!(g.core.dice.scripted_left(), 0, "three squares, three rolls");
    assert!(logged(&g, "roll 4 (+1 village: 5) on the Indian Table: they stay"));
    assert_eq!(g.turn, 2, "then the rest of the turn");
}

#[test]
fn step_14_3_the_thirteen_colonies_not_under_invasion_become_passive() {
    // rule: fiw 5.22, 5.23, 5.25
    // ruling: fiw #40
    let mut g = blank(3);
    for c in [Colony::NewYork, Colony::Virginia, Colony::NovaScotia] {
        g.set_status(c, Status::Active);
    }
    // French units in Virginia: under invasion.
    put(&mut g, "fr-mar-det", "williamsburg");
    administer(&mut g);
    assert_eq!(g.status(Colony::NewYork), Status::Passive);
    assert_eq!(g.status(Colony::Virginia), Status::Active, "under invasion");
    assert_eq!(g.status(Colony::NovaScotia), Status::Active, "not one of the thirteen");
    assert_eq!(g.status(Colony::NewFrance), Status::Active, "a French colony");
}

/// 5.22 a colony "remains active only for the remainder of that game turn
/// unless it is under invasion"; 5.24 invasion is an enemy unit entering
/// it, which naval units alone do not (ruling fiw #9). So a French fleet
/// anchored alone in Boston keeps no invasion going there, and
/// Massachusetts turns passive at step 14.3; French Indians in New York
/// are French units invading it (#9), and keep it active.
#[test]
fn a_fleet_alone_keeps_no_colony_under_invasion() {
    // rule: fiw 5.22, 5.24, 5.25
    // ruling: fiw #9, #98
    let mut g = blank(23);
    g.set_status(Colony::Massachusetts, Status::Active);
    g.set_status(Colony::NewYork, Status::Active);
    put(&mut g, "fr-fleet", "boston");
    put(&mut g, "ottawa-fr", "albany");
    assert!(!g.under_invasion(Colony::Massachusetts), "a fleet invades nothing");
    assert!(g.under_invasion(Colony::NewYork));
    // Step 14.2: the Ottawas roll 6 and stay.
    g.core.dice.script([6]);
    administer(&mut g);
    assert_eq!(g.status(Colony::Massachusetts), Status::Passive);
    assert_eq!(g.status(Colony::NewYork), Status::Active, "Indians invade");
}

#[test]
fn step_14_4_provincials_of_passive_colonies_outside_them_go_to_the_pool() {
    // rule: fiw 5.26, 17.6
    // ruling: fiw #39, #41
    let mut g = blank(4);
    g.set_status(Colony::NewYork, Status::Passive);
    g.set_status(Colony::Massachusetts, Status::Active);
    // A French force in Massachusetts keeps it active (under invasion).
    put(&mut g, "fr-mar-det", "1406");
    let away = put(&mut g, "ny-infantry", "boston");
    let home = put(&mut g, "ny-infantry", "albany");
    let ma = put(&mut g, "ma-infantry", "albany");
    let regular = put(&mut g, "br-line", "boston");
    let johnson = put_leader(&mut g, "johnson", "boston");
    administer(&mut g);
    assert_eq!(g.units[away as usize].at(), Place::Pool);
    assert_eq!(
        g.units[home as usize].at(),
        Place::Sq(sq("albany")),
        "inside its colony"
    );
    assert_eq!(
        g.units[ma as usize].at(),
        Place::Sq(sq("albany")),
        "its colony is active"
    );
    assert_eq!(g.units[regular as usize].at(), Place::Sq(sq("boston")));
    assert_eq!(g.leaders[johnson as usize].at, Place::Pool, "back to the Leader box");
}

#[test]
fn step_14_5_french_militia_away_from_home() {
    // rule: fiw 24.2, 5.26, 5.21
    // ruling: fiw #8, #45, #61
    let mut g = blank(5);
    g.set_status(Colony::NewFrance, Status::Passive);
    g.set_status(Colony::Louisiana, Status::Active);
    let in_louisiana = put(&mut g, "nf-militia", "new-orleans");
    let provincial = put(&mut g, "cdb", "new-orleans");
    let at_home = put(&mut g, "nf-militia", "quebec");
    let disputed = put(&mut g, "no-militia", "logstown");
    let louisiana_away = put(&mut g, "no-militia", "montreal");
    administer(&mut g);
    assert_eq!(g.units[in_louisiana as usize].at(), Place::Pool, "a passive colony's");
    assert_eq!(
        g.units[provincial as usize].at(),
        Place::Sq(sq("new-orleans")),
        "French provincials serve in any French colony"
    );
    assert_eq!(g.units[at_home as usize].at(), Place::Sq(sq("quebec")));
    assert_eq!(g.units[disputed as usize].at(), Place::Pool, "outside French territory");
    assert_eq!(
        g.units[louisiana_away as usize].at(),
        Place::Sq(sq("montreal")),
        "an active colony's, in French territory"
    );
    assert!(g.log().visible(Some(FRENCH)).any(|e| e
        .text
        .contains("is outside French territory and eliminated, with no Balance of Power effect")));
}

/// The row of leaders.tsv of a leader id.
fn leader_row(id: &str) -> u8 {
    fiw::tables::tables()
        .forces
        .leaders
        .iter()
        .position(|l| l.id == id)
        .expect("a leader of leaders.tsv") as u8
}

/// 17.6 "Provincial Leaders are treated as other leaders, with the
/// following exception: British provincial leaders are removed from the map
/// if outside their colony during an administration phase in which their
/// colony is passive. They are not eliminated; they are returned to the
/// pool of available leaders." With 5.26 "Units of the colony located
/// outside of it are immediately removed from the map" and 3.1 step 14.4.
/// The British home base is outside New Hampshire, and the purchases let the
/// British place Rogers (New Hampshire) there.
#[test]
fn a_provincial_leader_in_the_home_base_goes_back_to_the_box_when_his_colony_turns_passive() {
    // rule: fiw 17.6
    // rule: fiw 5.26, 3.1, 5.22
    // ruling: fiw #71
    let mut g = purchasing(&[("br-line", "boston")]);
    assert_eq!(g.status(Colony::NewHampshire), Status::Active, "35.3 4.1");
    // Rogers, New Hampshire's leader, is recruited into the British home base.
    let rogers = leader_row("rogers");
    act(&mut g, BRITISH, Action::Appoint(rogers));
    act(&mut g, BRITISH, Action::At(Place::Base(Base::Britain)));
    act(&mut g, BRITISH, Action::Commit);
    act(&mut g, FRENCH, Action::Commit);
    let l = leader(&g, "rogers");
    assert_eq!(g.leaders[l as usize].at, Place::Base(Base::Britain));
    // End of turn: step 14.3 turns New Hampshire passive (no invasion).
    g.stack.clear();
    g.drafts = None;
    administer(&mut g);
    assert_eq!(g.status(Colony::NewHampshire), Status::Passive);
    assert_eq!(
        g.leaders[l as usize].at,
        Place::Pool,
        "17.6: Rogers is outside New Hampshire, which is passive in this administration phase"
    );
}

/// 3.1 step 14.4 "Remove from the map all British provincial units from
/// passive colonies that are outside their own colony." 5.26 "Units of the
/// colony located outside of it are immediately removed from the map." A
/// Massachusetts regiment carried to the British home base while its colony
/// was active (naval.rs `may_enter_base` admits every unit of British
/// nation, provincials included) is outside Massachusetts.
#[test]
fn a_provincial_regiment_in_the_home_base_is_removed_when_its_colony_turns_passive() {
    // rule: fiw 5.26
    // rule: fiw 3.1, 5.22
    // ruling: fiw #71
    let mut g = blank(21);
    assert_eq!(g.status(Colony::Massachusetts), Status::Active, "35.3 4.1");
    let away = put(&mut g, "ma-infantry", Place::Base(Base::Britain));
    let on_map = put(&mut g, "ma-infantry", "albany");
    administer(&mut g);
    assert_eq!(g.status(Colony::Massachusetts), Status::Passive);
    assert_eq!(
        g.units[on_map as usize].at(),
        Place::Pool,
        "outside Massachusetts, in New York"
    );
    assert_eq!(
        g.units[away as usize].at(),
        Place::Pool,
        "outside Massachusetts too, in the British home base"
    );
}

/// 3.1 step 14.5 "Remove from the map all French and Spanish militia (but
/// not provincial units) from passive colonies that are outside their own
/// colony." 24.2 "French Militia may move anywhere", so a New France militia
/// regiment may sail to France (21.21: French units enter the French base).
#[test]
fn a_passive_colony_s_militia_in_the_french_home_base_is_removed() {
    // rule: fiw 3.1
    // rule: fiw 5.26, 24.2
    // ruling: fiw #71
    let mut g = blank(22);
    g.set_status(Colony::NewFrance, Status::Passive);
    let in_louisiana = put(&mut g, "nf-militia", "new-orleans");
    let in_france = put(&mut g, "nf-militia", Place::Base(Base::France));
    administer(&mut g);
    assert_eq!(g.units[in_louisiana as usize].at(), Place::Pool, "outside New France");
    assert_eq!(
        g.units[in_france as usize].at(),
        Place::Pool,
        "outside New France too, in the French home base"
    );
}

/// 27.1 (the pool open, ruling #63): the removals of step 14.4 are read by
/// the enemy in the order of their squares, not of the counters, which
/// would tell which counter stood where. Two New York regiments outside
/// New York, either way round: the French read the same lines.
#[test]
fn the_enemy_reads_the_removals_in_no_order_of_the_counters() {
    // rule: fiw 27.1, 5.26
    let removed = |first: &str, second: &str| {
        let mut g = blank(4);
        g.set_status(Colony::NewYork, Status::Passive);
        put(&mut g, "ny-infantry", first);
        put(&mut g, "ny-infantry", second);
        administer(&mut g);
        let french: Vec<String> = g
            .log()
            .visible(Some(FRENCH))
            .map(|e| e.text.clone())
            .filter(|t| t.contains("returns to the pool"))
            .collect();
        assert_eq!(french.len(), 2, "{french:?}");
        french
    };
    assert_eq!(removed("boston", "philadelphia"), removed("philadelphia", "boston"));
}

#[test]
fn a_garrison_removed_from_its_besieged_fortress_leaves_it_to_the_besiegers() {
    // rule: fiw 22.4, 23.26, 5.26
    // ruling: fiw #97
    // A New York regiment holds Louisbourg's fortress for the British,
    // besieged by a French regiment. New York is passive at step 14.4, so
    // the regiment goes to the pool (5.26): the garrison is gone (23.26)
    // and the fortress, abandoned to the French standing in its square,
    // is theirs as if they had just entered (22.4), with the fortress's
    // Balance of Power shift (ruling fiw #53).
    let mut g = blank(6);
    g.set_status(Colony::NewYork, Status::Passive);
    let louisbourg = sq("louisbourg");
    g.civs.retain(|c| c.sq != louisbourg);
    put_marker(&mut g, Marker::Fortress, louisbourg, BRITISH).printed = true;
    put_marker(&mut g, Marker::Magazine, louisbourg, BRITISH);
    let garrison = put(&mut g, "ny-infantry", louisbourg);
    g.units[garrison as usize].inside = true;
    put(&mut g, "fr-bearn", louisbourg);
    assert!(g.besieged(louisbourg));
    let balance = g.balance.value();
    administer(&mut g);
    assert_eq!(g.units[garrison as usize].at(), Place::Pool);
    assert!(!g.besieged(louisbourg));
    assert_eq!(g.works(louisbourg), Some((fiw::map::Works::Fortress, FRENCH)));
    assert!(logged(&g, "The French take the fortress in"), "the log says so");
    assert!(g.balance.value() < balance, "toward the French");
    // Its magazine went at step 14.1, under the siege.
    assert!(!magazine_at(&g, louisbourg));
}
