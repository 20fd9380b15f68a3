//! 12.3, 12.4 the solitaire bots: their priorities on built positions, whole
//! games played with only the human seat, and 12.4's British Final Fire.

mod support;
use bh::actions::Action;
use bh::state::*;
use bh::Bh;
use engine::prelude::*;
use revroad::sheet::SheetBot;
use support::*;

/// A sandbox where the bot plays its seat, with objective `goal` (12.3's or 12.4's number).
fn bot_game(scenario: &str, seat: u8, goal: u8) -> Bh {
    let mut g = Bh::sandbox(scenario, seat);
    g.opts.bot = true;
    g.objective = Some(if scenario == "solo-patriot" {
        bh::setup::bot_objective(goal)
    } else {
        bh::setup::british_objective(goal)
    });
    g
}

fn steps(g: &Bh, a: &str, b: &str) -> u8 {
    g.map().dist(g.region(a), g.region(b))
}

// rule: bh 12.4
#[test]
fn british_bot_assaults_its_objective_at_good_odds_and_says_why() {
    let mut g = bot_game("solo-patriot", B, 3);
    put_n(&mut g, 3, Regular, B, "breeds-slope-east");
    g.update_released();
    g.put(Minuteman, P, "breeds-south");
    let c = g.bot_choice().expect("the bot acts");
    let (a, n, why) = (c.action, c.priority, c.reason);
    assert_eq!((a, n), (Action::Act(Act::Assault), 1), "{why}");
    g.advance();
    assert_logged(
        &g,
        "British bot: Assault (6.2) (priority 1: assault an objective region at good odds)",
    );
    assert_logged(
        &g,
        "The British assault Breed's Hill (south) from Breed's Hill east slope with ",
    );
    assert!(!g.to_act().contains(B), "the bot seat never acts by itself");
}

// rule: bh 12.4
#[test]
fn british_bot_volleys_at_patriots_next_to_its_lines_before_landing_more() {
    let mut g = bot_game("solo-patriot", B, 3);
    put_n(&mut g, 2, Regular, B, "north-shore");
    g.put(Regular, B, "lz-3");
    g.put(Minuteman, P, "neck");
    assert_eq!(bot_pick(&mut g), (Action::Act(Act::Volley), 2));
    g.advance();
    assert_logged(&g, "Volley Fire from Mystic shore by the Neck at Charlestown Neck");
    assert_eq!(g.actor(), Some(P), "the human Patriot acts next");
}

// rule: bh 12.4, 6.10
#[test]
fn british_bot_lands_in_its_zone_nearest_the_objective() {
    // The Northern Defense Works: Moulton's Hill is a step nearer than Moulton's Point.
    let mut g = bot_game("solo-patriot", B, 2);
    assert!(steps(&g, "moultons-hill", "ndw-south") < steps(&g, "point-shore", "ndw-south"));
    let afloat = put_n(&mut g, 3, Regular, B, "lz-3");
    assert_eq!(bot_pick(&mut g), (Action::Act(Act::LandTroops), 4));
    g.advance();
    let ashore: Vec<String> = afloat.iter().map(|&i| loc(&g, i)).filter(|l| l != "lz-3").collect();
    assert_eq!(
        ashore,
        vec!["moultons-hill", "moultons-hill"],
        "two units an Action, nearest the works"
    );
}

// rule: bh 12.4, 6.5
#[test]
fn british_bot_advances_on_the_objective_and_stops_short_of_the_patriots() {
    let mut g = bot_game("solo-patriot", B, 3);
    let regs = put_n(&mut g, 3, Regular, B, "moultons-hill");
    g.update_released();
    g.put(Minuteman, P, "breeds-redoubt");
    let before = steps(&g, "moultons-hill", "breeds-redoubt").min(steps(&g, "moultons-hill", "breeds-south"));
    assert_eq!(bot_pick(&mut g), (Action::Act(Act::LandMove), 3));
    g.advance();
    let at = loc(&g, regs[0]);
    assert!(regs.iter().all(|&i| loc(&g, i) == at), "the group moves together");
    let after = steps(&g, &at, "breeds-redoubt").min(steps(&g, &at, "breeds-south"));
    assert!(after < before, "nearer the objective: {at}");
}

// rule: bh 12.4, 6.7
#[test]
fn british_bot_rallies_where_a_leader_stands() {
    let mut g = bot_game("solo-patriot", B, 3);
    g.put(Leader, B, "moultons-hill");
    let r = g.put(Regular, B, "moultons-hill");
    g.pieces[r as usize].flipped = true;
    assert_eq!(bot_pick(&mut g), (Action::Act(Act::Rally), 5));
    g.advance();
    assert!(!g.pieces[r as usize].flipped, "the healthy leader rallies it (12.2)");
}

// rule: bh 12.4, 6.6, 6.4
#[test]
fn british_bot_sails_the_fleet_to_bombard_its_objective() {
    // Objective 2, the Northern Defense Works: the northern works lie in the
    // Mystic River box's target area, not the harbor's where the fleet is.
    let mut g = bot_game("solo-patriot", B, 2);
    put_n(&mut g, 2, Minuteman, P, "ndw-north");
    assert_eq!(g.map().id(g.fleet), "fleet-harbor");
    assert_eq!(bot_pick(&mut g), (Action::Act(Act::NavalMove), 7));
    g.advance();
    assert_eq!(g.map().id(g.fleet), "fleet-mystic");
    assert_logged(&g, "The fleet sails from the ");
    // From there it bombards; it does not sail on.
    assert_eq!(g.fleet_box_for_goals(), None);
    // With no defended objective region in any box, it stays.
    let mut g = bot_game("solo-patriot", B, 2);
    g.put(Minuteman, P, "ndw-north");
    assert_eq!(
        g.fleet_box_for_goals(),
        None,
        "one healthy counter is no target (ruling bh #13)"
    );
}

// rule: bh 12.3
#[test]
fn patriot_bot_volleys_from_the_works_at_british_next_to_them() {
    let mut g = bot_game("solo-british", P, 3);
    for _ in 0..2 {
        g.put(Minuteman, P, "breeds-redoubt");
        g.put(Regular, B, "breeds-slope-east");
    }
    assert_eq!(bot_pick(&mut g), (Action::Act(Act::Volley), 1));
    g.advance();
    assert_logged(&g, "Volley Fire from Breed's Hill (redoubt) at Breed's Hill east slope");
    assert_eq!(g.ammo, 23);
    assert_eq!(g.actor(), Some(B));
}

// rule: bh 12.3, 5.3
#[test]
fn patriot_bot_pulls_units_out_of_the_fires_way() {
    let mut g = bot_game("solo-british", P, 1);
    let mm = g.put(Minuteman, P, "town-square");
    let mil = g.put_militia(1, "town-square");
    g.pieces[mil as usize].flipped = true;
    g.ablaze |= bit(g.region("town-east"));
    assert_eq!(bot_pick(&mut g), (Action::Act(Act::LandMove), 2));
    g.advance();
    for i in [mm, mil] {
        assert_ne!(loc(&g, i), "town-square", "broken or not, everything leaves");
        let r = g.pieces[i as usize].loc;
        let map = g.map();
        let next_to_fire = map.is_town(r) && map.neighbours(r).iter().any(|&b| g.is_ablaze(b) && map.is_town(b));
        assert!(!next_to_fire, "{} is out of the fire's way", loc(&g, i));
    }
}

// rule: bh 12.3, 6.9
#[test]
fn patriot_bot_snipes_a_british_leader() {
    let mut g = bot_game("solo-british", P, 1);
    g.put(Leader, B, "mill-field");
    g.put(Regular, B, "mill-field");
    assert_eq!(bot_pick(&mut g), (Action::Act(Act::Snipe), 4));
    g.advance();
    assert_logged(&g, "Snipe at ");
}

// rule: bh 12.3, 6.9
#[test]
fn patriot_bot_snipes_british_units_rather_than_hold_a_reserve() {
    let mut g = bot_game("solo-british", P, 1);
    let r = g.put(Regular, B, "mill-field");
    assert_eq!(bot_pick(&mut g), (Action::Act(Act::Snipe), 9));
    g.core.dice.script([5]);
    g.advance();
    assert_logged(&g, "Snipe at Mill Pond fields: needs 5 or 6 to hit: 1 hit.");
    assert!(g.pieces[r as usize].flipped, "the one eligible piece takes the hit");
    // 6.9 / ruling bh #7: not with the powder at 12.
    let mut g = bot_game("solo-british", P, 1);
    g.put(Regular, B, "mill-field");
    g.ammo = 12;
    assert_eq!(bot_pick(&mut g), (Action::FreePass, 11), "nothing else to do: pass");
}

// rule: bh 12.3, 6.5
#[test]
fn patriot_bot_reinforces_a_threatened_objective_and_holds_the_works() {
    let mut g = bot_game("solo-british", P, 3);
    let held = g.put(Minuteman, P, "breeds-redoubt");
    g.pieces[held as usize].fired = true;
    let fresh = g.put(Minuteman, P, "bunker-center");
    g.put(Regular, B, "breeds-slope-east");
    let before = steps(&g, "bunker-center", "breeds-redoubt");
    let c = g.bot_choice().unwrap();
    let (a, n, why) = (c.action, c.priority, c.reason);
    assert_eq!((a, n), (Action::Act(Act::LandMove), 6), "{why}");
    g.advance();
    assert_eq!(loc(&g, held), "breeds-redoubt", "the works are held");
    assert!(
        steps(&g, &loc(&g, fresh), "breeds-redoubt") < before,
        "{}",
        loc(&g, fresh)
    );
}

// rule: bh 12.2, 12.3, 7.1
#[test]
fn patriot_bot_decides_inside_the_british_assault() {
    let mut g = bot_game("solo-british", B, 3);
    put_n(&mut g, 3, Regular, B, "breeds-slope-east");
    g.update_released();
    g.put(Minuteman, P, "breeds-redoubt");
    g.put(Leader, P, "breeds-redoubt");
    acts(&mut g, "british", &["assault", "breeds-slope-east", "breeds-redoubt"]);
    let regs: Vec<String> = ids(&g, "british")
        .into_iter()
        .filter(|i| i.starts_with("piece-"))
        .collect();
    for id in regs {
        act(&mut g, "british", &id);
    }
    act(&mut g, "british", "done");
    assert_logged(&g, "Patriot bot: Done (priority 10: hold the ground)");
    assert_logged(
        &g,
        "Patriot bot: Fire back, hitting on 5-6 (2 ammunition) (priority 11: fire in defence while the powder lasts)",
    );
    assert!(!g.to_act().contains(P));
}

// rule: bh 12.4
#[test]
fn british_final_fire_after_the_actions_of_a_patriot_solitaire_turn() {
    let mut g = bot_game("solo-patriot", B, 3);
    g.opts.final_fire = true;
    let regs = put_n(&mut g, 2, Regular, B, "breeds-slope-east");
    let mm = g.put(Minuteman, P, "breeds-south");
    g.pieces[regs[0] as usize].fired = true;
    g.ap = [0, 0];
    g.turns = 1;
    // One unit still able to fire: two dice at 5-6 (terrain from the slope: none).
    g.core.dice.script([5, 1]);
    g.advance();
    assert_logged(&g, "British Final Fire");
    assert_logged(&g, "Volley Fire from Breed's Hill east slope at Breed's Hill (south)");
    assert!(g.pieces[mm as usize].flipped, "one hit flips the minuteman");
    assert!(g.core.outcome.is_some(), "then the last turn ends");
}

/// A British Regular next to a Minuteman, both tracks at zero: the Action Phase is over.
fn lines_in_contact(scenario: &str) -> (Bh, PieceId) {
    let mut g = Bh::sandbox(scenario, B);
    g.put(Regular, B, "breeds-slope-east");
    let mm = g.put(Minuteman, P, "breeds-south");
    g.ap = [0, 0];
    (g, mm)
}

// rule: bh 12.4
#[test]
fn no_final_fire_in_the_two_player_game_and_a_british_seat_chooses_its_own() {
    for scenario in ["standard", "solo-patriot"] {
        // Not without the option (ruling bh #25), even in the Patriot solitaire game.
        let (mut g, mm) = lines_in_contact(scenario);
        g.turns = 1;
        g.advance();
        assert!(!log(&g).contains("British Final Fire"), "{scenario}");
        assert!(!g.pieces[mm as usize].flipped, "{scenario}");
    }
    // bot=seat: the British seat is asked, and may stop.
    let (mut g, _) = lines_in_contact("solo-patriot");
    g.opts.final_fire = true;
    g.advance();
    assert_eq!(g.actor(), Some(B));
    let choices = ids(&g, "british");
    assert_eq!(choices, vec!["breeds-slope-east".to_string(), "done".to_string()]);
    act(&mut g, "british", "breeds-slope-east");
    assert_eq!(
        ids(&g, "british"),
        vec!["breeds-south".to_string()],
        "adjacent targets only"
    );
    act(&mut g, "british", "breeds-south");
    assert!(log(&g).contains("Volley Fire from Breed's Hill east slope"));
    assert_ne!(g.phase, Phase::BritishFire, "nothing left to fire: the turn ends");
}

// rule: bh 12.3
#[test]
fn a_whole_solo_british_game_plays_out_against_the_patriot_bot() {
    revroad::testing::solo_game_plays_out::<Bh>("solo-british", B, 3);
}

// rule: bh 12.4
#[test]
fn a_whole_solo_patriot_game_plays_out_against_the_british_bot() {
    for seed in [5, 6, 7] {
        revroad::testing::solo_game_plays_out::<Bh>("solo-patriot", P, seed);
    }
}

// rule: bh 12.3
#[test]
fn with_bot_seat_the_side_is_an_ordinary_seat() {
    revroad::testing::bot_seat_is_an_ordinary_seat::<Bh>(3000);
}
