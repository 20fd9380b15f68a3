//! Referee mode: a physical game's deal and block draws entered by name,
//! recorded in the save file and replayed; a draw that cannot be made is
//! refused and changes nothing.

use engine::prelude::*;
use engine::{Refusal, Seat, Session, Setup, SetupError};
use liberty::blocks::{self, Block};
use liberty::cards::Card;
use liberty::state::{Frame, POOL};
use liberty::Liberty;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn names(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

// rule: liberty 3.0
#[test]
fn the_first_deal_is_the_one_the_referee_enters() {
    let mut setup = Setup::new("1775", 9);
    // 12.0: three cards each in 1775, the British hand first.
    setup.draws = names(&["s3", "a1", "a1", "a3", "s2", "a2"]);
    let s = Session::<Liberty>::new(setup.clone()).unwrap();
    let g = s.state();
    assert_eq!(g.hands[0], vec![Card::A1, Card::A1, Card::S3]);
    assert_eq!(g.hands[1], vec![Card::A2, Card::A3, Card::S2]);
    assert_eq!(
        s.save().setup.draws,
        setup.draws,
        "the save file keeps the set-up's draws"
    );

    // A card the deck no longer holds (it has two Supply 3 cards), or more
    // draws than the deal makes.
    let mut bad = Setup::new("1775", 9);
    bad.draws = names(&["s3", "s3", "s3"]);
    let e = Session::<Liberty>::new(bad).unwrap_err();
    assert!(matches!(&e, SetupError::BadDraw(d) if d.contains("'s3'")), "{e}");
    let mut long = Setup::new("1775", 9);
    long.draws = names(&["a1", "a1", "a1", "a2", "a2", "a2", "a3"]);
    let e = Session::<Liberty>::new(long).unwrap_err();
    assert!(e.to_string().contains("draws fewer"), "{e}");
}

/// Plays random actions until `seat` may draw a replacement (6.0).
fn until_replace(seed: u64) -> (Session<Liberty>, Seat) {
    let mut s = Session::<Liberty>::new(Setup::new("1775", seed)).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    loop {
        assert!(s.state().outcome().is_none(), "no replacement in this game");
        let seats: Vec<Seat> = s.state().to_act().iter().collect();
        if let Some(&seat) = seats
            .iter()
            .find(|&&seat| engine::described(s.state(), seat).iter().any(|a| a.id == "replace"))
        {
            return (s, seat);
        }
        let seat = seats[rng.gen_range(0..seats.len())];
        let acts = engine::described(s.state(), seat);
        let id = acts[rng.gen_range(0..acts.len())].id.clone();
        s.act(seat, &id, &[]).unwrap();
    }
}

fn in_pool(g: &Liberty, seat: Seat) -> Vec<Block> {
    (0..g.loc.len() as Block)
        .filter(|&b| g.loc[b as usize] == POOL && Liberty::side_of(b) == seat)
        .collect()
}

// rule: liberty 6.0
#[test]
fn the_referee_names_the_block_drawn_from_the_pool() {
    let (mut s, seat) = until_replace(4);
    let pool = in_pool(s.state(), seat);
    let other = (0..s.state().loc.len() as Block)
        .find(|&b| s.state().loc[b as usize] != POOL)
        .unwrap();
    // A block that is not in the seat's pool: refused, nothing changes.
    let before = serde_json::to_string(s.state()).unwrap();
    let n = s.actions().len();
    let e = s
        .act_scripted(seat, "replace", &[], &names(&[&blocks::info(other).id]))
        .unwrap_err();
    assert!(matches!(e, Refusal::BadDraw(_)), "{e}");
    assert!(e.to_string().contains("cannot be drawn"), "{e}");
    assert_eq!(serde_json::to_string(s.state()).unwrap(), before);
    assert_eq!(s.actions().len(), n);
    // Two names for one draw: refused too.
    let id = blocks::info(*pool.last().unwrap()).id.clone();
    let e = s
        .act_scripted(seat, "replace", &[], &[id.clone(), id.clone()])
        .unwrap_err();
    assert!(e.to_string().contains("fewer"), "{e}");
    assert_eq!(serde_json::to_string(s.state()).unwrap(), before);

    // The last block of the pool, named: drawn, whatever the seed would give.
    s.act_scripted(seat, "replace", &[], std::slice::from_ref(&id)).unwrap();
    let drawn = blocks::by_id(&id).unwrap();
    let deployed = matches!(s.state().frames.last(), Some(Frame::Deploy { block, .. }) if *block == drawn);
    assert!(
        deployed || s.state().loc[drawn as usize] == POOL,
        "the named block is drawn (to deploy, or back to the pool if it cannot be)"
    );
    assert!(s
        .state()
        .log()
        .visible(Some(seat))
        .any(|e| e.text == format!("You draw {}.", Liberty::name(drawn))));
    // The draw is in the save file and replays.
    let save = s.save();
    assert_eq!(save.actions.last().unwrap().draws, vec![id]);
    let back = Session::<Liberty>::load(&save).unwrap();
    assert_eq!(
        serde_json::to_string(back.state()).unwrap(),
        serde_json::to_string(s.state()).unwrap()
    );
}
