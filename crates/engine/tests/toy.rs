//! A small game that exercises the engine contract: two seats each hold a
//! secret number, take turns adding 1 or 2 (several steps may be taken before
//! passing), roll a die to bank points, and the first to 12 wins.

use engine::conformance::{run, Config};
use engine::{
    apply, parse_save, ActionInfo, Dice, Game, Log, OptionInfo, Outcome, Prompt, Refusal, SaveError, ScenarioInfo,
    Seat, SeatSet, Session, Setup, TitleInfo, Viewer,
};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use serde_json::json;

#[derive(Clone, Debug, Serialize, Deserialize)]
struct Toy {
    turn: Seat,
    secret: [u8; 2],
    pending: u8,
    banked: [u8; 2],
    outcome: Option<Outcome>,
    dice: Dice,
    log: Log,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Act {
    Add(u8),
    Roll,
}

static INFO: TitleInfo = TitleInfo {
    key: "toy",
    name: "Toy",
    seats: &["north", "south"],
    scenarios: &[ScenarioInfo {
        key: "std",
        name: "Standard",
        rule: "1",
    }],
    options: &[OptionInfo {
        key: "goal",
        values: &["12", "20"],
        help: "points to win",
    }],
    rules_version: "toy-1",
};

impl Game for Toy {
    type Action = Act;
    fn info() -> &'static TitleInfo {
        &INFO
    }
    fn new(setup: &Setup) -> Self {
        let mut dice = Dice::seeded(setup.seed);
        let secret = [dice.d6(), dice.d6()];
        Toy {
            turn: 0,
            secret,
            pending: 0,
            banked: [0, 0],
            outcome: None,
            dice,
            log: Log::default(),
        }
    }
    fn to_act(&self) -> SeatSet {
        if self.outcome.is_some() {
            SeatSet::NONE
        } else {
            SeatSet::one(self.turn)
        }
    }
    fn prompt(&self, _seat: Seat) -> Prompt {
        Prompt {
            text: "add or roll".into(),
            rule: "1".into(),
        }
    }
    fn legal(&self, seat: Seat, out: &mut Vec<Act>) {
        if self.to_act().contains(seat) {
            if self.pending < 4 {
                out.extend([Act::Add(1), Act::Add(2)]);
            }
            out.push(Act::Roll);
        }
    }
    fn apply_legal(&mut self, seat: Seat, a: &Act) {
        match *a {
            Act::Add(n) => {
                self.pending += n;
                self.log.tell(seat, "1", || format!("pending {}", self.pending));
            }
            Act::Roll => {
                let r = self.dice.d6();
                let gain = if r >= self.secret[seat as usize] {
                    self.pending
                } else {
                    0
                };
                self.banked[seat as usize] += gain;
                self.log.roll("2", &[r], || format!("banks {gain}"));
                self.pending = 0;
                self.turn = 1 - seat;
                if self.banked[seat as usize] >= 12 {
                    self.outcome = Some(Outcome {
                        winner: Some(seat),
                        reason: "12 points".into(),
                        rule: "3".into(),
                    });
                }
            }
        }
    }
    fn describe(&self, _seat: Seat, a: &Act) -> ActionInfo {
        let id = match a {
            Act::Add(n) => format!("add-{n}"),
            Act::Roll => "roll".into(),
        };
        ActionInfo {
            label: id.clone(),
            id,
            target: None,
        }
    }
    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }
    fn view(&self, viewer: Viewer) -> serde_json::Value {
        json!({"banked": self.banked, "pending": self.pending, "secret": viewer.map(|v| self.secret[v as usize])})
    }
    fn log(&self) -> &Log {
        &self.log
    }
    fn log_mut(&mut self) -> &mut Log {
        &mut self.log
    }
    fn dice(&self) -> &Dice {
        &self.dice
    }
    fn dice_mut(&mut self) -> &mut Dice {
        &mut self.dice
    }
    fn determinize(&self, observer: Seat, rng: &mut ChaCha8Rng) -> Self {
        let mut g = self.clone();
        g.secret[1 - observer as usize] = rng.gen_range(1..=6);
        g.dice.reseed(rng);
        g.log.keep_visible(Some(observer));
        g
    }
    fn evaluate(&self, seat: Seat) -> f64 {
        let [a, b] = self.banked.map(f64::from);
        let mine = if seat == 0 { a } else { b };
        (mine + 1.0) / (a + b + 2.0)
    }
    fn check(&self) -> Result<(), String> {
        if self.secret.iter().all(|s| (1..=6).contains(s)) {
            Ok(())
        } else {
            Err("secret out of range".into())
        }
    }
}

#[test]
fn toy_passes_the_conformance_harness() {
    let mut cfg = Config::new("std");
    cfg.games = 20;
    let r = run::<Toy>(&cfg);
    assert_eq!(r.games, 20);
    assert_eq!(r.wins.values().sum::<usize>(), 20);
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
