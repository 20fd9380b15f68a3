//! 7.0 combat, retreats, OpFire, Charge, hidden militia, Ambush, Snipe, Rally, the Shot.
mod support;
use b2c::frames::Frame;
use b2c::state::*;
use b2c::B2c;
use engine::described;
use engine::prelude::*;
use revroad::testing::log_texts;
use support::*;

fn last_log(g: &B2c, n: usize) -> Vec<String> {
    let all: Vec<String> = g.core.log.visible(None).map(|e| e.text.clone()).collect();
    all[all.len().saturating_sub(n)..].to_vec()
}

// rule: b2c 6.1, 7.0, 4.8, 10.0
#[test]
fn attack_with_defensive_fire() {
    let mut g = board();
    let u0 = g.put(Kind::Regular, "lexington");
    let u1 = g.put(Kind::Regular, "lexington");
    let m1 = g.put_militia(1, "lexington");
    let m2 = g.put_militia(1, "lexington");
    attack(&mut g, B, "lexington", &[u0, u1]);
    stand(&mut g, P, &[m1, m2]);
    g.core.dice.script([5, 1, 4, 6]);
    act(&mut g, B, "defensive-fire");
    // The defender fires first: one hit (5 on a militia die), the British apply it.
    pick(&mut g, B, u0);
    assert!(g.piece(u0).flipped);
    // The attacker's remaining strength (2 dice): 4 and 6 are both hits.
    pick(&mut g, P, m1);
    pick(&mut g, P, m1);
    assert_eq!(g.piece(m1).loc, DESTROYED, "a hit on a broken unit destroys it");
    act(&mut g, B, "done"); // attacker declines the retreat after combat
    act(&mut g, P, "done");
    assert!(g.piece(u1).fired && g.piece(m2).fired);
    assert!(
        !g.piece(u0).fired,
        "broken before it could fire: no Fired marker (7.0 Important)"
    );
    assert!(g.shot, "dice were rolled");
    assert_eq!(g.vp, [0, 0], "the British fired first: no award");
}

// rule: b2c 7.0, 10.0
#[test]
fn simultaneous_combat_costs_a_hit_and_a_patriot_first_shot_gives_5_vp() {
    let mut g = board();
    let a = g.put_militia(2, "lincoln");
    let b = g.put(Kind::Minuteman, "lincoln");
    let x = g.put(Kind::Regular, "lincoln");
    attack(&mut g, P, "lincoln", &[a, b]);
    stand(&mut g, B, &[x]);
    g.core.dice.script([6, 1, 1, 1, 1]);
    act(&mut g, P, "simultaneous");
    pick(&mut g, P, b); // the hit taken first
    assert!(g.piece(b).flipped);
    pick(&mut g, B, x); // one Patriot hit from the militia's 2 dice
    assert!(g.piece(x).flipped);
    act(&mut g, P, "done"); // both took hits: the attacker may retreat first
    act(&mut g, B, "done");
    assert_eq!(g.vp[0], 10, "5 VP to the British (10.0)");
}

/// The action list says what a Patriot attack before the first shot costs,
/// and only then.
// rule: b2c 10.0
#[test]
fn a_patriot_attack_before_the_first_shot_warns_of_the_british_award() {
    let mut g = board();
    g.put_militia(2, "lincoln");
    g.put(Kind::Regular, "lincoln");
    g.give(P, 3, 3);
    let warning = |g: &B2c| {
        described(g, P)
            .into_iter()
            .find(|a| a.id == "attack-lincoln")
            .expect("the attack is offered")
            .warning
    };
    let w = warning(&g).expect("a warning before the first shot");
    assert!(w.contains("the British score 5 VP (10.0)"), "{w}");
    g.shot = true;
    assert_eq!(warning(&g), None, "the shot was fired: no award to warn of");
}

// rule: b2c 7.1, 7.1.1, 7.1.3
#[test]
fn unmoved_units_retreat_freely_and_draw_opportunity_fire() {
    let mut g = board();
    let u = g.put(Kind::Regular, "lincoln");
    let a = g.put_militia(1, "lincoln");
    let b = g.put_militia(2, "lincoln");
    let l = g.put_named(Kind::PatriotLeader, "Buttrick", "lincoln");
    attack(&mut g, B, "lincoln", &[u]);
    choose(&mut g, P, &[a, b, l]);
    // Toward Concord if possible, as the crow flies (ruling #34): Sudbury
    // Road lies a little further from Concord than Lincoln does.
    assert_eq!(ids(&g, P), vec!["go-meriams-corner"]);
    act(&mut g, P, "go-meriams-corner");
    assert!([a, b, l].iter().all(|&p| g.piece(p).moved));
    // All retreated: OpFire with half of three, rounded up: two dice, hits on
    // 6; the question says so, and that it fires the Shot (10.0).
    assert_eq!(
        g.prompt(B).text,
        "Opportunity fire on the troops retreating from Lincoln (7.1.3)? 2 dice (half the retreating \
         units and healthy leaders, rounded up), a hit on each 6; it fires the Shot Heard 'Round the World (10.0)"
    );
    assert_eq!(info(&g, B, "no").label, "No: let them go");
    g.core.dice.script([6, 5]);
    let yes = described(&g, B).into_iter().find(|a| a.id == "yes").unwrap();
    assert_eq!(yes.label, "Yes: fire 2 dice, a hit on each 6 (7.1.3)");
    let w = yes.warning.clone().expect("the Shot is warned of");
    assert!(
        w.contains("Shot Heard 'Round the World") && w.contains("Ambush (6.6)"),
        "{w}"
    );
    assert!(
        yes.irreversible,
        "opportunity fire rolls at once: a map click asks first"
    );
    act(&mut g, B, "yes");
    pick(&mut g, P, l);
    assert!(g.piece(l).flipped);
    assert!(g.piece(u).fired);
    assert!(g.shot, "British OpFire fires the Shot");
    assert_eq!(g.vp, [0, 0]);
}

/// A wounded leader retreating alone draws no die: firing at him rolls
/// nothing, so the answer may be taken back (found by `fuzz`, seed 66027);
/// it still fires the Shot (7.1.3: "using the OpFire option will trigger"
/// it).
// rule: b2c 7.1.3
#[test]
fn opportunity_fire_with_no_dice_is_not_irreversible() {
    let mut g = board();
    let u = g.put(Kind::Regular, "lincoln");
    let l = g.put_named(Kind::PatriotLeader, "Buttrick", "lincoln");
    g.pm(l).flipped = true;
    attack(&mut g, B, "lincoln", &[u]);
    choose(&mut g, P, &[l]);
    act(&mut g, P, "go-meriams-corner");
    let yes = described(&g, B).into_iter().find(|a| a.id == "yes").unwrap();
    assert!(!yes.irreversible, "no die to roll: nothing to confirm");
    assert_eq!(yes.label, "Yes: fire 0 dice, a hit on each 6 (7.1.3)");
    let rolled = g.core.dice.events();
    act(&mut g, B, "yes");
    assert_eq!(g.core.dice.events(), rolled, "no die was rolled");
    assert!(g.shot, "OpFire used: the Shot is fired all the same");
}

// rule: b2c 7.1.3, 4.1
#[test]
fn the_retreating_field_cannon_counts_for_opportunity_fire() {
    // Ruling b2c #27: 4.1 lists the cannon among the military units and
    // 7.1.3 counts "all retreating military units" but wounded leaders.
    let mut g = board();
    let m = g.put(Kind::Minuteman, "lincoln");
    let u = g.put(Kind::Regular, "lincoln");
    let gun = g.put(Kind::Cannon, "lincoln");
    let smith = g.put_named(Kind::BritishLeader, "Smith", "lincoln");
    g.pm(smith).flipped = true;
    attack(&mut g, P, "lincoln", &[m]);
    choose(&mut g, B, &[u, gun, smith]);
    let to = ids(&g, B)[0].clone();
    act(&mut g, B, &to);
    g.core.dice.script([6, 6, 1]);
    act(&mut g, P, "yes");
    let fire = g.core.log.visible(None).filter(|e| e.rule == "7.1.3").last().unwrap();
    assert_eq!(
        fire.dice,
        vec![6, 6],
        "the Regular and the cannon; not the wounded Smith"
    );
    pick(&mut g, B, gun);
    assert_eq!(g.piece(gun).loc, DESTROYED, "4.1 a cannon assigned a hit is destroyed");
    pick(&mut g, B, u);
    assert!(g.piece(u).flipped);
}

/// Ruling #34: "towards Boston" is measured as the crow flies. A British
/// retreat from Concord takes the Battle Road to Meriam's Corner. Counted in
/// region steps through Weston and Boston Neck, Sudbury Road, further west,
/// would have been the only way "toward Boston".
// rule: b2c 7.1
#[test]
fn a_british_retreat_from_concord_takes_the_battle_road() {
    let mut g = board();
    let u = regulars(&mut g, 2, "concord");
    let m = g.put(Kind::Minuteman, "concord");
    g.shot = true;
    attack(&mut g, P, "concord", &[m]);
    choose(&mut g, B, &u);
    assert_eq!(ids(&g, B), vec!["go-meriams-corner"]);
    act(&mut g, B, "go-meriams-corner");
    assert!(u.iter().all(|&p| at(&g, p) == "meriams-corner"));
}

// rule: b2c 7.1.2, 7.1
#[test]
fn moved_patriots_retreat_in_the_prescribed_order() {
    let mut g = board();
    let u = g.put(Kind::Regular, "lincoln");
    let l = g.put_named(Kind::PatriotLeader, "Buttrick", "lincoln");
    let hit = g.put_militia(1, "lincoln");
    let lone = g.put_militia(2, "lincoln");
    let broken = g.put_militia(1, "lincoln");
    g.pm(broken).flipped = true;
    each(&mut g, &[l, hit, lone, broken], |p| p.moved = true);
    attack(&mut g, B, "lincoln", &[u]);
    choose(&mut g, P, &[l, hit, lone, broken]);
    act(&mut g, P, "go-meriams-corner");
    // First a hit on one retreating unit.
    pick(&mut g, P, hit);
    // Two broken militia now and one leader: the Patriots choose whom he accompanies.
    let mut other = g.clone();
    assert_eq!(ids(&g, P).len(), 3);
    pick(&mut g, P, broken);
    // The accompanied one goes, the other broken one cannot go alone; the lone unbroken militia goes and breaks.
    assert_eq!(at(&g, l), "meriams-corner");
    assert_eq!(at(&g, broken), "meriams-corner");
    assert_eq!(at(&g, hit), "lincoln");
    assert_eq!(at(&g, lone), "meriams-corner");
    assert!(g.piece(lone).flipped);
    // Accompanying the unbroken militia keeps it unbroken; both broken ones stay.
    pick(&mut other, P, lone);
    assert_eq!(at(&other, lone), "meriams-corner");
    assert!(!other.piece(lone).flipped);
    assert_eq!(
        (at(&other, hit), at(&other, broken)),
        ("lincoln".into(), "lincoln".into())
    );
}

// rule: b2c 7.1.2, 7.1.1, 7.1
#[test]
fn moved_and_unmoved_units_retreating_together() {
    // Ruling b2c #20: the retreat hit and the prescribed order apply to the
    // moved units only; the unmoved ones go freely and get Moved markers.
    let mut g = board();
    let u = g.put(Kind::Regular, "lincoln");
    let hit = g.put_militia(1, "lincoln");
    let lone = g.put_militia(2, "lincoln");
    let still = g.put_militia(1, "lincoln");
    let mm = g.put(Kind::Minuteman, "lincoln");
    each(&mut g, &[hit, lone], |p| p.moved = true);
    attack(&mut g, B, "lincoln", &[u]);
    choose(&mut g, P, &[hit, lone, still, mm]);
    act(&mut g, P, "go-meriams-corner");
    // The hit for retreating after moving: a moved unit takes it.
    let offered = ids(&g, P);
    for p in [hit, lone] {
        assert!(offered.contains(&format!("pick-{}", pid(&g, p))), "{offered:?}");
    }
    for p in [still, mm] {
        assert!(!offered.contains(&format!("pick-{}", pid(&g, p))), "{offered:?}");
    }
    pick(&mut g, P, hit);
    // No moved leader or minuteman accompanies the moved militia: the broken
    // one may not go alone, the unbroken one goes and breaks (7.1.2).
    assert_eq!(at(&g, hit), "lincoln");
    assert_eq!(at(&g, lone), "meriams-corner");
    assert!(g.piece(lone).flipped);
    // The unmoved militia and minuteman go freely, unbroken, with Moved
    // markers (7.1.1); the unmoved minuteman accompanies nobody.
    for p in [still, mm] {
        assert_eq!(at(&g, p), "meriams-corner");
        assert!(!g.piece(p).flipped && g.piece(p).moved);
    }
}

// rule: b2c 7.1.2, 11.0
#[test]
fn moved_british_retreat_in_order_and_smiths_force_rolls_after_concord() {
    let mut g = board();
    let s = g.put_named(Kind::BritishLeader, "Smith", "lincoln");
    let r0 = g.put(Kind::Regular, "lincoln");
    let r1 = g.put(Kind::Regular, "lincoln");
    let r2 = g.put(Kind::Regular, "lincoln");
    each(&mut g, &[s, r0, r1, r2], |p| p.moved = true);
    let m = g.put(Kind::Minuteman, "lincoln");
    g.shot = true;
    attack(&mut g, P, "lincoln", &[m]);
    choose(&mut g, B, &[s, r0, r1, r2]);
    act(&mut g, B, "go-weston");
    // Smith takes one unbroken Regular; the other rolls and breaks on 6.
    g.core.dice.script([6]);
    pick(&mut g, B, r0); // the hit for retreating after moving
    assert!(g.piece(r0).flipped);
    let broken = [r1, r2].iter().filter(|&&p| g.piece(p).flipped).count();
    assert_eq!(broken, 1);
    assert_eq!(g.core.dice.scripted_left(), 0);
    assert!([s, r0, r1, r2].iter().all(|&p| at(&g, p) == "weston"));
    // 11.0: after Concord every healthy leader and unbroken Regular of Smith's force rolls too.
    let mut g = board();
    g.concord_entered = true;
    let r0 = g.put(Kind::Regular, "lincoln");
    let p9 = g.put(Kind::Regular, "lincoln");
    g.pm(p9).percy = true;
    let m = g.put(Kind::Minuteman, "lincoln");
    g.shot = true;
    attack(&mut g, P, "lincoln", &[m]);
    choose(&mut g, B, &[r0, p9]);
    g.core.dice.script([6]);
    act(&mut g, B, "go-weston");
    assert!(g.piece(r0).flipped, "Smith's Regular rolled a 6");
    assert!(!g.piece(p9).flipped, "Percy's men do not roll (12.0)");
}

/// 11.0: "each healthy leader and unbroken British counter ... must roll a
/// single die ... in addition to the normal retreat rules." 7.1.2's hit
/// comes "first", and its dice break unaccompanied Regulars as they go: a
/// counter broken by either is no longer unbroken when its 11.0 die would
/// come, so it does not roll (and cannot be destroyed by it).
// rule: b2c 11.0, 7.1.2
#[test]
fn after_concord_regulars_broken_by_the_retreat_roll_no_more() {
    let mut g = board();
    g.concord_entered = true;
    g.shot = true;
    let u = regulars(&mut g, 3, "lincoln");
    each(&mut g, &u, |p| p.moved = true);
    let m = g.put(Kind::Minuteman, "lincoln");
    attack(&mut g, P, "lincoln", &[m]);
    choose(&mut g, B, &u);
    act(&mut g, B, "go-weston");
    // 7.1.2: u[1] breaks on its 6, u[2] holds; 11.0: only u[2] rolls.
    g.core.dice.script([6, 1, 6, 6, 6]);
    pick(&mut g, B, u[0]); // the hit for retreating after moving
    assert_eq!(g.core.dice.scripted_left(), 2, "three dice: two 7.1.2, one 11.0");
    assert!(u.iter().all(|&p| at(&g, p) == "weston" && g.piece(p).flipped));
}

// rule: b2c 7.1.4, 6.2
#[test]
fn assault_and_the_retreats_after_combat() {
    let mut g = board();
    let a = g.put_militia(2, "fiske-hill");
    let b = g.put(Kind::Minuteman, "fiske-hill");
    let x = g.put(Kind::Regular, "lincoln");
    let y = g.put(Kind::Regular, "lincoln");
    g.give(P, 3, 3);
    assert!(can(&g, P, "assault-fiske-hill-to-lincoln"));
    act(&mut g, P, "assault-fiske-hill-to-lincoln");
    choose(&mut g, P, &[a, b]);
    stand(&mut g, B, &[x, y]);
    g.core.dice.script([4, 1, 1, 1, 5, 1, 1]);
    act(&mut g, P, "defensive-fire");
    pick(&mut g, P, a); // one British hit
    pick(&mut g, B, x); // one Patriot hit (5 on a militia die)
                        // The assaulting Patriots took a hit: they may go back only where they came from.
    pick(&mut g, P, a);
    act(&mut g, P, "done");
    assert_eq!(ids(&g, P), vec!["go-fiske-hill"]);
    act(&mut g, P, "go-fiske-hill");
    // The British may retreat, but not into the Assault's origin.
    pick(&mut g, B, x);
    act(&mut g, B, "done");
    assert!(!can(&g, B, "go-fiske-hill"));
    act(&mut g, B, "go-weston");
    assert!(
        g.piece(b).moved && g.piece(b).fired,
        "assaulters get Moved and Fired markers"
    );
}

// rule: b2c 7.1.4, 7.1, 4.1
#[test]
fn the_broken_unit_bans_of_4_1_do_not_bind_a_retreat_after_combat() {
    // Ruling b2c #21: a side that took any hit may retreat after combat (the
    // attacker first), and 4.1's bans on broken units apply to moves, not
    // to retreats: a broken Regular without a leader may retreat into
    // Minutemen, which it may not move into.
    let mut g = board();
    let a = g.put_militia(2, "lincoln");
    let b = g.put(Kind::Minuteman, "lincoln");
    let x = g.put(Kind::Regular, "lincoln");
    let xb = g.put(Kind::Regular, "lincoln");
    g.pm(xb).flipped = true;
    g.put(Kind::Minuteman, "weston");
    // A move of the broken Regular alone may not enter Fiske Hill (4.1).
    let mut mover = g.clone();
    move_group(&mut mover, B, "lincoln", &[xb]);
    assert!(!can(&mover, B, "to-weston"), "{:?}", ids(&mover, B));
    attack(&mut g, P, "lincoln", &[a, b]);
    stand(&mut g, B, &[x]);
    g.core.dice.script([6, 1, 1, 1, 1]);
    act(&mut g, P, "simultaneous");
    pick(&mut g, P, b); // the hit taken first
    pick(&mut g, B, x); // one Patriot hit from the militia's 2 dice
    act(&mut g, P, "done"); // the attacker stays
                            // The British took a hit: they may retreat; the broken Regular alone.
    pick(&mut g, B, xb);
    act(&mut g, B, "done");
    assert!(can(&g, B, "go-weston"), "{:?}", ids(&g, B));
    act(&mut g, B, "go-weston");
    assert_ne!(at(&g, xb), "lincoln", "it left Lincoln");
}

// rule: b2c 6.3, 4.1
#[test]
fn charge_with_the_cannon() {
    let mut g = board();
    let s = g.put_named(Kind::BritishLeader, "Percy", "menotomy");
    let x = g.put(Kind::Regular, "menotomy");
    let y = g.put(Kind::Regular, "menotomy");
    g.put(Kind::Cannon, "menotomy");
    let a = g.put_militia(1, "menotomy");
    let b = g.put_militia(1, "menotomy");
    let c = g.put(Kind::Minuteman, "menotomy");
    let l = g.put_named(Kind::PatriotLeader, "Baldwin", "menotomy");
    start(&mut g, B, "charge-menotomy");
    pick(&mut g, B, x);
    // Three Patriot hits with the cannon; no retreat before combat.
    pick(&mut g, P, a);
    pick(&mut g, P, b);
    pick(&mut g, P, a);
    assert_eq!(g.piece(a).loc, DESTROYED);
    // The broken militia must retreat; up to two leaders may go with it; the unbroken minuteman may not.
    assert!(!can(&g, P, &format!("pick-{}", pid(&g, c))));
    pick(&mut g, P, l);
    act(&mut g, P, "done");
    act(&mut g, P, "go-foot-of-the-rocks");
    assert_eq!(at(&g, b), "foot-of-the-rocks");
    assert_eq!(at(&g, l), "foot-of-the-rocks");
    assert_eq!(at(&g, c), "menotomy");
    assert!([s, x, y].iter().all(|&p| g.piece(p).moved && g.piece(p).fired));
    assert!(g.shot);
}

// rule: b2c 4.1, 4.2
#[test]
fn hidden_militia_are_drawn_when_needed_and_zeros_pair_with_leaders() {
    let mut g = board();
    let h = g.put_hidden("concord");
    let before = g.pool.total();
    g.apply_hit(h);
    assert!(!g.piece(h).hidden && g.piece(h).flipped);
    assert_eq!(g.pool.total(), before - 1);
    // ruling b2c #25: an empty pool removes the marker.
    g.pool.counts = [0, 0, 0];
    let e = g.put_hidden("concord");
    g.apply_hit(e);
    assert_eq!(g.piece(e).loc, VANISHED);
    // 4.2: a healthy leader is wounded, then killed.
    let l = g.put_named(Kind::PatriotLeader, "Barrett", "concord");
    g.apply_hit(l);
    assert!(g.piece(l).flipped && g.piece(l).on_map());
    g.apply_hit(l);
    assert_eq!(g.piece(l).loc, DESTROYED);
    // 4.1's example: two leaders and three "0" militia roll two dice.
    let mut g = board();
    let z: Vec<u8> = (0..3).map(|_| g.put_militia(0, "concord")).collect();
    g.put_named(Kind::PatriotLeader, "Barrett", "concord");
    g.put_named(Kind::PatriotLeader, "Davis", "concord");
    let x = g.put(Kind::Regular, "concord");
    attack(&mut g, B, "concord", &[x]);
    stand(&mut g, P, &z);
    g.core.dice.script([1, 1, 1, 1]);
    act(&mut g, B, "defensive-fire");
    assert!(
        last_log(&g, 3)
            .iter()
            .any(|t| t.contains("The Patriots roll 2 dice in Concord, needs 5 or 6 to hit: 0 hits.")),
        "{:?}",
        last_log(&g, 3)
    );
}

// rule: b2c 14.1, 14.4
#[test]
fn leader_rerolls_and_militia_hitting_on_six() {
    let mut g = board_with("standard", &[("leader-rerolls", "on"), ("militia-minutemen", "on")]);
    let m = g.put_militia(1, "concord");
    g.put_named(Kind::PatriotLeader, "Barrett", "concord");
    let x = g.put(Kind::Regular, "concord");
    attack(&mut g, B, "concord", &[x]);
    stand(&mut g, P, &[m]);
    g.core.dice.script([5, 6]);
    act(&mut g, B, "defensive-fire");
    // A militia 5 misses under 14.4; the Patriot leader may re-roll it.
    assert_eq!(g.to_act(), engine::SeatSet::one(P));
    act(&mut g, P, "yes");
    assert!(matches!(g.frames.last(), Some(Frame::Hits(_))), "the re-rolled 6 hits");
}

// rule: b2c 6.6, 6.7, 10.0
#[test]
fn ambush_and_snipe_after_the_shot() {
    let mut g = board();
    let marched_two = |p: &mut Piece| {
        p.moved = true;
        p.marched = 2;
        p.march_end = p.loc;
    };
    let u = regulars(&mut g, 4, "lincoln");
    each(&mut g, &u, marched_two);
    g.give(P, 3, 3);
    assert!(
        !can(&g, P, "ambush-lincoln") && !can(&g, P, "snipe-lincoln"),
        "not before the Shot"
    );
    g.shot = true;
    g.core.dice.script([5, 2]);
    start(&mut g, P, "ambush-lincoln");
    pick(&mut g, P, u[3]);
    pick(&mut g, P, u[1]);
    assert!(
        g.piece(u[1]).flipped,
        "the lower-numbered target took the first die, a 5"
    );
    assert_eq!(u.iter().filter(|&&p| g.piece(p).flipped).count(), 1);
    assert!(!can(&g, P, "ambush-lincoln"), "one Ambush marker per region");
    // Snipe needs four unbroken Regulars that marched two regions: three are left.
    assert!(!can(&g, P, "snipe-lincoln"));
    let s = g.put_named(Kind::BritishLeader, "Smith", "lincoln");
    each(&mut g, &[s], marched_two);
    g.core.dice.script([6, 6, 1, 1]);
    start(&mut g, P, "snipe-lincoln");
    pick(&mut g, B, s);
    assert!(g.piece(s).flipped);
    let broken_before = u.iter().filter(|&&p| g.piece(p).flipped).count();
    let target = *u.iter().find(|&&p| !g.piece(p).flipped).unwrap();
    pick(&mut g, B, target);
    assert_eq!(u.iter().filter(|&&p| g.piece(p).flipped).count(), broken_before + 1);
}

// rule: b2c 6.7, 7.1.2
#[test]
fn a_march_no_longer_counts_for_a_snipe_once_the_force_retreats() {
    // Ruling b2c #16: the March must have ended where the force stands.
    let mut g = board();
    g.shot = true;
    let mut force = regulars(&mut g, 4, "menotomy");
    force.push(g.put_named(Kind::BritishLeader, "Smith", "menotomy"));
    move_group(&mut g, B, "menotomy", &force);
    act(&mut g, B, "to-foot-of-the-rocks");
    act(&mut g, B, "to-lexington");
    act(&mut g, B, "done");
    assert!(can(&g, P, "snipe-lexington"), "two road regions marched");
    let mm = g.put(Kind::Minuteman, "lexington");
    attack(&mut g, P, "lexington", &[mm]);
    g.core.dice.script([1; 8]);
    choose(&mut g, B, &force);
    let to = ids(&g, B)[0].strip_prefix("go-").unwrap().to_string();
    act(&mut g, B, &format!("go-{to}"));
    while !can(&g, P, "no") {
        let first = ids(&g, B)[0].clone();
        act(&mut g, B, &first);
    }
    act(&mut g, P, "no");
    assert_eq!(at(&g, force[0]), to);
    g.give(P, 3, 3);
    assert!(
        !can(&g, P, &format!("snipe-{to}")),
        "they retreated: the March ended elsewhere"
    );
}

/// Smith and three broken Regulars in Lincoln, before or after Concord (11.0): the Rally begins.
fn smith_rallies_three_broken_regulars(concord_entered: bool) -> (B2c, Vec<u8>) {
    let mut g = board();
    g.concord_entered = concord_entered;
    g.put_named(Kind::BritishLeader, "Smith", "lincoln");
    let u = regulars(&mut g, 3, "lincoln");
    each(&mut g, &u, |p| p.flipped = true);
    start(&mut g, B, "rally-lincoln");
    (g, u)
}

// rule: b2c 6.8, 11.0
#[test]
fn rally_two_per_british_leader_one_after_concord() {
    let (mut g, u) = smith_rallies_three_broken_regulars(false);
    // Three broken, two to rally: the British choose.
    assert_eq!(ids(&g, B).len(), 3);
    pick(&mut g, B, u[2]);
    pick(&mut g, B, u[0]);
    assert_eq!(
        u.iter().map(|&p| g.piece(p).flipped).collect::<Vec<_>>(),
        vec![false, true, false]
    );
    assert!(
        !can(&g, B, "rally-lincoln") || g.to_act().contains(P),
        "the leader is used"
    );
    let (mut g, u) = smith_rallies_three_broken_regulars(true);
    pick(&mut g, B, u[1]);
    assert_eq!(u.iter().filter(|&&p| !g.piece(p).flipped).count(), 1);
    assert!(g.to_act().contains(P), "one rallied and the Action is over");
    // A Patriot leader rallies one unit of the Patriots' choice.
    let mut g = board();
    g.put_named(Kind::PatriotLeader, "Barrett", "concord");
    let a = g.put_militia(0, "concord");
    let b = g.put_militia(2, "concord");
    each(&mut g, &[a, b], |p| p.flipped = true);
    start(&mut g, P, "rally-concord");
    pick(&mut g, P, a);
    assert!(g.piece(b).flipped && !g.piece(a).flipped);
    // As many broken units as the leader can rally: no choice to make.
    let mut g = board();
    g.put_named(Kind::PatriotLeader, "Barrett", "concord");
    let a = g.put_militia(1, "concord");
    g.pm(a).flipped = true;
    start(&mut g, P, "rally-concord");
    assert!(!g.piece(a).flipped && g.to_act().contains(B));
}

/// After Concord, Smith rallies one unit and Percy two (11.0, 12.0): with
/// Smith and Percy by two broken Regulars, Percy rallies both and Smith keeps
/// his Rally for later in the turn. Before, the leaders were taken in
/// piece order, so Smith (first) was spent on a Rally Percy alone covered.
// rule: b2c 6.8, 11.0
#[test]
fn rally_spends_the_leader_who_rallies_most_first() {
    let mut g = board();
    g.concord_entered = true;
    let smith = g.put_named(Kind::BritishLeader, "Smith", "lincoln");
    let percy = g.put_named(Kind::BritishLeader, "Percy", "lincoln");
    g.pm(percy).percy = true;
    let u = regulars(&mut g, 2, "lincoln");
    each(&mut g, &u, |p| p.flipped = true);
    start(&mut g, B, "rally-lincoln");
    assert!(u.iter().all(|&p| !g.piece(p).flipped), "both rallied");
    assert!(g.piece(percy).rallied, "Percy rallied them");
    assert!(!g.piece(smith).rallied, "Smith was not needed");
}

// rule: b2c 11.0, 12.0, 10.0
#[test]
fn concord_and_percys_awards() {
    let mut g = board();
    let x = g.put(Kind::Regular, "meriams-corner");
    move_group(&mut g, B, "meriams-corner", &[x]);
    act(&mut g, B, "to-concord");
    assert!(g.concord_entered && g.shot);
    assert_eq!(g.vp[0], 10, "5 VP for Concord (11.0)");
    let mut g = board();
    let mut group = vec![
        g.put_named(Kind::BritishLeader, "Percy", "foot-of-the-rocks"),
        g.put(Kind::Cannon, "foot-of-the-rocks"),
    ];
    group.extend(regulars(&mut g, 4, "foot-of-the-rocks"));
    group.reverse();
    move_group(&mut g, B, "foot-of-the-rocks", &group);
    act(&mut g, B, "to-lexington");
    assert!(g.percy_award);
    assert_eq!(g.vp[0], 6, "3 VP, once (12.0)");
}

// rule: b2c 4.1
#[test]
fn the_cannon_alone_with_unbroken_patriots_is_destroyed() {
    let mut g = board();
    let gun = g.put(Kind::Cannon, "menotomy");
    let x = g.put(Kind::Regular, "menotomy");
    g.put(Kind::Minuteman, "menotomy");
    move_group(&mut g, B, "menotomy", &[x]);
    act(&mut g, B, "to-fresh-pond");
    assert_eq!(g.piece(gun).loc, DESTROYED);
}

// rule: b2c 4.1, 7.0
#[test]
fn the_cannon_breaks_a_militia_before_combat_even_defending() {
    let mut g = board();
    g.put(Kind::Cannon, "menotomy");
    let x = g.put(Kind::Regular, "menotomy");
    let m = g.put_militia(2, "menotomy");
    let z = g.put_militia(0, "menotomy");
    g.shot = true;
    attack(&mut g, P, "menotomy", &[m, z]);
    // No retreat. FAQ: Percy's cannon breaks a Patriot unit even on defence; the Patriots choose which.
    act(&mut g, B, "done");
    pick(&mut g, P, m);
    assert!(g.piece(m).flipped);
    choose(&mut g, B, &[x]);
    g.core.dice.script([1, 1]);
    act(&mut g, P, "defensive-fire");
    // Only units that rolled dice get Fired markers: the "0" militia without a leader did not.
    assert!(!g.piece(z).fired);
}

// rule: b2c 7.0, 4.2
#[test]
fn hits_go_to_participants_first_but_a_leader_may_take_one() {
    let mut g = board();
    let x = g.put(Kind::Regular, "lincoln");
    let idle = g.put(Kind::Regular, "lincoln");
    let s = g.put_named(Kind::BritishLeader, "Smith", "lincoln");
    let m = g.put_militia(2, "lincoln");
    g.shot = true;
    attack(&mut g, B, "lincoln", &[x]);
    stand(&mut g, P, &[m]);
    g.core.dice.script([6, 1]);
    act(&mut g, B, "defensive-fire");
    let offered = ids(&g, B);
    assert!(offered.contains(&format!("pick-{}", pid(&g, x))) && offered.contains(&"pick-smith".to_string()));
    assert!(
        !offered.contains(&format!("pick-{}", pid(&g, idle))),
        "not a unit that stood aside"
    );
    act(&mut g, B, "pick-smith");
    assert!(g.piece(s).flipped);
}

// rule: b2c 4.1
#[test]
fn the_british_choose_who_goes_with_the_cannon_advance() {
    // ruling b2c #4: after every defender retreated before combat, the cannon may advance one
    // region with the attackers the British choose (at least one Regular).
    let mut g = board();
    let a = g.put(Kind::Regular, "lincoln");
    let b = g.put(Kind::Regular, "lincoln");
    let cannon = g.put(Kind::Cannon, "lincoln");
    let mm = g.put(Kind::Minuteman, "lincoln");
    attack(&mut g, B, "lincoln", &[a, b, cannon]);
    choose(&mut g, P, &[mm]);
    act(&mut g, P, "go-meriams-corner");
    act(&mut g, B, "no"); // no opportunity fire
    assert!(!can(&g, B, "go-fiske-hill"), "a Regular must go along");
    assert!(!can(&g, B, &format!("pick-{}", pid(&g, cannon))));
    pick(&mut g, B, a);
    act(&mut g, B, "go-fiske-hill");
    assert_eq!(
        (at(&g, a), at(&g, cannon), at(&g, b)),
        ("fiske-hill".into(), "fiske-hill".into(), "lincoln".into())
    );
    assert!(g.piece(a).moved && !g.piece(b).moved);
}

/// 7.0 Applying Hits: "Players may apply a hit to a leader even if other
/// units are present. Hits must be applied to units that participated in
/// the combat before hits are applied to any non-participating units in the
/// region." With no participant (the defender chose none), the owner may
/// put the hit on any unit in the region, not only on the leader (rules
/// b2c-4: the leader had to take it).
// rule: b2c 7.0
#[test]
fn hits_without_participants_are_not_forced_onto_leaders() {
    let mut g = board();
    let m = g.put_militia(2, "lincoln");
    let x = g.put(Kind::Regular, "lincoln");
    let smith = g.put_named(Kind::BritishLeader, "Smith", "lincoln");
    attack(&mut g, P, "lincoln", &[m]);
    stand(&mut g, B, &[]); // no retreat, no participant
    g.core.dice.script([6, 1]);
    act(&mut g, P, "defensive-fire");
    // One Patriot hit for the British to apply.
    assert!(matches!(g.frames.last(), Some(Frame::Hits(_))));
    let regular = format!("pick-{}", pid(&g, x));
    let leader = format!("pick-{}", pid(&g, smith));
    assert!(can(&g, B, &leader), "the leader may take it");
    assert!(
        can(&g, B, &regular),
        "the non-participating Regular may take it too; legal: {:?}",
        ids(&g, B)
    );
}

/// 4.1 Field Cannon: "When used in Attack or Assault combat the Field Cannon
/// automatically breaks one Militia unit before combat commences even if
/// defending." A cannon that retreated before combat is not in it and
/// breaks nothing (ruling b2c #2: "in every Attack/Assault it joins"; rules
/// b2c-4).
// rule: b2c 4.1, 7.1
#[test]
fn a_cannon_that_retreated_before_combat_breaks_no_militia() {
    let mut g = board();
    let m = g.put_militia(1, "lincoln");
    let _m2 = g.put_militia(1, "lincoln");
    let u1 = g.put(Kind::Regular, "lincoln");
    let u2 = g.put(Kind::Regular, "lincoln");
    let gun = g.put(Kind::Cannon, "lincoln");
    attack(&mut g, P, "lincoln", &[m]);
    // The British retreat the cannon with one Regular (both unmoved: no penalty), keep u2.
    choose(&mut g, B, &[u1, gun]);
    let dest = ids(&g, B)
        .into_iter()
        .find(|i| i.starts_with("go-"))
        .expect("a retreat region");
    act(&mut g, B, &dest);
    assert_ne!(g.piece(gun).loc, g.piece(u2).loc, "the cannon left Lincoln");
    assert!(
        !matches!(g.frames.last(), Some(Frame::Hits(h)) if h.rule == "4.1"),
        "the cannon is gone from the combat, yet the Patriots must break a militia"
    );
}

/// 4.1 "It must always be accompanied by a British Regular when moving":
/// a retreat moves the cannon, so it goes only with a Regular of the
/// retreating group (ruling b2c #38, as #29 for a move). Before, the British
/// could retreat the cannon alone, or with a leader only, out of a combat.
// rule: b2c 4.1, 7.1
#[test]
fn the_cannon_retreats_only_with_a_regular() {
    let mut g = board();
    let m = g.put(Kind::Minuteman, "lincoln");
    let u = g.put(Kind::Regular, "lincoln");
    let gun = g.put(Kind::Cannon, "lincoln");
    let smith = g.put_named(Kind::BritishLeader, "Smith", "lincoln");
    attack(&mut g, P, "lincoln", &[m]);
    assert!(!can(&g, B, &format!("pick-{}", pid(&g, gun))), "not the cannon first");
    pick(&mut g, B, smith);
    assert!(!can(&g, B, &format!("pick-{}", pid(&g, gun))), "a leader is no escort");
    pick(&mut g, B, u);
    assert!(
        can(&g, B, &format!("pick-{}", pid(&g, gun))),
        "with the Regular it may go"
    );
    pick(&mut g, B, gun);
    act(&mut g, B, "done");
    let to = ids(&g, B)[0].clone();
    act(&mut g, B, &to);
    assert_eq!(at(&g, gun), at(&g, u), "the cannon went with its Regular");
}

/// 6.3: "If the British Field Cannon took part in the charge the Patriot
/// player takes a third hit" (ruling b2c #3), even when the British put
/// their own hit of the charge on the cannon (rules b2c-4).
// rule: b2c 6.3, 4.1
#[test]
fn a_charge_with_the_cannon_costs_three_hits_even_if_the_cannon_took_the_british_hit() {
    let mut g = board();
    g.put_named(Kind::BritishLeader, "Percy", "lincoln");
    g.put(Kind::Regular, "lincoln");
    let gun = g.put(Kind::Cannon, "lincoln");
    for _ in 0..3 {
        g.put_militia(1, "lincoln");
    }
    start(&mut g, B, "charge-lincoln");
    pick(&mut g, B, gun); // the British hit of the charge
    assert_eq!(g.piece(gun).loc, DESTROYED);
    match g.frames.last() {
        Some(Frame::Hits(h)) => {
            assert_eq!(h.seat, P);
            assert_eq!(h.n, 3, "the cannon took part in the charge: three Patriot hits");
        }
        f => panic!("expected the Patriot hits, got {f:?}"),
    }
}

/// The audit of rules b2c-5 (sp.json, turn 12): the British attacked
/// Lexington twice in a turn with the Field Cannon, and it broke a militia
/// before both combats. 4.8 "Units may only ... participate in combat once
/// each turn", 4.1 "only break one unit when involved in combat": the break
/// is the cannon's part in the combat, so it takes a Fired marker (7.0, 6.1)
/// and joins no second Attack that turn (ruling b2c #33).
// rule: b2c 4.1, 4.8, 6.1
#[test]
fn the_cannon_breaks_a_militia_in_one_attack_a_turn() {
    let mut g = board();
    g.shot = true;
    let gun = g.put(Kind::Cannon, "lexington");
    let x1 = g.put(Kind::Regular, "lexington");
    let x2 = g.put(Kind::Regular, "lexington");
    let m1 = g.put_militia(1, "lexington");
    let m2 = g.put_militia(1, "lexington");
    g.put_militia(2, "lexington");
    attack(&mut g, B, "lexington", &[x1, gun]);
    act(&mut g, P, "done"); // no retreat before combat
    assert!(last_log(&g, 1)[0].starts_with("The field cannon in Lexington breaks one militia before combat"));
    pick(&mut g, P, m1); // 4.1 the Patriots choose which
    assert!(g.piece(m1).flipped);
    choose(&mut g, P, &[m2]);
    g.core.dice.script([1, 1, 1]);
    act(&mut g, B, "defensive-fire"); // no hits: the Attack ends
    assert!(g.piece(gun).fired, "the cannon took part: a Fired marker");
    assert!(g.piece(x1).fired);
    start(&mut g, B, "attack-lexington");
    let offered = ids(&g, B);
    assert!(offered.contains(&format!("pick-{}", pid(&g, x2))), "{offered:?}");
    assert!(
        !offered.contains(&format!("pick-{}", pid(&g, gun))),
        "6.1 attacking units must not have a Fired marker: {offered:?}"
    );
}

/// A cannon that found no militia to break broke nothing: it took no part
/// of its own and may join a later Attack (ruling b2c #33); OpFire marks
/// every unit that attacked, the cannon with them (7.1.3).
// rule: b2c 4.1, 7.1.3
#[test]
fn the_cannon_is_fired_only_when_it_breaks_or_opportunity_fire_is_used() {
    let mut g = board();
    g.shot = true;
    let gun = g.put(Kind::Cannon, "lexington");
    let x = g.put(Kind::Regular, "lexington");
    let mm = g.put(Kind::Minuteman, "lexington");
    attack(&mut g, B, "lexington", &[x, gun]);
    act(&mut g, P, "done");
    choose(&mut g, P, &[mm]);
    g.core.dice.script([1, 1, 1]);
    act(&mut g, B, "defensive-fire");
    assert!(!g.piece(gun).fired, "no militia: nothing broken");
    assert!(g.piece(x).fired);

    let mut g = board();
    g.shot = true;
    let gun = g.put(Kind::Cannon, "lexington");
    let x = g.put(Kind::Regular, "lexington");
    let m = g.put_militia(1, "lexington");
    attack(&mut g, B, "lexington", &[x, gun]);
    pick(&mut g, P, m);
    act(&mut g, P, "done");
    let to = ids(&g, P)[0].clone();
    act(&mut g, P, &to);
    g.core.dice.script([1]);
    act(&mut g, B, "yes");
    assert!(g.piece(gun).fired && g.piece(x).fired, "7.1.3 all units that attacked");
}

/// The audit of rules b2c-5 (s-empty-retreat.json): a lone moved militia
/// picked to retreat before combat takes the 7.1.2 hit, and broken and
/// unaccompanied it may not retreat. The log said "retreat 0 pieces ()";
/// it now says who stays and why.
// rule: b2c 7.1.2
#[test]
fn a_moved_militia_that_may_not_retreat_is_told_to_stay() {
    let mut g = board();
    let x = g.put(Kind::Regular, "little-cambridge");
    let m = g.put_militia(1, "little-cambridge");
    g.pm(m).moved = true;
    attack(&mut g, B, "little-cambridge", &[x]);
    pick(&mut g, P, m);
    act(&mut g, P, "done");
    let to = ids(&g, P)[0].clone();
    act(&mut g, P, &to);
    pick(&mut g, P, m); // 7.1.2 the first hit
    assert!(g.piece(m).flipped);
    assert_eq!(at(&g, m), "little-cambridge");
    let texts = log_texts(&g);
    assert!(texts
        .iter()
        .any(|t| t == "Militia (broken) stays in Little Cambridge: unaccompanied broken militia may not retreat."));
    assert!(texts
        .iter()
        .any(|t| t == "The Patriots retreat nothing from Little Cambridge."));
    assert!(!texts.iter().any(|t| t.contains("0 pieces")), "{texts:?}");
}
