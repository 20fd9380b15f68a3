//! 6.1-6.4, 6.9 fire combat, 6.2 Assault, 7.0 hits, 8.0 ammunition, 3.1 terrain, 11.1, 11.2.

mod support;
use bh::actions::Action;
use bh::state::*;
use bh::Bh;
use engine::prelude::*;
use support::*;

fn sandbox(seat: engine::Seat) -> Bh {
    Bh::sandbox("standard", seat)
}

// rule: bh 3.1, 3.3
#[test]
fn terrain_modifiers_and_their_precedence() {
    let g = sandbox(B);
    let t = |from: &str, to: &str, volley: bool| g.terrain(g.region(from), g.region(to), volley);
    assert_eq!(t("breeds-slope-east", "breeds-redoubt", true), -2);
    assert_eq!(
        t("breeds-south", "breeds-redoubt", false),
        2,
        "the redoubt's modifiers apply even from its hilltop"
    );
    assert_eq!(
        t("bunker-south", "breeds-slope-north", true),
        0,
        "fire from a hilltop ignores modifiers"
    );
    assert_eq!(
        t("ridge-mystic", "breeds-slope-north", true),
        0,
        "slope from an adjacent ridge"
    );
    assert_eq!(t("town-main", "breeds-slope-west", true), -1);
    assert_eq!(t("east-shore", "rail-fence", true), -1, "the fence faces the beach");
    assert_eq!(t("ndw-north", "rail-fence", true), 0, "not from behind the fence");
    assert_eq!(t("town-square", "town-main", true), -1, "3.3: one die less into town");
    assert_eq!(
        t("town-square", "town-main", false),
        1,
        "3.3: one die more defending in town"
    );
}

// rule: bh 3.1
// 3.1: "Rail Fence and Stone Wall – The yellow terrain modifiers are only used
// when the region is targeted or assaulted from a region adjacent to the rail
// fence or stone wall." Moulton's Point field lies two regions from the rail
// fence: a Volley Fire from there gets no fence modifier (rules bh-10: the
// map's `faces` listed it, and its volleys lost a die).
#[test]
fn the_fence_modifier_counts_only_from_regions_next_to_it() {
    let g = sandbox(B);
    let (point, fence) = (g.region("mystic-point"), g.region("rail-fence"));
    assert!(!g.map().adjacent(point, fence) && g.sees(point, fence));
    assert_eq!(g.terrain(point, fence, true), 0, "not adjacent to the fence");
    assert_eq!(g.terrain(g.region("east-shore"), fence, true), -1);
    for r in g.map().land() {
        for &f in &g.map().area(r).faces {
            assert!(
                g.map().adjacent(r, f),
                "{} faces {}, no neighbour",
                g.map().id(r),
                g.map().id(f)
            );
        }
    }
}

// rule: bh 6.1, 7.0, 9.0, 4.10
#[test]
fn volley_fire_into_the_rail_fence() {
    let mut g = sandbox(B);
    let regs: Vec<PieceId> = (0..3).map(|_| g.put(Regular, B, "east-shore")).collect();
    let mm = g.put(Minuteman, P, "rail-fence");
    g.put_militia(1, "rail-fence");
    acts(&mut g, "british", &["volley-fire", "east-shore", "rail-fence"]);
    for &r in &regs {
        act(&mut g, "british", &piece(r));
    }
    g.core.dice.script([5, 6, 1, 2, 3]);
    act(&mut g, "british", "done");
    assert!(log(&g).contains("5 dice, needs 5 or 6 to hit: 2 hits."), "{}", log(&g));
    act(&mut g, "patriot", &piece(mm));
    act(&mut g, "patriot", &piece(mm));
    assert_eq!(loc(&g, mm), "gone");
    assert_eq!(g.morale[1], 22, "broken -1, destroyed -1");
    assert!(regs.iter().all(|&r| g.pieces[r as usize].fired));
    assert_eq!(g.to_move, P);
}

// rule: bh 6.1, 8.0, 4.7
#[test]
fn volley_at_two_regions_hits_on_six_and_costs_ammunition() {
    let mut g = sandbox(P);
    let mms: Vec<PieceId> = (0..3).map(|_| g.put(Minuteman, P, "breeds-redoubt")).collect();
    g.put(Regular, B, "moultons-hill");
    let (a, b) = (g.region("breeds-redoubt"), g.region("moultons-hill"));
    assert_eq!(g.map().dist(a, b), 2);
    assert!(g.volley_targets(P, a).contains(&b));
    acts(&mut g, "patriot", &["volley-fire", "breeds-redoubt", "moultons-hill"]);
    for &m in &mms {
        act(&mut g, "patriot", &piece(m));
    }
    g.core.dice.script([5, 5, 6]);
    act(&mut g, "patriot", "done");
    assert!(log(&g).contains("3 dice, needs 6 to hit: 1 hit."), "{}", log(&g));
    assert_eq!(g.ammo, 23);
    g.ammo = 0;
    assert!(
        !g.volley_targets(P, a).contains(&b),
        "8.0: adjacent only without ammunition"
    );
}

// rule: bh 6.2, 7.1, 8.0, 7.0
#[test]
fn assault_on_the_stone_wall_fought_to_the_end() {
    let mut g = sandbox(B);
    let regs: Vec<PieceId> = (0..3).map(|_| g.put(Regular, B, "east-shore")).collect();
    g.update_released();
    let mm: Vec<PieceId> = (0..2).map(|_| g.put(Minuteman, P, "stone-wall")).collect();
    engage(&mut g, "british", "assault", "east-shore", "stone-wall", &regs);
    // 7.1 minutemen may withdraw before combat; they stay.
    assert!(ids(&g, "patriot").contains(&piece(mm[0])));
    // Each stage says what the seat decides there, and under which rule.
    let says = |g: &Bh, seat: engine::Seat, text: &str, rule: &str| {
        let p = g.prompt(seat);
        assert!(p.text.contains(text) && p.rule == rule, "{p:?}");
    };
    says(&g, P, "Assault on Stone wall: pick the pieces that withdraw", "7.1");
    act(&mut g, "patriot", "done");
    assert_eq!(loc(&g, regs[0]), "stone-wall", "the assaulting units move in");
    g.core.dice.script([5, 1, 1]);
    says(&g, P, "fire back at the attackers, or hold", "8.0");
    act(&mut g, "patriot", "fire");
    assert_eq!(g.ammo, 22, "ruling bh #15: defending 1, free fire 1");
    // Free defensive fire: 2 minutemen + 1 for the wall = 3 dice, one hit.
    g.core.dice.script([6, 6, 1, 1, 1, 1, 1]);
    act(&mut g, "british", &piece(regs[0]));
    // 7.1 after the free round, as after any, either side may retreat
    // (ruling bh #39): both stay.
    says(&g, B, "retreat them all", "7.1");
    act(&mut g, "british", "fight-on");
    act(&mut g, "patriot", "done");
    // Round: 2 healthy Regulars (4 dice) against 3 dice; the attacker assigns no hit.
    act(&mut g, "patriot", &piece(mm[0]));
    act(&mut g, "patriot", &piece(mm[1]));
    says(
        &g,
        B,
        "fall back to Mystic shore below the rail fence, retreat them all",
        "7.1",
    );
    act(&mut g, "british", "fight-on");
    says(&g, P, "pick the defenders that retreat", "7.1");
    act(&mut g, "patriot", &piece(mm[0]));
    act(&mut g, "patriot", &piece(mm[1]));
    act(&mut g, "patriot", "done");
    says(&g, P, "choose where the 2 picked pieces go, together", "7.1");
    assert_eq!(
        ids(&g, "patriot"),
        vec!["mystic-beach"],
        "ruling bh #16: away from the Assault"
    );
    act(&mut g, "patriot", "mystic-beach");
    assert_eq!(loc(&g, mm[0]), "mystic-beach");
    assert_eq!(loc(&g, regs[1]), "stone-wall");
    assert!(g.pieces[regs[1] as usize].moved && g.pieces[regs[1] as usize].fired);
    assert_eq!(g.to_move, P);
}

// rule: bh 6.2, 8.0
#[test]
fn assault_needs_as_many_healthy_units_unless_the_patriots_are_out_of_ammunition() {
    let mut g = sandbox(B);
    g.put(Regular, B, "breeds-slope-east");
    for _ in 0..2 {
        g.put(Minuteman, P, "breeds-redoubt");
    }
    let from = g.region("breeds-slope-east");
    assert!(g.assault_targets(B, from).is_empty());
    g.ammo = 0;
    assert_eq!(g.assault_targets(B, from), vec![g.region("breeds-redoubt")]);
    g.to_move = P;
    assert!(
        g.assault_regions(P).is_empty(),
        "8.0: no Patriot Assault without ammunition"
    );
}

// rule: bh 3.2, 6.1, 6.2, 6.3
// 3.2: "The Patriot Muster Box represents a large off-map area that is
// considered adjacent to the Charlestown Neck region ... Units in the Muster
// Box may not be attacked or targeted. Patriot reinforcements begin in this
// region." 6.1: units "in a region" fire "on enemy counters in a region up to
// two regions away"; "A region always has a LOS to an adjacent region" (7.2);
// 6.2: "The target of the Assault must be an adjacent region with enemy
// counters." Patriots in the Muster Box may fire at and assault British
// units on the Neck, three units at most as from a Staging Area (FAQ), and
// see nothing beyond it (ruling bh #41; rules bh-10: nothing in the box
// could fire or assault, so a British unit on the Neck shut the
// reinforcements out).
#[test]
fn patriots_in_the_muster_box_fire_at_and_assault_the_neck() {
    let mut g = sandbox(P);
    let mms = put_n(&mut g, 4, Minuteman, P, "muster-box");
    g.put(Cannon, P, "muster-box");
    g.put(Regular, B, "neck");
    g.put(Regular, B, "ridge-neck");
    let p = ids(&g, "patriot");
    for a in ["volley-fire", "assault", "cannonade"] {
        assert!(p.contains(&a.to_string()), "{a}: {p:?}");
    }
    acts(&mut g, "patriot", &["volley-fire", "muster-box"]);
    assert_eq!(
        ids(&g, "patriot"),
        vec!["neck"],
        "the Neck only: off the map, the box sees no further"
    );
    act(&mut g, "patriot", "neck");
    for &m in &mms[..3] {
        act(&mut g, "patriot", &piece(m));
    }
    assert_eq!(ids(&g, "patriot"), vec!["done"], "three units at most");
    g.core.dice.script([1, 1, 1]);
    act(&mut g, "patriot", "done");
    assert_eq!(g.ammo, 23);
    assert!(mms[..3].iter().all(|&m| g.pieces[m as usize].fired));
    // An Assault from the box: the Regular's free fire misses, the round's two
    // hits take it; the Minutemen hold the Neck.
    let mut g = sandbox(P);
    let mms = put_n(&mut g, 2, Minuteman, P, "muster-box");
    let reg = g.put(Regular, B, "neck");
    g.core.dice.script([1, 1]);
    engage(&mut g, "patriot", "assault", "muster-box", "neck", &mms);
    assert_eq!(loc(&g, mms[0]), "neck", "the assaulting units move in");
    act(&mut g, "patriot", "fight-on");
    g.core.dice.script([6, 6, 1, 1]);
    act(&mut g, "british", "done");
    assert_eq!(loc(&g, reg), "gone");
    assert!(mms.iter().all(|&m| loc(&g, m) == "neck" && g.pieces[m as usize].moved));
    assert_eq!(g.ammo, 23, "attacking costs one");
}

// rule: bh 6.2, 8.0
#[test]
fn holding_fire_saves_one_ammunition() {
    let mut g = sandbox(B);
    let r = g.put(Regular, B, "breeds-slope-east");
    g.put_militia(0, "breeds-redoubt");
    assault_redoubt(&mut g, &[r]);
    act(&mut g, "patriot", "hold-fire");
    assert_eq!(g.ammo, 23);
}

// rule: bh 8.0
#[test]
fn low_ammunition_caps_patriot_dice_after_terrain() {
    let mut g = sandbox(P);
    assert_eq!(g.cap(P, 5), 5);
    g.ammo = 12;
    assert_eq!(g.cap(P, 2 + 2), 3, "FAQ: terrain raises to three, no further");
    assert_eq!(g.cap(B, 6), 6);
    g.ammo = 0;
    assert_eq!(g.cap(P, 5), 2);
    assert!(!g.can(bh::state::Act::Snipe, P));
}

// rule: bh 6.3, 4.3
#[test]
fn cannonade_beyond_two_regions_hits_on_six_only() {
    let mut g = sandbox(P);
    let gun = g.put(Cannon, P, "bunker-center");
    let regs = [g.put(Regular, B, "moultons-hill"), g.put(Regular, B, "moultons-hill")];
    let (a, b) = (g.region("bunker-center"), g.region("moultons-hill"));
    assert!(g.map().dist(a, b) > 2 && g.sees(a, b));
    acts(&mut g, "patriot", &["cannonade", "bunker-center"]);
    g.core.dice.script([5, 6]);
    act(&mut g, "patriot", "moultons-hill");
    act(&mut g, "british", &piece(regs[0]));
    assert!(g.pieces[regs[0] as usize].flipped && !g.pieces[regs[1] as usize].flipped);
    assert!(g.pieces[gun as usize].fired);
    act(&mut g, "patriot", "done");
    // 4.3: British guns without the right ammunition may not fire.
    let mut g = sandbox(B);
    g.put(Cannon, B, "moultons-hill");
    g.put(Minuteman, P, "breeds-south");
    assert!(!g.can(Act::Cannonade, B));
    g.ammo_arrived = true;
    assert!(g.can(Act::Cannonade, B));
}

// rule: bh 6.3
#[test]
fn cannonade_hits_each_healthy_piece_once_and_surplus_is_lost() {
    let mut g = sandbox(P);
    g.put(Cannon, P, "breeds-south");
    let reg = g.put(Regular, B, "harbor-shore");
    acts(&mut g, "patriot", &["cannonade", "breeds-south"]);
    g.core.dice.script([6, 6]);
    act(&mut g, "patriot", "harbor-shore");
    assert!(
        g.pieces[reg as usize].flipped && g.pieces[reg as usize].on_map(),
        "the second hit is lost"
    );
}

// rule: bh 6.4, 4.4, 4.5, 4.6
#[test]
fn bombard_hot_shot_once_a_turn_then_units() {
    let mut g = sandbox(B);
    let mm = g.put(Minuteman, P, "breeds-redoubt");
    g.put(Leader, P, "breeds-redoubt");
    let lone = g.put(Minuteman, P, "town-main");
    act(&mut g, "british", "bombard");
    let fleet = ids(&g, "british");
    assert!(
        fleet.contains(&"breeds-redoubt".to_string()),
        "two healthy counters (ruling bh #13)"
    );
    assert!(!fleet.contains(&"town-main".to_string()), "one counter is no target");
    g.core.dice.script([4]);
    act(&mut g, "british", "hot-shot-town-main");
    assert!(g.is_ablaze(g.region("town-main")));
    let to = ids(&g, "patriot");
    assert!(to.contains(&"town-square".to_string()) && !to.contains(&"town-main".to_string()));
    act(&mut g, "patriot", "town-square");
    assert_eq!(loc(&g, lone), "town-square", "6.4: pieces leave a burning region");
    let battery = ids(&g, "british");
    assert!(
        !battery.iter().any(|i| i.starts_with("hot-shot")),
        "one Ablaze marker a turn by Bombard"
    );
    g.core.dice.script([6, 5]);
    act(&mut g, "british", "breeds-redoubt");
    act(&mut g, "patriot", &piece(mm));
    assert!(g.pieces[mm as usize].flipped);
}

// rule: bh 6.4, 3.5
#[test]
fn bombarded_staging_areas_are_hit_on_five() {
    let mut g = sandbox(B);
    g.put(Minuteman, P, "harbor-shore");
    g.put(Minuteman, P, "harbor-shore");
    g.core.dice.script([5, 5]);
    acts(&mut g, "british", &["bombard", "harbor-shore"]);
    assert!(log(&g).contains("2 hits"), "{}", log(&g));
}

// rule: bh 6.9, 3.3
#[test]
fn snipe_from_town_and_not_from_burning_town() {
    let mut g = sandbox(P);
    let reg = g.put(Regular, B, "harbor-shore");
    assert!(g.snipe_targets().contains(&g.region("harbor-shore")));
    g.core.dice.script([5]);
    acts(&mut g, "patriot", &["snipe", "harbor-shore"]);
    assert!(g.pieces[reg as usize].flipped);
    assert_eq!(g.ammo, 24, "ruling bh #7: no ammunition spent");
    g.pieces[reg as usize].flipped = false;
    g.ablaze = bit(g.region("town-east"));
    assert!(g.snipe_targets().is_empty(), "FAQ: not from a burning town region");
}

// rule: bh 4.1, 4.2, 7.0, 9.0
#[test]
fn militia_pairing_and_leader_casualties() {
    let mut g = sandbox(P);
    let m: Vec<PieceId> = (0..3).map(|_| g.put_militia(0, "breeds-south")).collect();
    g.put(Leader, P, "breeds-south");
    let l = g.put(Leader, P, "breeds-south");
    let r = g.region("breeds-south");
    assert_eq!(g.firepower(&m, r).0, 2, "4.1: two leaders make two '0' militia count 1");
    g.take_hit(l);
    assert_eq!(g.morale[1], 23);
    g.take_hit(l);
    assert_eq!(loc(&g, l), "gone");
    assert_eq!(g.morale[1], 21, "a killed leader costs two");
}

// rule: bh 11.1
#[test]
fn first_british_hit_on_the_redoubt_is_ignored() {
    let mut g = sandbox(B);
    g.opts.redoubt_wall = true;
    let regs: Vec<PieceId> = (0..3).map(|_| g.put(Regular, B, "breeds-slope-east")).collect();
    let mm = g.put(Minuteman, P, "breeds-redoubt");
    acts(
        &mut g,
        "british",
        &["volley-fire", "breeds-slope-east", "breeds-redoubt"],
    );
    for &r in &regs {
        act(&mut g, "british", &piece(r));
    }
    g.core.dice.script([6, 6, 1, 1]);
    act(&mut g, "british", "done");
    assert!(g.pieces[mm as usize].flipped && g.pieces[mm as usize].on_map());
}

// rule: bh 11.2
#[test]
fn more_ammunition_options() {
    let mut g = sandbox(P);
    g.opts.more_ammo = true;
    let mm = g.put(Minuteman, P, "breeds-redoubt");
    g.put(Regular, B, "breeds-slope-east");
    engage(
        &mut g,
        "patriot",
        "volley-fire",
        "breeds-redoubt",
        "breeds-slope-east",
        &[mm],
    );
    g.core.dice.script([1, 1]);
    act(&mut g, "patriot", "extra-die");
    assert_eq!(g.ammo, 22);
    assert!(log(&g).contains("2 dice"), "{}", log(&g));
    let mut g = sandbox(B);
    g.opts.more_ammo = true;
    let r = g.put(Regular, B, "breeds-slope-east");
    g.put(Minuteman, P, "breeds-redoubt");
    assault_redoubt(&mut g, &[r]);
    act(&mut g, "patriot", "done");
    assert!(ids(&g, "patriot").contains(&"fire-3-6".to_string()));
    g.core.dice.script([4, 1, 1]);
    act(&mut g, "patriot", "fire-4-6");
    assert_eq!(g.ammo, 20, "two more spaces for hits on 4-6");
    assert!(g.pieces[r as usize].flipped, "a 4 hits");
}

// rule: bh 11.2, 8.0
// 11.2: "At the cost of moving the Ammo Marker down two spaces, the Patriot
// player hits on 4-6 when defending an Assault" (four spaces: 3-6); 8.0: "The
// Patriot player may optionally decide not to use the free defensive fire
// roll to conserve ammo." A defender who holds the free fire still defends
// in the rounds after it, and may buy the better hits for them (rules
// bh-10: only together with the free fire).
#[test]
fn holding_the_free_fire_the_patriots_may_still_buy_better_hits() {
    let mut g = sandbox(B);
    g.opts.more_ammo = true;
    let r = g.put(Regular, B, "breeds-slope-east");
    g.put(Minuteman, P, "breeds-redoubt");
    assault_redoubt(&mut g, &[r]);
    act(&mut g, "patriot", "done");
    let p = ids(&g, "patriot");
    assert!(
        p.contains(&"hold-fire-4-6".to_string()) && p.contains(&"hold-fire-3-6".to_string()),
        "{p:?}"
    );
    // No free fire; the round: the Regular's 2 dice miss, the Minuteman's 1
    // + 2 for the redoubt = 3 dice hit on 4.
    g.core.dice.script([1, 1, 4, 1, 1]);
    act(&mut g, "patriot", "hold-fire-4-6");
    assert_eq!(g.ammo, 21, "defending 1, hits on 4-6 2, no free fire");
    assert!(!log(&g).contains("Free defensive fire"), "{}", log(&g));
    assert!(g.pieces[r as usize].flipped, "a 4 hits in the round");
    // With four spaces left, 3-6 (1 + 4) is out of reach, 4-6 (1 + 2) is not.
    let mut g = sandbox(B);
    g.opts.more_ammo = true;
    g.ammo = 4;
    let r = g.put(Regular, B, "breeds-slope-east");
    g.put(Minuteman, P, "breeds-redoubt");
    assault_redoubt(&mut g, &[r]);
    act(&mut g, "patriot", "done");
    let p = ids(&g, "patriot");
    assert!(p.contains(&"hold-fire-4-6".to_string()) && !p.contains(&"hold-fire-3-6".to_string()));
}

// rule: bh 7.1, 6.2
#[test]
fn the_attacker_may_pull_back_some_units_after_a_round() {
    let mut g = sandbox(B);
    let regs: Vec<PieceId> = (0..3).map(|_| g.put(Regular, B, "breeds-slope-east")).collect();
    g.put(Minuteman, P, "breeds-redoubt");
    assault_redoubt(&mut g, &regs);
    act(&mut g, "patriot", "done");
    g.core.dice.script([1; 9]);
    act(&mut g, "patriot", "hold-fire");
    assert!(ids(&g, "british").contains(&piece(regs[0])));
    act(&mut g, "british", &piece(regs[0]));
    assert_eq!(loc(&g, regs[0]), "breeds-slope-east");
    assert_eq!(loc(&g, regs[1]), "breeds-redoubt");
    act(&mut g, "british", "retreat");
    assert_eq!(loc(&g, regs[1]), "breeds-slope-east", "the rest break off too");
    assert!(g.pieces[regs[1] as usize].moved && g.pieces[regs[1] as usize].fired);
}

/// British Regulars assault a militia and a leader in the Northern Defense
/// Works from the Mystic shore; the militia falls and the leader is left alone.
fn leader_left_alone() -> (Bh, PieceId) {
    let mut g = sandbox(B);
    let regs = put_n(&mut g, 3, Regular, B, "mystic-beach");
    g.update_released();
    let m = g.put(Militia, P, "ndw-north");
    let l = g.put(Leader, P, "ndw-north");
    engage(&mut g, "british", "assault", "mystic-beach", "ndw-north", &regs);
    act(&mut g, "patriot", "done");
    g.core.dice.script([6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    act(&mut g, "patriot", "hold-fire");
    act(&mut g, "patriot", &piece(m));
    act(&mut g, "patriot", &piece(m));
    (g, l)
}

// ruling: bh #16 — the defeated leaders' retreat is their owner's choice.
// rule: bh 6.2, 7.1
#[test]
fn leaders_left_alone_after_an_assault_retreat_where_their_owner_picks() {
    let (mut g, l) = leader_left_alone();
    // Both are away from the Assault's origin (ruling bh #16); the game used to take the first.
    assert_eq!(ids(&g, "patriot"), vec!["ndw-south", "breeds-slope-north"]);
    assert!(ids(&g, "british").is_empty());
    act(&mut g, "patriot", "breeds-slope-north");
    assert_eq!(loc(&g, l), "breeds-slope-north");
    assert_logged(&g, "The defeated leaders retreat from ");
    assert!(!g.pieces[l as usize].moved, "a retreat is no move of the leader's own");
    assert_eq!(g.to_move, P, "the Assault is over and the turn passes");

    // The Patriot sheet bot (12.3) falls back to join friends.
    let (mut g, _) = leader_left_alone();
    g.scenario = revroad::Scenario::SoloBritish;
    g.objective = Some(bh::setup::british_objective(2));
    g.opts.bot = true;
    g.put(Militia, P, "breeds-slope-north");
    let (a, _) = bot_pick(&mut g);
    assert_eq!(a, Action::Region(g.region("breeds-slope-north")));
}

// rule: bh 6.2, 7.1
// 6.2: "The defending units then get one free round of combat." ...
// "Either player may retreat voluntarily after any round of combat (7.1)."
// 7.1: "At the end of each round of combat, either player has the option to
// retreat some or all of his units in the region."
#[test]
fn the_attacker_may_retreat_after_the_free_defensive_round() {
    let mut g = sandbox(B);
    let regs = put_n(&mut g, 3, Regular, B, "breeds-slope-east");
    g.put(Minuteman, P, "breeds-redoubt");
    assault_redoubt(&mut g, &regs);
    // No withdrawal before combat; the free defensive fire (1 Minuteman + 2
    // for the redoubt = 3 dice) misses, and no round follows before the
    // attacker may retreat (rules bh-9: one did).
    act(&mut g, "patriot", "done");
    g.core.dice.script([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    act(&mut g, "patriot", "fire");
    assert!(
        !log(&g).contains("The attacker rolls"),
        "a round of combat was fought before the attacker could retreat after the free defensive round:\n{}",
        log(&g)
    );
    assert!(ids(&g, "british").contains(&"retreat".to_string()));
}

// rule: bh 6.2, 7.1, 4.10
// 4.10: "Fired Markers are placed on pieces that participated in combat."
// 6.2: "Note: Before the Assault begins the Patriot player may opt to carry
// out any retreats before combat" ... "Place a Fired Marker on any defending
// units that don't already have a Fired Marker."
// A Minuteman that withdraws before the Assault begins takes no part in the
// combat: no Fired marker, so it may still Volley Fire this turn (rules
// bh-9: it had one).
#[test]
fn withdrawing_before_combat_does_not_count_as_firing() {
    let mut g = sandbox(B);
    let regs = put_n(&mut g, 2, Regular, B, "breeds-slope-east");
    let mms = put_n(&mut g, 2, Minuteman, P, "breeds-redoubt");
    assault_redoubt(&mut g, &regs);
    act(&mut g, "patriot", &piece(mms[0]));
    act(&mut g, "patriot", "done");
    act(&mut g, "patriot", "breeds-slope-west");
    assert_eq!(loc(&g, mms[0]), "breeds-slope-west");
    assert!(
        !g.pieces[mms[0] as usize].fired,
        "a unit that withdrew before combat did not participate in combat"
    );
}

// rule: bh 11.1
// 11.1: "Patriot units in the redoubt region on Breed's Hill and the two wall
// regions have a strong defensive advantage. When applying hits to counters
// in those regions, the Patriot player ignores the first hit scored by the
// British and then applies the remainder." A defensive advantage: Patriots
// assaulting British units in the redoubt take the hit of its free fire
// (rules bh-9: it was ignored).
#[test]
fn redoubt_cover_does_not_shield_patriots_assaulting_the_redoubt() {
    let mut g = sandbox(P);
    g.opts.redoubt_wall = true;
    let mms = put_n(&mut g, 2, Minuteman, P, "breeds-slope-west");
    g.put(Regular, B, "breeds-redoubt");
    // British free defensive fire: Regular 2 + redoubt 2 = 4 dice, one hit;
    // then (if the hit is ignored) a round with no hits.
    g.core.dice.script([6, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    engage(
        &mut g,
        "patriot",
        "assault",
        "breeds-slope-west",
        "breeds-redoubt",
        &mms,
    );
    let p = g.prompt(P);
    assert!(
        p.text.contains("Assign 1 hit"),
        "the British defensive hit on the assaulting Patriots was ignored: {p:?}\n{}",
        log(&g)
    );
}

// rule: bh 12.4
// Ruling bh #29 (British Final Fire, option `final-fire`): "each British
// region with a unit still able to fire ... may make one Volley Fire at one
// adjacent Patriot region, all its able units firing (three at most from a
// Staging Area, #3)": a Staging Area with more than three able units makes
// one, not a second once three have fired (rules bh-9).
#[test]
fn final_fire_is_one_volley_per_region_even_from_a_staging_area() {
    let mut g = Bh::sandbox("solo-patriot", B);
    g.opts.final_fire = true;
    put_n(&mut g, 5, Regular, B, "east-shore");
    g.put(Minuteman, P, "rail-fence");
    g.ap = [0, 0];
    g.advance();
    assert_eq!(g.actor(), Some(B));
    act(&mut g, "british", "east-shore");
    // Three Regulars, 6 dice - 1 for the fence = 5 dice, no hit.
    g.core.dice.script([1, 1, 1, 1, 1]);
    act(&mut g, "british", "rail-fence");
    assert_logged(&g, "Volley Fire from Mystic shore below the rail fence");
    assert!(
        !ids(&g, "british").contains(&"east-shore".to_string()),
        "the region that made its Final Fire volley is offered a second one: {:?}",
        ids(&g, "british")
    );
}

/// Session 41's audit: the Volley Fire choices said only "Rail fence" and
/// "Regulars 1 / Regulars 3": a target now says its range, the faces that
/// hit and the terrain modifier; a unit its strength and markers. At least
/// one unit fires (ruling bh #43).
// rule: bh 6.1, 3.1, 4.10
#[test]
fn volley_choices_say_range_terrain_and_each_units_strength() {
    let mut g = sandbox(B);
    let regs: Vec<PieceId> = (0..3).map(|_| g.put(Regular, B, "east-shore")).collect();
    g.pieces[regs[2] as usize].moved = true;
    g.put(Minuteman, P, "rail-fence");
    acts(&mut g, "british", &["volley-fire", "east-shore"]);
    assert_eq!(
        info(&g, "british", "rail-fence").label,
        "Rail fence: adjacent, hits on 5 or 6, terrain -1 die (3.1)"
    );
    act(&mut g, "british", "rail-fence");
    // 6.1 a Volley Fire is made by units: no "done" before one is chosen.
    assert!(!ids(&g, "british").contains(&"done".to_string()));
    assert!(g.prompt(B).text.contains("at least one"), "{}", g.prompt(B).text);
    let name = |i: PieceId| g.pieces[i as usize].name.clone();
    assert_eq!(
        info(&g, "british", &piece(regs[0])).label,
        format!("{} (strength 2)", name(regs[0]))
    );
    assert_eq!(
        info(&g, "british", &piece(regs[2])).label,
        format!("{} (strength 2, moved)", name(regs[2]))
    );
    act(&mut g, "british", &piece(regs[0]));
    assert!(ids(&g, "british").contains(&"done".to_string()));

    // Two regions away: hits on 6; fire from a hilltop ignores the terrain (3.1).
    let mut g = sandbox(P);
    g.put(Minuteman, P, "breeds-redoubt");
    g.put(Regular, B, "moultons-hill");
    acts(&mut g, "patriot", &["volley-fire", "breeds-redoubt"]);
    assert_eq!(
        info(&g, "patriot", "moultons-hill").label,
        "Moulton's Hill: two regions away, hits on 6, no terrain modifier"
    );
}

/// "Militia 4 0 in Rail fence is hit" (session 41's audit): a militia's
/// strength is said as such, and a die is one die.
// rule: bh 4.1, 6.1
#[test]
fn a_militia_names_its_strength_and_one_die_is_one_die() {
    let mut g = sandbox(B);
    let reg = g.put(Regular, B, "east-shore");
    let m = g.put_militia(0, "rail-fence");
    let name = g.pieces[m as usize].name.clone();
    assert_eq!(g.label(m), format!("{name} (strength 0)"));
    g.pieces[m as usize].flipped = true;
    assert_eq!(g.label(m), format!("{name} (strength 0, broken)"));
    g.pieces[m as usize].flipped = false;
    engage(&mut g, "british", "volley-fire", "east-shore", "rail-fence", &[reg]);
    assert!(
        log(&g).contains("Volley Fire from Mystic shore below the rail fence at Rail fence: 1 die,"),
        "{}",
        log(&g)
    );
}

// rule: bh 8.0, 6.2
// 8.0 at Ammo 0: "The British may Assault regardless of who has the most
// units in the Assault region": not only to launch it, but through it, where
// 6.2 would otherwise end an Assault whose attacker has fewer healthy units.
#[test]
fn without_patriot_ammunition_an_outnumbered_british_assault_goes_on() {
    let mut g = sandbox(B);
    g.ammo = 0;
    let reg = g.put(Regular, B, "breeds-slope-east");
    put_n(&mut g, 2, Minuteman, P, "breeds-redoubt");
    assault_redoubt(&mut g, &[reg]);
    act(&mut g, "patriot", "done");
    // The free defensive fire: 2 Minutemen + 2 for the redoubt, capped at 2 dice.
    g.core.dice.script([1, 1]);
    act(&mut g, "patriot", "fire");
    assert!(log(&g).contains("Free defensive fire: 2 dice"), "{}", log(&g));
    assert!(!log(&g).contains("outnumbered"), "{}", log(&g));
    assert_eq!(
        loc(&g, reg),
        "breeds-redoubt",
        "one Regular against two Minutemen fights on"
    );
    assert!(ids(&g, "british").contains(&"fight-on".to_string()));
}
