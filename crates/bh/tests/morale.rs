//! 9.0-9.4 morale, panic and demoralization, 6.7 Rally, 10.0 victory, 11.3.

mod support;
use bh::state::*;
use bh::Bh;
use engine::prelude::*;
use engine::Setup;
use support::*;

fn sandbox(seat: engine::Seat) -> Bh {
    Bh::sandbox("standard", seat)
}

// rule: bh 6.7, 9.0, 4.8
#[test]
fn each_leader_rallies_one_unit_once_a_turn() {
    let mut g = sandbox(P);
    let l = g.put(Leader, P, "breeds-redoubt");
    g.pieces[l as usize].flipped = true;
    let mm = [
        g.put(Minuteman, P, "breeds-redoubt"),
        g.put(Minuteman, P, "breeds-redoubt"),
    ];
    for &m in &mm {
        g.pieces[m as usize].flipped = true;
    }
    g.morale[1] = 20;
    acts(&mut g, "patriot", &["rally", "breeds-redoubt", &piece(mm[0])]);
    assert!(!g.pieces[mm[0] as usize].flipped && g.pieces[mm[1] as usize].flipped);
    assert!(g.pieces[l as usize].rallied, "FAQ: a wounded leader rallies too");
    assert_eq!(g.morale[1], 21);
    g.to_move = P;
    assert!(!g.can(Act::Rally, P), "the leader has rallied this turn");
    g.morale[1] = 24;
    g.pieces[l as usize].rallied = false;
    g.to_move = P;
    acts(&mut g, "patriot", &["rally", "breeds-redoubt", &piece(mm[1])]);
    assert_eq!(g.morale[1], 24, "ruling bh #20: never above 24");
    // A damaged field cannon may not be rallied.
    let gun = g.put(Cannon, P, "breeds-south");
    g.pieces[gun as usize].flipped = true;
    g.put(Leader, P, "breeds-south");
    assert!(!g.rally_regions(P).contains(&g.region("breeds-south")));
}

// rule: bh 9.1, 4.9
#[test]
fn panic_check_breaks_and_runs_militia() {
    let mut g = sandbox(B);
    g.morale[1] = 12;
    let weak = g.put_militia(0, "ndw-north");
    let strong = g.put_militia(2, "ndw-north");
    g.put(Regular, B, "rail-fence");
    g.ap = [0, 0];
    // End of turn 1; turn 2 begins: card, then the panic check.
    g.advance();
    assert_eq!(g.actor(), Some(B));
    assert_eq!(ids(&g, "british"), vec!["ndw-north"]);
    g.core.dice.script([4, 3]);
    act(&mut g, "british", "ndw-north");
    run_the_routes(&mut g);
    assert!(
        g.pieces[weak as usize].flipped && g.pieces[weak as usize].panic,
        "4 + 0: panics"
    );
    assert!(!g.pieces[strong as usize].flipped, "3 + 2 = 5 holds");
    let m = g.map();
    assert!(m.dist(g.pieces[weak as usize].loc, m.muster()) < m.dist(g.region("ndw-north"), m.muster()));
    assert_eq!(g.morale[1], 11);
    // Panicked units cannot act and an Assault destroys them.
    assert!(!g.move_regions(P).contains(&g.pieces[weak as usize].loc));
}

/// Answer every run the Patriot is asked to route (ruling bh #33) with the first choice.
fn run_the_routes(g: &mut Bh) {
    while matches!(g.frames.last(), Some(Frame::Flee { .. })) {
        let c = ids(g, "patriot");
        act(g, "patriot", &c[0]);
    }
}

// rule: bh 9.1, 9.2
#[test]
fn the_owner_routes_a_run_toward_the_muster_box_and_the_bot_routes_its_own() {
    let mut g = sandbox(B);
    let probe = g.put_militia(1, "neck");
    // A region from which the run forks: two neighbours nearer the Muster Box.
    let fork = g
        .map()
        .land()
        .find(|&r| {
            g.pieces[probe as usize].loc = r;
            g.flee_options(probe, 3).len() >= 2
        })
        .expect("a fork on the map");
    g.toward_muster(&[probe], 3);
    g.advance();
    assert_eq!(g.actor(), Some(P), "the Patriot chooses the route");
    let options = g.flee_options(probe, 3);
    let c = ids(&g, "patriot");
    assert_eq!(c.len(), options.len());
    act(&mut g, "patriot", &c[1]);
    let to = g.map().name(options[1]).to_string();
    assert!(log(&g).contains(&format!(" to {to}.")), "the route chosen: {}", log(&g));
    run_the_routes(&mut g);
    let m = g.map();
    assert!(m.dist(g.pieces[probe as usize].loc, m.muster()) < m.dist(fork, m.muster()));
    // The Patriot bot (12.3) routes its own runs.
    let mut g = Bh::sandbox("solo-british", B);
    g.opts.bot = true;
    let m = g.put_militia(1, "neck");
    g.pieces[m as usize].loc = fork;
    g.toward_muster(&[m], 3);
    g.advance();
    assert_ne!(g.actor(), Some(P));
    assert!(log(&g).contains("(priority"), "{}", log(&g));
    assert!(log(&g).contains("run where there is room"), "{}", log(&g));
}

// rule: bh 9.1
#[test]
fn healthy_leaders_remove_panic_markers_at_the_end_of_the_turn() {
    let mut g = sandbox(B);
    let m = g.put_militia(1, "neck");
    g.pieces[m as usize].panic = true;
    g.pieces[m as usize].flipped = true;
    g.put(Leader, P, "neck");
    g.ap = [0, 0];
    g.advance();
    assert!(!g.pieces[m as usize].panic);
}

// rule: bh 9.2
#[test]
fn patriot_demoralization() {
    let mut g = sandbox(B);
    let mil = g.put_militia(1, "breeds-redoubt");
    let mm = g.put(Minuteman, P, "breeds-redoubt");
    g.reserve = [0, 2];
    g.morale[1] = 1;
    let x = g.put(Minuteman, P, "town-square");
    g.take_hit(x);
    g.advance();
    run_the_routes(&mut g);
    assert!(g.demoralized[1]);
    assert_eq!(g.reserve[1], 0);
    assert_ne!(loc(&g, mil), "breeds-redoubt", "militia fall back three regions");
    assert_eq!(loc(&g, mm), "breeds-redoubt", "minutemen are unaffected");
    assert!(g.rally_regions(P).is_empty());
    g.ap = [0, 1];
    g.to_move = P;
    assert!(!g.can(Act::Plan, P));
    assert_eq!(
        g.vp(P),
        -1.0 + 0.0,
        "-1 VP for demoralization; the broken minuteman is the British's"
    );
}

// rule: bh 9.3, 9.4
#[test]
fn mutual_demoralization_ends_the_game() {
    let mut g = sandbox(B);
    g.morale = [1, 1];
    let r = g.put(Regular, B, "moultons-hill");
    g.take_hit(r);
    assert!(g.demoralized[0] && g.core.outcome.is_none());
    assert!(g.rally_regions(B).is_empty(), "9.3 no Rally");
    let m = g.put(Minuteman, P, "neck");
    g.take_hit(m);
    assert!(g.core.outcome.is_some(), "9.4");
}

// rule: bh 10.0, 3.0
#[test]
fn victory_points_and_the_hill_tie_break() {
    let mut g = sandbox(B);
    g.put(Regular, B, "moultons-hill");
    let moultons = g.map().vp("hill-moultons");
    assert_eq!(moultons, 2.0, "ruling bh #36");
    assert_eq!(g.vp(B), moultons, "Moulton's Hill held");
    for id in ["bunker-north", "bunker-center"] {
        g.put(Minuteman, P, id);
    }
    g.put(Minuteman, P, "bunker-south");
    let bunker = g.map().vp("hill-bunker");
    assert_eq!(g.vp(P), bunker, "all three Bunker Hill regions");
    let x = g.put(Regular, B, "point-shore");
    g.take_hit(x);
    assert_eq!(g.vp(P), bunker + 0.5, "a broken unit is worth 1/2");
    g.take_hit(x);
    assert_eq!(g.vp(P), bunker + 1.0, "a destroyed unit 1");
    // FAQ: 1 VP for every ablaze region beyond five.
    let towns: Vec<u8> = g.map().land().filter(|&r| g.map().is_town(r)).collect();
    for &t in &towns[..7] {
        g.ablaze |= bit(t);
    }
    assert_eq!(g.vp(B), moultons + 2.0, "seven ablaze: two beyond five");
    // Tie: the British win only with more hill regions.
    let mut t = sandbox(B);
    t.put(Regular, B, "breeds-south");
    t.put(Minuteman, P, "neck");
    assert_eq!((t.vp(B), t.vp(P)), (0.0, 0.0));
    t.finish();
    assert_eq!(t.core.outcome.as_ref().unwrap().winner, Some(B));
    let mut u = sandbox(B);
    u.finish();
    assert_eq!(u.core.outcome.as_ref().unwrap().winner, Some(P));
}

// rule: bh 11.3, 11.0, 12.1
#[test]
fn optional_landing_zones_for_reinforcements() {
    let mut s = Setup::new("standard", 9);
    s.options.insert("landing-zones".into(), "optional".into());
    s.validate(Bh::info()).unwrap();
    let mut g = Bh::new(&s);
    g.frames.clear();
    g.phase = Phase::Actions;
    g.turn = 2;
    g.ap = [0, 0];
    g.advance();
    assert_eq!(g.turn, 3);
    assert_eq!(ids(&g, "british").len(), 6);
    act(&mut g, "british", "zone-4");
    let lz4 = g.region("lz-4");
    assert_eq!(
        g.pieces.iter().filter(|p| p.loc == lz4).count(),
        9,
        "5 Regulars, 2 Marines, Howe, Abercrombie"
    );
    let mut plain = Bh::new(&Setup::new("standard", 9));
    plain.frames.clear();
    plain.phase = Phase::Actions;
    plain.turn = 5;
    plain.ap = [0, 0];
    plain.advance();
    assert_eq!(
        ids(&plain, "british"),
        vec!["zone-2", "zone-3"],
        "12.1 turn 6: zone 2 or 3"
    );
}

// rule: bh 9.2, 9.3
#[test]
fn demoralized_militia_hit_on_six_and_demoralized_british_lose_a_die() {
    let mut g = sandbox(P);
    g.demoralized[1] = true;
    let mil = g.put_militia(2, "breeds-redoubt");
    g.put(Regular, B, "breeds-slope-east");
    acts(
        &mut g,
        "patriot",
        &["volley-fire", "breeds-redoubt", "breeds-slope-east", &piece(mil)],
    );
    g.core.dice.script([5, 5]);
    act(&mut g, "patriot", "done");
    assert!(log(&g).contains("2 dice, needs 6 to hit: 0 hits."), "{}", log(&g));
    let mut g = sandbox(B);
    g.demoralized[0] = true;
    let regs: Vec<PieceId> = (0..2).map(|_| g.put(Regular, B, "harbor-shore")).collect();
    g.put(Minuteman, P, "point-shore");
    acts(&mut g, "british", &["volley-fire", "harbor-shore", "point-shore"]);
    for &r in &regs {
        act(&mut g, "british", &piece(r));
    }
    g.core.dice.script([1, 1, 1]);
    act(&mut g, "british", "done");
    assert!(log(&g).contains("3 dice"), "{}", log(&g));
}

// rule: bh 4.3, 6.2
#[test]
fn british_guns_without_ammunition_count_in_an_assault_but_roll_nothing() {
    let mut g = sandbox(P);
    let gun = g.put(Cannon, B, "harbor-shore");
    let at = g.region("harbor-shore");
    assert_eq!(
        g.healthy_units(at, B),
        1,
        "ruling bh #10: it counts for the Assault numbers"
    );
    assert_eq!(g.firepower(&[gun], at).0, 0, "but rolls no dice");
    g.ammo_arrived = true;
    assert_eq!(g.firepower(&[gun], at).0, 2);
}

// rule: bh 6.4, 4.6
#[test]
fn a_piece_with_nowhere_to_go_burns() {
    let mut g = sandbox(B);
    let mm = g.put(Minuteman, P, "town-shipyard");
    for id in ["town-mill", "town-meeting", "town-wharves"] {
        g.ablaze |= bit(g.region(id));
    }
    g.ignite(g.region("town-shipyard"), "6.4");
    g.advance();
    assert_eq!(loc(&g, mm), "gone");
    assert_eq!(g.morale[1], 23);
}

// rule: bh 6.4, 4.6
// ruling: bh #12
#[test]
fn a_piece_leaving_the_fire_is_named_and_its_move_logged() {
    // The audit of session 40: the prompt did not say which piece moved, and
    // the log did not say where it went.
    let mut g = sandbox(B);
    let mm = g.put(Minuteman, P, "town-shipyard");
    for id in ["town-mill", "town-meeting"] {
        g.ablaze |= bit(g.region(id));
    }
    g.ignite(g.region("town-shipyard"), "6.4");
    g.advance();
    let name = g.label(mm);
    let prompt = g.prompt(P);
    assert_eq!(prompt.text, format!("Move {name} out of the fire in Shipyards"));
    act(&mut g, "patriot", "town-wharves");
    assert_eq!(loc(&g, mm), "town-wharves");
    assert_logged(&g, &format!("{name} leaves the fire in "));
}

/// A militia in Bunker Hill (south) next to the British, whose runs fork:
/// the west slope is full and the ridge beyond it is British, so a run
/// that goes that way cannot leave the over-stack (the bh/solo-patriot
/// harness games that broke 6.5).
fn blocked_fork(scenario: &str) -> (Bh, PieceId) {
    let mut g = Bh::sandbox(scenario, B);
    g.morale[1] = 12;
    let m = g.put_militia(0, "bunker-south");
    g.put(Regular, B, "breeds-slope-north");
    put_n(&mut g, 3, Minuteman, P, "bunker-slope-west");
    g.put(Regular, B, "ridge-neck");
    (g, m)
}

// rule: bh 9.1, 6.5, 12.4
#[test]
fn a_panic_run_never_takes_a_way_that_ends_over_stacked() {
    // The British bot of 12.4 picks the region to test (priority 15).
    let (mut g, m) = blocked_fork("solo-patriot");
    g.opts.bot = true;
    g.to_move = P;
    g.ap = [0, 3];
    g.frames.push(Frame::Panic);
    g.core.dice.script([1]);
    g.advance();
    assert_logged(&g, "(priority 15");
    assert!(g.pieces[m as usize].panic);
    assert_eq!(
        loc(&g, m),
        "neck",
        "by the north slope and the north shore:\n{}",
        log(&g)
    );
    assert_eq!(g.units(g.region("bunker-slope-west"), P), 3);
    g.check().unwrap();
    // A Patriot seat is not offered the dead end either.
    let (mut g, _) = blocked_fork("standard");
    g.ap = [0, 0];
    g.advance();
    g.core.dice.script([1]);
    act(&mut g, "british", "bunker-south");
    assert!(
        g.frames.iter().all(|f| !matches!(f, Frame::Flee { .. })),
        "one way: no choice"
    );
    g.check().unwrap();
}

// rule: bh 9.1, 6.5, 9.0
#[test]
fn a_panicked_unit_left_over_stacked_with_nowhere_to_run_is_lost() {
    // Ruling bh #33: both ways lead into full regions the run cannot leave.
    let (mut g, m) = blocked_fork("standard");
    put_n(&mut g, 3, Minuteman, P, "bunker-slope-north");
    g.put(Regular, B, "north-shore");
    g.ap = [0, 0];
    g.advance();
    g.core.dice.script([1]);
    let morale = g.morale[1];
    act(&mut g, "british", "bunker-south");
    run_the_routes(&mut g);
    assert_eq!(loc(&g, m), "gone");
    assert_logged(&g, "has nowhere to run and is lost");
    assert_eq!(g.morale[1], morale - 2, "9.0 one for the panic, one for the unit lost");
    g.check().unwrap();
}

// rule: bh 9.1, 9.2, 9.0
#[test]
fn a_militia_lost_on_its_panic_run_does_not_run_again_when_demoralized() {
    // The panic that breaks it demoralizes the Patriots (9.2): every militia
    // on the map is to fall back, this one too; it is lost on its panic run
    // (ruling bh #33), so its fall back is over before it starts, and it
    // is not lost twice (fuzz, bh/solo-patriot seed 23852).
    let (mut g, m) = blocked_fork("standard");
    put_n(&mut g, 3, Minuteman, P, "bunker-slope-north");
    g.put(Regular, B, "north-shore");
    for _ in 0..4 {
        let gone = g.put(Minuteman, P, "town-square");
        g.pieces[gone as usize].loc = DESTROYED;
    }
    g.morale[1] = 1;
    g.ap = [0, 0];
    g.advance();
    g.core.dice.script([1]);
    act(&mut g, "british", "bunker-south");
    run_the_routes(&mut g);
    assert!(g.demoralized[1]);
    assert_eq!(loc(&g, m), "gone");
    assert_eq!(
        g.log()
            .visible(None)
            .filter(|e| e.text.contains("has nowhere to run and is lost"))
            .count(),
        1
    );
    g.check().unwrap();
}

// rule: bh 9.4, 6.2
#[test]
fn mutual_demoralization_ends_the_game_at_once_even_inside_an_assault() {
    // The British are already demoralized; the Assault's round takes the last
    // Patriot morale: "the game immediately ends", before the British take
    // the hit of the same round, both sides still in the region.
    let mut g = sandbox(B);
    let regs = put_n(&mut g, 3, Regular, B, "mystic-beach");
    g.update_released();
    let m = g.put(Militia, P, "ndw-north");
    g.pieces[m as usize].flipped = true;
    let l = g.put(Leader, P, "ndw-north");
    g.morale = [5, 1];
    g.demoralized[0] = true;
    engage(&mut g, "british", "assault", "mystic-beach", "ndw-north", &regs);
    act(&mut g, "patriot", "done");
    g.core.dice.script([6, 1, 1, 1, 1, 1, 6, 6, 6, 6]);
    act(&mut g, "patriot", "hold-fire");
    act(&mut g, "patriot", &piece(m));
    assert!(g.core.outcome.is_some());
    assert_logged(&g, "Both sides are demoralized: the game ends.");
    assert!(
        regs.iter().all(|&r| !g.pieces[r as usize].flipped),
        "no hit taken after the end"
    );
    assert_eq!((loc(&g, l), loc(&g, regs[0])), ("ndw-north".into(), "ndw-north".into()));
    g.check().unwrap();
}

// rule: bh 9.2, 6.2, 3.0
#[test]
fn a_fall_back_inside_an_assault_leaves_room_for_the_attackers_to_return() {
    // Seed 98,388 of the bh/solo-patriot fuzz: a Patriot Assault from the
    // west slope of Bunker Hill costs the last morale in the defenders' free
    // fire. 9.2's fall back runs a militia three regions, the last of them
    // toward the slope the attackers left; then the outnumbered attackers
    // fall back there. Ruling bh #38: the slope keeps their places, so the
    // run ends elsewhere and the slope is not over-stacked.
    let mut g = sandbox(P);
    let stay = g.put(Minuteman, P, "bunker-slope-west");
    let attackers = put_n(&mut g, 2, Minuteman, P, "bunker-slope-west");
    let defenders = put_n(&mut g, 2, Regular, B, "bunker-center");
    let runner = g.put_militia(2, "town-north-east");
    g.morale[1] = 1;
    g.core.dice.script([6, 1, 1, 1, 1]);
    engage(
        &mut g,
        "patriot",
        "assault",
        "bunker-slope-west",
        "bunker-center",
        &attackers,
    );
    act(&mut g, "patriot", &piece(attackers[0]));
    assert_logged(&g, "The Patriots are demoralized.");
    // Each step of the run is forced: the lane, Breed's Hill west slope,
    // Mill ridge, then the west slope, where the two attackers' places are
    // kept beside the Minuteman who stayed: over-stacked, it runs on.
    assert_logged(
        &g,
        "Militia 1 (strength 2) runs from Mill ridge to Bunker Hill west slope.",
    );
    assert_logged(
        &g,
        "Militia 1 (strength 2) runs from Bunker Hill west slope to Neck ridge.",
    );
    assert_logged(&g, "The attacker is outnumbered and falls back.");
    assert_eq!(loc(&g, runner), "ridge-neck");
    for i in [stay, attackers[0], attackers[1]] {
        assert_eq!(loc(&g, i), "bunker-slope-west");
    }
    assert!(defenders.iter().all(|&d| loc(&g, d) == "bunker-center"));
    assert_eq!(g.units(g.region("bunker-slope-west"), P), 3);
    g.check().unwrap();
}

// rule: bh 9.2, 6.8
// 9.2: "Militia activated for movement may only move towards the Muster Box."
// 6.8: in Reorganize the Line "counters in one region may move to the other
// region" ... "All counters that moved are given a Moved Marker." A
// demoralized militia moves only toward the Muster Box there too (rules
// bh-9).
#[test]
fn demoralized_militia_may_not_reorganize_away_from_the_muster_box() {
    let mut g = sandbox(P);
    g.demoralized[P as usize] = true;
    let m = g.put_militia(1, "bunker-south");
    g.put(Minuteman, P, "breeds-slope-north");
    let (muster, from, to) = (
        g.map().muster(),
        g.region("bunker-south"),
        g.region("breeds-slope-north"),
    );
    assert!(g.map().dist(to, muster) > g.map().dist(from, muster));
    acts(&mut g, "patriot", &["reorganize", "bunker-south", "breeds-slope-north"]);
    assert!(
        !ids(&g, "patriot").contains(&piece(m)),
        "a demoralized militia moves away from the Muster Box by Reorganize the Line"
    );
}

// rule: bh 12.2
// 12.2 Victory points (solitaire): "-1 VP to the Patriots if demoralized"
// (the schedule has no such line for the British; rules bh-9: a demoralized
// British side lost one in solitaire too).
#[test]
fn solitaire_british_demoralization_costs_no_victory_point() {
    let mut g = Bh::sandbox("solo-british", B);
    let before = g.vp(B);
    g.demoralized[B as usize] = true;
    assert_eq!(g.vp(B), before, "12.2 lists -1 VP for a demoralized Patriot side only");
}

// rule: bh 9.2, 8.0
// 9.2 "Patriot Militia only hit on a roll of 6" and 8.0 "a max of 3 dice":
// the dice the cap (or a terrain modifier) takes away are the militia's, so
// the Patriot keeps the dice that hit on 5 or 6 (ruling bh #44; rules bh-11
// kept the militia's and dropped the Minutemen's).
#[test]
fn a_demoralized_patriot_over_the_dice_cap_keeps_his_best_dice() {
    let mut g = sandbox(P);
    g.demoralized[P as usize] = true;
    g.ammo = 12;
    let mut firers = put_n(&mut g, 2, Minuteman, P, "point-shore");
    firers.push(g.put_militia(2, "point-shore"));
    g.put(Regular, B, "harbor-shore");
    g.core.dice.script([5, 5, 5]);
    engage(&mut g, "patriot", "volley-fire", "point-shore", "harbor-shore", &firers);
    assert!(
        log(&g).contains("3 dice, 2 need 5 or 6, 1 needs 6 to hit: 2 hits."),
        "{}",
        log(&g)
    );
    // The same in the free defensive fire of an Assault, where every defender fires.
    let mut g = sandbox(B);
    g.demoralized[P as usize] = true;
    g.ammo = 14;
    put_n(&mut g, 2, Minuteman, P, "point-shore");
    g.put_militia(2, "point-shore");
    let regs = put_n(&mut g, 3, Regular, B, "harbor-shore");
    g.update_released();
    engage(&mut g, "british", "assault", "harbor-shore", "point-shore", &regs);
    act(&mut g, "patriot", "done");
    g.core.dice.script([5, 5, 5]);
    act(&mut g, "patriot", "fire");
    assert!(
        log(&g).contains("Free defensive fire: 3 dice, 2 need 5 or 6, 1 needs 6 to hit: 2 hits."),
        "{}",
        log(&g)
    );
}

// rule: bh 9.1, 5.3
// 9.1 "if the Morale Marker has not reached the 0 space, each healthy leader
// may remove one Panic Marker from the region they are in": one marker a
// leader, none by a wounded leader, none once morale is at 0.
#[test]
fn only_healthy_leaders_remove_panic_markers_one_each_above_zero_morale() {
    let panicked = |g: &mut Bh, n: usize| -> Vec<PieceId> {
        let list = put_n(g, n, Militia, P, "neck");
        for &i in &list {
            g.pieces[i as usize].panic = true;
            g.pieces[i as usize].flipped = true;
        }
        list
    };
    let still = |g: &Bh, list: &[PieceId]| list.iter().filter(|&&i| g.pieces[i as usize].panic).count();
    let mut g = sandbox(B);
    let two = panicked(&mut g, 2);
    g.put(Leader, P, "neck");
    let wounded = g.put(Leader, P, "neck");
    g.pieces[wounded as usize].flipped = true;
    g.ap = [0, 0];
    g.advance();
    assert_eq!(
        still(&g, &two),
        1,
        "one healthy leader, one marker; the wounded one removes none"
    );
    let mut g = sandbox(B);
    let one = panicked(&mut g, 1);
    g.put(Leader, P, "neck");
    g.morale[P as usize] = 0;
    g.demoralized[P as usize] = true;
    g.ap = [0, 0];
    g.advance();
    assert_eq!(still(&g, &one), 1, "at morale 0 no marker comes off");
}
