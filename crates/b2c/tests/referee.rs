//! Referee mode: the card a physical game draws is entered by its number,
//! recorded and replayed; a card that cannot be drawn is refused.

use b2c::B2c;
use engine::prelude::*;
use engine::{Refusal, Seat, Session, Setup};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

// rule: b2c 2.0
#[test]
fn the_referee_names_the_card_drawn() {
    let mut s = Session::<B2c>::new(Setup::new("standard", 3)).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut checked = 0;
    while s.state().outcome().is_none() && checked < 3 {
        let seats: Vec<Seat> = s.state().to_act().iter().collect();
        let seat = seats[rng.gen_range(0..seats.len())];
        let acts = engine::described(s.state(), seat);
        let id = acts[rng.gen_range(0..acts.len())].id.clone();
        let mut trial = s.clone();
        trial.act(seat, &id, &[]).unwrap();
        let drawn = trial.state().deck.discard.len() == s.state().deck.discard.len() + 1;
        let pile = s.state().deck.draw.clone();
        if drawn && pile.len() >= 2 {
            // A discarded card cannot be drawn: refused, nothing changes.
            if let Some(&gone) = s.state().deck.discard.first() {
                let before = serde_json::to_string(s.state()).unwrap();
                let e = s.act_scripted(seat, &id, &[], &[gone.to_string()]).unwrap_err();
                assert!(matches!(e, Refusal::BadDraw(_)), "{e}");
                assert_eq!(serde_json::to_string(s.state()).unwrap(), before);
            }
            // The second card of the pile, named: drawn instead of the top one.
            let named = pile[1];
            s.act_scripted(seat, &id, &[], &[named.to_string()]).unwrap();
            assert_eq!(s.state().deck.discard.last(), Some(&named));
            assert!(!s.state().deck.draw.contains(&named));
            checked += 1;
        } else {
            s.act(seat, &id, &[]).unwrap();
        }
    }
    assert_eq!(checked, 3, "three draws entered by hand");
    let save = s.save();
    assert_eq!(save.actions.iter().filter(|r| !r.draws.is_empty()).count(), 3);
    let back = Session::<B2c>::load(&save).unwrap();
    assert_eq!(back.state().deck, s.state().deck);
}
