//! Draws by agreement (`Session::offer_draw`, FIW 29.3 Concession), on the
//! test title Muster, whose rules allow them, and Toy, whose rules do not.

use engine::prelude::*;
use engine::testkit::muster::Muster;
use engine::testkit::Toy;
use engine::{AnyGame, Refusal, SaveError, Seat, Session, Setup, TitleEntry};

const BRITISH: Seat = 0;
const FRENCH: Seat = 1;

fn new_game(seed: u64) -> Session<Muster> {
    Session::new(Setup::new("std", seed)).unwrap()
}

#[test]
fn an_offer_accepted_ends_the_game_drawn_and_is_logged() {
    let mut s = new_game(1);
    s.act(BRITISH, "buy-militia", &[]).unwrap();
    assert!(s.can_undo(BRITISH));
    let log = s.state().log().len();
    s.offer_draw(BRITISH).unwrap();
    assert_eq!(s.draw_offer(), Some(BRITISH));
    assert!(s.state().outcome().is_none(), "an offer alone ends nothing");
    assert_eq!(s.state().log().len(), log, "an offer is not logged");
    assert!(s.can_undo(BRITISH), "an offer is no undo barrier");

    s.offer_draw(FRENCH).unwrap();
    let o = s.state().outcome().expect("the game is over");
    assert_eq!(o.winner, None);
    assert_eq!(o.level, None, "Muster has no victory levels");
    assert_eq!(o.reason, "drawn by agreement");
    assert_eq!(o.rule, "5");
    assert_eq!(s.draw_offer(), None);
    let last = s.state().log().visible(None).last().expect("a log entry");
    assert_eq!(last.text, "The players agree to a draw.");
    assert_eq!(last.rule, "5");
    assert!(!s.can_undo(BRITISH), "no undo past an agreed draw");
    assert!(s.state().to_act().is_empty());
    assert_eq!(s.offer_draw(BRITISH), Err(Refusal::GameOver));
    assert_eq!(s.decline_draw(BRITISH), Err(Refusal::GameOver));
    assert_eq!(s.resign(FRENCH), Err(Refusal::GameOver));
}

#[test]
fn a_declined_offer_is_gone_and_may_be_made_again() {
    let mut s = new_game(2);
    s.offer_draw(FRENCH).unwrap();
    assert_eq!(s.draw_declined(), None);
    s.decline_draw(BRITISH).unwrap();
    assert_eq!(s.draw_offer(), None);
    assert_eq!(s.draw_declined(), Some(BRITISH), "the offerer is told who declined");
    assert!(s.state().outcome().is_none());
    // Nothing left to decline; the same seat (or the other) may offer again.
    assert_eq!(s.decline_draw(BRITISH), Err(Refusal::NoDrawOffer("british".into())));
    assert_eq!(s.draw_declined(), Some(BRITISH), "a refused decline changes nothing");
    s.offer_draw(FRENCH).unwrap();
    assert_eq!(s.draw_offer(), Some(FRENCH));
    assert_eq!(s.draw_declined(), None, "a new offer is not yet answered");
    s.decline_draw(BRITISH).unwrap();
    s.act(FRENCH, "buy-militia", &[]).unwrap();
    assert_eq!(
        s.draw_declined(),
        Some(BRITISH),
        "a secret draft step is no move the offerer sees"
    );
    s.act(FRENCH, "commit", &[]).unwrap();
    assert_eq!(s.draw_declined(), None, "told until the game moves on");
}

#[test]
fn refusals_change_nothing_and_say_why() {
    let mut s = new_game(3);
    assert_eq!(
        s.decline_draw(FRENCH),
        Err(Refusal::NoDrawOffer("french".into())),
        "no offer stands"
    );
    s.offer_draw(BRITISH).unwrap();
    let refused = s.offer_draw(BRITISH).unwrap_err();
    assert_eq!(refused, Refusal::DrawOffered("british".into()));
    assert!(refused.to_string().contains("has offered a draw already"), "{refused}");
    assert_eq!(
        s.decline_draw(BRITISH),
        Err(Refusal::NoDrawOffer("british".into())),
        "a seat does not decline its own offer"
    );
    assert_eq!(s.draw_offer(), Some(BRITISH), "the offer still stands");
    assert!(s.state().outcome().is_none());
}

/// Ruling fiw #50: an offer lapses when the game moves on where the other
/// seat sees it (a commit, announced), not at a step of a secret draft or
/// its undo (#30: the other sees none of them). Undo in a phase where the
/// seats do not draft: tests/scenario.rs of The French & Indian War.
#[test]
fn an_offer_lapses_when_the_game_moves_on_not_at_a_secret_step() {
    let mut s = new_game(4);
    s.offer_draw(FRENCH).unwrap();
    // Any action, the offering seat's own included, but a secret step.
    s.act(FRENCH, "buy-militia", &[]).unwrap();
    s.act(BRITISH, "buy-militia", &[]).unwrap();
    s.undo(FRENCH).unwrap();
    assert_eq!(s.draw_offer(), Some(FRENCH), "no secret step lapses it");
    s.act(FRENCH, "commit", &[]).unwrap();
    assert_eq!(s.draw_offer(), None, "the commit is seen");
    assert_eq!(
        s.offer_draw(BRITISH).map(|()| s.state().outcome().is_some()),
        Ok(false),
        "a new offer, not an acceptance of the lapsed one"
    );
    s.act(BRITISH, "commit", &[]).unwrap();
    assert_eq!(s.draw_offer(), None, "the reveal is seen");
    // A refused action changes nothing, the offer neither.
    s.offer_draw(BRITISH).unwrap();
    assert!(s.act(FRENCH, "no-such-action", &[]).is_err());
    assert_eq!(s.draw_offer(), Some(BRITISH));
}

#[test]
fn a_save_keeps_a_standing_offer_and_an_agreed_draw() {
    let mut s = new_game(5);
    s.act(BRITISH, "buy-militia", &[]).unwrap();
    s.offer_draw(BRITISH).unwrap();
    let save = s.save();
    assert_eq!(save.draw_offer.as_deref(), Some("british"));
    assert!(!save.agreed_draw);
    let text = serde_json::to_string(&save).unwrap();
    let mut loaded = Session::<Muster>::load(&engine::parse_save(&text).unwrap()).unwrap();
    assert_eq!(loaded.draw_offer(), Some(BRITISH));
    // Accepted after the load, it ends the game as it would have before.
    loaded.offer_draw(FRENCH).unwrap();
    let save = loaded.save();
    assert!(save.agreed_draw);
    assert_eq!(save.draw_offer, None);
    let again = Session::<Muster>::load(&save).unwrap();
    assert_eq!(again.state().outcome(), loaded.state().outcome());
    assert_eq!(
        again.state().log().visible(None).last().unwrap().text,
        "The players agree to a draw."
    );
    assert!(again.save().agreed_draw);
}

#[test]
fn a_save_without_the_new_fields_loads_and_writes_none() {
    let mut s = new_game(6);
    s.act(FRENCH, "commit", &[]).unwrap();
    let text = serde_json::to_string(&s.save()).unwrap();
    assert!(!text.contains("draw_offer") && !text.contains("agreed_draw"), "{text}");
    let loaded = Session::<Muster>::load(&engine::parse_save(&text).unwrap()).unwrap();
    assert_eq!(loaded.draw_offer(), None);
}

#[test]
fn corrupt_draws_in_a_save_are_refused() {
    let mut s = new_game(7);
    s.act(BRITISH, "buy-militia", &[]).unwrap();
    let good = s.save();
    let corrupt = |f: &dyn Fn(&mut engine::SaveFile)| {
        let mut save = good.clone();
        f(&mut save);
        Session::<Muster>::load(&save).expect_err("refused")
    };
    let e = corrupt(&|f| f.draw_offer = Some("prussian".into()));
    assert!(matches!(&e, SaveError::Corrupt(m) if m.contains("prussian")), "{e}");
    // An offer that stands after an agreed draw, or a resignation.
    let e = corrupt(&|f| {
        f.agreed_draw = true;
        f.draw_offer = Some("french".into());
    });
    assert!(matches!(e, SaveError::Corrupt(_)), "{e}");
    let e = corrupt(&|f| {
        f.resigned = Some("french".into());
        f.agreed_draw = true;
    });
    assert!(matches!(e, SaveError::Corrupt(_)), "{e}");

    // An agreed draw in a title without them.
    let mut t = Session::<Toy>::new(Setup::new("std", 1)).unwrap();
    t.act(0, "add-1", &[]).unwrap();
    let mut save = t.save();
    save.agreed_draw = true;
    let e = Session::<Toy>::load(&save).expect_err("refused");
    assert!(
        matches!(&e, SaveError::Corrupt(m) if m.contains("no draw by agreement")),
        "{e}"
    );
    let mut save = t.save();
    save.draw_offer = Some("south".into());
    assert!(matches!(Session::<Toy>::load(&save), Err(SaveError::Corrupt(_))));
}

#[test]
fn a_title_without_agreed_draws_refuses_them() {
    assert_eq!(Toy::info().agreed_draw, None);
    let mut s = Session::<Toy>::new(Setup::new("std", 8)).unwrap();
    let no = || Refusal::NoAgreedDraw("Toy".into());
    assert_eq!(s.offer_draw(0), Err(no()));
    assert_eq!(s.decline_draw(1), Err(no()));
    assert_eq!(no().to_string(), "the rules of Toy provide no draw by agreement");
    assert_eq!(s.draw_offer(), None);
    assert!(s.state().outcome().is_none());
}

#[test]
fn the_dynamic_layer_offers_and_answers_by_seat_name() {
    let entry = TitleEntry::of::<Muster>();
    let mut g: Box<dyn AnyGame> = (entry.new)(Setup::new("std", 9)).unwrap();
    assert_eq!(g.info().agreed_draw, Some("5"));
    assert!(matches!(g.offer_draw("prussian"), Err(Refusal::UnknownSeat(_))));
    g.offer_draw("french").unwrap();
    assert_eq!(g.draw_offer(), Some("french"));
    g.decline_draw("british").unwrap();
    assert_eq!(g.draw_offer(), None);
    assert_eq!(g.draw_declined(), Some("british"));
    g.offer_draw("british").unwrap();
    g.offer_draw("french").unwrap();
    assert_eq!(g.outcome().map(|o| o.winner), Some(None));
    assert_eq!(g.winner_name(), None);
    let loaded = (entry.load)(&g.save()).unwrap();
    assert_eq!(loaded.outcome(), g.outcome());
}

#[test]
fn a_title_with_agreed_draws_and_levels_lists_its_draw_first() {
    Muster::info().check().unwrap();
    Toy::info().check().unwrap();
    let drawn_at_a_win = engine::TitleInfo {
        agreed_draw: Some("5"),
        ..Toy::info().clone()
    };
    let e = drawn_at_a_win.check().unwrap_err();
    assert!(e.contains("least victory level is \"narrow\""), "{e}");
    let listed = engine::TitleInfo {
        victory_levels: &["draw", "narrow"],
        ..drawn_at_a_win
    };
    listed.check().unwrap();
}
