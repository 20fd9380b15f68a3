//! Raid: a test title of reaction windows inside a multi-step move (after
//! GML 6.3, the American retreat option, and 7.4, naval interception). Each
//! seat's column runs up its own lane, from space 0 to space 8; the other
//! seat guards that lane with two pickets and a battery (on spaces 1 to 7,
//! in the open). On its turn the mover advances its column up to four
//! spaces, one step at a time, and may halt sooner. At each step, the
//! guarding seat may react:
//! - a picket on the space entered may withdraw to an empty space next to
//!   it (the column goes on); one that does not holds: the column stops
//!   there and the picket is lost (6.3);
//! - the battery, once a move, may fire at a column on its space or next to
//!   it: on a 5 or 6 the column stops (7.4, 7.41).
//!
//! The guard is asked only when it has a choice (a [`Window`]): a picket
//! with nowhere to go holds without a prompt, and a battery that fired
//! this move, or is out of range, is not offered. The first column to
//! reach space 8 wins; after 30 moves, a draw.

use crate::{
    ActionInfo, Board, Core, Describe, Fact, Game, Procedure, Prompt, Reply, Seat, SeatSet, Setup, Stage, Title,
    TitleInfo, Viewer, Views, Window,
};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use serde_json::json;

const GOAL: u8 = 8;
const STEPS: u8 = 4;
const MOVES: u8 = 30;

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Raid {
    /// The moving seat.
    pub turn: Seat,
    pub moves: u8,
    /// Each seat's column, on its own lane.
    pub columns: [u8; 2],
    /// Each seat's pickets, on the other seat's lane.
    pub pickets: [Vec<u8>; 2],
    /// Each seat's battery, on the other seat's lane.
    pub battery: [u8; 2],
    /// Steps the column has made this move.
    pub steps: u8,
    /// Whether the guard's battery has fired this move.
    pub fired: bool,
    /// The guard's window at the current step, when one is open.
    pub window: Option<Window<Reaction>>,
    #[serde(flatten)]
    pub core: Core,
}

/// What the guard may do at a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Reaction {
    /// The picket on the space entered withdraws to this space.
    Withdraw(u8),
    Fire,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RaidAct {
    Advance,
    Halt,
    Reply(Reply<Reaction>),
}

static INFO: TitleInfo = TitleInfo {
    key: "raid",
    name: "Raid",
    seats: &["british", "american"],
    scenarios: super::STANDARD,
    options: &[],
    rules_version: "raid-1",
    data_files: &[],
    victory_levels: &[],
    agreed_draw: None,
};

impl Title for Raid {
    fn info() -> &'static TitleInfo {
        &INFO
    }
}

impl Raid {
    /// The guarding seat, whose pickets and battery stand on the mover's lane.
    pub fn guard(&self) -> Seat {
        1 - self.turn
    }

    fn column(&self) -> u8 {
        self.columns[self.turn as usize]
    }

    /// The guard's picket on the space the column entered, if any.
    fn picket_here(&self) -> Option<usize> {
        let here = self.column();
        self.pickets[self.guard() as usize].iter().position(|&p| p == here)
    }

    /// What the guard may do now at the column's space (6.3, 7.4, 7.41).
    fn reactions(&self) -> Vec<Reaction> {
        let (here, g) = (self.column(), self.guard() as usize);
        let mut out = Vec::new();
        if self.picket_here().is_some() {
            let empty = |s: &u8| (1..GOAL).contains(s) && !self.pickets[g].contains(s);
            out.extend(
                [here - 1, here + 1]
                    .iter()
                    .filter(|s| empty(s))
                    .map(|&s| Reaction::Withdraw(s)),
            );
        }
        if !self.fired && self.battery[g].abs_diff(here) <= 1 {
            out.push(Reaction::Fire);
        }
        out
    }

    /// After a step, or a reaction: ask the guard if it has a choice, else
    /// settle the step.
    fn at_step(&mut self) {
        self.window = Window::offer(self.guard(), self.reactions());
        if self.window.is_none() {
            self.settle();
        }
    }

    /// The guard is done with this step: a picket left on the space holds.
    fn settle(&mut self) {
        self.window = None;
        match self.picket_here() {
            Some(i) => {
                self.pickets[self.guard() as usize].remove(i);
                self.core.log.say("6.3", || "the picket holds: the column stops".into());
                self.end_move();
            }
            None if self.steps == STEPS => self.end_move(),
            None => {}
        }
    }

    fn end_move(&mut self) {
        self.window = None;
        self.moves += 1;
        if self.moves == MOVES {
            self.core.finish(None, "no column got through", "9");
            return;
        }
        self.turn = self.guard();
        self.steps = 0;
        self.fired = false;
    }
}

impl Procedure for Raid {
    type Action = RaidAct;

    fn acting(&self) -> SeatSet {
        self.window.as_ref().map_or(SeatSet::one(self.turn), Window::acting)
    }
    fn prompt(&self, seat: Seat) -> Prompt {
        let (text, rule) = if seat == self.turn {
            ("advance or halt", "3")
        } else {
            ("react to the column's step, or let it pass", "6.3")
        };
        Prompt {
            text: text.into(),
            rule: rule.into(),
        }
    }
    fn legal_for(&self, _seat: Seat, out: &mut Vec<RaidAct>) {
        match &self.window {
            Some(w) => out.extend(w.replies().map(RaidAct::Reply)),
            None => {
                out.push(RaidAct::Advance);
                out.push(RaidAct::Halt);
            }
        }
    }
    fn perform(&mut self, _seat: Seat, a: RaidAct) {
        let mover = self.turn as usize;
        match a {
            RaidAct::Halt => self.end_move(),
            RaidAct::Advance => {
                self.steps += 1;
                self.columns[mover] += 1;
                let at = self.columns[mover];
                self.core.log.say("3", || format!("the column advances to {at}"));
                if at == GOAL {
                    self.core.finish(Some(self.turn), "the column got through", "9");
                } else {
                    self.at_step();
                }
            }
            RaidAct::Reply(Reply::Decline) => self.settle(),
            RaidAct::Reply(Reply::React(Reaction::Withdraw(to))) => {
                let i = self.picket_here().expect("a picket to withdraw");
                self.pickets[self.guard() as usize][i] = to;
                self.core.log.say("6.3", || format!("the picket withdraws to {to}"));
                self.at_step();
            }
            RaidAct::Reply(Reply::React(Reaction::Fire)) => {
                self.fired = true;
                let r = self.core.dice.d6();
                self.core.log.roll("7.4", &[r], || format!("the battery fires: {r}"));
                if r >= 5 {
                    self.end_move();
                } else {
                    self.at_step();
                }
            }
        }
    }
}

impl Describe for Raid {
    fn describe(&self, _seat: Seat, a: &RaidAct) -> ActionInfo {
        let (id, target) = match a {
            RaidAct::Advance => ("advance".to_string(), None),
            RaidAct::Halt => ("halt".to_string(), None),
            RaidAct::Reply(Reply::Decline) => ("decline".to_string(), None),
            RaidAct::Reply(Reply::React(Reaction::Fire)) => ("fire".to_string(), None),
            RaidAct::Reply(Reply::React(Reaction::Withdraw(to))) => (format!("withdraw-{to}"), Some(to.to_string())),
        };
        ActionInfo {
            label: id.replace('-', " to "),
            id,
            group: target.as_ref().map(|_| "Withdraw".to_string()),
            target,
            warning: None,
            irreversible: false,
        }
    }
}

impl Views for Raid {
    fn view(&self, _viewer: Viewer) -> serde_json::Value {
        let stage = self.stage();
        json!({
            "turn": self.turn,
            "columns": self.columns,
            "pickets": self.pickets,
            "battery": self.battery,
            "steps": self.steps,
            "fired": self.fired,
            "window": self.window,
            "facts": [stage.turn, stage.phase],
            "board": Board::default(),
        })
    }
    /// A turn is one seat's move; its phases the column's steps.
    fn stage(&self) -> Stage {
        Stage {
            turn: Fact::new("Turn", format!("{} moving", Self::info().seat_name(self.turn)), ""),
            phase: Fact::new("Step", self.steps.to_string(), ""),
        }
    }
    /// Nothing is hidden but the future dice.
    fn determinize(&self, _observer: Seat, rng: &mut ChaCha8Rng) -> Self {
        let mut g = self.clone();
        g.core.dice.reseed(rng);
        g
    }
}

impl Game for Raid {
    fn new(setup: &Setup) -> Self {
        let mut core = Core::new(setup);
        // Two pickets on distinct spaces and a battery, on spaces 1 to 7.
        let guard = |dice: &mut crate::Dice| {
            let mut spaces: Vec<u8> = (1..GOAL).collect();
            dice.shuffle(&mut spaces);
            (spaces[..2].to_vec(), spaces[2])
        };
        let (p0, b0) = guard(&mut core.dice);
        let (p1, b1) = guard(&mut core.dice);
        Raid {
            turn: 0,
            moves: 0,
            columns: [0, 0],
            pickets: [p0, p1],
            battery: [b0, b1],
            steps: 0,
            fired: false,
            window: None,
            core,
        }
    }
    fn core(&self) -> &Core {
        &self.core
    }
    fn core_mut(&mut self) -> &mut Core {
        &mut self.core
    }
    fn evaluate(&self, seat: Seat) -> f64 {
        super::share(self.columns, seat)
    }
    fn check(&self) -> Result<(), String> {
        for p in &self.pickets {
            let distinct = p.iter().enumerate().all(|(i, s)| !p[..i].contains(s));
            if !distinct || p.iter().any(|s| !(1..GOAL).contains(s)) {
                return Err(format!("pickets {p:?} misplaced"));
            }
        }
        Ok(())
    }
}
