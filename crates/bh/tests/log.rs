//! What the log tells (issue 19): a Land Move with how many pieces, which,
//! from where and to where, the sides capitalised, each die with what it
//! needed, and the regions each line happened in.

mod support;
use bh::state::*;
use bh::Bh;
use support::*;

// rule: bh 6.5
#[test]
fn a_land_move_says_how_many_pieces_went_where() {
    let mut g = Bh::sandbox("standard", P);
    let mms: Vec<PieceId> = (0..2).map(|_| g.put(Minuteman, P, "neck")).collect();
    let l = g.put(Leader, P, "neck");
    g.core.log = engine::Log::default();
    acts(
        &mut g,
        "patriot",
        &[
            "land-move",
            "neck",
            &piece(mms[0]),
            &piece(mms[1]),
            &piece(l),
            "done",
            "north-shore",
        ],
    );
    let e = g
        .core
        .log
        .visible(Some(B))
        .find(|e| e.rule == "6.5" && e.text.contains(" move "))
        .expect("the move's line")
        .clone();
    let [a, b, c] = [mms[0], mms[1], l].map(|i| g.label(i));
    assert_eq!(
        e.text,
        format!("The Patriots move 3 pieces ({a}, {b} and {c}) from Charlestown Neck to Mystic shore by the Neck.")
    );
    assert_eq!(e.path, ["neck", "north-shore"]);
    assert!(!log(&g).contains("patriot "), "{}", log(&g));
}

// rule: bh 9.1
#[test]
fn a_panic_check_says_what_it_needed() {
    let mut g = Bh::sandbox("standard", P);
    let m = g.put_militia(1, "neck");
    g.core.log = engine::Log::default();
    g.core.dice.script([3]);
    let label = g.label(m);
    g.panic(g.region("neck"));
    assert_logged(&g, &format!("{label}: 3 + 1 = 4, 4 or less panics: panics."));
    let e = g
        .core
        .log
        .visible(None)
        .find(|e| e.rule == "9.1" && !e.dice.is_empty())
        .unwrap();
    assert_eq!((e.dice.clone(), e.path.clone()), (vec![3], vec!["neck".to_string()]));
}

// rule: bh 6.1, 3.1
// 6.1 "apply any Volley Fire modifier (3.1) in the target region. Roll the
// resulting number of dice": the redoubt's -2 leaves a Regular nothing to
// roll, and the log says so (it read "0 dice,  to hit").
#[test]
fn a_volley_the_terrain_leaves_without_dice_says_so() {
    let mut g = Bh::sandbox("standard", B);
    let reg = g.put(Regular, B, "breeds-south");
    g.put(Minuteman, P, "breeds-redoubt");
    let (from, at) = ("breeds-south", "breeds-redoubt");
    engage(&mut g, "british", "volley-fire", from, at, &[reg]);
    assert!(
        log(&g).contains(
            "Volley Fire from Breed's Hill (south) at Breed's Hill (redoubt): 0 dice, nothing to roll: 0 hits."
        ),
        "{}",
        log(&g)
    );
    assert!(g.pieces[reg as usize].fired, "6.1 it fired all the same");
}
