//! 3.5 Staging Areas: released once they hold their Staging Number, by
//! whatever way the British pieces came in, and released for good.

mod support;
use bh::state::*;
use bh::Bh;
use engine::prelude::*;
use support::*;

fn sandbox(seat: engine::Seat) -> Bh {
    Bh::sandbox("standard", seat)
}

fn released(g: &Bh, region: &str) -> bool {
    g.released & bit(g.region(region)) != 0
}

/// The first choice of Action `act` (the region it starts from) offers `region`.
fn offers(g: &Bh, act_id: &str, region: &str) -> bool {
    let mut h = g.clone();
    act(&mut h, "british", act_id);
    ids(&h, "british").contains(&region.to_string())
}

/// The British move `group` out of `from` to `to` in one Land Move group.
fn land_move(g: &mut Bh, from: &str, group: &[PieceId], to: &str) {
    acts(g, "british", &["land-move", from]);
    for &i in group {
        act(g, "british", &piece(i));
    }
    acts(g, "british", &["done", to]);
}

/// A new turn's Action Phase for the British: markers off, three Actions.
fn next_turn(g: &mut Bh) {
    g.end_markers_for_test();
    g.frames = vec![Frame::Actions];
    g.ap = [3, 3];
    g.to_move = B;
}

// rule: bh 3.5, 6.5, 6.2, 6.8
#[test]
fn a_staging_area_entered_by_land_move_is_released() {
    // The reported game: three Regulars march from Breed's Hill east slope
    // onto Moulton's Hill (Staging Number 3) and were frozen there.
    let mut g = sandbox(B);
    let regs = put_n(&mut g, 3, Regular, B, "breeds-slope-east");
    assert!(!released(&g, "moultons-hill"));
    land_move(&mut g, "breeds-slope-east", &regs, "moultons-hill");
    assert_eq!(loc(&g, regs[2]), "moultons-hill");
    assert!(released(&g, "moultons-hill"), "three units meet the Staging Number");
    next_turn(&mut g);
    g.put(Minuteman, P, "point-shore");
    assert!(offers(&g, "land-move", "moultons-hill"));
    assert!(offers(&g, "assault", "moultons-hill"));
    assert!(offers(&g, "reorganize", "moultons-hill"));
}

// rule: bh 3.5, 6.5
#[test]
fn fewer_units_than_the_staging_number_stay_frozen_and_leaders_do_not_count() {
    let mut g = sandbox(B);
    let regs = put_n(&mut g, 2, Regular, B, "breeds-slope-east");
    let l = g.put(Leader, B, "breeds-slope-east");
    land_move(&mut g, "breeds-slope-east", &[regs[0], regs[1], l], "moultons-hill");
    assert_eq!(loc(&g, l), "moultons-hill");
    assert!(!released(&g, "moultons-hill"), "FAQ: military units only");
    next_turn(&mut g);
    assert!(!g.move_regions(B).contains(&g.region("moultons-hill")));
    // Ruling bh #4: the Staging Number counts British units; Patriots there do not release it.
    let mut h = sandbox(P);
    put_n(&mut h, 3, Minuteman, P, "moultons-hill");
    h.advance();
    assert!(!released(&h, "moultons-hill"));
}

// rule: bh 3.5, 6.8
#[test]
fn a_staging_area_reorganized_into_is_released_when_the_action_ends() {
    let mut g = sandbox(B);
    let regs = put_n(&mut g, 3, Regular, B, "breeds-slope-east");
    let there = g.put(Regular, B, "moultons-hill");
    acts(&mut g, "british", &["reorganize", "breeds-slope-east"]);
    assert!(
        ids(&g, "british").contains(&"moultons-hill".to_string()),
        "ruling bh #4: pieces may join an unreleased Staging Area"
    );
    act(&mut g, "british", "moultons-hill");
    assert!(
        !ids(&g, "british").contains(&piece(there)),
        "but none leaves it before it is released"
    );
    act(&mut g, "british", &piece(regs[0]));
    act(&mut g, "british", &piece(regs[1]));
    assert!(
        !ids(&g, "british").contains(&piece(there)),
        "the trade of places counts when the Action is done"
    );
    act(&mut g, "british", "done");
    assert!(released(&g, "moultons-hill"));
    next_turn(&mut g);
    assert!(g.move_regions(B).contains(&g.region("moultons-hill")));
}

// rule: bh 3.5, 7.1, 6.2
#[test]
fn a_staging_area_reached_by_a_retreat_is_released() {
    let mut g = sandbox(P);
    let regs = put_n(&mut g, 3, Regular, B, "breeds-slope-east");
    let mm = put_n(&mut g, 3, Minuteman, P, "breeds-redoubt");
    acts(&mut g, "patriot", &["assault", "breeds-redoubt", "breeds-slope-east"]);
    for &m in &mm {
        act(&mut g, "patriot", &piece(m));
    }
    // Every die misses: the free defensive fire, then a round.
    g.core.dice.script([1; 15]);
    act(&mut g, "patriot", "done");
    act(&mut g, "patriot", "fight-on");
    for &r in &regs {
        act(&mut g, "british", &piece(r));
    }
    act(&mut g, "british", "done");
    assert!(ids(&g, "british").contains(&"moultons-hill".to_string()));
    act(&mut g, "british", "moultons-hill");
    assert_eq!(loc(&g, regs[0]), "moultons-hill");
    assert!(released(&g, "moultons-hill"));
}

// rule: bh 3.5, 4.6
#[test]
fn a_staging_area_reached_by_leaving_a_fire_is_released() {
    // The wharves burn with two Regulars in them; every other way out is
    // ablaze, so both go to the ferry landing (Staging Number 2).
    let mut g = sandbox(B);
    let regs = put_n(&mut g, 2, Regular, B, "town-wharves");
    for id in ["town-square", "town-shipyard", "town-meeting"] {
        g.ablaze |= bit(g.region(id));
    }
    assert!(!released(&g, "town-ferry"));
    g.ignite(g.region("town-wharves"), "6.4");
    g.advance();
    for _ in &regs {
        assert_eq!(ids(&g, "british"), vec!["town-ferry"]);
        assert!(!released(&g, "town-ferry"));
        act(&mut g, "british", "town-ferry");
    }
    assert_eq!(loc(&g, regs[1]), "town-ferry");
    assert!(released(&g, "town-ferry"));
}

// rule: bh 3.5, 6.5
#[test]
fn a_released_staging_area_stays_released_when_it_empties() {
    let mut g = sandbox(B);
    let regs = put_n(&mut g, 3, Regular, B, "moultons-hill");
    g.advance();
    assert!(released(&g, "moultons-hill"));
    land_move(&mut g, "moultons-hill", &regs, "breeds-slope-east");
    assert_eq!(g.units(g.region("moultons-hill"), B), 0);
    assert!(released(&g, "moultons-hill"));
    // A single Regular coming back later may leave again at once.
    next_turn(&mut g);
    land_move(&mut g, "breeds-slope-east", &regs[..1], "moultons-hill");
    next_turn(&mut g);
    assert!(g.move_regions(B).contains(&g.region("moultons-hill")));
}
