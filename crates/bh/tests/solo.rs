//! 12.2-12.4 the solitaire scenarios.

mod support;
use bh::state::*;
use bh::Bh;
use engine::prelude::*;
use engine::Setup;
use support::*;

// rule: bh 12.3, 12.2
#[test]
fn british_objective_sets_up_both_sides_and_the_game_length() {
    let mut g = Bh::new(&Setup::new("solo-british", 4));
    assert_eq!(g.actor(), Some(B));
    let choices = ids(&g, "british");
    assert!(choices.contains(&"objective-1".to_string()) && choices.contains(&"roll".to_string()));
    act(&mut g, "british", "objective-3");
    assert_eq!(g.turns, 7, "Capture Breed's Hill: 7 turns");
    let (z3, z4) = (g.region("lz-3"), g.region("lz-4"));
    let regs = |g: &Bh, z| g.pieces.iter().filter(|p| p.loc == z && p.unit == Regular).count();
    assert_eq!(
        (regs(&g, z3), regs(&g, z4)),
        (8, 8),
        "12.2: eight Regulars in each zone"
    );
    let guns = g
        .pieces
        .iter()
        .filter(|p| p.side == B && p.unit == Cannon && p.on_map())
        .count();
    assert_eq!(guns, 2);
    // The Breed's Hill defense set-up.
    let redoubt = g.region("breeds-redoubt");
    let kinds: Vec<Unit> = g.side_at(redoubt, P).map(|i| g.pieces[i as usize].unit).collect();
    assert!(kinds.contains(&Cannon) && kinds.contains(&Minuteman) && kinds.contains(&Leader));
    assert_eq!(g.phase, Phase::Actions);
    // 12.3 an upgrade lengthens the game and moves the boats still afloat.
    g.to_move = B;
    act(&mut g, "british", "upgrade-objective");
    assert!(!ids(&g, "british").contains(&"objective-2".to_string()), "no downgrade");
    act(&mut g, "british", "objective-4");
    act(&mut g, "british", "goal-breeds");
    assert_eq!(g.turns, 8);
    let (z1, z2) = (g.region("lz-1"), g.region("lz-2"));
    assert_eq!(regs(&g, z1) + regs(&g, z2), 16);
}

// rule: bh 12.3
#[test]
fn charlestown_objective_has_no_artillery_and_two_fire_in_town() {
    let mut g = Bh::new(&Setup::new("solo-british", 4));
    act(&mut g, "british", "objective-1");
    assert_eq!(g.turns, 5);
    assert!(!g.pieces.iter().any(|p| p.side == B && p.unit == Cannon && p.on_map()));
    let town = g.region("town-meeting");
    let inside: Vec<PieceId> = g.side_at(town, P).collect();
    assert_eq!(inside.len(), 3);
    let fp = g.firepower(&inside, town).0;
    let all: i32 = inside.iter().map(|&i| g.strength(i) as i32).sum();
    assert!(fp <= all && fp <= 4, "only two of three fire in Charlestown");
}

// rule: bh 12.3
#[test]
fn charlestown_among_any_three_objectives_counts_regions_held_not_burned() {
    // Ruling bh #35: #1 scores town regions "burned or captured", #6 "each
    // objective region captured": under #6 a burning town region scores
    // nothing, a held one 1 VP like any other objective region.
    let mut g = Bh::sandbox("solo-british", B);
    g.objective = Some(Objective {
        number: 6,
        goals: vec![Goal::Charlestown, Goal::Breeds, Goal::Neck],
        turns: 9,
        zones: vec![1, 2, 5],
        per_region: 1,
    });
    let town: Vec<_> = Goal::Charlestown.regions(g.map());
    assert!(town.len() >= 7, "{} town regions", town.len());
    let none = g.vp(B);
    for &r in &town {
        g.ablaze |= 1 << r;
    }
    assert_eq!(g.vp(B), none, "the whole town burning captures nothing");
    g.put(Regular, B, "neck");
    let base = g.vp(B);
    assert_eq!(
        base,
        none + 3.0,
        "the Neck: 1 VP, and the -2 for nothing captured is gone"
    );
    g.ablaze = 0;
    let name = g.map().id(town[0]).to_string();
    g.put(Regular, B, &name);
    assert_eq!(g.vp(B), base + 1.0, "a town region held: 1 VP");
}

// rule: bh 12.3
#[test]
fn clear_and_burn_charlestown_counts_burned_and_held_regions() {
    // 12.3 #1: met at six regions burned or held, 1 VP and 1 more per region
    // over six.
    let mut g = Bh::sandbox("solo-british", B);
    g.objective = Some(bh::setup::british_objective(1));
    let town: Vec<_> = Goal::Charlestown.regions(g.map());
    for &r in &town[..5] {
        g.ablaze |= 1 << r;
    }
    let five = g.vp(B);
    let name = g.map().id(town[5]).to_string();
    g.put(Regular, B, &name);
    assert_eq!(g.vp(B), five + 1.0, "five burned and one held: met, 1 VP");
    g.ablaze |= 1 << town[6];
    assert_eq!(g.vp(B), five + 2.0, "one more for the seventh");
}

// rule: bh 12.4
#[test]
fn patriot_guesses_then_the_british_objective_is_rolled() {
    let mut g = Bh::new(&Setup::new("solo-patriot", 8));
    assert_eq!(g.actor(), Some(P));
    assert_eq!(ids(&g, "patriot").len(), 4);
    g.core.dice.script([2]);
    act(&mut g, "patriot", "focus-bunker");
    let obj = g.objective.clone().unwrap();
    assert_eq!((obj.number, obj.turns, obj.zones.clone()), (2, 6, vec![2, 3]));
    assert_eq!(g.turns, 6);
    let neck = g.region("neck");
    assert_eq!(g.units(neck, P), 1, "the Bunker Hill focus puts a militia at the Neck");
    // 12.4: the game ends when the British hold their objectives.
    for p in g.pieces.iter_mut().filter(|p| p.side == P) {
        p.loc = WAITING;
    }
    g.put(Regular, B, "ndw-north");
    g.put(Regular, B, "ndw-south");
    g.check_sudden_end();
    assert!(g.core.outcome.is_some());
    assert_eq!(g.vp(B), 4.0, "2 VP per objective region");
}

// rule: bh 12.2
#[test]
fn solitaire_rally_landing_and_random_hits() {
    let mut g = Bh::sandbox("solo-british", B);
    let l = g.put(Leader, B, "breeds-slope-east");
    let regs: Vec<PieceId> = (0..3).map(|_| g.put(Regular, B, "breeds-slope-east")).collect();
    let mar = g.put(Marine, B, "breeds-slope-east");
    for &i in regs.iter().chain([&mar]) {
        g.pieces[i as usize].flipped = true;
    }
    g.update_released();
    // Healthy leader: one without a roll, the player's pick (ruling bh #45);
    // the rest roll (Regulars 5-6, Marines 3-6).
    g.core.dice.script([1, 1, 3]);
    acts(&mut g, "british", &["rally", "breeds-slope-east", &piece(regs[0])]);
    let rallied = regs
        .iter()
        .chain([&mar])
        .filter(|&&i| !g.pieces[i as usize].flipped)
        .count();
    assert_eq!(rallied, 2, "{}", log(&g));
    assert!(g.pieces[l as usize].rallied);
    // Zone 1 lands two units a Land Troops in solitaire.
    let afloat: Vec<PieceId> = (0..3).map(|_| g.put(Regular, B, "lz-1")).collect();
    g.to_move = B;
    acts(
        &mut g,
        "british",
        &["land-troops", "zone-1", &piece(afloat[0]), &piece(afloat[1])],
    );
    assert!(!ids(&g, "british").contains(&piece(afloat[2])));
    act(&mut g, "british", "done");
    // Hits go to a random piece: no seat is asked.
    let mm = g.put(Minuteman, P, "breeds-south");
    g.put(Minuteman, P, "breeds-south");
    let _ = mm;
    g.to_move = B;
    g.core.dice.script([6, 6]);
    acts(&mut g, "british", &["bombard", "breeds-south"]);
    assert!(
        ids(&g, "british").contains(&"skip".to_string()),
        "Copp's Hill next, no hit choice asked"
    );
    act(&mut g, "british", "skip");
    assert_eq!(g.actor(), Some(P));
    assert_eq!(
        g.side_at(g.region("breeds-south"), P)
            .filter(|&i| g.pieces[i as usize].flipped)
            .count(),
        2
    );
}

// rule: bh 12.2, 3.4, 6.9
#[test]
fn solitaire_leaders_shield_neck_crossers_and_landing_leaders_from_snipers() {
    let mut g = Bh::sandbox("solo-patriot", P);
    g.fleet = g.region("fleet-charles");
    let l = g.put(Leader, P, "muster-box");
    let m = g.put_militia(0, "muster-box");
    acts(
        &mut g,
        "patriot",
        &["land-move", "muster-box", &piece(l), &piece(m), "done", "neck"],
    );
    assert_eq!(loc(&g, m), "neck", "the leader spares the militia its roll");
    let gl = g.put(Leader, B, "town-ferry");
    g.pieces[gl as usize].landed = true;
    assert!(!g.snipe_eligible(gl));
}

// rule: bh 12.2, 12.4
#[test]
fn solitaire_victory_points() {
    let mut g = Bh::sandbox("solo-patriot", B);
    g.objective = Some(bh::setup::bot_objective(3));
    // No objective region captured and no British unit next to one: -1, and +1 to the Patriot (12.4).
    assert_eq!(g.vp(B), -1.0);
    assert_eq!(g.vp(P), 1.0);
    let r = g.put(Regular, B, "breeds-slope-east");
    assert_eq!(g.vp(B), 0.0, "an unbroken unit next to an objective lifts the penalty");
    let m = g.put(Minuteman, P, "neck");
    g.pieces[m as usize].panic = true;
    assert_eq!(g.vp(B), 0.5, "1/2 VP for each panicked unit");
    g.pieces[r as usize].loc = g.region("breeds-south");
    assert_eq!(g.vp(B), 2.5, "2 VP for the captured region");
    g.ammo = 0;
    g.demoralized[1] = true;
    assert_eq!(
        g.vp(P),
        -2.0,
        "demoralized and out of ammunition; nothing for the captured-nothing bonus"
    );
}

// rule: bh 12.4, 5.3
#[test]
fn fire_spreading_at_the_end_of_the_turn_can_end_the_patriot_solitaire() {
    // Objective #1 needs six town regions held or burned. Five burn; at the
    // end of turn 1 the Shipyards' fire spreads to the Wharves: the sixth.
    let mut g = Bh::sandbox("solo-patriot", B);
    g.objective = Some(bh::setup::bot_objective(1));
    for id in [
        "town-mill",
        "town-main-west",
        "town-main",
        "town-meeting",
        "town-shipyard",
    ] {
        g.ablaze |= bit(g.region(id));
    }
    g.ap = [0, 0];
    // Main Street and the Meeting House roll first and miss.
    g.core.dice.script([1, 1, 6]);
    g.advance();
    assert!(g.is_ablaze(g.region("town-wharves")));
    assert!(
        g.core.outcome.is_some(),
        "the objective is met: the game ends\n{}",
        log(&g)
    );
    assert_eq!(g.turn, 1, "before turn 2 begins");
    assert_logged(&g, "The British have achieved their objectives");
}

// rule: bh 12.4, 9.2, 6.2
#[test]
fn the_solitaire_ends_only_once_the_assault_that_meets_the_objective_is_over() {
    // The Assault's round eliminates the last Patriot unit of the Northern
    // Defense Works, which demoralizes the Patriots (9.2) while the British
    // still have a hit of the same round to take. Ruling bh #37: the game
    // ends when the Action is over, with that hit taken (fuzz,
    // bh/solo-patriot seed 69844: it used to end inside the Assault).
    let mut g = Bh::sandbox("solo-patriot", B);
    g.objective = Some(bh::setup::british_objective(2));
    let regs = put_n(&mut g, 3, Regular, B, "mystic-beach");
    g.put(Regular, B, "ndw-south");
    g.update_released();
    let m = g.put(Militia, P, "ndw-north");
    g.pieces[m as usize].flipped = true;
    g.morale[1] = 1;
    engage(&mut g, "british", "assault", "mystic-beach", "ndw-north", &regs);
    g.core.dice.script([6, 1, 1, 1, 1, 1, 6, 6, 6, 6]);
    act(&mut g, "patriot", "hold-fire");
    assert!(g.demoralized[1] && g.core.outcome.is_some());
    let text = log(&g);
    let order = |t: &str| text.find(t).unwrap_or_else(|| panic!("{t:?} not in\n{text}"));
    assert!(
        order("Militia 1 (strength 2, broken) in Northern Defense Works (north) is eliminated")
            < order("hit and flipped")
    );
    assert!(order("hit and flipped") < order("The Assault on Northern Defense Works (north) is over"));
    assert!(order("is over") < order("The British have achieved their objectives"));
    assert_eq!(
        regs.iter().filter(|&&r| g.pieces[r as usize].flipped).count(),
        1,
        "the British took their hit"
    );
    assert_eq!(loc(&g, regs[0]), "ndw-north");
    g.check().unwrap();
}

/// Ruling bh #40: in the Patriot solitaire scenario, no objective region
/// captured scores twice, as printed: 12.4's VP to the Patriot, and 12.2's
/// VP off the British unless an unbroken British unit stands next to an
/// objective region (an exception 12.4's line does not have).
// rule: bh 12.2, 12.4
#[test]
fn no_objective_captured_scores_both_twelve_two_and_twelve_four() {
    let mut g = Bh::sandbox("solo-patriot", P);
    g.objective = Some(bh::setup::bot_objective(3));
    let (british, patriot) = (g.vp(B), g.vp(P));
    g.put(Regular, B, "breeds-slope-east");
    assert_eq!(g.vp(B), british + 1.0, "next to Breed's Hill: 12.2's VP is not lost");
    assert_eq!(g.vp(P), patriot, "12.4's VP stands: nothing is captured");
    g.put(Regular, B, "breeds-redoubt");
    assert_eq!(g.vp(P), patriot - 1.0, "a region captured: no 12.4 VP");
}

// rule: bh 12.2
// ruling: bh #42
#[test]
fn wounded_leaders_roll_attrition_at_the_end_of_a_solitaire_game() {
    // 12.2: "0 VP for wounded leaders that survive attrition rolls": each
    // wounded leader rolls when the game ends and dies on a 6, worth 1 VP
    // to the other side; a healthy one does not roll.
    let game = |die: u8| {
        let mut g = Bh::sandbox("solo-british", B);
        g.objective = Some(bh::setup::british_objective(3));
        let wounded = g.put(Leader, P, "breeds-south");
        g.pieces[wounded as usize].flipped = true;
        let healthy = g.put(Leader, P, "breeds-south");
        let before = g.vp(B);
        g.core.dice.script([die]);
        g.finish();
        (g, wounded, healthy, before)
    };
    let (g, wounded, healthy, before) = game(6);
    assert_eq!(g.pieces[wounded as usize].loc, DESTROYED, "{}", log(&g));
    assert_eq!(g.pieces[healthy as usize].loc, g.region("breeds-south"));
    assert_eq!(g.vp(B), before + 1.0, "a leader killed: 1 VP");
    assert_logged(&g, "dies of his wounds");
    let (g, wounded, _, before) = game(5);
    assert!(g.pieces[wounded as usize].loc != DESTROYED);
    assert_eq!(g.vp(B), before);
    assert_logged(&g, "he survives");
    assert!(g.core.outcome.is_some());
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// Broken units (4.1), wounded leaders (4.2).
fn flip(g: &mut Bh, pieces: &[PieceId]) {
    for &i in pieces {
        g.pieces[i as usize].flipped = true;
    }
}

// rule: bh 12.2
#[test]
fn the_solitaire_player_picks_the_unit_each_leader_rallies() {
    let mut g = Bh::sandbox("solo-patriot", P);
    let wounded = g.put(Leader, P, "breeds-redoubt");
    let healthy = g.put(Leader, P, "breeds-redoubt");
    let (m1, m2) = (g.put_militia(1, "breeds-redoubt"), g.put_militia(2, "breeds-redoubt"));
    let mm = g.put(Minuteman, P, "breeds-redoubt");
    flip(&mut g, &[wounded, m1, m2, mm]);
    acts(&mut g, "patriot", &["rally", "breeds-redoubt"]);
    // Ruling bh #45: the healthy leader first, whatever the counters' order.
    let prompt = g.prompt(P).text;
    assert!(
        prompt.contains(&g.label(healthy)) && !prompt.contains("4-6"),
        "{prompt}"
    );
    assert_eq!(
        sorted(ids(&g, "patriot")),
        sorted(vec![piece(m1), piece(m2), piece(mm)])
    );
    act(&mut g, "patriot", &piece(mm));
    assert!(
        !g.pieces[mm as usize].flipped,
        "the healthy leader rallies the pick without a roll"
    );
    // The wounded leader: the player's pick, on 4-6; a 2 fails, and the
    // pick then rolls for itself (militia need a 6) after the other one.
    assert!(g.prompt(P).text.contains("rallies on 4-6"), "{}", g.prompt(P).text);
    assert_eq!(sorted(ids(&g, "patriot")), sorted(vec![piece(m1), piece(m2)]));
    g.core.dice.script([2, 6, 1]);
    act(&mut g, "patriot", &piece(m2));
    assert!(!g.pieces[m1 as usize].flipped, "m1 rolls a 6 for itself\n{}", log(&g));
    assert!(g.pieces[m2 as usize].flipped, "the wounded leader's 2 and its own 1");
    assert!(g.pieces[wounded as usize].rallied && g.pieces[healthy as usize].rallied);
    let (hl, wl, mml) = (g.label(healthy), g.label(wounded), g.label(mm));
    assert_logged(&g, &format!("{hl} rallies {mml}."));
    assert_logged(&g, &format!("{wl} tries to rally Militia"));
    assert_logged(&g, "needs 4-6: 2.");
    assert_eq!(g.actor(), Some(B), "the Rally is over");
}

// rule: bh 12.2
#[test]
fn a_solitaire_rally_asks_nothing_when_the_healthy_leaders_rally_every_unit() {
    let mut g = Bh::sandbox("solo-patriot", P);
    g.put(Leader, P, "breeds-redoubt");
    g.put(Leader, P, "breeds-redoubt");
    let units = [
        g.put(Minuteman, P, "breeds-redoubt"),
        g.put(Minuteman, P, "breeds-redoubt"),
    ];
    flip(&mut g, &units);
    acts(&mut g, "patriot", &["rally", "breeds-redoubt"]);
    assert!(units.iter().all(|&i| !g.pieces[i as usize].flipped));
    assert_eq!(g.actor(), Some(B), "no question asked");
}

// rule: bh 12.2
#[test]
fn in_a_staging_area_the_player_activates_three_broken_units_to_rally() {
    let mut g = Bh::sandbox("solo-british", B);
    g.put(Leader, B, "moultons-hill");
    let regs = put_n(&mut g, 4, Regular, B, "moultons-hill");
    let mar = g.put(Marine, B, "moultons-hill");
    flip(&mut g, &regs);
    flip(&mut g, &[mar]);
    acts(&mut g, "british", &["rally", "moultons-hill"]);
    assert!(g.prompt(B).text.contains("activated to rally"), "{}", g.prompt(B).text);
    assert_eq!(ids(&g, "british").len(), 5);
    acts(&mut g, "british", &[&piece(regs[3]), &piece(mar)]);
    assert_eq!(ids(&g, "british").len(), 3, "the third of five");
    act(&mut g, "british", &piece(regs[2]));
    // The leader's pick among the three activated; the other two roll.
    assert_eq!(
        sorted(ids(&g, "british")),
        sorted(vec![piece(regs[2]), piece(regs[3]), piece(mar)])
    );
    g.core.dice.script([3, 2]);
    act(&mut g, "british", &piece(regs[3]));
    assert!(!g.pieces[regs[3] as usize].flipped);
    assert!(
        g.pieces[regs[2] as usize].flipped,
        "Regulars need 5 or 6: 2\n{}",
        log(&g)
    );
    assert!(!g.pieces[mar as usize].flipped, "Marines rally on 3-6");
    assert!(
        regs[..2].iter().all(|&i| g.pieces[i as usize].flipped),
        "not activated: no roll"
    );
    assert_eq!(log(&g).matches("tries to rally").count(), 2);
}

// rule: bh 12.2, 12.4
#[test]
fn the_british_bot_activates_the_likeliest_and_its_leader_rallies_the_least_likely() {
    let mut g = Bh::sandbox("solo-patriot", B);
    g.opts.bot = true;
    g.objective = Some(bh::setup::bot_objective(3));
    g.put(Leader, B, "moultons-hill");
    let regs = put_n(&mut g, 3, Regular, B, "moultons-hill");
    let mars = put_n(&mut g, 2, Marine, B, "moultons-hill");
    flip(&mut g, &regs);
    flip(&mut g, &mars);
    // Ruling bh #45: both Marines (3-6 alone) and the first Regular are
    // activated; the leader rallies that Regular (5-6 alone); the Marines roll.
    g.core.dice.script([1, 1]);
    g.advance();
    assert_logged(&g, "British Action: Rally.");
    assert!(!g.pieces[regs[0] as usize].flipped, "{}", log(&g));
    assert!(
        regs[1..].iter().chain(&mars).all(|&i| g.pieces[i as usize].flipped),
        "the Marines rolled 1s; the other Regulars were not activated\n{}",
        log(&g)
    );
    assert_eq!(log(&g).matches("needs 3-6: 1.").count(), 2, "both Marines roll");
    assert_logged(
        &g,
        "activate the likeliest to rally alone; leaders rally the least likely",
    );
}

// rule: bh 12.2, 3.4
#[test]
fn a_neck_leader_spares_the_militia_picked_first_and_says_so() {
    let mut g = Bh::sandbox("solo-patriot", P);
    g.fleet = g.region("fleet-charles");
    let (a, b) = (g.put_militia(0, "muster-box"), g.put_militia(0, "muster-box"));
    let l = g.put(Leader, P, "muster-box");
    acts(&mut g, "patriot", &["land-move", "muster-box"]);
    let prompt = g.prompt(P).text;
    assert!(
        prompt.contains("each leader picked spares one, the militia picked first"),
        "{prompt}"
    );
    // b is picked first: the leader spares it; a rolls 1 + 0 and turns back.
    g.core.dice.script([1]);
    acts(&mut g, "patriot", &[&piece(b), &piece(l), &piece(a), "done", "neck"]);
    assert_eq!((loc(&g, b), loc(&g, a)), ("neck".to_string(), "muster-box".to_string()));
    let (bl, ll) = (g.label(b), g.label(l));
    assert_logged(&g, &format!("{bl} crosses the Neck with {ll}: no courage roll."));
}
