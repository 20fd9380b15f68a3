//! The engine contract exercised on its test title (engine::testkit::Toy).

use engine::conformance::{run, Config};
use engine::testkit::{Act, Toy};
use engine::{apply, parse_save, Game, Refusal, SaveError, Session, Setup};
use serde_json::json;

#[test]
fn toy_passes_the_conformance_harness() {
    let mut cfg = Config::new("std");
    cfg.games = 20;
    let r = run::<Toy>(&cfg);
    assert_eq!(r.games, 20);
    assert_eq!(r.wins.values().sum::<usize>(), 20);
}

/// The harness's reveal check: an action that tells its seat something
/// hidden must be an undo barrier (here a planted fault tells the adder the
/// other's secret and can be undone).
#[test]
#[should_panic(expected = "told north something hidden, yet it can be undone")]
fn the_harness_catches_a_reveal_that_can_be_undone() {
    let mut cfg = Config::new("std");
    cfg.options.insert("leak".into(), "on".into());
    cfg.games = 3;
    run::<Toy>(&cfg);
}

/// The harness's progress check: no run of actions may bring the game back
/// to a position it left (here a planted "add 0" that changes nothing).
#[test]
#[should_panic(expected = "actions that undo each other make a cycle")]
fn the_harness_catches_actions_that_go_round_in_circles() {
    let mut cfg = Config::new("std");
    cfg.options.insert("idle".into(), "on".into());
    cfg.games = 3;
    run::<Toy>(&cfg);
}

#[test]
fn refused_actions_change_nothing_and_say_why() {
    let mut s = Session::<Toy>::new(Setup::new("std", 3)).unwrap();
    let before = serde_json::to_string(s.state()).unwrap();
    assert!(matches!(s.act(1, "roll", &[]), Err(Refusal::NotYourTurn(_))));
    assert!(matches!(s.act(0, "add-9", &[]), Err(Refusal::NotLegal(..))));
    let mut copy = s.state().clone();
    assert!(apply(&mut copy, 1, &Act::Roll).is_err());
    assert_eq!(before, serde_json::to_string(s.state()).unwrap());
    assert!(s.actions().is_empty());
}

#[test]
fn undo_stops_at_dice_and_at_the_other_seat() {
    let mut s = Session::<Toy>::new(Setup::new("std", 4)).unwrap();
    s.act(0, "add-1", &[]).unwrap();
    s.act(0, "add-2", &[]).unwrap();
    assert!(s.can_undo(0));
    s.undo(0).unwrap();
    assert_eq!(s.state().pending, 1);
    s.act(0, "roll", &[6]).unwrap();
    // The roll passed the turn and rolled a die: nothing to undo for anyone.
    assert!(!s.can_undo(0) && !s.can_undo(1));
    assert!(s.undo(1).is_err());
}

/// Undo plays the sequence again from its first state: each undo must give
/// back exactly the state and log before the action it takes back. A die
/// given to an action that rolls none is refused, the state untouched: it
/// would have decided the next roll, another seat's too (session 38's
/// audit, `act --dice`).
#[test]
fn undo_back_through_a_sequence_restores_each_state_and_log() {
    let mut s = Session::<Toy>::new(Setup::new("std", 8)).unwrap();
    let json = |s: &Session<Toy>| serde_json::to_string(s.state()).unwrap();
    let mut before = vec![json(&s)];
    s.act(0, "add-1", &[]).unwrap();
    before.push(json(&s));
    let refused = s.act(0, "add-1", &[6]).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "add-1 rolls 0 of the 1 dice given: give only its own"
    );
    assert_eq!(&json(&s), before.last().unwrap());
    assert_eq!(s.actions().len(), 1);
    s.act(0, "add-1", &[]).unwrap();
    before.push(json(&s));
    s.act(0, "add-2", &[]).unwrap();
    assert_eq!(s.state().log().len(), 3);
    for expected in before.iter().rev() {
        s.undo(0).unwrap();
        assert_eq!(&json(&s), expected);
    }
    assert!(!s.can_undo(0) && s.actions().is_empty() && s.state().log().is_empty());
    // Redo after undo goes on as a fresh sequence, undoable again.
    s.act(0, "add-2", &[]).unwrap();
    s.act(0, "add-1", &[]).unwrap();
    s.undo(0).unwrap();
    assert_eq!(s.state().pending, 2);
    s.act(0, "roll", &[1]).unwrap();
    assert!(!s.can_undo(0));
}

#[test]
fn scripted_dice_are_recorded_and_replayed() {
    let mut s = Session::<Toy>::new(Setup::new("std", 5)).unwrap();
    s.act(0, "add-2", &[]).unwrap();
    s.act(0, "roll", &[6]).unwrap();
    assert_eq!(s.state().banked[0], 2, "a scripted 6 always banks");
    let save = s.save();
    assert_eq!(save.actions[1].dice, vec![6]);
    let back = Session::<Toy>::load(&save).unwrap();
    assert_eq!(back.state().banked, s.state().banked);
}

#[test]
fn bad_save_files_give_clear_errors() {
    assert!(matches!(parse_save("not json"), Err(SaveError::Corrupt(_))));
    assert!(matches!(
        parse_save(r#"{"format":"powderhorn-save","version":99}"#),
        Err(SaveError::UnknownVersion { version: 99, .. })
    ));
    let mut s = Session::<Toy>::new(Setup::new("std", 6)).unwrap();
    s.act(0, "add-1", &[]).unwrap();
    let mut save = s.save();
    save.state["banked"] = json!([9, 9]);
    assert!(matches!(Session::<Toy>::load(&save), Err(SaveError::Mismatch)));
    let mut save = s.save();
    save.actions[0].action = "add-7".into();
    assert!(matches!(
        Session::<Toy>::load(&save),
        Err(SaveError::Replay { index: 0, .. })
    ));
    let mut save = s.save();
    save.rules_version = "toy-0".into();
    assert!(matches!(
        Session::<Toy>::load(&save),
        Err(SaveError::RulesVersion { .. })
    ));
    let mut save = s.save();
    save.title = "chess".into();
    assert!(matches!(Session::<Toy>::load(&save), Err(SaveError::WrongTitle { .. })));
}

#[test]
fn options_are_validated_and_defaulted() {
    let mut bad = Setup::new("std", 1);
    bad.options.insert("goal".into(), "99".into());
    assert!(Session::<Toy>::new(bad).is_err());
    assert!(Session::<Toy>::new(Setup::new("nope", 1)).is_err());
    let s = Session::<Toy>::new(Setup::new("std", 1)).unwrap();
    assert_eq!(s.setup().option("goal"), Some("12"));
}

#[test]
fn the_log_is_filtered_by_audience() {
    let mut s = Session::<Toy>::new(Setup::new("std", 7)).unwrap();
    s.act(0, "add-1", &[]).unwrap();
    assert_eq!(s.state().log().visible(Some(0)).count(), 1);
    assert_eq!(s.state().log().visible(Some(1)).count(), 0);
    assert_eq!(s.state().log().visible(None).count(), 0);
}

#[test]
fn a_resignation_ends_the_game_for_the_other_seat_and_is_logged() {
    let mut s = Session::<Toy>::new(Setup::new("std", 5)).unwrap();
    s.act(0, "add-1", &[]).unwrap();
    assert!(s.can_undo(0));
    s.resign(0).unwrap();
    let o = s.state().outcome().expect("the game is over");
    assert_eq!(o.winner, Some(1));
    assert!(o.reason.ends_with("resigned"), "{}", o.reason);
    let last = s.state().log().visible(None).last().expect("a log entry");
    assert!(last.text.ends_with("resigns."), "{}", last.text);
    assert!(!s.can_undo(0), "no undo past a resignation");
    assert_eq!(s.resign(1), Err(Refusal::GameOver));
    assert!(matches!(s.act(1, "roll", &[]), Err(Refusal::GameOver)));
    // A save holds the resignation: it loads to the same end.
    let save = s.save();
    assert_eq!(save.resigned.as_deref(), Some("north"));
    let loaded = Session::<Toy>::load(&save).unwrap();
    assert_eq!(loaded.state().outcome(), s.state().outcome());
    assert_eq!(loaded.save().resigned, save.resigned);
}

#[test]
fn a_trace_replays_the_moves_under_this_build_whatever_rules_they_were_saved_under() {
    let game = |second: &str| {
        let mut s = Session::<Toy>::new(Setup::new("std", 7)).unwrap();
        s.act(0, "add-2", &[]).unwrap();
        s.act(0, second, &[]).unwrap();
        s.act(0, "roll", &[6]).unwrap();
        s.save()
    };
    let mut save = game("add-2");
    // Saved under other rules: `load` refuses it, `trace` replays it.
    save.rules_version = "toy-0".into();
    let lines = Session::<Toy>::trace(&save).unwrap();
    assert_eq!(lines.len(), 5, "{lines:?}");
    assert_eq!(lines[0], "rules\ttoy-1");
    assert!(lines[1].starts_with("0\tnorth\tadd-2\t"), "{lines:?}");
    assert!(lines[3].starts_with("2\tnorth\troll\t"), "{lines:?}");
    assert!(lines[4].starts_with("end\t"), "{lines:?}");
    // The digest is what the rules offer: at 4 pending only the roll, at 3
    // adding too, so the two games part at their third move.
    let other = Session::<Toy>::trace(&game("add-1")).unwrap();
    let digest = |l: &str| l.rsplit('\t').next().unwrap().to_string();
    assert_eq!(digest(&lines[1]), digest(&other[1]));
    assert_eq!(digest(&lines[2]), digest(&other[2]));
    assert_ne!(digest(&lines[3]), digest(&other[3]));
    // A move the rules do not offer fails, naming it.
    save.actions[0].action = "add-7".into();
    assert!(matches!(
        Session::<Toy>::trace(&save),
        Err(SaveError::Replay { index: 0, .. })
    ));
}
